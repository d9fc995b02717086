//! The progress store: every answer and each question's scheduler state, as one JSON file with
//! a schema version in the user's data folder, written atomically after every answer. A file
//! that is corrupt, or written by a newer iacquiz, is moved aside, never overwritten.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Mode;
use super::fsrs::{self, Fsrs, Memory, Rating};
use crate::confine::ReadError;

/// The store's schema version this build writes.
pub const SCHEMA: u32 = 1;
/// The store's file name inside the data folder.
pub const FILE: &str = "progress.json";
/// The variable that overrides the data folder (tests use it).
pub const DATA_DIR_VAR: &str = "IACQUIZ_DATA_DIR";
/// The largest progress store read (a year of daily practice is well under a megabyte).
pub const MAX_BYTES: u64 = 64 << 20;

/// One answer given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// When (Unix seconds).
    pub at: u64,
    /// Whether it was right.
    pub correct: bool,
    /// How long the answer took, in milliseconds.
    pub ms: u64,
    /// The rating it gave the scheduler.
    pub rating: Rating,
    /// The session kind it was given in.
    pub mode: Mode,
    /// The instance that was asked (absent in stores written before it was kept), so a review
    /// can ask a missed question again exactly as it was missed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asked: Option<Asked>,
    /// The misconceptions a wrong answer matched: the chosen distractor's, or every
    /// misconception whose answer equals the typed one (absent when none, and in older stores).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub beliefs: Vec<String>,
    /// The misconceptions the instance's distractors stood for (a typed question: those whose
    /// flipped rule changes its answer), so a later right answer counts against each of them
    /// (absent when none, and in older stores).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tested: Vec<String>,
}

/// Which instance of a question was asked: its seed (choice order) and drawn parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Asked {
    /// The instance's seed.
    pub seed: u64,
    /// The parameter values it was drawn with (empty for a question without params).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub values: BTreeMap<String, String>,
}

/// A question's scheduler state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Card {
    /// Its memory (stability, difficulty).
    pub memory: Memory,
    /// The last review (Unix seconds).
    pub last: u64,
    /// When it is due next (Unix seconds).
    pub due: u64,
    /// Reviews so far.
    pub reps: u32,
    /// Times forgotten after being learnt.
    pub lapses: u32,
    /// The highest stability reached since the last miss (0 right after one; absent in stores
    /// written before it was kept). Mastery reads this rather than the stability because
    /// FSRS lowers stability on a slow right answer the same day, and a right answer must
    /// never lower mastery.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak: Option<f64>,
}

/// The stability (days) from which a question counts as mastered: the interval at which
/// Anki calls a card mature. With the default weights, three right answers each given when
/// due get there (3.2 → 11 → 35 days); cramming the same day does not (×1.4 per answer).
pub const MASTERED_STABILITY: f64 = 21.0;

impl Card {
    /// The probability of recall at `now`.
    pub fn retrievability(&self, now: u64) -> f64 {
        fsrs::retrievability(now.saturating_sub(self.last) as f64 / 86_400.0, self.memory.stability)
    }

    /// The highest stability since the last miss (the stability itself for an older store).
    pub fn peak(&self) -> f64 {
        self.peak.unwrap_or(self.memory.stability)
    }
}

/// One question's progress.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct QuestionProgress {
    /// Every answer, oldest first.
    #[serde(default)]
    pub history: Vec<Attempt>,
    /// The scheduler state (none before the first answer).
    #[serde(default)]
    pub card: Option<Card>,
}

impl QuestionProgress {
    /// The latest answer, if any.
    pub fn last(&self) -> Option<&Attempt> {
        self.history.last()
    }

    /// Never answered.
    pub fn is_new(&self) -> bool {
        self.history.is_empty()
    }

    /// Mastered: the latest answer was right and the stability has reached
    /// `MASTERED_STABILITY` since the last miss. Depends on answers only, never on the clock:
    /// a miss makes it false, a right answer keeps it or makes it true (the peak only grows
    /// between misses), so no answer moves it the wrong way.
    pub fn mastered(&self) -> bool {
        self.last().is_some_and(|a| a.correct) && self.card.as_ref().is_some_and(|c| c.peak() >= MASTERED_STABILITY)
    }

    /// Due for review at `now`: answered before and its due time has come.
    pub fn is_due(&self, now: u64) -> bool {
        !self.is_new() && self.card.as_ref().is_some_and(|c| c.due <= now)
    }
}

/// The whole store's contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// The schema version.
    pub schema: u32,
    /// Progress by question id.
    #[serde(default)]
    pub questions: BTreeMap<String, QuestionProgress>,
    /// The Terraform release the learner's exam uses (`1.6`), as they set it; absent (in
    /// stores written before it was kept, too) means the newest release the engine emulates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terraform_version: Option<String>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            schema: SCHEMA,
            questions: BTreeMap::new(),
            terraform_version: None,
        }
    }
}

impl Progress {
    /// Records an answer to `id` at `now` and reschedules the question.
    pub fn record(&mut self, id: &str, attempt: Attempt, fsrs: &Fsrs) {
        let now = attempt.at;
        let p = self.questions.entry(id.to_string()).or_default();
        let rating = attempt.rating;
        let last_right = p.last().is_some_and(|a| a.correct);
        // The peak restarts at a miss, by the rating or by the verdict (they agree when the
        // TUI records; a caller giving a right answer an Again still must not keep a peak).
        let missed = rating == Rating::Again || !attempt.correct;
        let peak = |before: f64, memory: Memory| if missed { 0.0 } else { before.max(memory.stability) };
        p.card = Some(match p.card.take() {
            None => {
                let memory = fsrs.first(rating);
                Card {
                    memory,
                    last: now,
                    due: due_after(now, memory),
                    reps: 1,
                    lapses: 0,
                    peak: Some(peak(0.0, memory)),
                }
            }
            Some(c) => {
                let days = now.saturating_sub(c.last) as f64 / 86_400.0;
                let memory = fsrs.review(c.memory, days, rating);
                let before = if last_right { c.peak() } else { 0.0 };
                Card {
                    memory,
                    last: now,
                    due: due_after(now, memory),
                    reps: c.reps + 1,
                    lapses: c.lapses + u32::from(rating == Rating::Again),
                    peak: Some(peak(before, memory)),
                }
            }
        });
        p.history.push(attempt);
    }

    /// The question's progress, if it was ever answered.
    pub fn get(&self, id: &str) -> Option<&QuestionProgress> {
        self.questions.get(id)
    }
}

fn due_after(now: u64, m: Memory) -> u64 {
    let days = fsrs::interval(m.stability, fsrs::DESIRED_RETENTION);
    now + (days * 86_400.0).round().max(60.0) as u64
}

/// The store on disk.
#[derive(Debug)]
pub struct Store {
    /// The data folder.
    pub dir: PathBuf,
    /// The contents.
    pub progress: Progress,
}

/// The data folder: `$IACQUIZ_DATA_DIR`, else the platform's (`$XDG_DATA_HOME/iacquiz`,
/// `~/.local/share/iacquiz`, `~/Library/Application Support/iacquiz`, `%APPDATA%\iacquiz`).
pub fn data_dir() -> Result<PathBuf, String> {
    if let Some(d) = std::env::var_os(DATA_DIR_VAR).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(d));
    }
    directories::ProjectDirs::from("", "", "iacquiz")
        .map(|p| p.data_dir().to_path_buf())
        .ok_or_else(|| format!("no home folder to keep progress in; set {DATA_DIR_VAR}"))
}

/// What opening the store found.
#[derive(Debug)]
pub struct Opened {
    /// The store.
    pub store: Store,
    /// Things the user must be told (a file moved aside).
    pub notices: Vec<String>,
}

impl Store {
    /// The file's path.
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE)
    }

    /// An empty store in `dir`, not yet written.
    pub fn empty(dir: &Path) -> Store {
        Store {
            dir: dir.to_path_buf(),
            progress: Progress::default(),
        }
    }

    /// Opens the store in `dir` (creating the folder and an empty store when there is none; a
    /// corrupt or newer file is moved aside to `progress.json.corrupt-<time>`; one that is a
    /// symbolic link or not a regular file, or is larger than [`MAX_BYTES`], is refused with an
    /// error and left alone).
    pub fn open(dir: &Path) -> Result<Opened, String> {
        fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut store = Store::empty(dir);
        let path = store.path();
        let mut notices = Vec::new();
        // The store is replaced at every save, and a link is never written through or replaced:
        // refused now, rather than at the first answer.
        crate::atomic_write::check_destination(&path).map_err(|e| format!("{e} (set {DATA_DIR_VAR} to use another folder)"))?;
        match crate::confine::read_regular(&path, MAX_BYTES) {
            // Nothing there.
            Err(ReadError::Missing { .. }) if !path.exists() => store.save()?,
            // A FIFO, a device, a link to /dev/zero or an oversize file is refused, not moved
            // aside: it is not a store that went bad, and moving it could not make it one.
            Err(e) => {
                return Err(format!(
                    "{e}; the progress store must be a regular file of at most {MAX_BYTES} bytes (set {DATA_DIR_VAR} to use another folder)"
                ));
            }
            Ok(bytes) => match parse(&bytes) {
                Ok(p) => store.progress = p,
                Err(why) => {
                    let aside = aside_path(dir);
                    fs::rename(&path, &aside).map_err(|e| format!("{}: {why}; could not move it aside: {e}", path.display()))?;
                    notices.push(format!(
                        "{}: {why}; moved it to {} and started a fresh progress store",
                        path.display(),
                        aside.display()
                    ));
                    store.save()?;
                }
            },
        }
        remove_stale_temps(dir);
        Ok(Opened { store, notices })
    }

    /// Opens the store in `dir` to read only (another running iacquiz holds it): nothing is
    /// created, moved aside or written; a missing file reads as empty, a corrupt one as empty
    /// with a notice (its owner moves it aside).
    pub fn open_read_only(dir: &Path) -> Result<Opened, String> {
        let mut store = Store::empty(dir);
        let path = store.path();
        let mut notices = Vec::new();
        match crate::confine::read_regular(&path, MAX_BYTES) {
            Err(ReadError::Missing { .. }) => {}
            Err(e) => {
                return Err(format!(
                    "{e}; the progress store must be a regular file of at most {MAX_BYTES} bytes"
                ));
            }
            Ok(bytes) => match parse(&bytes) {
                Ok(p) => store.progress = p,
                Err(why) => notices.push(format!("{}: {why}; shown as empty", path.display())),
            },
        }
        Ok(Opened { store, notices })
    }

    /// Writes the store atomically: a new temporary file, fsync, rename over the old one (one
    /// writer for the whole crate, [`crate::atomic_write`]; a `progress.json` that is a link is
    /// refused, not written through).
    pub fn save(&self) -> Result<(), String> {
        let path = self.path();
        let mut text = serde_json::to_vec_pretty(&self.progress).map_err(|e| e.to_string())?;
        text.push(b'\n');
        crate::atomic_write::write_atomic(&path, &text).map_err(|e| format!("could not save progress to {e}"))
    }
}

/// A name to keep a bad store under that no earlier one has taken (two in the same second
/// must not overwrite each other: each may hold answers someone wants back).
fn aside_path(dir: &Path) -> PathBuf {
    let base = format!("{FILE}.corrupt-{}", now_secs());
    let mut p = dir.join(&base);
    let mut n = 1;
    while p.symlink_metadata().is_ok() {
        p = dir.join(format!("{base}-{n}"));
        n += 1;
    }
    p
}

/// Removes the temporary files of writers that were killed before their rename; one whose
/// writer still runs is left alone (and so is anything that is not a regular file of ours).
fn remove_stale_temps(dir: &Path) {
    for l in crate::atomic_write::leftovers(dir, |t| t == FILE) {
        let _ = fs::remove_file(&l.path);
    }
}

/// Parses a store file; `Err` says why it cannot be used.
pub fn parse(bytes: &[u8]) -> Result<Progress, String> {
    #[derive(Deserialize)]
    struct Version {
        schema: u32,
    }
    let v: Version = serde_json::from_slice(bytes).map_err(|e| format!("not a progress store ({e})"))?;
    if v.schema > SCHEMA {
        return Err(format!(
            "written by a newer iacquiz (schema {}, this one reads up to {SCHEMA})",
            v.schema
        ));
    }
    let p: Progress = serde_json::from_slice(bytes).map_err(|e| format!("corrupt progress store ({e})"))?;
    Ok(p)
}

/// The current time in Unix seconds.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}
