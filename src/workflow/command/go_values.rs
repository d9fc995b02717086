//! The values Go's `flag` package reads for an int and a duration option, with its own
//! refusals: `strconv.ParseInt(s, 0, 64)` ("parse error" or "value out of range") and
//! `time.ParseDuration` (any refusal is "parse error"). Terraform's commands declare
//! `-parallelism` and `-lock-timeout` so, and a value Go refuses stops the command.

use std::time::Duration;

/// Why Go refuses a number, in the words `flag` prints after the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumError {
    /// Not a number in Go's integer literal syntax.
    Syntax,
    /// A number outside a 64-bit signed integer.
    Range,
}

impl NumError {
    /// The words `flag` uses: "parse error" or "value out of range".
    pub fn words(self) -> &'static str {
        match self {
            NumError::Syntax => "parse error",
            NumError::Range => "value out of range",
        }
    }
}

/// `strconv.ParseInt(text, 0, 64)`: an optional sign, then a decimal number, or one with a
/// `0x`, `0o`, `0b` or `0` (octal) prefix, with underscores between digits.
pub fn parse_int(text: &str) -> Result<i64, NumError> {
    if text.is_empty() {
        return Err(NumError::Syntax);
    }
    let (negative, body) = match text.as_bytes()[0] {
        b'+' => (false, &text[1..]),
        b'-' => (true, &text[1..]),
        _ => (false, text),
    };
    let magnitude = parse_uint(body)?;
    // Go compares with 1<<63 after the unsigned parse: the range error wins over nothing.
    const CUTOFF: u64 = 1 << 63;
    if !negative && magnitude >= CUTOFF {
        return Err(NumError::Range);
    }
    if negative && magnitude > CUTOFF {
        return Err(NumError::Range);
    }
    Ok(if negative {
        (magnitude as i64).wrapping_neg()
    } else {
        magnitude as i64
    })
}

/// `strconv.ParseUint(text, 0, 64)`, digit by digit as Go reads it, so that an overflow met
/// before a bad digit is a range error, as in Go.
fn parse_uint(text: &str) -> Result<u64, NumError> {
    if text.is_empty() {
        return Err(NumError::Syntax);
    }
    let bytes = text.as_bytes();
    let lower = |c: u8| c | 0x20;
    let (base, digits): (u64, &[u8]) = if bytes[0] == b'0' {
        match bytes.get(1).map(|c| lower(*c)) {
            Some(b'b') if bytes.len() >= 3 => (2, &bytes[2..]),
            Some(b'o') if bytes.len() >= 3 => (8, &bytes[2..]),
            Some(b'x') if bytes.len() >= 3 => (16, &bytes[2..]),
            _ => (8, &bytes[1..]),
        }
    } else {
        (10, bytes)
    };
    let cutoff = u64::MAX / base + 1;
    let mut n: u64 = 0;
    let mut underscores = false;
    for &c in digits {
        let d = match c {
            b'_' => {
                underscores = true;
                continue;
            }
            b'0'..=b'9' => c - b'0',
            _ if lower(c).is_ascii_lowercase() => lower(c) - b'a' + 10,
            _ => return Err(NumError::Syntax),
        };
        if u64::from(d) >= base {
            return Err(NumError::Syntax);
        }
        if n >= cutoff {
            return Err(NumError::Range);
        }
        n = n
            .checked_mul(base)
            .and_then(|m| m.checked_add(u64::from(d)))
            .ok_or(NumError::Range)?;
    }
    if underscores && !underscore_ok(text) {
        return Err(NumError::Syntax);
    }
    Ok(n)
}

/// Go's rule for underscores in a literal: each between two digits (a base prefix counts as
/// a digit), none at either end.
fn underscore_ok(text: &str) -> bool {
    let s = text.as_bytes();
    let lower = |c: u8| c | 0x20;
    // What was seen last: '^' the start, '0' a digit or prefix, '_' an underscore, '!' other.
    let mut saw = b'^';
    let mut i = 0;
    let mut hex = false;
    if s.len() >= 2 && s[0] == b'0' && matches!(lower(s[1]), b'b' | b'o' | b'x') {
        i = 2;
        saw = b'0';
        hex = lower(s[1]) == b'x';
    }
    while i < s.len() {
        let c = s[i];
        i += 1;
        if c.is_ascii_digit() || hex && (b'a'..=b'f').contains(&lower(c)) {
            saw = b'0';
            continue;
        }
        if c == b'_' {
            if saw != b'0' {
                return false;
            }
            saw = b'_';
            continue;
        }
        if saw == b'_' {
            return false;
        }
        saw = b'!';
    }
    saw != b'_'
}

/// Go's `time.ParseDuration`: `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+` with the units `ns`, `us`,
/// `µs`, `μs`, `ms`, `s`, `m`, `h`, or `0` alone; the duration in nanoseconds, `None` where Go
/// refuses (a malformed text, an unknown or missing unit, an overflow).
pub fn parse_duration_nanos(text: &str) -> Option<i64> {
    const LIMIT: u64 = 1 << 63;
    let (negative, mut s) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if s == "0" {
        return Some(0);
    }
    if s.is_empty() {
        return None;
    }
    let mut total: u64 = 0;
    while !s.is_empty() {
        let first = s.as_bytes()[0];
        if !(first == b'.' || first.is_ascii_digit()) {
            return None;
        }
        let int_len = s.bytes().take_while(u8::is_ascii_digit).count();
        let whole = leading_int(&s[..int_len])?;
        s = &s[int_len..];
        let (mut fraction, mut scale, mut frac_len) = (0u64, 1f64, 0usize);
        if let Some(rest) = s.strip_prefix('.') {
            s = rest;
            frac_len = s.bytes().take_while(u8::is_ascii_digit).count();
            (fraction, scale) = leading_fraction(&s[..frac_len]);
            s = &s[frac_len..];
        }
        if int_len == 0 && frac_len == 0 {
            return None;
        }
        let unit_len = s.bytes().take_while(|c| !(*c == b'.' || c.is_ascii_digit())).count();
        if unit_len == 0 {
            return None;
        }
        let unit: u64 = match &s[..unit_len] {
            "ns" => 1,
            "us" | "µs" | "μs" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => return None,
        };
        s = &s[unit_len..];
        if whole > LIMIT / unit {
            return None;
        }
        let mut v = whole * unit;
        if fraction > 0 {
            // Go adds the fraction in floating point, truncating.
            v += (fraction as f64 * (unit as f64 / scale)) as u64;
            if v > LIMIT {
                return None;
            }
        }
        total += v;
        if total > LIMIT {
            return None;
        }
    }
    if negative {
        return Some((total as i64).wrapping_neg());
    }
    if total > LIMIT - 1 {
        return None;
    }
    Some(total as i64)
}

/// A run of decimal digits as Go's `leadingInt` reads it; `None` past 1<<63.
fn leading_int(digits: &str) -> Option<u64> {
    let mut x: u64 = 0;
    for c in digits.bytes() {
        if x > (1 << 63) / 10 {
            return None;
        }
        x = x * 10 + u64::from(c - b'0');
        if x > 1 << 63 {
            return None;
        }
    }
    Some(x)
}

/// The digits after a point as Go's `leadingFraction` reads them: the value and its scale,
/// the digits past what fits ignored.
fn leading_fraction(digits: &str) -> (u64, f64) {
    let (mut x, mut scale, mut overflow) = (0u64, 1f64, false);
    for c in digits.bytes() {
        if overflow {
            continue;
        }
        if x > (1 << 63) / 10 {
            overflow = true;
            continue;
        }
        let y = x * 10 + u64::from(c - b'0');
        if y > 1 << 63 {
            overflow = true;
            continue;
        }
        x = y;
        scale *= 10.0;
    }
    (x, scale)
}

/// A duration as a lock timeout takes it: a negative one waits no more than zero does.
pub fn parse_duration(text: &str) -> Option<Duration> {
    parse_duration_nanos(text).map(|n| Duration::from_nanos(u64::try_from(n).unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ints_as_go_reads_them() {
        assert_eq!(parse_int("10"), Ok(10));
        assert_eq!(parse_int("+7"), Ok(7));
        assert_eq!(parse_int("-7"), Ok(-7));
        assert_eq!(parse_int("0x10"), Ok(16));
        assert_eq!(parse_int("0X1f"), Ok(31));
        assert_eq!(parse_int("0o17"), Ok(15));
        assert_eq!(parse_int("017"), Ok(15));
        assert_eq!(parse_int("0b101"), Ok(5));
        assert_eq!(parse_int("0"), Ok(0));
        assert_eq!(parse_int("1_000"), Ok(1000));
        assert_eq!(parse_int("0x_1f"), Ok(31));
        assert_eq!(parse_int("-9223372036854775808"), Ok(i64::MIN));
    }

    #[test]
    fn ints_go_refuses() {
        assert_eq!(parse_int(""), Err(NumError::Syntax));
        assert_eq!(parse_int("abc"), Err(NumError::Syntax));
        assert_eq!(parse_int("+"), Err(NumError::Syntax));
        assert_eq!(parse_int("0x"), Err(NumError::Syntax));
        assert_eq!(parse_int("08"), Err(NumError::Syntax));
        assert_eq!(parse_int("1__0"), Err(NumError::Syntax));
        assert_eq!(parse_int("_1"), Err(NumError::Syntax));
        assert_eq!(parse_int("1_"), Err(NumError::Syntax));
        assert_eq!(parse_int("1.5"), Err(NumError::Syntax));
        assert_eq!(parse_int("9223372036854775808"), Err(NumError::Range));
        assert_eq!(parse_int("99999999999999999999"), Err(NumError::Range));
        assert_eq!(parse_int("99999999999999999999x"), Err(NumError::Range));
        assert_eq!(parse_int("-9223372036854775809"), Err(NumError::Range));
        assert_eq!(NumError::Range.words(), "value out of range");
    }

    #[test]
    fn durations_as_go_reads_them() {
        assert_eq!(parse_duration("0"), Some(Duration::ZERO));
        assert_eq!(parse_duration("-0"), Some(Duration::ZERO));
        assert_eq!(parse_duration("2s"), Some(Duration::from_secs(2)));
        assert_eq!(parse_duration("1h2m"), Some(Duration::from_secs(3720)));
        assert_eq!(parse_duration("1.5s"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_duration(".5s"), Some(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.s"), Some(Duration::from_secs(1)));
        assert_eq!(parse_duration("300ms"), Some(Duration::from_millis(300)));
        assert_eq!(parse_duration("3µs"), Some(Duration::from_micros(3)));
        assert_eq!(parse_duration("-5s"), Some(Duration::ZERO));
        assert_eq!(parse_duration_nanos("-5s"), Some(-5_000_000_000));
    }

    #[test]
    fn durations_go_refuses() {
        for bad in ["", "abc", "5", "9q", ".s", "-", "1.2.3s", "s", "3000000h", "1h-2m"] {
            assert_eq!(parse_duration_nanos(bad), None, "{bad}");
        }
    }
}
