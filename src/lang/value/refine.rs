//! go-cty's refinements (Terraform 1.6 on): what is known of an unknown value besides its
//! type. An unknown can be known not to be null; an unknown string can have a known prefix,
//! an unknown number bounds, an unknown list, set or map bounds on its length. They never show
//! in Terraform's output (an unknown prints `(known after apply)` whatever it knows); they
//! matter because some operations over unknowns then have known results
//! (`length(jsonencode([x])) > 0` is `true` at plan time).
//!
//! One representation: [`Refinement`], carried by [`Value::Unknown`]; [`Refinement::default`]
//! knows nothing. Producers build one and apply it with [`Value::refine`], which keeps only what
//! the value's type can have (as go-cty's `RefinementBuilder`), does nothing before
//! [`releases::REFINEMENTS`] or for an unknown of type `any`, and turns an unknown narrowed to
//! one value into that value (cty's `NewValue`). Consumers ask a value's range through
//! [`Value::definitely_not_null`], [`Value::known_prefix`], [`Value::lower_bound`],
//! [`Value::upper_bound`] and [`Value::length_bounds`], which also describe known values.

use std::cmp::Ordering;
use std::rc::Rc;

use crate::lang::dialect::releases;
use crate::lang::value::number::Number;
use crate::lang::value::{Type, Value};

/// One end of an unknown number's range.
#[derive(Clone, Debug)]
pub struct Bound {
    /// The bounding number (never infinite: an infinite bound is no bound).
    pub value: Number,
    /// Whether the number itself is in the range.
    pub inclusive: bool,
}

/// The facts behind a [`Refinement`]; absent facts are the type's defaults.
#[derive(Clone, Debug, Default)]
struct Facts {
    not_null: bool,
    prefix: String,
    lower: Option<Bound>,
    upper: Option<Bound>,
    min_len: usize,
    max_len: Option<usize>,
}

/// What is known of an unknown value beyond its type (go-cty's refinements). The default
/// knows nothing; the builder methods narrow it and each keeps the tighter of an old and a new
/// fact, as cty's `RefinementBuilder` does.
#[derive(Clone, Debug, Default)]
pub struct Refinement(Option<Rc<Facts>>);

impl Refinement {
    /// A refinement that knows nothing yet.
    pub fn new() -> Refinement {
        Refinement::default()
    }

    fn edit(&mut self) -> &mut Facts {
        Rc::make_mut(self.0.get_or_insert_with(Default::default))
    }

    fn facts(&self) -> Option<&Facts> {
        self.0.as_deref()
    }

    /// True when nothing is known.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The value is not null.
    pub fn not_null(mut self) -> Refinement {
        self.edit().not_null = true;
        self
    }

    /// A string starts with `p` (taken as it is: see [`safe_prefix`] for text that more
    /// characters could change). The longer of two prefixes is kept.
    pub fn prefix(mut self, p: &str) -> Refinement {
        let f = self.edit();
        if p.len() > f.prefix.len() && p.starts_with(f.prefix.as_str()) {
            f.prefix = p.to_string();
        }
        self
    }

    /// A number is at least `n` (more than `n` when not `inclusive`). An infinite bound says
    /// nothing; a looser bound than the one known is ignored.
    pub fn lower(mut self, n: Number, inclusive: bool) -> Refinement {
        if n.is_inf() {
            return self;
        }
        let f = self.edit();
        let tighter = match &f.lower {
            None => true,
            Some(old) => match n.cmp_exact(&old.value) {
                Ordering::Greater => true,
                // At the same number an exclusive bound is the tighter one.
                Ordering::Equal => !inclusive || old.inclusive,
                Ordering::Less => false,
            },
        };
        if tighter {
            f.lower = Some(Bound { value: n, inclusive });
        }
        self
    }

    /// A number is at most `n` (less than `n` when not `inclusive`); as [`Refinement::lower`].
    pub fn upper(mut self, n: Number, inclusive: bool) -> Refinement {
        if n.is_inf() {
            return self;
        }
        let f = self.edit();
        let tighter = match &f.upper {
            None => true,
            Some(old) => match n.cmp_exact(&old.value) {
                Ordering::Less => true,
                // At the same number an exclusive bound is the tighter one.
                Ordering::Equal => !inclusive || old.inclusive,
                Ordering::Greater => false,
            },
        };
        if tighter {
            f.upper = Some(Bound { value: n, inclusive });
        }
        self
    }

    /// A collection has at least `n` elements.
    pub fn length_at_least(mut self, n: usize) -> Refinement {
        let f = self.edit();
        f.min_len = f.min_len.max(n);
        self
    }

    /// A collection has at most `n` elements (`usize::MAX`: no bound).
    pub fn length_at_most(mut self, n: usize) -> Refinement {
        if n == usize::MAX {
            return self;
        }
        let f = self.edit();
        f.max_len = Some(f.max_len.map_or(n, |m| m.min(n)));
        self
    }

    /// A collection has exactly `n` elements.
    pub fn length(self, n: usize) -> Refinement {
        self.length_at_least(n).length_at_most(n)
    }

    /// True when the value is known not to be null.
    pub fn is_not_null(&self) -> bool {
        self.facts().is_some_and(|f| f.not_null)
    }

    /// The known prefix of a string ("" when none).
    pub fn known_prefix(&self) -> &str {
        self.facts().map_or("", |f| f.prefix.as_str())
    }

    /// The lower bound of a number, if any.
    pub fn lower_bound(&self) -> Option<&Bound> {
        self.facts().and_then(|f| f.lower.as_ref())
    }

    /// The upper bound of a number, if any.
    pub fn upper_bound(&self) -> Option<&Bound> {
        self.facts().and_then(|f| f.upper.as_ref())
    }

    /// The bounds of a collection's length (`None`: unbounded above).
    pub fn length_range(&self) -> (usize, Option<usize>) {
        self.facts().map_or((0, None), |f| (f.min_len, f.max_len))
    }

    /// `self` narrowed by what `more` knows that a value of type `ty` can have.
    fn merged(self, more: &Refinement, ty: &Type) -> Refinement {
        let Some(m) = more.facts() else { return self };
        let mut r = self;
        if m.not_null {
            r = r.not_null();
        }
        match ty {
            Type::String if !m.prefix.is_empty() => r = r.prefix(&m.prefix),
            Type::Number => {
                if let Some(b) = &m.lower {
                    r = r.lower(b.value.clone(), b.inclusive);
                }
                if let Some(b) = &m.upper {
                    r = r.upper(b.value.clone(), b.inclusive);
                }
            }
            Type::List(_) | Type::Set(_) | Type::Map(_) => {
                r = r.length_at_least(m.min_len);
                if let Some(n) = m.max_len {
                    r = r.length_at_most(n);
                }
            }
            _ => {}
        }
        r
    }
}

/// True when refinements exist in the release being evaluated (the newest when none is set).
fn enabled() -> bool {
    releases::current().is_none_or(|v| releases::has(v, &releases::REFINEMENTS))
}

impl Value {
    /// An unknown value of type `t` about which nothing more is known.
    pub fn unknown(t: Type) -> Value {
        Value::Unknown(t, Refinement::default())
    }

    /// An unknown of type `t` known not to be null (cty's `UnknownVal(t).RefineNotNull()`).
    pub fn unknown_not_null(t: Type) -> Value {
        Value::unknown(t).refine(Refinement::new().not_null())
    }

    /// The value narrowed by `r`, as cty's `Refine()...NewValue()`: a known value is returned as
    /// it is, an unknown of type `any` (or any unknown before Terraform 1.6) stays unrefined,
    /// and an unknown narrowed to a single value becomes it (a number whose inclusive bounds
    /// meet; a collection of length 0, a list of known length, a set of one element). Marks
    /// are kept.
    pub fn refine(self, r: Refinement) -> Value {
        if r.is_empty() {
            return self;
        }
        match self {
            Value::Marked(inner, m) => inner.refine(r).mark_with(m),
            Value::Unknown(t, have) if t != Type::Dynamic && enabled() => {
                let merged = have.merged(&r, &t);
                settle(t, merged)
            }
            v => v,
        }
    }

    /// The refinement of an unknown value (looking through marks).
    pub fn refinement(&self) -> Option<&Refinement> {
        match self {
            Value::Unknown(_, r) => Some(r),
            Value::Marked(v, _) => v.refinement(),
            _ => None,
        }
    }

    /// True when the value cannot be null: a known value that is not null, or an unknown
    /// refined so (cty's `definitelyNotNull`).
    pub fn definitely_not_null(&self) -> bool {
        match self {
            Value::Null(_) => false,
            Value::Unknown(_, r) => r.is_not_null(),
            Value::Marked(v, _) => v.definitely_not_null(),
            _ => true,
        }
    }

    /// A string's known prefix: all of a known string, the refined prefix of an unknown one,
    /// "" for anything else.
    pub fn known_prefix(&self) -> &str {
        match self {
            Value::String(s) => s,
            Value::Unknown(Type::String, r) => r.known_prefix(),
            Value::Marked(v, _) => v.known_prefix(),
            _ => "",
        }
    }

    /// A number's lower bound: the number itself when known, the refined bound of an unknown
    /// one; `None` when unbounded (or not a number).
    pub fn lower_bound(&self) -> Option<Bound> {
        match self {
            Value::Number(n) if !n.is_inf() => Some(Bound {
                value: n.clone(),
                inclusive: true,
            }),
            Value::Unknown(Type::Number, r) => r.lower_bound().cloned(),
            Value::Marked(v, _) => v.lower_bound(),
            _ => None,
        }
    }

    /// A number's upper bound, as [`Value::lower_bound`].
    pub fn upper_bound(&self) -> Option<Bound> {
        match self {
            Value::Number(n) if !n.is_inf() => Some(Bound {
                value: n.clone(),
                inclusive: true,
            }),
            Value::Unknown(Type::Number, r) => r.upper_bound().cloned(),
            Value::Marked(v, _) => v.upper_bound(),
            _ => None,
        }
    }

    /// The bounds of a list's, set's or map's length (cty's `Range().LengthLowerBound()` and
    /// `LengthUpperBound()`): exact for a known one, none for a set holding unknowns (its
    /// elements may coalesce) unless it has a single element, refined for an unknown one.
    pub fn length_bounds(&self) -> (usize, Option<usize>) {
        match self {
            Value::List(_, vs) => (vs.len(), Some(vs.len())),
            Value::Map(_, m) => (m.len(), Some(m.len())),
            Value::Set(_, vs) if vs.len() == 1 || !vs.iter().any(Value::has_unknown) => (vs.len(), Some(vs.len())),
            Value::Unknown(Type::List(_) | Type::Set(_) | Type::Map(_), r) => r.length_range(),
            Value::Marked(v, _) => v.length_bounds(),
            _ => (0, None),
        }
    }
}

/// cty's `NewValue`: an unknown known not to be null and narrowed to one value is that value.
fn settle(t: Type, r: Refinement) -> Value {
    if r.is_not_null() {
        match &t {
            Type::Number => {
                if let (Some(lo), Some(hi)) = (r.lower_bound(), r.upper_bound())
                    && lo.inclusive
                    && hi.inclusive
                    && lo.value.cmp_exact(&hi.value) == Ordering::Equal
                {
                    return Value::Number(lo.value.clone());
                }
            }
            Type::List(e) | Type::Set(e) | Type::Map(e) => {
                if let (n, Some(m)) = r.length_range()
                    && n == m
                {
                    let e = (**e).clone();
                    match (&t, n) {
                        (Type::List(_), 0) => return Value::List(e, Vec::new()),
                        (Type::Set(_), 0) => return Value::Set(e, Vec::new()),
                        (Type::Map(_), 0) => return Value::Map(e, Default::default()),
                        (Type::List(_), n) => return Value::List(e.clone(), vec![Value::unknown(e); n]),
                        (Type::Set(_), 1) => return Value::Set(e.clone(), vec![Value::unknown(e)]),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    Value::Unknown(t, r)
}

/// True when the unknown `unknown` can never turn out to be the known `known` (cty's
/// `ValueRange.Includes` answering false): a null against a value that cannot be null, a
/// string without the prefix, a number out of the bounds, a collection of a length out of the
/// length bounds. Both are unmarked.
pub fn excludes(unknown: &Value, known: &Value) -> bool {
    let Value::Unknown(ty, r) = unknown else { return false };
    if known.is_null() {
        return r.is_not_null();
    }
    if !conforms(&known.ty(), ty) {
        return true;
    }
    match ty {
        Type::String => known.as_str().is_some_and(|s| !s.starts_with(r.known_prefix())),
        Type::Number => {
            let Some(n) = known.as_number() else { return false };
            let below = r.lower_bound().is_some_and(|b| match n.cmp_exact(&b.value) {
                Ordering::Less => true,
                Ordering::Equal => !b.inclusive,
                Ordering::Greater => false,
            });
            let above = r.upper_bound().is_some_and(|b| match n.cmp_exact(&b.value) {
                Ordering::Greater => true,
                Ordering::Equal => !b.inclusive,
                Ordering::Less => false,
            });
            below || above
        }
        Type::List(_) | Type::Set(_) | Type::Map(_) => {
            // A known set holding unknowns has between one element and its stored count.
            let (lo, hi) = match known {
                Value::Set(_, vs) if vs.len() > 1 && vs.iter().any(Value::has_unknown) => (1, Some(vs.len())),
                _ => known.length_bounds(),
            };
            let (min, max) = r.length_range();
            hi.is_some_and(|h| h < min) || max.is_some_and(|m| lo > m)
        }
        _ => false,
    }
}

/// cty's `TestConformance` as a yes or no: `have` is `want` with `any` in `want` matching
/// anything.
fn conforms(have: &Type, want: &Type) -> bool {
    match (have, want) {
        (_, Type::Dynamic) => true,
        (Type::List(a), Type::List(b)) | (Type::Set(a), Type::Set(b)) | (Type::Map(a), Type::Map(b)) => conforms(a, b),
        (Type::Tuple(a), Type::Tuple(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| conforms(x, y)),
        (Type::Object(a), Type::Object(b)) => a.len() == b.len() && a.iter().zip(b).all(|((k, x), (l, y))| k == l && conforms(x, y)),
        _ => have == want,
    }
}

/// cty's `LessThan` of two numbers, either unknown: known when the bounds decide it. Like
/// cty, every bound is taken as exclusive (so `length(x) >= 1` with `x` at least one long is
/// still unknown). `None` when undecided.
pub fn less_than(a: &Value, b: &Value) -> Option<bool> {
    if let (Some(x), Some(y)) = (a.as_number(), b.as_number()) {
        return Some(x.cmp_exact(y).is_lt());
    }
    if let (Some(a_max), Some(b_min)) = (a.upper_bound(), b.lower_bound())
        && a_max.value.cmp_exact(&b_min.value).is_lt()
    {
        return Some(true);
    }
    if let (Some(a_min), Some(b_max)) = (a.lower_bound(), b.upper_bound())
        && a_min.value.cmp_exact(&b_max.value).is_gt()
    {
        return Some(false);
    }
    None
}

/// cty's `GreaterThan`, as [`less_than`].
pub fn greater_than(a: &Value, b: &Value) -> Option<bool> {
    if let (Some(x), Some(y)) = (a.as_number(), b.as_number()) {
        return Some(x.cmp_exact(y).is_gt());
    }
    if let (Some(a_min), Some(b_max)) = (a.lower_bound(), b.upper_bound())
        && a_min.value.cmp_exact(&b_max.value).is_gt()
    {
        return Some(true);
    }
    if let (Some(a_max), Some(b_min)) = (a.upper_bound(), b.lower_bound())
        && a_max.value.cmp_exact(&b_min.value).is_lt()
    {
        return Some(false);
    }
    None
}

/// cty's `Length` of a list, set or map that is unknown or holds unknowns: the number of
/// elements when it can be told, else an unknown number within the length bounds (a set's
/// unknown elements may coalesce: between one and its stored length). Unmarked input.
pub fn collection_length(v: &Value) -> Value {
    match v {
        Value::Set(_, vs) if vs.len() > 1 && vs.iter().any(Value::has_unknown) => Value::unknown(Type::Number).refine(
            Refinement::new()
                .not_null()
                .lower(Number::from_i64(1), true)
                .upper(Number::from_u64(vs.len() as u64), true),
        ),
        Value::Unknown(..) => {
            let (min, max) = v.length_bounds();
            // An unbounded length is at most Go's math.MaxInt, a bound cty does give.
            let max = max.map_or(i64::MAX as u64, |m| m as u64);
            Value::unknown(Type::Number).refine(
                Refinement::new()
                    .not_null()
                    .lower(Number::from_u64(min as u64), true)
                    .upper(Number::from_u64(max), true),
            )
        }
        other => Value::int(other.len() as i64),
    }
}

/// go-cty's `SafeKnownPrefix`: `p` as a prefix that stays true whatever text follows it.
/// The text is NFC-normalised; a last character that a following one could combine with
/// (under NFC) is cut back to the last starter; otherwise the last grapheme cluster is dropped,
/// unless it is one of the delimiters cty knows end a cluster (`[`, `:`, `-`, space...).
/// `truncated` says the text was cut inside a character (the cut bytes are already gone),
/// where Go's `norm.LastBoundary` stops at that cut.
pub fn safe_prefix(p: &str, truncated: bool, version: releases::TfVersion) -> String {
    let p: String = if p.is_ascii() {
        p.to_string()
    } else {
        use unicode_normalization::UnicodeNormalization;
        p.nfc().collect()
    };
    let last = match p.char_indices().next_back() {
        Some(x) => x,
        None => return p,
    };
    if truncated {
        // The incomplete character is a boundary unless the one before it may still combine.
        return if inert(last.1) { p } else { p[..last_starter(&p)].to_string() };
    }
    if !inert(last.1) {
        return p[..last_starter(&p)].to_string();
    }
    let clusters = crate::lang::value::unicode::clusters_at(&p, version);
    let Some(tail) = clusters.last() else { return p };
    let mut cs = tail.chars();
    let delimiter = matches!((cs.next(), cs.next()), (Some(c), None) if ends_cluster(c));
    if delimiter {
        p
    } else {
        let keep = p.len() - tail.len();
        p[..keep].to_string()
    }
}

/// go-cty's `sequenceMustEndGraphemeCluster`: characters no rule joins to what follows.
fn ends_cluster(c: char) -> bool {
    matches!(
        c,
        '-' | '_'
            | ':'
            | ';'
            | '/'
            | '\\'
            | ','
            | '.'
            | '('
            | ')'
            | '{'
            | '}'
            | '['
            | ']'
            | '|'
            | '?'
            | '!'
            | '~'
            | ' '
            | '\t'
            | '@'
            | '#'
            | '$'
            | '%'
            | '^'
            | '&'
            | '*'
            | '+'
            | '"'
            | '\''
    )
}

/// Where Go's `norm.LastBoundary` puts the last NFC boundary of a text whose last character is
/// not inert: before its last starter (0 when it has none).
fn last_starter(p: &str) -> usize {
    p.char_indices().rev().find(|(_, c)| leads_with_starter(*c)).map_or(0, |(i, _)| i)
}

/// True when `c`'s canonical decomposition starts with a starter (Go's nLeadingNonStarters
/// of zero).
fn leads_with_starter(c: char) -> bool {
    let mut first = None;
    unicode_normalization::char::decompose_canonical(c, |d| {
        first.get_or_insert(d);
    });
    first.is_none_or(|d| unicode_normalization::char::canonical_combining_class(d) == 0)
}

/// Go's `Properties.isInert` under NFC: a starter with no decomposition, definitely in NFC,
/// that composes with nothing after it.
fn inert(c: char) -> bool {
    use unicode_normalization::char::{canonical_combining_class, compose, decompose_canonical};
    if canonical_combining_class(c) != 0 {
        return false;
    }
    let mut decomposes = false;
    decompose_canonical(c, |d| decomposes |= d != c);
    if decomposes || unicode_normalization::is_nfc_quick(std::iter::once(c)) != unicode_normalization::IsNormalized::Yes {
        return false;
    }
    !second_halves().iter().any(|&b| compose(c, b).is_some())
}

/// Every character that can be the second of a canonical composition (NFC_Quick_Check Maybe).
fn second_halves() -> &'static [char] {
    static SET: std::sync::OnceLock<Vec<char>> = std::sync::OnceLock::new();
    SET.get_or_init(|| {
        // Every such character is below U+20000.
        (0x80u32..0x2_0000)
            .filter_map(char::from_u32)
            .filter(|&c| unicode_normalization::is_nfc_quick(std::iter::once(c)) == unicode_normalization::IsNormalized::Maybe)
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prefix(p: &str) -> String {
        safe_prefix(p, false, (1, 14, 0))
    }

    // tf-oracle 1.12.2: `startswith("P${var.s}", Q)` is true for Q the kept prefix and unknown
    // for anything longer.
    #[test]
    fn safe_prefixes_as_terraform_keeps_them() {
        assert_eq!(prefix("ab"), "a");
        assert_eq!(prefix("ab["), "ab[");
        assert_eq!(prefix("abc-"), "abc-");
        assert_eq!(prefix("a-b"), "a-");
        assert_eq!(prefix("café"), "caf");
        assert_eq!(prefix("x1"), "x");
        assert_eq!(prefix("x:"), "x:");
        assert_eq!(prefix("x é"), "x ");
        assert_eq!(prefix("한"), "");
        assert_eq!(prefix("日本"), "日");
        assert_eq!(prefix("arn:aws:s3:::"), "arn:aws:s3:::");
        assert_eq!(prefix("a\t"), "a\t");
        assert_eq!(prefix("q"), "");
        assert_eq!(prefix("é-"), "é-");
        assert_eq!(prefix("1.5"), "1.");
        assert_eq!(prefix("k8s_"), "k8s_");
    }

    #[test]
    fn narrowing_keeps_the_tighter_fact() {
        let r = Refinement::new().lower(Number::from_i64(1), true).lower(Number::from_i64(0), true);
        assert_eq!(r.lower_bound().map(|b| b.value.to_text()), Some("1".into()));
        let r = Refinement::new().length_at_most(5).length_at_most(9).length_at_least(2);
        assert_eq!(r.length_range(), (2, Some(5)));
        let r = Refinement::new().prefix("[").prefix("[1");
        assert_eq!(r.known_prefix(), "[1");
    }

    #[test]
    fn narrowed_to_one_value_is_that_value() {
        let n = Value::unknown(Type::Number).refine(
            Refinement::new()
                .not_null()
                .lower(Number::from_i64(3), true)
                .upper(Number::from_i64(3), true),
        );
        assert_eq!(n.as_number().map(Number::to_text), Some("3".into()));
        let l = Value::unknown(Type::list(Type::String)).refine(Refinement::new().not_null().length(2));
        assert!(matches!(&l, Value::List(_, vs) if vs.len() == 2 && vs.iter().all(Value::is_unknown)));
        // A value that may be null stays unknown.
        let l = Value::unknown(Type::list(Type::String)).refine(Refinement::new().length(0));
        assert!(l.is_unknown());
        // Nothing can be known of an unknown of type any.
        assert!(
            Value::unknown_not_null(Type::Dynamic)
                .refinement()
                .is_some_and(Refinement::is_empty)
        );
    }
}
