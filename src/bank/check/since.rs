//! `since`: the first Terraform release whose behaviour a question's answer depends on,
//! computed, never typed. A terraform source is evaluated under the releases the engine
//! emulates ([`releases::RELEASES`], one per stretch between gate releases); the answer is the
//! earliest release R such that every release from R on gives the same answer (the console's rendering of the value, or the
//! error's summary) as the default release. What changed when is the engine's business (its
//! version gates, with their sources in `src/lang/dialect/releases.rs`); this file only asks.

use std::fmt;

use crate::lang::Rules;
use crate::lang::dialect::releases::{self, TfVersion};
use crate::lang::eval::DEFAULT_VERSION;
use crate::lang::value::render;

use crate::bank::engine::{self, Computed, Prepared};
use crate::bank::instance::Instance;
use crate::bank::model::{Engine, Source};

/// A Terraform release, printed as the bank writes it (`1.3`, or `1.1.8` for a patch release).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Release(pub TfVersion);

impl Release {
    /// The oldest release the engine emulates (1.0): a `since` at it says nothing.
    pub const FIRST: Release = Release((1, 0, 0));

    /// Reads `1.3`, `1.3.0`, `v1.1.8`; `None` for anything else.
    pub fn parse(text: &str) -> Option<Release> {
        let t = text.trim().trim_start_matches('v');
        let parts: Vec<&str> = t.split('.').collect();
        if !(2..=3).contains(&parts.len()) {
            return None;
        }
        let num = |i: usize| parts.get(i).map_or(Some(0), |p| p.parse::<u32>().ok());
        Some(Release((num(0)?, num(1)?, num(2)?)))
    }

    /// True when this is a release the engine emulates (one `first_release` can return).
    pub fn is_emulated(self) -> bool {
        releases::RELEASES.contains(&self.0)
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b, c) = self.0;
        if c == 0 { write!(f, "{a}.{b}") } else { write!(f, "{a}.{b}.{c}") }
    }
}

/// Why a `since` cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SinceError {
    /// Only terraform questions have Terraform releases.
    NotTerraform(Engine),
}

impl fmt::Display for SinceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SinceError::NotTerraform(e) => write!(f, "`since` is a Terraform release; a {e} question has none"),
        }
    }
}

impl std::error::Error for SinceError {}

/// The first release whose behaviour the instance's answer depends on (see the module doc).
pub fn first_release(inst: &Instance) -> Result<Release, SinceError> {
    if inst.engine != Engine::Terraform {
        return Err(SinceError::NotTerraform(inst.engine));
    }
    Ok(first_release_of(&inst.source))
}

/// The `since` a learner is shown for an instance: the author's, which `check` holds to the
/// computed one, or else the computed release; `None` for cfnrain and Rivet.
pub fn shown(inst: &Instance, stated: Option<&str>) -> Option<String> {
    match stated {
        Some(s) => Some(s.to_string()),
        None => first_release(inst).ok().map(|r| r.to_string()),
    }
}

/// [`shown`] for a question as a whole (its first instance: a release gate is crossed by the
/// source's shape, which parameters do not change).
pub fn of_question(q: &crate::bank::model::Question) -> Option<String> {
    if q.engine != Engine::Terraform {
        return None;
    }
    shown(&q.instantiate(0), q.refs.since.as_deref())
}

/// Why an author's stated `since` is not the release the engine computes for this instance;
/// `None` when they agree (or nothing is stated).
pub fn stated_problem(inst: &Instance, stated: Option<&str>) -> Option<String> {
    let stated = stated?;
    let computed = first_release(inst).ok()?;
    match Release::parse(stated) {
        Some(r) if r == computed => None,
        _ => Some(format!(
            "stated since differs: since says {stated}, but the answer is the same on every release from Terraform {computed} on (and differs before it, per the engine's version gates)"
        )),
    }
}

/// [`first_release`] for a terraform source (an instance's, placeholders already filled).
pub fn first_release_of(source: &Source) -> Release {
    if source.is_scenario() {
        return first_scenario_release(source);
    }
    let Ok(mut prepared) = engine::prepare(Engine::Terraform, source) else {
        return Release::FIRST;
    };
    let rules = Rules::real();
    let mut answer_at = |v: TfVersion| {
        if let Prepared::Terraform(s) = &mut prepared
            && let Ok(session) = s.as_mut().as_mut()
        {
            session.version = Some(v);
        }
        key(&prepared.evaluate_source(source, &rules, false).computed, v)
    };
    releases::reset_consulted();
    let reference = answer_at(DEFAULT_VERSION);
    // No gate was asked: nothing in this evaluation depends on the release.
    if !releases::consulted() {
        return Release::FIRST;
    }
    // Answers change only at the engine's gate releases, so one release per stretch between
    // two of them stands for the whole stretch. Walk down from the newest: the first stretch
    // that answers differently ends the run of releases that agree, and the gate above it is
    // where the answer starts.
    for b in releases::boundaries().into_iter().rev() {
        let Some(&below) = releases::RELEASES.iter().rev().find(|r| **r < b) else {
            continue;
        };
        if answer_at(below) != reference {
            return Release(b);
        }
    }
    Release::FIRST
}

/// What counts as "the same answer": the value as that release's console prints it (so the
/// 1.4 change of `(sensitive)` counts), a console-only text, or an error's summary.
fn key(c: &Computed, version: TfVersion) -> String {
    match c {
        Computed::Value(v) => format!("value {}", render::console_at(v, version)),
        Computed::Error(e) => format!("error {}", e.summary.to_ascii_lowercase()),
        other => format!("text {}", other.console()),
    }
}

/// [`first_release_of`] for a workflow scenario: it is run at each minor release from the
/// engine's default down to 1.0 (the workflow's gates fall on minor releases), and the answer
/// starts where the run of releases giving the default's answer ends.
fn first_scenario_release(source: &Source) -> Release {
    let answer_at = |v: TfVersion| key(&engine::scenario::engine_answer_at(source, v), v);
    let (major, newest, _) = DEFAULT_VERSION;
    let reference = answer_at(DEFAULT_VERSION);
    for minor in (0..newest).rev() {
        if answer_at((major, minor, 0)) != reference {
            return Release((major, minor + 1, 0));
        }
    }
    Release::FIRST
}

#[cfg(test)]
mod tests {
    use super::*;

    fn since(expr: &str, config: Option<&str>) -> String {
        let source = Source {
            expr: expr.into(),
            config: config.map(str::to_string),
            ..Source::default()
        };
        first_release_of(&source).to_string()
    }

    #[test]
    fn releases_print_and_parse_as_the_bank_writes_them() {
        assert_eq!(Release((1, 3, 0)).to_string(), "1.3");
        assert_eq!(Release((1, 1, 8)).to_string(), "1.1.8");
        assert_eq!(Release::parse("1.3"), Some(Release((1, 3, 0))));
        assert_eq!(Release::parse("v1.1.8"), Some(Release((1, 1, 8))));
        assert_eq!(Release::parse("1"), None);
        assert_eq!(Release::parse("1.x"), None);
        assert!(Release((1, 10, 0)).is_emulated() && !Release((1, 10, 2)).is_emulated());
    }

    // Bank-like sources: merge() has not changed since 1.0; optional() defaults arrived in
    // 1.3 (CHANGELOG v1.3.0); provider functions in 1.8 (CHANGELOG v1.8.0).
    #[test]
    fn first_release_of_bank_like_sources() {
        assert_eq!(since(r#"merge({ a = 1 }, { a = 2 })"#, None), "1.0");
        let optional = "variable \"v\" {\n  type    = object({ a = optional(string, \"z\") })\n  default = {}\n}\n";
        assert_eq!(since("var.v.a", Some(optional)), "1.3");
        let provider = "terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\", version = \"~> 6.0\" }\n  }\n}\n";
        assert_eq!(
            since(r#"provider::aws::arn_parse("arn:aws:s3:::bucket").service"#, Some(provider)),
            "1.8"
        );
        assert_eq!(since(r#"startswith("web-1", "web")"#, None), "1.3");
        assert_eq!(since(r#"element(tolist(["a", "b", "c"]), -1)"#, None), "1.10");
        // A tuple panicked in 1.10 and 1.11 (go-cty 1.16.2).
        assert_eq!(since(r#"element(["a", "b", "c"], -1)"#, None), "1.12");
        assert_eq!(since(r#"element(["a", "b", "c"], 4)"#, None), "1.0");
        assert_eq!(since(r#"[sensitive("a"), "b"]"#, None), "1.4");
    }
}
