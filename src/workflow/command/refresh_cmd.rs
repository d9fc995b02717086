//! `terraform refresh`: a refresh-only plan applied at once, with no plan shown and nothing
//! asked; the refresh lines, the plan's warnings ("Empty or non-existent state" when the
//! state tracks no object), then the outputs.

use super::args::{Kind, Spec, parse};
use super::diagnostic::Report;
use super::locking::{self, LockOptions};
use super::planning;
use super::run::{Context, Outcome};
use super::workdir;
use crate::lang::Diag;
use crate::workflow::model::PlanMode;

/// The options `refresh` takes.
const SPEC: Spec = &[
    ("input", Kind::Bool),
    ("lock", Kind::Bool),
    ("lock-timeout", Kind::Duration),
    ("var", Kind::Many),
    ("var-file", Kind::Many),
    ("target", Kind::Many),
    ("parallelism", Kind::Int),
    ("compact-warnings", Kind::Bool),
    ("backup", Kind::Value),
    ("state", Kind::Value),
    ("state-out", Kind::Value),
];

/// Runs `refresh`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let opts = match parse(args, SPEC) {
        Ok(p) => p,
        Err(e) => return super::flags::refused(ctx, "refresh", &e),
    };
    if !opts.rest.is_empty() {
        return super::flags::too_many(ctx, "refresh");
    }
    let lock = match LockOptions::from_args(&opts) {
        Ok(l) => l,
        Err(e) => return super::flags::refused(ctx, "refresh", &e),
    };
    let wd = match workdir::open(ctx) {
        Ok(w) => w,
        Err(o) => return o,
    };
    let mut o = ctx.outcome();
    let (store, state) = match locking::open_locked(ctx, &wd, &mut o, "OperationTypeRefresh", lock) {
        Ok(x) => x,
        Err(r) => return o.fail(&r, &wd.sources),
    };
    let (mut p, var_warnings) = match planning::plan_options(ctx, &wd, &opts, false, &mut o) {
        Ok(x) => x,
        Err(reports) => return o.fail(&reports, &wd.sources),
    };
    p.mode = PlanMode::RefreshOnly;
    // The configuration is validated first, as for a plan (backend/local localRun).
    let invalid = crate::workflow::plan::validate::validate(&wd.tree, &wd.host, ctx.version, &wd.workspace);
    if !invalid.is_empty() {
        return o.fail(&invalid, &wd.sources);
    }
    let orphaned = planning::orphaned(&wd, &state);
    if !orphaned.is_empty() {
        if !p.targets.is_empty() {
            o.report(&[crate::workflow::plan::make::targeting_warning()], &wd.sources);
        }
        return o.fail(&orphaned, &wd.sources);
    }
    // An empty state is warned about before anything runs, so the warning comes with any
    // error of the refresh itself (backend_refresh.go; tf-oracle 1.6.6).
    let mut reports = Vec::new();
    let tracked = state.resources.iter().any(|r| {
        r.addr.mode == crate::workflow::model::ResourceMode::Managed
            && r.instances.iter().any(|i| i.current.is_some() || !i.deposed.is_empty())
    });
    if !tracked {
        reports.push(Report::warning(Diag::new(
            "Empty or non-existent state",
            "There are currently no remote objects tracked in the state, so there is nothing to refresh.",
        )));
    }
    // A refresh shows no plan: what stops it is reported after its refresh lines alone.
    let plan = match crate::workflow::plan::plan(&wd.tree, &wd.host, &state, &p) {
        Ok(plan) if plan.errors.is_empty() => plan,
        Ok(plan) => {
            o.out(&crate::workflow::render::refresh_lines_painted(&plan, ctx.color));
            reports.extend(planning::warnings(&plan, &var_warnings));
            o.report(&reports, &wd.sources);
            return o.fail(&plan.errors, &wd.sources);
        }
        Err(problems) => {
            let refreshed = crate::workflow::model::Plan {
                prior: state.clone(),
                ..Default::default()
            };
            o.out(&crate::workflow::render::refresh_lines_painted(&refreshed, ctx.color));
            o.out(&crate::workflow::render::plan::failed_read_lines(&problems, ctx.color));
            o.report(&reports, &wd.sources);
            return o.fail(&problems, &wd.sources);
        }
    };
    o.out(&crate::workflow::render::refresh_lines_painted(&plan, ctx.color));
    reports.extend(planning::warnings(&plan, &var_warnings));
    let mut random = workdir::random(ctx.seed, &state, &workdir::random_key(ctx, &wd));
    let applied = match crate::workflow::plan::apply(&wd.tree, &wd.host, &plan, &p, &mut random) {
        Ok(a) => a,
        Err(problems) => {
            o.report(&reports, &wd.sources);
            return o.fail(&problems, &wd.sources);
        }
    };
    // Terraform writes the refreshed state of the plan, which holds no check results
    // (tf-oracle 1.6.6 and 1.12.2: `check_results` is gone after `refresh`).
    let mut refreshed = applied.state.clone();
    refreshed.check_results = None;
    // The refreshed state's outputs change only where their new value is known
    // (node_output.go writes the refresh state for a wholly known value alone): one that reads
    // an object the state no longer holds keeps its old value, and a new one not yet known is
    // not written (tf-oracle 1.12.2: `o = "x"` after `state rm`, no `bo`).
    for change in plan.outputs.iter().filter(|c| c.after.has_unknown()) {
        match state.outputs.get(&change.name) {
            Some(old) => refreshed.outputs.insert(change.name.clone(), old.clone()),
            None => refreshed.outputs.remove(&change.name),
        };
    }
    let mut store = store.with_backup(crate::workflow::state::store::backup_path(&wd.state_path));
    let written = match store.write(&refreshed, &mut random) {
        Ok(s) => s,
        Err(e) => return o.fail(&[Report::error(workdir::store_diag(&e))], &wd.sources),
    };
    for w in &applied.warnings {
        if !reports.iter().any(|r| r.diag == w.diag) {
            reports.push(w.clone());
        }
    }
    o.report(&reports, &wd.sources);
    if !applied.errors.is_empty() {
        return o.fail(&applied.errors, &wd.sources);
    }
    o.out(&crate::workflow::render::apply_outputs(
        &written.outputs,
        &planning::render_options(ctx),
    ));
    o
}
