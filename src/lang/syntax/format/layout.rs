//! hclwrite's layout pass (its `format`): the tokens are cut into lines, each line into up to
//! three cells (what leads, an attribute's `=` and its value, a closing line comment), and only
//! the blanks before tokens are set:
//!
//! 1. indentation: two spaces per level, a line whose brackets open more than they close
//!    indenting the lines after it (a heredoc's text is one line with its opener);
//! 2. spacing inside a cell, token by token ([`space_after`]);
//! 3. alignment: the `=` of consecutive lines that each hold a whole attribute line up one
//!    column past the longest name, and so do the trailing comments of consecutive lines.
//!    Any other line (blank, comment alone, a block, a value spanning lines) ends a run.

use super::{WTok, bracket_change};
use crate::lang::dialect::releases::TfVersion;
use crate::lang::syntax::hcl_scan::Tk;

/// One line's cells, as token index ranges `[start, end)`.
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    lead: (usize, usize),
    assign: Option<(usize, usize)>,
    comment: Option<(usize, usize)>,
}

fn is_line_end(t: &WTok) -> bool {
    match t.t {
        Tk::Newline => true,
        Tk::Comment => t.text.ends_with('\n'),
        _ => false,
    }
}

/// Lays out `toks` (ending with the end-of-file token) in place.
pub(super) fn format(toks: &mut [WTok], version: TfVersion, aligned: bool) {
    let lines = lines_of(toks);
    indent(toks, &lines);
    spaces(toks, &lines);
    if aligned {
        align(toks, &lines, version);
    }
}

fn lines_of(toks: &[WTok]) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut done = false;
    for (i, t) in toks.iter().enumerate() {
        if t.t == Tk::Eof {
            lines.push(Line {
                lead: (start, i),
                ..Line::default()
            });
            done = true;
            break;
        }
        if is_line_end(t) {
            lines.push(Line {
                lead: (start, i + 1),
                ..Line::default()
            });
            start = i + 1;
        }
    }
    if !done && start < toks.len() {
        lines.push(Line {
            lead: (start, toks.len()),
            ..Line::default()
        });
    }
    for line in &mut lines {
        let (s, mut e) = line.lead;
        if e == s {
            continue;
        }
        if e - s > 1 && toks[e - 1].t == Tk::Comment {
            line.comment = Some((e - 1, e));
            e -= 1;
            line.lead = (s, e);
        }
        for i in s + 1..e {
            if toks[i].t == Tk::Equal {
                // The value goes to its own cell only when it closes every bracket it opens
                // on this line (a value spanning lines stays in the lead).
                let net: i64 = toks[i..e].iter().map(|t| bracket_change(t.t)).sum();
                if net == 0 {
                    line.assign = Some((i, e));
                    line.lead = (s, i);
                }
                break;
            }
        }
    }
    lines
}

fn indent(toks: &mut [WTok], lines: &[Line]) {
    let mut stack: Vec<i64> = Vec::new();
    for line in lines {
        let (s, e) = line.lead;
        if s == e {
            continue;
        }
        if toks[s].t == Tk::Newline {
            toks[s].spaces = 0;
            continue;
        }
        let mut net = 0i64;
        for t in &toks[s..e] {
            net += bracket_change(t.t);
            if t.t == Tk::OHeredoc {
                break;
            }
        }
        if let Some((a, b)) = line.assign {
            net += toks[a..b].iter().map(|t| bracket_change(t.t)).sum::<i64>();
        }
        if net > 0 {
            toks[s].spaces = 2 * stack.len();
            stack.push(net);
        } else {
            let mut closed = -net;
            while closed > 0 {
                let Some(top) = stack.last_mut() else { break };
                if closed > *top {
                    closed -= *top;
                    stack.pop();
                } else if closed < *top {
                    *top -= closed;
                    closed = 0;
                } else {
                    stack.pop();
                    closed = 0;
                }
            }
            toks[s].spaces = 2 * stack.len();
        }
    }
}

fn spaces(toks: &mut [WTok], lines: &[Line]) {
    for line in lines {
        let (s, e) = line.lead;
        for i in s..e {
            if i + 1 >= e {
                continue;
            }
            let before = if i > s { Some(i - 1) } else { None };
            let sp = space_after(toks, i, before, i + 1);
            toks[i + 1].spaces = usize::from(sp);
        }
        if let Some((a, b)) = line.assign {
            for i in a..b {
                if i == a {
                    toks[i].spaces = 1;
                }
                if i + 1 >= b {
                    continue;
                }
                let before = if i > a { Some(i - 1) } else { None };
                let sp = space_after(toks, i, before, i + 1);
                toks[i + 1].spaces = usize::from(sp);
            }
        }
    }
}

/// The columns a cell takes: its blanks and its text's grapheme clusters.
fn columns(toks: &[WTok], (s, e): (usize, usize), version: TfVersion) -> usize {
    toks[s..e]
        .iter()
        .map(|t| {
            let text: &str = &t.text;
            let clusters = if text.is_ascii() {
                text.len() - text.matches("\r\n").count()
            } else {
                crate::lang::value::unicode::clusters_at(text, version).len()
            };
            t.spaces + clusters
        })
        .sum()
}

fn align(toks: &mut [WTok], lines: &[Line], version: TfVersion) {
    // The `=` of consecutive attribute lines.
    let mut run: Vec<usize> = Vec::new();
    let mut widest = 0;
    let close = |toks: &mut [WTok], run: &mut Vec<usize>, widest: &mut usize| {
        for &li in run.iter() {
            let w = columns(toks, lines[li].lead, version);
            if let Some((a, _)) = lines[li].assign {
                toks[a].spaces = *widest - w + 1;
            }
        }
        run.clear();
        *widest = 0;
    };
    for (li, line) in lines.iter().enumerate() {
        if line.assign.is_none() {
            close(toks, &mut run, &mut widest);
        } else {
            run.push(li);
            widest = widest.max(columns(toks, line.lead, version));
        }
    }
    close(toks, &mut run, &mut widest);
    // The trailing comments of consecutive lines.
    let width = |toks: &[WTok], line: &Line| columns(toks, line.lead, version) + line.assign.map_or(0, |a| columns(toks, a, version));
    let mut run: Vec<usize> = Vec::new();
    let mut widest = 0;
    let close = |toks: &mut [WTok], run: &mut Vec<usize>, widest: &mut usize| {
        for &li in run.iter() {
            let w = width(toks, &lines[li]);
            if let Some((c, _)) = lines[li].comment {
                toks[c].spaces = *widest - w + 1;
            }
        }
        run.clear();
        *widest = 0;
    };
    for (li, line) in lines.iter().enumerate() {
        if line.comment.is_none() {
            close(toks, &mut run, &mut widest);
        } else {
            run.push(li);
            widest = widest.max(width(toks, line));
        }
    }
    close(toks, &mut run, &mut widest);
}

/// Whether the token at `subject` takes a space after it, between `before` (none at the
/// start of a cell) and `after` (hclwrite's spaceAfterToken).
fn space_after(toks: &[WTok], subject: usize, before: Option<usize>, after: usize) -> bool {
    let s = &toks[subject];
    let a = &toks[after];
    let b = before.map_or(Tk::Nil, |i| toks[i].t);
    let (st, at) = (s.t, a.t);
    if at == Tk::Newline || at == Tk::Nil {
        return false;
    }
    if st == Tk::Ident && at == Tk::OParen {
        return false;
    }
    if (st == Tk::Ident && at == Tk::DoubleColon) || (st == Tk::DoubleColon && at == Tk::Ident) {
        return false;
    }
    if st == Tk::Dot || at == Tk::Dot {
        return false;
    }
    if at == Tk::Comma || at == Tk::Ellipsis {
        return false;
    }
    if st == Tk::Comma {
        return true;
    }
    if matches!(st, Tk::QuotedLit | Tk::StringLit | Tk::OQuote | Tk::OHeredoc)
        || matches!(at, Tk::QuotedLit | Tk::StringLit | Tk::CQuote | Tk::CHeredoc)
    {
        return false;
    }
    if st == Tk::Ident && s.text == "in" && b == Tk::Ident {
        return true;
    }
    if at == Tk::OBrack && (st == Tk::Ident || st == Tk::NumberLit || bracket_change(st) < 0) {
        return false;
    }
    if st == Tk::Bang {
        return false;
    }
    if st == Tk::Minus {
        return !matches!(
            b,
            Tk::Nil
                | Tk::OParen
                | Tk::OBrace
                | Tk::OBrack
                | Tk::Equal
                | Tk::Colon
                | Tk::Comma
                | Tk::Question
                | Tk::Plus
                | Tk::Star
                | Tk::Slash
                | Tk::Percent
                | Tk::Minus
                | Tk::EqualOp
                | Tk::NotEqual
                | Tk::Gt
                | Tk::Ge
                | Tk::Lt
                | Tk::Le
                | Tk::And
                | Tk::Or
                | Tk::Bang
        );
    }
    if st == Tk::OBrace || at == Tk::CBrace {
        return !(st == Tk::OBrace && at == Tk::CBrace);
    }
    if matches!(st, Tk::TemplateInterp | Tk::TemplateControl) && at == Tk::OBrace {
        return true;
    }
    if st == Tk::CBrace && at == Tk::TemplateSeqEnd {
        return true;
    }
    if st == Tk::TemplateSeqEnd && matches!(at, Tk::TemplateInterp | Tk::TemplateControl) {
        return false;
    }
    if bracket_change(st) > 0 {
        return false;
    }
    if bracket_change(at) < 0 {
        return false;
    }
    true
}
