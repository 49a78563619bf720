//! The score file (`rogue.scr`): save.c's rd_score and wr_score, the
//! original's XOR cipher, mach_dep.c's open_score and lock.
//!
//! Ten entries, each the 1024-byte name array and a 100-byte text line,
//! each piece enciphered on its own (FORMAT-games.md §4.4). The reader is
//! strict where the original reads anything: a file that is not exactly
//! what 5.4.4 writes is refused with a message and left as it is.

use crate::host::os_error_text;
use std::fmt;
use std::io::{Read, Seek, SeekFrom, Write};

use crate::game::Game;
use crate::game::consts::*;

/// `numscores`.
pub const NUMSCORES: usize = 10;
/// Bytes of one entry in the file.
const ENTRY_LEN: usize = MAXSTR + LINE_LEN;
/// The text line of an entry.
const LINE_LEN: usize = 100;
/// The whole file.
pub const FILE_LEN: usize = NUMSCORES * ENTRY_LEN;

/// `struct sc_ent`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreEntry {
    pub uid: u32,
    pub score: i32,
    pub flags: u32,
    pub monster: u16,
    pub name: [u8; MAXSTR],
    pub level: i32,
    pub time: u32,
}

impl Default for ScoreEntry {
    fn default() -> Self {
        ScoreEntry { uid: 0, score: 0, flags: 0, monster: 0, name: [0; MAXSTR], level: 0, time: 0 }
    }
}

impl ScoreEntry {
    /// The name as a C string.
    pub fn name_str(&self) -> &[u8] {
        &self.name[..self.name.iter().position(|&b| b == 0).unwrap_or(MAXSTR)]
    }

    /// The text line `wr_score` writes.
    fn line(&self) -> String {
        format!(" {} {} {} {} {} {:x} \n", self.uid, self.score, self.flags, self.monster, self.level, self.time)
    }
}

/// Why a score file cannot be used.
#[derive(Debug)]
pub enum ScoreError {
    Io(std::io::Error),
    /// Not the length of a 5.4.4 score file.
    Length(usize),
    /// Entry `n` (from 1) does not read back as 5.4.4 writes it.
    Entry(usize),
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::Io(e) => write!(f, "cannot read the score file: {}", os_error_text(e)),
            ScoreError::Length(n) => {
                write!(f, "not a Rogue 5.4.4 score file (it has {n} bytes; a score file has 0 or {FILE_LEN})")
            }
            ScoreError::Entry(n) => write!(f, "damaged score file (entry {n} of {NUMSCORES} is unreadable)"),
        }
    }
}

impl std::error::Error for ScoreError {}

/// `encwrite`/`encread`: the XOR cipher of save and score files, its key
/// streams restarting for every piece. The feedback byte depends on the
/// keys only, so the same function enciphers and deciphers.
pub fn xor_cipher(data: &mut [u8]) {
    // The stream depends on the position only: made once, it is a plain
    // XOR (every score file goes through here three times a game).
    static STREAM: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let stream = STREAM.get_or_init(|| {
        let mut s = vec![0u8; 4096];
        key_stream(&mut s);
        s
    });
    if data.len() <= stream.len() {
        data.iter_mut().zip(stream).for_each(|(b, k)| *b ^= k);
    } else {
        key_stream(data);
    }
}

/// XOR `data` with the cipher's key stream from its start.
fn key_stream(data: &mut [u8]) {
    let (e1, e2) = (ENCSTR, STATLIST);
    let (mut i1, mut i2) = (0usize, 0usize);
    let mut fb: u8 = 0;
    for b in data.iter_mut() {
        *b ^= e1[i1] ^ e2[i2] ^ fb;
        // The feedback is the keys' product as C chars, summed as a char.
        let temp = e1[i1] as i8 as i32;
        fb = fb.wrapping_add((temp.wrapping_mul(e2[i2] as i8 as i32)) as u8);
        i1 += 1;
        i2 += 1;
        if i1 == e1.len() {
            i1 = 0;
        }
        if i2 == e2.len() {
            i2 = 0;
        }
    }
}

/// Parse one deciphered text line strictly: it must be exactly what
/// `wr_score` would write for the values it holds.
fn parse_line(line: &[u8; LINE_LEN]) -> Option<(u32, i32, u32, u16, i32, u32)> {
    let end = line.iter().position(|&b| b == 0).unwrap_or(LINE_LEN);
    if line[end..].iter().any(|&b| b != 0) {
        return None;
    }
    let text = std::str::from_utf8(&line[..end]).ok()?;
    let mut it = text.split(' ');
    if !it.next()?.is_empty() {
        return None;
    }
    let uid: u32 = it.next()?.parse().ok()?;
    let score: i32 = it.next()?.parse().ok()?;
    let flags: u32 = it.next()?.parse().ok()?;
    let monster: u16 = it.next()?.parse().ok()?;
    let level: i32 = it.next()?.parse().ok()?;
    let time = u32::from_str_radix(it.next()?, 16).ok()?;
    let e = ScoreEntry { uid, score, flags, monster, level, time, ..ScoreEntry::default() };
    (e.line() == text).then_some((uid, score, flags, monster, level, time))
}

// DEVIATION: the C reads a damaged or foreign score file as whatever it holds; the port refuses it and leaves it unchanged; test: score_mutation::mutants_of_every_golden_score_file
/// `rd_score`: read the file's entries over `top` (which holds the
/// filler). An empty file leaves the filler.
pub fn rd_score(bytes: &[u8], top: &mut [ScoreEntry; NUMSCORES]) -> Result<(), ScoreError> {
    if bytes.is_empty() {
        return Ok(());
    }
    if bytes.len() != FILE_LEN {
        return Err(ScoreError::Length(bytes.len()));
    }
    let mut read = top.clone();
    for (i, entry) in read.iter_mut().enumerate() {
        let at = i * ENTRY_LEN;
        let mut name = [0u8; MAXSTR];
        name.copy_from_slice(&bytes[at..at + MAXSTR]);
        xor_cipher(&mut name);
        let mut line = [0u8; LINE_LEN];
        line.copy_from_slice(&bytes[at + MAXSTR..at + ENTRY_LEN]);
        xor_cipher(&mut line);
        let (uid, score, flags, monster, level, time) = parse_line(&line).ok_or(ScoreError::Entry(i + 1))?;
        // A real entry's name is printable text padded with zeros
        // (strncpy of the player's name) and its reason one of the four;
        // only empty entries hold noise.
        if score != 0 {
            if flags > 3 {
                return Err(ScoreError::Entry(i + 1));
            }
            let n = name.iter().position(|&b| b == 0).unwrap_or(MAXSTR);
            if !name[..n].iter().all(|&b| (0x20..0x7f).contains(&b)) || name[n..].iter().any(|&b| b != 0) {
                return Err(ScoreError::Entry(i + 1));
            }
        }
        *entry = ScoreEntry { uid, score, flags, monster, name, level, time };
    }
    *top = read;
    Ok(())
}

/// `wr_score`: the file's bytes for a list.
pub fn wr_score(top: &[ScoreEntry; NUMSCORES]) -> Vec<u8> {
    let mut out = Vec::with_capacity(FILE_LEN);
    for e in top {
        let mut name = e.name;
        xor_cipher(&mut name);
        out.extend_from_slice(&name);
        let mut line = [0u8; LINE_LEN];
        let text = e.line();
        let n = text.len().min(LINE_LEN);
        line[..n].copy_from_slice(&text.as_bytes()[..n]);
        xor_cipher(&mut line);
        out.extend_from_slice(&line);
    }
    out
}

/// The score file's name (`SCOREFILE`), relative to the working directory
/// as the original's default build has it; a packager sets another with
/// ROGUE_SCOREFILE at build time (the `var-games` feature: the Debian
/// package's).
pub const SCOREFILE: &str = match option_env!("ROGUE_SCOREFILE") {
    Some(p) => p,
    None if cfg!(feature = "var-games") => "/var/games/rogue.scr",
    None => "rogue.scr",
};

/// The lock file (`LOCKFILE`), next to the score file.
pub const LOCKFILE: &str = match option_env!("ROGUE_LOCKFILE") {
    Some(p) => p,
    None if cfg!(feature = "var-games") => "/var/games/rogue.lck",
    None => "rogue.lck",
};

/// The lock file for a score file named at run time (`--score-file`): the
/// lock's file name (`LOCKFILE`'s last part) in the score file's folder, so
/// that every game posting to one file takes the same lock wherever it
/// runs. A score file that itself bears the lock's name gets
/// `NAME.lck` instead, so the lock is never the score file.
pub fn lock_path_for(score_path: &[u8]) -> Vec<u8> {
    let lock_name = match LOCKFILE.rsplit_once('/') {
        Some((_, n)) => n.as_bytes(),
        None => LOCKFILE.as_bytes(),
    };
    let (dir, name) = match score_path.iter().rposition(|&b| b == b'/') {
        Some(i) => score_path.split_at(i + 1),
        None => (&[][..], score_path),
    };
    let mut out = dir.to_vec();
    if name == lock_name {
        out.extend_from_slice(name);
        out.extend_from_slice(b".lck");
    } else {
        out.extend_from_slice(lock_name);
    }
    out
}

/// `open_score`'s open: the score file for reading and writing, created
/// (mode 0664) when it is missing; a regular file only.
pub fn open_score_file(host: &dyn crate::host::Host, path: &[u8]) -> std::io::Result<std::fs::File> {
    match host.open_rw(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let f = host.create_rw(path)?;
            let _ = host.chmod(path, 0o664);
            Ok(f)
        }
        r => r,
    }
}

/// Why the score file could not be locked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LockFailure {
    /// Someone else held it for the whole minute the game waits.
    Busy,
    /// A hangup or SIGTERM came while waiting: the process is to end.
    Signal,
}

impl Game {
    /// Text for standard error, which is the terminal too.
    pub fn eprint(&mut self, text: &str) {
        self.rt.scr.eprint_raw(text.as_bytes());
    }

    /// `open_score`: open the score file for reading and writing, creating
    /// it (mode 0664) when it is missing. Failing is not fatal: the game is
    /// played and its score not kept, as in the original. A file the
    /// caller opened already (the shipped `rogue` opens the system score
    /// file itself, before it gives up its group) is kept. Only a regular
    /// file is opened (a FIFO or a device is "not a regular file").
    pub fn open_score(&mut self) {
        if self.rt.scoreboard.0.is_some() {
            return;
        }
        let path = self.cfg.score_path.clone();
        match open_score_file(self.rt.host.as_ref(), &path) {
            Ok(f) => self.rt.scoreboard.0 = Some(f.into()),
            Err(e) => self.eprint(&format!(
                "Could not open {} for writing: {}\n",
                String::from_utf8_lossy(&path),
                os_error_text(&e)
            )),
        }
    }

    /// `open_score` for `rogue -s`, which only reads the list: a score file
    /// the player may read but not write is listed (it is opened to read
    /// only, and nothing is said), as a server's players read its shared
    /// list.
    // DEVIATION: the C opens the score file to write for `-s` too, so a file it can only read is shown as an empty list with "Could not open ... for writing"; test: serving::scores_list_from_a_file_the_player_cannot_write
    pub fn open_score_to_list(&mut self) {
        if self.rt.scoreboard.0.is_some() {
            return;
        }
        let path = self.cfg.score_path.clone();
        if let Ok(f) = open_score_file(self.rt.host.as_ref(), &path).or_else(|_| self.rt.host.open_read(&path)) {
            self.rt.scoreboard.0 = Some(f.into());
            return;
        }
        self.open_score();
    }

    /// The score file's bytes. A file longer than a real one is refused by
    /// its length, without reading it (it may be huge).
    pub fn read_score_file(&mut self) -> Result<Vec<u8>, ScoreError> {
        let Some(mut f) = self.rt.scoreboard.0.as_deref() else { return Ok(Vec::new()) };
        let len = f.metadata().map_err(ScoreError::Io)?.len();
        if len > FILE_LEN as u64 {
            return Err(ScoreError::Length(usize::try_from(len).unwrap_or(usize::MAX)));
        }
        f.seek(SeekFrom::Start(0)).map_err(ScoreError::Io)?;
        let mut buf = Vec::with_capacity(FILE_LEN + 1);
        f.take(FILE_LEN as u64 + 1).read_to_end(&mut buf).map_err(ScoreError::Io)?;
        Ok(buf)
    }

    /// Write the whole list over the file.
    pub fn write_score_file(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let Some(mut f) = self.rt.scoreboard.0.as_deref() else { return Ok(()) };
        f.seek(SeekFrom::Start(0))?;
        f.write_all(bytes)?;
        f.flush()
    }

    // DEVIATION: the C's lock opens the lock file whether it exists or not; the port excludes for real, breaks stale locks and flocks the file; test: score_concurrency::fifty_posters_lose_nothing, score_concurrency::a_stale_lock_is_broken
    /// `lock_sc`: take the score file's lock. The original's lock does not
    /// exclude anything (it opens the lock file whether or not it exists);
    /// the port creates it exclusively, waits for another game's lock, and
    /// breaks a lock left behind more than 10 seconds ago (the original's
    /// rule for a stale lock). `false` when it cannot be had in a minute.
    ///
    /// Breaking a stale lock races: two games can both find it stale, and
    /// the second then deletes the fresh lock of the first. So the port
    /// also holds `flock` on the open score file, which the kernel drops
    /// when a game dies; the lock file stays for other programs that look
    /// for it. Where no lock file can be made at all (a setgid install
    /// whose games directory only the group may write, after the game has
    /// given up the group), the flock alone is the lock, and the game
    /// posts its score as the original does there.
    pub fn lock_sc(&mut self) -> Result<(), LockFailure> {
        let lock = self.cfg.lock_path.clone();
        let started = std::time::Instant::now();
        let waited_too_long = || started.elapsed() > std::time::Duration::from_secs(60);
        self.rt.lock_file_held = false;
        loop {
            match self.rt.host.create_new(&lock) {
                Ok(_) => {
                    self.rt.lock_file_held = true;
                    break;
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(_) => break,
            }
            match self.rt.host.stat(&lock) {
                // Gone in between: try again soon. (A dangling symlink
                // is there to create_new and gone to stat, for ever.)
                Err(_) => {
                    if self.rt.scr.hangup_pending() {
                        return Err(LockFailure::Signal);
                    }
                    if waited_too_long() {
                        return Err(LockFailure::Busy);
                    }
                    self.rt.host.sleep_ms(1);
                    continue;
                }
                Ok(st) => {
                    if self.rt.host.time() - st.mtime > 10 {
                        if self.rt.host.unlink(&lock).is_err() {
                            // Stale and not ours to remove: the flock
                            // decides.
                            break;
                        }
                        continue;
                    }
                }
            }
            // Someone else is writing scores: wait a little, at most a
            // minute in all (a hangup or SIGTERM gives up at once: the
            // process is to end).
            if self.rt.scr.hangup_pending() {
                return Err(LockFailure::Signal);
            }
            if waited_too_long() {
                return Err(LockFailure::Busy);
            }
            self.rt.host.sleep_ms(10);
        }
        let Some(f) = self.rt.scoreboard.0.as_ref() else { return Ok(()) };
        loop {
            match f.try_lock() {
                Ok(()) => return Ok(()),
                Err(std::fs::TryLockError::WouldBlock) if !waited_too_long() => self.rt.host.sleep_ms(10),
                // No flock here (some network file systems): the lock
                // file alone, as before.
                Err(std::fs::TryLockError::Error(_)) => return Ok(()),
                Err(std::fs::TryLockError::WouldBlock) => {
                    self.unlock_sc();
                    return Err(LockFailure::Busy);
                }
            }
        }
    }

    /// `unlock_sc`: the lock file goes only if this game made it.
    pub fn unlock_sc(&mut self) {
        if let Some(f) = self.rt.scoreboard.0.as_ref() {
            let _ = f.unlock();
        }
        if std::mem::take(&mut self.rt.lock_file_held) {
            let lock = self.cfg.lock_path.clone();
            let _ = self.rt.host.unlink(&lock);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_key_stream_is_the_cipher() {
        for n in [0, 1, 80, 100, 1024, 4095, 4096, 4097, 9000] {
            let plain: Vec<u8> = (0..n).map(|i| (i * 7 % 251) as u8).collect();
            let mut fast = plain.clone();
            xor_cipher(&mut fast);
            let mut slow = plain.clone();
            key_stream(&mut slow);
            assert_eq!(fast, slow, "length {n}");
            xor_cipher(&mut fast);
            assert_eq!(fast, plain, "length {n}");
        }
    }

    #[test]
    fn cipher_round_trip() {
        let mut b: Vec<u8> = (0..=255).collect();
        let orig = b.clone();
        xor_cipher(&mut b);
        assert_ne!(b, orig);
        xor_cipher(&mut b);
        assert_eq!(b, orig);
    }

    #[test]
    fn lines_must_be_exact() {
        let e =
            ScoreEntry { uid: 1000, score: 125, flags: 0, monster: u16::from(b'H'), level: 2, ..Default::default() };
        let mut line = [0u8; LINE_LEN];
        line[..e.line().len()].copy_from_slice(e.line().as_bytes());
        assert!(parse_line(&line).is_some());
        line[1] = b'x';
        assert!(parse_line(&line).is_none());
    }

    #[test]
    fn lock_goes_next_to_the_score_file() {
        // `rogue.lck` unless this build was given another LOCKFILE.
        let n = LOCKFILE.rsplit('/').next().unwrap();
        assert_eq!(lock_path_for(b"/var/games/rogue.scr"), format!("/var/games/{n}").as_bytes());
        assert_eq!(lock_path_for(b"scores"), n.as_bytes());
        assert_eq!(lock_path_for(b"sub/dir/x"), format!("sub/dir/{n}").as_bytes());
        // Never the score file itself.
        assert_eq!(lock_path_for(format!("/tmp/{n}").as_bytes()), format!("/tmp/{n}.lck").as_bytes());
    }

    /// A game whose files live in a fresh folder, its clock at `now`.
    fn game_in(tag: &str, now: i64) -> (Game, std::path::PathBuf) {
        // In the folder, whatever LOCKFILE this build was given.
        game_locked_at(tag, now, b"rogue.lck")
    }

    /// The same, its lock file at `lock` (relative to the folder).
    fn game_locked_at(tag: &str, now: i64, lock: &[u8]) -> (Game, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("rogue-lock-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let host = crate::host::ScriptedHost {
            time: now,
            pid: 1,
            uid: 1000,
            user: b"rodney".to_vec(),
            home: b"/home/rodney/".to_vec(),
            env: Vec::new(),
            dir: dir.clone(),
            real_paths: Vec::new(),
        };
        let launch = crate::game::Launch { lock_path: Some(lock.to_vec()), ..Default::default() };
        (Game::launch(Box::new(host), Box::new(crate::curses::model::Model::new(24, 80)), launch), dir)
    }

    /// Leave a lock file last modified at `mtime` (seconds since 1970).
    fn plant_lock(dir: &std::path::Path, mtime: i64) -> std::path::PathBuf {
        let lock = dir.join("rogue.lck");
        let f = std::fs::File::create(&lock).unwrap();
        let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(mtime as u64);
        f.set_modified(t).unwrap();
        lock
    }

    /// Take the lock while another process holds it until `hold` has
    /// passed; how long the taking took.
    fn lock_against(g: &mut Game, lock: &std::path::Path, hold: std::time::Duration) -> std::time::Duration {
        let other = {
            let lock = lock.to_path_buf();
            std::thread::spawn(move || {
                std::thread::sleep(hold);
                std::fs::remove_file(lock).unwrap();
            })
        };
        let start = std::time::Instant::now();
        assert!(g.lock_sc().is_ok());
        let took = start.elapsed();
        other.join().unwrap();
        took
    }

    const NOW: i64 = 1_751_840_000;

    #[test]
    fn lock_is_taken_and_given_back() {
        let (mut g, dir) = game_in("plain", NOW);
        assert!(g.lock_sc().is_ok());
        assert!(dir.join("rogue.lck").exists());
        g.unlock_sc();
        assert!(!dir.join("rogue.lck").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn without_a_lock_file_the_flock_is_the_lock() {
        // A folder where no lock file can be made (here: one that does not
        // exist; for a setgid install, one only the group may write).
        let (mut g, dir) = game_locked_at("nolockdir", NOW, b"no-such-folder/rogue.lck");
        std::fs::write(dir.join("rogue.scr"), b"").unwrap();
        g.open_score();
        let other = std::fs::File::open(dir.join("rogue.scr")).unwrap();
        other.lock().unwrap();
        // Another holder of the flock makes the game wait.
        let release = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(150));
            other.unlock().unwrap();
        });
        let start = std::time::Instant::now();
        assert!(g.lock_sc().is_ok());
        assert!(start.elapsed() >= std::time::Duration::from_millis(140));
        release.join().unwrap();
        assert!(!g.rt.lock_file_held);
        g.unlock_sc();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_lock_older_than_ten_seconds_is_broken() {
        for age in [11, 3600, NOW] {
            let (mut g, dir) = game_in(&format!("stale{age}"), NOW);
            let lock = plant_lock(&dir, NOW - age);
            let start = std::time::Instant::now();
            assert!(g.lock_sc().is_ok(), "a lock {age} s old is stale");
            assert!(start.elapsed() < std::time::Duration::from_secs(1));
            // The lock now held is this game's own, made just now.
            let mtime = std::fs::metadata(&lock).unwrap().modified().unwrap();
            assert!(mtime > std::time::UNIX_EPOCH + std::time::Duration::from_secs((NOW - age) as u64));
            g.unlock_sc();
            assert!(!lock.exists());
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn a_lock_ten_seconds_old_or_newer_is_waited_for() {
        let hold = std::time::Duration::from_millis(150);
        // 10 s is not "more than 10 seconds"; a lock from the future (a
        // clock set back) is waited for too.
        for age in [10, 5, 0, -100] {
            let (mut g, dir) = game_in(&format!("fresh{age}"), NOW);
            let lock = plant_lock(&dir, NOW - age);
            let took = lock_against(&mut g, &lock, hold);
            assert!(took >= hold, "a lock {age} s old was broken after {took:?}");
            assert!(took < std::time::Duration::from_secs(5));
            assert!(lock.exists(), "the game holds its own lock");
            g.unlock_sc();
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
