//! A saved plan's `relevant_attributes` (globalref's ContributingResourceReferences): the
//! resource attributes that what changes depends on, followed through locals, module
//! inputs and outputs and the arguments references name. Terraform gathers them from a map
//! and its sort compares the unsorted list's entries, so their order varies from run to run;
//! these are sorted by the text of Go's `%#v` of each, the order that sort means.

use std::collections::BTreeSet;

use crate::lang::syntax::{BodyAst, Expr};
use crate::workflow::model::address::{InstanceKey, ModuleStep, module_path};
use crate::workflow::model::{Action, Plan, PlanMode};
use crate::workflow::plan::tree::ModuleTree;
use crate::workflow::render::json_refs::{Ref, references_parsed};
use crate::workflow::state::json::{Json, to_compact};

/// A module instance path.
type Path = Vec<ModuleStep>;

/// The module tree at a module instance path (keys do not change the configuration).
fn tree_at<'a>(root: &'a ModuleTree, path: &[ModuleStep]) -> Option<&'a ModuleTree> {
    let mut t = root;
    for step in path {
        t = &t.calls.get(&step.name)?.tree;
    }
    Some(t)
}

/// A resource's arguments whose references count: its own arguments and its repetition,
/// not `depends_on` nor its nested blocks (lifecycle, conditions).
fn resource_exprs<'a>(body: &'a BodyAst, out: &mut Vec<&'a Expr>) {
    out.extend(
        body.attrs
            .iter()
            .filter(|a| a.name != "depends_on" && a.name != "provider")
            .map(|a| &a.expr),
    );
}

/// An object whose references are followed, in the module instance it is in.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Node {
    /// A resource whose instance changes: everything its arguments refer to.
    Resource(Path, String),
    /// A resource referred to through one of its attributes: what that argument refers to,
    /// when the configuration sets it (a computed attribute leads nowhere).
    ResourceAttr(Path, String, String),
    /// `local.NAME`.
    Local(Path, String),
    /// `var.NAME`: the module call's argument, in the parent.
    Var(Path, String),
    /// An output.
    Output(Path, String),
}

/// What a node's expressions refer to, with the module instance each reference is made in.
fn refs_of(root: &ModuleTree, node: &Node) -> Vec<(Path, Ref)> {
    let mut exprs: Vec<&Expr> = Vec::new();
    let path = match node {
        Node::Resource(p, addr) => {
            if let Some(d) = tree_at(root, p).and_then(|t| t.config.resources.iter().find(|d| d.address() == *addr)) {
                resource_exprs(&d.body, &mut exprs);
            }
            p.clone()
        }
        Node::ResourceAttr(p, addr, attr) => {
            if let Some(a) = tree_at(root, p)
                .and_then(|t| t.config.resources.iter().find(|d| d.address() == *addr))
                .and_then(|d| d.body.attr(attr))
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
            // Its value only (not its preconditions nor depends_on).
            if let Some(a) = tree_at(root, p)
                .and_then(|t| t.config.outputs.iter().find(|o| o.0 == *name))
                .and_then(|o| o.2.attr("value"))
            {
                exprs.push(&a.expr);
            }
            p.clone()
        }
        Node::Var(p, name) => {
            let Some((call, parent)) = p.split_last() else { return Vec::new() };
            if let Some(a) = tree_at(root, parent)
                .and_then(|t| t.calls.get(&call.name))
                .and_then(|c| c.block.body.attr(name))
            {
                exprs.push(&a.expr);
            }
            parent.to_vec()
        }
    };
    exprs.into_iter().flat_map(references_parsed).map(|r| (path.clone(), r)).collect()
}

/// The nodes a reference made in `path` leads to. A reference to a module without a key
/// is taken as one to its no-key instance, whatever the call's repetition (globalref's
/// metaReferences: tf-oracle 1.6.6 to 1.14.9 list `module.nested.module.inner...` beside
/// `module.nested[0]...` for `module.nested[*].output`); a whole instance is all its outputs.
fn nodes_of(root: &ModuleTree, path: &[ModuleStep], r: &Ref) -> Vec<Node> {
    let p = path.to_vec();
    let child = |call: &str, key: &Option<InstanceKey>| {
        let mut q = p.clone();
        q.push(ModuleStep {
            name: call.to_string(),
            key: key.clone().unwrap_or(InstanceKey::None),
        });
        q
    };
    match r {
        Ref::Resource { addr, attr, .. } => vec![match attr.first() {
            Some(Json::String(a)) => Node::ResourceAttr(p, addr.clone(), a.clone()),
            _ => Node::Resource(p, addr.clone()),
        }],
        Ref::Local(n) => vec![Node::Local(p, n.clone())],
        Ref::Var(n) => vec![Node::Var(p, n.clone())],
        Ref::ModuleOutput { call, key, output } => vec![Node::Output(child(call, key), output.clone())],
        Ref::ModuleCall { call, key } => {
            let q = child(call, key);
            tree_at(root, &q)
                .map(|t| t.config.outputs.iter().map(|o| Node::Output(q.clone(), o.0.clone())).collect())
                .unwrap_or_default()
        }
        Ref::Other => Vec::new(),
    }
}

/// A key as Go's `%#v` prints an addrs.InstanceKey.
fn go_key(k: &InstanceKey) -> String {
    match k {
        InstanceKey::None => "addrs.InstanceKey(nil)".into(),
        InstanceKey::Int(i) => i.to_string(),
        InstanceKey::Str(s) => format!("{s:?}"),
    }
}

/// A module instance as Go's `%#v` prints it.
fn go_module(path: &[ModuleStep]) -> String {
    if path.is_empty() {
        return "addrs.ModuleInstance(nil)".into();
    }
    let steps: Vec<String> = path
        .iter()
        .map(|s| format!("addrs.ModuleInstanceStep{{Name:{:?}, InstanceKey:{}}}", s.name, go_key(&s.key)))
        .collect();
    format!("addrs.ModuleInstance{{{}}}", steps.join(", "))
}

/// Every module instance the plan knows (from its changes and its prior state), with their
/// ancestors.
fn module_instances(plan: &Plan) -> BTreeSet<Path> {
    let mut out = BTreeSet::new();
    let paths = plan
        .changes
        .iter()
        .map(|c| &c.addr.resource.module)
        .chain(plan.prior.resources.iter().map(|r| &r.addr.module));
    for m in paths {
        for n in 1..=m.len() {
            out.insert(m[..n].to_vec());
        }
    }
    out
}

/// The `relevant_attributes` of a plan made from `root`.
pub fn relevant_attributes(plan: &Plan, root: &ModuleTree) -> Option<Json> {
    let instances = module_instances(plan);
    let mut pending: Vec<Node> = Vec::new();
    for c in plan.changes.iter().filter(|c| c.action != Action::NoOp) {
        pending.push(Node::Resource(c.addr.resource.module.clone(), c.addr.resource.local()));
    }
    for o in plan.outputs.iter().filter(|o| o.action != Action::NoOp) {
        pending.push(Node::Output(Vec::new(), o.name.clone()));
    }
    // A module's outputs are not kept in the state, so every plan but a destroy plans each
    // of them as created, and what they refer to is relevant.
    if plan.mode != PlanMode::Destroy {
        // Under -target, only the modules the targets reach are walked.
        let reached = |i: &Path| {
            let prefix: String = i.iter().map(|s| format!("module.{}.", s.name)).collect();
            plan.scope.as_ref().is_none_or(|t| t.allowed.iter().any(|a| a.starts_with(&prefix)))
        };
        for i in instances.iter().filter(|i| reached(i)) {
            if let Some(t) = tree_at(root, i) {
                pending.extend(t.config.outputs.iter().map(|o| Node::Output(i.clone(), o.0.clone())));
            }
        }
    }
    let mut visited: BTreeSet<Node> = BTreeSet::new();
    let mut found: Vec<(String, Json)> = Vec::new();
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
                let module = module_path(&path);
                let text = if module.is_empty() {
                    module_free.clone()
                } else {
                    format!("{module}.{module_free}")
                };
                let attr_text = to_compact(&Json::Array(attr.clone()));
                if seen.insert(format!("{text}|{attr_text}")) {
                    let mode = if *data { 68 } else { 77 };
                    found.push((
                        format!(
                            "{}, Mode:{mode}, Type:{rtype:?}, Name:{name:?}}}, Key:{}}}, Attr:{attr_text}",
                            go_module(&path),
                            go_key(key)
                        ),
                        Json::Object(vec![
                            ("resource".into(), Json::str(text)),
                            ("attribute".into(), Json::Array(attr.clone())),
                        ]),
                    ));
                }
            }
            for next in nodes_of(root, &path, &r) {
                if !visited.contains(&next) {
                    pending.push(next);
                }
            }
        }
    }
    if found.is_empty() {
        return None;
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    Some(Json::Array(found.into_iter().map(|(_, j)| j).collect()))
}
