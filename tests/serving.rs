//! A game run the way doc/SERVING.md's dgamelaunch block runs it: a save
//! file per player (`--save-file .../userdata/NAME/rogue.save --resume`),
//! the player's name in ROGUEOPTS, the score file and the log of games
//! shared. dgamelaunch itself is not in Debian, so the test does what it
//! does: starts the game on a terminal (a tmux pane), sends SIGHUP (as at
//! `max_idle_time`, or a dropped connection), and starts it again the same
//! way: the game was saved, is restored where it was, and its end is
//! posted and logged under the player's name.
//!
//! tmux is required: without it the test says "skipped" (and fails under
//! CI=true).

mod common;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use common::pane::{Pane, has_tmux};

/// How long a screen must stay the same to count as settled.
const SETTLE: Duration = Duration::from_millis(300);

/// `cmd` on an 80x24 tmux pane, kept when it exits.
fn run(dir: &Path, tag: &str, cmd: &str) -> Pane {
    let p = Pane::start(dir, tag, &["sh", "-c", cmd]);
    p.tmux(&["set-option", "-g", "remain-on-exit", "on"]);
    p
}

fn gone(pid: u32) -> bool {
    !Path::new(&format!("/proc/{pid}")).exists()
        || std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.contains(") Z "))
}

#[test]
fn a_served_game_saves_on_hangup_and_is_resumed() {
    if !has_tmux("a_served_game_saves_on_hangup_and_is_resumed") {
        return;
    }
    let root = std::env::temp_dir().join(format!("rogue-dgl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let user = root.join("userdata/Alice");
    std::fs::create_dir_all(&user).unwrap();
    // The block's command line (the package's build has the score file and
    // the log of games built in; this build is given them).
    let cmd = format!(
        "cd {user}; exec env -i TERM=xterm-256color HOME={user} PATH=/usr/bin:/bin TZ=UTC ROGUEOPTS=name=Alice \
         {bin} --save-file {user}/rogue.save --resume --score-file {root}/rogue.scr --logfile {root}/rogue.log",
        user = user.display(),
        root = root.display(),
        bin = common::rogue_bin()
    );
    let status = |rows: &[String]| rows[23].starts_with("Level: 1  Gold: ");

    // A new game (no save yet); a few moves; then the hangup.
    let pane = run(&root, "first", &cmd);
    pane.wait_for("the new game", SETTLE, |r, _| status(r));
    pane.keys("s");
    let (before, _) = pane.wait_for("the move", SETTLE, |r, _| status(r));
    let pid = pane.pid();
    assert!(Command::new("kill").arg("-HUP").arg(pid.to_string()).status().unwrap().success());
    common::wait_until("the game's end", || gone(pid));
    assert!(gone(pid), "the game did not end at the hangup");
    let save = user.join("rogue.save");
    assert!(save.exists(), "no save at the hangup");
    drop(pane);

    // Started again the same way: restored where it was.
    let pane = run(&root, "second", &cmd);
    let (after, _) =
        pane.wait_for("the restored game", SETTLE, |rows, _| status(rows) && rows[0].starts_with("File name: "));
    assert_eq!(after[0], format!("File name: {}", save.display()));
    assert_eq!(after[1..], before[1..], "the map and status as they were");
    assert!(!save.exists(), "the restored save is gone (the original's rule)");
    // Its end is the player's: posted and logged.
    pane.keys("Q");
    pane.wait_for("the question", SETTLE, |rows, _| rows[0].starts_with("Really quit?"));
    pane.keys("y");
    pane.wait_for("the end", SETTLE, |rows, _| rows.iter().any(|r| r.contains("[Press return to continue]")));
    pane.tmux(&["send-keys", "Enter"]);
    common::wait_until("the log's line", || root.join("rogue.log").metadata().is_ok_and(|m| m.len() > 0));
    let log = std::fs::read_to_string(root.join("rogue.log")).unwrap_or_default();
    assert!(log.starts_with("version=5.4.4:name=Alice:") && log.contains(":death=quit:"), "{log}");
    assert_eq!(log.lines().count(), 1);
    drop(pane);
    // A third start is a new game: nothing left to restore.
    let pane = run(&root, "third", &cmd);
    let (rows, _) = pane.wait_for("a new game", SETTLE, |r, _| status(r));
    assert!(!rows[0].starts_with("File name: "), "{}", rows[0]);
    drop(pane);
    let _ = std::fs::remove_dir_all(&root);
}

/// `rogue -s --score-file F` as a player who may read F but not write it
/// (a server's shared list, the Debian package's /var/games/rogue.scr
/// named on the command line): the list is shown, nothing is said about
/// writing, and the file is left as it was. (Run as root, the player is
/// `nobody` through setpriv.)
#[test]
fn scores_list_from_a_file_the_player_cannot_write() {
    use std::os::unix::fs::PermissionsExt;
    use std::process::Stdio;
    let root = std::env::temp_dir().join(format!("rogue-ro-scores-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o755)).unwrap();
    let scores = root.join("rogue.scr");
    // A score file with one death in it (`rogue -d` posts it).
    let demo = Command::new(common::rogue_bin())
        .args(["-d", "--score-file"])
        .arg(&scores)
        .env_clear()
        .env("TERM", "vt100")
        .env("HOME", &root)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("rogue -d");
    assert!(demo.success(), "rogue -d: {demo}");
    let before = std::fs::read(&scores).expect("the score file");
    assert!(!before.is_empty(), "rogue -d posted its death");
    std::fs::set_permissions(&scores, std::fs::Permissions::from_mode(0o444)).unwrap();
    let root_user = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let mut cmd = if root_user {
        if !Path::new("/usr/bin/setpriv").exists() {
            assert!(std::env::var("CI").as_deref() != Ok("true"), "no setpriv (CI has util-linux)");
            eprintln!("skipped: root without setpriv");
            return;
        }
        // A copy the player can run (the checkout may be root's alone).
        let bin = root.join("rogue");
        std::fs::copy(common::rogue_bin(), &bin).unwrap();
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
        let mut c = Command::new("/usr/bin/setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"]).arg(&bin);
        c
    } else {
        Command::new(common::rogue_bin())
    };
    let out = cmd
        .args(["-s", "--score-file"])
        .arg(&scores)
        .env_clear()
        .env("TERM", "vt100")
        .env("HOME", &root)
        .stdin(Stdio::null())
        .output()
        .expect("rogue -s");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "rogue -s: {}: {stdout} {stderr}", out.status);
    assert!(!stderr.contains("Could not open"), "{stderr}");
    assert!(stdout.contains("Top Ten Scores:"), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with(" 1 ") && l.contains(": killed on level")), "{stdout}");
    assert_eq!(std::fs::read(&scores).unwrap(), before, "the file is unchanged");
    let _ = std::fs::remove_dir_all(&root);
}

/// The server switch on the headless screen: `S` then `n` asks no file
/// name, the options screen has neither `name` nor `file`, `!` is an
/// illegal command, ROGUEOPTS' `file=` is ignored and its `name=` (the
/// server's) is the name for good, even after a restore; `S` then `y`
/// saves to the server's save file and nowhere else.
#[test]
fn the_server_switch_on_the_model() {
    use rogue::curses::model::Model;
    use rogue::game::{Game, Launch};
    use rogue::host::ScriptedHost;
    let root = std::env::temp_dir().join(format!("rogue-server-model-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let game = |tag: &str, name: &str, keys: &[u8], args: &[&[u8]]| -> (Game, Vec<String>, std::path::PathBuf) {
        let dir = root.join(tag);
        std::fs::create_dir_all(dir.join("save")).unwrap();
        if !args.is_empty() {
            std::fs::copy(root.join("saved/save/rogue.save"), dir.join("save/rogue.save")).unwrap();
        }
        let host = ScriptedHost {
            dir: dir.clone(),
            time: 1_700_000_000,
            pid: 42,
            env: vec![("ROGUEOPTS".into(), format!("name={name},file=evil.save").into_bytes())],
            ..ScriptedHost::nowhere()
        };
        let mut model = Model::standard();
        model.push_input(keys);
        let launch =
            Launch { server: true, save_path: Some(b"save/rogue.save".to_vec()), ..Launch::seeded(1_700_000_042) };
        let mut g = Game::launch(Box::new(host), Box::new(model), launch);
        let args: Vec<Vec<u8>> = args.iter().map(|a| a.to_vec()).collect();
        g.rogue_main(&args);
        let t = g.rt.scr.terminal().expect("the model's screen").clone();
        let rows = (0..t.lines).map(|y| t.row_text(y)).collect();
        (g, rows, dir)
    };
    let files = |dir: &Path| -> Vec<String> {
        let mut v: Vec<String> = Vec::new();
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                for f in std::fs::read_dir(e.path()).unwrap().flatten() {
                    v.push(format!("{name}/{}", f.file_name().to_string_lossy()));
                }
            } else {
                v.push(name);
            }
        }
        v.sort();
        v
    };
    let (_, rows, _) = game("ask", "Bob", b"S", &[]);
    assert!(rows[0] == "Save file (save/rogue.save)?", "{}", rows[0]);
    let (g, rows, dir) = game("no", "Bob", b"Sn", &[]);
    assert!(!rows.iter().any(|r| r.to_lowercase().contains("file name")), "{rows:#?}");
    assert_eq!(g.opts.whoami.as_bytes(), b"Bob");
    assert_eq!(g.opts.file_name.as_bytes(), b"save/rogue.save", "ROGUEOPTS file= is ignored");
    assert_eq!(files(&dir), ["rogue.scr"], "nothing written but the score file");
    let (_, rows, _) = game("opts", "Bob", b"o", &[]);
    assert!(rows[0].starts_with("Terse output"), "{rows:#?}");
    assert!(!rows.iter().any(|r| r.starts_with("Name (") || r.starts_with("Save file (")), "{rows:#?}");
    assert!(rows.iter().any(|r| r.starts_with("Fruit (")), "{rows:#?}");
    let (g, rows, _) = game("shell", "Bob", b"!", &[]);
    assert_eq!(rows[0], "Illegal command '!'");
    // No turn went by (a monster beside the hero would have had one).
    let (still, _, _) = game("still", "Bob", b"", &[]);
    assert_eq!(g.hero.food_left, still.hero.food_left, "'!' took a turn");
    let (_, _, dir) = game("saved", "Bob", b"Sy", &[]);
    assert_eq!(files(&dir), ["rogue.scr", "save/rogue.save"], "saved to the server's file only");
    // Restored under another server name: the server's name holds.
    let (g, rows, dir) = game("restored", "Eve", b"", &[b"save/rogue.save"]);
    assert!(rows[0].starts_with("File name: save/rogue.save"), "{}", rows[0]);
    assert_eq!(g.opts.whoami.as_bytes(), b"Eve");
    assert_eq!(g.opts.file_name.as_bytes(), b"save/rogue.save");
    assert_eq!(files(&dir), ["rogue.scr"], "the restored file is gone");
    let _ = std::fs::remove_dir_all(&root);
}

/// Every file under `dir`, by its path from `dir`.
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// The block's command line with `--server`, played by a player who tries
/// every path and option the game offers: `S` then `n` (no file name is
/// asked), the options screen (no `name`, no `file`), `!` (no shell), a
/// hostile ROGUEOPTS `file=` beside the server's `name=`. Nothing is
/// written but the save file, the score file and the log; a second start
/// resumes the save, and the quit is posted and logged under the server's
/// name.
#[test]
fn a_server_player_reaches_no_other_file() {
    if !has_tmux("a_server_player_reaches_no_other_file") {
        return;
    }
    let root = std::env::temp_dir().join(format!("rogue-server-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let srv = root.join("srv");
    let user = srv.join("userdata/Alice");
    std::fs::create_dir_all(&user).unwrap();
    std::fs::create_dir_all(srv.join("elsewhere")).unwrap();
    let cmd = format!(
        "cd {srv}/elsewhere; exec env -i TERM=xterm-256color HOME={srv}/elsewhere PATH=/usr/bin:/bin TZ=UTC \
         SHELL=/bin/sh ROGUEOPTS=name=Alice,file={srv}/elsewhere/evil.save {bin} --server \
         --save-file {user}/rogue.save --resume --score-file {srv}/rogue.scr --logfile {srv}/rogue.log",
        srv = srv.display(),
        user = user.display(),
        bin = common::rogue_bin()
    );
    let status = |rows: &[String]| rows[23].starts_with("Level: 1  Gold: ");
    let pane = run(&root, "attack", &cmd);
    pane.wait_for("the new game", SETTLE, |r, _| status(r));
    // S, n: cancelled, no file name asked.
    pane.keys("S");
    pane.wait_for("the save question", SETTLE, |r, _| r[0].starts_with("Save file ("));
    pane.keys("n");
    let (rows, _) = pane.wait_for("no file name", SETTLE, |r, _| !r[0].starts_with("Save file ("));
    assert!(!rows.iter().any(|r| r.to_lowercase().contains("file name")), "{rows:#?}");
    // The options: neither the name nor the save file.
    pane.keys("o");
    let (rows, _) = pane.wait_for("the options", SETTLE, |r, _| r[0].starts_with("Terse output"));
    assert!(!rows.iter().any(|r| r.starts_with("Name (") || r.starts_with("Save file (")), "{rows:#?}");
    // Every option answered (the fruit given a path), then the space.
    for _ in 0..7 {
        pane.tmux(&["send-keys", "Enter"]);
    }
    pane.line(&format!("{}/elsewhere/fruit", srv.display()));
    pane.wait_for("the end of the options", SETTLE, |r, _| r[23].contains("--Press space to continue--"));
    pane.keys(" ");
    pane.wait_for("the game again", SETTLE, |r, _| status(r));
    // No shell.
    pane.keys("!");
    let (rows, _) = pane.wait_for("the shell refused", SETTLE, |r, _| r[0].starts_with("Illegal command '!'"));
    assert!(status(&rows));
    // Saved to the server's file.
    pane.keys("S");
    pane.wait_for("the save question", SETTLE, |r, _| r[0].starts_with("Save file ("));
    let pid = pane.pid();
    pane.keys("y");
    common::wait_until("the game's end", || gone(pid));
    assert!(gone(pid), "the game did not end at the save");
    drop(pane);
    assert_eq!(tree(&srv), ["rogue.scr", "userdata/Alice/rogue.save"], "only the save file and the score file");
    // Resumed, quit: posted and logged as Alice.
    let pane = run(&root, "again", &cmd);
    pane.wait_for("the restored game", SETTLE, |r, _| status(r) && r[0].starts_with("File name: "));
    pane.keys("Q");
    pane.wait_for("the question", SETTLE, |rows, _| rows[0].starts_with("Really quit?"));
    pane.keys("y");
    pane.wait_for("the end", SETTLE, |rows, _| rows.iter().any(|r| r.contains("[Press return to continue]")));
    pane.tmux(&["send-keys", "Enter"]);
    common::wait_until("the log's line", || srv.join("rogue.log").metadata().is_ok_and(|m| m.len() > 0));
    drop(pane);
    let log = std::fs::read_to_string(srv.join("rogue.log")).unwrap_or_default();
    assert!(log.starts_with("version=5.4.4:name=Alice:") && log.contains(":death=quit:"), "{log}");
    assert_eq!(tree(&srv), ["rogue.log", "rogue.scr"], "nothing else was ever written");
    let _ = std::fs::remove_dir_all(&root);
}
