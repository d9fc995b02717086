//! go-cty's strict reading of RFC 3339 for `formatdate` and `timeadd` (Terraform 1.6 on):
//! exactly `YYYY-MM-DDThh:mm:ss`, an optional `.` fraction, then `Z` or `±hh:mm` with the
//! offset's hour below 24 and minute below 60. A text Go's general parser takes but this
//! refuses is reported by naming the part at fault.

/// Why a timestamp that Go's general parser accepted is refused by the strict reading.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Go's layout element and the text found there, for Terraform's "cannot use X as Y".
    Part(&'static str, String),
    /// Refused with no error at all: go-cty then returns Go's zero time (0001-01-01 UTC).
    ZeroTime,
}

/// `None` when `s` (already accepted by Go's general RFC 3339 parser) is strict RFC 3339.
pub fn check(s: &str) -> Option<Refusal> {
    if strict(s.as_bytes()) {
        return None;
    }
    let b = s.as_bytes();
    let two = |i: usize| {
        b.get(i..i + 2)
            .map(|d| d.iter().fold(0u8, |a, &c| a.wrapping_mul(10).wrapping_add(c.wrapping_sub(b'0'))))
    };
    if b.get(12) == Some(&b':') {
        return Some(Refusal::Part("15", s.get(11..12).unwrap_or("").to_string()));
    }
    if b.get(19) == Some(&b',') {
        return Some(Refusal::Part(".", ",".to_string()));
    }
    let n = b.len();
    if b.last() != Some(&b'Z') {
        let offset = || s.get(n.saturating_sub(6)..).unwrap_or("").to_string();
        if n >= 5 && two(n - 5).is_some_and(|h| h >= 24) {
            return Some(Refusal::Part("Z07:00", offset()));
        }
        if n >= 2 && two(n - 2).is_some_and(|m| m >= 60) {
            return Some(Refusal::Part("Z07:00", offset()));
        }
        return Some(Refusal::ZeroTime);
    }
    Some(Refusal::Part("2006-01-02T15:04:05Z07:00", s.to_string()))
}

/// Whether `b` has RFC 3339's exact shape with every field in range.
fn strict(b: &[u8]) -> bool {
    if b.len() < 19 {
        return false;
    }
    let num = |r: std::ops::Range<usize>, lo: i64, hi: i64| {
        let d = &b[r];
        d.iter().all(u8::is_ascii_digit) && {
            let v = d.iter().fold(0i64, |a, &c| a * 10 + i64::from(c - b'0'));
            (lo..=hi).contains(&v)
        }
    };
    let year = b[0..4]
        .iter()
        .all(u8::is_ascii_digit)
        .then(|| b[0..4].iter().fold(0i64, |a, &c| a * 10 + i64::from(c - b'0')));
    let (Some(year), true) = (year, num(5..7, 1, 12)) else {
        return false;
    };
    let month = i64::from(b[5] - b'0') * 10 + i64::from(b[6] - b'0');
    let shape = b[4] == b'-' && b[7] == b'-' && b[10] == b'T' && b[13] == b':' && b[16] == b':';
    if !(shape && num(8..10, 1, super::time::days_in(month, year)) && num(11..13, 0, 23) && num(14..16, 0, 59) && num(17..19, 0, 59)) {
        return false;
    }
    let mut rest = &b[19..];
    if rest.len() >= 2 && rest[0] == b'.' && rest[1].is_ascii_digit() {
        let n = 1 + rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        rest = &rest[n..];
    }
    match rest {
        [b'Z'] => true,
        [sign, h1, h2, b':', m1, m2] => {
            let d = [*h1, *h2, *m1, *m2];
            matches!(sign, b'+' | b'-')
                && d.iter().all(u8::is_ascii_digit)
                && (h1 - b'0') * 10 + (h2 - b'0') <= 23
                && (m1 - b'0') * 10 + (m2 - b'0') <= 59
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{Refusal, check};

    #[test]
    fn refuses_what_go_cty_refuses() {
        assert_eq!(check("2006-01-02T15:04:05Z"), None);
        assert_eq!(check("2006-01-02T15:04:05.5+23:59"), None);
        assert_eq!(check("2006-01-02T1:04:05Z"), Some(Refusal::Part("15", "1".into())));
        assert_eq!(check("2006-01-02T15:04:05,5Z"), Some(Refusal::Part(".", ",".into())));
        assert_eq!(check("2006-01-02T15:04:05+24:00"), Some(Refusal::Part("Z07:00", "+24:00".into())));
        assert_eq!(check("2006-01-02T15:04:05-00:60"), Some(Refusal::Part("Z07:00", "-00:60".into())));
    }
}
