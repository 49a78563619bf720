//! Signals the game reacts to, as flags the key reader looks at. A handler
//! only sets a flag; the game acts on it at its next key wait or between
//! two turns, where its state is whole (the original's `auto_save()` ran
//! inside the handler, in the middle of whatever the game was doing).

use std::sync::atomic::{AtomicBool, Ordering};

static HANGUP: AtomicBool = AtomicBool::new(false);
static INTERRUPT: AtomicBool = AtomicBool::new(false);
static RESIZED: AtomicBool = AtomicBool::new(false);

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

/// Take a pending window size change (SIGWINCH).
pub fn take_resize() -> bool {
    RESIZED.swap(false, Ordering::Relaxed)
}

extern "C" fn on_resize(_sig: libc::c_int) {
    RESIZED.store(true, Ordering::Relaxed);
}

extern "C" fn on_hangup(_sig: libc::c_int) {
    note_hangup();
}

extern "C" fn on_interrupt(_sig: libc::c_int) {
    INTERRUPT.store(true, Ordering::Relaxed);
}

/// Catch SIGHUP and SIGTERM (save and exit), SIGINT (ask to quit) and
/// SIGWINCH (the window changed size), without restarting the read a
/// signal interrupts, so that a key wait sees it at once. With SIGWINCH
/// caught here ncurses leaves it alone (it catches only signals left at
/// their default), so it never shrinks the game's windows to a smaller
/// terminal; the key reader deals with the new size.
// DEVIATION: the C's default build dies of SIGHUP and SIGTERM and loses the game; here they save it; test: terminal::terminal_hangup_saves_and_restores
pub fn install() {
    for (sig, handler) in [
        (libc::SIGHUP, on_hangup as extern "C" fn(libc::c_int)),
        (libc::SIGTERM, on_hangup),
        (libc::SIGINT, on_interrupt),
        (libc::SIGWINCH, on_resize),
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
    // DEVIATION: the C dies of SIGXFSZ when a write passes the file size limit (a server's ulimit -f); here the write fails with EFBIG and the game ends as it would; test: logfile::a_log_over_the_file_size_limit_costs_only_its_line
    // SAFETY: setting a signal's action to SIG_IGN takes no pointer.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// End the process by `sig` at its default action, as a C program whose
/// handler was reset with `signal(sig, SIG_DFL)` dies of it: the parent
/// sees a death by the signal (WIFSIGNALED), not an exit status. Returns
/// only if that action does not end the process.
pub fn die_of(sig: i32) {
    // SAFETY: a zeroed sigaction (SIG_DFL, no flags) and a zeroed sigset
    // are valid; every call gets valid pointers; raise on a signal at its
    // default action runs no code of ours.
    unsafe {
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = libc::SIG_DFL;
        libc::sigemptyset(&mut sa.sa_mask);
        libc::sigaction(sig, &sa, std::ptr::null_mut());
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, sig);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(sig);
    }
}
