//! Misconceptions: the catalogue of real rules a learner may flip, and the wrong answers the
//! engines compute under each of them (the distractors of a question, and the diagnosis of a
//! learner's answer).

pub mod believers;
pub mod catalogue;
pub mod diagnose;
pub mod distract;

pub use catalogue::{Misconception, catalogue};
