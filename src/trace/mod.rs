//! `rogue-trace`: run one oracle case and print what the original printed
//! for it (oracle/README.md). Each kind of case has its own module.

use std::path::{Path, PathBuf};

pub mod export;
#[cfg(feature = "internals")]
#[allow(missing_docs)]
#[doc(hidden)]
pub mod games;
#[cfg(not(feature = "internals"))]
pub(crate) mod games;
mod init;
mod kernels;
mod levels;
mod rng;
mod show;

use crate::case::{Case, TraceError};

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
