//! `terraform output [-json] [-raw] [NAME]`: the root module's outputs from the state.

use super::args::{Kind, Spec, parse};
use super::diagnostic::Report;
use super::run::{Context, Outcome};
use crate::lang::Diag;
use crate::workflow::render;
use crate::workflow::state::store::StateStore;

const SPEC: Spec = &[
    ("json", Kind::Bool),
    ("raw", Kind::Bool),
    ("state", Kind::Value),
    ("show-sensitive", Kind::Bool),
];

/// Runs `output`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    let opts = match parse(args, SPEC) {
        Ok(p) => p,
        Err(e) => return super::flags::refused(ctx, "output", &e),
    };
    // The command line's own faults, all of them, before anything is read (ParseOutput).
    let mut faults = Vec::new();
    if opts.rest.len() > 1 {
        faults.push(Report::error(Diag::new(
            "Unexpected argument",
            "The output command expects exactly one argument with the name of an output variable or no arguments to show all outputs.",
        )));
    }
    if opts.flag("json") && opts.flag("raw") {
        faults.push(Report::error(Diag::new(
            "Invalid output format",
            "The -raw and -json options are mutually-exclusive.",
        )));
    }
    // With both formats refused, neither counts any more.
    if opts.flag("raw") && !opts.flag("json") && opts.rest.is_empty() {
        faults.push(Report::error(Diag::new(
            "Output name required",
            "You must give the name of a single output value when using the -raw option.",
        )));
    }
    if !faults.is_empty() {
        let mut o = ctx.outcome();
        o.report(&faults, &Default::default());
        o.err("\nFor more help on using this command, run:\n  terraform output -help\n");
        o.code = 1;
        return o;
    }
    if let Some(reports) = super::workdir::backend_errors(ctx) {
        return ctx.outcome().fail(&reports, &super::diagnostic::sources_in(&ctx.dir));
    }
    let (_, _, path) = match super::workdir::workspace(ctx) {
        Ok(x) => x,
        Err(r) => return ctx.outcome().fail(&r, &Default::default()),
    };
    let state = match StateStore::open(&path, ctx.version) {
        Ok(s) => s.state().cloned().unwrap_or_default(),
        Err(e) => {
            return ctx
                .outcome()
                .fail(&[Report::error(super::workdir::store_diag(&e))], &Default::default());
        }
    };
    let ropts = super::planning::render_options(ctx);
    let mut o = ctx.outcome();
    match opts.rest.first() {
        None if opts.flag("json") => {
            // The belief that `-json` hides a sensitive value as the listing does.
            let believed = state.outputs.values().any(|v| v.sensitive)
                && crate::workflow::model::beliefs::flipped(crate::lang::Rule::OutputByNameShowsSensitive);
            if believed {
                let mut hidden = state.outputs.clone();
                for v in hidden.values_mut().filter(|v| v.sensitive) {
                    v.value = crate::lang::Value::string("<sensitive>");
                }
                o.out(&render::output_json_all(&hidden));
            } else {
                o.out(&render::output_json_all(&state.outputs));
            }
            o
        }
        // With no outputs at all, the human and raw views warn whatever name is asked for
        // (views/output.go checks that first).
        _ if state.outputs.is_empty() && !opts.flag("json") => {
            // "No outputs found": a warning, on standard output, framed in colour unless
            // -no-color.
            o.report(
                &[Report::warning(Diag::new(
                    "No outputs found",
                    "The state file either has no outputs defined, or all the defined outputs are empty. Please define an output in your configuration with the `output` keyword and run `terraform refresh` for it to become available. If you are using interpolation, please verify the interpolated value is not empty. You can use the `terraform console` command to assist.",
                ))],
                &Default::default(),
            );
            o
        }
        None => {
            o.out(&render::output_all(&state.outputs, &ropts));
            o
        }
        Some(name) => {
            let Some(out) = state.outputs.get(name) else {
                return o.fail(
                    &[Report::error(Diag::new(
                        format!("Output {name:?} not found"),
                        "The output variable requested could not be found in the state file. If you recently added this to your configuration, be sure to run `terraform apply`, since the state won't be updated with new output variables until that command is run.",
                    ))],
                    &Default::default(),
                );
            };
            // The belief that a sensitive output is hidden however it is asked for.
            if out.sensitive && crate::workflow::model::beliefs::flipped(crate::lang::Rule::OutputByNameShowsSensitive) {
                o.out("<sensitive>\n");
            } else if opts.flag("json") {
                o.out(&render::output_json_one(out));
            } else if opts.flag("raw") {
                match render::output_raw(out) {
                    Some(text) => o.out(&text),
                    None => {
                        return o.fail(
                            &[Report::error(Diag::new(
                                "Unsupported value for raw output",
                                format!("The -raw option only supports strings, numbers, and boolean values, but output value {name:?} is {}.\n\nUse the -json option for machine-readable representations of output values that have complex types.", out.value.ty().friendly()),
                            ))],
                            &Default::default(),
                        );
                    }
                }
            } else {
                o.out(&render::output_one(out, &ropts));
            }
            o
        }
    }
}
