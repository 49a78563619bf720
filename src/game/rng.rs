//! The random number generator of main.c (`rnd`, `roll`), misc.c
//! (`spread`) and extern.h (the `RN` macro), with the C integer semantics
//! the original relies on.
//!
//! Every draw of the game goes through one [`Rng`], so a seed reproduces a
//! dungeon exactly. The optional trace records each `rnd` and `roll` call the
//! way the oracle's harness prints them (FORMAT-core.md §3.1).

use std::fmt::Write as _;

/// The linear congruential generator and its C `int` seed.
#[derive(Clone, Debug, Default)]
pub struct Rng {
    seed: i32,
    trace: Option<String>,
}

impl Rng {
    pub fn new(seed: i32) -> Self {
        Rng { seed, trace: None }
    }

    pub fn seed(&self) -> i32 {
        self.seed
    }

    pub fn set_seed(&mut self, seed: i32) {
        self.seed = seed;
    }

    /// Start (or stop) recording `rng ...` trace lines.
    pub fn set_trace(&mut self, on: bool) {
        self.trace = if on { Some(String::new()) } else { None };
    }

    /// The trace lines recorded since the last call (empty when not tracing).
    pub fn take_trace(&mut self) -> String {
        self.trace.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// The `RN` macro: the seed becomes `seed * 11109 + 13849` in 32-bit
    /// two's complement (signed overflow in the C, which gcc wraps), and the
    /// value is bits 16..31 of the new seed.
    #[inline]
    pub fn rn(&mut self) -> i32 {
        self.seed = Self::step(self.seed);
        (self.seed >> 16) & 0xffff
    }

    /// `rnd` without the trace line, as `roll` calls it.
    #[inline]
    fn draw(&mut self, range: i32) -> i32 {
        if range == 0 {
            // rnd(0) is 0 and does not advance the seed.
            0
        } else {
            // RN is never negative, so abs() is the identity and C's
            // truncating remainder is RN mod |range|: 0..|range|-1 for any
            // range, and RN itself for i32::MIN. (Unsigned division gives
            // the same value, faster.)
            (self.rn() as u32 % range.unsigned_abs()) as i32
        }
    }

    /// `rnd(range)`: a number from 0 to |range| - 1 (0 for a range of 0).
    #[inline]
    pub fn rnd(&mut self, range: i32) -> i32 {
        let v = self.draw(range);
        if self.trace.is_some() {
            self.note_rnd(range, v);
        }
        v
    }

    /// The trace line of a draw, out of line so that the formatting does
    /// not weigh on every caller of `rnd`.
    #[cold]
    #[inline(never)]
    fn note_rnd(&mut self, range: i32, v: i32) {
        if let Some(t) = self.trace.as_mut() {
            let _ = writeln!(t, "rng rnd r={range} v={v} seed={}", self.seed);
        }
    }

    /// Whether trace lines are being recorded.
    pub fn tracing(&self) -> bool {
        self.trace.is_some()
    }

    /// The seed after one draw.
    #[inline(always)]
    const fn step(seed: i32) -> i32 {
        seed.wrapping_mul(11109).wrapping_add(13849)
    }

    /// `roll(number, sides)`: the sum of `number` draws of rnd(sides) + 1.
    pub fn roll(&mut self, number: i32, sides: i32) -> i32 {
        let mut total: i32 = 0;
        // The C loops `while (number--)`, which for a negative count would
        // run about 2^32 times; no game path asks for that, so a negative
        // count is taken as zero dice instead of hanging.
        // DEVIATION: the C loops about 2^32 times for a negative count; the port rolls no dice; test: deviations::negative_dice_roll_nothing
        for _ in 0..number.max(0) {
            total = total.wrapping_add(self.draw(sides).wrapping_add(1));
        }
        if let Some(t) = self.trace.as_mut() {
            let _ = writeln!(t, "rng roll n={number} s={sides} v={total} seed={}", self.seed);
        }
        total
    }

    /// `spread(nm)`: nm give or take 10%, i.e. nm - nm/20 + rnd(nm/10) with
    /// truncating division (so no draw at all when |nm| < 10).
    pub fn spread(&mut self, nm: i32) -> i32 {
        nm.wrapping_sub(nm / 20).wrapping_add(self.rnd(nm / 10))
    }
}

/// What the hot loops of level making draw from: the game's [`Rng`], or,
/// when no trace is kept, its bare [`Seed`] (a local the compiler keeps in
/// a register instead of writing it back to the game after every draw).
/// Both give the same draws.
pub trait Draw {
    /// `rnd(range)`.
    fn rnd(&mut self, range: i32) -> i32;
    /// `rnd(a) + 1 < t && rnd(b) == 0` (`b` drawn only when the first test
    /// holds): the test of a secret passage or door. A branch, not a
    /// select: at most depths the first test always or never holds, and a
    /// predicted branch keeps the next draw from waiting for this one's
    /// remainder.
    #[inline(always)]
    fn rnd_below_then_zero(&mut self, a: i32, t: i32, b: i32) -> bool {
        self.rnd(a) + 1 < t && self.rnd(b) == 0
    }

    /// The C's choice among the set bits of `found` (not empty, bits 0-3):
    /// the k-th one seen, lowest first, draws rnd(k) and becomes the pick
    /// when that is 0. The pick's bit number.
    #[inline(always)]
    fn pick_among(&mut self, found: u32) -> u32 {
        debug_assert!(found != 0 && found < 16);
        let mut pick = found.trailing_zeros();
        self.rnd(1);
        let (mut rest, mut cnt) = (found & (found - 1), 1);
        while rest != 0 {
            cnt += 1;
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            if self.rnd(cnt) == 0 {
                pick = k;
            }
        }
        pick
    }
}

/// The pick of [`Draw::pick_among`] for a set of at most four (bit k for
/// choice k) and which of the later draws came out 0 (bit 0 the second
/// draw's, bit 1 the third's, bit 2 the fourth's): the last choice seen
/// whose draw came out 0, the first when none did (rnd(1) is always 0).
const PICKS: [[u8; 8]; 16] = {
    let mut t = [[0u8; 8]; 16];
    let mut found = 1;
    while found < 16 {
        let mut zeros = 0;
        while zeros < 8 {
            let (mut rest, mut seen, mut pick) = (found, 0, 0);
            while rest != 0 {
                let k = (rest as u32).trailing_zeros() as u8;
                rest &= rest - 1;
                if seen == 0 || zeros >> (seen - 1) & 1 != 0 {
                    pick = k;
                }
                seen += 1;
            }
            t[found][zeros] = pick;
            zeros += 1;
        }
        found += 1;
    }
    t
};

impl Draw for Rng {
    #[inline(always)]
    fn rnd(&mut self, range: i32) -> i32 {
        Rng::rnd(self, range)
    }
}

/// The seed of an [`Rng`] that keeps no trace, drawn from directly.
#[derive(Clone, Copy, Debug)]
pub struct Seed(pub i32);

impl Draw for Seed {
    #[inline(always)]
    fn rnd(&mut self, range: i32) -> i32 {
        if range == 0 {
            return 0;
        }
        self.0 = Rng::step(self.0);
        (((self.0 >> 16) & 0xffff) as u32 % range.unsigned_abs()) as i32
    }

    /// The same draws, each seed worked out from this one by one multiply
    /// and add (none waits for another), and the pick looked up instead of
    /// branched on: how many draws there are and which comes out 0 are
    /// coin tosses for a branch predictor.
    #[inline(always)]
    fn pick_among(&mut self, found: u32) -> u32 {
        const STEPS: [(i32, i32); 5] = [ahead(0), ahead(1), ahead(2), ahead(3), ahead(4)];
        const COUNT: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
        debug_assert!(found != 0 && found < 16);
        let found = (found & 15) as usize;
        let s = self.0;
        let rn = |k: usize| ((s.wrapping_mul(STEPS[k].0).wrapping_add(STEPS[k].1) >> 16) & 0xffff) as u32;
        let zeros = usize::from(rn(2) % 2 == 0) | usize::from(rn(3) % 3 == 0) << 1 | usize::from(rn(4) % 4 == 0) << 2;
        let n = usize::from(COUNT[found]);
        self.0 = s.wrapping_mul(STEPS[n].0).wrapping_add(STEPS[n].1);
        u32::from(PICKS[found][zeros])
    }

    /// The same draws; where the first test always holds (rnd(a) + 1 is at
    /// most a, so from t > a on, as at every depth past 10 for a secret
    /// spot), the two draws are one step of the seed (one multiply and
    /// add, the second draw not waiting for the first).
    #[inline(always)]
    fn rnd_below_then_zero(&mut self, a: i32, t: i32, b: i32) -> bool {
        if a > 0 && t > a && b != 0 {
            const TWO: (i32, i32) = ahead(2);
            self.0 = self.0.wrapping_mul(TWO.0).wrapping_add(TWO.1);
            (((self.0 >> 16) & 0xffff) as u32).is_multiple_of(b.unsigned_abs())
        } else {
            self.rnd(a) + 1 < t && self.rnd(b) == 0
        }
    }
}

/// The seed `k` draws on, as one multiply and add: `(mul, add)` with
/// `step^k(s) = s * mul + add` (all wrapping).
const fn ahead(k: u32) -> (i32, i32) {
    let (mut mul, mut add, mut i) = (1i32, 0i32, 0);
    while i < k {
        mul = mul.wrapping_mul(11109);
        add = add.wrapping_mul(11109).wrapping_add(13849);
        i += 1;
    }
    (mul, add)
}

/// Run `$body` with `$d` the fastest [`Draw`] that gives the game's draws
/// and trace: the [`Rng`] itself when it keeps a trace, else its [`Seed`],
/// written back after. `$body` must not reach the Rng any other way.
macro_rules! with_draw {
    ($rng:expr, |$d:ident| $body:expr) => {
        if $rng.tracing() {
            let $d = &mut $rng;
            $body
        } else {
            let mut seed = $crate::game::rng::Seed($rng.seed());
            let r = {
                let $d = &mut seed;
                $body
            };
            $rng.set_seed(seed.0);
            r
        }
    };
}
pub(crate) use with_draw;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_draws_from_seed_zero() {
        // FORMAT-core.md §9.
        let mut r = Rng::new(0);
        assert_eq!((r.rn(), r.seed()), (0, 13849));
        assert_eq!((r.rn(), r.seed()), (2347, 153862390));
        assert_eq!((r.rn(), r.seed()), (63404, -139679449));
    }

    #[test]
    fn rnd_edges() {
        let mut r = Rng::new(12345);
        let s = r.seed();
        assert_eq!(r.rnd(0), 0);
        assert_eq!(r.seed(), s, "rnd(0) draws nothing");
        assert_eq!(r.rnd(-1), 0);
        assert_ne!(r.seed(), s, "rnd(-1) draws");
        let mut a = Rng::new(99);
        let mut b = Rng::new(99);
        assert_eq!(a.rnd(i32::MIN), b.rn());
    }

    #[test]
    fn a_bare_seed_draws_as_the_rng() {
        let mut r = Rng::new(-4242);
        let mut s = Seed(r.seed());
        for range in [1, 2, 3, 4, 5, 10, 40, 0, -1, -7, 25, i32::MIN, i32::MAX, 65536, 100_000] {
            for _ in 0..50 {
                assert_eq!(Draw::rnd(&mut s, range), r.rnd(range), "range {range}");
                assert_eq!(s.0, r.seed());
            }
        }
    }

    #[test]
    fn a_bare_seed_tests_secrets_as_the_rng() {
        for start in [0, 1, -1, 12345, -99999, i32::MAX, i32::MIN, 0x680a_cfae] {
            for (a, t, b) in
                [(10, 11, 40), (10, 30, 5), (10, 5, 40), (10, 1, 5), (10, 0, 40), (1, 2, 1), (3, 26, 7), (10, 11, 0)]
            {
                let (mut r, mut s) = (Rng::new(start), Seed(start));
                for _ in 0..100 {
                    assert_eq!(
                        s.rnd_below_then_zero(a, t, b),
                        Draw::rnd_below_then_zero(&mut r, a, t, b),
                        "{a} {t} {b}"
                    );
                    assert_eq!(s.0, r.seed());
                }
            }
        }
    }

    #[test]
    fn a_bare_seed_picks_as_the_rng() {
        for start in [0, 1, -1, 12345, -99999, i32::MAX, i32::MIN, 0x680a_cfae] {
            let (mut r, mut s) = (Rng::new(start), Seed(start));
            for i in 0..3000u32 {
                let found = i % 15 + 1;
                assert_eq!(s.pick_among(found), Draw::pick_among(&mut r, found), "found {found:#b}");
                assert_eq!(s.0, r.seed());
            }
        }
    }

    #[test]
    fn spread_small_draws_nothing() {
        let mut r = Rng::new(7);
        assert_eq!(r.spread(1), 1);
        assert_eq!(r.spread(2), 2);
        assert_eq!(r.seed(), 7);
    }
}
