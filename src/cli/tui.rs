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
    /// Questions in an exam.
    #[arg(long = "questions", value_name = "N", default_value_t = 10)]
    pub questions: usize,
}

/// Opens the TUI, in `mode` when given.
pub fn run(mode: Option<Mode>, args: TuiArgs) -> i32 {
    tui::run(Launch {
        banks: args.banks,
        topics: args.topics,
        mode,
        exam_questions: if args.questions == 0 { 10 } else { args.questions },
    })
}
