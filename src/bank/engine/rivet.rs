//! rivet questions: the `.rvt` files compiled in memory (module sources stay inside them), with
//! the question's variables and facts, and the part of the bundle the question asks about; or,
//! with `old_files`, the diff from the earlier compilation to this one.
//!
//! `select` names the part: `addresses` (the default), `modules`, `output.NAME`,
//! `ADDRESS.ATTRIBUTE` (a resource instance's attribute, or a module instance's output),
//! `edges(ADDRESS)` (what an instance is ordered after); for a diff, one status (`superseded`).

use std::collections::{BTreeMap, BTreeSet};

use crate::bank::answer::data;
use crate::bank::load::sources::DIFF_STATUSES;
use crate::bank::model::Source;
use crate::cfn::{Map, Value as Data};
use crate::lang::{Rules, Value};
use crate::rivet::{self, Bundle, ErrorKind, Output, RivetError, Source as RivetSource};

use super::{Computed, EngineError, Evaluated};

/// A rivet source made ready: its files, the earlier files of a diff, its variables and facts.
#[derive(Debug)]
pub struct Prepared {
    files: RivetSource,
    old: Option<RivetSource>,
    vars: Result<BTreeMap<String, Value>, EngineError>,
    facts: BTreeMap<String, Value>,
}

impl Prepared {
    /// The configuration of `source`, its variables read as HCL values.
    pub fn new(source: &Source) -> Prepared {
        let mut vars = Ok(BTreeMap::new());
        for (k, text) in &source.vars {
            match crate::lang::session::constant(text) {
                Ok(v) => {
                    if let Ok(m) = vars.as_mut() {
                        m.insert(k.clone(), v);
                    }
                }
                Err(d) => {
                    vars = Err(EngineError {
                        summary: ErrorKind::Variable.title().into(),
                        detail: format!("vars.{k} = {text}: {d}"),
                    });
                    break;
                }
            }
        }
        Prepared {
            files: RivetSource::Memory(source.files.clone()),
            old: source.old_files.clone().map(RivetSource::Memory),
            vars,
            facts: source.facts.iter().map(|(k, v)| (k.clone(), rivet::fact_value(v))).collect(),
        }
    }

    /// Compiles under `rules` (both configurations of a diff) and picks the answer.
    pub fn evaluate(&self, source: &Source, rules: &Rules) -> Evaluated {
        let fail = |e: EngineError, touched: BTreeSet<_>| Evaluated {
            computed: Computed::Error(e),
            trace: Vec::new(),
            touched,
        };
        let vars = match &self.vars {
            Ok(v) => v,
            Err(e) => return fail(e.clone(), BTreeSet::new()),
        };
        let mut touched = BTreeSet::new();
        let old = match &self.old {
            None => None,
            Some(files) => match rivet::compile(files, vars, &self.facts, rules) {
                Ok(b) => {
                    touched.extend(b.touched.iter().copied());
                    Some(b)
                }
                Err(e) => {
                    let mut err = error(&e);
                    err.detail = format!("the earlier configuration (old_files): {}", err.detail);
                    return fail(err, e.touched);
                }
            },
        };
        let new = match rivet::compile(&self.files, vars, &self.facts, rules) {
            Ok(b) => b,
            Err(e) => {
                touched.extend(e.touched.iter().copied());
                return fail(error(&e), touched);
            }
        };
        touched.extend(new.touched.iter().copied());
        let computed = match &old {
            Some(old) => {
                let d = rivet::diff_with(old, &new, rules);
                touched.extend(d.touched.iter().copied());
                diff_answer(&d, source.select.as_deref())
            }
            // A believer reads the question's addresses in the misconception's rendering.
            None => pick(
                &new,
                &rivet::believed::believed_select(source.select.as_deref().unwrap_or("addresses"), rules),
            ),
        };
        Evaluated {
            computed,
            trace: Vec::new(),
            touched,
        }
    }
}

/// A compile error as a question shows it: its kind's title, and the full message.
pub fn error(e: &RivetError) -> EngineError {
    EngineError {
        summary: e.kind.title().to_string(),
        detail: e.to_string(),
    }
}

/// The diff as a mapping from status to addresses (statuses without addresses left out), or
/// the addresses of the one status `select` names.
fn diff_answer(d: &rivet::Diff, select: Option<&str>) -> Computed {
    let statuses = rivet::diff::STATUSES;
    if let Some(s) = select {
        return match statuses.iter().find(|st| st.word() == s) {
            Some(st) => Computed::Data(data::strings(d.with(*st))),
            None => Computed::Error(EngineError {
                summary: ErrorKind::Reference.title().into(),
                detail: format!("select {s:?}: a diff reports {}", DIFF_STATUSES.join(", ")),
            }),
        };
    }
    let mut m = Map::new();
    for st in statuses {
        let list = d.with(st);
        if !list.is_empty() {
            m.insert(st.word(), data::strings(list));
        }
    }
    Computed::Data(Data::Map(m))
}

fn no_such(detail: String) -> Computed {
    Computed::Error(EngineError {
        summary: ErrorKind::Reference.title().into(),
        detail,
    })
}

/// The part of the bundle `select` names.
fn pick(b: &Bundle, select: &str) -> Computed {
    match select {
        "addresses" => return Computed::Data(data::strings(b.addresses())),
        "modules" => return Computed::Data(data::strings(b.modules.iter().map(|m| m.address.clone()))),
        _ => {}
    }
    if let Some(inner) = select.strip_prefix("edges(").and_then(|r| r.strip_suffix(')')) {
        let edges = b
            .resource(inner)
            .map(|r| r.edges.clone())
            .or_else(|| b.module(inner).map(|m| m.edges.clone()));
        return match edges {
            Some(e) => Computed::Data(data::strings(e)),
            None => no_such(format!("select {select}: the bundle has no instance {inner} ({})", listing(b))),
        };
    }
    if let Some(name) = select.strip_prefix("output.") {
        return match b.output(name) {
            Some(o) => Computed::Data(output(o)),
            None => {
                let names: Vec<&str> = b.outputs.iter().map(|(n, _)| n.as_str()).collect();
                no_such(format!(
                    "select {select}: the root module has no output {name} (its outputs: {})",
                    if names.is_empty() { "none".to_string() } else { names.join(", ") }
                ))
            }
        };
    }
    let Some((address, attr)) = split_attribute(select) else {
        return no_such(format!(
            "select {select:?}: write addresses, modules, output.NAME, ADDRESS.ATTRIBUTE or edges(ADDRESS)"
        ));
    };
    if let Some(r) = b.resource(address) {
        return match r.attributes.get(attr) {
            Some(v) => Computed::Data(data::from_lang(v)),
            None => no_such(format!(
                "select {select}: {address} has no attribute {attr} (its attributes: {})",
                r.attributes.keys().collect::<Vec<_>>().join(", ")
            )),
        };
    }
    if let Some(m) = b.module(address) {
        return match m.outputs.iter().find(|(n, _)| n == attr) {
            Some((_, o)) => Computed::Data(output(o)),
            None => no_such(format!("select {select}: module instance {address} has no output {attr}")),
        };
    }
    no_such(format!("select {select}: the bundle has no instance {address} ({})", listing(b)))
}

fn output(o: &Output) -> Data {
    match o {
        Output::Value(v) => data::from_lang(v),
        Output::Resource { address, .. } => Data::str(address.clone()),
    }
}

/// The bundle's instances, for a message (the first few).
fn listing(b: &Bundle) -> String {
    let all: Vec<String> = b
        .addresses()
        .into_iter()
        .chain(b.modules.iter().map(|m| m.address.clone()))
        .collect();
    if all.is_empty() {
        return "it has no instances".into();
    }
    let shown: Vec<&str> = all.iter().take(8).map(String::as_str).collect();
    let more = if all.len() > shown.len() {
        format!(" and {} more", all.len() - shown.len())
    } else {
        String::new()
    };
    format!("its instances: {}{more}", shown.join(", "))
}

/// `file.messages["a.b"].path` → (`file.messages["a.b"]`, `path`): the last dot outside
/// brackets and quotes.
fn split_attribute(s: &str) -> Option<(&str, &str)> {
    let (mut depth, mut quoted, mut escaped) = (0usize, false, false);
    let mut last = None;
    for (i, c) in s.char_indices() {
        if quoted {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => quoted = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => quoted = true,
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            '.' if depth == 0 => last = Some(i),
            _ => {}
        }
    }
    let i = last?;
    let (a, attr) = (&s[..i], &s[i + 1..]);
    (!a.is_empty() && !attr.is_empty()).then_some((a, attr))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_split_at_the_last_dot_outside_keys() {
        assert_eq!(split_attribute("file.a[0].path"), Some(("file.a[0]", "path")));
        assert_eq!(
            split_attribute(r#"module.m["x.y"].file.f["a]b"].content"#),
            Some((r#"module.m["x.y"].file.f["a]b"]"#, "content"))
        );
        assert_eq!(split_attribute("addresses"), None);
    }
}
