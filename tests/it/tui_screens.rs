//! Snapshot tests of every TUI screen on ratatui's TestBackend, driven by key events, over a
//! small fixed bank (tests/fixtures/tui-bank) with a fixed clock and seed.

use crate::drive;

use drive::{ch, press, typed};

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use iacquiz::bank::Bank;
use iacquiz::quiz::Mode;
use iacquiz::quiz::progress::Store;
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, Screen, render_text, update};

const T0: u64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z

fn bank() -> Bank {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-bank");
    Bank::load_dirs(&[dir]).expect("the fixture bank loads")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-tui-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn app_with(name: &str, start: Option<Mode>) -> App {
    let store = Store::open(&temp_dir(name)).expect("store").store;
    App::new(
        bank(),
        store,
        Options {
            seed: 7,
            clock: Clock::fixed(T0),
            theme: Theme { color: false },
            start,
            exam_questions: 4,
            topics: Vec::new(),
        },
    )
}

fn screen(app: &App) -> String {
    render_text(app, 80, 24)
}

/// Answers the question shown: typed questions with `text`, others by the choice that is
/// right (`right`) or wrong, preferring a wrong one a misconception produces.
fn answer(app: &mut App, right: bool, text: &str) {
    let a = app.asking.as_ref().expect("a question is shown");
    if a.choices.is_empty() {
        let text = match a.instance.correct_answer() {
            Ok(c) if right => c.text,
            _ => text.to_string(),
        };
        typed(app, &text);
        press(app, KeyCode::Enter);
        return;
    }
    let i = if right {
        a.choices.iter().position(|c| c.correct)
    } else {
        a.choices
            .iter()
            .position(|c| !c.correct && c.misconception.is_some())
            .or_else(|| a.choices.iter().position(|c| !c.correct))
    }
    .expect("a choice");
    ch(app, (b'a' + i as u8) as char);
}

/// Moves on until a question of the wanted kind (choice: true, typed: false) is shown.
fn until_kind(app: &mut App, choices: bool) {
    until(app, |a| a.choices.is_empty() != choices)
}

/// Moves on (answering right) until the question shown satisfies `want`.
fn until(app: &mut App, want: impl Fn(&iacquiz::tui::app::Asking) -> bool) {
    for _ in 0..20 {
        if app.asking.as_ref().is_some_and(&want) {
            return;
        }
        answer(app, true, "\"x\"");
        press(app, KeyCode::Enter);
    }
    panic!("no such question");
}

#[test]
fn home() {
    let mut app = app_with("home", None);
    snapshot!("home", screen(&app));
    ch(&mut app, 'j');
    ch(&mut app, 'j');
    ch(&mut app, '/');
    typed(&mut app, "merge");
    snapshot!("home_filter", screen(&app));
    press(&mut app, KeyCode::Enter);
    assert!(!app.home.editing);
    assert_eq!(app.eligible().len(), 5);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.eligible().len(), 12);
}

#[test]
fn choice_question_and_feedback() {
    let mut app = app_with("choice", None);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Question);
    until(&mut app, |a| a.choices.iter().any(|c| c.misconception.is_some()));
    ch(&mut app, 'j');
    snapshot!("question_choice", screen(&app));
    answer(&mut app, false, "");
    assert_eq!(app.screen, Screen::Feedback);
    snapshot!("feedback_wrong", screen(&app));
    ch(&mut app, 't');
    snapshot!("trace", screen(&app));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Feedback);
    press(&mut app, KeyCode::Enter);
    until_kind(&mut app, true);
    answer(&mut app, true, "");
    snapshot!("feedback_right", screen(&app));
}

#[test]
fn typed_question_shows_parse_errors_inline() {
    let mut app = app_with("input", None);
    press(&mut app, KeyCode::Enter);
    until_kind(&mut app, false);
    typed(&mut app, "{ a = ");
    snapshot!("question_input_error", screen(&app));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Question, "a parse error is not submitted");
    press(&mut app, KeyCode::Backspace);
    typed(&mut app, "1 }");
    snapshot!("question_input_valid", screen(&app));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Feedback);
    snapshot!("feedback_typed", screen(&app));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Home);
    assert!(app.session.is_none());
}

#[test]
fn playground_evaluates_as_you_type_with_history() {
    let mut app = app_with("playground", None);
    press(&mut app, KeyCode::Enter);
    // The first question with a configuration.
    for _ in 0..12 {
        if app
            .asking
            .as_ref()
            .is_some_and(|a| a.instance.source.config.is_some() && !a.choices.is_empty())
        {
            break;
        }
        answer(&mut app, true, "\"x\"");
        press(&mut app, KeyCode::Enter);
    }
    // Unanswered: the first p only warns, and shows no value.
    ch(&mut app, 'p');
    assert_eq!(app.screen, Screen::Question, "the playground would give the answer away");
    snapshot!("playground_warns_before_answering", screen(&app));
    ch(&mut app, 'p');
    assert_eq!(app.screen, Screen::Playground);
    snapshot!("playground_question", screen(&app));
    press(&mut app, KeyCode::Enter);
    update::handle_key(&mut app, KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    typed(&mut app, "upper(\"a\")");
    snapshot!("playground_typed", screen(&app));
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Up);
    assert_eq!(app.playground.input.text, "upper(\"a\")");
    press(&mut app, KeyCode::Up);
    assert!(app.playground.input.text.starts_with("local.") || app.playground.history.len() == 2);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Question);
    // Answered right after looking it up: shown as right, recorded as not recalled.
    let id = app.asking.as_ref().map(|a| a.item.id.clone()).expect("a question");
    answer(&mut app, true, "");
    assert!(app.feedback.as_ref().is_some_and(|f| f.correct && f.note.is_some()));
    snapshot!("playground_looked_up_feedback", screen(&app));
    let last = app
        .store
        .progress
        .get(&id)
        .and_then(|p| p.history.last().cloned())
        .expect("recorded");
    assert!(!last.correct, "not a recall");
    assert_eq!(last.rating, iacquiz::quiz::Rating::Again);
}

#[test]
fn playground_after_answering_needs_one_press_and_keeps_the_recall() {
    let mut app = app_with("playground-after", None);
    press(&mut app, KeyCode::Enter);
    until(&mut app, |a| {
        !a.choices.is_empty() && a.instance.engine == iacquiz::bank::Engine::Terraform
    });
    let id = app.asking.as_ref().map(|a| a.item.id.clone()).expect("a question");
    answer(&mut app, true, "");
    ch(&mut app, 'p');
    assert_eq!(app.screen, Screen::Playground, "answered: the feedback's p opens it at once");
    let last = app
        .store
        .progress
        .get(&id)
        .and_then(|p| p.history.last().cloned())
        .expect("recorded");
    assert!(last.correct);
}

#[test]
fn exam_is_timed_without_feedback_then_scored_by_domain() {
    let mut app = app_with("exam", Some(Mode::Exam));
    assert_eq!(app.screen, Screen::Question);
    app.clock.advance(61_000);
    snapshot!("exam_question", screen(&app));
    answer(&mut app, false, "0");
    assert_eq!(app.screen, Screen::Question, "no feedback during an exam");
    answer(&mut app, true, "\"standard\"");
    answer(&mut app, true, "\"standard\"");
    answer(&mut app, false, "0");
    assert_eq!(app.screen, Screen::Summary, "all answered, none flagged: no question asked");
    snapshot!("exam_summary", screen(&app));
    let recorded: usize = app.store.progress.questions.values().map(|q| q.history.len()).sum();
    assert_eq!(recorded, 4, "the four answers are recorded when the exam ends");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Feedback);
    snapshot!("exam_walk_first_miss", screen(&app));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Summary, "Esc from an answer goes back to the results");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Home);
}

#[test]
fn exam_time_runs_out() {
    let mut app = app_with("exam-time", Some(Mode::Exam));
    answer(&mut app, true, "\"standard\"");
    app.clock.advance(4 * 90_000);
    update::tick(&mut app);
    assert_eq!(app.screen, Screen::Summary);
    snapshot!("exam_time_up", screen(&app));
    let sheet = app.session.as_ref().and_then(|s| s.sheet.as_ref()).expect("an exam");
    assert_eq!(sheet.answered(), 1);
    assert_eq!(
        sheet.score_by_domain().iter().map(|d| d.2).sum::<usize>(),
        2,
        "the answered and the one on screen (skipped); the two never reached are left out"
    );
}

#[test]
fn a_key_after_the_time_is_up_ends_the_exam_without_acting() {
    let mut app = app_with("exam-time-key", Some(Mode::Exam));
    app.clock.advance(4 * 90_000 + 1);
    ch(&mut app, 'a');
    assert_eq!(app.screen, Screen::Summary);
    assert_eq!(app.notice.as_deref(), Some("Time is up."));
    let sheet = app.session.as_ref().and_then(|s| s.sheet.as_ref()).expect("an exam");
    assert_eq!(sheet.answered(), 0, "the a did not answer");
}

fn sheet(app: &App) -> &iacquiz::quiz::exam::Sheet {
    app.session.as_ref().and_then(|s| s.sheet.as_ref()).expect("an exam")
}

#[test]
fn exam_questions_are_skipped_flagged_and_revisited() {
    // Every question of the bank, so the typed one is among them.
    let mut app = app_with("exam-skip", None);
    app.exam_questions = 10;
    update::start(&mut app, Mode::Exam);
    // 1: flag and skip.
    ch(&mut app, 'f');
    assert!(sheet(&app).slots[0].flagged);
    ch(&mut app, 's');
    assert_eq!(sheet(&app).at, 1);
    // 2: answer; 3: go back with ←, then forward with →.
    answer(&mut app, true, "\"standard\"");
    assert_eq!(sheet(&app).at, 2);
    press(&mut app, KeyCode::Left);
    assert_eq!(sheet(&app).at, 1);
    snapshot!("exam_revisit_answered", screen(&app));
    press(&mut app, KeyCode::Right);
    assert_eq!(sheet(&app).at, 2);
    // A typed question: an empty Enter offers to skip, a second one skips.
    until_exam_typed(&mut app);
    let at = sheet(&app).at;
    press(&mut app, KeyCode::Enter);
    assert_eq!(sheet(&app).at, at, "the first empty Enter only offers");
    snapshot!("exam_empty_enter_offers_skip", screen(&app));
    press(&mut app, KeyCode::Enter);
    assert_ne!(sheet(&app).at, at, "the second skips");
    // The list shows answered, skipped and flagged; Enter goes back to the flagged one.
    ch(&mut app, 'o');
    if app.screen == Screen::Question {
        press(&mut app, KeyCode::F(4));
    }
    assert_eq!(app.screen, Screen::ExamList);
    snapshot!("exam_question_list", screen(&app));
    for _ in 0..10 {
        ch(&mut app, 'k');
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Question);
    assert_eq!(sheet(&app).at, 0);
    assert!(app.asking.as_ref().is_some_and(|a| a.item == sheet(&app).slots[0].item));
}

/// Moves through the exam (skipping choice questions) until a typed one is shown.
fn until_exam_typed(app: &mut App) {
    for _ in 0..8 {
        if app.asking.as_ref().is_some_and(|a| a.choices.is_empty()) {
            return;
        }
        press(app, KeyCode::Right);
        if sheet(app).at + 1 == sheet(app).slots.len() && !app.asking.as_ref().is_some_and(|a| a.choices.is_empty()) {
            for _ in 0..sheet(app).slots.len() {
                press(app, KeyCode::Left);
            }
        }
    }
    panic!("no typed question in the exam");
}

#[test]
fn finishing_early_asks_first() {
    let mut app = app_with("exam-finish", Some(Mode::Exam));
    answer(&mut app, false, "0");
    answer(&mut app, true, "\"standard\"");
    ch(&mut app, 'f');
    ch(&mut app, 'F');
    assert_eq!(app.screen, Screen::Question, "not finished yet");
    snapshot!("exam_finish_confirm", screen(&app));
    ch(&mut app, 'n');
    assert!(app.confirm.is_none());
    assert_eq!(app.screen, Screen::Question);
    ch(&mut app, 'F');
    ch(&mut app, 'y');
    assert_eq!(app.screen, Screen::Summary);
    snapshot!("exam_results_every_status", screen(&app));
    use iacquiz::quiz::exam::Status;
    let statuses: Vec<Status> = (0..4).map(|i| sheet(&app).status(i)).collect();
    assert_eq!(statuses, [Status::Wrong, Status::Right, Status::Skipped, Status::NotReached]);
    assert_eq!(
        sheet(&app).score_by_domain().iter().map(|d| d.2).sum::<usize>(),
        3,
        "the one not reached is left out of the sections"
    );
}

#[test]
fn a_changed_answer_is_recorded_once_and_never_ends_the_exam_by_surprise() {
    let mut app = app_with("exam-change", Some(Mode::Exam));
    answer(&mut app, true, "\"standard\"");
    answer(&mut app, true, "\"standard\"");
    answer(&mut app, true, "\"standard\"");
    // The last one flagged, then answered: all answered but flagged, so it asks.
    ch(&mut app, 'f');
    answer(&mut app, false, "0");
    assert_eq!(app.confirm, Some(iacquiz::tui::app::Confirm::Finish));
    ch(&mut app, 'n');
    // Back to the third, answered again (now wrong): asks again instead of ending.
    press(&mut app, KeyCode::Left);
    assert_eq!(sheet(&app).at, 2);
    answer(&mut app, false, "0");
    assert_eq!(app.confirm, Some(iacquiz::tui::app::Confirm::Finish));
    assert_eq!(app.screen, Screen::Question);
    ch(&mut app, 'y');
    assert_eq!(app.screen, Screen::Summary);
    assert_eq!(sheet(&app).status(2), iacquiz::quiz::exam::Status::Wrong, "the later answer counts");
    let recorded: usize = app.store.progress.questions.values().map(|q| q.history.len()).sum();
    assert_eq!(recorded, 4, "one record per question, the changed one included");
}

#[test]
fn esc_in_an_exam_asks_and_never_silently_discards() {
    let mut app = app_with("exam-esc", Some(Mode::Exam));
    answer(&mut app, true, "\"standard\"");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Question);
    snapshot!("exam_leave_confirm", screen(&app));
    press(&mut app, KeyCode::Esc);
    assert!(app.confirm.is_none(), "Esc again keeps going");
    assert!(app.session.is_some());
    // y: scored and saved.
    press(&mut app, KeyCode::Esc);
    ch(&mut app, 'y');
    assert_eq!(app.screen, Screen::Summary);
    let recorded: usize = app.store.progress.questions.values().map(|q| q.history.len()).sum();
    assert_eq!(recorded, 1);
    // d: discarded, and said so.
    let mut app = app_with("exam-esc-discard", Some(Mode::Exam));
    answer(&mut app, true, "\"standard\"");
    press(&mut app, KeyCode::Esc);
    ch(&mut app, 'd');
    assert_eq!(app.screen, Screen::Home);
    assert!(app.notice.as_deref().is_some_and(|n| n.contains("discarded")));
    assert!(app.store.progress.questions.is_empty(), "nothing recorded");
    // Ctrl-C: the answers given are saved before quitting.
    let mut app = app_with("exam-ctrl-c", Some(Mode::Exam));
    answer(&mut app, true, "\"standard\"");
    update::handle_key(&mut app, KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.quit);
    let recorded: usize = app.store.progress.questions.values().map(|q| q.history.len()).sum();
    assert_eq!(recorded, 1, "Ctrl-C saves the exam's answers");
}

#[test]
fn results_list_every_question_and_open_each() {
    let mut app = app_with("exam-results", Some(Mode::Exam));
    answer(&mut app, true, "\"standard\"");
    answer(&mut app, false, "0");
    ch(&mut app, 's');
    if app.screen == Screen::Question && app.asking.as_ref().is_some_and(|a| a.typed()) {
        // `s` types in a typed question; Tab skips there.
        press(&mut app, KeyCode::Tab);
    }
    app.clock.advance(4 * 90_000);
    update::tick(&mut app);
    assert_eq!(app.screen, Screen::Summary);
    use iacquiz::quiz::exam::Status;
    let statuses: Vec<Status> = (0..4).map(|i| sheet(&app).status(i)).collect();
    assert_eq!(statuses.iter().filter(|s| **s == Status::Right).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == Status::Wrong).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == Status::Skipped).count(), 2, "{statuses:?}");
    snapshot!("exam_results_after_time", screen(&app));
    // Walk: ↓ to the third, Enter opens it (skipped: the right answer shown), Enter goes on.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Feedback);
    assert_eq!(app.walking, Some(2));
    snapshot!("exam_results_open_skipped", screen(&app));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.walking, Some(3));
    ch(&mut app, 'b');
    assert_eq!(app.walking, Some(2));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Summary);
}

#[test]
fn review_repeats_misses_until_right() {
    let mut app = app_with("review", None);
    ch(&mut app, 'j');
    ch(&mut app, 'j');
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Home, "nothing to review yet");
    snapshot!("review_empty", screen(&app));
    // Miss two questions in practice.
    ch(&mut app, 'k');
    ch(&mut app, 'k');
    press(&mut app, KeyCode::Enter);
    answer(&mut app, false, "0");
    press(&mut app, KeyCode::Enter);
    answer(&mut app, false, "0");
    press(&mut app, KeyCode::Esc);
    app.clock.advance(3_600_000);
    ch(&mut app, 'j');
    ch(&mut app, 'j');
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.session.as_ref().map(|s| s.queue.len()), Some(2));
    snapshot!("review_question", screen(&app));
    answer(&mut app, false, "0");
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.session.as_ref().map(|s| s.queue.len()),
        Some(2),
        "a miss goes back in the queue"
    );
    let mut guard = 0;
    while app.session.is_some() && guard < 10 {
        answer(&mut app, true, "\"standard\"");
        press(&mut app, KeyCode::Enter);
        guard += 1;
    }
    assert_eq!(app.screen, Screen::Home);
    assert!(app.notice.as_deref().is_some_and(|n| n.starts_with("Review done")));
}

#[test]
fn stats_chart_help_and_small_terminals() {
    let mut app = app_with("stats", None);
    // Answers over three days.
    for day in 0..3 {
        press(&mut app, KeyCode::Enter);
        for i in 0..3 {
            answer(&mut app, (i + day) % 2 == 0, "\"standard\"");
            press(&mut app, KeyCode::Enter);
        }
        press(&mut app, KeyCode::Esc);
        app.clock.advance(86_400_000);
    }
    // Stats is the menu's last entry: up from the first wraps to it.
    ch(&mut app, 'k');
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Stats);
    snapshot!("stats", screen(&app));
    ch(&mut app, '?');
    snapshot!("help", screen(&app));
    press(&mut app, KeyCode::Esc);
    assert!(app.help.is_none());
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Home);
    snapshot!("home_after_practice", screen(&app));
    snapshot!("too_small", render_text(&app, 59, 15));
    snapshot!("home_large", render_text(&app, 100, 30));
    ch(&mut app, 'q');
    assert!(app.quit);
}

#[test]
fn ctrl_c_quits_from_anywhere_even_while_typing() {
    let mut app = app_with("ctrlc", None);
    ch(&mut app, '/');
    update::handle_key(&mut app, KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.quit);
    let mut app = app_with("ctrlc2", Some(Mode::Practice));
    until_kind(&mut app, false);
    ch(&mut app, 'q');
    assert!(!app.quit, "q types into the answer line");
    assert_eq!(app.asking.as_ref().map(|a| a.input.text.as_str()), Some("q"));
    update::handle_key(&mut app, KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.quit);
}

/// An app over the small cfnrain and rivet bank (tests/fixtures/tui-engines-bank).
fn engines_app(name: &str, color: bool) -> App {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-engines-bank");
    let bank = Bank::load_dirs(&[dir]).expect("the engines fixture bank loads");
    let store = Store::open(&temp_dir(name)).expect("store").store;
    App::new(
        bank,
        store,
        Options {
            seed: 7,
            clock: Clock::fixed(T0),
            theme: Theme { color },
            start: Some(Mode::Practice),
            exam_questions: 2,
            topics: Vec::new(),
        },
    )
}

fn engine_shown(app: &App) -> Option<iacquiz::bank::Engine> {
    app.asking.as_ref().map(|a| a.instance.engine)
}

#[test]
fn cfnrain_and_rivet_questions_show_their_sources() {
    use iacquiz::bank::Engine;
    let mut app = engines_app("engines", false);
    let mut seen = Vec::new();
    while let Some(engine) = engine_shown(&app) {
        seen.push(engine);
        match engine {
            Engine::Cfnrain => {
                snapshot!("question_cfnrain", screen(&app));
                ch(&mut app, 'p');
                assert_eq!(app.screen, Screen::Question, "the playground is for terraform expressions");
                assert!(app.notice.as_deref().is_some_and(|n| n.contains("iacquiz cfn package")));
                answer(&mut app, false, "");
                assert_eq!(app.screen, Screen::Feedback);
                snapshot!("feedback_cfnrain", screen(&app));
            }
            _ => {
                typed(&mut app, "[/etc/rivet-slot-1");
                assert!(
                    app.asking.as_ref().is_some_and(|a| a.input_error.is_some()),
                    "an unclosed YAML list"
                );
                for _ in 0.."[/etc/rivet-slot-1".len() {
                    press(&mut app, KeyCode::Backspace);
                }
                typed(&mut app, "/etc/rivet-slot-2");
                snapshot!("question_rivet_typed", screen(&app));
                press(&mut app, KeyCode::Enter);
                assert_eq!(app.screen, Screen::Feedback);
                assert!(
                    app.feedback
                        .as_ref()
                        .is_some_and(|f| !f.correct && f.expected == "/etc/rivet-slot-1")
                );
            }
        }
        press(&mut app, KeyCode::Enter);
    }
    seen.sort();
    assert_eq!(seen, [Engine::Cfnrain, Engine::Rivet]);
}

/// The colour of the first cell of `word` on the screen.
fn colour_of(buf: &ratatui::buffer::Buffer, word: &str) -> Option<ratatui::style::Color> {
    for y in 0..buf.area.height {
        let row: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol().to_string()).collect();
        if let Some(i) = row.find(word) {
            let x = row[..i].chars().count() as u16;
            return Some(buf[(x, y)].fg);
        }
    }
    None
}

#[test]
fn yaml_sources_are_highlighted() {
    use iacquiz::bank::Engine;
    use ratatui::style::Color;
    let mut app = engines_app("engines-color", true);
    let mut term = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 30)).expect("terminal");
    let mut seen = 0;
    while let Some(engine) = engine_shown(&app) {
        seen += 1;
        term.draw(|f| iacquiz::tui::views::draw(f, &app)).expect("draw");
        let buf = term.backend().buffer().clone();
        if engine == Engine::Cfnrain {
            assert_eq!(colour_of(&buf, "Overrides:"), Some(Color::Blue), "keys");
            assert_eq!(colour_of(&buf, "!Ref"), Some(Color::Magenta), "short-form tags");
            assert_eq!(colour_of(&buf, "'logs'"), Some(Color::Green), "quoted strings");
            assert_eq!(colour_of(&buf, "30"), Some(Color::Yellow), "numbers");
            assert_eq!(colour_of(&buf, "# beside"), Some(Color::DarkGray), "comments");
        } else {
            // Rivet sources are HCL.
            assert_eq!(colour_of(&buf, "\"/etc/rivet-slot-"), Some(Color::Green), "an HCL string");
            assert_eq!(colour_of(&buf, "# Two"), Some(Color::DarkGray), "an HCL comment");
            assert_eq!(colour_of(&buf, "count ="), Some(Color::Blue), "an HCL attribute");
        }
        answer(&mut app, true, "");
        press(&mut app, KeyCode::Enter);
    }
    assert_eq!(seen, 2);
}
