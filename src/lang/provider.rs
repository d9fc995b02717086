//! Provider-defined functions (`provider::NAME::FUNC(...)`), resolved through the
//! configuration's `required_providers`.

use super::diag::{DResult, Diag};
use super::eval::Evaluator;
use super::syntax::{Call, Span};
use super::value::Value;

/// Calls `provider::local::name(...)`.
pub fn call(ev: &Evaluator, local: &str, name: &str, c: &Call, span: &Span) -> DResult<Value> {
    let _ = (ev, c);
    Err(Diag::new(
        "Unknown provider function",
        format!("There is no function named \"provider::{local}::{name}\". Ensure that provider name {local:?} is declared in this module's required_providers block, and that this provider offers a function named {name:?}."),
    )
    .at(span)
    .fatal())
}
