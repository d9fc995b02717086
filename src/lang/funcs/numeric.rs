//! The numeric functions: abs, ceil, floor, log, max, min, parseint, pow, signum.
//!
//! abs, ceil, floor, max and min work on the big floats directly (go-cty's stdlib); log and
//! pow go through float64 as Terraform's own implementations do, with Go's `math.Log`,
//! `math.Exp` (the amd64 assembly versions) and `math.Pow` reproduced bit for bit.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint, Sign};

use super::util::{num, s};
use super::{FnError, FnResult, Func, Param, Registry};
use crate::lang::eval::Evaluator;
use crate::lang::value::number::Number;
use crate::lang::value::{Type, Value};

/// Registers the numeric functions.
pub fn register(r: &mut Registry) {
    let n = |name| Param::new(name, Type::Number);
    r.add(
        "abs",
        Func::new(vec![n("num")], |_, a| Ok(Value::Number(num(&a[0]).abs()))).returns(Type::Number),
    );
    r.add(
        "ceil",
        Func::new(vec![n("num")], |_, a| Ok(Value::Number(num(&a[0]).ceil()))).returns(Type::Number),
    );
    r.add(
        "floor",
        Func::new(vec![n("num")], |_, a| Ok(Value::Number(num(&a[0]).floor()))).returns(Type::Number),
    );
    r.add("log", Func::new(vec![n("num"), n("base")], log).returns(Type::Number));
    r.add("pow", Func::new(vec![n("num"), n("power")], pow).returns(Type::Number));
    r.add("signum", Func::new(vec![n("num")], signum).returns(Type::Number));
    r.add(
        "max",
        Func::new(vec![], |_, a| extreme(a, Ordering::Greater))
            .variadic(n("numbers"))
            .returns(Type::Number),
    );
    r.add(
        "min",
        Func::new(vec![], |_, a| extreme(a, Ordering::Less))
            .variadic(n("numbers"))
            .returns(Type::Number),
    );
    r.add(
        "parseint",
        Func::new(
            vec![
                Param::new("number", Type::Dynamic).marked().unknowns(),
                Param::new("base", Type::Number).marked().unknowns(),
            ],
            parseint,
        )
        .returns(Type::Number),
    );
}

/// The error gocty gives converting a non-integer to a Go `int`.
pub(crate) const NOT_INT64: &str = "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/// A number converted to a Go `int` as gocty does.
pub(crate) fn go_int(n: &Number) -> Result<i64, String> {
    n.to_i64().ok_or_else(|| NOT_INT64.to_string())
}

/// A number converted to float64 as gocty does (an overflow to infinity is an error).
fn go_float(n: &Number) -> Result<f64, FnError> {
    let f = n.to_f64();
    if f.is_infinite() && !n.is_inf() {
        return Err(FnError::Call("value must be between -Inf and +Inf".into()));
    }
    Ok(f)
}

/// `cty.NumberFloatVal`: Go panics on NaN.
fn float_val(f: f64) -> FnResult {
    Number::from_f64(f)
        .map(Value::Number)
        .ok_or_else(|| FnError::Call("panic in function implementation: Float.SetFloat64(NaN)".into()))
}

fn log(_: &Evaluator, a: &[Value]) -> FnResult {
    let x = go_float(&num(&a[0]))?;
    let b = go_float(&num(&a[1]))?;
    float_val(go_log(x) / go_log(b))
}

fn pow(_: &Evaluator, a: &[Value]) -> FnResult {
    let x = go_float(&num(&a[0]))?;
    let y = go_float(&num(&a[1]))?;
    float_val(go_pow(x, y))
}

fn signum(_: &Evaluator, a: &[Value]) -> FnResult {
    let v = go_int(&num(&a[0])).map_err(FnError::Call)?;
    Ok(Value::int(v.signum()))
}

/// max/min: the first argument strictly beyond all others wins (cty compares from ∓Inf).
fn extreme(a: &[Value], want: Ordering) -> FnResult {
    if a.is_empty() {
        return Err(FnError::Call("must pass at least one number".into()));
    }
    let mut best = if want == Ordering::Greater {
        Number::neg_inf()
    } else {
        Number::pos_inf()
    };
    for v in a {
        let n = num(v);
        if n.cmp_exact(&best) == want {
            best = n;
        }
    }
    Ok(Value::Number(best))
}

fn parseint(_: &Evaluator, a: &[Value]) -> FnResult {
    let (nv, nmark) = a[0].clone().unmark();
    let (bv, bmark) = a[1].clone().unmark();
    if !matches!(nv.ty(), Type::String) {
        if nv.is_unknown() && nv.ty() == Type::Dynamic {
            return Ok(Value::unknown(Type::Number).mark_with(nmark | bmark));
        }
        return Err(FnError::Arg(
            0,
            format!("first argument must be a string, not {}", nv.ty().friendly()),
        ));
    }
    if nv.is_unknown() || bv.is_unknown() {
        return Ok(Value::unknown(Type::Number).mark_with(nmark | bmark));
    }
    let base = go_int(&num(&bv)).map_err(|m| FnError::Arg(1, m))?;
    if !(2..=62).contains(&base) {
        return Err(FnError::Arg(1, "base must be a whole number between 2 and 62 inclusive".into()));
    }
    let text = s(&nv);
    match parse_big_int(text, base as u32) {
        Some(v) => Ok(Value::Number(Number::from_bigint(&v)).mark_with(nmark | bmark)),
        None => {
            let shown = if nmark.sensitive() {
                "(sensitive value)".to_string()
            } else {
                crate::lang::value::render::go_quote(text)
            };
            let base_shown = if bmark.sensitive() {
                "(sensitive value)".to_string()
            } else {
                base.to_string()
            };
            Err(FnError::Arg(0, format!("cannot parse {shown} as a base {base_shown} integer")))
        }
    }
}

/// Go `big.Int.SetString(s, base)` for 2 <= base <= 62: optional sign, then digits only.
fn parse_big_int(s: &str, base: u32) -> Option<BigInt> {
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    let mut vals = Vec::with_capacity(digits.len());
    for c in digits.bytes() {
        let d = match c {
            b'0'..=b'9' => u32::from(c - b'0'),
            b'a'..=b'z' => u32::from(c - b'a') + 10,
            b'A'..=b'Z' if base <= 36 => u32::from(c - b'A') + 10,
            b'A'..=b'Z' => u32::from(c - b'A') + 36,
            _ => return None,
        };
        if d >= base {
            return None;
        }
        vals.push(d as u8);
    }
    let mag = BigUint::from_radix_be(&vals, base)?;
    Some(BigInt::from_biguint(if neg { Sign::Minus } else { Sign::Plus }, mag))
}

// ---- Go's float64 math, reproduced exactly (amd64 build) ----

/// Go `math.Frexp`.
fn frexp(f: f64) -> (f64, i64) {
    if f == 0.0 || f.is_infinite() || f.is_nan() {
        return (f, 0);
    }
    let (f, mut exp) = if f.abs() < f64::MIN_POSITIVE {
        (f * (1u64 << 52) as f64, -52)
    } else {
        (f, 0)
    };
    let mut x = f.to_bits();
    exp += ((x >> 52) & 0x7ff) as i64 - 1023 + 1;
    x &= !(0x7ffu64 << 52);
    x |= 1022u64 << 52;
    (f64::from_bits(x), exp)
}

/// Go `math.Ldexp`.
fn ldexp(frac: f64, exp: i64) -> f64 {
    if frac == 0.0 || frac.is_infinite() || frac.is_nan() {
        return frac;
    }
    let (frac, e) = if frac.abs() < f64::MIN_POSITIVE {
        (frac * (1u64 << 52) as f64, -52)
    } else {
        (frac, 0)
    };
    let mut exp = exp.saturating_add(e);
    let mut x = frac.to_bits();
    exp = exp.saturating_add(((x >> 52) & 0x7ff) as i64 - 1023);
    if exp < -1075 {
        return 0.0f64.copysign(frac);
    }
    if exp > 1023 {
        return if frac < 0.0 { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    let mut m = 1.0;
    if exp < -1022 {
        exp += 53;
        m = 1.0 / (1u64 << 53) as f64;
    }
    x &= !(0x7ffu64 << 52);
    x |= ((exp + 1023) as u64) << 52;
    m * f64::from_bits(x)
}

#[allow(clippy::excessive_precision)]
/// Go `math.Log` (log_amd64.s; its frexp ignores subnormals, as the assembly does).
fn go_log(x: f64) -> f64 {
    const LN2_HI: f64 = 6.93147180369123816490e-01;
    const LN2_LO: f64 = 1.90821492927058770002e-10;
    const L1: f64 = 6.666666666666735130e-01;
    const L2: f64 = 3.999999999940941908e-01;
    const L3: f64 = 2.857142874366239149e-01;
    const L4: f64 = 2.222219843214978396e-01;
    const L5: f64 = 1.818357216161805012e-01;
    const L6: f64 = 1.531383769920937332e-01;
    const L7: f64 = 1.479819860511658591e-01;
    let bits = x.to_bits();
    if bits & !(1u64 << 63) == 0 {
        return f64::NEG_INFINITY;
    }
    if (bits as i64) < 0 {
        return f64::NAN;
    }
    if bits >= 0x7FF0_0000_0000_0000 {
        return x;
    }
    let mut f1 = f64::from_bits((bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FE0_0000_0000_0000);
    let mut k = (((bits >> 52) & 0x7ff) as i64 - 0x3FE) as f64;
    if f1 <= std::f64::consts::FRAC_1_SQRT_2 {
        k -= 1.0;
        f1 *= 2.0;
    }
    let f = f1 - 1.0;
    let s = f / (2.0 + f);
    let s2 = s * s;
    let s4 = s2 * s2;
    let t1 = s2 * (((L7 * s4 + L5) * s4 + L3) * s4 + L1);
    let t2 = s4 * ((L6 * s4 + L4) * s4 + L2);
    let r = t1 + t2;
    let hfsq = 0.5 * f * f;
    k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f)
}

#[allow(clippy::excessive_precision)]
/// Go `math.Exp` (exp_amd64.s, the path without FMA).
fn go_exp(x: f64) -> f64 {
    const LOG2E: f64 = std::f64::consts::LOG2_E;
    const LN2U: f64 = 0.69314718055966295651160180568695068359375;
    const LN2L: f64 = 0.28235290563031577122588448175013436025525412068e-12;
    const OVERFLOW: f64 = 7.09782712893384e+02;
    let bits = x.to_bits();
    if bits & !(1u64 << 63) >= 0x7FF0_0000_0000_0000 {
        if bits == 0xFFF0_0000_0000_0000 {
            return 0.0;
        }
        return x;
    }
    if x > OVERFLOW {
        return f64::INFINITY;
    }
    // CVTSD2SL: round to nearest even; out of range gives i32::MIN.
    let t = x * LOG2E;
    let r = t.round_ties_even();
    let e: i64 = if (-2147483648.0..=2147483647.0).contains(&r) {
        r as i64
    } else {
        i32::MIN as i64
    };
    let k = e as f64;
    let mut x0 = x - LN2U * k;
    x0 -= LN2L * k;
    x0 *= 0.0625;
    let mut p = 2.4801587301587301587e-5 * x0;
    for c in [
        1.9841269841269841270e-4,
        1.3888888888888888889e-3,
        8.3333333333333333333e-3,
        4.1666666666666666667e-2,
        1.6666666666666666667e-1,
        0.5,
    ] {
        p = (p + c) * x0;
    }
    p += 1.0;
    let mut y = x0 * p;
    for _ in 0..4 {
        y *= 2.0 + y;
    }
    y += 1.0;
    // ldexp by exponent arithmetic, as the assembly does
    let mut be = e + 0x3FF;
    if be <= 0 {
        if be < -52 {
            return 0.0;
        }
        be += 0x3FE;
        y *= f64::from_bits((be as u64) << 52);
        be = 1;
    } else if be >= 0x7FF {
        return f64::INFINITY;
    }
    y * f64::from_bits((be as u64) << 52)
}

fn is_odd_int(x: f64) -> bool {
    if x.abs() >= (1u64 << 53) as f64 {
        return false;
    }
    let xi = x.trunc();
    xi == x && (xi as i64) & 1 == 1
}

/// Go `math.Pow`.
fn go_pow(x: f64, y: f64) -> f64 {
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if y == 1.0 {
        return x;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        if y < 0.0 {
            return if x.is_sign_negative() && is_odd_int(y) {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
        }
        return if x.is_sign_negative() && is_odd_int(y) { x } else { 0.0 };
    }
    if y.is_infinite() {
        if x == -1.0 {
            return 1.0;
        }
        return if (x.abs() < 1.0) == (y > 0.0) { 0.0 } else { f64::INFINITY };
    }
    if x.is_infinite() {
        if x < 0.0 {
            return go_pow(1.0 / x, -y);
        }
        return if y < 0.0 { 0.0 } else { f64::INFINITY };
    }
    if y == 0.5 {
        return x.sqrt();
    }
    if y == -0.5 {
        return 1.0 / x.sqrt();
    }
    let ay = y.abs();
    let mut yi = ay.trunc();
    let mut yf = ay - yi;
    if yf != 0.0 && x < 0.0 {
        return f64::NAN;
    }
    if yi >= (1u64 << 63) as f64 {
        if x == -1.0 {
            return 1.0;
        }
        return if (x.abs() < 1.0) == (y > 0.0) { 0.0 } else { f64::INFINITY };
    }
    let mut a1 = 1.0;
    let mut ae: i64 = 0;
    if yf != 0.0 {
        if yf > 0.5 {
            yf -= 1.0;
            yi += 1.0;
        }
        a1 = go_exp(yf * go_log(x));
    }
    let (mut x1, mut xe) = frexp(x);
    let mut i = yi as i64;
    while i != 0 {
        if !(-(1 << 12)..=(1 << 12)).contains(&xe) {
            ae += xe;
            break;
        }
        if i & 1 == 1 {
            a1 *= x1;
            ae += xe;
        }
        x1 *= x1;
        xe <<= 1;
        if x1 < 0.5 {
            x1 += x1;
            xe -= 1;
        }
        i >>= 1;
    }
    if y < 0.0 {
        a1 = 1.0 / a1;
        ae = -ae;
    }
    ldexp(a1, ae)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_math_matches_recorded_terraform() {
        assert_eq!(go_pow(3.0, 2.5), 15.588457268119894);
        assert_eq!(go_log(2.0) / go_log(10.0), 0.30102999566398114);
        assert_eq!(go_pow(2.0, 10.0), 1024.0);
    }

    #[test]
    fn parse_big_int_bases() {
        assert_eq!(parse_big_int("Zz", 62), Some(BigInt::from(3817)));
        assert_eq!(parse_big_int("zz", 36), Some(BigInt::from(1295)));
        assert_eq!(parse_big_int("1_000", 10), None);
        assert_eq!(parse_big_int("-", 10), None);
    }
}
