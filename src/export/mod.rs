//! Instructor exports of a [`Quiz`]: one file per format. Each format renders from `key.json`'s
//! model alone, so an export is the same bytes whenever the quiz is.
//!
//! | format | files |
//! | --- | --- |
//! | `md` | `quiz.md`, `answers.md` (an answer grid per variant, then the key, each distractor with its misconception) |
//! | `html` | `quiz.html` (each variant from a new page, compact in print), `answers.html` (a one-page answer grid per variant, then the key) |
//! | `gift` | `quiz.gift` (Moodle GIFT) |
//! | `moodle` | `quiz.xml` (Moodle XML) |
//! | `json` | `quiz.json` (the students' copy, no key) and `key.json` (always written) |

pub mod forms;
pub mod gift;
pub mod highlight;
pub mod highlight_yaml;
pub mod html;
pub mod json;
pub mod md;
pub mod moodle;
pub mod typed;

pub use crate::instructor::shown::{Block, OUTCOME_HINT, TYPE_HINT, source_blocks, type_hint};
use std::fmt;
use std::path::{Path, PathBuf};

use crate::instructor::error::QuizError;
use crate::instructor::model::{Item, Quiz, Refs};

/// An export format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ExportFormat {
    /// Markdown: `quiz.md` and `answers.md`.
    Md,
    /// HTML: `quiz.html` and `answers.html`.
    Html,
    /// Moodle GIFT: `quiz.gift`.
    Gift,
    /// Moodle XML: `quiz.xml`.
    Moodle,
    /// The quiz model: `quiz.json` (no key) and `key.json`.
    Json,
}

impl ExportFormat {
    /// Every format, in the order files are written.
    pub const ALL: [ExportFormat; 5] = [
        ExportFormat::Md,
        ExportFormat::Html,
        ExportFormat::Gift,
        ExportFormat::Moodle,
        ExportFormat::Json,
    ];

    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            ExportFormat::Md => "md",
            ExportFormat::Html => "html",
            ExportFormat::Gift => "gift",
            ExportFormat::Moodle => "moodle",
            ExportFormat::Json => "json",
        }
    }

    /// The format with this name.
    pub fn from_name(s: &str) -> Option<ExportFormat> {
        ExportFormat::ALL.into_iter().find(|f| f.name() == s)
    }

    /// Parses a comma-separated list (`md,html`): duplicates collapse, order is the formats'.
    pub fn parse_list(s: &str) -> Result<Vec<ExportFormat>, String> {
        let mut out = Vec::new();
        for part in s.split(',').map(str::trim) {
            if part.is_empty() {
                continue;
            }
            match ExportFormat::from_name(&part.to_ascii_lowercase()) {
                Some(f) => out.push(f),
                None => {
                    let names: Vec<&str> = ExportFormat::ALL.iter().map(|f| f.name()).collect();
                    return Err(format!("--format: unknown format {part:?} (formats: {})", names.join(", ")));
                }
            }
        }
        if out.is_empty() {
            return Err("--format: name at least one format (md, html, gift, moodle, json)".into());
        }
        out.sort();
        out.dedup();
        Ok(out)
    }

    /// The files this format writes: (file name, contents).
    ///
    /// A bank's text (a prompt, an explanation, a "why", a source) may hold escape sequences
    /// and other characters a terminal acts on ([`crate::terminal::is_hostile`]), and these
    /// files are read with `cat` and pasted as often as rendered: Markdown and HTML show each
    /// one written out (`\u{1b}`, as the terminal sanitiser does; inserted after escaping, it
    /// is text in either, and joins no backtick run), GIFT drops them as Moodle XML does (a
    /// GIFT `{` would open an answer, and XML 1.0 cannot hold most of them), and the JSON
    /// model escapes them.
    pub fn render(self, quiz: &Quiz) -> Vec<(&'static str, String)> {
        let shown = |text: String| crate::terminal::safe(&text).into_owned();
        match self {
            ExportFormat::Md => vec![("quiz.md", shown(md::quiz(quiz))), ("answers.md", shown(md::answers(quiz)))],
            ExportFormat::Html => vec![("quiz.html", shown(html::quiz(quiz))), ("answers.html", shown(html::answers(quiz)))],
            ExportFormat::Gift => vec![("quiz.gift", crate::terminal::strip(&gift::render(quiz)).into_owned())],
            ExportFormat::Moodle => vec![("quiz.xml", moodle::render(quiz))],
            ExportFormat::Json => vec![(json::STUDENT_FILE, json::render(quiz)), (json::KEY_FILE, json::render_key(quiz))],
        }
    }
}

impl fmt::Display for ExportFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every file of a quiz for these formats: `quiz.json` and `key.json` always, then each
/// format's, in order.
pub fn files(quiz: &Quiz, formats: &[ExportFormat]) -> Vec<(&'static str, String)> {
    let mut out = ExportFormat::Json.render(quiz);
    for f in formats {
        if *f != ExportFormat::Json {
            out.extend(f.render(quiz));
        }
    }
    out
}

/// Every file name a quiz's exports can have (what [`ExportFormat::render`] writes, over all
/// formats): the files of an earlier quiz that `quiz new --force` removes.
pub const QUIZ_FILES: [&str; 8] = [
    json::STUDENT_FILE,
    json::KEY_FILE,
    "quiz.md",
    "answers.md",
    "quiz.html",
    "answers.html",
    "quiz.gift",
    "quiz.xml",
];

/// Makes sure `dir` is a folder that can be written (creating it if needed): a file is
/// created there under a new random name and removed again (never a fixed name, which someone
/// else who can write the folder could have planted as a link).
pub fn prepare_dir(dir: &Path) -> Result<(), QuizError> {
    if dir.exists() && !dir.is_dir() {
        return Err(QuizError::Io {
            path: dir.to_path_buf(),
            reason: "--out must be a folder, and this is a file".into(),
        });
    }
    std::fs::create_dir_all(dir).map_err(|e| QuizError::Io {
        path: dir.to_path_buf(),
        reason: format!("cannot create the --out folder: {e}"),
    })?;
    crate::atomic_write::probe(dir).map_err(|e| QuizError::Io {
        path: dir.to_path_buf(),
        reason: format!("cannot write into this folder: {e}"),
    })?;
    Ok(())
}

/// Writes every file of the quiz into `dir`; returns the paths written. A folder that holds
/// another quiz is refused (see [`write_with`]).
pub fn write(quiz: &Quiz, formats: &[ExportFormat], dir: &Path) -> Result<Vec<PathBuf>, QuizError> {
    write_with(quiz, formats, dir, false)
}

/// The largest earlier quiz file read to tell whether it is this quiz's.
const MAX_COMPARED_BYTES: u64 = 64 << 20;

/// Writes every file of the quiz into `dir`, each whole (a new temporary beside it, renamed
/// into place: a full disk leaves the earlier file, never an empty one) and never through a
/// link (a quiz file name that is a symbolic link, or not a regular file, is refused).
///
/// A folder that holds another quiz (its `key.json`, or else another of its files, differs from
/// this quiz's) is refused: its students' responses would no longer grade. With `force` the
/// other quiz is replaced, and each of its files this quiz does not write is removed; `key.json`
/// is written last, so a folder whose `key.json` is this quiz's holds no file of another.
/// Writing the same quiz again is allowed (the same arguments give the same bytes).
pub fn write_with(quiz: &Quiz, formats: &[ExportFormat], dir: &Path, force: bool) -> Result<Vec<PathBuf>, QuizError> {
    prepare_dir(dir)?;
    let files = files(quiz, formats);
    let mut present = Vec::new();
    for name in QUIZ_FILES {
        let p = dir.join(name);
        crate::atomic_write::check_destination(&p)?;
        if p.symlink_metadata().is_ok() {
            present.push(name);
        }
    }
    let same_bytes = |name: &str| {
        let ours = files.iter().find(|(n, _)| *n == name).map(|(_, t)| t.as_bytes());
        let theirs = crate::confine::read_regular(&dir.join(name), MAX_COMPARED_BYTES).ok();
        ours.is_some() && theirs.as_deref() == ours
    };
    let same_quiz = if present.contains(&json::KEY_FILE) {
        same_bytes(json::KEY_FILE)
    } else {
        present.iter().all(|n| same_bytes(n))
    };
    if !same_quiz && !force {
        return Err(QuizError::Io {
            path: dir.to_path_buf(),
            reason: format!(
                "holds the files of another quiz ({}): writing this one over it would stop its students' responses from grading. Use another --out folder, or --force to replace that quiz (each of its files is removed)",
                present.join(", ")
            ),
        });
    }
    let mut written = Vec::new();
    let mut key = None;
    for (name, text) in &files {
        let p = dir.join(name);
        if *name == json::KEY_FILE {
            key = Some((p.clone(), text));
        } else {
            crate::atomic_write::write_atomic(&p, text.as_bytes())?;
        }
        written.push(p);
    }
    if !same_quiz {
        for name in present.iter().filter(|n| !files.iter().any(|(f, _)| f == *n)) {
            let p = dir.join(name);
            crate::atomic_write::check_destination(&p)?;
            std::fs::remove_file(&p).map_err(|e| QuizError::io(&p, &e))?;
        }
    }
    if let Some((p, text)) = key {
        crate::atomic_write::write_atomic(&p, text.as_bytes())?;
    }
    // Temporaries of a `quiz new` killed before its renames.
    for l in crate::atomic_write::leftovers(dir, |t| QUIZ_FILES.contains(&t)) {
        let _ = std::fs::remove_file(&l.path);
    }
    Ok(written)
}

/// A prompt split at its backticks: `(is_code, text)` pieces. As in CommonMark, a run of n
/// backticks opens a code span that the next run of exactly n closes (so `` `a`b` `` holds a
/// backtick), one space is stripped from both ends of a padded span, and a run that nothing
/// closes is text.
pub fn inline_code(prompt: &str) -> Vec<(bool, &str)> {
    let run_at = |i: usize| prompt[i..].len() - prompt[i..].trim_start_matches('`').len();
    let mut out = Vec::new();
    let (mut text_from, mut i) = (0, 0);
    while let Some(open) = prompt[i..].find('`').map(|p| i + p) {
        let run = run_at(open);
        let mut j = open + run;
        let mut close = None;
        while let Some(at) = prompt[j..].find('`').map(|p| j + p) {
            let r = run_at(at);
            if r == run {
                close = Some(at);
                break;
            }
            j = at + r;
        }
        let Some(close) = close else {
            i = open + run;
            continue;
        };
        if open > text_from {
            out.push((false, &prompt[text_from..open]));
        }
        let inner = &prompt[open + run..close];
        let padded = inner.len() >= 2 && inner.starts_with(' ') && inner.ends_with(' ') && !inner.trim().is_empty();
        out.push((true, if padded { &inner[1..inner.len() - 1] } else { inner }));
        i = close + run;
        text_from = i;
    }
    if text_from < prompt.len() {
        out.push((false, &prompt[text_from..]));
    }
    out
}

/// Escapes text for HTML (`& < > "`).
pub fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// A prompt as HTML: escaped, backtick spans as `<code>`.
pub fn prompt_html(prompt: &str) -> String {
    inline_code(prompt)
        .into_iter()
        .map(|(code, t)| {
            if code {
                format!("<code>{}</code>", html_escape(t))
            } else {
                html_escape(t)
            }
        })
        .collect()
}

/// What a wrong answer's feedback says: its misconception (id and explanation), or the
/// author's reason.
pub fn feedback(misconception: Option<&str>, why: Option<&str>) -> String {
    let explanation = why
        .map(str::to_string)
        .or_else(|| misconception.and_then(crate::mistakes::catalogue::by_id).map(|m| m.explanation()));
    match (misconception, explanation) {
        (Some(id), Some(e)) => format!("Misconception {id}: {e}"),
        (Some(id), None) => format!("Misconception {id}."),
        (None, Some(e)) => e,
        (None, None) => "This is not what the engine gives.".into(),
    }
}

/// A short heading for a variant's item: `V1-Q01 · merge`. Neutral on purpose: a question id
/// such as `tf-index-out-of-range-is-an-error` would give the answer away, and Moodle can show
/// question names to students; the answer keys show the ids.
pub fn title(variant: usize, item: &Item) -> String {
    // A line break from the bank's topic must not reach a GIFT line or an XML comment.
    let topic: String = item.topic.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    format!("V{variant}-Q{:02} · {topic}", item.number)
}

/// The references of a variant's item (the drawn question it is an instance of).
pub fn refs_of<'q>(quiz: &'q Quiz, item: &Item) -> Option<&'q Refs> {
    quiz.questions
        .iter()
        .find(|d| d.number == item.number && d.id == item.id)
        .map(|d| &d.refs)
}

/// A question's references as (label, text) lines: the lesson sentence, the exam objective,
/// the documentation page and the release the answer depends on. For answer keys and for
/// feedback shown after answering; a student-facing question shows only [`objective_line`],
/// because the quoted sentence often states the answer.
pub fn ref_lines(r: &Refs) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if let Some(q) = &r.quote {
        out.push(("Lesson says", format!("\u{201c}{q}\u{201d}")));
    }
    if let Some(o) = objective_line(r) {
        out.push(("Exam objective", o));
    }
    if let Some(d) = &r.docs {
        out.push(("Docs", d.clone()));
    }
    if let Some(v) = &r.since {
        out.push(("Since", format!("Terraform {v}")));
    }
    out
}

/// The exam objective with its text (`2c Compute and interpolate data using HCL functions`).
pub fn objective_line(r: &Refs) -> Option<String> {
    let o = r.objective.as_ref()?;
    Some(match &r.objective_text {
        Some(t) => format!("{o} {t}"),
        None => o.clone(),
    })
}

/// The references as HTML paragraphs (`<p class="refs">`). With `link`, the docs page is a
/// link (Moodle feedback); without, it is plain text without its scheme, so that a printed page
/// stays self-contained (no external address at all).
pub fn refs_html(r: &Refs, link: bool) -> String {
    ref_lines(r)
        .into_iter()
        .map(|(label, text)| {
            let value = match (label, link) {
                ("Docs", true) => format!("<a href=\"{0}\">{0}</a>", html_escape(&text)),
                ("Docs", false) => html_escape(text.strip_prefix("https://").unwrap_or(&text)),
                _ => html_escape(&text),
            };
            format!("<p class=\"refs\">{label}: {value}</p>")
        })
        .collect()
}

/// The feedback Moodle shows after a question is answered (GIFT and Moodle XML): the
/// explanation, then the references.
pub fn general_html(quiz: &Quiz, item: &Item) -> String {
    let mut out = prompt_html(item.explain.trim());
    if let Some(r) = refs_of(quiz, item) {
        out.push_str(&refs_html(r, true));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_lists_parse() {
        assert_eq!(
            ExportFormat::parse_list("json, md,md"),
            Ok(vec![ExportFormat::Md, ExportFormat::Json])
        );
        assert!(ExportFormat::parse_list("pdf").is_err());
        assert!(ExportFormat::parse_list(",").is_err());
    }

    #[test]
    fn quiz_files_are_every_name_an_export_writes() {
        let quiz = Quiz {
            schema: crate::instructor::SCHEMA,
            student: false,
            seed: 1,
            questions: Vec::new(),
            variants: Vec::new(),
        };
        let mut written: Vec<&str> = files(&quiz, &ExportFormat::ALL).into_iter().map(|(n, _)| n).collect();
        let mut known = QUIZ_FILES.to_vec();
        written.sort_unstable();
        known.sort_unstable();
        assert_eq!(written, known);
    }

    #[test]
    fn prompts_split_at_backticks() {
        assert_eq!(inline_code("a `b` c"), vec![(false, "a "), (true, "b"), (false, " c")]);
        assert_eq!(inline_code("`x` and `y"), vec![(true, "x"), (false, " and `y")]);
        assert_eq!(inline_code("``a`b`` ```"), vec![(true, "a`b"), (false, " ```")]);
        assert_eq!(inline_code("`` `x` ``!"), vec![(true, "`x`"), (false, "!")]);
        assert_eq!(prompt_html("is `a < b`?"), "is <code>a &lt; b</code>?");
    }
}
