//! Key → action → new state for `quiz take`. Pure: the time comes in as an argument and the
//! one side effect, writing the responses, goes out as an [`Effect`] for the caller to do
//! (the terminal loop, or a test).

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::super::keymap::{self, Action};
use super::super::views;
use super::{Phase, Take};
use crate::instructor::sitting::student_name;

/// What the caller should do after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing.
    None,
    /// Write the responses now (answers changed, or the sitting ended).
    Save,
}

/// Handles one key event at `now_ms`.
pub fn handle_key(t: &mut Take, ev: KeyEvent, now_ms: u64) -> Effect {
    if ev.kind == KeyEventKind::Release {
        return Effect::None;
    }
    t.sitting.tick(now_ms);
    t.notice = None;
    match keymap::lookup(&t.contexts(), &ev) {
        Some(a) => apply(t, a, now_ms),
        None if t.typing() => {
            if let KeyCode::Char(c) = ev.code
                && !ev.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
            {
                edit_line(t, |line| line.insert(c));
            }
            Effect::None
        }
        None => Effect::None,
    }
}

/// Text pasted (bracketed paste) into the line being typed, newlines as spaces (the name and
/// a typed answer are one line); nothing outside a line.
pub fn handle_paste(t: &mut Take, text: &str) {
    if t.help.is_some() || !t.typing() {
        return;
    }
    let clean: String = text
        .trim_end_matches(['\r', '\n'])
        .chars()
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .filter(|c| !c.is_control())
        .collect();
    edit_line(t, |line| line.insert_str(&clean));
}

/// Time passing: only the elapsed time shown moves.
pub fn tick(t: &mut Take, now_ms: u64) {
    t.sitting.tick(now_ms);
}

/// Saves when answers changed since the latest write.
fn commit(t: &Take) -> Effect {
    if t.dirty { Effect::Save } else { Effect::None }
}

/// Ends the sitting and asks for the final write.
fn end(t: &mut Take, now_ms: u64) -> Effect {
    t.sitting.close(now_ms);
    Effect::Save
}

fn apply(t: &mut Take, a: Action, now_ms: u64) -> Effect {
    if a == Action::Quit {
        // Ctrl-C: leave at once, keeping every answer given (nothing to keep before the start).
        t.quit = true;
        return match t.phase {
            Phase::Name => Effect::None,
            Phase::Done => commit(t),
            _ => end(t, now_ms),
        };
    }
    if a == Action::QuitAsk {
        // `q` (and Esc on a question) asks before leaving: the quiz is an exam.
        return match t.phase {
            Phase::Question => {
                t.sitting.hide(now_ms);
                t.phase = Phase::Quit;
                commit(t)
            }
            // The question is hidden already (the submission list shows).
            Phase::Submit => {
                t.phase = Phase::Quit;
                Effect::None
            }
            Phase::Done => {
                t.quit = true;
                Effect::None
            }
            Phase::Name | Phase::Quit => Effect::None,
        };
    }
    if a == Action::Help {
        t.help = if t.help.is_some() { None } else { Some(0) };
        return Effect::None;
    }
    if let Some(scroll) = t.help {
        if a == Action::Back {
            t.help = None;
        } else {
            let lines = views::take::help_lines(t);
            if let Some(to) = views::help_scroll(scroll, a, &lines, views::body_rect(t.size, false)) {
                t.help = Some(to);
            }
        }
        return Effect::None;
    }
    if let Action::Edit(e) = a {
        edit_line(t, |line| line.edit(e));
        return Effect::None;
    }
    match t.phase {
        Phase::Name => name_keys(t, a, now_ms),
        Phase::Question => question(t, a, now_ms),
        Phase::Submit => match a {
            Action::Confirm => {
                t.phase = Phase::Done;
                end(t, now_ms)
            }
            Action::Back => resume(t, now_ms),
            Action::ScrollDown => {
                t.list_scroll = t.list_scroll.saturating_add(1);
                Effect::None
            }
            Action::ScrollUp => {
                t.list_scroll = t.list_scroll.saturating_sub(1);
                Effect::None
            }
            _ => Effect::None,
        },
        Phase::Quit => match a {
            Action::Confirm => {
                t.quit = true;
                end(t, now_ms)
            }
            Action::Back => resume(t, now_ms),
            _ => Effect::None,
        },
        Phase::Done => {
            if a == Action::Enter {
                t.quit = true;
            }
            Effect::None
        }
    }
}

fn name_keys(t: &mut Take, a: Action, now_ms: u64) -> Effect {
    match a {
        Action::Enter => {
            t.sitting.name = student_name(&t.name.text);
            t.sitting.start(now_ms);
            t.phase = Phase::Question;
        }
        Action::Back => t.quit = true,
        _ => {}
    }
    Effect::None
}

/// Back from a confirmation to the question that was shown.
fn resume(t: &mut Take, now_ms: u64) -> Effect {
    let i = t.sitting.current();
    t.sitting.go_to(i, now_ms);
    t.phase = Phase::Question;
    Effect::None
}

/// Shows question `i`, its source scrolled to the top.
fn show(t: &mut Take, i: usize, now_ms: u64) {
    t.sitting.go_to(i, now_ms);
    t.scroll = 0;
}

/// The next question, or after the last one the submission's confirmation.
fn advance(t: &mut Take, now_ms: u64) -> Effect {
    let i = t.sitting.current();
    if i + 1 < t.sitting.len() {
        show(t, i + 1, now_ms);
    } else {
        open_submit(t, now_ms);
    }
    commit(t)
}

fn open_submit(t: &mut Take, now_ms: u64) {
    t.sitting.hide(now_ms);
    t.list_scroll = 0;
    t.phase = Phase::Submit;
}

fn question(t: &mut Take, a: Action, now_ms: u64) -> Effect {
    let i = t.sitting.current();
    let n = t.sitting.item().map(|x| x.choices.len()).unwrap_or(0);
    match a {
        Action::Pick(c) if t.sitting.choose(c) => {
            if let Some(h) = t.highlight.get_mut(i) {
                *h = c;
            }
            t.dirty = true;
            advance(t, now_ms)
        }
        Action::Enter if n > 0 => {
            let c = t.highlight.get(i).copied().unwrap_or(0);
            if t.sitting.choose(c) {
                t.dirty = true;
            }
            advance(t, now_ms)
        }
        // A typed expression stays on screen to be retyped (it would be graded wrong); clearing
        // the line moves on without an answer.
        Action::Next if t.typed() => {
            let typed = t.inputs.get(i).map(|l| l.text.trim().to_string()).unwrap_or_default();
            let refused = t
                .sitting
                .item()
                .filter(|_| !typed.is_empty())
                .and_then(|x| x.instance())
                .and_then(|inst| inst.expression_problem(&typed));
            match refused {
                Some(why) => {
                    t.notice = Some(why);
                    Effect::None
                }
                None => advance(t, now_ms),
            }
        }
        Action::Down | Action::Up if n > 0 => {
            if let Some(h) = t.highlight.get_mut(i) {
                *h = if a == Action::Down { (*h + 1) % n } else { (*h + n - 1) % n };
            }
            Effect::None
        }
        Action::Next => advance(t, now_ms),
        Action::Prev => {
            if i > 0 {
                show(t, i - 1, now_ms);
            }
            commit(t)
        }
        Action::ClearAnswer => {
            if t.sitting.answer(i).is_some() {
                t.sitting.set_answer(None);
                t.dirty = true;
            }
            commit(t)
        }
        Action::Finish => {
            open_submit(t, now_ms);
            commit(t)
        }
        Action::ScrollDown => {
            t.scroll = t.scroll.saturating_add(3);
            Effect::None
        }
        Action::ScrollUp => {
            t.scroll = t.scroll.saturating_sub(3);
            Effect::None
        }
        Action::Back => {
            t.sitting.hide(now_ms);
            t.phase = Phase::Quit;
            commit(t)
        }
        _ => Effect::None,
    }
}

/// Applies `f` to the line being typed: the name, or the typed answer (which is the
/// question's answer as it stands, so quitting keeps it even before Enter).
fn edit_line(t: &mut Take, f: impl FnOnce(&mut super::TextInput)) {
    match t.phase {
        Phase::Name => f(&mut t.name),
        Phase::Question if t.typed() => {
            let i = t.sitting.current();
            if let Some(line) = t.inputs.get_mut(i) {
                f(line);
                let text = line.text.clone();
                if t.sitting.answer(i) != Some(text.trim()).filter(|s| !s.is_empty()) {
                    t.sitting.set_answer(Some(&text));
                    t.dirty = true;
                }
            }
        }
        _ => {}
    }
}
