//! `terraform console`: expressions read from standard input, one a line, each evaluated in
//! the root module with the state's values (with `-plan`, the planned ones) and printed as
//! the console prints values. An error stops the reading.

use super::args::{Kind, Spec, parse};
use super::diagnostic::Report;
use super::run::{Context, Outcome};
use super::workdir;
use crate::workflow::model::gates;

/// The options `console` takes (its own, and those of Terraform's "extended" flag set); no
/// lock options, though it locks.
const SPEC: Spec = &[
    ("plan", Kind::Bool),
    ("var", Kind::Many),
    ("var-file", Kind::Many),
    ("state", Kind::Value),
    ("input", Kind::Bool),
    ("target", Kind::Many),
    ("compact-warnings", Kind::Bool),
];

/// The name diagnostics give the console's input.
pub const INPUT: &str = "<console-input>";

/// Runs `console`.
pub fn run(ctx: &Context, args: &[String]) -> Outcome {
    // Before `-plan` arrived, it is an option like any other the console does not know.
    let spec: Spec = if gates::has(ctx.version, &gates::CONSOLE_PLAN) {
        SPEC
    } else {
        &SPEC[1..]
    };
    let opts = match parse(args, spec) {
        Ok(p) => p,
        Err(e) => {
            let mut o = ctx.outcome();
            super::usage::flags_refused_with_usage(&mut o, ctx.version, "console", "Error parsing command line flags", &e.0);
            return o;
        }
    };
    if !opts.rest.is_empty() {
        return super::flags::chdir_instead(ctx);
    }
    // The backend is loaded first; its refusal goes through the message printer.
    if let Err(r) = workdir::backend_settings(ctx) {
        return super::locking::refused_legacy(ctx.outcome(), *r);
    }
    let wd = match workdir::open_unchecked_reports(ctx) {
        Ok(w) => w,
        Err((reports, sources)) => {
            // The console prints the configuration's errors through its message printer.
            let mut o = ctx.outcome();
            o.report_legacy(&reports, &sources);
            o.code = 1;
            return o;
        }
    };
    let lock = match super::locking::LockOptions::from_args(&opts) {
        Ok(l) => l,
        Err(e) => return super::flags::refused(ctx, "console", &e),
    };
    // The console's `-state` defaults to terraform.tfstate, and that overrides the local
    // backend's path in every workspace: it reads the folder's terraform.tfstate whatever the
    // backend's path or the workspace (Terraform's console.go; tf-oracle 1.12.2: in workspace
    // "dev" it shows the default workspace's objects).
    let state_path = ctx.dir.join(opts.value("state").unwrap_or("terraform.tfstate"));
    let mut asked = ctx.outcome();
    // The console holds the lock (as a backend operation of no named type) while it reads.
    let held = match super::locking::take(ctx, &mut asked, &state_path, "OperationTypeInvalid", lock) {
        Ok(h) => h,
        Err(r) => return super::locking::refused_legacy(asked, *r),
    };
    let _store = match super::locking::open_store(&state_path, held, ctx) {
        Ok(x) => x,
        Err(r) => return ctx.outcome().fail(&[*r], &wd.sources),
    };
    let state = _store.state().cloned().unwrap_or_default();
    let (p, _) = match super::planning::console_options(ctx, &wd, &opts) {
        Ok(x) => x,
        Err(r) => return asked.fail(&r, &wd.sources),
    };
    let input = ctx.read_all();
    let mut o = ctx.outcome();
    // What the eval walk (with -plan, the plan's validation) found failing is shown first,
    // with a warning, and the session goes on.
    let failing: Vec<Report> = if opts.flag("plan") {
        super::static_checks::references(&wd.tree.config)
            .into_iter()
            .map(Report::error)
            .collect()
    } else {
        crate::workflow::plan::make::console_with_data(&wd.tree, &wd.host, &state, &p, &[], crate::workflow::plan::make::ConsoleWalk::State)
            .map(|w| w.errors)
            .unwrap_or_default()
    };
    if !failing.is_empty() {
        let mut reports: Vec<Report> = failing;
        reports.push(Report::warning(crate::lang::Diag::new(
            "Due to the problems above, some expressions may produce unexpected results.",
            "",
        )));
        o.report_legacy(&reports, &wd.sources);
    }
    // Piped input: every line is evaluated, and only the last result printed (console.go's
    // modePiped); an empty line's result is empty, `exit` ends it printing nothing, and the
    // first error ends it.
    let mut last = String::new();
    for line in input.lines() {
        let line = line.trim();
        if line.is_empty() {
            last.clear();
            continue;
        }
        if line == "exit" {
            return o;
        }
        let expr = match crate::lang::syntax::parse_expr(line) {
            Ok(e) => e,
            Err(d) => {
                o.report_legacy(&[Report::error(d.in_file(INPUT))], &wd.sources);
                o.code = 1;
                return o;
            }
        };
        let results =
            match crate::workflow::plan::make::console(&wd.tree, &wd.host, &state, &p, std::slice::from_ref(&expr), opts.flag("plan")) {
                Ok(r) => r,
                Err(problems) => return o.fail(&problems, &wd.sources),
            };
        for r in results {
            match r {
                Ok(v) => last = crate::lang::value::render::console_at(&v, ctx.version),
                Err(d) => {
                    let d = if d.file.is_none() { d.in_file(INPUT) } else { d };
                    o.report_legacy(&[Report::error(d)], &wd.sources);
                    o.code = 1;
                    return o;
                }
            }
        }
    }
    o.out(&last);
    o.out("\n");
    o
}
