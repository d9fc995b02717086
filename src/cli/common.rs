//! Flags shared by the terraform commands: the configuration folder, variables and the
//! emulated Terraform version.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;

use crate::lang::Rules;
use crate::lang::eval::host::Host;
use crate::lang::eval::{EmptyScope, Evaluator};
use crate::lang::funcs::builtins;
use crate::lang::session::Session;
use crate::lang::syntax::diag::Diag;

/// Options that pick the configuration an expression is evaluated against.
#[derive(Args, Debug, Clone, Default)]
pub struct ConfigArgs {
    /// Folder whose .tf files give local.*, var.* and the rest.
    #[arg(long, value_name = "DIR")]
    pub config: Option<PathBuf>,
    /// Set a variable: NAME=VALUE, VALUE written in HCL (repeatable).
    #[arg(long = "var", value_name = "NAME=HCL")]
    pub vars: Vec<String>,
    /// Read variable values from a .tfvars file (repeatable). The file is yours to name, so it
    /// may be anywhere, as with terraform -var-file; but it must be a regular file (a FIFO or a
    /// device is refused) of at most 8 MiB.
    #[arg(long = "var-file", value_name = "FILE")]
    pub var_files: Vec<PathBuf>,
    /// The Terraform version to emulate (default: the current release line).
    #[arg(long = "terraform-version", value_name = "X.Y.Z")]
    pub terraform_version: Option<String>,
}

pub use crate::lang::dialect::releases::parse_version;
pub use crate::lang::session::constant;

/// Why a session could not be built.
#[derive(Clone, Debug)]
pub enum SessionError {
    /// The options themselves are wrong (exit code 2).
    Usage(String),
    /// Terraform refuses the configuration: its diagnostic, already rendered (exit code 1).
    Config(String),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionError::Usage(m) | SessionError::Config(m) => f.write_str(m.trim_end()),
        }
    }
}

impl From<String> for SessionError {
    fn from(m: String) -> Self {
        SessionError::Usage(m)
    }
}

impl SessionError {
    /// Prints the error for command `cmd` and returns the exit code: a configuration error
    /// reads as Terraform prints it (`Error: <summary>`, exit 1), a usage error is ours (2).
    pub fn report(&self, cmd: &str) -> i32 {
        match self {
            SessionError::Usage(m) => {
                eprintln!("iacquiz {cmd}: {m}");
                2
            }
            SessionError::Config(m) => {
                eprint!("{m}");
                1
            }
        }
    }
}

/// A configuration folder's load error, rendered as Terraform renders a diagnostic.
fn config_error(dir: &std::path::Path, d: &Diag) -> SessionError {
    let Some(file) = &d.file else {
        return SessionError::Config(d.render("", &dir.display().to_string()));
    };
    // Read again only to place the error, through the same gate the load used (a file that was
    // refused yields no text, and the error is then shown without its source line).
    let src = crate::confine::Sandbox::new(dir)
        .and_then(|s| s.read_text(std::path::Path::new(file), crate::lang::config::MAX_FILE_BYTES))
        .unwrap_or_default();
    SessionError::Config(d.render(&src, file))
}

/// `path:line:column: diagnostic`, or `path: diagnostic` when the span is not in `src`.
fn located_error(path: &std::path::Path, src: &str, d: &Diag) -> String {
    let place = d.span.as_ref().and_then(|span| crate::lang::syntax::diag::locate(src, span.start));
    match place.map(|(line, col, _)| (line, col)) {
        Some((line, col)) => format!("{}:{line}:{col}: {d}", path.display()),
        None => format!("{}: {d}", path.display()),
    }
}

impl ConfigArgs {
    /// Builds the session these options describe.
    pub fn session(&self) -> Result<Session, SessionError> {
        let version = match &self.terraform_version {
            Some(v) => Some(parse_version(v)?),
            None => None,
        };
        let mut s = match &self.config {
            Some(dir) => {
                if !dir.is_dir() {
                    return Err(format!("--config {}: not a folder", dir.display()).into());
                }
                let at = version.unwrap_or(crate::lang::eval::DEFAULT_VERSION);
                Session::with_config_dir_at(dir, at).map_err(|d| config_error(dir, &d))?
            }
            None => Session::new(),
        };
        if version.is_some() {
            s.version = version;
        }
        let mut vars = BTreeMap::new();
        for f in &self.var_files {
            // Named by the person running the command, so not confined to a folder; but only a
            // regular file, and only up to a cap, is read.
            let text = crate::confine::read_regular_text(f, crate::lang::config::MAX_FILE_BYTES).map_err(|e| format!("--var-file {e}"))?;
            let body = crate::lang::syntax::parse_body(&text).map_err(|d| located_error(f, &text, &d))?;
            let rules = Rules::real();
            let host = Host::default();
            let ev = Evaluator::new(&rules, &EmptyScope, builtins(), &host);
            for a in &body.attrs {
                let v = ev
                    .eval(&a.expr)
                    .map_err(|d| format!("{} (in {})", located_error(f, &text, &d), a.name))?;
                vars.insert(a.name.clone(), v);
            }
        }
        for kv in &self.vars {
            let Some((k, v)) = kv.split_once('=') else {
                return Err(format!("--var {kv:?}: expected NAME=VALUE").into());
            };
            let val = constant(v).map_err(|d| format!("--var {k}: {d}"))?;
            vars.insert(k.trim().to_string(), val);
        }
        s.vars = vars;
        Ok(s)
    }
}
