//! The golden `terraform fmt` cases of `tests/workflow/fmt/`, recorded from real Terraform by
//! `scripts/record-fmt.py` (1.0.3, 1.6.6, 1.8.4, 1.12.2, 1.14.9, 1.15.5), replayed through
//! `iacquiz terraform fmt`: each step on a fresh copy of the case's input, its standard
//! output, standard error, exit code and rewritten files compared byte for byte.
//!
//! The differences still known are listed in `known-differences.txt` beside the cases
//! (`CASE RELEASE STEP-NUMBER`): the test fails on a difference that is not listed, and on a
//! listed one that no longer differs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use iacquiz::workflow::command::{Invocation, run};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/workflow/fmt")
}

fn scratch(tag: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("iacquiz-wffmt-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn read_tree(dir: &Path, base: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if e.file_type().unwrap().is_dir() {
            read_tree(&p, base, out);
        } else {
            let rel = p.strip_prefix(base).unwrap().to_string_lossy().into_owned();
            out.insert(rel, std::fs::read(&p).unwrap());
        }
    }
}

fn copy_tree(from: &Path, to: &Path) {
    let mut files = BTreeMap::new();
    read_tree(from, from, &mut files);
    for (rel, bytes) in files {
        let p = to.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
}

fn version(s: &str) -> (u32, u32, u32) {
    let v: Vec<u32> = s.split('.').map(|p| p.parse().unwrap()).collect();
    (v[0], v[1], v[2])
}

/// Runs one recorded step; the differences found, one line each.
fn replay(case: &Path, release: &str, step: &serde_json::Value) -> Vec<String> {
    let line = step["step"].as_str().unwrap();
    let (args, stdin) = match line.rsplit_once(" < ") {
        Some((a, f)) => (a, Some(f.trim())),
        None => (line, None),
    };
    let input = case.join("input");
    let dir = scratch(case.file_name().unwrap().to_str().unwrap());
    copy_tree(&input, &dir);
    let mut before = BTreeMap::new();
    read_tree(&dir, &dir, &mut before);
    let stdin_text = stdin
        .map(|f| String::from_utf8(std::fs::read(input.join(f)).unwrap()).unwrap())
        .unwrap_or_default();
    let inv = Invocation {
        dir: dir.clone(),
        args: args.split_whitespace().map(str::to_string).collect(),
        env: [("TF_IN_AUTOMATION".to_string(), "1".to_string())].into_iter().collect(),
        version: version(release),
        seed: 1,
        input: Some(stdin_text),
    };
    let got = run(&inv);
    let mut after = BTreeMap::new();
    read_tree(&dir, &dir, &mut after);
    let _ = std::fs::remove_dir_all(&dir);
    let changed: BTreeMap<String, String> = after
        .iter()
        .filter(|(k, v)| before.get(*k) != Some(*v))
        .map(|(k, v)| (k.clone(), String::from_utf8_lossy(v).into_owned()))
        .collect();
    let want_files: BTreeMap<String, String> = step["files"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect();
    let mut diffs = Vec::new();
    let mut check = |what: &str, want: &str, got: &str| {
        if want != got {
            diffs.push(format!("{what}:\n  want {want:?}\n  got  {got:?}"));
        }
    };
    check("stdout", step["stdout"].as_str().unwrap(), &got.stdout);
    check("stderr", step["stderr"].as_str().unwrap(), &got.stderr);
    check("code", &step["code"].to_string(), &got.code.to_string());
    check("files", &format!("{want_files:?}"), &format!("{changed:?}"));
    diffs
}

#[test]
fn golden_fmt_cases() {
    let known: BTreeSet<String> = std::fs::read_to_string(root().join("known-differences.txt"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("input").is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let mut failures = Vec::new();
    let mut still_listed = known.clone();
    let mut steps = 0;
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let mut releases: Vec<PathBuf> = std::fs::read_dir(case.join("expected"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        releases.sort();
        for file in releases {
            let release = file.file_stem().unwrap().to_string_lossy().into_owned();
            let recorded: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
            for (i, step) in recorded.as_array().unwrap().iter().enumerate() {
                steps += 1;
                let key = format!("{name} {release} {}", i + 1);
                let diffs = replay(case, &release, step);
                if known.contains(&key) {
                    if !diffs.is_empty() {
                        still_listed.remove(&key);
                    }
                    continue;
                }
                if !diffs.is_empty() {
                    failures.push(format!("{key} ({}):\n{}", step["step"], diffs.join("\n")));
                }
            }
        }
    }
    let fixed: Vec<&String> = still_listed.iter().collect();
    assert!(
        failures.is_empty() && fixed.is_empty(),
        "{} of {steps} steps differ from real Terraform:\n\n{}\n\nlisted in known-differences.txt but now the same: {fixed:?}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// What iacquiz refuses where Terraform would go on: a target outside the working folder, a
/// file that is not UTF-8, one over 8 MiB; each an error (exit 2), the files left as they were.
#[test]
fn refusals_stay_inside_the_folder() {
    let dir = scratch("refusals");
    let inner = dir.join("work");
    std::fs::create_dir_all(&inner).unwrap();
    std::fs::write(dir.join("outside.tf"), "a=1\n").unwrap();
    std::fs::write(inner.join("latin1.tf"), b"a = \"caf\xe9\"\n").unwrap();
    std::fs::write(inner.join("ok.tf"), "b=2\n").unwrap();
    let fmt = |args: &[&str]| {
        run(&Invocation {
            dir: inner.clone(),
            args: args.iter().map(|a| a.to_string()).collect(),
            env: BTreeMap::new(),
            version: (1, 12, 2),
            seed: 1,
            input: Some(String::new()),
        })
    };
    let out = fmt(&["fmt", "-no-color", "../outside.tf"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("No file or directory at ../outside.tf"), "{}", out.stderr);
    assert!(out.stderr.contains("only inside the working folder"), "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(dir.join("outside.tf")).unwrap(), "a=1\n");
    let out = fmt(&["fmt", "-no-color", &dir.join("outside.tf").to_string_lossy()]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    // The folder itself by an absolute path is inside: its files are formatted, the one that is
    // not UTF-8 refused.
    let out = fmt(&["fmt", "-no-color", &inner.to_string_lossy()]);
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, "ok.tf\n");
    assert!(out.stderr.contains("Invalid character encoding"), "{}", out.stderr);
    assert!(out.stderr.contains("latin1.tf is not valid UTF-8"), "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(inner.join("ok.tf")).unwrap(), "b = 2\n");
    std::fs::remove_file(inner.join("latin1.tf")).unwrap();
    std::fs::write(inner.join("huge.tf"), "#".repeat((8 << 20) + 1)).unwrap();
    let out = fmt(&["fmt", "-check", "-no-color"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("Failed to read file huge.tf"), "{}", out.stderr);
    assert!(out.stderr.contains("larger than 8388608 bytes"), "{}", out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}
