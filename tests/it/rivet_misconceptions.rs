//! The rivet misconception switches: each one, flipped, gives the answer a learner holding that
//! belief would give; the real rules give the seed's answer, and record that they consulted it.

use std::collections::BTreeMap;
use std::path::PathBuf;

use iacquiz::lang::{Rule, Rules, Value};
use iacquiz::rivet::{self, Bundle, ErrorKind, RivetError, Source, Status};

fn run(src: &str, rules: &Rules) -> Result<Bundle, RivetError> {
    rivet::compile(&Source::text(src), &BTreeMap::new(), &BTreeMap::new(), rules)
}

fn asset(rel: &str, rules: &Rules) -> Bundle {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/rivet").join(rel);
    match rivet::compile(&Source::Path(p), &BTreeMap::new(), &BTreeMap::new(), rules) {
        Ok(b) => b,
        Err(e) => panic!("{rel}: {e}"),
    }
}

fn asset_diff(case: &str, rule: Rule) -> (rivet::Diff, rivet::Diff) {
    let old = asset(&format!("identity/{case}/old"), &Rules::real());
    let new = asset(&format!("identity/{case}/new"), &Rules::real());
    let real = rivet::diff(&old, &new);
    let wrong = rivet::diff_with(&old, &new, &Rules::with(rule));
    assert!(real.touched.contains(&rule), "{case}: the real diff consults {}", rule.name());
    (real, wrong)
}

/// Compiles under the real rules and with `rule` flipped; checks the real run consulted it.
fn both(src: &str, rule: Rule) -> (Result<Bundle, RivetError>, Result<Bundle, RivetError>) {
    let real = run(src, &Rules::real());
    let touched = match &real {
        Ok(b) => b.touched.clone(),
        Err(e) => e.touched.clone(),
    };
    assert!(touched.contains(&rule), "the real run consults {}", rule.name());
    (real, run(src, &Rules::with(rule)))
}

fn addresses(r: &Result<Bundle, RivetError>) -> Vec<String> {
    match r {
        Ok(b) => b.addresses(),
        Err(e) => panic!("unexpected error: {e}"),
    }
}

const NAMED: &str = "variable \"files\" {\n  type = map(string)\n  default = {\n    first  = \"/etc/rivet-first\"\n    second = \"/etc/rivet-second\"\n  }\n}\nfile \"messages\" {\n  for_each = var.files\n  path     = each.value\n  content  = \"instance=${each.key}\\n\"\n}\n";
const SLOTS: &str = "variable \"enabled\" {\n  type    = bool\n  default = true\n}\nfile \"slots\" {\n  count   = var.enabled ? 2 : 0\n  path    = \"/etc/rivet-slot-${count.index}\"\n  content = \"slot=${count.index}\\n\"\n}\n";

#[test]
fn every_rivet_rule_has_a_catalogue_name() {
    for r in [
        Rule::ListIsImplicitSet,
        Rule::CountIndexFromOne,
        Rule::ReorderChangesNamedAddresses,
        Rule::RemovalDeletesObjects,
        Rule::StringAndNumericKeysInterchangeable,
        Rule::SensitiveKeysAllowed,
        Rule::LimitsPerModule,
        Rule::SensitiveVariableKeysPublic,
        Rule::EmptyExpansionIsError,
        Rule::KeysRenderUnquoted,
        Rule::FamilyDependsNeedsIndex,
        Rule::CountSlotsFollowValues,
        Rule::KeyChangeRenames,
        Rule::CountIndexUnderForEach,
    ] {
        assert_eq!(Rule::from_name(r.name()), Some(r), "{}", r.name());
    }
}

#[test]
fn list_is_implicit_set() {
    let (real, wrong) = both(
        "file \"a\" {\n  for_each = [\"second\", \"first\", \"second\"]\n}",
        Rule::ListIsImplicitSet,
    );
    assert_eq!(real.expect_err("a list is an error").kind, ErrorKind::ForEach);
    assert_eq!(addresses(&wrong), ["file.a[\"first\"]", "file.a[\"second\"]"]);
}

#[test]
fn count_index_from_one() {
    let (real, wrong) = both(SLOTS, Rule::CountIndexFromOne);
    assert_eq!(addresses(&real), ["file.slots[0]", "file.slots[1]"]);
    assert_eq!(addresses(&wrong), ["file.slots[1]", "file.slots[2]"]);
    let wrong = wrong.expect("compiles");
    assert!(matches!(wrong.resources[1].attributes.get("path"), Some(Value::String(s)) if &**s == "/etc/rivet-slot-2"));
}

#[test]
fn reorder_changes_named_addresses() {
    let (real, wrong) = asset_diff("reorder-named", Rule::ReorderChangesNamedAddresses);
    assert_eq!(real.with(Status::Kept).len(), 2);
    assert_eq!(
        wrong.with(Status::Changed),
        ["file.messages[\"first\"]", "file.messages[\"second\"]"]
    );
}

#[test]
fn removal_deletes_objects() {
    let (real, wrong) = asset_diff("remove-key", Rule::RemovalDeletesObjects);
    assert_eq!(real.with(Status::Superseded), ["file.messages[\"second\"]", "file.slots[2]"]);
    assert_eq!(wrong.with(Status::Removed), ["file.messages[\"second\"]", "file.slots[2]"]);
    assert!(wrong.with(Status::Superseded).is_empty());
}

#[test]
fn string_and_numeric_keys_interchangeable() {
    let src = format!("{SLOTS}file \"copy\" {{\n  path = file.slots[\"0\"].path\n}}");
    let (real, wrong) = both(&src, Rule::StringAndNumericKeysInterchangeable);
    assert_eq!(real.expect_err("distinct identities").kind, ErrorKind::Reference);
    let wrong = wrong.expect("a learner's interchangeable keys");
    assert!(
        matches!(wrong.resource("file.copy").and_then(|r| r.attributes.get("path")), Some(Value::String(s)) if &**s == "/etc/rivet-slot-0")
    );
    let src = "file \"m\" {\n  for_each = toset([\"0\"])\n}\nfile \"copy\" {\n  content = file.m[0]\n}";
    let (real, wrong) = both(src, Rule::StringAndNumericKeysInterchangeable);
    assert!(real.is_err() && wrong.is_ok());
}

#[test]
fn sensitive_keys_allowed() {
    let src = "variable \"k\" {\n  default   = \"alpha\"\n  sensitive = true\n}\nfile \"a\" {\n  for_each = toset([var.k])\n}";
    let (real, wrong) = both(src, Rule::SensitiveKeysAllowed);
    let e = real.expect_err("a sensitive identity");
    assert_eq!(e.kind, ErrorKind::Sensitive);
    assert!(!e.to_string().contains("alpha"));
    assert_eq!(addresses(&wrong), ["file.a[\"alpha\"]"]);
}

#[test]
fn sensitive_variable_keys_public() {
    let src = NAMED.replace("type = map(string)", "type      = map(string)\n  sensitive = true");
    let (real, wrong) = both(&src, Rule::SensitiveVariableKeysPublic);
    assert_eq!(real.expect_err("tainted keys").kind, ErrorKind::Sensitive);
    let wrong = wrong.expect("a learner's public keys");
    assert_eq!(wrong.addresses(), ["file.messages[\"first\"]", "file.messages[\"second\"]"]);
    assert!(
        wrong.resources[0].attributes.get("path").is_some_and(Value::is_sensitive),
        "the values stay sensitive"
    );
}

#[test]
fn limits_per_module() {
    let files = [
        ("main.rvt", "module \"m\" {\n  source = \"./m\"\n  count  = 3\n}"),
        ("m/main.rvt", "file \"f\" {\n  count = 4000\n}"),
    ];
    let real = rivet::compile(&Source::files(files), &BTreeMap::new(), &BTreeMap::new(), &Rules::real());
    let e = real.expect_err("12000 resources");
    assert_eq!(e.kind, ErrorKind::Limit);
    assert!(e.touched.contains(&Rule::LimitsPerModule));
    let wrong = rivet::compile(
        &Source::files(files),
        &BTreeMap::new(),
        &BTreeMap::new(),
        &Rules::with(Rule::LimitsPerModule),
    );
    assert_eq!(wrong.map(|b| b.resources.len()).ok(), Some(12_000));
}

#[test]
fn empty_expansion_is_error() {
    let src = SLOTS.replace("default = true", "default = false");
    let (real, wrong) = both(&src, Rule::EmptyExpansionIsError);
    assert!(addresses(&real).is_empty());
    assert_eq!(wrong.expect_err("a learner's error").kind, ErrorKind::Expansion);
}

#[test]
fn keys_render_unquoted() {
    let (real, wrong) = both(NAMED, Rule::KeysRenderUnquoted);
    assert_eq!(addresses(&real), ["file.messages[\"first\"]", "file.messages[\"second\"]"]);
    assert_eq!(addresses(&wrong), ["file.messages[first]", "file.messages[second]"]);
}

#[test]
fn family_depends_needs_index() {
    let real = asset("module-families", &Rules::real());
    assert!(real.touched.contains(&Rule::FamilyDependsNeedsIndex));
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/rivet/module-families");
    let wrong = rivet::compile(
        &Source::Path(p),
        &BTreeMap::new(),
        &BTreeMap::new(),
        &Rules::with(Rule::FamilyDependsNeedsIndex),
    );
    assert_eq!(wrong.expect_err("a learner's error").kind, ErrorKind::DependsOn);
}

#[test]
fn count_slots_follow_values() {
    let (real, wrong) = asset_diff("reorder-list", Rule::CountSlotsFollowValues);
    assert_eq!(real.with(Status::Changed), ["file.slots[0]", "file.slots[1]"]);
    assert_eq!(wrong.with(Status::Kept), ["file.slots[0]", "file.slots[1]"]);
}

#[test]
fn key_change_renames() {
    let (real, wrong) = asset_diff("change-key", Rule::KeyChangeRenames);
    assert_eq!(real.with(Status::Added), ["file.messages[\"later\"]"]);
    assert_eq!(wrong.with(Status::Changed), ["file.messages[\"later\"]"]);
    assert!(wrong.with(Status::Superseded).is_empty() && wrong.with(Status::Added).is_empty());
}

#[test]
fn count_index_under_for_each() {
    let src = "file \"a\" {\n  for_each = toset([\"x\", \"y\"])\n  path     = \"/slot-${count.index}\"\n}";
    let (real, wrong) = both(src, Rule::CountIndexUnderForEach);
    assert_eq!(real.expect_err("count.index under for_each").kind, ErrorKind::Reference);
    let wrong = wrong.expect("a learner's count.index");
    assert!(matches!(wrong.resource("file.a[\"y\"]").and_then(|r| r.attributes.get("path")), Some(Value::String(s)) if &**s == "/slot-1"));
}

#[test]
fn the_real_rules_touch_only_what_matters() {
    let b = run(NAMED, &Rules::real()).expect("compiles");
    assert!(!b.touched.contains(&Rule::CountIndexFromOne), "no count here");
    assert!(!b.touched.contains(&Rule::ListIsImplicitSet), "no list here");
    let b = run(SLOTS, &Rules::real()).expect("compiles");
    assert!(b.touched.contains(&Rule::CountIndexFromOne));
    assert!(!b.touched.contains(&Rule::KeysRenderUnquoted), "no named keys here");
}
