//! Diagnostics: Terraform's summary and detail, and where in the source the problem is.

use std::fmt;
use std::ops::Range;

/// An error as Terraform reports it: a summary, a detail sentence, and a byte span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    /// The one-line summary (`Invalid index`).
    pub summary: String,
    /// The detail sentence in Terraform's wording.
    pub detail: String,
    /// Byte range of the failing sub-expression in the source, when known.
    pub span: Option<Range<usize>>,
    /// True for errors Terraform finds before evaluating (undeclared references, unknown
    /// functions): `try()` and `can()` do not catch them.
    pub fatal: bool,
    /// The file the span is in (`None`: the expression itself).
    pub file: Option<String>,
    /// Caused by a sensitive value: the references holding one are listed under it ("has a
    /// sensitive value"), as Terraform lists them only then.
    pub by_sensitive: bool,
    /// Caused by an ephemeral value ("has an ephemeral value").
    pub by_ephemeral: bool,
}

impl Diag {
    /// A diagnostic without a position yet.
    pub fn new(summary: impl Into<String>, detail: impl Into<String>) -> Diag {
        Diag {
            summary: summary.into(),
            detail: detail.into(),
            span: None,
            fatal: false,
            file: None,
            by_sensitive: false,
            by_ephemeral: false,
        }
    }
    /// Says the problem was caused by a sensitive and/or an ephemeral value.
    pub fn caused_by(mut self, sensitive: bool, ephemeral: bool) -> Diag {
        self.by_sensitive = sensitive;
        self.by_ephemeral = ephemeral;
        self
    }
    /// Sets the span unless one is already set (the innermost position wins).
    pub fn at(mut self, span: &Range<usize>) -> Diag {
        if self.span.is_none() {
            self.span = Some(span.clone());
        }
        self
    }
    /// Names the file the span refers to, unless one is named already.
    pub fn in_file(mut self, file: &str) -> Diag {
        if self.file.is_none() {
            self.file = Some(file.to_string());
        }
        self
    }
    /// Marks the error as one `try()` and `can()` cannot catch.
    pub fn fatal(mut self) -> Diag {
        self.fatal = true;
        self
    }
    /// Renders the diagnostic with a caret line under the failing part of `source`.
    pub fn render(&self, source: &str, name: &str) -> String {
        let mut out = format!("Error: {}\n", self.summary);
        if let Some(span) = &self.span
            && let Some((line_no, col, line)) = locate(source, span.start)
        {
            let width = source
                .get(span.clone())
                .map(|s| s.lines().next().unwrap_or("").chars().count())
                .unwrap_or(1)
                .max(1)
                .min(line.chars().count().saturating_sub(col - 1).max(1));
            out.push_str(&format!("\n  on {name} line {line_no}, column {col}:\n"));
            // Show at most a window of the line around the caret, so a huge input stays readable.
            let chars: Vec<char> = line.chars().collect();
            let from = (col - 1).saturating_sub(60);
            let to = (col - 1 + width.min(60) + 60).min(chars.len());
            let shown: String = chars[from.min(chars.len())..to].iter().collect();
            let (pre, post) = (if from > 0 { "…" } else { "" }, if to < chars.len() { "…" } else { "" });
            out.push_str(&format!("  {line_no:>4}: {pre}{shown}{post}\n"));
            let pad = col - 1 - from + pre.chars().count();
            out.push_str(&format!("        {}{}\n", " ".repeat(pad), "^".repeat(width.min(60))));
        }
        if !self.detail.is_empty() {
            out.push('\n');
            out.push_str(&self.detail);
            out.push('\n');
        }
        out
    }
}

/// The errors of the sub-expressions HCL evaluates before giving up (call arguments, operands,
/// constructor items), reduced to the one `terraform console` prints first: it sorts
/// diagnostics by source position (tfdiags' `Diagnostics.Sort`, a stable sort: one without a
/// position first, then by file, start and end), and a learner is shown the first.
#[derive(Debug, Default)]
pub struct Gathered(Option<Diag>);

impl Gathered {
    /// Adds an error; the earlier-printed of it and those gathered so far is kept.
    pub fn add(&mut self, d: Diag) {
        self.0 = Some(match self.0.take() {
            Some(kept) if !printed_before(&d, &kept) => kept,
            _ => d,
        });
    }
    /// True when an error was gathered.
    pub fn any(&self) -> bool {
        self.0.is_some()
    }
    /// The error printed first, if any was gathered.
    pub fn finish(self) -> Result<(), Diag> {
        match self.0 {
            Some(d) => Err(d),
            None => Ok(()),
        }
    }
}

/// True when Terraform's stable diagnostic sort puts `a` strictly before `b`.
fn printed_before(a: &Diag, b: &Diag) -> bool {
    let key = |d: &Diag| {
        d.span.as_ref().map(|r| {
            let file = d.file.as_deref().unwrap_or("");
            (file.matches('/').count(), file.to_string(), r.start, r.end)
        })
    };
    // `None` (no position) sorts first, as in tfdiags.
    key(a) < key(b)
}

/// `file:line,col-col` as HCL prints a source range (columns 1-based, end exclusive).
pub fn range_text(file: &str, src: &str, span: &Range<usize>) -> String {
    let pos = |off: usize| {
        let before = src.get(..off.min(src.len())).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
        (line, col)
    };
    let (l1, c1) = pos(span.start);
    let (l2, c2) = pos(span.end);
    if l1 == l2 {
        format!("{file}:{l1},{c1}-{c2}")
    } else {
        format!("{file}:{l1},{c1}-{l2},{c2}")
    }
}

/// Finds the 1-based line and column (in characters) of byte `offset`, and the line's text.
pub fn locate(source: &str, offset: usize) -> Option<(usize, usize, &str)> {
    if offset > source.len() {
        return None;
    }
    let mut start = 0;
    for (i, line) in source.split('\n').enumerate() {
        let end = start + line.len();
        if offset <= end {
            let col = source.get(start..offset).map(|s| s.chars().count()).unwrap_or(0) + 1;
            return Some((i + 1, col, line.trim_end_matches('\r')));
        }
        start = end + 1;
    }
    None
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.detail.is_empty() {
            write!(f, "{}", self.summary)
        } else {
            write!(f, "{}: {}", self.summary, self.detail)
        }
    }
}

impl std::error::Error for Diag {}

/// Shorthand for results carrying a diagnostic.
pub type DResult<T> = Result<T, Diag>;
