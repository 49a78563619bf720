//! rogue: Rogue 5.4.4, the game, on the terminal: what a command line
//! asks for, run. The command line itself is read by the binary's package
//! (terminal/, with clap), so the library's tree has no argument parser.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::process::ExitCode;

use crate::curses::term::Ncurses;
use crate::game::ending::Exit;
use crate::game::{Game, Launch};
use crate::host::UnixHost;

/// What the command line asks for (terminal/cli.rs reads it; every
/// combination it lets through is one this runs).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Cli {
    /// A saved game to restore.
    pub file: Option<OsString>,
    /// `-s`: list the top ten scores.
    pub scores: bool,
    /// `-d`: show a random death (and post its score).
    pub death: bool,
    /// `-r`: restore the game in the default save file.
    pub restore: bool,
    /// `--seed N`: the dungeon number and seed.
    pub seed: Option<i32>,
    /// `--score-file PATH`.
    pub score_file: Option<OsString>,
    /// `--save-file PATH`.
    pub save_file: Option<OsString>,
    /// `--version`.
    pub version: bool,
    /// `--record FILE`.
    pub record: Option<std::path::PathBuf>,
    /// `--replay FILE`.
    pub replay: Option<std::path::PathBuf>,
    /// `--delay MS`: milliseconds between the keys of a replay.
    pub delay: u32,
    /// `--paused`: start the replay paused.
    pub paused: bool,
    /// `--bot`: play for a program over standard input and output.
    pub bot: bool,
    /// `--logfile PATH`: the log of games.
    pub logfile: Option<OsString>,
    /// `--force`: `--record` may replace an existing file.
    pub force: bool,
    /// `--resume`: restore the `--save-file` if it is there, else play a
    /// new game (a server's one way in).
    pub resume: bool,
    /// `--server`: the server switch (`game/server.rs`).
    pub server: bool,
}

/// The `rogue` binary, its command line read: run what it asks.
pub fn run(cli: Cli) -> ExitCode {
    if cli.version {
        println!("{}", crate::game::consts::VERSION);
        println!("rogue (Rust port) {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    // --bot and --replay use no system file: a setgid or setuid install's
    // ids are given up before anything else.
    if cli.bot || cli.replay.is_some() {
        if let Err(e) = crate::host::give_up_privileges() {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
        if cli.bot {
            return bot(&cli);
        }
    }
    if let Some(path) = &cli.replay {
        return replay(path, cli.delay, cli.paused);
    }
    play(&cli)
}

/// A game on the terminal: a new one, a restore, the scores or a death.
// Each way of running (this, `bot`, `replay`) is a call of its own, so
// that main's stack frame is not all of theirs at once: the stack's pages
// are pages of the game's memory.
#[inline(never)]
fn play(cli: &Cli) -> ExitCode {
    // The system score file is the only file opened with the ids a setgid
    // or setuid install lends, and it is opened first (`open_score`); then
    // they are given up for good (`md_normaluser`), before any file the
    // player names is touched: `--score-file` (which replaces the system
    // file, so that is then never opened), `--record`, `--save-file`, a
    // save to restore, ROGUEOPTS' `file=`, a name typed at the save prompt.
    let system_score = match &cli.score_file {
        None => crate::game::score::open_score_file(&UnixHost, crate::game::score::SCOREFILE.as_bytes()).ok(),
        Some(_) => None,
    };
    // The system log of games goes with the system score file, opened
    // the same way and at the same time; `--logfile` replaces it (and is
    // opened with the player's rights when the game ends).
    let system_log = match (&cli.score_file, &cli.logfile, crate::game::logfile::LOGFILE) {
        (None, None, Some(p)) => {
            Some((p.as_bytes().to_vec(), crate::game::logfile::open_log_file(&UnixHost, p.as_bytes())))
        }
        _ => None,
    };
    if let Err(e) = crate::host::give_up_privileges() {
        eprintln!("{e}");
        return ExitCode::from(1);
    }
    // The original's arguments, as main() reads them.
    let args: Vec<Vec<u8>> = if cli.scores {
        vec![b"-s".to_vec()]
    } else if cli.death {
        vec![b"-d".to_vec()]
    } else if cli.restore {
        vec![b"-r".to_vec()]
    } else if let Some(f) = &cli.file {
        vec![f.clone().into_vec()]
    } else if let Some(f) = cli.save_file.as_ref().filter(|f| cli.resume && std::fs::symlink_metadata(f).is_ok()) {
        // `--resume`: the save file, looked for with the player's rights.
        vec![f.clone().into_vec()]
    } else {
        Vec::new()
    };
    let mut curses = open_terminal();
    let mut g_seed = cli.seed;
    let record = match &cli.record {
        None => None,
        Some(path) => match start_record(path, cli, &args) {
            Ok(r) => {
                // The seed is fixed so the record's time and pid give it.
                g_seed = Some(r.seed);
                curses.log_keys(r.key_log());
                Some(r)
            }
            Err(e) => {
                eprintln!("rogue: {}: {}", path.display(), crate::host::os_error_text(&e));
                return ExitCode::from(1);
            }
        },
    };
    let launch = Launch {
        score_path: cli.score_file.clone().map(|p| p.into_vec()),
        lock_path: None,
        // Opened above; a failure is told by the game's own open_score.
        scoreboard: system_score,
        save_path: cli.save_file.clone().map(|p| p.into_vec()),
        fixed_dnum: g_seed,
        master: cfg!(feature = "wizard"),
        observer: record.as_ref().map(|r| Box::new(r.observer()) as Box<dyn crate::game::Observer>),
        log_path: cli.logfile.clone().map(|p| p.into_vec()),
        system_log,
        server: cli.server || crate::game::server::BUILT_FOR_SERVERS,
    };
    let mut g = Game::launch(Box::new(UnixHost), Box::new(curses), launch);
    let exit = g.rogue_main(&args);
    // The game has given the terminal back where it ends normally; the
    // terminal's drop ends curses on a path that leaves it on and keeps the
    // prompt off the game's last lines (`Ncurses::leave`).
    let outcome = g.outcome;
    drop(g);
    if let Some(r) = &record
        && let Err(e) = r.finish(outcome)
    {
        eprintln!("rogue: {}: {}", r.path.display(), crate::host::os_error_text(&e));
    }
    match exit {
        Exit::Killed(sig) => {
            // The C dies of the signal where it ends so (^C at the line
            // read after the score list, once score() has reset SIGINT),
            // with the terminal as it is then: endwin has already put it
            // back in its normal mode. What was printed is written first,
            // as the C's stdout was flushed by the read.
            use std::io::Write;
            let _ = std::io::stdout().flush();
            let _ = std::io::stderr().flush();
            crate::host::signals::die_of(sig);
            ExitCode::from(exit.code())
        }
        _ => ExitCode::from(exit.code()),
    }
}

/// `--bot`: the game over standard input and output.
#[inline(never)]
fn bot(cli: &Cli) -> ExitCode {
    use crate::host::Host;
    let host = UnixHost;
    let time = host.time();
    let config = crate::session::Config {
        seed: cli.seed.unwrap_or_else(|| (time as i32).wrapping_add(host.getpid())),
        user: String::from_utf8_lossy(&host.username()).into_owned(),
        rogueopts: host.getenv("ROGUEOPTS").map(|o| String::from_utf8_lossy(&o).into_owned()),
        time,
        ..Default::default()
    };
    let input = std::io::BufReader::new(std::io::stdin());
    let out = std::io::BufWriter::new(std::io::stdout());
    match crate::session::botpipe::serve(&config, input, out) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away: nothing more to say to it.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rogue: --bot: {e}");
            ExitCode::from(1)
        }
    }
}

/// A record under way: the file, shared by the key log and the observer.
struct Recording {
    path: std::path::PathBuf,
    file: std::sync::Arc<std::sync::Mutex<crate::case::record::RecordFile>>,
    /// The first error writing it (the game goes on; it is told at the end).
    error: std::sync::Arc<std::sync::Mutex<Option<std::io::Error>>>,
    home: Vec<u8>,
    seed: i32,
}

/// Start `--record PATH`: the headers of the case, and the score file as
/// it is now (the list the game shows at its end depends on it).
#[inline(never)]
fn start_record(path: &std::path::Path, cli: &Cli, args: &[Vec<u8>]) -> std::io::Result<Recording> {
    use crate::host::Host;
    let host = UnixHost;
    let time = host.time();
    let seed = cli.seed.unwrap_or_else(|| (time as i32).wrapping_add(host.getpid()));
    let env = |k: &str| host.getenv(k).map(|v| String::from_utf8_lossy(&v).into_owned());
    let home = host.home_dir();
    let kind = match args.first().map(Vec::as_slice) {
        None => "games",
        Some(b"-s" | b"-d") => "scores",
        Some(_) => "saves",
    };
    // time + pid is the seed, with a pid a real run could have.
    let (rec_time, rec_pid) = crate::case::record::clock_headers(seed, time, host.getpid());
    let mut headers: Vec<(String, String)> = vec![
        ("kind".into(), kind.into()),
        ("seed".into(), seed.to_string()),
        ("time".into(), rec_time.to_string()),
        ("pid".into(), rec_pid.to_string()),
        ("uid".into(), host.getuid().to_string()),
        ("gid".into(), host.getgid().to_string()),
        ("user".into(), String::from_utf8_lossy(&host.username()).into_owned()),
        ("home".into(), String::from_utf8_lossy(&home).into_owned()),
        ("cwd".into(), std::env::current_dir().map(|d| d.display().to_string()).unwrap_or_default()),
        ("term".into(), env("TERM").unwrap_or_else(|| "unknown".into())),
        ("lines".into(), "24".into()),
        ("cols".into(), "80".into()),
        ("tz".into(), env("TZ").unwrap_or_else(|| "UTC".into())),
    ];
    // --save-file is the default save file; a replay knows it as the
    // option that sets it.
    let mut opts = env("ROGUEOPTS");
    if let Some(f) = &cli.save_file
        && !opts.as_deref().is_some_and(|o| o.contains("file="))
    {
        let f = f.to_string_lossy();
        opts = Some(match opts {
            Some(o) if !o.is_empty() => format!("{o},file={f}"),
            _ => format!("file={f}"),
        });
    }
    if let Some(o) = opts {
        headers.push(("rogueopts".into(), o));
    }
    if !args.is_empty() {
        let joined: Vec<String> = args.iter().map(|a| String::from_utf8_lossy(a).into_owned()).collect();
        headers.push(("args".into(), joined.join(" ")));
    }
    // A record is never written over another (a game of the player's)
    // unless asked to.
    if !cli.force && std::fs::symlink_metadata(path).is_ok() {
        return Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, "File exists (--force replaces it)"));
    }
    let mut file = crate::case::record::RecordFile::create(path, headers)?;
    let score_path: Vec<u8> = match &cli.score_file {
        Some(p) => p.clone().into_vec(),
        None => crate::game::score::SCOREFILE.as_bytes().to_vec(),
    };
    // Read with the player's own rights (the ids are given up by now), a
    // regular file of a score file's size only.
    if let Ok(bytes) = crate::host::read_regular(&host.path(&score_path), crate::game::score::FILE_LEN as u64) {
        file.add_in_file("rogue.scr", "scr", &bytes)?;
    }
    Ok(Recording {
        path: path.to_path_buf(),
        file: std::sync::Arc::new(std::sync::Mutex::new(file)),
        error: Default::default(),
        home,
        seed,
    })
}

impl Recording {
    /// What the terminal tells of every key.
    fn key_log(&self) -> crate::curses::term::KeyLog {
        let file = std::sync::Arc::clone(&self.file);
        let error = std::sync::Arc::clone(&self.error);
        std::sync::Arc::new(std::sync::Mutex::new(move |bytes: &[u8], (lines, cols): (i32, i32)| {
            let mut f = file.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            f.set("lines", &lines.to_string());
            f.set("cols", &cols.to_string());
            if let Err(e) = f.push(bytes) {
                error.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get_or_insert(e);
            }
        }))
    }

    /// What the game tells: the save file it restores.
    fn observer(&self) -> RecordObserver {
        RecordObserver {
            file: std::sync::Arc::clone(&self.file),
            error: std::sync::Arc::clone(&self.error),
            home: self.home.clone(),
        }
    }

    /// The run is over: how it ended, and any error on the way.
    fn finish(&self, outcome: Option<crate::game::ending::Ending>) -> std::io::Result<()> {
        if let Some(e) = self.error.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take() {
            return Err(e);
        }
        self.file
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .finish(crate::case::record::ends_word(outcome))
    }
}

struct RecordObserver {
    file: std::sync::Arc<std::sync::Mutex<crate::case::record::RecordFile>>,
    error: std::sync::Arc<std::sync::Mutex<Option<std::io::Error>>>,
    home: Vec<u8>,
}

impl crate::game::Observer for RecordObserver {
    fn restoring(&mut self, path: &[u8], bytes: &[u8]) {
        let place = crate::host::case_place(&self.home, path);
        let place_text = place.display().to_string();
        let suffix = if place_text == "rogue.save" {
            "save".to_string()
        } else {
            place.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "save".into())
        };
        let mut f = self.file.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Err(e) = f.add_in_file(&place_text, &suffix, bytes) {
            self.error.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get_or_insert(e);
        }
    }
}

/// `--replay FILE`: the record's game on this terminal, its keys from the
/// record, in a folder of its own (no file of the player's is touched).
#[inline(never)]
fn replay(path: &std::path::Path, delay: u32, paused: bool) -> ExitCode {
    let case = match crate::case::Case::read(path) {
        Ok(c) if matches!(c.kind.as_str(), "games" | "saves" | "scores" | "wizard") => c,
        Ok(c) => {
            eprintln!("rogue: {}: a {} case is not a game", path.display(), c.kind);
            return ExitCode::from(1);
        }
        Err(e) => {
            eprintln!("rogue: {e}");
            return ExitCode::from(1);
        }
    };
    let dir = crate::trace::games::temp_dir();
    let setup = match crate::trace::games::setup(&case, &dir) {
        Ok(s) => s,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&dir);
            eprintln!("rogue: {e}");
            return ExitCode::from(1);
        }
    };
    let mut curses = open_terminal();
    let delay = i32::try_from(delay).unwrap_or(i32::MAX);
    curses.replay(crate::curses::term::Replay::new(&setup.keys, delay, paused), setup.lines, setup.cols);
    let launch = Launch { master: setup.master, ..Launch::default() };
    let mut g = Game::launch(Box::new(setup.host), Box::new(curses), launch);
    g.rogue_main(&setup.args);
    // Gives the terminal back as a save does (`Ncurses::leave`).
    drop(g);
    let _ = std::fs::remove_dir_all(&dir);
    ExitCode::SUCCESS
}

/// The real terminal, with the game's signal handlers, and a panic hook
/// that gives the terminal back whatever happens.
fn open_terminal() -> Ncurses {
    crate::host::signals::install();
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        Ncurses::emergency_endwin();
        default_hook(info);
    }));
    Ncurses::new()
}
