//! `rogue --record FILE`: a game written down as it is played, in the
//! oracle's `.case` format (FORMAT-games.md §1), so that `rogue-trace
//! FILE` prints its frames like any golden's and `rogue --replay FILE`
//! shows it again.
//!
//! The file is rewritten whole after every key (to a temporary name, then
//! renamed over it), so a game that is killed or hung up keeps its record
//! up to the last key, and the file is never half written.

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

/// Where a file the game names lives in a case's folder: names under the
/// home directory and relative names keep their place, any other absolute
/// name keeps only its file name. [`crate::host::ScriptedHost`] puts
/// files there, so a record names its input files the same way.
pub fn case_place(home: &[u8], p: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    let path = Path::new(std::ffi::OsStr::from_bytes(p));
    let home = Path::new(std::ffi::OsStr::from_bytes(home));
    if let Ok(rest) = path.strip_prefix(home) {
        rest.to_path_buf()
    } else if path.is_absolute() {
        path.file_name().map(PathBuf::from).unwrap_or_default()
    } else {
        path.to_path_buf()
    }
}

/// A byte as case bodies write it (FORMAT-games.md §1.2).
fn escape(out: &mut String, b: u8) {
    match b {
        b'\\' => out.push_str("\\\\"),
        0x1b => out.push_str("\\e"),
        b'\n' => out.push_str("\\n"),
        b'\r' => out.push_str("\\r"),
        b'\t' => out.push_str("\\t"),
        0x20..=0x7e => out.push(char::from(b)),
        _ => {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
}

/// Keys as a case body: lines of at most 72 characters (an escape is never
/// split), a space that would end a line written `\x20`.
pub fn encode_body(keys: &[u8]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for (i, &b) in keys.iter().enumerate() {
        let mut item = String::new();
        escape(&mut item, b);
        let last_on_line = line.len() + item.len() >= 72 || i + 1 == keys.len();
        if b == b' ' && last_on_line {
            item = "\\x20".to_string();
        }
        line.push_str(&item);
        if line.len() >= 72 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// How a run ended, in the words of the `ends` header.
pub fn ends_word(outcome: Option<crate::ending::Ending>) -> &'static str {
    use crate::ending::Ending;
    match outcome {
        Some(Ending::Died(_)) => "death",
        Some(Ending::Quit) => "quit",
        Some(Ending::Saved) => "save",
        Some(Ending::Hangup | Ending::Signal(_)) => "signal",
        _ => "exit",
    }
}

/// The `time` and `pid` headers of a record of a game seeded `seed`, run
/// at `time` by process `pid`. A game seeded by its clock has them as they
/// are (its seed is time + pid). A `--seed` game's are set to what a real
/// run with that seed would show: a real process id (positive, at most
/// Linux's largest), and the clock that makes `(int)time + pid` the seed,
/// wrapping as the C's sum does, so that a replay seeds the same game.
/// (The tombstone's year in a replay of such a record follows that clock.)
pub fn clock_headers(seed: i32, time: i64, pid: i32) -> (i64, i32) {
    if (time as i32).wrapping_add(pid) == seed {
        return (time, pid);
    }
    const PID_MAX: i32 = 1 << 22;
    let pid = if (2..=PID_MAX).contains(&pid) { pid } else { 1000 };
    (i64::from(seed.wrapping_sub(pid)), pid)
}

/// A record being written.
#[derive(Debug)]
pub struct RecordFile {
    path: PathBuf,
    name: String,
    /// The headers before `in-file` (kind .. args), in order.
    headers: Vec<(String, String)>,
    /// `in-file` values: the place in the folder and the side file.
    in_files: Vec<(String, String)>,
    keys: Vec<u8>,
    ends: String,
}

impl RecordFile {
    /// Start a record at `path`: `headers` are the case's headers from
    /// `kind` to `args` (`name` is set from the file's name).
    pub fn create(path: &Path, headers: Vec<(String, String)>) -> io::Result<RecordFile> {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|s| !s.is_empty())
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "a record needs a file name like NAME.case"))?
            .to_string();
        let mut headers = headers;
        headers.retain(|(k, _)| k != "name");
        let at = headers.iter().position(|(k, _)| k == "kind").map_or(0, |i| i + 1);
        headers.insert(at, ("name".into(), name.clone()));
        let r = RecordFile {
            path: path.to_path_buf(),
            name,
            headers,
            in_files: Vec::new(),
            keys: Vec::new(),
            ends: "signal".into(),
        };
        r.write()?;
        Ok(r)
    }

    /// Set a header's value (e.g. the screen size once it is known).
    pub fn set(&mut self, key: &str, value: &str) {
        match self.headers.iter_mut().find(|(k, _)| k == key) {
            Some(h) => h.1 = value.to_string(),
            None => self.headers.push((key.to_string(), value.to_string())),
        }
    }

    /// A file the run starts with: written beside the record as
    /// `NAME.in.<suffix>` and named in an `in-file` header.
    pub fn add_in_file(&mut self, place: &str, suffix: &str, bytes: &[u8]) -> io::Result<()> {
        let side = format!("{}.in.{suffix}", self.name);
        std::fs::write(self.path.with_file_name(&side), bytes)?;
        self.in_files.retain(|(p, _)| p != place);
        self.in_files.push((place.to_string(), side));
        self.write()
    }

    /// Keys the game read.
    pub fn push(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.keys.extend_from_slice(bytes);
        self.write()
    }

    /// The run is over.
    pub fn finish(&mut self, ends: &str) -> io::Result<()> {
        self.ends = ends.to_string();
        self.write()
    }

    /// The keys so far.
    pub fn keys(&self) -> &[u8] {
        &self.keys
    }

    /// The file's text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (k, v) in &self.headers {
            let _ = writeln!(out, "{k}: {v}");
        }
        for (p, s) in &self.in_files {
            let _ = writeln!(out, "in-file: {p} {s}");
        }
        let _ = writeln!(out, "keys: {}", self.keys.len());
        let _ = writeln!(out, "ends: {}", self.ends);
        let _ = writeln!(out, "note: recorded by rogue --record (Rust port {})", env!("CARGO_PKG_VERSION"));
        out.push('\n');
        out.push_str(&encode_body(&self.keys));
        out
    }

    fn write(&self) -> io::Result<()> {
        let mut tmp = self.path.clone().into_os_string();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        std::fs::write(&tmp, self.render())?;
        std::fs::rename(&tmp, &self.path)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn clock_headers_seed_the_same_game_with_a_real_pid() {
        use super::clock_headers;
        // A clock-seeded run keeps its own.
        assert_eq!(clock_headers(1_700_012_345, 1_700_000_000, 12_345), (1_700_000_000, 12_345));
        for seed in [42, -7, 0, i32::MAX, i32::MIN, 1_740_014_992] {
            let (time, pid) = clock_headers(seed, 1_764_000_000, 4321);
            assert_eq!(pid, 4321);
            assert_eq!((time as i32).wrapping_add(pid), seed, "seed {seed}");
            assert_eq!(i64::from(time as i32), time, "the time header is an int");
        }
        // An impossible pid is replaced by a plausible one.
        let (time, pid) = clock_headers(42, 1_764_000_000, -5);
        assert!(pid > 1 && (time as i32).wrapping_add(pid) == 42);
    }

    use super::*;

    #[test]
    fn bodies_read_back_as_the_keys() {
        let keys: Vec<u8> =
            (0..=255u8).chain(b"  a b  \\\n".iter().copied()).chain(std::iter::repeat_n(b' ', 200)).collect();
        let body = encode_body(&keys);
        for line in body.lines() {
            assert!(line.len() <= 76, "{line:?}");
            assert!(!line.ends_with(' '), "{line:?}");
        }
        let lines: Vec<String> = body.lines().map(str::to_string).collect();
        assert_eq!(crate::trace::games::decode_body(&lines), Ok(keys));
    }

    #[test]
    fn places_follow_the_scripted_host() {
        assert_eq!(case_place(b"/home/u/", b"/home/u/rogue.save"), PathBuf::from("rogue.save"));
        assert_eq!(case_place(b"/home/u/", b"saves/x.sav"), PathBuf::from("saves/x.sav"));
        assert_eq!(case_place(b"/home/u/", b"/tmp/g.sav"), PathBuf::from("g.sav"));
    }
}
