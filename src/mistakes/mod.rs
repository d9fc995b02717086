//! Misconceptions: the catalogue of real rules a learner may flip, and the wrong answers the
//! terraform engine computes under each of them (the alternatives that become a question's
//! distractors and name a learner's mistake). Uses `lang` only: the bank calls it (its engine
//! for a condition, its instances for explanations), never the other way round.

pub mod catalogue;
pub mod distract;

pub use catalogue::{Misconception, catalogue};
