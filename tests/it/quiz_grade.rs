//! Taking and grading. A prepared quiz (tests/quiz/responses/quiz.json, a frozen copy of an
//! earlier golden quiz, so new misconceptions in the catalogue do not move its letters) is
//! graded against three prepared responses files beside it: the text and CSV reports are golden files,
//! and the figures in them are asserted one by one. `quiz take` is driven by a scripted
//! standard input, through the library (with a stepping clock, so its transcript and its
//! responses are golden too) and through the binary.

use crate::support;

use std::io::Cursor;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use iacquiz::instructor::grade::{grade, judge};
use iacquiz::instructor::model::{Quiz, Responses};
use iacquiz::instructor::take::{StepClock, take};
use support::{check_golden, golden_dir, read, root, run, temp};

fn prepared_quiz_path() -> PathBuf {
    root().join("tests/quiz/responses/quiz.json")
}

fn prepared_quiz() -> Quiz {
    match Quiz::from_json(&read(&prepared_quiz_path())) {
        Ok(q) => q,
        Err(e) => panic!("golden quiz.json: {e}"),
    }
}

fn response_paths() -> Vec<PathBuf> {
    ["alice", "bob", "carol"]
        .iter()
        .map(|n| root().join(format!("tests/quiz/responses/responses-{n}.json")))
        .collect()
}

fn responses() -> Vec<Responses> {
    response_paths()
        .iter()
        .map(|p| match Responses::from_json(&read(p)) {
            Ok(r) => r,
            Err(e) => panic!("{}: {e}", p.display()),
        })
        .collect()
}

#[test]
fn prepared_responses_grade_as_expected() {
    let quiz = prepared_quiz();
    let report = match grade(&quiz, &responses()) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let s = &report.students;
    assert_eq!(s.len(), 3);
    // Alice: a misconception picked (Q1), a list typed for a tolist() (right, by the engine),
    // the spaces of format-pads-with-spaces typed (Q11).
    assert_eq!(
        (s[0].name.as_str(), s[0].score, s[0].total, s[0].time_ms),
        ("Alice", 9, 11, 285_500)
    );
    assert!(s[0].answers[7].correct, "a tuple typed for the list is right");
    assert_eq!(s[0].answers[10].misconceptions, ["format-pads-with-spaces"]);
    // Bob: merge-first-wins three times, a skipped question, a typed value the engine traces
    // to sort-keeps-numbers, and a typed answer that is not HCL.
    assert_eq!((s[1].score, s[1].variant), (2, 2));
    assert_eq!(s[1].misconceptions.first(), Some(&("merge-first-wins".to_string(), 3)));
    assert!(s[1].answers[5].skipped);
    assert_eq!(s[1].answers[7].misconceptions, ["sort-keeps-numbers"]);
    assert!(!s[1].answers[8].correct && s[1].answers[8].misconceptions.is_empty());
    // Carol: answers by choice text and true/false words; question 9 missing from the file.
    assert_eq!(s[2].score, 8);
    assert!(s[2].answers[8].skipped, "a missing answer is a skip");
    let q = &report.questions;
    assert_eq!((q[0].right, q[0].total), (1, 3));
    assert_eq!(
        q[0].common_wrong,
        Some((
            "{ \"team\" = \"data\", \"tier\" = \"standard\" }".to_string(),
            2,
            Some("merge-first-wins".to_string())
        )),
        "the same misconception in two variants counts once, with two students"
    );
    assert_eq!(q[3].common_wrong, None, "everyone got question 4");
    assert_eq!((q[5].answered, q[5].total), (2, 3));
    assert_eq!(
        q[4].common_wrong.as_ref().map(|w| w.2.clone()),
        Some(None),
        "a wrong answer without a misconception"
    );
    let problems: Vec<String> = [("grade.txt", report.text()), ("grade.csv", report.csv())]
        .iter()
        .filter_map(|(n, t)| check_golden(n, t).err())
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn the_grade_command_prints_text_and_csv() {
    let quiz = prepared_quiz_path().display().to_string();
    let paths: Vec<String> = response_paths().iter().map(|p| p.display().to_string()).collect();
    let mut args = vec!["quiz", "grade", &quiz];
    args.extend(paths.iter().map(String::as_str));
    let o = run(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8_lossy(&o.stdout), read(&golden_dir().join("grade.txt")));
    args.push("--csv");
    let o = run(&args);
    assert!(o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stdout), read(&golden_dir().join("grade.csv")));
}

#[test]
fn responses_of_another_quiz_are_refused_with_exit_2() {
    let dir = temp("foreign");
    let _ = std::fs::create_dir_all(&dir);
    let text = read(&response_paths()[0]).replace("\"quiz_seed\": 7", "\"quiz_seed\": 8");
    let foreign = dir.join("responses-x.json");
    let _ = std::fs::write(&foreign, text);
    let quiz = prepared_quiz_path().display().to_string();
    let o = run(&["quiz", "grade", &quiz, &foreign.display().to_string()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("responses-x.json") && err.contains("seed 8"), "{err}");
    let _ = std::fs::write(&foreign, "{\"schema\": 2}");
    let o = run(&["quiz", "grade", &quiz, &foreign.display().to_string()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("schema 2 is not supported"));
    let o = run(&["quiz", "grade", &quiz, "/no/such/responses.json"]);
    assert_eq!(o.status.code(), Some(2));
    // The same seed, another count or another draw: refused, saying which.
    let base = read(&response_paths()[0]);
    for (field, want) in [
        ("\"questions\": 5,", "a quiz of 5 questions, and this one has 11"),
        ("\"quiz\": \"fnv64:0000000000000000\",", "answers another quiz"),
    ] {
        let text = base.replacen("\"quiz_seed\": 7,", &format!("\"quiz_seed\": 7,\n  {field}"), 1);
        let _ = std::fs::write(&foreign, text);
        let o = run(&["quiz", "grade", &quiz, &foreign.display().to_string()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(want) && err.contains("key.json"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Responses name the quiz by its fingerprint: this build's, or the one builds wrote before the
/// students' copy left out the bank's kind (taken then, graded now), both grade.
#[test]
fn responses_taken_before_the_kind_left_quiz_json_still_grade() {
    let quiz = prepared_quiz();
    let now = quiz.fingerprint();
    let before = "fnv64:8237ebcf26da8797";
    assert_ne!(now, before);
    assert!(quiz.is_fingerprint(&now) && quiz.is_fingerprint(before));
    assert!(!quiz.is_fingerprint("fnv64:0000000000000000"));
    // The students' copy names itself the same way.
    assert_eq!(quiz.student_copy().fingerprint(), now);
    for fp in [now.as_str(), before] {
        let mut r = responses();
        r[0].quiz = Some(fp.to_string());
        assert!(grade(&quiz, &r).is_ok(), "{fp}");
    }
}

/// Item analysis: the share right and upper-minus-lower discrimination of each question, and
/// a student's idnumber in the CSV.
#[test]
fn item_analysis_and_the_gradebook_column() {
    let quiz = prepared_quiz();
    let mut all: Vec<Responses> = responses();
    all[0].id = Some("=alice@example.org".into());
    let report = match grade(&quiz, &all) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    // Three students: the upper group is the best one, the lower the worst (Bob, 2/11).
    let q2 = &report.questions[1];
    assert_eq!((q2.right, q2.total), (2, 3));
    assert_eq!(q2.discrimination, Some(1.0));
    let q4 = &report.questions[3];
    assert_eq!(q4.discrimination, Some(0.0), "everyone right: it separates no one");
    let csv = report.csv();
    assert!(csv.starts_with("idnumber,name,"), "{csv}");
    assert!(
        csv.contains("\n'=alice@example.org,Alice,"),
        "a formula-like id is made text: {csv}"
    );
    assert_eq!(report.students[2].missing, vec![9], "Carol's file has no question 9");
}

/// The answers to variant 1 a scripted student types: a bad letter first (asked again), a
/// word for true/false, an empty line (asked again), a skip, and typed values.
const SCRIPT: &str = "Q\nD\nno\nfalse\n\nB\nC\nc\n-\nfalse\n[\"00007\", \"00084\", \"00275\"]\n\"X]]>Y<Z & *\\n\"\nC\n\"node_0029\"\n";

#[test]
fn take_reads_answers_line_by_line() {
    let quiz = prepared_quiz();
    let mut input = Cursor::new(SCRIPT.as_bytes());
    let mut out: Vec<u8> = Vec::new();
    let mut clock = StepClock { now: 0, step: 1500 };
    let r = match take(&quiz, 1, Some("Erin"), &mut input, &mut out, &mut clock) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let answers: Vec<Option<&str>> = r.answers.iter().map(|a| a.answer.as_deref()).collect();
    assert_eq!(
        answers,
        [
            Some("D"),
            Some("false"),
            Some("false"),
            Some("B"),
            Some("C"),
            None,
            Some("false"),
            Some("[\"00007\", \"00084\", \"00275\"]"),
            Some("\"X]]>Y<Z & *\\n\""),
            Some("C"),
            Some("\"node_0029\"")
        ]
    );
    assert!(r.answers.iter().all(|a| a.time_ms == 1500), "one clock step per question");
    let transcript = String::from_utf8_lossy(&out).to_string();
    assert!(transcript.contains("Please answer with the letter or number of a choice, or - to skip."));
    assert!(transcript.contains("Please give an answer, or - to skip."));
    assert!(
        !transcript.contains("Misconception") && !transcript.contains("Right"),
        "an exam says nothing of right or wrong"
    );
    let problems: Vec<String> = [("take-transcript.txt", transcript), ("take-responses.json", r.to_json())]
        .iter()
        .filter_map(|(n, t)| check_golden(n, t).err())
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    // And the answers grade: questions 4 and 10 are wrong, 6 skipped.
    let report = match grade(&quiz, &[r]) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(report.students[0].score, 8);
}

#[test]
fn take_stops_at_the_end_of_input_and_asks_for_a_name() {
    let quiz = prepared_quiz();
    let mut input = Cursor::new("Frank Li\nD\nA\n".as_bytes());
    let mut out: Vec<u8> = Vec::new();
    let mut clock = StepClock { now: 0, step: 10 };
    let r = match take(&quiz, 2, None, &mut input, &mut out, &mut clock) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(r.name, "Frank Li");
    assert_eq!(r.variant, 2);
    assert_eq!(r.answers.len(), 11, "every question has an entry");
    assert_eq!(r.answers[0].answer.as_deref(), Some("D"));
    assert_eq!(r.answers[1].answer.as_deref(), Some("true"), "a true/false choice by its letter");
    assert!(r.answers[2..].iter().all(|a| a.answer.is_none()));
    assert!(String::from_utf8_lossy(&out).contains("Answered 2 of 11."));
    assert!(take(&quiz, 3, Some("x"), &mut Cursor::new(&b""[..]), &mut Vec::new(), &mut clock).is_err());
}

#[test]
fn the_take_command_writes_responses_from_stdin() {
    let dir = temp("take-cli");
    let quiz = prepared_quiz_path().display().to_string();
    let child = Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args([
            "quiz",
            "take",
            &quiz,
            "--variant",
            "1",
            "--name",
            "Gail O'Neil",
            "--out",
            &dir.display().to_string(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => panic!("cannot run iacquiz: {e}"),
    };
    if let Some(mut stdin) = child.stdin.take() {
        use std::io::Write;
        let _ = stdin.write_all(SCRIPT.as_bytes());
    }
    let o = match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let path = dir.join("responses-Gail_O_Neil.json");
    assert!(String::from_utf8_lossy(&o.stdout).contains("responses-Gail_O_Neil.json"));
    let r = match Responses::from_json(&read(&path)) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(r.name, "Gail O'Neil");
    assert_eq!(r.answers.iter().filter(|a| a.answer.is_some()).count(), 10);
    assert!(judge(&prepared_quiz().variants[0].questions[10], r.answers[10].answer.as_deref()).correct);
    let o = run(&[
        "quiz",
        "take",
        &quiz,
        "--variant",
        "7",
        "--name",
        "x",
        "--out",
        &dir.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(2), "a variant the quiz does not have");
    let o = run(&["quiz", "take", "/no/such/quiz.json", "--name", "x"]);
    assert_eq!(o.status.code(), Some(2), "a quiz that cannot be read");
    let _ = std::fs::remove_dir_all(&dir);
}

/// On the line flow a digit picks a choice as in the TUI (`2` is the second).
#[test]
fn a_digit_picks_a_choice_on_the_line_flow() {
    let quiz = prepared_quiz();
    let mut input = Cursor::new(&b"2\n"[..]);
    let mut clock = StepClock { now: 0, step: 1000 };
    let r = match take(&quiz, 1, Some("Dee"), &mut input, &mut Vec::new(), &mut clock) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let second = quiz.variants[0].questions[0].choices[1].key.clone();
    assert_eq!(r.answers[0].answer.as_deref(), Some(second.as_str()));
}
