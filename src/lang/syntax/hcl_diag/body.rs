//! Configuration bodies: arguments, blocks with their labels, single-line blocks, and how HCL
//! resumes at the next line after a broken item.

use super::parser::Parser;
use super::{Item, Outline};
use crate::lang::syntax::hcl_scan::{Tk, Token};

const NEED_ITEM: &str = "An argument or block definition is required here.";
const NEED_ITEM_EQUALS: &str =
    "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.";
const UNCLOSED_BLOCK: &str = "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.";

impl Parser<'_> {
    /// A body up to `end` (the end of the input, or a block's closing brace).
    pub fn body(&mut self, end: Tk) -> Outline {
        let mut out = Outline::default();
        // Where each argument was first set: a map, not a search of the items so far, which
        // made a body of many arguments quadratic (40,000 locals took 1.5 s).
        let mut first_set: std::collections::HashMap<String, (usize, usize)> = std::collections::HashMap::new();
        let start = self.prev();
        loop {
            let next = self.peek();
            if next.t == end {
                self.read();
                break;
            }
            match next.t {
                Tk::Newline => {
                    self.read();
                }
                Tk::Ident => {
                    let item = self.body_item();
                    match item {
                        Some(Item::Attr { name, span, value, clean }) => match first_set.get(&name).copied() {
                            Some(first) => {
                                let was = self.range_text(first.0, first.0 + name.len());
                                self.err(
                                    "Attribute redefined",
                                    format!("The argument {name:?} was already set at {was}. Each argument may be set only once."),
                                    span.0,
                                    span.0 + name.len(),
                                );
                            }
                            None => {
                                first_set.insert(name.clone(), span);
                                out.items.push(Item::Attr { name, span, value, clean });
                            }
                        },
                        Some(block) => out.items.push(block),
                        None => {}
                    }
                }
                _ => {
                    let bad = self.read();
                    if !self.recovery {
                        match bad.t {
                            Tk::OQuote => self.err("Invalid argument name", "Argument names must not be quoted.", bad.s, bad.e),
                            Tk::Eof if self.hcl.eof_messages => {
                                if end == Tk::CBrace {
                                    self.err("Unclosed configuration block", UNCLOSED_BLOCK, start.0, start.1);
                                } else {
                                    self.err(
                                        "Unclosed configuration body",
                                        "Found end of file before the end of this configuration body.",
                                        start.0,
                                        start.1,
                                    );
                                }
                            }
                            _ => self.err("Argument or block definition required", NEED_ITEM, bad.s, bad.e),
                        }
                    }
                    self.recover(end);
                    break;
                }
            }
        }
        out
    }

    fn body_item(&mut self) -> Option<Item> {
        let ident = self.read();
        if ident.t != Tk::Ident {
            self.recover_after_body_item();
            self.err("Argument or block definition required", NEED_ITEM, ident.s, ident.e);
            return None;
        }
        match self.peek().t {
            Tk::Equal => Some(self.finish_attribute(ident, false)),
            Tk::OQuote | Tk::OBrace | Tk::Ident => Some(self.finish_block(ident)),
            _ => {
                self.recover_after_body_item();
                self.err("Argument or block definition required", NEED_ITEM_EQUALS, ident.s, ident.e);
                None
            }
        }
    }

    fn finish_attribute(&mut self, ident: Token, single_line: bool) -> Item {
        self.read(); // the equals sign
        let before = self.diags.len();
        let value = self.expression();
        let failed = self.diags.len() > before;
        let mut end = self.prev().1;
        if self.recovery && failed {
            self.recover_after_body_item();
        } else if !single_line {
            let after = self.peek();
            if after.t != Tk::Newline && after.t != Tk::Eof {
                if !self.recovery {
                    if after.t == Tk::Comma {
                        self.err(
                            "Unexpected comma after argument",
                            "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                            after.s,
                            after.e,
                        );
                    } else {
                        self.err(
                            "Missing newline after argument",
                            "An argument definition must end with a newline.",
                            after.s,
                            after.e,
                        );
                    }
                }
                end = self.prev().1;
                self.recover_after_body_item();
            } else {
                self.read();
            }
        }
        Item::Attr {
            name: self.text(ident).to_string(),
            span: (ident.s, end.max(ident.e)),
            value: (value.0, value.1),
            clean: !failed,
        }
    }

    fn finish_block(&mut self, ident: Token) -> Item {
        let kind = self.text(ident).to_string();
        let mut labels = Vec::new();
        let obrace = loop {
            let tok = self.peek();
            match tok.t {
                Tk::OBrace => break self.read(),
                Tk::OQuote => labels.push(self.quoted_string_literal()),
                Tk::Ident => {
                    let t = self.read();
                    labels.push(self.text(t).to_string());
                }
                _ => {
                    match tok.t {
                        Tk::Equal => self.err(
                            "Invalid block definition",
                            "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
                            tok.s,
                            tok.e,
                        ),
                        Tk::Newline => self.err(
                            "Invalid block definition",
                            "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
                            tok.s,
                            tok.e,
                        ),
                        _ if !self.recovery => self.err(
                            "Invalid block definition",
                            "Either a quoted string block label or an opening brace (\"{\") is expected here.",
                            tok.s,
                            tok.e,
                        ),
                        _ => {}
                    }
                    self.recover_after_body_item();
                    return Item::Block {
                        kind,
                        labels,
                        span: (ident.s, ident.e),
                        body: Outline::default(),
                    };
                }
            }
        };
        let mut body = Outline::default();
        if !self.enter() {
            return Item::Block {
                kind,
                labels,
                span: (ident.s, obrace.e),
                body,
            };
        }
        match self.peek().t {
            Tk::Newline | Tk::Eof | Tk::CBrace => body = self.body(Tk::CBrace),
            _ => {
                // One argument on the block's own line: `name { a = 1 }`.
                let before = self.diags.len();
                if let Some(attr) = self.single_attr_body() {
                    body.items.push(attr);
                }
                let inner: Vec<_> = self.diags.drain(before..).collect();
                let next = self.peek();
                match next.t {
                    Tk::CBrace => {
                        self.read();
                    }
                    Tk::Comma => {
                        self.err(
                            "Invalid single-argument block definition",
                            "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
                            next.s,
                            next.e,
                        );
                        self.recover(Tk::CBrace);
                    }
                    Tk::Newline => {
                        self.err(
                            "Invalid single-argument block definition",
                            "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
                            next.s,
                            next.e,
                        );
                        self.recover(Tk::CBrace);
                    }
                    _ => {
                        if !self.recovery {
                            if next.t == Tk::Eof && self.hcl.eof_messages {
                                self.err("Unclosed configuration block", UNCLOSED_BLOCK, obrace.s, obrace.e);
                            } else {
                                self.err(
                                    "Invalid single-argument block definition",
                                    "A single-line block definition must end with a closing brace immediately after its single argument definition.",
                                    next.s,
                                    next.e,
                                );
                            }
                        }
                        self.recover(Tk::CBrace);
                    }
                }
                // HCL adds the argument's own errors after those about the block's end.
                self.diags.extend(inner);
            }
        }
        self.leave();
        let close = self.prev();
        let eol = self.peek();
        if eol.t == Tk::Newline || eol.t == Tk::Eof {
            self.read();
        } else {
            if !self.recovery {
                self.err(
                    "Missing newline after block definition",
                    "A block definition must end with a newline.",
                    eol.s,
                    eol.e,
                );
            }
            self.recover_after_body_item();
        }
        Item::Block {
            kind,
            labels,
            span: (ident.s, close.1.max(ident.e)),
            body,
        }
    }

    fn single_attr_body(&mut self) -> Option<Item> {
        let ident = self.read();
        if ident.t != Tk::Ident {
            self.recover_after_body_item();
            self.err("Argument or block definition required", NEED_ITEM, ident.s, ident.e);
            return None;
        }
        let next = self.peek();
        match next.t {
            Tk::Equal => Some(self.finish_attribute(ident, true)),
            Tk::OQuote | Tk::OBrace | Tk::Ident => {
                self.recover_after_body_item();
                let name = self.text(ident);
                self.err(
                    "Argument definition required",
                    format!("A single-line block definition can contain only a single argument. If you meant to define argument {name:?}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block."),
                    ident.s,
                    next.e,
                );
                None
            }
            _ => {
                self.recover_after_body_item();
                self.err("Argument or block definition required", NEED_ITEM_EQUALS, ident.s, ident.e);
                None
            }
        }
    }

    /// A quoted string with no template sequences (a block label); returns its text.
    pub fn quoted_string_literal(&mut self) -> String {
        let open = self.read();
        if open.t != Tk::OQuote {
            self.err("Invalid string literal", "A quoted string is required here.", open.s, open.e);
            return String::new();
        }
        let mut out = String::new();
        loop {
            let tok = self.read();
            match tok.t {
                Tk::CQuote => break,
                Tk::QuotedLit => out.push_str(&self.string_literal(tok, true)),
                Tk::TemplateControl | Tk::TemplateInterp => {
                    let which = if tok.t == Tk::TemplateControl { "%" } else { "$" };
                    self.err(
                        "Invalid string literal",
                        format!("Template sequences are not allowed in this string. To include a literal \"{which}\", double it (as \"{which}{which}\") to escape it."),
                        tok.s,
                        tok.e,
                    );
                    out.push_str(which);
                    out.push_str("{ ... }");
                    self.recover(Tk::TemplateSeqEnd);
                }
                Tk::Eof => {
                    self.err(
                        "Unterminated string literal",
                        "Unable to find the closing quote mark before the end of the file.",
                        tok.s,
                        tok.e,
                    );
                    break;
                }
                _ => {
                    self.err(
                        "Invalid string literal",
                        "This item is not valid in a string literal.",
                        tok.s,
                        tok.e,
                    );
                    self.recover(Tk::CQuote);
                    break;
                }
            }
        }
        out
    }
}
