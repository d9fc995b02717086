//! The attributes of the built-in resource types, as their schemas declare them: what the
//! state's `attributes` object holds and which of them are `dynamic` (written with their type
//! beside the value).

use crate::lang::Type;
use crate::workflow::model::ResourceMode;

/// The provider every built-in resource belongs to, as the state names it.
pub const BUILTIN_PROVIDER: &str = "provider[\"terraform.io/builtin/terraform\"]";

/// The attributes of a built-in resource type, in schema order, or `None` for a type iacquiz
/// does not know (its attributes are then kept as the JSON says, with the types JSON implies).
pub fn attributes(mode: ResourceMode, rtype: &str) -> Option<Vec<(&'static str, Type)>> {
    match (mode, rtype) {
        (ResourceMode::Managed, "terraform_data") => Some(vec![
            ("id", Type::String),
            ("input", Type::Dynamic),
            ("output", Type::Dynamic),
            ("triggers_replace", Type::Dynamic),
        ]),
        (ResourceMode::Data, "terraform_remote_state") => Some(vec![
            ("backend", Type::String),
            ("config", Type::Dynamic),
            ("defaults", Type::Dynamic),
            ("outputs", Type::Dynamic),
            ("workspace", Type::String),
        ]),
        _ => None,
    }
}
