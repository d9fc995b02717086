//! `quiz take --plain` with its saves: the answers are written after each one is given, a
//! failed write is said at once on the error stream (the answers stay in memory and the next
//! answer tries again), and the end writes once more with the final times.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use super::error::QuizError;
use super::model::{Quiz, Responses};
use super::save::ResponsesFile;
use super::take::{Clock, take_saving};

/// What a plain sitting ended with.
#[derive(Debug)]
pub struct Outcome {
    /// The responses, as complete as the input made them.
    pub responses: Responses,
    /// The last write: the file, or why it failed (then the responses exist only here).
    pub saved: Result<PathBuf, QuizError>,
}

/// Runs the line flow of variant `variant`, saving into `file` after each answer and at the
/// end; a failed save is written to `err` when it happens. An error only when the sitting
/// itself cannot run (no such variant, the terminal fails).
#[allow(clippy::too_many_arguments)]
pub fn take_and_save(
    quiz: &Quiz,
    variant: usize,
    name: Option<&str>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    clock: &mut dyn Clock,
    file: &mut ResponsesFile,
) -> Result<Outcome, QuizError> {
    let mut failing = false;
    let mut save = |r: &Responses, file: &mut ResponsesFile, err: &mut dyn Write| {
        let saved = file.save(r);
        match &saved {
            Err(e) => {
                let _ = writeln!(
                    err,
                    "iacquiz quiz take: could not save the answers: {e}. They are kept; the next answer tries again."
                );
                failing = true;
            }
            Ok(p) if failing => {
                let _ = writeln!(err, "iacquiz quiz take: the answers are saved now, to {}.", p.display());
                failing = false;
            }
            Ok(_) => {}
        }
        saved
    };
    let responses = take_saving(quiz, variant, name, input, out, clock, &mut |r| {
        let _ = save(r, file, err);
    })?;
    let saved = save(&responses, file, err);
    Ok(Outcome { responses, saved })
}
