//! The `rogue` command line, read by clap: 5.4.4's own forms (`rogue -s`,
//! `rogue -d`, `rogue -r`, `rogue FILE`) and the port's long options. What
//! it reads is handed to the library as a [`rogue::cli::rogue::Cli`]; this
//! package only says how each thing is spelled and which may go together.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Parser;

/// Rogue: Exploring the Dungeons of Doom (Rogue 5.4.4, ported to Rust).
#[derive(Debug, Parser)]
#[command(
    name = "rogue",
    long_about = None,
    max_term_width = 80,
    about = "\
Rogue: Exploring the Dungeons of Doom (Rogue 5.4.4, ported to Rust).

With no arguments a new game starts. `rogue FILE` restores a saved game,
`rogue -r` the one in the default save file; `rogue -s` lists the top ten
scores and `rogue -d` shows a death. Options are read from the ROGUEOPTS
environment variable, as in the original.",
    disable_version_flag = true
)]
pub struct Args {
    /// A saved game to restore
    #[arg(value_name = "FILE")]
    pub file: Option<OsString>,
    /// List the top ten scores
    #[arg(short = 's', conflicts_with_all = ["file", "death", "restore"])]
    pub scores: bool,
    /// Show a random death (and post its score)
    #[arg(short = 'd', conflicts_with_all = ["file", "restore"])]
    pub death: bool,
    /// Restore the game in the default save file
    #[arg(short = 'r', conflicts_with = "file")]
    pub restore: bool,
    /// Play a reproducible game: the dungeon number and seed are N
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub seed: Option<i32>,
    /// The score file (default: rogue.scr in the current directory, or the
    /// one this build was configured with)
    #[arg(long, value_name = "PATH")]
    pub score_file: Option<OsString>,
    /// The default save file (else ~/rogue.save; ROGUEOPTS file= still wins)
    #[arg(long, value_name = "PATH")]
    pub save_file: Option<OsString>,
    /// Print the version of the original and of this port
    #[arg(long)]
    pub version: bool,
    /// Append a line for every game that ends (xlogfile style key=value
    /// fields; default: none, or the one this build was configured with)
    #[arg(long, value_name = "PATH")]
    pub logfile: Option<OsString>,
    /// Write the game down as it is played, as a test case (NAME.case, with
    /// its input files beside it as NAME.in.*) that `rogue --replay` and
    /// `rogue-trace` play again. An existing FILE is kept unless --force
    #[arg(long, value_name = "FILE", conflicts_with = "replay")]
    pub record: Option<PathBuf>,
    /// Let --record replace an existing file
    #[arg(long, requires = "record")]
    pub force: bool,
    /// With --save-file: restore that file when it is there, else start a
    /// new game (for servers: doc/SERVING.md)
    #[arg(
        long,
        requires = "save_file",
        conflicts_with_all = ["file", "scores", "death", "restore", "replay", "bot"]
    )]
    pub resume: bool,
    /// For a public server's players: save only to --save-file (no other
    /// file name is asked), keep the name, no shell (doc/SERVING.md)
    #[arg(long)]
    pub server: bool,
    /// Play a recorded game back: space pauses, n (or .) steps a key while
    /// paused, + and - change the speed, q stops. No file of yours is
    /// touched
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["file", "scores", "death", "restore", "seed", "logfile"]
    )]
    pub replay: Option<PathBuf>,
    /// Milliseconds between the keys of a replay
    #[arg(long, value_name = "MS", default_value_t = 150, requires = "replay")]
    pub delay: u32,
    /// Start the replay paused (n steps one key, space goes on)
    #[arg(long, requires = "replay")]
    pub paused: bool,
    /// Play for a program: keys and requests one per line on standard
    /// input, one line of JSON per answer. No terminal and no files are
    /// touched
    #[arg(long, conflicts_with_all = ["file", "scores", "death", "restore", "record", "logfile"])]
    pub bot: bool,
}

impl From<Args> for rogue::cli::rogue::Cli {
    fn from(a: Args) -> Self {
        rogue::cli::rogue::Cli {
            file: a.file,
            scores: a.scores,
            death: a.death,
            restore: a.restore,
            seed: a.seed,
            score_file: a.score_file,
            save_file: a.save_file,
            version: a.version,
            record: a.record,
            replay: a.replay,
            delay: a.delay,
            paused: a.paused,
            bot: a.bot,
            logfile: a.logfile,
            force: a.force,
            resume: a.resume,
            server: a.server,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use clap::error::ErrorKind;
    use std::ffi::OsStr;

    fn run(args: &[&str]) -> Result<Args, clap::Error> {
        Args::try_parse_from(std::iter::once("rogue").chain(args.iter().copied()))
    }

    fn cli(args: &[&str]) -> rogue::cli::rogue::Cli {
        run(args).unwrap_or_else(|e| panic!("{args:?}: {e}")).into()
    }

    /// The error's message, its first line without "error: ".
    fn err(args: &[&str]) -> String {
        let e = run(args).err().unwrap_or_else(|| panic!("{args:?} was taken"));
        let text = e.render().to_string();
        text.lines().next().unwrap_or_default().trim_start_matches("error: ").to_string()
    }

    #[test]
    fn the_definition_holds_together() {
        Args::command().debug_assert();
    }

    #[test]
    fn plain_game_and_the_originals_arguments() {
        assert_eq!(cli(&[]), rogue::cli::rogue::Cli { delay: 150, ..Default::default() });
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
        assert!(cli(&["--save-file", "x", "--resume"]).resume);
        assert!(cli(&["--server", "--save-file", "x", "--resume"]).server);
        assert!(run(&["--server=1"]).is_err());
    }

    #[test]
    fn help_is_not_an_error() {
        for h in ["--help", "-h"] {
            assert_eq!(run(&[h]).err().map(|e| e.kind()), Some(ErrorKind::DisplayHelp));
        }
        let e = run(&["--help"]).err().map(|e| e.render().to_string()).unwrap_or_default();
        assert!(e.contains("Usage: rogue [OPTIONS] [FILE]") && e.contains("ROGUEOPTS"), "{e}");
    }

    #[test]
    fn errors() {
        assert_eq!(err(&["-s", "-d"]), "the argument '-s' cannot be used with '-d'");
        assert_eq!(err(&["-sd"]), "the argument '-s' cannot be used with '-d'");
        assert_eq!(err(&["x.save", "-r"]), "the argument '[FILE]' cannot be used with '-r'");
        assert_eq!(err(&["--seed", "x"]), "invalid value 'x' for '--seed <N>': invalid digit found in string");
        assert_eq!(err(&["--seed"]), "a value is required for '--seed <N>' but none was supplied");
        assert_eq!(err(&["--delay", "3"]), "the following required arguments were not provided:");
        assert!(run(&["--paused"]).is_err());
        assert!(run(&["--force"]).is_err());
        assert!(run(&["--resume"]).is_err());
        assert_eq!(err(&["--resume", "-r", "--save-file", "x"]), "the argument '--resume' cannot be used with '-r'");
        assert_eq!(err(&["--bot", "--logfile", "l"]), "the argument '--bot' cannot be used with '--logfile <PATH>'");
        assert_eq!(err(&["a", "b"]), "unexpected argument 'b' found");
        assert_eq!(err(&["--bogus"]), "unexpected argument '--bogus' found");
        assert_eq!(err(&["-x"]), "unexpected argument '-x' found");
        assert_eq!(err(&["-s", "-s"]), "the argument '-s' cannot be used multiple times");
        assert_eq!(err(&["--bot=1"]), "unexpected value '1' for '--bot' found; no more were expected");
        assert_eq!(err(&["--bot", "-r"]), "the argument '--bot' cannot be used with '-r'");
        assert_eq!(
            err(&["--replay", "a", "--seed", "1"]),
            "the argument '--replay <FILE>' cannot be used with '--seed <N>'"
        );
        assert_eq!(
            err(&["--record", "a", "--replay", "b"]),
            "the argument '--record <FILE>' cannot be used with '--replay <FILE>'"
        );
        assert_eq!(run(&["-s", "-d"]).err().map(|e| e.exit_code()), Some(2));
    }

    #[test]
    fn non_utf8_paths_are_kept() {
        use std::os::unix::ffi::OsStringExt;
        let name = OsString::from_vec(b"sav\xffe".to_vec());
        let a = Args::try_parse_from([OsString::from("rogue"), name.clone()]).expect("a non-UTF-8 file name");
        assert_eq!(a.file, Some(name));
    }
}
