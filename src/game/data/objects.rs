//! Object tables of extern.c and weapons.c: names, probabilities, worths,
//! armor classes and the weapons' starting damage.

use crate::game::consts::*;

/// One row of an `obj_info` table as the program starts: name, probability
/// (a percentage, summed into running totals by `init_probs`) and worth.
#[derive(Clone, Copy, Debug)]
pub struct BaseInfo {
    pub name: Option<&'static str>,
    pub prob: i32,
    pub worth: i32,
}

const fn bi(name: &'static str, prob: i32, worth: i32) -> BaseInfo {
    BaseInfo { name: Some(name), prob, worth }
}

const fn anon(prob: i32) -> BaseInfo {
    BaseInfo { name: None, prob, worth: 0 }
}

/// `things[]`: potion, scroll, food, weapon, armor, ring, stick.
pub const THINGS: [BaseInfo; NUMTHINGS] = [anon(26), anon(36), anon(16), anon(7), anon(7), anon(4), anon(4)];

pub const ARM_INFO: [BaseInfo; MAXARMORS] = [
    bi("leather armor", 20, 20),
    bi("ring mail", 15, 25),
    bi("studded leather armor", 15, 20),
    bi("scale mail", 13, 30),
    bi("chain mail", 12, 75),
    bi("splint mail", 10, 80),
    bi("banded mail", 10, 90),
    bi("plate mail", 5, 150),
];

pub const POT_INFO: [BaseInfo; MAXPOTIONS] = [
    bi("confusion", 7, 5),
    bi("hallucination", 8, 5),
    bi("poison", 8, 5),
    bi("gain strength", 13, 150),
    bi("see invisible", 3, 100),
    bi("healing", 13, 130),
    bi("monster detection", 6, 130),
    bi("magic detection", 6, 105),
    bi("raise level", 2, 250),
    bi("extra healing", 5, 200),
    bi("haste self", 5, 190),
    bi("restore strength", 13, 130),
    bi("blindness", 5, 5),
    bi("levitation", 6, 75),
];

pub const RING_INFO: [BaseInfo; MAXRINGS] = [
    bi("protection", 9, 400),
    bi("add strength", 9, 400),
    bi("sustain strength", 5, 280),
    bi("searching", 10, 420),
    bi("see invisible", 10, 310),
    bi("adornment", 1, 10),
    bi("aggravate monster", 10, 10),
    bi("dexterity", 8, 440),
    bi("increase damage", 8, 400),
    bi("regeneration", 4, 460),
    bi("slow digestion", 9, 240),
    bi("teleportation", 5, 30),
    bi("stealth", 7, 470),
    bi("maintain armor", 5, 380),
];

pub const SCR_INFO: [BaseInfo; MAXSCROLLS] = [
    bi("monster confusion", 7, 140),
    bi("magic mapping", 4, 150),
    bi("hold monster", 2, 180),
    bi("sleep", 3, 5),
    bi("enchant armor", 7, 160),
    bi("identify potion", 10, 80),
    bi("identify scroll", 10, 80),
    bi("identify weapon", 6, 80),
    bi("identify armor", 7, 100),
    bi("identify ring, wand or staff", 10, 115),
    bi("scare monster", 3, 200),
    bi("food detection", 2, 60),
    bi("teleportation", 5, 165),
    bi("enchant weapon", 8, 150),
    bi("create monster", 4, 75),
    bi("remove curse", 7, 105),
    bi("aggravate monsters", 3, 20),
    bi("protect armor", 2, 250),
];

/// `weap_info[]`, with the fake FLAME entry (dragon breath) at the end.
pub const WEAP_INFO: [BaseInfo; MAXWEAPONS + 1] = [
    bi("mace", 11, 8),
    bi("long sword", 11, 15),
    bi("short bow", 12, 15),
    bi("arrow", 12, 1),
    bi("dagger", 8, 3),
    bi("two handed sword", 10, 75),
    bi("dart", 12, 2),
    bi("shuriken", 12, 5),
    bi("spear", 12, 5),
    anon(0),
];

/// The table the C's `weap_info[k]` reads for a kind `k` past its ten
/// rows, k = 10, 11, ... (as `after[k - 10]`): `fall()` names a thrown
/// object of any class from `weap_info`, and a scroll's kind goes up to 17.
/// This is the original's behaviour, reproduced on purpose. In its default
/// build (`./configure && make`, gcc -O2 on Linux, where the goldens come
/// from) gcc lays extern.c's tables out in .data in the reverse of their
/// order in the source, so `scr_info` starts right where `weap_info`'s ten
/// 32-byte rows end (checked with `nm -n` and gdb on that build; the games
/// golden g_rgm_30 throws a scroll of kind 14, "enchant armor"). Scroll
/// names never change, so the constant table serves.
pub const AFTER_WEAP_INFO: &[BaseInfo] = &SCR_INFO;

pub const WS_INFO: [BaseInfo; MAXSTICKS] = [
    bi("light", 12, 250),
    bi("invisibility", 6, 5),
    bi("lightning", 3, 330),
    bi("fire", 3, 330),
    bi("cold", 3, 330),
    bi("polymorph", 15, 310),
    bi("magic missile", 10, 170),
    bi("haste monster", 10, 5),
    bi("slow monster", 11, 350),
    bi("drain life", 9, 300),
    bi("nothing", 1, 5),
    bi("teleport away", 6, 340),
    bi("teleport to", 6, 50),
    bi("cancellation", 5, 280),
];

/// Armor class of each armor type (`a_class[]`).
pub const A_CLASS: [i32; MAXARMORS] = [8, 7, 7, 6, 5, 4, 4, 3];

/// A weapon's damage when wielded and thrown, its launcher and its flags
/// (`init_dam[]` of weapons.c).
#[derive(Clone, Copy, Debug)]
pub struct InitWeap {
    pub dam: &'static str,
    pub hrl: &'static str,
    /// Stored through a C `char`: NO_WEAPON is -1.
    pub launch: i8,
    pub flags: i32,
}

pub const NO_WEAPON: i8 = -1;

const fn iw(dam: &'static str, hrl: &'static str, launch: i8, flags: i32) -> InitWeap {
    InitWeap { dam, hrl, launch, flags }
}

pub const INIT_DAM: [InitWeap; MAXWEAPONS] = [
    iw("2x4", "1x3", NO_WEAPON, 0),               // mace
    iw("3x4", "1x2", NO_WEAPON, 0),               // long sword
    iw("1x1", "1x1", NO_WEAPON, 0),               // bow
    iw("1x1", "2x3", BOW as i8, ISMANY | ISMISL), // arrow
    iw("1x6", "1x4", NO_WEAPON, ISMISL),          // dagger
    iw("4x4", "1x2", NO_WEAPON, 0),               // two handed sword
    iw("1x1", "1x3", NO_WEAPON, ISMANY | ISMISL), // dart
    iw("1x2", "2x4", NO_WEAPON, ISMANY | ISMISL), // shuriken
    iw("2x3", "1x6", NO_WEAPON, ISMISL),          // spear
];
