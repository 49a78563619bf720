//! The command lines of the shipped binaries: `rogue` (the game on the
//! terminal, replays, records, the bot pipe). `terminal/main.rs` only
//! calls [`rogue::main`].

#[cfg(feature = "ncurses")]
pub mod rogue;
