//! rogue-trace: run one oracle case and print exactly what the original
//! program printed for it; or write a game case's screens as a recording
//! (asciicast, ttyrec) that terminal players show.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ArgGroup, Parser};
use rogue::trace::{self, RunOptions, export};

/// What the command line asks for (read by clap).
#[derive(Debug, Parser)]
#[command(
    name = "rogue-trace",
    version,
    long_about = None,
    max_term_width = 80,
    about = "\
Run a golden case of the oracle (oracle/README.md) and print its output.

The output must equal the case's NAME.expected byte for byte. Paths in a
case are relative to the case file, so the current directory does not
matter. A kind of case that is not implemented yet exits with status 2 and
a one-line message on standard error.

With --asciicast or --ttyrec, a game case (games, saves, scores, wizard)
is written as a recording instead: its screens, a frame per key, as a
vt100/xterm draws them (doc/RECORDINGS.md); nothing is printed.",
    group(ArgGroup::new("recording").multiple(true))
)]
struct Args {
    /// The case file (`cases/<category>/NAME.case`)
    #[arg(value_name = "CASE")]
    case: PathBuf,
    /// For whole-program cases (games, saves, scores): run in this folder
    /// (created empty, filled with the case's input files) and leave the
    /// run's files there
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// For whole-program cases: post to and read this score file (an
    /// absolute path, used in place, its lock file next to it) instead of
    /// rogue.scr in the run's folder. Several runs may share one file
    #[arg(long, value_name = "PATH")]
    score_file: Option<PathBuf>,
    /// Write the game as an asciicast v2 recording (asciinema play FILE)
    #[arg(long, value_name = "FILE", group = "recording")]
    asciicast: Option<PathBuf>,
    /// Write the game as a ttyrec recording (ttyplay FILE)
    #[arg(long, value_name = "FILE", group = "recording")]
    ttyrec: Option<PathBuf>,
    /// Milliseconds between frames of a recording
    #[arg(long, value_name = "MS", default_value_t = 150, requires = "recording")]
    delay: u32,
}

fn main() -> ExitCode {
    // A command line that cannot be run: status 2, as a case that cannot.
    let args = Args::parse();
    let case_path = args.case.clone();
    let opts = RunOptions { out_dir: args.out_dir.clone(), score_file: args.score_file.clone() };
    if args.asciicast.is_some() || args.ttyrec.is_some() {
        return record(&case_path, &opts, &args);
    }
    match trace::run_path(&case_path, &opts) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(out.as_bytes()).and_then(|()| stdout.flush()).is_err() {
                return ExitCode::from(1);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("rogue-trace: {e}");
            ExitCode::from(2)
        }
    }
}

/// `--asciicast` / `--ttyrec`: the case's frames as recordings.
fn record(case_path: &std::path::Path, opts: &RunOptions, args: &Args) -> ExitCode {
    let case = match rogue::case::Case::read(case_path) {
        Ok(c) if matches!(c.kind.as_str(), "games" | "saves" | "scores" | "wizard") => c,
        Ok(c) => {
            eprintln!("rogue-trace: {}: a {} case has no screens to record", case_path.display(), c.kind);
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("rogue-trace: {e}");
            return ExitCode::from(2);
        }
    };
    let frames = match export::frames(&case, opts) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("rogue-trace: {e}");
            return ExitCode::from(2);
        }
    };
    let header = export::Header::of(&case);
    let events = export::events(&frames, args.delay);
    let outputs = [(&args.asciicast, export::asciicast as fn(&_, &_) -> Vec<u8>), (&args.ttyrec, export::ttyrec)];
    for (path, write) in outputs {
        let Some(path) = path else { continue };
        if let Err(e) = std::fs::write(path, write(&header, &events)) {
            eprintln!("rogue-trace: {}", rogue::case::TraceError::Io(path.clone(), e));
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn run(args: &[&str]) -> Result<Args, clap::Error> {
        Args::try_parse_from(std::iter::once("rogue-trace").chain(args.iter().copied()))
    }

    #[test]
    fn the_command_line() {
        Args::command().debug_assert();
        let a = run(&["x.case"]).expect("a case");
        assert_eq!((a.case, a.delay, a.asciicast), (PathBuf::from("x.case"), 150, None));
        let a = run(&["--ttyrec", "t", "--asciicast=a", "--delay", "5", "--", "-x.case"]).expect("both recordings");
        assert_eq!((a.delay, a.case), (5, PathBuf::from("-x.case")));
        for bad in [&["--delay", "5", "x.case"][..], &["--delay"], &[], &["a", "b"], &["--bogus", "x"]] {
            assert_eq!(run(bad).err().map(|e| e.exit_code()), Some(2), "{bad:?}");
        }
    }
}
