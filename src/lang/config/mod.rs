//! A module's `.tf` files as Terraform loads them: variables, locals, outputs and checks
//! (`module`), resources and dynamic blocks, custom conditions, the decoding checks, the
//! variable validation rules by release, `terraform validate` and the block schemas. Uses
//! every room of `lang` but `session`.

pub mod conditions;
pub mod decode_checks;
pub mod default_stub;
pub mod local_cycles;
mod module;
pub mod resources;
pub mod schema;
pub mod validate;
pub mod validation_rules;

pub use module::*;
