//! `terraform show [-json] [PATH]`: the state (or a saved plan) as people read it.

use super::args::{Kind, Spec, parse};
use super::diagnostic::Report;
use super::run::{Context, Outcome};
use super::workdir;
use crate::lang::Diag;

const SPEC: Spec = &[("json", Kind::Bool), ("show-sensitive", Kind::Bool)];

/// Runs `show`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let opts = match parse(args, SPEC) {
        Ok(p) => p,
        Err(e) => return super::flags::refused(ctx, "show", &e),
    };
    if opts.rest.len() > 1 {
        return super::flags::too_many(ctx, "show");
    }
    // A plan file named is read first; the state is shown only after the configuration
    // loads.
    if opts.rest.is_empty()
        && let Some(reports) = workdir::backend_errors(ctx)
    {
        return ctx.outcome().fail(&reports, &super::diagnostic::sources_in(&ctx.dir));
    }
    if opts.flag("json") {
        return match opts.rest.first() {
            Some(file) => super::json_show::plan(ctx, file),
            None => super::json_show::state(ctx),
        };
    }
    if let Some(file) = opts.rest.first() {
        let (_, _, plan) = match remade(ctx, file) {
            Ok(x) => x,
            Err(o) => return o,
        };
        let mut ropts = super::planning::render_options(ctx);
        ropts.in_automation = true;
        let mut plan = plan;
        // A saved plan is shown without the refresh that made it.
        plan.prior.resources.clear();
        let mut o = ctx.outcome();
        o.out(&crate::workflow::render::plan_text(&plan, &ropts));
        return o;
    }
    let state = match shown_state(ctx) {
        Ok(s) => s,
        Err(o) => return o,
    };
    let mut o = ctx.outcome();
    o.out(&crate::workflow::render::show_state(&state, &super::planning::render_options(ctx)));
    o
}

/// The state `show` shows (empty when there is none). When there is a state file, its
/// schemas are loaded from the whole configuration, whose errors stop the command
/// (MaybeGetSchemas; tf-oracle 1.12.2: "Module not installed" only once a state exists).
pub(super) fn shown_state(ctx: &Context) -> Result<crate::workflow::model::State, Outcome> {
    let (_, _, path) = workdir::workspace(ctx).map_err(|r| ctx.outcome().fail(&r, &Default::default()))?;
    let store = crate::workflow::state::store::StateStore::open(&path, ctx.version).map_err(|e| {
        ctx.outcome().fail(
            &[Report::error(Diag::new("Failed to load state", e.to_string()))],
            &Default::default(),
        )
    })?;
    if store.state().is_some()
        && let Some(reports) = workdir::config_errors(ctx)
    {
        return Err(ctx.outcome().fail(&reports, &super::diagnostic::sources_in(&ctx.dir)));
    }
    Ok(store.state().cloned().unwrap_or_default())
}

/// A saved plan made again from what the file holds (its options, configuration and prior
/// state): the working folder, the file, and the plan. A saved plan carries
/// its backend, so no `init` is asked for.
pub(super) fn remade(ctx: &Context, file: &str) -> Result<(workdir::Workdir, super::saved::Saved, crate::workflow::model::Plan), Outcome> {
    // The file is read before the configuration: one that is not there is neither a state
    // nor a plan (tf-oracle 1.6.6 to 1.14.9 word it alike).
    if !ctx.dir.join(file).exists() {
        let why = format!("open {file}: no such file or directory");
        return Err(ctx.outcome().fail(
            &[Report::error(Diag::new(
                "Failed to read the given file as a state or plan file",
                format!("State read error: Error loading statefile: {why}\n\nPlan read error: couldn't load the provided path as either a local plan file ({why}) or a saved cloud plan ({why})"),
            ))],
            &Default::default(),
        ));
    }
    let saved =
        super::saved::read(&ctx.dir.join(file), ctx.version).map_err(|d| ctx.outcome().fail(&[Report::error(d)], &Default::default()))?;
    let wd = workdir::open_for_saved_plan(ctx, saved.snapshot.as_ref())?;
    // The plan is made again from the state it was made from (a file of an older build
    // holds none: the current state stands in).
    let state = match (&saved.snapshot, &saved.state) {
        (Some(_), prior) => prior.clone().unwrap_or_default(),
        (None, _) => workdir::state(&wd, ctx).map_err(|r| ctx.outcome().fail(&r, &wd.sources))?.1,
    };
    // An errored plan was saved as far as it went, and is shown so; the ephemeral values it
    // was made with stand in for the plan Terraform's file holds.
    let mut opts = saved.opts.clone();
    opts.vars.extend(saved.ephemeral_values.iter().map(|(k, v)| (k.clone(), v.clone())));
    let plan = match super::planning::make_partial(ctx, &wd, &state, &opts, false) {
        Ok(plan) => plan,
        Err((_, Some(plan))) => *plan,
        Err((o, None)) => return Err(o),
    };
    Ok((wd, saved, plan))
}
