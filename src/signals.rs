//! Signals the game reacts to, as flags the key reader looks at. The
//! handlers only set a flag; the game acts on it at its next key wait,
//! where its state is whole (the original's `auto_save()` ran inside the
//! handler, in the middle of whatever the game was doing).

use std::sync::atomic::{AtomicBool, Ordering};

static HANGUP: AtomicBool = AtomicBool::new(false);

/// A hangup or terminate signal arrived and the game has not saved yet.
pub fn hangup_pending() -> bool {
    HANGUP.load(Ordering::Relaxed)
}

/// Record a hangup (from a signal handler: only an atomic store).
pub fn note_hangup() {
    HANGUP.store(true, Ordering::Relaxed);
}
