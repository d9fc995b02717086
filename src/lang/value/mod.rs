//! Values and types as go-cty has them: the value model, Terraform's number, conversion and
//! unification, type-mismatch wording, what `terraform console` prints, and the per-release
//! Unicode tables. Uses `dialect` only.

pub mod buckets;
pub mod convert;
mod cty;
pub mod mismatch;
pub mod number;
pub mod refine;
#[cfg(test)]
mod refine_tests;
pub mod render;
pub mod unicode;

pub use cty::*;
pub use refine::Refinement;
