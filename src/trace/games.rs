//! Kinds `games`, `saves`, `scores` and `wizard`: a whole run of the
//! program from a seed and keystrokes, printed as the terminal's screen at
//! every key wait and at the end (FORMAT-games.md §2).

use crate::case::escape::decode_body;
use crate::case::escape::label;
use crate::case::file_header;
use std::collections::VecDeque;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use super::{Case, RunOptions, TraceError};
use crate::curses::Interrupt;
use crate::curses::model::{KeySource, Model, Terminal};
use crate::curses::{A_CHARTEXT, A_STANDOUT};
use crate::game::ending::Exit;
use crate::game::{Game, Launch};
use crate::host::ScriptedHost;

/// The frames printed so far.
#[derive(Default)]
struct FrameLog {
    out: String,
    n: usize,
    prev: Vec<(String, String)>,
    /// Every frame's whole screen, when asked for (the recordings).
    snaps: Option<Vec<Terminal>>,
}

impl FrameLog {
    /// A frame: its header line, then the rows that changed.
    fn frame(&mut self, head: &str, screen: &Terminal) {
        let _ = writeln!(self.out, "F {} {head}", self.n);
        let rows: Vec<(String, String)> = (0..screen.lines).map(|y| row(screen, y)).collect();
        for (y, r) in rows.iter().enumerate() {
            if self.n == 0 || self.prev.get(y) != Some(r) {
                if r.0.is_empty() {
                    let _ = writeln!(self.out, "R {y}");
                } else {
                    let _ = writeln!(self.out, "R {y} {}", r.0);
                }
                if !r.1.is_empty() {
                    let _ = writeln!(self.out, "A {y} {}", r.1);
                }
            }
        }
        self.prev = rows;
        self.n += 1;
        if let Some(snaps) = &mut self.snaps {
            snaps.push(screen.clone());
        }
    }
}

/// A row's text and attribute mask, trailing blanks (and plain cells)
/// removed.
fn row(screen: &Terminal, y: i32) -> (String, String) {
    let cells: Vec<u32> = (0..screen.cols).map(|x| screen.at(y, x)).collect();
    let text: String = cells.iter().map(|&c| char::from((c & A_CHARTEXT) as u8)).collect();
    let mask: String = cells.iter().map(|&c| if c & A_STANDOUT != 0 { 'S' } else { '.' }).collect();
    (text.trim_end_matches(' ').to_string(), mask.trim_end_matches('.').to_string())
}

/// The keys of a case, taking a frame at every wait.
struct TraceKeys {
    keys: VecDeque<u8>,
    log: Arc<Mutex<FrameLog>>,
}

impl KeySource for TraceKeys {
    fn key(&mut self, screen: &Terminal) -> Result<u8, Interrupt> {
        let k = self.keys.pop_front();
        let next = k.map_or_else(|| "EOF".to_string(), label);
        self.log
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .frame(&format!("key {},{} next={next}", screen.cury, screen.curx), screen);
        k.ok_or(Interrupt::EndOfInput)
    }

    fn line(&mut self, screen: &Terminal) -> Result<Vec<u8>, Interrupt> {
        let n = self.keys.iter().position(|&b| b == b'\n');
        let Some(n) = n else {
            let head = format!("line {},{} next=EOF", screen.cury, screen.curx);
            self.log.lock().unwrap_or_else(PoisonError::into_inner).frame(&head, screen);
            return Err(Interrupt::EndOfInput);
        };
        let bytes: Vec<u8> = self.keys.drain(..=n).collect();
        let next: String = bytes.iter().map(|&b| label(b)).collect();
        let head = format!("line {},{} next={next}", screen.cury, screen.curx);
        self.log.lock().unwrap_or_else(PoisonError::into_inner).frame(&head, screen);
        Ok(bytes)
    }
}

/// Make the run's folder: empty, with the case's input files.
fn prepare_dir(case: &Case, dir: &Path) -> Result<(), TraceError> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| TraceError::Io(dir.to_path_buf(), e))?;
    }
    std::fs::create_dir_all(dir).map_err(|e| TraceError::Io(dir.to_path_buf(), e))?;
    for v in case.get_all("in-file") {
        let Some((path, src)) = file_header(case.dir(), v) else {
            return Err(TraceError::Parse(format!("{}: bad in-file {v:?}", case.path.display())));
        };
        let dst = dir.join(path);
        let bytes =
            crate::host::read_regular(&src, crate::case::MAX_CASE).map_err(|e| TraceError::Io(src.clone(), e))?;
        std::fs::write(&dst, bytes).map_err(|e| TraceError::Io(dst.clone(), e))?;
        let _ = crate::host::os::set_mode(&dst, 0o644);
    }
    Ok(())
}

/// What a whole-program case sets up: the machine, the keys, the
/// arguments, the screen size, and whether it is the wizard build.
pub struct Setup {
    pub host: ScriptedHost,
    pub keys: Vec<u8>,
    pub args: Vec<Vec<u8>>,
    pub master: bool,
    pub lines: i32,
    pub cols: i32,
}

/// Read a case's headers and body into a [`Setup`] whose files live in
/// `dir` (which is made empty and given the case's input files).
pub fn setup(case: &Case, dir: &Path) -> Result<Setup, TraceError> {
    crate::case::record::check_case_files(case)?;
    prepare_dir(case, dir)?;
    setup_in(case, dir)
}

/// Read a case's headers and body into a [`Setup`] whose files live in
/// `dir` as they are (the page in web/ puts the case's input files there
/// itself).
pub fn setup_in(case: &Case, dir: &Path) -> Result<Setup, TraceError> {
    let master = case.kind == "wizard";
    let keys = decode_body(&case.body).map_err(|e| TraceError::Parse(format!("{}: {e}", case.path.display())))?;
    let user = case.require("user")?.to_string();
    let mut home = case.require("home")?.to_string();
    if !home.ends_with('/') {
        home.push('/');
    }
    let mut env: Vec<(String, Vec<u8>)> = vec![
        ("TERM".into(), case.get("term").unwrap_or("vt100").as_bytes().to_vec()),
        ("HOME".into(), home.trim_end_matches('/').as_bytes().to_vec()),
        ("USER".into(), user.as_bytes().to_vec()),
        ("LOGNAME".into(), user.as_bytes().to_vec()),
        ("PATH".into(), b"/usr/bin:/bin".to_vec()),
        ("TZ".into(), case.get("tz").unwrap_or("UTC").as_bytes().to_vec()),
    ];
    if let Some(o) = case.get("rogueopts") {
        env.push(("ROGUEOPTS".into(), o.as_bytes().to_vec()));
    }
    let host = ScriptedHost {
        time: i64::from(case.int("time")?),
        pid: case.int("pid")?,
        uid: case.get("uid").and_then(|u| u.parse().ok()).unwrap_or(1000),
        user: user.as_bytes().to_vec(),
        home: home.as_bytes().to_vec(),
        env,
        dir: dir.to_path_buf(),
        real_paths: Vec::new(),
    };
    let args: Vec<Vec<u8>> =
        case.get("args").map(|a| a.split(' ').map(|s| s.as_bytes().to_vec()).collect()).unwrap_or_default();
    Ok(Setup {
        host,
        keys,
        args,
        master,
        lines: case.get("lines").and_then(|v| v.parse().ok()).unwrap_or(24),
        cols: case.get("cols").and_then(|v| v.parse().ok()).unwrap_or(80),
    })
}

/// A fresh folder for a run that keeps no files.
pub fn temp_dir() -> std::path::PathBuf {
    let n = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!("rogue-trace-{}-{n}", std::process::id()))
}

/// Run a whole-program case.
pub fn run(case: &Case, opts: &RunOptions) -> Result<String, TraceError> {
    run_logged(case, opts, false).map(|log| log.out)
}

/// Run a whole-program case and return its frames' whole screens, in
/// the order its trace prints them (the last one is the end's).
pub fn screens(case: &Case, opts: &RunOptions) -> Result<Vec<Terminal>, TraceError> {
    Ok(run_logged(case, opts, true)?.snaps.unwrap_or_default())
}

/// Run a whole-program case, its frames kept as text and, with `keep`,
/// as whole screens.
fn run_logged(case: &Case, opts: &RunOptions, keep: bool) -> Result<FrameLog, TraceError> {
    // A relative score file would be taken relative to this process's own
    // working directory, not the run's folder.
    if let Some(p) = opts.score_file.as_ref().filter(|p| !p.is_absolute()) {
        return Err(TraceError::Parse(format!("--score-file {}: the path must be absolute", p.display())));
    }
    let (dir, temporary) = match &opts.out_dir {
        Some(d) => (d.clone(), false),
        None => (temp_dir(), true),
    };
    let mut s = setup(case, &dir)?;
    // `--score-file`: a score file shared by several runs, used in place
    // with its lock next to it.
    let launch = Launch {
        score_path: opts.score_file.as_ref().map(|p| p.as_os_str().as_encoded_bytes().to_vec()),
        master: s.master,
        ..Launch::default()
    };
    if let Some(p) = &opts.score_file {
        use crate::host::os::OsStrExt;
        let (_, lock) = launch.score_files();
        s.host.real_paths = vec![p.clone(), std::ffi::OsStr::from_bytes(&lock).into()];
    }
    let log = Arc::new(Mutex::new(FrameLog { snaps: keep.then(Vec::new), ..FrameLog::default() }));
    let mut model = Model::new(s.lines, s.cols);
    model.set_input(Box::new(TraceKeys { keys: s.keys.into(), log: Arc::clone(&log) }));
    let mut g = Game::launch(Box::new(s.host), Box::new(model), launch);
    let exit = g.rogue_main(&s.args);
    // The terminal after everything the program wrote.
    let Some(screen) = g.rt.scr.terminal().cloned() else {
        return Err(TraceError::Parse("the screen model has no terminal".into()));
    };
    drop(g);
    let mut log = std::mem::take(&mut *log.lock().unwrap_or_else(PoisonError::into_inner));
    match exit {
        Exit::Status(s) => {
            log.frame(&format!("exit {},{} status={s}", screen.cury, screen.curx), &screen);
            log.out.push_str("END exit\n");
        }
        Exit::Killed(sig) => {
            log.frame(&format!("exit {},{} signal={sig}", screen.cury, screen.curx), &screen);
            log.out.push_str("END exit\n");
        }
        // Out of keys while the program still waits: the recorder killed
        // it (SIGKILL) and took the last frame.
        Exit::EndOfInput => {
            log.frame(&format!("exit {},{} signal=9", screen.cury, screen.curx), &screen);
            log.out.push_str("END exit\n");
        }
        Exit::Paused => log.out.push_str("END eof\n"),
    }
    if temporary {
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(log)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_headers_may_name_paths_with_spaces() {
        let dir = std::env::temp_dir().join(format!("rogue-file-header-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("c.in.my save"), b"x").unwrap();
        std::fs::write(dir.join("c.scr"), b"x").unwrap();
        assert_eq!(file_header(&dir, "rogue.scr c.scr"), Some(("rogue.scr".into(), dir.join("c.scr"))));
        assert_eq!(file_header(&dir, "my save c.in.my save"), Some(("my save".into(), dir.join("c.in.my save"))));
        // No side file yet (a case still to be run): the first space.
        assert_eq!(file_header(&dir, "a b"), Some(("a".into(), dir.join("b"))));
        assert_eq!(file_header(&dir, "lonely"), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
