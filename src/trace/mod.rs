//! `rogue-trace`: run one oracle case and print what the original printed
//! for it (oracle/README.md). Each kind of case has its own module.

use std::fmt;
use std::path::{Path, PathBuf};

pub mod case;
pub mod games;
mod init;
mod kernels;
mod levels;
mod rng;
pub mod show;

pub use case::Case;

/// The `.case` files in `dir`, in name order.
pub fn case_paths(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "case"))
        .collect();
    paths.sort();
    Ok(paths)
}

/// Why a case could not be run.
#[derive(Debug)]
pub enum TraceError {
    /// A file could not be read or written.
    Io(PathBuf, std::io::Error),
    /// The case (or an argument) is not what the format says.
    Parse(String),
    /// A kind this port does not trace yet.
    Unsupported(String),
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            TraceError::Parse(m) => write!(f, "{m}"),
            TraceError::Unsupported(k) => write!(f, "case kind '{k}' is not implemented yet"),
        }
    }
}

impl std::error::Error for TraceError {}

/// Options of a run beyond the case itself.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// `--out-dir`: where a whole-program case runs and leaves its files.
    pub out_dir: Option<PathBuf>,
    /// `--score-file`: for a whole-program case, the score file (an
    /// absolute path, used as it is and not in the run's folder, with its
    /// lock next to it), so that several runs can share one file. The
    /// case's `rogue.scr` in-file, if any, is then not what the game reads.
    pub score_file: Option<PathBuf>,
}

/// Run the case at `path` and return exactly what it must print.
pub fn run_path(path: &Path, opts: &RunOptions) -> Result<String, TraceError> {
    let case = Case::read(path)?;
    run(&case, opts)
}

/// Run a parsed case.
pub fn run(case: &Case, opts: &RunOptions) -> Result<String, TraceError> {
    match case.kind.as_str() {
        "rng" => rng::run(case),
        "init" => init::run(case),
        "kernels" => kernels::run(case),
        "levels" => levels::run(case),
        "games" | "saves" | "scores" | "wizard" => games::run(case, opts),
        other => Err(TraceError::Unsupported(other.to_string())),
    }
}

/// A body item that could not be understood.
fn bad_item(case: &Case, item: &str) -> TraceError {
    TraceError::Parse(format!("{}: cannot read body line {item:?}", case.path.display()))
}
