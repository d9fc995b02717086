//! The filesystem functions.

use super::Registry;

/// Registers the filesystem functions.
pub fn register(_r: &mut Registry) {}
