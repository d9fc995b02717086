//! `iacquiz conditions`: evaluate a configuration's preconditions, postconditions and check
//! assertions, and report each one's phase and outcome.

use clap::{Args, ValueEnum};

use super::common::ConfigArgs;
use crate::lang::Rules;
use crate::lang::config::conditions::{self, Outcome};

/// Output formats.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// A readable table.
    Text,
    /// A JSON array of {"address", "kind", "phase", "outcome", "message"}.
    Json,
}

/// Arguments of `iacquiz conditions`.
#[derive(Args, Debug)]
pub struct ConditionsArgs {
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    #[command(flatten)]
    pub cfg: ConfigArgs,
}

/// Runs `iacquiz conditions`; exit 1 when a condition is an error (as Terraform would stop).
pub fn run(a: ConditionsArgs) -> i32 {
    if a.cfg.config.is_none() {
        eprintln!("iacquiz conditions: --config DIR is required");
        return 2;
    }
    let session = match a.cfg.session() {
        Ok(s) => s,
        Err(e) => return e.report("conditions"),
    };
    let result = session.with_scope(&Rules::real(), |ev, scope| conditions::evaluate(ev, scope, &session.config));
    match result.and_then(|r| r) {
        Ok(reports) => {
            match a.format {
                Format::Text => print!("{}", conditions::table(&reports)),
                Format::Json => println!("{}", serde_json::to_string_pretty(&conditions::json(&reports)).unwrap_or_default()),
            }
            if reports.iter().any(|r| r.outcome == Outcome::Error) {
                1
            } else {
                0
            }
        }
        Err(d) => {
            let name = d.file.clone().unwrap_or_else(|| "<configuration>".into());
            eprint!("{}", d.render(session.source_for(&d, ""), &name));
            1
        }
    }
}
