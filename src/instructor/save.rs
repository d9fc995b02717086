//! Writing a sitting's responses: the first save takes a file name no other file has
//! (`responses-NAME.json`, then `responses-NAME-2.json`, ...: the name is made safe and
//! bounded, the full name is kept inside the file), every later save of the same sitting
//! replaces that file atomically (a temporary file in the same folder, fsync, rename), so a
//! crash or a full disk leaves either the old responses or the new ones, never half a file,
//! and no sitting ever overwrites another's.

use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::error::QuizError;
use super::model::Responses;
use super::take::responses_file_name;

/// How many names are tried before giving up (`responses-NAME-10000.json` is the last).
const MAX_TRIES: usize = 10_000;

/// The temporary file written beside `path` before it takes `path`'s place (numbered, so
/// two writes of one process never share one).
fn temporary(dir: &Path, path: &Path) -> PathBuf {
    static SEQ: AtomicUsize = AtomicUsize::new(0);
    let n = SEQ.fetch_add(1, Ordering::Relaxed);
    let file = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    dir.join(format!(".{file}.tmp-{}-{n}", std::process::id()))
}

fn folder(path: &Path) -> &Path {
    path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

fn write_synced(path: &Path, bytes: &[u8], new: bool) -> std::io::Result<()> {
    let mut f = if new {
        fs::OpenOptions::new().write(true).create_new(true).open(path)?
    } else {
        fs::File::create(path)?
    };
    f.write_all(bytes)?;
    f.sync_all()
}

/// The rename (or link) is durable once the folder is synced (not every platform allows it).
/// The folder is opened only to sync it, never read, so it needs no read gate.
fn sync_folder(dir: &Path) {
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Writes `bytes` to `path` through a temporary file beside it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), QuizError> {
    let dir = folder(path);
    let tmp = temporary(dir, path);
    let write = || -> std::io::Result<()> {
        write_synced(&tmp, bytes, false)?;
        fs::rename(&tmp, path)?;
        sync_folder(dir);
        Ok(())
    };
    write().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        QuizError::io(path, &e)
    })
}

/// Writes `bytes` under a name no file in `dir` has yet: the first of `names(1)`,
/// `names(2)`, ... that is free. The whole content appears at once (a complete temporary
/// file hard-linked to the name, which fails if the name is taken); where links are not
/// supported, the name is created exclusively and written.
pub fn write_new(dir: &Path, names: impl Fn(usize) -> String, bytes: &[u8]) -> Result<PathBuf, QuizError> {
    let first = dir.join(names(1));
    let tmp = temporary(dir, &first);
    let mut linking = match write_synced(&tmp, bytes, false) {
        Ok(()) => true,
        Err(e) => return Err(QuizError::io(&first, &e)),
    };
    let mut result = Err(QuizError::Io {
        path: first.clone(),
        reason: format!("{MAX_TRIES} responses files of this name exist already; use another folder"),
    });
    for n in 1..=MAX_TRIES {
        let path = dir.join(names(n));
        let tried = if linking {
            match fs::hard_link(&tmp, &path) {
                Err(e) if e.kind() != ErrorKind::AlreadyExists => {
                    linking = false;
                    write_synced(&path, bytes, true)
                }
                other => other,
            }
        } else {
            write_synced(&path, bytes, true)
        };
        match tried {
            Ok(()) => {
                sync_folder(dir);
                result = Ok(path);
                break;
            }
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => {
                result = Err(QuizError::io(&path, &e));
                break;
            }
        }
    }
    let _ = fs::remove_file(&tmp);
    result
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
