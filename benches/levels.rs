//! Benchmark: the levels flow (a new game, then depths 1 to 30) for many
//! seeds, headless, in microseconds a level. The original's own figures,
//! measured beside it, are in doc/PERFORMANCE.md.
//!
//!     cargo bench --bench levels [-- SEEDS] [--as-original] [--stages]
//!
//! Each game's screen model and storage (`Game::headless`) are made and
//! dropped outside the timed region; what is timed is the new game's lore
//! (`init_new_game`) and its thirty levels, the work the original's side
//! times (it makes its windows once and puts its globals back between
//! games untimed).
//!
//! `--as-original` leaves out the seeds on which 5.4.4 never finishes (it
//! loops forever in `conn` on a maze wall it cannot pass; this port takes
//! the wall's first passage spot instead), so that the figure and the end
//! RNG states can be read beside the original's own loop over the same
//! seeds: at 5000 seeds both then end on xor 0x908372ce.
//!
//! `--stages` then runs the seeds once more with a clock read at each of
//! `new_level`'s stages (the oracle's `stage` points, and two more: the
//! old level cleared away, the corridors dug) and prints where a
//! level's wall time goes, stage by stage: a breakdown without a
//! profiler. Its total leaves out the new game's lore (about 2% of the
//! figure) and takes in the clock reads (seven a
//! level, some 20 ns each), so it comes out near the timed figure
//! without being it. Then the same split for the levels with a maze and
//! for the others (a maze's dig and its walk make its level about twice
//! as long).

use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use cpu_time::ProcessTime;

use rogue::game::consts::ISMAZE;
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

/// The stretches of a level `--stages` times: from the start of
/// `new_level` to each of its stages in turn, and from the last stage to
/// its end.
const STRETCHES: [&str; NSTRETCHES] = [
    "clears, old level's things",
    "do_rooms",
    "conn, the corridors",
    "the numbering (passnum)",
    "put_things, traps, stairs, monsters' rooms, hero's spot",
    "enter_room",
    "the hero drawn, the rest of new_level",
];
/// How many stretches: six stages, then the end of `new_level`.
const NSTRETCHES: usize = 7;

/// The clock of `--stages`, shared by the bench and the game's watcher:
/// the nanoseconds of each of [`STRETCHES`] in the level being dug, and
/// the last mark.
struct Tally {
    base: Instant,
    /// Nanoseconds from `base` to the last mark.
    last: AtomicU64,
    /// The stretch the next stage ends.
    next: AtomicU64,
    spent: [AtomicU64; NSTRETCHES],
}

impl Tally {
    fn new() -> Self {
        Tally {
            base: Instant::now(),
            last: AtomicU64::new(0),
            next: AtomicU64::new(0),
            spent: std::array::from_fn(|_| AtomicU64::new(0)),
        }
    }

    /// A level starts: the first stretch from now.
    fn start(&self) {
        self.last.store(self.base.elapsed().as_nanos() as u64, Ordering::Relaxed);
        self.next.store(0, Ordering::Relaxed);
    }

    /// A stretch ends now.
    fn mark(&self) {
        let now = self.base.elapsed().as_nanos() as u64;
        let k = self.next.fetch_add(1, Ordering::Relaxed) as usize;
        if let Some(t) = self.spent.get(k) {
            t.fetch_add(now - self.last.swap(now, Ordering::Relaxed), Ordering::Relaxed);
        }
    }

    /// The level's stretches, taken out (the tally is left at zero).
    fn take(&self) -> [u64; NSTRETCHES] {
        std::array::from_fn(|i| self.spent[i].swap(0, Ordering::Relaxed))
    }
}

/// Drops the messages as [`DropMessages`] does, and ends a stretch at
/// each stage.
struct StageClock(Arc<Tally>);

impl Observer for StageClock {
    fn records_messages(&self) -> bool {
        true
    }

    fn stage(&mut self, _name: &'static str, _seed: i32) {
        self.0.mark();
    }
}

/// What `--stages` adds up, for the levels with a maze and for the
/// others: how many, and the nanoseconds of each of [`STRETCHES`].
#[derive(Default)]
struct ByKind {
    levels: [u64; 2],
    spent: [[u64; NSTRETCHES]; 2],
}

/// [`dig`], each level's stretches (timed by `tally`) added to `by_kind`.
fn dig_timed(seed: i32, tally: &Arc<Tally>, by_kind: &mut ByKind) {
    let mut g = new_game(seed, Box::new(StageClock(tally.clone())));
    for _ in 1..=DEPTH {
        tally.start();
        let _ = g.dig_next();
        // The last stretch: from the last stage to the end of new_level.
        tally.mark();
        let kind = usize::from(!g.dungeon.rooms.iter().any(|r| r.r_flags & ISMAZE != 0));
        by_kind.levels[kind] += 1;
        for (sum, t) in by_kind.spent[kind].iter_mut().zip(tally.take()) {
            *sum += t;
        }
    }
}

const DEPTH: i32 = 30;

/// The seed indexes (seed = index x 7919) below 5000 where 5.4.4 hangs
/// digging one of depths 1-30 from a new game.
const ORIGINAL_HANGS: [i32; 7] = [185, 783, 831, 1811, 2400, 3559, 3871];

/// A new headless game from a seed, watched by `obs`.
fn new_game(seed: i32, obs: Box<dyn Observer>) -> Game {
    let mut g = Game::headless();
    g.rt.obs = obs;
    g.init_new_game(seed);
    g
}

/// A fresh headless game that drops its messages, its lore not yet made.
fn fresh_game() -> Game {
    let mut g = Game::headless();
    g.rt.obs = Box::new(DropMessages);
    g
}

fn dig(seed: i32) -> i32 {
    dig_from(&mut fresh_game(), seed)
}

/// A new game's lore from `seed` in a fresh `g`, then its levels; the
/// seed at the end.
fn dig_from(g: &mut Game, seed: i32) -> i32 {
    g.init_new_game(seed);
    for _ in 1..=DEPTH {
        let _ = g.dig_next();
    }
    g.rng.seed()
}

fn main() {
    let seeds: i32 = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(5_000);
    let as_original = std::env::args().any(|a| a == "--as-original");
    let stages = std::env::args().any(|a| a == "--stages");
    let kept: Vec<i32> = (0..seeds).filter(|s| !(as_original && ORIGINAL_HANGS.contains(s))).collect();
    // Warm up.
    for s in 0..50 {
        black_box(dig(s));
    }
    // Best of 3 by the process CPU clock (the machine is shared), wall
    // time of the same round beside it.
    let (mut best, mut wall) = (f64::MAX, 0.0);
    let mut end = 0i32;
    for _round in 0..3 {
        let (mut t, mut w) = (0.0, 0.0);
        let mut acc = 0i32;
        for &s in &kept {
            // The game's screen and storage are made, and dropped, outside
            // the timed region: the original's side makes its windows once
            // (initscr, newwin) and puts its globals back between games
            // untimed, so both time the same work, a new game's lore and
            // its thirty levels.
            let mut g = fresh_game();
            let (cpu, start) = (ProcessTime::now(), Instant::now());
            acc ^= dig_from(&mut g, black_box(s.wrapping_mul(7919)));
            t += cpu.elapsed().as_secs_f64();
            w += start.elapsed().as_secs_f64();
            drop(black_box(g));
        }
        end = black_box(acc);
        if t < best {
            (best, wall) = (t, w);
        }
    }
    let levels = kept.len() as i32 * DEPTH;
    let n = f64::from(levels);
    println!(
        "{} seeds, a new game then depths 1-{DEPTH}: {best:.3} s cpu, {wall:.3} s wall (best of 3); {:.2} us/level wall; end RNG states xor {end:#010x}",
        kept.len(),
        wall / n * 1e6
    );
    if stages {
        let tally = Arc::new(Tally::new());
        let mut by_kind = ByKind::default();
        for &s in &kept {
            dig_timed(black_box(s.wrapping_mul(7919)), &tally, &mut by_kind);
        }
        let ns: Vec<f64> =
            (0..STRETCHES.len()).map(|i| (by_kind.spent[0][i] + by_kind.spent[1][i]) as f64 / n).collect();
        let total: f64 = ns.iter().sum();
        println!("stages (wall, one more round, a clock read at each stage): {:.2} us/level", total / 1e3);
        for (name, t) in STRETCHES.iter().zip(&ns) {
            println!("  {:>5.2} us {:>5.1}%  {name}", t / 1e3, t / total * 100.0);
        }
        for (kind, label) in ["with a maze", "without"].iter().enumerate() {
            let count = by_kind.levels[kind].max(1) as f64;
            let us: Vec<String> =
                by_kind.spent[kind].iter().map(|&t| format!("{:.2}", t as f64 / count / 1e3)).collect();
            println!("  levels {label}: {} of {levels}, us a level by stretch: {}", by_kind.levels[kind], us.join(" "));
        }
    }
    println!("levels: {levels} levels, {:.2} us/level cpu", best / n * 1e6);
}
