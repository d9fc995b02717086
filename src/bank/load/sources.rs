//! A question's source fields, as written, checked against its engine and turned into a
//! [`Source`]: which fields each engine reads, which it requires, and what their values may be.

use std::collections::BTreeMap;

use crate::bank::answer::notation;
use crate::bank::load::raw::RawQuestion;
use crate::bank::model::{Engine, Source, Step};

/// A problem with one field of a question's source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The field it is reported at.
    pub field: &'static str,
    /// What is wrong, in words an author can act on.
    pub message: String,
}

/// The name the parent template of a cfnrain question has among its files.
pub const TEMPLATE_NAME: &str = "template.yaml";

/// The statuses a rivet diff reports, as `select` names them.
pub const DIFF_STATUSES: [&str; 5] = ["kept", "added", "changed", "superseded", "removed"];

/// The source of `rq` for `engine`, and every problem with it.
pub fn source(engine: Engine, rq: &RawQuestion) -> (Source, Vec<Fault>) {
    let mut faults = Vec::new();
    let mut fault = |field: &'static str, message: String| faults.push(Fault { field, message });
    // Fields each engine does not read: refusing them catches a question under the wrong engine.
    let present: [(&'static str, bool); 12] = [
        ("expr", rq.expr.is_some()),
        ("config", rq.config.is_some()),
        ("condition", rq.condition.is_some()),
        ("template", rq.template.is_some()),
        ("select", rq.select.is_some()),
        ("keys", rq.keys.is_some()),
        ("vars", rq.vars.is_some()),
        ("facts", rq.facts.is_some()),
        ("old_files", rq.old_files.is_some()),
        ("terraform_version", rq.terraform_version.is_some()),
        ("steps", rq.steps.is_some()),
        ("ask", rq.ask.is_some()),
    ];
    let reads: &[&str] = match engine {
        Engine::Terraform => &["expr", "config", "condition", "terraform_version", "steps", "ask"],
        Engine::Cfnrain => &["template", "select", "keys"],
        Engine::Rivet => &["select", "vars", "facts", "old_files"],
    };
    for (name, here) in present {
        if here && !reads.contains(&name) {
            fault(
                name,
                format!(
                    "`{name}` is not a field of {engine} questions (a {engine} question's source is {})",
                    describe(engine)
                ),
            );
        }
    }
    let files = rq.files.clone().unwrap_or_default();
    // cfnrain: a file keyed by an https:// or s3:// address stands in for that remote file.
    let remote_ok = engine == Engine::Cfnrain;
    check_names(
        "files",
        files.keys().filter(|k| !(remote_ok && crate::cfn::sources::is_remote(k))),
        &mut fault,
    );
    let old_files = rq.old_files.clone();
    if let Some(old) = &old_files {
        check_names("old_files", old.keys(), &mut fault);
    }
    if let Some(v) = &rq.terraform_version
        && let Err(m) = crate::lang::dialect::releases::parse_version(v)
    {
        fault("terraform_version", m);
    }
    match engine {
        Engine::Terraform if rq.steps.is_some() || rq.ask.is_some() => {
            for (name, here) in [("expr", rq.expr.is_some()), ("condition", rq.condition.is_some())] {
                if here {
                    fault(
                        name,
                        format!("a scenario (`steps`) is answered by `ask`, not `{name}`: remove `{name}`"),
                    );
                }
            }
            match rq.ask.as_deref().map(crate::bank::model::Ask::parse) {
                None => fault(
                    "steps",
                    format!(
                        "a scenario needs `ask`: what of the last command is the answer ({})",
                        crate::bank::model::Ask::FORMS.join(", ")
                    ),
                ),
                Some(Err(m)) if !rq.ask.as_deref().is_some_and(|a| a.contains("{{")) => fault("ask", m),
                Some(_) => {}
            }
            if rq.steps.as_ref().is_none_or(|s| s.is_empty()) {
                fault(
                    "ask",
                    "`ask` reads the last command of `steps`: add `steps` (a command such as `plan`, or edits)".into(),
                );
            }
        }
        Engine::Terraform => {
            if rq.condition.is_none() && rq.expr.as_deref().is_none_or(|e| e.trim().is_empty()) {
                let what = if rq.expr.is_some() {
                    "`expr` is empty"
                } else {
                    "missing source: no `expr`"
                };
                fault(
                    if rq.expr.is_some() { "expr" } else { "id" },
                    format!(
                        "{what}; a terraform question needs `expr` (the expression whose value is the answer), with `config` or `files` when it reads them"
                    ),
                );
            }
        }
        Engine::Cfnrain => {
            match rq.template.as_deref() {
                None => fault(
                    "id",
                    "missing source: a cfnrain question needs `template` (the parent template's YAML), with its module files under `files`"
                        .into(),
                ),
                Some(t) if t.trim().is_empty() => fault("template", "`template` is empty".into()),
                Some(_) => {}
            }
            if files.contains_key(TEMPLATE_NAME) {
                fault(
                    "files",
                    format!(
                        "`files` has {TEMPLATE_NAME}, the name of the parent template: write the parent under `template:` and give module files other names"
                    ),
                );
            }
            if rq.select.is_some() && rq.keys.is_some() {
                fault(
                    "keys",
                    "give `select` (a part of the packaged template) or `keys` (the keys of a mapping), not both".into(),
                );
            }
            for (name, path) in [("select", &rq.select), ("keys", &rq.keys)] {
                if path.as_deref().is_some_and(|p| p.trim().is_empty()) {
                    fault(
                        name,
                        format!("`{name}` is empty: write a path such as Resources.LogsBucket.Properties"),
                    );
                }
            }
        }
        Engine::Rivet => {
            if !has_root_rvt(&files) {
                fault(
                    if rq.files.is_some() { "files" } else { "id" },
                    "missing source: a rivet question needs `files` with at least one .rvt file at the top (main.rvt); module folders are keys such as modules/file/main.rvt".into(),
                );
            }
            if let Some(old) = &old_files
                && !has_root_rvt(old)
            {
                fault(
                    "old_files",
                    "`old_files` (the earlier configuration, for a diff) needs at least one .rvt file at the top (main.rvt)".into(),
                );
            }
            match (rq.select.as_deref().map(str::trim), &old_files) {
                (Some(""), _) => fault(
                    "select",
                    "`select` is empty: write addresses, modules, output.NAME or ADDRESS.ATTRIBUTE".into(),
                ),
                (Some(s), Some(_)) if !s.contains("{{") && !DIFF_STATUSES.contains(&s) => fault(
                    "select",
                    format!(
                        "with `old_files` the answer is the diff, and `select` names one status of it: {} (not {s:?})",
                        DIFF_STATUSES.join(", ")
                    ),
                ),
                _ => {}
            }
        }
    }
    let mut vars = BTreeMap::new();
    for (k, v) in rq.vars.iter().flatten() {
        match notation::literal(v) {
            Ok(t) => {
                vars.insert(k.clone(), t);
            }
            Err(m) => fault("vars", format!("variable `{k}`: {m}")),
        }
    }
    let mut facts = BTreeMap::new();
    for (k, v) in rq.facts.iter().flatten() {
        use serde_yaml::Value as Y;
        let text = match v {
            Y::String(s) => s.clone(),
            Y::Number(n) => n.to_string(),
            Y::Bool(b) => b.to_string(),
            _ => {
                fault("facts", format!("fact `{k}` must be a string or an integer (facts are scalars)"));
                continue;
            }
        };
        facts.insert(k.clone(), text);
    }
    let mut steps = Vec::new();
    for (i, v) in rq.steps.iter().flatten().enumerate() {
        match step(v) {
            Ok(s) => {
                if let Some(file) = s.file() {
                    check_names("steps", std::iter::once(&file.to_string()), &mut fault);
                }
                steps.push(s);
            }
            Err(m) => fault("steps", format!("step {}: {m}", i + 1)),
        }
    }
    if !steps.is_empty() && !steps.iter().any(|s| matches!(s, Step::Run { .. })) {
        fault("steps", "a scenario needs at least one command (a step such as `plan`)".into());
    }
    if let Some(last) = steps.last()
        && !matches!(last, Step::Run { .. })
    {
        fault("steps", "the last step must be a command: `ask` reads what it prints".into());
    }
    let src = Source {
        expr: rq.expr.clone().unwrap_or_default(),
        config: rq.config.clone(),
        files,
        condition: rq.condition.clone(),
        template: rq.template.clone(),
        select: rq.select.as_deref().map(|s| s.trim().to_string()),
        keys: rq.keys.as_deref().map(|s| s.trim().to_string()),
        vars,
        facts,
        old_files,
        terraform_version: rq.terraform_version.clone(),
        steps,
        ask: rq.ask.as_deref().map(|s| s.trim().to_string()),
    };
    (src, faults)
}

fn describe(engine: Engine) -> &'static str {
    match engine {
        Engine::Terraform => "`expr` or `condition`, with `config` and `files`; or a scenario: `files`, `steps` and `ask`",
        Engine::Cfnrain => "`template` and its module `files`, the answer picked by `select` or `keys`",
        Engine::Rivet => "its .rvt `files` with `vars` and `facts`, the answer picked by `select`, or a diff from `old_files`",
    }
}

fn check_names<'a>(field: &'static str, names: impl Iterator<Item = &'a String>, fault: &mut impl FnMut(&'static str, String)) {
    for name in names {
        if name.is_empty() || name.starts_with('/') || name.contains('\\') || name.split('/').any(|c| c == ".." || c.is_empty()) {
            fault(
                field,
                format!("file name {name:?} must be a relative path inside the question (no `..`, no leading `/`)"),
            );
        }
    }
}

fn has_root_rvt(files: &BTreeMap<String, String>) -> bool {
    files.keys().any(|k| !k.contains('/') && k.ends_with(".rvt"))
}

/// One scenario step as written: a command line (`terraform plan`, or just `plan`), or a map
/// `{run: LINE, env: {...}, input: TEXT}`, `{write: FILE, text: TEXT}`,
/// `{edit: FILE, replace: OLD, with: NEW}` or `{delete: FILE}`.
pub fn step(v: &serde_yaml::Value) -> Result<Step, String> {
    use serde_yaml::Value as Y;
    let command = |line: &str| -> Result<String, String> {
        let line = line.trim();
        let line = line.strip_prefix("terraform ").map(str::trim_start).unwrap_or(line);
        if line.is_empty() || line == "terraform" {
            return Err("the command is empty: write one such as `plan` or `apply -auto-approve`".into());
        }
        crate::bank::model::scenario::split_words(line)?;
        Ok(line.to_string())
    };
    let map = match v {
        Y::String(s) => {
            return Ok(Step::Run {
                line: command(s)?,
                env: BTreeMap::new(),
                input: None,
            });
        }
        Y::Mapping(m) => m,
        _ => return Err("a step is a command line or a mapping (`run:`, `write:`, `edit:`, `delete:`)".into()),
    };
    let mut fields = BTreeMap::new();
    for (k, v) in map {
        let Some(k) = k.as_str() else {
            return Err("a step's keys are words (`run`, `env`, `write`, ...)".into());
        };
        fields.insert(k.to_string(), v.clone());
    }
    let text = |name: &str| -> Result<Option<String>, String> {
        match fields.get(name) {
            None => Ok(None),
            Some(Y::String(s)) => Ok(Some(s.clone())),
            Some(Y::Number(n)) => Ok(Some(n.to_string())),
            Some(Y::Bool(b)) => Ok(Some(b.to_string())),
            Some(_) => Err(format!("`{name}` must be text")),
        }
    };
    let allowed: &[&str] = if fields.contains_key("run") {
        &["run", "env", "input"]
    } else if fields.contains_key("write") {
        &["write", "text"]
    } else if fields.contains_key("edit") {
        &["edit", "replace", "with"]
    } else if fields.contains_key("delete") {
        &["delete"]
    } else {
        return Err("a step mapping names what it does: `run`, `write`, `edit` or `delete`".into());
    };
    if let Some(extra) = fields.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(format!("`{extra}` is not a field of this step (it takes {})", allowed.join(", ")));
    }
    let need = |name: &str| text(name)?.ok_or_else(|| format!("this step needs `{name}`"));
    if let Some(line) = text("run")? {
        let mut env = BTreeMap::new();
        match fields.get("env") {
            None => {}
            Some(Y::Mapping(m)) => {
                for (k, v) in m {
                    let (Some(k), Some(v)) = (k.as_str(), notation_scalar(v)) else {
                        return Err("`env` maps variable names to text".into());
                    };
                    env.insert(k.to_string(), v);
                }
            }
            Some(_) => return Err("`env` maps variable names to text".into()),
        }
        return Ok(Step::Run {
            line: command(&line)?,
            env,
            input: text("input")?,
        });
    }
    if let Some(file) = text("write")? {
        return Ok(Step::Write { file, text: need("text")? });
    }
    if let Some(file) = text("edit")? {
        let replace = need("replace")?;
        if replace.is_empty() {
            return Err("`replace` is empty: give the text to change".into());
        }
        return Ok(Step::Edit {
            file,
            replace,
            with: need("with")?,
        });
    }
    Ok(Step::Delete { file: need("delete")? })
}

fn notation_scalar(v: &serde_yaml::Value) -> Option<String> {
    match v {
        serde_yaml::Value::String(s) => Some(s.clone()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        serde_yaml::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}
