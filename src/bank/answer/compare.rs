//! Comparing an author's answer with the engine's, semantically: by kind of type and contents.
//! List and tuple count as one kind, and so do map and object, unless the question sets
//! `strict_types`; a set is only a set; element types are always strict (`["110"]` is not
//! `[110]`); numbers compare by value (`1` is `1.0`).

use std::fmt;

use crate::lang::Value;
use crate::lang::value::render;

/// The first place two values differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Where, as an index path (`[1].name`; empty at the top).
    pub path: String,
    /// What differs there.
    pub what: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.what)
        } else {
            write!(f, "at {}: {}", self.path, self.what)
        }
    }
}

/// Compares the author's `expected` value with the engine's `actual` one.
pub fn compare(expected: &Value, actual: &Value, strict: bool) -> Result<(), Mismatch> {
    walk(expected, actual, strict, String::new())
}

/// True when the two values are the same answer.
pub fn same(expected: &Value, actual: &Value, strict: bool) -> bool {
    compare(expected, actual, strict).is_ok()
}

/// The word for a value's kind of type, for messages.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null(_) => "null",
        Value::Unknown(_, _) => "an unknown value",
        Value::Bool(_) => "a bool",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::List(..) => "a list",
        Value::Set(..) => "a set",
        Value::Map(..) => "a map",
        Value::Tuple(_) => "a tuple",
        Value::Object(_) => "an object",
        Value::Marked(_, m) if m.sensitive() => "a sensitive value",
        Value::Marked(..) => "an ephemeral value",
    }
}

fn differ(path: &str, what: String) -> Result<(), Mismatch> {
    Err(Mismatch {
        path: path.to_string(),
        what,
    })
}

fn walk(e: &Value, a: &Value, strict: bool, path: String) -> Result<(), Mismatch> {
    use Value as V;
    match (e, a) {
        (V::Marked(x, m), V::Marked(y, n)) if m == n => walk(x, y, strict, path),
        (V::Null(t), V::Null(u)) => {
            if strict && t != u && !t.has_dynamic() {
                return differ(
                    &path,
                    format!("author has a null of type {}, engine a null of type {}", t.friendly(), u.friendly()),
                );
            }
            Ok(())
        }
        (V::Unknown(_, _), V::Unknown(_, _)) => Ok(()),
        (V::Bool(x), V::Bool(y)) if x == y => Ok(()),
        (V::Number(x), V::Number(y)) if x.cmp_exact(y) == std::cmp::Ordering::Equal => Ok(()),
        (V::String(x), V::String(y)) if x == y => Ok(()),
        (V::Bool(_), V::Bool(_)) | (V::Number(_), V::Number(_)) | (V::String(_), V::String(_)) => {
            differ(&path, format!("author has {}, engine {}", render::one_line(e), render::one_line(a)))
        }
        (V::List(_, xs) | V::Tuple(xs), V::List(_, ys) | V::Tuple(ys)) | (V::Set(_, xs), V::Set(_, ys)) => {
            if strict && std::mem::discriminant(e) != std::mem::discriminant(a) {
                return differ(&path, format!("author has {}, engine {} (strict_types)", kind(e), kind(a)));
            }
            if xs.len() != ys.len() {
                return differ(
                    &path,
                    format!(
                        "author has {} element{}, engine {}",
                        xs.len(),
                        if xs.len() == 1 { "" } else { "s" },
                        ys.len()
                    ),
                );
            }
            for (i, (x, y)) in xs.iter().zip(ys).enumerate() {
                walk(x, y, strict, format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        (V::Map(_, xm) | V::Object(xm), V::Map(_, ym) | V::Object(ym)) => {
            if strict && std::mem::discriminant(e) != std::mem::discriminant(a) {
                return differ(&path, format!("author has {}, engine {} (strict_types)", kind(e), kind(a)));
            }
            let missing: Vec<String> = ym.keys().filter(|k| !xm.contains_key(*k)).map(|k| render::go_quote(k)).collect();
            let extra: Vec<String> = xm.keys().filter(|k| !ym.contains_key(*k)).map(|k| render::go_quote(k)).collect();
            if !missing.is_empty() || !extra.is_empty() {
                let mut parts = Vec::new();
                if !missing.is_empty() {
                    parts.push(format!("author lacks key {}", missing.join(", ")));
                }
                if !extra.is_empty() {
                    parts.push(format!("engine has no key {}", extra.join(", ")));
                }
                return differ(&path, parts.join("; "));
            }
            for (k, x) in xm {
                if let Some(y) = ym.get(k) {
                    walk(x, y, strict, format!("{path}[{}]", render::go_quote(k)))?;
                }
            }
            Ok(())
        }
        _ => {
            let mut what = format!(
                "author has {} {}, engine {} {}",
                kind(e),
                render::one_line(e),
                kind(a),
                render::one_line(a)
            );
            if let (V::Set(..), V::List(..) | V::Tuple(_)) | (V::List(..) | V::Tuple(_), V::Set(..)) = (e, a) {
                what.push_str(" (a set is never the same answer as a list: write toset([...]) or tolist([...]))");
            }
            differ(&path, what)
        }
    }
}

/// Whether a learner's value is the same answer as the engine's: container kinds are lenient
/// (a tuple matches a list, a list matches a set with the same elements), element types strict.
pub fn same_answer(engine: &Value, learner: &Value, strict_types: bool) -> bool {
    if same(learner, engine, strict_types) {
        return true;
    }
    if !strict_types
        && matches!(engine, Value::Set(..))
        && learner.as_seq().is_some()
        && let Ok(as_set) = crate::lang::value::convert::convert(learner, &engine.ty())
    {
        return same(&as_set, engine, false) && as_set.len() == learner.len();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::session::constant;

    fn v(s: &str) -> Value {
        match constant(s) {
            Ok(v) => v,
            Err(d) => panic!("{s}: {d}"),
        }
    }

    #[test]
    fn lenient_kinds_strict_elements() {
        assert!(same(&v(r#"["110", "25"]"#), &v(r#"tolist(["110", "25"])"#), false));
        assert!(!same(&v(r#"["110", "25"]"#), &v(r#"tolist(["110", "25"])"#), true));
        assert!(same(&v("{ a = 1 }"), &v("tomap({ a = 1.0 })"), false));
        let m = compare(&v(r#"["110"]"#), &v("[110]"), false).unwrap_err();
        assert_eq!(m.path, "[0]");
        assert!(m.what.contains("a string \"110\"") && m.what.contains("a number 110"), "{m}");
        assert!(!same(&v(r#"["a"]"#), &v(r#"toset(["a"])"#), false));
        assert!(same(&v(r#"toset(["a"])"#), &v(r#"toset(["a"])"#), true));
    }

    #[test]
    fn says_what_differs() {
        let m = compare(&v("[1, 2]"), &v("[1, 2, 3]"), false).unwrap_err();
        assert_eq!(m.to_string(), "author has 2 elements, engine 3");
        let m = compare(&v("{ a = { b = 1 } }"), &v("{ a = { b = 2 } }"), false).unwrap_err();
        assert_eq!(m.to_string(), "at [\"a\"][\"b\"]: author has 1, engine 2");
        let m = compare(&v("{ a = 1 }"), &v("{ b = 1 }"), false).unwrap_err();
        assert_eq!(m.to_string(), "author lacks key \"b\"; engine has no key \"a\"");
        assert!(same(&v("null"), &v("tostring(null)"), false));
    }
}
