//! The `checks` of `show -json` (jsonchecks): each checkable configuration object (a
//! resource with conditions, an output with preconditions, a check block, a validated
//! variable) with its status and its instances', sorted by what they display, from the
//! state's `check_results`.

use super::json_values::sorted_object;
use crate::workflow::model::State;
use crate::workflow::model::address::{InstanceKey, Target, parse_target};
use crate::workflow::state::json::Json;

/// Splits `module.a[0].module.b.REST` into the module path text and `REST`.
fn split_module(addr: &str) -> (String, String) {
    let mut module = String::new();
    let mut rest = addr;
    while let Some(after) = rest.strip_prefix("module.") {
        // The call's name, then an optional key in brackets.
        let name_end = after.find(['.', '[']).unwrap_or(after.len());
        let mut end = name_end;
        if after[name_end..].starts_with('[') {
            end = after[name_end..].find(']').map_or(after.len(), |i| name_end + i + 1);
        }
        if !module.is_empty() {
            module.push('.');
        }
        module.push_str("module.");
        module.push_str(&after[..end]);
        rest = after.get(end + 1..).unwrap_or("");
    }
    (module, rest.to_string())
}

fn static_addr(kind: &str, config: &str) -> Json {
    let (module, rest) = split_module(config);
    let mut m = vec![("to_display".to_string(), Json::str(config))];
    let name_after = |prefix: &str| rest.strip_prefix(prefix).unwrap_or(&rest).to_string();
    match kind {
        "resource" => {
            let (mode, body) = match rest.strip_prefix("data.") {
                Some(b) => ("data", b.to_string()),
                None => ("managed", rest.clone()),
            };
            let (t, n) = body.split_once('.').unwrap_or((&body, ""));
            m.push(("kind".into(), Json::str("resource")));
            m.push(("mode".into(), Json::str(mode)));
            m.push(("type".into(), Json::str(t)));
            m.push(("name".into(), Json::str(n)));
        }
        "output" => {
            m.push(("kind".into(), Json::str("output_value")));
            m.push(("name".into(), Json::str(name_after("output."))));
        }
        "check" => {
            m.push(("kind".into(), Json::str("check")));
            m.push(("name".into(), Json::str(name_after("check."))));
        }
        _ => {
            m.push(("kind".into(), Json::str("var")));
            m.push(("name".into(), Json::str(name_after("var."))));
        }
    }
    if !module.is_empty() {
        m.push(("module".into(), Json::str(module)));
    }
    sorted_object(m)
}

fn dynamic_addr(kind: &str, object: &str) -> Json {
    let mut m = vec![("to_display".to_string(), Json::str(object))];
    let (module, _) = split_module(object);
    if !module.is_empty() {
        m.push(("module".into(), Json::str(module)));
    }
    if kind == "resource"
        && let Ok(Target::Instance(i)) = parse_target(object)
    {
        match &i.key {
            InstanceKey::None => {}
            InstanceKey::Int(n) => m.push(("instance_key".into(), Json::Number(n.to_string()))),
            InstanceKey::Str(s) => m.push(("instance_key".into(), Json::str(s.clone()))),
        }
    }
    sorted_object(m)
}

fn text<'a>(v: &'a serde_json::Value, key: &str) -> &'a str {
    v.get(key).and_then(serde_json::Value::as_str).unwrap_or("")
}

/// The checks of a `check_results` list, or `None` when it holds none.
pub fn from_results(results: &serde_json::Value) -> Option<Json> {
    let list = results.as_array().filter(|l| !l.is_empty())?;
    let mut out: Vec<(String, Json)> = Vec::new();
    for entry in list {
        let kind = text(entry, "object_kind");
        let config = text(entry, "config_addr");
        let mut instances: Vec<(String, Json)> = Vec::new();
        for o in entry.get("objects").and_then(serde_json::Value::as_array).into_iter().flatten() {
            let object = text(o, "object_addr");
            let mut m = vec![
                ("address".to_string(), dynamic_addr(kind, object)),
                ("status".into(), Json::str(text(o, "status"))),
            ];
            let mut problems: Vec<&str> = o
                .get("failure_messages")
                .and_then(serde_json::Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(serde_json::Value::as_str)
                .collect();
            problems.sort();
            if !problems.is_empty() {
                m.push((
                    "problems".into(),
                    Json::Array(
                        problems
                            .into_iter()
                            .map(|p| Json::Object(vec![("message".into(), Json::str(p))]))
                            .collect(),
                    ),
                ));
            }
            instances.push((object.to_string(), Json::Object(m)));
        }
        instances.sort_by(|a, b| a.0.cmp(&b.0));
        let mut m = vec![
            ("address".to_string(), static_addr(kind, config)),
            ("status".into(), Json::str(text(entry, "status"))),
        ];
        if !instances.is_empty() {
            m.push(("instances".into(), Json::Array(instances.into_iter().map(|(_, j)| j).collect())));
        }
        out.push((config.to_string(), Json::Object(m)));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Some(Json::Array(out.into_iter().map(|(_, j)| j).collect()))
}

/// The checks of a state.
pub fn from_state(state: &State) -> Option<Json> {
    state.check_results.as_ref().and_then(from_results)
}
