//! Shared by the quiz tests: the binary, the fixture bank, fresh temporary folders and the
//! arguments of the golden quiz.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The crate's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The small, stable bank the golden files are made from.
pub fn fixture_bank() -> PathBuf {
    root().join("tests/quiz/bank")
}

/// The golden files' folder.
pub fn golden_dir() -> PathBuf {
    root().join("tests/quiz/golden")
}

/// A fresh, empty temporary folder.
pub fn temp(tag: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::SeqCst);
    let d = std::env::temp_dir().join(format!("iacquiz-quiz-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Runs the binary with `args`.
pub fn run(args: &[&str]) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_iacquiz")).args(args).output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run iacquiz: {e}"),
    }
}

/// The arguments of the golden quiz (every question of the fixture bank, two variants).
pub fn golden_args(out: &Path) -> Vec<String> {
    let bank = fixture_bank().display().to_string();
    let out = out.display().to_string();
    [
        "quiz",
        "new",
        "--bank",
        &bank,
        "--count",
        "11",
        "--seed",
        "7",
        "--variants",
        "2",
        "--format",
        "md,html,gift,moodle,json",
        "--out",
        &out,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Makes the golden quiz into a fresh folder and returns it.
pub fn make_golden_quiz(tag: &str) -> PathBuf {
    let out = temp(tag);
    let args = golden_args(&out);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run(&args);
    assert!(
        o.status.success(),
        "quiz new failed: {}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// Reads a file to a string, failing the test with its path.
pub fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Compares `got` with the golden file `name`; `QUIZ_GOLDEN_UPDATE=1` rewrites it, and a
/// missing golden file is written from `got` for a person to review (and the test fails).
pub fn check_golden(name: &str, got: &str) -> Result<(), String> {
    let path = golden_dir().join(name);
    let update = std::env::var_os("QUIZ_GOLDEN_UPDATE").is_some_and(|v| v == "1");
    if update || !path.exists() {
        let _ = std::fs::create_dir_all(golden_dir());
        std::fs::write(&path, got).map_err(|e| format!("{}: {e}", path.display()))?;
        if !update {
            return Err(format!(
                "{name}: no golden file; wrote it from the current output: review it and commit it"
            ));
        }
        return Ok(());
    }
    let want = read(&path);
    if want == got {
        return Ok(());
    }
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let line = w.iter().zip(&g).position(|(a, b)| a != b).unwrap_or(w.len().min(g.len()));
    Err(format!(
        "{name} differs from tests/quiz/golden/{name} at line {}:\n  want: {}\n  got:  {}\n(QUIZ_GOLDEN_UPDATE=1 cargo test --test it quiz_golden:: rewrites the golden files; review the diff)",
        line + 1,
        w.get(line).unwrap_or(&"<end of file>"),
        g.get(line).unwrap_or(&"<end of file>")
    ))
}

/// Copies the folder `src` into `dst`, recursively (a bank to break in a test).
pub fn copy_dir(src: &Path, dst: &Path) {
    let _ = std::fs::create_dir_all(dst);
    for e in std::fs::read_dir(src).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &dst.join(e.file_name()));
        } else if let Err(err) = std::fs::copy(&p, dst.join(e.file_name())) {
            panic!("copy {}: {err}", p.display());
        }
    }
}

/// Replaces the first `from` in `file` (under the bank) by `to`; returns the 1-based line.
pub fn edit(bank: &Path, file: &str, from: &str, to: &str) -> usize {
    let p = bank.join(file);
    let text = std::fs::read_to_string(&p).unwrap_or_default();
    let Some(at) = text.find(from) else {
        panic!("{from:?} is not in {file}")
    };
    let line = text[..at].matches('\n').count() + 1;
    let _ = std::fs::write(&p, text.replacen(from, to, 1));
    line
}

/// The loader's errors for the bank in `bank` (none when it loads).
pub fn errors_of(bank: &Path) -> Vec<String> {
    match iacquiz::bank::Bank::load_dirs(&[bank.to_path_buf()]) {
        Ok(_) => Vec::new(),
        Err(e) => e.0.iter().map(|x| x.to_string()).collect(),
    }
}
