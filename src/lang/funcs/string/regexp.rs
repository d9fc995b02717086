//! Go's regular expressions for `regex`, `regexall` and `replace`.
//!
//! Terraform compiles patterns with Go's `regexp` (RE2 syntax, Perl flags). The `regex`
//! crate speaks a close but different dialect (Unicode `\d \w \s \b`, no `\Q..\E`, no octal
//! escapes, `{,n}` repeats, nested classes, named-group rules, ...), so a pattern is first
//! parsed the way Go's `regexp/syntax` parses it — giving Go's errors, in Go's order — and
//! re-emitted as an equivalent pattern for the `regex` crate. Matching, iteration and `$`
//! expansion then follow Go's `FindAllStringSubmatchIndex`, `ReplaceAllString` and `Expand`.

use std::collections::BTreeMap;

use ::regex::{CaptureLocations, Captures, Regex, RegexBuilder};

use super::super::util::s;
use super::super::{FnError, FnResult, Func, Param, Registry};
use super::gosyntax::{SyntaxError, translate_for};
use crate::lang::eval::{Evaluator, ITEM_COST, NODE_COST, nfc};
use crate::lang::value::{Type, Value};

/// Registers regex and regexall.
pub fn register(r: &mut Registry) {
    let params = || vec![Param::new("pattern", Type::String), Param::new("string", Type::String)];
    r.add("regex", Func::new(params(), regex_fn));
    r.add("regexall", Func::new(params(), regexall_fn).returns(Type::list(Type::Dynamic)));
}

/// A compiled Go pattern.
pub struct GoRegex {
    re: Regex,
    /// The name of each capture group, 1-based (index 0 is the whole match, unnamed).
    names: Vec<String>,
}

/// Largest string `replace` builds (Go would try to allocate anything).
pub const MAX_REPLACED: usize = 256 << 20;

/// The error for a replacement result past [`MAX_REPLACED`].
pub fn too_large() -> FnError {
    FnError::Call("the resulting string would be too large".into())
}

impl GoRegex {
    /// Compiles `pattern` as Go's `regexp.Compile` would (the newest Go: tests use it).
    #[cfg(test)]
    pub fn new(pattern: &str) -> Result<GoRegex, SyntaxError> {
        GoRegex::new_for(pattern, true)
    }

    /// [`GoRegex::new`] as Terraform built with a Go older than 1.22 when `angle_groups` is
    /// false (no `(?<name>...)` groups).
    pub fn new_for(pattern: &str, angle_groups: bool) -> Result<GoRegex, SyntaxError> {
        let (out, names) = translate_for(pattern, angle_groups)?;
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
        Ok(GoRegex { re, names })
    }

    /// Number of capture groups.
    fn groups(&self) -> usize {
        self.names.len() - 1
    }

    /// Go's `allMatches`: successive matches, an empty match right after a match skipped.
    /// Each is handed to `visit` as it is found (none are collected), and `visit` may stop the
    /// search with an error.
    fn each_capture<E>(&self, x: &str, mut visit: impl FnMut(&CaptureLocations) -> Result<(), E>) -> Result<(), E> {
        let mut pos = 0;
        let mut prev_end: Option<usize> = None;
        // One set of locations, reused: nothing is allocated per match.
        let mut locs = self.re.capture_locations();
        while pos <= x.len() {
            let Some(m) = self.re.captures_read_at(&mut locs, x, pos) else {
                break;
            };
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
                visit(&locs)?;
            }
        }
        Ok(())
    }

    /// Go's `ReplaceAllString(x, template)`; `None` once the result passes `limit` bytes.
    fn replace_all(&self, x: &str, template: &str, limit: usize) -> Option<String> {
        let mut buf = String::with_capacity(x.len());
        let mut last_end = 0;
        let mut search = 0;
        while search <= x.len() {
            let Some(caps) = self.re.captures_at(x, search) else { break };
            let Some(m) = caps.get(0) else { break };
            buf.push_str(x.get(last_end..m.start()).unwrap_or(""));
            if (m.end() > last_end || m.start() == 0) && !self.expand(&mut buf, template, &caps, limit) {
                return None;
            }
            if buf.len() > limit {
                return None;
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
        Some(buf)
    }

    /// Go's `Regexp.Expand`: `$n`, `${n}`, `$name`, `${name}`, `$$`; false (and stopped) when
    /// a group would take `buf` past `limit` bytes.
    fn expand(&self, buf: &mut String, template: &str, caps: &Captures, limit: usize) -> bool {
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
                if buf.len().saturating_add(m.len()) > limit {
                    return false;
                }
                buf.push_str(m.as_str());
            }
        }
        buf.push_str(t);
        true
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

/// Whether Terraform `ev.version`'s Go reads `(?<name>` as a named group (asked only when the
/// pattern has one).
fn angle_groups(ev: &Evaluator, pattern: &str) -> bool {
    !pattern.contains("(?<") || crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::REGEX_ANGLE_GROUPS)
}

/// The result shape a pattern gives: a string, a tuple of groups, or an object of named groups.
enum Shape {
    Whole,
    Tuple(usize),
    Object,
}

/// Compiles a pattern for regex/regexall, with Terraform's argument errors.
fn compile_for_match(ev: &Evaluator, pattern: &str) -> Result<(GoRegex, Shape), FnError> {
    let re = GoRegex::new_for(pattern, angle_groups(ev, pattern))
        .map_err(|e| FnError::Arg(0, format!("invalid regexp pattern: {} in {}", e.code, e.expr)))?;
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

/// Group `i` of a match in `x`, as a value (null when the group did not take part).
fn text(x: &str, locs: &CaptureLocations, i: usize) -> Value {
    match locs.get(i).and_then(|(a, b)| x.get(a..b)) {
        Some(m) => Value::string(nfc(m)),
        None => Value::Null(Type::String),
    }
}

/// The bytes the value of one match will take: a slot per group, and each group's text.
fn match_cost(re: &GoRegex, shape: &Shape, locs: &CaptureLocations) -> u64 {
    let groups = match shape {
        Shape::Whole => 0..1,
        Shape::Tuple(_) | Shape::Object => 1..re.names.len(),
    };
    let mut total = NODE_COST;
    for i in groups {
        let len = locs.get(i).map_or(0, |(a, b)| b.saturating_sub(a)) as u64;
        // A name is copied into each object.
        let name = re.names.get(i).map_or(0, String::len) as u64;
        total = total.saturating_add(ITEM_COST).saturating_add(len).saturating_add(name);
    }
    total
}

fn result(re: &GoRegex, shape: &Shape, x: &str, locs: &CaptureLocations) -> Value {
    match shape {
        Shape::Whole => text(x, locs, 0),
        Shape::Tuple(n) => Value::Tuple((1..=*n).map(|i| text(x, locs, i)).collect()),
        Shape::Object => {
            let mut m = BTreeMap::new();
            for (i, name) in re.names.iter().enumerate().skip(1) {
                m.insert(name.clone(), text(x, locs, i));
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

fn regex_fn(ev: &Evaluator, a: &[Value]) -> FnResult {
    let (re, shape) = compile_for_match(ev, s(&a[0]))?;
    let x = s(&a[1]);
    let mut locs = re.re.capture_locations();
    match re.re.captures_read(&mut locs, x) {
        Some(_) => {
            // A pattern of many groups over one long match copies the match into each.
            ev.reserve(match_cost(&re, &shape, &locs))?;
            Ok(result(&re, &shape, x, &locs))
        }
        None => Err(FnError::Call("pattern did not match any part of the given string".into())),
    }
}

fn regexall_fn(ev: &Evaluator, a: &[Value]) -> FnResult {
    let (re, shape) = compile_for_match(ev, s(&a[0]))?;
    let x = s(&a[1]);
    let mut items: Vec<Value> = Vec::new();
    // Each match is charged before its value is built: thirty million one-letter matches stop
    // at the budget, not at the allocator.
    re.each_capture(x, |locs| -> Result<(), FnError> {
        ev.reserve(match_cost(&re, &shape, locs))?;
        items.push(result(&re, &shape, x, locs));
        Ok(())
    })?;
    Ok(Value::List(shape_type(&re, &shape), items))
}

/// `replace` with a regular expression: Go's `ReplaceAllString`; a bad pattern is Go's error.
/// The result may take at most `limit` bytes (the evaluation budget left): past it, the
/// budget's error.
pub fn replace_all(ev: &Evaluator, x: &str, pattern: &str, template: &str) -> Result<String, FnError> {
    let re = GoRegex::new_for(pattern, angle_groups(ev, pattern)).map_err(|e| FnError::Call(e.go()))?;
    let left = usize::try_from(ev.budget_left()).unwrap_or(usize::MAX);
    match re.replace_all(x, template, left.min(MAX_REPLACED)) {
        Some(out) => Ok(out),
        None if left < MAX_REPLACED => Err(FnError::Diag(crate::lang::eval::budget_exceeded())),
        None => Err(too_large()),
    }
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
        let r = GoRegex::new(r"(?P<1x>a)")
            .ok()
            .and_then(|r| r.replace_all("ab", "[$1x]", MAX_REPLACED));
        assert_eq!(r.as_deref(), Some("[a]b"));
    }
}
