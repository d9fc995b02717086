//! The Terraform workflow engine behind `iacquiz terraform`: init, plan, apply, state and
//! workspaces as the Terraform CLI does them for the built-in `terraform_data` resource and
//! `terraform_remote_state` data source. The language inside (expressions, variables, locals,
//! outputs) is [`crate::lang`]; this room adds what the language does not have: resource
//! instances with an identity, the state that keeps them, and the plan that changes it.
//!
//! Its rooms, lowest first; a room may use the rooms listed before it, never one after it
//! (`tests/it/layers.rs` keeps it so):
//!
//! ```text
//! model     addresses, the state in memory, the plan's changes: plain data, no behaviour
//! state     the state file on disk (format 4: serial, lineage), workspaces, the lock
//! render    what the commands print: the plan's changes, `state show`, outputs
//! plan      configuration + prior state + options → the plan (actions and their reasons);
//!           a plan → the new state and what applying it did (plan::make::apply)
//! command   the commands and their options, as `terraform` parses them; what they print;
//!           exit codes
//! ```

pub mod command;
pub mod model;
pub mod plan;
pub mod render;
pub mod state;
