//! One workspace's state file, read and written as Terraform's local backend does
//! (`statemgr.Filesystem`): the snapshot read when the command starts is the reference — a
//! write whose content differs from it bumps the serial (every such write does, which is why
//! an apply that persists several times ends several serials on), one that does not keeps it;
//! the lineage is made at the first write of a new workspace and kept after; and, when a
//! backup path is set, the first write that changes something first saves the snapshot read
//! at the start there (written by the running release).
//!
//! Which backup: `apply`, `refresh`, `taint` and `untaint` use `terraform.tfstate.backup`
//! beside the state ([`backup_path`]); `state mv` and `state rm` use
//! `terraform.tfstate.<unix seconds>.backup` ([`timestamped_backup_path`]). The first apply
//! into a folder with no state writes no backup (there was nothing to save).

use std::fmt;
use std::path::{Path, PathBuf};

use super::lineage::{Random, same_content, uuid};
use super::lock::{LockError, StateLock};
use super::read::{ReadError, read_state};
use super::write::{WriteStateError, write_state};
use crate::atomic_write::{WriteError, write_atomic};
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::State;

/// A state file is not read past this size.
/// The largest state file read.
pub const STATE_CAP: u64 = 256 << 20;

/// Why the state could not be read or saved.
#[derive(Debug)]
pub enum StoreError {
    /// The file is there but is not a state this release reads.
    Read(ReadError),
    /// The file could not be read at all.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
    /// A value could not be saved.
    Marshal(WriteStateError),
    /// The lock could not be kept on the file just written.
    Lock(LockError),
    /// The file (or the backup) could not be written.
    Write(WriteError),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Read(e) => write!(f, "Failed to load state: {e}"),
            StoreError::Io { path, reason } => write!(f, "Failed to load state: {}: {reason}", path.display()),
            StoreError::Marshal(e) => write!(f, "Failed to save state: {e}"),
            StoreError::Lock(e) => write!(f, "Failed to save state: {e}"),
            StoreError::Write(e) => write!(f, "Failed to save state: {}: {}", e.path().display(), e.reason()),
        }
    }
}

impl std::error::Error for StoreError {}

/// `terraform.tfstate.backup` beside a state file (its name with `.backup` added).
pub fn backup_path(state_path: &Path) -> PathBuf {
    let mut name = state_path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".backup");
    state_path.with_file_name(name)
}

/// `terraform.tfstate.<unix seconds>.backup` beside a state file (`state mv`, `state rm`).
pub fn timestamped_backup_path(state_path: &Path, unix_seconds: u64) -> PathBuf {
    let mut name = state_path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(format!(".{unix_seconds}.backup"));
    state_path.with_file_name(name)
}

/// A workspace's state file for the length of one command.
#[derive(Debug)]
pub struct StateStore {
    path: PathBuf,
    release: TfVersion,
    backup: Option<PathBuf>,
    backup_written: bool,
    /// The snapshot read at the start (`None`: no file, or an empty one).
    original: Option<State>,
    /// The serial and lineage of what the file holds now.
    meta: Option<(u64, String)>,
    /// The lock held on the file, renewed after each write.
    lock: Option<StateLock>,
}

impl StateStore {
    /// Reads the state file at `path` (missing or empty: no state yet) as `release` reads it.
    pub fn open(path: &Path, release: TfVersion) -> Result<StateStore, StoreError> {
        let bytes = match crate::confine::read_regular(path, STATE_CAP) {
            Ok(bytes) => Some(bytes),
            Err(_) if !path.exists() => None,
            Err(e) => {
                return Err(StoreError::Io {
                    path: path.to_path_buf(),
                    reason: e.to_string(),
                });
            }
        };
        StateStore::from_bytes(path, bytes.as_deref(), release)
    }

    /// Reads the state file `lock` guards through the lock itself (see [`StateLock::read`])
    /// and keeps the lock for the store's life.
    pub fn open_locked(lock: StateLock, release: TfVersion) -> Result<StateStore, StoreError> {
        let path = lock.state_path().to_path_buf();
        let bytes = lock.read(STATE_CAP).map_err(|e| StoreError::Io {
            path: path.clone(),
            reason: e.to_string(),
        })?;
        Ok(StateStore::from_bytes(&path, Some(&bytes), release)?.locked(lock))
    }

    /// The store of the file at `path` holding `bytes` (`None`: no file).
    fn from_bytes(path: &Path, bytes: Option<&[u8]>, release: TfVersion) -> Result<StateStore, StoreError> {
        let original = match bytes.map(|b| read_state(b, release)) {
            None | Some(Err(ReadError::NoState)) => None,
            Some(Ok(s)) => Some(s),
            Some(Err(e)) => return Err(StoreError::Read(e)),
        };
        let meta = original.as_ref().map(|s| (s.serial, s.lineage.clone()));
        Ok(StateStore {
            path: path.to_path_buf(),
            release,
            backup: None,
            backup_written: false,
            original,
            meta,
            lock: None,
        })
    }

    /// Keeps `lock` (taken on this state file) for the store's life: every write moves it to
    /// the new file, and [`StateStore::close`] releases it.
    pub fn locked(mut self, lock: StateLock) -> StateStore {
        self.lock = Some(lock);
        self
    }

    /// Ends the command: releases the lock, if the store holds one.
    pub fn close(self) {
        if let Some(lock) = self.lock {
            lock.release();
        }
    }

    /// Saves the snapshot read at the start to `path` before the first write that changes
    /// anything.
    pub fn with_backup(mut self, path: PathBuf) -> StateStore {
        self.backup = Some(path);
        self
    }

    /// The state read at the start.
    pub fn state(&self) -> Option<&State> {
        self.original.as_ref()
    }

    /// The state file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `next` (its serial and lineage are the store's business) and returns the state
    /// as written. `random` makes the lineage of a workspace's first state.
    pub fn write(&mut self, next: &State, random: &mut dyn Random) -> Result<State, StoreError> {
        self.write_after(next, 0, random)
    }

    /// [`StateStore::write`] at the end of an apply that wrote the state `object_writes` times
    /// on the way, once per object created, updated, destroyed or imported (Terraform's state
    /// hook), each a new serial; the last write adds one more (tf-oracle 1.12.2: creating three
    /// objects and an output gives serial 4; updating five, 6 more; one update, 2).
    pub fn write_after(&mut self, next: &State, object_writes: u64, random: &mut dyn Random) -> Result<State, StoreError> {
        let changed = match &self.original {
            Some(o) => !same_content(o, next, self.release),
            None => true,
        };
        if changed
            && !self.backup_written
            && let (Some(path), Some(original)) = (&self.backup, &self.original)
        {
            let text = write_state(original, self.release).map_err(StoreError::Marshal)?;
            write_atomic(path, text.as_bytes()).map_err(StoreError::Write)?;
            self.backup_written = true;
        }
        let (serial, lineage) = match &self.meta {
            Some((s, l)) => (*s, l.clone()),
            None => (0, uuid(random)),
        };
        // What the object writes leave for the last one: the outputs and the check results.
        let mut only_objects = self.original.clone().unwrap_or_default();
        only_objects.resources = next.resources.clone();
        let rest_changed = !same_content(&only_objects, next, self.release);
        let serial = match (changed, object_writes) {
            (false, _) => serial,
            (true, 0) => serial + 1,
            // Over an existing state the last write is a new serial too (tf-oracle 1.12.2: one
            // update without outputs gives two); over none, only when the outputs or the check
            // results came with it.
            (true, n) => serial + n + u64::from(rest_changed || self.original.is_some()),
        };
        let mut out = next.clone();
        out.serial = serial;
        out.lineage = lineage.clone();
        out.terraform_version = super::write::release_text(self.release);
        let text = write_state(&out, self.release).map_err(StoreError::Marshal)?;
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::Write(WriteError::Io {
                    path: dir.to_path_buf(),
                    reason: e.to_string(),
                })
            })?;
        }
        write_atomic(&self.path, text.as_bytes()).map_err(StoreError::Write)?;
        self.meta = Some((serial, lineage));
        if let Some(lock) = &mut self.lock {
            lock.renew().map_err(StoreError::Lock)?;
        }
        Ok(out)
    }
}
