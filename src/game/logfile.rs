//! The log of games: one line per game that ends (a death, a quit, a
//! victory; not a save), appended to a file that servers' leaderboards and
//! tournaments read, in the style of NetHack's xlogfile: `key=value`
//! fields joined by `:`. The original keeps no such log; nothing of the
//! game depends on it.
//!
//! Two files can be the log: a system one set at build time
//! (ROGUE_LOGFILE, beside ROGUE_SCOREFILE), opened by the shipped binary
//! before it gives up a setgid install's group, like the system score file;
//! or one the player names (`--logfile`), opened with the player's own
//! rights when the line is written. A log that cannot be opened or written
//! (missing folder, no right, a full disk, a file over its size limit)
//! costs the line and a message, never the game's end; the file is only
//! ever appended to, so a damaged or huge one is never read (but for its
//! last byte: a line someone left unfinished gets its newline first).

use std::io::{Seek, SeekFrom, Write};

use crate::game::Game;
use crate::host::os_error_text;

/// The system log file, if this build has one (ROGUE_LOGFILE at build
/// time; the `var-games` feature: the Debian package's,
/// /var/games/rogue.log).
#[cfg_attr(not(feature = "ncurses"), allow(dead_code))] // the shipped game's
pub const LOGFILE: Option<&str> = match option_env!("ROGUE_LOGFILE") {
    Some(p) => Some(p),
    None if cfg!(feature = "var-games") => Some("/var/games/rogue.log"),
    None => None,
};

/// A log file opened at start-up, or why it could not be opened.
pub type OpenedLog = Result<std::sync::Arc<std::fs::File>, String>;

/// The log of a game: the system file opened at start-up, or the name of
/// the player's, and what the line needs that the game does not keep.
#[derive(Clone, Debug, Default)]
pub struct GameLog {
    /// The system log file as opened at start-up (or why it could not
    /// be), with its name.
    pub system: Option<(Vec<u8>, OpenedLog)>,
    /// `--logfile`: opened when the line is written.
    pub player: Option<Vec<u8>>,
    /// When the program started (Unix seconds).
    pub start: i64,
    /// Commands' keys read so far (`readchar`).
    pub keys: u64,
    /// A winner's gold before the pack was sold (the points include it).
    pub gold: Option<i32>,
    /// `rogue -d`: the seed the death demo drew from (the C counts its
    /// draws down in `dnum`, which ends at 0).
    pub demo_seed: Option<i32>,
}

/// Open a log file to append to: created (mode 0664) when missing, a
/// regular file only.
pub fn open_log_file(host: &dyn crate::host::Host, path: &[u8]) -> std::io::Result<std::fs::File> {
    let mut opts = std::fs::OpenOptions::new();
    crate::host::os::mode(opts.read(true).append(true).create(true), 0o664);
    crate::host::open_regular(&opts, &host.path(path))
}

/// A field's value as the line may hold it: no `:` (the separator), no
/// line break or other control character.
fn field(value: &[u8]) -> String {
    value.iter().map(|&b| if b == b':' || b < 0x20 || b == 0x7f { '_' } else { char::from(b) }).collect()
}

impl Game {
    /// The log line of a game that ends now with `points`, ended as
    /// `flags` says (0 killed, 1 quit, 2 a winner, 3 killed with the
    /// Amulet) by `monst`.
    pub fn log_line(&mut self, points: i32, flags: i32, monst: u8) -> String {
        let death = match flags {
            1 => "quit".to_string(),
            2 => "a total winner".to_string(),
            _ => {
                let by = self.killname(monst, true);
                let with = if flags == 3 { " with the Amulet" } else { "" };
                format!("killed{with} by {}", field(&by))
            }
        };
        // The death demo's hero was never made (its stats are all zero):
        // its line has the hit points a new hero starts with, and the seed
        // the demo drew from.
        let (st, seed) = match self.rt.log.demo_seed {
            Some(seed) => (self.hero.max_stats, seed),
            None => (self.hero.player.t_stats, self.dungeon.dnum),
        };
        let gold = self.rt.log.gold.unwrap_or(self.hero.purse);
        let end = self.rt.host.time();
        format!(
            "version=5.4.4:name={}:points={points}:gold={gold}:deathlev={}:maxlvl={}:hp={}:maxhp={}:death={death}:\
             starttime={}:endtime={end}:moves={}:seed={}:uid={}\n",
            field(self.opts.whoami.as_bytes()),
            self.dungeon.level,
            self.dungeon.max_level.max(self.dungeon.level),
            st.s_hpt,
            st.s_maxhp,
            self.rt.log.start,
            self.rt.log.keys,
            seed,
            self.rt.host.getuid(),
        )
    }

    /// Append the game's line to its log file, if it has one. Called with
    /// the score file's lock held (when there is a score file); the log
    /// file's own flock keeps lines whole against a game that has no
    /// score file. Failing costs the line and a message only.
    pub fn write_log(&mut self, points: i32, flags: i32, monst: u8) {
        let (name, file) = match (&self.rt.log.player, &self.rt.log.system) {
            (Some(p), _) => {
                let f = open_log_file(self.rt.host.as_ref(), p).map(std::sync::Arc::new).map_err(|e| os_error_text(&e));
                (p.clone(), f)
            }
            (None, Some((p, f))) => (p.clone(), f.clone()),
            (None, None) => return,
        };
        let line = self.log_line(points, flags, monst);
        let written = file.and_then(|f| append(&f, line.as_bytes()).map_err(|e| os_error_text(&e)));
        if let Err(why) = written {
            let name = String::from_utf8_lossy(&name).into_owned();
            self.eprint(&format!("rogue: {name}: {why}; this game's log line was not written.\n"));
        }
    }
}

/// Append one line, whole: under the file's flock (a second at most; then
/// without it), after a newline if the file's last line was left
/// unfinished.
fn append(f: &std::fs::File, line: &[u8]) -> std::io::Result<()> {
    let started = std::time::Instant::now();
    let locked = loop {
        match f.try_lock() {
            Ok(()) => break true,
            Err(std::fs::TryLockError::WouldBlock) if started.elapsed() < std::time::Duration::from_secs(1) => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(_) => break false,
        }
    };
    let result = (|| {
        let mut f = f;
        let len = f.seek(SeekFrom::End(0))?;
        let mut last = [b'\n'];
        if len > 0 {
            crate::host::os::read_exact_at(f, &mut last, len - 1)?;
        }
        // One write, so that a reader never sees half a line.
        let mut bytes = Vec::with_capacity(line.len() + 1);
        if last[0] != b'\n' {
            bytes.push(b'\n');
        }
        bytes.extend_from_slice(line);
        f.write_all(&bytes)?;
        f.flush()
    })();
    if locked {
        let _ = f.unlock();
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_hold_no_separator_or_line_break() {
        assert_eq!(field(b"a:b\nc\x7fd=e"), "a_b_c_d=e");
    }

    #[test]
    fn an_unfinished_last_line_is_ended_first() {
        let dir = std::env::temp_dir().join(format!("rogue-logfile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("log");
        let host = crate::host::ScriptedHost { dir: dir.clone(), ..crate::host::ScriptedHost::nowhere() };
        std::fs::write(&path, b"garbage without an end").unwrap();
        append(&open_log_file(&host, b"log").unwrap(), b"a=1\n").unwrap();
        append(&open_log_file(&host, b"log").unwrap(), b"b=2\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"garbage without an end\na=1\nb=2\n");
        // Not a regular file: refused before anything is written.
        assert!(open_log_file(&host, b"").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
