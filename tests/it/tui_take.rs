//! `quiz take`'s TUI screens and state machine, driven by key events: snapshots of the name,
//! a first question, a typed answer, the confirmation and the submitted screen (over the
//! frozen prepared quiz, so the bank's growth does not move them); a quiz made by `quiz new`'s
//! code from the fixture bank with a fixed seed, answered by keys, whose responses file
//! `quiz grade` grades as the keys chosen say it should; quitting and Ctrl-C keeping answers;
//! a variant the quiz lacks.

use crate::support;

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use iacquiz::bank::Bank;
use iacquiz::instructor::grade::grade;
use iacquiz::instructor::model::{Format, Quiz, Responses};
use iacquiz::instructor::take::{Clock, StepClock};
use iacquiz::instructor::{Options, QuizError, new_quiz};
use iacquiz::tui::take::update::{Effect, handle_key};
use iacquiz::tui::take::{Phase, Take, render_text};
use iacquiz::tui::theme::Theme;
use support::{fixture_bank, read, root, run, temp};

const T0: u64 = 1_000_000;

fn prepared_quiz() -> Quiz {
    match Quiz::from_json(&read(&root().join("tests/quiz/responses/quiz.json"))) {
        Ok(q) => q,
        Err(e) => panic!("prepared quiz.json: {e}"),
    }
}

fn dir(tag: &str) -> PathBuf {
    let d = temp(tag);
    if let Err(e) = std::fs::create_dir_all(&d) {
        panic!("{}: {e}", d.display());
    }
    d
}

fn take(quiz: &Quiz, variant: usize, name: Option<&str>, out: &Path) -> Take {
    match Take::new(quiz, variant, name, out, Theme { color: false }, T0) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

/// Presses `code` at the clock's next reading; performs the write the update asks for.
fn key(t: &mut Take, clock: &mut StepClock, code: KeyCode, mods: KeyModifiers) -> Effect {
    let effect = handle_key(t, KeyEvent::new(code, mods), clock.now_ms());
    if effect == Effect::Save
        && let Err(e) = t.save()
    {
        panic!("{e}");
    }
    effect
}

fn press(t: &mut Take, clock: &mut StepClock, code: KeyCode) -> Effect {
    key(t, clock, code, KeyModifiers::NONE)
}

fn ch(t: &mut Take, clock: &mut StepClock, c: char) -> Effect {
    press(t, clock, KeyCode::Char(c))
}

fn typed(t: &mut Take, clock: &mut StepClock, s: &str) {
    for c in s.chars() {
        ch(t, clock, c);
    }
}

fn screen(t: &Take) -> String {
    render_text(t, 80, 24)
}

fn clock() -> StepClock {
    StepClock { now: T0, step: 1000 }
}

fn read_responses(p: &Path) -> Responses {
    match Responses::from_json(&read(p)) {
        Ok(r) => r,
        Err(e) => panic!("{}: {e}", p.display()),
    }
}

#[test]
fn screens_from_the_name_to_the_submission() {
    let quiz = prepared_quiz();
    let out = dir("take-screens");
    let mut c = clock();
    let mut t = take(&quiz, 1, None, &out);
    typed(&mut t, &mut c, "Erin");
    snapshot!("take_name", screen(&t));
    press(&mut t, &mut c, KeyCode::Enter);
    assert_eq!(t.phase, Phase::Question);
    assert_eq!(t.sitting.name, "Erin");
    c.now += 64_000; // the header shows the time since the name was entered
    iacquiz::tui::take::update::tick(&mut t, c.now);
    snapshot!("take_first_question", screen(&t));
    let first = screen(&t);
    for word in ["right", "wrong", "correct", "misconception"] {
        assert!(!first.to_lowercase().contains(word), "an exam screen says {word:?}");
    }

    // d answers question 1 and moves on; coming back shows the answer, which can change.
    ch(&mut t, &mut c, 'd');
    assert_eq!((t.sitting.current(), t.sitting.answer(0)), (1, Some("D")));
    ch(&mut t, &mut c, 'p');
    assert_eq!(t.sitting.current(), 0);
    ch(&mut t, &mut c, 'k');
    ch(&mut t, &mut c, 'k');
    press(&mut t, &mut c, KeyCode::Enter);
    assert_eq!(t.sitting.answer(0), Some("B"), "the highlight moved up from d) to b)");
    ch(&mut t, &mut c, 'b'); // question 2 is true/false: b) false
    assert_eq!(t.sitting.answer(1), Some("false"));

    // Question 8 is typed; what is typed is its answer even before Enter.
    for _ in 2..7 {
        press(&mut t, &mut c, KeyCode::Tab);
    }
    assert_eq!(t.sitting.current(), 7);
    typed(&mut t, &mut c, "[\"00007\", \"00084\", \"0027");
    snapshot!("take_input_typing", screen(&t));
    typed(&mut t, &mut c, "5\"]");
    assert_eq!(t.sitting.answer(7), Some("[\"00007\", \"00084\", \"00275\"]"));
    press(&mut t, &mut c, KeyCode::Enter);
    assert_eq!(t.sitting.current(), 8);

    // Question 9 is typed too: s is a letter there, F10 asks to submit.
    ch(&mut t, &mut c, 's');
    assert_eq!((t.phase, t.sitting.answer(8)), (Phase::Question, Some("s")));
    press(&mut t, &mut c, KeyCode::Backspace);
    assert_eq!(t.sitting.answer(8), None, "a line typed away is no answer");
    press(&mut t, &mut c, KeyCode::F(10));
    assert_eq!(t.phase, Phase::Submit);
    snapshot!("take_submit_confirm", screen(&t));
    ch(&mut t, &mut c, 'n');
    assert_eq!(
        (t.phase, t.sitting.current()),
        (Phase::Question, 8),
        "n goes back to where the student was"
    );
    press(&mut t, &mut c, KeyCode::Tab);
    ch(&mut t, &mut c, 's'); // question 10 has choices: s asks to submit
    assert_eq!(t.phase, Phase::Submit);
    assert_eq!(press(&mut t, &mut c, KeyCode::Enter), Effect::Save);
    assert_eq!(t.phase, Phase::Done);
    assert!(t.sitting.closed());
    // The folder differs from run to run: DIR stands for it, padded to its width.
    let d = out.display().to_string();
    let shown = screen(&t).replace(&d, &format!("{:<w$}", "DIR", w = d.len()));
    snapshot!("take_submitted", shown);
    press(&mut t, &mut c, KeyCode::Enter);
    assert!(t.quit);

    let r = read_responses(&out.join("responses-Erin.json"));
    let given: Vec<Option<&str>> = r.answers.iter().map(|a| a.answer.as_deref()).collect();
    let want_typed = Some("[\"00007\", \"00084\", \"00275\"]");
    assert_eq!(
        given,
        [Some("B"), Some("false"), None, None, None, None, None, want_typed, None, None, None]
    );
    let _ = std::fs::remove_dir_all(&out);
}

/// What a student chose for one question, and whether the quiz counts it right.
struct Plan {
    keys: String,
    right: bool,
    misconception: Option<String>,
}

/// The keys that answer `item`: choices right on even numbers and, on odd ones, wrong with a
/// misconception when the quiz has one; typed questions get the quiz's answer; one skipped.
fn plan(item: &iacquiz::instructor::model::Item) -> Plan {
    if item.number == 3 {
        return Plan {
            keys: String::new(),
            right: false,
            misconception: None,
        };
    }
    if item.format == Format::Shortanswer {
        return Plan {
            keys: item.answer.text.clone(),
            right: true,
            misconception: None,
        };
    }
    let want_right = item.number.is_multiple_of(2);
    let pick = if want_right {
        item.choices.iter().position(|c| c.correct)
    } else {
        item.choices
            .iter()
            .position(|c| !c.correct && c.misconception.is_some())
            .or_else(|| item.choices.iter().position(|c| !c.correct))
    };
    let Some(i) = pick else {
        panic!("question {} has no such choice", item.number)
    };
    let c = &item.choices[i];
    Plan {
        keys: ((b'a' + i as u8) as char).to_string(),
        right: c.correct,
        misconception: if c.correct { None } else { c.misconception.clone() },
    }
}

#[test]
fn keys_make_a_responses_file_that_grades_as_they_say() {
    let bank = match Bank::load_dirs(&[fixture_bank()]) {
        Ok(b) => b,
        Err(e) => panic!("fixture bank: {e:?}"),
    };
    let o = Options {
        count: 8,
        seed: 2024,
        variants: 2,
        ..Options::default()
    };
    let quiz = match new_quiz(&bank, &o) {
        Ok(q) => q,
        Err(e) => panic!("{e}"),
    };
    let out = dir("take-grade");
    let quiz_path = out.join("quiz.json");
    if let Err(e) = std::fs::write(&quiz_path, quiz.to_json()) {
        panic!("{e}");
    }
    let mut c = clock();
    c.now += c.step; // the first key comes a step after the quiz opens
    let mut t = take(&quiz, 2, Some("Ann Lee"), &out);
    let items = t.sitting.items.clone();
    let plans: Vec<Plan> = items.iter().map(plan).collect();
    assert!(
        items.iter().any(|i| i.format == Format::Shortanswer) && items.iter().any(|i| i.format != Format::Shortanswer),
        "the quiz mixes typed and chosen answers"
    );
    let mut key_presses = Vec::new();
    for (item, p) in items.iter().zip(&plans) {
        let before = c.now;
        if p.keys.is_empty() {
            press(&mut t, &mut c, KeyCode::Tab);
        } else if item.format == Format::Shortanswer {
            typed(&mut t, &mut c, &p.keys);
            press(&mut t, &mut c, KeyCode::Enter);
        } else {
            typed(&mut t, &mut c, &p.keys);
        }
        key_presses.push((c.now - before) / c.step);
    }
    assert_eq!(t.phase, Phase::Submit, "going on from the last question asks to submit");
    assert_eq!(ch(&mut t, &mut c, 'y'), Effect::Save);

    let path = out.join("responses-Ann_Lee.json");
    let r = read_responses(&path);
    assert_eq!((r.name.as_str(), r.variant, r.quiz_seed), ("Ann Lee", 2, 2024));
    // A question is on screen from the key that shows it to the key that leaves it: as many
    // clock steps as keys pressed on it.
    let times: Vec<u64> = r.answers.iter().map(|a| a.time_ms).collect();
    let want: Vec<u64> = key_presses.iter().map(|k| k * 1000).collect();
    assert_eq!(times, want);

    let report = match grade(&quiz, std::slice::from_ref(&r)) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let s = &report.students[0];
    let right = plans.iter().filter(|p| p.right).count();
    assert_eq!((s.score, s.total), (right, items.len()));
    let mut shown: Vec<String> = plans.iter().filter_map(|p| p.misconception.clone()).collect();
    shown.sort();
    let mut got: Vec<String> = s
        .misconceptions
        .iter()
        .flat_map(|(m, n)| std::iter::repeat_n(m.clone(), *n))
        .collect();
    got.sort();
    assert_eq!(got, shown);
    assert!(s.answers[2].skipped);

    // And the command reads the file as the library does.
    let o = run(&[
        "quiz",
        "grade",
        &quiz_path.display().to_string(),
        &path.display().to_string(),
        "--csv",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = String::from_utf8_lossy(&o.stdout).to_string();
    // No --id given: the idnumber column is empty.
    let row = csv.lines().find(|l| l.starts_with(",Ann Lee,")).unwrap_or_default().to_string();
    assert!(row.starts_with(&format!(",Ann Lee,2,{right},{},", items.len())), "{csv}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn quitting_and_ctrl_c_keep_the_answers_given() {
    let quiz = prepared_quiz();
    let out = dir("take-quit");
    let mut c = clock();
    let mut t = take(&quiz, 1, Some("Q"), &out);
    ch(&mut t, &mut c, 'c');
    assert!(out.join("responses-Q.json").exists(), "an answer is written as soon as it is given");
    press(&mut t, &mut c, KeyCode::Esc);
    assert_eq!(t.phase, Phase::Quit);
    snapshot!("take_quit_confirm", screen(&t));
    press(&mut t, &mut c, KeyCode::Esc);
    assert_eq!(t.phase, Phase::Question, "Esc on the confirmation goes back");
    ch(&mut t, &mut c, 'q');
    assert_eq!(ch(&mut t, &mut c, 'y'), Effect::Save);
    assert!(t.quit);
    let r = read_responses(&out.join("responses-Q.json"));
    assert_eq!(r.answers[0].answer.as_deref(), Some("C"));
    assert_eq!(r.answers.iter().filter(|a| a.answer.is_some()).count(), 1);

    // Ctrl-C while typing, before Enter: the line typed is kept.
    let mut t = take(&quiz, 2, Some("R"), &out);
    for _ in 0..7 {
        ch(&mut t, &mut c, 'n');
    }
    typed(&mut t, &mut c, "[1]");
    assert_eq!(key(&mut t, &mut c, KeyCode::Char('c'), KeyModifiers::CONTROL), Effect::Save);
    assert!(t.quit && t.sitting.closed());
    let r = read_responses(&out.join("responses-R.json"));
    assert_eq!(r.answers[7].answer.as_deref(), Some("[1]"));
    assert_eq!(r.answers[7].time_ms, 4000, "three characters and Ctrl-C");

    // Before the quiz starts there is nothing to keep.
    let mut t = take(&quiz, 1, None, &out);
    assert_eq!(key(&mut t, &mut c, KeyCode::Char('c'), KeyModifiers::CONTROL), Effect::None);
    assert!(t.quit);
    assert!(!out.join("responses-anonymous.json").exists());
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_variant_the_quiz_lacks_is_refused() {
    let quiz = prepared_quiz();
    match Take::new(&quiz, 3, Some("x"), Path::new("."), Theme { color: false }, 0) {
        Err(QuizError::Usage(m)) => assert_eq!(m, "--variant 3: the quiz has variants 1 to 2"),
        other => panic!("{other:?}"),
    }
    let path = root().join("tests/quiz/responses/quiz.json").display().to_string();
    for extra in [&["--plain"][..], &[]] {
        let mut args = vec!["quiz", "take", &path, "--variant", "0", "--name", "x"];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&o.stderr),
            "iacquiz quiz take: --variant 0: the quiz has variants 1 to 2\n"
        );
    }
}

#[test]
fn help_lists_the_take_keys() {
    let quiz = prepared_quiz();
    let mut c = clock();
    let mut t = take(&quiz, 1, Some("H"), Path::new("."));
    ch(&mut t, &mut c, '?');
    let lines: Vec<String> = iacquiz::tui::views::take::help_lines(&t)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.to_string()).collect())
        .collect();
    for want in ["Quiz question (choices)", "s/F10", "submit", "n/→/Tab", "Shift-Tab"] {
        assert!(lines.iter().any(|l| l.contains(want)), "help lacks {want:?}");
    }
    assert!(screen(&t).contains("Help: keys on this screen"));
    press(&mut t, &mut c, KeyCode::Esc);
    assert!(t.help.is_none());
    assert_eq!(t.phase, Phase::Question, "Esc closes the help, not the quiz");
}

/// The help's lines as plain text.
fn help_text(t: &Take) -> Vec<String> {
    iacquiz::tui::views::take::help_lines(t)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.to_string()).collect())
        .collect()
}

#[test]
fn help_follows_the_phase_and_q_asks_before_leaving() {
    let quiz = prepared_quiz();
    let mut c = clock();
    let mut t = take(&quiz, 1, Some("H"), Path::new("."));
    ch(&mut t, &mut c, '?');
    let question = help_text(&t);
    assert!(question.iter().any(|l| l.contains("Quiz question (choices)")), "{question:#?}");
    assert!(!question.iter().any(|l| l.contains("Quiz: submit?")), "{question:#?}");
    assert!(screen(&t).contains("Esc goes back one level"));
    press(&mut t, &mut c, KeyCode::Esc);
    // s opens the submission; its help is another list.
    ch(&mut t, &mut c, 's');
    assert_eq!(t.phase, Phase::Submit);
    ch(&mut t, &mut c, '?');
    let submit = help_text(&t);
    assert!(submit.iter().any(|l| l.contains("Quiz: submit?")), "{submit:#?}");
    assert!(!submit.iter().any(|l| l.contains("Quiz question (choices)")), "{submit:#?}");
    press(&mut t, &mut c, KeyCode::Esc);
    // q asks, from the submission as from a question; n goes back to answering.
    ch(&mut t, &mut c, 'q');
    assert_eq!(t.phase, Phase::Quit);
    assert!(!t.quit);
    ch(&mut t, &mut c, 'n');
    assert_eq!(t.phase, Phase::Question);
    ch(&mut t, &mut c, 'q');
    assert_eq!(t.phase, Phase::Quit);
}
