//! Console output of the Unicode-dependent functions and of printing, in Terraform 1.0.3 and
//! 1.14. Every 1.0.3 column was run on Terraform 1.0.3 (tf-oracle); the 1.14 column follows
//! Go 1.25's tables (Unicode 15.0) and go-textseg v15.
//!
//! Beyond these rows, the 1.0.3 tables were compared with tf-oracle in bulk (not repeatable
//! without it): printing, `upper`, `lower`, `title`, `length` and `strrev` of the 3786
//! characters at the edges of every printable range agree, and `upper`, `lower`, `title` of
//! 2875 cased letters; the one difference is `strrev` around U+1DFA, where the result's
//! normalization (Unicode 16 here, older in Go's x/text) reorders marks differently.

use crate::lang::dialect::releases::TfVersion;
use crate::lang::dialect::rules::Rules;
use crate::lang::session::Session;

/// The console output of `expr` in Terraform `v`, or `ERR summary`.
fn at(v: TfVersion, expr: &str) -> String {
    let mut s = match Session::with_config_text("main.tf", "") {
        Ok(s) => s,
        Err(d) => return format!("LOAD {}", d.summary),
    };
    s.version = Some(v);
    match s.eval(expr, &Rules::real(), false).result {
        Ok(a) => a.console_at(v),
        Err(d) => format!("ERR {}", d.summary),
    }
}

/// One line per case: expression, Terraform 1.0.3 (tf-oracle), Terraform 1.14.
const CASES: &[(&str, &str, &str)] = &[
    // Printing: unassigned and format characters are escaped in both.
    (r#""\u0378""#, r#""\u0378""#, r#""\u0378""#),
    (r#""a\u00ADb\u200D""#, r#""a\u00adb\u200d""#, r#""a\u00adb\u200d""#),
    // Printing: Unicode 14 (U+0870) and 15 (U+11F00) letters and marks are unassigned for Go 1.16.
    (r#""\u0870""#, r#""\u0870""#, "\"\u{870}\""),
    (r#""\U00011F00x""#, r#""\U00011f00x""#, "\"\u{11F00}x\""),
    (r#"{"\u0870" = 1}"#, "{\n  \"\\u0870\" = 1\n}", "{\n  \"\u{870}\" = 1\n}"),
    // Case mapping: Unicode 14 pairs (C with palatal hook, Vithkuqi) are unknown to Go 1.16.
    (r#"upper("\uA7C1")"#, r#""\ua7c1""#, "\"\u{A7C0}\""),
    (r#"lower("\uA7C0")"#, r#""\ua7c0""#, "\"\u{A7C1}\""),
    (r#"upper("\U00010597")"#, r#""\U00010597""#, "\"\u{10570}\""),
    (r#"lower("\U00010570")"#, r#""\U00010570""#, "\"\u{10597}\""),
    (r#"title("\uA7C1b")"#, r#""\ua7c1b""#, "\"\u{A7C0}b\""),
    // Case mapping: Unicode 16 additions are unknown to both (Go 1.25 has Unicode 15.0).
    (r#"upper("\u1C8A")"#, r#""\u1c8a""#, r#""\u1c8a""#),
    (r#"lower("\u1C89")"#, r#""\u1c89""#, r#""\u1c89""#),
    (r#"upper("\u019B")"#, "\"\u{19B}\"", "\"\u{19B}\""),
    // Grapheme clusters: no Indic-conjunct rule in go-textseg v13 or v15.
    (r#"length("\u0915\u094D\u0937")"#, "2", "2"),
    (r#"length("\U0001F468\u200D\U0001F469\u200D\U0001F467")"#, "1", "1"),
    (r#"length("\U0001F468\u200D\u200D\U0001F469")"#, "1", "1"),
    (r#"length("\U0001F44D\U0001F3FD")"#, "1", "1"),
    (r#"length("\U0001F1FA\U0001F1F8\U0001F1E9")"#, "2", "2"),
    (r#"length("\U0001F6DD\u200D\U0001F6DD")"#, "1", "1"),
    (r#"length("\u1100\u1161\u11A8")"#, "1", "1"),
    (r#"length("\u1100\uAC00\uD7CB")"#, "2", "2"),
    (r#"length("\uFFFD\u0301")"#, "2", "2"),
    (r#"length("\u0600a")"#, "1", "1"),
    (r#"length("\r\n")"#, "1", "1"),
    (r#"length("\n\r")"#, "2", "2"),
    // Grapheme clusters: U+11F00 (Unicode 15, Extend) joins the letter before it only in v15.
    (r#"length("a\U00011F00")"#, "2", "1"),
    (r#"strrev("a\U00011F00")"#, r#""\U00011f00a""#, "\"a\u{11F00}\""),
    (r#"format("%-3s|", "a\U00011F00")"#, r#""a\U00011f00 |""#, "\"a\u{11F00}  |\""),
    (r#"substr("a\U00011F00b", 0, 1)"#, r#""a""#, "\"a\u{11F00}\""),
    (r#"strrev("e\u0301x")"#, "\"x\u{E9}\"", "\"x\u{E9}\""),
    (r#"substr("\U0001F468\u200D\U0001F469x", 1, 1)"#, r#""x""#, r#""x""#),
    (
        r#"format("%.1s|%3s", "\U0001F1FA\U0001F1F8\U0001F1E9", "e\u0301")"#,
        "\"\u{1F1FA}\u{1F1F8}|  \u{E9}\"",
        "\"\u{1F1FA}\u{1F1F8}|  \u{E9}\"",
    ),
];

#[test]
fn unicode_by_release() {
    for &(expr, old, new) in CASES {
        assert_eq!(at((1, 0, 3), expr), old, "1.0.3: {expr}");
        assert_eq!(at((1, 14, 0), expr), new, "1.14: {expr}");
    }
}
