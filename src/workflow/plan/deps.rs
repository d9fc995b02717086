//! What a resource depends on: the resources its arguments refer to, directly or through
//! locals, and its `depends_on`. Terraform records the whole transitive set, sorted, in the
//! state's `dependencies` (checked on 1.12.2: `c = b.output`, `b = local.l`, `l = a.output`
//! gives c `["terraform_data.a", "terraform_data.b"]`).

use std::collections::{BTreeMap, BTreeSet};

use crate::lang::config::Config;
use crate::lang::config::resources::{Mode, ResourceDecl};
use crate::lang::syntax::{BodyAst, Expr, ExprKind, OpKind, walk};

/// Each reference in `e` by its root and first two attribute names (`terraform_data`, `a`,
/// `output`), and with the expressions of the locals it reaches, each local once.
fn each_reference<'a>(
    exprs: impl IntoIterator<Item = &'a Expr>,
    config: &'a Config,
    mut visit: impl FnMut(&str, Option<&str>, Option<&str>),
) {
    let mut todo: Vec<&Expr> = exprs.into_iter().collect();
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    while let Some(e) = todo.pop() {
        for n in walk::nodes(e) {
            let ExprKind::Traversal(base, ops) = &n.kind else { continue };
            let ExprKind::Var(root) = &base.kind else { continue };
            let attr = |i: usize| match ops.get(i).map(|o| &o.kind) {
                Some(OpKind::Attr(a)) => Some(a.as_str()),
                _ => None,
            };
            if root == "local"
                && let Some((name, (_, local))) = attr(0).and_then(|a| config.locals.get_key_value(a))
                && seen.insert(name.as_str())
            {
                todo.push(local);
            }
            visit(root, attr(0), attr(1));
        }
    }
}

/// The resources (`terraform_data.a`, `data.t.n`) the expressions refer to, through locals too.
fn resources_of<'a>(exprs: impl IntoIterator<Item = &'a Expr>, config: &'a Config) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    each_reference(exprs, config, |root, first, second| match (root, first, second) {
        ("local" | "var" | "path" | "terraform" | "count" | "each" | "self" | "module", ..) => {}
        ("data", Some(t), Some(name)) if config.resource(Mode::Data, t, name).is_some() => {
            out.insert(format!("data.{t}.{name}"));
        }
        ("data", ..) => {}
        (t, Some(name), _) if config.resource(Mode::Managed, t, name).is_some() => {
            out.insert(format!("{t}.{name}"));
        }
        _ => {}
    });
    out
}

fn body_exprs<'a>(body: &'a BodyAst, out: &mut Vec<&'a Expr>) {
    for a in &body.attrs {
        out.push(&a.expr);
    }
    for b in &body.blocks {
        body_exprs(&b.body, out);
    }
}

/// What a declaration refers to directly: the resources of its arguments (locals followed)
/// and of its `depends_on`, itself left out.
pub fn direct(decl: &ResourceDecl, config: &Config) -> BTreeSet<String> {
    let mut exprs = Vec::new();
    body_exprs(&decl.body, &mut exprs);
    let mut out = resources_of(exprs, config);
    out.remove(&decl.address());
    out
}

/// The resources an expression refers to (locals followed).
pub fn of_expr(e: &Expr, config: &Config) -> BTreeSet<String> {
    resources_of([e], config)
}

/// Every declaration's transitive dependencies, by address.
pub fn transitive(config: &Config) -> BTreeMap<String, BTreeSet<String>> {
    let direct: BTreeMap<String, BTreeSet<String>> = config.resources.iter().map(|d| (d.address(), direct(d, config))).collect();
    let mut out = BTreeMap::new();
    for (addr, deps) in &direct {
        let mut all = BTreeSet::new();
        let mut todo: Vec<&String> = deps.iter().collect();
        while let Some(d) = todo.pop() {
            if d != addr
                && all.insert(d.clone())
                && let Some(more) = direct.get(d)
            {
                todo.extend(more.iter());
            }
        }
        out.insert(addr.clone(), all);
    }
    out
}

/// The module calls a declaration's arguments refer to (`module.NAME` or
/// `module.NAME.OUTPUT`), through locals too.
pub fn module_refs(decl: &ResourceDecl, config: &Config) -> BTreeSet<(String, Option<String>)> {
    let mut exprs = Vec::new();
    body_exprs(&decl.body, &mut exprs);
    module_refs_of(exprs, config)
}

/// The module calls an expression refers to, as [`module_refs`] gives them.
pub fn module_refs_of_expr(e: &Expr, config: &Config) -> BTreeSet<(String, Option<String>)> {
    module_refs_of(vec![e], config)
}

fn module_refs_of(exprs: Vec<&Expr>, config: &Config) -> BTreeSet<(String, Option<String>)> {
    let mut out = BTreeSet::new();
    each_reference(exprs, config, |root, first, second| {
        if let ("module", Some(call)) = (root, first) {
            out.insert((call.to_string(), second.map(str::to_string)));
        }
    });
    out
}
