//! An 80x24 tmux pane of its own (its own server socket), for the suites
//! that read the real `rogue`'s screen through tmux.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Whether tmux is here; without it `test` is skipped (a failure under CI,
/// which installs it: [`super::cannot_run`]).
pub fn has_tmux(test: &str) -> bool {
    let ok = Command::new("tmux").arg("-V").output().is_ok_and(|o| o.status.success());
    if !ok {
        super::cannot_run(test, "no tmux (CI installs it)");
    }
    ok
}

pub struct Pane {
    socket: PathBuf,
}

impl Pane {
    /// `argv` (a shell command and its arguments) on a new pane, started
    /// in `dir`, with its server's socket named by `tag`.
    pub fn start(dir: &Path, tag: &str, argv: &[&str]) -> Pane {
        let socket = dir.join(format!("tmux-{tag}.sock"));
        let o = Command::new("tmux")
            .arg("-S")
            .arg(&socket)
            .args(["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-c"])
            .arg(dir)
            .args(argv)
            .output()
            .unwrap();
        assert!(o.status.success(), "tmux: {}", String::from_utf8_lossy(&o.stderr));
        Pane { socket }
    }

    pub fn tmux(&self, args: &[&str]) -> String {
        let o = Command::new("tmux").arg("-S").arg(&self.socket).args(args).output().unwrap();
        String::from_utf8_lossy(&o.stdout).into_owned()
    }

    /// The 24 rows, trailing blanks removed.
    pub fn rows(&self) -> Vec<String> {
        let mut rows: Vec<String> =
            self.tmux(&["capture-pane", "-p"]).lines().map(|l| l.trim_end().to_string()).collect();
        rows.resize(24, String::new());
        rows
    }

    /// The rows and the cursor (row, column).
    pub fn screen(&self) -> (Vec<String>, (usize, usize)) {
        let at = self.tmux(&["display", "-p", "#{cursor_y},#{cursor_x}"]);
        let (y, x) = at.trim().split_once(',').unwrap();
        (self.rows(), (y.parse().unwrap(), x.parse().unwrap()))
    }

    pub fn pid(&self) -> u32 {
        self.tmux(&["display", "-p", "#{pane_pid}"]).trim().parse().unwrap()
    }

    pub fn keys(&self, keys: &str) {
        self.tmux(&["send-keys", "-l", keys]);
    }

    /// `text`, then Enter.
    pub fn line(&self, text: &str) {
        self.keys(text);
        self.tmux(&["send-keys", "Enter"]);
    }

    /// Wait (20 s at most) for a screen `ok` takes that then stays the same
    /// for `settle`.
    pub fn wait_for(
        &self,
        what: &str,
        settle: Duration,
        ok: impl Fn(&[String], (usize, usize)) -> bool,
    ) -> (Vec<String>, (usize, usize)) {
        let start = Instant::now();
        loop {
            let (rows, at) = self.screen();
            if ok(&rows, at) {
                std::thread::sleep(settle);
                if self.screen() == (rows.clone(), at) {
                    return (rows, at);
                }
                continue;
            }
            assert!(start.elapsed() < Duration::from_secs(120), "no {what}:\n{}", rows.join("\n"));
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        let _ = Command::new("tmux").arg("-S").arg(&self.socket).arg("kill-server").output();
    }
}
