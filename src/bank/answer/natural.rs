//! Answers as a person types them: an outcome word or a kind of type written plainly
//! (`error`, `an error`, `Fails`, `a number`) is the answer it names, and a typed answer must
//! not need escapes a person would not type.

/// The escape `typed` (an answer in its one-line notation) needs, if any: `\n`, `\t`, `\"`,
/// `\\`, a unicode escape, or a template escape (`$${`, `%%{`).
pub fn needs_escape(typed: &str) -> Option<&'static str> {
    let mut chars = typed.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some('n')) => return Some("\\n"),
            ('\\', Some('t')) => return Some("\\t"),
            ('\\', Some('r')) => return Some("\\r"),
            ('\\', Some('"')) => return Some("\\\""),
            ('\\', Some('\\')) => return Some("\\\\"),
            ('\\', Some('u' | 'U' | 'x')) => return Some("\\u"),
            ('\\', _) => return Some("\\"),
            ('$', Some('$')) if typed.contains("$${") => return Some("$${"),
            ('%', Some('%')) if typed.contains("%%{") => return Some("%%{"),
            _ => {}
        }
    }
    None
}

/// Ways a person writes each outcome a condition can have (`pass`, `error`, `warning`,
/// `deferred`), already lowercased, articles and "it" removed.
const OUTCOMES: [(&str, &[&str]); 4] = [
    ("pass", &["pass", "passes", "passed", "ok", "succeeds", "success"]),
    ("error", &["error", "errors", "fail", "fails", "failed", "failure", "stops", "stop"]),
    ("warning", &["warning", "warns", "warn", "warned"]),
    (
        "deferred",
        &[
            "deferred",
            "defers",
            "defer",
            "deferred to apply",
            "deferred until apply",
            "checked at apply",
        ],
    ),
];

/// `typed` as a person means it: trimmed, lowercased, without a closing full stop, surrounding
/// quotes or backticks, or a leading article or "it".
fn plain(typed: &str) -> String {
    let mut t = typed.trim().trim_end_matches('.').trim().to_lowercase();
    for q in ['"', '\'', '`'] {
        if t.len() >= 2 && t.starts_with(q) && t.ends_with(q) {
            t = t[1..t.len() - 1].trim().to_string();
        }
    }
    for lead in ["it is ", "it ", "an ", "a ", "the "] {
        if let Some(rest) = t.strip_prefix(lead) {
            t = rest.trim().to_string();
        }
    }
    t
}

/// The outcome word (`pass`, `error`, `warning`, `deferred`) `typed` names as a person writes
/// it, if any.
pub fn outcome_named(typed: &str) -> Option<&'static str> {
    let t = plain(typed);
    OUTCOMES.iter().find(|(_, ways)| ways.contains(&t.as_str())).map(|(word, _)| *word)
}

/// True when `expected` is an outcome word.
pub fn is_outcome(expected: &str) -> bool {
    OUTCOMES.iter().any(|(word, _)| *word == expected)
}

/// The HCL string for text typed without quotes, when that is safe to read so: text with no
/// quote, backslash or template sequence (`t3.nano`, `10.40.3.0/24`, `standard`), not opening
/// a list or an object (`{ a =` is unfinished HCL, not a string).
pub fn quoted(typed: &str) -> Option<String> {
    let t = typed.trim();
    let plain = !t.is_empty() && !t.starts_with(['{', '[']) && !t.contains(['"', '\\']) && !t.contains("${") && !t.contains("%{");
    plain.then(|| format!("\"{t}\""))
}

/// Other ways a person writes the answer `answer` (one-line notation), for exports whose
/// grader matches text (GIFT, Moodle XML shortanswer): for an outcome word (`"error"`), the word
/// without quotes and its common forms, each also capitalised. Empty for any other answer.
pub fn written_forms(answer: &str) -> Vec<String> {
    let word = answer.trim().trim_matches('"');
    let Some((_, ways)) = OUTCOMES.iter().find(|(w, _)| *w == word) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for way in ways.iter().copied() {
        let article = if way == "error" {
            "an "
        } else if way == "warning" {
            "a "
        } else {
            ""
        };
        for form in [way.to_string(), format!("{article}{way}")] {
            let mut cs = form.chars();
            let capital = cs
                .next()
                .map(|c| c.to_uppercase().collect::<String>() + cs.as_str())
                .unwrap_or_default();
            for f in [form.clone(), capital] {
                if !out.contains(&f) && f != answer.trim() {
                    out.push(f);
                }
            }
        }
    }
    out
}

/// True when `typed` names the outcome word `expected` (`pass`, `error`, `warning`,
/// `deferred`) as a person writes it: `error`, `Error`, `"error"`, `an error`, `It fails.`.
/// False for any other expected text.
pub fn names_outcome(expected: &str, typed: &str) -> bool {
    let t = plain(typed);
    OUTCOMES.iter().any(|(word, ways)| *word == expected && ways.contains(&t.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_a_person_would_not_type() {
        assert_eq!(needs_escape(r#""slot=0\n""#), Some("\\n"));
        assert_eq!(needs_escape(r#""{\"port\":8080}""#), Some("\\\""));
        assert_eq!(needs_escape(r#""a\\b""#), Some("\\\\"));
        assert_eq!(needs_escape(r#""\u00e9""#), Some("\\u"));
        assert_eq!(needs_escape(r#""$${x}""#), Some("$${"));
        assert_eq!(needs_escape(r#""10.40.3.0/24""#), None);
        assert_eq!(needs_escape(r#"["a", "b"]"#), None);
        assert_eq!(needs_escape("\"cost $5\""), None);
    }

    #[test]
    fn outcome_words_as_people_write_them() {
        for typed in ["error", "Error", "\"error\"", "an error", "It fails.", "fails", "  ERROR  "] {
            assert!(names_outcome("error", typed), "{typed}");
        }
        for typed in ["a warning", "warns", "Warning"] {
            assert!(names_outcome("warning", typed), "{typed}");
        }
        assert!(names_outcome("pass", "it passes"));
        assert!(names_outcome("deferred", "Deferred to apply"));
        assert!(!names_outcome("error", "warning"));
        assert!(!names_outcome("error", "no error"));
        assert!(!names_outcome("warning", "fails"));
        assert!(!names_outcome("standard", "standard"));
        assert_eq!(outcome_named("An error."), Some("error"));
        assert_eq!(outcome_named("maybe"), None);
        assert_eq!(quoted(" t3.nano "), Some("\"t3.nano\"".to_string()));
        assert_eq!(quoted("a\"b"), None);
        assert_eq!(quoted("${x}"), None);
        assert_eq!(quoted("{ a = "), None);
        assert_eq!(quoted("[a, b"), None);
        let forms = written_forms("\"error\"");
        for f in ["error", "Error", "an error", "An error", "fails", "Fails"] {
            assert!(forms.contains(&f.to_string()), "{f}: {forms:?}");
        }
        assert!(forms.iter().all(|f| names_outcome("error", f)), "{forms:?}");
        assert!(written_forms("\"standard\"").is_empty());
        assert!(written_forms("8").is_empty());
    }
}
