//! A second iacquiz while the first holds the progress lock opens read-only: a banner on every
//! screen, answering refused, and progress.json left byte for byte as it was.

use crate::drive;

use drive::press;

use std::path::{Path, PathBuf};

use crossterm::event::KeyCode;
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

/// The file's inode: a save writes a new file and renames it over the old one, so even a
/// save of the same bytes changes it.
fn inode(path: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).expect("metadata").ino()
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
    let ino = inode(&progress);
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
    assert_eq!(inode(&progress), ino, "progress.json was rewritten");
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

/// A terminal under `script` running `cmd`, its output collected on a thread.
struct Pty {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    out: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    answered: usize,
}

impl Pty {
    fn spawn(cmd: &str, data: &Path) -> Pty {
        use std::io::Read;
        let mut child = std::process::Command::new("script")
            .args(["-qefc", cmd, "/dev/null"])
            .env("TERM", "xterm")
            .env("IACQUIZ_DATA_DIR", data)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("script runs");
        let out = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut stdout = child.stdout.take().expect("stdout");
        let sink = std::sync::Arc::clone(&out);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().expect("lock").extend_from_slice(&buf[..n]);
            }
        });
        let stdin = child.stdin.take().expect("stdin");
        Pty {
            child,
            stdin,
            out,
            answered: 0,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        use std::io::Write;
        self.stdin.write_all(bytes).expect("write to the pty");
        self.stdin.flush().expect("flush");
    }

    /// Waits (bounded, not a timing assertion) for `needle`, answering cursor queries.
    fn wait_for(&mut self, needle: &[u8]) -> bool {
        for _ in 0..400 {
            let text = self.out.lock().expect("lock").clone();
            let queries = text.windows(4).filter(|w| w == b"\x1b[6n").count();
            while self.answered < queries {
                self.send(b"\x1b[1;1R");
                self.answered += 1;
            }
            if text.windows(needle.len()).any(|w| w == needle) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        false
    }
}

impl Pty {
    /// Its exit status once it ends (bounded wait, not a timing assertion).
    fn ended(&mut self) -> Option<std::process::ExitStatus> {
        for _ in 0..400 {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        None
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The real binary: while one iacquiz runs, a second shows the banner, quits on q, and the
/// progress file is byte for byte what the first left.
#[test]
fn the_binary_opens_a_second_instance_read_only() {
    if std::process::Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: `script` (util-linux) is not installed");
        return;
    }
    let dir = temp_dir("pty");
    let data = dir.join("data");
    // `script` gives its terminal no size: 80×24, so the screens are drawn.
    let cmd = format!("stty cols 80 rows 24; exec '{}'", env!("CARGO_BIN_EXE_iacquiz"));
    let mut first = Pty::spawn(&cmd, &data);
    assert!(
        first.wait_for(b"\x1b[?1049h") && first.wait_for(b"\x1b[?25l"),
        "the first instance started: {:?}",
        String::from_utf8_lossy(&first.out.lock().expect("lock"))
    );
    let progress = data.join("progress.json");
    let before = std::fs::read(&progress).expect("the first instance made progress.json");
    let ino = inode(&progress);
    let mut second = Pty::spawn(&cmd, &data);
    assert!(
        second.wait_for(b"read-only: another iacquiz holds your progress"),
        "the second instance shows the banner: {:?}",
        String::from_utf8_lossy(&second.out.lock().expect("lock"))
    );
    // Practice is refused; then q quits.
    second.send(b"\r");
    std::thread::sleep(std::time::Duration::from_millis(300));
    second.send(b"q");
    let status = second.ended().expect("q ends the second instance");
    assert!(status.success(), "{status:?}");
    assert_eq!(std::fs::read(&progress).expect("progress.json"), before);
    assert_eq!(inode(&progress), ino, "the read-only instance rewrote progress.json");
    first.send(b"q");
    let status = first.ended().expect("q ends the first instance");
    assert!(status.success(), "{status:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
