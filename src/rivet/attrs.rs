//! A resource instance's attributes: a few (name, value) pairs kept sorted by name.
//!
//! A compilation may hold 10,000 instances (twice, when a misconception is compared), each with
//! one to a handful of arguments; a `BTreeMap` node costs about a kilobyte whatever it holds,
//! a sorted vector only what it holds.

use std::collections::BTreeMap;

use crate::lang::value::Value;

/// Attributes sorted by name, without duplicates.
#[derive(Clone, Debug, Default)]
pub struct Attrs(Vec<(String, Value)>);

impl Attrs {
    /// No attributes.
    pub fn new() -> Attrs {
        Attrs(Vec::new())
    }
    /// Sets `name` (replacing an earlier value).
    pub fn insert(&mut self, name: String, value: Value) {
        match self.0.binary_search_by(|(n, _)| n.as_str().cmp(&name)) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (name, value)),
        }
    }
    /// The value of `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        let i = self.0.binary_search_by(|(n, _)| n.as_str().cmp(name)).ok()?;
        self.0.get(i).map(|(_, v)| v)
    }
    /// The names, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(n, _)| n.as_str())
    }
    /// The pairs, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Value)> {
        self.0.iter().map(|(n, v)| (n, v))
    }
    /// The attributes as an object value (what an expression referring to the instance sees).
    pub fn to_object(&self) -> Value {
        Value::Object(self.0.iter().cloned().collect::<BTreeMap<_, _>>())
    }
}

impl FromIterator<(String, Value)> for Attrs {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Attrs {
        let mut a = Attrs::new();
        for (n, v) in iter {
            a.insert(n, v);
        }
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    #[test]
    fn kept_sorted_by_name_whatever_the_insertion_order() {
        let a: Attrs = [("path", "p"), ("content", "c"), ("mode", "m")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), s(v)))
            .collect();
        assert_eq!(a.keys().collect::<Vec<_>>(), ["content", "mode", "path"]);
        assert_eq!(a.get("mode").and_then(Value::as_str), Some("m"));
        assert!(a.get("owner").is_none());
    }

    #[test]
    fn a_second_insert_replaces() {
        let mut a = Attrs::new();
        a.insert("path".into(), s("one"));
        a.insert("path".into(), s("two"));
        assert_eq!(a.keys().count(), 1);
        assert_eq!(a.get("path").and_then(Value::as_str), Some("two"));
    }

    #[test]
    fn the_object_has_the_same_entries() {
        let a: Attrs = [("b".to_string(), s("2")), ("a".to_string(), s("1"))].into_iter().collect();
        let Value::Object(m) = a.to_object() else { panic!("not an object") };
        let entries: Vec<(String, Option<&str>)> = m.iter().map(|(k, v)| (k.clone(), v.as_str())).collect();
        assert_eq!(entries, [("a".to_string(), Some("1")), ("b".to_string(), Some("2"))]);
    }
}
