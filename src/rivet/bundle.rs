//! The bundle: what a compilation produces. Every resource instance with its address, its
//! attributes, a stable digest of them, and its ordering edges; every module instance boundary;
//! and the root module's outputs.

use std::cell::OnceCell;
use std::collections::BTreeSet;
use std::rc::Rc;

use sha2::{Digest, Sha256};

use crate::lang::Rule;
use crate::lang::value::Value;

use super::attrs::Attrs;
use super::compiler::{ModInst, OutVal};
use super::decl::DeclRef;
use super::key::Key;
use super::sensitive;

/// One resource instance.
#[derive(Clone, Debug)]
pub struct ResourceInstance {
    /// `module.files["first"].file.this`
    pub address: String,
    /// The address of the module instance it is in (`""`: the root module).
    pub module: String,
    /// Its resource type (`file`).
    pub rtype: String,
    /// Its declaration's name (`messages`).
    pub name: String,
    /// Its key.
    pub key: Key,
    /// Its place in the order its key was written (named keys), or its slot's place.
    pub position: usize,
    /// Its evaluated attributes.
    pub attributes: Attrs,
    /// `sha256:` and the hex digest of its attributes, computed when first asked for (most
    /// uses of a bundle never need it).
    digest: OnceCell<String>,
    /// The addresses it comes after (its depends_on, expanded, and what it refers to).
    pub edges: Vec<String>,
    /// `ensure = "absent"`: it asks for its host object's removal.
    pub absent: bool,
}

impl ResourceInstance {
    /// `sha256:` and the hex digest of its attributes (stable: independent of key order).
    pub fn digest(&self) -> &str {
        self.digest.get_or_init(|| digest(&self.attributes))
    }
    /// The address without the key: `file.messages`, `module.files["first"].file.this`.
    pub fn family(&self) -> String {
        if self.module.is_empty() {
            format!("{}.{}", self.rtype, self.name)
        } else {
            format!("{}.{}.{}", self.module, self.rtype, self.name)
        }
    }
}

/// One module instance boundary.
#[derive(Clone, Debug)]
pub struct ModuleInstance {
    /// `module.files["first"]`
    pub address: String,
    /// The call's name.
    pub name: String,
    /// Its key.
    pub key: Key,
    /// The module's source as written.
    pub source: String,
    /// The addresses its boundary comes after (depends_on, expanded, and argument references).
    pub edges: Vec<String>,
    /// Its outputs, in declaration order.
    pub outputs: Vec<(String, Output)>,
}

/// An output's value in the bundle.
#[derive(Clone, Debug)]
pub enum Output {
    /// A plain value.
    Value(Value),
    /// A `resource("TYPE")` output: the address of the instance it names.
    Resource {
        /// The instance's address.
        address: String,
        /// Its resource type.
        rtype: String,
    },
}

impl Output {
    fn from_val(v: OutVal) -> Output {
        match v {
            OutVal::Value(v) => Output::Value(v),
            OutVal::Handle { address, rtype, .. } => Output::Resource { address, rtype },
        }
    }
    /// The output as JSON (sensitive values hidden).
    pub fn json(&self) -> serde_json::Value {
        match self {
            Output::Value(v) => {
                let mut m = serde_json::Map::new();
                m.insert("value".into(), sensitive::json(v));
                if v.has_sensitive() {
                    m.insert("sensitive".into(), true.into());
                }
                serde_json::Value::Object(m)
            }
            Output::Resource { address, rtype } => serde_json::json!({
                "type": format!("resource({rtype:?})"),
                "value": address,
            }),
        }
    }
    /// The output in one line: an address, or the value (sensitive values hidden).
    pub fn text(&self) -> String {
        match self {
            Output::Value(v) => sensitive::one_line(v),
            Output::Resource { address, .. } => address.clone(),
        }
    }
}

/// A compiled configuration.
#[derive(Clone, Debug, Default)]
pub struct Bundle {
    /// Resource instances: declaration order, each declaration's instances in key order.
    pub resources: Vec<ResourceInstance>,
    /// Module instance boundaries, in the same order.
    pub modules: Vec<ModuleInstance>,
    /// The root module's outputs, in declaration order.
    pub outputs: Vec<(String, Output)>,
    /// The rules the compilation consulted.
    pub touched: BTreeSet<Rule>,
}

impl Bundle {
    /// Every resource address, in bundle order.
    pub fn addresses(&self) -> Vec<String> {
        self.resources.iter().map(|r| r.address.clone()).collect()
    }
    /// The resource instance at `address`.
    pub fn resource(&self, address: &str) -> Option<&ResourceInstance> {
        self.resources.iter().find(|r| r.address == address)
    }
    /// The module instance at `address`.
    pub fn module(&self, address: &str) -> Option<&ModuleInstance> {
        self.modules.iter().find(|m| m.address == address)
    }
    /// The root output `name`.
    pub fn output(&self, name: &str) -> Option<&Output> {
        self.outputs.iter().find(|(n, _)| n == name).map(|(_, o)| o)
    }
    /// The whole bundle as JSON (sensitive values hidden).
    pub fn to_json(&self) -> serde_json::Value {
        let resources: Vec<serde_json::Value> = self
            .resources
            .iter()
            .map(|r| {
                serde_json::json!({
                    "address": r.address,
                    "module": r.module,
                    "type": r.rtype,
                    "name": r.name,
                    "key": r.key.json(),
                    "attributes": sensitive::json(&r.attributes.to_object()),
                    "digest": r.digest(),
                    "edges": r.edges,
                    "ensure": if r.absent { "absent" } else { "present" },
                })
            })
            .collect();
        let modules: Vec<serde_json::Value> = self
            .modules
            .iter()
            .map(|m| {
                serde_json::json!({
                    "address": m.address,
                    "name": m.name,
                    "key": m.key.json(),
                    "source": m.source,
                    "edges": m.edges,
                    "outputs": outputs_json(&m.outputs),
                })
            })
            .collect();
        serde_json::json!({
            "resources": resources,
            "modules": modules,
            "outputs": outputs_json(&self.outputs),
        })
    }
}

fn outputs_json(outs: &[(String, Output)]) -> serde_json::Value {
    serde_json::Value::Object(outs.iter().map(|(n, o)| (n.clone(), o.json())).collect())
}

/// The digest of a set of attributes: SHA-256 of a canonical encoding (types kept apart,
/// sensitive values included but never shown).
pub fn digest(attrs: &Attrs) -> String {
    let mut text = Vec::new();
    canonical_entries(attrs.iter(), &mut text);
    format!("sha256:{}", crate::lang::funcs::hex(&Sha256::digest(&text)))
}

/// A string as a JSON string literal (quotes and escapes).
fn quote(s: &str, out: &mut Vec<u8>) {
    // Writing into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *out, s);
}

fn canonical_entries<'a>(m: impl IntoIterator<Item = (&'a String, &'a Value)>, out: &mut Vec<u8>) {
    out.push(b'{');
    for (k, x) in m {
        quote(k, out);
        out.push(b':');
        canonical(x, out);
        out.push(b',');
    }
    out.push(b'}');
}

fn canonical(v: &Value, out: &mut Vec<u8>) {
    match v {
        Value::Marked(inner, _) => canonical(inner, out),
        Value::Null(_) => out.push(b'n'),
        Value::Unknown(_, _) => out.push(b'?'),
        Value::Bool(b) => out.push(if *b { b't' } else { b'f' }),
        Value::Number(n) => {
            out.push(b'#');
            out.extend_from_slice(n.to_text().as_bytes());
            out.push(b';');
        }
        Value::String(s) => quote(s, out),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
            out.push(if matches!(v, Value::Set(..)) { b'<' } else { b'[' });
            for x in vs {
                canonical(x, out);
                out.push(b',');
            }
            out.push(b']');
        }
        Value::Map(_, m) | Value::Object(m) => canonical_entries(m, out),
    }
}

/// Builds the bundle from the compiled root module instance, moving the resource instances out
/// of it.
pub fn assemble(root: &Rc<ModInst>, touched: BTreeSet<Rule>) -> Bundle {
    let mut b = Bundle {
        touched,
        ..Bundle::default()
    };
    walk(root, &mut b);
    for (j, o) in root.module.outputs.iter().enumerate() {
        if let Some(v) = root.done_output(j) {
            b.outputs.push((o.name.clone(), Output::from_val(v)));
        }
    }
    b
}

fn walk(inst: &Rc<ModInst>, b: &mut Bundle) {
    for d in &inst.module.order {
        match *d {
            DeclRef::Resource(i) => {
                let decl = &inst.module.resources[i];
                let instances = inst.take_resources(i);
                b.resources.reserve(instances.len());
                for r in instances {
                    b.resources.push(ResourceInstance {
                        address: r.address,
                        module: inst.address.clone(),
                        rtype: decl.rtype.clone(),
                        name: decl.name.clone(),
                        key: r.key,
                        position: r.position,
                        attributes: r.attrs,
                        digest: OnceCell::new(),
                        edges: r.edges.into_iter().collect(),
                        absent: r.absent,
                    });
                }
            }
            DeclRef::Call(i) => {
                for c in inst.done_calls(i).iter() {
                    let outputs = c
                        .module
                        .outputs
                        .iter()
                        .enumerate()
                        .filter_map(|(j, o)| c.done_output(j).map(|v| (o.name.clone(), Output::from_val(v))))
                        .collect();
                    b.modules.push(ModuleInstance {
                        address: c.address.clone(),
                        name: c.name.clone(),
                        key: c.key.clone(),
                        source: c.source.clone(),
                        edges: c.edges.borrow().iter().cloned().collect(),
                        outputs,
                    });
                    walk(c, b);
                }
            }
            DeclRef::Output(_) => {}
        }
    }
}
