//! The question model: what a loaded, validated question is (independent of YAML).

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;

use crate::bank::model::params::Params;
use crate::bank::model::scenario::Step;

/// The evaluator a question is answered by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// Terraform expressions and configurations (`src/lang/`).
    Terraform,
    /// The CloudFormation module packager (`src/cfn/`).
    Cfnrain,
    /// The Rivet expansion compiler (`src/rivet/`).
    Rivet,
}

impl Engine {
    /// Every engine, in the order they are documented.
    pub const ALL: [Engine; 3] = [Engine::Terraform, Engine::Cfnrain, Engine::Rivet];

    /// The engine's name as the bank spells it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Terraform => "terraform",
            Engine::Cfnrain => "cfnrain",
            Engine::Rivet => "rivet",
        }
    }

    /// The engine a bank folder name stands for (`terraform/` → terraform).
    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == name)
    }

    /// True when this build can evaluate the engine's questions.
    pub fn available(self) -> bool {
        true
    }

    /// What an answer in its notation is called (`an HCL value`, `a YAML value`).
    pub fn value_noun(self) -> &'static str {
        match self {
            Engine::Terraform => "an HCL value",
            Engine::Cfnrain | Engine::Rivet => "a YAML value",
        }
    }

    /// The notation its answers are written and shown in (`HCL`, `YAML`).
    pub fn notation(self) -> &'static str {
        match self {
            Engine::Terraform => "HCL",
            Engine::Cfnrain | Engine::Rivet => "YAML",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a question is asked and answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Pick the value from the right answer and its distractors.
    Choice,
    /// Type the value.
    Input,
    /// The source fails; the point is which error.
    Error,
    /// A statement about the source that is true or false.
    Truefalse,
}

impl Kind {
    /// The kind's name as the bank spells it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Choice => "choice",
            Kind::Input => "input",
            Kind::Error => "error",
            Kind::Truefalse => "truefalse",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The lesson section that teaches a question's point.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LessonRef {
    /// The seed document, as three digits (`001`).
    pub seed: String,
    /// The section's name, as the lesson catalogue spells it.
    pub section: String,
}

/// A question's references: what it teaches and where that is written down.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct References {
    /// The seed sentence the question tests, quoted verbatim.
    pub quote: Option<String>,
    /// The official documentation page of the function or feature (terraform).
    pub docs: Option<String>,
    /// The exam objective it serves (`2c`).
    pub objective: Option<String>,
    /// The Terraform Associate (004) exam objectives it serves (`4f`), in the order written;
    /// empty when it names none.
    pub associate: Vec<String>,
    /// The first Terraform release whose behaviour the answer depends on.
    pub since: Option<String>,
    /// The Terraform changelog line where that behaviour began (workflow questions).
    pub changelog: Option<String>,
}

/// What an engine evaluates, and which part of its result is the answer.
///
/// terraform: `expr` (or `condition`) with `config` and `files`. cfnrain: the parent
/// `template` packaged with its module `files`, the answer the part at `select` (or the keys at
/// `keys`, or the whole template). rivet: the `.rvt` `files` compiled with `vars` and `facts`,
/// the answer the part at `select` (the address list by default), or, with `old_files`, the
/// diff from that earlier compilation to this one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Source {
    /// The expression whose value (or error) is the answer.
    pub expr: String,
    /// Inline configuration text (`.tf` for terraform), if any.
    pub config: Option<String>,
    /// In-memory files the evaluation may read (name → contents): terraform's `file()`
    /// files, cfnrain's module files, rivet's `.rvt` files.
    pub files: BTreeMap<String, String>,
    /// The address of a custom condition (`check.cert`, `aws_instance.web`) whose outcome
    /// (`pass`, `error`, `warning`, `deferred`) is the answer, instead of `expr`'s value.
    pub condition: Option<String>,
    /// cfnrain: the parent template (YAML or JSON text), packaged as `template.yaml`.
    pub template: Option<String>,
    /// cfnrain and rivet: the part of the result that is the answer.
    pub select: Option<String>,
    /// cfnrain: the path whose mapping's keys (in packaged order) are the answer.
    pub keys: Option<String>,
    /// rivet: root variables (name → HCL text of the value).
    pub vars: BTreeMap<String, String>,
    /// rivet: facts (`fact.NAME`; name → text, an integer text being a number).
    pub facts: BTreeMap<String, String>,
    /// rivet: the earlier configuration's files; when given, the answer is the diff from it.
    pub old_files: Option<BTreeMap<String, String>>,
    /// terraform: the release to emulate (`X.Y.Z`), when not the current one.
    pub terraform_version: Option<String>,
    /// terraform: a workflow scenario's steps, run in a fresh folder holding `files` (and
    /// `config` as `main.tf`); the answer is read from the last command by `ask`.
    pub steps: Vec<Step>,
    /// terraform: what of a scenario's last command is the answer (an [`crate::bank::model::Ask`] text).
    pub ask: Option<String>,
}

impl Source {
    /// True when the source is a workflow scenario (steps run by `iacquiz terraform`).
    pub fn is_scenario(&self) -> bool {
        !self.steps.is_empty()
    }

    /// Every piece of text in the source that placeholders may fill, with its field's name.
    pub fn texts(&self) -> Vec<(&'static str, &str)> {
        let mut out = vec![("expr", self.expr.as_str())];
        for (name, t) in [
            ("config", &self.config),
            ("condition", &self.condition),
            ("template", &self.template),
            ("select", &self.select),
            ("keys", &self.keys),
        ] {
            if let Some(t) = t {
                out.push((name, t.as_str()));
            }
        }
        out.extend(self.files.values().map(|v| ("files", v.as_str())));
        out.extend(self.steps.iter().flat_map(Step::texts).map(|t| ("steps", t)));
        if let Some(a) = &self.ask {
            out.push(("ask", a.as_str()));
        }
        out.extend(self.vars.values().map(|v| ("vars", v.as_str())));
        out.extend(self.facts.values().map(|v| ("facts", v.as_str())));
        if let Some(old) = &self.old_files {
            out.extend(old.values().map(|v| ("old_files", v.as_str())));
        }
        out
    }

    /// The same source with every text passed through `f` (parameter substitution).
    pub fn map_texts(&self, f: impl Fn(&str) -> String) -> Source {
        let map = |m: &BTreeMap<String, String>| m.iter().map(|(k, v)| (k.clone(), f(v))).collect();
        Source {
            expr: f(&self.expr),
            config: self.config.as_deref().map(&f),
            files: map(&self.files),
            condition: self.condition.as_deref().map(&f),
            template: self.template.as_deref().map(&f),
            select: self.select.as_deref().map(&f),
            keys: self.keys.as_deref().map(&f),
            vars: map(&self.vars),
            facts: map(&self.facts),
            old_files: self.old_files.as_ref().map(map),
            terraform_version: self.terraform_version.clone(),
            steps: self.steps.iter().map(|s| s.map_texts(&f)).collect(),
            ask: self.ask.as_deref().map(&f),
        }
    }
}

/// An answer written by an author, in the engine's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stated {
    /// A value, as HCL text for terraform (`tolist(["110"])`), YAML text for cfnrain and rivet.
    Value(String),
    /// An error, by its summary (`Invalid index`).
    Error(String),
    /// A truth value (for `truefalse` questions).
    Bool(bool),
}

/// A wrong answer written by an author.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distractor {
    /// The wrong answer: a value (HCL text) or an error summary.
    pub answer: Stated,
    /// Why a learner might pick it and why it is wrong.
    pub why: Option<String>,
}

/// Where something is in a bank file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// The file as a person finds it (the `--bank` folder joined with `rel`; for the bundled
    /// bank, its path in the repository).
    pub path: String,
    /// The file relative to its bank root (for the bundled bank, its path in the repository).
    pub rel: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// A syntax error inside the question's `expr`, where the file holds it.
    pub expr_syntax: Option<ExprSyntax>,
}

/// A syntax error inside a question's `expr`, at its own place in the bank file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprSyntax {
    /// 1-based line of the error in the file.
    pub line: usize,
    /// 1-based column of the error in the file.
    pub column: usize,
    /// The line of the expression the error is in, trimmed.
    pub near: String,
    /// Terraform's summary (`Invalid expression`).
    pub summary: String,
    /// Terraform's detail.
    pub detail: String,
}

impl fmt::Display for ExprSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`expr` has a syntax error at line {}, column {} (in `{}`): {}",
            self.line, self.column, self.near, self.summary
        )?;
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        Ok(())
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.path, self.line, self.column)
    }
}

/// A loaded, validated question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// Unique, stable identifier.
    pub id: String,
    /// The engine that answers it.
    pub engine: Engine,
    /// The topic (the file's topic).
    pub topic: String,
    /// Free-form tags.
    pub tags: Vec<String>,
    /// The lesson section that teaches it.
    pub lesson: LessonRef,
    /// Where its claim comes from: the seed sentence, the docs page, the exam objective, the release.
    pub refs: References,
    /// The question text (may hold `{{param}}` placeholders).
    pub prompt: String,
    /// What the engine evaluates (may hold placeholders).
    pub source: Source,
    /// How it is asked.
    pub kind: Kind,
    /// The author's expected answer, proved by `check`.
    pub answer: Option<Stated>,
    /// For `truefalse`: the value the statement claims the source gives (HCL text).
    pub claim: Option<String>,
    /// The explanation shown after answering.
    pub explain: String,
    /// Misconception ids the question exercises.
    pub misconceptions: Vec<String>,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
    /// Author-written wrong answers.
    pub distractors: Vec<Distractor>,
    /// Parameters drawn per instance.
    pub params: Params,
    /// Compare list/tuple and map/object kinds strictly.
    pub strict_types: bool,
    /// Where the question starts.
    pub origin: Origin,
}

impl Question {
    /// True when the question has parameters (its instances differ by seed).
    pub fn is_parameterised(&self) -> bool {
        !self.params.is_empty()
    }
}
