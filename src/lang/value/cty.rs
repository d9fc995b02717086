//! Values and types as go-cty models them: every value knows its type, nulls are typed,
//! map and object keys iterate lexically, and sets keep Terraform's element order.

use std::collections::BTreeMap;
use std::fmt;
use std::rc::Rc;

use crate::lang::value::number::Number;

/// A Terraform type.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Type {
    /// `string`
    String,
    /// `number`
    Number,
    /// `bool`
    Bool,
    /// `list(T)`
    List(Box<Type>),
    /// `set(T)`
    Set(Box<Type>),
    /// `map(T)`
    Map(Box<Type>),
    /// `tuple([T, ...])`
    Tuple(Vec<Type>),
    /// `object({name = T, ...})`
    Object(BTreeMap<String, Type>),
    /// `any`: not yet decided (the type of an untyped null, or a type constraint placeholder).
    Dynamic,
}

impl Type {
    /// `list(t)`.
    pub fn list(t: Type) -> Type {
        Type::List(Box::new(t))
    }
    /// `set(t)`.
    pub fn set(t: Type) -> Type {
        Type::Set(Box::new(t))
    }
    /// `map(t)`.
    pub fn map(t: Type) -> Type {
        Type::Map(Box::new(t))
    }
    /// True for string, number and bool.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }
    /// The element type of a list, set or map.
    pub fn element(&self) -> Option<&Type> {
        match self {
            Type::List(t) | Type::Set(t) | Type::Map(t) => Some(t),
            _ => None,
        }
    }
    /// True if the type contains `any` anywhere.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::List(t) | Type::Set(t) | Type::Map(t) => t.has_dynamic(),
            Type::Tuple(ts) => ts.iter().any(Type::has_dynamic),
            Type::Object(m) => m.values().any(Type::has_dynamic),
            _ => false,
        }
    }
    /// The word Terraform uses for this kind of type in error messages ("list of string", "object").
    pub fn friendly(&self) -> String {
        match self {
            Type::String => "string".into(),
            Type::Number => "number".into(),
            Type::Bool => "bool".into(),
            Type::Dynamic => "dynamic".into(),
            Type::List(t) => format!("list of {}", t.friendly()),
            Type::Set(t) => format!("set of {}", t.friendly()),
            Type::Map(t) => format!("map of {}", t.friendly()),
            Type::Tuple(_) => "tuple".into(),
            Type::Object(_) => "object".into(),
        }
    }
}

impl fmt::Display for Type {
    /// Formats the type as `type()` and type constraints print it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::lang::value::render::type_string(self, 0))
    }
}

/// The marks a value can carry, as go-cty carries Terraform's marks: a small set of
/// `sensitive` and `ephemeral`. Every operation carries the marks of its inputs to its result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Marks(u8);

impl Marks {
    /// No mark.
    pub const NONE: Marks = Marks(0);
    /// Terraform's `marks.Sensitive`.
    pub const SENSITIVE: Marks = Marks(1);
    /// Terraform's `marks.Ephemeral` (1.10 on).
    pub const EPHEMERAL: Marks = Marks(2);

    /// True when every mark of `other` is in `self`.
    pub const fn contains(self, other: Marks) -> bool {
        self.0 & other.0 == other.0
    }
    /// True when there is no mark.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// True when the sensitive mark is present.
    pub const fn sensitive(self) -> bool {
        self.contains(Marks::SENSITIVE)
    }
    /// True when the ephemeral mark is present.
    pub const fn ephemeral(self) -> bool {
        self.contains(Marks::EPHEMERAL)
    }
    /// These marks without those of `other`.
    pub const fn without(self, other: Marks) -> Marks {
        Marks(self.0 & !other.0)
    }
}

impl std::ops::BitOr for Marks {
    type Output = Marks;
    /// The union of two sets of marks.
    fn bitor(self, other: Marks) -> Marks {
        Marks(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for Marks {
    /// Adds the marks of `other`.
    fn bitor_assign(&mut self, other: Marks) {
        self.0 |= other.0;
    }
}

/// A Terraform value.
#[derive(Clone, Debug)]
pub enum Value {
    /// A null of the given type.
    Null(Type),
    /// A value not known until apply, and what is known of it (go-cty's refinements: never
    /// printed, see [`crate::lang::value::refine`]).
    Unknown(Type, crate::lang::value::Refinement),
    /// A bool.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string.
    String(Rc<str>),
    /// A list: element type and elements.
    List(Type, Vec<Value>),
    /// A set: element type and elements, in Terraform's iteration order, without duplicates.
    Set(Type, Vec<Value>),
    /// A map: element type and entries (keys iterate lexically).
    Map(Type, BTreeMap<String, Value>),
    /// A tuple.
    Tuple(Vec<Value>),
    /// An object (attributes iterate lexically).
    Object(BTreeMap<String, Value>),
    /// A value with marks (never empty; never a marked value inside: marking a marked value
    /// unions the marks, see [`Value::mark_with`]).
    Marked(Box<Value>, Marks),
}

impl Value {
    /// An untyped null.
    pub fn null() -> Value {
        Value::Null(Type::Dynamic)
    }
    /// A string value.
    pub fn string(s: impl Into<Rc<str>>) -> Value {
        Value::String(s.into())
    }
    /// A number value from an integer (precision 64, like cty.NumberIntVal).
    pub fn int(i: i64) -> Value {
        Value::Number(Number::from_i64(i))
    }
    /// The value's type.
    pub fn ty(&self) -> Type {
        match self {
            Value::Null(t) | Value::Unknown(t, _) => t.clone(),
            Value::Bool(_) => Type::Bool,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::List(t, _) => Type::list(t.clone()),
            Value::Set(t, _) => Type::set(t.clone()),
            Value::Map(t, _) => Type::map(t.clone()),
            Value::Tuple(vs) => Type::Tuple(vs.iter().map(Value::ty).collect()),
            Value::Object(m) => Type::Object(m.iter().map(|(k, v)| (k.clone(), v.ty())).collect()),
            Value::Marked(v, _) => v.ty(),
        }
    }
    /// True for a null (looking through marks).
    pub fn is_null(&self) -> bool {
        match self {
            Value::Null(_) => true,
            Value::Marked(v, _) => v.is_null(),
            _ => false,
        }
    }
    /// True for an unknown value (looking through marks).
    pub fn is_unknown(&self) -> bool {
        match self {
            Value::Unknown(..) => true,
            Value::Marked(v, _) => v.is_unknown(),
            _ => false,
        }
    }
    /// True if the value or anything inside it is unknown.
    pub fn has_unknown(&self) -> bool {
        match self {
            Value::Unknown(..) => true,
            Value::Marked(v, _) => v.has_unknown(),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().any(Value::has_unknown),
            Value::Map(_, m) | Value::Object(m) => m.values().any(Value::has_unknown),
            _ => false,
        }
    }
    /// The value's own marks (not those of anything inside it).
    pub fn marks(&self) -> Marks {
        match self {
            Value::Marked(_, m) => *m,
            _ => Marks::NONE,
        }
    }
    /// Every mark on the value or anything inside it.
    pub fn deep_marks(&self) -> Marks {
        match self {
            Value::Marked(v, m) => *m | v.deep_marks(),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().fold(Marks::NONE, |m, v| m | v.deep_marks()),
            Value::Map(_, m) | Value::Object(m) => m.values().fold(Marks::NONE, |m, v| m | v.deep_marks()),
            _ => Marks::NONE,
        }
    }
    /// True if the value itself is marked sensitive.
    pub fn is_sensitive(&self) -> bool {
        self.marks().sensitive()
    }
    /// True if the value or anything inside it is sensitive.
    pub fn has_sensitive(&self) -> bool {
        self.has_mark(Marks::SENSITIVE)
    }
    /// True if the value itself is marked ephemeral.
    pub fn is_ephemeral(&self) -> bool {
        self.marks().ephemeral()
    }
    /// True if the value or anything inside it is ephemeral.
    pub fn has_ephemeral(&self) -> bool {
        self.has_mark(Marks::EPHEMERAL)
    }
    /// True if the value or anything inside it carries every mark of `m` on one value.
    fn has_mark(&self, m: Marks) -> bool {
        match self {
            Value::Marked(v, own) => own.contains(m) || v.has_mark(m),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().any(|v| v.has_mark(m)),
            Value::Map(_, es) | Value::Object(es) => es.values().any(|v| v.has_mark(m)),
            _ => false,
        }
    }
    /// The value without its own marks, and those marks.
    pub fn unmark(self) -> (Value, Marks) {
        match self {
            Value::Marked(v, m) => {
                let (v, inner) = v.unmark();
                (v, m | inner)
            }
            v => (v, Marks::NONE),
        }
    }
    /// The value with every mark removed at any depth, and the union of them.
    pub fn unmark_deep(self) -> (Value, Marks) {
        match self {
            Value::Marked(v, m) => {
                let (v, inner) = v.unmark_deep();
                (v, m | inner)
            }
            Value::List(t, vs) => {
                let (vs, m) = unmark_all(vs);
                (Value::List(t, vs), m)
            }
            Value::Set(t, vs) => {
                let (vs, m) = unmark_all(vs);
                (Value::Set(t, vs), m)
            }
            Value::Tuple(vs) => {
                let (vs, m) = unmark_all(vs);
                (Value::Tuple(vs), m)
            }
            Value::Map(t, m) => {
                let (m, s) = unmark_map(m);
                (Value::Map(t, m), s)
            }
            Value::Object(m) => {
                let (m, s) = unmark_map(m);
                (Value::Object(m), s)
            }
            v => (v, Marks::NONE),
        }
    }
    /// The value with the marks `m` added to its own (unchanged when `m` is empty; a marked
    /// value's marks are unioned, never nested).
    pub fn mark_with(self, m: Marks) -> Value {
        if m.is_empty() {
            return self;
        }
        match self {
            Value::Marked(v, own) => Value::Marked(v, own | m),
            v => Value::Marked(Box::new(v), m),
        }
    }
    /// The value without its own marks, by reference.
    pub fn unmark_deep_ref(&self) -> &Value {
        match self {
            Value::Marked(v, _) => v.unmark_deep_ref(),
            v => v,
        }
    }
    /// The string inside a known string value.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
    /// The number inside a known number value.
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }
    /// The elements of a list, set or tuple.
    pub fn as_seq(&self) -> Option<&[Value]> {
        match self {
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Some(vs),
            _ => None,
        }
    }
    /// The entries of a map or object.
    pub fn as_entries(&self) -> Option<&BTreeMap<String, Value>> {
        match self {
            Value::Map(_, m) | Value::Object(m) => Some(m),
            _ => None,
        }
    }
    /// Builds a set of the given element type: sorts and deduplicates as cty does.
    pub fn new_set(elem: Type, vs: Vec<Value>) -> Value {
        // A set's elements hold no marks: cty's SetVal moves every element's marks onto the
        // set itself (`toset([sensitive("a"), "b"])` is wholly sensitive).
        let mut marks = Marks::NONE;
        let mut vs: Vec<Value> = vs
            .into_iter()
            .map(|v| {
                let (v, m) = v.unmark_deep();
                marks |= m;
                v
            })
            .collect();
        vs.sort_by(set_order);
        // cty finds duplicates by hash first, so values that are equal but serialise
        // differently (-0 and 0) both stay; and by Equals, which is never true of an unknown,
        // so unknowns never merge (`toset([x, x])` of an unknown x holds two).
        vs.dedup_by(|a, b| !a.has_unknown() && !b.has_unknown() && raw_equal(a, b) && set_hash(a) == set_hash(b));
        Value::Set(elem, vs).mark_with(marks)
    }
    /// The number of elements (collections), attributes (objects) or 1 for anything else.
    pub fn len(&self) -> usize {
        match self {
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.len(),
            Value::Map(_, m) | Value::Object(m) => m.len(),
            Value::Marked(v, _) => v.len(),
            _ => 1,
        }
    }
    /// True for an empty collection.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn unmark_all(vs: Vec<Value>) -> (Vec<Value>, Marks) {
    let mut any = Marks::NONE;
    let vs = vs
        .into_iter()
        .map(|v| {
            let (v, m) = v.unmark_deep();
            any |= m;
            v
        })
        .collect();
    (vs, any)
}

fn unmark_map(m: BTreeMap<String, Value>) -> (BTreeMap<String, Value>, Marks) {
    let mut any = Marks::NONE;
    let m = m
        .into_iter()
        .map(|(k, v)| {
            let (v, s) = v.unmark_deep();
            any |= s;
            (k, v)
        })
        .collect();
    (m, any)
}

/// Structural identity, as cty's RawEquals: same type and same contents (marks included).
pub fn raw_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null(t), Value::Null(u)) | (Value::Unknown(t, _), Value::Unknown(u, _)) => t == u,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => x.cmp_exact(y) == std::cmp::Ordering::Equal,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::List(t, x), Value::List(u, y)) | (Value::Set(t, x), Value::Set(u, y)) => {
            t == u && x.len() == y.len() && x.iter().zip(y).all(|(a, b)| raw_equal(a, b))
        }
        (Value::Tuple(x), Value::Tuple(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| raw_equal(a, b)),
        (Value::Map(t, x), Value::Map(u, y)) => t == u && map_raw_equal(x, y),
        (Value::Object(x), Value::Object(y)) => map_raw_equal(x, y),
        (Value::Marked(x, m), Value::Marked(y, n)) => m == n && raw_equal(x, y),
        _ => false,
    }
}

fn map_raw_equal(x: &BTreeMap<String, Value>, y: &BTreeMap<String, Value>) -> bool {
    x.len() == y.len() && x.iter().zip(y).all(|((k1, v1), (k2, v2))| k1 == k2 && raw_equal(v1, v2))
}

/// The iteration order of set elements in cty: known before unknown, non-null before null,
/// strings lexically, numbers numerically, false before true, anything else by a hash of its
/// contents (consistent but undocumented, as Terraform says).
pub fn set_order(a: &Value, b: &Value) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    match (a.is_unknown(), b.is_unknown()) {
        (false, true) => return Ordering::Less,
        (true, false) => return Ordering::Greater,
        (true, true) => return Ordering::Equal,
        _ => {}
    }
    match (a.is_null(), b.is_null()) {
        (false, true) => return Ordering::Less,
        (true, false) => return Ordering::Greater,
        (true, true) => return Ordering::Equal,
        _ => {}
    }
    match (a, b) {
        (Value::String(x), Value::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        // Equal numbers that are both members (only 0 and -0) keep the order of cty's hash
        // buckets: CRC-32 of "-0" (1193965756) is below that of "0" (4108050209).
        (Value::Number(x), Value::Number(y)) => x.cmp_exact(y).then_with(|| match (x.to_text().as_str(), y.to_text().as_str()) {
            ("-0", "0") => Ordering::Less,
            ("0", "-0") => Ordering::Greater,
            _ => Ordering::Equal,
        }),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        _ => set_hash(a).as_bytes().cmp(set_hash(b).as_bytes()),
    }
}

/// cty's set hash bytes: a canonical serialisation (also the order of sets of structures).
pub fn set_hash(v: &Value) -> String {
    let mut buf = String::new();
    hash_bytes(v, &mut buf);
    buf
}

fn hash_bytes(v: &Value, out: &mut String) {
    match v {
        Value::Null(_) => out.push('~'),
        Value::Unknown(..) => out.push('?'),
        Value::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
        Value::Number(n) => out.push_str(&go_g10(n)),
        Value::String(s) => out.push_str(&crate::lang::value::render::go_quote(s)),
        Value::List(_, vs) | Value::Set(_, vs) => {
            out.push('[');
            for e in vs {
                hash_bytes(e, out);
                out.push(';');
            }
            out.push(']');
        }
        Value::Tuple(vs) => {
            out.push('<');
            for e in vs {
                hash_bytes(e, out);
                out.push(';');
            }
            out.push('>');
        }
        Value::Map(_, m) => {
            out.push('{');
            for (k, e) in m {
                out.push_str(&crate::lang::value::render::go_quote(k));
                out.push(':');
                hash_bytes(e, out);
                out.push(';');
            }
            out.push('}');
        }
        Value::Object(m) => {
            out.push('<');
            for e in m.values() {
                hash_bytes(e, out);
                out.push(';');
            }
            out.push('>');
        }
        Value::Marked(v, _) => hash_bytes(v, out),
    }
}

/// Go's `big.Float.String()`: `%.10g`.
fn go_g10(n: &Number) -> String {
    if n.is_inf() {
        return if n.is_negative() { "-Inf".into() } else { "+Inf".into() };
    }
    let Some((neg, digits, exp)) = n.exact_decimal() else {
        return n.to_text();
    };
    let sign = if neg { "-" } else { "" };
    if digits.is_empty() || digits.chars().all(|c| c == '0') {
        return format!("{sign}0");
    }
    // Round to 10 significant digits, half to even on the exact expansion.
    let mut d: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
    let mut dp = exp;
    if d.len() > 10 {
        let rest = &d[10..];
        let first = rest[0];
        let tail_nonzero = rest[1..].iter().any(|&x| x != 0);
        let up = first > 5 || (first == 5 && (tail_nonzero || d[9] % 2 == 1));
        d.truncate(10);
        if up {
            let mut i = d.len();
            loop {
                if i == 0 {
                    d.insert(0, 1);
                    dp += 1;
                    break;
                }
                i -= 1;
                if d[i] == 9 {
                    d[i] = 0;
                } else {
                    d[i] += 1;
                    break;
                }
            }
            d.truncate(10);
        }
    }
    while d.len() > 1 && d.last() == Some(&0) {
        d.pop();
    }
    let digits: String = d.iter().map(|x| char::from(b'0' + x)).collect();
    let x = dp - 1;
    if !(-4..10).contains(&x) {
        let (head, tail) = digits.split_at(1);
        let frac = if tail.is_empty() { String::new() } else { format!(".{tail}") };
        let esign = if x < 0 { '-' } else { '+' };
        format!("{sign}{head}{frac}e{esign}{:02}", x.abs())
    } else if dp <= 0 {
        format!("{sign}0.{}{digits}", "0".repeat((-dp) as usize))
    } else if (dp as usize) >= digits.len() {
        format!("{sign}{digits}{}", "0".repeat(dp as usize - digits.len()))
    } else {
        let (a, b) = digits.split_at(dp as usize);
        format!("{sign}{a}.{b}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH: Marks = Marks(Marks::SENSITIVE.0 | Marks::EPHEMERAL.0);

    #[test]
    fn marks_are_a_small_set() {
        // (marks, is_empty, sensitive, ephemeral)
        let rows = [
            (Marks::NONE, true, false, false),
            (Marks::default(), true, false, false),
            (Marks::SENSITIVE, false, true, false),
            (Marks::EPHEMERAL, false, false, true),
            (Marks::SENSITIVE | Marks::EPHEMERAL, false, true, true),
            (BOTH.without(Marks::SENSITIVE), false, false, true),
            (BOTH.without(Marks::EPHEMERAL), false, true, false),
            (BOTH.without(BOTH), true, false, false),
            (Marks::NONE.without(Marks::EPHEMERAL), true, false, false),
        ];
        for (m, empty, s, e) in rows {
            assert_eq!((m.is_empty(), m.sensitive(), m.ephemeral()), (empty, s, e), "{m:?}");
        }
        // (set, other, set contains other)
        let rows = [
            (BOTH, Marks::SENSITIVE, true),
            (BOTH, BOTH, true),
            (Marks::SENSITIVE, BOTH, false),
            (Marks::EPHEMERAL, Marks::SENSITIVE, false),
            (Marks::EPHEMERAL, Marks::NONE, true),
            (Marks::NONE, Marks::NONE, true),
            (Marks::NONE, Marks::SENSITIVE, false),
        ];
        for (m, other, yes) in rows {
            assert_eq!(m.contains(other), yes, "{m:?} contains {other:?}");
        }
        let mut m = Marks::NONE;
        m |= Marks::EPHEMERAL;
        m |= Marks::EPHEMERAL;
        assert_eq!(m, Marks::EPHEMERAL);
        m |= Marks::SENSITIVE;
        assert_eq!(m, BOTH);
    }

    #[test]
    fn marking_unions_marks_and_never_nests() {
        let a = || Value::string("a");
        // (value, its own marks)
        let rows = [
            (a().mark_with(Marks::NONE), Marks::NONE),
            (a().mark_with(Marks::SENSITIVE), Marks::SENSITIVE),
            (a().mark_with(Marks::EPHEMERAL).mark_with(Marks::EPHEMERAL), Marks::EPHEMERAL),
            (a().mark_with(Marks::SENSITIVE).mark_with(Marks::EPHEMERAL), BOTH),
            (a().mark_with(BOTH).mark_with(Marks::NONE), BOTH),
        ];
        for (v, marks) in rows {
            assert_eq!(v.marks(), marks, "{v:?}");
            assert_eq!(
                (v.is_sensitive(), v.is_ephemeral()),
                (marks.sensitive(), marks.ephemeral()),
                "{v:?}"
            );
            assert!(
                !matches!(&v, Value::Marked(inner, _) if matches!(**inner, Value::Marked(..))),
                "{v:?}"
            );
            assert!(v.is_empty() == a().is_empty() && v.ty() == Type::String);
            let (plain, m) = v.unmark();
            assert_eq!((m, plain.marks()), (marks, Marks::NONE));
        }
        assert!(!matches!(a().mark_with(Marks::NONE), Value::Marked(..)));
    }

    #[test]
    fn deep_marks_are_found_and_removed() {
        let t = Value::Tuple(vec![
            Value::string("x").mark_with(Marks::EPHEMERAL),
            Value::Object(BTreeMap::from([("k".to_string(), Value::int(1).mark_with(Marks::SENSITIVE))])),
        ]);
        assert!(t.has_ephemeral() && t.has_sensitive() && !t.is_ephemeral() && !t.is_sensitive());
        assert_eq!((t.marks(), t.deep_marks()), (Marks::NONE, BOTH));
        let (plain, m) = t.clone().unmark_deep();
        assert_eq!((m, plain.deep_marks()), (BOTH, Marks::NONE));
        assert!(raw_equal(
            &plain,
            &Value::Tuple(vec![
                Value::string("x"),
                Value::Object(BTreeMap::from([("k".to_string(), Value::int(1))]))
            ])
        ));
        let (same, m) = t.clone().unmark();
        assert_eq!((m, same.deep_marks()), (Marks::NONE, BOTH));
        let only_sensitive = Value::Tuple(vec![Value::string("x").mark_with(Marks::SENSITIVE)]);
        assert!(only_sensitive.has_sensitive() && !only_sensitive.has_ephemeral());
        let marked = t.mark_with(Marks::EPHEMERAL);
        assert!(marked.is_ephemeral() && !marked.is_sensitive() && marked.has_sensitive());
    }

    #[test]
    fn raw_equality_counts_marks() {
        let a = || Value::string("a");
        assert!(raw_equal(
            &a().mark_with(BOTH),
            &a().mark_with(Marks::EPHEMERAL).mark_with(Marks::SENSITIVE)
        ));
        assert!(!raw_equal(&a().mark_with(Marks::SENSITIVE), &a().mark_with(Marks::EPHEMERAL)));
        assert!(!raw_equal(&a().mark_with(Marks::SENSITIVE), &a()));
    }
}
