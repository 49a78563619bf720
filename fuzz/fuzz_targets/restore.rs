//! Fuzz the save-file restore path: arbitrary bytes through `read_header`
//! and `restore_bytes` into a fresh headless game. Neither may panic, hang
//! or allocate without bound; a file that restores must encode again, and
//! that encoding must restore and encode to the same bytes.
//!
//! Run (nightly Rust, `cargo install cargo-fuzz`), from the repository root:
//!
//!     mkdir -p fuzz/corpus/restore
//!     cargo +nightly fuzz run -s none restore fuzz/corpus/restore fuzz/seeds/restore -- -runs=1000000
//!
//! (add `-jobs=N -workers=N` to use more cores; crashes land in
//! fuzz/artifacts/restore/ and replay with `cargo +nightly fuzz run
//! restore fuzz/artifacts/restore/<file>`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use rogue::game::Game;
use rogue::game::savefile::{SaveReader, read_header, restore_bytes};

fuzz_target!(|data: &[u8]| {
    let _ = read_header(&mut SaveReader::new(data));
    let mut g = Game::headless();
    if restore_bytes(&mut g, data).is_ok() {
        let again = g.save_bytes();
        let mut g2 = Game::headless();
        restore_bytes(&mut g2, &again).expect("a game the port wrote must restore");
        assert!(g2.save_bytes() == again, "restore then save is not stable");
    }
});
