//! What a new player meets first: the shell's prompt after a save and
//! after a replay (on a tmux pane, a shell in it, TERM=vt100 and
//! TERM=tmux-256color), `--record` and an existing file, and errors worded
//! as a player reads them.
//!
//! After `S` and `y` the original (5.4.4, ncurses) moves the cursor to the
//! last line and sends a newline before `endwin`: on vt100 the game's
//! screen stays, the prompt on the line under the status line. On a
//! terminal with an alternate screen its prompt then lands on the "Hello
//! ..." line and writes over it; the port keeps that line and puts the
//! prompt under it. A replay that runs out of keys mid-game ends the same
//! way.
//!
//! tmux is required: without it the terminal tests say "skipped" (and
//! fail under CI=true).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::pane::{Pane, has_tmux};

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rogue-rough-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// How long a screen must stay the same to count as settled.
const SETTLE: Duration = Duration::from_millis(200);

/// A shell on an 80x24 tmux pane of its own.
fn shell(dir: &Path, term: &str) -> Pane {
    let shell = format!(
        "env -i TERM={term} HOME={home} PATH=/usr/bin:/bin TZ=UTC ROGUEOPTS=name=Tester,file={home}/game.save \
         PS1='$ ' bash --norc --noprofile",
        home = dir.display()
    );
    let p = Pane::start(dir, term, &[&shell]);
    p.wait_for("the shell's prompt", SETTLE, |rows, _| rows[0] == "$");
    p
}

fn status_line(row: &str) -> bool {
    row.starts_with("Level: 1  Gold: 0      Hp: 12(12)")
}

/// How the prompt came back after the game left the terminal, by TERM.
fn check_left_clean(term: &str, rows: &[String], at: (usize, usize), cmd: &str) {
    if term == "vt100" {
        // No alternate screen: the game's screen stays, the prompt under
        // its status line (the cursor on the last line, a newline).
        assert_eq!(at.0, 23, "{term}:\n{}", rows.join("\n"));
        assert!(status_line(&rows[22]), "{term}: the status line is not above the prompt:\n{}", rows.join("\n"));
    } else {
        // The shell's screen again: the command, the Hello line whole,
        // the prompt under it.
        let hello = rows.iter().position(|r| r.starts_with("Hello Tester, just a moment while I dig the dungeon"));
        let hello = hello.unwrap_or_else(|| panic!("{term}: the Hello line is gone:\n{}", rows.join("\n")));
        assert_eq!(rows[hello], "Hello Tester, just a moment while I dig the dungeon...");
        assert!(rows[hello - 1].ends_with(cmd), "{term}:\n{}", rows.join("\n"));
        assert_eq!(at.0, hello + 1, "{term}: the prompt is not under the Hello line:\n{}", rows.join("\n"));
    }
}

#[test]
fn after_a_save_the_prompt_comes_back_as_the_original_leaves_it() {
    if !has_tmux("after_a_save_the_prompt_comes_back_as_the_original_leaves_it") {
        return;
    }
    for term in ["vt100", "tmux-256color"] {
        let cmd = format!("{} --seed 1", common::rogue_bin());
        // Short: ROGUEOPTS' file= holds so many bytes (as in the original).
        let dir = scratch(&format!("s{}", term.len()));
        let pane = shell(&dir, term);
        pane.line(&cmd);
        pane.wait_for("the game", SETTLE, |rows, _| status_line(&rows[23]));
        pane.keys("S");
        pane.wait_for("the save prompt", SETTLE, |rows, _| rows[0].starts_with("Save file ("));
        pane.keys("y");
        let (rows, at) = pane.wait_for("the prompt", SETTLE, |rows, at| rows[at.0] == "$" && at.1 == 2);
        check_left_clean(term, &rows, at, &cmd);
        // The file is written after the terminal is given back.
        let start = Instant::now();
        while !dir.join("game.save").exists() && start.elapsed() < Duration::from_secs(120) {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(
            dir.join("game.save").exists(),
            "{term}: no save in {:?}:\n{}",
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect::<Vec<_>>(),
            rows.join("\n")
        );
        drop(pane);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn after_a_replay_that_ends_mid_game_the_prompt_has_a_line_of_its_own() {
    if !has_tmux("after_a_replay_that_ends_mid_game_the_prompt_has_a_line_of_its_own") {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let golden = std::fs::read_to_string(root.join("oracle/cases/games/g_counts.case")).unwrap();
    let (head, _) = golden.split_once("\n\n").unwrap();
    let head: Vec<&str> = head
        .lines()
        .filter(|l| !l.starts_with("out-file") && !l.starts_with("keys:") && !l.starts_with("ends:"))
        .collect();
    for term in ["vt100", "tmux-256color"] {
        let dir = scratch(&format!("replay-{term}"));
        // The first keys of a golden game, as a record that stops there.
        let case = dir.join("mid.case");
        let text =
            format!("{}\nkeys: 6\nends: signal\n\n5s3j10\n", head.join("\n")).replace("user: rodney", "user: Tester");
        std::fs::write(&case, text).unwrap();
        let pane = shell(&dir, term);
        let cmd = format!("{} --replay mid.case --delay 1", common::rogue_bin());
        pane.line(&cmd);
        // Out of keys, the replay waits for one to end.
        pane.wait_for("the game", SETTLE, |rows, _| status_line(&rows[23]));
        pane.keys("x");
        let (rows, at) = pane.wait_for("the prompt", SETTLE, |rows, at| rows[at.0] == "$" && at.1 == 2);
        check_left_clean(term, &rows, at, &cmd);
        drop(pane);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn record_keeps_an_existing_file_unless_forced() {
    let dir = scratch("record");
    let case = dir.join("run.case");
    std::fs::write(&case, b"a game of mine\n").unwrap();
    let o = Command::new(common::rogue_bin()).arg("--record").arg("run.case").current_dir(&dir).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "rogue: run.case: File exists (--force replaces it)\n");
    assert!(o.stdout.is_empty(), "the terminal was not touched");
    assert_eq!(std::fs::read(&case).unwrap(), b"a game of mine\n");
    // A dangling symbolic link is a file too.
    std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("link.case")).unwrap();
    let o = Command::new(common::rogue_bin()).args(["--record", "link.case"]).current_dir(&dir).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(!dir.join("nowhere").exists());
    // --force: the record is made (here, -s: the score list, no terminal).
    let o = Command::new(common::rogue_bin())
        .args(["--record", "run.case", "--force", "-s", "--score-file", "s.scr"])
        .current_dir(&dir)
        .env("TERM", "vt100")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read_to_string(&case).unwrap().starts_with("kind: scores\nname: run\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn file_errors_are_worded_as_a_player_reads_them() {
    let dir = scratch("errors");
    let run = |args: &[&str]| {
        let o = Command::new(common::rogue_bin()).args(args).current_dir(&dir).env("TERM", "vt100").output().unwrap();
        (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
    };
    assert_eq!(
        run(&["--replay", "missing.case"]),
        (Some(1), "rogue: missing.case: No such file or directory\n".into())
    );
    assert_eq!(
        run(&["--record", "no/such/dir/run.case"]),
        (Some(1), "rogue: no/such/dir/run.case: No such file or directory\n".into())
    );
    std::fs::write(dir.join("levels.case"), "kind: levels\nname: levels\n\n").unwrap();
    assert_eq!(
        run(&["--replay", "levels.case"]),
        (Some(1), "rogue: levels.case: a levels case is not a game\n".into())
    );
    for (code, err) in [run(&["--replay", "missing.case"]), run(&["--record", "no/such/dir/run.case"])] {
        assert!(code == Some(1) && !err.contains("os error"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
