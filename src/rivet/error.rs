//! Compile errors: what went wrong, in words a person can act on, and where (`file:line:col`).
//!
//! Inside the evaluator every error travels as a [`Diag`]; the rivet engine's own errors put
//! their [`ErrorKind`] title in the summary, so the kind survives the trip and comes back out.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::lang::Rule;
use crate::lang::syntax::Span;
use crate::lang::syntax::diag::{Diag, locate};

/// The kind of a compile error (one per rule the engine enforces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The text is not valid HCL.
    Syntax,
    /// A file or module folder cannot be read, or lies outside the configuration's folder.
    Load,
    /// A block is malformed: wrong labels, unknown arguments, duplicates.
    Declaration,
    /// A variable's value is missing or does not fit its type.
    Variable,
    /// A reference names nothing, or uses the wrong key type.
    Reference,
    /// for_each is not a map or a set of strings.
    ForEach,
    /// count is not a public, nonnegative, whole, compile-time number.
    Count,
    /// count and for_each are both set.
    Expansion,
    /// An instance key is empty or holds a control character.
    Key,
    /// An identity (key or set value) is sensitive.
    Sensitive,
    /// The compilation would exceed a global limit.
    Limit,
    /// An output's value does not fit its type.
    Output,
    /// A depends_on entry is not a reference to a resource or module call.
    DependsOn,
    /// Declarations refer to each other in a cycle.
    Cycle,
    /// Any other evaluation error (from the expression language).
    Eval,
}

/// Every kind with the title its messages carry.
const TITLES: &[(ErrorKind, &str)] = &[
    (ErrorKind::Syntax, "syntax error"),
    (ErrorKind::Load, "cannot load"),
    (ErrorKind::Declaration, "invalid declaration"),
    (ErrorKind::Variable, "invalid variable"),
    (ErrorKind::Reference, "invalid reference"),
    (ErrorKind::ForEach, "invalid for_each"),
    (ErrorKind::Count, "invalid count"),
    (ErrorKind::Expansion, "invalid expansion"),
    (ErrorKind::Key, "invalid key"),
    (ErrorKind::Sensitive, "sensitive identity"),
    (ErrorKind::Limit, "limit exceeded"),
    (ErrorKind::Output, "invalid output"),
    (ErrorKind::DependsOn, "invalid depends_on"),
    (ErrorKind::Cycle, "dependency cycle"),
    (ErrorKind::Eval, "evaluation error"),
];

impl ErrorKind {
    /// The short title printed before the message (`invalid for_each`).
    pub fn title(self) -> &'static str {
        TITLES.iter().find(|(k, _)| *k == self).map(|(_, t)| *t).unwrap_or("error")
    }
    fn from_title(t: &str) -> Option<ErrorKind> {
        TITLES.iter().find(|(_, x)| *x == t).map(|(k, _)| *k)
    }
    /// A diagnostic of this kind at `span` (fatal: `try()` does not hide it).
    pub fn at(self, span: &Span, message: impl Into<String>) -> Diag {
        Diag::new(self.title(), message).at(span).fatal()
    }
}

/// A compile error with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RivetError {
    /// What kind of rule was broken.
    pub kind: ErrorKind,
    /// What happened and what to do about it.
    pub message: String,
    /// The file, relative to the configuration's folder.
    pub file: Option<String>,
    /// The 1-based line.
    pub line: Option<usize>,
    /// The 1-based column.
    pub column: Option<usize>,
    /// The rules the compilation consulted before it failed.
    pub touched: BTreeSet<Rule>,
}

impl RivetError {
    /// An error without a position.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> RivetError {
        RivetError {
            kind,
            message: message.into(),
            file: None,
            line: None,
            column: None,
            touched: BTreeSet::new(),
        }
    }

    /// Converts a diagnostic, locating its span in the file it names (`sources`: name → text).
    pub fn from_diag(d: &Diag, sources: &BTreeMap<String, String>) -> RivetError {
        let (kind, message) = match ErrorKind::from_title(&d.summary) {
            Some(k) => (k, d.detail.clone()),
            None => (ErrorKind::Eval, d.to_string()),
        };
        let mut e = RivetError::new(kind, message);
        e.file = d.file.clone();
        if let (Some(f), Some(span)) = (&d.file, &d.span)
            && let Some(src) = sources.get(f)
            && let Some((line, col, _)) = locate(src, span.start)
        {
            e.line = Some(line);
            e.column = Some(col);
        }
        e
    }

    /// `file:line:col` (as much of it as is known), or empty.
    pub fn location(&self) -> String {
        match (&self.file, self.line, self.column) {
            (Some(f), Some(l), Some(c)) => format!("{f}:{l}:{c}"),
            (Some(f), Some(l), None) => format!("{f}:{l}"),
            (Some(f), None, _) => f.clone(),
            _ => String::new(),
        }
    }

    /// Replaces every occurrence of a secret in the message (so no sensitive key or value leaks).
    pub fn redact(mut self, secrets: &[String]) -> RivetError {
        for s in secrets {
            if s.chars().count() >= 2 && self.message.contains(s.as_str()) {
                self.message = self.message.replace(s.as_str(), "(sensitive value)");
            }
        }
        self
    }
}

impl fmt::Display for RivetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loc = self.location();
        if loc.is_empty() {
            write!(f, "{}: {}", self.kind.title(), self.message)
        } else {
            write!(f, "{loc}: {}: {}", self.kind.title(), self.message)
        }
    }
}

impl std::error::Error for RivetError {}
