//! cfnrain questions: the parent template and its module files packaged in memory (a `Source:`
//! can name only those files: a path that climbs out or an absolute path is a packaging error,
//! never a read; an `https://` or `s3://` address is served from the `files:` entry keyed by
//! it, nothing is downloaded), and the part of the packaged template the question asks about.

use std::collections::BTreeMap;

use crate::bank::answer::data;
use crate::bank::load::sources::TEMPLATE_NAME;
use crate::bank::model::Source;
use crate::cfn::{self, CfnError, Input, Template, Value};
use crate::lang::Rules;

use super::{Computed, EngineError, Evaluated};

/// A cfnrain source made ready: its files, the parent among them.
#[derive(Debug)]
pub struct Prepared {
    files: BTreeMap<String, Vec<u8>>,
}

impl Prepared {
    /// The template and module files of `source`.
    pub fn new(source: &Source) -> Prepared {
        let mut files: BTreeMap<String, Vec<u8>> = source.files.iter().map(|(k, v)| (k.clone(), v.clone().into_bytes())).collect();
        files.insert(TEMPLATE_NAME.to_string(), source.template.clone().unwrap_or_default().into_bytes());
        Prepared { files }
    }

    /// Packages the template under `rules` and picks the answer `source` asks for.
    pub fn evaluate(&self, source: &Source, rules: &Rules) -> Evaluated {
        let input = Input::memory_served(self.files.clone(), TEMPLATE_NAME);
        match cfn::package_input(&input, rules) {
            Err(e) => Evaluated {
                computed: Computed::Error(error(&e)),
                trace: Vec::new(),
                touched: e.touched,
            },
            Ok(t) => Evaluated {
                computed: pick(&t, source),
                trace: Vec::new(),
                touched: t.touched.clone(),
            },
        }
    }
}

/// A packaging error as a question shows it: its kind's title, and the full message.
pub fn error(e: &CfnError) -> EngineError {
    EngineError {
        summary: e.kind.title().to_string(),
        detail: e.to_string(),
    }
}

/// The summary of a selection that names nothing in the packaged template.
pub const NOT_IN_TEMPLATE: &str = "not in the template";

fn pick(t: &Template, source: &Source) -> Computed {
    let missing = |path: &str, what: String| {
        Computed::Error(EngineError {
            summary: NOT_IN_TEMPLATE.into(),
            detail: format!("{path}: {what}"),
        })
    };
    if let Some(path) = &source.keys {
        return match t.select(path) {
            Some(Value::Map(m)) => Computed::Data(data::strings(m.keys())),
            Some(v) => missing(path, format!("is {}, not a mapping with keys", kind(v))),
            None => missing(path, nearest(t, path)),
        };
    }
    match &source.select {
        None => Computed::Data(t.value.clone()),
        Some(path) => match t.select(path) {
            Some(v) => Computed::Data(v.clone()),
            None => missing(path, nearest(t, path)),
        },
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Scalar(_) => "a scalar",
        Value::Seq(_) => "a list",
        Value::Map(_) => "a mapping",
    }
}

/// What the packaged template has where `path` stops matching, so the author can fix it.
fn nearest(t: &Template, path: &str) -> String {
    let parts: Vec<&str> = path.split('.').filter(|p| !p.is_empty()).collect();
    let mut found = String::new();
    for i in 0..parts.len() {
        let prefix = parts[..=i].join(".");
        if t.select(&prefix).is_none() {
            break;
        }
        found = prefix;
    }
    let at = if found.is_empty() { Some(&t.value) } else { t.select(&found) };
    let place = if found.is_empty() {
        "the packaged template"
    } else {
        found.as_str()
    };
    let what = match at {
        Some(Value::Map(m)) => format!("{place} has {}", m.keys().collect::<Vec<_>>().join(", ")),
        Some(Value::Seq(s)) => format!("{place} is a list of {}", s.len()),
        _ => format!("{place} is a scalar"),
    };
    format!("the packaged template has no such part; {what}")
}
