//! A variable default as Terraform's loader sees it when it holds a function call or a
//! reference: HCL evaluates it with no functions and no variables, each such part yielding an
//! unknown value (and an error), and Terraform still converts the whole to the variable's
//! type. Here those parts read as `null`, which converts to every type as unknown does.

use crate::lang::syntax::{Expr, ExprKind, ObjKey, Part};

/// `e` with every call and reference replaced by `null`; `None` for forms this does not
/// follow (`for` expressions and directives, whose iterators are not free references).
pub fn stub(e: &Expr) -> Option<Expr> {
    let null = || Expr {
        kind: ExprKind::Null,
        span: e.span.clone(),
    };
    let kind = match &e.kind {
        ExprKind::Call(_) | ExprKind::Var(_) => return Some(null()),
        ExprKind::Traversal(base, _) if matches!(base.kind, ExprKind::Var(_) | ExprKind::Call(_)) => return Some(null()),
        ExprKind::For(_) => return None,
        ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::Str(_) => e.kind.clone(),
        ExprKind::Template(parts) => ExprKind::Template(stub_parts(parts)?),
        ExprKind::Tuple(items) => ExprKind::Tuple(items.iter().map(stub).collect::<Option<_>>()?),
        ExprKind::Object(items) => ExprKind::Object(
            items
                .iter()
                .map(|(k, v)| {
                    let k = match k {
                        ObjKey::Expr(x) => ObjKey::Expr(stub(x)?),
                        other => other.clone(),
                    };
                    Some((k, stub(v)?))
                })
                .collect::<Option<_>>()?,
        ),
        ExprKind::Traversal(base, ops) => ExprKind::Traversal(Box::new(stub(base)?), ops.clone()),
        ExprKind::Unary(op, x) => ExprKind::Unary(*op, Box::new(stub(x)?)),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(*op, Box::new(stub(a)?), Box::new(stub(b)?)),
        ExprKind::Cond(c, a, b) => ExprKind::Cond(Box::new(stub(c)?), Box::new(stub(a)?), Box::new(stub(b)?)),
        ExprKind::Paren(x) => ExprKind::Paren(Box::new(stub(x)?)),
        ExprKind::TemplateWrap(x) => ExprKind::TemplateWrap(Box::new(stub(x)?)),
    };
    Some(Expr {
        kind,
        span: e.span.clone(),
    })
}

fn stub_parts(parts: &[Part]) -> Option<Vec<Part>> {
    parts
        .iter()
        .map(|p| match p {
            Part::Lit(s) => Some(Part::Lit(s.clone())),
            Part::Interp(x) => Some(Part::Interp(stub(x)?)),
            Part::If { cond, then, els } => Some(Part::If {
                cond: stub(cond)?,
                then: stub_parts(then)?,
                els: stub_parts(els)?,
            }),
            Part::For { .. } => None,
        })
        .collect()
}
