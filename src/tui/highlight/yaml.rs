//! YAML highlighting (cfnrain templates and modules): keys, CloudFormation's short-form tags
//! (`!Ref`, `!GetAtt`, `!Sub`), quoted strings and block scalars, numbers and literals,
//! comments, and flow collections. Every character of a line is in exactly one span.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::super::theme::Theme;

/// Highlights YAML text, one `Line` per line; the lines of a `|` or `>` block are strings.
pub fn lines(text: &str, t: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    // The indentation of the line that opened a block scalar, while inside it.
    let mut block: Option<usize> = None;
    for line in text.lines() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if let Some(open) = block {
            if line.trim().is_empty() || indent > open {
                out.push(Line::from(vec![
                    Span::raw(line[..indent.min(line.len())].to_string()),
                    Span::styled(line[indent.min(line.len())..].to_string(), t.string()),
                ]));
                continue;
            }
            block = None;
        }
        let mut spans = Vec::new();
        if tokens(line, t, &mut spans) {
            block = Some(indent);
        }
        out.push(Line::from(spans));
    }
    out
}

/// Pushes the spans of one line; true when the line opens a block scalar.
fn tokens(line: &str, t: &Theme, spans: &mut Vec<Span<'static>>) -> bool {
    let trimmed = line.trim_start();
    let indent = &line[..line.len() - trimmed.len()];
    if !indent.is_empty() {
        spans.push(Span::raw(indent.to_string()));
    }
    if trimmed.starts_with('#') {
        spans.push(Span::styled(trimmed.to_string(), t.comment()));
        return false;
    }
    if trimmed == "---" || trimmed == "..." {
        spans.push(Span::styled(trimmed.to_string(), t.keyword()));
        return false;
    }
    let mut rest = trimmed;
    while let Some(r) = rest.strip_prefix("- ").or_else(|| (rest == "-").then_some("")) {
        spans.push(Span::raw(rest[..rest.len() - r.len()].to_string()));
        rest = r;
    }
    if let Some(end) = key_end(rest) {
        spans.push(Span::styled(rest[..end].to_string(), t.attr()));
        spans.push(Span::raw(":"));
        rest = &rest[end + 1..];
    }
    value(rest, t, spans)
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
fn value(s: &str, t: &Theme, spans: &mut Vec<Span<'static>>) -> bool {
    let body = s.trim_start();
    if body.len() < s.len() {
        spans.push(Span::raw(s[..s.len() - body.len()].to_string()));
    }
    if body.is_empty() {
        return false;
    }
    if body.starts_with('!') {
        let end = body.find(' ').unwrap_or(body.len());
        spans.push(Span::styled(body[..end].to_string(), t.keyword()));
        return value(&body[end..], t, spans);
    }
    if let Some(ind) = body.strip_prefix(['|', '>']) {
        let (head, comment) = split_comment(ind);
        if head.trim().chars().all(|c| matches!(c, '-' | '+') || c.is_ascii_digit()) {
            spans.push(Span::styled(body[..1 + head.len()].to_string(), t.keyword()));
            if let Some(c) = comment {
                spans.push(Span::styled(c.to_string(), t.comment()));
            }
            return true;
        }
    }
    if body.starts_with(['[', '{']) {
        flow(body, t, spans);
        return false;
    }
    if let Some(q @ (b'"' | b'\'')) = body.bytes().next() {
        let end = quoted_end(body, 0, q).unwrap_or(body.len());
        spans.push(Span::styled(body[..end].to_string(), t.string()));
        let (gap, comment) = split_comment(&body[end..]);
        if !gap.is_empty() {
            spans.push(Span::raw(gap.to_string()));
        }
        if let Some(c) = comment {
            spans.push(Span::styled(c.to_string(), t.comment()));
        }
        return false;
    }
    let (scalar, comment) = split_comment(body);
    spans.push(Span::styled(scalar.to_string(), scalar_style(scalar.trim(), t)));
    if let Some(c) = comment {
        spans.push(Span::styled(c.to_string(), t.comment()));
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
fn scalar_style(v: &str, t: &Theme) -> Style {
    let literal = matches!(
        v,
        "true" | "false" | "True" | "False" | "TRUE" | "FALSE" | "null" | "Null" | "NULL" | "~"
    );
    let number = !v.is_empty() && v.trim_start_matches(['-', '+']).parse::<f64>().is_ok() && !v.ends_with('.');
    if literal || number { t.number() } else { Style::default() }
}

/// A flow collection (`[a, !Ref B]`, `{Key: 'v'}`): punctuation plain, quoted strings as
/// strings, tags as tags, keys as keys, other scalars by their kind; a trailing comment too.
fn flow(s: &str, t: &Theme, spans: &mut Vec<Span<'static>>) {
    let b = s.as_bytes();
    let mut i = 0;
    let mut plain = String::new();
    let flush = |plain: &mut String, spans: &mut Vec<Span<'static>>| {
        if !plain.is_empty() {
            spans.push(Span::raw(std::mem::take(plain)));
        }
    };
    while i < b.len() {
        let c = b[i];
        match c {
            b'"' | b'\'' => {
                flush(&mut plain, spans);
                let end = quoted_end(s, i, c).unwrap_or(b.len());
                spans.push(Span::styled(s[i..end].to_string(), t.string()));
                i = end;
            }
            b'#' if i > 0 && b[i - 1] == b' ' => {
                flush(&mut plain, spans);
                spans.push(Span::styled(s[i..].to_string(), t.comment()));
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
                    t.keyword()
                } else if colon {
                    t.attr()
                } else {
                    scalar_style(word, t)
                };
                spans.push(Span::styled(word.to_string(), style));
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

    /// Each span's text with the name of its style.
    fn parts(text: &str) -> Vec<Vec<(String, &'static str)>> {
        let t = Theme { color: true };
        let name = |s: Style| {
            if s == t.attr() {
                "key"
            } else if s == t.keyword() {
                "tag"
            } else if s == t.string() {
                "str"
            } else if s == t.number() {
                "num"
            } else if s == t.comment() {
                "comment"
            } else {
                ""
            }
        };
        lines(text, &t)
            .into_iter()
            .map(|l| {
                l.spans
                    .iter()
                    .filter(|s| !s.content.trim().is_empty())
                    .map(|s| (s.content.trim().to_string(), name(s.style)))
                    .collect()
            })
            .collect()
    }

    fn p(a: &str, b: &'static str) -> (String, &'static str) {
        (a.to_string(), b)
    }

    #[test]
    fn every_character_is_kept() {
        let t = Theme { color: true };
        let src = "Resources:\n  - Name: !Ref Bucket # c\n    Tags: [a, 'b, c', {K: 1}]\n  Text: |\n    a: b # not a comment\n  N: 80\n";
        let back: Vec<String> = lines(src, &t)
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        assert_eq!(back.join("\n") + "\n", src);
    }

    #[test]
    fn keys_tags_strings_numbers_and_comments() {
        let got = parts(
            "Resources:\n  Bucket:\n    Type: AWS::S3::Bucket # the type\n    Properties:\n      Name: !Ref Name\n      Port: 80\n      Arn: !GetAtt Bucket.Arn\n      Sub: !Sub '${Name}-logs'\n      Fn::GetAtt: [A, B]\n      On: true\n",
        );
        assert_eq!(got[0], [p("Resources", "key"), p(":", "")]);
        assert_eq!(
            got[2],
            [p("Type", "key"), p(":", ""), p("AWS::S3::Bucket", ""), p("# the type", "comment")]
        );
        assert_eq!(got[4], [p("Name", "key"), p(":", ""), p("!Ref", "tag"), p("Name", "")]);
        assert_eq!(got[5], [p("Port", "key"), p(":", ""), p("80", "num")]);
        assert_eq!(got[6][2], p("!GetAtt", "tag"));
        assert_eq!(got[7][3], p("'${Name}-logs'", "str"));
        assert_eq!(got[8][0], p("Fn::GetAtt", "key"), "a key with :: in it");
        assert_eq!(got[8][2..], [p("[", ""), p("A", ""), p(",", ""), p("B", ""), p("]", "")]);
        assert_eq!(got[9][2], p("true", "num"));
    }

    #[test]
    fn block_scalars_and_flow_collections() {
        let got = parts("Code: |\n  x: 1 # kept\n\n  y\nNext: {Ref: X, N: 2, S: \"a # b\"}\n- - !Sub x\n");
        assert_eq!(got[0], [p("Code", "key"), p(":", ""), p("|", "tag")]);
        assert_eq!(got[1], [p("x: 1 # kept", "str")], "block text is a string, not a key");
        assert_eq!(got[3], [p("y", "str")]);
        assert_eq!(got[4][0], p("Next", "key"));
        assert!(got[4].contains(&p("Ref", "key")) && got[4].contains(&p("2", "num")));
        assert!(got[4].contains(&p("\"a # b\"", "str")), "{:?}", got[4]);
        assert_eq!(got[5], [p("-", ""), p("-", ""), p("!Sub", "tag"), p("x", "")]);
    }
}
