//! save.c's file layer: the framing of a save file (the version piece,
//! the "LINES x COLS" piece, then [`crate::game::state`]'s record
//! sequence), each piece through the cipher ([`crate::game::cipher`],
//! whose names are here too, where the tests and tools find them).

use std::fmt;

use crate::game::Game;
pub use crate::game::cipher::{SaveReader, SaveWriter};
#[cfg(any(test, feature = "internals"))] // for the tests
pub use crate::game::cipher::{Truncated, encread, encwrite};
use crate::game::consts::VERSION;
#[cfg(any(test, feature = "internals"))] // for the tests
use crate::game::state::rs_restore_file;
use crate::game::state::{StateError, rs_save_file};

/// The size of the screen-size piece (save.c's `char buf[80]`).
const SIZE_PIECE: usize = 80;

/// The screen a game was saved on, from the file's second piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveHeader {
    pub lines: i32,
    pub cols: i32,
}

/// Why a save file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The first piece is not this version's string (the original's
    /// "Sorry, saved game is out of date."; also a file too short to hold
    /// the string).
    OutOfDate,
    /// The second piece is missing or does not read as "LINES x COLS"
    /// (the C would go on with uninitialized sizes).
    BadScreenSize,
    /// The game state after the header is corrupt.
    State(StateError),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::OutOfDate => write!(f, "saved game is out of date"),
            SaveError::BadScreenSize => write!(f, "saved game has no valid screen size"),
            SaveError::State(e) => write!(f, "saved game is corrupt: {e}"),
        }
    }
}

impl std::error::Error for SaveError {}

impl From<StateError> for SaveError {
    fn from(e: StateError) -> Self {
        SaveError::State(e)
    }
}

/// Write the two header pieces: the version with its NUL, and the screen
/// size in an 80-byte buffer. The original's buffer is an uninitialized
/// stack array of which only the text and its NUL are set; the port
/// writes zeros after them.
pub fn write_header(w: &mut SaveWriter, h: SaveHeader) {
    let mut version = VERSION.as_bytes().to_vec();
    version.push(0);
    w.piece(&version);
    let mut buf = [0u8; SIZE_PIECE];
    let text = format!("{} x {}\n", h.lines, h.cols);
    let n = text.len().min(SIZE_PIECE - 1);
    buf[..n].copy_from_slice(&text.as_bytes()[..n]);
    w.piece(&buf);
}

/// Read and check the two header pieces (`restore()` up to the screen
/// size check, which is the caller's: it needs the current screen).
pub fn read_header(r: &mut SaveReader) -> Result<SaveHeader, SaveError> {
    let mut version = vec![0u8; VERSION.len() + 1];
    r.piece_into(&mut version).map_err(|_| SaveError::OutOfDate)?;
    // strcmp: the piece's C string must be the version exactly.
    let text = version.split(|&b| b == 0).next().unwrap_or_default();
    if text != VERSION.as_bytes() {
        return Err(SaveError::OutOfDate);
    }
    let buf = r.array::<SIZE_PIECE>().map_err(|_| SaveError::BadScreenSize)?;
    parse_size(&buf).ok_or(SaveError::BadScreenSize)
}

/// `sscanf(buf, "%d x %d\n", &lines, &cols)`, both conversions required.
fn parse_size(buf: &[u8]) -> Option<SaveHeader> {
    let text = buf.split(|&b| b == 0).next().unwrap_or_default();
    let mut s = text;
    let lines = scan_int(&mut s)?;
    s = skip_space(s);
    s = s.strip_prefix(b"x")?;
    let cols = scan_int(&mut s)?;
    Some(SaveHeader { lines, cols })
}

fn skip_space(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|b| b.is_ascii_whitespace()).count();
    &s[n..]
}

/// `%d`: blanks, an optional sign, then digits (out of `int` range is
/// refused rather than guessed at).
fn scan_int(s: &mut &[u8]) -> Option<i32> {
    let t = skip_space(s);
    let (neg, t) = match t.first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let digits = t.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let mut v: i64 = 0;
    for &d in &t[..digits] {
        v = v.checked_mul(10)?.checked_add(i64::from(d - b'0'))?;
    }
    let v = if neg { -v } else { v };
    *s = &t[digits..];
    i32::try_from(v).ok()
}

/// `save_file()`'s bytes for a game: the header for the game's screen,
/// then the state. (The screen handling around it, `mvcur`, `endwin`, and
/// writing the file are the caller's.)
pub fn save_file_bytes(g: &Game) -> Vec<u8> {
    let h = SaveHeader { lines: g.rt.scr.lines(), cols: g.rt.scr.cols() };
    save_bytes_with_header(g, h)
}

/// The same with a given header (a test re-encoding a file made on
/// another screen).
pub fn save_bytes_with_header(g: &Game, h: SaveHeader) -> Vec<u8> {
    let mut w = SaveWriter::new();
    write_header(&mut w, h);
    rs_save_file(g, &mut w);
    w.into_bytes()
}

/// Read a whole save file into a fresh game: header, then state, without
/// the original's screen-size refusal (see [`read_header`] to do that
/// first). Returns the header.
#[cfg(any(test, feature = "internals"))] // for the tests
pub fn restore_bytes(g: &mut Game, bytes: &[u8]) -> Result<SaveHeader, SaveError> {
    let mut r = SaveReader::new(bytes);
    let h = read_header(&mut r)?;
    rs_restore_file(g, &mut r)?;
    Ok(h)
}

/// Does the screen a game was saved on fit the current one? (`restore()`
/// refuses a file whose lines or columns exceed the terminal's.)
#[cfg(any(test, feature = "internals"))] // for the tests
pub fn fits_screen(g: &Game, h: SaveHeader) -> bool {
    h.lines <= g.rt.scr.lines() && h.cols <= g.rt.scr.cols()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trip_and_sscanf() {
        let mut w = SaveWriter::new();
        write_header(&mut w, SaveHeader { lines: 24, cols: 80 });
        let bytes = w.into_bytes();
        assert_eq!(bytes.len(), 28 + 80);
        let mut r = SaveReader::new(&bytes);
        assert_eq!(read_header(&mut r), Ok(SaveHeader { lines: 24, cols: 80 }));
        assert_eq!(parse_size(b" 25x 81junk"), Some(SaveHeader { lines: 25, cols: 81 }));
        assert_eq!(parse_size(b"25 y 80"), None);
        assert_eq!(parse_size(b"99999999999 x 1"), None);
        assert_eq!(read_header(&mut SaveReader::new(&[])), Err(SaveError::OutOfDate));
    }
}
