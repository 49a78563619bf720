//! The screen, behind the small curses vocabulary the original speaks.
//!
//! Rogue reads its own screen back (`inch`) to make decisions and dumps
//! `stdscr` into save files, so the screen is game state, not just output.
//! Two backends implement [`Curses`]: [`model::Model`], an in-memory model
//! of ncurses (windows, `newscr`, `curscr`, refresh semantics, chtype
//! attribute bits) used by tests, bots and `rogue-trace`; and
//! `term::Ncurses` (the `ncurses` feature), the real terminal for the shipped
//! game.

pub mod model;
#[cfg(feature = "ncurses")]
#[allow(unsafe_code)]
pub mod term;
pub mod terminal;
pub mod tty;

/// A curses character with attributes, as ncurses (narrow) stores it.
pub type Chtype = u32;

/// The character part of a [`Chtype`].
pub const A_CHARTEXT: Chtype = 0xff;
#[allow(dead_code)] // the curses vocabulary, whole
/// Every attribute bit of a [`Chtype`].
pub const A_ATTRIBUTES: Chtype = !0xff;
/// Standout, ncurses' `NCURSES_BITS(1, 8)`; saved files hold this value.
pub const A_STANDOUT: Chtype = 1 << 16;

#[allow(dead_code)] // the curses vocabulary, whole
/// The curses `ERR` result.
pub const ERR: i32 = -1;

/// ncurses' key codes that the game meets.
pub const KEY_MIN: i32 = 0o401;
pub const KEY_DOWN: i32 = 0o402;
pub const KEY_LEFT: i32 = 0o404;
pub const KEY_BACKSPACE: i32 = 0o407;
pub const KEY_ENTER: i32 = 0o527;

/// The byte of a chtype, as C's `CCHAR()` macro takes it.
pub fn cchar(ch: Chtype) -> u8 {
    (ch & A_CHARTEXT) as u8
}

/// [`Curses::add_changed`] a cell at a time.
pub fn add_changed_cells<C: Curses + ?Sized>(scr: &mut C, y: i32, x: i32, text: &[u8]) {
    for (k, &ch) in text.iter().enumerate() {
        if cchar(scr.inch()) != ch {
            scr.addch(ch.into());
        } else {
            scr.move_to(y, x + k as i32 + 1);
        }
    }
}

/// A window handle. `STD` and `CUR` always exist; others come from
/// [`Curses::newwin`] and [`Curses::subwin`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Win(pub u16);

impl Win {
    /// `stdscr`.
    pub const STD: Win = Win(0);
    /// `curscr`, curses' idea of the physical screen.
    pub const CUR: Win = Win(1);
}

/// The curses calls the game makes, window by window. Methods return `true`
/// for curses `OK` and `false` for `ERR`; the game mostly ignores them, as
/// the original does.
///
/// Not `Send`: the real terminal ([`term::Ncurses`]) is one process-wide
/// state, used from the thread that set it up; so a game is not `Send`.
pub trait Curses {
    /// `LINES`.
    fn lines(&self) -> i32;
    /// `COLS`.
    fn cols(&self) -> i32;

    fn newwin(&mut self, nlines: i32, ncols: i32, begy: i32, begx: i32) -> Option<Win>;
    /// `subwin`: a window sharing its parent's cells (screen coordinates).
    fn subwin(&mut self, parent: Win, nlines: i32, ncols: i32, begy: i32, begx: i32) -> Option<Win>;
    fn delwin(&mut self, w: Win);
    fn mvwin(&mut self, w: Win, y: i32, x: i32) -> bool;

    fn wmove(&mut self, w: Win, y: i32, x: i32) -> bool;
    fn waddch(&mut self, w: Win, ch: Chtype) -> bool;
    fn waddstr(&mut self, w: Win, s: &[u8]) -> bool {
        for &b in s.iter().take_while(|&&b| b != 0) {
            if !self.waddch(w, Chtype::from(b)) {
                return false;
            }
        }
        true
    }
    fn winch(&self, w: Win) -> Chtype;
    /// `mvwinch` that leaves the cursor where it was (the save file reads
    /// stdscr back this way); 0 off the window.
    fn winch_at(&self, w: Win, y: i32, x: i32) -> Chtype;
    /// `getyx`: the cursor of a window.
    fn getyx(&self, w: Win) -> (i32, i32);
    /// `getmaxy`, `getmaxx`: a window's size.
    fn getmaxyx(&self, w: Win) -> (i32, i32);

    fn werase(&mut self, w: Win);
    fn wclear(&mut self, w: Win);
    fn wclrtoeol(&mut self, w: Win);
    fn wstandout(&mut self, w: Win);
    fn wstandend(&mut self, w: Win);

    fn wrefresh(&mut self, w: Win);
    fn touchwin(&mut self, w: Win);
    fn clearok(&mut self, w: Win, on: bool);
    fn leaveok(&mut self, w: Win, on: bool);
    /// `overwrite(src, dst)`: copy the overlapping text of src onto dst.
    fn overwrite(&mut self, src: Win, dst: Win);

    /// `wgetch`: refresh the window if it changed, then wait for a key.
    /// The key is what `md_readchar()` returns: function keys already
    /// mapped to commands, masked to 7 bits.
    fn wgetch(&mut self, w: Win) -> Result<u8, Interrupt>;
    /// `fgets(buf, max, stdin)` on the terminal in its normal mode (after
    /// `endwin`): the bytes of one line, its newline included, echoed by
    /// the terminal.
    fn read_line(&mut self, max: usize) -> Result<Vec<u8>, Interrupt>;
    /// ncurses' own `wgetch`, as `wgetnstr` calls it: a byte, or a key code
    /// (`KEY_BACKSPACE` for ^H in keypad mode).
    fn wgetch_raw(&mut self, w: Win) -> Result<i32, Interrupt>;
    /// `beep()` (through curses' own output: it never changes the screen).
    fn beep(&mut self) {}
    /// The terminal as a person sees it, where the backend knows it (the
    /// in-memory model does; a real terminal does not).
    fn terminal(&self) -> Option<&model::Terminal> {
        None
    }
    /// Take keys from this source from now on, where the backend reads
    /// scripted keys (the model does; `false` for a real terminal).
    fn set_keys(&mut self, _keys: Box<dyn model::KeySource>) -> bool {
        false
    }
    /// A hangup or terminate signal (or the end of the terminal's input)
    /// is waiting to be acted on: the game saves at its next safe point
    /// even when it reads no key.
    fn hangup_pending(&mut self) -> bool {
        false
    }
    /// The game is (or stops being) at the wait for a turn's command, the
    /// wait where a copy of it can be played on (bots and replays care).
    fn command_wait(&mut self, _on: bool) {}
    /// What the next key read is for, and the keys it takes (what a
    /// program driving the game is told; a real terminal has no use for
    /// it).
    fn prompt(&mut self, _p: model::Prompt) {}
    /// The game is (or stops being) reading a line with its own editing
    /// (`get_str`, the wizard's password): a real terminal's Backspace key
    /// then erases where it sends the tty's erase character.
    fn line_prompt(&mut self, _on: bool) {}
    /// `initscr()`: start curses (the real terminal is taken over here).
    fn initscr(&mut self) {}
    /// A copy of the screen for a copy of the game (a snapshot). The
    /// in-memory model copies everything but its keys; a real terminal,
    /// which cannot be copied, gives a blank in-memory screen.
    fn box_clone(&self) -> Box<dyn Curses>;
    /// `flushinp`.
    fn flushinp(&mut self);
    /// `erasechar`, `killchar`: the tty's line-editing keys.
    fn erasechar(&self) -> u8;
    fn killchar(&self) -> u8;
    fn baudrate(&self) -> i32;
    /// `md_hasclreol()`: can the terminal clear to the end of a line?
    fn has_clreol(&self) -> bool {
        true
    }
    /// `raw`/`noecho`/`keypad` and friends: terminal modes, which the model
    /// only records.
    fn set_mode(&mut self, mode: Mode);

    /// `endwin`: leave curses mode (the cursor goes to the bottom left).
    fn endwin(&mut self);
    fn isendwin(&self) -> bool;
    /// `mvcur`: move the physical cursor.
    fn mvcur(&mut self, oldy: i32, oldx: i32, newy: i32, newx: i32);
    /// Plain stdio output to the terminal (`printf`, `putchar`), outside
    /// curses' knowledge.
    fn print_raw(&mut self, s: &[u8]);
    /// Bytes written to the standard error (`fprintf(stderr, ...)`). A
    /// terminal shows both streams, so the model's terminal takes them
    /// like stdout; the real terminal sends them where stderr goes.
    fn eprint_raw(&mut self, s: &[u8]) {
        self.print_raw(s);
    }
    /// `getpass(prompt)` before curses starts: the prompt on the terminal,
    /// a line typed without echo (the terminal's erase and kill keys
    /// still work), then a newline. The line comes back without its
    /// newline.
    fn getpass(&mut self, prompt: &[u8]) -> Result<Vec<u8>, Interrupt>;

    // The stdscr shorthands of curses.h.
    fn move_to(&mut self, y: i32, x: i32) -> bool {
        self.wmove(Win::STD, y, x)
    }
    fn addch(&mut self, ch: Chtype) -> bool {
        self.waddch(Win::STD, ch)
    }
    fn mvaddch(&mut self, y: i32, x: i32, ch: Chtype) -> bool {
        self.wmove(Win::STD, y, x) && self.waddch(Win::STD, ch)
    }
    fn addstr(&mut self, s: &[u8]) -> bool {
        self.waddstr(Win::STD, s)
    }
    fn mvaddstr(&mut self, y: i32, x: i32, s: &[u8]) -> bool {
        self.wmove(Win::STD, y, x) && self.waddstr(Win::STD, s)
    }
    fn inch(&self) -> Chtype {
        self.winch(Win::STD)
    }
    /// Bring a run of stdscr's row `y` from column `x` (where the cursor
    /// is) up to `text`: each cell whose character differs is written with
    /// `addch`, the others are stepped over with a move, as the game's own
    /// loops of `inch`, then `addch` or `move`, do (`enter_room`). The
    /// in-memory model does the run at once.
    fn add_changed(&mut self, y: i32, x: i32, text: &[u8]) {
        add_changed_cells(self, y, x, text);
    }
    fn mvinch(&mut self, y: i32, x: i32) -> Chtype {
        self.wmove(Win::STD, y, x);
        self.winch(Win::STD)
    }
    fn mvwinch(&mut self, w: Win, y: i32, x: i32) -> Chtype {
        self.wmove(w, y, x);
        self.winch(w)
    }
    fn clear(&mut self) {
        self.wclear(Win::STD)
    }
    fn erase(&mut self) {
        self.werase(Win::STD)
    }
    fn clrtoeol(&mut self) {
        self.wclrtoeol(Win::STD)
    }
    fn standout(&mut self) {
        self.wstandout(Win::STD)
    }
    fn standend(&mut self) {
        self.wstandend(Win::STD)
    }
    fn refresh(&mut self) {
        self.wrefresh(Win::STD)
    }
    fn getch(&mut self) -> Result<u8, Interrupt> {
        self.wgetch(Win::STD)
    }
}

/// Terminal modes the game switches (mach_dep.c, mdport.c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Raw,
    NoRaw,
    Cbreak,
    NoCbreak,
    Echo,
    NoEcho,
    Keypad(bool),
    HalfDelay(i32),
}

/// Why a key wait returned no key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interrupt {
    /// The scripted keys are all used up.
    EndOfInput,
    /// A bot session asks to stop at a command wait (only there: see
    /// `Ending::Paused`).
    Pause,
    /// SIGHUP or SIGTERM arrived, or the terminal's input ended (the real
    /// terminal only; a scripted source may say so too).
    Hangup,
    /// A key typed at a line read in the tty's normal mode raised a signal
    /// (^C: SIGINT 2, ^\\: SIGQUIT 3).
    Signal(i32),
}

/// `CTRL(c)` of extern.h.
pub const fn ctrl(c: u8) -> u8 {
    c & 0o37
}
