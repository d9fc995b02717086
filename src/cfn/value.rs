//! The template tree: YAML data with the mapping order kept, scalars kept as written text.

use std::sync::Arc;

/// A scalar's text, shared: a file inserted 64 times, or an anchor used 200 times, is one
/// allocation however often the tree copies it (the output is still charged per copy).
pub type Text = Arc<str>;

/// What a scalar resolves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A string.
    Str,
    /// An integer.
    Int,
    /// A floating-point number.
    Float,
    /// `true` or `false`.
    Bool,
    /// `null`, `~` or nothing.
    Null,
}

/// A scalar: its text as written and what it resolves to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scalar {
    /// The text.
    pub text: Text,
    /// The resolved kind.
    pub kind: Kind,
}

/// A mapping with its keys in the order written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Map(pub Vec<(String, Value)>);

/// A node of a template.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A scalar.
    Scalar(Scalar),
    /// A sequence.
    Seq(Vec<Value>),
    /// A mapping.
    Map(Map),
}

impl Map {
    /// An empty mapping.
    pub fn new() -> Map {
        Map(Vec::new())
    }
    /// The value under `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
    /// The value under `key`, to change.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.0.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v)
    }
    /// True when `key` is present.
    pub fn contains(&self, key: &str) -> bool {
        self.get(key).is_some()
    }
    /// Sets `key`, in place when present, at the end otherwise.
    pub fn insert(&mut self, key: impl Into<String>, value: Value) {
        let key = key.into();
        match self.get_mut(&key) {
            Some(slot) => *slot = value,
            None => self.0.push((key, value)),
        }
    }
    /// Removes `key`, returning its value.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let i = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.remove(i).1)
    }
    /// The keys in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| k.as_str())
    }
    /// The entries in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }
    /// The number of entries.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// True when there are no entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Value {
    /// A string scalar.
    pub fn str(text: impl AsRef<str>) -> Value {
        Value::shared(Text::from(text.as_ref()))
    }
    /// A string scalar holding `text` itself, not a copy.
    pub fn shared(text: Text) -> Value {
        Value::Scalar(Scalar { text, kind: Kind::Str })
    }
    /// A null scalar.
    pub fn null() -> Value {
        Value::Scalar(Scalar {
            text: Text::from(""),
            kind: Kind::Null,
        })
    }
    /// A one-key mapping, the shape of an intrinsic function.
    pub fn func(name: &str, arg: Value) -> Value {
        Value::Map(Map(vec![(name.to_string(), arg)]))
    }
    /// `{Ref: name}`.
    pub fn reference(name: &str) -> Value {
        Value::func("Ref", Value::str(name))
    }
    /// The text of a scalar.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Scalar(s) => Some(&s.text),
            _ => None,
        }
    }
    /// The mapping, when this is one.
    pub fn as_map(&self) -> Option<&Map> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }
    /// The sequence, when this is one.
    pub fn as_seq(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Seq(s) => Some(s),
            _ => None,
        }
    }
    /// True for a scalar.
    pub fn is_scalar(&self) -> bool {
        matches!(self, Value::Scalar(_))
    }
    /// True for a null scalar.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Scalar(Scalar { kind: Kind::Null, .. }))
    }
    /// The function name and argument of an intrinsic (`Ref`, `Condition` or `Fn::*`, alone in
    /// a mapping).
    pub fn intrinsic(&self) -> Option<(&str, &Value)> {
        match self {
            Value::Map(m) if m.len() == 1 => {
                let (k, v) = &m.0[0];
                (k == "Ref" || k == "Condition" || k.starts_with("Fn::")).then_some((k.as_str(), v))
            }
            _ => None,
        }
    }
    /// The name a `{Ref: name}` refers to.
    pub fn ref_name(&self) -> Option<&str> {
        match self.intrinsic() {
            Some(("Ref", v)) => v.as_str(),
            _ => None,
        }
    }
    /// True for `{Ref: AWS::NoValue}`.
    pub fn is_no_value(&self) -> bool {
        self.ref_name() == Some("AWS::NoValue")
    }
    /// A short word for the kind of node, for messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Scalar(_) => "scalar",
            Value::Seq(_) => "list",
            Value::Map(m) => match self.intrinsic() {
                Some(_) if m.len() == 1 => "intrinsic function",
                _ => "mapping",
            },
        }
    }
    /// The same data, as upstream's tests compare it: mapping order ignored, an empty string
    /// equal to null, scalars equal when they resolve to the same value.
    pub fn same_data(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Scalar(a), Value::Scalar(b)) => same_scalar(a, b),
            (Value::Seq(a), Value::Seq(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_data(y)),
            (Value::Map(a), Value::Map(b)) => a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| v.same_data(w))),
            _ => false,
        }
    }
    /// Visits every scalar, mapping keys included, changing its text.
    pub fn map_strings(&mut self, f: &mut dyn FnMut(&str) -> Option<String>) {
        match self {
            Value::Scalar(s) => {
                if let Some(t) = f(&s.text) {
                    s.text = t.into();
                    s.kind = Kind::Str;
                }
            }
            Value::Seq(items) => items.iter_mut().for_each(|v| v.map_strings(f)),
            Value::Map(m) => {
                for (k, v) in m.0.iter_mut() {
                    if let Some(t) = f(k) {
                        *k = t;
                    }
                    v.map_strings(f);
                }
            }
        }
    }
}

fn same_scalar(a: &Scalar, b: &Scalar) -> bool {
    let empty = |s: &Scalar| s.kind == Kind::Null || (s.kind == Kind::Str && s.text.is_empty());
    if empty(a) || empty(b) {
        return empty(a) && empty(b);
    }
    match (a.kind, b.kind) {
        (Kind::Str, Kind::Str) => a.text == b.text,
        (Kind::Bool, Kind::Bool) => a.text.eq_ignore_ascii_case(&b.text),
        (Kind::Int, Kind::Int) => match (parse_int(&a.text), parse_int(&b.text)) {
            (Some(x), Some(y)) => x == y,
            _ => a.text == b.text,
        },
        (Kind::Float, Kind::Float) | (Kind::Int, Kind::Float) | (Kind::Float, Kind::Int) => {
            match (a.text.parse::<f64>(), b.text.parse::<f64>()) {
                (Ok(x), Ok(y)) => x == y,
                _ => a.text == b.text,
            }
        }
        _ => false,
    }
}

/// Parses an integer as YAML writes it (decimal, `0x`, `0o`).
pub fn parse_int(text: &str) -> Option<i128> {
    let t = text.trim_start_matches('+');
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let n = if let Some(h) = t.strip_prefix("0x") {
        i128::from_str_radix(h, 16).ok()?
    } else if let Some(o) = t.strip_prefix("0o") {
        i128::from_str_radix(o, 8).ok()?
    } else {
        t.parse::<i128>().ok()?
    };
    Some(if neg { -n } else { n })
}

/// What a plain (unquoted) scalar resolves to, by the YAML 1.2 core schema.
pub fn resolve_plain(text: &str) -> Kind {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Kind::Null,
        "true" | "True" | "TRUE" | "false" | "False" | "FALSE" => return Kind::Bool,
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" | "-.inf" | "-.Inf" | "-.INF" | ".nan" | ".NaN" | ".NAN" => {
            return Kind::Float;
        }
        _ => {}
    }
    let b = text.as_bytes();
    let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    let body = match b.first() {
        Some(b'+') | Some(b'-') => &b[1..],
        _ => b,
    };
    if digits(body) {
        return Kind::Int;
    }
    if let Some(h) = text.strip_prefix("0x")
        && !h.is_empty()
        && h.bytes().all(|c| c.is_ascii_hexdigit())
    {
        return Kind::Int;
    }
    if let Some(o) = text.strip_prefix("0o")
        && !o.is_empty()
        && o.bytes().all(|c| (b'0'..=b'7').contains(&c))
    {
        return Kind::Int;
    }
    // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
    let (mant, exp) = match body.iter().position(|c| *c == b'e' || *c == b'E') {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let mant_ok = match mant.iter().position(|c| *c == b'.') {
        Some(i) => {
            let (l, r) = (&mant[..i], &mant[i + 1..]);
            (digits(l) && (r.is_empty() || digits(r))) || (l.is_empty() && digits(r))
        }
        None => digits(mant),
    };
    let exp_ok = match exp {
        None => true,
        Some(e) => {
            let e = match e.first() {
                Some(b'+') | Some(b'-') => &e[1..],
                _ => e,
            };
            digits(e)
        }
    };
    if mant_ok && exp_ok && mant.contains(&b'.') | exp.is_some() {
        return Kind::Float;
    }
    Kind::Str
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_scalars_resolve_by_the_core_schema() {
        assert_eq!(resolve_plain("12"), Kind::Int);
        assert_eq!(resolve_plain("-3"), Kind::Int);
        assert_eq!(resolve_plain("1.5"), Kind::Float);
        assert_eq!(resolve_plain("1e3"), Kind::Float);
        assert_eq!(resolve_plain("true"), Kind::Bool);
        assert_eq!(resolve_plain("~"), Kind::Null);
        assert_eq!(resolve_plain("10.0.0.0/16"), Kind::Str);
        assert_eq!(resolve_plain("yes"), Kind::Str);
        assert_eq!(resolve_plain("1.2.3"), Kind::Str);
    }

    #[test]
    fn same_data_ignores_order_and_equates_empty_with_null() {
        let a = Value::Map(Map(vec![("a".into(), Value::str("")), ("b".into(), Value::str("x"))]));
        let b = Value::Map(Map(vec![("b".into(), Value::str("x")), ("a".into(), Value::null())]));
        assert!(a.same_data(&b));
        assert!(!a.same_data(&Value::str("x")));
    }
}
