//! `check` proves every instance a question's parameters can produce, whatever the question's
//! id: a copy of the bundled bank with every id renamed passes as the bank does, and the report
//! says how many instances were proved and how.

use std::path::Path;
use std::process::Command;

use iacquiz::bank::Bank;
use iacquiz::bank::check::{check_bank, check_question};
use iacquiz::bank::domain::{SAMPLE_DRAWS, WHOLE_DOMAIN_MAX};

/// Copies `from` to `to`, prefixing every question id with `x-`.
fn copy_renamed(from: &Path, to: &Path) {
    let Ok(entries) = std::fs::read_dir(from) else { panic!("cannot read {}", from.display()) };
    if let Err(e) = std::fs::create_dir_all(to) {
        panic!("cannot create {}: {e}", to.display());
    }
    for entry in entries.flatten() {
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        if src.is_dir() {
            copy_renamed(&src, &dst);
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&src) else { panic!("cannot read {}", src.display()) };
        let renamed: String = text
            .lines()
            .map(|l| match l.strip_prefix("  - id: ") {
                Some(id) => format!("  - id: x-{id}\n"),
                None => format!("{l}\n"),
            })
            .collect();
        if let Err(e) = std::fs::write(&dst, renamed) {
            panic!("cannot write {}: {e}", dst.display());
        }
    }
}

#[test]
fn a_copy_with_every_id_renamed_passes_check() {
    let dst = std::env::temp_dir().join(format!("iacquiz-renamed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dst);
    copy_renamed(&Path::new(env!("CARGO_MANIFEST_DIR")).join("questions"), &dst);
    let bank = match Bank::load_dirs(std::slice::from_ref(&dst)) {
        Ok(b) => b,
        Err(e) => panic!("the renamed copy does not load:\n{e}"),
    };
    assert!(bank.questions().iter().all(|q| q.id.starts_with("x-")));
    let r = check_bank(&bank);
    let failing: Vec<String> = r
        .questions
        .iter()
        .filter(|q| !q.passed())
        .map(|q| format!("{}: {}", q.id, q.problems.join("; ")))
        .collect();
    let _ = std::fs::remove_dir_all(&dst);
    assert!(failing.is_empty(), "failing renamed questions:\n{}", failing.join("\n"));
}

#[test]
fn every_instance_is_counted_and_the_summary_says_how() {
    let bank = match Bank::load_embedded() {
        Ok(b) => b,
        Err(e) => panic!("the bundled bank does not load:\n{e}"),
    };
    let r = check_bank(&bank);
    for q in &r.questions {
        if q.proof.whole {
            assert_eq!(q.proof.instances as u128, q.proof.domain, "{}", q.id);
            assert!(q.proof.domain <= WHOLE_DOMAIN_MAX, "{}", q.id);
        } else {
            assert!(q.proof.domain > WHOLE_DOMAIN_MAX, "{}", q.id);
            assert!(q.proof.instances as u64 >= SAMPLE_DRAWS / 2, "{}: {}", q.id, q.proof.instances);
        }
    }
    // A parameterised question proves its whole domain: tf-cidrsubnet-third-octet's n is 0..=255.
    let Some(q) = bank.get("tf-cidrsubnet-third-octet") else { panic!("tf-cidrsubnet-third-octet is gone") };
    let one = check_question(q);
    assert_eq!((one.proof.instances, one.proof.whole), (256, true));
    assert!(r.instances() > r.total());

    let out = Command::new(env!("CARGO_BIN_EXE_iacquiz")).arg("check").output();
    let Ok(out) = out else { panic!("cannot run iacquiz") };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let whole = r.questions.iter().filter(|q| q.proof.whole).count();
    assert!(
        stdout.contains(&format!(
            "check: {} questions, {} passed, 0 failed; ",
            r.total(),
            r.total()
        )),
        "{stdout}"
    );
    assert!(stdout.contains(&format!("instances proved ({whole} whole domains")), "{stdout}");
}
