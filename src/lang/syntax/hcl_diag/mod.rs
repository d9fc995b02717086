//! A diagnosing parser that follows HCL's own (hclsyntax's recursive descent, with its
//! recovery mode and skipping rules), used when a parse fails: it reports the errors HCL
//! reports, in HCL's words, and Terraform's order (by position). It builds no syntax tree; for
//! a configuration body it keeps an outline of what was recovered, so that Terraform's own
//! checks of the partial body can be run too.

mod body;
mod expr;
mod parser;
mod template;

use crate::lang::dialect::releases::{self, TfVersion};
use crate::lang::syntax::diag::Diag;
use crate::lang::syntax::hcl_scan::{self, Start};
use parser::Parser;

/// The HCL behaviour that differs between the releases Terraform bundles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hcl {
    /// HCL 2.11's messages for input that ends inside a delimited construct ("Missing
    /// expression", "Unterminated ...", "Unclosed ..."); before, the next token's message.
    pub eof_messages: bool,
    /// HCL 2.20's `::` token (provider function names); before, two colons.
    pub double_colon: bool,
}

impl Hcl {
    /// The newest HCL's behaviour.
    pub const NEWEST: Hcl = Hcl {
        eof_messages: true,
        double_colon: true,
    };

    /// The HCL that Terraform `version` bundles.
    pub fn at(version: TfVersion) -> Hcl {
        Hcl {
            eof_messages: releases::has(version, &releases::HCL_EOF_MESSAGES),
            double_colon: releases::has(version, &releases::HCL_DOUBLE_COLON),
        }
    }
}

/// The deepest expression nesting followed; deeper input is left to the other parser (the
/// caller's depth check refuses it first in practice).
const MAX_DEPTH: usize = 160;

/// What a configuration body held, as far as the parser recovered it.
#[derive(Clone, Debug, Default)]
pub struct Outline {
    /// The items, in source order (a redefined attribute is not among them).
    pub items: Vec<Item>,
}

/// One recovered body item.
#[derive(Clone, Debug)]
pub enum Item {
    /// `name = expr`.
    Attr {
        /// Its name.
        name: String,
        /// The whole attribute.
        span: (usize, usize),
        /// The value expression's text range.
        value: (usize, usize),
        /// False when the value had a syntax error.
        clean: bool,
    },
    /// `type "label" { ... }`.
    Block {
        /// The block type.
        kind: String,
        /// Its labels.
        labels: Vec<String>,
        /// The whole block.
        span: (usize, usize),
        /// Its body.
        body: Outline,
    },
}

/// Sorts diagnostics as Terraform prints them: by start, then end (stable, so HCL's order
/// stays for equal ranges).
fn sorted(mut diags: Vec<Diag>) -> Vec<Diag> {
    diags.sort_by_key(|d| d.span.as_ref().map(|s| (s.start, s.end)));
    diags
}

/// The errors HCL reports for console input `src` (an expression), in Terraform's order;
/// `None` when the input nests deeper than this parser follows.
pub fn expr(src: &str, hcl: Hcl) -> Option<Vec<Diag>> {
    let toks = hcl_scan::scan(src, Start::Normal, hcl.double_colon);
    let mut diags = hcl_scan::lexical_diags(src, &toks);
    let mut p = Parser::new(src, toks, hcl, "<console-input>");
    p.push_nl(false);
    p.expression();
    let next = p.peek();
    if next.t != hcl_scan::Tk::Eof && !p.recovery {
        p.err(
            "Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.",
            next.s,
            next.e,
        );
    }
    p.pop_nl();
    if p.too_deep {
        return None;
    }
    diags.append(&mut p.diags);
    Some(sorted(diags))
}

/// The errors HCL reports for the template file `src` named `file`, in Terraform's order.
pub fn template(src: &str, hcl: Hcl, file: &str) -> Option<Vec<Diag>> {
    let toks = hcl_scan::scan(src, Start::Template, hcl.double_colon);
    let mut diags = hcl_scan::lexical_diags(src, &toks);
    let mut p = Parser::new(src, toks, hcl, file);
    p.template_inner(hcl_scan::Tk::Eof, false);
    if p.too_deep {
        return None;
    }
    diags.append(&mut p.diags);
    Some(sorted(diags))
}

/// The errors HCL reports for the configuration file `src` named `file`, in Terraform's
/// order, and the outline of the body it recovered.
pub fn body(src: &str, hcl: Hcl, file: &str) -> Option<(Vec<Diag>, Outline)> {
    let toks = hcl_scan::scan(src, Start::Normal, hcl.double_colon);
    let mut diags = hcl_scan::lexical_diags(src, &toks);
    let mut p = Parser::new(src, toks, hcl, file);
    let outline = p.body(hcl_scan::Tk::Eof);
    if p.too_deep {
        return None;
    }
    diags.append(&mut p.diags);
    Some((sorted(diags), outline))
}

/// The first error HCL reports for console input `src`, if any.
pub fn expr_first(src: &str, hcl: Hcl) -> Option<Diag> {
    expr(src, hcl).and_then(|d| d.into_iter().next())
}

/// The first error HCL reports for template text `src`, if any.
pub fn template_first(src: &str, hcl: Hcl) -> Option<Diag> {
    template(src, hcl, "<template>").and_then(|d| d.into_iter().next())
}

/// A legacy index (`.5`) right after a number or a quoted string: well-formed, but the value
/// has no indices, which Terraform reports when it evaluates it ("Invalid index").
pub fn literal_index(src: &str) -> Option<Diag> {
    use hcl_scan::Tk;
    let toks = hcl_scan::scan(src, Start::Normal, true);
    let toks: Vec<_> = toks.into_iter().filter(|t| !matches!(t.t, Tk::Comment | Tk::Newline)).collect();
    // Where a `.` ends: a literal starting there is itself a legacy index (`a.0.5`). A set, not
    // a search of every token per literal, which made a text of many numbers quadratic (an
    // else-if ladder of 80,000 links took 16 s here).
    let dot_ends: std::collections::HashSet<usize> = toks.iter().filter(|t| t.t == Tk::Dot).map(|t| t.e).collect();
    toks.windows(3).find_map(|w| {
        let literal = matches!(w[0].t, Tk::NumberLit | Tk::CQuote) && !dot_ends.contains(&w[0].s);
        (literal && w[1].t == Tk::Dot && w[2].t == Tk::NumberLit)
            .then(|| Diag::new("Invalid index", "This value does not have any indices.").at(&(w[1].s..w[2].e)))
    })
}

#[cfg(test)]
mod tests;

/// The "in ..." context Terraform names for a diagnostic at byte `offset` of a file whose body
/// is `outline`: the top-level block whose range (type name to closing brace, or the type
/// name alone for a block whose header broke) holds it.
pub fn context_at(outline: &Outline, offset: usize) -> Option<String> {
    outline.items.iter().find_map(|item| match item {
        Item::Block { kind, labels, span, .. } if span.0 <= offset && offset < span.1 => {
            let mut out = kind.clone();
            for l in labels {
                out.push_str(&format!(" {l:?}"));
            }
            Some(out)
        }
        _ => None,
    })
}
