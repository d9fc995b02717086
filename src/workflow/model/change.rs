//! A plan: what would change for each resource instance and each output, and why.

use super::address::InstanceAddr;
use super::problem::Problem;
use super::state::State;
use crate::lang::Value;

/// What happens to one resource instance (Terraform's plans.Action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Nothing changes.
    NoOp,
    /// `+` will be created.
    Create,
    /// `<=` a data source read during apply.
    Read,
    /// `~` updated in place.
    Update,
    /// `-/+` destroyed and then created again.
    DeleteThenCreate,
    /// `+/-` created again and then the old one destroyed (create_before_destroy).
    CreateThenDelete,
    /// `-` destroyed.
    Delete,
    /// removed from the state without being destroyed (a `removed` block with
    /// `destroy = false`, 1.7 and later).
    Forget,
}

/// Why an action was chosen, where Terraform records a reason (plans.ResourceInstanceChangeActionReason).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The object is tainted.
    ReplaceBecauseTainted,
    /// `-replace=ADDRESS` asked for it.
    ReplaceByRequest,
    /// An argument that cannot be updated in place changed (`triggers_replace`).
    ReplaceBecauseCannotUpdate,
    /// `replace_triggered_by` fired.
    ReplaceByTriggers,
    /// The resource left the configuration.
    DeleteBecauseNoResourceConfig,
    /// `count` or `for_each` was added or removed (the key kind changed).
    DeleteBecauseWrongRepetition,
    /// The `count` index is out of range.
    DeleteBecauseCountIndex,
    /// The `for_each` key is gone.
    DeleteBecauseEachKey,
    /// The module call left the configuration.
    DeleteBecauseNoModule,
    /// A `moved` target is not in the configuration.
    DeleteBecauseNoMoveTarget,
    /// A data source's configuration depends on what is unknown until apply.
    ReadBecauseConfigUnknown,
    /// A data source depends on a managed resource with pending changes.
    ReadBecauseDependencyPending,
    /// A data source nested in a `check` block is read during apply.
    ReadBecauseCheckNested,
}

/// The summary of a `terraform_remote_state` read whose backend holds no state for the
/// workspace (data_source_state.go): the plan names the data source, and its `Reading...`
/// line was printed before the error.
pub const NO_REMOTE_STATE: &str = "Unable to find remote state";

/// The change planned for one resource instance object.
#[derive(Clone, Debug)]
pub struct ResourceChange {
    /// The instance.
    pub addr: InstanceAddr,
    /// Where it was before a `moved` block (or a `state mv`-like refactoring) moved it.
    pub prev_addr: Option<InstanceAddr>,
    /// The deposed key, for a change to a deposed object.
    pub deposed: Option<String>,
    /// What happens.
    pub action: Action,
    /// Why, where Terraform says.
    pub reason: Option<Reason>,
    /// The object before (an object value; null for a create).
    pub before: Value,
    /// The object after (an object value, unknown where known only after apply; null for a
    /// delete).
    pub after: Value,
    /// The attributes whose change forces the replacement (`# forces replacement`).
    pub replace_paths: Vec<String>,
    /// The import ID, when an `import` block brings the object in.
    pub importing: Option<String>,
}

/// The change planned for one root module output.
#[derive(Clone, Debug)]
pub struct OutputChange {
    /// The output's name.
    pub name: String,
    /// Create, update, delete or no-op.
    pub action: Action,
    /// Before (null when new).
    pub before: Value,
    /// After (unknown parts are known after apply; null when deleted).
    pub after: Value,
    /// `sensitive = true`.
    pub sensitive: bool,
}

/// What the plan is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PlanMode {
    /// `plan` and `apply`.
    #[default]
    Normal,
    /// `plan -destroy` and `destroy`.
    Destroy,
    /// `plan -refresh-only`.
    RefreshOnly,
}

/// A whole plan.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Normal, destroy or refresh-only.
    pub mode: PlanMode,
    /// The prior state (after refresh) the plan was made from.
    pub prior: State,
    /// The resource instance changes, in address order.
    pub changes: Vec<ResourceChange>,
    /// The output changes, by name.
    pub outputs: Vec<OutputChange>,
    /// Warnings to print after the plan.
    pub warnings: Vec<Problem>,
    /// Whether `-target` limited it (the plan then warns).
    pub targeted: bool,
    /// `-refresh=false`: the managed objects were not refreshed (no "Refreshing state..."
    /// lines; data sources are read all the same).
    pub skip_refresh: bool,
    /// The objects a destroy's refreshing plan imported (before 1.9), with their ids: its
    /// refresh lines name them.
    pub refresh_imports: Vec<(InstanceAddr, String)>,
    /// What `-target` let the plan walk (the instances it refreshed), when it did.
    pub scope: Option<Targeting>,
    /// Errors met after some of it was planned: the plan is shown as far as it went ("planned
    /// the following actions, but then encountered a problem") and cannot be applied.
    pub errors: Vec<Problem>,
    /// The checks as planned (a state's `check_results` form; `show -json` of a saved plan
    /// lists them).
    pub checks: Option<serde_json::Value>,
}

impl Plan {
    /// True when nothing would change: every resource change a no-op that neither moves nor
    /// imports, no output change (plans.Changes.Empty: an import-only plan is not empty, so
    /// `-detailed-exitcode` gives 2; tf-oracle 1.12.2).
    pub fn is_empty(&self) -> bool {
        self.changes
            .iter()
            .all(|c| c.action == Action::NoOp && c.importing.is_none() && c.prev_addr.as_ref().is_none_or(|p| *p == c.addr))
            && self.outputs.iter().all(|o| o.action == Action::NoOp)
    }

    /// The root outputs of the refreshed state: the prior ones, each output whose new value
    /// the plan knows set to it (removed when null); one to be removed, or whose new value is
    /// unknown, keeps its old value (node_output.go updates the refresh state with wholly
    /// known values only).
    pub fn refreshed_outputs(&self) -> std::collections::BTreeMap<String, super::state::OutputValue> {
        let mut outs = self.prior.outputs.clone();
        for o in self.outputs.iter().filter(|o| o.action != Action::Delete) {
            if o.after.is_null() {
                outs.remove(&o.name);
            } else if !o.after.has_unknown() {
                outs.insert(
                    o.name.clone(),
                    super::state::OutputValue {
                        value: o.after.clone(),
                        sensitive: o.sensitive,
                    },
                );
            }
        }
        outs
    }

    /// Whether the plan can be applied (plans.Plan.Applyable, for a plan without errors): a
    /// refresh-only plan when it changed what the state records, any other when it changes
    /// something.
    pub fn applyable(&self, version: crate::lang::dialect::releases::TfVersion) -> bool {
        use super::gates;
        match self.mode {
            PlanMode::RefreshOnly => gates::has(version, &gates::REFRESH_ONLY_OUTPUTS_APPLYABLE) && self.refresh_changed_outputs(),
            _ => !self.is_empty(),
        }
    }

    /// Whether `apply` refuses the plan as not applyable though it would change something.
    pub fn refused_as_not_applyable(&self, version: crate::lang::dialect::releases::TfVersion) -> bool {
        super::gates::has(version, &super::gates::APPLYABLE_PLANS) && !self.applyable(version) && !self.is_empty()
    }

    /// Whether a refresh-only plan changed the state in a way worth saving: its root outputs'
    /// values (the managed objects of terraform_data never drift).
    pub fn refresh_changed_outputs(&self) -> bool {
        let now = self.refreshed_outputs();
        now.len() != self.prior.outputs.len()
            || now.iter().any(|(k, v)| {
                self.prior
                    .outputs
                    .get(k)
                    .is_none_or(|p| p.sensitive != v.sensitive || !crate::lang::value::raw_equal(&p.value, &v.value))
            })
    }
}

/// What a `-target` plan walks.
#[derive(Clone, Debug, Default)]
pub struct Targeting {
    /// The configuration addresses of the targets and of everything they depend on.
    pub allowed: std::collections::BTreeSet<String>,
    /// The instances named by instance targets: their resource plans only those.
    pub instances: Vec<InstanceAddr>,
}

impl Targeting {
    /// Whether instance `a` is planned: its resource is reached, and no instance target
    /// names another instance of it only.
    pub fn covers(&self, a: &InstanceAddr, config_address: &str) -> bool {
        self.allowed.contains(config_address) && (self.instances.contains(a) || !self.instances.iter().any(|i| i.resource == a.resource))
    }
}
