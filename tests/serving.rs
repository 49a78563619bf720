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
use std::time::{Duration, Instant};

use common::pane::Pane;

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
    if !Command::new("tmux").arg("-V").output().is_ok_and(|o| o.status.success()) {
        assert!(std::env::var("CI").as_deref() != Ok("true"), "no tmux (CI installs it)");
        eprintln!("skipped: no tmux");
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
    let start = Instant::now();
    while !gone(pid) && start.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(50));
    }
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
    let log = {
        let start = Instant::now();
        loop {
            let log = std::fs::read_to_string(root.join("rogue.log")).unwrap_or_default();
            if !log.is_empty() || start.elapsed() > Duration::from_secs(120) {
                break log;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    };
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
