//! move.c: the hero's movement, doors, and traps.

use crate::game::consts::*;
use crate::game::data::RAINBOW;
use crate::game::io::step_ok;
use crate::game::thing::{Coord, MonId, ObjId, Room, RoomRef};
use crate::game::{Flow, Game};

impl Game {
    /// `do_run`: start the hero running.
    pub fn do_run(&mut self, ch: u8) {
        self.cmd.running = true;
        self.cmd.after = false;
        self.cmd.runch = ch;
    }

    /// `do_move`: a step of the hero: see that it is legal, then deal with
    /// what is there (a fight, a trap, a door, something to pick up).
    pub fn do_move(&mut self, dy: i32, dx: i32) -> Flow {
        let (mut dy, mut dx) = (dy, dx);
        self.cmd.firstmove = false;
        if self.hero.no_move != 0 {
            self.hero.no_move -= 1;
            self.msg("you are still stuck in the bear trap")?;
            return Ok(());
        }
        // A confused move, maybe.
        let mut confused = false;
        if self.hero.player.on(ISHUH) && self.rng.rnd(5) != 0 {
            self.dungeon.nh = self.rndmove(None);
            if self.dungeon.nh == self.hero() {
                self.cmd.after = false;
                self.cmd.running = false;
                self.cmd.to_death = false;
                return Ok(());
            }
            confused = true;
        }
        loop {
            if !confused {
                let hero = self.hero();
                self.dungeon.nh = Coord::new(hero.y + dy, hero.x + dx);
            }
            confused = false;
            let nh = self.dungeon.nh;
            // Off the screen, or an illegal diagonal move.
            let off = nh.x < 0 || nh.x >= NUMCOLS || nh.y <= 0 || nh.y >= NUMLINES - 1;
            let mut ch = 0;
            let mut fl = 0;
            if !off {
                if !self.diag_ok(self.hero(), nh) {
                    self.cmd.after = false;
                    self.cmd.running = false;
                    return Ok(());
                }
                if self.cmd.running && self.hero() == nh {
                    self.cmd.after = false;
                    self.cmd.running = false;
                }
                fl = self.flat(nh.y, nh.x);
                ch = self.winat(nh.y, nh.x);
                if fl & F_REAL == 0 && ch == FLOOR {
                    if !self.hero.player.on(ISLEVIT) {
                        ch = TRAP;
                        self.set_chat(nh.y, nh.x, TRAP);
                        *self.flat_mut(nh.y, nh.x) |= F_REAL;
                    }
                } else if self.hero.player.on(ISHELD) && ch != b'F' {
                    self.msg("you are being held")?;
                    return Ok(());
                }
            }
            if off || matches!(ch, b' ' | b'|' | b'-') {
                // `hit_bound`: with passgo, a run along a passage turns
                // its corners.
                let gone = self.proom().is_some_and(|r| self.room(r).r_flags & ISGONE != 0);
                if self.opts.passgo && self.cmd.running && gone && !self.hero.player.on(ISBLIND) {
                    let hero = self.hero();
                    let turn = match self.cmd.runch {
                        b'h' | b'l' => {
                            let b1 = hero.y != 1 && self.turn_ok(hero.y - 1, hero.x);
                            let b2 = hero.y != NUMLINES - 2 && self.turn_ok(hero.y + 1, hero.x);
                            if b1 ^ b2 {
                                if b1 {
                                    self.cmd.runch = b'k';
                                    dy = -1;
                                } else {
                                    self.cmd.runch = b'j';
                                    dy = 1;
                                }
                                dx = 0;
                                true
                            } else {
                                false
                            }
                        }
                        b'j' | b'k' => {
                            let b1 = hero.x != 0 && self.turn_ok(hero.y, hero.x - 1);
                            let b2 = hero.x != NUMCOLS - 1 && self.turn_ok(hero.y, hero.x + 1);
                            if b1 ^ b2 {
                                if b1 {
                                    self.cmd.runch = b'h';
                                    dx = -1;
                                } else {
                                    self.cmd.runch = b'l';
                                    dx = 1;
                                }
                                dy = 0;
                                true
                            } else {
                                false
                            }
                        }
                        _ => false,
                    };
                    if turn {
                        self.turnref();
                        continue;
                    }
                }
                self.cmd.running = false;
                self.cmd.after = false;
                return Ok(());
            }
            match ch {
                DOOR => {
                    self.cmd.running = false;
                    let hero = self.hero();
                    if self.flat(hero.y, hero.x) & F_PASS != 0 {
                        self.enter_room(nh)?;
                    }
                    self.move_stuff(fl)?;
                }
                TRAP => {
                    let tr = self.be_trapped(nh)?;
                    if tr == T_DOOR || tr == T_TELEP {
                        return Ok(());
                    }
                    self.move_stuff(fl)?;
                }
                PASSAGE => {
                    // In a corridor one cannot tell a maze from a passage,
                    // so the room is worked out again.
                    let hero = self.hero();
                    self.hero.player.t_room = self.roomin(hero)?;
                    self.move_stuff(fl)?;
                }
                FLOOR => {
                    if fl & F_REAL == 0 {
                        let hero = self.hero();
                        self.be_trapped(hero)?;
                    }
                    self.move_stuff(fl)?;
                }
                _ => {
                    if ch == STAIRS {
                        self.dungeon.seenstairs = true;
                    }
                    self.cmd.running = false;
                    if ch.is_ascii_uppercase() || self.moat(nh.y, nh.x).is_some() {
                        self.fight(nh, self.hero.cur_weapon.map(crate::game::thing::Weap::Item), false)?;
                    } else {
                        if ch != STAIRS {
                            self.cmd.take = ch;
                        }
                        self.move_stuff(fl)?;
                    }
                }
            }
            return Ok(());
        }
    }

    /// The end of a step (`move_stuff`): the hero leaves her spot for `nh`.
    fn move_stuff(&mut self, fl: u8) -> Flow {
        let hero = self.hero();
        let fa = self.floor_at();
        self.rt.scr.mvaddch(hero.y, hero.x, fa.into());
        let nh = self.dungeon.nh;
        if fl & F_PASS != 0 && self.chat(self.dungeon.oldpos.y, self.dungeon.oldpos.x) == DOOR {
            self.leave_room(nh)?;
        }
        self.hero.player.t_pos = nh;
        Ok(())
    }

    /// `turn_ok`: may a run turn onto this spot?
    pub fn turn_ok(&self, y: i32, x: i32) -> bool {
        let pp = self.place(y, x);
        pp.p_ch == DOOR || pp.p_flags & (F_REAL | F_PASS) == (F_REAL | F_PASS)
    }

    /// `turnref`: at a new turning of a passage, show where the hero is
    /// (with `jump`, which otherwise shows only the end of a run).
    pub fn turnref(&mut self) {
        let hero = self.hero();
        if self.flat(hero.y, hero.x) & F_SEEN == 0 {
            if self.opts.jump {
                self.rt.scr.leaveok(crate::curses::Win::STD, true);
                self.rt.scr.refresh();
                self.rt.scr.leaveok(crate::curses::Win::STD, false);
            }
            *self.flat_mut(hero.y, hero.x) |= F_SEEN;
        }
    }

    /// `door_open`: the hero comes into a room: its monsters may wake (a
    /// xeroc disguised as an object is not seen as a monster).
    pub fn door_open(&mut self, r: RoomRef) -> Flow {
        let rp = *self.room(r);
        if rp.r_flags & ISGONE != 0 {
            return Ok(());
        }
        // The C looks at every spot, row by row, for something that looks
        // like a monster. Only spots with a monster can, so those are found
        // first, a column of the monsters' layer at a time (a column's
        // cells are in a run; columns no monster was put in since the
        // level began are skipped), then taken in the C's order; waking
        // one moves no other. A room crowded past the list, or one not
        // wholly on the map (a damaged save), is looked at spot by spot.
        let (mut found, mut n) = ([0u16; 64], 0);
        let height = usize::try_from(rp.r_max.y).unwrap_or(0);
        for x in rp.r_pos.x..rp.r_pos.x + rp.r_max.x {
            let Some(top) = Game::try_index(rp.r_pos.y, x) else {
                return self.door_open_by_spot(&rp);
            };
            if !self.dungeon.moat.column_may_hold(top) {
                continue;
            }
            let Some(run) = self.dungeon.moat.run(top, height) else {
                return self.door_open_by_spot(&rp);
            };
            for (k, _) in run.iter().enumerate().filter(|&(_, &m)| m != 0) {
                if n == found.len() {
                    return self.door_open_by_spot(&rp);
                }
                found[n] = (top + k) as u16;
                n += 1;
            }
        }
        let found = &mut found[..n];
        // Row by row: by y, then x (a map index is 32 x + y).
        found.sort_unstable_by_key(|&i| (i & 31, i >> 5));
        for &i in found.iter() {
            let (y, x) = (i32::from(i & 31), i32::from(i >> 5));
            if self.winat(y, x).is_ascii_uppercase() {
                self.wake_monster(y, x)?;
            }
        }
        Ok(())
    }

    /// `door_open` as the C writes it: every spot of the room, row by row.
    fn door_open_by_spot(&mut self, rp: &Room) -> Flow {
        for y in rp.r_pos.y..rp.r_pos.y + rp.r_max.y {
            for x in rp.r_pos.x..rp.r_pos.x + rp.r_max.x {
                if self.winat(y, x).is_ascii_uppercase() {
                    self.wake_monster(y, x)?;
                }
            }
        }
        Ok(())
    }

    /// `be_trapped`: the hero stepped on a trap. Returns the trap's kind.
    pub fn be_trapped(&mut self, tc: Coord) -> Flow<i32> {
        if self.hero.player.on(ISLEVIT) {
            // Anything that is not a trap door or a teleport.
            return Ok(T_RUST);
        }
        self.cmd.running = false;
        self.cmd.count = 0;
        let pp = self.place_mut(tc.y, tc.x);
        pp.p_ch = TRAP;
        let tr = i32::from(pp.p_flags & F_TMASK);
        pp.p_flags |= F_SEEN;
        match tr {
            T_DOOR => {
                self.dungeon.level += 1;
                self.new_level()?;
                self.msg("you fell into a trap!")?;
            }
            T_BEAR => {
                self.hero.no_move += self.rng.spread(3);
                self.msg("you are caught in a bear trap")?;
            }
            T_MYST => {
                let r = self.rng.rnd(11);
                let mut color = || RAINBOW[self.rng.rnd(RAINBOW.len() as i32) as usize];
                let text = match r {
                    0 => "you are suddenly in a parallel dimension".to_string(),
                    1 => format!("the light in here suddenly seems {}", color()),
                    2 => "you feel a sting in the side of your neck".to_string(),
                    3 => "multi-colored lines swirl around you, then fade".to_string(),
                    4 => format!("a {} light flashes in your eyes", color()),
                    5 => "a spike shoots past your ear!".to_string(),
                    6 => format!("{} sparks dance across your armor", color()),
                    7 => "you suddenly feel very thirsty".to_string(),
                    8 => "you feel time speed up suddenly".to_string(),
                    9 => "time now seems to be going slower".to_string(),
                    _ => format!("you pack turns {}!", color()),
                };
                self.msg(text)?;
            }
            T_SLEEP => {
                self.hero.no_command += self.rng.spread(5);
                self.hero.player.t_flags &= !ISRUN;
                self.msg("a strange white mist envelops you and you fall asleep")?;
            }
            T_ARROW => {
                let (lvl, arm) = (self.hero.player.t_stats.s_lvl, self.hero.player.t_stats.s_arm);
                if self.swing(lvl - 1, arm, 1) {
                    self.hero.player.t_stats.s_hpt -= self.rng.roll(1, 6);
                    if self.hero.player.t_stats.s_hpt <= 0 {
                        let shown = self.msg("an arrow killed you").map(drop);
                        return self.died_after(shown, b'a');
                    }
                    self.msg("oh no! An arrow shot you")?;
                } else {
                    let arrow = self.new_object();
                    self.init_weapon(arrow, ARROW);
                    self.dungeon.objs[arrow].o_count = 1;
                    self.dungeon.objs[arrow].o_pos = self.hero();
                    self.fall(arrow, false)?;
                    self.msg("an arrow shoots past you")?;
                }
            }
            T_TELEP => {
                // The hero leaves, so look() won't put the trap down: it is
                // done here.
                self.teleport()?;
                self.rt.scr.mvaddch(tc.y, tc.x, TRAP.into());
            }
            T_DART => {
                let (lvl, arm) = (self.hero.player.t_stats.s_lvl, self.hero.player.t_stats.s_arm);
                if !self.swing(lvl + 1, arm, 1) {
                    self.msg("a small dart whizzes by your ear and vanishes")?;
                } else {
                    self.hero.player.t_stats.s_hpt -= self.rng.roll(1, 4);
                    if self.hero.player.t_stats.s_hpt <= 0 {
                        let shown = self.msg("a poisoned dart killed you").map(drop);
                        return self.died_after(shown, b'd');
                    }
                    if !self.is_wearing(R_SUSTSTR) && !self.save(VS_POISON) {
                        self.chg_str(-1);
                    }
                    self.msg("a small dart just hit you in the shoulder")?;
                }
            }
            T_RUST => {
                self.msg("a gush of water hits you on the head")?;
                self.rust_armor(self.hero.cur_armor)?;
            }
            _ => {}
        }
        self.rt.scr.flushinp();
        Ok(tr)
    }

    /// `rndmove`: a random step for a confused creature (the hero when
    /// `who` is `None`); where it stands when the step is not legal.
    pub fn rndmove(&mut self, who: Option<MonId>) -> Coord {
        let pos = match who {
            None => self.hero.player.t_pos,
            Some(m) => self.dungeon.mons[m].t_pos,
        };
        let y = pos.y + self.rng.rnd(3) - 1;
        let x = pos.x + self.rng.rnd(3) - 1;
        let ret = Coord::new(y, x);
        if ret == pos {
            return ret;
        }
        if !self.diag_ok(pos, ret) {
            return pos;
        }
        let ch = self.winat(y, x);
        if !step_ok(ch) {
            return pos;
        }
        if ch == SCROLL {
            let scare = self
                .dungeon
                .lvl_obj
                .iter()
                .find(|&&o| self.dungeon.objs[o].o_pos == ret)
                .is_some_and(|&o| self.dungeon.objs[o].o_which == S_SCARE);
            if scare {
                return pos;
            }
        }
        ret
    }

    /// `rust_armor`: rust armor that can rust, unless it is protected.
    pub fn rust_armor(&mut self, arm: Option<ObjId>) -> Flow {
        let Some(arm) = arm else { return Ok(()) };
        let o = &self.dungeon.objs[arm];
        if o.o_type != i32::from(ARMOR) || o.o_which == LEATHER || o.o_arm >= 9 {
            return Ok(());
        }
        if o.o_flags & ISPROT != 0 || self.is_wearing(R_SUSTARM) {
            if !self.cmd.to_death {
                self.msg("the rust vanishes instantly")?;
            }
        } else {
            self.dungeon.objs[arm].o_arm += 1;
            self.msg(if !self.opts.terse {
                "your armor appears to be weaker now. Oh my!"
            } else {
                "your armor weakens"
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The monsters found a column at a time and woken in the C's order
    /// wake as the spot-by-spot scan wakes them: the same draws, the same
    /// monsters' flags and goals, on every room of many levels.
    #[test]
    fn door_open_wakes_as_the_spot_by_spot_scan() {
        let mut woken = 0;
        for seed in 0..150 {
            let mut g = Game::headless();
            let _messages = g.record();
            g.init_new_game(seed * 7919 + 11);
            for _ in 0..20 {
                let _ = g.dig_next();
                for r in 0..MAXROOMS {
                    let (mut a, mut b) = (g.clone(), g.clone());
                    let room = *b.room(RoomRef::Room(r));
                    let (ra, rb) = (a.door_open(RoomRef::Room(r)), b.door_open_by_spot(&room));
                    assert_eq!(ra.is_ok(), rb.is_ok());
                    assert_eq!(a.rng.seed(), b.rng.seed(), "seed {seed} level {} room {r}", g.dungeon.level);
                    let inside = |c: Coord| {
                        (room.r_pos.y..room.r_pos.y + room.r_max.y).contains(&c.y)
                            && (room.r_pos.x..room.r_pos.x + room.r_max.x).contains(&c.x)
                    };
                    let here = g.dungeon.mlist.iter().filter(|&&m| inside(g.dungeon.mons[m].t_pos)).count();
                    // Where the order could matter: two or more, and draws.
                    woken += usize::from(here >= 2 && a.rng.seed() != g.rng.seed());
                    for &m in a.dungeon.mlist.iter() {
                        let (ma, mb) = (&a.dungeon.mons[m], &b.dungeon.mons[m]);
                        assert_eq!((ma.t_flags, ma.t_dest), (mb.t_flags, mb.t_dest), "seed {seed} room {r}");
                    }
                }
            }
        }
        assert!(woken > 20, "too few rooms with several monsters drew while waking ({woken}) to test the order");
    }
}
