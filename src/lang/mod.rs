//! The terraform engine, one room per stage of its pipeline; a room may use the rooms listed
//! before it, never one after it (`tests/it/layers.rs` keeps it so):
//!
//! ```text
//! dialect   which Terraform: the release's gates, and the rules a misconception can flip
//! value     cty values and types: numbers, conversion, what the console prints, Unicode tables
//! syntax    source → AST: hcl-edit lowering, HCL's scanner and diagnosing parser, parse
//!           errors by release, parse limits, type expressions, diagnostics
//! eval      the evaluator: scopes, operators, templates, budgets, the trace, the host's files
//! funcs     the built-in functions (merge() is in funcs/collection) and provider functions
//! config    a module's .tf files: variables, locals, outputs, resources, dynamic blocks,
//!           custom conditions, validate, block schemas
//! session   the front door: `terraform console` on an expression, with or without a module
//! ```

pub mod config;
pub mod dialect;
pub mod eval;
pub mod funcs;
pub mod session;
pub mod syntax;
pub mod value;

pub use dialect::rules::{Rule, Rules};
pub use syntax::diag::Diag;
pub use value::{Marks, Type, Value};
