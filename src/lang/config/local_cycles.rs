//! Whether a module's local values refer to each other in a cycle, found from the references
//! alone (as Terraform's graph validation finds it), before anything is evaluated.

use std::collections::BTreeMap;

use crate::lang::syntax::walk;
use crate::lang::syntax::{Expr, ExprKind, OpKind};

/// True when some local value depends on itself through `local.NAME` references.
pub fn has_cycle(locals: &BTreeMap<String, (usize, Expr)>) -> bool {
    // A local naming itself is no edge: Terraform's graph drops self-references, and the
    // evaluator reports them as "Self-referencing local value" (1.0.3 printed 2 for a
    // neighbour `b = 2`, tf-oracle).
    let deps: BTreeMap<&str, Vec<&str>> = locals
        .iter()
        .map(|(name, (_, e))| {
            (
                name.as_str(),
                references(e, locals).into_iter().filter(|r| *r != name.as_str()).collect(),
            )
        })
        .collect();
    // Depth-first search with three colours: 1 on the current path, 2 finished.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    for start in deps.keys() {
        if state.contains_key(start) {
            continue;
        }
        let mut stack: Vec<(&str, usize)> = vec![(start, 0)];
        state.insert(start, 1);
        while let Some((node, i)) = stack.pop() {
            let next = deps.get(node).and_then(|d| d.get(i)).copied();
            let Some(next) = next else {
                state.insert(node, 2);
                continue;
            };
            stack.push((node, i + 1));
            match state.get(next) {
                Some(1) => return true,
                Some(_) => {}
                None => {
                    state.insert(next, 1);
                    stack.push((next, 0));
                }
            }
        }
    }
    false
}

/// The declared locals `e` names as `local.NAME`.
pub fn references<'a>(e: &Expr, locals: &'a BTreeMap<String, (usize, Expr)>) -> Vec<&'a str> {
    let mut out = Vec::new();
    for n in walk::nodes(e) {
        if let ExprKind::Traversal(base, ops) = &n.kind
            && matches!(&base.kind, ExprKind::Var(v) if v == "local")
            && let Some(OpKind::Attr(name)) = ops.first().map(|o| &o.kind)
            && let Some((declared, _)) = locals.get_key_value(name)
        {
            out.push(declared.as_str());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::syntax::parse_expr;

    fn locals(pairs: &[(&str, &str)]) -> BTreeMap<String, (usize, Expr)> {
        pairs
            .iter()
            .map(|(n, src)| {
                (
                    n.to_string(),
                    (0, parse_expr(src).unwrap_or_else(|d| panic!("{src}: {}", d.summary))),
                )
            })
            .collect()
    }

    #[test]
    fn finds_cycles_and_only_cycles() {
        assert!(has_cycle(&locals(&[("a", "local.b"), ("b", "local.a")])));
        // A self-reference is the evaluator's error, not a cycle of the graph.
        assert!(!has_cycle(&locals(&[("a", "[local.a]")])));
        assert!(has_cycle(&locals(&[
            ("a", "local.b + 1"),
            ("b", "local.c.x"),
            ("c", "{ x = local.a }")
        ])));
        assert!(!has_cycle(&locals(&[("a", "local.b"), ("b", "local.c"), ("c", "1")])));
        assert!(!has_cycle(&locals(&[("a", "local.b"), ("b", "1"), ("c", "local.b + local.a")])));
        // A name no local declares is another error, not a cycle.
        assert!(!has_cycle(&locals(&[("a", "local.zzz")])));
    }
}
