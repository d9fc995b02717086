//! The typed answers an export lists as right: the answer as the engine prints it, and the
//! other ways of writing the same value that `quiz grade` also accepts (spacing, `9.0` for
//! `9`, `["a"]` for `tolist(["a"])`, a string without its quotes, an outcome word as a person
//! writes it, an error summary without `Error:`). Moodle's shortanswer matches text, so only the
//! listed forms score there; `quiz grade` reads the value, so it accepts these and any other
//! notation of it. Every form is checked with `quiz grade`'s own judge before it is listed, so
//! an export never accepts what `quiz grade` marks wrong.

use crate::instructor::grade::judge;
use crate::instructor::model::Item;

/// A piece of an answer's one-line text: a quoted string (kept as it is) or the structure
/// around strings (brackets, commas, numbers, names), which the variants rewrite.
fn pieces(text: &str) -> Vec<(bool, String)> {
    let mut out: Vec<(bool, String)> = Vec::new();
    let mut chars = text.chars().peekable();
    let mut cur = String::new();
    while let Some(c) = chars.next() {
        if c == '"' || c == '\'' {
            if !cur.is_empty() {
                out.push((false, std::mem::take(&mut cur)));
            }
            let mut s = String::from(c);
            while let Some(d) = chars.next() {
                s.push(d);
                if d == '\\' && c == '"' {
                    if let Some(e) = chars.next() {
                        s.push(e);
                    }
                } else if d == c {
                    break;
                }
            }
            out.push((true, s));
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push((false, cur));
    }
    out
}

/// `text` with `f` applied to the structure outside its strings.
fn outside_strings(text: &str, f: impl Fn(&str) -> String) -> String {
    pieces(text).into_iter().map(|(quoted, s)| if quoted { s } else { f(&s) }).collect()
}

/// `text` with `f` applied inside its quoted strings, or to all of it when it has none (a
/// YAML flow list of plain words): the answer in another letter case, without touching the
/// notation around the values (`tolist`, `true`).
pub fn in_strings(text: &str, f: impl Fn(&str) -> String) -> String {
    let ps = pieces(text);
    if !ps.iter().any(|(quoted, _)| *quoted) {
        return f(text);
    }
    ps.into_iter().map(|(quoted, s)| if quoted { f(&s) } else { s }).collect()
}

/// Without any whitespace between tokens (`["a","b"]`).
fn compact(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// One space after each comma and colon, none elsewhere around brackets (`["a", "b"]`).
fn comma_space(s: &str) -> String {
    let mut out = String::new();
    for c in compact(s).chars() {
        out.push(c);
        if c == ',' {
            out.push(' ');
        }
    }
    out
}

/// Every whole number written with a decimal point (`9` → `9.0`).
fn decimals(s: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    let mut prev: Option<char> = None;
    let flush = |out: &mut String, digits: &mut String, next: Option<char>| {
        if !digits.is_empty() {
            out.push_str(digits);
            if !matches!(next, Some('.' | 'e' | 'E')) {
                out.push_str(".0");
            }
            digits.clear();
        }
    };
    for c in s.chars() {
        let starts_number = digits.is_empty() && !prev.is_some_and(|p| p.is_alphanumeric() || p == '_' || p == '.');
        if c.is_ascii_digit() && (!digits.is_empty() || starts_number) {
            digits.push(c);
        } else {
            flush(&mut out, &mut digits, Some(c));
            out.push(c);
        }
        prev = Some(c);
    }
    flush(&mut out, &mut digits, None);
    out
}

/// Without the console's conversion calls (`tolist([...])` → `[...]`), at any depth.
fn unwrapped(text: &str) -> String {
    let mut out = String::new();
    let mut stack: Vec<bool> = Vec::new();
    for (quoted, s) in pieces(text) {
        if quoted {
            out.push_str(&s);
            continue;
        }
        let mut rest = s.as_str();
        while let Some(c) = rest.chars().next() {
            if let Some(call) = ["tolist(", "toset(", "tomap("].iter().find(|p| rest.starts_with(**p)) {
                stack.push(true);
                rest = &rest[call.len()..];
                continue;
            }
            match c {
                '(' => stack.push(false),
                ')' if stack.pop() == Some(true) => {
                    rest = &rest[1..];
                    continue;
                }
                _ => {}
            }
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Ways of writing `answer` that may mean the same value, unchecked, the answer first.
pub fn candidates(answer: &str) -> Vec<String> {
    let answer = answer.trim();
    let mut out = vec![answer.to_string()];
    let mut push = |s: String| {
        let s = s.trim().to_string();
        if !s.is_empty() && !out.contains(&s) {
            out.push(s);
        }
    };
    for base in [answer.to_string(), unwrapped(answer)] {
        for spaced in [base.clone(), outside_strings(&base, compact), outside_strings(&base, comma_space)] {
            push(outside_strings(&spaced, decimals));
            push(spaced);
        }
    }
    // A string without its quotes (`t3.nano`), as `quiz grade` reads plain text.
    if let [(true, s)] = pieces(answer).as_slice()
        && s.len() >= 2
    {
        push(s[1..s.len() - 1].to_string());
    }
    if let Some(summary) = answer.strip_prefix("Error:") {
        push(summary.to_string());
    }
    for f in crate::bank::answer::natural::written_forms(answer) {
        push(f);
    }
    out
}

/// The forms of `item`'s typed answer that `quiz grade` marks right, the answer first.
pub fn accepted(item: &Item) -> Vec<String> {
    let mut out: Vec<String> = candidates(&item.answer.text)
        .into_iter()
        .filter(|f| judge(item, Some(f)).correct)
        .collect();
    if out.is_empty() {
        out.push(item.answer.text.trim().to_string());
    }
    out
}

/// True when `quiz grade` marks `form` right whatever its letter case, as a text matcher that
/// ignores case (Moodle's shortanswer without `usecase`) would: it has no cased letter, or its
/// lowercase and uppercase are right too (`quiz grade` folds case only for a whole outcome word
/// or error summary, so these two stand for every mix).
pub fn case_free(item: &Item, form: &str) -> bool {
    let lower = form.to_lowercase();
    let upper = form.to_uppercase();
    (lower == form && upper == form) || (judge(item, Some(&lower)).correct && judge(item, Some(&upper)).correct)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_of_a_value() {
        let c = candidates(r#"tolist(["web-14", "web-2", 9])"#);
        for want in [
            r#"tolist(["web-14", "web-2", 9])"#,
            r#"["web-14", "web-2", 9]"#,
            r#"["web-14","web-2",9]"#,
            r#"["web-14","web-2",9.0]"#,
        ] {
            assert!(c.contains(&want.to_string()), "{want}: {c:?}");
        }
        assert_eq!(decimals("[9, 1.5, 2e3, x9]"), "[9.0, 1.5, 2e3, x9]");
        assert_eq!(unwrapped(r#"tomap({ "a" = tolist(["x)"]) })"#), r#"{ "a" = ["x)"] }"#);
        assert!(candidates("\"t3.nano\"").contains(&"t3.nano".to_string()));
        assert!(candidates("Error: Invalid index").contains(&"Invalid index".to_string()));
        assert!(candidates("\"error\"").contains(&"an error".to_string()));
        assert_eq!(outside_strings(r#"{ "a b" = 1 }"#, compact), r#"{"a b"=1}"#);
    }
}
