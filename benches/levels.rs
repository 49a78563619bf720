//! Benchmark: the levels flow (a new game, then depths 1 to 30) for many
//! seeds, headless, in levels per second. The original C at -O2 with curses
//! in memory takes about 7 microseconds a level.
//!
//!     cargo bench --bench levels [-- SEEDS]

use std::hint::black_box;
use std::time::Instant;

use rogue::game::Game;

const DEPTH: i32 = 30;

fn dig(seed: i32) -> i32 {
    let mut g = Game::headless();
    let _messages = g.record();
    g.init_new_game(seed);
    for _ in 1..=DEPTH {
        let _ = g.dig_next();
    }
    g.rng.seed()
}

fn main() {
    let seeds: i32 = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(5_000);
    // Warm up.
    for s in 0..50 {
        black_box(dig(s));
    }
    let mut best = f64::MAX;
    for _round in 0..3 {
        let start = Instant::now();
        let mut acc = 0i32;
        for s in 0..seeds {
            acc ^= dig(black_box(s.wrapping_mul(7919)));
        }
        black_box(acc);
        best = best.min(start.elapsed().as_secs_f64());
    }
    let levels = f64::from(seeds) * f64::from(DEPTH);
    println!(
        "levels: {seeds} seeds x {DEPTH} depths = {levels} levels in {best:.3} s (best of 3): {:.0} levels/s, {:.2} us/level",
        levels / best,
        best / levels * 1e6
    );
}
