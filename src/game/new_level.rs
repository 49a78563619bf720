//! new_level.c: dig and draw a new level.

use crate::game::consts::*;
use crate::game::list::attach;
use crate::game::thing::{Object, Place, RoomRef};
use crate::game::{Flow, Game};

/// The map as `new_level` clears it.
static CLEARED: [Place; MAXLINES * MAXCOLS] = [Place::new(b' ', F_REAL); MAXLINES * MAXCOLS];

/// One chance in TREAS_ROOM of a treasure room.
const TREAS_ROOM: i32 = 20;
/// The most treasures in a treasure room.
const MAXTREAS: i32 = 10;
/// The fewest treasures in a treasure room.
const MINTREAS: i32 = 2;
/// Tries at placing a treasure room's monster.
const MAXTRIES: i32 = 10;

impl Game {
    /// `new_level`: dig and draw a new level, and put the hero on it.
    pub fn new_level(&mut self) -> Flow {
        self.hero.player.t_flags &= !ISHELD;
        if self.dungeon.level > self.dungeon.max_level {
            self.dungeon.max_level = self.dungeon.level;
        }
        // Clean things off from the last level.
        // One copy of a cleared map: a single large memcpy.
        self.dungeon.places.copy_from_slice(&CLEARED);
        self.dungeon.moat.clear();
        self.statics.pass_bits.clear();
        self.rt.scr.clear();
        self.free_monsters();
        let mut objs = std::mem::take(&mut self.dungeon.lvl_obj);
        for o in objs.drain(..) {
            self.discard_object(o);
        }
        // The emptied list keeps its room for this level's objects.
        if self.dungeon.lvl_obj.is_empty() {
            self.dungeon.lvl_obj = objs;
        }

        // Stages for the levels bench (`--stages`); the trace prints only
        // the oracle's four.
        self.rt.obs.stage("cleared", self.rng.seed());
        self.do_rooms()?;
        self.rt.obs.stage("do_rooms", self.rng.seed());
        self.do_passages()?;
        self.rt.obs.stage("do_passages", self.rng.seed());
        self.dungeon.no_food += 1;
        self.put_things()?;

        // Place the traps (never in mazes: the trap type lives where the
        // passage number would).
        if self.rng.rnd(10) < self.dungeon.level {
            self.dungeon.ntraps = (self.rng.rnd(self.dungeon.level / 4) + 1).min(MAXTRAPS);
            for _ in 0..self.dungeon.ntraps {
                // The staircase position is scratch space here, as in C.
                self.dungeon.stairs = loop {
                    let cp = self.find_floor(None, 0, false);
                    if self.chat(cp.y, cp.x) == FLOOR {
                        break cp;
                    }
                };
                let kind = self.rng.rnd(NTRAPS) as u8;
                let sp = self.flat_mut(self.dungeon.stairs.y, self.dungeon.stairs.x);
                *sp &= !F_REAL;
                *sp |= kind;
            }
        }
        // Place the staircase down.
        self.dungeon.stairs = self.find_floor(None, 0, false);
        self.set_chat(self.dungeon.stairs.y, self.dungeon.stairs.x, STAIRS);
        self.dungeon.seenstairs = false;

        for k in 0..self.dungeon.mlist.len() {
            let m = self.dungeon.mlist[k];
            let pos = self.dungeon.mons[m].t_pos;
            self.dungeon.mons[m].t_room = self.roomin(pos)?;
        }

        let hero = self.find_floor(None, 0, true);
        self.hero.player.t_pos = hero;
        self.rt.obs.stage("placed", self.rng.seed());
        self.enter_room(hero)?;
        self.rt.obs.stage("enter_room", self.rng.seed());
        self.rt.scr.mvaddch(hero.y, hero.x, PLAYER.into());
        if self.hero.player.on(SEEMONST) {
            self.turn_see(false);
        }
        if self.hero.player.on(ISHALU) {
            self.visuals()?;
        }
        Ok(())
    }

    /// `rnd_room`: a random room that is really there.
    pub fn rnd_room(&mut self) -> usize {
        loop {
            let rm = self.rng.rnd(MAXROOMS as i32) as usize;
            if self.dungeon.rooms[rm].r_flags & ISGONE == 0 {
                return rm;
            }
        }
    }

    /// `put_things`: the level's objects, maybe a treasure room, and deep
    /// enough the Amulet.
    fn put_things(&mut self) -> Flow {
        // Once the hero has the Amulet, new things come only from going
        // deeper than ever before.
        if self.dungeon.amulet && self.dungeon.level < self.dungeon.max_level {
            return Ok(());
        }
        if self.rng.rnd(TREAS_ROOM) == 0 {
            self.treas_room()?;
        }
        for _ in 0..MAXOBJ {
            if self.rng.rnd(100) < 36 {
                let obj = self.new_thing();
                attach(&mut self.dungeon.lvl_obj, obj);
                let pos = self.find_floor(None, 0, false);
                self.dungeon.objs[obj].o_pos = pos;
                let glyph = self.dungeon.objs[obj].glyph();
                self.set_chat(pos.y, pos.x, glyph);
            }
        }
        if self.dungeon.level >= AMULETLEVEL && !self.dungeon.amulet {
            // Made by hand, not by new_thing: its count stays 0.
            let obj = self.new_object_with(Object { o_type: i32::from(AMULET), ..Object::plain() });
            attach(&mut self.dungeon.lvl_obj, obj);
            let pos = self.find_floor(None, 0, false);
            self.dungeon.objs[obj].o_pos = pos;
            self.set_chat(pos.y, pos.x, AMULET);
        }
        Ok(())
    }

    /// `treas_room`: a room full of treasure, guarded by monsters of the
    /// next level down.
    fn treas_room(&mut self) -> Flow {
        let r = self.rnd_room();
        let rp = RoomRef::Room(r);
        let max = self.dungeon.rooms[r].r_max;
        let spots = ((max.y - 2) * (max.x - 2) - MINTREAS).min(MAXTREAS - MINTREAS);
        let num_monst = self.rng.rnd(spots) + MINTREAS;
        for _ in 0..num_monst {
            // Twenty tries; after a miss the treasure goes to the last spot
            // tried, whatever is there.
            let mp = self.find_floor(Some(rp), 2 * MAXTRIES, false);
            let tp = self.new_thing();
            self.dungeon.objs[tp].o_pos = mp;
            attach(&mut self.dungeon.lvl_obj, tp);
            let glyph = self.dungeon.objs[tp].glyph();
            self.set_chat(mp.y, mp.x, glyph);
        }

        // Fill up the room with monsters from the next level down.
        let mut nm = self.rng.rnd(spots) + MINTREAS;
        if nm < num_monst + 2 {
            nm = num_monst + 2;
        }
        let spots = (max.y - 2) * (max.x - 2);
        nm = nm.min(spots);
        self.dungeon.level += 1;
        for _ in 0..nm {
            let (mp, found) = self.find_floor_try(Some(rp), MAXTRIES, true);
            if found {
                let tp = self.new_creature();
                let mtype = self.randmonster(false);
                self.new_monster(tp, mtype, mp)?;
                // No sloughers in this room.
                self.dungeon.mons[tp].t_flags |= ISMEAN;
                self.give_pack(tp);
            }
        }
        self.dungeon.level -= 1;
        Ok(())
    }
}
