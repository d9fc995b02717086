//! Terraform's load-time rules for a variable's `validation` blocks, as they changed between
//! releases: before 1.9 a condition (and, from 1.2, an error message) may refer only to the
//! variable itself, and a condition must refer to it; before 1.2 the error message is a
//! constant string that must read as a sentence (internal/configs/named_values.go).

use crate::lang::dialect::releases::{self, TfVersion};
use crate::lang::syntax::diag::Diag;
use crate::lang::syntax::{BodyAst, Expr, ExprKind, OpKind, Part, Span};

/// The errors of the `validation` blocks in the body of variable `name` at Terraform `version`.
pub fn check(name: &str, body: &BodyAst, version: TfVersion) -> Vec<Diag> {
    let mut out = Vec::new();
    for v in body.blocks_of("validation") {
        let any_references = || releases::has(version, &releases::VALIDATION_ANY_REFERENCES);
        if let Some(cond) = v.body.attr("condition") {
            let (good, bad) = references(&cond.expr, name);
            if good + bad.len() == 0 && releases::has(version, &releases::VALIDATION_CONSTANT_CONDITION) {
                out.push(constant_condition("validation", &cond.expr.span));
            }
            // The release is consulted only where it decides something.
            let bad = if bad.is_empty() || any_references() { Vec::new() } else { bad };
            for at in bad {
                out.push(
                    Diag::new(
                        "Invalid reference in variable validation",
                        format!("The condition for variable {name:?} can only refer to the variable itself, using var.{name}."),
                    )
                    .at(&at),
                );
            }
            if good == 0 {
                out.push(
                    Diag::new(
                        "Invalid variable validation condition",
                        format!("The condition for variable {name:?} must refer to var.{name} in order to test incoming values."),
                    )
                    .at(&cond.expr.span),
                );
            }
        }
        let Some(msg) = v.body.attr("error_message") else { continue };
        let refused = constant_message(&msg.expr);
        let bad = references(&msg.expr, name).1;
        if refused.is_empty() && bad.is_empty() {
            continue;
        }
        if !releases::has(version, &releases::VALIDATION_MESSAGE_EXPRESSIONS) {
            out.extend(refused);
        } else if !any_references() {
            for at in bad {
                out.push(
                    Diag::new(
                        "Invalid reference in variable validation",
                        format!("The error message for variable {name:?} can only refer to the variable itself, using var.{name}."),
                    )
                    .at(&at),
                );
            }
        }
    }
    out
}

/// Terraform's refusal of a check rule (`validation`, `precondition`, `postcondition`,
/// `assert`) whose condition refers to nothing (internal/configs/checks.go, from 1.2).
pub fn constant_condition(kind: &str, at: &Span) -> Diag {
    Diag::new(
        format!("Invalid {kind} expression"),
        "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
    )
    .at(at)
}

/// The check rules of a top-level block (`resource`, `data`, `output`, `check`) whose
/// condition refers to nothing: each is refused when the file is decoded.
pub fn constant_rules(b: &crate::lang::syntax::BlockAst, src: &str, version: TfVersion) -> Vec<Diag> {
    if !matches!(b.kind.as_str(), "resource" | "data" | "output" | "check") {
        return Vec::new();
    }
    fn take<'a>(body: &'a BodyAst, kind: &'static str, rules: &mut Vec<(&'static str, &'a Expr)>) {
        for r in body.blocks_of(kind) {
            if let Some(c) = r.body.attr("condition") {
                rules.push((kind, &c.expr));
            }
        }
    }
    let mut rules = Vec::new();
    match b.kind.as_str() {
        "resource" | "data" => {
            for l in b.body.blocks_of("lifecycle") {
                take(&l.body, "precondition", &mut rules);
                take(&l.body, "postcondition", &mut rules);
            }
        }
        "output" => take(&b.body, "precondition", &mut rules),
        "check" => take(&b.body, "assert", &mut rules),
        _ => {}
    }
    let refused: Vec<Diag> = rules
        .iter()
        .filter(|(_, e)| {
            let mut roots = Vec::new();
            crate::lang::syntax::walk::free_vars(e, &mut Vec::new(), &mut roots);
            roots.is_empty()
        })
        .map(|(kind, e)| constant_condition(kind, &e.span))
        .collect();
    let zero_asserts = b.kind == "check" && b.body.blocks_of("assert").count() <= refused.len();
    // Before their release the blocks themselves are refused (asked only when it matters).
    if (refused.is_empty() && !zero_asserts)
        || !releases::has(version, &releases::CUSTOM_CONDITIONS)
        || !crate::lang::dialect::root_blocks::is_root_block_at(&b.kind, version)
    {
        return Vec::new();
    }
    let mut out = refused;
    // A check keeps only the assertions that decoded, and must keep one (checks.go).
    if zero_asserts {
        // Its subject is the block's type and labels (`check "c"`; tf-oracle 1.12.2 underlines
        // both).
        let head = crate::lang::config::declaration_range(src, &b.span);
        out.push(Diag::new("Zero assert blocks", "Check blocks must have at least one assert block.").at(&head));
    }
    out
}

/// How many references of `e` are to `var.NAME`, and where the others are (HCL's
/// `Variables()`: every traversal not bound by a `for`, whole).
fn references(e: &Expr, name: &str) -> (usize, Vec<Span>) {
    let mut roots = Vec::new();
    crate::lang::syntax::walk::free_vars(e, &mut Vec::new(), &mut roots);
    let nodes = crate::lang::syntax::walk::nodes(e);
    let (mut good, mut bad) = (0, Vec::new());
    for (root, span) in roots {
        // The traversal a root starts: its first step names what is referred to.
        let whole = nodes.iter().find_map(|n| match &n.kind {
            ExprKind::Traversal(base, ops) if base.span == span => Some((n.span.clone(), ops.first().map(|o| &o.kind))),
            _ => None,
        });
        let first = whole.as_ref().and_then(|(_, op)| *op);
        if root == "var" && matches!(first, Some(OpKind::Attr(a)) if a == name) {
            good += 1;
        } else {
            bad.push(whole.map(|(s, _)| s).unwrap_or(span));
        }
    }
    (good, bad)
}

/// Terraform 1.0 and 1.1 decode an error message as a constant string (no variables, no
/// functions), which must be a sentence: a capital first letter (when it is a letter) and a
/// final `.`, `?` or `!`.
fn constant_message(e: &Expr) -> Vec<Diag> {
    if let Err(first) = crate::lang::config::static_default(e) {
        // The decoder then finds the value unknown; that error points at the start of the
        // expression (a template's first part), and the two are printed by position.
        let leading = match &e.kind {
            ExprKind::Template(parts) => match parts.first() {
                Some(Part::Interp(x)) => Some(x),
                _ => None,
            },
            _ => Some(e),
        };
        let at = match (leading.map(|x| &x.kind), &first.span) {
            // A call starts at `name(`, shorter than the refused call: it comes first.
            (Some(ExprKind::Call(c)), _) => c.name_span.start..c.name_span.end + 1,
            // Where both start together HCL's order stands: the refusal first.
            (Some(_), Some(s)) => s.clone(),
            _ => e.span.start + 1..e.span.start + 2,
        };
        let unknown = Diag::new("Unsuitable value type", "Unsuitable value: value must be known").at(&at);
        let mut first = first;
        first.fatal = false;
        return vec![first, unknown];
    }
    let text = match &e.kind {
        _ if let Some(text) = e.literal_string() => text,
        ExprKind::Number(n) => n.to_text(),
        ExprKind::Bool(b) => b.to_string(),
        _ => return Vec::new(),
    };
    let bad = |detail: &str| vec![Diag::new("Invalid validation error message", detail.to_string()).at(&e.span)];
    if text.is_empty() {
        return bad("An empty string is not a valid nor useful error message.");
    }
    let first = text.chars().next().unwrap_or(' ');
    let last = text.chars().last().unwrap_or(' ');
    if (first.is_alphabetic() && !first.is_uppercase()) || !matches!(last, '.' | '?' | '!') {
        return bad(
            "The validation error message must be at least one full sentence starting with an uppercase letter and ending with a period or question mark.\n\nYour given message will be included as part of a larger Terraform error message, written as English prose. For broadly-shared modules we suggest using a similar writing style so that the overall result will be consistent.",
        );
    }
    Vec::new()
}
