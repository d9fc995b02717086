//! From source text to the project's AST, and every parse error on the way: hcl-edit's tree
//! lowered (`ast`), HCL's own scanner and diagnosing parser for broken input (`hcl_scan`,
//! `hcl_diag`), parse errors worded as HCL words them and as older releases did
//! (`parse_errors`, `parse_releases`, `body_errors`, `partial_body`), the parser's limits
//! (`parse_guard`, `long_chain`), type expressions, diagnostics (`diag`, `suggest`), and
//! `terraform fmt`'s rewriting of a file (`format`).
//! Uses `dialect` and `value`.

mod ast;
pub mod body_errors;
pub mod diag;
pub mod format;
pub mod hcl_diag;
pub mod hcl_scan;
pub mod long_chain;
pub mod parse_errors;
pub mod parse_guard;
pub mod parse_releases;
pub mod partial_body;
pub mod quoted_text;
pub mod suggest;
pub mod typeexpr;
pub mod walk;

pub use ast::*;
