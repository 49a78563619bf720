//! rogue: the game.

use std::process::ExitCode;

fn main() -> ExitCode {
    eprintln!(
        "rogue: this port of Rogue 5.4.4 is not playable yet; it digs dungeons \
         (see rogue-trace) but has no command loop."
    );
    ExitCode::from(1)
}
