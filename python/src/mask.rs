//! Action masks: which keys the game takes at its current wait.

use rogue::session::{Observation, Wait};

/// 1 in `out[i]` where the game takes `keys[i]` now, else 0.
pub fn fill(o: &Observation, keys: &[u8], out: &mut [i8]) {
    for (m, &k) in out.iter_mut().zip(keys) {
        *m = i8::from(takes(o, k));
    }
}

/// Whether the wait `o` shows takes key `k`.
pub fn takes(o: &Observation, k: u8) -> bool {
    match o.wait {
        // Over: the episode has ended and any key is ignored; a mask of
        // zeros would break the samplers that read it.
        Wait::Over => true,
        Wait::Line => matches!(k, 0x20..=0x7e | b'\r' | b'\n' | 0x1b | 0x7f),
        Wait::Command | Wait::Key => true,
    }
}
