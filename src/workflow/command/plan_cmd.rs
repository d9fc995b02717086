//! `terraform plan`.

use super::args::parse;
use super::locking::{self, LockOptions};
use super::planning::{self, PLAN_SPEC};
use super::run::{Context, Outcome};
use super::workdir;

/// Runs `plan`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let opts = match parse(args, PLAN_SPEC) {
        Ok(p) => p,
        Err(e) => return super::flags::refused(ctx, "plan", &e),
    };
    if opts.flag("json") {
        return super::json_ops::plan(ctx, &opts);
    }
    if !opts.rest.is_empty() {
        return super::flags::bad_line(
            ctx,
            "plan",
            "Too many command line arguments",
            "To specify a working directory for the plan, use the global -chdir flag.",
        );
    }
    let refused = planning::mode_errors(&opts, false);
    if !refused.is_empty() {
        return super::flags::bad_reports(ctx, "plan", &refused);
    }
    let wd = match workdir::open(ctx) {
        Ok(w) => w,
        Err(o) => return o,
    };
    let lock = match LockOptions::from_args(&opts) {
        Ok(l) => l,
        Err(e) => return super::flags::refused(ctx, "plan", &e),
    };
    let mut o = ctx.outcome();
    // The lock is taken before the state is read, and held (by the store) to the end.
    let (store, state) = match locking::open_locked(ctx, &wd, &mut o, "OperationTypePlan", lock) {
        Ok(x) => x,
        Err(r) => return o.fail(&r, &wd.sources),
    };
    if !opts.flag("destroy")
        && let Some(r) = planning::no_configuration(ctx, "plan")
    {
        return o.fail(&[r], &wd.sources);
    }
    let (p, var_warnings) = match planning::plan_options(ctx, &wd, &opts, false, &mut o) {
        Ok(x) => x,
        Err(reports) => return o.fail(&reports, &wd.sources),
    };
    let plan = match planning::make_partial(ctx, &wd, &state, &p, false) {
        Ok(plan) => plan,
        Err((failed, partial)) => {
            // An errored plan is saved all the same, for `show` to read.
            if partial.is_some()
                && let Some(out) = opts.value("out")
                && let Err(d) = super::saved::write(&ctx.dir.join(out), &p, &state, &wd.tree)
            {
                return o.fail(&[super::diagnostic::Report::error(d)], &wd.sources);
            }
            o.out(&failed.stdout);
            o.err(&failed.stderr);
            o.code = failed.code;
            return o;
        }
    };
    // The plan text without its closing note: the warnings come before the note.
    let mut ropts = planning::render_options(ctx);
    ropts.in_automation = true;
    o.out(&crate::workflow::render::plan_text(&plan, &ropts));
    o.report(&planning::warnings(&plan, &var_warnings), &wd.sources);
    if let Some(out) = opts.value("out") {
        if let Err(d) = super::saved::write(&ctx.dir.join(out), &p, &state, &wd.tree) {
            return o.fail(&[super::diagnostic::Report::error(d)], &wd.sources);
        }
        if !ctx.in_automation() {
            o.out(&crate::workflow::render::horizontal_rule(ctx.color));
            o.out(&format!("\nSaved the plan to: {out}\n\nTo perform exactly these actions, run the following command to apply:\n    terraform apply {out:?}\n"));
        }
    } else if !ctx.in_automation() && !plan.is_empty() {
        o.out(&crate::workflow::render::next_step_note(ctx.color));
    }
    // The belief that -detailed-exitcode exits 0 for every plan that succeeds.
    if opts.flag("detailed-exitcode")
        && !plan.is_empty()
        && !crate::workflow::model::beliefs::flipped(crate::lang::Rule::DetailedExitcodeTwo)
    {
        o.code = 2;
    }
    if !plan.is_empty() && opts.value("out").is_none() && crate::workflow::model::beliefs::flipped(crate::lang::Rule::PlanLeavesStateAlone)
    {
        // The belief that a plan changes the state: it is applied, silently.
        drop(store);
        let mut again: Vec<String> = args.iter().filter(|a| *a != "-detailed-exitcode").cloned().collect();
        again.push("-auto-approve".into());
        let _ = super::apply_cmd::run(ctx, &again, false);
        return o;
    }
    drop(store);
    o
}
