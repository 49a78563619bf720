//! potions.c: (so far) showing and hiding the monsters a potion of
//! monster detection reveals.

use crate::consts::*;
use crate::game::Game;

impl Game {
    /// `turn_see`: show the monsters (standing out where the hero could
    /// not see them), or put back what was under the unseen ones. Returns
    /// whether any unseen monster was shown.
    pub fn turn_see(&mut self, turn_off: bool) -> bool {
        let mut add_new = false;
        for mp in self.mlist.clone() {
            let (pos, oldch, mtype) = {
                let t = &self.mons[mp];
                (t.t_pos, t.t_oldch, t.t_type)
            };
            self.scr.move_to(pos.y, pos.x);
            let can_see = self.see_monst(mp);
            if turn_off {
                if !can_see {
                    self.scr.addch(oldch.into());
                }
            } else {
                if !can_see {
                    self.scr.standout();
                }
                let ch = if !self.player.on(ISHALU) { mtype } else { self.rng.rnd(26) as u8 + b'A' };
                self.scr.addch(ch.into());
                if !can_see {
                    self.scr.standend();
                    add_new = true;
                }
            }
        }
        if turn_off {
            self.player.t_flags &= !SEEMONST;
        } else {
            self.player.t_flags |= SEEMONST;
        }
        add_new
    }
}
