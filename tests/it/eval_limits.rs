//! Hostile inputs against the evaluator's limits, through the binary as a user meets them: a
//! template that renders itself with `templatestring`, a chain of 40,000 locals, an else-if
//! ladder of 80,000 links (in an expression, a configuration file and a student's typed answer)
//! and regular expressions that compile to huge automata. Each once crashed (stack overflow,
//! exit 134) or burned seconds to minutes of CPU; each must now end promptly, in an answer or in
//! an error that says what it refused. The time bounds are for a debug build on a loaded machine:
//! far above what the inputs now take, far below what they took.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use iacquiz::lang::session::Session;

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("iacquiz-limits-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("{}: {e}", dir.display());
    }
    dir
}

fn write(path: &Path, text: &str) {
    if let Some(parent) = path.parent()
        && let Err(e) = std::fs::create_dir_all(parent)
    {
        panic!("{}: {e}", parent.display());
    }
    if let Err(e) = std::fs::write(path, text) {
        panic!("{}: {e}", path.display());
    }
}

/// Runs the binary with `args` and `stdin`, and how long it took.
fn iacquiz(args: &[&str], stdin: &str) -> (Output, Duration) {
    let started = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => panic!("cannot run iacquiz: {e}"),
    };
    if let Some(mut input) = child.stdin.take() {
        use std::io::Write;
        // A child that stops reading early (an error) may close its end: not our failure.
        let _ = input.write_all(stdin.as_bytes());
    }
    match child.wait_with_output() {
        Ok(o) => (o, started.elapsed()),
        Err(e) => panic!("iacquiz: {e}"),
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Asserts the run ended by itself (not by a signal: a stack overflow aborts, 134), with `code`,
/// within `bound`.
fn assert_ended(what: &str, o: &Output, took: Duration, code: i32, bound: Duration) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "{what}: {:?}\nstdout: {}\nstderr: {}",
        o.status,
        text(&o.stdout).chars().take(2000).collect::<String>(),
        text(&o.stderr).chars().take(2000).collect::<String>()
    );
    assert!(took < bound, "{what} took {took:?} (bound {bound:?})");
}

const QUESTION_HEAD: &str = "topic: hostile
engine: terraform
questions:
  - id: q-hostile
    lesson: {seed: 001, section: S}
    prompt: What does this expression return?
";

/// A one-question bank whose question has `config` and `expr`, and answers `answer`.
fn bank_with(dir: &Path, config: &str, expr: &str, answer: &str) {
    let indented: String = config.lines().map(|l| format!("      {l}\n")).collect();
    let yaml = format!(
        "{QUESTION_HEAD}    config: |\n{indented}    expr: '{expr}'\n    kind: input\n    answer: '{answer}'\n    explain: e\n    difficulty: 2\n"
    );
    write(&dir.join("terraform/q.yaml"), &yaml);
    write(
        &dir.join("lessons.yaml"),
        "lessons:\n  - seed: \"001\"\n    title: t\n    engine: terraform\n    sections: [S]\n",
    );
}

// Point 4. Terraform 1.9+ refuses a template function called from inside a template
// (internal/lang/funcs/string.go, makeRenderTemplateFunc); here the template recursed until the
// stack overflowed: `eval` and `check` aborted (exit 134) and `eval --jsonl` lost the rest of its
// batch.
const SELF_RENDERING: &str = "locals {\n  t = \"$${templatestring(t, {t = t})}\"\n}\n";
const SELF_RENDERING_EXPR: &str = "templatestring(local.t, {t = local.t})";
const RECURSION_DETAIL: &str = "Call to function \"templatestring\" failed: <templatestring argument>:1,3-18: Error in function call; Call to function \"templatestring\" failed: cannot recursively call templatestring from inside another template function.";

#[test]
fn a_template_that_renders_itself_is_refused_in_eval_jsonl_and_check() {
    let dir = scratch("templatestring");
    write(&dir.join("main.tf"), SELF_RENDERING);
    let d = dir.display().to_string();
    let bound = Duration::from_secs(20);

    let (o, took) = iacquiz(&["eval", "--config", &d, SELF_RENDERING_EXPR], "");
    assert_ended("eval", &o, took, 1, bound);
    assert!(text(&o.stderr).contains(RECURSION_DETAIL), "{}", text(&o.stderr));

    // The batch goes on after the refusal.
    let batch = format!(
        "{{\"expr\": \"1 + 1\", \"config\": null}}\n{}\n{{\"expr\": \"2 + 2\", \"config\": null}}\n",
        serde_json::json!({"expr": SELF_RENDERING_EXPR, "config": d})
    );
    let (o, took) = iacquiz(&["eval", "--jsonl"], &batch);
    assert_ended("eval --jsonl", &o, took, 0, bound);
    let lines: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(lines.len(), 3, "{}", text(&o.stdout));
    assert_eq!(lines[0]["out"], "2");
    assert_eq!(lines[1]["ok"], false);
    assert_eq!(lines[1]["detail"], RECURSION_DETAIL);
    assert_eq!(lines[2]["out"], "4");

    // A question whose answer is the refusal's value fails its check, as any wrong answer.
    let bank = dir.join("bank");
    bank_with(&bank, SELF_RENDERING, SELF_RENDERING_EXPR, "\"x\"");
    let (o, took) = iacquiz(&["check", "--bank", &bank.display().to_string()], "");
    assert_ended("check", &o, took, 1, bound);
    assert!(
        text(&o.stdout).contains("cannot recursively call templatestring"),
        "{}",
        text(&o.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_renders_itself_under_a_misconception_stops_at_the_depth_limit() {
    // Under the misconception that file() interpolates as templatefile() does, a file that reads
    // itself rendered itself until the stack overflowed: `check` evaluates every question under
    // the misconceptions it touches, so a bank with such a file aborted it. A nested template
    // now starts at its caller's depth, so the nesting stops at the evaluator's depth limit. On
    // a thread of the binary's 32 MiB stack.
    let run = || {
        let mut s = Session::new();
        s.host = iacquiz::lang::eval::host::Host::with_files([("self.txt".to_string(), b"x${file(\"self.txt\")}".to_vec())].into());
        let rules = iacquiz::lang::Rules::with(iacquiz::lang::dialect::rules::Rule::FileNoInterpolation);
        s.eval("file(\"self.txt\")", &rules, false).result.map(|a| a.console())
    };
    match std::thread::Builder::new().stack_size(32 << 20).spawn(run).map(|h| h.join()) {
        Ok(Ok(Err(d))) => assert!(d.detail.contains("Expression too deeply nested"), "{}: {}", d.summary, d.detail),
        Ok(Ok(Ok(v))) => panic!("expected the depth limit, got {v}"),
        _ => panic!("the evaluation did not finish"),
    }
}

/// A configuration of `n` locals in a chain, `a0 = local.a1` ... `aN = 1`.
fn chain(n: usize) -> String {
    let mut s = String::from("locals {\n");
    for i in 0..n {
        s.push_str(&format!("  a{i} = local.a{}\n", i + 1));
    }
    s.push_str(&format!("  a{n} = 1\n}}\n"));
    s
}

/// The longest chain a bank question can hold (an instance is at most 256 KiB): three-letter
/// names, one link a line.
fn compact_chain(n: usize) -> String {
    let name = |i: usize| {
        let l = |k: usize| char::from(b'a' + (k % 26) as u8);
        format!("{}{}{}", l(i / 676), l(i / 26), l(i))
    };
    let mut s = String::from("locals {\n");
    for i in 0..n {
        s.push_str(&format!("{}=local.{}\n", name(i), name(i + 1)));
    }
    s.push_str(&format!("{}=1\n}}\n", name(n)));
    s
}

// Point 5. Each link of a chain of locals took a native stack frame (the walk evaluated a
// local's references by recursion); 28,000 links overflowed the 32 MiB stack of a release build.
// Terraform walks the chain as a graph; so do we now, in dependency order.
#[test]
fn a_chain_of_forty_thousand_locals_evaluates() {
    let dir = scratch("chain");
    let config = chain(40_000);
    assert!(config.len() > 900_000 && (config.len() as u64) < iacquiz::lang::config::MAX_FILE_BYTES);
    write(&dir.join("main.tf"), &config);
    let d = dir.display().to_string();
    let (o, took) = iacquiz(&["eval", "--config", &d, "local.a0"], "");
    assert_ended("eval --config (40,000 locals)", &o, took, 0, Duration::from_secs(60));
    assert_eq!(text(&o.stdout).trim(), "1");

    let bank = dir.join("bank");
    let config = compact_chain(17_000);
    bank_with(&bank, &config, "local.aaa", "1");
    let (o, took) = iacquiz(&["check", "--bank", &bank.display().to_string()], "");
    assert_ended("check (a question of 17,000 locals)", &o, took, 0, Duration::from_secs(60));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_chain_of_locals_evaluates_on_a_small_stack() {
    // In the library on a 2 MiB thread (a debug build's frames are large): no recursion per link.
    let run = || {
        let s = match Session::with_config_text("main.tf", &chain(5_000)) {
            Ok(s) => s,
            Err(d) => panic!("{}: {}", d.summary, d.detail),
        };
        s.console("local.a0")
    };
    let out = std::thread::Builder::new().stack_size(2 << 20).spawn(run).map(|h| h.join());
    match out {
        Ok(Ok(Ok(v))) => assert_eq!(v, "1"),
        Ok(Ok(Err(d))) => panic!("{}: {}", d.summary, d.detail),
        _ => panic!("the evaluation did not finish"),
    }
}

/// `false ? 0 : false ? 0 : ... 1` with `n` links.
fn ladder(n: usize) -> String {
    format!("{}1", "false ? 0 : ".repeat(n))
}

// Point 6. An else-if ladder deeper than the parser takes is refused, as before, but in linear
// time: finding a legacy index on a literal (`1 .5`) searched every token for each number (80,000
// links took 16 s of CPU in a release build), and in a configuration file the search for a second
// argument on the line parsed every head of it (8,000 links took 27 s).
#[test]
fn else_if_ladders_are_refused_promptly() {
    let bound = Duration::from_secs(20);
    let (o, took) = iacquiz(&["eval", "-"], &ladder(80_000));
    assert_ended("eval - (80,000 links)", &o, took, 1, bound);
    assert!(text(&o.stderr).contains("Expression too deeply nested"), "{}", text(&o.stderr));

    let dir = scratch("ladder");
    write(&dir.join("main.tf"), &format!("locals {{\n  x = {}\n}}\n", ladder(20_000)));
    let (o, took) = iacquiz(&["eval", "--config", &dir.display().to_string(), "1"], "");
    assert_ended("eval --config (a local of 20,000 links)", &o, took, 1, bound);
    assert!(text(&o.stderr).contains("Expression too deeply nested"), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_typed_answer_of_a_long_ladder_is_graded_promptly() {
    // `quiz grade` parses each typed answer (20,000 links took 8 s before).
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch("grade");
    let bob = match std::fs::read_to_string(root.join("tests/quiz/responses/responses-bob.json")) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    let mut r: serde_json::Value = match serde_json::from_str(&bob) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    };
    let Some(answers) = r["answers"].as_array_mut() else {
        panic!("responses-bob.json has no answers")
    };
    for a in answers.iter_mut() {
        if a["answer"].as_str().is_some_and(|s| s.starts_with('[')) {
            a["answer"] = serde_json::Value::String(ladder(20_000));
        }
    }
    let responses = dir.join("responses-ladder.json");
    write(&responses, &r.to_string());
    let quiz = root.join("tests/quiz/responses/quiz.json").display().to_string();
    let (o, took) = iacquiz(&["quiz", "grade", &quiz, &responses.display().to_string()], "");
    assert_ended("quiz grade (a typed answer of 20,000 links)", &o, took, 0, Duration::from_secs(20));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The console output of `expr`, or `ERR summary: detail`.
fn console(expr: &str) -> String {
    match Session::new().console(expr) {
        Ok(v) => v,
        Err(d) => format!("ERR {}: {}", d.summary, d.detail),
    }
}

// Point 7. Compiling a pattern was charged to no budget and done again at every call: one
// `[\p{L}\p{N}]{1000}` took 0.4 s and 170 MB, fifty of them in a `for` 19 s of CPU.
#[test]
fn a_pattern_past_the_automaton_limit_is_refused_promptly() {
    for expr in [
        r#"length(regexall("[\\p{L}\\p{N}]{1000}", "x"))"#,
        r#"length([for i in range(50) : regexall("[\\p{L}\\p{N}]{1000}", "x${i}")])"#,
        r#"replace("x", "/[\\p{L}\\p{N}]{1000}/", "y")"#,
    ] {
        let (o, took) = iacquiz(&["eval", "-"], expr);
        assert_ended(expr, &o, took, 1, Duration::from_secs(20));
        let err = text(&o.stderr);
        assert!(
            err.contains("Evaluation too large") && err.contains("compiles to an automaton of more than 16 MiB"),
            "{expr}: {err}"
        );
    }
}

#[test]
fn a_glob_past_the_automaton_limit_is_refused_promptly() {
    // fileset's glob becomes a regular expression too, compiled and charged alike: 200,000 `?`
    // (each `[^/]`, a class of every character but one) pass the limit.
    let dir = scratch("glob");
    write(&dir.join("main.tf"), "locals {}\n");
    write(&dir.join("a.txt"), "");
    let expr = r#"length(fileset(".", join("", [for i in range(1000) : join("", [for j in range(200) : "?"])])))"#;
    let (o, took) = iacquiz(&["eval", "--config", &dir.display().to_string(), expr], "");
    assert_ended("fileset of a huge glob", &o, took, 1, Duration::from_secs(20));
    let err = text(&o.stderr);
    assert!(err.contains("The glob pattern \"????"), "{err}");
    assert!(err.contains("compiles to an automaton of more than 16 MiB"), "{err}");
    let (o, _) = iacquiz(&["eval", "--config", &dir.display().to_string(), r#"fileset(".", "*.txt")"#], "");
    assert_eq!(text(&o.stdout), "toset([\n  \"a.txt\",\n])\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pattern_is_compiled_once_per_evaluation() {
    // `[\p{L}]{100}` compiles to 4.8 MB (charged to the 64 MiB size budget and, as time, to
    // 300,000 of the 2,000,000 steps): fifty uses charge it once, where compiling it at each
    // call would charge four times the size budget and seven times the step budget.
    assert_eq!(
        console(r#"length([for i in range(50) : regexall("[\\p{L}]{100}", "x${i}")])"#),
        "50"
    );
    // Fifty different patterns of that size are each compiled, and stop at the budget.
    let many = console(r#"length([for i in range(50) : regexall("[\\p{L}]{${100 + i}}", "x")])"#);
    assert!(
        many.starts_with("ERR Evaluation too large: Compiling the regular expression \"[\\\\p{L}]{1"),
        "{many}"
    );
    assert!(many.contains("would take this expression past its budget"), "{many}");
}
