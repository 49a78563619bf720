//! The real terminal: [`Curses`] on the system's ncurses library.
//!
//! This is the shipped game's screen. It is a thin layer: each call is the
//! ncurses call of the same name on the window a [`Win`] stands for.

use std::io::Write as _;

use ncurses as nc;

use super::{Chtype, Curses, Mode, Win};

/// The ncurses screen of the running program.
pub struct Ncurses {
    wins: Vec<Option<nc::WINDOW>>,
}

impl Ncurses {
    /// `initscr`. Returns `None` when the terminal cannot be used.
    pub fn init() -> Option<Self> {
        let std = nc::initscr();
        if std.is_null() {
            return None;
        }
        Some(Ncurses { wins: vec![Some(nc::stdscr()), Some(nc::curscr())] })
    }

    /// ncurses on a terminal of the given type whose output goes to
    /// /dev/null and whose input is empty: the real library, headless, to
    /// hold the in-memory model to it. `None` when the terminal type is
    /// unknown.
    pub fn headless(term: &str) -> Option<Self> {
        // SAFETY: fopen gets two valid C strings; the streams it returns are
        // checked and then owned by ncurses for the rest of the program.
        let (out, inp) = unsafe {
            (libc::fopen(c"/dev/null".as_ptr(), c"w".as_ptr()), libc::fopen(c"/dev/null".as_ptr(), c"r".as_ptr()))
        };
        if out.is_null() || inp.is_null() {
            return None;
        }
        let screen = nc::newterm(Some(term), out, inp).ok()?;
        if screen.is_null() {
            return None;
        }
        Some(Ncurses { wins: vec![Some(nc::stdscr()), Some(nc::curscr())] })
    }

    fn w(&self, w: Win) -> nc::WINDOW {
        self.wins.get(usize::from(w.0)).copied().flatten().unwrap_or_else(nc::stdscr)
    }

    fn add(&mut self, win: nc::WINDOW) -> Option<Win> {
        if win.is_null() {
            return None;
        }
        if let Some(i) = self.wins.iter().skip(2).position(Option::is_none) {
            self.wins[i + 2] = Some(win);
            Some(Win((i + 2) as u16))
        } else {
            self.wins.push(Some(win));
            Some(Win((self.wins.len() - 1) as u16))
        }
    }
}

impl Curses for Ncurses {
    fn lines(&self) -> i32 {
        nc::LINES()
    }

    fn cols(&self) -> i32 {
        nc::COLS()
    }

    fn newwin(&mut self, nlines: i32, ncols: i32, begy: i32, begx: i32) -> Option<Win> {
        let w = nc::newwin(nlines, ncols, begy, begx);
        self.add(w)
    }

    fn subwin(&mut self, parent: Win, nlines: i32, ncols: i32, begy: i32, begx: i32) -> Option<Win> {
        let w = nc::subwin(self.w(parent), nlines, ncols, begy, begx);
        self.add(w)
    }

    fn delwin(&mut self, w: Win) {
        if w.0 >= 2
            && let Some(slot) = self.wins.get_mut(usize::from(w.0))
            && let Some(win) = *slot
            && nc::delwin(win) == nc::OK
        {
            *slot = None;
        }
    }

    fn mvwin(&mut self, w: Win, y: i32, x: i32) -> bool {
        nc::mvwin(self.w(w), y, x) == nc::OK
    }

    fn wmove(&mut self, w: Win, y: i32, x: i32) -> bool {
        nc::wmove(self.w(w), y, x) == nc::OK
    }

    fn waddch(&mut self, w: Win, ch: Chtype) -> bool {
        nc::waddch(self.w(w), ch as nc::chtype) == nc::OK
    }

    fn winch(&self, w: Win) -> Chtype {
        nc::winch(self.w(w)) as Chtype
    }

    fn getyx(&self, w: Win) -> (i32, i32) {
        let (mut y, mut x) = (0, 0);
        nc::getyx(self.w(w), &mut y, &mut x);
        (y, x)
    }

    fn getmaxyx(&self, w: Win) -> (i32, i32) {
        let (mut y, mut x) = (0, 0);
        nc::getmaxyx(self.w(w), &mut y, &mut x);
        (y, x)
    }

    fn werase(&mut self, w: Win) {
        nc::werase(self.w(w));
    }

    fn wclear(&mut self, w: Win) {
        nc::wclear(self.w(w));
    }

    fn wclrtoeol(&mut self, w: Win) {
        nc::wclrtoeol(self.w(w));
    }

    fn wstandout(&mut self, w: Win) {
        nc::wstandout(self.w(w));
    }

    fn wstandend(&mut self, w: Win) {
        nc::wstandend(self.w(w));
    }

    fn wrefresh(&mut self, w: Win) {
        nc::wrefresh(self.w(w));
    }

    fn touchwin(&mut self, w: Win) {
        nc::touchwin(self.w(w));
    }

    fn clearok(&mut self, w: Win, on: bool) {
        nc::clearok(self.w(w), on);
    }

    fn leaveok(&mut self, w: Win, on: bool) {
        nc::leaveok(self.w(w), on);
    }

    fn overwrite(&mut self, src: Win, dst: Win) {
        nc::overwrite(self.w(src), self.w(dst));
    }

    fn wgetch(&mut self, w: Win) -> Option<u8> {
        loop {
            let c = nc::wgetch(self.w(w));
            // md_readchar: the keypad's backspace is ^H again; other
            // function keys are not commands, so they are read past.
            match c {
                nc::ERR => return None,
                nc::KEY_BACKSPACE => return Some(0x08),
                0..=255 => return Some((c & 0x7f) as u8),
                _ => continue,
            }
        }
    }

    fn flushinp(&mut self) {
        nc::flushinp();
    }

    fn erasechar(&self) -> u8 {
        nc::erasechar().map_or(0x7f, |c| c as u8)
    }

    fn killchar(&self) -> u8 {
        nc::killchar().map_or(0x15, |c| c as u8)
    }

    fn baudrate(&self) -> i32 {
        nc::baudrate()
    }

    fn set_mode(&mut self, mode: Mode) {
        match mode {
            Mode::Raw => nc::raw(),
            Mode::NoRaw => nc::noraw(),
            Mode::Cbreak => nc::cbreak(),
            Mode::NoCbreak => nc::nocbreak(),
            Mode::Echo => nc::echo(),
            Mode::NoEcho => nc::noecho(),
            Mode::Keypad(on) => nc::keypad(nc::stdscr(), on),
            Mode::HalfDelay(t) => nc::halfdelay(t),
        };
    }

    fn endwin(&mut self) {
        nc::endwin();
    }

    fn isendwin(&self) -> bool {
        nc::isendwin()
    }

    fn mvcur(&mut self, oldy: i32, oldx: i32, newy: i32, newx: i32) {
        nc::mvcur(oldy, oldx, newy, newx);
    }

    fn print_raw(&mut self, s: &[u8]) {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(s);
        let _ = out.flush();
    }
}
