//! A misconception's own example (in the catalogue, `assets/misconceptions.yaml`), run through
//! the bank's engines under a rule set: for `iacquiz misconceptions` and the catalogue's tests.
//! The misconception engine itself knows only the terraform engine; this is where a cfnrain or
//! rivet example meets its engine.

use std::collections::{BTreeMap, BTreeSet};

use crate::bank::answer::notation;
use crate::bank::model::{Engine, Source};
use crate::lang::Rules;
use crate::mistakes::Misconception;
use crate::mistakes::catalogue::Example;
use crate::mistakes::distract::{Produced, produce_condition, produce_expr, session_for};

/// A misconception's example as a bank source (for the cfnrain and rivet engines).
pub fn example_source(example: &Example) -> Result<Source, String> {
    let mut vars = BTreeMap::new();
    for (k, v) in &example.vars {
        vars.insert(k.clone(), notation::literal(v).map_err(|m| format!("vars.{k}: {m}"))?);
    }
    Ok(Source {
        expr: example.expr.clone().unwrap_or_default(),
        config: example.config.clone(),
        files: example.files.clone(),
        condition: example.conditions.clone(),
        template: example.template.clone(),
        select: example.select.clone(),
        keys: example.keys.clone(),
        vars,
        facts: example.facts.clone(),
        old_files: example.old_files.clone(),
        terraform_version: None,
        steps: example
            .steps
            .iter()
            .map(crate::bank::load::sources::step)
            .collect::<Result<_, _>>()
            .map_err(|m| format!("steps: {m}"))?,
        ask: example.ask.clone(),
    })
}

/// What a bank source of the cfnrain or rivet engine gives under a rule set (no trace: those
/// engines do not record steps).
pub fn produce_source(engine: Engine, source: &Source, rules: &Rules) -> Produced {
    let e = match super::prepare(engine, source) {
        Ok(p) => p.evaluate_source(source, rules, false),
        Err(u) => {
            return Produced {
                text: format!("error: {u}"),
                is_error: true,
                console: u.to_string(),
                trace: Vec::new(),
                touched: BTreeSet::new(),
                value: None,
            };
        }
    };
    let is_error = e.computed.error().is_some();
    Produced {
        text: match e.computed.error() {
            Some(err) => format!("error: {}", err.summary),
            None => e.computed.one_line(),
        },
        is_error,
        console: match e.computed.error() {
            Some(err) => err.summary.clone(),
            None => e.computed.console(),
        },
        trace: e.trace,
        touched: e.touched,
        value: match e.computed {
            super::Computed::Value(v) => Some(v),
            _ => None,
        },
    }
}

/// What a catalogue entry's example gives under a rule set.
pub fn run_example(m: &Misconception, rules: &Rules) -> Produced {
    let scenario = !m.example.steps.is_empty();
    if let Some(engine) = Engine::from_name(&m.engine).filter(|e| *e != Engine::Terraform || scenario) {
        return match example_source(&m.example) {
            Ok(src) => produce_source(engine, &src, rules),
            Err(msg) => Produced {
                text: format!("error: {msg}"),
                is_error: true,
                console: msg,
                trace: Vec::new(),
                touched: BTreeSet::new(),
                value: None,
            },
        };
    }
    let session = match session_for(m.example.config.as_deref(), &m.example.files) {
        Ok(s) => s,
        Err(d) => {
            return Produced {
                text: format!("error: {}", d.summary),
                is_error: true,
                console: d.summary,
                trace: Vec::new(),
                touched: BTreeSet::new(),
                value: None,
            };
        }
    };
    match (&m.example.expr, &m.example.conditions) {
        (Some(e), _) => produce_expr(&session, e, rules),
        (None, Some(addr)) => produce_condition(&session, addr, rules),
        (None, None) => produce_expr(&session, "null", rules),
    }
}
