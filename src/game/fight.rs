//! fight.c: combat: the hero attacking monsters, monsters attacking the
//! hero (and their special attacks), hits, misses and deaths.

use crate::game::cbuf::CBuf;
use crate::game::cfmt::cat;
use crate::game::consts::*;
use crate::game::data::{MONSTERS, monster_info};
use crate::game::thing::{Coord, MonId, Object, Weap, Who};
use crate::game::weapons::weap_name;
use crate::game::{Ending, Flow, Game};

/// What the hero (0..4) or a monster (4..8) does when hitting.
const H_NAMES: [&str; 8] = [
    " scored an excellent hit on ",
    " hit ",
    " have injured ",
    " swing and hit ",
    " scored an excellent hit on ",
    " hit ",
    " has injured ",
    " swings and hits ",
];

/// ... and when missing.
const M_NAMES: [&str; 8] = [
    " miss",
    " swing and miss",
    " barely miss",
    " don't hit",
    " misses",
    " swings and misses",
    " barely misses",
    " doesn't hit",
];

/// To-hit adjustment for strength (`str_plus[]`), by strength 0..=31.
const STR_PLUS: [i32; 32] =
    [-7, -6, -5, -4, -3, -2, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3];

/// Damage adjustment for strength (`add_dam[]`), by strength 0..=31.
const ADD_DAM: [i32; 32] =
    [-7, -6, -5, -4, -3, -2, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6];

// DEVIATION: a strength outside 0..31 reads past the C's tables; the port uses the entry of 31; test: deviations::strength_above_31_counts_as_31
/// The table entry for a strength. The game keeps strength in 3..=31
/// (`chg_str`), and the C reads past its tables otherwise; an impossible
/// strength (an edited save) counts as 31 here.
fn by_str(table: &[i32; 32], s_str: u32) -> i32 {
    table[(s_str as usize).min(table.len() - 1)]
}

/// C `atoi` as glibc does it (`(int) strtol(s, NULL, 10)`): skip white
/// space, take an optional sign and the digits that follow; anything else
/// ends the number, so a leading non-digit gives 0. strtol saturates at the
/// 64-bit `long` range and the cast keeps the low 32 bits.
pub fn atoi(s: &[u8]) -> i32 {
    let mut i = s.iter().take_while(|&&c| matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')).count();
    let neg = match s.get(i) {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    // Past 2^63 + 1 the magnitude saturates either way.
    let cap = i128::from(i64::MAX) + 2;
    let mag =
        s[i..].iter().take_while(|c| c.is_ascii_digit()).fold(0i128, |m, &c| (m * 10 + i128::from(c - b'0')).min(cap));
    let long = if neg { (-mag).max(i128::from(i64::MIN)) } else { mag.min(i128::from(i64::MAX)) };
    long as i64 as i32
}

/// C `strchr(s + from, c)` for a non-NUL `c` in a C string: the index of
/// the first `c` at or after `from`.
fn strchr(s: &[u8], from: usize, c: u8) -> Option<usize> {
    s.get(from..)?.iter().position(|&b| b == c).map(|p| from + p)
}

/// A damage string as C code reading from a `char *` sees it.
struct DmgText {
    bytes: [u8; 16],
    len: usize,
}

impl DmgText {
    fn new(parts: &[&[u8]]) -> Self {
        let mut t = DmgText { bytes: [0; 16], len: 0 };
        for part in parts {
            for &b in part.iter().take_while(|&&b| b != 0) {
                if let Some(slot) = t.bytes.get_mut(t.len) {
                    *slot = b;
                    t.len += 1;
                }
            }
        }
        t
    }

    /// `o_damage` of an object. When all 8 bytes are used there is no
    /// terminator, and C string functions run on into `o_hurldmg`, the
    /// next field (and stop at the zeroed padding after it); mimicked on
    /// purpose, though no weapon of the game has such a long string.
    fn damage(o: &Object) -> Self {
        if o.o_damage.0.contains(&0) {
            DmgText::new(&[o.o_damage.as_bytes()])
        } else {
            DmgText::new(&[&o.o_damage.0, o.o_hurldmg.as_bytes()])
        }
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl Game {
    /// `swing`: does an attacker of level `at_lvl` hit armor class `op_arm`
    /// with `wplus` to hit? One draw, rnd(20).
    pub fn swing(&mut self, at_lvl: i32, op_arm: i32, wplus: i32) -> bool {
        let res = self.rng.rnd(20);
        let need = 20i32.wrapping_sub(at_lvl).wrapping_sub(op_arm);
        res.wrapping_add(wplus) >= need
    }

    /// The plus of the ring of `kind` worn on `hand`, if that is the ring
    /// there.
    fn ring_plus(&self, hand: usize, kind: i32) -> Option<i32> {
        if self.is_ring(hand, kind) { self.hero.cur_ring[hand].map(|r| self.dungeon.objs[r].o_arm) } else { None }
    }

    /// `roll_em`: `attacker` attacks `defender` with `weap` (its natural
    /// attacks when `None`), thrown when `hurl`. One swing per attack of
    /// the damage string; a hit rolls the damage and takes it off the
    /// defender's hit points. Returns whether any attack hit.
    pub fn roll_em(&mut self, attacker: Who, defender: Who, weap: Option<Weap>, hurl: bool) -> bool {
        let (text, mut hplus, dplus) = match weap {
            None => (DmgText::new(&[self.creature(attacker).t_stats.s_dmg.as_bytes()]), 0, 0),
            Some(w) => {
                let o = self.weap(w);
                let (mut hplus, mut dplus) = (o.o_hplus, o.o_dplus);
                // Rings help only the wielded weapon; per hand, a ring of
                // increase damage is tested first, dexterity only otherwise.
                if self.hero.cur_weapon.is_some() && weap == self.hero.cur_weapon.map(Weap::Item) {
                    for hand in [LEFT, RIGHT] {
                        if let Some(p) = self.ring_plus(hand, R_ADDDAM) {
                            dplus = dplus.wrapping_add(p);
                        } else if let Some(p) = self.ring_plus(hand, R_ADDHIT) {
                            hplus = hplus.wrapping_add(p);
                        }
                    }
                }
                let mut text = DmgText::damage(o);
                if hurl {
                    let launcher =
                        self.hero.cur_weapon.map(|c| &self.dungeon.objs[c]).filter(|c| c.o_which == o.o_launch);
                    match launcher {
                        // A missile fired from its launcher adds the
                        // launcher's plusses.
                        Some(l) if o.o_flags & ISMISL != 0 => {
                            text = DmgText::new(&[o.o_hurldmg.as_bytes()]);
                            hplus = hplus.wrapping_add(l.o_hplus);
                            dplus = dplus.wrapping_add(l.o_dplus);
                        }
                        // Anything else thrown uses its thrown damage only
                        // when it needs no launcher.
                        _ if o.o_launch < 0 => text = DmgText::new(&[o.o_hurldmg.as_bytes()]),
                        _ => {}
                    }
                }
                (text, hplus, dplus)
            }
        };
        // A defender that is not running (asleep or held) is easier to hit.
        if !self.creature(defender).on(ISRUN) {
            hplus = hplus.wrapping_add(4);
        }
        let mut def_arm = self.creature(defender).t_stats.s_arm;
        if defender == Who::Hero {
            if let Some(a) = self.hero.cur_armor {
                def_arm = self.dungeon.objs[a].o_arm;
            }
            for hand in [LEFT, RIGHT] {
                if let Some(p) = self.ring_plus(hand, R_PROTECT) {
                    def_arm = def_arm.wrapping_sub(p);
                }
            }
        }

        // The attacks, "NxS" each, separated by '/', read with C string
        // semantics: `cp` is the C pointer as an index into the string.
        let s = text.as_bytes();
        let mut cp = 0;
        let mut did_hit = false;
        while cp < s.len() {
            let ndice = atoi(&s[cp..]);
            let Some(x) = strchr(s, cp, b'x') else { break };
            cp = x + 1;
            let nsides = atoi(&s[cp..]);
            let att = &self.creature(attacker).t_stats;
            let (lvl, strength) = (att.s_lvl, att.s_str);
            if self.swing(lvl, def_arm, hplus.wrapping_add(by_str(&STR_PLUS, strength))) {
                let proll = self.rng.roll(ndice, nsides);
                let damage = dplus.wrapping_add(proll).wrapping_add(by_str(&ADD_DAM, strength));
                let def = &mut self.creature_mut(defender).t_stats;
                def.s_hpt = def.s_hpt.wrapping_sub(damage.max(0));
                did_hit = true;
            }
            // The next attack starts after the first '/' past the 'x'.
            let Some(slash) = strchr(s, cp, b'/') else { break };
            cp = slash + 1;
        }
        did_hit
    }
}

impl Game {
    /// `set_mname`: how to name a monster in a message ("the orc"; "it" or
    /// "something" when it cannot be seen).
    pub fn set_mname(&mut self, tp: MonId) -> MonName {
        if !self.see_monst(tp) && !self.hero.player.on(SEEMONST) {
            return CBuf::strncpy(if self.opts.terse { b"it" } else { b"something" });
        }
        let name = if self.hero.player.on(ISHALU) {
            // A hallucinating hero names whatever is shown there.
            let pos = self.dungeon.mons[tp].t_pos;
            let ch = crate::curses::cchar(self.rt.scr.mvinch(pos.y, pos.x)) & 0x7f;
            let i = if ch.is_ascii_uppercase() { usize::from(ch - b'A') } else { self.rng.rnd(26) as usize };
            MONSTERS[i].name
        } else {
            monster_info(self.dungeon.mons[tp].t_type).name
        };
        let mut s = CBuf::zeroed();
        s.write_parts_at(0, &[b"the ", name.as_bytes()]);
        s
    }

    /// `fight`: the hero attacks the monster at a spot. `true` on a hit.
    pub fn fight(&mut self, mp: Coord, weap: Option<Weap>, thrown: bool) -> Flow<bool> {
        let tp = self.moat(mp.y, mp.x);
        if tp.is_none() && self.cfg.master && self.cmd.wizard != 0 {
            self.msg(format!("Fight what @ {},{}", mp.y, mp.x))?;
        }
        // No healing while fighting.
        self.cmd.count = 0;
        self.hero.quiet = 0;
        self.runto(mp)?;
        // DEVIATION: the C follows a null pointer when no monster is there; the port does nothing; test: deviations::fighting_nothing_does_nothing
        let Some(tp) = tp else { return Ok(false) };
        // It was really a xeroc.
        if self.dungeon.mons[tp].t_type == b'X'
            && self.dungeon.mons[tp].t_disguise != b'X'
            && !self.hero.player.on(ISBLIND)
        {
            self.dungeon.mons[tp].t_disguise = b'X';
            if self.hero.player.on(ISHALU) {
                let ch = self.rng.rnd(26) as u8 + b'A';
                let pos = self.dungeon.mons[tp].t_pos;
                self.rt.scr.mvaddch(pos.y, pos.x, ch.into());
            }
            let t = self.choose_str("heavy!  That's a nasty critter!", "wait!  That's a xeroc!");
            self.msg(t)?;
            if !thrown {
                return Ok(false);
            }
        }
        let mname = self.set_mname(tp);
        self.cmd.has_hit = self.opts.terse && !self.cmd.to_death;
        if self.roll_em(Who::Hero, Who::Monster(tp), weap, thrown) {
            let mut did_hit = false;
            if thrown {
                self.thunk(weap, mname.as_bytes(), self.opts.terse)?;
            } else {
                self.hit(None, Some(mname.as_bytes()), self.opts.terse)?;
            }
            if self.hero.player.on(CANHUH) {
                did_hit = true;
                self.dungeon.mons[tp].t_flags |= ISHUH;
                self.hero.player.t_flags &= !CANHUH;
                self.endmsg()?;
                self.cmd.has_hit = false;
                let t = format!("your hands stop glowing {}", self.pick_color("red"));
                self.msg(t)?;
            }
            if self.dungeon.mons[tp].t_stats.s_hpt <= 0 {
                self.killed(tp, true)?;
            } else if did_hit && !self.hero.player.on(ISBLIND) {
                self.msg(cat!(mname.as_bytes(), b" appears confused"))?;
            }
            Ok(true)
        } else {
            if thrown {
                self.bounce(weap, mname.as_bytes(), self.opts.terse)?;
            } else {
                self.miss(None, Some(mname.as_bytes()), self.opts.terse)?;
            }
            Ok(false)
        }
    }

    /// `attack`: a monster attacks the hero. -1 when the monster is gone
    /// (a leprechaun or nymph that stole and vanished).
    pub fn attack(&mut self, mp: MonId) -> Flow<i32> {
        // An attack stops running and healing.
        self.cmd.running = false;
        self.cmd.count = 0;
        self.hero.quiet = 0;
        if self.cmd.to_death && !self.dungeon.mons[mp].on(ISTARGET) {
            self.cmd.to_death = false;
            self.cmd.kamikaze = false;
        }
        if self.dungeon.mons[mp].t_type == b'X'
            && self.dungeon.mons[mp].t_disguise != b'X'
            && !self.hero.player.on(ISBLIND)
        {
            self.dungeon.mons[mp].t_disguise = b'X';
            if self.hero.player.on(ISHALU) {
                let pos = self.dungeon.mons[mp].t_pos;
                let ch = self.rng.rnd(26) as u8 + b'A';
                self.rt.scr.mvaddch(pos.y, pos.x, ch.into());
            }
        }
        let mname = self.set_mname(mp);
        let mtype = self.dungeon.mons[mp].t_type;
        let mut oldhp = self.hero.player.t_stats.s_hpt;
        let mut gone = false;
        if self.roll_em(Who::Monster(mp), Who::Hero, None, false) {
            let shown = if mtype != b'I' {
                if self.cmd.has_hit {
                    self.addmsg(".  ")?;
                }
                self.hit(Some(mname.as_bytes()), None, false)
            } else if self.cmd.has_hit {
                self.endmsg().map(drop)
            } else {
                Ok(())
            };
            if self.hero.player.t_stats.s_hpt <= 0 {
                return self.died_after(shown, mtype);
            }
            shown?;
            self.cmd.has_hit = false;
            if !self.cmd.kamikaze {
                oldhp -= self.hero.player.t_stats.s_hpt;
                if oldhp > self.statics.max_hit {
                    self.statics.max_hit = oldhp;
                }
                if self.hero.player.t_stats.s_hpt <= self.statics.max_hit {
                    self.cmd.to_death = false;
                }
            }
            if !self.dungeon.mons[mp].on(ISCANC) {
                gone = self.special_attack(mp, mtype, mname.as_bytes())?;
            }
        } else if mtype != b'I' {
            if self.cmd.has_hit {
                self.addmsg(".  ")?;
                self.cmd.has_hit = false;
            }
            if mtype == b'F' {
                self.hero.player.t_stats.s_hpt -= self.hero.vf_hit;
                if self.hero.player.t_stats.s_hpt <= 0 {
                    return Err(Ending::Died(mtype));
                }
            }
            self.miss(Some(mname.as_bytes()), None, false)?;
        }
        if self.opts.fight_flush && !self.cmd.to_death {
            self.rt.scr.flushinp();
        }
        self.cmd.count = 0;
        self.status()?;
        Ok(if gone { -1 } else { 0 })
    }

    /// The special attacks of monsters that hit. `true` when the monster
    /// is gone afterwards.
    fn special_attack(&mut self, mp: MonId, mtype: u8, mname: &[u8]) -> Flow<bool> {
        match mtype {
            b'A' => {
                // An aquator's touch rusts armor.
                self.rust_armor(self.hero.cur_armor)?;
            }
            b'I' => {
                // The ice monster freezes the hero.
                self.hero.player.t_flags &= !ISRUN;
                if self.hero.no_command == 0 {
                    self.addmsg("you are frozen")?;
                    if !self.opts.terse {
                        self.addmsg(cat!(b" by the ", mname))?;
                    }
                    self.endmsg()?;
                }
                self.hero.no_command += self.rng.rnd(2) + 2;
                if self.hero.no_command > BORE_LEVEL {
                    return Err(Ending::Died(b'h'));
                }
            }
            // Rattlesnakes have poisonous bites.
            b'R' if !self.save(VS_POISON) => {
                if !self.is_wearing(R_SUSTSTR) {
                    self.chg_str(-1);
                    self.msg(if !self.opts.terse {
                        "you feel a bite in your leg and now feel weaker"
                    } else {
                        "a bite has weakened you"
                    })?;
                } else if !self.cmd.to_death {
                    self.msg(if !self.opts.terse { "a bite momentarily weakens you" } else { "bite has no effect" })?;
                }
            }
            // Wraiths drain levels, vampires maximum hit points.
            b'W' | b'V' if self.rng.rnd(100) < if mtype == b'W' { 15 } else { 30 } => {
                {
                    let fewer = if mtype == b'W' {
                        if self.hero.player.t_stats.s_exp == 0 {
                            // All levels gone.
                            return Err(Ending::Died(b'W'));
                        }
                        self.hero.player.t_stats.s_lvl -= 1;
                        if self.hero.player.t_stats.s_lvl == 0 {
                            self.hero.player.t_stats.s_exp = 0;
                            self.hero.player.t_stats.s_lvl = 1;
                        } else {
                            let i = (self.hero.player.t_stats.s_lvl - 1).clamp(0, 20) as usize;
                            self.hero.player.t_stats.s_exp = self.known.e_levels[i] + 1;
                        }
                        self.rng.roll(1, 10)
                    } else {
                        self.rng.roll(1, 3)
                    };
                    self.hero.player.t_stats.s_hpt -= fewer;
                    self.hero.player.t_stats.s_maxhp -= fewer;
                    if self.hero.player.t_stats.s_hpt <= 0 {
                        self.hero.player.t_stats.s_hpt = 1;
                    }
                    if self.hero.player.t_stats.s_maxhp <= 0 {
                        return Err(Ending::Died(mtype));
                    }
                    self.msg("you suddenly feel weaker")?;
                }
            }
            b'F' => {
                // The venus flytrap holds the hero fast.
                self.hero.player.t_flags |= ISHELD;
                self.hero.vf_hit += 1;
                let dmg = format!("{}x1", self.hero.vf_hit);
                self.dungeon.monster_stats[usize::from(b'F' - b'A')].s_dmg.strcpy(dmg.as_bytes());
                self.hero.player.t_stats.s_hpt -= 1;
                if self.hero.player.t_stats.s_hpt <= 0 {
                    return Err(Ending::Died(b'F'));
                }
            }
            b'L' => {
                // The leprechaun steals some gold.
                let lastpurse = self.hero.purse;
                self.hero.purse -= self.goldcalc();
                if !self.save(VS_MAGIC) {
                    let g = self.goldcalc() + self.goldcalc() + self.goldcalc() + self.goldcalc();
                    self.hero.purse -= g;
                }
                if self.hero.purse < 0 {
                    self.hero.purse = 0;
                }
                let pos = self.dungeon.mons[mp].t_pos;
                self.remove_mon(pos, mp, false)?;
                if self.hero.purse != lastpurse {
                    self.msg("your purse feels lighter")?;
                }
                return Ok(true);
            }
            b'N' => {
                // The nymph steals a magic item she likes.
                let mut steal = None;
                let mut nobj = 0;
                for obj in self.hero.player.t_pack.clone() {
                    let used = Some(obj) == self.hero.cur_armor
                        || Some(obj) == self.hero.cur_weapon
                        || Some(obj) == self.hero.cur_ring[LEFT]
                        || Some(obj) == self.hero.cur_ring[RIGHT];
                    if !used && self.is_magic(obj) {
                        nobj += 1;
                        if self.rng.rnd(nobj) == 0 {
                            steal = Some(obj);
                        }
                    }
                }
                if let Some(steal) = steal {
                    let pos = self.dungeon.mons[mp].t_pos;
                    let there = self.moat(pos.y, pos.x).unwrap_or(mp);
                    self.remove_mon(pos, there, false)?;
                    self.leave_pack(steal, false, false)?;
                    let name = self.inv_name(steal, true)?;
                    self.msg(cat!(b"she stole ", name, b"!"))?;
                    // DEVIATION: the C frees a stolen stack's object still in the pack; the port frees only what left it; test: deviations::nymph_theft_from_a_stack_keeps_the_pack_whole
                    // From a stack, leave_pack only lowers the
                    // count and the C then frees the object still in the
                    // pack (its list is corrupt from then on). The port
                    // frees it only when it really left the pack: the
                    // stack simply has one less.
                    if !self.hero.player.t_pack.contains(&steal) {
                        self.discard_object(steal);
                    }
                    return Ok(true);
                }
            }
            _ => {}
        }
        Ok(false)
    }

    /// `GOLDCALC`: an amount of gold for this level.
    pub fn goldcalc(&mut self) -> i32 {
        self.rng.rnd(50 + 10 * self.dungeon.level) + 2
    }

    /// `thunk`: a missile hits a monster.
    fn thunk(&mut self, weap: Option<Weap>, mname: &[u8], noend: bool) -> Flow {
        if self.cmd.to_death {
            return Ok(());
        }
        let o = weap.map(|w| self.weap(w).clone()).unwrap_or_default();
        if o.o_type == i32::from(WEAPON) {
            let name = weap_name(&self.known.weap_info, o.o_which);
            self.addmsg(format!("the {name} hits "))?;
        } else {
            self.addmsg("you hit ")?;
        }
        self.addmsg(mname)?;
        if !noend {
            self.endmsg()?;
        }
        Ok(())
    }

    /// `hit`: say that someone hit someone (`None` is the hero).
    pub fn hit(&mut self, er: Option<&[u8]>, ee: Option<&[u8]>, noend: bool) -> Flow {
        if self.cmd.to_death {
            return Ok(());
        }
        self.addmsg(prname(er, true).as_bytes())?;
        let s = if self.opts.terse {
            " hit"
        } else {
            let mut i = self.rng.rnd(4) as usize;
            if er.is_some() {
                i += 4;
            }
            H_NAMES[i]
        };
        self.addmsg(s)?;
        if !self.opts.terse {
            self.addmsg(prname(ee, false).as_bytes())?;
        }
        if !noend {
            self.endmsg()?;
        }
        Ok(())
    }

    /// `miss`: say that someone missed.
    pub fn miss(&mut self, er: Option<&[u8]>, ee: Option<&[u8]>, noend: bool) -> Flow {
        if self.cmd.to_death {
            return Ok(());
        }
        self.addmsg(prname(er, true).as_bytes())?;
        let mut i = if self.opts.terse { 0 } else { self.rng.rnd(4) as usize };
        if er.is_some() {
            i += 4;
        }
        self.addmsg(M_NAMES[i])?;
        if !self.opts.terse {
            self.addmsg(" ")?;
            self.addmsg(prname(ee, false).as_bytes())?;
        }
        if !noend {
            self.endmsg()?;
        }
        Ok(())
    }

    /// `bounce`: a missile misses a monster.
    fn bounce(&mut self, weap: Option<Weap>, mname: &[u8], noend: bool) -> Flow {
        if self.cmd.to_death {
            return Ok(());
        }
        let o = weap.map(|w| self.weap(w).clone()).unwrap_or_default();
        if o.o_type == i32::from(WEAPON) {
            let name = weap_name(&self.known.weap_info, o.o_which);
            self.addmsg(format!("the {name} misses "))?;
        } else {
            self.addmsg("you missed ")?;
        }
        self.addmsg(mname)?;
        if !noend {
            self.endmsg()?;
        }
        Ok(())
    }

    /// `remove_mon`: take a monster off the level; what it carried falls
    /// (when it was killed) or is gone.
    pub fn remove_mon(&mut self, mp: Coord, tp: MonId, waskill: bool) -> Flow {
        let pack = std::mem::take(&mut self.dungeon.mons[tp].t_pack);
        let tpos = self.dungeon.mons[tp].t_pos;
        for obj in pack {
            self.dungeon.objs[obj].o_pos = tpos;
            if waskill {
                self.fall(obj, false)?;
            } else {
                self.discard_object(obj);
            }
        }
        self.set_moat(mp.y, mp.x, None);
        let oldch = self.dungeon.mons[tp].t_oldch;
        self.rt.scr.mvaddch(mp.y, mp.x, oldch.into());
        crate::game::list::detach(&mut self.dungeon.mlist, tp);
        if self.dungeon.mons[tp].on(ISTARGET) {
            self.cmd.kamikaze = false;
            self.cmd.to_death = false;
            if self.opts.fight_flush {
                self.rt.scr.flushinp();
            }
        }
        self.discard_creature(tp);
        Ok(())
    }

    /// `killed`: a monster dies: experience, the flytrap lets go, the
    /// leprechaun leaves gold, and maybe a level up.
    pub fn killed(&mut self, tp: MonId, pr: bool) -> Flow {
        self.hero.player.t_stats.s_exp += self.dungeon.mons[tp].t_stats.s_exp;
        match self.dungeon.mons[tp].t_type {
            b'F' => {
                self.hero.player.t_flags &= !ISHELD;
                self.hero.vf_hit = 0;
                self.dungeon.monster_stats[usize::from(b'F' - b'A')].s_dmg.strcpy(b"000x0");
            }
            b'L' => {
                // Its gold falls near it; the spot found becomes its
                // room's gold spot (the C passes &r_gold as the result).
                let pos = self.dungeon.mons[tp].t_pos;
                if let Some(spot) = self.fallpos(pos) {
                    if let Some(r) = self.dungeon.mons[tp].t_room {
                        self.room_mut(r).r_gold = spot;
                    }
                    if self.dungeon.level >= self.dungeon.max_level {
                        let gold = self.new_object();
                        self.dungeon.objs[gold].o_type = i32::from(GOLD);
                        let mut v = self.goldcalc();
                        if self.save(VS_MAGIC) {
                            v += self.goldcalc() + self.goldcalc() + self.goldcalc() + self.goldcalc();
                        }
                        self.dungeon.objs[gold].o_arm = v;
                        crate::game::list::attach(&mut self.dungeon.mons[tp].t_pack, gold);
                    }
                }
            }
            _ => {}
        }
        // Get rid of the monster.
        let mname = self.set_mname(tp);
        let pos = self.dungeon.mons[tp].t_pos;
        self.remove_mon(pos, tp, true)?;
        if pr {
            if self.cmd.has_hit {
                self.addmsg(".  Defeated ")?;
                self.cmd.has_hit = false;
            } else {
                if !self.opts.terse {
                    self.addmsg("you have ")?;
                }
                self.addmsg("defeated ")?;
            }
            self.msg(mname.as_bytes())?;
        }
        // Did she go up a level?
        self.check_level()?;
        if self.opts.fight_flush {
            self.rt.scr.flushinp();
        }
        Ok(())
    }
}

/// `prname`: how a combatant is named at the start of a message (`None`
/// is the hero: "you").
fn prname(name: Option<&[u8]>, upper: bool) -> MonName {
    let mut s = CBuf::strncpy(name.unwrap_or(b"you"));
    if upper {
        s.0[0].make_ascii_uppercase();
    }
    s
}

/// A name as messages give it ("the bat", "you"): on the stack, as
/// messages name someone at every blow. Room for "the " and the longest
/// monster name, with some to spare.
pub type MonName = CBuf<40>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoi_is_c() {
        assert_eq!(atoi(b"12x4"), 12);
        assert_eq!(atoi(b"  -3x"), -3);
        assert_eq!(atoi(b"+7"), 7);
        assert_eq!(atoi(b"%%%x0"), 0);
        assert_eq!(atoi(b""), 0);
        assert_eq!(atoi(b"- 3"), 0);
        assert_eq!(atoi(b"4294967297"), 1, "low 32 bits of the long");
        assert_eq!(atoi(b"99999999999999999999999"), -1, "LONG_MAX truncated");
        assert_eq!(atoi(b"-99999999999999999999999"), 0, "LONG_MIN truncated");
    }

    #[test]
    fn strchr_from() {
        assert_eq!(strchr(b"1x4/2x3", 0, b'x'), Some(1));
        assert_eq!(strchr(b"1x4/2x3", 2, b'x'), Some(5));
        assert_eq!(strchr(b"1x4", 3, b'/'), None);
    }

    #[test]
    fn full_damage_string_runs_into_the_thrown_damage() {
        use crate::game::cbuf::CBuf;
        let o = Object { o_damage: CBuf::strncpy(b"1x1/1x1/"), o_hurldmg: CBuf::strncpy(b"2x2"), ..Object::default() };
        assert_eq!(DmgText::damage(&o).as_bytes(), b"1x1/1x1/2x2");
    }
}
