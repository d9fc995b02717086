//! What a loaded, validated question is, independent of YAML: its source, stated answer,
//! distractors and references (`question`), its parameters and the seeded RNG that draws them.
//! Uses the engines' value types only.

pub mod params;
mod question;
pub mod rng;
pub mod scenario;

pub use question::*;
pub use scenario::{Ask, Step};
