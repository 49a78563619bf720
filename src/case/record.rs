//! `rogue --record FILE`: a game written down as it is played, in the
//! oracle's `.case` format (FORMAT-games.md §1), so that `rogue-trace
//! FILE` prints its frames like any golden's and `rogue --replay FILE`
//! shows it again.
//!
//! The file is rewritten whole after every key (to a temporary file made
//! exclusively beside it, then renamed over it), so a game that is killed
//! or hung up keeps its record up to the last key, the file is never half
//! written, and no file is ever written through a symbolic link.

use crate::case::escape::encode_body;
use crate::host::stays_inside;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

/// Does a name a case gives for a file stay inside the case's folder? The
/// text may hold spaces (`<path> <side file>`), so every word is checked.
fn name_stays_inside(text: &str) -> bool {
    !text.is_empty() && text.split(' ').all(|w| stays_inside(Path::new(w)))
}

/// The file names a case gives must stay in its folder: `in-file` and
/// `out-file` (the place and the side file) relative and without `..`,
/// and the save files it names (ROGUEOPTS `file=`, the file argument)
/// without `..` (an absolute save name keeps only its file name in the
/// folder, as `case_place` puts it). The error is one line.
pub fn check_case_files(case: &crate::case::Case) -> Result<(), crate::case::TraceError> {
    let bad = |what: &str, v: &str| {
        Err(crate::case::TraceError::Parse(format!("{}: {what} {v:?} leaves the case's folder", case.path.display())))
    };
    for key in ["in-file", "out-file"] {
        for v in case.get_all(key) {
            if !name_stays_inside(v) {
                return bad(key, v);
            }
        }
    }
    let save_ok = |name: &str| Path::new(name).components().all(|c| !matches!(c, std::path::Component::ParentDir));
    if let Some(opts) = case.get("rogueopts") {
        // Every option's value as the game's parser finds it (a name,
        // one character, any '=', then `~/` for the home directory).
        for opt in opts.split(',') {
            let name = opt.bytes().take_while(u8::is_ascii_alphabetic).count();
            let value = opt.get(name + 1..).unwrap_or("").trim_start_matches('=');
            let value = value.strip_prefix('~').map_or(value, |v| v.trim_start_matches('/'));
            if !save_ok(value) {
                return bad("the save file", value);
            }
        }
    }
    if let Some(args) = case.get("args") {
        for a in args.split(' ').filter(|a| !a.starts_with('-')) {
            if !save_ok(a) {
                return bad("the save file", a);
            }
        }
    }
    Ok(())
}

/// Write a file whole without ever following a link planted at its name
/// or at the temporary name: the bytes go to a fresh file made beside it
/// (O_CREAT|O_EXCL and O_NOFOLLOW: an existing name, a symbolic link
/// included, is never opened), which is then renamed over the name
/// (rename replaces a link, it does not write through it).
pub fn write_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut last = None;
    for n in 0..16 {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(if n == 0 { ".tmp".to_string() } else { format!(".tmp{n}") });
        let tmp = PathBuf::from(tmp);
        let opened = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o644)
            .custom_flags(libc::O_NOFOLLOW)
            .open(&tmp);
        let mut f = match opened {
            Ok(f) => f,
            // Someone else's name (or a link): try the next.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                last = Some(e);
                continue;
            }
            Err(e) => return Err(e),
        };
        let written = f.write_all(bytes).and_then(|()| std::fs::rename(&tmp, path));
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        return written;
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary name free")))
}

/// How a run ended, in the words of the `ends` header.
pub fn ends_word(outcome: Option<crate::game::ending::Ending>) -> &'static str {
    crate::game::ending::Ending::record_word(outcome)
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
    /// What made the record (the `note` header says it).
    by: String,
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
            by: "rogue --record".into(),
        };
        r.write()?;
        Ok(r)
    }

    /// Say what made the record (`rogue --record` unless told): the `note`
    /// header reads "recorded by" it.
    pub fn recorded_by(&mut self, by: &str) -> io::Result<()> {
        by.clone_into(&mut self.by);
        self.write()
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
        write_replacing(&self.path.with_file_name(&side), bytes)?;
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
        let _ = writeln!(out, "note: recorded by {} (Rust port {})", self.by, env!("CARGO_PKG_VERSION"));
        out.push('\n');
        out.push_str(&encode_body(&self.keys));
        out
    }

    fn write(&self) -> io::Result<()> {
        write_replacing(&self.path, self.render().as_bytes())
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
    use crate::host::case_place;

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
        assert_eq!(crate::case::escape::decode_body(&lines), Ok(keys));
    }

    #[test]
    fn writes_never_follow_a_link() {
        let dir = std::env::temp_dir().join(format!("rogue-record-link-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let victim = dir.join("victim");
        std::fs::write(&victim, b"keep").unwrap();
        std::os::unix::fs::symlink(&victim, dir.join("r.case.tmp")).unwrap();
        std::os::unix::fs::symlink(&victim, dir.join("r.case")).unwrap();
        write_replacing(&dir.join("r.case"), b"new").unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        assert_eq!(std::fs::read(dir.join("r.case")).unwrap(), b"new");
        assert!(!std::fs::symlink_metadata(dir.join("r.case")).unwrap().file_type().is_symlink());
        // The planted link is left alone, and no temporary file stays.
        assert!(std::fs::symlink_metadata(dir.join("r.case.tmp")).unwrap().file_type().is_symlink());
        assert!(!dir.join("r.case.tmp1").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn case_names_stay_in_the_folder() {
        let case = |headers: &str| {
            crate::case::Case::parse(Path::new("c.case"), &format!("kind: games\n{headers}\n\n")).unwrap()
        };
        assert!(check_case_files(&case("in-file: rogue.scr c.in.scr\nin-file: my save c.in.my save")).is_ok());
        assert!(check_case_files(&case("rogueopts: name=x,file=/home/u/a.sav\nargs: /home/u/old.sav")).is_ok());
        for bad in [
            "in-file: /tmp/victim.txt x.in.scr",
            "in-file: ../victim.txt x.in.scr",
            "in-file: rogue.scr /etc/passwd",
            "in-file: rogue.scr ../../secret",
            "out-file: a/../../b c.b",
            "rogueopts: terse,file=../../tmp/x.save",
            "rogueopts: fi=../x",
            "rogueopts: file=~/../../x",
            "args: ../../x.sav",
        ] {
            let e = check_case_files(&case(bad)).unwrap_err().to_string();
            assert!(e.contains("leaves the case's folder") && !e.contains('\n'), "{bad}: {e}");
        }
    }

    #[test]
    fn places_follow_the_scripted_host() {
        assert_eq!(case_place(b"/home/u/", b"/home/u/rogue.save"), PathBuf::from("rogue.save"));
        assert_eq!(case_place(b"/home/u/", b"saves/x.sav"), PathBuf::from("saves/x.sav"));
        assert_eq!(case_place(b"/home/u/", b"/tmp/g.sav"), PathBuf::from("g.sav"));
    }
}
