//! What a plan is asked for: the command line's choices that change the plan.

use std::collections::BTreeMap;

use crate::lang::Value;
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::PlanMode;
use crate::workflow::model::address::Target;

/// The plan's inputs besides the configuration and the prior state.
#[derive(Clone, Debug)]
pub struct PlanOptions {
    /// Normal, destroy or refresh-only.
    pub mode: PlanMode,
    /// The release emulated.
    pub version: TfVersion,
    /// `terraform.workspace`.
    pub workspace: String,
    /// The root module's variable values, already chosen by precedence (not yet converted).
    pub vars: BTreeMap<String, Value>,
    /// Where the values read from files are, by variable: the file and the span of the value's
    /// expression (a failed validation points there).
    pub var_ranges: BTreeMap<String, (String, std::ops::Range<usize>)>,
    /// `-replace=ADDRESS`, in order.
    pub replace: Vec<Target>,
    /// `-target=ADDRESS`, in order.
    pub targets: Vec<Target>,
    /// Whether the managed objects are refreshed first (`-refresh=false` turns it off).
    pub refresh: bool,
    /// The normal plan a destroy starts with: its outputs' preconditions only warn, and its
    /// outputs' values are what the destroy plans to remove.
    pub pre_destroy: bool,
}

impl PlanOptions {
    /// A normal plan at `version` in the default workspace.
    pub fn new(version: TfVersion) -> PlanOptions {
        PlanOptions {
            mode: PlanMode::Normal,
            version,
            workspace: "default".into(),
            vars: BTreeMap::new(),
            var_ranges: BTreeMap::new(),
            replace: Vec::new(),
            targets: Vec::new(),
            refresh: true,
            pre_destroy: false,
        }
    }
}
