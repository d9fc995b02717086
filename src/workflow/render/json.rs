//! Values as Terraform's renderer sees them: it renders from the JSON plan, so a value is
//! plain JSON (lists, sets and tuples are arrays; maps and objects are objects) with two
//! parallel trees saying where it is unknown and where it is sensitive.

use std::collections::BTreeMap;

use super::releases;
use crate::lang::Value;
use crate::lang::dialect::releases::TfVersion;

/// A JSON value; numbers keep the text the plan would hold.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json {
    /// `null` (also an unknown value's place inside an array).
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A number as written.
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, keys in byte order.
    Object(BTreeMap<String, Json>),
}

impl Json {
    /// True for `Bool(true)`, the mark of an unknown or sensitive value.
    pub(crate) fn is_true(&self) -> bool {
        matches!(self, Json::Bool(true))
    }
    /// The elements of an array.
    pub(crate) fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The entries of an object.
    pub(crate) fn as_object(&self) -> Option<&BTreeMap<String, Json>> {
        match self {
            Json::Object(m) => Some(m),
            _ => None,
        }
    }
}

/// A number as the plan renderer of `version` prints it.
pub(crate) fn number_text(n: &crate::lang::value::number::Number, version: TfVersion) -> String {
    if releases::has(version, &releases::EXACT_NUMBERS) {
        // cty's JSON: big.Float Text('f', -1), kept as text by json.Number.
        n.to_text()
    } else {
        // Decoded into a float64 and printed as its shortest decimal, positional like Rust's.
        let f = n.to_f64();
        if f.is_finite() { format!("{f}") } else { n.to_text() }
    }
}

/// The value the plan holds: unknowns left out of objects and null in arrays (Terraform's
/// omitUnknowns), marks dropped.
pub(crate) fn known(v: &Value, version: TfVersion) -> Json {
    match v {
        Value::Null(_) | Value::Unknown(_) => Json::Null,
        Value::Sensitive(inner) => known(inner, version),
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(n) => Json::Number(number_text(n, version)),
        Value::String(s) => Json::String(s.to_string()),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Json::Array(vs.iter().map(|x| known(x, version)).collect()),
        Value::Map(_, m) | Value::Object(m) => Json::Object(
            m.iter()
                .filter(|(_, x)| !x.is_unknown())
                .map(|(k, x)| (k.clone(), known(x, version)))
                .collect(),
        ),
    }
}

/// Where the value is unknown: `true` for a wholly unknown value, arrays and objects of marks
/// for collections (objects leave out what is known), `false` elsewhere.
pub(crate) fn unknown(v: &Value) -> Json {
    marks(v, &|x| matches!(x, Value::Unknown(_)))
}

/// Where the value is sensitive, shaped as [`unknown`].
pub(crate) fn sensitive(v: &Value) -> Json {
    marks(v, &|x| matches!(x, Value::Sensitive(_)))
}

fn marks(v: &Value, here: &dyn Fn(&Value) -> bool) -> Json {
    if here(v) {
        return Json::Bool(true);
    }
    match v {
        Value::Sensitive(inner) => marks(inner, here),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Json::Array(vs.iter().map(|x| marks(x, here)).collect()),
        Value::Map(_, m) | Value::Object(m) => Json::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), marks(x, here)))
                .filter(|(_, mark)| *mark != Json::Bool(false))
                .collect(),
        ),
        _ => Json::Bool(false),
    }
}

/// Reads a string as Terraform's renderer tries it as JSON (Go's encoding/json, numbers kept
/// as written from 1.7.4, as float64 before): the whole text must be one JSON value, white
/// space around it allowed. `None` when it is not JSON.
pub(crate) fn parse(text: &str, version: TfVersion) -> Option<Json> {
    let mut p = Parser {
        s: text.as_bytes(),
        at: 0,
        version,
        depth: 0,
    };
    let v = p.value()?;
    p.space();
    (p.at == p.s.len()).then_some(v)
}

/// Deeper nesting is refused rather than recursed into (Go's decoder stops at 10000).
const MAX_DEPTH: usize = 10_000;

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
    version: TfVersion,
    depth: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while self.s.get(self.at).is_some_and(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, word: &str) -> bool {
        if self.s[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Option<Json> {
        self.space();
        match *self.s.get(self.at)? {
            b'{' => self.nested(|p| p.object()),
            b'[' => self.nested(|p| p.array()),
            b'"' => self.string().map(Json::String),
            b't' => self.eat("true").then_some(Json::Bool(true)),
            b'f' => self.eat("false").then_some(Json::Bool(false)),
            b'n' => self.eat("null").then_some(Json::Null),
            _ => self.number(),
        }
    }

    fn nested(&mut self, f: impl FnOnce(&mut Self) -> Option<Json>) -> Option<Json> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let v = f(self);
        self.depth -= 1;
        v
    }

    fn object(&mut self) -> Option<Json> {
        self.at += 1;
        let mut m = BTreeMap::new();
        self.space();
        if self.eat("}") {
            return Some(Json::Object(m));
        }
        loop {
            self.space();
            if self.s.get(self.at) != Some(&b'"') {
                return None;
            }
            let k = self.string()?;
            self.space();
            if !self.eat(":") {
                return None;
            }
            let v = self.value()?;
            // A repeated key keeps the last value, as Go's decoder into a map does.
            m.insert(k, v);
            self.space();
            if self.eat("}") {
                return Some(Json::Object(m));
            }
            if !self.eat(",") {
                return None;
            }
        }
    }

    fn array(&mut self) -> Option<Json> {
        self.at += 1;
        let mut vs = Vec::new();
        self.space();
        if self.eat("]") {
            return Some(Json::Array(vs));
        }
        loop {
            vs.push(self.value()?);
            self.space();
            if self.eat("]") {
                return Some(Json::Array(vs));
            }
            if !self.eat(",") {
                return None;
            }
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let h = self.s.get(self.at..self.at + 4)?;
        let h = std::str::from_utf8(h).ok()?;
        let v = u32::from_str_radix(h, 16).ok()?;
        self.at += 4;
        Some(v)
    }

    fn string(&mut self) -> Option<String> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let start = self.at;
            while self.s.get(self.at).is_some_and(|c| *c != b'"' && *c != b'\\' && *c >= 0x20) {
                self.at += 1;
            }
            out.push_str(&String::from_utf8_lossy(&self.s[start..self.at]));
            match *self.s.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    return Some(out);
                }
                b'\\' => {
                    self.at += 1;
                    let c = *self.s.get(self.at)?;
                    self.at += 1;
                    match c {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            let mut code = hi;
                            if (0xD800..0xDC00).contains(&hi) && self.s[self.at..].starts_with(b"\\u") {
                                let save = self.at;
                                self.at += 2;
                                match self.hex4() {
                                    Some(lo) if (0xDC00..0xE000).contains(&lo) => {
                                        code = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                                    }
                                    _ => self.at = save,
                                }
                            }
                            out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                        }
                        _ => return None,
                    }
                }
                // A control character inside a string is not JSON.
                _ => return None,
            }
        }
    }

    fn number(&mut self) -> Option<Json> {
        let start = self.at;
        let digits = |p: &mut Self| {
            let s = p.at;
            while p.s.get(p.at).is_some_and(u8::is_ascii_digit) {
                p.at += 1;
            }
            p.at > s
        };
        self.eat("-");
        if self.eat("0") {
        } else if !digits(self) {
            return None;
        }
        if self.eat(".") && !digits(self) {
            return None;
        }
        if self.s.get(self.at).is_some_and(|c| *c == b'e' || *c == b'E') {
            self.at += 1;
            if !self.eat("+") {
                self.eat("-");
            }
            if !digits(self) {
                return None;
            }
        }
        let text = std::str::from_utf8(&self.s[start..self.at]).ok()?;
        if releases::has(self.version, &releases::EXACT_NUMBERS) {
            return Some(Json::Number(text.to_string()));
        }
        let f: f64 = text.parse().ok()?;
        Some(Json::Number(format!("{f}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_text_keeps_its_numbers_from_1_7_4() {
        let v = parse(" {\"a\": [1.50, 12345678901234567890, \"\\u00e9\\ud83d\\ude00\"]} ", (1, 12, 2));
        let want = Json::Object(
            [(
                "a".to_string(),
                Json::Array(vec![
                    Json::Number("1.50".into()),
                    Json::Number("12345678901234567890".into()),
                    Json::String("é😀".into()),
                ]),
            )]
            .into_iter()
            .collect(),
        );
        assert_eq!(v, Some(want));
        assert_eq!(
            parse("[12345678901234567890]", (1, 6, 6)),
            Some(Json::Array(vec![Json::Number("12345678901234567000".into())]))
        );
    }

    #[test]
    fn only_whole_json_values_are_json() {
        for bad in ["{\"a\":1} x", "[1,]", "{a:1}", "[01]", "[\"\u{1}\"]", "[1.]", "["] {
            assert_eq!(parse(bad, (1, 12, 2)), None, "{bad}");
        }
    }
}
