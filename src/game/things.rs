//! things.c: making objects, naming them, dropping them, and the lists
//! of things (inventories and discoveries) shown a line at a time.

use crate::curses::Win;
use crate::curses::model::{KeySet, PromptKind};
use crate::game::cbuf::CBuf;
use crate::game::cfmt::as_format;
use crate::game::cfmt::cat;
use crate::game::consts::*;
use crate::game::list::attach;
use crate::game::misc::vowelstr;
use crate::game::thing::{DaemonFn, ObjId, Object};
use crate::game::weapons::Num;
use crate::game::{Flow, Game, ObjInfo};

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
        let cur = self.new_object_with(Object { o_count: 1, ..Object::plain() });
        let kind = if self.dungeon.no_food > 3 { 2 } else { self.pick_one(|g| &g.known.things) };
        match kind {
            0 => {
                let which = self.pick_one(|g| &g.known.pot_info);
                let o = &mut self.dungeon.objs[cur];
                o.o_type = i32::from(POTION);
                o.o_which = which;
            }
            1 => {
                let which = self.pick_one(|g| &g.known.scr_info);
                let o = &mut self.dungeon.objs[cur];
                o.o_type = i32::from(SCROLL);
                o.o_which = which;
            }
            2 => {
                self.dungeon.no_food = 0;
                let which = if self.rng.rnd(10) != 0 { 0 } else { 1 };
                let o = &mut self.dungeon.objs[cur];
                o.o_type = i32::from(FOOD);
                o.o_which = which;
            }
            3 => {
                let which = self.pick_one(|g| &g.known.weap_info[..MAXWEAPONS]);
                self.init_weapon(cur, which);
                let r = self.rng.rnd(100);
                if r < 10 {
                    let n = self.rng.rnd(3) + 1;
                    let o = &mut self.dungeon.objs[cur];
                    o.o_flags |= ISCURSED;
                    o.o_hplus -= n;
                } else if r < 15 {
                    let n = self.rng.rnd(3) + 1;
                    self.dungeon.objs[cur].o_hplus += n;
                }
            }
            4 => {
                let which = self.pick_one(|g| &g.known.arm_info);
                {
                    let o = &mut self.dungeon.objs[cur];
                    o.o_type = i32::from(ARMOR);
                    o.o_which = which;
                    o.o_arm = self.known.a_class[which as usize];
                }
                let r = self.rng.rnd(100);
                if r < 20 {
                    let n = self.rng.rnd(3) + 1;
                    let o = &mut self.dungeon.objs[cur];
                    o.o_flags |= ISCURSED;
                    o.o_arm += n;
                } else if r < 28 {
                    let n = self.rng.rnd(3) + 1;
                    self.dungeon.objs[cur].o_arm -= n;
                }
            }
            5 => {
                let which = self.pick_one(|g| &g.known.ring_info);
                {
                    let o = &mut self.dungeon.objs[cur];
                    o.o_type = i32::from(RING);
                    o.o_which = which;
                }
                match which {
                    R_ADDSTR | R_PROTECT | R_ADDHIT | R_ADDDAM => {
                        let arm = self.rng.rnd(3);
                        let o = &mut self.dungeon.objs[cur];
                        o.o_arm = arm;
                        if arm == 0 {
                            o.o_arm = -1;
                            o.o_flags |= ISCURSED;
                        }
                    }
                    R_AGGR | R_TELEPORT => self.dungeon.objs[cur].o_flags |= ISCURSED,
                    _ => {}
                }
            }
            _ => {
                let which = self.pick_one(|g| &g.known.ws_info);
                {
                    let o = &mut self.dungeon.objs[cur];
                    o.o_type = i32::from(STICK);
                    o.o_which = which;
                }
                self.fix_stick(cur);
            }
        }
        cur
    }
}

/// `nameit`: the name of a potion, ring or stick, written into `prbuf`
/// (`extra` is what the C's `prfunc` adds: a ring's bonus, a stick's charges).
fn nameit(prbuf: &mut CBuf<{ 2 * MAXSTR }>, obj: &Object, kind: &str, which: &str, op: &ObjInfo, extra: &[u8]) {
    let which = which.as_bytes();
    if op.oi_know || op.oi_guess.is_some() {
        if obj.o_count == 1 {
            prbuf.sprintf_fmt(format_args!("A {kind} "));
        } else {
            prbuf.sprintf_fmt(format_args!("{} {kind}s ", obj.o_count));
        }
        let pb = prbuf.strlen();
        let (pre, name) = if op.oi_know {
            (b"of ".as_slice(), op.oi_name.unwrap_or(""))
        } else {
            (b"called ".as_slice(), op.oi_guess.as_deref().unwrap_or(""))
        };
        prbuf.write_parts_at(pb, &[pre, name.as_bytes(), extra, b"(", which, b")"]);
    } else if obj.o_count == 1 {
        prbuf.write_parts_at(0, &[b"A", vowelstr(which).as_bytes(), b" ", which, b" ", kind.as_bytes()]);
    } else {
        prbuf.sprintf_fmt(format_args!("{} ", obj.o_count));
        let pb = prbuf.strlen();
        prbuf.write_parts_at(pb, &[which, b" ", kind.as_bytes(), b"s"]);
    }
}

/// The prompt under a list of things.
const PRESS_SPACE: &[u8] = b"--Press space to continue--";

impl Game {
    /// `inv_name`: the name of an object as the pack shows it, lower case
    /// first when it is being dropped. It is written into `prbuf`, as the
    /// C does, and returned. The wizard build may show a message on the
    /// way (an object of no known type), so this can wait for a key.
    pub fn inv_name(&mut self, obj: ObjId, drop: bool) -> Flow<Vec<u8>> {
        self.inv_name_in_prbuf(obj, drop)?;
        Ok(self.opts.prbuf.as_bytes().to_vec())
    }

    /// [`Game::inv_name`] left in `prbuf` only.
    pub fn inv_name_in_prbuf(&mut self, obj: ObjId, drop: bool) -> Flow {
        // A copy to name from (the naming writes the game), its strings
        // moved over and back rather than copied.
        let slot = &mut self.dungeon.objs[obj];
        let o = Object { o_text: slot.o_text.take(), o_label: slot.o_label.take(), ..*slot };
        let named = self.inv_name_into(&o, Some(obj), drop);
        let slot = &mut self.dungeon.objs[obj];
        (slot.o_text, slot.o_label) = (o.o_text, o.o_label);
        named
    }

    /// `inv_name` into `prbuf` of an object that may be outside the pack
    /// (the discoveries list names a made-up one).
    fn inv_name_into(&mut self, obj: &Object, id: Option<ObjId>, drop: bool) -> Flow {
        let which = obj.o_which;
        let w = which as usize;
        match obj.glyph() {
            POTION => {
                nameit(&mut self.opts.prbuf, obj, "potion", self.known.p_colors[w], &self.known.pot_info[w], &[]);
            }
            RING => {
                let extra = ring_num(self, obj);
                nameit(
                    &mut self.opts.prbuf,
                    obj,
                    "ring",
                    self.known.r_stones[w],
                    &self.known.ring_info[w],
                    extra.as_bytes(),
                );
            }
            STICK => {
                let extra = charge_str(self, obj);
                nameit(
                    &mut self.opts.prbuf,
                    obj,
                    self.known.ws_type[w],
                    self.known.ws_made[w],
                    &self.known.ws_info[w],
                    extra.as_bytes(),
                );
            }
            SCROLL => {
                let pb = if obj.o_count == 1 {
                    self.opts.prbuf.sprintf(b"A scroll ");
                    9
                } else {
                    self.opts.prbuf.sprintf_fmt(format_args!("{} scrolls ", obj.o_count));
                    self.opts.prbuf.strlen()
                };
                let op = &self.known.scr_info[w];
                if op.oi_know {
                    self.opts.prbuf.write_parts_at(pb, &[b"of ", op.oi_name.unwrap_or("").as_bytes()]);
                } else if let Some(g) = &op.oi_guess {
                    self.opts.prbuf.write_parts_at(pb, &[b"called ", g.as_bytes()]);
                } else {
                    self.opts.prbuf.write_parts_at(pb, &[b"titled '", self.known.s_names[w].as_bytes(), b"'"]);
                }
            }
            FOOD => {
                if which == 1 {
                    let fruit = self.opts.fruit.as_bytes();
                    if obj.o_count == 1 {
                        self.opts.prbuf.write_parts_at(0, &[b"A", vowelstr(fruit).as_bytes(), b" ", fruit]);
                    } else {
                        self.opts.prbuf.sprintf_fmt(format_args!("{} ", obj.o_count));
                        let pb = self.opts.prbuf.strlen();
                        self.opts.prbuf.write_parts_at(pb, &[fruit, b"s"]);
                    }
                } else if obj.o_count == 1 {
                    self.opts.prbuf.sprintf(b"Some food");
                } else {
                    self.opts.prbuf.sprintf_fmt(format_args!("{} rations of food", obj.o_count));
                }
            }
            WEAPON => {
                let sp = self.known.weap_info[w].oi_name.unwrap_or("");
                if obj.o_count > 1 {
                    self.opts.prbuf.sprintf_fmt(format_args!("{} ", obj.o_count));
                } else {
                    self.opts.prbuf.sprintf_fmt(format_args!("A{} ", vowelstr(sp.as_bytes())));
                }
                let pb = self.opts.prbuf.strlen();
                if obj.o_flags & ISKNOW != 0 {
                    self.opts.prbuf.write_fmt_at(pb, format_args!("{} {}", Num(obj.o_hplus, obj.o_dplus, WEAPON), sp));
                } else {
                    self.opts.prbuf.write_at(pb, sp.as_bytes());
                }
                if obj.o_count > 1 {
                    self.opts.prbuf.strcat(b"s");
                }
                if let Some(label) = &obj.o_label {
                    self.opts.prbuf.strcat_fmt(format_args!(" called {label}"));
                }
            }
            ARMOR => {
                let sp = self.known.arm_info[w].oi_name.unwrap_or("");
                if obj.o_flags & ISKNOW != 0 {
                    let ac = self.known.a_class.get(w).copied().unwrap_or(0);
                    self.opts.prbuf.sprintf_fmt(format_args!("{} {} [", Num(ac - obj.o_arm, 0, ARMOR), sp));
                    if !self.opts.terse {
                        self.opts.prbuf.strcat(b"protection ");
                    }
                    self.opts.prbuf.strcat_fmt(format_args!("{}]", 10 - obj.o_arm));
                } else {
                    self.opts.prbuf.sprintf(sp.as_bytes());
                }
                if let Some(label) = &obj.o_label {
                    self.opts.prbuf.strcat_fmt(format_args!(" called {label}"));
                }
            }
            AMULET => self.opts.prbuf.sprintf(b"The Amulet of Yendor"),
            GOLD => self.opts.prbuf.sprintf_fmt(format_args!("{} Gold pieces", obj.o_arm)),
            other => {
                // Only the wizard build (MASTER) names the unknown, after
                // its debug message (shown while in wizard mode); the
                // default build leaves prbuf as it was.
                if self.cfg.master {
                    if self.cmd.wizard != 0 {
                        let t = cat!(b"Picked up something funny ", crate::game::cfmt::unctrl(other));
                        self.msg(&t)?;
                    }
                    let t = cat!(b"Something bizarre ", crate::game::cfmt::unctrl(other));
                    self.opts.prbuf.sprintf(&t);
                }
            }
        }
        if self.opts.inv_describe && id.is_some() {
            if id == self.hero.cur_armor {
                self.opts.prbuf.strcat(b" (being worn)");
            }
            if id == self.hero.cur_weapon {
                self.opts.prbuf.strcat(b" (weapon in hand)");
            }
            if id == self.hero.cur_ring[LEFT] {
                self.opts.prbuf.strcat(b" (on left hand)");
            } else if id == self.hero.cur_ring[RIGHT] {
                self.opts.prbuf.strcat(b" (on right hand)");
            }
        }
        let first = self.opts.prbuf.0[0];
        if drop && first.is_ascii_uppercase() {
            self.opts.prbuf.0[0] = first.to_ascii_lowercase();
        } else if !drop && first.is_ascii_lowercase() {
            self.opts.prbuf.0[0] = first.to_ascii_uppercase();
        }
        self.opts.prbuf.0[MAXSTR - 1] = 0;
        Ok(())
    }

    /// `drop`: put something down.
    pub fn drop(&mut self) -> Flow {
        let hero = self.hero();
        let ch = self.chat(hero.y, hero.x);
        if ch != FLOOR && ch != PASSAGE {
            self.cmd.after = false;
            self.msg("there is something there already")?;
            return Ok(());
        }
        let Some(obj) = self.get_item(b"drop", 0)? else { return Ok(()) };
        if !self.dropcheck(Some(obj))? {
            return Ok(());
        }
        let all = !crate::game::pack::is_mult(self.dungeon.objs[obj].o_type);
        let obj = self.leave_pack(obj, true, all)?;
        // Link it into the level's objects.
        attach(&mut self.dungeon.lvl_obj, obj);
        let glyph = self.dungeon.objs[obj].glyph();
        self.set_chat(hero.y, hero.x, glyph);
        *self.flat_mut(hero.y, hero.x) |= F_DROPPED;
        self.dungeon.objs[obj].o_pos = hero;
        if self.dungeon.objs[obj].o_type == i32::from(AMULET) {
            self.dungeon.amulet = false;
        }
        let name = self.inv_name(obj, true)?;
        self.msg(cat!(b"dropped ", name))?;
        Ok(())
    }

    /// `dropcheck`: may this be let go of (dropped, unwielded, taken
    /// off)? A cursed thing in use may not; one that may stops being used.
    pub fn dropcheck(&mut self, obj: Option<ObjId>) -> Flow<bool> {
        let Some(obj) = obj else { return Ok(true) };
        let used = Some(obj) == self.hero.cur_armor
            || Some(obj) == self.hero.cur_weapon
            || Some(obj) == self.hero.cur_ring[LEFT]
            || Some(obj) == self.hero.cur_ring[RIGHT];
        if !used {
            return Ok(true);
        }
        if self.dungeon.objs[obj].o_flags & ISCURSED != 0 {
            self.msg("you can't.  It appears to be cursed")?;
            return Ok(false);
        }
        if Some(obj) == self.hero.cur_weapon {
            self.hero.cur_weapon = None;
        } else if Some(obj) == self.hero.cur_armor {
            self.waste_time()?;
            self.hero.cur_armor = None;
        } else {
            let hand = if Some(obj) == self.hero.cur_ring[LEFT] { LEFT } else { RIGHT };
            self.hero.cur_ring[hand] = None;
            match self.dungeon.objs[obj].o_which {
                R_ADDSTR => {
                    let arm = self.dungeon.objs[obj].o_arm;
                    self.chg_str(-arm);
                }
                R_SEEINVIS => {
                    self.unsee();
                    self.extinguish(DaemonFn::Unsee);
                }
                _ => {}
            }
        }
        Ok(true)
    }

    /// `discovered`: list what the player has found out of a kind of
    /// object (or of every kind).
    pub fn discovered(&mut self) -> Flow {
        let ch = loop {
            if !self.opts.terse {
                self.addmsg("for ")?;
            }
            self.addmsg("what type")?;
            if !self.opts.terse {
                self.addmsg(" of object do you want a list")?;
            }
            self.msg("? (* for all)")?;
            self.ask(PromptKind::Choice, KeySet::of(b"!?=/*\x1b"));
            let ch = self.readchar()?;
            match ch {
                ESCAPE => {
                    self.msg("")?;
                    return Ok(());
                }
                POTION | SCROLL | RING | STICK | b'*' => break ch,
                _ => {
                    if self.opts.terse {
                        self.msg("Not a type")?;
                    } else {
                        self.msg("Please type one of !?=/ (ESCAPE to quit)")?;
                    }
                }
            }
        };
        if ch == b'*' {
            self.print_disc(POTION)?;
            self.add_line(Some(&[]))?;
            self.print_disc(SCROLL)?;
            self.add_line(Some(&[]))?;
            self.print_disc(RING)?;
            self.add_line(Some(&[]))?;
            self.print_disc(STICK)?;
            self.end_line()?;
        } else {
            self.print_disc(ch)?;
            self.end_line()?;
        }
        Ok(())
    }

    /// `print_disc`: the discoveries of one kind, in a random order.
    fn print_disc(&mut self, kind: u8) -> Flow {
        let maxnum = match kind {
            SCROLL => MAXSCROLLS,
            POTION => MAXPOTIONS,
            RING => MAXRINGS,
            _ => MAXSTICKS,
        };
        let order = self.set_order(maxnum);
        let mut num_found = 0;
        for &o in &order {
            let info = match kind {
                SCROLL => &self.known.scr_info[o],
                POTION => &self.known.pot_info[o],
                RING => &self.known.ring_info[o],
                _ => &self.known.ws_info[o],
            };
            if info.oi_know || info.oi_guess.is_some() {
                let obj = Object { o_type: i32::from(kind), o_which: o as i32, o_count: 1, ..Object::default() };
                self.inv_name_into(&obj, None, false)?;
                let name = self.opts.prbuf.clone();
                self.add_line(Some(name.as_bytes()))?;
                num_found += 1;
            }
        }
        if num_found == 0 {
            let text = self.nothing(kind);
            self.add_line(Some(&as_format(&text)))?;
        }
        Ok(())
    }

    /// `set_order`: the numbers 0..n in a random order.
    fn set_order(&mut self, n: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..=n).rev() {
            let r = self.rng.rnd(i as i32) as usize;
            order.swap(i - 1, r);
        }
        order
    }

    /// `add_line`: add a line to a list (an inventory, the discoveries),
    /// already formatted; `None` ends the list. With the slow style each
    /// line is a message; otherwise lines collect on the scratch window,
    /// shown a screen at a time. `Ok(true)` when the player pressed ESC
    /// at a `--More--`.
    pub fn add_line(&mut self, line: Option<&[u8]>) -> Flow<bool> {
        let hw = self.rt.hw;
        if self.statics.line_cnt == 0 {
            self.rt.scr.wclear(hw);
            if self.opts.inv_type == INV_SLOW {
                self.cmd.mpos = 0;
            }
        }
        if self.opts.inv_type == INV_SLOW {
            if let Some(text) = line
                && !text.is_empty()
                && self.msg(text)?
            {
                return Ok(true);
            }
            self.statics.line_cnt += 1;
            return Ok(false);
        }
        if self.statics.add_line_maxlen < 0 {
            self.statics.add_line_maxlen = PRESS_SPACE.len() as i32;
        }
        let lines = self.rt.scr.lines();
        let cols = self.rt.scr.cols();
        if self.statics.line_cnt >= lines - 1 || line.is_none() {
            if self.opts.inv_type == INV_OVER && line.is_none() && !self.statics.newpage {
                self.msg("")?;
                self.rt.scr.refresh();
                let maxlen = self.statics.add_line_maxlen;
                let line_cnt = self.statics.line_cnt;
                let tw = self.rt.scr.newwin(line_cnt + 1, maxlen + 2, 0, cols - maxlen - 3);
                if let Some(tw) = tw {
                    let sw = self.rt.scr.subwin(tw, line_cnt + 1, maxlen + 1, 0, cols - maxlen - 2);
                    if let Some(sw) = sw {
                        for y in 0..=line_cnt {
                            self.rt.scr.wmove(sw, y, 0);
                            for x in 0..=maxlen {
                                let c = self.rt.scr.mvwinch(hw, y, x);
                                self.rt.scr.waddch(sw, c);
                            }
                        }
                    }
                    self.rt.scr.wmove(tw, line_cnt, 1);
                    self.rt.scr.waddstr(tw, PRESS_SPACE);
                    // With lines below the game's 24, the list goes there.
                    if lines > NUMLINES {
                        if NUMLINES + line_cnt > lines {
                            self.rt.scr.mvwin(tw, lines - (line_cnt + 1), cols - maxlen - 3);
                        } else {
                            self.rt.scr.mvwin(tw, NUMLINES, 0);
                        }
                    }
                    self.rt.scr.touchwin(tw);
                    self.rt.scr.wrefresh(tw);
                    self.wait_for(b' ')?;
                    if self.rt.scr.has_clreol() {
                        self.rt.scr.werase(tw);
                        self.rt.scr.leaveok(tw, true);
                        self.rt.scr.wrefresh(tw);
                    }
                    if let Some(sw) = sw {
                        // The C leaves the subwindow; its parent then
                        // cannot be deleted either (ncurses refuses).
                        let _ = sw;
                    }
                    self.rt.scr.delwin(tw);
                    self.rt.scr.touchwin(Win::STD);
                }
            } else {
                self.rt.scr.wmove(hw, lines - 1, 0);
                self.rt.scr.waddstr(hw, PRESS_SPACE);
                self.rt.scr.wrefresh(hw);
                self.wait_for(b' ')?;
                self.rt.scr.clearok(Win::CUR, true);
                self.rt.scr.wclear(hw);
                self.rt.scr.touchwin(Win::STD);
            }
            self.statics.newpage = true;
            self.statics.line_cnt = 0;
            self.statics.add_line_maxlen = PRESS_SPACE.len() as i32;
        }
        if let Some(text) = line
            && !(self.statics.line_cnt == 0 && text.is_empty())
        {
            let y = self.statics.line_cnt;
            self.statics.line_cnt += 1;
            self.rt.scr.wmove(hw, y, 0);
            self.rt.scr.waddstr(hw, text);
            let (_, x) = self.rt.scr.getyx(hw);
            if self.statics.add_line_maxlen < x {
                self.statics.add_line_maxlen = x;
            }
            // Kept in the buffer the last line left (no allocation a line).
            let last = self.statics.lastfmt.get_or_insert_with(Vec::new);
            last.clear();
            last.extend_from_slice(text);
        }
        Ok(false)
    }

    /// `end_line`: end a list: a single line becomes a message.
    pub fn end_line(&mut self) -> Flow {
        if self.opts.inv_type != INV_SLOW {
            if self.statics.line_cnt == 1 && !self.statics.newpage {
                self.cmd.mpos = 0;
                // Out of its place while shown (msg cannot reach it).
                let text = self.statics.lastfmt.take();
                let shown = self.msg(text.as_deref().unwrap_or_default());
                self.statics.lastfmt = text;
                shown?;
            } else {
                self.add_line(None)?;
            }
        }
        self.statics.line_cnt = 0;
        self.statics.newpage = false;
        Ok(())
    }

    /// `nothing`: "nothing found" for a kind, in `prbuf`.
    fn nothing(&mut self, kind: u8) -> Vec<u8> {
        if self.opts.terse {
            self.opts.prbuf.sprintf(b"Nothing");
        } else {
            self.opts.prbuf.sprintf(b"Haven't discovered anything");
        }
        if kind != b'*' {
            let tystr = match kind {
                POTION => "potion",
                SCROLL => "scroll",
                RING => "ring",
                _ => "stick",
            };
            self.opts.prbuf.strcat(format!(" about any {tystr}s").as_bytes());
        }
        self.opts.prbuf.as_bytes().to_vec()
    }

    /// `pr_list` (wizard): the chances of each kind of a class of object.
    pub fn pr_list(&mut self) -> Flow {
        if !self.opts.terse {
            self.addmsg("for ")?;
        }
        self.addmsg("what type")?;
        if !self.opts.terse {
            self.addmsg(" of object do you want a list")?;
        }
        self.msg("? ")?;
        let table: Vec<ObjInfo> = match self.readchar()? {
            POTION => self.known.pot_info.to_vec(),
            SCROLL => self.known.scr_info.to_vec(),
            RING => self.known.ring_info.to_vec(),
            STICK => self.known.ws_info.to_vec(),
            ARMOR => self.known.arm_info.to_vec(),
            WEAPON => self.known.weap_info[..MAXWEAPONS].to_vec(),
            _ => return Ok(()),
        };
        self.pr_spec(&table)
    }

    /// `pr_spec` (wizard).
    fn pr_spec(&mut self, info: &[ObjInfo]) -> Flow {
        let mut lastprob = 0;
        let mut i = b'0';
        for oi in info {
            if i == b'9' + 1 {
                i = b'a';
            }
            // prbuf holds the format, "%c: %%s (%d%%%%)".
            let fmt = format!("{}: %s (%d%%)", char::from(i));
            let fmt = fmt.replacen("%d", &(oi.oi_prob - lastprob).to_string(), 1);
            self.opts.prbuf.sprintf(fmt.as_bytes());
            let line = format!("{}: {} ({}%)", char::from(i), oi.oi_name.unwrap_or(""), oi.oi_prob - lastprob);
            lastprob = oi.oi_prob;
            self.add_line(Some(line.as_bytes()))?;
            i += 1;
        }
        self.end_line()
    }
}

/// `ring_num`: a known ring's bonus, " [+1]".
fn ring_num(_g: &Game, obj: &Object) -> CBuf<32> {
    let mut s = CBuf::default();
    if obj.o_flags & ISKNOW != 0 && matches!(obj.o_which, R_PROTECT | R_ADDSTR | R_ADDDAM | R_ADDHIT) {
        s.sprintf_fmt(format_args!(" [{}]", Num(obj.o_arm, 0, RING)));
    }
    s
}

/// `charge_str`: a known stick's charges.
fn charge_str(g: &Game, obj: &Object) -> CBuf<32> {
    let mut s = CBuf::default();
    if obj.o_flags & ISKNOW == 0 {
    } else if g.opts.terse {
        s.sprintf_fmt(format_args!(" [{}]", obj.o_arm));
    } else {
        s.sprintf_fmt(format_args!(" [{} charges]", obj.o_arm));
    }
    s
}
