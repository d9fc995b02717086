//! The quiz model (schema 1), pretty-printed, as two files: `quiz.json`, the students' copy
//! that `quiz take` opens (no answers: see [`Quiz::student_copy`]), and `key.json`, the whole
//! quiz with its key, which `quiz grade` grades with and every other export renders from.

use crate::instructor::model::Quiz;

/// The file the students receive.
pub const STUDENT_FILE: &str = "quiz.json";

/// The file that holds the key.
pub const KEY_FILE: &str = "key.json";

/// The students' copy, as `quiz.json`.
pub fn render(quiz: &Quiz) -> String {
    quiz.student_copy().to_json()
}

/// The whole quiz with its key, as `key.json`.
pub fn render_key(quiz: &Quiz) -> String {
    quiz.to_json()
}
