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

impl NumberError {
    /// Terraform's message for this error from operator `op` (`+ - * / %`), as cty's stdlib words it.
    ///
    /// Terraform prints it as "Error during operation: MESSAGE." under "Operation failed".
    /// For a Go crash the real text continues with a goroutine stack trace, omitted here.
    pub fn terraform_message(&self, op: char) -> &'static str {
        match self {
            NumberError::Panic(_) => "panic in function implementation: runtime error: invalid memory address or nil pointer dereference",
            NumberError::NaN(_) => match op {
                '+' => "can't compute sum of opposing infinities",
                '-' => "can't subtract infinity from itself",
                '*' => "can't multiply zero by infinity",
                '/' => "can't divide zero by zero or infinity by infinity",
                _ => "can't use modulo with zero and infinity",
            },
        }
    }
}

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
                // Leading zeros only count as digit positions.
                if !(digits.is_empty() && c == b'0') {
                    digits.push(c);
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
            // strconv.ParseInt semantics: the signed value must fit an int64.
            for &c in &b[start..i] {
                let d = i64::from(c - b'0');
                exp = exp.checked_mul(10)?;
                exp = if eneg { exp.checked_sub(d)? } else { exp.checked_add(d)? };
            }
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
        Number::exact_u64(v < 0, v.unsigned_abs())
    }

    /// `SetUint64`: precision 64.
    pub fn from_u64(v: u64) -> Number {
        Number::exact_u64(false, v)
    }

    /// `(-1)^neg * m` at precision 64, which holds every u64 exactly: no rounding to do, only
    /// the trailing zeros to move into the exponent (indexes and counts are made by the
    /// thousand, so this skips `round_parts`).
    fn exact_u64(neg: bool, m: u64) -> Number {
        if m == 0 {
            return Number::zero_with(neg, 64);
        }
        let tz = m.trailing_zeros();
        Number {
            neg,
            inf: false,
            mant: BigUint::from(m >> tz),
            exp: i64::from(tz),
            prec: 64,
        }
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

    /// Positive zero as `cty.Zero` (`big.NewFloat(0)`: precision 53).
    pub fn zero() -> Number {
        Number::zero_with(false, 53)
    }

    /// Positive infinity as `cty.PositiveInfinity` (`SetInf` on a zero Float: precision 0).
    pub fn pos_inf() -> Number {
        Number::inf_with(false, 0)
    }

    /// Negative infinity as `cty.NegativeInfinity` (precision 0).
    pub fn neg_inf() -> Number {
        Number::inf_with(true, 0)
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
            // Below 2^64 (indexes, counts, ports) machine arithmetic gives the same digits.
            match self.mant.to_u64().filter(|_| self.top() <= 64) {
                Some(m) => out.push_str(itoa::Buffer::new().format(m << self.exp)),
                None => out.push_str(&(&self.mant << (self.exp as u64)).to_str_radix(10)),
            }
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
            return Decimal { mant: Vec::new(), exp: 0 };
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
            // The walk normally ends within about prec*log10(2) digits.
            let typical = (f64::from(self.prec) * std::f64::consts::LOG10_2) as u64 + 12;
            k = if k < typical { typical } else { k.saturating_mul(4) };
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
        Prefix { digits, len, complete }
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
fn walk_shortest(x: &Prefix, xscale: i64, lower: &Prefix, upper: &Prefix, inclusive: bool) -> Option<Decimal> {
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
    if x.complete { Some(dec(x.digits.len())) } else { None }
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

    #[test]
    fn integers_are_built_as_rounding_would_build_them() {
        let mut values: Vec<u64> = vec![0, 1, 2, 3, 10, 1000, 6000, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) + 1];
        values.extend((0..64).map(|k| 1u64 << k));
        values.extend((0..64).map(|k| (1u64 << k).wrapping_mul(12345)));
        for v in values {
            for neg in [false, true] {
                let slow = Number::round_parts(neg, BigUint::from(v), 0, false, 64);
                let fast = Number::exact_u64(neg, v);
                assert_eq!(
                    (fast.neg, fast.inf, &fast.mant, fast.exp, fast.prec),
                    (slow.neg, slow.inf, &slow.mant, slow.exp, slow.prec),
                    "{}{v}",
                    if neg { "-" } else { "" }
                );
            }
        }
        assert_eq!(Number::from_i64(i64::MIN).to_text(), "-9223372036854775808");
    }

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
            let m = (BigUint::from(rng(&mut st)) * BigUint::from(rng(&mut st))) >> (128 - bits.min(127));
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

    /// Builds an operand: "f:x" = from_f64, "i:n" = from_i64, "b:n" = from_bigint, else parse.
    fn operand(s: &str) -> Number {
        if let Some(f) = s.strip_prefix("f:") {
            Number::from_f64(f.parse().expect("f64")).expect("not NaN")
        } else if let Some(i) = s.strip_prefix("i:") {
            Number::from_i64(i.parse().expect("i64"))
        } else if let Some(b) = s.strip_prefix("b:") {
            Number::from_bigint(&b.parse().expect("bigint"))
        } else {
            Number::parse(s).expect("literal")
        }
    }

    /// Applies a table operator; comparisons print "true"/"false", errors "ERR".
    fn apply(a: &Number, op: char, b: &Number) -> String {
        let r = match op {
            '+' => a.add(b),
            '-' => a.sub(b),
            '*' => a.mul(b),
            '/' => a.div(b),
            '%' => a.rem(b),
            _ => {
                let c = a.cmp_exact(b);
                let v = match op {
                    '=' => a.cty_equals(b),
                    '!' => !a.cty_equals(b),
                    '<' => c == Ordering::Less,
                    '>' => c == Ordering::Greater,
                    'l' => c != Ordering::Greater,
                    _ => c != Ordering::Less,
                };
                return v.to_string();
            }
        };
        match r {
            Ok(n) => n.to_text(),
            Err(_) => "ERR".into(),
        }
    }

    /// Binary operations: (a, op, b, Terraform's printed result); from tf-oracle runs.
    #[rustfmt::skip]
    const BINARY: &[(&str, char, &str, &str)] = &[
            // hand-picked (tf-oracle)
            ("0.1", '+', "0.2", "0.3"), // 0.1 + 0.2
            ("1", '/', "3", "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335"), // 1/3
            ("0.1", '*', "3", "0.3"), // 0.1 * 3
            ("-7", '%', "3", "-1"), // -7 % 3
            ("7.5", '%', "2", "1.5"), // 7.5 % 2
            ("-0.5", '%', "0.2", "-0.09999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"), // -0.5 % 0.2
            ("5", '%', "0", "5"), // 5 % 0
            ("-5", '%', "-0", "-5"), // -5 % -0
            ("-0", '%', "5", "-0"), // -0 % 5
            ("1e308", '*', "10", "1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"), // 1e308 * 10
            ("9007199254740993", '+', "1", "9007199254740994"), // 9007199254740993 + 1
            ("123456789012345678901234567890", '*', "10", "1234567890123456789012345678900"), // 123456789012345678901234567890 * 10
            ("i:2", '/', "3", "0.6666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666667"), // length([1,2]) / 3
            ("f:1.4142135623730951", '+', "0", "1.4142135623730951454746218587388284504413604736328125"), // pow(2, 0.5) + 0
            ("f:1.4142135623730951", '*', "f:1.4142135623730951", "2.00000000000000027343234630647693"), // pow(2,0.5) * pow(2,0.5)
            ("-0", '+', "-0", "-0"), // -0 + -0
            ("0", '/', "0", "ERR"), // 0/0
            ("1", '/', "0", "+Inf"), // 1/0
            ("-5", '/', "0", "-Inf"), // -5 / 0
            ("0", '=', "-0", "true"), // -0 == 0
            ("0.1", '=', "f:0.1", "true"), // 0.1 == pow(0.1, 1): true since go-cty 1.10 (tf-oracle 1.0.3 says false)
            ("9007199254740993", '=', "9007199254740992", "false"), // 9007199254740993 == 9007199254740992
            ("1e-400", '=', "2e-400", "false"), // 1e-400 == 2e-400
            ("-0", '<', "0", "false"), // -0 < 0
            // generated (tf-oracle)
            ("b:89327548", '/', "0.5", "178655096"), // parseint("55307bc", 16) / 0.5
            ("b:36414806416442603643815", '*', "b:126727344223", "4614751707550430919092097589930745"), // (parseint("7b60cf4ddd764a4a3a7", 16) * parseint("1d8189d05f", 16))
            ("f:6.782329983125268", '+', "b:7760700915461943026480526", "7760700915461943026480533"), // (pow(46, 0.5) + parseint("66b64708b70f376eb758e", 16))
            ("57e-217", '/', "98e96", "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000058163265306122448979591836734693877551020408163265306122448979591836734693877551020408163265306122448979591836734693877551020408163265306122448979591836734"), // (57e-217 / 98e96)
            ("0.170982380617", '+', "3", "3.170982380617"), // (0.170982380617 + 3)
            ("-0", '*', "5", "-0"), // -0 * 5
            ("2", '*', "1", "2"), // 2 * 1
            ("0.1", '*', "i:3", "0.3"), // (0.1 * length([1,1,1]))
            ("839991336283643200197225", '/', "0.25", "3359965345134572800788900"), // 839991336283643200197225 / 0.25
            ("b:10778214391700187283234306", '/', "899.6962", "11979837629302188097753.781776559687592322830751091312823150747996934965380536229896269429614129747352495208938306063757966300179994091338831930155979318352"), // parseint("08ea602c46700b83509e02", 16) / 899.6962
            ("b:1257284169119717553358702794473", '/', "0", "+Inf"), // parseint("0fde8116d38fbeeacae7fa56e9", 16) / 0
            ("1e20", '%', "0.3", "0.09999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999779868635707241635781"), // 1e20 % 0.3
            ("972024126", '/', "0", "+Inf"), // 972024126 / 0
            ("63744094958500385231408", '+', "3", "63744094958500385231411"), // 63744094958500385231408 + 3
            ("f:5.477225575051661", '-', "f:3.605551275463989", "1.871674299587672"), // (pow(30, 0.5) - pow(13, 0.5))
            ("94e-112", '/', "91e-17", "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329670329"), // (94e-112 / 91e-17)
            ("b:8997577017859501088982215", '%', "11e-172", "0"), // parseint("7714fa0a3691477ca44c7", 16) % 11e-172
            ("f:1.7320508075688772", '*', "63055508", "109215343.5530657964053649067182050202973186969757080078125"), // pow(3, 0.5) * 63055508
            ("f:0.21320071635561041", '%', "b:50865355772615435962533", "0.21320071635561041"), // (pow(22, -0.5) % parseint("ac56a9d3afd200348a5", 16))
            ("-0.00117696101062", '*', "-0.86", "0.0010121864691332"), // (-0.00117696101062 * -0.86)
            ("-62e-92", '+', "66e173", "6600000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"), // (-62e-92 + 66e173)
            ("b:8251006712174619981", '+', "6.61e1", "8251006712174620047.1"), // parseint("728176e396882d4d", 16) + 6.61e1
            ("b:87886173288817458356825491563276443432", '/', "527.2718183", "166680960822399140835753427869627606.51681884133043945011464307953133781206678991589867794760537840032707092246276421180009043544210980259022123428363021237"), // parseint("421e42e378f190641538e346247c9f28", 16) / 527.2718183
            ("86404738549365349", '+', "570204", "86404738549935553"), // 86404738549365349 + 570204
            ("b:1062", '/', "0.1647033", "6447.9582376309399993807045760467458757656950407186741249264586684055510727471762860853425523350169668731591898887271839726344280897832648161876537992863527"), // parseint("426", 16) / 0.1647033
            ("-29e183", '*', "28e88", "-8120000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"), // -29e183 * 28e88
            ("9373602", '-', "47e-250", "9373602"), // 9373602 - 47e-250
            ("-0.9898", '+', "1", "0.010200000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000016"), // -0.9898 + 1
            ("-196.328621", '*', "2.20e32", "-43192296620000000000000000000000000"), // -196.328621 * 2.20e32
            ("f:5.291502622129181", '%', "b:35985828726147840228362913614073747", "5.291502622129181"), // (pow(28, 0.5) % parseint("6ee3d03c8ec5e0c80608b75d70f93", 16))
            ("-42e-180", '*', "0.0317737218781052", "-0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000013344963188804184000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001"), // -42e-180 * 0.0317737218781052
            ("f:0.5", '/', "f:0.4472135954999579", "1.118033988749895"), // (pow(4, -0.5) / pow(5, -0.5))
            ("b:40", '%', "b:293776312467345254310", "40"), // (parseint("28", 16) % parseint("fecf71fb2084627a6", 16))
            ("570", '+', "7.75e-15", "570.00000000000000775"), // (570 + 7.75e-15)
            ("61e253", '/', "i:2", "305000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"), // (61e253 / length([1,1]))
            ("-1", '*', "31e-275", "-0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000031"), // -1 * 31e-275
            ("5", '+', "-1e-7", "4.9999999"), // (5 + -1e-7)
            ("0.09566", '-', "77e154", "-770000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"), // 0.09566 - 77e154
            ("i:4", '/', "357", "0.011204481792717086834733893557422969187675070028011204481792717086834733893557422969187675070028011204481792717086834733893557422969187675070028011204481793"), // (length([1,1,1,1]) / 357)
            ("-0.32604067589351", '-', "5563298305", "-5563298305.32604067589351"), // -0.32604067589351 - 5563298305
            ("350.3113", '-', "9.82e+1", "252.1113"), // (350.3113 - 9.82e+1)
            ("b:39492296725461496924769266", '-', "i:8", "39492296725461496924769258"), // (parseint("20aad1b1ffcb98348c8bf2", 16) - length([1,1,1,1,1,1,1,1]))
            ("33e175", '=', "-3", "false"), // 33e175 == -3
            ("f:4.58257569495584", '/', "b:159497378175155412972654679411", "0.000000000000000000000000000028731354379527089074671691124"), // (pow(21, 0.5) / parseint("2035d2394298b1d6a432dd573", 16))
            ("228.133051", '/', "10", "22.8133051"), // 228.133051 / 10
            ("i:3", '/', "609.7", "0.0049204526816467114974577661144825323929801541741840249302935870100049204526816467114974577661144825323929801541741840249302935870100049204526816467114974577"), // (length([1,1,1]) / 609.7)
            ("-1.77e12", '%', "11830437312", "-7264840512"), // (-1.77e12 % 11830437312)
            ("f:0.16012815380508713", '*', "i:1", "0.16012815380508713115"), // (pow(39, -0.5) * length([1]))
            ("683.965", '%', "34424336161", "683.965"), // 683.965 % 34424336161
            ("4", '/', "5e-197", "80000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"), // 4 / 5e-197
            ("f:0.14285714285714285", '-', "b:2498283192391770850302", "-2498283192391770850302"), // (pow(49, -0.5) - parseint("876ea4df02386043fe", 16))
            ("i:6", '%', "f:2.449489742783178", "1.1010205144336442373"), // (length([1,1,1,1,1,1]) % pow(6, 0.5))
            ("b:112990902651105066475958045664978074804", '/', "f:0.25", "451963610604420265903832182659912299216"), // (parseint("5501419bf4149b87a7178d32506afcb4", 16) / pow(16, -0.5))
            ("12e26", '+', "225.84", "1200000000000000000000000225.84"), // (12e26 + 225.84)
            ("-1", '+', "1", "0"), // -1 + 1
            ("-5.5", '%', "2", "-1.5"), // -5.5 % 2
            ("i:5", '/', "7", "0.7142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857142857143"), // (length([1,1,1,1,1]) / 7)
            ("-0", '<', "0", "false"), // -0 < 0
            ("9007199254740993", '=', "9007199254740992", "false"), // 9007199254740993 == 9007199254740992
            ("199.18", '-', "5", "194.18"), // 199.18 - 5
            ("i:1", '/', "i:5", "0.2"), // (length([1]) / length([1,1,1,1,1]))
            ("f:5.830951894845301", '*', "b:188090229132897170300", "1096745077964353543216.97134705170367"), // (pow(34, 0.5) * parseint("a3246bada042a337c", 16))
            ("29e-272", '-', "i:4", "-4"), // (29e-272 - length([1,1,1,1]))
            ("0.3238", '/', "5.83e12", "0.000000000000055540308747855917667238421955403087478559176672384219554030874785591766723842195540308747855917667238421955403087478559176672384219554030874785591766723845"), // (0.3238 / 5.83e12)
            ("f:6.0", '/', "b:4272125287561808", "0.0000000000000014044531927630630278"), // (pow(36, 0.5) / parseint("f2d79ae337a50", 16))
            ("-88471555029549769495", '/', "i:4", "-22117888757387442373.75"), // (-88471555029549769495 / length([1,1,1,1]))
            ("f:6.782329983125268", '-', "i:7", "-0.21767001687473186422"), // (pow(46, 0.5) - length([1,1,1,1,1,1,1]))
            ("1e-330", '=', "1e-331", "false"), // 1e-330 == 1e-331
            ("b:233816577212616167774126000164581", '*', "1", "233816577212616167774126000164581"), // parseint("b872e1b90542830c5c484ddcee5", 16) * 1
            ("i:2", '+', "0.790147", "2.7901469999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999998"), // length([1,1]) + 0.790147
            ("-0.054689693178", '+', "8", "7.945310306822"), // (-0.054689693178 + 8)
            ("7", '%', "-0", "7"), // 7 % -0
            ("f:2.23606797749979", '/', "b:2665", "0.00083904989774851399814"), // (pow(5, 0.5) / parseint("a69", 16))
            ("b:153995427", '*', "b:5421169116398", "834835252918922711946"), // (parseint("92dc8a3", 16) * parseint("4ee36dc04ee", 16))
            ("i:3", '*', "f:3.4641016151377544", "10.392304845413263159"), // (length([1,1,1]) * pow(12, 0.5))
            ("7e182", '%', "42", "0"), // 7e182 % 42
            ("b:3330420946544598635647958300943539", '-', "f:0.2", "3330420946544598635647958300943539"), // (parseint("a433d2769f483190bdb36e52e4b3", 16) - pow(25, -0.5))
            ("i:2", '*', "i:7", "14"), // (length([1,1]) * length([1,1,1,1,1,1,1]))
            ("b:3437261320889815562971", '%', "f:3.4641016151377544", "1"), // (parseint("ba55954ff5536c7adb", 16) % pow(12, 0.5))
            ("-0", '-', "0", "-0"), // -0 - 0
            ("f:1.4142135623730951", '+', "0", "1.4142135623730951454746218587388284504413604736328125"), // pow(2,0.5) + 0
            ("b:75454142804543501794498229933419552763265", '/', "f:0.2581988897471611", "292232638484353210464833893315309906612024"), // (parseint("ddbd634e377b9f597fea1873c35c36ed81", 16) / pow(15, -0.5))
            ("f:0.15811388300841897", '*', "f:2.6457513110645907", "0.41833001326703780441120799305976"), // (pow(40, -0.5) * pow(7, 0.5))
            ("f:0.15811388300841897", '%', "f:4.69041575982343", "0.15811388300841897"), // (pow(40, -0.5) % pow(22, 0.5))
            ("f:4.358898943540674", '+', "f:0.22360679774997896", "4.582505741290653"), // (pow(19, 0.5) + pow(20, -0.5))
            ("i:2", '-', "7.68e39", "-7679999999999999999999999999999999999998"), // length([1,1]) - 7.68e39
            ("306.18", '>', "0.2", "true"), // 306.18 > 0.2
            ("9007199254740993", '/', "-603565335557925", "-14.923321012819430930245056234455590462946923038514691974045677226278353997133797198855242734953770492967290107393633974741784606702420746720902890961655799"), // 9007199254740993 / -603565335557925
            ("2.14e39", '/', "0.3", "7133333333333333333333333333333333333333.333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333"), // (2.14e39 / 0.3)
            ("i:0", '*', "7.5e-2", "0"), // length([]) * 7.5e-2
            ("0.1", '*', "1.5", "0.15"), // 0.1 * 1.5
            ("7", '+', "i:0", "7"), // (7 + length([]))
            ("i:1", '/', "b:1304", "0.00076687116564417177915"), // (length([1]) / parseint("518", 16))
            ("b:146347116623614670968655624", '*', "f:0.15811388300841897", "23139510876445657193149166.169316528123385"), // (parseint("790e3516c9ba5fa9ff0f08", 16) * pow(40, -0.5))
            ("239.854", '*', "-1.93e-31", "-0.000000000000000000000000000046291822"), // 239.854 * -1.93e-31
            ("b:3260526484263900674030836873299459", '*', "f:4.0", "13042105937055602696123347493197836"), // (parseint("a0c1a1467fb03ff71ac9dd6e0603", 16) * pow(16, 0.5))
            ("b:11516528192", '*', "i:2", "23033056384"), // (parseint("2ae704640", 16) * length([1,1]))
            ("2.8e-31", '%', "48390882238302148", "0.00000000000000000000000000000028"), // 2.8e-31 % 48390882238302148
            ("i:4", '+', "i:4", "8"), // (length([1,1,1,1]) + length([1,1,1,1]))
            ("b:2659960102024201", '*', "2", "5319920204048402"), // parseint("9733838ff7409", 16) * 2
            ("-670660838", '+', "24375859096725", "24375188435887"), // (-670660838 + 24375859096725)
            ("b:2132825547710326317574573727434", '%', "7.98e+38", "2132825547710326317574573727434"), // parseint("1aeb87f16a018eb92fd4a71eca", 16) % 7.98e+38
            ("b:11826620111450686956790265557125183", '*', "i:8", "94612960891605495654322124457001464"), // (parseint("24718ee9438c3ab2c3cb4714d883f", 16) * length([1,1,1,1,1,1,1,1]))
            ("b:20015546878262766928012154085942014754", '/', "f:6.164414002968976", "3246950459301184004750507966975026686.2"), // (parseint("f0edaa6dcb13c846d952beb8a64b322", 16) / pow(38, 0.5))
            ("-74995432134270477903", '-', "31514097643", "-74995432165784575546"), // -74995432134270477903 - 31514097643
            ("i:4", '/', "0.2", "20"), // length([1,1,1,1]) / 0.2
            ("0.492", '/', "3.3e+22", "0.00000000000000000000001490909090909090909090909090909090909090909090909090909090909090909090909090909090909090909090909090909090909090909090909090909090909090909090909090909091"), // (0.492 / 3.3e+22)
            ("i:8", '/', "f:0.16666666666666666", "48.000000000000002665"), // (length([1,1,1,1,1,1,1,1]) / pow(36, -0.5))
            ("f:1.7320508075688772", '%', "5", "1.7320508075688772"), // (pow(3, 0.5) % 5)
            ("f:3.1622776601683795", '/', "3e-83", "105409255338945984092902108386624604463577270507812500000000000000000000000000000000"), // pow(10, 0.5) / 3e-83
            ("b:22300745198530623141535718272648361505980415", '*', "3", "66902235595591869424607154817945084517941245"), // parseint("ffffffffffffffffffffffffffffffffffff", 16) * 3
            ("b:4754326444493799676508087002857456093", '-', "b:3253158054024771557677191905306776258508", "-3248403727580277758000683818303918802415"), // (parseint("393a66434197078f7578caaaebfc1dd", 16) - parseint("98f677375333a08ebad07d4c2497d47cc", 16))
            ("b:54690210082770271054217668914123304470539", '+', "736413513904", "54690210082770271054217668914859717984443"), // parseint("a0b8575389f1832fb3c79e7dfb7952080b", 16) + 736413513904
            ("i:3", '-', "0.633463448", "2.366536552"), // (length([1,1,1]) - 0.633463448)
            ("f:6.855654600401044", '-', "f:4.0", "2.855654600401044"), // (pow(47, 0.5) - pow(16, 0.5))
            ("6944655047183", '*', "-90898208743742", "-631256704132121782165978786"), // (6944655047183 * -90898208743742)
            ("795538104902732962464", '*', "f:1.7320508075688772", "1377912417048592768323.3734838400513496026178472675383090972900390625"), // (795538104902732962464 * pow(3, 0.5))
            ("i:2", '+', "5", "7"), // length([1,1]) + 5
            ("f:0.16666666666666666", '/', "i:4", "0.041666666666666664354"), // (pow(36, -0.5) / length([1,1,1,1]))
            ("i:5", '+', "f:0.15249857033260467", "5.152498570332604666"), // (length([1,1,1,1,1]) + pow(43, -0.5))
            ("b:69424095492002008794280082513458168", '+', "853450239820496031", "69424095492002009647730322333954199"), // parseint("d5edf46eb039ca337efa756c1f3f8", 16) + 853450239820496031
            ("f:3.3166247903554", '%', "i:8", "3.3166247903554"), // (pow(11, 0.5) % length([1,1,1,1,1,1,1,1]))
            ("b:9803213317649869956749", '-', "b:5", "9803213317649869956744"), // (parseint("2136eea0cc09b1de68d", 16) - parseint("5", 16))
            ("b:1051038467827904872715071190798", '/', "0", "+Inf"), // parseint("d4416a4c53e15dc95e8aef70e", 16) / 0
            ("i:2", '/', "b:35129277492873729661811495547168723942859097516", "0.0000000000000000000000000000000000000000000000569325685791777777024499705226793810829877021"), // (length([1,1]) / parseint("62740541a756867927041037ad0277aac4445ac", 16))
            ("f:1.7320508075688772", '-', "0.03", "1.702050807568877193176604123436845839023590087890625"), // pow(3, 0.5) - 0.03
            ("-0.3", '/', "-5.92e20", "0.0000000000000000000005067567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567567568"), // (-0.3 / -5.92e20)
            ("663.4673", 'g', "9", "true"), // 663.4673 >= 9
            ("f:0.19245008972987526", '+', "i:5", "5.192450089729875262"), // (pow(27, -0.5) + length([1,1,1,1,1]))
            ("6.4e3", '/', "-3.98e-32", "-160804020100502512562814070351758793.9698492462311557788944723618090452261306532663316582914572864321608040201005025125628140703517587939698492462311557789"), // 6.4e3 / -3.98e-32
            ("i:8", '%', "i:8", "0"), // (length([1,1,1,1,1,1,1,1]) % length([1,1,1,1,1,1,1,1]))
            ("b:123930931070423187877464462610059", '%', "f:0.16012815380508713", "0"), // (parseint("61c3a6f7a2334c2518383944e8b", 16) % pow(39, -0.5))
            ("-0", '=', "0", "true"), // -0 == 0
            ("b:2795611226", '*', "b:301223873996350050049472", "842104843683405682943965778572700"), // (parseint("a6a1a45a", 16) * parseint("3fc9610187324df49dc0", 16))
            ("-360.5567902", '*', "6.28e-21", "-0.000000000000000002264296642456"), // -360.5567902 * 6.28e-21
            ("b:60377156141665183944412993", '/', "i:7", "8625308020237883420630427.6"), // (parseint("31f15c315f914c8c9c0f41", 16) / length([1,1,1,1,1,1,1]))
            ("-3", '*', "i:3", "-9"), // (-3 * length([1,1,1]))
            ("i:1", '%', "489.08", "1"), // (length([1]) % 489.08)
            ("i:2", '%', "b:68917330122692358788862088364906", "2"), // (length([1,1]) % parseint("365dbe758ae30041133d6b4c36a", 16))
            ("b:174767887316331903348", '/', "b:191", "915015116839434048.94"), // (parseint("097964438de375b974", 16) / parseint("bf", 16))
            ("1e21", '%', "7.60e-12", "0.00000000000040000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000003599058178895066139638863708197178"), // (1e21 % 7.60e-12)
            ("0.1", '*', "3", "0.3"), // 0.1 * 3
            ("1e308", '*', "10", "1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"), // 1e308 * 10
            ("b:7697185798491132443280207076", '+', "i:3", "7697185798491132443280207079"), // (parseint("18def67e3cc867023fbaece4", 16) + length([1,1,1]))
            ("b:15983379437133107036035334820412009230609157511", '%', "9007199254740993", "5949550161985463"), // parseint("2ccb83296a7c90f7c7a6be6f85cebcb5eb40d87", 16) % 9007199254740993
            ("40e261", '%', "-241.9", "0"), // 40e261 % -241.9
            ("221.50", '*', "1e21", "221500000000000000000000"), // (221.50 * 1e21)
            ("0.2", '*', "-2", "-0.4"), // (0.2 * -2)
            ("-0.7381718", '%', "0.5", "-0.2381718"), // (-0.7381718 % 0.5)
            ("-93e74", '*', "0.715786009028885", "-6656809883968630500000000000000000000000000000000000000000000000000000000000"), // (-93e74 * 0.715786009028885)
            ("f:5.291502622129181", '*', "b:252281705287626693613619835", "1334949305044698025456446670.798790567073508"), // (pow(28, 0.5) * parseint("d0aebaa5c677d008c68a7b", 16))
            ("0.2", '/', "99e-264", "2020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020300000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"), // 0.2 / 99e-264
            ("b:76847543281828564615242985283521949356165445368", '/', "b:245544385848073270908854930986164429799", "312968032.30262724912420915317761914293816982475"), // (parseint("d75f6888182c75d1c47d4f2e82b428cb82836f8", 16) / parseint("b8ba20e7df6e3a6078565577f63e23e7", 16))
            ("b:51840147089442558899581763441931314872492", '+', "f:0.3779644730092272", "51840147089442558899581763441931314872492"), // (parseint("98583128fc49f69e885e946a47b27d40ac", 16) + pow(7, -0.5))
            ("5", '%', "-80227263717171270", "5"), // 5 % -80227263717171270
            ("b:57789555240939820", '%', "42e-243", "0"), // parseint("00cd4f4b57dd312c", 16) % 42e-243
            ("512.31", '%', "0.2", "0.1099999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999664"), // (512.31 % 0.2)
            ("0.3", '-', "0.3", "0"), // 0.3 - 0.3
            ("0.346", '/', "5703584727", "0.000000000060663603077917422160177546179897399111609620522781093420934114932102068517233407620771897056102064984718162493950447104491659110230309023688498280811109265"), // (0.346 / 5703584727)
            ("487.99", '*', "i:5", "2439.95"), // (487.99 * length([1,1,1,1,1]))
            ("69", '+', "4451683964845", "4451683964914"), // 69 + 4451683964845
            ("0.517617413534661021", '%', "34e-288", "0"), // (0.517617413534661021 % 34e-288)
            ("690.5621", '*', "7.16e-5", "0.049444246359999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999996"), // (690.5621 * 7.16e-5)
            ("9", '%', "i:4", "1"), // (9 % length([1,1,1,1]))
            ("i:4", '*', "b:895759501059085397409012", "3583038004236341589636050"), // (length([1,1,1,1]) * parseint("bdaf384853fff7743cf4", 16))
            ("1.14e+24", '+', "i:2", "1140000000000000000000002"), // (1.14e+24 + length([1,1]))
            ("b:151044221089443005357941496", '*', "9", "1359397989804987048221473464"), // parseint("7cf0dba1e03b343dd4e2f8", 16) * 9
            ("0.3", '+', "-97.258056", "-96.95805599999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"), // 0.3 + -97.258056
            ("0.0188399280002170", '/', "0.789712231899385082", "0.023856700250044170443353058896947656328014884910299070494870058354772413278284692025204347434713648136055747532969834866960072908700657741594837251066702154"), // 0.0188399280002170 / 0.789712231899385082
            ("b:11725739344028", '+', "f:5.830951894845301", "11725739344033.830952"), // (parseint("aaa1c87409c", 16) + pow(34, 0.5))
            ("6259848473143800", '/', "-8", "-782481059142975"), // (6259848473143800 / -8)
            ("b:5495766484785441185248722686637940154153795849", '/', "0.3", "18319221615951470617495742288793133847179319496.666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666"), // parseint("f6704e2408ce5231bd26c33857d65301838109", 16) / 0.3
    ];

    #[test]
    fn binary_table() {
        for &(a, op, b, want) in BINARY {
            let got = apply(&operand(a), op, &operand(b));
            assert_eq!(got, want, "{a} {op} {b}");
        }
    }

    /// `tonumber(s)` / literal s → printed value, None when Terraform rejects it.
    #[rustfmt::skip]
    const PARSE: &[(&str, Option<&str>)] = &[
            ("1p3", Some("8")),
            ("1.5P-1", Some("0.75")),
            ("+inf", Some("+Inf")),
            ("-inf", Some("-Inf")),
            ("INF", None),
            ("-0", Some("-0")),
            (" 1", None),
            ("0x10", None),
            ("1_0", None),
            (".", None),
            ("5.", Some("5")),
            (".5", Some("0.5")),
            ("1e", None),
            ("NaN", None),
            ("0e99999999999", Some("0")),
            ("1e99999999999999999999", None),
            ("1e-7", Some("0.0000001")),
            ("5", Some("5")),
            ("0.2524", Some("0.2524")),
            ("8572260513284", Some("8572260513284")),
            ("52364", Some("52364")),
            ("-0.19829657", Some("-0.19829657")),
            ("9007199254740993", Some("9007199254740993")),
            ("9.63e+14", Some("963000000000000")),
            ("-7.47e31", Some("-74700000000000000000000000000000")),
            ("7", Some("7")),
            ("43589181991124026066", Some("43589181991124026066")),
            ("-36e-26", Some("-0.00000000000000000000000036")),
            ("-44e-186", Some("-0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044")),
            ("1.41e-23", Some("0.0000000000000000000000141")),
            ("4.14e2", Some("414")),
            ("0.1213455640544055", Some("0.1213455640544055")),
            ("-705588450769043033247", Some("-705588450769043033247")),
            ("0.90103979934461799", Some("0.90103979934461799")),
            ("1.5e-3", Some("0.0015")),
            ("0.5", Some("0.5")),
            ("659666146953757", Some("659666146953757")),
            ("2408980317880", Some("2408980317880")),
            ("1e21", Some("1000000000000000000000")),
            ("-0.210984179827", Some("-0.210984179827")),
            ("21e-86", Some("0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000021")),
            ("-8.79e-1", Some("-0.879")),
            ("9", Some("9")),
            ("0.3147125779", Some("0.3147125779")),
            ("-0.62553528543", Some("-0.62553528543")),
            ("-2.5E+2", Some("-250")),
            ("8", Some("8")),
            ("2", Some("2")),
            ("-7", Some("-7")),
            ("0.4985139192", Some("0.4985139192")),
            ("96e-303", Some("0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000096")),
            ("2.5", Some("2.5")),
            ("-156.7205656", Some("-156.7205656")),
            ("1.73e-3", Some("0.00173")),
            ("9.83e-29", Some("0.0000000000000000000000000000983")),
            ("9.67e18", Some("9670000000000000000")),
            ("23e-218", Some("0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000023")),
            ("2.19e-17", Some("0.0000000000000000219")),
            ("12e-53", Some("0.00000000000000000000000000000000000000000000000000012")),
            ("+7", Some("7")),
            ("0.656741397862", Some("0.656741397862")),
            ("0.786146568414700894", Some("0.786146568414700894")),
            ("2.70e38", Some("270000000000000000000000000000000000000")),
            ("-49e-224", Some("-0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000049")),
            ("-8.88e-38", Some("-0.0000000000000000000000000000000000000888")),
            ("6.85e-17", Some("0.0000000000000000685")),
            ("820447", Some("820447")),
            ("-1e21", Some("-1000000000000000000000")),
            ("7.46e30", Some("7460000000000000000000000000000")),
            ("5e86", Some("500000000000000000000000000000000000000000000000000000000000000000000000000000000000000")),
            ("10e204", Some("10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")),
            ("75126424270711386", Some("75126424270711386")),
            ("35e44", Some("3500000000000000000000000000000000000000000000")),
            ("67147520941031561527", Some("67147520941031561527")),
            ("9.32e33", Some("9320000000000000000000000000000000")),
            ("4.20e-22", Some("0.00000000000000000000042")),
            ("27e190", Some("270000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")),
            ("3", Some("3")),
            ("628647047", Some("628647047")),
            ("0.3", Some("0.3")),
            ("331678706357230733", Some("331678706357230733")),
            ("29e-292", Some("0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000029")),
            ("321.22", Some("321.22")),
            ("-386850", Some("-386850")),
            ("-0.8993759", Some("-0.8993759")),
            ("7378581", Some("7378581")),
            ("271310296", Some("271310296")),
            ("9361670753", Some("9361670753")),
            ("-0.368499367493", Some("-0.368499367493")),
            ("0.1", Some("0.1")),
            ("-0.87777951921323", Some("-0.87777951921323")),
            ("798.9", Some("798.9")),
            ("1", Some("1")),
            ("8.84e26", Some("884000000000000000000000000")),
            ("26e-83", Some("0.00000000000000000000000000000000000000000000000000000000000000000000000000000000026")),
            ("67374862", Some("67374862")),
            ("-0.868101231628451", Some("-0.868101231628451")),
            ("39e228", Some("39000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")),
            ("-2.6e-11", Some("-0.000000000026")),
            ("4", Some("4")),
            ("7e105", Some("7000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")),
            ("0.759344509190029481", Some("0.759344509190029481")),
            ("0.8262", Some("0.8262")),
            ("-42e87", Some("-42000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")),
            ("3.48e+9", Some("3480000000")),
            ("1.5", Some("1.5")),
            ("29e280", Some("290000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000")),
            ("53e3", Some("53000")),
            ("78e-329", Some("0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000078")),
            ("8.9e-32", Some("0.000000000000000000000000000000089")),
            ("1e3", Some("1000")),
            ("12345678901234567890", Some("12345678901234567890")),
            ("1e+", None),
            ("+", None),
            ("-", None),
            ("", None),
            ("1.2.3", None),
            ("1e5e5", None),
            ("0.0", Some("0")),
            ("-0.0e10", Some("-0")),
            ("00012", Some("12")),
            ("1E3", Some("1000")),
            ("1P-2", Some("0.25")),
            ("inf", Some("+Inf")),
            ("Inf", Some("+Inf")),
            ("+Inf", Some("+Inf")),
            ("-Inf", Some("-Inf")),
            ("infinity", None),
            ("1 ", None),
            ("0b101", None),
            ("1e-400", Some("0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001")),
            ("1e-99999", Some("0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001")),
            ("-.5e-1", Some("-0.05")),
            ("+.5", Some("0.5")),
            ("+-5", None),
            ("5e+-3", None),
            ("1.e3", Some("1000")),
            (".e3", None),
            ("1p", None),
            ("0x1p3", None),
            ("1e9223372036854775807", None),
            ("0.000000000000000000000000000000000000000000000000001", Some("0.000000000000000000000000000000000000000000000000001")),
            ("123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890", Some("123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123450000000000000000000000000")),
            ("1.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001", Some("1")),
    ];

    #[test]
    fn parse_table() {
        for &(s, want) in PARSE {
            let got = Number::parse(s).map(|n| n.to_text());
            assert_eq!(got.as_deref(), want, "{s:?}");
        }
    }

    /// format("%.Nf|e|E", x): (x, verb, N, output); from tf-oracle runs.
    #[rustfmt::skip]
    const FORMAT: &[(&str, char, usize, &str)] = &[
            ("5", 'E', 6, "5.000000E+00"), // format("%E", 5)
            ("1e100", 'E', 5, "1.00000E+100"), // format("%.5E", 1e100)
            ("0.35", 'e', 0, "3e-01"), // format("%.0e", 0.35)
            ("-2.5", 'f', 2, "-2.50"), // format("%.2f", -2.5)
            ("123456789.987654321", 'E', 5, "1.23457E+08"), // format("%.5E", 123456789.987654321)
            ("0.125", 'e', 2, "1.25e-01"), // format("%.2e", 0.125)
            ("0.125", 'f', 20, "0.12500000000000000000"), // format("%.20f", 0.125)
            ("0.000123456", 'f', 2, "0.00"), // format("%.2f", 0.000123456)
            ("-0", 'E', 10, "-0.0000000000E+00"), // format("%.10E", -0)
            ("123456789.987654321", 'e', 2, "1.23e+08"), // format("%.2e", 123456789.987654321)
            ("0.000123456", 'e', 3, "1.235e-04"), // format("%.3e", 0.000123456)
            ("0.000123456", 'E', 2, "1.23E-04"), // format("%.2E", 0.000123456)
            ("9.9999", 'E', 20, "9.99990000000000000000E+00"), // format("%.20E", 9.9999)
            ("-7", 'f', 10, "-7.0000000000"), // format("%.10f", -7)
            ("0.000123456", 'f', 2, "0.00"), // format("%.2f", 0.000123456)
            ("123456789.987654321", 'e', 6, "1.234568e+08"), // format("%e", 123456789.987654321)
            ("0.05", 'e', 0, "5e-02"), // format("%.0e", 0.05)
            ("0.15", 'E', 5, "1.50000E-01"), // format("%.5E", 0.15)
            ("-7", 'E', 1, "-7.0E+00"), // format("%.1E", -7)
            ("0.35", 'e', 3, "3.500e-01"), // format("%.3e", 0.35)
            ("2.5", 'f', 6, "2.500000"), // format("%f", 2.5)
            ("12345e-20", 'f', 20, "0.00000000000000012345"), // format("%.20f", 12345e-20)
            ("0.5", 'f', 1, "0.5"), // format("%.1f", 0.5)
            ("9.9999", 'E', 1, "1.0E+01"), // format("%.1E", 9.9999)
            ("9.9999", 'e', 20, "9.99990000000000000000e+00"), // format("%.20e", 9.9999)
            ("-2.5", 'f', 1, "-2.5"), // format("%.1f", -2.5)
            ("0.5", 'f', 6, "0.500000"), // format("%f", 0.5)
            ("f:1.4142135623730951", 'E', 5, "1.41421E+00"), // format("%.5E", pow(2,0.5))
            ("-2.5", 'f', 10, "-2.5000000000"), // format("%.10f", -2.5)
            ("0.25", 'e', 3, "2.500e-01"), // format("%.3e", 0.25)
            ("0.000123456", 'e', 3, "1.235e-04"), // format("%.3e", 0.000123456)
            ("0.35", 'f', 3, "0.350"), // format("%.3f", 0.35)
            ("0.15", 'f', 1, "0.2"), // format("%.1f", 0.15)
            ("0.25", 'e', 1, "2.5e-01"), // format("%.1e", 0.25)
            ("0.05", 'e', 3, "5.000e-02"), // format("%.3e", 0.05)
            ("0.15", 'e', 3, "1.500e-01"), // format("%.3e", 0.15)
            ("-0", 'f', 10, "-0.0000000000"), // format("%.10f", -0)
            ("123.456", 'e', 6, "1.234560e+02"), // format("%e", 123.456)
            ("0.35", 'e', 0, "3e-01"), // format("%.0e", 0.35)
            ("0.15", 'f', 3, "0.150"), // format("%.3f", 0.15)
            ("0.05", 'f', 20, "0.05000000000000000000"), // format("%.20f", 0.05)
            ("0.0005", 'f', 6, "0.000500"), // format("%f", 0.0005)
            ("0.125", 'E', 20, "1.25000000000000000000E-01"), // format("%.20E", 0.125)
            ("2.5", 'e', 20, "2.50000000000000000000e+00"), // format("%.20e", 2.5)
            ("0.05", 'f', 0, "0"), // format("%.0f", 0.05)
            ("-7", 'e', 0, "-7e+00"), // format("%.0e", -7)
            ("0.125", 'e', 20, "1.25000000000000000000e-01"), // format("%.20e", 0.125)
            ("0.000123456", 'e', 3, "1.235e-04"), // format("%.3e", 0.000123456)
            ("9.9999", 'e', 3, "1.000e+01"), // format("%.3e", 9.9999)
            ("2.5", 'f', 3, "2.500"), // format("%.3f", 2.5)
            ("99.99", 'f', 0, "100"), // format("%.0f", 99.99)
            ("2.5", 'e', 1, "2.5e+00"), // format("%.1e", 2.5)
            ("5", 'e', 6, "5.000000e+00"), // format("%e", 5)
            ("99.99", 'E', 2, "1.00E+02"), // format("%.2E", 99.99)
            ("0.0005", 'E', 5, "5.00000E-04"), // format("%.5E", 0.0005)
            ("1e-7", 'E', 2, "1.00E-07"), // format("%.2E", 1e-7)
            ("f:1.4142135623730951", 'E', 6, "1.414214E+00"), // format("%E", pow(2,0.5))
            ("0.5", 'f', 1, "0.5"), // format("%.1f", 0.5)
            ("1e100", 'e', 6, "1.000000e+100"), // format("%e", 1e100)
            ("0.000123456", 'e', 6, "1.234560e-04"), // format("%e", 0.000123456)
            ("9.995", 'f', 2, "10.00"), // format("%.2f", 9.995)
            ("0.35", 'E', 10, "3.5000000000E-01"), // format("%.10E", 0.35)
            ("0.05", 'E', 6, "5.000000E-02"), // format("%E", 0.05)
            ("9.9999", 'f', 3, "10.000"), // format("%.3f", 9.9999)
            ("0.000123456", 'f', 1, "0.0"), // format("%.1f", 0.000123456)
            ("1e21", 'e', 0, "1e+21"), // format("%.0e", 1e21)
            ("99.99", 'E', 10, "9.9990000000E+01"), // format("%.10E", 99.99)
            ("-2.5", 'e', 10, "-2.5000000000e+00"), // format("%.10e", -2.5)
            ("1.5", 'E', 3, "1.500E+00"), // format("%.3E", 1.5)
            ("9.9999", 'e', 3, "1.000e+01"), // format("%.3e", 9.9999)
            ("9.995", 'f', 0, "10"), // format("%.0f", 9.995)
            ("-2.5", 'e', 10, "-2.5000000000e+00"), // format("%.10e", -2.5)
            ("f:1.4142135623730951", 'f', 3, "1.414"), // format("%.3f", pow(2,0.5))
            ("99.99", 'E', 2, "1.00E+02"), // format("%.2E", 99.99)
            ("0", 'E', 3, "0.000E+00"), // format("%.3E", 0)
            ("0.5", 'e', 1, "5.0e-01"), // format("%.1e", 0.5)
            ("1e21", 'E', 2, "1.00E+21"), // format("%.2E", 1e21)
            ("-7", 'e', 2, "-7.00e+00"), // format("%.2e", -7)
            ("12345e-20", 'e', 1, "1.2e-16"), // format("%.1e", 12345e-20)
            ("0.15", 'E', 10, "1.5000000000E-01"), // format("%.10E", 0.15)
            ("0.25", 'f', 1, "0.2"), // format("%.1f", 0.25)
            ("f:1.4142135623730951", 'e', 2, "1.41e+00"), // format("%.2e", pow(2,0.5))
            ("-2.5", 'f', 10, "-2.5000000000"), // format("%.10f", -2.5)
            ("123.456", 'E', 6, "1.234560E+02"), // format("%E", 123.456)
            ("1e100", 'e', 6, "1.000000e+100"), // format("%e", 1e100)
            ("0.000123456", 'e', 6, "1.234560e-04"), // format("%e", 0.000123456)
            ("-2.5", 'f', 5, "-2.50000"), // format("%.5f", -2.5)
            ("123.456", 'f', 3, "123.456"), // format("%.3f", 123.456)
            ("0.5", 'f', 6, "0.500000"), // format("%f", 0.5)
            ("0.5", 'e', 0, "5e-01"), // format("%.0e", 0.5)
            ("2.5", 'e', 10, "2.5000000000e+00"), // format("%.10e", 2.5)
            ("f:1.4142135623730951", 'E', 2, "1.41E+00"), // format("%.2E", pow(2,0.5))
            ("f:1.4142135623730951", 'e', 10, "1.4142135624e+00"), // format("%.10e", pow(2,0.5))
            ("1e100", 'E', 2, "1.00E+100"), // format("%.2E", 1e100)
            ("1e100", 'E', 10, "1.0000000000E+100"), // format("%.10E", 1e100)
            ("123456789.987654321", 'f', 0, "123456790"), // format("%.0f", 123456789.987654321)
            ("0.35", 'E', 1, "3.5E-01"), // format("%.1E", 0.35)
            ("1.5", 'f', 1, "1.5"), // format("%.1f", 1.5)
            ("12345e-20", 'f', 10, "0.0000000000"), // format("%.10f", 12345e-20)
            ("2.5", 'e', 2, "2.50e+00"), // format("%.2e", 2.5)
    ];

    #[test]
    fn format_table() {
        for &(x, verb, digits, want) in FORMAT {
            let n = operand(x);
            let got = match verb {
                'f' => n.to_fixed(digits),
                'e' => n.to_exp(Some(digits), false),
                _ => n.to_exp(Some(digits), true),
            };
            assert_eq!(got, want, "{x} {verb} {digits}");
        }
    }

    #[test]
    fn api_values() {
        // 1e400 == 1e400 + 1 is true in Terraform (the sum rounds back at 512 bits).
        let big = p("1e400");
        assert!(big.add(&Number::from_i64(1)).unwrap().cty_equals(&big));
        // Precisions as cty assigns them.
        assert_eq!(p("1").prec(), 512);
        assert_eq!(Number::from_i64(-3).prec(), 64);
        assert_eq!(Number::from_u64(u64::MAX).prec(), 64);
        assert_eq!(Number::from_f64(0.1).unwrap().prec(), 53);
        assert_eq!(Number::from_bigint(&(BigInt::from(1) << 100u32)).prec(), 101);
        assert_eq!(Number::from_bigint(&BigInt::from(5)).prec(), 64);
        assert_eq!(Number::zero().prec(), 53);
        assert_eq!(p("1").add(&Number::from_i64(1)).unwrap().prec(), 512);
        assert_eq!(Number::from_i64(1).add(&Number::from_f64(0.5).unwrap()).unwrap().prec(), 64);
        // Integer conversions.
        assert_eq!(Number::from_i64(i64::MIN).to_text(), "-9223372036854775808");
        assert_eq!(Number::from_u64(u64::MAX).to_text(), "18446744073709551615");
        assert_eq!(Number::from_i64(i64::MIN).to_i64(), Some(i64::MIN));
        assert_eq!(p("9223372036854775808").to_i64(), None);
        assert_eq!(p("-9223372036854775808").to_i64(), Some(i64::MIN));
        assert_eq!(p("2.5").to_i64(), None);
        assert_eq!(p("-0").to_i64(), Some(0));
        assert_eq!(p("-2.7").to_bigint(), Some(BigInt::from(-2)));
        assert_eq!(p("1e30").to_bigint(), Some(BigInt::from(10u64).pow(30)));
        assert_eq!(Number::pos_inf().to_bigint(), None);
        // Float conversions.
        assert_eq!(Number::from_f64(f64::NAN).map(|n| n.to_text()), None);
        assert_eq!(Number::from_f64(f64::INFINITY).unwrap().to_text(), "+Inf");
        assert_eq!(Number::from_f64(-0.0).unwrap().to_text(), "-0");
        assert_eq!(Number::from_f64(0.1).unwrap().to_text(), "0.1");
        assert_eq!(Number::from_f64(1e23).unwrap().to_text(), "100000000000000000000000");
        assert_eq!(p("0.1").to_f64(), 0.1);
        assert_eq!(p("1e-320").to_f64(), 1e-320);
        assert_eq!(p("5e-324").to_f64(), 5e-324);
        assert_eq!(p("2e-324").to_f64(), 0.0);
        assert_eq!(p("3e-324").to_f64(), 5e-324);
        assert_eq!(p("1.7976931348623157e308").to_f64(), f64::MAX);
        assert_eq!(p("1.7976931348623159e308").to_f64(), f64::INFINITY);
        assert_eq!(p("-1e400").to_f64(), f64::NEG_INFINITY);
        assert!(p("-1e-400").to_f64().is_sign_negative());
        let mut st = 0x1234_5678_9abc_def1u64;
        for _ in 0..2000 {
            let v = f64::from_bits(rng(&mut st));
            if v.is_nan() {
                continue;
            }
            let n = Number::from_f64(v).unwrap();
            assert_eq!(n.to_f64().to_bits(), v.to_bits());
            if v.is_finite() {
                let s = format!("{v:e}");
                assert_eq!(p(&s).to_f64().to_bits(), v.to_bits(), "{s}");
            }
        }
        // Predicates.
        assert!(p("-0").is_negative() && p("-0").is_zero() && p("-0").sign() == 0);
        assert!(p("1e3").is_integer() && !p("1.5").is_integer() && !Number::pos_inf().is_integer());
        assert_eq!(p("-2.5").sign(), -1);
        assert!(Number::neg_inf().is_inf() && Number::neg_inf().is_negative());
        // Rounding to a precision.
        assert_eq!(p("1").div(&p("3")).unwrap().with_prec(53).to_text(), "0.3333333333333333");
        assert_eq!(p("2.5").with_prec(2).to_text(), "2");
        assert_eq!(p("3.5").with_prec(2).to_text(), "4");
        assert_eq!(p("7").with_prec(0).to_text(), "0");
        // floor/ceil/trunc keep precision; zero results are +0 (Go SetInt).
        assert_eq!(p("-2.5").floor().to_text(), "-3"); // floor(-2.5)
        assert_eq!(p("2.5").floor().to_text(), "2"); // floor(2.5)
        assert_eq!(p("2.5").ceil().to_text(), "3"); // ceil(2.5)
        assert_eq!(p("-2.5").ceil().to_text(), "-2"); // ceil(-2.5)
        assert_eq!(p("-0.5").ceil().to_text(), "0"); // ceil(-0.5)
        assert_eq!(p("-0").floor().to_text(), "0"); // floor(-0)
        assert_eq!(p("-2.7").trunc().to_text(), "-2");
        assert_eq!(p("1000000000000000.5").floor().to_text(), "1000000000000000");
        assert_eq!(p("9007199254740993.5").floor().to_text(), "9007199254740993");
        assert_eq!(p("1.5").floor().prec(), 512);
        assert_eq!(Number::neg_inf().floor().to_text(), "-Inf");
        // Ordering.
        let order = ["-Inf", "-1e400", "-1", "-0.5", "0", "1e-400", "0.5", "1", "1e400", "+Inf"];
        for (i, a) in order.iter().enumerate() {
            for (j, b) in order.iter().enumerate() {
                assert_eq!(p(a).cmp_exact(&p(b)), i.cmp(&j), "{a} vs {b}");
            }
        }
        assert_eq!(p("-0").cmp_exact(&p("0")), Ordering::Equal);
        // Equality (cty rawNumberEqual).
        assert!(p("+Inf") == p("inf") && p("+Inf") != p("-Inf") && p("+Inf") != p("1e400"));
        assert!(p("1") == Number::from_i64(1) && p("1.5") == Number::from_f64(1.5).unwrap());
        assert!(p("1") != p("1.0000000000000000000000000000000000001"));
        // Exact decimal expansion.
        assert_eq!(p("-12.5").exact_decimal(), Some((true, "125".into(), 2)));
        assert_eq!(p("0.001").with_prec(4).exact_decimal(), Some((false, "9765625".into(), -3)));
        assert_eq!(Number::zero().exact_decimal(), Some((false, String::new(), 0)));
        assert_eq!(Number::pos_inf().exact_decimal(), None);
        // Shortest 'e' format and special values.
        assert_eq!(p("1500").to_exp(None, false), "1.5e+03");
        assert_eq!(p("0").to_exp(None, true), "0E+00");
        assert_eq!(p("-0.000123").to_exp(None, false), "-1.23e-04");
        assert_eq!(Number::neg_inf().to_fixed(2), "-Inf");
        assert_eq!(p("1e100").to_text(), format!("1{}", "0".repeat(100)));
        assert_eq!(format!("{}", p("-0")), "-0");
    }

    #[test]
    fn api_errors() {
        let inf = p("inf");
        let ninf = p("-inf");
        let zero = p("0");
        let two = p("2");
        let nan = |m| Err(NumberError::NaN(m));
        assert_eq!(
            inf.add(&ninf).map(|n| n.to_text()),
            nan("addition of infinities with opposite signs")
        );
        assert_eq!(
            inf.sub(&inf).map(|n| n.to_text()),
            nan("addition of infinities with opposite signs")
        );
        assert_eq!(zero.mul(&inf).map(|n| n.to_text()), nan("multiplication of zero with infinity"));
        assert_eq!(
            inf.div(&ninf).map(|n| n.to_text()),
            nan("division of zero by zero or infinity by infinity")
        );
        assert_eq!(
            zero.div(&p("-0")).map(|n| n.to_text()),
            nan("division of zero by zero or infinity by infinity")
        );
        // 5 % (1/0): "can't use modulo with zero and infinity" in Terraform.
        assert_eq!(two.rem(&inf).map(|n| n.to_text()), nan("multiplication of zero with infinity"));
        // (1/0) % 2: Terraform reports "panic in function implementation: runtime error: ...".
        assert!(matches!(inf.rem(&two), Err(NumberError::Panic(_))));
        assert!(matches!(inf.rem(&inf), Err(NumberError::NaN(_))));
        assert_eq!(inf.rem(&zero).map(|n| n.to_text()), Ok("+Inf".into()));
        assert_eq!(inf.add(&two).map(|n| n.to_text()), Ok("+Inf".into()));
        assert_eq!(two.sub(&inf).map(|n| n.to_text()), Ok("-Inf".into()));
        assert_eq!(p("-0").div(&inf).map(|n| n.to_text()), Ok("-0".into()));
        assert_eq!(NumberError::NaN("x").to_string(), "x");
        // Messages as tf-oracle prints them after "Error during operation: ".
        let msg = |r: Result<Number, NumberError>, op| r.err().map(|e| e.terraform_message(op));
        assert_eq!(msg(inf.add(&ninf), '+'), Some("can't compute sum of opposing infinities"));
        assert_eq!(msg(inf.sub(&inf), '-'), Some("can't subtract infinity from itself"));
        assert_eq!(msg(inf.mul(&zero), '*'), Some("can't multiply zero by infinity"));
        assert_eq!(msg(inf.div(&inf), '/'), Some("can't divide zero by zero or infinity by infinity"));
        assert_eq!(msg(zero.rem(&inf), '%'), Some("can't use modulo with zero and infinity"));
        assert!(
            msg(ninf.rem(&p("3")), '%')
                .unwrap()
                .starts_with("panic in function implementation: runtime error:")
        );
    }

    #[test]
    fn parse_limits() {
        // Deviation: exponents beyond MAX_PARSE_EXP are refused (Go would accept them).
        assert!(Number::parse("1e100000").is_some());
        assert!(Number::parse("1e-100000").is_some());
        assert!(Number::parse("1e100001").is_none());
        assert!(Number::parse("0e100001").is_some());
        assert!(Number::parse("0e-9223372036854775808").is_some());
        assert!(Number::parse("0e9223372036854775808").is_none());
        assert_eq!(p("1e100000").to_text().len(), 100_001);
        assert_eq!(p("1e-100000").add(&p("1")).unwrap().to_text(), "1");
        assert_eq!(p("1e100000").rem(&p("3")).unwrap().prec(), 512);
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
