//! `terraform show -json` of a state (jsonstate): the root outputs with their values and
//! types, and the module tree of resource instances with their attribute values and where
//! they are sensitive. A saved plan's `prior_state` is the same document.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::json_values::{known, sensitive_as_bool, sorted_object, type_json};
use crate::lang::Value;
use crate::workflow::model::State;
use crate::workflow::model::address::{InstanceKey, ModuleStep, ResourceAddr, ResourceMode, module_path};
use crate::workflow::model::state::InstanceObject;
use crate::workflow::state::json::{Json, to_compact};

/// The provider every resource here belongs to.
pub const PROVIDER: &str = "terraform.io/builtin/terraform";

/// One resource instance object on its way into a module tree.
pub struct Entry {
    /// The module instance it is in.
    pub module: Vec<ModuleStep>,
    /// Its resource (for the order).
    pub resource: ResourceAddr,
    /// Its key (for the order).
    pub key: InstanceKey,
    /// Its deposed key, empty for the current object (for the order).
    pub deposed: String,
    /// Its JSON.
    pub json: Json,
}

/// Resource order (addrs.Resource.Less): data sources first, then type, then name.
pub fn resource_order(a: &ResourceAddr, b: &ResourceAddr) -> Ordering {
    let data = |r: &ResourceAddr| r.mode != ResourceMode::Data;
    (data(a), &a.rtype, &a.name).cmp(&(data(b), &b.rtype, &b.name))
}

/// The index as cty's JSON writes an instance key; `None` for no key.
pub fn index_json(k: &InstanceKey) -> Option<Json> {
    match k {
        InstanceKey::None => None,
        InstanceKey::Int(i) => Some(Json::Number(i.to_string())),
        InstanceKey::Str(s) => Some(Json::str(s.clone())),
    }
}

/// `{"resources":[...],"address":"module.x","child_modules":[...]}` for the root (no address)
/// and every module instance holding entries, each level's children sorted by address.
/// `sort_by_address`: the plan's planned values sort a module's resources by their address
/// text; the state sorts them by resource, then key.
pub fn module_tree(mut entries: Vec<Entry>, sort_by_address: bool) -> Json {
    if sort_by_address {
        entries.sort_by_key(|a| address_of(&a.json));
    } else {
        entries.sort_by(|a, b| {
            resource_order(&a.resource, &b.resource)
                .then_with(|| a.key.cmp(&b.key))
                .then_with(|| a.deposed.cmp(&b.deposed))
        });
    }
    let mut by_module: BTreeMap<String, Vec<Json>> = BTreeMap::new();
    let mut children: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for e in entries {
        let path = module_path(&e.module);
        for depth in 1..=e.module.len() {
            let parent = module_path(&e.module[..depth - 1]);
            let child = module_path(&e.module[..depth]);
            let list = children.entry(parent).or_default();
            if !list.contains(&child) {
                list.push(child);
            }
        }
        by_module.entry(path).or_default().push(e.json);
    }
    module_json("", &mut by_module, &children)
}

fn address_of(j: &Json) -> String {
    match j.get("address") {
        Some(Json::String(s)) => s.clone(),
        _ => String::new(),
    }
}

fn module_json(path: &str, by_module: &mut BTreeMap<String, Vec<Json>>, children: &BTreeMap<String, Vec<String>>) -> Json {
    let mut m = Vec::new();
    if let Some(rs) = by_module.remove(path).filter(|r| !r.is_empty()) {
        m.push(("resources".to_string(), Json::Array(rs)));
    }
    if !path.is_empty() {
        m.push(("address".into(), Json::str(path)));
    }
    if let Some(kids) = children.get(path) {
        let mut kids = kids.clone();
        kids.sort();
        let kids: Vec<Json> = kids.iter().map(|k| module_json(k, by_module, children)).collect();
        if !kids.is_empty() {
            m.push(("child_modules".into(), Json::Array(kids)));
        }
    }
    Json::Object(m)
}

/// The attribute values of an object (every attribute, nulls included) and where they are
/// sensitive.
pub fn attribute_values(attrs: &BTreeMap<String, Value>) -> (Json, Json) {
    let values = sorted_object(attrs.iter().map(|(k, v)| (k.clone(), known(v))).collect());
    let object = Value::Object(attrs.clone());
    (values, sensitive_as_bool(&object))
}

fn object_entry(r: &ResourceAddr, key: &InstanceKey, deposed: &str, obj: &InstanceObject) -> Entry {
    let marked = crate::workflow::state::sensitive::mark_paths(&obj.attributes, &obj.sensitive_attributes);
    let (values, sensitive) = attribute_values(&marked);
    let mut m = vec![
        ("address".to_string(), Json::str(r.instance(key.clone()).to_string())),
        ("mode".into(), Json::str(r.mode.state_name())),
        ("type".into(), Json::str(r.rtype.clone())),
        ("name".into(), Json::str(r.name.clone())),
    ];
    if let Some(i) = index_json(key) {
        m.push(("index".into(), i));
    }
    m.push(("provider_name".into(), Json::str(PROVIDER)));
    m.push(("schema_version".into(), Json::Number(obj.schema_version.to_string())));
    m.push(("values".into(), values));
    m.push(("sensitive_values".into(), sensitive));
    if !obj.dependencies.is_empty() {
        m.push((
            "depends_on".into(),
            Json::Array(obj.dependencies.iter().map(|d| Json::str(d.clone())).collect()),
        ));
    }
    if obj.tainted {
        m.push(("tainted".into(), Json::Bool(true)));
    }
    if !deposed.is_empty() {
        m.push(("deposed_key".into(), Json::str(deposed)));
    }
    Entry {
        module: r.module.clone(),
        resource: r.clone(),
        key: key.clone(),
        deposed: deposed.to_string(),
        json: Json::Object(m),
    }
}

/// The root outputs as the state holds them: `{"sensitive":..,"value":..,"type":..}`.
fn outputs(state: &State) -> Json {
    sorted_object(
        state
            .outputs
            .iter()
            .map(|(name, o)| {
                let plain = o.value.clone().unmark_deep().0;
                (
                    name.clone(),
                    Json::Object(vec![
                        ("sensitive".into(), Json::Bool(o.sensitive)),
                        ("value".into(), known(&plain)),
                        ("type".into(), type_json(&plain.ty())),
                    ]),
                )
            })
            .collect(),
    )
}

/// `{"outputs":{...},"root_module":{...}}` of a state.
pub fn state_values(state: &State) -> Json {
    let mut entries = Vec::new();
    for r in &state.resources {
        for inst in &r.instances {
            if let Some(cur) = &inst.current {
                entries.push(object_entry(&r.addr, &inst.key, "", cur));
            }
            for (dk, obj) in &inst.deposed {
                entries.push(object_entry(&r.addr, &inst.key, dk, obj));
            }
        }
    }
    let mut m = Vec::new();
    if !state.outputs.is_empty() {
        m.push(("outputs".to_string(), outputs(state)));
    }
    m.push(("root_module".into(), module_tree(entries, false)));
    Json::Object(m)
}

/// True when the state holds nothing Terraform would show (no resource, no output).
pub fn is_empty(state: &State) -> bool {
    state.outputs.is_empty() && state.resources.iter().all(|r| r.instances.is_empty())
}

/// The state document: `format_version`, the release that wrote the state, its values (and
/// nothing else for an empty state), and with `checks` the state's checks (a plan's prior
/// state has none: the plan holds them).
pub fn state_document(state: &State, checks: bool) -> Json {
    let mut m = vec![("format_version".to_string(), Json::str("1.0"))];
    if is_empty(state) {
        return Json::Object(m);
    }
    if !state.terraform_version.is_empty() {
        m.push(("terraform_version".into(), Json::str(state.terraform_version.clone())));
    }
    m.push(("values".into(), state_values(state)));
    if let Some(checks) = super::json_checks::from_state(state).filter(|_| checks) {
        m.push(("checks".into(), checks));
    }
    Json::Object(m)
}

/// What `show -json` prints for a state.
pub fn show_state_json(state: &State) -> String {
    let mut text = to_compact(&state_document(state, true));
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_shows_as_terraform_1_12_shows_it() {
        // tests/workflow/json: what tf-oracle 1.12.2 wrote and then showed.
        let text = include_str!("../../../tests/workflow/json/state-1.12.2.tfstate");
        let want = include_str!("../../../tests/workflow/json/show-state-1.12.2.json");
        let state = crate::workflow::state::read::read_state(text.as_bytes(), (1, 12, 2)).expect("the state reads");
        assert_eq!(show_state_json(&state), want);
    }

    #[test]
    fn an_empty_state_is_the_format_version_alone() {
        assert_eq!(show_state_json(&State::default()), "{\"format_version\":\"1.0\"}\n");
    }
}
