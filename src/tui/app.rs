//! The application state: what each screen shows, kept apart from drawing (views/) and from
//! key handling (update.rs), so both can be tested without a terminal.

use std::cell::Cell;

use crate::bank::{Bank, Choice, Instance, Kind, Question};
use crate::lang::eval::trace::Step;
use crate::lang::session::Session as LangSession;
use crate::quiz::feedback::Feedback;
use crate::quiz::version::ExamVersion;
use crate::quiz::{Fsrs, Item, Mode, Session, Store};

use super::keymap::Ctx;
use super::text::TextInput;
use super::theme::Theme;

/// The clock: the system's, or one a test sets and advances.
#[derive(Debug)]
pub struct Clock {
    manual: Option<Cell<u64>>,
}

impl Clock {
    /// The system clock.
    pub fn system() -> Clock {
        Clock { manual: None }
    }
    /// A clock fixed at `unix_ms` until advanced.
    pub fn fixed(unix_ms: u64) -> Clock {
        Clock {
            manual: Some(Cell::new(unix_ms)),
        }
    }
    /// Moves a fixed clock on by `ms` (no effect on the system clock).
    pub fn advance(&self, ms: u64) {
        if let Some(c) = &self.manual {
            c.set(c.get() + ms);
        }
    }
    /// Milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> u64 {
        match &self.manual {
            Some(c) => c.get(),
            None => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis() as u64)
                .unwrap_or(0),
        }
    }
    /// Seconds since the Unix epoch.
    pub fn now_secs(&self) -> u64 {
        self.now_ms() / 1000
    }
}

/// The screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The menu and the topics.
    Home,
    /// A question being asked.
    Question,
    /// The verdict on an answer.
    Feedback,
    /// The full evaluation trace of the feedback's question.
    Trace,
    /// An exam's results.
    Summary,
    /// The expression console.
    Playground,
    /// Accuracy over time and per topic.
    Stats,
    /// An exam's questions, to go back to one.
    ExamList,
    /// The misconceptions the learner's wrong answers showed.
    Beliefs,
}

/// A question the app waits on a yes or no for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Finish the exam before every question is answered (or with flags left).
    Finish,
    /// Leave the exam (Esc): finish and save, discard, or keep going.
    Leave,
    /// Quit iacquiz during an exam (`q`): finish and save, discard, or keep going.
    Quit,
    /// Leave a practice question whose answer line holds text (Esc).
    LeaveTyped,
}

/// The home menu's entries, in order.
pub const MENU: [&str; 7] = [
    "Practice",
    "Exam",
    "Review misses",
    "Beliefs to unlearn",
    "Practise my beliefs",
    "Playground",
    "Stats",
];
/// The menu entry that opens Review (Home shows the misses waiting beside it).
pub const REVIEW_ENTRY: usize = 2;
/// The menu entry that lists the beliefs to unlearn (its screen's title says how many are
/// active: the menu is kept narrow for the topics beside it).
pub const BELIEFS_ENTRY: usize = 3;
/// The menu entry that starts a practice of the active beliefs.
pub const PRACTISE_BELIEFS_ENTRY: usize = 4;

/// The home screen's state.
#[derive(Clone, Debug, Default)]
pub struct Home {
    /// The selected menu entry.
    pub selected: usize,
    /// The topic filter (a substring of topic, section or engine).
    pub filter: TextInput,
    /// Whether the filter is being typed.
    pub editing: bool,
    /// The topic list's scroll.
    pub scroll: u16,
}

/// The question being asked.
#[derive(Debug)]
pub struct Asking {
    /// Which question and seed.
    pub item: Item,
    /// The instance.
    pub instance: Instance,
    /// The choices shown (empty for a typed answer).
    pub choices: Vec<Choice>,
    /// The highlighted choice.
    pub selected: usize,
    /// The answer line (typed questions).
    pub input: TextInput,
    /// Why the answer line is not an HCL value, shown inline.
    pub input_error: Option<String>,
    /// The source pane's scroll.
    pub scroll: u16,
    /// When it was shown (ms).
    pub shown_ms: u64,
    /// The question's topic.
    pub topic: String,
    /// The question's difficulty.
    pub difficulty: u8,
    /// An exam: Enter on an empty line was pressed once, so the next one skips.
    pub skip_offered: bool,
    /// Practice: `p` was pressed once; the next press opens the playground and the question
    /// counts as not recalled.
    pub playground_warned: bool,
    /// Practice: the playground was opened before answering, so the answer is recorded as not
    /// recalled whatever it is.
    pub looked_up: bool,
}

impl Asking {
    /// True when the question is answered by typing.
    pub fn typed(&self) -> bool {
        self.instance.kind == Kind::Input
    }
}

/// How many evaluations the playground's history keeps (the oldest go first).
pub const HISTORY_CAP: usize = 200;

/// One evaluation kept in the playground's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// What was typed (or pasted: it may hold newlines).
    pub input: String,
    /// Its value as the console renders it, or the error.
    pub output: Result<String, String>,
}

/// The playground's state.
#[derive(Debug, Default)]
pub struct Playground {
    /// The expression being typed (a paste may put newlines in it).
    pub input: TextInput,
    /// The evaluations kept, oldest first, at most [`HISTORY_CAP`].
    pub history: Vec<Entry>,
    /// The history pane's scroll, in rows up from its end (0: the latest shows).
    pub history_scroll: u16,
    /// The history entry recalled (None: the line being typed).
    pub recalled: Option<usize>,
    /// What the configuration in scope is called (`tf-merge-shallow`), if any.
    pub label: Option<String>,
    /// The configuration text in scope.
    pub config: Option<String>,
    /// The session evaluating (with the question's configuration and files).
    pub session: Option<LangSession>,
    /// Why the configuration does not load.
    pub config_error: Option<String>,
    /// The value of the line as typed: Ok(console rendering) or Err(error text).
    pub result: Option<Result<String, String>>,
    /// The trace of the line as typed (after Enter, of the evaluation just kept).
    pub trace: Vec<Step>,
    /// The value and trace pane's scroll.
    pub scroll: u16,
}

/// Options for starting the app.
#[derive(Debug)]
pub struct Options {
    /// Topics to keep to (empty: all).
    pub topics: Vec<String>,
    /// A session to open straight away.
    pub start: Option<Mode>,
    /// Questions in an exam.
    pub exam_questions: usize,
    /// The seed for drawing instances (tests fix it).
    pub seed: u64,
    /// The clock.
    pub clock: Clock,
    /// The styles.
    pub theme: Theme,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            topics: Vec::new(),
            start: None,
            exam_questions: 10,
            seed: 0,
            clock: Clock::system(),
            theme: Theme::from_env(),
        }
    }
}

/// The whole application.
#[derive(Debug)]
pub struct App {
    /// The question bank.
    pub bank: Bank,
    /// The progress store.
    pub store: Store,
    /// The scheduler.
    pub fsrs: Fsrs,
    /// The clock.
    pub clock: Clock,
    /// The styles.
    pub theme: Theme,
    /// The screen shown.
    pub screen: Screen,
    /// Where Esc returns to from the playground, trace and stats.
    pub back: Vec<Screen>,
    /// Whether the help screen is open, and its scroll.
    pub help: Option<u16>,
    /// The terminal's size (columns, rows) as last drawn: the help's page size comes from it.
    pub size: (u16, u16),
    /// Set when the app should exit.
    pub quit: bool,
    /// A one-line message (a save failure, a finished session).
    pub notice: Option<String>,
    /// Topics given on the command line (empty: all).
    pub topics: Vec<String>,
    /// Questions in an exam.
    pub exam_questions: usize,
    /// Questions in a practice session, and the most misses in a review (`--questions`; None:
    /// the schedule's lengths).
    pub session_questions: Option<usize>,
    /// The home screen.
    pub home: Home,
    /// The session running.
    pub session: Option<Session>,
    /// The question being asked.
    pub asking: Option<Asking>,
    /// The feedback shown, and its scroll.
    pub feedback: Option<Feedback>,
    /// The feedback pane's scroll.
    pub feedback_scroll: u16,
    /// The scroll of the source shown with the feedback.
    pub feedback_source_scroll: u16,
    /// The trace pane's scroll.
    pub trace_scroll: u16,
    /// The exam results' scroll.
    pub summary_scroll: u16,
    /// The question chosen in the exam results (and in the question list).
    pub summary_selected: usize,
    /// The exam question whose feedback is shown from the results (index into the sheet).
    pub walking: Option<usize>,
    /// The yes-or-no question open over the screen.
    pub confirm: Option<Confirm>,
    /// The playground.
    pub playground: Playground,
    /// The stats screen's scroll.
    pub stats_scroll: u16,
    /// The beliefs screen's scroll.
    pub beliefs_scroll: u16,
    /// While practising beliefs: the active beliefs it started with (to say which it retired).
    pub practising: Option<Vec<String>>,
    /// The seed sessions are drawn from; moves on with every session.
    pub seed: u64,
    /// Set when another running iacquiz holds the progress store: the banner shown; nothing
    /// is answered or saved.
    pub read_only: Option<String>,
    /// The Terraform release questions are asked at (kept in the progress store), and the
    /// questions it leaves out.
    pub exam_version: ExamVersion,
}

impl App {
    /// The app over `bank` and `store`, on the home screen (or straight into `options.start`).
    pub fn new(mut bank: Bank, store: Store, options: Options) -> App {
        let mut exam_version = ExamVersion::new(&bank);
        exam_version.set(&mut bank, crate::quiz::version::stored(&store.progress));
        let mut app = App {
            bank,
            store,
            fsrs: Fsrs::default(),
            clock: options.clock,
            theme: options.theme,
            screen: Screen::Home,
            back: Vec::new(),
            help: None,
            size: (80, 24),
            quit: false,
            notice: None,
            topics: options.topics,
            exam_questions: options.exam_questions.max(1),
            session_questions: None,
            home: Home::default(),
            session: None,
            asking: None,
            feedback: None,
            feedback_scroll: 0,
            feedback_source_scroll: 0,
            trace_scroll: 0,
            summary_scroll: 0,
            summary_selected: 0,
            walking: None,
            confirm: None,
            playground: Playground::default(),
            stats_scroll: 0,
            beliefs_scroll: 0,
            practising: None,
            seed: options.seed,
            read_only: None,
            exam_version,
        };
        app.notice = app.exam_version.skip_note();
        if let Some(mode) = options.start {
            super::update::start(&mut app, mode);
        }
        app
    }

    /// The questions in play: an available engine, the command line's topics, the filter.
    pub fn eligible(&self) -> Vec<&Question> {
        let filter = self.home.filter.text.trim().to_lowercase();
        self.bank
            .questions()
            .iter()
            .filter(|q| q.engine.available())
            .filter(|q| !self.exam_version.skips(&q.id))
            .filter(|q| self.topics.is_empty() || self.topics.iter().any(|t| t == &q.topic))
            .filter(|q| {
                filter.is_empty()
                    || q.topic.to_lowercase().contains(&filter)
                    || q.lesson.section.to_lowercase().contains(&filter)
                    || q.engine.name().contains(&filter)
            })
            .collect()
    }

    /// The key contexts that apply now, most specific first.
    pub fn contexts(&self) -> Vec<Ctx> {
        if self.help.is_some() {
            return vec![Ctx::Help, Ctx::Always];
        }
        self.screen_contexts()
    }

    /// The key contexts of the screen shown, the help screen aside (what the help lists).
    pub fn screen_contexts(&self) -> Vec<Ctx> {
        match self.confirm {
            Some(Confirm::Finish) => return vec![Ctx::ExamFinish, Ctx::Keys, Ctx::Always],
            Some(Confirm::Leave) => return vec![Ctx::ExamLeave, Ctx::Keys, Ctx::Always],
            Some(Confirm::Quit) => return vec![Ctx::ExamQuit, Ctx::Keys, Ctx::Always],
            Some(Confirm::LeaveTyped) => return vec![Ctx::LeaveTyped, Ctx::Keys, Ctx::Always],
            None => {}
        }
        let exam = self.session.as_ref().is_some_and(|s| s.sheet.is_some());
        match self.screen {
            Screen::Home if self.home.editing => vec![Ctx::Filter, Ctx::Text, Ctx::Always],
            Screen::Home => vec![Ctx::Home, Ctx::Keys, Ctx::Always],
            Screen::Question => match &self.asking {
                Some(a) if a.typed() && exam => vec![Ctx::ExamInput, Ctx::Input, Ctx::Text, Ctx::Always],
                Some(a) if a.typed() => vec![Ctx::Input, Ctx::Text, Ctx::Always],
                _ if exam => vec![Ctx::ExamChoice, Ctx::Choice, Ctx::Keys, Ctx::Always],
                _ => vec![Ctx::Choice, Ctx::Keys, Ctx::Always],
            },
            Screen::Feedback if self.walking.is_some() => vec![Ctx::Walk, Ctx::Feedback, Ctx::Keys, Ctx::Always],
            Screen::Feedback => vec![Ctx::Feedback, Ctx::Keys, Ctx::Always],
            Screen::ExamList => vec![Ctx::ExamList, Ctx::Keys, Ctx::Always],
            Screen::Trace => vec![Ctx::Trace, Ctx::Keys, Ctx::Always],
            Screen::Summary => vec![Ctx::Summary, Ctx::Keys, Ctx::Always],
            Screen::Playground => vec![Ctx::Playground, Ctx::Text, Ctx::Always],
            Screen::Stats => vec![Ctx::Stats, Ctx::Keys, Ctx::Always],
            Screen::Beliefs => vec![Ctx::Beliefs, Ctx::Keys, Ctx::Always],
        }
    }

    /// True when printable keys type into a line.
    pub fn typing(&self) -> bool {
        self.contexts().contains(&Ctx::Text)
    }

    /// Asks every question at Terraform `version` from now on, keeps it in the progress store,
    /// and says on Home which questions it leaves out (or that none is).
    pub fn set_terraform_version(&mut self, version: crate::lang::dialect::releases::TfVersion) {
        self.exam_version.set(&mut self.bank, version);
        crate::quiz::version::keep(&mut self.store.progress, version);
        let label = crate::quiz::version::label(version);
        let saved = if self.read_only.is_some() {
            Err(format!(
                "Questions are asked at {label} in this window only (read-only: nothing is saved)."
            ))
        } else {
            self.store.save()
        };
        self.notice = Some(match (saved, self.exam_version.skip_note()) {
            (Err(e), _) => e,
            (Ok(()), Some(n)) => n,
            (Ok(()), None) => format!("Questions are asked at {label}; none is skipped."),
        });
    }

    /// The next seed for a session or an instance.
    pub fn next_seed(&mut self) -> u64 {
        self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.seed
    }
}
