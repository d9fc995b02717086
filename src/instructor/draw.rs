//! Drawing: which questions a quiz asks. The pool is every question whose engine this build
//! has, within the difficulty range and the chosen topics; the draw takes them round-robin over
//! the topics (in a seeded order, each topic's questions in a seeded order), so no topic has
//! more than one question more than another unless it runs out.

use std::collections::BTreeMap;

use super::error::QuizError;
use crate::bank::model::rng::Rng;
use crate::bank::{Bank, Question};

/// What `quiz new` was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// How many questions.
    pub count: usize,
    /// The topics to draw from (empty: every topic of the bank).
    pub topics: Vec<String>,
    /// The lowest and highest difficulty, inclusive.
    pub difficulty: (u8, u8),
    /// The seed.
    pub seed: u64,
    /// How many variants.
    pub variants: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            count: 10,
            topics: Vec::new(),
            difficulty: (1, 5),
            seed: 0,
            variants: 1,
        }
    }
}

/// Parses a difficulty range: `MIN-MAX` or one level (`3`), each 1 to 5.
pub fn parse_difficulty(s: &str) -> Result<(u8, u8), String> {
    let level = |t: &str| -> Result<u8, String> {
        match t.trim().parse::<u8>() {
            Ok(n @ 1..=5) => Ok(n),
            _ => Err(format!(
                "--difficulty {s:?}: levels are 1 to 5, written MIN-MAX (2-4) or one level (3)"
            )),
        }
    };
    let (lo, hi) = match s.split_once('-') {
        Some((a, b)) => (level(a)?, level(b)?),
        None => {
            let n = level(s)?;
            (n, n)
        }
    };
    if lo > hi {
        return Err(format!("--difficulty {s:?}: the minimum {lo} is above the maximum {hi}"));
    }
    Ok((lo, hi))
}

/// Draws the questions of a quiz, in quiz order.
pub fn draw<'b>(bank: &'b Bank, o: &Options) -> Result<Vec<&'b Question>, QuizError> {
    if o.count == 0 {
        return Err(QuizError::Usage("--count must be at least 1".into()));
    }
    let (lo, hi) = o.difficulty;
    let usable: Vec<&Question> = bank.questions().iter().filter(|q| q.engine.available()).collect();
    let mut by_topic: BTreeMap<&str, Vec<&Question>> = BTreeMap::new();
    for q in &usable {
        by_topic.entry(q.topic.as_str()).or_default();
    }
    let mut topics: Vec<String> = Vec::new();
    for t in &o.topics {
        if !by_topic.contains_key(t.as_str()) {
            let known: Vec<&str> = by_topic.keys().copied().collect();
            return Err(QuizError::Usage(format!(
                "--topic {t:?}: the bank has no such topic (topics: {})",
                known.join(", ")
            )));
        }
        if !topics.contains(t) {
            topics.push(t.clone());
        }
    }
    if topics.is_empty() {
        topics = by_topic.keys().map(|t| t.to_string()).collect();
    }
    for q in usable {
        if (lo..=hi).contains(&q.difficulty) && topics.contains(&q.topic) {
            by_topic.entry(q.topic.as_str()).or_default().push(q);
        }
    }
    let mut pools: Vec<(String, Vec<&Question>)> = Vec::new();
    for t in &topics {
        let mut qs = by_topic.get(t.as_str()).cloned().unwrap_or_default();
        if qs.is_empty() {
            if !o.topics.is_empty() {
                return Err(QuizError::Usage(format!(
                    "--topic {t:?}: no question of this topic has a difficulty in {lo}-{hi}"
                )));
            }
            continue;
        }
        Rng::new(o.seed, &format!("draw:{t}")).shuffle(&mut qs);
        pools.push((t.clone(), qs));
    }
    let available: usize = pools.iter().map(|(_, qs)| qs.len()).sum();
    if o.count > available {
        return Err(QuizError::Usage(format!(
            "--count {}: only {available} question{} match the topics and difficulty {lo}-{hi}",
            o.count,
            if available == 1 { "" } else { "s" }
        )));
    }
    Rng::new(o.seed, "draw-topics").shuffle(&mut pools);
    let mut out = Vec::with_capacity(o.count);
    let mut round = 0;
    while out.len() < o.count {
        for (_, qs) in &pools {
            if out.len() < o.count
                && let Some(q) = qs.get(round)
            {
                out.push(*q);
            }
        }
        round += 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_ranges_parse() {
        assert_eq!(parse_difficulty("2-4"), Ok((2, 4)));
        assert_eq!(parse_difficulty("3"), Ok((3, 3)));
        assert_eq!(parse_difficulty(" 1 - 5 "), Ok((1, 5)));
        assert!(parse_difficulty("4-2").is_err());
        assert!(parse_difficulty("0-3").is_err());
        assert!(parse_difficulty("a").is_err());
        assert!(parse_difficulty("1-6").is_err());
    }
}
