//! The parse guard (`src/lang/syntax/parse_guard.rs`) marks only bytes that make the text invalid:
//! over every golden case (expression and configuration), a case in which it finds a trap is
//! one real Terraform rejected.

use iacquiz::lang::syntax::parse_guard::traps;

/// (text as a body, what Terraform answered) for every golden case's expression and setup.
fn golden_cases() -> Vec<(String, serde_json::Value)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
    let mut files: Vec<_> = std::fs::read_dir(format!("{root}/cases"))
        .expect("golden cases")
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    files.sort();
    let mut out = Vec::new();
    for name in files {
        let read = |dir: &str| std::fs::read_to_string(format!("{root}/{dir}/{}", name.to_string_lossy())).expect("read");
        let (cases, expected) = (read("cases"), read("expected"));
        let lines = |t: &str| {
            t.lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| serde_json::from_str(l).expect("json"))
                .collect::<Vec<serde_json::Value>>()
        };
        for (case, want) in lines(&cases).into_iter().zip(lines(&expected)) {
            if let Some(e) = case["expr"].as_str() {
                out.push((format!("x = {}\n", e.trim()), want.clone()));
            }
            if let Some(s) = case["setup"].as_str() {
                out.push((s.to_string(), want));
            }
        }
    }
    out
}

#[test]
fn traps_only_in_text_terraform_rejects() {
    let cases = golden_cases();
    assert!(cases.len() > 2000, "only {} golden texts", cases.len());
    let mut trapped = 0;
    for (text, want) in &cases {
        if !traps(text, false).is_empty() {
            trapped += 1;
            assert_eq!(want["ok"], false, "a trap marked in text Terraform accepts: {text:?}");
        }
    }
    assert!(trapped > 5, "only {trapped} golden texts with traps");
}
