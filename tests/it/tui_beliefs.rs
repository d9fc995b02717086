//! Issue #19 point 8, driven by key events on ratatui's TestBackend over the fixture bank: a
//! wrong answer a misconception computes is recorded against it; Home's "Beliefs to unlearn"
//! lists it with its count and explanation; "Practise my beliefs" asks questions that carry it
//! and retires it after enough right answers; `iacquiz stats` lists it in text and JSON.

use crate::drive;

use drive::{ch, press};

use std::path::{Path, PathBuf};

use crossterm::event::KeyCode;
use iacquiz::bank::Bank;
use iacquiz::mistakes::catalogue::by_id;
use iacquiz::quiz::Mode;
use iacquiz::quiz::beliefs::{self, RETIRE_AFTER};
use iacquiz::quiz::progress::{self, Store};
use iacquiz::tui::app::{Asking, BELIEFS_ENTRY, PRACTISE_BELIEFS_ENTRY};
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, Screen, render_text};

const T0: u64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const MINUTE_MS: u64 = 60_000;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-bank")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-beliefs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn app_in(dir: &Path, start: Option<Mode>) -> App {
    let store = Store::open(dir).expect("store").store;
    App::new(
        Bank::load_dirs(&[fixture()]).expect("fixture bank"),
        store,
        Options {
            seed: 11,
            clock: Clock::fixed(T0),
            theme: Theme { color: false },
            start,
            exam_questions: 4,
            topics: Vec::new(),
        },
    )
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        ch(app, c);
    }
}

/// Answers the question shown right, a minute after it was shown.
fn answer_right(app: &mut App) {
    app.clock.advance(MINUTE_MS);
    let a = app.asking.as_ref().expect("a question is shown");
    if a.choices.is_empty() {
        let text = a.instance.correct_answer().expect("an answer").text;
        typed(app, &text);
        press(app, KeyCode::Enter);
        return;
    }
    let i = a.choices.iter().position(|c| c.correct).expect("a right choice");
    ch(app, (b'a' + i as u8) as char);
}

/// Moves on (answering right) until the question shown satisfies `want`.
fn until(app: &mut App, want: impl Fn(&Asking) -> bool) {
    for _ in 0..20 {
        if app.asking.as_ref().is_some_and(&want) {
            return;
        }
        answer_right(app);
        press(app, KeyCode::Enter);
    }
    panic!("no such question");
}

/// The misconceptions the question shown puts to the test.
fn carried(app: &App) -> Vec<String> {
    let a = app.asking.as_ref().expect("a question is shown");
    beliefs::tested(&a.instance, &a.choices)
}

fn open_entry(app: &mut App, entry: usize) {
    app.home.selected = entry;
    press(app, KeyCode::Enter);
}

#[test]
fn a_believed_miss_is_listed_practised_and_retired() {
    let dir = temp_dir("flow");
    let mut app = app_in(&dir, None);

    // Nothing to practise yet: a clear message on Home.
    open_entry(&mut app, PRACTISE_BELIEFS_ENTRY);
    assert_eq!(app.screen, Screen::Home);
    assert!(app.session.is_none());
    assert!(render_text(&app, 100, 30).contains("No beliefs to unlearn"));

    // Choose the distractor a misconception computed.
    open_entry(&mut app, 0);
    until(&mut app, |a| a.choices.iter().any(|c| c.misconception.is_some()));
    let a = app.asking.as_ref().expect("asked");
    let (i, m) = a
        .choices
        .iter()
        .enumerate()
        .find_map(|(i, c)| c.misconception.clone().map(|m| (i, m)))
        .expect("a believed distractor");
    app.clock.advance(MINUTE_MS);
    ch(&mut app, (b'a' + i as u8) as char);
    assert_eq!(app.screen, Screen::Feedback);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Home);
    let kept = Store::open(&dir).expect("reopens").store.progress;
    let recorded: Vec<&String> = kept.questions.values().flat_map(|q| &q.history).flat_map(|a| &a.beliefs).collect();
    assert_eq!(recorded, [&m], "the miss is recorded against its misconception");

    // The list: the misconception, shown once, today, and its explanation.
    open_entry(&mut app, BELIEFS_ENTRY);
    assert_eq!(app.screen, Screen::Beliefs);
    let list = render_text(&app, 100, 30);
    snapshot!("beliefs_after_one_miss", list);
    let row = list.lines().find(|l| l.contains(m.as_str())).expect("the belief's row");
    assert!(row.contains("shown 1× · last today"), "{row}");
    assert!(row.contains(&format!("{RETIRE_AFTER} right to retire")), "{row}");
    let belief = &by_id(&m).expect("in the catalogue").belief;
    let start: String = belief.chars().take(30).collect();
    assert!(list.contains(&start), "the explanation is shown: {start:?}\n{list}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Home);

    // Practise: every question asked carries the belief; RETIRE_AFTER right answers retire it.
    open_entry(&mut app, PRACTISE_BELIEFS_ENTRY);
    assert_eq!(app.screen, Screen::Question);
    assert_eq!(app.session.as_ref().map(|s| s.planned), Some(RETIRE_AFTER));
    snapshot!("beliefs_practice_question", render_text(&app, 100, 30));
    for n in 0..RETIRE_AFTER {
        assert!(carried(&app).contains(&m), "question {} carries {m}", n + 1);
        let active = beliefs::active(&app.store.progress);
        assert_eq!(active.first().map(|b| (b.id.as_str(), b.right_since)), Some((m.as_str(), n)));
        answer_right(&mut app);
        press(&mut app, KeyCode::Enter);
    }
    assert_eq!(app.screen, Screen::Home);
    let home = render_text(&app, 100, 30);
    assert!(home.contains(&format!("retired: {m}")), "{home}");
    assert!(beliefs::active(&app.store.progress).is_empty());
    open_entry(&mut app, BELIEFS_ENTRY);
    let list = render_text(&app, 100, 30);
    let row = list
        .lines()
        .find(|l| l.contains(m.as_str()))
        .expect("a retired belief stays listed");
    assert!(row.contains(&format!("since: {RETIRE_AFTER} right, 0 wrong · retired")), "{row}");
    assert!(list.contains("0 active · 1 retired"), "{list}");
}

#[test]
fn a_typed_answer_a_misconception_gives_is_recorded_against_it() {
    let dir = temp_dir("typed");
    let mut app = app_in(&dir, Some(Mode::Practice));
    until(&mut app, |a| {
        a.choices.is_empty() && a.instance.engine_wrong_answers().0.iter().any(|w| w.misconception.is_some())
    });
    let a = app.asking.as_ref().expect("asked");
    let wrong = a
        .instance
        .engine_wrong_answers()
        .0
        .into_iter()
        .find(|w| w.misconception.is_some())
        .expect("a believed answer");
    let m = wrong.misconception.clone().expect("its misconception");
    app.clock.advance(MINUTE_MS);
    typed(&mut app, &wrong.text);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Feedback, "{:?}", app.asking.as_ref().map(|a| &a.input_error));
    let id = app.feedback.as_ref().map(|f| f.id.clone()).expect("feedback");
    let last = app.store.progress.get(&id).and_then(|q| q.last()).expect("recorded");
    assert!(!last.correct);
    assert!(last.beliefs.contains(&m), "{:?} lists {m}", last.beliefs);
    assert!(last.tested.contains(&m), "{:?} lists {m}", last.tested);
}

#[test]
fn iacquiz_stats_lists_the_beliefs_in_text_and_json() {
    let dir = temp_dir("cli");
    let mut app = app_in(&dir, Some(Mode::Practice));
    until(&mut app, |a| a.choices.iter().any(|c| c.misconception.is_some()));
    let a = app.asking.as_ref().expect("asked");
    let (i, m) = a
        .choices
        .iter()
        .enumerate()
        .find_map(|(i, c)| c.misconception.clone().map(|m| (i, m)))
        .expect("a believed distractor");
    ch(&mut app, (b'a' + i as u8) as char);
    let run = |extra: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_iacquiz"))
            .env(progress::DATA_DIR_VAR, &dir)
            .arg("stats")
            .arg("--bank")
            .arg(fixture())
            .args(extra)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let text = run(&[]);
    assert!(text.lines().next().is_some_and(|l| l.starts_with("progress: ")), "{text}");
    assert!(text.contains("Beliefs to unlearn: 1 active · 0 retired"), "{text}");
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with(m.as_str()))
        .expect("the belief's row");
    assert!(row.contains("shown 1×") && row.contains("3 right to retire"), "{row}");
    let explanation = by_id(&m).expect("in the catalogue").explanation();
    assert!(text.contains(&explanation), "{text}");

    let json: serde_json::Value = serde_json::from_str(&run(&["--format", "json"])).expect("JSON");
    assert_eq!(json["retire_after"], RETIRE_AFTER);
    let answers: usize = app.store.progress.questions.values().map(|q| q.history.len()).sum();
    assert_eq!(json["answers"], answers);
    let b = &json["beliefs"][0];
    assert_eq!(b["id"], m.as_str());
    assert_eq!(b["shown"], 1);
    assert_eq!(b["retired"], false);
    assert_eq!(b["right_since"], 0);
    assert_eq!(b["explanation"], explanation.as_str());
    assert!(b["last_shown"].as_u64().is_some_and(|t| t > 0));
}

#[test]
fn practice_takes_the_latest_belief_first_and_the_question_that_showed_it_first() {
    let bank = Bank::load_dirs(&[fixture()]).expect("fixture bank");
    let mut p = iacquiz::quiz::Progress::default();
    for (id, at, m) in [
        ("tf-merge-three-way", 100, "merge-first-wins"),
        ("tf-merge-shallow", 200, "merge-deep"),
    ] {
        let attempt = progress::Attempt {
            at,
            correct: false,
            ms: 3_000,
            rating: iacquiz::quiz::Rating::Again,
            mode: Mode::Practice,
            asked: None,
            beliefs: vec![m.to_string()],
            tested: vec![m.to_string()],
        };
        p.record(id, attempt, &iacquiz::quiz::Fsrs::default());
    }
    let qs: Vec<_> = bank.questions().iter().collect();
    let items = beliefs::practice(&qs, &p, 5, 20);
    assert_eq!(items.len(), 2 * RETIRE_AFTER, "{items:?}");
    assert_eq!(items[0].id, "tf-merge-shallow", "merge-deep was shown last: {items:?}");
    assert_eq!(items[RETIRE_AFTER].id, "tf-merge-three-way", "{items:?}");
    for (n, item) in items.iter().enumerate() {
        let m = if n < RETIRE_AFTER { "merge-deep" } else { "merge-first-wins" };
        let q = bank.get(&item.id).expect("a bank question");
        let inst = item.instance(q);
        let choices = if inst.kind == iacquiz::bank::Kind::Input {
            Vec::new()
        } else {
            inst.choices(item.seed)
        };
        assert!(beliefs::tested(&inst, &choices).iter().any(|t| t == m), "{} carries {m}", item.id);
    }
    assert!(beliefs::practice(&qs, &p, 5, 4).len() == 4, "the length is kept to");
}
