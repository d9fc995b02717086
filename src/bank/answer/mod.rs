//! Answers: as authors write them (`notation`; cfnrain and rivet `data`), as learners type them
//! (`typed`, `natural`), and how an author's answer is compared with the engine's (`compare`).
//! Uses `model`.

pub mod compare;
pub mod data;
pub mod diagnose;
pub mod natural;
pub mod notation;
pub mod typed;
