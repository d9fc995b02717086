//! The state lock as the commands take it (Terraform's clistate.Locker): `-lock=false` takes
//! none, `-lock-timeout=DURATION` retries while another holder's lock info can be read (after
//! 1 s, then doubling up to 16 s, until the time is up), "Acquiring state lock. This may take
//! a few moments..." once the wait passes 400 ms, and "Error acquiring the state lock" with the
//! holder's lock info when it is not taken. The lock is released when the returned value is
//! dropped (or when the store holding it ends).

use std::path::Path;
use std::time::{Duration, Instant};

use super::args::{FlagError, Parsed};
use super::diagnostic::Report;
use super::run::{Context, Outcome};
use super::workdir::Workdir;
use crate::lang::Diag;
use crate::workflow::model::State;
use crate::workflow::state::lock::{LockError, LockInfo, StateLock, now_rfc3339};
use crate::workflow::state::store::StateStore;

/// How long a wait for the lock lasts before Terraform says it is waiting.
const SLOW: Duration = Duration::from_millis(400);
/// The longest pause between two tries.
const MAX_DELAY: Duration = Duration::from_secs(16);

/// The lock options of a command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LockOptions {
    /// `-lock` (on unless `-lock=false`).
    pub enabled: bool,
    /// `-lock-timeout` (zero: one try).
    pub timeout: Duration,
}

impl LockOptions {
    /// The options as given, or Go's flag refusal for a duration it cannot read.
    pub fn from_args(opts: &Parsed) -> Result<LockOptions, FlagError> {
        let enabled = opts
            .value("lock")
            .is_none_or(|v| matches!(v, "true" | "1" | "t" | "T" | "TRUE" | "True"));
        let timeout = match opts.value("lock-timeout") {
            None => Duration::ZERO,
            Some(text) => super::go_values::parse_duration(text)
                .ok_or_else(|| FlagError(format!("invalid value {text:?} for flag -lock-timeout: parse error")))?,
        };
        Ok(LockOptions { enabled, timeout })
    }

    /// Locking on, one try (the commands without lock options).
    pub fn default_on() -> LockOptions {
        LockOptions {
            enabled: true,
            timeout: Duration::ZERO,
        }
    }
}

/// Who takes a lock: `user@host`, as Go's os/user and os.Hostname give them.
fn who() -> String {
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("LOGNAME"))
        .unwrap_or_else(|_| "root".into());
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|_| "localhost".into());
    format!("{user}@{host}")
}

/// A lock id: a random UUID (the holder's own business; no run depends on it).
fn lock_id() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // Without the system's randomness, the time and the process still tell locks apart.
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        bytes = (t ^ (u128::from(std::process::id()) << 64)).to_le_bytes();
    }
    let h: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
}

/// The diagnostic of a lock not taken.
pub fn lock_report(e: &LockError) -> Report {
    let d = e.diagnostic();
    Report::error(Diag::new(d.summary, d.detail))
}

/// Takes the lock of the state file at `state_path` for `operation` (`OperationTypeApply`,
/// `state-rm`, ...), as the options say; `None` with `-lock=false`. The waiting message goes
/// to `o`'s standard output; the error is the diagnostic to print (exit 1).
pub fn take(
    ctx: &Context,
    o: &mut Outcome,
    state_path: &Path,
    operation: &str,
    lock: LockOptions,
) -> Result<Option<StateLock>, Box<Report>> {
    if !lock.enabled {
        return Ok(None);
    }
    // The path as the holder names it: relative to the working folder when inside it.
    let shown = state_path.strip_prefix(&ctx.dir).unwrap_or(state_path);
    let info = LockInfo {
        id: lock_id(),
        operation: operation.to_string(),
        info: String::new(),
        who: who(),
        version: crate::workflow::state::write::release_text(ctx.version),
        created: now_rfc3339(),
        path: shown.display().to_string(),
    };
    let start = Instant::now();
    let deadline = start + lock.timeout;
    let mut delay = Duration::from_secs(1);
    let mut said = false;
    loop {
        let err = match StateLock::acquire(state_path, info.clone()) {
            Ok(l) => return Ok(Some(l)),
            Err(e) => e,
        };
        // Only a lock whose holder is known is waited for (statemgr.LockWithContext).
        let known = matches!(&err, LockError::Held { info: Some(i), .. } if !i.id.is_empty());
        let now = Instant::now();
        if !known || now >= deadline {
            return Err(Box::new(lock_report(&err)));
        }
        let pause = delay.min(deadline - now);
        if !said && now + pause - start > SLOW {
            o.out("Acquiring state lock. This may take a few moments...\n");
            said = true;
        }
        std::thread::sleep(pause);
        delay = (delay * 2).min(MAX_DELAY);
    }
}

/// Takes the lock of the working folder's state (as [`take`] does), then reads the state;
/// the store holds the lock until it ends, renewing it after each write.
pub fn open_locked(
    ctx: &Context,
    wd: &Workdir,
    o: &mut Outcome,
    operation: &str,
    lock: LockOptions,
) -> Result<(StateStore, State), Vec<Report>> {
    let held = take(ctx, o, &wd.state_path, operation, lock).map_err(|r| vec![*r])?;
    let store = open_store(&wd.state_path, held, ctx).map_err(|e| vec![*e])?;
    let state = store.state().cloned().unwrap_or_default();
    Ok((store, state))
}

/// The store of the state file at `path`, read through `held` when a lock was taken (a
/// second descriptor of the file, once closed, would drop the lock).
pub fn open_store(path: &Path, held: Option<StateLock>, ctx: &Context) -> Result<StateStore, Box<Report>> {
    match held {
        Some(l) => StateStore::open_locked(l, ctx.version),
        None => StateStore::open(path, ctx.version),
    }
    .map_err(|e| Box::new(Report::error(super::workdir::store_diag(&e))))
}

/// The lock's refusal as the older commands print it (`import`, `state`, `taint`,
/// `console`: through the message printer, red).
pub fn refused_legacy(mut o: Outcome, report: Report) -> Outcome {
    o.report_legacy(&[report], &Default::default());
    o.code = 1;
    o
}
