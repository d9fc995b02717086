//! `quiz take` on a plain terminal: one question after another, each answer read as one line
//! from the input (so a prepared file can answer a quiz in a test), the time spent on each
//! question measured by a [`Clock`]. Nothing says whether an answer is right: this is an exam,
//! `quiz grade` marks it. (The TUI's exam mode is the richer way to take a quiz; this flow
//! needs nothing but standard input and output.)

use std::io::{BufRead, Write};
use std::time::Instant;

use super::error::QuizError;
use super::model::{Format, Item, Quiz, Responses, SCHEMA, Variant};
use crate::instructor::shown::source_blocks;

/// A source of the current time, in milliseconds from any fixed start.
pub trait Clock {
    /// Milliseconds since the clock's start.
    fn now_ms(&mut self) -> u64;
}

/// The machine's monotonic clock.
#[derive(Debug)]
pub struct SystemClock(Instant);

impl SystemClock {
    /// A clock starting now.
    pub fn new() -> SystemClock {
        SystemClock(Instant::now())
    }
}

impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now_ms(&mut self) -> u64 {
        u64::try_from(self.0.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// A clock that advances by a fixed step each time it is read (for tests).
#[derive(Debug, Clone)]
pub struct StepClock {
    /// The current reading.
    pub now: u64,
    /// How far each reading advances it.
    pub step: u64,
}

impl Clock for StepClock {
    fn now_ms(&mut self) -> u64 {
        let t = self.now;
        self.now = self.now.saturating_add(self.step);
        t
    }
}

fn io(e: std::io::Error) -> QuizError {
    QuizError::Io {
        path: "<terminal>".into(),
        reason: e.to_string(),
    }
}

/// Reads one line; `None` at the end of the input.
fn read_line(input: &mut dyn BufRead) -> Result<Option<String>, QuizError> {
    let mut s = String::new();
    match input.read_line(&mut s).map_err(io)? {
        0 => Ok(None),
        _ => Ok(Some(s.trim_end_matches(['\n', '\r']).to_string())),
    }
}

/// Writes one question as the student sees it.
pub fn show(item: &Item, total: usize, out: &mut dyn Write) -> std::io::Result<()> {
    use crate::terminal::safe;
    writeln!(out, "Question {} of {total}", item.number)?;
    writeln!(out, "{}", safe(item.prompt.trim_end()))?;
    for b in source_blocks(item) {
        writeln!(out)?;
        writeln!(out, "  {}:", safe(&b.label))?;
        for l in b.text.trim_end_matches('\n').lines() {
            writeln!(out, "    {}", safe(l))?;
        }
    }
    writeln!(out)?;
    for c in &item.choices {
        writeln!(out, "  {}) {}", safe(&c.key), safe(&c.text))?;
    }
    if !item.choices.is_empty() {
        writeln!(out)?;
    }
    Ok(())
}

fn ask(item: &Item) -> String {
    match item.format {
        Format::Multichoice => {
            let keys: Vec<&str> = item.choices.iter().map(|c| c.key.as_str()).collect();
            let range = match (keys.first(), keys.last()) {
                (Some(a), Some(b)) => format!("{a}-{b}"),
                _ => String::new(),
            };
            format!("Your answer ({range}, or - to skip): ")
        }
        Format::Truefalse => "Your answer (true or false, or - to skip): ".into(),
        Format::Shortanswer => format!("{} Your answer (- to skip): ", crate::instructor::shown::type_hint(item)),
    }
}

/// Checks one line of input against the question; `Ok(None)` means skip, `Err` a reason to
/// ask again.
fn accept(item: &Item, line: &str) -> Result<Option<String>, String> {
    let t = line.trim();
    if t == "-" {
        return Ok(None);
    }
    if t.is_empty() {
        return Err("Please give an answer, or - to skip.".into());
    }
    match item.format {
        // A digit picks as in the TUI (`1` is the first choice).
        Format::Multichoice => match item.choice(t).or_else(|| {
            t.parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| item.choices.get(i))
        }) {
            Some(c) => Ok(Some(c.key.clone())),
            None => Err("Please answer with the letter or number of a choice, or - to skip.".into()),
        },
        Format::Truefalse => match t.to_ascii_lowercase().as_str() {
            "t" | "true" | "y" | "yes" => Ok(Some("true".into())),
            "f" | "false" | "n" | "no" => Ok(Some("false".into())),
            _ => match item.choice(t) {
                Some(c) => Ok(Some(c.text.clone())),
                None => Err("Please answer true or false, or - to skip.".into()),
            },
        },
        // An expression is asked again (it would be graded wrong): the refusal says nothing
        // about whether the value is right.
        Format::Shortanswer => match item.instance().and_then(|i| i.expression_problem(t)) {
            Some(why) => Err(format!("{}. Type it again, or - to skip.", capital(&why))),
            None => Ok(Some(t.to_string())),
        },
    }
}

/// `s` with its first letter capitalised, for a sentence on its own line.
fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// Runs variant `variant` of `quiz`, reading answers line by line from `input`. Without a
/// name it asks for one first. At the end of the input the questions left are skipped.
pub fn take(
    quiz: &Quiz,
    variant: usize,
    name: Option<&str>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    clock: &mut dyn Clock,
) -> Result<Responses, QuizError> {
    take_saving(quiz, variant, name, input, out, clock, &mut |_| {})
}

/// [`take`], handing the responses so far to `answered` after each answer, so the caller can
/// save them as they are given.
pub fn take_saving(
    quiz: &Quiz,
    variant: usize,
    name: Option<&str>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    clock: &mut dyn Clock,
    answered: &mut dyn FnMut(&Responses),
) -> Result<Responses, QuizError> {
    let Some(v) = quiz.variant(variant) else {
        return Err(super::sitting::no_such_variant(quiz, variant));
    };
    let name = match name {
        Some(n) => n.trim().to_string(),
        None => {
            write!(out, "Your name: ").map_err(io)?;
            out.flush().map_err(io)?;
            read_line(input)?.map(|l| l.trim().to_string()).unwrap_or_default()
        }
    };
    let name = if name.is_empty() { "anonymous".to_string() } else { name };
    run(quiz, v, name, input, out, clock, answered)
}

fn run(
    quiz: &Quiz,
    v: &Variant,
    name: String,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    clock: &mut dyn Clock,
    answered: &mut dyn FnMut(&Responses),
) -> Result<Responses, QuizError> {
    let total = v.questions.len();
    writeln!(
        out,
        "Quiz (seed {}, variant {} of {}): {total} question{}. Answer each on one line; - skips a question.",
        quiz.seed,
        v.variant,
        quiz.variants.len(),
        if total == 1 { "" } else { "s" }
    )
    .map_err(io)?;
    let mut responses = Responses {
        schema: SCHEMA,
        quiz_seed: quiz.seed,
        quiz: Some(quiz.fingerprint()),
        questions: Some(quiz.questions.len()),
        variant: v.variant,
        name,
        id: None,
        answers: v
            .questions
            .iter()
            .map(|item| super::model::Response {
                number: item.number,
                id: item.id.clone(),
                answer: None,
                time_ms: 0,
            })
            .collect(),
    };
    for (i, item) in v.questions.iter().enumerate() {
        writeln!(out).map_err(io)?;
        show(item, total, out).map_err(io)?;
        let start = clock.now_ms();
        let mut answer = None;
        let mut ended = false;
        loop {
            write!(out, "{}", crate::terminal::safe(&ask(item))).map_err(io)?;
            out.flush().map_err(io)?;
            let Some(line) = read_line(input)? else {
                writeln!(out).map_err(io)?;
                ended = true;
                break;
            };
            match accept(item, &line) {
                Ok(a) => {
                    answer = a;
                    break;
                }
                Err(why) => writeln!(out, "{why}").map_err(io)?,
            }
        }
        if let Some(r) = responses.answers.get_mut(i) {
            r.answer = answer;
            r.time_ms = clock.now_ms().saturating_sub(start);
        }
        if ended {
            break;
        }
        answered(&responses);
    }
    let n = responses.answers.iter().filter(|a| a.answer.is_some()).count();
    writeln!(out, "\nAnswered {n} of {total}.").map_err(io)?;
    Ok(responses)
}

/// The most bytes of a student's name a responses file name keeps (the full name is inside
/// the file): short enough for any file system's 255-byte limit with room to spare.
pub const NAME_BYTES: usize = 60;

/// The `n`th file name (1-based) a student's responses may be written to:
/// `responses-NAME.json`, then `responses-NAME-2.json`, ...; the name kept to letters, digits,
/// `-`, `_` and `.` (anything else becomes `_`) and to its first [`NAME_BYTES`] bytes.
pub fn responses_file_name(name: &str, n: usize) -> String {
    let mut safe = String::new();
    for c in name.chars() {
        let c = if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
            c
        } else {
            '_'
        };
        if safe.len() + c.len_utf8() > NAME_BYTES {
            break;
        }
        safe.push(c);
    }
    let safe = safe.trim_start_matches('.');
    let safe = if safe.is_empty() { "anonymous" } else { safe };
    match n {
        0 | 1 => format!("responses-{safe}.json"),
        n => format!("responses-{safe}-{n}.json"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_safe_and_bounded() {
        assert_eq!(responses_file_name("alice", 1), "responses-alice.json");
        assert_eq!(responses_file_name("alice", 3), "responses-alice-3.json");
        assert_eq!(responses_file_name("Ann Lee/../x", 1), "responses-Ann_Lee_.._x.json");
        assert_eq!(responses_file_name("...", 1), "responses-anonymous.json");
        let long = responses_file_name(&"é".repeat(300), 10_000);
        assert_eq!(long, format!("responses-{}-10000.json", "é".repeat(30)));
        assert!(long.len() <= 100);
    }
}
