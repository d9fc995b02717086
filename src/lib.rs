//! iacquiz: an exam-practice quiz engine for infrastructure-as-code whose answers are computed
//! by real evaluators, never typed in.

pub mod atomic_write;
pub mod bank;
pub mod cfn;
pub mod cli;
pub mod confine;
pub mod export;
pub mod instructor;
pub mod lang;
pub mod mistakes;
pub mod par;
pub mod quiz;
pub mod rivet;
pub mod terminal;
pub mod tui;
pub mod workflow;
