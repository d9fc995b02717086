//! A difficulty that collapses: a parameterised question whose point is gone in a large share
//! of its instances.
//!
//! A question's *point* is its named misconceptions, or, when it names none, every misconception
//! of the catalogue that changes the answer of at least one of its instances. An instance
//! *collapses* when
//!
//! - the question has a point and no misconception of it changes the instance's answer (a
//!   learner holding the belief answers it right, so it tests nothing the question is about); or
//! - no misconception changes its answer and the answer is, as it is written, the value of a
//!   parameter the prompt shows (the prompt gives the answer away:
//!   `tf-absence-coalesce-try-chain` showed `window_hours: 6` and asked for a value that was 6),
//!   while other instances do not give theirs away. (A question whose every instance passes a
//!   shown value through, such as `format("%03d", {{n}})` with four-digit numbers, does so by
//!   design: its point is that nothing changes the value.)
//!
//! The question fails when at least [`COLLAPSE_SHARE_PERCENT`] % of its instances collapse.

use std::collections::BTreeSet;
use std::fmt;

/// The share of collapsed instances (in percent) at which a question fails: a quarter. A
/// learner meets a question a few times; with one draw in four testing nothing, most learners
/// see such a draw, and its difficulty is not the one the question states.
pub const COLLAPSE_SHARE_PERCENT: usize = 25;

/// What `check` learnt about one instance that bears on its difficulty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Signal {
    /// The misconceptions whose flipped rule changes the instance's answer.
    pub changing: Vec<String>,
    /// True when the right answer is the value of a parameter the prompt shows.
    pub answer_shown: bool,
}

/// A question whose point is gone in too many instances.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collapse {
    /// How many instances collapse.
    pub collapsed: usize,
    /// How many instances there are.
    pub total: usize,
    /// The misconceptions of the question's point.
    pub point: Vec<String>,
}

impl fmt::Display for Collapse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the difficulty collapses: in {} of {} instances {} (a question fails from {} % of its instances); narrow the params so every value keeps the point",
            self.collapsed,
            self.total,
            if self.point.is_empty() {
                "the prompt shows the answer and no misconception changes it".to_string()
            } else {
                format!(
                    "no misconception of the question's point ({}) changes the answer, or the prompt shows it",
                    self.point.join(", ")
                )
            },
            COLLAPSE_SHARE_PERCENT
        )
    }
}

/// Judges a question from the misconceptions it names and its instances' signals. `None`: it
/// holds.
pub fn collapse(named: &[String], per_instance: &[Signal]) -> Option<Collapse> {
    let point: BTreeSet<&String> = if named.is_empty() {
        per_instance.iter().flat_map(|s| &s.changing).collect()
    } else {
        named.iter().collect()
    };
    let given_away = |s: &Signal| s.changing.is_empty() && s.answer_shown;
    // A question that shows its answer in every instance does so by design (the point is that
    // the value passes through unchanged); only draws that differ from the others collapse.
    let by_design = per_instance.iter().all(given_away);
    let lost = |s: &Signal| (!point.is_empty() && !s.changing.iter().any(|m| point.contains(m))) || (!by_design && given_away(s));
    let collapsed = per_instance.iter().filter(|s| lost(s)).count();
    if collapsed == 0 {
        return None;
    }
    let total = per_instance.len();
    (collapsed * 100 >= COLLAPSE_SHARE_PERCENT * total).then(|| Collapse {
        collapsed,
        total,
        point: point.into_iter().cloned().collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }

    fn sig(xs: &[&str]) -> Signal {
        Signal {
            changing: ids(xs),
            answer_shown: false,
        }
    }

    fn shown() -> Signal {
        Signal {
            changing: Vec::new(),
            answer_shown: true,
        }
    }

    #[test]
    fn most_instances_without_the_point_fail() {
        // A point that only one draw of three keeps.
        let c = collapse(&[], &[sig(&["coalesce-empty-is-value"]), sig(&[]), sig(&[])]);
        assert_eq!(
            c,
            Some(Collapse {
                collapsed: 2,
                total: 3,
                point: ids(&["coalesce-empty-is-value"])
            })
        );
        // A named misconception that other misconceptions cannot stand in for.
        let named = ids(&["slice-end-inclusive"]);
        let c = collapse(&named, &[sig(&["slice-end-inclusive"]), sig(&["other"]), sig(&["other"])]);
        assert_eq!(c.map(|c| c.collapsed), Some(2));
        // tf-absence-coalesce-try-chain as it was: no misconception, and two draws of three
        // answer with the number the prompt shows.
        let c = collapse(&[], &[sig(&[]), shown(), shown()]);
        assert_eq!(c.as_ref().map(|c| (c.collapsed, c.point.is_empty())), Some((2, true)));
        assert!(c.is_some_and(|c| c.to_string().contains("the prompt shows the answer")));
    }

    #[test]
    fn a_kept_point_passes() {
        let every = vec![sig(&["a"]), sig(&["a", "b"]), sig(&["b"]), sig(&["a"])];
        assert_eq!(collapse(&[], &every), None);
        // One in five collapsing stays under a quarter.
        let mostly = vec![sig(&["a"]), sig(&["a"]), sig(&["a"]), sig(&["a"]), sig(&[])];
        assert_eq!(collapse(&ids(&["a"]), &mostly), None);
        // No point at all and nothing given away: nothing collapses.
        assert_eq!(collapse(&[], &[sig(&[]), sig(&[])]), None);
        // An answer the prompt shows is still hard when a misconception changes it
        // (`"${ {{n}} }"` is the number n, and believers answer the string).
        let typed = Signal {
            changing: ids(&["interpolation-always-string"]),
            answer_shown: true,
        };
        assert_eq!(collapse(&[], &[typed.clone(), typed]), None);
        // Every instance passing its shown value through is the question's design.
        assert_eq!(collapse(&[], &[shown(), shown(), shown()]), None);
    }
}
