//! A workflow scenario: the steps a question runs in a fresh folder (Terraform commands and
//! edits to its files) and what of the last command's output is the answer.

use std::collections::BTreeMap;
use std::fmt;

/// One step of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    /// Runs `terraform ARGS` (written `terraform plan -out=tfplan`, or without `terraform`).
    Run {
        /// The command line as written (after `terraform`), shown to the learner.
        line: String,
        /// Environment variables set for this command only (`TF_VAR_region`).
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        env: BTreeMap<String, String>,
        /// What the command reads on standard input (the answer to `Enter a value:`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        input: Option<String>,
    },
    /// Writes a file (creating or replacing it).
    Write {
        /// The file's name, relative to the folder.
        file: String,
        /// Its new contents.
        text: String,
    },
    /// Replaces the one occurrence of `replace` in `file` with `with`.
    Edit {
        /// The file's name.
        file: String,
        /// The text that must occur exactly once.
        replace: String,
        /// What it becomes.
        with: String,
    },
    /// Deletes a file.
    Delete {
        /// The file's name.
        file: String,
    },
}

impl Step {
    /// Every text of the step that parameters may fill.
    pub fn texts(&self) -> Vec<&str> {
        match self {
            Step::Run { line, env, input } => std::iter::once(line.as_str())
                .chain(env.values().map(String::as_str))
                .chain(input.as_deref())
                .collect(),
            Step::Write { text, .. } => vec![text.as_str()],
            Step::Edit { replace, with, .. } => vec![replace.as_str(), with.as_str()],
            Step::Delete { .. } => Vec::new(),
        }
    }

    /// The same step with every text passed through `f`.
    pub fn map_texts(&self, f: &impl Fn(&str) -> String) -> Step {
        match self {
            Step::Run { line, env, input } => Step::Run {
                line: f(line),
                env: env.iter().map(|(k, v)| (k.clone(), f(v))).collect(),
                input: input.as_deref().map(f),
            },
            Step::Write { file, text } => Step::Write {
                file: file.clone(),
                text: f(text),
            },
            Step::Edit { file, replace, with } => Step::Edit {
                file: file.clone(),
                replace: f(replace),
                with: f(with),
            },
            Step::Delete { file } => Step::Delete { file: file.clone() },
        }
    }

    /// The file the step changes, when it changes one.
    pub fn file(&self) -> Option<&str> {
        match self {
            Step::Run { .. } => None,
            Step::Write { file, .. } | Step::Edit { file, .. } | Step::Delete { file } => Some(file),
        }
    }

    /// How the step reads in a terminal transcript: `$ terraform plan` for a command (with
    /// its environment in front, as a shell line), a short note and the change for an edit.
    pub fn transcript(&self) -> String {
        match self {
            Step::Run { line, env, input } => {
                let vars: String = env.iter().map(|(k, v)| format!("{k}={} ", shell_quote(v))).collect();
                let mut out = format!("$ {vars}terraform {line}");
                if let Some(text) = input {
                    for answer in text.lines() {
                        out.push_str(&format!("\n  (answers: {answer})"));
                    }
                }
                out
            }
            Step::Write { file, text } => {
                let mut out = format!("# {file} now reads:");
                for l in text.trim_end().lines() {
                    out.push_str(&format!("\n    {l}"));
                }
                out
            }
            Step::Edit { file, replace, with } => {
                let mut out = format!("# edit {file}:");
                for l in replace.trim_end_matches('\n').lines() {
                    out.push_str(&format!("\n-   {l}"));
                }
                for l in with.trim_end_matches('\n').lines() {
                    out.push_str(&format!("\n+   {l}"));
                }
                out
            }
            Step::Delete { file } => format!("$ rm {file}"),
        }
    }
}

/// A word a shell would read as one argument, quoted when it needs to be.
fn shell_quote(s: &str) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:,@+".contains(c)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// Splits a command line the way a POSIX shell splits words: blanks separate words, single
/// quotes keep everything, double quotes keep everything but `\"`, `\\` and `\$`, and a
/// backslash outside quotes keeps the next character.
pub fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed single quote in `{line}`")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unclosed double quote in `{line}`")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed double quote in `{line}`")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("`{line}` ends with a backslash")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// What of the last command's output is the answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ask {
    /// The plan's or apply's summary line (`Plan: 1 to add, 0 to change, 0 to destroy.`,
    /// `No changes.`, `Apply complete! Resources: ...`, `Destroy complete! Resources: ...`).
    Summary,
    /// Every address the plan shows, with what happens to it (`will be destroyed`): a map.
    Changes,
    /// What happens to one address (`will be destroyed`, `must be replaced`).
    Action(String),
    /// Why, as the plan says under the address, without the parentheses (`because index [2]
    /// is out of range for count`); `""`
    /// when it gives no reason.
    Reason(String),
    /// The address's comment line and its reason, as the plan prints them
    /// (`will be destroyed (because index [2] is out of range for count)`).
    Says(String),
    /// The symbol in front of the address's block (`+`, `~`, `-/+`, `+/-`, `-`, `<=`); `""`
    /// when the block has none (a move only).
    Symbol(String),
    /// The operations an apply or destroy started, in the order it started them, as their
    /// first lines without the id (`terraform_data.b: Destroying...`). Only an order that
    /// dependencies force is the same on every run: Terraform starts independent operations
    /// in parallel.
    Order,
    /// Standard output's lines (without blank ones): `state list`, `workspace list`.
    Lines,
    /// Standard output, trimmed (`output -raw`, `workspace show`).
    Stdout,
    /// Standard output read as an HCL value (`output NAME`, `console`).
    Value,
    /// Standard output read as JSON (`output -json`).
    Json,
    /// The exit code (`plan -detailed-exitcode`).
    ExitCode,
}

impl Ask {
    /// Reads an `ask:` text.
    pub fn parse(text: &str) -> Result<Ask, String> {
        let text = text.trim();
        let (word, arg) = match text.split_once(char::is_whitespace) {
            Some((w, a)) => (w, Some(a.trim().to_string())),
            None => (text, None),
        };
        let ask = match (word, arg) {
            ("summary", None) => Ask::Summary,
            ("changes", None) => Ask::Changes,
            ("lines", None) => Ask::Lines,
            ("order", None) => Ask::Order,
            ("stdout", None) => Ask::Stdout,
            ("value", None) => Ask::Value,
            ("json", None) => Ask::Json,
            ("exit-code", None) => Ask::ExitCode,
            ("action", Some(a)) => Ask::Action(a),
            ("reason", Some(a)) => Ask::Reason(a),
            ("symbol", Some(a)) => Ask::Symbol(a),
            ("says", Some(a)) => Ask::Says(a),
            _ => {
                return Err(format!("`ask: {text}` is not a selector: write one of {}", Ask::FORMS.join(", ")));
            }
        };
        Ok(ask)
    }

    /// The forms `ask:` takes, for messages and docs.
    pub const FORMS: [&'static str; 12] = [
        "summary",
        "changes",
        "action ADDRESS",
        "says ADDRESS",
        "reason ADDRESS",
        "symbol ADDRESS",
        "order",
        "lines",
        "stdout",
        "value",
        "json",
        "exit-code",
    ];
}

impl fmt::Display for Ask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ask::Summary => f.write_str("summary"),
            Ask::Changes => f.write_str("changes"),
            Ask::Action(a) => write!(f, "action {a}"),
            Ask::Reason(a) => write!(f, "reason {a}"),
            Ask::Symbol(a) => write!(f, "symbol {a}"),
            Ask::Says(a) => write!(f, "says {a}"),
            Ask::Lines => f.write_str("lines"),
            Ask::Order => f.write_str("order"),
            Ask::Stdout => f.write_str("stdout"),
            Ask::Value => f.write_str("value"),
            Ask::Json => f.write_str("json"),
            Ask::ExitCode => f.write_str("exit-code"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_as_a_shell_splits_them() {
        let w = |s: &str| split_words(s).unwrap_or_else(|e| vec![format!("ERR {e}")]);
        assert_eq!(w("plan -var 'name=a b'"), ["plan", "-var", "name=a b"]);
        assert_eq!(w(r#"apply -var="tags={a=\"x\"}""#), ["apply", r#"-var=tags={a="x"}"#]);
        assert_eq!(
            w(r#"state rm 'terraform_data.x[\"a\"]'"#),
            ["state", "rm", r#"terraform_data.x[\"a\"]"#]
        );
        assert_eq!(
            w(r#"state rm terraform_data.x[\"a\"]"#),
            ["state", "rm", r#"terraform_data.x["a"]"#]
        );
        assert_eq!(w("  plan   "), ["plan"]);
        assert_eq!(w("x ''"), ["x", ""]);
        assert!(split_words("plan 'oops").is_err());
    }

    #[test]
    fn selectors_read_and_print_back() {
        for s in [
            "summary",
            "changes",
            "action terraform_data.a[0]",
            "symbol module.m.terraform_data.b",
            "exit-code",
        ] {
            assert_eq!(Ask::parse(s).map(|a| a.to_string()), Ok(s.to_string()));
        }
        assert!(Ask::parse("action").is_err());
        assert!(Ask::parse("plan").is_err());
    }
}
