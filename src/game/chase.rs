//! chase.c: monsters chasing the hero (or what they want), where things are,
//! and who can see whom.

use crate::game::consts::*;
use crate::game::data::monster_info;
use crate::game::io::step_ok;
use crate::game::sticks::BoltFrom;
use crate::game::thing::{Coord, Dest, MonId, RoomRef};
use crate::game::{Flow, Game};

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
    pub fn roomin(&mut self, cp: Coord) -> Flow<Option<RoomRef>> {
        if let Some(r) = self.room_at(cp) {
            return Ok(Some(r));
        }
        self.msg(format!("in some bizarre place ({}, {})", cp.y, cp.x))?;
        if self.cfg.master {
            // The wizard build aborts here.
            return Err(crate::game::ending::Ending::Signal(6));
        }
        Ok(None)
    }

    /// `roomin` without its message: which room a spot is in, if any.
    pub fn room_at(&self, cp: Coord) -> Option<RoomRef> {
        let fp = self.flat(cp.y, cp.x);
        if fp & F_PASS != 0 {
            return Some(RoomRef::Passage(usize::from(fp & F_PNUM)));
        }
        // The test takes in one more row and column than the room has, as
        // the original's does. The first room that holds the spot, found
        // from all nine tests at once (which room holds it is a guess for
        // a branch predictor).
        let holds = |rp: &crate::game::thing::Room| {
            (cp.x <= rp.r_pos.x + rp.r_max.x)
                & (rp.r_pos.x <= cp.x)
                & (cp.y <= rp.r_pos.y + rp.r_max.y)
                & (rp.r_pos.y <= cp.y)
        };
        let found = self.dungeon.rooms.iter().enumerate().fold(0u32, |set, (i, rp)| set | u32::from(holds(rp)) << i);
        (found != 0).then(|| RoomRef::Room(found.trailing_zeros() as usize))
    }

    /// `see_monst`: can the hero see this monster?
    pub fn see_monst(&self, mp: MonId) -> bool {
        if self.hero.player.on(ISBLIND) {
            return false;
        }
        let tp = &self.dungeon.mons[mp];
        if tp.on(ISINVIS) && !self.hero.player.on(CANSEE) {
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
    pub fn cansee(&mut self, y: i32, x: i32) -> Flow<bool> {
        if self.hero.player.on(ISBLIND) {
            return Ok(false);
        }
        let hero = self.hero();
        if dist(y, x, hero.y, hero.x) < LAMPDIST {
            if self.flat(y, x) & F_PASS != 0
                && y != hero.y
                && x != hero.x
                && !step_ok(self.chat(y, hero.x))
                && !step_ok(self.chat(hero.y, x))
            {
                return Ok(false);
            }
            return Ok(true);
        }
        // Far away: only in the hero's own room, when it is lit.
        let rer = self.roomin(Coord::new(y, x))?;
        Ok(rer.is_some() && rer == self.proom() && rer.is_some_and(|r| self.room(r).r_flags & ISDARK == 0))
    }

    /// `runto`: set the monster at a spot running after its destination.
    pub fn runto(&mut self, runner: Coord) -> Flow {
        // DEVIATION: the C dereferences the empty spot's monster; the port starts nothing; test: deviations::runto_an_empty_spot_does_nothing
        // The C dereferences whatever is there (after a message in the
        // wizard build); with no monster there is nothing to start.
        let Some(tp) = self.moat(runner.y, runner.x) else {
            if self.cfg.master {
                self.msg(format!("couldn't find monster in runto at ({},{})", runner.y, runner.x))?;
            }
            return Ok(());
        };
        let t = &mut self.dungeon.mons[tp];
        t.t_flags |= ISRUN;
        t.t_flags &= !ISHELD;
        let dest = self.find_dest(tp)?;
        self.dungeon.mons[tp].t_dest = Some(dest);
        Ok(())
    }

    /// `find_dest`: where a monster should run: an object it wants in its
    /// room that no other monster is after, else the hero.
    pub fn find_dest(&mut self, tp: MonId) -> Flow<Dest> {
        let prob = monster_info(self.dungeon.mons[tp].t_type).carry;
        if prob <= 0 || self.dungeon.mons[tp].t_room == self.proom() || self.see_monst(tp) {
            return Ok(Dest::Hero);
        }
        // As in the C, the loop variable is reused: once an object turns out
        // to be taken, the rooms compared are those of the monster that took
        // it.
        let mut cur = tp;
        for obj in self.dungeon.lvl_obj.clone() {
            let o = &self.dungeon.objs[obj];
            if o.o_type == i32::from(SCROLL) && o.o_which == S_SCARE {
                continue;
            }
            let opos = o.o_pos;
            if self.roomin(opos)? == self.dungeon.mons[cur].t_room && self.rng.rnd(100) < prob {
                let taken = self
                    .dungeon
                    .mlist
                    .iter()
                    .copied()
                    .find(|&m| self.dungeon.mons[m].t_dest.is_some_and(|d| d.is_object(obj)));
                match taken {
                    None => return Ok(Dest::Object(obj.addr())),
                    Some(m) => cur = m,
                }
            }
        }
        Ok(Dest::Hero)
    }

    /// `runners`: every running monster moves.
    pub fn runners(&mut self) -> Flow {
        // The list may change under the loop (monsters die, or steal and
        // vanish): like the C, which keeps the next pointer before moving
        // a monster, go by a copy and skip the ones that are gone.
        // (The copy reuses a buffer kept for it: this runs every turn.)
        let mut list = std::mem::take(&mut self.statics.runners_buf);
        list.clear();
        list.extend_from_slice(&self.dungeon.mlist);
        let moved = self.runners_of(&list);
        self.statics.runners_buf = list;
        moved?;
        if self.cmd.has_hit {
            self.endmsg()?;
            self.cmd.has_hit = false;
        }
        Ok(())
    }

    /// The moves of `runners` for the monsters listed.
    fn runners_of(&mut self, list: &[MonId]) -> Flow {
        for &tp in list {
            if !self.dungeon.mons.contains(tp) {
                continue;
            }
            if !self.dungeon.mons[tp].on(ISHELD) && self.dungeon.mons[tp].on(ISRUN) {
                let orig_pos = self.dungeon.mons[tp].t_pos;
                let wastarget = self.dungeon.mons[tp].on(ISTARGET);
                if self.move_monst(tp)? == -1 {
                    continue;
                }
                if !self.dungeon.mons.contains(tp) {
                    continue;
                }
                if self.dungeon.mons[tp].on(ISFLY) && dist_cp(self.hero(), self.dungeon.mons[tp].t_pos) >= 3 {
                    self.move_monst(tp)?;
                    if !self.dungeon.mons.contains(tp) {
                        continue;
                    }
                }
                if wastarget && orig_pos != self.dungeon.mons[tp].t_pos {
                    self.dungeon.mons[tp].t_flags &= !ISTARGET;
                    self.cmd.to_death = false;
                }
            }
        }
        Ok(())
    }

    /// `move_monst`: one turn of running for a monster (two when hasted,
    /// one in two when slowed). -1 when the monster is gone.
    pub fn move_monst(&mut self, tp: MonId) -> Flow<i32> {
        if (!self.dungeon.mons[tp].on(ISSLOW) || self.dungeon.mons[tp].t_turn) && self.do_chase(tp)? == -1 {
            return Ok(-1);
        }
        if !self.dungeon.mons.contains(tp) {
            return Ok(-1);
        }
        if self.dungeon.mons[tp].on(ISHASTE) && self.do_chase(tp)? == -1 {
            return Ok(-1);
        }
        if !self.dungeon.mons.contains(tp) {
            return Ok(-1);
        }
        self.dungeon.mons[tp].t_turn ^= true;
        Ok(0)
    }

    /// `relocate`: move a monster to a new spot, updating the map, its
    /// room, and where it is going.
    pub fn relocate(&mut self, th: MonId, new_loc: Coord) -> Flow {
        if new_loc != self.dungeon.mons[th].t_pos {
            let (pos, oldch) = (self.dungeon.mons[th].t_pos, self.dungeon.mons[th].t_oldch);
            self.rt.scr.mvaddch(pos.y, pos.x, oldch.into());
            let room = self.roomin(new_loc)?;
            self.dungeon.mons[th].t_room = room;
            self.set_oldch(th, new_loc);
            let oroom = self.dungeon.mons[th].t_room;
            self.set_moat(pos.y, pos.x, None);
            // (`oroom` was just set from the new room: the test is always
            // false, as in the C.)
            if oroom != self.dungeon.mons[th].t_room {
                let d = self.find_dest(th)?;
                self.dungeon.mons[th].t_dest = Some(d);
            }
            self.dungeon.mons[th].t_pos = new_loc;
            self.set_moat(new_loc.y, new_loc.x, Some(th));
        }
        self.rt.scr.move_to(new_loc.y, new_loc.x);
        if self.see_monst(th) {
            let d = self.dungeon.mons[th].t_disguise;
            self.rt.scr.addch(d.into());
        } else if self.hero.player.on(SEEMONST) {
            let t = self.dungeon.mons[th].t_type;
            self.rt.scr.standout();
            self.rt.scr.addch(t.into());
            self.rt.scr.standend();
        }
        Ok(())
    }

    /// `do_chase`: one step of a monster toward where it is going: to the
    /// door nearest its goal when the goal is in another room; a dragon
    /// may breathe instead. -1 when the monster is gone.
    pub fn do_chase(&mut self, th: MonId) -> Flow<i32> {
        // Where the chaser and the chasee are.
        let t = &self.dungeon.mons[th];
        let (mut rer, tpos, greedy) = (t.t_room, t.t_pos, t.on(ISGREED));
        let mut dest = t.t_dest.unwrap_or(Dest::Hero);
        if greedy && rer.is_some_and(|r| self.room(r).r_goldval == 0) {
            // The gold has been taken: run after the hero.
            self.dungeon.mons[th].t_dest = Some(Dest::Hero);
            dest = Dest::Hero;
        }
        let ree = if dest == Dest::Hero { self.proom() } else { self.roomin(self.dest_pos(dest))? };
        // Doors are not inside rooms here.
        let mut door = self.chat(tpos.y, tpos.x) == DOOR;
        let mut mindist = 32767;
        let mut this = self.statics.chase_this;
        // (Nothing moves before the step is chosen.)
        let goal = self.dest_pos(dest);
        loop {
            if rer != ree {
                // The goal is elsewhere: head for the nearest exit.
                if let Some(r) = rer {
                    for &cp in self.room(r).exits() {
                        let curdist = dist_cp(goal, cp);
                        if curdist < mindist {
                            this = cp;
                            mindist = curdist;
                        }
                    }
                }
                if door {
                    rer = Some(RoomRef::Passage(usize::from(self.flat(tpos.y, tpos.x) & F_PNUM)));
                    door = false;
                    continue;
                }
            } else {
                this = goal;
                // A dragon in line with the hero, within a bolt's reach
                // but not next to her, may breathe.
                let t = &self.dungeon.mons[th];
                let hero = self.hero();
                if t.t_type == b'D'
                    && (t.t_pos.y == hero.y
                        || t.t_pos.x == hero.x
                        || (t.t_pos.y - hero.y).abs() == (t.t_pos.x - hero.x).abs())
                    && dist_cp(t.t_pos, hero) <= BOLT_LENGTH * BOLT_LENGTH
                    && !t.on(ISCANC)
                    && self.rng.rnd(DRAGONSHOT) == 0
                {
                    self.cmd.delta.y = (hero.y - t.t_pos.y).signum();
                    self.cmd.delta.x = (hero.x - t.t_pos.x).signum();
                    if self.cmd.has_hit {
                        self.endmsg()?;
                    }
                    self.statics.chase_this = this;
                    let mut dir = self.cmd.delta;
                    self.fire_bolt(BoltFrom::Monster(th), &mut dir, "flame")?;
                    self.cmd.delta = dir;
                    self.cmd.running = false;
                    self.cmd.count = 0;
                    self.hero.quiet = 0;
                    if self.cmd.to_death && self.dungeon.mons.get(th).is_some_and(|t| !t.on(ISTARGET)) {
                        self.cmd.to_death = false;
                        self.cmd.kamikaze = false;
                    }
                    return Ok(0);
                }
            }
            break;
        }
        self.statics.chase_this = this;
        // Run to it; at it, fight it or stop.
        let mut stoprun = false;
        if !self.chase(th, this) {
            if this == self.hero() {
                return self.attack(th);
            } else if this == self.dest_pos(dest) {
                for obj in self.dungeon.lvl_obj.clone() {
                    if dest.is_object(obj) {
                        crate::game::list::detach(&mut self.dungeon.lvl_obj, obj);
                        crate::game::list::attach(&mut self.dungeon.mons[th].t_pack, obj);
                        let opos = self.dungeon.objs[obj].o_pos;
                        let gone = self.dungeon.mons[th].t_room.is_some_and(|r| self.room(r).r_flags & ISGONE != 0);
                        self.set_chat(opos.y, opos.x, if gone { PASSAGE } else { FLOOR });
                        let d = self.find_dest(th)?;
                        self.dungeon.mons[th].t_dest = Some(d);
                        break;
                    }
                }
                if self.dungeon.mons[th].t_type != b'F' {
                    stoprun = true;
                }
            }
        } else if self.dungeon.mons[th].t_type == b'F' {
            return Ok(0);
        }
        let to = self.statics.ch_ret;
        self.relocate(th, to)?;
        // Stop running when it has arrived.
        let dest = self.dungeon.mons[th].t_dest.unwrap_or(Dest::Hero);
        if stoprun && self.dungeon.mons[th].t_pos == self.dest_pos(dest) {
            self.dungeon.mons[th].t_flags &= !ISRUN;
        }
        Ok(0)
    }

    /// `set_oldch`: what a monster moving to a spot hides there.
    pub fn set_oldch(&mut self, tp: MonId, cp: Coord) {
        if self.dungeon.mons[tp].t_pos == cp {
            return;
        }
        let sch = self.dungeon.mons[tp].t_oldch;
        let oldch = self.mvinch_ch(cp.y, cp.x);
        self.dungeon.mons[tp].t_oldch = oldch;
        if !self.hero.player.on(ISBLIND) {
            let dark = self.dungeon.mons[tp].t_room.is_some_and(|r| self.room(r).r_flags & ISDARK != 0);
            if (sch == FLOOR || oldch == FLOOR) && dark {
                self.dungeon.mons[tp].t_oldch = b' ';
            } else if dist_cp(cp, self.hero()) <= LAMPDIST && self.opts.see_floor {
                self.dungeon.mons[tp].t_oldch = self.chat(cp.y, cp.x);
            }
        }
    }

    /// `chase`: the spot next to the chaser that takes it closest to `ee`
    /// (a random one when confused, for bats and now and then phantoms),
    /// into `ch_ret`. `false` when it has got there.
    pub fn chase(&mut self, tp: MonId, ee: Coord) -> bool {
        let t = &self.dungeon.mons[tp];
        let (er, ttype, confused) = (t.t_pos, t.t_type, t.on(ISHUH));
        let curdist;
        if (confused && self.rng.rnd(5) != 0)
            || (ttype == b'P' && self.rng.rnd(5) == 0)
            || (ttype == b'B' && self.rng.rnd(2) == 0)
        {
            // A valid random move.
            self.statics.ch_ret = self.rndmove(Some(tp));
            curdist = dist_cp(self.statics.ch_ret, ee);
            // A small chance that it becomes unconfused.
            if self.rng.rnd(20) == 0 {
                self.dungeon.mons[tp].t_flags &= !ISHUH;
            }
        } else {
            // The empty spot next to the chaser closest to the chasee; if
            // there is none, it stays.
            let mut cd = dist_cp(er, ee);
            self.statics.ch_ret = er;
            let mut plcnt = 1;
            let ey = (er.y + 1).min(NUMLINES - 2);
            let ex = (er.x + 1).min(NUMCOLS - 1);
            for x in er.x - 1..=ex {
                if x < 0 {
                    continue;
                }
                for y in er.y - 1..=ey {
                    let tryp = Coord::new(y, x);
                    if !diag_ok_at(self, er, tryp) {
                        continue;
                    }
                    // winat(), with the monster there looked up once.
                    let i = Game::index(y, x);
                    let p = self.dungeon.places[i];
                    let mon = self.dungeon.moat.addr(i).and_then(|a| self.dungeon.mons.live_at(a));
                    let ch = mon.map_or(p.p_ch, |t| t.t_disguise);
                    if !step_ok(ch) {
                        continue;
                    }
                    // A scroll might be scare monster.
                    if ch == SCROLL {
                        let scare = self
                            .dungeon
                            .lvl_obj
                            .iter()
                            .find(|&&o| self.dungeon.objs[o].o_pos == tryp)
                            .is_some_and(|&o| self.dungeon.objs[o].o_which == S_SCARE);
                        if scare {
                            continue;
                        }
                    }
                    // Nor step on a xeroc.
                    if mon.is_some_and(|t| t.t_type == b'X') {
                        continue;
                    }
                    let thisdist = dist(y, x, ee.y, ee.x);
                    if thisdist < cd {
                        plcnt = 1;
                        self.statics.ch_ret = tryp;
                        cd = thisdist;
                    } else if thisdist == cd {
                        plcnt += 1;
                        if self.rng.rnd(plcnt) == 0 {
                            self.statics.ch_ret = tryp;
                            cd = thisdist;
                        }
                    }
                }
            }
            curdist = cd;
        }
        curdist != 0 && self.statics.ch_ret != self.hero()
    }

    /// `diag_ok`: is a step from `sp` to `ep` allowed (on the map, and not
    /// cutting a corner)?
    pub fn diag_ok(&self, sp: Coord, ep: Coord) -> bool {
        diag_ok_at(self, sp, ep)
    }
}

/// One chance in DRAGONSHOT that a dragon breathes.
const DRAGONSHOT: i32 = 5;

/// `diag_ok` as a function of the map.
fn diag_ok_at(g: &Game, sp: Coord, ep: Coord) -> bool {
    if ep.x < 0 || ep.x >= NUMCOLS || ep.y <= 0 || ep.y >= NUMLINES - 1 {
        return false;
    }
    if ep.x == sp.x || ep.y == sp.y {
        return true;
    }
    step_ok(g.chat(ep.y, sp.x)) && step_ok(g.chat(sp.y, ep.x))
}
