//! `iacquiz bank`: what the question bank holds (`--list`), what it covers (`--coverage`),
//! and `draft`, which writes a new question from its source.

mod draft;

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::bank::load::refs::DOCS_PREFIX;
use crate::bank::{Bank, check::coverage};

/// Which bank to use: the bundled one, or the folders given.
#[derive(Args, Debug, Clone, Default)]
pub struct BankArgs {
    /// Use the bank in this folder instead of the bundled one (repeatable; read recursively,
    /// `*.yaml` and `*.yml`, never outside the folder).
    #[arg(long = "bank", value_name = "DIR")]
    pub banks: Vec<PathBuf>,
}

impl BankArgs {
    /// Loads the chosen bank; on failure prints every problem to stderr and returns `Err(2)`.
    pub fn load(&self, command: &str) -> Result<Bank, i32> {
        let loaded = if self.banks.is_empty() {
            Bank::load_embedded()
        } else {
            Bank::load_dirs(&self.banks)
        };
        loaded.map_err(|errs| {
            for e in &errs.0 {
                eprintln!("{e}");
            }
            let n = errs.0.len();
            eprintln!(
                "iacquiz {command}: the bank cannot be read ({n} problem{})",
                if n == 1 { "" } else { "s" }
            );
            2
        })
    }
}

/// Arguments of `iacquiz bank`.
#[derive(Args, Debug)]
pub struct BankCmdArgs {
    /// Which bank to read.
    #[command(flatten)]
    pub bank: BankArgs,
    /// Print question counts by topic and by lesson section (gaps show as 0).
    #[arg(long)]
    pub coverage: bool,
    /// List the questions: id, topic, kind, difficulty.
    #[arg(long)]
    pub list: bool,
    /// Write a new question instead (see `iacquiz bank draft --help`).
    #[command(subcommand)]
    pub action: Option<BankAction>,
}

/// What `iacquiz bank` can do besides listing.
#[derive(Subcommand, Debug)]
pub enum BankAction {
    /// Draft a question from source text and a prompt: prints it in the bank's YAML with the
    /// computed answer, the misconceptions that change it (with their distractors), the lesson
    /// section and seed sentence, the docs page, the exam objective and `since`.
    Draft(Box<draft::DraftArgs>),
}

/// Runs `iacquiz bank`.
pub fn run(a: BankCmdArgs) -> i32 {
    let bank = match a.bank.load("bank") {
        Ok(b) => b,
        Err(code) => return code,
    };
    if let Some(BankAction::Draft(d)) = &a.action {
        return draft::run(d, bank.catalogue(), bank.questions());
    }
    if a.list {
        print!("{}", crate::terminal::safe(&list(&bank)));
    }
    if a.coverage {
        if a.list {
            println!();
        }
        print!("{}", crate::terminal::safe(&coverage::render(&coverage::coverage(&bank), &bank)));
    }
    if !a.list && !a.coverage {
        println!(
            "{} questions in {} files ({} lesson sections catalogued). Use --list or --coverage.",
            bank.questions().len(),
            bank.files().len(),
            bank.catalogue().sections().len()
        );
    }
    0
}

/// The question list as an aligned table: id, topic, kind, exam objective, the Terraform
/// release it depends on, its documentation page (the path under developer.hashicorp.com/terraform/),
/// difficulty.
pub fn list(bank: &Bank) -> String {
    let dash = || "-".to_string();
    let rows: Vec<[String; 7]> = bank
        .questions()
        .iter()
        .map(|q| {
            let docs = q.refs.docs.as_deref().map(|d| d.strip_prefix(DOCS_PREFIX).unwrap_or(d).to_string());
            [
                q.id.clone(),
                q.topic.clone(),
                q.kind.name().to_string(),
                q.refs.objective.clone().unwrap_or_else(dash),
                crate::bank::check::since::of_question(q).unwrap_or_else(dash),
                docs.unwrap_or_else(dash),
                q.difficulty.to_string(),
            ]
        })
        .collect();
    let head = ["ID", "TOPIC", "KIND", "OBJECTIVE", "SINCE", "DOCS", "DIFFICULTY"].map(String::from);
    let mut widths = [0usize; 7];
    for r in rows.iter().chain(std::iter::once(&head)) {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    for r in std::iter::once(&head).chain(rows.iter()) {
        let mut line = String::new();
        for (i, (c, w)) in r.iter().zip(widths).enumerate() {
            if i + 1 == r.len() {
                line.push_str(c);
            } else {
                line.push_str(&format!("{c:<w$}  "));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
