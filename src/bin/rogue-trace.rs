//! rogue-trace: run one oracle case and print exactly what the original
//! program printed for it.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use rogue::trace::{self, RunOptions};

/// Run a golden case of the oracle (oracle/README.md) and print its output.
///
/// The output must equal the case's NAME.expected byte for byte. Paths in
/// a case are relative to the case file, so the current directory does not
/// matter. A kind of case that is not implemented yet exits with status 2
/// and a one-line message on standard error.
#[derive(Parser, Debug)]
#[command(name = "rogue-trace", version)]
struct Args {
    /// The case file (`cases/<category>/NAME.case`).
    case: PathBuf,
    /// For whole-program cases (games, saves, scores): run in this folder
    /// (created empty, filled with the case's input files) and leave the
    /// run's files there.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// For whole-program cases: post to and read this score file (an
    /// absolute path, used in place, its lock file next to it) instead of
    /// rogue.scr in the run's folder. Several runs may share one file.
    #[arg(long, value_name = "PATH")]
    score_file: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let opts = RunOptions { out_dir: args.out_dir, score_file: args.score_file };
    match trace::run_path(&args.case, &opts) {
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
