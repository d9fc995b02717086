//! The refusal of a command line Terraform cannot read, as Terraform prints it.

use super::args::FlagError;
use super::run::Outcome;

/// "Failed to parse command-line flags", then where to find help; exit 1.
pub fn refused(command: &str, e: &FlagError) -> Outcome {
    Outcome {
        stderr: format!(
            "\nError: Failed to parse command-line flags\n\n{}\n\nFor more help on using this command, run:\n  terraform {command} -help\n",
            e.0
        ),
        code: 1,
        ..Outcome::default()
    }
}
