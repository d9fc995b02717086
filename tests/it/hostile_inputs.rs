//! Hostile inputs of issue #18 points 4 and 10: a bank whose placeholders multiply into a huge
//! instance, a byte-order mark before a bank file, a syntax error deep inside a question's
//! expression, long flat operator chains and number literals beyond float64.

use std::path::{Path, PathBuf};
use std::process::Command;

use iacquiz::bank::load::files::SourceFile;
use iacquiz::bank::{Bank, LoadError};

fn src(name: &str, text: &str) -> SourceFile {
    SourceFile {
        display: name.to_string(),
        rel: name.to_string(),
        in_root: name.to_string(),
        bytes: text.as_bytes().to_vec(),
    }
}

fn problems(bytes: &[u8]) -> Vec<LoadError> {
    let mut f = src("t.yaml", "");
    f.bytes = bytes.to_vec();
    match Bank::from_sources(vec![f]) {
        Ok(_) => Vec::new(),
        Err(e) => e.0,
    }
}

fn iacquiz(args: &[&str]) -> (i32, String, String) {
    match Command::new(env!("CARGO_BIN_EXE_iacquiz")).args(args).output() {
        Ok(o) => (
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        ),
        Err(e) => panic!("cannot run iacquiz: {e}"),
    }
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("iacquiz-hostile-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(dir.join("terraform")) {
        panic!("{e}");
    }
    dir
}

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        panic!("{}: {e}", path.display());
    }
}

/// A question whose prompt repeats `{{n}}` `times` times, `n` being `width` bytes long.
fn multiplying_bank(times: usize, width: usize) -> String {
    format!(
        "topic: t
engine: terraform
questions:
  - id: q-ok
    lesson: {{seed: 001, section: S}}
    prompt: p
    expr: 1 + 1
    kind: input
    explain: e
    difficulty: 2
  - id: q-big
    lesson: {{seed: 001, section: S}}
    prompt: \"{}\"
    expr: '\"{{{{n}}}}\"'
    kind: input
    explain: e
    difficulty: 2
    params:
      n: [\"{}\"]
",
        "{{n}}".repeat(times),
        "x".repeat(width)
    )
}

#[test]
fn a_question_whose_placeholders_multiply_past_the_bound_is_refused() {
    // 200,000 placeholders (1 MB of file) of a 1,000-byte value: a 200 MB prompt.
    let ps = problems(multiplying_bank(200_000, 1000).as_bytes());
    assert_eq!(ps.len(), 1, "{ps:?}");
    let p = &ps[0];
    assert_eq!((p.line, p.id.as_deref()), (11, Some("q-big")), "{p}");
    assert!(p.message.contains("200001003 bytes"), "{p}");
    assert!(p.message.contains("`prompt` alone 200000000 bytes"), "{p}");
    assert!(p.message.contains("262144 bytes"), "{p}");
    // At the bound loads (prompt and expr each hold the value once, `"` `"` and the explain
    // make 3 more bytes); one byte over is refused.
    let under = (262_144 - 3) / 2;
    assert!(problems(multiplying_bank(1, under).as_bytes()).is_empty());
    assert_eq!(problems(multiplying_bank(1, under + 1).as_bytes()).len(), 1);
}

#[test]
fn check_and_quiz_new_refuse_the_multiplying_bank() {
    let dir = scratch("multiply");
    write(&dir.join("terraform/big.yaml"), &multiplying_bank(200_000, 1000));
    let bank = dir.to_string_lossy().into_owned();
    let (code, _, err) = iacquiz(&["check", "--bank", &bank]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("big.yaml:11:5: question `q-big`: an instance of this question would be 200001003 bytes"),
        "{err}"
    );
    let out = dir.join("quiz");
    let (code, _, err) = iacquiz(&[
        "quiz",
        "new",
        "--count",
        "1",
        "--format",
        "md",
        "--bank",
        &bank,
        "--out",
        &out.to_string_lossy(),
    ]);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("question `q-big`"), "{err}");
    assert!(!out.join("quiz.json").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

const GOOD: &str = "topic: t
engine: terraform
questions:
  - id: q-one
    lesson: {seed: 001, section: S}
    prompt: p
    expr: 1 + 1
    kind: input
    answer: 2
    explain: e
    difficulty: 2
";

#[test]
fn a_byte_order_mark_before_a_bank_file_is_ignored() {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(GOOD.as_bytes());
    assert!(problems(&bytes).is_empty(), "{:?}", problems(&bytes));
    // Positions on the first line are counted as an editor shows them, without the mark.
    let mut bad = b"\xEF\xBB\xBF".to_vec();
    bad.extend_from_slice(GOOD.replacen("topic: t", "topic: [t", 1).as_bytes());
    let ps = problems(&bad);
    assert!(!ps.is_empty());
    assert!(ps.iter().all(|p| !p.message.contains("missing field")), "{ps:?}");
}

const SYNTAX: &str = "topic: t
engine: terraform
questions:
  - id: q-plain
    lesson: {seed: 001, section: S}
    prompt: p
    expr: 1 + (2 * ) + 3
    kind: input
    explain: e
    difficulty: 2
  - id: q-block
    lesson: {seed: 001, section: S}
    prompt: p
    expr: |
      [
        1,

        2 +* 3,
      ]
    kind: input
    explain: e
    difficulty: 2
  - id: q-quoted
    lesson: {seed: 001, section: S}
    prompt: p
    expr: \"upper(\\\"a\\\") + (1 *)\"
    kind: input
    explain: e
    difficulty: 2
  - id: q-meant
    lesson: {seed: 001, section: S}
    prompt: p
    expr: 1 + (2 * ) + 3
    kind: error
    answer: Invalid expression
    explain: e
    difficulty: 2
";

#[test]
fn a_syntax_error_in_an_expr_is_reported_inside_the_expression() {
    let dir = scratch("syntax");
    write(&dir.join("terraform/s.yaml"), SYNTAX);
    let (code, out, err) = iacquiz(&["check", "--bank", &dir.to_string_lossy()]);
    assert_eq!(code, 1, "{out}{err}");
    let line = |id: &str| {
        out.lines()
            .find(|l| l.contains(&format!(": {id}: ")))
            .unwrap_or_default()
            .to_string()
    };
    // Plain scalar: `)` where an operand belongs, column 20 of line 7.
    assert!(
        line("q-plain")
            .contains("s.yaml:7: q-plain: `expr` has a syntax error at line 7, column 20 (in `1 + (2 * ) + 3`): Invalid expression"),
        "{out}"
    );
    // Block scalar: the `*` of the fourth line of the block, after its blank line.
    assert!(
        line("q-block").contains("s.yaml:18: q-block: `expr` has a syntax error at line 18, column 12 (in `2 +* 3,`)"),
        "{out}"
    );
    // Double-quoted scalar: each `\\\"` takes two columns of the file for one of the value.
    assert!(
        line("q-quoted").contains("s.yaml:26: q-quoted: `expr` has a syntax error at line 26, column 31"),
        "{out}"
    );
    // A question about that very syntax error passes.
    assert!(line("q-meant").is_empty(), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn eval(expr: &str) -> (i32, String, String) {
    iacquiz(&["eval", "--", expr])
}

#[test]
fn number_literals_beyond_float64_are_read_exactly() {
    let (code, out, err) = eval("1e400");
    assert_eq!((code, out.trim()), (0, format!("1{}", "0".repeat(400)).as_str()), "{err}");
    let (code, out, err) = eval("1e309");
    assert_eq!((code, out.trim()), (0, format!("1{}", "0".repeat(309)).as_str()), "{err}");
    let (code, out, err) = eval("-2E+400 / 1e400");
    assert_eq!((code, out.trim()), (0, "-2"), "{err}");
    let (code, out, err) = eval(&format!("2{} - 1e400", "0".repeat(400)));
    assert_eq!((code, out.trim()), (0, format!("1{}", "0".repeat(400)).as_str()), "{err}");
    // Inside a string the digits are text.
    let (code, out, _) = eval("\"1e400\"");
    assert_eq!((code, out.trim()), (0, "\"1e400\""));
    // Past the exponent iacquiz reads (Terraform would build a number of a million digits).
    let (code, _, err) = eval("1e100001");
    assert_eq!(code, 1);
    assert!(err.contains("Invalid number literal") && err.contains("line 1, column 1"), "{err}");
}

#[test]
fn long_flat_chains_evaluate_and_an_excessive_one_is_named() {
    let chain = |n: usize, op: &str| vec!["1"; n].join(op);
    let (code, out, err) = eval(&chain(130, " + "));
    assert_eq!((code, out.trim()), (0, "130"), "{err}");
    // No spaces: the stand-in for the head must not run into the next `-`.
    let (code, out, err) = eval(&chain(150, "-"));
    assert_eq!((code, out.trim()), (0, "-148"), "{err}");
    // Precedence holds across the pieces: 1 + 2^140.
    let (code, out, err) = eval(&format!("1 + {}", vec!["2"; 140].join(" * ")));
    assert_eq!((code, out.trim()), (0, "1393796574908163946345982392040522594123777"), "{err}");
    let (code, out, err) = eval(&format!("{} == 600 ? \"y\" : \"n\"", vec!["2 * 3"; 100].join(" + ")));
    assert_eq!((code, out.trim()), (0, "\"y\""), "{err}");
    let (code, out, err) = eval(&chain(241, " + "));
    assert_eq!((code, out.trim()), (0, "241"), "{err}");
    // Past the evaluator's depth: our own message, at the first operator over the limit.
    let (code, _, err) = eval(&chain(242, " + "));
    assert_eq!(code, 1);
    assert!(
        err.contains("Too many chained operators") && err.contains("241 binary operators"),
        "{err}"
    );
    assert!(err.contains("column 963"), "{err}");
    // Inside brackets hcl-edit's own limit of 128 stays, named accurately.
    let (code, _, err) = eval(&format!("[{}]", chain(130, " + ")));
    assert_eq!(code, 1);
    assert!(
        err.contains("Too many chained operators") && !err.contains("Extra characters"),
        "{err}"
    );
}
