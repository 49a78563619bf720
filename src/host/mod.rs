//! The machine the game runs on: everything the original asks of it through
//! mdport.c and mach_dep.c (the clock, the process and user, the home
//! directory, the environment, files, sleeping). Game code asks a [`Host`],
//! never libc or `std::env`, so the same game runs on a real Unix machine
//! ([`UnixHost`]) or inside a recorded case ([`ScriptedHost`], which fixes
//! every answer and keeps the files in one folder).

#[cfg(not(target_arch = "wasm32"))]
pub mod coroutine;
// Only the terminal (the `ncurses` feature) installs handlers.
pub mod os;
#[cfg_attr(not(feature = "ncurses"), allow(dead_code))]
#[cfg(unix)]
pub mod signals;
#[cfg(target_arch = "wasm32")]
pub mod web;

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;
use std::path::PathBuf;

/// What `stat`/`lstat` tell the game about a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileStat {
    pub nlink: u64,
    /// `is_symlink()` of mach_dep.c: true when `lstat` finds anything but
    /// a regular file.
    pub not_regular: bool,
    /// Last modification, in seconds since 1970.
    pub mtime: i64,
}

/// The services of the machine. File paths are the game's own bytes (C
/// strings); the host decides where they live.
pub trait Host: Send {
    /// `time(NULL)`.
    fn time(&self) -> i64;
    /// `getpid()`.
    fn getpid(&self) -> i32;
    /// `getuid()`: stored in score entries.
    fn getuid(&self) -> u32;
    /// `md_getusername()`: the login name.
    fn username(&self) -> Vec<u8>;
    /// `md_gethomedir()`: the home directory, ending in `/`.
    fn home_dir(&self) -> Vec<u8>;
    /// `getenv(name)`.
    fn getenv(&self, name: &str) -> Option<Vec<u8>>;
    /// The year (`1900 + tm_year`) of `localtime(t)`.
    fn year_of(&self, t: i64) -> i32;
    /// `md_sleep(secs)`.
    fn sleep(&mut self, secs: u32);
    /// A short wait (for the score lock).
    fn sleep_ms(&mut self, ms: u64);
    /// Where a path the game names lives on this machine.
    fn path(&self, p: &[u8]) -> PathBuf;
    /// A copy for a copy of the game.
    fn box_clone(&self) -> Box<dyn Host>;
    /// `md_shellescape()`: run the user's shell and wait for it.
    fn shell_escape(&mut self) {}
    /// `md_normaluser()`: give up the setgid/setuid privileges the
    /// program may have been installed with (to open a system-wide score
    /// file), keeping the real ids. The error names what failed, as the
    /// original's `perror` message does.
    fn normaluser(&mut self) -> Result<(), String> {
        Ok(())
    }

    /// `fopen(path, "r")`, for a regular file only (see [`open_regular`]).
    fn open_read(&self, p: &[u8]) -> io::Result<File> {
        open_regular(OpenOptions::new().read(true), &self.path(p))
    }

    /// `fopen(path, "w")`: created with mode 0666 & ~umask, or truncated.
    fn create(&self, p: &[u8]) -> io::Result<File> {
        open_regular(os::mode(OpenOptions::new().write(true).create(true).truncate(true), 0o666), &self.path(p))
    }

    /// `fopen(path, "w+")`.
    fn create_rw(&self, p: &[u8]) -> io::Result<File> {
        open_regular(
            os::mode(OpenOptions::new().read(true).write(true).create(true).truncate(true), 0o666),
            &self.path(p),
        )
    }

    /// `fopen(path, "r+")`.
    fn open_rw(&self, p: &[u8]) -> io::Result<File> {
        open_regular(OpenOptions::new().read(true).write(true), &self.path(p))
    }

    /// Create a file that must not exist yet (an atomic lock). O_EXCL
    /// never follows a symbolic link.
    fn create_new(&self, p: &[u8]) -> io::Result<File> {
        os::mode(OpenOptions::new().write(true).create_new(true), 0o666).open(self.path(p))
    }

    /// `stat` and `lstat` together.
    fn stat(&self, p: &[u8]) -> io::Result<FileStat> {
        let path = self.path(p);
        let m = std::fs::metadata(&path)?;
        let l = std::fs::symlink_metadata(&path)?;
        Ok(FileStat { nlink: os::nlink(&m), not_regular: !l.file_type().is_file(), mtime: os::mtime(&m) })
    }

    /// `unlink(path)`.
    fn unlink(&self, p: &[u8]) -> io::Result<()> {
        std::fs::remove_file(self.path(p))
    }

    /// `chmod(path, mode)`.
    fn chmod(&self, p: &[u8], mode: u32) -> io::Result<()> {
        os::set_mode(&self.path(p), mode)
    }
}

/// A path from C string bytes.
fn bytes_path(p: &[u8]) -> PathBuf {
    use os::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(p))
}

/// The error for a FIFO, device, directory or socket where a file is
/// wanted.
fn not_regular() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, "not a regular file")
}

/// Open a file the game reads or writes (a save, a score file, a case),
/// refusing anything but a regular file before it can block: the open is
/// non-blocking (a FIFO with no writer, or no reader, does not wait), the
/// open file is checked with `fstat`, and only then is it made blocking
/// again.
// DEVIATION: the C fopen()s whatever the name is, and a FIFO as the save file blocks it for ever; here it is "not a regular file"; test: setgid::a_fifo_as_the_save_file_does_not_block
pub fn open_regular(opts: &OpenOptions, path: &std::path::Path) -> io::Result<File> {
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut opts = opts.clone();
    #[cfg(unix)]
    os::custom_flags(&mut opts, libc::O_NONBLOCK);
    let f = opts.open(path)?;
    if !f.metadata()?.file_type().is_file() {
        return Err(not_regular());
    }
    #[cfg(unix)]
    set_blocking(&f)?;
    Ok(f)
}

/// Clear O_NONBLOCK on an open file.
#[cfg(unix)]
fn set_blocking(f: &File) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    let fd = f.as_raw_fd();
    // SAFETY: fcntl on a descriptor this File owns, with integer
    // arguments only; the results are checked.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// A whole regular file of at most `cap` bytes: its size is checked before
/// anything is read, and no more than `cap + 1` bytes are ever read (it
/// may grow meanwhile).
pub fn read_regular(path: &std::path::Path, cap: u64) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let f = open_regular(OpenOptions::new().read(true), path)?;
    let too_big = || io::Error::new(io::ErrorKind::InvalidData, format!("too large (more than {cap} bytes)"));
    let len = f.metadata()?.len();
    if len > cap {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    f.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(too_big());
    }
    Ok(bytes)
}

#[cfg_attr(not(feature = "ncurses"), allow(dead_code))] // the shipped game's
#[cfg(unix)]
/// `md_normaluser()`: give up the setgid and setuid ids for good (real,
/// effective and saved all become the real ones). Called right after the
/// system score file is opened, and first thing by `--bot` and
/// `--replay`. The error is the original's message with the system's.
pub fn give_up_privileges() -> Result<(), String> {
    UnixHost::drop_ids()
}

#[cfg_attr(not(feature = "ncurses"), allow(dead_code))] // the shipped game's machine
/// The real machine.
#[derive(Clone, Debug, Default)]
#[cfg(unix)]
pub struct UnixHost;

#[cfg_attr(not(feature = "ncurses"), allow(dead_code))]
#[cfg(unix)]
impl UnixHost {
    fn drop_ids() -> Result<(), String> {
        // SAFETY: these calls take plain integers and only change this
        // process's ids; their results are checked.
        unsafe {
            let (gid, uid) = (libc::getgid(), libc::getuid());
            if libc::setresgid(gid, gid, gid) != 0 {
                return Err(format!(
                    "Could not drop setgid privileges.  Aborting.: {}",
                    os_error_text(&io::Error::last_os_error())
                ));
            }
            if libc::setresuid(uid, uid, uid) != 0 {
                return Err(format!(
                    "Could not drop setuid privileges.  Aborting.: {}",
                    os_error_text(&io::Error::last_os_error())
                ));
            }
        }
        Ok(())
    }

    /// `getgid()` (a record's `gid` header).
    pub fn getgid(&self) -> u32 {
        // SAFETY: getgid has no preconditions and cannot fail.
        unsafe { libc::getgid() }
    }

    fn passwd_field(field: fn(&libc::passwd) -> *const libc::c_char) -> Option<Vec<u8>> {
        // SAFETY: getpwuid returns NULL or a pointer to a static record
        // whose string fields are valid C strings until the next call; the
        // bytes are copied out at once.
        unsafe {
            let pw = libc::getpwuid(libc::getuid());
            if pw.is_null() {
                return None;
            }
            let s = field(&*pw);
            if s.is_null() {
                return None;
            }
            Some(std::ffi::CStr::from_ptr(s).to_bytes().to_vec())
        }
    }
}

#[cfg(unix)]
impl Host for UnixHost {
    fn box_clone(&self) -> Box<dyn Host> {
        Box::new(self.clone())
    }

    fn time(&self) -> i64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
    }

    fn getpid(&self) -> i32 {
        std::process::id() as i32
    }

    fn getuid(&self) -> u32 {
        // SAFETY: getuid has no preconditions and cannot fail.
        unsafe { libc::getuid() }
    }

    fn username(&self) -> Vec<u8> {
        // md_getusername: the password entry's name, else the environment.
        let mut name = Self::passwd_field(|pw| pw.pw_name).filter(|n| !n.is_empty());
        for var in ["USERNAME", "LOGNAME", "USER"] {
            if name.is_none() {
                name = self.getenv(var);
            }
        }
        let mut name = name.unwrap_or_else(|| b"nobody".to_vec());
        name.truncate(79);
        name
    }

    fn home_dir(&self) -> Vec<u8> {
        // md_gethomedir: the password entry's directory unless it is "/",
        // else $HOME; with a slash at the end.
        let mut h = Self::passwd_field(|pw| pw.pw_dir).filter(|d| d != b"/" && !d.is_empty());
        if h.is_none() {
            h = self.getenv("HOME");
        }
        let mut h = h.unwrap_or_default();
        if !h.is_empty() && h.last() != Some(&b'/') {
            h.push(b'/');
        }
        h
    }

    fn getenv(&self, name: &str) -> Option<Vec<u8>> {
        use os::OsStringExt;
        std::env::var_os(name).map(|v| v.into_vec())
    }

    fn year_of(&self, t: i64) -> i32 {
        // SAFETY: localtime_r writes only into the tm we pass.
        unsafe {
            let tt = t as libc::time_t;
            let mut tm: libc::tm = std::mem::zeroed();
            if libc::localtime_r(&tt, &mut tm).is_null() {
                return 1970;
            }
            1900 + tm.tm_year
        }
    }

    fn sleep(&mut self, secs: u32) {
        std::thread::sleep(std::time::Duration::from_secs(u64::from(secs)));
    }

    fn sleep_ms(&mut self, ms: u64) {
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }

    fn path(&self, p: &[u8]) -> PathBuf {
        bytes_path(p)
    }

    fn normaluser(&mut self) -> Result<(), String> {
        UnixHost::drop_ids()
    }

    fn shell_escape(&mut self) {
        // md_getshell: the password entry's shell, else $SHELL, else sh.
        let shell = Self::passwd_field(|pw| pw.pw_shell)
            .filter(|s| !s.is_empty())
            .or_else(|| self.getenv("SHELL"))
            .unwrap_or_else(|| b"/bin/sh".to_vec());
        let _ = std::process::Command::new(bytes_path(&shell)).arg("-i").status();
    }
}

/// The machine of a recorded case (FORMAT-games.md §1.1, §4): a fixed
/// clock, process id and user, the case's environment, and a folder that
/// stands for both the working directory and the home directory.
#[derive(Clone, Debug)]
pub struct ScriptedHost {
    pub time: i64,
    pub pid: i32,
    pub uid: u32,
    pub user: Vec<u8>,
    /// The home directory the game believes in, ending in `/`.
    pub home: Vec<u8>,
    /// The environment, name and value.
    pub env: Vec<(String, Vec<u8>)>,
    /// The real folder that holds the case's working directory.
    pub dir: PathBuf,
    /// Absolute paths used as they are, not mapped into `dir`: a score
    /// file that several runs share (`rogue-trace --score-file`). Empty
    /// for the goldens.
    pub real_paths: Vec<PathBuf>,
}

impl ScriptedHost {
    /// A machine for headless games that keep no files: its folder does
    /// not exist, so every file operation fails cleanly.
    pub fn nowhere() -> Self {
        ScriptedHost {
            time: 0,
            pid: 0,
            uid: 0,
            user: b"rogue".to_vec(),
            home: b"/nonexistent/".to_vec(),
            env: Vec::new(),
            dir: PathBuf::from("/nonexistent/rogue-headless"),
            real_paths: Vec::new(),
        }
    }
}

impl Host for ScriptedHost {
    fn box_clone(&self) -> Box<dyn Host> {
        Box::new(self.clone())
    }

    fn time(&self) -> i64 {
        self.time
    }

    fn getpid(&self) -> i32 {
        self.pid
    }

    fn getuid(&self) -> u32 {
        self.uid
    }

    fn username(&self) -> Vec<u8> {
        self.user.clone()
    }

    fn home_dir(&self) -> Vec<u8> {
        self.home.clone()
    }

    fn getenv(&self, name: &str) -> Option<Vec<u8>> {
        self.env.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    fn year_of(&self, t: i64) -> i32 {
        // The cases run with TZ=UTC.
        utc_year(t)
    }

    fn sleep(&mut self, _secs: u32) {}

    fn sleep_ms(&mut self, ms: u64) {
        // Only the score lock waits this way, and only while another
        // process holds it: a real wait (no golden ever meets a lock).
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }

    fn path(&self, p: &[u8]) -> PathBuf {
        // The kernel finds nothing at "" (ENOENT): an empty name at the
        // save prompt is a file that cannot be made, not the folder.
        if p.is_empty() {
            return PathBuf::new();
        }
        if self.real_paths.iter().any(|r| r.as_os_str().as_encoded_bytes() == p) {
            return bytes_path(p);
        }
        // The working directory is the home directory without its slash,
        // so relative names and names under the home both land in `dir`
        // (`/home/rodney//t.sav` is `/home/rodney/t.sav`, as for the
        // kernel); a name anywhere else on the recording machine keeps
        // only its file name.
        let rel = case_place(&self.home, p);
        // A name that climbs out (`../x`, `/home/u/../../x`) has no place
        // in the folder: it is a file that cannot be found or made.
        if !stays_inside(&rel) {
            return PathBuf::new();
        }
        self.dir.join(rel)
    }
}

/// The year of a moment in UTC (days-from-civil, inverted).
pub fn utc_year(t: i64) -> i32 {
    let days = t.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    year as i32
}

/// What `strerror` says for an error (without Rust's "(os error n)").
pub fn os_error_text(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// Where a file the game names lives in a case's folder: names under the
/// home directory and relative names keep their place, any other absolute
/// name keeps only its file name. [`ScriptedHost`] puts
/// files there, so a record names its input files the same way.
pub fn case_place(home: &[u8], p: &[u8]) -> PathBuf {
    use os::OsStrExt;
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

/// Is a place in a case's folder really inside it: relative, and never
/// climbing with `..`?
pub fn stays_inside(p: &Path) -> bool {
    use std::path::Component;
    p.components().all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn utc_years() {
        assert_eq!(utc_year(0), 1970);
        assert_eq!(utc_year(1_700_000_000), 2023);
        assert_eq!(utc_year(951_782_400), 2000); // 2000-02-29
        assert_eq!(utc_year(946_684_799), 1999);
        assert_eq!(utc_year(-1), 1969);
    }

    #[test]
    fn only_regular_files_are_opened_and_reads_are_bounded() {
        let dir = std::env::temp_dir().join(format!("rogue-host-regular-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let h = UnixHost;
        let fifo_bytes = fifo.as_os_str().as_encoded_bytes();
        // None of these may wait for the other end of the FIFO.
        for r in [h.open_read(fifo_bytes), h.open_rw(fifo_bytes), h.create_rw(fifo_bytes)] {
            assert_eq!(r.unwrap_err().to_string(), "not a regular file");
        }
        // No reader: the non-blocking open for writing fails at once too.
        assert!(h.create(fifo_bytes).is_err());
        assert!(read_regular(Path::new("/dev/zero"), 100).is_err());
        assert!(read_regular(&dir, 100).is_err());
        let f = dir.join("f");
        std::fs::write(&f, [7u8; 101]).unwrap();
        assert!(read_regular(&f, 100).is_err());
        assert_eq!(read_regular(&f, 101).unwrap(), vec![7u8; 101]);
        // The file is blocking again once opened.
        let file = h.open_read(f.as_os_str().as_encoded_bytes()).unwrap();
        use std::os::fd::AsRawFd;
        // SAFETY: F_GETFL on a descriptor the File owns.
        let flags = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_GETFL) };
        assert_eq!(flags & libc::O_NONBLOCK, 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn scripted_paths_land_in_the_folder() {
        let h = ScriptedHost {
            time: 0,
            pid: 1,
            uid: 1000,
            user: b"rodney".to_vec(),
            home: b"/home/rodney/".to_vec(),
            env: vec![],
            dir: PathBuf::from("/tmp/case"),
            real_paths: vec![PathBuf::from("/shared/rogue.scr")],
        };
        assert_eq!(h.path(b"rogue.scr"), PathBuf::from("/tmp/case/rogue.scr"));
        assert_eq!(h.path(b"/home/rodney/rogue.save"), PathBuf::from("/tmp/case/rogue.save"));
        assert_eq!(h.path(b"/elsewhere/x.sav"), PathBuf::from("/tmp/case/x.sav"));
        // Only the listed paths pass through.
        assert_eq!(h.path(b"/shared/rogue.scr"), PathBuf::from("/shared/rogue.scr"));
        assert_eq!(h.path(b"/shared/rogue.lck"), PathBuf::from("/tmp/case/rogue.lck"));
        // Nothing climbs out of the folder.
        assert_eq!(h.path(b"../../tmp/x.save"), PathBuf::new());
        assert_eq!(h.path(b"/home/rodney/../../etc/x"), PathBuf::new());
        assert_eq!(h.path(b"a/../../x"), PathBuf::new());
    }
}
