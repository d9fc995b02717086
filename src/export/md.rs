//! Markdown: `quiz.md` (every variant's questions, to print or paste) and `answers.md` (the
//! key: an answer grid per variant, then each answer, why, and each distractor with the
//! misconception that produces it).
//!
//! Every field from the bank or `quiz.json` is escaped for CommonMark ([`prose`], [`code`],
//! fenced blocks), so a renderer shows it as written: a bank can put no HTML, link or image
//! into a rendered page, and no backslash or `<a>` of an explanation disappears.

use super::{feedback, inline_code, objective_line, ref_lines, refs_of, source_blocks, type_hint};
use crate::instructor::model::{Format, Item, Quiz, Variant};
use crate::instructor::variants::values_text;

/// The characters CommonMark (and the common extensions: tables, strikethrough, math,
/// superscript, heading attributes `{.c}`) may read as markup anywhere in a line; each is
/// written after a backslash.
const SPECIAL: &str = "\\`*_[]<>#|!&~$^{}";

/// The longest run of backticks in `text`.
fn longest_backticks(text: &str) -> usize {
    text.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

/// `text` as inline code, with a fence longer than any backtick run inside it. A code span is
/// one line (a line break inside it would let the next line start a block, even raw HTML);
/// CommonMark shows a line break in a span as a space anyway.
pub fn code(text: &str) -> String {
    let text = text.replace(['\r', '\n'], " ");
    let longest = longest_backticks(&text);
    let fence = "`".repeat(longest + 1);
    // CommonMark strips one space from each end when both ends have one: pad whenever the
    // content starts or ends with a backtick or is itself padded.
    let padded = text.starts_with(' ') && text.ends_with(' ') && !text.trim().is_empty();
    if text.starts_with('`') || text.ends_with('`') || longest > 0 || padded {
        format!("{fence} {text} {fence}")
    } else if text.is_empty() {
        // An empty span does not exist in CommonMark; a space in one shows as nothing.
        "` `".into()
    } else {
        format!("{fence}{text}{fence}")
    }
}

/// Escapes one line of text; `start` when it begins a line of the output, where list items,
/// setext underlines and indented code could start.
fn escape_line(line: &str, start: bool, out: &mut String) {
    let mut s = line;
    if start {
        s = s.trim_start_matches([' ', '\t']);
        let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        // `:` opens a definition (an extension GitHub and others turn on).
        if s.starts_with(['-', '+', '=', ':']) {
            out.push('\\');
        } else if digits > 0 && s[digits..].starts_with(['.', ')']) {
            out.push_str(&s[..digits]);
            out.push('\\');
            s = &s[digits..];
        }
    }
    for c in s.chars() {
        if SPECIAL.contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Escapes `text` (no code spans) so CommonMark shows it as written; `start` when it begins a
/// line of the output. Line breaks are kept; each line's indentation is dropped.
pub fn escape(text: &str, start: bool) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        escape_line(line.trim_end_matches('\r'), start || i > 0, &mut out);
    }
    out
}

/// Prose from a bank (a prompt, an explanation, a feedback): its backtick spans as code, the
/// rest escaped; it starts a line of the output when `start`.
pub fn prose(text: &str, start: bool) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for (i, (is_code, t)) in inline_code(text).into_iter().enumerate() {
        if is_code {
            out.push_str(&code(t));
        } else {
            out.push_str(&escape(t, start && i == 0));
        }
    }
    out
}

/// Prose on one line (a heading, a list item): its line breaks become spaces.
pub fn line(text: &str) -> String {
    prose(&text.replace(['\r', '\n'], " "), false)
}

/// A fenced code block (the fence longer than any backtick run inside, so the text cannot
/// close it).
fn block(out: &mut String, lang: &str, text: &str) {
    let fence = "`".repeat(longest_backticks(text).max(2) + 1);
    out.push_str(&format!("{fence}{lang}\n{}\n{fence}\n\n", text.trim_end_matches('\n')));
}

fn header(quiz: &Quiz, title: &str) -> String {
    format!(
        "# {title}\n\nSeed {} · {} question{} · {} variant{}\n",
        quiz.seed,
        quiz.questions.len(),
        if quiz.questions.len() == 1 { "" } else { "s" },
        quiz.variants.len(),
        if quiz.variants.len() == 1 { "" } else { "s" }
    )
}

fn question(out: &mut String, quiz: &Quiz, item: &Item) {
    out.push_str(&format!("### {}. {}\n\n", item.number, line(item.prompt.trim())));
    // Only the objective: the quoted lesson sentence would often state the answer.
    if let Some(o) = refs_of(quiz, item).and_then(objective_line) {
        out.push_str(&format!("*Exam objective {}*\n\n", line(&o)));
    }
    for b in source_blocks(item) {
        out.push_str(&format!("{}:\n\n", prose(&b.label, true)));
        block(out, b.lang(), &b.text);
    }
    match item.format {
        Format::Multichoice | Format::Truefalse => {
            for c in &item.choices {
                out.push_str(&format!("- **{})** {}\n", line(&c.key), code(&c.text)));
            }
            out.push('\n');
        }
        Format::Shortanswer => out.push_str(&format!("{}\n\nAnswer: ______________________________\n\n", type_hint(item))),
    }
}

/// `quiz.md`: every variant, its questions in order.
pub fn quiz(quiz: &Quiz) -> String {
    let mut out = header(quiz, "Quiz");
    for v in &quiz.variants {
        out.push_str(&format!(
            "\n---\n\n## Variant {} of {}\n\nName: ______________________\n\n",
            v.variant,
            quiz.variants.len()
        ));
        for item in &v.questions {
            question(&mut out, quiz, item);
        }
    }
    out
}

/// A variant's answer grid: one line per question, its number and the answer letter (with the
/// word for true/false) or the typed answer, to mark a paper at a glance.
fn grid(out: &mut String, v: &Variant) {
    out.push_str("Answer grid:\n\n");
    for item in &v.questions {
        let answer = match (&item.answer.key, item.format) {
            (Some(k), Format::Truefalse) => format!("**{}** {}", line(k), code(&item.answer.text)),
            (Some(k), _) => format!("**{}**", line(k)),
            (None, _) => code(&item.answer.text),
        };
        out.push_str(&format!("- Q{}: {answer}\n", item.number));
    }
    out.push('\n');
}

/// `answers.md`: the key of every variant, each opening with its answer grid.
pub fn answers(quiz: &Quiz) -> String {
    let mut out = header(quiz, "Answer key");
    for v in &quiz.variants {
        out.push_str(&format!("\n## Variant {} of {}\n\n", v.variant, quiz.variants.len()));
        grid(&mut out, v);
        for item in &v.questions {
            out.push_str(&format!(
                "### {}. {} ({}, {}, difficulty {})\n\n",
                item.number,
                line(&item.id),
                line(&item.topic),
                item.format.name(),
                item.difficulty
            ));
            if !item.values.is_empty() {
                out.push_str(&format!("Values: {}\n\n", code(&values_text(&item.values))));
            }
            match &item.answer.key {
                Some(k) => out.push_str(&format!("**Answer: {})** {}\n\n", line(k), code(&item.answer.text))),
                None => out.push_str(&format!("**Answer:** {}\n\n", code(&item.answer.text))),
            }
            out.push_str(&format!("{}\n\n", prose(item.explain.trim(), true)));
            if let Some(r) = refs_of(quiz, item) {
                let lines = ref_lines(r);
                for (label, text) in &lines {
                    out.push_str(&format!("- {label}: {}\n", line(text)));
                }
                if !lines.is_empty() {
                    out.push('\n');
                }
            }
            let wrong: Vec<String> = if item.format == Format::Shortanswer {
                item.wrong
                    .iter()
                    .map(|w| {
                        format!(
                            "- {} — {}\n",
                            code(&w.text),
                            line(&feedback(w.misconception.as_deref(), w.why.as_deref()))
                        )
                    })
                    .collect()
            } else {
                item.choices
                    .iter()
                    .filter(|c| !c.correct)
                    .map(|c| {
                        format!(
                            "- **{})** {} — {}\n",
                            line(&c.key),
                            code(&c.text),
                            line(&feedback(c.misconception.as_deref(), c.why.as_deref()))
                        )
                    })
                    .collect()
            };
            if !wrong.is_empty() {
                out.push_str(if item.format == Format::Shortanswer {
                    "Wrong answers the engine predicts:\n\n"
                } else {
                    "Distractors:\n\n"
                });
                out.extend(wrong);
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_code_fences_grow() {
        assert_eq!(code("a"), "`a`");
        assert_eq!(code("a`b"), "`` a`b ``");
        assert_eq!(code("``x"), "``` ``x ```");
        assert_eq!(code(" a "), "`  a  `");
        assert_eq!(code("a\n<b>"), "`a <b>`");
        assert_eq!(code(""), "` `");
    }

    #[test]
    fn markup_is_escaped() {
        assert_eq!(line("<b> & [x](y) *z* a_b `c`"), "\\<b\\> \\& \\[x\\](y) \\*z\\* a\\_b `c`");
        assert_eq!(escape("- a\n  1. b\n# c\n=", true), "\\- a\n1\\. b\n\\# c\n\\=");
        assert_eq!(escape("- a", false), "- a", "not at a line start: no list");
        assert_eq!(line("\"\\\\.\""), "\"\\\\\\\\.\"");
    }
}
