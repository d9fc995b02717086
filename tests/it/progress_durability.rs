//! The progress store under abuse: a writer killed with SIGKILL hundreds of times at random
//! moments never leaves an unreadable store nor loses an answer it reported saved; two writers
//! at once never lose each other's answers; bad files are kept aside, each under its own name.
//!
//! The writers are this test binary run again (`writer_process`, ignored in a normal run)
//! with `IACQUIZ_SOAK_ROLE` saying what to do.

#![cfg(unix)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use iacquiz::quiz::Mode;
use iacquiz::quiz::fsrs::{Fsrs, Rating};
use iacquiz::quiz::lock::{Lock, LockError};
use iacquiz::quiz::progress::{self, Attempt, FILE, Progress, Store};

const ROLE_VAR: &str = "IACQUIZ_SOAK_ROLE";
const DIR_VAR: &str = "IACQUIZ_SOAK_DIR";
const NAME_VAR: &str = "IACQUIZ_SOAK_NAME";
/// Kills in the soak test (`IACQUIZ_SOAK_ROUNDS` overrides).
const ROUNDS: usize = 300;
/// Answers each contending writer records.
const CONTENDED: u64 = 25;
/// A writer that has been running this long has lost its parent.
const WRITER_LIFETIME: Duration = Duration::from_secs(60);

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-durability-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn attempt(at: u64) -> Attempt {
    Attempt {
        at,
        correct: !at.is_multiple_of(3),
        ms: 1_000 + at,
        rating: if at.is_multiple_of(3) { Rating::Again } else { Rating::Good },
        mode: Mode::Practice,
        asked: None,
        beliefs: Vec::new(),
        tested: Vec::new(),
    }
}

/// Every attempt's `at`, by question id.
fn answers(p: &Progress) -> BTreeMap<String, Vec<u64>> {
    p.questions
        .iter()
        .map(|(id, q)| (id.clone(), q.history.iter().map(|a| a.at).collect()))
        .collect()
}

/// The lock, waiting while another writer holds it.
fn lock_waiting(dir: &Path) -> Lock {
    let start = Instant::now();
    loop {
        match Lock::acquire(dir) {
            Ok(l) => return l,
            Err(LockError::Held { .. }) if start.elapsed() < WRITER_LIFETIME => std::thread::sleep(Duration::from_millis(1)),
            Err(e) => panic!("lock: {e}"),
        }
    }
}

/// Records answer after answer, printing `saved N` once the N-th is on disk, until killed.
fn soak_writer(dir: &Path) {
    let _lock = lock_waiting(dir);
    let mut store = Store::open(dir).expect("open").store;
    let mut n: u64 = store.progress.questions.values().map(|q| q.history.len() as u64).sum();
    let fsrs = Fsrs::default();
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    while start.elapsed() < WRITER_LIFETIME {
        store.progress.record(&format!("q{}", n % 40), attempt(n), &fsrs);
        store.save().expect("save");
        n += 1;
        // A write error means the parent is gone: stop.
        if writeln!(out, "saved {n}").and_then(|_| out.flush()).is_err() {
            return;
        }
    }
}

/// Takes the lock, records one answer under its own id and lets go, [`CONTENDED`] times.
fn contending_writer(dir: &Path, name: &str) {
    let fsrs = Fsrs::default();
    for i in 0..CONTENDED {
        let lock = lock_waiting(dir);
        let mut store = Store::open(dir).expect("open").store;
        store.progress.record(name, attempt(i), &fsrs);
        store.save().expect("save");
        drop(lock);
    }
}

/// The body of the writer processes the tests start; does nothing unless started by them.
#[test]
#[ignore = "run by the other tests of this file in a child process"]
fn writer_process() {
    let (Some(role), Some(dir)) = (std::env::var_os(ROLE_VAR), std::env::var_os(DIR_VAR)) else {
        return;
    };
    let dir = PathBuf::from(dir);
    match role.to_string_lossy().as_ref() {
        "soak" => soak_writer(&dir),
        "contend" => contending_writer(&dir, &std::env::var(NAME_VAR).unwrap_or_default()),
        other => panic!("unknown role {other}"),
    }
}

fn writer(dir: &Path, role: &str, name: &str) -> Child {
    let exe = std::env::current_exe().expect("test binary");
    Command::new(exe)
        .args([
            // The test's full name in the one test binary (`module::name`, without the crate).
            &format!("{}::writer_process", module_path!().split_once("::").map_or("", |(_, m)| m)),
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
            "--quiet",
        ])
        .env(ROLE_VAR, role)
        .env(DIR_VAR, dir)
        .env(NAME_VAR, name)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn writer")
}

/// A small xorshift generator: the kill moments differ per run, and a failure names its seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

fn files_named(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("dir")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
        .map(|e| e.path())
        .collect();
    v.sort();
    v
}

#[test]
fn answers_survive_kill_9_at_any_moment() {
    let dir = temp_dir("soak");
    let rounds = std::env::var("IACQUIZ_SOAK_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(ROUNDS);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
        | 1;
    let mut rng = Rng(seed);
    let mut stored: u64 = 0;
    let mut grew = 0;
    // How long a writer takes to start and save its first answer, and between two saves:
    // measured as we go, so the kill moments cover start-up and the writing loop on any disk.
    let mut startup = Duration::from_millis(5);
    let mut per_save = Duration::from_millis(1);
    for round in 0..rounds {
        let mut seen = stored;
        let mut child = writer(&dir, "soak", "");
        let started = Instant::now();
        let out = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if let Some(n) = line.strip_prefix("saved ").and_then(|n| n.parse::<u64>().ok()) {
                    let _ = tx.send((n, Instant::now()));
                }
            }
        });
        if round % 2 == 0 {
            // Anywhere from start-up (opening, the lock, the first save) to a couple of saves in.
            let span = startup + per_save * 2;
            std::thread::sleep(Duration::from_micros(rng.below(span.as_micros() as u64)));
        } else {
            // In the middle of the writing loop: after one or two reports, part way into a save.
            let wait_for = 1 + rng.below(2);
            let mut first = None;
            for k in 0..wait_for {
                match rx.recv_timeout(Duration::from_secs(10)) {
                    Ok((n, at)) if k == 0 => {
                        seen = seen.max(n);
                        startup = (startup + at.duration_since(started)) / 2;
                        first = Some(at);
                    }
                    Ok((n, at)) => {
                        seen = seen.max(n);
                        if let Some(f) = first {
                            per_save = (per_save + at.duration_since(f) / k as u32) / 2;
                        }
                    }
                    Err(_) => break,
                }
            }
            std::thread::sleep(Duration::from_micros(rng.below(per_save.as_micros() as u64 + 1)));
        }
        child.kill().expect("SIGKILL");
        let _ = child.wait();
        reader.join().expect("reader");
        let reported = rx.try_iter().map(|(n, _)| n).fold(seen, u64::max);

        let path = dir.join(FILE);
        let Ok(bytes) = std::fs::read(&path) else {
            assert_eq!(reported, 0, "seed {seed}, round {round}: the store is gone after {reported} saves");
            continue;
        };
        let p = progress::parse(&bytes).unwrap_or_else(|e| panic!("seed {seed}, round {round}: unreadable store: {e}"));
        let mut ats: Vec<u64> = answers(&p).into_values().flatten().collect();
        ats.sort_unstable();
        let count = ats.len() as u64;
        assert!(
            count == reported || count == reported + 1,
            "seed {seed}, round {round}: {count} answers stored, {reported} reported saved (one more may be in flight)"
        );
        assert_eq!(
            ats,
            (0..count).collect::<Vec<_>>(),
            "seed {seed}, round {round}: lost or doubled answers"
        );
        assert!(
            files_named(&dir, &format!("{FILE}.corrupt")).is_empty(),
            "round {round}: a store was moved aside"
        );
        if count > stored {
            grew += 1;
        }
        stored = count;
    }
    eprintln!("{rounds} kills, {grew} after a save, {stored} answers; start-up ~{startup:?}, a save ~{per_save:?}");
    assert!(
        grew >= rounds / 4,
        "only {grew} of {rounds} writers saved anything before being killed: the kills did not land mid-write"
    );
    // Opening cleans up the temporary files of killed writers.
    Store::open(&dir).expect("open after the soak");
    assert!(
        files_named(&dir, &format!(".{FILE}.tmp-")).is_empty(),
        "stale temporary files are left"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_writers_at_once_never_lose_each_others_answers() {
    let dir = temp_dir("contend");
    let children: Vec<Child> = ["a", "b"].iter().map(|n| writer(&dir, "contend", n)).collect();
    for mut c in children {
        assert!(c.wait().expect("writer").success(), "a contending writer failed");
    }
    let p = progress::parse(&std::fs::read(dir.join(FILE)).expect("store")).expect("readable");
    let got = answers(&p);
    let want: Vec<u64> = (0..CONTENDED).collect();
    assert_eq!(got.get("a"), Some(&want), "writer a's answers");
    assert_eq!(got.get("b"), Some(&want), "writer b's answers");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lock_file_naming_a_live_unrelated_process_does_not_keep_anyone_out() {
    // After a crash and a reboot the pid in a leftover lock file may belong to any process;
    // only a process that holds the lock keeps others out.
    let dir = temp_dir("reused-pid");
    let parent = std::os::unix::process::parent_id();
    std::fs::write(dir.join("progress.lock"), format!("{parent}\n")).expect("write");
    let lock = Lock::acquire(&dir).expect("the lock is free");
    assert_eq!(
        std::fs::read_to_string(lock.path()).expect("lock").trim(),
        std::process::id().to_string()
    );
    drop(lock);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lock_held_by_another_process_is_refused_with_its_pid() {
    let dir = temp_dir("held");
    let mut child = writer(&dir, "soak", "");
    let out = child.stdout.take().expect("stdout");
    // Once it reports a save it holds the lock; the pipe stays open so it keeps running.
    let mut lines = BufReader::new(out).lines();
    let saved = lines.by_ref().map_while(Result::ok).any(|l| l.starts_with("saved "));
    assert!(saved, "the writer never saved");
    let held = Lock::acquire(&dir);
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    drop(lines);
    match held {
        Err(LockError::Held { pid, .. }) => assert_eq!(pid, child.id()),
        other => panic!("expected the writer's lock to be held, got {other:?}"),
    }
    // Its death released it.
    assert!(Lock::acquire(&dir).is_ok(), "the lock of a killed writer is free");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_stores_moved_aside_in_the_same_second_are_all_kept() {
    let dir = temp_dir("aside");
    for text in ["{ first", "{ second", "{ third"] {
        std::fs::write(dir.join(FILE), text).expect("write");
        let opened = Store::open(&dir).expect("opens");
        assert_eq!(opened.notices.len(), 1, "{text}");
    }
    let mut kept: Vec<String> = files_named(&dir, &format!("{FILE}.corrupt-"))
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("kept"))
        .collect();
    kept.sort();
    assert_eq!(kept, ["{ first", "{ second", "{ third"]);
    let _ = std::fs::remove_dir_all(&dir);
}
