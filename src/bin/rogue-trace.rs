//! rogue-trace: run one oracle case and print exactly what the original
//! program printed for it; or write a game case's screens as a recording
//! (asciicast, ttyrec) that terminal players show.

use std::ffi::OsString;
use std::io::Write as _;
use std::os::unix::ffi::OsStrExt as _;
use std::path::PathBuf;
use std::process::ExitCode;

use rogue::trace::{self, RunOptions, export};

const HELP: &str = "\
Run a golden case of the oracle (oracle/README.md) and print its output.

The output must equal the case's NAME.expected byte for byte. Paths in a
case are relative to the case file, so the current directory does not
matter. A kind of case that is not implemented yet exits with status 2 and
a one-line message on standard error.

With --asciicast or --ttyrec, a game case (games, saves, scores, wizard)
is written as a recording instead: its screens, a frame per key, as a
vt100/xterm draws them (doc/RECORDINGS.md); nothing is printed.

Usage: rogue-trace [OPTIONS] <CASE>

Arguments:
  <CASE>  The case file (`cases/<category>/NAME.case`)

Options:
      --out-dir <DIR>      For whole-program cases (games, saves, scores):
                           run in this folder (created empty, filled with the
                           case's input files) and leave the run's files there
      --score-file <PATH>  For whole-program cases: post to and read this
                           score file (an absolute path, used in place, its
                           lock file next to it) instead of rogue.scr in the
                           run's folder. Several runs may share one file
      --asciicast <FILE>   Write the game as an asciicast v2 recording
                           (asciinema play FILE)
      --ttyrec <FILE>      Write the game as a ttyrec recording (ttyplay FILE)
      --delay <MS>         Milliseconds between frames of a recording
                           [default: 150]
  -h, --help               Print help
  -V, --version            Print version
";

/// What the command line asks for.
#[derive(Debug, Default)]
struct Args {
    case: Option<PathBuf>,
    out_dir: Option<PathBuf>,
    score_file: Option<PathBuf>,
    asciicast: Option<PathBuf>,
    ttyrec: Option<PathBuf>,
    delay: Option<u32>,
}

enum Parsed {
    Run(Args),
    Help,
    Version,
}

/// Read the arguments (without the program's name).
fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Parsed, String> {
    let mut out = Args::default();
    let mut args = args.into_iter();
    let mut only_case = false;
    while let Some(arg) = args.next() {
        let bytes = arg.as_bytes();
        if only_case || bytes == b"-" || !bytes.starts_with(b"-") {
            if out.case.is_some() {
                return Err(format!("unexpected argument '{}' found", arg.to_string_lossy()));
            }
            out.case = Some(arg.into());
            continue;
        }
        match bytes {
            b"--" => {
                only_case = true;
                continue;
            }
            b"-h" | b"--help" => return Ok(Parsed::Help),
            b"-V" | b"--version" => return Ok(Parsed::Version),
            _ => {}
        }
        let (name, inline) = match bytes.iter().position(|&b| b == b'=') {
            Some(i) => (&bytes[..i], Some(OsString::from(std::ffi::OsStr::from_bytes(&bytes[i + 1..])))),
            None => (bytes, None),
        };
        let shown = String::from_utf8_lossy(name).into_owned();
        let slot = match name {
            b"--out-dir" => &mut out.out_dir,
            b"--score-file" => &mut out.score_file,
            b"--asciicast" => &mut out.asciicast,
            b"--ttyrec" => &mut out.ttyrec,
            b"--delay" => {
                let value = inline.or_else(|| args.next()).ok_or(format!("a value is required for '{shown}'"))?;
                let text = value.to_string_lossy();
                let ms = text.parse().map_err(|e| format!("invalid value '{text}' for '{shown}': {e}"))?;
                if out.delay.replace(ms).is_some() {
                    return Err(format!("the argument '{shown}' cannot be used multiple times"));
                }
                continue;
            }
            _ => return Err(format!("unexpected argument '{}' found", arg.to_string_lossy())),
        };
        let value = inline.or_else(|| args.next()).ok_or(format!("a value is required for '{shown}'"))?;
        if slot.replace(value.into()).is_some() {
            return Err(format!("the argument '{shown}' cannot be used multiple times"));
        }
    }
    if out.case.is_none() {
        return Err("the case file is required (rogue-trace [OPTIONS] <CASE>)".into());
    }
    if out.delay.is_some() && out.asciicast.is_none() && out.ttyrec.is_none() {
        return Err("'--delay' is for recordings (--asciicast or --ttyrec)".into());
    }
    Ok(Parsed::Run(out))
}

fn main() -> ExitCode {
    let args = match parse(std::env::args_os().skip(1)) {
        Ok(Parsed::Run(a)) => a,
        Ok(Parsed::Help) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Ok(Parsed::Version) => {
            println!("rogue-trace {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("rogue-trace: {e}\n\nFor more information, try '--help'.");
            return ExitCode::from(2);
        }
    };
    let case_path = args.case.clone().unwrap_or_default();
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
    let events = export::events(&frames, args.delay.unwrap_or(150));
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
