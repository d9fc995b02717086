//! The functions folded at package time when their arguments are known: Fn::Join,
//! Fn::Select (written list first), Fn::Merge, Fn::InsertFile, and Fn::Invoke (a sibling
//! module used as a function).

use super::error::CfnError;
use super::module::Engine;
use super::resolve::{resolve_map, resolve_value};
use super::scope::Scope;
use super::value::{Map, Value, parse_int};

/// Folds a Fn::Join, Fn::Select or Fn::Merge whose argument is already resolved.
pub fn fold(f: &str, arg: Value) -> Result<Value, CfnError> {
    match f {
        "Fn::Join" => join(arg),
        "Fn::Select" => select(arg),
        "Fn::Merge" => merge(arg),
        _ => Ok(Value::func(f, arg)),
    }
}

/// Folds the package-time functions anywhere in `v` (after an override merge).
pub fn fold_all(v: Value) -> Result<Value, CfnError> {
    match v {
        Value::Map(mut m) if m.len() == 1 && matches!(m.0[0].0.as_str(), "Fn::Join" | "Fn::Select" | "Fn::Merge") => {
            let (f, arg) = m.0.remove(0);
            fold(&f, fold_all(arg)?)
        }
        Value::Map(m) => Ok(Value::Map(Map(m
            .0
            .into_iter()
            .map(|(k, v)| fold_all(v).map(|v| (k, v)))
            .collect::<Result<_, _>>()?))),
        Value::Seq(items) => Ok(Value::Seq(items.into_iter().map(fold_all).collect::<Result<_, _>>()?)),
        v => Ok(v),
    }
}

fn join(arg: Value) -> Result<Value, CfnError> {
    let Value::Seq(items) = &arg else {
        return Err(CfnError::intrinsic(
            "Fn::Join",
            "the argument should be a list [delimiter, [values]]",
        ));
    };
    if items.len() != 2 {
        return Err(CfnError::intrinsic(
            "Fn::Join",
            "the argument should have two items: a delimiter and a list",
        ));
    }
    if let (Value::Scalar(sep), Value::Seq(parts)) = (&items[0], &items[1])
        && parts.iter().all(Value::is_scalar)
    {
        let texts: Vec<&str> = parts.iter().filter_map(Value::as_str).collect();
        return Ok(Value::str(texts.join(&sep.text)));
    }
    Ok(Value::func("Fn::Join", arg))
}

fn select(arg: Value) -> Result<Value, CfnError> {
    let Value::Seq(items) = &arg else {
        return Ok(Value::func("Fn::Select", arg));
    };
    if items.len() != 2 {
        return Err(CfnError::intrinsic("Fn::Select", "expected two items"));
    }
    // Only the list-first form is folded; CloudFormation's [index, list] is left to it.
    if let (Value::Seq(list), Value::Scalar(i)) = (&items[0], &items[1])
        && list.iter().all(Value::is_scalar)
    {
        let idx = parse_int(&i.text)
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n < list.len())
            .ok_or_else(|| CfnError::intrinsic("Fn::Select", format!("the index {} is outside the list of {}", i.text, list.len())))?;
        return Ok(list[idx].clone());
    }
    Ok(Value::func("Fn::Select", arg))
}

fn merge(arg: Value) -> Result<Value, CfnError> {
    let Value::Seq(items) = &arg else {
        return Err(CfnError::intrinsic(
            "Fn::Merge",
            "the argument should be a list of mappings or of lists",
        ));
    };
    if items.iter().any(|v| v.intrinsic().is_some()) {
        return Ok(Value::func("Fn::Merge", arg));
    }
    if items.iter().all(|v| v.as_seq().is_some()) {
        return Ok(Value::Seq(
            items.iter().flat_map(|v| v.as_seq().cloned().unwrap_or_default()).collect(),
        ));
    }
    if items.iter().all(|v| v.as_map().is_some()) {
        let mut out = Value::Map(Map::new());
        for v in items {
            out = deep_merge(out, v.clone());
        }
        return Ok(out);
    }
    Err(CfnError::intrinsic(
        "Fn::Merge",
        "every item should be a mapping, or every item a list",
    ))
}

/// Fn::Merge's merge: mappings key by key (later wins), lists appended, scalars replaced.
fn deep_merge(a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Map(mut a), Value::Map(b)) if b.intrinsic_free() => {
            for (k, bv) in b.0 {
                let merged = match a.remove_keep(&k) {
                    Some((i, av)) => {
                        a.0.insert(i, (k, deep_merge(av, bv)));
                        continue;
                    }
                    None => bv,
                };
                a.0.push((k, merged));
            }
            Value::Map(a)
        }
        (Value::Seq(mut a), Value::Seq(b)) => {
            a.extend(b);
            Value::Seq(a)
        }
        (_, b) => b,
    }
}

impl Map {
    fn intrinsic_free(&self) -> bool {
        Value::Map(self.clone()).intrinsic().is_none()
    }
    fn remove_keep(&mut self, key: &str) -> Option<(usize, Value)> {
        let i = self.0.iter().position(|(k, _)| k == key)?;
        Some((i, self.0.remove(i).1))
    }
}

/// `Fn::InsertFile: path` → the file's text. As rain reads it, the path is relative to the
/// file that declares the module it is written in (see [`Engine::insert_base`]).
pub fn insert_file(eng: &Engine, sc: &Scope, arg: &Value) -> Result<Value, CfnError> {
    let path = resolve_value(eng, sc, arg)?;
    let Some(p) = path.as_str() else {
        return Err(CfnError::intrinsic("Fn::InsertFile", "requires a scalar file path").at(&sc.file(), &sc.label));
    };
    let loc = eng.locate(&eng.insert_base(sc), p).map_err(|e| e.at(&sc.file(), &sc.label))?;
    let text = eng.reader.text(&loc).map_err(|e| e.at(&sc.file(), &sc.label))?;
    Ok(Value::shared(text))
}

/// `Fn::Invoke: [Module, {Param: value}, Output]`: the output of a module entry of this
/// scope, computed with the given parameters laid over the entry's Properties. No resources
/// are emitted.
pub fn invoke(eng: &Engine, sc: &Scope, arg: &Value) -> Result<Value, CfnError> {
    let here = |e: CfnError| e.at(&sc.file(), &sc.label);
    let items = arg.as_seq().filter(|i| i.len() == 3).ok_or_else(|| {
        here(CfnError::intrinsic(
            "Fn::Invoke",
            "requires 3 arguments [moduleName, parameters, outputKey]",
        ))
    })?;
    let module = items[0]
        .as_str()
        .ok_or_else(|| here(CfnError::intrinsic("Fn::Invoke", "the module name must be a scalar")))?;
    let params = items[1]
        .as_map()
        .ok_or_else(|| here(CfnError::intrinsic("Fn::Invoke", "the parameters must be a mapping")))?;
    let output = items[2]
        .as_str()
        .ok_or_else(|| here(CfnError::intrinsic("Fn::Invoke", "the output key must be a scalar")))?;
    let params = resolve_map(eng, sc, params)?;
    for s in sc.chain() {
        if let Some(entry) = s.entries.iter().find(|e| e.name == module) {
            let ex = eng.expand(s, entry, Some(&params), false)?;
            return match ex.outputs.into_iter().find(|(n, _)| n == output) {
                Some((_, v)) => fold_all(v?),
                None => Err(here(CfnError::intrinsic(
                    "Fn::Invoke",
                    format!("the module {module} has no output {output}"),
                ))),
            };
        }
    }
    Err(here(CfnError::intrinsic(
        "Fn::Invoke",
        format!("there is no module {module} in this Modules section"),
    )))
}

#[cfg(test)]
mod tests {
    use super::super::yaml::parse;
    use super::*;

    fn arg(src: &str) -> Value {
        parse(src).unwrap()
    }

    #[test]
    fn join_folds_only_known_parts() {
        assert_eq!(join(arg("['-', [a, b]]")).unwrap(), Value::str("a-b"));
        assert!(join(arg("['-', [a, !Ref X]]")).unwrap().intrinsic().is_some());
        assert!(join(arg("[a]")).is_err());
    }

    #[test]
    fn select_folds_the_list_first_form() {
        assert_eq!(select(arg("[[a, b], 1]")).unwrap(), Value::str("b"));
        assert!(select(arg("[0, [a, b]]")).unwrap().intrinsic().is_some());
        assert!(select(arg("[[a], 3]")).is_err());
    }

    #[test]
    fn merge_maps_and_lists() {
        let m = merge(arg("[{A: 1, B: {x: 1}}, {B: {y: 2}, C: 3}]")).unwrap();
        assert!(m.same_data(&arg("{A: 1, B: {x: 1, y: 2}, C: 3}")));
        assert!(merge(arg("[[a], [a, b]]")).unwrap().same_data(&arg("[a, a, b]")));
        assert!(merge(arg("[[a], {b: 1}]")).is_err());
    }
}
