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
    #[arg(long = "questions", value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub questions: Option<u64>,
}

/// Opens the TUI, in `mode` when given.
pub fn run(mode: Option<Mode>, args: TuiArgs) -> i32 {
    tui::run(Launch {
        banks: args.banks,
        topics: args.topics,
        mode,
        questions: args.questions.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
    })
}
