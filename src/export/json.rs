//! `quiz.json`: the quiz model itself (schema 1), pretty-printed.

use crate::instructor::model::Quiz;

/// The quiz as `quiz.json`.
pub fn render(quiz: &Quiz) -> String {
    quiz.to_json()
}
