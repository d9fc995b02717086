//! yamldecode: YAML events (from yaml-rust2) turned into values the way go-cty-yaml does it:
//! YAML 1.1 scalar resolution (y/yes/on booleans, `~` null, 0x/0o integers, timestamps as
//! RFC 3339 strings), merge keys, anchors, one document only, and libyaml-worded errors with
//! go-cty-yaml's line/column convention.

use std::collections::{BTreeMap, HashMap, HashSet};

use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, ScanError, TScalarStyle};

use crate::lang::eval::nfc;
use crate::lang::number::Number;
use crate::lang::value::{Type, Value};

const STR_TAG: &str = "tag:yaml.org,2002:str";
const BOOL_TAG: &str = "tag:yaml.org,2002:bool";
const INT_TAG: &str = "tag:yaml.org,2002:int";
const FLOAT_TAG: &str = "tag:yaml.org,2002:float";
const NULL_TAG: &str = "tag:yaml.org,2002:null";
const TIMESTAMP_TAG: &str = "tag:yaml.org,2002:timestamp";
const BINARY_TAG: &str = "tag:yaml.org,2002:binary";
const MAP_TAG: &str = "tag:yaml.org,2002:map";
const SEQ_TAG: &str = "tag:yaml.org,2002:seq";

/// Nesting deeper than this is refused rather than risking the stack.
const MAX_DEPTH: usize = 400;

/// Parses a YAML document as Terraform's yamldecode does.
pub fn decode(src: &str) -> Result<Value, String> {
    let src = if src.is_empty() { "\n" } else { src };
    let src = prescan(src)?;
    // A document end marker where a document should start is, for libyaml, an implicit
    // document without content.
    let first = src.trim_start_matches([' ', '\t', '\r', '\n']);
    if first
        .strip_prefix("...")
        .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t', '\r', '\n']))
    {
        return Err("did not find expected node content".into());
    }
    let src = src.as_str();
    let mut d = Decoder {
        parser: Parser::new_from_str(src),
        chars: src.chars().collect(),
        pending: HashSet::new(),
        anchors: HashMap::new(),
        depth: 0,
    };
    let (ev, _) = d.next()?;
    if !matches!(ev, Event::StreamStart) {
        return Err("missing stream start token".into());
    }
    let (ev, m) = d.next()?;
    if !matches!(ev, Event::DocumentStart) {
        return Err(event_error(&m, "missing start of document"));
    }
    let (ev, m) = d.next()?;
    let v = d.value(ev, m)?;
    let (ev, m) = d.next()?;
    match ev {
        Event::DocumentEnd => {}
        Event::DocumentStart => return Err(event_error(&m, "only a single document is allowed")),
        _ => return Err(event_error(&m, "unexpected extra content after value")),
    }
    let (ev, m) = d.next()?;
    if !matches!(ev, Event::StreamEnd) {
        return Err(event_error(&m, "unexpected extra content after value"));
    }
    // A document that is only a null has no type Terraform can know: the result is unknown.
    if matches!(v, Value::Null(Type::Dynamic)) {
        return Ok(Value::Unknown(Type::Dynamic));
    }
    Ok(v)
}

/// Where libyaml and yaml-rust2 disagree about tabs: libyaml refuses a tab where a token may
/// start a line (or right after a block entry `-`) in block context, and accepts a tab after a
/// mapping's `:`, which yaml-rust2 refuses. Returns the source with such tabs made spaces (same
/// length, so marks keep their positions), or libyaml's error.
fn prescan(src: &str) -> Result<String, String> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = chars.clone();
    let (mut flow, mut line) = (0usize, 0usize);
    let mut quote: Option<char> = None;
    let mut line_start = true;
    // While inside a block scalar: the indentation of the line that opened it and of its
    // first content line.
    let mut block_scalar: Option<(usize, Option<usize>)> = None;
    let mut last_token: Option<char> = None;
    // Whether the last line with content ended in a plain scalar (which may continue).
    let mut prev_plain = false;
    let mut i = 0;
    let fail = |line: usize, msg: &str| {
        if line == 0 {
            msg.to_string()
        } else {
            format!("on line {}, column 1: {msg}", line + 1)
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            if quote.is_none() {
                if matches!(last_token, Some('|' | '>')) && block_scalar.is_none() {
                    let begin = chars[..i].iter().rposition(|&c| c == '\n').map(|p| p + 1).unwrap_or(0);
                    let indent = chars[begin..i].iter().take_while(|&&c| c == ' ').count();
                    block_scalar = Some((indent, None));
                }
                match last_token {
                    Some(t) if flow == 0 => prev_plain = !":-|>'\"[]{},?".contains(t),
                    Some(_) => prev_plain = false,
                    None => {}
                }
            }
            line += 1;
            line_start = true;
            last_token = None;
            i += 1;
            continue;
        }
        if line_start && quote.is_none() {
            line_start = false;
            let spaces = chars[i..].iter().take_while(|&&c| c == ' ').count();
            let rest: String = chars[i + spaces..].iter().take_while(|&&c| c != '\n').collect();
            let content = rest.trim_start_matches([' ', '\t']);
            if let Some((bi, ci)) = block_scalar {
                if rest.starts_with('\t') && ci.is_none_or(|ci| spaces < ci) {
                    return Err(fail(line, "found a tab character where an indentation space is expected"));
                }
                if content.is_empty() || spaces > bi {
                    if !content.is_empty() && ci.is_none() {
                        block_scalar = Some((bi, Some(spaces)));
                    }
                    i += spaces + rest.chars().count();
                    continue;
                }
                block_scalar = None;
            }
            if flow == 0 {
                if rest.starts_with('\t') {
                    if prev_plain {
                        if spaces == 0 {
                            return Err(fail(line, "found a tab character that violates indentation"));
                        }
                    } else {
                        return Err(fail(line, "found character that cannot start any token"));
                    }
                } else if rest.starts_with("-\t") {
                    return Err(fail(line, "found character that cannot start any token"));
                }
            }
        }
        match quote {
            Some('\'') => {
                if c == '\'' {
                    if chars.get(i + 1) == Some(&'\'') {
                        i += 1;
                    } else {
                        quote = None;
                    }
                }
            }
            Some(_) => {
                if c == '\\' {
                    i += 1;
                } else if c == '"' {
                    quote = None;
                }
            }
            None => match c {
                '\'' | '"' => {
                    quote = Some(c);
                    last_token = Some(c);
                }
                '#' if i == 0 || chars[i - 1].is_whitespace() => {
                    while i + 1 < chars.len() && chars[i + 1] != '\n' {
                        i += 1;
                    }
                }
                '&' | '*' if i == 0 || chars[i - 1].is_whitespace() || (flow > 0 && "[{,".contains(chars[i - 1])) => {
                    // libyaml's anchor and alias names: letters, digits, '-' and '_', ended
                    // by a blank or one of a few indicators.
                    let mut j = i + 1;
                    while chars.get(j).is_some_and(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_') {
                        j += 1;
                    }
                    let ends_ok = match chars.get(j) {
                        None => true,
                        Some(c) => c.is_whitespace() || "?:,]}%@`".contains(*c),
                    };
                    if j == i + 1 || !ends_ok {
                        let at = chars[..j].iter().filter(|&&c| c == '\n').count();
                        return Err(fail(at, "did not find expected alphabetic or numeric character"));
                    }
                    last_token = Some('a');
                    i = j;
                    continue;
                }
                '[' | '{' => {
                    flow += 1;
                    last_token = Some(c);
                }
                ']' | '}' => {
                    flow = flow.saturating_sub(1);
                    last_token = Some(c);
                }
                ':' if flow == 0 && chars.get(i + 1) == Some(&'\t') => {
                    out[i + 1] = ' ';
                    last_token = Some(c);
                }
                ' ' | '\t' => {}
                '|' | '>' if last_token.is_none_or(|t| t == ':' || t == '-') => last_token = Some(c),
                '+' | '-' | '1'..='9' if matches!(last_token, Some('|' | '>')) => {}
                _ => last_token = Some(c),
            },
        }
        i += 1;
    }
    Ok(out.into_iter().collect())
}

/// go-cty-yaml's position wrapping of an error at an event: none on the first line, and
/// libyaml's zero-based line with a one-based column otherwise.
fn event_error(m: &Marker, msg: &str) -> String {
    event_error_at(
        At {
            line: m.line(),
            col: m.col(),
        },
        msg,
    )
}

/// A position: yaml-rust2's one-based line and zero-based column.
#[derive(Clone, Copy)]
struct At {
    line: usize,
    col: usize,
}

fn event_error_at(at: At, msg: &str) -> String {
    let line0 = at.line.saturating_sub(1);
    if line0 == 0 {
        msg.to_string()
    } else {
        format!("on line {line0}, column {}: {msg}", at.col + 1)
    }
}

/// A parse error from yaml-rust2, reworded as libyaml words it and positioned as
/// go-cty-yaml positions it.
fn parse_error(e: &ScanError) -> String {
    let info = e.info();
    let (msg, scanner) = match info {
        "while parsing a flow sequence, expected ',' or ']'" => ("did not find expected ',' or ']'".to_string(), false),
        "while parsing a flow mapping, did not find expected ',' or '}'" => ("did not find expected ',' or '}'".to_string(), false),
        "while parsing a node, did not find expected node content" => ("did not find expected node content".to_string(), false),
        "while parsing a block mapping, did not find expected key" => ("did not find expected key".to_string(), false),
        "while parsing a block collection, did not find expected '-' indicator" => {
            ("did not find expected '-' indicator".to_string(), false)
        }
        "did not find expected <document start>" | "did not find expected <document-start>" => {
            ("did not find expected <document start>".to_string(), false)
        }
        "invalid trailing content after double-quoted scalar" => ("did not find expected key".to_string(), false),
        "simple key expected" | "simple key expect ':'" => ("could not find expected ':'".to_string(), true),
        _ if info.starts_with("unexpected character")
            || info.starts_with("tabs disallowed")
            || info.contains("found a tab")
            || info == "tab cannot be used as indentation" =>
        {
            ("found character that cannot start any token".to_string(), true)
        }
        _ => {
            let core = info
                .split_once(", ")
                .filter(|(p, _)| p.starts_with("while "))
                .map(|(_, r)| r)
                .unwrap_or(info);
            (core.to_string(), true)
        }
    };
    let m = e.marker();
    let line0 = m.line().saturating_sub(1);
    if line0 == 0 {
        msg
    } else if scanner {
        format!("on line {}, column 1: {msg}", line0 + 1)
    } else {
        format!("on line {line0}, column {}: {msg}", m.col() + 1)
    }
}

struct Decoder<'a> {
    parser: Parser<std::str::Chars<'a>>,
    chars: Vec<char>,
    /// Anchor ids whose definition is still being read.
    pending: HashSet<usize>,
    /// Completed anchors by id.
    anchors: HashMap<usize, Value>,
    depth: usize,
}

/// A resolved scalar: a value, or the merge key `<<`.
enum Scalar {
    Val(Value),
    Merge,
}

fn tag_text(t: &Option<Tag>) -> String {
    match t {
        Some(t) => format!("{}{}", t.handle, t.suffix),
        None => String::new(),
    }
}

impl<'a> Decoder<'a> {
    fn next(&mut self) -> Result<(Event, Marker), String> {
        self.parser.next_token().map_err(|e| {
            if e.info() == "while parsing node, found unknown anchor" {
                let name = self.name_at(e.marker().index(), '*');
                event_error(e.marker(), &format!("reference to undefined anchor {}", go_q(&name)))
            } else {
                parse_error(&e)
            }
        })
    }

    /// Where a node's properties (tag, anchor) begin, as libyaml marks the node: the mark
    /// moved back over the tag and anchor written before the content.
    fn node_start(&self, m: &Marker) -> At {
        let (mut i, mut col) = (m.index(), m.col());
        loop {
            let mut j = i;
            while j > 0 && matches!(self.chars.get(j - 1), Some(' ' | '\t')) {
                j -= 1;
            }
            let end = j;
            while j > 0 && self.chars.get(j - 1).is_some_and(|c| !c.is_whitespace()) {
                j -= 1;
            }
            if j < end && matches!(self.chars.get(j), Some('!' | '&')) {
                col = col.saturating_sub(i - j);
                i = j;
            } else {
                break;
            }
        }
        At { line: m.line(), col }
    }

    /// The anchor or alias name written at (or just after a tag at) a char index.
    fn name_at(&self, index: usize, sigil: char) -> String {
        let mut i = index;
        // Skip a tag written before the anchor.
        if self.chars.get(i) == Some(&'!') {
            while self.chars.get(i).is_some_and(|c| !c.is_whitespace()) {
                i += 1;
            }
            while self.chars.get(i).is_some_and(|c| *c == ' ' || *c == '\t') {
                i += 1;
            }
        }
        if self.chars.get(i) != Some(&sigil) {
            return String::new();
        }
        i += 1;
        let start = i;
        while self.chars.get(i).is_some_and(|c| !c.is_whitespace() && !",[]{}".contains(*c)) {
            i += 1;
        }
        self.chars[start..i].iter().collect()
    }

    fn value(&mut self, ev: Event, m: Marker) -> Result<Value, String> {
        match ev {
            Event::Scalar(text, style, anchor, tag) => {
                if anchor > 0 {
                    self.pending.insert(anchor);
                }
                let at = if tag.is_some() || anchor > 0 {
                    self.node_start(&m)
                } else {
                    At {
                        line: m.line(),
                        col: m.col(),
                    }
                };
                let v = match resolve(&tag_text(&tag), &text, quoted(style)).map_err(|e| event_error_at(at, &e))? {
                    // An untagged scalar that is not plain has the type string, so a null
                    // (an empty block scalar) is a null string.
                    Scalar::Val(Value::Null(_)) if tag.is_none() && style != TScalarStyle::Plain => Value::Null(Type::String),
                    Scalar::Val(v) => v,
                    Scalar::Merge => Value::string("<<"),
                };
                if anchor > 0 {
                    self.pending.remove(&anchor);
                    self.anchors.insert(anchor, v.clone());
                }
                Ok(v)
            }
            Event::Alias(id) => {
                if self.pending.contains(&id) {
                    let name = self.name_at(m.index(), '*');
                    return Err(event_error(
                        &m,
                        &format!("cannot refer to anchor {} from inside its own definition", go_q(&name)),
                    ));
                }
                self.anchors.get(&id).cloned().ok_or_else(|| {
                    let name = self.name_at(m.index(), '*');
                    event_error(&m, &format!("reference to undefined anchor {}", go_q(&name)))
                })
            }
            Event::SequenceStart(anchor, tag) => {
                let tag = tag_text(&tag);
                if !tag.is_empty() && tag != SEQ_TAG {
                    return Err(event_error(&m, &format!("can't interpret sequence as {tag}")));
                }
                self.enter()?;
                if anchor > 0 {
                    self.pending.insert(anchor);
                }
                let mut vs = Vec::new();
                loop {
                    let (ev, m) = self.next()?;
                    if matches!(ev, Event::SequenceEnd) {
                        break;
                    }
                    vs.push(self.value(ev, m)?);
                }
                let v = Value::Tuple(vs);
                if anchor > 0 {
                    self.pending.remove(&anchor);
                    self.anchors.insert(anchor, v.clone());
                }
                self.depth -= 1;
                Ok(v)
            }
            Event::MappingStart(anchor, tag) => {
                let tag = tag_text(&tag);
                if !tag.is_empty() && tag != MAP_TAG {
                    return Err(event_error(&m, &format!("can't interpret mapping as {tag}")));
                }
                self.enter()?;
                if anchor > 0 {
                    self.pending.insert(anchor);
                }
                let mut vals: BTreeMap<String, Value> = BTreeMap::new();
                loop {
                    let (ev, km) = self.next()?;
                    let (text, style, ktag) = match ev {
                        Event::MappingEnd => break,
                        Event::Scalar(text, style, _, tag) => (text, style, tag),
                        _ => return Err(event_error(&km, "only strings are allowed as mapping keys")),
                    };
                    let key = resolve(&tag_text(&ktag), &text, quoted(style))?;
                    let key = match key {
                        Scalar::Merge => {
                            let (ev, vm) = self.next()?;
                            let merged = self.value(ev, vm)?;
                            match merged {
                                Value::Object(m2) | Value::Map(_, m2) => vals.extend(m2),
                                other => {
                                    return Err(event_error(&km, &format!("cannot merge {} into mapping", other.ty().friendly())));
                                }
                            }
                            continue;
                        }
                        Scalar::Val(Value::Null(_)) => return Err(event_error(&km, "mapping key cannot be null")),
                        Scalar::Val(Value::String(s)) => s.to_string(),
                        Scalar::Val(Value::Bool(b)) => b.to_string(),
                        Scalar::Val(Value::Number(n)) => n.to_text(),
                        Scalar::Val(_) => return Err(event_error(&km, "only strings are allowed as mapping keys")),
                    };
                    let (ev, vm) = self.next()?;
                    let v = self.value(ev, vm)?;
                    vals.insert(key, v);
                }
                let v = Value::Object(vals);
                if anchor > 0 {
                    self.pending.remove(&anchor);
                    self.anchors.insert(anchor, v.clone());
                }
                self.depth -= 1;
                Ok(v)
            }
            Event::DocumentStart => Err(event_error(&m, "only a single document is allowed")),
            Event::StreamEnd => Err(event_error(&m, "expecting value but found end of stream")),
            _ => Err(event_error(&m, "unexpected parser event")),
        }
    }

    fn enter(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err("document is nested too deeply".into());
        }
        Ok(())
    }
}

fn quoted(style: TScalarStyle) -> bool {
    matches!(style, TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted)
}

fn go_q(s: &str) -> String {
    crate::lang::render::go_quote(s)
}

fn string_val(s: &str) -> Value {
    Value::string(nfc(s))
}

/// cty.ParseNumberVal.
fn parse_number(s: &str) -> Option<Value> {
    Number::parse(s).map(Value::Number)
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
fn yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let st = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - st
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// Plain scalars (underscores removed) that go-cty-yaml hands to its integer parser: an
/// optional sign and decimal digits, or a lowercase 0x or 0o prefixed number, or nothing.
fn yaml_style_int(s: &str) -> bool {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    if body.bytes().all(|c| c.is_ascii_digit()) {
        return true;
    }
    if let Some(h) = body.strip_prefix("0x") {
        return !h.is_empty() && h.bytes().all(|c| c.is_ascii_hexdigit());
    }
    if let Some(o) = body.strip_prefix("0o") {
        return !o.is_empty() && o.bytes().all(|c| (b'0'..=b'7').contains(&c));
    }
    false
}

/// Go's strconv.ParseInt(s, 0, 64) / ParseUint(s, 0, 64), as a number.
fn go_parse_int(s: &str, signed: bool) -> Option<Value> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'+') if signed => (false, &s[1..]),
        Some(b'-') if signed => (true, &s[1..]),
        _ => (false, s),
    };
    let (radix, digits) = if let Some(r) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        (16, r)
    } else if let Some(r) = body.strip_prefix("0o").or_else(|| body.strip_prefix("0O")) {
        (8, r)
    } else if let Some(r) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
        (2, r)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let mag = u64::from_str_radix(digits, radix).ok()?;
    if !signed {
        return Some(Value::Number(Number::from_u64(mag)));
    }
    if neg {
        if mag > 1u64 << 63 {
            return None;
        }
        Some(Value::Number(Number::from_i64((mag as i64).wrapping_neg())))
    } else {
        i64::try_from(mag).ok().map(Value::int)
    }
}

fn resolve_map(src: &str) -> Option<Value> {
    Some(match src {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => Value::Bool(true),
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => Value::Bool(false),
        "" | "~" | "null" | "Null" | "NULL" => Value::null(),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Value::Number(Number::pos_inf()),
        "-.inf" | "-.Inf" | "-.INF" => Value::Number(Number::neg_inf()),
        _ => return None,
    })
}

fn is_bool_word(src: &str) -> bool {
    matches!(resolve_map(src), Some(Value::Bool(_)))
}

/// go-cty-yaml's resolveScalar.
fn resolve(tag: &str, src: &str, quoted: bool) -> Result<Scalar, String> {
    if !matches!(
        tag,
        "" | STR_TAG | BOOL_TAG | INT_TAG | FLOAT_TAG | NULL_TAG | TIMESTAMP_TAG | BINARY_TAG
    ) {
        return Err(format!("unsupported tag {}", go_q(tag)));
    }
    let mut tag = tag;
    let hint = match src.as_bytes().first() {
        None => b'N',
        Some(b'+' | b'-') => b'S',
        Some(b'0'..=b'9') => b'D',
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
        Some(b'.') => b'.',
        Some(_) => 0,
    };
    if hint != 0 && tag != STR_TAG && tag != BINARY_TAG {
        if quoted {
            return Ok(Scalar::Val(string_val(src)));
        }
        if let Some(v) = resolve_map(src) {
            return Ok(Scalar::Val(v));
        }
        if tag.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".into());
        }
        match hint {
            b'.' => {
                if let Some(v) = parse_number(src) {
                    return Ok(Scalar::Val(v));
                }
            }
            b'D' | b'S' => {
                if (tag.is_empty() || tag == TIMESTAMP_TAG)
                    && let Some(t) = parse_timestamp(src)
                {
                    return Ok(Scalar::Val(Value::string(t)));
                }
                if yaml_style_float(src)
                    && let Some(v) = parse_number(src)
                {
                    return Ok(Scalar::Val(v));
                }
                let plain = src.replace('_', "");
                if yaml_style_int(&plain) {
                    tag = INT_TAG;
                }
            }
            _ => {}
        }
    }
    if tag.is_empty() && src == "<<" {
        return Ok(Scalar::Merge);
    }
    let cannot = || format!("cannot parse {} as {tag}", go_q(src));
    match tag {
        STR_TAG | BINARY_TAG => {
            if tag == BINARY_TAG && super::b64_decode(src).is_err() {
                return Err(format!("{}: not valid base64", cannot()));
            }
            Ok(Scalar::Val(string_val(src)))
        }
        BOOL_TAG => {
            if is_bool_word(src) {
                Ok(Scalar::Val(resolve_map(src).unwrap_or(Value::Bool(false))))
            } else {
                Err(cannot())
            }
        }
        INT_TAG | FLOAT_TAG => {
            let plain = src.replace('_', "");
            if let Some(v) = parse_number(&plain) {
                return Ok(Scalar::Val(v));
            }
            if let Some(v) = go_parse_int(&plain, true).or_else(|| go_parse_int(&plain, false)) {
                return Ok(Scalar::Val(v));
            }
            if let Some(bits) = plain.strip_prefix("0b")
                && let Some(v) = go_parse_int(&format!("0b{bits}"), true)
            {
                return Ok(Scalar::Val(v));
            }
            if let Some(bits) = plain.strip_prefix("-0b")
                && let Some(v) = go_parse_int(&format!("-0b{bits}"), true)
            {
                return Ok(Scalar::Val(v));
            }
            Err(cannot())
        }
        TIMESTAMP_TAG => parse_timestamp(src).map(|t| Scalar::Val(Value::string(t))).ok_or_else(cannot),
        NULL_TAG => Ok(Scalar::Val(Value::null())),
        _ => Ok(Scalar::Val(string_val(src))),
    }
}

/// Reads 1 or 2 digits (Go's getnum with fixed=false).
fn num12(b: &[u8], i: &mut usize) -> Option<u32> {
    let d1 = *b.get(*i)?;
    if !d1.is_ascii_digit() {
        return None;
    }
    *i += 1;
    let mut v = u32::from(d1 - b'0');
    if let Some(&d2) = b.get(*i)
        && d2.is_ascii_digit()
    {
        *i += 1;
        v = v * 10 + u32::from(d2 - b'0');
    }
    Some(v)
}

fn days_in(month: u32, year: i64) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ => {
            if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 {
                29
            } else {
                28
            }
        }
    }
}

/// The timestamp forms go-cty-yaml accepts, formatted as RFC 3339 (fractions dropped).
fn parse_timestamp(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return None;
    }
    let year: i64 = s[..4].parse().ok()?;
    let mut i = 5;
    let month = num12(b, &mut i)?;
    if b.get(i) != Some(&b'-') {
        return None;
    }
    i += 1;
    let day = num12(b, &mut i)?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in(month, year) {
        return None;
    }
    let date = format!("{year:04}-{month:02}-{day:02}");
    if i == b.len() {
        return Some(format!("{date}T00:00:00Z"));
    }
    let sep = b[i];
    if !matches!(sep, b'T' | b't' | b' ') {
        return None;
    }
    i += 1;
    let hour = num12(b, &mut i)?;
    if b.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    let min = num12(b, &mut i)?;
    if b.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    let sec = num12(b, &mut i)?;
    if hour > 23 || min > 59 || sec > 59 {
        return None;
    }
    if matches!(b.get(i), Some(b'.' | b',')) && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    let time = format!("{date}T{hour:02}:{min:02}:{sec:02}");
    if sep == b' ' {
        return (i == b.len()).then(|| format!("{time}Z"));
    }
    match b.get(i) {
        Some(b'Z') if i + 1 == b.len() => Some(format!("{time}Z")),
        Some(&sgn @ (b'+' | b'-')) if b.len() == i + 6 && b[i + 3] == b':' => {
            let hh: u32 = s.get(i + 1..i + 3)?.parse().ok()?;
            let mm: u32 = s.get(i + 4..i + 6)?.parse().ok()?;
            if !s[i + 1..i + 3].bytes().all(|c| c.is_ascii_digit()) || !s[i + 4..i + 6].bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            if hh == 0 && mm == 0 {
                Some(format!("{time}Z"))
            } else {
                Some(format!("{time}{}{hh:02}:{mm:02}", sgn as char))
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(src: &str) -> String {
        match resolve("", src, false) {
            Ok(Scalar::Val(v)) => crate::lang::render::console(&v),
            Ok(Scalar::Merge) => "<<".into(),
            Err(e) => format!("ERR {e}"),
        }
    }

    #[test]
    fn yaml11_scalars() {
        assert_eq!(r("yes"), "true");
        assert_eq!(r("0x10"), "16");
        assert_eq!(r("0777"), "777");
        assert_eq!(r("0b101"), "\"0b101\"");
        assert_eq!(r("+inf"), "\"+inf\"");
        assert_eq!(r("+"), "ERR cannot parse \"+\" as tag:yaml.org,2002:int");
        assert_eq!(r("2001-12-14"), "\"2001-12-14T00:00:00Z\"");
    }
}
