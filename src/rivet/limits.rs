//! The global limits: at most [`MAX_RESOURCES`] resources and [`MAX_MODULE_INSTANCES`] module
//! instances in one compilation, nested modules included (they share the limits).

use std::cell::Cell;

use crate::lang::Rule;
use crate::lang::eval::Evaluator;
use crate::lang::syntax::Span;
use crate::lang::syntax::diag::{DResult, Diag};

use super::error::ErrorKind;

/// Resource instances one compilation may hold.
pub const MAX_RESOURCES: usize = 10_000;
/// Module instances one compilation may hold (the root module is not counted).
pub const MAX_MODULE_INSTANCES: usize = 1024;
/// How deep module calls may nest.
pub const MAX_MODULE_DEPTH: usize = 16;
/// How many declarations may wait on one another at once (`file.a` needs `file.b` needs ...),
/// so a long chain of references is refused before it exhausts the stack.
pub const MAX_NESTING: usize = 48;

/// What one scope (the whole compilation, or one module instance) has used so far.
#[derive(Debug, Default)]
pub struct Usage {
    /// Resource instances.
    pub resources: Cell<usize>,
    /// Module instances.
    pub modules: Cell<usize>,
}

/// Which limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// [`MAX_RESOURCES`]
    Resources,
    /// [`MAX_MODULE_INSTANCES`]
    Modules,
}

impl Usage {
    fn cell(&self, l: Limit) -> &Cell<usize> {
        match l {
            Limit::Resources => &self.resources,
            Limit::Modules => &self.modules,
        }
    }
}

/// Takes `n` more of `limit` for `what` (a declaration's address), from the global usage and
/// the enclosing module instance's. Under the `limits-per-module` misconception only the module
/// instance's usage counts.
pub fn reserve(ev: &Evaluator, global: &Usage, local: &Usage, limit: Limit, n: u128, what: &str, span: &Span) -> DResult<()> {
    let (max, noun) = match limit {
        Limit::Resources => (MAX_RESOURCES, "resources"),
        Limit::Modules => (MAX_MODULE_INSTANCES, "module instances"),
    };
    let g = global.cell(limit).get() as u128 + n;
    let l = local.cell(limit).get() as u128 + n;
    if g > max as u128 && !(ev.flipped(Rule::LimitsPerModule) && l <= max as u128) {
        return Err(too_many(what, g, max, noun, span));
    }
    if l > max as u128 {
        return Err(too_many(what, l, max, noun, span));
    }
    global.cell(limit).set(g as usize);
    local.cell(limit).set(l as usize);
    Ok(())
}

fn too_many(what: &str, total: u128, max: usize, noun: &str, span: &Span) -> Diag {
    ErrorKind::Limit.at(
        span,
        format!(
            "{what} would bring the compilation to {total} {noun}, over the limit of {max} {noun} for the whole compilation (nested modules share the limit)"
        ),
    )
}
