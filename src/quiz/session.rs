//! A quiz session: the questions still to ask and the answers given, per mode (review puts a
//! missed question back at the end, the same instance, until it is answered right).

use std::collections::{BTreeMap, VecDeque};

use crate::bank::{Instance, Question};

use super::Mode;
use super::exam::Sheet;
use super::feedback::Feedback;

/// One question to ask: its id, the seed of its instance, and its domain (lesson section).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The question's id.
    pub id: String,
    /// The instance's seed (parameters and choice order).
    pub seed: u64,
    /// The lesson section it belongs to.
    pub domain: String,
    /// Parameter values to ask with instead of drawing them from the seed: a review asks a
    /// missed instance again with the values it was missed with.
    pub values: Option<BTreeMap<String, String>>,
}

impl Item {
    /// The instance of `q` this item asks: the kept values when the question can still draw
    /// them (same parameter names, each value allowed by its spec: a bank edit may have changed
    /// them, and the store is a file anyone can edit), else the seed's draw.
    pub fn instance(&self, q: &Question) -> Instance {
        match &self.values {
            Some(v)
                if !v.is_empty()
                    && v.keys().eq(q.params.keys())
                    && q.params.iter().all(|(k, spec)| v.get(k).is_some_and(|x| spec.allows(x))) =>
            {
                q.instance_with(v.clone(), self.seed)
            }
            _ => q.instantiate(self.seed),
        }
    }
}

/// An answer given in a session.
#[derive(Clone, Debug)]
pub struct Answered {
    /// What was asked.
    pub item: Item,
    /// The verdict and everything shown about it.
    pub feedback: Feedback,
    /// How long it took (ms).
    pub ms: u64,
}

/// A running session.
#[derive(Clone, Debug)]
pub struct Session {
    /// Practice, exam or review.
    pub mode: Mode,
    /// Still to ask, the current one first.
    pub queue: VecDeque<Item>,
    /// How many questions were drawn.
    pub planned: usize,
    /// The answers so far, in order.
    pub answered: Vec<Answered>,
    /// When it started (ms on the session clock).
    pub started_ms: u64,
    /// The time allowed (exam), ms.
    pub limit_ms: Option<u64>,
    /// An exam's answer sheet (the questions in any order, skipped, flagged); the queue and
    /// the answers above stay empty in an exam.
    pub sheet: Option<Sheet>,
}

/// The time an exam allows per question.
pub const EXAM_MS_PER_QUESTION: u64 = 90_000;

impl Session {
    /// A session over `items`, started at `now_ms`.
    pub fn new(mode: Mode, items: Vec<Item>, now_ms: u64) -> Session {
        let planned = items.len();
        Session {
            mode,
            planned,
            limit_ms: (mode == Mode::Exam).then_some(EXAM_MS_PER_QUESTION * planned as u64),
            sheet: (mode == Mode::Exam).then(|| Sheet::new(items.clone())),
            queue: if mode == Mode::Exam { VecDeque::new() } else { items.into() },
            answered: Vec::new(),
            started_ms: now_ms,
        }
    }

    /// The question being asked.
    pub fn current(&self) -> Option<&Item> {
        if let Some(sheet) = &self.sheet {
            return sheet.current().map(|s| &s.item);
        }
        self.queue.front()
    }

    /// Records the answer to the current question and moves on (in review, a miss goes back
    /// to the end as the same instance: review asks what was missed, and the explanation just
    /// shown is about that instance).
    pub fn submit(&mut self, feedback: Feedback, ms: u64) {
        let Some(item) = self.queue.pop_front() else { return };
        if self.mode == Mode::Review && !feedback.correct {
            self.queue.push_back(item.clone());
        }
        self.answered.push(Answered { item, feedback, ms });
    }

    /// True when nothing is left to ask.
    pub fn finished(&self) -> bool {
        if let Some(sheet) = &self.sheet {
            return sheet.ended;
        }
        self.queue.is_empty()
    }

    /// Milliseconds left on the exam clock at `now_ms` (None when untimed).
    pub fn remaining_ms(&self, now_ms: u64) -> Option<u64> {
        self.limit_ms.map(|l| l.saturating_sub(now_ms.saturating_sub(self.started_ms)))
    }

    /// Right answers.
    pub fn correct(&self) -> usize {
        if let Some(sheet) = &self.sheet {
            return sheet.correct();
        }
        self.answered.iter().filter(|a| a.feedback.correct).count()
    }

    /// Per domain: (domain, right, asked). In an exam, asked means shown (see
    /// [`Sheet::score_by_domain`]): questions never reached are left out.
    pub fn score_by_domain(&self) -> Vec<(String, usize, usize)> {
        if let Some(sheet) = &self.sheet {
            return sheet.score_by_domain();
        }
        let mut m: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for a in &self.answered {
            let e = m.entry(&a.item.domain).or_default();
            e.0 += usize::from(a.feedback.correct);
            e.1 += 1;
        }
        m.into_iter().map(|(d, (r, n))| (d.to_string(), r, n)).collect()
    }

    /// The answers that were wrong, in order.
    pub fn misses(&self) -> Vec<&Answered> {
        self.answered.iter().filter(|a| !a.feedback.correct).collect()
    }
}
