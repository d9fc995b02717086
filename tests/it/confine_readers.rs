//! Every reader of a file the program does not own, attacked the same three ways through the
//! command line: a symlink out of its folder, a FIFO (which would block a plain read for ever)
//! and a file over the reader's cap (sparse, so the test writes no data). Each must end at once
//! (a watchdog kills a child still running after 20 s and fails the test), exit non-zero and say
//! which file it refused and why.

#![cfg(unix)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-readers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

/// Makes a FIFO at `p`; false when `mkfifo` is not available (that part is then skipped).
fn mkfifo(p: &Path) -> bool {
    Command::new("mkfifo").arg(p).status().is_ok_and(|s| s.success())
}

/// Makes a sparse file of `len` bytes at `p` (no data written: it is all a hole).
fn sparse(p: &Path, len: u64) {
    std::fs::File::create(p).and_then(|f| f.set_len(len)).expect("sparse file");
}

fn symlink(target: impl AsRef<Path>, link: &Path) {
    std::os::unix::fs::symlink(target, link).expect("symlink");
}

/// What a run of the binary gave.
struct Ran {
    code: i32,
    out: String,
    err: String,
}

impl Ran {
    /// Both streams, for messages and for searching.
    fn all(&self) -> String {
        format!("{}{}", self.out, self.err)
    }
}

/// Runs the binary; a child still running after 20 s is killed and the test fails (a read that
/// blocks on a FIFO or never ends on /dev/zero is the bug these tests look for).
fn run(args: &[&str], stdin: &str, env: &[(&str, &Path)]) -> Ran {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_iacquiz"));
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("run iacquiz");
    if let Some(mut i) = child.stdin.take() {
        let _ = i.write_all(stdin.as_bytes());
    }
    let start = Instant::now();
    let mut ended = false;
    while start.elapsed() < Duration::from_secs(20) {
        if let Ok(Some(_)) = child.try_wait() {
            ended = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    if !ended {
        let _ = child.kill();
    }
    let out = child.wait_with_output().expect("iacquiz ends");
    assert!(
        ended,
        "iacquiz {args:?} was still running after 20 s (a read blocked or never ended)"
    );
    Ran {
        code: out.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&out.stdout).into(),
        err: String::from_utf8_lossy(&out.stderr).into(),
    }
}

/// The run failed (non-zero), named `file` and said `why`.
fn assert_refused(r: &Ran, what: &str, file: &str, why: &[&str]) {
    assert_ne!(r.code, 0, "{what} must fail: {}", r.all());
    let all = r.all();
    assert!(all.contains(file), "{what}: the message must name {file}: {all}");
    assert!(
        why.iter().any(|w| all.contains(w)),
        "{what}: the message must say why ({why:?}): {all}"
    );
}

const MAIN_TF: &str = "locals { x = 1 }\noutput \"x\" { value = local.x }\nresource \"example_thing\" \"t\" {\n  a = 1\n}\n";

/// The ways a configuration file can be hostile: (file name, why the reader must give).
fn hostile_config_files(base: &Path, cfg: &Path, suffix: &str) -> Vec<(String, &'static [&'static str])> {
    std::fs::write(base.join("secret.hcl"), "locals { secret = \"s3cr3t\" }\n").expect("write");
    let mut out: Vec<(String, &'static [&'static str])> = Vec::new();
    let link = format!("leak{suffix}");
    symlink(base.join("secret.hcl"), &cfg.join(&link));
    out.push((link, &["outside"]));
    let big = format!("big{suffix}");
    sparse(&cfg.join(&big), iacquiz::lang::config::MAX_FILE_BYTES + 1);
    out.push((big, &["larger than"]));
    let fifo = format!("pipe{suffix}");
    if mkfifo(&cfg.join(&fifo)) {
        out.push((fifo, &["not a regular file"]));
    }
    out
}

#[test]
fn every_configuration_reader_refuses_a_link_out_a_fifo_and_an_oversize_file() {
    for (n, suffix) in [".tf", ".tftest.hcl"].into_iter().enumerate() {
        for i in 0..3 {
            // One hostile file per folder, so each refusal is the one under test.
            let base = scratch(&format!("config-{n}-{i}"));
            let cfg = base.join("cfg");
            std::fs::create_dir_all(&cfg).expect("mkdir");
            std::fs::write(cfg.join("main.tf"), MAIN_TF).expect("write");
            let all = hostile_config_files(&base, &cfg, suffix);
            let Some((file, why)) = all.get(i).cloned() else { continue };
            for (other, _) in &all {
                if *other != file {
                    let _ = std::fs::remove_file(cfg.join(other));
                }
            }
            let dir = cfg.to_string_lossy().to_string();
            let jsonl = format!("{}\n", serde_json::json!({"expr": "local.x", "config": dir}));
            let readers: Vec<(Vec<&str>, &str)> = vec![
                (vec!["eval", "--config", &dir, "local.x"], ""),
                (vec!["eval", "--config", &dir, "--outputs"], ""),
                (vec!["eval", "--jsonl"], &jsonl),
                (vec!["diagnose", "--config", &dir, "local.x", "1"], ""),
                (vec!["blocks", "--config", &dir, "example_thing.t"], ""),
            ];
            for (args, input) in readers {
                let r = run(&args, input, &[]);
                let what = format!("{args:?} with {file}");
                if args.contains(&"--jsonl") {
                    // A batch answers each line; the line's answer is the failure.
                    assert!(r.out.contains("\"ok\":false"), "{what} must fail: {}", r.all());
                    assert!(
                        r.out.contains(&file) && why.iter().any(|w| r.out.contains(w)),
                        "{what}: {}",
                        r.all()
                    );
                } else {
                    assert_refused(&r, &what, &file, why);
                }
                assert!(!r.all().contains("s3cr3t"), "{what} leaked the file outside: {}", r.all());
            }
            let _ = std::fs::remove_dir_all(&base);
        }
    }
}

#[test]
fn a_var_file_must_be_a_regular_file_under_the_cap() {
    let base = scratch("var-file");
    std::fs::write(base.join("main.tf"), "variable \"v\" {\n  default = 1\n}\n").expect("write");
    let dir = base.to_string_lossy().to_string();
    let big = base.join("big.tfvars");
    sparse(&big, iacquiz::lang::config::MAX_FILE_BYTES + 1);
    let zero = base.join("zero.tfvars");
    symlink("/dev/zero", &zero);
    let mut cases = vec![(big, "larger than"), (zero, "not a regular file")];
    let fifo = base.join("pipe.tfvars");
    if mkfifo(&fifo) {
        cases.push((fifo, "not a regular file"));
    }
    for (f, why) in cases {
        let f = f.to_string_lossy().to_string();
        let r = run(&["eval", "--config", &dir, "--var-file", &f, "var.v"], "", &[]);
        assert_refused(&r, "--var-file", &f, &[why]);
        assert!(r.err.contains("--var-file"), "{}", r.all());
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn file_functions_and_templatefile_refuse_a_link_out_a_fifo_and_an_oversize_file() {
    let base = scratch("file-functions");
    let cfg = base.join("cfg");
    std::fs::create_dir_all(&cfg).expect("mkdir");
    std::fs::write(cfg.join("main.tf"), "locals {}\n").expect("write");
    std::fs::write(base.join("secret.txt"), "s3cr3t").expect("write");
    symlink(base.join("secret.txt"), &cfg.join("leak.txt"));
    // One byte over the evaluation's memory budget: refused from its size, never read (a sparse
    // file of 64 MiB would otherwise be read whole before the budget saw it).
    sparse(&cfg.join("big.bin"), iacquiz::lang::eval::SIZE_BUDGET + 1);
    let has_fifo = mkfifo(&cfg.join("pipe.txt"));
    let dir = cfg.to_string_lossy().to_string();
    for f in ["file", "filebase64", "filesha256", "filemd5", "filebase64sha512"] {
        let r = run(&["eval", "--config", &dir, &format!("{f}(\"leak.txt\")")], "", &[]);
        assert_ne!(r.code, 0, "{f} of a link out: {}", r.all());
        assert!(!r.all().contains("s3cr3t"), "{f} leaked: {}", r.all());
        let r = run(&["eval", "--config", &dir, &format!("{f}(\"big.bin\")")], "", &[]);
        assert_refused(&r, &format!("{f} of an oversize file"), "big.bin", &["larger than"]);
        if has_fifo {
            let r = run(&["eval", "--config", &dir, &format!("{f}(\"pipe.txt\")")], "", &[]);
            assert_refused(&r, &format!("{f} of a FIFO"), "pipe.txt", &["not a regular file"]);
        }
    }
    let r = run(&["eval", "--config", &dir, "templatefile(\"leak.txt\", {})"], "", &[]);
    assert_refused(&r, "templatefile of a link out", "leak.txt", &["outside"]);
    assert!(!r.all().contains("s3cr3t"), "{}", r.all());
    let r = run(&["eval", "--config", &dir, "templatefile(\"big.bin\", {})"], "", &[]);
    assert_refused(&r, "templatefile of an oversize file", "big.bin", &["larger than"]);
    if has_fifo {
        let r = run(&["eval", "--config", &dir, "templatefile(\"pipe.txt\", {})"], "", &[]);
        assert_refused(&r, "templatefile of a FIFO", "pipe.txt", &["not a regular file"]);
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn fileset_lists_the_one_real_file_in_a_folder_of_links_to_itself() {
    let base = scratch("fileset-loop");
    std::fs::write(base.join("main.tf"), "locals {}\n").expect("write");
    symlink(".", &base.join("a"));
    symlink(".", &base.join("b"));
    let dir = base.to_string_lossy().to_string();
    let r = run(&["eval", "--config", &dir, "fileset(\".\", \"**\")"], "", &[]);
    assert_eq!(r.code, 0, "{}", r.all());
    assert_eq!(r.out.trim(), "toset([\n  \"main.tf\",\n])", "{}", r.all());
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_bank_folder_refuses_a_link_out_a_fifo_and_an_oversize_file() {
    let base = scratch("bank");
    std::fs::write(base.join("secret.yaml"), "questions: []\n").expect("write");
    let mut cases: Vec<(&str, &str)> = vec![("leak.yaml", "leads out"), ("big.yaml", "too large")];
    let bank_of = |n: usize| {
        let b = base.join(format!("bank{n}"));
        std::fs::create_dir_all(b.join("terraform")).expect("mkdir");
        b
    };
    symlink(base.join("secret.yaml"), &bank_of(0).join("terraform/leak.yaml"));
    sparse(
        &bank_of(1).join("terraform/big.yaml"),
        iacquiz::bank::load::files::MAX_FILE_BYTES + 1,
    );
    if mkfifo(&bank_of(2).join("terraform/pipe.yaml")) {
        cases.push(("pipe.yaml", "not a regular file"));
    }
    for (n, (file, why)) in cases.into_iter().enumerate() {
        let bank = base.join(format!("bank{n}")).to_string_lossy().to_string();
        let r = run(&["check", "--bank", &bank], "", &[]);
        assert_refused(&r, &format!("check with {file}"), file, &[why, "refused"]);
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_rivet_module_file_refuses_a_link_out_a_fifo_and_an_oversize_file() {
    let base = scratch("rivet");
    std::fs::write(base.join("secret.rvt"), "variable \"s3cr3t\" {\n  type = string\n}\n").expect("write");
    let mut cases: Vec<(&str, &[&str])> = vec![("leak.rvt", &["outside"]), ("big.rvt", &["larger than"])];
    let root_of = |n: usize| {
        let r = base.join(format!("cfg{n}"));
        std::fs::create_dir_all(r.join("modules/m")).expect("mkdir");
        std::fs::write(r.join("main.rvt"), "module \"m\" {\n  source = \"./modules/m\"\n}\n").expect("write");
        r
    };
    symlink(base.join("secret.rvt"), &root_of(0).join("modules/m/leak.rvt"));
    sparse(&root_of(1).join("modules/m/big.rvt"), iacquiz::lang::eval::SIZE_BUDGET + 1);
    if mkfifo(&root_of(2).join("modules/m/pipe.rvt")) {
        cases.push(("pipe.rvt", &["not a regular file"]));
    }
    for (n, (file, why)) in cases.into_iter().enumerate() {
        let root = base.join(format!("cfg{n}")).to_string_lossy().to_string();
        let r = run(&["rivet", "expand", &root], "", &[]);
        assert_refused(&r, &format!("rivet expand with {file}"), file, why);
        assert!(!r.all().contains("s3cr3t"), "{}", r.all());
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_progress_store_that_is_not_a_regular_file_is_refused_and_left_alone() {
    let bank = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tui-bank");
    let base = scratch("progress");
    let data = |n: usize| {
        let d = base.join(format!("data{n}"));
        std::fs::create_dir_all(&d).expect("mkdir");
        d
    };
    // A link to /dev/zero would be read until memory ran out; a link is not moved aside either.
    symlink("/dev/zero", &data(0).join("progress.json"));
    sparse(&data(1).join("progress.json"), iacquiz::quiz::progress::MAX_BYTES + 1);
    let mut cases = vec![(data(0), "not a regular file"), (data(1), "larger than")];
    if mkfifo(&data(2).join("progress.json")) {
        cases.push((data(2), "not a regular file"));
    }
    for (dir, why) in cases {
        let r = run(&["stats", "--bank", bank], "", &[("IACQUIZ_DATA_DIR", &dir)]);
        assert_refused(&r, &format!("stats with {why}"), "progress.json", &[why]);
        // Refused, not treated as a corrupt store: nothing was moved aside or written over it.
        let names: Vec<String> = std::fs::read_dir(&dir)
            .expect("list")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with(".progress.json.lock") && n != "progress.lock")
            .collect();
        assert!(names.iter().all(|n| !n.contains("corrupt")), "{why}: moved aside: {names:?}");
        assert!(names.contains(&"progress.json".to_string()), "{why}: {names:?}");
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn quiz_and_responses_files_must_be_regular_files_under_the_cap() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/quiz/responses");
    let quiz = fixtures.join("quiz.json").to_string_lossy().to_string();
    let base = scratch("quiz-files");
    let out = base.to_string_lossy().to_string();
    let big = base.join("big.json");
    sparse(&big, 64 << 20);
    let zero = base.join("zero.json");
    symlink("/dev/zero", &zero);
    let mut hostile = vec![(big, "larger than"), (zero, "not a regular file")];
    let fifo = base.join("pipe.json");
    if mkfifo(&fifo) {
        hostile.push((fifo, "not a regular file"));
    }
    for (f, why) in hostile {
        let f = f.to_string_lossy().to_string();
        let r = run(&["quiz", "take", "--plain", "--name", "x", "--out", &out, &f], "", &[]);
        assert_refused(&r, &format!("quiz take {f}"), &f, &[why]);
        let r = run(&["quiz", "grade", &f, &quiz], "", &[]);
        assert_refused(&r, &format!("quiz grade {f} (as the quiz)"), &f, &[why]);
        let r = run(&["quiz", "grade", &quiz, &f], "", &[]);
        assert_refused(&r, &format!("quiz grade with responses {f}"), &f, &[why]);
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_jsonl_line_over_the_cap_is_refused_and_the_next_line_answered() {
    let cap = iacquiz::lang::config::MAX_FILE_BYTES as usize;
    let mut input = format!("{{\"expr\": \"1\", \"pad\": \"{}\"}}\n", " ".repeat(cap));
    input.push_str("{\"expr\": \"1 + 1\", \"config\": null}\n");
    let r = run(&["eval", "--jsonl"], &input, &[]);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines.len(), 2, "{}", r.all());
    assert!(
        lines[0].contains("\"ok\":false") && lines[0].contains("line 1: refused: longer than"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "{\"ok\":true,\"out\":\"2\"}");
    // `eval -` reads the expression from standard input under the same cap.
    let r = run(&["eval", "-"], &format!("1{}", " ".repeat(cap)), &[]);
    assert_refused(&r, "eval - over the cap", "standard input", &["larger than"]);
}
