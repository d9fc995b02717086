//! Statistics over the progress store: accuracy per topic, streaks, new/due/mastered counts,
//! accuracy per day, and the mastery of each lesson section and topic.
//!
//! Mastery is the share of questions mastered (`QuestionProgress::mastered`: the latest answer
//! right and the stability, since the last miss, at `MASTERED_STABILITY` days or more). It
//! depends on the answers alone: a miss never raises it, a right answer never lowers it, and
//! the clock does not wear it down (what time does is shown by the due count). A topic with
//! only misses is at 0%. It used to be the mean predicted recall at the moment, which put a
//! question missed a second ago at 40% recall.

use std::collections::{BTreeMap, BTreeSet};

use crate::bank::{Catalogue, Engine, Question};

use super::progress::Progress;

/// One topic's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct TopicStats {
    /// The topic.
    pub topic: String,
    /// Its engine.
    pub engine: Engine,
    /// Questions in it.
    pub questions: usize,
    /// Questions answered at least once.
    pub seen: usize,
    /// Answers given.
    pub attempts: usize,
    /// Right answers.
    pub correct: usize,
    /// Questions answered before and due for review now.
    pub due: usize,
    /// Questions mastered.
    pub mastered: usize,
}

impl TopicStats {
    /// Right answers over answers, when there are any.
    pub fn accuracy(&self) -> Option<f64> {
        (self.attempts > 0).then(|| self.correct as f64 / self.attempts as f64)
    }

    /// Questions never answered.
    pub fn never_asked(&self) -> usize {
        self.questions - self.seen
    }

    /// The share of its questions mastered (0 for an empty topic).
    pub fn mastery(&self) -> f64 {
        share(self.mastered, self.questions)
    }
}

fn share(part: usize, whole: usize) -> f64 {
    if whole == 0 { 0.0 } else { part as f64 / whole as f64 }
}

/// One day's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Day {
    /// Days since the Unix epoch (UTC).
    pub day: u64,
    /// Answers given.
    pub attempts: usize,
    /// Right answers.
    pub correct: usize,
}

/// Everything `stats` prints.
#[derive(Clone, Debug, PartialEq)]
pub struct Overview {
    /// Answers given.
    pub attempts: usize,
    /// Right answers.
    pub correct: usize,
    /// Questions due now.
    pub due: usize,
    /// Questions never answered.
    pub new: usize,
    /// Questions mastered.
    pub mastered: usize,
    /// Misses waiting for review (`schedule::misses`).
    pub misses: usize,
    /// Consecutive days with an answer, up to today (or yesterday).
    pub day_streak: usize,
    /// The longest run of such days.
    pub best_day_streak: usize,
    /// Right answers in a row, up to the latest.
    pub answer_streak: usize,
    /// The longest run of right answers.
    pub best_answer_streak: usize,
    /// Per topic, in bank order.
    pub topics: Vec<TopicStats>,
    /// Per day with answers, oldest first.
    pub days: Vec<Day>,
}

/// Computes the overview of `questions` at `now` (Unix seconds).
pub fn overview(questions: &[Question], progress: &Progress, now: u64) -> Overview {
    let mut topics: Vec<TopicStats> = Vec::new();
    let mut new = 0;
    for q in questions {
        let idx = match topics.iter().position(|t| t.topic == q.topic && t.engine == q.engine) {
            Some(i) => i,
            None => {
                topics.push(TopicStats {
                    topic: q.topic.clone(),
                    engine: q.engine,
                    questions: 0,
                    seen: 0,
                    attempts: 0,
                    correct: 0,
                    due: 0,
                    mastered: 0,
                });
                topics.len() - 1
            }
        };
        let t = &mut topics[idx];
        t.questions += 1;
        match progress.get(&q.id) {
            Some(p) if !p.history.is_empty() => {
                t.seen += 1;
                t.attempts += p.history.len();
                t.correct += p.history.iter().filter(|a| a.correct).count();
                t.due += usize::from(p.is_due(now));
                t.mastered += usize::from(p.mastered());
            }
            _ => new += 1,
        }
    }
    // All answers in time order, including those to questions no longer in the bank.
    let mut all: Vec<(u64, bool)> = progress
        .questions
        .values()
        .flat_map(|p| p.history.iter().map(|a| (a.at, a.correct)))
        .collect();
    all.sort();
    let mut days: BTreeMap<u64, Day> = BTreeMap::new();
    for (at, ok) in &all {
        let d = days.entry(at / 86_400).or_insert(Day {
            day: at / 86_400,
            attempts: 0,
            correct: 0,
        });
        d.attempts += 1;
        d.correct += usize::from(*ok);
    }
    let (mut run, mut best) = (0, 0);
    for (_, ok) in &all {
        run = if *ok { run + 1 } else { 0 };
        best = best.max(run);
    }
    let day_set: BTreeSet<u64> = days.keys().copied().collect();
    let (day_streak, best_day_streak) = day_streaks(&day_set, now / 86_400);
    Overview {
        attempts: all.len(),
        correct: all.iter().filter(|a| a.1).count(),
        due: topics.iter().map(|t| t.due).sum(),
        new,
        mastered: topics.iter().map(|t| t.mastered).sum(),
        misses: super::schedule::misses(&questions.iter().collect::<Vec<_>>(), progress, now).len(),
        day_streak,
        best_day_streak,
        answer_streak: run,
        best_answer_streak: best,
        topics,
        days: days.into_values().collect(),
    }
}

fn day_streaks(days: &BTreeSet<u64>, today: u64) -> (usize, usize) {
    let mut best = 0;
    let mut run = 0;
    let mut prev: Option<u64> = None;
    for &d in days {
        run = if prev == Some(d.wrapping_sub(1)) { run + 1 } else { 1 };
        best = best.max(run);
        prev = Some(d);
    }
    let current = match prev {
        Some(last) if last == today || last + 1 == today => run,
        _ => 0,
    };
    (current, best)
}

/// A lesson section's row on the home screen.
#[derive(Clone, Debug, PartialEq)]
pub struct SectionRow {
    /// The engine.
    pub engine: Engine,
    /// The lesson seed (`001`).
    pub seed: String,
    /// The section.
    pub section: String,
    /// The topics its questions come from.
    pub topics: Vec<String>,
    /// Questions in it.
    pub questions: usize,
    /// The share of its questions mastered (see the module's comment).
    pub mastery: f64,
    /// Questions never answered.
    pub new: usize,
    /// Questions answered before and due for review now.
    pub due: usize,
    /// Questions mastered.
    pub mastered: usize,
}

/// The rows of the home screen: each lesson section that has questions, grouped by engine
/// (in catalogue order where the catalogue knows the section).
pub fn sections(questions: &[&Question], progress: &Progress, catalogue: &Catalogue, now: u64) -> Vec<SectionRow> {
    let order: Vec<(String, String)> = catalogue.sections().into_iter().map(|r| (r.seed, r.section)).collect();
    let mut rows: Vec<SectionRow> = Vec::new();
    for q in questions {
        let idx = match rows.iter().position(|r| r.seed == q.lesson.seed && r.section == q.lesson.section) {
            Some(i) => i,
            None => {
                rows.push(SectionRow {
                    engine: q.engine,
                    seed: q.lesson.seed.clone(),
                    section: q.lesson.section.clone(),
                    topics: Vec::new(),
                    questions: 0,
                    mastery: 0.0,
                    new: 0,
                    due: 0,
                    mastered: 0,
                });
                rows.len() - 1
            }
        };
        let r = &mut rows[idx];
        r.questions += 1;
        if !r.topics.contains(&q.topic) {
            r.topics.push(q.topic.clone());
        }
        match progress.get(&q.id).filter(|p| !p.is_new()) {
            None => r.new += 1,
            Some(p) => {
                r.due += usize::from(p.is_due(now));
                r.mastered += usize::from(p.mastered());
            }
        }
    }
    for r in &mut rows {
        r.mastery = share(r.mastered, r.questions);
    }
    let pos = |r: &SectionRow| {
        order
            .iter()
            .position(|(s, n)| *s == r.seed && *n == r.section)
            .unwrap_or(usize::MAX)
    };
    rows.sort_by(|a, b| a.engine.cmp(&b.engine).then(pos(a).cmp(&pos(b))).then(a.section.cmp(&b.section)));
    rows
}
