//! What the shipped `rogue` binary runs (the game on the terminal,
//! replays, records, the bot pipe), once terminal/main.rs has read its
//! command line into a [`rogue::Cli`].

#[cfg(feature = "ncurses")]
pub mod rogue;
