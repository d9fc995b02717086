//! `terraform validate`: the configuration's own errors, without variables' values or state.

use super::args::{Kind, Spec, parse};
use super::run::{Context, Outcome};

const SPEC: Spec = &[
    ("no-color", Kind::Bool),
    ("json", Kind::Bool),
    ("no-tests", Kind::Bool),
    ("test-directory", Kind::Value),
];

/// Runs `validate`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let opts = match parse(args, SPEC) {
        Ok(p) => p,
        Err(e) => return super::flags::refused(ctx, "validate", &e),
    };
    // validate still takes the configuration's folder as its one argument.
    let folder;
    let ctx = match opts.rest.as_slice() {
        [] => ctx,
        [dir] => {
            let mut there = ctx.clone();
            there.dir = ctx.dir.join(dir);
            if !there.dir.is_dir() {
                let missing = [super::diagnostic::Report::error(crate::lang::Diag::new(
                    "Failed to read module directory",
                    format!("Module directory {dir} does not exist or cannot be read."),
                ))];
                if opts.flag("json") {
                    let mut o = ctx.outcome();
                    o.out(&super::json_show::validate(&missing, &Default::default()));
                    o.code = 1;
                    return o;
                }
                return ctx.outcome().fail(&missing, &Default::default());
            }
            folder = there;
            &folder
        }
        _ => return super::flags::too_many(ctx, "validate"),
    };
    let o = ctx.outcome();
    let wd = match super::workdir::open_without_backend(ctx) {
        Ok(wd) => wd,
        // With -json, what stopped the loading is in the document too.
        Err(_) if opts.flag("json") => {
            let (reports, sources) = super::workdir::open_without_backend_reports(ctx).err().unwrap_or_default();
            let mut o = o;
            o.out(&super::json_show::validate(&reports, &sources));
            o.code = 1;
            return o;
        }
        Err(failed) => return failed,
    };
    let mut problems = crate::workflow::plan::validate::validate(&wd.tree, &wd.host, ctx.version, &wd.workspace);
    if problems.is_empty() {
        problems = believed_value_checks(ctx, &wd);
    }
    let checked = if problems.is_empty() { Ok(()) } else { Err(problems) };
    match checked {
        Ok(()) => {
            let mut o = o;
            if opts.flag("json") {
                o.out("{\n  \"format_version\": \"1.0\",\n  \"valid\": true,\n  \"error_count\": 0,\n  \"warning_count\": 0,\n  \"diagnostics\": []\n}\n");
            } else {
                // One coloured text with its line end, then the line end Println adds.
                o.out(&super::color::colorize(
                    "[green][bold]Success![reset] The configuration is valid.\n",
                    ctx.color,
                ));
                o.out("\n");
            }
            o
        }
        Err(reports) if opts.flag("json") => {
            let mut o = o;
            o.out(&super::json_show::validate(&reports, &wd.sources));
            o.code = 1;
            o
        }
        Err(reports) => o.fail(&reports, &wd.sources),
    }
}

/// Under the belief that `validate` checks variables' values: the values a plan would give
/// them (defaults, `.tfvars`, `TF_VAR_`) checked against their validation rules, as plan
/// checks them. Consulted only for a configuration with a validation rule.
fn believed_value_checks(ctx: &Context, wd: &super::workdir::Workdir) -> Vec<super::diagnostic::Report> {
    let has_rules = wd.tree.config.variables.values().any(|v| !v.validations.is_empty());
    if !has_rules || !crate::workflow::model::beliefs::flipped(crate::lang::Rule::ValidateLeavesValuesUnknown) {
        return Vec::new();
    }
    let Ok(chosen) = super::workdir::variables(ctx, wd, &super::args::Parsed::default()) else {
        return Vec::new();
    };
    let mut p = crate::workflow::plan::PlanOptions::new(ctx.version);
    p.workspace = wd.workspace.clone();
    p.vars = chosen.values;
    match crate::workflow::plan::plan(&wd.tree, &wd.host, &Default::default(), &p) {
        Ok(plan) => plan
            .errors
            .into_iter()
            .filter(|e| e.diag.summary == "Invalid value for variable")
            .collect(),
        Err(problems) => problems
            .into_iter()
            .filter(|e| e.diag.summary == "Invalid value for variable")
            .collect(),
    }
}
