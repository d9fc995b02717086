//! Writing a drafted question as bank YAML: scalars quoted so that they read back as the same
//! text, multi-line sources as literal blocks.

/// `text` as a one-line YAML scalar: single-quoted (only `'` needs doubling), or double-quoted
/// with escapes when it holds a line break or a control character.
pub fn scalar(text: &str) -> String {
    if text.chars().any(|c| c.is_control()) {
        let mut out = String::from("\"");
        for c in text.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    } else {
        format!("'{}'", text.replace('\'', "''"))
    }
}

/// `text` as the value of a key at `indent` spaces: a literal block (`|`, `|-` or `|+` for the
/// trailing line breaks, an indentation indicator when the first line starts with a space),
/// or [`scalar`] when a block cannot hold it (a carriage return, a tab at a line start...).
pub fn block(text: &str, indent: usize) -> String {
    let blockable = !text.is_empty()
        && !text.contains('\r')
        && text.chars().all(|c| !c.is_control() || c == '\n' || c == '\t')
        && !text.lines().any(|l| l.starts_with('\t'));
    if !blockable {
        return scalar(text);
    }
    let body = text.trim_end_matches('\n');
    let trailing = text.len() - body.len();
    let chomp = match trailing {
        0 => "-",
        1 => "",
        _ => "+",
    };
    let pad = " ".repeat(indent + 2);
    let indicator = if body.starts_with(' ') { "2" } else { "" };
    let mut out = format!("|{indicator}{chomp}");
    for line in text.split('\n').take(body.split('\n').count() + trailing.saturating_sub(1)) {
        out.push('\n');
        if !line.is_empty() {
            out.push_str(&pad);
            out.push_str(line);
        }
    }
    out
}

/// HCL text for a value rendered in the console's notation, safe to read back as a constant: a
/// literal `${` or `%{` inside a string is escaped (`$${`, `%%{`), since the rendering has no
/// template sequences of its own.
pub fn hcl_constant(rendered: &str) -> String {
    rendered.replace("${", "$${").replace("%{", "%%{")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_back(yaml_value: &str) -> String {
        let doc = format!("k: {yaml_value}\n");
        let v: serde_yaml::Value = serde_yaml::from_str(&doc).unwrap_or_else(|e| panic!("{doc}: {e}"));
        v.get("k").and_then(|s| s.as_str()).map(str::to_string).unwrap_or_default()
    }

    #[test]
    fn scalars_and_blocks_read_back_as_written() {
        for t in ["plain", "it's", "a: b # c", "  lead", "x\ny", "tab\there", "\"q\""] {
            assert_eq!(read_back(&scalar(t)), t);
        }
        for t in ["a\n", "a\nb", "a\n\n", "  indented\nx\n", "locals {\n  x = 1\n}\n", "a\n\nb\n"] {
            assert_eq!(read_back(&block(t, 0)), t, "{:?}", block(t, 0));
        }
    }

    #[test]
    fn template_sequences_are_escaped() {
        assert_eq!(hcl_constant(r#"{ a = "${x}", b = "%{y}" }"#), r#"{ a = "$${x}", b = "%%{y}" }"#);
    }
}
