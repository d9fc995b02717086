//! What an evaluation may see of the world: the files it may read (a folder on disk, or a set
//! of in-memory files from a question), the clock and the randomness. Everything impure comes
//! through here, so questions and tests can fix it and a bank cannot escape its folder.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use crate::confine::{EntryKind, Found, Kind as FoundKind, ReadError, Sandbox};

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
    /// Whether the evaluation plans or applies (`plantimestamp()` exists there only: Terraform
    /// leaves it out of the console, lang/functions.go's ConsoleMode).
    pub planning: bool,
    /// Whether impure functions (`bcrypt`, `timestamp`, `uuid`) return unknown values, as
    /// they do while Terraform validates and plans (lang.Scope's PureOnly; not in apply or
    /// the console).
    pub pure_only: bool,
}

impl Default for Host {
    fn default() -> Host {
        Host {
            root: None,
            files: None,
            module_dir: PathBuf::from("."),
            fixed_now: None,
            seed: None,
            planning: false,
            pure_only: false,
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

    /// The sandbox of the folder on disk and `path` relative to it (normalised lexically,
    /// relative to the module folder), or why there is none.
    fn on_disk(&self, path: &str) -> Result<(Sandbox, PathBuf), PathError> {
        let root = self.root.as_ref().ok_or(PathError::NoRoot)?;
        let rel = self.lexical(path)?;
        let sandbox = Sandbox::new(root).map_err(|_| PathError::NoRoot)?;
        Ok((sandbox, PathBuf::from(if rel.is_empty() { "." } else { rel.as_str() })))
    }

    /// What `path` names on disk, through the one gate ([`Sandbox::inspect`]): a link is
    /// followed only while it stays inside the folder, and a link that leads out is refused
    /// whether or not anything is at its other end.
    fn found(&self, path: &str) -> Result<(Sandbox, Found), PathError> {
        let (sandbox, rel) = self.on_disk(path)?;
        match sandbox.inspect(&rel) {
            Ok(f) if f.kind == FoundKind::Special => Err(PathError::Special(path.to_string())),
            Ok(f) => Ok((sandbox, f)),
            Err(e) => Err(path_error(e, path)),
        }
    }

    /// Resolves `path` (relative to the module folder) inside the sandbox folder on disk,
    /// refusing `..` escapes, absolute paths and symlinks that point out, before any read. The
    /// path is for showing and listing only: reads go through [`Host::read`], which checks again
    /// as it opens.
    pub fn resolve(&self, path: &str) -> Result<PathBuf, PathError> {
        self.found(path).map(|(_, f)| f.real)
    }

    /// What `path` names in the folder on disk (never the in-memory files).
    pub fn disk_kind(&self, path: &str) -> Result<Kind, PathError> {
        self.found(path)
            .map(|(_, f)| if f.kind == FoundKind::Folder { Kind::Dir } else { Kind::File })
    }

    /// The names in the folder `dir` on disk (relative to the module folder), links not
    /// followed: at most `cap + 1` of them, so that a caller can refuse a folder of more.
    pub fn disk_names(&self, dir: &str, cap: usize) -> Result<Vec<std::ffi::OsString>, PathError> {
        let (sandbox, rel) = self.on_disk(dir)?;
        let listed = sandbox.list(&rel, cap).map_err(|e| path_error(e, dir))?;
        Ok(listed.into_iter().map(|e| e.name).collect())
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
        self.disk_kind(path)
    }

    /// Reads a file inside the sandbox.
    pub fn read(&self, path: &str) -> Result<Vec<u8>, PathError> {
        if let Some(files) = &self.files {
            let rel = self.lexical(path)?;
            return files.get(&rel).cloned().ok_or_else(|| PathError::Missing(path.to_string()));
        }
        // The check and the read are one act: the gate opens what it checked, so a link swapped in
        // meanwhile cannot lead the read out of the folder.
        let (sandbox, rel) = self.on_disk(path)?;
        sandbox.read(&rel, READ_CAP).map_err(|e| path_error(e, path))
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
        let (sandbox, found) = self.found(base)?;
        let mut out = Vec::new();
        if found.kind == FoundKind::Folder {
            // Walked by its real path inside the folder: a link to a folder is not followed below it.
            let dir = found.real.strip_prefix(sandbox.root()).map(Path::to_path_buf).unwrap_or_default();
            let mut left = cap;
            walk(&sandbox, &dir, Path::new(""), &mut out, 0, &mut left).map_err(|()| PathError::TooMany(base.to_string(), cap))?;
        }
        out.sort();
        Ok(out)
    }
}

/// The error for a path the gate refused (`path` as the configuration wrote it).
fn path_error(e: ReadError, path: &str) -> PathError {
    match e {
        ReadError::Escapes { .. } => PathError::Escapes(path.to_string()),
        ReadError::Special { .. } => PathError::Special(path.to_string()),
        ReadError::TooLarge { cap, .. } => PathError::TooLarge(path.to_string(), cap),
        ReadError::Missing { .. } | ReadError::Folder { .. } | ReadError::Io { .. } => PathError::Missing(path.to_string()),
    }
}

/// Lists the regular files under `dir` (relative to the sandbox's folder) as paths under `shown`;
/// `Err` when more entries than `left` would be looked at (`left` counts down). Deeper than
/// [`WALK_DEPTH`] levels is not descended (a link loop cannot make depth, since links to folders
/// are not followed; only real nesting can). Every listing and look goes through the gate.
fn walk(sandbox: &Sandbox, dir: &Path, shown: &Path, out: &mut Vec<String>, depth: usize, left: &mut usize) -> Result<(), ()> {
    if depth > WALK_DEPTH {
        return Ok(());
    }
    let Ok(entries) = sandbox.list(if dir.as_os_str().is_empty() { Path::new(".") } else { dir }, *left) else {
        return Ok(());
    };
    for e in entries {
        if *left == 0 {
            return Err(());
        }
        *left -= 1;
        let p = dir.join(&e.name);
        let name = shown.join(&e.name);
        match e.kind {
            // As Terraform's fileset does, a link to a folder is not followed: two links to `.`
            // would otherwise make the walk list the same files without end.
            EntryKind::Folder => walk(sandbox, &p, &name, out, depth + 1, left)?,
            EntryKind::Special => {}
            // Only regular files are listed (a link to one inside counts; a link to a folder or
            // out of the folder does not).
            EntryKind::File | EntryKind::Link => {
                if e.kind == EntryKind::File || sandbox.inspect(&p).is_ok_and(|f| f.kind == FoundKind::File) {
                    out.push(
                        name.components()
                            .map(|c| c.as_os_str().to_string_lossy().to_string())
                            .collect::<Vec<_>>()
                            .join("/"),
                    );
                }
            }
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
