//! `iacquiz stats`: accuracy, new, due and mastered counts and mastery per topic, streaks and
//! the misses waiting for review, from the progress store (created empty when there is none).
//! Needs no terminal.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;

use crate::quiz::progress::{Store, data_dir, now_secs};
use crate::quiz::stats::{Overview, overview};

/// Options of `stats`.
#[derive(Args, Debug, Clone, Default)]
pub struct StatsArgs {
    /// Read the question bank from this folder instead of the bundled one (repeatable).
    #[arg(long = "bank", value_name = "DIR")]
    pub banks: Vec<PathBuf>,
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
    let opened = match data_dir().and_then(|d| Store::open(&d)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("iacquiz: {e}");
            return 2;
        }
    };
    for n in &opened.notices {
        eprintln!("iacquiz: {n}");
    }
    let o = overview(bank.questions(), &opened.store.progress, now_secs());
    print!("{}", render(&o, &opened.store.path().display().to_string()));
    0
}

/// The text `stats` prints.
pub fn render(o: &Overview, path: &str) -> String {
    let mut s = String::new();
    let pct = |r: usize, n: usize| (r * 100).checked_div(n).map(|p| format!("{p}%")).unwrap_or_else(|| "–".into());
    let _ = writeln!(s, "progress: {path}");
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
