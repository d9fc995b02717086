//! A parser for Go's regular expression syntax (`regexp/syntax` with Perl flags) that
//! reports Go's errors and re-emits the pattern in the `regex` crate's dialect: Go's ASCII
//! `\d \s \w \b`, octal and `\Q..\E` escapes, literal `{` where Go reads no repeat, the
//! repeat-count limit, flag groups, Go's class grammar and Unicode class names.

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

use super::gotables::{CATEGORIES, POSIX, SCRIPTS};

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
    /// Whether `(?<name>...)` is a named group, as from Go 1.22 (before, only `(?P<name>...)`).
    angle_groups: bool,
}
/// Translates a Go pattern: the `regex` crate's pattern and each group's name (index 0 is
/// the whole match; unnamed groups have "").
/// `angle_groups` false reads it as a Go older than 1.22: `(?<name>` is then "invalid or
/// unsupported Perl syntax".
pub fn translate_for(pattern: &str, angle_groups: bool) -> Result<(String, Vec<String>), SyntaxError> {
    let mut t = Translator {
        src: pattern,
        frames: vec![Frame {
            open: String::new(),
            pieces: Vec::new(),
            saved: Flags::default(),
        }],
        flags: Flags::default(),
        names: vec![String::new()],
        angle_groups,
    };
    let out = t.run()?;
    Ok((out, t.names))
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
        let a_form = self.angle_groups && t.len() > 3 && tb[2] == b'<';
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
