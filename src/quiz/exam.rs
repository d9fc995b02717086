//! An exam's answer sheet: every question drawn, in order, with its answer (which can be changed
//! until the exam ends), whether it was shown and whether it is flagged, so questions can be
//! skipped and revisited in any order. Nothing is recorded in the progress store until the
//! exam ends, so a changed answer is recorded once.

use std::collections::BTreeMap;

use super::session::{Answered, Item};

/// What became of one exam question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Answered right.
    Right,
    /// Answered wrong.
    Wrong,
    /// Shown but left unanswered.
    Skipped,
    /// Never shown (the exam ended first).
    NotReached,
}

impl Status {
    /// The symbol and word the lists show (`✓ right`).
    pub fn label(self) -> &'static str {
        match self {
            Status::Right => "✓ right",
            Status::Wrong => "✗ wrong",
            Status::Skipped => "– skipped",
            Status::NotReached => "· not reached",
        }
    }
}

/// One question on the sheet.
#[derive(Clone, Debug)]
pub struct Slot {
    /// What is asked.
    pub item: Item,
    /// The answer given (the latest, when changed).
    pub answer: Option<Answered>,
    /// When it was answered (Unix seconds).
    pub answered_at: u64,
    /// Shown at least once.
    pub seen: bool,
    /// Marked to come back to.
    pub flagged: bool,
    /// A typed answer not yet submitted, kept while the learner looks at other questions.
    pub draft: String,
}

/// The whole sheet.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// Every question, in the order drawn.
    pub slots: Vec<Slot>,
    /// The question shown.
    pub at: usize,
    /// Set when the exam is over (finished, left or out of time).
    pub ended: bool,
}

impl Sheet {
    /// A sheet over `items`, the first one shown.
    pub fn new(items: Vec<Item>) -> Sheet {
        let slots = items
            .into_iter()
            .map(|item| Slot {
                item,
                answer: None,
                answered_at: 0,
                seen: false,
                flagged: false,
                draft: String::new(),
            })
            .collect();
        Sheet {
            slots,
            at: 0,
            ended: false,
        }
    }

    /// The question shown (None once the exam is over or the sheet is empty).
    pub fn current(&self) -> Option<&Slot> {
        if self.ended { None } else { self.slots.get(self.at) }
    }

    /// The question shown, to change.
    pub fn current_mut(&mut self) -> Option<&mut Slot> {
        if self.ended { None } else { self.slots.get_mut(self.at) }
    }

    /// Records `answered` for the question shown and moves to the next unanswered one.
    pub fn answer(&mut self, answered: Answered, at_secs: u64) {
        if let Some(s) = self.current_mut() {
            s.answer = Some(answered);
            s.answered_at = at_secs;
            s.draft.clear();
        }
        self.to_next_unanswered();
    }

    /// Moves to the next unanswered question after the one shown, wrapping round; false when
    /// the one shown is the only one left unanswered (or none is).
    pub fn to_next_unanswered(&mut self) -> bool {
        let n = self.slots.len();
        let next = (1..n).map(|d| (self.at + d) % n).find(|&i| self.slots[i].answer.is_none());
        match next {
            Some(i) => {
                self.at = i;
                true
            }
            None => false,
        }
    }

    /// Moves to question `i` (ignored past the end).
    pub fn go(&mut self, i: usize) {
        if i < self.slots.len() {
            self.at = i;
        }
    }

    /// Questions not answered.
    pub fn unanswered(&self) -> usize {
        self.slots.iter().filter(|s| s.answer.is_none()).count()
    }

    /// Questions flagged.
    pub fn flagged(&self) -> usize {
        self.slots.iter().filter(|s| s.flagged).count()
    }

    /// Questions answered.
    pub fn answered(&self) -> usize {
        self.slots.len() - self.unanswered()
    }

    /// Right answers.
    pub fn correct(&self) -> usize {
        self.count(Status::Right)
    }

    /// How many questions have `status`.
    pub fn count(&self, status: Status) -> usize {
        (0..self.slots.len()).filter(|&i| self.status(i) == status).count()
    }

    /// What became of question `i`.
    pub fn status(&self, i: usize) -> Status {
        match self.slots.get(i) {
            Some(Slot { answer: Some(a), .. }) if a.feedback.correct => Status::Right,
            Some(Slot { answer: Some(_), .. }) => Status::Wrong,
            Some(Slot { seen: true, .. }) => Status::Skipped,
            _ => Status::NotReached,
        }
    }

    /// Per section: (section, right, asked). Asked means shown: a skipped question counts as
    /// asked and not right; a question never reached is left out, so a section nobody reached
    /// does not appear.
    pub fn score_by_domain(&self) -> Vec<(String, usize, usize)> {
        let mut m: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for (i, s) in self.slots.iter().enumerate() {
            let status = self.status(i);
            if status == Status::NotReached {
                continue;
            }
            let e = m.entry(&s.item.domain).or_default();
            e.0 += usize::from(status == Status::Right);
            e.1 += 1;
        }
        m.into_iter().map(|(d, (r, n))| (d.to_string(), r, n)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiz::feedback::Feedback;

    fn item(id: &str, domain: &str) -> Item {
        Item {
            id: id.into(),
            seed: 0,
            domain: domain.into(),
            values: None,
        }
    }

    fn answered(item: Item, correct: bool) -> Answered {
        Answered {
            item,
            feedback: Feedback {
                id: String::new(),
                correct,
                given: String::new(),
                expected: String::new(),
                belief: None,
                beliefs: Vec::new(),
                why: None,
                divergence: None,
                lesson: String::new(),
                explain: String::new(),
                refs: Vec::new(),
                trace: Vec::new(),
                note: None,
                version: None,
            },
            ms: 0,
        }
    }

    #[test]
    fn four_statuses_and_sections_count_only_what_was_asked() {
        let items = vec![item("a", "A"), item("b", "A"), item("c", "B"), item("d", "C")];
        let mut sheet = Sheet::new(items.clone());
        sheet.slots[0].seen = true;
        sheet.answer(answered(items[0].clone(), true), 1);
        assert_eq!(sheet.at, 1);
        sheet.slots[1].seen = true;
        assert!(sheet.to_next_unanswered(), "b skipped");
        sheet.slots[2].seen = true;
        sheet.answer(answered(items[2].clone(), false), 2);
        assert_eq!(sheet.at, 3, "d is next");
        let statuses: Vec<Status> = (0..4).map(|i| sheet.status(i)).collect();
        assert_eq!(statuses, [Status::Right, Status::Skipped, Status::Wrong, Status::NotReached]);
        assert_eq!(
            sheet.score_by_domain(),
            [("A".to_string(), 1, 2), ("B".to_string(), 0, 1)],
            "the skipped b counts in A, the unreached d (C) does not appear"
        );
        sheet.ended = true;
        assert!(sheet.current().is_none());
    }

    #[test]
    fn moving_on_wraps_round_to_the_skipped_and_stops_at_the_last_one() {
        let items = vec![item("a", "A"), item("b", "A"), item("c", "A")];
        let mut sheet = Sheet::new(items.clone());
        assert!(sheet.to_next_unanswered());
        sheet.answer(answered(items[1].clone(), true), 1);
        assert_eq!(sheet.at, 2);
        sheet.answer(answered(items[2].clone(), true), 1);
        assert_eq!(sheet.at, 0, "back round to the skipped a");
        assert!(!sheet.to_next_unanswered(), "a is the only one left");
        assert_eq!(sheet.unanswered(), 1);
    }
}
