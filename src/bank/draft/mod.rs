//! `iacquiz bank draft`: a complete question written from source text and a prompt, everything
//! the engine can compute filled in (`compose`), with its lesson section, references and YAML.
//! Uses every other room of the bank.

mod compose;
pub mod lesson;
pub mod refs;
pub mod yaml;

pub use compose::*;
