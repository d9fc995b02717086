//! Values as Terraform's machine-readable outputs write them (`show -json`, `plan -json`):
//! cty's JSON of a value (object keys sorted, numbers exact), with unknowns left out
//! (jsonplan's omitUnknowns) and the parallel trees `unknownAsBool` and `SensitiveAsBool`
//! build, whose shapes follow the value's type rather than only its content.

use crate::lang::{Type, Value};
use crate::workflow::state::json::Json;

/// An object with its keys in byte order, as Go writes a map.
pub fn sorted_object(mut members: Vec<(String, Json)>) -> Json {
    members.sort_by(|a, b| a.0.cmp(&b.0));
    Json::Object(members)
}

/// The value's JSON with every mark dropped and unknowns left out: an unknown attribute is
/// omitted from its object and an unknown element becomes null (element order is how the
/// unknown marks correlate).
pub fn known(v: &Value) -> Json {
    match v {
        Value::Null(_) | Value::Unknown(_, _) => Json::Null,
        Value::Marked(inner, _) => known(inner),
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(n) => Json::Number(n.to_text()),
        Value::String(s) => Json::String(s.to_string()),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Json::Array(vs.iter().map(known).collect()),
        Value::Map(_, m) | Value::Object(m) => Json::Object(
            m.iter()
                .filter(|(_, x)| !x.is_unknown())
                .map(|(k, x)| (k.clone(), known(x)))
                .collect(),
        ),
    }
}

/// Terraform's unknownAsBool: `true` where the value is unknown, `false` for a known leaf,
/// sequences element by element, objects without their `false` members.
pub fn unknown_as_bool(v: &Value) -> Json {
    match v {
        Value::Unknown(_, _) => Json::Bool(true),
        Value::Marked(inner, _) => unknown_as_bool(inner),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Json::Array(vs.iter().map(unknown_as_bool).collect()),
        Value::Map(_, m) | Value::Object(m) => Json::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), unknown_as_bool(x)))
                .filter(|(_, j)| *j != Json::Bool(false))
                .collect(),
        ),
        _ => Json::Bool(false),
    }
}

/// Terraform's SensitiveAsBool: `true` where a sensitive mark is; `false` for a null, a
/// primitive or a dynamic value; an empty array or object for an unknown or empty collection
/// (its type says which); otherwise the elements, objects without their `false` members.
pub fn sensitive_as_bool(v: &Value) -> Json {
    if v.is_sensitive() {
        return Json::Bool(true);
    }
    let ty = v.ty();
    if v.is_null() || ty.is_primitive() || ty == Type::Dynamic {
        return Json::Bool(false);
    }
    match v {
        // Not sensitive itself (asked above): only its contents may be.
        Value::Marked(inner, _) => sensitive_as_bool(inner),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Json::Array(vs.iter().map(sensitive_as_bool).collect()),
        Value::Map(_, m) | Value::Object(m) => Json::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), sensitive_as_bool(x)))
                .filter(|(_, j)| *j != Json::Bool(false))
                .collect(),
        ),
        // Unknown collections: nothing can be said of their contents.
        _ => match ty {
            Type::List(_) | Type::Set(_) | Type::Tuple(_) => Json::Array(Vec::new()),
            _ => Json::Object(Vec::new()),
        },
    }
}

/// The type as cty's JSON writes it (`"string"`, `["list","string"]`, `["object",{...}]`).
pub fn type_json(t: &Type) -> Json {
    crate::workflow::state::cty_json::type_to_json(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflow::state::json::to_compact;
    use std::collections::BTreeMap;

    fn obj(m: &[(&str, Value)]) -> Value {
        Value::Object(m.iter().map(|(k, v)| (k.to_string(), v.clone())).collect::<BTreeMap<_, _>>())
    }

    #[test]
    fn a_planned_object_as_terraform_1_12_writes_it() {
        // terraform_data.b[0] of a plan: input = { x = <unknown>, n = 0 }, output unknown,
        // triggers_replace = [sensitive "sec"] (tf-oracle 1.12.2, show -json of a saved plan).
        let input = obj(&[("n", Value::int(0)), ("x", Value::unknown(Type::String))]);
        let ity = input.ty();
        let v = obj(&[
            ("id", Value::unknown(Type::String)),
            ("input", input),
            ("output", Value::unknown(ity)),
            (
                "triggers_replace",
                Value::Tuple(vec![Value::string("sec").mark_with(crate::lang::Marks::SENSITIVE)]),
            ),
        ]);
        assert_eq!(to_compact(&known(&v)), r#"{"input":{"n":0},"triggers_replace":["sec"]}"#);
        assert_eq!(
            to_compact(&unknown_as_bool(&v)),
            r#"{"id":true,"input":{"x":true},"output":true,"triggers_replace":[false]}"#
        );
        assert_eq!(
            to_compact(&sensitive_as_bool(&v)),
            r#"{"input":{},"output":{},"triggers_replace":[true]}"#
        );
    }
}
