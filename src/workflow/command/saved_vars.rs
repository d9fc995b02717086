//! The variables given to `apply PLANFILE`. A saved plan holds the values its variables were
//! set to, so before 1.10 Terraform refuses any `-var` or `-var-file` with it; from 1.10 it
//! reads every source again (backend/local/backend_apply.go): an ephemeral variable set while
//! planning must be set again and takes its new value, a changed value for any other variable
//! is refused when the command line gave it, warned about when the environment did and ignored
//! when an automatic file did, and a variable the plan did not record counts as undeclared.

use std::collections::BTreeMap;
use std::path::Path;

use super::args::Parsed;
use super::diagnostic::{Report, Sources};
use super::run::Context;
use super::saved::Saved;
use super::vars::{self, Source};
use super::workdir::{self, Workdir};
use crate::lang::eval::diag_values::compact;
use crate::lang::{Diag, Value};
use crate::workflow::model::gates;

/// Before 1.10: the refusal of `-var` and `-var-file` beside a plan file (command/apply.go,
/// before the backend is read).
pub fn refused_options(ctx: &Context, opts: &Parsed) -> Option<Report> {
    if gates::has(ctx.version, &gates::SAVED_PLAN_VARIABLES) || workdir::cli_vars(opts).is_empty() {
        return None;
    }
    Some(Report::error(Diag::new(
        "Can't set variables when applying a saved plan",
        "The -var and -var-file options cannot be used when applying a saved plan file, because a saved plan includes the variable values that were set when it was created.",
    )))
}

/// What the variables given at apply make of a saved plan: the values to apply with, the
/// warnings to print after the apply, and the files quoted by either.
#[derive(Debug, Default)]
pub struct Checked {
    /// The plan's recorded values with the ephemeral ones given again.
    pub values: BTreeMap<String, Value>,
    /// Warnings, printed with the apply's result.
    pub warnings: Vec<Report>,
    /// The variables files the diagnostics quote.
    pub sources: Sources,
}

/// From 1.10: checks the variables given at apply against `saved`; `Err` holds every
/// diagnostic (warnings too) when one is an error, and the files they quote.
pub fn check(ctx: &Context, wd: &Workdir, opts: &Parsed, saved: &Saved) -> Result<Checked, (Vec<Report>, Sources)> {
    let config = &wd.tree.config;
    let recorded = &saved.opts.vars;
    let mut out = Checked {
        values: recorded.clone(),
        ..Checked::default()
    };
    if !gates::has(ctx.version, &gates::SAVED_PLAN_VARIABLES) {
        return Ok(out);
    }
    let ephemeral = |name: &str| config.variables.get(name).is_some_and(|v| v.ephemeral);
    let declared = |name: &str| config.variables.contains_key(name) && (ephemeral(name) || recorded.contains_key(name));
    let read = |path: &Path| workdir::read_any(path);
    let chosen = vars::gather_declared(config, &declared, &ctx.dir, &ctx.env, &workdir::cli_vars(opts), &read);
    let mut reports = Vec::new();
    for (name, value) in &chosen.values {
        let Some(origin) = chosen.origins.get(name) else { continue };
        let at = |d: Diag| match (&origin.file, &origin.span) {
            (Some(file), Some(span)) => d.at(span).in_file(file),
            _ => d,
        };
        if let Some((file, Some(_))) = origin.file.as_ref().map(|f| (f, &origin.span))
            && let Ok(text) = workdir::read_any(&ctx.dir.join(file))
        {
            out.sources.insert(file.clone(), text);
        }
        if ephemeral(name) {
            if !saved.ephemeral_values.contains_key(name) {
                reports.push(Report::error(at(Diag::new(
                    "Ephemeral variable was not set during planning",
                    format!("The ephemeral input variable {name:?} was not set during the planning phase, and so must remain unset during the apply phase."),
                ))));
            } else if value.is_null() {
                reports.push(Report::error(Diag::new(
                    "Ephemeral variable must be set for apply",
                    format!("The ephemeral input variable {name:?} was set during the planning phase, and so must be set again during the apply phase."),
                )));
            } else {
                out.values.insert(name.clone(), value.clone());
            }
            continue;
        }
        let Some(planned) = recorded.get(name) else { continue };
        if crate::lang::value::raw_equal(value, planned) {
            continue;
        }
        let env_warns = gates::has(ctx.version, &gates::SAVED_PLAN_ENV_WARNS);
        // 1.10 names the value given first and the planned one second, under the same words.
        let (first, second) = if env_warns { (planned, value) } else { (value, planned) };
        let said = format!(
            "The saved plan specifies {} as the value whereas during apply the value {} was {}. To declare an ephemeral variable which is not saved in the plan file, use ephemeral = true.",
            compact(first),
            compact(second),
            origin.source.label()
        );
        match origin.source {
            // Not given by the user directly, so not held against them.
            Source::AutoFile => {}
            Source::Env if env_warns => reports.push(Report::warning(Diag::new(
                "Ignoring variable when applying a saved plan",
                format!("The variable {name} cannot be overriden when applying a saved plan file, because a saved plan includes the variable values that were set when it was created. {said}"),
            ))),
            Source::Env | Source::Cli | Source::NamedFile => reports.push(Report::error(at(Diag::new(
                "Can't change variable when applying a saved plan",
                format!("The variable {name} cannot be set using the -var and -var-file options when applying a saved plan file, because a saved plan includes the variable values that were set when it was created. {said}"),
            )))),
        }
    }
    reports.extend(chosen.errors);
    reports.extend(chosen.warnings);
    if reports.iter().any(|r| r.severity == super::diagnostic::Severity::Error) {
        return Err((reports, out.sources));
    }
    // Terraform's core then wants every ephemeral variable set while planning
    // (context_apply.go checkApplyTimeVariables).
    for name in saved.ephemeral_values.keys() {
        if !out.values.contains_key(name) {
            reports.push(Report::error(Diag::new(
                "No value for required variable",
                format!(
                    "The ephemeral input variable {name:?} was set during the plan phase, and so must also be set during the apply phase."
                ),
            )));
        }
    }
    if reports.iter().any(|r| r.severity == super::diagnostic::Severity::Error) {
        return Err((reports, out.sources));
    }
    out.warnings = reports;
    Ok(out)
}
