//! Sensitivity: which strings are secret (so no message may show them), and how values are
//! shown in the bundle (`(sensitive value)` in place of anything sensitive).

use crate::lang::value::Value;

/// What a sensitive value shows as.
pub const SHOWN: &str = "(sensitive value)";
/// What a value not known at compile time shows as.
pub const UNKNOWN: &str = "(known only on the host)";

/// Adds to `out` every string (and map key) inside `v` that is under a sensitive mark.
/// Numbers are left out: redacting digits would garble counts and limits in messages.
pub fn collect(v: &Value, under: bool, out: &mut Vec<String>) {
    match v {
        Value::Marked(inner, m) => collect(inner, under || m.sensitive(), out),
        Value::String(s) if under => out.push(s.to_string()),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().for_each(|x| collect(x, under, out)),
        Value::Map(_, m) | Value::Object(m) => {
            for (k, x) in m {
                if under {
                    out.push(k.clone());
                }
                collect(x, under, out);
            }
        }
        _ => {}
    }
}

/// The value as JSON, with sensitive parts replaced by [`SHOWN`] and unknown ones by [`UNKNOWN`].
pub fn json(v: &Value) -> serde_json::Value {
    use serde_json::Value as J;
    match v {
        Value::Marked(_, m) if m.sensitive() => J::String(SHOWN.into()),
        // Rivet has no ephemeral values; a value with another mark shows what it holds.
        Value::Marked(inner, _) => json(inner),
        Value::Unknown(_, _) => J::String(UNKNOWN.into()),
        Value::Null(_) => J::Null,
        Value::Bool(b) => J::Bool(*b),
        Value::Number(n) => {
            let text = n.to_text();
            serde_json::from_str::<serde_json::Number>(&text)
                .map(J::Number)
                .unwrap_or(J::String(text))
        }
        Value::String(s) => J::String(s.to_string()),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => J::Array(vs.iter().map(json).collect()),
        Value::Map(_, m) | Value::Object(m) => J::Object(m.iter().map(|(k, x)| (k.clone(), json(x))).collect()),
    }
}

/// The value in one line of HCL, with sensitive parts shown as [`SHOWN`].
pub fn one_line(v: &Value) -> String {
    match v {
        Value::Marked(_, m) if m.sensitive() => SHOWN.to_string(),
        Value::Marked(inner, _) => one_line(inner),
        Value::Unknown(_, _) => UNKNOWN.to_string(),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
            format!("[{}]", vs.iter().map(one_line).collect::<Vec<_>>().join(", "))
        }
        Value::Map(_, m) | Value::Object(m) => format!(
            "{{{}}}",
            m.iter()
                .map(|(k, x)| format!("{} = {}", crate::lang::value::render::hcl_quote(k), one_line(x)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => crate::lang::value::render::one_line(other),
    }
}
