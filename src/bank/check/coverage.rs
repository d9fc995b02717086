//! Coverage: how many questions each topic, each lesson section and each objective of the
//! two exams has, so gaps show.

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
    /// Terraform Associate (004) objective → question count: every objective of the exam file
    /// (zero when no question names it) in exam order, then any others the questions name. A
    /// question naming several objectives counts under each.
    pub associate: Vec<(String, usize)>,
}

/// The fewest questions a computable Associate objective needs before it is not a gap.
pub const ASSOCIATE_MIN: usize = 4;

/// How wide an objective's text may be in the tables.
const TEXT_WIDTH: usize = 60;

/// Counts the bank's questions by topic and section.
pub fn coverage(bank: &Bank) -> Coverage {
    let mut topics = BTreeMap::new();
    let mut by_section: BTreeMap<LessonRef, usize> = BTreeMap::new();
    let mut by_objective: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_associate: BTreeMap<String, usize> = BTreeMap::new();
    for q in bank.questions() {
        for a in &q.refs.associate {
            *by_associate.entry(a.clone()).or_insert(0) += 1;
        }
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
    let mut associate = Vec::new();
    for o in &bank.catalogue().associate.objectives {
        let n = by_associate.remove(&o.id).unwrap_or(0);
        associate.push((o.id.clone(), n));
    }
    associate.extend(by_associate);
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
        associate,
    }
}

/// (computable Associate objectives with at least [`ASSOCIATE_MIN`] questions, computable
/// Associate objectives).
pub fn associate_met(c: &Coverage, bank: &Bank) -> (usize, usize) {
    let exam = &bank.catalogue().associate;
    let computable: Vec<usize> = c
        .associate
        .iter()
        .filter(|(id, _)| exam.objective(id).is_some_and(|o| o.computable))
        .map(|(_, n)| *n)
        .collect();
    (computable.iter().filter(|n| **n >= ASSOCIATE_MIN).count(), computable.len())
}

/// `text` cut to `width` characters, an ellipsis marking the cut, then padded to `width`.
fn fit(text: &str, width: usize) -> String {
    let cut: String = if text.chars().count() > width {
        text.chars().take(width - 1).chain(std::iter::once('\u{2026}')).collect()
    } else {
        text.to_string()
    };
    format!("{cut:<width$}")
}

/// The Associate table: each domain heading, then its objectives with their counts, gaps
/// (`<4`) and objectives no engine can compute (`n/a`) marked; then the summary line.
fn render_associate(c: &Coverage, bank: &Bank) -> String {
    let exam = &bank.catalogue().associate;
    let mut out = format!(
        "\nQuestions by Terraform Associate (004) objective ({}, tests Terraform {}; <{ASSOCIATE_MIN} = gap, n/a = not computable)\n",
        exam.id, exam.terraform
    );
    let mut domain = "";
    for (id, n) in &c.associate {
        let o = exam.objective(id);
        if let Some((d, title)) = exam
            .domains
            .iter()
            .find(|(d, _)| o.is_some() && id.strip_suffix(|c: char| c.is_ascii_lowercase()) == Some(d.as_str()))
            && d != domain
        {
            out.push_str(&format!("  {d}  {title}\n"));
            domain = d;
        }
        let (text, mark) = match o {
            Some(o) if !o.computable => (o.text.as_str(), "n/a".to_string()),
            Some(o) if *n < ASSOCIATE_MIN => (o.text.as_str(), format!("<{ASSOCIATE_MIN}")),
            Some(o) => (o.text.as_str(), String::new()),
            None => ("(not in the exam file)", String::new()),
        };
        let line = format!("    {id:<3} {n:>3}  {}  {mark}", fit(text, TEXT_WIDTH));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let (met, computable) = associate_met(c, bank);
    out.push_str(&format!(
        "{met} of {computable} computable Terraform Associate (004) objectives have at least {ASSOCIATE_MIN} questions ({} not computable)\n",
        exam.objectives.len() - computable
    ));
    out
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
    if !bank.catalogue().associate.is_empty() {
        out.push_str(&render_associate(c, bank));
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
