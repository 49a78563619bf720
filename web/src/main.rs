//! `rogue-web`: the game as the page runs it, built for `wasm32-wasip1`
//! and passed through binaryen's asyncify (web/build.sh).
//!
//! The page (web/site/rogue.js) gives it WASI: a standard input, a
//! standard output and a folder `/rogue` that holds the game's files in
//! the browser's memory. It has three jobs, chosen by its first argument:
//!
//! - `play` (the default): read a `.case` from standard input (its headers
//!   only: seed, time, user, home, options, arguments, screen size) and run
//!   the game it describes in `/rogue`, as `rogue-trace` would, but with the
//!   keys the page gives: each wait for a key writes to standard output the
//!   vt100 bytes that draw the screen as it is (the same drawing as
//!   `rogue-trace --asciicast`), then waits for the page's key.
//! - `keys`: read a `.case` and write its body's keys, decoded.
//! - `encode`: read keys and write them as a case's body.

#[cfg(target_arch = "wasm32")]
mod page;

#[cfg(target_arch = "wasm32")]
fn main() {
    page::main();
}

/// Built for the machine itself (a workspace-wide build or lint), it only
/// says what it is for.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("rogue-web runs in the page: build it with web/build.sh (doc/WEB.md)");
    std::process::exit(2);
}
