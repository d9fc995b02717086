//! The renderer's release differences: when each arrived, read from Terraform's source. They
//! are kept here rather than in `lang::dialect::releases` because they change what the plan
//! prints, never what the language evaluates (so `since` of a bank answer must not see them).

use crate::lang::dialect::releases::{Arrival, TfVersion};

/// Numbers in a plan are printed exactly (`12345678901234567890`); before, they went through
/// a float64 and printed its shortest decimal (`12345678901234567000`).
pub const EXACT_NUMBERS: Arrival = Arrival {
    name: "plan renderer: exact numbers",
    since: (1, 7, 4),
    source: "hashicorp/terraform d1274a380a \"plan rendering: fix truncation of very large numbers\" (v1.7.4, #34702)",
};

/// Two sequences of the same length that are not a reordering are compared element by
/// element (`~ "b" -> "x"`); before, always by longest common subsequence (`- "b"`, `+ "x"`).
pub const PAIRWISE_SEQUENCES: Arrival = Arrival {
    name: "plan renderer: same-length lists compared by index",
    since: (1, 8, 0),
    source: "internal/command/jsonformat/collections/slice.go ProcessSlice, isReorder (v1.8.0)",
};

/// True when `version` has `a`'s behaviour (a plain comparison: these gates are no language
/// feature, so they are not reported to `lang::dialect::releases::consulted`).
pub fn has(version: TfVersion, a: &Arrival) -> bool {
    version >= a.since
}
