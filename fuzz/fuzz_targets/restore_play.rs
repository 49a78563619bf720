//! Fuzz the whole `rogue FILE` path and the game after it: the input is a
//! save file and keys, `[n: u16 LE][n keys][save file]`. The file is
//! written to a folder of this process's own, the headless game restores
//! it as `rogue FILE` does, then plays the keys until they run out. It may
//! refuse the file or end the game, but never panic or hang.
//!
//!     cargo +nightly fuzz run restore_play fuzz/corpus/restore_play -- -timeout=10
//!
//! (`-timeout` matters: a game that computes for ever without reading a
//! key is a bug this target looks for.)

#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rogue::curses::model::ScriptedKeys;
use rogue::session::Config;

/// At most this many keys a run: enough to play a while, short enough to
/// keep the runs quick.
const MAX_KEYS: usize = 300;

fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("rogue-fuzz-restore-play-{}", std::process::id()));
        std::fs::create_dir_all(&d).expect("a temporary folder");
        d
    })
}

fn clear(d: &PathBuf) {
    if let Ok(entries) = std::fs::read_dir(d) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                let _ = std::fs::remove_dir_all(&p);
            } else {
                let _ = std::fs::remove_file(&p);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (keys, save) = match data {
        [a, b, rest @ ..] => {
            let n = (usize::from(u16::from_le_bytes([*a, *b]))).min(rest.len()).min(MAX_KEYS);
            rest.split_at(n)
        }
        _ => (&data[..0], data),
    };
    let d = dir();
    clear(d);
    std::fs::write(d.join("rogue.save"), save).expect("write the save file");
    let mut g = Config { dir: Some(d.clone()), ..Config::default() }.game();
    g.rt.scr.set_keys(Box::new(ScriptedKeys(keys.iter().copied().collect())));
    let _ = g.rogue_main(&[b"rogue.save".to_vec()]);
    drop(g);
    clear(d);
});
