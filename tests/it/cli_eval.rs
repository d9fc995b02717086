//! The `iacquiz eval` command line: output, exit codes, stdin, JSON lines, configurations.

use std::io::Write;
use std::process::{Command, Stdio};

fn iacquiz(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_iacquiz"));
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn iacquiz");
    if let Some(input) = stdin {
        child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write stdin");
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn prints_like_the_console() {
    let (code, out, _) = iacquiz(&["eval", "--", "merge({a = 1}, {a = 2})"], None);
    assert_eq!((code, out.as_str()), (0, "{\n  \"a\" = 2\n}\n"));
}

#[test]
fn evaluation_error_exits_1_with_caret() {
    let (code, out, err) = iacquiz(&["eval", "--", "[1, 2][5]"], None);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.starts_with("Error: Invalid index"), "{err}");
    assert!(err.contains('^'), "{err}");
}

#[test]
fn unusable_arguments_exit_2() {
    assert_eq!(iacquiz(&["eval"], None).0, 2);
    assert_eq!(iacquiz(&["eval", "--format", "yaml", "1"], None).0, 2);
    assert_eq!(iacquiz(&["eval", "--config", "/nonexistent/folder", "1"], None).0, 2);
    assert_eq!(iacquiz(&["nosuchcommand"], None).0, 2);
}

#[test]
fn reads_stdin_and_prints_json() {
    let (code, out, _) = iacquiz(&["eval", "-"], Some("upper(\"x\")\n"));
    assert_eq!((code, out.trim()), (0, "\"X\""));
    let (code, out, _) = iacquiz(&["eval", "--format", "json", "--", "{zone = \"x\", count = 2}"], None);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v, serde_json::json!({"count": 2, "zone": "x"}));
}

#[test]
fn config_dir_gives_locals_and_vars() {
    let dir = std::env::temp_dir().join(format!("iacquiz-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::write(
        dir.join("main.tf"),
        "locals {\n  b = local.a + 1\n  a = var.n * 2\n}\nvariable \"n\" {\n  type = number\n  default = \"20\"\n}\n",
    )
    .expect("write");
    let d = dir.to_string_lossy().to_string();
    assert_eq!(iacquiz(&["eval", "--config", &d, "local.b"], None).1.trim(), "41");
    assert_eq!(iacquiz(&["eval", "--config", &d, "--var", "n=1", "local.b"], None).1.trim(), "3");
    std::fs::write(dir.join("cycle.tf"), "locals {\n  x = local.y\n  y = local.x\n}\n").expect("write");
    let (code, _, err) = iacquiz(&["eval", "--config", &d, "local.x"], None);
    assert_eq!(code, 1);
    assert!(err.contains("Cycle"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn jsonl_answers_each_line_in_order() {
    let input = "{\"expr\": \"1 + 1\", \"config\": null}\n{\"expr\": \"[1][3]\"}\nnot json\n{\"expr\": \"\\\"a\\\"\"}\n";
    let (code, out, _) = iacquiz(&["eval", "--jsonl"], Some(input));
    assert_eq!(code, 0);
    let rows: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("row")).collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0], serde_json::json!({"ok": true, "out": "2"}));
    assert_eq!(rows[1]["err"], "Invalid index");
    assert_eq!(rows[2]["ok"], false);
    assert_eq!(rows[3]["out"], "\"a\"");
}

#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, _) = iacquiz(&["completions", shell], None);
        assert_eq!(code, 0, "{shell}");
        assert!(
            out.contains("iacquiz") && out.contains("diagnose"),
            "{shell}: {}",
            &out[..out.len().min(200)]
        );
    }
    assert_eq!(iacquiz(&["completions", "nosh"], None).0, 2);
}

#[test]
fn a_reader_that_closes_early_is_not_a_panic() {
    use std::process::{Command, Stdio};
    // Over 100 KB of addresses: more than a pipe holds, so printing meets the closed pipe.
    let dir = std::env::temp_dir().join(format!("iacquiz-pipe-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let rvt = "file \"slots\" {\n  count   = 5000\n  path    = \"/tmp/x-${count.index}\"\n  content = \"a\"\n}\n";
    if let Err(e) = std::fs::write(dir.join("main.rvt"), rvt) {
        panic!("{e}");
    }
    let mut child = match Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .arg("rivet")
        .arg("expand")
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    drop(child.stdout.take());
    let out = match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}
