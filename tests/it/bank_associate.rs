//! The Terraform Associate (004) exam: a question's `associate:` ids are checked against
//! `exams/associate-004.yaml` (an unknown id, a domain heading, an id on a cfnrain question
//! fails at its file:line naming the valid ids), and `bank --coverage` counts questions by
//! Associate objective, marking gaps and the objectives no engine can compute.

use crate::support;

use std::path::{Path, PathBuf};

use iacquiz::bank::{Bank, check::coverage};
use support::{copy_dir, edit, errors_of, temp};

#[test]
fn the_bundled_exam_is_the_associate_004_list() {
    let bank = match Bank::load_embedded() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let exam = &bank.catalogue().associate;
    assert_eq!(exam.id, "associate-004");
    assert_eq!(exam.terraform, "1.12");
    assert_eq!(exam.domains.len(), 8);
    let ids: Vec<&str> = exam.objectives.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids.len(), 37, "{ids:?}");
    assert_eq!(ids.first(), Some(&"1a"));
    assert_eq!(ids.last(), Some(&"8d"));
    assert_eq!(
        exam.objective("4g").map(|o| o.text.as_str()),
        Some("Validate configuration using custom conditions")
    );
    // HCP Terraform is hosted: no local engine computes it.
    assert!(
        exam.objectives
            .iter()
            .filter(|o| o.id.starts_with('8'))
            .all(|o| !o.computable && o.why.is_some())
    );
    // Every terraform question the bank maps names only the exam's ids; none from cfnrain or Rivet.
    for q in bank.questions() {
        if q.engine != iacquiz::bank::Engine::Terraform {
            assert!(q.refs.associate.is_empty(), "{}", q.id);
        }
        for a in &q.refs.associate {
            assert!(exam.objective(a).is_some(), "{}: {a}", q.id);
        }
    }
}

#[test]
fn the_loader_refuses_an_associate_id_the_exam_does_not_have() {
    let dir = temp("associate-bad");
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("questions"), &dir);
    let unknown = edit(&dir, "terraform/network.yaml", "associate: 4e", "associate: 4z");
    let in_list = edit(&dir, "terraform/optional.yaml", "associate: [4c, 4d]", "associate: [4c, 9q]");
    let heading = edit(&dir, "terraform/conditions.yaml", "associate: 4g", "associate: 4");
    let twice = edit(&dir, "terraform/types.yaml", "associate: 4e", "associate: [4e, 4e]");
    let cfn = edit(
        &dir,
        "cfnrain/outputs.yaml",
        "    objective: ",
        "    associate: 5c\n    objective: ",
    );
    let errs = errors_of(&dir);
    let has = |file: &str, line: usize, says: &str| errs.iter().any(|e| e.contains(&format!("{file}:{line}:")) && e.contains(says));
    assert!(
        has(
            "network.yaml",
            unknown,
            "associate objective \"4z\" is not in exams/associate-004.yaml"
        ),
        "{errs:#?}"
    );
    // The message names the valid ids.
    assert!(
        errs.iter()
            .any(|e| e.contains("\"4z\"") && e.contains("1a, 1b, 1c, 2a") && e.contains("8d")),
        "{errs:#?}"
    );
    assert!(has("optional.yaml", in_list, "associate objective \"9q\""), "{errs:#?}");
    assert!(has("conditions.yaml", heading, "is a domain heading"), "{errs:#?}");
    assert!(has("types.yaml", twice, "named twice"), "{errs:#?}");
    assert!(has("outputs.yaml", cfn, "this is a cfnrain question"), "{errs:#?}");
    assert_eq!(errs.len(), 5, "{errs:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bank of `n` terraform questions naming `associate` ids, with its own small exam file.
fn small_bank(tag: &str, associate: &[&str]) -> PathBuf {
    let dir = temp(tag);
    let _ = std::fs::create_dir_all(dir.join("terraform"));
    let _ = std::fs::create_dir_all(dir.join("exams"));
    let exam = "id: associate-004\nname: Small\nterraform: \"1.12\"\nsource: https://example.com/exam\ndomains:\n  - domain: \"4\"\n    title: Terraform configuration\n    objectives:\n      - {id: 4e, text: Write dynamic configuration using expressions and functions, computable: true}\n      - {id: 4g, text: Validate configuration using custom conditions, computable: true}\n  - domain: \"8\"\n    title: HCP Terraform\n    objectives:\n      - {id: 8a, text: Use HCP Terraform to create infrastructure, computable: false, why: hosted}\n";
    let _ = std::fs::write(dir.join("exams/associate-004.yaml"), exam);
    let mut qs = String::from("topic: t\nquestions:\n");
    for (i, a) in associate.iter().enumerate() {
        qs.push_str(&format!(
            "  - {{id: q{i}, lesson: {{seed: 001, section: S}}, associate: {a}, prompt: p, expr: '{i}', kind: input, explain: e, difficulty: 2}}\n"
        ));
    }
    let _ = std::fs::write(dir.join("terraform/t.yaml"), qs);
    dir
}

#[test]
fn coverage_counts_questions_by_associate_objective_and_marks_gaps() {
    let dir = small_bank("associate-coverage", &["4e", "4e", "4e", "[4e, 4g]", "4g"]);
    let bank = match Bank::load_dirs(std::slice::from_ref(&dir)) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    // The bank's own exam file is the one read, not the bundled one.
    assert_eq!(bank.catalogue().associate.objectives.len(), 3);
    let c = coverage::coverage(&bank);
    assert_eq!(c.associate, [("4e".to_string(), 4), ("4g".to_string(), 2), ("8a".to_string(), 0)]);
    assert_eq!(coverage::associate_met(&c, &bank), (1, 2));
    let text = coverage::render(&c, &bank);
    assert!(text.contains("Questions by Terraform Associate (004) objective"), "{text}");
    let line = |id: &str| text.lines().find(|l| l.trim_start().starts_with(&format!("{id} "))).unwrap_or("");
    assert!(line("4e").contains("  4  Write dynamic") && !line("4e").ends_with("<4"), "{text}");
    assert!(line("4g").contains("  2  Validate") && line("4g").ends_with("<4"), "{text}");
    assert!(line("8a").ends_with("n/a"), "{text}");
    assert!(text.contains("  8  HCP Terraform\n"), "{text}");
    assert!(
        text.contains("1 of 2 computable Terraform Associate (004) objectives have at least 4 questions (1 not computable)"),
        "{text}"
    );
    // The other tables are still there.
    assert!(
        text.contains("Questions by topic") && text.contains("Questions by exam objective"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_refuses_an_unknown_associate_id_with_file_and_line() {
    let dir = small_bank("associate-check", &["4e", "4x"]);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(["check", "--bank"])
        .arg(&dir)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("t.yaml:4:")
            && err.contains("associate objective \"4x\" is not in exams/associate-004.yaml")
            && err.contains("4e, 4g, 8a"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
