//! Writing a sitting's responses: the first save takes a file name no other file has
//! (`responses-NAME.json`, then `responses-NAME-2.json`, ...: the name is made safe and
//! bounded, the full name is kept inside the file), every later save of the same sitting
//! replaces that file atomically (a temporary file in the same folder, fsync, rename), so a
//! crash or a full disk leaves either the old responses or the new ones, never half a file,
//! and no sitting ever overwrites another's.
//!
//! The folder may be shared with other students: temporaries are created new under random
//! names and never through a link, and a responses file that has become a link is refused
//! ([`crate::atomic_write`]). What a sitting killed mid-save left behind is put back by the
//! next `quiz take` in the folder ([`recover`]).

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use super::error::QuizError;
use super::model::{Quiz, Responses};
use super::take::responses_file_name;
use crate::atomic_write::{self, Temp, WriteError, sync_dir};

/// How many names are tried before giving up (`responses-NAME-10000.json` is the last).
const MAX_TRIES: usize = 10_000;

/// Writes `bytes` to `path` through a new temporary file beside it, renamed over it (a `path`
/// that is a symbolic link is refused: see [`crate::atomic_write`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), QuizError> {
    Ok(atomic_write::write_atomic(path, bytes)?)
}

/// Creates `path` (which must not exist; a link there counts as existing) and writes `bytes`,
/// for a file system without hard links.
fn create_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = atomic_write::create_new(path)?;
    let written = f.write_all(bytes).and_then(|_| f.sync_all());
    if written.is_err() {
        let _ = fs::remove_file(path);
    }
    written
}

/// Writes `bytes` under a name no file in `dir` has yet: the first of `names(1)`,
/// `names(2)`, ... that is free. The whole content appears at once (a complete temporary
/// file, created new under a random name, hard-linked to the name, which fails if the name is
/// taken, by a link too); where links are not supported, the name is created exclusively and
/// written.
pub fn write_new(dir: &Path, names: impl Fn(usize) -> String, bytes: &[u8]) -> Result<PathBuf, QuizError> {
    let first = dir.join(names(1));
    let mut tmp = Temp::create(dir, &names(1), "new").map_err(|e| QuizError::io(&first, &e))?;
    tmp.write_synced(bytes).map_err(|e| QuizError::io(&first, &e))?;
    let mut linking = true;
    for n in 1..=MAX_TRIES {
        let path = dir.join(names(n));
        let tried = if linking {
            match tmp.link_as(&path) {
                Err(e) if e.kind() == ErrorKind::InvalidData => return Err(WriteError::Swapped { path }.into()),
                Err(e) if e.kind() != ErrorKind::AlreadyExists => {
                    linking = false;
                    create_synced(&path, bytes)
                }
                other => other,
            }
        } else {
            create_synced(&path, bytes)
        };
        match tried {
            Ok(()) => {
                drop(tmp);
                sync_dir(dir);
                return Ok(path);
            }
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(QuizError::io(&path, &e)),
        }
    }
    Err(QuizError::Io {
        path: first,
        reason: format!("{MAX_TRIES} responses files of this name exist already; use another folder"),
    })
}

/// The largest temporary read back when recovering a sitting (as `quiz grade` reads responses).
const MAX_LEFTOVER_BYTES: u64 = 8 << 20;

/// Recovers what `quiz take` runs killed in `dir` (kill -9, a power cut) left behind: each
/// leftover temporary of a responses file (`.responses-NAME.json.tmp-PID-...`, or `.new-` for
/// a first save) whose writer no longer runs and which belongs to the user running this.
///
/// A leftover that holds responses to `quiz` is the newest save of its sitting: when it is
/// newer than the responses file it was to replace, it is put in that file's place; when it
/// was a first save that never got its name (the sitting's only answers), it becomes a
/// responses file of its own, named as a first save is; an older one is removed. One that
/// cannot be read as responses is removed; one of another quiz is left for that quiz's
/// `quiz take`. Returns one line per thing done, for the student.
pub fn recover(dir: &Path, quiz: &Quiz) -> Vec<String> {
    let leftovers = atomic_write::leftovers(dir, |t| t.starts_with("responses-") && t.ends_with(".json"));
    let mut said = Vec::new();
    let mut removed = 0usize;
    // The newest leftover of each sitting: of each file replaced (`tmp`), and of each writer's
    // first save (`new`).
    let mut newest: Vec<(atomic_write::Leftover, Responses, Vec<u8>)> = Vec::new();
    for l in leftovers {
        if l.links > 1 {
            // Linked into place already; only the temporary's own name is left to remove.
            removed += usize::from(fs::remove_file(&l.path).is_ok());
            continue;
        }
        let parsed = crate::confine::read_regular(&l.path, MAX_LEFTOVER_BYTES)
            .ok()
            .and_then(|b| Some((Responses::from_json(std::str::from_utf8(&b).ok()?).ok()?, b)));
        let Some((r, bytes)) = parsed else {
            // Cut short by the kill: nothing in it can be read back.
            removed += usize::from(fs::remove_file(&l.path).is_ok());
            continue;
        };
        let ours = r.quiz_seed == quiz.seed && r.quiz.as_deref().is_none_or(|fp| quiz.is_fingerprint(fp));
        if !ours {
            continue;
        }
        let same = |o: &atomic_write::Leftover| o.target == l.target && o.tag == l.tag && (l.tag == "tmp" || o.pid == l.pid);
        match newest.iter_mut().find(|(o, _, _)| same(o)) {
            Some(slot) if slot.0.modified < l.modified => {
                removed += usize::from(fs::remove_file(&slot.0.path).is_ok());
                *slot = (l, r, bytes);
            }
            Some(_) => removed += usize::from(fs::remove_file(&l.path).is_ok()),
            None => newest.push((l, r, bytes)),
        }
    }
    for (l, r, bytes) in newest {
        let dest = dir.join(&l.target);
        let answered = r.answers.iter().filter(|a| a.answer.is_some()).count();
        let dest_meta = fs::symlink_metadata(&dest).ok();
        let older_file = dest_meta.as_ref().filter(|m| m.is_file() && owned_alike(m, &l.path));
        let placed = match (l.tag.as_str(), older_file) {
            ("tmp", Some(m)) if m.modified().ok() >= l.modified => {
                // The save it was for went through after all.
                removed += usize::from(fs::remove_file(&l.path).is_ok());
                continue;
            }
            ("tmp", Some(_)) => write_atomic(&dest, &bytes).map(|_| dest),
            // A first save, or a file that is gone or not the sitting's: a file of its own.
            _ => write_new(dir, |n| responses_file_name(&r.name, n), &bytes),
        };
        match placed {
            Ok(p) => {
                let _ = fs::remove_file(&l.path);
                said.push(format!(
                    "recovered the answers of an interrupted sitting ({}, {answered} answered) from {} into {}",
                    r.name,
                    l.path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default(),
                    p.display()
                ));
            }
            Err(e) => said.push(format!(
                "could not recover the answers of an interrupted sitting ({}) from {}: {e}",
                r.name,
                l.path.display()
            )),
        }
    }
    if removed > 0 {
        said.push(format!(
            "removed {removed} temporary file{} of interrupted sittings in {}",
            if removed == 1 { "" } else { "s" },
            dir.display()
        ));
    }
    said
}

/// True when `m` (a responses file) has the owner of the leftover at `leftover`: a sitting's
/// file is written by the same user as its temporaries.
#[cfg(unix)]
fn owned_alike(m: &fs::Metadata, leftover: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    fs::symlink_metadata(leftover).is_ok_and(|l| l.uid() == m.uid())
}

#[cfg(not(unix))]
fn owned_alike(_m: &fs::Metadata, _leftover: &Path) -> bool {
    true
}

/// Where one sitting's responses go: a new file on the first save, the same file on every
/// later one.
#[derive(Clone, Debug)]
pub struct ResponsesFile {
    dir: PathBuf,
    path: Option<PathBuf>,
    id: Option<String>,
}

impl ResponsesFile {
    /// A sitting's responses, to be written into `dir`.
    pub fn new(dir: &Path) -> ResponsesFile {
        ResponsesFile {
            dir: dir.to_path_buf(),
            path: None,
            id: None,
        }
    }

    /// The student's idnumber or email, written into every save (`quiz take --id`).
    pub fn with_id(mut self, id: Option<String>) -> ResponsesFile {
        self.id = id.map(|i| i.trim().to_string()).filter(|i| !i.is_empty());
        self
    }

    /// The folder written into.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file once the first save has made it.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Writes `r`: the first time into a new file named after the student, then over that
    /// file. A failure leaves nothing behind, and the next save tries again.
    pub fn save(&mut self, r: &Responses) -> Result<PathBuf, QuizError> {
        let bytes = match (&self.id, &r.id) {
            (Some(id), None) => Responses {
                id: Some(id.clone()),
                ..r.clone()
            }
            .to_json(),
            _ => r.to_json(),
        };
        match &self.path {
            Some(p) => {
                write_atomic(p, bytes.as_bytes())?;
                Ok(p.clone())
            }
            None => {
                let p = write_new(&self.dir, |n| responses_file_name(&r.name, n), bytes.as_bytes())?;
                self.path = Some(p.clone());
                Ok(p)
            }
        }
    }
}

/// Writes `r` into a new responses file in `dir` (never over another); returns its path.
pub fn write_responses(dir: &Path, r: &Responses) -> Result<PathBuf, QuizError> {
    ResponsesFile::new(dir).save(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary_behind() {
        let dir = std::env::temp_dir().join(format!("iacquiz-save-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        if let Err(e) = fs::create_dir_all(&dir) {
            panic!("{e}");
        }
        let path = dir.join("responses-x.json");
        for text in ["first\n", "second\n"] {
            if let Err(e) = write_atomic(&path, text.as_bytes()) {
                panic!("{e}");
            }
        }
        assert_eq!(fs::read_to_string(&path).ok().as_deref(), Some("second\n"));
        let names: Vec<String> = fs::read_dir(&dir)
            .map(|r| {
                r.filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().to_string())
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(names, ["responses-x.json"]);
        let missing = dir.join("no-such-folder").join("r.json");
        match write_atomic(&missing, b"x") {
            Err(QuizError::Io { path, .. }) => assert_eq!(path, missing),
            other => panic!("{other:?}"),
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_new_file_never_replaces_one_and_the_temporary_goes() {
        let dir = std::env::temp_dir().join(format!("iacquiz-save-new-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        if let Err(e) = fs::create_dir_all(&dir) {
            panic!("{e}");
        }
        let name = |n: usize| if n == 1 { "r.json".to_string() } else { format!("r-{n}.json") };
        if let Err(e) = fs::write(dir.join("r.json"), "theirs") {
            panic!("{e}");
        }
        for want in ["r-2.json", "r-3.json"] {
            match write_new(&dir, name, b"ours") {
                Ok(p) => assert_eq!(p, dir.join(want)),
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(fs::read_to_string(dir.join("r.json")).ok().as_deref(), Some("theirs"));
        assert_eq!(fs::read_to_string(dir.join("r-3.json")).ok().as_deref(), Some("ours"));
        let count = fs::read_dir(&dir).map(|r| r.count()).unwrap_or(0);
        assert_eq!(count, 3, "no temporary file is left");
        let _ = fs::remove_dir_all(&dir);
    }
}
