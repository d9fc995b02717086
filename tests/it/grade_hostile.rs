//! `quiz grade` over a class whose files were not all written by `quiz take`: a malformed
//! responses file (not JSON, another quiz, missing) no longer stops the grading of the others
//! (they are graded, the bad ones listed, exit 2), and two files that give the same idnumber
//! are both graded and warned about, since a gradebook import applies one row per idnumber.

use crate::support;

use std::fs;
use std::path::{Path, PathBuf};

use iacquiz::instructor::grade::grade;
use iacquiz::instructor::model::{Quiz, Responses};
use support::{read, root, run, temp};

fn ok<T, E: std::fmt::Display>(r: Result<T, E>, what: &str) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{what}: {e}"),
    }
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/quiz/responses").join(name)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn paths(ps: &[&Path]) -> Vec<String> {
    ps.iter().map(|p| p.display().to_string()).collect()
}

/// Runs `quiz grade` of the prepared quiz over `files` (with `extra` first).
fn grade_cmd(extra: &[&str], files: &[&Path]) -> std::process::Output {
    let quiz = fixture("quiz.json").display().to_string();
    let files = paths(files);
    let mut args = vec!["quiz", "grade", &quiz];
    args.extend_from_slice(extra);
    args.extend(files.iter().map(String::as_str));
    run(&args)
}

/// The students' rows of a `--csv` report: (idnumber, name).
fn csv_rows(csv: &str) -> Vec<(String, String)> {
    csv.split("\n\n")
        .next()
        .unwrap_or_default()
        .lines()
        .skip(1)
        .map(|l| {
            let mut cells = l.split(',');
            (cells.next().unwrap_or_default().into(), cells.next().unwrap_or_default().into())
        })
        .collect()
}

#[test]
fn a_malformed_responses_file_does_not_stop_the_class() {
    let dir = temp("grade-bad");
    ok(fs::create_dir_all(&dir), "mkdir");
    let not_json = dir.join("responses-broken.json");
    ok(fs::write(&not_json, "{\"schema\": 1, \"quiz_seed\": 7, \"answ"), "write");
    let other = dir.join("responses-other.json");
    ok(
        fs::write(
            &other,
            read(&fixture("responses-bob.json")).replace("\"quiz_seed\": 7", "\"quiz_seed\": 8"),
        ),
        "write",
    );
    let missing = dir.join("responses-missing.json");
    let (alice, bob, carol) = (
        fixture("responses-alice.json"),
        fixture("responses-bob.json"),
        fixture("responses-carol.json"),
    );
    let files = [&alice, &not_json, &bob, &other, &missing, &carol].map(|p| p.as_path());
    for extra in [&[][..], &["--csv"][..]] {
        let o = grade_cmd(extra, &files);
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        assert_eq!(o.status.code(), Some(2), "still an error: {err}");
        assert!(err.contains("3 of 6 responses files not graded"), "{err}");
        for (bad, why) in [(&not_json, "not JSON"), (&other, "seed 8"), (&missing, "responses-missing.json")] {
            let line = err.lines().find(|l| l.contains(&bad.display().to_string()));
            assert!(line.is_some_and(|l| l.contains(why)), "{} listed with {why}: {err}", bad.display());
        }
        for name in ["Alice", "Bob", "Carol Ng"] {
            assert!(out.contains(name), "{name} is graded: {out}");
        }
        if extra.is_empty() {
            assert!(out.contains("3 students"), "{out}");
        } else {
            assert_eq!(csv_rows(&out).len(), 3, "{out}");
        }
    }
    // Every file bad: nothing to print, the list and exit 2.
    let o = grade_cmd(&[], &[&not_json, &other]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty(), "{}", text(&o.stdout));
    assert!(text(&o.stderr).contains("2 of 2 responses files not graded"), "{}", text(&o.stderr));
    let _ = fs::remove_dir_all(&dir);
}

/// A copy of a fixture's responses with an idnumber (and another name), written into `dir`.
fn with_id(dir: &Path, from: &str, name: &str, id: &str) -> PathBuf {
    let mut r = ok(Responses::from_json(&read(&fixture(from))), from);
    r.name = name.into();
    r.id = Some(id.into());
    let p = dir.join(format!("responses-{name}.json"));
    ok(fs::write(&p, r.to_json()), "write");
    p
}

#[test]
fn two_files_claiming_one_idnumber_are_both_graded_and_warned_about() {
    let dir = temp("grade-shared-id");
    ok(fs::create_dir_all(&dir), "mkdir");
    let ann = with_id(&dir, "responses-alice.json", "Ann", "s1234@uni.test");
    // Bob's file claims Ann's idnumber (another case, spaces around it).
    let bob = with_id(&dir, "responses-bob.json", "Bob", "  S1234@UNI.test ");
    let cy = with_id(&dir, "responses-carol.json", "Cy", "s9999@uni.test");
    let o = grade_cmd(&["--csv"], &[&ann, &bob, &cy]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "a warning, not an error: {err}");
    let warning = err.lines().find(|l| l.contains("warning")).unwrap_or_default();
    assert!(
        warning.contains("s1234@uni.test")
            && warning.contains(&ann.display().to_string())
            && warning.contains(&bob.display().to_string())
            && warning.contains("(Ann)")
            && warning.contains("(Bob)")
            && !warning.contains("Cy"),
        "{err}"
    );
    let rows = csv_rows(&out);
    assert_eq!(rows.len(), 3, "both rows are listed: {out}");
    assert_eq!(rows.iter().filter(|(id, _)| id.to_ascii_lowercase().contains("s1234")).count(), 2);
    let o = grade_cmd(&[], &[&ann, &bob, &cy]);
    let out = text(&o.stdout);
    assert!(out.contains("Warning: responses files that give the same idnumber"), "{out}");
    let table = out.split("Warning:").nth(1).unwrap_or_default();
    assert!(table.contains("Ann") && table.contains("Bob") && !table.contains("Cy "), "{table}");
    // The library reports it too.
    let quiz = ok(Quiz::from_json(&read(&fixture("quiz.json"))), "quiz");
    let all: Vec<Responses> = [&ann, &bob, &cy]
        .iter()
        .map(|p| ok(Responses::from_json(&read(p)), "responses"))
        .collect();
    let report = ok(grade(&quiz, &all), "grade");
    assert_eq!(report.shared_ids, vec![("s1234@uni.test".to_string(), vec![0, 1])]);
    let _ = fs::remove_dir_all(&dir);
}
