//! Values as Terraform's renderer sees them: it renders from the JSON plan, so a value is
//! plain JSON (lists, sets and tuples are arrays; maps and objects are objects) with two
//! parallel trees saying where it is unknown and where it is sensitive.

use std::collections::BTreeMap;

use super::releases;
use crate::lang::Value;
use crate::lang::dialect::releases::TfVersion;

/// A JSON value; numbers keep the text the plan would hold.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json {
    /// `null` (also an unknown value's place inside an array).
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A number as written.
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, keys in byte order.
    Object(BTreeMap<String, Json>),
}

impl Json {
    /// True for `Bool(true)`, the mark of an unknown or sensitive value.
    pub(crate) fn is_true(&self) -> bool {
        matches!(self, Json::Bool(true))
    }
    /// The elements of an array.
    pub(crate) fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The entries of an object.
    pub(crate) fn as_object(&self) -> Option<&BTreeMap<String, Json>> {
        match self {
            Json::Object(m) => Some(m),
            _ => None,
        }
    }
}

/// A number as the plan renderer of `version` prints it.
pub(crate) fn number_text(n: &crate::lang::value::number::Number, version: TfVersion) -> String {
    if releases::has(version, &releases::EXACT_NUMBERS) {
        // cty's JSON: big.Float Text('f', -1), kept as text by json.Number.
        n.to_text()
    } else {
        // Decoded into a float64 and printed as its shortest decimal, positional like Rust's.
        let f = n.to_f64();
        if f.is_finite() { format!("{f}") } else { n.to_text() }
    }
}

/// The value the plan holds: unknowns left out of objects and null in arrays (Terraform's
/// omitUnknowns), marks dropped.
pub(crate) fn known(v: &Value, version: TfVersion) -> Json {
    match v {
        Value::Null(_) | Value::Unknown(_, _) => Json::Null,
        Value::Marked(inner, _) => known(inner, version),
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(n) => Json::Number(number_text(n, version)),
        Value::String(s) => Json::String(s.to_string()),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Json::Array(vs.iter().map(|x| known(x, version)).collect()),
        Value::Map(_, m) | Value::Object(m) => Json::Object(
            m.iter()
                .filter(|(_, x)| !x.is_unknown())
                .map(|(k, x)| (k.clone(), known(x, version)))
                .collect(),
        ),
    }
}

/// Where the value is unknown: `true` for a wholly unknown value, arrays and objects of marks
/// for collections (objects leave out what is known), `false` elsewhere.
pub(crate) fn unknown(v: &Value) -> Json {
    marks(v, &|x| matches!(x, Value::Unknown(_, _)))
}

/// Where the value is sensitive, shaped as [`unknown`].
pub(crate) fn sensitive(v: &Value) -> Json {
    marks(v, &|x| matches!(x, Value::Marked(_, m) if m.sensitive()))
}

fn marks(v: &Value, here: &dyn Fn(&Value) -> bool) -> Json {
    if here(v) {
        return Json::Bool(true);
    }
    match v {
        Value::Marked(inner, _) => marks(inner, here),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Json::Array(vs.iter().map(|x| marks(x, here)).collect()),
        Value::Map(_, m) | Value::Object(m) => Json::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), marks(x, here)))
                .filter(|(_, mark)| *mark != Json::Bool(false))
                .collect(),
        ),
        _ => Json::Bool(false),
    }
}
