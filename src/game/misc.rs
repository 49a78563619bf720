//! misc.c: looking around, directions, eating, levels of experience, and
//! odds and ends shared by many files.

use crate::curses::Chtype;
use crate::curses::model::PromptKind;
use crate::game::consts::*;
use crate::game::daemon::AFTER;
use crate::game::io::step_ok;
use crate::game::thing::{Coord, DaemonFn, ObjId, RoomRef};
use crate::game::{Flow, Game, ObjInfo};

/// The things `rnd_thing` picks from; the amulet only at its depth.
const THING_LIST: [u8; 10] = [POTION, SCROLL, RING, STICK, FOOD, WEAPON, ARMOR, STAIRS, GOLD, AMULET];

/// Which table of object knowledge an operation is about (the C passes a
/// `struct obj_info *`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfoTable {
    Potion,
    Scroll,
    Ring,
    Stick,
}

impl Game {
    /// The table an [`InfoTable`] names.
    pub fn info_table(&mut self, t: InfoTable) -> &mut [ObjInfo] {
        let known = self.known_mut();
        match t {
            InfoTable::Potion => &mut known.pot_info,
            InfoTable::Scroll => &mut known.scr_info,
            InfoTable::Ring => &mut known.ring_info,
            InfoTable::Stick => &mut known.ws_info,
        }
    }

    /// `CCHAR(mvinch(y, x))`: the character on the screen at a spot (the
    /// stdscr cursor moves there).
    pub fn mvinch_ch(&mut self, y: i32, x: i32) -> u8 {
        crate::curses::cchar(self.rt.scr.mvinch(y, x))
    }

    /// `look`: a quick glance all around the hero: draw what she sees of the
    /// squares next to her, wake monsters there when asked, and stop a run
    /// at anything interesting.
    pub fn look(&mut self, wakeup: bool) -> Flow {
        let mut passcount = 0;
        let rp = self.proom();
        let hero = self.hero();
        if self.dungeon.oldpos != hero {
            let (op, orp) = (self.dungeon.oldpos, self.dungeon.oldrp);
            self.erase_lamp(op, orp);
            self.dungeon.oldpos = hero;
            self.dungeon.oldrp = rp;
        }
        let (ey, ex) = (hero.y + 1, hero.x + 1);
        let (sy, sx) = (hero.y - 1, hero.x - 1);
        let (mut sumhero, mut diffhero) = (0, 0);
        if self.cmd.door_stop && !self.cmd.firstmove && self.cmd.running {
            sumhero = hero.y + hero.x;
            diffhero = hero.y - hero.x;
        }
        let here = *self.place(hero.y, hero.x);
        let (pch, pfl) = (here.p_ch, here.p_flags);
        for y in sy..=ey {
            if !(y > 0 && y < NUMLINES - 1) {
                continue;
            }
            for x in sx..=ex {
                if !(0..NUMCOLS).contains(&x) {
                    continue;
                }
                if !self.hero.player.on(ISBLIND) && y == hero.y && x == hero.x {
                    continue;
                }
                let i = Game::index(y, x);
                let pp = self.dungeon.places[i];
                let mut ch = pp.p_ch;
                // Nothing need be done with a blank.
                if ch == b' ' {
                    continue;
                }
                let fp = pp.p_flags;
                if pch != DOOR && ch != DOOR && (pfl & F_PASS) != (fp & F_PASS) {
                    continue;
                }
                if ((fp & F_PASS) != 0 || ch == DOOR)
                    && ((pfl & F_PASS) != 0 || pch == DOOR)
                    && hero.x != x
                    && hero.y != y
                    && !step_ok(self.chat(y, hero.x))
                    && !step_ok(self.chat(hero.y, x))
                {
                    continue;
                }
                let tp = self.monst_at(i);
                match tp {
                    None => ch = self.trip_ch(y, x, ch),
                    Some(m) => {
                        if self.hero.player.on(SEEMONST) && self.dungeon.mons[m].on(ISINVIS) {
                            if self.cmd.door_stop && !self.cmd.firstmove {
                                self.cmd.running = false;
                            }
                            continue;
                        }
                        if wakeup {
                            self.wake_monster(y, x)?;
                        }
                        // The monster may be gone (a wake can't remove
                        // one, but the id is checked, not trusted).
                        if self.dungeon.mons.contains(m) && self.see_monst(m) {
                            ch = if self.hero.player.on(ISHALU) {
                                self.rng.rnd(26) as u8 + b'A'
                            } else {
                                self.dungeon.mons[m].t_disguise
                            };
                        }
                    }
                }
                if self.hero.player.on(ISBLIND) && (y != hero.y || x != hero.x) {
                    continue;
                }
                // The move and the read in one call (reading changes nothing).
                let shown = self.rt.scr.mvinch(y, x);
                let dark = self.proom().is_some_and(|r| self.room(r).r_flags & ISDARK != 0);
                if dark && !self.opts.see_floor && ch == FLOOR {
                    ch = b' ';
                }
                if tp.is_some() || ch != crate::curses::cchar(shown) {
                    self.rt.scr.addch(ch.into());
                }
                if self.cmd.door_stop && !self.cmd.firstmove && self.cmd.running {
                    let skip = match self.cmd.runch {
                        b'h' => x == ex,
                        b'j' => y == sy,
                        b'k' => y == ey,
                        b'l' => x == sx,
                        b'y' => (y + x) - sumhero >= 1,
                        b'u' => (y - x) - diffhero >= 1,
                        b'n' => (y + x) - sumhero <= -1,
                        b'b' => (y - x) - diffhero <= -1,
                        _ => false,
                    };
                    if skip {
                        continue;
                    }
                    match ch {
                        DOOR => {
                            if x == hero.x || y == hero.y {
                                self.cmd.running = false;
                            }
                        }
                        PASSAGE => {
                            if x == hero.x || y == hero.y {
                                passcount += 1;
                            }
                        }
                        FLOOR | b'|' | b'-' | b' ' => {}
                        _ => self.cmd.running = false,
                    }
                }
            }
        }
        if self.cmd.door_stop && !self.cmd.firstmove && passcount > 1 {
            self.cmd.running = false;
        }
        if !self.cmd.running || !self.opts.jump {
            self.rt.scr.mvaddch(hero.y, hero.x, PLAYER.into());
        }
        Ok(())
    }

    /// `trip_ch`: what a square looks like to a hallucinating hero.
    pub fn trip_ch(&mut self, y: i32, x: i32, ch: u8) -> u8 {
        if self.hero.player.on(ISHALU) && self.cmd.after {
            match ch {
                FLOOR | b' ' | PASSAGE | b'-' | b'|' | DOOR | TRAP => {}
                _ => {
                    if y != self.dungeon.stairs.y || x != self.dungeon.stairs.x || !self.dungeon.seenstairs {
                        return self.rnd_thing();
                    }
                }
            }
        }
        ch
    }

    /// `erase_lamp`: in a dark room, put out the floor the hero's light
    /// showed around a spot.
    pub fn erase_lamp(&mut self, pos: Coord, rp: Option<RoomRef>) {
        let dark_room = rp.is_some_and(|r| self.room(r).r_flags & (ISGONE | ISDARK) == ISDARK);
        if !(self.opts.see_floor && dark_room && !self.hero.player.on(ISBLIND)) {
            return;
        }
        let hero = self.hero();
        for x in pos.x - 1..=pos.x + 1 {
            for y in pos.y - 1..=pos.y + 1 {
                if y == hero.y && x == hero.x {
                    continue;
                }
                // The whole chtype is compared: a standout dot stays.
                if self.rt.scr.mvinch(y, x) == Chtype::from(FLOOR) {
                    self.rt.scr.addch(Chtype::from(b' '));
                }
            }
        }
    }

    /// `show_floor`: should the floor of her room show now?
    pub fn show_floor(&self) -> bool {
        let dark = self.proom().is_some_and(|r| self.room(r).r_flags & (ISGONE | ISDARK) == ISDARK);
        if dark && !self.hero.player.on(ISBLIND) { self.opts.see_floor } else { true }
    }

    /// `find_obj`: the object lying at a spot.
    pub fn find_obj(&mut self, y: i32, x: i32) -> Flow<Option<ObjId>> {
        let found = self.dungeon.lvl_obj.iter().copied().find(|&o| self.dungeon.objs[o].o_pos == Coord::new(y, x));
        if found.is_none() && self.cfg.master {
            // Only the wizard build (MASTER) says so.
            let text = format!("Non-object {y},{x}");
            self.opts.prbuf.sprintf(text.as_bytes());
            self.msg(text)?;
        }
        Ok(found)
    }

    /// `eat`: she wants to eat something.
    pub fn eat(&mut self) -> Flow {
        let Some(obj) = self.get_item(b"eat", i32::from(FOOD))? else { return Ok(()) };
        if self.dungeon.objs[obj].o_type != i32::from(FOOD) {
            if !self.opts.terse {
                self.msg("ugh, you would get ill if you ate that")?;
            } else {
                self.msg("that's Inedible!")?;
            }
            return Ok(());
        }
        if self.hero.food_left < 0 {
            self.hero.food_left = 0;
        }
        self.hero.food_left += HUNGERTIME - 200 + self.rng.rnd(400);
        if self.hero.food_left > STOMACHSIZE {
            self.hero.food_left = STOMACHSIZE;
        }
        self.hero.hungry_state = 0;
        if Some(obj) == self.hero.cur_weapon {
            self.hero.cur_weapon = None;
        }
        if self.dungeon.objs[obj].o_which == 1 {
            let text = [b"my, that was a yummy ".as_slice(), self.opts.fruit.as_bytes()].concat();
            self.msg(text)?;
        } else if self.rng.rnd(100) > 70 {
            self.hero.player.t_stats.s_exp += 1;
            let text = format!("{}, this food tastes awful", self.choose_str("bummer", "yuk"));
            self.msg(text)?;
            self.check_level()?;
        } else {
            let text = format!("{}, that tasted good", self.choose_str("oh, wow", "yum"));
            self.msg(text)?;
        }
        self.leave_pack(obj, false, false)?;
        Ok(())
    }

    /// `check_level`: has the hero gone up a level of experience?
    pub fn check_level(&mut self) -> Flow {
        let exp = self.hero.player.t_stats.s_exp;
        let mut i = 0;
        while self.known.e_levels[i] != 0 {
            if self.known.e_levels[i] > exp {
                break;
            }
            i += 1;
        }
        let i = i as i32 + 1;
        let olevel = self.hero.player.t_stats.s_lvl;
        self.hero.player.t_stats.s_lvl = i;
        if i > olevel {
            let add = self.rng.roll(i - olevel, 10);
            self.hero.player.t_stats.s_maxhp += add;
            self.hero.player.t_stats.s_hpt += add;
            self.msg(format!("welcome to level {i}"))?;
        }
        Ok(())
    }

    /// `chg_str`: change the hero's strength, remembering the highest it
    /// has been without rings of strength.
    pub fn chg_str(&mut self, amt: i32) {
        if amt == 0 {
            return;
        }
        add_str(&mut self.hero.player.t_stats.s_str, amt);
        let mut comp = self.hero.player.t_stats.s_str;
        for hand in [LEFT, RIGHT] {
            if self.is_ring(hand, R_ADDSTR)
                && let Some(r) = self.hero.cur_ring[hand]
            {
                add_str(&mut comp, -self.dungeon.objs[r].o_arm);
            }
        }
        if comp > self.hero.max_stats.s_str {
            self.hero.max_stats.s_str = comp;
        }
    }

    /// `add_haste`: haste the hero; hasted already, she faints instead.
    pub fn add_haste(&mut self, potion: bool) -> Flow<bool> {
        if self.hero.player.on(ISHASTE) {
            self.hero.no_command += self.rng.rnd(8);
            self.hero.player.t_flags &= !(ISRUN | ISHASTE);
            self.extinguish(DaemonFn::Nohaste);
            self.msg("you faint from exhaustion")?;
            Ok(false)
        } else {
            self.hero.player.t_flags |= ISHASTE;
            if potion {
                let t = self.rng.rnd(4) + 4;
                self.fuse(DaemonFn::Nohaste, 0, t, AFTER);
            }
            Ok(true)
        }
    }

    /// `aggravate`: every monster of the level comes for the hero.
    pub fn aggravate(&mut self) -> Flow {
        for m in self.dungeon.mlist.clone() {
            if let Some(t) = self.dungeon.mons.get(m) {
                let pos = t.t_pos;
                self.runto(pos)?;
            }
        }
        Ok(())
    }

    /// `is_current`: is the object one the hero uses now? Says so if it is.
    pub fn is_current(&mut self, obj: Option<ObjId>) -> Flow<bool> {
        let Some(obj) = obj else { return Ok(false) };
        if Some(obj) == self.hero.cur_armor
            || Some(obj) == self.hero.cur_weapon
            || Some(obj) == self.hero.cur_ring[LEFT]
            || Some(obj) == self.hero.cur_ring[RIGHT]
        {
            if !self.opts.terse {
                self.addmsg("That's already ")?;
            }
            self.msg("in use")?;
            return Ok(true);
        }
        Ok(false)
    }

    /// `get_dir`: ask for a direction (or repeat the last one), into
    /// `delta` and `dir_ch`. `false` when the player escaped.
    pub fn get_dir(&mut self) -> Flow<bool> {
        self.get_dir_for(crate::game::prompt::DIRECTION)
    }

    /// `get_dir`, saying which directions the command does something with
    /// (see [`Game::ask`]).
    pub fn get_dir_for(&mut self, keys: crate::curses::model::KeySet) -> Flow<bool> {
        if self.cmd.again && self.cmd.last_dir != 0 {
            self.cmd.delta = self.statics.last_delt;
            self.cmd.dir_ch = self.cmd.last_dir;
        } else {
            let prompt: &str = if !self.opts.terse {
                self.msg("which direction? ")?;
                "which direction? "
            } else {
                "direction: "
            };
            loop {
                self.ask(PromptKind::Direction, keys);
                self.cmd.dir_ch = self.readchar()?;
                let d = match self.cmd.dir_ch {
                    b'h' | b'H' => Some((0, -1)),
                    b'j' | b'J' => Some((1, 0)),
                    b'k' | b'K' => Some((-1, 0)),
                    b'l' | b'L' => Some((0, 1)),
                    b'y' | b'Y' => Some((-1, -1)),
                    b'u' | b'U' => Some((-1, 1)),
                    b'b' | b'B' => Some((1, -1)),
                    b'n' | b'N' => Some((1, 1)),
                    ESCAPE => {
                        self.cmd.last_dir = 0;
                        self.reset_last();
                        return Ok(false);
                    }
                    _ => None,
                };
                match d {
                    Some((y, x)) => {
                        self.cmd.delta = Coord::new(y, x);
                        break;
                    }
                    None => {
                        self.cmd.mpos = 0;
                        self.msg(prompt)?;
                    }
                }
            }
            if self.cmd.dir_ch.is_ascii_uppercase() {
                self.cmd.dir_ch = self.cmd.dir_ch.to_ascii_lowercase();
            }
            self.cmd.last_dir = self.cmd.dir_ch;
            self.statics.last_delt = self.cmd.delta;
        }
        if self.hero.player.on(ISHUH) && self.rng.rnd(5) == 0 {
            loop {
                self.cmd.delta.y = self.rng.rnd(3) - 1;
                self.cmd.delta.x = self.rng.rnd(3) - 1;
                if self.cmd.delta.y != 0 || self.cmd.delta.x != 0 {
                    break;
                }
            }
        }
        self.cmd.mpos = 0;
        Ok(true)
    }

    /// `call_it`: after an unknown object is used, let the player name it.
    pub fn call_it(&mut self, t: InfoTable, which: usize) -> Flow {
        let know = self.info_table(t)[which].oi_know;
        if know {
            self.info_table(t)[which].oi_guess = None;
        } else if self.info_table(t)[which].oi_guess.is_none() {
            let prompt = if self.opts.terse { "call it: " } else { "what do you want to call it? " };
            self.msg(prompt)?;
            let mut buf = *self.opts.prbuf;
            let got = self.get_str(&mut buf.0, crate::curses::Win::STD)?;
            *self.opts.prbuf = buf;
            if got == crate::game::options::NORM {
                let guess = String::from_utf8_lossy(self.opts.prbuf.as_bytes()).into_owned();
                self.info_table(t)[which].oi_guess = Some(guess);
            }
        }
        Ok(())
    }

    /// `rnd_thing`: a random object glyph fit for this level.
    pub fn rnd_thing(&mut self) -> u8 {
        let n = if self.dungeon.level >= AMULETLEVEL { THING_LIST.len() } else { THING_LIST.len() - 1 };
        THING_LIST[self.rng.rnd(n as i32) as usize]
    }

    /// `choose_str`: the first text while hallucinating, else the second.
    pub fn choose_str<'a>(&self, halu: &'a str, normal: &'a str) -> &'a str {
        if self.hero.player.on(ISHALU) { halu } else { normal }
    }
}

/// `add_str`: add to a strength, kept within 3..31.
pub fn add_str(sp: &mut u32, amt: i32) {
    // str_t is unsigned: a sum below zero wraps to a huge value, which the
    // upper bound catches (31, not 3), as in the C.
    let v = sp.wrapping_add(amt as u32);
    *sp = v.clamp(3, 31);
}

/// `vowelstr`: "n" when a word starts with a vowel (for "a"/"an").
pub fn vowelstr(s: &[u8]) -> &'static str {
    match s.first() {
        Some(b'a' | b'A' | b'e' | b'E' | b'i' | b'I' | b'o' | b'O' | b'u' | b'U') => "n",
        _ => "",
    }
}
