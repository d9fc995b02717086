//! Configuration + prior state + options → the plan: every resource instance's action and
//! its reason, and every output's change.

pub mod builtin;
pub mod conditions;
pub mod deps;
pub mod ephemeral;
pub mod lifecycle;
pub mod make;
pub mod moves;
pub mod options;
pub mod providers;
pub mod refactor;
pub mod remote_state;
pub mod tree;
pub mod validate;
pub mod walker;

pub use make::{Applied, Event, apply, plan};
pub use options::PlanOptions;
