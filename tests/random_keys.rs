//! Random keys never crash or hang the game, and the status line keeps
//! telling the truth: many seeds, each played with random key bytes (all
//! 256 values, biased toward real commands) on the headless screen.
//!
//! * A panic fails the test, naming the seed.
//! * A hang: the games run on a worker thread that counts the keys it is
//!   asked for; when no key has been asked for in 20 seconds (a game
//!   answers a key in microseconds), the test fails naming the seed and
//!   the key.
//! * At every wait for a command, the bottom row is a status line whose
//!   values hold together (hit points within their maximum, strength
//!   within its maximum and what rings of add strength add to it,
//!   a level, gold and experience level that can be); when the keys run
//!   out at such a wait, its values are the game's own.
//!
//! `RANDOM_KEYS_SEEDS` and `RANDOM_KEYS_KEYS` make the run longer (the
//! doc/TESTING.md gives the command for the long run); `RANDOM_KEYS_FIRST` starts
//! at a later seed, and `RANDOM_KEYS_DUMP=DIR` writes each game's keys to
//! `DIR/SEED.keys` as they are typed (to play them to another build).

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use common::Inputs;
use rogue::Exit;
use rogue::Terminal;
use rogue::curses::Interrupt;
use rogue::curses::model::{KeySource, Model};
use rogue::game::{Game, Launch};
use rogue::host::ScriptedHost;
use rogue::session::{Stats, Status};

/// Keys a player types most.
const COMMON: &[u8] = b"hjklyubnHJKLYUBN.s,ieqrwWTPRdtzfFm^<>aIcD?/)]=@ \n\x1b0123456789abcdefghijklmnopqrstuvwxyz";

/// Keys from a seeded stream; after the budget, the end of input.
struct RandomKeys {
    inp: Inputs,
    left: usize,
    /// Keys asked for, over all games (the watchdog's heartbeat).
    keys_read: Arc<AtomicUsize>,
    at_command: bool,
    /// Whether the last wait was for a command.
    last_was_command: Arc<AtomicBool>,
    seed: u64,
    /// Where the keys are written as they go, with RANDOM_KEYS_DUMP.
    dump: Option<std::fs::File>,
}

impl KeySource for RandomKeys {
    fn command_wait(&mut self, on: bool) {
        self.at_command = on;
    }

    fn key(&mut self, screen: &Terminal) -> Result<u8, Interrupt> {
        self.keys_read.fetch_add(1, Ordering::Relaxed);
        self.last_was_command.store(self.at_command, Ordering::Relaxed);
        if self.at_command {
            check_status(self.seed, screen);
            if std::env::var("RANDOM_KEYS_VERBOSE").is_ok() {
                COMMANDS.fetch_add(1, Ordering::Relaxed);
            }
        }
        if self.left == 0 {
            return Err(Interrupt::EndOfInput);
        }
        self.left -= 1;
        // Away from the command wait (a prompt, a --More--), often the
        // keys that get out of it: otherwise most keys go to answering
        // "not a valid item".
        let k = if !self.at_command && self.inp.chance(2) {
            self.inp.pick(b" \x1b")
        } else if self.inp.chance(4) {
            (self.inp.next_u64() & 0xff) as u8
        } else {
            COMMON[(self.inp.next_u64() % COMMON.len() as u64) as usize]
        };
        // Never the shell escape, never suspend, never save (it would end
        // the run early).
        let k = match k {
            b'!' | 0x1a | b'S' | b'Q' => b'.',
            other => other,
        };
        if let Some(f) = self.dump.as_mut() {
            use std::io::Write;
            f.write_all(&[k]).expect("writing the key dump");
        }
        Ok(k)
    }
}

/// How far rings of add strength lift Str above its maximum: the maximum
/// counts the hero's own strength, not the rings', and a ring found in the
/// dungeon adds at most 2 (two worn, 4).
const MAX_RING_STR: i32 = 4;

static COMMANDS: AtomicUsize = AtomicUsize::new(0);

/// The status line at a command wait: there, and believable.
fn check_status(seed: u64, screen: &Terminal) -> Stats {
    let row = screen.row_text(screen.lines - 1);
    let st = Status::parse(&row).unwrap_or_else(|| panic!("seed {seed}: no status line at a command wait: {row:?}"));
    let s = st.stats;
    let ok = s.level >= 1
        && s.gold >= 0
        && (1..=s.max_hp).contains(&s.hp)
        && (3..=31).contains(&s.str)
        && (3..=31).contains(&s.max_str)
        && s.str <= s.max_str + MAX_RING_STR
        && s.exp_level >= 1
        && s.exp >= 0
        && ["", "Hungry", "Weak", "Faint"].contains(&st.hunger.as_str());
    assert!(ok, "seed {seed}: a status line that cannot be: {row:?}");
    s
}

fn play(seed: u64, keys: usize, keys_read: &Arc<AtomicUsize>) {
    let mut model = Model::standard();
    let last_was_command = Arc::new(AtomicBool::new(false));
    model.set_input(Box::new(RandomKeys {
        inp: Inputs::new(seed),
        left: keys,
        keys_read: Arc::clone(keys_read),
        at_command: false,
        last_was_command: Arc::clone(&last_was_command),
        seed,
        dump: std::env::var_os("RANDOM_KEYS_DUMP").map(|d| {
            std::fs::File::create(std::path::Path::new(&d).join(format!("{seed}.keys"))).expect("the key dump")
        }),
    }));
    let mut host = ScriptedHost::nowhere();
    host.time = 1_700_000_000 + (seed as i64 % 100_000);
    host.pid = (seed % 30_000) as i32;
    let mut g = Game::launch(Box::new(host), Box::new(model), Launch::default());
    let exit = g.rogue_main(&[]);
    if std::env::var("RANDOM_KEYS_VERBOSE").is_ok() {
        eprintln!(
            "seed {seed}: {exit:?}, level {}, {} keys so far, {} at commands",
            g.dungeon.level,
            keys_read.load(Ordering::Relaxed),
            COMMANDS.load(Ordering::Relaxed)
        );
    }
    // Any way out is fine (^\\ at the last line read kills the process,
    // as in the original); what matters is that it got out.
    assert!(matches!(exit, Exit::EndOfInput | Exit::Status(0) | Exit::Killed(_)), "seed {seed}: {exit:?}");
    // Out of keys at a command wait: the status line shows the game.
    if exit == Exit::EndOfInput && last_was_command.load(Ordering::Relaxed) {
        let screen = g.rt.scr.terminal().expect("the model's terminal");
        let s = check_status(seed, screen);
        let st = &g.hero.player.t_stats;
        let game = (
            g.dungeon.level,
            g.hero.purse,
            st.s_hpt,
            st.s_maxhp,
            st.s_str as i32,
            g.hero.max_stats.s_str as i32,
            st.s_lvl,
            st.s_exp,
        );
        let shown = (s.level, s.gold, s.hp, s.max_hp, s.str, s.max_str, s.exp_level, s.exp);
        assert_eq!(shown, game, "seed {seed}: the status line and the game disagree");
    }
}

#[test]
fn random_keys_never_crash() {
    let seeds: u64 = std::env::var("RANDOM_KEYS_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(2_000);
    let keys: usize = std::env::var("RANDOM_KEYS_KEYS").ok().and_then(|v| v.parse().ok()).unwrap_or(2_000);
    let first: u64 = std::env::var("RANDOM_KEYS_FIRST").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let keys_read = Arc::new(AtomicUsize::new(0));
    let seed_now = Arc::new(AtomicUsize::new(0));
    let worker = {
        let (keys_read, seed_now) = (Arc::clone(&keys_read), Arc::clone(&seed_now));
        std::thread::spawn(move || {
            for seed in first..seeds {
                seed_now.store(seed as usize, Ordering::Relaxed);
                let r = std::panic::catch_unwind(|| play(seed, keys, &keys_read));
                if let Err(e) = r {
                    let msg =
                        e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                    return Err(format!("seed {seed}: {}", msg.unwrap_or_default()));
                }
            }
            Ok(())
        })
    };
    // The watchdog.
    let mut last = (usize::MAX, std::time::Instant::now());
    while !worker.is_finished() {
        std::thread::sleep(std::time::Duration::from_millis(50));
        let now = keys_read.load(Ordering::Relaxed);
        if now != last.0 {
            last = (now, std::time::Instant::now());
        } else if last.1.elapsed() > std::time::Duration::from_secs(20) {
            panic!(
                "seed {}: no key asked for in 20 s after key {now} of the run: the game hangs",
                seed_now.load(Ordering::Relaxed)
            );
        }
    }
    if let Err(e) = worker.join().expect("the worker") {
        panic!("{e}");
    }
}
