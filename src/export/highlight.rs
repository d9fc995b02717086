//! A small HCL highlighter for printed quizzes: splits source text into spans of a few classes
//! (keyword, string, number, function, comment, block type), nothing more. Every byte of the
//! input is in exactly one span, so joining the spans gives the input back.

/// What a span of source text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Nothing special.
    Plain,
    /// `true`, `false`, `null`, `for`, `in`, `if`, ...
    Keyword,
    /// A quoted string or a heredoc.
    Str,
    /// A number.
    Number,
    /// A function name before `(`.
    Function,
    /// A comment.
    Comment,
    /// A block type at the start of a line (`locals`, `resource`, `dynamic`).
    Block,
    /// A mapping key (YAML).
    Key,
}

impl Class {
    /// The CSS class name (empty for plain text).
    pub fn css(self) -> &'static str {
        match self {
            Class::Plain => "",
            Class::Keyword => "k",
            Class::Str => "s",
            Class::Number => "n",
            Class::Function => "f",
            Class::Comment => "c",
            Class::Block => "b",
            Class::Key => "a",
        }
    }
}

const KEYWORDS: &[&str] = &["true", "false", "null", "for", "in", "if", "else", "endif", "endfor"];

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

/// Splits `src` into classified spans.
pub fn spans(src: &str) -> Vec<(Class, &str)> {
    let mut out: Vec<(Class, usize, usize)> = Vec::new();
    let push = |class: Class, start: usize, end: usize, out: &mut Vec<(Class, usize, usize)>| {
        if start >= end {
            return;
        }
        if class == Class::Plain
            && let Some((Class::Plain, _, prev_end)) = out.last_mut()
            && *prev_end == start
        {
            *prev_end = end;
            return;
        }
        out.push((class, start, end));
    };
    let bytes = src.as_bytes();
    let mut i = 0;
    while i < src.len() {
        let rest = &src[i..];
        let Some(c) = rest.chars().next() else { break };
        let line_start = src[..i].rfind('\n').map_or(0, |p| p + 1);
        let at_line_start = src[line_start..i].trim().is_empty();
        if c == '#' || rest.starts_with("//") {
            let end = rest.find('\n').map_or(src.len(), |p| i + p);
            push(Class::Comment, i, end, &mut out);
            i = end;
        } else if let Some(body) = rest.strip_prefix("/*") {
            let end = body.find("*/").map_or(src.len(), |p| i + 2 + p + 2);
            push(Class::Comment, i, end, &mut out);
            i = end;
        } else if c == '"' {
            let mut end = src.len();
            let mut escaped = false;
            for (k, ch) in rest.char_indices().skip(1) {
                if escaped {
                    escaped = false;
                    continue;
                }
                match ch {
                    '\\' => escaped = true,
                    '"' => {
                        end = i + k + 1;
                        break;
                    }
                    '\n' => {
                        end = i + k;
                        break;
                    }
                    _ => {}
                }
            }
            push(Class::Str, i, end, &mut out);
            i = end;
        } else if let Some(end) = heredoc_end(src, i) {
            push(Class::Str, i, end, &mut out);
            i = end;
        } else if c.is_ascii_digit() {
            let mut j = i;
            while j < src.len() && (bytes[j].is_ascii_digit() || bytes[j] == b'.') {
                j += 1;
            }
            if j < src.len() && (bytes[j] == b'e' || bytes[j] == b'E') {
                let mut k = j + 1;
                if k < src.len() && (bytes[k] == b'+' || bytes[k] == b'-') {
                    k += 1;
                }
                if k < src.len() && bytes[k].is_ascii_digit() {
                    j = k;
                    while j < src.len() && bytes[j].is_ascii_digit() {
                        j += 1;
                    }
                }
            }
            push(Class::Number, i, j, &mut out);
            i = j;
        } else if is_ident_start(c) {
            let len: usize = rest.chars().take_while(|c| is_ident(*c)).map(char::len_utf8).sum();
            let word = &rest[..len];
            let after = rest[len..].trim_start_matches([' ', '\t']);
            let line_rest = after.split('\n').next().unwrap_or("").trim_end();
            let prev = src[..i].trim_end_matches([' ', '\t']).chars().last();
            let class = if KEYWORDS.contains(&word) {
                Class::Keyword
            } else if after.starts_with('(') {
                Class::Function
            } else if at_line_start && line_rest.ends_with('{') && !after.starts_with('=') && prev != Some('.') {
                Class::Block
            } else {
                Class::Plain
            };
            push(class, i, i + len, &mut out);
            i += len;
        } else {
            push(Class::Plain, i, i + c.len_utf8(), &mut out);
            i += c.len_utf8();
        }
    }
    out.into_iter().filter_map(|(c, a, b)| Some((c, src.get(a..b)?))).collect()
}

/// Where a heredoc starting at `i` (`<<EOT` or `<<-EOT`) ends: after its closing line.
fn heredoc_end(src: &str, i: usize) -> Option<usize> {
    let rest = src.get(i..)?.strip_prefix("<<")?;
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    let tag: String = rest.chars().take_while(|c| is_ident(*c)).collect();
    if tag.is_empty() {
        return None;
    }
    let nl = src[i..].find('\n')? + i + 1;
    let mut pos = nl;
    for line in src[nl..].split_inclusive('\n') {
        pos += line.len();
        if line.trim() == tag {
            return Some(pos - (line.len() - line.trim_end_matches(['\n', '\r']).len()));
        }
    }
    Some(src.len())
}

/// `src` as HTML: escaped, with `<span class="...">` around highlighted spans.
pub fn html(src: &str) -> String {
    let mut out = String::with_capacity(src.len() * 2);
    for (class, text) in spans(src) {
        push_span(&mut out, class, text);
    }
    out
}

/// Appends `text` escaped, inside a `<span>` of its class unless it is plain.
pub fn push_span(out: &mut String, class: Class, text: &str) {
    let t = super::html_escape(text);
    if class == Class::Plain {
        out.push_str(&t);
    } else {
        out.push_str(&format!("<span class=\"{}\">{t}</span>", class.css()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(src: &str) -> Vec<(&'static str, String)> {
        spans(src)
            .into_iter()
            .filter(|(c, _)| *c != Class::Plain)
            .map(|(c, t)| (c.css(), t.to_string()))
            .collect()
    }

    #[test]
    fn spans_cover_the_input() {
        for src in [
            "locals {\n  a = merge({ x = 1 }, var.y) # c\n}\n",
            "\"unterminated",
            "<<EOT\nhello ${x}\nEOT\nrest",
            "x = 1.5e3 // é",
            "/* open",
        ] {
            let joined: String = spans(src).into_iter().map(|(_, t)| t).collect();
            assert_eq!(joined, src);
        }
    }

    #[test]
    fn classes_are_found() {
        let got = classes("locals {\n  a = merge({ x = true }, \"s\") # note\n  n = 42\n}");
        assert_eq!(
            got,
            vec![
                ("b", "locals".to_string()),
                ("f", "merge".to_string()),
                ("k", "true".to_string()),
                ("s", "\"s\"".to_string()),
                ("c", "# note".to_string()),
                ("n", "42".to_string()),
            ]
        );
        assert_eq!(html("a < \"&\""), "a &lt; <span class=\"s\">&quot;&amp;&quot;</span>");
    }
}
