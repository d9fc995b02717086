//! Results over unknown values that refinements decide (see [`super::refine`]), in the
//! console of Terraform 1.0.3 and of Terraform 1.6 on. Every row was run on the real binaries
//! with tf-oracle's console (variables with no value are unknown): the first column on 1.0.3,
//! the second on 1.6.6, 1.9.8, 1.12.2 and 1.14.9, which all gave it.

use crate::lang::dialect::releases::TfVersion;
use crate::lang::dialect::rules::Rules;
use crate::lang::session::Session;

/// Variables of each kind, none given a value.
const CONFIG: &str = "variable \"s\" { type = string }\nvariable \"n\" { type = number }\nvariable \"l\" { type = list(string) }\nvariable \"m\" { type = map(string) }\nvariable \"st\" { type = set(string) }\nvariable \"o\" { type = object({ a = string }) }\nvariable \"t\" { type = tuple([string, number]) }\nvariable \"d\" {}\n";

/// The console output of `expr` in Terraform `v`, or `ERR summary`.
fn at(v: TfVersion, expr: &str) -> String {
    let mut s = match Session::with_config_text_at("main.tf", CONFIG, v) {
        Ok(s) => s,
        Err(d) => return format!("LOAD {}", d.summary),
    };
    s.version = Some(v);
    match s.eval(expr, &Rules::real(), false).result {
        Ok(a) => a.console_at(v),
        Err(d) => format!("ERR {}", d.summary),
    }
}

/// One line per case: expression, Terraform 1.0.3, Terraform 1.6.6 to 1.14.9.
const CASES: &[(&str, &str, &str)] = &[
    ("var.s == 1", "false", "false"),
    (r#""a${var.s}" == 1"#, "false", "false"),
    ("upper(var.s) == null", "(known after apply)", "false"),
    ("length(var.l) == null", "(known after apply)", "false"),
    ("length(var.l) > -1", "(known after apply)", "true"),
    ("length(var.l) >= 0", "(known after apply)", "(known after apply)"),
    ("length(var.s) > -1", "(known after apply)", "true"),
    ("length(toset([var.s, var.s])) >= 1", "(known after apply)", "(known after apply)"),
    ("!var.d == null", "(known after apply)", "false"),
    ("var.n + 1 == null", "(known after apply)", "false"),
    ("(var.n > 1) == null", "(known after apply)", "false"),
    ("(var.d && true) == null", "(known after apply)", "false"),
    ("length(jsonencode([var.s])) > 0", "(known after apply)", "true"),
    ("length(jsonencode([var.s])) < 0", "(known after apply)", "false"),
    ("length(jsonencode([var.s])) >= 1", "(known after apply)", "(known after apply)"),
    ("length(jsonencode([var.s])) == 0", "(known after apply)", "false"),
    ("jsonencode(var.d) == null", "(known after apply)", "false"),
    (r#"jsonencode([var.s]) == "x""#, "(known after apply)", "false"),
    (r#"jsonencode([var.s]) == "[x""#, "(known after apply)", "(known after apply)"),
    (r#"startswith(jsonencode([var.s]), "[")"#, "ERR Call to unknown function", "true"),
    (r#"startswith(jsonencode([var.s]), "{")"#, "ERR Call to unknown function", "false"),
    (
        r#"startswith(jsonencode({a = var.s}), "{")"#,
        "ERR Call to unknown function",
        "true",
    ),
    (
        r#"startswith(jsonencode("${var.s}"), "\"")"#,
        "ERR Call to unknown function",
        "(known after apply)",
    ),
    (
        r#"startswith(jsonencode(var.s), "\"")"#,
        "ERR Call to unknown function",
        "(known after apply)",
    ),
    (r#""ab${var.s}" == "x""#, "(known after apply)", "false"),
    (r#""ab${var.s}" == "ax""#, "(known after apply)", "(known after apply)"),
    (r#""ab${var.s}" == null"#, "(known after apply)", "false"),
    (
        r#"startswith("ab${var.s}", "ab")"#,
        "ERR Call to unknown function",
        "(known after apply)",
    ),
    (r#"startswith("ab[${var.s}", "ab[")"#, "ERR Call to unknown function", "true"),
    (
        r#"startswith("arn:aws:s3:::${var.s}", "arn:aws:s3:::")"#,
        "ERR Call to unknown function",
        "true",
    ),
    (r#"startswith("café${var.s}", "caf")"#, "ERR Call to unknown function", "true"),
    (
        r#"startswith("café${var.s}", "café")"#,
        "ERR Call to unknown function",
        "(known after apply)",
    ),
    (
        r#"startswith("a%{if true}[b${var.s}%{endif}", "a[")"#,
        "ERR Call to unknown function",
        "(known after apply)",
    ),
    (
        r#"startswith("ab:%{for x in ["q"]}:${var.s}%{endfor}", "ab:")"#,
        "ERR Call to unknown function",
        "true",
    ),
    (
        r#"startswith("ab:%{for x in ["q"]}:${var.s}%{endfor}", "ab::")"#,
        "ERR Call to unknown function",
        "(known after apply)",
    ),
    (r#"length("abc${var.s}") > 1"#, "(known after apply)", "true"),
    (r#"length("abc${var.s}") > 2"#, "(known after apply)", "(known after apply)"),
    ("length(var.l) < 9223372036854775808", "(known after apply)", "true"),
    ("length(var.l) < 9223372036854775807", "(known after apply)", "(known after apply)"),
    (
        "var.b ? 1 : 1",
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
    (
        "(var.b ? 1 : 2) > 0",
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
    (
        "(var.b ? 1 : 2) >= 1",
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
    (
        "(var.b ? -1 : 2) <= 2",
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
    (
        "(var.b ? 1 : null) == null",
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
    (
        "var.b ? null : null",
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
    (
        r#"(var.b ? "a" : "b") == null"#,
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
    (
        "(var.b ? tolist([]) : tolist([]))",
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
    (
        r#"length(var.b ? tolist(["a"]) : tolist(["b", "c"])) < 3"#,
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
    (
        "(var.b ? sensitive(1) : 2) > 0",
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
    ("var.l[*] == null", "(known after apply)", "false"),
    (r#""${var.s}"[*]"#, "[\n  (known after apply),\n]", "(known after apply)"),
    ("var.s[*]", "[\n  (known after apply),\n]", "(known after apply)"),
    ("length(tolist(var.t))", "(known after apply)", "(known after apply)"),
    (
        r#"startswith(format("ab-%s", var.s), "ab-")"#,
        "ERR Call to unknown function",
        "true",
    ),
    (
        r#"startswith(format("ab%s", var.s), "ab")"#,
        "ERR Call to unknown function",
        "(known after apply)",
    ),
    (
        r#"formatlist("%s", [var.s, "a"])"#,
        "tolist([\n  (known after apply),\n  \"a\",\n])",
        "tolist([\n  (known after apply),\n  \"a\",\n])",
    ),
    (
        r#"sort([var.s, "a"])"#,
        "(known after apply)",
        "tolist([\n  (known after apply),\n  (known after apply),\n])",
    ),
    ("length(sort(var.l)) > -1", "(known after apply)", "true"),
    (
        "toset([var.s, var.s])",
        "toset([\n  (known after apply),\n  (known after apply),\n])",
        "toset([\n  (known after apply),\n  (known after apply),\n])",
    ),
    (r#"length(toset([var.s, "a"])) < 3"#, "(known after apply)", "true"),
    (r#"type(jsondecode("\"${var.s}"))"#, "ERR Call to unknown function", "string"),
    (r#"jsondecode("x${var.s}")"#, "(known after apply)", "(known after apply)"),
    (r#"coalesce(var.s, "a") == null"#, "(known after apply)", "false"),
    (r#"index(var.d, "a") == null"#, "(known after apply)", "(known after apply)"),
    ("concat(var.l) == null", "(known after apply)", "false"),
    ("tostring(var.s) == null", "(known after apply)", "(known after apply)"),
    ("element(var.l, 0) == null", "(known after apply)", "(known after apply)"),
    ("setproduct(tolist([]), var.l)", "(known after apply)", "(known after apply)"),
    (r#"length(setproduct(var.l, ["a"])) > -1"#, "(known after apply)", "true"),
    (
        r#"type(regex("(a)", var.s))"#,
        "ERR Call to unknown function",
        "tuple([\n    string,\n])",
    ),
    (r#"regex("a", var.s) == null"#, "(known after apply)", "false"),
    ("csvdecode(var.s) == null", "(known after apply)", "(known after apply)"),
    (r#"["a${var.s}"] == ["b"]"#, "(known after apply)", "(known after apply)"),
    (r#"{a = "a${var.s}"} == {a = "b"}"#, "(known after apply)", "(known after apply)"),
    ("var.s == var.s", "(known after apply)", "(known after apply)"),
    (
        "length(var.b ? [1] : [1, 2])",
        "ERR Reference to undeclared input variable",
        "ERR Reference to undeclared input variable",
    ),
];

#[test]
fn unknowns_as_terraform_refines_them() {
    let mut wrong = Vec::new();
    for (expr, old, new) in CASES {
        let cases = [
            ((1, 0, 0), old),
            ((1, 6, 0), new),
            ((1, 9, 0), new),
            ((1, 12, 0), new),
            ((1, 14, 0), new),
        ];
        for (v, want) in cases {
            let got = at(v, expr);
            if got != *want {
                wrong.push(format!("{expr} at {v:?}: {got:?}, Terraform {want:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
