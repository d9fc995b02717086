//! How a typed (shortanswer) question goes to Moodle so that Moodle grades it as `quiz grade`
//! does. Moodle's shortanswer compares the response's text with each listed answer (trimmed,
//! Unicode NFC, `*` a wildcard), ignoring case unless `usecase` is set, and GIFT cannot set it.
//!
//! - Moodle XML lists every accepted form ([`super::forms::accepted`]) at 100%, with
//!   `<usecase>1</usecase>` unless every form is right in any case (an outcome word, an error
//!   summary), which `quiz grade` also accepts in any case.
//! - GIFT keeps a short answer only when every form is right in any case and can be written in
//!   GIFT (a `->` makes Moodle read a matching question, a leading `%50%` a weight, a leading
//!   `[html]` a text format). Otherwise it asks the question as multiple choice: the right
//!   value, the engine's wrong values and, for a case-sensitive answer, the answer in another
//!   case; when even that has no wrong choice, the question is left out of GIFT (it is in
//!   `quiz.xml`). The file's header and `quiz new` list every such change.

use super::forms::{accepted, case_free, in_strings};
use super::{feedback, title};
use crate::instructor::grade::judge;
use crate::instructor::model::{Format, Item, Quiz};

/// A typed question's right answers for Moodle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    /// The forms `quiz grade` accepts, the answer first.
    pub forms: Vec<String>,
    /// True when every form is right in any letter case, so matching may ignore case.
    pub any_case: bool,
}

/// The right forms of a typed question and whether their case matters.
pub fn typed(item: &Item) -> Typed {
    let forms = accepted(item);
    let any_case = forms.iter().all(|f| case_free(item, f));
    Typed { forms, any_case }
}

/// Why `text` cannot be a GIFT shortanswer answer as it is, if it cannot.
pub fn gift_unwritable(text: &str) -> Option<&'static str> {
    if text.contains("->") {
        return Some("holds `->`, which makes GIFT read a matching question");
    }
    if let Some(rest) = text.strip_prefix('%') {
        let digits = rest.trim_start_matches('-');
        if digits.starts_with(|c: char| c.is_ascii_digit()) && digits.contains('%') {
            return Some("starts like a GIFT weight (`%50%`)");
        }
    }
    if let Some(rest) = text.strip_prefix('[')
        && let Some(end) = rest.find(']')
        && ["moodle", "html", "plain", "markdown"].contains(&&rest[..end])
    {
        return Some("starts like a GIFT text format (`[html]`)");
    }
    // Moodle's GIFT reader turns its own placeholders back into characters.
    if text.contains("&&0") {
        return Some("holds `&&0`, which GIFT's reader rewrites");
    }
    None
}

/// One choice of a typed question asked as multiple choice in GIFT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value, on one line.
    pub text: String,
    /// True for the right value.
    pub correct: bool,
    /// What Moodle shows after it is picked.
    pub feedback: String,
}

/// How a typed question is written in GIFT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GiftShape {
    /// A short answer with these right forms (every one right in any case).
    Shortanswer(Vec<String>),
    /// Multiple choice, and why.
    Choice(Vec<Choice>, String),
    /// Left out of GIFT, and why.
    Omitted(String),
}

const CASE_REASON: &str = "its typed answer is case-sensitive and a GIFT short answer ignores case";

/// How `item` (a typed question) is written in GIFT.
pub fn gift_shape(item: &Item) -> GiftShape {
    let t = typed(item);
    let reason = if let Some(why) = t.forms.first().and_then(|f| gift_unwritable(f)) {
        format!("its typed answer {why}")
    } else if !t.any_case {
        CASE_REASON.to_string()
    } else {
        // Another form that GIFT cannot write is left out; the others still grade as
        // `quiz grade` does.
        return GiftShape::Shortanswer(t.forms.into_iter().filter(|f| gift_unwritable(f).is_none()).collect());
    };
    let answer = item.answer.text.trim().to_string();
    let mut choices = vec![Choice {
        text: answer.clone(),
        correct: true,
        feedback: "Right.".into(),
    }];
    let mut add = |text: &str, fb: String| {
        let text = text.trim();
        if !text.is_empty() && !choices.iter().any(|c| c.text == text) && !judge(item, Some(text)).correct {
            choices.push(Choice {
                text: text.to_string(),
                correct: false,
                feedback: fb,
            });
        }
    };
    for w in &item.wrong {
        add(&w.text, feedback(w.misconception.as_deref(), w.why.as_deref()));
    }
    if reason == CASE_REASON {
        let fb = "Letter case matters: this differs from the value only in case.".to_string();
        add(&in_strings(&answer, str::to_lowercase), fb.clone());
        add(&in_strings(&answer, str::to_uppercase), fb);
    }
    if choices.len() < 2 {
        return GiftShape::Omitted(format!("{reason}, and it has no wrong value to offer as a choice"));
    }
    // In text order, so the right one's place says nothing.
    choices.sort_by(|a, b| a.text.cmp(&b.text));
    GiftShape::Choice(choices, reason)
}

/// A question GIFT asks differently from the other exports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The question's title (`V1-Q08 · strings`).
    pub title: String,
    /// What GIFT does with it and why.
    pub what: String,
}

/// Every typed question of the quiz that GIFT asks as multiple choice or leaves out.
pub fn gift_changes(quiz: &Quiz) -> Vec<Change> {
    let mut out = Vec::new();
    for v in &quiz.variants {
        for item in v.questions.iter().filter(|i| i.format == Format::Shortanswer) {
            let what = match gift_shape(item) {
                GiftShape::Shortanswer(_) => continue,
                GiftShape::Choice(_, why) => format!("multiple choice: {why}"),
                GiftShape::Omitted(why) => format!("left out (it is in quiz.xml): {why}"),
            };
            out.push(Change {
                title: title(v.variant, item),
                what,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_gift_cannot_write() {
        assert!(gift_unwritable("\"a->b\"").is_some());
        assert!(gift_unwritable("%50%x").is_some());
        assert!(gift_unwritable("[html]").is_some());
        assert!(gift_unwritable("[\"html\"]").is_none());
        assert!(gift_unwritable("\"50%\"").is_none());
        assert!(gift_unwritable("[1, 2]").is_none());
    }
}
