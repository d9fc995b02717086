//! The refusal of a command line Terraform cannot read, as the newer commands (those that
//! read their arguments through Terraform's `arguments` package) print it.

use super::args::FlagError;
use super::diagnostic::Report;
use super::run::{Context, Outcome};
use crate::lang::Diag;

/// "Failed to parse command-line flags", then where to find help; exit 1.
pub fn refused(ctx: &Context, command: &str, e: &FlagError) -> Outcome {
    bad_line(ctx, command, "Failed to parse command-line flags", &e.0)
}

/// A diagnostic about the command line (`summary`, `detail`), then where to find help; exit 1.
pub fn bad_line(ctx: &Context, command: &str, summary: &str, detail: &str) -> Outcome {
    bad_reports(ctx, command, &[Report::error(Diag::new(summary, detail))])
}

/// Diagnostics about the command line, then where to find help; exit 1.
pub fn bad_reports(ctx: &Context, command: &str, reports: &[Report]) -> Outcome {
    let mut o = ctx.outcome();
    o.report(reports, &Default::default());
    o.err(&format!(
        "\nFor more help on using this command, run:\n  terraform {command} -help\n"
    ));
    o.code = 1;
    o
}

/// "Too many command line arguments: Expected at most one positional argument.", the words of
/// `apply`, `refresh`, `show` and `validate`, with where to find help.
pub fn too_many(ctx: &Context, command: &str) -> Outcome {
    bad_line(
        ctx,
        command,
        "Too many command line arguments",
        "Expected at most one positional argument.",
    )
}

/// What the older commands print for a positional argument where they take a configuration
/// folder no longer (`ModulePath`): a red message, exit 1.
pub fn chdir_instead(ctx: &Context) -> Outcome {
    let mut o = ctx.outcome();
    super::usage::ui_error(&mut o, CHDIR_INSTEAD);
    o.code = 1;
    o
}

/// `ModulePath`'s refusal of a positional argument.
pub const CHDIR_INSTEAD: &str = "Too many command line arguments. Did you mean to use -chdir?";
