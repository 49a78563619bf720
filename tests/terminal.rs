//! The shipped `rogue` on a real terminal. Each test runs the binary in a
//! detached tmux pane of its own (its own server socket, 80x24 unless the
//! test wants otherwise, TERM=vt100, a fresh home and working directory,
//! TZ=UTC), types keys into it one at a time and reads the pane back with
//! `tmux capture-pane`:
//!
//! * recorded games (oracle/cases/games) replayed key by key: every frame
//!   the original showed must be on the pane, text and cursor;
//! * a terminal smaller than 24x80 is refused with the original's message,
//!   a non-zero status and the tty modes as they were;
//! * SIGHUP at a key wait (and a real hangup, the pane closed under the
//!   game) saves the game and exits 0; the file holds exactly the game a
//!   headless run of the same keys holds, and restoring it plays on with
//!   the recorded screens;
//! * the `!` shell escape: a shell, then "[Press return to continue]" and
//!   the map again;
//! * under vt100 and under tmux-256color (an alternate screen, Backspace
//!   sending DEL with terminfo saying so): after a death, a quit and a
//!   refused start the score list or the message stays above the shell's
//!   prompt; Backspace erases in line prompts; a resize to 60x20 and back
//!   loses nothing and costs no turn.
//!
//! Keys are delivered the way the goldens were recorded: one byte, then a
//! wait until the game has read it and is blocked reading the next one
//! (`/proc/PID/io` counts the bytes it read, `/proc/PID/syscall` shows the
//! blocking `read(0, ...)`), then until two captures 50 ms apart agree.
//! After an ESC the game waits ESCDELAY and a tenth of a second to tell a
//! lone ESC from a sequence; the wait covers that too (and sleeps 200 ms
//! at least). Where /proc does not say so much, the wait falls back to
//! the process sleeping and a longer quiet screen.
//!
//! tmux is required: without it these tests fail (CI installs it).

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rogue::Exit;
use rogue::case::Case;
use rogue::case::escape::{decode_body, label};
use rogue::curses::model::Model;
use rogue::game::savefile::restore_bytes;
use rogue::game::{Game, Launch};
use rogue::host::ScriptedHost;

/// How long any one wait may take before the test gives up.
const TIMEOUT: Duration = Duration::from_secs(120);
/// Two captures this far apart must agree for the screen to be settled.
const SETTLE: Duration = Duration::from_millis(50);
/// At least this long after an ESC (ESCDELAY 64 ms + halfdelay 100 ms).
const ESC_WAIT: Duration = Duration::from_millis(200);

// ---------------------------------------------------------------------------
// Scratch folders

static SERIAL: AtomicUsize = AtomicUsize::new(0);

/// A fresh folder under the system's temp dir, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Self {
        let n = SERIAL.fetch_add(1, Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!("rogue-term-{}-{n}-{tag}", std::process::id()));
        let _ = fs::remove_dir_all(&p);
        fs::create_dir_all(&p).expect("scratch folder");
        Scratch(p)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

// ---------------------------------------------------------------------------
// The golden cases

/// One frame of a `.expected` file, rebuilt whole.
#[derive(Clone, Debug)]
struct Frame {
    /// `key`, `line` or `exit`.
    kind: String,
    cursor: (i32, i32),
    /// The `next=` or `status=` field.
    tail: String,
    rows: Vec<String>,
}

/// A recorded game: what the binary needs to replay it, and its frames.
struct Golden {
    name: String,
    seed: i32,
    user: String,
    /// The case's home, ending in `/`.
    home: String,
    rogueopts: Option<String>,
    keys: Vec<u8>,
    frames: Vec<Frame>,
}

fn load(name: &str) -> Golden {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/games");
    let case = Case::read(&dir.join(format!("{name}.case"))).expect("case");
    let keys = decode_body(&case.body).expect("case body");
    let expected = fs::read_to_string(dir.join(format!("{name}.expected"))).expect("expected");
    let frames = parse_frames(&expected);
    let mut home = case.get("home").expect("home").to_string();
    if !home.ends_with('/') {
        home.push('/');
    }
    Golden {
        name: name.to_string(),
        seed: case.int("seed").expect("seed"),
        user: case.get("user").expect("user").to_string(),
        home,
        rogueopts: case.get("rogueopts").map(str::to_string),
        keys,
        frames,
    }
}

/// FORMAT-games.md §2: frames of changed rows, applied in order.
fn parse_frames(text: &str) -> Vec<Frame> {
    let mut frames: Vec<Frame> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("F ") {
            let mut it = rest.splitn(4, ' ');
            let _n = it.next();
            let kind = it.next().expect("frame kind").to_string();
            let (y, x) = it.next().expect("cursor").split_once(',').expect("cursor y,x");
            let tail = it.next().unwrap_or("").to_string();
            let rows = frames.last().map_or_else(|| vec![String::new(); 24], |f| f.rows.clone());
            frames.push(Frame { kind, cursor: (y.parse().expect("y"), x.parse().expect("x")), tail, rows });
        } else if let Some(rest) = line.strip_prefix("R ") {
            let (y, text) = rest.split_once(' ').unwrap_or((rest, ""));
            let y: usize = y.parse().expect("row");
            frames.last_mut().expect("a frame").rows[y] = text.to_string();
        }
    }
    frames
}

impl Golden {
    /// ROGUEOPTS for the binary: the case's, with `name=` the case's user
    /// (the binary takes the login name from the password database, which
    /// is not the recording's), unless the case sets a name itself.
    fn rogueopts(&self) -> String {
        match &self.rogueopts {
            Some(o) if o.split(',').any(|p| p.trim_start().starts_with("name=")) => o.clone(),
            Some(o) => format!("{o},name={}", self.user),
            None => format!("name={}", self.user),
        }
    }

    /// The environment of a run (FORMAT-games.md §4.1, with this run's
    /// own home folder).
    fn env(&self, home: &Path) -> Vec<(String, String)> {
        self.env_as(home, "vt100")
    }

    /// The same on another terminal type.
    fn env_as(&self, home: &Path, term: &str) -> Vec<(String, String)> {
        vec![
            ("TERM".into(), term.into()),
            ("HOME".into(), home.display().to_string()),
            ("USER".into(), self.user.clone()),
            ("LOGNAME".into(), self.user.clone()),
            ("PATH".into(), "/usr/bin:/bin".into()),
            ("TZ".into(), "UTC".into()),
            ("ROGUEOPTS".into(), self.rogueopts()),
        ]
    }

    /// The binary's command line: the case's seed; the save file named as
    /// the recording's default, which the options screen shows (the game
    /// never writes it in these runs: a run is killed, not hung up, when
    /// a test gives up early).
    fn argv(&self) -> Vec<String> {
        vec![
            common::rogue_bin().into(),
            "--seed".into(),
            self.seed.to_string(),
            "--save-file".into(),
            format!("{}rogue.save", self.home),
        ]
    }

    /// Does frame `n` show something of this machine rather than of the
    /// recording (a `~` expanded to the home directory, which the binary
    /// takes from the password database)? Such a frame is not compared.
    fn machine_specific(&self, n: usize) -> bool {
        let save = format!("{}rogue.save", self.home);
        self.frames[n].rows.iter().any(|r| r.replace(&save, "").contains(self.home.as_str()))
    }
}

// ---------------------------------------------------------------------------
// tmux

/// Send a signal (by name) to a process, with the shell's `kill`.
fn signal(pid: i32, sig: &str) -> bool {
    Command::new("/bin/sh").args(["-c", &format!("kill -{sig} {pid}")]).status().is_ok_and(|s| s.success())
}

/// The pane's text (trailing blanks removed) and cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Screen {
    rows: Vec<String>,
    cursor: (i32, i32),
}

impl Screen {
    fn dump(&self) -> String {
        let mut s = format!("cursor {},{}\n", self.cursor.0, self.cursor.1);
        for (y, r) in self.rows.iter().enumerate() {
            s.push_str(&format!("{y:2}|{r}\n"));
        }
        s
    }

    fn contains(&self, text: &str) -> bool {
        self.rows.iter().any(|r| r.contains(text))
    }
}

fn tmux_path() -> &'static str {
    match Command::new("tmux").arg("-V").output() {
        Ok(o) if o.status.success() => "tmux",
        _ => panic!(
            "tmux is not installed (or does not run): the real-terminal tests need it. \
             Install it (Debian: apt-get install tmux; .ci/run does) and run the tests again."
        ),
    }
}

/// One tmux server (its own socket in the scratch folder) holding one pane.
struct Tmux {
    sock: PathBuf,
    lines: usize,
    pid: i32,
}

impl Tmux {
    /// Start `argv` in a detached pane of `cols` x `lines`, in `dir`, with
    /// exactly the environment `env` (and nothing of the test's).
    fn start(dir: &Path, cols: usize, lines: usize, env: &[(String, String)], argv: &[String]) -> Tmux {
        let tmux = tmux_path();
        let sock = dir.join("tmux.sock");
        let conf = dir.join("tmux.conf");
        // The pane stays after the program ends so that its last screen
        // and exit status can be read.
        // Backspace sends DEL (tmux's default, said here so that it holds
        // whatever the default becomes).
        fs::write(&conf, "set -g remain-on-exit on\nset -g status off\nset -g history-limit 0\nset -s backspace C-?\n")
            .expect("tmux.conf");
        let envbin = if Path::new("/usr/bin/env").exists() { "/usr/bin/env" } else { "env" };
        let mut args: Vec<String> = vec![
            "-S".into(),
            sock.display().to_string(),
            "-f".into(),
            conf.display().to_string(),
            "new-session".into(),
            "-d".into(),
            "-s".into(),
            "rogue".into(),
            "-x".into(),
            cols.to_string(),
            "-y".into(),
            lines.to_string(),
            "-c".into(),
            dir.display().to_string(),
            "--".into(),
            envbin.into(),
            "-i".into(),
        ];
        args.extend(env.iter().map(|(k, v)| format!("{k}={v}")));
        args.extend(argv.iter().cloned());
        let out = Command::new(tmux).args(&args).env_remove("TMUX").output().expect("run tmux");
        assert!(out.status.success(), "tmux new-session failed: {}", String::from_utf8_lossy(&out.stderr));
        let mut t = Tmux { sock, lines, pid: 0 };
        let size = t.query("#{pane_width}x#{pane_height}");
        assert_eq!(size, format!("{cols}x{lines}"), "the pane has the wrong size");
        t.pid = t.query("#{pane_pid}").parse().expect("pane pid");
        t
    }

    fn run(&self, args: &[&str]) -> String {
        let out =
            Command::new("tmux").arg("-S").arg(&self.sock).args(args).env_remove("TMUX").output().expect("run tmux");
        assert!(out.status.success(), "tmux {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn query(&self, format: &str) -> String {
        self.run(&["display-message", "-p", "-t", "rogue", format]).trim_end().to_string()
    }

    /// The pane now: text and cursor in one tmux call.
    fn screen(&self) -> Screen {
        let out = self.run(&[
            "capture-pane",
            "-p",
            "-t",
            "rogue",
            ";",
            "display-message",
            "-p",
            "-t",
            "rogue",
            "#{cursor_y},#{cursor_x}",
        ]);
        let mut lines: Vec<&str> = out.lines().collect();
        let cur = lines.pop().expect("cursor line");
        let (y, x) = cur.split_once(',').expect("cursor y,x");
        let mut rows: Vec<String> = lines.iter().map(|l| l.trim_end().to_string()).collect();
        rows.resize(self.lines, String::new());
        Screen { rows, cursor: (y.parse().expect("cursor y"), x.parse().expect("cursor x")) }
    }

    /// The exit status once the program has ended; minus the signal's
    /// number when a signal killed it.
    fn dead_status(&self) -> Option<i32> {
        let s = self.query("#{pane_dead} #{pane_dead_status} #{pane_dead_signal}");
        let mut f = s.split(' ');
        let (dead, status, killer) = (f.next(), f.next(), f.next());
        // tmux marks the pane dead when its terminal closes, and knows the
        // status only once it has reaped the process.
        if dead != Some("1") {
            return None;
        }
        let killed = killer.and_then(|g| g.parse::<i32>().ok()).map(|g| -g);
        let status = status.and_then(|c| c.parse().ok()).or(killed);
        if status.is_none() {
            // A tmux built with libutempter (Debian's) runs utempter's
            // helper when the pane's terminal closes, under utempter's own
            // SIGCHLD handler; a child that exits just then is never
            // reaped (tmux issue #311). Another SIGCHLD makes the server
            // look again.
            if let Ok(server) = self.query("#{pid}").parse::<i32>() {
                signal(server, "CHLD");
            }
        }
        status
    }

    /// Wait for the program to end; its exit status.
    fn wait_exit(&self) -> i32 {
        let start = Instant::now();
        loop {
            if let Some(s) = self.dead_status() {
                return s;
            }
            assert!(start.elapsed() < TIMEOUT, "the program did not end:\n{}", self.screen().dump());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Type one byte.
    fn send(&self, b: u8) {
        self.run(&["send-keys", "-t", "rogue", "-H", &format!("{b:02x}")]);
    }

    /// Type text (for a shell).
    fn type_text(&self, s: &str) {
        for b in s.bytes() {
            self.send(b);
        }
    }

    /// Wait until the screen satisfies `ok`.
    fn wait_screen(&self, what: &str, ok: impl Fn(&Screen) -> bool) -> Screen {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if ok(&s) {
                return s;
            }
            assert!(start.elapsed() < TIMEOUT, "timed out waiting for {what}:\n{}", s.dump());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // The game is killed outright first: closing its terminal would
        // hang it up, and a hung-up game saves itself.
        if self.pid > 0 && Path::new(&format!("/proc/{}", self.pid)).exists() {
            signal(self.pid, "KILL");
        }
        let _ = Command::new("tmux").arg("-S").arg(&self.sock).arg("kill-server").env_remove("TMUX").output();
    }
}

// ---------------------------------------------------------------------------
// The game process, through /proc

/// The number of `read` on this machine (for /proc/PID/syscall).
const READ_SYSCALL: Option<&str> = if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
    Some("0")
} else if cfg!(all(target_os = "linux", target_arch = "aarch64")) {
    Some("63")
} else {
    None
};

/// Bytes the process has read so far (`rchar`).
fn rchar(pid: i32) -> Option<u64> {
    let io = fs::read_to_string(format!("/proc/{pid}/io")).ok()?;
    io.lines().find_map(|l| l.strip_prefix("rchar: ")).and_then(|v| v.trim().parse().ok())
}

/// Is the process blocked reading its terminal (`read(0, ...)`)?
fn in_key_read(pid: i32) -> Option<bool> {
    let nr = READ_SYSCALL?;
    let s = fs::read_to_string(format!("/proc/{pid}/syscall")).ok()?;
    let mut it = s.split_whitespace();
    Some(it.next() == Some(nr) && it.next() == Some("0x0"))
}

/// The process's state letter (`S` sleeping, `R` running, `Z` zombie);
/// `None` when it is gone.
fn proc_state(pid: i32) -> Option<char> {
    let s = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    s.rsplit_once(") ").and_then(|(_, rest)| rest.chars().next())
}

/// A running game in a pane.
struct Run {
    t: Tmux,
    /// The game runs under a shell that stays after it (`t.pid` is the
    /// game's): its end is seen on the screen, not as the pane's status.
    in_shell: bool,
}

/// How a wait for a key wait ended.
enum Wait {
    /// The game is blocked reading a key; the settled screen.
    Key(Screen),
    /// The program ended with this status (minus the signal's number when
    /// a signal killed it).
    Exited(i32),
}

impl Run {
    fn pid(&self) -> i32 {
        self.t.pid
    }

    /// Wait until the game has read at least `min_read` bytes (when given),
    /// is blocked reading the next key, and the screen is settled.
    fn wait_key(&self, min_read: Option<u64>, since: Instant) -> Wait {
        let start = Instant::now();
        loop {
            assert!(
                start.elapsed() < TIMEOUT,
                "timed out waiting for a key wait (read {:?} bytes, wanted {min_read:?}):\n{}",
                rchar(self.pid()),
                self.t.screen().dump()
            );
            let state = proc_state(self.pid());
            if matches!(state, None | Some('Z')) {
                return Wait::Exited(if self.in_shell { self.shell_status() } else { self.t.wait_exit() });
            }
            let read = rchar(self.pid());
            let consumed = match (read, min_read) {
                (Some(r), Some(m)) => r >= m,
                _ => true,
            };
            let waiting = consumed
                && match in_key_read(self.pid()) {
                    Some(blocked) => blocked,
                    // Without /proc's details: asleep and quiet for a while.
                    None => state == Some('S') && since.elapsed() >= Duration::from_millis(300),
                };
            if !waiting {
                std::thread::sleep(Duration::from_millis(2));
                continue;
            }
            let a = self.t.screen();
            std::thread::sleep(SETTLE);
            let b = self.t.screen();
            let still = rchar(self.pid()) == read && in_key_read(self.pid()).unwrap_or(true);
            if a == b && still {
                return Wait::Key(b);
            }
        }
    }

    /// Type one key and wait for the next key wait.
    fn key(&self, b: u8) -> Wait {
        let before = rchar(self.pid());
        let sent = Instant::now();
        self.t.send(b);
        if b == 0x1b {
            std::thread::sleep(ESC_WAIT);
        }
        self.wait_key(before.map(|r| r + 1), sent)
    }

    /// Type several bytes at once (one write to the terminal) and wait for
    /// the next key wait.
    fn keys(&self, typed: &[u8]) -> Wait {
        if let [b] = typed {
            return self.key(*b);
        }
        let before = rchar(self.pid());
        let sent = Instant::now();
        let hex: Vec<String> = typed.iter().map(|b| format!("{b:02x}")).collect();
        let mut args = vec!["send-keys", "-t", "rogue", "-H"];
        args.extend(hex.iter().map(String::as_str));
        self.t.run(&args);
        self.wait_key(before.map(|r| r + typed.len() as u64), sent)
    }

    /// Press a key by its tmux name (`BSpace`) and wait for the next key
    /// wait.
    fn press(&self, key: &str) -> Wait {
        let before = rchar(self.pid());
        let sent = Instant::now();
        self.t.run(&["send-keys", "-t", "rogue", key]);
        self.wait_key(before.map(|r| r + 1), sent)
    }

    /// The status the shell around the game printed once it ended.
    fn shell_status(&self) -> i32 {
        let s = self.t.wait_screen("the shell's line after the game", |s| s.contains("rogue-exit="));
        s.rows.iter().find_map(|r| r.strip_prefix("rogue-exit=")).and_then(|c| c.trim().parse().ok()).unwrap_or(-1)
    }

    fn first(&self) -> Screen {
        match self.wait_key(None, Instant::now()) {
            Wait::Key(s) => s,
            Wait::Exited(st) => panic!("the game ended at once (status {st}):\n{}", self.t.screen().dump()),
        }
    }
}

fn start_game(dir: &Scratch, g: &Golden, argv: &[String]) -> Run {
    Run { t: Tmux::start(dir.path(), 80, 24, &g.env(dir.path()), argv), in_shell: false }
}

/// The tombstone's year is the clock's: a recording from another year
/// shows another. Rows that differ only in a year of this century match.
fn same_but_the_year(want: &str, got: &str) -> bool {
    fn blind(s: &str) -> String {
        let b = s.as_bytes();
        let mut out = String::new();
        let mut i = 0;
        while i < b.len() {
            let year = i + 4 <= b.len()
                && &b[i..i + 2] == b"20"
                && b[i + 2..i + 4].iter().all(u8::is_ascii_digit)
                && (i == 0 || b[i - 1] == b' ')
                && (i + 4 == b.len() || b[i + 4] == b' ');
            if year {
                out.push_str("YYYY");
                i += 4;
            } else {
                out.push(char::from(b[i]));
                i += 1;
            }
        }
        out
    }
    want.len() == got.len() && blind(want) == blind(got)
}

/// Differences between a golden frame and the pane, for a message.
fn frame_diff(g: &Golden, n: usize, got: &Screen, rows: std::ops::Range<usize>, cursor: bool) -> Option<String> {
    let want = &g.frames[n];
    let mut out = String::new();
    for y in rows {
        if want.rows[y] != got.rows[y] && !same_but_the_year(&want.rows[y], &got.rows[y]) {
            out.push_str(&format!("  row {y:2} want |{}|\n  row {y:2}  got |{}|\n", want.rows[y], got.rows[y]));
        }
    }
    if cursor && want.cursor != got.cursor {
        out.push_str(&format!("  cursor want {:?} got {:?}\n", want.cursor, got.cursor));
    }
    (!out.is_empty()).then(|| format!("{} frame {n} ({} {}):\n{out}", g.name, want.kind, want.tail))
}

// ---------------------------------------------------------------------------
// Recorded games, key by key

/// Play a whole recorded game on the pane and compare every frame the
/// original showed at a key wait (but frames that show this machine's
/// home directory); then the exit status. (The last frame, the terminal
/// after the program, is not compared: tmux writes on a dead pane.)
fn replay(name: &str) {
    let started = Instant::now();
    let g = load(name);
    let dir = Scratch::new(name);
    let run = start_game(&dir, &g, &g.argv());
    let mut screen = run.first();
    let (mut compared, mut skipped) = (0, 0);
    let mut bad = Vec::new();
    let typed_at = frame_keys(&g);
    let key_frames = typed_at.len();
    let mut status = None;
    for (n, typed) in typed_at.iter().enumerate() {
        if g.machine_specific(n) {
            skipped += 1;
        } else {
            compared += 1;
            if let Some(d) = frame_diff(&g, n, &screen, 0..24, true) {
                bad.push(d);
                if bad.len() >= 3 {
                    break;
                }
            }
        }
        match run.keys(typed) {
            Wait::Key(s) => screen = s,
            Wait::Exited(st) => {
                assert_eq!(n + 1, key_frames, "{name}: the game ended after frame {n} of {key_frames}");
                status = Some(st);
            }
        }
    }
    assert!(bad.is_empty(), "{name}: the pane differs from the recording:\n{}", bad.join("\n"));
    let last = g.frames.last().expect("frames");
    assert_eq!(last.kind, "exit");
    let end = status.map(|s| if s < 0 { format!("signal={}", -s) } else { format!("status={s}") });
    assert_eq!(end, Some(last.tail.clone()), "{name}: exit status");
    eprintln!(
        "terminal {name}: {} keys, {compared} frames compared, {skipped} skipped, {:.1} s",
        g.keys.len(),
        started.elapsed().as_secs_f64()
    );
}

/// The keys typed at each key or line frame, in order. A death's last key
/// is read by the line read after the tombstone; a line wait may take
/// several bytes, typed at once (g_end_intr's ^C and the return after it,
/// which the signal throws away).
fn frame_keys(g: &Golden) -> Vec<&[u8]> {
    let key_frames = g.frames.iter().take_while(|f| f.kind == "key" || f.kind == "line").count();
    let mut out = Vec::new();
    let mut at = 0;
    for n in 0..key_frames {
        let labels = |len: usize| g.keys[at..at + len].iter().map(|&k| label(k)).collect::<String>();
        let mut len = 1;
        while at + len < g.keys.len()
            && g.frames[n].kind == "line"
            && g.frames[n].tail != format!("next={}", labels(len))
        {
            len += 1;
        }
        assert!(at + len <= g.keys.len(), "frame {n} has no keys left");
        assert_eq!(g.frames[n].tail, format!("next={}", labels(len)), "frame {n}");
        out.push(&g.keys[at..at + len]);
        at += len;
    }
    assert_eq!(at, g.keys.len(), "keys left after the last key frame");
    out
}

/// Every `games` golden on the pane (about half an hour; run by hand with
/// `cargo test --release --test terminal -- --ignored`; TERMINAL_GOLDENS
/// names some, separated by commas).
#[test]
#[ignore]
fn terminal_replays_every_games_golden() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/games");
    let mut names: Vec<String> = rogue::case::case_paths(&dir)
        .expect("oracle/cases/games")
        .iter()
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
        .collect();
    if let Ok(only) = std::env::var("TERMINAL_GOLDENS") {
        names.retain(|n| only.split(',').any(|o| o == n));
    }
    let failed: Vec<String> =
        names.iter().filter(|n| std::panic::catch_unwind(|| replay(n)).is_err()).cloned().collect();
    assert!(failed.is_empty(), "{} of {} differ: {failed:?}", failed.len(), names.len());
}

/// ^C at the line read after the score list: score() has given SIGINT
/// its default action back, so the program dies of it (the shell sees a
/// death by SIGINT, not an exit status), with the terminal in its normal
/// mode, as endwin left it.
#[test]
fn terminal_replays_g_end_intr() {
    replay("g_end_intr");
}

/// The same ^C under a shell that survives it (a trap, which the game
/// does not inherit): the shell's `$?` is 130, and the terminal is in the
/// shell's own mode, as endwin left it before the line read.
#[test]
fn terminal_interrupt_after_scores_keeps_the_shells_tty() {
    let g = load("g_end_intr");
    let dir = Scratch::new("intr");
    let script = "trap : INT; stty -g > tty.before; \"$0\" \"$@\"; echo \"rogue-exit=$?\"; \
                  stty -g > tty.after; printf 'PROMPT$ '; exec sleep 60";
    let mut full = vec!["/bin/sh".to_string(), "-c".into(), script.into()];
    full.extend(g.argv());
    let run = start_shell_script(&dir, &g.env(dir.path()), &full);
    run.first();
    let typed = frame_keys(&g);
    let mut status = None;
    for (n, keys) in typed.iter().enumerate() {
        if let Wait::Exited(st) = run.keys(keys) {
            assert_eq!(n + 1, typed.len(), "the game ended after frame {n}");
            status = Some(st);
            break;
        }
    }
    assert_eq!(status, Some(130), "the shell's status for a death by SIGINT");
    let s = run.t.wait_screen("the prompt", |s| s.contains("PROMPT$"));
    let before = fs::read_to_string(dir.join("tty.before")).expect("tty.before");
    let after = fs::read_to_string(dir.join("tty.after")).expect("tty.after");
    assert_eq!(before, after, "the terminal's mode after the game:\n{}", s.dump());
}

/// Moves, runs, counts: the plain game.
#[test]
fn terminal_replays_g_moves() {
    replay("g_moves");
}

/// The options screen (booleans, inventory styles, names, editing keys)
/// and its effects.
#[test]
fn terminal_replays_g_options() {
    replay("g_options");
}

/// Inventories, `--More--`, calling things: overlay windows on the real
/// terminal.
#[test]
fn terminal_replays_g_items() {
    replay("g_items");
}

/// A bot game with ROGUEOPTS `tombstone,inven=clear,name=X`.
#[test]
fn terminal_replays_g_play14() {
    replay("g_play14");
}

// ---------------------------------------------------------------------------
// A terminal that is too small

/// The terminal types the checks of what a player sees run under: the
/// goldens' (no alternate screen, Backspace is ^H) and today's (an
/// alternate screen, Backspace is DEL, as terminfo says).
const TERMS: [&str; 2] = ["vt100", "tmux-256color"];

#[test]
fn terminal_too_small_is_refused_and_restored() {
    for term in TERMS {
        too_small(term);
    }
}

fn too_small(term: &str) {
    let dir = Scratch::new("small");
    let save = dir.join("rogue.save");
    // A shell around the game notes the tty modes before and after it and
    // its exit status, then stays, so that the screen is read before tmux
    // writes on it that the pane is dead.
    let script = "stty -g > tty.before; \"$0\" --seed 1 --save-file \"$1\"; echo \"rogue-exit=$?\"; \
                  stty -g > tty.after; exec sleep 60";
    let env = vec![
        ("TERM".to_string(), term.to_string()),
        ("HOME".to_string(), dir.path().display().to_string()),
        ("USER".to_string(), "rodney".to_string()),
        ("LOGNAME".to_string(), "rodney".to_string()),
        ("PATH".to_string(), "/usr/bin:/bin".to_string()),
        ("TZ".to_string(), "UTC".to_string()),
        ("ROGUEOPTS".to_string(), "name=rodney".to_string()),
    ];
    let argv: Vec<String> =
        vec!["/bin/sh".into(), "-c".into(), script.into(), common::rogue_bin().into(), save.display().to_string()];
    let t = Tmux::start(dir.path(), 70, 20, &env, &argv);
    let s = t.wait_screen("the game's exit status", |s| s.contains("rogue-exit="));
    // The message stays where the player reads it, above the prompt.
    let said = s.rows.iter().position(|r| r == "Sorry, the screen must be at least 24x80");
    let exit = s.rows.iter().position(|r| r.starts_with("rogue-exit="));
    assert!(said.is_some() && said < exit, "{term}: no refusal above the shell's line:\n{}", s.dump());
    let code = s
        .rows
        .iter()
        .find_map(|r| r.strip_prefix("rogue-exit="))
        .unwrap_or_else(|| panic!("no exit status on the screen:\n{}", s.dump()));
    assert_eq!(code, "1", "{term}: a refused terminal exits with status 1");
    let before = fs::read_to_string(dir.join("tty.before")).expect("tty.before");
    let start = Instant::now();
    let after = loop {
        match fs::read_to_string(dir.join("tty.after")) {
            Ok(a) if a.ends_with('\n') => break a,
            _ => {
                assert!(start.elapsed() < TIMEOUT, "the wrapper shell did not note the tty modes");
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    };
    assert_eq!(before, after, "{term}: the terminal's modes were not restored");
    assert!(!save.exists(), "nothing is saved");
}

// ---------------------------------------------------------------------------
// Hangups

/// A frame to hang up at: a command wait on the map (no message, the
/// status line shown), reached by a move and followed by a move, some way
/// into the game.
fn hangup_point(g: &Golden, from: usize) -> usize {
    let moves = b"hjklyubn";
    (from..g.keys.len() - 1)
        .find(|&n| {
            let f = &g.frames[n];
            f.kind == "key"
                && f.rows[0].is_empty()
                && f.rows[23].starts_with("Level:")
                && moves.contains(&g.keys[n - 1])
                && moves.contains(&g.keys[n])
                && moves.contains(&g.keys[n + 1])
        })
        .expect("a frame to hang up at")
}

/// Play keys 0..cut, checking the frame reached, and return the run.
fn play_to(dir: &Scratch, g: &Golden, argv: &[String], cut: usize) -> Run {
    play_to_as(dir, g, argv, cut, "vt100")
}

/// The same on a terminal of type `term`.
fn play_to_as(dir: &Scratch, g: &Golden, argv: &[String], cut: usize, term: &str) -> Run {
    let run = Run { t: Tmux::start(dir.path(), 80, 24, &g.env_as(dir.path(), term), argv), in_shell: false };
    let mut screen = run.first();
    for &k in &g.keys[..cut] {
        screen = match run.key(k) {
            Wait::Key(s) => s,
            Wait::Exited(st) => panic!("the game ended (status {st}) before frame {cut}"),
        };
    }
    if let Some(d) = frame_diff(g, cut, &screen, 0..24, true) {
        panic!("before the hangup the pane differs from the recording:\n{d}");
    }
    run
}

/// The game a headless run of the same keys is in at the same key wait,
/// saved: what the hung-up binary must have written.
fn headless_save(g: &Golden, keys: &[u8], home: &[u8], save: &Path) -> Vec<u8> {
    let dir = Scratch::new("headless");
    let host = ScriptedHost {
        time: 0,
        pid: 0,
        uid: 1000,
        user: g.user.as_bytes().to_vec(),
        home: home.to_vec(),
        env: vec![("ROGUEOPTS".into(), g.rogueopts().into_bytes())],
        dir: dir.path().to_path_buf(),
        ..ScriptedHost::nowhere()
    };
    let mut model = Model::standard();
    model.push_input(keys);
    let launch = Launch {
        fixed_dnum: Some(g.seed),
        save_path: Some(save.display().to_string().into_bytes()),
        ..Launch::default()
    };
    let mut game = Game::launch(Box::new(host), Box::new(model), launch);
    assert_eq!(game.rogue_main(&[]), Exit::EndOfInput);
    game.save_bytes()
}

fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))
}

/// SIGHUP at a key wait: the game is saved (auto_save) and the program
/// exits 0; the file is exactly the game as it was; `rogue FILE` brings
/// it back and it plays on as if nothing had happened. A real hangup (the
/// terminal closed under the game) saves the same file.
#[test]
fn terminal_hangup_saves_and_restores() {
    let started = Instant::now();
    let g = load("g_moves");
    let cut = hangup_point(&g, 40);
    let dir = Scratch::new("hangup");
    let save = dir.join("rogue.save");
    let save_s = save.display().to_string();
    let argv: Vec<String> =
        vec![common::rogue_bin().into(), "--seed".into(), g.seed.to_string(), "--save-file".into(), save_s.clone()];

    // 1. kill -HUP at the key wait of frame `cut`.
    let run = play_to(&dir, &g, &argv, cut);
    assert!(signal(run.pid(), "HUP"), "kill -HUP failed");
    let status = run.t.wait_exit();
    assert_eq!(status, 0, "a hung-up game exits 0:\n{}", run.t.screen().dump());
    drop(run);
    let bytes = fs::read(&save).expect("the hung-up game left no save file");
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&save).expect("save").permissions().mode() & 0o777;
        assert_eq!(mode, 0o400, "save files are made read-only");
    }

    // 2. It holds the game a headless run of the same keys holds.
    let mut restored = Game::headless();
    restore_bytes(&mut restored, &bytes).expect("the hung-up save restores");
    let home = restored.opts.home.as_bytes().to_vec();
    let expect = headless_save(&g, &g.keys[..cut], &home, &save);
    let mut fresh = Game::headless();
    restore_bytes(&mut fresh, &expect).expect("headless save");
    assert_eq!(restored.rng.seed(), fresh.rng.seed(), "RNG state");
    assert_eq!(
        (restored.dungeon.level, restored.hero.purse),
        (fresh.dungeon.level, fresh.hero.purse),
        "level and purse"
    );
    assert_eq!(restored.hero.player.t_pos, fresh.hero.player.t_pos, "hero position");
    assert_eq!(restored.hero.inpack, fresh.hero.inpack, "pack size");
    if let Some(i) = first_difference(&bytes, &expect) {
        panic!("the hung-up save differs from the headless game's at byte {i} of {} / {}", bytes.len(), expect.len());
    }

    // 3. Restored on the terminal: the map and status line as they were,
    //    then the recorded screens again, key by key.
    let argv2: Vec<String> = vec![common::rogue_bin().into(), "--save-file".into(), save_s.clone(), save_s.clone()];
    let run = start_game(&dir, &g, &argv2);
    let screen = run.first();
    assert_eq!(screen.rows[0], format!("File name: {save_s}"), "the restore's top line");
    if let Some(d) = frame_diff(&g, cut, &screen, 1..24, true) {
        panic!("the restored screen differs from the one hung up:\n{d}");
    }
    assert!(!save.exists(), "a restored save file is removed");
    let end = (cut + 60).min(g.keys.len() - 3);
    let mut bad = Vec::new();
    for n in cut..end {
        match run.key(g.keys[n]) {
            Wait::Key(s) => {
                if let Some(d) = frame_diff(&g, n + 1, &s, 0..24, true) {
                    bad.push(d);
                    if bad.len() >= 3 {
                        break;
                    }
                }
            }
            Wait::Exited(st) => panic!("the restored game ended (status {st}) at frame {}", n + 1),
        }
    }
    assert!(bad.is_empty(), "after the restore the pane differs from the recording:\n{}", bad.join("\n"));
    drop(run);

    // 4. A real hangup: the pane (the terminal) is closed under the game.
    let run = play_to(&dir, &g, &argv, cut);
    let pid = run.pid();
    run.t.run(&["kill-pane", "-t", "rogue"]);
    let t0 = Instant::now();
    while proc_state(pid).is_some_and(|s| s != 'Z') {
        assert!(t0.elapsed() < TIMEOUT, "the game did not end when its terminal closed");
        std::thread::sleep(Duration::from_millis(20));
    }
    let again = fs::read(&save).expect("a game whose terminal closed left no save file");
    assert!(again == bytes, "the save after a closed terminal differs from the one after SIGHUP");
    drop(run);
    eprintln!(
        "terminal hangup: saved at frame {cut}, {} frames compared after the restore, {:.1} s",
        end - cut,
        started.elapsed().as_secs_f64()
    );
}

// ---------------------------------------------------------------------------
// The shell escape

#[test]
fn terminal_shell_escape() {
    let g = load("g_moves");
    let dir = Scratch::new("shell");
    let mut env = g.env(dir.path());
    env.push(("SHELL".into(), "/bin/sh".into()));
    env.push(("PS1".into(), "rogue-shell$ ".into()));
    env.push(("ENV".into(), String::new()));
    let run = Run { t: Tmux::start(dir.path(), 80, 24, &env, &g.argv()), in_shell: false };
    let screen = run.first();
    if let Some(d) = frame_diff(&g, 0, &screen, 0..24, true) {
        panic!("the first screen differs:\n{d}");
    }
    let before = rchar(run.pid());
    run.t.send(b'!');
    // The shell's prompt (the game runs the password entry's shell, so
    // the prompt may be the system's rather than PS1's).
    let s = run.t.wait_screen("the shell's prompt", |s| {
        let row = s.rows.get(s.cursor.0 as usize).map(String::as_str).unwrap_or("");
        let upto = row.get(..(s.cursor.1 as usize).min(row.len())).unwrap_or(row).trim_end();
        upto.ends_with('$') || upto.ends_with('#') || upto.ends_with('>') || upto.ends_with('%')
    });
    assert_eq!(s.cursor.0, 23, "the shell starts on the bottom line:\n{}", s.dump());
    run.t.type_text("echo rogue-shell-$((6*7))\r");
    run.t.wait_screen("the shell's output", |s| s.rows.iter().any(|r| r.trim() == "rogue-shell-42"));
    run.t.type_text("exit\r");
    let s = match run.wait_key(before.map(|r| r + 1), Instant::now()) {
        Wait::Key(s) => s,
        Wait::Exited(st) => panic!("the game ended (status {st}) after the shell"),
    };
    assert!(s.contains("[Press return to continue]"), "no return prompt after the shell:\n{}", s.dump());
    let s = match run.key(b'\r') {
        Wait::Key(s) => s,
        Wait::Exited(st) => panic!("the game ended (status {st}) at the return"),
    };
    if let Some(d) = frame_diff(&g, 0, &s, 0..24, true) {
        panic!("the map is not back after the shell:\n{d}");
    }
    // And the game goes on: the recording's next frames.
    for n in 0..5 {
        match run.key(g.keys[n]) {
            Wait::Key(s) => {
                if let Some(d) = frame_diff(&g, n + 1, &s, 0..24, true) {
                    panic!("after the shell the game differs:\n{d}");
                }
            }
            Wait::Exited(st) => panic!("the game ended (status {st})"),
        }
    }
}

/// SIGTERM while the game waits for a shell: once the shell ends the game
/// saves at once and exits 0, without waiting for a key first (a signal
/// that came while the game was not reading must not wait for the next
/// key: a shutdown's SIGTERM is followed by SIGKILL).
#[test]
fn terminal_terminate_during_shell_saves_at_once() {
    let g = load("g_moves");
    let dir = Scratch::new("term");
    let save = dir.join("rogue.save");
    let mut env = g.env(dir.path());
    env.push(("SHELL".into(), "/bin/sh".into()));
    let argv: Vec<String> = vec![
        common::rogue_bin().into(),
        "--seed".into(),
        g.seed.to_string(),
        "--save-file".into(),
        save.display().to_string(),
    ];
    let run = Run { t: Tmux::start(dir.path(), 80, 24, &env, &argv), in_shell: false };
    run.first();
    run.t.send(b'!');
    run.t.wait_screen("the shell", |s| s.cursor.0 == 23 && s.cursor.1 > 0 && !s.rows[23].starts_with("Level:"));
    assert!(signal(run.pid(), "TERM"), "kill -TERM failed");
    run.t.type_text("exit\r");
    let status = run.t.wait_exit();
    assert_eq!(status, 0, "a terminated game exits 0:\n{}", run.t.screen().dump());
    let bytes = fs::read(&save).expect("the terminated game left no save file");
    let mut restored = Game::headless();
    restore_bytes(&mut restored, &bytes).expect("the save restores");
    let home = restored.opts.home.as_bytes().to_vec();
    let expect = headless_save(&g, b"!", &home, &save);
    if let Some(i) = first_difference(&bytes, &expect) {
        panic!("the save differs from the headless game's at byte {i} of {} / {}", bytes.len(), expect.len());
    }
}

// ---------------------------------------------------------------------------
// Records and replays

/// `rogue --record` on the real terminal: the record, run through
/// `rogue-trace`, shows the frames the pane showed, key for key.
#[test]
fn terminal_record_replays_through_the_trace() {
    let g = load("g_items");
    let dir = Scratch::new("record");
    let record = dir.join("played.case");
    let mut argv = g.argv();
    argv.extend(["--record".into(), record.display().to_string()]);
    argv.extend(["--score-file".into(), dir.join("rogue.scr").display().to_string()]);
    let run = Run { t: Tmux::start(dir.path(), 80, 24, &g.env(dir.path()), &argv), in_shell: false };
    let mut shown = vec![run.first()];
    let mut status = None;
    for &k in &g.keys {
        match run.key(k) {
            Wait::Key(s) => shown.push(s),
            Wait::Exited(st) => status = Some(st),
        }
    }
    assert_eq!(status, Some(0), "the recorded game ends by itself");
    let case = Case::read(&record).expect("the record is a case");
    assert_eq!(case.get("keys"), Some(g.keys.len().to_string().as_str()));
    assert_eq!(decode_body(&case.body).expect("its body"), g.keys, "the record holds the keys typed");
    assert_eq!(case.get("ends"), Some("quit"));
    // Headers as a real run's: a positive pid, and time + pid the seed.
    let (time, pid) = (case.int("time").expect("time"), case.int("pid").expect("pid"));
    assert!(pid > 1, "the record's pid is {pid}");
    assert_eq!(time.wrapping_add(pid), g.seed, "the record's time + pid is not its seed");
    let out = Command::new(common::trace_bin()).arg(&record).output().expect("rogue-trace");
    assert!(out.status.success(), "rogue-trace: {}", String::from_utf8_lossy(&out.stderr));
    let frames = parse_frames(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(frames.len(), g.keys.len() + 1, "a frame per key and the end");
    for (n, s) in shown.iter().enumerate() {
        assert_eq!(
            (&frames[n].rows, frames[n].cursor),
            (&s.rows, s.cursor),
            "frame {n}: the trace of the record differs from the pane:\n{}",
            s.dump()
        );
    }
    // It is the game the original recorded too.
    for (n, f) in frames.iter().enumerate().take(g.keys.len()) {
        if !g.machine_specific(n) {
            assert_eq!(f.rows, g.frames[n].rows, "frame {n} differs from the golden");
        }
    }
}

/// `rogue --replay` shows a record on the terminal: paused, each `n`
/// steps one key and the pane shows that key's frame; `q` ends it.
#[test]
fn terminal_replay_steps_through_a_record() {
    let g = load("g_moves");
    let dir = Scratch::new("replay");
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/games/g_moves.case");
    let argv = vec![common::rogue_bin().to_string(), "--replay".into(), case.display().to_string(), "--paused".into()];
    let run = Run { t: Tmux::start(dir.path(), 80, 24, &g.env(dir.path()), &argv), in_shell: false };
    let mut screen = run.first();
    let steps = 60.min(g.keys.len());
    for n in 0..steps {
        if let Some(d) = frame_diff(&g, n, &screen, 0..24, true) {
            panic!("the replay differs from the recording:\n{d}");
        }
        screen = match run.key(b'n') {
            Wait::Key(s) => s,
            Wait::Exited(st) => panic!("the replay ended after {n} steps (status {st})"),
        };
    }
    assert_eq!(run.key(b'q').status(), Some(0), "q ends the replay");
    assert!(!dir.join("rogue.scr").exists() && !dir.join("rogue.save").exists(), "a replay leaves no file");
}

impl Wait {
    fn status(&self) -> Option<i32> {
        match self {
            Wait::Exited(s) => Some(*s),
            Wait::Key(_) => None,
        }
    }
}

/// SIGTSTP stops the game with the terminal given back; `fg` (SIGCONT)
/// takes it again and redraws the screen, whatever was written over it
/// meanwhile (ncurses' own stop handler, as in the original, whose
/// SIGTSTP code is compiled out). The game runs under an interactive
/// shell, as a player's does: a process group without one is orphaned,
/// and the kernel does not stop those.
#[test]
fn terminal_stop_and_continue_redraw_the_screen() {
    let g = load("g_moves");
    let dir = Scratch::new("tstp");
    let shell = vec!["/bin/bash".to_string(), "--norc".into(), "--noprofile".into(), "-i".into()];
    let mut run = Run { t: Tmux::start(dir.path(), 80, 24, &g.env(dir.path()), &shell), in_shell: false };
    let bash = run.t.pid;
    let line: Vec<String> = g.argv().iter().map(|a| format!("'{a}'")).collect();
    run.t.type_text(&line.join(" "));
    run.t.send(b'\r');
    // The game is the shell's child.
    let start = Instant::now();
    let game = loop {
        let kids = fs::read_to_string(format!("/proc/{bash}/task/{bash}/children")).unwrap_or_default();
        if let Some(pid) = kids.split_whitespace().next().and_then(|p| p.parse().ok()) {
            break pid;
        }
        assert!(start.elapsed() < TIMEOUT, "the shell did not start the game");
        std::thread::sleep(Duration::from_millis(10));
    };
    run.t.pid = game;
    let mut screen = run.first();
    let upto = 10.min(g.keys.len() - 1);
    for &k in &g.keys[..upto] {
        if let Wait::Key(s) = run.key(k) {
            screen = s;
        }
    }
    assert!(signal(game, "TSTP"), "kill -TSTP");
    let start = Instant::now();
    while proc_state(game) != Some('T') {
        assert!(start.elapsed() < TIMEOUT, "the game did not stop");
        std::thread::sleep(Duration::from_millis(10));
    }
    run.t.wait_screen("the shell's job message", |s| s.contains("Stopped"));
    run.t.type_text("clear; echo SCRIBBLE; fg");
    run.t.send(b'\r');
    let back = run.t.wait_screen("the game's screen again", |s| s.rows == screen.rows);
    assert!(!back.contains("SCRIBBLE"));
    // And it plays on as recorded.
    match run.wait_key(None, Instant::now()) {
        Wait::Key(_) => {}
        Wait::Exited(st) => panic!("the game ended (status {st})"),
    }
    match run.key(g.keys[upto]) {
        Wait::Key(s) => {
            if let Some(d) = frame_diff(&g, upto + 1, &s, 0..24, true) {
                panic!("after fg the game differs from the recording:\n{d}");
            }
        }
        Wait::Exited(st) => panic!("the game ended (status {st})"),
    }
}

// ---------------------------------------------------------------------------
// What the player must read at the end, on today's terminals

/// `argv` under a shell that, once it has ended, prints its status and a
/// prompt (as a player's shell would) and stays, so that the pane is read
/// before tmux writes on it. The run's pid is the game's.
fn start_in_shell(dir: &Scratch, env: &[(String, String)], argv: &[String]) -> Run {
    let script = "\"$0\" \"$@\"; echo \"rogue-exit=$?\"; printf 'PROMPT$ '; exec sleep 60";
    let mut full = vec!["/bin/sh".to_string(), "-c".into(), script.into()];
    full.extend(argv.iter().cloned());
    start_shell_script(dir, env, &full)
}

/// `full` (a shell and its script, which starts the game first and prints
/// `rogue-exit=`) on a pane; the run's pid is the game's.
fn start_shell_script(dir: &Scratch, env: &[(String, String)], full: &[String]) -> Run {
    let mut run = Run { t: Tmux::start(dir.path(), 80, 24, env, full), in_shell: true };
    let sh = run.t.pid;
    let start = Instant::now();
    run.t.pid = loop {
        let kids = fs::read_to_string(format!("/proc/{sh}/task/{sh}/children")).unwrap_or_default();
        // The game, not a command the script runs before it.
        let game = kids
            .split_whitespace()
            .find(|p| fs::read_to_string(format!("/proc/{p}/comm")).is_ok_and(|c| c.trim_end() == "rogue"));
        if let Some(pid) = game.and_then(|p| p.parse().ok()) {
            break pid;
        }
        assert!(start.elapsed() < TIMEOUT, "the shell did not start the game");
        std::thread::sleep(Duration::from_millis(5));
    };
    run
}

/// The pane once the game has ended: the score list whole, then the
/// shell's line and its prompt below it; `entry` among the scores.
fn assert_scores_above_prompt(term: &str, what: &str, s: &Screen, entry: &str) {
    let top = s.rows.iter().position(|r| r == "Top Ten Scores:");
    let exit = s.rows.iter().position(|r| r.starts_with("rogue-exit="));
    let (Some(top), Some(exit)) = (top, exit) else {
        panic!("{term}, {what}: no score list and shell line:\n{}", s.dump());
    };
    assert!(top < exit, "{term}, {what}: the shell's line is above the score list:\n{}", s.dump());
    assert_eq!(s.rows[top + 1], "   Score Name", "{term}, {what}:\n{}", s.dump());
    assert!(
        s.rows[top + 2..exit].iter().any(|r| r.contains(entry)),
        "{term}, {what}: the score is not between the list's head and the shell's line:\n{}",
        s.dump()
    );
    assert_eq!(s.rows.get(exit + 1).map(String::as_str), Some("PROMPT$"), "{term}, {what}:\n{}", s.dump());
    assert_eq!(s.cursor, (exit as i32 + 1, 8), "{term}, {what}: the cursor is not after the prompt:\n{}", s.dump());
}

/// A death (a recorded game played to its end) and then a quit, under each
/// terminal type: the score list and the exit status stay on the screen
/// with the shell's prompt below them (on a terminal with an alternate
/// screen, a second endwin() put the prompt over them).
#[test]
fn terminal_exit_leaves_the_scores_above_the_prompt() {
    let g = load("g_play34");
    let entry = "rodney: killed on level 1 by a hobgoblin.";
    for term in TERMS {
        let dir = Scratch::new("exit");
        let env = g.env_as(dir.path(), term);
        let run = start_in_shell(&dir, &env, &g.argv());
        let mut screen = run.first();
        let mut status = None;
        for (n, &k) in g.keys.iter().enumerate() {
            // With an alternate screen, what is printed once curses is off
            // (the line read after the list) is on the other screen.
            let seen = term == "vt100" || g.frames[n].kind == "key";
            if seen
                && !g.machine_specific(n)
                && let Some(d) = frame_diff(&g, n, &screen, 0..24, true)
            {
                panic!("{term}: the pane differs from the recording:\n{d}");
            }
            match run.key(k) {
                Wait::Key(s) => screen = s,
                Wait::Exited(st) => {
                    assert_eq!(n + 1, g.keys.len(), "{term}: the game ended after key {n}");
                    status = Some(st);
                }
            }
        }
        assert_eq!(status, Some(0), "{term}: a death exits 0");
        let s = run.t.wait_screen("the prompt", |s| s.contains("PROMPT$"));
        assert_scores_above_prompt(term, "death", &s, entry);
        drop(run);

        // A quit with the death's score file (in a folder of its own: a
        // tmux server just killed may still hold the other's socket).
        let dir2 = Scratch::new("exit-quit");
        fs::copy(dir.join("rogue.scr"), dir2.join("rogue.scr")).expect("the death left a score file");
        let argv = vec![common::rogue_bin().to_string(), "--seed".into(), "7".into()];
        let run = start_in_shell(&dir2, &g.env_as(dir2.path(), term), &argv);
        run.first();
        run.key(b'Q');
        match run.key(b'y') {
            Wait::Key(s) => assert!(s.contains("You quit with 0 gold pieces"), "{term}:\n{}", s.dump()),
            Wait::Exited(st) => panic!("{term}: the quit ended at once (status {st})"),
        }
        assert_eq!(run.key(b'\r').status(), Some(0), "{term}: a quit exits 0");
        let s = run.t.wait_screen("the prompt", |s| s.contains("PROMPT$"));
        assert_scores_above_prompt(term, "quit", &s, entry);
    }
}

/// Backspace (tmux's BSpace, which sends DEL) erases in the call prompt
/// and in the options' name, under each terminal type: on tmux-256color
/// the keypad reads it as KEY_BACKSPACE (terminfo's kbs is DEL, the tty's
/// erase character), which the original turns into ^H, which erases
/// nothing.
#[test]
fn terminal_backspace_erases_in_line_prompts() {
    let g = load("g_moves");
    for term in TERMS {
        let dir = Scratch::new("bs");
        let run = Run { t: Tmux::start(dir.path(), 80, 24, &g.env_as(dir.path(), term), &g.argv()), in_shell: false };
        run.first();
        let at_key = |w: Wait, what: &str| match w {
            Wait::Key(s) => s,
            Wait::Exited(st) => panic!("{term}: the game ended (status {st}) at {what}"),
        };
        // `c`: call the starting mace something.
        at_key(run.key(b'c'), "c");
        let s = at_key(run.key(b'b'), "the item");
        assert_eq!(s.rows[0], "What do you want to call it?", "{term}:\n{}", s.dump());
        for k in [b'x', b'y'] {
            at_key(run.key(k), "a letter");
        }
        at_key(run.press("BSpace"), "Backspace");
        let s = at_key(run.key(b'z'), "a letter");
        assert_eq!(s.rows[0], "What do you want to call it? xz", "{term}: Backspace in the call prompt:\n{}", s.dump());
        assert_eq!(s.cursor, (0, 31), "{term}:\n{}", s.dump());
        at_key(run.key(b'\r'), "the end of the name");
        // The options' name: the eighth option.
        at_key(run.key(b'o'), "o");
        for _ in 0..7 {
            at_key(run.key(b'\r'), "the next option");
        }
        for k in [b'q', b'w'] {
            at_key(run.key(k), "a letter");
        }
        at_key(run.press("BSpace"), "Backspace");
        let s = at_key(run.key(b'e'), "a letter");
        assert_eq!(s.rows[7], "Name (\"name\"): qe", "{term}: Backspace in the options' name:\n{}", s.dump());
        let s = at_key(run.key(b'\r'), "the end of the name");
        assert_eq!(s.rows[7], "Name (\"name\"): qe", "{term}:\n{}", s.dump());
    }
}

/// A resize to 60x20 and back: while small the game says so; afterwards
/// the pane shows exactly what it showed (nothing lost, no "Illegal
/// command"), and the game goes on as recorded, so no turn passed.
#[test]
fn terminal_resize_loses_nothing() {
    let g = load("g_moves");
    let cut = hangup_point(&g, 40);
    for term in TERMS {
        let dir = Scratch::new("resize");
        let run = play_to_as(&dir, &g, &g.argv(), cut, term);
        let read = rchar(run.pid());
        run.t.run(&["resize-window", "-t", "rogue", "-x", "60", "-y", "20"]);
        run.t.wait_screen("the too-small message", |s| s.contains("Rogue needs 80x24"));
        run.t.run(&["resize-window", "-t", "rogue", "-x", "80", "-y", "24"]);
        let s = match run.wait_key(None, Instant::now()) {
            Wait::Key(s) => s,
            Wait::Exited(st) => panic!("{term}: the game ended (status {st}) at the resize"),
        };
        if let Some(d) = frame_diff(&g, cut, &s, 0..24, true) {
            panic!("{term}: after the resize the pane differs:\n{d}");
        }
        assert_eq!(rchar(run.pid()), read, "{term}: the game read something at the resize");
        for n in cut..(cut + 30).min(g.keys.len() - 3) {
            match run.key(g.keys[n]) {
                Wait::Key(s) => {
                    if let Some(d) = frame_diff(&g, n + 1, &s, 0..24, true) {
                        panic!("{term}: after the resize the game differs from the recording:\n{d}");
                    }
                }
                Wait::Exited(st) => panic!("{term}: the game ended (status {st})"),
            }
        }
    }
}
