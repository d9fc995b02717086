//! Inputs that once crashed, hung or exhausted memory (found by the fuzz targets in `fuzz/` or
//! by probing the limits they test), one line each: every one must now end in an error that
//! names the limit it hit. See "Fuzzing" in the README.

use iacquiz::cfn::{self, Input};
use iacquiz::lang::Rules;
use iacquiz::lang::session::Session;

/// Evaluates `expr` against the configuration text `config` (empty: none) under real rules.
fn terraform(config: &str, expr: &str) -> Result<String, iacquiz::lang::Diag> {
    let s = if config.is_empty() {
        Session::new()
    } else {
        Session::with_config_text("main.tf", config)?
    };
    s.console(expr)
}

/// A YAML document whose anchors nest nine deep: 9^9 copies once its aliases are expanded.
fn billion_laughs() -> String {
    let mut doc = String::from("a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1]\n");
    for i in 1..9 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        doc.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    doc
}

/// (configuration, expression, words the error must contain).
const TERRAFORM: &[(&str, &str, &str)] = &[
    // fuzz expr (timeout-2af2b8c5): a format width of 99,999,999 made a 100 MB string, which
    // the console, JSON and HCL renderings then copied and escaped again (now over the
    // per-evaluation size budget).
    ("", "format(\"%99999999s9m\", 50)", "Evaluation too large"),
    // probe: a local of a million values copied once per iteration (~48 GiB).
    (
        "locals {\n  big  = [for x in range(1024) : [for y in range(1024) : y]]\n  many = [for x in range(1024) : local.big]\n}\n",
        "length(local.many)",
        "Evaluation too large",
    ),
    // probe (security issue, point 4): a template that renders itself recursed until the stack
    // overflowed; Terraform refuses a template function inside a template.
    (
        "",
        "[for t in [\"$${templatestring(t, {t = t})}\"] : templatestring(t, {t = t})]",
        "cannot recursively call templatestring from inside another template function",
    ),
    // probe: a 1 MiB string referenced 1024 times inside one expression.
    (
        "locals {\n  s = join(\"\", [for i in range(1024) : format(\"%1024s\", \"\")])\n}\n",
        "length(join(\"\", [for i in range(1024) : local.s]))",
        "Evaluation too large",
    ),
];

#[test]
fn terraform_inputs_end_in_errors() {
    for (config, expr, words) in TERRAFORM {
        match terraform(config, expr) {
            Ok(v) => panic!("{expr}: expected an error saying {words:?}, got {v}"),
            Err(d) => assert!(
                d.summary.contains(words) || d.detail.contains(words),
                "{expr}: expected {words:?}, got {}: {}",
                d.summary,
                d.detail
            ),
        }
    }
}

/// `x = ` and forty levels of `a*b*(` around `inner`: hcl-edit re-parsed each level twice when
/// an error inside backtracked, so one stray byte cost 2^40 parses.
fn nested_operands(inner: &str) -> String {
    format!("locals {{\n  x = {}{inner}{}\n}}\n", "a*b*(".repeat(40), ")".repeat(40))
}

#[test]
fn backtracking_parse_errors_deep_in_operands_end_promptly() {
    // fuzz config (timeout-53767ec2, 14 s for 1,097 bytes of `*(yr-*u` ending in a lone `&`).
    let cases = [
        ("c & d", "Unsupported operator"),
        ("c | d", "Unsupported operator"),
        ("c !d", "Unbalanced parentheses"),
        ("c-!d", "Unbalanced parentheses"),
        ("\"never closed", "Invalid multi-line string"),
        ("\"${c & d}\"", "Unsupported operator"),
        // fuzz expr (timeout-779661d0, 24 s for 189 bytes of `(1*1*` around `(<=1`): a `<` where
        // an operand belongs sends hcl-edit after a heredoc, and that attempt backtracks.
        ("(<=c)", "Invalid expression"),
        ("[<]", "Invalid expression"),
        ("c<<d", "Invalid expression"),
    ];
    for (inner, words) in cases {
        match Session::with_config_text("main.tf", &nested_operands(inner)) {
            Ok(_) => panic!("{inner}: expected an error saying {words:?}"),
            Err(d) => assert_eq!(d.summary, words, "{inner}"),
        }
    }
    // fuzz config (slow-unit-57ba63c5, 13 s): the text ends inside the brackets, and the end of
    // input where a term belongs backtracks as well.
    for open in ["a*b*(", "a*b*{", "a*b*[", "f(a*b*"] {
        let text = format!("locals {{\n  x = {}", open.repeat(40));
        assert!(Session::with_config_text("main.tf", &text).is_err(), "{open}");
    }
    // probe: the same end inside a line comment, which took in the byte that stops the parse.
    for comment in ["# c", "// c"] {
        let text = format!("locals {{\n  x = {}({comment}", "a*b*(".repeat(40));
        assert!(Session::with_config_text("main.tf", &text).is_err(), "{comment}");
    }
}

#[test]
fn yaml_aliases_cannot_expand_without_bound() {
    // probe: yamldecode copied every alias in full and ran out of memory.
    let expr = format!("length(yamldecode({:?}))", billion_laughs());
    let d = terraform("", &expr).expect_err("refused");
    assert!(d.detail.contains("aliases expand to more than"), "{}", d.detail);
    // A few aliases are still fine.
    assert_eq!(
        terraform("", r#"yamldecode("a: &x [1, 2]\nb: *x\n").b[1]"#).ok().as_deref(),
        Some("2")
    );
}

/// Packages `template` (alone in its folder) and returns the error's text.
fn cfn_error(template: &str) -> String {
    cfn_error_with(template, &[])
}

/// Packages `template` beside `modules` (name, text) and returns the error's text.
fn cfn_error_with(template: &str, modules: &[(&str, &str)]) -> String {
    let files = modules.iter().copied().chain([("template.yaml", template)]);
    match cfn::package(Input::memory(files, "template.yaml"), &Rules::real()) {
        Ok(t) => panic!("expected an error, got {}", cfn::render_yaml(&t)),
        Err(e) => e.to_string(),
    }
}

#[test]
fn cfn_constants_cannot_double_without_bound() {
    // probe: thirty constants each twice the one before: 16 GiB from ten lines.
    let mut t = String::from("Constants:\n  c0: xxxxxxxxxxxxxxxx\n");
    for i in 1..=30 {
        t.push_str(&format!("  c{i}: ${{Const::c{}}}${{Const::c{}}}\n", i - 1, i - 1));
    }
    t.push_str("Resources:\n  R:\n    Type: AWS::S3::Bucket\n    Properties:\n      N: !Sub ${Const::c30}\n");
    let e = cfn_error(&t);
    assert!(e.contains("expand to more than 16 MiB"), "{e}");
}

/// Runs `f` on its own thread and fails if it takes longer than `secs` (a hang would
/// otherwise stall the suite instead of failing it).
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(secs))
        .unwrap_or_else(|_| panic!("still running after {secs} s"))
}

#[test]
fn large_collections_are_compared_in_about_linear_time() {
    // probe: distinct, set equality, setintersection and setsubtract compared every pair:
    // 65,536 distinct strings meant some 2e9 comparisons, each copying both values.
    let list = r#"flatten([for x in range(64) : formatlist("%d-%d", x, range(1024))])"#;
    let cases = [
        (format!("length(distinct(concat({list}, {list})))"), "65536"),
        (format!("length(setintersection({list}, {list}))"), "65536"),
        (format!("length(setsubtract({list}, {list}))"), "0"),
        (format!("toset({list}) == toset(reverse({list}))"), "true"),
    ];
    for (expr, want) in cases {
        let got = within(120, {
            let expr = expr.clone();
            move || terraform("", &expr).map_err(|d| d.detail)
        });
        assert_eq!(got.as_deref(), Ok(want), "{expr}");
    }
}

#[test]
fn cfn_an_entry_invoking_itself_is_a_cycle_not_a_stack_overflow() {
    // fuzz cfn (crash-072d2f5a, stack overflow): an entry's Properties that Fn::Invoke the
    // entry itself resolved those Properties again, for ever.
    let module = "Parameters:\n  P:\n    Type: String\nOutputs:\n  Out:\n    Value: !Ref P\n";
    let template = "Modules:\n  M:\n    Source: m.yaml\n    Properties:\n      P: !Invoke [M, {}, Out]\n";
    let e = cfn_error_with(template, &[("m.yaml", module)]);
    assert!(e.contains("in a loop: M -> M"), "{e}");
    // Two entries invoking each other.
    let template = "Modules:\n  A:\n    Source: m.yaml\n    Properties:\n      P: !Invoke [B, {}, Out]\n  B:\n    Source: m.yaml\n    Properties:\n      P: !Invoke [A, {}, Out]\n";
    let e = cfn_error_with(template, &[("m.yaml", module)]);
    assert!(e.contains("in a loop: A -> B -> A"), "{e}");
}
