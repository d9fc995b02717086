//! Coverage: how many questions each topic and each lesson section has, so gaps show.

use std::collections::BTreeMap;

use crate::bank::Bank;
use crate::bank::model::LessonRef;

/// Question counts by topic and by lesson section.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Topic → question count, sorted by topic.
    pub topics: BTreeMap<String, usize>,
    /// Lesson section → question count: every catalogued section (zero when no question
    /// teaches it) in lesson order, then any others the questions name.
    pub sections: Vec<(LessonRef, usize)>,
    /// Exam objective → question count: every catalogued objective a question may serve (zero
    /// when none does) in exam order, then any others the questions name; questions without
    /// an objective count under "-".
    pub objectives: Vec<(String, usize)>,
}

/// Counts the bank's questions by topic and section.
pub fn coverage(bank: &Bank) -> Coverage {
    let mut topics = BTreeMap::new();
    let mut by_section: BTreeMap<LessonRef, usize> = BTreeMap::new();
    let mut by_objective: BTreeMap<String, usize> = BTreeMap::new();
    for q in bank.questions() {
        *topics.entry(q.topic.clone()).or_insert(0) += 1;
        *by_section.entry(q.lesson.clone()).or_insert(0) += 1;
        let o = q.refs.objective.clone().unwrap_or_else(|| "-".to_string());
        *by_objective.entry(o).or_insert(0) += 1;
    }
    let mut objectives = Vec::new();
    for (id, _) in bank.catalogue().objectives.serviceable() {
        let n = by_objective.remove(id).unwrap_or(0);
        objectives.push((id.clone(), n));
    }
    objectives.extend(by_objective);
    let mut sections = Vec::new();
    for s in bank.catalogue().sections() {
        let n = by_section.remove(&s).unwrap_or(0);
        sections.push((s, n));
    }
    sections.extend(by_section);
    Coverage {
        topics,
        sections,
        objectives,
    }
}

/// The coverage as text: two tables, gaps marked.
pub fn render(c: &Coverage, bank: &Bank) -> String {
    let mut out = String::from("Questions by topic\n");
    let w = c.topics.keys().map(|k| k.chars().count()).max().unwrap_or(0);
    for (t, n) in &c.topics {
        out.push_str(&format!("  {t:<w$}  {n:>3}\n"));
    }
    out.push_str("\nQuestions by lesson section\n");
    let w = c.sections.iter().map(|(s, _)| s.section.chars().count()).max().unwrap_or(0);
    let mut gaps = 0;
    let mut last_seed = String::new();
    for (s, n) in &c.sections {
        if s.seed != last_seed {
            let title = bank
                .catalogue()
                .lesson(&s.seed)
                .map(|l| format!(" {}", l.title))
                .unwrap_or_default();
            out.push_str(&format!("  {}{title}\n", s.seed));
            last_seed = s.seed.clone();
        }
        let mark = if *n == 0 {
            gaps += 1;
            "  <- no questions yet"
        } else {
            ""
        };
        out.push_str(&format!("    {:<w$}  {n:>3}{mark}\n", s.section));
    }
    out.push_str("\nQuestions by exam objective (Terraform Authoring and Operations Professional)\n");
    let objectives = &bank.catalogue().objectives;
    let mut served = 0;
    for (id, n) in &c.objectives {
        if *n > 0 {
            served += 1;
        }
        let mark = if *n == 0 { "  <- no questions" } else { "" };
        let text: String = objectives.text(id).unwrap_or("(not catalogued)").chars().take(70).collect();
        out.push_str(&format!("  {id:<3} {n:>3}  {text}{mark}\n"));
    }
    out.push_str(&format!(
        "\n{} questions, {} topics, {} of {} sections covered, {} of {} exam objectives served\n",
        bank.questions().len(),
        c.topics.len(),
        c.sections.len() - gaps,
        c.sections.len(),
        served,
        objectives.serviceable().count()
    ));
    out
}
