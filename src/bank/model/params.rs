//! Parameters: named values drawn per instance from a list or an integer range with a seeded
//! RNG, and the `{{name}}` placeholders they fill in.

use std::collections::{BTreeMap, BTreeSet};

use crate::bank::model::rng::Rng;

/// Where one parameter's values come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamSpec {
    /// One of these texts.
    OneOf(Vec<String>),
    /// An integer in `min..=max`.
    Range {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
}

impl ParamSpec {
    /// True when `value` is one this spec can draw (a kept instance is checked against the
    /// bank before it is asked again: the bank may have changed, the store may be edited).
    pub fn allows(&self, value: &str) -> bool {
        match self {
            ParamSpec::OneOf(vs) => vs.iter().any(|v| v == value),
            ParamSpec::Range { min, max } => value.parse::<i64>().is_ok_and(|n| (*min..=*max).contains(&n)),
        }
    }
}

/// A question's parameters, by name.
pub type Params = BTreeMap<String, ParamSpec>;

/// Reads one parameter's spec from YAML: a list (`[25, 110]`), `{one_of: [...]}` or
/// `{min: 1, max: 5}`. The error says what is wrong in words an author can act on.
pub fn parse_spec(name: &str, v: &serde_yaml::Value) -> Result<ParamSpec, String> {
    use serde_yaml::Value as Y;
    if !is_ident(name) {
        return Err(format!(
            "param name {name:?} is not usable in a placeholder: use letters, digits and _ (starting with a letter or _)"
        ));
    }
    let list = |items: &Vec<Y>| -> Result<ParamSpec, String> {
        if items.is_empty() {
            return Err(format!("param `{name}`: the list of values is empty; give at least one"));
        }
        let mut out = Vec::new();
        for (i, it) in items.iter().enumerate() {
            match scalar_text(it) {
                Some(t) => out.push(t),
                None => {
                    return Err(format!(
                        "param `{name}`: value {} is not a string, number or bool (lists and maps cannot be substituted)",
                        i + 1
                    ));
                }
            }
        }
        Ok(ParamSpec::OneOf(out))
    };
    match v {
        Y::Sequence(items) => list(items),
        Y::Mapping(m) => {
            let mut one_of = None;
            let mut min = None;
            let mut max = None;
            for (k, val) in m {
                match k.as_str() {
                    Some("one_of") => one_of = Some(val),
                    Some("min") => min = Some(val),
                    Some("max") => max = Some(val),
                    _ => {
                        let key = scalar_text(k).unwrap_or_else(|| "?".into());
                        return Err(format!(
                            "param `{name}`: unknown key `{key}`, expected `one_of`, or `min` and `max`"
                        ));
                    }
                }
            }
            match (one_of, min, max) {
                (Some(Y::Sequence(items)), None, None) => list(items),
                (Some(_), None, None) => Err(format!("param `{name}`: `one_of` must be a list of values")),
                (None, Some(lo), Some(hi)) => {
                    let int = |x: &Y, which: &str| {
                        x.as_i64()
                            .ok_or_else(|| format!("param `{name}`: `{which}` must be an integer, got {}", describe(x)))
                    };
                    let (lo, hi) = (int(lo, "min")?, int(hi, "max")?);
                    if lo > hi {
                        return Err(format!("param `{name}`: bad range: min {lo} is greater than max {hi}"));
                    }
                    Ok(ParamSpec::Range { min: lo, max: hi })
                }
                (Some(_), _, _) => Err(format!("param `{name}`: use either `one_of` or `min`/`max`, not both")),
                (None, None, None) => Err(format!("param `{name}`: give `one_of: [...]` or `min:` and `max:`")),
                (None, _, _) => Err(format!("param `{name}`: a range needs both `min` and `max`")),
            }
        }
        other => Err(format!(
            "param `{name}`: expected a list of values, `{{one_of: [...]}}` or `{{min: N, max: M}}`, got {}",
            describe(other)
        )),
    }
}

fn describe(v: &serde_yaml::Value) -> String {
    use serde_yaml::Value as Y;
    match v {
        Y::Null => "null".into(),
        Y::Bool(b) => format!("the bool {b}"),
        Y::Number(n) => format!("the number {n}"),
        Y::String(s) => format!("the string {s:?}"),
        Y::Sequence(_) => "a list".into(),
        Y::Mapping(_) => "a map".into(),
        Y::Tagged(_) => "a tagged value".into(),
    }
}

/// The text a scalar YAML value substitutes as.
fn scalar_text(v: &serde_yaml::Value) -> Option<String> {
    use serde_yaml::Value as Y;
    match v {
        Y::String(s) => Some(s.clone()),
        Y::Number(n) => Some(n.to_string()),
        Y::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// True for a placeholder name: `[A-Za-z_][A-Za-z0-9_]*`.
pub fn is_ident(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_') && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// One `{{name}}` occurrence: its byte range in the text and the name.
struct Placeholder {
    start: usize,
    end: usize,
    name: String,
}

/// Finds the placeholders in `text`: `{{name}}`, spaces allowed inside the braces. A `{{`
/// not followed by a name and `}}` is ordinary text.
fn scan(text: &str) -> Vec<Placeholder> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(off) = text.get(i..).and_then(|t| t.find("{{")) {
        let start = i + off;
        let inner_start = start + 2;
        let Some(close) = text.get(inner_start..).and_then(|t| t.find("}}")) else {
            break;
        };
        let inner = &text[inner_start..inner_start + close];
        let name = inner.trim();
        if is_ident(name) {
            let end = inner_start + close + 2;
            out.push(Placeholder {
                start,
                end,
                name: name.to_string(),
            });
            i = end;
        } else {
            i = start + 1;
        }
    }
    out
}

/// The placeholder names used in `text`.
pub fn names_in(text: &str) -> BTreeSet<String> {
    scan(text).into_iter().map(|p| p.name).collect()
}

/// The most bytes one instance of a question may hold, all its filled-in texts together.
///
/// A placeholder repeated many times multiplies its value's length: a 3 MB bank file can ask
/// for a 600 MB prompt. The bundled questions stay under 8 KiB each, and a long Terraform
/// configuration with its files is a few tens of KiB, so 256 KiB leaves authors ample room
/// while an instance stays small enough to evaluate, render and write into a quiz many times.
pub const MAX_INSTANCE_BYTES: usize = 256 * 1024;

/// The longest text one value of `spec` substitutes as.
fn longest_value(spec: &ParamSpec) -> usize {
    match spec {
        ParamSpec::OneOf(vs) => vs.iter().map(String::len).max().unwrap_or(0),
        ParamSpec::Range { min, max } => min.to_string().len().max(max.to_string().len()),
    }
}

/// The largest `text` can grow to once its placeholders are filled in with any values of
/// `params`, counted without building it (saturating; an unknown name keeps its own text).
pub fn largest_filled(text: &str, params: &Params) -> usize {
    scan(text).iter().fold(text.len(), |n, p| match params.get(&p.name) {
        Some(spec) => (n - (p.end - p.start)).saturating_add(longest_value(spec)),
        None => n,
    })
}

/// Replaces each `{{name}}` in `text` by its value. Names without a value are left as they are
/// (the loader has already refused them, and every question whose filled-in texts could pass
/// [`MAX_INSTANCE_BYTES`], so the result is bounded before it is built).
pub fn substitute(text: &str, values: &BTreeMap<String, String>) -> String {
    let ps = scan(text);
    if ps.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for p in ps {
        out.push_str(&text[last..p.start]);
        match values.get(&p.name) {
            Some(v) => out.push_str(v),
            None => out.push_str(&text[p.start..p.end]),
        }
        last = p.end;
    }
    out.push_str(&text[last..]);
    out
}

/// Draws one value for each parameter (in name order) for `seed`.
pub fn draw(params: &Params, seed: u64, salt: &str) -> BTreeMap<String, String> {
    let mut rng = Rng::new(seed, salt);
    params
        .iter()
        .map(|(name, spec)| {
            let v = match spec {
                ParamSpec::OneOf(vs) => vs.get(rng.below(vs.len() as u64) as usize).cloned().unwrap_or_default(),
                ParamSpec::Range { min, max } => {
                    let span = (i128::from(*max) - i128::from(*min) + 1).min(i128::from(u64::MAX)) as u64;
                    (i128::from(*min) + i128::from(rng.below(span))).to_string()
                }
            };
            (name.clone(), v)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn largest_filled_counts_the_longest_value_per_placeholder() {
        let params: Params = [
            ("a".to_string(), ParamSpec::OneOf(vec!["x".into(), "xyz".into()])),
            ("n".to_string(), ParamSpec::Range { min: -1000, max: 5 }),
        ]
        .into_iter()
        .collect();
        // "p " + 3 + " " + 5 + " " + 3, and an unknown name keeps its own 7 bytes.
        assert_eq!(largest_filled("p {{a}} {{ n }} {{a}}", &params), 2 + 3 + 1 + 5 + 1 + 3);
        assert_eq!(largest_filled("{{zz}}!", &params), 7);
        assert_eq!(largest_filled(&"{{a}}".repeat(1000), &params), 3000);
    }

    fn y(s: &str) -> serde_yaml::Value {
        serde_yaml::from_str(s).unwrap_or(serde_yaml::Value::Null)
    }

    #[test]
    fn specs_parse_and_refuse() {
        assert_eq!(parse_spec("p", &y("[25, x]")), Ok(ParamSpec::OneOf(vec!["25".into(), "x".into()])));
        assert_eq!(parse_spec("p", &y("{min: 2, max: 4}")), Ok(ParamSpec::Range { min: 2, max: 4 }));
        assert!(parse_spec("p", &y("[]")).unwrap_err().contains("empty"));
        assert!(parse_spec("p", &y("{min: 5, max: 1}")).unwrap_err().contains("bad range"));
        assert!(parse_spec("p", &y("{min: 1.5, max: 3}")).unwrap_err().contains("integer"));
        assert!(parse_spec("p", &y("{min: 1}")).unwrap_err().contains("both"));
        assert!(parse_spec("p", &y("{from: [1]}")).unwrap_err().contains("unknown key `from`"));
        assert!(parse_spec("bad-name", &y("[1]")).unwrap_err().contains("not usable"));
        assert!(parse_spec("p", &y("[[1]]")).unwrap_err().contains("cannot be substituted"));
    }

    #[test]
    fn placeholders_substitute() {
        let mut v = BTreeMap::new();
        v.insert("n".to_string(), "3".to_string());
        assert_eq!(substitute("a {{n}} b {{ n }} {{ .x }} {{", &v), "a 3 b 3 {{ .x }} {{");
        assert_eq!(names_in("{{a}}{{b}} {{a}}").into_iter().collect::<Vec<_>>(), vec!["a", "b"]);
    }

    #[test]
    fn draws_are_seeded_and_in_range() {
        let mut p = Params::new();
        p.insert("n".into(), ParamSpec::Range { min: -2, max: 2 });
        p.insert("s".into(), ParamSpec::OneOf(vec!["a".into(), "b".into()]));
        assert_eq!(draw(&p, 9, "q"), draw(&p, 9, "q"));
        for seed in 0..50 {
            let d = draw(&p, seed, "q");
            let n: i64 = d["n"].parse().unwrap_or(99);
            assert!((-2..=2).contains(&n));
            assert!(d["s"] == "a" || d["s"] == "b");
        }
        let full = Params::from([(
            "n".to_string(),
            ParamSpec::Range {
                min: i64::MIN,
                max: i64::MAX,
            },
        )]);
        assert!(draw(&full, 1, "q")["n"].parse::<i64>().is_ok());
    }
}
