//! Moodle grades as `quiz grade` does. Sample responses to every question of two quizzes (the
//! golden fixture quiz and the whole bundled bank in three variants) are graded by our grader
//! and by a model of Moodle written here from Moodle's documented rules, once as Moodle imports
//! `quiz.gift` and once as it imports `quiz.xml`; the scores must be equal.
//!
//! The model:
//! - GIFT import (docs.moodle.org "GIFT format", qformat_gift): `\` escapes `\ : # = { } ~` and
//!   `\n` is a line break; an answer block with `~` is multiple choice, with `=` and `->` a
//!   matching question, `TRUE`/`FALSE`/`T`/`F` true/false, anything else a short answer; a short
//!   answer is `=text#feedback` with an optional `%N%` weight (1 to 2 digits), and a GIFT short
//!   answer ignores case (`usecase` 0).
//! - Moodle XML import: `<usecase>`, each `<answer fraction>` with its `<text>`.
//! - Short answer grading (qtype_shortanswer): the response is trimmed, both sides are Unicode
//!   NFC, an unescaped run of `*` in an answer matches anything, `\*` is a literal `*`, case is
//!   ignored unless `usecase` is 1, and the first answer that matches gives the grade.
//! - A multiple-choice question grades the choice picked: a typed response can be given only
//!   when a choice reads exactly so.

use crate::support;
use crate::xml;

use std::collections::BTreeMap;
use std::path::Path;

use iacquiz::instructor::grade::judge;
use iacquiz::instructor::model::{Format, Item, Quiz};
use support::{make_golden_quiz, read, run, temp};
use unicode_normalization::UnicodeNormalization;
use xml::parse_xml;

/// A question as Moodle holds it after import.
#[derive(Debug, Clone)]
enum Moodle {
    /// Short answer: case-sensitive?, (answer, fraction) in order.
    Short(bool, Vec<(String, f64)>),
    /// Multiple choice: (choice text as shown, fraction).
    Choice(Vec<(String, f64)>),
    /// True/false: the right one.
    TrueFalse(bool),
}

/// Moodle's shortanswer match of one answer pattern.
fn moodle_matches(response: &str, pattern: &str, usecase: bool) -> bool {
    let norm = |s: &str| -> String {
        let s: String = s.nfc().collect();
        if usecase { s } else { s.to_lowercase() }
    };
    let response = norm(response.trim());
    // Split on unescaped runs of `*`; `\*` is a literal star.
    let pattern = norm(pattern);
    let mut bits: Vec<String> = vec![String::new()];
    let mut chars = pattern.chars().peekable();
    let mut last_star = false;
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&'*') {
            chars.next();
            if let Some(b) = bits.last_mut() {
                b.push('*');
            }
            last_star = false;
        } else if c == '*' {
            if !last_star {
                bits.push(String::new());
            }
            last_star = true;
        } else {
            if let Some(b) = bits.last_mut() {
                b.push(c);
            }
            last_star = false;
        }
    }
    // Anchored: the first bit at the start, the last at the end, the others in between.
    let n = bits.len();
    if n == 1 {
        return response == bits[0];
    }
    let (first, last) = (&bits[0], &bits[n - 1]);
    if !response.starts_with(first.as_str()) || response.len() < first.len() + last.len() || !response.ends_with(last.as_str()) {
        return false;
    }
    let mut rest = &response[first.len()..response.len() - last.len()];
    for b in &bits[1..n - 1] {
        match rest.find(b.as_str()) {
            Some(i) => rest = &rest[i + b.len()..],
            None => return false,
        }
    }
    true
}

/// The grade Moodle gives a typed response (None: it cannot be given, no choice reads so).
fn moodle_grade(q: &Moodle, response: &str) -> Option<f64> {
    match q {
        Moodle::Short(usecase, answers) => Some(
            answers
                .iter()
                .find(|(p, _)| moodle_matches(response, p, *usecase))
                .map_or(0.0, |(_, f)| *f),
        ),
        Moodle::Choice(choices) => choices.iter().find(|(t, _)| t == response.trim()).map(|(_, f)| *f),
        Moodle::TrueFalse(truth) => match response.trim() {
            "true" => Some(if *truth { 1.0 } else { 0.0 }),
            "false" => Some(if *truth { 0.0 } else { 1.0 }),
            _ => None,
        },
    }
}

/// The text of an HTML choice (`<code>&quot;a&quot;</code>` → `"a"`).
fn html_text(s: &str) -> String {
    s.trim()
        .trim_start_matches("<code>")
        .trim_end_matches("</code>")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// GIFT as Moodle imports it: questions by name.
fn import_gift(src: &str) -> BTreeMap<String, Moodle> {
    let mut out = BTreeMap::new();
    let mut chunk: Vec<&str> = Vec::new();
    let mut chunks: Vec<String> = Vec::new();
    for line in src.lines().chain(std::iter::once("")) {
        if line.trim().is_empty() {
            if !chunk.is_empty() {
                chunks.push(chunk.join("\n"));
                chunk.clear();
            }
        } else if !line.trim().starts_with("//") {
            chunk.push(line);
        }
    }
    for c in chunks {
        if c.starts_with("$CATEGORY:") {
            continue;
        }
        // Escapes become private characters first, as Moodle's placeholders do.
        let (esc, plain) = ("\\:\\#\\=\\{\\}\\~", ":#={}~");
        let mut t = c.replace("\\\\", "\u{E000}");
        for (e, p) in esc.as_bytes().chunks(2).zip(plain.chars()) {
            let e = std::str::from_utf8(e).unwrap_or_default();
            t = t.replace(e, &char::from_u32(0xE100 + p as u32).map(String::from).unwrap_or_default());
        }
        t = t.replace("\\n", "\u{E00A}").replace('\u{E000}', "\\");
        let back = |s: &str| -> String {
            s.chars()
                .map(|ch| match ch as u32 {
                    0xE10A.. if (ch as u32) < 0xE200 => char::from_u32(ch as u32 - 0xE100).unwrap_or(ch),
                    0xE00A => '\n',
                    _ => ch,
                })
                .collect()
        };
        let Some(rest) = t.strip_prefix("::") else {
            panic!("a question without a name: {c}")
        };
        let Some(end) = rest.find("::") else { panic!("unterminated name") };
        let name = back(&rest[..end]);
        let body = &rest[end + 2..];
        let (Some(open), Some(close)) = (body.find('{'), body.find('}')) else {
            panic!("{name}: no answer block")
        };
        let mut answers = body[open + 1..close].trim().to_string();
        if let Some(g) = answers.rfind("####") {
            answers.truncate(g);
        }
        let answers = answers.trim();
        let q = if answers.contains('~') {
            let parts: Vec<(String, f64)> = answers
                .replace('=', "~=")
                .split('~')
                .map(str::trim)
                .filter(|a| !a.is_empty())
                .map(|a| {
                    let (f, a) = match a.strip_prefix('=') {
                        Some(r) => (1.0, r),
                        None => (0.0, a),
                    };
                    let text = a.split('#').next().unwrap_or_default();
                    (html_text(&back(text)), f)
                })
                .collect();
            Moodle::Choice(parts)
        } else if answers.contains('=') && answers.contains("->") {
            panic!("{name}: Moodle reads a matching question")
        } else if ["T", "TRUE", "F", "FALSE"].contains(&answers.split('#').next().unwrap_or_default().trim()) {
            Moodle::TrueFalse(matches!(answers.split('#').next().map(str::trim), Some("T" | "TRUE")))
        } else {
            let parts = answers
                .split('=')
                .map(str::trim)
                .filter(|a| !a.is_empty())
                .map(|a| {
                    // `%N%` with one or two digits is a weight; anything else is text.
                    let mut f = 1.0;
                    let mut a = a;
                    if let Some(r) = a.strip_prefix('%')
                        && let Some(p) = r.find('%')
                        && (1..=2).contains(&r[..p].len())
                        && r[..p].chars().all(|c| c.is_ascii_digit())
                    {
                        f = r[..p].parse::<f64>().unwrap_or(0.0) / 100.0;
                        a = &r[p + 1..];
                    }
                    (back(a.split('#').next().unwrap_or_default().trim()), f)
                })
                .collect();
            Moodle::Short(false, parts)
        };
        out.insert(name, q);
    }
    out
}

/// Moodle XML as Moodle imports it: questions by name.
fn import_xml(src: &str) -> BTreeMap<String, Moodle> {
    let doc = parse_xml(src);
    let mut out = BTreeMap::new();
    for q in doc.one("quiz").all("question") {
        let kind = q.attr("type").unwrap_or("");
        if kind == "category" {
            continue;
        }
        let answers: Vec<(String, f64)> = q
            .all("answer")
            .iter()
            .map(|a| {
                let f = a.attr("fraction").and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0) / 100.0;
                (a.one("text").text.clone(), f)
            })
            .collect();
        let m = match kind {
            "shortanswer" => Moodle::Short(q.one("usecase").text.trim() == "1", answers),
            "multichoice" => Moodle::Choice(answers.iter().map(|(t, f)| (html_text(t), *f)).collect()),
            _ => Moodle::TrueFalse(answers.iter().any(|(t, f)| t == "true" && *f > 0.0)),
        };
        out.insert(q.text_of("name"), m);
    }
    out
}

/// Whitespace outside quoted strings removed (`["a", "b"]` → `["a","b"]`).
fn squeeze(s: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    let mut prev = ' ';
    for c in s.chars() {
        if c == '"' && prev != '\\' {
            quoted = !quoted;
        }
        if quoted || !c.is_whitespace() {
            out.push(c);
        }
        prev = c;
    }
    out
}

/// Responses a class would give to a typed question: the answer as printed and as people
/// write it, in other letter cases, and the engine's wrong values.
fn samples(item: &Item) -> Vec<String> {
    let a = item.answer.text.trim();
    let mut out = vec![a.to_string(), a.to_lowercase(), a.to_uppercase(), squeeze(a), format!("  {a} ")];
    for call in ["tolist(", "toset(", "tomap("] {
        if let Some(inner) = a.strip_prefix(call).and_then(|r| r.strip_suffix(')')) {
            out.push(inner.to_string());
            out.push(squeeze(inner));
            out.push(inner.to_uppercase());
        }
    }
    if a.parse::<i64>().is_ok() {
        out.push(format!("{a}.0"));
    }
    if let Some(inner) = a.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        out.push(inner.to_string());
        out.push(inner.to_uppercase());
    }
    if let Some(summary) = a.strip_prefix("Error: ") {
        out.push(summary.to_string());
        out.push(summary.to_lowercase());
    }
    if a == "\"error\"" {
        out.extend(["error", "Error", "an error", "ERROR"].map(String::from));
    }
    out.extend(item.wrong.iter().map(|w| w.text.clone()));
    out.extend(item.wrong.iter().map(|w| w.text.to_lowercase()));
    out.dedup();
    out
}

/// Figures of one export: responses compared, equal grades, responses a choice cannot give.
#[derive(Default, Debug)]
struct Tally {
    compared: usize,
    not_offered: usize,
    differ: Vec<String>,
}

fn compare(quiz: &Quiz, moodle: &BTreeMap<String, Moodle>, file: &str, tally: &mut Tally) {
    for v in &quiz.variants {
        for item in &v.questions {
            let t = iacquiz::export::title(v.variant, item);
            let Some(q) = moodle.get(&t) else {
                assert_eq!(file, "quiz.gift", "{t} is in {file}");
                tally.not_offered += 1;
                continue;
            };
            let responses: Vec<String> = match item.format {
                Format::Shortanswer => samples(item),
                _ => item.choices.iter().map(|c| c.text.clone()).collect(),
            };
            for r in responses {
                let ours = judge(item, Some(&r)).correct;
                match moodle_grade(q, &r) {
                    None => tally.not_offered += 1,
                    Some(f) => {
                        tally.compared += 1;
                        if (f >= 1.0) != ours {
                            tally.differ.push(format!("{file} {t}: {r:?}: quiz grade {ours}, Moodle {f}"));
                        }
                    }
                }
            }
        }
    }
}

fn check(dir: &Path, tag: &str) {
    let quiz = match Quiz::from_json(&read(&dir.join("key.json"))) {
        Ok(q) => q,
        Err(e) => panic!("key.json: {e}"),
    };
    let mut gift = Tally::default();
    let mut xml = Tally::default();
    compare(&quiz, &import_gift(&read(&dir.join("quiz.gift"))), "quiz.gift", &mut gift);
    compare(&quiz, &import_xml(&read(&dir.join("quiz.xml"))), "quiz.xml", &mut xml);
    eprintln!(
        "{tag}: quiz.gift {} responses graded alike ({} not offered by a choice); quiz.xml {} alike",
        gift.compared - gift.differ.len(),
        gift.not_offered,
        xml.compared - xml.differ.len()
    );
    let differ: Vec<String> = gift.differ.into_iter().chain(xml.differ).collect();
    assert!(
        differ.is_empty(),
        "{tag}: {} responses graded differently:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(xml.compared > 0 && gift.compared > 0);
}

#[test]
fn moodle_model_follows_the_documented_rules() {
    assert!(moodle_matches(" abc ", "ABC", false));
    assert!(!moodle_matches("abc", "ABC", true));
    assert!(moodle_matches("a*b", "a\\*b", true));
    assert!(!moodle_matches("axb", "a\\*b", true));
    assert!(moodle_matches("axxb", "a*b", true));
    assert!(moodle_matches("e\u{301}", "\u{e9}", true), "NFC on both sides");
    let g = import_gift("::A::[html]x{\n\t=%0%w#no\n\t=r\\=1#yes\n}\n\n::B::t{TRUE#n#y}\n");
    match g.get("A") {
        Some(Moodle::Short(false, a)) => assert_eq!(a, &[("w".to_string(), 0.0), ("r=1".to_string(), 1.0)]),
        other => panic!("{other:?}"),
    }
    assert!(matches!(g.get("B"), Some(Moodle::TrueFalse(true))));
    let q = Moodle::Short(false, vec![("SEARCH".into(), 1.0)]);
    assert_eq!(moodle_grade(&q, "search"), Some(1.0), "GIFT: the case of the issue");
}

#[test]
fn moodle_grades_the_golden_quiz_as_quiz_grade_does() {
    let dir = make_golden_quiz("moodle-golden");
    check(&dir, "golden");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn moodle_grades_the_bundled_bank_as_quiz_grade_does() {
    let out = temp("moodle-bundled");
    let o = run(&[
        "quiz",
        "new",
        "--count",
        "63",
        "--seed",
        "11",
        "--variants",
        "3",
        "--format",
        "gift,moodle",
        "--out",
        &out.display().to_string(),
    ]);
    assert!(o.status.success(), "quiz new: {}", String::from_utf8_lossy(&o.stderr));
    check(&out, "bundled");
    let _ = std::fs::remove_dir_all(&out);
}
