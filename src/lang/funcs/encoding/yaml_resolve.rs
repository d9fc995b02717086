//! go-cty-yaml's scalar resolution (YAML 1.1 booleans and nulls, 0x/0o integers, exact
//! decimals, timestamps as RFC 3339 strings, tags) for yamldecode.

use super::yaml::{BINARY_TAG, BOOL_TAG, FLOAT_TAG, INT_TAG, NULL_TAG, STR_TAG, TIMESTAMP_TAG};
use crate::lang::eval::nfc;
use crate::lang::value::Value;
use crate::lang::value::number::Number;

/// A resolved scalar: a value, or the merge key `<<`.
pub(super) enum Scalar {
    /// An ordinary value.
    Val(Value),
    /// The merge key `<<`.
    Merge,
}

/// Go's %q of a string.
pub(super) fn go_q(s: &str) -> String {
    crate::lang::value::render::go_quote(s)
}

fn string_val(s: &str) -> Value {
    Value::string(nfc(s))
}

/// cty.ParseNumberVal.
fn parse_number(s: &str) -> Option<Value> {
    Number::parse(s).map(Value::Number)
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
fn yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let st = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - st
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Plain scalars (underscores removed) that go-cty-yaml hands to its integer parser: an
/// optional sign and decimal digits, or a lowercase 0x or 0o prefixed number, or nothing.
fn yaml_style_int(s: &str) -> bool {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    if body.bytes().all(|c| c.is_ascii_digit()) {
        return true;
    }
    if let Some(h) = body.strip_prefix("0x") {
        return !h.is_empty() && h.bytes().all(|c| c.is_ascii_hexdigit());
    }
    if let Some(o) = body.strip_prefix("0o") {
        return !o.is_empty() && o.bytes().all(|c| (b'0'..=b'7').contains(&c));
    }
    false
}

/// Go's strconv.ParseInt(s, 0, 64) / ParseUint(s, 0, 64), as a number.
fn go_parse_int(s: &str, signed: bool) -> Option<Value> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'+') if signed => (false, &s[1..]),
        Some(b'-') if signed => (true, &s[1..]),
        _ => (false, s),
    };
    let (radix, digits) = if let Some(r) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        (16, r)
    } else if let Some(r) = body.strip_prefix("0o").or_else(|| body.strip_prefix("0O")) {
        (8, r)
    } else if let Some(r) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
        (2, r)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let mag = u64::from_str_radix(digits, radix).ok()?;
    if !signed {
        return Some(Value::Number(Number::from_u64(mag)));
    }
    if neg {
        if mag > 1u64 << 63 {
            return None;
        }
        Some(Value::Number(Number::from_i64((mag as i64).wrapping_neg())))
    } else {
        i64::try_from(mag).ok().map(Value::int)
    }
}

fn resolve_map(src: &str) -> Option<Value> {
    Some(match src {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => Value::Bool(true),
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => Value::Bool(false),
        "" | "~" | "null" | "Null" | "NULL" => Value::null(),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Value::Number(Number::pos_inf()),
        "-.inf" | "-.Inf" | "-.INF" => Value::Number(Number::neg_inf()),
        _ => return None,
    })
}

fn is_bool_word(src: &str) -> bool {
    matches!(resolve_map(src), Some(Value::Bool(_)))
}

/// go-cty-yaml 1.1's integer patterns (YAML 1.2's): a signed decimal, or an unsigned 0o or
/// 0x number, with no underscores.
fn yaml12_int(s: &str) -> bool {
    let all = |t: &str, f: fn(u8) -> bool| !t.is_empty() && t.bytes().all(f);
    all(s.strip_prefix(['+', '-']).unwrap_or(s), |c| c.is_ascii_digit())
        || s.strip_prefix("0o").is_some_and(|o| all(o, |c| (b'0'..=b'7').contains(&c)))
        || s.strip_prefix("0x").is_some_and(|h| all(h, |c| c.is_ascii_hexdigit()))
}

/// go-cty-yaml's resolveScalar. `yaml12_ints` answers whether the release in use has go-cty-yaml
/// 1.1's integer patterns; it is asked only for a scalar the two readings disagree on.
pub(super) fn resolve(tag: &str, src: &str, quoted: bool, yaml12_ints: &dyn Fn() -> bool) -> Result<Scalar, String> {
    if !matches!(
        tag,
        "" | STR_TAG | BOOL_TAG | INT_TAG | FLOAT_TAG | NULL_TAG | TIMESTAMP_TAG | BINARY_TAG
    ) {
        return Err(format!("unsupported tag {}", go_q(tag)));
    }
    let mut tag = tag;
    let hint = match src.as_bytes().first() {
        None => b'N',
        Some(b'+' | b'-') => b'S',
        Some(b'0'..=b'9') => b'D',
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
        Some(b'.') => b'.',
        Some(_) => 0,
    };
    if hint != 0 && tag != STR_TAG && tag != BINARY_TAG {
        if quoted {
            return Ok(Scalar::Val(string_val(src)));
        }
        if let Some(v) = resolve_map(src) {
            return Ok(Scalar::Val(v));
        }
        if tag.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".into());
        }
        match hint {
            b'.' => {
                if let Some(v) = parse_number(src) {
                    return Ok(Scalar::Val(v));
                }
            }
            b'D' | b'S' => {
                if (tag.is_empty() || tag == TIMESTAMP_TAG)
                    && let Some(t) = parse_timestamp(src)
                {
                    return Ok(Scalar::Val(Value::string(t)));
                }
                if yaml_style_float(src)
                    && let Some(v) = parse_number(src)
                {
                    return Ok(Scalar::Val(v));
                }
                let plain = src.replace('_', "");
                let (old, new) = (yaml_style_int(&plain), yaml12_int(src));
                if if old == new { new } else { yaml12_ints() == new } {
                    tag = INT_TAG;
                }
            }
            _ => {}
        }
    }
    if tag.is_empty() && src == "<<" {
        return Ok(Scalar::Merge);
    }
    let cannot = || format!("cannot parse {} as {tag}", go_q(src));
    match tag {
        STR_TAG | BINARY_TAG => {
            if tag == BINARY_TAG && super::b64_decode(src).is_err() {
                return Err(format!("{}: not valid base64", cannot()));
            }
            Ok(Scalar::Val(string_val(src)))
        }
        BOOL_TAG => {
            if is_bool_word(src) {
                Ok(Scalar::Val(resolve_map(src).unwrap_or(Value::Bool(false))))
            } else {
                Err(cannot())
            }
        }
        INT_TAG | FLOAT_TAG => {
            let plain = src.replace('_', "");
            if let Some(v) = parse_number(&plain) {
                return Ok(Scalar::Val(v));
            }
            if let Some(v) = go_parse_int(&plain, true).or_else(|| go_parse_int(&plain, false)) {
                return Ok(Scalar::Val(v));
            }
            if let Some(bits) = plain.strip_prefix("0b")
                && let Some(v) = go_parse_int(&format!("0b{bits}"), true)
            {
                return Ok(Scalar::Val(v));
            }
            if let Some(bits) = plain.strip_prefix("-0b")
                && let Some(v) = go_parse_int(&format!("-0b{bits}"), true)
            {
                return Ok(Scalar::Val(v));
            }
            Err(cannot())
        }
        TIMESTAMP_TAG => parse_timestamp(src).map(|t| Scalar::Val(Value::string(t))).ok_or_else(cannot),
        NULL_TAG => Ok(Scalar::Val(Value::null())),
        _ => Ok(Scalar::Val(string_val(src))),
    }
}

/// Reads 1 or 2 digits (Go's getnum with fixed=false).
fn num12(b: &[u8], i: &mut usize) -> Option<u32> {
    let d1 = *b.get(*i)?;
    if !d1.is_ascii_digit() {
        return None;
    }
    *i += 1;
    let mut v = u32::from(d1 - b'0');
    if let Some(&d2) = b.get(*i)
        && d2.is_ascii_digit()
    {
        *i += 1;
        v = v * 10 + u32::from(d2 - b'0');
    }
    Some(v)
}

fn days_in(month: u32, year: i64) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ => {
            if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 {
                29
            } else {
                28
            }
        }
    }
}

/// The timestamp forms go-cty-yaml accepts, formatted as RFC 3339 (fractions dropped).
fn parse_timestamp(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return None;
    }
    let year: i64 = s[..4].parse().ok()?;
    let mut i = 5;
    let month = num12(b, &mut i)?;
    if b.get(i) != Some(&b'-') {
        return None;
    }
    i += 1;
    let day = num12(b, &mut i)?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in(month, year) {
        return None;
    }
    let date = format!("{year:04}-{month:02}-{day:02}");
    if i == b.len() {
        return Some(format!("{date}T00:00:00Z"));
    }
    let sep = b[i];
    if !matches!(sep, b'T' | b't' | b' ') {
        return None;
    }
    i += 1;
    let hour = num12(b, &mut i)?;
    if b.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    let min = num12(b, &mut i)?;
    if b.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    let sec = num12(b, &mut i)?;
    if hour > 23 || min > 59 || sec > 59 {
        return None;
    }
    if matches!(b.get(i), Some(b'.' | b',')) && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    let time = format!("{date}T{hour:02}:{min:02}:{sec:02}");
    if sep == b' ' {
        return (i == b.len()).then(|| format!("{time}Z"));
    }
    match b.get(i) {
        Some(b'Z') if i + 1 == b.len() => Some(format!("{time}Z")),
        Some(&sgn @ (b'+' | b'-')) if b.len() == i + 6 && b[i + 3] == b':' => {
            let hh: u32 = s.get(i + 1..i + 3)?.parse().ok()?;
            let mm: u32 = s.get(i + 4..i + 6)?.parse().ok()?;
            if !s[i + 1..i + 3].bytes().all(|c| c.is_ascii_digit()) || !s[i + 4..i + 6].bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            if hh == 0 && mm == 0 {
                Some(format!("{time}Z"))
            } else {
                Some(format!("{time}{}{hh:02}:{mm:02}", sgn as char))
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(src: &str) -> String {
        match resolve("", src, false, &|| true) {
            Ok(Scalar::Val(v)) => crate::lang::value::render::console(&v),
            Ok(Scalar::Merge) => "<<".into(),
            Err(e) => format!("ERR {e}"),
        }
    }

    #[test]
    fn yaml11_scalars() {
        assert_eq!(r("yes"), "true");
        assert_eq!(r("0x10"), "16");
        assert_eq!(r("0777"), "777");
        assert_eq!(r("0b101"), "\"0b101\"");
        assert_eq!(r("+inf"), "\"+inf\"");
        // go-cty-yaml 1.1 (Terraform 1.10): "+" is no integer; before, an empty one.
        assert_eq!(r("+"), "\"+\"");
        assert_eq!(r("2001-12-14"), "\"2001-12-14T00:00:00Z\"");
    }
}
