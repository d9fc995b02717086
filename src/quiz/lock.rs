//! A lock file that keeps a second running iacquiz from writing the same progress store:
//! created with O_EXCL and holding the owner's pid; a lock whose process is gone is stale and
//! taken over.

use std::fs::{self, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// The lock's file name inside the data folder.
pub const LOCK_FILE: &str = "progress.lock";

/// A held lock; dropping it removes the file.
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
}

/// Why the lock could not be taken.
#[derive(Debug)]
pub enum LockError {
    /// Another running process holds it.
    Held {
        /// Its pid.
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
    /// Takes the lock in `dir`, replacing a stale one.
    pub fn acquire(dir: &Path) -> Result<Lock, LockError> {
        let path = dir.join(LOCK_FILE);
        for _ in 0..3 {
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut f) => {
                    let written = writeln!(f, "{}", std::process::id()).and_then(|_| f.sync_all());
                    if let Err(e) = written {
                        let _ = fs::remove_file(&path);
                        return Err(LockError::Io(format!("{}: {e}", path.display())));
                    }
                    return Ok(Lock { path });
                }
                Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                    let text = fs::read_to_string(&path).unwrap_or_default();
                    match text.trim().parse::<u32>() {
                        Ok(pid) if process_alive(pid) => return Err(LockError::Held { pid, path }),
                        Ok(_) => {}
                        // Being written this instant by another process: held.
                        Err(_) if recently_modified(&path) => return Err(LockError::Held { pid: 0, path }),
                        Err(_) => {}
                    }
                    // Stale: its process is gone.
                    if let Err(e) = fs::remove_file(&path)
                        && e.kind() != ErrorKind::NotFound
                    {
                        return Err(LockError::Io(format!("{}: {e}", path.display())));
                    }
                }
                Err(e) => return Err(LockError::Io(format!("{}: {e}", path.display()))),
            }
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
        let _ = fs::remove_file(&self.path);
    }
}

fn recently_modified(path: &Path) -> bool {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|d| d.as_secs() < 2)
}

/// True when a process with this pid runs (Linux: /proc; other Unix: `kill -0`).
pub fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if Path::new("/proc/self").exists() {
        return Path::new("/proc").join(pid.to_string()).exists();
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
