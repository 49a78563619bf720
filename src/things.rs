//! things.c: making objects.

use crate::consts::*;
use crate::data::A_CLASS;
use crate::game::{Game, ObjInfo};
use crate::thing::{ObjId, Object};

/// `pick_one`: an entry of a table by its running probabilities; the first
/// entry when the draw falls past them all.
pub fn pick_one_of(info: &[ObjInfo], draw: i32) -> usize {
    info.iter().position(|oi| draw < oi.oi_prob).unwrap_or(0)
}

impl Game {
    /// `pick_one` over a table (the caller passes the entries to pick from).
    fn pick_one(&mut self, table: fn(&Game) -> &[ObjInfo]) -> i32 {
        let i = self.rng.rnd(100);
        pick_one_of(table(self), i) as i32
    }

    /// `new_thing`: a new random object. After several levels without
    /// food, it is food.
    pub fn new_thing(&mut self) -> ObjId {
        let cur = self.objs.alloc(Object { o_count: 1, ..Object::plain() });
        let kind = if self.no_food > 3 { 2 } else { self.pick_one(|g| &g.things) };
        match kind {
            0 => {
                let which = self.pick_one(|g| &g.pot_info);
                let o = &mut self.objs[cur];
                o.o_type = i32::from(POTION);
                o.o_which = which;
            }
            1 => {
                let which = self.pick_one(|g| &g.scr_info);
                let o = &mut self.objs[cur];
                o.o_type = i32::from(SCROLL);
                o.o_which = which;
            }
            2 => {
                self.no_food = 0;
                let which = if self.rng.rnd(10) != 0 { 0 } else { 1 };
                let o = &mut self.objs[cur];
                o.o_type = i32::from(FOOD);
                o.o_which = which;
            }
            3 => {
                let which = self.pick_one(|g| &g.weap_info[..MAXWEAPONS]);
                self.init_weapon(cur, which);
                let r = self.rng.rnd(100);
                if r < 10 {
                    let n = self.rng.rnd(3) + 1;
                    let o = &mut self.objs[cur];
                    o.o_flags |= ISCURSED;
                    o.o_hplus -= n;
                } else if r < 15 {
                    let n = self.rng.rnd(3) + 1;
                    self.objs[cur].o_hplus += n;
                }
            }
            4 => {
                let which = self.pick_one(|g| &g.arm_info);
                {
                    let o = &mut self.objs[cur];
                    o.o_type = i32::from(ARMOR);
                    o.o_which = which;
                    o.o_arm = A_CLASS[which as usize];
                }
                let r = self.rng.rnd(100);
                if r < 20 {
                    let n = self.rng.rnd(3) + 1;
                    let o = &mut self.objs[cur];
                    o.o_flags |= ISCURSED;
                    o.o_arm += n;
                } else if r < 28 {
                    let n = self.rng.rnd(3) + 1;
                    self.objs[cur].o_arm -= n;
                }
            }
            5 => {
                let which = self.pick_one(|g| &g.ring_info);
                {
                    let o = &mut self.objs[cur];
                    o.o_type = i32::from(RING);
                    o.o_which = which;
                }
                match which {
                    R_ADDSTR | R_PROTECT | R_ADDHIT | R_ADDDAM => {
                        let arm = self.rng.rnd(3);
                        let o = &mut self.objs[cur];
                        o.o_arm = arm;
                        if arm == 0 {
                            o.o_arm = -1;
                            o.o_flags |= ISCURSED;
                        }
                    }
                    R_AGGR | R_TELEPORT => self.objs[cur].o_flags |= ISCURSED,
                    _ => {}
                }
            }
            _ => {
                let which = self.pick_one(|g| &g.ws_info);
                {
                    let o = &mut self.objs[cur];
                    o.o_type = i32::from(STICK);
                    o.o_which = which;
                }
                self.fix_stick(cur);
            }
        }
        cur
    }
}
