//! yamldecode: YAML events (from yaml-rust2) turned into values the way go-cty-yaml does it:
//! YAML 1.1 scalar resolution (y/yes/on booleans, `~` null, 0x/0o integers, timestamps as
//! RFC 3339 strings), merge keys, anchors, one document only, and libyaml-worded errors with
//! go-cty-yaml's line/column convention.

use std::collections::{BTreeMap, HashMap, HashSet};

use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, ScanError, TScalarStyle};

use super::yaml_resolve::{Scalar, go_q, resolve};
use crate::lang::dialect::releases::{self, TfVersion};
use crate::lang::value::{Type, Value};

pub(super) const STR_TAG: &str = "tag:yaml.org,2002:str";
pub(super) const BOOL_TAG: &str = "tag:yaml.org,2002:bool";
pub(super) const INT_TAG: &str = "tag:yaml.org,2002:int";
pub(super) const FLOAT_TAG: &str = "tag:yaml.org,2002:float";
pub(super) const NULL_TAG: &str = "tag:yaml.org,2002:null";
pub(super) const TIMESTAMP_TAG: &str = "tag:yaml.org,2002:timestamp";
pub(super) const BINARY_TAG: &str = "tag:yaml.org,2002:binary";
const MAP_TAG: &str = "tag:yaml.org,2002:map";
const SEQ_TAG: &str = "tag:yaml.org,2002:seq";

/// Nesting deeper than this is refused rather than risking the stack.
const MAX_DEPTH: usize = 400;
/// Bytes of values that aliases may copy in one document: each alias copies its anchor's
/// value, so nested anchors grow exponentially (a "billion laughs" document).
const MAX_ALIASED: u64 = 64 << 20;

/// Parses a YAML document as Terraform's yamldecode does.
pub fn decode(src: &str, version: TfVersion) -> Result<Value, String> {
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
        aliased: 0,
        version,
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
    // Whether a %YAML directive came since the last line with content.
    let mut yaml_seen = false;
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
            if flow == 0 && spaces == 0 && rest.starts_with('%') {
                directive(&rest, line, &mut yaml_seen)?;
                i += rest.chars().count();
                continue;
            }
            if !content.is_empty() && !content.starts_with('#') {
                yaml_seen = false;
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
                // In a flow collection `|` and `>` start no token (block scalars are
                // block-context only) and cannot start a plain scalar either.
                '|' | '>' if flow > 0 && matches!(last_token, Some('[' | '{' | ',' | ':')) => {
                    return Err(fail(line, "found character that cannot start any token"));
                }
                '|' | '>' if last_token.is_none_or(|t| t == ':' || t == '-') => last_token = Some(c),
                '+' | '-' | '1'..='9' if matches!(last_token, Some('|' | '>')) => {}
                _ => last_token = Some(c),
            },
        }
        i += 1;
    }
    Ok(out.into_iter().collect())
}

/// Checks a directive line as libyaml (the YAML 1.1 parser go-cty-yaml uses) does: only
/// `%YAML 1.1`, once per document, and `%TAG`. yaml-rust2 takes any version and ignores
/// unknown directives. A version it cannot read is left to yaml-rust2's error.
fn directive(line_text: &str, line: usize, yaml_seen: &mut bool) -> Result<(), String> {
    let at = |msg: &str| {
        if line == 0 {
            msg.to_string()
        } else {
            format!("on line {line}, column 1: {msg}")
        }
    };
    let body = &line_text[1..];
    let name_len = body.find([' ', '\t', '\r']).unwrap_or(body.len());
    match &body[..name_len] {
        "TAG" => Ok(()),
        "YAML" => {
            if *yaml_seen {
                return Err(at("found duplicate %YAML directive"));
            }
            *yaml_seen = true;
            let version = body[name_len..].trim_start_matches([' ', '\t']);
            let end = version.find([' ', '\t', '\r', '#']).unwrap_or(version.len());
            let Some((major, minor)) = version[..end].split_once('.') else {
                return Ok(());
            };
            let number = |d: &str| {
                (!d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
                    .then(|| d.trim_start_matches('0').len() <= 9)
                    .and_then(|short| short.then(|| d.parse::<u64>().ok()).flatten())
            };
            match (number(major), number(minor)) {
                (Some(1), Some(1)) => Ok(()),
                (Some(_), Some(_)) => Err(at("found incompatible YAML document")),
                _ => Ok(()),
            }
        }
        _ => Err(at("found unknown directive name")),
    }
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
    /// Bytes copied by aliases so far (see [`MAX_ALIASED`]).
    aliased: u64,
    /// The Terraform release emulated (its go-cty-yaml's integer patterns).
    version: TfVersion,
}

fn tag_text(t: &Option<Tag>) -> String {
    match t {
        Some(t) => format!("{}{}", t.handle, t.suffix),
        None => String::new(),
    }
}

impl<'a> Decoder<'a> {
    /// Whether the emulated release resolves integers by YAML 1.2's patterns only.
    fn yaml12_ints(&self) -> bool {
        releases::has(self.version, &releases::YAML_12_INTEGERS)
    }

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
                let block = matches!(style, TScalarStyle::Literal | TScalarStyle::Folded);
                let text = if block { self.block_text(text, &m)? } else { text };
                let v = match resolve(&tag_text(&tag), &text, quoted(style), &|| self.yaml12_ints()).map_err(|e| event_error_at(at, &e))? {
                    // An untagged scalar that is not plain has the type string, so a null
                    // (an empty block scalar) is a null string.
                    Scalar::Val(Value::Null(_)) if tag.is_none() && style != TScalarStyle::Plain => Value::Null(Type::String),
                    // An untagged block scalar is resolved as a plain one would be, then
                    // made a string: `|` then `y` is "true", `0x1F` is "31".
                    Scalar::Val(v @ (Value::Bool(_) | Value::Number(_))) if tag.is_none() && block => {
                        crate::lang::value::convert::convert(&v, &Type::String).map_err(|e| e.to_string())?
                    }
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
                let Some(v) = self.anchors.get(&id) else {
                    let name = self.name_at(m.index(), '*');
                    return Err(event_error(&m, &format!("reference to undefined anchor {}", go_q(&name))));
                };
                let left = MAX_ALIASED.saturating_sub(self.aliased);
                self.aliased = self.aliased.saturating_add(crate::lang::eval::weigh(v, left.saturating_add(1)));
                if self.aliased > MAX_ALIASED {
                    return Err(event_error(
                        &m,
                        &format!(
                            "the document's aliases expand to more than {} MiB of values; iacquiz refuses it so that a hostile input cannot exhaust memory",
                            MAX_ALIASED >> 20
                        ),
                    ));
                }
                Ok(v.clone())
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
                    let key = resolve(&tag_text(&ktag), &text, quoted(style), &|| self.yaml12_ints())?;
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

    /// A block scalar's text as libyaml reads it, where yaml-rust2 differs: a last line with
    /// no line break after it (the input ends there) has none in the value, whatever the
    /// chomping; and a scalar with no content lines is empty unless kept (`|+`).
    fn block_text(&mut self, text: String, m: &Marker) -> Result<String, String> {
        let header: String = self.chars.iter().skip(m.index()).take_while(|c| !matches!(c, '\n' | '#')).collect();
        let keep = header.contains('+');
        if text.chars().all(|c| c == '\n') && !keep {
            return Ok(String::new());
        }
        let from = self.chars.iter().rposition(|&c| c == '\n').map_or(0, |p| p + 1);
        let last_line: String = self.chars[from..].iter().collect();
        let last = last_line.trim_start_matches([' ', '\t']);
        // A comment or a document marker on the last line is not the scalar's.
        let marker = last.starts_with('#') || last.starts_with("...") || last.starts_with("---");
        let at_end = match self.parser.peek() {
            Ok((_, next)) => next.index() >= self.chars.len(),
            Err(_) => false,
        };
        let mut text = text;
        if at_end && keep && text.chars().all(|c| c == '\n') {
            // Only the blank lines after the header's own line break are kept.
            let blank = self
                .chars
                .iter()
                .skip(m.index() + header.chars().count() + 1)
                .filter(|&&c| c == '\n')
                .count();
            return Ok("\n".repeat(blank));
        }
        if at_end && !marker && self.chars.last() != Some(&'\n') && text.ends_with('\n') {
            text.pop();
        }
        Ok(text)
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
