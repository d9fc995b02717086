//! The date and time functions: formatdate, timeadd, timecmp, timestamp, plantimestamp.
//!
//! Timestamps are parsed as Go's `time.Parse(time.RFC3339, s)` does (its general parser,
//! with its exact error positions), and errors are reworded as Terraform's
//! `parseTimestamp` does. Durations follow Go's `time.ParseDuration`. Dates use plain
//! proleptic-Gregorian day arithmetic.

use super::rfc3339_strict::Refusal;
use super::util::{s, string};
use super::{FnError, FnResult, Func, Param, Registry};
use crate::lang::dialect::releases::{self, TfVersion};
use crate::lang::eval::Evaluator;
use crate::lang::value::render::go_quote;
use crate::lang::value::{Type, Value};

/// Registers the time functions.
pub fn register(r: &mut Registry) {
    let st = |name| Param::new(name, Type::String);
    r.add(
        "formatdate",
        Func::new(vec![st("format"), st("time")], formatdate).returns(Type::String),
    );
    r.add(
        "timeadd",
        Func::new(vec![st("timestamp"), st("duration")], timeadd).returns(Type::String),
    );
    r.add(
        "timecmp",
        Func::new(vec![st("timestamp_a"), st("timestamp_b")], timecmp).returns(Type::Number),
    );
    r.add("timestamp", Func::new(vec![], now).returns(Type::String));
    r.add("plantimestamp", Func::new(vec![], now).returns(Type::String));
}

/// An instant with the UTC offset it was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Time {
    /// Seconds since 1970-01-01T00:00:00Z.
    secs: i64,
    /// Nanoseconds within the second.
    nsec: i64,
    /// Offset east of UTC, in seconds.
    offset: i64,
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// The date of a day number (inverse of [`days_from_civil`]).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

pub(super) fn days_in(m: i64, y: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/// The calendar fields of a time in its own offset.
struct Fields {
    year: i64,
    month: i64,
    day: i64,
    weekday: usize,
    hour: i64,
    minute: i64,
    second: i64,
}

impl Time {
    fn fields(&self) -> Fields {
        let local = self.secs + self.offset;
        let days = local.div_euclid(86400);
        let sod = local.rem_euclid(86400);
        let (year, month, day) = civil_from_days(days);
        Fields {
            year,
            month,
            day,
            weekday: (days + 4).rem_euclid(7) as usize,
            hour: sod / 3600,
            minute: sod % 3600 / 60,
            second: sod % 60,
        }
    }

    /// Go's `Format(time.RFC3339)`.
    fn rfc3339(&self) -> String {
        let f = self.fields();
        format!(
            "{}-{:02}-{:02}T{:02}:{:02}:{:02}{}",
            go_year(f.year),
            f.month,
            f.day,
            f.hour,
            f.minute,
            f.second,
            self.zone(true, true)
        )
    }

    /// The offset as Go formats `Z07:00` (`z` true), `-07:00` or `-0700` (`colon` false).
    fn zone(&self, z: bool, colon: bool) -> String {
        if z && self.offset == 0 {
            return "Z".into();
        }
        let mut minutes = self.offset / 60;
        let sign = if minutes < 0 {
            minutes = -minutes;
            '-'
        } else {
            '+'
        };
        let sep = if colon { ":" } else { "" };
        format!("{sign}{:02}{sep}{:02}", minutes / 60, minutes % 60)
    }

    /// Go's `Time.Add` of a duration in nanoseconds.
    fn add(&self, d: i64) -> Time {
        let mut secs = self.secs + d / 1_000_000_000;
        let mut nsec = self.nsec + d % 1_000_000_000;
        if nsec >= 1_000_000_000 {
            secs += 1;
            nsec -= 1_000_000_000;
        } else if nsec < 0 {
            secs -= 1;
            nsec += 1_000_000_000;
        }
        Time {
            secs,
            nsec,
            offset: self.offset,
        }
    }

    /// The instant, for comparisons.
    fn instant(&self) -> (i64, i64) {
        (self.secs, self.nsec)
    }
}

/// Go's `appendInt(b, year, 4)`: at least four digits, a sign before the padding.
fn go_year(y: i64) -> String {
    if y < 0 { format!("-{:04}", -y) } else { format!("{y:04}") }
}

/// A Go `time.ParseError`, as far as Terraform looks at it.
struct ParseError {
    layout: &'static str,
    value: String,
    message: String,
}

impl ParseError {
    fn new(layout: &'static str, value: &[u8], message: impl Into<String>) -> ParseError {
        ParseError {
            layout,
            value: String::from_utf8_lossy(value).into_owned(),
            message: message.into(),
        }
    }

    /// Terraform's rewording in `parseTimestamp`.
    fn terraform(&self) -> String {
        if self.layout.is_empty() && self.value.is_empty() && !self.message.is_empty() {
            return format!("not a valid RFC3339 timestamp{}", self.message);
        }
        let what = match self.layout {
            "2006" => "year",
            "01" => "month",
            "02" => "day of month",
            "15" => "hour",
            "04" => "minute",
            "05" => "second",
            "Z07:00" => "UTC offset",
            "T" => return "not a valid RFC3339 timestamp: missing required time introducer 'T'".into(),
            ":" | "-" => {
                return if self.value.is_empty() {
                    format!(
                        "not a valid RFC3339 timestamp: end of string where {} is expected",
                        go_quote(self.layout)
                    )
                } else {
                    format!(
                        "not a valid RFC3339 timestamp: found {} where {} is expected",
                        go_quote(&self.value),
                        go_quote(self.layout)
                    )
                };
            }
            _ => "timestamp segment",
        };
        if self.value.is_empty() {
            format!("not a valid RFC3339 timestamp: end of string before {what}")
        } else {
            format!("not a valid RFC3339 timestamp: cannot use {} as {what}", go_quote(&self.value))
        }
    }
}

fn digit(v: &[u8], i: usize) -> bool {
    v.get(i).is_some_and(u8::is_ascii_digit)
}

/// Go's `getnum`: one or two digits (exactly two when `fixed`).
fn getnum(v: &[u8], fixed: bool) -> Option<(i64, &[u8])> {
    if !digit(v, 0) {
        return None;
    }
    if !digit(v, 1) {
        if fixed {
            return None;
        }
        return Some((i64::from(v[0] - b'0'), &v[1..]));
    }
    Some((i64::from(v[0] - b'0') * 10 + i64::from(v[1] - b'0'), &v[2..]))
}

/// Go's `skip` of a one-character layout literal.
fn skip<'a>(v: &'a [u8], lit: &'static str) -> Result<&'a [u8], ParseError> {
    match v.first() {
        Some(&c) if c == lit.as_bytes()[0] => Ok(&v[1..]),
        _ => Err(ParseError::new(lit, v, "")),
    }
}

/// `time.Parse(time.RFC3339, s)` by Go's general parser; `comma`: a `,` may start the
/// fraction (Go 1.17 on); `ranged`: a fraction of more than nine digits is cut to nanoseconds
/// and a zone offset beyond 24 hours or 60 minutes is out of range (the Go of Terraform 1.6
/// on; Go 1.16, Terraform 1.0's, reads ten digits as a number of nanoseconds out of range and
/// takes any two-digit offset, as tf-oracle shows).
fn go_parse(s: &str, comma: bool, ranged: bool) -> Result<Time, ParseError> {
    let v = s.as_bytes();
    // 2006
    if v.len() < 4 || !digit(v, 0) || !v[..4].iter().all(u8::is_ascii_digit) {
        return Err(ParseError::new("2006", v, ""));
    }
    let year = v[..4].iter().fold(0i64, |a, &c| a * 10 + i64::from(c - b'0'));
    let v = skip(&v[4..], "-")?;
    // 01
    let (month, v) = getnum(v, true).ok_or_else(|| ParseError::new("01", v, ""))?;
    if !(1..=12).contains(&month) {
        return Err(ParseError::new("01", v, ": month out of range"));
    }
    let v = skip(v, "-")?;
    // 02
    let (day, v) = getnum(v, true).ok_or_else(|| ParseError::new("02", v, ""))?;
    let v = skip(v, "T")?;
    // 15
    let (hour, v) = getnum(v, false).ok_or_else(|| ParseError::new("15", v, ""))?;
    if hour >= 24 {
        return Err(ParseError::new("15", v, ": hour out of range"));
    }
    let v = skip(v, ":")?;
    // 04
    let (minute, v) = getnum(v, true).ok_or_else(|| ParseError::new("04", v, ""))?;
    if minute >= 60 {
        return Err(ParseError::new("04", v, ": minute out of range"));
    }
    let v = skip(v, ":")?;
    // 05
    let (second, mut v) = getnum(v, true).ok_or_else(|| ParseError::new("05", v, ""))?;
    if second >= 60 {
        return Err(ParseError::new("05", v, ": second out of range"));
    }
    let mut nsec = 0i64;
    if v.len() >= 2 && (v[0] == b'.' || (comma && v[0] == b',')) && digit(v, 1) {
        let mut n = 2;
        while digit(v, n) {
            n += 1;
        }
        let used = if ranged { n.min(10) } else { n };
        let mut ns = v[1..used]
            .iter()
            .fold(0i64, |a, &c| a.saturating_mul(10).saturating_add(i64::from(c - b'0')));
        if ns >= 1_000_000_000 {
            return Err(ParseError::new("05", &v[n..], ": fractional second out of range"));
        }
        for _ in 0..10usize.saturating_sub(used) {
            ns *= 10;
        }
        nsec = ns;
        v = &v[n..];
    }
    // Z07:00
    let hold = v;
    let offset;
    if v.first() == Some(&b'Z') {
        offset = 0;
        v = &v[1..];
    } else {
        let bad = || ParseError::new("Z07:00", hold, "");
        if v.len() < 6 || v[3] != b':' {
            return Err(bad());
        }
        let (sign, hh, mm) = (v[0], &v[1..3], &v[4..6]);
        v = &v[6..];
        let (hr, _) = getnum(hh, true).ok_or_else(bad)?;
        let (mi, _) = getnum(mm, true).ok_or_else(bad)?;
        if ranged && hr > 24 {
            return Err(ParseError::new("Z07:00", v, ": time zone offset hour out of range"));
        }
        if ranged && mi > 60 {
            return Err(ParseError::new("Z07:00", v, ": time zone offset minute out of range"));
        }
        let off = (hr * 60 + mi) * 60;
        offset = match sign {
            b'+' => off,
            b'-' => -off,
            _ => return Err(bad()),
        };
    }
    if !v.is_empty() {
        let rest = String::from_utf8_lossy(v).into_owned();
        return Err(ParseError::new("", v, format!(": extra text: {}", time_quote(&rest))));
    }
    if day < 1 || day > days_in(month, year) {
        return Err(ParseError::new("", b"", ": day out of range"));
    }
    let local = days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
    Ok(Time {
        secs: local - offset,
        nsec,
        offset,
    })
}

/// Terraform's `parseTimestamp` (timecmp's, built with Go 1.19 or later).
fn parse_timestamp(s: &str) -> Result<Time, String> {
    go_parse(s, true, true).map_err(|e| e.terraform())
}

/// go-cty's `parseTimestamp` (formatdate, timeadd) in Terraform `version`: Go's general
/// parser up to 1.5 (with the comma fraction from Go 1.17, Terraform 1.1), then go-cty's
/// strict RFC 3339.
fn parse_cty_timestamp(s: &str, version: TfVersion) -> Result<Time, String> {
    let comma = releases::has(version, &releases::RFC3339_COMMA_FRACTION);
    let ranged = releases::has(version, &releases::STRICT_RFC3339);
    let t = go_parse(s, comma, ranged).map_err(|e| e.terraform())?;
    if !releases::has(version, &releases::STRICT_RFC3339) {
        return Ok(t);
    }
    match super::rfc3339_strict::check(s) {
        None => Ok(t),
        Some(Refusal::Part(layout, value)) => Err(ParseError {
            layout,
            value,
            message: String::new(),
        }
        .terraform()),
        Some(Refusal::ZeroTime) => Ok(Time {
            secs: days_from_civil(1, 1, 1) * 86400,
            nsec: 0,
            offset: 0,
        }),
    }
}

/// The `time` package's own `quote` (non-ASCII and control bytes as `\x..`).
fn time_quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if (c as u32) >= 0x80 || c < ' ' {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// Go's `time.ParseDuration`, in nanoseconds.
fn parse_duration(orig: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", time_quote(orig));
    let mut s = orig.as_bytes();
    let mut neg = false;
    if let Some(&c) = s.first()
        && (c == b'-' || c == b'+')
    {
        neg = c == b'-';
        s = &s[1..];
    }
    if s == b"0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    const LIMIT: u64 = 1 << 63;
    let mut d: u64 = 0;
    while !s.is_empty() {
        if !(s[0] == b'.' || s[0].is_ascii_digit()) {
            return Err(invalid());
        }
        // leadingInt
        let mut v: u64 = 0;
        let mut i = 0;
        while i < s.len() && s[i].is_ascii_digit() {
            if v > LIMIT / 10 {
                return Err(invalid());
            }
            v = v * 10 + u64::from(s[i] - b'0');
            if v > LIMIT {
                return Err(invalid());
            }
            i += 1;
        }
        let pre = i > 0;
        s = &s[i..];
        // leadingFraction
        let mut f: u64 = 0;
        let mut scale = 1.0f64;
        let mut post = false;
        if s.first() == Some(&b'.') {
            s = &s[1..];
            let mut i = 0;
            let mut overflow = false;
            while i < s.len() && s[i].is_ascii_digit() {
                if !overflow {
                    if f > (LIMIT - 1) / 10 {
                        overflow = true;
                    } else {
                        let y = f * 10 + u64::from(s[i] - b'0');
                        if y > LIMIT {
                            overflow = true;
                        } else {
                            f = y;
                            scale *= 10.0;
                        }
                    }
                }
                i += 1;
            }
            post = i > 0;
            s = &s[i..];
        }
        if !pre && !post {
            return Err(invalid());
        }
        let mut i = 0;
        while i < s.len() && !(s[i] == b'.' || s[i].is_ascii_digit()) {
            i += 1;
        }
        if i == 0 {
            return Err(format!("time: missing unit in duration {}", time_quote(orig)));
        }
        let u = String::from_utf8_lossy(&s[..i]).into_owned();
        s = &s[i..];
        let unit: u64 = match u.as_str() {
            "ns" => 1,
            "us" | "\u{b5}s" | "\u{3bc}s" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            _ => {
                return Err(format!("time: unknown unit {} in duration {}", time_quote(&u), time_quote(orig)));
            }
        };
        if v > LIMIT / unit {
            return Err(invalid());
        }
        v *= unit;
        if f > 0 {
            v += (f as f64 * (unit as f64 / scale)) as u64;
            if v > LIMIT {
                return Err(invalid());
            }
        }
        // Go's uint64 addition wraps (2^63 + 2^63 is 0).
        d = d.wrapping_add(v);
        if d > LIMIT {
            return Err(invalid());
        }
    }
    if neg {
        return Ok((d as i64).wrapping_neg());
    }
    if d > LIMIT - 1 {
        return Err(invalid());
    }
    Ok(d as i64)
}

fn formatdate(ev: &Evaluator, a: &[Value]) -> FnResult {
    let t = parse_cty_timestamp(s(&a[1]), ev.version).map_err(|e| FnError::Arg(1, e))?;
    let f = t.fields();
    let format = s(&a[0]).as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(format.len() * 2);
    let mut rest = format;
    let verb_err = |tok: &[u8], why: &str| {
        let q = go_quote(&String::from_utf8_lossy(tok));
        FnError::Arg(
            0,
            if why.is_empty() {
                format!("invalid date format verb {q}")
            } else {
                format!("invalid date format verb {q}: {why}")
            },
        )
    };
    while !rest.is_empty() {
        let n = token_len(rest);
        let (tok, tail) = rest.split_at(n);
        rest = tail;
        let c = tok[0];
        if c == b'\'' {
            if tok.len() == 1 || tok[tok.len() - 1] != b'\'' {
                return Err(FnError::Arg(0, "unterminated literal '".into()));
            }
            if tok.len() == 2 {
                out.push(b'\'');
            } else {
                let raw = &tok[1..tok.len() - 1];
                let mut i = 0;
                while i < raw.len() {
                    out.push(raw[i]);
                    if raw[i] == b'\'' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            continue;
        }
        if !c.is_ascii_alphabetic() {
            out.extend_from_slice(tok);
            continue;
        }
        let len = tok.len();
        let text: String = match (c, len) {
            (b'Y', 2) => format!("{:02}", f.year % 100),
            (b'Y', 4) => format!("{:04}", f.year),
            (b'Y', _) => return Err(verb_err(tok, "year must either be \"YY\" or \"YYYY\"")),
            (b'M', 1) => f.month.to_string(),
            (b'M', 2) => format!("{:02}", f.month),
            (b'M', 3) => MONTHS[(f.month - 1) as usize % 12][..3].to_string(),
            (b'M', 4) => MONTHS[(f.month - 1) as usize % 12].to_string(),
            (b'M', _) => return Err(verb_err(tok, "month must be \"M\", \"MM\", \"MMM\", or \"MMMM\"")),
            (b'D', 1) => f.day.to_string(),
            (b'D', 2) => format!("{:02}", f.day),
            (b'D', _) => return Err(verb_err(tok, "day of month must either be \"D\" or \"DD\"")),
            (b'E', 3) => WEEKDAYS[f.weekday % 7][..3].to_string(),
            (b'E', 4) => WEEKDAYS[f.weekday % 7].to_string(),
            (b'E', _) => return Err(verb_err(tok, "day of week must either be \"EEE\" or \"EEEE\"")),
            (b'h', 1) => f.hour.to_string(),
            (b'h', 2) => format!("{:02}", f.hour),
            (b'h', _) => return Err(verb_err(tok, "24-hour must either be \"h\" or \"hh\"")),
            (b'H', 1 | 2) => {
                let h = if f.hour % 12 == 0 { 12 } else { f.hour % 12 };
                if len == 1 { h.to_string() } else { format!("{h:02}") }
            }
            (b'H', _) => return Err(verb_err(tok, "12-hour must either be \"H\" or \"HH\"")),
            (b'A' | b'a', 2) => {
                let pm = f.hour >= 12;
                match (c == b'A', pm) {
                    (true, false) => "AM",
                    (true, true) => "PM",
                    (false, false) => "am",
                    (false, true) => "pm",
                }
                .to_string()
            }
            (b'A' | b'a', _) => {
                let l = c as char;
                return Err(verb_err(tok, &format!("must be \"{l}{l}\"")));
            }
            (b'm', 1) => f.minute.to_string(),
            (b'm', 2) => format!("{:02}", f.minute),
            (b'm', _) => return Err(verb_err(tok, "minute must either be \"m\" or \"mm\"")),
            (b's', 1) => f.second.to_string(),
            (b's', 2) => format!("{:02}", f.second),
            (b's', _) => return Err(verb_err(tok, "second must either be \"s\" or \"ss\"")),
            (b'Z', 1) => t.zone(true, true),
            (b'Z', 3) => {
                let z = t.zone(false, false);
                if z == "+0000" { "UTC".into() } else { z }
            }
            (b'Z', 4) => t.zone(false, false),
            (b'Z', 5) => t.zone(false, true),
            (b'Z', _) => return Err(verb_err(tok, "timezone must be Z, ZZZZ, or ZZZZZ")),
            _ => return Err(verb_err(tok, "")),
        };
        out.extend_from_slice(text.as_bytes());
    }
    string(String::from_utf8_lossy(&out).into_owned())
}

/// go-cty's `splitDateFormat` on the whole remaining format: the next token's length.
fn token_len(data: &[u8]) -> usize {
    let c = data[0];
    if c == b'\'' {
        if data.len() > 1 && data[1] == b'\'' {
            return 2;
        }
        let mut i = 1;
        while i < data.len() {
            if data[i] == b'\'' {
                if i + 1 == data.len() {
                    return data.len();
                }
                if data[i + 1] == b'\'' {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i += 1;
        }
        return data.len();
    }
    if c.is_ascii_alphabetic() {
        return data.iter().position(|&b| b != c).unwrap_or(data.len());
    }
    data.iter()
        .skip(1)
        .position(|&b| b == b'\'' || b.is_ascii_alphabetic())
        .map_or(data.len(), |p| p + 1)
}

fn timeadd(ev: &Evaluator, a: &[Value]) -> FnResult {
    let t = parse_cty_timestamp(s(&a[0]), ev.version).map_err(FnError::Call)?;
    let d = parse_duration(s(&a[1])).map_err(FnError::Call)?;
    string(t.add(d).rfc3339())
}

fn timecmp(_: &Evaluator, a: &[Value]) -> FnResult {
    let x = parse_timestamp(s(&a[0])).map_err(|e| FnError::Arg(0, e))?;
    let y = parse_timestamp(s(&a[1])).map_err(|e| FnError::Arg(1, e))?;
    Ok(Value::int(match x.instant().cmp(&y.instant()) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    }))
}

/// timestamp() and plantimestamp(): the host's fixed time, else the clock, in UTC.
fn now(ev: &Evaluator, _: &[Value]) -> FnResult {
    if let Some(fixed) = &ev.host.fixed_now {
        return match parse_timestamp(fixed) {
            Ok(t) => string(Time { offset: 0, ..t }.rfc3339()),
            Err(_) => string(fixed.clone()),
        };
    }
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    string(Time { secs, nsec: 0, offset: 0 }.rfc3339())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trip() {
        for d in [-719528, -1, 0, 1, 17857, 2932896] {
            let (y, m, dd) = civil_from_days(d);
            assert_eq!(days_from_civil(y, m, dd), d);
        }
        assert_eq!(civil_from_days(0), (1970, 1, 1));
    }

    #[test]
    fn parse_errors_as_terraform() {
        let e = |s: &str| parse_timestamp(s).err().unwrap_or_default();
        assert_eq!(
            e("2018-13-02T23:12:01Z"),
            "not a valid RFC3339 timestamp: cannot use \"-02T23:12:01Z\" as month"
        );
        assert_eq!(e("2019-02-29T00:00:00Z"), "not a valid RFC3339 timestamp: day out of range");
        assert_eq!(
            e("2018-01-02"),
            "not a valid RFC3339 timestamp: missing required time introducer 'T'"
        );
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("1h30m"), Ok(5_400_000_000_000));
        assert_eq!(parse_duration("-0.5s"), Ok(-500_000_000));
        assert_eq!(parse_duration("1d"), Err("time: unknown unit \"d\" in duration \"1d\"".into()));
    }
}
