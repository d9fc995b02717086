//! What every target shares: a deterministic host, and the one misconception a run also
//! flips (distractor generation runs the engines under every touched rule, so those paths
//! face hostile banks too).

#![allow(dead_code)]

use std::collections::BTreeSet;

use iacquiz::lang::Rule;
use iacquiz::lang::eval::host::Host;

/// A host with a fixed clock and seed, so a crash reproduces from its input alone.
pub fn host() -> Host {
    Host {
        fixed_now: Some("2024-05-01T12:00:00Z".to_string()),
        seed: Some(7),
        ..Host::default()
    }
}

/// One of the rules the real run consulted, chosen by the input's FNV-1a hash.
pub fn pick(touched: &BTreeSet<Rule>, data: &[u8]) -> Option<Rule> {
    if touched.is_empty() {
        return None;
    }
    let h = data
        .iter()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3));
    touched.iter().copied().nth((h % touched.len() as u64) as usize)
}
