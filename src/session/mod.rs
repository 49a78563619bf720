//! The game for programs: headless, deterministic, and cheap to copy.
//!
//! A game is started from a [`Config`] (seed, name, options) and shows the
//! 24 x 80 screen a player would see; after every key the caller gets an
//! [`Observation`]: that screen with its cursor and attributes, what the
//! game is waiting for, the status line's values ([`Observation::status`]),
//! the top line's message, and, once it is over, how it ended.
//!
//! Three ways to drive it, all on the caller's thread:
//!
//! * [`Session`] is driven from outside, a key at a time
//!   ([`Session::send`]), and can be copied at any moment
//!   ([`Session::snapshot`], [`Session::restore`]) for tree search. The
//!   game waits for each key on a stack of its own (a coroutine).
//! * [`play`] hands the observations to a [`Bot`] and takes its keys: the
//!   plainest way to play many games.
//! * [`drive`] runs games for a [`Controller`], which answers every wait
//!   with a key, a snapshot, a restore or a new game (what `rogue --bot`
//!   does with its pipe).
//!
//! ```
//! use rogue::session::{Config, Session, Wait};
//!
//! let mut s = Session::new(&Config { seed: 42, ..Config::default() })?;
//! assert_eq!(s.observation().wait, Wait::Command);
//! let before = s.snapshot();
//! let a = s.send_keys(b"hjkl").screen.clone();
//! s.restore(&before);
//! let b = s.send_keys(b"hjkl").screen.clone();
//! assert_eq!(a, b);
//! # Ok::<(), rogue::session::ConfigError>(())
//! ```
//!
//! A config the game cannot use (a screen smaller than 24 x 80, or past
//! [`MAX_LINES`] x [`MAX_COLS`]) is refused with a [`ConfigError`].
//!
//! Determinism: the same config and keys give the same observations, on
//! any machine, whether or not snapshots were taken in between. The game
//! touches no files unless [`Config::dir`] names a folder for them (the
//! score file, saves).

pub mod bot;
pub mod botpipe;
mod config;
mod coroutine;
mod line;
mod observation;
mod run;

pub use crate::curses::model::{KeySet, Prompt, PromptKind};
pub use config::{Config, ConfigError, MAX_COLS, MAX_LINES, MIN_COLS, MIN_LINES};
pub use coroutine::Session;
pub use observation::{HeroState, Observation, Outcome, PackItem, Stats, Status, Wait};
pub use run::{Action, Bot, Controller, Snapshot, drive, play};
