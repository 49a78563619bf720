//! Fuzz the score-file reader: bytes through `rd_score`, and the whole
//! `rogue -s` path (the list shown from the file) in a headless game.
//! Neither may panic or hang; a file that reads must write back to the
//! same bytes (the reader accepts only what the writer makes).
//!
//! The first byte picks how the rest is read: even, as the file itself;
//! odd, as the fields of ten entries (so that the list shows values no
//! mutation of a ciphered file would reach), written with `wr_score`.
//!
//!     cargo +nightly fuzz run score fuzz/corpus/score fuzz/seeds/score

#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rogue::game::score::{NUMSCORES, ScoreEntry, rd_score, wr_score};
use rogue::session::Config;

/// A folder of this process's own for the score file.
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("rogue-fuzz-score-{}", std::process::id()));
        std::fs::create_dir_all(&d).expect("a temporary folder");
        d
    })
}

/// Ten entries from the bytes, field by field (zeros once they run out).
fn entries(mut b: &[u8]) -> [ScoreEntry; NUMSCORES] {
    let mut take = |n: usize| -> Vec<u8> {
        let (a, rest) = b.split_at(n.min(b.len()));
        b = rest;
        let mut v = a.to_vec();
        v.resize(n, 0);
        v
    };
    std::array::from_fn(|_| {
        let mut e = ScoreEntry::default();
        let w = |v: Vec<u8>| u32::from_le_bytes([v[0], v[1], v[2], v[3]]);
        e.uid = w(take(4));
        e.score = w(take(4)) as i32;
        e.flags = w(take(4));
        let m = take(2);
        e.monster = u16::from_le_bytes([m[0], m[1]]);
        e.level = w(take(4)) as i32;
        e.time = w(take(4));
        let n = usize::from(take(1)[0] % 40);
        e.name[..n].copy_from_slice(&take(n));
        e
    })
}

fuzz_target!(|data: &[u8]| {
    let (file, raw) = match data.split_first() {
        Some((m, rest)) if m & 1 == 1 => (wr_score(&entries(rest)), false),
        Some((_, rest)) => (rest.to_vec(), true),
        None => (Vec::new(), true),
    };
    let mut top: [ScoreEntry; NUMSCORES] = Default::default();
    let read = rd_score(&file, &mut top).is_ok();
    if raw && read && !file.is_empty() {
        assert!(wr_score(&top) == file, "a score file that reads must write back the same");
    }
    // `rogue -s` on that file (a file that does not read gets one line
    // saying so: the goldens cover it, and a game is dear to make).
    if !read {
        return;
    }
    let d = dir();
    std::fs::write(d.join("rogue.scr"), &file).expect("write the score file");
    let mut g = Config { dir: Some(d.clone()), ..Config::default() }.game();
    let _ = g.rogue_main(&[b"-s".to_vec()]);
    drop(g);
    // Whatever the game left (a lock) goes before the next run.
    if let Ok(entries) = std::fs::read_dir(d) {
        for e in entries.flatten() {
            let _ = std::fs::remove_file(e.path());
        }
    }
});
