//! `Overrides:`: changes to a module's resources, keyed by their logical IDs inside the module.
//! A map merges key by key, a scalar replaces, a list appends; nothing can be removed.

use super::ctx::Ctx;
use super::error::{CfnError, ErrorKind};
use super::value::{Map, Value};
use crate::lang::Rule;

/// The attributes an override merges into.
pub const MERGED: &[&str] = &["Properties", "Metadata", "CreationPolicy", "UpdatePolicy"];
/// The attributes an override sets.
pub const SET: &[&str] = &["DeletionPolicy", "UpdateReplacePolicy", "Condition"];

/// Checks an Overrides section against the module: every key must be one of its resources, and
/// no overridden property may be named like a module parameter.
pub fn validate(ctx: &Ctx, overrides: &Map, resources: &[String], params: &Map) -> Result<(), CfnError> {
    for (key, o) in overrides.iter() {
        if !resources.iter().any(|r| r == key) {
            return Err(ErrorKind::OverrideNotFound {
                key: key.to_string(),
                known: resources.to_vec(),
            }
            .into());
        }
        let Some(o) = o.as_map() else {
            return Err(CfnError::shape(
                format!("Overrides.{key}"),
                "must be a mapping of resource attributes",
            ));
        };
        if let Some(Value::Map(props)) = o.get("Properties") {
            for p in props.keys() {
                if params.contains(p) && !ctx.flipped(Rule::CfnParamsOverrideViaOverrides) {
                    return Err(ErrorKind::OverrideParameter {
                        resource: key.to_string(),
                        key: p.to_string(),
                    }
                    .into());
                }
            }
        }
    }
    Ok(())
}

/// An override's `Metadata`, `CreationPolicy` or `UpdatePolicy` without its top-level keys
/// named like a module parameter: rain skips them silently (Properties refuses them instead,
/// in [`validate`]). Other attributes are returned as they are.
pub fn without_param_keys(ctx: &Ctx, attr: &str, v: &Value, params: &Map) -> Value {
    let Value::Map(m) = v else { return v.clone() };
    if !matches!(attr, "Metadata" | "CreationPolicy" | "UpdatePolicy") || !m.keys().any(|k| params.contains(k)) {
        return v.clone();
    }
    // A learner may believe every key of the override is merged.
    if ctx.flipped(Rule::CfnOverrideParamKeysApplied) {
        return v.clone();
    }
    Value::Map(Map(m
        .iter()
        .filter(|(k, _)| !params.contains(k))
        .map(|(k, x)| (k.to_string(), x.clone()))
        .collect()))
}

/// Merges an override value into a module value. `None`: the key is removed (only under the
/// override-can-remove misconception).
pub fn merge(ctx: &Ctx, a: Value, b: Value) -> Option<Value> {
    if (b.is_null() || b.is_no_value()) && ctx.flipped(Rule::CfnOverrideCanRemove) {
        return None;
    }
    match (a, b) {
        (Value::Map(a), Value::Map(b)) if Value::Map(a.clone()).intrinsic().is_none() && Value::Map(b.clone()).intrinsic().is_none() => {
            if ctx.flipped(Rule::CfnOverrideMapReplaces) {
                return Some(Value::Map(b));
            }
            Some(Value::Map(merge_map(ctx, a, b)))
        }
        (Value::Seq(mut a), Value::Seq(b)) => {
            if ctx.flipped(Rule::CfnOverrideListReplaces) {
                return Some(Value::Seq(b));
            }
            a.extend(b);
            Some(Value::Seq(a))
        }
        (_, b) => Some(b),
    }
}

/// Merges two mappings key by key, keeping the module's order and adding new keys at the end.
pub fn merge_map(ctx: &Ctx, mut a: Map, b: Map) -> Map {
    for (k, bv) in b.0 {
        match a.0.iter().position(|(ak, _)| *ak == k) {
            Some(i) => {
                let av = std::mem::replace(&mut a.0[i].1, Value::null());
                match merge(ctx, av, bv) {
                    Some(v) => a.0[i].1 = v,
                    None => {
                        a.0.remove(i);
                    }
                }
            }
            None => {
                if (bv.is_null() || bv.is_no_value()) && ctx.flipped(Rule::CfnOverrideCanRemove) {
                    continue;
                }
                a.0.push((k, bv));
            }
        }
    }
    a
}

/// Applies one (resolved) override to a (resolved) resource. `depends` are the override's
/// DependsOn names, already resolved in the declaring scope.
pub fn apply(ctx: &Ctx, res: &mut Map, o: &Map, depends: Vec<String>) {
    for attr in MERGED {
        let Some(ov) = o.get(attr) else { continue };
        match res.0.iter().position(|(k, _)| k == attr) {
            Some(i) => {
                let base = std::mem::replace(&mut res.0[i].1, Value::null());
                match merge(ctx, base, ov.clone()) {
                    Some(v) => res.0[i].1 = v,
                    None => {
                        res.0.remove(i);
                    }
                }
            }
            None => res.0.push((attr.to_string(), ov.clone())),
        }
    }
    for attr in SET {
        if let Some(v) = o.get(attr) {
            res.insert(*attr, v.clone());
        }
    }
    if !depends.is_empty() {
        let mut all = depends_list(res.get("DependsOn"));
        all.extend(depends);
        res.insert("DependsOn", depends_value(all));
    }
}

/// A DependsOn value as names (a scalar may hold several, separated by spaces).
pub fn depends_list(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::Scalar(s)) => s.text.split_whitespace().map(str::to_string).collect(),
        Some(Value::Seq(items)) => items.iter().filter_map(Value::as_str).map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

/// Names as a DependsOn value: one as a scalar, more as a list.
pub fn depends_value(names: Vec<String>) -> Value {
    if names.len() == 1 {
        Value::str(names[0].clone())
    } else {
        Value::Seq(names.into_iter().map(Value::str).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::yaml::parse;
    use super::*;
    use crate::lang::Rules;

    fn m(src: &str) -> Value {
        parse(src).unwrap()
    }

    #[test]
    fn maps_merge_lists_append_scalars_replace() {
        let rules = Rules::real();
        let ctx = Ctx::new(&rules);
        let out = merge(&ctx, m("{A: 1, L: [x], M: {p: 1, q: 2}}"), m("{A: 2, L: [y], M: {q: 3}, N: new}")).unwrap();
        assert!(out.same_data(&m("{A: 2, L: [x, y], M: {p: 1, q: 3}, N: new}")));
        assert!(ctx.touched().contains(&Rule::CfnOverrideListReplaces));
    }

    #[test]
    fn flipped_rules_give_the_believed_merge() {
        let r = Rules::with(Rule::CfnOverrideListReplaces);
        assert!(
            merge(&Ctx::new(&r), m("{L: [x]}"), m("{L: [y]}"))
                .unwrap()
                .same_data(&m("{L: [y]}"))
        );
        let r = Rules::with(Rule::CfnOverrideMapReplaces);
        assert!(
            merge(&Ctx::new(&r), m("{M: {p: 1}}"), m("{M: {q: 2}, K: 1}"))
                .unwrap()
                .same_data(&m("{M: {q: 2}, K: 1}"))
        );
        let r = Rules::with(Rule::CfnOverrideCanRemove);
        assert!(
            merge(&Ctx::new(&r), m("{A: 1, B: 2}"), m("{A: null}"))
                .unwrap()
                .same_data(&m("{B: 2}"))
        );
        let real = Rules::real();
        assert!(
            merge(&Ctx::new(&real), m("{A: 1, B: 2}"), m("{A: null}"))
                .unwrap()
                .same_data(&m("{A: null, B: 2}"))
        );
    }

    #[test]
    fn intrinsics_are_replaced_whole() {
        let rules = Rules::real();
        let out = merge(&Ctx::new(&rules), m("{A: !Ref X}"), m("{A: !GetAtt Y.Arn}")).unwrap();
        assert!(out.same_data(&m("{A: !GetAtt Y.Arn}")));
    }
}
