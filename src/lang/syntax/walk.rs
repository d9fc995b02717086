//! Walking expressions without evaluating them: the sub-expressions of a node, in source order,
//! and the names the `for`s around each one bind.

use crate::lang::syntax::{Expr, ExprKind, ObjKey, OpKind, Part, Span};

/// The direct sub-expressions of `e`, in source order (template directives included).
pub fn children(e: &Expr) -> Vec<&Expr> {
    let mut out = Vec::new();
    match &e.kind {
        ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::Str(_) | ExprKind::Var(_) => {}
        ExprKind::Template(parts) => parts_children(parts, &mut out),
        ExprKind::Tuple(xs) => out.extend(xs.iter()),
        ExprKind::Object(kvs) => {
            for (k, v) in kvs {
                if let ObjKey::Expr(k) = k {
                    out.push(k);
                }
                out.push(v);
            }
        }
        ExprKind::Traversal(base, ops) => {
            out.push(base);
            for op in ops {
                if let OpKind::Index(x) = &op.kind {
                    out.push(x);
                }
            }
        }
        ExprKind::Unary(_, x) | ExprKind::Paren(x) | ExprKind::TemplateWrap(x) => out.push(x),
        ExprKind::Binary(_, a, b) => {
            out.push(a);
            out.push(b);
        }
        ExprKind::Cond(a, b, c) => {
            out.push(a);
            out.push(b);
            out.push(c);
        }
        ExprKind::For(f) => {
            out.push(&f.collection);
            if let Some(k) = &f.key {
                out.push(k);
            }
            out.push(&f.value);
            if let Some(c) = &f.cond {
                out.push(c);
            }
        }
        ExprKind::Call(c) => out.extend(c.args.iter()),
    }
    out
}

/// Visits the expressions of template parts in source order, with the names each `%{ for }`
/// directive binds pushed onto `scopes` (innermost last) while its body is visited.
pub fn template_exprs(parts: &[Part], scopes: &mut Vec<Vec<String>>, visit: &mut dyn FnMut(&Expr, &mut Vec<Vec<String>>)) {
    for p in parts {
        match p {
            Part::Lit(_) => {}
            Part::Interp(x) => visit(x, scopes),
            Part::If { cond, then, els } => {
                visit(cond, scopes);
                template_exprs(then, scopes, visit);
                template_exprs(els, scopes, visit);
            }
            Part::For {
                key_var,
                value_var,
                collection,
                body,
                ..
            } => {
                visit(collection, scopes);
                scopes.push(key_var.iter().chain(std::iter::once(value_var)).cloned().collect());
                template_exprs(body, scopes, visit);
                scopes.pop();
            }
        }
    }
}

/// The variables `e` refers to that no `for` around them binds (`scopes`, and those inside
/// `e`), with their spans, in source order.
pub fn free_vars(e: &Expr, scopes: &mut Vec<Vec<String>>, out: &mut Vec<(String, Span)>) {
    match &e.kind {
        ExprKind::Var(n) => {
            if !scopes.iter().any(|s| s.contains(n)) {
                out.push((n.clone(), e.span.clone()));
            }
        }
        ExprKind::Template(parts) => template_exprs(parts, scopes, &mut |x, s| free_vars(x, s, out)),
        ExprKind::For(f) => {
            free_vars(&f.collection, scopes, out);
            scopes.push(f.key_var.iter().chain(std::iter::once(&f.value_var)).cloned().collect());
            for x in f.key.iter().chain(std::iter::once(&f.value)).chain(f.cond.iter()) {
                free_vars(x, scopes, out);
            }
            scopes.pop();
        }
        _ => {
            for c in children(e) {
                free_vars(c, scopes, out);
            }
        }
    }
}

fn parts_children<'a>(parts: &'a [Part], out: &mut Vec<&'a Expr>) {
    for p in parts {
        match p {
            Part::Lit(_) => {}
            Part::Interp(x) => out.push(x),
            Part::If { cond, then, els } => {
                out.push(cond);
                parts_children(then, out);
                parts_children(els, out);
            }
            Part::For { collection, body, .. } => {
                out.push(collection);
                parts_children(body, out);
            }
        }
    }
}

/// Every node of `e` (itself first), depth first in source order, with a step budget so a
/// hostile tree cannot run long.
pub fn nodes(e: &Expr) -> Vec<&Expr> {
    let mut out = Vec::new();
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        if out.len() > 1_000_000 {
            break;
        }
        out.push(x);
        let mut cs = children(x);
        cs.reverse();
        stack.extend(cs);
    }
    out
}
