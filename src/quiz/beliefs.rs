//! Beliefs to unlearn: the misconceptions the learner's wrong answers have shown, computed from
//! the progress store alone.
//!
//! The rule, per misconception:
//! - it is *shown* by every recorded answer whose `beliefs` list it (a chosen distractor it
//!   computed, or a typed answer equal to its output for that instance);
//! - *later answers* are those given after the last time it was shown on questions whose
//!   distractors stood for it (the attempt's `tested` list), counted right and wrong;
//! - it is *retired* once [`RETIRE_AFTER`] of those later answers are right. Showing it again
//!   starts the count afresh (the new showing becomes the last one); a wrong answer that does
//!   not show it (another distractor) neither counts nor resets.
//!
//! Answers are ordered by time (Unix seconds); two answers to different questions in the same
//! second are ordered by question id, answers to one question by their order in its history.

use std::collections::BTreeMap;

use serde::Serialize;

use super::progress::Progress;
use super::session::Item;
use crate::bank::model::rng::Rng;
use crate::bank::{Choice, Instance, Kind, Question};
use crate::mistakes::catalogue::by_id;

/// Right answers after the last showing that retire a belief.
pub const RETIRE_AFTER: usize = 3;

/// One misconception the learner has shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Belief {
    /// The misconception's id.
    pub id: String,
    /// How many answers showed it.
    pub shown: usize,
    /// When it was last shown (Unix seconds).
    pub last_shown: u64,
    /// Right answers since then on questions whose distractors stand for it.
    pub right_since: usize,
    /// Wrong answers since then on such questions (that did not show it).
    pub wrong_since: usize,
    /// True once `right_since` reaches [`RETIRE_AFTER`].
    pub retired: bool,
    /// Its one-line explanation (the belief and the real rule; empty for an id the catalogue
    /// no longer has).
    pub explanation: String,
}

impl Belief {
    /// Right answers still needed to retire it.
    pub fn to_go(&self) -> usize {
        RETIRE_AFTER.saturating_sub(self.right_since)
    }
}

/// Every belief the store shows, the most recently shown first (ties by id).
pub fn beliefs(progress: &Progress) -> Vec<Belief> {
    // Every attempt in answer order: (at, question id, index in its history).
    let mut order: Vec<(u64, &str, usize)> = Vec::new();
    for (id, q) in &progress.questions {
        for (i, a) in q.history.iter().enumerate() {
            order.push((a.at, id.as_str(), i));
        }
    }
    order.sort_unstable();
    let mut out: BTreeMap<&str, Belief> = BTreeMap::new();
    for (at, id, i) in order {
        let Some(a) = progress.questions.get(id).and_then(|q| q.history.get(i)) else {
            continue;
        };
        for m in &a.beliefs {
            let b = out.entry(m.as_str()).or_insert_with(|| Belief {
                id: m.clone(),
                shown: 0,
                last_shown: 0,
                right_since: 0,
                wrong_since: 0,
                retired: false,
                explanation: by_id(m).map(|c| c.explanation()).unwrap_or_default(),
            });
            b.shown += 1;
            b.last_shown = at;
            b.right_since = 0;
            b.wrong_since = 0;
        }
        for m in &a.tested {
            if a.beliefs.contains(m) {
                continue;
            }
            if let Some(b) = out.get_mut(m.as_str()) {
                if a.correct {
                    b.right_since += 1;
                } else {
                    b.wrong_since += 1;
                }
            }
        }
    }
    let mut list: Vec<Belief> = out
        .into_values()
        .map(|mut b| {
            b.retired = b.right_since >= RETIRE_AFTER;
            b
        })
        .collect();
    list.sort_by(|a, b| b.last_shown.cmp(&a.last_shown).then_with(|| a.id.cmp(&b.id)));
    list
}

/// The beliefs not yet retired, the most recently shown first.
pub fn active(progress: &Progress) -> Vec<Belief> {
    beliefs(progress).into_iter().filter(|b| !b.retired).collect()
}

/// The misconceptions an instance puts to the test: its shown choices' (a choice question), or
/// those whose flipped rule changes its answer (a typed question, whose answer any of them may
/// give), sorted and without repeats.
pub fn tested(inst: &Instance, choices: &[Choice]) -> Vec<String> {
    let mut out: Vec<String> = if inst.kind == Kind::Input {
        inst.changing_misconceptions()
    } else {
        choices.iter().filter_map(|c| c.misconception.clone()).collect()
    };
    out.sort();
    out.dedup();
    out
}

/// A question carrying a belief, and the parameter values it carries it with.
type Carrier<'a> = (&'a Question, BTreeMap<String, String>);

/// "Practise my beliefs": up to `length` questions among `qs` whose distractors stand for an
/// active belief, the most recently shown belief first, each belief given as many questions as
/// it still needs right answers to retire. A question is asked as it was when it last showed or
/// tested the belief (its kept parameter values), else drawn for the seed; either way its
/// instance is checked to carry the belief before it is asked. Questions carrying one belief
/// are taken in turn, the one that last showed it first, each time with a fresh choice order. Empty when there is no active
/// belief or no question carries one.
pub fn practice(qs: &[&Question], progress: &Progress, seed: u64, length: usize) -> Vec<Item> {
    let active = active(progress);
    if active.is_empty() {
        return Vec::new();
    }
    let mut rng = Rng::new(seed, "beliefs");
    // The questions carrying each belief: (question, values to ask it with).
    let mut carriers: BTreeMap<&str, Vec<Carrier>> = BTreeMap::new();
    for q in qs {
        let history = progress.get(&q.id).map(|p| p.history.as_slice()).unwrap_or_default();
        let wanted: Vec<&Belief> = active
            .iter()
            .filter(|b| q.misconceptions.contains(&b.id) || history.iter().any(|a| a.beliefs.contains(&b.id) || a.tested.contains(&b.id)))
            .collect();
        if wanted.is_empty() {
            continue;
        }
        let kept = history
            .iter()
            .rev()
            .find(|a| wanted.iter().any(|b| a.beliefs.contains(&b.id) || a.tested.contains(&b.id)))
            .and_then(|a| a.asked.as_ref());
        let item = Item {
            id: q.id.clone(),
            seed: rng.next_u64(),
            domain: q.lesson.section.clone(),
            values: kept.map(|a| a.values.clone()),
        };
        let inst = item.instance(q);
        let choices = if q.kind == Kind::Input {
            Vec::new()
        } else {
            inst.choices(item.seed)
        };
        let carried = tested(&inst, &choices);
        for b in &wanted {
            if carried.contains(&b.id) {
                carriers.entry(b.id.as_str()).or_default().push((q, inst.values.clone()));
            }
        }
    }
    let mut out = Vec::new();
    for b in &active {
        let Some(list) = carriers.get_mut(b.id.as_str()) else { continue };
        // The question that last showed the belief first (a stable sort keeps the rest in order).
        let showed = |q: &Question| {
            progress
                .get(&q.id)
                .is_some_and(|p| p.history.iter().any(|a| a.at == b.last_shown && a.beliefs.contains(&b.id)))
        };
        list.sort_by_key(|(q, _)| !showed(q));
        for (q, values) in list.iter().cycle().take(b.to_go()) {
            if out.len() >= length {
                return out;
            }
            out.push(Item {
                id: q.id.clone(),
                seed: rng.next_u64(),
                domain: q.lesson.section.clone(),
                values: Some(values.clone()),
            });
        }
    }
    out
}

/// When `then` was, said relative to `now` (`today`, `yesterday`, `5 days ago`).
pub fn ago(then: u64, now: u64) -> String {
    match now.saturating_sub(then) / 86_400 {
        0 => "today".into(),
        1 => "yesterday".into(),
        n => format!("{n} days ago"),
    }
}

impl Belief {
    /// The belief's figures on one line: shown, last shown, the later answers, what is left.
    pub fn summary(&self, now: u64) -> String {
        let state = if self.retired {
            "retired".to_string()
        } else {
            format!("{} right to retire", self.to_go())
        };
        format!(
            "shown {}× · last {} · since: {} right, {} wrong · {state}",
            self.shown,
            ago(self.last_shown, now),
            self.right_since,
            self.wrong_since
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiz::progress::Attempt;
    use crate::quiz::{Fsrs, Mode, Rating};

    const M: &str = "merge-deep";

    fn answer(p: &mut Progress, q: &str, at: u64, correct: bool, beliefs: &[&str], tested: &[&str]) {
        let a = Attempt {
            at,
            correct,
            ms: 3_000,
            rating: if correct { Rating::Good } else { Rating::Again },
            mode: Mode::Practice,
            asked: None,
            beliefs: beliefs.iter().map(|s| s.to_string()).collect(),
            tested: tested.iter().map(|s| s.to_string()).collect(),
        };
        p.record(q, a, &Fsrs::default());
    }

    #[test]
    fn counts_showings_and_the_last_one() {
        let mut p = Progress::default();
        answer(&mut p, "a", 100, false, &[M], &[M]);
        answer(&mut p, "b", 200, true, &[], &["other"]);
        answer(&mut p, "c", 300, false, &[M], &[M]);
        let b = beliefs(&p);
        assert_eq!(b.len(), 1, "a right answer shows no belief: {b:?}");
        assert_eq!((b[0].id.as_str(), b[0].shown, b[0].last_shown), (M, 2, 300));
        assert!(by_id(M).is_some(), "the test's id is in the catalogue");
        assert_eq!(b[0].explanation, by_id(M).map(|m| m.explanation()).unwrap_or_default());
    }

    #[test]
    fn later_answers_count_only_after_the_last_showing_and_only_where_tested() {
        let mut p = Progress::default();
        answer(&mut p, "a", 100, false, &[M], &[M]);
        answer(&mut p, "b", 150, true, &[], &[M]);
        answer(&mut p, "a", 200, false, &[M], &[M]);
        answer(&mut p, "b", 250, true, &[], &[M]);
        answer(&mut p, "c", 260, true, &[], &["other"]);
        answer(&mut p, "d", 270, false, &["other"], &[M, "other"]);
        let b = &beliefs(&p)[1];
        assert_eq!(b.id, M);
        assert_eq!((b.shown, b.right_since, b.wrong_since, b.retired), (2, 1, 1, false));
        assert_eq!(b.to_go(), 2);
    }

    #[test]
    fn retires_after_enough_right_answers_and_comes_back_when_shown_again() {
        let mut p = Progress::default();
        answer(&mut p, "a", 100, false, &[M], &[M]);
        for (i, at) in [110, 120].into_iter().enumerate() {
            answer(&mut p, "a", at, true, &[], &[M]);
            assert!(!beliefs(&p)[0].retired, "{} right answers do not retire it", i + 1);
        }
        answer(&mut p, "b", 130, true, &[], &[M]);
        assert!(beliefs(&p)[0].retired, "{RETIRE_AFTER} right answers retire it");
        assert!(active(&p).is_empty());
        answer(&mut p, "b", 140, false, &[M], &[M]);
        let b = &active(&p)[0];
        assert_eq!((b.shown, b.last_shown, b.right_since), (2, 140, 0));
    }

    #[test]
    fn most_recently_shown_first() {
        let mut p = Progress::default();
        answer(&mut p, "a", 100, false, &["x"], &["x"]);
        answer(&mut p, "b", 200, false, &["y"], &["y"]);
        let ids: Vec<String> = beliefs(&p).into_iter().map(|b| b.id).collect();
        assert_eq!(ids, ["y", "x"]);
    }

    #[test]
    fn older_stores_load_and_no_belief_writes_no_field() {
        let old = br#"{"schema":1,"questions":{"q":{"history":[
            {"at":5,"correct":false,"ms":900,"rating":"again","mode":"practice"}]}}}"#;
        let p = crate::quiz::progress::parse(old).expect("an older store loads");
        assert!(beliefs(&p).is_empty());
        let text = serde_json::to_string(&p).expect("serialises");
        assert!(!text.contains("beliefs") && !text.contains("tested"), "{text}");
        let mut p = p;
        answer(&mut p, "q", 9, false, &[M], &[M]);
        let back = crate::quiz::progress::parse(serde_json::to_string(&p).expect("json").as_bytes()).expect("loads");
        assert_eq!(back.questions["q"].history[1].beliefs, [M]);
        assert_eq!(beliefs(&back)[0].shown, 1);
    }
}
