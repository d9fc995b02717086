//! HCL text for a value, as hclwrite's `TokensForValue` writes it and its `format` pass lays it
//! out (the layout `terraform fmt` gives): two-space indents per line that opens brackets,
//! `=` signs aligned across consecutive single-line attributes, one space after commas.
//! Used by `encode_expr` and `encode_tfvars`.

use crate::lang::value::Value;
use crate::lang::value::unicode::{Ucd, grapheme};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum K {
    OBrace,
    CBrace,
    OBrack,
    CBrack,
    Comma,
    Equal,
    Newline,
    Ident,
    Number,
    OQuote,
    QuotedLit,
    CQuote,
}

#[derive(Clone, Debug)]
struct Tok {
    k: K,
    text: String,
    spaces: usize,
}

fn tok(k: K, text: impl Into<String>) -> Tok {
    Tok {
        k,
        text: text.into(),
        spaces: 0,
    }
}

/// Whether `s` is an HCL identifier (hclsyntax.ValidIdentifier): a letter or `_`, then
/// letters, digits, `_` or `-`.
pub fn valid_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    match cs.next() {
        Some(c) if c == '_' || c.is_alphabetic() => {}
        _ => return false,
    }
    cs.all(|c| c == '_' || c == '-' || c.is_alphanumeric())
}

/// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space
/// (approximated: controls, non-ASCII spaces, format characters and private use are not).
fn is_print(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    let u = c as u32;
    let format = matches!(u,
        0xAD | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x890..=0x891 | 0x8E2 | 0x180E
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F | 0xFEFF
        | 0xFFF9..=0xFFFB | 0x110BD | 0x110CD | 0x13430..=0x1343F | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F);
    let private = matches!(u, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD);
    let nonchar = (0xFDD0..=0xFDEF).contains(&u) || (u & 0xFFFE) == 0xFFFE;
    !(format || private || nonchar)
}

/// hclwrite's escapeQuotedStringLit.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '$' | '%' => {
                out.push(c);
                if it.peek() == Some(&'{') {
                    out.push(c);
                }
            }
            c if !is_print(c) => {
                let u = c as u32;
                if u < 0x10000 {
                    out.push_str(&format!("\\u{u:04x}"));
                } else {
                    out.push_str(&format!("\\U{u:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

fn push_string(s: &str, out: &mut Vec<Tok>) {
    out.push(tok(K::OQuote, "\""));
    if !s.is_empty() {
        out.push(tok(K::QuotedLit, escape(s)));
    }
    out.push(tok(K::CQuote, "\""));
}

/// hclwrite's appendTokensForValue (the value must be known and unmarked).
fn push_value(v: &Value, out: &mut Vec<Tok>) {
    match v {
        Value::Null(_) | Value::Unknown(_, _) => out.push(tok(K::Ident, "null")),
        Value::Bool(b) => out.push(tok(K::Ident, if *b { "true" } else { "false" })),
        Value::Number(n) => out.push(tok(K::Number, n.to_text())),
        Value::String(s) => push_string(s, out),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
            out.push(tok(K::OBrack, "["));
            for (i, e) in vs.iter().enumerate() {
                if i > 0 {
                    out.push(tok(K::Comma, ","));
                }
                push_value(e, out);
            }
            out.push(tok(K::CBrack, "]"));
        }
        Value::Map(_, m) | Value::Object(m) => {
            out.push(tok(K::OBrace, "{"));
            if !m.is_empty() {
                out.push(tok(K::Newline, "\n"));
            }
            for (k, e) in m {
                push_key(k, out);
                out.push(tok(K::Equal, "="));
                push_value(e, out);
                out.push(tok(K::Newline, "\n"));
            }
            out.push(tok(K::CBrace, "}"));
        }
        Value::Marked(inner, _) => push_value(inner, out),
    }
}

fn push_key(k: &str, out: &mut Vec<Tok>) {
    if valid_identifier(k) {
        out.push(tok(K::Ident, k));
    } else {
        push_string(k, out);
    }
}

fn bracket(k: K) -> i64 {
    match k {
        K::OBrace | K::OBrack => 1,
        K::CBrace | K::CBrack => -1,
        _ => 0,
    }
}

/// hclwrite's spaceAfterToken, for the tokens values produce.
fn space_after(subject: K, after: Option<K>) -> bool {
    let Some(after) = after else { return false };
    match (subject, after) {
        (_, K::Newline) => false,
        (_, K::Comma) => false,
        (K::Comma, _) => true,
        (K::QuotedLit | K::OQuote, _) | (_, K::QuotedLit | K::CQuote) => false,
        (K::Ident | K::Number | K::CBrace | K::CBrack, K::OBrack) => false,
        (K::OBrace, K::CBrace) => false,
        (K::OBrace, _) | (_, K::CBrace) => true,
        (s, _) if bracket(s) > 0 => false,
        (_, a) if bracket(a) < 0 => false,
        _ => true,
    }
}

/// One line: token index ranges of its lead cell and (if an attribute) its assign cell.
struct Line {
    lead: std::ops::Range<usize>,
    assign: Option<std::ops::Range<usize>>,
}

fn columns(toks: &[Tok]) -> usize {
    // hclwrite counts go-textseg v15's clusters (every release with provider functions has v15).
    toks.iter().map(|t| t.spaces + grapheme::clusters(&t.text, Ucd::V15).len()).sum()
}

/// hclwrite's format: indentation, spaces and `=` alignment.
fn format(toks: &mut [Tok]) {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, t) in toks.iter().enumerate() {
        if t.k == K::Newline {
            lines.push(start..i + 1);
            start = i + 1;
        }
    }
    if start < toks.len() {
        lines.push(start..toks.len());
    }
    let mut lines: Vec<Line> = lines
        .into_iter()
        .map(|r| {
            let eq = toks[r.clone()]
                .iter()
                .enumerate()
                .skip(1)
                .find(|(_, t)| t.k == K::Equal)
                .map(|(i, _)| r.start + i);
            match eq {
                Some(e) if toks[e..r.end].iter().map(|t| bracket(t.k)).sum::<i64>() == 0 => Line {
                    lead: r.start..e,
                    assign: Some(e..r.end),
                },
                _ => Line { lead: r, assign: None },
            }
        })
        .collect();
    // Indentation.
    let mut indents: Vec<i64> = Vec::new();
    for l in &lines {
        if l.lead.is_empty() {
            continue;
        }
        if toks[l.lead.start].k == K::Newline {
            toks[l.lead.start].spaces = 0;
            continue;
        }
        let all = l.lead.start..l.assign.as_ref().map(|a| a.end).unwrap_or(l.lead.end);
        let net: i64 = toks[all].iter().map(|t| bracket(t.k)).sum();
        if net > 0 {
            toks[l.lead.start].spaces = 2 * indents.len();
            indents.push(net);
        } else {
            let mut closed = -net;
            while closed > 0 {
                let Some(top) = indents.last_mut() else { break };
                if closed > *top {
                    closed -= *top;
                    indents.pop();
                } else if closed < *top {
                    *top -= closed;
                    closed = 0;
                } else {
                    indents.pop();
                    closed = 0;
                }
            }
            toks[l.lead.start].spaces = 2 * indents.len();
        }
    }
    // Spaces between tokens of a cell.
    for l in &lines {
        for cell in [Some(l.lead.clone()), l.assign.clone()].into_iter().flatten() {
            for i in cell.clone() {
                let after = if i + 1 < cell.end { Some(toks[i + 1].k) } else { None };
                let sp = space_after(toks[i].k, after);
                if i + 1 < cell.end {
                    toks[i + 1].spaces = usize::from(sp);
                }
            }
            if Some(&cell) == l.assign.as_ref()
                && let Some(t) = toks.get_mut(cell.start)
            {
                t.spaces = 1;
            }
        }
    }
    // Align the `=` of consecutive attribute lines.
    let mut i = 0;
    while i < lines.len() {
        if lines[i].assign.is_none() {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < lines.len() && lines[j].assign.is_some() {
            j += 1;
        }
        let max = lines[i..j].iter().map(|l| columns(&toks[l.lead.clone()])).max().unwrap_or(0);
        for l in &mut lines[i..j] {
            let c = columns(&toks[l.lead.clone()]);
            if let Some(a) = &l.assign {
                toks[a.start].spaces = max - c + 1;
            }
        }
        i = j;
    }
}

fn text(toks: &[Tok]) -> String {
    let mut out = String::new();
    for t in toks {
        out.extend(std::iter::repeat_n(' ', t.spaces));
        out.push_str(&t.text);
    }
    out
}

/// `encode_expr`'s text for a known value: hclwrite.TokensForValue, formatted, trimmed.
pub fn expr_text(v: &Value) -> String {
    let mut toks = Vec::new();
    push_value(v, &mut toks);
    format(&mut toks);
    text(&toks).trim().to_string()
}

/// `encode_tfvars`' text: one `name = value` line per attribute, in the order given.
pub fn tfvars_text(attrs: &[(&str, &Value)]) -> String {
    let mut toks = Vec::new();
    for (k, v) in attrs {
        toks.push(tok(K::Ident, *k));
        toks.push(tok(K::Equal, "="));
        push_value(v, &mut toks);
        toks.push(tok(K::Newline, "\n"));
    }
    format(&mut toks);
    text(&toks)
}
