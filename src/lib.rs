//! `rogue`: Rogue 5.4.4 (Toy, Arnold and Wichman; the Rogue Restoration
//! Project's release of 2007-09-05), ported to Rust byte for byte.
//!
//! # Layers
//!
//! The crate is a few parts, each using only those below it. At the
//! bottom, `curses` (the screen: the small curses vocabulary the original
//! speaks, an in-memory model of ncurses, and the real terminal) and `host`
//! (the machine: clock, ids, user, files, signals, the coroutines sessions
//! run on). Above them, `game`: one `Game` value holding all state, and one module for each of
//! the original's C files (`game::rooms`, `game::fight`, `game::save`,
//! ...), whose functions keep their C names, so the Rust for any C
//! function is one step away. Then the case format ([`case`]: reading
//! `.case` files, the escapes of their bodies, writing records) and the
//! front ends: [`trace`] (run one oracle case and print what the original
//! printed) and [`session`] (the headless interface for bots, the explorer
//! bot, the JSON pipe). `cli` (with the `ncurses` feature) is the `rogue`
//! binary's command line; the binaries only call it or [`trace`].
//!
//! # For bot writers
//!
//! Everything public is re-exported here: [`Session`], [`Config`],
//! [`Observation`], [`play`] and [`drive`] for games in process, the
//! case format ([`Case`], [`RecordFile`]) and the trace runner
//! ([`run_path`]). The library is headless by default: a bot just depends
//! on the crate and needs no ncurses. The `ncurses` feature brings the real
//! terminal for the `rogue` binary (the `rogue-terminal` package, in
//! terminal/, turns it on). A
//! [`Session`] stays on the thread that made it (it is not `Send`). The
//! internals are `pub` only with the `internals` feature, which the
//! crate's own tests use, and are no stable interface.

#![deny(missing_docs)]
// `unsafe` only at the boundary with C and the machine: `host`, the
// ncurses backend (`curses::term`) and the C reference (`cref`), each of
// which allows it where it is declared.
#![deny(unsafe_code)]

// The internal parts are `pub` with the `internals` feature (the crate's
// own tests, benches and examples reach them) and `pub(crate)` otherwise.
// Plain `mod` lines, twice under opposite `cfg`s, so rustfmt follows them.
#[cfg(feature = "internals")]
#[allow(missing_docs)]
#[doc(hidden)]
pub mod curses;
#[cfg(not(feature = "internals"))]
pub(crate) mod curses;
#[cfg(feature = "internals")]
#[allow(missing_docs)]
#[doc(hidden)]
pub mod game;
#[cfg(not(feature = "internals"))]
pub(crate) mod game;
#[cfg(feature = "internals")]
#[allow(missing_docs)]
#[doc(hidden)]
#[allow(unsafe_code)]
pub mod host;
#[cfg(not(feature = "internals"))]
#[allow(unsafe_code)]
pub(crate) mod host;

/// The C reference's kernels through FFI, for the differential tests.
#[cfg(feature = "cref")]
#[doc(hidden)]
#[allow(missing_docs)]
#[allow(unsafe_code)]
pub mod cref;

pub mod case;

/// The unit tests' dice: glibc's `rand` step on a 32-bit seed, each call
/// a number below `n` from the seed's upper bits. Fixed seeds, so a
/// failing case comes back the same.
#[cfg(test)]
pub(crate) fn test_dice(mut seed: u32) -> impl FnMut(u32) -> u32 {
    move |n| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (seed >> 8) % n
    }
}

#[cfg(feature = "ncurses")]
#[doc(hidden)]
pub mod cli;
// Sessions run the game on coroutines, which WebAssembly has not: the page
// (web/) runs it through the trace's key sources instead.
#[cfg(not(target_arch = "wasm32"))]
pub mod session;
pub mod trace;

pub use case::record::RecordFile;
pub use case::{Case, TraceError};
pub use curses::model::Terminal;
pub use curses::{A_CHARTEXT, A_STANDOUT, Chtype};
pub use game::ending::{Ending, Exit};
#[cfg(not(target_arch = "wasm32"))]
pub use session::{
    Action, Bot, Config, ConfigError, Controller, HeroState, Observation, Outcome, PackItem, Session, Snapshot, Stats,
    Status, Wait, drive, play,
};
pub use trace::{RunOptions, run, run_path};
