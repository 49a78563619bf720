//! pack.c: the hero's pack.

use crate::consts::*;
use crate::game::Game;
use crate::list::detach;
use crate::thing::{Dest, ObjId};

/// `ISMULT(type)`: kinds that stack one by one in the pack.
pub fn is_mult(o_type: i32) -> bool {
    o_type == i32::from(POTION) || o_type == i32::from(SCROLL) || o_type == i32::from(FOOD)
}

impl Game {
    /// The list work of `add_pack()`: put an object into the pack, merging
    /// it into a stack of the same kind where the original does, in the
    /// same place of the list. Returns the object that is now in the pack
    /// (the stack it joined), or `None` when there was no room.
    ///
    /// This is all of `add_pack(obj, TRUE)`; the pick-up message of a
    /// non-silent call is the caller's.
    pub fn add_to_pack(&mut self, obj: ObjId, from_floor: bool) -> Option<ObjId> {
        let mut obj = obj;
        if self.player.t_pack.is_empty() {
            self.player.t_pack.push(obj);
            self.objs[obj].o_packch = self.pack_char();
            self.inpack += 1;
        } else {
            let pack = self.player.t_pack.clone();
            let (otype, owhich, ogroup) = {
                let o = &self.objs[obj];
                (o.o_type, o.o_which, o.o_group)
            };
            let same = |g: &Game, i: usize| g.objs[pack[i]].o_type == otype;
            let same_which = |g: &Game, i: usize| same(g, i) && g.objs[pack[i]].o_which == owhich;
            // `lp`: the entry the new object goes after.
            let mut lp: Option<usize> = None;
            let mut merged = false;
            let mut i = 0;
            while i < pack.len() {
                if !same(self, i) {
                    lp = Some(i);
                    i += 1;
                    continue;
                }
                while same(self, i) && !same_which(self, i) {
                    lp = Some(i);
                    if i + 1 == pack.len() {
                        break;
                    }
                    i += 1;
                }
                if same_which(self, i) {
                    if is_mult(otype) {
                        if !self.pack_room(from_floor, obj) {
                            return None;
                        }
                        self.objs[pack[i]].o_count += 1;
                        merged = true;
                    } else if ogroup != 0 {
                        lp = Some(i);
                        while same_which(self, i) && self.objs[pack[i]].o_group != ogroup {
                            lp = Some(i);
                            if i + 1 == pack.len() {
                                break;
                            }
                            i += 1;
                        }
                        if same_which(self, i) && self.objs[pack[i]].o_group == ogroup {
                            let n = self.objs[obj].o_count;
                            self.objs[pack[i]].o_count += n;
                            self.inpack -= 1;
                            if !self.pack_room(from_floor, obj) {
                                return None;
                            }
                            merged = true;
                        }
                    } else {
                        lp = Some(i);
                    }
                }
                break;
            }
            if merged {
                self.discard_object(obj);
                obj = pack[i];
            } else if let Some(lp) = lp {
                if !self.pack_room(from_floor, obj) {
                    return None;
                }
                self.objs[obj].o_packch = self.pack_char();
                let at = self.player.t_pack.iter().position(|&o| o == pack[lp]).map_or(0, |p| p + 1);
                self.player.t_pack.insert(at, obj);
            }
        }
        self.objs[obj].o_flags |= O_ISFOUND;
        // A monster that wanted this object now wants the hero.
        for &m in &self.mlist {
            let tp = &mut self.mons[m];
            if tp.t_dest == Some(Dest::Object(obj)) {
                tp.t_dest = Some(Dest::Hero);
            }
        }
        if self.objs[obj].o_type == i32::from(AMULET) {
            self.amulet = true;
        }
        Some(obj)
    }

    /// `pack_room`: is there room in the pack? Says so when there is not;
    /// takes an object off the floor when there is.
    pub fn pack_room(&mut self, from_floor: bool, obj: ObjId) -> bool {
        self.inpack += 1;
        if self.inpack > MAXPACK {
            if !self.terse {
                self.addmsg("there's ");
            }
            self.addmsg("no room");
            if !self.terse {
                self.addmsg(" in your pack");
            }
            self.endmsg();
            self.inpack = MAXPACK;
            return false;
        }
        if from_floor {
            detach(&mut self.lvl_obj, obj);
            let hero = self.hero();
            let fc = self.floor_ch();
            self.scr.mvaddch(hero.y, hero.x, fc.into());
            let gone = self.proom().is_some_and(|r| self.room(r).r_flags & ISGONE != 0);
            self.set_chat(hero.y, hero.x, if gone { PASSAGE } else { FLOOR });
        }
        true
    }

    /// `pack_char`: the first unused pack letter, now taken.
    pub fn pack_char(&mut self) -> u8 {
        // The C scans without a bound; with 26 letters and a pack of at most
        // 23 things, one is always free.
        let i = self.pack_used.iter().position(|&u| !u).unwrap_or(25);
        self.pack_used[i] = true;
        b'a' + i as u8
    }

    /// `floor_ch`: the floor character of the hero's room.
    pub fn floor_ch(&self) -> u8 {
        let Some(r) = self.proom() else { return FLOOR };
        if self.room(r).r_flags & ISGONE != 0 {
            return PASSAGE;
        }
        if self.show_floor() { FLOOR } else { b' ' }
    }

    /// `floor_at`: the character at the hero's feet, with see_floor.
    pub fn floor_at(&self) -> u8 {
        let hero = self.hero();
        let ch = self.chat(hero.y, hero.x);
        if ch == FLOOR { self.floor_ch() } else { ch }
    }

    /// `show_floor` (misc.c): should the floor of the hero's room show?
    pub fn show_floor(&self) -> bool {
        let Some(r) = self.proom() else { return true };
        if self.room(r).r_flags & (ISGONE | ISDARK) == ISDARK && !self.player.on(ISBLIND) {
            self.see_floor
        } else {
            true
        }
    }
}
