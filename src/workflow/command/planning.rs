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
    ("lock-timeout", Kind::Value),
    ("var", Kind::Many),
    ("var-file", Kind::Many),
    ("target", Kind::Many),
    ("replace", Kind::Many),
    ("out", Kind::Value),
    ("destroy", Kind::Bool),
    ("refresh-only", Kind::Bool),
    ("refresh", Kind::Bool),
    ("detailed-exitcode", Kind::Bool),
    ("parallelism", Kind::Value),
    ("compact-warnings", Kind::Bool),
    ("state", Kind::Value),
];

/// The options `apply` takes.
pub const APPLY_SPEC: Spec = &[
    ("no-color", Kind::Bool),
    ("input", Kind::Bool),
    ("lock", Kind::Bool),
    ("lock-timeout", Kind::Value),
    ("var", Kind::Many),
    ("var-file", Kind::Many),
    ("target", Kind::Many),
    ("replace", Kind::Many),
    ("destroy", Kind::Bool),
    ("refresh-only", Kind::Bool),
    ("refresh", Kind::Bool),
    ("parallelism", Kind::Value),
    ("compact-warnings", Kind::Bool),
    ("auto-approve", Kind::Bool),
    ("backup", Kind::Value),
    ("state", Kind::Value),
    ("state-out", Kind::Value),
];

/// How the commands render.
pub fn render_options(ctx: &Context) -> RenderOptions {
    RenderOptions {
        version: ctx.version,
        in_automation: ctx.in_automation(),
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

/// The plan's options from the command line (and `destroy` when the command is `destroy`).
pub fn plan_options(ctx: &Context, wd: &Workdir, opts: &Parsed, destroy: bool) -> Result<(PlanOptions, Vec<Report>), Vec<Report>> {
    let chosen = workdir::variables(ctx, wd, opts)?;
    let mut p = PlanOptions::new(ctx.version);
    p.workspace = wd.workspace.clone();
    p.vars = chosen.values;
    p.mode = if destroy || opts.flag("destroy") {
        PlanMode::Destroy
    } else if opts.flag("refresh-only") {
        PlanMode::RefreshOnly
    } else {
        PlanMode::Normal
    };
    p.targets = addresses(opts, "target")?;
    p.replace = addresses(opts, "replace")?;
    Ok((p, chosen.warnings))
}

/// Makes the plan, or prints why it failed.
pub fn make(ctx: &Context, wd: &Workdir, state: &State, p: &PlanOptions) -> Result<Plan, Outcome> {
    crate::workflow::plan::plan(&wd.tree, &wd.host, state, p).map_err(|problems| {
        let mut o = ctx.outcome();
        o.out(&super::color::colorize(
            "\n[reset][bold][red]Planning failed.[reset][bold] Terraform encountered an error while generating this plan.[reset]\n\n",
            ctx.color,
        ));
        o.fail(&problems, &wd.sources)
    })
}

/// The plan's warnings the plan text does not already hold, with those of the variables.
pub fn warnings(plan: &Plan, vars: &[Report]) -> Vec<Report> {
    let mut out: Vec<Report> = vars.to_vec();
    out.extend(
        plan.warnings
            .iter()
            .filter(|w| w.severity == Severity::Warning && w.diag.summary != "Some objects will no longer be managed by Terraform")
            .cloned(),
    );
    out
}
