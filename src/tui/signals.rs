//! Signals while the TUI holds the terminal. SIGTERM and SIGHUP would otherwise kill the
//! process in raw mode on the alternate screen, leaving the shell unusable: they only set a
//! flag here, the event loop (which wakes at least every quarter second) sees it, leaves, and
//! the terminal is restored before the process exits with 128 + the signal. Ctrl-Z arrives as
//! a key in raw mode (the terminal does not stop us), so `suspend` gives the terminal back and
//! stops the process itself.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use signal_hook::SigId;

/// The signal received (0: none).
fn received_flag() -> &'static Arc<AtomicUsize> {
    static FLAG: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicUsize::new(0)))
}

/// The signals watched while the terminal is held, until dropped (then their default actions
/// are back).
pub struct Watch {
    ids: Vec<SigId>,
}

impl Watch {
    /// Starts watching SIGTERM and SIGHUP; a signal that cannot be watched keeps its default.
    pub fn start() -> Watch {
        let mut ids = Vec::new();
        for sig in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
            let value = usize::try_from(sig).unwrap_or(0);
            if let Ok(id) = signal_hook::flag::register_usize(sig, Arc::clone(received_flag()), value) {
                ids.push(id);
            }
        }
        Watch { ids }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// The terminating signal received while the terminal was held, if any.
pub fn received() -> Option<i32> {
    match received_flag().load(Ordering::SeqCst) {
        0 => None,
        n => i32::try_from(n).ok(),
    }
}

/// The exit code for a run the signal `sig` ended: 128 + the signal, as shells report it.
pub fn exit_code(sig: i32) -> i32 {
    128 + sig
}

/// Stops the process as the terminal's Ctrl-Z would (SIGTSTP with its default action); returns
/// when it is continued (`fg`). The caller gives the terminal back first and takes it again after.
pub fn stop_self() {
    let _ = signal_hook::low_level::raise(signal_hook::consts::SIGTSTP);
}
