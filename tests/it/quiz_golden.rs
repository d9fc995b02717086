//! Golden exports: the quiz of a fixed seed from the fixture bank (tests/quiz/bank), every
//! format, compared byte for byte with tests/quiz/golden/. `QUIZ_GOLDEN_UPDATE=1` rewrites the
//! golden files from the current output; review the diff before committing it.

use crate::support;

use support::{check_golden, make_golden_quiz, read};

const FILES: &[&str] = &[
    "quiz.json",
    "key.json",
    "quiz.md",
    "answers.md",
    "quiz.html",
    "answers.html",
    "quiz.gift",
    "quiz.xml",
];

#[test]
fn golden_exports_match() {
    let out = make_golden_quiz("golden");
    let mut written: Vec<String> = std::fs::read_dir(&out)
        .map(|r| {
            r.filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().to_string()))
                .collect()
        })
        .unwrap_or_default();
    written.sort();
    let mut want: Vec<String> = FILES.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(written, want, "the files quiz new writes");
    let problems: Vec<String> = FILES.iter().filter_map(|f| check_golden(f, &read(&out.join(f))).err()).collect();
    let _ = std::fs::remove_dir_all(&out);
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
