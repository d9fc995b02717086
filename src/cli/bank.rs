//! `iacquiz bank`: what the question bank holds (`--list`), what it covers (`--coverage`),
//! and `draft`, which writes a new question from its source.

mod draft;

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::bank::{Bank, coverage};

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
        return draft::run(d, bank.catalogue());
    }
    if a.list {
        print!("{}", list(&bank));
    }
    if a.coverage {
        if a.list {
            println!();
        }
        print!("{}", coverage::render(&coverage::coverage(&bank), &bank));
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

/// The question list as an aligned table.
pub fn list(bank: &Bank) -> String {
    let rows: Vec<[String; 4]> = bank
        .questions()
        .iter()
        .map(|q| [q.id.clone(), q.topic.clone(), q.kind.name().to_string(), q.difficulty.to_string()])
        .collect();
    let head = ["ID", "TOPIC", "KIND", "DIFFICULTY"].map(String::from);
    let mut widths = [0usize; 4];
    for r in rows.iter().chain(std::iter::once(&head)) {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    for r in std::iter::once(&head).chain(rows.iter()) {
        let line = format!(
            "{:<a$}  {:<b$}  {:<c$}  {}",
            r[0],
            r[1],
            r[2],
            r[3],
            a = widths[0],
            b = widths[1],
            c = widths[2]
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
