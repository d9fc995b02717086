//! Keys across the TUI's screens (#19 point 7): `?` lists the keys of the screen under it
//! (from the one binding table) and scrolls by page; Esc goes back one level or asks; `q`
//! quits except in a text field, and asks during an exam; the playground's history, recall
//! and pasted input.

use crate::drive;

use drive::{ch, press, typed};

use std::path::{Path, PathBuf};

use crossterm::event::KeyCode;
use iacquiz::bank::Bank;
use iacquiz::quiz::Mode;
use iacquiz::quiz::progress::Store;
use iacquiz::tui::app::Confirm;
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, Screen, render_text, update, views};

const T0: u64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z

fn bank() -> Bank {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-bank");
    Bank::load_dirs(&[dir]).expect("the fixture bank loads")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-keys-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn app_seeded(name: &str, start: Option<Mode>, seed: u64) -> App {
    let store = Store::open(&temp_dir(name)).expect("store").store;
    App::new(
        bank(),
        store,
        Options {
            seed,
            clock: Clock::fixed(T0),
            theme: Theme { color: false },
            start,
            exam_questions: 4,
            topics: Vec::new(),
        },
    )
}

fn app_with(name: &str, start: Option<Mode>) -> App {
    app_seeded(name, start, 7)
}

/// An app whose first question (of a session of `mode`) is answered by choosing (`choices`)
/// or by typing.
fn first_question(name: &str, mode: Mode, choices: bool) -> App {
    for seed in 0..64 {
        let app = app_seeded(name, Some(mode), seed);
        if app.asking.as_ref().is_some_and(|a| a.choices.is_empty() != choices) {
            return app;
        }
    }
    panic!("no seed starts {mode:?} on the wanted kind of question");
}

fn screen(app: &App) -> String {
    render_text(app, 80, 24)
}

/// The help's lines as plain text.
fn help_text(app: &App) -> Vec<String> {
    views::help_lines(app)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.to_string()).collect())
        .collect()
}

fn has(lines: &[String], s: &str) -> bool {
    lines.iter().any(|l| l.contains(s))
}

#[test]
fn help_lists_the_keys_of_the_screen_under_it() {
    // Home.
    let mut home = app_with("help-home", None);
    ch(&mut home, '?');
    let h = help_text(&home);
    assert!(has(&h, "filter topics") && has(&h, "Home"), "{h:#?}");
    assert!(!has(&h, "answer a)") && !has(&h, "keep going"), "{h:#?}");
    let s = screen(&home);
    assert!(s.contains("Help: keys on this screen"), "{s}");

    // A practice question answered by choosing.
    let mut q = first_question("help-choice", Mode::Practice, true);
    ch(&mut q, '?');
    let c = help_text(&q);
    assert!(
        has(&c, "Question (choices)") && has(&c, "answer a)") && has(&c, "playground"),
        "{c:#?}"
    );
    assert!(!has(&c, "filter topics") && !has(&c, "Exam question"), "{c:#?}");

    // An exam question: the exam's keys, then the question's.
    let mut e = first_question("help-exam", Mode::Exam, true);
    ch(&mut e, '?');
    let x = help_text(&e);
    assert!(has(&x, "Exam question") && has(&x, "flag") && has(&x, "answer a)"), "{x:#?}");
    assert!(!has(&x, "filter topics"), "{x:#?}");

    // The playground.
    let mut p = app_with("help-pg", None);
    p.home.selected = 5;
    press(&mut p, KeyCode::Enter);
    assert_eq!(p.screen, Screen::Playground);
    ch(&mut p, '?');
    assert!(p.help.is_none(), "? is a character in the playground's line");
    press(&mut p, KeyCode::F(1));
    let g = help_text(&p);
    assert!(has(&g, "Playground") && has(&g, "recall") && has(&g, "any character"), "{g:#?}");
    assert!(!has(&g, "filter topics") && !has(&g, "answer a)"), "{g:#?}");

    // Three screens, three different lists; each ends with the Esc and q rule.
    assert_ne!(h, c);
    assert_ne!(c, x);
    assert_ne!(x, g);
    for app in [&home, &q, &e, &p] {
        let s = screen(app);
        assert!(s.contains("Esc goes back one level"), "{s}");
    }
}

#[test]
fn help_scrolls_by_page_at_80x24() {
    let mut app = first_question("help-page", Mode::Exam, false);
    press(&mut app, KeyCode::F(1));
    let top = screen(&app);
    assert!(top.contains("lines 1–"), "the help is longer than the terminal: {top}");
    snapshot!("help_exam_typed_top", top);
    press(&mut app, KeyCode::PageDown);
    let page = app.help.expect("help open");
    assert!(page > 5, "PgDn moves a page, not a line: {page}");
    let down = screen(&app);
    assert_ne!(top, down);
    assert!(down.contains(&format!("lines {}–", page + 1)), "{down}");
    press(&mut app, KeyCode::End);
    let end = app.help.expect("help open");
    assert!(end >= page);
    let bottom = screen(&app);
    assert!(bottom.contains("close help"), "the end shows the help's own keys: {bottom}");
    press(&mut app, KeyCode::PageDown);
    assert_eq!(app.help, Some(end), "no further than the last page");
    press(&mut app, KeyCode::PageUp);
    assert_eq!(app.help, Some(end - page));
    ch(&mut app, 'k');
    assert_eq!(app.help, Some(end - page - 1));
    press(&mut app, KeyCode::Home);
    assert_eq!(app.help, Some(0));
    ch(&mut app, 'j');
    assert_eq!(app.help, Some(1));
    // Esc, ? and q each close it; the exam goes on underneath.
    for close in [KeyCode::Esc, KeyCode::Char('?'), KeyCode::Char('q')] {
        if app.help.is_none() {
            press(&mut app, KeyCode::F(1));
        }
        press(&mut app, close);
        assert!(app.help.is_none(), "{close:?} closes the help");
        assert!(!app.quit && app.confirm.is_none() && app.screen == Screen::Question);
    }
}

#[test]
fn esc_in_an_exam_asks_and_q_asks_too() {
    let mut app = first_question("exam-esc", Mode::Exam, true);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.confirm, Some(Confirm::Leave));
    assert!(screen(&app).contains("Leave the exam?"));
    ch(&mut app, 'n');
    assert_eq!(app.confirm, None);
    assert_eq!(app.screen, Screen::Question);

    // q on an exam question asks; n keeps going.
    ch(&mut app, 'q');
    assert!(!app.quit, "q does not end an exam unasked");
    assert_eq!(app.confirm, Some(Confirm::Quit));
    let s = screen(&app);
    assert!(s.contains("Quit iacquiz during the exam?"), "{s}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.confirm, None);
    assert!(app.session.is_some());
    // From the question list too.
    ch(&mut app, 'o');
    assert_eq!(app.screen, Screen::ExamList);
    ch(&mut app, 'q');
    assert_eq!(app.confirm, Some(Confirm::Quit));
    // y: the answers given are scored and saved, then iacquiz quits.
    ch(&mut app, 'n');
    ch(&mut app, 'q');
    ch(&mut app, 'y');
    assert!(app.quit);
    assert_eq!(app.screen, Screen::Summary, "the exam was scored");
}

#[test]
fn q_in_an_exam_answer_line_is_a_letter() {
    let mut app = first_question("exam-q-typed", Mode::Exam, false);
    typed(&mut app, "\"q\"");
    assert!(!app.quit && app.confirm.is_none());
    assert_eq!(app.asking.as_ref().map(|a| a.input.text.as_str()), Some("\"q\""));
}

#[test]
fn q_in_a_typed_answer_types_q_and_esc_asks_before_losing_it() {
    let mut app = first_question("typed-q", Mode::Practice, false);
    ch(&mut app, 'q');
    assert!(!app.quit);
    assert_eq!(app.screen, Screen::Question);
    assert_eq!(app.asking.as_ref().map(|a| a.input.text.as_str()), Some("q"));
    // Esc with a line typed asks; n (or Esc) keeps the line.
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.confirm, Some(Confirm::LeaveTyped));
    assert!(screen(&app).contains("What you typed is not kept"));
    ch(&mut app, 'n');
    assert_eq!(app.confirm, None);
    assert_eq!(app.asking.as_ref().map(|a| a.input.text.as_str()), Some("q"));
    press(&mut app, KeyCode::Esc);
    ch(&mut app, 'y');
    assert_eq!(app.screen, Screen::Home);
    assert!(app.session.is_none());
    // An empty line: Esc goes straight back.
    let mut app = first_question("typed-empty", Mode::Practice, false);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Home);
}

#[test]
fn q_quits_from_every_browsing_screen_and_esc_goes_back() {
    // Stats, beliefs and the feedback: Esc goes back one level, q quits.
    for entry in [3, 6] {
        let mut app = app_with("q-browse", None);
        app.home.selected = entry;
        press(&mut app, KeyCode::Enter);
        assert_ne!(app.screen, Screen::Home);
        press(&mut app, KeyCode::Esc);
        assert_eq!(app.screen, Screen::Home);
        press(&mut app, KeyCode::Enter);
        ch(&mut app, 'q');
        assert!(app.quit, "q quits from menu entry {entry}");
    }
    let mut app = first_question("q-feedback", Mode::Practice, true);
    ch(&mut app, 'a');
    assert_eq!(app.screen, Screen::Feedback);
    ch(&mut app, 'q');
    assert!(app.quit);
    // The topic filter: q is a letter, Esc stops typing and keeps it, Esc again clears it.
    let mut app = app_with("q-filter", None);
    ch(&mut app, '/');
    typed(&mut app, "q");
    assert!(!app.quit);
    press(&mut app, KeyCode::Esc);
    assert!(!app.home.editing);
    assert_eq!(app.home.filter.text, "q");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.home.filter.text, "");
}

fn playground(name: &str) -> App {
    let mut app = app_with(name, None);
    app.home.selected = 5;
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Playground);
    app
}

#[test]
fn playground_keeps_a_history_clears_the_line_and_recalls() {
    let mut app = playground("pg-history");
    typed(&mut app, "1 + 2");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.playground.input.text, "", "Enter clears the line");
    typed(&mut app, "upper(\"ab\")");
    press(&mut app, KeyCode::Enter);
    let h = &app.playground.history;
    assert_eq!(h.len(), 2);
    assert_eq!((h[0].input.as_str(), h[0].output.as_deref()), ("1 + 2", Ok("3")));
    assert_eq!((h[1].input.as_str(), h[1].output.as_deref()), ("upper(\"ab\")", Ok("\"AB\"")));
    let s = screen(&app);
    snapshot!("playground_history", s);
    // Most recent at the bottom.
    let first = s.find("> 1 + 2").expect("the first input shows");
    let second = s.find("> upper(\"ab\")").expect("the second input shows");
    assert!(first < second, "{s}");
    // ↑ recalls the latest, then the one before; ↓ comes back to an empty line.
    press(&mut app, KeyCode::Up);
    assert_eq!(app.playground.input.text, "upper(\"ab\")");
    press(&mut app, KeyCode::Up);
    assert_eq!(app.playground.input.text, "1 + 2");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    assert_eq!(app.playground.input.text, "");
    // An error is kept too, by its first line.
    typed(&mut app, "nosuch(1)");
    press(&mut app, KeyCode::Enter);
    assert!(app.playground.history[2].output.is_err());
    // Esc keeps a line typed but not yet evaluated; a line recalled as it was is not doubled.
    typed(&mut app, "2 * 4");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Home);
    assert_eq!(app.playground.history.len(), 4);
    assert_eq!(app.playground.history.last().map(|e| e.output.as_deref()), Some(Ok("8")));
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.playground.history.len(), 4);
}

#[test]
fn playground_history_is_capped_and_scrolls() {
    let mut app = playground("pg-cap");
    for i in 0..205 {
        typed(&mut app, &format!("{i} + 0"));
        press(&mut app, KeyCode::Enter);
    }
    let h = &app.playground.history;
    assert_eq!(h.len(), iacquiz::tui::app::HISTORY_CAP);
    assert_eq!(h[0].input, "5 + 0", "the oldest go first");
    let bottom = screen(&app);
    assert!(bottom.contains("> 204 + 0"), "{bottom}");
    press(&mut app, KeyCode::PageUp);
    let up = screen(&app);
    assert!(!up.contains("> 204 + 0") && up.contains("rows up"), "{up}");
    press(&mut app, KeyCode::PageDown);
    assert_eq!(screen(&app), bottom);
}

#[test]
fn a_paste_with_newlines_is_one_input() {
    let mut app = playground("pg-paste");
    update::handle_paste(&mut app, "[\n  1,\n  2,\n]\n");
    assert_eq!(app.playground.input.text, "[\n  1,\n  2,\n]", "newlines kept, the last one dropped");
    assert_eq!(
        app.playground.result.as_ref().map(|r| r.as_deref()),
        Some(Ok("[\n  1,\n  2,\n]")),
        "evaluated as one expression"
    );
    snapshot!("playground_paste", screen(&app));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.playground.history.len(), 1, "one entry, not four");
    assert_eq!(app.playground.input.text, "");
    // A pasted configuration (no expression) goes into scope as a whole.
    update::handle_paste(&mut app, "locals {\n  base = 20\n  tags = { env = \"dev\" }\n}\n");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.playground.history.len(), 2);
    assert!(
        app.playground.history[1]
            .output
            .as_ref()
            .is_ok_and(|v| v.contains("configuration loaded"))
    );
    typed(&mut app, "local.base + length(local.tags)");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.playground.history[2].output.as_deref(), Ok("21"));
    assert!(screen(&app).contains("the pasted configuration"));
    // Into a one-line field a paste comes as one line.
    let mut q = first_question("paste-typed", Mode::Practice, false);
    update::handle_paste(&mut q, "[\n1,\n2]");
    assert_eq!(q.asking.as_ref().map(|a| a.input.text.as_str()), Some("[ 1, 2]"));
    // Where nothing is typed, a paste does nothing (no key is pressed by it).
    let mut home = app_with("paste-home", None);
    update::handle_paste(&mut home, "q\n");
    assert!(!home.quit && home.screen == Screen::Home);
}
