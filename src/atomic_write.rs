//! The one way the crate writes a file into a folder: the exports of `quiz new`, the responses
//! of `quiz take` and the progress store. The folder may be shared (a class share, `/tmp`, an
//! `--out` folder others can write), so a write must hold two promises:
//!
//! - **Whole or not at all.** The bytes go to a temporary file beside the destination, are
//!   synced, and the temporary is renamed (or, for a file that must not replace another,
//!   hard-linked) into place; the folder is synced after. A reader sees the old file or the new
//!   one, and a failed write (a full disk) leaves the old file as it was, never an empty one.
//! - **Never where someone else points.** A temporary gets a random name and is created new
//!   (`O_CREAT | O_EXCL`, and `O_NOFOLLOW` on Unix): a link planted under its name makes the
//!   create fail rather than lead the bytes elsewhere. A destination that is a symbolic link, or
//!   anything but a regular file, is refused, never written through or replaced. After the
//!   rename or link, the name is checked to be the very file written (a folder whose entries
//!   are being swapped under the writer is refused).
//!
//! Temporaries are named `.{file}.{tag}-{pid}-{random}` ([`Temp`]); the pid lets a later run
//! find a killed writer's leftovers ([`leftovers`]) and tell them from a running writer's.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Why a file could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The destination is a symbolic link.
    Link {
        /// The destination.
        path: PathBuf,
    },
    /// The destination is something other than a regular file (a folder, a FIFO, a device).
    NotFile {
        /// The destination.
        path: PathBuf,
    },
    /// The name no longer leads to the file written: another user changed the folder while it
    /// was written.
    Swapped {
        /// The destination.
        path: PathBuf,
    },
    /// The operating system refused (a full disk, no permission, a missing folder).
    Io {
        /// The destination.
        path: PathBuf,
        /// What the operating system said.
        reason: String,
    },
}

impl WriteError {
    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            WriteError::Link { path } | WriteError::NotFile { path } | WriteError::Swapped { path } | WriteError::Io { path, .. } => path,
        }
    }

    /// What went wrong, without the path.
    pub fn reason(&self) -> String {
        match self {
            WriteError::Link { .. } => "is a symbolic link, and iacquiz never writes through a link or replaces one (in a folder others can write, a link can lead to a file of yours); remove it, or write into a folder only you can write".into(),
            WriteError::NotFile { .. } => "is not a regular file (a folder, a FIFO, a device or a socket); remove it, or write into another folder".into(),
            WriteError::Swapped { .. } => "was replaced by another file while it was written (someone else is changing this folder); write into a folder only you can write".into(),
            WriteError::Io { reason, .. } => reason.clone(),
        }
    }

    fn io(path: &Path, e: &io::Error) -> WriteError {
        WriteError::Io {
            path: path.to_path_buf(),
            reason: e.to_string(),
        }
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path().display(), self.reason())
    }
}

impl std::error::Error for WriteError {}

/// The folder `path` is in (`.` for a bare file name).
pub fn folder(path: &Path) -> &Path {
    path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Refuses a destination that is a symbolic link or not a regular file; a missing one is fine.
pub fn check_destination(path: &Path) -> Result<(), WriteError> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Err(WriteError::Link { path: path.to_path_buf() }),
        Ok(m) if !m.is_file() => Err(WriteError::NotFile { path: path.to_path_buf() }),
        Ok(_) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(WriteError::io(path, &e)),
    }
}

/// Options that create a file that does not exist yet, never following a link at its name.
fn create_new_options() -> OpenOptions {
    let mut o = OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NOFOLLOW);
    }
    o
}

/// Creates `path`, which must not exist (a link at it counts as existing), for writing.
pub fn create_new(path: &Path) -> io::Result<File> {
    create_new_options().open(path)
}

/// Sixteen random hex digits (from the clock and a counter if the system has no randomness:
/// the name is then guessable, but the exclusive create still refuses a planted one).
fn random_suffix() -> String {
    let mut b = [0u8; 8];
    if getrandom::fill(&mut b).is_err() {
        use std::sync::atomic::{AtomicU64, Ordering};
        static N: AtomicU64 = AtomicU64::new(0);
        let t = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        b = (t ^ N.fetch_add(0x9e37_79b9_7f4a_7c15, Ordering::Relaxed).rotate_left(17)).to_le_bytes();
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// True when `path` names the open `file` itself (not a link, not another file put there).
#[cfg(unix)]
pub fn names_file(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::symlink_metadata(path), file.metadata()) {
        (Ok(a), Ok(b)) => a.file_type().is_file() && a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Elsewhere only the kind of file can be checked.
#[cfg(not(unix))]
pub fn names_file(path: &Path, _file: &File) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
}

/// Syncs a folder, so that a rename or a link in it is durable (not possible everywhere). The
/// folder is opened only to sync it, never read, so it needs no read gate.
pub fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// A temporary file beside its destination: `.{file}.{tag}-{pid}-{random}`, created new. It is
/// removed when dropped unless it was renamed into place.
#[derive(Debug)]
pub struct Temp {
    path: PathBuf,
    file: File,
    placed: bool,
}

impl Temp {
    /// Creates a temporary in `dir` for the file named `file`; `tag` says what it is for
    /// (`tmp`: to replace the file; `new`: to become a file that replaces none).
    pub fn create(dir: &Path, file: &str, tag: &str) -> io::Result<Temp> {
        let mut last = None;
        for _ in 0..8 {
            let path = dir.join(format!(".{file}.{tag}-{}-{}", std::process::id(), random_suffix()));
            match create_new(&path) {
                Ok(f) => {
                    return Ok(Temp {
                        path,
                        file: f,
                        placed: false,
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
    }

    /// The temporary's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The open temporary.
    pub fn file(&self) -> &File {
        &self.file
    }

    /// Writes `bytes` and syncs them to the disk.
    pub fn write_synced(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.file.write_all(bytes)?;
        self.file.sync_all()
    }

    /// Renames the temporary over `dest` (a regular file or nothing; a link is refused), then
    /// checks that `dest` is the file written.
    pub fn rename_to(mut self, dest: &Path) -> Result<(), WriteError> {
        check_destination(dest)?;
        fs::rename(&self.path, dest).map_err(|e| WriteError::io(dest, &e))?;
        self.placed = true;
        if !names_file(dest, &self.file) {
            return Err(WriteError::Swapped { path: dest.to_path_buf() });
        }
        Ok(())
    }

    /// Hard-links the temporary as `dest`, which must not exist (`AlreadyExists` otherwise; a
    /// link at `dest` counts as existing), then checks that `dest` is the file written: if the
    /// temporary's name was swapped for something else, the new name is removed again and
    /// the error is [`io::ErrorKind::InvalidData`].
    pub fn link_as(&self, dest: &Path) -> io::Result<()> {
        fs::hard_link(&self.path, dest)?;
        if !names_file(dest, &self.file) {
            let _ = fs::remove_file(dest);
            return Err(io::Error::new(io::ErrorKind::InvalidData, "swapped"));
        }
        Ok(())
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if !self.placed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Writes `bytes` to `path` whole: a new temporary beside it, synced, renamed over it, the
/// folder synced. A `path` that is a link or not a regular file is refused; on any failure
/// `path` is left as it was and no temporary stays behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let dir = folder(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| WriteError::NotFile { path: path.to_path_buf() })?;
    check_destination(path)?;
    let mut tmp = Temp::create(dir, &name, "tmp").map_err(|e| WriteError::io(path, &e))?;
    tmp.write_synced(bytes).map_err(|e| WriteError::io(path, &e))?;
    tmp.rename_to(path)?;
    sync_dir(dir);
    Ok(())
}

/// Creates a file in `dir` and removes it again, to learn whether the folder can be written
/// and who the files written there belong to (the owner's user id on Unix).
pub fn probe(dir: &Path) -> io::Result<Option<u32>> {
    let t = Temp::create(dir, "iacquiz-write-test", "probe")?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Ok(t.file().metadata().ok().map(|m| m.uid()))
    }
    #[cfg(not(unix))]
    {
        drop(t);
        Ok(None)
    }
}

/// A temporary left behind by a writer that is no longer running (killed before its rename).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leftover {
    /// Its path.
    pub path: PathBuf,
    /// The file it was written for (`responses-Ann.json`).
    pub target: String,
    /// What it was for (`tmp`: to replace the target; `new`: to become a new file).
    pub tag: String,
    /// The writer's process id.
    pub pid: u32,
    /// How many names the file has (more than one: it was linked into place already).
    pub links: u64,
    /// When it was last written.
    pub modified: Option<SystemTime>,
}

/// Splits a temporary's name into (target, tag, pid): `.{target}.{tag}-{pid}-{random}`, or
/// `.{target}.{tag}-{pid}` as older builds named them.
pub fn parse_temp_name(name: &str) -> Option<(String, String, u32)> {
    let rest = name.strip_prefix('.')?;
    let split = |head: &str| -> Option<(String, String)> {
        let (target, tag) = head.rsplit_once('.')?;
        (!target.is_empty() && matches!(tag, "tmp" | "new")).then(|| (target.to_string(), tag.to_string()))
    };
    let (head, last) = rest.rsplit_once('-')?;
    if let Some((head2, pid)) = head.rsplit_once('-')
        && let Ok(pid) = pid.parse::<u32>()
        && let Some((target, tag)) = split(head2)
        && last.chars().all(|c| c.is_ascii_hexdigit())
    {
        return Some((target, tag, pid));
    }
    let pid = last.parse::<u32>().ok()?;
    let (target, tag) = split(head)?;
    Some((target, tag, pid))
}

/// The temporaries in `dir` whose target `wanted` accepts, left by writers no longer running,
/// that belong to the user running this (on Unix, owned by the same user as a file created
/// there now: another user's leftovers are never touched). Only names and metadata are looked
/// at, and no more than 10,000 entries; a link or anything but a regular file is not listed.
pub fn leftovers(dir: &Path, wanted: impl Fn(&str) -> bool) -> Vec<Leftover> {
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut out = Vec::new();
    let mut me: Option<Option<u32>> = None;
    for e in entries.flatten().take(10_000) {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some((target, tag, pid)) = parse_temp_name(&name) else {
            continue;
        };
        if !wanted(&target) || process_alive(pid) {
            continue;
        }
        let path = e.path();
        let Ok(m) = fs::symlink_metadata(&path) else { continue };
        if !m.file_type().is_file() {
            continue;
        }
        #[cfg(unix)]
        let links = {
            use std::os::unix::fs::MetadataExt;
            let uid = *me.get_or_insert_with(|| probe(dir).ok().flatten());
            if uid != Some(m.uid()) {
                continue;
            }
            m.nlink()
        };
        #[cfg(not(unix))]
        let links = {
            me.get_or_insert(None);
            1
        };
        out.push(Leftover {
            path,
            target,
            tag,
            pid,
            links,
            modified: m.modified().ok(),
        });
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// True when a process with this pid runs (Linux: /proc; other Unix: `kill -0`).
pub fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if std::path::Path::new("/proc/self").exists() {
        return std::path::Path::new("/proc").join(pid.to_string()).exists();
    }
    #[cfg(unix)]
    {
        std::process::Command::new("kill")
            .args(["-0", &pid.to_string()])
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }
    #[cfg(not(unix))]
    {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("iacquiz-atomic-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        if let Err(e) = fs::create_dir_all(&d) {
            panic!("{e}");
        }
        d
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .map(|r| r.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        v.sort();
        v
    }

    #[test]
    fn temporary_names_parse_back() {
        assert_eq!(
            parse_temp_name(".responses-Ann-2.json.tmp-123-00ff00ff00ff00ff"),
            Some(("responses-Ann-2.json".into(), "tmp".into(), 123))
        );
        assert_eq!(
            parse_temp_name(".progress.json.tmp-77"),
            Some(("progress.json".into(), "tmp".into(), 77))
        );
        assert_eq!(
            parse_temp_name(".responses-x.json.tmp-5-0"),
            Some(("responses-x.json".into(), "tmp".into(), 5))
        );
        assert_eq!(
            parse_temp_name(".key.json.new-9-abcdef0123456789"),
            Some(("key.json".into(), "new".into(), 9))
        );
        for bad in ["key.json", ".key.json", ".key.json.tmp-", ".key.json.old-1-ab", "..tmp-1-ab"] {
            assert_eq!(parse_temp_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn writes_replace_whole_and_leave_no_temporary() {
        let dir = scratch("replace");
        let path = dir.join("f.json");
        for text in ["first\n", "second\n"] {
            if let Err(e) = write_atomic(&path, text.as_bytes()) {
                panic!("{e}");
            }
        }
        assert_eq!(fs::read_to_string(&path).ok().as_deref(), Some("second\n"));
        assert_eq!(names(&dir), ["f.json"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_never_written_through_or_replaced() {
        let dir = scratch("link");
        let victim = dir.join("victim");
        let _ = fs::write(&victim, "theirs");
        let link = dir.join("key.json");
        if let Err(e) = std::os::unix::fs::symlink(&victim, &link) {
            panic!("{e}");
        }
        match write_atomic(&link, b"secret") {
            Err(WriteError::Link { path }) => assert_eq!(path, link),
            other => panic!("{other:?}"),
        }
        assert!(create_new(&link).is_err(), "an exclusive create refuses a planted link");
        let dangling = dir.join("dangling");
        let _ = std::os::unix::fs::symlink(dir.join("nowhere"), &dangling);
        assert!(create_new(&dangling).is_err(), "even one that leads nowhere");
        assert!(!dir.join("nowhere").exists());
        assert_eq!(fs::read_to_string(&victim).ok().as_deref(), Some("theirs"));
        assert!(fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()));
        assert_eq!(names(&dir), ["dangling", "key.json", "victim"], "no temporary left");
        let _ = fs::remove_dir_all(&dir);
    }
}
