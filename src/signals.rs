//! Signals the game reacts to, as flags the key reader looks at. A handler
//! only sets a flag; the game acts on it at its next key wait, where its
//! state is whole (the original's `auto_save()` ran inside the handler, in
//! the middle of whatever the game was doing).

use std::sync::atomic::{AtomicBool, Ordering};

static HANGUP: AtomicBool = AtomicBool::new(false);
static INTERRUPT: AtomicBool = AtomicBool::new(false);

/// A hangup or terminate signal arrived and the game has not saved yet.
pub fn hangup_pending() -> bool {
    HANGUP.load(Ordering::Relaxed)
}

/// Record a hangup (from a signal handler: only an atomic store).
pub fn note_hangup() {
    HANGUP.store(true, Ordering::Relaxed);
}

/// Take a pending interrupt (SIGINT), which asks to quit like ^C.
pub fn take_interrupt() -> bool {
    INTERRUPT.swap(false, Ordering::Relaxed)
}

extern "C" fn on_hangup(_sig: libc::c_int) {
    note_hangup();
}

extern "C" fn on_interrupt(_sig: libc::c_int) {
    INTERRUPT.store(true, Ordering::Relaxed);
}

// DEVIATION: the default 5.4.4 build dies on SIGHUP/SIGTERM (auto_save is not installed) and saves inside the handler where it is; the port saves at the next key wait; test: terminal::terminal_hangup_saves_and_restores, terminal::terminal_terminate_during_shell_saves_at_once
/// Catch SIGHUP and SIGTERM (save and exit) and SIGINT (ask to quit),
/// without restarting the read a signal interrupts, so that a key wait
/// sees it at once.
pub fn install() {
    for (sig, handler) in [
        (libc::SIGHUP, on_hangup as extern "C" fn(libc::c_int)),
        (libc::SIGTERM, on_hangup),
        (libc::SIGINT, on_interrupt),
    ] {
        // SAFETY: a zeroed sigaction is valid; the handlers are
        // async-signal-safe (one atomic store each); sigemptyset and
        // sigaction get valid pointers.
        unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = handler as usize;
            libc::sigemptyset(&mut sa.sa_mask);
            sa.sa_flags = 0;
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
    }
}
