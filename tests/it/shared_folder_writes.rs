//! Writing into a folder someone else can write (a class share, `/tmp`, an `--out` folder):
//! `quiz take` and `quiz new` create their temporaries new under random names and never write
//! through, link or rename onto a symbolic link another user planted; `quiz new` writes each
//! file whole (a full disk leaves the earlier file, never an empty one) and refuses a folder
//! that holds another quiz unless `--force`; the progress lock is never a link's target; and
//! what a `quiz take` killed with SIGKILL left behind is recovered by the next one.

#![cfg(unix)]

use crate::support;

use std::fs;
use std::io::Write;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, SystemTime};

use iacquiz::instructor::model::{Quiz, Responses};
use iacquiz::instructor::save::ResponsesFile;
use iacquiz::quiz::lock::Lock;
use support::{fixture_bank, read, root, temp};

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

/// A file of someone else's that a planted link points at, with its contents.
fn victim(dir: &Path) -> (PathBuf, &'static str) {
    let p = dir.join("victim.txt");
    let text = "the victim's own file\n";
    ok(fs::write(&p, text), "victim");
    (p, text)
}

fn is_link(p: &Path) -> bool {
    fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink())
}

fn is_regular(p: &Path) -> bool {
    fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_file())
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

fn quiz_path() -> PathBuf {
    root().join("tests/quiz/responses/quiz.json")
}

/// Alice's prepared responses under another name (and the answers kept up to `answered`).
fn responses(name: &str, answered: usize) -> Responses {
    let mut r = ok(
        Responses::from_json(&read(&root().join("tests/quiz/responses/responses-alice.json"))),
        "alice",
    );
    r.name = name.into();
    for a in r.answers.iter_mut().skip(answered) {
        a.answer = None;
    }
    r
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_iacquiz"))
}

/// `quiz take --plain` of the prepared quiz into `dir`, answering from `input`.
fn take_plain(dir: &Path, name: &str, input: &str) -> Output {
    let child = bin()
        .args(["quiz", "take", &quiz_path().display().to_string(), "--plain", "--name", name])
        .args(["--out", &dir.display().to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = ok(child, "iacquiz quiz take");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    ok(child.wait_with_output(), "wait")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

// ----- 2. quiz take into a shared folder -----

#[test]
fn take_never_writes_through_a_planted_link() {
    let dir = mkdir("take-links");
    let elsewhere = mkdir("take-links-victim");
    let (victim, before) = victim(&elsewhere);
    // The names an older build would have used for its temporaries, and the file's own name.
    for n in 0..16 {
        let planted = dir.join(format!(".responses-Ann.json.tmp-{}-{n}", std::process::id()));
        ok(symlink(&victim, &planted), "plant");
    }
    ok(symlink(&victim, dir.join("responses-Ann.json")), "plant");
    let mut file = ResponsesFile::new(&dir);
    let first = ok(file.save(&responses("Ann", 1)), "first save");
    assert_eq!(
        first,
        dir.join("responses-Ann-2.json"),
        "the name a link holds is taken, not followed"
    );
    assert!(is_regular(&first), "a regular file of its own, not a link");
    let second = ok(file.save(&responses("Ann", 3)), "second save");
    assert_eq!(second, first);
    assert_eq!(
        ok(Responses::from_json(&read(&first)), "written")
            .answers
            .iter()
            .filter(|a| a.answer.is_some())
            .count(),
        3
    );
    assert_eq!(read(&victim), before, "nothing was written through a link");
    // Someone swaps the responses file for a link: the next save refuses it and says why.
    ok(fs::remove_file(&first), "rm");
    ok(symlink(&victim, &first), "plant");
    match file.save(&responses("Ann", 4)) {
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains("responses-Ann-2.json") && e.contains("symbolic link"), "{e}");
        }
        Ok(p) => panic!("saved through a link to {}", p.display()),
    }
    assert!(is_link(&first), "the link is neither written through nor replaced");
    assert_eq!(read(&victim), before);
    // No temporary of ours is left behind: only the planted names.
    let planted: Vec<String> = (0..16)
        .map(|n| format!(".responses-Ann.json.tmp-{}-{n}", std::process::id()))
        .collect();
    let ours: Vec<String> = names(&dir)
        .into_iter()
        .filter(|n| n.starts_with('.') && !planted.contains(n))
        .collect();
    assert!(ours.is_empty(), "{ours:?}");
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&elsewhere);
}

#[test]
fn the_take_command_skips_a_planted_responses_link() {
    let dir = mkdir("take-cli-link");
    let elsewhere = mkdir("take-cli-victim");
    let (victim, before) = victim(&elsewhere);
    ok(symlink(&victim, dir.join("responses-Ann.json")), "plant");
    let o = take_plain(&dir, "Ann", "d\nfalse\n");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("responses-Ann-2.json"), "{}", text(&o.stdout));
    assert!(is_regular(&dir.join("responses-Ann-2.json")));
    assert_eq!(read(&victim), before);
    assert_eq!(names(&dir), ["responses-Ann-2.json", "responses-Ann.json"], "no temporary left");
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&elsewhere);
}

// ----- 3. quiz new --out into a folder someone else can write -----

fn quiz_new(out: &Path, seed: &str, formats: &str, extra: &[&str]) -> Output {
    let bank = fixture_bank().display().to_string();
    let out = out.display().to_string();
    let mut args = vec![
        "quiz", "new", "--bank", &bank, "--count", "4", "--seed", seed, "--format", formats, "--out", &out,
    ];
    args.extend_from_slice(extra);
    ok(bin().args(&args).output(), "iacquiz quiz new")
}

#[test]
fn quiz_new_never_writes_through_a_link() {
    let elsewhere = mkdir("new-victim");
    let (victim, before) = victim(&elsewhere);
    for name in ["key.json", "quiz.json", "answers.md", "quiz.xml"] {
        let out = mkdir("new-link");
        ok(symlink(&victim, out.join(name)), "plant");
        for force in [&[][..], &["--force"][..]] {
            let o = quiz_new(&out, "3", "md,html,gift,moodle,json", force);
            let err = text(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{name} {force:?}: {err}");
            assert!(err.contains(name) && err.contains("symbolic link"), "{name}: {err}");
            assert_eq!(read(&victim), before, "{name}: the answer key did not reach the link's target");
            assert!(is_link(&out.join(name)), "{name}: the link is left for a person to look at");
            assert!(!out.join("key.json").is_file() || name == "key.json", "{name}: nothing written");
        }
        let _ = fs::remove_dir_all(&out);
    }
    // The old write probe's name is no longer written at all.
    let out = mkdir("new-probe");
    ok(symlink(&victim, out.join(".iacquiz-write-test")), "plant");
    let o = quiz_new(&out, "3", "json", &[]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(read(&victim), before, "the probe's target is not truncated");
    assert_eq!(names(&out), [".iacquiz-write-test", "key.json", "quiz.json"]);
    let _ = fs::remove_dir_all(&out);
    let _ = fs::remove_dir_all(&elsewhere);
}

#[test]
fn a_second_quiz_is_refused_unless_forced_and_then_replaces_the_first_whole() {
    let out = mkdir("new-second");
    let o = quiz_new(&out, "3", "md,gift,json", &[]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let first_key = read(&out.join("key.json"));
    // The same quiz again is fine: the same arguments give the same bytes.
    let o = quiz_new(&out, "3", "md,gift,json", &[]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(read(&out.join("key.json")), first_key);
    // Another quiz is refused, and the first one's key stays.
    let o = quiz_new(&out, "4", "html,json", &[]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("another quiz") && err.contains("--force"), "{err}");
    assert_eq!(read(&out.join("key.json")), first_key, "the first quiz's key is kept");
    assert!(!out.join("quiz.html").exists(), "nothing of the second quiz is written");
    // A student's responses in the folder are not the quiz's files.
    ok(fs::write(out.join("responses-Ann.json"), "{}"), "responses");
    let o = quiz_new(&out, "4", "html,json", &["--force"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_ne!(read(&out.join("key.json")), first_key);
    assert_eq!(
        names(&out),
        ["answers.html", "key.json", "quiz.html", "quiz.json", "responses-Ann.json"],
        "every file of the first quiz is gone (quiz.md, answers.md, quiz.gift)"
    );
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn a_leftover_export_of_an_unknown_quiz_counts_as_another_quiz() {
    let out = mkdir("new-leftover");
    ok(fs::write(out.join("quiz.md"), "# someone's quiz\n"), "leftover");
    let o = quiz_new(&out, "3", "md,json", &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert_eq!(read(&out.join("quiz.md")), "# someone's quiz\n");
    let o = quiz_new(&out, "3", "json", &["--force"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(names(&out), ["key.json", "quiz.json"]);
    let _ = fs::remove_dir_all(&out);
}

/// `quiz new` with writes beyond `blocks` × 512 bytes failing as on a full disk (the file size
/// limit, with SIGXFSZ ignored so that the write fails with EFBIG instead of killing).
fn quiz_new_on_a_full_disk(out: &Path, seed: &str, extra: &str) -> Output {
    let bank = fixture_bank().display().to_string();
    let script = format!(
        "trap '' XFSZ; ulimit -f 1; exec \"$0\" quiz new --bank \"$1\" --count 4 --seed {seed} --format md,json --out \"$2\" {extra}"
    );
    let o = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_iacquiz"), &bank, &out.display().to_string()])
        .output();
    ok(o, "sh")
}

#[test]
fn a_full_disk_leaves_the_earlier_key_never_an_empty_one() {
    // Into an empty folder: no key.json at all rather than an empty or cut one.
    let out = mkdir("new-full-empty");
    let o = quiz_new_on_a_full_disk(&out, "3", "");
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("File too large") || err.contains("too large"), "{err}");
    let left = names(&out);
    assert!(left.iter().all(|n| !n.starts_with('.')), "no temporary left: {left:?}");
    for n in &left {
        let bytes = fs::read(out.join(n)).unwrap_or_default();
        assert!(Quiz::from_json(&text(&bytes)).is_ok() || !n.ends_with(".json"), "{n} is cut short");
    }
    assert!(!out.join("key.json").exists());
    let _ = fs::remove_dir_all(&out);
    // Over an earlier quiz (forced): the earlier key stays whole.
    let out = mkdir("new-full-over");
    let o = quiz_new(&out, "3", "md,json", &[]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let key = read(&out.join("key.json"));
    let o = quiz_new_on_a_full_disk(&out, "4", "--force");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert_eq!(read(&out.join("key.json")), key, "the earlier key.json is whole");
    assert!(names(&out).iter().all(|n| !n.starts_with('.')), "{:?}", names(&out));
    let _ = fs::remove_dir_all(&out);
}

// ----- 15. a progress.lock that is a link -----

#[test]
fn a_lock_file_that_is_a_link_is_refused_and_its_target_untouched() {
    let dir = mkdir("lock-link");
    let elsewhere = mkdir("lock-victim");
    let (victim, before) = victim(&elsewhere);
    ok(symlink(&victim, dir.join("progress.lock")), "plant");
    match Lock::acquire(&dir) {
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains("progress.lock") && e.contains("symbolic link"), "{e}");
        }
        Ok(l) => panic!("took the lock through a link: {}", l.path().display()),
    }
    match iacquiz::tui::open_store(&dir) {
        Err(e) => assert!(e.contains("symbolic link"), "{e}"),
        Ok(_) => panic!("the TUI opened the store with a linked lock"),
    }
    assert_eq!(read(&victim), before, "neither truncated nor given a pid");
    assert!(is_link(&dir.join("progress.lock")));
    // A dangling link would have created its target.
    ok(fs::remove_file(dir.join("progress.lock")), "rm");
    let target = elsewhere.join("created-by-the-lock");
    ok(symlink(&target, dir.join("progress.lock")), "plant");
    assert!(Lock::acquire(&dir).is_err());
    assert!(!target.exists(), "nothing is created at a link's target");
    // A progress.json that is a link is refused the same way (it is replaced at every save).
    ok(fs::remove_file(dir.join("progress.lock")), "rm");
    ok(symlink(&victim, dir.join("progress.json")), "plant");
    match iacquiz::quiz::progress::Store::open(&dir) {
        Err(e) => assert!(e.contains("symbolic link"), "{e}"),
        Ok(_) => panic!("opened a linked store for writing"),
    }
    assert_eq!(read(&victim), before);
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&elsewhere);
}

// ----- 16. kill -9 during quiz take -----

/// A process id no process has now (a child that has exited and been waited for).
fn dead_pid() -> u32 {
    let mut child = ok(Command::new("true").spawn(), "true");
    let pid = child.id();
    let _ = child.wait();
    pid
}

fn leftover(dir: &Path, name: &str, body: &str, age_secs: u64) -> PathBuf {
    let p = dir.join(name);
    ok(fs::write(&p, body), "leftover");
    set_age(&p, age_secs);
    p
}

fn set_age(p: &Path, age_secs: u64) {
    let f = ok(fs::OpenOptions::new().write(true).open(p), "open");
    let when = SystemTime::now() - Duration::from_secs(age_secs);
    ok(f.set_modified(when), "set mtime");
}

fn answered(p: &Path) -> usize {
    let r = ok(Responses::from_json(&read(p)), &p.display().to_string());
    r.answers.iter().filter(|a| a.answer.is_some()).count()
}

#[test]
fn the_next_take_recovers_what_a_killed_one_left() {
    let dir = mkdir("recover");
    let elsewhere = mkdir("recover-victim");
    let dead = dead_pid();
    let me = std::process::id();
    // Ann's file was saved with 2 answers; her last save (5 answers) was cut before its
    // rename, and an earlier one (3 answers) before its own.
    let ann = dir.join("responses-Ann.json");
    ok(fs::write(&ann, responses("Ann", 2).to_json()), "ann");
    set_age(&ann, 300);
    let newest = leftover(
        &dir,
        &format!(".responses-Ann.json.tmp-{dead}-aaaaaaaaaaaaaaaa"),
        &responses("Ann", 5).to_json(),
        60,
    );
    let older = leftover(
        &dir,
        &format!(".responses-Ann.json.tmp-{dead}-bbbbbbbbbbbbbbbb"),
        &responses("Ann", 3).to_json(),
        200,
    );
    // Bob's first save never got its name: his only answers are in the temporary.
    let bob = leftover(
        &dir,
        &format!(".responses-Bob.json.new-{dead}-cccccccccccccccc"),
        &responses("Bob", 4).to_json(),
        60,
    );
    // Cy's was cut mid-write.
    let cut = leftover(
        &dir,
        &format!(".responses-Cy.json.tmp-{dead}-dddddddddddddddd"),
        "{\"schema\": 1, \"quiz_",
        60,
    );
    // Di answered another quiz: left for that quiz's quiz take.
    let other = responses("Di", 4).to_json().replace("\"quiz_seed\": 7", "\"quiz_seed\": 8");
    let di = leftover(&dir, &format!(".responses-Di.json.tmp-{dead}-eeeeeeeeeeeeeeee"), &other, 60);
    // Ed's save went through after its temporary was written (the file is newer).
    let ed_file = dir.join("responses-Ed.json");
    let ed = leftover(
        &dir,
        &format!(".responses-Ed.json.tmp-{dead}-ffffffffffffffff"),
        &responses("Ed", 5).to_json(),
        120,
    );
    ok(fs::write(&ed_file, responses("Ed", 1).to_json()), "ed");
    // Fay is still answering (her writer runs): hers is left alone.
    let fay = leftover(
        &dir,
        &format!(".responses-Fay.json.tmp-{me}-1111111111111111"),
        &responses("Fay", 5).to_json(),
        60,
    );
    // Gus's first save was linked into place, then the kill came before the temporary's
    // removal.
    let gus = leftover(
        &dir,
        &format!(".responses-Gus.json.new-{dead}-2222222222222222"),
        &responses("Gus", 5).to_json(),
        60,
    );
    ok(fs::hard_link(&gus, dir.join("responses-Gus.json")), "link");
    // A planted link under a leftover's name is neither followed nor removed.
    let (victim, before) = victim(&elsewhere);
    let hal = dir.join(format!(".responses-Hal.json.tmp-{dead}-3333333333333333"));
    ok(symlink(&victim, &hal), "plant");

    let o = take_plain(&dir, "Zed", "-\n");
    let err = text(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("recovered the answers of an interrupted sitting (Ann, 5 answered)"),
        "{err}"
    );
    assert!(err.contains("(Bob, 4 answered)") && err.contains("responses-Bob.json"), "{err}");
    assert!(err.contains("removed 4 temporary files"), "older Ann, Cy, Ed, Gus: {err}");

    assert_eq!(answered(&ann), 5, "Ann's newest save is in her file");
    assert_eq!(
        answered(&dir.join("responses-Bob.json")),
        4,
        "Bob's answers have a file of their own"
    );
    assert_eq!(answered(&ed_file), 1, "Ed's newer file is kept");
    assert_eq!(answered(&dir.join("responses-Gus.json")), 5);
    for gone in [&newest, &older, &bob, &cut, &ed, &gus] {
        assert!(!gone.exists(), "{} is removed", gone.display());
    }
    for kept in [&di, &fay] {
        assert!(kept.exists(), "{} is left", kept.display());
    }
    assert!(is_link(&hal));
    assert_eq!(read(&victim), before);
    assert!(dir.join("responses-Zed.json").is_file());
    // Nothing more to do the next time.
    let o = take_plain(&dir, "Zed", "-\n");
    assert!(!text(&o.stderr).contains("recovered"), "{}", text(&o.stderr));
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_dir_all(&elsewhere);
}

#[test]
fn takes_killed_with_sigkill_leave_nothing_the_next_one_does_not_clear() {
    // Sittings killed while they answer: whatever they left, after the next start every file
    // in the folder reads as responses and no temporary is left.
    let dir = mkdir("sigkill");
    for round in 0..8u64 {
        let child = bin()
            .args(["quiz", "take", &quiz_path().display().to_string(), "--plain", "--name", "Kim"])
            .args(["--out", &dir.display().to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let mut child = ok(child, "spawn");
        if let Some(mut stdin) = child.stdin.take() {
            for _ in 0..round {
                let _ = stdin.write_all(b"a\n");
            }
            let _ = stdin.flush();
            std::thread::sleep(Duration::from_millis(40 + 25 * round));
            let _ = child.kill();
        }
        let _ = child.wait();
    }
    let o = take_plain(&dir, "Lee", "-\n");
    assert!(o.status.success(), "{}", text(&o.stderr));
    for n in names(&dir) {
        assert!(!n.starts_with('.'), "left behind: {n}");
        assert!(Responses::from_json(&read(&dir.join(&n))).is_ok(), "{n} reads");
    }
    let _ = fs::remove_dir_all(&dir);
}
