//! Root module outputs as `apply` and `terraform output` print them: the human form (the
//! console's format, sensitive values hidden), one output, `-raw` and `-json`.

use std::collections::BTreeMap;

use super::RenderOptions;
use crate::lang::value::render::console_at;
use crate::lang::{Type, Value};
use crate::workflow::model::OutputValue;

/// The warning `terraform output` prints (on stdout) when there are no outputs.
const NO_OUTPUTS: &str = "\nWarning: No outputs found\n\nThe state file either has no outputs defined, or all the defined outputs are\nempty. Please define an output in your configuration with the `output`\nkeyword and run `terraform refresh` for it to become available. If you are\nusing interpolation, please verify the interpolated value is not empty. You\ncan use the `terraform console` command to assist.\n";

/// One `name = value` line per output, by name; a sensitive output is `<sensitive>`.
fn lines(outputs: &BTreeMap<String, OutputValue>, opts: &RenderOptions) -> String {
    outputs
        .iter()
        .map(|(name, o)| {
            if o.sensitive || o.value.has_sensitive() {
                format!("{name} = <sensitive>\n")
            } else {
                format!("{name} = {}\n", console_at(&o.value, opts.version))
            }
        })
        .collect()
}

/// The block `apply` prints after "Apply complete!": a blank line, `Outputs:` (bold green),
/// a blank line and the outputs; nothing when there are none.
pub fn apply_outputs(outputs: &BTreeMap<String, OutputValue>, opts: &RenderOptions) -> String {
    if outputs.is_empty() {
        return String::new();
    }
    format!(
        "{}{}",
        super::colorize("[reset][bold][green]\nOutputs:\n\n", opts.color),
        lines(outputs, opts)
    )
}

/// `terraform output`: every output, or the "No outputs found" warning.
pub fn output_all(outputs: &BTreeMap<String, OutputValue>, opts: &RenderOptions) -> String {
    if outputs.is_empty() {
        return NO_OUTPUTS.to_string();
    }
    lines(outputs, opts)
}

/// `terraform output NAME`: the value in the console's format, shown even when sensitive.
pub fn output_one(output: &OutputValue, opts: &RenderOptions) -> String {
    format!("{}\n", console_at(&output.value, opts.version))
}

/// `terraform output -raw NAME`: a string as it is, a number or a bool as text, with no
/// newline after it; `None` for any other value (Terraform refuses those).
pub fn output_raw(output: &OutputValue) -> Option<String> {
    match output.value.unmark_deep_ref() {
        Value::String(s) => Some(s.to_string()),
        Value::Number(n) => Some(n.to_text()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// `terraform output -json`: every output with its sensitivity, type and value, indented
/// by two spaces as Go's MarshalIndent writes it.
pub fn output_json_all(outputs: &BTreeMap<String, OutputValue>) -> String {
    let mut entries = Vec::new();
    for (name, o) in outputs {
        let body = format!(
            "{{\n    \"sensitive\": {},\n    \"type\": {},\n    \"value\": {}\n  }}",
            o.sensitive,
            pretty(&type_json(&o.value.ty()), 2),
            pretty(&value_json(&o.value), 2)
        );
        entries.push(format!("  {}: {body}", quote(name)));
    }
    if entries.is_empty() {
        return "{}\n".into();
    }
    format!("{{\n{}\n}}\n", entries.join(",\n"))
}

/// `terraform output -json NAME`: the value as compact JSON.
pub fn output_json_one(output: &OutputValue) -> String {
    format!("{}\n", compact(&value_json(&output.value)))
}

/// A JSON tree for printing: numbers keep their exact text.
enum J {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

fn value_json(v: &Value) -> J {
    match v {
        Value::Null(_) | Value::Unknown(_, _) => J::Null,
        Value::Marked(x, _) => value_json(x),
        Value::Bool(b) => J::Bool(*b),
        Value::Number(n) => J::Num(n.to_text()),
        Value::String(s) => J::Str(s.to_string()),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => J::Arr(vs.iter().map(value_json).collect()),
        Value::Map(_, m) | Value::Object(m) => J::Obj(m.iter().map(|(k, x)| (k.clone(), value_json(x))).collect()),
    }
}

/// A type as cty's JSON writes it: `"string"`, `["list","string"]`, `["object",{...}]`.
fn type_json(t: &Type) -> J {
    let word = |s: &str| J::Str(s.into());
    match t {
        Type::String => word("string"),
        Type::Number => word("number"),
        Type::Bool => word("bool"),
        Type::Dynamic => word("dynamic"),
        Type::List(e) => J::Arr(vec![word("list"), type_json(e)]),
        Type::Set(e) => J::Arr(vec![word("set"), type_json(e)]),
        Type::Map(e) => J::Arr(vec![word("map"), type_json(e)]),
        Type::Tuple(ts) => J::Arr(vec![word("tuple"), J::Arr(ts.iter().map(type_json).collect())]),
        Type::Object(m) => J::Arr(vec![
            word("object"),
            J::Obj(m.iter().map(|(k, t)| (k.clone(), type_json(t))).collect()),
        ]),
    }
}

/// A string as Go's encoding/json writes it (HTML characters and line separators escaped).
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn compact(j: &J) -> String {
    match j {
        J::Null => "null".into(),
        J::Bool(b) => b.to_string(),
        J::Num(n) => n.clone(),
        J::Str(s) => quote(s),
        J::Arr(vs) => format!("[{}]", vs.iter().map(compact).collect::<Vec<_>>().join(",")),
        J::Obj(m) => format!(
            "{{{}}}",
            m.iter()
                .map(|(k, v)| format!("{}:{}", quote(k), compact(v)))
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}

/// Indented JSON whose first line continues the caller's and whose later lines start at
/// `level` steps of two spaces.
fn pretty(j: &J, level: usize) -> String {
    let pad = |n: usize| "  ".repeat(n);
    match j {
        J::Arr(vs) if !vs.is_empty() => {
            let items: Vec<String> = vs.iter().map(|v| format!("{}{}", pad(level + 1), pretty(v, level + 1))).collect();
            format!("[\n{}\n{}]", items.join(",\n"), pad(level))
        }
        J::Obj(m) if !m.is_empty() => {
            let items: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{}{}: {}", pad(level + 1), quote(k), pretty(v, level + 1)))
                .collect();
            format!("{{\n{}\n{}}}", items.join(",\n"), pad(level))
        }
        J::Arr(_) => "[]".into(),
        J::Obj(_) => "{}".into(),
        other => compact(other),
    }
}
