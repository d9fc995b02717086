//! The question model: what a loaded, validated question is (independent of YAML).

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;

use super::params::Params;

/// The evaluator a question is answered by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// Terraform expressions and configurations (`src/lang/`).
    Terraform,
    /// The CloudFormation module packager (not built yet).
    Cfnrain,
    /// The Rivet expansion compiler (not built yet).
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
        matches!(self, Engine::Terraform)
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

/// What an engine evaluates: an expression and what it may see.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Source {
    /// The expression whose value (or error) is the answer.
    pub expr: String,
    /// Inline configuration text (`.tf` for terraform), if any.
    pub config: Option<String>,
    /// In-memory files the evaluation may read (name → contents).
    pub files: BTreeMap<String, String>,
    /// The address of a custom condition (`check.cert`, `aws_instance.web`) whose outcome
    /// (`pass`, `error`, `warning`, `deferred`) is the answer, instead of `expr`'s value.
    pub condition: Option<String>,
}

/// An answer written by an author, in the engine's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stated {
    /// A value, as HCL text (`tolist(["110"])`).
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
