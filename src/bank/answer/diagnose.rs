//! Diagnosis of a learner's answer: is it right, and if not, which misconceptions produce
//! exactly that answer (the misconception engine's alternatives, compared as answers are).

use crate::bank::answer::compare::same_answer;
use crate::lang::Value;

use crate::mistakes::distract::{Produced, alternatives, explain};

/// The verdict on one answer.
#[derive(Clone, Debug)]
pub struct Diagnosis {
    /// Whether the answer is the right one.
    pub correct: bool,
    /// The right answer: its console rendering, or the error's summary.
    pub expected: String,
    /// The misconceptions whose answer is exactly the learner's.
    pub misconceptions: Vec<String>,
    /// Their explanations, in the same order.
    pub explanations: Vec<String>,
    /// A remark on a wrong answer (it differs from the right one only in letter case).
    pub note: Option<String>,
}

/// Diagnoses `learner` (a value, or `None` when the learner says the source fails) against the
/// real outcome; `run` re-evaluates the source under a rule set.
pub fn diagnose(real: &Produced, learner: &Value, run: &dyn Fn(&crate::lang::Rules) -> Produced) -> Diagnosis {
    let correct = real.value.as_ref().is_some_and(|v| same_answer(v, learner, false));
    let mut misconceptions = Vec::new();
    let mut explanations = Vec::new();
    if !correct {
        for a in alternatives(real, run) {
            if a.produced.value.as_ref().is_some_and(|v| same_answer(v, learner, false)) {
                explanations.push(explain(&a));
                misconceptions.push(a.misconception.id.clone());
            }
        }
    }
    let case_only = !correct
        && real.value.as_ref().is_some_and(|v| {
            same_answer(
                &crate::bank::answer::typed::fold_case(v),
                &crate::bank::answer::typed::fold_case(learner),
                false,
            )
        });
    Diagnosis {
        correct,
        expected: real.console.clone(),
        misconceptions,
        explanations,
        note: case_only.then(|| crate::bank::answer::typed::CASE_NOTE.to_string()),
    }
}

impl Diagnosis {
    /// The JSON `diagnose --format json` prints.
    pub fn json(&self) -> serde_json::Value {
        let mut j = serde_json::json!({
            "correct": self.correct,
            "expected": self.expected,
            "misconceptions": self.misconceptions,
            "explanations": self.explanations,
        });
        if let (Some(n), Some(m)) = (&self.note, j.as_object_mut()) {
            m.insert("note".into(), serde_json::Value::String(format!("the answer {n}")));
        }
        j
    }

    /// A readable verdict.
    pub fn text(&self) -> String {
        let mut s = if self.correct {
            "✓ Correct\n".to_string()
        } else {
            "✗ Wrong\n".to_string()
        };
        s.push_str(&format!("Expected:\n{}\n", self.expected));
        if let Some(n) = &self.note {
            s.push_str(&format!("\nNote: the answer {n}.\n"));
        }
        for (id, why) in self.misconceptions.iter().zip(&self.explanations) {
            s.push_str(&format!("\nMisconception {id}: {why}\n"));
        }
        if !self.correct && self.misconceptions.is_empty() {
            s.push_str("\nNo known misconception gives this answer.\n");
        }
        s
    }
}
