//! Hostile inputs of issue #30 points 8–10: a packaged template that inserts one large file
//! many times or aliases a large anchor, a bank file whose aliases expand past any size, and a
//! `check` whose instances each answer with a large value. Each runs the binary, most under an
//! address-space cap, so that a regression shows as a failure rather than a machine out of
//! memory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The address space a child may take: far below what the attacks took before (1.3 GB for
/// the insertions, 843 MB for the anchor, 5.1 GB for the bank aliases).
const LIMIT: u64 = 1 << 30;

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("iacquiz-round3-{tag}-{}", std::process::id()));
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

/// Runs the binary with `args` in `dir`, under [`LIMIT`] where this system can cap a child.
fn run(dir: &Path, args: &[&str]) -> Output {
    let bin = env!("CARGO_BIN_EXE_iacquiz");
    let mut cmd = if Command::new("prlimit").arg("--version").output().is_ok_and(|o| o.status.success()) {
        let mut c = Command::new("prlimit");
        c.arg(format!("--as={LIMIT}")).arg("--").arg(bin);
        c
    } else {
        Command::new(bin)
    };
    match cmd.args(args).current_dir(dir).output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run iacquiz: {e}"),
    }
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// Point 8: 64 `Fn::InsertFile` of one 8 MiB file would be 512 MiB of output.
#[test]
fn a_file_inserted_many_times_ends_with_the_budget_error() {
    let dir = scratch("insert");
    write(&dir.join("big.txt"), &"x".repeat(8 << 20));
    let mut t = String::from("Resources:\n");
    for i in 0..64 {
        t.push_str(&format!(
            "  R{i}:\n    Type: AWS::S3::Bucket\n    Properties:\n      Body:\n        Fn::InsertFile: big.txt\n"
        ));
    }
    write(&dir.join("template.yaml"), &t);
    let o = run(&dir, &["cfn", "package", "template.yaml"]);
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{}", &all[..all.len().min(2000)]);
    assert!(all.contains("more than 256 MiB"), "{}", &all[..all.len().min(2000)]);
    // A few insertions are still packaged whole.
    let few: String = t.lines().take(1 + 5 * 3).map(|l| format!("{l}\n")).collect();
    write(&dir.join("few.yaml"), &few);
    let o = run(&dir, &["cfn", "package", "few.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.len() > 3 * (8 << 20), "{} bytes", o.stdout.len());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Point 8: a 4 MiB anchor used 200 times is one node each time, but 800 MB of text.
#[test]
fn a_large_anchor_aliased_many_times_is_refused_where_it_passes_the_limit() {
    let dir = scratch("anchor");
    let mut t = format!("Metadata:\n  Big: &big \"{}\"\nResources:\n", "y".repeat(4 << 20));
    for i in 0..200 {
        t.push_str(&format!("  R{i}:\n    Type: AWS::S3::Bucket\n    Properties:\n      Body: *big\n"));
    }
    write(&dir.join("template.yaml"), &t);
    let o = run(&dir, &["cfn", "package", "template.yaml"]);
    let all = text(&o);
    assert_ne!(o.status.code(), Some(0), "{}", &all[..all.len().min(2000)]);
    assert!(
        all.contains("expands to more than 64 MiB of text"),
        "{}",
        &all[..all.len().min(2000)]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Point 9: a bank file that aliases a 1 MiB string 20 times expands to 20 MiB; serde_yaml
/// would build it whole (5,000 aliases took 5.1 GB). It is refused at the alias that passes
/// the limit, by `bank --list` and `check` alike.
#[test]
fn a_bank_file_whose_aliases_expand_past_the_limit_is_refused_at_the_alias() {
    let dir = scratch("alias");
    let aliases = vec!["*s"; 20].join(", ");
    let q = format!(
        "topic: t\nengine: terraform\nquestions:\n  - id: q-alias\n    lesson: {{seed: 001, section: S}}\n    prompt: p\n    expr: 1 + 1\n    kind: input\n    explain: e\n    difficulty: 2\n    tags: [&s \"{}\", {aliases}]\n",
        "x".repeat(1 << 20)
    );
    write(&dir.join("terraform/alias.yaml"), &q);
    let bank = dir.to_string_lossy().into_owned();
    let commands: [&[&str]; 2] = [&["bank", "--list", "--bank", &bank], &["check", "--bank", &bank]];
    for args in commands {
        let o = run(&dir, args);
        let all = text(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {all}");
        // Refused at an alias (past the 1 MiB anchor on line 11), before anything is expanded.
        let at = all
            .split("alias.yaml:11:")
            .nth(1)
            .and_then(|r| r.split(':').next())
            .and_then(|c| c.parse::<usize>().ok());
        assert!(at.is_some_and(|c| c > 1 << 20), "{args:?}: {all}");
        assert!(all.contains("refused: its aliases expand to more than 16 MiB"), "{args:?}: {all}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The peak resident memory of `iacquiz ARGS` in kB, where `/usr/bin/time` can tell it.
fn peak_kb(dir: &Path, args: &[&str]) -> Option<(u64, Output)> {
    let o = Command::new("/usr/bin/time")
        .args(["-f", "peak-kb %M", env!("CARGO_BIN_EXE_iacquiz")])
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    let err = String::from_utf8_lossy(&o.stderr);
    let kb = err.lines().rev().find_map(|l| l.strip_prefix("peak-kb "))?.trim().parse().ok()?;
    Some((kb, o))
}

/// A bank of one question with `n` instances, each answering with a 2 MB string.
fn large_answers(dir: &Path, n: usize) {
    let values: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let q = format!(
        "topic: t\nengine: terraform\nquestions:\n  - id: q-huge\n    lesson: {{seed: 001, section: S}}\n    prompt: p {{{{n}}}}\n    expr: 'format(\"%02000000d\", {{{{n}}}})'\n    kind: input\n    explain: e\n    difficulty: 2\n    params:\n      n: [{}]\n",
        values.join(", ")
    );
    write(&dir.join("terraform/huge.yaml"), &q);
}

/// Point 10: `check` keeps what each instance needs for the question-wide checks, never the
/// instance's answers, so 16 instances each answering with a 2 MB string take about the memory
/// of 2 (before, every instance kept its answer and distractors: 11 copies of each; measured
/// in release, 12 instances of 4 MB took 390 MB, now 101 MB).
#[test]
fn check_memory_stays_flat_in_the_number_of_instances() {
    let (few, many) = (scratch("flat-few"), scratch("flat-many"));
    large_answers(&few, 2);
    large_answers(&many, 16);
    let measure = |dir: &Path, n: usize| {
        let bank = dir.to_string_lossy().into_owned();
        let (kb, o) = peak_kb(dir, &["check", "--bank", &bank])?;
        let all = text(&o);
        assert_eq!(o.status.code(), Some(0), "{}", &all[..all.len().min(2000)]);
        assert!(all.contains(&format!("{n} instances proved")), "{}", &all[..all.len().min(2000)]);
        Some(kb)
    };
    let (Some(a), Some(b)) = (measure(&few, 2), measure(&many, 16)) else {
        eprintln!("skipped: /usr/bin/time cannot measure a child's peak memory here");
        return;
    };
    // 16 instances retaining their answers would add 14 × 11 × 2 MB = 308 MB.
    assert!(b < a + 100_000, "2 instances: {a} kB, 16 instances: {b} kB");
    let _ = std::fs::remove_dir_all(&few);
    let _ = std::fs::remove_dir_all(&many);
}
