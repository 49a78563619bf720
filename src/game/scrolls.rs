//! scrolls.c: reading scrolls.

use crate::game::consts::*;
use crate::game::io::step_ok;
use crate::game::misc::InfoTable;
use crate::game::thing::Coord;
use crate::game::{Flow, Game};

/// What each identify scroll identifies (`id_type[]`).
const ID_TYPE: [i32; S_ID_R_OR_S as usize + 1] =
    [0, 0, 0, 0, 0, POTION as i32, SCROLL as i32, WEAPON as i32, ARMOR as i32, R_OR_S];

impl Game {
    /// `read_scroll`: read a scroll from the pack.
    pub fn read_scroll(&mut self) -> Flow {
        let Some(obj) = self.get_item(b"read", i32::from(SCROLL))? else { return Ok(()) };
        if self.dungeon.objs[obj].o_type != i32::from(SCROLL) {
            self.msg(if !self.opts.terse { "there is nothing on it to read" } else { "nothing to read" })?;
            return Ok(());
        }
        if Some(obj) == self.hero.cur_weapon {
            self.hero.cur_weapon = None;
        }
        // Get rid of the thing.
        let discardit = self.dungeon.objs[obj].o_count == 1;
        self.leave_pack(obj, false, false)?;
        let which = self.dungeon.objs[obj].o_which;
        match which {
            S_CONFUSE => {
                // Monster confusion: her hands glow.
                self.hero.player.t_flags |= CANHUH;
                let t = format!("your hands begin to glow {}", self.pick_color("red"));
                self.msg(t)?;
            }
            S_ARMOR => {
                if let Some(a) = self.hero.cur_armor {
                    let o = &mut self.dungeon.objs[a];
                    o.o_arm -= 1;
                    o.o_flags &= !ISCURSED;
                    let t = format!("your armor glows {} for a moment", self.pick_color("silver"));
                    self.msg(t)?;
                }
            }
            S_HOLD => {
                // Stop the monsters within two spaces from chasing her.
                let hero = self.hero();
                let mut ch = 0;
                for x in hero.x - 2..=hero.x + 2 {
                    if !(0..NUMCOLS).contains(&x) {
                        continue;
                    }
                    for y in hero.y - 2..=hero.y + 2 {
                        if !(0..=NUMLINES - 1).contains(&y) {
                            continue;
                        }
                        if let Some(m) = self.moat(y, x)
                            && self.dungeon.mons[m].on(ISRUN)
                        {
                            let t = &mut self.dungeon.mons[m];
                            t.t_flags &= !ISRUN;
                            t.t_flags |= ISHELD;
                            ch += 1;
                        }
                    }
                }
                if ch != 0 {
                    self.addmsg("the monster")?;
                    if ch > 1 {
                        self.addmsg("s around you")?;
                    }
                    self.addmsg(" freeze")?;
                    if ch == 1 {
                        self.addmsg("s")?;
                    }
                    self.endmsg()?;
                    self.known_mut().scr_info[S_HOLD as usize].oi_know = true;
                } else {
                    self.msg("you feel a strange sense of loss")?;
                }
            }
            S_SLEEP => {
                self.known_mut().scr_info[S_SLEEP as usize].oi_know = true;
                let t = self.rng.spread(5);
                self.hero.no_command += self.rng.rnd(t) + 4;
                self.hero.player.t_flags &= !ISRUN;
                self.msg("you fall asleep")?;
            }
            S_CREATE => {
                // A monster next to her, if there is a spot.
                let hero = self.hero();
                let mut i = 0;
                for y in hero.y - 1..=hero.y + 1 {
                    for x in hero.x - 1..=hero.x + 1 {
                        if y == hero.y && x == hero.x {
                            continue;
                        }
                        let ch = self.winat(y, x);
                        if !step_ok(ch) {
                            continue;
                        }
                        // DEVIATION: the C reads the scroll object of a xeroc's scroll glyph through a null pointer; the port takes it as no scroll; test: deviations::create_monster_beside_a_xeroc_posing_as_a_scroll
                        if ch == SCROLL
                            && let Some(o) = self.find_obj(y, x)?
                            && self.dungeon.objs[o].o_which == S_SCARE
                        {
                            continue;
                        }
                        i += 1;
                        if self.rng.rnd(i) == 0 {
                            self.statics.create_pos = Coord::new(y, x);
                        }
                    }
                }
                if i == 0 {
                    self.msg("you hear a faint cry of anguish in the distance")?;
                } else {
                    let tp = self.new_creature();
                    let mtype = self.randmonster(false);
                    let pos = self.statics.create_pos;
                    self.new_monster(tp, mtype, pos)?;
                }
            }
            S_ID_POTION | S_ID_SCROLL | S_ID_WEAPON | S_ID_ARMOR | S_ID_R_OR_S => {
                // Identify: let her figure something out.
                self.known_mut().scr_info[which as usize].oi_know = true;
                let t =
                    format!("this scroll is an {} scroll", self.known.scr_info[which as usize].oi_name.unwrap_or(""));
                self.msg(t)?;
                self.whatis(true, ID_TYPE[which as usize])?;
            }
            S_MAP => {
                self.known_mut().scr_info[S_MAP as usize].oi_know = true;
                self.msg("oh, now this scroll has a map on it")?;
                self.magic_map();
            }
            S_FDET => {
                // Food detection.
                let mut found = false;
                let hw = self.rt.hw;
                self.rt.scr.wclear(hw);
                for o in self.dungeon.lvl_obj.clone() {
                    if self.dungeon.objs[o].o_type == i32::from(FOOD) {
                        found = true;
                        let pos = self.dungeon.objs[o].o_pos;
                        self.rt.scr.wmove(hw, pos.y, pos.x);
                        self.rt.scr.waddch(hw, FOOD.into());
                    }
                }
                if found {
                    self.known_mut().scr_info[S_FDET as usize].oi_know = true;
                    self.show_win(b"Your nose tingles and you smell food.--More--")?;
                } else {
                    self.msg("your nose tingles")?;
                }
            }
            S_TELEP => {
                let cur_room = self.proom();
                self.teleport()?;
                if cur_room != self.proom() {
                    self.known_mut().scr_info[S_TELEP as usize].oi_know = true;
                }
            }
            S_ENCH => match self.hero.cur_weapon.filter(|&w| self.dungeon.objs[w].o_type == i32::from(WEAPON)) {
                None => {
                    self.msg("you feel a strange sense of loss")?;
                }
                Some(w) => {
                    self.dungeon.objs[w].o_flags &= !ISCURSED;
                    if self.rng.rnd(2) == 0 {
                        self.dungeon.objs[w].o_hplus += 1;
                    } else {
                        self.dungeon.objs[w].o_dplus += 1;
                    }
                    let name = self.known.weap_info[self.dungeon.objs[w].o_which as usize].oi_name.unwrap_or("");
                    let t = format!("your {} glows {} for a moment", name, self.pick_color("blue"));
                    self.msg(t)?;
                }
            },
            S_SCARE => {
                // Reading it is a mistake, and it is laughed at.
                self.msg("you hear maniacal laughter in the distance")?;
            }
            S_REMOVE => {
                for o in
                    [self.hero.cur_armor, self.hero.cur_weapon, self.hero.cur_ring[LEFT], self.hero.cur_ring[RIGHT]]
                {
                    self.uncurse(o);
                }
                let t = self.choose_str(
                    "you feel in touch with the Universal Onenes",
                    "you feel as if somebody is watching over you",
                );
                self.msg(t)?;
            }
            S_AGGR => {
                // Every monster of the level runs at her.
                self.aggravate()?;
                self.msg("you hear a high pitched humming noise")?;
            }
            S_PROTECT => match self.hero.cur_armor {
                Some(a) => {
                    self.dungeon.objs[a].o_flags |= ISPROT;
                    let t = format!("your armor is covered by a shimmering {} shield", self.pick_color("gold"));
                    self.msg(t)?;
                }
                None => {
                    self.msg("you feel a strange sense of loss")?;
                }
            },
            _ => {
                if self.cfg.master {
                    self.msg("what a puzzling scroll!")?;
                    return Ok(());
                }
            }
        }
        // Put the result of the scroll on the screen.
        self.look(true)?;
        self.status()?;
        if let Ok(w) = usize::try_from(which)
            && w < MAXSCROLLS
        {
            self.call_it(InfoTable::Scroll, w)?;
        }
        if discardit {
            self.discard_object(obj);
        }
        Ok(())
    }

    /// The scroll of magic mapping: show the level's walls, doors,
    /// passages, stairs and traps (hidden ones found).
    fn magic_map(&mut self) {
        for y in 1..NUMLINES - 1 {
            for x in 0..NUMCOLS {
                let i = Game::index(y, x);
                let mut pp = self.dungeon.places[i];
                let passage = |pp: &mut crate::game::thing::Place| {
                    if pp.p_flags & F_REAL == 0 {
                        pp.p_ch = PASSAGE;
                    }
                    pp.p_flags |= F_SEEN | F_REAL;
                    PASSAGE
                };
                let ch = match pp.p_ch {
                    DOOR | STAIRS => pp.p_ch,
                    b'-' | b'|' => {
                        if pp.p_flags & F_REAL == 0 {
                            pp.p_ch = DOOR;
                            pp.p_flags |= F_REAL;
                            DOOR
                        } else {
                            pp.p_ch
                        }
                    }
                    b' ' => {
                        if pp.p_flags & F_REAL != 0 {
                            // `goto def`.
                            if pp.p_flags & F_PASS != 0 { passage(&mut pp) } else { b' ' }
                        } else {
                            pp.p_flags |= F_REAL;
                            pp.p_ch = PASSAGE;
                            passage(&mut pp)
                        }
                    }
                    PASSAGE => passage(&mut pp),
                    FLOOR => {
                        if pp.p_flags & F_REAL != 0 {
                            b' '
                        } else {
                            pp.p_ch = TRAP;
                            pp.p_flags |= F_SEEN | F_REAL;
                            TRAP
                        }
                    }
                    _ => {
                        if pp.p_flags & F_PASS != 0 {
                            passage(&mut pp)
                        } else {
                            b' '
                        }
                    }
                };
                self.dungeon.places[i] = pp;
                if ch != b' ' {
                    let m = self.monst_at(i);
                    if let Some(m) = m {
                        self.dungeon.mons[m].t_oldch = ch;
                    }
                    if m.is_none() || !self.hero.player.on(SEEMONST) {
                        self.rt.scr.mvaddch(y, x, ch.into());
                    }
                }
            }
        }
    }

    /// `uncurse`.
    pub fn uncurse(&mut self, obj: Option<crate::game::thing::ObjId>) {
        if let Some(o) = obj {
            self.dungeon.objs[o].o_flags &= !ISCURSED;
        }
    }
}
