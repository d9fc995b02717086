//! Judging an answer into everything the learner is shown: right or wrong, the right answer,
//! the misconception the wrong answer matches with its explanation, the first evaluation step
//! where the belief and the real rules part, the lesson section to reread, and the author's
//! explanation.

use crate::bank::{Catalogue, Choice, Instance, Question};
use crate::lang::Rules;
use crate::lang::eval::trace::{Step, first_divergence};
use crate::mistakes::catalogue::by_id;

/// What the feedback gives as the learner's answer when there was none.
pub const NO_ANSWER: &str = "(no answer)";

/// What the learner answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// The choice at this index.
    Choice(usize),
    /// A typed HCL value.
    Typed(String),
    /// No answer (an exam's time ran out).
    Nothing,
}

/// A misconception a wrong answer matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Belief {
    /// Its id.
    pub id: String,
    /// The belief, in one sentence.
    pub belief: String,
    /// The real rule, in one sentence.
    pub real: String,
}

/// Where the real evaluation and the one under the belief first differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The step's number (1-based).
    pub number: usize,
    /// The real step.
    pub real: Option<Step>,
    /// The step under the belief.
    pub believed: Option<Step>,
}

/// Everything shown after an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    /// The question's id.
    pub id: String,
    /// Right or wrong.
    pub correct: bool,
    /// The learner's answer, on one line.
    pub given: String,
    /// The right answer, on one line.
    pub expected: String,
    /// For a wrong answer: the misconception it matches.
    pub belief: Option<Belief>,
    /// For a wrong answer: why that answer is wrong (distractor text).
    pub why: Option<String>,
    /// For a matched misconception: the first diverging step.
    pub divergence: Option<Divergence>,
    /// The lesson section to reread (`001 · merge() precedence`, with the lesson's title when
    /// known).
    pub lesson: String,
    /// The author's explanation.
    pub explain: String,
    /// The question's references, as (label, text): the lesson sentence it tests, its exam
    /// objective, its documentation page and the release it depends on.
    pub refs: Vec<(&'static str, String)>,
    /// The real evaluation's steps.
    pub trace: Vec<Step>,
    /// A remark on a wrong typed answer (it differs from the right one only in letter case).
    pub note: Option<String>,
    /// For a wrong answer: every misconception it matches (the chosen distractor's, or each
    /// whose answer equals the typed one), recorded as beliefs to unlearn.
    pub beliefs: Vec<String>,
    /// For a question asked at an older Terraform release: how the newest release answers
    /// instead, and the release note of the change (see `quiz::version::difference`).
    pub version: Option<String>,
}

/// Judges `given` for `inst` of `q`, whose shown choices were `choices`.
pub fn judge(q: &Question, inst: &Instance, choices: &[Choice], given: &Given, catalogue: &Catalogue) -> Result<Feedback, String> {
    let correct = inst.correct_answer().map_err(|e| e.to_string())?;
    let mut note = None;
    let mut all: Vec<String> = Vec::new();
    let (ok, given_text, mut belief_id, why) = match given {
        Given::Choice(i) => {
            let c = choices.get(*i).ok_or_else(|| format!("no choice {}", i + 1))?;
            (c.correct, c.text.clone(), c.misconception.clone(), c.why.clone())
        }
        Given::Typed(t) => {
            let v = inst.judge(t)?;
            note = v.note.clone();
            let first = v.misconceptions.first().cloned();
            all = v.misconceptions.iter().map(|m| m.0.clone()).collect();
            (
                v.correct,
                t.trim().to_string(),
                first.as_ref().map(|m| m.0.clone()),
                first.map(|m| m.1),
            )
        }
        Given::Nothing => (false, NO_ANSWER.to_string(), None, None),
    };
    if ok {
        belief_id = None;
        all.clear();
    } else if all.is_empty() {
        all.extend(belief_id.clone());
    }
    let trace = inst.evaluate_traced(&Rules::real()).map(|e| e.trace).unwrap_or_default();
    let mut belief = None;
    let mut divergence = None;
    let mut lesson_ref = (q.lesson.seed.clone(), q.lesson.section.clone());
    if let Some(m) = belief_id.as_deref().and_then(by_id) {
        belief = Some(Belief {
            id: m.id.clone(),
            belief: m.belief.clone(),
            real: m.real.clone(),
        });
        lesson_ref = (m.lesson.seed.clone(), m.lesson.section.clone());
        if let Ok(other) = inst.evaluate_traced(&Rules::with(m.rule)) {
            divergence = first_divergence(&trace, &other.trace).map(|i| Divergence {
                number: i + 1,
                real: trace.get(i).cloned(),
                believed: other.trace.get(i).cloned(),
            });
        }
    }
    let title = catalogue
        .lesson(&lesson_ref.0)
        .map(|l| format!(" ({})", l.title))
        .unwrap_or_default();
    Ok(Feedback {
        id: q.id.clone(),
        correct: ok,
        given: given_text,
        expected: correct.text,
        belief,
        why: if ok { None } else { why },
        divergence,
        lesson: format!("lesson {}{title} § {}", lesson_ref.0, lesson_ref.1),
        explain: inst.explain.clone(),
        refs: crate::bank::load::refs::lines(
            &crate::bank::References {
                since: crate::bank::check::since::shown(inst, q.refs.since.as_deref()),
                ..q.refs.clone()
            },
            &catalogue.objectives,
        ),
        trace,
        note,
        beliefs: all,
        version: super::version::difference(q, inst),
    })
}
