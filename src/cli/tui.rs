//! `iacquiz practice|exam|review`: open the TUI on a session (and `iacquiz` alone: on Home).

use std::path::PathBuf;

use clap::Args;

use crate::quiz::Mode;
use crate::tui::{self, Launch};

/// Options of the TUI commands.
#[derive(Args, Debug, Clone, Default)]
pub struct TuiArgs {
    /// Read the question bank from this folder instead of the bundled one (repeatable).
    #[arg(long = "bank", value_name = "DIR")]
    pub banks: Vec<PathBuf>,
    /// Keep to this topic (repeatable).
    #[arg(long = "topic", value_name = "T")]
    pub topics: Vec<String>,
    /// Questions in the session, at least 1 (default: 10 in an exam, 20 in practice, at most
    /// 20 misses in a review).
    #[arg(long = "questions", value_name = "N", value_parser = at_least_one)]
    pub questions: Option<usize>,
}

/// A question count: a whole number of at least 1 (a session of none would end at once).
fn at_least_one(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("a session needs at least 1 question".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{s:?} is not a whole number of questions (1 or more)")),
    }
}

/// Opens the TUI, in `mode` when given.
pub fn run(mode: Option<Mode>, args: TuiArgs) -> i32 {
    tui::run(Launch {
        banks: args.banks,
        topics: args.topics,
        mode,
        questions: args.questions,
    })
}
