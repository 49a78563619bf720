//! save.c's cipher (`encwrite`, `encread`): the XOR of save and score
//! files, and the pieces a file is written in.
//!
//! The cipher restarts its two key streams and its feedback byte at every
//! call, and state.c makes one call per primitive value (an int, a char,
//! one char array), so a save file is a sequence of separately encrypted
//! *pieces*. [`SaveWriter`] and [`SaveReader`] work piece by piece. Both
//! the framing of a save file ([`crate::game::savefile`]) and the record
//! sequence inside it ([`crate::game::state`]) write and read through
//! them, so this is a module of its own below both.

use std::fmt;

use crate::game::consts::{ENCSTR, STATLIST};

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
    fn short_read_is_an_error() {
        let data = encwrite(b"abc");
        let mut r = SaveReader::new(&data);
        assert_eq!(r.piece(4), Err(Truncated { offset: 0, wanted: 4 }));
        assert_eq!(r.piece(3).as_deref(), Ok(&b"abc"[..]));
        assert_eq!(r.piece(0).as_deref(), Ok(&b""[..]));
        assert!(r.piece(usize::MAX).is_err());
    }
}
