//! A setgid install attacked by the player it is lent to.
//!
//! The test builds `rogue` with its system score file and log of games in
//! a games directory of its own (ROGUE_SCOREFILE, ROGUE_LOCKFILE and
//! ROGUE_LOGFILE at build time, into
//! `target/setgid-test`), installs it there setgid to a group made for the
//! test (`roguetestgames`), and runs it as an unprivileged user
//! (`roguetest`) through `setpriv`. Every attack must leave the games
//! directory exactly as it was, except the score file, which a game's
//! ending must still reach.
//!
//! It needs root (to make the group, the user and the setgid file) and
//! util-linux's `setpriv` with `groupadd`/`useradd`; without them it says
//! so on standard output and does nothing.

mod common;

use std::collections::BTreeMap;
use std::io::Write;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

const GROUP: &str = "roguetestgames";
const USER: &str = "roguetest";

/// The place of everything (fixed, because the build bakes the score
/// file's path into the binary).
fn root() -> PathBuf {
    PathBuf::from("/tmp/rogue-setgid-test")
}

struct Install {
    games: PathBuf,
    rogue: PathBuf,
    player: PathBuf,
    uid: u32,
    gid: u32,
    games_gid: u32,
}

fn tool(name: &str) -> bool {
    ["/usr/sbin", "/usr/bin", "/sbin", "/bin"].iter().any(|d| Path::new(d).join(name).exists())
}

fn id_of(args: &[&str]) -> Option<u32> {
    let out = Command::new("id").args(args).output().ok()?;
    String::from_utf8(out.stdout).ok()?.trim().parse().ok()
}

fn gid_of_group(name: &str) -> Option<u32> {
    let out = Command::new("getent").args(["group", name]).output().ok()?;
    String::from_utf8(out.stdout).ok()?.split(':').nth(2)?.trim().parse().ok()
}

fn run_ok(cmd: &mut Command) {
    let st = cmd.status().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(st.success(), "{cmd:?}: {st}");
}

/// Build and install once; `None` (after saying why: a failure under
/// `CI=true`) when this machine cannot run the test.
fn install() -> Option<&'static Install> {
    static INSTALL: OnceLock<Result<Install, String>> = OnceLock::new();
    match INSTALL.get_or_init(make_install) {
        Ok(i) => Some(i),
        Err(why) => {
            common::cannot_run("setgid", why);
            None
        }
    }
}

fn make_install() -> Result<Install, String> {
    if id_of(&["-u"]) != Some(0) {
        return Err("not running as root (cannot make a setgid install)".into());
    }
    for t in ["setpriv", "groupadd", "useradd", "getent", "chgrp"] {
        if !tool(t) {
            return Err(format!("no {t} (util-linux, passwd)"));
        }
    }
    if gid_of_group(GROUP).is_none() {
        run_ok(Command::new("groupadd").arg(GROUP));
    }
    if id_of(&["-u", USER]).is_none() {
        run_ok(Command::new("useradd").args(["-M", "-d", "/nonexistent", "-s", "/usr/sbin/nologin", USER]));
    }
    let uid = id_of(&["-u", USER]).expect("the test user");
    let gid = id_of(&["-g", USER]).expect("the test user's group");
    let games_gid = gid_of_group(GROUP).expect("the games group");
    assert_ne!(gid, games_gid, "{USER} must not have {GROUP} as its group");

    let root = root();
    let games = root.join("games");
    let player = root.join("player");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&games).unwrap();
    std::fs::create_dir_all(&player).unwrap();
    std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o755)).unwrap();

    // The build with the system score file in the games directory
    // (ROGUE_SETGID_TEST_BINARY: a binary built so already, to check that
    // the attacks bite an older one).
    let built = match std::env::var_os("ROGUE_SETGID_TEST_BINARY") {
        Some(b) => PathBuf::from(b),
        None => {
            let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
            let target = manifest.join("target/setgid-test");
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let st = Command::new(cargo)
                .args(["build", "--release", "-p", "rogue-terminal", "--bin", "rogue", "--target-dir"])
                .arg(&target)
                .env("ROGUE_SCOREFILE", games.join("rogue.scr"))
                .env("ROGUE_LOCKFILE", games.join("rogue.lck"))
                .env("ROGUE_LOGFILE", games.join("rogue.log"))
                .current_dir(&manifest)
                .status()
                .expect("cargo build");
            assert!(st.success(), "the setgid build failed");
            target.join("release/rogue")
        }
    };

    // install -d -m 775 -g games; the score file 664; the binary 2755.
    let rogue = games.join("rogue");
    std::fs::copy(&built, &rogue).unwrap();
    std::fs::write(games.join("rogue.scr"), b"").unwrap();
    std::fs::write(games.join("rogue.log"), b"").unwrap();
    // A file the group may write and one only the group may read.
    std::fs::write(games.join("other.dat"), b"games data\n").unwrap();
    std::fs::write(games.join("secret.txt"), b"SECRET games-only text\n").unwrap();
    for (f, mode) in [
        ("", 0o775),
        ("rogue.scr", 0o664),
        ("rogue.log", 0o664),
        ("other.dat", 0o664),
        ("secret.txt", 0o640),
        ("rogue", 0o2755),
    ] {
        let p = games.join(f);
        run_ok(Command::new("chgrp").arg(GROUP).arg(&p));
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    assert_eq!(std::fs::metadata(&rogue).unwrap().mode() & 0o7777, 0o2755);
    Ok(Install { games, rogue, player, uid, gid, games_gid })
}

/// One attack at a time (they share the games directory).
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Everything about every file in a folder.
type Listing = BTreeMap<String, (u32, u32, u32, Vec<u8>)>;

fn listing(dir: &Path) -> Listing {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        let m = std::fs::symlink_metadata(e.path()).unwrap();
        let bytes = if m.file_type().is_file() { std::fs::read(e.path()).unwrap() } else { Vec::new() };
        out.insert(e.file_name().to_string_lossy().into_owned(), (m.mode(), m.uid(), m.gid(), bytes));
    }
    let m = std::fs::metadata(dir).unwrap();
    out.insert(".".into(), (m.mode(), m.uid(), m.gid(), Vec::new()));
    out
}

struct Run {
    status: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
    timed_out: bool,
}

/// Run the setgid `rogue` as the player, in `cwd`, with `input` on
/// standard input, killed after `limit`.
fn play(inst: &Install, cwd: &Path, args: &[&str], env: &[(&str, &str)], input: &[u8], limit: Duration) -> Run {
    let mut cmd = Command::new("setpriv");
    cmd.arg("--reuid")
        .arg(inst.uid.to_string())
        .arg("--regid")
        .arg(inst.gid.to_string())
        .arg("--clear-groups")
        .arg("--")
        .arg(&inst.rogue)
        .args(args)
        .current_dir(cwd)
        .env_clear()
        .env("TERM", "vt100")
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", "/nonexistent")
        .env("TZ", "UTC")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("setpriv");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out, &mut v);
        v
    });
    let ereader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err, &mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if start.elapsed() > limit {
            timed_out = true;
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = feeder.join();
    let stdout = reader.join().unwrap();
    let stderr = String::from_utf8_lossy(&ereader.join().unwrap()).into_owned();
    Run { status: status.code(), stdout, stderr, timed_out }
}

/// A folder of the player's own for one attack.
fn player_dir(inst: &Install, name: &str) -> PathBuf {
    let d = inst.player.join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    std::os::unix::fs::chown(&d, Some(inst.uid), Some(inst.gid)).unwrap();
    d
}

/// The attack leaves the games directory as it was, the score file too.
fn untouched(inst: &Install, before: &Listing, what: &str) {
    let after = listing(&inst.games);
    assert_eq!(before.keys().collect::<Vec<_>>(), after.keys().collect::<Vec<_>>(), "{what}: files came or went");
    for (k, v) in before {
        assert!(after[k] == *v, "{what}: {k} changed");
    }
}

const LIMIT: Duration = Duration::from_secs(120);

fn write_case(dir: &Path, name: &str, headers: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(
        &p,
        format!(
            "kind: games\nname: x\nseed: 1\ntime: 1700000000\npid: 1\nuser: u\nhome: /home/u\n{headers}\nkeys: 1\n\n{body}\n"
        ),
    )
    .unwrap();
    p
}

#[test]
fn replay_stays_in_its_folder() {
    let Some(inst) = install() else { return };
    let _g = serial();
    let dir = player_dir(inst, "replay");
    std::fs::write(dir.join("x.in.scr"), b"case text\n").unwrap();
    let games = inst.games.display().to_string();
    let before = listing(&inst.games);
    // The replay's folder is a fresh one in /tmp: `..` from it reaches the
    // games directory.
    let rel = format!("../{}", inst.games.strip_prefix("/tmp").unwrap().display());
    for headers in [
        format!("in-file: {games}/rogue.scr x.in.scr"),
        format!("in-file: {games}/planted x.in.scr"),
        format!("in-file: {rel}/planted x.in.scr"),
        format!("in-file: rogue.scr {games}/secret.txt"),
        format!("rogueopts: file={rel}/x.save"),
        format!("out-file: {rel}/other.dat x.out"),
    ] {
        let case = write_case(&dir, "a.case", &headers, "Sy");
        let r = play(inst, &dir, &["--replay", case.to_str().unwrap(), "--delay", "1"], &[], b"", LIMIT);
        assert!(!r.timed_out, "{headers}: hung");
        assert_eq!(r.status, Some(1), "{headers}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{headers}: one line: {}", r.stderr);
        assert!(r.stderr.contains("leaves the case's folder"), "{headers}: {}", r.stderr);
        untouched(inst, &before, &headers);
    }
    // A name typed at the save prompt during the replay cannot climb out
    // either (the game cannot find or make it, and asks again).
    let body = format!("Sn{rel}/typed.save\\n\\e");
    let case = write_case(&dir, "b.case", "", &body);
    let r = play(inst, &dir, &["--replay", case.to_str().unwrap(), "--delay", "1"], &[], b"", LIMIT);
    assert!(!r.timed_out, "typed name: hung");
    untouched(inst, &before, "a typed save name");
    assert!(!Path::new("/tmp/typed.save").exists());
}

#[test]
fn rogueopts_file_cannot_reach_the_games_directory() {
    let Some(inst) = install() else { return };
    let _g = serial();
    let dir = player_dir(inst, "opts");
    let before = listing(&inst.games);
    let opt = format!("file={}/opt.save", inst.games.display());
    // S, y: save to the file= name, which the player may not make; then a
    // file of the player's own, so the game ends.
    let r = play(inst, &dir, &["--seed", "1"], &[("ROGUEOPTS", &opt)], b"Sy\x1bok.save\n", LIMIT);
    assert!(!r.timed_out, "hung");
    assert!(String::from_utf8_lossy(&r.stdout).contains("Permission denied"));
    assert!(dir.join("ok.save").exists(), "the game was saved to the player's file");
    untouched(inst, &before, "ROGUEOPTS file=");
    // The same with --save-file.
    let r = play(
        inst,
        &dir,
        &["--seed", "1", "--save-file", &format!("{}/opt.save", inst.games.display())],
        &[],
        b"Sy\x1bok2.save\n",
        LIMIT,
    );
    assert!(!r.timed_out, "hung");
    assert!(dir.join("ok2.save").exists());
    untouched(inst, &before, "--save-file");
}

#[test]
fn records_are_the_players() {
    let Some(inst) = install() else { return };
    let _g = serial();
    let dir = player_dir(inst, "record");
    let before = listing(&inst.games);
    // --record into the games directory: refused (the group is given up
    // before the record is made).
    let rec = format!("{}/rec.case", inst.games.display());
    let r = play(inst, &dir, &["-d", "--record", &rec], &[], b"\n\n\n\n", LIMIT);
    assert!(!r.timed_out);
    assert_eq!(r.status, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("Permission denied"), "{}", r.stderr);
    untouched(inst, &before, "--record into the games directory");

    // A link at the record's temporary name, to a file the group may
    // write: the record is made beside it, the link is not followed.
    std::os::unix::fs::symlink(inst.games.join("other.dat"), dir.join("r.case.tmp")).unwrap();
    let r = play(inst, &dir, &["-s", "--record", "r.case"], &[], b"\n", LIMIT);
    assert!(!r.timed_out);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    let m = std::fs::symlink_metadata(dir.join("r.case")).unwrap();
    assert!(m.file_type().is_file());
    // Made with the player's own group, not the games group.
    assert_eq!((m.uid(), m.gid()), (inst.uid, inst.gid));
    assert!(std::fs::read_to_string(dir.join("r.case")).unwrap().starts_with("kind: scores"));
    untouched(inst, &before, "a link at the record's temporary name");

    // --record with --score-file naming a file only the group may read:
    // nothing of it reaches the player's folder.
    let secret = format!("{}/secret.txt", inst.games.display());
    let r = play(inst, &dir, &["-s", "--record", "s.case", "--score-file", &secret], &[], b"\n", LIMIT);
    assert!(!r.timed_out);
    assert!(r.stderr.contains("Permission denied"), "{}", r.stderr);
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            assert!(!String::from_utf8_lossy(&std::fs::read(&p).unwrap()).contains("SECRET"), "{}", p.display());
        }
    }
    assert!(!String::from_utf8_lossy(&r.stdout).contains("SECRET"));
    untouched(inst, &before, "--record --score-file SECRET");

    // An endless score file: refused at once, nothing read.
    let r = play(inst, &dir, &["-s", "--record", "z.case", "--score-file", "/dev/zero"], &[], b"\n", LIMIT);
    assert!(!r.timed_out, "read /dev/zero without bound");
    assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
    assert!(!dir.join("z.in.scr").exists());
    untouched(inst, &before, "--score-file /dev/zero");
}

#[test]
fn score_file_option_gets_no_privileges() {
    let Some(inst) = install() else { return };
    let _g = serial();
    let dir = player_dir(inst, "scorefile");
    let before = listing(&inst.games);
    for f in ["rogue.scr", "other.dat", "secret.txt", "rogue", "new.scr"] {
        let path = format!("{}/{f}", inst.games.display());
        let r = play(inst, &dir, &["-d", "--score-file", &path], &[], b"\n\n\n\n\n", LIMIT);
        assert!(!r.timed_out, "{f}: hung");
        assert!(r.stderr.contains(&format!("Could not open {path} for writing")), "{f}: {}", r.stderr);
        untouched(inst, &before, &format!("--score-file {f}"));
    }
}

#[test]
fn a_fifo_as_the_save_file_does_not_block() {
    let Some(inst) = install() else { return };
    let _g = serial();
    let dir = player_dir(inst, "fifo");
    let fifo = dir.join("fifo");
    run_ok(Command::new("mkfifo").arg(&fifo));
    std::os::unix::fs::chown(&fifo, Some(inst.uid), Some(inst.gid)).unwrap();
    let before = listing(&inst.games);
    let limit = Duration::from_secs(120);
    let r = play(inst, &dir, &["fifo"], &[], b"", limit);
    assert!(!r.timed_out, "restoring from a FIFO blocked");
    assert_eq!(r.status, Some(1));
    assert!(r.stderr.contains("fifo: not a regular file"), "{}", r.stderr);
    let r = play(inst, &dir, &["-r", "--save-file", "fifo"], &[], b"", limit);
    assert!(!r.timed_out, "-r from a FIFO blocked");
    assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
    // A FIFO as the score file, and a device as the save file.
    let r = play(inst, &dir, &["-s", "--score-file", "fifo"], &[], b"", limit);
    assert!(!r.timed_out, "a FIFO score file blocked");
    assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
    let r = play(inst, &dir, &["/dev/null"], &[], b"", limit);
    assert!(!r.timed_out, "a device save file blocked");
    assert_eq!(r.status, Some(1));
    assert!(r.stderr.contains("/dev/null: not a regular file"), "{}", r.stderr);
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    untouched(inst, &before, "a FIFO");
}

#[test]
fn bot_and_replay_give_up_the_group_first() {
    let Some(inst) = install() else { return };
    let _g = serial();
    let dir = player_dir(inst, "bot");
    let r = play(inst, &dir, &["--bot", "--seed", "1"], &[], b"quit\n", LIMIT);
    assert!(!r.timed_out);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    assert!(String::from_utf8_lossy(&r.stdout).starts_with("{\"protocol\":2,\"wait\":\"command\""));
}

#[test]
fn a_games_ending_still_posts_its_score() {
    let Some(inst) = install() else { return };
    let _g = serial();
    let dir = player_dir(inst, "death");
    let mut before = listing(&inst.games);
    let r = play(inst, &dir, &["-d"], &[], b"\n\n\n\n\n", LIMIT);
    assert!(!r.timed_out, "hung");
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    let scores = std::fs::read(inst.games.join("rogue.scr")).unwrap();
    let mut top: [rogue::game::score::ScoreEntry; rogue::game::score::NUMSCORES] = Default::default();
    rogue::game::score::rd_score(&scores, &mut top).expect("a good score file");
    assert!(
        top.iter().any(|e| e.uid == inst.uid && e.score > 0 && e.name_str() == USER.as_bytes()),
        "no entry of {USER}'s"
    );
    // Everything else as it was; the score file keeps its owner, group and
    // mode, and no lock file is left.
    let after = listing(&inst.games);
    let (b, a) = (before.remove("rogue.scr").unwrap(), after["rogue.scr"].clone());
    assert_eq!((b.0, b.1, b.2), (a.0, a.1, a.2));
    assert_eq!(a.2, inst.games_gid);
    // The system log of games got the game's line, at its end.
    let (b, a) = (before.remove("rogue.log").unwrap(), after["rogue.log"].clone());
    assert_eq!((b.0, b.1, b.2), (a.0, a.1, a.2));
    assert!(a.3.starts_with(&b.3), "the log is only appended to");
    let added = String::from_utf8_lossy(&a.3[b.3.len()..]).into_owned();
    assert!(added.starts_with("version=5.4.4:name=roguetest:") && added.ends_with('\n'), "{added:?}");
    assert_eq!(added.lines().count(), 1);
    assert!(added.contains(&format!(":uid={}", inst.uid)), "{added}");
    let mut after = after;
    after.remove("rogue.scr");
    after.remove("rogue.log");
    assert_eq!(before, after);
}

#[test]
fn a_named_log_file_gets_no_privileges() {
    let Some(inst) = install() else { return };
    let _g = serial();
    let dir = player_dir(inst, "logfile");
    for f in ["rogue.log", "other.dat", "secret.txt", "rogue", "new.log"] {
        let mut before = listing(&inst.games);
        let path = format!("{}/{f}", inst.games.display());
        let r = play(inst, &dir, &["-d", "--logfile", &path], &[], b"\n\n\n\n\n", LIMIT);
        assert!(!r.timed_out, "{f}: hung");
        assert_eq!(r.status, Some(0), "{f}: {}", r.stderr);
        assert!(r.stderr.contains(&format!("rogue: {path}: ")), "{f}: {}", r.stderr);
        assert!(r.stderr.contains("log line was not written"), "{f}: {}", r.stderr);
        // The score is posted to the system file as ever; nothing else
        // changes (not the system log either: --logfile replaces it).
        let mut after = listing(&inst.games);
        before.remove("rogue.scr");
        after.remove("rogue.scr");
        assert_eq!(before, after, "--logfile {f}");
    }
    // A log of the player's own is written with the player's rights.
    let r = play(inst, &dir, &["-d", "--logfile", "mine.log"], &[], b"\n\n\n\n\n", LIMIT);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    let m = std::fs::metadata(dir.join("mine.log")).unwrap();
    assert_eq!((m.uid(), m.gid()), (inst.uid, inst.gid));
    assert!(std::fs::read_to_string(dir.join("mine.log")).unwrap().starts_with("version=5.4.4:name=roguetest:"));
}
