//! JSON as Go's `encoding/json` reads and writes it for Terraform's state files: a tree that
//! keeps object keys in file order and numbers as their text (a state may hold numbers no
//! float can carry), a reader whose syntax errors carry Go's byte offset, and a writer that
//! produces `json.MarshalIndent(v, "", "  ")` byte for byte (HTML-safe escapes included).

use std::fmt;

/// A JSON value with its object keys in the order they were written.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, as its text.
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object: its members in order (a key may repeat; the last one counts, as in Go).
    Object(Vec<(String, Json)>),
}

impl Json {
    /// A string value.
    pub fn str(s: impl Into<String>) -> Json {
        Json::String(s.into())
    }

    /// A member of an object as Go's decoder matches a struct field: the last key equal to
    /// `key` ignoring ASCII case.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().rev().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The word Go's `UnmarshalTypeError` uses for this kind of value.
    pub fn go_kind(&self) -> String {
        match self {
            Json::Null => "null".into(),
            Json::Bool(_) => "bool".into(),
            Json::Number(n) => format!("number {n}"),
            Json::String(_) => "string".into(),
            Json::Array(_) => "array".into(),
            Json::Object(_) => "object".into(),
        }
    }

    /// True for `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }
}

/// A syntax error, as Go's `json.SyntaxError` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Go's message ("invalid character 'h' looking for beginning of value").
    pub message: String,
    /// Go's `Offset`: the number of bytes read when the error was found.
    pub offset: usize,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte offset {})", self.message, self.offset)
    }
}

/// Nesting deeper than this is refused (as a syntax error at that byte) so that reading,
/// converting and dropping the tree stay within a thread's stack. Go allows 10,000 levels; no
/// state Terraform writes comes near either limit.
const MAX_DEPTH: usize = 1_000;

/// Reads one JSON document (surrounding white space allowed, nothing else after it).
pub fn parse(text: &[u8]) -> Result<Json, SyntaxError> {
    let mut p = Reader { b: text, at: 0 };
    p.space();
    let v = p.value(0)?;
    p.space();
    if p.at < p.b.len() {
        return Err(p.error_here("after top-level value"));
    }
    Ok(v)
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

/// How Go's scanner quotes a byte in its messages.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".into(),
        b'"' => "'\"'".into(),
        c if c.is_ascii_graphic() || c == b' ' => format!("'{}'", c as char),
        c => format!("{:?}", (c as char).to_string()).replace("\\u{", "\\u00").replace('}', ""),
    }
}

impl Reader<'_> {
    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.at) {
            self.at += 1;
        }
    }

    /// An error at the current byte (Go counts that byte as read), or at the end.
    fn error_here(&self, context: &str) -> SyntaxError {
        match self.b.get(self.at) {
            Some(&c) => SyntaxError {
                message: format!("invalid character {} {context}", quote_char(c)),
                offset: self.at + 1,
            },
            None => self.eof(),
        }
    }

    fn eof(&self) -> SyntaxError {
        SyntaxError {
            message: "unexpected end of JSON input".into(),
            offset: self.b.len(),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        if depth > MAX_DEPTH {
            return Err(SyntaxError {
                message: "exceeded max depth".into(),
                offset: self.at + 1,
            });
        }
        match self.b.get(self.at) {
            None => Err(self.eof()),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Json::String(self.string()?)),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'n') => self.word("null", Json::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.error_here("looking for beginning of value")),
        }
    }

    fn word(&mut self, word: &str, v: Json) -> Result<Json, SyntaxError> {
        for (i, &w) in word.as_bytes().iter().enumerate() {
            match self.b.get(self.at) {
                Some(&c) if c == w => self.at += 1,
                Some(_) => return Err(self.error_here(&format!("in literal {word} (expecting {})", quote_char(w)))),
                None if i > 0 => return Err(self.eof()),
                None => return Err(self.eof()),
            }
        }
        Ok(v)
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while let Some(b'0'..=b'9') = self.b.get(self.at) {
            self.at += 1;
        }
        self.at - start
    }

    fn number(&mut self) -> Result<Json, SyntaxError> {
        let start = self.at;
        if self.b.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        match self.b.get(self.at) {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.error_here("in numeric literal")),
        }
        if self.b.get(self.at) == Some(&b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return Err(self.error_here("after decimal point in numeric literal"));
            }
        }
        if let Some(b'e' | b'E') = self.b.get(self.at) {
            self.at += 1;
            if let Some(b'+' | b'-') = self.b.get(self.at) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return Err(self.error_here("in exponent of numeric literal"));
            }
        }
        // The bytes are ASCII digits and signs, so this cannot fail; an empty text would be
        // refused above.
        let text = String::from_utf8_lossy(&self.b[start..self.at]).into_owned();
        Ok(Json::Number(text))
    }

    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let mut n = 0u32;
        for _ in 0..4 {
            let Some(&c) = self.b.get(self.at) else { return Err(self.eof()) };
            let d = (c as char)
                .to_digit(16)
                .ok_or_else(|| self.error_here("in \\u hexadecimal character escape"))?;
            n = n * 16 + d;
            self.at += 1;
        }
        Ok(n)
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        self.at += 1;
        let mut raw: Vec<u8> = Vec::new();
        loop {
            let Some(&c) = self.b.get(self.at) else { return Err(self.eof()) };
            match c {
                b'"' => {
                    self.at += 1;
                    // Go replaces bytes that are not UTF-8 with U+FFFD.
                    return Ok(String::from_utf8_lossy(&raw).into_owned());
                }
                b'\\' => {
                    self.at += 1;
                    let Some(&e) = self.b.get(self.at) else { return Err(self.eof()) };
                    self.at += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            self.surrogate(hi)
                        }
                        _ => {
                            self.at -= 1;
                            return Err(self.error_here("in string escape code"));
                        }
                    };
                    let mut buf = [0u8; 4];
                    raw.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                c if c < 0x20 => return Err(self.error_here("in string literal")),
                c => {
                    raw.push(c);
                    self.at += 1;
                }
            }
        }
    }

    /// A `\uXXXX` escape, joined with a following low surrogate when it is a high one (Go's
    /// decoder does the same; a lone surrogate becomes U+FFFD).
    fn surrogate(&mut self, hi: u32) -> char {
        if (0xD800..0xDC00).contains(&hi) && self.b.get(self.at..self.at + 2) == Some(b"\\u") {
            let save = self.at;
            self.at += 2;
            if let Ok(lo) = self.hex4()
                && (0xDC00..0xE000).contains(&lo)
            {
                let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                return char::from_u32(c).unwrap_or('\u{FFFD}');
            }
            self.at = save;
        }
        char::from_u32(hi).unwrap_or('\u{FFFD}')
    }

    fn array(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        self.at += 1;
        let mut items = Vec::new();
        self.space();
        if self.b.get(self.at) == Some(&b']') {
            self.at += 1;
            return Ok(Json::Array(items));
        }
        loop {
            self.space();
            items.push(self.value(depth + 1)?);
            self.space();
            match self.b.get(self.at) {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Json::Array(items));
                }
                _ => return Err(self.error_here("after array element")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        self.at += 1;
        let mut members = Vec::new();
        self.space();
        if self.b.get(self.at) == Some(&b'}') {
            self.at += 1;
            return Ok(Json::Object(members));
        }
        loop {
            self.space();
            if self.b.get(self.at) != Some(&b'"') {
                return Err(self.error_here("looking for beginning of object key string"));
            }
            let key = self.string()?;
            self.space();
            if self.b.get(self.at) != Some(&b':') {
                return Err(self.error_here("after object key"));
            }
            self.at += 1;
            self.space();
            let v = self.value(depth + 1)?;
            members.push((key, v));
            self.space();
            match self.b.get(self.at) {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Json::Object(members));
                }
                _ => return Err(self.error_here("after object key:value pair")),
            }
        }
    }
}

/// A JSON string as Go's encoder writes it: `<`, `>`, `&`, U+2028 and U+2029 escaped (HTML
/// safe), control characters as `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX` — the writer
/// `jsonencode` already uses.
pub use crate::lang::funcs::write_go_json_string as write_string;

/// The text `json.MarshalIndent(v, "", "  ")` gives: two spaces a level, `": "` after keys,
/// empty arrays and objects as `[]` and `{}`. No newline at the end.
pub fn to_indented(v: &Json) -> String {
    let mut out = String::new();
    write_indented(v, 0, &mut out);
    out
}

fn newline(level: usize, out: &mut String) {
    out.push('\n');
    for _ in 0..level {
        out.push_str("  ");
    }
}

fn write_indented(v: &Json, level: usize, out: &mut String) {
    match v {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Number(n) => out.push_str(n),
        Json::String(s) => write_string(s, out),
        Json::Array(items) if items.is_empty() => out.push_str("[]"),
        Json::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(level + 1, out);
                write_indented(item, level + 1, out);
            }
            newline(level, out);
            out.push(']');
        }
        Json::Object(members) if members.is_empty() => out.push_str("{}"),
        Json::Object(members) => {
            out.push('{');
            for (i, (k, item)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(level + 1, out);
                write_string(k, out);
                out.push_str(": ");
                write_indented(item, level + 1, out);
            }
            newline(level, out);
            out.push('}');
        }
    }
}

/// The compact text `json.Marshal` gives (the lock info file is written so).
pub fn to_compact(v: &Json) -> String {
    let mut out = String::new();
    write_compact(v, &mut out);
    out
}

fn write_compact(v: &Json, out: &mut String) {
    match v {
        Json::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_compact(item, out);
            }
            out.push(']');
        }
        Json::Object(members) => {
            out.push('{');
            for (i, (k, item)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(k, out);
                out.push(':');
                write_compact(item, out);
            }
            out.push('}');
        }
        scalar => write_indented(scalar, 0, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_carry_go_offsets() {
        assert_eq!(parse(b"hello\n").unwrap_err().offset, 1);
        assert_eq!(parse(b"{\"a\": 1").unwrap_err().offset, 7);
        assert_eq!(parse(b"{\"a\": 1} x").unwrap_err().offset, 10);
        assert_eq!(parse(b"[1,]").unwrap_err().offset, 4);
        assert_eq!(parse(b"").unwrap_err().offset, 0);
        assert_eq!(parse(b"01").unwrap_err().offset, 2);
    }

    #[test]
    fn keys_keep_their_order_and_numbers_their_text() {
        let v = parse(br#"{"b": 1e400, "a": [true, null, "\u003c\ud83d\ude00"]}"#).unwrap();
        assert_eq!(
            to_indented(&v),
            "{\n  \"b\": 1e400,\n  \"a\": [\n    true,\n    null,\n    \"\\u003c😀\"\n  ]\n}"
        );
        assert_eq!(to_compact(&v), r#"{"b":1e400,"a":[true,null,"\u003c😀"]}"#);
    }

    #[test]
    fn strings_are_escaped_as_go_escapes_them() {
        let mut out = String::new();
        write_string("<&>\u{2028}\u{2029}\u{1}\u{8}\t\"é", &mut out);
        assert_eq!(out, r#""\u003c\u0026\u003e\u2028\u2029\u0001\b\t\"é""#);
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = "[".repeat(20_000);
        assert!(parse(deep.as_bytes()).is_err());
    }
}
