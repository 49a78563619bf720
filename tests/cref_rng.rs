//! The RNG of the port against the C reference, through FFI, on a million
//! random (seed, range) pairs and on every edge of the int range.

mod common;

use common::{EDGES, Inputs};
use rogue::cref;
use rogue::game::rng::Rng;

/// A seed or range: mostly any int, often an edge or a small number.
fn interesting(inp: &mut Inputs) -> i32 {
    match inp.next_u64() % 4 {
        0 => inp.pick(&EDGES),
        1 => inp.range(-300, 300),
        _ => inp.any_i32(),
    }
}

#[test]
fn rnd_matches_c_on_a_million_pairs() {
    let mut inp = Inputs::new(0x5eed_0001);
    for _ in 0..1_000_000 {
        let seed = interesting(&mut inp);
        let range = interesting(&mut inp);
        let mut rust = Rng::new(seed);
        let mut c = seed;
        let (rv, cv) = (rust.rnd(range), cref::rnd(&mut c, range));
        assert_eq!((rv, rust.seed()), (cv, c), "rnd({range}) from seed {seed}");
    }
}

#[test]
fn edge_pairs_match_c() {
    for &seed in &EDGES {
        for &range in &EDGES {
            let mut rust = Rng::new(seed);
            let mut c = seed;
            for _ in 0..50 {
                assert_eq!(rust.rnd(range), cref::rnd(&mut c, range), "rnd({range}) from {seed}");
                assert_eq!(rust.seed(), c);
            }
            let mut rust = Rng::new(seed);
            let mut c = seed;
            assert_eq!(rust.rn(), cref::rn(&mut c));
            assert_eq!(rust.seed(), c);
        }
    }
}

#[test]
fn roll_and_spread_match_c() {
    let mut inp = Inputs::new(0x5eed_0002);
    for _ in 0..200_000 {
        let seed = interesting(&mut inp);
        let n = inp.range(0, 12);
        let sides = interesting(&mut inp);
        let mut rust = Rng::new(seed);
        let mut c = seed;
        assert_eq!(rust.roll(n, sides), cref::roll(&mut c, n, sides), "roll({n}, {sides}) from {seed}");
        assert_eq!(rust.seed(), c);
        let v = interesting(&mut inp);
        assert_eq!(rust.spread(v), cref::spread(&mut c, v), "spread({v})");
        assert_eq!(rust.seed(), c);
    }
}
