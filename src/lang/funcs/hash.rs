//! The hash functions.

use super::Registry;

/// Registers the hash functions.
pub fn register(_r: &mut Registry) {}
