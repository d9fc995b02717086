//! The loaded bank: its questions, lesson catalogue and files, from folders, the bundled
//! files or memory.

use std::path::PathBuf;

use super::files::{self, SourceFile};
use super::lessons::Catalogue;
use super::{BankFile, LoadErrors};
use crate::bank::model::Question;

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
        let loaded = super::load(sources)?;
        Ok(Bank {
            questions: loaded.questions,
            catalogue: loaded.catalogue,
            files: loaded.files,
        })
    }

    /// Keeps only the questions `keep` accepts (`check --scenarios-only`).
    pub fn retain(&mut self, keep: impl Fn(&Question) -> bool) {
        self.questions.retain(|q| keep(q));
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
    super::embedded_files()
        .iter()
        .map(|(path, text)| SourceFile {
            display: (*path).to_string(),
            rel: (*path).to_string(),
            in_root: path.strip_prefix("questions/").unwrap_or(path).to_string(),
            bytes: text.as_bytes().to_vec(),
        })
        .collect()
}
