//! daemons.c: what happens to the hero every turn (hunger, healing).

use crate::game::consts::*;
use crate::game::daemon::BEFORE;
use crate::game::thing::DaemonFn;
use crate::game::{Ending, Flow, Game};

impl Game {
    /// `doctor`: the hero heals over time. After enough quiet turns (fewer
    /// at higher levels) one hit point comes back; from level 8 on, a few
    /// at a time; each ring of regeneration adds one every turn.
    pub fn doctor(&mut self) {
        let lv = self.hero.player.t_stats.s_lvl;
        let ohp = self.hero.player.t_stats.s_hpt;
        self.hero.quiet = self.hero.quiet.wrapping_add(1);
        let mut hpt = ohp;
        if lv < 8 {
            if self.hero.quiet.wrapping_add(lv.wrapping_shl(1)) > 20 {
                hpt = hpt.wrapping_add(1);
            }
        } else if self.hero.quiet >= 3 {
            hpt = hpt.wrapping_add(self.rng.rnd(lv.wrapping_sub(7)) + 1);
        }
        for hand in [LEFT, RIGHT] {
            if self.is_ring(hand, R_REGEN) {
                hpt = hpt.wrapping_add(1);
            }
        }
        // Only a change is capped at the maximum: hit points above it (a
        // lowered maximum) survive a turn without healing, as in the C.
        if hpt != ohp {
            hpt = hpt.min(self.hero.player.t_stats.s_maxhp);
            self.hero.quiet = 0;
        }
        self.hero.player.t_stats.s_hpt = hpt;
    }

    /// `stomach`: digest a turn's food. Announces hunger and weakness as
    /// the food crosses 300 and 150; at 0 and below the hero may faint,
    /// and below -850 starves (the game ends with the state as it is then).
    pub fn stomach(&mut self) -> Flow {
        let orig_hungry = self.hero.hungry_state;
        if self.hero.food_left <= 0 {
            // The test uses the value before the decrement, which happens
            // either way.
            let before = self.hero.food_left;
            self.hero.food_left = before.wrapping_sub(1);
            if before < -STARVETIME {
                return Err(Ending::Died(b's'));
            }
            // The hero faints, unless already helpless (no draw then).
            if self.hero.no_command != 0 || self.rng.rnd(5) != 0 {
                return Ok(());
            }
            self.hero.no_command = self.hero.no_command.wrapping_add(self.rng.rnd(8) + 4);
            self.hero.hungry_state = 3;
            if !self.opts.terse {
                let text = self.choose_str(
                    "the munchies overpower your motor capabilities.  ",
                    "you feel too weak from lack of food.  ",
                );
                self.addmsg(text)?;
            }
            let text = self.choose_str("You freak out", "You faint");
            self.msg(text)?;
        } else {
            let oldfood = self.hero.food_left;
            // LEFT before RIGHT: the order the original binary draws in
            // (the C expression leaves it unspecified).
            let left = self.ring_eat(LEFT);
            let right = self.ring_eat(RIGHT);
            let cost = left.wrapping_add(right).wrapping_add(1).wrapping_sub(i32::from(self.dungeon.amulet));
            self.hero.food_left = self.hero.food_left.wrapping_sub(cost);
            if self.hero.food_left < MORETIME && oldfood >= MORETIME {
                self.hero.hungry_state = 2;
                // "capabilites" is the original's spelling.
                let text = self.choose_str(
                    "the munchies are interfering with your motor capabilites",
                    "you are starting to feel weak",
                );
                self.msg(text)?;
            } else if self.hero.food_left < 2 * MORETIME && oldfood >= 2 * MORETIME {
                self.hero.hungry_state = 1;
                let text = if self.opts.terse {
                    self.choose_str("getting the munchies", "getting hungry")
                } else {
                    self.choose_str("you are getting the munchies", "you are starting to get hungry")
                };
                self.msg(text)?;
            }
        }
        // A change of hunger stops whatever the hero was doing.
        if self.hero.hungry_state != orig_hungry {
            self.hero.player.t_flags &= !ISRUN;
            self.cmd.running = false;
            self.cmd.to_death = false;
            self.cmd.count = 0;
        }
        Ok(())
    }

    /// `visuals`: while hallucinating, what the hero sees of
    /// objects, the stairs and monsters changes every turn.
    pub fn visuals(&mut self) -> Flow {
        if !self.cmd.after || (self.cmd.running && self.opts.jump) {
            return Ok(());
        }
        // By index, not over a copy: nothing here changes the lists.
        for k in 0..self.dungeon.lvl_obj.len() {
            let pos = self.dungeon.objs[self.dungeon.lvl_obj[k]].o_pos;
            if self.cansee(pos.y, pos.x)? {
                let ch = self.rnd_thing();
                self.rt.scr.mvaddch(pos.y, pos.x, ch.into());
            }
        }
        let stairs = self.dungeon.stairs;
        if !self.dungeon.seenstairs && self.cansee(stairs.y, stairs.x)? {
            let ch = self.rnd_thing();
            self.rt.scr.mvaddch(stairs.y, stairs.x, ch.into());
        }
        let seemonst = self.hero.player.on(SEEMONST);
        for k in 0..self.dungeon.mlist.len() {
            let tp = self.dungeon.mlist[k];
            let (pos, mtype, disguise) = {
                let t = &self.dungeon.mons[tp];
                (t.t_pos, t.t_type, t.t_disguise)
            };
            self.rt.scr.move_to(pos.y, pos.x);
            if self.see_monst(tp) {
                let ch =
                    if mtype == b'X' && disguise != b'X' { self.rnd_thing() } else { self.rng.rnd(26) as u8 + b'A' };
                self.rt.scr.addch(ch.into());
            } else if seemonst {
                self.rt.scr.standout();
                let ch = self.rng.rnd(26) as u8 + b'A';
                self.rt.scr.addch(ch.into());
                self.rt.scr.standend();
            }
        }
        Ok(())
    }

    /// `swander`: start the wandering-monster roll.
    pub fn swander(&mut self) {
        self.start_daemon(DaemonFn::Rollwand, 0, BEFORE);
    }

    /// `rollwand`: every fourth turn, one chance in six of a wandering
    /// monster; after one comes, wait a while before rolling again.
    pub fn rollwand(&mut self) -> Flow {
        self.dungeon.between += 1;
        if self.dungeon.between >= 4 {
            if self.rng.roll(1, 6) == 4 {
                self.wanderer()?;
                self.kill_daemon(DaemonFn::Rollwand);
                let t = self.rng.spread(70);
                self.fuse(DaemonFn::Swander, 0, t, BEFORE);
            }
            self.dungeon.between = 0;
        }
        Ok(())
    }

    /// `unconfuse`: the confusion wears off.
    pub fn unconfuse(&mut self) -> Flow {
        self.hero.player.t_flags &= !ISHUH;
        let t = format!("you feel less {} now", self.choose_str("trippy", "confused"));
        self.msg(t)?;
        Ok(())
    }

    /// `unsee`: seeing invisible things wears off.
    pub fn unsee(&mut self) {
        for th in self.dungeon.mlist.clone() {
            let t = &self.dungeon.mons[th];
            if t.on(ISINVIS) && self.see_monst(th) {
                let (pos, oc) = (t.t_pos, t.t_oldch);
                self.rt.scr.mvaddch(pos.y, pos.x, oc.into());
            }
        }
        self.hero.player.t_flags &= !CANSEE;
    }

    /// `sight`: blindness wears off.
    pub fn sight(&mut self) -> Flow {
        if self.hero.player.on(ISBLIND) {
            self.extinguish(DaemonFn::Sight);
            self.hero.player.t_flags &= !ISBLIND;
            let gone = self.proom().is_some_and(|r| self.room(r).r_flags & ISGONE != 0);
            if !gone {
                let hero = self.hero();
                self.enter_room(hero)?;
            }
            let t = self.choose_str("far out!  Everything is all cosmic again", "the veil of darkness lifts");
            self.msg(t)?;
        }
        Ok(())
    }

    /// `nohaste`: the haste wears off.
    pub fn nohaste(&mut self) -> Flow {
        self.hero.player.t_flags &= !ISHASTE;
        self.msg("you feel yourself slowing down")?;
        Ok(())
    }

    /// `come_down`: the hallucination wears off: things look as they are.
    pub fn come_down(&mut self) -> Flow {
        if !self.hero.player.on(ISHALU) {
            return Ok(());
        }
        self.kill_daemon(DaemonFn::Visuals);
        self.hero.player.t_flags &= !ISHALU;
        if self.hero.player.on(ISBLIND) {
            return Ok(());
        }
        // The objects.
        for tp in self.dungeon.lvl_obj.clone() {
            let o = &self.dungeon.objs[tp];
            let (pos, g) = (o.o_pos, o.glyph());
            if self.cansee(pos.y, pos.x)? {
                self.rt.scr.mvaddch(pos.y, pos.x, g.into());
            }
        }
        // The monsters.
        let seemonst = self.hero.player.on(SEEMONST);
        for tp in self.dungeon.mlist.clone() {
            let (pos, invis, d, ty) = {
                let t = &self.dungeon.mons[tp];
                (t.t_pos, t.on(ISINVIS), t.t_disguise, t.t_type)
            };
            self.rt.scr.move_to(pos.y, pos.x);
            if self.cansee(pos.y, pos.x)? {
                self.rt.scr.move_to(pos.y, pos.x);
                if !invis || self.hero.player.on(CANSEE) {
                    self.rt.scr.addch(d.into());
                } else {
                    let c = self.chat(pos.y, pos.x);
                    self.rt.scr.addch(c.into());
                }
            } else if seemonst {
                self.rt.scr.standout();
                self.rt.scr.addch(ty.into());
                self.rt.scr.standend();
            }
        }
        self.msg("Everything looks SO boring now.")?;
        Ok(())
    }

    /// `land`: the levitation wears off.
    pub fn land(&mut self) -> Flow {
        self.hero.player.t_flags &= !ISLEVIT;
        let t = self.choose_str("bummer!  You've hit the ground", "you float gently to the ground");
        self.msg(t)?;
        Ok(())
    }
}
