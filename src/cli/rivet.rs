//! `iacquiz rivet expand` and `iacquiz rivet diff`: the rivet engine on its own.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};

use super::common::constant;
use crate::lang::{Rules, Value};
use crate::rivet::{self, Bundle, RivetError, Source};

/// Arguments of `iacquiz rivet`.
#[derive(Args, Debug)]
pub struct RivetArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: RivetCommand,
}

/// The rivet subcommands.
#[derive(Subcommand, Debug)]
pub enum RivetCommand {
    /// Compile a configuration (a folder, or one .rvt file) and print its instances.
    Expand(ExpandArgs),
    /// Compare two compilations: kept, added, changed, superseded and removed addresses.
    Diff(DiffArgs),
}

/// Inputs shared by both subcommands.
#[derive(Args, Debug, Clone, Default)]
pub struct Inputs {
    /// Set a root variable: NAME=VALUE, VALUE written in HCL (repeatable).
    #[arg(long = "var", value_name = "NAME=HCL")]
    pub vars: Vec<String>,
    /// Set a fact: NAME=VALUE; an integer VALUE is a number, anything else a string (repeatable).
    #[arg(long = "fact", value_name = "NAME=VALUE")]
    pub facts: Vec<String>,
}

/// What `expand` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExpandFormat {
    /// One resource address per line.
    Addresses,
    /// The whole bundle as JSON.
    Json,
}

/// What `diff` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// One `STATUS ADDRESS` line per address.
    Text,
    /// `{"kept": [...], "added": [...], ...}`.
    Json,
}

/// Arguments of `iacquiz rivet expand`.
#[derive(Args, Debug)]
pub struct ExpandArgs {
    /// The configuration: a folder of .rvt files, or one .rvt file.
    #[arg(value_name = "PATH")]
    pub path: PathBuf,
    /// Variables and facts.
    #[command(flatten)]
    pub inputs: Inputs,
    /// Output format.
    #[arg(long, value_enum, default_value = "addresses")]
    pub format: ExpandFormat,
}

/// Arguments of `iacquiz rivet diff`.
#[derive(Args, Debug)]
pub struct DiffArgs {
    /// The earlier configuration.
    #[arg(value_name = "OLD")]
    pub old: PathBuf,
    /// The later configuration.
    #[arg(value_name = "NEW")]
    pub new: PathBuf,
    /// Variables and facts.
    #[command(flatten)]
    pub inputs: Inputs,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: DiffFormat,
}

/// Runs `iacquiz rivet`; returns the exit code.
pub fn run(a: RivetArgs) -> i32 {
    match a.command {
        RivetCommand::Expand(e) => expand(e),
        RivetCommand::Diff(d) => diff(d),
    }
}

type Inputs2 = (BTreeMap<String, Value>, BTreeMap<String, Value>);

fn parse_inputs(i: &Inputs) -> Result<Inputs2, String> {
    let mut vars = BTreeMap::new();
    for kv in &i.vars {
        let Some((k, v)) = kv.split_once('=') else {
            return Err(format!("--var {kv:?}: expected NAME=VALUE"));
        };
        let k = k.trim();
        if k.is_empty() {
            return Err(format!("--var {kv:?}: expected NAME=VALUE"));
        }
        let val = constant(v).map_err(|d| format!("--var {k}: {d}"))?;
        vars.insert(k.to_string(), val);
    }
    let facts = rivet::facts_from_pairs(i.facts.iter().map(String::as_str))?;
    Ok((vars, facts))
}

fn usable(p: &Path) -> Result<(), String> {
    if p.is_dir() || p.is_file() {
        Ok(())
    } else {
        Err(format!("{}: no such folder or file", p.display()))
    }
}

/// Compiles `path`, printing an error (with the file's path as the user wrote it) on failure.
fn compile_at(path: &Path, vars: &BTreeMap<String, Value>, facts: &BTreeMap<String, Value>) -> Result<Bundle, i32> {
    rivet::compile(&Source::Path(path.to_path_buf()), vars, facts, &Rules::real()).map_err(|e| {
        eprintln!("error: {}", locate(e, path));
        1
    })
}

/// Makes an error's file relative to where the user is, not to the configuration's folder.
fn locate(mut e: RivetError, path: &Path) -> RivetError {
    let base = if path.is_dir() { Some(path) } else { path.parent() };
    if let (Some(f), Some(base)) = (&e.file, base) {
        e.file = Some(base.join(f).display().to_string());
    }
    e
}

fn expand(a: ExpandArgs) -> i32 {
    let (vars, facts) = match parse_inputs(&a.inputs).and_then(|x| usable(&a.path).map(|_| x)) {
        Ok(x) => x,
        Err(m) => {
            eprintln!("iacquiz rivet expand: {m}");
            return 2;
        }
    };
    let b = match compile_at(&a.path, &vars, &facts) {
        Ok(b) => b,
        Err(code) => return code,
    };
    match a.format {
        ExpandFormat::Addresses => {
            for addr in b.addresses() {
                println!("{addr}");
            }
        }
        ExpandFormat::Json => match serde_json::to_string_pretty(&b.to_json()) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("iacquiz rivet expand: {e}");
                return 1;
            }
        },
    }
    0
}

fn diff(a: DiffArgs) -> i32 {
    let (vars, facts) = match parse_inputs(&a.inputs).and_then(|x| usable(&a.old).and_then(|_| usable(&a.new)).map(|_| x)) {
        Ok(x) => x,
        Err(m) => {
            eprintln!("iacquiz rivet diff: {m}");
            return 2;
        }
    };
    let old = match compile_at(&a.old, &vars, &facts) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let new = match compile_at(&a.new, &vars, &facts) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let d = rivet::diff(&old, &new);
    match a.format {
        DiffFormat::Text => print!("{}", d.to_text()),
        DiffFormat::Json => match serde_json::to_string_pretty(&d.to_json()) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("iacquiz rivet diff: {e}");
                return 1;
            }
        },
    }
    0
}
