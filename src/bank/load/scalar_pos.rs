//! Where a byte of a YAML scalar's value is in the file: a syntax error inside a question's
//! `expr` is reported at its own line and column, not at the question's.
//!
//! The walk replays the scalar's text from where it starts, matching the value char by char:
//! a block scalar (`|`, `>`) loses its indentation at each line break, a quoted one its
//! escapes (`\"`, `''`), and a plain or quoted one folds a line break and the indentation after
//! it into one space.

use crate::bank::load::located::Pos;

#[derive(Clone, Copy, PartialEq)]
enum Style {
    Plain,
    Single,
    Double,
    Block,
}

/// The file position of byte `offset` of `value`, the scalar that starts at `start` in `text`.
/// A text that does not match the value (it should) stops the walk where they part.
pub fn inside(text: &str, start: Pos, value: &str, offset: usize) -> Pos {
    let Some(mut at) = byte_at(text, start) else { return start };
    // yaml-rust2 marks a block scalar at its content, after the `|` or `>` header.
    if let Some(header) = block_header_before(text, at) {
        at = header;
    }
    let style = match text[at..].chars().next() {
        Some('|' | '>') => Style::Block,
        Some('"') => Style::Double,
        Some('\'') => Style::Single,
        _ => Style::Plain,
    };
    let b = text.as_bytes();
    let mut indent = 0;
    match style {
        Style::Block => {
            // The header line ends the indicator; the block's indentation is its first
            // non-blank line's.
            at = text[at..].find('\n').map_or(text.len(), |n| at + n + 1);
            let mut i = at;
            loop {
                let spaces = b[i..].iter().take_while(|c| **c == b' ').count();
                if b.get(i + spaces) == Some(&b'\n') {
                    i += spaces + 1;
                    continue;
                }
                indent = spaces;
                break;
            }
            at += skip_spaces(b, at, indent);
        }
        Style::Single | Style::Double => at += 1,
        Style::Plain => {}
    }
    let upto = value.get(..offset).map_or(value, |v| v);
    for vc in upto.chars() {
        let Some(fc) = text[at..].chars().next() else { break };
        match style {
            Style::Block if vc == '\n' => {
                at = text[at..].find('\n').map_or(text.len(), |n| at + n + 1);
                at += skip_spaces(b, at, indent);
            }
            Style::Block => at += fc.len_utf8(),
            _ if style == Style::Double && fc == '\\' => at += escape_len(&text[at..]),
            _ if style == Style::Single && fc == '\'' => at += 2,
            _ if fc.is_whitespace() && vc.is_whitespace() && folds(&text[at..]) => {
                at += text[at..].len() - text[at..].trim_start().len();
            }
            _ => at += fc.len_utf8(),
        }
    }
    pos_of(text, at)
}

/// The line of `value` holding byte `offset`, trimmed: the sub-expression a message quotes.
pub fn line_around(value: &str, offset: usize) -> &str {
    let offset = (0..=offset.min(value.len()))
        .rev()
        .find(|i| value.is_char_boundary(*i))
        .unwrap_or(0);
    let from = value[..offset].rfind('\n').map_or(0, |n| n + 1);
    let to = value[offset..].find('\n').map_or(value.len(), |n| offset + n);
    value[from..to].trim()
}

/// The start of the block scalar header (`|`, `>-`, `|2+`) that the text before `at` ends with,
/// across blank space and at least one line break.
fn block_header_before(text: &str, at: usize) -> Option<usize> {
    let before = &text[..at];
    let trimmed = before.trim_end_matches([' ', '\t', '\r', '\n']);
    if !before[trimmed.len()..].contains('\n') {
        return None;
    }
    let word_start = trimmed.rfind([' ', '\t', '\n']).map_or(0, |i| i + 1);
    let word = &trimmed[word_start..];
    let rest = word.strip_prefix(['|', '>'])?;
    rest.chars()
        .all(|c| c == '-' || c == '+' || c.is_ascii_digit())
        .then_some(word_start)
}

/// Whether the whitespace at the start of `s` runs over a line break (YAML folds it).
fn folds(s: &str) -> bool {
    s.chars().take_while(|c| c.is_whitespace()).any(|c| c == '\n')
}

fn skip_spaces(b: &[u8], at: usize, most: usize) -> usize {
    b.get(at..).map_or(0, |r| r.iter().take(most).take_while(|c| **c == b' ').count())
}

/// The length of the escape sequence at the start of `s` (which starts with `\`).
fn escape_len(s: &str) -> usize {
    match s.as_bytes().get(1) {
        Some(b'x') => 4,
        Some(b'u') => 6,
        Some(b'U') => 10,
        Some(_) => 1 + s[1..].chars().next().map_or(0, char::len_utf8),
        None => 1,
    }
}

/// The byte offset of a 1-based line and column (columns count chars).
fn byte_at(text: &str, p: Pos) -> Option<usize> {
    let line_start = if p.line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(p.line - 2).map(|(i, _)| i + 1)?
    };
    let line = &text[line_start..];
    let col = line.char_indices().nth(p.column.saturating_sub(1)).map_or(line.len(), |(i, _)| i);
    Some(line_start + col)
}

fn pos_of(text: &str, at: usize) -> Pos {
    let at = (0..=at.min(text.len())).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    Pos {
        line,
        column: text[line_start..at].chars().count() + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(text: &str, value: &str, needle: &str) -> (usize, usize) {
        let start = text.find(": ").map(|i| i + 2).unwrap_or(0);
        // yaml-rust2 marks a block scalar at its first content line.
        let start = if text[start..].starts_with('|') {
            text.find("\n ").map_or(start, |i| i + 1)
        } else {
            start
        };
        let p = inside(text, pos_of(text, start), value, value.find(needle).unwrap_or(0));
        (p.line, p.column)
    }

    #[test]
    fn plain_quoted_and_block_scalars() {
        assert_eq!(find("expr: 1 + (2 * ) + 3\n", "1 + (2 * ) + 3", ")"), (1, 16));
        assert_eq!(find(r#"expr: "\"a\" + (1 *)""#, r#""a" + (1 *)"#, ")"), (1, 20));
        assert_eq!(find("expr: '''a'' + (1 *)'", "'a' + (1 *)", ")"), (1, 20));
        assert_eq!(find("expr: 1 +\n  (2 *)\n", "1 + (2 *)", ")"), (2, 7));
        let block = "expr: |\n  [\n    1,\n\n    2 +* 3,\n  ]\n";
        let value = "[\n  1,\n\n  2 +* 3,\n]\n";
        assert_eq!(find(block, value, "*"), (5, 8));
        assert_eq!(line_around(value, value.find('*').unwrap_or(0)), "2 +* 3,");
    }
}
