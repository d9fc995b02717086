//! `terraform apply` (with or without a saved plan) and `terraform destroy`.

use super::args::parse;
use super::diagnostic::Report;
use super::locking::{self, LockOptions};
use super::planning::{self, APPLY_SPEC};
use super::progress;
use super::run::{Context, Outcome};
use super::workdir;
use crate::lang::Diag;
use crate::workflow::model::PlanMode;
use crate::workflow::model::gates;

/// The question `apply` asks before it changes anything, and its description, by plan mode
/// and workspace (backend_apply.go names a workspace other than `default`).
fn approval_prompt(mode: PlanMode, workspace: &str) -> (String, &'static str) {
    let named = workspace != "default";
    match mode {
        PlanMode::Destroy => (
            if named {
                format!("\nDo you really want to destroy all resources in workspace \"{workspace}\"?")
            } else {
                "\nDo you really want to destroy all resources?".to_string()
            },
            "Terraform will destroy all your managed infrastructure, as shown above.\nThere is no undo. Only 'yes' will be accepted to confirm.",
        ),
        PlanMode::RefreshOnly => (
            if named {
                format!("\nWould you like to update the Terraform state for \"{workspace}\" to reflect these detected changes?")
            } else {
                "\nWould you like to update the Terraform state to reflect these detected changes?".to_string()
            },
            "Terraform will write these changes to the state without modifying any real infrastructure.\nThere is no undo. Only 'yes' will be accepted to confirm.",
        ),
        PlanMode::Normal => (
            if named {
                format!("\nDo you want to perform these actions in workspace \"{workspace}\"?")
            } else {
                "\nDo you want to perform these actions?".to_string()
            },
            "Terraform will perform the actions described above.\nOnly 'yes' will be accepted to approve.",
        ),
    }
}

/// The warning a targeted apply ends with.
pub(super) fn incomplete(version: crate::lang::dialect::releases::TfVersion) -> Report {
    let gap = if crate::workflow::model::gates::has(version, &crate::workflow::model::gates::TARGET_WARNING_NO_TAB) {
        ""
    } else {
        "\t"
    };
    Report::warning(Diag::new(
        "Applied changes may be incomplete",
        format!(
            "The plan was created with the -target option in effect, so some changes requested in the configuration may have been ignored and the output values may not be fully updated. Run the following command to verify that no other changes are pending:\n    terraform plan\n{gap}\nNote that the -target option is not suitable for routine use, and is provided only for exceptional situations such as recovering from errors or mistakes, or when Terraform specifically suggests to use it as part of an error message."
        ),
    ))
}

/// Why `file` cannot be applied before it is even read (apply.go's LoadPlanFile): it is not
/// there (Go's stat error, with the path as given), it is a folder, or the command is
/// `destroy`.
fn plan_file_refused(ctx: &Context, file: &str, destroy: bool) -> Option<Diag> {
    let path = ctx.dir.join(file);
    let summary = format!("Failed to load {} as a plan file", crate::lang::value::render::go_quote(file));
    match std::fs::metadata(&path) {
        Err(_) => Some(Diag::new(summary, format!("Error: stat {file}: no such file or directory"))),
        Ok(m) if m.is_dir() => Some(Diag::new(
            summary,
            "The specified path is a directory, not a plan file. You can use the global -chdir flag to use this directory as the configuration root.",
        )),
        // A file that is no plan is refused as such first.
        Ok(_) if destroy => Some(super::saved::read(&path, ctx.version).err().unwrap_or_else(|| {
            Diag::new(
                "Destroy can't be called with a plan file",
                format!(
                    "If this plan was created using plan -destroy, apply it using:\n  terraform apply {}",
                    crate::lang::value::render::go_quote(file)
                ),
            )
        })),
        Ok(_) => None,
    }
}

/// Terraform's refusal of a plan that would change something but cannot be applied (a
/// refresh-only plan whose only changes are outputs it cannot save; context_apply.go).
pub(super) fn not_applyable() -> Report {
    Report::error(Diag::new(
        "Cannot apply non-applyable plan",
        "The given plan is not applyable. If this seems like a bug in Terraform, then please report it!",
    ))
}

/// Runs `apply` (`destroy` when `destroy` is set).
pub fn run(ctx: &Context, args: &[String], destroy: bool) -> Outcome {
    let command = if destroy { "destroy" } else { "apply" };
    let opts = match parse(args, APPLY_SPEC) {
        Ok(p) => p,
        Err(e) => return super::flags::refused(ctx, command, &e),
    };
    if opts.flag("json") {
        return super::json_ops::apply(ctx, &opts, destroy);
    }
    if opts.rest.len() > 1 {
        return super::flags::too_many(ctx, command);
    }
    let refused = planning::mode_errors(&opts, destroy);
    if !refused.is_empty() {
        return super::flags::bad_reports(ctx, command, &refused);
    }
    // The plan file is loaded before the backend and the configuration: it holds the
    // configuration to apply.
    if let Some(file) = opts.rest.first()
        && let Some(refusal) = plan_file_refused(ctx, file, destroy)
    {
        return ctx.outcome().fail(&[Report::error(refusal)], &Default::default());
    }
    // The belief that applying a saved plan plans again from the files as they are now.
    if !opts.rest.is_empty() && crate::workflow::model::beliefs::flipped(crate::lang::Rule::SavedPlanIsFixed) {
        let again: Vec<String> = args
            .iter()
            .filter(|a| Some(*a) != opts.rest.first())
            .cloned()
            .chain(std::iter::once("-auto-approve".to_string()))
            .collect();
        return run(ctx, &again, destroy);
    }
    let saved = match opts.rest.first() {
        Some(file) => match super::saved::read(&ctx.dir.join(file), ctx.version) {
            Ok(s) => Some(s),
            Err(d) => return ctx.outcome().fail(&[Report::error(d)], &Default::default()),
        },
        None => None,
    };
    if saved.is_some()
        && let Some(r) = super::saved_vars::refused_options(ctx, &opts)
    {
        return ctx.outcome().fail(&[r], &Default::default());
    }
    let opened = match &saved {
        Some(s) => workdir::open_for_saved_plan(ctx, s.snapshot.as_ref()),
        None => workdir::open(ctx),
    };
    let wd = match opened {
        Ok(w) => w,
        Err(o) => return o,
    };
    let lock = match LockOptions::from_args(&opts) {
        Ok(l) => l,
        Err(e) => return super::flags::refused(ctx, command, &e),
    };
    let mut asked = ctx.outcome();
    let (store, state) = match locking::open_locked(ctx, &wd, &mut asked, "OperationTypeApply", lock) {
        Ok(x) => x,
        Err(r) => return asked.fail(&r, &wd.sources),
    };
    if saved.is_none()
        && !destroy
        && !opts.flag("destroy")
        && let Some(r) = planning::no_configuration(ctx, "apply")
    {
        return asked.fail(&[r], &wd.sources);
    }
    let (p, var_warnings) = match &saved {
        Some(s) => {
            if let Some(d) = s.mismatch(&state) {
                return ctx.outcome().fail(&[Report::error(d)], &wd.sources);
            }
            let mut sources = wd.sources.clone();
            match super::saved_vars::check(ctx, &wd, &opts, s) {
                Ok(checked) => {
                    let mut p = s.opts.clone();
                    p.vars = checked.values;
                    sources.extend(checked.sources);
                    (p, checked.warnings)
                }
                Err((reports, files)) => {
                    sources.extend(files);
                    return ctx.outcome().fail(&reports, &sources);
                }
            }
        }
        None => match planning::plan_options(ctx, &wd, &opts, destroy, &mut asked) {
            Ok(x) => x,
            Err(reports) => return asked.fail(&reports, &wd.sources),
        },
    };
    let mut o = asked;
    let plan = match planning::make_partial(ctx, &wd, &state, &p, true) {
        Ok(plan) => plan,
        // A saved plan that met errors was saved to be read, not applied; one that did not, but
        // fails with the ephemeral values given now, fails as Terraform's apply walk does
        // (their validation, say).
        Err((failed, Some(_)))
            if saved.as_ref().is_some_and(|s| {
                let mut then = p.clone();
                then.vars.extend(s.ephemeral_values.iter().map(|(k, v)| (k.clone(), v.clone())));
                !s.ephemeral_values.is_empty() && planning::make_partial(ctx, &wd, &state, &then, true).is_ok()
            }) =>
        {
            o.err(&failed.stderr);
            o.code = failed.code;
            return o;
        }
        Err((_, Some(_))) if saved.is_some() => {
            return o.fail(
                &[Report::error(Diag::new(
                    "Cannot apply incomplete plan",
                    "Terraform encountered an error when generating this plan, so it cannot be applied.",
                ))],
                &wd.sources,
            );
        }
        Err((failed, _)) => {
            o.out(&failed.stdout);
            o.err(&failed.stderr);
            o.code = failed.code;
            return o;
        }
    };
    let mut reports = planning::warnings(&plan, &var_warnings);
    if saved.is_none() {
        let mut ropts = planning::render_options(ctx);
        ropts.in_automation = true;
        o.out(&crate::workflow::render::plan_text(&plan, &ropts));
        // From 1.8 a plan that cannot be applied asks nothing (backend_apply.go's trivialPlan).
        let worth_asking = if gates::has(ctx.version, &gates::APPLYABLE_PLANS) {
            plan.applyable(ctx.version)
        } else {
            !plan.is_empty()
        };
        if worth_asking && !opts.flag("auto-approve") {
            let mode = if destroy { PlanMode::Destroy } else { p.mode };
            let (query, about) = approval_prompt(mode, &wd.workspace);
            // The plan's warnings are shown before the question, not after the apply.
            o.report(&reports, &wd.sources);
            reports.clear();
            o.out(&super::prompt::prompt(&query, about, ctx.color));
            let Some(answer) = ctx.read_line() else {
                return o.fail(&[Report::error(Diag::new("error asking for approval: EOF", ""))], &wd.sources);
            };
            o.out("\n");
            if answer.trim() != "yes" {
                o.out(if destroy { "Destroy cancelled.\n" } else { "Apply cancelled.\n" });
                o.code = 1;
                return o;
            }
        }
    }
    if plan.refused_as_not_applyable(ctx.version) {
        reports.push(not_applyable());
        return o.fail(&reports, &wd.sources);
    }
    let mut random = workdir::random(ctx.seed, &state, &workdir::random_key(ctx, &wd));
    let applied = match crate::workflow::plan::apply(&wd.tree, &wd.host, &plan, &p, &mut random) {
        Ok(a) => a,
        Err(problems) => {
            o.report(&reports, &wd.sources);
            return o.fail(&problems, &wd.sources);
        }
    };
    for e in &applied.events {
        o.out(&progress::lines(e, ctx.color));
    }
    let mut store = store.with_backup(crate::workflow::state::store::backup_path(&wd.state_path));
    let written = match store.write_after(&applied.state, applied.events.len() as u64, &mut random) {
        Ok(s) => s,
        Err(e) => return o.fail(&[Report::error(workdir::store_diag(&e))], &wd.sources),
    };
    // Without a question asked, the plan's check block results are dropped: the apply
    // checks again and reports its own (backend_apply.go's filteredDiags). Every other
    // warning of the plan is shown beside the apply's.
    reports.retain(|r| !r.apart);
    reports.extend(applied.warnings.iter().cloned());
    if plan.targeted {
        reports.push(incomplete(ctx.version));
    }
    o.report(&reports, &wd.sources);
    if !applied.errors.is_empty() {
        return o.fail(&applied.errors, &wd.sources);
    }
    // Only `terraform destroy` says "Destroy complete!": `apply -destroy` and a saved destroy
    // plan applied end as an apply does, "Apply complete!" (tf-oracle 1.6.6, 1.12.2, 1.14.9).
    let destroying =
        destroy || (p.mode == PlanMode::Destroy && crate::workflow::model::beliefs::flipped(crate::lang::Rule::ApplyDestroyEndsAsApply));
    o.out(&progress::summary(&applied.events, destroying, ctx.version, ctx.color));
    if !destroying {
        o.out(&crate::workflow::render::apply_outputs(
            &written.outputs,
            &planning::render_options(ctx),
        ));
    }
    o
}
