//! Terraform's number type: a faithful model of Go's `math/big.Float` as used by go-cty.
//!
//! Every value is a sign, a binary mantissa and exponent (`mant * 2^exp`), a precision in
//! bits, and a kind (finite or infinite). Arithmetic rounds ToNearestEven to the result
//! precision exactly as `big.Float` does, and formatting reproduces `Float.Text`.
//!
//! Deviation from Go: `parse` refuses literals whose written exponent exceeds
//! [`Number::MAX_PARSE_EXP`] in magnitude (Go would build enormous numbers), so that
//! nothing hangs.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// Go's `big.MaxExp` (exponent of the `0.5 <= m < 1` normal form).
const MAX_EXP: i64 = i32::MAX as i64;
/// Go's `big.MinExp`.
const MIN_EXP: i64 = i32::MIN as i64;

/// An error raised where Go's `big.Float` panics with `ErrNaN`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    /// The operation has no defined result; the text is Go's `ErrNaN` message.
    NaN(&'static str),
    /// Go crashed (a runtime panic that is not `ErrNaN`); the text is Go's message.
    Panic(&'static str),
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::NaN(msg) | NumberError::Panic(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for NumberError {}

/// A Terraform number: Go `big.Float` semantics with a per-value precision.
#[derive(Clone, Debug)]
pub struct Number {
    /// Sign bit (true also for -0 and -Inf).
    neg: bool,
    /// Infinite value.
    inf: bool,
    /// Mantissa; zero for zero and infinities; normally odd (trailing zeros stripped).
    mant: BigUint,
    /// Binary exponent: value = mant * 2^exp.
    exp: i64,
    /// Precision in bits.
    prec: u32,
}

/// A decimal digit string as Go's `math/big` `decimal`: value = 0.mant * 10^exp.
#[derive(Clone, Debug)]
struct Decimal {
    /// ASCII digits, most significant first, no trailing zeros.
    mant: Vec<u8>,
    /// Decimal exponent.
    exp: i64,
}

impl Decimal {
    /// Exact decimal representation of `m * 2^e`.
    fn from_parts(m: &BigUint, e: i64) -> Decimal {
        if m.is_zero() {
            return Decimal { mant: Vec::new(), exp: 0 };
        }
        let tz = m.trailing_zeros().unwrap_or(0);
        let m = m >> tz;
        let e = e + tz as i64;
        let digits = if e >= 0 {
            (m << (e as u64)).to_str_radix(10).into_bytes()
        } else {
            let k = e.unsigned_abs();
            let p = pow5_exact(k);
            (m * p).to_str_radix(10).into_bytes()
        };
        let n = digits.len() as i64;
        let exp = if e >= 0 { n } else { n + e };
        let mut d = Decimal { mant: digits, exp };
        d.trim();
        d
    }

    /// Removes trailing zero digits.
    fn trim(&mut self) {
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
    }

    /// Digit at index i, or '0' outside the digit string.
    fn at(&self, i: i64) -> u8 {
        if i >= 0 && (i as usize) < self.mant.len() {
            self.mant[i as usize]
        } else {
            b'0'
        }
    }

    /// Go `decimal.round`: round to n digits, half to even on the digit string.
    fn round(&mut self, n: i64) {
        if n < 0 || n >= self.mant.len() as i64 {
            return;
        }
        if self.should_round_up(n as usize) {
            self.round_up(n);
        } else {
            self.round_down(n);
        }
    }

    /// Go `shouldRoundUp`.
    fn should_round_up(&self, n: usize) -> bool {
        if self.mant[n] == b'5' && n + 1 == self.mant.len() {
            return n > 0 && (self.mant[n - 1] - b'0') & 1 != 0;
        }
        self.mant[n] >= b'5'
    }

    /// Go `decimal.roundUp`.
    fn round_up(&mut self, n: i64) {
        if n < 0 || n >= self.mant.len() as i64 {
            return;
        }
        let mut n = n as usize;
        while n > 0 && self.mant[n - 1] >= b'9' {
            n -= 1;
        }
        if n == 0 {
            self.mant[0] = b'1';
            self.mant.truncate(1);
            self.exp += 1;
            return;
        }
        self.mant[n - 1] += 1;
        self.mant.truncate(n);
    }

    /// Go `decimal.roundDown`.
    fn round_down(&mut self, n: i64) {
        if n < 0 || n >= self.mant.len() as i64 {
            return;
        }
        self.mant.truncate(n as usize);
        self.trim();
    }
}

/// Exact 5^k.
fn pow5_exact(k: u64) -> BigUint {
    let mut result = BigUint::one();
    let mut base = BigUint::from(5u32);
    let mut k = k;
    while k > 0 {
        if k & 1 == 1 {
            result *= &base;
        }
        k >>= 1;
        if k > 0 {
            base = &base * &base;
        }
    }
    result
}

impl Number {
    /// Precision of number literals and parsed strings.
    pub const LITERAL_PREC: u32 = 512;
    /// Largest written decimal exponent magnitude `parse` accepts (deviation from Go).
    pub const MAX_PARSE_EXP: i64 = 100_000;

    /// A signed zero with the given precision.
    fn zero_with(neg: bool, prec: u32) -> Number {
        Number {
            neg,
            inf: false,
            mant: BigUint::zero(),
            exp: 0,
            prec,
        }
    }

    /// A signed infinity with the given precision.
    fn inf_with(neg: bool, prec: u32) -> Number {
        Number {
            neg,
            inf: true,
            mant: BigUint::zero(),
            exp: 0,
            prec,
        }
    }

    /// Rounds `(-1)^neg * (mant + sticky) * 2^exp` to `prec` bits, ToNearestEven.
    fn round_parts(neg: bool, mant: BigUint, exp: i64, sticky: bool, prec: u32) -> Number {
        if mant.is_zero() {
            return Number::zero_with(neg, prec);
        }
        let p = u64::from(prec.max(1));
        let mut mant = mant;
        let mut exp = exp;
        let mut bits = mant.bits();
        if sticky && bits < p + 2 {
            let s = p + 2 - bits;
            mant <<= s;
            exp -= s as i64;
            bits += s;
        }
        if bits > p {
            let shift = bits - p;
            let half_bit = shift - 1;
            let round_bit = mant.bit(half_bit);
            let below = sticky || mant.trailing_zeros().unwrap_or(0) < half_bit;
            mant >>= shift;
            exp += shift as i64;
            if round_bit && (below || mant.bit(0)) {
                mant += 1u32;
            }
        }
        let tz = mant.trailing_zeros().unwrap_or(0);
        if tz > 0 {
            mant >>= tz;
            exp += tz as i64;
        }
        let top = exp.saturating_add(mant.bits() as i64);
        if top > MAX_EXP {
            return Number::inf_with(neg, prec);
        }
        if top < MIN_EXP {
            return Number::zero_with(neg, prec);
        }
        Number {
            neg,
            inf: false,
            mant,
            exp,
            prec,
        }
    }

    /// Parses a number as `big.ParseFloat(s, 10, 512, ToNearestEven)` (cty.ParseNumberVal).
    pub fn parse(s: &str) -> Option<Number> {
        Number::parse_prec(s, Number::LITERAL_PREC)
    }

    /// Parses like Go's `Float.Parse(s, 10)` into a value of the given precision.
    fn parse_prec(s: &str, prec: u32) -> Option<Number> {
        match s {
            "Inf" | "inf" | "+Inf" | "+inf" => return Some(Number::inf_with(false, prec)),
            "-Inf" | "-inf" => return Some(Number::inf_with(true, prec)),
            _ => {}
        }
        let b = s.as_bytes();
        let mut i = 0;
        let mut neg = false;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            neg = b[i] == b'-';
            i += 1;
        }
        let mut digits: Vec<u8> = Vec::new();
        let mut count: i64 = 0;
        let mut dp: Option<i64> = None;
        while i < b.len() {
            let c = b[i];
            if c == b'.' && dp.is_none() {
                dp = Some(count);
            } else if c.is_ascii_digit() {
                count += 1;
                if !(digits.is_empty() && c == b'0') {
                    digits.push(c);
                } else if dp.is_some() {
                    // leading zero after the point: tracked by count only
                }
                if digits.is_empty() {
                    // still leading zeros
                }
            } else {
                break;
            }
            i += 1;
        }
        if count == 0 {
            return None;
        }
        // fractional digit count (<= 0)
        let fcount = match dp {
            Some(d) => d - count,
            None => 0,
        };
        // exponent
        let mut exp: i64 = 0;
        let mut ebase2 = false;
        if i < b.len() {
            let c = b[i];
            match c {
                b'e' | b'E' => {}
                b'p' | b'P' => ebase2 = true,
                _ => return None,
            }
            i += 1;
            let mut eneg = false;
            if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
                eneg = b[i] == b'-';
                i += 1;
            }
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                return None;
            }
            let mut v: i64 = 0;
            for &c in &b[start..i] {
                v = v.checked_mul(10)?.checked_add(i64::from(c - b'0'))?;
            }
            exp = if eneg { -v } else { v };
        }
        if i != b.len() {
            return None;
        }
        // Digits: the trailing significant digits; value = M * 10^(fcount) * base^exp,
        // where M is the integer of all digits (leading zeros dropped).
        let m = if digits.is_empty() {
            BigUint::zero()
        } else {
            BigUint::parse_bytes(&digits, 10)?
        };
        if m.is_zero() {
            return Some(Number::zero_with(neg, prec));
        }
        if exp.unsigned_abs() > Number::MAX_PARSE_EXP as u64 {
            return None;
        }
        let mut exp2 = fcount;
        let mut exp5 = fcount;
        if ebase2 {
            exp2 += exp;
        } else {
            exp2 += exp;
            exp5 += exp;
        }
        // Go's range check on the normalized binary exponent.
        let norm = exp2 + m.bits() as i64;
        if !(MIN_EXP..=MAX_EXP).contains(&norm) {
            return None;
        }
        // z holds the unrounded mantissa.
        let z = Number {
            neg,
            inf: false,
            mant: m,
            exp: exp2,
            prec,
        };
        if exp5 == 0 {
            return Some(Number::round_parts(z.neg, z.mant, z.exp, false, prec));
        }
        let p = go_pow5(exp5.unsigned_abs(), prec + 64);
        let r = if exp5 < 0 { go_quo(&z, &p, prec) } else { go_mul(&z, &p, prec) };
        r.ok()
    }

    /// `SetInt64`: precision 64.
    pub fn from_i64(v: i64) -> Number {
        let neg = v < 0;
        Number::round_parts(neg, BigUint::from(v.unsigned_abs()), 0, false, 64)
    }

    /// `SetUint64`: precision 64.
    pub fn from_u64(v: u64) -> Number {
        Number::round_parts(false, BigUint::from(v), 0, false, 64)
    }

    /// `SetFloat64`: precision 53, exact; None for NaN.
    pub fn from_f64(v: f64) -> Option<Number> {
        if v.is_nan() {
            return None;
        }
        let neg = v.is_sign_negative();
        if v.is_infinite() {
            return Some(Number::inf_with(neg, 53));
        }
        if v == 0.0 {
            return Some(Number::zero_with(neg, 53));
        }
        let bits = v.to_bits();
        let be = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1u64 << 52) - 1);
        let (m, e) = if be == 0 { (frac, -1074) } else { (frac | (1u64 << 52), be - 1075) };
        Some(Number::round_parts(neg, BigUint::from(m), e, false, 53))
    }

    /// `SetInt` with precision 0: precision max(bitlen, 64).
    pub fn from_bigint(v: &BigInt) -> Number {
        let bits = v.bits();
        let prec = u32::try_from(bits.max(64)).unwrap_or(u32::MAX);
        let neg = v.sign() == Sign::Minus;
        Number::round_parts(neg, v.magnitude().clone(), 0, false, prec)
    }

    /// Positive zero with precision 64 (`cty.Zero`).
    pub fn zero() -> Number {
        Number::zero_with(false, 64)
    }

    /// Positive infinity (`cty.PositiveInfinity`, precision 64).
    pub fn pos_inf() -> Number {
        Number::inf_with(false, 64)
    }

    /// Negative infinity (`cty.NegativeInfinity`, precision 64).
    pub fn neg_inf() -> Number {
        Number::inf_with(true, 64)
    }

    /// The precision in bits.
    pub fn prec(&self) -> u32 {
        self.prec
    }

    /// `SetPrec`: the value rounded ToNearestEven to `prec` bits (0 makes finite values ±0).
    pub fn with_prec(&self, prec: u32) -> Number {
        if self.inf {
            return Number::inf_with(self.neg, prec);
        }
        if prec == 0 {
            return Number::zero_with(self.neg, 0);
        }
        Number::round_parts(self.neg, self.mant.clone(), self.exp, false, prec)
    }

    /// True for ±0.
    pub fn is_zero(&self) -> bool {
        !self.inf && self.mant.is_zero()
    }

    /// True for ±Inf.
    pub fn is_inf(&self) -> bool {
        self.inf
    }

    /// The sign bit (true for -0 and -Inf).
    pub fn is_negative(&self) -> bool {
        self.neg
    }

    /// `Sign()`: -1, 0 or +1 (0 for both zeros).
    pub fn sign(&self) -> i8 {
        if self.is_zero() {
            0
        } else if self.neg {
            -1
        } else {
            1
        }
    }

    /// `IsInt()`: finite with no fractional part.
    pub fn is_integer(&self) -> bool {
        !self.inf && (self.mant.is_zero() || self.exp >= 0)
    }

    /// Position just above the most significant bit (value < 2^top).
    fn top(&self) -> i64 {
        self.exp + self.mant.bits() as i64
    }

    /// The value as i64 when it is an exact integer in range.
    pub fn to_i64(&self) -> Option<i64> {
        if !self.is_integer() {
            return None;
        }
        if self.mant.is_zero() {
            return Some(0);
        }
        if self.top() > 64 {
            return None;
        }
        let mag = (&self.mant << (self.exp as u64)).to_u64()?;
        if self.neg {
            if mag <= 1u64 << 63 {
                Some((mag as i64).wrapping_neg())
            } else {
                None
            }
        } else {
            i64::try_from(mag).ok()
        }
    }

    /// The value truncated toward zero as a big integer; None for infinities.
    pub fn to_bigint(&self) -> Option<BigInt> {
        if self.inf {
            return None;
        }
        let mag = self.trunc_mag();
        let sign = if self.neg { Sign::Minus } else { Sign::Plus };
        Some(BigInt::from_biguint(sign, mag))
    }

    /// Magnitude truncated toward zero.
    fn trunc_mag(&self) -> BigUint {
        if self.mant.is_zero() {
            return BigUint::zero();
        }
        if self.exp >= 0 {
            &self.mant << (self.exp as u64)
        } else {
            let s = self.exp.unsigned_abs();
            if s >= self.mant.bits() { BigUint::zero() } else { &self.mant >> s }
        }
    }

    /// The nearest float64 (ToNearestEven, with subnormals), infinities preserved.
    pub fn to_f64(&self) -> f64 {
        let sign = if self.neg { -1.0 } else { 1.0 };
        if self.inf {
            return sign * f64::INFINITY;
        }
        if self.mant.is_zero() {
            return sign * 0.0;
        }
        let top = self.top();
        if top > 1024 {
            return sign * f64::INFINITY;
        }
        if top < -1075 {
            return sign * 0.0;
        }
        // quantum: exponent of the last representable bit
        let quantum = (top - 53).max(-1074);
        let q = round_to_quantum(&self.mant, self.exp, quantum);
        let q = match q.to_u64() {
            Some(q) => q,
            None => return sign * f64::INFINITY,
        };
        if q == 0 {
            return sign * 0.0;
        }
        let bq = 64 - i64::from(q.leading_zeros());
        let be = quantum + bq - 1 + 1023;
        if be >= 2047 {
            return sign * f64::INFINITY;
        }
        let bits = if be >= 1 {
            let frac = if bq <= 53 { q << (53 - bq) } else { q >> (bq - 53) };
            ((be as u64) << 52) | (frac & ((1u64 << 52) - 1))
        } else {
            q << ((quantum + 1074) as u64)
        };
        let v = f64::from_bits(bits);
        if self.neg { -v } else { v }
    }

    /// Sum as Go `Add` with result precision max(prec).
    pub fn add(&self, o: &Number) -> Result<Number, NumberError> {
        go_add(self, o, self.prec.max(o.prec))
    }

    /// Difference as cty `Subtract` (= `Add` of the negation).
    pub fn sub(&self, o: &Number) -> Result<Number, NumberError> {
        go_add(self, &o.neg(), self.prec.max(o.prec))
    }

    /// Product as cty `Multiply`: computed at 512 bits, then precision
    /// max(operand precisions, bits the rounded product needs).
    pub fn mul(&self, o: &Number) -> Result<Number, NumberError> {
        let r = go_mul(self, o, Number::LITERAL_PREC)?;
        let prec = self.prec.max(o.prec).max(r.min_prec());
        Ok(r.set_prec_exact(prec))
    }

    /// Product as plain Go `Float.Mul` at max(operand precisions).
    pub fn mul_go(&self, o: &Number) -> Result<Number, NumberError> {
        go_mul(self, o, self.prec.max(o.prec))
    }

    /// Go `MinPrec`: bits needed to represent the value exactly (0 for zero and Inf).
    pub fn min_prec(&self) -> u32 {
        if self.inf {
            return 0;
        }
        u32::try_from(self.mant.bits()).unwrap_or(u32::MAX)
    }

    /// Changes the precision of a value that already fits it (no rounding needed).
    fn set_prec_exact(mut self, prec: u32) -> Number {
        if u64::from(prec) >= self.mant.bits() {
            self.prec = prec;
            self
        } else {
            self.with_prec(prec)
        }
    }

    /// Quotient as Go `Quo` with result precision max(prec).
    pub fn div(&self, o: &Number) -> Result<Number, NumberError> {
        go_quo(self, o, self.prec.max(o.prec))
    }

    /// Remainder as cty `Value.Modulo` (go-cty 1.x, same in Terraform 1.0.3 and 1.14).
    ///
    /// `x % 0` (either zero) is `x`. A finite `x % ±Inf` multiplies zero by infinity
    /// (`Err(NaN)`); `±Inf % y` crashes Go with a nil dereference (`Err(Panic)`);
    /// `±Inf % ±Inf` is `Err(NaN)` from the division. cty's shortcut for infinities
    /// (`a * b`) only fires for the `cty.PositiveInfinity`/`NegativeInfinity` singletons
    /// themselves; a caller holding one of those should call `mul` instead.
    pub fn rem(&self, o: &Number) -> Result<Number, NumberError> {
        if o.sign() == 0 && !o.inf {
            return Ok(self.clone());
        }
        let rat = self.div(o)?;
        if rat.inf {
            return Err(NumberError::Panic(
                "runtime error: invalid memory address or nil pointer dereference",
            ));
        }
        // work := new(big.Float).Copy(a).SetInt(trunc(rat)): precision of a.
        let prec = self.prec;
        let work = rat.trunc().with_prec(prec);
        let work = go_mul(o, &work, prec)?;
        go_add(self, &work.neg(), prec)
    }

    /// Negation (keeps precision; 0 becomes -0).
    pub fn neg(&self) -> Number {
        let mut r = self.clone();
        r.neg = !r.neg;
        r
    }

    /// Absolute value (keeps precision).
    pub fn abs(&self) -> Number {
        let mut r = self.clone();
        r.neg = false;
        r
    }

    /// Integer result of rounding toward zero (`adjust` = -1 floor, +1 ceil, 0 trunc).
    fn to_integral(&self, adjust: i8) -> Number {
        if self.inf {
            return self.clone();
        }
        if self.is_integer() {
            if self.mant.is_zero() {
                return Number::zero_with(false, self.prec);
            }
            return self.clone();
        }
        let mut mag = self.trunc_mag();
        // fractional part is nonzero here
        let away = (adjust < 0 && self.neg) || (adjust > 0 && !self.neg);
        if away {
            mag += 1u32;
        }
        let neg = self.neg && !mag.is_zero();
        Number::round_parts(neg, mag, 0, false, self.prec)
    }

    /// Largest integer <= x (precision kept; Inf unchanged).
    pub fn floor(&self) -> Number {
        self.to_integral(-1)
    }

    /// Smallest integer >= x (precision kept; Inf unchanged).
    pub fn ceil(&self) -> Number {
        self.to_integral(1)
    }

    /// Integer part toward zero (precision kept; Inf unchanged).
    pub fn trunc(&self) -> Number {
        self.to_integral(0)
    }

    /// cty `rawNumberEqual`: signs must match; integers compare exactly; an integer
    /// never equals a non-integer; other values are equal when their `Text('f', -1)`
    /// strings are (this is go-cty's definition since 1.10, used by Terraform 1.14).
    pub fn cty_equals(&self, o: &Number) -> bool {
        if self.sign() != o.sign() {
            return false;
        }
        let ai = self.is_integer();
        let bi = o.is_integer();
        if ai != bi {
            return false;
        }
        if ai {
            return self.cmp_exact(o) == Ordering::Equal;
        }
        // Non-integers (including infinities) with the same sign.
        self.to_text() == o.to_text()
    }

    /// Exact comparison as Go `Cmp` (-0 == +0; -Inf < finite < +Inf).
    pub fn cmp_exact(&self, o: &Number) -> Ordering {
        let ka = self.class();
        let kb = o.class();
        if ka != kb {
            return ka.cmp(&kb);
        }
        match ka {
            -2 | 0 | 2 => Ordering::Equal,
            1 => cmp_mag(self, o),
            _ => cmp_mag(o, self),
        }
    }

    /// Ordering class: -2 -Inf, -1 negative, 0 zero, 1 positive, 2 +Inf.
    fn class(&self) -> i8 {
        if self.inf { if self.neg { -2 } else { 2 } } else { self.sign() }
    }

    /// Go `Text('f', -1)`: shortest decimal at the value's precision, positional.
    pub fn to_text(&self) -> String {
        if let Some(s) = self.special_text() {
            return s;
        }
        let mut out = String::new();
        if self.neg {
            out.push('-');
        }
        // Fast path: integers that fit the precision print exactly.
        if self.mant.is_zero() {
            out.push('0');
            return out;
        }
        if self.exp >= 0 && self.top() <= i64::from(self.prec) {
            out.push_str(&(&self.mant << (self.exp as u64)).to_str_radix(10));
            return out;
        }
        let d = self.shortest();
        let prec = (d.mant.len() as i64 - d.exp).max(0);
        fmt_f(&mut out, prec, &d);
        out
    }

    /// "+Inf"/"-Inf" for infinities.
    fn special_text(&self) -> Option<String> {
        if self.inf {
            Some(if self.neg { "-Inf".into() } else { "+Inf".into() })
        } else {
            None
        }
    }

    /// Go `Text('f', digits)`: exactly `digits` decimals, rounded half to even.
    pub fn to_fixed(&self, digits: usize) -> String {
        if let Some(s) = self.special_text() {
            return s;
        }
        let mut out = String::new();
        if self.neg {
            out.push('-');
        }
        let mut d = Decimal::from_parts(&self.mant, self.exp);
        let digits = digits as i64;
        d.round(d.exp.saturating_add(digits));
        fmt_f(&mut out, digits, &d);
        out
    }

    /// Go `Text('e'|'E', digits or -1)`, e.g. "1.5e+03".
    pub fn to_exp(&self, digits: Option<usize>, upper: bool) -> String {
        if let Some(s) = self.special_text() {
            return s;
        }
        let mut out = String::new();
        if self.neg {
            out.push('-');
        }
        let (d, prec) = match digits {
            None => {
                let d = self.shortest();
                let p = d.mant.len() as i64 - 1;
                (d, p)
            }
            Some(p) => {
                let mut d = Decimal::from_parts(&self.mant, self.exp);
                let p = p as i64;
                d.round(1 + p);
                (d, p)
            }
        };
        fmt_e(&mut out, if upper { 'E' } else { 'e' }, prec, &d);
        out
    }

    /// Go `Text('g'|'G', digits or -1)`: `%e` form for small or large exponents, else `%f`.
    pub fn to_general(&self, digits: Option<usize>, upper: bool) -> String {
        if let Some(s) = self.special_text() {
            return s;
        }
        let mut out = String::new();
        if self.neg {
            out.push('-');
        }
        let (d, mut prec, shortest) = match digits {
            None => {
                let d = self.shortest();
                let p = d.mant.len() as i64;
                (d, p, true)
            }
            Some(p) => {
                let mut d = Decimal::from_parts(&self.mant, self.exp);
                let p = (p as i64).max(1);
                d.round(p);
                (d, p, false)
            }
        };
        let n = d.mant.len() as i64;
        let mut eprec = prec;
        if eprec > n && n >= d.exp {
            eprec = n;
        }
        if shortest {
            eprec = 6;
        }
        let exp = d.exp - 1;
        if exp < -4 || exp >= eprec {
            if prec > n {
                prec = n;
            }
            fmt_e(&mut out, if upper { 'E' } else { 'e' }, prec - 1, &d);
            return out;
        }
        if prec > d.exp {
            prec = n;
        }
        fmt_f(&mut out, (prec - d.exp).max(0), &d);
        out
    }

    /// Exact decimal expansion: (negative, digits without trailing zeros, exp) with
    /// value = 0.digits * 10^exp; zero gives ("", 0); None for infinities.
    pub fn exact_decimal(&self) -> Option<(bool, String, i64)> {
        if self.inf {
            return None;
        }
        let d = Decimal::from_parts(&self.mant, self.exp);
        let s = String::from_utf8(d.mant).unwrap_or_default();
        Some((self.neg, s, d.exp))
    }

    /// The decimal chosen by Go's `roundShortest` for self (finite; empty for zero).
    ///
    /// Same result as running Go's digit walk over the full expansions of x and of
    /// x ± half an ulp, but only the leading digits that the walk inspects are computed.
    fn shortest(&self) -> Decimal {
        if self.inf || self.mant.is_zero() {
            return Decimal {
                mant: Vec::new(),
                exp: 0,
            };
        }
        let bits = self.mant.bits() as i64;
        let s = bits - (i64::from(self.prec) + 1);
        let (mant, exp) = if s < 0 {
            (&self.mant << s.unsigned_abs(), self.exp + s)
        } else {
            (&self.mant >> (s as u64), self.exp + s)
        };
        let inclusive = !mant.bit(1);
        // Integers N with value = N * 10^scale; unit = half an ulp in those terms.
        let (unit, scale) = if exp < 0 {
            (pow5_exact(exp.unsigned_abs()), exp)
        } else {
            (BigUint::one() << (exp as u64), 0)
        };
        let nm = &mant * &unit;
        let nl = &nm - &unit;
        let nu = &nm + &unit;
        let (nx, xscale) = if s > 0 {
            // The mantissa was truncated: x needs its own expansion.
            if self.exp < 0 {
                (&self.mant * pow5_exact(self.exp.unsigned_abs()), self.exp)
            } else {
                (&self.mant << (self.exp as u64), 0)
            }
        } else {
            (nm, scale)
        };
        let mut k: u64 = 24;
        loop {
            let mut cache = None;
            let px = Prefix::of(&nx, k, &mut cache);
            let pl = Prefix::of(&nl, k, &mut cache);
            let pu = Prefix::of(&nu, k, &mut cache);
            if let Some(d) = walk_shortest(&px, xscale, &pl, &pu, inclusive) {
                return d;
            }
            k = k.saturating_mul(4);
        }
    }

    /// Go `roundShortest` on the full exact decimal `d` of self (reference version).
    #[cfg(test)]
    fn round_shortest_full(&self, d: &mut Decimal) {
        if d.mant.is_empty() {
            return;
        }
        let bits = self.mant.bits() as i64;
        let want = i64::from(self.prec) + 1;
        let s = bits - want;
        let (mant, exp) = if s < 0 {
            (&self.mant << s.unsigned_abs(), self.exp + s)
        } else {
            (&self.mant >> (s as u64), self.exp + s)
        };
        let lower = Decimal::from_parts(&(&mant - 1u32), exp);
        let upper = Decimal::from_parts(&(&mant + 1u32), exp);
        let inclusive = !mant.bit(1);
        let n = d.mant.len();
        for i in 0..n {
            let l = lower.at(i as i64);
            let m = d.mant[i];
            let u = upper.at(i as i64);
            let okdown = l != m || (inclusive && i + 1 == lower.mant.len());
            let okup = m != u && (inclusive || m + 1 < u || i + 1 < upper.mant.len());
            if okdown && okup {
                d.round(i as i64 + 1);
                return;
            } else if okdown {
                d.round_down(i as i64 + 1);
                return;
            } else if okup {
                d.round_up(i as i64 + 1);
                return;
            }
        }
    }
}

/// Leading decimal digits of a positive integer.
struct Prefix {
    /// Leading digits (ASCII); when `complete`, all digits with trailing zeros trimmed.
    digits: Vec<u8>,
    /// Number of decimal digits of the integer (before any trimming).
    len: u64,
    /// True when `digits` is the whole (trimmed) digit string.
    complete: bool,
}

impl Prefix {
    /// At least about `k` leading digits of `n` (n > 0); `cache` holds a power of ten.
    fn of(n: &BigUint, k: u64, cache: &mut Option<(u64, BigUint)>) -> Prefix {
        let bits = n.bits();
        // Upper bound on the number of decimal digits.
        let up = (bits as f64 * std::f64::consts::LOG10_2) as u64 + 2;
        if up <= k + 2 {
            let mut digits = n.to_str_radix(10).into_bytes();
            let len = digits.len() as u64;
            while digits.last() == Some(&b'0') {
                digits.pop();
            }
            return Prefix {
                digits,
                len,
                complete: true,
            };
        }
        let drop = up - k;
        let pow = match cache {
            Some((d, p)) if *d == drop => p.clone(),
            _ => {
                let p = pow10_exact(drop);
                *cache = Some((drop, p.clone()));
                p
            }
        };
        let (q, r) = n.div_rem(&pow);
        let mut digits = q.to_str_radix(10).into_bytes();
        let len = digits.len() as u64 + drop;
        let complete = r.is_zero();
        if complete {
            while digits.last() == Some(&b'0') {
                digits.pop();
            }
        }
        Prefix {
            digits,
            len,
            complete,
        }
    }

    /// Digit i, or None when more digits are needed to know it.
    fn at(&self, i: usize) -> Option<u8> {
        match self.digits.get(i) {
            Some(&d) => Some(d),
            None if self.complete => Some(b'0'),
            None => None,
        }
    }
}

/// Go's `roundShortest` digit walk over prefixes; None when more digits are needed.
fn walk_shortest(
    x: &Prefix,
    xscale: i64,
    lower: &Prefix,
    upper: &Prefix,
    inclusive: bool,
) -> Option<Decimal> {
    let dec = |n: usize| Decimal {
        mant: x.digits[..n.min(x.digits.len())].to_vec(),
        exp: x.len as i64 + xscale,
    };
    for (i, &m) in x.digits.iter().enumerate() {
        // Decisions on an incomplete x need two more known digits (see round()).
        if !x.complete && i + 2 >= x.digits.len() {
            return None;
        }
        let l = lower.at(i)?;
        let u = upper.at(i)?;
        let lower_ends = lower.complete && i + 1 == lower.digits.len();
        let upper_longer = !upper.complete || i + 1 < upper.digits.len();
        let okdown = l != m || (inclusive && lower_ends);
        let okup = m != u && (inclusive || m + 1 < u || upper_longer);
        if okdown || okup {
            let mut d = dec(x.digits.len());
            let n = i as i64 + 1;
            if okdown && okup {
                d.round(n);
            } else if okdown {
                d.round_down(n);
            } else {
                d.round_up(n);
            }
            return Some(d);
        }
    }
    if x.complete {
        Some(dec(x.digits.len()))
    } else {
        None
    }
}

/// Exact 10^k.
fn pow10_exact(k: u64) -> BigUint {
    pow5_exact(k) << k
}

/// Rounds m*2^e to a multiple of 2^q (ToNearestEven), returning the multiplier.
fn round_to_quantum(m: &BigUint, e: i64, q: i64) -> BigUint {
    if e >= q {
        return m << ((e - q) as u64);
    }
    let shift = (q - e) as u64;
    if shift > m.bits() + 1 {
        return BigUint::zero();
    }
    let r = m >> shift;
    let half_bit = shift - 1;
    let round_bit = m.bit(half_bit);
    let below = m.trailing_zeros().unwrap_or(0) < half_bit;
    if round_bit && (below || r.bit(0)) { r + 1u32 } else { r }
}

/// Compares magnitudes of two finite nonzero numbers.
fn cmp_mag(a: &Number, b: &Number) -> Ordering {
    let ta = a.top();
    let tb = b.top();
    if ta != tb {
        return ta.cmp(&tb);
    }
    let e = a.exp.min(b.exp);
    let am = &a.mant << ((a.exp - e) as u64);
    let bm = &b.mant << ((b.exp - e) as u64);
    am.cmp(&bm)
}

/// Go `Float.Add` with z precision `prec`.
fn go_add(x: &Number, y: &Number, prec: u32) -> Result<Number, NumberError> {
    if !x.inf && !y.inf && !x.mant.is_zero() && !y.mant.is_zero() {
        return Ok(add_finite(x, y, prec));
    }
    if x.inf && y.inf && x.neg != y.neg {
        return Err(NumberError::NaN("addition of infinities with opposite signs"));
    }
    if x.is_zero() && y.is_zero() {
        return Ok(Number::zero_with(x.neg && y.neg, prec));
    }
    let src = if x.inf || y.is_zero() { x } else { y };
    Ok(set_prec_of(src, prec))
}

/// Go `z.Set(x)` into a z of precision `prec`.
fn set_prec_of(x: &Number, prec: u32) -> Number {
    if x.inf {
        return Number::inf_with(x.neg, prec);
    }
    if x.mant.is_zero() {
        return Number::zero_with(x.neg, prec);
    }
    Number::round_parts(x.neg, x.mant.clone(), x.exp, false, prec)
}

/// Exact-then-rounded sum of two finite nonzero numbers.
fn add_finite(x: &Number, y: &Number, prec: u32) -> Number {
    // a is the operand with the larger top
    let (a, b) = if x.top() >= y.top() { (x, y) } else { (y, x) };
    let ta = a.top();
    let cut = (ta - i64::from(prec) - 4).min(a.exp - 2);
    let (bm, be): (BigUint, i64) = if b.top() <= cut {
        (BigUint::one(), cut - 1)
    } else {
        (b.mant.clone(), b.exp)
    };
    let e = a.exp.min(be);
    let am = &a.mant << ((a.exp - e) as u64);
    let bm = bm << ((be - e) as u64);
    if a.neg == b.neg {
        Number::round_parts(a.neg, am + bm, e, false, prec)
    } else {
        match am.cmp(&bm) {
            Ordering::Equal => Number::zero_with(false, prec),
            Ordering::Greater => Number::round_parts(a.neg, am - bm, e, false, prec),
            Ordering::Less => Number::round_parts(b.neg, bm - am, e, false, prec),
        }
    }
}

/// Go `Float.Mul` with z precision `prec`.
fn go_mul(x: &Number, y: &Number, prec: u32) -> Result<Number, NumberError> {
    let neg = x.neg != y.neg;
    if !x.inf && !y.inf && !x.mant.is_zero() && !y.mant.is_zero() {
        return Ok(Number::round_parts(neg, &x.mant * &y.mant, x.exp + y.exp, false, prec));
    }
    if (x.is_zero() && y.inf) || (x.inf && y.is_zero()) {
        return Err(NumberError::NaN("multiplication of zero with infinity"));
    }
    if x.inf || y.inf {
        return Ok(Number::inf_with(neg, prec));
    }
    Ok(Number::zero_with(neg, prec))
}

/// Go `Float.Quo` with z precision `prec`.
fn go_quo(x: &Number, y: &Number, prec: u32) -> Result<Number, NumberError> {
    let neg = x.neg != y.neg;
    if !x.inf && !y.inf && !x.mant.is_zero() && !y.mant.is_zero() {
        let p = i64::from(prec.max(1));
        let s = (p + 2 + y.mant.bits() as i64 - x.mant.bits() as i64).max(0);
        let num = &x.mant << (s as u64);
        let (q, r) = num.div_rem(&y.mant);
        return Ok(Number::round_parts(neg, q, x.exp - y.exp - s, !r.is_zero(), prec));
    }
    if (x.is_zero() && y.is_zero()) || (x.inf && y.inf) {
        return Err(NumberError::NaN("division of zero by zero or infinity by infinity"));
    }
    if x.is_zero() || y.inf {
        return Ok(Number::zero_with(neg, prec));
    }
    Ok(Number::inf_with(neg, prec))
}

/// Go's `Float.pow5` for a z of precision `prec` (approximate beyond 5^27).
fn go_pow5(n: u64, prec: u32) -> Number {
    const M: u64 = 27;
    if n <= M {
        return Number::round_parts(false, pow5_exact(n), 0, false, prec);
    }
    let mut z = Number::round_parts(false, pow5_exact(M), 0, false, prec);
    let mut n = n - M;
    let fprec = prec + 64;
    let mut f = Number::round_parts(false, BigUint::from(5u32), 0, false, fprec);
    while n > 0 {
        if n & 1 != 0 {
            z = go_mul(&z, &f, prec).unwrap_or_else(|_| Number::inf_with(false, prec));
        }
        n >>= 1;
        if n > 0 {
            f = go_mul(&f, &f, fprec).unwrap_or_else(|_| Number::inf_with(false, fprec));
        }
    }
    z
}

/// Go `fmtF`.
fn fmt_f(out: &mut String, prec: i64, d: &Decimal) {
    if d.exp > 0 {
        let m = (d.mant.len() as i64).min(d.exp) as usize;
        out.extend(d.mant[..m].iter().map(|&c| c as char));
        for _ in (m as i64)..d.exp {
            out.push('0');
        }
    } else {
        out.push('0');
    }
    if prec > 0 {
        out.push('.');
        for i in 0..prec {
            out.push(d.at(d.exp + i) as char);
        }
    }
}

/// Go `fmtE`.
fn fmt_e(out: &mut String, fmt: char, prec: i64, d: &Decimal) {
    let ch = d.mant.first().copied().unwrap_or(b'0');
    out.push(ch as char);
    if prec > 0 {
        out.push('.');
        let mut i: i64 = 1;
        let m = (d.mant.len() as i64).min(prec + 1);
        if i < m {
            out.extend(d.mant[1..m as usize].iter().map(|&c| c as char));
            i = m;
        }
        while i <= prec {
            out.push('0');
            i += 1;
        }
    }
    out.push(fmt);
    let mut exp = if d.mant.is_empty() { 0 } else { d.exp - 1 };
    if exp < 0 {
        out.push('-');
        exp = -exp;
    } else {
        out.push('+');
    }
    if exp < 10 {
        out.push('0');
    }
    out.push_str(&exp.to_string());
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.cty_equals(other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Number {
        Number::parse(s).expect("parse")
    }

    /// Reference printing with full expansions (Go's algorithm verbatim).
    fn text_full(x: &Number) -> String {
        let mut d = Decimal::from_parts(&x.mant, x.exp);
        x.round_shortest_full(&mut d);
        let mut out = String::new();
        if x.neg {
            out.push('-');
        }
        let prec = (d.mant.len() as i64 - d.exp).max(0);
        fmt_f(&mut out, prec, &d);
        out
    }

    /// Deterministic pseudo-random numbers (xorshift).
    fn rng(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn lazy_shortest_matches_full_walk() {
        let mut st = 0x9e3779b97f4a7c15u64;
        for i in 0..4000 {
            let prec = [1u32, 2, 3, 5, 8, 24, 53, 64, 100, 512][i % 10];
            let bits = 1 + rng(&mut st) % 120;
            let m = BigUint::from(rng(&mut st)) * BigUint::from(rng(&mut st)) >> (128 - bits.min(127));
            let e = (rng(&mut st) % 400) as i64 - 250;
            let x = Number::round_parts(i % 3 == 0, m + 1u32, e, false, prec);
            assert_eq!(x.to_text(), text_full(&x), "prec {prec} mant {} exp {}", x.mant, x.exp);
        }
        for s in ["0.1", "0.3", "1e23", "9.999999999999999e22", "1e-7", "123.456", "5e-324"] {
            let v: f64 = s.parse().unwrap();
            let x = Number::from_f64(v).unwrap();
            assert_eq!(x.to_text(), text_full(&x), "{s}");
            let y = Number::parse(s).unwrap();
            assert_eq!(y.to_text(), text_full(&y), "{s}");
        }
    }

    #[test]
    fn basic_text() {
        assert_eq!(p("0.1").add(&p("0.2")).unwrap().to_text(), "0.3");
        assert_eq!(
            p("1").div(&p("3")).unwrap().to_text(),
            "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335"
        );
    }
}

#[cfg(test)]
mod general_tests {
    use super::Number;

    #[test]
    fn to_general_matches_go() {
        let n = |s: &str| Number::parse(s).unwrap_or_else(Number::zero);
        assert_eq!(n("123456.789").to_general(None, false), "123456.789");
        assert_eq!(n("0.000001234").to_general(None, false), "1.234e-06");
        assert_eq!(n("1e21").to_general(None, true), "1E+21");
        assert_eq!(n("100000").to_general(None, false), "100000");
        assert_eq!(n("1234.5").to_general(Some(3), false), "1.23e+03");
        assert_eq!(n("0").to_general(None, false), "0");
        assert_eq!(n("0").to_general(Some(3), false), "0");
    }
}
