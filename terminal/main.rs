//! rogue: Rogue 5.4.4, the game, on the terminal. The command line is read
//! here (cli.rs, with clap); the library runs what it asks.

use clap::Parser;

mod cli;

fn main() -> std::process::ExitCode {
    // A command line that cannot be run is told on standard error with
    // status 2; --help is printed with status 0 (clap's own exits).
    let args = cli::Args::parse();
    rogue::cli::rogue::run(args.into())
}
