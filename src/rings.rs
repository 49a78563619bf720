//! rings.c: what worn rings cost.

use crate::consts::R_DIGEST;
use crate::game::Game;

/// Food a ring of each kind eats per turn (`uses[]`, by `o_which`). A
/// negative entry -n means "1 when rnd(n) is 0, else 0".
const USES: [i32; 14] = [
    1,  // R_PROTECT
    1,  // R_ADDSTR
    1,  // R_SUSTSTR
    -3, // R_SEARCH
    -5, // R_SEEINVIS
    0,  // R_NOP
    0,  // R_AGGR
    -3, // R_ADDHIT
    -3, // R_ADDDAM
    2,  // R_REGEN
    -2, // R_DIGEST
    0,  // R_TELEPORT
    1,  // R_STEALTH
    1,  // R_SUSTARM
];

impl Game {
    /// `ring_eat`: how much food the ring on `hand` eats this turn (0 with
    /// no ring). Slow digestion gives food back instead: its cost is negated.
    pub fn ring_eat(&mut self, hand: usize) -> i32 {
        let Some(ring) = self.cur_ring.get(hand).copied().flatten() else {
            return 0;
        };
        let which = self.objs[ring].o_which;
        // The C indexes its table with any o_which; no ring has a kind
        // outside it, and a bad one (an edited save) costs nothing here.
        let mut eat = usize::try_from(which).ok().and_then(|w| USES.get(w)).copied().unwrap_or(0);
        if eat < 0 {
            eat = i32::from(self.rng.rnd(-eat) == 0);
        }
        if which == R_DIGEST {
            eat = -eat;
        }
        eat
    }
}
