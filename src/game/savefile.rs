//! save.c's file layer: the XOR cipher of save and score files (`encwrite`,
//! `encread`) and the framing of a save file (the version piece, the
//! "LINES x COLS" piece, then [`crate::game::state`]'s record sequence).
//!
//! The cipher restarts its two key streams and its feedback byte at every
//! call, and state.c makes one call per primitive value (an int, a char,
//! one char array), so a save file is a sequence of separately encrypted
//! *pieces*. [`SaveWriter`] and [`SaveReader`] work piece by piece.

use std::fmt;

use crate::game::Game;
use crate::game::consts::{ENCSTR, STATLIST, VERSION};
#[cfg(any(test, feature = "internals"))] // for the tests
use crate::game::state::rs_restore_file;
use crate::game::state::{StateError, rs_save_file};

/// XOR a buffer with the cipher's stream, in place. Encrypting and
/// decrypting are the same operation: the feedback byte depends only on
/// the keys, never on the data. The C does this arithmetic on signed
/// chars, but only the low 8 bits of each product and sum are ever kept,
/// so wrapping byte arithmetic gives the same stream.
fn crypt(buf: &mut [u8]) {
    let (mut e1, mut e2) = (0usize, 0usize);
    let mut fb: u8 = 0;
    for b in buf {
        *b ^= ENCSTR[e1] ^ STATLIST[e2] ^ fb;
        fb = fb.wrapping_add(ENCSTR[e1].wrapping_mul(STATLIST[e2]));
        e1 = (e1 + 1) % ENCSTR.len();
        e2 = (e2 + 1) % STATLIST.len();
    }
}

/// `encwrite`: one piece as it goes on disk.
#[cfg(any(test, feature = "internals"))] // for the tests
pub fn encwrite(bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    crypt(&mut out);
    out
}

/// `encread`: one piece as read from disk, decrypted.
#[cfg(any(test, feature = "internals"))] // for the tests
pub fn encread(bytes: &[u8]) -> Vec<u8> {
    encwrite(bytes)
}

/// Collects the encrypted pieces of a file.
#[derive(Clone, Debug, Default)]
pub struct SaveWriter {
    out: Vec<u8>,
    /// Where each piece starts (for tests that cut files at pieces).
    starts: Vec<usize>,
}

impl SaveWriter {
    pub fn new() -> Self {
        SaveWriter::default()
    }

    /// One `encwrite` call. A piece of no bytes writes nothing.
    pub fn piece(&mut self, bytes: &[u8]) {
        let at = self.out.len();
        self.starts.push(at);
        self.out.extend_from_slice(bytes);
        crypt(&mut self.out[at..]);
    }

    /// The bytes written so far.
    #[cfg(any(test, feature = "internals"))] // for the tests
    pub fn bytes(&self) -> &[u8] {
        &self.out
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.out
    }

    /// The offset of every piece written, in order (empty pieces too).
    #[cfg(any(test, feature = "internals"))] // for the tests
    pub fn piece_starts(&self) -> &[usize] {
        &self.starts
    }
}

/// A piece the file ended in the middle of (or before).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Truncated {
    /// Where the piece starts in the file.
    pub offset: usize,
    /// How many bytes it needed.
    pub wanted: usize,
}

impl fmt::Display for Truncated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "file ends inside a {}-byte piece at offset {}", self.wanted, self.offset)
    }
}

/// Reads the pieces of a file held in memory.
#[derive(Clone, Debug)]
pub struct SaveReader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> SaveReader<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        SaveReader { data, pos: 0 }
    }

    /// One `encread` call into a buffer, which sets the piece's size.
    /// The C counts a short read as an error (state.c's `read_error`);
    /// so does this, and it leaves the reader where it was.
    pub fn piece_into(&mut self, buf: &mut [u8]) -> Result<(), Truncated> {
        let end = self.pos.checked_add(buf.len()).filter(|&e| e <= self.data.len());
        let Some(end) = end else {
            return Err(Truncated { offset: self.pos, wanted: buf.len() });
        };
        buf.copy_from_slice(&self.data[self.pos..end]);
        crypt(buf);
        self.pos = end;
        Ok(())
    }

    /// One `encread` call of `n` bytes. The size is checked against what
    /// is left before anything is allocated.
    pub fn piece(&mut self, n: usize) -> Result<Vec<u8>, Truncated> {
        if n > self.remaining() {
            return Err(Truncated { offset: self.pos, wanted: n });
        }
        let mut buf = vec![0; n];
        self.piece_into(&mut buf)?;
        Ok(buf)
    }

    /// A fixed-size piece.
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], Truncated> {
        let mut buf = [0; N];
        self.piece_into(&mut buf)?;
        Ok(buf)
    }

    /// Offset of the next piece in the file.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Bytes not yet read.
    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }
}

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
    fn cipher_is_its_own_inverse_and_restarts() {
        let text = b"hello, dungeon of doom; a longer text than either key string is";
        let enc = encwrite(text);
        assert_ne!(&enc[..], &text[..]);
        assert_eq!(encread(&enc), text);
        let mut w = SaveWriter::new();
        w.piece(b"ab");
        w.piece(b"ab");
        let b = w.into_bytes();
        assert_eq!(b[..2], b[2..], "the key streams restart at every piece");
    }

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

    #[test]
    fn short_read_is_an_error() {
        let data = encwrite(b"abc");
        let mut r = SaveReader::new(&data);
        assert_eq!(r.piece(4), Err(Truncated { offset: 0, wanted: 4 }));
        assert_eq!(r.piece(3).as_deref(), Ok(&b"abc"[..]));
        assert_eq!(r.piece(0).as_deref(), Ok(&b""[..]));
        assert!(r.piece(usize::MAX).is_err());
    }
}
