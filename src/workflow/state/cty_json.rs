//! Values and types in the JSON that go-cty's `json` package gives them, which is what a state
//! file holds: types as `"string"`, `["list","string"]`, `["object",{...}]`; values as plain
//! JSON for a known type, and as `{"value": ..., "type": ...}` where the type is `dynamic`
//! (a `terraform_data` input, an output of `terraform_remote_state`).

use std::collections::BTreeMap;

use super::json::Json;
use crate::lang::value::number::Number;
use crate::lang::{Type, Value};

/// A type's JSON (`cty/json.MarshalType`).
pub fn type_to_json(t: &Type) -> Json {
    match t {
        Type::String => Json::str("string"),
        Type::Number => Json::str("number"),
        Type::Bool => Json::str("bool"),
        Type::Dynamic => Json::str("dynamic"),
        Type::List(e) => Json::Array(vec![Json::str("list"), type_to_json(e)]),
        Type::Set(e) => Json::Array(vec![Json::str("set"), type_to_json(e)]),
        Type::Map(e) => Json::Array(vec![Json::str("map"), type_to_json(e)]),
        Type::Tuple(es) => Json::Array(vec![Json::str("tuple"), Json::Array(es.iter().map(type_to_json).collect())]),
        Type::Object(attrs) => Json::Array(vec![
            Json::str("object"),
            Json::Object(attrs.iter().map(|(k, t)| (k.clone(), type_to_json(t))).collect()),
        ]),
    }
}

/// Reads a type's JSON; the error is go-cty's wording.
pub fn type_from_json(j: &Json) -> Result<Type, String> {
    match j {
        Json::String(s) => match s.as_str() {
            "string" => Ok(Type::String),
            "number" => Ok(Type::Number),
            "bool" => Ok(Type::Bool),
            "dynamic" => Ok(Type::Dynamic),
            other => Err(format!("invalid primitive type name {other:?}")),
        },
        Json::Array(items) => {
            let Some(Json::String(kind)) = items.first() else {
                return Err("invalid complex type description".into());
            };
            let arg = items.get(1).ok_or_else(|| format!("missing type argument for {kind}"))?;
            match kind.as_str() {
                "list" => Ok(Type::list(type_from_json(arg)?)),
                "set" => Ok(Type::set(type_from_json(arg)?)),
                "map" => Ok(Type::map(type_from_json(arg)?)),
                "tuple" => match arg {
                    Json::Array(es) => Ok(Type::Tuple(es.iter().map(type_from_json).collect::<Result<_, _>>()?)),
                    _ => Err("tuple type must have a list of element types".into()),
                },
                // A third element (optional attributes) may follow; a state never needs it.
                "object" => match arg {
                    Json::Object(members) => {
                        let mut attrs = BTreeMap::new();
                        for (k, t) in members {
                            attrs.insert(k.clone(), type_from_json(t)?);
                        }
                        Ok(Type::Object(attrs))
                    }
                    _ => Err("object type must have a map of attribute types".into()),
                },
                other => Err(format!("invalid complex type kind name {other:?}")),
            }
        }
        _ => Err("invalid type description".into()),
    }
}

/// Why a value cannot be written to a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarshalError(pub String);

impl std::fmt::Display for MarshalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A value's JSON for type `t` (`cty/json.Marshal(v, t)`): where `t` is `dynamic` the value
/// is wrapped with its own type. Sensitive marks are dropped (the state lists those paths in
/// `sensitive_attributes`); an unknown value cannot be saved.
pub fn value_to_json(v: &Value, t: &Type) -> Result<Json, MarshalError> {
    let v = v.unmark_deep_ref();
    if let Value::Marked(inner, _) = v {
        return value_to_json(inner, t);
    }
    if v.is_null() {
        return Ok(Json::Null);
    }
    if let Value::Unknown(_, _) = v {
        return Err(MarshalError("value is not known".into()));
    }
    if *t == Type::Dynamic {
        let own = v.ty();
        return Ok(Json::Object(vec![
            ("value".into(), value_to_json(v, &own)?),
            ("type".into(), type_to_json(&own)),
        ]));
    }
    Ok(match v {
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(n) => {
            if n.is_inf() {
                return Err(MarshalError("cannot serialize infinity as JSON".into()));
            }
            Json::Number(n.to_text())
        }
        Value::String(s) => Json::str(s.to_string()),
        Value::List(_, items) | Value::Set(_, items) => {
            let et = t.element().cloned().unwrap_or(Type::Dynamic);
            Json::Array(items.iter().map(|e| value_to_json(e, &et)).collect::<Result<_, _>>()?)
        }
        Value::Tuple(items) => {
            let ets: Vec<Type> = match t {
                Type::Tuple(ts) => ts.clone(),
                _ => items.iter().map(Value::ty).collect(),
            };
            let mut out = Vec::with_capacity(items.len());
            for (i, e) in items.iter().enumerate() {
                out.push(value_to_json(e, ets.get(i).unwrap_or(&Type::Dynamic))?);
            }
            Json::Array(out)
        }
        Value::Map(_, m) => {
            let et = t.element().cloned().unwrap_or(Type::Dynamic);
            Json::Object(
                m.iter()
                    .map(|(k, e)| Ok((k.clone(), value_to_json(e, &et)?)))
                    .collect::<Result<_, MarshalError>>()?,
            )
        }
        Value::Object(m) => {
            let mut out = Vec::with_capacity(m.len());
            for (k, e) in m {
                let at = match t {
                    Type::Object(ts) => ts.get(k).cloned().unwrap_or_else(|| e.ty()),
                    _ => e.ty(),
                };
                out.push((k.clone(), value_to_json(e, &at)?));
            }
            Json::Object(out)
        }
        // Handled above; kept for completeness of the match.
        Value::Null(_) | Value::Unknown(_, _) | Value::Marked(..) => Json::Null,
    })
}

/// Reads a value of type `t` from its JSON (`cty/json.Unmarshal`); the error is go-cty's
/// wording.
pub fn value_from_json(j: &Json, t: &Type) -> Result<Value, String> {
    if j.is_null() {
        return Ok(Value::Null(t.clone()));
    }
    match t {
        Type::Dynamic => {
            let Json::Object(_) = j else {
                return Err("dynamic value must be an object with \"value\" and \"type\" properties".into());
            };
            let ty = j.get("type").ok_or("missing type in dynamic value")?;
            let ty = type_from_json(ty)?;
            let val = j.get("value").ok_or("missing value in dynamic value")?;
            value_from_json(val, &ty)
        }
        Type::Number => match j {
            Json::Number(s) | Json::String(s) => Number::parse(s)
                .map(Value::Number)
                .ok_or_else(|| "a number is required".to_string()),
            _ => Err("a number is required".into()),
        },
        Type::String => match j {
            Json::String(s) | Json::Number(s) => Ok(Value::string(s.as_str())),
            Json::Bool(b) => Ok(Value::string(if *b { "true" } else { "false" })),
            _ => Err("a string is required".into()),
        },
        Type::Bool => match j {
            Json::Bool(b) => Ok(Value::Bool(*b)),
            Json::String(s) if s == "true" => Ok(Value::Bool(true)),
            Json::String(s) if s == "false" => Ok(Value::Bool(false)),
            _ => Err("a bool is required".into()),
        },
        Type::List(et) | Type::Set(et) => {
            let Json::Array(items) = j else {
                return Err(format!("a {} is required", if matches!(t, Type::List(_)) { "list" } else { "set" }));
            };
            let vals = items.iter().map(|e| value_from_json(e, et)).collect::<Result<Vec<_>, _>>()?;
            Ok(match t {
                Type::List(_) => Value::List((**et).clone(), vals),
                _ => Value::new_set((**et).clone(), vals),
            })
        }
        Type::Map(et) => {
            let Json::Object(members) = j else {
                return Err("a map is required".into());
            };
            let mut m = BTreeMap::new();
            for (k, e) in members {
                m.insert(k.clone(), value_from_json(e, et)?);
            }
            Ok(Value::Map((**et).clone(), m))
        }
        Type::Tuple(ets) => {
            let Json::Array(items) = j else {
                return Err("a tuple is required".into());
            };
            if items.len() != ets.len() {
                return Err("wrong number of elements".into());
            }
            Ok(Value::Tuple(
                items
                    .iter()
                    .zip(ets)
                    .map(|(e, t)| value_from_json(e, t))
                    .collect::<Result<_, _>>()?,
            ))
        }
        Type::Object(ats) => {
            let Json::Object(members) = j else {
                return Err("an object is required".into());
            };
            let mut m = BTreeMap::new();
            for (k, e) in members {
                let at = ats.get(k).ok_or_else(|| format!("unsupported attribute {k:?}"))?;
                m.insert(k.clone(), value_from_json(e, at)?);
            }
            for (k, at) in ats {
                m.entry(k.clone()).or_insert_with(|| Value::Null(at.clone()));
            }
            Ok(Value::Object(m))
        }
    }
}

/// A value read from JSON with no schema to say its type: objects, tuples and primitives, as
/// `jsondecode` would give (a resource type iacquiz does not know keeps its attributes so).
pub fn value_from_json_implied(j: &Json) -> Value {
    match j {
        Json::Null => Value::null(),
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(s) => Number::parse(s).map_or_else(|| Value::string(s.as_str()), Value::Number),
        Json::String(s) => Value::string(s.as_str()),
        Json::Array(items) => Value::Tuple(items.iter().map(value_from_json_implied).collect()),
        Json::Object(members) => Value::Object(members.iter().map(|(k, v)| (k.clone(), value_from_json_implied(v))).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflow::state::json::{parse, to_compact};

    fn round(text: &str, t: &Type) -> String {
        let j = parse(text.as_bytes()).unwrap();
        let v = value_from_json(&j, t).unwrap();
        to_compact(&value_to_json(&v, t).unwrap())
    }

    #[test]
    fn dynamic_values_carry_their_type() {
        let text = r#"{"value":{"a":[1,"x"],"b":null},"type":["object",{"a":["tuple",["number","string"]],"b":"dynamic"}]}"#;
        assert_eq!(round(text, &Type::Dynamic), text);
        assert_eq!(round("null", &Type::Dynamic), "null");
    }

    #[test]
    fn numbers_are_written_in_full() {
        assert_eq!(round("1.5e30", &Type::Number), "1500000000000000000000000000000");
        assert_eq!(round("12345678901234567890", &Type::Number), "12345678901234567890");
    }

    #[test]
    fn bad_types_are_refused_with_cty_wording() {
        assert_eq!(
            type_from_json(&Json::str("nope")).unwrap_err(),
            "invalid primitive type name \"nope\""
        );
        assert_eq!(value_from_json(&Json::str("x"), &Type::Number).unwrap_err(), "a number is required");
    }
}
