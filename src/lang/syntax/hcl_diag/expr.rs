//! Expressions: conditionals, binary operators by precedence, terms, traversals (attributes,
//! indexes, splats), function calls, and tuple, object and `for` constructors. Each returns
//! the source range of what it parsed.

use super::parser::Parser;
use crate::lang::syntax::hcl_scan::{Tk, Token};

type Range = (usize, usize);

/// The binary operators, loosest first: one precedence level each.
const LEVELS: &[&[Tk]] = &[
    &[Tk::Or],
    &[Tk::And],
    &[Tk::EqualOp, Tk::NotEqual],
    &[Tk::Gt, Tk::Ge, Tk::Lt, Tk::Le],
    &[Tk::Plus, Tk::Minus],
    &[Tk::Star, Tk::Slash, Tk::Percent],
];

impl Parser<'_> {
    /// Counts the errors added by `f`, to tell whether that part failed.
    fn failed<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> (T, bool) {
        let before = self.diags.len();
        let out = f(self);
        (out, self.diags.len() > before)
    }

    /// One expression.
    pub fn expression(&mut self) -> Range {
        if !self.enter() {
            let t = self.peek();
            return (t.s, t.e);
        }
        let r = self.conditional();
        self.leave();
        r
    }

    fn conditional(&mut self) -> Range {
        let start = self.peek().s;
        let (cond, bad) = self.failed(|p| p.binary(0));
        if self.recovery && bad {
            return cond;
        }
        if self.peek().t != Tk::Question {
            return cond;
        }
        self.read();
        let (_, bad) = self.failed(|p| p.expression());
        if self.recovery && bad {
            return cond;
        }
        let colon = self.peek();
        if colon.t != Tk::Colon {
            self.err(
                "Missing false expression in conditional",
                "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
                colon.s,
                colon.e,
            );
            return cond;
        }
        self.read();
        let (f, bad) = self.failed(|p| p.expression());
        if self.recovery && bad {
            return cond;
        }
        (start, f.1)
    }

    fn binary(&mut self, level: usize) -> Range {
        let Some(ops) = LEVELS.get(level) else {
            return self.with_traversals();
        };
        let (lhs, bad) = self.failed(|p| p.binary(level + 1));
        if self.recovery && bad {
            return lhs;
        }
        let mut end = lhs.1;
        while ops.contains(&self.peek().t) {
            self.read();
            let (rhs, bad) = self.failed(|p| p.binary(level + 1));
            if self.recovery && bad {
                return (lhs.0, end);
            }
            end = rhs.1;
        }
        (lhs.0, end)
    }

    /// A term and the traversal steps after it.
    pub fn with_traversals(&mut self) -> Range {
        let term = self.term();
        self.traversals(term)
    }

    fn legacy_index(&mut self, num: Token, at: Token, splat: bool) {
        let text = self.text(num);
        if let Some((first, second)) = text.split_once('.') {
            let detail = if splat {
                format!(
                    "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax with a full splat expression [*] instead, like [{first}][{second}]."
                )
            } else {
                format!(
                    "When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [{first}][{second}]."
                )
            };
            self.err("Invalid legacy index syntax", detail, at.s, at.e);
        } else {
            self.number_value(num);
        }
    }

    /// HCL's report of a dot followed by no name (it points at the token after the dot, and,
    /// after a splat's dot, at the splat's star).
    fn no_attribute_name(&mut self, at: Token) {
        self.err("Invalid attribute name", "An attribute name is required after a dot.", at.s, at.e);
    }

    fn traversals(&mut self, from: Range) -> Range {
        let mut end = from.1;
        loop {
            let next = self.peek();
            match next.t {
                Tk::Dot => {
                    let dot = self.read();
                    let attr = self.peek();
                    match attr.t {
                        Tk::Ident => {
                            self.read();
                            end = attr.e;
                        }
                        Tk::NumberLit => {
                            let num = self.read();
                            self.legacy_index(num, num, false);
                            end = num.e;
                        }
                        Tk::Star => {
                            // `.*`: the attribute-only splat, whose steps are names or numbers.
                            let star = self.read();
                            end = star.e;
                            while self.peek().t == Tk::Dot {
                                self.read();
                                let step = self.peek();
                                if step.t == Tk::NumberLit {
                                    let num = self.read();
                                    // HCL points these at the star, not at the number.
                                    self.legacy_index(num, attr, true);
                                    end = num.e;
                                    continue;
                                }
                                if step.t != Tk::Ident {
                                    if !self.recovery {
                                        if step.t == Tk::Star {
                                            self.err(
                                                "Nested splat expression not allowed",
                                                "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                                                step.s,
                                                step.e,
                                            );
                                        } else {
                                            self.no_attribute_name(attr);
                                        }
                                    }
                                    self.recovery = true;
                                    break;
                                }
                                let name = self.read();
                                end = name.e;
                            }
                        }
                        _ => {
                            self.no_attribute_name(attr);
                            self.recovery = true;
                            end = dot.e;
                        }
                    }
                }
                Tk::OBrack => {
                    self.read();
                    if self.peek().t == Tk::Star {
                        self.read();
                        let close = self.read();
                        let mut close_end = close.e;
                        if close.t != Tk::CBrack && !self.recovery {
                            // HCL's diagnostic points at its variable `close`, which the
                            // recovery then overwrites: it reports the token recovered to.
                            let found = self.recover(Tk::CBrack);
                            self.err(
                                "Missing close bracket on splat index",
                                "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                                found.s,
                                found.e,
                            );
                            close_end = found.e;
                        }
                        return self.traversals((from.0, close_end));
                    }
                    self.push_nl(false);
                    let (_, bad) = self.failed(|p| p.expression());
                    let close = if self.recovery && bad {
                        self.recover(Tk::CBrack)
                    } else {
                        let close = self.read();
                        if close.t != Tk::CBrack && !self.recovery {
                            // As for the splat above: the token recovered to is reported.
                            let found = self.recover(Tk::CBrack);
                            self.err(
                                "Missing close bracket on index",
                                "The index operator must end with a closing bracket (\"]\").",
                                found.s,
                                found.e,
                            );
                            found
                        } else {
                            close
                        }
                    };
                    self.pop_nl();
                    end = close.e;
                }
                _ => break,
            }
        }
        (from.0, end)
    }

    /// HCL takes a number literal as cty does: digits, one optional fraction, one optional
    /// exponent.
    fn number_value(&mut self, num: Token) {
        let text = self.text(num);
        let (mantissa, exp) = match text.find(['e', 'E']) {
            Some(i) => (&text[..i], Some(&text[i + 1..])),
            None => (text, None),
        };
        let mantissa_ok =
            mantissa.split('.').count() <= 2 && !mantissa.is_empty() && mantissa.bytes().all(|c| c.is_ascii_digit() || c == b'.');
        let exp_ok = exp.is_none_or(|e| {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit())
        });
        if !(mantissa_ok && exp_ok) {
            self.err(
                "Invalid number literal",
                "Failed to recognize the value of this number literal.",
                num.s,
                num.e,
            );
        }
    }

    fn term(&mut self) -> Range {
        let start = self.peek();
        match start.t {
            Tk::OParen => {
                self.read();
                self.push_nl(false);
                let (inner, bad) = self.failed(|p| p.expression());
                if bad {
                    self.recover(Tk::CParen);
                    self.pop_nl();
                    return (start.s, inner.1.max(start.e));
                }
                let close = self.peek();
                if close.t != Tk::CParen {
                    self.err(
                        "Unbalanced parentheses",
                        "Expected a closing parenthesis to terminate the expression.",
                        close.s,
                        close.e,
                    );
                    self.recovery = true;
                }
                let close = self.read();
                self.pop_nl();
                (start.s, close.e)
            }
            Tk::NumberLit => {
                let t = self.read();
                self.number_value(t);
                (t.s, t.e)
            }
            Tk::Ident => {
                let t = self.read();
                let next = self.peek().t;
                if next == Tk::OParen || next == Tk::DoubleColon {
                    return self.function_call(t);
                }
                (t.s, t.e)
            }
            Tk::OQuote | Tk::OHeredoc => {
                let open = self.read();
                let closer = Self::opposite(open.t);
                let flush = open.t == Tk::OHeredoc && self.text(open).starts_with("<<-");
                self.template_inner(closer, flush);
                (open.s, self.prev().1)
            }
            Tk::Minus | Tk::Bang => {
                let t = self.read();
                if !self.enter() {
                    return (t.s, t.e);
                }
                let operand = self.with_traversals();
                self.leave();
                (t.s, operand.1)
            }
            Tk::OBrack => self.tuple(),
            Tk::OBrace => self.object(),
            _ => {
                if !self.recovery {
                    if start.t == Tk::Eof && self.hcl.eof_messages {
                        self.err(
                            "Missing expression",
                            "Expected the start of an expression, but found the end of the file.",
                            start.s,
                            start.e,
                        );
                    } else {
                        self.err(
                            "Invalid expression",
                            "Expected the start of an expression, but found an invalid expression token.",
                            start.s,
                            start.e,
                        );
                    }
                }
                self.recovery = true;
                (start.s, start.e)
            }
        }
    }

    fn function_call(&mut self, name: Token) -> Range {
        let mut open = self.read();
        while open.t == Tk::DoubleColon {
            let next = self.read();
            if next.t != Tk::Ident {
                self.err(
                    "Missing function name",
                    "Function scope resolution symbol :: must be followed by a function name in this scope.",
                    next.s,
                    next.e,
                );
                self.recover_over(Tk::OParen);
                return (name.s, next.e);
            }
            open = self.read();
        }
        if open.t != Tk::OParen {
            self.err(
                "Missing open parenthesis",
                "Function selector must be followed by an open parenthesis to begin the function call.",
                open.s,
                open.e,
            );
            self.recover_over(Tk::OParen);
            return (name.s, open.e);
        }
        self.push_nl(false);
        let end;
        loop {
            if self.peek().t == Tk::CParen {
                end = self.read().e;
                break;
            }
            let (_, bad) = self.failed(|p| p.expression());
            if self.recovery && bad {
                let t = self.recover(Tk::CParen);
                end = t.e;
                break;
            }
            let sep = self.read();
            if sep.t == Tk::CParen {
                end = sep.e;
                break;
            }
            if sep.t == Tk::Ellipsis {
                if self.peek().t != Tk::CParen {
                    if !self.recovery {
                        self.err(
                            "Missing closing parenthesis",
                            "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                            sep.s,
                            sep.e,
                        );
                    }
                    end = self.recover(Tk::CParen).e;
                } else {
                    end = self.read().e;
                }
                break;
            }
            if sep.t != Tk::Comma {
                if sep.t == Tk::Eof && self.hcl.eof_messages {
                    self.err(
                        "Unterminated function call",
                        "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
                        name.s,
                        open.e,
                    );
                } else {
                    self.err(
                        "Missing argument separator",
                        "A comma is required to separate each function argument from the next.",
                        sep.s,
                        sep.e,
                    );
                }
                end = self.recover(Tk::CParen).e;
                break;
            }
            if self.peek().t == Tk::CParen {
                end = self.read().e;
                break;
            }
        }
        self.pop_nl();
        (name.s, end)
    }

    fn tuple(&mut self) -> Range {
        let open = self.read();
        self.push_nl(false);
        let r = self.tuple_items(open);
        self.pop_nl();
        r
    }

    fn tuple_items(&mut self, open: Token) -> Range {
        if self.is_keyword(self.peek(), "for") {
            return self.for_expr(open);
        }
        loop {
            if self.peek().t == Tk::CBrack {
                return (open.s, self.read().e);
            }
            let (_, bad) = self.failed(|p| p.expression());
            if self.recovery && bad {
                return (open.s, self.recover(Tk::CBrack).e);
            }
            let next = self.peek();
            if next.t == Tk::CBrack {
                return (open.s, self.read().e);
            }
            if next.t != Tk::Comma {
                if !self.recovery {
                    if next.t == Tk::Eof && self.hcl.eof_messages {
                        self.err(
                            "Unterminated tuple constructor expression",
                            "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                            open.s,
                            open.e,
                        );
                    } else {
                        self.err(
                            "Missing item separator",
                            "Expected a comma to mark the beginning of the next item.",
                            next.s,
                            next.e,
                        );
                    }
                }
                return (open.s, self.recover(Tk::CBrack).e);
            }
            self.read();
        }
    }

    fn object(&mut self) -> Range {
        let open = self.read();
        self.push_nl(false);
        let is_for = self.is_keyword(self.peek(), "for");
        self.pop_nl();
        if is_for {
            self.push_nl(false);
            let r = self.for_expr(open);
            self.pop_nl();
            return r;
        }
        self.push_nl(true);
        let r = self.object_items(open);
        self.pop_nl();
        r
    }

    fn unterminated_object(&mut self, open: Token) {
        self.err(
            "Unterminated object constructor expression",
            "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
            open.s,
            open.e,
        );
    }

    fn object_items(&mut self, open: Token) -> Range {
        loop {
            let next = self.peek();
            if next.t == Tk::Newline {
                self.read();
                continue;
            }
            if next.t == Tk::CBrace {
                return (open.s, self.read().e);
            }
            let (_, bad) = self.failed(|p| p.expression());
            if self.recovery && bad {
                return (open.s, self.recover(Tk::CBrace).e);
            }
            let next = self.peek();
            if next.t != Tk::Equal && next.t != Tk::Colon {
                if !self.recovery {
                    match next.t {
                        Tk::Newline | Tk::Comma => self.err(
                            "Missing attribute value",
                            "Expected an attribute value, introduced by an equals sign (\"=\").",
                            next.s,
                            next.e,
                        ),
                        Tk::Ident => self.err(
                            "Missing key/value separator",
                            "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.",
                            next.s,
                            next.e,
                        ),
                        Tk::Eof if self.hcl.eof_messages => self.unterminated_object(open),
                        _ => self.err(
                            "Missing key/value separator",
                            "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
                            next.s,
                            next.e,
                        ),
                    }
                }
                return (open.s, self.recover(Tk::CBrace).e);
            }
            self.read();
            let (_, bad) = self.failed(|p| p.expression());
            if self.recovery && bad {
                return (open.s, self.recover(Tk::CBrace).e);
            }
            let next = self.peek();
            if next.t == Tk::CBrace {
                return (open.s, self.read().e);
            }
            if next.t != Tk::Comma && next.t != Tk::Newline {
                if !self.recovery {
                    if next.t == Tk::Eof && self.hcl.eof_messages {
                        self.unterminated_object(open);
                    } else {
                        self.err(
                            "Missing attribute separator",
                            "Expected a newline or comma to mark the beginning of the next attribute.",
                            next.s,
                            next.e,
                        );
                    }
                }
                return (open.s, self.recover(Tk::CBrace).e);
            }
            self.read();
        }
    }

    fn bad_for(&mut self, detail: &str, close: Tk, open: Token) -> Range {
        if !self.recovery {
            let at = self.peek();
            self.err("Invalid 'for' expression", detail, at.s, at.e);
        }
        (open.s, self.recover(close).e)
    }

    /// `[for ...]` or `{for ...}`, its opening bracket read.
    fn for_expr(&mut self, open: Token) -> Range {
        self.push_nl(false);
        let r = self.for_body(open);
        self.pop_nl();
        r
    }

    fn for_body(&mut self, open: Token) -> Range {
        self.read(); // the `for`
        let object = open.t == Tk::OBrace;
        let close_t = if object { Tk::CBrace } else { Tk::CBrack };
        if self.peek().t != Tk::Ident {
            return self.bad_for("For expression requires variable name after 'for'.", close_t, open);
        }
        self.read();
        if self.peek().t == Tk::Comma {
            self.read();
            if self.peek().t != Tk::Ident {
                return self.bad_for("For expression requires value variable name after comma.", close_t, open);
            }
            self.read();
        }
        if !self.is_keyword(self.peek(), "in") {
            return self.bad_for(
                "For expression requires the 'in' keyword after its name declarations.",
                close_t,
                open,
            );
        }
        self.read();
        let (_, bad) = self.failed(|p| p.expression());
        if self.recovery && bad {
            return (open.s, self.recover(close_t).e);
        }
        if self.peek().t != Tk::Colon {
            return self.bad_for("For expression requires a colon after the collection expression.", close_t, open);
        }
        self.read();
        let (mut value, mut bad) = self.failed(|p| p.expression());
        let mut key = None;
        if self.peek().t == Tk::FatArrow {
            self.read();
            key = Some(value);
            let (v, vbad) = self.failed(|p| p.expression());
            value = v;
            bad |= vbad;
        }
        if self.recovery && bad {
            return (open.s, self.recover(close_t).e);
        }
        let ellipsis = if self.peek().t == Tk::Ellipsis { Some(self.read()) } else { None };
        if self.is_keyword(self.peek(), "if") {
            self.read();
            let (_, bad) = self.failed(|p| p.expression());
            if self.recovery && bad {
                return (open.s, self.recover(close_t).e);
            }
        }
        let close = if self.peek().t == close_t {
            self.read()
        } else {
            if !self.recovery {
                let at = self.peek();
                self.err(
                    "Invalid 'for' expression",
                    "Extra characters after the end of the 'for' expression.",
                    at.s,
                    at.e,
                );
            }
            self.recover(close_t)
        };
        if !object {
            if let Some(k) = key {
                self.err(
                    "Invalid 'for' expression",
                    "Key expression is not valid when building a tuple.",
                    k.0,
                    k.1,
                );
            }
            if let Some(e) = ellipsis {
                self.err(
                    "Invalid 'for' expression",
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    e.s,
                    e.e,
                );
            }
        } else if key.is_none() {
            self.err(
                "Invalid 'for' expression",
                "Key expression is required when building an object.",
                value.0,
                value.1,
            );
        }
        (open.s, close.e)
    }
}
