//! The question bank, one room per stage; a room may use the rooms listed before it, never one
//! after it (`tests/it/layers.rs` keeps it so):
//!
//! ```text
//! model     what a validated question is: its source, answer, distractors, parameters, RNG
//! answer    answers as authors write them (notation, cfnrain/rivet data), as learners type
//!           them (typed, natural), and how two are compared
//! load      bank files → questions: the YAML format, folders read inside their root, the
//!           bundled bank, positions for errors, sources checked per engine, lessons, references
//! engine    the one place the bank meets the engines (terraform, cfnrain, rivet)
//! instance  a question drawn for one seed and evaluated: its key and its choices
//! check     `iacquiz check`: every instance proved, `since` computed, coverage, reports
//! draft     `iacquiz bank draft`: a question written from source text, everything computed
//! ```
//!
//! ```text
//! questions/*.yaml ─► load (raw → model, positions) ─► Bank ─► Question::instantiate(seed)
//!                                                                  └► Instance::evaluate(&Rules)
//!                                                                     Instance::correct_answer()
//!                                                                     Instance::choices(seed)
//! ```

pub mod answer;
pub mod check;
pub mod draft;
pub mod engine;
pub mod instance;
pub mod load;
pub mod model;

pub use engine::{Computed, EngineError, Evaluated, Unavailable};
pub use instance::{Choice, Correct, Instance, InstanceError, Wrong};
pub use load::Bank;
pub(crate) use load::embedded_sources;
pub use load::lessons::Catalogue;
pub use load::{BankFile, LoadError, LoadErrors};
pub use model::{Distractor, Engine, ExprSyntax, Kind, LessonRef, Origin, Question, References, Source, Stated};
