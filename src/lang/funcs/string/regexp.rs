//! Go's regular expressions for `regex`, `regexall` and `replace`.
//!
//! Terraform compiles patterns with Go's `regexp` (RE2 syntax, Perl flags). The `regex`
//! crate speaks a close but different dialect (Unicode `\d \w \s \b`, no `\Q..\E`, no octal
//! escapes, `{,n}` repeats, nested classes, named-group rules, ...), so a pattern is first
//! parsed the way Go's `regexp/syntax` parses it — giving Go's errors, in Go's order — and
//! re-emitted as an equivalent pattern for the `regex` crate. Matching, iteration and `$`
//! expansion then follow Go's `FindAllStringSubmatchIndex`, `ReplaceAllString` and `Expand`.

use std::collections::BTreeMap;
use std::rc::Rc;

use regex_automata::util::captures::Captures;
use regex_automata::util::syntax;
use regex_automata::{Input, MatchKind, meta};

use super::super::util::s;
use super::super::{FnError, FnResult, Func, Param, Registry};
use super::gosyntax::{SyntaxError, translate_for};
use crate::lang::eval::{Evaluator, ITEM_COST, NODE_COST, SIZE_BUDGET, STEP_BUDGET, nfc};
use crate::lang::syntax::diag::Diag;
use crate::lang::value::{Type, Value};

/// Registers regex and regexall.
pub fn register(r: &mut Registry) {
    // A string not yet known still gets the pattern checked and the result typed by it, as
    // go-cty's type function does.
    let params = || vec![Param::new("pattern", Type::String), Param::new("string", Type::String).unknowns()];
    r.add("regex", Func::new(params(), regex_fn));
    r.add("regexall", Func::new(params(), regexall_fn).returns(Type::list(Type::Dynamic)));
}

/// A compiled Go pattern.
pub struct GoRegex {
    re: Rc<meta::Regex>,
    /// The name of each capture group, 1-based (index 0 is the whole match, unnamed).
    names: Vec<String>,
}

/// Largest string `replace` builds (Go would try to allocate anything).
pub const MAX_REPLACED: usize = 256 << 20;

/// The error for a replacement result past [`MAX_REPLACED`].
pub fn too_large() -> FnError {
    FnError::Call("the resulting string would be too large".into())
}

/// The largest automaton (each of the forward and reverse NFAs) one pattern may compile to:
/// iacquiz's limit, not Go's (Go keeps a character class as one instruction, where an automaton
/// spells out its UTF-8 sequences: `[\p{L}\p{N}]{1000}` is a few thousand Go instructions and
/// 54 MB here, 0.3 s to compile). Compiling stops as soon as it passes this, so a hostile
/// pattern costs at most about 0.25 s.
pub const PATTERN_LIMIT: u64 = 16 << 20;

/// Bytes of compiled pattern charged as one evaluation step: compiling takes about as long per
/// 16 bytes of automaton as the evaluator takes per step (13 ns a byte, 0.1-0.25 µs a step).
pub const BYTES_PER_STEP: u64 = 16;

/// Why a pattern was not compiled.
pub enum CompileError {
    /// Go's syntax error (or the regex crate's refusal worded as Go's).
    Syntax(SyntaxError),
    /// Past [`PATTERN_LIMIT`] or the evaluation's budget: the evaluation stops.
    Limit(Diag),
}

impl From<SyntaxError> for CompileError {
    fn from(e: SyntaxError) -> CompileError {
        CompileError::Syntax(e)
    }
}

/// `pattern` (a `regex` crate pattern: Go's translated, or a glob's) compiled once per evaluation
/// (`what` says which, in the key and in messages: "regular expression", "glob pattern"), its automaton bounded by [`PATTERN_LIMIT`] and by what the evaluation's budgets
/// have left, its memory charged to [`SIZE_BUDGET`] and its size, as time, to [`STEP_BUDGET`]
/// (at [`BYTES_PER_STEP`]). A pattern met again in the same evaluation (in a `for`, say) is
/// neither compiled nor charged again. `shown` is the pattern as the author wrote it.
pub fn budgeted(ev: &Evaluator, what: &str, pattern: &str, shown: &str) -> Result<Rc<meta::Regex>, CompileError> {
    let key = format!("{what}\u{0}{pattern}");
    if let Some(re) = ev.built::<meta::Regex>(&key) {
        return Ok(re);
    }
    let left = ev.budget_left().min(ev.steps_left().saturating_mul(BYTES_PER_STEP));
    let limit = PATTERN_LIMIT.min(left);
    let re = build(pattern, usize::try_from(limit).unwrap_or(usize::MAX)).map_err(|e| match e {
        Refusal::Size if limit < PATTERN_LIMIT => CompileError::Limit(over_budget(what, shown)),
        Refusal::Size => CompileError::Limit(over_limit(what, shown)),
        Refusal::Syntax(code) => CompileError::Syntax(SyntaxError {
            code,
            expr: shown.to_string(),
        }),
    })?;
    let bytes = re.memory_usage() as u64;
    if !ev.spend(bytes, bytes / BYTES_PER_STEP) {
        return Err(CompileError::Limit(over_budget(what, shown)));
    }
    let re = Rc::new(re);
    ev.keep_built(key, Rc::clone(&re));
    Ok(re)
}

/// Why the regex crate did not compile a pattern.
enum Refusal {
    /// Its automaton passed the size limit.
    Size,
    /// Anything else, as Go's error code (a pattern the translation let through, nested past
    /// the regex crate's limit).
    Syntax(&'static str),
}

/// Compiles as the `regex` crate's `Regex` does (leftmost-first, empty matches only at UTF-8
/// boundaries), with an automaton of at most `limit` bytes.
fn build(pattern: &str, limit: usize) -> Result<meta::Regex, Refusal> {
    meta::Builder::new()
        .configure(
            meta::Config::new()
                .match_kind(MatchKind::LeftmostFirst)
                .utf8_empty(true)
                .nfa_size_limit(Some(limit))
                .hybrid_cache_capacity(2 << 20),
        )
        .syntax(syntax::Config::new().utf8(true).nest_limit(4000))
        .build(pattern)
        .map_err(|e| match e.size_limit() {
            Some(_) => Refusal::Size,
            None if e.to_string().contains("nest") => Refusal::Syntax("expression nests too deeply"),
            None => Refusal::Syntax("regexp/syntax: internal error"),
        })
}

/// The pattern as an error quotes it: its first 60 characters.
fn quoted(pattern: &str) -> String {
    match pattern.char_indices().nth(60) {
        Some((i, _)) => format!("{:?}…", &pattern[..i]),
        None => format!("{pattern:?}"),
    }
}

/// The refusal of a pattern whose automaton passes [`PATTERN_LIMIT`].
fn over_limit(what: &str, pattern: &str) -> Diag {
    Diag::new(
        "Evaluation too large",
        format!(
            "The {what} {} compiles to an automaton of more than {} MiB; iacquiz stops here so that a hostile pattern cannot exhaust memory or time, although Terraform has no such limit. Repeat character classes fewer times (a class of many characters, such as \\p{{L}} or [^/], compiles to many states).",
            quoted(pattern),
            PATTERN_LIMIT >> 20
        ),
    )
    .fatal()
}

/// The refusal of a pattern whose compilation would spend what the evaluation has left.
fn over_budget(what: &str, pattern: &str) -> Diag {
    Diag::new(
        "Evaluation too large",
        format!(
            "Compiling the {what} {} would take this expression past its budget ({} MiB of values and compiled patterns, {STEP_BUDGET} evaluation steps); iacquiz stops here so that a hostile input cannot exhaust memory or time.",
            quoted(pattern),
            SIZE_BUDGET >> 20
        ),
    )
    .fatal()
}

impl GoRegex {
    /// Compiles `pattern` as Go's `regexp.Compile` would (the newest Go: tests use it), outside
    /// any evaluation (no budget; [`PATTERN_LIMIT`] still applies).
    #[cfg(test)]
    pub fn new(pattern: &str) -> Result<GoRegex, SyntaxError> {
        let (out, names) = translate_for(pattern, true)?;
        let re = build(&out, PATTERN_LIMIT as usize).map_err(|e| SyntaxError {
            code: match e {
                Refusal::Size => "expression too large",
                Refusal::Syntax(code) => code,
            },
            expr: pattern.to_string(),
        })?;
        Ok(GoRegex { re: Rc::new(re), names })
    }

    /// [`GoRegex::new`] within evaluation `ev`, as Terraform `ev.version` reads the pattern
    /// (see [`angle_groups`]), compiled once per evaluation by [`budgeted`].
    pub fn for_eval(ev: &Evaluator, pattern: &str) -> Result<Rc<GoRegex>, CompileError> {
        let angle = angle_groups(ev, pattern);
        let key = format!("go{}\u{0}{pattern}", u8::from(angle));
        if let Some(re) = ev.built::<GoRegex>(&key) {
            return Ok(re);
        }
        let (out, names) = translate_for(pattern, angle)?;
        let re = Rc::new(GoRegex {
            re: budgeted(ev, "regular expression", &out, pattern)?,
            names,
        });
        ev.keep_built(key, Rc::clone(&re));
        Ok(re)
    }

    /// Number of capture groups.
    fn groups(&self) -> usize {
        self.names.len() - 1
    }

    /// Go's `allMatches`: successive matches, an empty match right after a match skipped.
    /// Each is handed to `visit` as it is found (none are collected), and `visit` may stop the
    /// search with an error.
    fn each_capture<E>(&self, x: &str, mut visit: impl FnMut(&Captures) -> Result<(), E>) -> Result<(), E> {
        let mut pos = 0;
        let mut prev_end: Option<usize> = None;
        // One set of locations, reused: nothing is allocated per match.
        let mut locs = self.re.create_captures();
        while pos <= x.len() {
            self.re.search_captures(&Input::new(x).span(pos..x.len()), &mut locs);
            let Some(m) = locs.get_match() else {
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
        let mut caps = self.re.create_captures();
        while search <= x.len() {
            self.re.search_captures(&Input::new(x).span(search..x.len()), &mut caps);
            let Some(m) = caps.get_match() else { break };
            buf.push_str(x.get(last_end..m.start()).unwrap_or(""));
            if (m.end() > last_end || m.start() == 0) && !self.expand(&mut buf, x, template, &caps, limit) {
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
    fn expand(&self, buf: &mut String, x: &str, template: &str, caps: &Captures, limit: usize) -> bool {
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
                Some(n) => caps.get_group(n),
                None => self
                    .names
                    .iter()
                    .enumerate()
                    .filter(|(_, g)| *g == name)
                    .find_map(|(i, _)| caps.get_group(i)),
            };
            if let Some(m) = group.and_then(|g| x.get(g.range())) {
                if buf.len().saturating_add(m.len()) > limit {
                    return false;
                }
                buf.push_str(m);
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
fn compile_for_match(ev: &Evaluator, pattern: &str) -> Result<(Rc<GoRegex>, Shape), FnError> {
    let re = GoRegex::for_eval(ev, pattern).map_err(|e| match e {
        CompileError::Syntax(e) => FnError::Arg(0, format!("invalid regexp pattern: {} in {}", e.code, e.expr)),
        CompileError::Limit(d) => FnError::Diag(d),
    })?;
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
fn text(x: &str, locs: &Captures, i: usize) -> Value {
    match locs.get_group(i).and_then(|g| x.get(g.range())) {
        Some(m) => Value::string(nfc(m)),
        None => Value::Null(Type::String),
    }
}

/// The bytes the value of one match will take: a slot per group, and each group's text.
fn match_cost(re: &GoRegex, shape: &Shape, locs: &Captures) -> u64 {
    let groups = match shape {
        Shape::Whole => 0..1,
        Shape::Tuple(_) | Shape::Object => 1..re.names.len(),
    };
    let mut total = NODE_COST;
    for i in groups {
        let len = locs.get_group(i).map_or(0, |g| g.len()) as u64;
        // A name is copied into each object.
        let name = re.names.get(i).map_or(0, String::len) as u64;
        total = total.saturating_add(ITEM_COST).saturating_add(len).saturating_add(name);
    }
    total
}

fn result(re: &GoRegex, shape: &Shape, x: &str, locs: &Captures) -> Value {
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
    if a[1].is_unknown() {
        return Ok(Value::unknown(shape_type(&re, &shape)));
    }
    let x = s(&a[1]);
    let mut locs = re.re.create_captures();
    re.re.search_captures(&Input::new(x), &mut locs);
    match locs.get_match() {
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
    if a[1].is_unknown() {
        return Ok(Value::unknown(Type::list(shape_type(&re, &shape))));
    }
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
    let re = GoRegex::for_eval(ev, pattern).map_err(|e| match e {
        CompileError::Syntax(e) => FnError::Call(e.go()),
        CompileError::Limit(d) => FnError::Diag(d),
    })?;
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
            Ok(_) => translate_for(p, true).map(|(out, _)| out).unwrap_or_default(),
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
