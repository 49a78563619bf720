//! When the input ends the game gets out: at every key and line read,
//! during play and at each prompt of a game's end, and while it plays on by
//! itself. On the headless screen the keys run out (the game stops where it
//! is, touching no file) or the terminal hangs up (the game is saved as at
//! SIGHUP); a game that is decided (a death, a quit, a victory) is never
//! saved but recorded, its score and log line written once; the shipped binary
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

// The watchdog's bound for one run (a run takes well under a second).
use common::BOUND;

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
    let log = dir.join("rogue.log").into_os_string().into_encoded_bytes();
    Game::launch(Box::new(host), Box::new(model), Launch { log_path: Some(log), ..Launch::seeded(1_700_000_042) })
}

/// Play `args` with `keys` then the end of input; the exit, and what the
/// save, score and log files hold afterwards.
fn run(args: &[&str], keys: &[u8], hangup: bool) -> (Exit, Option<Vec<u8>>, Vec<u8>, String) {
    let args: Vec<Vec<u8>> = args.iter().map(|a| a.as_bytes().to_vec()).collect();
    let keys = keys.to_vec();
    let what = format!("{args:?} with keys {keys:?}, then {}", if hangup { "a hangup" } else { "no more keys" });
    watched(&what, move || {
        let dir = Scratch::new("model");
        let mut g = headless(&dir.0, Keys::new(&keys, hangup));
        let exit = g.rogue_main(&args);
        let save = std::fs::read(dir.join("rogue.save")).ok();
        let score = std::fs::read(dir.join("rogue.scr")).unwrap_or_default();
        let log = std::fs::read_to_string(dir.join("rogue.log")).unwrap_or_default();
        (exit, save, score, log)
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
        // `rogue -d`'s purse is never empty: it enters the list (a quit
        // with no gold does not, but is logged).
        let listed = args.contains(&"-d");
        // The keys run out: the game stops there; a decided game is
        // recorded (its score and log line, once), nothing is saved.
        let (exit, save, score, log) = run(args, keys, false);
        assert!(matches!(exit, Exit::EndOfInput | Exit::Status(0)), "{at}: {exit:?}");
        assert!(save.is_none(), "{at}: running out of keys saves nothing");
        assert_eq!(!score.is_empty(), listed, "{at}: the score is posted exactly when the game was decided");
        assert_eq!(log.lines().count(), usize::from(!during_play), "{at}: one log line for a decided game: {log}");
        // The terminal hangs up: saved during play; a decided game is
        // recorded, not saved.
        let (exit, save, score, log) = run(args, keys, true);
        assert_eq!(exit, Exit::Status(0), "{at}: a hangup exits 0");
        if during_play {
            let save = save.unwrap_or_else(|| panic!("{at}: a hangup during play saves the game"));
            restore_bytes(&mut Game::headless(), &save).unwrap_or_else(|e| panic!("{at}: the save restores: {e}"));
        } else {
            assert!(save.is_none(), "{at}: a game that is over is not saved");
        }
        assert_eq!(!score.is_empty(), listed, "{at}: the score is posted exactly when the game was decided");
        assert_eq!(log.lines().count(), usize::from(!during_play), "{at}: one log line for a decided game: {log}");
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
/// input; the program ends, the death recorded (its score and log line).
#[test]
fn binary_death_demo_with_stdin_at_its_end_ends() {
    let dir = Scratch::new("demo");
    let log = dir.join("rogue.log");
    let mut child =
        binary(&dir, &["-d", "--logfile", &log.to_string_lossy()], Stdio::null()).spawn().expect("rogue runs");
    let status = wait_bounded(&mut child, "rogue -d </dev/null");
    assert_eq!(status.code(), Some(0));
    assert!(!dir.join("rogue.save").exists(), "nothing to save");
    assert_recorded(&dir, "rogue -d </dev/null");
}

/// The death's score line is in the score file and its one log line in
/// the log, each once.
fn assert_recorded(dir: &Scratch, what: &str) {
    let mut top: [rogue::game::score::ScoreEntry; rogue::game::score::NUMSCORES] = Default::default();
    let bytes = std::fs::read(dir.join("rogue.scr")).unwrap_or_default();
    rogue::game::score::rd_score(&bytes, &mut top).unwrap_or_else(|e| panic!("{what}: the score file reads: {e}"));
    let entries = top.iter().filter(|e| e.score > 0).count();
    assert_eq!(entries, 1, "{what}: one score posted");
    let log = std::fs::read_to_string(dir.join("rogue.log")).unwrap_or_default();
    assert_eq!(log.lines().count(), 1, "{what}: one log line: {log:?}");
    assert!(log.contains(":death=killed by "), "{what}: the log line is the death's: {log:?}");
}

/// A key source that runs out of keys, or hangs up once told to.
struct Cut(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl KeySource for Cut {
    fn key(&mut self, _screen: &Terminal) -> Result<u8, Interrupt> {
        Err(if self.0.load(Ordering::Relaxed) { Interrupt::Hangup } else { Interrupt::EndOfInput })
    }
}

/// A death, a quit and a victory whose end-of-game reads find their input
/// gone (the keys run out; the terminal hangs up, as at SIGHUP, SIGTERM or
/// a closed terminal) are posted and logged, each once, and never saved.
/// The binary records a death whose tombstone gets end of input, SIGHUP or
/// SIGTERM; a game saved by a hangup posts nothing.
#[test]
fn a_decided_game_is_recorded_when_input_ends_at_the_tombstone() {
    use rogue::game::ending::Ending;
    for ending in [Ending::Died(b'K'), Ending::Quit, Ending::Won] {
        for hangup in [false, true] {
            let what = format!("{ending:?}, then {}", if hangup { "a hangup" } else { "no more keys" });
            let (exit, score, log, saved) = watched(&what, move || {
                let dir = Scratch::new("decided");
                let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
                let host = ScriptedHost { dir: dir.0.clone(), time: 1_700_000_000, pid: 42, ..ScriptedHost::nowhere() };
                let mut model = Model::standard();
                model.set_input(Box::new(Cut(flag.clone())));
                let log = dir.join("rogue.log").into_os_string().into_encoded_bytes();
                let launch = Launch { log_path: Some(log), ..Launch::seeded(1_700_000_042) };
                let mut g = Game::launch(Box::new(host), Box::new(model), launch);
                // At the first command, with gold to be listed.
                assert_eq!(g.rogue_main(&[]), Exit::EndOfInput);
                g.hero.purse = 500;
                flag.store(hangup, Ordering::Relaxed);
                let exit = g.end_game(ending);
                let score = std::fs::read(dir.join("rogue.scr")).unwrap_or_default();
                let log = std::fs::read_to_string(dir.join("rogue.log")).unwrap_or_default();
                (exit, score, log, dir.join("rogue.save").exists())
            });
            let mut top: [rogue::game::score::ScoreEntry; rogue::game::score::NUMSCORES] = Default::default();
            rogue::game::score::rd_score(&score, &mut top).unwrap_or_else(|e| panic!("{what}: {e}"));
            let posted: Vec<_> = top.iter().filter(|e| e.score > 0).collect();
            assert_eq!(posted.len(), 1, "{what}: posted once");
            let word = match ending {
                Ending::Died(_) => "killed by a kestrel",
                Ending::Quit => "quit",
                _ => "a total winner",
            };
            assert_eq!(log.lines().count(), 1, "{what}: one log line: {log:?}");
            assert!(log.contains(&format!(":death={word}:")), "{what}: {log:?}");
            assert!(!saved, "{what}: a decided game is never saved");
            let want = if hangup { Exit::Status(0) } else { Exit::EndOfInput };
            assert_eq!(exit, want, "{what}");
        }
    }
    // The binary: end of input, SIGHUP and SIGTERM at the tombstone.
    for how in ["eof", "HUP", "TERM"] {
        let dir = Scratch::new("tomb");
        let what = format!("rogue -d, then {how} at the tombstone");
        let log = dir.join("rogue.log");
        let args = ["-d", "--logfile", &log.to_string_lossy()];
        let mut child = binary(&dir, &args, Stdio::piped()).stdout(Stdio::piped()).spawn().expect("rogue runs");
        let seen = watch_output(&mut child);
        wait_for_text(&seen, "[Press return to continue]", &what);
        if how == "eof" {
            drop(child.stdin.take());
        } else {
            let killed = Command::new("kill").arg(format!("-{how}")).arg(child.id().to_string()).status();
            assert!(killed.expect("kill").success(), "{what}: kill");
        }
        let status = wait_bounded(&mut child, &what);
        assert_eq!(status.code(), Some(0), "{what}");
        assert!(!dir.join("rogue.save").exists(), "{what}: a dead hero is not saved");
        assert_recorded(&dir, &what);
    }
    // A game saved by a hangup is not recorded.
    let dir = Scratch::new("saved");
    let log = dir.join("rogue.log");
    let args = ["--seed", "1700000042", "--logfile", &log.to_string_lossy()];
    let mut child = binary(&dir, &args, Stdio::piped()).stdout(Stdio::piped()).spawn().expect("rogue runs");
    let seen = watch_output(&mut child);
    wait_for_text(&seen, "Level:", "a new game");
    let killed = Command::new("kill").arg("-HUP").arg(child.id().to_string()).status();
    assert!(killed.expect("kill").success(), "kill -HUP");
    assert_eq!(wait_bounded(&mut child, "a hangup mid-game").code(), Some(0));
    assert!(dir.join("rogue.save").exists(), "the game was saved");
    assert!(std::fs::read(dir.join("rogue.scr")).unwrap_or_default().is_empty(), "a save posts no score");
    assert!(std::fs::read(&log).unwrap_or_default().is_empty(), "a save writes no log line");
}

/// Everything the child writes to its standard output, as it comes.
fn watch_output(child: &mut std::process::Child) -> std::sync::Arc<std::sync::Mutex<Vec<u8>>> {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut out = child.stdout.take().expect("a pipe");
    let sink = seen.clone();
    std::thread::spawn(move || {
        use std::io::Read;
        let mut buf = [0u8; 4096];
        while let Ok(n) = out.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().expect("output").extend_from_slice(&buf[..n]);
        }
    });
    seen
}

/// Wait (within the bound) until the output holds `text`.
fn wait_for_text(seen: &std::sync::Mutex<Vec<u8>>, text: &str, what: &str) {
    common::wait_until(&format!("{what}: {text:?} shown"), || {
        seen.lock().expect("output").windows(text.len()).any(|w| w == text.as_bytes())
    });
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
    common::wait_until("the game reading keys", || {
        assert!(child.try_wait().expect("waiting").is_none(), "rogue is still playing");
        written.load(Ordering::Relaxed) > READ
    });
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

/// A bot's game stopped at the tombstone (its pipe closed, the session
/// dropped) is recorded in the files folder of its config: the run ends
/// there as at the end of input, and the death is posted once. (`rogue
/// --bot` itself keeps no files.)
#[test]
fn a_bot_stopped_at_the_tombstone_records_the_death() {
    use rogue::session::{Config, bot::Explorer, play};
    let (posted, tomb) = watched("a bot stopped at its tombstone", || {
        let dir = Scratch::new("bot");
        let config = Config { seed: 7, dir: Some(dir.0.clone()), ..Config::default() };
        let mut explorer = Explorer::new(7, 200_000);
        let bot = move |obs: &rogue::session::Observation| {
            let bottom = obs.screen.row_text(obs.screen.lines - 1);
            if bottom.contains("[Press return to continue]") {
                return None;
            }
            rogue::session::Bot::act(&mut explorer, obs)
        };
        let (obs, _) = play(&config, bot).expect("a game");
        let bytes = std::fs::read(dir.join("rogue.scr")).unwrap_or_default();
        let mut top: [rogue::game::score::ScoreEntry; rogue::game::score::NUMSCORES] = Default::default();
        rogue::game::score::rd_score(&bytes, &mut top).expect("the score file reads");
        let tomb = obs.screen.row_text(obs.screen.lines - 1).contains("[Press return to continue]");
        (top.iter().filter(|e| e.score > 0).count(), tomb)
    });
    assert!(tomb, "the bot reached the tombstone");
    assert_eq!(posted, 1, "the death was posted once");
}

/// A hangup that finds the hero dead (between the killing blow and the
/// death, at the blow's --More--) writes no save.
#[test]
fn a_dead_hero_is_never_saved() {
    let saved = watched("a hangup with a dead hero", || {
        let dir = Scratch::new("dead");
        let mut g = headless(&dir.0, Keys::new(b"", false));
        assert_eq!(g.rogue_main(&[]), Exit::EndOfInput);
        g.hero.player.t_stats.s_hpt = 0;
        g.auto_save();
        dir.join("rogue.save").exists()
    });
    assert!(!saved, "no save of a dead hero");
}

/// The killing blow's message cut short by a hangup (or the keys running
/// out) ends in the death all the same: shown without reading, posted and
/// logged once, never saved.
#[test]
fn a_hangup_at_the_killing_blow_records_the_death() {
    use rogue::game::ending::Ending;
    for cut in [Ending::Hangup, Ending::EndOfKeys] {
        let (died, exit, score, log, saved) = watched("a hangup at the killing blow", move || {
            let dir = Scratch::new("blow");
            let mut g = headless(&dir.0, Keys::new(b"", cut == Ending::Hangup));
            // The first command; then the blow that kills, and its --More--
            // finds the input gone.
            let first = g.rogue_main(&[]);
            assert!(matches!(first, Exit::EndOfInput | Exit::Status(0)), "{first:?}");
            let _ = std::fs::remove_file(dir.join("rogue.save"));
            g.hero.purse = 300;
            g.hero.player.t_stats.s_hpt = 0;
            let died = g.died_after::<()>(Err(cut), b'K');
            let exit = g.end_game(Ending::Died(b'K'));
            let score = std::fs::read(dir.join("rogue.scr")).unwrap_or_default();
            let log = std::fs::read_to_string(dir.join("rogue.log")).unwrap_or_default();
            (died, exit, score, log, dir.join("rogue.save").exists())
        });
        assert_eq!(died, Err(Ending::Died(b'K')), "{cut:?}: the hero died");
        let mut top: [rogue::game::score::ScoreEntry; rogue::game::score::NUMSCORES] = Default::default();
        rogue::game::score::rd_score(&score, &mut top).expect("the score file");
        assert_eq!(top.iter().filter(|e| e.score > 0).count(), 1, "{cut:?}: posted once");
        assert_eq!(log.lines().count(), 1, "{cut:?}: {log:?}");
        assert!(log.contains(":death=killed by a kestrel:"), "{log:?}");
        assert!(!saved, "{cut:?}: not saved");
        assert!(matches!(exit, Exit::EndOfInput | Exit::Status(0)), "{exit:?}");
    }
}
