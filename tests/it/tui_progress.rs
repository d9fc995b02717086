//! The progress store end to end: a practice session in the TUI writes it and the next run
//! schedules from it; corrupt and newer files are moved aside; the lock keeps out a second
//! instance; `iacquiz stats` and the TTY check through the binary.

use crate::drive;

use drive::press;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crossterm::event::KeyCode;
use iacquiz::bank::Bank;
use iacquiz::quiz::lock::{Lock, LockError};
use iacquiz::quiz::progress::{self, Store};
use iacquiz::quiz::{Mode, schedule};
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, Screen};

const T0: u64 = 1_767_225_600_000;
const DAY_MS: u64 = 86_400_000;

fn bank() -> Bank {
    Bank::load_dirs(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-bank")]).expect("fixture bank")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-progress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn app(dir: &Path, now: u64, seed: u64, start: Option<Mode>) -> App {
    let opened = Store::open(dir).expect("store opens");
    assert!(opened.notices.is_empty());
    App::new(
        bank(),
        opened.store,
        Options {
            seed,
            clock: Clock::fixed(now),
            theme: Theme { color: false },
            start,
            exam_questions: 4,
            topics: Vec::new(),
        },
    )
}

#[test]
fn a_practice_session_writes_the_store_and_the_next_run_schedules_from_it() {
    let dir = temp_dir("session");
    let mut a = app(&dir, T0, 1, Some(Mode::Practice));
    let mut missed = Vec::new();
    let mut n = 0;
    while a.screen == Screen::Question {
        let asking = a.asking.as_ref().expect("asking");
        let id = asking.item.id.clone();
        // Miss every third question; answer the rest right, in five seconds.
        let right = n % 3 != 0;
        a.clock.advance(5_000);
        if asking.choices.is_empty() {
            let text = if right {
                asking.instance.correct_answer().map(|c| c.text).unwrap_or_default()
            } else {
                "12345".to_string()
            };
            for c in text.chars() {
                press(&mut a, KeyCode::Char(c));
            }
            press(&mut a, KeyCode::Enter);
        } else {
            let i = asking.choices.iter().position(|c| c.correct == right).expect("choice");
            press(&mut a, KeyCode::Char((b'a' + i as u8) as char));
        }
        assert_eq!(a.screen, Screen::Feedback);
        if !right {
            missed.push(id);
        }
        // Saved after every answer.
        let on_disk = progress::parse(&std::fs::read(dir.join("progress.json")).expect("written")).expect("valid");
        assert_eq!(on_disk.questions.values().map(|q| q.history.len()).sum::<usize>(), n + 1);
        n += 1;
        press(&mut a, KeyCode::Enter);
    }
    assert_eq!(n, 12, "every question of the bank was asked once");
    assert_eq!(a.screen, Screen::Home);
    let on_disk = progress::parse(&std::fs::read(dir.join("progress.json")).expect("written")).expect("valid");
    assert_eq!(on_disk.schema, progress::SCHEMA);
    assert_eq!(on_disk.questions.len(), 12);
    for (id, q) in &on_disk.questions {
        let card = q.card.as_ref().expect("scheduled");
        let wrong = missed.contains(id);
        assert_eq!(
            q.history[0].rating,
            if wrong {
                iacquiz::quiz::Rating::Again
            } else {
                iacquiz::quiz::Rating::Good
            }
        );
        assert!(card.due > q.history[0].at);
    }
    drop(a);

    // A day later the misses (stability under a day) are due, the rest are not.
    let mut b = app(&dir, T0 + DAY_MS, 2, None);
    let qs: Vec<_> = b.bank.questions().iter().collect();
    let items = schedule::practice(&qs, &b.store.progress, (T0 + DAY_MS) / 1000, 3, 20);
    let first: Vec<&str> = items.iter().take(missed.len()).map(|i| i.id.as_str()).collect();
    let mut sorted_first = first.clone();
    sorted_first.sort();
    let mut sorted_missed: Vec<&str> = missed.iter().map(|s| s.as_str()).collect();
    sorted_missed.sort();
    assert_eq!(sorted_first, sorted_missed, "due questions come first");
    press(&mut b, KeyCode::Enter);
    let shown = b.asking.as_ref().map(|x| x.item.id.clone()).expect("a question");
    assert!(missed.contains(&shown), "the TUI's practice starts with a due question");
}

#[test]
fn new_questions_are_mixed_in_at_a_steady_rate() {
    let dir = temp_dir("mix");
    let bank = bank();
    let qs: Vec<_> = bank.questions().iter().collect();
    let mut store = Store::open(&dir).expect("store").store;
    // Six answered (and due a day later), six new.
    for q in qs.iter().take(6) {
        store.progress.record(
            &q.id,
            progress::Attempt {
                at: T0 / 1000,
                correct: false,
                ms: 1000,
                rating: iacquiz::quiz::Rating::Again,
                mode: Mode::Practice,
                asked: None,
                beliefs: Vec::new(),
                tested: Vec::new(),
            },
            &iacquiz::quiz::Fsrs::default(),
        );
    }
    let items = schedule::practice(&qs, &store.progress, (T0 + DAY_MS) / 1000, 9, 20);
    let is_new: Vec<bool> = items.iter().map(|i| store.progress.get(&i.id).is_none()).collect();
    assert_eq!(is_new.len(), 12);
    assert_eq!(&is_new[..9], &[false, false, true, false, false, true, false, false, true]);
}

#[test]
fn a_corrupt_store_is_moved_aside_and_a_fresh_one_starts() {
    let dir = temp_dir("corrupt");
    std::fs::write(dir.join("progress.json"), "{ not json").expect("write");
    let opened = Store::open(&dir).expect("opens");
    assert_eq!(opened.notices.len(), 1);
    assert!(opened.notices[0].contains("moved it to"), "{}", opened.notices[0]);
    assert!(opened.store.progress.questions.is_empty());
    let aside: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("progress.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(std::fs::read_to_string(aside[0].path()).expect("kept"), "{ not json");
    assert!(progress::parse(&std::fs::read(dir.join("progress.json")).expect("fresh")).is_ok());
}

#[test]
fn a_newer_store_is_never_overwritten() {
    let dir = temp_dir("newer");
    let newer = r#"{"schema": 99, "questions": {}, "future": true}"#;
    std::fs::write(dir.join("progress.json"), newer).expect("write");
    let opened = Store::open(&dir).expect("opens");
    assert!(opened.notices[0].contains("newer iacquiz"), "{}", opened.notices[0]);
    let kept = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(|e| e.ok())
        .find(|e| e.file_name().to_string_lossy().starts_with("progress.json.corrupt-"))
        .expect("moved aside");
    assert_eq!(std::fs::read_to_string(kept.path()).expect("kept"), newer);
}

#[test]
fn the_lock_keeps_out_a_second_instance_and_stale_locks_are_taken_over() {
    let dir = temp_dir("lock");
    let first = Lock::acquire(&dir).expect("first");
    let text = std::fs::read_to_string(first.path()).expect("lock file");
    assert_eq!(text.trim(), std::process::id().to_string());
    match Lock::acquire(&dir) {
        Err(LockError::Held { pid, .. }) => assert_eq!(pid, std::process::id()),
        other => panic!("expected a held lock, got {other:?}"),
    }
    drop(first);
    assert!(!dir.join("progress.lock").exists(), "released on drop");
    // A lock left by a process that is gone (pids never reach this high).
    std::fs::write(dir.join("progress.lock"), "4294967290\n").expect("write");
    let taken = Lock::acquire(&dir).expect("stale lock taken over");
    assert_eq!(
        std::fs::read_to_string(taken.path()).expect("lock").trim(),
        std::process::id().to_string()
    );
}

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_iacquiz"));
    c.env_remove(progress::DATA_DIR_VAR)
        .env_remove("XDG_DATA_HOME")
        .env("PATH", "/usr/bin:/bin")
        .stdin(Stdio::null());
    c
}

#[test]
fn stats_reads_an_empty_home_as_no_progress_and_creates_nothing() {
    let home = temp_dir("home");
    let out = bin().env("HOME", &home).arg("stats").output().expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("answers: 0"), "{text}");
    assert!(text.contains("accuracy"), "{text}");
    assert!(!home.join(".local").exists(), "a report only reads");
}

#[test]
fn stats_reports_a_corrupt_store_on_stderr_and_leaves_it() {
    let dir = temp_dir("stats-corrupt");
    std::fs::write(dir.join("progress.json"), "garbage").expect("write");
    let out = bin().env(progress::DATA_DIR_VAR, &dir).arg("stats").output().expect("runs");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a progress store"));
    assert_eq!(std::fs::read_to_string(dir.join("progress.json")).expect("kept"), "garbage");
}

#[test]
fn the_tui_without_a_tty_says_so_and_exits_2() {
    let dir = temp_dir("notty");
    for args in [&[][..], &["practice"][..], &["exam", "--topic", "merge"][..]] {
        let out = bin().env(progress::DATA_DIR_VAR, &dir).args(args).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("needs a terminal"));
    }
}
