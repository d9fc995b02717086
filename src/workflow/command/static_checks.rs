//! What Terraform refuses in a configuration before it evaluates anything (its decoding and
//! `validate`'s reference checks): a resource declared twice, and references to variables,
//! locals, module calls and resources the module does not declare. Every command that loads
//! the configuration reports these first, without "Planning failed".

use std::collections::{BTreeMap, BTreeSet};

use crate::lang::Diag;
use crate::lang::config::Config;
use crate::lang::config::declaration_range as header;
use crate::lang::config::resources::Mode;
use crate::lang::dialect::releases::TfVersion;
use crate::lang::syntax::{Expr, ExprKind, OpKind, walk};

/// `line,column` of a byte offset (columns in characters, from 1).
fn position(src: &str, at: usize) -> (usize, usize) {
    let at = at.min(src.len());
    let line = src[..at].matches('\n').count() + 1;
    let start = src[..at].rfind('\n').map_or(0, |i| i + 1);
    (line, src[start..at].chars().count() + 1)
}

/// Resources declared twice in one module.
fn duplicates(config: &Config) -> Vec<Diag> {
    let mut seen: BTreeMap<(bool, &str, &str), (usize, std::ops::Range<usize>)> = BTreeMap::new();
    let mut out = Vec::new();
    for r in &config.resources {
        let key = (r.mode == Mode::Managed, r.rtype.as_str(), r.name.as_str());
        let src = config.files.get(r.file).map(|f| f.src.as_str()).unwrap_or("");
        let here = header(src, &r.span);
        match seen.get(&key) {
            None => {
                seen.insert(key, (r.file, here));
            }
            Some((file, first)) => {
                let first_src = config.files.get(*file).map(|f| f.src.as_str()).unwrap_or("");
                let (l1, c1) = position(first_src, first.start);
                let (_, c2) = position(first_src, first.end);
                let (kind, noun) = if r.mode == Mode::Managed {
                    ("resource", "resource")
                } else {
                    ("data", "data source")
                };
                let _ = kind;
                out.push(
                    Diag::new(
                        format!("Duplicate {noun} {:?} configuration", r.rtype),
                        format!(
                            "A {} {noun} named {:?} was already declared at {}:{l1},{c1}-{c2}. Resource names must be unique per type in each module.",
                            r.rtype,
                            r.name,
                            config.file_name(*file)
                        ),
                    )
                    .at(&here)
                    .in_file(config.file_name(r.file)),
                );
            }
        }
    }
    out
}

/// The references of an expression to what the module does not declare.
fn undeclared_in(e: &Expr, config: &Config, calls: &[String], file: &str, out: &mut Vec<Diag>) {
    let mut free = Vec::new();
    walk::free_vars(e, &mut Vec::new(), &mut free);
    for node in walk::nodes(e) {
        let ExprKind::Traversal(base, ops) = &node.kind else { continue };
        let ExprKind::Var(root) = &base.kind else { continue };
        if !free.iter().any(|(n, sp)| n == root && *sp == base.span) {
            continue;
        }
        let attr = |i: usize| match ops.get(i).map(|o| &o.kind) {
            Some(OpKind::Attr(a)) => Some((a.as_str(), ops[i].span.end)),
            _ => None,
        };
        let Some((first, end1)) = attr(0) else { continue };
        let span = base.span.start..end1;
        let d = match root.as_str() {
            "var" if !config.variables.contains_key(first) => Some(crate::lang::eval::undeclared_var(first)),
            "local" if !config.locals.contains_key(first) => Some(crate::lang::eval::undeclared_local(first, config.locals.keys())),
            // The reference runs to the output it names, past an instance key (addrs'
            // parseModuleCallRef; tf-oracle 1.12.2: `module.absent.out` whole).
            "module" if !calls.iter().any(|c| c == first) => {
                let keyed = usize::from(matches!(ops.get(1).map(|o| &o.kind), Some(OpKind::Index(_))));
                let end = attr(1 + keyed)
                    .map(|(_, e)| e)
                    .or_else(|| (keyed == 1).then(|| ops[1].span.end))
                    .unwrap_or(end1);
                Some(
                    Diag::new(
                        "Reference to undeclared module",
                        format!("No module call named {first:?} is declared in the root module."),
                    )
                    .at(&(base.span.start..end)),
                )
            }
            "data" => match attr(1) {
                Some((name, end2)) if config.resource(Mode::Data, first, name).is_none() => Some(
                    Diag::new(
                        "Reference to undeclared resource",
                        format!("A data resource {first:?} {name:?} has not been declared in the root module."),
                    )
                    .at(&(base.span.start..end2)),
                ),
                _ => None,
            },
            "var" | "local" | "module" | "path" | "terraform" | "count" | "each" | "self" => None,
            rtype if config.resource(Mode::Managed, rtype, first).is_none() => Some(Diag::new(
                "Reference to undeclared resource",
                format!("A managed resource {rtype:?} {first:?} has not been declared in the root module."),
            )),
            // An attribute of a resource with count or for_each, without an instance key
            // (evaluate_valid.go staticValidateSingleResourceReference).
            rtype if matches!(ops.get(1).map(|o| &o.kind), Some(OpKind::Attr(_))) => {
                let decl = config.resource(Mode::Managed, rtype, first);
                let (arg, key) = match decl {
                    Some(d) if d.body.attr("count").is_some() => ("count", "count.index"),
                    Some(d) if d.body.attr("for_each").is_some() => ("for_each", "each.key"),
                    _ => continue,
                };
                Some(Diag::new(
                    "Missing resource instance key",
                    format!(
                        "Because {rtype}.{first} has \"{arg}\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    {rtype}.{first}[{key}]"
                    ),
                ))
            }
            _ => None,
        };
        if let Some(d) = d {
            out.push(d.at(&span).in_file(file));
        }
    }
}

/// `import` blocks whose `to` is the `from` of a `moved` block that decoding has met (those of
/// earlier files and of the same file), refused before 1.7.
fn imports_to_move_sources(config: &Config, version: TfVersion) -> Vec<Diag> {
    use crate::workflow::model::gates;
    use crate::workflow::plan::moves::address_attr;
    if gates::has(version, &gates::IMPORT_TO_MOVE_SOURCE) {
        return Vec::new();
    }
    let mut sources: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for f in &config.files {
        sources.extend(
            f.body
                .blocks_of("moved")
                .filter_map(|b| address_attr(f, b, "from").ok())
                .map(|t| t.to_string()),
        );
        for b in f.body.blocks_of("import") {
            let Ok(to) = address_attr(f, b, "to") else { continue };
            let to = to.to_string();
            if !sources.contains(&to) {
                continue;
            }
            let id = if gates::has(version, &gates::IMPORT_ID_EXPRESSION_DETAIL) {
                b.body
                    .attr("id")
                    .map_or_else(|| "%!q(<nil>)".to_string(), |a| go_quoted_expression(f, &a.expr.span))
            } else {
                // 1.5 passed the format to the diagnostic unformatted.
                "%q".to_string()
            };
            let to = if gates::has(version, &gates::IMPORT_ID_EXPRESSION_DETAIL) {
                to
            } else {
                "%s".to_string()
            };
            out.push(
                Diag::new(
                    "Cannot import to a move source",
                    format!(
                        "An import block for ID {id} targets resource address {to}, but this address appears in the \"from\" argument of a moved block, which is invalid. Please change the import target to a different address, such as the move target."
                    ),
                )
                .at(&header(&f.src, &b.span))
                .in_file(&f.name),
            );
        }
    }
    out
}

/// What Go's `%q` makes of the hclsyntax expression of a quoted string without escapes or
/// templates: a template holding one literal part, its fields printed as Go prints structs
/// (Terraform 1.6 formatted the expression where it meant its value). Any other expression
/// prints pointers that differ from run to run; its source text stands in for them.
fn go_quoted_expression(f: &crate::lang::syntax::File, span: &std::ops::Range<usize>) -> String {
    let text = f.src.get(span.clone()).unwrap_or("");
    let inner = text.strip_prefix('"').and_then(|t| t.strip_suffix('"'));
    match inner {
        Some(lit) if !lit.is_empty() && !lit.contains(['\\', '"']) && !lit.contains("${") && !lit.contains("%{") => {
            let at = |byte: usize| {
                let (line, column) = position(&f.src, byte);
                format!("{{{line} {column} {byte}}}")
            };
            let (start, end) = (span.start + 1, span.end - 1);
            let (line, c1) = position(&f.src, span.start);
            let (_, c2) = position(&f.src, span.end);
            format!(
                "&{{[%!q(*hclsyntax.LiteralValueExpr=&{{{{{{{{{{}} 83}}}} {lit}}} {{{} {} {}}}}})] \"{}:{line},{c1}-{c2}\"}}",
                f.name,
                at(start),
                at(end),
                f.name
            )
        }
        _ => format!("{text:?}"),
    }
}

/// What decoding the blocks refuses: resources declared twice, and (before 1.7) imports to
/// the source of a move.
pub fn decoding(config: &Config, version: TfVersion) -> Vec<Diag> {
    let mut out = duplicates(config);
    out.extend(imports_to_move_sources(config, version));
    out
}

/// Resources that refer to each other in a cycle (directly or through locals): one error per
/// cycle, "Cycle: A, B" (Terraform lists the nodes in no fixed order; here sorted). The
/// console refuses these alone: it checks no references to undeclared objects.
pub fn cycles(config: &Config) -> Vec<Diag> {
    let direct: BTreeMap<String, BTreeSet<String>> = config
        .resources
        .iter()
        .filter(|r| r.check.is_none())
        .map(|r| (r.address(), crate::workflow::plan::deps::direct(r, config)))
        .collect();
    let reach = crate::workflow::plan::deps::transitive(config);
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut out = Vec::new();
    for node in direct.keys() {
        if seen.contains(node) {
            continue;
        }
        // The cycle through `node`: every resource it reaches that reaches it back.
        let members: BTreeSet<String> = reach
            .get(node)
            .into_iter()
            .flatten()
            .filter(|other| reach.get(*other).is_some_and(|r| r.contains(node)))
            .cloned()
            .chain(std::iter::once(node.clone()))
            .collect();
        if members.len() > 1 {
            seen.extend(members.iter().cloned());
            out.push(Diag::new(
                format!("Cycle: {}", members.into_iter().collect::<Vec<_>>().join(", ")),
                "",
            ));
        }
    }
    out
}

/// References to what the module does not declare (checked once the blocks decode), then
/// cycles among resources.
pub fn references(config: &Config) -> Vec<Diag> {
    let mut out = undeclared(config);
    if out.is_empty() {
        out = cycles(config);
    }
    out
}

fn undeclared(config: &Config) -> Vec<Diag> {
    let mut out = Vec::new();
    let calls: Vec<String> = config
        .files
        .iter()
        .flat_map(|f| f.body.blocks_of("module").filter_map(|b| b.labels.first().cloned()))
        .collect();
    let mut exprs: Vec<(&Expr, usize)> = Vec::new();
    fn body_exprs<'a>(body: &'a crate::lang::syntax::BodyAst, file: usize, out: &mut Vec<(&'a Expr, usize)>) {
        for a in &body.attrs {
            out.push((&a.expr, file));
        }
        for b in &body.blocks {
            body_exprs(&b.body, file, out);
        }
    }
    for r in &config.resources {
        body_exprs(&r.body, r.file, &mut exprs);
    }
    for (fi, e) in config.locals.values() {
        exprs.push((e, *fi));
    }
    for (_, fi, body, _) in &config.outputs {
        body_exprs(body, *fi, &mut exprs);
    }
    for (fi, f) in config.files.iter().enumerate() {
        for m in f.body.blocks_of("module") {
            body_exprs(&m.body, fi, &mut exprs);
        }
    }
    for (e, fi) in exprs {
        undeclared_in(e, config, &calls, config.file_name(fi), &mut out);
    }
    out
}
