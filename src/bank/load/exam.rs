//! A second exam a question may serve: the Terraform Associate (004) exam
//! (`exams/associate-004.yaml`), its published facts and its objectives, each marked with
//! whether iacquiz's engines can compute questions for it. A question names its objectives
//! in `associate:`.

use serde::Deserialize;

/// Where the Terraform Associate (004) exam file sits in a bank root.
pub const ASSOCIATE: &str = "exams/associate-004.yaml";

/// One objective of an exam.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExamObjective {
    /// `4f`.
    pub id: String,
    /// Its text, verbatim.
    pub text: String,
    /// Whether the engines can compute questions for it.
    pub computable: bool,
    /// Why not, when they cannot.
    pub why: Option<String>,
}

/// An exam's objectives, grouped by domain; empty when no exam file was read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Exam {
    /// `associate-004`.
    pub id: String,
    /// The exam's name.
    pub name: String,
    /// The Terraform release the exam tests (`1.12`).
    pub terraform: String,
    /// Where the list was read.
    pub source: String,
    /// (domain id, heading), in exam order.
    pub domains: Vec<(String, String)>,
    /// The objectives, in exam order.
    pub objectives: Vec<ExamObjective>,
}

impl Exam {
    /// True when no exam file was read.
    pub fn is_empty(&self) -> bool {
        self.objectives.is_empty()
    }

    /// The objective `id`.
    pub fn objective(&self, id: &str) -> Option<&ExamObjective> {
        self.objectives.iter().find(|o| o.id == id)
    }

    /// Why `id` is not an objective of this exam a question may name; `None` when it is (or
    /// when no exam file was read).
    pub fn problem(&self, id: &str) -> Option<String> {
        if self.is_empty() || self.objective(id).is_some() {
            return None;
        }
        let known: Vec<&str> = self.objectives.iter().map(|o| o.id.as_str()).collect();
        if self.domains.iter().any(|(d, _)| d == id) {
            let subs: Vec<&str> = known.iter().filter(|k| k.starts_with(id)).copied().collect();
            return Some(format!(
                "associate objective {id:?} is a domain heading of {ASSOCIATE}: name one of its objectives ({})",
                subs.join(", ")
            ));
        }
        Some(format!(
            "associate objective {id:?} is not in {ASSOCIATE} (the {} objectives are: {})",
            self.name,
            known.join(", ")
        ))
    }
}

/// The exam file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawExam {
    /// `associate-004`.
    pub id: String,
    /// The exam's name.
    pub name: String,
    /// The Terraform release it tests.
    pub terraform: String,
    /// The first day it can be taken (`2026-01-08`).
    #[serde(default)]
    pub released: Option<String>,
    /// The assessment type, as published.
    #[serde(default)]
    pub assessment: Option<String>,
    /// How it is delivered, as published.
    #[serde(default)]
    pub format: Option<String>,
    /// How long it lasts, as published.
    #[serde(default)]
    pub duration: Option<String>,
    /// Its language, as published.
    #[serde(default)]
    pub language: Option<String>,
    /// How long the credential lasts, as published.
    #[serde(default)]
    pub expiration: Option<String>,
    /// Where the objectives were read.
    pub source: String,
    /// The domains and their objectives.
    pub domains: Vec<RawDomain>,
}

/// One domain as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDomain {
    /// `4` (written `domain:`, so that no line of the file looks like a question's `- id:`).
    pub domain: String,
    /// Its heading.
    pub title: String,
    /// Its objectives.
    pub objectives: Vec<RawExamObjective>,
}

/// One objective as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawExamObjective {
    /// `4f`.
    pub id: String,
    /// Its text.
    pub text: String,
    /// Whether the engines can compute questions for it.
    pub computable: bool,
    /// Why not (required when `computable` is false).
    #[serde(default)]
    pub why: Option<String>,
}

/// Reads an exam file; the problems are messages about the file as a whole.
pub fn parse(text: &str) -> Result<Exam, Vec<String>> {
    let raw: RawExam = serde_yaml::from_str(text).map_err(|e| vec![e.to_string()])?;
    let mut problems = Vec::new();
    let mut exam = Exam {
        id: raw.id,
        name: raw.name,
        terraform: raw.terraform,
        source: raw.source,
        ..Exam::default()
    };
    for d in raw.domains {
        if d.domain.is_empty() || !d.domain.bytes().all(|b| b.is_ascii_digit()) {
            problems.push(format!("domain {:?}: a domain id is a number (\"4\")", d.domain));
        }
        if exam.domains.iter().any(|(id, _)| id == &d.domain) {
            problems.push(format!("domain {:?} is listed twice", d.domain));
        }
        for o in d.objectives {
            let letter = o.id.strip_prefix(d.domain.as_str()).unwrap_or("");
            if letter.len() != 1 || !letter.bytes().all(|b| b.is_ascii_lowercase()) {
                problems.push(format!(
                    "objective {:?} is under domain {:?}: its id is the domain's number and one letter ({}a)",
                    o.id, d.domain, d.domain
                ));
            }
            if exam.objective(&o.id).is_some() {
                problems.push(format!("objective {:?} is listed twice", o.id));
            }
            if o.text.trim().is_empty() {
                problems.push(format!("objective {:?} has no text", o.id));
            }
            let why = o.why.filter(|w| !w.trim().is_empty());
            match (o.computable, &why) {
                (false, None) => problems.push(format!("objective {:?} is not computable: say why in `why:`", o.id)),
                (true, Some(_)) => problems.push(format!(
                    "objective {:?} is computable: `why:` is only for an objective that is not",
                    o.id
                )),
                _ => {}
            }
            exam.objectives.push(ExamObjective {
                id: o.id,
                text: o.text,
                computable: o.computable,
                why,
            });
        }
        exam.domains.push((d.domain, d.title));
    }
    if exam.objectives.is_empty() {
        problems.push("the exam lists no objectives".to_string());
    }
    if problems.is_empty() { Ok(exam) } else { Err(problems) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "id: x\nname: X\nterraform: \"1.12\"\nsource: https://example.com\ndomains:\n  - domain: \"4\"\n    title: Config\n    objectives:\n      - {id: 4f, text: Dependencies, computable: true}\n      - {id: 4h, text: Vault, computable: false, why: hosted}\n";

    #[test]
    fn an_exam_file_is_read_and_unknown_ids_are_refused() {
        let exam = match parse(SMALL) {
            Ok(e) => e,
            Err(e) => panic!("{e:?}"),
        };
        assert_eq!(exam.objectives.len(), 2);
        assert_eq!(exam.problem("4f"), None);
        let unknown = exam.problem("4z").unwrap_or_default();
        assert!(unknown.contains("\"4z\"") && unknown.contains("4f, 4h"), "{unknown}");
        assert!(exam.problem("4").unwrap_or_default().contains("domain heading"));
        assert_eq!(Exam::default().problem("4z"), None, "no exam file, nothing to check against");
    }

    #[test]
    fn a_non_computable_objective_says_why() {
        let bad = SMALL.replace(", why: hosted", "");
        let errs = parse(&bad).err().unwrap_or_default();
        assert!(errs.iter().any(|e| e.contains("say why")), "{errs:?}");
        let bad = SMALL.replace("id: 4f", "id: 5f");
        assert!(parse(&bad).is_err());
    }
}
