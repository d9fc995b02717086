//! The workflow renderer against real Terraform: each case builds, by hand, the plan or state
//! that the scenario in `tests/workflow/render/<case>/scenario.json` leads to, and the text
//! rendered must equal what Terraform 1.6.6, 1.12.2 and 1.14.9 printed, byte for byte
//! (recorded by `scripts/record-workflow-render.py`, UUIDs numbered in order of appearance).

use std::collections::BTreeMap;
use std::path::PathBuf;

use iacquiz::lang::value::number::Number;
use iacquiz::lang::{Marks, Type, Value};
use iacquiz::workflow::model::{
    Action, InstanceAddr, InstanceKey, InstanceObject, InstanceState, ModuleStep, OutputChange, OutputValue, Plan, PlanMode, Reason,
    ResourceAddr, ResourceChange, ResourceMode, ResourceState, State,
};
use iacquiz::workflow::render::{self, RenderOptions};

const RELEASES: [(&str, (u32, u32, u32)); 3] = [("1.6.6", (1, 6, 6)), ("1.12.2", (1, 12, 2)), ("1.14.9", (1, 14, 9))];

// ---- values -------------------------------------------------------------------------------

fn s(x: &str) -> Value {
    Value::string(x)
}
fn n(x: &str) -> Value {
    Value::Number(Number::parse(x).expect("a number literal in the test"))
}
fn b(x: bool) -> Value {
    Value::Bool(x)
}
fn null() -> Value {
    Value::null()
}
fn unknown() -> Value {
    Value::unknown(Type::Dynamic)
}
fn sens(v: Value) -> Value {
    v.mark_with(Marks::SENSITIVE)
}
fn obj(kv: &[(&str, Value)]) -> Value {
    Value::Object(kv.iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
}
fn tuple(vs: Vec<Value>) -> Value {
    Value::Tuple(vs)
}
fn list(t: Type, vs: Vec<Value>) -> Value {
    Value::List(t, vs)
}
fn map(t: Type, kv: &[(&str, Value)]) -> Value {
    Value::Map(t, kv.iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
}
fn uuid(i: u32) -> String {
    format!("00000000-0000-0000-0000-{i:012}")
}

/// A terraform_data object as applied: `output` is `input`.
fn data(id: u32, input: Value, triggers: Value) -> Value {
    obj(&[
        ("id", s(&uuid(id))),
        ("input", input.clone()),
        ("output", input),
        ("triggers_replace", triggers),
    ])
}
/// A terraform_data object as planned: id and output known after apply.
fn planned(input: Value, triggers: Value) -> Value {
    obj(&[
        ("id", unknown()),
        ("input", input),
        ("output", unknown()),
        ("triggers_replace", triggers),
    ])
}
/// An in-place update: the id kept, the output known after apply.
fn updated(id: u32, input: Value, triggers: Value) -> Value {
    obj(&[
        ("id", s(&uuid(id))),
        ("input", input),
        ("output", unknown()),
        ("triggers_replace", triggers),
    ])
}
/// A replacement's after: the input and triggers kept, id and output known after apply.
fn replacement(input: Value, triggers: Value) -> Value {
    planned(input, triggers)
}

// ---- addresses, changes, states -----------------------------------------------------------

fn res(name: &str) -> ResourceAddr {
    ResourceAddr::root(ResourceMode::Managed, "terraform_data", name)
}
fn at(name: &str) -> InstanceAddr {
    res(name).instance(InstanceKey::None)
}
fn at_i(name: &str, i: i64) -> InstanceAddr {
    res(name).instance(InstanceKey::Int(i))
}
fn at_k(name: &str, k: &str) -> InstanceAddr {
    res(name).instance(InstanceKey::Str(k.into()))
}

fn change(addr: InstanceAddr, action: Action, before: Value, after: Value) -> ResourceChange {
    ResourceChange {
        addr,
        prev_addr: None,
        deposed: None,
        action,
        reason: None,
        before,
        after,
        replace_paths: Vec::new(),
        importing: None,
    }
}
fn create(addr: InstanceAddr, after: Value) -> ResourceChange {
    change(addr, Action::Create, null(), after)
}
fn update(addr: InstanceAddr, before: Value, after: Value) -> ResourceChange {
    change(addr, Action::Update, before, after)
}
fn delete(addr: InstanceAddr, before: Value, reason: Option<Reason>) -> ResourceChange {
    ResourceChange {
        reason,
        ..change(addr, Action::Delete, before, null())
    }
}
fn out(name: &str, action: Action, before: Value, after: Value) -> OutputChange {
    OutputChange {
        name: name.into(),
        action,
        before,
        after,
        sensitive: false,
    }
}

fn object(attrs: &Value) -> InstanceObject {
    InstanceObject {
        tainted: false,
        schema_version: 0,
        attributes: attrs.as_entries().cloned().unwrap_or_default(),
        sensitive_attributes: Vec::new(),
        private: None,
        dependencies: Vec::new(),
        create_before_destroy: false,
    }
}

/// A state of the given instances (grouped by resource in the order given).
fn state(instances: &[(InstanceAddr, Value)]) -> State {
    let mut st = State::default();
    for (addr, v) in instances {
        let inst = InstanceState {
            key: addr.key.clone(),
            current: Some(object(v)),
            deposed: BTreeMap::new(),
        };
        match st.resources.iter_mut().find(|r| r.addr == addr.resource) {
            Some(r) => r.instances.push(inst),
            None => st.resources.push(ResourceState {
                addr: addr.resource.clone(),
                provider: "provider[\"terraform.io/builtin/terraform\"]".into(),
                instances: vec![inst],
            }),
        }
    }
    st
}

fn plan(prior: State, changes: Vec<ResourceChange>, outputs: Vec<OutputChange>) -> Plan {
    Plan {
        prior,
        changes,
        outputs,
        ..Plan::default()
    }
}

// ---- comparison ---------------------------------------------------------------------------

fn recorded(case: &str, file: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "workflow", "render", case, file]
        .iter()
        .collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The first line where two texts differ, shown for a failure.
fn first_difference(want: &str, got: &str) -> String {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.split('\n').collect(), got.split('\n').collect());
    for i in 0..w.len().max(g.len()) {
        if w.get(i) != g.get(i) {
            return format!("line {}:\n  want {:?}\n  got  {:?}", i + 1, w.get(i), g.get(i));
        }
    }
    "(same lines)".into()
}

/// Renders at each release and compares with `<case>/<release><suffix>.txt`.
fn check(case: &str, suffix: &str, render: impl Fn(RenderOptions) -> String) {
    let mut failures = Vec::new();
    for (label, version) in RELEASES {
        let want = recorded(case, &format!("{label}{suffix}.txt"));
        let got = render(RenderOptions::automation(version));
        if want != got {
            failures.push(format!(
                "{case}{suffix} at {label}: {}\n--- got:\n{got}",
                first_difference(&want, &got)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn check_plan(case: &str, p: &Plan) {
    check(case, "", |o| render::plan_text(p, &o));
}

// ---- plans --------------------------------------------------------------------------------

#[test]
fn create_count() {
    let p = plan(
        State::default(),
        vec![
            create(at_i("a", 0), planned(s("x0"), null())),
            create(at_i("a", 1), planned(s("x1"), null())),
        ],
        vec![out("first", Action::Create, null(), unknown())],
    );
    check_plan("create_count", &p);
}

#[test]
fn create_for_each() {
    let input = |k: &str, v: Value| {
        obj(&[
            ("k", s(k)),
            ("v", v),
            ("l", tuple(vec![n("1.5"), s("s")])),
            ("e", tuple(vec![])),
            ("m", obj(&[])),
        ])
    };
    let p = plan(
        State::default(),
        vec![
            create(at_k("m", "x"), planned(input("x", n("1")), null())),
            create(at_k("m", "y"), planned(input("y", b(true)), null())),
            create(at_k("s", "a"), planned(s("a"), null())),
            create(at_k("s", "b"), planned(s("b"), null())),
        ],
        vec![],
    );
    check_plan("create_for_each", &p);
}

#[test]
fn update_string() {
    let before = data(1, s("x"), null());
    let p = plan(
        state(&[(at("a"), before.clone())]),
        vec![update(at("a"), before, updated(1, s("y"), null()))],
        vec![],
    );
    check_plan("update_string", &p);
}

fn strings(xs: &[&str]) -> Value {
    tuple(xs.iter().map(|x| s(x)).collect())
}

#[test]
fn update_object() {
    let keep = obj(&[("x", n("1")), ("y", n("2"))]);
    let before = data(
        1,
        obj(&[
            ("same", s("s")),
            ("name", s("old")),
            ("list", strings(&["a", "b", "c", "d", "e"])),
            ("map", obj(&[("k1", s("v1")), ("k2", s("v2")), ("k3", s("v3"))])),
            ("gone", s("g")),
            ("keep", keep.clone()),
        ]),
        null(),
    );
    let after = updated(
        1,
        obj(&[
            ("same", s("s")),
            ("name", s("new")),
            ("list", strings(&["a", "x", "c", "e", "f"])),
            ("map", obj(&[("k1", s("v1")), ("k2", s("changed")), ("k4", s("v4"))])),
            ("added", b(true)),
            ("keep", keep),
        ]),
        null(),
    );
    let p = plan(state(&[(at("a"), before.clone())]), vec![update(at("a"), before, after)], vec![]);
    check_plan("update_object", &p);
}

#[test]
fn update_list() {
    let before = data(1, strings(&["a", "b", "c", "d", "e", "f", "g"]), null());
    let after = updated(1, strings(&["a", "b", "x", "d", "e", "g", "h"]), null());
    let p = plan(state(&[(at("a"), before.clone())]), vec![update(at("a"), before, after)], vec![]);
    check_plan("update_list", &p);
}

#[test]
fn update_map() {
    let m = |kv: &[(&str, &str)]| map(Type::String, &kv.iter().map(|(k, v)| (*k, s(v))).collect::<Vec<_>>());
    let before = data(1, m(&[("a", "1"), ("b", "2"), ("c", "3"), ("d", "4")]), null());
    let after = updated(1, m(&[("a", "1"), ("b", "20"), ("d", "4"), ("e", "5")]), null());
    let p = plan(state(&[(at("a"), before.clone())]), vec![update(at("a"), before, after)], vec![]);
    check_plan("update_map", &p);
}

#[test]
fn update_type() {
    let a = data(1, s("x"), null());
    let bb = data(2, strings(&["x", "y"]), null());
    let c = data(3, obj(&[("a", n("1"))]), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone()), (at("c"), c.clone())]),
        vec![
            update(at("a"), a, updated(1, strings(&["x"]), null())),
            update(at("b"), bb, updated(2, list(Type::String, vec![s("x"), s("y")]), null())),
            update(at("c"), c, updated(3, n("5"), null())),
        ],
        vec![],
    );
    check_plan("update_type", &p);
}

fn replace(addr: InstanceAddr, action: Action, reason: Reason, before: Value, after: Value, paths: &[&str]) -> ResourceChange {
    ResourceChange {
        reason: Some(reason),
        replace_paths: paths.iter().map(|p| p.to_string()).collect(),
        ..change(addr, action, before, after)
    }
}

#[test]
fn replace_triggers() {
    let before = data(1, s("x"), tuple(vec![s("one"), n("1")]));
    let after = replacement(s("x"), tuple(vec![s("two"), n("1")]));
    let c = replace(
        at("a"),
        Action::DeleteThenCreate,
        Reason::ReplaceBecauseCannotUpdate,
        before.clone(),
        after,
        &["triggers_replace"],
    );
    check_plan("replace_triggers", &plan(state(&[(at("a"), before)]), vec![c], vec![]));
}

#[test]
fn replace_cbd() {
    let before = data(1, s("x"), s("one"));
    let after = replacement(s("y"), s("two"));
    let c = replace(
        at("a"),
        Action::CreateThenDelete,
        Reason::ReplaceBecauseCannotUpdate,
        before.clone(),
        after,
        &["triggers_replace"],
    );
    check_plan("replace_cbd", &plan(state(&[(at("a"), before)]), vec![c], vec![]));
}

#[test]
fn delete_count() {
    let objs: Vec<(InstanceAddr, Value)> = (0..3)
        .map(|i| (at_i("a", i), data(i as u32 + 1, n(&i.to_string()), null())))
        .collect();
    let p = plan(
        state(&objs),
        vec![
            change(at_i("a", 0), Action::NoOp, objs[0].1.clone(), objs[0].1.clone()),
            delete(at_i("a", 1), objs[1].1.clone(), Some(Reason::DeleteBecauseCountIndex)),
            delete(at_i("a", 2), objs[2].1.clone(), Some(Reason::DeleteBecauseCountIndex)),
        ],
        vec![],
    );
    check_plan("delete_count", &p);
}

#[test]
fn delete_key() {
    let x = data(1, s("x"), null());
    let y = data(2, s("y"), null());
    let p = plan(
        state(&[(at_k("a", "x"), x.clone()), (at_k("a", "y"), y.clone())]),
        vec![
            change(at_k("a", "x"), Action::NoOp, x.clone(), x),
            delete(at_k("a", "y"), y, Some(Reason::DeleteBecauseEachKey)),
        ],
        vec![],
    );
    check_plan("delete_key", &p);
}

#[test]
fn delete_config() {
    let a = data(1, obj(&[("k", s("v")), ("n", null())]), null());
    let bb = data(2, null(), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone())]),
        vec![
            delete(at("a"), a, Some(Reason::DeleteBecauseNoResourceConfig)),
            change(at("b"), Action::NoOp, bb.clone(), bb),
        ],
        vec![],
    );
    check_plan("delete_config", &p);
}

#[test]
fn moved_only() {
    let v = data(1, s("x"), null());
    let c = ResourceChange {
        prev_addr: Some(at("b")),
        ..change(at("c"), Action::NoOp, v.clone(), v.clone())
    };
    check_plan("moved_only", &plan(state(&[(at("b"), v)]), vec![c], vec![]));
}

#[test]
fn moved_changed() {
    let v = data(1, s("x"), null());
    let c = ResourceChange {
        prev_addr: Some(at("old")),
        ..update(at("new"), v.clone(), updated(1, s("y"), null()))
    };
    check_plan("moved_changed", &plan(state(&[(at("old"), v)]), vec![c], vec![]));
}

#[test]
fn sensitive() {
    // The prior output attribute carries no mark: only the input was written sensitive.
    let a = obj(&[
        ("id", s(&uuid(1))),
        ("input", sens(s("secret"))),
        ("output", s("secret")),
        ("triggers_replace", null()),
    ]);
    let a2 = updated(1, sens(s("secret2")), null());
    let bb = obj(&[
        ("id", s(&uuid(2))),
        ("input", obj(&[("user", s("u")), ("pass", sens(s("p")))])),
        ("output", obj(&[("user", s("u")), ("pass", s("p"))])),
        ("triggers_replace", null()),
    ]);
    let b2 = updated(2, obj(&[("user", s("u2")), ("pass", sens(s("p2")))]), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone())]),
        vec![
            update(at("a"), a, a2),
            update(at("b"), bb, b2),
            create(at("c"), planned(sens(strings(&["x"])), null())),
        ],
        vec![
            out("plain", Action::Create, null(), s("p")),
            OutputChange {
                sensitive: true,
                ..out("s", Action::Create, null(), unknown())
            },
        ],
    );
    check_plan("sensitive", &p);
}

#[test]
fn unknown_values() {
    let a = data(1, s("x"), null());
    let bb = data(2, s("x"), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone())]),
        vec![
            update(at("a"), a, updated(1, s("y"), null())),
            update(
                at("b"),
                bb,
                updated(2, obj(&[("id", unknown()), ("list", tuple(vec![unknown(), s("k")]))]), null()),
            ),
            create(at("c"), planned(unknown(), null())),
        ],
        vec![
            out("o", Action::Create, null(), unknown()),
            out("p", Action::Create, null(), tuple(vec![unknown(), s("k")])),
        ],
    );
    check_plan("unknown", &p);
}

#[test]
fn outputs_only() {
    let p = plan(
        State::default(),
        vec![],
        vec![
            out("added", Action::Create, null(), obj(&[("k", strings(&["v"]))])),
            out("changed", Action::Update, s("a"), s("b")),
            out("nul", Action::Create, null(), null()),
            out("num", Action::Create, null(), n("1.5")),
            out(
                "obj",
                Action::Update,
                obj(&[("a", n("1")), ("b", s("x"))]),
                obj(&[("a", n("2")), ("b", s("x"))]),
            ),
            out("removed", Action::Delete, tuple(vec![n("1"), n("2")]), null()),
            out("same", Action::NoOp, s("s"), s("s")),
        ],
    );
    check_plan("outputs_only", &p);
}

#[test]
fn multiline() {
    let a = data(1, s("one\ntwo\nthree\n"), null());
    let bb = data(2, s("single"), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone())]),
        vec![
            update(at("a"), a, updated(1, s("one\n2\nthree\nfour\n"), null())),
            update(at("b"), bb, updated(2, s("now\nmulti"), null())),
            create(at("c"), planned(obj(&[("text", s("a\nb"))]), null())),
        ],
        vec![],
    );
    check_plan("multiline", &p);
}

#[test]
fn numbers() {
    let nums = |xs: &[&str]| tuple(xs.iter().map(|x| n(x)).collect());
    let a = data(1, nums(&["1.5", "12345678901234567890", "-3", "1e20", "0.1"]), null());
    let p = plan(
        state(&[(at("a"), a.clone())]),
        vec![
            update(
                at("a"),
                a,
                updated(1, nums(&["2.5", "12345678901234567890", "-3", "1e21", "0.1"]), null()),
            ),
            create(at("b"), planned(n("3.14159"), null())),
        ],
        vec![],
    );
    check_plan("numbers", &p);
}

#[test]
fn empty_collections() {
    let a = data(1, tuple(vec![]), null());
    let bb = data(2, obj(&[]), null());
    let c = data(3, strings(&["x"]), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone()), (at("c"), c.clone())]),
        vec![
            update(at("a"), a, updated(1, strings(&["a"]), null())),
            update(at("b"), bb, updated(2, obj(&[("k", s("v"))]), null())),
            update(at("c"), c, updated(3, tuple(vec![]), null())),
            create(at("d"), planned(map(Type::Dynamic, &[]), null())),
        ],
        vec![],
    );
    check_plan("empty", &p);
}

#[test]
fn null_input() {
    let a = data(1, null(), null());
    let bb = data(2, s("x"), null());
    let c = obj(&[
        ("id", unknown()),
        ("input", null()),
        ("output", null()),
        ("triggers_replace", null()),
    ]);
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone())]),
        vec![
            update(at("a"), a, updated(1, s("now"), null())),
            update(at("b"), bb, updated(2, null(), null())),
            create(at("c"), c),
        ],
        vec![],
    );
    check_plan("null_input", &p);
}

#[test]
fn no_changes() {
    let a = data(1, s("x"), null());
    let p = plan(
        state(&[(at("a"), a.clone())]),
        vec![change(at("a"), Action::NoOp, a.clone(), a)],
        vec![out("o", Action::NoOp, s("x"), s("x"))],
    );
    check_plan("no_changes", &p);
}

#[test]
fn empty_config() {
    check_plan("empty_config", &Plan::default());
}

#[test]
fn tainted() {
    let a = data(1, s("x"), null());
    let mut st = state(&[(at("a"), a.clone())]);
    if let Some(c) = st.resources[0].instances[0].current.as_mut() {
        c.tainted = true;
    }
    let c = replace(
        at("a"),
        Action::DeleteThenCreate,
        Reason::ReplaceBecauseTainted,
        a,
        replacement(s("x"), null()),
        &[],
    );
    check_plan("tainted", &plan(st.clone(), vec![c], vec![]));
    check("tainted", ".show", |o| render::show_state(&st, &o));
    let tainted = st.resources[0].instances[0].current.clone().expect("the instance was just made");
    check("tainted", ".state_show", |o| render::state_show(&at("a"), &tainted, None, &o));
}

#[test]
fn replace_request() {
    let a0 = data(1, s("x"), null());
    let a1 = data(2, s("x"), null());
    let p = plan(
        state(&[(at_i("a", 0), a0.clone()), (at_i("a", 1), a1.clone())]),
        vec![
            change(at_i("a", 0), Action::NoOp, a0.clone(), a0),
            replace(
                at_i("a", 1),
                Action::DeleteThenCreate,
                Reason::ReplaceByRequest,
                a1,
                replacement(s("x"), null()),
                &[],
            ),
        ],
        vec![],
    );
    check_plan("replace_request", &p);
}

#[test]
fn replace_triggered_by() {
    let a = data(1, s("x"), null());
    let t = data(2, s("1"), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("t"), t.clone())]),
        vec![
            replace(
                at("a"),
                Action::DeleteThenCreate,
                Reason::ReplaceByTriggers,
                a,
                replacement(s("x"), null()),
                &[],
            ),
            update(at("t"), t, updated(2, s("2"), null())),
        ],
        vec![],
    );
    check_plan("replace_triggered_by", &p);
}

#[test]
fn destroy_plan() {
    let a = data(1, s("x"), null());
    let p = Plan {
        mode: PlanMode::Destroy,
        ..plan(
            state(&[(at("a"), a.clone())]),
            vec![delete(at("a"), a, None)],
            vec![out("o", Action::Delete, s("v"), null())],
        )
    };
    check_plan("destroy_plan", &p);
}

#[test]
fn without_automation_the_plan_ends_with_the_note() {
    let p = plan(State::default(), vec![create(at("a"), planned(s("x"), null()))], vec![]);
    check("no_automation", "", |o| {
        render::plan_text(&p, &RenderOptions { in_automation: false, ..o })
    });
}

#[test]
fn without_automation_a_plan_without_changes_has_no_note() {
    let a = data(1, s("x"), null());
    let p = plan(
        state(&[(at("a"), a.clone())]),
        vec![change(at("a"), Action::NoOp, a.clone(), a)],
        vec![],
    );
    check("no_changes_no_automation", "", |o| {
        render::plan_text(&p, &RenderOptions { in_automation: false, ..o })
    });
}

// ---- state: show, state show, outputs -----------------------------------------------------

fn forms_input(i: &str) -> Value {
    obj(&[
        ("n", n(i)),
        ("s", s("x")),
        ("l", tuple(vec![n("1.5"), b(true), null()])),
        ("m", obj(&[("k", s("v"))])),
        ("t", s("a\nb\n")),
        ("e", tuple(vec![])),
    ])
}

fn forms_outputs() -> BTreeMap<String, OutputValue> {
    let plain = |v: Value| OutputValue {
        value: v,
        sensitive: false,
    };
    let mut m = BTreeMap::new();
    m.insert("str".to_string(), plain(s("hello")));
    m.insert("num".to_string(), plain(n("12345678901234567890")));
    m.insert("list".to_string(), plain(tuple(vec![s("a"), n("2"), b(false)])));
    m.insert(
        "obj".to_string(),
        plain(obj(&[
            ("name", s("x")),
            ("nested", obj(&[("l", list(Type::String, vec![s("p"), s("q")]))])),
            ("multi", s("l1\nl2")),
        ])),
    );
    m.insert(
        "secret".to_string(),
        OutputValue {
            value: s("s"),
            sensitive: true,
        },
    );
    m.insert("emptymap".to_string(), plain(map(Type::Dynamic, &[])));
    m
}

fn forms_k(id: u32) -> Value {
    obj(&[
        ("id", s(&uuid(id))),
        ("input", sens(s("hidden"))),
        ("output", s("hidden")),
        ("triggers_replace", strings(&["p"])),
    ])
}

fn forms_state() -> State {
    let mut st = state(&[
        (at_i("a", 0), data(1, forms_input("0"), null())),
        (at_i("a", 1), data(2, forms_input("1"), null())),
        (at_k("k", "p"), forms_k(3)),
        (at("n"), data(4, null(), null())),
    ]);
    st.outputs = forms_outputs();
    st
}

#[test]
fn show_a_state() {
    let st = forms_state();
    check("state_forms", ".show", |o| render::show_state(&st, &o));
}

#[test]
fn state_show_each_form() {
    let one = |addr: InstanceAddr, v: Value| move |o: RenderOptions| render::state_show(&addr, &object(&v), None, &o);
    check(
        "state_forms",
        ".state_show_a0",
        one(at_i("a", 0), data(1, forms_input("0"), null())),
    );
    check("state_forms", ".state_show_k", one(at_k("k", "p"), forms_k(1)));
    check("state_forms", ".state_show_n", one(at("n"), data(1, null(), null())));
}

#[test]
fn outputs_in_every_form() {
    let outs = forms_outputs();
    check("state_forms", ".output", |o| render::output_all(&outs, &o));
    check("state_forms", ".output_json", |_| render::output_json_all(&outs));
    check("state_forms", ".output_raw_str", |_| {
        render::output_raw(&outs["str"]).unwrap_or_default()
    });
    check("state_forms", ".output_raw_num", |_| {
        render::output_raw(&outs["num"]).unwrap_or_default()
    });
    check("state_forms", ".output_obj", |o| render::output_one(&outs["obj"], &o));
    check("state_forms", ".output_secret", |o| render::output_one(&outs["secret"], &o));
    check("state_forms", ".output_list", |o| render::output_one(&outs["list"], &o));
    check("state_forms", ".output_json_obj", |_| render::output_json_one(&outs["obj"]));
    assert_eq!(render::output_raw(&outs["obj"]), None, "-raw refuses an object");
}

#[test]
fn apply_ends_with_the_outputs_block() {
    let outs = forms_outputs();
    for (label, version) in RELEASES {
        let applied = recorded("state_forms", &format!("{label}.apply.txt"));
        let block = render::apply_outputs(&outs, &RenderOptions::automation(version));
        assert!(block.starts_with("\nOutputs:\n\n"), "{block}");
        assert!(applied.ends_with(&block), "at {label}: the apply output does not end with\n{block}");
        assert!(
            applied.ends_with(&format!("destroyed.\n{block}")),
            "at {label}: the block follows Apply complete!"
        );
    }
}

#[test]
fn an_empty_state() {
    let st = State::default();
    check("show_empty", ".show", |o| render::show_state(&st, &o));
    check("show_empty", ".output", |o| render::output_all(&st.outputs, &o));
    check("show_empty", ".output_json", |_| render::output_json_all(&st.outputs));
    assert_eq!(render::apply_outputs(&st.outputs, &RenderOptions::automation((1, 12, 2))), "");
}

// ---- more plans: sensitivity, JSON strings, import, forget, repetition, quoting -----------

#[test]
fn sensitivity_change() {
    let a = data(1, s("x"), null());
    let a2 = obj(&[
        ("id", s(&uuid(1))),
        ("input", sens(s("x"))),
        ("output", s("x")),
        ("triggers_replace", null()),
    ]);
    let bb = obj(&[
        ("id", s(&uuid(2))),
        ("input", sens(s("y"))),
        ("output", s("y")),
        ("triggers_replace", null()),
    ]);
    let b2 = data(2, s("y"), null());
    let c = data(3, s("z"), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone()), (at("c"), c.clone())]),
        vec![
            update(at("a"), a, a2),
            update(at("b"), bb, b2),
            update(at("c"), c, updated(3, sens(s("z2")), null())),
        ],
        vec![],
    );
    check_plan("sensitivity_change", &p);
}

#[test]
fn json_strings() {
    let a = data(1, s(r#"{"a":1,"b":[1,2],"c":"x"}"#), null());
    let bb = data(2, s(r#"{"k": 1}"#), null());
    let c = data(3, s("[1, 2]"), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone()), (at("c"), c.clone())]),
        vec![
            update(at("a"), a, updated(1, s(r#"{"a":2,"b":[1,2,3],"c":"x"}"#), null())),
            update(at("b"), bb, updated(2, s(r#"{"k":  1}"#), null())),
            update(at("c"), c, updated(3, s("not json"), null())),
            create(at("d"), planned(s(r#"{"y":[],"z":null}"#), null())),
        ],
        vec![],
    );
    check_plan("json_strings", &p);
}

#[test]
fn import_block() {
    let v = obj(&[
        ("id", s("imported-id")),
        ("input", null()),
        ("output", null()),
        ("triggers_replace", null()),
    ]);
    let c = ResourceChange {
        importing: Some("imported-id".into()),
        ..change(at("a"), Action::NoOp, v.clone(), v)
    };
    check_plan("import_block", &plan(State::default(), vec![c], vec![]));
}

#[test]
fn forget() {
    let a = data(2, s("x"), null());
    let bb = data(1, s("y"), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone())]),
        vec![
            change(at("a"), Action::Forget, a, null()),
            change(at("b"), Action::NoOp, bb.clone(), bb),
        ],
        vec![],
    );
    // The forgetting is announced by a warning (a diagnostic of the plan), printed after the
    // plan's text and before the closing note.
    let warning = iacquiz::workflow::model::Problem::warning(iacquiz::lang::Diag::new(
        "Some objects will no longer be managed by Terraform",
        "If you apply this plan, Terraform will discard its tracking information for the following objects, but it will not delete them:\n - terraform_data.a\n\nAfter applying this plan, Terraform will no longer manage these objects. You will need to import them into Terraform to manage them again.",
    ));
    let warned = iacquiz::workflow::command::diagnostic::render_all(&[warning], &Default::default(), false);
    // 1.6 has no `removed` block: only the later releases are compared.
    for (label, version) in &RELEASES[1..] {
        for (automation, suffix) in [(true, ""), (false, ".no_automation")] {
            let want = recorded("forget", &format!("{label}{suffix}.txt"));
            let opts = RenderOptions {
                version: *version,
                in_automation: true,
                color: false,
            };
            let mut got = render::plan_text(&p, &opts) + &warned;
            if !automation {
                got.push_str(&render::next_step_note(false));
            }
            assert_eq!(want, got, "forget{suffix} at {label}: {}", first_difference(&want, &got));
        }
    }
    assert!(recorded("forget", "1.6.6.txt").contains("Unsupported block type"));
}

#[test]
fn wrong_repetition() {
    let ax = data(1, s("x"), null());
    let b0 = data(2, null(), null());
    let c = data(3, null(), null());
    let why = Some(Reason::DeleteBecauseWrongRepetition);
    // With no input the output is known at plan time: null.
    let bare = || {
        obj(&[
            ("id", unknown()),
            ("input", null()),
            ("output", null()),
            ("triggers_replace", null()),
        ])
    };
    let p = plan(
        state(&[(at_k("a", "x"), ax.clone()), (at_i("b", 0), b0.clone()), (at("c"), c.clone())]),
        vec![
            create(at_i("a", 0), planned(s("x"), null())),
            delete(at_k("a", "x"), ax, why),
            delete(at_i("b", 0), b0, why),
            create(at_k("b", "k"), bare()),
            delete(at("c"), c, why),
            create(at_k("c", "k"), bare()),
        ],
        vec![],
    );
    check_plan("wrong_repetition", &p);
}

#[test]
fn module_gone() {
    let mut r = res("a");
    r.module = vec![ModuleStep {
        name: "m".into(),
        key: InstanceKey::None,
    }];
    let addr = r.instance(InstanceKey::None);
    let v = data(1, s("m"), null());
    // Terraform gives the reason "not in configuration" for a resource of a removed module.
    let p = plan(
        state(&[(addr.clone(), v.clone())]),
        vec![delete(addr, v, Some(Reason::DeleteBecauseNoResourceConfig))],
        vec![],
    );
    check_plan("module_gone", &p);
}

fn quoting_input() -> Value {
    obj(&[
        ("a b", n("1")),
        ("x-y", s("t\tq\"b\\s")),
        ("1k", s("p")),
        ("é", s("ü")),
        ("${x}", s("${y}")),
    ])
}

fn quoting_outputs() -> BTreeMap<String, OutputValue> {
    let mut m = BTreeMap::new();
    m.insert(
        "m".to_string(),
        OutputValue {
            value: map(Type::Number, &[("a b", n("1")), ("c", n("2"))]),
            sensitive: false,
        },
    );
    m.insert(
        "o".to_string(),
        OutputValue {
            value: obj(&[("a b", s("é\u{7}"))]),
            sensitive: false,
        },
    );
    m
}

#[test]
fn quoting() {
    let outs: Vec<OutputChange> = quoting_outputs()
        .into_iter()
        .map(|(k, v)| out(&k, Action::Create, null(), v.value))
        .collect();
    let p = plan(State::default(), vec![create(at("a"), planned(quoting_input(), null()))], outs);
    check_plan("quoting", &p);
    let mut st = state(&[(at("a"), data(1, quoting_input(), null()))]);
    st.outputs = quoting_outputs();
    check("quoting", ".show", |o| render::show_state(&st, &o));
    check("quoting", ".output", |o| render::output_all(&st.outputs, &o));
    check("quoting", ".output_json", |_| render::output_json_all(&st.outputs));
}

#[test]
fn important_keys() {
    let input = |other: &str| {
        obj(&[
            ("name", s("n")),
            ("id", s("i")),
            ("tags", obj(&[("a", s("b"))])),
            ("other", s(other)),
            ("more", s("m")),
        ])
    };
    let a = data(1, input("o"), null());
    let p = plan(
        state(&[(at("a"), a.clone())]),
        vec![update(at("a"), a, updated(1, input("changed"), null()))],
        vec![],
    );
    check_plan("important_keys", &p);
}

#[test]
fn list_of_objects() {
    let o2 = |a: &str, bv: &str| obj(&[("a", n(a)), ("b", s(bv))]);
    let o1 = |a: &str| obj(&[("a", n(a))]);
    let a = data(1, tuple(vec![o2("1", "x"), o2("2", "y")]), null());
    let bb = data(2, tuple(vec![o1("1"), o1("2"), o1("3")]), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone())]),
        vec![
            update(
                at("a"),
                a,
                updated(1, tuple(vec![o2("1", "x"), o2("3", "y"), o2("4", "z")]), null()),
            ),
            update(at("b"), bb, updated(2, tuple(vec![o1("1"), o1("5"), o1("3")]), null())),
        ],
        vec![],
    );
    check_plan("list_of_objects", &p);
}

#[test]
fn sets_and_reordering() {
    let set = |xs: &[&str]| Value::Set(Type::String, xs.iter().map(|x| s(x)).collect());
    let a = data(1, set(&["a", "b", "c"]), null());
    let bb = data(2, strings(&["a", "b", "c", "d"]), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone())]),
        vec![
            update(at("a"), a, updated(1, set(&["b", "c", "d"]), null())),
            update(at("b"), bb, updated(2, strings(&["d", "c", "b", "a"]), null())),
        ],
        vec![],
    );
    check_plan("sets", &p);
}

#[test]
fn outputs_unknown() {
    let a = data(1, s("x"), null());
    let sensitive = |name: &str, before: &str, after: &str| OutputChange {
        sensitive: true,
        ..out(name, Action::Update, s(before), s(after))
    };
    let p = plan(
        state(&[(at("a"), a.clone())]),
        vec![update(at("a"), a, updated(1, s("y"), null()))],
        vec![
            out("o", Action::Update, s("x"), unknown()),
            sensitive("s", "v", "w"),
            sensitive("t", "u", "u"),
        ],
    );
    check_plan("outputs_unknown", &p);
}

#[test]
fn tainted_create_before_destroy() {
    let a0 = data(1, s("x"), null());
    let a1 = data(2, s("x"), null());
    let p = plan(
        state(&[(at_i("a", 0), a0.clone()), (at_i("a", 1), a1.clone())]),
        vec![
            change(at_i("a", 0), Action::NoOp, a0.clone(), a0),
            replace(
                at_i("a", 1),
                Action::CreateThenDelete,
                Reason::ReplaceBecauseTainted,
                a1,
                replacement(s("x"), null()),
                &[],
            ),
        ],
        vec![],
    );
    check_plan("tainted_cbd", &p);
}

#[test]
fn data_sources_read_now_and_during_apply() {
    let a = data(1, s("other.tfstate"), null());
    let known_addr = ResourceAddr::root(ResourceMode::Data, "terraform_remote_state", "known").instance(InstanceKey::None);
    let later_addr = ResourceAddr::root(ResourceMode::Data, "terraform_remote_state", "later").instance(InstanceKey::None);
    let known = obj(&[
        ("backend", s("local")),
        ("config", obj(&[("path", s("other.tfstate"))])),
        ("defaults", null()),
        ("outputs", obj(&[("x", s("v"))])),
        ("workspace", null()),
    ]);
    let later = obj(&[
        ("backend", s("local")),
        ("config", obj(&[("path", unknown())])),
        ("defaults", null()),
        ("outputs", unknown()),
        ("workspace", null()),
    ]);
    let read = ResourceChange {
        reason: Some(Reason::ReadBecauseConfigUnknown),
        ..change(later_addr, Action::Read, null(), later)
    };
    let replaced = replace(
        at("a"),
        Action::DeleteThenCreate,
        Reason::ReplaceBecauseCannotUpdate,
        a.clone(),
        replacement(s("other.tfstate"), n("1")),
        &["triggers_replace"],
    );
    let p = plan(
        state(&[(at("a"), a), (known_addr, known)]),
        vec![read, replaced],
        vec![out("x", Action::Create, null(), s("v"))],
    );
    check_plan("data_read", &p);
}

#[test]
fn plans_with_nothing_to_do_by_mode() {
    let a = data(1, s("x"), null());
    let refresh = Plan {
        mode: PlanMode::RefreshOnly,
        ..plan(state(&[(at("a"), a)]), vec![], vec![])
    };
    check_plan("refresh_only", &refresh);
    let destroy = Plan {
        mode: PlanMode::Destroy,
        ..Plan::default()
    };
    check_plan("destroy_nothing", &destroy);
}

#[test]
fn key_quoting() {
    let keys = ["$${t}", "<x>&\"q\"", "plain"];
    // `$${t}` is how the address prints the key `${t}`.
    let real = |k: &str| k.replace("$${", "${");
    let objs: Vec<(InstanceAddr, Value)> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (at_k("a", &real(k)), data(i as u32 + 1, s(&real(k)), null())))
        .collect();
    let why = Some(Reason::DeleteBecauseEachKey);
    let p = plan(
        state(&objs),
        vec![
            delete(objs[0].0.clone(), objs[0].1.clone(), why),
            delete(objs[1].0.clone(), objs[1].1.clone(), why),
            change(objs[2].0.clone(), Action::NoOp, objs[2].1.clone(), objs[2].1.clone()),
        ],
        vec![],
    );
    check_plan("key_quoting", &p);
}

fn map_objects_outputs() -> BTreeMap<String, OutputValue> {
    let xt = Type::Object([("x".to_string(), Type::Number)].into_iter().collect());
    let plain = |v: Value| OutputValue {
        value: v,
        sensitive: false,
    };
    let mut m = BTreeMap::new();
    m.insert(
        "mo".to_string(),
        plain(map(xt, &[("a", obj(&[("x", n("1"))])), ("b c", obj(&[("x", n("2"))]))])),
    );
    m.insert(
        "lm".to_string(),
        plain(tuple(vec![map(Type::String, &[("k", s("v"))]), map(Type::Dynamic, &[])])),
    );
    m.insert("st".to_string(), plain(Value::Set(Type::String, vec![s("a"), s("b")])));
    m
}

#[test]
fn maps_of_objects_in_plan_show_and_output() {
    let input = map(
        Type::Object([("x".to_string(), Type::Number)].into_iter().collect()),
        &[("a", obj(&[("x", n("1"))]))],
    );
    let outs: Vec<OutputChange> = map_objects_outputs()
        .into_iter()
        .map(|(k, v)| out(&k, Action::Create, null(), v.value))
        .collect();
    check_plan(
        "show_map_objects",
        &plan(State::default(), vec![create(at("a"), planned(input.clone(), null()))], outs),
    );
    let mut st = state(&[(at("a"), data(1, input.clone(), null()))]);
    st.outputs = map_objects_outputs();
    check("show_map_objects", ".show", |o| render::show_state(&st, &o));
    check("show_map_objects", ".output", |o| render::output_all(&st.outputs, &o));
    let object = object(&data(1, input.clone(), null()));
    check("show_map_objects", ".state_show", |o| {
        render::state_show(&at("a"), &object, None, &o)
    });
}

#[test]
fn multiline_edges() {
    let a = data(1, s("\n  lead\ntrail  \n\n"), null());
    let bb = data(2, s("one\r\ntwo"), null());
    let c = data(3, strings(&["x\ny", "z"]), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone()), (at("c"), c.clone())]),
        vec![
            update(at("a"), a, updated(1, s("\n  lead\ntrail2  \n\n"), null())),
            update(at("b"), bb, updated(2, s("one\r\nthree"), null())),
            update(at("c"), c, updated(3, strings(&["x\nw", "z"]), null())),
        ],
        vec![],
    );
    check_plan("multiline_edges", &p);
}

#[test]
fn list_nulls() {
    let a = data(1, tuple(vec![null(), s("a"), null()]), null());
    let bb = data(2, obj(&[("k", null()), ("j", s("x"))]), null());
    let p = plan(
        state(&[(at("a"), a.clone()), (at("b"), bb.clone())]),
        vec![
            update(at("a"), a, updated(1, tuple(vec![s("n"), s("a"), null(), null()]), null())),
            update(at("b"), bb, updated(2, obj(&[("k", s("now")), ("j", null())]), null())),
        ],
        vec![],
    );
    check_plan("list_nulls", &p);
}

#[test]
fn sensitive_values_inside_collections() {
    let before_input = tuple(vec![sens(s("s1")), s("p"), obj(&[("k", sens(n("1"))), ("j", s("x"))])]);
    let before_output = tuple(vec![s("s1"), s("p"), obj(&[("k", n("1")), ("j", s("x"))])]);
    let a = obj(&[
        ("id", s(&uuid(1))),
        ("input", before_input),
        ("output", before_output),
        ("triggers_replace", null()),
    ]);
    let after = updated(
        1,
        tuple(vec![
            sens(s("s2")),
            s("p"),
            obj(&[("k", sens(n("1"))), ("j", s("y"))]),
            sens(b(true)),
        ]),
        null(),
    );
    check_plan(
        "sensitive_nested",
        &plan(state(&[(at("a"), a.clone())]), vec![update(at("a"), a.clone(), after)], vec![]),
    );
    let object = object(&a);
    check("sensitive_nested", ".state_show", |o| {
        render::state_show(&at("a"), &object, None, &o)
    });
}

#[test]
fn a_deeply_nested_json_string_renders_without_exhausting_the_stack() {
    // Deeper than the JSON reader follows: drawn as a plain string; as deep as it follows:
    // drawn as jsonencode, which recurses once per level through the differ and the drawing.
    for depth in [100_000, 100] {
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let a = data(1, s("x"), null());
        let p = plan(
            state(&[(at("a"), a.clone())]),
            vec![update(at("a"), a, updated(1, s(&text), null()))],
            vec![],
        );
        let out = render::plan_text(&p, &RenderOptions::automation((1, 12, 2)));
        assert!(out.contains("Plan: 0 to add, 1 to change, 0 to destroy."));
    }
}

#[test]
fn changes_are_printed_in_terraforms_order_whatever_the_plans_order() {
    let ax = data(1, s("x"), null());
    let b0 = data(2, null(), null());
    let c = data(3, null(), null());
    let why = Some(Reason::DeleteBecauseWrongRepetition);
    let bare = || {
        obj(&[
            ("id", unknown()),
            ("input", null()),
            ("output", null()),
            ("triggers_replace", null()),
        ])
    };
    // The wrong_repetition plan, its changes reversed.
    let mut changes = vec![
        create(at_i("a", 0), planned(s("x"), null())),
        delete(at_k("a", "x"), ax.clone(), why),
        delete(at_i("b", 0), b0.clone(), why),
        create(at_k("b", "k"), bare()),
        delete(at("c"), c.clone(), why),
        create(at_k("c", "k"), bare()),
    ];
    changes.reverse();
    let p = plan(state(&[(at_k("a", "x"), ax), (at_i("b", 0), b0), (at("c"), c)]), changes, vec![]);
    check_plan("wrong_repetition", &p);
}

#[test]
fn show_a_state_with_outputs_only() {
    let mut st = State::default();
    let plain = |v: Value| OutputValue {
        value: v,
        sensitive: false,
    };
    st.outputs.insert("changed".into(), plain(s("a")));
    st.outputs.insert("obj".into(), plain(obj(&[("a", n("1")), ("b", s("x"))])));
    st.outputs.insert("removed".into(), plain(tuple(vec![n("1"), n("2")])));
    st.outputs.insert("same".into(), plain(s("s")));
    check("outputs_only", ".show", |o| render::show_state(&st, &o));
}
