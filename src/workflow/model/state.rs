//! The state in memory: what Terraform's `terraform.tfstate` (format 4) holds, with values as
//! the language's values so that plans compare and render them as the language does.

use std::collections::BTreeMap;

use super::address::{InstanceKey, ResourceAddr};
use crate::lang::Value;

/// A workspace's state.
#[derive(Clone, Debug, Default)]
pub struct State {
    /// The Terraform release that wrote it (`terraform_version`).
    pub terraform_version: String,
    /// Incremented at every write that changes it.
    pub serial: u64,
    /// A UUID fixed when the state is first created; kept by every later write.
    pub lineage: String,
    /// The root module's outputs, by name.
    pub outputs: BTreeMap<String, OutputValue>,
    /// The resources, in the order Terraform writes them (module path, mode, type, name).
    pub resources: Vec<ResourceState>,
    /// `check_results` as read, written back unchanged (null when absent).
    pub check_results: Option<serde_json::Value>,
}

/// A root module output kept in the state.
#[derive(Clone, Debug)]
pub struct OutputValue {
    /// Its value (its type is the value's type).
    pub value: Value,
    /// `sensitive = true` on the output.
    pub sensitive: bool,
}

/// Whether a resource's instances come from `count` or `for_each` (the state's `each`, which
/// Terraform 1.x no longer writes but still reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EachMode {
    /// `count`.
    List,
    /// `for_each`.
    Map,
}

/// One resource and its instances.
#[derive(Clone, Debug)]
pub struct ResourceState {
    /// Where it is.
    pub addr: ResourceAddr,
    /// The provider configuration, as the state writes it:
    /// `provider["terraform.io/builtin/terraform"]`.
    pub provider: String,
    /// Its instances, in key order.
    pub instances: Vec<InstanceState>,
}

/// One instance: its current object and any deposed ones (left by a create-before-destroy
/// replacement whose destroy did not happen).
#[derive(Clone, Debug)]
pub struct InstanceState {
    /// Its key.
    pub key: InstanceKey,
    /// The current object, if any.
    pub current: Option<InstanceObject>,
    /// Deposed objects by their deposed key (eight hex digits).
    pub deposed: BTreeMap<String, InstanceObject>,
}

/// A remote object's recorded attributes.
#[derive(Clone, Debug)]
pub struct InstanceObject {
    /// `tainted` when a create failed or `taint` marked it.
    pub tainted: bool,
    /// The resource type's schema version.
    pub schema_version: u64,
    /// The attributes, by name (every attribute of the schema, null when unset).
    pub attributes: BTreeMap<String, Value>,
    /// Paths of the attributes that hold sensitive values, as the state's
    /// `sensitive_attributes` lists them (kept as read; written back unchanged).
    pub sensitive_attributes: Vec<serde_json::Value>,
    /// `private`, base64 as read (written back unchanged).
    pub private: Option<String>,
    /// The resources this one depended on when it was last applied (`dependencies`).
    pub dependencies: Vec<String>,
    /// Whether it was created with `create_before_destroy`.
    pub create_before_destroy: bool,
}

impl InstanceObject {
    /// An object with these attributes and nothing else recorded: not tainted, schema
    /// version 0, no sensitive paths, no private data, no dependencies.
    pub fn plain(attributes: BTreeMap<String, Value>) -> InstanceObject {
        InstanceObject {
            tainted: false,
            schema_version: 0,
            attributes,
            sensitive_attributes: Vec::new(),
            private: None,
            dependencies: Vec::new(),
            create_before_destroy: false,
        }
    }
}

impl State {
    /// Moves instance `from` (its current and deposed objects) to `to`, as a plan's moves do
    /// to the state it refreshes; a resource left without instances goes. Nothing happens
    /// when the state has no `from`.
    pub fn move_instance(&mut self, from: &super::address::InstanceAddr, to: &super::address::InstanceAddr) {
        let Some(ri) = self.resources.iter().position(|r| r.addr == from.resource) else {
            return;
        };
        let Some(ii) = self.resources[ri].instances.iter().position(|i| i.key == from.key) else {
            return;
        };
        let provider = self.resources[ri].provider.clone();
        let mut inst = self.resources[ri].instances.remove(ii);
        if self.resources[ri].instances.is_empty() {
            self.resources.remove(ri);
        }
        inst.key = to.key.clone();
        match self.resources.iter_mut().find(|r| r.addr == to.resource) {
            Some(r) => {
                r.instances.retain(|i| i.key != to.key);
                r.instances.push(inst);
                r.instances.sort_by(|a, b| a.key.cmp(&b.key));
            }
            None => self.resources.push(ResourceState {
                addr: to.resource.clone(),
                provider,
                instances: vec![inst],
            }),
        }
    }
    /// Adds `object` as the current object of instance `addr`, after the resource's other
    /// instances, under a new resource entry of `provider` when the state has none for it.
    pub fn add_instance(&mut self, addr: &super::address::InstanceAddr, object: InstanceObject, provider: &str) {
        let inst = InstanceState {
            key: addr.key.clone(),
            current: Some(object),
            deposed: BTreeMap::new(),
        };
        match self.resources.iter_mut().find(|r| r.addr == addr.resource) {
            Some(r) => r.instances.push(inst),
            None => self.resources.push(ResourceState {
                addr: addr.resource.clone(),
                provider: provider.to_string(),
                instances: vec![inst],
            }),
        }
    }
}
