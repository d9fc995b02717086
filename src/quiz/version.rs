//! The Terraform release the learner's exam uses (HashiCorp's Professional exam labs run 1.6):
//! every terraform question is asked, answered and explained at it, a question whose feature
//! that release does not have yet is left out, and feedback says where the newest release
//! answers otherwise. The engine's version gates decide everything; this file only sets the
//! release on the questions' sources and reads what the gates give.

use std::collections::{BTreeMap, BTreeSet};

use crate::bank::check::since::{self, Release};
use crate::bank::{Bank, Engine, Instance, Question};
use crate::lang::dialect::releases::{self, Arrival, TfVersion};
use crate::lang::eval::DEFAULT_VERSION;

use super::progress::{Progress, Store};

/// The errors an older release gives where a feature is missing (an unknown function, a block
/// type it does not know, `terraform_data`, `optional()` attributes), as the gates word them:
/// a question answered by one of them at the exam's release, and by something else at the
/// newest one, asks about a feature the exam's Terraform does not have.
const ABSENT: &[&str] = &[
    "Call to unknown function",
    "Unsupported block type",
    "Invalid resource type",
    "Optional object type attributes are experimental",
    "Invalid type specification",
];

/// Reads an exam release as a learner writes it (`1.6`, `1.6.0`, `v1.6.6`): any release from
/// 1.0 to the newest minor release the engine emulates.
pub fn parse(text: &str) -> Result<TfVersion, String> {
    let newest = DEFAULT_VERSION;
    let r = Release::parse(text).ok_or_else(|| {
        format!(
            "{text:?} is not a release such as 1.6 (iacquiz emulates Terraform 1.0 to {})",
            Release(newest)
        )
    })?;
    if r < Release::FIRST || (r.0.0, r.0.1) > (newest.0, newest.1) {
        return Err(format!(
            "Terraform {r}: iacquiz emulates Terraform 1.0 to {}; pick one of those (HashiCorp's Professional exam labs use 1.6)",
            Release(newest)
        ));
    }
    Ok(r.0)
}

/// The release kept in the progress store; the newest one when none is (or it is unreadable:
/// the store is a file anyone can edit).
pub fn stored(progress: &Progress) -> TfVersion {
    progress
        .terraform_version
        .as_deref()
        .and_then(|t| parse(t).ok())
        .unwrap_or(DEFAULT_VERSION)
}

/// Keeps `version` in the progress store (nothing kept for the newest release, so a store
/// written by an older iacquiz keeps meaning what it meant).
pub fn keep(progress: &mut Progress, version: TfVersion) {
    progress.terraform_version = (version != DEFAULT_VERSION).then(|| Release(version).to_string());
}

/// Applies `--terraform-version` to the store: a release given wins over the kept one and is
/// kept (saved at once when `save`; a read-only instance writes nothing) for the next run;
/// none given leaves the kept one as it is.
pub fn keep_flag(store: &mut Store, flag: Option<&str>, save: bool) -> Result<(), String> {
    let Some(text) = flag else { return Ok(()) };
    keep(&mut store.progress, parse(text)?);
    if save { store.save() } else { Ok(()) }
}

/// The release a source is evaluated at: its own (`terraform_version`, set by its author or
/// by the exam), else `exam` (a playground without a question).
pub fn of_source(source: Option<&crate::bank::Source>, exam: TfVersion) -> TfVersion {
    source
        .and_then(|s| s.terraform_version.as_deref())
        .and_then(|t| crate::lang::dialect::releases::parse_version(t).ok())
        .unwrap_or(exam)
}

/// The minor releases a learner steps through on Home (1.0 .. 1.14): exams name a minor
/// release; the patch releases where a behaviour changed stay reachable by
/// `--terraform-version`.
fn minors() -> impl DoubleEndedIterator<Item = TfVersion> {
    releases::RELEASES.iter().copied().filter(|r| r.2 == 0)
}

/// The minor release after `v` among the emulated ones, the oldest after the newest.
pub fn next(v: TfVersion) -> TfVersion {
    minors().find(|r| *r > v).unwrap_or((1, 0, 0))
}

/// The minor release before `v` among the emulated ones, the newest before the oldest.
pub fn previous(v: TfVersion) -> TfVersion {
    minors().rev().find(|r| *r < v).unwrap_or(DEFAULT_VERSION)
}

/// `Terraform 1.6`, as the header and `stats` name the release.
pub fn label(v: TfVersion) -> String {
    format!("Terraform {}", Release(v))
}

/// The exam's release and what it leaves out of the bank.
#[derive(Clone, Debug)]
pub struct ExamVersion {
    /// The release questions are asked at.
    pub version: TfVersion,
    /// The questions whose feature is younger, each with the first release that has it.
    pub skipped: BTreeMap<String, Release>,
    /// The questions whose author set a release of their own (their prompt says which): they
    /// keep it whatever the exam's release.
    pinned: BTreeSet<String>,
    /// The prompts that name the newest release (`In Terraform 1.14, what does ...`), as
    /// written: asked at another release, they name that one.
    prompts: BTreeMap<String, String>,
}

impl ExamVersion {
    /// The newest release over `bank` as it was loaded (nothing set, nothing left out).
    pub fn new(bank: &Bank) -> ExamVersion {
        ExamVersion {
            version: DEFAULT_VERSION,
            skipped: BTreeMap::new(),
            pinned: bank
                .questions()
                .iter()
                .filter(|q| q.source.terraform_version.is_some())
                .map(|q| q.id.clone())
                .collect(),
            prompts: bank
                .questions()
                .iter()
                .filter(|q| q.engine == Engine::Terraform && q.prompt.contains(&label(DEFAULT_VERSION)))
                .map(|q| (q.id.clone(), q.prompt.clone()))
                .collect(),
        }
    }

    /// Sets `version` on every terraform question of `bank` whose author set none (a prompt
    /// naming the newest release names `version` instead), and works out which questions it
    /// leaves out.
    pub fn set(&mut self, bank: &mut Bank, version: TfVersion) {
        self.version = version;
        let text = (version != DEFAULT_VERSION).then(|| Release(version).to_string());
        for q in bank.questions_mut() {
            if q.engine == Engine::Terraform && !self.pinned.contains(&q.id) {
                q.source.terraform_version = text.clone();
                if let Some(p) = self.prompts.get(&q.id) {
                    q.prompt = p.replace(&label(DEFAULT_VERSION), &label(version));
                }
            }
        }
        self.skipped = if version == DEFAULT_VERSION {
            BTreeMap::new()
        } else {
            bank.questions()
                .iter()
                .filter(|q| q.engine == Engine::Terraform && !self.pinned.contains(&q.id))
                .filter_map(|q| needs(q, version).map(|r| (q.id.clone(), r)))
                .collect()
        };
    }

    /// True for a question the exam's release leaves out.
    pub fn skips(&self, id: &str) -> bool {
        self.skipped.contains_key(id)
    }

    /// What the learner is told about the questions left out (`None` when none is): `3
    /// questions need Terraform ≥ 1.8 and are skipped`.
    pub fn skip_note(&self) -> Option<String> {
        let n = self.skipped.len();
        if n == 0 {
            return None;
        }
        let mut by: BTreeMap<Release, usize> = BTreeMap::new();
        for r in self.skipped.values() {
            *by.entry(*r).or_default() += 1;
        }
        let s = if n == 1 { " needs" } else { "s need" };
        let at = Release(self.version);
        Some(if by.len() == 1 {
            let r = by.keys().next().copied().unwrap_or(Release(DEFAULT_VERSION));
            format!("{n} question{s} Terraform ≥ {r} and {} skipped at {at}.", are(n))
        } else {
            let parts: Vec<String> = by.iter().map(|(r, k)| format!("≥ {r}: {k}")).collect();
            format!(
                "{n} question{s} a newer Terraform ({}) and {} skipped at {at}.",
                parts.join(", "),
                are(n)
            )
        })
    }
}

fn are(n: usize) -> &'static str {
    if n == 1 { "is" } else { "are" }
}

/// The release a terraform question's feature needs, when its source (set to `version`) asks
/// for one that `version` does not have: its answer changes after `version`, and at `version`
/// it is the error a missing feature gives. A question whose answer only changes (`element()`
/// of a negative index is an error before 1.10) is asked, with the difference in its feedback.
pub fn needs(q: &Question, version: TfVersion) -> Option<Release> {
    // A gate is crossed by the source's shape, which parameters do not change (as `since`).
    let inst = q.instantiate(0);
    let from = since::first_release_of(&inst.source);
    if from <= Release(version) {
        return None;
    }
    let real = inst.real().ok()?;
    let e = real.computed.error()?;
    let absent = ABSENT.iter().any(|a| e.summary.eq_ignore_ascii_case(a))
        || (!releases::has(version, &releases::PROVIDER_FUNCTIONS) && inst.source.texts().iter().any(|(_, t)| t.contains("::")));
    absent.then_some(from)
}

/// What feedback says when the instance, asked at an older release than the newest, has
/// another answer at the newest one: `In Terraform 1.14 this is "c" instead; changed in 1.10:
/// <the release note>`. `None` for an instance at the newest release, or one whose answer
/// has not changed since.
pub fn difference(q: &Question, inst: &Instance) -> Option<String> {
    if inst.engine != Engine::Terraform {
        return None;
    }
    let at = inst.source.terraform_version.as_deref()?;
    let mut newest = q.clone();
    newest.source.terraform_version = None;
    let now = newest.instance_with(inst.values.clone(), inst.seed).correct_answer().ok()?;
    let then = inst.correct_answer().ok()?;
    if now.text == then.text {
        return None;
    }
    let from = since::first_release_of(&inst.source);
    let why = arrival_at(from, inst).map(|a| format!(": {}", a.source)).unwrap_or_default();
    Some(format!(
        "Asked at Terraform {at}. In Terraform {} this is {} instead; changed in {from}{why}",
        Release(DEFAULT_VERSION),
        now.text
    ))
}

/// The gate at release `r` that the instance crosses: a function of that release the source
/// calls, else a feature of that release (a block, a syntax, a behaviour), else the first.
fn arrival_at(r: Release, inst: &Instance) -> Option<&'static Arrival> {
    let texts = inst.source.texts();
    let calls = |a: &&Arrival| texts.iter().any(|(_, t)| t.contains(&format!("{}(", a.name)));
    let functions = releases::FUNCTIONS.iter().filter(|a| a.since == r.0);
    // A block's arrival explains a difference only where the source has such a block.
    let has_block = |kind: &str| {
        texts.iter().any(|(_, t)| {
            t.lines()
                .any(|l| l.trim_start().strip_prefix(kind).is_some_and(|rest| rest.starts_with([' ', '{'])))
        })
    };
    // A change that needs some text in the source explains a difference only where it is.
    let markers: [(&Arrival, &[&str]); 11] = [
        (&releases::VARIABLE_NULLABLE, &["nullable"]),
        (&releases::EPHEMERAL_VALUES, &["ephemeral"]),
        (&releases::TERRAFORM_APPLYING, &["terraform."]),
        (&releases::TERRAFORM_ENV_WORDING, &["terraform.env"]),
        (&releases::VALIDATION_MESSAGE_EXPRESSIONS, &["validation"]),
        (&releases::VALIDATION_CONSTANT_CONDITION, &["validation"]),
        (&releases::VALIDATION_ANY_REFERENCES, &["validation"]),
        (&releases::TRY_EVALUATES_UNKNOWNS, &["try(", "can("]),
        (&releases::UNKNOWN_CALL_KEEPS_MARKS, &["sensitive"]),
        (&releases::MARKS_THROUGH_CONDITIONS, &["sensitive"]),
        (&releases::ISSENSITIVE_UNKNOWN, &["issensitive("]),
    ];
    let in_source = |a: &&Arrival| {
        markers
            .iter()
            .find(|(m, _)| m == a)
            .is_none_or(|(_, words)| words.iter().any(|w| texts.iter().any(|(_, t)| t.contains(w))))
    };
    let features = releases::FEATURES
        .iter()
        .filter(|a| a.since == r.0)
        .filter(|a| a.name.strip_suffix(" blocks").is_none_or(has_block))
        .filter(in_source);
    functions
        .clone()
        .find(calls)
        .or_else(|| features.clone().next())
        .or_else(|| functions.clone().next())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_are_read_kept_and_cycled() {
        assert_eq!(parse("1.6"), Ok((1, 6, 0)));
        assert_eq!(parse("v1.6.6"), Ok((1, 6, 6)));
        assert!(parse("0.15").is_err() && parse("1.15").is_err() && parse("six").is_err());
        let mut p = Progress::default();
        assert_eq!(stored(&p), DEFAULT_VERSION);
        keep(&mut p, (1, 6, 0));
        assert_eq!(p.terraform_version.as_deref(), Some("1.6"));
        assert_eq!(stored(&p), (1, 6, 0));
        keep(&mut p, DEFAULT_VERSION);
        assert_eq!(p.terraform_version, None);
        assert_eq!(next((1, 6, 0)), (1, 7, 0));
        assert_eq!(next(DEFAULT_VERSION), (1, 0, 0));
        assert_eq!(previous((1, 0, 0)), DEFAULT_VERSION);
        // Home steps through minor releases; a patch release given by flag steps to its neighbours.
        assert_eq!(previous((1, 2, 0)), (1, 1, 0));
        assert_eq!(next((1, 11, 2)), (1, 12, 0));
        assert_eq!(previous((1, 11, 2)), (1, 11, 0));
        assert_eq!(label((1, 6, 0)), "Terraform 1.6");
    }
}
