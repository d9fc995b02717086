//! What the workflow commands print, exactly as Terraform prints it: the plan (refresh
//! lines, legend, each resource change, summary, output changes), `state show` and `show`,
//! and the outputs in every form of `terraform output`.
//!
//! Terraform renders a plan from its JSON form, so values are first lowered to JSON with
//! separate unknown and sensitive marks (`json`), compared into a tree of changes (`diff`),
//! and drawn (`draw`, `strings`, `resource`). Release differences are in `releases`.

mod diff;
mod draw;
mod json;
mod json_text;
pub mod unified_diff;
// The machine-readable outputs: -json streams and show -json documents.
pub mod json_checks;
pub mod json_plan;
pub mod json_refs;
pub mod json_state;
pub mod json_ui;
pub mod json_values;
mod outputs;
mod paint;
pub mod plan;
mod releases;
mod resource;
mod show;
mod strings;

pub use outputs::{apply_outputs, output_all, output_json_all, output_json_one, output_one, output_raw};
pub use paint::colorize;
pub use plan::{horizontal_rule, next_step_note, plan_text, read_while_planning, refresh_lines, refresh_lines_painted, refreshed};
pub use releases::{EXACT_NUMBERS, PAIRWISE_SEQUENCES};
pub use show::{show_outputs, show_state, state_show};

use crate::lang::dialect::releases::TfVersion;

/// How to render: which Terraform, and whether TF_IN_AUTOMATION is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// The Terraform release whose output is emulated.
    pub version: TfVersion,
    /// TF_IN_AUTOMATION is set (the plan then ends without the note about `-out`).
    pub in_automation: bool,
    /// Terraform's colours (no `-no-color`).
    pub color: bool,
}

impl RenderOptions {
    /// Options for `version`, in automation (as the recorded outputs were run).
    pub fn automation(version: TfVersion) -> RenderOptions {
        RenderOptions {
            version,
            in_automation: true,
            color: false,
        }
    }
}
