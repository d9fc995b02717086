//! Grading: every student's responses judged against their variant (a typed answer by the
//! engine, from the source `quiz.json` holds), then a table per student (score, time, the
//! misconceptions their wrong answers show) and per question (how many got it, the most
//! common wrong answer and its misconception), as text or CSV.

use std::collections::BTreeMap;

use super::model::{Format, Item, Quiz, Responses, Variant, student_id};

/// The verdict on one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// Whether it is right.
    pub correct: bool,
    /// Whether the question was skipped.
    pub skipped: bool,
    /// The answer as the student gave it, on one line (a choice's text, not its letter).
    pub text: String,
    /// The misconceptions that produce exactly this wrong answer.
    pub misconceptions: Vec<String>,
    /// Why a typed answer could not be graded (an expression, not a value), graded wrong.
    pub refused: Option<String>,
}

/// Judges one answer to one item (`None` or blank: skipped).
pub fn judge(item: &Item, answer: Option<&str>) -> Judged {
    let Some(raw) = answer.map(str::trim).filter(|a| !a.is_empty()) else {
        return Judged {
            correct: false,
            skipped: true,
            text: String::new(),
            misconceptions: Vec::new(),
            refused: None,
        };
    };
    let picked = match item.format {
        Format::Multichoice => item.choice(raw).or_else(|| item.choices.iter().find(|c| c.text.trim() == raw)),
        Format::Truefalse => {
            let word = match raw.to_ascii_lowercase().as_str() {
                "t" | "true" | "yes" | "y" => "true",
                "f" | "false" | "no" | "n" => "false",
                _ => "",
            };
            item.choices.iter().find(|c| c.text == word).or_else(|| item.choice(raw))
        }
        Format::Shortanswer => return judge_typed(item, raw),
    };
    match picked {
        Some(c) => Judged {
            correct: c.correct,
            skipped: false,
            text: c.text.clone(),
            misconceptions: if c.correct {
                Vec::new()
            } else {
                c.misconception.iter().cloned().collect()
            },
            refused: None,
        },
        None => Judged {
            correct: false,
            skipped: false,
            text: raw.to_string(),
            misconceptions: Vec::new(),
            refused: None,
        },
    }
}

/// Judges a typed answer: the exact right or known wrong text first, then the engine (which
/// accepts another notation of the same value, `["a"]` for `tolist(["a"])`).
fn judge_typed(item: &Item, raw: &str) -> Judged {
    let text = raw.to_string();
    let verdict = |correct: bool, misconceptions: Vec<String>| Judged {
        correct,
        skipped: false,
        text: text.clone(),
        misconceptions,
        refused: None,
    };
    if text == item.answer.text.trim() {
        return verdict(true, Vec::new());
    }
    if let Some(w) = item.wrong.iter().find(|w| w.text.trim() == text) {
        return verdict(false, w.misconception.iter().cloned().collect());
    }
    let Some(instance) = item.instance() else {
        return verdict(false, Vec::new());
    };
    // An expression typed for a value is wrong, with the reason in the report.
    if let Some(why) = instance.expression_problem(raw) {
        return Judged {
            refused: Some(why),
            ..verdict(false, Vec::new())
        };
    }
    match instance.judge(raw) {
        Ok(v) => verdict(v.correct, v.misconceptions.into_iter().map(|(id, _)| id).collect()),
        Err(_) => verdict(false, Vec::new()),
    }
}

/// One student's line of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Student {
    /// The student's name.
    pub name: String,
    /// The student's idnumber or email, when the responses carry one.
    pub id: Option<String>,
    /// Questions the responses file has no entry for (a skipped question has one).
    pub missing: Vec<usize>,
    /// The variant answered.
    pub variant: usize,
    /// Right answers.
    pub score: usize,
    /// Questions in the quiz.
    pub total: usize,
    /// Time spent, in milliseconds.
    pub time_ms: u64,
    /// Misconception ids their wrong answers show, with how often (most often first).
    pub misconceptions: Vec<(String, usize)>,
    /// Every answer, judged, in quiz order.
    pub answers: Vec<Judged>,
}

/// One question's line of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct QuestionStats {
    /// Its position in the quiz.
    pub number: usize,
    /// Its id.
    pub id: String,
    /// How many got it right.
    pub right: usize,
    /// How many answered it (not skipped).
    pub answered: usize,
    /// How many students.
    pub total: usize,
    /// Upper minus lower group: the share right among the 27% of students with the highest
    /// scores less the share among the 27% with the lowest (from -1 to 1; near 0 or below, the
    /// question does not tell who knows from who does not). `None` below two students.
    pub discrimination: Option<f64>,
    /// The most common wrong answer: its text, how many gave it (or its misconception), and
    /// the misconception.
    pub common_wrong: Option<(String, usize, Option<String>)>,
}

/// The whole grading report.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The quiz's seed.
    pub seed: u64,
    /// Questions in the quiz.
    pub questions_total: usize,
    /// One line per student, in the order the responses were given.
    pub students: Vec<Student>,
    /// One line per question, in quiz order.
    pub questions: Vec<QuestionStats>,
    /// Idnumbers that more than one responses file gives (compared trimmed, ignoring ASCII
    /// case, as an email is), each with those students' indexes: a gradebook import applies
    /// one row per idnumber, so all but one of them would be lost, or one student's grade given
    /// to another.
    pub shared_ids: Vec<(String, Vec<usize>)>,
}

/// Why a set of responses cannot be graded against a quiz.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradeError {
    /// Which responses (0-based, in the order given).
    pub index: usize,
    /// What does not fit the quiz.
    pub reason: String,
}

impl std::fmt::Display for GradeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "responses {}: {}", self.index + 1, self.reason)
    }
}

impl std::error::Error for GradeError {}

/// Checks that `r` answers `quiz` (its seed, question count, fingerprint, variant and
/// questions); `Err` says what does not fit, and how to grade it instead.
pub fn fits<'q>(quiz: &'q Quiz, r: &Responses) -> Result<&'q Variant, String> {
    let n = quiz.questions.len();
    if r.quiz_seed != quiz.seed {
        return Err(format!(
            "answers the quiz of seed {}, not this one (seed {}): grade it with that quiz's key.json",
            r.quiz_seed, quiz.seed
        ));
    }
    if let Some(count) = r.questions.filter(|c| *c != n) {
        return Err(format!(
            "answers a quiz of {count} questions, and this one has {n} (same seed, another --count): grade it with that quiz's key.json"
        ));
    }
    if let Some(fp) = r.quiz.as_ref().filter(|fp| !quiz.is_fingerprint(fp)) {
        return Err(format!(
            "answers another quiz (fingerprint {fp}, this one {}: same seed and count, other topics, difficulty or bank): grade it with that quiz's key.json",
            quiz.fingerprint()
        ));
    }
    let Some(v) = quiz.variant(r.variant) else {
        return Err(format!("answers variant {}, and the quiz has {}", r.variant, quiz.variants.len()));
    };
    for a in &r.answers {
        match v.questions.iter().find(|q| q.number == a.number) {
            // The students' copy numbers its questions instead of naming them.
            Some(q) if q.id == a.id || a.id == student_id(q.number) => {}
            Some(q) => return Err(format!("question {} is {} in this quiz, not {}", a.number, q.id, a.id)),
            None => return Err(format!("question {} is not in this quiz", a.number)),
        }
    }
    Ok(v)
}

/// Grades every student's responses; the error names the responses that do not belong to
/// this quiz (see [`fits`]: `quiz grade` checks each file first, and grades those that fit).
pub fn grade(quiz: &Quiz, all: &[Responses]) -> Result<Report, GradeError> {
    let n = quiz.questions.len();
    let mut students = Vec::with_capacity(all.len());
    for (i, r) in all.iter().enumerate() {
        let v = fits(quiz, r).map_err(|reason| GradeError { index: i, reason })?;
        let mut given: BTreeMap<usize, (Option<&str>, u64)> = BTreeMap::new();
        for a in &r.answers {
            given.insert(a.number, (a.answer.as_deref(), a.time_ms));
        }
        let answers: Vec<Judged> = v
            .questions
            .iter()
            .map(|q| judge(q, given.get(&q.number).and_then(|g| g.0)))
            .collect();
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for m in answers.iter().flat_map(|a| &a.misconceptions) {
            *counts.entry(m.clone()).or_default() += 1;
        }
        let mut misconceptions: Vec<(String, usize)> = counts.into_iter().collect();
        misconceptions.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        students.push(Student {
            name: r.name.clone(),
            id: r.id.clone(),
            missing: v.questions.iter().map(|q| q.number).filter(|n| !given.contains_key(n)).collect(),
            variant: r.variant,
            score: answers.iter().filter(|a| a.correct).count(),
            total: n,
            time_ms: given.values().map(|g| g.1).fold(0u64, u64::saturating_add),
            misconceptions,
            answers,
        });
    }
    let (upper, lower) = groups(&students);
    let questions = quiz
        .questions
        .iter()
        .enumerate()
        .map(|(qi, d)| {
            let judged: Vec<&Judged> = students.iter().filter_map(|s| s.answers.get(qi)).collect();
            let share = |group: &[usize]| {
                let right = group
                    .iter()
                    .filter(|&&si| students.get(si).and_then(|s| s.answers.get(qi)).is_some_and(|a| a.correct))
                    .count();
                right as f64 / group.len().max(1) as f64
            };
            let discrimination = (students.len() >= 2).then(|| share(&upper) - share(&lower));
            // Wrong answers grouped by misconception where one is known (its text differs
            // between variants), else by text; most frequent first, then first seen.
            let mut groups: Vec<(String, usize, String, Option<String>)> = Vec::new();
            for j in judged.iter().filter(|j| !j.correct && !j.skipped) {
                let m = j.misconceptions.first().cloned();
                let key = m.clone().unwrap_or_else(|| format!("text:{}", j.text));
                match groups.iter_mut().find(|g| g.0 == key) {
                    Some(g) => g.1 += 1,
                    None => groups.push((key, 1, j.text.clone(), m)),
                }
            }
            let mut best: Option<&(String, usize, String, Option<String>)> = None;
            for g in &groups {
                if best.is_none_or(|b| g.1 > b.1) {
                    best = Some(g);
                }
            }
            QuestionStats {
                number: d.number,
                id: d.id.clone(),
                right: judged.iter().filter(|j| j.correct).count(),
                answered: judged.iter().filter(|j| !j.skipped).count(),
                total: judged.len(),
                discrimination,
                common_wrong: best.map(|g| (g.2.clone(), g.1, g.3.clone())),
            }
        })
        .collect();
    let shared_ids = shared_ids(&students);
    Ok(Report {
        seed: quiz.seed,
        questions_total: n,
        students,
        questions,
        shared_ids,
    })
}

/// The idnumbers more than one student gives, in the order first given, with their students.
fn shared_ids(students: &[Student]) -> Vec<(String, Vec<usize>)> {
    let mut by_id: Vec<(String, String, Vec<usize>)> = Vec::new();
    for (i, s) in students.iter().enumerate() {
        let Some(id) = s.id.as_deref().map(str::trim).filter(|id| !id.is_empty()) else {
            continue;
        };
        let key = id.to_ascii_lowercase();
        match by_id.iter_mut().find(|(k, _, _)| *k == key) {
            Some((_, _, who)) => who.push(i),
            None => by_id.push((key, id.to_string(), vec![i])),
        }
    }
    by_id
        .into_iter()
        .filter(|(_, _, who)| who.len() > 1)
        .map(|(_, id, who)| (id, who))
        .collect()
}

/// The upper and lower groups of item analysis: the 27% of students (at least one) with the
/// highest scores and the 27% with the lowest, as indexes; ties keep the order given.
fn groups(students: &[Student]) -> (Vec<usize>, Vec<usize>) {
    let mut order: Vec<usize> = (0..students.len()).collect();
    order.sort_by(|&a, &b| {
        let score = |i: usize| students.get(i).map_or(0, |s| s.score);
        score(b).cmp(&score(a))
    });
    let g = ((students.len() as f64 * 0.27).round() as usize).max(1).min(students.len());
    let upper = order.iter().take(g).copied().collect();
    let lower = order.iter().rev().take(g).copied().collect();
    (upper, lower)
}

/// A discrimination index as `+0.50`, or `-`.
fn signed(d: Option<f64>) -> String {
    d.map_or_else(|| "-".into(), |d| format!("{d:+.2}"))
}

/// A duration in milliseconds as `1m 05s` (or `42s`).
pub fn duration(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}h {:02}m {:02}s", s / 3600, s / 60 % 60, s % 60)
    } else if s >= 60 {
        format!("{}m {:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

fn percent(score: usize, total: usize) -> usize {
    (score * 100 + total / 2).checked_div(total).unwrap_or(0)
}

fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

fn misconceptions_text(ms: &[(String, usize)]) -> String {
    ms.iter()
        .map(|(id, n)| if *n > 1 { format!("{id} ×{n}") } else { id.clone() })
        .collect::<Vec<_>>()
        .join(", ")
}

fn misconceptions_csv(ms: &[(String, usize)]) -> String {
    ms.iter().map(|(id, n)| format!("{id}={n}")).collect::<Vec<_>>().join(";")
}

/// Rows as an aligned table (the last column unpadded).
fn table(rows: &[Vec<String>]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0usize; cols];
    for r in rows {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    for r in rows {
        let mut line = String::new();
        for (i, c) in r.iter().enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            line.push_str(c);
            if i + 1 < r.len() {
                let pad = widths.get(i).copied().unwrap_or(0).saturating_sub(c.chars().count());
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

impl Report {
    /// The report for people: a table of students and a table of questions.
    pub fn text(&self) -> String {
        let mut out = format!(
            "Quiz seed {}: {} question{}, {} student{}.\n\nStudents\n",
            self.seed,
            self.questions_total,
            if self.questions_total == 1 { "" } else { "s" },
            self.students.len(),
            if self.students.len() == 1 { "" } else { "s" }
        );
        let mut rows = vec![
            ["NAME", "VARIANT", "SCORE", "PERCENT", "TIME", "MISCONCEPTIONS SHOWN"]
                .map(String::from)
                .to_vec(),
        ];
        for s in &self.students {
            rows.push(vec![
                s.name.clone(),
                s.variant.to_string(),
                format!("{}/{}", s.score, s.total),
                format!("{}%", percent(s.score, s.total)),
                duration(s.time_ms),
                if s.misconceptions.is_empty() {
                    "-".into()
                } else {
                    misconceptions_text(&s.misconceptions)
                },
            ]);
        }
        out.push_str(&table(&rows));
        out.push_str("\nQuestions\n");
        let mut rows = vec![
            [
                "#",
                "ID",
                "RIGHT",
                "SHARE",
                "D",
                "MOST COMMON WRONG ANSWER",
                "COUNT",
                "MISCONCEPTION",
            ]
            .map(String::from)
            .to_vec(),
        ];
        for q in &self.questions {
            let (w, n, m) = match &q.common_wrong {
                Some((t, n, m)) => (clip(t, 48), n.to_string(), m.clone().unwrap_or_else(|| "-".into())),
                None => ("-".into(), "-".into(), "-".into()),
            };
            rows.push(vec![
                q.number.to_string(),
                q.id.clone(),
                format!("{}/{}", q.right, q.total),
                format!("{}%", percent(q.right, q.total)),
                signed(q.discrimination),
                w,
                n,
                m,
            ]);
        }
        out.push_str(&table(&rows));
        let refused: Vec<Vec<String>> = self
            .students
            .iter()
            .flat_map(|s| {
                s.answers.iter().zip(&self.questions).filter_map(move |(a, q)| {
                    a.refused
                        .as_ref()
                        .map(|why| vec![s.name.clone(), q.number.to_string(), clip(&a.text, 40), why.clone()])
                })
            })
            .collect();
        let incomplete: Vec<Vec<String>> = self
            .students
            .iter()
            .filter(|s| !s.missing.is_empty())
            .map(|s| {
                let numbers: Vec<String> = s.missing.iter().map(usize::to_string).collect();
                vec![s.name.clone(), numbers.join(", ")]
            })
            .collect();
        if !incomplete.is_empty() {
            out.push_str("\nResponses files without these questions (graded as not answered)\n");
            let mut rows = vec![["NAME", "QUESTIONS MISSING"].map(String::from).to_vec()];
            rows.extend(incomplete);
            out.push_str(&table(&rows));
        }
        out.push_str(
            "\nSHARE is the share of students right; D is upper minus lower group (the 27% with the\nhighest scores against the 27% with the lowest): near 0 or below, the question does not\nseparate who knows from who does not.\n",
        );
        if !self.shared_ids.is_empty() {
            out.push_str(
                "\nWarning: responses files that give the same idnumber (a gradebook import applies one row\nper idnumber: find out whose each one is before importing)\n",
            );
            let mut rows = vec![["IDNUMBER", "NAME", "VARIANT", "SCORE"].map(String::from).to_vec()];
            for (id, who) in &self.shared_ids {
                for s in who.iter().filter_map(|&i| self.students.get(i)) {
                    rows.push(vec![
                        id.clone(),
                        s.name.clone(),
                        s.variant.to_string(),
                        format!("{}/{}", s.score, s.total),
                    ]);
                }
            }
            out.push_str(&table(&rows));
        }
        if !refused.is_empty() {
            out.push_str(
                "
Refused answers (graded wrong)
",
            );
            let mut rows = vec![["NAME", "#", "ANSWER", "WHY"].map(String::from).to_vec()];
            rows.extend(refused);
            out.push_str(&table(&rows));
        }
        out
    }

    /// The report as CSV: the students' table, a blank line, the questions' table. A student's
    /// misconceptions are `id=count` pairs separated by `;`.
    pub fn csv(&self) -> String {
        let mut out = String::from("idnumber,name,variant,score,total,percent,missing,time_seconds,misconceptions\n");
        for s in &self.students {
            let missing: Vec<String> = s.missing.iter().map(usize::to_string).collect();
            let cells = [
                csv_cell(s.id.as_deref().unwrap_or("")),
                csv_cell(&s.name),
                s.variant.to_string(),
                s.score.to_string(),
                s.total.to_string(),
                percent(s.score, s.total).to_string(),
                csv_cell(&missing.join(";")),
                format!("{}.{}", s.time_ms / 1000, s.time_ms % 1000 / 100),
                csv_cell(&misconceptions_csv(&s.misconceptions)),
            ];
            out.push_str(&cells.join(","));
            out.push('\n');
        }
        out.push_str("\nnumber,id,right,answered,total,share_right,discrimination,common_wrong_answer,common_wrong_count,misconception\n");
        for q in &self.questions {
            let (w, n, m) = match &q.common_wrong {
                Some((t, n, m)) => (t.clone(), n.to_string(), m.clone().unwrap_or_default()),
                None => (String::new(), String::new(), String::new()),
            };
            let cells = [
                q.number.to_string(),
                csv_cell(&q.id),
                q.right.to_string(),
                q.answered.to_string(),
                q.total.to_string(),
                format!("{:.2}", q.right as f64 / q.total.max(1) as f64),
                q.discrimination.map(|d| format!("{d:.2}")).unwrap_or_default(),
                csv_cell(&w),
                n,
                csv_cell(&m),
            ];
            out.push_str(&cells.join(","));
            out.push('\n');
        }
        out
    }
}

/// One CSV cell, quoted when it holds a comma, a quote or a line break (RFC 4180). A cell a
/// spreadsheet would run as a formula (`=HYPERLINK(...)`, `@SUM(...)`, `+1`, `-1+2`; a student
/// name or an answer can be anything) starts with `'`, which makes it text; a plain negative
/// number stays a number.
pub fn csv_cell(s: &str) -> String {
    let formula = match s.chars().next() {
        Some('=' | '+' | '@' | '\t' | '\r') => true,
        Some('-') => s.parse::<f64>().is_err(),
        _ => false,
    };
    let s = if formula { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_cells() {
        assert_eq!(duration(42_900), "42s");
        assert_eq!(duration(65_000), "1m 05s");
        assert_eq!(duration(3_725_000), "1h 02m 05s");
        assert_eq!(csv_cell("a,b"), "\"a,b\"");
        assert_eq!(csv_cell("say \"x\""), "\"say \"\"x\"\"\"");
        assert_eq!(csv_cell("plain"), "plain");
        assert_eq!(csv_cell("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"");
        assert_eq!(csv_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_cell("+1"), "'+1");
        assert_eq!(csv_cell("-1+2"), "'-1+2");
        assert_eq!(csv_cell("-1"), "-1");
        assert_eq!(percent(2, 3), 67);
        assert_eq!(clip("abcdef", 4), "abc…");
    }
}
