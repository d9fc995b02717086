//! The values of the references in an expression, described as Terraform describes them under
//! a diagnostic's source line (`var.n is 3`, `terraform_data.a.input is "x"`, `local.l is list
//! of string with 2 elements`): each reference's static part (its root, attributes and literal
//! indexes) evaluated, shortened until it evaluates; marked and unknown values left out, as
//! Terraform leaves them out when they did not cause the problem.

use crate::lang::eval::Evaluator;
use crate::lang::syntax::{Expr, ExprKind, Op, OpKind, walk};
use crate::lang::{Type, Value};

/// What Terraform prints under an error's source line, worked out from the expressions it
/// may have come from (`exprs`, evaluated by `ev` in the error's scope): the values of the
/// references in the smallest expression holding the error's range (not a bare root name),
/// and, for an error from a function, the call (`tonumber(v)`). `None` when no expression
/// holds the range, or the error is one Terraform finds before evaluating.
pub fn explain(ev: &Evaluator, exprs: &[&Expr], err: &crate::lang::Diag) -> Option<Explained> {
    let span = err.span.clone()?;
    if err.fatal {
        return None;
    }
    let holds = |n: &&Expr| n.span.start <= span.start && span.end <= n.span.end;
    let nodes: Vec<&Expr> = exprs.iter().flat_map(|e| walk::nodes(e)).filter(holds).collect();
    let node = nodes
        .iter()
        .filter(|n| !matches!(n.kind, ExprKind::Var(_)))
        .min_by_key(|n| n.span.end - n.span.start)?;
    let call = if matches!(err.summary.as_str(), "Invalid function argument" | "Error in function call") {
        nodes
            .iter()
            .filter_map(|n| match &n.kind {
                ExprKind::Call(c) => Some((n.span.end - n.span.start, c)),
                _ => None,
            })
            .min_by_key(|(len, _)| *len)
            .and_then(|(_, c)| ev.funcs.signature(ev, c))
    } else {
        None
    };
    Some(Explained {
        values: of_caused(ev, node, err.by_sensitive, err.by_ephemeral),
        call,
    })
}

/// What [`explain`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explained {
    /// `(traversal, statement)`, sorted.
    pub values: Vec<(String, String)>,
    /// The function call, when the error came from one.
    pub call: Option<String>,
}

/// `(traversal, statement)` for every reference in `e` that evaluates.
pub fn of(ev: &Evaluator, e: &Expr) -> Vec<(String, String)> {
    of_caused(ev, e, false, false)
}

/// [`of`] for a problem caused by a sensitive and/or an ephemeral value: the references
/// holding such a value are named ("has a sensitive value", "has an ephemeral value"); one
/// holding both only when the problem came from both.
pub fn of_caused(ev: &Evaluator, e: &Expr, sensitive: bool, ephemeral: bool) -> Vec<(String, String)> {
    let mut free = Vec::new();
    walk::free_vars(e, &mut Vec::new(), &mut free);
    let mut out: Vec<(String, String)> = Vec::new();
    for node in walk::nodes(e) {
        let (base, ops): (&Expr, &[Op]) = match &node.kind {
            ExprKind::Traversal(base, ops) => (base, ops),
            _ => continue,
        };
        let ExprKind::Var(root) = &base.kind else { continue };
        if !free.iter().any(|(n, sp)| n == root && *sp == base.span) {
            continue;
        }
        let statics = ops
            .iter()
            .take_while(|o| match &o.kind {
                OpKind::Attr(_) | OpKind::LegacyIndex(_) => true,
                OpKind::Index(x) => matches!(x.kind, ExprKind::Number(_) | ExprKind::Str(_)),
                _ => false,
            })
            .count();
        let mut n = statics;
        while n >= 1 {
            let partial = Expr {
                kind: ExprKind::Traversal(Box::new(base.clone()), ops[..n].to_vec()),
                span: node.span.clone(),
            };
            if let Ok(v) = ev.eval(&partial) {
                let text = traversal_text(root, &ops[..n]);
                if !out.iter().any(|(t, _)| *t == text)
                    && let Some(s) = statement_caused(&v, sensitive, ephemeral)
                {
                    out.push((text, s));
                }
                break;
            }
            n -= 1;
        }
    }
    out.sort();
    out
}

fn traversal_text(root: &str, ops: &[Op]) -> String {
    let mut s = root.to_string();
    for o in ops {
        match &o.kind {
            OpKind::Attr(a) => {
                s.push('.');
                s.push_str(a);
            }
            OpKind::LegacyIndex(i) => s.push_str(&format!("[{i}]")),
            OpKind::Index(x) => match &x.kind {
                ExprKind::Number(n) => s.push_str(&format!("[{}]", n.to_text())),
                ExprKind::Str(t) => s.push_str(&format!("[{}]", crate::lang::value::render::go_quote(t))),
                _ => s.push_str("[...]"),
            },
            _ => {}
        }
    }
    s
}

/// What Terraform says of a value (its statementStr for a problem not caused by unknown,
/// sensitive or ephemeral values): `None` when it says nothing (a marked value:
/// views/json/diagnostic.go names one only when the problem came from that mark).
pub fn statement(v: &Value) -> Option<String> {
    match v {
        Value::Marked(..) => None,
        Value::Unknown(Type::Dynamic, _) => None,
        Value::Unknown(t, _) => Some(format!("is a {}", t.friendly())),
        v => Some(format!("is {}", compact(v))),
    }
}

/// [`statement`] for a problem caused by the marks given.
fn statement_caused(v: &Value, sensitive: bool, ephemeral: bool) -> Option<String> {
    let m = v.marks();
    match (m.sensitive(), m.ephemeral()) {
        (true, true) if sensitive && ephemeral => Some("has an ephemeral, sensitive value".into()),
        (true, true) => None,
        (true, false) if sensitive => Some("has a sensitive value".into()),
        (false, true) if ephemeral => Some("has an ephemeral value".into()),
        _ => statement(v),
    }
}

/// Terraform's compact description of a known value (tfdiags.CompactValueStr).
pub fn compact(v: &Value) -> String {
    match v {
        Value::Marked(_, m) if m.sensitive() => "(sensitive value)".into(),
        Value::Marked(..) => "(ephemeral value)".into(),
        Value::Null(_) => "null".into(),
        Value::Unknown(_, _) => "(not yet known)".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => go_g10(n.to_f64(), &n.to_text()),
        Value::String(s) => crate::lang::value::render::go_quote(s),
        Value::List(..) | Value::Set(..) | Value::Map(..) | Value::Tuple(_) => {
            let len = match v {
                Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => xs.len(),
                Value::Map(_, m) => m.len(),
                _ => 0,
            };
            let name = v.ty().friendly();
            match len {
                0 => format!("empty {name}"),
                1 => format!("{name} with 1 element"),
                n => format!("{name} with {n} elements"),
            }
        }
        Value::Object(m) => match m.len() {
            0 => "object with no attributes".into(),
            1 => format!(
                "object with 1 attribute {}",
                crate::lang::value::render::go_quote(m.keys().next().map(String::as_str).unwrap_or(""))
            ),
            n => format!("object with {n} attributes"),
        },
    }
}

/// A number as Go's big.Float Text('g', 10) writes it: ten significant digits at most,
/// trailing zeros dropped, an exponent when it is below -4 or at least 10.
fn go_g10(f: f64, exact: &str) -> String {
    if !f.is_finite() {
        return exact.to_string();
    }
    if f == 0.0 {
        return "0".into();
    }
    let sci = format!("{f:.9e}");
    let Some((mantissa, exp)) = sci.split_once('e') else {
        return exact.to_string();
    };
    let exp: i32 = exp.parse().unwrap_or(0);
    let mantissa = if mantissa.contains('.') {
        mantissa.trim_end_matches('0').trim_end_matches('.')
    } else {
        mantissa
    };
    if !(-4..10).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exp.abs());
    }
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let negative = mantissa.starts_with('-');
    let point = exp + 1;
    let body = if point <= 0 {
        format!("0.{}{}", "0".repeat((-point) as usize), digits)
    } else if point as usize >= digits.len() {
        format!("{}{}", digits, "0".repeat(point as usize - digits.len()))
    } else {
        format!("{}.{}", &digits[..point as usize], &digits[point as usize..])
    };
    format!("{}{}", if negative { "-" } else { "" }, body)
}

#[cfg(test)]
mod tests {
    use super::go_g10;

    #[test]
    fn numbers_as_go_g10() {
        for (f, want) in [
            (3.0, "3"),
            (1.5, "1.5"),
            (-0.25, "-0.25"),
            (1e20, "1e+20"),
            (12345678901.0, "1.23456789e+10"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1234567890.0, "1234567890"),
        ] {
            assert_eq!(go_g10(f, ""), want, "{f}");
        }
    }
}
