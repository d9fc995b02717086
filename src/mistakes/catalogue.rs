//! The misconception catalogue (`assets/misconceptions.yaml`, embedded at build time): each
//! entry names the engine rule it flips, the belief, the real rule and the lesson section.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::lang::Rule;

/// The catalogue's text, as shipped.
pub const SOURCE: &str = include_str!("../../assets/misconceptions.yaml");

/// Where the lesson teaches the real rule.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The seed file's number (`001`).
    pub seed: String,
    /// The section's title.
    pub section: String,
}

/// A source whose answer the misconception changes.
#[derive(Clone, Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// An expression to evaluate.
    #[serde(default)]
    pub expr: Option<String>,
    /// Or a condition's address, for `conditions` examples.
    #[serde(default)]
    pub conditions: Option<String>,
    /// Inline `.tf` text.
    #[serde(default)]
    pub config: Option<String>,
    /// Files the source may read.
    #[serde(default)]
    pub files: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    id: String,
    engine: String,
    rule: String,
    belief: String,
    real: String,
    lesson: Lesson,
    example: Example,
}

/// One misconception.
#[derive(Clone, Debug)]
pub struct Misconception {
    /// Its stable id (`merge-first-wins`).
    pub id: String,
    /// The engine whose rule it flips (`terraform`).
    pub engine: String,
    /// The rule flipped.
    pub rule: Rule,
    /// The belief, in one sentence.
    pub belief: String,
    /// The real rule, in one sentence.
    pub real: String,
    /// Where the lesson teaches it.
    pub lesson: Lesson,
    /// A source whose answer it changes.
    pub example: Example,
}

impl Misconception {
    /// The explanation shown for an answer this misconception produces.
    pub fn explanation(&self) -> String {
        format!("{} In fact: {}", self.belief, self.real)
    }
}

/// Parses a catalogue text, checking every rule name and id.
pub fn parse(text: &str) -> Result<Vec<Misconception>, String> {
    let raw: Vec<Raw> = serde_yaml::from_str(text).map_err(|e| format!("assets/misconceptions.yaml: {e}"))?;
    let mut out: Vec<Misconception> = Vec::new();
    for r in raw {
        let rule = Rule::from_name(&r.rule).ok_or_else(|| format!("misconception {}: no rule named {:?}", r.id, r.rule))?;
        if out.iter().any(|m| m.id == r.id) {
            return Err(format!("misconception {}: duplicate id", r.id));
        }
        if r.example.expr.is_none() && r.example.conditions.is_none() {
            return Err(format!("misconception {}: its example needs an expr or a conditions address", r.id));
        }
        out.push(Misconception {
            id: r.id,
            engine: r.engine,
            rule,
            belief: r.belief,
            real: r.real,
            lesson: r.lesson,
            example: r.example,
        });
    }
    Ok(out)
}

/// The shipped catalogue (empty if it failed to parse; a test makes sure it does not).
pub fn catalogue() -> &'static [Misconception] {
    static CAT: OnceLock<Vec<Misconception>> = OnceLock::new();
    CAT.get_or_init(|| parse(SOURCE).unwrap_or_default())
}

/// The misconceptions that flip `rule`.
pub fn for_rule(rule: Rule) -> impl Iterator<Item = &'static Misconception> {
    catalogue().iter().filter(move |m| m.rule == rule)
}

/// The misconception with this id.
pub fn by_id(id: &str) -> Option<&'static Misconception> {
    catalogue().iter().find(|m| m.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_catalogue_parses_with_enough_entries() {
        let c = parse(SOURCE).expect("catalogue parses");
        assert!(
            c.iter().filter(|m| m.engine == "terraform").count() >= 40,
            "at least 40 terraform misconceptions"
        );
        for id in [
            "merge-first-wins",
            "merge-deep",
            "sort-numeric",
            "slice-end-inclusive",
            "slice-returns-element",
            "element-no-wrap",
            "negative-index",
            "map-insertion-order",
            "set-keeps-order-and-duplicates",
            "for-duplicate-key-last-wins",
            "group-without-ellipsis",
            "coalesce-empty-is-value",
            "null-check-on-missing-attribute",
            "optional-null-stays-null",
            "optional-no-nested-defaults",
            "optional-extra-attrs-error",
            "replace-always-literal",
            "replace-always-regex",
            "cidrsubnets-packed-no-alignment",
            "jsonencode-source-order",
            "jsonencode-numbers-as-strings",
            "template-sees-caller-scope",
            "dynamic-key-is-one-based",
            "dynamic-uses-each",
            "check-blocks-apply",
            "unknown-condition-skipped",
            "setproduct-binds-halves",
            "flatten-one-level",
            "length-counts-bytes",
            "nested-call-order-irrelevant",
        ] {
            assert!(c.iter().any(|m| m.id == id), "the catalogue has {id}");
        }
    }

    #[test]
    fn bad_catalogues_are_refused() {
        assert!(parse("- id: x\n  engine: terraform\n  rule: no-such-rule\n  belief: b\n  real: r\n  lesson: {seed: '001', section: s}\n  example: {expr: '1'}\n").is_err());
        assert!(parse("- id: x\n  bogus: 1\n").is_err());
    }
}
