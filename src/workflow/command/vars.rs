//! The root module's variable values, gathered as Terraform gathers them, each source over
//! the ones before: `TF_VAR_name`, `terraform.tfvars`, `terraform.tfvars.json`, the
//! `*.auto.tfvars` and `*.auto.tfvars.json` files in name order, then `-var` and `-var-file`
//! in the order given. A value from the environment or `-var` is taken literally for a
//! variable with no type or a primitive type, and read as an HCL expression otherwise
//! (configs.decodeVariableType's parsing modes).

use crate::lang::Rule;
use crate::workflow::model::beliefs;
use std::collections::BTreeMap;
use std::path::Path;

use super::diagnostic::Report;
use crate::lang::config::Config;
use crate::lang::syntax::ExprKind;
use crate::lang::{Diag, Value};

/// Where a value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `TF_VAR_name`.
    Env,
    /// `terraform.tfvars`, `terraform.tfvars.json` or a `*.auto.tfvars(.json)` file.
    AutoFile,
    /// A file named by `-var-file`.
    NamedFile,
    /// `-var name=value`.
    Cli,
}

impl Source {
    /// How Terraform's diagnostics say where a value came from (ValueSourceType.DiagnosticLabel).
    pub fn label(self) -> &'static str {
        match self {
            Source::Env => "set by an environment variable",
            Source::AutoFile => "set by an automatically loaded .tfvars file",
            Source::NamedFile => "set by a .tfvars file passed through -var-file argument",
            Source::Cli => "set by a CLI argument",
        }
    }
}

/// Where a chosen value came from: its source, and for a file the file's name and the span of
/// the value's expression in it.
#[derive(Clone, Debug)]
pub struct Origin {
    /// The kind of source.
    pub source: Source,
    /// The file, for a file source.
    pub file: Option<String>,
    /// The span of the value's expression in that file (HCL files only).
    pub span: Option<std::ops::Range<usize>>,
}

impl Origin {
    fn of(source: Source) -> Origin {
        Origin {
            source,
            file: None,
            span: None,
        }
    }
}

/// One command-line variable option, in the order given.
#[derive(Clone, Debug)]
pub enum CliVar {
    /// `-var name=value`.
    Var(String),
    /// `-var-file=path`.
    File(String),
}

/// How a file is read for `-var-file` and the automatic files: the reader decides what may be
/// read (a bank's scenario stays inside its folder).
pub type ReadFile<'a> = &'a dyn Fn(&Path) -> Result<String, String>;

fn literal_mode(config: &Config, name: &str) -> bool {
    match config.variables.get(name).and_then(|v| v.type_expr.as_ref()) {
        None => true,
        Some(t) => matches!(&t.kind, ExprKind::Var(k) if k == "string" || k == "number" || k == "bool"),
    }
}

fn parse_value(config: &Config, name: &str, text: &str) -> Result<Value, Diag> {
    if literal_mode(config, name) {
        return Ok(Value::string(text));
    }
    crate::lang::session::constant(text).map_err(|d| d.in_file(&format!("<value for var.{name}>")))
}

/// One value read from a file: the name, the value and the span of its expression.
type FileValue = (String, Value, Option<std::ops::Range<usize>>);

/// Reads a `.tfvars` file (HCL attributes) or a `.tfvars.json` file (one JSON object).
fn read_tfvars(name: &str, text: &str) -> Result<Vec<FileValue>, Diag> {
    if name.ends_with(".json") {
        let json: serde_json::Value = serde_json::from_str(text).map_err(|e| Diag::new("Invalid JSON", e.to_string()).in_file(name))?;
        let serde_json::Value::Object(m) = json else {
            return Err(Diag::new("Invalid variables file", "The root of a variables file must be a JSON object.").in_file(name));
        };
        let mut out = Vec::new();
        for (k, v) in m {
            let text = v.to_string();
            let val = crate::lang::session::constant(&text).map_err(|d| d.in_file(name))?;
            out.push((k, val, None));
        }
        return Ok(out);
    }
    let body = crate::lang::syntax::parse_body(text).map_err(|d| d.in_file(name))?;
    if let Some(b) = body.blocks.first() {
        return Err(
            Diag::new("Unexpected \"".to_string() + &b.kind + "\" block", "Blocks are not allowed here.")
                .at(&b.span)
                .in_file(name),
        );
    }
    let mut out = Vec::new();
    for a in &body.attrs {
        let src = text.get(a.expr.span.clone()).unwrap_or("");
        let v = crate::lang::session::constant(src).map_err(|d| d.in_file(name))?;
        out.push((a.name.clone(), v, Some(a.expr.span.clone())));
    }
    Ok(out)
}

/// The values chosen, and the warnings and errors met on the way.
#[derive(Debug, Default)]
pub struct Chosen {
    /// Values by variable name.
    pub values: BTreeMap<String, Value>,
    /// Where each value came from (the source that won).
    pub origins: BTreeMap<String, Origin>,
    /// Warnings (undeclared variables in files).
    pub warnings: Vec<Report>,
    /// Errors (an undeclared `-var`, a file that does not read).
    pub errors: Vec<Report>,
    // Undeclared names met in files, with the file: Terraform warns about two of them.
    undeclared_in_files: Vec<(String, String)>,
}

/// Which names count as declared: the configuration's variables, or fewer (applying a saved
/// plan treats a variable the plan did not record as undeclared).
pub type Declared<'a> = &'a dyn Fn(&str) -> bool;

struct Gathering<'a> {
    declared: Declared<'a>,
    chosen: Chosen,
}

fn set(g: &mut Gathering, name: String, value: Value, origin: Origin) {
    if (g.declared)(&name) {
        g.chosen.values.insert(name.clone(), value);
        g.chosen.origins.insert(name, origin);
        return;
    }
    let chosen = &mut g.chosen;
    match origin.source {
        Source::Env => {}
        Source::AutoFile | Source::NamedFile => {
            let file = origin.file.unwrap_or_default();
            chosen.undeclared_in_files.push((name, file))
        }
        Source::Cli => chosen.errors.push(Report::error(Diag::new(
            "Value for undeclared variable",
            format!("A variable named {name:?} was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration."),
        ))),
    }
}

fn read_file(g: &mut Gathering, dir: &Path, name: &str, source: Source, read: ReadFile) {
    match read(&dir.join(name)) {
        Ok(text) => match read_tfvars(name, &text) {
            Ok(values) => {
                for (k, v, span) in values {
                    let origin = Origin {
                        source,
                        file: Some(name.to_string()),
                        span,
                    };
                    set(g, k, v, origin);
                }
            }
            Err(d) => g.chosen.errors.push(Report::error(d)),
        },
        Err(_) => g.chosen.errors.push(Report::error(Diag::new(
            "Failed to read variables file",
            format!("Given variables file {name} does not exist."),
        ))),
    }
}

/// Gathers the values for `config` in the folder `dir`.
pub fn gather(config: &Config, dir: &Path, env: &BTreeMap<String, String>, cli: &[CliVar], read: ReadFile) -> Chosen {
    gather_declared(config, &|name| config.variables.contains_key(name), dir, env, cli, read)
}

/// [`gather`], with `declared` saying which names are declared.
pub fn gather_declared(
    config: &Config,
    declared: Declared,
    dir: &Path,
    env: &BTreeMap<String, String>,
    cli: &[CliVar],
    read: ReadFile,
) -> Chosen {
    let mut g = Gathering {
        declared,
        chosen: Chosen::default(),
    };
    let from_env = |g: &mut Gathering| {
        for (k, v) in env {
            if let Some(name) = k.strip_prefix("TF_VAR_") {
                match parse_value(config, name, v) {
                    Ok(val) => set(g, name.to_string(), val, Origin::of(Source::Env)),
                    Err(d) => g.chosen.errors.push(Report::error(d)),
                }
            }
        }
    };
    let has_env = env.keys().any(|k| k.starts_with("TF_VAR_"));
    // A learner who believes the environment beats files and flags reads it last.
    let env_last = has_env && beliefs::flipped(Rule::EnvVarsLowest);
    if !env_last {
        from_env(&mut g);
    }
    let mut files: Vec<String> = Vec::new();
    for fixed in ["terraform.tfvars", "terraform.tfvars.json"] {
        if dir.join(fixed).is_file() {
            files.push(fixed.to_string());
        }
    }
    let mut auto: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| n.ends_with(".auto.tfvars") || n.ends_with(".auto.tfvars.json"))
                .collect()
        })
        .unwrap_or_default();
    auto.sort();
    if !files.is_empty() && !auto.is_empty() && beliefs::flipped(Rule::AutoTfvarsAfterTfvars) {
        // The belief that terraform.tfvars beats the automatic files: it is read last.
        let fixed = std::mem::take(&mut files);
        files = auto;
        files.extend(fixed);
    } else {
        files.extend(auto);
    }
    for f in &files {
        read_file(&mut g, dir, f, Source::AutoFile, read);
    }
    let both = cli.iter().any(|c| matches!(c, CliVar::Var(_))) && cli.iter().any(|c| matches!(c, CliVar::File(_)));
    let mut cli: Vec<&CliVar> = cli.iter().collect();
    if both && beliefs::flipped(Rule::CliVarsInOrder) {
        // The belief that -var-file always beats -var: the files are read after the flags.
        cli.sort_by_key(|c| matches!(c, CliVar::File(_)));
    } else if both && beliefs::flipped(Rule::CliFlagsInOrder) {
        // The belief that -var always beats -var-file: the flags are read after the files.
        cli.sort_by_key(|c| matches!(c, CliVar::Var(_)));
    }
    for c in cli {
        match c {
            CliVar::Var(text) => match text.split_once('=') {
                Some((name, value)) => match parse_value(config, name, value) {
                    Ok(val) => set(&mut g, name.to_string(), val, Origin::of(Source::Cli)),
                    Err(d) => g.chosen.errors.push(Report::error(d)),
                },
                None => g.chosen.errors.push(Report::error(Diag::new(
                    "Invalid -var option",
                    format!("The given -var option {text:?} is not correctly specified. Must be a variable name and value separated by an equals sign, like -var=\"key=value\"."),
                ))),
            },
            CliVar::File(path) => read_file(&mut g, dir, path, Source::NamedFile, read),
        }
    }
    if env_last {
        from_env(&mut g);
    }
    let mut chosen = g.chosen;
    let undeclared = std::mem::take(&mut chosen.undeclared_in_files);
    for (name, file) in undeclared.iter().take(2) {
        chosen.warnings.push(Report::warning(Diag::new(
            "Value for undeclared variable",
            format!("The root module does not declare a variable named {name:?} but a value was found in file {file:?}. If you meant to use this value, add a \"variable\" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option."),
        )));
    }
    if undeclared.len() > 2 {
        chosen.warnings.push(Report::warning(Diag::new(
            "Values for undeclared variables",
            format!(
                "In addition to the other similar warnings shown, {} other variable(s) defined without being declared.",
                undeclared.len() - 2
            ),
        )));
    }
    chosen
}
