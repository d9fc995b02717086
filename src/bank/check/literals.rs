//! Literals in a parameterised question's text that state a value the parameters change.
//!
//! The text (prompt, explanation, a distractor's why) is shown with the parameters filled in, so
//! a value written out in it, instead of as a `{{param}}`, is right for some instances and wrong
//! for the others (`tf-conditions-check-warns` said "10 days" while `days` drew 1 to 29). The
//! detector reads the literals of the un-substituted text (numbers, quoted strings, code spans)
//! and flags one that
//!
//! - equals, in some instance, a value *derived* from the parameters (the right answer, a
//!   distractor, or a scalar inside one) and is not one in some other instance; or
//! - equals, in some instance, the value of a parameter that neither the prompt nor that text
//!   shows as `{{name}}` (so the text can only be describing it in words), and not in another.
//!
//! A literal every instance shares is a constant and passes, and so does one the question's
//! source itself writes (a constant of the code shown). A literal that only coincides with a
//! parameter the prompt shows (`element(xs, {{i}})` explained with "the length (3)") is read as
//! a constant: the learner sees the parameter's value next to it.

use std::collections::{BTreeMap, BTreeSet};

use crate::lang::Value;

use crate::bank::engine::Computed;

/// Numbers too common in prose to judge ("counting from 0", "1 element"): never flagged.
const PROSE_NUMBERS: [&str; 2] = ["0", "1"];

/// One flagged literal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stale {
    /// The field it is in (`prompt`, `explain`, `distractor 2 why`).
    pub field: String,
    /// The literal.
    pub literal: String,
    /// The parameter values of an instance where it is that instance's value, for the message.
    pub instance: String,
}

/// Removes every `{{name}}` placeholder (a NUL stands in, so no literal runs across it).
fn without_placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start + 2..].find("}}") else { break };
        let inner = &rest[start + 2..start + 2 + len];
        out.push_str(&rest[..start]);
        if crate::bank::model::params::is_ident(inner.trim()) {
            out.push('\0');
        } else {
            out.push_str(&rest[start..start + 2 + len + 2]);
        }
        rest = &rest[start + 2 + len + 2..];
    }
    out.push_str(rest);
    out
}

/// The literals of `text`: its numbers (a run of digits, `.`, `/` and `:` such as `10`, `3.5`,
/// `10.0.0.0/16` or `/24`, without a closing `.` or `:`), the contents of its double-quoted
/// strings and of its backtick code spans. A literal that contained a placeholder is not one.
pub fn literals(text: &str) -> BTreeSet<String> {
    let text = without_placeholders(text);
    let mut out = BTreeSet::new();
    let chars: Vec<char> = text.chars().collect();
    let numeric = |c: char| c.is_ascii_digit() || matches!(c, '.' | '/' | ':');
    let mut i = 0;
    while i < chars.len() {
        if !numeric(chars[i]) || (i > 0 && is_word(chars[i - 1])) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && numeric(chars[i]) {
            i += 1;
        }
        let run: String = chars[start..i].iter().collect();
        let run = run.trim_end_matches(['.', ':']);
        // A number glued to letters (`v2`, `10d`, `ipv4`) is part of a name, not a value.
        if run.chars().any(|c| c.is_ascii_digit()) && (i == chars.len() || !is_word(chars[i])) {
            out.insert(run.to_string());
        }
    }
    for delim in ['"', '`'] {
        let parts: Vec<&str> = text.split(delim).collect();
        for inner in parts.iter().skip(1).step_by(2).take(parts.len().saturating_sub(1) / 2) {
            if !inner.contains('\0') && !inner.trim().is_empty() {
                out.insert(inner.to_string());
            }
        }
    }
    out
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The values one instance states.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InstanceValues {
    /// A label for messages (`days=10`).
    pub label: String,
    /// Each parameter's value (a quoted string also without its quotes).
    pub params: BTreeMap<String, String>,
    /// The right answer and the distractors, and every scalar inside them, as text.
    pub derived: BTreeSet<String>,
}

/// The values derived from an instance's parameters: the right answer and the distractors
/// (`answers`) with every scalar inside them, as text (strings without their quotes). Only
/// texts of at most `longest` bytes are kept: a literal is a piece of one of the question's
/// texts, so a longer value can never be one, and `check` keeps these for every instance
/// (a 60 MB answer is not kept 256 times).
pub fn derived_values(answers: &[&Computed], longest: usize) -> BTreeSet<String> {
    let mut out = Derived {
        longest,
        set: BTreeSet::new(),
    };
    for a in answers {
        out.insert(a.one_line());
        match a {
            Computed::Value(v) => scalars(v, &mut out),
            Computed::Text(t) => out.insert_str(t),
            Computed::Data(d) => out.insert(crate::bank::answer::data::one_line(d).trim_matches('"').to_string()),
            Computed::Error(_) => {}
        }
    }
    out.set
}

/// The derived values being gathered, each no longer than `longest`.
struct Derived {
    longest: usize,
    set: BTreeSet<String>,
}

impl Derived {
    fn insert(&mut self, s: String) {
        if s.len() <= self.longest {
            self.set.insert(s);
        }
    }
    fn insert_str(&mut self, s: &str) {
        if s.len() <= self.longest {
            self.set.insert(s.to_string());
        }
    }
}

fn scalars(v: &Value, out: &mut Derived) {
    match v {
        Value::String(s) => out.insert_str(s),
        Value::Number(n) => out.insert(n.to_text()),
        Value::Bool(b) => out.insert(b.to_string()),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().for_each(|x| scalars(x, out)),
        Value::Map(_, m) | Value::Object(m) => m.iter().for_each(|(k, x)| {
            out.insert_str(k);
            scalars(x, out);
        }),
        Value::Marked(x, _) => scalars(x, out),
        Value::Null(_) | Value::Unknown(_, _) => {}
    }
}

/// Flags the literals of `fields` (name, un-substituted text) that state a varying value (see
/// the module doc). `prompt` is the un-substituted prompt, `source` the un-substituted source
/// texts (expression, configuration, files), whose own literals are constants of the code shown.
pub fn stale_literals(fields: &[(String, &str)], prompt: &str, source: &[&str], instances: &[InstanceValues]) -> Vec<Stale> {
    let constants: BTreeSet<String> = source.iter().flat_map(|t| literals(t)).collect();
    let shown_in_prompt = crate::bank::model::params::names_in(prompt);
    let mut out = Vec::new();
    for (field, text) in fields {
        let shown: BTreeSet<String> = crate::bank::model::params::names_in(text)
            .union(&shown_in_prompt)
            .cloned()
            .collect();
        for lit in literals(text) {
            if PROSE_NUMBERS.contains(&lit.as_str()) || constants.contains(&lit) {
                continue;
            }
            let bare = |v: &String| v == &lit || v.trim_matches('"') == lit;
            let is_derived = |iv: &InstanceValues| iv.derived.contains(&lit);
            let is_hidden_param = |iv: &InstanceValues| iv.params.iter().any(|(k, v)| !shown.contains(k) && bare(v));
            let found = instances
                .iter()
                .find(|iv| is_derived(iv))
                .filter(|_| !instances.iter().all(is_derived))
                .or_else(|| {
                    instances
                        .iter()
                        .find(|iv| is_hidden_param(iv))
                        .filter(|_| !instances.iter().all(is_hidden_param))
                });
            if let Some(iv) = found {
                out.push(Stale {
                    field: field.clone(),
                    literal: lit,
                    instance: iv.label.clone(),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(xs: &[&str]) -> BTreeSet<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }

    fn instances(param: &str, values: &[&str], derived: impl Fn(&str) -> Vec<String>) -> Vec<InstanceValues> {
        values
            .iter()
            .map(|v| InstanceValues {
                label: format!("{param}={v}"),
                params: BTreeMap::from([(param.to_string(), v.to_string())]),
                derived: derived(v).into_iter().collect(),
            })
            .collect()
    }

    #[test]
    fn reads_numbers_strings_and_code() {
        let l = literals(r#"The cert has 10 days, `var.x` is "api", {{n}} and v2 or 3.5 in 10.0.0.0/16 as /24 nets: "{{n}}" 7."#);
        assert_eq!(l, set(&["10", "3.5", "api", "var.x", "10.0.0.0/16", "/24", "7"]));
    }

    #[test]
    fn a_value_the_parameter_changes_is_flagged() {
        // tf-conditions-check-warns as it was: "10 days" while `days` draws 9, 10 or 11, and the
        // prompt does not show {{days}}.
        let outcome = |_: &str| vec!["warning".to_string()];
        let ivs = instances("days", &["9", "10", "11"], outcome);
        let fields = [("prompt".to_string(), "The certificate has 10 days left; is it a `warning`?")];
        let source = ["default = {{days}}\ncondition = var.days_left > 30"];
        let found = stale_literals(&fields, fields[0].1, &source, &ivs);
        let want = Stale {
            field: "prompt".into(),
            literal: "10".into(),
            instance: "days=10".into(),
        };
        assert_eq!(found, vec![want]);
        // A value derived from the parameter is flagged even where the prompt shows it.
        let ivs = instances("start", &["0", "2", "3"], |s| vec![format!("x{s}")]);
        let fields = [("explain".to_string(), "From {{start}} the slice gives \"x2\".")];
        let found = stale_literals(&fields, "slice(xs, {{start}})", &[], &ivs);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].literal, "x2");
    }

    #[test]
    fn constants_and_shown_parameters_pass() {
        let ivs = instances("i", &["2", "3", "4"], |s| vec![format!("zone-{s}"), "fixed".to_string()]);
        // `4` is the source's own constant; 3 only coincides with {{i}}, which the prompt shows;
        // "fixed" is in every instance; 0 is a prose number.
        let prompt = "What does `slice(local.xs, {{i}}, 4)` give, counting from 0?";
        let fields = [
            ("prompt".to_string(), prompt),
            ("explain".to_string(), "The length (3) is the modulus and \"fixed\" stays."),
        ];
        assert!(stale_literals(&fields, prompt, &["slice(local.xs, {{i}}, 4)"], &ivs).is_empty());
        let derived = derived_values(&[&Computed::Value(Value::Tuple(vec![Value::string("x".to_string())]))], 100);
        assert!(derived.contains("x") && derived.contains("[\"x\"]"), "{derived:?}");
        // Nothing longer than the question's longest text is kept: it could not be a literal.
        let long = Value::Tuple(vec![Value::string("y".repeat(50)), Value::string("z".to_string())]);
        assert_eq!(derived_values(&[&Computed::Value(long)], 10), set(&["z"]));
    }
}
