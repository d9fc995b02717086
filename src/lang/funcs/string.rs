//! The string functions (go-cty's stdlib string functions and Terraform's own additions).
//!
//! `format`/`formatlist` live in `string/format.rs`; `regex`, `regexall` and the regular
//! expression side of `replace` (a Go RE2 dialect on top of the `regex` crate) in
//! `string/regexp.rs`.

mod format;
pub(crate) use format::quote_rune;
mod gosyntax;
mod gotables;
mod regexp;

pub(super) use regexp::{CompileError, budgeted};

use super::util::{s, seq, string};
use super::{FnError, FnResult, Func, Param, Registry};
use crate::lang::dialect::rules::Rule;
use crate::lang::eval::Evaluator;
use crate::lang::value::unicode::{self, Ucd, case};
use crate::lang::value::{Type, Value};

/// Largest string (in bytes) `indent` builds; beyond it Go would exhaust memory.
const MAX_RESULT: usize = 256 << 20;

/// Registers the string functions.
pub fn register(r: &mut Registry) {
    let st = |n: &'static str| Param::new(n, Type::String);
    let unary = |f: super::Impl| Func::new(vec![st("str")], f).returns(Type::String);
    r.add("chomp", unary(|_, a| string(s(&a[0]).trim_end_matches(['\r', '\n']))));
    r.add("lower", unary(|ev, a| string(map_chars(ev, s(&a[0]), case::lower))));
    r.add("upper", unary(|ev, a| string(map_chars(ev, s(&a[0]), case::upper))));
    r.add("title", unary(title));
    r.add(
        "strrev",
        unary(|ev, a| string(unicode::clusters_at(s(&a[0]), ev.version).into_iter().rev().collect::<String>())),
    );
    r.add("trimspace", unary(|_, a| string(s(&a[0]).trim_matches(char::is_whitespace))));
    r.add(
        "trim",
        Func::new(vec![st("str"), st("cutset")], |_, a| {
            let cut = s(&a[1]);
            string(s(&a[0]).trim_matches(|c| cut.contains(c)))
        })
        .returns(Type::String),
    );
    r.add(
        "trimprefix",
        Func::new(vec![st("str"), st("prefix")], |_, a| {
            let (x, p) = (s(&a[0]), s(&a[1]));
            string(x.strip_prefix(p).unwrap_or(x))
        })
        .returns(Type::String),
    );
    r.add(
        "trimsuffix",
        Func::new(vec![st("str"), st("suffix")], |_, a| {
            let (x, p) = (s(&a[0]), s(&a[1]));
            string(x.strip_suffix(p).unwrap_or(x))
        })
        .returns(Type::String),
    );
    r.add(
        "startswith",
        Func::new(vec![st("str").unknowns(), st("prefix")], |ev, a| {
            let prefix = s(&a[1]);
            if a[0].is_unknown() {
                use crate::lang::dialect::releases::{REFINEMENTS, has};
                // From 1.6 an unknown string may still decide: the empty prefix matches
                // anything, and so may the string's known prefix (before, the call was
                // unknown unevaluated).
                if !has(ev.version, &REFINEMENTS) {
                    return Ok(Value::unknown(Type::Bool));
                }
                let known = a[0].known_prefix();
                if prefix.is_empty() || (!known.is_empty() && known.starts_with(prefix)) {
                    return Ok(Value::Bool(true));
                }
                if !known.is_empty() && known.len() >= prefix.len() {
                    return Ok(Value::Bool(false));
                }
                return Ok(Value::unknown(Type::Bool));
            }
            Ok(Value::Bool(s(&a[0]).starts_with(prefix)))
        })
        .returns(Type::Bool),
    );
    r.add(
        "endswith",
        Func::new(vec![st("str"), st("suffix")], |_, a| Ok(Value::Bool(s(&a[0]).ends_with(s(&a[1]))))).returns(Type::Bool),
    );
    r.add(
        "strcontains",
        Func::new(vec![st("str"), st("substr")], |_, a| Ok(Value::Bool(s(&a[0]).contains(s(&a[1]))))).returns(Type::Bool),
    );
    r.add(
        "split",
        Func::new(vec![st("separator"), st("str")], split).returns(Type::list(Type::String)),
    );
    r.add(
        "join",
        Func::new(vec![st("separator")], join)
            .variadic(Param::new("lists", Type::list(Type::String)))
            .returns(Type::String),
    );
    r.add(
        "indent",
        Func::new(vec![Param::new("spaces", Type::Number), st("str")], indent).returns(Type::String),
    );
    r.add(
        "substr",
        Func::new(
            vec![st("str"), Param::new("offset", Type::Number), Param::new("length", Type::Number)],
            substr,
        )
        .returns(Type::String),
    );
    r.add(
        "replace",
        Func::new(vec![st("str"), st("substr"), st("replace")], replace).returns(Type::String),
    );
    format::register(r);
    regexp::register(r);
}

/// Go's `strings.Map` of a case mapping, under the Unicode tables of the emulated release.
fn map_chars(ev: &Evaluator, x: &str, f: fn(char, Ucd) -> char) -> String {
    if x.is_ascii() {
        return x.chars().map(|c| f(c, Ucd::V15)).collect();
    }
    unicode::go_at(ev.version, |u| x.chars().map(|c| f(c, u)).collect::<String>())
}

/// title(); a learner may believe an underscore starts a new word, as a hyphen does.
fn title(ev: &Evaluator, a: &[Value]) -> FnResult {
    let text = s(&a[0]);
    let real = unicode::go_at(ev.version, |u| go_title(text, u));
    if text.contains('_') {
        // Title-case as if underscores were spaces, then put them back (one char per char).
        let believed = unicode::go_at(ev.version, |u| go_title(&text.replace('_', " "), u));
        let out: String = text
            .chars()
            .zip(believed.chars())
            .map(|(o, b)| if o == '_' { '_' } else { b })
            .collect();
        if out != real && ev.flipped(crate::lang::dialect::rules::Rule::TitleUnderscoreInWord) {
            return string(out);
        }
    }
    string(real)
}

/// Go's `strings.Title`: titlecases each letter that follows a separator.
fn go_title(x: &str, ucd: Ucd) -> String {
    let mut prev = ' ';
    x.chars()
        .map(|c| {
            let out = if is_separator(prev) { case::title(c, ucd) } else { c };
            prev = c;
            out
        })
        .collect()
}

/// Go's word-separator test in `strings.Title`.
fn is_separator(c: char) -> bool {
    if c.is_ascii() {
        return !(c.is_ascii_alphanumeric() || c == '_');
    }
    // Letters and digits are never white space, so for non-ASCII this is all that is left.
    c.is_whitespace()
}

fn split(_: &Evaluator, a: &[Value]) -> FnResult {
    let (sep, x) = (s(&a[0]), s(&a[1]));
    let parts: Vec<Value> = if sep.is_empty() {
        x.chars().map(|c| Value::string(c.to_string())).collect()
    } else {
        x.split(sep).map(|p| Value::string(crate::lang::eval::nfc(p))).collect()
    };
    Ok(Value::List(Type::String, parts))
}

fn join(ev: &Evaluator, a: &[Value]) -> FnResult {
    let sep = s(&a[0]);
    let lists = &a[1..];
    if lists.is_empty() {
        return Err(FnError::Call("at least one list is required".into()));
    }
    // go-cty: a list holding an unknown makes the text unknown.
    if lists.iter().any(Value::has_unknown) {
        return Ok(Value::unknown(Type::String));
    }
    let mut items: Vec<&str> = Vec::new();
    for (ai, list) in lists.iter().enumerate() {
        for (ei, v) in seq(list).iter().enumerate() {
            if v.is_null() {
                let msg = if lists.len() > 1 {
                    format!("element {ei} of list {} is null; cannot concatenate null values", ai + 1)
                } else {
                    format!("element {ei} is null; cannot concatenate null values")
                };
                return Err(FnError::Arg(ai + 1, msg));
            }
            items.push(s(v));
        }
    }
    // A learner may believe join() quotes each element, as JSON would.
    if !items.is_empty() && ev.flipped(crate::lang::dialect::rules::Rule::JoinNoQuotes) {
        let quoted: Vec<String> = items.iter().map(|i| crate::lang::value::render::go_quote(i)).collect();
        return string(quoted.join(sep));
    }
    string(items.join(sep))
}

/// gocty's conversion of a number to a Go `int`, with its error as a call error.
fn go_int(v: &Value) -> Result<i64, FnError> {
    super::util::num(v)
        .to_i64()
        .filter(|_| super::util::num(v).is_integer())
        .ok_or_else(|| FnError::Call(format!("value must be a whole number, between {} and {}", i64::MIN, i64::MAX)))
}

fn indent(_: &Evaluator, a: &[Value]) -> FnResult {
    let spaces = go_int(&a[0])?;
    let x = s(&a[1]);
    if spaces < 0 {
        return Err(FnError::Call(
            "panic in function implementation: strings: negative Repeat count".into(),
        ));
    }
    let lines = x.matches('\n').count();
    if lines == 0 {
        return string(x);
    }
    let total = (spaces as u128) * (lines as u128) + x.len() as u128;
    if total > MAX_RESULT as u128 {
        return Err(FnError::Call("the indented string would be too large".into()));
    }
    let pad = format!("\n{}", " ".repeat(spaces as usize));
    string(x.replace('\n', &pad))
}

fn substr(ev: &Evaluator, a: &[Value]) -> FnResult {
    let x = s(&a[0]);
    let mut offset = go_int(&a[1])?;
    let length = go_int(&a[2])?;
    let clusters = unicode::clusters_at(x, ev.version);
    if offset < 0 {
        offset = offset.saturating_add(clusters.len() as i64);
    } else if length == 0 {
        return string("");
    }
    // Seek to the offset: cty gives "" when the string ends before it.
    let start = if offset > 0 {
        let off = usize::try_from(offset).unwrap_or(usize::MAX);
        if off > clusters.len() {
            return string("");
        }
        off
    } else {
        0
    };
    let rest = &clusters[start..];
    if length < 0 {
        return string(rest.concat());
    }
    // cty stops when it has taken `length` clusters; a length of 0 here (negative offset)
    // never stops, so it takes the rest.
    let take = if length == 0 {
        rest.len()
    } else {
        usize::try_from(length).unwrap_or(usize::MAX).min(rest.len())
    };
    string(rest[..take].concat())
}

fn replace(ev: &Evaluator, a: &[Value]) -> FnResult {
    let (x, search, with) = (s(&a[0]), s(&a[1]), s(&a[2]));
    let slashed = search.len() > 1 && search.starts_with('/') && search.ends_with('/');
    if slashed {
        let pattern = &search[1..search.len() - 1];
        // Flipped: the learner takes the slashes literally.
        if ev.flipped(Rule::ReplaceSlashRegex) {
            return literal_replace(x, search, with);
        }
        return regexp::replace_all(ev, x, pattern, with).and_then(string);
    }
    // Only consult the rule when a regular expression reading could differ.
    let could_differ = search.chars().any(|c| "\\.+*?()|[]{}^$".contains(c)) || with.contains('$');
    if could_differ && ev.flipped(Rule::ReplaceLiteralOtherwise) {
        return regexp::replace_all(ev, x, search, with).and_then(string);
    }
    // A learner may believe only the first occurrence is replaced.
    if !search.is_empty() && x.matches(search).nth(1).is_some() && ev.flipped(Rule::ReplaceAllOccurrences) {
        return string(x.replacen(search, with, 1));
    }
    literal_replace(x, search, with)
}

/// `strings.Replace(x, search, with, -1)`, refusing results past [`regexp::MAX_REPLACED`].
fn literal_replace(x: &str, search: &str, with: &str) -> FnResult {
    let count = if search.is_empty() {
        x.chars().count() + 1
    } else {
        x.matches(search).count()
    };
    let size = (count as u128) * (with.len() as u128) + x.len() as u128;
    if size > regexp::MAX_REPLACED as u128 {
        return Err(regexp::too_large());
    }
    string(x.replace(search, with))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::dialect::rules::Rules;
    use crate::lang::session::Session;

    /// Console output of `src` under `rules`, and whether `rule` was consulted.
    fn run(src: &str, rules: &Rules, rule: Rule) -> (String, bool) {
        let out = Session::new().eval(src, rules, false);
        let text = match out.result {
            Ok(a) => a.console(),
            Err(e) => format!("error: {}", e.detail),
        };
        (text, out.touched.contains(&rule))
    }

    #[test]
    fn replace_slash_regex_flip() {
        let r = Rule::ReplaceSlashRegex;
        let src = r#"replace("a.b", "/./", "x")"#;
        assert_eq!(run(src, &Rules::real(), r), ("\"xxx\"".into(), true));
        assert_eq!(run(src, &Rules::with(r), r), ("\"a.b\"".into(), true));
        assert_eq!(run(r#"replace("/./", "/./", "x")"#, &Rules::with(r), r).0, "\"x\"");
    }

    #[test]
    fn replace_literal_otherwise_flip() {
        let r = Rule::ReplaceLiteralOtherwise;
        let src = r#"replace("a.b", ".", "x")"#;
        assert_eq!(run(src, &Rules::real(), r), ("\"axb\"".into(), true));
        assert_eq!(run(src, &Rules::with(r), r), ("\"xxx\"".into(), true));
        // Nothing a regular expression would read differently: the rule is not consulted.
        assert_eq!(run(r#"replace("abc", "b", "x")"#, &Rules::with(r), r), ("\"axc\"".into(), false));
    }

    #[test]
    fn case_mappings_are_go_simple_mappings() {
        let up = |x: &str| x.chars().map(|c| case::upper(c, Ucd::V15)).collect::<String>();
        let low = |x: &str| x.chars().map(|c| case::lower(c, Ucd::V15)).collect::<String>();
        assert_eq!(up("straße"), "STRAßE");
        assert_eq!(up("ﬁ"), "ﬁ");
        assert_eq!(low("İ"), "i");
        assert_eq!(low("ΣΑΣ"), "σασ");
        assert_eq!(go_title("ǆx o'neil a_b c.d", Ucd::V15), "ǅx O'Neil A_b C.D");
    }
}
