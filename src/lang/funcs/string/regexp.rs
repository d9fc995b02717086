//! Go's regular expressions for `regex`, `regexall` and `replace`.
//!
//! Terraform compiles patterns with Go's `regexp` (RE2 syntax, Perl flags). The `regex`
//! crate speaks a close but different dialect (Unicode `\d \w \s \b`, no `\Q..\E`, no octal
//! escapes, `{,n}` repeats, nested classes, named-group rules, ...), so a pattern is first
//! parsed the way Go's `regexp/syntax` parses it — giving Go's errors, in Go's order — and
//! re-emitted as an equivalent pattern for the `regex` crate. Matching, iteration and `$`
//! expansion then follow Go's `FindAllStringSubmatchIndex`, `ReplaceAllString` and `Expand`.

use std::collections::BTreeMap;

use ::regex::{Captures, Regex, RegexBuilder};

use super::super::util::s;
use super::super::{FnError, FnResult, Func, Param, Registry};
use crate::lang::eval::{Evaluator, nfc};
use crate::lang::value::{Type, Value};

/// Registers regex and regexall.
pub fn register(r: &mut Registry) {
    let params = || vec![Param::new("pattern", Type::String), Param::new("string", Type::String)];
    r.add("regex", Func::new(params(), regex_fn));
    r.add("regexall", Func::new(params(), regexall_fn).returns(Type::list(Type::Dynamic)));
}

/// A syntax error as Go's `regexp/syntax.Error` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// Go's error code text, e.g. "missing closing ]".
    pub code: &'static str,
    /// The offending part of the pattern.
    pub expr: String,
}

impl SyntaxError {
    /// The message of Go's `regexp.Compile` error.
    pub fn go(&self) -> String {
        format!("error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

fn err<T>(code: &'static str, expr: &str) -> Result<T, SyntaxError> {
    Err(SyntaxError {
        code,
        expr: expr.to_string(),
    })
}

/// A compiled Go pattern.
pub struct GoRegex {
    re: Regex,
    /// The name of each capture group, 1-based (index 0 is the whole match, unnamed).
    names: Vec<String>,
}

/// Matches nothing (Go can build such classes; the regex crate needs them spelled out).
const NEVER: &str = r"[^\x{0}-\x{10FFFF}]";

/// Go's flags that change how the rest of a group parses.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Flags {
    fold: bool,
    multi: bool,
    dotnl: bool,
    ungreedy: bool,
}

/// One element of a concatenation in the output.
enum Piece {
    /// Something a repetition can apply to.
    Atom {
        text: String,
        /// The largest product of counted repeats along any path inside (Go's repeat limit).
        prod: u64,
        repeated: bool,
    },
    /// A flag change `(?i)` (no operand for a repetition).
    Flags(String),
    /// `|`.
    Bar,
}

/// An open group.
struct Frame {
    open: String,
    pieces: Vec<Piece>,
    saved: Flags,
}

/// Go's `regexp/syntax` parser, emitting the `regex` crate's dialect.
struct Translator<'a> {
    src: &'a str,
    frames: Vec<Frame>,
    flags: Flags,
    names: Vec<String>,
}

impl GoRegex {
    /// Compiles `pattern` as Go's `regexp.Compile` would.
    pub fn new(pattern: &str) -> Result<GoRegex, SyntaxError> {
        let mut t = Translator {
            src: pattern,
            frames: vec![Frame {
                open: String::new(),
                pieces: Vec::new(),
                saved: Flags::default(),
            }],
            flags: Flags::default(),
            names: vec![String::new()],
        };
        let out = t.run()?;
        let re = RegexBuilder::new(&out).size_limit(64 << 20).nest_limit(4000).build().map_err(|e| {
            let msg = e.to_string();
            let code = if msg.contains("size limit") {
                "expression too large"
            } else if msg.contains("nest") {
                "expression nests too deeply"
            } else {
                "regexp/syntax: internal error"
            };
            SyntaxError {
                code,
                expr: pattern.to_string(),
            }
        })?;
        Ok(GoRegex { re, names: t.names })
    }

    /// Number of capture groups.
    fn groups(&self) -> usize {
        self.names.len() - 1
    }

    /// Go's `allMatches`: successive matches, an empty match right after a match skipped.
    fn all_captures<'h>(&self, x: &'h str) -> Vec<Captures<'h>> {
        let mut out = Vec::new();
        let mut pos = 0;
        let mut prev_end: Option<usize> = None;
        while pos <= x.len() {
            let Some(caps) = self.re.captures_at(x, pos) else { break };
            let Some(m) = caps.get(0) else { break };
            let mut accept = true;
            if m.end() == pos {
                if prev_end == Some(m.start()) {
                    accept = false;
                }
                pos += x.get(pos..).and_then(|t| t.chars().next()).map_or(1, char::len_utf8);
            } else {
                pos = m.end();
            }
            prev_end = Some(m.end());
            if accept {
                out.push(caps);
            }
        }
        out
    }

    /// Go's `ReplaceAllString(x, template)`.
    fn replace_all(&self, x: &str, template: &str) -> String {
        let mut buf = String::with_capacity(x.len());
        let mut last_end = 0;
        let mut search = 0;
        while search <= x.len() {
            let Some(caps) = self.re.captures_at(x, search) else { break };
            let Some(m) = caps.get(0) else { break };
            buf.push_str(x.get(last_end..m.start()).unwrap_or(""));
            if m.end() > last_end || m.start() == 0 {
                self.expand(&mut buf, template, &caps);
            }
            last_end = m.end();
            let width = x.get(search..).and_then(|t| t.chars().next()).map_or(0, char::len_utf8);
            if search + width > m.end() {
                search += width;
            } else if search + 1 > m.end() {
                search += 1;
            } else {
                search = m.end();
            }
        }
        buf.push_str(x.get(last_end..).unwrap_or(""));
        buf
    }

    /// Go's `Regexp.Expand`: `$n`, `${n}`, `$name`, `${name}`, `$$`.
    fn expand(&self, buf: &mut String, template: &str, caps: &Captures) {
        let mut t = template;
        while let Some(k) = t.find('$') {
            buf.push_str(&t[..k]);
            t = &t[k + 1..];
            if let Some(rest) = t.strip_prefix('$') {
                buf.push('$');
                t = rest;
                continue;
            }
            let Some((name, num, rest)) = extract(t) else {
                buf.push('$');
                continue;
            };
            t = rest;
            let group = match num {
                Some(n) => caps.get(n),
                None => self
                    .names
                    .iter()
                    .enumerate()
                    .filter(|(_, g)| *g == name)
                    .find_map(|(i, _)| caps.get(i)),
            };
            if let Some(m) = group {
                buf.push_str(m.as_str());
            }
        }
        buf.push_str(t);
    }
}

/// Go's `extract`: the name after a `$` (longest run of letters, digits, `_`), its group
/// number if it is one, and the rest of the template.
fn extract(t: &str) -> Option<(&str, Option<usize>, &str)> {
    let (brace, body) = match t.strip_prefix('{') {
        Some(b) => (true, b),
        None => (false, t),
    };
    let len: usize = body
        .chars()
        .take_while(|&c| c == '_' || c.is_alphabetic() || c.is_numeric())
        .map(char::len_utf8)
        .sum();
    if len == 0 {
        return None;
    }
    let name = &body[..len];
    let mut rest = &body[len..];
    if brace {
        rest = rest.strip_prefix('}')?;
    }
    let mut num: Option<usize> = Some(0);
    for b in name.bytes() {
        match num {
            Some(n) if b.is_ascii_digit() && n < 100_000_000 => num = Some(n * 10 + usize::from(b - b'0')),
            _ => {
                num = None;
                break;
            }
        }
    }
    if name.len() > 1 && name.starts_with('0') {
        num = None;
    }
    Some((name, num, rest))
}

impl Translator<'_> {
    fn top(&mut self) -> &mut Frame {
        // The bottom frame is never popped.
        let n = self.frames.len() - 1;
        &mut self.frames[n]
    }

    fn atom(&mut self, text: impl Into<String>) {
        self.top().pieces.push(Piece::Atom {
            text: text.into(),
            prod: 1,
            repeated: false,
        });
    }

    fn literal(&mut self, r: u32) {
        let text = lit(r);
        self.atom(text);
    }

    fn open(&mut self, open: String) {
        let saved = self.flags;
        self.frames.push(Frame {
            open,
            pieces: Vec::new(),
            saved,
        });
    }

    fn run(&mut self) -> Result<String, SyntaxError> {
        let src = self.src;
        let mut i = 0;
        let mut last_repeat: Option<usize> = None;
        while let Some(&c) = src.as_bytes().get(i) {
            let mut repeat = None;
            match c {
                b'(' => {
                    if src[i..].starts_with("(?") {
                        i = self.perl_flags(i)?;
                    } else {
                        self.names.push(String::new());
                        self.open("(".into());
                        i += 1;
                    }
                    if self.frames.len() > 1000 {
                        return err("expression nests too deeply", src);
                    }
                }
                b'|' => {
                    self.top().pieces.push(Piece::Bar);
                    i += 1;
                }
                b')' => {
                    self.close()?;
                    i += 1;
                }
                b'^' | b'$' | b'.' => {
                    self.atom(char::from(c).to_string());
                    i += 1;
                }
                b'[' => {
                    let (text, n) = self.class(i)?;
                    self.atom(text);
                    i = n;
                }
                b'*' | b'+' | b'?' => {
                    let before = i;
                    i = self.repeat(char::from(c).to_string(), None, before, before + 1, last_repeat)?;
                    repeat = Some(before);
                }
                b'{' => match parse_repeat(&src[i..]) {
                    None => {
                        self.literal(u32::from('{'));
                        i += 1;
                    }
                    Some((min, max, len)) => {
                        let (before, after) = (i, i + len);
                        if !(0..=1000).contains(&min) || max > 1000 || (max >= 0 && min > max) {
                            return err("invalid repeat count", &src[before..after]);
                        }
                        let q = match max {
                            m if m == min => format!("{{{min}}}"),
                            -1 => format!("{{{min},}}"),
                            m => format!("{{{min},{m}}}"),
                        };
                        i = self.repeat(q, Some((min, max)), before, after, last_repeat)?;
                        repeat = Some(before);
                    }
                },
                b'\\' => i = self.escape(i)?,
                _ => {
                    let ch = src[i..].chars().next().unwrap_or('\u{FFFD}');
                    self.literal(u32::from(ch));
                    i += ch.len_utf8();
                }
            }
            last_repeat = repeat;
        }
        if self.frames.len() != 1 {
            return err("missing closing )", src);
        }
        let f = self.frames.pop().map(|f| f.pieces).unwrap_or_default();
        Ok(join(&f).0)
    }

    /// Go's `parsePerlFlags` at `(?`: a named group, a flag change or a non-capturing group.
    fn perl_flags(&mut self, i: usize) -> Result<usize, SyntaxError> {
        let t = &self.src[i..];
        let tb = t.as_bytes();
        let p_form = t.len() > 4 && tb[2] == b'P' && tb[3] == b'<';
        let a_form = t.len() > 3 && tb[2] == b'<';
        if p_form || a_form {
            let begin = if p_form { 4 } else { 3 };
            let Some(end) = t.find('>') else {
                return err("invalid named capture", t);
            };
            let capture = &t[..end + 1];
            let name = t.get(begin..end).unwrap_or("");
            if name.is_empty() || !name.bytes().all(|b| b == b'_' || b.is_ascii_alphanumeric()) {
                return err("invalid named capture", capture);
            }
            self.names.push(name.to_string());
            self.open("(".into());
            return Ok(i + end + 1);
        }
        let mut f = self.flags;
        let mut neg = false;
        let mut saw = false;
        let mut j = 2;
        while let Some(c) = t[j..].chars().next() {
            j += c.len_utf8();
            match c {
                'i' => f.fold = !neg,
                'm' => f.multi = !neg,
                's' => f.dotnl = !neg,
                'U' => f.ungreedy = !neg,
                '-' if !neg => {
                    neg = true;
                    saw = false;
                    continue;
                }
                ':' | ')' if !neg || saw => {
                    let change = flag_text(self.flags, f);
                    if c == ':' {
                        self.open(format!("(?{change}:"));
                    } else if !change.is_empty() {
                        self.top().pieces.push(Piece::Flags(format!("(?{change})")));
                    }
                    self.flags = f;
                    return Ok(i + j);
                }
                _ => break,
            }
            saw = true;
        }
        err("invalid or unsupported Perl syntax", &t[..j])
    }

    /// Go's `parseRightParen`.
    fn close(&mut self) -> Result<(), SyntaxError> {
        if self.frames.len() < 2 {
            return err("unexpected )", self.src);
        }
        let Some(f) = self.frames.pop() else {
            return err("unexpected )", self.src);
        };
        let (body, prod) = join(&f.pieces);
        self.flags = f.saved;
        self.top().pieces.push(Piece::Atom {
            text: format!("{}{body})", f.open),
            prod,
            repeated: false,
        });
        Ok(())
    }

    /// Go's `repeat`: applies a repetition operator spanning `before..after`.
    fn repeat(
        &mut self,
        quant: String,
        counted: Option<(i64, i64)>,
        before: usize,
        after: usize,
        last_repeat: Option<usize>,
    ) -> Result<usize, SyntaxError> {
        let src = self.src;
        let mut after = after;
        let mut lazy = self.flags.ungreedy;
        if src.as_bytes().get(after) == Some(&b'?') {
            after += 1;
            lazy = !lazy;
        }
        if let Some(lr) = last_repeat {
            return err("invalid nested repetition operator", &src[lr..after]);
        }
        let frame = self.top();
        let target = frame
            .pieces
            .iter_mut()
            .rev()
            .take_while(|p| !matches!(p, Piece::Bar))
            .find(|p| matches!(p, Piece::Atom { .. }));
        let Some(Piece::Atom { text, prod, repeated }) = target else {
            return err("missing argument to repetition operator", &src[before..after]);
        };
        if let Some((min, max)) = counted {
            let m = if max < 0 { min } else { max };
            let m = u64::try_from(m).unwrap_or(0);
            let new_prod = if m == 0 { 1 } else { m.saturating_mul(*prod) };
            if (min >= 2 || max >= 2) && m != 0 && new_prod > 1000 {
                return err("invalid repeat count", &src[before..after]);
            }
            *prod = new_prod;
        }
        if *repeated {
            *text = format!("(?:{text})");
        }
        text.push_str(&quant);
        if lazy {
            text.push('?');
        }
        *repeated = true;
        Ok(after)
    }

    /// A backslash outside a class: assertions, `\Q..\E`, classes, escapes.
    fn escape(&mut self, i: usize) -> Result<usize, SyntaxError> {
        let t = &self.src[i..];
        if let Some(&c) = t.as_bytes().get(1) {
            let assertion = match c {
                b'A' => Some(r"\A"),
                b'b' => Some(r"(?-u:\b)"),
                b'B' => Some(r"(?-u:\B)"),
                b'z' => Some(r"\z"),
                _ => None,
            };
            if let Some(a) = assertion {
                self.atom(a);
                return Ok(i + 2);
            }
            if c == b'C' {
                return err("invalid escape sequence", r"\C");
            }
            if c == b'Q' {
                let body = &t[2..];
                let (lit_text, used) = match body.find(r"\E") {
                    Some(k) => (&body[..k], 2 + k + 2),
                    None => (body, t.len()),
                };
                for ch in lit_text.chars() {
                    self.literal(u32::from(ch));
                }
                return Ok(i + used);
            }
        }
        if let Some((text, n)) = unicode_class(t)? {
            self.atom(text);
            return Ok(i + n);
        }
        if let Some((outside, _)) = perl_class(t) {
            self.atom(outside);
            return Ok(i + 2);
        }
        let (r, n) = parse_escape(t)?;
        self.literal(r);
        Ok(i + n)
    }

    /// Go's `parseClass` at `[`: the class for the regex crate and the index after `]`.
    fn class(&self, i: usize) -> Result<(String, usize), SyntaxError> {
        let whole = &self.src[i..];
        let mut j = i + 1;
        let src = self.src;
        let mut neg = false;
        if src.as_bytes().get(j) == Some(&b'^') {
            neg = true;
            j += 1;
        }
        let mut parts = String::new();
        let mut first = true;
        loop {
            let t = &src[j..];
            if t.starts_with(']') && !first {
                break;
            }
            first = false;
            if let Some(k) = t.strip_prefix("[:").filter(|r| !r.is_empty()).and_then(|r| r.find(":]")) {
                let name = &t[..k + 4];
                let bare = name.trim_start_matches("[:").trim_start_matches('^').trim_end_matches(":]");
                if !POSIX.contains(&bare) {
                    return err("invalid character class range", name);
                }
                parts.push_str(name);
                j += name.len();
                continue;
            }
            if let Some((text, n)) = unicode_class(t)? {
                parts.push_str(&text);
                j += n;
                continue;
            }
            if let Some((_, inside)) = perl_class(t) {
                parts.push_str(inside);
                j += 2;
                continue;
            }
            let (lo, n) = class_char(t, whole)?;
            let mut hi = lo;
            let mut used = n;
            let after = &t[n..];
            if after.len() >= 2 && after.starts_with('-') && !after[1..].starts_with(']') {
                let (h, m) = class_char(&after[1..], whole)?;
                used = n + 1 + m;
                if h < lo {
                    return err("invalid character class range", &t[..used]);
                }
                hi = h;
            }
            push_range(&mut parts, lo, hi);
            j += used;
        }
        let text = if parts.is_empty() {
            if neg {
                r"[\x{0}-\x{10FFFF}]".to_string()
            } else {
                NEVER.to_string()
            }
        } else {
            format!("[{}{parts}]", if neg { "^" } else { "" })
        };
        Ok((text, j + 1))
    }
}

/// Joins a group's pieces; returns the text and the largest repeat product inside.
fn join(pieces: &[Piece]) -> (String, u64) {
    let mut out = String::new();
    let mut prod = 1;
    for p in pieces {
        match p {
            Piece::Atom { text, prod: q, .. } => {
                out.push_str(text);
                prod = prod.max(*q);
            }
            Piece::Flags(text) => out.push_str(text),
            Piece::Bar => out.push('|'),
        }
    }
    (out, prod)
}

/// The regex crate's flag change from `old` to `new` (`i-s`, ...); ungreedy is handled
/// by writing each repetition's greediness out.
fn flag_text(old: Flags, new: Flags) -> String {
    let mut on = String::new();
    let mut off = String::new();
    for (a, b, c) in [(old.fold, new.fold, 'i'), (old.multi, new.multi, 'm'), (old.dotnl, new.dotnl, 's')] {
        if a != b {
            if b { on.push(c) } else { off.push(c) }
        }
    }
    if off.is_empty() { on } else { format!("{on}-{off}") }
}

/// A literal character for the regex crate.
fn lit(r: u32) -> String {
    match char::from_u32(r) {
        Some(c) if c.is_ascii_alphanumeric() || !c.is_ascii() => c.to_string(),
        Some(c) => format!(r"\x{{{:X}}}", u32::from(c)),
        None => NEVER.to_string(),
    }
}

/// Appends `lo-hi` to a class, leaving out surrogates (Go may name them; no string has them).
fn push_range(parts: &mut String, lo: u32, hi: u32) {
    let mut add = |a: u32, b: u32| {
        if a > b {
            return;
        }
        if a == b {
            parts.push_str(&format!(r"\x{{{a:X}}}"));
        } else {
            parts.push_str(&format!(r"\x{{{a:X}}}-\x{{{b:X}}}"));
        }
    };
    if lo <= 0xDFFF && hi >= 0xD800 {
        add(lo, 0xD7FF.min(hi));
        add(0xE000.max(lo), hi);
    } else {
        add(lo, hi);
    }
}

/// Go's `parseClassChar`: one character of a class (literal or escape).
fn class_char(t: &str, whole: &str) -> Result<(u32, usize), SyntaxError> {
    match t.chars().next() {
        None => err("missing closing ]", whole),
        Some('\\') => parse_escape(t),
        Some(c) => Ok((u32::from(c), c.len_utf8())),
    }
}

/// Go's `parseEscape` at a backslash: the character and the bytes used.
fn parse_escape(t: &str) -> Result<(u32, usize), SyntaxError> {
    let mut it = t[1..].chars();
    let Some(c) = it.next() else {
        return err("trailing backslash at end of expression", "");
    };
    let mut j = 1 + c.len_utf8();
    let octal = |b: Option<&u8>| b.filter(|b| (b'0'..=b'7').contains(b)).map(|b| u32::from(b - b'0'));
    match c {
        '1'..='7' | '0' => {
            if c != '0' && octal(t.as_bytes().get(j)).is_none() {
                return err("invalid escape sequence", &t[..j]);
            }
            let mut r = u32::from(c) - u32::from('0');
            for _ in 1..3 {
                match octal(t.as_bytes().get(j)) {
                    Some(d) => {
                        r = r * 8 + d;
                        j += 1;
                    }
                    None => break,
                }
            }
            Ok((r, j))
        }
        'x' => {
            let Some(c2) = it.next() else {
                return err("invalid escape sequence", &t[..j]);
            };
            j += c2.len_utf8();
            if c2 == '{' {
                let mut n = 0;
                let mut r: u32 = 0;
                loop {
                    let Some(d) = it.next() else {
                        return err("invalid escape sequence", &t[..j]);
                    };
                    j += d.len_utf8();
                    if d == '}' {
                        break;
                    }
                    let Some(v) = d.to_digit(16) else {
                        return err("invalid escape sequence", &t[..j]);
                    };
                    r = r * 16 + v;
                    if r > 0x10FFFF {
                        return err("invalid escape sequence", &t[..j]);
                    }
                    n += 1;
                }
                if n == 0 {
                    return err("invalid escape sequence", &t[..j]);
                }
                return Ok((r, j));
            }
            let c3 = it.next();
            j += c3.map_or(0, char::len_utf8);
            match (c2.to_digit(16), c3.and_then(|c| c.to_digit(16))) {
                (Some(x), Some(y)) => Ok((x * 16 + y, j)),
                _ => err("invalid escape sequence", &t[..j]),
            }
        }
        'a' => Ok((7, j)),
        'f' => Ok((12, j)),
        'n' => Ok((10, j)),
        'r' => Ok((13, j)),
        't' => Ok((9, j)),
        'v' => Ok((11, j)),
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((u32::from(c), j)),
        _ => err("invalid escape sequence", &t[..j]),
    }
}

/// Go's Perl classes `\d \s \w` (ASCII) and their negations: (outside a class, inside).
fn perl_class(t: &str) -> Option<(&'static str, &'static str)> {
    Some(match t.get(..2)? {
        r"\d" => ("[0-9]", "0-9"),
        r"\D" => ("[^0-9]", "[^0-9]"),
        r"\s" => (r"[\x09\x0A\x0C\x0D\x20]", r"\x09\x0A\x0C\x0D\x20"),
        r"\S" => (r"[^\x09\x0A\x0C\x0D\x20]", r"[^\x09\x0A\x0C\x0D\x20]"),
        r"\w" => ("[0-9A-Za-z_]", "0-9A-Za-z_"),
        r"\W" => ("[^0-9A-Za-z_]", "[^0-9A-Za-z_]"),
        _ => return None,
    })
}

/// Go's `parseUnicodeClass` at `\p` / `\P`: the class and the bytes used.
fn unicode_class(t: &str) -> Result<Option<(String, usize)>, SyntaxError> {
    let tb = t.as_bytes();
    if tb.len() < 2 || tb[0] != b'\\' || (tb[1] != b'p' && tb[1] != b'P') {
        return Ok(None);
    }
    let mut neg = tb[1] == b'P';
    let (seq, name) = match t[2..].chars().next() {
        Some('{') => {
            let Some(end) = t.find('}') else {
                return err("invalid character class range", t);
            };
            (&t[..end + 1], t.get(3..end).unwrap_or(""))
        }
        c => {
            let n = 2 + c.map_or(0, char::len_utf8);
            (&t[..n], &t[2..n])
        }
    };
    let name = match name.strip_prefix('^') {
        Some(rest) => {
            neg = !neg;
            rest
        }
        None => name,
    };
    let (p, big_p) = if neg { ("[^", r"\P") } else { ("[", r"\p") };
    let text = if name == "Any" {
        format!(r"{big_p}{{Any}}")
    } else if name == "C" {
        format!(r"{p}\p{{Cc}}\p{{Cf}}\p{{Co}}]")
    } else if CATEGORIES.contains(&name) {
        format!("{big_p}{{{name}}}")
    } else if SCRIPTS.contains(&name) {
        format!("{big_p}{{sc={name}}}")
    } else {
        return err("invalid character class range", seq);
    };
    Ok(Some((text, seq.len())))
}

/// Go's `parseRepeat` on `{...}`: (min, max or -1, bytes used), or None when `{` is literal.
fn parse_repeat(t: &str) -> Option<(i64, i64, usize)> {
    let b = t.as_bytes();
    let mut i = 1;
    let int = |i: &mut usize| -> Option<i64> {
        let start = *i;
        if !b.get(start)?.is_ascii_digit() {
            return None;
        }
        if b[start] == b'0' && b.get(start + 1).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        let mut n: i64 = 0;
        for &d in &b[start..*i] {
            if n >= 100_000_000 {
                return Some(-1);
            }
            n = n * 10 + i64::from(d - b'0');
        }
        Some(n)
    };
    let mut min = int(&mut i)?;
    let max;
    match b.get(i)? {
        b',' => {
            i += 1;
            if *b.get(i)? == b'}' {
                max = -1;
            } else {
                max = int(&mut i)?;
                if max < 0 {
                    min = -1;
                }
            }
        }
        _ => max = min,
    }
    if b.get(i) != Some(&b'}') {
        return None;
    }
    Some((min, max, i + 1))
}

/// Go's POSIX class names.
const POSIX: &[&str] = &[
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "word", "xdigit",
];

/// Go's `unicode.Categories` (besides "C", which Go defines without unassigned characters).
const CATEGORIES: &[&str] = &[
    "Cc", "Cf", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf",
    "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm", "So", "Z", "Zl", "Zp", "Zs",
];

/// Go's `unicode.Scripts`.
const SCRIPTS: &[&str] = &[
    "Adlam",
    "Ahom",
    "Anatolian_Hieroglyphs",
    "Arabic",
    "Armenian",
    "Avestan",
    "Balinese",
    "Bamum",
    "Bassa_Vah",
    "Batak",
    "Bengali",
    "Bhaiksuki",
    "Bopomofo",
    "Brahmi",
    "Braille",
    "Buginese",
    "Buhid",
    "Canadian_Aboriginal",
    "Carian",
    "Caucasian_Albanian",
    "Chakma",
    "Cham",
    "Cherokee",
    "Chorasmian",
    "Common",
    "Coptic",
    "Cuneiform",
    "Cypriot",
    "Cypro_Minoan",
    "Cyrillic",
    "Deseret",
    "Devanagari",
    "Dives_Akuru",
    "Dogra",
    "Duployan",
    "Egyptian_Hieroglyphs",
    "Elbasan",
    "Elymaic",
    "Ethiopic",
    "Georgian",
    "Glagolitic",
    "Gothic",
    "Grantha",
    "Greek",
    "Gujarati",
    "Gunjala_Gondi",
    "Gurmukhi",
    "Han",
    "Hangul",
    "Hanifi_Rohingya",
    "Hanunoo",
    "Hatran",
    "Hebrew",
    "Hiragana",
    "Imperial_Aramaic",
    "Inherited",
    "Inscriptional_Pahlavi",
    "Inscriptional_Parthian",
    "Javanese",
    "Kaithi",
    "Kannada",
    "Katakana",
    "Kawi",
    "Kayah_Li",
    "Kharoshthi",
    "Khitan_Small_Script",
    "Khmer",
    "Khojki",
    "Khudawadi",
    "Lao",
    "Latin",
    "Lepcha",
    "Limbu",
    "Linear_A",
    "Linear_B",
    "Lisu",
    "Lycian",
    "Lydian",
    "Mahajani",
    "Makasar",
    "Malayalam",
    "Mandaic",
    "Manichaean",
    "Marchen",
    "Masaram_Gondi",
    "Medefaidrin",
    "Meetei_Mayek",
    "Mende_Kikakui",
    "Meroitic_Cursive",
    "Meroitic_Hieroglyphs",
    "Miao",
    "Modi",
    "Mongolian",
    "Mro",
    "Multani",
    "Myanmar",
    "Nabataean",
    "Nag_Mundari",
    "Nandinagari",
    "New_Tai_Lue",
    "Newa",
    "Nko",
    "Nushu",
    "Nyiakeng_Puachue_Hmong",
    "Ogham",
    "Ol_Chiki",
    "Old_Hungarian",
    "Old_Italic",
    "Old_North_Arabian",
    "Old_Permic",
    "Old_Persian",
    "Old_Sogdian",
    "Old_South_Arabian",
    "Old_Turkic",
    "Old_Uyghur",
    "Oriya",
    "Osage",
    "Osmanya",
    "Pahawh_Hmong",
    "Palmyrene",
    "Pau_Cin_Hau",
    "Phags_Pa",
    "Phoenician",
    "Psalter_Pahlavi",
    "Rejang",
    "Runic",
    "Samaritan",
    "Saurashtra",
    "Sharada",
    "Shavian",
    "Siddham",
    "SignWriting",
    "Sinhala",
    "Sogdian",
    "Sora_Sompeng",
    "Soyombo",
    "Sundanese",
    "Syloti_Nagri",
    "Syriac",
    "Tagalog",
    "Tagbanwa",
    "Tai_Le",
    "Tai_Tham",
    "Tai_Viet",
    "Takri",
    "Tamil",
    "Tangsa",
    "Tangut",
    "Telugu",
    "Thaana",
    "Thai",
    "Tibetan",
    "Tifinagh",
    "Tirhuta",
    "Toto",
    "Ugaritic",
    "Vai",
    "Vithkuqi",
    "Wancho",
    "Warang_Citi",
    "Yezidi",
    "Yi",
    "Zanabazar_Square",
];

/// The result shape a pattern gives: a string, a tuple of groups, or an object of named groups.
enum Shape {
    Whole,
    Tuple(usize),
    Object,
}

/// Compiles a pattern for regex/regexall, with Terraform's argument errors.
fn compile_for_match(pattern: &str) -> Result<(GoRegex, Shape), FnError> {
    let re = GoRegex::new(pattern).map_err(|e| FnError::Arg(0, format!("invalid regexp pattern: {} in {}", e.code, e.expr)))?;
    let unnamed = re.names[1..].iter().filter(|n| n.is_empty()).count();
    let named = re.groups() - unnamed;
    let shape = match (unnamed, named) {
        (0, 0) => Shape::Whole,
        (u, 0) => Shape::Tuple(u),
        (0, _) => Shape::Object,
        _ => {
            return Err(FnError::Arg(
                0,
                "invalid regexp pattern: cannot mix both named and unnamed capture groups".into(),
            ));
        }
    };
    Ok((re, shape))
}

fn text(m: Option<::regex::Match>) -> Value {
    match m {
        Some(m) => Value::string(nfc(m.as_str())),
        None => Value::Null(Type::String),
    }
}

fn result(re: &GoRegex, shape: &Shape, caps: &Captures) -> Value {
    match shape {
        Shape::Whole => text(caps.get(0)),
        Shape::Tuple(n) => Value::Tuple((1..=*n).map(|i| text(caps.get(i))).collect()),
        Shape::Object => {
            let mut m = BTreeMap::new();
            for (i, name) in re.names.iter().enumerate().skip(1) {
                m.insert(name.clone(), text(caps.get(i)));
            }
            Value::Object(m)
        }
    }
}

fn shape_type(re: &GoRegex, shape: &Shape) -> Type {
    match shape {
        Shape::Whole => Type::String,
        Shape::Tuple(n) => Type::Tuple(vec![Type::String; *n]),
        Shape::Object => Type::Object(re.names.iter().skip(1).map(|n| (n.clone(), Type::String)).collect()),
    }
}

fn regex_fn(_: &Evaluator, a: &[Value]) -> FnResult {
    let (re, shape) = compile_for_match(s(&a[0]))?;
    let x = s(&a[1]);
    match re.re.captures(x) {
        Some(caps) => Ok(result(&re, &shape, &caps)),
        None => Err(FnError::Call("pattern did not match any part of the given string".into())),
    }
}

fn regexall_fn(_: &Evaluator, a: &[Value]) -> FnResult {
    let (re, shape) = compile_for_match(s(&a[0]))?;
    let x = s(&a[1]);
    let items: Vec<Value> = re.all_captures(x).iter().map(|c| result(&re, &shape, c)).collect();
    Ok(Value::List(shape_type(&re, &shape), items))
}

/// `replace` with a regular expression: Go's `ReplaceAllString`; a bad pattern is Go's error.
pub fn replace_all(x: &str, pattern: &str, template: &str) -> Result<String, FnError> {
    let re = GoRegex::new(pattern).map_err(|e| FnError::Call(e.go()))?;
    Ok(re.replace_all(x, template))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tr(p: &str) -> String {
        match GoRegex::new(p) {
            Ok(r) => r.re.as_str().to_string(),
            Err(e) => e.go(),
        }
    }

    #[test]
    fn go_dialect() {
        assert_eq!(tr(r"\d+"), "[0-9]+");
        assert_eq!(tr(r"a**"), "error parsing regexp: invalid nested repetition operator: `**`");
        assert_eq!(tr(r"[z-a]"), "error parsing regexp: invalid character class range: `z-a`");
        assert_eq!(tr(r"(?=x)"), "error parsing regexp: invalid or unsupported Perl syntax: `(?=`");
        assert_eq!(tr(r"a)"), "error parsing regexp: unexpected ): `a)`");
        assert_eq!(tr(r"x{,3}"), r"x\x{7B}\x{2C}3\x{7D}");
        assert_eq!(tr(r"(a{100}){100}"), "error parsing regexp: invalid repeat count: `{100}`");
        let r = GoRegex::new(r"(?P<1x>a)").map(|r| r.replace_all("ab", "[$1x]")).unwrap_or_default();
        assert_eq!(r, "[a]b");
    }
}
