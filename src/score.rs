//! The score file (`rogue.scr`): save.c's rd_score and wr_score, the
//! original's XOR cipher, mach_dep.c's open_score and lock.
//!
//! Ten entries, each the 1024-byte name array and a 100-byte text line,
//! each piece enciphered on its own (FORMAT-games.md §4.4). The reader is
//! strict where the original reads anything: a file that is not exactly
//! what 5.4.4 writes is refused with a message and left as it is.

use std::fmt;
use std::io::{Read, Seek, SeekFrom, Write};

use crate::consts::*;
use crate::game::Game;

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
            ScoreError::Io(e) => write!(f, "{e}"),
            ScoreError::Length(n) => {
                write!(f, "not a Rogue 5.4.4 score file ({n} bytes; one has 0 or {FILE_LEN})")
            }
            ScoreError::Entry(n) => write!(f, "the score file is damaged (entry {n} does not read back)"),
        }
    }
}

impl std::error::Error for ScoreError {}

/// `encwrite`/`encread`: the XOR cipher of save and score files, its key
/// streams restarting for every piece. The feedback byte depends on the
/// keys only, so the same function enciphers and deciphers.
pub fn xor_cipher(data: &mut [u8]) {
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
/// ROGUE_SCOREFILE at build time.
pub const SCOREFILE: &str = match option_env!("ROGUE_SCOREFILE") {
    Some(p) => p,
    None => "rogue.scr",
};

/// The lock file (`LOCKFILE`), next to the score file.
pub const LOCKFILE: &str = match option_env!("ROGUE_LOCKFILE") {
    Some(p) => p,
    None => "rogue.lck",
};

impl Game {
    /// Text for standard error, which is the terminal too.
    pub fn eprint(&mut self, text: &str) {
        self.scr.print_raw(text.as_bytes());
    }

    /// `open_score`: open the score file for reading and writing, creating
    /// it (mode 0664) when it is missing. Failing is not fatal: the game is
    /// played and its score not kept, as in the original.
    pub fn open_score(&mut self) {
        let path = self.score_path.clone();
        match self.host.open_rw(&path) {
            Ok(f) => self.scoreboard = Some(f),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => match self.host.create_rw(&path) {
                Ok(f) => {
                    let _ = self.host.chmod(&path, 0o664);
                    self.scoreboard = Some(f);
                }
                Err(e) => self.eprint(&format!(
                    "Could not open {} for writing: {}\n",
                    String::from_utf8_lossy(&path),
                    os_error_text(&e)
                )),
            },
            Err(e) => self.eprint(&format!(
                "Could not open {} for writing: {}\n",
                String::from_utf8_lossy(&path),
                os_error_text(&e)
            )),
        }
    }

    /// The score file's bytes, at most one byte more than a real one has
    /// (so a huge file is never read whole).
    pub fn read_score_file(&mut self) -> Result<Vec<u8>, ScoreError> {
        let Some(f) = self.scoreboard.as_mut() else { return Ok(Vec::new()) };
        f.seek(SeekFrom::Start(0)).map_err(ScoreError::Io)?;
        let mut buf = Vec::with_capacity(FILE_LEN + 1);
        f.take(FILE_LEN as u64 + 1).read_to_end(&mut buf).map_err(ScoreError::Io)?;
        Ok(buf)
    }

    /// Write the whole list over the file.
    pub fn write_score_file(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let Some(f) = self.scoreboard.as_mut() else { return Ok(()) };
        f.seek(SeekFrom::Start(0))?;
        f.write_all(bytes)?;
        f.flush()
    }

    /// `lock_sc`: take the score file's lock. The original's lock does not
    /// exclude anything (it opens the lock file whether or not it exists);
    /// the port creates it exclusively, waits for another game's lock, and
    /// breaks a lock left behind more than 10 seconds ago (the original's
    /// rule for a stale lock). `false` when it cannot be had.
    pub fn lock_sc(&mut self) -> bool {
        let lock = self.lock_path.clone();
        let started = std::time::Instant::now();
        loop {
            match self.host.create_new(&lock) {
                Ok(_) => return true,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(_) => return false,
            }
            match self.host.stat(&lock) {
                // Gone in between: try again at once.
                Err(_) => continue,
                Ok(st) => {
                    if self.host.time() - st.mtime > 10 {
                        if self.host.unlink(&lock).is_err() {
                            return false;
                        }
                        continue;
                    }
                }
            }
            // Someone else is writing scores: wait a little, at most a
            // minute in all.
            if started.elapsed() > std::time::Duration::from_secs(60) {
                return false;
            }
            self.host.sleep_ms(10);
        }
    }

    /// `unlock_sc`.
    pub fn unlock_sc(&mut self) {
        let lock = self.lock_path.clone();
        let _ = self.host.unlink(&lock);
    }
}

/// What `strerror` says for an error (without Rust's "(os error n)").
pub fn os_error_text(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
