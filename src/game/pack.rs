//! pack.c: the hero's pack: picking things up, choosing one, listing them,
//! and gold.

use crate::curses::model::{KeySet, PromptKind};
use crate::game::cfmt::cat;
use crate::game::cfmt::unctrl;
use crate::game::consts::*;
use crate::game::list::detach;
use crate::game::thing::{Dest, ObjId};
use crate::game::{Flow, Game};

/// `ISMULT(type)`: kinds that stack one by one in the pack.
pub fn is_mult(o_type: i32) -> bool {
    o_type == i32::from(POTION) || o_type == i32::from(SCROLL) || o_type == i32::from(FOOD)
}

impl Game {
    /// `add_pack`: put an object into the pack (the one at the hero's feet
    /// when `obj` is `None`), merging it into a stack of the same kind
    /// where the original does, and say so unless `silent`.
    pub fn add_pack(&mut self, obj: Option<ObjId>, silent: bool) -> Flow {
        let mut from_floor = false;
        let mut obj = match obj {
            Some(o) => o,
            None => {
                let hero = self.hero();
                let Some(o) = self.find_obj(hero.y, hero.x)? else { return Ok(()) };
                from_floor = true;
                o
            }
        };
        // Scare monster scrolls turn to dust once they have been seen.
        {
            let o = &self.dungeon.objs[obj];
            if o.o_type == i32::from(SCROLL) && o.o_which == S_SCARE && o.o_flags & O_ISFOUND != 0 {
                detach(&mut self.dungeon.lvl_obj, obj);
                let hero = self.hero();
                let fc = self.floor_ch();
                self.rt.scr.mvaddch(hero.y, hero.x, fc.into());
                let c = self.gone_floor();
                self.set_chat(hero.y, hero.x, c);
                self.discard_object(obj);
                self.msg("the scroll turns to dust as you pick it up")?;
                return Ok(());
            }
        }
        if self.hero.player.t_pack.is_empty() {
            // DEVIATION: the C makes the floor object the pack while still on the floor's list; the port takes it off the floor; test: deviations::picking_up_with_an_empty_pack_takes_it_off_the_floor
            // The C makes the floor object the pack without
            // taking it off the floor (its list links then drag the rest
            // of the level's objects into the pack). Only a hero who has
            // dropped everything meets this; the port takes it off the
            // floor the way every other pick-up does.
            if from_floor {
                self.pack_room(from_floor, obj)?;
                self.hero.inpack -= 1;
            }
            self.hero.player.t_pack.push(obj);
            self.dungeon.objs[obj].o_packch = self.pack_char();
            self.hero.inpack += 1;
        } else {
            let pack = self.hero.player.t_pack.clone();
            let (otype, owhich, ogroup) = {
                let o = &self.dungeon.objs[obj];
                (o.o_type, o.o_which, o.o_group)
            };
            let ty = |g: &Game, i: usize| g.dungeon.objs[pack[i]].o_type;
            let wh = |g: &Game, i: usize| g.dungeon.objs[pack[i]].o_which;
            let gr = |g: &Game, i: usize| g.dungeon.objs[pack[i]].o_group;
            // `lp`: the entry the new object goes after.
            let mut lp: Option<usize> = None;
            let mut merged_into: Option<usize> = None;
            let mut i = 0;
            while i < pack.len() {
                if ty(self, i) != otype {
                    lp = Some(i);
                    i += 1;
                    continue;
                }
                while ty(self, i) == otype && wh(self, i) != owhich {
                    lp = Some(i);
                    if i + 1 == pack.len() {
                        break;
                    }
                    i += 1;
                }
                if ty(self, i) == otype && wh(self, i) == owhich {
                    if is_mult(ty(self, i)) {
                        if !self.pack_room(from_floor, obj)? {
                            return Ok(());
                        }
                        self.dungeon.objs[pack[i]].o_count += 1;
                        merged_into = Some(i);
                    } else if ogroup != 0 {
                        lp = Some(i);
                        while ty(self, i) == otype && wh(self, i) == owhich && gr(self, i) != ogroup {
                            lp = Some(i);
                            if i + 1 == pack.len() {
                                break;
                            }
                            i += 1;
                        }
                        if ty(self, i) == otype && wh(self, i) == owhich && gr(self, i) == ogroup {
                            let n = self.dungeon.objs[obj].o_count;
                            self.dungeon.objs[pack[i]].o_count += n;
                            self.hero.inpack -= 1;
                            if !self.pack_room(from_floor, obj)? {
                                return Ok(());
                            }
                            merged_into = Some(i);
                        }
                    } else {
                        lp = Some(i);
                    }
                }
                break;
            }
            if let Some(i) = merged_into {
                self.discard_object(obj);
                obj = pack[i];
            } else if let Some(lp) = lp {
                if !self.pack_room(from_floor, obj)? {
                    return Ok(());
                }
                self.dungeon.objs[obj].o_packch = self.pack_char();
                let after = pack[lp];
                let at = self.hero.player.t_pack.iter().position(|&o| o == after).map_or(0, |p| p + 1);
                self.hero.player.t_pack.insert(at, obj);
            }
        }
        self.dungeon.objs[obj].o_flags |= O_ISFOUND;
        // A monster that wanted this object now wants the hero.
        for &m in &self.dungeon.mlist {
            let tp = &mut self.dungeon.mons[m];
            if tp.t_dest.is_some_and(|d| d.is_object(obj)) {
                tp.t_dest = Some(Dest::Hero);
            }
        }
        if self.dungeon.objs[obj].o_type == i32::from(AMULET) {
            self.dungeon.amulet = true;
        }
        if !silent {
            if !self.opts.terse {
                self.addmsg("you now have ")?;
            }
            let name = self.inv_name(obj, !self.opts.terse)?;
            let ch = self.dungeon.objs[obj].o_packch;
            self.msg(cat!(name, b" (", [ch], b")"))?;
        }
        Ok(())
    }

    /// `add_pack(obj, TRUE)` for a new game's pack: nothing is on the
    /// floor and the pack has room, so nothing is said and nothing waits.
    pub fn add_pack_silent(&mut self, obj: ObjId) {
        // Cannot end the game: no message is shown, no key is read.
        let _ = self.add_pack(Some(obj), true);
    }

    /// The floor a spot of the hero's room is once its object is gone.
    fn gone_floor(&self) -> u8 {
        if self.proom().is_some_and(|r| self.room(r).r_flags & ISGONE != 0) { PASSAGE } else { FLOOR }
    }

    /// `pack_room`: is there room in the pack? Says so when there is not;
    /// takes an object off the floor when there is.
    pub fn pack_room(&mut self, from_floor: bool, obj: ObjId) -> Flow<bool> {
        self.hero.inpack += 1;
        if self.hero.inpack > MAXPACK {
            if !self.opts.terse {
                self.addmsg("there's ")?;
            }
            self.addmsg("no room")?;
            if !self.opts.terse {
                self.addmsg(" in your pack")?;
            }
            self.endmsg()?;
            if from_floor {
                self.move_msg(Some(obj))?;
            }
            self.hero.inpack = MAXPACK;
            return Ok(false);
        }
        if from_floor {
            detach(&mut self.dungeon.lvl_obj, obj);
            let hero = self.hero();
            let fc = self.floor_ch();
            self.rt.scr.mvaddch(hero.y, hero.x, fc.into());
            let c = self.gone_floor();
            self.set_chat(hero.y, hero.x, c);
        }
        Ok(true)
    }

    /// `leave_pack`: take an object out of the pack: one of a stack (a new
    /// object when `newobj`), or all of it.
    pub fn leave_pack(&mut self, obj: ObjId, newobj: bool, all: bool) -> Flow<ObjId> {
        self.hero.inpack -= 1;
        let mut nobj = obj;
        if self.dungeon.objs[obj].o_count > 1 && !all {
            self.cmd.last_pick = Some(obj);
            self.dungeon.objs[obj].o_count -= 1;
            if self.dungeon.objs[obj].o_group != 0 {
                self.hero.inpack += 1;
            }
            if newobj {
                // A copy of the whole object (in C its label pointer is
                // shared by the two).
                let mut copy = self.dungeon.objs[obj].clone();
                copy.o_count = 1;
                nobj = self.new_object_with(copy);
            }
        } else {
            self.cmd.last_pick = None;
            let ch = self.dungeon.objs[obj].o_packch;
            if let Some(u) = ch.checked_sub(b'a').and_then(|i| self.hero.pack_used.get_mut(usize::from(i))) {
                *u = false;
            }
            detach(&mut self.hero.player.t_pack, obj);
        }
        Ok(nobj)
    }

    /// `pack_char`: the first unused pack letter, now taken.
    pub fn pack_char(&mut self) -> u8 {
        // The C scans without a bound; with 26 letters and a pack of at most
        // 23 things, one is always free.
        let i = self.hero.pack_used.iter().position(|&u| !u).unwrap_or(25);
        self.hero.pack_used[i] = true;
        b'a' + i as u8
    }

    /// `inventory`: list the things of a type in a list (the pack, or the
    /// level's objects for the wizard). `true` when something was listed.
    pub fn inventory(&mut self, list: fn(&Game) -> &[ObjId], kind: i32) -> Flow<bool> {
        self.cmd.n_objs = 0;
        // Read in place, a thing at a time (showing the list changes no
        // list), rather than copied first.
        let mut k = 0;
        while let Some(&item) = list(self).get(k) {
            k += 1;
            let ot = self.dungeon.objs[item].o_type;
            if kind != 0
                && kind != ot
                && !(kind == CALLABLE && ot != i32::from(FOOD) && ot != i32::from(AMULET))
                && !(kind == R_OR_S && (ot == i32::from(RING) || ot == i32::from(STICK)))
            {
                continue;
            }
            self.cmd.n_objs += 1;
            let packch = self.dungeon.objs[item].o_packch;
            self.inv_name_in_prbuf(item, false)?;
            let name = self.opts.prbuf.as_bytes();
            // The line on the stack: "x) " and the name (prbuf is what
            // add_line may write next).
            let mut line = [0u8; 2 * MAXSTR + 3];
            let lead = if packch == 0 && self.cfg.master { 0 } else { 3 };
            line[..3].copy_from_slice(&[packch, b')', b' ']);
            line[lead..lead + name.len()].copy_from_slice(name);
            let line = &line[..lead + name.len()];
            self.opts.msg_esc = true;
            if self.add_line(Some(line))? {
                self.opts.msg_esc = false;
                self.msg("")?;
                return Ok(true);
            }
            self.opts.msg_esc = false;
        }
        if self.cmd.n_objs == 0 {
            let text = match (self.opts.terse, kind == 0) {
                (true, true) => "empty handed",
                (true, false) => "nothing appropriate",
                (false, true) => "you are empty handed",
                (false, false) => "you don't have anything appropriate",
            };
            self.msg(text)?;
            return Ok(false);
        }
        self.end_line()?;
        Ok(true)
    }

    /// `pick_up`: the hero picks up what she stepped on (or just moves
    /// onto it with `m`).
    pub fn pick_up(&mut self, ch: u8) -> Flow {
        if self.hero.player.on(ISLEVIT) {
            return Ok(());
        }
        let hero = self.hero();
        let obj = self.find_obj(hero.y, hero.x)?;
        if self.cmd.move_on {
            return self.move_msg(obj);
        }
        if ch == GOLD {
            let Some(obj) = obj else { return Ok(()) };
            let value = self.dungeon.objs[obj].o_arm;
            self.money(value)?;
            detach(&mut self.dungeon.lvl_obj, obj);
            self.discard_object(obj);
            if let Some(r) = self.proom() {
                self.room_mut(r).r_goldval = 0;
            }
            return Ok(());
        }
        if self.cfg.master
            && self.cmd.wizard != 0
            && !matches!(ch, ARMOR | POTION | FOOD | WEAPON | SCROLL | AMULET | RING | STICK)
        {
            self.msg(cat!(b"Where did you pick a '", unctrl(ch), b"' up???"))?;
        }
        self.add_pack(None, false)
    }

    /// `move_msg`: moving onto an object without taking it.
    pub fn move_msg(&mut self, obj: Option<ObjId>) -> Flow {
        if !self.opts.terse {
            self.addmsg("you ")?;
        }
        // The C names whatever find_obj found; there is always an object
        // where this is called.
        let name = match obj {
            Some(o) => self.inv_name(o, true)?,
            None => Vec::new(),
        };
        self.msg(cat!(b"moved onto ", name))?;
        Ok(())
    }

    /// `picky_inven`: show one thing of the pack.
    pub fn picky_inven(&mut self) -> Flow {
        let pack = self.hero.player.t_pack.clone();
        if pack.is_empty() {
            self.msg("you aren't carrying anything")?;
        } else if pack.len() == 1 {
            let name = self.inv_name(pack[0], false)?;
            self.msg(cat!(b"a) ", name))?;
        } else {
            self.msg(if self.opts.terse { "item: " } else { "which item do you wish to inventory: " })?;
            self.cmd.mpos = 0;
            let keys = pack.iter().fold(KeySet::of(b"\x1b"), |k, &o| k.with(self.dungeon.objs[o].o_packch));
            self.ask(PromptKind::Item, keys);
            let mch = self.readchar()?;
            if mch == ESCAPE {
                self.msg("")?;
                return Ok(());
            }
            for &obj in &pack {
                if self.dungeon.objs[obj].o_packch == mch {
                    let name = self.inv_name(obj, false)?;
                    self.msg(cat!([mch], b") ", name))?;
                    return Ok(());
                }
            }
            self.msg(cat!(b"'", unctrl(mch), b"' not in pack"))?;
        }
        Ok(())
    }

    /// `get_item`: ask which thing of the pack to use for a purpose (`*`
    /// lists the fitting ones). `None` when there is none or the player
    /// escaped.
    pub fn get_item(&mut self, purpose: &[u8], kind: i32) -> Flow<Option<ObjId>> {
        if self.hero.player.t_pack.is_empty() {
            self.msg("you aren't carrying anything")?;
        } else if self.cmd.again {
            // The object the last command used, if it is still there.
            match self.cmd.last_pick.filter(|&o| self.dungeon.objs.contains(o)) {
                Some(o) => return Ok(Some(o)),
                None => {
                    self.msg("you ran out")?;
                }
            }
        } else {
            loop {
                if !self.opts.terse {
                    self.addmsg("which object do you want to ")?;
                }
                self.addmsg(purpose)?;
                if self.opts.terse {
                    self.addmsg(" what")?;
                }
                self.msg("? (* for list): ")?;
                let keys = self.item_keys(purpose, kind);
                self.ask(PromptKind::Item, keys);
                let ch = self.readchar()?;
                self.cmd.mpos = 0;
                // Give the poor player a chance to abort the command.
                if ch == ESCAPE {
                    self.reset_last();
                    self.cmd.after = false;
                    self.msg("")?;
                    return Ok(None);
                }
                // The normal case: one key names the thing.
                self.cmd.n_objs = 1;
                if ch == b'*' {
                    self.cmd.mpos = 0;
                    if !self.inventory(|g| &g.hero.player.t_pack, kind)? {
                        self.cmd.after = false;
                        return Ok(None);
                    }
                    continue;
                }
                match self.hero.player.t_pack.iter().copied().find(|&o| self.dungeon.objs[o].o_packch == ch) {
                    None => {
                        self.msg(cat!(b"'", unctrl(ch), b"' is not a valid item"))?;
                    }
                    Some(o) => return Ok(Some(o)),
                }
            }
        }
        Ok(None)
    }

    /// `money`: gold into (or out of) the purse.
    pub fn money(&mut self, value: i32) -> Flow {
        self.hero.purse += value;
        let hero = self.hero();
        let fc = self.floor_ch();
        self.rt.scr.mvaddch(hero.y, hero.x, fc.into());
        let c = self.gone_floor();
        self.set_chat(hero.y, hero.x, c);
        if value > 0 {
            if !self.opts.terse {
                self.addmsg("you found ")?;
            }
            self.msg(format!("{value} gold pieces"))?;
        }
        Ok(())
    }

    /// `floor_ch`: the floor character of the hero's room.
    pub fn floor_ch(&self) -> u8 {
        if self.proom().is_some_and(|r| self.room(r).r_flags & ISGONE != 0) {
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

    /// `reset_last`: forget an aborted command.
    pub fn reset_last(&mut self) {
        self.cmd.last_comm = self.cmd.l_last_comm;
        self.cmd.last_dir = self.cmd.l_last_dir;
        self.cmd.last_pick = self.cmd.l_last_pick;
    }
}
