//! rogue: Rogue 5.4.4, the game, on the terminal.

fn main() -> std::process::ExitCode {
    rogue::cli::rogue::main()
}
