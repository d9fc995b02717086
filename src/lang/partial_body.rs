//! A configuration file HCL cannot parse cleanly: its syntax errors (as the newest and the
//! older HCL word them) and the part of its body HCL still recovered, which Terraform goes on
//! to decode, so its own errors there can come first.

use super::diag::Diag;
use super::hcl_diag::{self, Hcl, Item, Outline};
use super::syntax::{Attr, BlockAst, BodyAst, parse_body, parse_expr, shift};

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
    pub fn errors_at(&self, version: super::releases::TfVersion) -> &[Diag] {
        if Hcl::at(version).eof_messages {
            &self.errors
        } else {
            &self.old_errors
        }
    }
}

/// Parses the configuration file `src` named `name`.
pub fn parse_file(src: &str, name: &str) -> Result<BodyAst, Box<BrokenFile>> {
    if let Err(d) = super::parse_errors::check_depth(src) {
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
            Err(Box::new(BrokenFile {
                errors: placed(errors),
                old_errors: placed(old_errors),
                partial: lower(src, &outline),
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

/// The recovered outline as a body: arguments whose value parsed cleanly, and blocks.
fn lower(src: &str, outline: &Outline) -> BodyAst {
    let mut body = BodyAst::default();
    for item in &outline.items {
        match item {
            Item::Attr {
                name,
                span,
                value,
                clean: true,
            } => {
                let Some(text) = src.get(value.0..value.1) else { continue };
                let Ok(mut expr) = parse_expr(text) else { continue };
                shift(&mut expr, value.0 as isize);
                body.attrs.push(Attr {
                    name: name.clone(),
                    expr,
                    span: span.0..span.1,
                });
            }
            Item::Attr { .. } => {}
            Item::Block {
                kind,
                labels,
                span,
                body: inner,
            } => body.blocks.push(BlockAst {
                kind: kind.clone(),
                labels: labels.clone(),
                body: lower(src, inner),
                span: span.0..span.1,
            }),
        }
    }
    body
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
