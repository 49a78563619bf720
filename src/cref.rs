//! The C reference kernels of c-reference/ (this project's own C, written
//! from the rules), bound through bindgen, for differential tests.
//!
//! The bindings are generated from c-reference/cref.h: by build.rs with the
//! `bindgen` feature, or taken from the checked-in c-reference/bindings.rs.

#[allow(non_camel_case_types, non_upper_case_globals, non_snake_case, dead_code, clippy::all)]
mod sys {
    #[cfg(feature = "bindgen")]
    include!(concat!(env!("OUT_DIR"), "/cref_bindings.rs"));
    #[cfg(not(feature = "bindgen"))]
    include!("../c-reference/bindings.rs");
}

pub use sys::*;

use std::os::raw::c_char;

/// `rnd` of the C reference, on a seed held by the caller.
pub fn rnd(seed: &mut i32, range: i32) -> i32 {
    // SAFETY: the C function reads and writes only the seed it is given.
    unsafe { sys::cref_rnd(seed, range) }
}

/// The `RN` macro of the C reference.
pub fn rn(seed: &mut i32) -> i32 {
    // SAFETY: as above.
    unsafe { sys::cref_rn(seed) }
}

/// `roll` of the C reference.
pub fn roll(seed: &mut i32, n: i32, sides: i32) -> i32 {
    // SAFETY: as above.
    unsafe { sys::cref_roll(seed, n, sides) }
}

/// `spread` of the C reference.
pub fn spread(seed: &mut i32, n: i32) -> i32 {
    // SAFETY: as above.
    unsafe { sys::cref_spread(seed, n) }
}

/// `swing` of the C reference: does a level-`at_lvl` attacker with `wplus`
/// to hit hit armor class `op_arm`?
pub fn swing(seed: &mut i32, at_lvl: i32, op_arm: i32, wplus: i32) -> bool {
    // SAFETY: the C function reads and writes only the seed it is given.
    unsafe { sys::cref_swing(seed, at_lvl, op_arm, wplus) != 0 }
}

/// The hunger and healing state of the C reference (`struct cref_hero`):
/// the globals those kernels touch, held in one value.
pub type Hero = sys::cref_hero;

impl Hero {
    /// Everything zero, no rings, no messages.
    pub fn zeroed() -> Self {
        sys::cref_hero {
            seed: 0,
            pstats: sys::cref_stats { s_str: 0, s_exp: 0, s_lvl: 0, s_arm: 0, s_hpt: 0, s_dmg: [0; 13], s_maxhp: 0 },
            t_flags: 0,
            ring_which: [sys::CREF_NO_RING; 2],
            ring_arm: [0; 2],
            food_left: 0,
            hungry_state: 0,
            no_command: 0,
            quiet: 0,
            amulet: 0,
            terse: 0,
            running: 0,
            to_death: 0,
            count: 0,
            msgs: sys::cref_msgs { count: 0, emitted: [[0; 80]; 4], pending: [0; 80] },
        }
    }

    /// `ring_eat` of the C reference for `hand` (0 left, 1 right).
    pub fn ring_eat(&mut self, hand: usize) -> i32 {
        assert!(hand < 2, "a hero has two hands");
        // SAFETY: `self` is a valid, exclusively borrowed cref_hero, and the
        // hand indexes its two-entry ring arrays (checked above).
        unsafe { sys::cref_ring_eat(self, hand as i32) }
    }

    /// `stomach` of the C reference: `Some(cause)` when the hero died.
    pub fn stomach(&mut self) -> Option<u8> {
        // SAFETY: `self` is a valid, exclusively borrowed cref_hero; the C
        // function bounds every message copy by the arrays' sizes.
        let died = unsafe { sys::cref_stomach(self) };
        (died != 0).then_some(died as u8)
    }

    /// `doctor` of the C reference.
    pub fn doctor(&mut self) {
        // SAFETY: `self` is a valid, exclusively borrowed cref_hero.
        unsafe { sys::cref_doctor(self) }
    }

    /// The messages emitted so far, oldest first.
    pub fn messages(&self) -> Vec<String> {
        let m = &self.msgs;
        let n = m.count.clamp(0, sys::CREF_MAXMSGS as i32) as usize;
        m.emitted[..n]
            .iter()
            .map(|text| {
                let bytes: Vec<u8> = text.iter().map(|&c| c as u8).take_while(|&c| c != 0).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            })
            .collect()
    }
}

/// A level map of the C reference (`struct cref_level`, allocated by the
/// C side): `places[]` in the original's column-major layout, read and
/// written through its `INDEX(y, x)`.
pub struct Level(std::ptr::NonNull<sys::cref_level>);

impl Level {
    /// A zeroed level.
    pub fn new() -> Self {
        // SAFETY: the C function takes no arguments and returns calloc'ed
        // memory or NULL (handled).
        let p = unsafe { sys::cref_level_new() };
        Level(std::ptr::NonNull::new(p).expect("out of memory for a C reference level"))
    }

    fn check(y: i32, x: i32) {
        assert!(
            (0..sys::CREF_MAXLINES as i32).contains(&y) && (0..sys::CREF_MAXCOLS as i32).contains(&x),
            "({y}, {x}) is off the map"
        );
    }

    /// The C `places[]` array itself, in its memory order, so that a map
    /// can be copied cell by cell at the same linear index.
    pub fn places_mut(&mut self) -> &mut [sys::cref_place] {
        // SAFETY: the level is live and exclusively borrowed for the
        // slice's lifetime; places[] is an array inside it.
        unsafe { &mut self.0.as_mut().places[..] }
    }

    /// Set the character and flags of the cell at (y, x).
    pub fn set_place(&mut self, y: i32, x: i32, ch: u8, flags: u8) {
        Self::check(y, x);
        // SAFETY: the level is live and exclusively borrowed; (y, x) is on
        // the map (checked), so INDEX stays inside places[].
        unsafe { sys::cref_set_place(self.0.as_ptr(), y, x, ch as c_char, flags as c_char) }
    }

    /// `chat(y, x)` through the C `INDEX`.
    pub fn chat(&self, y: i32, x: i32) -> u8 {
        Self::check(y, x);
        // SAFETY: as for set_place; the C function only reads.
        unsafe { sys::cref_chat(self.0.as_ptr(), y, x) as u8 }
    }

    /// `flat(y, x)` through the C `INDEX`.
    pub fn flat(&self, y: i32, x: i32) -> u8 {
        Self::check(y, x);
        // SAFETY: as for chat.
        unsafe { sys::cref_flat(self.0.as_ptr(), y, x) as u8 }
    }

    /// FNV-1a over (ch, flags) of rows 0..23, row by row, each row x =
    /// 0..79, read through INDEX.
    pub fn checksum(&self) -> u32 {
        // SAFETY: the level is live; the C function reads only places[].
        unsafe { sys::cref_map_checksum(self.0.as_ptr()) }
    }
}

impl Default for Level {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for Level {
    fn drop(&mut self) {
        // SAFETY: the pointer came from cref_level_new and is freed once.
        unsafe { sys::cref_level_free(self.0.as_ptr()) }
    }
}

#[cfg(all(test, feature = "bindgen"))]
mod tests {
    /// The checked-in bindings are what bindgen makes of cref.h today.
    #[test]
    fn checked_in_bindings_are_current() {
        let generated = include_str!(concat!(env!("OUT_DIR"), "/cref_bindings.rs"));
        let checked_in = include_str!("../c-reference/bindings.rs");
        let body: String = checked_in.lines().skip(2).map(|l| format!("{l}\n")).collect();
        assert_eq!(body, generated, "run c-reference/regen-bindings.sh");
    }
}
