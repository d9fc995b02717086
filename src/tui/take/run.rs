//! The terminal loop of `quiz take`: draw, wait for a key (or a quarter second, so the
//! elapsed time moves), apply it, write the responses when the update asks.

use std::io;
use std::path::PathBuf;
use std::time::Duration;

use crossterm::event::{self, Event};

use super::super::palette::{self, Depth};
use super::super::{is_suspend, signals, suspend, views};
use super::Take;
use super::update::{self, Effect};
use crate::instructor::QuizError;
use crate::instructor::take::Clock;

/// Runs `take` on the terminal until the student leaves; the time comes from `clock`.
pub fn run(take: &mut Take, clock: &mut dyn Clock) -> io::Result<()> {
    let depth = Depth::from_env();
    super::super::with_terminal(|terminal| {
        loop {
            update::tick(take, clock.now_ms());
            let size = terminal.size()?;
            take.size = (size.width, size.height);
            terminal.draw(|f| {
                views::take::draw(f, take);
                palette::reduce(f.buffer_mut(), depth);
            })?;
            // SIGTERM/SIGHUP: leave like quitting; the caller writes the answers given.
            if take.quit || signals::received().is_some() {
                return Ok(());
            }
            if super::super::poll(Duration::from_millis(250))? {
                match event::read()? {
                    Event::Key(k) if is_suspend(&k) => suspend(terminal)?,
                    // A failed write is shown as the notice; `finish` tries once more.
                    Event::Key(k) if update::handle_key(take, k, clock.now_ms()) == Effect::Save => {
                        let _ = take.save();
                    }
                    Event::Paste(text) => update::handle_paste(take, &text),
                    Event::Resize(..) => terminal.autoresize()?,
                    _ => {}
                }
            }
        }
    })
}

/// Closes the sitting and writes the final responses unless the latest write already holds
/// them; `None` when the quiz never started (nothing to keep).
pub fn finish(take: &mut Take, now_ms: u64) -> Option<Result<PathBuf, QuizError>> {
    if !take.sitting.started() {
        return None;
    }
    let was_closed = take.sitting.closed();
    take.sitting.close(now_ms);
    match &take.saved {
        Some(Ok(p)) if was_closed && !take.dirty => Some(Ok(p.clone())),
        _ => Some(take.save()),
    }
}
