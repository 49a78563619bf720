//! When the input ends the game gets out: at every key and line read,
//! during play and at each prompt of a game's end, and while it plays on by
//! itself. On the headless screen the keys run out (the game stops where it
//! is, touching no file) or the terminal hangs up (the game is saved as at
//! SIGHUP, or, once it is over, nothing is written); the shipped binary
//! with standard input at its end saves the game, and SIGTERM saves one
//! that is busy reading keys faster than they are typed. Every run has a watchdog: a run
//! that does not end within a minute fails the test.

mod common;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rogue::Exit;
use rogue::Terminal;
use rogue::curses::Interrupt;
use rogue::curses::model::{KeySource, Model};
use rogue::game::savefile::restore_bytes;
use rogue::game::{Game, Launch};
use rogue::host::ScriptedHost;

/// The watchdog's bound for one run (a run takes well under a second).
const BOUND: Duration = Duration::from_secs(120);

static SERIAL: AtomicUsize = AtomicUsize::new(0);

/// A fresh folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Self {
        let n = SERIAL.fetch_add(1, Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!("rogue-eoi-{}-{n}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("scratch folder");
        Scratch(p)
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Keys, then the end of input: the keys run out, or the terminal hangs up
/// (after `hang_after` polls between turns, too, if given).
struct Keys {
    keys: VecDeque<u8>,
    hangup: bool,
    hang_after: Option<usize>,
}

impl Keys {
    fn new(keys: &[u8], hangup: bool) -> Self {
        Keys { keys: keys.iter().copied().collect(), hangup, hang_after: None }
    }
}

impl KeySource for Keys {
    fn key(&mut self, _screen: &Terminal) -> Result<u8, Interrupt> {
        match self.keys.pop_front() {
            Some(k) => Ok(k),
            None if self.hangup => Err(Interrupt::Hangup),
            None => Err(Interrupt::EndOfInput),
        }
    }

    fn hangup_pending(&mut self) -> bool {
        match self.hang_after.as_mut() {
            Some(0) => true,
            Some(n) => {
                *n -= 1;
                false
            }
            None => false,
        }
    }
}

/// Run `f` on a thread of its own, failing when it takes longer than the
/// bound.
fn watched<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(BOUND) {
        Ok(v) => v,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: still running after {BOUND:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: panicked (see above)"),
    }
}

/// A headless game whose files live in `dir` (save: `rogue.save`, score:
/// `rogue.scr`), with a fixed dungeon.
fn headless(dir: &Path, keys: Keys) -> Game {
    let host = ScriptedHost { dir: dir.to_path_buf(), time: 1_700_000_000, pid: 42, ..ScriptedHost::nowhere() };
    let mut model = Model::standard();
    model.set_input(Box::new(keys));
    Game::launch(Box::new(host), Box::new(model), Launch::seeded(1_700_000_042))
}

/// Play `args` with `keys` then the end of input; the exit, and what the
/// save and score files hold afterwards.
fn run(args: &[&str], keys: &[u8], hangup: bool) -> (Exit, Option<Vec<u8>>, Vec<u8>) {
    let args: Vec<Vec<u8>> = args.iter().map(|a| a.as_bytes().to_vec()).collect();
    let keys = keys.to_vec();
    let what = format!("{args:?} with keys {keys:?}, then {}", if hangup { "a hangup" } else { "no more keys" });
    watched(&what, move || {
        let dir = Scratch::new("model");
        let mut g = headless(&dir.0, Keys::new(&keys, hangup));
        let exit = g.rogue_main(&args);
        let save = std::fs::read(dir.join("rogue.save")).ok();
        let score = std::fs::read(dir.join("rogue.scr")).unwrap_or_default();
        (exit, save, score)
    })
}

/// The prompts at a game's end: the tombstone's return (`wgetnstr`), the
/// line read after the score list, the quit's return; and during play, a
/// command, a prompt and a --More--.
#[test]
fn the_end_of_input_ends_every_prompt() {
    // (arguments, keys, what the keys reach)
    let cases: [(&[&str], &[u8], &str); 7] = [
        (&["-d"], b"", "the tombstone's return"),
        (&["-d"], b"\n", "the line after the score list"),
        (&[], b"Qy", "the quit's return"),
        (&[], b"Qy\n", "after the quit's score list"),
        (&[], b"", "a command"),
        (&[], b"Q", "really quit?"),
        (&[], b"d", "drop what?"),
    ];
    for (args, keys, at) in cases {
        let during_play = !args.contains(&"-d") && !keys.starts_with(b"Qy");
        // The keys run out: the game stops there, touching no file.
        let (exit, save, score) = run(args, keys, false);
        assert!(matches!(exit, Exit::EndOfInput | Exit::Status(0)), "{at}: {exit:?}");
        assert!(save.is_none(), "{at}: running out of keys saves nothing");
        if !keys.ends_with(b"\n") {
            assert!(score.is_empty(), "{at}: no score was posted before the input ended");
        }
        // The terminal hangs up: saved during play, nothing written after.
        let (exit, save, score) = run(args, keys, true);
        assert_eq!(exit, Exit::Status(0), "{at}: a hangup exits 0");
        if during_play {
            let save = save.unwrap_or_else(|| panic!("{at}: a hangup during play saves the game"));
            restore_bytes(&mut Game::headless(), &save).unwrap_or_else(|e| panic!("{at}: the save restores: {e}"));
        } else {
            assert!(save.is_none(), "{at}: a game that is over is not saved");
        }
        if !keys.ends_with(b"\n") {
            assert!(score.is_empty(), "{at}: no score was posted before the hangup");
        }
    }
}

/// A save whose hero sleeps as long as a save may hold (1000 turns; a
/// longer sleep is refused as damaged) and whose dungeon never moves (no
/// daemons, no hunger): restored, the game plays on by itself for those
/// turns without reading a key.
fn frozen_save() -> Vec<u8> {
    let dir = Scratch::new("frozen");
    let mut g = headless(&dir.0, Keys::new(b"", false));
    assert_eq!(g.rogue_main(&[]), Exit::EndOfInput);
    g.hero.no_command = 1000;
    g.hero.food_left = 2000;
    g.dungeon.d_list = Default::default();
    g.save_bytes()
}

/// A hangup that comes while the game computes is acted on between two
/// turns: the game is saved there, and the file plays on from that turn.
#[test]
fn a_hangup_while_the_game_computes_saves_between_turns() {
    let bytes = frozen_save();
    let (exit, save) = watched("a frozen hero, then a hangup", move || {
        let dir = Scratch::new("compute");
        std::fs::write(dir.join("rogue.save"), &bytes).expect("the save");
        let mut keys = Keys::new(b"", false);
        keys.hang_after = Some(500);
        let mut g = headless(&dir.0, keys);
        let exit = g.rogue_main(&[b"rogue.save".to_vec()]);
        (exit, std::fs::read(dir.join("rogue.save")).ok())
    });
    assert_eq!(exit, Exit::Status(0), "saved and gone");
    let save = save.expect("the game was saved");
    let mut g = Game::headless();
    restore_bytes(&mut g, &save).expect("the save restores");
    assert_eq!(g.hero.no_command, 1000 - 500, "saved between the 500th and 501st turns");
}

/// Wait for a child to end within the bound (killing it otherwise).
fn wait_bounded(child: &mut std::process::Child, what: &str) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waiting for rogue") {
            return status;
        }
        if start.elapsed() > BOUND {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: rogue still running after {BOUND:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The binary in `dir` with TERM=vt100, its save and score files there,
/// standard input as given, its screen output thrown away.
fn binary(dir: &Scratch, args: &[&str], stdin: Stdio) -> Command {
    let mut c = Command::new(common::rogue_bin());
    c.current_dir(&dir.0)
        .env_clear()
        .env("TERM", "vt100")
        .env("HOME", &dir.0)
        .env("PATH", "/usr/bin:/bin")
        .arg("--save-file")
        .arg(dir.join("rogue.save"))
        .arg("--score-file")
        .arg(dir.join("rogue.scr"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    c
}

/// `rogue </dev/null` and `echo | rogue`: the first key read finds the end
/// of the input, and the game is saved as at a hangup.
#[test]
fn binary_with_stdin_at_its_end_saves() {
    for piped in [None, Some(&b"\n"[..]), Some(&b"jjj"[..])] {
        let dir = Scratch::new("stdin");
        let what = format!("rogue with stdin {piped:?}");
        let stdin = if piped.is_some() { Stdio::piped() } else { Stdio::null() };
        let mut child = binary(&dir, &["--seed", "1700000042"], stdin).spawn().expect("rogue runs");
        if let (Some(keys), Some(mut w)) = (piped, child.stdin.take()) {
            use std::io::Write;
            w.write_all(keys).expect("the keys");
        }
        let status = wait_bounded(&mut child, &what);
        assert_eq!(status.code(), Some(0), "{what}: saved as at a hangup, status 0");
        let bytes = std::fs::read(dir.join("rogue.save")).unwrap_or_else(|_| panic!("{what}: no save file"));
        restore_bytes(&mut Game::headless(), &bytes).unwrap_or_else(|e| panic!("{what}: the save restores: {e}"));
    }
}

/// `rogue -d </dev/null`: the tombstone's return finds the end of the
/// input; the program ends (the score file is left as it was).
#[test]
fn binary_death_demo_with_stdin_at_its_end_ends() {
    let dir = Scratch::new("demo");
    let mut child = binary(&dir, &["-d"], Stdio::null()).spawn().expect("rogue runs");
    let status = wait_bounded(&mut child, "rogue -d </dev/null");
    assert_eq!(status.code(), Some(0));
    assert!(!dir.join("rogue.save").exists(), "nothing to save");
    assert!(std::fs::read(dir.join("rogue.scr")).unwrap_or_default().is_empty(), "the score file is untouched");
}

/// SIGTERM while the game is busy and never waits: keys that take no turn
/// (^R, the last message again) come faster than it reads them. It is
/// saved and exits, and the save plays on.
///
/// (No state of a real game computes for long without reading a key any
/// more: the saves that did are refused as damaged, `tests/no_hang.rs`, and
/// the longest sleep a save may hold passes in milliseconds. That a signal
/// is acted on between two turns, with no key read, is shown on the model
/// by `a_hangup_while_the_game_computes_saves_between_turns`.)
#[test]
fn binary_terminate_while_busy_saves() {
    use std::io::Write;
    let dir = Scratch::new("term");
    let save = dir.join("rogue.save");
    let mut child = binary(&dir, &["--seed", "1700000042"], Stdio::piped()).spawn().expect("rogue runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    // Past what the pipe holds (64 KiB) and more: the game has read keys.
    const READ: usize = (1 << 16) + (1 << 14);
    let written = std::sync::Arc::new(AtomicUsize::new(0));
    let fed = {
        let written = std::sync::Arc::clone(&written);
        std::thread::spawn(move || {
            let chunk = vec![0x12u8; 4096];
            // Until the game is gone (a broken pipe) or 4 GB went in.
            while written.load(Ordering::Relaxed) < 1 << 32 && stdin.write_all(&chunk).is_ok() {
                written.fetch_add(chunk.len(), Ordering::Relaxed);
            }
        })
    };
    // The game at full speed: it has read keys past what the pipe holds.
    // Waited for, not slept for: on a busy machine the start may take long.
    let deadline = Instant::now() + Duration::from_secs(120);
    while written.load(Ordering::Relaxed) <= READ {
        assert!(child.try_wait().expect("waiting").is_none(), "rogue is still playing");
        assert!(Instant::now() < deadline, "the game read no keys in 120 s");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(child.try_wait().expect("waiting").is_none(), "rogue is still playing");
    let killed = Command::new("kill").arg("-TERM").arg(child.id().to_string()).status().expect("kill");
    assert!(killed.success(), "kill -TERM");
    let status = wait_bounded(&mut child, "SIGTERM while busy");
    assert_eq!(status.code(), Some(0), "saved and exited 0");
    fed.join().expect("the key feeder");
    let bytes = std::fs::read(&save).expect("the game was saved");
    restore_bytes(&mut Game::headless(), &bytes).expect("the save restores");
}

/// A dangling symlink where the score lock goes is there to create and gone
/// to look at: the lock's wait once spun on it for ever, deaf to SIGTERM.
/// Now a hangup ends the wait at once (the score is reported unrecorded
/// and the file left as it was).
#[test]
fn a_hangup_ends_the_wait_for_a_dangling_lock() {
    let exit = watched("the score lock behind a dangling symlink", || {
        let dir = Scratch::new("lock");
        std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("rogue.lck")).expect("the symlink");
        let mut keys = Keys::new(b"\n", false);
        keys.hang_after = Some(0);
        let mut g = headless(&dir.0, keys);
        let _messages = g.record();
        let exit = g.rogue_main(&[b"-d".to_vec()]);
        assert!(std::fs::read(dir.join("rogue.scr")).unwrap_or_default().is_empty(), "the score file is untouched");
        exit
    });
    assert!(matches!(exit, Exit::EndOfInput | Exit::Status(0)), "{exit:?}");
}
