//! Golden cases mined from the test tables of Terraform 1.14, go-cty 1.16.3 and HCL 2.24 by
//! scripts/mine-tables.py (tests/golden/mined/*.jsonl). Each case is an expression `expr` and
//! either an expression `want` that builds the value the table expects, or `want_err`. The case
//! passes when `expr` and `want` print identically in the console format (which shows types:
//! tolist/tomap/toset, typed nulls), or, for `want_err`, when `expr` fails. Both run in the
//! configuration `setup` (a main.tf text) when there is one; a configuration that does not load
//! counts as a failure of `expr`.
//!
//! Cases the engine does not yet get right are listed by `source` in
//! tests/golden/mined/pending.txt; a pending case that now passes fails the test too, so the
//! list only shrinks. `MINED_FILTER` keeps files whose name contains it; `MINED_VERBOSE=1` prints
//! every failure; `MINED_SHOW_ERRORS=1` prints the error each `want_err` case got (to audit them).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use iacquiz::lang::session::Session;
use serde_json::Value as J;

fn mined_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/mined")
}

fn read_jsonl(p: &Path) -> Vec<J> {
    std::fs::read_to_string(p)
        .expect("a mined file is readable")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{}: bad JSON line {l}: {e}", p.display())))
        .collect()
}

/// What the console prints for `src`: the value, or the error's summary and detail.
fn console(session: &Session, src: &str) -> Result<String, String> {
    session
        .console(src)
        .map_err(|d| format!("{}: {}", d.summary, session.full_detail(&d)))
}

/// `None` when the case passes, else why it fails.
fn run_case(case: &J) -> Option<String> {
    let expr = case["expr"].as_str().unwrap_or("");
    let session = match case.get("setup").and_then(|s| s.as_str()) {
        Some(setup) => Session::with_config_text_at("main.tf", setup, iacquiz::lang::eval::DEFAULT_VERSION)
            .map_err(|d| format!("setup does not load: {}: {}", d.summary, d.detail)),
        None => Ok(Session::new()),
    };
    let want_err = case["want_err"].as_bool().unwrap_or(false);
    let session = match session {
        Ok(s) => s,
        Err(e) if want_err => {
            if std::env::var_os("MINED_SHOW_ERRORS").is_some() {
                eprintln!("{}: setup\n  -> {e}", case["source"]);
            }
            return None;
        }
        Err(e) => return Some(e),
    };
    let got = console(&session, expr);
    if want_err && std::env::var_os("MINED_SHOW_ERRORS").is_some() {
        eprintln!("{}: {expr}\n  -> {got:?}", case["source"]);
    }
    if want_err {
        return match got {
            Err(_) => None,
            Ok(v) => Some(format!(
                "want an error ({})\ngot value:\n{v}",
                case.get("want_err_text").and_then(|t| t.as_str()).unwrap_or("no text")
            )),
        };
    }
    let want_src = case["want"].as_str().unwrap_or("");
    let want = match console(&session, want_src) {
        Ok(w) => w,
        Err(e) => return Some(format!("the want expression {want_src} fails: {e}")),
    };
    match got {
        Ok(g) if g == want => None,
        Ok(g) => Some(format!("want ({want_src}):\n{want}\ngot:\n{g}")),
        Err(e) => Some(format!("want ({want_src}):\n{want}\ngot error {e}")),
    }
}

/// The stack iacquiz's binary gives its evaluator (src/main.rs `STACK`).
const STACK: usize = 32 * 1024 * 1024;

#[test]
fn mined_cases_match_terraform_1_14() {
    match std::thread::Builder::new().stack_size(STACK).spawn(mined_cases).map(|t| t.join()) {
        Ok(Ok(())) => {}
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(e) => panic!("cannot start the mined thread: {e}"),
    }
}

fn mined_cases() {
    let dir = mined_dir();
    let filter = std::env::var("MINED_FILTER").unwrap_or_default();
    let verbose = std::env::var("MINED_VERBOSE").is_ok();
    let pending: BTreeSet<String> = std::fs::read_to_string(dir.join("pending.txt"))
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/golden/mined exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut sources = BTreeSet::new();
    let (mut total, mut failures, mut fixed) = (0, Vec::new(), Vec::new());
    for f in &files {
        let name = f.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        if !name.contains(&filter) {
            continue;
        }
        for case in read_jsonl(f) {
            let source = case["source"].as_str().unwrap_or("").to_string();
            assert!(sources.insert(source.clone()), "two mined cases share the source {source}");
            total += 1;
            match (run_case(&case), pending.contains(&source)) {
                (Some(why), false) => failures.push(format!("{source}: {}\n{why}\n", case["expr"])),
                (None, true) => fixed.push(source),
                _ => {}
            }
        }
    }
    if verbose {
        for f in &failures {
            eprintln!("{f}");
        }
    }
    eprintln!(
        "mined: {total} cases, {} failing, {} pending now passing",
        failures.len(),
        fixed.len()
    );
    assert!(
        fixed.is_empty(),
        "pending cases now pass; remove them from tests/golden/mined/pending.txt: {fixed:?}"
    );
    assert!(
        failures.is_empty(),
        "{} mined cases fail (MINED_VERBOSE=1 shows all); first:\n{}",
        failures.len(),
        failures.iter().take(15).cloned().collect::<Vec<_>>().join("\n")
    );
}
