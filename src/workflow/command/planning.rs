//! What `plan`, `apply` and `destroy` share: their options, the plan made from them, the
//! saved plan file, and how a plan's problems are printed.

use super::args::{Kind, Parsed, Spec};
use super::diagnostic::Report;
use super::run::{Context, Outcome};
use super::workdir::{self, Workdir};
use crate::lang::Diag;
use crate::workflow::model::address::{Target, parse_target};
use crate::workflow::model::{Plan, PlanMode, Severity, State};
use crate::workflow::plan::PlanOptions;
use crate::workflow::render::RenderOptions;

/// The options `plan` takes (`apply` and `destroy` add theirs).
pub const PLAN_SPEC: &[(&str, Kind)] = &[
    ("no-color", Kind::Bool),
    ("input", Kind::Bool),
    ("lock", Kind::Bool),
    ("lock-timeout", Kind::Duration),
    ("var", Kind::Many),
    ("var-file", Kind::Many),
    ("target", Kind::Many),
    ("replace", Kind::Many),
    ("out", Kind::Value),
    ("destroy", Kind::Bool),
    ("refresh-only", Kind::Bool),
    ("refresh", Kind::Bool),
    ("detailed-exitcode", Kind::Bool),
    ("parallelism", Kind::Int),
    ("compact-warnings", Kind::Bool),
    ("state", Kind::Value),
    ("json", Kind::Bool),
];

/// The options `apply` takes.
pub const APPLY_SPEC: Spec = &[
    ("no-color", Kind::Bool),
    ("input", Kind::Bool),
    ("lock", Kind::Bool),
    ("lock-timeout", Kind::Duration),
    ("var", Kind::Many),
    ("var-file", Kind::Many),
    ("target", Kind::Many),
    ("replace", Kind::Many),
    ("destroy", Kind::Bool),
    ("refresh-only", Kind::Bool),
    ("refresh", Kind::Bool),
    ("parallelism", Kind::Int),
    ("compact-warnings", Kind::Bool),
    ("auto-approve", Kind::Bool),
    ("backup", Kind::Value),
    ("state", Kind::Value),
    ("state-out", Kind::Value),
    ("json", Kind::Bool),
];

/// How the commands render.
pub fn render_options(ctx: &Context) -> RenderOptions {
    RenderOptions {
        version: ctx.version,
        in_automation: ctx.in_automation(),
        color: ctx.color,
    }
}

fn addresses(opts: &Parsed, name: &str) -> Result<Vec<Target>, Vec<Report>> {
    let mut out = Vec::new();
    for a in opts.all(name) {
        match parse_target(a) {
            Ok(t) => out.push(t),
            Err(e) => {
                return Err(vec![Report::error(Diag::new(
                    format!("Invalid {} address", if name == "target" { "target" } else { "replace" }),
                    e.0,
                ))]);
            }
        }
    }
    Ok(out)
}

/// A variable's `description`, when written as a literal string.
fn description(wd: &Workdir, name: &str) -> Option<String> {
    wd.tree.config.files.iter().find_map(|f| {
        f.body
            .blocks_of("variable")
            .find(|b| b.labels.first().map(String::as_str) == Some(name))
            .and_then(|b| b.body.attr("description"))
            .and_then(|a| match &a.expr.kind {
                crate::lang::syntax::ExprKind::Str(s) => Some(s.clone()),
                _ => None,
            })
    })
}

/// Asks for each root variable that has no value and no default, as Terraform does unless
/// `-input=false`: `var.NAME`, its description, `Enter a value:`; no answer is Terraform's
/// "No value for required variable".
fn ask_required(
    ctx: &Context,
    wd: &Workdir,
    opts: &Parsed,
    values: &mut std::collections::BTreeMap<String, crate::lang::Value>,
    o: &mut Outcome,
) -> Result<(), Vec<Report>> {
    let input = !opts
        .single
        .get("input")
        .is_some_and(|v| v == "false" || v == "0" || v == "f" || v == "F" || v == "FALSE" || v == "False");
    for (name, v) in &wd.tree.config.variables {
        if v.default.is_some() || values.contains_key(name) {
            continue;
        }
        let answer = if input {
            let about = description(wd, name).unwrap_or_default();
            o.out(&super::prompt::prompt(&format!("var.{name}"), &about, ctx.color));
            let line = ctx.read_line().filter(|l| !l.is_empty());
            if line.is_some() {
                o.out("\n");
            }
            line
        } else {
            None
        };
        match answer {
            Some(text) => {
                let literal = match v.type_expr.as_ref().map(|t| &t.kind) {
                    None => true,
                    Some(crate::lang::syntax::ExprKind::Var(k)) => k == "string" || k == "number" || k == "bool",
                    _ => false,
                };
                let value = if literal {
                    crate::lang::Value::string(text.as_str())
                } else {
                    crate::lang::session::constant(&text).map_err(|d| vec![Report::error(d)])?
                };
                values.insert(name.clone(), value);
            }
            None => {
                let src = wd.tree.config.files.get(v.file).map(|f| f.src.as_str()).unwrap_or("");
                let range = crate::lang::config::declaration_range(src, &v.span);
                return Err(vec![Report::error(
                    Diag::new(
                        "No value for required variable",
                        format!("The root module input variable {name:?} is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable."),
                    )
                    .at(&range)
                    .in_file(wd.tree.config.file_name(v.file)),
                )]);
            }
        }
    }
    Ok(())
}

/// Whether `-refresh` leaves the refresh on (it is unless given a false value).
fn refresh_requested(opts: &Parsed) -> bool {
    opts.value("refresh").is_none_or(|_| opts.flag("refresh"))
}

/// What the mode options of a plan, apply or destroy command line refuse (the `arguments`
/// package's Operation.Parse, then ParseApplyDestroy's check for `destroy`).
pub fn mode_errors(opts: &Parsed, destroy_command: bool) -> Vec<Report> {
    let refresh = refresh_requested(opts);
    let mut out = Vec::new();
    let mode = match (opts.flag("destroy"), opts.flag("refresh-only")) {
        (true, true) => {
            out.push((
                "Incompatible plan mode options",
                "The -destroy and -refresh-only options are mutually-exclusive.",
            ));
            PlanMode::Normal
        }
        (true, false) => PlanMode::Destroy,
        (false, true) => {
            if !refresh {
                out.push((
                    "Incompatible refresh options",
                    "It doesn't make sense to use -refresh-only at the same time as -refresh=false, because Terraform would have nothing to do.",
                ));
            }
            PlanMode::RefreshOnly
        }
        (false, false) => PlanMode::Normal,
    };
    if destroy_command {
        match mode {
            PlanMode::Destroy => out.push((
                "Invalid mode option",
                "The -destroy option is not valid for \"terraform destroy\", because this command always runs in destroy mode.",
            )),
            PlanMode::RefreshOnly => out.push((
                "Invalid mode option",
                "The -refresh-only option is not valid for \"terraform destroy\".",
            )),
            PlanMode::Normal => {}
        }
    }
    out.into_iter()
        .map(|(summary, detail)| Report::error(crate::lang::Diag::new(summary, detail)))
        .collect()
}

/// The plan's options from the command line (and `destroy` when the command is `destroy`);
/// the questions for required variables are printed to `o`.
pub fn plan_options(
    ctx: &Context,
    wd: &Workdir,
    opts: &Parsed,
    destroy: bool,
    o: &mut Outcome,
) -> Result<(PlanOptions, Vec<Report>), Vec<Report>> {
    options_asking(ctx, wd, opts, destroy, Some(o))
}

/// [`plan_options`] for the console, which asks for nothing: a required variable left unset
/// is unknown of its type (console.go's AllowUnsetVariables; backend_local.go's
/// stubUnsetRequiredVariables).
pub fn console_options(ctx: &Context, wd: &Workdir, opts: &Parsed) -> Result<(PlanOptions, Vec<Report>), Vec<Report>> {
    options_asking(ctx, wd, opts, false, None)
}

fn options_asking(
    ctx: &Context,
    wd: &Workdir,
    opts: &Parsed,
    destroy: bool,
    ask: Option<&mut Outcome>,
) -> Result<(PlanOptions, Vec<Report>), Vec<Report>> {
    // Terraform's context refuses a negative parallelism (zero is its default of 10).
    if let Some(n) = opts.value("parallelism").and_then(|v| super::go_values::parse_int(v).ok())
        && n < 0
    {
        return Err(vec![Report::error(crate::lang::Diag::new(
            "Invalid parallelism value",
            format!("The parallelism must be a positive value. Not {n}."),
        ))]);
    }
    let mut chosen = workdir::variables(ctx, wd, opts)?;
    if let Some(o) = ask {
        ask_required(ctx, wd, opts, &mut chosen.values, o)?;
    }
    let mut p = PlanOptions::new(ctx.version);
    p.workspace = wd.workspace.clone();
    p.vars = chosen.values;
    p.var_ranges = chosen
        .origins
        .into_iter()
        .filter_map(|(name, o)| Some((name, (o.file?, o.span?))))
        .collect();
    p.mode = if destroy || opts.flag("destroy") {
        PlanMode::Destroy
    } else if opts.flag("refresh-only") && !crate::workflow::model::beliefs::flipped(crate::lang::Rule::RefreshOnlyLeavesConfig) {
        // (The belief that -refresh-only also applies the configuration plans normally.)
        PlanMode::RefreshOnly
    } else {
        PlanMode::Normal
    };
    p.refresh = refresh_requested(opts);
    p.targets = addresses(opts, "target")?;
    p.replace = addresses(opts, "replace")?;
    Ok((p, chosen.warnings))
}

/// Makes the plan, or prints why it failed: a plan that met errors after planning some of its
/// changes is shown as far as it went, then its warnings and errors.
pub fn make(ctx: &Context, wd: &Workdir, state: &State, p: &PlanOptions) -> Result<Plan, Outcome> {
    make_partial(ctx, wd, state, p, false).map_err(|(o, _)| o)
}

/// [`make`], and on failure the partial plan when there is one: Terraform saves an errored
/// plan with `-out` (backend_plan.go: "generate a partial saved plan file"), `show` renders it
/// and `apply` refuses it; a plan that failed before planning anything leaves no file.
/// `for_apply`: `apply` shows a failed plan only when it recorded a change, a no-op one
/// included (backend_apply.go), where `plan` says "Planning failed." of an empty one.
pub fn make_partial(
    ctx: &Context,
    wd: &Workdir,
    state: &State,
    p: &PlanOptions,
    for_apply: bool,
) -> Result<Plan, (Outcome, Option<Box<Plan>>)> {
    // The configuration is validated first, with every variable unknown; what fails there
    // fails before anything is refreshed or planned.
    let invalid = crate::workflow::plan::validate::validate(&wd.tree, &wd.host, ctx.version, &wd.workspace);
    if !invalid.is_empty() {
        return Err((ctx.outcome().fail(&invalid, &wd.sources), None));
    }
    // An object of the state whose provider configuration left with it stops the plan
    // graph from being built (tf-oracle 1.12.2: "(orphan)", no "Planning failed").
    let orphaned = orphaned(wd, state);
    if !orphaned.is_empty() {
        let mut o = ctx.outcome();
        // The plan says it is targeted before its graph is built.
        if !p.targets.is_empty() {
            o.report(&[crate::workflow::plan::make::targeting_warning()], &wd.sources);
        }
        return Err((o.fail(&orphaned, &wd.sources), None));
    }
    let made = crate::workflow::plan::plan(&wd.tree, &wd.host, state, p);
    if let Ok(plan) = &made
        && !plan.errors.is_empty()
    {
        let mut o = ctx.outcome();
        let mut ropts = render_options(ctx);
        ropts.in_automation = true;
        // With nothing to show, the plan text says the plan failed; a plan refused for its
        // moves is no plan at all (Terraform returns none).
        let no_plan = plan
            .errors
            .iter()
            .all(|p| matches!(p.diag.summary.as_str(), "Moved object still exists" | "Redundant move statement"));
        if (for_apply || no_plan) && plan.changes.is_empty() && plan.outputs.is_empty() {
            o.out(&crate::workflow::render::refresh_lines_painted(plan, ctx.color));
        } else {
            o.out(&crate::workflow::render::plan_text(plan, &ropts));
        }
        o.report(&warnings(plan, &[]), &wd.sources);
        return Err((o.fail(&plan.errors, &wd.sources), made.ok().map(Box::new)));
    }
    made.map_err(|problems| {
        let mut o = ctx.outcome();
        // The refresh ran before the error.
        let refreshed = Plan {
            prior: crate::workflow::plan::make::state_after_moves(&wd.tree, state, ctx.version),
            ..Plan::default()
        };
        o.out(&crate::workflow::render::refresh_lines_painted(&refreshed, ctx.color));
        o.out(&crate::workflow::render::plan::failed_read_lines(&problems, ctx.color));
        // A plan that failed is still rendered ("Planning failed."); a destroy whose
        // refreshing plan failed has no plan to render.
        if p.mode != crate::workflow::model::PlanMode::Destroy && !for_apply {
            o.out(&super::color::colorize(
                "\n[reset][bold][red]Planning failed.[reset][bold] Terraform encountered an error while generating this plan.[reset]\n\n",
                ctx.color,
            ));
        }
        (o.fail(&problems, &wd.sources), None)
    })
}

/// The local backend's refusal to plan (`plan`) or apply (`apply`) a folder without
/// configuration files, which would destroy everything (backend_plan.go, backend_apply.go;
/// a destroy plan is allowed).
pub fn no_configuration(ctx: &Context, command: &str) -> Option<Report> {
    if workdir::has_config_files(&ctx.dir) {
        return None;
    }
    let detail = if command == "apply" {
        "Apply requires configuration to be present. Applying without a configuration would mark everything for destruction, which is normally not what is desired. If you would like to destroy everything, run 'terraform destroy' instead."
    } else {
        "Plan requires configuration to be present. Planning without a configuration would mark everything for destruction, which is normally not what is desired. If you would like to destroy everything, run plan with the -destroy option. Otherwise, create a Terraform configuration file (.tf file) and try again."
    };
    Some(Report::error(Diag::new("No configuration files", detail)))
}

/// The objects of the state whose provider configuration left the configuration with them:
/// the plan graph is not built (tf-oracle 1.12.2: "Provider configuration not present" for
/// each, "(orphan)", at `plan`, `apply`, `destroy` and `refresh`).
pub fn orphaned(wd: &Workdir, state: &State) -> Vec<Report> {
    crate::workflow::plan::providers::orphan_errors(&wd.tree, state)
        .into_iter()
        .map(Report::error)
        .collect()
}

/// The plan's warnings, with those of the variables: the objects to be forgotten first (as
/// Terraform reports them, ahead of the others).
pub fn warnings(plan: &Plan, vars: &[Report]) -> Vec<Report> {
    const FORGET: &str = "Some objects will no longer be managed by Terraform";
    let plan_warnings = plan.warnings.iter().filter(|w| w.severity == Severity::Warning);
    let mut out: Vec<Report> = plan_warnings.clone().filter(|w| w.diag.summary == FORGET).cloned().collect();
    out.extend(vars.iter().cloned());
    out.extend(plan_warnings.filter(|w| w.diag.summary != FORGET).cloned());
    out
}
