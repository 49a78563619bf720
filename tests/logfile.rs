//! The log of games (`--logfile`, ROGUE_LOGFILE; src/game/logfile.rs):
//! one xlogfile-style line per game that ends in a death, a quit or a
//! victory, none for a save; the lines of golden games read back with
//! their fields; the shipped binary's `rogue -d` writes one; damaged,
//! huge, unwritable or size-limited log files never stop a game from
//! ending.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use rogue::case::Case;
use rogue::curses::model::{Model, ScriptedKeys};
use rogue::game::{Game, Launch};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rogue-logfile-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A line's fields.
fn fields(line: &str) -> HashMap<String, String> {
    assert!(!line.contains('\n'), "{line:?}");
    line.split(':')
        .map(|f| {
            let (k, v) = f.split_once('=').unwrap_or_else(|| panic!("{f:?} in {line:?}"));
            (k.to_string(), v.to_string())
        })
        .collect()
}

const KEYS: [&str; 13] = [
    "version",
    "name",
    "points",
    "gold",
    "deathlev",
    "maxlvl",
    "hp",
    "maxhp",
    "death",
    "starttime",
    "endtime",
    "moves",
    "seed",
];

/// Play a golden case with `--logfile games.log` in its folder; the
/// log's lines.
fn play_logged(case: &str) -> (Case, Vec<String>) {
    let case = Case::read(&root().join("oracle/cases").join(format!("{case}.case"))).unwrap();
    let dir = scratch(&case.get("name").unwrap().replace('/', "_"));
    let s = rogue::trace::games::setup(&case, &dir).unwrap();
    let mut model = Model::new(s.lines, s.cols);
    model.set_input(Box::new(ScriptedKeys(s.keys.iter().copied().collect())));
    let launch = Launch { log_path: Some(b"games.log".to_vec()), master: s.master, ..Launch::default() };
    let mut g = Game::launch(Box::new(s.host), Box::new(model), launch);
    g.rogue_main(&s.args);
    drop(g);
    let log = std::fs::read_to_string(dir.join("games.log")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    (case, log.lines().map(str::to_string).collect())
}

#[test]
fn a_death_a_quit_and_a_save_of_golden_games() {
    // Every golden game's ending, one of each kind checked in full.
    let mut seen = HashMap::new();
    let mut paths = rogue::case::case_paths(&root().join("oracle/cases/games")).unwrap();
    paths.extend(rogue::case::case_paths(&root().join("oracle/cases/saves")).unwrap());
    for path in paths {
        let case = Case::read(&path).unwrap();
        let ends = case.get("ends").unwrap_or("").to_string();
        // "exit": cut short by a signal, after the end or before it.
        if seen.contains_key(&ends) || ends == "exit" {
            continue;
        }
        let name = format!("{}/{}", case.kind, case.get("name").unwrap());
        let (case, lines) = play_logged(&name);
        match ends.as_str() {
            "save" => assert!(lines.is_empty(), "{name}: {lines:?}"),
            "death" | "quit" => {
                assert_eq!(lines.len(), 1, "{name}: {lines:?}");
                let f = fields(&lines[0]);
                for k in KEYS {
                    assert!(f.contains_key(k), "{name}: no {k} in {}", lines[0]);
                }
                assert_eq!(f["version"], "5.4.4");
                assert_eq!(f["name"], case.get("user").unwrap());
                assert_eq!(f["seed"], case.get("seed").unwrap());
                assert_eq!(f["starttime"], case.get("time").unwrap());
                assert_eq!(f["endtime"], case.get("time").unwrap(), "the scripted clock stands still");
                let moves: u64 = f["moves"].parse().unwrap();
                let keys: u64 = case.get("keys").unwrap().parse().unwrap();
                assert!(moves > 0 && moves <= keys, "{name}: {moves} of {keys} keys");
                let (lev, max): (i32, i32) = (f["deathlev"].parse().unwrap(), f["maxlvl"].parse().unwrap());
                assert!(lev >= 1 && max >= lev);
                if ends == "quit" {
                    assert_eq!(f["death"], "quit");
                } else {
                    assert!(f["death"].starts_with("killed by "), "{}", f["death"]);
                    let (hp, maxhp): (i32, i32) = (f["hp"].parse().unwrap(), f["maxhp"].parse().unwrap());
                    assert!(hp <= maxhp && maxhp > 0, "{}", lines[0]);
                }
                // The points are the ones the score list shows (a game
                // without any is not listed).
                let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap();
                let listed = format!("{:>5} {}: ", f["points"], f["name"]);
                assert!(f["points"] == "0" || expected.contains(&listed), "{name}: no {listed:?} in the score list");
            }
            other => panic!("{name}: ends {other}"),
        }
        seen.insert(ends, name);
    }
    assert!(["death", "quit", "save"].iter().all(|e| seen.contains_key(*e)), "{seen:?}");
}

#[test]
fn the_deaths_are_worded_as_the_score_list_words_them() {
    let mut g = Game::headless();
    g.hero.purse = 120;
    let death = |g: &mut Game, flags, monst| fields(g.log_line(120, flags, monst).trim_end())["death"].clone();
    assert_eq!(death(&mut g, 0, b'H'), "killed by a hobgoblin");
    assert_eq!(death(&mut g, 0, b'E'), "killed by an emu");
    assert_eq!(death(&mut g, 0, b'a'), "killed by an arrow");
    assert_eq!(death(&mut g, 0, b's'), "killed by starvation");
    assert_eq!(death(&mut g, 3, b'T'), "killed with the Amulet by a troll");
    assert_eq!(death(&mut g, 1, 0), "quit");
    assert_eq!(death(&mut g, 2, b' '), "a total winner");
    // A name with the separator or a line break in it stays one field.
    std::sync::Arc::make_mut(&mut g.opts.whoami).strcpy(b"a:b\nc");
    let line = g.log_line(1, 1, 0);
    assert_eq!(fields(line.trim_end())["name"], "a_b_c");
}

/// `rogue -d` on the shipped binary, its standard input and output pipes
/// (curses writes to a pipe as to a terminal), in `dir`.
fn death_demo(dir: &Path, log: &str, limit: Option<u32>) -> std::process::Output {
    let mut cmd = Command::new("sh");
    let ulimit = limit.map(|n| format!("ulimit -f {n}; ")).unwrap_or_default();
    cmd.args(["-c", &format!("{ulimit}exec \"$0\" -d --score-file s.scr --logfile '{log}'"), common::rogue_bin()])
        .current_dir(dir)
        .env("TERM", "vt100")
        .env("ROGUEOPTS", "name=Logger")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    use std::io::Write;
    let _ = child.stdin.take().unwrap().write_all(b"\n\n\n");
    child.wait_with_output().unwrap()
}

#[test]
fn rogue_d_writes_its_line_as_it_posts_its_score() {
    let dir = scratch("demo");
    let out = death_demo(&dir, "games.log", None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let log = std::fs::read_to_string(dir.join("games.log")).unwrap();
    let f = fields(log.strip_suffix('\n').unwrap());
    assert_eq!(f["name"], "Logger");
    assert!(f["death"].starts_with("killed by "), "{log}");
    // The demo's hero has a new hero's hit points and the game its seed
    // (the clock plus the pid), not zeros.
    assert_eq!((f["hp"].as_str(), f["maxhp"].as_str()), ("12", "12"), "{log}");
    assert_ne!(f["seed"], "0", "{log}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&format!("{:>5} Logger: killed on level {} by ", f["points"], f["deathlev"])), "{stdout}");
    let end: i64 = f["endtime"].parse().unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    assert!((now - end).abs() < 60 && f["starttime"].parse::<i64>().unwrap() <= end);
    // A second game appends.
    assert!(death_demo(&dir, "games.log", None).status.success());
    assert_eq!(std::fs::read_to_string(dir.join("games.log")).unwrap().lines().count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_and_unwritable_logs_cost_only_their_line() {
    let dir = scratch("damaged");
    // Binary noise without a last newline: the line starts on its own.
    std::fs::write(dir.join("noise.log"), b"\x00\xff\x01garbage:=::").unwrap();
    let out = death_demo(&dir, "noise.log", None);
    assert!(out.status.success());
    let bytes = std::fs::read(dir.join("noise.log")).unwrap();
    assert!(bytes.starts_with(b"\x00\xff\x01garbage:=::\nversion=5.4.4:"));
    assert!(bytes.ends_with(b"\n"));
    // A huge (sparse) log: appended to, never read.
    let huge = std::fs::File::create(dir.join("huge.log")).unwrap();
    huge.set_len(8 << 30).unwrap();
    drop(huge);
    assert!(death_demo(&dir, "huge.log", None).status.success());
    assert!(std::fs::metadata(dir.join("huge.log")).unwrap().len() > 8 << 30);
    // A folder, a missing folder, a FIFO: a message, the score posted, exit 0.
    std::fs::create_dir(dir.join("adir")).unwrap();
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for bad in ["adir", "no/such/folder.log", "fifo"] {
        let _ = std::fs::remove_file(dir.join("s.scr"));
        let out = death_demo(&dir, bad, None);
        assert!(out.status.success(), "{bad}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("rogue: {bad}: ")) && err.contains("log line was not written"), "{bad}: {err}");
        assert_eq!(std::fs::metadata(dir.join("s.scr")).unwrap().len(), 11240, "{bad}: the score is posted");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_log_over_the_file_size_limit_costs_only_its_line() {
    let dir = scratch("fsize");
    // 64 kB of lines; the limit 16 kB (dash counts 512-byte blocks) or
    // 32 kB (bash, 1024): under the log's size, over the score file's.
    std::fs::write(dir.join("big.log"), "x=1\n".repeat(16 * 1024)).unwrap();
    let out = death_demo(&dir, "big.log", Some(32));
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("File too large"), "{out:?}");
    assert_eq!(std::fs::metadata(dir.join("big.log")).unwrap().len(), 64 * 1024);
    let _ = std::fs::remove_dir_all(&dir);
}
