//! The parser's state: the token peeker (which hides comments, and newlines where they do not
//! matter), the recovery flag, and HCL's ways of skipping ahead after an error.

use super::{Hcl, MAX_DEPTH};
use crate::lang::syntax::diag::Diag;
use crate::lang::syntax::hcl_scan::{Tk, Token};

/// The parser over one token stream.
pub struct Parser<'a> {
    pub src: &'a str,
    toks: Vec<Token>,
    next: usize,
    newlines: Vec<bool>,
    /// Set once the parser has skipped ahead after an error: HCL then stays quiet about
    /// tokens that only look wrong because of where the skipping left it.
    pub recovery: bool,
    /// The errors found, in the order HCL finds them.
    pub diags: Vec<Diag>,
    pub hcl: Hcl,
    /// The file name used where a detail names a place ("at main.tf:1,3-8").
    pub file: &'a str,
    depth: usize,
    /// Set when nesting went past [`MAX_DEPTH`]; the result is then not used.
    pub too_deep: bool,
}

impl<'a> Parser<'a> {
    pub fn new(src: &'a str, toks: Vec<Token>, hcl: Hcl, file: &'a str) -> Parser<'a> {
        Parser {
            src,
            toks,
            next: 0,
            newlines: vec![true],
            recovery: false,
            diags: Vec::new(),
            hcl,
            file,
            depth: 0,
            too_deep: false,
        }
    }

    fn eof(&self) -> Token {
        self.toks.last().copied().unwrap_or(Token {
            t: Tk::Eof,
            s: self.src.len(),
            e: self.src.len(),
        })
    }

    /// The next significant token and the index after it. A comment that ends a line stands
    /// for that line break where line breaks count.
    fn next_token(&self) -> (Token, usize) {
        let with_newlines = self.newlines.last().copied().unwrap_or(true);
        for i in self.next..self.toks.len() {
            let t = self.toks[i];
            match t.t {
                Tk::Comment => {
                    if with_newlines && self.src.as_bytes().get(t.e.wrapping_sub(1)) == Some(&b'\n') && t.e > t.s {
                        return (Token { t: Tk::Newline, ..t }, i + 1);
                    }
                    continue;
                }
                Tk::Newline if !with_newlines => continue,
                _ => return (t, i + 1),
            }
        }
        (self.eof(), self.toks.len())
    }

    pub fn peek(&self) -> Token {
        self.next_token().0
    }

    pub fn read(&mut self) -> Token {
        let (t, n) = self.next_token();
        self.next = n;
        t
    }

    /// The range of the token read last (the next one's, before any).
    pub fn prev(&self) -> (usize, usize) {
        match self.next.checked_sub(1).and_then(|i| self.toks.get(i)) {
            Some(t) => (t.s, t.e),
            None => {
                let t = self.peek();
                (t.s, t.e)
            }
        }
    }

    pub fn push_nl(&mut self, include: bool) {
        self.newlines.push(include);
    }

    pub fn pop_nl(&mut self) {
        if self.newlines.len() > 1 {
            self.newlines.pop();
        }
    }

    pub fn err(&mut self, summary: &str, detail: impl Into<String>, s: usize, e: usize) {
        self.diags.push(Diag::new(summary, detail).at(&(s..e)));
    }

    /// Enters one level of nesting; false (and the parser gives up) past the limit.
    pub fn enter(&mut self) -> bool {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.too_deep = true;
            self.next = self.toks.len();
            return false;
        }
        true
    }

    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// "file:line,col-col" as HCL prints a range in a detail.
    pub fn range_text(&self, s: usize, e: usize) -> String {
        let (l1, c1) = self.position(s);
        let (l2, c2) = self.position(e);
        if l1 == l2 {
            format!("{}:{l1},{c1}-{c2}", self.file)
        } else {
            format!("{}:{l1},{c1}-{l2},{c2}", self.file)
        }
    }

    fn position(&self, at: usize) -> (usize, usize) {
        let mut at = at.min(self.src.len());
        while !self.src.is_char_boundary(at) {
            at -= 1;
        }
        let before = &self.src[..at];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
        (line, col)
    }

    /// The token that closes (or opens) a bracketing token, or `Nil`.
    pub fn opposite(t: Tk) -> Tk {
        match t {
            Tk::OBrace => Tk::CBrace,
            Tk::OBrack => Tk::CBrack,
            Tk::OParen => Tk::CParen,
            Tk::OQuote => Tk::CQuote,
            Tk::OHeredoc => Tk::CHeredoc,
            Tk::CBrace => Tk::OBrace,
            Tk::CBrack => Tk::OBrack,
            Tk::CParen => Tk::OParen,
            Tk::CQuote => Tk::OQuote,
            Tk::CHeredoc => Tk::OHeredoc,
            Tk::TemplateControl | Tk::TemplateInterp => Tk::TemplateSeqEnd,
            Tk::TemplateSeqEnd => Tk::TemplateInterp,
            _ => Tk::Nil,
        }
    }

    /// Skips to just after the `end` that closes the current construct (counting nested
    /// pairs of that bracket), or to the end of the input. Returns the token it stopped on.
    pub fn recover(&mut self, end: Tk) -> Token {
        let start = Self::opposite(end);
        self.recovery = true;
        let mut nest = 0usize;
        loop {
            let tok = self.read();
            let mut t = tok.t;
            if end == Tk::TemplateSeqEnd && t == Tk::TemplateControl {
                t = Tk::TemplateInterp;
            }
            if t == Tk::Eof {
                return tok;
            }
            if t == start && start != Tk::Nil {
                nest += 1;
            } else if t == end {
                if nest == 0 {
                    return tok;
                }
                nest -= 1;
            }
        }
    }

    /// Skips past the next construct opened by `start` (to after its closer).
    pub fn recover_over(&mut self, start: Tk) {
        let end = Self::opposite(start);
        loop {
            let t = self.read().t;
            if t == start || t == Tk::Eof {
                break;
            }
        }
        self.recover(end);
    }

    /// Skips to the start of the next body item: past the next line break outside brackets.
    pub fn recover_after_body_item(&mut self) {
        self.recovery = true;
        let mut open: Vec<Tk> = Vec::new();
        loop {
            let t = self.read().t;
            match t {
                Tk::Newline if open.is_empty() => break,
                Tk::Eof => break,
                Tk::OBrace | Tk::OBrack | Tk::OParen | Tk::OQuote | Tk::OHeredoc | Tk::TemplateInterp | Tk::TemplateControl => open.push(t),
                Tk::CBrace | Tk::CBrack | Tk::CParen | Tk::CQuote | Tk::CHeredoc => {
                    let opener = Self::opposite(t);
                    while open.last().is_some_and(|o| *o != opener) {
                        open.pop();
                    }
                    open.pop();
                }
                Tk::TemplateSeqEnd => {
                    while open.last().is_some_and(|o| *o != Tk::TemplateInterp && *o != Tk::TemplateControl) {
                        open.pop();
                    }
                    open.pop();
                }
                _ => {}
            }
        }
    }

    pub fn text(&self, t: Token) -> &'a str {
        self.src.get(t.s..t.e).unwrap_or("")
    }

    pub fn is_keyword(&self, t: Token, kw: &str) -> bool {
        t.t == Tk::Ident && self.text(t) == kw
    }
}
