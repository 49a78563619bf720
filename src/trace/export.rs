//! Recordings others can play: a game case's frames (the screens its
//! trace prints, one at every key the game reads and one at its end) as
//! the bytes a vt100 or xterm is sent to draw them, in an asciicast v2
//! file (asciinema) or a ttyrec file (ttyplay, the public servers'
//! recordings). doc/RECORDINGS.md tells how to make and play them.
//!
//! Every frame is drawn from the one before it: the rows that changed,
//! each from its first column (`CSI row;1H`), standout as `CSI 7m` ...
//! `CSI m`, the rest of a short row cleared (`CSI K`), then the cursor put
//! where the game left it. The first frame clears the screen first. Only
//! the control sequences every vt100 knows are used, so any player that
//! emulates one (asciinema, asciinema-player, ttyplay in a terminal,
//! pyte) shows exactly the trace's screens.

use std::fmt::Write as _;

use crate::case::{Case, TraceError};
use crate::curses::model::Terminal;
use crate::curses::{A_CHARTEXT, A_STANDOUT};

use super::RunOptions;

/// One screen: what a frame of the trace shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Rows.
    pub lines: usize,
    /// Columns.
    pub cols: usize,
    /// Every cell's character, row by row (`lines * cols` bytes).
    pub text: Vec<u8>,
    /// Every cell's standout, row by row.
    pub standout: Vec<bool>,
    /// The cursor (row, column), from 0.
    pub cursor: (usize, usize),
}

impl Frame {
    /// A blank screen of this size, the cursor at the top left.
    pub fn blank(lines: usize, cols: usize) -> Self {
        Frame { lines, cols, text: vec![b' '; lines * cols], standout: vec![false; lines * cols], cursor: (0, 0) }
    }

    /// Row `y`'s cells: characters and standout.
    fn row(&self, y: usize) -> (&[u8], &[bool]) {
        let at = y * self.cols;
        (&self.text[at..at + self.cols], &self.standout[at..at + self.cols])
    }
}

/// The frames of a game case (kinds games, saves, scores, wizard), as its
/// trace takes them.
pub fn frames(case: &Case, opts: &RunOptions) -> Result<Vec<Frame>, TraceError> {
    let screens = super::games::screens(case, opts)?;
    Ok(screens.iter().map(Frame::of).collect())
}

impl Frame {
    /// What the terminal shows now.
    pub fn of(t: &Terminal) -> Frame {
        let (lines, cols) = (t.lines.max(0) as usize, t.cols.max(0) as usize);
        Frame {
            lines,
            cols,
            text: t.cells().iter().map(|&c| (c & A_CHARTEXT) as u8).collect(),
            standout: t.cells().iter().map(|&c| c & A_STANDOUT != 0).collect(),
            cursor: (t.cury.max(0) as usize, t.curx.max(0) as usize),
        }
    }
}

/// The bytes that take a vt100 showing `prev` (or anything, when `None`)
/// to showing `next`; empty when they are the same screen.
pub fn draw(prev: Option<&Frame>, next: &Frame) -> Vec<u8> {
    let mut out = Vec::new();
    let same_size = prev.is_some_and(|p| p.lines == next.lines && p.cols == next.cols);
    if !same_size {
        // Attributes off, home, clear: a known start.
        out.extend_from_slice(b"\x1b[m\x1b[H\x1b[2J");
    }
    for y in 0..next.lines {
        let (text, so) = next.row(y);
        let old = if same_size { prev.map(|p| p.row(y)) } else { None };
        match old {
            Some((t, s)) if t == text && s == so => continue,
            None if text.iter().all(|&c| c == b' ') && !so.contains(&true) => continue,
            _ => {}
        }
        // The cells to write: up to the last that is not a plain blank.
        let end = (0..next.cols).rev().find(|&x| text[x] != b' ' || so[x]).map_or(0, |x| x + 1);
        let _ = write!(Bytes(&mut out), "\x1b[{};1H", y + 1);
        let mut on = false;
        for x in 0..end {
            if so[x] != on {
                out.extend_from_slice(if so[x] { b"\x1b[7m" } else { b"\x1b[m" });
                on = so[x];
            }
            out.push(shown(text[x]));
        }
        if on {
            out.extend_from_slice(b"\x1b[m");
        }
        // A full row leaves the cursor in the last column, where erasing
        // would blank that column.
        if end < next.cols {
            out.extend_from_slice(b"\x1b[K");
        }
    }
    let moved = !same_size || prev.is_some_and(|p| p.cursor != next.cursor);
    if !out.is_empty() || moved {
        let _ = write!(Bytes(&mut out), "\x1b[{};{}H", next.cursor.0 + 1, next.cursor.1 + 1);
    }
    out
}

/// A cell's byte as it is sent: the screen holds what curses shows, which
/// is printable; anything else (never seen in a game) is shown as `?`
/// rather than sent as a control.
fn shown(c: u8) -> u8 {
    if (0x20..0x7f).contains(&c) { c } else { b'?' }
}

/// A `fmt::Write` over a byte vector.
struct Bytes<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// The frames' drawings, each with its time from the start in
/// milliseconds: frame `n` at `n * delay`, the frames that change nothing
/// on the screen left out (their time still passes, so the pace is a key
/// every `delay`).
pub fn events(frames: &[Frame], delay_ms: u32) -> Vec<(u64, Vec<u8>)> {
    let mut out = Vec::new();
    let mut prev: Option<&Frame> = None;
    for (n, f) in frames.iter().enumerate() {
        let bytes = draw(prev, f);
        if !bytes.is_empty() {
            out.push((n as u64 * u64::from(delay_ms), bytes));
        }
        prev = Some(f);
    }
    out
}

/// The size, start time and terminal type of a recording.
#[derive(Clone, Debug)]
pub struct Header {
    /// Rows.
    pub lines: usize,
    /// Columns.
    pub cols: usize,
    /// Seconds since 1970 (the record's `time`).
    pub timestamp: i64,
    /// The record's `term`.
    pub term: String,
    /// A title (the case's name).
    pub title: String,
}

impl Header {
    /// The header of a case's recording.
    pub fn of(case: &Case) -> Self {
        let num = |k: &str, d: usize| case.get(k).and_then(|v| v.parse().ok()).unwrap_or(d);
        Header {
            lines: num("lines", 24),
            cols: num("cols", 80),
            timestamp: case.get("time").and_then(|v| v.parse().ok()).unwrap_or(0),
            term: case.get("term").unwrap_or("vt100").to_string(),
            title: case.get("name").unwrap_or("rogue").to_string(),
        }
    }
}

/// An asciicast v2 file: the header line, then one `o` event per frame
/// that changes the screen.
pub fn asciicast(header: &Header, events: &[(u64, Vec<u8>)]) -> Vec<u8> {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{{\"version\": 2, \"width\": {}, \"height\": {}, \"timestamp\": {}, \"title\": {}, \"env\": {{\"TERM\": {}, \"SHELL\": \"/bin/sh\"}}}}",
        header.cols,
        header.lines,
        header.timestamp,
        json_string(header.title.as_bytes()),
        json_string(header.term.as_bytes())
    );
    for (ms, bytes) in events {
        let _ = writeln!(out, "[{}.{:03}, \"o\", {}]", ms / 1000, ms % 1000, json_string(bytes));
    }
    out.into_bytes()
}

/// A JSON string of bytes (each byte a character: the drawings are ASCII).
fn json_string(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() + 2);
    s.push('"');
    for &b in bytes {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\r' => s.push_str("\\r"),
            0x20..=0x7e => s.push(char::from(b)),
            _ => {
                let _ = write!(s, "\\u{:04x}", u32::from(char::from(b)));
            }
        }
    }
    s.push('"');
    s
}

/// A ttyrec file: each frame's drawing after a 12-byte header of its
/// time (seconds and microseconds since 1970, from the record's time) and
/// its length, little-endian 32-bit words.
pub fn ttyrec(header: &Header, events: &[(u64, Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (ms, bytes) in events {
        let sec = header.timestamp as u64 + ms / 1000;
        let usec = (ms % 1000) * 1000;
        out.extend_from_slice(&(sec as u32).to_le_bytes());
        out.extend_from_slice(&(usec as u32).to_le_bytes());
        out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(bytes);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unchanged_screens_draw_nothing_and_full_rows_are_not_erased() {
        let mut a = Frame::blank(2, 4);
        assert_eq!(draw(Some(&a.clone()), &a), b"");
        a.text[..4].copy_from_slice(b"abcd");
        a.standout[1] = true;
        a.cursor = (1, 2);
        let d = draw(Some(&Frame::blank(2, 4)), &a);
        assert_eq!(d, b"\x1b[1;1Ha\x1b[7mb\x1b[mcd\x1b[2;3H");
        let mut b = a.clone();
        b.text[..4].copy_from_slice(b"x   ");
        b.standout[1] = false;
        assert_eq!(draw(Some(&a), &b), b"\x1b[1;1Hx\x1b[K\x1b[2;3H");
        // The first drawing clears the screen.
        assert!(draw(None, &a).starts_with(b"\x1b[m\x1b[H\x1b[2J"));
    }

    #[test]
    fn events_keep_the_pace_and_the_files_their_format() {
        let a = Frame::blank(2, 4);
        let mut b = a.clone();
        b.cursor = (1, 1);
        let ev = events(&[a.clone(), a.clone(), b], 250);
        assert_eq!(ev.iter().map(|e| e.0).collect::<Vec<_>>(), vec![0, 500]);
        let h = Header { lines: 2, cols: 4, timestamp: 1_700_000_000, term: "vt100".into(), title: "t".into() };
        let cast = String::from_utf8(asciicast(&h, &ev)).unwrap();
        assert!(cast.starts_with("{\"version\": 2, \"width\": 4, \"height\": 2, \"timestamp\": 1700000000,"));
        assert!(cast.contains("\n[0.500, \"o\", \"\\u001b[2;2H\"]\n"));
        let rec = ttyrec(&h, &ev);
        let second = &rec[12 + ev[0].1.len()..];
        assert_eq!(&second[..4], &1_700_000_000u32.to_le_bytes());
        assert_eq!(&second[4..8], &500_000u32.to_le_bytes());
        assert_eq!(&second[8..12], &(ev[1].1.len() as u32).to_le_bytes());
    }
}
