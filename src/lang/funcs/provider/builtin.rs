//! The built-in `terraform.io/builtin/terraform` provider's functions (Terraform 1.8+),
//! after Terraform's internal/builtin/providers/terraform/functions.go. Its errors are plain
//! or out-of-range argument errors, which HCL reports as "Error in function call".

use std::collections::BTreeMap;

use super::hclwrite::{expr_text, tfvars_text, valid_identifier};
use crate::lang::eval::Evaluator;
use crate::lang::funcs::util::{s, string};
use crate::lang::funcs::{FnError, FnResult, Func, Param};
use crate::lang::syntax::diag::{Diag, range_text};
use crate::lang::syntax::{Expr, ExprKind, Part, parse_body};
use crate::lang::value::{Type, Value};

/// `encode_tfvars(value)`: an object or map as `.tfvars` text, attributes sorted.
pub fn encode_tfvars() -> Func {
    Func::new(vec![Param::new("value", Type::Dynamic).unknowns()], encode_tfvars_impl).returns(Type::String)
}

fn encode_tfvars_impl(_: &Evaluator, args: &[Value]) -> FnResult {
    let Some(v) = args.first() else {
        return Err(FnError::Call("exactly one argument is required".into()));
    };
    if v.has_unknown() {
        // Terraform refines it: text, never null.
        return Ok(Value::unknown_not_null(Type::String));
    }
    let entries = match v {
        Value::Object(m) | Value::Map(_, m) => m,
        _ => {
            return Err(FnError::Call(
                "invalid value to encode: must be an object whose attribute names will become the encoded variable names".into(),
            ));
        }
    };
    let mut attrs = Vec::with_capacity(entries.len());
    for (k, e) in entries {
        if !valid_identifier(k) {
            return Err(FnError::Call(format!(
                "invalid variable name {}: must be a valid identifier, per Terraform's rules for input variable declarations",
                crate::lang::value::render::go_quote(k)
            )));
        }
        attrs.push((k.as_str(), e));
    }
    string(tfvars_text(&attrs))
}

/// `encode_expr(value)`: the HCL expression text for a value (null and unknown allowed).
pub fn encode_expr() -> Func {
    Func::new(vec![Param::new("value", Type::Dynamic).nullable().unknowns()], encode_expr_impl).returns(Type::String)
}

fn encode_expr_impl(_: &Evaluator, args: &[Value]) -> FnResult {
    let Some(v) = args.first() else {
        return Err(FnError::Call("exactly one argument is required".into()));
    };
    if v.has_unknown() {
        // Terraform refines it: never null, and for a value that cannot be null, starting as
        // HCL's syntax for its type does.
        let first = match v.ty() {
            _ if !v.definitely_not_null() => "",
            Type::Object(_) | Type::Map(_) => "{",
            Type::Tuple(_) | Type::List(_) | Type::Set(_) => "[",
            Type::String => "\"",
            _ => "",
        };
        return Ok(Value::unknown(Type::String).refine(crate::lang::value::Refinement::new().not_null().prefix(first)));
    }
    string(expr_text(v))
}

/// `decode_tfvars(src)`: the attributes of `.tfvars` text as an object (constant
/// expressions only: no variables, no function calls).
pub fn decode_tfvars() -> Func {
    Func::new(vec![Param::new("src", Type::String)], decode_tfvars_impl).returns(Type::Dynamic)
}

const FILE: &str = "<decode_tfvars argument>";

/// HCL's `Diagnostic.Error()`: `file:range: Summary; Detail`.
fn hcl_error(src: &str, d: &Diag) -> String {
    match &d.span {
        Some(sp) => format!("{}: {}; {}", range_text(FILE, src, sp), d.summary, d.detail),
        None => format!("{}; {}", d.summary, d.detail),
    }
}

/// HCL's `Diagnostics.Error()` for several.
fn hcl_errors(src: &str, ds: &[Diag]) -> String {
    match ds {
        [] => "no diagnostics".into(),
        [d] => hcl_error(src, d),
        [d, rest @ ..] => format!("{}, and {} other diagnostic(s)", hcl_error(src, d), rest.len()),
    }
}

fn decode_tfvars_impl(ev: &Evaluator, args: &[Value]) -> FnResult {
    let src = args.first().map(s).unwrap_or("");
    let body = parse_body(src).map_err(|d| FnError::Call(format!("invalid tfvars syntax: {}", hcl_error(src, &d))))?;
    if let Some(b) = body.blocks.first() {
        let at = b.span.start;
        let d = Diag::new(format!("Unexpected {:?} block", b.kind), "Blocks are not allowed here.").at(&(at..at + b.kind.len()));
        return Err(FnError::Call(format!("invalid tfvars content: {}", hcl_error(src, &d))));
    }
    let mut out = BTreeMap::new();
    for a in &body.attrs {
        let bad = |ds: &[Diag]| {
            FnError::Call(format!(
                "invalid expression for variable {}: {}",
                crate::lang::value::render::go_quote(&a.name),
                hcl_errors(src, ds)
            ))
        };
        let mut problems = Vec::new();
        constant_only(&a.expr, &mut Vec::new(), &mut problems);
        if !problems.is_empty() {
            return Err(bad(&problems));
        }
        let v = ev.eval(&a.expr).map_err(|d| bad(&[d]))?;
        out.insert(a.name.clone(), v);
    }
    Ok(Value::Object(out))
}

/// What HCL reports when an expression is evaluated without a context: variables (other
/// than for-expression symbols) and function calls are refused.
fn constant_only(e: &Expr, bound: &mut Vec<Vec<String>>, out: &mut Vec<Diag>) {
    if out.len() > 64 {
        return;
    }
    match &e.kind {
        ExprKind::Var(name) => {
            if bound.iter().any(|scope| scope.contains(name)) {
                return;
            }
            match bound.last() {
                None => out.push(Diag::new("Variables not allowed", "Variables may not be used here.").at(&e.span)),
                Some(inner) => {
                    let mut detail = format!("There is no variable named {}.", crate::lang::value::render::go_quote(name));
                    if let Some(s) = crate::lang::syntax::suggest::closest(name, inner.iter()) {
                        detail.push_str(&format!(" Did you mean {}?", crate::lang::value::render::go_quote(&s)));
                    }
                    out.push(Diag::new("Unknown variable", detail).at(&e.span));
                }
            }
        }
        ExprKind::Call(_) => out.push(Diag::new("Function calls not allowed", "Functions may not be called here.").at(&e.span)),
        ExprKind::For(f) => {
            let before = out.len();
            constant_only(&f.collection, bound, out);
            if out.len() > before {
                return;
            }
            bound.push(f.key_var.iter().chain(std::iter::once(&f.value_var)).cloned().collect());
            for x in f.key.iter().chain(std::iter::once(&f.value)).chain(f.cond.iter()) {
                constant_only(x, bound, out);
            }
            bound.pop();
        }
        ExprKind::Template(parts) => template_only(parts, bound, out),
        _ => {
            for c in crate::lang::syntax::walk::children(e) {
                constant_only(c, bound, out);
            }
        }
    }
}

fn template_only(parts: &[Part], bound: &mut Vec<Vec<String>>, out: &mut Vec<Diag>) {
    crate::lang::syntax::walk::template_exprs(parts, bound, &mut |x, b| constant_only(x, b, out));
}
