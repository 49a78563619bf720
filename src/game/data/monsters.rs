//! The bestiary of extern.c and the monster choice tables of monsters.c.

use crate::game::consts::*;

/// One entry of `monsters[]`: name, chance of carrying something, flags and
/// starting stats (every monster has strength 10 and 1 hit point before
/// `new_monster` rolls its hit dice).
#[derive(Clone, Copy, Debug)]
pub struct MonsterInfo {
    pub name: &'static str,
    pub carry: i32,
    pub flags: u16,
    pub exp: i32,
    pub lvl: i32,
    pub arm: i32,
    pub dmg: &'static str,
}

/// Every monster's strength (`XX` in extern.c).
pub const MONSTER_STR: u32 = 10;
/// Every monster's hit points in the table (`___` in extern.c).
pub const MONSTER_HPT: i32 = 1;

impl MonsterInfo {
    /// The entry's `m_stats`, as the game's copy of the table starts.
    pub fn stats(&self) -> crate::game::thing::Stats {
        crate::game::thing::Stats {
            s_str: MONSTER_STR,
            s_exp: self.exp,
            s_lvl: self.lvl,
            s_arm: self.arm,
            s_hpt: MONSTER_HPT,
            s_dmg: crate::game::cbuf::CBuf::strncpy(self.dmg.as_bytes()),
            s_maxhp: 0,
        }
    }
}

const fn m(name: &'static str, carry: i32, flags: u16, exp: i32, lvl: i32, arm: i32, dmg: &'static str) -> MonsterInfo {
    MonsterInfo { name, carry, flags, exp, lvl, arm, dmg }
}

pub const MONSTERS: [MonsterInfo; 26] = [
    m("aquator", 0, ISMEAN, 20, 5, 2, "0x0/0x0"),
    m("bat", 0, ISFLY, 1, 1, 3, "1x2"),
    m("centaur", 15, 0, 17, 4, 4, "1x2/1x5/1x5"),
    m("dragon", 100, ISMEAN, 5000, 10, -1, "1x8/1x8/3x10"),
    m("emu", 0, ISMEAN, 2, 1, 7, "1x2"),
    // The flytrap's damage is rewritten during play (vf_hit).
    m("venus flytrap", 0, ISMEAN, 80, 8, 3, "%%%x0"),
    m("griffin", 20, ISMEAN | ISFLY | ISREGEN, 2000, 13, 2, "4x3/3x5"),
    m("hobgoblin", 0, ISMEAN, 3, 1, 5, "1x8"),
    m("ice monster", 0, 0, 5, 1, 9, "0x0"),
    m("jabberwock", 70, 0, 3000, 15, 6, "2x12/2x4"),
    m("kestrel", 0, ISMEAN | ISFLY, 1, 1, 7, "1x4"),
    m("leprechaun", 0, 0, 10, 3, 8, "1x1"),
    m("medusa", 40, ISMEAN, 200, 8, 2, "3x4/3x4/2x5"),
    m("nymph", 100, 0, 37, 3, 9, "0x0"),
    m("orc", 15, ISGREED, 5, 1, 6, "1x8"),
    m("phantom", 0, ISINVIS, 120, 8, 3, "4x4"),
    m("quagga", 0, ISMEAN, 15, 3, 3, "1x5/1x5"),
    m("rattlesnake", 0, ISMEAN, 9, 2, 3, "1x6"),
    m("snake", 0, ISMEAN, 2, 1, 5, "1x3"),
    m("troll", 50, ISREGEN | ISMEAN, 120, 6, 4, "1x8/1x8/2x6"),
    m("black unicorn", 0, ISMEAN, 190, 7, -2, "1x9/1x9/2x9"),
    m("vampire", 20, ISREGEN | ISMEAN, 350, 8, 1, "1x10"),
    m("wraith", 0, 0, 55, 5, 4, "1x6"),
    m("xeroc", 30, 0, 100, 7, 7, "4x4"),
    m("yeti", 30, 0, 50, 4, 6, "1x6/1x6"),
    m("zombie", 0, ISMEAN, 6, 2, 8, "1x8"),
];

/// The table entry of a monster letter 'A'..'Z'.
pub fn monster_info(t_type: u8) -> &'static MonsterInfo {
    &MONSTERS[usize::from(t_type - b'A')]
}

/// Monsters in rough order of vorpalness, for monsters made with a level.
pub const LVL_MONS: [u8; 26] = *b"KEBSHIROZLCQANYFTWPXUMVGJD";

/// The same order for wandering monsters; 0 marks those that never wander.
pub const WAND_MONS: [u8; 26] = [
    b'K', b'E', b'B', b'S', b'H', 0, b'R', b'O', b'Z', 0, b'C', b'Q', b'A', 0, b'Y', 0, b'T', b'W', b'P', 0, b'U',
    b'M', b'V', b'G', b'J', 0,
];

/// Experience needed for each level of the hero (`e_levels[]`, 0-terminated).
pub const E_LEVELS: [i32; 21] = [
    10, 20, 40, 80, 160, 320, 640, 1300, 2600, 5200, 13000, 26000, 50000, 100000, 200000, 400000, 800000, 2000000,
    4000000, 8000000, 0,
];
