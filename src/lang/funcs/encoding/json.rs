//! jsonencode and jsondecode as cty's JSON package does them over Go's encoding/json: numbers
//! keep their exact text, strings are HTML-escaped, and decoding errors read like Go's decoder.

use std::collections::BTreeMap;

use crate::lang::dialect::rules::Rule;
use crate::lang::eval::{Evaluator, nfc};
use crate::lang::value::Value;
use crate::lang::value::number::Number;

/// Nesting deeper than this is refused rather than risking the stack.
const MAX_DEPTH: usize = 500;

/// Serialises a known value as Terraform's jsonencode does.
pub fn encode(ev: &Evaluator, v: &Value) -> Result<String, String> {
    let mut out = String::new();
    write_value(ev, v, &mut out, 0)?;
    Ok(out)
}

fn write_value(ev: &Evaluator, v: &Value, out: &mut String, depth: usize) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err("value is nested too deeply to serialize as JSON".into());
    }
    match v {
        Value::Null(_) => out.push_str("null"),
        Value::Unknown(_, _) => return Err("value is not known".into()),
        Value::Bool(b) => {
            let text = if *b { "true" } else { "false" };
            if ev.flipped(Rule::JsonencodeKeepsTypes) {
                write_string(text, out);
            } else {
                out.push_str(text);
            }
        }
        Value::Number(n) => {
            if n.is_inf() {
                return Err("cannot serialize infinity as JSON".into());
            }
            let text = n.to_text();
            if ev.flipped(Rule::JsonencodeKeepsTypes) {
                write_string(&text, out);
            } else {
                out.push_str(&text);
            }
        }
        Value::String(s) => write_string(s, out),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
            out.push('[');
            for (i, e) in vs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(ev, e, out, depth + 1)?;
            }
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            out.push('{');
            // A learner may expect the keys in the order they were written.
            let keys: Vec<String> = match ev.source_order(m) {
                Some(order) if ev.flipped(crate::lang::dialect::rules::Rule::JsonencodeLexicalKeys) => order,
                _ => m.keys().cloned().collect(),
            };
            for (i, k) in keys.iter().enumerate() {
                let Some(e) = m.get(k) else { continue };
                if i > 0 {
                    out.push(',');
                }
                write_string(k, out);
                out.push(':');
                write_value(ev, e, out, depth + 1)?;
            }
            out.push('}');
        }
        Value::Marked(inner, _) => write_value(ev, inner, out, depth)?,
    }
    Ok(())
}

/// A JSON string as Go's encoder writes it with HTML escaping on.
pub fn write_string(s: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' | '\u{0}'..='\u{1f}' => {
                let n = c as u32;
                out.push_str("\\u");
                for shift in [12, 8, 4, 0] {
                    out.push(HEX[((n >> shift) & 0xf) as usize] as char);
                }
            }
            other => out.push(other),
        }
    }
    out.push('"');
}

/// A token as Go's `json.Decoder.Token` yields it.
enum Tok {
    Open(u8),
    Close(u8),
    Str(String),
    Num(String),
    Bool(bool),
    Null,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    TopValue,
    ArrayStart,
    ArrayValue,
    ArrayComma,
    ObjectStart,
    ObjectKey,
    ObjectColon,
    ObjectValue,
    ObjectComma,
}

/// Go's json.Decoder token reader over a string.
struct Decoder<'a> {
    b: &'a [u8],
    pos: usize,
    state: State,
    stack: Vec<State>,
}

/// Go's quoteChar: a byte as the decoder's messages show it.
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".into(),
        b'"' => "'\"'".into(),
        _ => {
            let q = crate::lang::value::render::go_quote(&char::from(c).to_string());
            format!("'{}'", q.get(1..q.len().saturating_sub(1)).unwrap_or(""))
        }
    }
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

impl<'a> Decoder<'a> {
    fn peek(&mut self) -> Option<u8> {
        while let Some(&c) = self.b.get(self.pos) {
            if !is_space(c) {
                return Some(c);
            }
            self.pos += 1;
        }
        None
    }

    fn value_allowed(&self) -> bool {
        matches!(
            self.state,
            State::TopValue | State::ArrayStart | State::ArrayValue | State::ObjectValue
        )
    }

    fn value_end(&mut self) {
        match self.state {
            State::ArrayStart | State::ArrayValue => self.state = State::ArrayComma,
            State::ObjectValue => self.state = State::ObjectComma,
            _ => {}
        }
    }

    fn token_error(&self, c: u8) -> String {
        let context = match self.state {
            State::TopValue | State::ArrayStart | State::ArrayValue | State::ObjectValue => " looking for beginning of value",
            State::ArrayComma => " after array element",
            State::ObjectKey => " looking for beginning of object key string",
            State::ObjectColon => " after object key",
            State::ObjectComma => " after object key:value pair",
            State::ObjectStart => "",
        };
        format!("invalid character {}{context}", quote_char(c))
    }

    fn token(&mut self) -> Result<Tok, String> {
        loop {
            let c = self.peek().ok_or("EOF")?;
            match c {
                b'[' | b'{' => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    if self.stack.len() >= MAX_DEPTH {
                        return Err("exceeded max depth".into());
                    }
                    self.pos += 1;
                    self.stack.push(self.state);
                    self.state = if c == b'[' { State::ArrayStart } else { State::ObjectStart };
                    return Ok(Tok::Open(c));
                }
                b']' | b'}' => {
                    let ok = if c == b']' {
                        matches!(self.state, State::ArrayStart | State::ArrayComma)
                    } else {
                        matches!(self.state, State::ObjectStart | State::ObjectComma)
                    };
                    if !ok {
                        return Err(self.token_error(c));
                    }
                    self.pos += 1;
                    self.state = self.stack.pop().unwrap_or(State::TopValue);
                    self.value_end();
                    return Ok(Tok::Close(c));
                }
                b':' => {
                    if self.state != State::ObjectColon {
                        return Err(self.token_error(c));
                    }
                    self.pos += 1;
                    self.state = State::ObjectValue;
                }
                b',' => {
                    match self.state {
                        State::ArrayComma => self.state = State::ArrayValue,
                        State::ObjectComma => self.state = State::ObjectKey,
                        _ => return Err(self.token_error(c)),
                    }
                    self.pos += 1;
                }
                b'"' if matches!(self.state, State::ObjectStart | State::ObjectKey) => {
                    let s = self.scan_string()?;
                    self.state = State::ObjectColon;
                    return Ok(Tok::Str(s));
                }
                _ => {
                    if !self.value_allowed() {
                        return Err(self.token_error(c));
                    }
                    let t = self.scan_scalar()?;
                    self.value_end();
                    return Ok(t);
                }
            }
        }
    }

    /// Whether more values follow (Go's Decoder.More).
    fn more(&mut self) -> bool {
        matches!(self.peek(), Some(c) if c != b']' && c != b'}')
    }

    fn next_byte(&mut self) -> Result<u8, String> {
        let c = *self.b.get(self.pos).ok_or("unexpected EOF")?;
        self.pos += 1;
        Ok(c)
    }

    /// Scans one scalar value (the decoder's scanner for a single value).
    fn scan_scalar(&mut self) -> Result<Tok, String> {
        let c = self.b.get(self.pos).copied().ok_or("unexpected EOF")?;
        match c {
            b'"' => Ok(Tok::Str(self.scan_string()?)),
            b'-' | b'0'..=b'9' => Ok(Tok::Num(self.scan_number()?)),
            b't' => self.scan_literal("true", Tok::Bool(true)),
            b'f' => self.scan_literal("false", Tok::Bool(false)),
            b'n' => self.scan_literal("null", Tok::Null),
            _ => Err(format!("invalid character {} looking for beginning of value", quote_char(c))),
        }
    }

    fn scan_literal(&mut self, word: &str, tok: Tok) -> Result<Tok, String> {
        self.pos += 1;
        for expect in word.bytes().skip(1) {
            let c = self.next_byte()?;
            if c != expect {
                return Err(format!(
                    "invalid character {} in literal {word} (expecting {})",
                    quote_char(c),
                    quote_char(expect)
                ));
            }
        }
        Ok(tok)
    }

    fn scan_number(&mut self) -> Result<String, String> {
        let start = self.pos;
        let peek = |d: &Decoder| d.b.get(d.pos).copied();
        if peek(self) == Some(b'-') {
            self.pos += 1;
            match peek(self) {
                Some(b'0'..=b'9') => {}
                Some(c) => return Err(format!("invalid character {} in numeric literal", quote_char(c))),
                None => return Err("unexpected EOF".into()),
            }
        }
        if peek(self) == Some(b'0') {
            self.pos += 1;
        } else {
            while matches!(peek(self), Some(b'0'..=b'9')) {
                self.pos += 1;
            }
        }
        if peek(self) == Some(b'.') {
            self.pos += 1;
            match peek(self) {
                Some(b'0'..=b'9') => {}
                Some(c) => {
                    return Err(format!(
                        "invalid character {} after decimal point in numeric literal",
                        quote_char(c)
                    ));
                }
                None => return Err("unexpected EOF".into()),
            }
            while matches!(peek(self), Some(b'0'..=b'9')) {
                self.pos += 1;
            }
        }
        if matches!(peek(self), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(peek(self), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            match peek(self) {
                Some(b'0'..=b'9') => {}
                Some(c) => {
                    return Err(format!("invalid character {} in exponent of numeric literal", quote_char(c)));
                }
                None => return Err("unexpected EOF".into()),
            }
            while matches!(peek(self), Some(b'0'..=b'9')) {
                self.pos += 1;
            }
        }
        Ok(String::from_utf8_lossy(&self.b[start..self.pos]).into_owned())
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let mut v = 0u32;
        for _ in 0..4 {
            let c = self.next_byte()?;
            let d = (c as char)
                .to_digit(16)
                .ok_or_else(|| format!("invalid character {} in \\u hexadecimal character escape", quote_char(c)))?;
            v = v * 16 + d;
        }
        Ok(v)
    }

    /// Scans a string starting at its opening quote and returns its decoded text.
    fn scan_string(&mut self) -> Result<String, String> {
        self.pos += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let c = self.next_byte()?;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = self.next_byte()?;
                    match e {
                        b'"' | b'\\' | b'/' => out.push(e),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'u' => {
                            let mut cp = self.hex4()?;
                            if (0xD800..0xDC00).contains(&cp) {
                                // A high surrogate pairs only with an immediately following low one.
                                let save = self.pos;
                                let mut paired = false;
                                if self.b.get(self.pos) == Some(&b'\\') && self.b.get(self.pos + 1) == Some(&b'u') {
                                    self.pos += 2;
                                    if let Ok(lo) = self.hex4()
                                        && (0xDC00..0xE000).contains(&lo)
                                    {
                                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                                        paired = true;
                                    }
                                    if !paired {
                                        self.pos = save;
                                    }
                                }
                                if !paired {
                                    cp = 0xFFFD;
                                }
                            } else if (0xDC00..0xE000).contains(&cp) {
                                cp = 0xFFFD;
                            }
                            let ch = char::from_u32(cp).unwrap_or('\u{FFFD}');
                            let mut buf = [0u8; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                        }
                        other => {
                            return Err(format!("invalid character {} in string escape code", quote_char(other)));
                        }
                    }
                }
                0..=0x1f => return Err(format!("invalid character {} in string literal", quote_char(c))),
                _ => out.push(c),
            }
        }
        Ok(nfc(&String::from_utf8_lossy(&out)))
    }
}

/// Parses JSON text as Terraform's jsondecode does (objects and tuples, exact numbers).
pub fn decode(text: &str) -> Result<Value, String> {
    let mut d = Decoder {
        b: text.as_bytes(),
        pos: 0,
        state: State::TopValue,
        stack: Vec::new(),
    };
    let first = d.token()?;
    let v = build(&mut d, first)?;
    if d.more() {
        return Err("extraneous data after JSON object".into());
    }
    Ok(v)
}

fn build(d: &mut Decoder, tok: Tok) -> Result<Value, String> {
    Ok(match tok {
        Tok::Null => Value::null(),
        Tok::Bool(b) => Value::Bool(b),
        Tok::Str(s) => Value::string(s),
        Tok::Num(t) => Value::Number(Number::parse(&t).ok_or_else(|| format!("invalid number {t:?}"))?),
        Tok::Open(b'[') => {
            let mut vs = Vec::new();
            loop {
                match d.token()? {
                    Tok::Close(_) => break,
                    t => vs.push(build(d, t)?),
                }
            }
            Value::Tuple(vs)
        }
        Tok::Open(_) => {
            let mut m = BTreeMap::new();
            loop {
                let key = match d.token()? {
                    Tok::Close(_) => break,
                    Tok::Str(k) => k,
                    _ => return Err("expected string but found something else".into()),
                };
                let t = d.token()?;
                m.insert(key, build(d, t)?);
            }
            Value::Object(m)
        }
        Tok::Close(c) => return Err(format!("unexpected token {:?}", c as char)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::dialect::rules::Rules;
    use crate::lang::eval::EmptyScope;
    use crate::lang::eval::host::Host;
    use crate::lang::funcs::Registry;

    fn enc(rules: &Rules, v: &Value) -> String {
        let funcs = Registry::builtins();
        let host = Host::default();
        let ev = Evaluator::new(rules, &EmptyScope, &funcs, &host);
        encode(&ev, v).unwrap()
    }

    #[test]
    fn keeps_types_rule() {
        let v = Value::Tuple(vec![Value::int(1), Value::Bool(true)]);
        assert_eq!(enc(&Rules::real(), &v), "[1,true]");
        assert_eq!(enc(&Rules::with(Rule::JsonencodeKeepsTypes), &v), r#"["1","true"]"#);
    }

    #[test]
    fn decoder_errors_read_like_go() {
        assert_eq!(decode("").unwrap_err(), "EOF");
        assert_eq!(decode("[1,]").unwrap_err(), "invalid character ']' looking for beginning of value");
        assert_eq!(decode("01").unwrap_err(), "extraneous data after JSON object");
        assert_eq!(decode("{1}").unwrap_err(), "invalid character '1'");
        assert!(decode("1]").is_ok());
    }
}
