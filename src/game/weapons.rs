//! weapons.c: weapons: making them, wielding them, and throwing them.

use crate::game::cbuf::CBuf;
use crate::game::cfmt::cat;
use crate::game::consts::*;
use crate::game::data::{AFTER_WEAP_INFO, INIT_DAM};
use crate::game::io::step_ok;
use crate::game::list::attach;
use crate::game::thing::{Coord, ObjId, Object, Weap};
use crate::game::{Flow, Game, ObjInfo};

/// `weap_info[which].oi_name` as the C's `%s` prints it, for a kind of any
/// class: a weapon's name; for the nameless FLAME row, the last bolt's name
/// or, before any, glibc's "(null)"; past the table, what its default
/// build's memory holds there (`AFTER_WEAP_INFO`). No object has a
/// larger kind (a save's kinds are checked, and the wizard's
/// `create_obj` makes none past its type's table).
pub(crate) fn weap_name(weap_info: &[ObjInfo], which: i32) -> &'static str {
    let Ok(k) = usize::try_from(which) else { return "" };
    match weap_info.get(k) {
        Some(info) => info.oi_name.unwrap_or("(null)"),
        None => AFTER_WEAP_INFO.get(k - weap_info.len()).and_then(|i| i.name).unwrap_or(""),
    }
}

/// `num`: the plusses of armor ("+1") or a weapon ("+1,-2"), as a
/// `Display` to format in place.
pub struct Num(pub i32, pub i32, pub u8);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Num(n1, n2, kind) = *self;
        if n1 < 0 {
            write!(f, "{n1}")?
        } else {
            write!(f, "+{n1}")?
        }
        if kind == WEAPON {
            if n2 < 0 { write!(f, ",{n2}")? } else { write!(f, ",+{n2}")? }
        }
        Ok(())
    }
}

impl Game {
    /// The object a [`Weap`] names.
    pub fn weap(&self, w: Weap) -> &Object {
        match w {
            Weap::Item(o) => &self.dungeon.objs[o],
            Weap::ZapBolt => &self.statics.zap_bolt,
            Weap::FireBolt => &self.statics.fire_bolt,
        }
    }

    pub fn weap_mut(&mut self, w: Weap) -> &mut Object {
        match w {
            Weap::Item(o) => &mut self.dungeon.objs[o],
            Weap::ZapBolt => &mut self.statics.zap_bolt,
            Weap::FireBolt => &mut self.statics.fire_bolt,
        }
    }

    /// `missile`: throw something in a direction.
    pub fn missile(&mut self, ydelta: i32, xdelta: i32) -> Flow {
        let Some(obj) = self.get_item(b"throw", i32::from(WEAPON))? else { return Ok(()) };
        if !self.dropcheck(Some(obj))? || self.is_current(Some(obj))? {
            return Ok(());
        }
        let obj = self.leave_pack(obj, true, false)?;
        self.do_motion(Weap::Item(obj), ydelta, xdelta)?;
        // It hit something: a wall or door, or a monster it may miss; then
        // it falls to the floor.
        let pos = self.dungeon.objs[obj].o_pos;
        if self.moat(pos.y, pos.x).is_none() || !self.hit_monster(pos.y, pos.x, Weap::Item(obj))? {
            self.fall(obj, true)?;
        }
        Ok(())
    }

    /// `do_motion`: move a thrown thing across the screen until it hits
    /// something.
    pub fn do_motion(&mut self, w: Weap, ydelta: i32, xdelta: i32) -> Flow {
        let hero = self.hero();
        self.weap_mut(w).o_pos = hero;
        loop {
            // Erase it where it was.
            let pos = self.weap(w).o_pos;
            if pos != hero && self.cansee(pos.y, pos.x)? && !self.opts.terse {
                let mut ch = self.chat(pos.y, pos.x);
                if ch == FLOOR && !self.show_floor() {
                    ch = b' ';
                }
                self.rt.scr.mvaddch(pos.y, pos.x, ch.into());
            }
            // Its next spot.
            let np = Coord::new(pos.y + ydelta, pos.x + xdelta);
            self.weap_mut(w).o_pos = np;
            let ch = self.winat_safe(np.y, np.x);
            if step_ok(ch) && ch != DOOR {
                // It has not hit anything yet: show it there.
                if self.cansee(np.y, np.x)? && !self.opts.terse {
                    let glyph = self.weap(w).glyph();
                    self.rt.scr.mvaddch(np.y, np.x, glyph.into());
                    self.rt.scr.refresh();
                }
                continue;
            }
            return Ok(());
        }
    }

    /// `fall`: drop an object somewhere around its spot; with no room for
    /// it there, it vanishes.
    pub fn fall(&mut self, obj: ObjId, pr: bool) -> Flow {
        let pos = self.dungeon.objs[obj].o_pos;
        if let Some(fpos) = self.fallpos(pos) {
            let glyph = self.dungeon.objs[obj].glyph();
            self.set_chat(fpos.y, fpos.x, glyph);
            self.dungeon.objs[obj].o_pos = fpos;
            if self.cansee(fpos.y, fpos.x)? {
                match self.moat(fpos.y, fpos.x) {
                    Some(m) => self.dungeon.mons[m].t_oldch = glyph,
                    None => {
                        self.rt.scr.mvaddch(fpos.y, fpos.x, glyph.into());
                    }
                }
            }
            attach(&mut self.dungeon.lvl_obj, obj);
            return Ok(());
        }
        if pr {
            if self.cmd.has_hit {
                self.endmsg()?;
                self.cmd.has_hit = false;
            }
            // Whatever the object is, the C names it from weap_info.
            let name = weap_name(&self.known.weap_info, self.dungeon.objs[obj].o_which);
            self.msg(format!("the {name} vanishes as it hits the ground"))?;
        }
        self.discard_object(obj);
        Ok(())
    }

    /// `init_weapon`: set up a new weapon of a kind.
    pub fn init_weapon(&mut self, weap: ObjId, which: i32) {
        let iwp = &INIT_DAM[which as usize];
        let o = &mut self.dungeon.objs[weap];
        o.o_type = i32::from(WEAPON);
        o.o_which = which;
        o.o_damage = CBuf::strncpy(iwp.dam.as_bytes());
        o.o_hurldmg = CBuf::strncpy(iwp.hrl.as_bytes());
        o.o_launch = i32::from(iwp.launch);
        o.o_flags = iwp.flags;
        o.o_hplus = 0;
        o.o_dplus = 0;
        let count = if which == DAGGER {
            Some(self.rng.rnd(4) + 2)
        } else if iwp.flags & ISMANY != 0 {
            Some(self.rng.rnd(8) + 8)
        } else {
            None
        };
        let group = match count {
            Some(_) => {
                self.dungeon.group += 1;
                self.dungeon.group - 1
            }
            None => 0,
        };
        let o = &mut self.dungeon.objs[weap];
        o.o_count = count.unwrap_or(1);
        o.o_group = group;
    }

    /// `hit_monster`: does a missile hit the monster at a spot?
    pub fn hit_monster(&mut self, y: i32, x: i32, w: Weap) -> Flow<bool> {
        self.fight(Coord::new(y, x), Some(w), true)
    }

    /// `wield`: take a weapon in hand.
    pub fn wield(&mut self) -> Flow {
        let oweapon = self.hero.cur_weapon;
        if !self.dropcheck(self.hero.cur_weapon)? {
            self.hero.cur_weapon = oweapon;
            return Ok(());
        }
        self.hero.cur_weapon = oweapon;
        let Some(obj) = self.get_item(b"wield", i32::from(WEAPON))? else {
            self.cmd.after = false;
            return Ok(());
        };
        if self.dungeon.objs[obj].o_type == i32::from(ARMOR) {
            self.msg("you can't wield armor")?;
            self.cmd.after = false;
            return Ok(());
        }
        if self.is_current(Some(obj))? {
            self.cmd.after = false;
            return Ok(());
        }
        let sp = self.inv_name(obj, true)?;
        self.hero.cur_weapon = Some(obj);
        if !self.opts.terse {
            self.addmsg("you are now ")?;
        }
        let ch = self.dungeon.objs[obj].o_packch;
        self.msg(cat!(b"wielding ", sp, b" (", [ch], b")"))?;
        Ok(())
    }

    /// `fallpos`: a random floor or passage spot around a spot (not the
    /// hero's), or `None` when there is none.
    pub fn fallpos(&mut self, pos: Coord) -> Option<Coord> {
        let hero = self.hero();
        let mut cnt = 0;
        let mut newpos = None;
        for y in pos.y - 1..=pos.y + 1 {
            for x in pos.x - 1..=pos.x + 1 {
                if y == hero.y && x == hero.x {
                    continue;
                }
                let ch = self.chat_safe(y, x);
                if ch == FLOOR || ch == PASSAGE {
                    cnt += 1;
                    if self.rng.rnd(cnt) == 0 {
                        newpos = Some(Coord::new(y, x));
                    }
                }
            }
        }
        newpos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::data::{SCR_INFO, WEAP_INFO};

    fn table() -> Vec<ObjInfo> {
        WEAP_INFO.iter().map(ObjInfo::from).collect()
    }

    #[test]
    fn a_weapon_kind_is_the_weapons_name() {
        let t = table();
        let names: Vec<_> = (0..MAXWEAPONS as i32).map(|k| weap_name(&t, k)).collect();
        assert_eq!(
            names,
            ["mace", "long sword", "short bow", "arrow", "dagger", "two handed sword", "dart", "shuriken", "spear"]
        );
    }

    #[test]
    fn kind_9_is_null_until_a_bolt_names_it() {
        let mut t = table();
        assert_eq!(weap_name(&t, FLAME), "(null)", "glibc's %s of NULL");
        t[FLAME as usize].oi_name = Some("flame");
        assert_eq!(weap_name(&t, FLAME), "flame", "fire_bolt leaves its name in the row");
    }

    #[test]
    fn kinds_past_the_table_read_the_scroll_names_after_it() {
        let t = table();
        for k in 10..MAXSCROLLS {
            assert_eq!(Some(weap_name(&t, k as i32)), SCR_INFO[k - 10].name, "kind {k}");
        }
        assert_eq!(weap_name(&t, 14), "enchant armor", "golden g_rgm_30");
    }

    #[test]
    fn kinds_no_object_can_have_name_nothing() {
        let t = table();
        assert_eq!(weap_name(&t, (MAXWEAPONS + 1 + MAXSCROLLS) as i32), "");
        assert_eq!(weap_name(&t, -1), "");
    }
}
