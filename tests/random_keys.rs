//! Random keys never crash or hang the game: many seeds, each played with
//! random key bytes (all 256 values, biased toward real commands) on the
//! headless screen. A hang would show as an unbounded number of random
//! draws between two keys; a panic fails the test.
//!
//! `RANDOM_KEYS_SEEDS` and `RANDOM_KEYS_KEYS` make the run longer (the
//! README gives the command for the long run).

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::Inputs;
use rogue::curses::model::{KeySource, Model, Terminal};
use rogue::ending::{Exit, Interrupt};
use rogue::game::Game;
use rogue::host::ScriptedHost;

/// Keys a player types most.
const COMMON: &[u8] = b"hjklyubnHJKLYUBN.s,ieqrwWTPRdtzfFm^<>aIcD?/)]=@ \n\x1b0123456789abcdefghijklmnopqrstuvwxyz";

/// Keys from a seeded stream; after the budget, the end of input.
struct RandomKeys {
    inp: Inputs,
    left: usize,
    /// The generator's seed at the last key, to bound the work per key.
    keys_read: Arc<AtomicUsize>,
}

impl KeySource for RandomKeys {
    fn key(&mut self, _screen: &Terminal) -> Result<u8, Interrupt> {
        if self.left == 0 {
            return Err(Interrupt::EndOfInput);
        }
        self.left -= 1;
        self.keys_read.fetch_add(1, Ordering::Relaxed);
        let k = if self.inp.chance(4) {
            (self.inp.next_u64() & 0xff) as u8
        } else {
            COMMON[(self.inp.next_u64() % COMMON.len() as u64) as usize]
        };
        // Never the shell escape, never suspend, never save (it would end
        // the run early).
        Ok(match k {
            b'!' | 0x1a | b'S' | b'Q' => b'.',
            other => other,
        })
    }
}

fn play(seed: u64, keys: usize) {
    let mut model = Model::standard();
    let keys_read = Arc::new(AtomicUsize::new(0));
    model.set_input(Box::new(RandomKeys { inp: Inputs::new(seed), left: keys, keys_read: Arc::clone(&keys_read) }));
    let mut host = ScriptedHost::nowhere();
    host.time = 1_700_000_000 + (seed as i64 % 100_000);
    host.pid = (seed % 30_000) as i32;
    let mut g = Game::with(Box::new(host), Box::new(model));
    let exit = g.rogue_main(&[]);
    if std::env::var("RANDOM_KEYS_VERBOSE").is_ok() {
        eprintln!("seed {seed}: {exit:?} after {} keys, level {}", keys_read.load(Ordering::Relaxed), g.level);
    }
    // Any way out is fine (^\\ at the last line read kills the process,
    // as in the original); what matters is that it got out.
    assert!(matches!(exit, Exit::EndOfInput | Exit::Status(0) | Exit::Killed(_)), "seed {seed}: {exit:?}");
}

#[test]
fn random_keys_never_crash() {
    let seeds: u64 = std::env::var("RANDOM_KEYS_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(2_000);
    let keys: usize = std::env::var("RANDOM_KEYS_KEYS").ok().and_then(|v| v.parse().ok()).unwrap_or(2_000);
    for seed in 0..seeds {
        let r = std::panic::catch_unwind(|| play(seed, keys));
        if let Err(e) = r {
            let msg = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            panic!("seed {seed}: {}", msg.unwrap_or_default());
        }
    }
}
