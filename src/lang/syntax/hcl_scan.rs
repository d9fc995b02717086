//! HCL's token scanner, as hclsyntax's scan_tokens.rl defines it, for the diagnosing parser
//! ([`crate::lang::syntax::hcl_diag`]): the token classes, the modes (expression, quoted template, heredoc,
//! bare template), brace counting for `${ ... }`, and the lexical diagnostics HCL reports
//! before parsing ("Invalid character", "Unsupported operator", ...).

use crate::lang::syntax::diag::Diag;

/// One token class. Self-representing punctuation has its own class, as in HCL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tk {
    OBrace,
    CBrace,
    OBrack,
    CBrack,
    OParen,
    CParen,
    OQuote,
    CQuote,
    OHeredoc,
    CHeredoc,
    Star,
    Slash,
    Plus,
    Minus,
    Percent,
    Equal,
    EqualOp,
    NotEqual,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Bang,
    Dot,
    Comma,
    DoubleColon,
    Ellipsis,
    FatArrow,
    Question,
    Colon,
    TemplateInterp,
    TemplateControl,
    TemplateSeqEnd,
    QuotedLit,
    StringLit,
    NumberLit,
    Ident,
    Comment,
    Newline,
    Eof,
    BitAnd,
    BitOr,
    BitNot,
    BitXor,
    Apostrophe,
    Backtick,
    Semicolon,
    Invalid,
    QuotedNewline,
    /// No token (the opposite of a non-bracket).
    Nil,
}

/// A token: its class and byte range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The class.
    pub t: Tk,
    /// First byte.
    pub s: usize,
    /// One past the last byte.
    pub e: usize,
}

/// Where the scanner starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// An expression or a configuration body.
    Normal,
    /// A template file's text.
    Template,
}

#[derive(Clone, Debug)]
enum Mode {
    Main,
    Quoted,
    Heredoc { marker: String, line_start: bool },
    Bare,
}

/// Scans `src`; `double_colon` is whether `::` is one token (HCL 2.20 and later). The last
/// token is always [`Tk::Eof`].
pub fn scan(src: &str, start: Start, double_colon: bool) -> Vec<Token> {
    let mut sc = Scanner {
        src,
        b: src.as_bytes(),
        out: Vec::new(),
        braces: 0,
        ret_braces: Vec::new(),
        double_colon,
    };
    let mut modes = vec![if start == Start::Template { Mode::Bare } else { Mode::Main }];
    // A byte order mark is skipped, as HCL does.
    let mut p = if src.starts_with('\u{feff}') { 3 } else { 0 };
    while p < src.len() {
        let Some(mode) = modes.last().cloned() else { break };
        let next = match mode {
            Mode::Main => sc.main(p, &mut modes),
            Mode::Quoted => sc.quoted(p, &mut modes),
            Mode::Heredoc { marker, line_start } => sc.heredoc(p, &marker, line_start, &mut modes),
            Mode::Bare => sc.bare(p, &mut modes),
        };
        match next {
            Some(n) if n > p => p = n,
            _ => {
                // Nothing matches here: HCL's scanner stops, and the rest of the input is one
                // token (literal text at a bare template's top level, else invalid).
                let t = if modes.len() == 1 && start == Start::Template {
                    Tk::StringLit
                } else {
                    Tk::Invalid
                };
                sc.push(t, p, src.len());
                p = src.len();
            }
        }
    }
    sc.push(Tk::Eof, src.len(), src.len());
    sc.out
}

struct Scanner<'a> {
    src: &'a str,
    b: &'a [u8],
    out: Vec<Token>,
    braces: i64,
    ret_braces: Vec<i64>,
    double_colon: bool,
}

fn is_ident_start(c: char) -> bool {
    c == '_' || unicode_ident::is_xid_start(c)
}

fn is_ident_continue(c: char) -> bool {
    c == '-' || unicode_ident::is_xid_continue(c)
}

impl Scanner<'_> {
    fn push(&mut self, t: Tk, s: usize, e: usize) {
        self.out.push(Token { t, s, e });
    }

    fn ch(&self, p: usize) -> Option<char> {
        self.src.get(p..).and_then(|r| r.chars().next())
    }

    fn ident_end(&self, p: usize) -> Option<usize> {
        let c = self.ch(p)?;
        if !is_ident_start(c) {
            return None;
        }
        let mut q = p + c.len_utf8();
        while let Some(c) = self.ch(q) {
            if !is_ident_continue(c) {
                break;
            }
            q += c.len_utf8();
        }
        Some(q)
    }

    /// The end of a number literal starting at digit `p`: digits, dots and exponents, never
    /// ending in a dot.
    fn number_end(&self, p: usize) -> usize {
        let b = self.b;
        let mut q = p + 1;
        let mut last_good = q;
        loop {
            match b.get(q) {
                Some(c) if c.is_ascii_digit() => {
                    q += 1;
                    last_good = q;
                }
                Some(b'.') => q += 1,
                Some(b'e' | b'E') => {
                    let mut r = q + 1;
                    if matches!(b.get(r), Some(b'+' | b'-')) {
                        r += 1;
                    }
                    if b.get(r).is_some_and(|c| c.is_ascii_digit()) {
                        q = r + 1;
                        last_good = q;
                    } else {
                        break;
                    }
                }
                _ => break,
            }
        }
        last_good
    }

    fn open_sequence(&mut self, t: Tk, p: usize, modes: &mut Vec<Mode>) -> usize {
        let e = if self.b.get(p + 2) == Some(&b'~') { p + 3 } else { p + 2 };
        self.push(t, p, e);
        self.braces += 1;
        self.ret_braces.push(self.braces);
        if let Some(Mode::Heredoc { line_start, .. }) = modes.last_mut() {
            *line_start = false;
        }
        modes.push(Mode::Main);
        e
    }

    /// A closing brace of either kind: the end of a template sequence when it balances the
    /// `${`/`%{` that opened one.
    fn close_brace(&mut self, p: usize, e: usize, tilde: bool, modes: &mut Vec<Mode>) -> usize {
        if self.ret_braces.last() == Some(&self.braces) {
            self.push(Tk::TemplateSeqEnd, p, e);
            self.braces -= 1;
            self.ret_braces.pop();
            if modes.len() > 1 {
                modes.pop();
            }
        } else {
            self.push(if tilde { Tk::TemplateSeqEnd } else { Tk::CBrace }, p, e);
            self.braces -= 1;
        }
        e
    }

    fn main(&mut self, p: usize, modes: &mut Vec<Mode>) -> Option<usize> {
        let b = self.b;
        let c = self.ch(p)?;
        let at = |i: usize| b.get(p + i).copied();
        match c {
            ' ' | '\t' => {
                let mut q = p;
                while matches!(b.get(q), Some(b' ' | b'\t')) {
                    q += 1;
                }
                return Some(q);
            }
            '0'..='9' => {
                let e = self.number_end(p);
                self.push(Tk::NumberLit, p, e);
                return Some(e);
            }
            '#' => return Some(self.line_comment(p)),
            '/' if at(1) == Some(b'/') => return Some(self.line_comment(p)),
            '/' if at(1) == Some(b'*') => {
                // Without its `*/` a block comment is no token: `/` and `*` then scan alone.
                if let Some(end) = self.src[p + 2..].find("*/") {
                    let e = p + 2 + end + 2;
                    self.push(Tk::Comment, p, e);
                    return Some(e);
                }
            }
            '\n' => {
                self.push(Tk::Newline, p, p + 1);
                return Some(p + 1);
            }
            '\r' if at(1) == Some(b'\n') => {
                self.push(Tk::Newline, p, p + 2);
                return Some(p + 2);
            }
            '{' => {
                self.push(Tk::OBrace, p, p + 1);
                self.braces += 1;
                return Some(p + 1);
            }
            '}' => return Some(self.close_brace(p, p + 1, false, modes)),
            '~' if at(1) == Some(b'}') => return Some(self.close_brace(p, p + 2, true, modes)),
            '"' => {
                self.push(Tk::OQuote, p, p + 1);
                modes.push(Mode::Quoted);
                return Some(p + 1);
            }
            '<' if at(1) == Some(b'<') => {
                if let Some(e) = self.heredoc_intro(p, modes) {
                    return Some(e);
                }
            }
            _ => {}
        }
        if is_ident_start(c) {
            let e = self.ident_end(p).unwrap_or(p + c.len_utf8());
            self.push(Tk::Ident, p, e);
            return Some(e);
        }
        let two = (c, at(1).map(char::from));
        let pair = match two {
            ('=', Some('=')) => Some(Tk::EqualOp),
            ('!', Some('=')) => Some(Tk::NotEqual),
            ('>', Some('=')) => Some(Tk::Ge),
            ('<', Some('=')) => Some(Tk::Le),
            ('&', Some('&')) => Some(Tk::And),
            ('|', Some('|')) => Some(Tk::Or),
            (':', Some(':')) if self.double_colon => Some(Tk::DoubleColon),
            ('=', Some('>')) => Some(Tk::FatArrow),
            _ => None,
        };
        if c == '.' && at(1) == Some(b'.') && at(2) == Some(b'.') {
            self.push(Tk::Ellipsis, p, p + 3);
            return Some(p + 3);
        }
        if let Some(t) = pair {
            self.push(t, p, p + 2);
            return Some(p + 2);
        }
        let t = match c {
            '[' => Tk::OBrack,
            ']' => Tk::CBrack,
            '(' => Tk::OParen,
            ')' => Tk::CParen,
            '.' => Tk::Dot,
            ',' => Tk::Comma,
            '*' => Tk::Star,
            '/' => Tk::Slash,
            '%' => Tk::Percent,
            '+' => Tk::Plus,
            '-' => Tk::Minus,
            '=' => Tk::Equal,
            '<' => Tk::Lt,
            '>' => Tk::Gt,
            '!' => Tk::Bang,
            '?' => Tk::Question,
            ':' => Tk::Colon,
            '&' => Tk::BitAnd,
            '|' => Tk::BitOr,
            '~' => Tk::BitNot,
            '^' => Tk::BitXor,
            ';' => Tk::Semicolon,
            '`' => Tk::Backtick,
            '\'' => Tk::Apostrophe,
            _ => Tk::Invalid,
        };
        let e = p + c.len_utf8();
        self.push(t, p, e);
        Some(e)
    }

    /// A `#` or `//` comment, its line break included.
    fn line_comment(&mut self, p: usize) -> usize {
        let e = self.src[p..].find('\n').map(|i| p + i + 1).unwrap_or(self.src.len());
        self.push(Tk::Comment, p, e);
        e
    }

    /// `<<EOT` or `<<-EOT` right before a line break opens a heredoc.
    fn heredoc_intro(&mut self, p: usize, modes: &mut Vec<Mode>) -> Option<usize> {
        let mut q = p + 2;
        if self.b.get(q) == Some(&b'-') {
            q += 1;
        }
        let name_end = self.ident_end(q)?;
        let e = match (self.b.get(name_end), self.b.get(name_end + 1)) {
            (Some(b'\n'), _) => name_end + 1,
            (Some(b'\r'), Some(b'\n')) => name_end + 2,
            _ => return None,
        };
        self.push(Tk::OHeredoc, p, e);
        modes.push(Mode::Heredoc {
            marker: self.src[q..name_end].to_string(),
            line_start: true,
        });
        Some(e)
    }

    /// `$` or `%` not opening a sequence: one character, or three (four with `~`) for the
    /// `$${` escape. `None` at the end of the input, where HCL cannot decide.
    fn not_sequence(&self, p: usize) -> Option<usize> {
        let c = self.b[p];
        match (self.b.get(p + 1), self.b.get(p + 2)) {
            (None, _) => None,
            (Some(&n), Some(b'{')) if n == c => Some(if self.b.get(p + 3) == Some(&b'~') { p + 4 } else { p + 3 }),
            (Some(b'{'), _) => None,
            _ => Some(p + 1),
        }
    }

    fn quoted(&mut self, p: usize, modes: &mut Vec<Mode>) -> Option<usize> {
        let b = self.b;
        match b[p] {
            b'$' if b.get(p + 1) == Some(&b'{') => return Some(self.open_sequence(Tk::TemplateInterp, p, modes)),
            b'%' if b.get(p + 1) == Some(&b'{') => return Some(self.open_sequence(Tk::TemplateControl, p, modes)),
            b'"' => {
                self.push(Tk::CQuote, p, p + 1);
                modes.pop();
                return Some(p + 1);
            }
            b'$' | b'%' => {
                let e = self.not_sequence(p).unwrap_or(p + 1);
                let t = if e == p + 1 && b.get(p + 1).is_none() {
                    Tk::Invalid
                } else {
                    Tk::QuotedLit
                };
                self.push(t, p, e);
                return Some(e);
            }
            b'\r' | b'\n' => {
                let mut q = p;
                while matches!(b.get(q), Some(b'\r' | b'\n')) {
                    q += 1;
                }
                self.push(Tk::QuotedNewline, p, q);
                return Some(q);
            }
            _ => {}
        }
        // A run of plain characters and backslash escapes (a backslash needs a character
        // after it on the same line).
        let mut q = p;
        while let Some(c) = self.ch(q) {
            match c {
                '$' | '%' | '"' | '\r' | '\n' => break,
                '\\' => match self.ch(q + 1) {
                    Some(n) if n != '\r' && n != '\n' => q += 1 + n.len_utf8(),
                    _ => break,
                },
                _ => q += c.len_utf8(),
            }
        }
        if q > p {
            self.push(Tk::QuotedLit, p, q);
            return Some(q);
        }
        let c = self.ch(p)?;
        self.push(Tk::Invalid, p, p + c.len_utf8());
        Some(p + c.len_utf8())
    }

    /// The end of literal template text from `p`: one `$`/`%` that opens nothing, or a run
    /// of other characters up to a line break.
    fn literal_end(&self, p: usize) -> Option<usize> {
        let b = self.b;
        if matches!(b.get(p), Some(b'$' | b'%')) {
            return self.not_sequence(p);
        }
        let mut q = p;
        while let Some(&c) = b.get(q) {
            if matches!(c, b'$' | b'%' | b'\r' | b'\n') {
                break;
            }
            q += 1;
        }
        Some(q)
    }

    fn line_break(&self, q: usize) -> Option<usize> {
        match (self.b.get(q), self.b.get(q + 1)) {
            (Some(b'\n'), _) => Some(q + 1),
            (Some(b'\r'), Some(b'\n')) => Some(q + 2),
            _ => None,
        }
    }

    fn heredoc(&mut self, p: usize, marker: &str, line_start: bool, modes: &mut Vec<Mode>) -> Option<usize> {
        let b = self.b;
        if b.get(p + 1) == Some(&b'{') {
            match b[p] {
                b'$' => return Some(self.open_sequence(Tk::TemplateInterp, p, modes)),
                b'%' => return Some(self.open_sequence(Tk::TemplateControl, p, modes)),
                _ => {}
            }
        }
        let q = self.literal_end(p)?;
        let Some(e) = self.line_break(q) else {
            if q == p {
                return None;
            }
            self.push(Tk::StringLit, p, q);
            if let Some(Mode::Heredoc { line_start, .. }) = modes.last_mut() {
                *line_start = false;
            }
            return Some(q);
        };
        if line_start && self.src[p..q].trim() == marker {
            self.push(Tk::CHeredoc, p, q);
            self.push(Tk::Newline, q, e);
            modes.pop();
            return Some(e);
        }
        self.push(Tk::StringLit, p, e);
        if let Some(Mode::Heredoc { line_start, .. }) = modes.last_mut() {
            *line_start = true;
        }
        Some(e)
    }

    fn bare(&mut self, p: usize, modes: &mut Vec<Mode>) -> Option<usize> {
        let b = self.b;
        if b.get(p + 1) == Some(&b'{') {
            match b[p] {
                b'$' => return Some(self.open_sequence(Tk::TemplateInterp, p, modes)),
                b'%' => return Some(self.open_sequence(Tk::TemplateControl, p, modes)),
                _ => {}
            }
        }
        let q = self.literal_end(p)?;
        let e = self.line_break(q).unwrap_or(q);
        if e == p {
            return None;
        }
        self.push(Tk::StringLit, p, e);
        Some(e)
    }
}

/// The diagnostics HCL gives for tokens that never belong in its source, in token order
/// (hclsyntax's checkInvalidTokens, with its limits on repeats).
pub fn lexical_diags(src: &str, tokens: &[Token]) -> Vec<Diag> {
    let mut out = Vec::new();
    let (mut bitwise, mut backtick, mut apostrophe, mut semicolon) = (0, 0, 0, 0);
    for t in tokens {
        let at = t.s..t.e;
        let d = match t.t {
            Tk::BitAnd | Tk::BitOr | Tk::BitXor | Tk::BitNot => {
                bitwise += 1;
                if bitwise > 4 {
                    continue;
                }
                let hint = match t.t {
                    Tk::BitAnd => " Did you mean boolean AND (\"&&\")?",
                    Tk::BitOr => " Did you mean boolean OR (\"||\")?",
                    Tk::BitNot => " Did you mean boolean NOT (\"!\")?",
                    _ => "",
                };
                Diag::new("Unsupported operator", format!("Bitwise operators are not supported.{hint}"))
            }
            // Only every other quote is reported (the opening one of a pair), and only the
            // first two pairs.
            Tk::Backtick => {
                if !opening_quote(&mut backtick) {
                    continue;
                }
                Diag::new(
                    "Invalid character",
                    "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".",
                )
            }
            Tk::Apostrophe => {
                if !opening_quote(&mut apostrophe) {
                    continue;
                }
                Diag::new(
                    "Invalid character",
                    "Single quotes are not valid. Use double quotes (\") to enclose strings.",
                )
            }
            Tk::Semicolon => {
                semicolon += 1;
                if semicolon > 1 {
                    continue;
                }
                Diag::new(
                    "Invalid character",
                    "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.",
                )
            }
            Tk::QuotedNewline => Diag::new("Invalid multi-line string", crate::lang::syntax::parse_errors::MULTI_LINE_DETAIL),
            Tk::Invalid => match src.get(t.s..t.e) {
                Some("\u{201c}" | "\u{201d}") => Diag::new(
                    "Invalid character",
                    "\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".",
                ),
                _ => Diag::new("Invalid character", "This character is not used within the language."),
            },
            _ => continue,
        };
        out.push(d.at(&at));
    }
    out
}

/// Counts one more stray quote character (` or '), `seen` so far; true when it is one HCL
/// reports: the opening quote of a pair, of the first two pairs only.
fn opening_quote(seen: &mut u32) -> bool {
    let told = *seen;
    if *seen <= 2 {
        *seen += 1;
    }
    told.is_multiple_of(2)
}
