//! The beliefs a workflow run holds: the real rules, or the real rules with some flipped to
//! compute what a learner holding a misconception would predict (`assets/misconceptions.yaml`).
//!
//! A scenario question runs the whole command tree, and the rules it may flip sit deep inside
//! it (the planner's choice of which `count` instance goes, the order variables are read in).
//! Rather than thread a rule set through every command, a run sets the rules for its thread
//! with [`within`] and each decision asks [`flipped`], which also records the rules consulted,
//! so that the bank computes a distractor only for a belief the run actually met.

use std::cell::RefCell;
use std::collections::BTreeSet;

use crate::lang::{Rule, Rules};

thread_local! {
    static CURRENT: RefCell<Option<(Rules, BTreeSet<Rule>)>> = const { RefCell::new(None) };
}

/// Runs `f` under `rules`; returns its result and the rules it consulted.
pub fn within<T>(rules: &Rules, f: impl FnOnce() -> T) -> (T, BTreeSet<Rule>) {
    let before = CURRENT.with(|c| c.replace(Some((rules.clone(), BTreeSet::new()))));
    let out = f();
    let touched = CURRENT
        .with(|c| std::mem::replace(&mut *c.borrow_mut(), before))
        .map(|(_, t)| t)
        .unwrap_or_default();
    (out, touched)
}

/// True when the run believes the opposite of `rule` (outside [`within`], never: the CLI
/// always runs Terraform's real rules). Records that `rule` was consulted.
pub fn flipped(rule: Rule) -> bool {
    CURRENT.with(|c| match &mut *c.borrow_mut() {
        Some((rules, touched)) => {
            touched.insert(rule);
            rules.flipped(rule)
        }
        None => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flip_holds_only_inside_its_run_and_is_recorded() {
        let rule = Rule::MergeLastWins;
        assert!(!flipped(rule));
        let (inside, touched) = within(&Rules::with(rule), || flipped(rule));
        assert!(inside);
        assert!(touched.contains(&rule));
        assert!(!flipped(rule), "the rules end with the run");
        let (real, _) = within(&Rules::real(), || flipped(rule));
        assert!(!real);
    }
}
