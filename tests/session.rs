//! The bot interface (`rogue::session`, `rogue::session::botpipe`):
//!
//! * a session shows, key for key, the frames the original showed in every
//!   `games` golden, with or without snapshots taken and restored on the
//!   way (at command waits: copies; elsewhere: replays);
//! * on many seeds, a run that snapshots, wanders off and comes back sees
//!   exactly what a run that never snapshotted sees;
//! * random keys through the library never panic, through `play` or a
//!   session.

mod common;

use std::path::Path;

use common::Inputs;
use rogue::case::Case;
use rogue::session::{Config, Observation, Session, Snapshot, Wait, play};

/// A frame of a golden: the cursor and the 24 rows (text, standout mask).
#[derive(Clone, Debug, PartialEq)]
struct Frame {
    cursor: (i32, i32),
    rows: Vec<(String, String)>,
}

/// How many bytes a frame's `next=` label stands for (`\\`, `\e`, `\n`,
/// `\r`, `\t` and `\xHH` escapes).
fn label_bytes(label: &str) -> usize {
    let b = label.as_bytes();
    let (mut i, mut n) = (0, 0);
    while i < b.len() {
        i += match (b[i], b.get(i + 1)) {
            (b'\\', Some(b'x')) => 4,
            (b'\\', Some(_)) => 2,
            _ => 1,
        };
        n += 1;
    }
    n
}

/// The frames of an `.expected` file, rows carried over from frame to
/// frame as the format says; one per key, so a line wait that took
/// several bytes stands for as many waits (a session asks for a line's
/// bytes one by one, and the screen is the same at each).
fn expected_frames(text: &str) -> Vec<Frame> {
    let mut frames: Vec<Frame> = Vec::new();
    let mut rows = vec![(String::new(), String::new()); 24];
    // The frames still to be filled in with the rows that follow.
    let mut open = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("F ") {
            let n = frames.len();
            for f in &mut frames[n - open.min(n)..] {
                f.rows = rows.clone();
            }
            let mut words = rest.split(' ');
            let kind = words.nth(1).expect("a kind");
            let pos = words.next().expect("a cursor");
            let (y, x) = pos.split_once(',').expect("row,col");
            let next = words.next().and_then(|w| w.strip_prefix("next=")).unwrap_or("");
            open = if kind == "line" && next != "EOF" { label_bytes(next) } else { 1 };
            let frame = Frame { cursor: (y.parse().unwrap(), x.parse().unwrap()), rows: Vec::new() };
            frames.extend(std::iter::repeat_n(frame, open));
        } else if let Some(rest) = line.strip_prefix("R ") {
            let (y, text) = rest.split_once(' ').unwrap_or((rest, ""));
            let y: usize = y.parse().unwrap();
            rows[y] = (text.to_string(), String::new());
        } else if let Some(rest) = line.strip_prefix("A ") {
            let (y, mask) = rest.split_once(' ').expect("a mask");
            rows[y.parse::<usize>().unwrap()].1 = mask.to_string();
        }
    }
    let n = frames.len();
    for f in &mut frames[n - open.min(n)..] {
        f.rows = rows.clone();
    }
    frames
}

fn frame_of(o: &Observation) -> Frame {
    let rows = (0..o.screen.lines)
        .map(|y| {
            let mask: String = (0..o.screen.cols).map(|x| if o.standout(y, x) { 'S' } else { '.' }).collect();
            (o.row(y), mask.trim_end_matches('.').to_string())
        })
        .collect();
    Frame { cursor: o.cursor(), rows }
}

/// The `games` goldens a session can play: new games without arguments.
fn goldens() -> Vec<(String, Config, Vec<u8>, Vec<Frame>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/games");
    let mut out = Vec::new();
    for p in rogue::case::case_paths(&dir).expect("oracle/cases/games") {
        let c = Case::read(&p).expect("a readable case");
        let Some((config, keys)) = Config::from_case(&c) else { continue };
        let expected = std::fs::read_to_string(p.with_extension("expected")).expect("expected");
        out.push((c.get("name").unwrap_or("?").to_string(), config, keys, expected_frames(&expected)));
    }
    assert!(out.len() >= 50, "the games goldens are there");
    out
}

/// How a run treats snapshots on the way.
#[derive(Clone, Copy, Debug)]
enum Snapping {
    Never,
    /// At every command wait: a snapshot, restored at once.
    AtCommands,
    /// Now and then at any wait: a snapshot restored at once; and now
    /// and then back to an older one, playing the keys since again.
    Anywhere(u64),
}

/// Play a golden's keys through a session; every observation is checked
/// against the golden's frame.
fn check_golden(name: &str, config: &Config, keys: &[u8], frames: &[Frame], how: Snapping) {
    let mut s = Session::new(config).expect("a valid config");
    let mut rng = Inputs::new(match how {
        Snapping::Anywhere(seed) => seed,
        _ => 0,
    });
    // Older moments to come back to, with the keys typed since.
    let mut older: Vec<(Snapshot, usize)> = Vec::new();
    let mut i = 0;
    while i < keys.len() {
        let got = frame_of(s.observation());
        assert_eq!(got, frames[i], "{name} ({how:?}): frame {i}");
        match how {
            Snapping::Never => {}
            Snapping::AtCommands => {
                if s.observation().wait == Wait::Command {
                    let snap = s.snapshot();
                    s.restore(&snap);
                    assert_eq!(frame_of(s.observation()), frames[i], "{name}: frame {i} after a restore");
                }
            }
            Snapping::Anywhere(_) => {
                if rng.chance(7) {
                    let snap = s.snapshot();
                    s.restore(&snap);
                    assert_eq!(frame_of(s.observation()), frames[i], "{name}: frame {i} after a restore");
                    older.push((snap, i));
                }
                if rng.chance(29) && !older.is_empty() {
                    // Back to an older moment; the keys since bring the
                    // game back here (checked frame by frame).
                    let (snap, at) = older[(rng.next_u64() % older.len() as u64) as usize].clone();
                    s.restore(&snap);
                    for (j, &k) in keys.iter().enumerate().take(i).skip(at) {
                        assert_eq!(frame_of(s.observation()), frames[j], "{name}: frame {j} replayed");
                        s.send(k);
                    }
                }
            }
        }
        s.send(keys[i]);
        i += 1;
    }
    let last = s.observation();
    assert!(last.is_over(), "{name}: the game is over after its keys");
    assert_eq!(frame_of(last), frames[keys.len()], "{name}: the screen after the program");
}

#[test]
fn a_session_shows_the_golden_frames() {
    for (name, config, keys, frames) in goldens() {
        check_golden(&name, &config, &keys, &frames, Snapping::Never);
    }
}

#[test]
fn snapshots_at_command_waits_change_nothing() {
    for (name, config, keys, frames) in goldens() {
        check_golden(&name, &config, &keys, &frames, Snapping::AtCommands);
    }
}

#[test]
fn snapshots_anywhere_and_going_back_change_nothing() {
    for (n, (name, config, keys, frames)) in goldens().into_iter().enumerate() {
        check_golden(&name, &config, &keys, &frames, Snapping::Anywhere(n as u64 + 1));
    }
}

/// Keys a random player types: mostly moves and common commands, now and
/// then any byte.
fn random_key(rng: &mut Inputs) -> u8 {
    const COMMON: &[u8] = b"hjklyubnHJKLYUBN.s,iqrewWTPRdtzf>< \n\x1bIcD)]=@^/?";
    if rng.chance(6) { (rng.next_u64() & 0xff) as u8 } else { rng.pick(COMMON) }
}

#[test]
fn on_many_seeds_snapshots_and_restores_change_nothing() {
    let seeds: u64 = std::env::var("SESSION_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(120);
    for seed in 0..seeds {
        let config = Config { seed: seed as i32 * 7919 - 400_000, ..Config::default() };
        let mut rng = Inputs::new(seed);
        let keys: Vec<u8> = (0..400).map(|_| random_key(&mut rng)).collect();
        // The plain run.
        let mut s = Session::new(&config).expect("a valid config");
        let mut seen = vec![s.observation().clone()];
        for &k in &keys {
            seen.push(s.send(k).clone());
        }
        if let Some(c) = seen.last().and_then(|o| o.outcome.as_ref()).and_then(|o| o.crashed.clone()) {
            panic!("seed {seed}: the game panicked: {c}");
        }
        // A run that wanders: at random moments it snapshots, plays some
        // other keys, and comes back.
        let mut t = Session::new(&config).expect("a valid config");
        let mut i = 0;
        while i < keys.len() {
            assert_eq!(t.observation(), &seen[i], "seed {seed}: observation {i}");
            if rng.chance(10) {
                let snap = t.snapshot();
                for _ in 0..rng.range(1, 30) {
                    t.send(random_key(&mut rng));
                }
                t.restore(&snap);
                assert_eq!(t.observation(), &seen[i], "seed {seed}: observation {i} after coming back");
                assert_eq!(snap.observation(), &seen[i], "seed {seed}: the snapshot's observation {i}");
            }
            if rng.chance(40) {
                // A second session from this moment plays the same.
                let snap = t.snapshot();
                let mut u = Session::from_snapshot(&snap);
                for (j, &k) in keys.iter().enumerate().skip(i).take(20) {
                    assert_eq!(u.observation(), &seen[j], "seed {seed}: a forked session's observation {j}");
                    u.send(k);
                }
            }
            t.send(keys[i]);
            i += 1;
        }
        assert_eq!(t.observation(), &seen[keys.len()], "seed {seed}: the last observation");
        // `play` on this thread sees the same game.
        let mut it = keys.clone().into_iter();
        let mut played = Vec::new();
        let (last, _) = play(&config, move |o: &Observation| {
            played.push(o.clone());
            it.next()
        })
        .expect("a valid config");
        let want = &seen[keys.len()];
        if want.is_over() {
            assert_eq!(&last, want, "seed {seed}: play's last observation");
        }
    }
}

#[test]
fn random_keys_through_the_library_never_panic() {
    let seeds: u64 = std::env::var("SESSION_RANDOM_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    for seed in 0..seeds {
        let config = Config { seed: (seed as i32).wrapping_mul(-1_640_531_527), ..Config::default() };
        let mut rng = Inputs::new(seed ^ 0x5eed);
        let mut left = 3000;
        let (last, _) = play(&config, move |_: &Observation| {
            left -= 1;
            (left > 0).then(|| random_key(&mut rng))
        })
        .expect("a valid config");
        if let Some(c) = last.outcome.as_ref().and_then(|o| o.crashed.clone()) {
            panic!("seed {seed}: the game panicked: {c}");
        }
    }
}

#[test]
fn status_line_values_are_read() {
    let s = rogue::session::Status::parse("Level: 3  Gold: 120    Hp:  5(15)  Str: 16(18)  Arm: 4   Exp: 3/25  Hungry")
        .expect("a status line");
    let stats = rogue::session::Stats {
        level: 3,
        gold: 120,
        hp: 5,
        max_hp: 15,
        str: 16,
        max_str: 18,
        arm: 4,
        exp_level: 3,
        exp: 25,
    };
    assert_eq!((s.stats, s.hunger.as_str()), (stats, "Hungry"));
    assert!(rogue::session::Status::parse("--More--").is_none());
}
