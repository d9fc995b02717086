//! `iacquiz check`: prove every question of the bank against its engine. Exit 0 when all pass,
//! 1 when any fails, 2 when the bank cannot be read.

use clap::{Args, ValueEnum};

use super::bank::BankArgs;
use crate::bank::check::check_bank;
use crate::bank::check::report;

/// Output formats of `check`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// For people: one line per failing question, and a summary.
    Text,
    /// One JSON document with every question's status.
    Json,
    /// JUnit XML, for CI test reports.
    Junit,
    /// GitHub Actions annotations (`::error file=...,line=...::...`).
    Github,
}

/// Arguments of `iacquiz check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Which bank to read.
    #[command(flatten)]
    pub bank: BankArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Check only the workflow scenarios (questions with `steps`).
    #[arg(long)]
    pub scenarios_only: bool,
    /// Run the scenarios' commands with a real Terraform instead of `iacquiz terraform`: a
    /// shell command line the arguments are appended to, `{release}` (`1.12.2`) and `{minor}`
    /// (`1.12`) replaced by the question's release. Distractors are still computed by the
    /// engine. Example: `--terraform-runner '../shared/tools/tf-oracle --version {minor} --exec --'`.
    #[arg(long, value_name = "COMMAND")]
    pub terraform_runner: Option<String>,
    /// Run every scenario at this release, whatever release it states (is its key also true
    /// there?).
    #[arg(long, value_name = "X.Y.Z")]
    pub scenario_release: Option<String>,
}

/// Runs `iacquiz check`.
pub fn run(a: CheckArgs) -> i32 {
    let mut bank = match a.bank.load("check") {
        Ok(b) => b,
        Err(code) => return code,
    };
    if a.scenarios_only {
        bank.retain(|q| q.source.is_scenario());
    }
    if let Some(cmd) = a.terraform_runner {
        crate::bank::engine::scenario::set_runner(crate::bank::engine::scenario::Runner::External(cmd));
    }
    if let Some(v) = a.scenario_release {
        match crate::lang::dialect::releases::parse_version(&v) {
            Ok(v) => {
                crate::bank::engine::scenario::set_release(v);
            }
            Err(m) => {
                eprintln!("iacquiz check: --scenario-release: {m}");
                return 2;
            }
        }
    }
    let r = check_bank(&bank);
    let out = match a.format {
        Format::Text => report::text(&r),
        Format::Json => report::json(&r),
        Format::Junit => report::junit(&r),
        Format::Github => report::github(&r),
    };
    print!("{out}");
    if r.failed() == 0 { 0 } else { 1 }
}
