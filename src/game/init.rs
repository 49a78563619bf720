//! init.c: a new game's lore: the item tables' running probabilities, the
//! hero and her pack, and this game's scroll titles, potion colors, ring
//! stones and stick materials.

use crate::game::consts::*;
use crate::game::data::{A_CLASS, METAL, RAINBOW, STONES, SYLLS, WOOD};
use crate::game::rng::{Draw, with_draw};
use crate::game::{Game, ObjInfo};

/// `MAXNAME`: the longest scroll title before the syllable check stops it.
const MAXNAME: usize = 40;

/// [`SYLLS`] as four bytes each (zeros after the syllable) and a length,
/// so that a title is built by fixed-size copies.
const SYLL_BYTES: [([u8; 4], usize); SYLLS.len()] = {
    let mut table = [([0u8; 4], 0usize); SYLLS.len()];
    let mut i = 0;
    while i < SYLLS.len() {
        let s = SYLLS[i].as_bytes();
        assert!(s.len() <= 4, "a syllable longer than four letters");
        let mut k = 0;
        while k < s.len() {
            table[i].0[k] = s[k];
            k += 1;
        }
        table[i].1 = s.len();
        i += 1;
    }
    table
};

/// `sumprobs`: turn a table's percentages into running totals.
fn sumprobs(info: &mut [ObjInfo]) {
    for i in 1..info.len() {
        info[i].oi_prob += info[i - 1].oi_prob;
    }
}

impl Game {
    /// `init_probs`.
    pub fn init_probs(&mut self) {
        let known = self.known_mut();
        sumprobs(&mut known.things);
        sumprobs(&mut known.pot_info);
        sumprobs(&mut known.scr_info);
        sumprobs(&mut known.ring_info);
        sumprobs(&mut known.ws_info);
        // Not the fake FLAME entry: MAXWEAPONS rows only.
        sumprobs(&mut known.weap_info[..MAXWEAPONS]);
        sumprobs(&mut known.arm_info);
    }

    /// `init_player`: roll her up, with food, ring mail, a +1,+1 mace, a +1
    /// bow and some arrows.
    pub fn init_player(&mut self) {
        self.hero.player.t_stats = self.hero.max_stats;
        self.hero.food_left = HUNGERTIME;

        let food = self.new_object();
        {
            let o = &mut self.dungeon.objs[food];
            o.o_type = i32::from(FOOD);
            o.o_count = 1;
        }
        self.add_pack_silent(food);

        let armor = self.new_object();
        {
            let o = &mut self.dungeon.objs[armor];
            o.o_type = i32::from(ARMOR);
            o.o_which = RING_MAIL;
            o.o_arm = A_CLASS[RING_MAIL as usize] - 1;
            o.o_flags |= ISKNOW;
            o.o_count = 1;
        }
        self.hero.cur_armor = Some(armor);
        self.add_pack_silent(armor);

        let mace = self.new_object();
        self.init_weapon(mace, MACE);
        {
            let o = &mut self.dungeon.objs[mace];
            o.o_hplus = 1;
            o.o_dplus = 1;
            o.o_flags |= ISKNOW;
        }
        self.add_pack_silent(mace);
        self.hero.cur_weapon = Some(mace);

        let bow = self.new_object();
        self.init_weapon(bow, BOW);
        {
            let o = &mut self.dungeon.objs[bow];
            o.o_hplus = 1;
            o.o_flags |= ISKNOW;
        }
        self.add_pack_silent(bow);

        let arrows = self.new_object();
        // init_weapon draws a count for the arrows, then it is replaced.
        self.init_weapon(arrows, ARROW);
        let count = self.rng.rnd(15) + 25;
        {
            let o = &mut self.dungeon.objs[arrows];
            o.o_count = count;
            o.o_flags |= ISKNOW;
        }
        self.add_pack_silent(arrows);
    }

    /// `init_names`: the scroll titles, 2 to 4 words of 1 to 3 syllables.
    pub fn init_names(&mut self) {
        let mut names: [String; MAXSCROLLS] = Default::default();
        let prbuf = &mut self.opts.prbuf.0;
        with_draw!(self.rng, |d| {
            for name in names.iter_mut() {
                // Built here a syllable at a time (four bytes copied each
                // time, the rest overwritten by what follows), then copied
                // to prbuf, where the C builds it: saves hold prbuf, so its
                // bytes past the last title, left by longer ones, matter.
                let mut title = [0u8; MAXNAME + 8];
                let mut cp = 0usize;
                let nwords = d.rnd(3) + 2;
                for _ in 0..nwords {
                    let nsyl = d.rnd(3) + 1;
                    for _ in 0..nsyl {
                        // The syllable is drawn before the length check, and
                        // a syllable that would end past prbuf[MAXNAME] ends
                        // the word (the remaining words still come).
                        let (bytes, len) = SYLL_BYTES[d.rnd(SYLLS.len() as i32) as usize];
                        if cp + len > MAXNAME {
                            break;
                        }
                        title[cp..cp + 4].copy_from_slice(&bytes);
                        cp += len;
                    }
                    title[cp] = b' ';
                    cp += 1;
                }
                cp -= 1;
                title[cp] = 0;
                prbuf[..=cp].copy_from_slice(&title[..=cp]);
                // The syllables are ASCII, so the title is its bytes.
                *name = String::from_utf8_lossy(&title[..cp]).into_owned();
            }
        });
        *std::sync::Arc::make_mut(&mut self.known_mut().s_names) = names;
    }

    /// Draw an entry of a list not used yet (drawing again while the pick
    /// is used), and mark it used.
    fn pick_unused(&mut self, used: &mut [bool]) -> usize {
        loop {
            let j = self.rng.rnd(used.len() as i32) as usize;
            if !used[j] {
                used[j] = true;
                return j;
            }
        }
    }

    /// `init_colors`: a different color for each potion.
    pub fn init_colors(&mut self) {
        let mut used = [false; RAINBOW.len()];
        for i in 0..MAXPOTIONS {
            let j = self.pick_unused(&mut used);
            self.known_mut().p_colors[i] = RAINBOW[j];
        }
    }

    /// `init_stones`: a different stone for each ring, which adds its value
    /// to the ring's worth.
    pub fn init_stones(&mut self) {
        let mut used = [false; STONES.len()];
        for i in 0..MAXRINGS {
            let j = self.pick_unused(&mut used);
            let known = self.known_mut();
            known.r_stones[i] = STONES[j].name;
            known.ring_info[i].oi_worth += STONES[j].value;
        }
    }

    /// `init_materials`: a different metal (wand) or wood (staff) for each
    /// stick.
    pub fn init_materials(&mut self) {
        let mut woodused = [false; WOOD.len()];
        let mut metused = [false; METAL.len()];
        for i in 0..MAXSTICKS {
            // A coin flip on every attempt, then the material's draw.
            let (kind, made) = loop {
                if self.rng.rnd(2) == 0 {
                    let j = self.rng.rnd(METAL.len() as i32) as usize;
                    if !metused[j] {
                        metused[j] = true;
                        break ("wand", METAL[j]);
                    }
                } else {
                    let j = self.rng.rnd(WOOD.len() as i32) as usize;
                    if !woodused[j] {
                        woodused[j] = true;
                        break ("staff", WOOD[j]);
                    }
                }
            };
            let known = self.known_mut();
            known.ws_type[i] = kind;
            known.ws_made[i] = made;
        }
    }

    /// The new-game steps of `main()`, in order: seed the generator with the
    /// dungeon number, then make the lore.
    #[cfg(any(test, feature = "internals"))] // for the tests
    pub fn init_new_game(&mut self, dnum: i32) {
        self.dungeon.dnum = dnum;
        self.rng.set_seed(dnum);
        for (_, step) in NEW_GAME_STEPS {
            step(self);
        }
    }
}

/// A step of a new game's lore and its C name.
pub type NewGameStep = (&'static str, fn(&mut Game));

/// The lore steps of `main()`, in the order it takes them.
pub const NEW_GAME_STEPS: [NewGameStep; 6] = [
    ("init_probs", Game::init_probs),
    ("init_player", Game::init_player),
    ("init_names", Game::init_names),
    ("init_colors", Game::init_colors),
    ("init_stones", Game::init_stones),
    ("init_materials", Game::init_materials),
];
