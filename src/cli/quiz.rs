//! `iacquiz quiz`: instructor quizzes. `new` draws and exports a quiz, `take` runs one on a plain
//! terminal (answers read line by line from standard input), `grade` marks the responses.
//! Exit codes: 0 success, 1 the bank fails check, 2 unusable arguments or files.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::bank::BankArgs;
use crate::export::{self, ExportFormat};
use crate::instructor::grade::grade;
use crate::instructor::take::{SystemClock, responses_file_name, take};
use crate::instructor::variants::repeated_values;
use crate::instructor::{Options, Quiz, QuizError, Responses, new_quiz, parse_difficulty};

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
    /// Draw a quiz from the bank and write quiz.json and the exports into a folder.
    New(NewArgs),
    /// Take a quiz on the terminal (one answer per line) and write responses-NAME.json.
    Take(TakeArgs),
    /// Grade responses: a table per student and per question.
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
    /// The folder to write into (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

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
    /// The folder responses-NAME.json is written into.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub out: PathBuf,
}

/// Arguments of `iacquiz quiz grade`.
#[derive(Args, Debug)]
pub struct GradeArgs {
    /// The quiz.json the responses answer.
    #[arg(value_name = "QUIZ.json")]
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
    export::prepare_dir(&a.out)?;
    let bank = match a.bank.load("quiz new") {
        Ok(b) => b,
        Err(code) => return Ok(code),
    };
    let quiz = new_quiz(&bank, &o)?;
    for note in repeated_values(&quiz) {
        eprintln!("iacquiz quiz new: note: {note}");
    }
    let written = export::write(&quiz, &formats, &a.out)?;
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

/// Reads and parses a quiz.json.
pub fn read_quiz(path: &Path) -> Result<Quiz, QuizError> {
    let text = std::fs::read_to_string(path).map_err(|e| QuizError::io(path, &e))?;
    Quiz::from_json(&text).map_err(|reason| QuizError::Invalid {
        path: path.to_path_buf(),
        reason,
    })
}

fn take_cmd(a: TakeArgs) -> Result<i32, QuizError> {
    let quiz = read_quiz(&a.quiz)?;
    if quiz.variant(a.variant).is_none() {
        return Err(QuizError::Usage(format!(
            "--variant {}: the quiz has variants 1 to {}",
            a.variant,
            quiz.variants.len()
        )));
    }
    export::prepare_dir(&a.out)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let responses = take(&quiz, a.variant, a.name.as_deref(), &mut input, &mut out, &mut SystemClock::new())?;
    let path = a.out.join(responses_file_name(&responses.name));
    std::fs::write(&path, responses.to_json()).map_err(|e| QuizError::io(&path, &e))?;
    let _ = writeln!(out, "Responses written to {}.", path.display());
    Ok(0)
}

fn grade_cmd(a: GradeArgs) -> Result<i32, QuizError> {
    let quiz = read_quiz(&a.quiz)?;
    let mut all = Vec::with_capacity(a.responses.len());
    for p in &a.responses {
        let text = std::fs::read_to_string(p).map_err(|e| QuizError::io(p, &e))?;
        all.push(Responses::from_json(&text).map_err(|reason| QuizError::Invalid { path: p.clone(), reason })?);
    }
    let report = grade(&quiz, &all).map_err(|e| QuizError::Invalid {
        path: a.responses.get(e.index).cloned().unwrap_or_default(),
        reason: e.reason,
    })?;
    print!("{}", if a.csv { report.csv() } else { report.text() });
    Ok(0)
}
