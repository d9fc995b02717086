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
}

/// Runs `iacquiz check`.
pub fn run(a: CheckArgs) -> i32 {
    let bank = match a.bank.load("check") {
        Ok(b) => b,
        Err(code) => return code,
    };
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
