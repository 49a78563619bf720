//! Benchmark of the bot interface (`rogue::session`), one core per game:
//! every `games` golden's keys typed through [`play`] (a frame per key to
//! the bot, on the caller's thread), through [`Session::send`] (a frame
//! per key back from the game's coroutine), snapshots per second, and
//! the same keys through `rogue --bot` over a pipe.
//!
//!     cargo bench --bench bot [-- ROUNDS]

use std::hint::black_box;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use cpu_time::ProcessTime;

use rogue::case::Case;
use rogue::session::{Config, Observation, Session, Wait, play};

/// A golden game as a session config and its keys.
fn goldens() -> Vec<(Config, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/games");
    let paths = rogue::case::case_paths(&dir).expect("oracle/cases/games");
    paths.iter().filter_map(|p| Config::from_case(&Case::read(p).expect("a readable case"))).collect()
}

/// The best round by wall time (the pipe: two processes).
fn best_of<F: FnMut() -> usize>(rounds: usize, mut f: F) -> (usize, f64) {
    let mut best = f64::MAX;
    let mut n = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        n = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (n, best)
}

/// The best round by this process's CPU clock (the machine is shared),
/// and the wall time of that round.
fn best_cpu<F: FnMut() -> usize>(rounds: usize, mut f: F) -> (usize, f64, f64) {
    let (mut best, mut wall) = (f64::MAX, 0.0);
    let mut n = 0;
    for _ in 0..rounds {
        let (cpu, t) = (ProcessTime::now(), Instant::now());
        n = f();
        let c = cpu.elapsed().as_secs_f64();
        if c < best {
            (best, wall) = (c, t.elapsed().as_secs_f64());
        }
    }
    (n, best, wall)
}

fn main() {
    let rounds: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(5);
    let games = goldens();
    let keys: usize = games.iter().map(|(_, k)| k.len()).sum();
    println!("{} golden games, {keys} keys", games.len());

    let (n, t, w) = best_cpu(rounds, || {
        let mut n = 0;
        for (config, keys) in &games {
            let mut it = keys.clone().into_iter();
            let (obs, _) = play(config, move |o: &Observation| {
                black_box(o);
                it.next()
            })
            .expect("a valid config");
            n += obs.keys as usize;
        }
        n
    });
    println!("play (library, frame per key, one thread): {:.0} keys/s cpu, {:.0} wall", n as f64 / t, n as f64 / w);

    let (n, send, w) = best_cpu(rounds, || {
        let mut n = 0;
        for (config, keys) in &games {
            let mut s = Session::new(config).expect("a valid config");
            for &k in keys {
                black_box(s.send(k));
                n += 1;
            }
        }
        n
    });
    println!("Session::send (library, frame per key): {:.0} keys/s cpu, {:.0} wall", n as f64 / send, n as f64 / w);

    let (n, t, w) = best_cpu(rounds, || {
        let mut n = 0;
        for (config, keys) in &games {
            let mut s = Session::new(config).expect("a valid config");
            for &k in keys {
                if s.observation().wait == Wait::Command {
                    black_box(s.snapshot());
                    n += 1;
                }
                s.send(k);
            }
        }
        n
    });
    println!(
        "Session::snapshot at command waits: {n} snapshots, {:.0}/s cpu with the keys, {:.0}/s wall",
        n as f64 / t,
        n as f64 / w
    );
    // The snapshots alone: the same keys' rounds with and without them.
    let snapshots = format!("snapshots: {:.0}/s cpu", n as f64 / (t - send).max(1e-9));
    println!("{snapshots}");

    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/rogue");
    if !bin.exists() {
        println!("rogue --bot: build target/release/rogue first (cargo build --release)");
        println!("{snapshots}");
        return;
    }
    // A bot and its server on different cores wake each other across
    // cores for every key, which on a virtual machine costs more than the
    // game itself; on one core (the goal's terms) a wake-up is a switch.
    pipe(&bin, &games, keys, rounds, "bot and server free to use every core");
    if pin_to_one_core() {
        pipe(&bin, &games, keys, rounds, "bot and server on one core");
    } else {
        println!("(taskset not found: no figures on one core)");
    }
    println!("{snapshots}");
}

/// Pin this process, and so the servers it starts, to one CPU (with
/// util-linux's `taskset`, which keeps `unsafe` out of the benchmark).
fn pin_to_one_core() -> bool {
    let pid = std::process::id().to_string();
    Command::new("taskset").args(["-cp", "0", &pid]).stdout(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// The golden keys through `rogue --bot`: a request at a time, the same
/// round trips to `cat` (the machine's floor), and all requests written
/// ahead (the server's own rate).
fn pipe(bin: &Path, games: &[(Config, Vec<u8>)], keys: usize, rounds: usize, cores: &str) {
    println!("rogue --bot, {cores}:");
    let key_lines: Vec<String> = (0..256).map(|k| format!("key {k}\n")).collect();
    let (n, t) = best_of(rounds, || {
        let mut n = 0;
        let mut child =
            Command::new(bin).arg("--bot").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("rogue --bot");
        let mut to = child.stdin.take().expect("stdin");
        let mut from = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        // The game it starts with.
        from.read_line(&mut line).expect("read");
        for (config, keys) in games {
            let opts = config.rogueopts.as_deref().unwrap_or("");
            to.write_all(format!("new {} {} {} {opts}\n", config.seed, config.time, config.user).as_bytes())
                .expect("write");
            line.clear();
            from.read_line(&mut line).expect("read");
            for &k in keys {
                // One write per request, as a bot would send it:
                // `writeln!` on an unbuffered pipe is three writes, and
                // the server would wake for each.
                to.write_all(key_lines[k as usize].as_bytes()).expect("write");
                line.clear();
                from.read_line(&mut line).expect("read");
                n += 1;
            }
        }
        drop(to);
        let _ = child.wait();
        n
    });
    println!("  one request at a time, JSON per key: {:.0} keys/s", n as f64 / t);
    // The floor of the machine: the same round trips to `cat`, which
    // answers every line at once and does nothing else.
    let (n, t) = best_of(rounds, || {
        let mut child = Command::new("cat").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("cat");
        let mut to = child.stdin.take().expect("stdin");
        let mut from = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        for k in 0..keys {
            to.write_all(key_lines[k % 256].as_bytes()).expect("write");
            line.clear();
            from.read_line(&mut line).expect("read");
        }
        drop(to);
        let _ = child.wait();
        keys
    });
    println!("  (cat, the same round trips doing nothing: {:.0} lines/s)", n as f64 / t);
    // The same requests written ahead (a bot that needs no answer before
    // its next key, or many games on one pipe): the server's own rate,
    // not the pipe's round trips.
    let (n, t) = best_of(rounds, || {
        let mut child =
            Command::new(bin).arg("--bot").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("rogue --bot");
        let mut to = std::io::BufWriter::new(child.stdin.take().expect("stdin"));
        let from = BufReader::new(child.stdout.take().expect("stdout"));
        let mut requests = String::new();
        let mut answers = 1;
        for (config, keys) in games {
            let opts = config.rogueopts.as_deref().unwrap_or("");
            requests.push_str(&format!("new {} {} {} {opts}\n", config.seed, config.time, config.user));
            for &k in keys {
                requests.push_str(&key_lines[k as usize]);
            }
            answers += 1 + keys.len();
        }
        let writer = std::thread::spawn(move || {
            to.write_all(requests.as_bytes()).expect("write");
        });
        let read = from.lines().take(answers).count();
        writer.join().expect("the writer");
        let _ = child.wait();
        assert_eq!(read, answers);
        keys
    });
    println!("  written ahead, JSON per key: {:.0} keys/s", n as f64 / t);
}
