//! Answers of the cfnrain and rivet engines: YAML data (a part of a packaged template, an
//! address list, a diff report, an attribute's value). Authors write them in YAML (short-form
//! tags such as `!Ref X` allowed), choices show them in YAML flow style on one line, and two
//! answers are the same when they hold the same data: mapping order ignored, lists in order,
//! scalars by the value they resolve to (`80` is not `'80'`).

use crate::cfn::{Kind, Map, Scalar, Value};
use crate::lang::Value as Lang;

use crate::bank::answer::compare::Mismatch;

/// Parses an answer written in YAML (or JSON), short-form tags in long form.
pub fn parse(text: &str) -> Result<Value, String> {
    crate::cfn::yaml::parse(text)
}

/// The value in YAML flow style on one line (`{Fn::GetAtt: [LogsBucket, Arn]}`); it parses
/// back to the same data.
pub fn one_line(v: &Value) -> String {
    let mut out = String::new();
    flow(v, &mut out);
    out
}

/// The value as block-style YAML (for the long rendering of an answer).
pub fn block(v: &Value) -> String {
    match v {
        Value::Scalar(_) => one_line(v),
        _ => crate::cfn::emit::yaml(v).trim_end().to_string(),
    }
}

fn flow(v: &Value, out: &mut String) {
    match v {
        Value::Scalar(s) => out.push_str(&flow_scalar(s)),
        Value::Seq(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                flow(item, out);
            }
            out.push(']');
        }
        Value::Map(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&flow_str(k));
                out.push_str(": ");
                flow(item, out);
            }
            out.push('}');
        }
    }
}

fn flow_scalar(s: &Scalar) -> String {
    match s.kind {
        Kind::Null => "null".into(),
        Kind::Bool => s.text.to_ascii_lowercase(),
        Kind::Int | Kind::Float if crate::cfn::value::resolve_plain(&s.text) == s.kind => s.text.to_string(),
        Kind::Int | Kind::Float => flow_str(&s.text),
        Kind::Str => flow_str(&s.text),
    }
}

/// A string as a flow scalar: plain when that reads back as the same string, else quoted.
fn flow_str(t: &str) -> String {
    if plain_ok(t) {
        return t.to_string();
    }
    if t.chars().any(char::is_control) {
        // JSON's escapes are YAML double-quoted escapes.
        return serde_json::to_string(t).unwrap_or_else(|_| format!("'{}'", t.replace('\'', "''")));
    }
    format!("'{}'", t.replace('\'', "''"))
}

/// True when `t` may be written as a plain scalar inside a flow collection.
fn plain_ok(t: &str) -> bool {
    let Some(first) = t.chars().next() else { return false };
    if crate::cfn::value::resolve_plain(t) != Kind::Str {
        return false;
    }
    // YAML 1.1 booleans read as booleans by some tools: quote them so nobody misreads them.
    const YAML11: &[&str] = &["yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "<<"];
    if YAML11.contains(&t) {
        return false;
    }
    if "-?:,[]{}#&*!|>'\"%@` ".contains(first) {
        return false;
    }
    !(t.contains([',', '[', ']', '{', '}'])
        || t.contains(": ")
        || t.contains(" #")
        || t.ends_with([':', ' ', '\t'])
        || t.chars().any(|c| c.is_control() || c == '\u{feff}'))
}

/// Compares the author's `expected` data with the engine's `actual` data.
pub fn compare(expected: &Value, actual: &Value) -> Result<(), Mismatch> {
    walk(expected, actual, String::new())
}

/// True when the two are the same answer.
pub fn same(a: &Value, b: &Value) -> bool {
    compare(a, b).is_ok()
}

fn differ(path: &str, what: String) -> Result<(), Mismatch> {
    Err(Mismatch {
        path: path.to_string(),
        what,
    })
}

fn kind_word(v: &Value) -> &'static str {
    match v {
        Value::Scalar(s) => match s.kind {
            Kind::Str => "a string",
            Kind::Int => "an integer",
            Kind::Float => "a number",
            Kind::Bool => "a bool",
            Kind::Null => "null",
        },
        Value::Seq(_) => "a list",
        Value::Map(_) => "a mapping",
    }
}

fn walk(e: &Value, a: &Value, path: String) -> Result<(), Mismatch> {
    match (e, a) {
        (Value::Scalar(x), Value::Scalar(y)) => {
            if same_scalar(x, y) {
                Ok(())
            } else if x.kind == y.kind || (matches!(x.kind, Kind::Int | Kind::Float) && matches!(y.kind, Kind::Int | Kind::Float)) {
                differ(&path, format!("author has {}, engine {}", flow_scalar(x), flow_scalar(y)))
            } else {
                differ(
                    &path,
                    format!(
                        "author has {} {}, engine {} {}",
                        kind_word(e),
                        flow_scalar(x),
                        kind_word(a),
                        flow_scalar(y)
                    ),
                )
            }
        }
        (Value::Seq(xs), Value::Seq(ys)) => {
            if xs.len() != ys.len() {
                return differ(
                    &path,
                    format!(
                        "author has {} item{}, engine {}",
                        xs.len(),
                        if xs.len() == 1 { "" } else { "s" },
                        ys.len()
                    ),
                );
            }
            for (i, (x, y)) in xs.iter().zip(ys).enumerate() {
                walk(x, y, format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Map(xm), Value::Map(ym)) => {
            let missing: Vec<&str> = ym.keys().filter(|k| !xm.contains(k)).collect();
            let extra: Vec<&str> = xm.keys().filter(|k| !ym.contains(k)).collect();
            if !missing.is_empty() || !extra.is_empty() {
                let mut parts = Vec::new();
                if !missing.is_empty() {
                    parts.push(format!("author lacks key {}", missing.join(", ")));
                }
                if !extra.is_empty() {
                    parts.push(format!("engine has no key {}", extra.join(", ")));
                }
                return differ(&path, parts.join("; "));
            }
            for (k, x) in xm.iter() {
                if let Some(y) = ym.get(k) {
                    let sub = if path.is_empty() { k.to_string() } else { format!("{path}.{k}") };
                    walk(x, y, sub)?;
                }
            }
            Ok(())
        }
        _ => differ(
            &path,
            format!(
                "author has {} {}, engine {} {}",
                kind_word(e),
                one_line(e),
                kind_word(a),
                one_line(a)
            ),
        ),
    }
}

fn same_scalar(a: &Scalar, b: &Scalar) -> bool {
    use crate::cfn::value::parse_int;
    match (a.kind, b.kind) {
        (Kind::Null, Kind::Null) => true,
        (Kind::Str, Kind::Str) => a.text == b.text,
        (Kind::Bool, Kind::Bool) => a.text.eq_ignore_ascii_case(&b.text),
        (Kind::Int, Kind::Int) => match (parse_int(&a.text), parse_int(&b.text)) {
            (Some(x), Some(y)) => x == y,
            _ => a.text == b.text,
        },
        (Kind::Int | Kind::Float, Kind::Int | Kind::Float) => match (number(a), number(b)) {
            (Some(x), Some(y)) => x == y,
            _ => a.text == b.text,
        },
        _ => false,
    }
}

fn number(s: &Scalar) -> Option<f64> {
    match s.kind {
        Kind::Int => crate::cfn::value::parse_int(&s.text).map(|n| n as f64),
        _ => s.text.parse::<f64>().ok(),
    }
}

/// The truth value of a bool scalar.
pub fn as_bool(v: &Value) -> Option<bool> {
    match v {
        Value::Scalar(s) if s.kind == Kind::Bool => Some(s.text.eq_ignore_ascii_case("true")),
        _ => None,
    }
}

/// A list of strings (an address list).
pub fn strings<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> Value {
    Value::Seq(items.into_iter().map(|s| Value::str(s)).collect())
}

/// A rivet (Terraform-language) value as data: numbers as numbers, collections as lists and
/// mappings (keys in order); a sensitive value is never shown, only marked.
pub fn from_lang(v: &Lang) -> Value {
    let scalar = |text: String, kind: Kind| Value::Scalar(Scalar { text: text.into(), kind });
    match v {
        Lang::Marked(_, m) if m.sensitive() => Value::str("(sensitive value)"),
        Lang::Marked(..) => Value::str("(ephemeral value)"),
        Lang::Unknown(_, _) => Value::str("(known after apply)"),
        Lang::Null(_) => Value::null(),
        Lang::Bool(b) => scalar(b.to_string(), Kind::Bool),
        Lang::Number(n) => {
            let text = n.to_text();
            let kind = if n.is_integer() { Kind::Int } else { Kind::Float };
            // A number the YAML core schema would not read back as a number stays text.
            if crate::cfn::value::resolve_plain(&text) == kind {
                scalar(text, kind)
            } else {
                Value::str(text)
            }
        }
        Lang::String(s) => Value::str(s),
        Lang::List(_, vs) | Lang::Set(_, vs) | Lang::Tuple(vs) => Value::Seq(vs.iter().map(from_lang).collect()),
        Lang::Map(_, m) | Lang::Object(m) => Value::Map(Map(m.iter().map(|(k, x)| (k.clone(), from_lang(x))).collect())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Value {
        match parse(s) {
            Ok(v) => v,
            Err(e) => panic!("{s}: {e}"),
        }
    }

    #[test]
    fn one_line_is_flow_yaml_that_reads_back() {
        for (src, want) in [
            ("!GetAtt LogsBucket.Arn", "{Fn::GetAtt: [LogsBucket, Arn]}"),
            ("!Ref LogsBucket", "{Ref: LogsBucket}"),
            ("!Sub '${Content.Name}'", "{Fn::Sub: '${Content.Name}'}"),
            (
                "['file.slots[0]', 'file.messages[\"first\"]']",
                "['file.slots[0]', 'file.messages[\"first\"]']",
            ),
            ("{b: 1, a: '1', c: [true, ~, 1.5]}", "{b: 1, a: '1', c: [true, null, 1.5]}"),
            (
                "[yes, 'a: b', '#x', '', it's, /etc/rivet-slot-0]",
                "['yes', 'a: b', '#x', '', it's, /etc/rivet-slot-0]",
            ),
            ("\"line\\nbreak\"", "\"line\\nbreak\""),
            ("{}", "{}"),
            ("[]", "[]"),
        ] {
            let v = p(src);
            let line = one_line(&v);
            assert_eq!(line, want, "{src}");
            assert!(same(&p(&line), &v), "{line} reads back as {src}");
        }
    }

    #[test]
    fn comparison_ignores_mapping_order_and_resolves_scalars() {
        assert!(same(&p("{a: 1, b: [x, y]}"), &p("{b: [x, y], a: 1.0}")));
        assert!(!same(&p("[x, y]"), &p("[y, x]")), "lists keep their order");
        assert!(!same(&p("'80'"), &p("80")), "a string is not a number");
        assert!(!same(&p("''"), &p("null")));
        let m = compare(&p("{Properties: {Tags: [a]}}"), &p("{Properties: {Tags: [a, b]}}")).unwrap_err();
        assert_eq!(m.to_string(), "at Properties.Tags: author has 1 item, engine 2");
        let m = compare(&p("{a: '80'}"), &p("{a: 80}")).unwrap_err();
        assert_eq!(m.to_string(), "at a: author has a string '80', engine an integer 80");
        let m = compare(&p("{a: 1}"), &p("{b: 1}")).unwrap_err();
        assert_eq!(m.to_string(), "author lacks key b; engine has no key a");
    }

    #[test]
    fn terraform_values_become_data() {
        let v = crate::lang::session::constant(r#"{ path = "/etc/x", n = 2, half = 0.5, enabled = true, l = ["a"] }"#)
            .unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(one_line(&from_lang(&v)), "{enabled: true, half: 0.5, l: [a], n: 2, path: /etc/x}");
        let secret = Lang::string("hunter2").mark_with(crate::lang::value::Marks::SENSITIVE);
        assert_eq!(one_line(&from_lang(&secret)), "(sensitive value)");
    }
}
