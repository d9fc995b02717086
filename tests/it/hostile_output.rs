//! Text anyone could have written (a bank, a quiz.json, a progress store) reaches a terminal or
//! an export only through the sanitiser: `quiz take --plain` with hostile choice keys and hints,
//! `iacquiz stats` with a hostile belief id (text and JSON), and every export of a bank whose
//! prompt, explanation and "why" hold escape sequences and bidirectional controls. `stats` only
//! reads: it creates no folder or store and moves nothing aside.

use crate::support;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use iacquiz::export::ExportFormat;
use iacquiz::instructor::model::Quiz;
use iacquiz::quiz::progress::{self, Attempt, Progress, QuestionProgress};
use iacquiz::quiz::{Mode, Rating};
use iacquiz::terminal::is_hostile;
use support::{read, root, temp};

fn ok<T, E: std::fmt::Display>(r: Result<T, E>, what: &str) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{what}: {e}"),
    }
}

fn mkdir(tag: &str) -> PathBuf {
    let d = temp(tag);
    ok(fs::create_dir_all(&d), "mkdir");
    d
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// OSC 52 (write the clipboard), clear the screen, OSC 0 (window title), CSI as one C1 byte,
/// and the bidirectional and invisible characters the sanitiser must catch.
const HOSTILE: &str = "\u{1b}]52;c;aGk=\u{7}\u{1b}[2J\u{1b}]0;pwned\u{7}\u{9b}31m\u{202e}\u{2066}\u{200f}\u{61c}\u{2028}\u{2029}\u{feff}";

/// The hostile characters left in `s`, as `U+XXXX`.
fn hostile_in(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s
        .chars()
        .filter(|&c| is_hostile(c) && c != '\r')
        .map(|c| format!("U+{:04X}", c as u32))
        .collect();
    v.dedup();
    v
}

// ----- 11. quiz take --plain: choice keys and hints from quiz.json -----

#[test]
fn take_plain_shows_hostile_keys_and_hints_never_obeys_them() {
    let dir = mkdir("plain-keys");
    let mut q: serde_json::Value = ok(
        serde_json::from_str(&read(&root().join("tests/quiz/responses/quiz.json"))),
        "quiz.json",
    );
    let mut keys = 0;
    if let Some(items) = q["variants"][0]["questions"].as_array_mut() {
        for item in items {
            if let Some(choices) = item["choices"].as_array_mut() {
                for (i, c) in choices.iter_mut().enumerate() {
                    c["key"] = format!("{}{HOSTILE}", (b'a' + i as u8) as char).into();
                    keys += 1;
                }
            }
            if item["format"] == "shortanswer" {
                item["hint"] = format!("Type it {HOSTILE}").into();
            }
        }
    }
    assert!(keys > 0);
    let path = dir.join("quiz.json");
    ok(fs::write(&path, q.to_string()), "write");
    let child = Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .args(["quiz", "take", &path.display().to_string(), "--plain", "--name", "Ann"])
        .args(["--out", &dir.display().to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = ok(child, "spawn");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all("-\n".repeat(20).as_bytes());
    }
    let o = ok(child.wait_with_output(), "wait");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert_eq!(hostile_in(&out), Vec::<String>::new(), "{out}");
    assert!(out.contains("a\\u{1b}]52;c;aGk=\\u{7}"), "the key is shown, escaped: {out}");
    assert!(out.contains("Type it \\u{1b}]52"), "the hint too: {out}");
    let _ = fs::remove_dir_all(&dir);
}

// ----- 11 and 17. iacquiz stats -----

fn stats(dir: &Path, args: &[&str]) -> Output {
    let o = Command::new(env!("CARGO_BIN_EXE_iacquiz"))
        .env(progress::DATA_DIR_VAR, dir)
        .env_remove("XDG_DATA_HOME")
        .arg("stats")
        .args(args)
        .stdin(Stdio::null())
        .output();
    ok(o, "iacquiz stats")
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn stats_shows_a_hostile_belief_id_never_obeys_it() {
    let dir = mkdir("stats-belief");
    let belief = format!("merge-first-wins{HOSTILE}");
    let mut p = Progress::default();
    p.questions.insert(
        format!("tf-merge-later-wins{HOSTILE}"),
        QuestionProgress {
            history: vec![Attempt {
                at: 1_700_000_000,
                correct: false,
                ms: 1000,
                rating: Rating::Again,
                mode: Mode::Practice,
                asked: None,
                beliefs: vec![belief.clone()],
                tested: vec![belief.clone()],
            }],
            card: None,
        },
    );
    let store = ok(serde_json::to_string_pretty(&p), "json");
    ok(fs::write(dir.join("progress.json"), &store), "write");
    let o = stats(&dir, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert_eq!(hostile_in(&out), Vec::<String>::new(), "{out}");
    assert!(out.contains("merge-first-wins\\u{1b}]52;c;aGk=\\u{7}"), "{out}");
    let o = stats(&dir, &["--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert_eq!(hostile_in(&out), Vec::<String>::new(), "{out}");
    let json: serde_json::Value = ok(serde_json::from_str(&out), "stats JSON");
    assert_eq!(json["beliefs"][0]["id"], belief.as_str(), "the JSON keeps the id's value");
    assert_eq!(read(&dir.join("progress.json")), store, "a report only reads");
    assert_eq!(names(&dir), ["progress.json"], "no lock, no temporary");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn stats_creates_nothing_and_moves_nothing_aside() {
    let base = mkdir("stats-readonly");
    // No data folder: nothing is created.
    let missing = base.join("data");
    let o = stats(&missing, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("answers: 0"), "{}", text(&o.stdout));
    assert!(!missing.exists(), "no data folder was created");
    // An empty data folder: no store is created.
    ok(fs::create_dir_all(&missing), "mkdir");
    let o = stats(&missing, &["--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(names(&missing), Vec::<String>::new());
    // A store it cannot read is reported (sanitised) and left where it is.
    let garbage = format!("not json {HOSTILE}");
    ok(fs::write(missing.join("progress.json"), &garbage), "write");
    let o = stats(&missing, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(err.contains("not a progress store"), "{err}");
    assert_eq!(hostile_in(&err), Vec::<String>::new(), "{err}");
    assert_eq!(names(&missing), ["progress.json"], "nothing moved aside");
    assert_eq!(read(&missing.join("progress.json")), garbage);
    let _ = fs::remove_dir_all(&base);
}

// ----- 19. exports of a hostile bank -----

/// One bank file whose prompt, explanation, reasons, quote and source comment hold `HOSTILE`
/// (written with YAML's escapes, so the file itself is plain text).
const BANK: &str = r##"topic: merge
engine: terraform
questions:
  - id: tf-hostile-merge
    tags: [merge]
    lesson: {seed: 001, section: "merge() precedence"}
    quote: "merge() combines maps left to right. \e]52;c;cXVvdGU=\a"
    docs: https://developer.hashicorp.com/terraform/language/functions/merge
    objective: 2c
    prompt: "What does this return? \e]52;c;aGVsbG8=\a\e[2J \u202E evil \u2066 \x9B31m"
    config: "# a comment \e]0;title\a\nlocals {\n  x = 1\n}\n"
    expr: 'merge({ team = "data", tier = "standard" }, { tier = "premium" })'
    kind: choice
    answer: {team: data, tier: premium}
    explain: "The later argument wins. \e]0;title\a \u200F \u061C \u2028 \u2029 end"
    misconceptions: [merge-first-wins]
    difficulty: 1
    distractors:
      - value: {team: data, tier: standard}
        why: "The first argument does not win. \e]52;c;d2h5\a"
      - value: '{ team = "data", tier = ["standard", "premium"] }'
        why: "Never a list \u202E."
      - error: Duplicate object key
        why: "No error \e[31m red."
"##;

#[test]
fn exports_of_a_hostile_bank_hold_no_escape_sequence() {
    let base = mkdir("hostile-bank");
    let bank = base.join("bank");
    ok(fs::create_dir_all(bank.join("terraform")), "mkdir");
    ok(fs::write(bank.join("terraform/hostile.yaml"), BANK), "bank");
    let out = base.join("out");
    let o = ok(
        Command::new(env!("CARGO_BIN_EXE_iacquiz"))
            .args([
                "quiz",
                "new",
                "--bank",
                &bank.display().to_string(),
                "--count",
                "1",
                "--variants",
                "2",
            ])
            .args(["--format", "md,html,gift,moodle,json", "--out", &out.display().to_string()])
            .output(),
        "quiz new",
    );
    assert!(o.status.success(), "{}\n{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(hostile_in(&text(&o.stderr)), Vec::<String>::new());
    let key = read(&out.join("key.json"));
    assert!(key.contains("\\u001b]52;c;aGVsbG8="), "the bank's text did reach the quiz: {key}");
    for name in ["quiz.md", "answers.md", "quiz.html", "answers.html", "quiz.gift", "quiz.xml"] {
        let got = read(&out.join(name));
        assert_eq!(hostile_in(&got), Vec::<String>::new(), "{name}");
        assert!(got.contains("52;c;"), "{name} still holds the rest of the text");
    }
    // Markdown and HTML show each one written out; the Moodle files drop them.
    for name in ["quiz.md", "answers.md", "quiz.html", "answers.html"] {
        let got = read(&out.join(name));
        assert!(got.contains("\\u{1b}") && got.contains("\\u{202e}"), "{name}");
    }
    for name in ["quiz.gift", "quiz.xml"] {
        assert!(!read(&out.join(name)).contains("\\u{1b}"), "{name}");
    }
    let _ = fs::remove_dir_all(&base);
}

/// Appends `HOSTILE` to every string of the quiz model but its enumerations and engine names,
/// and to the keys of its maps (parameter values, file names, variables, facts).
fn poison(v: &mut serde_json::Value, key: &str) {
    match v {
        serde_json::Value::String(s) if !matches!(key, "format" | "engine" | "kind") => s.push_str(HOSTILE),
        serde_json::Value::Array(a) => a.iter_mut().for_each(|x| poison(x, key)),
        serde_json::Value::Object(o) => {
            let is_map = matches!(key, "values" | "files" | "old_files" | "vars" | "facts");
            for (k, mut x) in std::mem::take(o) {
                poison(&mut x, &k);
                o.insert(if is_map { format!("{k}{HOSTILE}") } else { k }, x);
            }
        }
        _ => {}
    }
}

#[test]
fn every_field_of_a_hostile_quiz_is_exported_without_its_escapes() {
    let golden = read(&root().join("tests/quiz/golden/key.json"));
    let mut v: serde_json::Value = ok(serde_json::from_str(&golden), "key.json");
    poison(&mut v, "");
    let quiz = ok(Quiz::from_json(&v.to_string()), "poisoned quiz");
    for f in ExportFormat::ALL {
        for (name, got) in f.render(&quiz) {
            if f == ExportFormat::Json {
                // serde_json escapes the C0 controls; the rest is the model's text.
                assert!(!got.contains('\u{1b}') && !got.contains('\u{7}'), "{name}");
                continue;
            }
            assert_eq!(hostile_in(&got), Vec::<String>::new(), "{name}");
        }
    }
}
