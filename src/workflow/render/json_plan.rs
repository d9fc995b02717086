//! `terraform show -json PLANFILE` (jsonplan): the variables, the planned values, each
//! resource instance's change with its before and after values and their unknown and
//! sensitive marks, the output changes, the prior state, the configuration, the relevant
//! attributes and the checks, then the plan's timestamp and whether it can be applied.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::json_state::{Entry, PROVIDER, index_json, module_tree, resource_order, state_document};
use super::json_values::{known, sensitive_as_bool, sorted_object, type_json, unknown_as_bool};
use crate::lang::Value;
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::address::{InstanceAddr, ModuleStep};
use crate::workflow::model::{Action, OutputChange, Plan, Reason, ResourceChange, State};
use crate::workflow::state::json::{Json, to_compact};

/// The first release whose plans say whether they are applyable and complete.
pub const APPLYABLE_SINCE: TfVersion = (1, 8, 0);

/// What the plan document is made from besides the plan.
pub struct PlanDoc<'a> {
    /// The release.
    pub version: TfVersion,
    /// The root module's variables' values (defaults included).
    pub variables: &'a BTreeMap<String, Value>,
    /// The `configuration` document (the command builds it from the module tree).
    pub configuration: Json,
    /// The `relevant_attributes`, if any.
    pub relevant: Option<Json>,
    /// When the plan was made (RFC 3339, to the second).
    pub timestamp: &'a str,
}

/// jsonplan's action list.
fn actions(a: Action) -> Vec<&'static str> {
    match a {
        Action::NoOp => vec!["no-op"],
        Action::Create => vec!["create"],
        Action::Read => vec!["read"],
        Action::Update => vec!["update"],
        Action::DeleteThenCreate => vec!["delete", "create"],
        Action::CreateThenDelete => vec!["create", "delete"],
        Action::Delete => vec!["delete"],
        Action::Forget => vec!["forget"],
    }
}

pub(super) fn reason_text(r: Reason) -> &'static str {
    match r {
        Reason::ReplaceBecauseCannotUpdate => "replace_because_cannot_update",
        Reason::ReplaceBecauseTainted => "replace_because_tainted",
        Reason::ReplaceByRequest => "replace_by_request",
        Reason::ReplaceByTriggers => "replace_by_triggers",
        Reason::DeleteBecauseNoResourceConfig => "delete_because_no_resource_config",
        Reason::DeleteBecauseWrongRepetition => "delete_because_wrong_repetition",
        Reason::DeleteBecauseCountIndex => "delete_because_count_index",
        Reason::DeleteBecauseEachKey => "delete_because_each_key",
        Reason::DeleteBecauseNoModule => "delete_because_no_module",
        Reason::DeleteBecauseNoMoveTarget => "delete_because_no_move_target",
        Reason::ReadBecauseConfigUnknown => "read_because_config_unknown",
        Reason::ReadBecauseDependencyPending => "read_because_dependency_pending",
        Reason::ReadBecauseCheckNested => "read_because_check_nested",
    }
}

/// Module instance order (addrs.ModuleInstance.Less): shorter paths first, then step by
/// step, name then key.
fn module_order(a: &[ModuleStep], b: &[ModuleStep]) -> Ordering {
    if a.len() != b.len() {
        return a.len().cmp(&b.len());
    }
    for (x, y) in a.iter().zip(b) {
        let o = x.name.cmp(&y.name).then_with(|| x.key.cmp(&y.key));
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

/// Instance order (addrs.AbsResourceInstance.Less), then the deposed key.
fn change_order(a: &ResourceChange, b: &ResourceChange) -> Ordering {
    module_order(&a.addr.resource.module, &b.addr.resource.module)
        .then_with(|| resource_order(&a.addr.resource, &b.addr.resource))
        .then_with(|| a.addr.key.cmp(&b.addr.key))
        .then_with(|| a.deposed.cmp(&b.deposed))
}

fn module_address(addr: &InstanceAddr) -> String {
    crate::workflow::model::address::module_path(&addr.resource.module)
}

/// An object value as the plan holds it: null for none.
fn is_none(v: &Value) -> bool {
    v.is_null()
}

/// One entry of `resource_changes`.
fn resource_change(c: &ResourceChange) -> Json {
    let mut m = vec![("address".to_string(), Json::str(c.addr.to_string()))];
    if let Some(p) = c.prev_addr.as_ref().filter(|p| **p != c.addr) {
        m.push(("previous_address".into(), Json::str(p.to_string())));
    }
    let module = module_address(&c.addr);
    if !module.is_empty() {
        m.push(("module_address".into(), Json::str(module)));
    }
    m.push(("mode".into(), Json::str(c.addr.resource.mode.state_name())));
    m.push(("type".into(), Json::str(c.addr.resource.rtype.clone())));
    m.push(("name".into(), Json::str(c.addr.resource.name.clone())));
    if let Some(i) = index_json(&c.addr.key) {
        m.push(("index".into(), i));
    }
    m.push(("provider_name".into(), Json::str(PROVIDER)));
    if let Some(d) = &c.deposed {
        m.push(("deposed".into(), Json::str(d.clone())));
    }
    let mut ch = vec![(
        "actions".to_string(),
        Json::Array(actions(c.action).into_iter().map(Json::str).collect()),
    )];
    ch.push(("before".into(), known(&c.before)));
    ch.push(("after".into(), known(&c.after)));
    ch.push((
        "after_unknown".into(),
        if is_none(&c.after) || !c.after.has_unknown() {
            Json::Object(Vec::new())
        } else {
            unknown_as_bool(&c.after)
        },
    ));
    ch.push(("before_sensitive".into(), sensitive_as_bool(&c.before)));
    ch.push(("after_sensitive".into(), sensitive_as_bool(&c.after)));
    if !c.replace_paths.is_empty() {
        ch.push((
            "replace_paths".into(),
            Json::Array(c.replace_paths.iter().map(|p| Json::Array(vec![Json::str(p.clone())])).collect()),
        ));
    }
    if let Some(id) = &c.importing {
        ch.push(("importing".into(), Json::Object(vec![("id".into(), Json::str(id.clone()))])));
    }
    m.push(("change".into(), Json::Object(ch)));
    // A `removed` block's object is forgotten because its resource left the configuration.
    let reason = match (c.action, c.reason) {
        (Action::Forget, None) => Some(Reason::DeleteBecauseNoResourceConfig),
        (_, r) => r,
    };
    if let Some(r) = reason {
        m.push(("action_reason".into(), Json::str(reason_text(r))));
    }
    Json::Object(m)
}

/// One entry of `output_changes`.
fn output_change(o: &OutputChange) -> Json {
    let after = o.after.clone().unmark_deep().0;
    let before = o.before.clone().unmark_deep().0;
    let mut m = vec![
        (
            "actions".to_string(),
            Json::Array(actions(o.action).into_iter().map(Json::str).collect()),
        ),
        ("before".into(), known(&before)),
    ];
    let wholly_known = !after.has_unknown();
    // An unknown after is left out (omitUnknowns makes it null, and null is written as
    // nothing).
    if wholly_known || !after.is_unknown() {
        m.push(("after".into(), known(&after)));
    }
    m.push((
        "after_unknown".into(),
        if wholly_known { Json::Bool(false) } else { unknown_as_bool(&after) },
    ));
    m.push(("before_sensitive".into(), Json::Bool(o.sensitive)));
    m.push(("after_sensitive".into(), Json::Bool(o.sensitive)));
    Json::Object(m)
}

fn planned_outputs(plan: &Plan) -> Json {
    sorted_object(
        plan.outputs
            .iter()
            .filter(|o| o.action != Action::Delete)
            .map(|o| {
                let after = o.after.clone().unmark_deep().0;
                let mut m = vec![("sensitive".to_string(), Json::Bool(o.sensitive))];
                if !after.has_unknown() {
                    // The plan file keeps a null without its type (a DynamicValue of a
                    // dynamic null), so show -json calls it "dynamic" (tf-oracle 1.12.2).
                    let ty = if after.is_null() { crate::lang::Type::Dynamic } else { after.ty() };
                    m.push(("type".into(), type_json(&ty)));
                    m.push(("value".into(), known(&after)));
                }
                (o.name.clone(), Json::Object(m))
            })
            .collect(),
    )
}

fn planned_resources(plan: &Plan) -> Json {
    let entries = plan
        .changes
        .iter()
        .filter(|c| c.action != Action::Delete && c.deposed.is_none())
        .map(|c| {
            let mut m = vec![
                ("address".to_string(), Json::str(c.addr.to_string())),
                ("mode".into(), Json::str(c.addr.resource.mode.state_name())),
                ("type".into(), Json::str(c.addr.resource.rtype.clone())),
                ("name".into(), Json::str(c.addr.resource.name.clone())),
            ];
            if let Some(i) = index_json(&c.addr.key) {
                m.push(("index".into(), i));
            }
            m.push(("provider_name".into(), Json::str(PROVIDER)));
            m.push(("schema_version".into(), Json::Number("0".into())));
            // An object with nothing known yet has no `values` (jsonplan's omitempty map;
            // tf-oracle 1.12.2: a create whose every argument is unknown).
            let values = known(&c.after);
            if !is_none(&c.after) && values != Json::Object(Vec::new()) {
                m.push(("values".into(), values));
            }
            m.push(("sensitive_values".into(), sensitive_as_bool(&c.after)));
            Entry {
                module: c.addr.resource.module.clone(),
                resource: c.addr.resource.clone(),
                key: c.addr.key.clone(),
                deposed: String::new(),
                json: Json::Object(m),
            }
        })
        .collect();
    module_tree(entries, true)
}

/// The state the plan was made from, refreshed, with the objects import blocks read and the
/// root outputs whose new values the plan knows (an output to be removed, or whose new value
/// is unknown, keeps its old one: tf-oracle 1.6.6; one whose new value is null is gone).
fn prior_state(plan: &Plan, version: TfVersion) -> State {
    let mut s = plan.prior.clone();
    s.terraform_version = format!("{}.{}.{}", version.0, version.1, version.2);
    // Terraform refreshes the state after its moves: the objects are at their new addresses.
    for c in plan.changes.iter().filter(|c| c.deposed.is_none()) {
        if let Some(from) = c.prev_addr.as_ref().filter(|p| **p != c.addr) {
            s.move_instance(from, &c.addr);
        }
    }
    for c in plan.changes.iter().filter(|c| c.importing.is_some()) {
        let Value::Object(attributes) = c.before.clone() else { continue };
        s.add_instance(&c.addr, crate::workflow::model::state::InstanceObject::plain(attributes), "");
    }
    // A root output whose new value is null leaves the state (NodeApplyableOutput's
    // RemoveOutputValue; tf-oracle 1.6.6 and 1.12.2: no `prior_state` for it).
    s.outputs = plan.refreshed_outputs();
    s
}

/// The plan document.
pub fn plan_document(plan: &Plan, doc: &PlanDoc) -> Json {
    let v = doc.version;
    let mut m = vec![
        ("format_version".to_string(), Json::str("1.2")),
        ("terraform_version".into(), Json::str(format!("{}.{}.{}", v.0, v.1, v.2))),
    ];
    if !doc.variables.is_empty() {
        m.push((
            "variables".into(),
            sorted_object(
                doc.variables
                    .iter()
                    .map(|(k, val)| {
                        let plain = val.clone().unmark_deep().0;
                        (k.clone(), Json::Object(vec![("value".into(), known(&plain))]))
                    })
                    .collect(),
            ),
        ));
    }
    let mut pv = Vec::new();
    let outs = planned_outputs(plan);
    if outs != Json::Object(Vec::new()) {
        pv.push(("outputs".to_string(), outs));
    }
    pv.push(("root_module".into(), planned_resources(plan)));
    m.push(("planned_values".into(), Json::Object(pv)));
    let mut changes: Vec<&ResourceChange> = plan.changes.iter().collect();
    changes.sort_by(|a, b| change_order(a, b));
    if !changes.is_empty() {
        m.push((
            "resource_changes".into(),
            Json::Array(changes.into_iter().map(resource_change).collect()),
        ));
    }
    if !plan.outputs.is_empty() {
        m.push((
            "output_changes".into(),
            sorted_object(plan.outputs.iter().map(|o| (o.name.clone(), output_change(o))).collect()),
        ));
    }
    let prior = prior_state(plan, v);
    if !super::json_state::is_empty(&prior) {
        m.push(("prior_state".into(), state_document(&prior, false)));
    }
    m.push(("configuration".into(), doc.configuration.clone()));
    if let Some(r) = &doc.relevant {
        m.push(("relevant_attributes".into(), r.clone()));
    }
    if let Some(c) = plan.checks.as_ref().and_then(super::json_checks::from_results) {
        m.push(("checks".into(), c));
    }
    m.push(("timestamp".into(), Json::str(doc.timestamp)));
    let errored = !plan.errors.is_empty();
    if v >= APPLYABLE_SINCE {
        m.push(("applyable".into(), Json::Bool(!errored && plan.applyable(v))));
        m.push(("complete".into(), Json::Bool(!errored && !plan.targeted)));
    }
    m.push(("errored".into(), Json::Bool(errored)));
    Json::Object(m)
}

/// What `show -json PLANFILE` prints.
pub fn show_plan_json(plan: &Plan, doc: &PlanDoc) -> String {
    let mut text = to_compact(&plan_document(plan, doc));
    text.push('\n');
    text
}
