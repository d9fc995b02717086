//! Every file function stays inside the configuration's folder: `..`, absolute paths and
//! symlinks that lead out are refused before anything is read.

use std::path::Path;

use iacquiz::lang::session::Session;

#[test]
fn file_functions_refuse_every_escape() {
    let base = std::env::temp_dir().join(format!("iacquiz-sandbox-{}", std::process::id()));
    let inner = base.join("config");
    std::fs::create_dir_all(&inner).expect("mkdir");
    std::fs::write(base.join("secret.txt"), "top secret").expect("write");
    std::fs::write(inner.join("ok.txt"), "fine").expect("write");
    std::fs::write(inner.join("main.tf"), "locals {}\n").expect("write");
    #[cfg(unix)]
    {
        let _ = std::os::unix::fs::symlink(base.join("secret.txt"), inner.join("link.txt"));
        let _ = std::os::unix::fs::symlink(&base, inner.join("up"));
    }
    let s = Session::with_config_dir(&inner).expect("session");
    let secret = base.join("secret.txt").to_string_lossy().to_string();
    let mut escapes = vec![
        "../secret.txt".to_string(),
        "./../secret.txt".into(),
        "sub/../../secret.txt".into(),
        secret,
    ];
    if cfg!(unix) {
        escapes.push("link.txt".into());
        escapes.push("up/secret.txt".into());
    }
    for path in &escapes {
        for f in ["file", "filebase64", "filemd5", "filesha256", "filebase64sha512", "fileexists"] {
            let r = s.console(&format!("{f}({path:?})"));
            match r {
                Ok(v) => assert!(!v.contains("secret") && v != "true", "{f}({path}) gave {v}"),
                Err(d) => assert!(!d.detail.contains("top secret"), "{f}({path}) leaked: {}", d.detail),
            }
        }
        let t = s.console(&format!("templatefile({path:?}, {{}})"));
        assert!(t.is_err(), "templatefile({path}) must fail");
    }
    assert_eq!(s.console("file(\"ok.txt\")").expect("inside"), "\"fine\"");
    let listed = s.console("fileset(\"..\", \"*\")");
    assert!(listed.is_err(), "fileset of the parent folder must fail: {listed:?}");
    let listed = s.console("fileset(\".\", \"**\")").expect("fileset inside");
    assert!(!listed.contains("secret"), "{listed}");
    let _ = std::fs::remove_dir_all(&base);
}

/// Runs the binary with `args`, returning (exit code, stdout, stderr).
fn iacquiz(args: &[&str], stdin: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run iacquiz");
    if let Some(mut i) = child.stdin.take() {
        let _ = i.write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output().expect("iacquiz ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[cfg(unix)]
#[test]
fn a_configuration_file_linked_out_of_the_folder_is_never_read() {
    let base = std::env::temp_dir().join(format!("iacquiz-tf-link-{}", std::process::id()));
    let cfg = base.join("cfg");
    std::fs::create_dir_all(&cfg).expect("mkdir");
    std::fs::write(
        base.join("outside-secret.hcl"),
        "locals { secret = \"s3cr3t\" }\noutput \"secret\" { value = local.secret }\n",
    )
    .expect("write");
    std::fs::write(cfg.join("main.tf"), "resource \"example_thing\" \"x\" {\n  a = 1\n}\n").expect("write");
    let _ = std::os::unix::fs::symlink(base.join("outside-secret.hcl"), cfg.join("leak.tf"));
    let _ = std::os::unix::fs::symlink(base.join("outside-secret.hcl"), cfg.join("leak.tftest.hcl"));
    let dir = cfg.to_string_lossy().to_string();
    let jsonl = format!("{}\n", serde_json::json!({"expr": "local.secret", "config": dir}));
    let readers: Vec<(Vec<&str>, &str)> = vec![
        (vec!["eval", "--config", &dir, "local.secret"], ""),
        (vec!["eval", "--config", &dir, "--outputs"], ""),
        (vec!["eval", "--jsonl"], &jsonl),
        (vec!["blocks", "--config", &dir, "example_thing.x"], ""),
        (vec!["conditions", "--config", &dir], ""),
        (vec!["diagnose", "--config", &dir, "local.secret", "\"s3cr3t\""], ""),
    ];
    for (args, input) in readers {
        let (code, out, err) = iacquiz(&args, input);
        let batch = args.contains(&"--jsonl");
        // A batch reports each line's failure in its answer; every other reader exits non-zero.
        assert!(
            if batch { out.contains("\"ok\":false") } else { code != 0 },
            "{args:?} must fail: {code} {out}"
        );
        // diagnose echoes the answer it was given, so only its verdict can leak the file.
        let leaked = if args.contains(&"diagnose") {
            out.contains("Right")
        } else {
            out.contains("s3cr3t") || err.contains("s3cr3t")
        };
        assert!(!leaked, "{args:?} leaked: {out}{err}");
        assert!(out.contains("outside") || err.contains("outside"), "{args:?} says why: {out}{err}");
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[cfg(unix)]
#[test]
fn fileset_does_not_follow_links_to_folders() {
    // Two links to the folder itself made the walk list the same file a hundred thousand times.
    let base = std::env::temp_dir().join(format!("iacquiz-fileset-loop-{}", std::process::id()));
    let cfg = base.join("cfg");
    std::fs::create_dir_all(cfg.join("sub")).expect("mkdir");
    std::fs::write(cfg.join("main.tf"), "locals {}\n").expect("write");
    std::fs::write(cfg.join("sub/f.txt"), "x").expect("write");
    let _ = std::os::unix::fs::symlink(".", cfg.join("a"));
    let _ = std::os::unix::fs::symlink(".", cfg.join("b"));
    let _ = std::os::unix::fs::symlink("sub", cfg.join("s"));
    let s = Session::with_config_dir(&cfg).expect("session");
    let got = s.console("fileset(\".\", \"**\")").map_err(|d| d.detail);
    assert_eq!(got, Ok("toset([\n  \"main.tf\",\n  \"sub/f.txt\",\n])".to_string()));
    let _ = std::fs::remove_dir_all(&base);
}

#[cfg(unix)]
#[test]
fn a_fifo_named_like_a_bank_file_is_refused_not_read() {
    let base = std::env::temp_dir().join(format!("iacquiz-fifo-bank-{}", std::process::id()));
    std::fs::create_dir_all(base.join("terraform")).expect("mkdir");
    let fifo = base.join("terraform/x.yaml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo on this machine: nothing to test
    }
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(["check", "--bank"])
        .arg(&base)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run iacquiz");
    // Reading the FIFO would block for ever: give the check ten seconds.
    let mut code = None;
    for _ in 0..100 {
        if let Ok(Some(s)) = child.try_wait() {
            code = s.code();
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    if code.is_none() {
        let _ = child.kill();
    }
    let out = child.wait_with_output().expect("iacquiz ends");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    let _ = std::fs::remove_dir_all(&base);
    assert_eq!(code, Some(2), "check must end at once with an unreadable bank: {err}");
    assert!(err.contains("x.yaml") && err.contains("not a regular file"), "{err}");
}

#[test]
fn escape_sequences_from_a_bank_are_shown_not_sent_to_the_terminal() {
    // A topic that would clear the screen and write the clipboard (OSC 52).
    let base = std::env::temp_dir().join(format!("iacquiz-esc-bank-{}", std::process::id()));
    std::fs::create_dir_all(base.join("terraform")).expect("mkdir");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/quiz/bank/terraform/types.yaml");
    let text = std::fs::read_to_string(src).expect("read the test bank");
    let hostile = text.replacen("topic: types", "topic: \"types\\e[2J\\e]52;c;aGk=\\a\"", 1);
    assert_ne!(hostile, text, "the topic line is there to replace");
    std::fs::write(base.join("terraform/types.yaml"), hostile).expect("write");
    let dir = base.to_string_lossy().to_string();
    for flag in ["--list", "--coverage"] {
        let (code, out, err) = iacquiz(&["bank", "--bank", &dir, flag], "");
        assert_eq!(code, 0, "{err}");
        assert!(
            !out.contains('\u{1b}') && !out.contains('\u{7}'),
            "{flag} printed an escape: {out:?}"
        );
        assert!(out.contains("types\\u{1b}[2J"), "{flag} shows it instead: {out}");
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_topic_cannot_inject_a_question_into_gift() {
    let base = std::env::temp_dir().join(format!("iacquiz-gift-inject-{}", std::process::id()));
    std::fs::create_dir_all(base.join("bank/terraform")).expect("mkdir");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/quiz/bank/terraform/types.yaml");
    let text = std::fs::read_to_string(src).expect("read the test bank");
    let hostile = text.replacen("topic: types", "topic: \"x\\n::INJ::Injected{=yes ~no}\\n//\"", 1);
    assert_ne!(hostile, text);
    std::fs::write(base.join("bank/terraform/types.yaml"), hostile).expect("write");
    let (bank, out) = (
        base.join("bank").to_string_lossy().to_string(),
        base.join("out").to_string_lossy().to_string(),
    );
    let (code, _, err) = iacquiz(
        &["quiz", "new", "--bank", &bank, "--count", "1", "--format", "gift", "--out", &out],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let gift = std::fs::read_to_string(base.join("out/quiz.gift")).expect("quiz.gift");
    assert!(!gift.lines().any(|l| l.starts_with("::INJ")), "{gift}");
    assert_eq!(
        gift.lines().filter(|l| l.starts_with("::")).count(),
        1,
        "one question, as drawn: {gift}"
    );
    let _ = std::fs::remove_dir_all(&base);
}

#[cfg(unix)]
#[test]
fn file_functions_refuse_a_fifo_instead_of_blocking() {
    let base = std::env::temp_dir().join(format!("iacquiz-fifo-file-{}", std::process::id()));
    std::fs::create_dir_all(&base).expect("mkdir");
    std::fs::write(base.join("main.tf"), "locals {}\n").expect("write");
    let made = std::process::Command::new("mkfifo").arg(base.join("pipe.txt")).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo on this machine: nothing to test
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let dir = base.clone();
    std::thread::spawn(move || {
        let s = Session::with_config_dir(&dir).expect("session");
        let got: Vec<Result<String, String>> = ["file", "filebase64", "filesha256", "templatefile"]
            .iter()
            .map(|f| {
                let call = if *f == "templatefile" {
                    format!("{f}(\"pipe.txt\", {{}})")
                } else {
                    format!("{f}(\"pipe.txt\")")
                };
                s.console(&call).map_err(|d| d.detail)
            })
            .collect();
        let _ = tx.send(got);
    });
    // Opening a FIFO for reading blocks until a writer comes: give the reads five seconds.
    let got = rx.recv_timeout(std::time::Duration::from_secs(5)).expect("the reads end at once");
    for r in got {
        let err = r.expect_err("a FIFO is not read");
        assert!(err.contains("not a regular file"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&base);
}
