//! The errors of building, writing, taking and grading a quiz, each with the exit code the
//! command line gives it (1 a finding about the bank, 2 unusable input).

use std::fmt;
use std::path::PathBuf;

/// A question of the bank that fails `check`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failing {
    /// The question's id.
    pub id: String,
    /// Where it is (`path:line:column`).
    pub origin: String,
    /// What is wrong.
    pub problems: Vec<String>,
}

/// Why a quiz could not be made, written, read, taken or graded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuizError {
    /// An argument cannot be used (exit 2).
    Usage(String),
    /// The bank fails `check` (exit 1).
    BankFails(Vec<Failing>),
    /// A drawn question has no instance whose answer the engine can give (exit 1).
    NoInstance {
        /// The question's id.
        id: String,
        /// What was wrong with the instances tried.
        problems: Vec<String>,
    },
    /// A file or folder cannot be read or written (exit 2).
    Io {
        /// The path.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// A quiz or responses file is not usable (exit 2).
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

impl QuizError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            QuizError::BankFails(_) | QuizError::NoInstance { .. } => 1,
            QuizError::Usage(_) | QuizError::Io { .. } | QuizError::Invalid { .. } => 2,
        }
    }

    /// An I/O error on `path`.
    pub fn io(path: impl Into<PathBuf>, e: &std::io::Error) -> QuizError {
        QuizError::Io {
            path: path.into(),
            reason: e.to_string(),
        }
    }
}

impl From<crate::confine::ReadError> for QuizError {
    /// A file the read gate refused (not a regular file, too large, missing): exit 2.
    fn from(e: crate::confine::ReadError) -> QuizError {
        let path = PathBuf::from(e.path());
        let full = e.to_string();
        // The gate's message starts with the path, which Display puts back.
        let reason = full.strip_prefix(&format!("{}: ", e.path())).unwrap_or(&full).to_string();
        QuizError::Io { path, reason }
    }
}

impl From<crate::atomic_write::WriteError> for QuizError {
    /// A file that could not be written (a link, a full disk, no permission): exit 2.
    fn from(e: crate::atomic_write::WriteError) -> QuizError {
        QuizError::Io {
            path: e.path().to_path_buf(),
            reason: e.reason(),
        }
    }
}

impl fmt::Display for QuizError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuizError::Usage(m) => f.write_str(m),
            QuizError::BankFails(qs) => {
                write!(
                    f,
                    "the bank fails check ({} question{}); a quiz is made only from a bank that passes:",
                    qs.len(),
                    if qs.len() == 1 { "" } else { "s" }
                )?;
                for q in qs {
                    write!(f, "\n  {} ({})", q.id, q.origin)?;
                    for p in &q.problems {
                        write!(f, "\n    {p}")?;
                    }
                }
                Ok(())
            }
            QuizError::NoInstance { id, problems } => {
                write!(f, "question {id}: no instance whose answer the engine can give")?;
                for p in problems {
                    write!(f, "\n    {p}")?;
                }
                Ok(())
            }
            QuizError::Io { path, reason } => write!(f, "{}: {reason}", path.display()),
            QuizError::Invalid { path, reason } => write!(f, "{}: {reason}", path.display()),
        }
    }
}

impl std::error::Error for QuizError {}
