//! A distractor is the answer a learner holding the belief would give. This module finds the
//! misconception answers that are artefacts instead: an error that arises only from the part
//! of the result the question selects (a cfnrain `select`/`keys` path, a Rivet `select`
//! address), because under the flipped rule that part has another name. A believer does not
//! answer "not in the template" to a question about a resource they can see; they read the
//! path in their own terms, and the engine must do the same (see `cfn::Template::believed_path`
//! and `rivet::believed`).

use crate::bank::Engine;
use crate::bank::engine::{self, Computed};
use crate::bank::instance::Instance;
use crate::lang::Rules;

use crate::mistakes::catalogue;

/// The refusals for one instance, one line each: every misconception of the instance's engine
/// whose flipped rule turns the real answer, a value, into an error that the source without
/// its selection does not give under the same rule. Terraform questions select nothing, so
/// they never have one.
pub fn selection_artefacts(inst: &Instance) -> Vec<String> {
    if inst.engine == Engine::Terraform || (inst.source.select.is_none() && inst.source.keys.is_none()) {
        return Vec::new();
    }
    let Ok(real) = inst.real() else { return Vec::new() };
    if matches!(real.computed, Computed::Error(_)) {
        return Vec::new();
    }
    let mut whole = inst.source.clone();
    whole.select = None;
    whole.keys = None;
    let Ok(prepared) = engine::prepare(inst.engine, &whole) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in catalogue() {
        if m.engine != inst.engine.name() || !real.touched.contains(&m.rule) {
            continue;
        }
        let Ok(flipped) = inst.evaluate_flipped(m.rule) else { continue };
        let Computed::Error(err) = &flipped.computed else { continue };
        let rules = Rules::with(m.rule);
        if matches!(prepared.evaluate_source(&whole, &rules, false).computed, Computed::Error(_)) {
            continue;
        }
        let path = inst.source.select.as_deref().or(inst.source.keys.as_deref()).unwrap_or_default();
        out.push(format!(
            "misconception {:?} gives `Error: {}` only because the selection {path:?} names nothing \
             under it; a learner holding the belief answers with the part they read that path as, \
             so the engine must translate the selection for that misconception (a distractor must \
             be the believer's answer, questions/README.md)",
            m.id, err.summary
        ));
    }
    out
}
