//! Responses are never overwritten or lost (#18 point 7): each sitting gets a file of its
//! own, bounded in length, with the full name inside; `quiz grade` grades every file; a save
//! that fails is said at once (the TUI's status line, standard error on the line flow), the
//! answers stay in memory and a later save succeeds.

use crate::support;

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use iacquiz::instructor::model::{Quiz, Responses};
use iacquiz::instructor::plain::take_and_save;
use iacquiz::instructor::save::ResponsesFile;
use iacquiz::instructor::take::{Clock, StepClock};
use iacquiz::tui::take::update::{Effect, handle_key};
use iacquiz::tui::take::{Take, render_text};
use iacquiz::tui::theme::Theme;
use support::{read, root, run, temp};

fn quiz_path() -> PathBuf {
    root().join("tests/quiz/responses/quiz.json")
}

fn quiz() -> Quiz {
    match Quiz::from_json(&read(&quiz_path())) {
        Ok(q) => q,
        Err(e) => panic!("prepared quiz.json: {e}"),
    }
}

fn responses(p: &Path) -> Responses {
    match Responses::from_json(&read(p)) {
        Ok(r) => r,
        Err(e) => panic!("{}: {e}", p.display()),
    }
}

/// The responses files in `dir`, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("responses-")));
    out.sort();
    out
}

/// `quiz take --plain` as `name`, answering the first question `d` and the second `false`.
fn take_plain(name: &str, dir: &Path) -> std::process::Output {
    let quiz = quiz_path().display().to_string();
    let dir = dir.display().to_string();
    let args = ["quiz", "take", &quiz, "--plain", "--name", name, "--out", &dir];
    let child = Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(args)
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
        let _ = stdin.write_all(b"d\nfalse\n");
    }
    match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    }
}

/// `quiz grade --csv` over every responses file of `dir`: the students' rows.
fn graded_names(dir: &Path) -> Vec<String> {
    let quiz = quiz_path().display().to_string();
    let paths: Vec<String> = files(dir).iter().map(|p| p.display().to_string()).collect();
    let mut args = vec!["quiz", "grade", &quiz, "--csv"];
    args.extend(paths.iter().map(String::as_str));
    let o = run(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = String::from_utf8_lossy(&o.stdout).to_string();
    let students = csv.split("\n\n").next().unwrap_or_default();
    // The first column is the idnumber, the second the name.
    let mut names: Vec<String> = students
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap_or_default().to_string())
        .collect();
    names.sort();
    names
}

#[test]
fn each_sitting_gets_its_own_file_and_every_one_is_graded() {
    let dir = temp("own-files");
    for name in ["Ann Lee", "Ann Lee", "Ann_Lee"] {
        let o = take_plain(name, &dir);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let got: Vec<String> = files(&dir)
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().to_string()))
        .collect();
    assert_eq!(
        got,
        ["responses-Ann_Lee-2.json", "responses-Ann_Lee-3.json", "responses-Ann_Lee.json"]
    );
    let inside: Vec<String> = files(&dir).iter().map(|p| responses(p).name).collect();
    assert_eq!(inside, ["Ann Lee", "Ann_Lee", "Ann Lee"]);
    for p in files(&dir) {
        assert_eq!(responses(&p).answers[0].answer.as_deref(), Some("D"), "{}", p.display());
    }
    assert_eq!(graded_names(&dir), ["Ann Lee", "Ann Lee", "Ann_Lee"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_300_character_name_is_saved_whole() {
    let dir = temp("long-name");
    let name = format!("Maria {} Lee", "de la Cruz y ".repeat(23).trim_end());
    assert!(name.chars().count() >= 300, "{}", name.len());
    let o = take_plain(&name, &dir);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let written = files(&dir);
    assert_eq!(written.len(), 1);
    let file = written[0].file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    assert!(file.len() <= 80, "{file}");
    assert!(file.starts_with("responses-Maria_de_la_Cruz"), "{file}");
    let r = responses(&written[0]);
    assert_eq!(r.name, name, "the full name is inside the file");
    assert_eq!(r.answers[1].answer.as_deref(), Some("false"));
    assert_eq!(graded_names(&dir), [name]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_plain_save_is_said_at_once_and_the_answers_printed() {
    let dir = temp("plain-fails");
    // A folder that does not exist cannot be written into (even by root, unlike a mode).
    let missing = dir.join("gone");
    let mut file = ResponsesFile::new(&missing);
    let mut input = Cursor::new(&b"d\nfalse\n"[..]);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut clock = StepClock { now: 0, step: 10 };
    let q = quiz();
    let o = match take_and_save(&q, 1, Some("Ann"), &mut input, &mut out, &mut err, &mut clock, &mut file) {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    let err = String::from_utf8_lossy(&err).to_string();
    // Once per answer given, once at the end.
    assert_eq!(err.matches("could not save the answers").count(), 3, "{err}");
    assert!(err.contains(&missing.display().to_string()), "{err}");
    assert!(o.saved.is_err());
    assert_eq!(o.responses.answers[0].answer.as_deref(), Some("D"), "the answers are kept");
    assert!(file.path().is_none() && !missing.exists());

    // The command: standard error says it, the responses follow on standard output, exit 2.
    // (An --out under a regular file cannot be created, so the folder check refuses it first.)
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "x").unwrap_or_else(|e| panic!("{e}"));
    let o = take_plain("Ann", &blocker.join("sub"));
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot create the --out folder"));
    let _ = std::fs::remove_dir_all(&dir);
}

fn key(t: &mut Take, clock: &mut StepClock, code: KeyCode) -> Effect {
    let effect = handle_key(t, KeyEvent::new(code, KeyModifiers::NONE), clock.now_ms());
    if effect == Effect::Save {
        let _ = t.save();
    }
    effect
}

#[test]
fn a_failed_tui_save_stays_on_the_status_line_until_a_save_succeeds() {
    let dir = temp("tui-fails");
    let q = quiz();
    let mut c = StepClock { now: 1_000, step: 1_000 };
    let mut t = match Take::new(&q, 1, Some("Ann"), &dir, Theme { color: false }, 1_000) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(key(&mut t, &mut c, KeyCode::Char('d')), Effect::Save);
    let screen = render_text(&t, 100, 24);
    assert!(screen.contains("Could not save the answers"), "{screen}");
    // A key that saves nothing clears the notice; the status line still says it.
    key(&mut t, &mut c, KeyCode::Char('j'));
    let screen = render_text(&t, 100, 24);
    assert!(screen.contains("✗ Answers not saved"), "{screen}");
    assert!(!dir.exists());
    assert_eq!(t.sitting.answer(0), Some("D"), "the answer is kept in memory");

    // The folder appears; the next move saves what was kept, and the status line clears.
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(key(&mut t, &mut c, KeyCode::Tab), Effect::Save, "unsaved answers are retried");
    let screen = render_text(&t, 100, 24);
    assert!(!screen.contains("not saved") && !screen.contains("Could not"), "{screen}");
    let r = responses(&dir.join("responses-Ann.json"));
    assert_eq!(r.answers[0].answer.as_deref(), Some("D"));

    // Later saves of the sitting replace its file; a second sitting of Ann gets another.
    key(&mut t, &mut c, KeyCode::Char('a'));
    assert_eq!(files(&dir).len(), 1);
    let mut t2 = match Take::new(&q, 1, Some("Ann"), &dir, Theme { color: false }, 1_000) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    key(&mut t2, &mut c, KeyCode::Char('b'));
    assert_eq!(files(&dir).len(), 2);
    assert_eq!(responses(&dir.join("responses-Ann-2.json")).answers[0].answer.as_deref(), Some("B"));
    assert_eq!(responses(&dir.join("responses-Ann.json")).answers[0].answer.as_deref(), Some("D"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn grade_reads_only_regular_files() {
    // /dev/zero never ends: read whole, it would exhaust the memory; it is refused instead.
    let quiz = quiz_path().display().to_string();
    let o = run(&["quiz", "grade", &quiz, "/dev/zero"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("/dev/zero: refused: not a regular file"), "{err}");
    let o = run(&["quiz", "grade", "/dev/zero", &quiz]);
    assert_eq!(o.status.code(), Some(2));
}
