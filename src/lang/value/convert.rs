//! Type conversion and unification, following go-cty's `convert` package in its unsafe mode
//! (the mode Terraform uses for arguments, conditionals and type constraints).

use std::collections::BTreeMap;

use crate::lang::value::number::Number;
use crate::lang::value::{Refinement, Type, Value};

/// Why a conversion failed, in cty's words (`"a number is required"`, `"element 0: ..."`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvError(pub String);

impl std::fmt::Display for ConvError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl ConvError {
    /// The message without the path in front (`element 0: `, `attribute "a": `), as cty's
    /// `PathError` prints itself.
    pub fn bare(&self) -> &str {
        let mut s = self.0.as_str();
        loop {
            let Some(rest) = s.strip_prefix("element ").or_else(|| s.strip_prefix("attribute ")) else {
                return s;
            };
            let step = if let Some(q) = rest.strip_prefix('"') {
                // A quoted key: up to its closing quote, escapes skipped.
                let mut end = None;
                let mut esc = false;
                for (i, c) in q.char_indices() {
                    match c {
                        _ if esc => esc = false,
                        '\\' => esc = true,
                        '"' => {
                            end = Some(i + 1);
                            break;
                        }
                        _ => {}
                    }
                }
                end.map(|e| &q[e..])
            } else {
                let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                (digits > 0).then(|| &rest[digits..])
            };
            match step.and_then(|r| r.strip_prefix(": ")) {
                Some(r) => s = r,
                None => return s,
            }
        }
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, ConvError> {
    Err(ConvError(msg.into()))
}

fn at(path: &str, e: ConvError) -> ConvError {
    ConvError(format!("{path}: {}", e.0))
}

/// The mismatch message cty gives when `got` cannot become `want`.
pub fn mismatch(got: &Type, want: &Type) -> String {
    match want {
        Type::Object(attrs) => {
            if let Type::Object(have) = got
                && let Some(missing) = attrs.keys().find(|k| !have.contains_key(*k))
            {
                return format!("attribute {:?} is required", missing);
            }
            "object required".into()
        }
        Type::Tuple(_) => "tuple required".into(),
        _ => format!("{} required", want.friendly()),
    }
}

/// True if a value of type `from` can be converted to `to` (the check behind unification).
pub fn convertible(from: &Type, to: &Type) -> bool {
    if from == to || *to == Type::Dynamic || *from == Type::Dynamic {
        return true;
    }
    match (from, to) {
        (Type::Number | Type::Bool, Type::String) => true,
        (Type::String, Type::Number | Type::Bool) => true,
        (Type::List(a) | Type::Set(a), Type::List(b) | Type::Set(b)) => convertible(a, b),
        (Type::Tuple(ts), Type::List(b) | Type::Set(b)) => {
            if b.as_ref() == &Type::Dynamic {
                // cty's conversionTupleToList: the element types unify, and to `dynamic` only
                // when every one is (unlike an object to a map, below).
                single_element_type(ts).is_some() || ts.is_empty()
            } else {
                ts.iter().all(|t| convertible(t, b))
            }
        }
        (Type::Map(a), Type::Map(b)) => convertible(a, b),
        (Type::Object(m), Type::Map(b)) => {
            if b.as_ref() == &Type::Dynamic {
                let ts: Vec<Type> = m.values().cloned().collect();
                // cty's conversionObjectToMap: any unification will do, `dynamic` included.
                ts.is_empty() || unify(&ts).is_some()
            } else {
                m.values().all(|t| convertible(t, b))
            }
        }
        (Type::Map(e), Type::Object(attrs)) => attrs.values().all(|t| convertible(e, t)),
        (Type::Object(have), Type::Object(want)) => want.iter().all(|(k, t)| have.get(k).is_some_and(|h| convertible(h, t))),
        (Type::Tuple(a), Type::Tuple(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| convertible(x, y)),
        (Type::List(e) | Type::Set(e), Type::Tuple(b)) => b.iter().all(|t| convertible(e, t)),
        _ => false,
    }
}

/// Converts a value to the wanted type, as cty's unsafe conversion does.
pub fn convert(v: &Value, want: &Type) -> Result<Value, ConvError> {
    if let Value::Marked(inner, m) = v {
        return Ok(convert(inner, want)?.mark_with(*m));
    }
    let got = v.ty();
    if *want == Type::Dynamic || (got == *want && !want.has_dynamic()) {
        return Ok(v.clone());
    }
    match v {
        // cty: an untyped null takes the wanted type whole, `any` inside it included
        // (a variable of type map(any) defaulting to null is `tomap(null) /* of dynamic */`).
        Value::Null(Type::Dynamic) => Ok(Value::Null(want.clone())),
        Value::Null(t) => {
            if convertible(t, want) {
                Ok(Value::Null(concrete_or(want, t)))
            } else {
                err(mismatch(t, want))
            }
        }
        // cty converts nothing when the types are the same: the refinements stay.
        Value::Unknown(t, _) if t == want => Ok(v.clone()),
        Value::Unknown(t, _) => {
            if convertible(t, want) {
                Ok(unknown_converted(v, t, concrete_or(want, t)))
            } else {
                err(mismatch(t, want))
            }
        }
        _ => convert_known(v, &got, want),
    }
}

/// An unknown `v` of type `from` converted to type `to`, as cty's prepareUnknownResult: it is
/// still never null if it was, and a collection made from a tuple, an object or another
/// collection keeps what can be told of its length (a set only that it is not empty, since
/// its elements may coalesce).
fn unknown_converted(v: &Value, from: &Type, to: Type) -> Value {
    let mut r = Refinement::new();
    if v.definitely_not_null() {
        r = r.not_null();
    }
    let r = match (from, &to) {
        (Type::Object(attrs), Type::Map(_)) => r.length(attrs.len()),
        (Type::Tuple(ts), Type::List(_)) => r.length(ts.len()),
        (Type::Tuple(ts), Type::Set(_)) if ts.len() <= 1 => r.length(ts.len()),
        (Type::Tuple(ts), Type::Set(_)) => r.length_at_least(1).length_at_most(ts.len()),
        (Type::List(_) | Type::Set(_) | Type::Map(_), Type::List(_) | Type::Set(_) | Type::Map(_)) => {
            let (min, max) = v.length_bounds();
            let r = match &to {
                Type::Set(_) if min > 0 => r.length_at_least(1),
                Type::Set(_) => r,
                _ => r.length_at_least(min),
            };
            r.length_at_most(max.unwrap_or(usize::MAX))
        }
        _ => r,
    };
    Value::unknown(to).refine(r)
}

/// The type of a null or unknown `got` converted to `want`: `want` itself, or, from go-cty
/// 1.13 (Terraform 1.6), `want` with each `any` in it replaced by what `got` has there
/// (cty's dynamicReplace: `toset` of a null list(number) is a null set(number), not set(any)).
fn concrete_or(want: &Type, got: &Type) -> Type {
    if !want.has_dynamic() || *got == Type::Dynamic {
        return want.clone();
    }
    let keeps = crate::lang::dialect::releases::current()
        .is_none_or(|v| crate::lang::dialect::releases::has(v, &crate::lang::dialect::releases::NULL_CONVERSION_KEEPS_TYPES));
    if keeps { dynamic_replace(got, want) } else { want.clone() }
}

/// cty's dynamicReplace: `out` with every `any` in it taken from the same place in `inp`.
fn dynamic_replace(inp: &Type, out: &Type) -> Type {
    if *inp == Type::Dynamic {
        return out.clone();
    }
    let unified = |ts: Vec<Type>| unify(&ts).unwrap_or(Type::Dynamic);
    match (out, inp) {
        (Type::Dynamic, _) => inp.clone(),
        (Type::Map(oe), Type::Map(ie)) => Type::map(dynamic_replace(ie, oe)),
        (Type::Map(oe), Type::Object(m)) => Type::map(dynamic_replace(&unified(m.values().cloned().collect()), oe)),
        (Type::Set(oe), Type::Set(ie) | Type::List(ie)) => Type::set(dynamic_replace(ie, oe)),
        (Type::Set(oe), Type::Tuple(ts)) => Type::set(dynamic_replace(&unified(ts.clone()), oe)),
        (Type::List(oe), Type::Set(ie) | Type::List(ie)) => Type::list(dynamic_replace(ie, oe)),
        (Type::List(oe), Type::Tuple(ts)) => Type::list(dynamic_replace(&unified(ts.clone()), oe)),
        (Type::Object(oa), Type::Map(ie)) => Type::Object(oa.iter().map(|(k, t)| (k.clone(), dynamic_replace(ie, t))).collect()),
        (Type::Object(oa), Type::Object(ia)) => Type::Object(
            oa.iter()
                .map(|(k, t)| (k.clone(), ia.get(k).map_or_else(|| t.clone(), |i| dynamic_replace(i, t))))
                .collect(),
        ),
        (Type::Tuple(os), Type::Tuple(is)) => Type::Tuple(
            os.iter()
                .enumerate()
                .map(|(i, t)| is.get(i).map_or_else(|| t.clone(), |x| dynamic_replace(x, t)))
                .collect(),
        ),
        _ => out.clone(),
    }
}

fn convert_known(v: &Value, got: &Type, want: &Type) -> Result<Value, ConvError> {
    // cty decides a conversion on the types before it looks at a value, so an empty list of
    // tuples is no more a list of bool than a full one is.
    if matches!(got, Type::List(_) | Type::Set(_) | Type::Map(_)) && !convertible(got, want) {
        return err(mismatch(got, want));
    }
    match want {
        Type::String => match v {
            Value::String(_) => Ok(v.clone()),
            Value::Number(n) => Ok(Value::string(n.to_text())),
            Value::Bool(b) => Ok(Value::string(if *b { "true" } else { "false" })),
            _ => err(mismatch(got, want)),
        },
        Type::Number => match v {
            Value::Number(_) => Ok(v.clone()),
            Value::String(s) => Number::parse(s)
                .map(Value::Number)
                .ok_or_else(|| ConvError("a number is required".into())),
            _ => err(mismatch(got, want)),
        },
        Type::Bool => match v {
            Value::Bool(_) => Ok(v.clone()),
            Value::String(s) => match s.as_ref() {
                "true" | "1" => Ok(Value::Bool(true)),
                "false" | "0" => Ok(Value::Bool(false)),
                other => match other.to_lowercase().as_str() {
                    "true" => err("a bool is required; to convert from string, use lowercase \"true\""),
                    "false" => err("a bool is required; to convert from string, use lowercase \"false\""),
                    _ => err("a bool is required"),
                },
            },
            _ => err(mismatch(got, want)),
        },
        Type::List(e) | Type::Set(e) => {
            let is_set = matches!(want, Type::Set(_));
            let elems: Vec<Value> = match v {
                Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.clone(),
                _ => return err(mismatch(got, want)),
            };
            let (ety, out) = convert_elements(&elems, e, got, is_set)?;
            Ok(if is_set { Value::new_set(ety, out) } else { Value::List(ety, out) })
        }
        Type::Map(e) => {
            let entries = match v {
                Value::Map(_, m) | Value::Object(m) => m,
                _ => return err(mismatch(got, want)),
            };
            let keys: Vec<String> = entries.keys().cloned().collect();
            let vals: Vec<Value> = entries.values().cloned().collect();
            // go-cty's run-time refusal names what was converted (conversion_collection.go).
            let refusal = if matches!(v, Value::Object(_)) {
                "attribute types must all match for conversion to map"
            } else {
                "element types must all match for conversion to map"
            };
            let (ety, out) = convert_entries(&keys, &vals, e, refusal)?;
            Ok(Value::Map(ety, keys.into_iter().zip(out).collect()))
        }
        Type::Tuple(ts) => {
            let elems = match v {
                Value::Tuple(vs) | Value::List(_, vs) | Value::Set(_, vs) => vs,
                _ => return err(mismatch(got, want)),
            };
            if elems.len() != ts.len() {
                return err(format!("tuple required with exactly {} elements", ts.len()).replace("tuple required", "tuple"));
            }
            let out = elems
                .iter()
                .zip(ts)
                .enumerate()
                .map(|(i, (v, t))| convert(v, t).map_err(|e| at(&format!("element {i}"), e)))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::Tuple(out))
        }
        Type::Object(attrs) => {
            let entries = match v {
                Value::Object(m) | Value::Map(_, m) => m,
                _ => return err(mismatch(got, want)),
            };
            let mut out = BTreeMap::new();
            for (k, t) in attrs {
                match entries.get(k) {
                    Some(x) => {
                        out.insert(k.clone(), convert(x, t).map_err(|e| at(&format!("attribute {:?}", k), e))?);
                    }
                    // cty words a missing key of a map apart from a missing attribute.
                    None if matches!(v, Value::Map(..)) => return err(format!("map has no element for required attribute {:?}", k)),
                    None => return err(format!("attribute {:?} is required", k)),
                }
            }
            Ok(Value::Object(out))
        }
        Type::Dynamic => Ok(v.clone()),
    }
}

/// Converts collection elements to `e`; when `e` has `any` in it, unifies the elements first.
/// Each of `vals` converted to `e` when `e` has `any` inside it (not `any` itself): cty
/// converts the elements to the wanted element type first, then unifies what they became
/// (`map(map(any))` makes each inner object a map, then gives them one type).
fn pre_convert(vals: &[Value], e: &Type, name: impl Fn(usize) -> String) -> Result<Option<Vec<Value>>, ConvError> {
    if !e.has_dynamic() || *e == Type::Dynamic {
        return Ok(None);
    }
    vals.iter()
        .enumerate()
        .map(|(i, v)| convert(v, e).map_err(|err| at(&name(i), err)))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// What cty does after converting each element to a wanted type with `any` inside: unify
/// them (`unify`), or require them to have one type already (the `refusal` otherwise); values
/// typed `any` (untyped nulls) go with anything.
fn settle(vals: Vec<Value>, e: &Type, unifies: bool, refusal: &str) -> Result<(Type, Vec<Value>), ConvError> {
    let typed: Vec<Type> = vals.iter().map(Value::ty).filter(|t| *t != Type::Dynamic).collect();
    if unifies && !vals.is_empty() {
        let all: Vec<Type> = vals.iter().map(Value::ty).collect();
        let Some(t) = unify(&all) else {
            return err("cannot find a common base type for all elements");
        };
        let out = vals.iter().map(|v| convert(v, &t)).collect::<Result<Vec<_>, _>>()?;
        return Ok((t, out));
    }
    if typed.windows(2).any(|w| w[0] != w[1]) {
        return err(refusal);
    }
    Ok((typed.first().cloned().unwrap_or_else(|| e.clone()), vals))
}

fn convert_elements(elems: &[Value], e: &Type, got: &Type, is_set: bool) -> Result<(Type, Vec<Value>), ConvError> {
    if let Some(pre) = pre_convert(elems, e, |i| format!("element {i}"))? {
        // conversion_collection.go: a tuple becoming a list is unified; a set, or a list from
        // a list or set, must already agree.
        let unifies = !is_set && matches!(got, Type::Tuple(_));
        let refusal = if is_set {
            "element types must all match for conversion to set"
        } else {
            "element types must all match for conversion to list"
        };
        return settle(pre, e, unifies, refusal);
    }
    let target = if e.has_dynamic() {
        let ts: Vec<Type> = elems.iter().map(Value::ty).collect();
        if ts.is_empty() {
            match got.element() {
                Some(t) => t.clone(),
                None => e.clone(),
            }
        } else {
            match single_element_type(&ts) {
                Some(t) => t,
                None => {
                    return err(match got {
                        Type::Tuple(_) => "all list elements must have the same type".to_string(),
                        _ => "all elements must have the same type".to_string(),
                    });
                }
            }
        }
    } else {
        e.clone()
    };
    let out = elems
        .iter()
        .enumerate()
        .map(|(i, v)| convert(v, &target).map_err(|e| at(&format!("element {i}"), e)))
        .collect::<Result<Vec<_>, _>>()?;
    // Where the common type still has `any` inside (an attribute that is null in one element
    // and of two unrelated types in others), each value keeps its own type there, and cty's
    // check that a list's elements share one type fails at run time (tf-oracle:
    // tolist([{b = null}, {b = false}, {b = 4.5}]) cannot be converted).
    if target.has_dynamic() && out.windows(2).any(|w| w[0].ty() != w[1].ty()) {
        return err(match got {
            Type::Tuple(_) => "all list elements must have the same type".to_string(),
            _ => "all elements must have the same type".to_string(),
        });
    }
    Ok((target, out))
}

fn convert_entries(keys: &[String], vals: &[Value], e: &Type, refusal: &str) -> Result<(Type, Vec<Value>), ConvError> {
    if let Some(pre) = pre_convert(vals, e, |i| format!("element {:?}", keys.get(i).map(String::as_str).unwrap_or("")))? {
        // Unified when the element type is a collection or an object (not a tuple).
        let unifies = matches!(e, Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Object(_));
        return settle(pre, e, unifies, refusal);
    }
    let target = if e.has_dynamic() {
        let ts: Vec<Type> = vals.iter().map(Value::ty).collect();
        if ts.is_empty() {
            e.clone()
        } else {
            map_element_type(&ts).ok_or_else(|| ConvError(refusal.into()))?
        }
    } else {
        e.clone()
    };
    let out = keys
        .iter()
        .zip(vals)
        .map(|(k, v)| convert(v, &target).map_err(|e| at(&format!("element {:?}", k), e)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((target, out))
}

/// The element type of a list or set made from elements of `types` (`tolist`, `toset`): their
/// unified type; when that is still `any` (an untyped null beside a collection or structure)
/// cty requires the elements to have one type, so `tolist([null, [1]])` fails.
fn single_element_type(types: &[Type]) -> Option<Type> {
    let t = unify(types)?;
    (t != Type::Dynamic || types.iter().all(|x| x == &types[0])).then_some(t)
}

/// The element type of a map made from attributes of `types` (`tomap`): untyped nulls take
/// the type of the others, so `tomap({a = null, b = [1]})` holds a null tuple.
fn map_element_type(types: &[Type]) -> Option<Type> {
    let typed: Vec<Type> = types.iter().filter(|t| **t != Type::Dynamic).cloned().collect();
    if typed.is_empty() { unify(types) } else { unify(&typed) }
}

/// The first step of the conversion cty's `unify` gives an object unified with maps
/// (`unifyObjectsAsMaps`): the object becomes a map of its own attributes' unified type
/// before it becomes the final map. Where that type is only `any`, values of different
/// types fail there, with that step's message, even when the final map type would take them
/// (`false ? tomap({c = "x"}) : {a = 1, b = [2]}`, tf-oracle 1.0.3).
pub fn object_among_maps_check(v: &Value, others: &[Type]) -> Result<(), ConvError> {
    let Value::Object(m) = v else { return Ok(()) };
    if !others.iter().any(|t| matches!(t, Type::Map(_))) {
        return Ok(());
    }
    let mut atys: Vec<Type> = m.values().map(Value::ty).collect();
    for t in others {
        if let Type::Object(o) = t {
            atys.extend(o.values().cloned());
        }
    }
    // cty.CanMapVal: values typed `any` (an untyped null) go with anything.
    let typed: Vec<Type> = m.values().map(Value::ty).filter(|t| *t != Type::Dynamic).collect();
    let differ = typed.windows(2).any(|w| w[0] != w[1]);
    if unify(&atys) == Some(Type::Dynamic) && differ {
        return err("attribute types must all match for conversion to map");
    }
    Ok(())
}

/// Finds one type all of `types` convert to, as cty's `UnifyUnsafe` does.
pub fn unify(types: &[Type]) -> Option<Type> {
    if types.is_empty() {
        return Some(Type::Dynamic);
    }
    if types.iter().all(|t| t == &types[0]) {
        return Some(types[0].clone());
    }
    let count = |f: fn(&Type) -> bool| types.iter().filter(|t| f(t)).count();
    let maps = count(|t| matches!(t, Type::Map(_)));
    let lists = count(|t| matches!(t, Type::List(_)));
    let sets = count(|t| matches!(t, Type::Set(_)));
    let objects = count(|t| matches!(t, Type::Object(_)));
    let tuples = count(|t| matches!(t, Type::Tuple(_)));
    let dynamics = count(|t| matches!(t, Type::Dynamic));
    let n = types.len();
    if dynamics > 0 && dynamics == n {
        return Some(Type::Dynamic);
    }
    let elem_union = |pick: &dyn Fn(&Type) -> Vec<Type>| -> Option<Type> {
        let all: Vec<Type> = types.iter().flat_map(pick).collect();
        unify(&all)
    };
    if maps > 0 && maps + dynamics == n {
        return if dynamics > 0 {
            Some(Type::Dynamic)
        } else {
            elem_union(&|t| t.element().cloned().into_iter().collect()).map(Type::map)
        };
    }
    if maps > 0 && maps + objects + dynamics == n {
        // cty's unifyObjectsAsMaps: the objects alone become one map type, then everything is
        // unified again with it in their place; anything but a map falls to the preference
        // order below (`false ? tomap({}) : {a = true, b = 1}` is the object type).
        let attrs = |t: &Type| match t {
            Type::Object(m) => m.values().cloned().collect(),
            _ => vec![],
        };
        if let Some(m) = structural_as_collection(types, |t| matches!(t, Type::Object(_)), &attrs, Type::map) {
            let mapped: Vec<Type> = types
                .iter()
                .map(|t| if matches!(t, Type::Object(_)) { m.clone() } else { t.clone() })
                .collect();
            if let Some(r @ Type::Map(_)) = unify(&mapped) {
                return Some(r);
            }
        }
    }
    if lists > 0 && lists + dynamics == n {
        return if dynamics > 0 {
            Some(Type::Dynamic)
        } else {
            elem_union(&|t| t.element().cloned().into_iter().collect()).map(Type::list)
        };
    }
    if lists > 0 && lists + tuples + dynamics == n {
        // cty's unifyTuplesAsList, the same way round.
        let elems = |t: &Type| match t {
            Type::Tuple(ts) => ts.clone(),
            _ => vec![],
        };
        if let Some(l) = structural_as_collection(types, |t| matches!(t, Type::Tuple(_)), &elems, Type::list) {
            let listed: Vec<Type> = types
                .iter()
                .map(|t| if matches!(t, Type::Tuple(_)) { l.clone() } else { t.clone() })
                .collect();
            if let Some(r @ Type::List(_)) = unify(&listed) {
                return Some(r);
            }
        }
    }
    if sets > 0 && sets + dynamics == n {
        return if dynamics > 0 {
            Some(Type::Dynamic)
        } else {
            elem_union(&|t| t.element().cloned().into_iter().collect()).map(Type::set)
        };
    }
    if objects > 0 && objects + dynamics == n {
        if dynamics > 0 {
            return Some(Type::Dynamic);
        }
        let first = match &types[0] {
            Type::Object(m) => m,
            _ => return None,
        };
        let same_names = types
            .iter()
            .all(|t| matches!(t, Type::Object(m) if m.len() == first.len() && m.keys().eq(first.keys())));
        if !same_names {
            // Different attribute names: the only common type is a map of all attribute types,
            // and only when every object converts to it (cty's unifyObjectTypesToMap).
            let attrs = |t: &Type| match t {
                Type::Object(m) => m.values().cloned().collect(),
                _ => vec![],
            };
            return structural_as_collection(types, |_| true, &attrs, Type::map);
        }
        let mut out = BTreeMap::new();
        for k in first.keys() {
            let ts: Vec<Type> = types
                .iter()
                .filter_map(|t| if let Type::Object(m) = t { m.get(k).cloned() } else { None })
                .collect();
            out.insert(k.clone(), unify(&ts)?);
        }
        return Some(Type::Object(out));
    }
    if tuples > 0 && tuples + dynamics == n {
        if dynamics > 0 {
            return Some(Type::Dynamic);
        }
        let len = match &types[0] {
            Type::Tuple(ts) => ts.len(),
            _ => return None,
        };
        let same_len = types.iter().all(|t| matches!(t, Type::Tuple(x) if x.len() == len));
        if !same_len {
            // Different lengths: the only common type is a list of all element types, when
            // every tuple converts to it (cty's unifyTupleTypesToList).
            let elems = |t: &Type| match t {
                Type::Tuple(x) => x.clone(),
                _ => vec![],
            };
            return structural_as_collection(types, |_| true, &elems, Type::list);
        }
        let mut out = Vec::new();
        for i in 0..len {
            let ts: Vec<Type> = types
                .iter()
                .filter_map(|t| if let Type::Tuple(x) = t { x.get(i).cloned() } else { None })
                .collect();
            out.push(unify(&ts)?);
        }
        return Some(Type::Tuple(out));
    }
    if objects > 0 && tuples > 0 {
        return None;
    }
    // Prefer the most general type for which every other converts (cty's preference order);
    // cty has no conversion from a list or set to a tuple (`false ? tolist([]) : [[1], 2]` is
    // inconsistent, tf-oracle).
    preference_order(types)
        .into_iter()
        .map(|i| &types[i])
        .find(|want| {
            types
                .iter()
                .all(|t| !(matches!(t, Type::Set(_) | Type::List(_)) && matches!(want, Type::Tuple(_))) && convertible(t, want))
        })
        .cloned()
}

/// The collection type (`wrap` of one element type) that every structural type picked by
/// `pick` converts to, its element type unified from all their members (`members`); none when
/// they have no members at all (cty's degenerate case) or do not unify.
fn structural_as_collection(
    types: &[Type],
    pick: impl Fn(&Type) -> bool,
    members: &dyn Fn(&Type) -> Vec<Type>,
    wrap: fn(Type) -> Type,
) -> Option<Type> {
    let picked: Vec<&Type> = types.iter().filter(|t| pick(t)).collect();
    let all: Vec<Type> = picked.iter().flat_map(|t| members(t)).collect();
    if all.is_empty() {
        return None;
    }
    let target = wrap(unify(&all)?);
    picked.iter().all(|t| convertible(t, &target)).then_some(target)
}

/// Which of two types cty prefers as a unification result: `Less` when `a` is the more
/// general. String before the other primitives, a list before a set or tuple, a tuple before
/// a set, a map before an object, `any` last of all (anything converts to it, so it says
/// nothing); collections of one kind by their elements.
fn prefer(a: &Type, b: &Type) -> std::cmp::Ordering {
    use std::cmp::Ordering::{Equal, Greater, Less};
    match (a, b) {
        (Type::Dynamic, Type::Dynamic) => Equal,
        (Type::Dynamic, _) => Greater,
        (_, Type::Dynamic) => Less,
        (Type::String, Type::Number | Type::Bool) => Less,
        (Type::Number | Type::Bool, Type::String) => Greater,
        (Type::List(x), Type::List(y)) | (Type::Set(x), Type::Set(y)) | (Type::Map(x), Type::Map(y)) => prefer(x, y),
        (Type::List(_), Type::Set(_) | Type::Tuple(_)) | (Type::Tuple(_), Type::Set(_)) | (Type::Map(_), Type::Object(_)) => Less,
        (Type::Set(_) | Type::Tuple(_), Type::List(_)) | (Type::Set(_), Type::Tuple(_)) | (Type::Object(_), Type::Map(_)) => Greater,
        _ => Equal,
    }
}

/// Indices of `types`, most general first: a topological order of `prefer`, ties by position
/// (cty sorts the same way, breadth first from the types nothing is preferred to).
fn preference_order(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut after: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut indegree = vec![0usize; n];
    for i in 0..n {
        for j in i + 1..n {
            match prefer(&types[i], &types[j]) {
                std::cmp::Ordering::Less => {
                    after[i].push(j);
                    indegree[j] += 1;
                }
                std::cmp::Ordering::Greater => {
                    after[j].push(i);
                    indegree[i] += 1;
                }
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    let mut order: Vec<usize> = (0..n).filter(|&i| indegree[i] == 0).collect();
    let mut next = 0;
    while next < order.len() {
        let i = order[next];
        next += 1;
        for &j in &after[i] {
            indegree[j] -= 1;
            if indegree[j] == 0 {
                order.push(j);
            }
        }
    }
    order
}

/// Converts every value to one unified type, or says why not.
pub fn unify_values(vals: &[Value]) -> Option<(Type, Vec<Value>)> {
    let ts: Vec<Type> = vals.iter().map(Value::ty).collect();
    let t = unify(&ts)?;
    let out = vals.iter().map(|v| convert(v, &t)).collect::<Result<Vec<_>, _>>().ok()?;
    Some((t, out))
}
