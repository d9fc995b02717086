//! The collection functions.

use super::Registry;

/// Registers the collection functions.
pub fn register(_r: &mut Registry) {}
