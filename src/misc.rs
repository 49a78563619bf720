//! misc.c: odds and ends shared by many files.

use crate::consts::*;
use crate::game::Game;

/// The things `rnd_thing` picks from; the amulet only at its depth.
const THING_LIST: [u8; 10] = [POTION, SCROLL, RING, STICK, FOOD, WEAPON, ARMOR, STAIRS, GOLD, AMULET];

impl Game {
    /// `rnd_thing`: a random object glyph fit for this level.
    pub fn rnd_thing(&mut self) -> u8 {
        let n = if self.level >= AMULETLEVEL { THING_LIST.len() } else { THING_LIST.len() - 1 };
        THING_LIST[self.rng.rnd(n as i32) as usize]
    }

    /// `choose_str`: the first text while hallucinating, else the second.
    pub fn choose_str<'a>(&self, halu: &'a str, normal: &'a str) -> &'a str {
        if self.player.on(ISHALU) { halu } else { normal }
    }
}
