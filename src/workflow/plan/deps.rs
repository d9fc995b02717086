//! What a resource depends on: the resources its arguments refer to, directly or through
//! locals, and its `depends_on`. Terraform records the whole transitive set, sorted, in the
//! state's `dependencies` (checked on 1.12.2: `c = b.output`, `b = local.l`, `l = a.output`
//! gives c `["terraform_data.a", "terraform_data.b"]`).

use std::collections::{BTreeMap, BTreeSet};

use crate::lang::config::Config;
use crate::lang::config::resources::{Mode, ResourceDecl};
use crate::lang::syntax::{BodyAst, Expr, ExprKind, OpKind, walk};

/// The resources (`terraform_data.a`, `data.t.n`) an expression refers to, and the locals.
fn refs_of(e: &Expr, config: &Config, out: &mut BTreeSet<String>, locals: &mut Vec<String>) {
    for n in walk::nodes(e) {
        let ExprKind::Traversal(base, ops) = &n.kind else { continue };
        let ExprKind::Var(root) = &base.kind else { continue };
        let attr = |i: usize| match ops.get(i).map(|o| &o.kind) {
            Some(OpKind::Attr(a)) => Some(a.as_str()),
            _ => None,
        };
        match root.as_str() {
            "local" => {
                if let Some(a) = attr(0) {
                    locals.push(a.to_string());
                }
            }
            "data" => {
                if let (Some(t), Some(name)) = (attr(0), attr(1))
                    && config.resource(Mode::Data, t, name).is_some()
                {
                    out.insert(format!("data.{t}.{name}"));
                }
            }
            "var" | "path" | "terraform" | "count" | "each" | "self" | "module" => {}
            t => {
                if let Some(name) = attr(0)
                    && config.resource(Mode::Managed, t, name).is_some()
                {
                    out.insert(format!("{t}.{name}"));
                }
            }
        }
    }
}

fn body_exprs<'a>(body: &'a BodyAst, out: &mut Vec<&'a Expr>) {
    for a in &body.attrs {
        out.push(&a.expr);
    }
    for b in &body.blocks {
        body_exprs(&b.body, out);
    }
}

/// The resources one declaration refers to directly (locals followed).
pub fn direct(decl: &ResourceDecl, config: &Config) -> BTreeSet<String> {
    let mut exprs = Vec::new();
    body_exprs(&decl.body, &mut exprs);
    let mut out = BTreeSet::new();
    let mut locals = Vec::new();
    for e in exprs {
        refs_of(e, config, &mut out, &mut locals);
    }
    let mut seen = BTreeSet::new();
    while let Some(l) = locals.pop() {
        if !seen.insert(l.clone()) {
            continue;
        }
        if let Some((_, e)) = config.locals.get(&l) {
            refs_of(e, config, &mut out, &mut locals);
        }
    }
    out.remove(&decl.address());
    out
}

/// The resources an expression refers to (locals followed).
pub fn of_expr(e: &Expr, config: &Config) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut locals = Vec::new();
    refs_of(e, config, &mut out, &mut locals);
    let mut seen = BTreeSet::new();
    while let Some(l) = locals.pop() {
        if !seen.insert(l.clone()) {
            continue;
        }
        if let Some((_, e)) = config.locals.get(&l) {
            refs_of(e, config, &mut out, &mut locals);
        }
    }
    out
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
    let mut out = BTreeSet::new();
    let mut locals: Vec<String> = Vec::new();
    let mut seen = BTreeSet::new();
    let scan = |e: &Expr, locals: &mut Vec<String>, out: &mut BTreeSet<(String, Option<String>)>| {
        for n in walk::nodes(e) {
            let ExprKind::Traversal(base, ops) = &n.kind else { continue };
            let ExprKind::Var(root) = &base.kind else { continue };
            let attr = |i: usize| match ops.get(i).map(|o| &o.kind) {
                Some(OpKind::Attr(a)) => Some(a.clone()),
                _ => None,
            };
            match root.as_str() {
                "module" => {
                    if let Some(call) = attr(0) {
                        out.insert((call, attr(1)));
                    }
                }
                "local" => {
                    if let Some(l) = attr(0) {
                        locals.push(l);
                    }
                }
                _ => {}
            }
        }
    };
    for e in exprs {
        scan(e, &mut locals, &mut out);
    }
    while let Some(l) = locals.pop() {
        if !seen.insert(l.clone()) {
            continue;
        }
        if let Some((_, e)) = config.locals.get(&l) {
            scan(e, &mut locals, &mut out);
        }
    }
    out
}
