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
    /// The Terraform release your exam uses (1.0 to 1.14; HashiCorp's Professional exam labs
    /// use 1.6): questions are asked and answered at it, and the ones whose feature is newer
    /// are skipped. Kept in the progress store for later runs (default: the kept one, else
    /// 1.14); change it on Home with v and V.
    #[arg(long = "terraform-version", value_name = "X.Y", value_parser = exam_version)]
    pub terraform_version: Option<String>,
}

/// An exam release iacquiz emulates, written back as the bank writes releases (`1.6`).
fn exam_version(s: &str) -> Result<String, String> {
    crate::quiz::version::parse(s).map(|v| crate::bank::check::since::Release(v).to_string())
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
        terraform_version: args.terraform_version,
    })
}
