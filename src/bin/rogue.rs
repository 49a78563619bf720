//! rogue: Rogue 5.4.4, the game, on the terminal.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::process::ExitCode;

use clap::Parser;
use rogue::curses::term::Ncurses;
use rogue::ending::Exit;
use rogue::game::Game;
use rogue::host::UnixHost;

/// Rogue: Exploring the Dungeons of Doom (Rogue 5.4.4, ported to Rust).
///
/// With no arguments a new game starts. `rogue FILE` restores a saved game,
/// `rogue -r` the one in the default save file; `rogue -s` lists the top
/// ten scores and `rogue -d` shows a death. Options are read from the
/// ROGUEOPTS environment variable, as in the original.
#[derive(Parser, Debug)]
#[command(name = "rogue", disable_version_flag = true)]
struct Cli {
    /// A saved game to restore.
    file: Option<OsString>,
    /// List the top ten scores.
    #[arg(short = 's', conflicts_with_all = ["file", "death", "restore"])]
    scores: bool,
    /// Show a random death (and post its score).
    #[arg(short = 'd', conflicts_with_all = ["file", "restore"])]
    death: bool,
    /// Restore the game in the default save file.
    #[arg(short = 'r', conflicts_with = "file")]
    restore: bool,
    /// Play a reproducible game: the dungeon number and seed are N.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    seed: Option<i32>,
    /// The score file (default: rogue.scr in the current directory, or the
    /// one this build was configured with).
    #[arg(long, value_name = "PATH")]
    score_file: Option<OsString>,
    /// The default save file (else ~/rogue.save; ROGUEOPTS file= still wins).
    #[arg(long, value_name = "PATH")]
    save_file: Option<OsString>,
    /// Print the version of the original and of this port.
    #[arg(long)]
    version: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.version {
        println!("{}", rogue::consts::VERSION);
        println!("rogue (Rust port) {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    // The original's arguments, as main() reads them.
    let args: Vec<Vec<u8>> = if cli.scores {
        vec![b"-s".to_vec()]
    } else if cli.death {
        vec![b"-d".to_vec()]
    } else if cli.restore {
        vec![b"-r".to_vec()]
    } else if let Some(f) = cli.file {
        vec![f.into_vec()]
    } else {
        Vec::new()
    };
    rogue::signals::install();
    // Whatever happens, the terminal is given back.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        Ncurses::emergency_endwin();
        default_hook(info);
    }));
    let mut g = Game::with(Box::new(UnixHost), Box::new(Ncurses::new()));
    g.master = cfg!(feature = "wizard");
    g.fixed_dnum = cli.seed;
    if let Some(p) = cli.score_file {
        g.score_path = p.into_vec();
        // The lock goes next to the file, not in the working directory.
        g.lock_path = rogue::score::lock_path_for(&g.score_path);
    }
    if let Some(p) = cli.save_file {
        g.save_path = Some(p.into_vec());
    }
    let exit = g.rogue_main(&args);
    g.scr.endwin();
    match exit {
        Exit::Status(s) => ExitCode::from(s.clamp(0, 255) as u8),
        Exit::Killed(sig) => ExitCode::from((128 + sig).clamp(0, 255) as u8),
        Exit::EndOfInput => ExitCode::from(1),
    }
}
