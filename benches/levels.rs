//! Benchmark: the levels flow (a new game, then depths 1 to 30) for many
//! seeds, headless, in levels per second. The original C at -O2 with curses
//! in memory takes about 7 microseconds a level.
//!
//!     cargo bench --bench levels [-- SEEDS]

use std::hint::black_box;
use std::time::Instant;

use cpu_time::ProcessTime;

use rogue::game::{Game, Observer};

/// Takes the messages and drops them, as the original's side of the
/// comparison does (its `msg` returns at once): no `--More--` waits, and
/// nothing noted.
struct DropMessages;

impl Observer for DropMessages {
    fn records_messages(&self) -> bool {
        true
    }
}

const DEPTH: i32 = 30;

fn dig(seed: i32) -> i32 {
    let mut g = Game::headless();
    g.rt.obs = Box::new(DropMessages);
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
    // Best of 3 by the process CPU clock (the machine is shared), wall
    // time of the same round beside it.
    let (mut best, mut wall) = (f64::MAX, 0.0);
    let mut end = 0i32;
    for _round in 0..3 {
        let (cpu, start) = (ProcessTime::now(), Instant::now());
        let mut acc = 0i32;
        for s in 0..seeds {
            acc ^= dig(black_box(s.wrapping_mul(7919)));
        }
        end = black_box(acc);
        let t = cpu.elapsed().as_secs_f64();
        if t < best {
            (best, wall) = (t, start.elapsed().as_secs_f64());
        }
    }
    let levels = seeds * DEPTH;
    let n = f64::from(levels);
    println!(
        "{seeds} seeds, a new game then depths 1-{DEPTH}: {best:.3} s cpu, {wall:.3} s wall (best of 3); {:.2} us/level wall; end RNG states xor {end:#010x}",
        wall / n * 1e6
    );
    println!("levels: {levels} levels, {:.2} us/level cpu", best / n * 1e6);
}
