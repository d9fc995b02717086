//! Moodle GIFT: `quiz.gift`. One `$CATEGORY` per question slot holding that slot's variants
//! (so "random question from category" gives each student a variant); each question
//! `::title::[html]text{…}` with `=right` and `~wrong#feedback` answers (a wrong answer's
//! feedback is its misconception's explanation), the explanation as `####` general feedback,
//! and code in the question text as `<pre>`. GIFT's special characters (`~ = # { } :`) and the
//! backslash are escaped with a backslash, and line breaks are written `\n` (a blank line ends
//! a question). A typed question whose answer GIFT cannot grade as `quiz grade` does is asked
//! as multiple choice, or left out (see [`super::typed`]); the header lists them.

use super::typed::{GiftShape, gift_changes, gift_shape};
use super::{feedback, general_html, html_escape, prompt_html, source_blocks, title, type_hint};
use crate::instructor::model::{Format, Item, Quiz};

/// The line under a typed question that GIFT asks as multiple choice.
pub const CHOICE_HINT: &str = "Pick the value as it is printed, letter case included.";

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
    question_html_hinted(item, (item.format == Format::Shortanswer).then(|| type_hint(item)))
}

/// The question text with `hint` as its last line.
pub fn question_html_hinted(item: &Item, hint: Option<&str>) -> String {
    let mut s = format!("<p>{}</p>", prompt_html(item.prompt.trim()));
    for b in source_blocks(item) {
        s.push_str(&format!(
            "<p><em>{}</em></p><pre><code>{}</code></pre>",
            html_escape(&b.label),
            html_escape(b.text.trim_end_matches('\n'))
        ));
    }
    if let Some(h) = hint {
        s.push_str(&format!("<p><small>{}</small></p>", html_escape(h)));
    }
    s
}

fn answer_html(text: &str) -> String {
    format!("<code>{}</code>", html_escape(text))
}

fn choice_line(out: &mut String, correct: bool, text: &str, fb: &str) {
    out.push_str(&format!(
        "\t{}{}#{}\n",
        if correct { "=" } else { "~" },
        escape(&answer_html(text)),
        escape(&prompt_html(fb))
    ));
}

fn question(out: &mut String, quiz: &Quiz, variant: usize, item: &Item) {
    let shape = (item.format == Format::Shortanswer).then(|| gift_shape(item));
    if let Some(GiftShape::Omitted(_)) = shape {
        return;
    }
    let asked = match shape {
        Some(GiftShape::Choice(..)) => "multichoice",
        _ => item.format.name(),
    };
    // A comment ends at the line break: a topic from the bank must not start a question.
    let comment = format!(
        "{} ({}, {}, difficulty {})",
        title(variant, item),
        item.topic,
        asked,
        item.difficulty
    );
    out.push_str(&format!("// {}\n", comment.replace(|c: char| c.is_control(), " ")));
    let text = match shape {
        Some(GiftShape::Choice(..)) => question_html_hinted(item, Some(CHOICE_HINT)),
        _ => question_html(item),
    };
    out.push_str(&format!("::{}::[html]{}{{\n", escape(&title(variant, item)), escape(&text)));
    let general = escape(&general_html(quiz, item));
    match (item.format, shape) {
        (_, Some(GiftShape::Choice(choices, _))) => {
            for c in &choices {
                choice_line(out, c.correct, &c.text, &c.feedback);
            }
        }
        (_, Some(GiftShape::Shortanswer(forms))) => {
            // Every form `quiz grade` accepts, right in any case: GIFT ignores case.
            for form in &forms {
                out.push_str(&format!("\t={}#{}\n", escape(&literal_answer(form)), escape("Right.")));
            }
            // Wrong values give their misconception as feedback (0%, after every right form,
            // so that the first matching answer is a right one whenever one matches).
            for w in &item.wrong {
                if super::typed::gift_unwritable(w.text.trim()).is_some() {
                    continue;
                }
                let fb = feedback(w.misconception.as_deref(), w.why.as_deref());
                out.push_str(&format!(
                    "\t=%0%{}#{}\n",
                    escape(&literal_answer(w.text.trim())),
                    escape(&prompt_html(&fb))
                ));
            }
        }
        (Format::Truefalse, _) => {
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
        _ => {
            for c in &item.choices {
                let fb = if c.correct {
                    "Right.".to_string()
                } else {
                    feedback(c.misconception.as_deref(), c.why.as_deref())
                };
                choice_line(out, c.correct, &c.text, &fb);
            }
        }
    }
    out.push_str(&format!("\t####{general}\n}}\n\n"));
}

/// The header's comment lines: what the file holds, how Moodle should run it, and every
/// question asked differently here.
fn header(quiz: &Quiz) -> String {
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let mut lines = vec![
        format!(
            "iacquiz quiz, seed {}: {}, {}. Import in Moodle: Question bank > Import > GIFT format.",
            quiz.seed,
            plural(quiz.questions.len(), "question"),
            plural(quiz.variants.len(), "variant")
        ),
        "One category per question slot holds that slot's variants: add a random question from each.".into(),
        "GIFT sets no penalty or shuffling of its own: Moodle gives its defaults (penalty 0.3333333,".into(),
        "true/false 1; choices shuffled if the quiz shuffles within questions), as quiz.xml states them.".into(),
        "For the letters of answers.html, set the quiz's \"Shuffle within questions\" to No.".into(),
        "A typed answer lists every form quiz grade accepts that GIFT can write; quiz grade also".into(),
        "accepts any other notation of the same value, which Moodle marks wrong.".into(),
    ];
    let changes = gift_changes(quiz);
    if !changes.is_empty() {
        lines.push(format!(
            "Asked differently here than in quiz.xml ({}):",
            plural(changes.len(), "question")
        ));
        for c in changes {
            lines.push(format!("  {}: {}", c.title, c.what));
        }
    }
    let mut out: String = lines
        .into_iter()
        .map(|l| format!("// {}\n", l.replace(|c: char| c.is_control(), " ")))
        .collect();
    out.push('\n');
    out
}

/// The category of a question slot: `$course$/top/iacquiz seed 7/Q03 · merge` (no line break
/// or `/` from the bank's topic).
pub fn category(quiz: &Quiz, item: &Item) -> String {
    let topic: String = item
        .topic
        .chars()
        .map(|c| if c.is_control() || c == '/' { ' ' } else { c })
        .collect();
    format!("$course$/top/iacquiz seed {}/Q{:02} · {}", quiz.seed, item.number, topic)
}

/// `quiz.gift`: a category per question slot, holding that slot's variants.
pub fn render(quiz: &Quiz) -> String {
    let mut out = header(quiz);
    for (slot, first) in quiz.variants.first().map(|v| v.questions.iter().enumerate()).into_iter().flatten() {
        out.push_str(&format!("$CATEGORY: {}\n\n", category(quiz, first)));
        for v in &quiz.variants {
            if let Some(item) = v.questions.get(slot) {
                question(&mut out, quiz, v.variant, item);
            }
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
