//! What an evaluation may see of the world: the files it may read (a folder on disk, or a set
//! of in-memory files from a question), the clock and the randomness. Everything impure comes
//! through here, so questions and tests can fix it and a bank cannot escape its folder.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// The outside world as an evaluation sees it.
#[derive(Clone, Debug)]
pub struct Host {
    /// The folder file functions may read inside (`None`: no folder on disk).
    pub root: Option<PathBuf>,
    /// In-memory files (a question's `files:`), by `/`-separated relative path. When set, they
    /// are the whole file system: `root` is not consulted.
    pub files: Option<Arc<BTreeMap<String, Vec<u8>>>>,
    /// `path.module`, relative to `root` (usually `.`).
    pub module_dir: PathBuf,
    /// A fixed current time as an RFC 3339 string, or `None` for the real clock.
    pub fixed_now: Option<String>,
    /// Seed for uuid() and bcrypt salts, or `None` for real randomness.
    pub seed: Option<u64>,
}

impl Default for Host {
    fn default() -> Host {
        Host {
            root: None,
            files: None,
            module_dir: PathBuf::from("."),
            fixed_now: None,
            seed: None,
        }
    }
}

/// Why a path was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathError {
    /// No folder is open to this evaluation.
    NoRoot,
    /// The path leaves the sandbox folder.
    Escapes(String),
    /// The file does not exist.
    Missing(String),
    /// The path names something that is neither a regular file nor a folder (a FIFO, a device,
    /// a socket): reading it could block for ever or never end.
    Special(String),
    /// The file is larger than the cap (bytes): it is refused before it is read.
    TooLarge(String, u64),
    /// The folder holds more entries than a listing may walk (the cap): refused, not truncated.
    TooMany(String, usize),
}

/// The most bytes one file read may bring in: the evaluation's own memory budget, since a file
/// larger than it could not become a value anyway (`filebase64` of a 2 GiB file would otherwise
/// be read whole before the budget saw it).
pub const READ_CAP: u64 = crate::lang::eval::SIZE_BUDGET;
/// The most folder levels a listing (`fileset`) descends.
pub const WALK_DEPTH: usize = 64;
/// The most entries a listing (`fileset`) looks at, files and folders together.
pub const WALK_ENTRIES: usize = 100_000;

/// What a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A folder.
    Dir,
}

impl Host {
    /// A host that may read files inside `root`.
    pub fn with_root(root: impl Into<PathBuf>) -> Host {
        Host {
            root: Some(root.into()),
            ..Host::default()
        }
    }

    /// A host whose only files are these (relative path → contents).
    pub fn with_files(files: BTreeMap<String, Vec<u8>>) -> Host {
        Host {
            files: Some(Arc::new(files)),
            ..Host::default()
        }
    }

    /// Normalises a relative path lexically (`a/./b/../c` → `a/c`), refusing any that climbs
    /// above its start or is absolute.
    fn lexical(&self, path: &str) -> Result<String, PathError> {
        let mut p = Path::new(path);
        if p.is_absolute() {
            // An absolute path is fine only if it names something inside the root folder.
            let root = self.root.as_ref().and_then(|r| r.canonicalize().ok());
            match root.as_ref().and_then(|r| p.strip_prefix(r).ok()) {
                Some(rel) => p = rel,
                None => return Err(PathError::Escapes(path.to_string())),
            }
        }
        let mut parts: Vec<String> = Vec::new();
        let joined = self.module_dir.join(p);
        for c in joined.components() {
            match c {
                Component::ParentDir => {
                    if parts.pop().is_none() {
                        return Err(PathError::Escapes(path.to_string()));
                    }
                }
                Component::CurDir => {}
                Component::Normal(s) => parts.push(s.to_string_lossy().to_string()),
                _ => return Err(PathError::Escapes(path.to_string())),
            }
        }
        Ok(parts.join("/"))
    }

    /// Resolves `path` (relative to the module folder) inside the sandbox folder on disk,
    /// refusing `..` escapes, absolute paths and symlinks that point out, before any read.
    pub fn resolve(&self, path: &str) -> Result<PathBuf, PathError> {
        let root = self.root.as_ref().ok_or(PathError::NoRoot)?;
        let rel = self.lexical(path)?;
        let root_real = root.canonicalize().map_err(|_| PathError::NoRoot)?;
        let joined = if rel.is_empty() { root_real.clone() } else { root_real.join(&rel) };
        match joined.canonicalize() {
            Ok(real) if real.starts_with(&root_real) && !(real.is_file() || real.is_dir()) => Err(PathError::Special(path.to_string())),
            Ok(real) if real.starts_with(&root_real) => Ok(real),
            Ok(_) => Err(PathError::Escapes(path.to_string())),
            Err(_) => Err(PathError::Missing(path.to_string())),
        }
    }

    /// What `path` names, if anything.
    pub fn kind(&self, path: &str) -> Result<Kind, PathError> {
        if let Some(files) = &self.files {
            let rel = self.lexical(path)?;
            if files.contains_key(&rel) {
                return Ok(Kind::File);
            }
            let prefix = if rel.is_empty() { String::new() } else { format!("{rel}/") };
            if rel.is_empty() || files.keys().any(|k| k.starts_with(&prefix)) {
                return Ok(Kind::Dir);
            }
            return Err(PathError::Missing(path.to_string()));
        }
        let p = self.resolve(path)?;
        Ok(if p.is_dir() { Kind::Dir } else { Kind::File })
    }

    /// Reads a file inside the sandbox.
    pub fn read(&self, path: &str) -> Result<Vec<u8>, PathError> {
        if let Some(files) = &self.files {
            let rel = self.lexical(path)?;
            return files.get(&rel).cloned().ok_or_else(|| PathError::Missing(path.to_string()));
        }
        let p = self.resolve(path)?;
        read_resolved(&p, path)
    }

    /// Every file under the folder `base`, as `/`-separated paths relative to it, sorted.
    /// Symlinks that lead outside the sandbox are skipped, and links to folders are not followed.
    pub fn list_files(&self, base: &str) -> Result<Vec<String>, PathError> {
        self.list_files_within(base, WALK_ENTRIES)
    }

    /// [`Host::list_files`], looking at no more than `cap` entries on disk.
    fn list_files_within(&self, base: &str, cap: usize) -> Result<Vec<String>, PathError> {
        if let Some(files) = &self.files {
            let rel = self.lexical(base)?;
            let prefix = if rel.is_empty() { String::new() } else { format!("{rel}/") };
            return Ok(files.keys().filter_map(|k| k.strip_prefix(&prefix).map(str::to_string)).collect());
        }
        let dir = self.resolve(base)?;
        let root_real = self.root.as_ref().and_then(|r| r.canonicalize().ok()).ok_or(PathError::NoRoot)?;
        let mut out = Vec::new();
        let mut left = cap;
        walk(&root_real, &dir, &dir, &mut out, 0, &mut left).map_err(|()| PathError::TooMany(base.to_string(), cap))?;
        out.sort();
        Ok(out)
    }
}

/// Reads the file at `real` (already resolved inside the sandbox) through the one read gate:
/// only a regular file, at most [`READ_CAP`] bytes. `path` is the name the configuration used.
pub(crate) fn read_resolved(real: &Path, path: &str) -> Result<Vec<u8>, PathError> {
    use crate::confine::ReadError;
    crate::confine::read_regular(real, READ_CAP).map_err(|e| match e {
        ReadError::Special { .. } => PathError::Special(path.to_string()),
        ReadError::TooLarge { cap, .. } => PathError::TooLarge(path.to_string(), cap),
        _ => PathError::Missing(path.to_string()),
    })
}

/// Lists the regular files under `dir`; `Err` when more entries than `left` would be looked at
/// (`left` counts down). Deeper than [`WALK_DEPTH`] levels is not descended (a link loop cannot make
/// depth, since links to folders are not followed; only real nesting can).
fn walk(root: &Path, base: &Path, dir: &Path, out: &mut Vec<String>, depth: usize, left: &mut usize) -> Result<(), ()> {
    if depth > WALK_DEPTH {
        return Ok(());
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(()) };
    for e in entries.filter_map(|e| e.ok()) {
        if *left == 0 {
            return Err(());
        }
        *left -= 1;
        let p = e.path();
        let Ok(kind) = e.file_type() else { continue };
        let Ok(real) = p.canonicalize() else { continue };
        if !real.starts_with(root) {
            continue;
        }
        // As Terraform's fileset does, a link to a folder is not followed: two links to `.`
        // would otherwise make the walk list the same files without end.
        if kind.is_dir() {
            walk(root, base, &p, out, depth + 1, left)?;
            continue;
        }
        // Only regular files are listed (a link to one counts; a link to a folder does not); a
        // FIFO or a device is not a file.
        if !real.is_file() {
            continue;
        }
        if let Ok(rel) = p.strip_prefix(base) {
            out.push(
                rel.components()
                    .map(|c| c.as_os_str().to_string_lossy().to_string())
                    .collect::<Vec<_>>()
                    .join("/"),
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_memory_files_stay_inside() {
        let mut m = BTreeMap::new();
        m.insert("a.txt".to_string(), b"hi".to_vec());
        m.insert("sub/b.txt".to_string(), b"b".to_vec());
        let h = Host::with_files(m);
        assert_eq!(h.read("a.txt"), Ok(b"hi".to_vec()));
        assert_eq!(h.read("./sub/../a.txt"), Ok(b"hi".to_vec()));
        assert!(matches!(h.read("../a.txt"), Err(PathError::Escapes(_))));
        assert!(matches!(h.read("/etc/passwd"), Err(PathError::Escapes(_))));
        assert_eq!(h.kind("sub"), Ok(Kind::Dir));
        assert_eq!(h.list_files("sub"), Ok(vec!["b.txt".to_string()]));
    }

    #[test]
    fn disk_sandbox_refuses_escapes() {
        let dir = std::env::temp_dir().join(format!("iacquiz-host-{}", std::process::id()));
        let inner = dir.join("inner");
        std::fs::create_dir_all(&inner).expect("mkdir");
        std::fs::write(dir.join("secret.txt"), "s").expect("write");
        std::fs::write(inner.join("ok.txt"), "ok").expect("write");
        #[cfg(unix)]
        let _ = std::os::unix::fs::symlink(dir.join("secret.txt"), inner.join("link.txt"));
        let h = Host::with_root(&inner);
        assert_eq!(h.read("ok.txt"), Ok(b"ok".to_vec()));
        assert!(matches!(h.read("../secret.txt"), Err(PathError::Escapes(_))));
        assert!(matches!(
            h.read(&dir.join("secret.txt").to_string_lossy()),
            Err(PathError::Escapes(_))
        ));
        #[cfg(unix)]
        assert!(matches!(h.read("link.txt"), Err(PathError::Escapes(_))));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_listing_over_its_entry_cap_is_refused_not_cut_short() {
        let dir = std::env::temp_dir().join(format!("iacquiz-host-cap-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).expect("mkdir");
        for n in ["a", "b", "sub/c"] {
            std::fs::write(dir.join(n), "x").expect("write");
        }
        let h = Host::with_root(&dir);
        // Four entries: a, b, sub, sub/c.
        assert_eq!(h.list_files_within(".", 4).map(|f| f.len()), Ok(3));
        assert_eq!(h.list_files_within(".", 3), Err(PathError::TooMany(".".into(), 3)));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
