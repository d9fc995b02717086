//! `check` proves every instance a question's parameters can produce, whatever the question's
//! id: a copy of the bundled bank with every id renamed passes as the bank does, and the report
//! says how many instances were proved and how.

use std::path::Path;
use std::process::Command;

use iacquiz::bank::Bank;
use iacquiz::bank::check::domain::{SAMPLE_DRAWS, WHOLE_DOMAIN_MAX};
use iacquiz::bank::check::{check_bank, check_question};

/// Copies `from` to `to`, prefixing every question id with `x-`.
fn copy_renamed(from: &Path, to: &Path) {
    let Ok(entries) = std::fs::read_dir(from) else {
        panic!("cannot read {}", from.display())
    };
    if let Err(e) = std::fs::create_dir_all(to) {
        panic!("cannot create {}: {e}", to.display());
    }
    for entry in entries.flatten() {
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        if src.is_dir() {
            copy_renamed(&src, &dst);
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&src) else {
            panic!("cannot read {}", src.display())
        };
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
    let Some(q) = bank.get("tf-cidrsubnet-third-octet") else {
        panic!("tf-cidrsubnet-third-octet is gone")
    };
    let one = check_question(q);
    assert_eq!((one.proof.instances, one.proof.whole), (256, true));
    assert!(r.instances() > r.total());

    let out = Command::new(env!("CARGO_BIN_EXE_iacquiz")).arg("check").output();
    let Ok(out) = out else { panic!("cannot run iacquiz") };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let whole = r.questions.iter().filter(|q| q.proof.whole).count();
    assert!(
        stdout.contains(&format!("check: {} questions, {} passed, 0 failed; ", r.total(), r.total())),
        "{stdout}"
    );
    assert!(stdout.contains(&format!("instances proved ({whole} whole domains")), "{stdout}");
}

/// A copy of the bundled bank with `from` replaced by `to` inside question `id`'s block.
fn bank_with(tag: &str, file: &str, id: &str, edits: &[(&str, &str)]) -> Bank {
    let dst = std::env::temp_dir().join(format!("iacquiz-instances-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dst);
    copy_renamed(&Path::new(env!("CARGO_MANIFEST_DIR")).join("questions"), &dst);
    let path = dst.join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        panic!("cannot read {}", path.display())
    };
    let head = format!("  - id: x-{id}\n");
    let Some(start) = text.find(&head) else {
        panic!("{id} not in {file}")
    };
    let end = text[start + head.len()..]
        .find("\n  - id: ")
        .map_or(text.len(), |e| start + head.len() + e);
    let mut block = text[start..end].to_string();
    for (from, to) in edits {
        assert!(block.contains(from), "{id}: {from:?} not found");
        block = block.replacen(from, to, 1);
    }
    if let Err(e) = std::fs::write(&path, format!("{}{block}{}", &text[..start], &text[end..])) {
        panic!("cannot write {}: {e}", path.display());
    }
    let bank = Bank::load_dirs(std::slice::from_ref(&dst));
    let _ = std::fs::remove_dir_all(&dst);
    match bank {
        Ok(b) => b,
        Err(e) => panic!("the edited copy does not load:\n{e}"),
    }
}

/// The problems `check` finds in question `x-{id}` of `bank`.
fn problems_of(bank: &Bank, id: &str) -> String {
    let Some(q) = bank.get(&format!("x-{id}")) else {
        panic!("x-{id} is gone")
    };
    check_question(q).problems.join("\n")
}

#[test]
fn a_prompt_stating_a_drawn_value_fails() {
    let bank = bank_with(
        "stale",
        "terraform/conditions.yaml",
        "tf-conditions-check-warns",
        &[("has {{days}} days left", "has 10 days left")],
    );
    let p = problems_of(&bank, "tf-conditions-check-warns");
    assert!(p.contains("the prompt states \"10\"") && p.contains("days=10"), "{p}");
}

#[test]
fn a_difficulty_that_collapses_fails() {
    // The draws as they were: two of three show the answer in the prompt.
    let bank = bank_with(
        "collapse",
        "terraform/absence.yaml",
        "tf-absence-coalesce-try-chain",
        &[
            ("contains `backup: {{b}}`", "contains `window_hours: {{b}}` under `backup`"),
            ("        backup: {{b}}\n", "        backup:\n          window_hours: {{b}}\n"),
            (
                r#"b: ["{window_hours: null}", "{retention_days: 7}", "null"]"#,
                r#"b: ["null", "6", "12"]"#,
            ),
        ],
    );
    let p = problems_of(&bank, "tf-absence-coalesce-try-chain");
    assert!(p.contains("the difficulty collapses: in 2 of 3 instances"), "{p}");
}

#[test]
fn a_named_misconception_must_hold_in_every_instance() {
    let bank = bank_with(
        "slice",
        "terraform/indexing.yaml",
        "tf-slice-window",
        &[("start: {min: 0, max: 3}", "start: {min: 0, max: 4}")],
    );
    let p = problems_of(&bank, "tf-slice-window");
    assert!(p.contains("[start=4] misconception \"slice-end-inclusive\" does not change"), "{p}");
}

#[test]
fn a_typed_answer_that_needs_an_escape_fails() {
    let bank = bank_with(
        "escape",
        "terraform/encoding.yaml",
        "tf-json-templates-interpolation-keeps-number",
        &[("kind: choice", "kind: input")],
    );
    let p = problems_of(&bank, "tf-json-templates-interpolation-keeps-number");
    assert!(p.contains("must be typeable") && p.contains("needs the escape \\\""), "{p}");
}

/// Judges `typed` against the first instance of bundled question `id`.
fn judged(id: &str, typed: &str) -> Result<bool, String> {
    let bank = match Bank::load_embedded() {
        Ok(b) => b,
        Err(e) => panic!("the bundled bank does not load:\n{e}"),
    };
    let Some(q) = bank.get(id) else { panic!("{id} is gone") };
    q.instantiate(0).judge(typed).map(|v| v.correct)
}

#[test]
fn outcome_words_are_accepted_as_people_type_them() {
    let id = "tf-conditions-precondition-stops";
    for typed in ["error", "Error", "\"error\"", "an error", "It fails.", "fails"] {
        assert_eq!(judged(id, typed), Ok(true), "{typed}");
    }
    for typed in ["warning", "a warning", "pass", "\"deferred\""] {
        assert_eq!(judged(id, typed), Ok(false), "{typed}");
    }
}

#[test]
fn a_string_answer_may_be_typed_without_quotes() {
    assert_eq!(judged("tf-lookup-default", "t3.nano"), Ok(true));
    assert_eq!(judged("tf-lookup-default", "\"t3.nano\""), Ok(true));
    assert_eq!(judged("tf-lookup-default", "t3.micro"), Ok(false));
    // A number is still a number: the type is the point of some questions.
    let bank = Bank::load_embedded().unwrap_or_else(|e| panic!("{e}"));
    let Some(q) = bank.get("tf-single-interpolation-keeps-type") else {
        panic!("gone")
    };
    let inst = q.instantiate(0);
    let n = inst.values["n"].clone();
    assert_eq!(inst.judge(&n).map(|v| v.correct), Ok(true));
    let as_string = inst.judge(&format!("\"{n}\""));
    assert_eq!(as_string.as_ref().map(|v| v.correct), Ok(false));
    let names = as_string.map(|v| v.misconceptions.into_iter().map(|(id, _)| id).collect::<Vec<_>>());
    assert_eq!(names, Ok(vec!["interpolation-always-string".to_string()]));
}
