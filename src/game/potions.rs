//! potions.c: drinking potions, and what the potions of seeing do.

use crate::game::cfmt::as_format;
use crate::game::cfmt::cat;
use crate::game::consts::*;
use crate::game::daemon::{AFTER, BEFORE};
use crate::game::misc::{InfoTable, add_str};
use crate::game::thing::{DaemonFn, ObjId};
use crate::game::{Flow, Game};

/// `PACT`: a potion that sets a flag for a while: the flag, the fuse that
/// ends it, how long, and what it says (tripping, straight). The potion
/// of see invisible says what is in `prbuf` at the time.
struct Pact {
    flags: u16,
    daemon: DaemonFn,
    time: i32,
    high: &'static str,
    straight: &'static str,
}

/// `p_actions[]`, the entries that `do_pot` uses.
fn p_action(kind: i32) -> Option<Pact> {
    let p = |flags, daemon, time, high, straight| Some(Pact { flags, daemon, time, high, straight });
    match kind {
        P_CONFUSE => p(
            ISHUH,
            DaemonFn::Unconfuse,
            HUHDURATION,
            "what a tripy feeling!",
            "wait, what's going on here. Huh? What? Who?",
        ),
        P_LSD => p(
            ISHALU,
            DaemonFn::ComeDown,
            SEEDURATION,
            "Oh, wow!  Everything seems so cosmic!",
            "Oh, wow!  Everything seems so cosmic!",
        ),
        P_SEEINVIS => p(CANSEE, DaemonFn::Unsee, SEEDURATION, "", ""),
        P_BLIND => p(
            ISBLIND,
            DaemonFn::Sight,
            SEEDURATION,
            "oh, bummer!  Everything is dark!  Help!",
            "a cloak of darkness falls around you",
        ),
        P_LEVIT => p(
            ISLEVIT,
            DaemonFn::Land,
            HEALTIME,
            "oh, wow!  You're floating in the air!",
            "you start to float in the air",
        ),
        _ => None,
    }
}

impl Game {
    /// `quaff`: drink a potion from the pack.
    pub fn quaff(&mut self) -> Flow {
        let Some(obj) = self.get_item(b"quaff", i32::from(POTION))? else { return Ok(()) };
        if self.dungeon.objs[obj].o_type != i32::from(POTION) {
            self.msg(if !self.opts.terse { "yuk! Why would you want to drink that?" } else { "that's undrinkable" })?;
            return Ok(());
        }
        if Some(obj) == self.hero.cur_weapon {
            self.hero.cur_weapon = None;
        }
        // What it does to the poor guy.
        let trip = self.hero.player.on(ISHALU);
        let discardit = self.dungeon.objs[obj].o_count == 1;
        self.leave_pack(obj, false, false)?;
        let which = self.dungeon.objs[obj].o_which;
        match which {
            P_CONFUSE => self.do_pot(P_CONFUSE, !trip)?,
            P_POISON => {
                self.known_mut().pot_info[P_POISON as usize].oi_know = true;
                if self.is_wearing(R_SUSTSTR) {
                    self.msg("you feel momentarily sick")?;
                } else {
                    let n = self.rng.rnd(3) + 1;
                    self.chg_str(-n);
                    self.msg("you feel very sick now")?;
                    self.come_down()?;
                }
            }
            P_HEALING => {
                self.known_mut().pot_info[P_HEALING as usize].oi_know = true;
                let lvl = self.hero.player.t_stats.s_lvl;
                self.hero.player.t_stats.s_hpt += self.rng.roll(lvl, 4);
                if self.hero.player.t_stats.s_hpt > self.hero.player.t_stats.s_maxhp {
                    self.hero.player.t_stats.s_maxhp += 1;
                    self.hero.player.t_stats.s_hpt = self.hero.player.t_stats.s_maxhp;
                }
                self.sight()?;
                self.msg("you begin to feel better")?;
            }
            P_STRENGTH => {
                self.known_mut().pot_info[P_STRENGTH as usize].oi_know = true;
                self.chg_str(1);
                self.msg("you feel stronger, now.  What bulging muscles!")?;
            }
            P_MFIND => {
                self.hero.player.t_flags |= SEEMONST;
                self.fuse(DaemonFn::TurnSee, 1, HUHDURATION, AFTER);
                if !self.turn_see(false) {
                    let t = format!(
                        "you have a {} feeling for a moment, then it passes",
                        self.choose_str("normal", "strange")
                    );
                    self.msg(t)?;
                }
            }
            P_TFIND => {
                // Magic detection: show where the magic things are.
                let mut show = false;
                if !self.dungeon.lvl_obj.is_empty() {
                    let hw = self.rt.hw;
                    self.rt.scr.wclear(hw);
                    for tp in self.dungeon.lvl_obj.clone() {
                        if self.is_magic(tp) {
                            show = true;
                            let pos = self.dungeon.objs[tp].o_pos;
                            self.rt.scr.wmove(hw, pos.y, pos.x);
                            self.rt.scr.waddch(hw, MAGIC.into());
                            self.known_mut().pot_info[P_TFIND as usize].oi_know = true;
                        }
                    }
                    for mp in self.dungeon.mlist.clone() {
                        for tp in self.dungeon.mons[mp].t_pack.clone() {
                            if self.is_magic(tp) {
                                show = true;
                                let pos = self.dungeon.mons[mp].t_pos;
                                self.rt.scr.wmove(hw, pos.y, pos.x);
                                self.rt.scr.waddch(hw, MAGIC.into());
                            }
                        }
                    }
                }
                if show {
                    self.known_mut().pot_info[P_TFIND as usize].oi_know = true;
                    self.show_win(b"You sense the presence of magic on this level.--More--")?;
                } else {
                    let t = format!(
                        "you have a {} feeling for a moment, then it passes",
                        self.choose_str("normal", "strange")
                    );
                    self.msg(t)?;
                }
            }
            P_LSD => {
                if !trip {
                    if self.hero.player.on(SEEMONST) {
                        self.turn_see(false);
                    }
                    self.start_daemon(DaemonFn::Visuals, 0, BEFORE);
                    self.dungeon.seenstairs = self.seen_stairs();
                }
                self.do_pot(P_LSD, true)?;
            }
            P_SEEINVIS => {
                let t = cat!(b"this potion tastes like ", self.opts.fruit.as_bytes(), b" juice");
                self.opts.prbuf.sprintf(&t);
                let show = self.hero.player.on(CANSEE);
                self.do_pot(P_SEEINVIS, false)?;
                if !show {
                    self.invis_on();
                }
                self.sight()?;
            }
            P_RAISE => {
                self.known_mut().pot_info[P_RAISE as usize].oi_know = true;
                self.msg("you suddenly feel much more skillful")?;
                self.raise_level()?;
            }
            P_XHEAL => {
                self.known_mut().pot_info[P_XHEAL as usize].oi_know = true;
                let lvl = self.hero.player.t_stats.s_lvl;
                self.hero.player.t_stats.s_hpt += self.rng.roll(lvl, 8);
                let st = &mut self.hero.player.t_stats;
                if st.s_hpt > st.s_maxhp {
                    if st.s_hpt > st.s_maxhp + st.s_lvl + 1 {
                        st.s_maxhp += 1;
                    }
                    st.s_maxhp += 1;
                    st.s_hpt = st.s_maxhp;
                }
                self.sight()?;
                self.come_down()?;
                self.msg("you begin to feel much better")?;
            }
            P_HASTE => {
                self.known_mut().pot_info[P_HASTE as usize].oi_know = true;
                self.cmd.after = false;
                if self.add_haste(true)? {
                    self.msg("you feel yourself moving much faster")?;
                }
            }
            P_RESTORE => {
                self.restore_strength();
                self.msg("hey, this tastes great.  It make you feel warm all over")?;
            }
            P_BLIND => self.do_pot(P_BLIND, true)?,
            P_LEVIT => self.do_pot(P_LEVIT, true)?,
            _ => {
                if self.cfg.master {
                    self.msg("what an odd tasting potion!")?;
                    return Ok(());
                }
            }
        }
        self.status()?;
        // Throw the potion away.
        if let Ok(w) = usize::try_from(which)
            && w < MAXPOTIONS
        {
            self.call_it(InfoTable::Potion, w)?;
        }
        if discardit {
            self.discard_object(obj);
        }
        Ok(())
    }

    /// The potion of restore strength: strength back up to the most it
    /// has been, rings of strength counted on top.
    fn restore_strength(&mut self) {
        let adds: Vec<i32> = [LEFT, RIGHT]
            .iter()
            .filter(|&&h| self.is_ring(h, R_ADDSTR))
            .filter_map(|&h| self.hero.cur_ring[h].map(|r| self.dungeon.objs[r].o_arm))
            .collect();
        for &a in &adds {
            add_str(&mut self.hero.player.t_stats.s_str, -a);
        }
        if self.hero.player.t_stats.s_str < self.hero.max_stats.s_str {
            self.hero.player.t_stats.s_str = self.hero.max_stats.s_str;
        }
        for &a in &adds {
            add_str(&mut self.hero.player.t_stats.s_str, a);
        }
    }

    /// `is_magic`: does an object radiate magic?
    pub fn is_magic(&self, obj: ObjId) -> bool {
        let o = &self.dungeon.objs[obj];
        match o.glyph() {
            ARMOR => o.o_flags & ISPROT != 0 || Some(&o.o_arm) != self.known.a_class.get(o.o_which as usize),
            WEAPON => o.o_hplus != 0 || o.o_dplus != 0,
            POTION | SCROLL | STICK | RING | AMULET => true,
            _ => false,
        }
    }

    /// `invis_on`: the hero can see invisible things.
    pub fn invis_on(&mut self) {
        self.hero.player.t_flags |= CANSEE;
        for mp in self.dungeon.mlist.clone() {
            let t = &self.dungeon.mons[mp];
            if t.on(ISINVIS) && self.see_monst(mp) && !self.hero.player.on(ISHALU) {
                let (pos, d) = (t.t_pos, t.t_disguise);
                self.rt.scr.mvaddch(pos.y, pos.x, d.into());
            }
        }
    }

    /// `turn_see`: show (or stop showing) the monsters of the level.
    /// `true` when a monster she could not see is shown.
    pub fn turn_see(&mut self, turn_off: bool) -> bool {
        let mut add_new = false;
        for mp in self.dungeon.mlist.clone() {
            let (pos, oldch, mtype) = {
                let t = &self.dungeon.mons[mp];
                (t.t_pos, t.t_oldch, t.t_type)
            };
            self.rt.scr.move_to(pos.y, pos.x);
            let can_see = self.see_monst(mp);
            if turn_off {
                if !can_see {
                    self.rt.scr.addch(oldch.into());
                }
            } else {
                if !can_see {
                    self.rt.scr.standout();
                }
                let ch = if !self.hero.player.on(ISHALU) { mtype } else { self.rng.rnd(26) as u8 + b'A' };
                self.rt.scr.addch(ch.into());
                if !can_see {
                    self.rt.scr.standend();
                    add_new = true;
                }
            }
        }
        if turn_off {
            self.hero.player.t_flags &= !SEEMONST;
        } else {
            self.hero.player.t_flags |= SEEMONST;
        }
        add_new
    }

    /// `seen_stairs`: has the hero seen the stairs?
    pub fn seen_stairs(&mut self) -> bool {
        let stairs = self.dungeon.stairs;
        self.rt.scr.move_to(stairs.y, stairs.x);
        // It's on the map (the whole cell compared, as the C does).
        if self.rt.scr.inch() == crate::curses::Chtype::from(STAIRS) {
            return true;
        }
        // It's under her.
        if self.hero() == stairs {
            return true;
        }
        // A monster on the stairs makes it hairy.
        if let Some(tp) = self.moat(stairs.y, stairs.x) {
            // Visible and awake: it must have moved there.
            if self.see_monst(tp) && self.dungeon.mons[tp].on(ISRUN) {
                return true;
            }
            // She can detect monsters and there were stairs.
            if self.hero.player.on(SEEMONST) && self.dungeon.mons[tp].t_oldch == STAIRS {
                return true;
            }
        }
        false
    }

    /// `raise_level`: magically up one level of experience.
    pub fn raise_level(&mut self) -> Flow {
        let lvl = self.hero.player.t_stats.s_lvl;
        let i = usize::try_from(lvl - 1).unwrap_or(0).min(self.known.e_levels.len() - 1);
        self.hero.player.t_stats.s_exp = self.known.e_levels[i] + 1;
        self.check_level()
    }

    /// `do_pot`: a potion that turns on a flag for a while (or longer).
    fn do_pot(&mut self, kind: i32, knowit: bool) -> Flow {
        let Some(pp) = p_action(kind) else { return Ok(()) };
        let k = kind as usize;
        if !self.known.pot_info[k].oi_know {
            self.known_mut().pot_info[k].oi_know = knowit;
        }
        let t = self.rng.spread(pp.time);
        if !self.hero.player.on(pp.flags) {
            self.hero.player.t_flags |= pp.flags;
            self.fuse(pp.daemon, 0, t, AFTER);
            self.look(false)?;
        } else {
            self.lengthen(pp.daemon, t);
        }
        let text = if kind == P_SEEINVIS {
            // The entry's texts are `prbuf` itself, used as the format.
            as_format(self.opts.prbuf.as_bytes())
        } else {
            self.choose_str(pp.high, pp.straight).as_bytes().to_vec()
        };
        self.msg(text)?;
        Ok(())
    }
}
