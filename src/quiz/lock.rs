//! A lock that keeps a second running iacquiz from writing the same progress store: an
//! advisory OS lock on `progress.lock`. The kernel drops it when its process ends, however it
//! ends (kill -9 included), so a lock is never left stale and a reused pid never keeps anyone
//! out. The file holds the owner's pid only for the message a second instance shows.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The lock's file name inside the data folder.
pub const LOCK_FILE: &str = "progress.lock";

/// How often taking the lock starts over because the file was replaced under it.
const ATTEMPTS: usize = 8;

/// A held lock; dropping it removes the file and releases the lock.
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
    // Holding the open file is holding the lock.
    file: File,
}

/// Why the lock could not be taken.
#[derive(Debug)]
pub enum LockError {
    /// Another running process holds it.
    Held {
        /// Its pid (0 when it has not written it yet).
        pid: u32,
        /// The lock file.
        path: PathBuf,
    },
    /// The file could not be created or read.
    Io(String),
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::Held { pid: 0, path } => write!(
                f,
                "another iacquiz is using this progress store; close it first (lock: {})",
                path.display()
            ),
            LockError::Held { pid, path } => write!(
                f,
                "another iacquiz (pid {pid}) is using this progress store; close it first (lock: {})",
                path.display()
            ),
            LockError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl Lock {
    /// Takes the lock in `dir`; fails at once with [`LockError::Held`] when a running process
    /// has it.
    pub fn acquire(dir: &Path) -> Result<Lock, LockError> {
        let path = dir.join(LOCK_FILE);
        let io = |e: std::io::Error| LockError::Io(format!("{}: {e}", path.display()));
        for _ in 0..ATTEMPTS {
            // A link planted at the lock's name would have its target truncated and written:
            // the name is opened without following a link, and must be a regular file.
            if let Err(e) = crate::atomic_write::check_destination(&path) {
                return Err(LockError::Io(format!("{e} (the lock file, {LOCK_FILE})")));
            }
            let mut options = OpenOptions::new();
            options.read(true).write(true).create(true).truncate(false);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt;
                options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
            }
            let mut file = options.open(&path).map_err(io)?;
            if !file.metadata().is_ok_and(|m| m.is_file()) {
                return Err(LockError::Io(format!(
                    "{}: is not a regular file; remove it (the lock file, {LOCK_FILE})",
                    path.display()
                )));
            }
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    let mut text = String::new();
                    // A process id is a few digits: read no more than that from a file
                    // anyone with access to the data folder could have made large.
                    let _ = (&mut file).take(64).read_to_string(&mut text);
                    let pid = text.trim().parse().unwrap_or(0);
                    return Err(LockError::Held { pid, path });
                }
                Err(TryLockError::Error(e)) => return Err(io(e)),
            }
            // The previous holder removes the file as it lets go; if it did so after we opened
            // it, we hold a file nobody else can see, and must start over on the new one.
            if !names_this_file(&path, &file) {
                continue;
            }
            file.set_len(0)
                .and_then(|_| file.seek(SeekFrom::Start(0)))
                .and_then(|_| writeln!(file, "{}", std::process::id()))
                .and_then(|_| file.sync_all())
                .map_err(io)?;
            return Ok(Lock { path, file });
        }
        Err(LockError::Io(format!("{}: could not take the lock", path.display())))
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held, so nobody can lock the old file and think it current.
        let _ = fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// True when `path` still names the open `file` (not a file created after it was removed).
#[cfg(unix)]
fn names_this_file(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::symlink_metadata(path), file.metadata()) {
        (Ok(a), Ok(b)) => a.file_type().is_file() && a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Elsewhere an open file cannot be removed, so the name always names it.
#[cfg(not(unix))]
fn names_this_file(path: &Path, _file: &File) -> bool {
    path.exists()
}

pub use crate::atomic_write::process_alive;
