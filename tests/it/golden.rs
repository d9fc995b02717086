//! Golden tests: every case under tests/golden/cases was run through real Terraform by
//! scripts/record-golden.sh; the engine must print the same value, or fail with the same
//! summary and a detail that starts with the recorded one (the oracle keeps only the first
//! wrapped line of a detail). Cases where Terraform 1.14 differs from the recorded 1.0.3 are
//! replaced by tests/golden/overrides.jsonl. Cases the engine does not yet get right are listed
//! in tests/golden/pending.txt; a pending case that starts passing fails the test too, so the
//! list only shrinks.
//!
//! The same cases run again emulating Terraform 1.0.3, the oracle's own release, with no
//! overrides: there the engine must print exactly what was recorded (cases it does not yet
//! get right at 1.0.3 are in tests/golden/pending-1.0.3.txt).
//!
//! `GOLDEN_DIR` points at another golden folder; `GOLDEN_FILTER` keeps topics containing it;
//! `GOLDEN_VERBOSE=1` prints every failure.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use iacquiz::lang::session::Session;
use serde_json::Value as J;

fn golden_dir() -> PathBuf {
    std::env::var_os("GOLDEN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden"))
}

fn read_jsonl(p: &Path) -> Vec<J> {
    std::fs::read_to_string(p)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{}: bad JSON line {l}: {e}", p.display())))
        .collect()
}

fn key(c: &J) -> (String, String, String) {
    let s = |k: &str| c.get(k).map(|v| v.to_string()).unwrap_or_default();
    (s("expr"), s("setup"), s("dir"))
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Compares one outcome with the expectation; `None` when it matches.
fn compare(session: &Session, case: &J, want: &J, version: Option<(u32, u32, u32)>) -> Option<String> {
    let expr = case["expr"].as_str().unwrap_or("");
    let got = match version {
        Some(v) => {
            let mut s = session.clone();
            s.version = Some(v);
            s.eval(expr, &iacquiz::lang::dialect::rules::Rules::real(), false).console_at(v)
        }
        None => session.console(expr),
    };
    compare_outcome(session, got, want)
}

fn compare_outcome(session: &Session, got: Result<String, iacquiz::lang::Diag>, want: &J) -> Option<String> {
    let want_ok = want["ok"].as_bool().unwrap_or(false);
    match (&got, want_ok) {
        (Ok(out), true) => {
            let w = want["out"].as_str().unwrap_or("");
            (out != w).then(|| format!("want value:\n{w}\ngot value:\n{out}"))
        }
        (Err(d), false) => {
            let ws = want["err"].as_str().unwrap_or("");
            let wd = squash(want["detail"].as_str().unwrap_or(""));
            let gd = squash(&session.full_detail(d));
            if d.summary != ws {
                Some(format!("want error {ws:?} ({wd})\ngot error {:?} ({gd})", d.summary))
            } else if !gd.starts_with(&wd) {
                Some(format!("error {ws:?}: want detail starting {wd:?}\ngot detail {gd:?}"))
            } else {
                None
            }
        }
        (Ok(out), false) => Some(format!("want error {:?} ({})\ngot value:\n{out}", want["err"], want["detail"])),
        (Err(d), true) => Some(format!(
            "want value:\n{}\ngot error {:?}: {}",
            want["out"].as_str().unwrap_or(""),
            d.summary,
            d.detail
        )),
    }
}

type Failed = Box<(Session, iacquiz::lang::Diag)>;

/// The session a case runs in, its configuration loaded as release `at` loads it.
fn session_for(dir: &Path, case: &J, at: Option<(u32, u32, u32)>) -> Result<Session, Failed> {
    let version = at.unwrap_or(iacquiz::lang::eval::DEFAULT_VERSION);
    if let Some(setup) = case.get("setup").and_then(|s| s.as_str()) {
        return Session::with_config_text_at("main.tf", setup, version).map_err(|d| Box::new((Session::failed_text("main.tf", setup), d)));
    }
    if let Some(d) = case.get("dir").and_then(|s| s.as_str()) {
        return Session::with_config_dir_at(&dir.join(d), version).map_err(|e| Box::new((Session::new(), e)));
    }
    Ok(Session::new())
}

/// The stack iacquiz's binary gives its evaluator (src/main.rs `STACK`): a chain of a few
/// hundred operators recurses deeper than a test thread's 2 MiB allow in a debug build.
const STACK: usize = 32 * 1024 * 1024;

#[test]
fn golden_cases_match_terraform() {
    on_big_stack(|| golden_cases(None));
}

#[test]
fn golden_cases_match_the_recorded_release_exactly() {
    on_big_stack(|| golden_cases(Some((1, 0, 3))));
}

fn on_big_stack(f: impl FnOnce() + Send + 'static) {
    match std::thread::Builder::new().stack_size(STACK).spawn(f).map(|t| t.join()) {
        Ok(Ok(())) => {}
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(e) => panic!("cannot start the golden thread: {e}"),
    }
}

/// Runs every case; `at` names the release to emulate (the recorded one: no overrides, and
/// the documentation cases of newer functions do not apply), `None` the default release.
fn golden_cases(at: Option<(u32, u32, u32)>) {
    let dir = golden_dir();
    let filter = std::env::var("GOLDEN_FILTER").unwrap_or_default();
    let verbose = std::env::var("GOLDEN_VERBOSE").is_ok();
    let overrides: BTreeMap<_, J> = match at {
        None => read_jsonl(&dir.join("overrides.jsonl")).into_iter().map(|o| (key(&o), o)).collect(),
        Some(_) => BTreeMap::new(),
    };
    let pending_file = match at {
        None => "pending.txt".to_string(),
        Some((a, b, c)) => format!("pending-{a}.{b}.{c}.txt"),
    };
    let pending: BTreeSet<String> = std::fs::read_to_string(dir.join(&pending_file))
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let mut topics: Vec<PathBuf> = std::fs::read_dir(dir.join("cases"))
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    topics.sort();
    let mut total = 0;
    let mut failures = Vec::new();
    let mut fixed = Vec::new();
    let mut run_case = |id: String, case: &J, want: &J, failures: &mut Vec<String>, fixed: &mut Vec<String>| {
        total += 1;
        let result = match session_for(&dir, case, at) {
            Ok(s) => compare(&s, case, want, at.or(s.version)),
            // A configuration that does not load fails the way Terraform fails on it.
            Err(f) => compare_outcome(&f.0, Err(f.1), want),
        };
        match (result, pending.contains(&id)) {
            (Some(why), false) => failures.push(format!("{id}: {}\n{why}\n", case["expr"])),
            (None, true) => fixed.push(id),
            _ => {}
        }
    };
    for t in &topics {
        let name = t.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        if !name.contains(&filter) {
            continue;
        }
        let cases = read_jsonl(t);
        let expected = read_jsonl(&dir.join("expected").join(format!("{name}.jsonl")));
        assert_eq!(
            cases.len(),
            expected.len(),
            "{name}: cases and expected differ in length; re-record"
        );
        for (i, (c, e)) in cases.iter().zip(&expected).enumerate() {
            let want = overrides.get(&key(c)).unwrap_or(e);
            run_case(format!("{name}:{}", i + 1), c, want, &mut failures, &mut fixed);
        }
    }
    let mut docs: Vec<PathBuf> = std::fs::read_dir(dir.join("docs"))
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    docs.sort();
    for d in docs.iter().filter(|_| at.is_none()) {
        let name = format!(
            "docs-{}",
            d.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default()
        );
        if !name.contains(&filter) {
            continue;
        }
        for (i, c) in read_jsonl(d).iter().enumerate() {
            run_case(format!("{name}:{}", i + 1), c, c, &mut failures, &mut fixed);
        }
    }
    if verbose {
        for f in &failures {
            eprintln!("{f}");
        }
    }
    eprintln!(
        "golden ({}): {total} cases, {} failing, {} pending now passing",
        at.map_or("default release".to_string(), |(a, b, c)| format!("{a}.{b}.{c}")),
        failures.len(),
        fixed.len()
    );
    assert!(
        fixed.is_empty(),
        "pending cases now pass; remove them from {pending_file}: {fixed:?}"
    );
    assert!(
        failures.is_empty(),
        "{} golden cases fail (GOLDEN_VERBOSE=1 shows all); first:\n{}",
        failures.len(),
        failures.iter().take(15).cloned().collect::<Vec<_>>().join("\n")
    );
}
