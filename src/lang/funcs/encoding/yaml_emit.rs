//! yamlencode: the events go-cty-yaml produces (block collections, strings double-quoted or,
//! with a newline, literal; numbers, bools and null plain) written the way the libyaml emitter
//! in go-yaml v2 writes them: its indentation, simple-key, block-scalar and folding rules.

use crate::lang::value::Value;

const BEST_INDENT: i64 = 2;
const BEST_WIDTH: i64 = 80;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    Double,
    Literal,
}

struct Emitter {
    out: String,
    column: i64,
    indent: i64,
    indents: Vec<i64>,
    whitespace: bool,
    indention: bool,
    open_ended: bool,
    root_context: bool,
    mapping_context: bool,
    simple_key_context: bool,
}

/// The parts of libyaml's scalar analysis the emitter's choices depend on.
struct Analysis {
    multiline: bool,
    block_allowed: bool,
}

fn is_printable(c: char) -> bool {
    matches!(c, '\n' | '\u{20}'..='\u{7e}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}') && c != '\u{feff}'
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn analyze(value: &str) -> Analysis {
    if value.is_empty() {
        return Analysis {
            multiline: false,
            block_allowed: false,
        };
    }
    let chars: Vec<char> = value.chars().collect();
    let (mut line_breaks, mut special, mut trailing_space, mut space_break) = (false, false, false, false);
    let mut previous_space = false;
    for (i, &c) in chars.iter().enumerate() {
        if !is_printable(c) {
            special = true;
        }
        if c == ' ' {
            if i + 1 == chars.len() {
                trailing_space = true;
            }
            previous_space = true;
        } else if is_break(c) {
            line_breaks = true;
            if previous_space {
                space_break = true;
            }
            previous_space = false;
        } else {
            previous_space = false;
        }
    }
    Analysis {
        multiline: line_breaks,
        block_allowed: !(trailing_space || space_break || special),
    }
}

impl Emitter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0);
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(&mut self, ind: &str, need_whitespace: bool, is_whitespace: bool, is_indention: bool) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        for c in ind.chars() {
            self.put(c);
        }
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
        self.open_ended = false;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn node(&mut self, v: &Value, root: bool, mapping: bool, simple_key: bool) -> Result<(), String> {
        self.root_context = root;
        self.mapping_context = mapping;
        self.simple_key_context = simple_key;
        match v {
            Value::Null(_) => self.scalar("null", Style::Plain),
            Value::Unknown(_, _) => return Err("cannot serialize unknown value as YAML".into()),
            Value::Bool(b) => self.scalar(if *b { "true" } else { "false" }, Style::Plain),
            Value::Number(n) => self.scalar(&n.to_text(), Style::Plain),
            Value::String(s) => {
                let style = if s.contains('\n') { Style::Literal } else { Style::Double };
                self.scalar(s, style)
            }
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
                if vs.is_empty() {
                    self.write_indicator("[", true, true, false);
                    self.write_indicator("]", false, false, false);
                } else {
                    let indentless = self.mapping_context && !self.indention;
                    self.increase_indent(false, indentless);
                    for item in vs {
                        self.write_indent();
                        self.write_indicator("-", true, false, true);
                        self.node(item, false, false, false)?;
                    }
                    self.pop_indent();
                }
            }
            Value::Map(_, m) | Value::Object(m) => {
                if m.is_empty() {
                    self.write_indicator("{", true, true, false);
                    self.write_indicator("}", false, false, false);
                } else {
                    self.increase_indent(false, false);
                    for (k, item) in m {
                        self.write_indent();
                        let a = analyze(k);
                        if !a.multiline && k.len() <= 128 {
                            self.node(&Value::string(k.as_str()), false, true, true)?;
                            self.write_indicator(":", false, false, false);
                        } else {
                            self.write_indicator("?", true, false, true);
                            self.node(&Value::string(k.as_str()), false, true, false)?;
                            self.write_indent();
                            self.write_indicator(":", true, false, true);
                        }
                        self.node(item, false, true, false)?;
                    }
                    self.pop_indent();
                }
            }
            Value::Marked(inner, _) => self.node(inner, root, mapping, simple_key)?,
        }
        Ok(())
    }

    fn scalar(&mut self, value: &str, requested: Style) {
        let a = analyze(value);
        let mut style = requested;
        if self.simple_key_context && a.multiline {
            style = Style::Double;
        }
        if style == Style::Literal && (!a.block_allowed || self.simple_key_context) {
            style = Style::Double;
        }
        self.increase_indent(true, false);
        match style {
            Style::Plain => self.plain(value),
            Style::Double => self.double_quoted(value, !self.simple_key_context),
            Style::Literal => self.literal(value),
        }
        self.pop_indent();
    }

    fn plain(&mut self, value: &str) {
        if !self.whitespace {
            self.put(' ');
        }
        for c in value.chars() {
            self.put(c);
        }
        self.whitespace = false;
        self.indention = false;
        if self.root_context {
            self.open_ended = true;
        }
    }

    fn double_quoted(&mut self, value: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let chars: Vec<char> = value.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if !is_printable(c) || c == '\u{feff}' || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                match c {
                    '\0' => self.put('0'),
                    '\u{7}' => self.put('a'),
                    '\u{8}' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\u{b}' => self.put('v'),
                    '\u{c}' => self.put('f'),
                    '\r' => self.put('r'),
                    '\u{1b}' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    _ => {
                        let v = c as u32;
                        let (letter, width) = if v <= 0xff {
                            ('x', 2)
                        } else if v <= 0xffff {
                            ('u', 4)
                        } else {
                            ('U', 8)
                        };
                        self.put(letter);
                        for k in (0..width).rev() {
                            let d = (v >> (k * 4)) & 0xf;
                            self.put(char::from_digit(d, 16).unwrap_or('0').to_ascii_uppercase());
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && i > 0 && i + 1 < chars.len() {
                    self.write_indent();
                    if chars.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn literal(&mut self, value: &str) {
        self.write_indicator("|", true, false, false);
        // Block scalar hints: an indentation indicator when the text starts with a space or
        // a break, and the chomping indicator from how it ends.
        let chars: Vec<char> = value.chars().collect();
        if chars.first().is_some_and(|&c| c == ' ' || is_break(c)) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        self.open_ended = false;
        let chomp = match chars.as_slice() {
            [] => Some("-"),
            [.., last] if !is_break(*last) => Some("-"),
            [_] => Some("+"),
            [.., prev, _] if is_break(*prev) => Some("+"),
            _ => None,
        };
        // libyaml marks a keep-chomped scalar open-ended but then writes the indicator, which
        // clears the mark again: no "..." follows.
        if let Some(h) = chomp {
            self.write_indicator(h, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for &c in &chars {
            if is_break(c) {
                if c == '\n' {
                    self.put_break();
                } else {
                    self.out.push(c);
                    self.column = 0;
                }
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}

/// The YAML document Terraform's yamlencode produces for a known value.
pub fn encode(v: &Value) -> Result<String, String> {
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        indent: -1,
        indents: Vec::new(),
        whitespace: true,
        indention: true,
        open_ended: false,
        root_context: false,
        mapping_context: false,
        simple_key_context: false,
    };
    e.node(v, true, false, false)?;
    // Document end (implicit), then stream end.
    e.write_indent();
    if e.open_ended {
        e.write_indicator("...", true, false, false);
        e.write_indent();
    }
    Ok(e.out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn scalars_and_collections() {
        assert_eq!(encode(&Value::string("hello")).unwrap(), "\"hello\"\n");
        assert_eq!(encode(&Value::int(1)).unwrap(), "1\n...\n");
        assert_eq!(encode(&Value::string("a\nb")).unwrap(), "|-\n  a\n  b\n");
        let inner = Value::Tuple(vec![Value::int(1), Value::int(2)]);
        let m: BTreeMap<String, Value> = [("b".to_string(), inner)].into_iter().collect();
        let outer: BTreeMap<String, Value> = [("a".to_string(), Value::Object(m))].into_iter().collect();
        assert_eq!(encode(&Value::Object(outer)).unwrap(), "\"a\":\n  \"b\":\n  - 1\n  - 2\n");
    }
}
