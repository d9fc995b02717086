//! One student sitting one variant of a quiz: the question shown, the answers given so far
//! (each can be changed until the quiz is submitted) and the time spent on each question.
//! Callers pass the time in, so the TUI, the tests and any other front end drive it alike;
//! [`Sitting::responses`] is what `quiz grade` reads.
//!
//! A question's time is the time it was on screen: the line flow's "shown until answered",
//! summed over every visit when the student comes back to a question.

use super::error::QuizError;
use super::model::{Format, Item, Quiz, Response, Responses, SCHEMA};

/// A quiz variant being taken.
#[derive(Clone, Debug)]
pub struct Sitting {
    /// The seed of the quiz.
    pub quiz_seed: u64,
    /// The quiz's fingerprint ([`Quiz::fingerprint`]), written into the responses.
    pub quiz_fingerprint: String,
    /// The variant taken (1-based).
    pub variant: usize,
    /// How many variants the quiz has.
    pub variants: usize,
    /// The student's name (`anonymous` when none was given).
    pub name: String,
    /// The variant's questions, in its order.
    pub items: Vec<Item>,
    current: usize,
    answers: Vec<Option<String>>,
    spent_ms: Vec<u64>,
    started_ms: Option<u64>,
    /// When the current question was shown; `None` while no question is on screen.
    shown_ms: Option<u64>,
    now_ms: u64,
    closed: bool,
}

/// The usage error for a variant `quiz` does not have (exit 2).
pub fn no_such_variant(quiz: &Quiz, variant: usize) -> QuizError {
    QuizError::Usage(format!("--variant {variant}: the quiz has variants 1 to {}", quiz.variants.len()))
}

/// The name a sitting records: trimmed, `anonymous` when blank (as the line flow does).
pub fn student_name(name: &str) -> String {
    let n = name.trim();
    if n.is_empty() { "anonymous".into() } else { n.to_string() }
}

impl Sitting {
    /// A sitting of variant `variant` of `quiz`, not started yet; a usage error when the quiz
    /// has no such variant.
    pub fn new(quiz: &Quiz, variant: usize, name: &str) -> Result<Sitting, QuizError> {
        let Some(v) = quiz.variant(variant) else {
            return Err(no_such_variant(quiz, variant));
        };
        let n = v.questions.len();
        Ok(Sitting {
            quiz_seed: quiz.seed,
            quiz_fingerprint: quiz.fingerprint(),
            variant: v.variant,
            variants: quiz.variants.len(),
            name: student_name(name),
            items: v.questions.clone(),
            current: 0,
            answers: vec![None; n],
            spent_ms: vec![0; n],
            started_ms: None,
            shown_ms: None,
            now_ms: 0,
            closed: false,
        })
    }

    /// Starts the clock and shows the first question.
    pub fn start(&mut self, now_ms: u64) {
        self.tick(now_ms);
        if self.started_ms.is_none() {
            self.started_ms = Some(now_ms);
            self.shown_ms = Some(now_ms);
        }
    }

    /// True once [`Sitting::start`] has run.
    pub fn started(&self) -> bool {
        self.started_ms.is_some()
    }

    /// True once the sitting is closed (submitted or quit): nothing changes any more.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// Records the time; a clock that goes backwards is ignored.
    pub fn tick(&mut self, now_ms: u64) {
        self.now_ms = self.now_ms.max(now_ms);
    }

    /// Milliseconds since the start (frozen once closed).
    pub fn elapsed_ms(&self) -> u64 {
        self.started_ms.map(|s| self.now_ms.saturating_sub(s)).unwrap_or(0)
    }

    /// The index of the question shown (0-based).
    pub fn current(&self) -> usize {
        self.current
    }

    /// The question shown.
    pub fn item(&self) -> Option<&Item> {
        self.items.get(self.current)
    }

    /// How many questions there are.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when the variant has no questions.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The answer given to question `i` (0-based), as the responses file holds it.
    pub fn answer(&self, i: usize) -> Option<&str> {
        self.answers.get(i).and_then(|a| a.as_deref())
    }

    /// How many questions have an answer.
    pub fn answered(&self) -> usize {
        self.answers.iter().filter(|a| a.is_some()).count()
    }

    /// Banks the time the current question has been on screen, up to `now_ms`.
    fn bank_time(&mut self, now_ms: u64) {
        self.tick(now_ms);
        if let Some(shown) = self.shown_ms.take()
            && let Some(t) = self.spent_ms.get_mut(self.current)
        {
            *t = t.saturating_add(self.now_ms.saturating_sub(shown));
        }
    }

    /// Shows question `i` (0-based; clamped to the last one).
    pub fn go_to(&mut self, i: usize, now_ms: u64) {
        if self.closed || !self.started() || self.items.is_empty() {
            return;
        }
        self.bank_time(now_ms);
        self.current = i.min(self.items.len() - 1);
        self.shown_ms = Some(self.now_ms);
    }

    /// Takes the current question off the screen (a confirmation is shown instead); its
    /// clock stops until [`Sitting::go_to`] shows a question again.
    pub fn hide(&mut self, now_ms: u64) {
        self.bank_time(now_ms);
    }

    /// True while a question is on screen.
    pub fn showing(&self) -> bool {
        self.shown_ms.is_some()
    }

    /// Sets (or, with a blank answer, clears) the current question's answer. A choice is given
    /// by its letter, true/false as `true` or `false`, a typed value as typed (trimmed).
    pub fn set_answer(&mut self, answer: Option<&str>) {
        if self.closed {
            return;
        }
        let a = answer.map(str::trim).filter(|a| !a.is_empty()).map(str::to_string);
        if let Some(slot) = self.answers.get_mut(self.current) {
            *slot = a;
        }
    }

    /// Chooses the current question's choice at `index` (in the order `quiz.json` lists
    /// them); false when there is no such choice.
    pub fn choose(&mut self, index: usize) -> bool {
        let Some(item) = self.item() else { return false };
        let Some(c) = item.choices.get(index) else { return false };
        // The line flow records true/false questions by their word, choices by their letter.
        let a = match item.format {
            Format::Truefalse => c.text.clone(),
            _ => c.key.clone(),
        };
        self.set_answer(Some(&a));
        true
    }

    /// The index of the choice the current answer to question `i` names, if any.
    pub fn chosen(&self, i: usize) -> Option<usize> {
        let item = self.items.get(i)?;
        let a = self.answer(i)?;
        match item.format {
            Format::Truefalse => item.choices.iter().position(|c| c.text == a),
            Format::Multichoice => item.choices.iter().position(|c| c.key.eq_ignore_ascii_case(a)),
            Format::Shortanswer => None,
        }
    }

    /// Ends the sitting: the clock stops and the answers are final.
    pub fn close(&mut self, now_ms: u64) {
        if !self.closed {
            self.bank_time(now_ms);
            self.closed = true;
        }
    }

    /// The responses so far (the current question's time counted up to the last tick).
    pub fn responses(&self) -> Responses {
        let answers = self
            .items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let mut time_ms = self.spent_ms.get(i).copied().unwrap_or(0);
                if i == self.current
                    && let Some(shown) = self.shown_ms
                {
                    time_ms = time_ms.saturating_add(self.now_ms.saturating_sub(shown));
                }
                Response {
                    number: item.number,
                    id: item.id.clone(),
                    answer: self.answers.get(i).cloned().flatten(),
                    time_ms,
                }
            })
            .collect();
        Responses {
            schema: SCHEMA,
            quiz_seed: self.quiz_seed,
            quiz: Some(self.quiz_fingerprint.clone()),
            questions: Some(self.items.len()),
            variant: self.variant,
            name: self.name.clone(),
            id: None,
            answers,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instructor::model::{Answer, ItemChoice, ItemSource, Variant};

    fn item(number: usize, format: Format, keys: &[&str]) -> Item {
        Item {
            number,
            id: format!("q{number}"),
            topic: "t".into(),
            engine: "terraform".into(),
            kind: "choice".into(),
            format,
            difficulty: 1,
            strict_types: false,
            seed: 0,
            values: Default::default(),
            prompt: "?".into(),
            source: ItemSource::default(),
            claim: None,
            choices: keys
                .iter()
                .enumerate()
                .map(|(i, k)| ItemChoice {
                    key: if format == Format::Truefalse {
                        ["A", "B"][i].into()
                    } else {
                        k.to_string()
                    },
                    text: k.to_string(),
                    correct: i == 0,
                    misconception: None,
                    why: None,
                })
                .collect(),
            answer: Answer {
                key: None,
                text: String::new(),
            },
            wrong: Vec::new(),
            misconceptions: Vec::new(),
            explain: String::new(),
            hint: None,
        }
    }

    fn quiz() -> Quiz {
        let questions = vec![
            item(1, Format::Multichoice, &["A", "B", "C"]),
            item(2, Format::Truefalse, &["true", "false"]),
            item(3, Format::Shortanswer, &[]),
        ];
        Quiz {
            schema: SCHEMA,
            student: false,
            seed: 5,
            questions: Vec::new(),
            variants: vec![Variant { variant: 1, questions }],
        }
    }

    #[test]
    fn a_variant_the_quiz_lacks_is_a_usage_error() {
        match Sitting::new(&quiz(), 2, "x") {
            Err(QuizError::Usage(m)) => assert_eq!(m, "--variant 2: the quiz has variants 1 to 1"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn answers_change_until_closed_and_time_adds_up_over_visits() {
        let mut s = match Sitting::new(&quiz(), 1, "  ") {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(s.name, "anonymous");
        s.start(1_000);
        assert!(s.choose(1));
        s.go_to(1, 4_000); // 3 s on question 1
        assert!(s.choose(1)); // "false"
        s.go_to(0, 5_000); // 1 s on question 2
        assert!(s.choose(2));
        assert!(!s.choose(3), "no fourth choice");
        s.hide(7_000); // 2 more s on question 1; the confirmation is not counted
        s.go_to(2, 60_000);
        s.set_answer(Some("  [1, 2] "));
        s.close(61_000);
        s.set_answer(Some("changed after closing"));
        let r = s.responses();
        let got: Vec<(Option<&str>, u64)> = r.answers.iter().map(|a| (a.answer.as_deref(), a.time_ms)).collect();
        assert_eq!(got, [(Some("C"), 5_000), (Some("false"), 1_000), (Some("[1, 2]"), 1_000)]);
        assert_eq!(s.elapsed_ms(), 60_000);
        assert_eq!((s.chosen(0), s.chosen(1), s.chosen(2)), (Some(2), Some(1), None));
        assert_eq!(s.answered(), 3);
    }

    #[test]
    fn a_blank_answer_clears_and_the_clock_ignores_going_backwards() {
        let mut s = match Sitting::new(&quiz(), 1, "Ann") {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        s.start(100);
        s.choose(0);
        s.set_answer(Some(" "));
        s.tick(50);
        assert_eq!(s.answered(), 0);
        assert_eq!(s.responses().answers[0].time_ms, 0);
        s.tick(400);
        assert_eq!(s.responses().answers[0].time_ms, 300, "the question on screen counts so far");
    }
}
