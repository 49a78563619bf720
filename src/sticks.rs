//! sticks.c: wands and staffs.

use crate::cbuf::CBuf;
use crate::consts::*;
use crate::game::Game;
use crate::thing::ObjId;

impl Game {
    /// `fix_stick`: a new stick's damage (a staff hits harder) and charges.
    pub fn fix_stick(&mut self, cur: ObjId) {
        let which = self.objs[cur].o_which;
        let staff = self.ws_type[which as usize] == "staff";
        let charges = if which == WS_LIGHT { self.rng.rnd(10) + 10 } else { self.rng.rnd(5) + 3 };
        let o = &mut self.objs[cur];
        o.o_damage = CBuf::strncpy(if staff { b"2x3" } else { b"1x1" });
        o.o_hurldmg = CBuf::strncpy(b"1x1");
        o.o_arm = charges;
    }
}
