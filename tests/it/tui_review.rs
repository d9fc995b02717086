//! Issue #19 points 2 and 5 in the TUI, driven by key events on ratatui's TestBackend over the
//! fixture bank: one miss leaves Home at 0% mastery with the miss counted on Review; Review
//! asks the very instance that was missed (parameters, prompt, choice order).

use crate::drive;

use drive::{ch, press};

use std::path::{Path, PathBuf};

use crossterm::event::KeyCode;
use iacquiz::bank::Bank;
use iacquiz::quiz::Mode;
use iacquiz::quiz::progress::{self, Store};
use iacquiz::tui::app::Asking;
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, Screen, render_text};

const T0: u64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const HOUR_MS: u64 = 3_600_000;

fn bank() -> Bank {
    Bank::load_dirs(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-bank")]).expect("fixture bank")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-review-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn app_in(dir: &Path, seed: u64, start: Option<Mode>) -> App {
    let store = Store::open(dir).expect("store").store;
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

/// Answers the question shown, right or wrong (typed questions wrong with `"nope"`).
fn answer(app: &mut App, right: bool) {
    let a = app.asking.as_ref().expect("a question is shown");
    if a.choices.is_empty() {
        let text = match a.instance.correct_answer() {
            Ok(c) if right => c.text,
            _ => "\"nope\"".to_string(),
        };
        for c in text.chars() {
            ch(app, c);
        }
        press(app, KeyCode::Enter);
        return;
    }
    let i = a.choices.iter().position(|c| c.correct == right).expect("a choice");
    ch(app, (b'a' + i as u8) as char);
}

/// Moves on (answering right) until the question shown satisfies `want`.
fn until(app: &mut App, want: impl Fn(&Asking) -> bool) {
    for _ in 0..20 {
        if app.asking.as_ref().is_some_and(&want) {
            return;
        }
        answer(app, true);
        press(app, KeyCode::Enter);
    }
    panic!("no such question");
}

/// Opens Review from Home (the menu's third entry).
fn open_review(app: &mut App) {
    app.home.selected = iacquiz::tui::app::REVIEW_ENTRY;
    press(app, KeyCode::Enter);
}

#[test]
fn one_miss_leaves_mastery_at_zero_and_waits_on_review() {
    let dir = temp_dir("one-miss");
    let mut app = app_in(&dir, 7, Some(Mode::Practice));
    let missed = app
        .asking
        .as_ref()
        .map(|a| (a.item.id.clone(), a.item.domain.clone()))
        .expect("asked");
    answer(&mut app, false);
    assert_eq!(app.screen, Screen::Feedback);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, Screen::Home);
    let home = render_text(&app, 80, 24);
    snapshot!("home_after_one_miss", home);
    let row = home
        .lines()
        .find(|l| l.contains(missed.1.as_str()))
        .expect("the missed question's section");
    assert!(row.contains("  0%"), "a miss gives 0% mastery: {row}");
    assert!(home.contains("Review misses (1)"), "{home}");
    assert!(home.contains("6 new · 0 due · 0 mastered") || home.contains("4 new · 0 due · 0 mastered"));

    // A day later the miss is due; mastery has not moved with the clock.
    app.clock.advance(24 * HOUR_MS);
    let later = render_text(&app, 80, 24);
    snapshot!("home_a_day_after_one_miss", later);
    assert!(later.contains("· 1 due · 0 mastered"), "{later}");

    // Putting it right in Review settles the miss.
    open_review(&mut app);
    assert_eq!(app.asking.as_ref().map(|a| a.item.id.clone()), Some(missed.0));
    answer(&mut app, true);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen, Screen::Home);
    assert!(render_text(&app, 80, 24).contains("Review misses (0)"));
}

/// The instance shown: its prompt, parameter values and choices (text, in order).
fn shown(a: &Asking) -> (String, String, Vec<(String, String)>, Vec<String>) {
    (
        a.item.id.clone(),
        a.instance.prompt.clone(),
        a.instance.values.clone().into_iter().collect(),
        a.choices.iter().map(|c| c.text.clone()).collect(),
    )
}

/// The rendered screen without its header line (which names the mode and the position).
fn body(app: &App) -> Vec<String> {
    render_text(app, 80, 24).lines().skip(1).map(str::to_string).collect()
}

#[test]
fn review_asks_the_instance_that_was_missed() {
    // Over several seeds, so a freshly drawn instance could not match by luck: the choice
    // question has 18 parameter draws and shuffles its four choices.
    for (seed, id) in (1..=6).flat_map(|s| [(s, "tf-merge-three-way"), (s, "tf-lookup-default")]) {
        let dir = temp_dir(&format!("instance-{seed}-{id}"));
        let mut app = app_in(&dir, seed, Some(Mode::Practice));
        until(&mut app, |a| a.item.id == id);
        let asked = app.asking.as_ref().map(shown).expect("asked");
        assert!(!asked.2.is_empty(), "{id} has parameters");
        let screen_then = body(&app);
        answer(&mut app, false);
        let explained = app.feedback.as_ref().map(|f| format!("{f:?}")).expect("feedback");
        press(&mut app, KeyCode::Esc);

        // The store kept the instance (and a restart keeps it too).
        drop(app);
        let mut app = app_in(&dir, seed + 100, None);
        let kept = progress::parse(&std::fs::read(dir.join("progress.json")).expect("saved")).expect("valid");
        let last = kept.questions[id].history.last().cloned().expect("answered");
        let kept_values: Vec<(String, String)> = last
            .asked
            .as_ref()
            .map(|a| a.values.clone().into_iter().collect())
            .unwrap_or_default();
        assert_eq!(kept_values, asked.2, "seed {seed}: the store keeps the values asked");

        app.clock.advance(HOUR_MS);
        open_review(&mut app);
        assert_eq!(app.screen, Screen::Question);
        let again = app.asking.as_ref().map(shown).expect("review asks");
        assert_eq!(again, asked, "seed {seed}: review asks the missed instance of {id}");
        assert_eq!(body(&app), screen_then, "seed {seed}: the same question screen");
        if seed == 1 && id == "tf-merge-three-way" {
            snapshot!("review_asks_the_missed_instance", render_text(&app, 80, 24));
        }
        // Missed again, it comes back as the same instance with the same explanation.
        answer(&mut app, false);
        assert_eq!(app.feedback.as_ref().map(|f| format!("{f:?}")), Some(explained), "seed {seed}");
        press(&mut app, KeyCode::Enter);
        assert_eq!(app.asking.as_ref().map(shown), Some(asked), "seed {seed}: the same instance again");
    }
}

#[test]
fn a_store_without_kept_instances_still_reviews() {
    // A store written before instances were kept: the miss is reviewed with a drawn instance.
    let dir = temp_dir("old-store");
    let old = r#"{
  "schema": 1,
  "questions": {
    "tf-lookup-default": {
      "history": [
        {"at": 1767225600, "correct": false, "ms": 4000, "rating": "again", "mode": "practice"}
      ],
      "card": {
        "memory": {"stability": 0.40255, "difficulty": 7.1949},
        "last": 1767225600, "due": 1767260380, "reps": 1, "lapses": 0
      }
    }
  }
}"#;
    std::fs::write(dir.join("progress.json"), old).expect("write");
    let opened = Store::open(&dir).expect("opens");
    assert!(opened.notices.is_empty(), "an older store loads: {:?}", opened.notices);
    let q = &opened.store.progress.questions["tf-lookup-default"];
    assert_eq!(q.history[0].asked, None);
    assert_eq!(q.card.as_ref().and_then(|c| c.peak), None);
    let mut app = app_in(&dir, 3, None);
    app.clock.advance(HOUR_MS);
    assert!(render_text(&app, 80, 24).contains("Review misses (1)"));
    open_review(&mut app);
    assert_eq!(app.asking.as_ref().map(|a| a.item.id.as_str()), Some("tf-lookup-default"));
}

#[test]
fn iacquiz_stats_prints_the_counts_home_shows() {
    // A miss given just now (the binary reads the system clock).
    let dir = temp_dir("cli-stats");
    let mut store = Store::open(&dir).expect("store").store;
    let bank = bank();
    let q = bank.get("tf-lookup-default").expect("question");
    let now = progress::now_secs();
    let attempt = progress::Attempt {
        at: now,
        correct: false,
        ms: 4_000,
        rating: iacquiz::quiz::Rating::Again,
        mode: Mode::Practice,
        asked: Some(progress::Asked {
            seed: 5,
            values: [("size".to_string(), "xlarge".to_string())].into_iter().collect(),
        }),
        beliefs: Vec::new(),
        tested: Vec::new(),
    };
    store.progress.record(&q.id, attempt, &iacquiz::quiz::Fsrs::default());
    store.save().expect("saved");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .env(progress::DATA_DIR_VAR, &dir)
        .arg("stats")
        .arg("--bank")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-bank"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("new: 11 · due now: 0 · mastered: 0 · misses to review: 1"), "{text}");
    let header = text.lines().find(|l| l.starts_with("engine")).expect("table header");
    assert!(header.split_whitespace().eq([
        "engine",
        "topic",
        "questions",
        "new",
        "due",
        "mastered",
        "mastery",
        "answers",
        "accuracy"
    ]));
    let row: Vec<&str> = text
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some(q.topic.as_str()))
        .expect("the topic's row")
        .split_whitespace()
        .collect();
    let questions: usize = row[2].parse().expect("a count");
    assert_eq!(&row[3..], [&(questions - 1).to_string(), "0", "0", "0%", "1", "0%"]);
}

#[test]
fn kept_values_the_bank_cannot_draw_are_not_asked() {
    // A store edited by hand (or a bank that no longer offers the value): review falls back to
    // a drawn instance rather than asking text the bank never had.
    for (size, kept) in [("medium", true), ("gigantic", false), ("small\" } evil", false)] {
        let dir = temp_dir(&format!("kept-{}", size.len()));
        let store = serde_json::json!({
            "schema": 1,
            "questions": {"tf-lookup-default": {"history": [{
                "at": T0 / 1000, "correct": false, "ms": 4000, "rating": "again", "mode": "practice",
                "asked": {"seed": 5, "values": {"size": size}}
            }]}}
        });
        std::fs::write(dir.join("progress.json"), store.to_string()).expect("write");
        let mut app = app_in(&dir, 3, None);
        app.clock.advance(HOUR_MS);
        open_review(&mut app);
        let a = app.asking.as_ref().expect("review asks");
        assert_eq!(a.item.id, "tf-lookup-default");
        assert_eq!(a.instance.prompt.contains(size), kept, "{size}: {}", a.instance.prompt);
        let drawn = a.instance.values.get("size").cloned().unwrap_or_default();
        assert!(["small", "large", "medium", "xlarge"].contains(&drawn.as_str()), "{drawn}");
    }
}
