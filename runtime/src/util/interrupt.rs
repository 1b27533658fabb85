//! Ctrl-C keeps what was measured. The first interrupt only sets a flag: the running trial
//! stops at its next duo or sample and is abandoned (a cut-short measurement is neither
//! reported nor saved), the trials after it are skipped, and the results of the trials
//! already done are written as usual before the run exits with status 130. A second
//! interrupt exits at once.
//!
//! `signal-hook` does this with two safe registrations (its `flag` module is built for
//! exactly this double-interrupt pattern); the alternative, `ctrlc`, runs a handler thread
//! and would leave the second interrupt to our own code.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// Exit status after an interrupt (128 + SIGINT), as shells report it.
pub const INTERRUPTED_EXIT: i32 = 130;

fn flag() -> &'static Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicBool::new(false)))
}

/// Installs the handlers for SIGINT (and SIGTERM, which a CI runner sends on cancel). Where
/// they cannot be installed, an interrupt stops the run the usual way, losing its results;
/// that is said on stderr.
pub fn install_interrupt_flag() {
    #[cfg(unix)]
    let signals = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];
    #[cfg(not(unix))]
    let signals = [signal_hook::consts::SIGINT];
    for signal in signals {
        // Registered first so that it runs first: with the flag already set (a second
        // interrupt) it exits; otherwise the next registration sets the flag.
        let installed = signal_hook::flag::register_conditional_shutdown(
            signal,
            INTERRUPTED_EXIT,
            Arc::clone(flag()),
        )
        .and_then(|_| signal_hook::flag::register(signal, Arc::clone(flag())));
        if let Err(e) = installed {
            eprintln!("warning: cannot catch interrupts ({e}); Ctrl-C will lose the results");
        }
    }
}

/// Whether the run was interrupted.
#[must_use]
pub fn interrupted() -> bool {
    flag().load(Ordering::Relaxed)
}
