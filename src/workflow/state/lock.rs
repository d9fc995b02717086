//! The local backend's state lock, as Terraform takes it: an fcntl write lock (`F_SETLK`,
//! whole file) on the state file itself, which the system drops when the process ends, and a
//! `.terraform.tfstate.lock.info` file beside it saying who holds it (compact JSON: ID,
//! Operation, Info, Who, Version, Created, Path). Taking the same kind of lock as Terraform
//! means iacquiz and a real `terraform` in the same folder keep out of each other's way.
//!
//! fcntl locks belong to a process, so a second lock from the same process would succeed;
//! a table of the paths this process holds refuses that as another process would be refused.

use std::collections::BTreeSet;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::diag::Diagnostic;
use super::json::{self, Json};

/// Who holds a lock, as the lock info file records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockInfo {
    /// A UUID made for this lock.
    pub id: String,
    /// What the holder is doing (`OperationTypeApply`, `OperationTypePlan`, `state-rm`).
    pub operation: String,
    /// Free text (empty from the CLI).
    pub info: String,
    /// `user@host`.
    pub who: String,
    /// The release holding it (`1.12.2`).
    pub version: String,
    /// When it was taken, RFC 3339 with nanoseconds, UTC (`2026-12-04T23:39:08.123456789Z`).
    pub created: String,
    /// The state file, as the holder named it (`terraform.tfstate`).
    pub path: String,
}

impl LockInfo {
    /// The lock info file's content (Go's `json.Marshal` of Terraform's structure).
    pub fn to_json(&self) -> String {
        json::to_compact(&Json::Object(vec![
            ("ID".into(), Json::String(self.id.clone())),
            ("Operation".into(), Json::String(self.operation.clone())),
            ("Info".into(), Json::String(self.info.clone())),
            ("Who".into(), Json::String(self.who.clone())),
            ("Version".into(), Json::String(self.version.clone())),
            ("Created".into(), Json::String(self.created.clone())),
            ("Path".into(), Json::String(self.path.clone())),
        ]))
    }

    /// Reads a lock info file's content; `None` when it is not one.
    pub fn from_json(text: &str) -> Option<LockInfo> {
        let doc = json::parse(text.as_bytes()).ok()?;
        let field = |k: &str| match doc.get(k) {
            Some(Json::String(s)) => s.clone(),
            _ => String::new(),
        };
        Some(LockInfo {
            id: field("ID"),
            operation: field("Operation"),
            info: field("Info"),
            who: field("Who"),
            version: field("Version"),
            created: field("Created"),
            path: field("Path"),
        })
    }

    /// The block Terraform prints about a held lock (`Lock Info:` and its fields).
    pub fn describe(&self) -> String {
        format!(
            "Lock Info:\n  ID:        {}\n  Path:      {}\n  Operation: {}\n  Who:       {}\n  Version:   {}\n  Created:   {}\n  Info:      {}\n",
            self.id,
            self.path,
            self.operation,
            self.who,
            self.version,
            go_time_string(&self.created),
            self.info
        )
    }
}

/// An RFC 3339 UTC time as Go's `time.Time.String` prints it (`2000-01-01 00:00:00 +0000
/// UTC`, nanoseconds only when not zero); other text as is.
fn go_time_string(rfc3339: &str) -> String {
    let Some(body) = rfc3339.strip_suffix('Z') else {
        return rfc3339.to_string();
    };
    let Some((date, time)) = body.split_once('T') else {
        return rfc3339.to_string();
    };
    let time = match time.split_once('.') {
        Some((hms, frac)) => {
            let frac = frac.trim_end_matches('0');
            if frac.is_empty() {
                hms.to_string()
            } else {
                format!("{hms}.{frac}")
            }
        }
        None => time.to_string(),
    };
    format!("{date} {time} +0000 UTC")
}

/// Why the lock was not taken.
#[derive(Debug)]
pub enum LockError {
    /// Another process (or this one) holds it.
    Held {
        /// The system's words (`resource temporarily unavailable`).
        reason: String,
        /// The holder's lock info, when its file could be read (boxed: the error stays small).
        info: Option<Box<LockInfo>>,
    },
    /// The state file or the lock info file could not be opened or written.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        reason: String,
    },
}

impl LockError {
    /// The diagnostic Terraform shows (`Error acquiring the state lock`).
    pub fn diagnostic(&self) -> Diagnostic {
        let err = match self {
            LockError::Held { reason, info } => match info {
                Some(i) => format!("{reason}\n{}", i.describe()),
                None => reason.clone(),
            },
            LockError::Io { path, reason } => format!("{}: {reason}", path.display()),
        };
        Diagnostic::new(
            "Error acquiring the state lock",
            format!(
                "Error message: {err}\n\nTerraform acquires a state lock to protect the state from being written\nby multiple users at the same time. Please resolve the issue above and try\nagain. For most commands, you can disable locking with the \"-lock=false\"\nflag, but this is not recommended."
            ),
        )
    }
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.diagnostic();
        write!(f, "{}: {}", d.summary, d.detail)
    }
}

impl std::error::Error for LockError {}

/// The lock info file beside a state file: `.NAME.lock.info` (a leading dot of NAME dropped).
pub fn info_path(state_path: &Path) -> PathBuf {
    let name = state_path.file_name().and_then(|n| n.to_str()).unwrap_or("terraform.tfstate");
    let name = name.strip_prefix('.').unwrap_or(name);
    state_path.with_file_name(format!(".{name}.lock.info"))
}

/// The state files this process has locked (fcntl would let the process lock them again).
static HELD: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

fn held() -> std::sync::MutexGuard<'static, BTreeSet<PathBuf>> {
    // A panic while the table was held cannot leave it inconsistent (one insert or remove).
    HELD.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A held lock; released by [`StateLock::release`] or when dropped.
#[derive(Debug)]
pub struct StateLock {
    file: Option<File>,
    state_path: PathBuf,
    key: PathBuf,
    /// The state file did not exist before the lock created it (an empty one left is removed
    /// at release, as Terraform removes it).
    created: bool,
    /// The info written.
    pub info: LockInfo,
}

fn key_for(path: &Path) -> PathBuf {
    fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

impl StateLock {
    /// Takes the lock of the state file at `state_path` (creating the file, empty, and its
    /// folder when missing, as Terraform does) and writes `info` beside it.
    pub fn acquire(state_path: &Path, info: LockInfo) -> Result<StateLock, LockError> {
        let io = |path: &Path, e: std::io::Error| LockError::Io {
            path: path.to_path_buf(),
            reason: e.to_string(),
        };
        if let Some(dir) = state_path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        }
        if fs::symlink_metadata(state_path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(LockError::Io {
                path: state_path.to_path_buf(),
                reason: "is a symbolic link; iacquiz does not lock or write through a link".into(),
            });
        }
        let created = !state_path.exists();
        let mut opts = OpenOptions::new();
        opts.read(true).write(true).create(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            opts.custom_flags(libc::O_NOFOLLOW);
        }
        let file = opts.open(state_path).map_err(|e| io(state_path, e))?;
        let key = key_for(state_path);
        let busy = |reason: String| LockError::Held {
            reason,
            info: crate::confine::read_regular_text(&info_path(state_path), 1 << 16)
                .ok()
                .and_then(|t| LockInfo::from_json(&t))
                .map(Box::new),
        };
        {
            let mut table = held();
            if table.contains(&key) {
                return Err(busy("resource temporarily unavailable".into()));
            }
            #[cfg(unix)]
            if let Err(e) = rustix::fs::fcntl_lock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
                // Go prints the errno's text in lower case (EAGAIN: "resource temporarily
                // unavailable").
                let text = std::io::Error::from(e).to_string();
                let text = text.split(" (os error").next().unwrap_or(&text).to_lowercase();
                return Err(busy(text));
            }
            table.insert(key.clone());
        }
        let lock = StateLock {
            file: Some(file),
            state_path: state_path.to_path_buf(),
            key,
            created,
            info,
        };
        let info_file = info_path(state_path);
        if let Err(e) = crate::atomic_write::write_atomic(&info_file, lock.info.to_json().as_bytes()) {
            return Err(LockError::Io {
                path: info_file,
                reason: e.reason(),
            });
        }
        Ok(lock)
    }

    /// Takes the lock again on the file now at the state's path. The state is written by
    /// replacing the file (a new file renamed into place), and an fcntl lock belongs to the
    /// old file: without this, a `terraform` starting after the write could lock the new one.
    pub fn renew(&mut self) -> Result<(), LockError> {
        let mut opts = OpenOptions::new();
        opts.read(true).write(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            opts.custom_flags(libc::O_NOFOLLOW);
        }
        let file = opts.open(&self.state_path).map_err(|e| LockError::Io {
            path: self.state_path.clone(),
            reason: e.to_string(),
        })?;
        #[cfg(unix)]
        if let Err(e) = rustix::fs::fcntl_lock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
            let text = std::io::Error::from(e).to_string();
            return Err(LockError::Held {
                reason: text.split(" (os error").next().unwrap_or(&text).to_lowercase(),
                info: None,
            });
        }
        // Closing the old descriptor drops only the old file's lock.
        self.file = Some(file);
        self.created = false;
        Ok(())
    }

    /// The state file's bytes (at most `cap`), read through the lock's own descriptor:
    /// opening the file again and closing that descriptor would drop the lock, since an
    /// fcntl lock belongs to the process and goes with any descriptor of the file it closes.
    pub fn read(&self, cap: u64) -> std::io::Result<Vec<u8>> {
        use std::io::{Read, Seek, SeekFrom};
        let Some(mut file) = self.file.as_ref() else {
            return Ok(Vec::new());
        };
        file.seek(SeekFrom::Start(0))?;
        let mut bytes = Vec::new();
        file.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > cap {
            return Err(std::io::Error::other(format!("larger than {cap} bytes")));
        }
        Ok(bytes)
    }

    /// The state file this lock guards.
    pub fn state_path(&self) -> &Path {
        &self.state_path
    }

    /// Releases the lock: removes the info file, unlocks, and removes the state file if the
    /// lock created it and nothing was written to it.
    pub fn release(mut self) {
        self.unlock();
    }

    fn unlock(&mut self) {
        let Some(file) = self.file.take() else { return };
        let _ = fs::remove_file(info_path(&self.state_path));
        #[cfg(unix)]
        let _ = rustix::fs::fcntl_lock(&file, rustix::fs::FlockOperation::NonBlockingUnlock);
        drop(file);
        held().remove(&self.key);
        if self.created && fs::symlink_metadata(&self.state_path).is_ok_and(|m| m.is_file() && m.len() == 0) {
            let _ = fs::remove_file(&self.state_path);
        }
    }
}

impl Drop for StateLock {
    fn drop(&mut self) {
        self.unlock();
    }
}

/// Now, as the lock info's `Created` (Go's RFC 3339 with nanoseconds, trailing zeros
/// dropped, UTC).
pub fn now_rfc3339() -> String {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, dd) = civil_from_days(days);
    let nanos = format!("{:09}", d.subsec_nanos());
    let nanos = nanos.trim_end_matches('0');
    let frac = if nanos.is_empty() { String::new() } else { format!(".{nanos}") };
    format!(
        "{y:04}-{m:02}-{dd:02}T{:02}:{:02}:{:02}{frac}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 → (year, month, day), Howard Hinnant's algorithm.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_print_as_go_prints_them() {
        assert_eq!(go_time_string("2000-01-01T00:00:00.000000000Z"), "2000-01-01 00:00:00 +0000 UTC");
        assert_eq!(go_time_string("2000-01-01T00:00:00.5Z"), "2000-01-01 00:00:00.5 +0000 UTC");
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn info_file_sits_beside_the_state() {
        assert_eq!(
            info_path(Path::new("a/terraform.tfstate")),
            Path::new("a/.terraform.tfstate.lock.info")
        );
    }
}
