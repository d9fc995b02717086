//! The terminal UI (ratatui + crossterm): state in `app`, key handling in `update` (through
//! the one binding table in `keymap`), drawing in `views`. This file runs the terminal: it
//! refuses to start without a TTY, restores the terminal on every exit path and on panic,
//! and holds the progress store's lock while it runs. `take` is `quiz take`'s exam screen,
//! over a quiz.json rather than the bank (no progress store).

pub mod app;
pub mod highlight;
pub mod keymap;
pub mod palette;
pub mod sgr;
pub mod signals;
pub mod take;
pub mod text;
pub mod theme;
pub mod update;
pub mod views;

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crossterm::event::{self, DisableBracketedPaste, EnableBracketedPaste, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::backend::CrosstermBackend;
use ratatui::{Frame, Terminal};

use crate::bank::Bank;
use crate::quiz::Mode;
use crate::quiz::lock::{Lock, LockError};
use crate::quiz::progress::{Opened, Store, data_dir};

pub use app::{App, Clock, Options, Screen};

/// What to open the TUI on.
#[derive(Debug, Default)]
pub struct Launch {
    /// Bank folders (empty: the embedded bank).
    pub banks: Vec<PathBuf>,
    /// Topics to keep to.
    pub topics: Vec<String>,
    /// A session to start in.
    pub mode: Option<Mode>,
    /// Questions in the session (`--questions`; None: each mode's default).
    pub questions: Option<usize>,
    /// The exam's Terraform release (`--terraform-version`; None: the one kept in the store).
    pub terraform_version: Option<String>,
}

/// Loads the bank for `banks` (the embedded one when empty), as a message on failure.
pub fn load_bank(banks: &[PathBuf]) -> Result<Bank, String> {
    let r = if banks.is_empty() {
        Bank::load_embedded()
    } else {
        Bank::load_dirs(banks)
    };
    r.map_err(|e| e.0.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("\n"))
}

/// Checks `topics` against the bank; the message lists the known ones.
pub fn check_topics(bank: &Bank, topics: &[String]) -> Result<(), String> {
    let known: Vec<&str> = {
        let mut k: Vec<&str> = bank.questions().iter().map(|q| q.topic.as_str()).collect();
        k.dedup();
        k.sort();
        k.dedup();
        k
    };
    for t in topics {
        if !known.contains(&t.as_str()) {
            return Err(format!("--topic {t}: no such topic (known: {})", known.join(", ")));
        }
    }
    Ok(())
}

/// Why the terminal cannot run a full-screen UI, from TERM: `dumb` (Emacs shell buffers, some
/// CI consoles) does not move the cursor, so raw mode and redraws would only print noise.
pub fn unusable_term(term: Option<&str>) -> Option<String> {
    match term {
        Some("dumb") => Some("TERM=dumb: this terminal cannot show the full-screen TUI".into()),
        _ => None,
    }
}

/// Runs the TUI; returns the exit code (0 on quitting, 2 without a terminal, on TERM=dumb, or
/// when the bank or the progress store cannot be used; 128 + the signal after SIGTERM/SIGHUP).
pub fn run(launch: Launch) -> i32 {
    // Refused before the terminal is touched, so the shell is left as it was.
    if let Some(why) = unusable_term(std::env::var("TERM").ok().as_deref()) {
        eprintln!(
            "iacquiz: {why}.\n\
             Use a terminal that moves the cursor (TERM=xterm, linux, screen...), or the line-by-line\n\
             commands: `iacquiz quiz take --plain QUIZ`, `iacquiz eval`, `iacquiz stats`, `iacquiz check`."
        );
        return 2;
    }
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        eprintln!(
            "iacquiz: the practice TUI needs a terminal (standard input and output are not a TTY).\n\
             For scripts and CI use `iacquiz check`, `iacquiz stats` or `iacquiz eval`."
        );
        return 2;
    }
    let bank = match load_bank(&launch.banks).and_then(|b| check_topics(&b, &launch.topics).map(|_| b)) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("iacquiz: {e}");
            return 2;
        }
    };
    let opened = data_dir().and_then(|dir| open_store(&dir));
    let (opened, lock) = match opened {
        Ok(x) => x,
        Err(e) => {
            eprintln!("iacquiz: {e}");
            return 2;
        }
    };
    for n in &opened.notices {
        eprintln!("iacquiz: {n}");
    }
    let mut opened = opened;
    // The flag wins over the kept release, and is kept for the next run (a read-only instance
    // uses it for this run only: it writes nothing).
    if let Err(e) = crate::quiz::version::keep_flag(&mut opened.store, launch.terraform_version.as_deref(), lock.is_some()) {
        eprintln!("iacquiz: {e}");
        return 2;
    }
    let mut app = App::new(
        bank,
        opened.store,
        Options {
            topics: launch.topics,
            start: None,
            exam_questions: launch.questions.unwrap_or(10),
            seed: crate::quiz::progress::now_secs() ^ u64::from(std::process::id()),
            ..Options::default()
        },
    );
    // Both are set before the session starts: practice and review keep to the count, and a
    // read-only app refuses to start one.
    app.session_questions = launch.questions;
    if lock.is_none() {
        app.read_only = Some(READ_ONLY_BANNER.into());
    }
    if let Some(mode) = launch.mode {
        update::start(&mut app, mode);
    }
    if let Some(n) = opened.notices.first() {
        app.notice = Some(n.clone());
    }
    let code = match run_terminal(&mut app) {
        Ok(()) => signals::received().map_or(0, signals::exit_code),
        Err(e) => {
            eprintln!("iacquiz: terminal error: {e}");
            1
        }
    };
    if let Err(e) = save_on_exit(&app) {
        eprintln!("iacquiz: {e}");
    }
    drop(lock);
    code
}

/// The banner a read-only instance shows on every screen.
pub const READ_ONLY_BANNER: &str = "read-only: another iacquiz holds your progress (browse and play; answering is off)";

/// Opens the progress store in `dir` with its lock; when another running iacquiz holds the
/// lock, opens it read-only instead (no lock returned: nothing may be written then).
pub fn open_store(dir: &Path) -> Result<(Opened, Option<Lock>), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    match Lock::acquire(dir) {
        Ok(lock) => Store::open(dir).map(|o| (o, Some(lock))),
        Err(LockError::Held { .. }) => Store::open_read_only(dir).map(|o| (o, None)),
        Err(e) => Err(e.to_string()),
    }
}

/// The last save as the TUI closes; a read-only app writes nothing.
pub fn save_on_exit(app: &App) -> Result<(), String> {
    if app.read_only.is_some() {
        return Ok(());
    }
    app.store.save()
}

fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), DisableBracketedPaste, LeaveAlternateScreen, crossterm::cursor::Show);
}

/// True for Ctrl-Z, which raw mode delivers as a key instead of stopping the process.
pub fn is_suspend(k: &KeyEvent) -> bool {
    k.kind != KeyEventKind::Release && k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('z')
}

/// Ctrl-Z: gives the terminal back, stops as a shell job, and on `fg` takes the terminal again
/// and redraws everything (the screen was the shell's meanwhile).
pub fn suspend(terminal: &mut Term) -> io::Result<()> {
    restore();
    signals::stop_self();
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableBracketedPaste)?;
    terminal.clear()
}

/// Waits up to `timeout` for an event; a signal interrupting the wait (SIGTERM, SIGHUP, SIGCONT
/// after Ctrl-Z) counts as no event, so the loop goes round and sees the signal's flag.
pub fn poll(timeout: Duration) -> io::Result<bool> {
    match event::poll(timeout) {
        Err(e) if e.kind() == io::ErrorKind::Interrupted => Ok(false),
        other => other,
    }
}

/// Draws `app` on `frame` brought down to `depth` colours.
pub fn draw_frame(frame: &mut Frame, app: &App, depth: palette::Depth) {
    views::draw(frame, app);
    palette::reduce(frame.buffer_mut(), depth);
}

/// Restores the terminal when dropped (every return path, and unwinding).
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        restore();
    }
}

/// The terminal the screens draw on (standard output, colour codes fitted to its depth).
pub type Term = Terminal<CrosstermBackend<sgr::Out>>;

/// Runs `body` on the alternate screen in raw mode; the terminal is restored on every exit
/// path and on panic.
pub fn with_terminal<T>(body: impl FnOnce(&mut Term) -> io::Result<T>) -> io::Result<T> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    // Dropped after `_restore` (declared first), so a signal that comes while the terminal is
    // being restored is still only a flag.
    let _watch = signals::Watch::start();
    enable_raw_mode()?;
    let _restore = Restore;
    // Bracketed paste: a paste arrives as one event, so its newlines are not Enter presses.
    execute!(io::stdout(), EnterAlternateScreen, EnableBracketedPaste)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(sgr::Out::new(palette::Depth::from_env())))?;
    terminal.clear()?;
    body(&mut terminal)
}

fn run_terminal(app: &mut App) -> io::Result<()> {
    let depth = palette::Depth::from_env();
    with_terminal(|terminal| {
        loop {
            let size = terminal.size()?;
            app.size = (size.width, size.height);
            terminal.draw(|f| draw_frame(f, app, depth))?;
            if app.quit || signals::received().is_some() {
                return Ok(());
            }
            if poll(Duration::from_millis(250))? {
                match event::read()? {
                    Event::Key(k) if is_suspend(&k) => suspend(terminal)?,
                    Event::Key(k) => update::handle_key(app, k),
                    Event::Paste(text) => update::handle_paste(app, &text),
                    Event::Resize(..) => terminal.autoresize()?,
                    _ => {}
                }
            }
            update::tick(app);
        }
    })
}

/// Draws `app` once on a `width`×`height` test backend and returns the screen as text (for
/// snapshot tests and the first-draw benchmark).
pub fn render_text(app: &App, width: u16, height: u16) -> String {
    let backend = ratatui::backend::TestBackend::new(width, height);
    match Terminal::new(backend) {
        Ok(mut t) => match t.draw(|f| views::draw(f, app)) {
            Ok(_) => t.backend().to_string(),
            Err(e) => format!("draw failed: {e}"),
        },
        Err(e) => format!("no terminal: {e}"),
    }
}
