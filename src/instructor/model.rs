//! The `quiz.json` model (schema 1): the drawn questions, and each variant with its questions,
//! choices, answers and misconception ids. Everything an export, `quiz take` or `quiz grade`
//! needs is in it, so none of them reads the bank again.
//!
//! Field order is declaration order and maps are `BTreeMap`s, so the same quiz always
//! serialises to the same bytes.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The schema version this build writes and reads.
pub const SCHEMA: u32 = 1;

/// A whole quiz: what `quiz new` writes as `key.json` (with the answers) and, without them, as
/// `quiz.json` (the students' copy, see [`Quiz::student_copy`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quiz {
    /// The schema version ([`SCHEMA`]).
    pub schema: u32,
    /// True in the students' copy: every answer, "correct" flag, wrong answer, misconception
    /// and explanation is left out, so it cannot be graded from (a file without the field
    /// holds the key, as every quiz.json made before the split did).
    #[serde(default, skip_serializing_if = "is_false")]
    pub student: bool,
    /// The seed the quiz was drawn with.
    pub seed: u64,
    /// The drawn questions, in quiz order (what every variant asks).
    pub questions: Vec<Drawn>,
    /// One variant per student group, each with its own parameter values and choice order.
    pub variants: Vec<Variant>,
}

/// A drawn question as the bank has it (the same in every variant).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawn {
    /// 1-based position in the quiz.
    pub number: usize,
    /// The bank's question id.
    pub id: String,
    /// The question's topic.
    pub topic: String,
    /// The engine that answers it.
    pub engine: String,
    /// The bank's kind (`choice`, `input`, `error`, `truefalse`); empty, and left out, in the
    /// students' copy, where `error` would tell that the answer is an error.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
    /// The lesson section that teaches it.
    pub lesson: Lesson,
    /// True when its variants draw different parameter values.
    pub parameterised: bool,
    /// What it teaches and where that is written down (absent in quizzes made before
    /// references existed).
    #[serde(default)]
    pub refs: Refs,
}

/// A drawn question's references, as the exports show them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refs {
    /// The lesson sentence it tests, quoted from the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote: Option<String>,
    /// The exam objective it serves (`2c`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<String>,
    /// That objective's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective_text: Option<String>,
    /// The official documentation page of the function or feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub docs: Option<String>,
    /// The first Terraform release whose behaviour the answer depends on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
}

/// A lesson section reference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lesson {
    /// The seed document (`001`).
    pub seed: String,
    /// The section's title.
    pub section: String,
}

/// One variant of the quiz: the questions one student answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variant {
    /// 1-based variant number.
    pub variant: usize,
    /// The questions, in quiz order.
    pub questions: Vec<Item>,
}

/// How a question is put to the student.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Pick one of lettered choices.
    Multichoice,
    /// Type the value, on one line.
    Shortanswer,
    /// True or false.
    Truefalse,
}

impl Format {
    /// The name as `quiz.json` and Moodle spell it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Multichoice => "multichoice",
            Format::Shortanswer => "shortanswer",
            Format::Truefalse => "truefalse",
        }
    }
}

/// One question of one variant, with everything computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// 1-based position in the quiz.
    pub number: usize,
    /// The bank's question id.
    pub id: String,
    /// The question's topic.
    pub topic: String,
    /// The engine that answers it.
    pub engine: String,
    /// The bank's kind; empty, and left out, in the students' copy (`error` would tell that the
    /// answer is an error), where [`Item::to_question`] reads the kind from `format`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// How it is asked.
    pub format: Format,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
    /// Compare collection kinds strictly when judging a typed answer.
    pub strict_types: bool,
    /// The instance seed its parameters were drawn with.
    pub seed: u64,
    /// The drawn parameter values (empty for a question without params).
    pub values: BTreeMap<String, String>,
    /// The question text (Markdown-ish: backticks for code).
    pub prompt: String,
    /// What the engine evaluates.
    pub source: ItemSource,
    /// For truefalse questions: the value the statement claims, if the bank states one.
    pub claim: Option<String>,
    /// The choices shown, lettered (empty for shortanswer).
    pub choices: Vec<ItemChoice>,
    /// The right answer (empty in the students' copy).
    #[serde(default, skip_serializing_if = "Answer::is_empty")]
    pub answer: Answer,
    /// For shortanswer: the wrong answers the engine computes, each with its misconception.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wrong: Vec<Wrong>,
    /// The misconception ids the wrong answers stand for, in order of first appearance.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub misconceptions: Vec<String>,
    /// Why the answer is what it is.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub explain: String,
    /// The line shown under a typed question, kept in the students' copy, whose answer (which
    /// decides the line: an outcome word or a value) is left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

/// What the engine evaluates for a question.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemSource {
    /// The expression whose value (or error) is the answer.
    pub expr: String,
    /// Inline configuration text, if any.
    pub config: Option<String>,
    /// Files the evaluation may read (name → contents).
    pub files: BTreeMap<String, String>,
    /// The custom condition whose outcome is the answer, for condition questions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
    /// cfnrain: the parent template.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<String>,
    /// cfnrain and rivet: the part of the result that is the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub select: Option<String>,
    /// cfnrain: the path whose keys are the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keys: Option<String>,
    /// rivet: root variables (name → HCL text).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub vars: BTreeMap<String, String>,
    /// rivet: facts (name → text).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub facts: BTreeMap<String, String>,
    /// rivet: the earlier configuration's files, for a diff.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub old_files: Option<BTreeMap<String, String>>,
    /// terraform: the release emulated, when not the current one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terraform_version: Option<String>,
    /// terraform: a workflow scenario's steps.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<crate::bank::model::Step>,
    /// terraform: what of the scenario's last command is the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ask: Option<String>,
}

impl ItemSource {
    /// The item's source as the bank has it.
    pub fn to_source(&self) -> crate::bank::Source {
        crate::bank::Source {
            expr: self.expr.clone(),
            config: self.config.clone(),
            files: self.files.clone(),
            condition: self.condition.clone(),
            template: self.template.clone(),
            select: self.select.clone(),
            keys: self.keys.clone(),
            vars: self.vars.clone(),
            facts: self.facts.clone(),
            old_files: self.old_files.clone(),
            terraform_version: self.terraform_version.clone(),
            steps: self.steps.clone(),
            ask: self.ask.clone(),
        }
    }

    /// A bank source as an item carries it.
    pub fn from_source(s: &crate::bank::Source) -> ItemSource {
        ItemSource {
            expr: s.expr.clone(),
            config: s.config.clone(),
            files: s.files.clone(),
            condition: s.condition.clone(),
            template: s.template.clone(),
            select: s.select.clone(),
            keys: s.keys.clone(),
            vars: s.vars.clone(),
            facts: s.facts.clone(),
            old_files: s.old_files.clone(),
            terraform_version: s.terraform_version.clone(),
            steps: s.steps.clone(),
            ask: s.ask.clone(),
        }
    }
}

/// One lettered choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemChoice {
    /// The letter (`A`, `B`, ...).
    pub key: String,
    /// The answer on one line.
    pub text: String,
    /// True for the right answer (absent for the others, and in the students' copy).
    #[serde(default, skip_serializing_if = "is_false")]
    pub correct: bool,
    /// The misconception that produces this wrong answer, when the engine computed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub misconception: Option<String>,
    /// Why this wrong answer is wrong (the misconception's explanation, or the author's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// The neutral id a question has in the students' copy (`q07`): responses to that copy carry
/// it instead of the bank's id.
pub fn student_id(number: usize) -> String {
    format!("q{number:02}")
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The right answer of a question.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// The right choice's letter (multichoice and truefalse).
    pub key: Option<String>,
    /// The answer on one line.
    pub text: String,
}

impl Answer {
    /// True when there is no answer (the students' copy).
    pub fn is_empty(&self) -> bool {
        self.key.is_none() && self.text.is_empty()
    }
}

/// A wrong answer a learner holding a misconception would type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wrong {
    /// The answer on one line.
    pub text: String,
    /// The misconception that produces it.
    pub misconception: Option<String>,
    /// Why it is wrong.
    pub why: Option<String>,
}

impl Item {
    /// The choice with this letter.
    pub fn choice(&self, key: &str) -> Option<&ItemChoice> {
        self.choices.iter().find(|c| c.key.eq_ignore_ascii_case(key.trim()))
    }
}

impl Quiz {
    /// The students' copy (`quiz.json`, what `quiz take` opens): the same questions, choices
    /// and sources, without anything that tells the answer (the right answer, which choice is
    /// right, the wrong answers and their misconceptions, the explanation, the bank's kind). A
    /// typed question keeps its hint line, which depends on the answer's kind.
    pub fn student_copy(&self) -> Quiz {
        let mut q = self.clone();
        q.student = true;
        // A bank id often states the answer (`...-is-an-error`), and so does the lesson
        // sentence quoted: the copy has neutral ids, which `quiz grade` maps back by number.
        for d in &mut q.questions {
            d.id = student_id(d.number);
            d.refs.quote = None;
            d.kind.clear();
        }
        for item in q.variants.iter_mut().flat_map(|v| v.questions.iter_mut()) {
            item.id = student_id(item.number);
            // The bank's kind tells an error answer from a value (`error`); `format` says all
            // that taking the quiz needs (choices or a typed line).
            item.kind.clear();
            if item.format == Format::Shortanswer && item.hint.is_none() {
                item.hint = Some(crate::instructor::shown::type_hint(item).to_string());
            }
            item.answer = Answer::default();
            item.wrong.clear();
            item.misconceptions.clear();
            item.explain.clear();
            for c in &mut item.choices {
                c.correct = false;
                c.misconception = None;
                c.why = None;
            }
        }
        q
    }

    /// A fingerprint of the quiz as students see it (`fnv64:` and 16 hex digits of its
    /// students' copy): the same for `quiz.json` and `key.json`, different for any other
    /// draw (seed, count, topics, difficulty or bank), so responses name the quiz they answer.
    pub fn fingerprint(&self) -> String {
        fnv64(&self.student_copy().to_json())
    }

    /// Whether `fp` names this quiz: its [`Quiz::fingerprint`], or the one builds wrote before
    /// the students' copy left out each question's kind, so responses taken then still grade.
    pub fn is_fingerprint(&self, fp: &str) -> bool {
        if fp == self.fingerprint() {
            return true;
        }
        let mut copy = self.student_copy();
        for (d, k) in copy.questions.iter_mut().zip(&self.questions) {
            d.kind.clone_from(&k.kind);
        }
        let items = self.variants.iter().flat_map(|v| v.questions.iter());
        for (c, k) in copy.variants.iter_mut().flat_map(|v| v.questions.iter_mut()).zip(items) {
            c.kind.clone_from(&k.kind);
        }
        // A students' copy has no kind to put back, and then this is the fingerprint again.
        fp == fnv64(&copy.to_json())
    }

    /// The variant with this 1-based number.
    pub fn variant(&self, n: usize) -> Option<&Variant> {
        self.variants.iter().find(|v| v.variant == n)
    }

    /// The quiz as `quiz.json` holds it: pretty-printed, ending in a newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    /// Reads a `quiz.json`, refusing other schema versions.
    pub fn from_json(text: &str) -> Result<Quiz, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        match v.get("schema").and_then(serde_json::Value::as_u64) {
            Some(s) if s == u64::from(SCHEMA) => {}
            Some(s) => return Err(format!("schema {s} is not supported (this build reads schema {SCHEMA})")),
            None => return Err("not an iacquiz quiz: no \"schema\" field".into()),
        }
        serde_json::from_value(v).map_err(|e| format!("not a quiz of schema {SCHEMA}: {e}"))
    }
}

/// `fnv64:` and the 16 hex digits of the FNV-1a hash of `text`.
fn fnv64(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("fnv64:{h:016x}")
}

/// One student's answers, as `quiz take` writes them (`responses-NAME.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Responses {
    /// The schema version ([`SCHEMA`]).
    pub schema: u32,
    /// The seed of the quiz answered.
    pub quiz_seed: u64,
    /// The fingerprint of the quiz answered ([`Quiz::fingerprint`]; absent in older files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quiz: Option<String>,
    /// How many questions the quiz answered has (absent in older files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub questions: Option<usize>,
    /// The variant answered (1-based).
    pub variant: usize,
    /// The student's name.
    pub name: String,
    /// The student's idnumber or email (`quiz take --id`), for a gradebook import.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// One entry per question, in quiz order.
    pub answers: Vec<Response>,
}

/// The answer to one question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Response {
    /// The question's position in the quiz.
    pub number: usize,
    /// The question's id.
    pub id: String,
    /// The letter chosen, `true`/`false`, or the value typed; `None` when skipped.
    pub answer: Option<String>,
    /// Time spent on the question, in milliseconds.
    pub time_ms: u64,
}

impl Responses {
    /// The responses as the file holds them: pretty-printed, ending in a newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }

    /// Reads a responses file, refusing other schema versions.
    pub fn from_json(text: &str) -> Result<Responses, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        match v.get("schema").and_then(serde_json::Value::as_u64) {
            Some(s) if s == u64::from(SCHEMA) => {}
            Some(s) => return Err(format!("schema {s} is not supported (this build reads schema {SCHEMA})")),
            None => return Err("not an iacquiz responses file: no \"schema\" field".into()),
        }
        serde_json::from_value(v).map_err(|e| format!("not a responses file of schema {SCHEMA}: {e}"))
    }
}
