//! `iacquiz quiz`: instructor quizzes. `new` draws and exports a quiz, `take` runs one in the
//! TUI's exam mode (or, without a terminal or with `--plain`, line by line on standard input),
//! `grade` marks the responses.
//! Exit codes: 0 success, 1 the bank fails check, 2 unusable arguments or files.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::bank::BankArgs;
use crate::export::{self, ExportFormat};
use crate::instructor::grade::{fits, grade};
use crate::instructor::plain::take_and_save;
use crate::instructor::save::ResponsesFile;
use crate::instructor::sitting::no_such_variant;
use crate::instructor::take::{Clock, SystemClock};
use crate::instructor::variants::repeated_values;
use crate::instructor::{Options, Quiz, QuizError, Responses, new_quiz, parse_difficulty};
use crate::tui::take::{Phase, Take, run as take_tui};
use crate::tui::theme::Theme;

/// Arguments of `iacquiz quiz`.
#[derive(Args, Debug)]
pub struct QuizArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: QuizCommand,
}

/// The `quiz` subcommands.
#[derive(Subcommand, Debug)]
pub enum QuizCommand {
    /// Draw a quiz from the bank and write quiz.json (for students), key.json and the exports into a folder.
    New(NewArgs),
    /// Take a quiz in the TUI (no feedback; line by line without a terminal), write responses-NAME.json.
    #[command(long_about = TAKE_ABOUT)]
    Take(TakeArgs),
    /// Grade responses: a table per student and per question (a file that cannot be graded is
    /// listed, and the others are graded).
    Grade(GradeArgs),
}

/// Arguments of `iacquiz quiz new`.
#[derive(Args, Debug)]
pub struct NewArgs {
    /// How many questions.
    #[arg(long, value_name = "N")]
    pub count: usize,
    /// Draw from this topic (repeatable; default: every topic).
    #[arg(long = "topic", value_name = "T")]
    pub topics: Vec<String>,
    /// The difficulty range, MIN-MAX (1 to 5) or one level.
    #[arg(long, value_name = "MIN-MAX", default_value = "1-5")]
    pub difficulty: String,
    /// The seed: the same seed and arguments give the same files.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// How many variants (one per student group): parameterised questions differ between them.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub variants: usize,
    /// Which bank to draw from.
    #[command(flatten)]
    pub bank: BankArgs,
    /// The exports, comma-separated: md, html, gift, moodle, json (quiz.json is always written).
    #[arg(long, value_name = "LIST")]
    pub format: String,
    /// The folder to write into (created if missing). A folder that holds another quiz is
    /// refused (its students' responses would no longer grade); a link at a quiz file's name is
    /// always refused.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Replace another quiz in --out: each of its files (quiz.json, key.json and the exports)
    /// is removed or written over; responses files are left alone.
    #[arg(long)]
    pub force: bool,
}

const TAKE_ABOUT: &str = "Take a quiz and write responses-NAME.json for `quiz grade`.

On a terminal this opens the TUI's exam mode on the variant: its questions in order, the
choices as quiz.json lists them (a-e or 1-5 pick, or j/k and Enter), typed answers on an input
line, the elapsed time in the header. n and p (Tab, Shift-Tab) move between questions; an
answer can be changed until the quiz is submitted (s or F10, then y). Nothing says whether an
answer is right. Answers are saved as they are given (written atomically); quitting (q or Esc,
then y) and Ctrl-C keep every answer given.

When standard input or output is not a terminal, with TERM=dumb, or with --plain, the
questions are asked one after another and each answer is read as one line from standard input
(- skips one).

Each sitting gets a file of its own: responses-NAME.json, or responses-NAME-2.json, -3, ...
when that name is taken (another sitting, or another name that makes the same file name);
no file is ever overwritten. NAME is the student's name made safe for a file name and cut to
60 bytes; the full name is inside the file, and `quiz grade` reports it. A save that fails
says so at once (the TUI's status line, or standard error) and the next answer tries again;
if the last one fails, the responses are printed on standard output and the exit code is 2.

--out may be a folder other students write too: temporary files get random names and are
created new, and a responses file that is (or becomes) a symbolic link is never written
through. A sitting killed mid-save (kill -9, a power cut) leaves a hidden temporary file;
the next quiz take of the same quiz in that folder puts its answers back in place (or in a
file of their own) and removes the temporaries that are no longer needed.";

/// Arguments of `iacquiz quiz take`.
#[derive(Args, Debug)]
pub struct TakeArgs {
    /// The quiz.json to take.
    #[arg(value_name = "QUIZ.json")]
    pub quiz: PathBuf,
    /// Which variant (1-based).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub variant: usize,
    /// The student's name (asked for first when not given).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// The student's idnumber or email, kept in the responses for a gradebook import.
    #[arg(long, value_name = "ID")]
    pub id: Option<String>,
    /// The folder responses-NAME.json is written into.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: PathBuf,
    /// Ask line by line on standard input and output even on a terminal (no TUI).
    #[arg(long)]
    pub plain: bool,
}

/// Arguments of `iacquiz quiz grade`.
#[derive(Args, Debug)]
pub struct GradeArgs {
    /// The quiz's key.json (or the quiz.json beside it).
    #[arg(value_name = "KEY.json")]
    pub quiz: PathBuf,
    /// The responses files (responses-NAME.json).
    #[arg(value_name = "RESPONSES", required = true)]
    pub responses: Vec<PathBuf>,
    /// Print CSV (the students' table, a blank line, the questions' table).
    #[arg(long)]
    pub csv: bool,
}

/// Runs `iacquiz quiz`.
pub fn run(a: QuizArgs) -> i32 {
    let (name, result) = match a.command {
        QuizCommand::New(a) => ("new", new(a)),
        QuizCommand::Take(a) => ("take", take_cmd(a)),
        QuizCommand::Grade(a) => ("grade", grade_cmd(a)),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("iacquiz quiz {name}: {e}");
            e.exit_code()
        }
    }
}

fn new(a: NewArgs) -> Result<i32, QuizError> {
    let difficulty = parse_difficulty(&a.difficulty).map_err(QuizError::Usage)?;
    let formats = ExportFormat::parse_list(&a.format).map_err(QuizError::Usage)?;
    let o = Options {
        count: a.count,
        topics: a
            .topics
            .iter()
            .flat_map(|t| t.split(','))
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .collect(),
        difficulty,
        seed: a.seed,
        variants: a.variants,
    };
    if o.count == 0 {
        return Err(QuizError::Usage("--count must be at least 1".into()));
    }
    if o.variants == 0 {
        return Err(QuizError::Usage("--variants must be at least 1".into()));
    }
    // A refused quiz leaves no empty --out folder behind: the folder is removed again if this
    // run made it and nothing was written (remove_dir fails on a folder with files).
    let made = !a.out.exists();
    let forget = |out: &Path| {
        if made {
            let _ = std::fs::remove_dir(out);
        }
    };
    export::prepare_dir(&a.out)?;
    let bank = match a.bank.load("quiz new") {
        Ok(b) => b,
        Err(code) => {
            forget(&a.out);
            return Ok(code);
        }
    };
    let quiz = match new_quiz(&bank, &o) {
        Ok(q) => q,
        Err(e) => {
            forget(&a.out);
            return Err(e);
        }
    };
    for note in repeated_values(&quiz) {
        eprintln!("iacquiz quiz new: note: {}", crate::terminal::safe(&note));
    }
    let written = export::write_with(&quiz, &formats, &a.out, a.force)?;
    if formats.contains(&ExportFormat::Gift) {
        // GIFT cannot say that case matters: the instructor learns which questions changed.
        let mut by_what: Vec<(String, Vec<String>)> = Vec::new();
        for c in export::typed::gift_changes(&quiz) {
            match by_what.iter_mut().find(|(w, _)| *w == c.what) {
                Some((_, titles)) => titles.push(c.title),
                None => by_what.push((c.what, vec![c.title])),
            }
        }
        for (what, titles) in by_what {
            let line = format!(
                "iacquiz quiz new: quiz.gift asks {} as {what} ({})",
                plural(titles.len(), "question"),
                titles.join(", ")
            );
            eprintln!("{}", crate::terminal::safe(&line));
        }
    }
    let names: Vec<String> = written
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().to_string()))
        .collect();
    println!(
        "Wrote {} to {} ({} question{}, {} variant{}, seed {}).",
        names.join(", "),
        a.out.display(),
        quiz.questions.len(),
        if quiz.questions.len() == 1 { "" } else { "s" },
        quiz.variants.len(),
        if quiz.variants.len() == 1 { "" } else { "s" },
        quiz.seed
    );
    Ok(0)
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The largest quiz.json read (a quiz of a hundred questions in ten variants is a few MiB).
pub const MAX_QUIZ_BYTES: u64 = 32 << 20;
/// The largest responses file read.
pub const MAX_RESPONSES_BYTES: u64 = 8 << 20;

/// Reads and parses a quiz.json: a regular file (a FIFO or a device is refused, not read) of at
/// most [`MAX_QUIZ_BYTES`]. It is named on the command line, so it may be in any folder.
pub fn read_quiz(path: &Path) -> Result<Quiz, QuizError> {
    let text = crate::confine::read_regular_text(path, MAX_QUIZ_BYTES)?;
    Quiz::from_json(&text).map_err(|reason| QuizError::Invalid {
        path: path.to_path_buf(),
        reason,
    })
}

fn take_cmd(a: TakeArgs) -> Result<i32, QuizError> {
    let quiz = read_quiz(&a.quiz)?;
    if quiz.variant(a.variant).is_none() {
        return Err(no_such_variant(&quiz, a.variant));
    }
    export::prepare_dir(&a.out)?;
    // What sittings killed in this folder left behind (kill -9, a power cut) is put back.
    for line in crate::instructor::save::recover(&a.out, &quiz) {
        eprintln!("iacquiz quiz take: {}", crate::terminal::safe(&line));
    }
    // TERM=dumb cannot show the TUI; the line-by-line mode works there.
    let dumb = crate::tui::unusable_term(std::env::var("TERM").ok().as_deref()).is_some();
    if !a.plain && !dumb && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        return take_on_screen(&quiz, &a);
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    let mut file = ResponsesFile::new(&a.out).with_id(a.id.clone());
    let mut clock = SystemClock::new();
    let name = a.name.as_deref();
    let o = take_and_save(&quiz, a.variant, name, &mut input, &mut out, &mut err, &mut clock, &mut file)?;
    match o.saved {
        Ok(path) => {
            let _ = writeln!(out, "Responses written to {}.", path.display());
            Ok(0)
        }
        Err(e) => {
            // Already said on the error stream; the answers must not be lost with it.
            let _ = writeln!(err, "iacquiz quiz take: {e}\nThe responses follow on standard output: keep them.");
            let _ = write!(out, "{}", o.responses.to_json());
            Ok(2)
        }
    }
}

/// `quiz take` in the TUI. Whatever ends it (submitting, quitting, Ctrl-C, a terminal error),
/// the answers given are written; if even that fails they are printed, so none is lost.
fn take_on_screen(quiz: &Quiz, a: &TakeArgs) -> Result<i32, QuizError> {
    let mut clock = SystemClock::new();
    let now = clock.now_ms();
    let mut t = Take::new(quiz, a.variant, a.name.as_deref(), &a.out, Theme::from_env(), now)?;
    t.file = ResponsesFile::new(&a.out).with_id(a.id.clone());
    let ran = take_tui::run(&mut t, &mut clock);
    let now = clock.now_ms();
    let written = take_tui::finish(&mut t, now);
    let mut code = crate::tui::signals::received().map_or(0, crate::tui::signals::exit_code);
    if let Err(e) = ran {
        eprintln!("iacquiz quiz take: terminal error: {e}");
        code = 1;
    }
    let s = &t.sitting;
    match written {
        None => eprintln!("iacquiz quiz take: left before the quiz started; nothing written."),
        Some(Ok(path)) => println!(
            "{} {} of {} answered. Responses written to {}.",
            if t.phase == Phase::Done {
                "Submitted:"
            } else {
                "Quit before submitting:"
            },
            s.answered(),
            s.len(),
            path.display()
        ),
        Some(Err(e)) => {
            eprintln!("iacquiz quiz take: {e}\nThe responses follow on standard output: keep them.");
            print!("{}", t.responses().to_json());
            code = 2;
        }
    }
    Ok(code)
}

/// The quiz with its key that `quiz grade` grades with: `path` itself when it holds the key
/// (`key.json`, or a quiz.json made before the students' copy existed), else the `key.json`
/// beside the students' copy, when it is the key of that very quiz.
pub fn read_key(path: &Path) -> Result<Quiz, QuizError> {
    let quiz = read_quiz(path)?;
    if !quiz.student {
        return Ok(quiz);
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let key_path = dir.join(export::json::KEY_FILE);
    let refuse = |why: String| QuizError::Invalid {
        path: path.to_path_buf(),
        reason: format!(
            "this is the students' copy of the quiz, without the answers, and {why}; grade with the {} `quiz new` wrote with it: iacquiz quiz grade KEY.json RESPONSES...",
            export::json::KEY_FILE
        ),
    };
    if !key_path.is_file() {
        return Err(refuse(format!("there is no {} beside it", export::json::KEY_FILE)));
    }
    let key = read_quiz(&key_path)?;
    // The key of this very quiz gives back this copy, byte for byte.
    if key.student || key.student_copy() != quiz {
        return Err(refuse(format!("{} beside it is the key of another quiz", key_path.display())));
    }
    eprintln!("iacquiz quiz grade: grading with the key {}", key_path.display());
    Ok(key)
}

/// `quiz grade`: every responses file that can be read and answers this quiz is graded; one
/// that cannot (not JSON, another quiz, unreadable) is listed on standard error with why, and
/// the exit code is then 2, but it does not keep the rest of the class from being graded.
fn grade_cmd(a: GradeArgs) -> Result<i32, QuizError> {
    let quiz = read_key(&a.quiz)?;
    let mut good = Vec::with_capacity(a.responses.len());
    let mut paths = Vec::with_capacity(a.responses.len());
    let mut bad: Vec<QuizError> = Vec::new();
    for p in &a.responses {
        let read = crate::confine::read_regular_text(p, MAX_RESPONSES_BYTES)
            .map_err(QuizError::from)
            .and_then(|text| Responses::from_json(&text).map_err(|reason| QuizError::Invalid { path: p.clone(), reason }))
            .and_then(|r| match fits(&quiz, &r) {
                Ok(_) => Ok(r),
                Err(reason) => Err(QuizError::Invalid { path: p.clone(), reason }),
            });
        match read {
            Ok(r) => {
                good.push(r);
                paths.push(p.clone());
            }
            Err(e) => bad.push(e),
        }
    }
    if !good.is_empty() {
        let report = grade(&quiz, &good).map_err(|e| QuizError::Invalid {
            path: paths.get(e.index).cloned().unwrap_or_default(),
            reason: e.reason,
        })?;
        for (id, who) in &report.shared_ids {
            let files: Vec<String> = who
                .iter()
                .filter_map(|&i| Some(format!("{} ({})", paths.get(i)?.display(), report.students.get(i)?.name)))
                .collect();
            let line = format!(
                "iacquiz quiz grade: warning: {} responses files give the idnumber {id}: {}. A gradebook import applies one row per idnumber: each row is listed here, find out whose each one is before importing.",
                files.len(),
                files.join(", ")
            );
            eprintln!("{}", crate::terminal::safe(&line));
        }
        print!("{}", crate::terminal::safe(&if a.csv { report.csv() } else { report.text() }));
    }
    if bad.is_empty() {
        return Ok(0);
    }
    let mut msg = format!(
        "iacquiz quiz grade: {} of {} responses file{} not graded:",
        bad.len(),
        a.responses.len(),
        if a.responses.len() == 1 { "" } else { "s" }
    );
    for e in &bad {
        msg.push_str(&format!("\n  {e}"));
    }
    eprintln!("{}", crate::terminal::safe(&msg));
    Ok(2)
}
