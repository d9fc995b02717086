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

/// A source whose answer the misconception changes, in the fields a question of the entry's
/// engine uses: terraform `expr` (or `conditions`), `config`, `files`; cfnrain `template`,
/// `files`, `select` or `keys`; rivet `files`, `vars`, `facts`, `select`, `old_files`.
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
    /// Files the source may read (cfnrain module files, rivet `.rvt` files).
    #[serde(default)]
    pub files: BTreeMap<String, String>,
    /// cfnrain: the parent template.
    #[serde(default)]
    pub template: Option<String>,
    /// cfnrain and rivet: the part of the result that is the answer.
    #[serde(default)]
    pub select: Option<String>,
    /// cfnrain: the path whose keys are the answer.
    #[serde(default)]
    pub keys: Option<String>,
    /// rivet: root variables (YAML values).
    #[serde(default)]
    pub vars: BTreeMap<String, serde_yaml::Value>,
    /// rivet: facts.
    #[serde(default)]
    pub facts: BTreeMap<String, String>,
    /// rivet: the earlier configuration, for a diff.
    #[serde(default)]
    pub old_files: Option<BTreeMap<String, String>>,
    /// terraform: a workflow scenario's steps (the bank's `steps`).
    #[serde(default)]
    pub steps: Vec<serde_yaml::Value>,
    /// terraform: what of the scenario's last command is the answer (the bank's `ask`).
    #[serde(default)]
    pub ask: Option<String>,
}

impl Example {
    /// Why the example is not a source of `engine` (`None`: it is one).
    fn problem(&self, engine: &str) -> Option<&'static str> {
        match engine {
            "terraform" if self.expr.is_none() && self.conditions.is_none() && self.steps.is_empty() => {
                Some("its example needs an expr, a conditions address or a scenario's steps")
            }
            "terraform" if !self.steps.is_empty() && self.ask.is_none() => Some("its scenario example needs `ask`"),
            "cfnrain" if self.template.is_none() => Some("its example needs a template (and the module files it names)"),
            "rivet" if !self.files.keys().any(|k| !k.contains('/') && k.ends_with(".rvt")) => {
                Some("its example needs files with a .rvt file at the top (main.rvt)")
            }
            "terraform" | "cfnrain" | "rivet" => None,
            _ => Some("its engine must be terraform, cfnrain or rivet"),
        }
    }
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
    #[serde(default)]
    pervasive: bool,
    #[serde(default)]
    source: Option<String>,
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
    /// True when the belief changes nearly every answer of its engine (module IDs without a
    /// prefix, slots from 1, unquoted keys): it is then a question's choice only where the
    /// question lists it, so that no one belief is a distractor everywhere.
    pub pervasive: bool,
    /// Where learners are seen to hold the belief (a docs page's warning, a Q&A thread, an
    /// exam-prep bank): required for the workflow's beliefs.
    pub source: Option<String>,
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
        if let Some(p) = r.example.problem(&r.engine) {
            return Err(format!("misconception {}: {p}", r.id));
        }
        out.push(Misconception {
            id: r.id,
            engine: r.engine,
            rule,
            belief: r.belief,
            real: r.real,
            lesson: r.lesson,
            example: r.example,
            pervasive: r.pervasive,
            source: r.source,
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
    use crate::lang::dialect::rules::RULE_NAMES;

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
    fn cfnrain_and_rivet_have_their_misconceptions() {
        let c = parse(SOURCE).expect("catalogue parses");
        for (engine, ids) in [
            (
                "cfnrain",
                &[
                    "override-list-replaces",
                    "override-map-replaces",
                    "no-logical-id-prefix",
                    "source-relative-to-cwd",
                    "ref-to-output-works",
                    "override-can-remove",
                    "params-override-via-overrides",
                    "module-resources-first",
                    "override-dependson-renamed",
                    "override-values-keep-parent-names",
                    "override-of-omitted-resource-fails",
                    "override-metadata-sets-parameter-keys",
                    "insert-file-beside-the-module",
                ][..],
            ),
            (
                "rivet",
                &[
                    "list-is-implicit-set",
                    "count-index-from-one",
                    "reorder-changes-named-addresses",
                    "removal-deletes-objects",
                    "string-and-numeric-keys-interchangeable",
                    "sensitive-keys-allowed",
                    "limits-per-module",
                ][..],
            ),
        ] {
            for id in ids {
                assert!(c.iter().any(|m| m.id == *id && m.engine == engine), "{engine} has {id}");
            }
        }
        // Every rule switch of the two engines is some misconception's (the workflow's
        // switches, from CountDropsHighestIndexes on, are terraform's).
        let switches: Vec<Rule> = RULE_NAMES
            .iter()
            .map(|(r, _)| *r)
            .skip_while(|r| *r != Rule::ListIsImplicitSet)
            // The workflow's rules (terraform's, lesson 004) follow them.
            .take_while(|r| *r != Rule::CountDropsHighestIndexes)
            .collect();
        assert_eq!(switches.len(), 37, "16 rivet and 21 cfnrain switches");
        for r in switches {
            let m = c.iter().find(|m| m.rule == r);
            assert!(
                m.is_some_and(|m| m.engine != "terraform"),
                "rule {} has a cfnrain or rivet misconception",
                r.name()
            );
        }
    }

    #[test]
    fn examples_fit_their_engine() {
        let entry = |engine: &str, example: &str| {
            format!(
                "- id: x\n  engine: {engine}\n  rule: override-list-replaces\n  belief: b\n  real: r\n  lesson: {{seed: '002', section: s}}\n  example: {example}\n"
            )
        };
        assert!(parse(&entry("cfnrain", "{template: 'Resources: {}'}")).is_ok());
        assert!(parse(&entry("cfnrain", "{expr: '1'}")).unwrap_err().contains("needs a template"));
        assert!(
            parse(&entry("rivet", "{files: {modules/a/main.rvt: ''}}"))
                .unwrap_err()
                .contains("main.rvt")
        );
        assert!(parse(&entry("rivet", "{files: {main.rvt: ''}}")).is_ok());
        assert!(parse(&entry("nomad", "{expr: '1'}")).is_err());
    }

    #[test]
    fn bad_catalogues_are_refused() {
        assert!(parse("- id: x\n  engine: terraform\n  rule: no-such-rule\n  belief: b\n  real: r\n  lesson: {seed: '001', section: s}\n  example: {expr: '1'}\n").is_err());
        assert!(parse("- id: x\n  bogus: 1\n").is_err());
    }
}
