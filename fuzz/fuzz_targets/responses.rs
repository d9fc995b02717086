//! Arbitrary bytes read as `quiz grade` reads its files: as a quiz.json and as a responses
//! file, then graded (against the prepared quiz of the tests, and against the input itself
//! split at its first NUL into a quiz and responses), the report rendered as text and CSV.

#![no_main]

use iacquiz::instructor::grade::grade;
use iacquiz::instructor::{Quiz, Responses};
use libfuzzer_sys::fuzz_target;

/// A real quiz, so that responses which parse also reach the grading of every answer.
const PREPARED: &str = include_str!("../../tests/quiz/responses/quiz.json");

fn grade_all(quiz: &Quiz, responses: &Responses) {
    if let Ok(report) = grade(quiz, std::slice::from_ref(responses)) {
        let _ = report.text();
        let _ = report.csv();
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let prepared = Quiz::from_json(PREPARED).ok();
    if let Ok(r) = Responses::from_json(text)
        && let Some(q) = &prepared
    {
        grade_all(q, &r);
    }
    let _ = Quiz::from_json(text);
    if let Some((quiz, responses)) = text.split_once('\0')
        && let (Ok(q), Ok(r)) = (Quiz::from_json(quiz), Responses::from_json(responses))
    {
        grade_all(&q, &r);
    }
});
