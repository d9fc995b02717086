//! Moodle GIFT: `quiz.gift`. One `$CATEGORY` per variant; each question `::title::[html]text{…}`
//! with `=right` and `~wrong#feedback` answers (a wrong answer's feedback is its
//! misconception's explanation), the explanation as `####` general feedback, and code in the
//! question text as `<pre>`. GIFT's special characters (`~ = # { } :`) and the backslash are
//! escaped with a backslash, and line breaks are written `\n` (a blank line ends a question).

use super::{feedback, general_html, html_escape, prompt_html, source_blocks, title, type_hint};
use crate::instructor::model::{Format, Item, Quiz};

/// Escapes text for GIFT: a backslash before `~ = # { } :` and `\`, and `\n` for a line break.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '~' | '=' | '#' | '{' | '}' | ':' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// A shortanswer answer for Moodle: `*` is a wildcard there, so a literal one is `\*` (no
/// other character is special: a backslash stays as it is).
pub fn literal_answer(s: &str) -> String {
    s.replace('*', "\\*")
}

/// The question text as HTML: the prompt, then each source block as a captioned `<pre>`.
pub fn question_html(item: &Item) -> String {
    let mut s = format!("<p>{}</p>", prompt_html(item.prompt.trim()));
    for b in source_blocks(item) {
        s.push_str(&format!(
            "<p><em>{}</em></p><pre><code>{}</code></pre>",
            html_escape(&b.label),
            html_escape(b.text.trim_end_matches('\n'))
        ));
    }
    if item.format == Format::Shortanswer {
        s.push_str(&format!("<p><small>{}</small></p>", html_escape(type_hint(item))));
    }
    s
}

fn answer_html(text: &str) -> String {
    format!("<code>{}</code>", html_escape(text))
}

fn question(out: &mut String, quiz: &Quiz, variant: usize, item: &Item) {
    // A comment ends at the line break: a topic from the bank must not start a question.
    let comment = format!(
        "{} ({}, {}, difficulty {})",
        title(variant, item),
        item.topic,
        item.format.name(),
        item.difficulty
    );
    out.push_str(&format!("// {}\n", comment.replace(|c: char| c.is_control(), " ")));
    out.push_str(&format!(
        "::{}::[html]{}{{\n",
        escape(&title(variant, item)),
        escape(&question_html(item))
    ));
    let general = escape(&general_html(quiz, item));
    match item.format {
        Format::Multichoice => {
            for c in &item.choices {
                if c.correct {
                    out.push_str(&format!("\t={}#{}\n", escape(&answer_html(&c.text)), escape("Right.")));
                } else {
                    let fb = feedback(c.misconception.as_deref(), c.why.as_deref());
                    out.push_str(&format!("\t~{}#{}\n", escape(&answer_html(&c.text)), escape(&prompt_html(&fb))));
                }
            }
        }
        Format::Shortanswer => {
            out.push_str(&format!("\t={}#{}\n", escape(&literal_answer(&item.answer.text)), escape("Right.")));
            // An outcome word is also right as a person writes it (error, an error, fails).
            for form in crate::bank::natural::written_forms(&item.answer.text) {
                out.push_str(&format!("\t={}#{}\n", escape(&literal_answer(&form)), escape("Right.")));
            }
            for w in &item.wrong {
                let fb = feedback(w.misconception.as_deref(), w.why.as_deref());
                out.push_str(&format!(
                    "\t=%0%{}#{}\n",
                    escape(&literal_answer(&w.text)),
                    escape(&prompt_html(&fb))
                ));
            }
        }
        Format::Truefalse => {
            let truth = item.choices.iter().find(|c| c.correct).is_some_and(|c| c.text == "true");
            let wrong = item.choices.iter().find(|c| !c.correct);
            let fb = wrong.map_or_else(|| feedback(None, None), |c| feedback(c.misconception.as_deref(), c.why.as_deref()));
            out.push_str(&format!(
                "\t{}#{}#{}\n",
                if truth { "TRUE" } else { "FALSE" },
                escape(&prompt_html(&fb)),
                escape("Right.")
            ));
        }
    }
    out.push_str(&format!("\t####{general}\n}}\n\n"));
}

/// `quiz.gift`: every variant as its own category.
pub fn render(quiz: &Quiz) -> String {
    let mut out = format!(
        "// iacquiz quiz, seed {}: {} questions, {} variants. Import in Moodle: Question bank > Import > GIFT format.\n\n",
        quiz.seed,
        quiz.questions.len(),
        quiz.variants.len()
    );
    for v in &quiz.variants {
        out.push_str(&format!(
            "$CATEGORY: $course$/top/iacquiz seed {}/variant {}\n\n",
            quiz.seed, v.variant
        ));
        for item in &v.questions {
            question(&mut out, quiz, v.variant, item);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specials_are_escaped() {
        assert_eq!(escape("a = {b: ~c} # \\d\ne"), "a \\= \\{b\\: \\~c\\} \\# \\\\d\\ne");
        assert_eq!(literal_answer("\"*\""), "\"\\*\"");
    }
}
