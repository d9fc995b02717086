//! `terraform state show ADDR` and `terraform show`: a resource instance's object as a block
//! with every attribute and no action symbols, and the state's outputs typed as declared.

use std::collections::BTreeMap;

use super::RenderOptions;
use super::diff::{Diff, Kind, Prim};
use super::draw::{self, Opts};
use super::json;
use super::resource;
use crate::lang::Value;
use crate::workflow::model::{InstanceAddr, InstanceObject, OutputValue, ResourceMode, State};

/// The options of a state's display: every child shown, no symbols.
fn state_opts(opts: &RenderOptions) -> Opts {
    let mut o = Opts::new(opts.version);
    o.show_unchanged = true;
    o.hide_symbols = true;
    o.color = opts.color;
    o
}

/// One object: `# ADDR:` (with `(tainted)` or `(deposed object KEY)`), then
/// `resource "TYPE" "NAME" {...}` and a newline, as `terraform state show` prints it.
pub fn state_show(addr: &InstanceAddr, object: &InstanceObject, deposed: Option<&str>, opts: &RenderOptions) -> String {
    let head = match deposed {
        Some(k) => format!("# {addr}: (deposed object {k})"),
        None if object.tainted => format!("# {addr}: (tainted)"),
        None => format!("# {addr}:"),
    };
    // The values the state records as sensitive are shown as such.
    let value = Value::Object(crate::workflow::state::sensitive::mark_paths(
        &object.attributes,
        &object.sensitive_attributes,
    ));
    let attrs = resource::attributes(&value, &value, &[], opts.version);
    let mode = match addr.resource.mode {
        ResourceMode::Managed => "resource",
        ResourceMode::Data => "data",
    };
    format!(
        "{head}\n{mode} \"{}\" \"{}\" {}\n",
        addr.resource.rtype,
        addr.resource.name,
        resource::block(&attrs, 0, state_opts(opts))
    )
}

/// `terraform show` of a state: every object (current, then deposed) separated by blank
/// lines, then `Outputs:`; "No state." when there is nothing.
pub fn show_state(state: &State, opts: &RenderOptions) -> String {
    use crate::workflow::model::{ModuleStep, ResourceState};
    // Terraform walks the state's module tree depth first: a module's resources, then its
    // child module instances in address order. A blank line goes before every resource but
    // the first, and another before a module's resources, except while nothing has been
    // printed yet; that "nothing yet" is handed down to each child by value, so siblings
    // whose parents printed nothing start as fresh as the first (jsonformat/state.go).
    struct Node<'s> {
        resources: Vec<&'s ResourceState>,
        children: BTreeMap<String, (Vec<ModuleStep>, Node<'s>)>,
    }
    fn empty<'s>() -> Node<'s> {
        Node {
            resources: Vec::new(),
            children: BTreeMap::new(),
        }
    }
    let mut root = empty();
    for r in &state.resources {
        let mut node = &mut root;
        for n in 1..=r.addr.module.len() {
            let path = r.addr.module[..n].to_vec();
            let key = crate::workflow::model::address::module_path(&path);
            node = &mut node.children.entry(key).or_insert_with(|| (path, empty())).1;
        }
        node.resources.push(r);
    }
    fn walk(node: &Node, first: bool, opts: &RenderOptions, out: &mut String, any: &mut bool) {
        let mut first = first;
        let objects: Vec<String> = node
            .resources
            .iter()
            .flat_map(|r| {
                r.instances.iter().flat_map(move |i| {
                    let addr = r.addr.instance(i.key.clone());
                    let mut v = Vec::new();
                    if let Some(c) = &i.current {
                        v.push(state_show(&addr, c, None, opts));
                    }
                    for (k, d) in &i.deposed {
                        v.push(state_show(&addr, d, Some(k), opts));
                    }
                    v
                })
            })
            .collect();
        if !objects.is_empty() && !first {
            out.push('\n');
        }
        for o in objects {
            if !first {
                out.push('\n');
            }
            first = false;
            *any = true;
            out.push_str(&o);
        }
        for (_, child) in node.children.values() {
            walk(child, first, opts, out, any);
        }
    }
    let mut out = String::new();
    let mut any = false;
    walk(&root, true, opts, &mut out, &mut any);
    if !any && state.outputs.is_empty() {
        return "No state.\n".into();
    }
    out.push_str(&show_outputs(&state.outputs, opts));
    out
}

/// The outputs part of `terraform show`: two blank lines, `Outputs:`, a blank line and one
/// `name = value` per output, drawn with the output's type (a map's keys quoted).
pub fn show_outputs(outputs: &BTreeMap<String, OutputValue>, opts: &RenderOptions) -> String {
    if outputs.is_empty() {
        return String::new();
    }
    let o = state_opts(opts);
    let mut out = "\n\nOutputs:\n\n".to_string();
    let blank_is_null = crate::workflow::model::gates::has(opts.version, &crate::workflow::model::gates::SHOW_OUTPUT_EMPTY_STRING_NULL);
    for (name, v) in outputs {
        let d = if v.sensitive {
            sensitive()
        } else if blank_is_null {
            typed(&empty_strings_null(v.value.clone()), opts)
        } else {
            typed(&v.value, opts)
        };
        out.push_str(&format!("{name} = {}\n", draw::render(&d, 0, o)));
    }
    out
}

/// The value with each empty string, at any depth, a null string.
fn empty_strings_null(v: Value) -> Value {
    match v {
        Value::String(s) if s.is_empty() => Value::Null(crate::lang::Type::String),
        Value::List(t, xs) => Value::List(t, xs.into_iter().map(empty_strings_null).collect()),
        Value::Set(t, xs) => Value::Set(t, xs.into_iter().map(empty_strings_null).collect()),
        Value::Tuple(xs) => Value::Tuple(xs.into_iter().map(empty_strings_null).collect()),
        Value::Map(t, m) => Value::Map(t, m.into_iter().map(|(k, x)| (k, empty_strings_null(x))).collect()),
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, x)| (k, empty_strings_null(x))).collect()),
        Value::Marked(x, m) => empty_strings_null(*x).mark_with(m),
        other => other,
    }
}

fn noop(kind: Kind) -> Diff {
    Diff {
        kind,
        action: crate::workflow::model::Action::NoOp,
        replace: false,
    }
}

fn sensitive() -> Diff {
    let a = crate::workflow::model::Action::NoOp;
    noop(Kind::Sensitive {
        inner: a,
        before: true,
        after: true,
    })
}

/// An unchanged value drawn by its own type (Terraform's typed differ on a state output).
fn typed(v: &Value, opts: &RenderOptions) -> Diff {
    let prim = |p: Prim| {
        noop(Kind::Primitive {
            before: json::known(v, opts.version),
            after: json::known(v, opts.version),
            prim: p,
        })
    };
    match v {
        Value::Marked(_, m) if m.sensitive() => sensitive(),
        // Not from Terraform's source: a value only ephemeral is drawn as what it holds.
        Value::Marked(inner, _) => typed(inner, opts),
        Value::Null(_) | Value::Unknown(_, _) => prim(Prim::Null),
        Value::Bool(_) => prim(Prim::Bool),
        Value::Number(_) => prim(Prim::Number),
        Value::String(_) => prim(Prim::String),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => noop(Kind::List(vs.iter().map(|x| typed(x, opts)).collect())),
        Value::Map(_, m) => noop(Kind::Map(m.iter().map(|(k, x)| (k.clone(), typed(x, opts))).collect())),
        // An object's null attributes are left out (tf-oracle 1.6.6 to 1.14.9: `{ k1 = null,
        // k2 = 2 }` shows as `{ k2 = 2 }`); a map keeps its null elements.
        Value::Object(m) => noop(Kind::Object(
            m.iter()
                .filter(|(_, x)| !matches!(x, Value::Null(_)))
                .map(|(k, x)| (k.clone(), typed(x, opts)))
                .collect(),
        )),
    }
}
