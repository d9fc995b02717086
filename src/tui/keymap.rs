//! Every key binding in one table: the context it applies in, its keys, the action and the
//! label the footer and the help screen show.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ctx {
    /// Everywhere, even while typing.
    Always,
    /// Everywhere except while typing.
    Keys,
    /// The home screen.
    Home,
    /// Typing the home screen's topic filter.
    Filter,
    /// A question answered by choosing.
    Choice,
    /// A question answered by typing a value.
    Input,
    /// The feedback after an answer.
    Feedback,
    /// The full evaluation trace.
    Trace,
    /// An exam's results.
    Summary,
    /// The expression playground.
    Playground,
    /// The statistics screen.
    Stats,
    /// The beliefs to unlearn.
    Beliefs,
    /// The help screen.
    Help,
    /// Any line being typed in.
    Text,
    /// An exam question answered by choosing (before [`Ctx::Choice`], whose keys it adds to).
    ExamChoice,
    /// An exam question answered by typing (before [`Ctx::Input`]).
    ExamInput,
    /// The exam's question list.
    ExamList,
    /// Confirming finishing an exam.
    ExamFinish,
    /// Confirming leaving an exam.
    ExamLeave,
    /// Walking through an exam's results, one question's feedback at a time.
    Walk,
    /// `quiz take`: typing the student's name.
    TakeName,
    /// `quiz take`: a question answered by choosing (true/false too).
    TakeChoice,
    /// `quiz take`: a question answered by typing a value.
    TakeInput,
    /// `quiz take`: confirming the submission.
    TakeSubmit,
    /// `quiz take`: confirming quitting before submitting.
    TakeQuit,
    /// `quiz take`: the responses are submitted.
    TakeDone,
    /// Confirming quitting iacquiz during an exam.
    ExamQuit,
    /// Confirming leaving a practice question with a typed line.
    LeaveTyped,
}

impl Ctx {
    /// The heading the help screen gives it.
    pub fn title(self) -> &'static str {
        match self {
            Ctx::Always => "Everywhere",
            Ctx::Keys => "Everywhere but while typing",
            Ctx::Home => "Home",
            Ctx::Filter => "Topic filter",
            Ctx::Choice => "Question (choices)",
            Ctx::Input => "Question (typed answer)",
            Ctx::Feedback => "Feedback",
            Ctx::Trace => "Trace",
            Ctx::Summary => "Exam results",
            Ctx::Playground => "Playground",
            Ctx::Stats => "Stats",
            Ctx::Beliefs => "Beliefs to unlearn",
            Ctx::Help => "Help",
            Ctx::Text => "Typing a line",
            Ctx::ExamChoice => "Exam question (choices; the keys above work too)",
            Ctx::ExamInput => "Exam question (typed; Enter on an empty line, twice, skips)",
            Ctx::ExamList => "Exam: the question list",
            Ctx::ExamFinish => "Exam: finish?",
            Ctx::ExamLeave => "Exam: leave?",
            Ctx::Walk => "Exam results: one question's answer",
            Ctx::TakeName => "Quiz: your name",
            Ctx::TakeChoice => "Quiz question (choices)",
            Ctx::TakeInput => "Quiz question (typed answer)",
            Ctx::TakeSubmit => "Quiz: submit?",
            Ctx::TakeQuit => "Quiz: quit?",
            Ctx::TakeDone => "Quiz submitted",
            Ctx::ExamQuit => "Exam: quit iacquiz?",
            Ctx::LeaveTyped => "Leave with a typed answer?",
        }
    }
}

/// What a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Leave iacquiz at once (Ctrl-C; progress is saved after every answer; a running exam is
    /// ended and its answers saved).
    Quit,
    /// Leave iacquiz (`q`): at once, except during an exam, where it asks first.
    QuitAsk,
    /// Open or close the help screen.
    Help,
    /// Go back (from a question: to Home, ending the session).
    Back,
    /// Move the selection up.
    Up,
    /// Move the selection down.
    Down,
    /// Open the selected entry, or submit.
    Enter,
    /// Choose the answer with this index.
    Pick(usize),
    /// Scroll the main text up.
    ScrollUp,
    /// Scroll the main text down.
    ScrollDown,
    /// Scroll a page up.
    PageUp,
    /// Scroll a page down.
    PageDown,
    /// Scroll to the top.
    Top,
    /// Scroll to the bottom.
    Bottom,
    /// Start typing the topic filter.
    Filter,
    /// Go on to the next question.
    Next,
    /// Open the full evaluation trace.
    Trace,
    /// Open the playground on this question's source.
    Playground,
    /// Recall the previous line (playground history).
    HistoryPrev,
    /// Recall the next line (playground history).
    HistoryNext,
    /// Scroll the source pane beside the feedback down.
    SourceDown,
    /// Scroll the source pane beside the feedback up.
    SourceUp,
    /// Edit the line being typed.
    Edit(Edit),
    /// Go back to the previous question.
    Prev,
    /// Ask to submit the answers.
    Finish,
    /// Say yes to the question asked.
    Confirm,
    /// Take back the answer to this question.
    ClearAnswer,
    /// Leave this question unanswered and go to the next unanswered one.
    Skip,
    /// Flag this question (or take the flag off).
    Flag,
    /// Open the list of every question.
    List,
    /// Throw away what the question asked about (leave the exam without saving).
    Discard,
    /// Ask questions at the next emulated Terraform release (the oldest after the newest).
    NextVersion,
    /// Ask questions at the previous emulated Terraform release.
    PrevVersion,
    /// Give the terminal back and stop as a shell job (`fg` returns); the terminal loop does it
    /// before a key reaches the screens.
    Suspend,
}

impl Ctx {
    /// A sentence the help screen shows under the context's heading.
    pub fn note(self) -> Option<&'static str> {
        match self {
            Ctx::Choice | Ctx::Input => Some(
                "The playground (p, F2 when typing) evaluates the question itself: before you answer, the first press only warns; the second opens it, and the question is then recorded as not recalled, right or not.",
            ),
            Ctx::ExamChoice | Ctx::ExamInput => Some(
                "Nothing is judged or saved until the exam ends; a revisited question can be answered again. Finishing with questions unanswered or flagged, and Esc, ask first.",
            ),
            Ctx::Summary => Some("Per section, a skipped question counts as asked and not right; a question not reached is left out."),
            _ => None,
        }
    }

    /// Contexts whose footer entries this one replaces (an exam question's keys stand in for
    /// the practice question's, which still work but would not fit).
    pub fn footer_hides(self) -> &'static [Ctx] {
        match self {
            Ctx::ExamChoice => &[Ctx::Choice],
            Ctx::ExamInput => &[Ctx::Input],
            Ctx::Walk => &[Ctx::Feedback],
            _ => &[],
        }
    }
}

/// Line-editing operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Delete the character before the cursor.
    Backspace,
    /// Delete the character under the cursor.
    Delete,
    /// Move the cursor left.
    Left,
    /// Move the cursor right.
    Right,
    /// Move the cursor to the start.
    Start,
    /// Move the cursor to the end.
    End,
    /// Delete the whole line.
    Clear,
}

/// One key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The key.
    pub code: KeyCode,
    /// Ctrl, Alt (Shift is part of a character).
    pub mods: KeyModifiers,
}

const fn ch(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        mods: KeyModifiers::NONE,
    }
}
const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        mods: KeyModifiers::CONTROL,
    }
}
const fn ctrlk(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::CONTROL,
    }
}
const fn k(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::NONE,
    }
}

/// One binding.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// Where it applies.
    pub ctx: Ctx,
    /// The keys (any of them).
    pub keys: &'static [Key],
    /// What they do.
    pub action: Action,
    /// What the footer and help say.
    pub label: &'static str,
    /// Shown in the footer (the help screen shows every binding).
    pub footer: bool,
}

const fn b(ctx: Ctx, keys: &'static [Key], action: Action, label: &'static str, footer: bool) -> Binding {
    Binding {
        ctx,
        keys,
        action,
        label,
        footer,
    }
}

use Action as A;
use Ctx as C;
use KeyCode as K;

/// Every binding, most specific contexts first.
pub const BINDINGS: &[Binding] = &[
    b(
        C::Always,
        &[ctrl('c')],
        A::Quit,
        "quit at once (a running exam is scored and saved)",
        false,
    ),
    b(C::Always, &[k(K::F(1))], A::Help, "help", false),
    b(C::Always, &[ctrl('z')], A::Suspend, "suspend (fg to come back)", false),
    b(C::Help, &[k(K::Esc), ch('?'), ch('q')], A::Back, "close help", true),
    b(C::Help, &[ch('j'), k(K::Down)], A::ScrollDown, "scroll down", true),
    b(C::Help, &[ch('k'), k(K::Up)], A::ScrollUp, "scroll up", true),
    b(C::Help, &[k(K::PageDown), ch(' ')], A::PageDown, "page down", true),
    b(C::Help, &[k(K::PageUp)], A::PageUp, "page up", true),
    b(C::Help, &[k(K::Home), ch('g')], A::Top, "top", false),
    b(C::Help, &[k(K::End), ch('G')], A::Bottom, "end", false),
    b(C::Home, &[ch('j'), k(K::Down)], A::Down, "down", true),
    b(C::Home, &[ch('k'), k(K::Up)], A::Up, "up", true),
    b(C::Home, &[k(K::Enter), ch('l')], A::Enter, "open", true),
    b(C::Home, &[ch('/')], A::Filter, "filter topics", true),
    b(C::Home, &[ch('J'), k(K::PageDown)], A::ScrollDown, "scroll topics down", false),
    b(C::Home, &[ch('K'), k(K::PageUp)], A::ScrollUp, "scroll topics up", false),
    b(C::Home, &[k(K::Esc)], A::Back, "clear the filter", false),
    b(C::Home, &[ch('v')], A::NextVersion, "exam's Terraform version: next", false),
    b(C::Home, &[ch('V')], A::PrevVersion, "exam's Terraform version: previous", false),
    b(C::Home, &[ch('q')], A::QuitAsk, "quit", true),
    b(C::Filter, &[k(K::Enter)], A::Enter, "apply filter", true),
    b(C::Filter, &[k(K::Esc)], A::Back, "stop typing", true),
    b(C::Choice, &[ch('a'), ch('1')], A::Pick(0), "answer a)", false),
    b(C::Choice, &[ch('b'), ch('2')], A::Pick(1), "answer b)", false),
    b(C::Choice, &[ch('c'), ch('3')], A::Pick(2), "answer c)", false),
    b(C::Choice, &[ch('d'), ch('4')], A::Pick(3), "answer d)", false),
    b(C::Choice, &[ch('e'), ch('5')], A::Pick(4), "answer e)", false),
    b(C::Choice, &[ch('j'), k(K::Down)], A::Down, "next choice", false),
    b(C::Choice, &[ch('k'), k(K::Up)], A::Up, "previous choice", false),
    b(C::Choice, &[k(K::Enter)], A::Enter, "answer", true),
    b(C::Choice, &[ch('J'), k(K::PageDown)], A::ScrollDown, "scroll", true),
    b(C::Choice, &[ch('K'), k(K::PageUp)], A::ScrollUp, "scroll source up", false),
    b(C::Choice, &[ch('p')], A::Playground, "playground", true),
    b(C::Choice, &[k(K::Esc)], A::Back, "home", true),
    b(C::Input, &[k(K::Enter)], A::Enter, "submit", true),
    b(C::Input, &[k(K::PageDown)], A::ScrollDown, "scroll", true),
    b(C::Input, &[k(K::PageUp)], A::ScrollUp, "scroll source up", false),
    b(C::Input, &[k(K::F(2))], A::Playground, "playground", true),
    b(C::Input, &[k(K::Esc)], A::Back, "home", true),
    b(C::Feedback, &[k(K::Enter), ch('n'), ch(' ')], A::Next, "continue", true),
    b(C::Feedback, &[ch('t')], A::Trace, "full trace", true),
    b(C::Feedback, &[ch('p')], A::Playground, "playground", true),
    b(
        C::Feedback,
        &[ch('j'), k(K::Down), k(K::PageDown)],
        A::ScrollDown,
        "scroll down",
        false,
    ),
    b(C::Feedback, &[ch('k'), k(K::Up), k(K::PageUp)], A::ScrollUp, "scroll up", false),
    b(C::Feedback, &[ch('J')], A::SourceDown, "scroll the source down", false),
    b(C::Feedback, &[ch('K')], A::SourceUp, "scroll the source up", false),
    b(C::Feedback, &[k(K::Esc)], A::Back, "home", true),
    b(C::Trace, &[ch('j'), k(K::Down), k(K::PageDown)], A::ScrollDown, "scroll down", true),
    b(C::Trace, &[ch('k'), k(K::Up), k(K::PageUp)], A::ScrollUp, "scroll up", true),
    b(C::Trace, &[k(K::Esc), ch('t')], A::Back, "back", true),
    b(C::Summary, &[ch('j'), k(K::Down)], A::Down, "next question", true),
    b(C::Summary, &[ch('k'), k(K::Up)], A::Up, "previous question", true),
    b(C::Summary, &[k(K::Enter), ch('l')], A::Enter, "open its answer", true),
    b(C::Summary, &[ch('J'), k(K::PageDown)], A::ScrollDown, "scroll down", false),
    b(C::Summary, &[ch('K'), k(K::PageUp)], A::ScrollUp, "scroll up", false),
    b(C::Summary, &[k(K::Esc)], A::Back, "home", true),
    // A practice exam: skip, flag, move about, finish or leave only after a confirmation.
    b(C::ExamChoice, &[ch('s'), k(K::Tab)], A::Skip, "skip", true),
    b(C::ExamChoice, &[ch('f')], A::Flag, "flag", true),
    b(C::ExamChoice, &[k(K::Left), ch('['), k(K::BackTab)], A::Prev, "prev", true),
    b(C::ExamChoice, &[k(K::Right), ch(']')], A::Next, "next", true),
    b(C::ExamChoice, &[ch('o')], A::List, "list", true),
    b(C::ExamChoice, &[ch('F'), k(K::F(10))], A::Finish, "finish", true),
    b(C::ExamChoice, &[k(K::Esc)], A::Back, "leave", true),
    b(C::ExamInput, &[k(K::Enter)], A::Enter, "submit", true),
    b(C::ExamInput, &[k(K::Tab)], A::Skip, "skip", true),
    b(C::ExamInput, &[k(K::BackTab), ctrl('p')], A::Prev, "prev", true),
    b(C::ExamInput, &[ctrl('n')], A::Next, "next", false),
    b(C::ExamInput, &[k(K::F(3)), ctrl('f')], A::Flag, "flag", true),
    b(C::ExamInput, &[k(K::F(4)), ctrl('o')], A::List, "list", true),
    b(C::ExamInput, &[k(K::F(10))], A::Finish, "finish", true),
    b(C::ExamInput, &[k(K::Esc)], A::Back, "leave", true),
    b(C::ExamList, &[ch('j'), k(K::Down)], A::Down, "down", true),
    b(C::ExamList, &[ch('k'), k(K::Up)], A::Up, "up", true),
    b(C::ExamList, &[k(K::Enter), ch('l')], A::Enter, "go to it", true),
    b(C::ExamList, &[ch('F'), k(K::F(10))], A::Finish, "finish", true),
    b(C::ExamList, &[k(K::Esc), ch('o')], A::Back, "back", true),
    b(
        C::ExamFinish,
        &[ch('y'), k(K::Enter)],
        A::Confirm,
        "finish and see the results",
        true,
    ),
    b(C::ExamFinish, &[ch('n'), k(K::Esc)], A::Back, "keep going", true),
    b(
        C::ExamLeave,
        &[ch('y'), k(K::Enter)],
        A::Confirm,
        "finish now: score and save",
        true,
    ),
    b(C::ExamLeave, &[ch('d')], A::Discard, "discard the exam", true),
    b(C::ExamLeave, &[ch('n'), k(K::Esc)], A::Back, "keep going", true),
    b(C::ExamQuit, &[ch('y'), k(K::Enter)], A::Confirm, "score, save and quit", true),
    b(C::ExamQuit, &[ch('d')], A::Discard, "discard and quit", true),
    b(C::ExamQuit, &[ch('n'), k(K::Esc)], A::Back, "keep going", true),
    b(
        C::LeaveTyped,
        &[ch('y'), k(K::Enter)],
        A::Confirm,
        "leave; the typed line is lost",
        true,
    ),
    b(C::LeaveTyped, &[ch('n'), k(K::Esc)], A::Back, "keep typing", true),
    b(C::Walk, &[k(K::Enter), ch('n'), ch(' ')], A::Next, "next question", true),
    b(C::Walk, &[ch('b'), k(K::BackTab)], A::Prev, "previous", true),
    b(C::Walk, &[k(K::Esc)], A::Back, "results", true),
    b(C::Playground, &[k(K::Enter)], A::Enter, "evaluate", true),
    b(C::Playground, &[k(K::Up)], A::HistoryPrev, "recall", true),
    b(C::Playground, &[k(K::Down)], A::HistoryNext, "recall a later line", false),
    b(C::Playground, &[k(K::PageUp)], A::PageUp, "scroll history", true),
    b(C::Playground, &[k(K::PageDown)], A::PageDown, "scroll history down", false),
    b(C::Playground, &[ctrlk(K::Down)], A::ScrollDown, "scroll value and trace", false),
    b(C::Playground, &[ctrlk(K::Up)], A::ScrollUp, "scroll value and trace up", false),
    b(C::Playground, &[k(K::Esc)], A::Back, "back (keeps the line)", true),
    b(C::Stats, &[ch('j'), k(K::Down)], A::ScrollDown, "scroll down", false),
    b(C::Stats, &[ch('k'), k(K::Up)], A::ScrollUp, "scroll up", false),
    b(C::Stats, &[k(K::Esc)], A::Back, "back", true),
    b(C::Beliefs, &[k(K::Enter), ch('p')], A::Enter, "practise these beliefs", true),
    b(C::Beliefs, &[ch('j'), k(K::Down)], A::ScrollDown, "scroll down", false),
    b(C::Beliefs, &[ch('k'), k(K::Up)], A::ScrollUp, "scroll up", false),
    b(C::Beliefs, &[k(K::Esc)], A::Back, "back", true),
    b(C::Text, &[k(K::Backspace)], A::Edit(Edit::Backspace), "delete back", false),
    b(C::Text, &[k(K::Delete)], A::Edit(Edit::Delete), "delete", false),
    b(C::Text, &[k(K::Left)], A::Edit(Edit::Left), "cursor left", false),
    b(C::Text, &[k(K::Right)], A::Edit(Edit::Right), "cursor right", false),
    b(C::Text, &[k(K::Home), ctrl('a')], A::Edit(Edit::Start), "line start", false),
    b(C::Text, &[k(K::End), ctrl('e')], A::Edit(Edit::End), "line end", false),
    b(C::Text, &[ctrl('u')], A::Edit(Edit::Clear), "clear the line", false),
    // `quiz take`: an exam, so nothing here says right or wrong; every exit saves.
    b(C::TakeName, &[k(K::Enter)], A::Enter, "start", true),
    b(C::TakeName, &[k(K::Esc)], A::Back, "leave", true),
    b(C::TakeChoice, &[ch('a'), ch('1')], A::Pick(0), "answer a)", false),
    b(C::TakeChoice, &[ch('b'), ch('2')], A::Pick(1), "answer b)", false),
    b(C::TakeChoice, &[ch('c'), ch('3')], A::Pick(2), "answer c)", false),
    b(C::TakeChoice, &[ch('d'), ch('4')], A::Pick(3), "answer d)", false),
    b(C::TakeChoice, &[ch('e'), ch('5')], A::Pick(4), "answer e)", false),
    b(C::TakeChoice, &[ch('j'), k(K::Down)], A::Down, "next choice", false),
    b(C::TakeChoice, &[ch('k'), k(K::Up)], A::Up, "previous choice", false),
    b(C::TakeChoice, &[k(K::Enter)], A::Enter, "answer the highlighted choice", false),
    b(C::TakeChoice, &[ch('n'), k(K::Right), k(K::Tab)], A::Next, "next", true),
    b(C::TakeChoice, &[ch('p'), k(K::Left), k(K::BackTab)], A::Prev, "previous", true),
    b(C::TakeChoice, &[ch('x'), k(K::Delete)], A::ClearAnswer, "clear", true),
    b(C::TakeChoice, &[ch('s'), k(K::F(10))], A::Finish, "submit", true),
    b(
        C::TakeChoice,
        &[ch('J'), k(K::PageDown)],
        A::ScrollDown,
        "scroll source down",
        false,
    ),
    b(C::TakeChoice, &[ch('K'), k(K::PageUp)], A::ScrollUp, "scroll source up", false),
    b(C::TakeChoice, &[ch('q'), k(K::Esc)], A::QuitAsk, "quit", true),
    b(C::TakeInput, &[k(K::Enter), k(K::Tab)], A::Next, "next", true),
    b(C::TakeInput, &[k(K::BackTab)], A::Prev, "previous", true),
    b(C::TakeInput, &[k(K::F(10))], A::Finish, "submit", true),
    b(C::TakeInput, &[k(K::PageDown)], A::ScrollDown, "scroll source down", false),
    b(C::TakeInput, &[k(K::PageUp)], A::ScrollUp, "scroll source up", false),
    b(C::TakeInput, &[k(K::Esc)], A::Back, "quit", true),
    b(C::TakeSubmit, &[ch('y'), k(K::Enter)], A::Confirm, "submit", true),
    b(C::TakeSubmit, &[ch('n'), k(K::Esc)], A::Back, "keep answering", true),
    b(C::TakeSubmit, &[ch('j'), k(K::Down)], A::ScrollDown, "scroll down", false),
    b(C::TakeSubmit, &[ch('k'), k(K::Up)], A::ScrollUp, "scroll up", false),
    b(C::TakeQuit, &[ch('y')], A::Confirm, "quit, saving the answers", true),
    b(C::TakeQuit, &[ch('n'), k(K::Esc)], A::Back, "keep answering", true),
    b(C::TakeDone, &[k(K::Enter), k(K::Esc)], A::Enter, "leave", true),
    b(C::Keys, &[ch('?')], A::Help, "help", true),
    b(C::Keys, &[ch('q')], A::QuitAsk, "quit (asks during an exam)", false),
];

/// The rule Esc and `q` keep on every screen (the help screen's footer says it).
pub const ESC_Q_RULE: &str = "Esc goes back one level, and asks before it would end an exam or lose a typed line. q quits wherever you are not typing (in a text field q is a letter); during an exam it asks first.";

fn matches(key: &Key, ev: &KeyEvent) -> bool {
    match (key.code, ev.code) {
        // Shift is part of the character itself.
        (KeyCode::Char(a), KeyCode::Char(c)) => {
            let mods = ev.modifiers - KeyModifiers::SHIFT;
            (a == c || (key.mods.contains(KeyModifiers::CONTROL) && a.eq_ignore_ascii_case(&c))) && mods == key.mods
        }
        (a, c) => a == c && ev.modifiers - KeyModifiers::SHIFT == key.mods,
    }
}

/// The action of the first binding for `ev` in `ctxs` (searched in that order).
pub fn lookup(ctxs: &[Ctx], ev: &KeyEvent) -> Option<Action> {
    ctxs.iter()
        .find_map(|c| BINDINGS.iter().find(|b| b.ctx == *c && b.keys.iter().any(|k| matches(k, ev))))
        .map(|b| b.action)
}

/// A key's name as the footer and help write it.
pub fn key_name(k: &Key) -> String {
    let base = match k.code {
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) if k.mods.contains(KeyModifiers::CONTROL) => c.to_ascii_uppercase().to_string(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Enter => "Enter".into(),
        KeyCode::Esc => "Esc".into(),
        KeyCode::Up => "↑".into(),
        KeyCode::Down => "↓".into(),
        KeyCode::Left => "←".into(),
        KeyCode::Right => "→".into(),
        KeyCode::PageUp => "PgUp".into(),
        KeyCode::PageDown => "PgDn".into(),
        KeyCode::Home => "Home".into(),
        KeyCode::End => "End".into(),
        KeyCode::Backspace => "Backspace".into(),
        KeyCode::Delete => "Del".into(),
        KeyCode::Tab => "Tab".into(),
        KeyCode::BackTab => "Shift-Tab".into(),
        KeyCode::F(n) => format!("F{n}"),
        other => format!("{other:?}"),
    };
    if k.mods.contains(KeyModifiers::CONTROL) {
        format!("Ctrl-{base}")
    } else {
        base
    }
}

/// The keys of a binding joined (`j/↓`).
pub fn keys_text(b: &Binding) -> String {
    b.keys.iter().map(key_name).collect::<Vec<_>>().join("/")
}

/// The footer's entries for `ctxs`: (keys, label), the answer letters folded into one
/// (`a-d` for four choices).
pub fn footer(ctxs: &[Ctx], choices: usize) -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    let hidden: Vec<Ctx> = ctxs.iter().flat_map(|c| c.footer_hides().iter().copied()).collect();
    for c in ctxs.iter().filter(|c| !hidden.contains(c)) {
        if matches!(c, Ctx::Choice | Ctx::TakeChoice | Ctx::ExamChoice) && choices > 0 {
            let last = (b'a' + (choices.min(5) as u8 - 1)) as char;
            out.push((format!("a-{last}"), "answer"));
        }
        for b in BINDINGS.iter().filter(|b| b.ctx == *c && b.footer) {
            out.push((b.keys.first().map(key_name).unwrap_or_default(), b.label));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The context chains `quiz take` looks keys up in (as `Take::contexts` gives them).
    const TAKE_CHAINS: &[&[Ctx]] = &[
        &[Ctx::TakeName, Ctx::Text, Ctx::Always],
        &[Ctx::TakeChoice, Ctx::Keys, Ctx::Always],
        &[Ctx::TakeInput, Ctx::Text, Ctx::Always],
        &[Ctx::TakeSubmit, Ctx::Keys, Ctx::Always],
        &[Ctx::TakeQuit, Ctx::Keys, Ctx::Always],
        &[Ctx::TakeDone, Ctx::Keys, Ctx::Always],
    ];

    #[test]
    fn no_take_key_is_bound_twice_and_typing_keeps_every_character() {
        for chain in TAKE_CHAINS {
            let keys: Vec<(Ctx, Key, Action)> = chain
                .iter()
                .flat_map(|c| BINDINGS.iter().filter(move |b| b.ctx == *c))
                .flat_map(|b| b.keys.iter().map(move |k| (b.ctx, *k, b.action)))
                .collect();
            for (i, (c, k, a)) in keys.iter().enumerate() {
                // The same key for the same action further down the chain (q) shadows nothing.
                if let Some((c2, _, _)) = keys[i + 1..].iter().find(|(_, k2, a2)| k2 == k && a2 != a) {
                    panic!("{} is bound in {c:?} and again in {c2:?}", key_name(k));
                }
                let printable = matches!(k.code, KeyCode::Char(_)) && k.mods == KeyModifiers::NONE;
                assert!(
                    !(chain.contains(&Ctx::Text) && printable),
                    "{} is bound in {c:?}, so it cannot be typed there",
                    key_name(k)
                );
            }
        }
    }

    /// The practice app's exam chains (as `App::contexts` gives them).
    const EXAM_CHAINS: &[&[Ctx]] = &[
        &[Ctx::ExamChoice, Ctx::Choice, Ctx::Keys, Ctx::Always],
        &[Ctx::ExamInput, Ctx::Input, Ctx::Text, Ctx::Always],
        &[Ctx::ExamList, Ctx::Keys, Ctx::Always],
        &[Ctx::ExamFinish, Ctx::Keys, Ctx::Always],
        &[Ctx::ExamLeave, Ctx::Keys, Ctx::Always],
        &[Ctx::ExamQuit, Ctx::Keys, Ctx::Always],
        &[Ctx::Walk, Ctx::Feedback, Ctx::Keys, Ctx::Always],
    ];

    #[test]
    fn exam_keys_leave_every_character_typeable_and_their_footers_fit() {
        for chain in EXAM_CHAINS {
            let own: Vec<Key> = BINDINGS
                .iter()
                .filter(|b| b.ctx == chain[0])
                .flat_map(|b| b.keys.iter().copied())
                .collect();
            for (i, k) in own.iter().enumerate() {
                assert!(!own[i + 1..].contains(k), "{} is bound twice in {:?}", key_name(k), chain[0]);
                let printable = matches!(k.code, KeyCode::Char(_)) && k.mods == KeyModifiers::NONE;
                assert!(
                    !(chain.contains(&Ctx::Text) && printable),
                    "{} is bound in {:?}, so it cannot be typed there",
                    key_name(k),
                    chain[0]
                );
            }
            let width: usize = footer(chain, 4)
                .iter()
                .map(|(k, l)| k.chars().count() + 1 + l.chars().count() + 2)
                .sum();
            assert!(width <= 82, "the footer of {:?} is {width} columns", chain[0]);
        }
        // The exam's keys win over the practice question's (Esc asks instead of leaving).
        let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
        assert_eq!(lookup(EXAM_CHAINS[0], &esc), Some(Action::Back));
        assert_eq!(
            BINDINGS
                .iter()
                .find(|b| b.ctx == Ctx::ExamChoice && b.keys.contains(&k(KeyCode::Esc)))
                .map(|b| b.label),
            Some("leave")
        );
        let tab = KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE);
        assert_eq!(lookup(EXAM_CHAINS[1], &tab), Some(Action::Skip));
    }

    #[test]
    fn the_take_footer_names_every_way_out() {
        let labels = |chain: &[Ctx], n| footer(chain, n).into_iter().map(|(k, l)| format!("{k} {l}")).collect::<Vec<_>>();
        assert_eq!(
            labels(TAKE_CHAINS[1], 4),
            ["a-d answer", "n next", "p previous", "x clear", "s submit", "q quit", "? help"]
        );
        assert_eq!(
            labels(TAKE_CHAINS[2], 0),
            ["Enter next", "Shift-Tab previous", "F10 submit", "Esc quit"]
        );
    }
}
