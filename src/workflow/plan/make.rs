//! Making a plan, and applying one: the walk over the module tree (see [`super::walker`]) from
//! the prior state, then what the walk did not meet (instances to delete, with the reason),
//! then the outputs.

use std::collections::{BTreeMap, BTreeSet};

use super::builtin;
use super::deps;
use super::lifecycle::Lifecycle;
use super::moves;
use super::options::PlanOptions;
use super::refactor;
use super::tree::ModuleTree;
use super::walker::{Phase, PriorObject, Shared, managed, prevent_destroy_error, walk_module_all};
use crate::lang::config::resources::{Mode, ResourceDecl};
use crate::lang::config::{Config, ConfigScope};
use crate::lang::eval::host::Host;
use crate::lang::eval::{EmptyScope, Evaluator};
use crate::lang::{Diag, Rules, Type, Value};
use crate::workflow::model::address::{Target, module_path};
use crate::workflow::model::{
    Action, InstanceAddr, InstanceKey, InstanceObject, OutputChange, OutputValue, Plan, PlanMode, Problem, Reason, ResourceChange,
    ResourceMode, State,
};

/// The provider every built-in resource belongs to, as the state names it.
pub const BUILTIN_PROVIDER: &str = "provider[\"terraform.io/builtin/terraform\"]";

/// The prior objects of the state's resources, by address.
pub fn prior_objects(state: &State) -> BTreeMap<InstanceAddr, PriorObject> {
    let mut out = BTreeMap::new();
    for r in &state.resources {
        for i in &r.instances {
            if let Some(obj) = &i.current {
                out.insert(
                    r.addr.instance(i.key.clone()),
                    PriorObject {
                        // The state keeps marks apart, as paths: put them back on the values.
                        value: Value::Object(crate::workflow::state::sensitive::mark_paths(
                            &obj.attributes,
                            &obj.sensitive_attributes,
                        )),
                        tainted: obj.tainted,
                        moved_from: None,
                        imported: None,
                    },
                );
            }
        }
    }
    out
}

/// The host of a plan, validate or apply walk: there `plantimestamp()` exists (not in the
/// console); `pure`: the impure functions return unknown values (validate and plan).
pub fn planning_host(host: &Host, pure: bool) -> Host {
    Host {
        planning: true,
        pure_only: pure,
        ..host.clone()
    }
}

/// The prior objects by address.
type Objects = BTreeMap<InstanceAddr, PriorObject>;

/// The prior objects after the moves and with the imports, as both plan and apply start.
fn starting_objects(tree: &ModuleTree, host: &Host, opts: &PlanOptions, prior: &State) -> Result<(Objects, Vec<Problem>), Vec<Problem>> {
    let (objects, notes) = moves::apply(&tree.config, prior_objects(prior), opts.version).map_err(|d| vec![Problem::error(d)])?;
    // A destroy imports nothing: what the state does not hold is not destroyed (tf-oracle
    // 1.12.2: an import block's object removed with `state rm` stays out of the destroy).
    // Before 1.9 its refreshing plan imported, and the destroy took the imports in.
    let skips = crate::workflow::model::gates::has(opts.version, &crate::workflow::model::gates::DESTROY_SKIPS_IMPORTS);
    let objects = if opts.mode == PlanMode::Destroy && skips {
        objects
    } else {
        let before_moves: BTreeSet<InstanceAddr> = prior_objects(prior).into_keys().collect();
        // A -target plan imports only what its targets reach (tf-oracle 1.6.6).
        let reach = (!opts.targets.is_empty()).then(|| targeted(tree, &opts.targets));
        with_imports(&tree.config, host, opts, objects, &before_moves, reach.as_ref())
            .map_err(|ds| ds.into_iter().map(Problem::error).collect::<Vec<_>>())?
    };
    Ok((objects, notes.into_iter().map(Problem::warning).collect()))
}

/// The checks a walk recorded, split as a `-target` walk leaves them: those of the
/// checkable objects the targets reach, and the others, recorded as not checked (unknown, no
/// objects; tf-oracle 1.6.6 and 1.12.2). Without targets, all are kept.
fn targeted_checks(
    tree: &ModuleTree,
    opts: &PlanOptions,
    mut checks: Vec<super::walker::CheckRecord>,
) -> (Vec<super::walker::CheckRecord>, Vec<(&'static str, String)>) {
    let mut unchecked: Vec<(&'static str, String)> = Vec::new();
    if opts.targets.is_empty() {
        return (checks, unchecked);
    }
    let allowed = targeted(tree, &opts.targets);
    let evaluated = |kind: &str, config: &str| match kind {
        "resource" => allowed.contains(config),
        "output" => config
            .strip_prefix("output.")
            .is_none_or(|name| output_targeted(tree, name, &allowed)),
        "check" => false,
        "var" => match config.strip_prefix("var.") {
            Some(name) => variable_needed(tree, name, &allowed),
            // A module's variable is evaluated when something of that module is.
            None => config
                .rfind("var.")
                .map(|i| &config[..i])
                .is_none_or(|module| allowed.iter().any(|a| a.starts_with(module))),
        },
        _ => true,
    };
    checks.retain(|(kind, config, ..)| {
        let keep = evaluated(kind, config);
        if !keep && !unchecked.iter().any(|(k, c)| k == kind && c == config) {
            unchecked.push((kind, config.clone()));
        }
        keep
    });
    // The root outputs the walk left out are checkable objects all the same, not checked.
    for (kind, config) in checkables(tree, "") {
        if kind == "output" && !evaluated(kind, &config) && !unchecked.iter().any(|(k, c)| *k == kind && *c == config) {
            unchecked.push((kind, config));
        }
    }
    (checks, unchecked)
}

/// Every checkable object of the configuration (kind, configuration address): resources
/// with conditions, outputs with preconditions, check blocks and variables with validation
/// rules, module by module.
fn checkables(tree: &ModuleTree, prefix: &str) -> Vec<(&'static str, String)> {
    let config = &tree.config;
    let mut out: Vec<(&'static str, String)> = Vec::new();
    use super::conditions::{Which, blocks};
    for d in managed(config) {
        if !blocks(&d.body, Which::ResourcePrecondition).is_empty() || !blocks(&d.body, Which::ResourcePostcondition).is_empty() {
            out.push(("resource", format!("{prefix}{}", d.address())));
        }
    }
    for (name, _, body, _) in &config.outputs {
        if !blocks(body, Which::OutputPrecondition).is_empty() {
            out.push(("output", format!("{prefix}output.{name}")));
        }
    }
    for (name, ..) in &config.checks {
        out.push(("check", format!("{prefix}check.{name}")));
    }
    for (name, v) in &config.variables {
        if !v.validations.is_empty() {
            out.push(("var", format!("{prefix}var.{name}")));
        }
    }
    for (name, call) in &tree.calls {
        out.extend(checkables(&call.tree, &format!("{prefix}module.{name}.")));
    }
    out
}

/// The root outputs a `-target` walk does not evaluate (none without targets).
fn untargeted_outputs(tree: &ModuleTree, opts: &PlanOptions) -> BTreeSet<String> {
    if opts.targets.is_empty() {
        return BTreeSet::new();
    }
    let allowed = targeted(tree, &opts.targets);
    tree.config
        .outputs
        .iter()
        .map(|(n, ..)| n.clone())
        .filter(|n| !output_targeted(tree, n, &allowed))
        .collect()
}

/// Whether a `-target` plan evaluates root output `name`: it reads some resource and only
/// those the targets reach (an output of variables alone is left out: tf-oracle 1.6.6 to
/// 1.14.9). An output the configuration dropped is planned for removal.
fn output_targeted(tree: &ModuleTree, name: &str, allowed: &BTreeSet<String>) -> bool {
    tree.config
        .outputs
        .iter()
        .find(|(n, ..)| n == name)
        .and_then(|(_, _, body, _)| body.attr("value"))
        .is_none_or(|v| {
            let mut deps = deps::of_expr(&v.expr, &tree.config);
            for (call, output) in deps::module_refs_of_expr(&v.expr, &tree.config) {
                deps.extend(call_deps(tree, &call, output.as_deref(), ""));
            }
            !deps.is_empty() && deps.iter().all(|d| allowed.contains(d))
        })
}

/// The instances the walk met: those it planned and those it expanded to, failed ones
/// included (their objects did not leave the configuration).
fn met_instances(changes: &[ResourceChange], shared: &Shared) -> BTreeSet<InstanceAddr> {
    let mut met: BTreeSet<InstanceAddr> = changes.iter().map(|c| c.addr.clone()).collect();
    met.extend(shared.expanded.borrow().iter().cloned());
    met
}

/// "Resource targeting is in effect", which every `-target` plan ends with, errored or not.
pub fn targeting_warning() -> Problem {
    Problem::warning(Diag::new(
        "Resource targeting is in effect",
        "You are creating a plan with the -target option, which means that the result of this plan may not represent all of the changes requested by the current configuration.\n\nThe -target option is not for routine use, and is provided only for exceptional situations such as recovering from errors or mistakes, or when Terraform specifically suggests to use it as part of an error message.",
    ))
}

/// What the walk did not meet: the changes for the objects it left, those a `removed` block
/// forgets, and the refusals of `prevent_destroy`.
#[derive(Default)]
struct Orphans {
    /// A deletion or a forgetting for each.
    changes: Vec<ResourceChange>,
    /// The addresses forgotten.
    forgotten: Vec<String>,
    /// The protected objects a deletion was refused for.
    protected: Vec<(InstanceAddr, Problem)>,
}

/// The objects the walk did not meet (`met`): each deleted because its resource, key or
/// module left the configuration, or forgotten by a `removed` block. Under `-target`, only
/// those the targets reach.
fn orphans(
    tree: &ModuleTree,
    objects: &Objects,
    met: &BTreeSet<InstanceAddr>,
    removed: &[refactor::Removed],
    walked: &[Vec<crate::workflow::model::ModuleStep>],
    targets: Option<&crate::workflow::model::Targeting>,
) -> Orphans {
    let mut out = Orphans::default();
    for (addr, p) in objects {
        // A data source is read again each plan; one the configuration dropped just leaves
        // the state.
        if met.contains(addr) || addr.resource.mode == ResourceMode::Data || targets.is_some_and(|t| !t.covers(addr, &config_address(addr)))
        {
            continue;
        }
        // The belief that `removed` always destroys ignores `destroy = false`.
        let forget = removed.iter().find(|r| names(&r.from, addr)).is_some_and(|r| !r.destroy)
            && !crate::workflow::model::beliefs::flipped(crate::lang::Rule::RemovedCanForget);
        let (action, reason) = if forget {
            out.forgotten.push(addr.to_string());
            (Action::Forget, None)
        } else {
            let (reason, decl) = orphan_reason(tree, walked, addr, p.moved_from.as_ref());
            // The belief that deleting a resource block only stops Terraform managing it.
            if reason == Reason::DeleteBecauseNoResourceConfig
                && crate::workflow::model::beliefs::flipped(crate::lang::Rule::OrphansDestroyed)
            {
                continue;
            }
            if let Some((decl, file)) = decl
                && Lifecycle::prevents_destroy(decl)
                && !crate::workflow::model::beliefs::flipped(crate::lang::Rule::PreventDestroyFailsPlan)
            {
                let src = decl_source(tree, addr);
                out.protected
                    .push((addr.clone(), Problem::error(prevent_destroy_error(addr, decl, src).in_file(&file))));
            }
            (Action::Delete, Some(reason))
        };
        out.changes.push(ResourceChange {
            addr: addr.clone(),
            prev_addr: p.moved_from.clone(),
            deposed: None,
            action,
            reason,
            before: p.value.clone(),
            after: Value::Null(Type::Dynamic),
            replace_paths: Vec::new(),
            importing: None,
        });
    }
    out
}

/// The state with the configuration's moves made (`moved` blocks and those `count` implies):
/// what a plan that failed had refreshed, at the addresses it refreshed them.
pub fn state_after_moves(tree: &ModuleTree, prior: &State, version: crate::lang::dialect::releases::TfVersion) -> State {
    let mut state = prior.clone();
    if let Ok((objects, _)) = moves::apply(&tree.config, prior_objects(prior), version) {
        make_moves(&mut state, &objects);
    }
    state
}

/// Re-addresses the objects of `state` as `objects` say they moved.
fn make_moves(state: &mut State, objects: &Objects) {
    for (addr, p) in objects {
        if let Some(from) = p.moved_from.as_ref().filter(|f| *f != addr) {
            state.move_instance(from, addr);
        }
    }
}

/// Whether an error of the normal plan a destroy starts with fails the destroy. That plan's
/// conditions only warn, and its warnings are not shown (context_plan.go destroyPlan with
/// PreDestroyRefresh: check rules at warning severity; tf-oracle 1.12.2: a failing output
/// precondition does not stop `plan -destroy`, a refused replacement does).
fn fails_pre_destroy_refresh(p: &Problem) -> bool {
    const WARNINGS_THERE: [&str; 3] = [
        "Resource precondition failed",
        "Resource postcondition failed",
        "Module output value precondition failed",
    ];
    p.severity == crate::workflow::model::Severity::Error && !WARNINGS_THERE.contains(&p.diag.summary.as_str())
}

/// Plans the module tree `tree` from `prior`.
pub fn plan(tree: &ModuleTree, host: &Host, prior: &State, opts: &PlanOptions) -> Result<Plan, Vec<Problem>> {
    let planning = planning_host(host, true);
    let host = &planning;
    // A destroy plan starts with a normal plan to refresh the state; what fails there fails
    // the destroy, and nothing is shown of either plan (Terraform's destroyPlan).
    let mut refreshed_outputs = None;
    if opts.mode == PlanMode::Destroy && !(prior.resources.is_empty() && prior.outputs.is_empty()) {
        let mut normal = opts.clone();
        normal.mode = PlanMode::Normal;
        normal.pre_destroy = true;
        let fatal = |problems: Vec<Problem>| -> Vec<Problem> { problems.into_iter().filter(fails_pre_destroy_refresh).collect() };
        match plan(tree, host, prior, &normal) {
            Err(problems) if !fatal(problems.clone()).is_empty() => return Err(fatal(problems)),
            Ok(p) if !fatal(p.errors.clone()).is_empty() => return Err(fatal(p.errors)),
            // The outputs its refresh evaluated are what the destroy removes (tf-oracle 1.12.2:
            // an output a failed apply never saved is listed for removal all the same).
            Ok(p) => refreshed_outputs = Some(p.refreshed_outputs()),
            _ => {}
        }
    }
    let (objects, move_notes) = starting_objects(tree, host, opts, prior)?;
    let removed = refactor::removed_blocks(&tree.config).map_err(|d| vec![Problem::error(d)])?;
    // -replace names instances: a resource address without a key names only the no-key
    // instance (Terraform warns when that matches nothing).
    let replace: Vec<InstanceAddr> = opts
        .replace
        .iter()
        .filter_map(|t| match t {
            Target::Instance(i) => Some(i.clone()),
            Target::Resource(r) => Some(r.instance(InstanceKey::None)),
            Target::Module(_) => None,
        })
        .collect();
    let mut shared = Shared::new(
        &objects,
        &replace,
        Phase::Plan,
        &opts.workspace,
        opts.version,
        host,
        Box::new(String::new),
    );
    shared.refresh_only = opts.mode == PlanMode::RefreshOnly;
    shared.pre_destroy = opts.pre_destroy;
    shared.var_ranges = opts.var_ranges.clone();
    shared.skipped_outputs = untargeted_outputs(tree, opts);
    if !opts.targets.is_empty() {
        shared.targets = Some(crate::workflow::model::Targeting {
            allowed: targeted(tree, &opts.targets),
            instances: opts
                .targets
                .iter()
                .filter_map(|t| match t {
                    Target::Instance(i) => Some(i.clone()),
                    _ => None,
                })
                .collect(),
        });
    }
    let mut outputs = Vec::new();
    if opts.mode != PlanMode::Destroy {
        let (root_outputs, mut errors) = walk_module_all(&shared, Vec::new(), tree, &opts.vars);
        // The moves are checked against what the walk expanded; their errors are the plan's
        // only ones, and there is no plan to show (context_plan.go's postPlanValidateMoves).
        let refused_moves = super::moves::still_declared(tree, &shared.expanded.borrow());
        if !refused_moves.is_empty() {
            // What was read and refreshed on the way is printed all the same.
            return Ok(Plan {
                mode: opts.mode,
                prior: with_data(&state_after_moves(tree, prior, opts.version), shared.data_read.take()),
                errors: refused_moves.into_iter().map(Problem::error).collect(),
                ..Plan::default()
            });
        }
        if !opts.targets.is_empty() {
            // A targeted plan checks only the variables its targets refer to.
            let allowed = targeted(tree, &opts.targets);
            errors.retain(|d| !unneeded_variable_error(d, tree, &allowed));
        }
        if !errors.is_empty() {
            // The outputs that could be evaluated are part of the partial plan; one that
            // failed is not planned, not deleted.
            let mut partial_outputs = output_changes(&tree.config, &root_outputs, prior);
            partial_outputs.retain(|o| o.action != Action::Delete || !tree.config.outputs.iter().any(|(n, ..)| *n == o.name));
            let problems: Vec<Problem> = errors.into_iter().map(|d| shared.problem_for(d)).collect();
            // What was planned before the errors is shown, as Terraform shows a partial plan;
            // with nothing planned, the plan simply failed.
            let mut changes = shared.changes.take();
            // The objects the configuration dropped are planned apart from what failed
            // (tf-oracle 1.6.6: a deletion beside a refused replacement).
            let walked = shared.modules_walked.take();
            let met = met_instances(&changes, &shared);
            let more = orphans(tree, &objects, &met, &removed, &walked, shared.targets.as_ref());
            changes.extend(more.changes);
            let mut problems = problems;
            problems.extend(more.protected.into_iter().map(|(_, p)| p));
            // Unchanged instances are part of the errored plan too (tf-oracle 1.6.6: show -json
            // lists them as no-op); the text shows what changes.
            // With nothing planned the plan still exists, errored ("Planning failed", and
            // `-out` saves it: tf-oracle 1.6.6).
            if !opts.targets.is_empty() {
                let allowed = targeted(tree, &opts.targets);
                changes.retain(|c| allowed.contains(&config_address(&c.addr)));
            }
            changes.sort_by(|a, b| a.addr.cmp(&b.addr));
            // The data sources read before the errors are in the refreshed state.
            let refreshed = with_data(prior, shared.data_read.take());
            let mut warnings = shared.warnings();
            if !opts.targets.is_empty() {
                warnings.push(targeting_warning());
            }
            return Ok(Plan {
                mode: opts.mode,
                prior: refreshed,
                refresh_imports: Vec::new(),
                scope: shared.targets.clone(),
                changes,
                outputs: partial_outputs,
                warnings,
                targeted: !opts.targets.is_empty(),
                skip_refresh: !opts.refresh,
                errors: problems,
                // The checks met before the errors (show -json of the saved plan lists them); the
                // checkable objects not reached are there too, unknown (tf-oracle 1.6.6: an output
                // reading a resource whose replacement was refused).
                checks: {
                    let (checks, mut unchecked) = targeted_checks(tree, opts, shared.checks.take());
                    for (kind, config) in checkables(tree, "") {
                        let met = checks.iter().any(|(k, c, ..)| *k == kind && *c == config)
                            || unchecked.iter().any(|(k, c)| *k == kind && *c == config);
                        if !met {
                            unchecked.push((kind, config));
                        }
                    }
                    check_results(&checks, &unchecked, opts.version.max((1, 7, 0)))
                },
            });
        }
        outputs = output_changes(&tree.config, &root_outputs, prior);
    } else {
        // A destroy plan still refreshes, reading the data sources; what it would change is
        // not asked. An empty state is not refreshed, so nothing is read (tf-oracle 1.12.2).
        if !(prior.resources.is_empty() && prior.outputs.is_empty()) {
            let _ = walk_module_all(&shared, Vec::new(), tree, &opts.vars);
        } else if !crate::workflow::model::gates::has(opts.version, &crate::workflow::model::gates::DESTROY_EMPTY_SKIPS_VALIDATION) {
            // Before 1.9 the destroy walk checks the root variables even then.
            let (_, errors) = walk_module_all(&shared, Vec::new(), tree, &opts.vars);
            let failed: Vec<Problem> = errors
                .into_iter()
                .filter(|d| d.summary == "Invalid value for variable")
                .map(|d| shared.problem_for(d))
                .collect();
            if !failed.is_empty() {
                return Err(failed);
            }
            shared.data_read.take();
        }
    }
    // A targeted plan evaluates no check blocks, and a destroy plan reports none.
    let check_warnings = if opts.targets.is_empty() && opts.mode != PlanMode::Destroy {
        shared.warnings()
    } else {
        Vec::new()
    };
    let mut changes = shared.changes.take();
    let walked = shared.modules_walked.take();
    let mut data_read = shared.data_read.take();
    // What a -target plan may change: the targets and what they depend on; for a destroy,
    // the targets and what depends on them (tf-oracle 1.12.2: `destroy -target=A` destroys B
    // that reads A, and leaves C alone).
    let allowed = (!opts.targets.is_empty()).then(|| {
        if opts.mode == PlanMode::Destroy {
            destroy_targeted(tree, &opts.targets)
        } else {
            targeted(tree, &opts.targets)
        }
    });
    if let Some(allowed) = &allowed {
        data_read.retain(|(a, _)| allowed.contains(&config_address(a)));
    }
    let mut forgotten: Vec<String> = Vec::new();
    let mut protected: Vec<(InstanceAddr, Problem)> = Vec::new();
    match opts.mode {
        PlanMode::Destroy => {
            changes = objects
                .iter()
                .filter(|(addr, _)| addr.resource.mode == ResourceMode::Managed)
                .map(|(addr, p)| ResourceChange {
                    addr: addr.clone(),
                    prev_addr: None,
                    deposed: None,
                    action: Action::Delete,
                    reason: None,
                    before: p.value.clone(),
                    after: Value::Null(Type::Dynamic),
                    replace_paths: Vec::new(),
                    importing: None,
                })
                .collect();
            for c in &changes {
                let names: Vec<&str> = c.addr.resource.module.iter().map(|m| m.name.as_str()).collect();
                if let Some(m) = tree.find(&names)
                    && let Some(decl) = m.config.resource(Mode::Managed, &c.addr.resource.rtype, &c.addr.resource.name)
                    && Lifecycle::prevents_destroy(decl)
                    && !crate::workflow::model::beliefs::flipped(crate::lang::Rule::PreventDestroyFailsPlan)
                {
                    let file = m.config.file_name(decl.file);
                    let file = if m.rel_dir == "." {
                        file.to_string()
                    } else {
                        format!("{}/{file}", m.rel_dir)
                    };
                    let src = m.config.files.get(decl.file).map(|f| f.src.as_str()).unwrap_or("");
                    let d = crate::lang::dialect::releases::within(opts.version, || prevent_destroy_error(&c.addr, decl, src));
                    protected.push((c.addr.clone(), Problem::error(d.in_file(&file))));
                }
            }
            outputs = refreshed_outputs
                .as_ref()
                .unwrap_or(&prior.outputs)
                .iter()
                .map(|(name, o)| OutputChange {
                    name: name.clone(),
                    action: Action::Delete,
                    before: o.value.clone(),
                    after: Value::Null(Type::Dynamic),
                    sensitive: o.sensitive,
                })
                .collect();
        }
        // Nothing is planned; the outputs, evaluated against the refreshed objects, are.
        PlanMode::RefreshOnly => changes.clear(),
        PlanMode::Normal => {
            let met = met_instances(&changes, &shared);
            let more = orphans(tree, &objects, &met, &removed, &walked, shared.targets.as_ref());
            changes.extend(more.changes);
            forgotten.extend(more.forgotten);
            protected.extend(more.protected);
        }
    }
    if let Some(allowed) = &allowed {
        // An untargeted protected object does not stop a targeted destroy.
        protected.retain(|(a, _)| allowed.contains(&config_address(a)));
        changes.retain(|c| {
            allowed.contains(&config_address(&c.addr))
                && opts
                    .targets
                    .iter()
                    .all(|t| !matches!(t, Target::Instance(i) if i.resource == c.addr.resource && *i != c.addr))
        });
        outputs.retain(|o| output_targeted(tree, &o.name, allowed));
        // A targeted destroy leaves the outputs as they were (tf-oracle 1.12.2: even one
        // that reads a destroyed object keeps its old value).
        if opts.mode == PlanMode::Destroy {
            outputs.clear();
        }
    }
    believed_count_shrink(&mut changes);
    believed_count_to_for_each(&mut changes);
    changes.sort_by(|a, b| a.addr.cmp(&b.addr));
    let mut errors = Vec::new();
    if !protected.is_empty() {
        // The plan is shown as far as it went; before 1.8 without the protected instances.
        if opts.mode == PlanMode::Destroy {
            // A destroy walks dependents first: what a protected instance depends on waits for
            // a destroy that failed, so it is never planned (tf-oracle 1.6.6, 1.12.2).
            let waiting = destroy_waiting(prior, protected.iter().map(|(a, _)| a));
            changes.retain(|c| !waiting.contains(&config_address(&c.addr)));
        }
        if !crate::workflow::model::gates::has(opts.version, &crate::workflow::model::gates::PREVENT_DESTROY_OPTION) {
            changes.retain(|c| !protected.iter().any(|(a, _)| *a == c.addr));
        }
        errors = protected.into_iter().map(|(_, p)| p).collect();
    }
    let mut warnings = move_notes;
    warnings.extend(check_warnings);
    // A -replace address without a key is checked against every module instance's resource
    // of that type and name, whatever the address's module (node_resource_plan.go compares
    // the resource part only; tf-oracle 1.12.2: `-replace=terraform_data.item` lists the
    // instances of `module.boxes.terraform_data.item`).
    for t in &opts.replace {
        let Target::Resource(r) = t else { continue };
        let mut by_module: BTreeMap<Vec<crate::workflow::model::ModuleStep>, Vec<&InstanceAddr>> = BTreeMap::new();
        for c in changes.iter().filter(|c| c.action != Action::Delete && c.deposed.is_none()) {
            let res = &c.addr.resource;
            if res.mode == r.mode && res.rtype == r.rtype && res.name == r.name {
                by_module.entry(res.module.clone()).or_default().push(&c.addr);
            }
        }
        for insts in by_module.values() {
            let must_have_index = insts.len() != 1 || !insts[0].key.is_none();
            if !must_have_index {
                continue;
            }
            let keyed: Vec<String> = insts.iter().map(|a| a.to_string()).collect();
            let advice = if keyed.len() == 1 {
                format!(
                    "To force replacement of the single declared instance, use the following option instead:\n  -replace={:?}",
                    keyed[0]
                )
            } else {
                let list: Vec<String> = keyed.iter().map(|k| format!("  -replace={k:?}")).collect();
                format!(
                    "To force replacement of particular instances, use one or more of the following options instead:\n{}",
                    list.join("\n")
                )
            };
            warnings.push(Problem::warning(Diag::new(
                "Incompletely-matched force-replace resource instance",
                format!(
                    "Your force-replace request for {r} doesn't match any resource instances because it lacks an instance key.\n\n{advice}"
                ),
            )));
        }
    }
    if !opts.targets.is_empty() {
        warnings.push(targeting_warning());
    }
    if !forgotten.is_empty() {
        let list: String = forgotten.iter().map(|a| format!(" - {a}\n")).collect();
        warnings.push(Problem::warning(Diag::new(
            "Some objects will no longer be managed by Terraform",
            format!("If you apply this plan, Terraform will discard its tracking information for the following objects, but it will not delete them:\n{list}\nAfter applying this plan, Terraform will no longer manage these objects. You will need to import them into Terraform to manage them again."),
        )));
    }
    // The data sources read while planning are part of the refreshed prior state.
    let mut refreshed = with_data_in_scope(prior, data_read, allowed.as_ref());
    refresh_dependencies(&mut refreshed, &changes, tree);
    // Before 1.9 a destroy's refreshing plan imported what the import blocks name.
    let refresh_imports = if opts.mode == PlanMode::Destroy {
        let held = prior_objects(prior);
        objects
            .iter()
            .filter(|(a, p)| !held.contains_key(*a) && p.moved_from.is_none())
            .map(|(a, p)| (a.clone(), id_of(&p.value)))
            .collect()
    } else {
        Vec::new()
    };
    // A destroy's changes say nothing of the moves, but its refreshed state has them made
    // (tf-oracle 1.12.2: `terraform_data.b[0]: Refreshing state...` after `moved` from `a`).
    if opts.mode == PlanMode::Destroy {
        make_moves(&mut refreshed, &objects);
    }
    Ok(Plan {
        mode: opts.mode,
        prior: refreshed,
        refresh_imports,
        scope: shared.targets.clone(),
        changes,
        outputs,
        warnings,
        targeted: !opts.targets.is_empty(),
        skip_refresh: !opts.refresh,
        errors,
        // A plan's checks hold the variables' validations in every release (tf-oracle 1.6.6
        // shows them in show -json), where the state records them from 1.7.
        checks: {
            let (checks, unchecked) = targeted_checks(tree, opts, shared.checks.take());
            check_results(&checks, &unchecked, opts.version.max((1, 7, 0)))
        },
    })
}

/// The refreshed state's `dependencies` as a plan leaves them: a refreshed object records
/// those it was stored with and those configured now; one the plan leaves alone records
/// only those configured, since apply will not get to write them (node_resource_plan_instance:
/// mergeDeps, then depsEqual for a NoOp; tf-oracle 1.6.6 and 1.12.2). An object leaving the
/// configuration keeps what it had. `changes` name the objects at their previous addresses.
fn refresh_dependencies(state: &mut State, changes: &[ResourceChange], tree: &ModuleTree) {
    let mut facts = BTreeMap::new();
    resource_facts(tree, "", &mut facts);
    for c in changes
        .iter()
        .filter(|c| c.deposed.is_none() && c.addr.resource.mode == ResourceMode::Managed)
    {
        let Some((configured, _)) = facts.get(&config_address(&c.addr)) else {
            continue;
        };
        if c.action == Action::Delete || c.action == Action::Forget {
            continue;
        }
        let at = c.prev_addr.as_ref().unwrap_or(&c.addr);
        let object = state
            .resources
            .iter_mut()
            .filter(|r| r.addr == at.resource)
            .flat_map(|r| r.instances.iter_mut())
            .find(|i| i.key == at.key)
            .and_then(|i| i.current.as_mut());
        let Some(object) = object else { continue };
        object.dependencies = if c.action == Action::NoOp {
            configured.clone()
        } else {
            let merged: BTreeSet<String> = configured.iter().chain(object.dependencies.iter()).cloned().collect();
            merged.into_iter().collect()
        };
    }
}

/// The configuration addresses a `destroy -target` may destroy: the targets and everything
/// that depends on them.
fn destroy_targeted(tree: &ModuleTree, targets: &[Target]) -> BTreeSet<String> {
    let mut facts = BTreeMap::new();
    resource_facts(tree, "", &mut facts);
    let mut out: BTreeSet<String> = BTreeSet::new();
    for t in targets {
        match t {
            Target::Instance(i) => {
                out.insert(config_address(i));
            }
            Target::Resource(r) => {
                out.insert(config_address(&r.instance(InstanceKey::None)));
            }
            Target::Module(m) => {
                let prefix: String = m.iter().map(|s| format!("module.{}.", s.name)).collect();
                out.extend(facts.keys().filter(|k| k.starts_with(&prefix)).cloned());
            }
        }
    }
    // Everything that depends on a target, however far (the recorded dependencies are
    // transitive, but a chain through several hops is followed all the same).
    loop {
        let more: Vec<String> = facts
            .iter()
            .filter(|(r, (deps, _))| !out.contains(*r) && deps.iter().any(|d| out.contains(d)))
            .map(|(r, _)| r.clone())
            .collect();
        if more.is_empty() {
            break;
        }
        out.extend(more);
    }
    out
}

/// The configuration addresses a `-target` plan may change: the targets and everything they
/// depend on.
fn targeted(tree: &ModuleTree, targets: &[Target]) -> BTreeSet<String> {
    let deps = deps::transitive(&tree.config);
    // Each resource's dependencies as the state records them, through module outputs too.
    let mut facts = BTreeMap::new();
    resource_facts(tree, "", &mut facts);
    let mut out = BTreeSet::new();
    for t in targets {
        let config = match t {
            Target::Instance(i) => Some(config_address(i)),
            Target::Resource(r) => Some(config_address(&r.instance(InstanceKey::None))),
            Target::Module(_) => None,
        };
        if let Some((d, _)) = config.and_then(|c| facts.get(&c)) {
            out.extend(d.iter().cloned());
        }
    }
    for t in targets {
        let local = match t {
            Target::Instance(i) if i.resource.module.is_empty() => i.resource.local(),
            Target::Resource(r) if r.module.is_empty() => r.local(),
            Target::Instance(i) => {
                out.insert(config_address(i));
                continue;
            }
            Target::Resource(r) => {
                out.insert(config_address(&r.instance(InstanceKey::None)));
                continue;
            }
            Target::Module(m) => {
                let prefix: String = m.iter().map(|s| format!("module.{}.", s.name)).collect();
                let mut facts = BTreeMap::new();
                let names: Vec<&str> = m.iter().map(|s| s.name.as_str()).collect();
                if let Some(sub) = tree.find(&names) {
                    resource_facts(sub, &prefix, &mut facts);
                }
                out.extend(facts.into_keys());
                continue;
            }
        };
        out.insert(local.clone());
        if let Some(d) = deps.get(&local) {
            out.extend(d.iter().cloned());
        }
    }
    // The belief that -target also plans what depends on the targets.
    let dependents: Vec<&String> = deps
        .iter()
        .filter(|(r, d)| !out.contains(*r) && d.iter().any(|x| out.contains(x)))
        .map(|(r, _)| r)
        .collect();
    if !dependents.is_empty() && crate::workflow::model::beliefs::flipped(crate::lang::Rule::TargetLeavesDependents) {
        for r in dependents {
            out.insert(r.clone());
            out.extend(deps.get(r).into_iter().flatten().cloned());
        }
    }
    out
}

/// Evaluates `terraform console` expressions: resources as the state holds them, or, with
/// `planned`, as the plan would leave them.
pub fn console(
    tree: &ModuleTree,
    host: &Host,
    prior: &State,
    opts: &PlanOptions,
    exprs: &[crate::lang::syntax::Expr],
    planned: bool,
) -> Result<Vec<Result<Value, Diag>>, Vec<Problem>> {
    let walk = if planned { ConsoleWalk::Planned } else { ConsoleWalk::State };
    console_with_data(tree, host, prior, opts, exprs, walk).map(|w| w.values)
}

/// Which walk evaluates console-like expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConsoleWalk {
    /// `terraform console`: resources as the state holds them.
    State,
    /// `terraform console -plan`: resources as the plan would leave them.
    Planned,
    /// The root outputs an import writes (see [`Phase::Import`]).
    Import,
}

/// One result per console expression.
pub type ConsoleValues = Vec<Result<Value, Diag>>;

/// [`console`], and the state with the data sources the evaluation read put in (what an
/// import leaves).
pub fn console_with_data(
    tree: &ModuleTree,
    host: &Host,
    prior: &State,
    opts: &PlanOptions,
    exprs: &[crate::lang::syntax::Expr],
    walk: ConsoleWalk,
) -> Result<Walked, Vec<Problem>> {
    // The console's eval walk reads the state as it is: no moves made, nothing imported
    // (tf-oracle 1.12.2: `terraform_data.imported` given `count` and a pending `moved` from
    // its keyless object shows `[]`).
    let objects = match walk {
        ConsoleWalk::State => prior_objects(prior),
        _ => starting_objects(tree, host, opts, prior)?.0,
    };
    let phase = match walk {
        ConsoleWalk::State => Phase::Console,
        ConsoleWalk::Planned => Phase::Plan,
        ConsoleWalk::Import => Phase::Import,
    };
    let mut shared = Shared::new(&objects, &[], phase, &opts.workspace, opts.version, host, Box::new(String::new));
    shared.var_ranges = opts.var_ranges.clone();
    let values = super::walker::console_values(&shared, tree, &opts.vars, exprs);
    let state = with_data(prior, shared.data_read.take());
    let errors = shared.walk_errors.take().into_iter().map(|d| shared.problem_for(d)).collect();
    Ok(Walked {
        values,
        state,
        warnings: shared.warnings(),
        errors,
    })
}

/// What a console-like walk gives.
pub struct Walked {
    /// One result per expression.
    pub values: ConsoleValues,
    /// The state with the data sources the walk read put in (what an import leaves).
    pub state: State,
    /// The check blocks' failed assertions.
    pub warnings: Vec<Problem>,
    /// What the console's eval walk found failing (it evaluates all the same).
    pub errors: Vec<Problem>,
}

/// The state's `check_results`: one entry per configuration object with conditions, in the
/// order met, its status the worst of its objects'. Variables' validations are recorded from
/// 1.7 (tf-oracle: 1.6.6 writes none, 1.8.4 to 1.14.9 write them; the state writer of v1.6.6
/// leaves "checkable input variables" out, that of v1.7.0 no longer).
fn check_results(
    checks: &[(&'static str, String, String, &'static str, Vec<String>)],
    unchecked: &[(&'static str, String)],
    version: crate::lang::dialect::releases::TfVersion,
) -> Option<serde_json::Value> {
    use serde_json::{Value as J, json};
    let with_vars = version >= (1, 7, 0);
    let mut entries: Vec<(&str, &str, Vec<J>, Vec<&str>)> = Vec::new();
    for (kind, config, object, status, messages) in checks {
        if *kind == "var" && !with_vars {
            continue;
        }
        let mut obj = json!({"object_addr": object, "status": status});
        if !messages.is_empty()
            && let J::Object(m) = &mut obj
        {
            m.insert("failure_messages".into(), json!(messages));
        }
        match entries.iter_mut().find(|(k, c, ..)| k == kind && c == config) {
            Some(e) => {
                if !e.2.iter().any(|o| o["object_addr"] == obj["object_addr"]) {
                    e.2.push(obj);
                    e.3.push(status);
                }
            }
            None => entries.push((kind, config, vec![obj], vec![status])),
        }
    }
    if entries.is_empty() && unchecked.is_empty() {
        return None;
    }
    let mut out: Vec<J> = entries
        .into_iter()
        .map(|(kind, config, objects, statuses)| {
            let status = if statuses.contains(&"fail") {
                "fail"
            } else if statuses.contains(&"unknown") {
                "unknown"
            } else {
                "pass"
            };
            json!({"object_kind": kind, "config_addr": config, "status": status, "objects": objects})
        })
        .collect();
    for (kind, config) in unchecked {
        if *kind == "var" && !with_vars {
            continue;
        }
        out.push(json!({"object_kind": kind, "config_addr": config, "status": "unknown", "objects": null}));
    }
    Some(J::Array(out))
}

/// `prior` with the data sources a walk read in place of those it held.
fn with_data(prior: &State, read: Vec<(InstanceAddr, Value)>) -> State {
    with_data_in_scope(prior, read, None)
}

/// [`with_data`] for a plan whose `-target`s allow only `allowed`: the data sources outside
/// them were not read again, and the state keeps what it had of them (tf-oracle 1.6.6: a
/// targeted plan's `prior_state` lists an untargeted `terraform_remote_state`).
fn with_data_in_scope(prior: &State, read: Vec<(InstanceAddr, Value)>, allowed: Option<&BTreeSet<String>>) -> State {
    let mut state = prior.clone();
    state
        .resources
        .retain(|r| r.addr.mode != ResourceMode::Data || allowed.is_some_and(|a| !a.contains(&r.addr.config_address())));
    put_data(&mut state, read);
    state
}

/// Adds data source instances read to a state.
fn put_data(state: &mut State, read: Vec<(InstanceAddr, Value)>) {
    for (addr, value) in read {
        let attributes = match value {
            Value::Object(m) => m,
            _ => BTreeMap::new(),
        };
        state.add_instance(&addr, InstanceObject::plain(attributes), BUILTIN_PROVIDER);
    }
}

/// The source text of the file declaring the resource of `addr`.
fn decl_source<'t>(tree: &'t ModuleTree, addr: &InstanceAddr) -> &'t str {
    let names: Vec<&str> = addr.resource.module.iter().map(|m| m.name.as_str()).collect();
    tree.find(&names)
        .and_then(|m| {
            let decl = m.config.resource(Mode::Managed, &addr.resource.rtype, &addr.resource.name)?;
            m.config.files.get(decl.file).map(|f| f.src.as_str())
        })
        .unwrap_or("")
}

/// Whether a `removed` block's address names the instance.
fn names(t: &Target, addr: &InstanceAddr) -> bool {
    match t {
        Target::Instance(i) => i == addr,
        Target::Resource(r) => *r == addr.resource,
        Target::Module(m) => addr.resource.module.starts_with(m),
    }
}

/// The prior objects with those the `import` blocks bring in (an address already in the
/// state is left as it is).
fn with_imports(
    config: &Config,
    host: &Host,
    opts: &PlanOptions,
    mut objects: BTreeMap<InstanceAddr, PriorObject>,
    before_moves: &BTreeSet<InstanceAddr>,
    reach: Option<&BTreeSet<String>>,
) -> Result<BTreeMap<InstanceAddr, PriorObject>, Vec<Diag>> {
    if !config.files.iter().any(|f| f.body.blocks_of("import").next().is_some()) {
        return Ok(objects);
    }
    let rules = Rules::real();
    let reg = crate::lang::funcs::builtins();
    let empty = EmptyScope;
    let mut ev0 = Evaluator::new(&rules, &empty, reg, host);
    ev0.version = opts.version;
    let scope = ConfigScope::new(config, &ev0, &opts.vars).map_err(|d| vec![d])?;
    let mut ev = Evaluator::new(&rules, &scope, reg, host);
    ev.version = opts.version;
    let imports = refactor::import_blocks(config, &ev).map_err(|d| vec![d])?;
    for i in imports {
        let addr = match i.to {
            Target::Instance(a) => a,
            Target::Resource(r) => r.instance(InstanceKey::None),
            Target::Module(_) => continue,
        };
        if reach.is_some_and(|r| !r.contains(&config_address(&addr))) {
            continue;
        }
        // Before 1.7 an address only a move fills is imported over the moved object.
        let after_moves = crate::workflow::model::gates::has(opts.version, &crate::workflow::model::gates::IMPORT_TARGETS_AFTER_MOVES);
        if !after_moves
            && !before_moves.contains(&addr)
            && let Some(moved) = objects.get_mut(&addr)
        {
            moved.value = builtin::imported(&i.id);
            moved.tainted = false;
            moved.imported = Some(i.id.clone());
            continue;
        }
        // The belief that an import block imports its object again at every plan while it
        // stays in the configuration (Terraform skips a target the state already holds).
        if let Some(held) = objects.get_mut(&addr) {
            if crate::workflow::model::beliefs::flipped(crate::lang::Rule::ImportSkipsManaged) {
                held.imported = Some(i.id.clone());
            }
            continue;
        }
        objects.entry(addr).or_insert_with(|| PriorObject {
            value: builtin::imported(&i.id),
            tainted: false,
            moved_from: None,
            imported: Some(i.id.clone()),
        });
    }
    Ok(objects)
}

/// Why an instance the configuration no longer has is deleted, and its declaration (with
/// its file's name) if the resource is still declared.
fn orphan_reason<'t>(
    tree: &'t ModuleTree,
    walked: &[Vec<crate::workflow::model::ModuleStep>],
    addr: &InstanceAddr,
    moved_from: Option<&InstanceAddr>,
) -> (Reason, Option<(&'t ResourceDecl, String)>) {
    let r = &addr.resource;
    let mode = match r.mode {
        ResourceMode::Managed => Mode::Managed,
        ResourceMode::Data => Mode::Data,
    };
    // No declaration (its module call gone too): "not in configuration", or, for an object a
    // move brought here, "moved to ..., which is not in configuration" (deleteActionReason,
    // before it asks the expander about module instances).
    let names: Vec<&str> = r.module.iter().map(|s| s.name.as_str()).collect();
    let Some((module, decl)) = tree
        .find(&names)
        .and_then(|m| m.config.resource(mode, &r.rtype, &r.name).map(|d| (m, d)))
    else {
        if moved_from.is_some_and(|from| from != addr) {
            return (Reason::DeleteBecauseNoMoveTarget, None);
        }
        return (Reason::DeleteBecauseNoResourceConfig, None);
    };
    if !walked.contains(&r.module) {
        return (Reason::DeleteBecauseNoModule, None);
    }
    let counted = decl.body.attr("count").is_some();
    let each = decl.body.attr("for_each").is_some();
    let reason = match (&addr.key, counted, each) {
        (InstanceKey::Int(_), true, _) => Reason::DeleteBecauseCountIndex,
        (InstanceKey::Str(_), _, true) => Reason::DeleteBecauseEachKey,
        _ => Reason::DeleteBecauseWrongRepetition,
    };
    let file = module.config.file_name(decl.file);
    let file = if module.rel_dir == "." {
        file.to_string()
    } else {
        format!("{}/{file}", module.rel_dir)
    };
    (reason, Some((decl, file)))
}

fn sensitive_output(config: &Config, name: &str) -> bool {
    config.outputs.iter().any(|(n, _, body, _)| {
        n == name
            && matches!(
                body.attr("sensitive").map(|a| &a.expr.kind),
                Some(crate::lang::syntax::ExprKind::Bool(true))
            )
    })
}

/// The root module's outputs as planned, compared with the state's.
fn output_changes(config: &Config, values: &Value, prior: &State) -> Vec<OutputChange> {
    let mut out = Vec::new();
    let after_all = match values {
        Value::Object(m) => m.clone(),
        _ => BTreeMap::new(),
    };
    for (name, after) in &after_all {
        let sensitive = sensitive_output(config, name);
        // The value as the plan holds it: the output's own sensitive mark is the flag.
        let after = if sensitive { after.clone().unmark().0 } else { after.clone() };
        let before = prior.outputs.get(name);
        let action = match before {
            None if after.is_null() => Action::NoOp,
            None => Action::Create,
            Some(b) if !after.has_unknown() && builtin::raw_equal(&b.value.clone().unmark_deep().0, &after.clone().unmark_deep().0) => {
                Action::NoOp
            }
            Some(_) if after.is_null() => Action::Delete,
            Some(_) => Action::Update,
        };
        out.push(OutputChange {
            name: name.clone(),
            action,
            before: before.map(|b| b.value.clone()).unwrap_or(Value::Null(Type::Dynamic)),
            after,
            sensitive,
        });
    }
    for (name, o) in &prior.outputs {
        if !after_all.contains_key(name) {
            out.push(OutputChange {
                name: name.clone(),
                action: Action::Delete,
                before: o.value.clone(),
                after: Value::Null(Type::Dynamic),
                sensitive: o.sensitive,
            });
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// `deletions` in an order Terraform's destroy walk can take: an object is destroyed only once
/// every object that depended on it (the state's `dependencies`) is gone; otherwise in plan
/// order (Terraform destroys independent objects in parallel, in no fixed order).
fn dependents_first<'a>(deletions: Vec<&'a ResourceChange>, prior: &State) -> Vec<&'a ResourceChange> {
    let deps_of = |c: &ResourceChange| -> Vec<String> {
        let at = c.prev_addr.as_ref().unwrap_or(&c.addr);
        prior
            .resources
            .iter()
            .filter(|r| r.addr == at.resource)
            .flat_map(|r| r.instances.iter())
            .filter(|i| i.key == at.key)
            .filter_map(|i| i.current.as_ref())
            .flat_map(|o| o.dependencies.iter().cloned())
            .collect()
    };
    let mut left: Vec<(&ResourceChange, Vec<String>)> = deletions.into_iter().map(|c| (c, deps_of(c))).collect();
    let mut out = Vec::new();
    while !left.is_empty() {
        // The first whose resource no other remaining deletion depends on (a cycle, which
        // the state cannot hold, falls back to plan order).
        let free = (0..left.len())
            .find(|&i| {
                let mine = config_address(&left[i].0.addr);
                !left.iter().enumerate().any(|(j, (_, d))| j != i && d.contains(&mine))
            })
            .unwrap_or(0);
        out.push(left.remove(free).0);
    }
    out
}

/// What applying a plan did to one instance, in the order it happened.
#[derive(Clone, Debug)]
pub enum Event {
    /// `Importing... [id=ID]` then `Import complete [id=ID]`.
    Imported(InstanceAddr, String),
    /// `Creating...` then `Creation complete ... [id=ID]`.
    Created(InstanceAddr, String),
    /// `Modifying... [id=ID]` then `Modifications complete ... [id=ID]`.
    Updated(InstanceAddr, String),
    /// `Destroying... [id=ID]` then `Destruction complete`; the deposed key when the object
    /// destroyed was deposed by a create-before-destroy replacement.
    Destroyed(InstanceAddr, String, Option<String>),
    /// `Reading...` then `Read complete after 0s`: a data source the plan left for apply.
    Read(InstanceAddr),
}

/// The result of an apply.
#[derive(Clone, Debug)]
pub struct Applied {
    /// The new state (serial and lineage left to the writer).
    pub state: State,
    /// What happened, in order.
    pub events: Vec<Event>,
    /// Warnings (check blocks that failed once the values were known).
    pub warnings: Vec<Problem>,
    /// Errors met while applying (the state still holds what was applied before them).
    pub errors: Vec<Problem>,
}

fn id_of(v: &Value) -> String {
    match v {
        Value::Object(m) => match m.get("id") {
            Some(Value::String(s)) => s.to_string(),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

/// Each resource's dependencies as the state records them, and whether it was created
/// before destroying, by its full configuration address (`module.m.terraform_data.a`).
fn resource_facts(tree: &ModuleTree, prefix: &str, out: &mut BTreeMap<String, (Vec<String>, bool)>) {
    let deps = deps::transitive(&tree.config);
    // A dependency of a create_before_destroy resource is recorded as one too (tf-oracle
    // 1.6.6 to 1.12.2: `db` that `web` depends on is stored with create_before_destroy).
    let cbd = create_before_destroy(&tree.config);
    // What a declaration reaches through module outputs: the resources those outputs read.
    let through_modules = |decl: &crate::lang::config::resources::ResourceDecl| -> BTreeSet<String> {
        deps::module_refs(decl, &tree.config)
            .iter()
            .flat_map(|(call, output)| call_deps(tree, call, output.as_deref(), prefix))
            .collect()
    };
    for decl in managed(&tree.config) {
        let local = decl.address();
        let mut d: BTreeSet<String> = deps
            .get(&local)
            .map(|d| d.iter().map(|x| format!("{prefix}{x}")).collect())
            .unwrap_or_default();
        d.extend(through_modules(decl));
        for dep in deps.get(&local).into_iter().flatten() {
            if let Some(other) = tree.config.resources.iter().find(|r| r.address() == *dep) {
                d.extend(through_modules(other));
            }
        }
        out.insert(format!("{prefix}{local}"), (d.into_iter().collect(), cbd.contains(&local)));
    }
    for (name, call) in &tree.calls {
        resource_facts(&call.tree, &format!("{prefix}module.{name}."), out);
    }
}

/// The resources (full configuration addresses) that the outputs of module call `call` of
/// `tree` read, all of them or only `output`: Terraform records them in a dependent's
/// `dependencies` (tf-oracle 1.12.2: `input = module.wrap_a.id` gives
/// `module.wrap_a.terraform_data.this`).
fn call_deps(tree: &ModuleTree, call: &str, output: Option<&str>, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let Some(c) = tree.calls.get(call) else { return out };
    let child = &c.tree;
    let inner = format!("{prefix}module.{call}.");
    let reach = deps::transitive(&child.config);
    for (name, _, body, _) in &child.config.outputs {
        if output.is_some_and(|o| o != name) {
            continue;
        }
        let Some(value) = body.attr("value") else { continue };
        for r in deps::of_expr(&value.expr, &child.config) {
            if r.starts_with("data.") {
                continue;
            }
            for more in reach.get(&r).into_iter().flatten() {
                out.insert(format!("{inner}{more}"));
            }
            out.insert(format!("{inner}{r}"));
        }
        for n in crate::lang::syntax::walk::nodes(&value.expr) {
            if let crate::lang::syntax::ExprKind::Traversal(base, ops) = &n.kind
                && matches!(&base.kind, crate::lang::syntax::ExprKind::Var(v) if v == "module")
                && let Some(crate::lang::syntax::OpKind::Attr(nested)) = ops.first().map(|o| &o.kind)
            {
                let nested_out = match ops.get(1).map(|o| &o.kind) {
                    Some(crate::lang::syntax::OpKind::Attr(a)) => Some(a.as_str()),
                    _ => None,
                };
                out.extend(call_deps(child, nested, nested_out, &inner));
            }
        }
    }
    out
}

/// The full configuration addresses recorded as create_before_destroy in a graph of only the
/// resources `allowed`: those that set it, and what they depend on in their module.
fn cbd_within(tree: &ModuleTree, prefix: &str, allowed: &BTreeSet<String>, out: &mut BTreeSet<String>) {
    let deps = deps::transitive(&tree.config);
    for decl in managed(&tree.config).filter(|d| Lifecycle::creates_before_destroy(d)) {
        let full = format!("{prefix}{}", decl.address());
        if !allowed.contains(&full) {
            continue;
        }
        out.insert(full);
        for d in deps.get(&decl.address()).into_iter().flatten() {
            out.insert(format!("{prefix}{d}"));
        }
    }
    for (name, call) in &tree.calls {
        cbd_within(&call.tree, &format!("{prefix}module.{name}."), allowed, out);
    }
}

/// The belief that shrinking `count` destroys the first instances: the deletions a smaller
/// `count` causes (always the highest indexes) are moved to the lowest indexes of their
/// resource, and the instances kept take the indexes above them, as the believer predicts.
fn believed_count_shrink(changes: &mut [ResourceChange]) {
    let shrunk: BTreeSet<crate::workflow::model::ResourceAddr> = changes
        .iter()
        .filter(|c| c.reason == Some(Reason::DeleteBecauseCountIndex))
        .map(|c| c.addr.resource.clone())
        .collect();
    if shrunk.is_empty() || !crate::workflow::model::beliefs::flipped(crate::lang::Rule::CountDropsHighestIndexes) {
        return;
    }
    for r in shrunk {
        let mut at: Vec<usize> = (0..changes.len())
            .filter(|&i| {
                changes[i].addr.resource == r && changes[i].deposed.is_none() && matches!(changes[i].addr.key, InstanceKey::Int(_))
            })
            .collect();
        at.sort_by(|&a, &b| changes[a].addr.key.cmp(&changes[b].addr.key));
        let keys: Vec<InstanceKey> = at.iter().map(|&i| changes[i].addr.key.clone()).collect();
        let (dropped, kept): (Vec<usize>, Vec<usize>) = at
            .iter()
            .partition(|&&i| changes[i].reason == Some(Reason::DeleteBecauseCountIndex));
        for (i, key) in dropped.into_iter().chain(kept).zip(keys) {
            changes[i].addr.key = key;
        }
    }
}

/// The belief that switching a resource from `count` to `for_each` keeps its instances: the
/// believer pairs the old indexes with the new keys in order (`[0]` becomes the first key) and
/// expects each object kept there, updated only where its arguments differ, where Terraform
/// destroys the indexed instances and creates the keyed ones.
fn believed_count_to_for_each(changes: &mut Vec<ResourceChange>) {
    let switched: BTreeSet<crate::workflow::model::ResourceAddr> = changes
        .iter()
        .filter(|c| {
            c.reason == Some(Reason::DeleteBecauseWrongRepetition) && c.deposed.is_none() && matches!(c.addr.key, InstanceKey::Int(_))
        })
        .map(|c| c.addr.resource.clone())
        .collect();
    if switched.is_empty() || !crate::workflow::model::beliefs::flipped(crate::lang::Rule::ForEachKeysAreNewInstances) {
        return;
    }
    let mut paired: BTreeSet<usize> = BTreeSet::new();
    for r in switched {
        let sorted = |pick: &dyn Fn(&ResourceChange) -> bool| {
            let mut at: Vec<usize> = (0..changes.len())
                .filter(|&i| changes[i].addr.resource == r && pick(&changes[i]))
                .collect();
            at.sort_by(|&a, &b| changes[a].addr.key.cmp(&changes[b].addr.key));
            at
        };
        let old = sorted(&|c| {
            c.reason == Some(Reason::DeleteBecauseWrongRepetition) && c.deposed.is_none() && matches!(c.addr.key, InstanceKey::Int(_))
        });
        let new = sorted(&|c| c.action == Action::Create && matches!(c.addr.key, InstanceKey::Str(_)));
        for (o, n) in old.into_iter().zip(new) {
            let before = changes[o].before.clone();
            let from = changes[o].addr.clone();
            let planned = builtin::plan(Some(&before), &changes[n].after, false);
            let c = &mut changes[n];
            c.action = if planned.replace {
                Action::DeleteThenCreate
            } else if builtin::raw_equal(&planned.after, &before) {
                Action::NoOp
            } else {
                Action::Update
            };
            c.reason = None;
            c.prev_addr = Some(from);
            c.after = planned.after;
            c.before = before;
            paired.insert(o);
        }
    }
    let mut i = 0;
    changes.retain(|_| {
        i += 1;
        !paired.contains(&(i - 1))
    });
}

/// The resources of a module that are replaced create-before-destroy: those that say so, and
/// everything they depend on (Terraform forces it on a dependency, so that the dependent's
/// replacement is never left without it).
pub fn create_before_destroy(config: &Config) -> BTreeSet<String> {
    let deps = deps::transitive(config);
    let mut out = BTreeSet::new();
    for decl in managed(config).filter(|d| Lifecycle::creates_before_destroy(d)) {
        out.insert(decl.address());
        if let Some(d) = deps.get(&decl.address()) {
            out.extend(d.iter().cloned());
        }
    }
    out
}

/// The resources (by configuration address) that the state says `failed` depend on: in a
/// destroy their nodes wait for the failed ones.
fn destroy_waiting<'a>(prior: &State, failed: impl Iterator<Item = &'a InstanceAddr>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for addr in failed {
        let object = prior
            .resources
            .iter()
            .filter(|r| r.addr == addr.resource)
            .flat_map(|r| r.instances.iter())
            .find(|i| i.key == addr.key)
            .and_then(|i| i.current.as_ref());
        if let Some(o) = object {
            out.extend(o.dependencies.iter().cloned());
        }
    }
    out
}

/// Whether `d` is the failed validation of a root variable that none of the resources a
/// targeted plan may change refers to.
fn unneeded_variable_error(d: &Diag, tree: &ModuleTree, allowed: &BTreeSet<String>) -> bool {
    if d.summary != "Invalid value for variable" {
        return false;
    }
    let Some(name) = tree.config.variables.iter().find(|(_, v)| {
        d.span.as_ref().is_some_and(|s| v.span.start <= s.start && s.end <= v.span.end)
            && d.file.as_deref() == Some(tree.config.file_name(v.file))
    }) else {
        return false;
    };
    !variable_needed(tree, name.0, allowed)
}

/// Whether a root variable is referred to by the locals or by a resource a targeted plan may
/// change (only those are evaluated, their variables with them).
fn variable_needed(tree: &ModuleTree, name: &str, allowed: &BTreeSet<String>) -> bool {
    let needle = format!("var.{name}");
    let mentions = |body: &crate::lang::syntax::BodyAst| {
        super::walker::body_exprs(body).iter().any(|e| {
            crate::lang::syntax::walk::nodes(e).iter().any(|n| match &n.kind {
            crate::lang::syntax::ExprKind::Traversal(base, ops) => {
                matches!(&base.kind, crate::lang::syntax::ExprKind::Var(v) if v == "var")
                    && matches!(ops.first().map(|o| &o.kind), Some(crate::lang::syntax::OpKind::Attr(a)) if format!("var.{a}") == needle)
            }
            _ => false,
        })
        })
    };
    let locals_mention = tree.config.locals.values().any(|(_, e)| {
        crate::lang::syntax::walk::nodes(e).iter().any(|n| {
            matches!(&n.kind, crate::lang::syntax::ExprKind::Traversal(base, ops)
            if matches!(&base.kind, crate::lang::syntax::ExprKind::Var(v) if v == "var")
                && matches!(ops.first().map(|o| &o.kind), Some(crate::lang::syntax::OpKind::Attr(a)) if format!("var.{a}") == needle))
        })
    });
    locals_mention
        || tree
            .config
            .resources
            .iter()
            .any(|r| allowed.contains(&r.address()) && mentions(&r.body))
}

/// The configuration address of an instance's resource: its module path without keys.
fn config_address(addr: &InstanceAddr) -> String {
    addr.resource.config_address()
}

/// Applies `plan` to its prior state: every change carried out in dependency order, then the
/// outputs evaluated. `next` draws the random bits new ids and deposed keys are made of.
pub fn apply(
    tree: &ModuleTree,
    host: &Host,
    plan: &Plan,
    opts: &PlanOptions,
    next: &mut dyn FnMut() -> u64,
) -> Result<Applied, Vec<Problem>> {
    let planning = planning_host(host, false);
    let host = &planning;
    let (objects, _) = starting_objects(tree, host, opts, &plan.prior)?;
    let planned: BTreeMap<InstanceAddr, ResourceChange> = plan
        .changes
        .iter()
        .filter(|c| c.deposed.is_none())
        .map(|c| (c.addr.clone(), c.clone()))
        .collect();
    let ids = std::cell::RefCell::new(&mut *next);
    let mut shared = Shared::new(
        &objects,
        &[],
        Phase::Apply { planned: &planned },
        &opts.workspace,
        opts.version,
        host,
        Box::new(|| builtin::uuid(&mut *ids.borrow_mut())),
    );
    shared.skipped_outputs = untargeted_outputs(tree, opts);
    shared.var_ranges = opts.var_ranges.clone();
    let mut events = Vec::new();
    for c in &plan.changes {
        if let Some(id) = &c.importing {
            events.push(Event::Imported(c.addr.clone(), id.clone()));
        }
    }
    // Deletions of what left the configuration come first: nothing in the configuration
    // depends on them any more. Among them, what depends on another is destroyed first.
    let deletions: Vec<&ResourceChange> = plan.changes.iter().filter(|c| c.action == Action::Delete).collect();
    for c in dependents_first(deletions, &plan.prior) {
        events.push(Event::Destroyed(c.addr.clone(), id_of(&c.before), None));
    }
    // The belief that a destroy destroys the data sources too (they are only dropped).
    if plan.mode == PlanMode::Destroy {
        let data: Vec<InstanceAddr> = plan
            .prior
            .resources
            .iter()
            .filter(|r| r.addr.mode == ResourceMode::Data)
            .flat_map(|r| r.instances.iter().map(|i| r.addr.instance(i.key.clone())))
            .collect();
        if !data.is_empty() && crate::workflow::model::beliefs::flipped(crate::lang::Rule::DestroySkipsData) {
            events.extend(data.into_iter().map(|a| Event::Destroyed(a, String::new(), None)));
        }
    }
    let mut outputs = BTreeMap::new();
    if plan.mode == PlanMode::Destroy && plan.targeted {
        outputs = plan.prior.outputs.clone();
    }
    let mut failures = Vec::new();
    if plan.mode != PlanMode::Destroy {
        let (root_outputs, mut errors) = walk_module_all(&shared, Vec::new(), tree, &opts.vars);
        if !opts.targets.is_empty() {
            let allowed = targeted(tree, &opts.targets);
            errors.retain(|d| !unneeded_variable_error(d, tree, &allowed));
        }
        // What was applied before an error stays applied: the state keeps it, and the errors
        // are reported after (an output's precondition known only once applied, say).
        failures.extend(errors.into_iter().map(|d| shared.problem_for(d)));
        // The outputs a -target apply leaves out keep what the state had.
        for name in &shared.skipped_outputs {
            if let Some(old) = plan.prior.outputs.get(name) {
                outputs.insert(name.clone(), old.clone());
            }
        }
        if let Value::Object(m) = root_outputs {
            for (name, v) in m {
                // A null output is not kept (Terraform drops it from the state); one that a
                // targeted apply left unknown keeps what the state had.
                if v.is_null() {
                    continue;
                }
                // A refresh-only apply evaluates every output, and the state, which holds no
                // unknowns, gets a null of its type for one still unknown (tf-oracle 1.12.2:
                // `bo = null` for an output of a resource not created yet).
                if v.has_unknown() && plan.mode == PlanMode::RefreshOnly {
                    let sensitive = sensitive_output(&tree.config, &name);
                    outputs.insert(
                        name,
                        OutputValue {
                            value: Value::Null(v.ty()),
                            sensitive,
                        },
                    );
                    continue;
                }
                if v.has_unknown() {
                    if let Some(old) = plan.prior.outputs.get(&name) {
                        outputs.insert(name, old.clone());
                    }
                    continue;
                }
                let sensitive = sensitive_output(&tree.config, &name);
                let value = if sensitive { v.unmark().0 } else { v };
                outputs.insert(name, OutputValue { value, sensitive });
            }
        }
    }
    let applied = shared.applied.take();
    let mut finals: BTreeMap<InstanceAddr, Value> = BTreeMap::new();
    for (addr, action, value) in applied {
        let before = planned.get(&addr).map(|c| id_of(&c.before)).unwrap_or_default();
        match action {
            Action::Create => events.push(Event::Created(addr.clone(), id_of(&value))),
            Action::Update => events.push(Event::Updated(addr.clone(), id_of(&value))),
            Action::DeleteThenCreate => {
                events.push(Event::Destroyed(addr.clone(), before, None));
                events.push(Event::Created(addr.clone(), id_of(&value)));
            }
            Action::CreateThenDelete => {
                let key = format!("{:08x}", (*ids.borrow_mut())() as u32);
                events.push(Event::Created(addr.clone(), id_of(&value)));
                events.push(Event::Destroyed(addr.clone(), before, Some(key)));
            }
            // A data source read once what it depends on was applied: its object goes to
            // the state with the other reads.
            Action::Read => {
                events.push(Event::Read(addr.clone()));
                continue;
            }
            _ => {}
        }
        finals.insert(addr, value);
    }
    let mut facts = BTreeMap::new();
    resource_facts(tree, "", &mut facts);
    // A -target apply builds its graph from the targets and their dependencies: only the
    // create_before_destroy resources in it force their dependencies to be recorded so, and
    // what lies outside it keeps what the state had (tf-oracle 1.12.2: a dependency of an
    // untargeted create_before_destroy resource loses the flag).
    let scope = plan.targeted.then(|| targeted(tree, &opts.targets));
    if let Some(allowed) = &scope {
        let mut forced = BTreeSet::new();
        cbd_within(tree, "", allowed, &mut forced);
        for (addr, fact) in facts.iter_mut() {
            fact.1 = forced.contains(addr);
        }
    }
    let mut state = State {
        terraform_version: plan.prior.terraform_version.clone(),
        serial: plan.prior.serial,
        lineage: plan.prior.lineage.clone(),
        outputs,
        resources: Vec::new(),
        check_results: plan.prior.check_results.clone(),
    };
    // Every prior object that stays, then every object applied.
    let mut objects_after: BTreeMap<InstanceAddr, (Value, bool)> = BTreeMap::new();
    for (addr, p) in objects.iter().filter(|(a, _)| a.resource.mode == ResourceMode::Managed) {
        let deleted = planned
            .get(addr)
            .is_some_and(|c| matches!(c.action, Action::Delete | Action::Forget))
            || (plan.mode == PlanMode::Destroy && !plan.targeted);
        if !deleted {
            objects_after.insert(addr.clone(), (p.value.clone(), p.tainted));
        }
    }
    for (addr, v) in finals {
        objects_after.insert(addr, (v, false));
    }
    for (addr, (value, tainted)) in objects_after {
        let attributes = match value {
            Value::Object(m) => m,
            _ => BTreeMap::new(),
        };
        let prior_obj = plan
            .prior
            .resources
            .iter()
            .find(|r| r.addr == addr.resource)
            .and_then(|r| r.instances.iter().find(|i| i.key == addr.key))
            .and_then(|i| i.current.as_ref());
        let in_scope = scope.as_ref().is_none_or(|a| a.contains(&config_address(&addr)));
        let (dependencies, cbd) = match prior_obj {
            Some(o) if !in_scope => (o.dependencies.clone(), o.create_before_destroy),
            _ => facts.get(&config_address(&addr)).cloned().unwrap_or_default(),
        };
        let _ = prior_obj.map(|o| &o.sensitive_attributes);
        let sensitive_attributes = crate::workflow::state::sensitive::sensitive_paths(&attributes, opts.version);
        let object = InstanceObject {
            tainted,
            schema_version: 0,
            attributes,
            sensitive_attributes,
            private: prior_obj.and_then(|o| o.private.clone()),
            dependencies,
            create_before_destroy: cbd,
        };
        // What the configuration no longer declares keeps the provider configuration it was
        // made with (the rest is assigned below).
        let provider = plan
            .prior
            .resources
            .iter()
            .find(|r| r.addr == addr.resource)
            .map_or(BUILTIN_PROVIDER, |r| r.provider.as_str());
        state.add_instance(&addr, object, provider);
    }
    let _ = module_path;
    if plan.mode != PlanMode::Destroy {
        let read = shared.data_read.take();
        // The belief that the state holds managed resources only.
        if read.is_empty() || !crate::workflow::model::beliefs::flipped(crate::lang::Rule::DataInState) {
            put_data(&mut state, read);
        }
        let checks = shared.checks.take();
        let (mut checks, unchecked) = targeted_checks(tree, opts, checks);
        // Before 1.10 a targeted apply leaves the outputs' conditions unknown.
        if plan.targeted && !crate::workflow::model::gates::has(opts.version, &crate::workflow::model::gates::TARGETED_APPLY_OUTPUT_CHECKS)
        {
            for check in checks.iter_mut().filter(|c| c.0 == "output") {
                check.3 = "unknown";
                check.4.clear();
            }
        }
        state.check_results = check_results(&checks, &unchecked, opts.version);
    }
    // Each resource the configuration declares records the provider configuration it uses.
    super::providers::assign(&mut state, tree);
    let warnings = if plan.targeted { Vec::new() } else { shared.warnings() };
    Ok(Applied {
        state,
        events,
        warnings,
        errors: failures,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const V: (u32, u32, u32) = (1, 12, 2);

    fn config(src: &str) -> Config {
        Config::load_texts(vec![("main.tf".into(), src.into())], V).unwrap_or_else(|d| panic!("{}: {}", d.summary, d.detail))
    }

    fn actions(p: &Plan) -> Vec<String> {
        p.changes
            .iter()
            .map(|c| format!("{} {:?} {:?}", c.addr, c.action, c.reason))
            .collect()
    }

    fn counter() -> impl FnMut() -> u64 {
        let mut n = 0;
        move || {
            n += 1;
            n
        }
    }

    fn step(src: &str, prior: &State) -> (Plan, State) {
        let c = ModuleTree::single(config(src));
        let host = Host::default();
        let opts = PlanOptions::new(V);
        let p = plan(&c, &host, prior, &opts).unwrap_or_else(|e| panic!("{:?}", e.iter().map(|d| &d.diag.summary).collect::<Vec<_>>()));
        let a = apply(&c, &host, &p, &opts, &mut counter())
            .unwrap_or_else(|e| panic!("{:?}", e.iter().map(|d| &d.diag.summary).collect::<Vec<_>>()));
        (p, a.state)
    }

    #[test]
    fn shrinking_count_deletes_the_last_index() {
        let (p, s) = step(
            "resource \"terraform_data\" \"a\" {\n  count = 3\n  input = count.index\n}\n",
            &State::default(),
        );
        assert_eq!(
            actions(&p),
            [
                "terraform_data.a[0] Create None",
                "terraform_data.a[1] Create None",
                "terraform_data.a[2] Create None"
            ]
        );
        let (p, s) = step("resource \"terraform_data\" \"a\" {\n  count = 2\n  input = count.index\n}\n", &s);
        assert_eq!(
            actions(&p),
            [
                "terraform_data.a[0] NoOp None",
                "terraform_data.a[1] NoOp None",
                "terraform_data.a[2] Delete Some(DeleteBecauseCountIndex)"
            ]
        );
        assert_eq!(s.resources[0].instances.len(), 2);
    }

    #[test]
    fn an_input_change_updates_and_a_trigger_change_replaces() {
        let src = |i: &str, t: &str| {
            format!(
                "resource \"terraform_data\" \"a\" {{\n  input = {i}\n  triggers_replace = {t}\n}}\nresource \"terraform_data\" \"b\" {{\n  input = terraform_data.a.output\n}}\noutput \"o\" {{\n  value = terraform_data.b.output\n}}\n"
            )
        };
        let (_, s) = step(&src("1", "1"), &State::default());
        assert_eq!(
            s.outputs.get("o").map(|o| crate::lang::value::render::console(&o.value)),
            Some("1".into())
        );
        let (p, s) = step(&src("2", "1"), &s);
        assert_eq!(actions(&p), ["terraform_data.a Update None", "terraform_data.b Update None"]);
        assert_eq!(p.outputs[0].action, Action::Update);
        assert_eq!(
            s.outputs.get("o").map(|o| crate::lang::value::render::console(&o.value)),
            Some("2".into())
        );
        // The replacement's output is unknown until apply, so b's input is too.
        let (p, _) = step(&src("2", "2"), &s);
        assert_eq!(
            actions(&p),
            [
                "terraform_data.a DeleteThenCreate Some(ReplaceBecauseCannotUpdate)",
                "terraform_data.b Update None"
            ]
        );
    }

    #[test]
    fn a_moved_block_keeps_the_object() {
        let (_, s) = step("resource \"terraform_data\" \"a\" {\n  input = 1\n}\n", &State::default());
        let (p, s) = step(
            "resource \"terraform_data\" \"b\" {\n  input = 1\n}\nmoved {\n  from = terraform_data.a\n  to = terraform_data.b\n}\n",
            &s,
        );
        assert_eq!(actions(&p), ["terraform_data.b NoOp None"]);
        assert_eq!(
            p.changes[0].prev_addr.as_ref().map(|a| a.to_string()),
            Some("terraform_data.a".into())
        );
        let (p, _) = step("resource \"terraform_data\" \"c\" {\n  input = 1\n}\n", &s);
        assert_eq!(
            actions(&p),
            [
                "terraform_data.b Delete Some(DeleteBecauseNoResourceConfig)",
                "terraform_data.c Create None"
            ]
        );
    }

    #[test]
    fn removed_forgets_and_import_brings_in() {
        let (_, s) = step(
            "resource \"terraform_data\" \"a\" {\n  input = 1\n}\nresource \"terraform_data\" \"b\" {\n  input = 2\n}\n",
            &State::default(),
        );
        let next = "removed {\n  from = terraform_data.a\n  lifecycle {\n    destroy = false\n  }\n}\nremoved {\n  from = terraform_data.b\n}\nimport {\n  to = terraform_data.c\n  id = \"abc\"\n}\nresource \"terraform_data\" \"c\" {\n  input = 3\n}\n";
        let (p, s) = step(next, &s);
        assert_eq!(
            actions(&p),
            [
                "terraform_data.a Forget None",
                "terraform_data.b Delete Some(DeleteBecauseNoResourceConfig)",
                "terraform_data.c Update None"
            ]
        );
        assert_eq!(p.changes[2].importing.as_deref(), Some("abc"));
        assert_eq!(p.warnings.len(), 1);
        let left: Vec<String> = s.resources.iter().map(|r| r.addr.to_string()).collect();
        assert_eq!(left, ["terraform_data.c"]);
    }

    #[test]
    fn a_module_called_twice_plans_each_instance() {
        let dir = std::env::temp_dir().join(format!("iacquiz-wf-module-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("modules/m")).unwrap();
        std::fs::write(
            dir.join("main.tf"),
            "module \"m\" {\n  source = \"./modules/m\"\n  count  = 2\n  x      = count.index\n}\noutput \"o\" {\n  value = module.m[*].y\n}\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("modules/m/main.tf"),
            "variable \"x\" {}\nresource \"terraform_data\" \"r\" {\n  input = var.x\n}\noutput \"y\" {\n  value = \"${path.module}:${terraform_data.r.output}\"\n}\n",
        )
        .unwrap();
        let root = Config::load_dir_at(&dir, V).unwrap();
        let tree = ModuleTree::load(&dir, ".", root, V, 0).unwrap();
        let host = Host::default();
        let opts = PlanOptions::new(V);
        let p = plan(&tree, &host, &State::default(), &opts).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            actions(&p),
            [
                "module.m[0].terraform_data.r Create None",
                "module.m[1].terraform_data.r Create None"
            ]
        );
        let a = apply(&tree, &host, &p, &opts, &mut counter()).unwrap_or_else(|e| panic!("{e:?}"));
        let o = a.state.outputs.get("o").map(|o| crate::lang::value::render::console(&o.value));
        assert_eq!(o.as_deref(), Some("[\n  \"modules/m:0\",\n  \"modules/m:1\",\n]"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn conditions_fail_with_the_values_of_their_references() {
        let c = ModuleTree::single(config(
            "variable \"n\" {\n  default = 3\n}\nresource \"terraform_data\" \"a\" {\n  input = var.n\n  lifecycle {\n    precondition {\n      condition     = var.n < 2\n      error_message = \"n must be small.\"\n    }\n  }\n}\n",
        ));
        // The plan is errored, with nothing planned ("Planning failed").
        let p = plan(&c, &Host::default(), &State::default(), &PlanOptions::new(V)).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(p.changes.is_empty());
        let e = p.errors;
        assert_eq!(e[0].diag.summary, "Resource precondition failed");
        assert_eq!(e[0].diag.detail, "n must be small.");
        assert_eq!(e[0].values, [("var.n".to_string(), "is 3".to_string())]);
        let c = ModuleTree::single(config(
            "resource \"terraform_data\" \"a\" {\n  input = 5\n}\ncheck \"c\" {\n  assert {\n    condition     = terraform_data.a.input == 1\n    error_message = \"not 1.\"\n  }\n}\n",
        ));
        let p = plan(&c, &Host::default(), &State::default(), &PlanOptions::new(V)).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(p.warnings.len(), 1);
        assert_eq!(p.warnings[0].values, [("terraform_data.a.input".to_string(), "is 5".to_string())]);
    }
}
