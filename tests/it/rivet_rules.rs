//! Every rule the rivet engine enforces: declarations, expansion, keys, references, sensitivity.
//! Errors are checked for their kind, their `file:line` and a message a person can act on.

use std::collections::BTreeMap;

use iacquiz::lang::{Rules, Value};
use iacquiz::rivet::{self, Bundle, ErrorKind, RivetError, Source};

fn compile_with(src: &str, vars: &[(&str, Value)], facts: &[&str]) -> Result<Bundle, RivetError> {
    let vars: BTreeMap<String, Value> = vars.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    let facts = rivet::facts_from_pairs(facts.iter().copied()).expect("facts");
    rivet::compile(&Source::text(src), &vars, &facts, &Rules::real())
}

fn addrs(src: &str) -> Vec<String> {
    match compile_with(src, &[], &[]) {
        Ok(b) => b.addresses(),
        Err(e) => panic!("unexpected error: {e}"),
    }
}

fn err(src: &str) -> RivetError {
    match compile_with(src, &[], &[]) {
        Ok(b) => panic!("expected an error, got {:?}", b.addresses()),
        Err(e) => e,
    }
}

/// Checks the error's kind, that it is located at `main.rvt:LINE`, and that it says `words`.
fn check(e: &RivetError, kind: ErrorKind, line: usize, words: &str) {
    assert_eq!(e.kind, kind, "{e}");
    assert_eq!(e.file.as_deref(), Some("main.rvt"), "{e}");
    assert_eq!(e.line, Some(line), "{e}");
    assert!(e.message.contains(words), "{e:?} should say {words:?}");
    assert!(e.to_string().starts_with(&format!("main.rvt:{line}:")), "{e}");
}

#[test]
fn any_non_keyword_block_is_a_resource_type() {
    assert_eq!(
        addrs("dir \"etc\" {\n  path = \"/etc\"\n}\nfile \"motd\" {\n  path = \"/etc/motd\"\n}"),
        ["dir.etc", "file.motd"]
    );
    check(&err("file {\n}"), ErrorKind::Declaration, 1, "exactly one label");
    check(&err("var \"x\" {\n}"), ErrorKind::Declaration, 1, "cannot be a resource type");
    check(
        &err("file \"a\" {\n}\nfile \"a\" {\n}"),
        ErrorKind::Declaration,
        3,
        "declared twice",
    );
    check(&err("path = \"/x\"\n"), ErrorKind::Declaration, 1, "outside any block");
    check(
        &err("file \"a\" {\n  nested {\n  }\n}"),
        ErrorKind::Declaration,
        2,
        "unknown nested block",
    );
}

#[test]
fn syntax_errors_carry_file_and_line() {
    check(&err("file \"a\" {\n  path = \n}"), ErrorKind::Syntax, 2, "");
}

#[test]
fn variables_have_types_defaults_and_values() {
    let src = "variable \"n\" {\n  type    = number\n  default = 2\n}\nfile \"f\" {\n  count = var.n\n}";
    assert_eq!(addrs(src), ["file.f[0]", "file.f[1]"]);
    let b = compile_with(src, &[("n", Value::int(3))], &[]).expect("compiles");
    assert_eq!(b.addresses().len(), 3);
    check(
        &err("variable \"n\" {\n  type    = number\n  default = \"many\"\n}"),
        ErrorKind::Variable,
        3,
        "does not accept this value",
    );
    check(
        &err("variable \"n\" {\n  type = number\n}"),
        ErrorKind::Variable,
        1,
        "pass --var 'n=...'",
    );
    check(
        &err("variable \"n\" {\n  colour = 1\n}"),
        ErrorKind::Declaration,
        2,
        "unknown argument",
    );
    check(
        &err("variable \"n\" {\n  sensitive = \"yes\"\n}"),
        ErrorKind::Declaration,
        2,
        "true or false",
    );
    let e = compile_with("file \"a\" {\n}", &[("ghost", Value::int(1))], &[]).expect_err("undeclared --var");
    assert_eq!(e.kind, ErrorKind::Variable);
    assert!(e.message.contains("no variable \"ghost\""), "{e}");
}

#[test]
fn outputs_typed_resource_need_one_instance_of_that_type() {
    let ok = "file \"a\" {\n  path = \"/a\"\n}\noutput \"o\" {\n  type  = resource(\"file\")\n  value = file.a\n}";
    assert!(compile_with(ok, &[], &[]).is_ok());
    check(
        &err("dir \"a\" {\n}\noutput \"o\" {\n  type  = resource(\"file\")\n  value = dir.a\n}"),
        ErrorKind::Output,
        5,
        "is a \"dir\" resource",
    );
    check(
        &err("file \"a\" {\n  count = 2\n}\noutput \"o\" {\n  type  = resource(\"file\")\n  value = file.a\n}"),
        ErrorKind::Output,
        6,
        "index one of them",
    );
    check(
        &err("file \"a\" {\n  path = \"/a\"\n}\noutput \"o\" {\n  type  = resource(\"file\")\n  value = file.a.path\n}"),
        ErrorKind::Output,
        6,
        "without an attribute",
    );
    check(
        &err("output \"o\" {\n  type = string\n}"),
        ErrorKind::Declaration,
        1,
        "needs a value",
    );
    check(
        &err("output \"o\" {\n  type  = number\n  value = \"x\"\n}"),
        ErrorKind::Output,
        3,
        "does not fit its type",
    );
}

#[test]
fn meta_holds_depends_on_and_expansion_stays_outside() {
    let src = "file \"a\" {\n  path = \"/a\"\n}\nfile \"b\" {\n  path = \"/b\"\n  meta { depends_on = [file.a] }\n}";
    let b = compile_with(src, &[], &[]).expect("compiles");
    assert_eq!(b.resource("file.b").map(|r| r.edges.clone()), Some(vec!["file.a".to_string()]));
    check(
        &err("file \"b\" {\n  depends_on = []\n}"),
        ErrorKind::Declaration,
        2,
        "inside a meta block",
    );
    check(
        &err("file \"b\" {\n  meta {\n    count = 2\n  }\n}"),
        ErrorKind::Expansion,
        3,
        "outside meta",
    );
    check(&err("meta {\n}"), ErrorKind::Declaration, 1, "inside a resource or module block");
    check(
        &err("file \"b\" {\n  meta { depends_on = [\"file.a\"] }\n}"),
        ErrorKind::DependsOn,
        2,
        "not a reference",
    );
    check(
        &err("file \"b\" {\n  meta { depends_on = [file.zz] }\n}"),
        ErrorKind::Reference,
        2,
        "no resource file.zz",
    );
}

#[test]
fn references_create_ordering_edges() {
    let src = "file \"a\" {\n  for_each = toset([\"x\", \"y\"])\n  path = each.key\n}\nfile \"b\" {\n  content = file.a[\"x\"].path\n}\nfile \"c\" {\n  content = length(file.a)\n}";
    let b = compile_with(src, &[], &[]).expect("compiles");
    assert_eq!(
        b.resource("file.b").map(|r| r.edges.clone()),
        Some(vec!["file.a[\"x\"]".to_string()])
    );
    assert_eq!(b.resource("file.c").map(|r| r.edges.len()), Some(2));
}

#[test]
fn facts_are_strings_or_integers() {
    let src = "file \"f\" {\n  count = fact.cpus\n  content = fact.host\n}";
    let b = compile_with(src, &[], &["cpus=2", "host=web-1"]).expect("compiles");
    assert_eq!(b.addresses(), ["file.f[0]", "file.f[1]"]);
    assert!(matches!(b.resources[0].attributes.get("content"), Some(Value::String(s)) if &**s == "web-1"));
    let e = compile_with(src, &[], &["cpus=two", "host=h"]).expect_err("a string count");
    check(&e, ErrorKind::Count, 2, "must be a number, not a string");
    let e = compile_with(src, &[], &[]).expect_err("an unset fact");
    check(&e, ErrorKind::Count, 2, "not known at compile time");
    assert!(rivet::fact_value("-3").as_number().is_some());
    assert!(rivet::fact_value("3.5").as_str().is_some());
}

#[test]
fn for_each_takes_a_map_or_a_set_of_strings() {
    assert_eq!(
        addrs("file \"a\" {\n  for_each = { b = 1, a = 2 }\n}"),
        ["file.a[\"a\"]", "file.a[\"b\"]"]
    );
    assert_eq!(
        addrs("file \"a\" {\n  for_each = toset([\"y\", \"x\", \"y\"])\n}"),
        ["file.a[\"x\"]", "file.a[\"y\"]"]
    );
    check(
        &err("file \"a\" {\n  for_each = [\"x\", \"y\"]\n}"),
        ErrorKind::ForEach,
        2,
        "use toset([...])",
    );
    check(
        &err("file \"a\" {\n  for_each = tolist([\"x\"])\n}"),
        ErrorKind::ForEach,
        2,
        "not an implicit set",
    );
    check(
        &err("file \"a\" {\n  for_each = toset([1, 2])\n}"),
        ErrorKind::ForEach,
        2,
        "set of number",
    );
    check(&err("file \"a\" {\n  for_each = \"x\"\n}"), ErrorKind::ForEach, 2, "is a string");
    check(&err("file \"a\" {\n  for_each = null\n}"), ErrorKind::ForEach, 2, "is null");
}

#[test]
fn keys_are_nonempty_and_free_of_control_characters() {
    check(&err("file \"a\" {\n  for_each = { \"\" = 1 }\n}"), ErrorKind::Key, 2, "nonempty");
    check(
        &err("file \"a\" {\n  for_each = toset([\"a\\tb\"])\n}"),
        ErrorKind::Key,
        2,
        "control characters",
    );
    assert_eq!(
        addrs("file \"a\" {\n  for_each = toset([\"with space\", \"q\\\"uote\"])\n}"),
        ["file.a[\"q\\\"uote\"]", "file.a[\"with space\"]"]
    );
}

#[test]
fn each_belongs_to_for_each_and_count_index_to_count() {
    let b = compile_with(
        "file \"a\" {\n  for_each = { first = \"/one\" }\n  path = each.value\n  content = each.key\n}",
        &[],
        &[],
    )
    .expect("compiles");
    let r = &b.resources[0];
    assert!(matches!(r.attributes.get("path"), Some(Value::String(s)) if &**s == "/one"));
    assert!(matches!(r.attributes.get("content"), Some(Value::String(s)) if &**s == "first"));
    check(
        &err("file \"a\" {\n  path = each.key\n}"),
        ErrorKind::Reference,
        2,
        "only in a declaration with for_each",
    );
    check(
        &err("file \"a\" {\n  count = 1\n  path = each.key\n}"),
        ErrorKind::Reference,
        3,
        "use count.index",
    );
    check(
        &err("file \"a\" {\n  path = count.index\n}"),
        ErrorKind::Reference,
        2,
        "only in a declaration with count",
    );
    check(
        &err("file \"a\" {\n  for_each = toset([\"x\"])\n  path = count.index\n}"),
        ErrorKind::Reference,
        3,
        "use each.key",
    );
}

#[test]
fn each_key_does_not_leak_into_referenced_declarations() {
    let src = "file \"a\" {\n  for_each = toset([\"x\"])\n  content = file.b.path\n}\nfile \"b\" {\n  path = each.key\n}";
    check(&err(src), ErrorKind::Reference, 6, "only in a declaration with for_each");
}

#[test]
fn count_is_a_public_nonnegative_whole_compile_time_number() {
    assert_eq!(addrs("file \"a\" {\n  count = 3\n}"), ["file.a[0]", "file.a[1]", "file.a[2]"]);
    check(&err("file \"a\" {\n  count = -1\n}"), ErrorKind::Count, 2, "must not be negative");
    check(&err("file \"a\" {\n  count = 1.5\n}"), ErrorKind::Count, 2, "whole number");
    check(&err("file \"a\" {\n  count = \"2\"\n}"), ErrorKind::Count, 2, "not a string");
    check(&err("file \"a\" {\n  count = null\n}"), ErrorKind::Count, 2, "is null");
    check(&err("file \"a\" {\n  count = fact.missing\n}"), ErrorKind::Count, 2, "--fact");
    let secret = "variable \"n\" {\n  default   = 2\n  sensitive = true\n}\nfile \"a\" {\n  count = var.n\n}";
    check(&err(secret), ErrorKind::Count, 6, "is sensitive");
}

#[test]
fn count_and_for_each_are_mutually_exclusive() {
    check(
        &err("file \"a\" {\n  count    = 1\n  for_each = {}\n}"),
        ErrorKind::Expansion,
        3,
        "mutually exclusive",
    );
    check(
        &err("module \"m\" {\n  source   = \"./m\"\n  count    = 1\n  for_each = {}\n}"),
        ErrorKind::Expansion,
        4,
        "mutually exclusive",
    );
}

#[test]
fn named_keys_render_quoted_and_slots_bare() {
    assert_eq!(
        addrs("file \"n\" {\n  for_each = toset([\"0\"])\n}\nfile \"s\" {\n  count = 1\n}"),
        ["file.n[\"0\"]", "file.s[0]"]
    );
}

#[test]
fn string_and_numeric_keys_are_distinct_identities() {
    let slots = "file \"slots\" {\n  count = 2\n}\n";
    let named = "file \"messages\" {\n  for_each = toset([\"0\", \"first\"])\n}\n";
    let ok = format!("{slots}{named}file \"r\" {{\n  a = file.slots[0]\n  b = file.messages[\"0\"]\n}}");
    assert!(compile_with(&ok, &[], &[]).is_ok());
    let e = err(&format!("{slots}file \"r\" {{\n  a = file.slots[\"0\"]\n}}"));
    check(&e, ErrorKind::Reference, 5, "string and numeric keys are distinct identities");
    let e = err(&format!("{named}file \"r\" {{\n  a = file.messages[0]\n}}"));
    check(&e, ErrorKind::Reference, 5, "index it with a string");
    let e = err(&format!("{slots}file \"r\" {{\n  a = file.slots[5]\n}}"));
    check(&e, ErrorKind::Reference, 5, "has no instance [5]");
    let e = err("file \"one\" {\n}\nfile \"r\" {\n  a = file.one[0]\n}");
    check(&e, ErrorKind::Reference, 4, "no count or for_each");
    let e = err(&format!("{named}file \"r\" {{\n  a = file.messages.path\n}}"));
    check(&e, ErrorKind::Reference, 5, "pick one before .path");
}

#[test]
fn zero_count_and_empty_collections_make_no_instances() {
    assert!(addrs("file \"a\" {\n  count = 0\n}\nfile \"b\" {\n  for_each = {}\n}\nfile \"c\" {\n  for_each = toset([])\n}").is_empty());
    let src = "module \"m\" {\n  source = \"./modules/x\"\n  count  = 0\n}";
    let files = Source::files([("main.rvt", src), ("modules/x/main.rvt", "file \"f\" {\n}")]);
    let b = rivet::compile(&files, &BTreeMap::new(), &BTreeMap::new(), &Rules::real()).expect("compiles");
    assert!(b.addresses().is_empty() && b.modules.is_empty());
}

#[test]
fn sensitive_identities_fail_without_showing_the_secret() {
    let src = "variable \"names\" {\n  type      = set(string)\n  default   = [\"hunter2-key\"]\n  sensitive = true\n}\nfile \"a\" {\n  for_each = var.names\n}";
    let e = err(src);
    check(&e, ErrorKind::Sensitive, 7, "instance keys must be public");
    assert!(!e.to_string().contains("hunter2"), "{e}");
    // A sensitive value used as a set element (not a whole variable).
    let src = "variable \"k\" {\n  default   = \"hunter2-key\"\n  sensitive = true\n}\nfile \"a\" {\n  for_each = toset([var.k])\n}";
    let e = err(src);
    assert_eq!(e.kind, ErrorKind::Sensitive, "{e}");
    assert!(!e.to_string().contains("hunter2"), "{e}");
    // Indexing with a sensitive key.
    let src = "variable \"k\" {\n  default   = \"first\"\n  sensitive = true\n}\nfile \"a\" {\n  for_each = toset([\"first\"])\n}\nfile \"b\" {\n  content = file.a[var.k].path\n}";
    let e = err(src);
    check(&e, ErrorKind::Sensitive, 9, "is sensitive");
    assert!(!e.message.contains("\"first\""), "{e}");
}

#[test]
fn public_keys_may_carry_sensitive_values() {
    let src = "variable \"pw\" {\n  default   = \"hunter2\"\n  sensitive = true\n}\nfile \"a\" {\n  for_each = { admin = var.pw }\n  content  = each.value\n}\noutput \"o\" {\n  value = file.a[\"admin\"].content\n}";
    let b = compile_with(src, &[], &[]).expect("public keys with sensitive values compile");
    assert_eq!(b.addresses(), ["file.a[\"admin\"]"]);
    let json = b.to_json().to_string();
    assert!(!json.contains("hunter2"), "{json}");
    assert!(json.contains("(sensitive value)"));
}

#[test]
fn a_wholly_sensitive_variable_taints_its_keys() {
    let src = "variable \"files\" {\n  type      = map(string)\n  default   = { first = \"/etc/first\" }\n  sensitive = true\n}\nfile \"a\" {\n  for_each = var.files\n  path     = each.value\n}";
    let e = err(src);
    check(&e, ErrorKind::Sensitive, 7, "sensitive");
    assert!(!e.to_string().contains("first"), "{e}");
}

#[test]
fn cycles_are_refused() {
    let e = err("file \"a\" {\n  path = file.b.path\n}\nfile \"b\" {\n  path = file.a.path\n}");
    assert_eq!(e.kind, ErrorKind::Cycle, "{e}");
    assert!(e.message.contains("file.a -> file.b -> file.a"), "{e}");
    let e = err("file \"a\" {\n  meta { depends_on = [file.a] }\n}");
    assert_eq!(e.kind, ErrorKind::Cycle, "{e}");
}

#[test]
fn ensure_is_present_or_absent() {
    let b = compile_with("file \"a\" {\n  ensure = \"absent\"\n}", &[], &[]).expect("compiles");
    assert!(b.resources[0].absent);
    check(
        &err("file \"a\" {\n  ensure = \"gone\"\n}"),
        ErrorKind::Declaration,
        2,
        "\"present\" or \"absent\"",
    );
}

#[test]
fn unknown_names_are_errors() {
    check(
        &err("file \"a\" {\n  path = local.x\n}"),
        ErrorKind::Reference,
        2,
        "\"local\" is not var",
    );
    check(
        &err("file \"a\" {\n  path = var.nope\n}"),
        ErrorKind::Reference,
        2,
        "no variable \"nope\"",
    );
    check(
        &err("file \"a\" {\n  path = module.nope.x\n}"),
        ErrorKind::Reference,
        2,
        "no module call named \"nope\"",
    );
}

#[test]
fn messages_never_quote_a_sensitive_string() {
    // The evaluator's own error names the failing key; the secret is redacted from it.
    let src = "variable \"pw\" {\n  default   = \"hunter2\"\n  sensitive = true\n}\nfile \"a\" {\n  content = { x = 1 }[var.pw]\n}";
    let e = err(src);
    assert!(!e.to_string().contains("hunter2"), "{e}");
    let e = RivetError::new(ErrorKind::Eval, "no key \"hunter2\" here").redact(&["hunter2".to_string()]);
    assert_eq!(e.message, "no key \"(sensitive value)\" here");
}
