//! `iacquiz terraform`: the Terraform CLI's workflow on a folder, emulated for the built-in
//! `terraform_data` resource and `terraform_remote_state` data source.

use std::io::Write;

use clap::Args;

use crate::workflow::command::{Invocation, run as run_command};

/// Said at the end of `iacquiz help terraform` (`-h` and `--help` after `terraform` are
/// Terraform's own, and print Terraform's help).
const AFTER_HELP: &str = "\
The arguments after the options are Terraform's own: `iacquiz terraform -chdir=DIR plan
-no-color` does what `terraform -chdir=DIR plan -no-color` does, with the same output, exit
code and files (terraform.tfstate, terraform.tfstate.d/, .terraform/environment). Only the
built-in provider is emulated: a configuration that needs another provider, a remote backend
or a registry module is refused with exit 1, its state untouched.";

/// Arguments of `iacquiz terraform`.
#[derive(Args, Debug)]
#[command(after_help = AFTER_HELP, disable_help_flag = true)]
pub struct TerraformArgs {
    /// The Terraform release to behave as (X.Y.Z; default: the newest emulated).
    #[arg(long, value_name = "X.Y.Z")]
    pub terraform_version: Option<String>,
    /// Seed for the random ids (terraform_data.id, lineage): default, one derived from the folder.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The Terraform command line: [-chdir=DIR] COMMAND [OPTIONS] [ARGS].
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "TERRAFORM ARGS")]
    pub args: Vec<String>,
}

/// A seed that stays the same for one folder: FNV-1a of its absolute path.
fn folder_seed(dir: &std::path::Path) -> u64 {
    let text = dir.display().to_string();
    text.bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Runs `iacquiz terraform`.
pub fn run(a: TerraformArgs) -> i32 {
    let version = match a.terraform_version.as_deref().map(crate::lang::dialect::releases::parse_version) {
        None => crate::lang::dialect::releases::DEFAULT_VERSION,
        Some(Ok(v)) => v,
        Some(Err(e)) => {
            eprintln!("iacquiz terraform: {e}");
            return 2;
        }
    };
    let dir = match std::env::current_dir() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("iacquiz terraform: the current folder cannot be read: {e}");
            return 1;
        }
    };
    let env = std::env::vars().filter(|(k, _)| k.starts_with("TF_")).collect();
    let seed = a.seed.unwrap_or_else(|| folder_seed(&dir));
    let outcome = run_command(&Invocation {
        dir,
        args: a.args,
        env,
        version,
        seed,
        input: None,
    });
    // A closed pipe is no reason to fail differently from what the command decided.
    let _ = std::io::stdout().write_all(outcome.stdout.as_bytes());
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    outcome.code
}
