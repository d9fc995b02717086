//! Key → action → new state. Pure with respect to the terminal: every function takes the
//! app and changes it; drawing reads it afterwards.

use std::collections::BTreeMap;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::bank::Kind;
use crate::lang::Rules;
use crate::lang::eval::host::Host;
use crate::lang::session::Session as LangSession;
use crate::quiz::feedback::{self, Given};
use crate::quiz::progress::{Asked, Attempt};
use crate::quiz::session::Answered;
use crate::quiz::{Mode, Session, beliefs, schedule};

use super::app::{App, Asking, BELIEFS_ENTRY, Confirm, Entry, HISTORY_CAP, MENU, PRACTISE_BELIEFS_ENTRY, Playground, REVIEW_ENTRY, Screen};
use super::keymap::{self, Action, Edit};
use super::text::TextInput;

/// Handles one key event.
pub fn handle_key(app: &mut App, ev: KeyEvent) {
    if ev.kind == KeyEventKind::Release {
        return;
    }
    // A key pressed after the exam's time ran out ends it, and does nothing else.
    if exam_expired(app) {
        end_exam(app, Some("Time is up."));
        return;
    }
    // A notice lasts until the next key.
    app.notice = None;
    let ctxs = app.contexts();
    match keymap::lookup(&ctxs, &ev) {
        Some(a) => apply(app, a),
        None if app.typing() => {
            if let KeyCode::Char(c) = ev.code
                && !ev.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
            {
                type_char(app, c);
            }
        }
        None => {}
    }
}

/// Time passing: ends an exam whose time is up.
pub fn tick(app: &mut App) {
    if exam_expired(app) {
        end_exam(app, Some("Time is up."));
    }
}

/// True when an exam is running and its time is up.
fn exam_expired(app: &App) -> bool {
    let now = app.clock.now_ms();
    app.session
        .as_ref()
        .is_some_and(|s| s.sheet.as_ref().is_some_and(|x| !x.ended) && s.remaining_ms(now) == Some(0))
}

/// Ends the exam: every answer given is recorded in the progress store (only now, so an
/// answer changed on a revisit is recorded once; skipped questions are not recorded), and
/// the results are shown.
fn end_exam(app: &mut App, notice: Option<&str>) {
    let Some(sheet) = app.session.as_mut().and_then(|s| s.sheet.as_mut()) else {
        return;
    };
    sheet.ended = true;
    let mut save = false;
    for slot in &sheet.slots {
        let (Some(a), Some(q)) = (&slot.answer, app.bank.get(&slot.item.id)) else {
            continue;
        };
        let inst = slot.item.instance(q);
        let choices = if q.kind == Kind::Input {
            Vec::new()
        } else {
            inst.choices(slot.item.seed)
        };
        let attempt = Attempt {
            at: slot.answered_at,
            correct: a.feedback.correct,
            ms: a.ms,
            rating: schedule::rate(a.feedback.correct, a.ms, q.kind),
            mode: Mode::Exam,
            beliefs: a.feedback.beliefs.clone(),
            tested: beliefs::tested(&inst, &choices),
            asked: Some(Asked {
                seed: inst.seed,
                values: inst.values.clone(),
            }),
        };
        app.store.progress.record(&q.id, attempt, &app.fsrs);
        save = true;
    }
    app.notice = notice.map(str::to_string);
    if save && let Err(e) = save_progress(app) {
        app.notice = Some(e);
    }
    app.asking = None;
    app.confirm = None;
    app.walking = None;
    app.summary_scroll = 0;
    app.summary_selected = 0;
    app.back.clear();
    app.screen = Screen::Summary;
}

fn apply(app: &mut App, a: Action) {
    if a == Action::Quit {
        // An exam's answers are only recorded when it ends: quitting ends it first.
        if app.session.as_ref().and_then(|s| s.sheet.as_ref()).is_some_and(|x| !x.ended) {
            end_exam(app, None);
        }
        app.quit = true;
        return;
    }
    if a == Action::QuitAsk {
        // During an exam `q` asks (its answers are only recorded when it ends); elsewhere
        // every answer is saved already, so it quits at once.
        if app.session.as_ref().and_then(|s| s.sheet.as_ref()).is_some_and(|x| !x.ended) {
            keep_draft(app);
            app.confirm = Some(Confirm::Quit);
        } else {
            app.quit = true;
        }
        return;
    }
    if a == Action::Help {
        app.help = if app.help.is_some() { None } else { Some(0) };
        return;
    }
    if let Some(scroll) = app.help {
        if a == Action::Back {
            app.help = None;
        } else {
            let lines = super::views::help_lines(app);
            let body = super::views::body_rect(app.size, app.read_only.is_some());
            if let Some(to) = super::views::help_scroll(scroll, a, &lines, body) {
                app.help = Some(to);
            }
        }
        return;
    }
    if let Some(c) = app.confirm {
        confirm(app, c, a);
        return;
    }
    if let Action::Edit(e) = a {
        edit(app, e);
        return;
    }
    match app.screen {
        Screen::Home => home(app, a),
        Screen::Question => question(app, a),
        Screen::Feedback => feedback_keys(app, a),
        Screen::Trace => match a {
            Action::ScrollDown => app.trace_scroll = app.trace_scroll.saturating_add(1),
            Action::ScrollUp => app.trace_scroll = app.trace_scroll.saturating_sub(1),
            Action::Back => go_back(app),
            _ => {}
        },
        Screen::Summary => summary(app, a),
        Screen::Playground => playground(app, a),
        Screen::ExamList => exam_list(app, a),
        Screen::Stats => match a {
            Action::ScrollDown => app.stats_scroll = app.stats_scroll.saturating_add(1),
            Action::ScrollUp => app.stats_scroll = app.stats_scroll.saturating_sub(1),
            Action::Back => go_back(app),
            _ => {}
        },
        Screen::Beliefs => match a {
            Action::ScrollDown => app.beliefs_scroll = app.beliefs_scroll.saturating_add(1),
            Action::ScrollUp => app.beliefs_scroll = app.beliefs_scroll.saturating_sub(1),
            Action::Enter => start_beliefs(app),
            Action::Back => go_back(app),
            _ => {}
        },
    }
}

fn go_back(app: &mut App) {
    app.screen = app.back.pop().unwrap_or(Screen::Home);
}

fn open(app: &mut App, screen: Screen) {
    app.back.push(app.screen);
    app.screen = screen;
}

fn home(app: &mut App, a: Action) {
    if app.home.editing {
        match a {
            // Esc leaves the line and keeps what was typed; Esc on Home then clears it.
            Action::Enter | Action::Back => app.home.editing = false,
            _ => {}
        }
        return;
    }
    match a {
        Action::Down => app.home.selected = (app.home.selected + 1) % MENU.len(),
        Action::Up => app.home.selected = (app.home.selected + MENU.len() - 1) % MENU.len(),
        Action::ScrollDown => app.home.scroll = app.home.scroll.saturating_add(1),
        Action::ScrollUp => app.home.scroll = app.home.scroll.saturating_sub(1),
        Action::Filter => {
            app.home.editing = true;
            app.home.scroll = 0;
        }
        Action::Back => app.home.filter = TextInput::default(),
        Action::NextVersion => app.set_terraform_version(crate::quiz::version::next(app.exam_version.version)),
        Action::PrevVersion => app.set_terraform_version(crate::quiz::version::previous(app.exam_version.version)),
        Action::Enter => match app.home.selected {
            0 => start(app, Mode::Practice),
            1 => start(app, Mode::Exam),
            REVIEW_ENTRY => start(app, Mode::Review),
            BELIEFS_ENTRY => {
                app.beliefs_scroll = 0;
                open(app, Screen::Beliefs);
            }
            PRACTISE_BELIEFS_ENTRY => start_beliefs(app),
            5 => open_playground(app, None),
            _ => {
                app.stats_scroll = 0;
                open(app, Screen::Stats);
            }
        },
        _ => {}
    }
}

/// Writes the progress store, unless the app is read-only (then nothing is written, ever).
fn save_progress(app: &App) -> Result<(), String> {
    if app.read_only.is_some() {
        return Err("read-only: nothing was saved (another iacquiz holds your progress)".into());
    }
    app.store.save()
}

/// Refuses answering in a read-only app, with a notice saying why; true when refused.
fn refuse_read_only(app: &mut App) -> bool {
    if app.read_only.is_some() {
        app.notice = Some("Read-only: another iacquiz holds your progress, so answering is off here; close it to practise.".into());
        app.screen = Screen::Home;
        return true;
    }
    false
}

/// Starts a session of `mode` over the eligible questions (a notice when there are none).
pub fn start(app: &mut App, mode: Mode) {
    if refuse_read_only(app) {
        return;
    }
    let now = app.clock.now_secs();
    let seed = app.next_seed();
    let items = {
        let qs = app.eligible();
        let length = app.session_questions.unwrap_or(schedule::PRACTICE_LENGTH).max(1);
        match mode {
            Mode::Practice => schedule::practice(&qs, &app.store.progress, now, seed, length),
            Mode::Exam => schedule::exam(&qs, app.exam_questions, seed),
            Mode::Review => {
                let mut misses = schedule::review(&qs, &app.store.progress, now, seed);
                misses.truncate(app.session_questions.unwrap_or(usize::MAX).max(1));
                misses
            }
        }
    };
    if items.is_empty() {
        app.notice = Some(match mode {
            Mode::Review => "Nothing to review: no miss from the last 14 days is waiting.".into(),
            _ => "No questions match the topic filter.".into(),
        });
        return;
    }
    app.notice = None;
    app.practising = None;
    app.session = Some(Session::new(mode, items, app.clock.now_ms()));
    app.back.clear();
    ask_current(app);
    // Said where the session starts, so a shorter session is not a surprise.
    if app.notice.is_none() {
        app.notice = app.exam_version.skip_note();
    }
}

/// Starts "Practise my beliefs": a practice session of the eligible questions whose
/// distractors stand for an active belief (a notice when there is none to practise).
pub fn start_beliefs(app: &mut App) {
    if refuse_read_only(app) {
        app.back.clear();
        return;
    }
    let active: Vec<String> = beliefs::active(&app.store.progress).into_iter().map(|b| b.id).collect();
    if active.is_empty() {
        app.notice = Some("No beliefs to unlearn: no wrong answer of yours matches an active misconception.".into());
        app.screen = Screen::Home;
        app.back.clear();
        return;
    }
    let seed = app.next_seed();
    let items = {
        let qs = app.eligible();
        beliefs::practice(&qs, &app.store.progress, seed, schedule::PRACTICE_LENGTH)
    };
    if items.is_empty() {
        app.notice = Some(format!(
            "No question under the topic filter tests your beliefs ({}).",
            active.join(", ")
        ));
        app.screen = Screen::Home;
        app.back.clear();
        return;
    }
    app.notice = None;
    app.practising = Some(active);
    app.session = Some(Session::new(Mode::Practice, items, app.clock.now_ms()));
    app.back.clear();
    ask_current(app);
}

fn ask_current(app: &mut App) {
    loop {
        if let Some(sheet) = app.session.as_mut().and_then(|s| s.sheet.as_mut())
            && let Some(slot) = sheet.current_mut()
        {
            slot.seen = true;
        }
        let Some(item) = app.session.as_ref().and_then(|s| s.current().cloned()) else {
            finish(app);
            return;
        };
        let Some(q) = app.bank.get(&item.id) else {
            skip(app);
            continue;
        };
        let instance = item.instance(q);
        let choices = if q.kind == Kind::Input {
            Vec::new()
        } else {
            instance.choices(item.seed)
        };
        if q.kind != Kind::Input && choices.is_empty() {
            skip(app);
            continue;
        }
        // An exam question revisited shows the answer given (or the line typed so far).
        let slot = app.session.as_ref().and_then(|s| s.sheet.as_ref()).and_then(|x| x.current());
        let given = slot.and_then(|x| x.answer.as_ref()).map(|a| a.feedback.given.clone());
        let draft = slot.map(|x| x.draft.clone()).filter(|d| !d.is_empty());
        let selected = given.as_ref().and_then(|g| choices.iter().position(|c| &c.text == g)).unwrap_or(0);
        let input = if q.kind == Kind::Input {
            draft.or(given).map(|t| TextInput::with(&t)).unwrap_or_default()
        } else {
            TextInput::default()
        };
        app.asking = Some(Asking {
            topic: q.topic.clone(),
            difficulty: q.difficulty,
            item,
            instance,
            choices,
            selected,
            input,
            input_error: None,
            scroll: 0,
            shown_ms: app.clock.now_ms(),
            skip_offered: false,
            playground_warned: false,
            looked_up: false,
        });
        app.screen = Screen::Question;
        return;
    }
}

fn skip(app: &mut App) {
    if let Some(s) = app.session.as_mut()
        && let Some(sheet) = s.sheet.as_mut()
    {
        // A question that cannot be asked leaves the exam.
        if sheet.at < sheet.slots.len() {
            sheet.slots.remove(sheet.at);
        }
        if sheet.at >= sheet.slots.len() {
            sheet.at = 0;
        }
        sheet.ended = sheet.slots.is_empty();
        s.planned = sheet.slots.len();
        return;
    }
    if let Some(s) = app.session.as_mut() {
        s.queue.pop_front();
        s.planned = s.planned.saturating_sub(1);
    }
}

fn finish(app: &mut App) {
    app.asking = None;
    let Some(s) = &app.session else {
        app.screen = Screen::Home;
        return;
    };
    match s.mode {
        Mode::Exam => end_exam(app, None),
        Mode::Practice if app.practising.is_some() => {
            let before = app.practising.clone().unwrap_or_default();
            let still: Vec<String> = beliefs::active(&app.store.progress).into_iter().map(|b| b.id).collect();
            let retired: Vec<&str> = before.iter().filter(|b| !still.contains(b)).map(String::as_str).collect();
            let gone = if retired.is_empty() {
                "none retired yet".to_string()
            } else {
                format!("retired: {}", retired.join(", "))
            };
            app.notice = Some(format!(
                "Beliefs practice done: {} of {} right; {gone}.",
                s.correct(),
                s.answered.len()
            ));
            end_session(app);
        }
        Mode::Practice => {
            app.notice = Some(format!("Practice done: {} of {} right.", s.correct(), s.answered.len()));
            end_session(app);
        }
        Mode::Review => {
            app.notice = Some(format!(
                "Review done: every missed question answered right ({} answers).",
                s.answered.len()
            ));
            end_session(app);
        }
    }
}

fn end_session(app: &mut App) {
    app.session = None;
    app.practising = None;
    app.asking = None;
    app.feedback = None;
    app.walking = None;
    app.confirm = None;
    app.back.clear();
    app.screen = Screen::Home;
}

/// The exam's own keys on a question; false when the key is a question key (answering,
/// scrolling) for [`question`].
fn exam_question(app: &mut App, a: Action) -> bool {
    let Some(asking) = app.asking.as_mut() else { return false };
    match a {
        Action::Back => {
            keep_draft(app);
            app.confirm = Some(Confirm::Leave);
        }
        Action::Skip => exam_skip(app),
        Action::Flag => {
            if let Some(slot) = app.session.as_mut().and_then(|s| s.sheet.as_mut()).and_then(|x| x.current_mut()) {
                slot.flagged = !slot.flagged;
                app.notice = Some(if slot.flagged {
                    "Flagged: it is marked ⚑ in the question list.".into()
                } else {
                    "Flag taken off.".into()
                });
            }
        }
        Action::Prev | Action::Next => {
            keep_draft(app);
            if let Some(sheet) = app.session.as_mut().and_then(|s| s.sheet.as_mut()) {
                let to = if a == Action::Prev {
                    sheet.at.checked_sub(1)
                } else {
                    Some(sheet.at + 1).filter(|&i| i < sheet.slots.len())
                };
                match to {
                    Some(i) => sheet.go(i),
                    None => {
                        app.notice = Some(if a == Action::Prev {
                            "This is the first question.".into()
                        } else {
                            "This is the last question: F finishes (F10 while typing).".into()
                        });
                        return true;
                    }
                }
            }
            ask_current(app);
        }
        Action::List => {
            keep_draft(app);
            app.summary_selected = app.session.as_ref().and_then(|s| s.sheet.as_ref()).map(|x| x.at).unwrap_or(0);
            app.screen = Screen::ExamList;
        }
        Action::Finish => {
            keep_draft(app);
            ask_finish(app);
        }
        Action::Enter if asking.typed() && asking.input.text.trim().is_empty() => {
            if asking.skip_offered {
                exam_skip(app);
            } else {
                asking.skip_offered = true;
                asking.input_error = Some("Nothing typed: Enter again skips this question (Tab skips too).".into());
            }
        }
        _ => return false,
    }
    true
}

/// Keeps the line typed on the exam question shown, for when the learner comes back to it.
fn keep_draft(app: &mut App) {
    let Some(text) = app.asking.as_ref().map(|a| a.input.text.clone()) else {
        return;
    };
    if let Some(slot) = app.session.as_mut().and_then(|s| s.sheet.as_mut()).and_then(|x| x.current_mut()) {
        slot.draft = text;
    }
}

/// Leaves the exam question shown unanswered and shows the next unanswered one.
fn exam_skip(app: &mut App) {
    keep_draft(app);
    let Some(sheet) = app.session.as_mut().and_then(|s| s.sheet.as_mut()) else {
        return;
    };
    if sheet.to_next_unanswered() {
        ask_current(app);
    } else if sheet.unanswered() == 0 {
        ask_finish(app);
    } else {
        app.notice = Some("This is the only unanswered question left: answer it, or finish (F, F10 while typing).".into());
    }
}

/// Finishes the exam when every question is answered and none is flagged; otherwise asks.
fn ask_finish(app: &mut App) {
    let Some(sheet) = app.session.as_ref().and_then(|s| s.sheet.as_ref()) else {
        return;
    };
    if sheet.unanswered() == 0 && sheet.flagged() == 0 {
        end_exam(app, None);
    } else {
        app.confirm = Some(Confirm::Finish);
    }
}

/// A key while a yes-or-no question is open.
fn confirm(app: &mut App, c: Confirm, a: Action) {
    match (c, a) {
        (_, Action::Back) => app.confirm = None,
        (Confirm::Finish, Action::Confirm) => end_exam(app, None),
        (Confirm::Leave, Action::Confirm) => end_exam(app, Some("Exam finished early: the answers given are scored and saved.")),
        (Confirm::Leave, Action::Discard) => {
            app.notice = Some("Exam discarded: nothing of it was recorded.".into());
            end_session(app);
        }
        (Confirm::Quit, Action::Confirm) => {
            end_exam(app, None);
            app.quit = true;
        }
        (Confirm::Quit, Action::Discard) => {
            end_session(app);
            app.quit = true;
        }
        (Confirm::LeaveTyped, Action::Confirm) => {
            app.confirm = None;
            leave_session(app);
        }
        _ => {}
    }
}

/// How many questions the exam's answer sheet holds (0 outside an exam).
fn sheet_len(app: &App) -> usize {
    app.session.as_ref().and_then(|s| s.sheet.as_ref()).map_or(0, |x| x.slots.len())
}

/// The exam's question list: choose one to go back to.
fn exam_list(app: &mut App, a: Action) {
    let n = sheet_len(app);
    match a {
        Action::Down if n > 0 => app.summary_selected = (app.summary_selected + 1).min(n - 1),
        Action::Up => app.summary_selected = app.summary_selected.saturating_sub(1),
        Action::Enter => {
            let i = app.summary_selected;
            if let Some(sheet) = app.session.as_mut().and_then(|s| s.sheet.as_mut()) {
                sheet.go(i);
            }
            ask_current(app);
        }
        Action::Back => ask_current(app),
        Action::Finish => ask_finish(app),
        _ => {}
    }
}

fn question(app: &mut App, a: Action) {
    let Some(asking) = app.asking.as_mut() else {
        app.screen = Screen::Home;
        return;
    };
    let n = asking.choices.len();
    let exam = app.session.as_ref().is_some_and(|s| s.sheet.is_some());
    if exam && exam_question(app, a) {
        return;
    }
    let Some(asking) = app.asking.as_mut() else { return };
    match a {
        // A typed line would be lost: ask first.
        Action::Back if asking.typed() && !asking.input.text.trim().is_empty() => app.confirm = Some(Confirm::LeaveTyped),
        Action::Back => leave_session(app),
        Action::Down if n > 0 => asking.selected = (asking.selected + 1) % n,
        Action::Up if n > 0 => asking.selected = (asking.selected + n - 1) % n,
        Action::ScrollDown => asking.scroll = asking.scroll.saturating_add(3),
        Action::ScrollUp => asking.scroll = asking.scroll.saturating_sub(3),
        Action::Pick(i) if i < n => {
            asking.selected = i;
            submit(app, Given::Choice(i));
        }
        Action::Enter if n > 0 => {
            let i = asking.selected;
            submit(app, Given::Choice(i));
        }
        Action::Enter => {
            let text = asking.input.text.trim().to_string();
            if text.is_empty() {
                asking.input_error = Some("type a value first".into());
            } else if let Some(e) = asking.instance.typed_problem(&text) {
                asking.input_error = Some(e);
            } else {
                submit(app, Given::Typed(text));
            }
        }
        Action::Playground if app.session.as_ref().is_some_and(|s| s.mode == Mode::Exam) => {
            app.notice = Some("The playground is closed during an exam.".into());
        }
        Action::Playground if asking.instance.engine != crate::bank::Engine::Terraform => {
            app.notice = Some(playground_only_terraform(asking.instance.engine));
        }
        // The playground evaluates the question's own source, so opening it before answering
        // gives the answer away: the first press says so, the second opens it and the answer
        // is then recorded as not recalled (whatever it is).
        Action::Playground if !asking.playground_warned => {
            asking.playground_warned = true;
            app.notice = Some("Playground shows the answer: press again to open it (counts as not recalled).".into());
        }
        Action::Playground => {
            asking.looked_up = true;
            let source = asking.instance.source.clone();
            let id = asking.item.id.clone();
            open_playground(app, Some((id, source)));
        }
        _ => {}
    }
}

/// Ends a practice or review session from its question (every answer is saved already).
fn leave_session(app: &mut App) {
    if let Some(s) = &app.session {
        app.notice = Some(format!(
            "{} ended: {} of {} answered right.",
            capital(s.mode.name()),
            s.correct(),
            s.answered.len()
        ));
    }
    end_session(app);
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// Why `text` is not an HCL value (None when it is one).
pub fn parse_error(text: &str) -> Option<String> {
    answer_error(crate::bank::Engine::Terraform, text)
}

/// Why `text` is not an answer in `engine`'s notation (HCL or YAML; None when it is one).
pub fn answer_error(engine: crate::bank::Engine, text: &str) -> Option<String> {
    crate::bank::engine::answer_problem(engine, text)
}

fn submit(app: &mut App, given: Given) {
    let Some(asking) = app.asking.take() else { return };
    let Some(q) = app.bank.get(&asking.item.id) else { return };
    let fb = match feedback::judge(q, &asking.instance, &asking.choices, &given, app.bank.catalogue()) {
        Ok(f) => f,
        Err(e) => {
            let mut asking = asking;
            asking.input_error = Some(e);
            app.asking = Some(asking);
            return;
        }
    };
    let now = app.clock.now_ms();
    let ms = now.saturating_sub(asking.shown_ms);
    let Some(mode) = app.session.as_ref().map(|s| s.mode) else { return };
    // An exam records its answers when it ends (so a changed answer is recorded once).
    if let Some(sheet) = app.session.as_mut().and_then(|s| s.sheet.as_mut()) {
        let answered = Answered {
            item: asking.item.clone(),
            feedback: fb,
            ms,
        };
        let changed = sheet.current().is_some_and(|s| s.answer.is_some());
        sheet.answer(answered, now / 1000);
        if sheet.unanswered() == 0 && changed {
            // A changed answer on a revisit: the exam does not end under the learner's feet.
            app.confirm = Some(Confirm::Finish);
        } else if sheet.unanswered() == 0 {
            ask_finish(app);
            if app.screen == Screen::Summary {
                return;
            }
        }
        ask_current(app);
        return;
    }
    let mut fb = fb;
    // Looked up in the playground first: not a recall, right or not.
    let recalled = fb.correct && !asking.looked_up;
    if fb.correct && asking.looked_up {
        fb.note = Some("was right, but the playground showed the value first: it is recorded as not recalled".into());
    }
    let attempt = Attempt {
        at: now / 1000,
        correct: recalled,
        ms,
        rating: schedule::rate(recalled, ms, q.kind),
        mode,
        asked: Some(Asked {
            seed: asking.instance.seed,
            values: asking.instance.values.clone(),
        }),
        beliefs: fb.beliefs.clone(),
        tested: beliefs::tested(&asking.instance, &asking.choices),
    };
    app.store.progress.record(&q.id, attempt, &app.fsrs);
    match save_progress(app) {
        Ok(()) => {}
        Err(e) => app.notice = Some(e),
    }
    if let Some(s) = app.session.as_mut() {
        s.submit(fb.clone(), ms);
    }
    app.feedback = Some(fb);
    app.feedback_scroll = 0;
    app.feedback_source_scroll = 0;
    app.trace_scroll = 0;
    app.screen = Screen::Feedback;
}

fn feedback_keys(app: &mut App, a: Action) {
    match a {
        Action::Next if app.walking.is_some() => walk(app, 1),
        Action::Prev if app.walking.is_some() => walk(app, -1),
        Action::Back if app.walking.is_some() => {
            app.walking = None;
            app.screen = Screen::Summary;
        }
        Action::Next => ask_current(app),
        Action::Back => {
            if app.session.as_ref().is_some_and(|s| !s.finished()) {
                app.notice = Some("Session ended; your answers are saved.".into());
            }
            end_session(app);
        }
        Action::ScrollDown => app.feedback_scroll = app.feedback_scroll.saturating_add(1),
        Action::ScrollUp => app.feedback_scroll = app.feedback_scroll.saturating_sub(1),
        Action::SourceDown => app.feedback_source_scroll = app.feedback_source_scroll.saturating_add(3),
        Action::SourceUp => app.feedback_source_scroll = app.feedback_source_scroll.saturating_sub(3),
        Action::Trace => {
            app.trace_scroll = 0;
            open(app, Screen::Trace);
        }
        Action::Playground => {
            let Some(fb) = &app.feedback else { return };
            let id = fb.id.clone();
            let walked = app.walking.and_then(|i| {
                let slot = app.session.as_ref()?.sheet.as_ref()?.slots.get(i)?;
                app.bank.get(&slot.item.id).map(|q| slot.item.instance(q).source)
            });
            let source = walked.or_else(|| {
                app.session.as_ref().and_then(|s| {
                    s.answered
                        .iter()
                        .rev()
                        .find(|x| x.item.id == id)
                        .and_then(|x| app.bank.get(&x.item.id).map(|q| x.item.instance(q).source))
                })
            });
            let source = source.or_else(|| app.bank.get(&id).map(|q| q.instantiate(0).source));
            if let Some(engine) = app.bank.get(&id).map(|q| q.engine).filter(|e| *e != crate::bank::Engine::Terraform) {
                app.notice = Some(playground_only_terraform(engine));
                return;
            }
            if let Some(src) = source {
                open_playground(app, Some((id, src)));
            }
        }
        _ => {}
    }
}

fn summary(app: &mut App, a: Action) {
    let n = sheet_len(app);
    match a {
        Action::ScrollDown => app.summary_scroll = app.summary_scroll.saturating_add(1),
        Action::ScrollUp => app.summary_scroll = app.summary_scroll.saturating_sub(1),
        Action::Down if n > 0 => app.summary_selected = (app.summary_selected + 1).min(n - 1),
        Action::Up => app.summary_selected = app.summary_selected.saturating_sub(1),
        Action::Enter => walk_to(app, app.summary_selected),
        Action::Back => {
            if let Some(s) = &app.session {
                app.notice = Some(format!("Exam: {} of {} right.", s.correct(), s.planned));
            }
            end_session(app);
        }
        _ => {}
    }
}

/// Shows the feedback on exam question `i` from the results (its answer's, or for a question
/// left unanswered the right answer judged against no answer); past the last, the results.
fn walk_to(app: &mut App, i: usize) {
    let slot = app
        .session
        .as_ref()
        .and_then(|s| s.sheet.as_ref())
        .and_then(|x| x.slots.get(i))
        .cloned();
    let Some(slot) = slot else {
        app.walking = None;
        app.screen = Screen::Summary;
        return;
    };
    let fb = match slot.answer {
        Some(a) => Ok(a.feedback),
        None => match app.bank.get(&slot.item.id) {
            Some(q) => {
                let inst = slot.item.instance(q);
                let choices = if q.kind == Kind::Input {
                    Vec::new()
                } else {
                    inst.choices(slot.item.seed)
                };
                feedback::judge(q, &inst, &choices, &Given::Nothing, app.bank.catalogue())
            }
            None => Err(format!("question {} is no longer in the bank", slot.item.id)),
        },
    };
    match fb {
        Ok(fb) => {
            app.walking = Some(i);
            app.summary_selected = i;
            app.feedback = Some(fb);
            app.feedback_scroll = 0;
            app.feedback_source_scroll = 0;
            app.screen = Screen::Feedback;
        }
        Err(e) => app.notice = Some(e),
    }
}

/// Shows the feedback on the exam question `step` places after (or before) the one shown.
fn walk(app: &mut App, step: isize) {
    let Some(i) = app.walking else { return };
    match i.checked_add_signed(step) {
        Some(j) => walk_to(app, j),
        None => app.notice = Some("This is the first question.".into()),
    }
}

/// Why the playground does not open for a question of `engine`, and what to use instead.
fn playground_only_terraform(engine: crate::bank::Engine) -> String {
    let tool = match engine {
        crate::bank::Engine::Cfnrain => "iacquiz cfn package",
        _ => "iacquiz rivet expand (or diff)",
    };
    format!("The playground evaluates Terraform expressions; try {engine} sources with {tool}.")
}

/// Opens the playground, with a question's configuration and files in scope when given.
pub fn open_playground(app: &mut App, source: Option<(String, crate::bank::Source)>) {
    let mut pg = Playground {
        history: std::mem::take(&mut app.playground.history),
        ..Playground::default()
    };
    let question_source = source.as_ref().map(|(_, src)| src.clone());
    match source {
        None => pg.session = Some(LangSession::new()),
        Some((id, src)) => {
            pg.label = Some(id);
            let mut session = match &src.config {
                Some(text) => match LangSession::with_config_text("main.tf", text) {
                    Ok(s) => Some(s),
                    Err(d) => {
                        pg.config_error = Some(format!("the configuration does not load: {}", d.summary));
                        Some(LangSession::failed_text("main.tf", text))
                    }
                },
                None => Some(LangSession::new()),
            };
            if let Some(s) = session.as_mut()
                && !src.files.is_empty()
            {
                let files: BTreeMap<String, Vec<u8>> = src.files.iter().map(|(k, v)| (k.clone(), v.clone().into_bytes())).collect();
                s.host = Host::with_files(files);
            }
            pg.config = src.config.clone();
            pg.session = session;
            pg.input = TextInput::with(&src.expr);
        }
    }
    // The playground answers as the question does: at its release, else the exam's.
    if let Some(s) = pg.session.as_mut() {
        s.version = Some(crate::quiz::version::of_source(question_source.as_ref(), app.exam_version.version));
    }
    app.playground = pg;
    evaluate_playground(app);
    open(app, Screen::Playground);
}

/// Evaluates the playground's line (as it is typed).
pub fn evaluate_playground(app: &mut App) {
    let pg = &mut app.playground;
    let expr = pg.input.text.trim();
    pg.scroll = 0;
    if expr.is_empty() {
        pg.result = None;
        pg.trace.clear();
        return;
    }
    let Some(session) = &pg.session else { return };
    let out = session.eval(expr, &Rules::real(), true);
    pg.result = Some(match out.result {
        Ok(a) => Ok(a.console()),
        Err(d) => Err(if d.detail.is_empty() {
            format!("Error: {}", d.summary)
        } else {
            format!("Error: {}\n\n{}", d.summary, session.full_detail(&d))
        }),
    });
    pg.trace = out.trace;
}

fn playground(app: &mut App, a: Action) {
    let pg = &mut app.playground;
    match a {
        Action::Back => {
            // The line typed is not thrown away: it goes into the history, evaluated (a line
            // recalled and left as it was is there already).
            let line = pg.input.text.trim();
            let kept = pg
                .recalled
                .or(pg.history.len().checked_sub(1))
                .and_then(|i| pg.history.get(i))
                .is_some_and(|e| e.input == line);
            if !kept {
                keep_playground_line(app);
            }
            go_back(app);
        }
        Action::Enter => keep_playground_line(app),
        Action::HistoryPrev if !pg.history.is_empty() => {
            let i = match pg.recalled {
                None => pg.history.len() - 1,
                Some(i) => i.saturating_sub(1),
            };
            pg.recalled = Some(i);
            pg.input = TextInput::with(&pg.history[i].input);
            evaluate_playground(app);
        }
        Action::HistoryNext => {
            if let Some(i) = pg.recalled {
                if i + 1 < pg.history.len() {
                    pg.recalled = Some(i + 1);
                    pg.input = TextInput::with(&pg.history[i + 1].input);
                } else {
                    pg.recalled = None;
                    pg.input = TextInput::default();
                }
                evaluate_playground(app);
            }
        }
        Action::PageUp | Action::PageDown => {
            // A page: the history pane's rows less one, at the terminal's size.
            let body = super::views::body_rect(app.size, app.read_only.is_some());
            let rows = pg.input.text.split('\n').count();
            let page = super::views::playground::heights(body.height, rows).0.saturating_sub(3).max(1);
            // Never further up than the history has rows (the pane clamps to its last page).
            let total: usize = pg
                .history
                .iter()
                .map(|e| e.input.lines().count() + e.output.as_ref().map_or(1, |v| v.lines().count()))
                .sum();
            pg.history_scroll = if a == Action::PageUp {
                pg.history_scroll.saturating_add(page).min(u16::try_from(total).unwrap_or(u16::MAX))
            } else {
                pg.history_scroll.saturating_sub(page)
            };
        }
        Action::ScrollDown => pg.scroll = pg.scroll.saturating_add(3),
        Action::ScrollUp => pg.scroll = pg.scroll.saturating_sub(3),
        _ => {}
    }
}

/// Evaluates the playground's line into its history (capped at [`HISTORY_CAP`], oldest
/// dropped) and clears the line; the trace of the evaluation stays shown.
fn keep_playground_line(app: &mut App) {
    let pg = &mut app.playground;
    let input = pg.input.text.trim().to_string();
    pg.recalled = None;
    if input.is_empty() {
        return;
    }
    evaluate_playground(app);
    let pg = &mut app.playground;
    let mut output = pg.result.take().unwrap_or_else(|| Err("Error: nothing to evaluate".into()));
    // Several lines that are no expression may be a configuration (pasted): it loads, and its
    // locals, variables and outputs are in scope from then on.
    if output.is_err()
        && input.contains('\n')
        && let Ok(mut session) = LangSession::with_config_text("pasted.tf", &input)
    {
        if let Some(old) = pg.session.take() {
            session.host = old.host;
        }
        pg.session = Some(session);
        pg.config = Some(input.clone());
        pg.label = Some("the pasted configuration".into());
        pg.config_error = None;
        pg.trace.clear();
        output = Ok("# configuration loaded: its locals, variables and outputs are in scope".into());
    }
    pg.history.push(Entry { input, output });
    if pg.history.len() > HISTORY_CAP {
        let over = pg.history.len() - HISTORY_CAP;
        pg.history.drain(..over);
    }
    pg.input = TextInput::default();
    pg.history_scroll = 0;
}

/// Text pasted (bracketed paste: it arrives whole, not as keys). The playground keeps its
/// newlines and evaluates it as one input; a one-line field gets them as spaces; elsewhere
/// a paste does nothing.
pub fn handle_paste(app: &mut App, text: &str) {
    app.notice = None;
    if app.help.is_some() || app.confirm.is_some() || !app.typing() {
        return;
    }
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let text = text.strip_suffix('\n').unwrap_or(&text);
    let text = if app.screen == Screen::Playground {
        text.to_string()
    } else {
        text.replace('\n', " ")
    };
    let clean: String = text.chars().filter(|c| *c == '\n' || !c.is_control()).collect();
    if let Some(t) = input_of(app) {
        t.insert_str(&clean);
        edited(app);
    }
}

fn input_of(app: &mut App) -> Option<&mut TextInput> {
    match app.screen {
        Screen::Home if app.home.editing => Some(&mut app.home.filter),
        Screen::Question => app.asking.as_mut().map(|a| &mut a.input),
        Screen::Playground => Some(&mut app.playground.input),
        _ => None,
    }
}

fn edited(app: &mut App) {
    match app.screen {
        Screen::Question => {
            if let Some(a) = app.asking.as_mut() {
                let t = a.input.text.trim();
                a.input_error = if t.is_empty() { None } else { a.instance.typed_problem(t) };
            }
        }
        Screen::Playground => evaluate_playground(app),
        Screen::Home => app.home.scroll = 0,
        _ => {}
    }
}

fn type_char(app: &mut App, c: char) {
    if let Some(t) = input_of(app) {
        t.insert(c);
        edited(app);
    }
}

fn edit(app: &mut App, e: Edit) {
    if let Some(t) = input_of(app) {
        t.edit(e);
        edited(app);
    }
}
