//! `iacquiz quiz take` in the TUI's exam mode: a [`Sitting`] of one quiz variant with what the
//! screen needs around it (the phase, the highlighted choice and the typed line of each
//! question, scrolls, help). Keys change it in `update` (through the one binding table), the
//! terminal loop is in `run`, drawing in `views::take`. Nothing here says right or wrong.

pub mod run;
pub mod update;

use std::path::{Path, PathBuf};

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::instructor::model::{Format, Quiz};
use crate::instructor::save::ResponsesFile;
use crate::instructor::sitting::Sitting;
use crate::instructor::{QuizError, Responses};

use super::keymap::Ctx;
use super::text::TextInput;
use super::theme::Theme;

/// Where the student is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Typing their name (only when `--name` is not given).
    Name,
    /// Answering a question.
    Question,
    /// Asked to confirm the submission.
    Submit,
    /// Asked to confirm quitting before submitting.
    Quit,
    /// Submitted: the responses are written.
    Done,
}

/// The quiz being taken, as the screen shows it.
#[derive(Debug)]
pub struct Take {
    /// The answers and the clock.
    pub sitting: Sitting,
    /// Where the student is.
    pub phase: Phase,
    /// The name being typed.
    pub name: TextInput,
    /// The highlighted choice of each question.
    pub highlight: Vec<usize>,
    /// The typed line of each question.
    pub inputs: Vec<TextInput>,
    /// The source pane's scroll.
    pub scroll: u16,
    /// The submission list's scroll.
    pub list_scroll: u16,
    /// Whether the help screen is open, and its scroll.
    pub help: Option<u16>,
    /// The terminal's size (columns, rows) as last drawn: the help's page size comes from it.
    pub size: (u16, u16),
    /// A one-line message until the next key.
    pub notice: Option<String>,
    /// The styles.
    pub theme: Theme,
    /// The folder responses-NAME.json goes into.
    pub out: PathBuf,
    /// The sitting's responses file (made by the first save, replaced by later ones).
    pub file: ResponsesFile,
    /// The latest write of the responses: where, or why it failed (shown on the status line
    /// until a write succeeds).
    pub saved: Option<Result<PathBuf, String>>,
    /// Set when the loop should end.
    pub quit: bool,
    /// Answers changed since the latest write.
    pub dirty: bool,
}

impl Take {
    /// Variant `variant` of `quiz`, answered into `out`; with a name it starts at once (at
    /// `now_ms`), without one it asks for it first. A usage error for a variant the quiz lacks.
    pub fn new(quiz: &Quiz, variant: usize, name: Option<&str>, out: &Path, theme: Theme, now_ms: u64) -> Result<Take, QuizError> {
        let mut sitting = Sitting::new(quiz, variant, name.unwrap_or(""))?;
        let n = sitting.len();
        let phase = match name {
            Some(_) => {
                sitting.start(now_ms);
                Phase::Question
            }
            None => Phase::Name,
        };
        Ok(Take {
            sitting,
            phase,
            name: TextInput::default(),
            highlight: vec![0; n],
            inputs: vec![TextInput::default(); n],
            scroll: 0,
            list_scroll: 0,
            help: None,
            size: (80, 24),
            notice: None,
            theme,
            out: out.to_path_buf(),
            file: ResponsesFile::new(out),
            saved: None,
            quit: false,
            dirty: false,
        })
    }

    /// True when the question shown is answered by typing.
    pub fn typed(&self) -> bool {
        self.sitting.item().is_some_and(|i| i.format == Format::Shortanswer)
    }

    /// The key contexts that apply now, most specific first.
    pub fn contexts(&self) -> Vec<Ctx> {
        if self.help.is_some() {
            return vec![Ctx::Help, Ctx::Always];
        }
        self.screen_contexts()
    }

    /// The key contexts of the phase shown, the help screen aside (what the help lists).
    pub fn screen_contexts(&self) -> Vec<Ctx> {
        match self.phase {
            Phase::Name => vec![Ctx::TakeName, Ctx::Text, Ctx::Always],
            Phase::Question if self.typed() => vec![Ctx::TakeInput, Ctx::Text, Ctx::Always],
            Phase::Question => vec![Ctx::TakeChoice, Ctx::Keys, Ctx::Always],
            Phase::Submit => vec![Ctx::TakeSubmit, Ctx::Keys, Ctx::Always],
            Phase::Quit => vec![Ctx::TakeQuit, Ctx::Keys, Ctx::Always],
            Phase::Done => vec![Ctx::TakeDone, Ctx::Keys, Ctx::Always],
        }
    }

    /// True when printable keys type into a line.
    pub fn typing(&self) -> bool {
        self.contexts().contains(&Ctx::Text)
    }

    /// The responses as they stand.
    pub fn responses(&self) -> Responses {
        self.sitting.responses()
    }

    /// Writes the responses (atomically) into the out folder; the outcome is kept for the
    /// screen, and a failure shown at once. The answers stay here and stay unsaved, so the
    /// next change (or leaving) tries again.
    pub fn save(&mut self) -> Result<PathBuf, QuizError> {
        let r = self.file.save(&self.responses());
        match &r {
            Ok(p) => {
                self.dirty = false;
                self.saved = Some(Ok(p.clone()));
            }
            Err(e) => {
                self.notice = Some(format!("Could not save the answers: {e}"));
                self.saved = Some(Err(e.to_string()));
            }
        }
        r
    }
}

/// Draws `take` once on a `width`×`height` test backend and returns the screen as text.
pub fn render_text(take: &Take, width: u16, height: u16) -> String {
    match Terminal::new(TestBackend::new(width, height)) {
        Ok(mut t) => match t.draw(|f| super::views::take::draw(f, take)) {
            Ok(_) => t.backend().to_string(),
            Err(e) => format!("draw failed: {e}"),
        },
        Err(e) => format!("no terminal: {e}"),
    }
}
