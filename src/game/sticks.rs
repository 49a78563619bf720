//! sticks.c: wands and staffs: making them, zapping them, and the bolts
//! they fire.

use crate::game::cbuf::CBuf;
use crate::game::cfmt::cat;
use crate::game::consts::*;
use crate::game::io::step_ok;
use crate::game::thing::{Coord, Dest, MonId, ObjId, Object, RoomRef, Weap};
use crate::game::{Flow, Game};

/// Where a bolt starts: the hero, or a monster's spot (a dragon's flame).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoltFrom {
    Hero,
    Monster(MonId),
}

impl Game {
    /// `fix_stick`: set up a new wand or staff.
    pub fn fix_stick(&mut self, cur: ObjId) {
        let which = self.dungeon.objs[cur].o_which;
        let staff = self.known.ws_type.get(which as usize).is_some_and(|t| *t == "staff");
        let charges = if which == WS_LIGHT { self.rng.rnd(10) + 10 } else { self.rng.rnd(5) + 3 };
        let o = &mut self.dungeon.objs[cur];
        o.o_damage = CBuf::strncpy(if staff { b"2x3" } else { b"1x1" });
        o.o_hurldmg = CBuf::strncpy(b"1x1");
        o.o_arm = charges;
    }

    /// The first spot from the hero in the direction `delta` that cannot
    /// be stepped on (where a zap stops).
    fn zap_target(&self) -> Coord {
        let (mut y, mut x) = (self.hero().y, self.hero().x);
        while step_ok(self.winat_safe(y, x)) {
            y += self.cmd.delta.y;
            x += self.cmd.delta.x;
        }
        Coord::new(y, x)
    }

    /// `do_zap`: zap a wand or staff in the direction of `delta`.
    pub fn do_zap(&mut self) -> Flow {
        let Some(obj) = self.get_item(b"zap with", i32::from(STICK))? else { return Ok(()) };
        if self.dungeon.objs[obj].o_type != i32::from(STICK) {
            self.cmd.after = false;
            self.msg("you can't zap with that!")?;
            return Ok(());
        }
        if self.dungeon.objs[obj].o_arm == 0 {
            self.msg("nothing happens")?;
            return Ok(());
        }
        let which = self.dungeon.objs[obj].o_which;
        match which {
            WS_LIGHT => {
                // Light up the room.
                self.known_mut().ws_info[WS_LIGHT as usize].oi_know = true;
                let gone = self.proom().is_none_or(|r| self.room(r).r_flags & ISGONE != 0);
                if gone {
                    self.msg("the corridor glows and then fades")?;
                } else {
                    if let Some(r) = self.proom() {
                        self.room_mut(r).r_flags &= !ISDARK;
                    }
                    // Light the room and put the hero back up.
                    let hero = self.hero();
                    self.enter_room(hero)?;
                    self.addmsg("the room is lit")?;
                    if !self.opts.terse {
                        let t = format!(" by a shimmering {} light", self.pick_color("blue"));
                        self.addmsg(t)?;
                    }
                    self.endmsg()?;
                }
            }
            WS_DRAIN => {
                // Half her hit points, taken evenly from the monsters
                // around.
                if self.hero.player.t_stats.s_hpt < 2 {
                    self.msg("you are too weak to use it")?;
                    return Ok(());
                }
                self.drain()?;
            }
            WS_INVIS | WS_POLYMORPH | WS_TELAWAY | WS_TELTO | WS_CANCEL => {
                let Coord { y, x } = self.zap_target();
                if let Some(tp) = self.moat_safe(y, x) {
                    let monster = self.dungeon.mons[tp].t_type;
                    if monster == b'F' {
                        self.hero.player.t_flags &= !ISHELD;
                    }
                    match which {
                        WS_INVIS => {
                            self.dungeon.mons[tp].t_flags |= ISINVIS;
                            if self.cansee(y, x)? {
                                let oc = self.dungeon.mons[tp].t_oldch;
                                self.rt.scr.mvaddch(y, x, oc.into());
                            }
                        }
                        WS_POLYMORPH => {
                            let pp = std::mem::take(&mut self.dungeon.mons[tp].t_pack);
                            crate::game::list::detach(&mut self.dungeon.mlist, tp);
                            if self.see_monst(tp) {
                                let c = self.chat(y, x);
                                self.rt.scr.mvaddch(y, x, c.into());
                            }
                            let oldch = self.dungeon.mons[tp].t_oldch;
                            self.cmd.delta = Coord::new(y, x);
                            let monster = self.rng.rnd(26) as u8 + b'A';
                            self.new_monster(tp, monster, Coord::new(y, x))?;
                            if self.see_monst(tp) {
                                self.rt.scr.mvaddch(y, x, monster.into());
                            }
                            self.dungeon.mons[tp].t_oldch = oldch;
                            self.dungeon.mons[tp].t_pack = pp;
                            let seen = self.see_monst(tp);
                            self.known_mut().ws_info[WS_POLYMORPH as usize].oi_know |= seen;
                        }
                        WS_CANCEL => {
                            let t = &mut self.dungeon.mons[tp];
                            t.t_flags |= ISCANC;
                            t.t_flags &= !(ISINVIS | CANHUH);
                            t.t_disguise = t.t_type;
                            if self.see_monst(tp) {
                                let d = self.dungeon.mons[tp].t_disguise;
                                self.rt.scr.mvaddch(y, x, d.into());
                            }
                        }
                        _ => {
                            // Teleport away, or to her.
                            let new_pos = if which == WS_TELAWAY {
                                // Nowhere else to go (a damaged save): the
                                // monster stays where it is.
                                let mut tries = 0;
                                loop {
                                    match self.find_free_spot() {
                                        Some(p) if p != self.hero() => break p,
                                        Some(_) if tries < 1000 => tries += 1,
                                        _ => break Coord::new(y, x),
                                    }
                                }
                            } else {
                                let h = self.hero();
                                Coord::new(h.y + self.cmd.delta.y, h.x + self.cmd.delta.x)
                            };
                            let t = &mut self.dungeon.mons[tp];
                            t.t_dest = Some(Dest::Hero);
                            t.t_flags |= ISRUN;
                            self.relocate(tp, new_pos)?;
                        }
                    }
                }
            }
            WS_MISSILE => {
                self.known_mut().ws_info[WS_MISSILE as usize].oi_know = true;
                // The static bolt of the C keeps what it held before.
                {
                    let b = &mut self.statics.zap_bolt;
                    b.o_type = i32::from(b'*');
                    b.o_hurldmg = CBuf::strncpy(b"1x4");
                    b.o_hplus = 100;
                    b.o_dplus = 1;
                    b.o_flags = ISMISL;
                }
                if let Some(w) = self.hero.cur_weapon {
                    self.statics.zap_bolt.o_launch = self.dungeon.objs[w].o_which;
                }
                let (dy, dx) = (self.cmd.delta.y, self.cmd.delta.x);
                self.do_motion(Weap::ZapBolt, dy, dx)?;
                let pos = self.statics.zap_bolt.o_pos;
                let hit = match self.moat_safe(pos.y, pos.x) {
                    Some(tp) => {
                        let lvl = self.dungeon.mons[tp].t_stats.s_lvl;
                        !self.save_throw(VS_MAGIC, lvl)
                    }
                    None => false,
                };
                if hit {
                    self.hit_monster(pos.y, pos.x, Weap::ZapBolt)?;
                } else if self.opts.terse {
                    self.msg("missle vanishes")?;
                } else {
                    self.msg("the missle vanishes with a puff of smoke")?;
                }
            }
            WS_HASTE_M | WS_SLOW_M => {
                let Coord { y, x } = self.zap_target();
                if let Some(tp) = self.moat_safe(y, x) {
                    let t = &mut self.dungeon.mons[tp];
                    if which == WS_HASTE_M {
                        if t.on(ISSLOW) {
                            t.t_flags &= !ISSLOW;
                        } else {
                            t.t_flags |= ISHASTE;
                        }
                    } else {
                        if t.on(ISHASTE) {
                            t.t_flags &= !ISHASTE;
                        } else {
                            t.t_flags |= ISSLOW;
                        }
                        t.t_turn = true;
                    }
                    self.cmd.delta = Coord::new(y, x);
                    self.runto(Coord::new(y, x))?;
                }
            }
            WS_ELECT | WS_FIRE | WS_COLD => {
                let name = match which {
                    WS_ELECT => "bolt",
                    WS_FIRE => "flame",
                    _ => "ice",
                };
                let mut dir = self.cmd.delta;
                self.fire_bolt(BoltFrom::Hero, &mut dir, name)?;
                self.cmd.delta = dir;
                self.known_mut().ws_info[which as usize].oi_know = true;
            }
            WS_NOP => {}
            _ => {
                if self.cfg.master {
                    self.msg("what a bizarre schtick!")?;
                }
            }
        }
        self.dungeon.objs[obj].o_arm -= 1;
        Ok(())
    }

    /// `drain`: the wand of drain life: half her hit points, shared out as
    /// damage among the monsters of her room (or her passage).
    fn drain(&mut self) -> Flow {
        let hero = self.hero();
        let corp = (self.chat(hero.y, hero.x) == DOOR)
            .then(|| RoomRef::Passage(usize::from(self.flat(hero.y, hero.x) & F_PNUM)));
        let proom = self.proom();
        let inpass = proom.is_some_and(|r| self.room(r).r_flags & ISGONE != 0);
        let mut drainee: Vec<MonId> = Vec::new();
        for &mp in &self.dungeon.mlist {
            let t = &self.dungeon.mons[mp];
            let door_into = inpass
                && self.chat(t.t_pos.y, t.t_pos.x) == DOOR
                && Some(RoomRef::Passage(usize::from(self.flat(t.t_pos.y, t.t_pos.x) & F_PNUM))) == proom;
            if t.t_room == proom || (corp.is_some() && t.t_room == corp) || door_into {
                drainee.push(mp);
            }
        }
        // The C's list has room for 40 monsters.
        drainee.truncate(40);
        if drainee.is_empty() {
            self.msg("you have a tingling feeling")?;
            return Ok(());
        }
        self.hero.player.t_stats.s_hpt /= 2;
        let cnt = self.hero.player.t_stats.s_hpt / drainee.len() as i32;
        // Now zot all of the monsters.
        for mp in drainee {
            if !self.dungeon.mons.contains(mp) {
                continue;
            }
            self.dungeon.mons[mp].t_stats.s_hpt -= cnt;
            if self.dungeon.mons[mp].t_stats.s_hpt <= 0 {
                let seen = self.see_monst(mp);
                self.killed(mp, seen)?;
            } else {
                let pos = self.dungeon.mons[mp].t_pos;
                self.runto(pos)?;
            }
        }
        Ok(())
    }

    /// `fire_bolt`: a bolt of lightning, fire or ice from a spot in a
    /// direction, bouncing off walls, hitting what it meets.
    pub fn fire_bolt(&mut self, from: BoltFrom, dir: &mut Coord, name: &'static str) -> Flow {
        let start = match from {
            BoltFrom::Hero => self.hero(),
            BoltFrom::Monster(m) => self.dungeon.mons[m].t_pos,
        };
        // The C's bolt is a local object of which only these fields are
        // set; the rest is whatever the stack held. In the original binary,
        // after the zap's item prompt, that is the key last read (in
        // o_launch and in the fourth byte of an otherwise empty o_damage)
        // and half a code pointer (in o_flags, ISMISL among its bits): so a
        // bolt that reaches a monster which fails its save misses it (no
        // damage string, and no launcher of that number). Measured with a
        // debugger on the original; the port holds those values on purpose.
        let key = self.statics.last_key;
        self.statics.fire_bolt = Object {
            o_type: i32::from(WEAPON),
            o_which: FLAME,
            o_hurldmg: CBuf::strncpy(b"6x6"),
            o_hplus: 100,
            o_dplus: 0,
            o_launch: i32::from(key),
            o_damage: CBuf([0, 0, 0, key, 0, 0, 0, 0]),
            o_flags: 0x5555,
            ..Object::default()
        };
        self.known_mut().weap_info[FLAME as usize].oi_name = Some(name);
        let dirch = match dir.y + dir.x {
            0 => b'/',
            1 | -1 => {
                if dir.y == 0 {
                    b'-'
                } else {
                    b'|'
                }
            }
            2 | -2 => b'\\',
            _ => 0,
        };
        let mut pos = start;
        let mut hit_hero = from != BoltFrom::Hero;
        let mut used = false;
        let mut changed = false;
        let mut spotpos: Vec<Coord> = Vec::with_capacity(BOLT_LENGTH as usize);
        while spotpos.len() < BOLT_LENGTH as usize && !used {
            pos.y += dir.y;
            pos.x += dir.x;
            spotpos.push(pos);
            let ch = self.winat_safe(pos.y, pos.x);
            // A door the hero stands on counts as floor (firing at the
            // wall of her own door would loop forever otherwise).
            let bounce = match ch {
                DOOR => pos != self.hero(),
                b'|' | b'-' | b' ' => true,
                _ => false,
            };
            if bounce {
                if !changed {
                    hit_hero = !hit_hero;
                }
                changed = false;
                dir.y = -dir.y;
                dir.x = -dir.x;
                spotpos.pop();
                self.msg(format!("the {name} bounces"))?;
                continue;
            }
            if !hit_hero && let Some(tp) = self.moat_safe(pos.y, pos.x) {
                hit_hero = true;
                changed = !changed;
                self.dungeon.mons[tp].t_oldch = self.chat(pos.y, pos.x);
                let lvl = self.dungeon.mons[tp].t_stats.s_lvl;
                if !self.save_throw(VS_MAGIC, lvl) {
                    self.statics.fire_bolt.o_pos = pos;
                    used = true;
                    if self.dungeon.mons[tp].t_type == b'D' && name == "flame" {
                        self.addmsg("the flame bounces")?;
                        if !self.opts.terse {
                            self.addmsg(" off the dragon")?;
                        }
                        self.endmsg()?;
                    } else {
                        self.hit_monster(pos.y, pos.x, Weap::FireBolt)?;
                    }
                } else if ch != b'M' || self.dungeon.mons.get(tp).is_some_and(|t| t.t_disguise == b'M') {
                    if from == BoltFrom::Hero {
                        self.runto(pos)?;
                    }
                    if self.opts.terse {
                        self.msg(format!("{name} misses"))?;
                    } else {
                        let mname = self.set_mname(tp);
                        self.msg(cat!(b"the ", name, b" whizzes past ", mname.as_bytes()))?;
                    }
                }
            } else if hit_hero && pos == self.hero() {
                hit_hero = false;
                changed = !changed;
                if !self.save(VS_MAGIC) {
                    self.hero.player.t_stats.s_hpt -= self.rng.roll(6, 6);
                    if self.hero.player.t_stats.s_hpt <= 0 {
                        return Err(crate::game::ending::Ending::Died(match from {
                            BoltFrom::Hero => b'b',
                            BoltFrom::Monster(m) => self.dungeon.mons.get(m).map_or(b'b', |t| t.t_type),
                        }));
                    }
                    used = true;
                    if self.opts.terse {
                        self.msg(format!("the {name} hits"))?;
                    } else {
                        self.msg(format!("you are hit by the {name}"))?;
                    }
                } else {
                    self.msg(format!("the {name} whizzes by you"))?;
                }
            }
            self.rt.scr.mvaddch(pos.y, pos.x, dirch.into());
            self.rt.scr.refresh();
        }
        for c in spotpos {
            let ch = self.chat_safe(c.y, c.x);
            if Game::try_index(c.y, c.x).is_some() {
                self.rt.scr.mvaddch(c.y, c.x, ch.into());
            }
        }
        Ok(())
    }

    /// `pick_color` (init.c): a color, or any color while hallucinating.
    pub fn pick_color(&mut self, col: &'static str) -> &'static str {
        if self.hero.player.on(ISHALU) {
            crate::game::data::RAINBOW[self.rng.rnd(crate::game::data::RAINBOW.len() as i32) as usize]
        } else {
            col
        }
    }

    /// `moat(y, x)` for a spot that may be off the map.
    pub fn moat_safe(&self, y: i32, x: i32) -> Option<MonId> {
        Game::try_index(y, x).and_then(|i| self.monst_at(i))
    }
}
