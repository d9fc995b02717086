//! The seed's examples (assets/rivet/): their addresses, attributes, outputs, ordering edges,
//! and what the identity examples' diffs report.

use std::collections::BTreeMap;
use std::path::PathBuf;

use iacquiz::lang::{Rules, Value};
use iacquiz::rivet::{self, Bundle, Output, Source, Status};

fn asset(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/rivet").join(rel)
}

fn compile(rel: &str) -> Bundle {
    compile_with(rel, &[])
}

fn compile_with(rel: &str, vars: &[(&str, Value)]) -> Bundle {
    let vars: BTreeMap<String, Value> = vars.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    match rivet::compile(&Source::Path(asset(rel)), &vars, &BTreeMap::new(), &Rules::real()) {
        Ok(b) => b,
        Err(e) => panic!("{rel}: {e}"),
    }
}

fn attr(b: &Bundle, addr: &str, name: &str) -> String {
    let r = b.resource(addr).unwrap_or_else(|| panic!("no {addr} in {:?}", b.addresses()));
    match r.attributes.get(name) {
        Some(Value::String(s)) => s.to_string(),
        other => panic!("{addr}.{name} = {other:?}"),
    }
}

#[test]
fn named_instances_are_identified_by_map_keys() {
    let b = compile("named-instances");
    assert_eq!(b.addresses(), ["file.messages[\"first\"]", "file.messages[\"second\"]"]);
    assert_eq!(attr(&b, "file.messages[\"first\"]", "path"), "/etc/rivet-first");
    assert_eq!(attr(&b, "file.messages[\"second\"]", "content"), "instance=second\n");
    match b.output("first") {
        Some(Output::Resource { address, rtype }) => {
            assert_eq!(address, "file.messages[\"first\"]");
            assert_eq!(rtype, "file");
        }
        other => panic!("output first = {other:?}"),
    }
}

#[test]
fn numbered_slots_follow_count() {
    let b = compile("numbered-slots");
    assert_eq!(b.addresses(), ["file.slots[0]", "file.slots[1]"]);
    assert_eq!(attr(&b, "file.slots[1]", "path"), "/etc/rivet-slot-1");
    assert_eq!(attr(&b, "file.slots[0]", "content"), "slot=0\n");
    let off = compile_with("numbered-slots", &[("enabled", Value::Bool(false))]);
    assert!(off.addresses().is_empty(), "zero count makes no instances");
}

#[test]
fn module_families_expand_instances_and_boundaries() {
    let b = compile("module-families");
    assert_eq!(
        b.addresses(),
        [
            "module.files[\"first\"].file.this",
            "module.files[\"second\"].file.this",
            "module.slots[0].file.this",
            "module.slots[1].file.this",
        ]
    );
    let modules: Vec<&str> = b.modules.iter().map(|m| m.address.as_str()).collect();
    assert_eq!(
        modules,
        [
            "module.files[\"first\"]",
            "module.files[\"second\"]",
            "module.slots[0]",
            "module.slots[1]"
        ]
    );
    assert_eq!(attr(&b, "module.files[\"second\"].file.this", "path"), "/etc/module-second");
    assert_eq!(attr(&b, "module.slots[1].file.this", "content"), "slot=1\n");
    // depends_on = [module.files] expands to every instance boundary of the family.
    for slot in ["module.slots[0]", "module.slots[1]"] {
        let m = b.module(slot).expect("slot module");
        assert_eq!(m.edges, ["module.files[\"first\"]", "module.files[\"second\"]"]);
    }
    assert!(b.module("module.files[\"first\"]").is_some_and(|m| m.edges.is_empty()));
    match b.output("first_file") {
        Some(Output::Resource { address, .. }) => assert_eq!(address, "module.files[\"first\"].file.this"),
        other => panic!("first_file = {other:?}"),
    }
}

#[test]
fn bundle_json_holds_addresses_attributes_edges_and_outputs() {
    let b = compile("module-families");
    let j = b.to_json();
    assert_eq!(j["resources"][0]["address"], "module.files[\"first\"].file.this");
    assert_eq!(j["resources"][0]["attributes"]["content"], "instance=first\n");
    assert_eq!(j["modules"][2]["edges"][1], "module.files[\"second\"]");
    assert_eq!(j["outputs"]["first_file"]["value"], "module.files[\"first\"].file.this");
    assert!(
        j["resources"][0]["digest"]
            .as_str()
            .is_some_and(|d| d.starts_with("sha256:") && d.len() == 71)
    );
}

fn diff(case: &str) -> rivet::Diff {
    let old = compile(&format!("identity/{case}/old"));
    let new = compile(&format!("identity/{case}/new"));
    rivet::diff(&old, &new)
}

#[test]
fn reordering_named_keys_keeps_addresses_and_digests() {
    let d = diff("reorder-named");
    assert_eq!(d.with(Status::Kept), ["file.messages[\"first\"]", "file.messages[\"second\"]"]);
    assert_eq!(d.entries.len(), 2);
    let old = compile("identity/reorder-named/old");
    let new = compile("identity/reorder-named/new");
    for (o, n) in old.resources.iter().zip(&new.resources) {
        assert_eq!((o.address.as_str(), o.digest()), (n.address.as_str(), n.digest()));
    }
}

#[test]
fn reordering_a_counted_list_changes_slots() {
    let d = diff("reorder-list");
    assert_eq!(d.with(Status::Changed), ["file.slots[0]", "file.slots[1]"]);
}

#[test]
fn changing_a_key_is_a_new_declaration() {
    let d = diff("change-key");
    assert_eq!(d.with(Status::Kept), ["file.messages[\"first\"]"]);
    assert_eq!(d.with(Status::Added), ["file.messages[\"later\"]"]);
    assert_eq!(d.with(Status::Superseded), ["file.messages[\"second\"]"]);
}

#[test]
fn removing_keys_or_slots_supersedes_without_deleting() {
    let d = diff("remove-key");
    assert_eq!(d.with(Status::Superseded), ["file.messages[\"second\"]", "file.slots[2]"]);
    assert!(d.with(Status::Removed).is_empty());
}

#[test]
fn explicit_absent_declarations_remove() {
    let d = diff("explicit-absent");
    assert_eq!(d.with(Status::Removed), ["file.messages[\"second\"]"]);
    assert!(d.with(Status::Superseded).is_empty());
    assert_eq!(d.status("file.slots[2]"), Some(Status::Kept));
}
