//! The lesson catalogue: the seed documents and their sections, so a question's `lesson` can
//! be checked for typos and coverage can show sections no question teaches yet.

use std::collections::BTreeMap;

use crate::bank::load::exam::Exam;
use crate::bank::load::refs::{Objectives, SeedText};
use crate::bank::model::{Engine, LessonRef};

/// One seed document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Three digits (`001`).
    pub seed: String,
    /// The document's title.
    pub title: String,
    /// The engine that answers its questions.
    pub engine: Engine,
    /// Section names, in lesson order.
    pub sections: Vec<String>,
}

/// Every known lesson (empty when a bank has no `lessons.yaml`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catalogue {
    /// The lessons, in seed order.
    pub lessons: Vec<Lesson>,
    /// Seed → its text with sections located, for the lessons whose text the bank carries.
    pub seeds: BTreeMap<String, SeedText>,
    /// The exam objectives questions may serve (the bank's `objectives.yaml`, else the
    /// bundled one).
    pub objectives: Objectives,
    /// The Terraform Associate (004) exam a question's `associate:` names objectives of (the
    /// bank's `exams/associate-004.yaml`, else the bundled one).
    pub associate: Exam,
}

impl Catalogue {
    /// True when no catalogue was loaded (lesson references are then not checked).
    pub fn is_empty(&self) -> bool {
        self.lessons.is_empty()
    }

    /// The lesson for a seed.
    pub fn lesson(&self, seed: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.seed == seed)
    }

    /// Every section, as lesson references, in catalogue order.
    pub fn sections(&self) -> Vec<LessonRef> {
        self.lessons
            .iter()
            .flat_map(|l| {
                l.sections.iter().map(|s| LessonRef {
                    seed: l.seed.clone(),
                    section: s.clone(),
                })
            })
            .collect()
    }

    /// Why `r` is not a known section, with a suggestion; `None` when it is known (or when
    /// there is no catalogue).
    pub fn problem(&self, r: &LessonRef) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        let Some(lesson) = self.lesson(&r.seed) else {
            let known: Vec<&str> = self.lessons.iter().map(|l| l.seed.as_str()).collect();
            return Some(format!(
                "lesson seed {} is not in lessons.yaml (known seeds: {})",
                r.seed,
                known.join(", ")
            ));
        };
        if lesson.sections.iter().any(|s| s == &r.section) {
            return None;
        }
        let hint = crate::lang::syntax::suggest::closest(&r.section, lesson.sections.iter())
            .or_else(|| {
                let lower = r.section.to_lowercase();
                lesson.sections.iter().find(|s| s.to_lowercase().starts_with(&lower)).cloned()
            })
            .map(|s| format!("; did you mean {s:?}?"))
            .unwrap_or_else(|| format!("; its sections are: {}", lesson.sections.join(", ")));
        Some(format!("lesson {} has no section {:?}{hint}", r.seed, r.section))
    }
}
