//! A saved plan's `relevant_attributes` (globalref's ContributingResourceReferences): the
//! resource attributes that what changes depends on, followed through locals, module
//! inputs and outputs and other resources' arguments, in the order Terraform sorts them (the
//! text of Go's `%#v` of each, which puts the root module first, data sources before managed
//! resources, string keys before numbers before none).

use std::collections::BTreeSet;

use super::json_refs::references_parsed;
use crate::lang::syntax::{BodyAst, Expr};
use crate::workflow::model::address::{InstanceKey, ModuleStep};
use crate::workflow::model::{Action, Plan};
use crate::workflow::plan::tree::ModuleTree;
use crate::workflow::state::json::Json;

use super::json_refs::Ref;

/// The module tree at a module instance path (keys do not change the configuration).
fn tree_at<'a>(root: &'a ModuleTree, path: &[String]) -> Option<&'a ModuleTree> {
    let mut t = root;
    for name in path {
        t = &t.calls.get(name)?.tree;
    }
    Some(t)
}

fn body_exprs<'a>(body: &'a BodyAst, out: &mut Vec<&'a Expr>) {
    for a in &body.attrs {
        out.push(&a.expr);
    }
    for b in &body.blocks {
        body_exprs(&b.body, out);
    }
}

/// An object whose references are followed: where it is (module call names) and what.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Node {
    /// A resource whose instance changes: everything its arguments refer to.
    Resource(Vec<String>, String),
    /// A resource referred to through one of its attributes: what that argument refers to,
    /// when the configuration sets it (a computed attribute leads nowhere).
    ResourceAttr(Vec<String>, String, String),
    Local(Vec<String>, String),
    Var(Vec<String>, String),
    Output(Vec<String>, String),
}

/// What a node's expressions refer to, with the module each reference is made in.
fn refs_of(root: &ModuleTree, node: &Node) -> Vec<(Vec<String>, Ref)> {
    let mut exprs: Vec<&Expr> = Vec::new();
    let path = match node {
        Node::Resource(p, addr) => {
            if let Some(t) = tree_at(root, p)
                && let Some(d) = t.config.resources.iter().find(|d| d.address() == *addr)
            {
                body_exprs(&d.body, &mut exprs);
            }
            p.clone()
        }
        Node::ResourceAttr(p, addr, attr) => {
            if let Some(t) = tree_at(root, p)
                && let Some(d) = t.config.resources.iter().find(|d| d.address() == *addr)
                && let Some(a) = d.body.attr(attr)
            {
                exprs.push(&a.expr);
            }
            p.clone()
        }
        Node::Local(p, name) => {
            if let Some((_, e)) = tree_at(root, p).and_then(|t| t.config.locals.get(name)) {
                exprs.push(e);
            }
            p.clone()
        }
        Node::Output(p, name) => {
            if let Some(t) = tree_at(root, p)
                && let Some((_, _, body, _)) = t.config.outputs.iter().find(|o| o.0 == *name)
            {
                body_exprs(body, &mut exprs);
            }
            p.clone()
        }
        Node::Var(p, name) => {
            // A module's input comes from its call's argument, in the parent.
            let Some((call, parent)) = p.split_last() else { return Vec::new() };
            if let Some(c) = tree_at(root, parent).and_then(|t| t.calls.get(call))
                && let Some(a) = c.block.body.attr(name)
            {
                exprs.push(&a.expr);
            }
            parent.to_vec()
        }
    };
    exprs.into_iter().flat_map(references_parsed).map(|r| (path.clone(), r)).collect()
}

/// The node a reference leads to, if it is followed.
fn node_of(path: &[String], r: &Ref) -> Option<Node> {
    let p = path.to_vec();
    match r {
        Ref::Resource { addr, attr, .. } => match attr.first() {
            Some(Json::String(a)) => Some(Node::ResourceAttr(p, addr.clone(), a.clone())),
            _ => Some(Node::Resource(p, addr.clone())),
        },
        Ref::Local(n) => Some(Node::Local(p, n.clone())),
        Ref::Var(n) => Some(Node::Var(p, n.clone())),
        Ref::ModuleOutput { call, output } => {
            let mut q = p;
            q.push(call.clone());
            Some(Node::Output(q, output.clone()))
        }
        Ref::Other => None,
    }
}

/// A found resource attribute: its module instance path text, its sort key, the JSON.
struct Found {
    sort: String,
    json: Json,
}

fn go_key(k: &InstanceKey) -> String {
    match k {
        InstanceKey::None => "addrs.InstanceKey(nil)".into(),
        InstanceKey::Int(i) => i.to_string(),
        InstanceKey::Str(s) => format!("{s:?}"),
    }
}

/// Every output of every called module, at its path of call names.
fn module_outputs(tree: &ModuleTree, path: &mut Vec<String>, out: &mut Vec<Node>) {
    for (name, call) in &tree.calls {
        path.push(name.clone());
        for (o, ..) in &call.tree.config.outputs {
            out.push(Node::Output(path.clone(), o.clone()));
        }
        module_outputs(&call.tree, path, out);
        path.pop();
    }
}

/// The module instance path of a change, as call names (keys dropped).
fn call_names(module: &[ModuleStep]) -> Vec<String> {
    module.iter().map(|s| s.name.clone()).collect()
}

/// The `relevant_attributes` of a plan made from `root`.
pub fn relevant_attributes(plan: &Plan, root: &ModuleTree) -> Option<Json> {
    let mut pending: Vec<Node> = Vec::new();
    for c in plan.changes.iter().filter(|c| c.action != Action::NoOp) {
        pending.push(Node::Resource(call_names(&c.addr.resource.module), c.addr.resource.local()));
    }
    for o in plan.outputs.iter().filter(|o| o.action != Action::NoOp) {
        pending.push(Node::Output(Vec::new(), o.name.clone()));
    }
    // A module's outputs are not kept in the state, so every plan but a destroy plans each
    // of them as created, and what they refer to is relevant.
    if plan.mode != crate::workflow::model::PlanMode::Destroy {
        module_outputs(root, &mut Vec::new(), &mut pending);
    }
    let mut visited: BTreeSet<Node> = BTreeSet::new();
    let mut found: Vec<Found> = Vec::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    while let Some(n) = pending.pop() {
        if !visited.insert(n.clone()) {
            continue;
        }
        for (path, r) in refs_of(root, &n) {
            if let Ref::Resource {
                module_free,
                key,
                data,
                rtype,
                name,
                attr,
                ..
            } = &r
            {
                let module: String = path.iter().map(|c| format!("module.{c}.")).collect();
                let text = format!("{module}{module_free}");
                let path_json: Vec<Json> = attr.clone();
                let dedupe = format!(
                    "{text}|{}",
                    crate::workflow::state::json::to_compact(&Json::Array(path_json.clone()))
                );
                if seen.insert(dedupe) {
                    let go_module = if path.is_empty() {
                        "addrs.ModuleInstance(nil)".to_string()
                    } else {
                        path.iter().map(|c| format!("{{Name:{c:?}}}")).collect::<String>()
                    };
                    let mode = if *data { 68 } else { 77 };
                    found.push(Found {
                        sort: format!(
                            "{go_module}|{mode}|{rtype}|{name}|{}|{}",
                            go_key(key),
                            crate::workflow::state::json::to_compact(&Json::Array(path_json.clone()))
                        ),
                        json: Json::Object(vec![
                            ("resource".into(), Json::str(text)),
                            ("attribute".into(), Json::Array(path_json)),
                        ]),
                    });
                }
            }
            if let Some(next) = node_of(&path, &r)
                && !visited.contains(&next)
            {
                pending.push(next);
            }
        }
    }
    if found.is_empty() {
        return None;
    }
    found.sort_by(|a, b| a.sort.cmp(&b.sort));
    Some(Json::Array(found.into_iter().map(|f| f.json).collect()))
}
