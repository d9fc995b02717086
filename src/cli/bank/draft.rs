//! `iacquiz bank draft`: read the author's sources (only inside the current folder), draft the
//! question (src/bank/draft/compose.rs) and print it, or say why it would not be true.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use clap::{ArgGroup, Args, ValueEnum};

use crate::bank::Catalogue;
use crate::bank::draft::{DraftError, DraftInput, draft};
use crate::bank::model::{Engine, Kind, Source};
use crate::lang::Rules;
use crate::lang::eval::host::Host;
use crate::lang::session::Session;
use crate::lang::syntax::diag::{Diag, locate};

/// How the drafted question is asked.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum KindArg {
    /// Pick the value among the answer and its distractors.
    Choice,
    /// Type the value.
    Input,
    /// The source fails; the point is which error.
    Error,
    /// A statement about the source that is true or false.
    Truefalse,
}

impl From<KindArg> for Kind {
    fn from(k: KindArg) -> Kind {
        match k {
            KindArg::Choice => Kind::Choice,
            KindArg::Input => Kind::Input,
            KindArg::Error => Kind::Error,
            KindArg::Truefalse => Kind::Truefalse,
        }
    }
}

/// Arguments of `iacquiz bank draft`.
#[derive(Args, Debug)]
#[command(
    group(ArgGroup::new("source").required(true).args(["expr", "template", "rvt"])),
    after_help = "Example (terraform):\n  iacquiz bank draft --expr 'merge(local.base, local.override)' --config main.tf \\\n    --prompt 'What does `merge(local.base, local.override)` return?'\n\nExample (cfnrain):\n  iacquiz bank draft --template parent.yaml --file bucket.yaml \\\n    --select Resources --prompt 'Which resources does the packaged template have?'\n\nExample (rivet):\n  iacquiz bank draft --rvt main.rvt --prompt 'Which instances does this configuration compile to?'\n\nExit codes: 0 drafted (warnings on stderr), 1 the question would not be true (the reason is\nprinted), 2 unusable input (a file missing or outside the current folder, a bad argument)."
)]
pub struct DraftArgs {
    /// terraform: the expression whose value (or error) is the answer.
    #[arg(long, value_name = "EXPR")]
    pub expr: Option<String>,
    /// terraform: a `.tf` file the expression is evaluated against.
    #[arg(long, value_name = "FILE", requires = "expr")]
    pub config: Option<PathBuf>,
    /// terraform: the address of a custom condition whose outcome is the answer.
    #[arg(long, value_name = "ADDRESS", requires = "expr")]
    pub condition: Option<String>,
    /// cfnrain: the parent template.
    #[arg(long, value_name = "FILE")]
    pub template: Option<PathBuf>,
    /// rivet: the `.rvt` files (their paths, relative to the current folder, are their names).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub rvt: Vec<PathBuf>,
    /// rivet: the earlier configuration's `.rvt` files (the answer is then the diff).
    #[arg(long = "old-rvt", value_name = "FILE", num_args = 1.., requires = "rvt")]
    pub old_rvt: Vec<PathBuf>,
    /// A file the source may read, as NAME=PATH or PATH (terraform: file() and
    /// templatefile(); cfnrain: module files, named as the template's Source names them).
    #[arg(long = "file", value_name = "[NAME=]PATH")]
    pub files: Vec<String>,
    /// cfnrain, rivet: the part of the result that is the answer (`Resources.Topic`, `modules`).
    #[arg(long, value_name = "PATH")]
    pub select: Option<String>,
    /// cfnrain: the path whose mapping's keys are the answer.
    #[arg(long, value_name = "PATH")]
    pub keys: Option<String>,
    /// rivet: a root variable, NAME=HCL (repeatable).
    #[arg(long = "var", value_name = "NAME=HCL")]
    pub vars: Vec<String>,
    /// rivet: a fact, NAME=VALUE (repeatable).
    #[arg(long = "fact", value_name = "NAME=VALUE")]
    pub facts: Vec<String>,
    /// The question text (backticks for code).
    #[arg(long, value_name = "TEXT")]
    pub prompt: String,
    /// The question id (default: tf-draft-FUNCTION, cfn-draft, rivet-draft).
    #[arg(long, value_name = "ID")]
    pub id: Option<String>,
    /// How it is asked.
    #[arg(long, value_enum, default_value = "choice")]
    pub kind: KindArg,
    /// truefalse: the value the statement claims the source gives.
    #[arg(long, value_name = "VALUE")]
    pub claim: Option<String>,
    /// A wrong answer of your own, in the engine's notation (`Error: Summary` for an error).
    #[arg(long = "distractor", value_name = "VALUE")]
    pub distractors: Vec<String>,
    /// The explanation shown after answering (default: the seed sentence it tests).
    #[arg(long, value_name = "TEXT")]
    pub explain: Option<String>,
    /// 1 (easy) to 5 (hard).
    #[arg(long, default_value_t = 2)]
    pub difficulty: u8,
    /// Print a whole bank file with this topic (default: only the question, to paste under
    /// `questions:`).
    #[arg(long, value_name = "TOPIC")]
    pub topic: Option<String>,
}

/// Runs `iacquiz bank draft` with the lesson catalogue and questions of the chosen bank.
pub fn run(a: &DraftArgs, catalogue: &Catalogue, bank: &[crate::bank::Question]) -> i32 {
    let (input, names) = match read_input(a) {
        Ok(x) => x,
        Err(m) => {
            eprintln!("iacquiz bank draft: {m}");
            return 2;
        }
    };
    match draft(&input, catalogue, bank) {
        Ok(d) => {
            for w in &d.warnings {
                eprintln!("iacquiz bank draft: warning: {w}");
            }
            print!("{}", d.yaml);
            0
        }
        Err(DraftError::Untrue(m)) => {
            eprintln!("iacquiz bank draft: {m}");
            if let Some(place) = locate_terraform_error(&input, &names) {
                eprintln!("  {place}");
            }
            1
        }
        Err(DraftError::Invalid(m)) => {
            eprintln!("iacquiz bank draft: {m}");
            2
        }
    }
}

/// The input for the drafter, and the display name of each source file (name → path given).
fn read_input(a: &DraftArgs) -> Result<(DraftInput, BTreeMap<String, String>), String> {
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let root = cwd.canonicalize().map_err(|e| format!("cannot read the current folder: {e}"))?;
    let mut names = BTreeMap::new();
    let mut source = Source::default();
    let engine = if let Some(expr) = &a.expr {
        source.expr = expr.clone();
        if let Some(p) = &a.config {
            source.config = Some(read_inside(&root, p, "--config")?);
            names.insert("main.tf".to_string(), p.display().to_string());
        }
        source.condition = a.condition.clone();
        Engine::Terraform
    } else if let Some(p) = &a.template {
        source.template = Some(read_inside(&root, p, "--template")?);
        Engine::Cfnrain
    } else {
        for p in &a.rvt {
            source.files.insert(relative_name(p, "--rvt")?, read_inside(&root, p, "--rvt")?);
        }
        if !a.old_rvt.is_empty() {
            let mut old = BTreeMap::new();
            for p in &a.old_rvt {
                old.insert(relative_name(p, "--old-rvt")?, read_inside(&root, p, "--old-rvt")?);
            }
            source.old_files = Some(old);
        }
        Engine::Rivet
    };
    for f in &a.files {
        let (name, path) = match f.split_once('=') {
            Some((n, p)) => (relative_name(Path::new(n), "--file")?, PathBuf::from(p)),
            None => (relative_name(Path::new(f), "--file")?, PathBuf::from(f)),
        };
        source.files.insert(name, read_inside(&root, &path, "--file")?);
    }
    let wrong_engine = |flag: &str, only: Engine| Err(format!("{flag} is for {only} sources, and this source is {engine}"));
    if (a.select.is_some() || a.keys.is_some()) && engine == Engine::Terraform {
        return wrong_engine("--select/--keys", Engine::Cfnrain);
    }
    if (!a.vars.is_empty() || !a.facts.is_empty()) && engine != Engine::Rivet {
        return wrong_engine("--var/--fact", Engine::Rivet);
    }
    source.select = a.select.clone();
    source.keys = a.keys.clone();
    source.vars = pairs(&a.vars, "--var")?;
    source.facts = pairs(&a.facts, "--fact")?;
    let input = DraftInput {
        engine,
        source,
        prompt: a.prompt.clone(),
        id: a.id.clone(),
        kind: a.kind.into(),
        claim: a.claim.clone(),
        distractors: a.distractors.clone(),
        explain: a.explain.clone(),
        difficulty: a.difficulty,
        topic: a.topic.clone(),
    };
    Ok((input, names))
}

fn pairs(items: &[String], flag: &str) -> Result<BTreeMap<String, String>, String> {
    items
        .iter()
        .map(|kv| match kv.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.to_string())),
            _ => Err(format!("{flag} {kv:?}: expected NAME=VALUE")),
        })
        .collect()
}

/// A file's name inside the question: a relative path without `..`, `/`-separated.
fn relative_name(p: &Path, flag: &str) -> Result<String, String> {
    let mut parts = Vec::new();
    for c in p.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_string_lossy().to_string()),
            Component::CurDir => {}
            _ => {
                return Err(format!(
                    "{flag} {}: a file name must be a relative path inside the current folder, without `..`",
                    p.display()
                ));
            }
        }
    }
    if parts.is_empty() {
        return Err(format!("{flag} {}: no file name", p.display()));
    }
    Ok(parts.join("/"))
}

/// Reads `p` as UTF-8 text, refusing anything outside `root` (the current folder), symlinks
/// that lead out of it included.
fn read_inside(root: &Path, p: &Path, flag: &str) -> Result<String, String> {
    let sandbox = crate::confine::Sandbox::new(root).map_err(|e| format!("{flag} {e}"))?;
    // Through the one gate: inside the current folder, a regular file, at most a bank file's size.
    sandbox.read_text(p, crate::bank::load::files::MAX_FILE_BYTES).map_err(|e| match e {
        crate::confine::ReadError::Escapes { .. } => format!(
            "{flag} {}: outside the current folder ({}); sources are read only inside it",
            p.display(),
            root.display()
        ),
        crate::confine::ReadError::Missing { why, .. } => format!("{flag} {}: cannot read: {why}", p.display()),
        e => format!("{flag} {e}"),
    })
}

/// Where a terraform source fails, as `FILE:LINE:COLUMN: Summary: detail` (`--expr` for the
/// expression itself), when it fails.
fn locate_terraform_error(input: &DraftInput, names: &BTreeMap<String, String>) -> Option<String> {
    if input.engine != Engine::Terraform {
        return None;
    }
    let s = &input.source;
    let mut session = match &s.config {
        Some(text) => match Session::with_config_text("main.tf", text) {
            Ok(sess) => sess,
            Err(d) => return Some(place(&d, text, names, &s.expr)),
        },
        None => Session::new(),
    };
    if !s.files.is_empty() {
        session.host = Host::with_files(s.files.iter().map(|(k, v)| (k.clone(), v.clone().into_bytes())).collect());
    }
    let d = session.eval(&s.expr, &Rules::real(), false).result.err()?;
    let text = match &d.file {
        Some(f) => session.config.source_of(f).unwrap_or_default().to_string(),
        None => s.expr.clone(),
    };
    Some(place(&d, &text, names, &s.expr))
}

fn place(d: &Diag, text: &str, names: &BTreeMap<String, String>, expr: &str) -> String {
    let file = match &d.file {
        Some(f) => names.get(f).cloned().unwrap_or_else(|| f.clone()),
        None => "--expr".to_string(),
    };
    let src = if d.file.is_some() { text } else { expr };
    match d.span.as_ref().and_then(|sp| locate(src, sp.start)) {
        Some((line, col, _)) => format!("{file}:{line}:{col}: {d}"),
        None => format!("{file}: {d}"),
    }
}
