//! The quiz: sessions (practice, exam, review), judging an answer into feedback, FSRS
//! scheduling, the progress store and its statistics. Nothing here draws; the TUI and the
//! `stats` command show what these compute.

pub mod beliefs;
pub mod exam;
pub mod feedback;
pub mod fsrs;
pub mod lock;
pub mod progress;
pub mod schedule;
pub mod session;
pub mod stats;
pub mod version;

use serde::{Deserialize, Serialize};

/// The kind of session an answer was given in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Due questions first, new ones mixed in, feedback after each.
    Practice,
    /// N questions across the lesson's domains, timed, feedback at the end.
    Exam,
    /// Recently missed questions until each is answered right.
    Review,
}

impl Mode {
    /// The name shown and typed (`practice`).
    pub fn name(self) -> &'static str {
        match self {
            Mode::Practice => "practice",
            Mode::Exam => "exam",
            Mode::Review => "review",
        }
    }
}

pub use fsrs::{Fsrs, Rating};
pub use progress::{Progress, Store};
pub use session::{Item, Session};
