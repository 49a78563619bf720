//! `rogue --bot` says what each read takes: a random bot in another
//! process that types only keys from an answer's `keys` list meets no
//! refusal in 100 games: no `{"error":...}` from the pipe and none of the
//! game's own refusals ("illegal command", "not a valid item", ...). The
//! first answer names the protocol's version; every answer has a `prompt`.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What the game says when it refuses a key (python/tests/test_masks.py
/// has the same list for the Python env's masks).
const REFUSALS: &[&str] = &[
    "not a valid item",
    "illegal command",
    "not in pack",
    "please answer",
    "please type",
    "unknown character",
    "not a type",
    "haven't typed a command",
    "aren't carrying anything",
    "anything appropriate",
    "nothing appropriate",
    "empty handed",
    "already in use",
    "in use",
    "no way down",
    "no monster there",
    "magically blocked",
    "nothing here to pick up",
    "aren't wearing",
    "already wearing",
];

/// Games to play, and the most keys a game gets before a `new` one.
const GAMES: u32 = 100;
const KEYS_PER_GAME: u32 = 1500;

/// The prompt words (`Observation::read_kind`).
const PROMPTS: &[&str] =
    &["command", "more", "space", "yes_no", "direction", "item", "choice", "text", "key", "line", "over"];

#[test]
fn a_random_bot_typing_only_the_keys_it_is_told_meets_no_refusal() {
    // BOT_PIPE_SEED=N plays other games (the same 100 by default).
    let seed = std::env::var("BOT_PIPE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(53);
    let mut child = Command::new(common::rogue_bin())
        .args(["--bot", "--seed", &seed.to_string()])
        .env("ROGUEOPTS", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rogue --bot");
    let mut stdin = child.stdin.take().expect("a pipe");
    let mut out = BufReader::new(child.stdout.take().expect("a pipe"));
    let mut rng = common::Inputs::new(seed);
    // A bound on the whole run, so a hang fails instead of stalling CI
    // (a few seconds on a quiet machine).
    let deadline = Instant::now() + Duration::from_secs(600);
    let mut line = String::new();
    let mut read = |out: &mut BufReader<_>| -> serde_json::Value {
        assert!(Instant::now() < deadline, "100 games took more than 10 minutes");
        line.clear();
        out.read_line(&mut line).expect("an answer");
        assert!(!line.is_empty(), "rogue --bot ended early");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
    };
    let first = read(&mut out);
    assert_eq!(first["protocol"], 2, "the first answer names the protocol: {first}");
    let mut obs = first;
    // The read before, its message and the key typed, for a failure's
    // message.
    let mut last = (String::new(), String::new(), String::new(), 0);
    let (mut games, mut keys_in_game, mut keys, mut prompts_seen) = (0, 0, 0u64, Vec::new());
    while games < GAMES {
        assert!(obs.get("error").is_none(), "the pipe refused: {obs}");
        let prompt = obs["prompt"].as_str().unwrap_or_else(|| panic!("no prompt: {obs}"));
        assert!(PROMPTS.contains(&prompt), "prompt {prompt:?}");
        if !prompts_seen.contains(&prompt.to_string()) {
            prompts_seen.push(prompt.to_string());
        }
        let message = obs["message"].as_str().unwrap_or_default().to_lowercase();
        // An identify scroll with nothing of its kind to identify: the
        // game insists on a thing (ESC asks again), and `*`, the one key
        // the read takes, is the way out, through this message.
        // And ^P shows the last message again, whatever it was.
        let forced =
            (last.2 == "*" && last.3 == 1 && message == "you don't have anything appropriate") || last.2 == "\\x10";
        if let Some(r) = REFUSALS.iter().find(|r| message.contains(*r)).filter(|_| !forced) {
            panic!("game {games}, key {keys_in_game}: the game refused ({r:?}) {last:?}: {obs}");
        }
        let taken: Vec<&str> = obs["keys"]
            .as_array()
            .unwrap_or_else(|| panic!("keys is not a list: {obs}"))
            .iter()
            .map(|k| k.as_str().expect("a key as its request"))
            .collect();
        let request = if obs["wait"] == "over" || keys_in_game >= KEYS_PER_GAME {
            assert!(taken.is_empty() || obs["wait"] != "over", "an ended game takes keys: {obs}");
            games += 1;
            keys_in_game = 0;
            format!("new {}", seed * 1000 + u64::from(games))
        } else {
            assert!(!taken.is_empty(), "a wait that takes no key: {obs}");
            keys_in_game += 1;
            keys += 1;
            taken[rng.next_u64() as usize % taken.len()].to_string()
        };
        last = (obs["prompt"].to_string(), obs["message"].to_string(), request.clone(), taken.len());
        stdin.write_all(request.as_bytes()).and_then(|()| stdin.write_all(b"\n")).expect("a request");
        stdin.flush().expect("a request");
        obs = read(&mut out);
    }
    drop(stdin);
    let status = child.wait().expect("rogue --bot ends");
    assert!(status.success(), "{status:?}");
    // The bot met more than commands.
    for p in ["command", "item", "direction", "yes_no"] {
        assert!(prompts_seen.iter().any(|s| s == p), "no {p} read in {keys} keys: {prompts_seen:?}");
    }
}
