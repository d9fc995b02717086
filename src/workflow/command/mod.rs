//! The commands of `iacquiz terraform`, parsed as `terraform` parses its command line, run on
//! a folder, printing what Terraform prints and exiting as it exits.

pub mod apply_cmd;
pub mod args;
pub mod backend;
pub mod color;
pub mod console_cmd;
pub mod core_version;
pub mod diagnostic;
pub mod flags;
pub mod fmt_cmd;
pub mod go_values;
pub mod help_texts;
pub mod import_cmd;
pub mod init;
pub mod init_backend;
pub mod installed;
pub mod json_config;
pub mod json_init;
pub mod json_ops;
pub mod json_relevant;
pub mod json_show;
pub mod load;
pub mod locking;
pub mod output_cmd;
pub mod plan_cmd;
pub mod planning;
pub mod progress;
pub mod prompt;
pub mod refresh_cmd;
pub mod run;
pub mod saved;
pub mod saved_vars;
pub mod show_cmd;
pub mod state_cmd;
pub mod static_checks;
pub mod toplevel;
pub mod unlock_cmd;
pub mod usage;
pub mod validate;
pub mod vars;
pub mod version;
pub mod workdir;
pub mod workspace_cmd;
pub mod wrap;

pub use run::{Invocation, Outcome, run};
