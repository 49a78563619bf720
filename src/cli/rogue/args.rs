//! The `rogue` command line, read by hand: the game's few options do not
//! need an argument-parsing library, and leaving one out keeps the shipped
//! binary small (its start-up code was a large part of the pages an
//! interactive game touches; see doc/PERFORMANCE.md, "Memory").

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;

/// What the command line asks for.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Cli {
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

/// The outcome of reading the command line.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Parsed {
    Run(Cli),
    /// `-h` or `--help`.
    Help,
}

/// A command line that cannot be run: the message, without "error: ".
#[derive(Debug, PartialEq, Eq)]
pub(super) struct ArgError(pub String);

impl std::fmt::Display for ArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "error: {}\n\nFor more information, try '--help'.", self.0)
    }
}

pub(super) const HELP: &str = "\
Rogue: Exploring the Dungeons of Doom (Rogue 5.4.4, ported to Rust).

With no arguments a new game starts. `rogue FILE` restores a saved game,
`rogue -r` the one in the default save file; `rogue -s` lists the top ten
scores and `rogue -d` shows a death. Options are read from the ROGUEOPTS
environment variable, as in the original.

Usage: rogue [OPTIONS] [FILE]

Arguments:
  [FILE]               A saved game to restore

Options:
  -s                   List the top ten scores
  -d                   Show a random death (and post its score)
  -r                   Restore the game in the default save file
      --seed <N>       Play a reproducible game: the dungeon number and seed
                       are N
      --score-file <PATH>
                       The score file (default: rogue.scr in the current
                       directory, or the one this build was configured with)
      --save-file <PATH>
                       The default save file (else ~/rogue.save; ROGUEOPTS
                       file= still wins)
      --version        Print the version of the original and of this port
      --logfile <PATH> Append a line for every game that ends (xlogfile
                       style key=value fields; default: none, or the one this
                       build was configured with)
      --record <FILE>  Write the game down as it is played, as a test case
                       (NAME.case, with its input files beside it as
                       NAME.in.*) that `rogue --replay` and `rogue-trace` play
                       again. An existing FILE is kept unless --force
      --force          Let --record replace an existing file
      --resume         With --save-file: restore that file when it is there,
                       else start a new game (for servers: doc/SERVING.md)
      --server         For a public server's players: save only to
                       --save-file (no other file name is asked), keep the
                       name, no shell (doc/SERVING.md)
      --replay <FILE>  Play a recorded game back: space pauses, n (or .) steps
                       a key while paused, + and - change the speed, q stops.
                       No file of yours is touched
      --delay <MS>     Milliseconds between the keys of a replay [default: 150]
      --paused         Start the replay paused (n steps one key, space goes on)
      --bot            Play for a program: keys and requests one per line on
                       standard input, one line of JSON per answer. No
                       terminal and no files are touched
  -h, --help           Print help
";

/// The options, as named in messages, in the order of the help.
const SCORES: &str = "-s";
const DEATH: &str = "-d";
const RESTORE: &str = "-r";
const FILE: &str = "[FILE]";
const SEED: &str = "--seed <N>";
const RECORD: &str = "--record <FILE>";
const REPLAY: &str = "--replay <FILE>";
const DELAY: &str = "--delay <MS>";
const PAUSED: &str = "--paused";
const BOT: &str = "--bot";
const LOGFILE: &str = "--logfile <PATH>";
const FORCE: &str = "--force";
const RESUME: &str = "--resume";
const SERVER: &str = "--server";

/// Options that may not be given together (each pair once).
const CONFLICTS: [(&str, &str); 25] = [
    (SCORES, FILE),
    (SCORES, DEATH),
    (SCORES, RESTORE),
    (DEATH, FILE),
    (DEATH, RESTORE),
    (RESTORE, FILE),
    (RECORD, REPLAY),
    (REPLAY, FILE),
    (REPLAY, SCORES),
    (REPLAY, DEATH),
    (REPLAY, RESTORE),
    (REPLAY, SEED),
    (BOT, FILE),
    (BOT, SCORES),
    (BOT, DEATH),
    (BOT, RESTORE),
    (BOT, RECORD),
    (BOT, LOGFILE),
    (REPLAY, LOGFILE),
    (RESUME, FILE),
    (RESUME, SCORES),
    (RESUME, DEATH),
    (RESUME, RESTORE),
    (RESUME, REPLAY),
    (RESUME, BOT),
];

/// Read the arguments (without the program's name).
pub(super) fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Parsed, ArgError> {
    let mut cli = Cli { delay: 150, ..Cli::default() };
    // Which options were given, by their names in messages, in order.
    let mut given: Vec<&'static str> = Vec::new();
    let mut args = args.into_iter();
    let mut only_files = false;
    while let Some(arg) = args.next() {
        let bytes = arg.as_bytes();
        if only_files || bytes == b"-" || !bytes.starts_with(b"-") {
            if cli.file.is_some() {
                return Err(unexpected(&arg));
            }
            mark(&mut given, FILE)?;
            cli.file = Some(arg);
            continue;
        }
        if bytes == b"--" {
            only_files = true;
            continue;
        }
        if let Some(long) = bytes.strip_prefix(b"--") {
            // --name, --name=value or --name value
            let (name, inline) = match long.iter().position(|&b| b == b'=') {
                Some(i) => (&long[..i], Some(OsStr::from_bytes(&long[i + 1..]).to_os_string())),
                None => (long, None),
            };
            let shown = match name {
                b"seed" => SEED,
                b"score-file" => "--score-file <PATH>",
                b"save-file" => "--save-file <PATH>",
                b"record" => RECORD,
                b"replay" => REPLAY,
                b"delay" => DELAY,
                b"version" => "--version",
                b"paused" => PAUSED,
                b"bot" => BOT,
                b"logfile" => LOGFILE,
                b"force" => FORCE,
                b"resume" => RESUME,
                b"server" => SERVER,
                b"help" => return Ok(Parsed::Help),
                _ => return Err(unexpected(&arg)),
            };
            mark(&mut given, shown)?;
            if !shown.ends_with('>') {
                if inline.is_some() {
                    return Err(ArgError(format!("unexpected value for '{shown}'")));
                }
                match shown {
                    "--version" => cli.version = true,
                    PAUSED => cli.paused = true,
                    FORCE => cli.force = true,
                    RESUME => cli.resume = true,
                    SERVER => cli.server = true,
                    _ => cli.bot = true,
                }
                continue;
            }
            let Some(value) = inline.or_else(|| args.next()) else {
                return Err(ArgError(format!("a value is required for '{shown}' but none was supplied")));
            };
            match shown {
                SEED => cli.seed = Some(number(SEED, &value)?),
                DELAY => cli.delay = number(DELAY, &value)?,
                RECORD => cli.record = Some(value.into()),
                REPLAY => cli.replay = Some(value.into()),
                "--score-file <PATH>" => cli.score_file = Some(value),
                LOGFILE => cli.logfile = Some(value),
                _ => cli.save_file = Some(value),
            }
            continue;
        }
        // A cluster of short flags: -s, -sd, ...
        for (i, &b) in bytes.iter().enumerate().skip(1) {
            let (name, flag) = match b {
                b's' => (SCORES, &mut cli.scores),
                b'd' => (DEATH, &mut cli.death),
                b'r' => (RESTORE, &mut cli.restore),
                b'h' => return Ok(Parsed::Help),
                _ => {
                    let c = String::from_utf8_lossy(&bytes[i..]).chars().next().unwrap_or('?');
                    return Err(ArgError(format!("unexpected argument '-{c}' found")));
                }
            };
            mark(&mut given, name)?;
            *flag = true;
        }
    }
    for (a, b) in &CONFLICTS {
        if given.contains(a) && given.contains(b) {
            // Told in the order they were given, as the later one is the
            // one that does not fit.
            let (first, later) =
                if given.iter().position(|g| g == a) < given.iter().position(|g| g == b) { (a, b) } else { (b, a) };
            return Err(ArgError(format!("the argument '{first}' cannot be used with '{later}'")));
        }
    }
    for needs in [DELAY, PAUSED] {
        if given.contains(&needs) && !given.contains(&REPLAY) {
            return Err(ArgError(format!("the argument '{needs}' requires '{REPLAY}'")));
        }
    }
    if given.contains(&FORCE) && !given.contains(&RECORD) {
        return Err(ArgError(format!("the argument '{FORCE}' requires '{RECORD}'")));
    }
    if given.contains(&RESUME) && !given.contains(&"--save-file <PATH>") {
        return Err(ArgError(format!("the argument '{RESUME}' requires '--save-file <PATH>'")));
    }
    Ok(Parsed::Run(cli))
}

/// Note an option as given; each may be given once.
fn mark(given: &mut Vec<&'static str>, name: &'static str) -> Result<(), ArgError> {
    if given.contains(&name) {
        return Err(ArgError(format!("the argument '{name}' cannot be used multiple times")));
    }
    given.push(name);
    Ok(())
}

fn unexpected(arg: &OsStr) -> ArgError {
    ArgError(format!("unexpected argument '{}' found", arg.to_string_lossy()))
}

/// An option's number (a decimal integer of its type).
fn number<T: std::str::FromStr>(name: &str, value: &OsStr) -> Result<T, ArgError>
where
    T::Err: std::fmt::Display,
{
    let text = value.to_string_lossy();
    text.parse().map_err(|e| ArgError(format!("invalid value '{text}' for '{name}': {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Parsed, ArgError> {
        parse(args.iter().map(OsString::from))
    }

    fn cli(args: &[&str]) -> Cli {
        match run(args) {
            Ok(Parsed::Run(c)) => c,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    #[test]
    fn plain_game_and_the_originals_arguments() {
        assert_eq!(cli(&[]), Cli { delay: 150, ..Cli::default() });
        assert!(cli(&["-s"]).scores);
        assert!(cli(&["-d"]).death);
        assert!(cli(&["-r"]).restore);
        assert_eq!(cli(&["game.save"]).file.as_deref(), Some(OsStr::new("game.save")));
        assert_eq!(cli(&["-"]).file.as_deref(), Some(OsStr::new("-")));
        assert_eq!(cli(&["--", "-s"]).file.as_deref(), Some(OsStr::new("-s")));
    }

    #[test]
    fn values_separate_inline_and_negative() {
        assert_eq!(cli(&["--seed", "-5"]).seed, Some(-5));
        assert_eq!(cli(&["--seed=1700000042"]).seed, Some(1_700_000_042));
        let c = cli(&["-d", "--score-file", "s.scr", "--save-file=x.save", "--record", "r.case"]);
        assert!(c.death);
        assert_eq!(c.score_file.as_deref(), Some(OsStr::new("s.scr")));
        assert_eq!(c.save_file.as_deref(), Some(OsStr::new("x.save")));
        assert_eq!(c.record.as_deref(), Some(std::path::Path::new("r.case")));
        let c = cli(&["--replay", "a.case", "--delay", "1", "--paused"]);
        assert_eq!((c.replay.is_some(), c.delay, c.paused), (true, 1, true));
        let c = cli(&["--record", "r.case", "--force", "--logfile=games.log"]);
        assert!(c.force);
        assert_eq!(c.logfile.as_deref(), Some(OsStr::new("games.log")));
        let c = cli(&["--bot", "--seed", "1"]);
        assert_eq!((c.bot, c.seed), (true, Some(1)));
        assert!(cli(&["--version"]).version);
    }

    #[test]
    fn help() {
        assert_eq!(run(&["--help"]), Ok(Parsed::Help));
        assert_eq!(run(&["-h"]), Ok(Parsed::Help));
    }

    #[test]
    fn errors() {
        let err = |args: &[&str]| match run(args) {
            Err(ArgError(m)) => m,
            other => panic!("{args:?}: {other:?}"),
        };
        assert_eq!(err(&["-s", "-d"]), "the argument '-s' cannot be used with '-d'");
        assert_eq!(err(&["-sd"]), "the argument '-s' cannot be used with '-d'");
        assert_eq!(err(&["x.save", "-r"]), "the argument '[FILE]' cannot be used with '-r'");
        assert_eq!(err(&["--seed", "x"]), "invalid value 'x' for '--seed <N>': invalid digit found in string");
        assert_eq!(err(&["--seed"]), "a value is required for '--seed <N>' but none was supplied");
        assert_eq!(err(&["--delay", "3"]), "the argument '--delay <MS>' requires '--replay <FILE>'");
        assert_eq!(err(&["--paused"]), "the argument '--paused' requires '--replay <FILE>'");
        assert_eq!(err(&["--force"]), "the argument '--force' requires '--record <FILE>'");
        assert_eq!(err(&["--resume"]), "the argument '--resume' requires '--save-file <PATH>'");
        assert_eq!(err(&["--resume", "-r", "--save-file", "x"]), "the argument '--resume' cannot be used with '-r'");
        assert!(cli(&["--save-file", "x", "--resume"]).resume);
        assert!(cli(&["--server", "--save-file", "x", "--resume"]).server);
        assert_eq!(err(&["--server=1"]), "unexpected value for '--server'");
        assert_eq!(err(&["--bot", "--logfile", "l"]), "the argument '--bot' cannot be used with '--logfile <PATH>'");
        assert_eq!(err(&["a", "b"]), "unexpected argument 'b' found");
        assert_eq!(err(&["--bogus"]), "unexpected argument '--bogus' found");
        assert_eq!(err(&["-x"]), "unexpected argument '-x' found");
        assert_eq!(err(&["-sx"]), "unexpected argument '-x' found");
        assert_eq!(err(&["-s", "-s"]), "the argument '-s' cannot be used multiple times");
        assert_eq!(err(&["--bot=1"]), "unexpected value for '--bot'");
        assert_eq!(err(&["--bot", "-r"]), "the argument '--bot' cannot be used with '-r'");
        assert_eq!(
            err(&["--replay", "a", "--seed", "1"]),
            "the argument '--replay <FILE>' cannot be used with '--seed <N>'"
        );
        assert_eq!(
            err(&["--record", "a", "--replay", "b"]),
            "the argument '--record <FILE>' cannot be used with '--replay <FILE>'"
        );
    }

    #[test]
    fn non_utf8_paths_are_kept() {
        use std::os::unix::ffi::OsStringExt;
        let name = OsString::from_vec(b"sav\xffe".to_vec());
        match parse([name.clone()]) {
            Ok(Parsed::Run(c)) => assert_eq!(c.file, Some(name)),
            other => panic!("{other:?}"),
        }
    }
}
