//! The block types a module file's top level may have, with the release that brought each:
//! Terraform's `configFileSchema` (internal/configs/parser_config.go). One table for the three
//! places that ask: the schema check ("Unsupported block type"), the release gates, and the
//! hint "Did you mean to define a block of type ...?".

use crate::lang::dialect::releases::{self, Arrival, TfVersion};

/// Each top-level block type, and the release that added it (none: every release from 1.0).
/// `required_providers` is in the schema so that Terraform can say it belongs inside
/// `terraform`.
pub const ROOT_BLOCKS: &[(&str, Option<Arrival>)] = &[
    ("terraform", None),
    ("required_providers", None),
    ("provider", None),
    ("variable", None),
    ("locals", None),
    ("output", None),
    ("module", None),
    ("resource", None),
    ("data", None),
    ("moved", Some(releases::MOVED_BLOCKS)),
    ("check", Some(releases::CHECK_BLOCKS)),
    ("import", Some(releases::IMPORT_BLOCKS)),
    ("removed", Some(releases::REMOVED_BLOCKS)),
    ("ephemeral", Some(releases::EPHEMERAL_BLOCKS)),
    ("action", Some(releases::ACTION_BLOCKS)),
];

/// True when `kind` is a top-level block type of some release.
pub fn is_root_block(kind: &str) -> bool {
    ROOT_BLOCKS.iter().any(|(k, _)| *k == kind)
}

/// True when `kind` is a top-level block type of Terraform `version`. Only a block younger
/// than 1.0 consults the release.
pub fn is_root_block_at(kind: &str, version: TfVersion) -> bool {
    ROOT_BLOCKS
        .iter()
        .any(|(k, arrival)| *k == kind && arrival.is_none_or(|a| releases::has(version, &a)))
}

/// The release that added `kind`, when that is later than 1.0.
pub fn arrival(kind: &str) -> Option<Arrival> {
    ROOT_BLOCKS.iter().find(|(k, _)| *k == kind).and_then(|(_, a)| *a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_arrive_with_their_release() {
        assert!(is_root_block_at("locals", (1, 0, 0)));
        assert!(!is_root_block_at("moved", (1, 0, 3)));
        assert!(is_root_block_at("moved", (1, 1, 0)));
        assert!(!is_root_block_at("ephemeral", (1, 9, 0)));
        assert!(is_root_block_at("ephemeral", (1, 10, 0)));
        assert!(!is_root_block("function"));
    }
}
