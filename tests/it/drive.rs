//! Shared by the TUI tests: key events as a person types them, through the app's own key
//! handling.

#![allow(dead_code)]

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use iacquiz::tui::{App, update};

/// Presses one key, without modifiers.
pub fn press(app: &mut App, code: KeyCode) {
    update::handle_key(app, KeyEvent::new(code, KeyModifiers::NONE));
}

/// Presses one character key.
pub fn ch(app: &mut App, c: char) {
    press(app, KeyCode::Char(c));
}

/// Types `s`, one key per character.
pub fn typed(app: &mut App, s: &str) {
    for c in s.chars() {
        ch(app, c);
    }
}
