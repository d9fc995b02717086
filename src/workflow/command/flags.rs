//! The refusal of a command line Terraform cannot read, as Terraform prints it.

use super::args::FlagError;
use super::diagnostic::Report;
use super::run::{Context, Outcome};
use crate::lang::Diag;

/// "Failed to parse command-line flags", then where to find help; exit 1.
pub fn refused(ctx: &Context, command: &str, e: &FlagError) -> Outcome {
    let mut o = ctx.outcome();
    o.report(
        &[Report::error(Diag::new("Failed to parse command-line flags", e.0.clone()))],
        &Default::default(),
    );
    o.err(&format!(
        "\nFor more help on using this command, run:\n  terraform {command} -help\n"
    ));
    o.code = 1;
    o
}
