//! The evaluator: scopes, operators, conditionals, `for` expressions, splats, templates and the
//! lazy `try()`/`can()`, its budgets, the trace it records, and the files it may read (`host`).
//! Functions are reached through the [`Library`] it is given, so it uses `dialect`, `value`
//! and `syntax` only.

pub mod diag_values;
mod evaluator;
pub mod host;
pub mod trace;

pub use evaluator::*;
