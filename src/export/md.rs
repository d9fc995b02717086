//! Markdown: `quiz.md` (every variant's questions, to print or paste) and `answers.md` (the
//! key: each answer, why, and each distractor with the misconception that produces it).

use super::{feedback, objective_line, ref_lines, refs_of, source_blocks, type_hint};
use crate::instructor::model::{Format, Item, Quiz};
use crate::instructor::variants::values_text;

/// `text` as inline code, with a fence longer than any backtick run inside it.
pub fn code(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    if text.starts_with('`') || text.ends_with('`') || longest > 0 {
        format!("{fence} {text} {fence}")
    } else {
        format!("{fence}{text}{fence}")
    }
}

/// A fenced code block (the fence longer than any backtick run inside).
fn block(out: &mut String, lang: &str, text: &str) {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
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
    out.push_str(&format!("### {}. {}\n\n", item.number, item.prompt.trim()));
    // Only the objective: the quoted lesson sentence would often state the answer.
    if let Some(o) = refs_of(quiz, item).and_then(objective_line) {
        out.push_str(&format!("*Exam objective {o}*\n\n"));
    }
    for b in source_blocks(item) {
        out.push_str(&format!("{}:\n\n", b.label));
        block(out, b.lang(), &b.text);
    }
    match item.format {
        Format::Multichoice | Format::Truefalse => {
            for c in &item.choices {
                out.push_str(&format!("- **{})** {}\n", c.key, code(&c.text)));
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

/// `answers.md`: the key of every variant.
pub fn answers(quiz: &Quiz) -> String {
    let mut out = header(quiz, "Answer key");
    for v in &quiz.variants {
        out.push_str(&format!("\n## Variant {} of {}\n\n", v.variant, quiz.variants.len()));
        for item in &v.questions {
            out.push_str(&format!(
                "### {}. {} ({}, {}, difficulty {})\n\n",
                item.number,
                item.id,
                item.topic,
                item.format.name(),
                item.difficulty
            ));
            if !item.values.is_empty() {
                out.push_str(&format!("Values: {}\n\n", code(&values_text(&item.values))));
            }
            match &item.answer.key {
                Some(k) => out.push_str(&format!("**Answer: {k})** {}\n\n", code(&item.answer.text))),
                None => out.push_str(&format!("**Answer:** {}\n\n", code(&item.answer.text))),
            }
            out.push_str(&format!("{}\n\n", item.explain.trim()));
            if let Some(r) = refs_of(quiz, item) {
                let lines = ref_lines(r);
                for (label, text) in &lines {
                    out.push_str(&format!("- {label}: {text}\n"));
                }
                if !lines.is_empty() {
                    out.push('\n');
                }
            }
            let wrong: Vec<String> = if item.format == Format::Shortanswer {
                item.wrong
                    .iter()
                    .map(|w| format!("- {} — {}\n", code(&w.text), feedback(w.misconception.as_deref(), w.why.as_deref())))
                    .collect()
            } else {
                item.choices
                    .iter()
                    .filter(|c| !c.correct)
                    .map(|c| {
                        format!(
                            "- **{})** {} — {}\n",
                            c.key,
                            code(&c.text),
                            feedback(c.misconception.as_deref(), c.why.as_deref())
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
    }
}
