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

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

struct Pane {
    socket: PathBuf,
}

impl Pane {
    /// `cmd` on an 80x24 tmux pane, kept when it exits.
    fn run(dir: &Path, tag: &str, cmd: &str) -> Pane {
        let socket = dir.join(format!("tmux-{tag}.sock"));
        let o = Command::new("tmux")
            .arg("-S")
            .arg(&socket)
            .args(["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "sh", "-c", cmd])
            .output()
            .unwrap();
        assert!(o.status.success(), "tmux: {}", String::from_utf8_lossy(&o.stderr));
        let p = Pane { socket };
        p.tmux(&["set-option", "-g", "remain-on-exit", "on"]);
        p
    }

    fn tmux(&self, args: &[&str]) -> String {
        let o = Command::new("tmux").arg("-S").arg(&self.socket).args(args).output().unwrap();
        String::from_utf8_lossy(&o.stdout).into_owned()
    }

    fn rows(&self) -> Vec<String> {
        let mut rows: Vec<String> =
            self.tmux(&["capture-pane", "-p"]).lines().map(|l| l.trim_end().to_string()).collect();
        rows.resize(24, String::new());
        rows
    }

    fn pid(&self) -> u32 {
        self.tmux(&["display", "-p", "#{pane_pid}"]).trim().parse().unwrap()
    }

    fn keys(&self, keys: &str) {
        self.tmux(&["send-keys", "-l", keys]);
    }

    fn wait_for(&self, what: &str, ok: impl Fn(&[String]) -> bool) -> Vec<String> {
        let start = Instant::now();
        loop {
            let rows = self.rows();
            if ok(&rows) {
                std::thread::sleep(Duration::from_millis(300));
                let again = self.rows();
                if again == rows {
                    return rows;
                }
                continue;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "no {what}:\n{}", rows.join("\n"));
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        let _ = Command::new("tmux").arg("-S").arg(&self.socket).arg("kill-server").output();
    }
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
    let pane = Pane::run(&root, "first", &cmd);
    pane.wait_for("the new game", status);
    pane.keys("s");
    let before = pane.wait_for("the move", status);
    let pid = pane.pid();
    assert!(Command::new("kill").arg("-HUP").arg(pid.to_string()).status().unwrap().success());
    let start = Instant::now();
    while !gone(pid) && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(gone(pid), "the game did not end at the hangup");
    let save = user.join("rogue.save");
    assert!(save.exists(), "no save at the hangup");
    drop(pane);

    // Started again the same way: restored where it was.
    let pane = Pane::run(&root, "second", &cmd);
    let after = pane.wait_for("the restored game", |rows| status(rows) && rows[0].starts_with("File name: "));
    assert_eq!(after[0], format!("File name: {}", save.display()));
    assert_eq!(after[1..], before[1..], "the map and status as they were");
    assert!(!save.exists(), "the restored save is gone (the original's rule)");
    // Its end is the player's: posted and logged.
    pane.keys("Q");
    pane.wait_for("the question", |rows| rows[0].starts_with("Really quit?"));
    pane.keys("y");
    pane.wait_for("the end", |rows| rows.iter().any(|r| r.contains("[Press return to continue]")));
    pane.tmux(&["send-keys", "Enter"]);
    let log = {
        let start = Instant::now();
        loop {
            let log = std::fs::read_to_string(root.join("rogue.log")).unwrap_or_default();
            if !log.is_empty() || start.elapsed() > Duration::from_secs(10) {
                break log;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    assert!(log.starts_with("version=5.4.4:name=Alice:") && log.contains(":death=quit:"), "{log}");
    assert_eq!(log.lines().count(), 1);
    drop(pane);
    // A third start is a new game: nothing left to restore.
    let pane = Pane::run(&root, "third", &cmd);
    let rows = pane.wait_for("a new game", status);
    assert!(!rows[0].starts_with("File name: "), "{}", rows[0]);
    drop(pane);
    let _ = std::fs::remove_dir_all(&root);
}
