//! The terminal and the command line around the TUI (#19 point 7): `--questions`, TERM=dumb,
//! colour depth, `--help`, and SIGTERM restoring the terminal.

use crate::drive;

use drive::press;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};

use crossterm::event::KeyCode;
use iacquiz::bank::Bank;
use iacquiz::quiz::Mode;
use iacquiz::quiz::progress::Store;
use iacquiz::tui::palette::{BASIC, Depth};
use iacquiz::tui::theme::Theme;
use iacquiz::tui::{App, Clock, Options, draw_frame, update};
use ratatui::style::Color;

const T0: u64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("iacquiz-term-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn app(name: &str, color: bool) -> App {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tui-bank");
    let bank = Bank::load_dirs(&[dir]).expect("the fixture bank loads");
    let store = Store::open(&temp_dir(name)).expect("store").store;
    App::new(
        bank,
        store,
        Options {
            seed: 7,
            clock: Clock::fixed(T0),
            theme: Theme { color },
            start: None,
            exam_questions: 4,
            topics: Vec::new(),
        },
    )
}

/// Answers the question shown right.
fn answer_right(app: &mut App) {
    let a = app.asking.as_ref().expect("a question is shown");
    if a.choices.is_empty() {
        let text = a.instance.correct_answer().expect("a right answer").text;
        for c in text.chars() {
            press(app, KeyCode::Char(c));
        }
        press(app, KeyCode::Enter);
    } else {
        let i = a.choices.iter().position(|c| c.correct).expect("a right choice");
        press(app, KeyCode::Char((b'a' + i as u8) as char));
    }
}

fn bin(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_iacquiz"));
    c.args(args).stdin(Stdio::null());
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("the binary runs")
}

#[test]
fn questions_zero_is_refused_for_every_mode() {
    for mode in ["practice", "review", "exam"] {
        let out = bin(&[mode, "--questions", "0"], &[]);
        assert_eq!(out.status.code(), Some(2), "{mode}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("'0' for '--questions <N>'"), "{mode}: {err}");
        assert!(err.contains("at least 1 question"), "{mode}: {err}");
    }
}

#[test]
fn practice_with_two_questions_ends_after_two() {
    let mut app = app("practice-two", false);
    app.session_questions = Some(2);
    update::start(&mut app, Mode::Practice);
    assert_eq!(app.session.as_ref().map(|s| s.queue.len()), Some(2));
    for _ in 0..2 {
        assert!(app.session.is_some(), "still in the session");
        answer_right(&mut app);
        press(&mut app, KeyCode::Enter);
    }
    assert!(app.session.is_none(), "the session ended after two answers");
    assert_eq!(app.notice.as_deref(), Some("Practice done: 2 of 2 right."));
    // Without the option practice is longer than two questions on this bank.
    let mut app = self::app("practice-default", false);
    update::start(&mut app, Mode::Practice);
    assert!(app.session.as_ref().is_some_and(|s| s.queue.len() > 2));
}

#[test]
fn term_dumb_is_refused_before_the_terminal_is_touched() {
    let out = bin(&["practice"], &[("TERM", "dumb")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("TERM=dumb"), "{err}");
    assert!(err.contains("quiz take --plain"), "{err}");
    assert!(out.stdout.is_empty(), "nothing written to the terminal");
}

#[test]
fn help_says_which_command_opens_the_tui() {
    let out = bin(&["--help"], &[]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("`iacquiz` with no command opens it"), "{text}");
    assert!(text.contains("`iacquiz practice`"), "{text}");
}

/// Every colour drawn on the Home screen and on a question, at `depth`.
fn colours(depth: Depth) -> Vec<Color> {
    let mut app = app(&format!("depth-{depth:?}"), true);
    let mut seen = Vec::new();
    for step in 0..2 {
        if step == 1 {
            update::start(&mut app, Mode::Practice);
        }
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).expect("terminal");
        t.draw(|f| draw_frame(f, &app, depth)).expect("draw");
        for cell in t.backend().buffer().content.iter() {
            for c in [cell.fg, cell.bg] {
                if !seen.contains(&c) {
                    seen.push(c);
                }
            }
        }
    }
    seen
}

#[test]
fn eight_colour_terminals_get_only_the_eight_basic_colours() {
    let full = colours(Depth::Full);
    assert!(
        full.iter().any(|c| *c != Color::Reset && !BASIC.contains(c)),
        "the full theme uses a colour outside the eight: {full:?}"
    );
    let basic = colours(Depth::Basic);
    assert!(basic.iter().any(|c| BASIC.contains(c)), "still in colour: {basic:?}");
    for c in &basic {
        assert!(*c == Color::Reset || BASIC.contains(c), "{c:?} on an 8-colour terminal");
    }
    assert_eq!(colours(Depth::Mono), vec![Color::Reset]);
}

#[test]
fn sigterm_and_sighup_restore_the_terminal() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: `script` (util-linux) is not installed");
        return;
    }
    signal_restores("TERM", 143);
    signal_restores("HUP", 129);
}

/// Runs the TUI under a pseudo-terminal (`script`), sends SIG`sig` once it is on the alternate
/// screen, and checks it left it and exited with `code` (128 + the signal).
fn signal_restores(sig: &str, code: i32) {
    let dir = temp_dir(&format!("sig{sig}"));
    let pidfile = dir.join("pid");
    let cmd = format!(
        "echo $$ > '{}'; exec '{}' practice",
        pidfile.display(),
        env!("CARGO_BIN_EXE_iacquiz")
    );
    let mut child = Command::new("script")
        .args(["-qfec", &cmd, "/dev/null"])
        .env("TERM", "xterm")
        .env("IACQUIZ_DATA_DIR", dir.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("script runs");
    let out = Arc::new(Mutex::new(Vec::new()));
    let mut stdout = child.stdout.take().expect("stdout");
    let sink = Arc::clone(&out);
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().expect("lock").extend_from_slice(&buf[..n]);
        }
    });
    let has = |needle: &[u8]| out.lock().expect("lock").windows(needle.len()).any(|w| w == needle);
    // Wait (bounded) for the first frame; this is a wait, not a timing assertion. `script` is
    // no real terminal: the cursor position query (ESC[6n) is answered here, as one would.
    let mut stdin = child.stdin.take().expect("stdin");
    let mut answered = false;
    for _ in 0..600 {
        if !answered && has(b"\x1b[6n") {
            stdin.write_all(b"\x1b[1;1R").expect("answer the cursor query");
            stdin.flush().expect("flush");
            answered = true;
        }
        if answered && has(b"\x1b[?1049h") && has(b"\x1b[?25l") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(has(b"\x1b[?1049h"), "the TUI started");
    // A moment for the loop to be waiting on a key, where a signal is most likely to come.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let pid = std::fs::read_to_string(&pidfile).expect("pid file").trim().to_string();
    let killed = Command::new("kill")
        .args([&format!("-{sig}"), pid.as_str()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = child.wait().expect("script ends");
    drop(stdin);
    let _ = reader.join();
    let text = out.lock().expect("lock").clone();
    let enter = text.windows(8).rposition(|w| w == b"\x1b[?1049h").expect("entered");
    let leave = text.windows(8).rposition(|w| w == b"\x1b[?1049l");
    assert!(leave.is_some_and(|l| l > enter), "SIG{sig}: the alternate screen was left");
    // Bracketed paste was switched on with the screen and is off again.
    let paste_on = text.windows(8).rposition(|w| w == b"\x1b[?2004h").expect("bracketed paste on");
    let paste_off = text.windows(8).rposition(|w| w == b"\x1b[?2004l");
    assert!(
        paste_off.is_some_and(|l| l > paste_on),
        "SIG{sig}: bracketed paste was switched off"
    );
    assert_eq!(
        status.code(),
        Some(code),
        "SIG{sig}: exit status 128 + the signal; output ended {:?}",
        String::from_utf8_lossy(&text[text.len().saturating_sub(300)..])
    );
}

/// What a pseudo-terminal session under `script` printed so far, read on a thread.
struct Pty {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    out: Arc<Mutex<Vec<u8>>>,
    reader: Option<std::thread::JoinHandle<()>>,
    /// Cursor position queries answered so far.
    answered: usize,
}

impl Pty {
    fn spawn(cmd: &str, data: &Path, term: &str) -> Pty {
        let mut child = Command::new("script")
            .args(["-qfc", cmd, "/dev/null"])
            .env("TERM", term)
            .env("IACQUIZ_DATA_DIR", data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("script runs");
        let out = Arc::new(Mutex::new(Vec::new()));
        let mut stdout = child.stdout.take().expect("stdout");
        let sink = Arc::clone(&out);
        let reader = std::thread::spawn(move || {
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
            reader: Some(reader),
            answered: 0,
        }
    }

    fn text(&self) -> Vec<u8> {
        self.out.lock().expect("lock").clone()
    }

    fn send(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write to the pty");
        self.stdin.flush().expect("flush");
    }

    /// Waits (bounded, not a timing assertion) until `needle` appears after byte `from`,
    /// answering cursor position queries meanwhile; its position, if it came.
    fn wait_for(&mut self, needle: &[u8], from: usize) -> Option<usize> {
        for _ in 0..400 {
            let text = self.text();
            let queries = text.windows(4).filter(|w| w == b"\x1b[6n").count();
            while self.answered < queries {
                self.send(b"\x1b[1;1R");
                self.answered += 1;
            }
            if let Some(p) = text.get(from..).and_then(|t| t.windows(needle.len()).position(|w| w == needle)) {
                return Some(from + p);
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
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
    }
}

/// Ctrl-Z under an interactive shell: the terminal is given back and the job stops; `fg`
/// takes the terminal again; Ctrl-C then quits normally.
#[test]
fn ctrl_z_suspends_and_fg_comes_back() {
    let have = |p: &str| Command::new(p).arg("--version").output().is_ok_and(|o| o.status.success());
    if !have("script") || !have("bash") {
        eprintln!("skipped: `script` or `bash` is not installed");
        return;
    }
    let dir = temp_dir("ctrlz");
    let mut pty = Pty::spawn("bash --norc --noprofile -i", &dir.join("data"), "xterm");
    pty.send(format!("'{}' practice\n", env!("CARGO_BIN_EXE_iacquiz")).as_bytes());
    let entered = pty.wait_for(b"\x1b[?1049h", 0).expect("the TUI started");
    pty.wait_for(b"\x1b[?25l", entered).expect("the first frame");
    std::thread::sleep(std::time::Duration::from_millis(300));
    pty.send(b"\x1a");
    let stopped = pty.wait_for(b"Stopped", entered).expect("the job stopped");
    let left = pty.wait_for(b"\x1b[?1049l", entered).expect("the alternate screen was left");
    assert!(left < stopped, "left before stopping");
    // Typed at the prompt, as a person would, once the shell shows it again.
    // (bash's readline turns bracketed paste on with each prompt; a shell without it gets the
    // bounded wait, then the line anyway.)
    let _ = pty.wait_for(b"\x1b[?2004h", stopped);
    std::thread::sleep(std::time::Duration::from_millis(200));
    pty.send(b"fg\n");
    if pty.wait_for(b"\x1b[?1049h", stopped).is_none() {
        let text = pty.text();
        panic!(
            "not back on the alternate screen after fg: {:?}",
            String::from_utf8_lossy(&text[stopped..])
        );
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    pty.send(b"\x03");
    std::thread::sleep(std::time::Duration::from_millis(300));
    pty.send(b"echo rc=$?\n");
    let after = pty.text().len();
    assert!(pty.wait_for(b"rc=0", after).is_some(), "quit normally after coming back");
    pty.send(b"exit\n");
}

/// `quiz take` on a terminal with TERM=dumb uses its line-by-line mode instead of the TUI.
#[test]
fn quiz_take_on_a_dumb_terminal_asks_line_by_line() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: `script` (util-linux) is not installed");
        return;
    }
    let dir = temp_dir("dumb-take");
    let quiz = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/quiz/golden/quiz.json");
    let cmd = format!(
        "'{}' quiz take '{}' --name x --out '{}'",
        env!("CARGO_BIN_EXE_iacquiz"),
        quiz.display(),
        dir.display()
    );
    let mut pty = Pty::spawn(&cmd, &dir.join("data"), "dumb");
    for _ in 0..40 {
        pty.send(b"-\n");
    }
    let done = pty.wait_for(b"Responses written to", 0);
    let text = pty.text();
    assert!(done.is_some(), "{}", String::from_utf8_lossy(&text));
    assert!(!text.windows(8).any(|w| w == b"\x1b[?1049h"), "no alternate screen");
}
