//! `rogue-trace --asciicast` and `--ttyrec` (doc/RECORDINGS.md): golden
//! game cases written as recordings and played back by terminal
//! emulators, every screen compared with the golden's frames:
//!
//! * pyte (tests/playback.py) after every event of both formats: text,
//!   standout and cursor, the golden's frames less its repeats;
//! * the real players, asciinema (`asciinema cat`) and ttyrec (`ttyplay
//!   -n`), on a tmux pane under TERM=vt100 and xterm-256color: the last
//!   screen, text and cursor.
//!
//! Without python3 and pyte, or tmux, asciinema and ttyplay, these tests
//! say "skipped", and fail under CI=true (CI installs them).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

mod common;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Skip a test that cannot run here (a failure on CI, which installs
/// what it needs).
fn cannot_run(why: &str) {
    assert!(std::env::var("CI").as_deref() != Ok("true"), "{why} (CI installs it)");
    eprintln!("skipped: {why}");
}

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rogue-recordings-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Every `step`th golden case of the whole-program kinds.
fn some_cases(step: usize) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for kind in ["games", "saves", "scores", "wizard"] {
        let dir = root().join("oracle/cases").join(kind);
        let cases = rogue::case::case_paths(&dir).unwrap();
        out.extend(cases.into_iter().step_by(step));
    }
    out
}

/// Write `case` as both recordings in `dir`; their paths.
fn export(case: &Path, dir: &Path, extra: &[&str]) -> (PathBuf, PathBuf) {
    let name = case.file_stem().unwrap().to_string_lossy().into_owned();
    let (cast, tty) = (dir.join(format!("{name}.cast")), dir.join(format!("{name}.ttyrec")));
    let out = Command::new(common::trace_bin())
        .arg("--asciicast")
        .arg(&cast)
        .arg("--ttyrec")
        .arg(&tty)
        .args(extra)
        .arg(case)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}: {}", case.display(), String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
    (cast, tty)
}

fn has_pyte() -> bool {
    Command::new("python3").args(["-c", "import pyte"]).output().is_ok_and(|o| o.status.success())
}

#[test]
fn pyte_plays_both_formats_as_the_goldens_frames() {
    if !has_pyte() {
        return cannot_run("python3 with pyte is not installed (pip install pyte)");
    }
    let dir = scratch("pyte");
    let mut args: Vec<PathBuf> = Vec::new();
    for case in some_cases(5) {
        let (cast, tty) = export(&case, &dir, &[]);
        let expected = case.with_extension("expected");
        args.extend([expected.clone(), cast, expected, tty]);
    }
    let out = Command::new("python3").arg(root().join("tests/playback.py")).args(&args).output().unwrap();
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_headers_and_the_pace() {
    let dir = scratch("headers");
    let case = root().join("oracle/cases/games/g_counts.case");
    let (cast, tty) = export(&case, &dir, &["--delay", "40"]);
    let text = std::fs::read_to_string(&cast).unwrap();
    let mut lines = text.lines();
    let head = lines.next().unwrap();
    for field in [
        "\"version\": 2",
        "\"width\": 80",
        "\"height\": 24",
        "\"timestamp\": 1703196800",
        "\"env\": {\"TERM\": \"vt100\"",
    ] {
        assert!(head.contains(field), "{head}");
    }
    // Every event's time is a whole number of 40 ms frames, in order.
    let times: Vec<f64> =
        lines.map(|l| l.trim_start_matches('[').split(',').next().unwrap().parse().unwrap()).collect();
    assert!(times.len() > 10 && times[0] == 0.0);
    assert!(times.windows(2).all(|w| w[0] < w[1]));
    assert!(times.iter().all(|t| ((t * 1000.0).round() as u64).is_multiple_of(40)), "{times:?}");
    // ttyrec: the same events at the same times from the record's time.
    let bytes = std::fs::read(&tty).unwrap();
    let (mut at, mut n) = (0, 0);
    while at < bytes.len() {
        let word = |i: usize| u32::from_le_bytes(bytes[at + i..at + i + 4].try_into().unwrap());
        let ms = u64::from(word(0) - 1_703_196_800) * 1000 + u64::from(word(4)) / 1000;
        assert_eq!(ms, (times[n] * 1000.0).round() as u64);
        at += 12 + word(8) as usize;
        n += 1;
    }
    assert_eq!((at, n), (bytes.len(), times.len()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_command_lines_and_cases_are_refused() {
    let run = |args: &[&str]| Command::new(common::trace_bin()).args(args).current_dir(root()).output().unwrap();
    let o = run(&["--asciicast", "/nonexistent/x.cast", "oracle/cases/games/g_counts.case"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "rogue-trace: /nonexistent/x.cast: No such file or directory\n");
    let o = run(&["missing.case"]);
    assert_eq!(String::from_utf8_lossy(&o.stderr), "rogue-trace: missing.case: No such file or directory\n");
    let levels = rogue::case::case_paths(&root().join("oracle/cases/levels")).unwrap();
    let o = run(&["--ttyrec", "/dev/null", levels[0].to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("a levels case has no screens to record"));
    for bad in [&["--delay", "5", "x.case"][..], &["--delay"], &[], &["a", "b"], &["--bogus", "x"]] {
        let o = run(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
    assert!(run(&["--help"]).status.success());
    assert!(String::from_utf8_lossy(&run(&["--version"]).stdout).starts_with("rogue-trace "));
}

/// The golden's last screen: its rows (trailing blanks removed) and cursor.
fn last_screen(expected: &Path) -> (Vec<String>, (u32, u32)) {
    let text = std::fs::read(expected).unwrap();
    let text: String = text.iter().map(|&b| char::from(b)).collect();
    let mut rows = vec![String::new(); 24];
    let mut cursor = (0, 0);
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("F ") {
            let yx = rest.split(' ').nth(2).unwrap();
            let (y, x) = yx.split_once(',').unwrap();
            cursor = (y.parse().unwrap(), x.parse().unwrap());
        } else if let Some(rest) = line.strip_prefix("R ") {
            let (y, t) = rest.split_once(' ').unwrap_or((rest, ""));
            rows[y.parse::<usize>().unwrap()] = t.to_string();
        }
    }
    (rows, cursor)
}

fn tool(name: &str) -> bool {
    Command::new("sh").args(["-c", &format!("command -v {name}")]).output().is_ok_and(|o| o.status.success())
}

#[test]
fn asciinema_and_ttyplay_show_the_last_frame() {
    for t in ["tmux", "asciinema", "ttyplay"] {
        if !tool(t) {
            return cannot_run(&format!("no {t} (Debian: tmux, asciinema, ttyrec)"));
        }
    }
    let dir = scratch("players");
    let mut run = 0;
    let cases = ["games/g_counts", "scores/sc_a02_first_game", "games/g_descend"];
    for case in cases {
        let case = root().join("oracle/cases").join(format!("{case}.case"));
        if !case.exists() {
            continue;
        }
        let (cast, tty) = export(&case, &dir, &["--delay", "1"]);
        let (rows, cursor) = last_screen(&case.with_extension("expected"));
        for term in ["vt100", "xterm-256color"] {
            for player in [format!("asciinema cat {}", cast.display()), format!("ttyplay -n {}", tty.display())] {
                // A server of its own each time: one just killed may still
                // hold its socket.
                run += 1;
                let socket = dir.join(format!("tmux{run}.sock"));
                let done = dir.join("done");
                let _ = std::fs::remove_file(&done);
                let cmd = format!("TERM={term} {player}; touch {}; sleep 60", done.display());
                let o = Command::new("tmux")
                    .arg("-S")
                    .arg(&socket)
                    .args(["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", &cmd])
                    .output()
                    .unwrap();
                assert!(o.status.success(), "tmux: {}", String::from_utf8_lossy(&o.stderr));
                let start = std::time::Instant::now();
                while !done.exists() && start.elapsed() < Duration::from_secs(120) {
                    std::thread::sleep(Duration::from_millis(50));
                }
                std::thread::sleep(Duration::from_millis(200));
                let tmux = |args: &[&str]| {
                    let o = Command::new("tmux").arg("-S").arg(&socket).args(args).output().unwrap();
                    String::from_utf8_lossy(&o.stdout).into_owned()
                };
                let pane: Vec<String> =
                    tmux(&["capture-pane", "-p"]).lines().map(|l| l.trim_end().to_string()).collect();
                let at = tmux(&["display", "-p", "#{cursor_y},#{cursor_x}"]);
                let _ = Command::new("tmux").arg("-S").arg(&socket).arg("kill-server").status();
                let mut pane = pane;
                pane.resize(24, String::new());
                assert_eq!(pane, rows, "{player} under {term}");
                assert_eq!(at.trim(), format!("{},{}", cursor.0, cursor.1), "{player} under {term}: the cursor");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
