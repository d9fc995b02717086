//! Instance identity: keys (named or numbered), how they render in addresses, and which keys
//! are acceptable identities.

use std::cmp::Ordering;

use crate::lang::value::render::go_quote;

/// The key that identifies one instance of an expanded declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// No count or for_each: the declaration is its only instance.
    None,
    /// A numbered slot (`count`).
    Slot(i64),
    /// A named key (`for_each`).
    Name(String),
}

impl Key {
    /// The address suffix: `""`, `[0]`, `["first"]` (`[first]` when `unquoted`).
    pub fn suffix(&self, unquoted: bool) -> String {
        let mut out = String::new();
        self.push_suffix(&mut out, unquoted);
        out
    }

    /// Appends the address suffix to `out` (a compilation writes ten thousand addresses).
    pub fn push_suffix(&self, out: &mut String, unquoted: bool) {
        match self {
            Key::None => {}
            Key::Slot(i) => {
                out.push('[');
                out.push_str(itoa::Buffer::new().format(*i));
                out.push(']');
            }
            Key::Name(s) => {
                out.push('[');
                if unquoted {
                    out.push_str(s);
                } else {
                    out.push_str(&go_quote(s));
                }
                out.push(']');
            }
        }
    }

    /// The key as JSON: null, a number or a string.
    pub fn json(&self) -> serde_json::Value {
        match self {
            Key::None => serde_json::Value::Null,
            Key::Slot(i) => serde_json::Value::from(*i),
            Key::Name(s) => serde_json::Value::from(s.as_str()),
        }
    }

    /// True for a named key.
    pub fn is_name(&self) -> bool {
        matches!(self, Key::Name(_))
    }

    /// True for a numbered slot.
    pub fn is_slot(&self) -> bool {
        matches!(self, Key::Slot(_))
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Key) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Key {
    /// Key order: slots numerically, names lexically (by bytes), slots before names.
    fn cmp(&self, other: &Key) -> Ordering {
        match (self, other) {
            (Key::None, Key::None) => Ordering::Equal,
            (Key::None, _) => Ordering::Less,
            (_, Key::None) => Ordering::Greater,
            (Key::Slot(a), Key::Slot(b)) => a.cmp(b),
            (Key::Slot(_), Key::Name(_)) => Ordering::Less,
            (Key::Name(_), Key::Slot(_)) => Ordering::Greater,
            (Key::Name(a), Key::Name(b)) => a.as_bytes().cmp(b.as_bytes()),
        }
    }
}

/// Why a named key cannot be an identity (`None`: it can). Never quotes the key itself, so the
/// caller decides whether it may be shown.
pub fn key_problem(k: &str) -> Option<&'static str> {
    if k.is_empty() {
        Some("an instance key must be a nonempty string")
    } else if k.chars().any(char::is_control) {
        Some("an instance key must not contain control characters (newlines, tabs, escapes)")
    } else {
        None
    }
}

/// The key as it may appear in a message: quoted, with control characters escaped.
pub fn shown(k: &str) -> String {
    go_quote(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_and_order() {
        assert_eq!(Key::Name("first".into()).suffix(false), "[\"first\"]");
        assert_eq!(Key::Name("first".into()).suffix(true), "[first]");
        assert_eq!(Key::Slot(0).suffix(false), "[0]");
        assert_eq!(Key::None.suffix(false), "");
        let mut ks = vec![Key::Slot(10), Key::Slot(2), Key::Name("b".into()), Key::Name("a".into())];
        ks.sort();
        assert_eq!(ks, vec![Key::Slot(2), Key::Slot(10), Key::Name("a".into()), Key::Name("b".into())]);
        assert!(key_problem("").is_some());
        assert!(key_problem("a\nb").is_some());
        assert!(key_problem("first").is_none());
    }
}
