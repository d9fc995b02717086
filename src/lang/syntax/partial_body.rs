//! A configuration file HCL cannot parse cleanly: its syntax errors (as the newest and the
//! older HCL word them) and the part of its body HCL still recovered, which Terraform goes on
//! to decode, so its own errors there can come first.

use crate::lang::syntax::diag::Diag;
use crate::lang::syntax::hcl_diag::{self, Hcl, Item, Outline};
use crate::lang::syntax::{Attr, BlockAst, BodyAst, parse_body, parse_expr, shift};

/// A file with syntax errors.
#[derive(Clone, Debug)]
pub struct BrokenFile {
    /// Its errors as the newest HCL reports them, sorted by position, placed in the file.
    pub errors: Vec<Diag>,
    /// The same as HCL before 2.11 reports them (Terraform before 1.1).
    pub old_errors: Vec<Diag>,
    /// What HCL recovered of the body.
    pub partial: BodyAst,
}

impl BrokenFile {
    /// The errors as Terraform `version`'s HCL reports them.
    pub fn errors_at(&self, version: crate::lang::dialect::releases::TfVersion) -> &[Diag] {
        if Hcl::at(version).eof_messages {
            &self.errors
        } else {
            &self.old_errors
        }
    }
}

/// Parses the configuration file `src` named `name`.
pub fn parse_file(src: &str, name: &str) -> Result<BodyAst, Box<BrokenFile>> {
    if let Err(d) = crate::lang::syntax::parse_errors::check_depth(src) {
        let d = d.in_file(name);
        return Err(Box::new(BrokenFile {
            errors: vec![d.clone()],
            old_errors: vec![d],
            partial: BodyAst::default(),
        }));
    }
    let diagnosed = hcl_diag::body(src, Hcl::NEWEST, name);
    match diagnosed {
        Some((errors, outline)) if !errors.is_empty() => {
            let old = Hcl {
                eof_messages: false,
                ..Hcl::NEWEST
            };
            let old_errors = hcl_diag::body(src, old, name).map(|(e, _)| e).unwrap_or_else(|| errors.clone());
            let placed = |v: Vec<Diag>| v.into_iter().map(|d| d.in_file(name)).collect::<Vec<_>>();
            let starts: Vec<usize> = errors.iter().filter_map(|d| d.span.as_ref().map(|s| s.start)).collect();
            let partial = lower(src, &outline, &starts);
            Err(Box::new(BrokenFile {
                errors: placed(errors),
                old_errors: placed(old_errors),
                partial,
            }))
        }
        _ => parse_body(src).map_err(|d| {
            let d = d.in_file(name);
            Box::new(BrokenFile {
                errors: vec![d.clone()],
                old_errors: vec![d],
                partial: BodyAst::default(),
            })
        }),
    }
}

/// The recovered outline as a body: arguments (a broken value cut short, as far as it makes
/// an expression), and blocks. `errors` are where the syntax errors start.
fn lower(src: &str, outline: &Outline, errors: &[usize]) -> BodyAst {
    let mut body = BodyAst::default();
    for item in &outline.items {
        match item {
            Item::Attr { name, span, value, clean } => {
                let expr = if *clean {
                    src.get(value.0..value.1).and_then(|text| parse_expr(text).ok()).map(|mut e| {
                        shift(&mut e, value.0 as isize);
                        e
                    })
                } else {
                    let cut = errors.iter().copied().filter(|&e| e >= value.0).min().unwrap_or(value.1);
                    let partial = partial_expr(src, value.0, cut);
                    if name == "type" {
                        // HCL keeps a broken constructor with the items before the error; with
                        // none, `{`/`[` is an empty one, still no type (its error is at the bracket).
                        let partial = partial.or_else(|| {
                            let text = src.get(value.0..value.1)?.trim_start();
                            let at = value.0 + (value.1 - value.0 - text.len());
                            let empty = match text.chars().next()? {
                                '{' => "{}",
                                '[' => "[]",
                                _ => return None,
                            };
                            let mut e = parse_expr(empty).ok()?;
                            shift(&mut e, at as isize);
                            Some((e, at + 1))
                        });
                        partial.filter(|(e, end)| type_kept(e, *end)).map(|(e, _)| e)
                    } else {
                        partial.map(|(e, _)| e)
                    }
                };
                if let Some(expr) = expr {
                    body.attrs.push(Attr {
                        name: name.clone(),
                        expr,
                        span: span.0..span.1,
                    });
                }
            }
            Item::Block {
                kind,
                labels,
                span,
                body: inner,
            } => body.blocks.push(BlockAst {
                kind: kind.clone(),
                labels: labels.clone(),
                body: lower(src, inner, errors),
                span: span.0..span.1,
            }),
        }
    }
    body
}

/// Whether a broken type constraint, cut short where its source really ends at `end`, is kept
/// for decoding. HCL keeps what it parsed of the constructor call (`map((string) x` still has
/// its argument `(string)`, an invalid type, reported before the syntax error after it); what
/// the cut itself left wrong (`list(` read as `list()`) falls on HCL's placeholders, where
/// the syntax error is, and that error comes first; a constructor's bad name does not.
fn type_kept(e: &crate::lang::syntax::Expr, end: usize) -> bool {
    match crate::lang::syntax::typeexpr::Constraint::parse(e, &|_| Ok(crate::lang::value::Value::null())) {
        Ok(_) => true,
        // A constructor's name is wrong whatever its arguments (`foo(`).
        // Nor is an expression of the wrong kind (a constructor, a literal) ever a type.
        Err(d) => {
            d.detail.starts_with("Keyword ")
                || d.detail.starts_with("A type specification is either")
                || d.span.as_ref().is_some_and(|s| s.end <= end)
        }
    }
}

/// The most of a broken value (from `start`, stopping before the error at `cut`) that makes
/// an expression once the brackets it leaves open are closed, with where the source it took
/// ends: HCL keeps such a partial expression, and Terraform's loader still evaluates it (a
/// call in a variable's default is refused there, before the syntax error).
fn partial_expr(src: &str, start: usize, cut: usize) -> Option<(crate::lang::syntax::Expr, usize)> {
    use crate::lang::syntax::hcl_scan::{self, Start, Tk};
    let text = src.get(start..cut.max(start))?;
    let toks: Vec<_> = hcl_scan::scan(text, Start::Normal, true)
        .into_iter()
        .filter(|t| !matches!(t.t, Tk::Eof | Tk::Comment | Tk::Newline))
        .collect();
    // A few tries, longest first: the cut usually lands after a complete item.
    for k in (1..=toks.len()).rev().take(12) {
        let mut closers = Vec::new();
        for t in &toks[..k] {
            match t.t {
                Tk::OBrack => closers.push("]"),
                Tk::OBrace | Tk::TemplateInterp | Tk::TemplateControl => closers.push("}"),
                Tk::OParen => closers.push(")"),
                Tk::OQuote => closers.push("\""),
                Tk::OHeredoc => return None,
                Tk::CBrack | Tk::CBrace | Tk::CParen | Tk::CQuote | Tk::TemplateSeqEnd => {
                    closers.pop();
                }
                _ => {}
            }
        }
        let mut candidate = text[..toks[k - 1].e].to_string();
        candidate.extend(closers.iter().rev().copied());
        if let Ok(mut e) = parse_expr(&candidate) {
            shift(&mut e, start as isize);
            return Some((e, start + toks[k - 1].e));
        }
    }
    None
}

/// The diagnostic Terraform prints first of two: by file (fewer path segments, then name),
/// then start and end; `a` (HCL's, reported before Terraform decodes) on a tie.
pub fn earliest(a: Diag, b: Diag) -> Diag {
    let key = |d: &Diag| {
        let file = d.file.as_deref().unwrap_or("");
        let segments = file.matches('/').count();
        (
            d.span.is_some(),
            segments,
            file.to_string(),
            d.span.as_ref().map(|s| (s.start, s.end)),
        )
    };
    if key(&b) < key(&a) { b } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_value_keeps_what_closes_into_an_expression() {
        let src = "default = toset([true, \\q])";
        let e = partial_expr(src, 10, 23).map(|(e, _)| (e.span.start, matches!(e.kind, crate::lang::syntax::ExprKind::Call(_))));
        assert_eq!(e, Some((10, true)));
        assert!(partial_expr("x = <<EOT\n", 4, 10).is_none());
    }

    #[test]
    fn broken_files_keep_their_items() {
        let Err(broken) = parse_file("locals {\n  a = 1\n  b c\n}\nvariable \"v\" {\n  default = 2\n}\n", "main.tf") else {
            panic!("the file is broken");
        };
        assert_eq!(broken.errors[0].summary, "Invalid block definition");
        let kinds: Vec<_> = broken.partial.blocks.iter().map(|b| b.kind.as_str()).collect();
        assert_eq!(kinds, ["locals", "variable"]);
        assert_eq!(broken.partial.blocks[0].body.blocks[0].kind, "b");
    }

    #[test]
    fn the_earlier_diagnostic_wins() {
        let a = Diag::new("a", "").at(&(5..6)).in_file("main.tf");
        let b = Diag::new("b", "").at(&(2..3)).in_file("main.tf");
        assert_eq!(earliest(a.clone(), b.clone()).summary, "b");
        assert_eq!(earliest(b.clone(), a).summary, "b");
        let same = Diag::new("c", "").at(&(2..3)).in_file("main.tf");
        assert_eq!(earliest(b, same).summary, "b");
    }
}
