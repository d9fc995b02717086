//! What to ask next: ratings from answers, the practice queue (due questions first, new ones
//! mixed in at a steady rate), the review set (recent misses not yet put right) and the exam draw (across the
//! lesson's domains).

use std::collections::BTreeMap;

use crate::bank::model::rng::Rng;
use crate::bank::{Kind, Question};

use super::fsrs::Rating;
use super::progress::{Asked, Progress};
use super::session::Item;

/// In practice, every `NEW_EVERY`-th question is a new one while new ones remain.
pub const NEW_EVERY: usize = 3;
/// Questions in one practice session.
pub const PRACTICE_LENGTH: usize = 20;
/// How far back a miss counts as recent for review (seconds).
pub const REVIEW_WINDOW: u64 = 14 * 86_400;
/// Questions in one review session at most.
pub const REVIEW_LENGTH: usize = 20;

/// The time after which a right answer counts as slow (and rates Hard).
pub fn slow_after_ms(kind: Kind) -> u64 {
    match kind {
        Kind::Input => 60_000,
        _ => 30_000,
    }
}

/// The rating an answer gives: wrong → Again, slow and right → Hard, right → Good.
pub fn rate(correct: bool, ms: u64, kind: Kind) -> Rating {
    match (correct, ms > slow_after_ms(kind)) {
        (false, _) => Rating::Again,
        (true, true) => Rating::Hard,
        (true, false) => Rating::Good,
    }
}

fn item(q: &Question, rng: &mut Rng) -> Item {
    Item {
        id: q.id.clone(),
        seed: rng.next_u64(),
        domain: q.lesson.section.clone(),
        values: None,
    }
}

/// The practice queue: due questions (most overdue first), a new one every `NEW_EVERY`-th
/// place, then, if room is left, questions not yet due (soonest first).
pub fn practice(questions: &[&Question], progress: &Progress, now: u64, seed: u64, len: usize) -> Vec<Item> {
    let mut rng = Rng::new(seed, "practice");
    let mut due = Vec::new();
    let mut new = Vec::new();
    let mut ahead = Vec::new();
    for q in questions {
        match progress.get(&q.id).and_then(|p| p.card.as_ref()) {
            None => new.push(*q),
            Some(c) if c.due <= now => due.push((c.due, *q)),
            Some(c) => ahead.push((c.due, *q)),
        }
    }
    due.sort_by_key(|(d, _)| *d);
    ahead.sort_by_key(|(d, _)| *d);
    rng.shuffle(&mut new);
    // Easier new questions first, ties in shuffled order.
    new.sort_by_key(|q| q.difficulty);
    let mut due = due.into_iter().map(|(_, q)| q).peekable();
    let mut new = new.into_iter().peekable();
    let mut out = Vec::new();
    while out.len() < len && (due.peek().is_some() || new.peek().is_some()) {
        let want_new = (out.len() + 1) % NEW_EVERY == 0 || due.peek().is_none();
        let next = if want_new {
            new.next().or_else(|| due.next())
        } else {
            due.next().or_else(|| new.next())
        };
        if let Some(q) = next {
            out.push(item(q, &mut rng));
        }
    }
    for (_, q) in ahead {
        if out.len() >= len {
            break;
        }
        out.push(item(q, &mut rng));
    }
    out
}

/// A miss waiting for review: a question whose latest answer was wrong, given within the
/// last `REVIEW_WINDOW` (a right answer since, in any mode, settles it).
#[derive(Clone, Debug)]
pub struct Miss<'a> {
    /// The question.
    pub question: &'a Question,
    /// When it was missed (Unix seconds).
    pub at: u64,
    /// The instance that was missed (None in stores written before instances were kept).
    pub asked: Option<&'a Asked>,
}

/// The misses waiting for review, most recent first (ties by id).
pub fn misses<'a>(questions: &[&'a Question], progress: &'a Progress, now: u64) -> Vec<Miss<'a>> {
    let mut out: Vec<Miss<'a>> = questions
        .iter()
        .filter_map(|q| {
            let last = progress.get(&q.id)?.last()?;
            (!last.correct && now.saturating_sub(last.at) <= REVIEW_WINDOW).then_some(Miss {
                question: q,
                at: last.at,
                asked: last.asked.as_ref(),
            })
        })
        .collect();
    out.sort_by(|a, b| b.at.cmp(&a.at).then_with(|| a.question.id.cmp(&b.question.id)));
    out
}

/// The review set: the waiting misses (at most `REVIEW_LENGTH`), each asked as the instance
/// that was missed (same parameters, same choice order); a miss from an older store, which
/// kept no instance, gets a drawn one.
pub fn review(questions: &[&Question], progress: &Progress, now: u64, seed: u64) -> Vec<Item> {
    let mut rng = Rng::new(seed, "review");
    misses(questions, progress, now)
        .into_iter()
        .take(REVIEW_LENGTH)
        .map(|m| {
            let drawn = item(m.question, &mut rng);
            match m.asked {
                Some(a) => Item {
                    seed: a.seed,
                    values: Some(a.values.clone()),
                    ..drawn
                },
                None => drawn,
            }
        })
        .collect()
}

/// The exam draw: `n` questions taken in turn from each lesson section (domain), in shuffled
/// order within and across domains.
pub fn exam(questions: &[&Question], n: usize, seed: u64) -> Vec<Item> {
    let mut rng = Rng::new(seed, "exam");
    let mut by_domain: BTreeMap<(String, String), Vec<&Question>> = BTreeMap::new();
    for q in questions {
        by_domain
            .entry((q.lesson.seed.clone(), q.lesson.section.clone()))
            .or_default()
            .push(*q);
    }
    let mut domains: Vec<Vec<&Question>> = by_domain.into_values().collect();
    for d in &mut domains {
        rng.shuffle(d);
    }
    rng.shuffle(&mut domains);
    let mut out = Vec::new();
    let mut round = 0;
    while out.len() < n && domains.iter().any(|d| d.len() > round) {
        for d in &domains {
            if out.len() >= n {
                break;
            }
            if let Some(q) = d.get(round) {
                out.push(item(q, &mut rng));
            }
        }
        round += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_follow_rightness_and_speed() {
        assert_eq!(rate(true, 5_000, Kind::Choice), Rating::Good);
        assert_eq!(rate(true, 31_000, Kind::Choice), Rating::Hard);
        assert_eq!(rate(true, 31_000, Kind::Input), Rating::Good);
        assert_eq!(rate(true, 61_000, Kind::Input), Rating::Hard);
        assert_eq!(rate(false, 1_000, Kind::Truefalse), Rating::Again);
    }
}
