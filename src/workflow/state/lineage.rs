//! Serial and lineage. A lineage is a UUID made once, when a workspace's first state is
//! written, and kept by every later write; the serial goes up by one whenever a write changes
//! what the file would say. Randomness comes from the caller so that runs can be replayed.

use super::write::write_state;
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::State;

/// A source of random numbers: the operating system's ([`OsRandom`]) or, for a reproducible
/// run, any `FnMut() -> u64`.
pub trait Random {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;
}

impl<F: FnMut() -> u64> Random for F {
    fn next_u64(&mut self) -> u64 {
        self()
    }
}

/// The operating system's random numbers.
#[derive(Clone, Copy, Debug, Default)]
pub struct OsRandom;

impl Random for OsRandom {
    fn next_u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        // Should the system refuse (it does not on any platform Rust supports once booted),
        // the clock's nanoseconds still make lineages differ between runs.
        if getrandom::fill(&mut b).is_err() {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            return nanos ^ u64::from(std::process::id()).rotate_left(32);
        }
        u64::from_le_bytes(b)
    }
}

/// A UUID as hashicorp/go-uuid's `GenerateUUID` makes it (Terraform's lineages and
/// `terraform_data` ids): 16 random bytes as `8-4-4-4-12` hex digits, no version bits set.
pub fn uuid(random: &mut dyn Random) -> String {
    let hi = random.next_u64();
    let lo = random.next_u64();
    let h = format!("{hi:016x}{lo:016x}");
    format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
}

/// A new, empty state for a workspace that has none: serial 0 (the first write makes it 1)
/// and a new lineage.
pub fn new_state(random: &mut dyn Random) -> State {
    State {
        lineage: uuid(random),
        ..State::default()
    }
}

/// Whether two states would be written the same, leaving out serial, lineage and
/// `terraform_version` (Terraform's `StatesMarshalEqual`: a write that changes nothing else
/// keeps the serial).
pub fn same_content(a: &State, b: &State, release: TfVersion) -> bool {
    let bare = |s: &State| {
        let mut s = s.clone();
        s.serial = 0;
        s.lineage = String::new();
        write_state(&s, release).ok()
    };
    matches!((bare(a), bare(b)), (Some(x), Some(y)) if x == y)
}

/// The serial and lineage the next write of `next` gets, after `previous` (what the file
/// held, `None` when there was none): the serial goes up when the content changed or there
/// was no file; the lineage stays (or is made, if neither state has one).
pub fn next_meta(previous: Option<&State>, next: &State, release: TfVersion, random: &mut dyn Random) -> (u64, String) {
    let lineage = match previous {
        Some(p) if !p.lineage.is_empty() => p.lineage.clone(),
        _ if !next.lineage.is_empty() => next.lineage.clone(),
        _ => uuid(random),
    };
    match previous {
        Some(p) if same_content(p, next, release) => (p.serial, lineage),
        Some(p) => (p.serial + 1, lineage),
        None => (next.serial + 1, lineage),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_come_from_the_callers_random_source() {
        let mut n = 0u64;
        let mut counter = move || {
            n += 1;
            n * 0x0101_0101_0101_0101
        };
        assert_eq!(uuid(&mut counter), "01010101-0101-0101-0202-020202020202");
    }

    #[test]
    fn an_unchanged_write_keeps_the_serial() {
        let mut r = || 7u64;
        let s = State {
            serial: 4,
            lineage: "l".into(),
            ..State::default()
        };
        assert_eq!(next_meta(Some(&s), &s, (1, 12, 2), &mut r), (4, "l".into()));
        let mut changed = s.clone();
        changed.check_results = Some(serde_json::json!([]));
        assert_eq!(next_meta(Some(&s), &changed, (1, 12, 2), &mut r).0, 5);
        assert_eq!(next_meta(None, &State::default(), (1, 12, 2), &mut r).0, 1);
    }
}
