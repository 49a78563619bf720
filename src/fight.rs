//! fight.c: the to-hit roll and the damage of an attack.

use crate::consts::*;
use crate::data::{MONSTERS, monster_info};
use crate::game::Game;
use crate::thing::{MonId, ObjId, Object, Who};

/// To-hit adjustment for strength (`str_plus[]`), by strength 0..=31.
const STR_PLUS: [i32; 32] =
    [-7, -6, -5, -4, -3, -2, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3];

/// Damage adjustment for strength (`add_dam[]`), by strength 0..=31.
const ADD_DAM: [i32; 32] =
    [-7, -6, -5, -4, -3, -2, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6];

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
        if self.is_ring(hand, kind) { self.cur_ring[hand].map(|r| self.objs[r].o_arm) } else { None }
    }

    /// `roll_em`: `attacker` attacks `defender` with `weap` (its natural
    /// attacks when `None`), thrown when `hurl`. One swing per attack of
    /// the damage string; a hit rolls the damage and takes it off the
    /// defender's hit points. Returns whether any attack hit.
    pub fn roll_em(&mut self, attacker: Who, defender: Who, weap: Option<ObjId>, hurl: bool) -> bool {
        let (text, mut hplus, dplus) = match weap {
            None => (DmgText::new(&[self.creature(attacker).t_stats.s_dmg.as_bytes()]), 0, 0),
            Some(w) => {
                let o = &self.objs[w];
                let (mut hplus, mut dplus) = (o.o_hplus, o.o_dplus);
                // Rings help only the wielded weapon; per hand, a ring of
                // increase damage is tested first, dexterity only otherwise.
                if weap == self.cur_weapon {
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
                    let launcher = self.cur_weapon.map(|c| &self.objs[c]).filter(|c| c.o_which == o.o_launch);
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
            if let Some(a) = self.cur_armor {
                def_arm = self.objs[a].o_arm;
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
    /// `set_mname`: how to name a monster in a message.
    pub fn set_mname(&mut self, tp: MonId) -> String {
        if !self.see_monst(tp) && !self.player.on(SEEMONST) {
            return if self.terse { "it" } else { "something" }.to_string();
        }
        let name = if self.player.on(ISHALU) {
            // A hallucinating hero names whatever is shown there.
            let pos = self.mons[tp].t_pos;
            let ch = crate::curses::cchar(self.scr.mvinch(pos.y, pos.x)) & 0x7f;
            let i = if ch.is_ascii_uppercase() { usize::from(ch - b'A') } else { self.rng.rnd(26) as usize };
            MONSTERS[i].name
        } else {
            monster_info(self.mons[tp].t_type).name
        };
        format!("the {name}")
    }
}

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
        use crate::cbuf::CBuf;
        let o = Object { o_damage: CBuf::strncpy(b"1x1/1x1/"), o_hurldmg: CBuf::strncpy(b"2x2"), ..Object::default() };
        assert_eq!(DmgText::damage(&o).as_bytes(), b"1x1/1x1/2x2");
    }
}
