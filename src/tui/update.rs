//! Key → action → new state. Pure with respect to the terminal: every function takes the
//! app and changes it; drawing reads it afterwards.

use std::collections::BTreeMap;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::bank::Kind;
use crate::lang::Rules;
use crate::lang::host::Host;
use crate::lang::session::Session as LangSession;
use crate::quiz::feedback::{self, Given};
use crate::quiz::progress::{Asked, Attempt};
use crate::quiz::{Mode, Session, beliefs, schedule};

use super::app::{App, Asking, BELIEFS_ENTRY, MENU, PRACTISE_BELIEFS_ENTRY, Playground, REVIEW_ENTRY, Screen};
use super::keymap::{self, Action, Edit};
use super::text::TextInput;

/// Handles one key event.
pub fn handle_key(app: &mut App, ev: KeyEvent) {
    if ev.kind == KeyEventKind::Release {
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
    let now = app.clock.now_ms();
    let expired = app
        .session
        .as_ref()
        .is_some_and(|s| s.mode == Mode::Exam && s.remaining_ms(now) == Some(0) && matches!(app.screen, Screen::Question));
    if expired {
        app.asking = None;
        app.screen = Screen::Summary;
        app.notice = Some("Time is up.".into());
    }
}

fn apply(app: &mut App, a: Action) {
    if a == Action::Quit {
        app.quit = true;
        return;
    }
    if a == Action::Help {
        app.help = if app.help.is_some() { None } else { Some(0) };
        return;
    }
    if let Some(scroll) = app.help.as_mut() {
        match a {
            Action::Back => app.help = None,
            Action::ScrollDown => *scroll = scroll.saturating_add(1),
            Action::ScrollUp => *scroll = scroll.saturating_sub(1),
            _ => {}
        }
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
            Action::Enter => app.home.editing = false,
            Action::Back => {
                app.home.editing = false;
                app.home.filter = TextInput::default();
            }
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

/// Starts a session of `mode` over the eligible questions (a notice when there are none).
pub fn start(app: &mut App, mode: Mode) {
    let now = app.clock.now_secs();
    let seed = app.next_seed();
    let items = {
        let qs = app.eligible();
        match mode {
            Mode::Practice => schedule::practice(&qs, &app.store.progress, now, seed, schedule::PRACTICE_LENGTH),
            Mode::Exam => schedule::exam(&qs, app.exam_questions, seed),
            Mode::Review => schedule::review(&qs, &app.store.progress, now, seed),
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
}

/// Starts "Practise my beliefs": a practice session of the eligible questions whose
/// distractors stand for an active belief (a notice when there is none to practise).
pub fn start_beliefs(app: &mut App) {
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
        app.asking = Some(Asking {
            topic: q.topic.clone(),
            difficulty: q.difficulty,
            item,
            instance,
            choices,
            selected: 0,
            input: TextInput::default(),
            input_error: None,
            scroll: 0,
            shown_ms: app.clock.now_ms(),
        });
        app.screen = Screen::Question;
        return;
    }
}

fn skip(app: &mut App) {
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
        Mode::Exam => {
            app.summary_scroll = 0;
            app.walking = None;
            app.screen = Screen::Summary;
        }
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
    app.back.clear();
    app.screen = Screen::Home;
}

fn question(app: &mut App, a: Action) {
    let Some(asking) = app.asking.as_mut() else {
        app.screen = Screen::Home;
        return;
    };
    let n = asking.choices.len();
    match a {
        Action::Back => {
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
        Action::Playground => {
            let source = asking.instance.source.clone();
            let id = asking.item.id.clone();
            open_playground(app, Some((id, source)));
        }
        _ => {}
    }
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
    let attempt = Attempt {
        at: now / 1000,
        correct: fb.correct,
        ms,
        rating: schedule::rate(fb.correct, ms, q.kind),
        mode,
        asked: Some(Asked {
            seed: asking.instance.seed,
            values: asking.instance.values.clone(),
        }),
        beliefs: fb.beliefs.clone(),
        tested: beliefs::tested(&asking.instance, &asking.choices),
    };
    app.store.progress.record(&q.id, attempt, &app.fsrs);
    match app.store.save() {
        Ok(()) => {}
        Err(e) => app.notice = Some(e),
    }
    if let Some(s) = app.session.as_mut() {
        s.submit(fb.clone(), ms);
    }
    if mode == Mode::Exam {
        ask_current(app);
    } else {
        app.feedback = Some(fb);
        app.feedback_scroll = 0;
        app.trace_scroll = 0;
        app.screen = Screen::Feedback;
    }
}

fn feedback_keys(app: &mut App, a: Action) {
    match a {
        Action::Next if app.walking.is_some() => walk(app, 1),
        Action::Next => ask_current(app),
        Action::Back => {
            if app.session.as_ref().is_some_and(|s| !s.finished()) {
                app.notice = Some("Session ended; your answers are saved.".into());
            }
            end_session(app);
        }
        Action::ScrollDown => app.feedback_scroll = app.feedback_scroll.saturating_add(1),
        Action::ScrollUp => app.feedback_scroll = app.feedback_scroll.saturating_sub(1),
        Action::Trace => {
            app.trace_scroll = 0;
            open(app, Screen::Trace);
        }
        Action::Playground => {
            let Some(fb) = &app.feedback else { return };
            let id = fb.id.clone();
            let source = app.session.as_ref().and_then(|s| {
                s.answered
                    .iter()
                    .rev()
                    .find(|x| x.item.id == id)
                    .and_then(|x| app.bank.get(&x.item.id).map(|q| x.item.instance(q).source))
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
    match a {
        Action::ScrollDown => app.summary_scroll = app.summary_scroll.saturating_add(1),
        Action::ScrollUp => app.summary_scroll = app.summary_scroll.saturating_sub(1),
        Action::Next => walk(app, 0),
        Action::Back => end_session(app),
        _ => {}
    }
}

/// Shows the exam miss after the current one (`step` 0: the first).
fn walk(app: &mut App, step: usize) {
    let next = match app.walking {
        None => 0,
        Some(i) => i + step,
    };
    let miss = app.session.as_ref().and_then(|s| s.misses().get(next).map(|m| m.feedback.clone()));
    match miss {
        Some(fb) => {
            app.walking = Some(next);
            app.feedback = Some(fb);
            app.feedback_scroll = 0;
            app.screen = Screen::Feedback;
        }
        None => {
            if let Some(s) = &app.session {
                app.notice = Some(format!("Exam: {} of {} right.", s.correct(), s.planned));
            }
            end_session(app);
        }
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
        Action::Back => go_back(app),
        Action::Enter => {
            let line = pg.input.text.trim().to_string();
            if !line.is_empty() && pg.history.last() != Some(&line) {
                pg.history.push(line);
            }
            pg.recalled = None;
        }
        Action::HistoryPrev if !pg.history.is_empty() => {
            let i = match pg.recalled {
                None => pg.history.len() - 1,
                Some(i) => i.saturating_sub(1),
            };
            pg.recalled = Some(i);
            pg.input = TextInput::with(&pg.history[i]);
            evaluate_playground(app);
        }
        Action::HistoryNext => {
            if let Some(i) = pg.recalled {
                if i + 1 < pg.history.len() {
                    pg.recalled = Some(i + 1);
                    pg.input = TextInput::with(&pg.history[i + 1]);
                } else {
                    pg.recalled = None;
                    pg.input = TextInput::default();
                }
                evaluate_playground(app);
            }
        }
        Action::ScrollDown => pg.scroll = pg.scroll.saturating_add(3),
        Action::ScrollUp => pg.scroll = pg.scroll.saturating_sub(3),
        _ => {}
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
