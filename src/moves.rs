//! move.c: the hero's movement (so far, what entering a room does).

use crate::consts::*;
use crate::game::Game;
use crate::thing::RoomRef;

impl Game {
    /// `door_open`: wake the monsters of a room the hero comes into; a
    /// xeroc disguised as an object is not seen as a monster.
    pub fn door_open(&mut self, r: RoomRef) {
        let rp = *self.room(r);
        if rp.r_flags & ISGONE != 0 {
            return;
        }
        for y in rp.r_pos.y..rp.r_pos.y + rp.r_max.y {
            for x in rp.r_pos.x..rp.r_pos.x + rp.r_max.x {
                if self.winat(y, x).is_ascii_uppercase() {
                    self.wake_monster(y, x);
                }
            }
        }
    }
}
