//! Writing templates: block-style YAML in the style of the upstream expect files (lists at the
//! indentation of their key, intrinsic functions in long form), or JSON.

use super::value::{Kind, Map, Scalar, Value, parse_int, resolve_plain};

/// The value as block-style YAML.
pub fn yaml(v: &Value) -> String {
    let mut out = String::new();
    match v {
        Value::Map(m) if !m.is_empty() => write_map(&mut out, m, 0, false),
        Value::Seq(s) if !s.is_empty() => write_seq(&mut out, s, 0, false),
        _ => {
            write_inline(&mut out, v, 0);
            out.push('\n');
        }
    }
    out
}

fn pad(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

fn write_map(out: &mut String, m: &Map, indent: usize, inline_first: bool) {
    for (i, (k, v)) in m.iter().enumerate() {
        if i > 0 || !inline_first {
            pad(out, indent);
        }
        out.push_str(&scalar_text(&Scalar {
            text: k.into(),
            kind: Kind::Str,
        }));
        out.push(':');
        match v {
            Value::Map(c) if !c.is_empty() => {
                out.push('\n');
                write_map(out, c, indent + 2, false);
            }
            Value::Seq(c) if !c.is_empty() => {
                out.push('\n');
                write_seq(out, c, indent, false);
            }
            _ => {
                out.push(' ');
                write_inline(out, v, indent + 2);
                out.push('\n');
            }
        }
    }
}

fn write_seq(out: &mut String, s: &[Value], indent: usize, inline_first: bool) {
    for (i, v) in s.iter().enumerate() {
        if i > 0 || !inline_first {
            pad(out, indent);
        }
        out.push_str("- ");
        match v {
            Value::Map(c) if !c.is_empty() => write_map(out, c, indent + 2, true),
            Value::Seq(c) if !c.is_empty() => write_seq(out, c, indent + 2, true),
            _ => {
                write_inline(out, v, indent + 2);
                out.push('\n');
            }
        }
    }
}

/// A scalar or an empty collection, written after `key: ` or `- `; block text lines at `indent`.
fn write_inline(out: &mut String, v: &Value, indent: usize) {
    match v {
        Value::Map(_) => out.push_str("{}"),
        Value::Seq(_) => out.push_str("[]"),
        Value::Scalar(s) if s.kind == Kind::Str && s.text.contains('\n') && block_ok(&s.text) => {
            let body = s.text.trim_end_matches('\n');
            let trailing = s.text.len() - body.len();
            out.push_str(match trailing {
                0 => "|-",
                1 => "|",
                _ => "|+",
            });
            let mut lines: Vec<&str> = body.split('\n').collect();
            lines.extend(std::iter::repeat_n("", trailing.saturating_sub(1)));
            for line in lines {
                out.push('\n');
                if !line.is_empty() {
                    pad(out, indent);
                    out.push_str(line);
                }
            }
        }
        Value::Scalar(s) => out.push_str(&scalar_text(s)),
    }
}

/// True when a multi-line string can be written as a literal block.
fn block_ok(text: &str) -> bool {
    !text.starts_with([' ', '\n'])
        && text.chars().all(|c| c == '\n' || (!c.is_control() && c != '\u{feff}'))
        && text.split('\n').all(|l| !l.ends_with(' '))
}

/// A scalar's text as it must be written to read back the same.
fn scalar_text(s: &Scalar) -> String {
    match s.kind {
        Kind::Null if s.text.is_empty() => "null".into(),
        Kind::Str => {
            if !needs_quotes(&s.text) {
                s.text.to_string()
            } else if s.text.chars().any(|c| c.is_control() || c == '\u{feff}') {
                double_quoted(&s.text)
            } else {
                format!("'{}'", s.text.replace('\'', "''"))
            }
        }
        _ if resolve_plain(&s.text) == s.kind => s.text.to_string(),
        _ => double_quoted(&s.text),
    }
}

fn double_quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("'{}'", text.replace('\'', "''")))
}

/// True when a string written plain would read back as something else (or not at all).
fn needs_quotes(t: &str) -> bool {
    let Some(first) = t.chars().next() else {
        return true;
    };
    if resolve_plain(t) != Kind::Str {
        return true;
    }
    const YAML11: &[&str] = &[
        "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "<<", "=",
    ];
    if YAML11.contains(&t) {
        return true;
    }
    if "-+.0123456789".contains(first) && t.chars().all(|c| "0123456789_:.+-eE".contains(c)) {
        return true;
    }
    if ",[]{}#&*!|>'\"%@`".contains(first) || first == ' ' {
        return true;
    }
    if "-?:".contains(first) && t[1..].starts_with([' ', '\t']) | (t.len() == 1) {
        return true;
    }
    t.ends_with([' ', ':', '\t'])
        || t.contains(": ")
        || t.contains(" #")
        || t.contains(":\t")
        || t.chars().any(|c| c.is_control() || c == '\u{feff}')
}

/// The value as indented JSON.
pub fn json(v: &Value) -> String {
    let mut out = String::new();
    write_json(&mut out, v, 0);
    out.push('\n');
    out
}

fn write_json(out: &mut String, v: &Value, indent: usize) {
    match v {
        Value::Scalar(s) => out.push_str(&json_scalar(s)),
        Value::Seq(items) if items.is_empty() => out.push_str("[]"),
        Value::Map(m) if m.is_empty() => out.push_str("{}"),
        Value::Seq(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                out.push_str(if i == 0 { "\n" } else { ",\n" });
                pad(out, indent + 2);
                write_json(out, item, indent + 2);
            }
            out.push('\n');
            pad(out, indent);
            out.push(']');
        }
        Value::Map(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                out.push_str(if i == 0 { "\n" } else { ",\n" });
                pad(out, indent + 2);
                out.push_str(&double_quoted(k));
                out.push_str(": ");
                write_json(out, item, indent + 2);
            }
            out.push('\n');
            pad(out, indent);
            out.push('}');
        }
    }
}

fn json_scalar(s: &Scalar) -> String {
    match s.kind {
        Kind::Null => "null".into(),
        Kind::Bool => s.text.to_ascii_lowercase(),
        Kind::Int => match parse_int(&s.text) {
            Some(n) => n.to_string(),
            None => double_quoted(&s.text),
        },
        Kind::Float => match s.text.parse::<f64>() {
            Ok(f) if f.is_finite() => serde_json::Number::from_f64(f)
                .map(|n| n.to_string())
                .unwrap_or_else(|| double_quoted(&s.text)),
            _ => double_quoted(&s.text),
        },
        Kind::Str => double_quoted(&s.text),
    }
}

#[cfg(test)]
mod tests {
    use super::super::yaml::parse;
    use super::*;

    fn round(src: &str) -> String {
        yaml(&parse(src).unwrap())
    }

    #[test]
    fn block_style_with_lists_at_key_indent() {
        let src =
            "Resources:\n  A:\n    Type: X\n    Properties:\n      L:\n      - a\n      - K: v\n        J: w\n      - - x\n      E: {}\n";
        assert_eq!(round(src), src);
    }

    #[test]
    fn strings_that_would_change_are_quoted() {
        let v = Value::Seq(
            ["0", "true", "", "- x", "a: b", "yes", "${X}", "10.0.0.0/16", "-", "it's"]
                .into_iter()
                .map(Value::str)
                .collect(),
        );
        let text = yaml(&v);
        assert_eq!(
            text,
            "- '0'\n- 'true'\n- ''\n- '- x'\n- 'a: b'\n- 'yes'\n- ${X}\n- 10.0.0.0/16\n- '-'\n- it's\n"
        );
        assert!(parse(&text).unwrap().same_data(&v));
    }

    #[test]
    fn multi_line_strings_are_literal_blocks() {
        let v = Value::Map(Map(vec![("C".into(), Value::str("Test: abc\n"))]));
        assert_eq!(yaml(&v), "C: |\n  Test: abc\n");
        assert!(parse(&yaml(&v)).unwrap().same_data(&v));
    }

    #[test]
    fn json_keeps_order_and_types() {
        let v = parse("b: 1\na: '1'\nc: [true, ~]\n").unwrap();
        assert_eq!(
            json(&v),
            "{\n  \"b\": 1,\n  \"a\": \"1\",\n  \"c\": [\n    true,\n    null\n  ]\n}\n"
        );
    }
}
