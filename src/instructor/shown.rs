//! What an item shows a student besides its prompt: the pieces of source (configuration,
//! template, files, variables, expression) and the line under a typed answer. `quiz take`
//! and every export render these, so they live here, below `export`.

use crate::instructor::model::Item;

/// A piece of source shown with a question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// What it is (`Configuration (main.tf)`, a file's name, `Expression`).
    pub label: String,
    /// The text.
    pub text: String,
    /// True when it is HCL (highlighted as such).
    pub hcl: bool,
    /// True when it is YAML (a cfnrain template or module).
    pub yaml: bool,
}

impl Block {
    fn of(label: String, text: &str, name: &str) -> Block {
        let hcl = [".tf", ".tfvars", ".hcl", ".rvt"].iter().any(|x| name.ends_with(x));
        let yaml = [".yaml", ".yml", ".json"].iter().any(|x| name.ends_with(x));
        Block {
            label,
            text: text.to_string(),
            hcl,
            yaml,
        }
    }

    /// The fence language of a Markdown code block (`hcl`, `yaml`, `text`).
    pub fn lang(&self) -> &'static str {
        match (self.hcl, self.yaml) {
            (true, _) => "hcl",
            (_, true) => "yaml",
            _ => "text",
        }
    }
}

/// The source a question shows: its configuration (terraform), parent template (cfnrain),
/// earlier files (a rivet diff), its files, variables and facts, and its expression (left out
/// when the prompt already quotes it in backticks).
pub fn source_blocks(item: &Item) -> Vec<Block> {
    let mut out = Vec::new();
    let src = &item.source;
    if let Some(c) = &src.config {
        out.push(Block::of("Configuration (main.tf)".into(), c, "main.tf"));
    }
    if let Some(t) = &src.template {
        out.push(Block::of("Template (template.yaml)".into(), t, "template.yaml"));
    }
    for (name, text) in src.old_files.iter().flatten() {
        out.push(Block::of(format!("Before: file {name}"), text, name));
    }
    let after = if src.old_files.is_some() { "After: file" } else { "File" };
    for (name, text) in &src.files {
        out.push(Block::of(format!("{after} {name}"), text, name));
    }
    for (label, values) in [("Variables", &src.vars), ("Facts", &src.facts)] {
        if !values.is_empty() {
            let text: String = values.iter().map(|(k, v)| format!("{k} = {v}\n")).collect();
            out.push(Block::of(label.into(), &text, ".tfvars"));
        }
    }
    if !src.steps.is_empty() {
        // A scenario: the commands and edits, as a terminal session shows them.
        let text: String = src.steps.iter().map(|s| s.transcript() + "\n").collect();
        out.push(Block::of("Then, in that folder".into(), &text, ".sh"));
    }
    let expr = src.expr.trim();
    if !expr.is_empty() && !item.prompt.contains(&format!("`{expr}`")) {
        out.push(Block::of("Expression".into(), &src.expr, ".tf"));
    }
    out
}

/// The line shown under a terraform shortanswer question.
pub const TYPE_HINT: &str = "Type the value on one line, as terraform console prints it.";

/// The line shown under a shortanswer question whose answer is an outcome word.
pub const OUTCOME_HINT: &str = "Type the outcome in one word: pass, error, warning or deferred.";

/// The line shown under a shortanswer question of the item's engine (an outcome asks for the
/// word, not for a console value).
pub fn type_hint(item: &Item) -> &str {
    if let Some(h) = &item.hint {
        return h;
    }
    if crate::bank::answer::natural::is_outcome(item.answer.text.trim_matches('"')) {
        return OUTCOME_HINT;
    }
    // A scenario asks for what a command printed, not for a console value.
    use crate::bank::model::Ask;
    match item.source.ask.as_deref().map(Ask::parse) {
        Some(Ok(Ask::ExitCode)) => return "Type the exit code, a number.",
        Some(Ok(Ask::Stdout)) => return "Type what the last command prints (text needs no quotes).",
        Some(Ok(Ask::Lines | Ask::Order)) => return "Type the lines as a list, one string each: [\"first\", \"second\"].",
        Some(Ok(Ask::Summary)) => return "Type the summary line as Terraform prints it.",
        _ => {}
    }
    match item.engine.as_str() {
        "cfnrain" | "rivet" => "Type the value on one line, in YAML (flow style for lists and mappings).",
        _ => TYPE_HINT,
    }
}
