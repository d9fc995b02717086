//! Plain data shared by every stage: resource addresses, the state in memory and the plan's
//! changes. Nothing here reads a file or evaluates an expression.

pub mod address;
pub mod beliefs;
pub mod change;
pub mod gates;
pub mod problem;
pub mod state;

pub use address::{InstanceAddr, InstanceKey, ModuleStep, ResourceAddr, ResourceMode};
pub use change::{Action, OutputChange, Plan, PlanMode, Reason, ResourceChange, Targeting};
pub use problem::{Problem, Severity};
pub use state::{EachMode, InstanceObject, InstanceState, OutputValue, ResourceState, State};
