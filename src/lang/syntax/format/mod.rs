//! `terraform fmt`'s rewriting of a configuration file: HCL's writer model (hclwrite) over a
//! lossless token stream, Terraform's own rewrites of it (fmt.go's formatBody: block labels
//! quoted, a lone interpolation `"${x}"` unwrapped, the pre-0.12 quoted type keywords of a
//! `variable` made types), and hclwrite's layout pass ([`layout`]).
//!
//! The source must parse (Terraform checks it with hclsyntax first, and leaves a file it
//! cannot parse alone): the structure read here is only what a valid file can hold.
//!
//! hclwrite keeps every token with the number of bytes of blank between it and the token
//! before ("spaces before"), so a tab counts as one space, and rewrites only those counts:
//! token text is never changed by the layout. Everything after the last line break that holds
//! no token (blanks at the end of the file) is kept as that many spaces.

mod layout;

use std::borrow::Cow;

use crate::lang::dialect::releases::TfVersion;
use crate::lang::syntax::hcl_diag::Hcl;
use crate::lang::syntax::hcl_scan::{self, Start, Tk};

/// A writer token: its class, its text, and the blanks before it.
#[derive(Clone, Debug)]
struct WTok<'a> {
    t: Tk,
    text: Cow<'a, str>,
    spaces: usize,
}

impl<'a> WTok<'a> {
    fn new(t: Tk, text: impl Into<Cow<'a, str>>) -> WTok<'a> {
        WTok {
            t,
            text: text.into(),
            spaces: 0,
        }
    }
}

/// `src` formatted as Terraform `version`'s `fmt` formats it. `src` must be a configuration
/// HCL parses without errors; anything the reader here does not recognise is returned as it
/// was (as Terraform returns a file its writer cannot read).
pub fn format_config(src: &str, version: TfVersion) -> String {
    format_config_with(src, version, true, true)
}

/// [`format_config`], with Terraform's rewrites of the 0.11 idioms (a quoted type keyword, a
/// template that is one interpolation, ...) left out when `rewrite_idioms` is false: the
/// layout alone, as a learner who thinks fmt changes only whitespace expects; and with the
/// `=` signs and trailing comments not aligned when `align` is false, as a learner who thinks
/// fmt only indents expects.
pub fn format_config_with(src: &str, version: TfVersion, rewrite_idioms: bool, align: bool) -> String {
    let hcl = Hcl::at(version);
    let scanned = hcl_scan::scan(src, Start::Normal, hcl.double_colon);
    let mut toks: Vec<WTok> = Vec::with_capacity(scanned.len());
    let mut last_end = 0;
    for t in &scanned {
        toks.push(WTok {
            t: t.t,
            text: Cow::Borrowed(src.get(t.s..t.e).unwrap_or_default()),
            spaces: t.s.saturating_sub(last_end),
        });
        last_end = t.e;
    }
    let mut reader = Reader {
        toks: &toks,
        at: 0,
        edits: Vec::new(),
        version,
    };
    if reader.body(&mut Vec::new(), false).is_none() {
        return src.to_string();
    }
    let mut edits = std::mem::take(&mut reader.edits);
    if !rewrite_idioms {
        edits.clear();
    }
    edits.sort_by_key(|e| e.0);
    let mut out: Vec<WTok> = Vec::with_capacity(toks.len());
    let mut i = 0;
    for (s, e, replacement) in edits {
        if s < i {
            // Overlapping rewrites cannot happen for a file that parses; keep the text.
            return src.to_string();
        }
        out.extend(toks[i..s].iter().cloned());
        out.extend(replacement);
        i = e;
    }
    out.extend(toks[i..].iter().cloned());
    layout::format(&mut out, version, align);
    let mut text = String::with_capacity(src.len() + src.len() / 8);
    for t in &out {
        for _ in 0..t.spaces {
            text.push(' ');
        }
        text.push_str(&t.text);
    }
    text
}

/// Reads the bodies of a token stream, recording the rewrites Terraform's fmt makes.
struct Reader<'t, 'a> {
    toks: &'t [WTok<'a>],
    at: usize,
    /// (first token, one past the last, what replaces them).
    edits: Vec<(usize, usize, Vec<WTok<'a>>)>,
    version: TfVersion,
}

/// How a token changes the bracket nesting (hclwrite's tokenBracketChange).
fn bracket_change(t: Tk) -> i64 {
    match t {
        Tk::OBrace | Tk::OBrack | Tk::OParen | Tk::TemplateControl | Tk::TemplateInterp => 1,
        Tk::CBrace | Tk::CBrack | Tk::CParen | Tk::TemplateSeqEnd => -1,
        _ => 0,
    }
}

/// A `#` or `//` comment, which ends its line (its token holds the line break).
fn ends_line(t: &WTok) -> bool {
    t.t == Tk::Newline || (t.t == Tk::Comment && t.text.ends_with('\n'))
}

impl<'a> Reader<'_, 'a> {
    fn kind(&self, i: usize) -> Tk {
        self.toks.get(i).map_or(Tk::Eof, |t| t.t)
    }

    fn skip_comments(&mut self) {
        while self.kind(self.at) == Tk::Comment && !ends_line(&self.toks[self.at]) {
            self.at += 1;
        }
    }

    /// A body's items up to its closing brace (`nested`) or the end of the file; `blocks`
    /// are the types of the blocks it is inside.
    fn body(&mut self, blocks: &mut Vec<String>, nested: bool) -> Option<()> {
        loop {
            match self.kind(self.at) {
                Tk::Newline | Tk::Comment => self.at += 1,
                Tk::Eof => return (!nested).then_some(()),
                Tk::CBrace if nested => return Some(()),
                Tk::Ident => self.item(blocks)?,
                _ => return None,
            }
        }
    }

    fn item(&mut self, blocks: &mut Vec<String>) -> Option<()> {
        let name_at = self.at;
        self.at += 1;
        self.skip_comments();
        if self.kind(self.at) == Tk::Equal {
            self.at += 1;
            self.skip_comments();
            let start = self.at;
            let mut depth = 0i64;
            let mut last = None;
            loop {
                let t = self.toks.get(self.at)?;
                if depth == 0 && (ends_line(t) || matches!(t.t, Tk::Eof | Tk::CBrace)) {
                    break;
                }
                depth += bracket_change(t.t);
                if t.t != Tk::Comment {
                    last = Some(self.at);
                }
                self.at += 1;
            }
            let end = last? + 1;
            let name = &self.toks[name_at].text;
            let expr = &self.toks[start..end];
            let rewritten = if blocks.len() == 1 && blocks[0] == "variable" && name == "type" {
                type_expr(expr)
            } else {
                value_expr(expr)
            };
            if let Some(r) = rewritten {
                self.edits.push((start, end, r));
            }
            return Some(());
        }
        // A block: its labels, then its body in braces.
        let mut labels: Vec<(usize, usize)> = Vec::new();
        loop {
            self.skip_comments();
            match self.kind(self.at) {
                Tk::Ident => {
                    labels.push((self.at, self.at + 1));
                    self.at += 1;
                }
                Tk::OQuote => {
                    let s = self.at;
                    while self.kind(self.at) != Tk::CQuote {
                        if self.kind(self.at) == Tk::Eof {
                            return None;
                        }
                        self.at += 1;
                    }
                    self.at += 1;
                    labels.push((s, self.at));
                }
                Tk::OBrace => break,
                _ => return None,
            }
        }
        if let (Some(_), Some(&(_, last_end))) = (labels.first(), labels.last()) {
            // hclwrite drops what stands between the type and the first label, and SetLabels
            // rewrites the labels (and what stood between them) in the quoted form.
            let mut fresh = Vec::new();
            for &(s, e) in &labels {
                if let Some(value) = label_value(&self.toks[s..e]) {
                    fresh.push(WTok::new(Tk::OQuote, "\""));
                    let escaped = escape_label(&value, self.version);
                    if !escaped.is_empty() {
                        fresh.push(WTok::new(Tk::QuotedLit, escaped));
                    }
                    fresh.push(WTok::new(Tk::CQuote, "\""));
                }
            }
            self.edits.push((name_at + 1, last_end, fresh));
        }
        self.at += 1; // the opening brace
        blocks.push(self.toks[name_at].text.to_string());
        let inner = self.body(blocks, true);
        blocks.pop();
        inner?;
        self.at += 1; // the closing brace
        Some(())
    }
}

/// A label's value as hclwrite's Labels reads it: a name, or a quoted string made of one
/// literal (escapes decoded) or none; `None` for anything else (the label is then lost).
fn label_value(toks: &[WTok]) -> Option<String> {
    match toks {
        [t] if t.t == Tk::Ident => Some(t.text.to_string()),
        [o, c] if o.t == Tk::OQuote && c.t == Tk::CQuote => Some(String::new()),
        [o, lit, c] if o.t == Tk::OQuote && lit.t == Tk::QuotedLit && c.t == Tk::CQuote => decode_literal(&lit.text),
        _ => None,
    }
}

/// A quoted literal's text decoded (hclsyntax's ParseStringLiteralToken); `None` when an
/// escape is invalid.
fn decode_literal(text: &str) -> Option<String> {
    if text == "$${" || text == "%%{" {
        return Some(text[1..].to_string());
    }
    let mut out = String::with_capacity(text.len());
    let mut it = text.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next()? {
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            '"' => out.push('"'),
            '\\' => out.push('\\'),
            u @ ('u' | 'U') => {
                let n = if u == 'u' { 4 } else { 8 };
                let hex: String = it.by_ref().take(n).collect();
                if hex.len() != n {
                    return None;
                }
                out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
            }
            _ => return None,
        }
    }
    Some(out)
}

/// A label written back as hclwrite writes a string (TokensForValue of cty.StringVal: NFC,
/// then escapeQuotedStringLit).
fn escape_label(s: &str, version: TfVersion) -> String {
    use unicode_normalization::UnicodeNormalization;
    let s: String = s.nfc().collect();
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
            c if !crate::lang::value::unicode::go_at(version, |ucd| crate::lang::value::unicode::is_print(c, ucd)) => {
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

/// fmt.go's formatTypeExpr: `list`, `map` and `set` alone become `list(any)` ...; the quoted
/// keywords of Terraform 0.11 become types (`"string"` → `string`, `"list"` → `list(string)`,
/// `"map"` → `map(string)`). `None`: unchanged.
fn type_expr<'a>(toks: &[WTok<'a>]) -> Option<Vec<WTok<'a>>> {
    let call = |kw: WTok<'a>, arg: &'a str| {
        vec![
            kw,
            WTok::new(Tk::OParen, "("),
            WTok::new(Tk::Ident, arg),
            WTok::new(Tk::CParen, ")"),
        ]
    };
    match toks {
        [kw] if kw.t == Tk::Ident && matches!(&*kw.text, "list" | "map" | "set") => Some(call(kw.clone(), "any")),
        [o, lit, c] if o.t == Tk::OQuote && lit.t == Tk::QuotedLit && c.t == Tk::CQuote => match &*lit.text {
            "string" => Some(vec![WTok::new(Tk::Ident, "string")]),
            "list" => Some(call(WTok::new(Tk::Ident, "list"), "string")),
            "map" => Some(call(WTok::new(Tk::Ident, "map"), "string")),
            _ => None,
        },
        _ => None,
    }
}

/// fmt.go's formatValueExpr: a quoted string that is one interpolation and nothing else
/// (`"${var.x}"`) becomes the expression inside, its leading and trailing line breaks
/// dropped, in parentheses when it still spans lines. `None`: unchanged.
fn value_expr<'a>(toks: &[WTok<'a>]) -> Option<Vec<WTok<'a>>> {
    let n = toks.len();
    if n < 5 {
        return None;
    }
    if toks[0].t != Tk::OQuote || toks[1].t != Tk::TemplateInterp || toks[n - 2].t != Tk::TemplateSeqEnd || toks[n - 1].t != Tk::CQuote {
        return None;
    }
    let inside = &toks[2..n - 2];
    let mut quotes = 0i64;
    for t in inside {
        match t.t {
            Tk::OQuote => quotes += 1,
            Tk::CQuote => quotes -= 1,
            _ if quotes > 0 => {}
            Tk::TemplateInterp | Tk::TemplateSeqEnd | Tk::QuotedLit => return None,
            _ => {}
        }
    }
    let first = inside.iter().position(|t| t.t != Tk::Newline).unwrap_or(inside.len());
    let last = inside.iter().rposition(|t| t.t != Tk::Newline).map_or(first, |i| i + 1);
    let trimmed = &inside[first..last.max(first)];
    let mut multi = false;
    let mut lead = false;
    let mut trail = false;
    for (i, t) in trimmed.iter().enumerate() {
        if i == 0 && t.t == Tk::OParen {
            lead = true;
        } else if t.t == Tk::Newline {
            multi = true;
        } else if i + 1 == trimmed.len() && t.t == Tk::CParen {
            trail = true;
        }
    }
    let mut out = Vec::with_capacity(trimmed.len() + 2);
    let wrap = multi && !(lead && trail);
    if wrap {
        out.push(WTok::new(Tk::OParen, "("));
    }
    out.extend(trimmed.iter().cloned());
    if wrap {
        out.push(WTok::new(Tk::CParen, ")"));
    }
    Some(out)
}

#[cfg(test)]
mod tests;
