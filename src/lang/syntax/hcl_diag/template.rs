//! Templates (quoted strings, heredocs, template files): their literal parts and escapes,
//! `${ ... }` interpolations, `%{ ... }` directives, and then whether the directives balance.

use super::parser::Parser;
use crate::lang::syntax::hcl_scan::{Tk, Token};

/// One part of a template, as the directive-balancing pass sees it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Other,
    If(usize, usize),
    For(usize, usize),
    Else(usize, usize),
    EndIf(usize, usize),
    EndFor(usize, usize),
    End(usize, usize),
}

const EXTRA_AFTER_INTERP: &str = "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".";

impl Parser<'_> {
    /// The template up to `end`, its opener read.
    pub fn template_inner(&mut self, end: Tk, _flush: bool) {
        let parts = self.template_parts(end);
        let mut i = 0;
        self.template_root(&parts, &mut i);
    }

    fn template_parts(&mut self, end: Tk) -> Vec<Part> {
        let mut parts = Vec::new();
        let start = self.peek();
        let start = (start.s, start.e);
        let end_range;
        loop {
            let next = self.read();
            if next.t == end {
                end_range = (next.s, next.e);
                break;
            }
            match next.t {
                Tk::StringLit | Tk::QuotedLit => {
                    self.string_literal(next, next.t == Tk::QuotedLit);
                    parts.push(Part::Other);
                }
                Tk::TemplateInterp => {
                    self.push_nl(false);
                    self.expression();
                    let close = self.peek();
                    if close.t != Tk::TemplateSeqEnd {
                        if !self.recovery {
                            self.interp_not_closed(close, start, end);
                        }
                        self.recover(Tk::TemplateSeqEnd);
                    } else {
                        self.read();
                    }
                    self.pop_nl();
                    parts.push(Part::Other);
                }
                Tk::TemplateControl => {
                    self.push_nl(false);
                    if let Some(p) = self.directive(next, start) {
                        parts.push(p);
                    }
                    self.pop_nl();
                }
                _ => {
                    if !self.recovery {
                        self.err(
                            "Unterminated template string",
                            "No closing marker was found for the string.",
                            next.s,
                            next.e,
                        );
                    }
                    let last = self.recover(end);
                    end_range = (last.s, last.e);
                    break;
                }
            }
        }
        parts.push(Part::End(end_range.0, end_range.1));
        parts
    }

    fn interp_not_closed(&mut self, close: Token, start: (usize, usize), end: Tk) {
        let old = !self.hcl.eof_messages;
        match close.t {
            Tk::Eof if !old => self.err(
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
                start.0,
                start.1,
            ),
            Tk::Colon => self.err(
                "Extra characters after interpolation expression",
                "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".",
                close.s,
                close.e,
            ),
            Tk::CQuote | Tk::OQuote if end == Tk::CQuote && !old => self.err(
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
                start.0,
                start.1,
            ),
            _ => self.err("Extra characters after interpolation expression", EXTRA_AFTER_INTERP, close.s, close.e),
        }
    }

    /// A `%{ ... }` directive, its opener read. `None` when it was skipped as broken.
    fn directive(&mut self, open: Token, start: (usize, usize)) -> Option<Part> {
        let kw = self.peek();
        if kw.t != Tk::Ident {
            if !self.recovery {
                self.err(
                    "Invalid template directive",
                    "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
                    kw.s,
                    kw.e,
                );
            }
            self.recover(Tk::TemplateSeqEnd);
            return None;
        }
        self.read();
        let word = self.text(kw);
        let part = match word {
            "if" => {
                self.expression();
                Part::If(open.s, self.peek().e)
            }
            "else" => Part::Else(open.s, self.peek().e),
            "endif" => Part::EndIf(open.s, self.peek().e),
            "endfor" => Part::EndFor(open.s, self.peek().e),
            "for" => {
                if self.peek().t != Tk::Ident {
                    return self.bad_for_directive("For directive requires variable name after 'for'.");
                }
                self.read();
                if self.peek().t == Tk::Comma {
                    self.read();
                    if self.peek().t != Tk::Ident {
                        return self.bad_for_directive("For directive requires value variable name after comma.");
                    }
                    self.read();
                }
                if !self.is_keyword(self.peek(), "in") {
                    return self.bad_for_directive("For directive requires 'in' keyword after names.");
                }
                self.read();
                self.expression();
                Part::For(open.s, self.peek().e)
            }
            _ => {
                if !self.recovery {
                    let hint = ["if", "for", "else", "endif", "endfor"]
                        .iter()
                        .find(|k| crate::lang::syntax::suggest::distance(word, k) < 3)
                        .map(|k| format!(" Did you mean \"{k}\"?"))
                        .unwrap_or_default();
                    self.err(
                        "Invalid template control keyword",
                        format!("{} is not a valid template control keyword.{hint}", go_quote(word)),
                        kw.s,
                        kw.e,
                    );
                }
                self.recover(Tk::TemplateSeqEnd);
                return None;
            }
        };
        let close = self.peek();
        if close.t != Tk::TemplateSeqEnd {
            if !self.recovery {
                self.err(
                    &format!("Extra characters in {word} marker"),
                    "Expected a closing brace to end the sequence, but found extra characters.",
                    close.s,
                    close.e,
                );
            }
            let _ = start;
            self.recover(Tk::TemplateSeqEnd);
        } else {
            self.read();
        }
        Some(part)
    }

    fn bad_for_directive(&mut self, detail: &str) -> Option<Part> {
        if !self.recovery {
            let at = self.peek();
            self.err("Invalid 'for' directive", detail, at.s, at.e);
        }
        self.recover(Tk::TemplateSeqEnd);
        None
    }

    /// The balancing pass over a template's parts: every `if` needs its `endif`, every
    /// `for` its `endfor`.
    fn template_root(&mut self, parts: &[Part], i: &mut usize) {
        loop {
            if self.too_deep {
                return;
            }
            match parts.get(*i) {
                None | Some(Part::End(..)) => return,
                Some(_) => self.template_part(parts, i),
            }
        }
    }

    fn template_part(&mut self, parts: &[Part], i: &mut usize) {
        let Some(&part) = parts.get(*i) else { return };
        match part {
            Part::Other => *i += 1,
            Part::If(s, e) | Part::For(s, e) => {
                *i += 1;
                if !self.enter() {
                    return;
                }
                if matches!(part, Part::If(..)) {
                    self.template_if(parts, i, (s, e));
                } else {
                    self.template_for(parts, i, (s, e));
                }
                self.leave();
            }
            Part::End(s, e) => self.err(
                "Unexpected end of template",
                "The control directives within this template are unbalanced.",
                s,
                e,
            ),
            Part::Else(s, e) | Part::EndIf(s, e) | Part::EndFor(s, e) => {
                *i += 1;
                let name = end_name(part);
                self.err(
                    &format!("Unexpected {name} directive"),
                    "The control directives within this template are unbalanced.",
                    s,
                    e,
                );
            }
        }
    }

    fn template_if(&mut self, parts: &[Part], i: &mut usize, open: (usize, usize)) {
        self.directive_body(parts, i, open, true);
    }

    fn template_for(&mut self, parts: &[Part], i: &mut usize, open: (usize, usize)) {
        self.directive_body(parts, i, open, false);
    }

    /// The parts inside an `if` (`is_if`) or `for` directive opened at `open`, up to its end
    /// directive, with HCL's report of what closes it wrongly.
    fn directive_body(&mut self, parts: &[Part], i: &mut usize, open: (usize, usize), is_if: bool) {
        let (kind, end_kind) = if is_if { ("if", "endif") } else { ("for", "endfor") };
        let mut in_else = false;
        loop {
            if self.too_deep {
                return;
            }
            let Some(&part) = parts.get(*i) else { return };
            let at = || self.range_text(open.0, open.1);
            let (summary, detail, s, e) = match part {
                Part::End(s, e) => (
                    "Unexpected end of template",
                    format!(
                        "The {kind} directive at {} is missing its corresponding {end_kind} directive.",
                        at()
                    ),
                    s,
                    e,
                ),
                Part::Else(..) if is_if && !in_else => {
                    *i += 1;
                    in_else = true;
                    continue;
                }
                Part::Else(s, e) if is_if => {
                    *i += 1;
                    (
                        "Unexpected else directive",
                        format!("Already in the else clause for the if started at {}.", at()),
                        s,
                        e,
                    )
                }
                Part::Else(s, e) => {
                    *i += 1;
                    (
                        "Unexpected else directive",
                        "An else clause is not expected for a for directive.".to_string(),
                        s,
                        e,
                    )
                }
                Part::EndIf(..) if is_if => {
                    *i += 1;
                    return;
                }
                Part::EndFor(..) if !is_if => {
                    *i += 1;
                    return;
                }
                Part::EndFor(s, e) => {
                    *i += 1;
                    (
                        "Unexpected endfor directive",
                        format!("Expecting an endif directive for the if started at {}.", at()),
                        s,
                        e,
                    )
                }
                Part::EndIf(s, e) => {
                    *i += 1;
                    (
                        "Unexpected endif directive",
                        format!("Expecting an endfor directive corresponding to the for directive at {}.", at()),
                        s,
                        e,
                    )
                }
                _ => {
                    self.template_part(parts, i);
                    continue;
                }
            };
            self.err(summary, detail, s, e);
            return;
        }
    }

    /// The text of a literal token with its escapes resolved (quoted strings only), reporting
    /// the escapes HCL refuses.
    pub fn string_literal(&mut self, tok: Token, quoted: bool) -> String {
        let text = self.text(tok);
        let mut out = String::new();
        let mut rest = text;
        let mut at = tok.s;
        while let Some(c) = rest.chars().next() {
            if c != '\\' || !quoted {
                out.push(c);
                rest = &rest[c.len_utf8()..];
                at += c.len_utf8();
                continue;
            }
            let after = &rest[1..];
            let Some(sel) = after.chars().next() else {
                self.err(
                    "Invalid escape sequence",
                    "Backslash must be followed by an escape sequence selector character.",
                    at,
                    at + 1,
                );
                break;
            };
            let mut len = 1 + sel.len_utf8();
            match sel {
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                't' => out.push('\t'),
                '"' => out.push('"'),
                '\\' => out.push('\\'),
                'u' | 'U' => {
                    let want = if sel == 'u' { 4 } else { 8 };
                    let hex = after[1..].bytes().take(want).take_while(u8::is_ascii_hexdigit).count();
                    len = 2 + hex;
                    if hex != want {
                        let detail = if sel == 'u' {
                            "The \\u escape sequence must be followed by four hexadecimal digits."
                        } else {
                            "The \\U escape sequence must be followed by eight hexadecimal digits."
                        };
                        self.err("Invalid escape sequence", detail, at, at + len);
                    } else {
                        let n = u32::from_str_radix(&after[1..1 + hex], 16).unwrap_or(u32::MAX);
                        match char::from_u32(n) {
                            Some(ch) => out.push(ch),
                            None => self.err(
                                "Invalid escape sequence",
                                format!("Cannot encode character U+{n:04x} in UTF-8."),
                                at,
                                at + len,
                            ),
                        }
                    }
                }
                other => {
                    self.err(
                        "Invalid escape sequence",
                        format!(
                            "The symbol {} is not a valid escape sequence selector.",
                            go_quote(&other.to_string())
                        ),
                        at,
                        at + len,
                    );
                    out.push(other);
                }
            }
            rest = &rest[len.min(rest.len())..];
            at += len;
        }
        out
    }
}

fn end_name(p: Part) -> &'static str {
    match p {
        Part::Else(..) => "else",
        Part::EndIf(..) => "endif",
        _ => "endfor",
    }
}

/// A string quoted as Go's `%q` (strconv.Quote) does, by the tables of the release being
/// evaluated (the newest outside an evaluation).
fn go_quote(s: &str) -> String {
    crate::lang::value::render::go_quote(s)
}
