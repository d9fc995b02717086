//! Text that is JSON: a string attribute starting with `{` or `[` that parses is drawn as
//! `jsonencode(...)`, so it is read here as Go's decoder reads it.

use std::collections::BTreeMap;

use super::json::Json;
use super::releases;
use crate::lang::dialect::releases::TfVersion;

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

/// Deeper nesting is taken for text rather than recursed into. Go's decoder goes to 10000
/// levels, but a string from a configuration must not exhaust the stack here: the differ and
/// the drawing recurse once per level too (500 levels overflow a 2 MiB thread in a debug
/// build, 250 do not). A JSON text nested deeper than this is drawn as a string, where
/// Terraform would draw `jsonencode(...)`.
const MAX_DEPTH: usize = 100;

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

    #[test]
    fn deep_nesting_is_text_not_a_stack_overflow() {
        assert_eq!(parse(&"[".repeat(100_000), (1, 12, 2)), None);
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert_eq!(parse(&deep, (1, 12, 2)), None);
        let fits = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&fits, (1, 12, 2)).is_some());
    }
}
