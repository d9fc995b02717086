//! A small YAML highlighter (cfnrain templates and modules, JSON files): keys,
//! CloudFormation's short-form tags (`!Ref`, `!GetAtt`, `!Sub`), quoted strings and block
//! scalars, numbers and literals, comments, and flow collections. Every character of a line is
//! in exactly one piece. The printed quizzes and the TUI's source pane both use it.

use super::highlight::Class;

/// A classified piece of a line.
pub type Piece = (Class, String);

fn raw(s: impl Into<String>) -> Piece {
    (Class::Plain, s.into())
}

/// Splits YAML text into lines of classified pieces; the lines of a `|` or `>` block are
/// strings.
pub fn lines(text: &str) -> Vec<Vec<Piece>> {
    let mut out = Vec::new();
    // The indentation of the line that opened a block scalar, while inside it.
    let mut block: Option<usize> = None;
    for line in text.lines() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if let Some(open) = block {
            if line.trim().is_empty() || indent > open {
                let at = indent.min(line.len());
                out.push(vec![raw(&line[..at]), (Class::Str, line[at..].to_string())]);
                continue;
            }
            block = None;
        }
        let mut spans = Vec::new();
        if tokens(line, &mut spans) {
            block = Some(indent);
        }
        out.push(spans);
    }
    out
}

/// `text` as HTML: escaped, with `<span class="...">` around highlighted pieces, lines joined
/// by line breaks (a final one kept).
pub fn html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for (i, line) in lines(text).into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for (class, t) in line {
            super::highlight::push_span(&mut out, class, &t);
        }
    }
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// Pushes the spans of one line; true when the line opens a block scalar.
fn tokens(line: &str, spans: &mut Vec<Piece>) -> bool {
    let trimmed = line.trim_start();
    let indent = &line[..line.len() - trimmed.len()];
    if !indent.is_empty() {
        spans.push(raw(indent.to_string()));
    }
    if trimmed.starts_with('#') {
        spans.push((Class::Comment, trimmed.to_string()));
        return false;
    }
    if trimmed == "---" || trimmed == "..." {
        spans.push((Class::Keyword, trimmed.to_string()));
        return false;
    }
    let mut rest = trimmed;
    while let Some(r) = rest.strip_prefix("- ").or_else(|| (rest == "-").then_some("")) {
        spans.push(raw(rest[..rest.len() - r.len()].to_string()));
        rest = r;
    }
    if let Some(end) = key_end(rest) {
        spans.push((Class::Key, rest[..end].to_string()));
        spans.push(raw(":"));
        rest = &rest[end + 1..];
    }
    value(rest, spans)
}

/// Where a line's key ends (the byte of its `:`), if it has one: the first `:` followed by a
/// space or the end of the line, outside quotes and flow collections.
fn key_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.first().is_some_and(|c| matches!(c, b'[' | b'{' | b'!' | b'|' | b'>' | b'#')) {
        return None;
    }
    let mut i = 0;
    if let Some(q @ (b'"' | b'\'')) = b.first().copied() {
        i = quoted_end(s, 0, q)?;
    }
    while i < b.len() {
        match b[i] {
            b':' if i + 1 == b.len() || b[i + 1] == b' ' => return (i > 0).then_some(i),
            b' ' if b.get(i + 1) == Some(&b'#') => return None,
            _ => i += 1,
        }
    }
    None
}

/// The byte after the quote closing a string opened by `q` at `start`.
fn quoted_end(s: &str, start: usize, q: u8) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' if q == b'"' => i += 2,
            c if c == q && q == b'\'' && b.get(i + 1) == Some(&b'\'') => i += 2,
            c if c == q => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The spans of a value (after `key:` or `- `); true when it opens a block scalar.
fn value(s: &str, spans: &mut Vec<Piece>) -> bool {
    let body = s.trim_start();
    if body.len() < s.len() {
        spans.push(raw(s[..s.len() - body.len()].to_string()));
    }
    if body.is_empty() {
        return false;
    }
    if body.starts_with('!') {
        let end = body.find(' ').unwrap_or(body.len());
        spans.push((Class::Keyword, body[..end].to_string()));
        return value(&body[end..], spans);
    }
    if let Some(ind) = body.strip_prefix(['|', '>']) {
        let (head, comment) = split_comment(ind);
        if head.trim().chars().all(|c| matches!(c, '-' | '+') || c.is_ascii_digit()) {
            spans.push((Class::Keyword, body[..1 + head.len()].to_string()));
            if let Some(c) = comment {
                spans.push((Class::Comment, c.to_string()));
            }
            return true;
        }
    }
    if body.starts_with(['[', '{']) {
        flow(body, spans);
        return false;
    }
    if let Some(q @ (b'"' | b'\'')) = body.bytes().next() {
        let end = quoted_end(body, 0, q).unwrap_or(body.len());
        spans.push((Class::Str, body[..end].to_string()));
        let (gap, comment) = split_comment(&body[end..]);
        if !gap.is_empty() {
            spans.push(raw(gap.to_string()));
        }
        if let Some(c) = comment {
            spans.push((Class::Comment, c.to_string()));
        }
        return false;
    }
    let (scalar, comment) = split_comment(body);
    spans.push((scalar_class(scalar.trim()), scalar.to_string()));
    if let Some(c) = comment {
        spans.push((Class::Comment, c.to_string()));
    }
    false
}

/// `text # comment` → (`text`, Some(` # comment`)); the comment keeps its leading space.
fn split_comment(s: &str) -> (&str, Option<&str>) {
    if s.starts_with('#') {
        return ("", Some(s));
    }
    match s.find(" #") {
        Some(p) => (&s[..p], Some(&s[p..])),
        None => (s, None),
    }
}

/// Numbers and the literals `true`, `false`, `null` and `~` stand out; other plain text not.
fn scalar_class(v: &str) -> Class {
    let literal = matches!(
        v,
        "true" | "false" | "True" | "False" | "TRUE" | "FALSE" | "null" | "Null" | "NULL" | "~"
    );
    let number = !v.is_empty() && v.trim_start_matches(['-', '+']).parse::<f64>().is_ok() && !v.ends_with('.');
    if literal || number { Class::Number } else { Class::Plain }
}

/// A flow collection (`[a, !Ref B]`, `{Key: 'v'}`): punctuation plain, quoted strings as
/// strings, tags as tags, keys as keys, other scalars by their kind; a trailing comment too.
fn flow(s: &str, spans: &mut Vec<Piece>) {
    let b = s.as_bytes();
    let mut i = 0;
    let mut plain = String::new();
    let flush = |plain: &mut String, spans: &mut Vec<Piece>| {
        if !plain.is_empty() {
            spans.push(raw(std::mem::take(plain)));
        }
    };
    while i < b.len() {
        let c = b[i];
        match c {
            b'"' | b'\'' => {
                flush(&mut plain, spans);
                let end = quoted_end(s, i, c).unwrap_or(b.len());
                spans.push((Class::Str, s[i..end].to_string()));
                i = end;
            }
            b'#' if i > 0 && b[i - 1] == b' ' => {
                flush(&mut plain, spans);
                spans.push((Class::Comment, s[i..].to_string()));
                return;
            }
            b'[' | b']' | b'{' | b'}' | b',' | b' ' | b':' => {
                plain.push(c as char);
                i += 1;
            }
            _ => {
                flush(&mut plain, spans);
                let end = s[i..].find(['[', ']', '{', '}', ',', ' ']).map(|e| i + e).unwrap_or(b.len());
                let word = &s[i..end];
                // A key inside a flow mapping ends with `:` before a space or the end.
                let (word, colon) = match word.strip_suffix(':') {
                    Some(w) => (w, true),
                    None => (word, false),
                };
                let style = if word.starts_with('!') {
                    Class::Keyword
                } else if colon {
                    Class::Key
                } else {
                    scalar_class(word)
                };
                spans.push((style, word.to_string()));
                if colon {
                    plain.push(':');
                }
                i = end;
            }
        }
    }
    flush(&mut plain, spans);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_keeps_the_text_and_marks_the_parts() {
        let src = "Resources:\n  B: !Ref X # c\n  S: 'a<b'\n  N: 80\n";
        let h = html(src);
        assert!(h.starts_with("<span class=\"a\">Resources</span>:"), "{h}");
        assert!(h.contains("<span class=\"k\">!Ref</span>"));
        assert!(h.contains("<span class=\"s\">'a&lt;b'</span>"));
        assert!(h.contains("<span class=\"n\">80</span>"));
        assert!(h.contains("<span class=\"c\"> # c</span>"));
        assert!(h.ends_with('\n'));
        let text: String = lines(src)
            .iter()
            .map(|l| l.iter().map(|p| p.1.as_str()).collect::<String>() + "\n")
            .collect();
        assert_eq!(text, src);
    }
}
