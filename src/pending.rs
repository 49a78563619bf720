//! Functions waiting to move into modules another developer is editing
//! (set_mname → fight.rs, visuals → daemons.rs).

use crate::consts::*;
use crate::game::Game;

impl Game {
    /// `visuals` (daemons.c): while hallucinating, what the hero sees of
    /// objects, the stairs and monsters changes every turn.
    pub fn visuals(&mut self) {
        if !self.after || (self.running && self.jump) {
            return;
        }
        for obj in self.lvl_obj.clone() {
            let pos = self.objs[obj].o_pos;
            if self.cansee(pos.y, pos.x) {
                let ch = self.rnd_thing();
                self.scr.mvaddch(pos.y, pos.x, ch.into());
            }
        }
        let stairs = self.stairs;
        if !self.seenstairs && self.cansee(stairs.y, stairs.x) {
            let ch = self.rnd_thing();
            self.scr.mvaddch(stairs.y, stairs.x, ch.into());
        }
        let seemonst = self.player.on(SEEMONST);
        for tp in self.mlist.clone() {
            let (pos, mtype, disguise) = {
                let t = &self.mons[tp];
                (t.t_pos, t.t_type, t.t_disguise)
            };
            self.scr.move_to(pos.y, pos.x);
            if self.see_monst(tp) {
                let ch =
                    if mtype == b'X' && disguise != b'X' { self.rnd_thing() } else { self.rng.rnd(26) as u8 + b'A' };
                self.scr.addch(ch.into());
            } else if seemonst {
                self.scr.standout();
                let ch = self.rng.rnd(26) as u8 + b'A';
                self.scr.addch(ch.into());
                self.scr.standend();
            }
        }
    }
}
