//! The terraform engine: HCL syntax, cty-like values, the evaluator, the function library and
//! the console's output format.

pub mod body_errors;
pub mod buckets;
pub mod conditions;
pub mod config;
pub mod convert;
pub mod decode_checks;
pub mod default_stub;
pub mod diag;
pub mod eval;
pub mod funcs;
pub mod hcl_diag;
pub mod hcl_scan;
pub mod host;
pub mod local_cycles;
pub mod long_chain;
pub mod mismatch;
pub mod number;
pub mod parse_errors;
pub mod parse_guard;
pub mod parse_releases;
pub mod partial_body;
pub mod provider;
pub mod quoted_text;
pub mod releases;
pub mod render;
pub mod resources;
pub mod root_blocks;
pub mod rules;
pub mod schema;
pub mod session;
pub mod suggest;
pub mod syntax;
pub mod trace;
pub mod typeexpr;
pub mod unicode;
pub mod validate;
pub mod validation_rules;
pub mod value;
pub mod walk;

pub use diag::Diag;
pub use rules::{Rule, Rules};
pub use value::{Type, Value};
