//! The terminal the program writes to, as a person (or the oracle's
//! terminal emulator) sees it: cells, cursor, and a stamp per row that
//! says when the row last changed.
//!
//! The stamps are for readers that keep a copy: a session copies the
//! terminal into its observation at every key, and the Python package
//! turns it into arrays. Comparing 24 stamps instead of 1,920 cells, and
//! copying only the rows whose stamps differ, is what lets one core step a
//! million games a second.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use super::{A_CHARTEXT, Chtype};

/// An empty cell.
pub(crate) const BLANK: Chtype = b' ' as Chtype;

/// `n` stamps never given out before in this process (the first of them;
/// the others follow it). Each thread takes blocks of 2^32 from a shared
/// counter, so that the common case is a thread-local addition.
fn fresh_stamps(n: u64) -> u64 {
    const BLOCK: u64 = 1 << 32;
    static BLOCKS: AtomicU64 = AtomicU64::new(1);
    thread_local! {
        // The next stamp of this thread's block, and the block's end.
        static NEXT: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
    }
    NEXT.with(|c| {
        let (mut next, mut end) = c.get();
        if end - next < n {
            // (A row count is far below a block.)
            next = BLOCKS.fetch_add(1, Ordering::Relaxed) * BLOCK;
            end = next + BLOCK;
        }
        c.set((next + n, end));
        next
    })
}

/// The terminal the program writes to: what a person (or the oracle's
/// terminal emulator) sees.
///
/// Each row carries a stamp ([`Terminal::row_stamps`]): every change to a
/// row gives it a stamp never used before, and a copy keeps the stamps of
/// what it copied. So two terminals whose row `y` has the same stamp show
/// the same cells there (equal cells may still differ in stamp).
#[derive(Debug)]
pub struct Terminal {
    /// Rows.
    pub lines: i32,
    /// Columns.
    pub cols: i32,
    /// Every cell, row by row (see [`Terminal::cells`]). Written only here
    /// and by the model, so that the stamps hold.
    cells: Vec<Chtype>,
    /// The cursor's row.
    pub cury: i32,
    /// The cursor's column.
    pub curx: i32,
    /// Each row's stamp.
    stamps: Vec<u64>,
}

/// Terminals are equal when they show the same: cells, size and cursor
/// (the stamps only say when rows changed).
impl PartialEq for Terminal {
    fn eq(&self, other: &Self) -> bool {
        (self.lines, self.cols, self.cury, self.curx) == (other.lines, other.cols, other.cury, other.curx)
            && self.cells == other.cells
    }
}

impl Eq for Terminal {}

// By hand for `clone_from`: a session copies the terminal into its
// observation at every wait; the derived one would allocate each time, and
// copy every row where only those with another stamp can differ.
impl Clone for Terminal {
    fn clone(&self) -> Self {
        Terminal {
            lines: self.lines,
            cols: self.cols,
            cells: self.cells.clone(),
            cury: self.cury,
            curx: self.curx,
            stamps: self.stamps.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        (self.cury, self.curx) = (source.cury, source.curx);
        let cols = source.cols.max(0) as usize;
        let same_shape = (self.lines, self.cols) == (source.lines, source.cols)
            && self.cells.len() == source.cells.len()
            && self.stamps.len() == source.stamps.len()
            && source.cells.len() == source.stamps.len() * cols;
        if !same_shape {
            (self.lines, self.cols) = (source.lines, source.cols);
            self.cells.clone_from(&source.cells);
            self.stamps.clone_from(&source.stamps);
            return;
        }
        for (y, (mine, &theirs)) in self.stamps.iter_mut().zip(&source.stamps).enumerate() {
            if *mine != theirs {
                *mine = theirs;
                let row = y * cols..(y + 1) * cols;
                self.cells[row.clone()].copy_from_slice(&source.cells[row]);
            }
        }
    }
}

impl Terminal {
    /// A blank terminal (a negative size counts as none).
    ///
    /// # Panics
    ///
    /// When `lines` x `cols` cells cannot be allocated (a session's
    /// config keeps the screen to `MAX_LINES` x `MAX_COLS`).
    pub fn new(lines: i32, cols: i32) -> Self {
        let rows = lines.max(0) as usize;
        let cells = rows * cols.max(0) as usize;
        let first = fresh_stamps(rows as u64);
        let stamps = (first..first + rows as u64).collect();
        Terminal { lines, cols, cells: vec![BLANK; cells], cury: 0, curx: 0, stamps }
    }

    /// Every cell, row by row: the character in the low byte
    /// (`A_CHARTEXT`), attribute bits above it (`A_STANDOUT`).
    pub fn cells(&self) -> &[Chtype] {
        &self.cells
    }

    /// Each row's stamp: a row whose stamp is the same in two terminals
    /// (or in one, read twice) holds the same cells; a change to a row
    /// always gives it a new stamp. A reader that keeps a copy compares
    /// these to find the rows that may have changed.
    pub fn row_stamps(&self) -> &[u64] {
        &self.stamps
    }

    /// Row `y`'s cells, and a new stamp for the row (the caller changes
    /// them); `None` off the screen.
    pub(crate) fn row_mut(&mut self, y: usize) -> Option<&mut [Chtype]> {
        let cols = self.cols.max(0) as usize;
        let cells = self.cells.get_mut(y * cols..(y + 1) * cols)?;
        *self.stamps.get_mut(y)? = fresh_stamps(1);
        Some(cells)
    }

    /// Every cell, and new stamps for every row (the caller changes them).
    pub(crate) fn cells_mut(&mut self) -> &mut [Chtype] {
        let first = fresh_stamps(self.stamps.len() as u64);
        for (k, s) in self.stamps.iter_mut().enumerate() {
            *s = first + k as u64;
        }
        &mut self.cells
    }

    /// Where cell (`y`, `x`) is kept, if it is on the screen.
    fn index(&self, y: i32, x: i32) -> Option<usize> {
        let on = (0..self.lines).contains(&y) && (0..self.cols).contains(&x);
        on.then(|| y as usize * self.cols as usize + x as usize).filter(|&i| i < self.cells.len())
    }

    /// The cell at row `y`, column `x`; `None` off the screen.
    pub fn get(&self, y: i32, x: i32) -> Option<Chtype> {
        self.index(y, x).map(|i| self.cells[i])
    }

    /// The cell at row `y`, column `x`; a blank off the screen.
    pub fn at(&self, y: i32, x: i32) -> Chtype {
        self.get(y, x).unwrap_or(BLANK)
    }

    /// Row `y`'s cells; empty off the screen.
    pub fn row(&self, y: i32) -> &[Chtype] {
        match (self.index(y, 0), self.index(y, self.cols.saturating_sub(1))) {
            (Some(a), Some(b)) => &self.cells[a..=b],
            _ => &[],
        }
    }

    /// Row `y` as text, trailing blanks removed; empty off the screen.
    pub fn row_text(&self, y: i32) -> String {
        let row = self.row(y);
        let text = |c: &Chtype| (c & A_CHARTEXT) as u8;
        let end = row.iter().rposition(|c| text(c) != b' ').map_or(0, |i| i + 1);
        // A byte is the character of that code point (Latin-1): ASCII, as
        // nearly every row is, goes in as it is.
        let bytes: Vec<u8> = row[..end].iter().map(text).collect();
        String::from_utf8(bytes).unwrap_or_else(|e| e.as_bytes().iter().map(|&b| char::from(b)).collect())
    }

    fn scroll_up(&mut self) {
        let cols = self.cols as usize;
        self.cells.drain(0..cols);
        self.cells.extend(std::iter::repeat_n(BLANK, cols));
        // The rows keep their stamps as they move up; the new one is new.
        if !self.stamps.is_empty() {
            self.stamps.remove(0);
            self.stamps.push(fresh_stamps(1));
        }
    }

    /// Output through the tty in its normal ("cooked") mode: `\n` is CR LF
    /// (ONLCR).
    pub(crate) fn write_cooked(&mut self, s: &[u8]) {
        for &b in s {
            if b == b'\n' {
                self.write_raw(b"\r\n");
            } else {
                self.write_raw(&[b]);
            }
        }
    }

    /// Bytes as the terminal receives them: the last row scrolls, a full
    /// line wraps (automatic margins). As the oracle's terminal emulator
    /// (pyte) has it, a character written in the last column leaves the
    /// cursor one past it (`curx == cols`, which a frame then shows), and
    /// the next character first goes to the start of the next line; a
    /// backspace from there lands on the column before the last.
    pub fn write_raw(&mut self, s: &[u8]) {
        for &b in s {
            match b {
                b'\n' => self.line_feed(),
                b'\r' => self.curx = 0,
                b'\x08' => {
                    if self.curx >= self.cols {
                        self.curx = self.cols - 1;
                    }
                    self.curx = (self.curx - 1).max(0);
                }
                b'\x07' => {}
                b'\t' => self.curx = ((self.curx / 8 + 1) * 8).min(self.cols - 1),
                0x20..=0x7e => {
                    if self.curx >= self.cols {
                        self.curx = 0;
                        self.line_feed();
                    }
                    let x = self.curx as usize;
                    if let Some(row) = self.row_mut(self.cury as usize) {
                        row[x] = Chtype::from(b);
                    }
                    self.curx += 1;
                }
                _ => {}
            }
        }
    }

    fn line_feed(&mut self) {
        if self.cury == self.lines - 1 {
            self.scroll_up();
        } else {
            self.cury += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curses::A_STANDOUT;

    /// `row_text` reads each byte as the character of that code point
    /// (Latin-1) and drops the trailing blanks, as a `char` at a time did.
    #[test]
    fn row_text_is_each_byte_as_a_char() {
        let mut t = Terminal::new(2, 12);
        for (k, c) in t.cells_mut().iter_mut().enumerate() {
            *c = [u32::from(b'a'), u32::from(b' '), 0xe9 | A_STANDOUT, 0x1b, u32::from(b' ')][k % 5];
        }
        for y in 0..2 {
            let s: String = t.row(y).iter().map(|&c| char::from((c & A_CHARTEXT) as u8)).collect();
            assert_eq!(t.row_text(y), s.trim_end_matches(' '));
        }
        t.cells_mut().iter_mut().for_each(|c| *c = BLANK);
        assert_eq!(t.row_text(1), "");
    }

    #[test]
    fn a_full_line_wraps_on_the_next_character_as_the_emulator_does() {
        let mut t = Terminal::new(3, 10);
        t.write_cooked(b"0123456789");
        // One past the last column, on the same row, until more comes.
        assert_eq!((t.cury, t.curx), (0, 10));
        t.write_cooked(b"a");
        assert_eq!((t.cury, t.curx), (1, 1));
        assert_eq!(t.row_text(1), "a");
        let mut t = Terminal::new(3, 10);
        t.write_cooked(b"0123456789\x08x");
        // A backspace from there goes to the column before the last.
        assert_eq!(t.row_text(0), "01234567x9");
        assert_eq!((t.cury, t.curx), (0, 9));
    }

    /// Copies that write only the rows whose stamps differ end equal to
    /// their source, whatever happened to either in between: writes,
    /// scrolls, copies both ways, terminals of other sizes.
    #[test]
    fn a_copy_by_stamps_is_a_whole_copy() {
        let mut next = crate::test_dice(4242u32);
        let mut terms: Vec<Terminal> = vec![Terminal::new(4, 6), Terminal::new(4, 6), Terminal::new(3, 6)];
        for _ in 0..20_000 {
            let i = next(3) as usize;
            match next(4) {
                0 | 1 => {
                    let bytes: Vec<u8> = (0..next(12)).map(|_| b"ab \n\r\x08xyz"[next(9) as usize]).collect();
                    terms[i].write_raw(&bytes);
                }
                2 => {
                    let j = next(3) as usize;
                    let src = terms[j].clone();
                    terms[i].clone_from(&src);
                    assert_eq!(terms[i], src);
                    assert_eq!(terms[i].row_stamps(), src.row_stamps());
                }
                _ => {
                    let (y, x) = (next(5) as usize, next(6) as usize);
                    if let Some(row) = terms[i].row_mut(y) {
                        row[x] = Chtype::from(b'#');
                    }
                }
            }
        }
    }
}
