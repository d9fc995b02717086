//! Arbitrary bytes read as `quiz grade` reads its files: as a quiz.json and as a responses
//! file, then graded (against the prepared quiz of the tests, and against the input itself
//! split at its first NUL into a quiz and responses), the report rendered as text and CSV and
//! sanitised; the sanitiser run over the input itself.

#![no_main]

use iacquiz::instructor::grade::{fits, grade};
use iacquiz::instructor::{Quiz, Responses};
use iacquiz::terminal::{is_hostile, safe, safe_json, strip};
use libfuzzer_sys::fuzz_target;

/// A real quiz, so that responses which parse also reach the grading of every answer.
const PREPARED: &str = include_str!("../../tests/quiz/responses/quiz.json");

fn grade_all(quiz: &Quiz, responses: &Responses) {
    // `quiz grade` checks each file on its own before grading those that fit.
    let _ = fits(quiz, responses);
    if let Ok(report) = grade(quiz, std::slice::from_ref(responses)) {
        let _ = safe(&report.text());
        let _ = safe(&report.csv());
    }
    // Twice: the same idnumber in two files, the shared-idnumber warning's path.
    let twice = [responses.clone(), responses.clone()];
    if let Ok(report) = grade(quiz, &twice) {
        assert_eq!(
            report.shared_ids.len(),
            usize::from(responses.id.as_deref().is_some_and(|i| !i.trim().is_empty()))
        );
        let text = report.text();
        assert!(
            !safe(&text).chars().any(is_hostile),
            "the sanitised report holds a hostile character"
        );
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
    // The sanitiser over any text: nothing hostile is left, and JSON keeps its value.
    assert!(!safe(text).chars().any(is_hostile));
    assert!(!strip(text).chars().any(is_hostile));
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
        let json = v.to_string();
        let escaped = safe_json(&json);
        assert!(!escaped.chars().any(is_hostile));
        let same = |t: &str| serde_json::from_str::<serde_json::Value>(t).ok();
        assert_eq!(same(&escaped), same(&json));
    }
    if let Some((quiz, responses)) = text.split_once('\0')
        && let (Ok(q), Ok(r)) = (Quiz::from_json(quiz), Responses::from_json(responses))
    {
        grade_all(&q, &r);
    }
});
