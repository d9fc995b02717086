//! The YAML shape of a bank file, exactly as authors write it (serde, unknown fields refused).
//! The loader turns it into the validated [`crate::bank::model::Question`].

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};

use crate::bank::model::{Engine, Kind};

/// A question file: one topic and its questions.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFile {
    /// The file's topic (one topic per file).
    pub topic: String,
    /// The engine of every question that does not name its own.
    #[serde(default)]
    pub engine: Option<Engine>,
    /// The questions.
    pub questions: Vec<RawQuestion>,
}

/// One question as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawQuestion {
    /// Unique, stable id.
    pub id: String,
    /// The engine (else the file's, else the engine folder's).
    #[serde(default)]
    pub engine: Option<Engine>,
    /// The topic; must equal the file's when given.
    #[serde(default)]
    pub topic: Option<String>,
    /// Free-form tags.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The lesson section that teaches the point.
    pub lesson: RawLesson,
    /// The seed sentence the question tests, quoted verbatim.
    #[serde(default)]
    pub quote: Option<String>,
    /// The official documentation page of the function or feature.
    #[serde(default)]
    pub docs: Option<String>,
    /// The exam objective the question serves (`2c`).
    #[serde(default)]
    pub objective: Option<String>,
    /// The Terraform Associate (004) exam objectives it serves: one id (`4f`) or a list.
    #[serde(default)]
    pub associate: Option<IdList>,
    /// The first Terraform release whose behaviour the answer depends on, as the author states it.
    #[serde(default)]
    pub since: Option<String>,
    /// The question text.
    pub prompt: String,
    /// The expression to evaluate.
    #[serde(default)]
    pub expr: Option<String>,
    /// Or the address of a custom condition whose outcome is the answer.
    #[serde(default)]
    pub condition: Option<String>,
    /// terraform: the Terraform release to emulate (`1.7.5`) instead of the current one.
    #[serde(default)]
    pub terraform_version: Option<String>,
    /// Inline configuration text.
    #[serde(default)]
    pub config: Option<String>,
    /// In-memory files (name → contents): terraform's readable files, cfnrain's module files,
    /// rivet's `.rvt` files.
    #[serde(default)]
    pub files: Option<BTreeMap<String, String>>,
    /// cfnrain: the parent template's text.
    #[serde(default)]
    pub template: Option<String>,
    /// cfnrain and rivet: the part of the result that is the answer.
    #[serde(default)]
    pub select: Option<String>,
    /// cfnrain: the path whose keys are the answer.
    #[serde(default)]
    pub keys: Option<String>,
    /// rivet: root variables (name → a YAML value).
    #[serde(default)]
    pub vars: Option<BTreeMap<String, serde_yaml::Value>>,
    /// rivet: facts (name → a scalar).
    #[serde(default)]
    pub facts: Option<BTreeMap<String, serde_yaml::Value>>,
    /// rivet: the earlier configuration's files, for a diff.
    #[serde(default)]
    pub old_files: Option<BTreeMap<String, String>>,
    /// terraform: a workflow scenario's steps (a command line, or `write`/`edit`/`delete`).
    #[serde(default)]
    pub steps: Option<Vec<serde_yaml::Value>>,
    /// terraform: what of the scenario's last command is the answer.
    #[serde(default)]
    pub ask: Option<String>,
    /// The Terraform changelog line where the behaviour the answer depends on began.
    #[serde(default)]
    pub changelog: Option<String>,
    /// How the question is asked.
    pub kind: Kind,
    /// The expected answer, in the engine's notation.
    #[serde(default)]
    pub answer: Option<serde_yaml::Value>,
    /// For truefalse: the value the statement claims.
    #[serde(default)]
    pub claim: Option<serde_yaml::Value>,
    /// The explanation.
    pub explain: String,
    /// Misconception ids.
    #[serde(default)]
    pub misconceptions: Vec<String>,
    /// 1 to 5.
    pub difficulty: i64,
    /// Author-written wrong answers.
    #[serde(default)]
    pub distractors: Vec<serde_yaml::Value>,
    /// Parameters by name.
    #[serde(default)]
    pub params: BTreeMap<String, serde_yaml::Value>,
    /// Compare collection kinds strictly.
    #[serde(default)]
    pub strict_types: bool,
}

/// `lesson: {seed: 001, section: "..."}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLesson {
    /// The seed document.
    pub seed: SeedId,
    /// The section's name.
    pub section: String,
}

/// A seed document number, written `001`, `1` or `"001"`; kept as three digits.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SeedId(pub String);

impl<'de> Deserialize<'de> for SeedId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeedId, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = SeedId;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a seed number such as 001")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<SeedId, E> {
                Ok(SeedId(format!("{n:03}")))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<SeedId, E> {
                if n < 0 {
                    return Err(E::custom(format!("seed {n} is negative")));
                }
                Ok(SeedId(format!("{n:03}")))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<SeedId, E> {
                match s.parse::<u64>() {
                    Ok(n) => Ok(SeedId(format!("{n:03}"))),
                    Err(_) => Err(E::custom(format!("seed {s:?} is not a number such as 001"))),
                }
            }
        }
        d.deserialize_any(V)
    }
}

/// One id or a list of ids (`associate: 4f`, `associate: [4f, 4g]`); `list` says which was
/// written, so problems point at the item.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IdList {
    /// The ids, in the order written.
    pub ids: Vec<String>,
    /// True when written as a list.
    pub list: bool,
}

impl<'de> Deserialize<'de> for IdList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<IdList, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = IdList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an objective id such as 4f, or a list of them such as [4f, 4g]")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<IdList, E> {
                Ok(IdList {
                    ids: vec![s.to_string()],
                    list: false,
                })
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<IdList, E> {
                self.visit_str(&n.to_string())
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<IdList, A::Error> {
                let mut ids = Vec::new();
                while let Some(s) = seq.next_element::<String>()? {
                    ids.push(s);
                }
                Ok(IdList { ids, list: true })
            }
        }
        d.deserialize_any(V)
    }
}

/// The lesson catalogue (`lessons.yaml` at a bank root).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCatalogue {
    /// The lessons.
    pub lessons: Vec<RawCatalogueLesson>,
}

/// One seed document and its sections.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCatalogueLesson {
    /// The seed document.
    pub seed: SeedId,
    /// Its title.
    pub title: String,
    /// The engine that answers its questions.
    pub engine: Engine,
    /// Its sections, in lesson order.
    pub sections: Vec<String>,
    /// The seed's text, a `.txt` file under the bank root (`seeds/001.txt`), which quotes
    /// are checked against.
    #[serde(default)]
    pub text: Option<String>,
    /// Section → the phrases of the text where it starts (see `questions/lessons.yaml`).
    #[serde(default)]
    pub starts: BTreeMap<String, Vec<String>>,
}

/// The exam objective catalogue (`objectives.yaml` at a bank root).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawObjectives {
    /// Where the list was read.
    pub source: String,
    /// Id → text, in exam order.
    pub objectives: serde_yaml::Mapping,
}

/// The field names serde accepts for a question, read from serde's own "unknown field" error
/// so that the list cannot drift from the struct (used by the schema test and the docs).
pub fn question_fields() -> Vec<String> {
    let err = match serde_yaml::from_str::<RawQuestion>("zzz_unknown: 1") {
        Err(e) => e.to_string(),
        Ok(_) => return Vec::new(),
    };
    let list = err.split("expected one of").nth(1).unwrap_or("");
    list.split('`').skip(1).step_by(2).map(str::to_string).collect()
}
