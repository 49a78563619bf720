//! Action masks: which keys the game takes at its current wait, as the
//! game itself says it (`rogue::session::Observation::takes`).

use rogue::session::{Observation, Wait};

/// 1 in `out[i]` where the game takes `keys[i]` now, else 0.
pub fn fill(o: &Observation, keys: &[u8], out: &mut [i8]) {
    if o.wait == Wait::Over {
        // The episode has ended and every key is ignored; a mask of zeros
        // would break the samplers that read it.
        out.fill(1);
        return;
    }
    let mut any = false;
    for (m, &k) in out.iter_mut().zip(keys) {
        *m = i8::from(o.takes(k));
        any |= *m != 0;
    }
    if !any {
        // A wait none of the table's keys answers (a key typed only with
        // `step_key`): every action, rather than none.
        out.fill(1);
    }
}
