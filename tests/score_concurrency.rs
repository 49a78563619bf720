//! The score file under concurrent games: many processes posting to one
//! `rogue.scr` at the same moment lose no score that belongs in the top
//! ten, and the file reads back cleanly; the lock file (`rogue.lck`) makes
//! a poster wait while it is fresh and is broken when it is more than 10
//! seconds old.
//!
//! Each poster is a real process: `rogue-trace --score-file FILE` running a
//! `rogue -d` case (a random death that posts a real score), the case
//! written here with its own user, pid and so seed. What each poster posts
//! is learnt first by running its case alone, in this process.

mod common;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rogue::game::score::{FILE_LEN, NUMSCORES, ScoreEntry, rd_score, wr_score};
use rogue::trace::{self, RunOptions};

/// Writers per round.
const WRITERS: usize = 50;

fn oracle(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases").join(rel)
}

/// A fresh folder for one test.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rogue-score-conc-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
}

/// Write a `rogue -d` case for user `user` (FORMAT-games.md §1) into
/// `dir`; its clock is `time` (the real time, so that the lock's
/// staleness rule sees real ages).
fn demo_case(dir: &Path, user: &str, time: i64, pid: i32) -> PathBuf {
    let seed = (time as i32).wrapping_add(pid);
    let text = format!(
        "kind: scores\nname: {user}\nseed: {seed}\ntime: {time}\npid: {pid}\nuid: 1000\ngid: 1000\n\
         user: {user}\nhome: /home/{user}/\ncwd: /home/{user}\nterm: vt100\nlines: 24\ncols: 80\n\
         tz: UTC\nargs: -d\nkeys: 2\nends: death\n\n\\n\\n\n"
    );
    let path = dir.join(format!("{user}.case"));
    std::fs::write(&path, text).unwrap();
    path
}

/// The entries of a score file, which must read back cleanly.
fn read_scores(bytes: &[u8]) -> [ScoreEntry; NUMSCORES] {
    let mut top: [ScoreEntry; NUMSCORES] = Default::default();
    rd_score(bytes, &mut top).unwrap_or_else(|e| panic!("the score file does not read back: {e}"));
    if !bytes.is_empty() {
        assert_eq!(wr_score(&top), bytes, "the score file is not what wr_score writes for its entries");
    }
    top
}

/// The real entries of a list (the list stops at the first score 0).
fn real(top: &[ScoreEntry]) -> Vec<ScoreEntry> {
    top.iter().take_while(|e| e.score != 0).cloned().collect()
}

/// One poster: its case and the entry it posts.
struct Poster {
    case: PathBuf,
    entry: ScoreEntry,
}

/// Write `n` demo cases (their clock at `time`) and learn each one's entry by running it alone
/// (in this process, on a score file of its own).
fn posters(dir: &Path, tag: &str, n: usize, time: i64) -> Vec<Poster> {
    (0..n)
        .map(|i| {
            let user = format!("{tag}{i:02}");
            let case = demo_case(dir, &user, time, 41_000 + (i as i32) * 7919);
            let alone = dir.join(format!("{user}.alone.scr"));
            let opts = RunOptions { out_dir: None, score_file: Some(alone.clone()) };
            let out = trace::run_path(&case, &opts).unwrap();
            assert!(out.contains(" status=0\n"), "{user}: the demo did not end well:\n{out}");
            let list = real(&read_scores(&std::fs::read(&alone).unwrap()));
            assert_eq!(list.len(), 1, "{user}: one entry posted");
            assert_eq!(list[0].name_str(), user.as_bytes());
            Poster { case, entry: list[0].clone() }
        })
        .collect()
}

fn spawn_poster(case: &Path, score_file: &Path) -> Child {
    Command::new(common::trace_bin())
        .arg("--score-file")
        .arg(score_file)
        .arg(case)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// A poster that starts only when its standard input is closed: a shell
/// waits at a read, then becomes `rogue-trace`. Closing all their inputs
/// at once starts them all together, lock or no lock.
fn spawn_gated(case: &Path, score_file: &Path) -> Child {
    Command::new("/bin/sh")
        .arg("-c")
        .arg("read _ ; exec \"$0\" --score-file \"$1\" \"$2\" </dev/null")
        .arg(common::trace_bin())
        .arg(score_file)
        .arg(case)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Wait for a poster; it must have run its case to the end: the demo's
/// death, the list, exit status 0.
fn finish(child: Child, case: &Path) {
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}: rogue-trace failed: {}\n{}",
        case.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("Top Ten Scores:"), "{}: no score list:\n{stdout}", case.display());
    assert!(stdout.contains(" status=0\n"), "{}: the demo did not end well:\n{stdout}", case.display());
    assert!(stdout.ends_with("END exit\n"), "{}:\n{stdout}", case.display());
}

/// What a file must hold after everyone posted: the ten best of the
/// entries that were there and those posted, each once; an entry whose
/// score beats the tenth best is never lost. Ties at the tenth place may go
/// either way (the later poster of an equal score goes below).
fn check_top_ten(bytes: &[u8], before: &[ScoreEntry], posted: &[ScoreEntry]) {
    assert_eq!(bytes.len(), FILE_LEN, "a full score file");
    let top = read_scores(bytes);
    let list = real(&top);
    let mut all: Vec<&ScoreEntry> = before.iter().chain(posted).collect();
    all.sort_by_key(|e| std::cmp::Reverse(e.score));
    let best: Vec<i32> = all.iter().take(NUMSCORES).map(|e| e.score).collect();
    // Every entry is one that was there or was posted, and none twice.
    let mut used = vec![false; all.len()];
    for e in &list {
        let i = (0..all.len())
            .find(|&i| !used[i] && all[i] == e)
            .unwrap_or_else(|| panic!("entry {:?} ({}) was never posted, or is there twice", e.name_str(), e.score));
        used[i] = true;
    }
    let tenth = *best.last().unwrap();
    let lost: Vec<String> = all
        .iter()
        .zip(&used)
        .filter(|(e, u)| e.score >= tenth && !**u)
        .map(|(e, _)| format!("{} ({})", String::from_utf8_lossy(e.name_str()), e.score))
        .collect();
    let got: Vec<i32> = list.iter().map(|e| e.score).collect();
    // Ties at the tenth place may go either way; anything better may not.
    let beaten = all.iter().zip(&used).filter(|(e, u)| e.score > tenth && !**u).count();
    assert!(
        beaten == 0 && got == best,
        "{beaten} entries that beat the tenth best ({tenth}) are missing; the file has {got:?}, the ten best \
         are {best:?}; not in the file: {lost:?}"
    );
    // Below the real entries, only the filler's noise, score 0.
    assert!(top[list.len()..].iter().all(|e| e.score == 0));
}

/// The processes whose open files include `file` (Linux's /proc); `None`
/// where there is no /proc.
fn have_open(children: &[Child], file: &Path) -> Option<usize> {
    if !Path::new("/proc/self/fd").exists() {
        return None;
    }
    let file = file.canonicalize().ok()?;
    Some(
        children
            .iter()
            .filter(|c| {
                std::fs::read_dir(format!("/proc/{}/fd", c.id()))
                    .map(|rd| {
                        rd.filter_map(|e| e.ok()).any(|e| std::fs::read_link(e.path()).ok().as_ref() == Some(&file))
                    })
                    .unwrap_or(false)
            })
            .count(),
    )
}

/// Fifty games post at once, twice: once released together from a lock
/// the test holds (all of them are running and none has posted when it
/// goes), once simply started together.
#[test]
fn fifty_posters_lose_nothing() {
    let started = Instant::now();
    let dir = scratch("fifty");
    // A fixed clock: the same scores every time. No lock here is ever
    // stale by it (they are all younger than the clock says).
    let cases = posters(&dir, "p", 2 * WRITERS, 1_751_840_000);
    let (first, second) = cases.split_at(WRITERS);
    let learnt = started.elapsed();

    // Round 1: the lock is held while all fifty start; they pile up
    // behind it and race for it when it goes.
    let golden = std::fs::read(oracle("scores/sc_a07_list.in.scr")).unwrap();
    let before = real(&read_scores(&golden));
    assert_eq!(before.len(), 4);
    let shared = dir.join("round1");
    std::fs::create_dir(&shared).unwrap();
    let scr = shared.join("rogue.scr");
    let lck = shared.join("rogue.lck");
    std::fs::write(&scr, &golden).unwrap();
    File::create(&lck).unwrap();
    let round = Instant::now();
    let children: Vec<Child> = first.iter().map(|p| spawn_poster(&p.case, &scr)).collect();
    // Every poster has the score file open (it opens it first thing) and
    // has had time to reach the lock.
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut children = children;
    while have_open(&children, &scr).is_some_and(|n| n < WRITERS)
        && Instant::now() < deadline
        && children.iter_mut().all(|c| c.try_wait().unwrap().is_none())
    {
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    let running = children.iter_mut().map(|c| c.try_wait().unwrap()).filter(Option::is_none).count();
    assert_eq!(running, WRITERS, "every poster waits for the lock");
    assert_eq!(std::fs::read(&scr).unwrap(), golden, "nobody wrote without the lock");
    std::fs::remove_file(&lck).unwrap();
    for (c, p) in children.into_iter().zip(first) {
        finish(c, &p.case);
    }
    let round1 = round.elapsed();
    assert!(!lck.exists(), "the lock is given back");
    let posted: Vec<ScoreEntry> = first.iter().map(|p| p.entry.clone()).collect();
    check_top_ten(&std::fs::read(&scr).unwrap(), &before, &posted);

    // Round 2: all fifty started at once through a gate of their own (so
    // that they overlap even where there were no lock), on a fuller file.
    let golden = std::fs::read(oracle("scores/sc_b08_demo08.in.scr")).unwrap();
    let before = real(&read_scores(&golden));
    assert_eq!(before.len(), 7);
    let shared = dir.join("round2");
    std::fs::create_dir(&shared).unwrap();
    let scr = shared.join("rogue.scr");
    std::fs::write(&scr, &golden).unwrap();
    let round = Instant::now();
    let mut children: Vec<Child> = second.iter().map(|p| spawn_gated(&p.case, &scr)).collect();
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(std::fs::read(&scr).unwrap(), golden, "nobody started before the gate opened");
    let gates: Vec<_> = children.iter_mut().map(|c| c.stdin.take().unwrap()).collect();
    drop(gates);
    for (c, p) in children.into_iter().zip(second) {
        finish(c, &p.case);
    }
    let round2 = round.elapsed();
    assert!(!shared.join("rogue.lck").exists(), "the lock is given back");
    let posted: Vec<ScoreEntry> = second.iter().map(|p| p.entry.clone()).collect();
    check_top_ten(&std::fs::read(&scr).unwrap(), &before, &posted);

    eprintln!(
        "score_concurrency: {} demos learnt in {learnt:?}; {WRITERS} writers behind a held lock in {round1:?}, \
         {WRITERS} free writers in {round2:?}",
        2 * WRITERS
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Leave a lock file last modified `age` seconds ago.
fn plant_lock(lck: &Path, age: u64) {
    let f = File::create(lck).unwrap();
    f.set_modified(SystemTime::now() - Duration::from_secs(age)).unwrap();
}

/// A lock left behind more than 10 seconds ago (a game that died while
/// writing) is broken and the score posted.
#[test]
fn a_stale_lock_is_broken() {
    let dir = scratch("stale");
    let p = posters(&dir, "s", 1, now()).pop().unwrap();
    let scr = dir.join("rogue.scr");
    let lck = dir.join("rogue.lck");
    plant_lock(&lck, 30);
    let start = Instant::now();
    finish(spawn_poster(&p.case, &scr), &p.case);
    assert!(start.elapsed() < Duration::from_secs(5), "the stale lock was not waited for");
    assert!(!lck.exists(), "the broken lock is not left behind");
    check_top_ten(&std::fs::read(&scr).unwrap(), &[], &[p.entry]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fresh lock (another game writing its score) makes the poster wait;
/// when it goes, the score is posted. One a few seconds old is fresh too.
#[test]
fn a_fresh_lock_is_waited_for() {
    let dir = scratch("fresh");
    let all = posters(&dir, "f", 2, now());
    let golden = std::fs::read(oracle("scores/sc_a07_list.in.scr")).unwrap();
    let before = real(&read_scores(&golden));
    let scr = dir.join("rogue.scr");
    let lck = dir.join("rogue.lck");
    std::fs::write(&scr, &golden).unwrap();
    for (p, age) in all.iter().zip([0, 5]) {
        let old = std::fs::read(&scr).unwrap();
        plant_lock(&lck, age);
        let start = Instant::now();
        let mut child = spawn_poster(&p.case, &scr);
        std::thread::sleep(Duration::from_millis(400));
        assert!(child.try_wait().unwrap().is_none(), "a lock {age} s old was not waited for");
        assert_eq!(std::fs::read(&scr).unwrap(), old, "written while another game held the lock");
        std::fs::remove_file(&lck).unwrap();
        finish(child, &p.case);
        assert!(start.elapsed() >= Duration::from_millis(400));
        assert!(!lck.exists());
    }
    let posted: Vec<ScoreEntry> = all.iter().map(|p| p.entry.clone()).collect();
    check_top_ten(&std::fs::read(&scr).unwrap(), &before, &posted);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `rogue-trace --score-file` wants an absolute path (a relative one would
/// be taken from the tracer's own working directory, not the run's
/// folder). The path named here could not be opened if it were taken.
#[test]
fn score_file_must_be_absolute() {
    let dir = scratch("relative");
    let p = posters(&dir, "r", 1, now()).pop().unwrap();
    let opts = RunOptions { out_dir: None, score_file: Some(PathBuf::from("no-such-folder/rogue.scr")) };
    assert!(trace::run_path(&p.case, &opts).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
