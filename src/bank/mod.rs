//! The question bank: the YAML format (`questions/README.md`), loading and validation,
//! parameters, instances with their correct answers and choices, and `check`.
//!
//! ```text
//! questions/*.yaml ─► load (raw → model, positions) ─► Bank ─► Question::instantiate(seed)
//!                                                                  └► Instance::evaluate(&Rules)
//!                                                                     Instance::correct_answer()
//!                                                                     Instance::choices(seed)
//! ```

pub mod check;
pub mod collapse;
pub mod compare;
pub mod coverage;
pub mod data;
pub mod domain;
pub mod draft;
pub mod draft_lesson;
pub mod draft_refs;
pub mod draft_yaml;
mod embedded;
pub mod engine;
pub mod files;
pub mod instance;
pub mod lessons;
pub mod literals;
pub mod load;
pub mod located;
pub mod model;
pub mod natural;
pub mod notation;
pub mod params;
pub mod raw;
pub mod refs;
pub mod report;
pub mod rng;
pub mod scalar_pos;
pub mod since;
pub mod sources;
mod starts;
pub mod typed;

use std::path::PathBuf;

pub use engine::{Computed, EngineError, Evaluated, Unavailable};
pub use instance::{Choice, Correct, Instance, InstanceError, Wrong};
pub use lessons::Catalogue;
pub use load::{BankFile, LoadError, LoadErrors};
pub use model::{Distractor, Engine, ExprSyntax, Kind, LessonRef, Origin, Question, References, Source, Stated};

use files::SourceFile;

/// A loaded, validated question bank.
#[derive(Clone, Debug)]
pub struct Bank {
    questions: Vec<Question>,
    catalogue: Catalogue,
    files: Vec<BankFile>,
}

impl Bank {
    /// The bank bundled into the binary (every file under the crate's `questions/`).
    pub fn load_embedded() -> Result<Bank, LoadErrors> {
        Bank::from_sources(embedded_sources())
    }

    /// The banks in these folders, together (recursively, `*.yaml` and `*.yml`; every read
    /// stays inside its folder).
    pub fn load_dirs(dirs: &[PathBuf]) -> Result<Bank, LoadErrors> {
        let mut all = Vec::new();
        let mut errors = Vec::new();
        for d in dirs {
            match files::read_dir_bank(d) {
                Ok(fs) => all.extend(fs),
                Err(es) => errors.extend(es),
            }
        }
        if !errors.is_empty() {
            return Err(LoadErrors(errors));
        }
        Bank::from_sources(all)
    }

    /// A bank from in-memory files (`in_root` decides engine folders and `lessons.yaml`).
    pub fn from_sources(sources: Vec<SourceFile>) -> Result<Bank, LoadErrors> {
        let loaded = load::load(sources)?;
        Ok(Bank {
            questions: loaded.questions,
            catalogue: loaded.catalogue,
            files: loaded.files,
        })
    }

    /// Every question, in file order.
    pub fn questions(&self) -> &[Question] {
        &self.questions
    }

    /// Every question, to change in place: the exam's Terraform release is set on their
    /// sources (see `quiz::version`); nothing else may change a validated bank.
    pub(crate) fn questions_mut(&mut self) -> &mut [Question] {
        &mut self.questions
    }

    /// The question with this id.
    pub fn get(&self, id: &str) -> Option<&Question> {
        self.questions.iter().find(|q| q.id == id)
    }

    /// The lesson catalogue (empty when the bank has no `lessons.yaml`).
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// The question files loaded.
    pub fn files(&self) -> &[BankFile] {
        &self.files
    }
}

/// The bundled bank's files, named by their paths in the repository.
pub(crate) fn embedded_sources() -> Vec<SourceFile> {
    embedded::FILES
        .iter()
        .map(|(path, text)| SourceFile {
            display: (*path).to_string(),
            rel: (*path).to_string(),
            in_root: path.strip_prefix("questions/").unwrap_or(path).to_string(),
            bytes: text.as_bytes().to_vec(),
        })
        .collect()
}
