//! No input crashes the evaluator: random text, truncated expressions and very deep nesting all
//! give a value or an error, never a panic, a stack overflow or a hang.

use iacquiz::lang::session::Session;
use proptest::prelude::*;

const SAMPLES: &[&str] = &[
    r#"merge({a = 1, b = [1, 2]}, {b = "x"})"#,
    r#"[for k, v in {b = 2, a = 1} : "${k}=${v}" if v > 0]"#,
    r#"{for s in ["a", "bb", "a"] : length(s) => s...}"#,
    r#"true ? [1, 2][*] : null"#,
    r#""%{for x in [1, 2]}${x}%{if x > 1}!%{endif}%{endfor}""#,
    r#"try(local.missing.x, [1][5], "fallback")"#,
    r#"{a = {b = [{c = 1}]}}.a.b[0].c * -2 % 3"#,
    r#"format("%s_%04d", lower("NODE"), 42)"#,
    r#"cidrsubnets("10.0.0.0/16", 8, 4, 8)[1]"#,
];

fn eval(src: &str) {
    let s = Session::new();
    let _ = s.console(src);
}

#[test]
fn truncated_samples_never_panic() {
    for s in SAMPLES {
        for cut in 0..=s.len() {
            if s.is_char_boundary(cut) {
                eval(&s[..cut]);
            }
        }
    }
}

/// The stack iacquiz's binary gives its evaluator (src/main.rs `STACK`, and every worker
/// thread of src/par.rs): a chain of a hundred operators recurses deeper than a test thread's
/// 2 MiB allow in a debug build.
const STACK: usize = 32 * 1024 * 1024;

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    match std::thread::Builder::new().stack_size(STACK).spawn(deep_nesting).map(|t| t.join()) {
        Ok(Ok(())) => {}
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(e) => panic!("cannot start the thread: {e}"),
    }
}

fn deep_nesting() {
    for (open, close) in [("(", ")"), ("[", "]"), ("{a = ", "}"), ("\"${", "}\""), ("-", ""), ("!", "")] {
        let src = format!("{}1{}", open.repeat(10_000), close.repeat(10_000));
        let r = Session::new().console(&src);
        assert!(r.is_err() || r.is_ok(), "{open}");
        let shallow = format!("{}1{}", open.repeat(20), close.repeat(20));
        let _ = Session::new().console(&shallow);
    }
    let long_sum = format!("1{}", " + 1".repeat(10_000));
    let err = Session::new().console(&long_sum).expect_err("past the chain limit");
    assert_eq!(err.summary, "Too many chained operators");
}

#[test]
fn deep_parentheses_report_nesting() {
    let src = format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000));
    let err = Session::new().console(&src).expect_err("too deep");
    assert_eq!(err.summary, "Expression too deeply nested");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, .. ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics(s in "[ -~\\n]{0,60}") {
        eval(&s);
    }

    #[test]
    fn random_token_soup_never_panics(toks in proptest::collection::vec(prop::sample::select(vec![
        "(", ")", "[", "]", "{", "}", "\"", "${", "%{", "}", "1", "-0.5", "x", "for", "in", ":", "=>", "...", "?", "&&",
        "||", "!", "==", "+", "*", "/", "%", ",", ".", "[*]", ".*", "null", "true", "if", "endif", "length(", "try(",
        "can(", "merge(", "local.", "var.", "=", "<<EOT\n", "\nEOT", "~", "#", "//",
    ]), 0..25)) {
        eval(&toks.concat());
    }
}
