//! A typed answer is a value, never an expression (#19): every key the engine prints reads back
//! as a literal, and the question's own expression typed back is refused before grading in
//! practice (the TUI), `quiz take` (plain), `quiz grade` and `diagnose`, with the unquoted-word
//! and letter-case hints.

use crate::drive;

use drive::press;

use crate::support;

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::Command;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use iacquiz::bank::answer::typed::refusal;
use iacquiz::bank::engine::Computed;
use iacquiz::bank::{Bank, Engine, Kind, check::domain};
use iacquiz::instructor::grade::grade;
use iacquiz::instructor::model::{Quiz, Responses};
use iacquiz::instructor::take::{StepClock, take};
use iacquiz::quiz::progress::Store;
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, Screen};
use support::{read, root, temp};

const REFUSED: &str = "type the value, not an expression";

#[test]
fn every_printed_key_and_distractor_reads_back_as_a_literal() {
    let bank = Bank::load_embedded().unwrap_or_else(|e| panic!("the bundled bank does not load:\n{e}"));
    let (mut keys, mut questions) = (0usize, 0usize);
    let mut refused = Vec::new();
    for q in bank.questions().iter().filter(|q| q.engine == Engine::Terraform) {
        questions += 1;
        for values in domain::plan(&q.params, &q.id).instances {
            let inst = q.instance_with(values, 0);
            let Ok(correct) = inst.correct_answer() else { continue };
            let mut texts = Vec::new();
            if let Computed::Value(_) = correct.computed {
                texts.push(("key", correct.text));
            }
            // A distractor is typed only where the question is answered by typing.
            if q.kind == Kind::Input {
                let wrong = inst
                    .wrong_answers()
                    .into_iter()
                    .filter(|w| matches!(w.answer, Ok(Computed::Value(_))));
                texts.extend(wrong.map(|w| ("distractor", w.text)));
            }
            for (what, t) in texts {
                keys += 1;
                if let Some(r) = refusal(&t) {
                    refused.push(format!("{} {what}: {t}: {r}", q.id));
                }
            }
        }
    }
    println!("{keys} printed answers of {questions} terraform questions read back as literals");
    assert!(questions > 100, "the bank has its terraform questions ({questions})");
    assert!(keys > 1000, "every instance's key and distractors were read ({keys})");
    assert!(
        refused.is_empty(),
        "{} of {keys} printed answers refused:\n{}",
        refused.len(),
        refused.join("\n")
    );
}

/// A one-question bank: `body` is the question's YAML after `- id: ID`.
fn one_question_bank(tag: &str, id: &str, body: &str) -> PathBuf {
    let dir = temp(tag);
    let fixture = root().join("tests/fixtures/tui-bank/lessons.yaml");
    let tf = dir.join("terraform");
    let written = std::fs::create_dir_all(&tf)
        .and_then(|()| std::fs::copy(&fixture, dir.join("lessons.yaml")))
        .and_then(|_| {
            std::fs::write(
                tf.join("typed.yaml"),
                format!("topic: typed\nengine: terraform\nquestions:\n  - id: {id}\n{body}"),
            )
        });
    if let Err(e) = written {
        panic!("cannot write the bank in {}: {e}", dir.display());
    }
    dir
}

const FORMAT_QUESTION: &str = r#"    tags: [format]
    lesson: {seed: 001, section: "merge() precedence"}
    quote: "format() pads with zeros."
    docs: https://developer.hashicorp.com/terraform/language/functions/format
    objective: 2c
    prompt: 'What does `format("%s_%04d", "node", 77)` return?'
    expr: 'format("%s_%04d", "node", 77)'
    kind: input
    answer: '"node_0077"'
    explain: '%04d pads the integer with zeros to a width of 4.'
    difficulty: 1
"#;

const LIST_QUESTION: &str = r#"    tags: [split]
    lesson: {seed: 001, section: "merge() precedence"}
    quote: "split() gives a list of strings."
    docs: https://developer.hashicorp.com/terraform/language/functions/split
    objective: 2c
    prompt: 'What does `split(",", "standard,premium")` return?'
    expr: 'split(",", "standard,premium")'
    kind: input
    answer: 'tolist(["standard", "premium"])'
    explain: 'split() cuts at each comma.'
    difficulty: 1
"#;

fn practice(dir: &Path, tag: &str) -> App {
    let bank = Bank::load_dirs(&[dir.to_path_buf()]).unwrap_or_else(|e| panic!("the bank loads: {e}"));
    let store = Store::open(&temp(tag)).unwrap_or_else(|e| panic!("store: {e}")).store;
    let mut app = App::new(
        bank,
        store,
        Options {
            seed: 7,
            clock: Clock::fixed(1_767_225_600_000),
            theme: Theme { color: false },
            start: None,
            exam_questions: 4,
            topics: Vec::new(),
        },
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Question);
    app
}

/// Replaces the answer line with `s`.
fn retype(app: &mut App, s: &str) {
    for _ in 0..80 {
        press(app, KeyCode::Backspace);
    }
    for c in s.chars() {
        press(app, KeyCode::Char(c));
    }
}

fn input_error(app: &App) -> String {
    app.asking.as_ref().and_then(|a| a.input_error.clone()).unwrap_or_default()
}

#[test]
fn practice_refuses_the_questions_own_expression_and_grades_the_value() {
    let dir = one_question_bank("typed-format", "tf-typed-format", FORMAT_QUESTION);
    let mut app = practice(&dir, "typed-format-store");
    retype(&mut app, r#"format("%s_%04d", "node", 77)"#);
    assert!(input_error(&app).contains(REFUSED), "shown while typing: {}", input_error(&app));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Question, "an expression is not graded");
    assert!(input_error(&app).contains(REFUSED) && input_error(&app).contains("a call to format()"));
    assert!(app.session.as_ref().is_some_and(|s| s.answered.is_empty()), "nor counted");
    assert!(app.store.progress.get("tf-typed-format").is_none(), "nor recorded");
    let shown = iacquiz::tui::render_text(&app, 100, 30);
    assert!(shown.contains(REFUSED), "the refusal is on screen:\n{shown}");
    // The value differing only in letter case is graded wrong, and told so.
    retype(&mut app, r#""Node_0077""#);
    assert_eq!(input_error(&app), "");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Feedback);
    let fb = app.feedback.as_ref().unwrap_or_else(|| panic!("feedback"));
    assert!(!fb.correct);
    assert!(fb.note.as_deref().is_some_and(|n| n.contains("letter case")), "{:?}", fb.note);
    let shown = iacquiz::tui::render_text(&app, 100, 30);
    assert!(shown.contains("differs only in letter case"), "{shown}");
}

#[test]
fn practice_grades_the_value_typed_plainly() {
    let dir = one_question_bank("typed-format-right", "tf-typed-format", FORMAT_QUESTION);
    let mut app = practice(&dir, "typed-format-right-store");
    retype(&mut app, "node_0077");
    assert_eq!(input_error(&app), "", "an unquoted string answer reads as the string");
    // A call is refused even where it would not evaluate (it is not text to quote).
    let inst = &app.asking.as_ref().unwrap_or_else(|| panic!("asking")).instance;
    assert!(inst.typed_problem("upper(var.x)").is_some_and(|p| p.contains(REFUSED)));
    assert!(inst.judge("upper(var.x)").is_err_and(|p| p.contains(REFUSED)));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Feedback);
    assert!(app.feedback.as_ref().is_some_and(|f| f.correct && f.note.is_none()));
}

#[test]
fn practice_suggests_quoting_a_bare_word() {
    let dir = one_question_bank("typed-list", "tf-typed-list", LIST_QUESTION);
    let mut app = practice(&dir, "typed-list-store");
    retype(&mut app, "[standard, premium]");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Question);
    let e = input_error(&app);
    assert!(e.contains(REFUSED) && e.ends_with("did you mean \"standard\"?"), "{e}");
    assert!(!e.contains("Invalid reference"), "{e}");
    retype(&mut app, r#"["standard", "premium"]"#);
    press(&mut app, KeyCode::Enter);
    assert!(app.feedback.as_ref().is_some_and(|f| f.correct));
}

fn prepared_quiz() -> Quiz {
    Quiz::from_json(&read(&root().join("tests/quiz/responses/quiz.json"))).unwrap_or_else(|e| panic!("quiz.json: {e}"))
}

/// Variant 1 answered (as tests/it/quiz_grade.rs does), question 11 being `format("%s_%04d",
/// "node", 29)`; `last` is what is typed for it.
fn script(last: &str) -> String {
    format!("D\nno\nB\nC\nc\n-\nfalse\n[\"00007\", \"00084\", \"00275\"]\n\"X]]>Y<Z & *\\n\"\nC\n{last}")
}

#[test]
fn quiz_take_asks_again_for_an_expression() {
    let quiz = prepared_quiz();
    let typed = script("format(\"%s_%04d\", \"node\", 29)\n\"node_0029\"\n");
    let mut out: Vec<u8> = Vec::new();
    let mut clock = StepClock { now: 0, step: 1500 };
    let r = take(&quiz, 1, Some("Erin"), &mut Cursor::new(typed.as_bytes()), &mut out, &mut clock).unwrap_or_else(|e| panic!("{e}"));
    let transcript = String::from_utf8_lossy(&out).to_string();
    assert!(
        transcript.contains("Type the value, not an expression: `format(\"%s_%04d\", \"node\", 29)`"),
        "{transcript}"
    );
    assert!(
        !transcript.contains("Right") && !transcript.contains("Wrong"),
        "nothing says right or wrong"
    );
    assert_eq!(r.answers[10].answer.as_deref(), Some("\"node_0029\""));
}

#[test]
fn quiz_grade_marks_an_expression_wrong_with_the_reason() {
    let quiz = prepared_quiz();
    let mut out: Vec<u8> = Vec::new();
    let mut clock = StepClock { now: 0, step: 1500 };
    let mut r = take(
        &quiz,
        1,
        Some("Erin"),
        &mut Cursor::new(script("\"node_0029\"\n").as_bytes()),
        &mut out,
        &mut clock,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let right = grade(&quiz, std::slice::from_ref(&r)).unwrap_or_else(|e| panic!("{e}"));
    assert!(right.students[0].answers[10].correct, "the value is right");
    r.answers[10].answer = Some("format(\"%s_%04d\", \"node\", 29)".into());
    let report = grade(&quiz, std::slice::from_ref(&r)).unwrap_or_else(|e| panic!("{e}"));
    let a = &report.students[0].answers[10];
    assert!(!a.correct && !a.skipped);
    assert!(a.refused.as_deref().is_some_and(|w| w.contains(REFUSED)), "{:?}", a.refused);
    assert_eq!(report.students[0].score + 1, right.students[0].score);
    // Through the binary, from a responses file.
    let dir = temp("typed-grade");
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join("responses-erin.json");
    std::fs::write(&path, r.to_json()).unwrap_or_else(|e| panic!("{e}"));
    let out = Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(["quiz", "grade"])
        .arg(root().join("tests/quiz/responses/quiz.json"))
        .arg(&path)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("Refused answers (graded wrong)") && text.contains(REFUSED), "{text}");
    let _ = Responses::from_json(&r.to_json()).unwrap_or_else(|e| panic!("{e}"));
}

fn diagnose(expr: &str, answer: &str) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(["diagnose", "--", expr, answer])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn diagnose_refuses_an_expression_for_the_answer() {
    let (code, stdout, stderr) = diagnose(r#"lower("A")"#, r#"lower("A")"#);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains(REFUSED) && stderr.contains("a call to lower()"), "{stderr}");
    assert!(!stdout.contains("Correct"), "{stdout}");
    let (code, _, stderr) = diagnose(r#"merge({tier = "standard"}, {tier = "premium"}).tier"#, "standard");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("did you mean \"standard\"?") && !stderr.contains("Invalid reference"),
        "{stderr}"
    );
    let (code, stdout, _) = diagnose(r#"lower("A")"#, r#""a""#);
    assert_eq!(code, 0, "{stdout}");
}

#[test]
fn diagnose_says_when_only_letter_case_differs() {
    let (code, stdout, _) = diagnose(r#"lower("A")"#, r#""A""#);
    assert_eq!(code, 1);
    assert!(stdout.contains("differs only in letter case"), "{stdout}");
    let (_, stdout, _) = diagnose(r#"lower("A")"#, r#""b""#);
    assert!(!stdout.contains("letter case"), "{stdout}");
}

#[test]
fn quiz_take_tui_keeps_an_expression_on_screen_to_retype() {
    use iacquiz::tui::take::update::handle_key;
    use iacquiz::tui::take::{Phase, Take};
    let quiz = prepared_quiz();
    let out = temp("typed-take-tui");
    std::fs::create_dir_all(&out).unwrap_or_else(|e| panic!("{e}"));
    let now = 1_000_000;
    let mut t = Take::new(&quiz, 1, Some("Erin"), &out, Theme { color: false }, now).unwrap_or_else(|e| panic!("{e}"));
    t.sitting.go_to(10, now);
    assert!(t.typed(), "question 11 is typed");
    let key = |t: &mut Take, code: KeyCode| {
        handle_key(t, KeyEvent::new(code, KeyModifiers::NONE), now);
    };
    for c in "format(\"%s_%04d\", \"node\", 29)".chars() {
        key(&mut t, KeyCode::Char(c));
    }
    key(&mut t, KeyCode::Enter);
    assert_eq!((t.phase, t.sitting.current()), (Phase::Question, 10), "not moved on");
    let notice = t.notice.clone().unwrap_or_default();
    assert!(notice.contains(REFUSED), "{notice}");
    assert!(iacquiz::tui::take::render_text(&t, 100, 30).contains(REFUSED));
    for _ in 0..40 {
        key(&mut t, KeyCode::Backspace);
    }
    for c in "\"node_0029\"".chars() {
        key(&mut t, KeyCode::Char(c));
    }
    key(&mut t, KeyCode::Enter);
    assert_eq!(t.phase, Phase::Submit, "the value moves on to the submission");
    assert_eq!(t.sitting.answer(10), Some("\"node_0029\""));
}
