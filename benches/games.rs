//! Benchmark: every `games` golden's keys replayed headless on the
//! in-memory screen, in keys per second (one core). The original, linked
//! with curses on a dummy terminal, plays the same 60 games' 51,533 keys at
//! about 131,000 keys per second on the development machine.
//!
//!     cargo bench --bench games [-- ROUNDS]
//!
//! The games' files (each ends by writing its score file under a lock
//! file, made and removed, as the original does) go to a folder in
//! memory, `/dev/shm`, when the machine has one and `TMPDIR` is not set:
//! see [`scratch_dir`].

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use cpu_time::ProcessTime;

use rogue::case::Case;
use rogue::curses::model::Model;
use rogue::game::{Game, Launch};
use rogue::trace::games::{Setup, setup, temp_dir};

fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/games");
    let paths = rogue::case::case_paths(&dir).expect("oracle/cases/games");
    paths.iter().map(|p| Case::read(p).expect("a readable case")).collect()
}

/// The folder for the games' folders: [`temp_dir`]'s, moved to
/// `/dev/shm` when `TMPDIR` is not set and that is a folder this process
/// can write to.
///
/// On a disk filesystem the thousands of lock files made and removed in a
/// run cost the kernel more as the run goes on (ext4's inode allocator
/// steps over inodes it freed a moment ago): on a machine whose /tmp is
/// ext4, about a tenth of the CPU time, measured on the game's side of
/// the clock. In memory the figure is the game's own.
fn scratch_dir() -> PathBuf {
    let usual = temp_dir();
    let shm = Path::new("/dev/shm");
    if std::env::var_os("TMPDIR").is_some() || !shm.is_dir() {
        return usual;
    }
    let dir = shm.join(usual.file_name().unwrap_or_default());
    if std::fs::create_dir_all(&dir).is_ok() { dir } else { usual }
}

fn play(s: &Setup) -> usize {
    let mut model = Model::new(s.lines, s.cols);
    model.push_input(&s.keys);
    let launch = Launch { master: s.master, ..Launch::default() };
    let mut g = Game::launch(Box::new(s.host.clone()), Box::new(model), launch);
    black_box(g.rogue_main(&s.args));
    s.keys.len()
}

fn main() {
    let rounds: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(5);
    let dir = scratch_dir();
    let setups: Vec<Setup> = cases()
        .iter()
        .enumerate()
        .map(|(i, c)| setup(c, &dir.join(i.to_string())).expect("a case that sets up"))
        .collect();
    let keys: usize = setups.iter().map(|s| s.keys.len()).sum();
    for s in &setups {
        play(s);
    }
    // Best round by the process CPU clock (the machine is shared), wall
    // time of the same round beside it.
    let (mut best, mut wall) = (f64::MAX, 0.0);
    for _ in 0..rounds {
        let (cpu, start) = (ProcessTime::now(), Instant::now());
        for s in &setups {
            play(s);
        }
        let t = cpu.elapsed().as_secs_f64();
        if t < best {
            (best, wall) = (t, start.elapsed().as_secs_f64());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "{} goldens, a full frame per key: {best:.3} s cpu, {wall:.3} s wall (best of {rounds}); {:.0} keys/s wall",
        setups.len(),
        keys as f64 / wall
    );
    println!("games: {keys} keys, {:.0} keys/s cpu", keys as f64 / best);
}
