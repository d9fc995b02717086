//! `sensitive_attributes`: the paths, inside an object's attributes, of the values marked
//! sensitive. The state keeps values unmarked and lists these paths beside them; a reader puts
//! the marks back ([`mark_paths`]), a writer lists them again ([`sensitive_paths`]).
//!
//! A path is a list of steps, each `{"type": "get_attr", "value": NAME}` (an attribute, also
//! of an object value) or `{"type": "index", "value": {"value": KEY, "type": "number" |
//! "string"}}` (a list, tuple or set element by position, a map element by key). Order of the
//! paths: from 1.12 they are sorted (recorded at 1.12.2 to 1.15.5); before, they come in an
//! order that follows no rule iacquiz can reproduce (map iteration), so for those releases
//! they come in walk order.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde_json::json;

use crate::lang::dialect::releases::TfVersion;
use crate::lang::{Marks, Type, Value};

/// The first release that sorts the paths (recorded: 1.8.4 to 1.11.4 do not, 1.12.2 to 1.15.5
/// do).
pub const SORTED_SINCE: TfVersion = (1, 12, 0);

/// One step of a path, as the walk finds it.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    Attr(String),
    Int(i64),
    Key(String),
}

impl Step {
    fn to_json(&self) -> serde_json::Value {
        match self {
            Step::Attr(n) => json!({"type": "get_attr", "value": n}),
            Step::Int(i) => json!({"type": "index", "value": {"value": i, "type": "number"}}),
            Step::Key(k) => json!({"type": "index", "value": {"value": k, "type": "string"}}),
        }
    }

    fn from_json(j: &serde_json::Value) -> Option<Step> {
        match j.get("type")?.as_str()? {
            "get_attr" => Some(Step::Attr(j.get("value")?.as_str()?.to_string())),
            "index" => {
                let v = j.get("value")?;
                match v.get("type")?.as_str()? {
                    "number" => Some(Step::Int(v.get("value")?.as_i64()?)),
                    "string" => Some(Step::Key(v.get("value")?.as_str()?.to_string())),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn order(&self, o: &Step) -> Ordering {
        let rank = |s: &Step| match s {
            Step::Attr(_) => 0,
            Step::Int(_) => 1,
            Step::Key(_) => 2,
        };
        match (self, o) {
            (Step::Attr(a), Step::Attr(b)) | (Step::Key(a), Step::Key(b)) => a.cmp(b),
            (Step::Int(a), Step::Int(b)) => a.cmp(b),
            _ => rank(self).cmp(&rank(o)),
        }
    }
}

fn walk(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    // Only the sensitive mark is listed (`sensitive_attributes`).
    if let Value::Marked(inner, m) = v {
        if m.sensitive() {
            out.push(path.clone());
        }
        walk(inner, path, out);
        return;
    }
    match v {
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            for (i, e) in items.iter().enumerate() {
                path.push(Step::Int(i as i64));
                walk(e, path, out);
                path.pop();
            }
        }
        Value::Map(_, m) => {
            for (k, e) in m {
                path.push(Step::Key(k.clone()));
                walk(e, path, out);
                path.pop();
            }
        }
        Value::Object(m) => {
            for (k, e) in m {
                path.push(Step::Attr(k.clone()));
                walk(e, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The `sensitive_attributes` release `release` writes for attributes holding marked values.
pub fn sensitive_paths(attributes: &BTreeMap<String, Value>, release: TfVersion) -> Vec<serde_json::Value> {
    let mut paths = Vec::new();
    for (name, v) in attributes {
        let mut path = vec![Step::Attr(name.clone())];
        walk(v, &mut path, &mut paths);
    }
    if release >= SORTED_SINCE {
        paths.sort_by(|a, b| {
            for (x, y) in a.iter().zip(b) {
                let o = x.order(y);
                if o != Ordering::Equal {
                    return o;
                }
            }
            a.len().cmp(&b.len())
        });
    }
    paths
        .iter()
        .map(|p| serde_json::Value::Array(p.iter().map(Step::to_json).collect()))
        .collect()
}

fn mark_at(v: Value, path: &[Step]) -> Value {
    let Some((first, rest)) = path.split_first() else {
        return v.mark_with(Marks::SENSITIVE);
    };
    match (v, first) {
        (Value::Marked(inner, m), _) => mark_at(*inner, path).mark_with(m),
        (Value::Object(mut m), Step::Attr(n)) => {
            if let Some(e) = m.remove(n) {
                m.insert(n.clone(), mark_at(e, rest));
            }
            Value::Object(m)
        }
        (Value::Map(t, mut m), Step::Key(k)) => {
            if let Some(e) = m.remove(k) {
                m.insert(k.clone(), mark_at(e, rest));
            }
            Value::Map(t, m)
        }
        (Value::List(t, mut items), Step::Int(i)) => {
            if let Some(slot) = usize::try_from(*i).ok().and_then(|i| items.get_mut(i)) {
                let e = std::mem::replace(slot, Value::Null(Type::Dynamic));
                *slot = mark_at(e, rest);
            }
            Value::List(t, items)
        }
        (Value::Tuple(mut items), Step::Int(i)) => {
            if let Some(slot) = usize::try_from(*i).ok().and_then(|i| items.get_mut(i)) {
                let e = std::mem::replace(slot, Value::Null(Type::Dynamic));
                *slot = mark_at(e, rest);
            }
            Value::Tuple(items)
        }
        // A set element has no stable position: the whole set carries the mark.
        (v @ Value::Set(..), Step::Int(_)) => v.mark_with(Marks::SENSITIVE),
        (v, _) => v,
    }
}

/// The attributes with the marks `sensitive_attributes` describes put back; a path that does
/// not lead anywhere is ignored (as Terraform ignores it).
pub fn mark_paths(attributes: &BTreeMap<String, Value>, paths: &[serde_json::Value]) -> BTreeMap<String, Value> {
    let mut out = attributes.clone();
    for p in paths {
        let Some(steps) = p.as_array().and_then(|a| a.iter().map(Step::from_json).collect::<Option<Vec<_>>>()) else {
            continue;
        };
        let Some((Step::Attr(name), rest)) = steps.split_first() else {
            continue;
        };
        if let Some(v) = out.remove(name) {
            out.insert(name.clone(), mark_at(v, rest));
        }
    }
    out
}
