//! Fitting text to a width without cutting it: prose and choices wrap at spaces (a choice's
//! continuation rows indented under its text), source rows break where the pane ends and go on
//! on the next row behind a continuation marker, their highlighting kept.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::lang::value::unicode::{Ucd, grapheme};

/// The gutter mark of a source row that continues the row above (its width is [`MARK_WIDTH`]).
pub const CONTINUED: &str = "↪ ";
/// How many columns [`CONTINUED`] takes.
pub const MARK_WIDTH: usize = 2;

/// Columns `s` takes on a terminal.
pub fn width_of(s: &str) -> usize {
    Span::raw(s).width()
}

/// `text` in rows of at most `width` columns, broken at spaces (a word longer than a row is
/// broken inside it); each of its own lines starts a row. Never empty.
pub fn words(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows = Vec::new();
    for hard in text.split('\n') {
        // A line's leading spaces indent its first row; other runs of spaces become one.
        let body = hard.trim_start_matches(' ');
        let mut row = " ".repeat((hard.len() - body.len()).min(width - 1));
        let mut row_w = row.len();
        let mut has_word = false;
        for word in body.split(' ').filter(|w| !w.is_empty()) {
            let w = width_of(word);
            let sep = usize::from(has_word);
            if row_w + sep + w <= width {
                if has_word {
                    row.push(' ');
                }
                row.push_str(word);
                row_w += sep + w;
                has_word = true;
                continue;
            }
            if has_word {
                rows.push(std::mem::take(&mut row));
                row_w = 0;
            }
            has_word = true;
            for g in grapheme::clusters(word, Ucd::V15) {
                let gw = width_of(g);
                if row_w + gw > width && row_w > 0 {
                    rows.push(std::mem::take(&mut row));
                    row_w = 0;
                }
                row.push_str(g);
                row_w += gw;
            }
        }
        rows.push(row);
    }
    rows
}

/// A choice's rows: `head` (`▶ a) `) then `text` wrapped to `width`, each continuation row
/// indented by the head's width so the text stays in one column; every row in `style`.
pub fn hanging(head: &str, text: &str, width: usize, style: Style) -> Vec<Line<'static>> {
    let indent = width_of(head);
    words(text, width.saturating_sub(indent).max(8))
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let lead = if i == 0 { head.to_string() } else { " ".repeat(indent) };
            Line::from(Span::styled(format!("{lead}{row}"), style))
        })
        .collect()
}

/// `label` then `value` wrapped to `width`, the continuation rows indented by the label's
/// width so the value stays in one column.
pub fn labelled(label: Span<'static>, value: &str, width: usize) -> Vec<Line<'static>> {
    let indent = label.width();
    let longest = value.split_whitespace().map(width_of).max().unwrap_or(0);
    if longest > width.saturating_sub(indent) && longest <= width {
        // A word (a URL) that the indent would break fits whole on a row of its own: the
        // value goes under the label, from the left edge.
        let mut out = vec![Line::from(label)];
        out.extend(prose(value, width, Style::default()));
        return out;
    }
    words(value, width.saturating_sub(indent).max(8))
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let lead = if i == 0 { label.clone() } else { Span::raw(" ".repeat(indent)) };
            Line::from(vec![lead, Span::raw(row)])
        })
        .collect()
}

/// Prose `text` wrapped to `width`, in `style`.
pub fn prose(text: &str, width: usize, style: Style) -> Vec<Line<'static>> {
    words(text, width).into_iter().map(|r| Line::from(Span::styled(r, style))).collect()
}

/// Source lines fitted to `width` columns: a longer line breaks where the row ends and goes on
/// on the next rows, each starting with [`CONTINUED`] in `mark`; the spans keep their styles.
pub fn source(lines: Vec<Line<'static>>, width: usize, mark: Style) -> Vec<Line<'static>> {
    let width = width.max(MARK_WIDTH + 1);
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        if line.width() <= width {
            out.push(line);
            continue;
        }
        let style = line.style;
        let mut row: Vec<Span<'static>> = Vec::new();
        let mut row_w = 0;
        let mut cap = width;
        for span in line.spans {
            let mut piece = String::new();
            for g in grapheme::clusters(&span.content, Ucd::V15) {
                let gw = width_of(g);
                if row_w + gw > cap && row_w > 0 {
                    if !piece.is_empty() {
                        row.push(Span::styled(std::mem::take(&mut piece), span.style));
                    }
                    out.push(Line::from(std::mem::take(&mut row)).style(style));
                    row.push(Span::styled(CONTINUED, mark));
                    row_w = 0;
                    cap = width - MARK_WIDTH;
                }
                piece.push_str(g);
                row_w += gw;
            }
            if !piece.is_empty() {
                row.push(Span::styled(piece, span.style));
            }
        }
        out.push(Line::from(row).style(style));
    }
    out
}

/// What a one-line text box `width` columns wide shows of `text` with the cursor at character
/// `cursor`, and the cursor's column (see [`input_line`]).
pub fn input_view(text: &str, cursor: usize, width: usize) -> (String, usize) {
    let (line, col) = input_line(Line::from(text.to_string()), cursor, width, Style::default());
    (line.to_string(), col)
}

/// What a one-line text box `width` columns wide shows of `line` (highlighted or not) with the
/// cursor at character `cursor`, and the cursor's column. A longer line is not cut silently: a
/// `…` (in `mark`) at the end says more follows, and once the cursor passes the box the line
/// scrolls sideways, a `…` at the start saying text is hidden there. The spans keep their
/// styles. (Characters count one column each, as the cursor does.)
pub fn input_line(line: Line<'static>, cursor: usize, width: usize, mark: Style) -> (Line<'static>, usize) {
    let len: usize = line.spans.iter().map(|s| s.content.chars().count()).sum();
    let width = width.max(2);
    let cursor = cursor.min(len);
    let (start, end, left, right, col) = if len < width {
        (0, len, false, false, cursor)
    } else if cursor < width - 1 {
        (0, width - 1, false, true, cursor)
    } else {
        let start = cursor + 2 - width;
        (start, (start + width - 1).min(len), true, false, width - 1)
    };
    let mut out = Vec::new();
    if left {
        out.push(Span::styled("…", mark));
    }
    let mut at = 0;
    for s in line.spans {
        let n = s.content.chars().count();
        let (a, b) = (start.max(at), end.min(at + n));
        if a < b {
            let piece: String = s.content.chars().skip(a - at).take(b - a).collect();
            out.push(Span::styled(piece, s.style));
        }
        at += n;
    }
    if right {
        out.push(Span::styled("…", mark));
    }
    (Line::from(out), col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_break_at_spaces_and_keep_every_character() {
        let text = "merge() never errors on a duplicate key; the later argument's value wins";
        let rows = words(text, 20);
        assert!(rows.iter().all(|r| width_of(r) <= 20), "{rows:?}");
        assert_eq!(rows.join(" "), text);
        assert_eq!(rows[0], "merge() never errors");
    }

    #[test]
    fn a_word_longer_than_the_row_is_broken_inside() {
        assert_eq!(words("aaaaaaaaaa bb", 4), vec!["aaaa", "aaaa", "aa", "bb"]);
        assert_eq!(words("", 4), vec![""]);
        assert_eq!(words("  x\ny", 10), vec!["  x", "y"]);
    }

    #[test]
    fn hanging_rows_line_up_under_the_text() {
        let rows = hanging("▶ a) ", "one two three four five", 14, Style::default());
        let text: Vec<String> = rows.iter().map(|l| l.to_string()).collect();
        assert_eq!(text, vec!["▶ a) one two", "     three", "     four five"]);
    }

    #[test]
    fn a_value_with_a_word_too_long_for_the_indent_goes_under_its_label() {
        let label = || Span::raw("Docs:     ");
        let text = |v: Vec<Line>| v.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        assert_eq!(
            text(labelled(label(), "one two three", 18)),
            vec!["Docs:     one two", "          three"]
        );
        assert_eq!(
            text(labelled(label(), "https://example.com/x", 24)),
            vec!["Docs:     ", "https://example.com/x"]
        );
    }

    #[test]
    fn a_long_typed_line_scrolls_sideways_behind_a_mark() {
        assert_eq!(input_view("abc", 3, 5), ("abc".to_string(), 3));
        assert_eq!(input_view("abcdefgh", 2, 5), ("abcd…".to_string(), 2));
        assert_eq!(input_view("abcdefgh", 8, 5), ("…fgh".to_string(), 4));
        assert_eq!(input_view("abcdefgh", 6, 5), ("…defg".to_string(), 4));
        let bold = Style::default().add_modifier(ratatui::style::Modifier::BOLD);
        let (line, col) = input_line(
            Line::from(vec![Span::raw("abc"), Span::styled("defgh", bold)]),
            6,
            5,
            Style::default(),
        );
        assert_eq!((line.to_string(), col), ("…defg".to_string(), 4));
        assert_eq!(line.spans[1].style, bold);
    }

    #[test]
    fn source_rows_break_with_a_marker_and_keep_styles() {
        let bold = Style::default().add_modifier(ratatui::style::Modifier::BOLD);
        let line = Line::from(vec![Span::raw("abcdef"), Span::styled("ghij", bold)]);
        let out = source(vec![line], 5, Style::default());
        let text: Vec<String> = out.iter().map(|l| l.to_string()).collect();
        assert_eq!(text, vec!["abcde", "↪ fgh", "↪ ij"]);
        assert_eq!(out[1].spans[2].style, bold, "{:?}", out[1]);
        assert_eq!(out[1].spans[1].style, Style::default());
    }
}
