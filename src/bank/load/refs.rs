//! A question's references, checked: the quoted seed sentence is in the seed (and in the
//! question's section of it), the documentation address has the official form, the exam
//! objective is catalogued and the `since` release is a version.

use std::collections::BTreeMap;

use crate::bank::model::{Engine, LessonRef, References};

/// The name of the exam objective catalogue at a bank root.
pub const OBJECTIVES: &str = "objectives.yaml";

/// Where every official Terraform documentation page a question may cite starts.
pub const DOCS_PREFIX: &str = "https://developer.hashicorp.com/terraform/";

/// Text with every run of whitespace made one space, trimmed: quotes are compared this way so
/// that line wrapping and indentation in the seed or the bank do not matter.
pub fn normalise(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A seed document's text, normalised, with its sections located.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeedText {
    /// The whole text, normalised.
    pub text: String,
    /// Section → the byte ranges of `text` that belong to it (empty map: sections unknown).
    pub spans: BTreeMap<String, Vec<(usize, usize)>>,
    /// The end of the introduction: text before the first section, common to every section.
    pub intro_end: usize,
}

impl SeedText {
    /// Locates each section by its starting phrases: a section runs from each of its phrases
    /// to the next phrase of any section. A phrase that is not in the text is an error.
    pub fn new(raw: &str, starts: &BTreeMap<String, Vec<String>>) -> Result<SeedText, String> {
        let text = normalise(raw);
        let mut marks: Vec<(usize, &str)> = Vec::new();
        for (section, phrases) in starts {
            for p in phrases {
                let p = normalise(p);
                match text.find(&p) {
                    Some(at) => marks.push((at, section)),
                    None => return Err(format!("the start {p:?} of section {section:?} is not in the seed text")),
                }
            }
        }
        marks.sort();
        let mut spans: BTreeMap<String, Vec<(usize, usize)>> = BTreeMap::new();
        for (i, (at, section)) in marks.iter().enumerate() {
            let end = marks.get(i + 1).map(|m| m.0).unwrap_or(text.len());
            spans.entry((*section).to_string()).or_default().push((*at, end));
        }
        let intro_end = marks.first().map(|m| m.0).unwrap_or(text.len());
        Ok(SeedText { text, spans, intro_end })
    }

    /// Why `quote` is not a quotation of `section` of this seed; `None` when it is.
    pub fn quote_problem(&self, seed: &str, section: &str, quote: &str) -> Option<String> {
        let q = normalise(quote);
        if q.is_empty() {
            return Some("`quote` is empty: quote the seed sentence this question tests".into());
        }
        let found: Vec<usize> = self.text.match_indices(&q).map(|(at, _)| at).collect();
        if found.is_empty() {
            return Some(format!(
                "the quote is not in seed {seed}: quote a sentence of the lesson verbatim (line breaks and indentation may differ){}",
                self.near(&q)
            ));
        }
        if !self.is_whole(&found, q.len()) {
            return Some(format!(
                "the quote starts or ends inside a word of seed {seed}: quote a whole sentence, list item or clause"
            ));
        }
        let Some(ranges) = self.spans.get(section) else {
            // A section the text cannot locate accepts any sentence of the seed.
            return None;
        };
        let inside = |at: usize| {
            let end = at + q.len();
            end <= self.intro_end || ranges.iter().any(|(s, e)| at >= *s && end <= *e)
        };
        if found.iter().any(|at| inside(*at)) {
            return None;
        }
        let home = self
            .spans
            .iter()
            .find(|(_, rs)| rs.iter().any(|(s, e)| found.iter().any(|at| at >= s && at + q.len() <= *e)))
            .map(|(name, _)| format!(" (it is in section {name:?})"))
            .unwrap_or_default();
        Some(format!(
            "the quote is in seed {seed} but not in its section {section:?}{home}: quote the sentence of this question's section"
        ))
    }

    /// True when one occurrence neither starts nor ends in the middle of a word.
    fn is_whole(&self, found: &[usize], len: usize) -> bool {
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        found.iter().any(|&at| {
            let before = self.text[..at].chars().next_back();
            let first = self.text[at..].chars().next();
            let last = self.text[..at + len].chars().next_back();
            let after = self.text[at + len..].chars().next();
            let cuts_start = word(before) && word(first);
            let cuts_end = word(last) && word(after);
            !cuts_start && !cuts_end
        })
    }

    /// A hint: the seed's longest run of words shared with the quote's start.
    fn near(&self, q: &str) -> String {
        let words: Vec<&str> = q.split(' ').collect();
        for n in (3..=words.len().min(12)).rev() {
            let head = words[..n].join(" ");
            if let Some(at) = self.text.find(&head) {
                let tail: String = self.text[at..].chars().take(q.chars().count() + 20).collect();
                return format!("; the seed has {tail:?}");
            }
        }
        String::new()
    }
}

/// The exam objectives (`objectives.yaml`): id → text, in catalogue order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Objectives {
    /// Where the list was read.
    pub source: String,
    /// (id, text), in catalogue order; ids without a letter are the domain headings.
    pub list: Vec<(String, String)>,
}

impl Objectives {
    /// The text of objective `id`.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.list.iter().find(|(i, _)| i == id).map(|(_, t)| t.as_str())
    }

    /// `2c Compute and interpolate data using HCL functions`, or the bare id when unknown.
    pub fn label(&self, id: &str) -> String {
        match self.text(id) {
            Some(t) => format!("{id} {t}"),
            None => id.to_string(),
        }
    }

    /// The sub-objectives a question may serve (ids with a letter), in catalogue order.
    pub fn serviceable(&self) -> impl Iterator<Item = &(String, String)> {
        self.list.iter().filter(|(id, _)| !is_heading(id))
    }

    /// Why `id` is not an objective a question may name; `None` when it is.
    pub fn problem(&self, id: &str) -> Option<String> {
        if self.list.is_empty() {
            return None;
        }
        let known: Vec<&str> = self.serviceable().map(|(i, _)| i.as_str()).collect();
        if is_heading(id) && self.text(id).is_some() {
            return Some(format!(
                "objective {id:?} is a domain heading: name one of its sub-objectives ({})",
                known.iter().filter(|k| k.starts_with(id)).copied().collect::<Vec<_>>().join(", ")
            ));
        }
        if self.text(id).is_some() {
            return None;
        }
        Some(format!(
            "objective {id:?} is not in {OBJECTIVES} (the exam objectives are: {})",
            known.join(", ")
        ))
    }
}

/// A question's references as (label, text) lines for people, in a fixed order: the quoted
/// lesson sentence, the exam objective with its text, the documentation page, and the
/// Terraform release the answer depends on. Absent references give no line.
pub fn lines(refs: &References, objectives: &Objectives) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if let Some(q) = &refs.quote {
        out.push(("Lesson says", format!("\u{201c}{}\u{201d}", normalise(q))));
    }
    if let Some(o) = &refs.objective {
        out.push(("Objective", objectives.label(o)));
    }
    if let Some(d) = &refs.docs {
        out.push(("Docs", d.clone()));
    }
    if let Some(v) = &refs.since {
        out.push(("Since", format!("Terraform {v}")));
    }
    out
}

/// True for a domain heading id (`2`), which names no single skill.
fn is_heading(id: &str) -> bool {
    id.chars().all(|c| c.is_ascii_digit())
}

/// Why `url` is not an official documentation address for an `engine` question; `None` when
/// it is. Terraform questions cite developer.hashicorp.com; cfnrain and Rivet cite none (the
/// seed is their documentation, and Rivet has no public pages).
pub fn docs_problem(engine: Engine, url: &str) -> Option<String> {
    if engine != Engine::Terraform {
        return Some(format!(
            "`docs` is for terraform questions: {engine} has no official documentation page to cite (its seed is the reference), so omit it"
        ));
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Some(format!("`docs` {url:?} contains a space: write one address"));
    }
    let Some(path) = url.strip_prefix(DOCS_PREFIX) else {
        return Some(format!(
            "`docs` {url:?} is not an official Terraform documentation page: it must start with {DOCS_PREFIX}"
        ));
    };
    // A `#section` anchor points into the page, which helps a reader; a query never names a page.
    let (page, anchor) = path.split_once('#').unwrap_or((path, ""));
    let bad_anchor =
        anchor.is_empty() && path.ends_with('#') || !anchor.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if page.is_empty() || page.contains("//") || page.contains(['?', '"', '<', '>']) || bad_anchor {
        return Some(format!(
            "`docs` {url:?} is not a page address: give the page's path after {DOCS_PREFIX} (a #section anchor may follow), without a query"
        ));
    }
    None
}

/// Why `since` is not a Terraform release (`1.8` or `1.8.0`); `None` when it is.
pub fn since_problem(since: &str) -> Option<String> {
    let parts: Vec<&str> = since.split('.').collect();
    let numeric = parts
        .iter()
        .all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()));
    if (2..=3).contains(&parts.len()) && numeric {
        None
    } else {
        Some(format!(
            "`since` {since:?} is not a Terraform release: write it as X.Y or X.Y.Z, e.g. \"1.8\""
        ))
    }
}

/// Every problem with a question's references, as (field, message). `seed` is the text of its
/// lesson's seed when the bank carries it: then `quote` and `objective` are required (and
/// `docs` for terraform), because a self-contained bank can prove them.
pub fn problems(
    refs: &References,
    engine: Engine,
    lesson: &LessonRef,
    seed: Option<&SeedText>,
    objectives: &Objectives,
) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    match (&refs.quote, seed) {
        (Some(q), Some(s)) => {
            if let Some(m) = s.quote_problem(&lesson.seed, &lesson.section, q) {
                out.push(("quote", m));
            }
        }
        (Some(q), None) if normalise(q).is_empty() => out.push(("quote", "`quote` is empty".to_string())),
        (None, Some(_)) => out.push((
            "lesson",
            format!(
                "no `quote`: add the sentence of seed {} this question tests, quoted verbatim (`quote:` after `lesson:`)",
                lesson.seed
            ),
        )),
        _ => {}
    }
    match &refs.objective {
        Some(o) => {
            if let Some(m) = objectives.problem(o) {
                out.push(("objective", m));
            }
        }
        None if seed.is_some() => out.push((
            "lesson",
            "no `objective`: add the exam objective this question serves (`objective: 2c`; see objectives.yaml)".to_string(),
        )),
        None => {}
    }
    match &refs.docs {
        Some(d) => {
            if let Some(m) = docs_problem(engine, d) {
                out.push(("docs", m));
            }
        }
        None if seed.is_some() && engine == Engine::Terraform => out.push((
            "lesson",
            format!("no `docs`: add the official documentation page of the function or feature ({DOCS_PREFIX}...)"),
        )),
        None => {}
    }
    if let Some(s) = &refs.since {
        if engine != Engine::Terraform {
            out.push(("since", format!("`since` is a Terraform release, and this is a {engine} question")));
        } else if let Some(m) = since_problem(s) {
            out.push(("since", m));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed() -> SeedText {
        let starts = BTreeMap::from([
            ("One".to_string(), vec!["One: the first".to_string()]),
            ("Two".to_string(), vec!["Two: the second".to_string()]),
        ]);
        let text = "Intro words here.\nOne: the first\nsection says a thing.\n\nTwo: the second   section\nsays another.";
        match SeedText::new(text, &starts) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn a_quote_is_found_across_line_breaks_in_its_section_or_the_introduction() {
        let s = seed();
        assert_eq!(s.quote_problem("001", "Two", "the second section says another."), None);
        assert_eq!(s.quote_problem("001", "One", "Intro words here."), None);
        let wrong = s.quote_problem("001", "One", "says another.").unwrap_or_default();
        assert!(wrong.contains("not in its section \"One\"") && wrong.contains("\"Two\""), "{wrong}");
        let absent = s.quote_problem("001", "One", "says nothing").unwrap_or_default();
        assert!(absent.contains("not in seed 001"), "{absent}");
        let cut = s.quote_problem("001", "One", "he first section").unwrap_or_default();
        assert!(cut.contains("inside a word"), "{cut}");
    }

    #[test]
    fn a_start_phrase_missing_from_the_text_is_an_error() {
        let starts = BTreeMap::from([("X".to_string(), vec!["nowhere".to_string()])]);
        assert!(SeedText::new("some text", &starts).is_err());
    }

    #[test]
    fn docs_must_be_an_official_terraform_page() {
        assert_eq!(
            docs_problem(
                Engine::Terraform,
                "https://developer.hashicorp.com/terraform/language/functions/slice"
            ),
            None
        );
        for bad in [
            "http://developer.hashicorp.com/terraform/language/functions/slice",
            "https://www.terraform.io/language/functions/slice",
            "https://developer.hashicorp.com/terraform/",
            "https://developer.hashicorp.com/terraform/language functions",
            "https://developer.hashicorp.com/terraform/language/functions/slice?x=1",
            "https://developer.hashicorp.com/terraform/language/functions/slice#",
            "https://developer.hashicorp.com/terraform/language/functions/slice#a b",
        ] {
            assert!(docs_problem(Engine::Terraform, bad).is_some(), "{bad}");
        }
        // A section anchor still names the page.
        assert_eq!(
            docs_problem(
                Engine::Terraform,
                "https://developer.hashicorp.com/terraform/language/checks#scoped-data-sources"
            ),
            None
        );
        assert!(docs_problem(Engine::Rivet, "https://developer.hashicorp.com/terraform/language").is_some());
    }

    #[test]
    fn since_is_a_release_number() {
        assert_eq!(since_problem("1.8"), None);
        assert_eq!(since_problem("1.10.2"), None);
        for bad in ["1", "v1.8", "1.8.x", "1..8", "1.2.3.4", ""] {
            assert!(since_problem(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn objectives_refuse_unknown_ids_and_headings() {
        let o = Objectives {
            source: String::new(),
            list: vec![("2".into(), "Develop".into()), ("2c".into(), "Compute".into())],
        };
        assert_eq!(o.problem("2c"), None);
        assert!(o.problem("2z").unwrap_or_default().contains("not in objectives.yaml"));
        assert!(o.problem("2").unwrap_or_default().contains("heading"));
        assert_eq!(o.label("2c"), "2c Compute");
    }
}
