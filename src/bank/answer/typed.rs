//! A typed terraform answer is a value, never an expression: only the literal forms the
//! console prints are graded (strings, numbers, bools, null, tuples and objects of them,
//! `tolist`/`toset`/`tomap` around them, and the console's typed nulls such as
//! `tostring(null)` and `null /* object */`). Anything else is refused before grading, so typing
//! the question's own expression back (`format("%s_%04d", "node", 77)`) is never graded right.

use std::collections::BTreeMap;
use std::fmt;

use crate::lang::Value;
use crate::lang::syntax::{Expr, ExprKind, ObjKey, Part, Span, UnOp, parse_expr};

/// Why a typed answer is not a literal value: the first sub-expression that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The refused sub-expression as typed.
    pub text: String,
    /// Its 1-based character column in the typed answer.
    pub column: usize,
    /// What it is (`a call to format()`, `a reference`).
    pub what: String,
    /// For a bare word read as a reference (`standard`): the word, to suggest quoting it.
    pub word: Option<String>,
}

impl Refusal {
    /// True when the refused part is a function call (text such as `upper(x)` is an
    /// expression, never a string typed without its quotes).
    pub fn is_call(&self) -> bool {
        self.what.starts_with("a call to ")
    }

    /// The message shown to the learner; with `expects_string`, a bare word is answered with
    /// `did you mean "word"?`.
    pub fn message(&self, expects_string: bool) -> String {
        let mut m = format!(
            "type the value, not an expression: `{}` (column {}) is {}",
            self.text, self.column, self.what
        );
        if let (true, Some(w)) = (expects_string, &self.word) {
            m.push_str(&format!("; did you mean \"{w}\"?"));
        }
        m
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(true))
    }
}

/// Functions the console prints around a value, and so may be typed back around a literal.
const WRAPPERS: [&str; 3] = ["tolist", "toset", "tomap"];
/// Functions the console prints around `null` for a typed null (`tostring(null)`).
const NULL_WRAPPERS: [&str; 6] = ["tostring", "tonumber", "tobool", "tolist", "toset", "tomap"];

/// The first non-literal part of the typed answer `src`, if any. `None` also when `src` does
/// not parse: the caller's own reading reports the syntax error.
pub fn refusal(src: &str) -> Option<Refusal> {
    let e = parse_expr(src).ok()?;
    first_non_literal(&e).map(|(span, what, word)| {
        let text = src.get(span.clone()).unwrap_or(src).trim().to_string();
        let column = src.get(..span.start).map(|s| s.chars().count()).unwrap_or(0) + 1;
        Refusal { text, column, what, word }
    })
}

type Found = (Span, String, Option<String>);

fn refuse(e: &Expr, what: impl Into<String>) -> Option<Found> {
    Some((e.span.clone(), what.into(), None))
}

fn first_non_literal(e: &Expr) -> Option<Found> {
    match &e.kind {
        ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::Str(_) => None,
        ExprKind::Template(parts) => parts_non_literal(e, parts),
        ExprKind::TemplateWrap(inner) => refuse(inner, "an interpolation `${...}`"),
        ExprKind::Tuple(items) => items.iter().find_map(first_non_literal),
        ExprKind::Object(entries) => entries.iter().find_map(|(k, v)| {
            let key = match k {
                ObjKey::Ident(..) => None,
                ObjKey::Expr(k) if matches!(k.kind, ExprKind::Str(_) | ExprKind::Template(_)) => first_non_literal(k),
                ObjKey::Expr(k) => refuse(k, "not a literal key"),
            };
            key.or_else(|| first_non_literal(v))
        }),
        ExprKind::Unary(UnOp::Neg, x) if matches!(x.kind, ExprKind::Number(_)) => None,
        ExprKind::Unary(..) | ExprKind::Binary(..) => refuse(e, "an operation"),
        ExprKind::Var(name) => Some((e.span.clone(), "a reference".into(), Some(name.clone()))),
        ExprKind::Traversal(..) => refuse(e, "a reference"),
        ExprKind::Cond(..) => refuse(e, "a conditional"),
        ExprKind::For(_) => refuse(e, "a for expression"),
        ExprKind::Paren(_) => refuse(e, "an expression in parentheses"),
        ExprKind::Call(c) => {
            let name = c.full_name();
            let null_arg = c.args.len() == 1 && matches!(c.args[0].kind, ExprKind::Null);
            if c.expand_final || c.args.len() != 1 {
                refuse(e, format!("a call to {name}()"))
            } else if null_arg && NULL_WRAPPERS.contains(&name.as_str()) {
                None
            } else if WRAPPERS.contains(&name.as_str()) {
                first_non_literal(&c.args[0])
            } else {
                refuse(e, format!("a call to {name}()"))
            }
        }
    }
}

fn parts_non_literal(whole: &Expr, parts: &[Part]) -> Option<Found> {
    parts.iter().find_map(|p| match p {
        Part::Lit(_) => None,
        Part::Interp(x) => refuse(x, "an interpolation `${...}`"),
        Part::If { .. } | Part::For { .. } => refuse(whole, "a template with a `%{...}` directive"),
    })
}

/// True when `a` and `b` (answers on one line) differ, but only in letter case.
pub fn differs_only_in_case(a: &str, b: &str) -> bool {
    a != b && a.to_lowercase() == b.to_lowercase()
}

/// `v` with every string and key lowercased, to tell an answer wrong only in letter case.
pub fn fold_case(v: &Value) -> Value {
    let fold_map = |m: &BTreeMap<String, Value>| m.iter().map(|(k, x)| (k.to_lowercase(), fold_case(x))).collect();
    match v {
        Value::String(s) => Value::string(s.to_lowercase()),
        Value::List(t, vs) => Value::List(t.clone(), vs.iter().map(fold_case).collect()),
        Value::Set(t, vs) => Value::new_set(t.clone(), vs.iter().map(fold_case).collect()),
        Value::Tuple(vs) => Value::Tuple(vs.iter().map(fold_case).collect()),
        Value::Map(t, m) => Value::Map(t.clone(), fold_map(m)),
        Value::Object(m) => Value::Object(fold_map(m)),
        Value::Marked(x, m) => fold_case(x).mark_with(*m),
        other => other.clone(),
    }
}

/// True when a string appears somewhere in `v`: a bare word typed for it was most likely
/// meant as that string.
pub fn holds_string(v: &Value) -> bool {
    match v {
        Value::String(_) => true,
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().any(holds_string),
        Value::Map(_, m) | Value::Object(m) => m.values().any(holds_string),
        Value::Marked(x, _) => holds_string(x),
        _ => false,
    }
}

/// The note shown when a typed answer differs from the right one only in letter case.
pub const CASE_NOTE: &str = "differs only in letter case: Terraform strings are case-sensitive";

#[cfg(test)]
mod tests {
    use super::*;

    fn what(src: &str) -> Option<String> {
        refusal(src).map(|r| format!("{} @{}: {}", r.text, r.column, r.what))
    }

    #[test]
    fn literal_forms_are_accepted() {
        for src in [
            r#""standard""#,
            "8",
            "-8",
            "1.5",
            "true",
            "false",
            "null",
            r#"["a", 1, true, null]"#,
            r#"{ a = 1, "b c" = [2] }"#,
            r#"tolist(["a", "b"])"#,
            r#"toset([1, 2])"#,
            r#"tomap({ a = tolist([]) })"#,
            "tostring(null)",
            "tonumber(null)",
            "tobool(null)",
            "tolist(null) /* of string */",
            "toset(null) /* of number */",
            "tomap(null) /* of bool */",
            "null /* object */",
            "<<EOT\nline one\nline two\nEOT\n",
            r#""cost $5 and 100%""#,
            r#""$${not} %%{this}""#,
            "[]",
            "{}",
        ] {
            assert_eq!(what(src), None, "{src}");
        }
    }

    #[test]
    fn expressions_are_refused_at_their_first_non_literal_part() {
        let cases = [
            (
                r#"format("%s_%04d", "node", 77)"#,
                r#"format("%s_%04d", "node", 77) @1: a call to format()"#,
            ),
            (r#"lower("A")"#, r#"lower("A") @1: a call to lower()"#),
            (r#"["a", upper("b")]"#, r#"upper("b") @7: a call to upper()"#),
            (
                r#"tolist([replace("a", "a", "b")])"#,
                r#"replace("a", "a", "b") @9: a call to replace()"#,
            ),
            ("standard", "standard @1: a reference"),
            ("var.x", "var.x @1: a reference"),
            ("local.xs[*].id", "local.xs[*].id @1: a reference"),
            ("1 + 1", "1 + 1 @1: an operation"),
            ("!true", "!true @1: an operation"),
            ("-(1)", "-(1) @1: an operation"),
            ("true ? 1 : 2", "true ? 1 : 2 @1: a conditional"),
            ("[for x in [1] : x]", "[for x in [1] : x] @1: a for expression"),
            ("(1)", "(1) @1: an expression in parentheses"),
            (r#""a-${1}""#, "1 @6: an interpolation `${...}`"),
            (r#""${"a"}""#, r#""a" @4: an interpolation `${...}`"#),
            (
                r#""%{if true}a%{endif}""#,
                r#""%{if true}a%{endif}" @1: a template with a `%{...}` directive"#,
            ),
            (r#"{ (k) = 1 }"#, "(k) @3: not a literal key"),
            ("tolist([1], [2])", "tolist([1], [2]) @1: a call to tolist()"),
            ("tolist([1]...)", "tolist([1]...) @1: a call to tolist()"),
            ("tostring(1)", "tostring(1) @1: a call to tostring()"),
            (
                "provider::terraform::encode_tfvars({})",
                "provider::terraform::encode_tfvars({}) @1: a call to provider::terraform::encode_tfvars()",
            ),
            ("é + 1", "é + 1 @1: an operation"),
        ];
        for (src, want) in cases {
            assert_eq!(what(src).as_deref(), Some(want), "{src}");
        }
    }

    #[test]
    fn a_bare_word_is_told_to_be_quoted_where_a_string_is_expected() {
        let Some(r) = refusal("standard") else {
            panic!("a bare word is a reference")
        };
        assert!(r.message(true).ends_with("did you mean \"standard\"?"), "{}", r.message(true));
        assert!(r.message(true).starts_with("type the value, not an expression"));
        assert!(!r.message(false).contains("did you mean"));
        assert!(refusal("var.x").is_some_and(|r| !r.message(true).contains("did you mean")));
    }

    #[test]
    fn letter_case_alone() {
        assert!(differs_only_in_case(r#""Standard""#, r#""standard""#));
        assert!(!differs_only_in_case(r#""standard""#, r#""standard""#));
        assert!(!differs_only_in_case(r#""standart""#, r#""standard""#));
    }
}
