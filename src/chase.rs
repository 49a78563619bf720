//! chase.c: where things are and who can see whom (the chasing itself comes
//! with the command loop).

use crate::consts::*;
use crate::data::monster_info;
use crate::game::Game;
use crate::thing::{Coord, Dest, MonId, RoomRef};

/// `dist`: the square of the distance between two points.
pub fn dist(y1: i32, x1: i32, y2: i32, x2: i32) -> i32 {
    (x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)
}

/// `dist_cp`: `dist` of two coordinates.
pub fn dist_cp(c1: Coord, c2: Coord) -> i32 {
    dist(c1.y, c1.x, c2.y, c2.x)
}

impl Game {
    /// `roomin`: the room (or passage) a spot is in. A spot in no room at
    /// all is "some bizarre place", said in a message, and `None`.
    pub fn roomin(&mut self, cp: Coord) -> Option<RoomRef> {
        if let Some(r) = self.room_at(cp) {
            return Some(r);
        }
        self.msg(&format!("in some bizarre place ({}, {})", cp.y, cp.x));
        None
    }

    /// `roomin` without its message: which room a spot is in, if any.
    pub fn room_at(&self, cp: Coord) -> Option<RoomRef> {
        let fp = self.flat(cp.y, cp.x);
        if fp & F_PASS != 0 {
            return Some(RoomRef::Passage(usize::from(fp & F_PNUM)));
        }
        // The test takes in one more row and column than the room has, as
        // the original's does.
        self.rooms
            .iter()
            .position(|rp| {
                cp.x <= rp.r_pos.x + rp.r_max.x
                    && rp.r_pos.x <= cp.x
                    && cp.y <= rp.r_pos.y + rp.r_max.y
                    && rp.r_pos.y <= cp.y
            })
            .map(RoomRef::Room)
    }

    /// `see_monst`: can the hero see this monster?
    pub fn see_monst(&self, mp: MonId) -> bool {
        if self.player.on(ISBLIND) {
            return false;
        }
        let tp = &self.mons[mp];
        if tp.on(ISINVIS) && !self.player.on(CANSEE) {
            return false;
        }
        let (y, x) = (tp.t_pos.y, tp.t_pos.x);
        let hero = self.hero();
        if dist(y, x, hero.y, hero.x) < LAMPDIST {
            // Diagonally next to the hero around a corner: out of sight.
            let around_corner =
                y != hero.y && x != hero.x && !step_ok(self.chat(y, hero.x)) && !step_ok(self.chat(hero.y, x));
            return !around_corner;
        }
        if tp.t_room != self.proom() {
            return false;
        }
        tp.t_room.is_some_and(|r| self.room(r).r_flags & ISDARK == 0)
    }

    /// `cansee`: can the hero see this spot?
    pub fn cansee(&mut self, y: i32, x: i32) -> bool {
        if self.player.on(ISBLIND) {
            return false;
        }
        let hero = self.hero();
        if dist(y, x, hero.y, hero.x) < LAMPDIST {
            if self.flat(y, x) & F_PASS != 0
                && y != hero.y
                && x != hero.x
                && !step_ok(self.chat(y, hero.x))
                && !step_ok(self.chat(hero.y, x))
            {
                return false;
            }
            return true;
        }
        // Far away: only in the hero's own room, when it is lit.
        let rer = self.roomin(Coord::new(y, x));
        rer.is_some() && rer == self.proom() && rer.is_some_and(|r| self.room(r).r_flags & ISDARK == 0)
    }

    /// `runto`: set the monster at a spot running after its destination.
    pub fn runto(&mut self, runner: Coord) {
        // The C dereferences whatever is there; with no monster there is
        // nothing to start.
        let Some(tp) = self.moat(runner.y, runner.x) else { return };
        let t = &mut self.mons[tp];
        t.t_flags |= ISRUN;
        t.t_flags &= !ISHELD;
        let dest = self.find_dest(tp);
        self.mons[tp].t_dest = Some(dest);
    }

    /// `find_dest`: where a monster should run: an object it wants in its
    /// room that no other monster is after, else the hero.
    pub fn find_dest(&mut self, tp: MonId) -> Dest {
        let prob = monster_info(self.mons[tp].t_type).carry;
        if prob <= 0 || self.mons[tp].t_room == self.proom() || self.see_monst(tp) {
            return Dest::Hero;
        }
        // As in the C, the loop variable is reused: once an object turns out
        // to be taken, the rooms compared are those of the monster that took
        // it.
        let mut cur = tp;
        for obj in self.lvl_obj.clone() {
            let o = &self.objs[obj];
            if o.o_type == i32::from(SCROLL) && o.o_which == S_SCARE {
                continue;
            }
            let opos = o.o_pos;
            if self.roomin(opos) == self.mons[cur].t_room && self.rng.rnd(100) < prob {
                let taken = self.mlist.iter().copied().find(|&m| self.mons[m].t_dest == Some(Dest::Object(obj)));
                match taken {
                    None => return Dest::Object(obj),
                    Some(m) => cur = m,
                }
            }
        }
        Dest::Hero
    }
}

/// `step_ok` (io.c): can one step on this character?
pub fn step_ok(ch: u8) -> bool {
    match ch {
        b' ' | b'|' | b'-' => false,
        _ => !ch.is_ascii_alphabetic(),
    }
}
