//! Values grouped by a key that equal values always share, so that comparing large
//! collections (distinct, set equality, set intersection and subtraction) costs about one
//! comparison per element instead of one per pair: a hostile list of a million elements must
//! not hang an evaluation.

use std::collections::HashMap;
use std::fmt::Write;

use crate::lang::value::Value;

/// A text shared by any two values that [`crate::lang::eval::equals`] or
/// [`crate::lang::value::raw_equal`] finds equal (values sharing it may still differ: it only picks
/// the bucket to search).
pub fn equality_key(v: &Value) -> String {
    let mut out = String::new();
    key_into(v, &mut out);
    out
}

fn key_into(v: &Value, out: &mut String) {
    match v {
        // Both equalities look through marks.
        Value::Marked(x, _) => key_into(x, out),
        Value::Null(_) => out.push('~'),
        Value::Unknown(_, _) => out.push('?'),
        Value::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
        Value::Number(n) => {
            // Integers compare exactly (their text may depend on precision, so use the
            // value); other numbers are equal exactly when their shortest texts are.
            match n.to_i64().filter(|_| n.is_integer()) {
                Some(i) => {
                    let _ = write!(out, "i{i};");
                }
                None if n.is_integer() => out.push_str("I;"),
                None => {
                    let _ = write!(out, "n{};", n.to_text());
                }
            }
        }
        Value::String(s) => {
            let _ = write!(out, "s{}:{s}", s.len());
        }
        Value::List(_, vs) | Value::Tuple(vs) => {
            out.push('[');
            for e in vs {
                key_into(e, out);
                out.push(',');
            }
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            out.push('{');
            for (k, e) in m {
                let _ = write!(out, "{}:{k}=", k.len());
                key_into(e, out);
                out.push(',');
            }
            out.push('}');
        }
        // Set equality ignores order and duplicates' forms, so only the size is safe to use.
        Value::Set(_, vs) => {
            let _ = write!(out, "<{}>", vs.len());
        }
    }
}

/// Borrowed values by [`equality_key`].
#[derive(Default)]
pub struct Buckets<'a> {
    map: HashMap<String, Vec<&'a Value>>,
}

impl<'a> Buckets<'a> {
    /// Buckets holding `vs`.
    pub fn of(vs: impl IntoIterator<Item = &'a Value>) -> Buckets<'a> {
        let mut b = Buckets::default();
        for v in vs {
            b.push(v);
        }
        b
    }

    /// Adds `v`.
    pub fn push(&mut self, v: &'a Value) {
        self.map.entry(equality_key(v)).or_default().push(v);
    }

    /// True when a value held is `same` as `v` (an equality the key respects).
    pub fn any(&self, v: &Value, same: impl Fn(&Value, &Value) -> bool) -> bool {
        self.map.get(&equality_key(v)).is_some_and(|b| b.iter().any(|x| same(x, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::eval::equals;
    use crate::lang::value::number::Number;

    fn num(s: &str) -> Value {
        Value::Number(Number::parse(s).expect("number"))
    }

    #[test]
    fn equal_values_share_a_key() {
        let pairs = [
            (num("0"), num("-0")),
            (num("1.5"), num("1.50")),
            (
                Value::string("a").mark_with(crate::lang::value::Marks::SENSITIVE),
                Value::string("a"),
            ),
            (Value::null(), Value::Null(crate::lang::Type::String)),
            (
                Value::new_set(crate::lang::Type::Number, vec![num("1"), num("2")]),
                Value::new_set(crate::lang::Type::Number, vec![num("2"), num("1")]),
            ),
        ];
        for (a, b) in &pairs {
            assert_eq!(equals(a, b), Some(true), "{a:?} {b:?}");
            assert_eq!(equality_key(a), equality_key(b), "{a:?} {b:?}");
        }
    }

    #[test]
    fn different_scalars_get_different_keys() {
        assert_ne!(equality_key(&Value::string("1")), equality_key(&num("1")));
        assert_ne!(
            equality_key(&Value::string("a,")),
            equality_key(&Value::Tuple(vec![Value::string("a")]))
        );
        assert_ne!(equality_key(&num("0.1")), equality_key(&num("0.2")));
    }
}
