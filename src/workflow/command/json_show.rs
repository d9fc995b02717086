//! `show -json` (the state, or a saved plan) and `validate -json`: one JSON document each,
//! compact for `show` (json.Marshal) and indented for `validate` (json.MarshalIndent).

use std::collections::BTreeMap;

use super::diagnostic::{Report, Severity, Sources};
use super::run::{Context, Outcome};
use super::workdir;
use crate::lang::Value;
use crate::lang::dialect::rules::Rules;
use crate::lang::eval::{EmptyScope, Evaluator};
use crate::workflow::render::json_plan::{PlanDoc, show_plan_json};
use crate::workflow::render::json_state::show_state_json;
use crate::workflow::render::json_ui::diagnostic;
use crate::workflow::state::json::{Json, to_indented};

/// `show -json` of the workspace's state.
pub fn state(ctx: &Context) -> Outcome {
    let state = match super::show_cmd::shown_state(ctx) {
        Ok(s) => s,
        Err(o) => return o,
    };
    let mut o = ctx.outcome();
    o.out(&show_state_json(&state));
    o
}

/// The root variables' values a plan records: those given as they were given (a `-var`
/// string not yet converted to its type: tf-oracle 1.6.6 shows `-var=enabled=false` as
/// `"false"`), the others their defaults, converted.
fn variables(wd: &workdir::Workdir, ctx: &Context, given: &BTreeMap<String, Value>) -> BTreeMap<String, Value> {
    let rules = Rules::real();
    let empty = EmptyScope;
    let mut ev = Evaluator::new(&rules, &empty, crate::lang::funcs::builtins(), &wd.host);
    ev.version = ctx.version;
    // A variable the plan did not record and that has no default is left out (an ephemeral
    // one set while planning, tf-oracle 1.12.2).
    let mut out: BTreeMap<String, Value> = match crate::lang::config::ConfigScope::new(&wd.tree.config, &ev, given) {
        Ok(s) => s
            .vars()
            .iter()
            .filter(|(_, v)| !v.is_unknown())
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        Err(_) => BTreeMap::new(),
    };
    out.extend(given.iter().map(|(k, v)| (k.clone(), v.clone())));
    out
}

/// `show -json FILE` of a saved plan: the plan made again from what the file holds.
pub fn plan(ctx: &Context, file: &str) -> Outcome {
    let (wd, saved, plan) = match super::show_cmd::remade(ctx, file) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let vars = variables(&wd, ctx, &saved.opts.vars);
    let doc = PlanDoc {
        version: ctx.version,
        variables: &vars,
        configuration: super::json_config::configuration(&wd.tree, ctx.version),
        relevant: super::json_relevant::relevant_attributes(&plan, &wd.tree),
        timestamp: &saved.timestamp,
    };
    let mut o = ctx.outcome();
    o.out(&show_plan_json(&plan, &doc));
    o
}

/// `validate -json`: whether the configuration is valid, with its diagnostics.
pub fn validate(reports: &[Report], sources: &Sources) -> String {
    let errors = reports.iter().filter(|r| r.severity == Severity::Error).count();
    let doc = Json::Object(vec![
        ("format_version".into(), Json::str("1.0")),
        ("valid".into(), Json::Bool(errors == 0)),
        ("error_count".into(), Json::Number(errors.to_string())),
        ("warning_count".into(), Json::Number((reports.len() - errors).to_string())),
        (
            "diagnostics".into(),
            Json::Array(reports.iter().map(|r| diagnostic(r, sources)).collect()),
        ),
    ]);
    let mut text = to_indented(&doc);
    text.push('\n');
    text
}
