//! The page's side of a game in a browser (web/): the one function the
//! WebAssembly build imports from the page's JavaScript besides WASI.
//!
//! The game reads its keys by blocking calls deep inside its own code;
//! a browser has no blocking read. The page's build passes the module
//! through binaryen's asyncify (web/build.sh), which lets this import
//! unwind the whole WebAssembly stack into memory, return to the
//! browser's event loop, and rewind it when a key comes, so that to the
//! game it is an ordinary call that returns a key (doc/ARCHITECTURE.md,
//! "The game in a browser").

#[link(wasm_import_module = "rogue")]
unsafe extern "C" {
    /// Wait for a key: the page's `rogue.wait_key(kind)`, which suspends
    /// the module (asyncify) until the player or a test types one. It
    /// takes and returns plain integers only.
    safe fn wait_key(kind: i32) -> i32;
}

/// What a key is read for: the page shows a frame and counts a wait for
/// [`Wait::Key`] and [`Wait::Line`] (the first key of a line), and echoes
/// [`Wait::LineMore`] keys as a terminal in its normal mode does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// `wgetch`: one key in the game's raw mode.
    Key = 0,
    /// The first key of a line read (`fgets` in the normal mode).
    Line = 1,
    /// A later key of the same line.
    LineMore = 2,
}

/// The next key the page gives, or `None` at the end of its input (the
/// page stopped the game).
pub fn next_key(wait: Wait) -> Option<u8> {
    u8::try_from(wait_key(wait as i32)).ok()
}
