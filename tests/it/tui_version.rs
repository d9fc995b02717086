//! The exam's Terraform release (#19 point 9), driven by keys on a TestBackend: set on Home it
//! shows in the header and is kept in progress.json; a session at 1.6 leaves out the question
//! whose feature came in 1.8 (with a note) and asks the element() question at 1.6, whose
//! feedback says how 1.14 answers; `--terraform-version` wins over the kept release; an old
//! store without the field loads as the newest release; `stats` names the release.

use crate::drive;

use drive::press;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crossterm::event::KeyCode;
use iacquiz::bank::Bank;
use iacquiz::quiz::Mode;
use iacquiz::quiz::progress::{self, Store};
use iacquiz::quiz::version;
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, Screen, render_text};

const T0: u64 = 1_767_225_600_000;
const GATED: &str = "tf-v-provider-function";
const CHANGED: &str = "tf-v-element-minus-one";
const SAME: &str = "tf-v-merge-later-wins";

fn bank() -> Bank {
    Bank::load_dirs(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/version-bank")]).expect("fixture bank")
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-version-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn app(dir: &Path, start: Option<Mode>) -> App {
    let opened = Store::open(dir).expect("store opens");
    assert!(opened.notices.is_empty(), "{:?}", opened.notices);
    App::new(
        bank(),
        opened.store,
        Options {
            seed: 7,
            clock: Clock::fixed(T0),
            theme: Theme { color: false },
            start,
            ..Options::default()
        },
    )
}

fn header(app: &App) -> String {
    render_text(app, 80, 24).lines().next().unwrap_or_default().to_string()
}

fn on_disk(dir: &Path) -> progress::Progress {
    progress::parse(&std::fs::read(dir.join(progress::FILE)).expect("written")).expect("valid")
}

#[test]
fn the_version_set_on_home_is_in_the_header_and_kept_with_the_progress() {
    let dir = temp_dir("home");
    let mut a = app(&dir, None);
    assert!(header(&a).contains("Terraform 1.14"), "{}", header(&a));
    assert_eq!(a.eligible().len(), 3, "nothing is left out at the newest release");
    // V steps back one release at a time: 1.13, 1.12, ..., 1.6.
    for _ in 0..8 {
        press(&mut a, KeyCode::Char('V'));
    }
    assert_eq!(a.exam_version.version, (1, 6, 0));
    let screen = render_text(&a, 80, 24);
    let top = screen.lines().next().unwrap_or_default();
    assert!(top.contains("Terraform 1.6") && !top.contains("1.14"), "{screen}");
    assert!(
        screen.contains("1 question needs Terraform ≥ 1.8 and is skipped at 1.6."),
        "{screen}"
    );
    let ids: Vec<&str> = a.eligible().iter().map(|q| q.id.as_str()).collect();
    assert_eq!(ids, [SAME, CHANGED]);
    assert_eq!(on_disk(&dir).terraform_version.as_deref(), Some("1.6"));
    // Every screen's header names it: the stats screen, too.
    press(&mut a, KeyCode::Char('k'));
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Stats);
    assert!(header(&a).contains("Terraform 1.6"), "{}", header(&a));
    drop(a);

    // The next run reads it from the store.
    let b = app(&dir, None);
    assert_eq!(b.exam_version.version, (1, 6, 0));
    assert!(header(&b).contains("Terraform 1.6"));
    drop(b);

    // v moves forward and wraps from the newest to the oldest; back at 1.14 the field goes.
    let mut c = app(&dir, None);
    for _ in 0..8 {
        press(&mut c, KeyCode::Char('v'));
    }
    assert_eq!(c.exam_version.version, (1, 14, 0));
    assert_eq!(on_disk(&dir).terraform_version, None);
    press(&mut c, KeyCode::Char('v'));
    assert_eq!(c.exam_version.version, (1, 0, 0));
    assert!(header(&c).contains("Terraform 1.0"));
}

#[test]
fn a_session_at_1_6_skips_the_newer_feature_and_feedback_says_how_1_14_differs() {
    let dir = temp_dir("session");
    {
        let mut s = Store::open(&dir).expect("store").store;
        version::keep_flag(&mut s, Some("1.6"), true).expect("kept");
    }
    let mut a = app(&dir, Some(Mode::Practice));
    assert_eq!(a.screen, Screen::Question);
    let screen = render_text(&a, 100, 30);
    assert!(
        screen.contains("1 question needs Terraform ≥ 1.8 and is skipped at 1.6."),
        "{screen}"
    );
    let mut asked = Vec::new();
    while a.screen == Screen::Question {
        let asking = a.asking.as_ref().expect("asking");
        let id = asking.item.id.clone();
        assert_eq!(asking.instance.source.terraform_version.as_deref(), Some("1.6"));
        let right = asking.choices.iter().position(|c| c.correct).expect("a right choice");
        if id == CHANGED {
            // Asked, answered and explained at 1.6: element() of -1 is an error there.
            assert!(
                asking.instance.prompt.starts_with("In Terraform 1.6, "),
                "{}",
                asking.instance.prompt
            );
            assert_eq!(asking.choices[right].text, "Error: Error in function call");
        }
        press(&mut a, KeyCode::Char((b'a' + right as u8) as char));
        assert_eq!(a.screen, Screen::Feedback);
        let fb = a.feedback.as_ref().expect("feedback");
        assert!(fb.correct);
        if id == CHANGED {
            let note = fb.version.as_deref().expect("a version note");
            assert_eq!(
                note,
                "Asked at Terraform 1.6. In Terraform 1.14 this is \"eu-west-1c\" instead; changed in 1.10: CHANGELOG.md v1.10.0: \"The `element` function now accepts negative indices\" (#35501)"
            );
            let screen = render_text(&a, 120, 40);
            // The note wraps inside the feedback pane: each of its pieces is on screen.
            assert!(screen.contains("Asked at Terraform 1.6. In Terraform 1.14"), "{screen}");
            assert!(screen.contains("\"eu-west-1c\" instead; changed in"), "{screen}");
            assert!(screen.contains("1.10: CHANGELOG.md"), "{screen}");
            assert!(screen.contains("Terraform 1.6"), "{screen}");
        } else {
            assert_eq!(fb.version, None, "{id}: every release answers it alike");
        }
        asked.push(id);
        press(&mut a, KeyCode::Enter);
    }
    asked.sort();
    asked.dedup();
    assert_eq!(asked, [CHANGED, SAME], "the 1.8 question is never asked");
    assert!(!a.store.progress.questions.contains_key(GATED));
}

#[test]
fn at_the_newest_release_the_element_question_has_its_1_14_answer_and_no_note() {
    let dir = temp_dir("newest");
    let mut a = app(&dir, None);
    let q = a.bank.get(CHANGED).expect("question").clone();
    let inst = q.instantiate(0);
    assert_eq!(inst.source.terraform_version, None);
    assert_eq!(inst.correct_answer().expect("answer").text, "\"eu-west-1c\"");
    assert_eq!(version::difference(&q, &inst), None);
    // At 1.6 the same question's computed answer, and its distractors, are 1.6's.
    a.set_terraform_version((1, 6, 0));
    let q6 = a.bank.get(CHANGED).expect("question");
    let inst6 = q6.instantiate(0);
    assert_eq!(inst6.correct_answer().expect("answer").text, "Error: Error in function call");
    let choices = inst6.choices(0);
    assert_eq!(choices.iter().filter(|c| c.text == "Error: Error in function call").count(), 1);
    assert!(choices.iter().any(|c| c.text == "\"eu-west-1a\"" && !c.correct));
}

#[test]
fn the_flag_wins_over_the_kept_release_and_is_kept() {
    let dir = temp_dir("flag");
    let mut s = Store::open(&dir).expect("store").store;
    version::keep_flag(&mut s, Some("1.6"), true).expect("kept");
    assert_eq!(on_disk(&dir).terraform_version.as_deref(), Some("1.6"));
    // A later start without the flag keeps what is stored.
    version::keep_flag(&mut s, None, true).expect("nothing to keep");
    assert_eq!(version::stored(&on_disk(&dir)), (1, 6, 0));
    // The flag overrides and is saved.
    version::keep_flag(&mut s, Some("1.12"), true).expect("kept");
    assert_eq!(version::stored(&on_disk(&dir)), (1, 12, 0));
    let err = version::keep_flag(&mut s, Some("1.15"), true).expect_err("not emulated");
    assert!(err.contains("1.0 to 1.14"), "{err}");
    assert_eq!(version::stored(&on_disk(&dir)), (1, 12, 0), "a refused flag changes nothing");
}

#[test]
fn an_old_store_without_the_field_loads_as_the_newest_release() {
    let dir = temp_dir("old");
    // A store as iacquiz wrote it before the release was kept (schema 1, no such field).
    let old = r#"{
  "schema": 1,
  "questions": {
    "tf-v-merge-later-wins": {
      "history": [
        { "at": 1767225600, "correct": true, "ms": 4000, "rating": "good", "mode": "practice" }
      ],
      "card": {
        "memory": { "stability": 3.2, "difficulty": 5.0 },
        "last": 1767225600,
        "due": 1767485000,
        "reps": 1,
        "lapses": 0
      }
    }
  }
}
"#;
    std::fs::write(dir.join(progress::FILE), old).expect("write");
    let p = progress::parse(old.as_bytes()).expect("an old store loads");
    assert_eq!(p.terraform_version, None);
    assert_eq!(version::stored(&p), (1, 14, 0));
    let a = app(&dir, None);
    assert_eq!(a.exam_version.version, (1, 14, 0));
    assert!(header(&a).contains("Terraform 1.14"));
    assert_eq!(a.store.progress.questions[SAME].history.len(), 1);
    // Saved at the newest release, the file stays readable by the iacquiz that wrote it.
    a.store.save().expect("saved");
    let text = std::fs::read_to_string(dir.join(progress::FILE)).expect("read");
    assert!(!text.contains("terraform_version"), "{text}");
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
fn stats_names_the_release_and_a_bad_flag_is_refused() {
    let dir = temp_dir("stats");
    {
        let mut s = Store::open(&dir).expect("store").store;
        version::keep_flag(&mut s, Some("1.6"), true).expect("kept");
    }
    let out = bin().env(progress::DATA_DIR_VAR, &dir).arg("stats").output().expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("exam release: Terraform 1.6"), "{text}");
    let out = bin()
        .env(progress::DATA_DIR_VAR, &dir)
        .args(["stats", "--format", "json"])
        .output()
        .expect("runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(json["terraform_version"], "1.6");
    let out = bin()
        .env(progress::DATA_DIR_VAR, &dir)
        .args(["practice", "--terraform-version", "2.0"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("iacquiz emulates Terraform 1.0 to 1.14"), "{err}");
}

#[test]
fn the_playground_evaluates_at_the_exam_release() {
    let dir = temp_dir("playground");
    let mut a = app(&dir, None);
    a.set_terraform_version((1, 6, 0));
    for _ in 0..5 {
        press(&mut a, KeyCode::Char('j'));
    }
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.screen, Screen::Playground);
    for c in r#"element(["a", "b"], -1)"#.chars() {
        press(&mut a, KeyCode::Char(c));
    }
    let result = a.playground.result.clone().expect("evaluated");
    assert!(
        result.as_ref().is_err_and(|e| e.starts_with("Error: Error in function call")),
        "{result:?}"
    );
    assert!(header(&a).contains("Terraform 1.6"), "{}", header(&a));
}

#[test]
fn the_bundled_bank_at_1_6_leaves_out_only_questions_whose_feature_is_younger() {
    let mut bank = Bank::load_embedded().expect("bundled bank");
    let mut ev = version::ExamVersion::new(&bank);
    ev.set(&mut bank, (1, 6, 0));
    assert!(!ev.skipped.is_empty());
    for (id, r) in &ev.skipped {
        let q = bank.get(id).expect("question");
        // Provider-defined functions arrived in 1.8 (CHANGELOG v1.8.0); so did every feature
        // the bundled bank's skipped questions use.
        assert!(r.0 > (1, 6, 0), "{id} needs {r}");
        let at = q.instantiate(0).real().expect("terraform").computed.one_line();
        assert!(at.starts_with("Error: "), "{id} at 1.6: {at}");
    }
    // A changed answer is asked, not left out: element() of -1 is 1.6's error.
    for id in ["tf-list-bounds-element-minus-one", "tf-list-bounds-element-negative-wrap"] {
        assert!(!ev.skips(id), "{id}");
        let q = bank.get(id).expect("question");
        assert!(q.prompt.starts_with("In Terraform 1.6, "), "{}", q.prompt);
    }
    // An author's own release is kept: the 1.7.5 questions are not moved to 1.6.
    let pinned = bank.get("tf-provider-function-breaks-the-whole-file-1-7").expect("question");
    assert_eq!(pinned.source.terraform_version.as_deref(), Some("1.7.5"));
    ev.set(&mut bank, (1, 14, 0));
    assert!(ev.skipped.is_empty());
    assert_eq!(
        bank.get("tf-list-bounds-element-minus-one")
            .map(|q| q.source.terraform_version.clone()),
        Some(None)
    );
}
