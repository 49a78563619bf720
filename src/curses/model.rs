//! An in-memory model of (narrow) ncurses 6.4, as the original links it.
//!
//! It keeps what ncurses keeps: every window's cells and cursor with their
//! change marks, the virtual screen `newscr` that `wnoutrefresh` copies
//! changed lines into, and `curscr`, the physical screen after `doupdate`.
//! Behind those sits [`Terminal`], the terminal itself, which also receives
//! the plain stdio output a program writes outside curses. The rules follow
//! ncurses' own sources: lib_addch.c (wrapping, control characters),
//! lib_refresh.c (what is copied), lib_clreol.c, lib_erase.c, lib_overlay.c,
//! lib_newwin.c (new windows start touched; full-screen ones with clearok).

use std::collections::VecDeque;

use super::terminal::BLANK;
pub use super::terminal::Terminal;
use super::tty::{LineDiscipline, SIGINT, SIGQUIT};
use super::{A_CHARTEXT, A_STANDOUT, Chtype, Curses, Mode, Win, cchar};
use crate::curses::Interrupt;

/// What the game reads a key for, as it says just before reading it (the
/// next key read takes it; a read it did not announce is a plain key): a
/// program driving the game can tell a prompt from a command, and which
/// keys the prompt does something with, from the game's own state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// What the read is for.
    pub kind: PromptKind,
    /// The keys this read does something with (7 bits: the game reads 7).
    pub keys: KeySet,
}

impl Prompt {
    /// A read the game did not announce: any key.
    pub const ANY: Prompt = Prompt { kind: PromptKind::Key, keys: KeySet::ALL };
}

impl Default for Prompt {
    fn default() -> Self {
        Prompt::ANY
    }
}

/// The kinds of key reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PromptKind {
    /// Not announced: any key.
    #[default]
    Key,
    /// A turn's command (or the command after a count).
    Command,
    /// `--More--` after a message.
    More,
    /// A screen that waits for a space (`--Press space to continue--`).
    Space,
    /// A yes or no question.
    YesNo,
    /// A direction.
    Direction,
    /// Which thing of the pack (`get_item` and the like).
    Item,
    /// One key of a short list (a hand, a type of object, a help entry).
    Choice,
    /// A line the game edits itself (a name, a file name, an option).
    Text,
    /// A line read in the terminal's normal mode (after the score list).
    Line,
}

/// A set of 7-bit keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeySet(pub u128);

impl KeySet {
    /// Every key.
    pub const ALL: KeySet = KeySet(u128::MAX);

    /// The keys of `bytes`.
    pub const fn of(bytes: &[u8]) -> KeySet {
        let mut s = 0u128;
        let mut i = 0;
        while i < bytes.len() {
            s |= 1 << (bytes[i] & 0x7f);
            i += 1;
        }
        KeySet(s)
    }

    /// The printable keys, space to `~`.
    pub const PRINTABLE: KeySet = KeySet(((1u128 << 0x7f) - 1) & !((1u128 << 0x20) - 1));

    /// The keys of both sets.
    pub const fn union(self, o: KeySet) -> KeySet {
        KeySet(self.0 | o.0)
    }

    /// The set and key `k`.
    pub const fn with(self, k: u8) -> KeySet {
        KeySet(self.0 | 1 << (k & 0x7f))
    }

    /// Whether the game, which reads 7 bits of a key, takes `k`.
    pub const fn contains(self, k: u8) -> bool {
        self.0 & 1 << (k & 0x7f) != 0
    }
}

/// Where the model's keys come from. It is asked at every wait, with the
/// terminal as a person would see it at that moment, so a source can also
/// watch the screen: `rogue-trace` takes its frames here, a bot decides
/// its next key here.
pub trait KeySource {
    /// A copy for a copy of the screen: by default, no keys at all (a
    /// snapshot's keys are given to it when it is played on).
    fn box_clone(&self) -> Box<dyn KeySource> {
        Box::new(ScriptedKeys::default())
    }
    /// The game is (or stops being) at the wait for a turn's command.
    fn command_wait(&mut self, _on: bool) {}
    /// What the next key read is for (see [`Prompt`]).
    fn prompt(&mut self, _p: Prompt) {}
    /// Whether the terminal has hung up, asked between turns that read no
    /// key (a test's way to send SIGHUP while the game computes).
    fn hangup_pending(&mut self) -> bool {
        false
    }
    /// The game waits for one key (`wgetch`).
    fn key(&mut self, screen: &Terminal) -> Result<u8, Interrupt>;
    /// The game reads a line in the terminal's normal mode (`fgets`): the
    /// bytes up to and including a newline.
    fn line(&mut self, screen: &Terminal) -> Result<Vec<u8>, Interrupt> {
        let mut out = Vec::new();
        loop {
            let b = self.key(screen)?;
            out.push(b);
            if b == b'\n' {
                return Ok(out);
            }
        }
    }
}

/// Keys given in advance, one per wait; then the end of input.
#[derive(Clone, Debug, Default)]
pub struct ScriptedKeys(pub VecDeque<u8>);

impl KeySource for ScriptedKeys {
    fn box_clone(&self) -> Box<dyn KeySource> {
        Box::new(self.clone())
    }

    fn key(&mut self, _screen: &Terminal) -> Result<u8, Interrupt> {
        self.0.pop_front().ok_or(Interrupt::EndOfInput)
    }

    fn line(&mut self, _screen: &Terminal) -> Result<Vec<u8>, Interrupt> {
        if self.0.is_empty() {
            return Err(Interrupt::EndOfInput);
        }
        let n = self.0.iter().position(|&b| b == b'\n').map_or(self.0.len(), |i| i + 1);
        Ok(self.0.drain(..n).collect())
    }
}

/// A standard screen's worth of blanks, copied to erase a window (a
/// single memcpy, which uses the machine's widest stores).
static BLANK_SCREEN: [Chtype; 24 * 80] = [BLANK; 24 * 80];
/// `_NOCHANGE` of a line's change marks.
const NOCHANGE: i32 = -1;
/// The internal handle of `newscr`.
const NEWSCR: Win = Win(2);

/// One window: geometry, cursor, flags and change marks. Its cells live in
/// a [`Store`], shared with its parent when it is a subwindow.
#[derive(Clone, Debug)]
struct Window {
    begy: i32,
    begx: i32,
    /// Last row and column (ncurses' `_maxy`, `_maxx`).
    maxy: i32,
    maxx: i32,
    cury: i32,
    curx: i32,
    attrs: Chtype,
    clear: bool,
    leaveok: bool,
    wrapped: bool,
    hasmoved: bool,
    /// Which store holds the cells, and where this window starts in it.
    store: usize,
    offy: i32,
    offx: i32,
    parent: Option<u16>,
    /// Where a subwindow starts in its parent.
    pary: i32,
    parx: i32,
    marks: Marks,
}

/// A window's change marks, ncurses' `firstch`/`lastch` of each row, and
/// the rows that may hold one (every row outside them is unmarked), so a
/// refresh visits only those.
#[derive(Clone, Debug)]
struct Marks {
    /// `[firstch, lastch]` of each row, `NOCHANGE` when unmarked.
    rows: Vec<[i32; 2]>,
    /// Rows `lo..hi` may be marked (empty when `lo == hi`).
    lo: usize,
    hi: usize,
}

impl Marks {
    /// Every row marked from column 0 to `maxx`.
    fn touched(nlines: usize, maxx: i32) -> Self {
        Marks { rows: vec![[0, maxx]; nlines], lo: 0, hi: nlines }
    }

    fn cover(&mut self, y: usize) {
        if self.lo == self.hi {
            (self.lo, self.hi) = (y, y + 1);
        } else {
            self.lo = self.lo.min(y);
            self.hi = self.hi.max(y + 1);
        }
    }

    /// Widen row `y`'s mark to take in columns `x0..=x1`.
    #[inline]
    fn mark(&mut self, y: usize, x0: i32, x1: i32) {
        let m = &mut self.rows[y];
        if m[0] == NOCHANGE || x0 < m[0] {
            m[0] = x0;
        }
        if m[1] == NOCHANGE || x1 > m[1] {
            m[1] = x1;
        }
        self.cover(y);
    }

    /// Mark row `y` whole (`0..=maxx`).
    fn touch(&mut self, y: usize, maxx: i32) {
        self.rows[y] = [0, maxx];
        self.cover(y);
    }

    fn get(&self, y: usize) -> [i32; 2] {
        self.rows[y]
    }

    /// The rows that may be marked.
    fn range(&self) -> std::ops::Range<usize> {
        self.lo..self.hi
    }

    /// Unmark the rows before `n`.
    fn clear_before(&mut self, n: usize) {
        let end = self.hi.min(n);
        if self.lo < end {
            self.rows[self.lo..end].fill([NOCHANGE; 2]);
        }
        self.lo = self.lo.max(n);
        if self.lo >= self.hi {
            (self.lo, self.hi) = (0, 0);
        }
    }

    fn clear(&mut self) {
        self.clear_before(usize::MAX);
    }

    fn any(&self) -> bool {
        self.rows[self.range()].iter().any(|m| m[0] != NOCHANGE)
    }
}

impl Window {
    fn new(nlines: i32, ncols: i32, begy: i32, begx: i32, store: usize, full_screen: bool) -> Self {
        Window {
            begy,
            begx,
            maxy: nlines - 1,
            maxx: ncols - 1,
            cury: 0,
            curx: 0,
            attrs: 0,
            clear: full_screen,
            leaveok: false,
            wrapped: false,
            hasmoved: false,
            store,
            offy: 0,
            offx: 0,
            parent: None,
            pary: 0,
            parx: 0,
            // SVr4 and ncurses mark a new window entirely changed.
            marks: Marks::touched(nlines as usize, ncols - 1),
        }
    }

    #[inline]
    fn changed(&mut self, y: i32, x0: i32, x1: i32) {
        self.marks.mark(y as usize, x0, x1);
    }

    /// The index of cell (y, x) in a store `width` cells wide.
    #[inline]
    fn at(&self, width: i32, y: i32, x: i32) -> usize {
        ((self.offy + y) * width + self.offx + x) as usize
    }

    fn touch_all(&mut self) {
        for y in 0..=self.maxy as usize {
            self.marks.touch(y, self.maxx);
        }
    }

    fn is_touched(&self) -> bool {
        self.marks.any()
    }
}

/// The cells of a window and of its subwindows.
#[derive(Clone, Debug)]
struct Store {
    width: i32,
    cells: Vec<Chtype>,
    /// Bit r: row r may hold cells other than blanks (in a store of more
    /// than 64 rows, some row r + 64k); the rows of every other bit are
    /// blank, so an erase leaves them alone (a new level's `clear` then
    /// copies the rows it drew, not the whole screen). Set by every write
    /// of a cell that may not be blank: a shift and an `or` a write.
    inked: u64,
    /// Whether `inked` is kept. curscr's and newscr's are not (every row
    /// counts as inked): only a refresh writes them, a row at a time, and
    /// nothing erases them but a program that asks to.
    tracked: bool,
}

impl Store {
    fn new(nlines: i32, ncols: i32) -> Self {
        Store { width: ncols, cells: vec![BLANK; (nlines * ncols) as usize], inked: 0, tracked: true }
    }

    /// The bit of row `row` in `inked` (the shift takes the row mod 64,
    /// as the machine's shift does).
    #[inline]
    fn row_bit(row: usize) -> u64 {
        1u64.wrapping_shl(row as u32)
    }

    /// Row `row` of the store may now hold a cell that is not blank.
    #[inline]
    fn ink(&mut self, row: usize) {
        self.inked |= Self::row_bit(row);
    }

    /// How many rows the store has.
    fn rows(&self) -> usize {
        self.cells.len() / self.width.max(1) as usize
    }

    /// Blank rows `rows` (each the store's whole width) that may not be
    /// blank, and note them blank.
    fn blank_rows(&mut self, rows: std::ops::Range<usize>) {
        let (width, n) = (self.width as usize, self.rows());
        let end = rows.end.min(n);
        let mut row = rows.start;
        while row < end {
            if self.inked & Self::row_bit(row) == 0 {
                row += 1;
                continue;
            }
            // A run of rows that may be inked, one copy of blanks.
            let first = row;
            while row < end && self.inked & Self::row_bit(row) != 0 {
                row += 1;
            }
            let cells = &mut self.cells[first * width..row * width];
            match BLANK_SCREEN.get(..cells.len()) {
                Some(blanks) => cells.copy_from_slice(blanks),
                None => cells.fill(BLANK),
            }
        }
        if !self.tracked {
            return;
        }
        // The rows' bits off: each bit whose rows were all blanked (in a
        // store of at most 64 rows, a bit is one row).
        let mut blanked = 0u64;
        for row in rows.start.min(end)..end {
            blanked |= Self::row_bit(row);
        }
        if n > 64 {
            for row in (0..rows.start.min(end)).chain(end..n) {
                blanked &= !Self::row_bit(row);
            }
        }
        self.inked &= !blanked;
    }
}

/// The in-memory curses: windows, newscr, curscr, the terminal and the keys
/// still to be read.
pub struct Model {
    lines: i32,
    cols: i32,
    wins: Vec<Option<Window>>,
    stores: Vec<Option<Store>>,
    term: Terminal,
    endwin: bool,
    input: Box<dyn KeySource>,
    modes: Vec<Mode>,
    keypad: bool,
    /// The tty's line discipline once a line has been read in its normal
    /// mode (what was typed and not yet read stays in it).
    tty: Option<LineDiscipline>,
    /// stdin's stdio buffer: read from the tty, not yet taken by `fgets`;
    /// and whether a read saw the end of the file (glibc's EOF sticks).
    stdin_buf: VecDeque<u8>,
    stdin_eof: bool,
    /// The terminal got bytes curses does not know of (plain output, the
    /// tty's echo), so it may differ from curscr outside the rows an update
    /// writes; until the next repaint, an update copies whole rows to it.
    term_stale: bool,
}

impl Model {
    /// `initscr` on a terminal of `lines` x `cols`: stdscr, curscr and
    /// newscr exist, and the first refresh will clear the terminal.
    pub fn new(lines: i32, cols: i32) -> Self {
        let mut m = Model {
            lines,
            cols,
            wins: Vec::new(),
            stores: Vec::new(),
            term: Terminal::new(lines, cols),
            endwin: false,
            input: Box::new(ScriptedKeys::default()),
            modes: Vec::new(),
            keypad: false,
            tty: None,
            stdin_buf: VecDeque::new(),
            stdin_eof: false,
            term_stale: false,
        };
        for _ in 0..3 {
            m.make_window(lines, cols, 0, 0);
        }
        // curscr starts out "cleared": the first update clears the terminal.
        m.win_mut(Win::CUR).clear = true;
        for w in [Win::CUR, NEWSCR] {
            m.win_mut(w).marks.clear();
            let store = m.win(w).store;
            if let Some(st) = m.stores[store].as_mut() {
                (st.inked, st.tracked) = (u64::MAX, false);
            }
        }
        m
    }

    /// The standard 24 x 80 screen of the oracle's recordings.
    pub fn standard() -> Self {
        Model::new(24, 80)
    }

    /// One write of typed bytes to the tty in its normal mode: the echo
    /// goes to the terminal; an interrupt or quit character kills the
    /// program (both have their default action by then: score() resets
    /// SIGINT, setup() SIGQUIT). ^Z stops nothing: the recorder's game
    /// leads its own session, whose process group is orphaned, where the
    /// kernel drops SIGTSTP.
    fn type_to_tty(&mut self, typed: &[u8]) -> Result<(), Interrupt> {
        let col = usize::try_from(self.term.curx).unwrap_or(0);
        let tty = self.tty.get_or_insert_with(|| LineDiscipline::new(col));
        tty.receive(typed);
        let out = tty.take_output();
        let signals = tty.take_signals();
        self.term.write_raw(&out);
        self.term_stale = true;
        // SIGINT ends the process at once (a fatal signal without a core
        // dump); SIGQUIT waits for delivery, so an interrupt after it
        // still wins.
        for sig in [SIGINT, SIGQUIT] {
            if signals.contains(&sig) {
                return Err(Interrupt::Signal(sig));
            }
        }
        Ok(())
    }

    /// Take keys from this source from now on.
    pub fn set_input(&mut self, input: Box<dyn KeySource>) {
        self.input = input;
    }

    /// Read the given keys, one per wait, then end the input.
    #[cfg(any(test, feature = "internals"))] // for the tests
    pub fn push_input(&mut self, keys: &[u8]) {
        self.input = Box::new(ScriptedKeys(keys.iter().copied().collect()));
    }

    /// The terminal as a person would see it now.
    #[cfg(any(test, feature = "internals"))] // for the tests
    pub fn terminal(&self) -> &Terminal {
        &self.term
    }

    /// The terminal modes set so far, oldest first.
    #[cfg(any(test, feature = "internals"))] // for the tests
    pub fn modes(&self) -> &[Mode] {
        &self.modes
    }

    fn make_window(&mut self, nlines: i32, ncols: i32, begy: i32, begx: i32) -> Win {
        let store = self.stores.len();
        self.stores.push(Some(Store::new(nlines, ncols)));
        let full = nlines == self.lines && ncols == self.cols;
        let win = Window::new(nlines, ncols, begy, begx, store, full);
        self.insert_window(win)
    }

    fn insert_window(&mut self, win: Window) -> Win {
        if let Some(i) = self.wins.iter().skip(3).position(Option::is_none) {
            self.wins[i + 3] = Some(win);
            Win((i + 3) as u16)
        } else {
            self.wins.push(Some(win));
            Win((self.wins.len() - 1) as u16)
        }
    }

    fn exists(&self, w: Win) -> bool {
        matches!(self.wins.get(usize::from(w.0)), Some(Some(_)))
    }

    fn win(&self, w: Win) -> &Window {
        self.wins[usize::from(w.0)].as_ref().expect("curses window used after delwin")
    }

    fn win_mut(&mut self, w: Win) -> &mut Window {
        self.wins[usize::from(w.0)].as_mut().expect("curses window used after delwin")
    }

    /// Where a window's cell lives in its store.
    fn cell_index(&self, w: Win, y: i32, x: i32) -> (usize, usize) {
        let win = self.win(w);
        let width = self.stores[win.store].as_ref().map_or(0, |st| st.width);
        (win.store, win.at(width, y, x))
    }

    fn cell(&self, w: Win, y: i32, x: i32) -> Chtype {
        let win = self.win(w);
        self.stores[win.store].as_ref().map_or(BLANK, |st| st.cells[win.at(st.width, y, x)])
    }

    fn set_cell(&mut self, w: Win, y: i32, x: i32, ch: Chtype) {
        let win = self.wins[usize::from(w.0)].as_ref().expect("curses window used after delwin");
        if let Some(st) = self.stores[win.store].as_mut() {
            st.cells[win.at(st.width, y, x)] = ch;
            st.ink((win.offy + y) as usize);
        }
    }

    /// `newline_forces_scroll` for windows that never scroll: move down a
    /// line unless on the last one, and say whether that was the last one.
    fn newline_at_bottom(win: &mut Window) -> bool {
        if win.cury == win.maxy {
            true
        } else {
            win.cury += 1;
            false
        }
    }

    /// `wrap_to_next_line`: rogue never turns scrolling on, so wrapping at
    /// the bottom right corner leaves the cursor there and fails.
    fn wrap_to_next_line(win: &mut Window) -> bool {
        win.wrapped = true;
        if Self::newline_at_bottom(win) {
            win.curx = win.maxx;
            return false;
        }
        win.curx = 0;
        true
    }

    /// `waddch_literal`: put one cell at the cursor and advance.
    fn add_literal(&mut self, w: Win, ch: Chtype) -> bool {
        let win = self.wins[usize::from(w.0)].as_mut().expect("curses window used after delwin");
        let (y, x) = (win.cury, win.curx);
        // render_char: the window's attributes join the character's (the
        // background is a plain blank).
        if let Some(st) = self.stores[win.store].as_mut() {
            st.cells[win.at(st.width, y, x)] = ch | win.attrs;
            st.ink((win.offy + y) as usize);
        }
        win.changed(y, x, x);
        if x + 1 > win.maxx {
            return Self::wrap_to_next_line(win);
        }
        win.curx = x + 1;
        true
    }

    /// `waddch_literal` for a run of printable bytes: what one call per
    /// byte does, a row's worth at a time (the cells, one change mark,
    /// and the wrap at the row's end).
    fn add_run(&mut self, w: Win, run: &[u8]) -> bool {
        let win = self.wins[usize::from(w.0)].as_mut().expect("curses window used after delwin");
        let mut store = self.stores[win.store].as_mut();
        let mut rest = run;
        while !rest.is_empty() {
            let (y, x) = (win.cury, win.curx);
            let room = (win.maxx - x + 1).max(1) as usize;
            let k = room.min(rest.len());
            if let Some(st) = store.as_deref_mut() {
                let i = win.at(st.width, y, x);
                for (c, &b) in st.cells[i..i + k].iter_mut().zip(rest) {
                    *c = Chtype::from(b) | win.attrs;
                }
                st.ink((win.offy + y) as usize);
            }
            win.changed(y, x, x + k as i32 - 1);
            rest = &rest[k..];
            if k == room {
                if !Self::wrap_to_next_line(win) {
                    return false;
                }
            } else {
                win.curx = x + k as i32;
            }
        }
        true
    }

    /// `unctrl()` of ncurses for a byte that is not printable ASCII, in
    /// the C locale the game runs in (ncurses' "legacy coding": bytes from
    /// 160 up are shown as themselves).
    fn unctrl(t: u8) -> ([u8; 2], usize) {
        match t {
            0..=31 => ([b'^', t + 64], 2),
            127 => (*b"^?", 2),
            128..=159 => ([b'~', t - 64], 2),
            _ => ([t, 0], 1),
        }
    }

    /// Two different stores, one to read and one to write.
    fn store_pair(stores: &mut [Option<Store>], read: usize, write: usize) -> (&Store, &mut Store) {
        debug_assert_ne!(read, write);
        if read < write {
            let (a, b) = stores.split_at_mut(write);
            (a[read].as_ref().expect("live store"), b[0].as_mut().expect("live store"))
        } else {
            let (a, b) = stores.split_at_mut(read);
            (b[0].as_ref().expect("live store"), a[write].as_mut().expect("live store"))
        }
    }

    fn update(&mut self) {
        // doupdate: the physical screen becomes newscr. A cleared update
        // repaints everything; otherwise only cells that differ are written.
        // Only the lines newscr marks as changed can differ from curscr
        // (newscr changes only through wnoutrefresh, which marks them).
        let (ns, cs) = (self.win(NEWSCR).store, self.win(Win::CUR).store);
        let cols = self.cols as usize;
        let screen = self.lines as usize * cols;
        let mut last_written: Option<usize> = None;
        // A cleared update repaints the whole screen.
        let full = self.endwin || self.win(NEWSCR).clear || self.win(Win::CUR).clear;
        {
            let n = self.wins[usize::from(NEWSCR.0)].as_ref().expect("newscr");
            let (new, cur) = Self::store_pair(&mut self.stores, ns, cs);
            // curscr's rows all count as inked: nothing to note here.
            debug_assert!(!cur.tracked);
            if full {
                // Row after row, the last cell written is the screen's last
                // difference; the terminal then shows curscr whole (the
                // program's own output may have changed anything).
                let (src, dst) = (&new.cells[..screen], &mut cur.cells[..screen]);
                if n.leaveok {
                    last_written = last_diff(src, dst);
                }
                dst.copy_from_slice(src);
                self.term.cells_mut().copy_from_slice(dst);
                self.term_stale = false;
            } else {
                for y in n.marks.range() {
                    let [first, last] = n.marks.get(y);
                    if first == NOCHANGE {
                        continue;
                    }
                    // (A mark's usize reading, as the C's unsigned one.)
                    let first = (first as usize).min(cols - 1);
                    let last = (last as usize).min(cols - 1).max(first);
                    let row = y * cols;
                    let r = row + first..=row + last;
                    let (src, dst) = (&new.cells[r.clone()], &mut cur.cells[r.clone()]);
                    if let Some((a, b)) = sync_span(src, dst) {
                        if n.leaveok {
                            last_written = Some(r.start() + b);
                        }
                        if !self.term_stale {
                            // The terminal is curscr: only these cells changed.
                            if let Some(t) = self.term.row_mut(y) {
                                t[first + a..=first + b].copy_from_slice(&src[a..=b]);
                            }
                        }
                    }
                    if self.term_stale {
                        // The terminal shows curscr's rows just written.
                        if let Some(t) = self.term.row_mut(y) {
                            t.copy_from_slice(&cur.cells[row..row + cols]);
                        }
                    }
                }
            }
        }
        let (ny, nx, leave) = {
            let n = self.win(NEWSCR);
            (n.cury, n.curx, n.leaveok)
        };
        let (cy, cx) = if !leave {
            (ny, nx)
        } else if let Some(i) = last_written {
            // With leaveok the cursor stays wherever ncurses' output left
            // it. This is only an estimate (just after the last changed
            // cell): ncurses' line-update strategy decides the real place,
            // and tests/curses_model.rs does not hold the model to it yet.
            let (y, x) = ((i / cols) as i32, (i % cols) as i32);
            (y, (x + 1).min(self.cols - 1))
        } else {
            let c = self.win(Win::CUR);
            (c.cury, c.curx)
        };
        {
            let c = self.win_mut(Win::CUR);
            c.cury = cy;
            c.curx = cx;
            c.clear = false;
            c.marks.clear();
        }
        {
            let n = self.win_mut(NEWSCR);
            n.clear = false;
            n.marks.clear();
        }
        self.endwin = false;
        self.term.cury = cy;
        self.term.curx = cx;
    }

    /// `wsyncdown`: a subwindow takes on the change marks of its ancestors
    /// where they cover it (its cells are theirs).
    fn syncdown(&mut self, w: Win) {
        let Some(parent) = self.win(w).parent.map(Win) else { return };
        self.syncdown(parent);
        let (pary, parx, maxy, maxx) = {
            let win = self.win(w);
            (win.pary, win.parx, win.maxy, win.maxx)
        };
        for y in 0..=maxy {
            let [first, last] = self.win(parent).marks.get((pary + y) as usize);
            if first >= 0 {
                // The change may lie outside the child; the line is marked
                // all the same (an empty range), as ncurses does.
                let left = (first - parx).max(0);
                let right = (last - parx).min(maxx);
                self.win_mut(w).changed(y, left, right);
            }
        }
    }

    /// wnoutrefresh: copy the window's changed cells into newscr. (Only
    /// wrefresh calls it, right before the update.)
    fn noutrefresh(&mut self, w: Win) {
        self.syncdown(w);
        let nmaxy = self.lines - 1;
        let nmaxx = self.cols - 1;
        let cols = self.cols;
        let ns = self.win(NEWSCR).store;
        // The window out of the list while its rows go to newscr's.
        let mut win = self.wins[usize::from(w.0)].take().expect("curses window used after delwin");
        let limit_x = win.maxx.min(nmaxx - win.begx);
        let rows = win.maxy.min(nmaxy - win.begy);
        // The update that follows (wrefresh's) repaints the whole screen,
        // which needs no marks in newscr: the changed rows are just copied.
        let repaint = win.clear
            || self.endwin
            || [NEWSCR, Win::CUR].iter().any(|&v| self.wins[usize::from(v.0)].as_ref().is_some_and(|c| c.clear));
        {
            let nwin = self.wins[usize::from(NEWSCR.0)].as_mut();
            // (newscr itself: nothing to copy.)
            let mut pair = match nwin {
                Some(n) if win.store != ns => Some((n, Self::store_pair(&mut self.stores, win.store, ns))),
                _ => None,
            };
            let visited = (rows + 1).max(0) as usize;
            let span = win.marks.range();
            for r in span.start..span.end.min(visited) {
                let src_row = r as i32;
                let [first, last] = win.marks.get(r);
                let hi = last.min(limit_x);
                if first == NOCHANGE || first > hi {
                    continue;
                }
                let Some((n, (src, dst))) = pair.as_mut() else { continue };
                // newscr's rows all count as inked: nothing to note here.
                debug_assert!(!dst.tracked);
                let dst_row = win.begy + src_row;
                let sbase = ((win.offy + src_row) * src.width + win.offx) as usize;
                let dbase = (dst_row * cols + win.begx) as usize;
                let (lo, hi) = (first as usize, hi as usize);
                let s = &src.cells[sbase + lo..=sbase + hi];
                let d = &mut dst.cells[dbase + lo..=dbase + hi];
                if repaint {
                    d.copy_from_slice(s);
                    continue;
                }
                // Only the cells that differ count as changed in newscr.
                let Some((a, b)) = sync_span(s, d) else { continue };
                let at = lo as i32 + win.begx;
                n.changed(dst_row, at + a as i32, at + b as i32);
            }
            // Every row on the screen is unmarked now.
            win.marks.clear_before(visited);
        }
        let clear = win.clear;
        win.clear = false;
        win.hasmoved = false;
        let (leave, cy, cx) = (win.leaveok, win.cury + win.begy, win.curx + win.begx);
        self.wins[usize::from(w.0)] = Some(win);
        let n = self.win_mut(NEWSCR);
        if clear {
            n.clear = true;
        }
        if !leave {
            n.cury = cy;
            n.curx = cx;
        }
        n.leaveok = leave;
    }
}

/// Cells compared eight at a time (as arrays, which compile to vector
/// compares) before one at a time.
const CHUNK: usize = 8;

/// A byte `waddch` puts as it is (printable ASCII, and the C locale's
/// bytes from 160 up).
#[inline]
fn printable(b: u8) -> bool {
    b.wrapping_sub(0x20) < 0x5f || b >= 160
}

/// Spans this short are compared and copied cell by cell in one pass
/// (cheaper than library calls for the few cells a turn changes).
const SHORT: usize = 16;

/// Make `dst` equal to `src` (of the same length): where they first and
/// last differed, if anywhere.
fn sync_span(src: &[Chtype], dst: &mut [Chtype]) -> Option<(usize, usize)> {
    if src.len() <= SHORT {
        let mut found: Option<(usize, usize)> = None;
        for (i, (d, &c)) in dst.iter_mut().zip(src).enumerate() {
            if *d != c {
                *d = c;
                found = Some((found.map_or(i, |f| f.0), i));
            }
        }
        return found;
    }
    let a = first_diff(src, dst)?;
    let b = last_diff(&src[a..], &dst[a..]).map_or(a, |j| a + j);
    dst[a..=b].copy_from_slice(&src[a..=b]);
    Some((a, b))
}

/// Where two rows of cells first differ.
fn first_diff(a: &[Chtype], b: &[Chtype]) -> Option<usize> {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut i = 0;
    for (x, y) in a.as_chunks::<CHUNK>().0.iter().zip(b.as_chunks::<CHUNK>().0) {
        if x != y {
            break;
        }
        i += CHUNK;
    }
    a[i..].iter().zip(&b[i..]).position(|(x, y)| x != y).map(|p| p + i)
}

/// Where two rows of cells of the same length last differ.
fn last_diff(a: &[Chtype], b: &[Chtype]) -> Option<usize> {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut end = n;
    for (x, y) in a.as_rchunks::<CHUNK>().1.iter().rev().zip(b.as_rchunks::<CHUNK>().1.iter().rev()) {
        if x != y {
            break;
        }
        end -= CHUNK;
    }
    a[..end].iter().zip(&b[..end]).rposition(|(x, y)| x != y)
}

impl Clone for Model {
    fn clone(&self) -> Self {
        Model {
            lines: self.lines,
            cols: self.cols,
            wins: self.wins.clone(),
            stores: self.stores.clone(),
            term: self.term.clone(),
            endwin: self.endwin,
            input: self.input.box_clone(),
            modes: self.modes.clone(),
            keypad: self.keypad,
            tty: self.tty.clone(),
            stdin_buf: self.stdin_buf.clone(),
            stdin_eof: self.stdin_eof,
            term_stale: self.term_stale,
        }
    }
}

impl Curses for Model {
    fn box_clone(&self) -> Box<dyn Curses> {
        Box::new(self.clone())
    }

    fn command_wait(&mut self, on: bool) {
        self.input.command_wait(on);
    }

    fn prompt(&mut self, p: Prompt) {
        self.input.prompt(p);
    }

    fn hangup_pending(&mut self) -> bool {
        self.input.hangup_pending()
    }

    fn lines(&self) -> i32 {
        self.lines
    }

    fn cols(&self) -> i32 {
        self.cols
    }

    fn newwin(&mut self, nlines: i32, ncols: i32, begy: i32, begx: i32) -> Option<Win> {
        if begy < 0 || begx < 0 || nlines < 0 || ncols < 0 {
            return None;
        }
        let nlines = if nlines == 0 { self.lines - begy } else { nlines };
        let ncols = if ncols == 0 { self.cols - begx } else { ncols };
        if nlines <= 0 || ncols <= 0 {
            return None;
        }
        Some(self.make_window(nlines, ncols, begy, begx))
    }

    fn subwin(&mut self, parent: Win, nlines: i32, ncols: i32, begy: i32, begx: i32) -> Option<Win> {
        if !self.exists(parent) {
            return None;
        }
        let p = self.win(parent).clone();
        // derwin's checks, in the parent's coordinates.
        let (py, px) = (begy - p.begy, begx - p.begx);
        if py < 0 || px < 0 || nlines < 0 || ncols < 0 {
            return None;
        }
        if py + nlines > p.maxy + 1 || px + ncols > p.maxx + 1 {
            return None;
        }
        let nlines = if nlines == 0 { p.maxy + 1 - py } else { nlines };
        let ncols = if ncols == 0 { p.maxx + 1 - px } else { ncols };
        let mut win = Window::new(nlines, ncols, begy, begx, p.store, false);
        win.offy = p.offy + py;
        win.offx = p.offx + px;
        win.pary = py;
        win.parx = px;
        win.attrs = p.attrs;
        win.parent = Some(parent.0);
        Some(self.insert_window(win))
    }

    fn delwin(&mut self, w: Win) {
        // ncurses refuses to delete a window that still has subwindows, and
        // never deletes stdscr/curscr/newscr here.
        if w.0 < 3 || !self.exists(w) {
            return;
        }
        let has_children = self.wins.iter().flatten().any(|c| c.parent == Some(w.0));
        if has_children {
            return;
        }
        let win = self.wins[usize::from(w.0)].take().expect("checked above");
        match win.parent {
            // What the subwindow showed is its parent's to show again.
            Some(p) => self.win_mut(Win(p)).touch_all(),
            None => {
                self.stores[win.store] = None;
                self.win_mut(Win::CUR).touch_all();
            }
        }
    }

    fn mvwin(&mut self, w: Win, y: i32, x: i32) -> bool {
        if !self.exists(w) {
            return false;
        }
        let (lines, cols) = (self.lines, self.cols);
        let win = self.win_mut(w);
        if y < 0 || x < 0 || y + win.maxy > lines - 1 || x + win.maxx > cols - 1 {
            return false;
        }
        win.begy = y;
        win.begx = x;
        win.touch_all();
        true
    }

    fn wmove(&mut self, w: Win, y: i32, x: i32) -> bool {
        let win = self.win_mut(w);
        if y < 0 || x < 0 || y > win.maxy || x > win.maxx {
            return false;
        }
        win.cury = y;
        win.curx = x;
        win.wrapped = false;
        win.hasmoved = true;
        true
    }

    fn waddch(&mut self, w: Win, ch: Chtype) -> bool {
        let t = (ch & A_CHARTEXT) as u8;
        let attrs = ch & !A_CHARTEXT;
        if printable(t) {
            return self.add_literal(w, ch);
        }
        match t {
            b'\t' => {
                let (x, y, maxx, maxy) = {
                    let win = self.win(w);
                    (win.curx, win.cury, win.maxx, win.maxy)
                };
                let nx = x + (8 - x % 8);
                if y == maxy || nx <= maxx {
                    while self.win(w).curx < nx {
                        if !self.add_literal(w, BLANK | attrs) {
                            return false;
                        }
                        // A wrap to the next line ends the tab.
                        if self.win(w).cury != y {
                            break;
                        }
                    }
                } else {
                    self.wclrtoeol(w);
                    let win = self.win_mut(w);
                    win.wrapped = true;
                    if Self::newline_at_bottom(win) {
                        win.curx = win.maxx;
                    } else {
                        win.curx = 0;
                    }
                }
                true
            }
            b'\n' => {
                self.wclrtoeol(w);
                let win = self.win_mut(w);
                if Self::newline_at_bottom(win) {
                    return false;
                }
                win.curx = 0;
                win.wrapped = false;
                true
            }
            b'\r' => {
                let win = self.win_mut(w);
                win.curx = 0;
                win.wrapped = false;
                true
            }
            b'\x08' => {
                let win = self.win_mut(w);
                if win.curx > 0 {
                    win.curx -= 1;
                }
                win.wrapped = false;
                true
            }
            _ => {
                let (bytes, n) = Self::unctrl(t);
                for &b in &bytes[..n] {
                    if !self.add_literal(w, Chtype::from(b) | attrs) {
                        return false;
                    }
                }
                true
            }
        }
    }

    fn waddstr(&mut self, w: Win, s: &[u8]) -> bool {
        // Runs of printable bytes at once, anything else through waddch; a
        // NUL ends the string (one scan finds both).
        let mut rest = s;
        loop {
            let n = rest.iter().position(|&b| !printable(b)).unwrap_or(rest.len());
            if n > 0 && !self.add_run(w, &rest[..n]) {
                return false;
            }
            match rest.get(n) {
                None | Some(0) => return true,
                Some(&b) => {
                    if !self.waddch(w, Chtype::from(b)) {
                        return false;
                    }
                    rest = &rest[n + 1..];
                }
            }
        }
    }

    fn winch(&self, w: Win) -> Chtype {
        let win = self.win(w);
        self.cell(w, win.cury, win.curx)
    }

    /// One window lookup for the move and the read.
    fn mvinch(&mut self, y: i32, x: i32) -> Chtype {
        let win = self.wins[usize::from(Win::STD.0)].as_mut().expect("stdscr");
        if y < 0 || x < 0 || y > win.maxy || x > win.maxx {
            return self.winch(Win::STD);
        }
        // wmove's effects, then the cell.
        win.cury = y;
        win.curx = x;
        win.wrapped = false;
        win.hasmoved = true;
        self.stores[win.store].as_ref().map_or(BLANK, |st| st.cells[win.at(st.width, y, x)])
    }

    fn add_changed(&mut self, y: i32, x: i32, text: &[u8]) {
        let win = self.wins[usize::from(Win::STD.0)].as_mut().expect("stdscr");
        let len = text.len() as i32;
        // At once where the cells are what the calls would write: the run
        // is on the row, the cursor at its start, and it ends before the
        // last column (where an addch would wrap). Else a cell at a time.
        let Some(st) = self.stores[win.store].as_mut().filter(|_| {
            (win.cury, win.curx) == (y, x)
                && y >= 0
                && y <= win.maxy
                && x >= 0
                && x + len <= win.maxx
                && text.iter().all(|&b| printable(b))
        }) else {
            return super::add_changed_cells(self, y, x, text);
        };
        let start = win.at(st.width, y, x);
        let (mut changed, mut moved): (Option<(i32, i32)>, bool) = (None, false);
        for (k, (cell, &ch)) in st.cells[start..start + text.len()].iter_mut().zip(text).enumerate() {
            let same = cchar(*cell) == ch;
            moved |= same;
            if !same {
                // addch: the window's attributes join the character.
                *cell = Chtype::from(ch) | win.attrs;
                let cx = x + k as i32;
                changed = Some(changed.map_or((cx, cx), |(lo, _)| (lo, cx)));
            }
        }
        // One mark for the changed cells (the marks keep a row's lowest
        // and highest changed column, whatever the order of the calls).
        if let Some((lo, hi)) = changed {
            st.ink((win.offy + y) as usize);
            win.changed(y, lo, hi);
        }
        // Each call leaves the cursor after its cell; a move also ends a
        // wrap and notes the move (an addch short of the last column
        // leaves both alone).
        win.curx = x + len;
        if moved {
            win.wrapped = false;
            win.hasmoved = true;
        }
    }

    fn winch_at(&self, w: Win, y: i32, x: i32) -> Chtype {
        let win = self.win(w);
        if y < 0 || x < 0 || y > win.maxy || x > win.maxx {
            return 0;
        }
        self.cell(w, y, x)
    }

    fn getyx(&self, w: Win) -> (i32, i32) {
        let win = self.win(w);
        (win.cury, win.curx)
    }

    fn getmaxyx(&self, w: Win) -> (i32, i32) {
        let win = self.win(w);
        (win.maxy + 1, win.maxx + 1)
    }

    fn werase(&mut self, w: Win) {
        let (maxy, maxx, offy) = {
            let win = self.win(w);
            (win.maxy, win.maxx, win.offy as usize)
        };
        let (s, start) = self.cell_index(w, 0, 0);
        if let Some(st) = self.stores[s].as_mut() {
            let (width, cols) = (st.width as usize, maxx as usize + 1);
            if width == cols {
                // Rows that fill the store's width are one run of cells,
                // and only those that may not be blank need the blanks.
                st.blank_rows(offy..offy + maxy as usize + 1);
            } else {
                for row in 0..=maxy as usize {
                    let i = start + row * width;
                    st.cells[i..i + cols].fill(BLANK);
                }
            }
        }
        let win = self.win_mut(w);
        win.touch_all();
        win.cury = 0;
        win.curx = 0;
        win.wrapped = false;
    }

    fn wclear(&mut self, w: Win) {
        self.werase(w);
        self.win_mut(w).clear = true;
    }

    fn wclrtoeol(&mut self, w: Win) {
        let (y, x, maxx) = {
            let win = self.win_mut(w);
            // Just after a wrap the clear applies to the new line, except in
            // the bottom right corner.
            if win.wrapped && win.cury < win.maxy {
                win.wrapped = false;
            }
            if win.wrapped || win.cury > win.maxy || win.curx > win.maxx {
                return;
            }
            (win.cury, win.curx, win.maxx)
        };
        let (s, i) = self.cell_index(w, y, x);
        if let Some(st) = self.stores[s].as_mut() {
            st.cells[i..=i + (maxx - x) as usize].fill(BLANK);
        }
        self.win_mut(w).changed(y, x, maxx);
    }

    fn wstandout(&mut self, w: Win) {
        self.win_mut(w).attrs = A_STANDOUT;
    }

    fn wstandend(&mut self, w: Win) {
        self.win_mut(w).attrs = 0;
    }

    fn wrefresh(&mut self, w: Win) {
        if w == Win::CUR {
            // wrefresh(curscr) repaints the whole screen.
            self.win_mut(Win::CUR).clear = true;
        } else {
            self.noutrefresh(w);
        }
        self.update();
    }

    fn touchwin(&mut self, w: Win) {
        self.win_mut(w).touch_all();
    }

    fn clearok(&mut self, w: Win, on: bool) {
        self.win_mut(w).clear = on;
    }

    fn leaveok(&mut self, w: Win, on: bool) {
        self.win_mut(w).leaveok = on;
    }

    fn overwrite(&mut self, src: Win, dst: Win) {
        // overlap(): the intersection of the two windows on the screen.
        let (s, d) = (self.win(src).clone(), self.win(dst).clone());
        let top = s.begy.max(d.begy);
        let left = s.begx.max(d.begx);
        let bottom = (s.begy + s.maxy).min(d.begy + d.maxy);
        let right = (s.begx + s.maxx).min(d.begx + d.maxx);
        if top > bottom || left > right {
            return;
        }
        let mut touched = false;
        for y in top..=bottom {
            for x in left..=right {
                let c = self.cell(src, y - s.begy, x - s.begx);
                if self.cell(dst, y - d.begy, x - d.begx) != c {
                    self.set_cell(dst, y - d.begy, x - d.begx, c);
                    touched = true;
                }
            }
        }
        if touched {
            // copywin touches every destination row of the rectangle.
            let win = self.win_mut(dst);
            for y in (top - d.begy)..=(bottom - d.begy) {
                win.marks.touch(y as usize, win.maxx);
            }
        }
    }

    fn wgetch(&mut self, w: Win) -> Result<u8, Interrupt> {
        // md_readchar: keypad's backspace back to ^H, and 7 bits. In the
        // oracle's runs a key never arrives early, so an ESC never starts
        // a sequence and no other mapping applies.
        let c = self.wgetch_raw(w)?;
        Ok(if c == super::KEY_BACKSPACE { 0x08 } else { (c & 0x7f) as u8 })
    }

    fn wgetch_raw(&mut self, w: Win) -> Result<i32, Interrupt> {
        let win = self.win(w);
        if win.is_touched() || win.hasmoved {
            self.wrefresh(w);
        }
        let mut b = self.input.key(&self.term)?;
        // The tty maps a return to a newline (ICRNL stays on in raw mode).
        if b == b'\r' {
            b = b'\n';
        }
        // With TERM=vt100 the one key string of one byte is kbs, ^H.
        Ok(if b == 0x08 && self.keypad { super::KEY_BACKSPACE } else { i32::from(b) })
    }

    fn terminal(&self) -> Option<&Terminal> {
        Some(&self.term)
    }

    fn getpass(&mut self, prompt: &[u8]) -> Result<Vec<u8>, Interrupt> {
        self.term.write_cooked(prompt);
        self.term_stale = true;
        let typed = self.input.line(&self.term)?;
        // The tty's line editing, without its echo.
        let mut line = Vec::new();
        for &b in &typed {
            match b {
                b'\n' | b'\r' => break,
                0x7f => {
                    line.pop();
                }
                0x15 => line.clear(),
                _ => line.push(b),
            }
        }
        self.term.write_cooked(b"\n");
        Ok(line)
    }

    fn set_keys(&mut self, keys: Box<dyn KeySource>) -> bool {
        self.input = keys;
        true
    }

    fn read_line(&mut self, max: usize) -> Result<Vec<u8>, Interrupt> {
        // The recorder types a whole line at once (one write).
        let typed = self.input.line(&self.term)?;
        // The kernel counts the columns of everything written; what came
        // since the last read is the program's own plain text, which left
        // the terminal's cursor where that count is.
        let col = usize::try_from(self.term.curx).unwrap_or(0);
        self.tty.get_or_insert_with(|| LineDiscipline::new(col)).column = col;
        self.type_to_tty(&typed)?;
        // glibc's fgets: take from stdin's buffer up to a newline or
        // `max - 1` bytes, reading the tty when the buffer is empty; a
        // read that would wait is a wait for one more key.
        let mut line = Vec::new();
        while line.len() + 1 < max {
            if self.stdin_buf.is_empty() {
                if self.stdin_eof {
                    break;
                }
                match self.tty.as_mut().and_then(LineDiscipline::read) {
                    Some(read) if read.is_empty() => {
                        self.stdin_eof = true;
                        break;
                    }
                    Some(read) => self.stdin_buf.extend(read),
                    None => {
                        let k = self.input.key(&self.term)?;
                        self.type_to_tty(&[k])?;
                    }
                }
                continue;
            }
            let Some(b) = self.stdin_buf.pop_front() else { break };
            line.push(b);
            if b == b'\n' {
                break;
            }
        }
        Ok(line)
    }

    fn flushinp(&mut self) {
        // Keys arrive one at a time in every recording: there is never
        // typeahead to throw away.
    }

    fn erasechar(&self) -> u8 {
        0x7f
    }

    fn killchar(&self) -> u8 {
        0x15
    }

    fn baudrate(&self) -> i32 {
        38400
    }

    fn set_mode(&mut self, mode: Mode) {
        if let Mode::Keypad(on) = mode {
            self.keypad = on;
        }
        self.modes.push(mode);
    }

    fn endwin(&mut self) {
        if !self.endwin {
            // ncurses puts the cursor in the bottom left corner.
            self.term.cury = self.lines - 1;
            self.term.curx = 0;
            self.endwin = true;
        }
    }

    fn isendwin(&self) -> bool {
        self.endwin
    }

    fn mvcur(&mut self, _oldy: i32, _oldx: i32, newy: i32, newx: i32) {
        self.term.cury = newy.clamp(0, self.lines - 1);
        self.term.curx = newx.clamp(0, self.cols - 1);
    }

    fn print_raw(&mut self, s: &[u8]) {
        // Output stopped by ^S at a line read stays unwritten (the program
        // would wait for a ^Q that never comes).
        if self.tty.as_ref().is_some_and(|t| t.stopped) {
            return;
        }
        self.term.write_cooked(s);
        self.term_stale = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path of `add_changed` leaves the model exactly as the
    /// calls a cell at a time do: cells, attributes, change marks, cursor
    /// and its flags, on random screens, runs (some reaching the last
    /// column, some with control characters) and cursors.
    #[test]
    fn a_run_brought_up_to_date_at_once_is_what_the_calls_make() {
        let mut next = crate::test_dice(12345u32);
        const CHARS: &[u8] = b"#.|-%+ *\x07";
        for _ in 0..3000 {
            let mut ops = Vec::new();
            for _ in 0..next(80) {
                ops.push((
                    next(24) as i32,
                    next(80) as i32,
                    CHARS[next(CHARS.len() as u32 - 1) as usize],
                    next(4) == 0,
                ));
            }
            let (y, x, len) = (next(26) as i32 - 1, next(82) as i32 - 1, next(40) as usize);
            let text: Vec<u8> = (0..len).map(|_| CHARS[next(CHARS.len() as u32) as usize]).collect();
            let (standout, elsewhere, refreshed) = (next(3) == 0, next(8) == 0, next(2) == 0);
            let setup = || {
                let mut m = Model::new(24, 80);
                for &(oy, ox, ch, so) in &ops {
                    m.wmove(Win::STD, oy, ox);
                    m.waddch(Win::STD, Chtype::from(ch) | if so { A_STANDOUT } else { 0 });
                }
                // An update clears the change marks (and the note of a move).
                m.wrefresh(Win::STD);
                m.wmove(Win::STD, y, x);
                if elsewhere {
                    m.wmove(Win::STD, 3, 4);
                }
                if refreshed {
                    m.wrefresh(Win::STD);
                }
                if standout {
                    m.wstandout(Win::STD);
                }
                m
            };
            let (mut fast, mut slow) = (setup(), setup());
            fast.add_changed(y, x, &text);
            crate::curses::add_changed_cells(&mut slow, y, x, &text);
            assert_eq!(
                format!("{:?} {:?}", fast.wins, fast.stores),
                format!("{:?} {:?}", slow.wins, slow.stores),
                "run {:?} at {y},{x}",
                String::from_utf8_lossy(&text)
            );
        }
    }

    /// Every row a store does not count as inked is blank, and an erase
    /// that skips the rows still blank leaves what a whole erase does:
    /// random writes of every kind (cells, runs, refreshes, subwindows,
    /// erases of either window) on two models, one of them erased whole
    /// each time.
    #[test]
    fn rows_left_blank_by_an_erase_are_the_whole_erases() {
        let mut next = crate::test_dice(777u32);
        let blank_outside_ink = |m: &Model| {
            m.stores.iter().flatten().all(|st| {
                let width = st.width as usize;
                st.cells
                    .chunks(width)
                    .enumerate()
                    .all(|(row, cells)| st.inked & Store::row_bit(row) != 0 || cells.iter().all(|&c| c == BLANK))
            })
        };
        // The standard screen, and one taller than the rows the ink tells
        // apart (its last bit stands for several).
        for (round, (lines, cols)) in
            std::iter::repeat_n((24, 80), 300).chain(std::iter::repeat_n((70, 30), 100)).enumerate()
        {
            let (mut m, mut whole) = (Model::new(lines, cols), Model::new(lines, cols));
            let sub_top = next(lines as u32 - 4) as i32;
            let mut subs = Vec::new();
            for model in [&mut m, &mut whole] {
                let hw = model.newwin(lines, cols, 0, 0).expect("hw");
                let sub = model.subwin(Win::STD, 3, cols, sub_top, 0).expect("sub");
                subs.push((hw, sub));
            }
            for _ in 0..60 {
                let op = next(9);
                let (y, x) = (next(lines as u32) as i32, next(cols as u32) as i32);
                let run: Vec<u8> = (0..next(30)).map(|_| b"#.|- +"[next(6) as usize]).collect();
                let pick = next(3) as usize;
                for (k, model) in [&mut m, &mut whole].into_iter().enumerate() {
                    let w = [Win::STD, subs[k].0, subs[k].1][pick];
                    match op {
                        0..=2 => {
                            model.wmove(w, y, x);
                            model.waddch(w, Chtype::from(b'@'));
                        }
                        3 => {
                            model.wmove(w, y, x);
                            model.waddstr(w, &run);
                        }
                        4 => {
                            model.wmove(Win::STD, y, x);
                            model.add_changed(y, x, &run);
                        }
                        5 => {
                            model.wrefresh(w);
                        }
                        6 => {
                            model.overwrite(Win::STD, subs[k].0);
                        }
                        _ => {
                            if k == 1 {
                                // The whole erase: every row counted inked.
                                for st in model.stores.iter_mut().flatten() {
                                    st.inked = u64::MAX;
                                }
                            }
                            model.werase(w);
                        }
                    }
                }
                assert!(blank_outside_ink(&m), "a row left out of the ink is not blank");
                for k in 0..m.stores.len() {
                    let (a, b) = (m.stores[k].as_ref().map(|s| &s.cells), whole.stores[k].as_ref().map(|s| &s.cells));
                    assert_eq!(a, b, "store {k} after op {op}, round {round}");
                }
                assert_eq!(m.term, whole.term);
            }
        }
    }

    fn text(m: &Model, w: Win, y: i32) -> String {
        let (_, cols) = m.getmaxyx(w);
        (0..cols).map(|x| char::from((m.cell(w, y, x) & A_CHARTEXT) as u8)).collect()
    }

    #[test]
    fn row_differences_found_by_chunks_are_the_cell_by_cell_ones() {
        for len in 0..40 {
            for i in 0..len {
                for j in i..len {
                    let a = vec![BLANK; len];
                    let mut b = a.clone();
                    b[i] = 1;
                    b[j] = 2;
                    assert_eq!(first_diff(&a, &b), Some(i));
                    assert_eq!(last_diff(&a, &b), Some(j));
                }
            }
            let a = vec![BLANK; len];
            assert_eq!((first_diff(&a, &a), last_diff(&a, &a)), (None, None));
        }
    }

    #[test]
    fn a_span_synced_reports_where_it_differed_short_or_long() {
        for len in [1, 5, SHORT, SHORT + 1, 40, 80] {
            for i in 0..len {
                for j in i..len {
                    let src = vec![BLANK; len];
                    let mut dst = src.clone();
                    dst[i] = 1;
                    dst[j] = 2;
                    assert_eq!(sync_span(&src, &mut dst), Some((i, j)));
                    assert_eq!(dst, src);
                    assert_eq!(sync_span(&src, &mut dst), None);
                }
            }
        }
    }

    #[test]
    fn after_plain_output_an_update_rewrites_whole_rows_until_a_repaint() {
        let mut m = Model::standard();
        m.mvaddstr(2, 0, b"abc");
        m.refresh();
        // Plain output lands on row 2 behind curses' back.
        m.mvcur(0, 0, 2, 10);
        m.print_raw(b"xyz");
        assert_eq!(m.terminal().row_text(2), "abc       xyz");
        // A change on the row: the terminal gets curscr's whole row.
        m.mvaddch(2, 0, Chtype::from(b'A'));
        m.refresh();
        assert_eq!(m.terminal().row_text(2), "Abc");
        // Rows not written keep the stray output; a repaint clears it.
        m.mvcur(0, 0, 5, 0);
        m.print_raw(b"junk");
        m.mvaddch(1, 0, Chtype::from(b'q'));
        m.refresh();
        assert_eq!(m.terminal().row_text(5), "junk");
        m.clearok(Win::CUR, true);
        m.refresh();
        assert_eq!(m.terminal().row_text(5), "");
        // Then only changed cells go out, the rest of the row as it was.
        m.mvaddch(2, 1, Chtype::from(b'B'));
        m.refresh();
        assert_eq!(m.terminal().row_text(2), "ABc");
    }

    #[test]
    fn marks_cover_only_the_rows_marked() {
        let mut k = Marks::touched(4, 9);
        assert_eq!(k.range(), 0..4);
        k.clear();
        assert!(!k.any());
        assert_eq!(k.range(), 0..0);
        k.mark(2, 3, 5);
        k.mark(1, 7, 7);
        assert_eq!(k.range(), 1..3);
        assert_eq!((k.get(1), k.get(2)), ([7, 7], [3, 5]));
        k.clear_before(2);
        assert_eq!(k.range(), 2..3);
        assert_eq!(k.get(1), [NOCHANGE; 2]);
        assert!(k.any());
    }

    #[test]
    fn addch_reads_back_with_attributes() {
        let mut m = Model::standard();
        m.mvaddch(3, 4, Chtype::from(b'@'));
        assert_eq!(m.getyx(Win::STD), (3, 5));
        m.standout();
        m.addch(Chtype::from(b'K'));
        m.standend();
        assert_eq!(m.mvinch(3, 4), Chtype::from(b'@'));
        assert_eq!(m.mvinch(3, 5), Chtype::from(b'K') | A_STANDOUT);
    }

    #[test]
    fn wrap_and_bottom_right_corner() {
        let mut m = Model::standard();
        m.mvaddch(0, 79, Chtype::from(b'a'));
        assert_eq!(m.getyx(Win::STD), (1, 0));
        assert!(!m.mvaddch(23, 79, Chtype::from(b'z')), "the corner fails");
        assert_eq!(m.getyx(Win::STD), (23, 79));
        assert_eq!(m.mvinch(23, 79), Chtype::from(b'z'), "but the cell is written");
    }

    #[test]
    fn control_characters_are_shown_as_carets() {
        let mut m = Model::standard();
        m.mvaddstr(1, 0, b"a\x01b");
        assert!(text(&m, Win::STD, 1).starts_with("a^Ab"));
        m.mvaddstr(2, 0, b"xy\nz");
        assert!(text(&m, Win::STD, 3).starts_with('z'));
    }

    #[test]
    fn refresh_copies_only_what_changed() {
        let mut m = Model::standard();
        let hw = m.newwin(24, 80, 0, 0).unwrap();
        m.mvaddstr(5, 0, b"map");
        m.refresh();
        assert_eq!(m.terminal().row_text(5), "map");
        m.wmove(hw, 0, 0);
        m.waddstr(hw, b"inventory");
        m.wrefresh(hw);
        // hw is a new full-screen window: all of it was copied.
        assert_eq!(m.terminal().row_text(5), "");
        assert_eq!(m.terminal().row_text(0), "inventory");
        // stdscr has no changes, so refresh leaves hw's picture...
        m.refresh();
        assert_eq!(m.terminal().row_text(0), "inventory");
        // ...until it is touched.
        m.touchwin(Win::STD);
        m.refresh();
        assert_eq!(m.terminal().row_text(0), "");
        assert_eq!(m.terminal().row_text(5), "map");
        assert_eq!((m.terminal().cury, m.terminal().curx), (5, 3));
    }

    #[test]
    fn getch_refreshes_a_changed_window() {
        let mut m = Model::standard();
        m.push_input(b"x");
        m.mvaddstr(2, 2, b"hi");
        assert_eq!(m.getch(), Ok(b'x'));
        assert_eq!(m.terminal().row_text(2), "  hi");
        assert_eq!(m.getch(), Err(Interrupt::EndOfInput));
    }

    #[test]
    fn subwindow_shares_cells() {
        let mut m = Model::standard();
        let tw = m.newwin(3, 10, 0, 70).unwrap();
        let sw = m.subwin(tw, 3, 9, 0, 71).unwrap();
        m.wmove(sw, 1, 0);
        m.waddch(sw, Chtype::from(b'q'));
        assert_eq!(m.mvwinch(tw, 1, 1), Chtype::from(b'q'));
        m.delwin(tw);
        assert!(m.exists(tw), "a parent with a subwindow is not deleted");
    }

    #[test]
    fn stdio_after_endwin_scrolls() {
        let mut m = Model::standard();
        m.mvaddstr(0, 0, b"top");
        m.refresh();
        m.endwin();
        m.print_raw(b"\nline");
        assert_eq!(m.terminal().row_text(0), "");
        assert_eq!(m.terminal().row_text(23), "line");
    }

    /// A model after endwin with the prompt of the last line read.
    fn at_line_read(keys: &[u8]) -> Model {
        let mut m = Model::standard();
        m.endwin();
        m.print_raw(b"[Press return to continue]");
        m.set_input(Box::new(ScriptedKeys(keys.iter().copied().collect())));
        m
    }

    #[test]
    fn fgets_takes_the_first_line_and_the_rest_is_echoed() {
        let mut m = at_line_read(b"ab\rcd\n");
        assert_eq!(m.read_line(10).unwrap(), b"ab\n");
        assert_eq!(m.terminal().row_text(21), "[Press return to continue]ab");
        assert_eq!(m.terminal().row_text(22), "cd");
    }

    #[test]
    fn fgets_reads_on_past_an_eof_and_waits_for_keys_when_no_line_is_whole() {
        let mut m = at_line_read(b"ab\x04c\x16\nd\n");
        // "ab" (ended by ^D), then a literal newline: the read waits for
        // the next key, and fgets stops at the first newline it gets.
        assert_eq!(m.read_line(10).unwrap(), b"abc\n");
        assert_eq!(m.terminal().row_text(22), "[Press return to continue]abc^Jd");
    }

    #[test]
    fn an_interrupt_at_a_line_read_drops_the_echo_before_it_and_kills() {
        let mut m = at_line_read(b"ab\x03\n");
        assert_eq!(m.read_line(10), Err(Interrupt::Signal(2)));
        assert_eq!(m.terminal().row_text(22), "[Press return to continue]^C");
    }

    #[test]
    fn a_stop_at_a_line_read_holds_every_echo_after_it() {
        let mut m = at_line_read(b"ab\x13cd\n");
        assert_eq!(m.read_line(10).unwrap(), b"abcd\n");
        m.print_raw(b"\nmore");
        assert_eq!(m.terminal().row_text(23), "[Press return to continue]");
    }
}
