//! A second iacquiz while the first holds the progress lock opens read-only: a banner on every
//! screen, answering refused, and progress.json left byte for byte as it was.

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use iacquiz::bank::Bank;
use iacquiz::quiz::lock::Lock;
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, Screen, open_store, render_text, save_on_exit, update};

const T0: u64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z

fn bank() -> Bank {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-bank");
    Bank::load_dirs(&[dir]).expect("the fixture bank loads")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-ro-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn press(app: &mut App, code: KeyCode) {
    update::handle_key(app, KeyEvent::new(code, KeyModifiers::NONE));
}

/// Opens the app on `dir` as `run` does: read-only when the lock is held elsewhere.
fn open(dir: &Path) -> (App, Option<Lock>) {
    let (opened, lock) = open_store(dir).expect("the store opens");
    let mut app = App::new(
        bank(),
        opened.store,
        Options {
            seed: 7,
            clock: Clock::fixed(T0),
            theme: Theme { color: false },
            exam_questions: 4,
            ..Options::default()
        },
    );
    if lock.is_none() {
        app.read_only = Some(iacquiz::tui::READ_ONLY_BANNER.into());
    }
    (app, lock)
}

#[test]
fn a_second_instance_reads_only_and_writes_nothing() {
    let dir = temp_dir("second");
    // The first instance: holds the lock, answers one question, saves.
    let (mut first, lock) = open(&dir);
    assert!(lock.is_some(), "the first instance takes the lock");
    assert!(first.read_only.is_none());
    update::start(&mut first, iacquiz::quiz::Mode::Practice);
    assert_eq!(first.screen, Screen::Question);
    let typed = first.asking.as_ref().is_some_and(|a| a.choices.is_empty());
    press(&mut first, KeyCode::Char(if typed { '1' } else { 'a' }));
    if typed {
        press(&mut first, KeyCode::Enter);
    }
    assert_eq!(first.screen, Screen::Feedback, "the first instance records an answer");
    save_on_exit(&first).expect("the first instance saves");
    let progress = dir.join("progress.json");
    let before = std::fs::read(&progress).expect("progress.json written");
    let listing = |d: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .expect("dir")
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
            .collect();
        v.sort();
        v
    };
    let files_before = listing(&dir);

    // The second: read-only while the first runs.
    let (mut second, no_lock) = open(&dir);
    assert!(no_lock.is_none(), "the lock is the first instance's");
    assert!(second.read_only.is_some());
    let s = render_text(&second, 80, 24);
    assert!(s.contains("read-only: another iacquiz holds your progress"), "{s}");
    // It sees the first one's progress (stats open on it).
    assert_eq!(second.store.progress.questions.len(), 1);

    // Practice, exam, review and practising beliefs are refused, each with a message.
    for entry in 0..5 {
        second.home.selected = entry;
        press(&mut second, KeyCode::Enter);
        if entry == 3 {
            // The beliefs list is browsing: it opens; its Enter (practise them) is refused.
            assert_eq!(second.screen, Screen::Beliefs);
            press(&mut second, KeyCode::Enter);
        }
        assert_eq!(second.screen, Screen::Home, "entry {entry} must not start a session");
        assert!(second.session.is_none());
        let n = second.notice.clone().unwrap_or_default();
        assert!(n.contains("Read-only"), "entry {entry}: {n:?}");
        let s = render_text(&second, 80, 24);
        assert!(s.contains("answering is off"), "{s}");
    }
    // Browsing works: stats, the playground.
    second.home.selected = 6;
    press(&mut second, KeyCode::Enter);
    assert_eq!(second.screen, Screen::Stats);
    assert!(render_text(&second, 80, 24).contains("read-only"));
    press(&mut second, KeyCode::Esc);
    second.home.selected = 5;
    press(&mut second, KeyCode::Enter);
    assert_eq!(second.screen, Screen::Playground);
    press(&mut second, KeyCode::Esc);
    press(&mut second, KeyCode::Char('q'));
    assert!(second.quit);
    save_on_exit(&second).expect("a read-only exit succeeds without writing");
    drop(second);

    assert_eq!(std::fs::read(&progress).expect("progress.json"), before, "progress.json changed");
    assert_eq!(listing(&dir), files_before, "the read-only instance left a file behind");
    drop(lock);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn with_the_lock_free_the_next_instance_writes_again() {
    let dir = temp_dir("free");
    let (_first, lock) = open(&dir);
    drop(lock);
    let (app, lock) = open(&dir);
    assert!(lock.is_some());
    assert!(app.read_only.is_none());
    assert!(!render_text(&app, 80, 24).contains("read-only"));
    let _ = std::fs::remove_dir_all(&dir);
}
