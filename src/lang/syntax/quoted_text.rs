//! The literal text inside a quoted string's template directives, decoded as HCL's scanner
//! does. hcl-edit reads a directive's body with its heredoc rules (no escapes, a `"` does not
//! end it), but in HCL the whole quoted string is one token sequence: `\n` inside
//! `"%{if true}a\nb%{endif}"` is a newline, and a bare `"` ends the string.

/// Decodes `raw`, the source text of one literal in a quoted string's directive body.
/// `Err(at)` gives the byte offset in `raw` of something HCL's scanner refuses there (a bad
/// escape, or a `"` that really closes the string); the caller reports it from the whole source.
pub fn decode(raw: &str) -> Result<String, usize> {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(c) = rest.chars().next() {
        let at = raw.len() - rest.len();
        if let Some(tail) = rest.strip_prefix("$${").or_else(|| rest.strip_prefix("%%{")) {
            out.push_str(&rest[1..3]);
            rest = tail;
            continue;
        }
        match c {
            '"' => return Err(at),
            '\\' => {
                let (ch, used) = escape(&rest[1..]).ok_or(at)?;
                out.push(ch);
                rest = &rest[1 + used..];
            }
            _ => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    Ok(out)
}

/// One escape after its backslash: the character and how many bytes it took.
fn escape(s: &str) -> Option<(char, usize)> {
    let sel = s.chars().next()?;
    let simple = match sel {
        'n' => Some('\n'),
        'r' => Some('\r'),
        't' => Some('\t'),
        '"' => Some('"'),
        '\\' => Some('\\'),
        _ => None,
    };
    if let Some(ch) = simple {
        return Some((ch, 1));
    }
    let n = match sel {
        'u' => 4,
        'U' => 8,
        _ => return None,
    };
    let hex = s.get(1..1 + n)?;
    if !hex.chars().all(|h| h.is_ascii_hexdigit()) {
        return None;
    }
    let ch = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
    Some((ch, 1 + n))
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn decodes_escapes_and_markers() {
        assert_eq!(decode(r#"a\nb\t\"\\\u00e9$${x}%%{y}"#), Ok("a\nb\t\"\\é${x}%{y}".to_string()));
    }

    #[test]
    fn refuses_what_the_scanner_refuses() {
        assert_eq!(decode(r"ab\q"), Err(2));
        assert_eq!(decode(r"\u00e"), Err(0));
        assert_eq!(decode("a\"b"), Err(1));
        assert_eq!(decode(r"\uD800"), Err(0));
    }
}
