//! Functions over maps and objects: keys, values, lookup, merge, matchkeys, transpose, zipmap.

use crate::lang::dialect::releases;
use std::collections::BTreeMap;

use super::{arg_err, call_err, elem_of};
use crate::lang::dialect::rules::Rule;
use crate::lang::eval::{Evaluator, equals};
use crate::lang::funcs::util::{s, seq as elems};
use crate::lang::funcs::{FnError, FnResult};
use crate::lang::value::convert::{convert, unify, unify_values};
use crate::lang::value::render::go_quote;
use crate::lang::value::{Type, Value};

/// `keys(inputMap)`: a list of a map's keys, or a tuple of an object's attribute names.
pub fn keys(ev: &Evaluator, a: &[Value]) -> FnResult {
    let v = &a[0];
    // Keys in lexical order, or, under the insertion-order misconception, as written.
    let ordered = |m: &std::collections::BTreeMap<String, Value>| ev.key_order(m).into_iter().map(Value::string).collect::<Vec<_>>();
    match v.ty() {
        Type::Object(_) => Ok(Value::Tuple(v.as_entries().map(ordered).unwrap_or_default())),
        Type::Map(_) => match v.as_entries() {
            Some(m) => Ok(Value::List(Type::String, ordered(m))),
            None => Ok(Value::unknown(Type::list(Type::String))),
        },
        Type::Dynamic if v.is_unknown() => Ok(Value::unknown(Type::Dynamic)),
        _ => arg_err(0, "must have map or object type"),
    }
}

/// `values(mapping)`: a list of a map's values, or a tuple of an object's, by key order.
pub fn values(ev: &Evaluator, a: &[Value]) -> FnResult {
    let ordered =
        |m: &std::collections::BTreeMap<String, Value>| ev.key_order(m).into_iter().filter_map(|k| m.get(&k).cloned()).collect::<Vec<_>>();
    match &a[0] {
        Value::Map(t, m) => Ok(Value::List(t.clone(), ordered(m))),
        Value::Object(m) => Ok(Value::Tuple(ordered(m))),
        _ => call_err("values() requires a map as the first argument"),
    }
}

/// `lookup(inputMap, key [, default])`: the element for key, or the default.
pub fn lookup(ev: &Evaluator, a: &[Value]) -> FnResult {
    if a.len() > 3 {
        return call_err(format!("lookup() takes two or three arguments, got {}", a.len()));
    }
    let key = s(&a[1]);
    let default = a.get(2);
    match &a[0] {
        Value::Object(m) => match (m.get(key), default) {
            (Some(v), _) => Ok(v.clone()),
            (None, Some(d)) => Ok(d.clone()),
            (None, None) if ev.flipped(Rule::LookupMissingErrors) => Ok(Value::null()),
            (None, None) => arg_err(0, format!("the given object has no attribute {}", go_quote(key))),
        },
        Value::Map(t, m) => {
            let d = match default {
                Some(d) => Some(
                    convert(d, t).map_err(|_| FnError::Arg(2, "the default value must have the same type as the map elements".into()))?,
                ),
                None => None,
            };
            match (m.get(key), d) {
                (Some(v), _) => Ok(v.clone()),
                (None, Some(d)) => Ok(d),
                (None, None) if ev.flipped(Rule::LookupMissingErrors) => Ok(Value::Null(t.clone())),
                (None, None) if !releases::has(ev.version, &releases::QUOTED_FUNCTION_ERRORS) => {
                    call_err(format!("lookup failed to find '{key}'"))
                }
                (None, None) => call_err(format!("lookup failed to find key {}", go_quote(key))),
            }
        }
        Value::Null(_) => match default {
            // A learner who believes an absent attribute is null (and so absent) expects the
            // default of a lookup in it; Terraform refuses the null map.
            Some(d) if ev.flipped(Rule::MissingAttributeIsError) => Ok(d.clone()),
            _ => arg_err(0, "argument must not be null"),
        },
        _ => arg_err(0, "lookup() requires a map as the first argument"),
    }
}

fn mergeable(v: &Value) -> bool {
    !v.is_null() && matches!(v, Value::Map(..) | Value::Object(..))
}

/// Puts `k = v` into `out`, settling a conflict as the rules say.
fn merge_entry(ev: &Evaluator, out: &mut BTreeMap<String, Value>, k: &str, v: &Value) {
    match out.get_mut(k) {
        None => {
            out.insert(k.to_string(), v.clone());
        }
        Some(old) => {
            if mergeable(old) && mergeable(v) && ev.flipped(Rule::MergeShallow) {
                *old = merge_deep(ev, old, v);
            } else if !ev.flipped(Rule::MergeLastWins) {
                *old = v.clone();
            }
        }
    }
}

/// The recursive merge a learner expects under a flipped `MergeShallow`.
fn merge_deep(ev: &Evaluator, a: &Value, b: &Value) -> Value {
    let mut out = a.as_entries().cloned().unwrap_or_default();
    for (k, v) in b.as_entries().into_iter().flatten() {
        merge_entry(ev, &mut out, k, v);
    }
    match (a, b) {
        (Value::Map(t, _), Value::Map(u, _)) if t == u => as_map(t, out),
        _ => Value::Object(out),
    }
}

/// A map of element type `t` when the entries allow it, otherwise an object.
fn as_map(t: &Type, out: BTreeMap<String, Value>) -> Value {
    if out.values().all(|v| v.ty() == *t) {
        return Value::Map(t.clone(), out);
    }
    let vals: Vec<Value> = out.values().cloned().collect();
    match unify_values(&vals) {
        Some((u, vs)) => Value::Map(u, out.into_keys().zip(vs).collect()),
        None => Value::Object(out),
    }
}

/// `merge(maps...)`: one map or object with the entries of all; later arguments win.
pub fn merge(ev: &Evaluator, a: &[Value]) -> FnResult {
    let bad = |t: &Type| call_err(format!("arguments must be maps or objects, got {}", go_quote(&t.friendly())));
    // A learner may believe a key present in two arguments is an error.
    let mut seen = std::collections::BTreeSet::new();
    let duplicate = a
        .iter()
        .filter_map(Value::as_entries)
        .flat_map(|m| m.keys())
        .find(|k| !seen.insert(k.as_str()));
    if let Some(k) = duplicate
        && ev.flipped(Rule::MergeNoDuplicateError)
    {
        return call_err(format!("duplicate key {}", go_quote(k)));
    }
    let mut dynamic = false;
    let mut matching = true;
    let first = a.first().map(Value::ty);
    for v in a {
        let t = v.ty();
        if t == Type::Dynamic {
            dynamic = true;
            break;
        }
        if !matches!(t, Type::Map(_) | Type::Object(_)) {
            return bad(&t);
        }
        if Some(&t) != first.as_ref() {
            matching = false;
        }
    }
    let mut out = BTreeMap::new();
    for v in a {
        if v.is_null() {
            continue;
        }
        if let Some(entries) = v.as_entries() {
            for (k, x) in entries {
                merge_entry(ev, &mut out, k, x);
            }
            continue;
        }
        // Only reachable after a null argument hid the types from the check above: go-cty
        // then iterates the value as it is, keying by each element key's string.
        let (plain, _) = v.clone().unmark();
        match plain {
            Value::Set(_, vs) => {
                // A set's element is its own key: strings merge, anything else is no string.
                for x in vs {
                    let Some(k) = x.as_str().map(str::to_string) else {
                        return call_err("panic in function implementation: not a string");
                    };
                    merge_entry(ev, &mut out, &k, &x);
                }
            }
            Value::List(_, vs) | Value::Tuple(vs) if vs.is_empty() => {}
            Value::List(..) | Value::Tuple(_) => return call_err("panic in function implementation: not a string"),
            _ => {
                return call_err("panic in function implementation: attempt to iterate on non-collection, non-tuple type");
            }
        }
    }
    match first {
        Some(Type::Map(t)) if matching && !dynamic => Ok(as_map(&t, out)),
        _ => Ok(Value::Object(out)),
    }
}

/// `matchkeys(values, keys, searchset)`: the values whose key is in the search set.
pub fn matchkeys(_: &Evaluator, a: &[Value]) -> FnResult {
    let Some(t) = unify(&[a[1].ty(), a[2].ty()]) else {
        return call_err("keys and searchset must be of the same type");
    };
    let et = elem_of(&a[0].ty());
    let values = elems(&a[0]);
    if values.len() != elems(&a[1]).len() {
        return call_err("length of keys and values should be equal");
    }
    let keys = convert(&a[1], &t).unwrap_or_else(|_| a[1].clone());
    let search = convert(&a[2], &t).unwrap_or_else(|_| a[2].clone());
    if elems(&search).is_empty() {
        return Ok(Value::List(et, vec![]));
    }
    if a[0].has_unknown() || keys.has_unknown() {
        return Ok(Value::unknown(a[0].ty()));
    }
    let mut out = Vec::new();
    for (k, v) in elems(&keys).iter().zip(values) {
        for sv in elems(&search) {
            match equals(k, sv) {
                None => return Ok(Value::List(et, vec![])),
                Some(true) => {
                    out.push(v.clone());
                    break;
                }
                Some(false) => {}
            }
        }
    }
    Ok(Value::List(et, out))
}

/// `transpose(values)`: swaps the keys and the string elements of a map of lists of strings.
pub fn transpose(ev: &Evaluator, a: &[Value]) -> FnResult {
    let ret = Type::map(Type::list(Type::String));
    if a[0].has_unknown() {
        return Ok(Value::unknown(ret));
    }
    let mut tmp: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (k, list) in a[0].as_entries().into_iter().flatten() {
        if list.is_null() {
            // Terraform 1.11.1 checks for this; before, go-cty panicked.
            if crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::TRANSPOSE_NULL_LIST) {
                return call_err("input must not contain null list");
            }
            return call_err("panic in function implementation: can't use ElementIterator on null value");
        }
        for v in elems(list) {
            match v.as_str() {
                Some(s) => tmp.entry(s.to_string()).or_default().push(k.clone()),
                None => return call_err("panic in function implementation: value is null"),
            }
        }
    }
    let out = tmp
        .into_iter()
        .map(|(k, mut vs)| {
            vs.sort();
            (k, Value::List(Type::String, vs.into_iter().map(Value::string).collect()))
        })
        .collect();
    Ok(Value::Map(Type::list(Type::String), out))
}

/// `zipmap(keys, values)`: a map (values a list) or object (values a tuple) from two sequences.
pub fn zipmap(_: &Evaluator, a: &[Value]) -> FnResult {
    let keys = elems(&a[0]);
    let (vs, map_of) = match &a[1] {
        Value::List(t, vs) => (vs, Some(t)),
        Value::Tuple(vs) => (vs, None),
        _ => return call_err("values argument must be a list or tuple value"),
    };
    if a[0].has_unknown() {
        return Ok(Value::unknown(map_of.map(|t| Type::map(t.clone())).unwrap_or(Type::Dynamic)));
    }
    if keys.len() != vs.len() {
        return call_err(format!(
            "number of keys ({}) does not match number of values ({})",
            keys.len(),
            vs.len()
        ));
    }
    let mut out = BTreeMap::new();
    for (i, (k, v)) in keys.iter().zip(vs).enumerate() {
        let Some(k) = k.as_str() else {
            return call_err(match map_of {
                Some(_) => "panic in function implementation: value is null".to_string(),
                None => format!("keys list has null value at index {i}"),
            });
        };
        out.insert(k.to_string(), v.clone());
    }
    Ok(match map_of {
        Some(t) => Value::Map(t.clone(), out),
        None => Value::Object(out),
    })
}
