//! Instructor quizzes: drawing questions from the bank, building one variant per student group
//! (parameterised questions with different values, choices in a different order), the
//! `quiz.json` model, taking a quiz (a [`sitting::Sitting`] the TUI drives, or the line flow on a
//! plain terminal) and grading the responses.
//!
//! ```text
//! Bank ─► check ─► draw (balanced over topics) ─► variants (engine: answers, distractors)
//!                                                     │
//!                               quiz.json ◄───────────┴──► export (md, html, gift, moodle)
//!                                   │
//!      take (TUI: sitting; or stdin) ─► responses-NAME[-N].json ─► grade (text, CSV)
//! ```

pub mod draw;
pub mod error;
pub mod grade;
pub mod model;
pub mod plain;
pub mod save;
pub mod shown;
pub mod sitting;
pub mod take;
pub mod variants;

pub use draw::{Options, draw, parse_difficulty};
pub use error::{Failing, QuizError};
pub use model::{Format, Item, Quiz, Responses, SCHEMA};
pub use variants::new_quiz;

use crate::bank::{Engine, Instance, Kind, LessonRef, Origin, Question};

impl Item {
    /// The item as a bank question without parameters, so the engine can judge a typed
    /// answer from `quiz.json` alone; `None` when its engine or kind is unknown to this build.
    pub fn to_question(&self) -> Option<Question> {
        let kind = match (self.kind.as_str(), self.format) {
            ("choice", _) => Kind::Choice,
            ("input", _) => Kind::Input,
            ("error", _) => Kind::Error,
            ("truefalse", _) => Kind::Truefalse,
            // The students' copy leaves the kind out: a typed answer is judged as a value or an
            // error alike, so the format is enough to take the quiz.
            ("", Format::Shortanswer) => Kind::Input,
            ("", Format::Multichoice) => Kind::Choice,
            ("", Format::Truefalse) => Kind::Truefalse,
            _ => return None,
        };
        Some(Question {
            id: self.id.clone(),
            engine: Engine::from_name(&self.engine)?,
            topic: self.topic.clone(),
            tags: Vec::new(),
            lesson: LessonRef {
                seed: String::new(),
                section: String::new(),
            },
            refs: Default::default(),
            prompt: self.prompt.clone(),
            source: self.source.to_source(),
            kind,
            answer: None,
            claim: self.claim.clone(),
            explain: self.explain.clone(),
            misconceptions: self.misconceptions.clone(),
            difficulty: self.difficulty,
            distractors: Vec::new(),
            params: Default::default(),
            strict_types: self.strict_types,
            origin: Origin::default(),
        })
    }

    /// The item's instance, evaluated by the engine on demand.
    pub fn instance(&self) -> Option<Instance> {
        self.to_question().map(|q| q.instantiate(self.seed))
    }
}
