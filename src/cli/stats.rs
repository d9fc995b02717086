//! `iacquiz stats`: accuracy, new, due and mastered counts and mastery per topic, streaks and
//! the misses waiting for review, and the beliefs to unlearn, from the progress store, as text
//! or JSON. Needs no terminal. A report only reads: no folder or store is created (none reads as
//! empty), a corrupt store is reported and left where it is, and the store's lock is not taken.
//! What the store holds may have been put there by anyone who could write it, so the output
//! goes through the sanitiser (`\u{1b}` shown, never obeyed).

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::quiz::beliefs::{Belief, RETIRE_AFTER, beliefs};
use crate::quiz::progress::{Store, data_dir, now_secs};
use crate::quiz::stats::{Overview, overview};
use crate::terminal::{safe, safe_json};

/// Output formats of `stats`.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// For people: the totals, a table of topics, the beliefs to unlearn.
    #[default]
    Text,
    /// One JSON document with the same figures.
    Json,
}

/// Options of `stats`.
#[derive(Args, Debug, Clone, Default)]
pub struct StatsArgs {
    /// Read the question bank from this folder instead of the bundled one (repeatable).
    #[arg(long = "bank", value_name = "DIR")]
    pub banks: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

/// Prints the statistics; 0, or 2 when the bank or the store cannot be read.
pub fn run(args: StatsArgs) -> i32 {
    let bank = match crate::tui::load_bank(&args.banks) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("iacquiz: {e}");
            return 2;
        }
    };
    let opened = match data_dir().and_then(|d| Store::open_read_only(&d)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("iacquiz: {e}");
            return 2;
        }
    };
    for n in &opened.notices {
        eprintln!("iacquiz: {}", safe(n));
    }
    let now = now_secs();
    let o = overview(bank.questions(), &opened.store.progress, now);
    let b = beliefs(&opened.store.progress);
    let path = opened.store.path().display().to_string();
    let version = crate::quiz::version::stored(&opened.store.progress);
    match args.format {
        Format::Text => print!("{}", safe(&format!("{}{}", render(&o, &path, version), render_beliefs(&b, now)))),
        Format::Json => println!("{}", safe_json(&format!("{:#}", json(&o, &b, &path, version)))),
    }
    0
}

/// The "Beliefs to unlearn" section of the text: each belief's figures and explanation, the
/// active ones first.
pub fn render_beliefs(list: &[Belief], now: u64) -> String {
    let mut s = String::new();
    let active = list.iter().filter(|b| !b.retired).count();
    let _ = writeln!(s);
    if list.is_empty() {
        let _ = writeln!(
            s,
            "Beliefs to unlearn: none yet (a wrong answer a misconception computes is recorded here)"
        );
        return s;
    }
    let _ = writeln!(
        s,
        "Beliefs to unlearn: {active} active · {} retired (a belief retires after {RETIRE_AFTER} right answers since it was last shown)",
        list.len() - active
    );
    for b in list.iter().filter(|b| !b.retired).chain(list.iter().filter(|b| b.retired)) {
        let _ = writeln!(s, "  {}  {}", b.id, b.summary(now));
        let _ = writeln!(s, "      {}", b.explanation);
    }
    s
}

/// The JSON `stats --format json` prints: the totals, the topics and the beliefs.
pub fn json(o: &Overview, list: &[Belief], path: &str, version: crate::lang::dialect::releases::TfVersion) -> serde_json::Value {
    let topics: Vec<serde_json::Value> = o
        .topics
        .iter()
        .map(|t| {
            serde_json::json!({
                "engine": t.engine.name(),
                "topic": t.topic,
                "questions": t.questions,
                "new": t.never_asked(),
                "due": t.due,
                "mastered": t.mastered,
                "mastery": t.mastery(),
                "answers": t.attempts,
                "right": t.correct,
            })
        })
        .collect();
    serde_json::json!({
        "progress": path,
        "terraform_version": crate::bank::check::since::Release(version).to_string(),
        "answers": o.attempts,
        "right": o.correct,
        "new": o.new,
        "due": o.due,
        "mastered": o.mastered,
        "misses": o.misses,
        "streaks": {
            "days": o.day_streak,
            "best_days": o.best_day_streak,
            "right": o.answer_streak,
            "best_right": o.best_answer_streak,
        },
        "topics": topics,
        "retire_after": RETIRE_AFTER,
        "beliefs": list,
    })
}

/// The text `stats` prints.
pub fn render(o: &Overview, path: &str, version: crate::lang::dialect::releases::TfVersion) -> String {
    let mut s = String::new();
    let pct = |r: usize, n: usize| (r * 100).checked_div(n).map(|p| format!("{p}%")).unwrap_or_else(|| "–".into());
    let _ = writeln!(s, "progress: {path}");
    let _ = writeln!(
        s,
        "exam release: {} (set with --terraform-version on practice, exam or review, or v on Home)",
        crate::quiz::version::label(version)
    );
    let _ = writeln!(
        s,
        "answers: {} · right: {} ({}) · new: {} · due now: {} · mastered: {} · misses to review: {}",
        o.attempts,
        o.correct,
        pct(o.correct, o.attempts),
        o.new,
        o.due,
        o.mastered,
        o.misses
    );
    let _ = writeln!(
        s,
        "streaks: {} day(s) in a row (best {}) · {} right in a row (best {})",
        o.day_streak, o.best_day_streak, o.answer_streak, o.best_answer_streak
    );
    let _ = writeln!(s);
    let w = o.topics.iter().map(|t| t.topic.chars().count()).max().unwrap_or(5).max(5);
    let _ = writeln!(
        s,
        "{:<10} {:<w$} {:>9} {:>4} {:>4} {:>8} {:>7} {:>7} {:>8}",
        "engine", "topic", "questions", "new", "due", "mastered", "mastery", "answers", "accuracy"
    );
    for t in &o.topics {
        let _ = writeln!(
            s,
            "{:<10} {:<w$} {:>9} {:>4} {:>4} {:>8} {:>7} {:>7} {:>8}",
            t.engine.name(),
            t.topic,
            t.questions,
            t.never_asked(),
            t.due,
            t.mastered,
            format!("{}%", (t.mastery() * 100.0).round() as u32),
            t.attempts,
            pct(t.correct, t.attempts)
        );
    }
    s
}
