//! Which lesson section a drafted question teaches, and the seed sentence it tests: the words
//! of the source (function names, block types, keys) are matched against the sentences of the
//! seed documents, and each sentence belongs to the section of the seed it is written in.

use std::collections::{BTreeMap, BTreeSet};

use crate::bank::load::lessons::{Catalogue, Lesson};
use crate::bank::model::LessonRef;

/// The text of seed document `seed` (`001`), or `None` when it is unknown. The one place seed
/// texts are read from: the bank's copies under `questions/seeds/`, built into the binary.
pub fn seed_text(seed: &str) -> Option<&'static str> {
    match seed {
        "001" => Some(include_str!("../../../questions/seeds/001.txt")),
        "002" => Some(include_str!("../../../questions/seeds/002.txt")),
        "003" => Some(include_str!("../../../questions/seeds/003.txt")),
        _ => None,
    }
}

/// Where a section starts in seed 001 when the seed has no heading line for it: the first
/// words of the paragraph that opens it. Other sections start at a line that is their name, or
/// their name followed by `:`.
const OPENINGS: &[(&str, &str)] = &[
    ("Function purity", "Terraform has no user-defined functions"),
    ("Types", "• Types:"),
    ("merge() precedence", "merge() combines maps"),
    ("Missing values", "Each fallback function handles"),
    ("optional() defaults", "optional(type, default) in an object"),
    ("Dynamic blocks", "A dynamic block generates"),
    ("Custom conditions", "Custom conditions encode"),
];

/// A sentence of a seed and the section it is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    /// The section (as the catalogue names it).
    pub section: String,
    /// The sentence, verbatim from the seed (one line of it).
    pub text: String,
}

/// The sentences of a lesson's seed, each with its section; lines before the first section,
/// code lines and headings are left out.
pub fn sentences(lesson: &Lesson) -> Vec<Sentence> {
    let Some(text) = seed_text(&lesson.seed) else { return Vec::new() };
    let lines: Vec<&str> = text.lines().collect();
    let mut starts: Vec<(usize, &str)> = Vec::new();
    for s in &lesson.sections {
        if let Some(i) = lines.iter().position(|l| opens(l, s)) {
            starts.push((i, s.as_str()));
        }
    }
    // A heading that is not a section's ("More tested examples") ends the section before it.
    for (i, l) in lines.iter().enumerate() {
        if is_other_heading(l) && !lesson.sections.iter().any(|s| opens(l, s)) && starts.iter().any(|(st, _)| *st < i) {
            starts.push((i, ""));
        }
    }
    starts.sort();
    let mut out = Vec::new();
    for (k, (start, section)) in starts.iter().enumerate() {
        if section.is_empty() {
            continue;
        }
        let end = starts.get(k + 1).map_or(lines.len(), |(e, _)| *e);
        for line in &lines[*start..end] {
            if is_prose(line) && !is_heading(line, section) {
                out.extend(split_sentences(line).into_iter().map(|t| Sentence {
                    section: section.to_string(),
                    text: t,
                }));
            }
        }
    }
    out
}

/// True when `line` opens section `s`: its heading, or its opening words in [`OPENINGS`].
fn opens(line: &str, s: &str) -> bool {
    if is_heading(line, s) {
        return true;
    }
    OPENINGS
        .iter()
        .any(|(sec, words)| *sec == s && line.trim_start().starts_with(words))
}

/// A heading: a short line without a full stop that starts with the section's name.
fn is_heading(line: &str, s: &str) -> bool {
    let l = line.trim();
    let lower = l.to_ascii_lowercase();
    lower.starts_with(&s.to_ascii_lowercase()) && !l.ends_with('.') && l.len() < 100 && !line.starts_with(' ')
}

/// A short title line that names no section: capitalised, a few words, no full stop.
fn is_other_heading(line: &str) -> bool {
    let t = line.trim();
    !line.starts_with(' ')
        && t.chars().next().is_some_and(char::is_uppercase)
        && t.split_whitespace().count() <= 6
        && !t.contains('.')
        && !t.ends_with([':', '{', '}'])
}

/// Prose, not code: at least four words, a sentence that ends (a full stop, or a colon that
/// introduces a list), not indented configuration.
fn is_prose(line: &str) -> bool {
    let t = line.trim();
    t.split_whitespace().count() >= 4
        && !line.starts_with("  ")
        && (t.contains(". ") || t.ends_with('.') || t.ends_with(':'))
        && !t.ends_with('{')
        && !t.starts_with('#')
}

/// A line split into sentences at ". " followed by a capital letter or a bullet's start.
fn split_sentences(line: &str) -> Vec<String> {
    let t = line.trim().trim_start_matches('•').trim();
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = t.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        cur.push(*c);
        let next_upper = chars.get(i + 2).is_some_and(|n| n.is_uppercase());
        if *c == '.' && chars.get(i + 1) == Some(&' ') && next_upper {
            out.push(cur.trim().to_string());
            cur.clear();
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// A word of a source, with how much it says about the section (function names most).
#[derive(Clone, Debug, Default)]
pub struct Words {
    weights: BTreeMap<String, f64>,
}

impl Words {
    /// Adds `word` with `weight` (the largest weight given wins).
    pub fn add(&mut self, word: &str, weight: f64) {
        let w = word.to_ascii_lowercase();
        if w.len() < 2 || STOP.contains(&w.as_str()) {
            return;
        }
        let e = self.weights.entry(w).or_insert(0.0);
        if weight > *e {
            *e = weight;
        }
    }
    /// Adds every identifier-like word of `text` with `weight`.
    pub fn add_text(&mut self, text: &str, weight: f64) {
        for w in words_of(text) {
            self.add(&w, weight);
        }
    }
    /// True when no word was added.
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }
}

/// Common words that say nothing about a section.
const STOP: &[&str] = &[
    "the", "and", "for", "of", "to", "in", "is", "it", "an", "as", "by", "on", "or", "be", "at", "if", "its", "with", "what", "does",
    "this", "that", "are", "from", "value", "values", "return", "returns", "true", "false", "null", "type", "string", "number", "name",
    "var", "local", "locals", "variable", "default", "resource", "data",
];

/// The identifier-like words of a text (letters, digits, `_`; `Fn::Sub` gives `Sub`).
pub fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()) && *w != "Fn")
        .map(str::to_string)
        .collect()
}

/// How much a section's other matching sentences add to its best one (tuned on the bundled
/// bank: 0.5 files 224 of 300 questions under their own section, terraform 158 of 187).
const SUM_WEIGHT: f64 = 0.5;

/// The best section of `lesson` for `words` and the sentence of it that matches best.
pub fn best_match(lesson: &Lesson, words: &Words) -> Option<(LessonRef, String)> {
    let sents = sentences(lesson);
    if sents.is_empty() || words.is_empty() {
        return None;
    }
    // Rarer words say more: weight each word by how few sentences contain it.
    let sets: Vec<BTreeSet<String>> = sents
        .iter()
        .map(|s| words_of(&s.text).into_iter().map(|w| w.to_ascii_lowercase()).collect())
        .collect();
    let n = sents.len() as f64;
    let idf = |w: &str| {
        let df = sets.iter().filter(|s| s.contains(w)).count() as f64;
        if df == 0.0 { 0.0 } else { (n / df).ln() + 1.0 }
    };
    // A function the source calls counts more in a sentence that names it as one (`merge()`),
    // most in one that starts with it (where the seed defines it); a long sentence (a list of every key) matches many words without being about them, so
    // scores are normalised by length as BM25 does.
    let avg = sets.iter().map(BTreeSet::len).sum::<usize>() as f64 / n;
    let scores: Vec<f64> = sets
        .iter()
        .zip(&sents)
        .map(|(s, sent)| {
            let lower = sent.text.to_ascii_lowercase();
            let norm = 2.2 / (1.0 + 1.2 * (0.25 + 0.75 * s.len() as f64 / avg));
            words
                .weights
                .iter()
                .filter(|(w, _)| s.contains(*w))
                .map(|(w, wt)| {
                    let call = format!("{w}(");
                    // The seed defines a function in a sentence that starts with it.
                    let bonus = match (*wt >= 3.0, lower.starts_with(&call), lower.contains(&call)) {
                        (true, true, _) => 2.0,
                        (true, false, true) => 1.5,
                        _ => 1.0,
                    };
                    // Length says nothing about a sentence that names the function.
                    wt * idf(w) * if bonus > 1.0 { bonus } else { norm }
                })
                .sum()
        })
        .collect();
    // A section's score: its best sentence, then the sum of its sentences' scores.
    let mut by_section: BTreeMap<&str, (f64, f64)> = BTreeMap::new();
    for (s, sc) in sents.iter().zip(&scores) {
        let e = by_section.entry(s.section.as_str()).or_insert((0.0, 0.0));
        e.0 = e.0.max(*sc);
        e.1 += sc;
    }
    let (section, best) = by_section
        .iter()
        .max_by(|a, b| (a.1.0 + a.1.1 * SUM_WEIGHT).total_cmp(&(b.1.0 + b.1.1 * SUM_WEIGHT)))?;
    if best.0 <= 0.0 {
        return None;
    }
    // The best sentence of the section; among equals the first, where a claim is made.
    let mut quote: Option<(&Sentence, f64)> = None;
    for (s, sc) in sents.iter().zip(&scores).filter(|(s, _)| s.section == *section) {
        if quote.is_none_or(|(_, q)| *sc > q) {
            quote = Some((s, *sc));
        }
    }
    let quote = quote?.0.text.clone();
    Some((
        LessonRef {
            seed: lesson.seed.clone(),
            section: section.to_string(),
        },
        quote,
    ))
}

/// The best match among the catalogue's lessons for `engine`.
pub fn best_in_catalogue(catalogue: &Catalogue, engine: crate::bank::model::Engine, words: &Words) -> Option<(LessonRef, String)> {
    catalogue
        .lessons
        .iter()
        .filter(|l| l.engine == engine)
        .find_map(|l| best_match(l, words))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::Bank;

    fn catalogue() -> Catalogue {
        Bank::load_embedded().map(|b| b.catalogue().clone()).unwrap_or_default()
    }

    #[test]
    fn every_section_of_every_lesson_has_sentences() {
        let cat = catalogue();
        assert!(!cat.is_empty());
        // The workflow's lesson (004) has no seed text to take sentences from.
        for l in cat.lessons.iter().filter(|l| cat.seeds.contains_key(&l.seed)) {
            let sents = sentences(l);
            for s in &l.sections {
                assert!(sents.iter().any(|x| &x.section == s), "seed {} section {s:?} has sentences", l.seed);
            }
        }
    }

    #[test]
    fn merge_words_find_merge_precedence() {
        let cat = catalogue();
        let mut w = Words::default();
        w.add("merge", 3.0);
        let lesson = cat.lesson("001").cloned().unwrap_or_else(|| panic!("seed 001"));
        let (r, quote) = best_match(&lesson, &w).unwrap_or_else(|| panic!("a match"));
        assert_eq!(r.section, "merge() precedence");
        assert!(quote.contains("merge()"), "{quote}");
        let mut w = Words::default();
        w.add("cidrsubnets", 3.0);
        assert_eq!(
            best_match(&lesson, &w).map(|m| m.0.section),
            Some("Network address functions".into())
        );
    }
}
