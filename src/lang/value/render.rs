//! Printing values: exactly as `terraform console` does, on one line (for answer choices),
//! and as JSON.

use crate::lang::value::unicode::{self, Ucd};
use crate::lang::value::{Type, Value};

/// How the console of the emulated release prints what differs between releases.
#[derive(Clone, Copy)]
struct Style {
    /// The word for a sensitive value.
    sens: &'static str,
    /// The Unicode tables that decide which characters are escaped.
    ucd: Ucd,
    /// DEL is written `\x7f` (Go 1.19 on), else `\u007f`.
    del_hex: bool,
}

/// Renders a value as `terraform console` prints it.
pub fn console(v: &Value) -> String {
    format_value(
        v,
        0,
        Style {
            sens: SENSITIVE,
            ucd: Ucd::V15,
            del_hex: true,
        },
    )
}

/// How the console prints a sensitive value, in the emulated release and before 1.4.
const SENSITIVE: &str = "(sensitive value)";
const SENSITIVE_BEFORE_1_4: &str = "(sensitive)";
/// How the console prints an ephemeral value that is not sensitive.
const EPHEMERAL: &str = "(ephemeral value)";

/// Renders a value as the console of Terraform `version` prints it (before 1.4 a sensitive
/// value, at the top or inside a collection, is `(sensitive)`).
pub fn console_at(v: &Value, version: crate::lang::dialect::releases::TfVersion) -> String {
    let gate = &crate::lang::dialect::releases::SENSITIVE_VALUE_PRINTING;
    let word = if has_sensitive(v) && !crate::lang::dialect::releases::has(version, gate) {
        SENSITIVE_BEFORE_1_4
    } else {
        SENSITIVE
    };
    // Asked only when a character Unicode 14 or 15 assigned is printed (escaped before 1.6).
    let ucd = if has_string(v, &|s| s.chars().any(unicode::new_in_14_15)) {
        unicode::go_at(version, |u| u)
    } else {
        Ucd::V15
    };
    let del_hex = crate::lang::dialect::releases::has(version, &crate::lang::dialect::releases::GO_QUOTE_DEL_HEX);
    format_value(v, 0, Style { sens: word, ucd, del_hex })
}

/// True when some string in `v` (an object key too) passes `f`.
fn has_string(v: &Value, f: &dyn Fn(&str) -> bool) -> bool {
    match v {
        Value::String(_) => v.as_str().is_some_and(f),
        Value::Object(m) | Value::Map(_, m) => m.iter().any(|(k, x)| f(k) || has_string(x, f)),
        Value::Tuple(vs) | Value::List(_, vs) | Value::Set(_, vs) => vs.iter().any(|x| has_string(x, f)),
        _ => false,
    }
}

/// True when a sensitive value is printed somewhere in `v` (an ephemeral value is printed as
/// such, whatever it holds).
fn has_sensitive(v: &Value) -> bool {
    match v {
        Value::Marked(_, m) => m.sensitive(),
        Value::Object(m) | Value::Map(_, m) => m.values().any(has_sensitive),
        Value::Tuple(vs) | Value::List(_, vs) | Value::Set(_, vs) => vs.iter().any(has_sensitive),
        _ => false,
    }
}

fn format_value(v: &Value, indent: usize, st: Style) -> String {
    match v {
        // The console asks whether a value is known before whether it is sensitive, and
        // whether it is sensitive before whether it is ephemeral (repl/format.go, 1.0 to 1.14;
        // the ephemeral mark from 1.10.4): an unset sensitive variable is not yet known.
        Value::Unknown(_, _) => "(known after apply)".into(),
        Value::Marked(inner, _) if inner.is_unknown() => "(known after apply)".into(),
        Value::Marked(_, m) if m.sensitive() => st.sens.into(),
        Value::Marked(_, m) if m.ephemeral() => EPHEMERAL.into(),
        Value::Marked(inner, _) => format_value(inner, indent, st),
        Value::Null(t) => null_string(t),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_text(),
        Value::String(s) => multiline(s, indent).unwrap_or_else(|| go_quote_at(s, st.ucd, st.del_hex)),
        Value::Object(m) => mapping(m.iter(), indent, st),
        Value::Tuple(vs) => sequence(vs, indent, st),
        Value::List(_, vs) => format!("tolist({})", sequence(vs, indent, st)),
        Value::Set(_, vs) => format!("toset({})", sequence(vs, indent, st)),
        Value::Map(_, m) => format!("tomap({})", mapping(m.iter(), indent, st)),
    }
}

/// The console's rendering of a null of type `t`.
pub fn null_string(t: &Type) -> String {
    match t {
        Type::Dynamic => "null".into(),
        Type::String => "tostring(null)".into(),
        Type::Number => "tonumber(null)".into(),
        Type::Bool => "tobool(null)".into(),
        Type::List(e) => format!("tolist(null) /* of {} */", e.friendly()),
        Type::Set(e) => format!("toset(null) /* of {} */", e.friendly()),
        Type::Map(e) => format!("tomap(null) /* of {} */", e.friendly()),
        other => format!("null /* {} */", other.friendly()),
    }
}

fn multiline(s: &str, indent: usize) -> Option<String> {
    let lines: Vec<&str> = s.split('\n').collect();
    if lines.len() < 2 {
        return None;
    }
    let op = if indent > 0 { "<<-" } else { "<<" };
    let mut delim = String::from("EOT");
    while lines.iter().any(|l| l.trim_matches(go_space) == delim) {
        delim.push('_');
    }
    let pad = " ".repeat(indent);
    let mut out = format!("{op}{delim}");
    for l in &lines {
        out.push('\n');
        out.push_str(&pad);
        out.push_str(l);
    }
    out.push('\n');
    out.push_str(&pad);
    out.push_str(&delim);
    Some(out)
}

fn go_space(c: char) -> bool {
    c.is_whitespace()
}

fn mapping<'a>(entries: impl Iterator<Item = (&'a String, &'a Value)>, indent: usize, st: Style) -> String {
    let mut out = String::from("{");
    let inner = indent + 2;
    let mut count = 0;
    for (k, v) in entries {
        count += 1;
        out.push('\n');
        out.push_str(&" ".repeat(inner));
        out.push_str(&multiline(k, inner).unwrap_or_else(|| go_quote_at(k, st.ucd, st.del_hex)));
        out.push_str(" = ");
        out.push_str(&format_value(v, inner, st));
    }
    if count > 0 {
        out.push('\n');
        out.push_str(&" ".repeat(indent));
    }
    out.push('}');
    out
}

fn sequence(vs: &[Value], indent: usize, st: Style) -> String {
    let mut out = String::from("[");
    let inner = indent + 2;
    for v in vs {
        out.push('\n');
        out.push_str(&" ".repeat(inner));
        out.push_str(&format_value(v, inner, st));
        out.push(',');
    }
    if !vs.is_empty() {
        out.push('\n');
        out.push_str(&" ".repeat(indent));
    }
    out.push(']');
    out
}

/// Renders a value on one line, in the console's notation (for answer choices).
pub fn one_line(v: &Value) -> String {
    match v {
        Value::Unknown(_, _) => "(known after apply)".into(),
        Value::Marked(_, m) if m.sensitive() => SENSITIVE.into(),
        Value::Marked(_, m) if m.ephemeral() => EPHEMERAL.into(),
        Value::Marked(inner, _) => one_line(inner),
        Value::Null(t) => null_string(t),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_text(),
        Value::String(s) => go_quote(s),
        Value::Object(m) => one_line_map(m.iter()),
        Value::Tuple(vs) => one_line_seq(vs),
        Value::List(_, vs) => format!("tolist({})", one_line_seq(vs)),
        Value::Set(_, vs) => format!("toset({})", one_line_seq(vs)),
        Value::Map(_, m) => format!("tomap({})", one_line_map(m.iter())),
    }
}

fn one_line_seq(vs: &[Value]) -> String {
    let items: Vec<String> = vs.iter().map(one_line).collect();
    format!("[{}]", items.join(", "))
}

fn one_line_map<'a>(entries: impl Iterator<Item = (&'a String, &'a Value)>) -> String {
    let items: Vec<String> = entries.map(|(k, v)| format!("{} = {}", go_quote(k), one_line(v))).collect();
    if items.is_empty() {
        "{}".into()
    } else {
        format!("{{ {} }}", items.join(", "))
    }
}

/// Renders a value as an HCL expression on one line (`["a", 1]`, `{ k = "v" }`).
pub fn hcl(v: &Value) -> String {
    match v {
        Value::Unknown(_, _) => "(known after apply)".into(),
        Value::Marked(_, m) if m.sensitive() => SENSITIVE.into(),
        // Not Terraform's output: a value only ephemeral is written as the value it holds.
        Value::Marked(inner, _) => hcl(inner),
        Value::Null(_) => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_text(),
        Value::String(s) => hcl_quote(s),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => format!("[{}]", vs.iter().map(hcl).collect::<Vec<_>>().join(", ")),
        Value::Map(_, m) | Value::Object(m) => {
            if m.is_empty() {
                return "{}".into();
            }
            let items: Vec<String> = m
                .iter()
                .map(|(k, v)| {
                    let key = if is_ident(k) { k.clone() } else { hcl_quote(k) };
                    format!("{key} = {}", hcl(v))
                })
                .collect();
            format!("{{ {} }}", items.join(", "))
        }
    }
}

/// Quotes a string as HCL source (escapes, and `${`/`%{` doubled so they stay literal).
pub fn hcl_quote(s: &str) -> String {
    let mut out = String::from("\"");
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn is_ident(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next().is_some_and(|c| c.is_alphabetic() || c == '_') && cs.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// Renders a value as JSON (sensitive values included as their plain value).
pub fn json(v: &Value) -> serde_json::Value {
    use serde_json::Value as J;
    match v {
        Value::Unknown(_, _) | Value::Null(_) => J::Null,
        Value::Marked(v, _) => json(v),
        Value::Bool(b) => J::Bool(*b),
        Value::Number(n) => {
            let text = n.to_text();
            serde_json::from_str::<serde_json::Number>(&text)
                .map(J::Number)
                .unwrap_or(J::String(text))
        }
        Value::String(s) => J::String(s.to_string()),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => J::Array(vs.iter().map(json).collect()),
        Value::Map(_, m) | Value::Object(m) => J::Object(m.iter().map(|(k, v)| (k.clone(), json(v))).collect()),
    }
}

/// Quotes a string as Go's `strconv.Quote` does: Go 1.25's tables, or those of the release
/// being evaluated (`releases::within`); function messages quote with `%q` deep inside helpers
/// that are handed no release.
pub fn go_quote(s: &str) -> String {
    match crate::lang::dialect::releases::current() {
        Some(version) => go_quote_in(s, version),
        None => go_quote_at(s, Ucd::V15, true),
    }
}

/// Quotes a string as the Go that Terraform `version` was built with quotes it.
pub fn go_quote_in(s: &str, version: crate::lang::dialect::releases::TfVersion) -> String {
    let del_hex = crate::lang::dialect::releases::has(version, &crate::lang::dialect::releases::GO_QUOTE_DEL_HEX);
    unicode::go_at(version, |u| go_quote_at(s, u, del_hex))
}

/// Quotes a string as Go's `strconv.Quote` does with the Unicode tables `ucd`; `del_hex`
/// writes DEL as Go 1.19 and later do.
pub fn go_quote_at(s: &str, ucd: Ucd, del_hex: bool) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if unicode::is_print(c, ucd) => out.push(c),
            '\u{7f}' if !del_hex => out.push_str("\\u007f"),
            c if (c as u32) < 0x80 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// Formats a type as the console's `type()` prints it: four spaces per level of nesting,
/// a comma after every element or attribute, an empty tuple or object as the bare keyword.
pub fn type_string(t: &Type, indent: usize) -> String {
    match t {
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::Dynamic => "dynamic".into(),
        Type::List(e) => format!("list({})", type_string(e, indent)),
        Type::Set(e) => format!("set({})", type_string(e, indent)),
        Type::Map(e) => format!("map({})", type_string(e, indent)),
        Type::Tuple(ts) => {
            if ts.is_empty() {
                return "tuple".into();
            }
            let pad = " ".repeat(indent + 4);
            let mut out = String::from("tuple([\n");
            for t in ts {
                out.push_str(&pad);
                out.push_str(&type_string(t, indent + 4));
                out.push_str(",\n");
            }
            out.push_str(&" ".repeat(indent));
            out.push_str("])");
            out
        }
        Type::Object(m) => {
            if m.is_empty() {
                return "object".into();
            }
            let pad = " ".repeat(indent + 4);
            let mut out = String::from("object({\n");
            for (k, t) in m {
                out.push_str(&format!("{pad}{k}: {},\n", type_string(t, indent + 4)));
            }
            out.push_str(&" ".repeat(indent));
            out.push_str("})");
            out
        }
    }
}
