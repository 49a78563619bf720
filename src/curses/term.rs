//! The real terminal: [`Curses`] on the system's ncurses library.
//!
//! This is the shipped game's screen. It is a thin layer: each call is the
//! ncurses call of the same name on the window a [`Win`] stands for.

use std::io::Write as _;

use ncurses as nc;

use super::{Chtype, Curses, Mode, Win};
use crate::curses::Interrupt;
use crate::curses::ctrl;
use crate::host::signals::{hangup_pending, take_interrupt, take_resize};

/// The ncurses screen of the running program.
///
/// ncurses keeps one process-wide state and is not thread-safe, so this
/// value is neither `Send` nor `Clone`: only the thread that made it can
/// use it, and there is only ever the one. (Its window pointers keep it
/// from being `Send`.)
///
/// ```compile_fail,E0277
/// fn send<T: Send>() {}
/// send::<rogue::curses::term::Ncurses>();
/// ```
///
/// ```compile_fail,E0599
/// let a = rogue::curses::term::Ncurses::new();
/// let b = a.clone();
/// ```
///
/// (What those lack is all: this compiles.)
///
/// ```
/// fn send<T: Send>() {}
/// send::<rogue::curses::term::Replay>();
/// let _a = rogue::curses::term::Ncurses::new();
/// ```
pub struct Ncurses {
    wins: Vec<Option<nc::WINDOW>>,
    started: bool,
    /// `--record`: told every key the game reads.
    key_log: Option<KeyLog>,
    /// `--replay`: the keys come from a record.
    replay: Option<Replay>,
    /// The screen size to play at, whatever the terminal's (a replay's).
    size: Option<(i32, i32)>,
    /// The game is reading a line with its own editing (`get_str`).
    line_prompt: bool,
    /// The terminal's Backspace key (terminfo `kbs`) is the tty's erase
    /// character.
    backspace_is_erase: bool,
    /// What was last printed outside curses left the cursor within a line
    /// (the "Hello ..." before `initscr`): see [`Ncurses::leave`].
    line_pending: bool,
}

/// What `--record` does with the keys the game reads: the bytes (as the
/// in-memory model must be given them to do the same) and the screen size.
pub type KeyLog = std::sync::Arc<std::sync::Mutex<dyn FnMut(&[u8], (i32, i32)) + Send>>;

/// `--replay`: keys from a record instead of the keyboard, one every
/// `delay_ms`; the viewer's keys pause (space), step (`n` or `.`), speed
/// up (`+`), slow down (`-`) and stop (`q`).
#[derive(Clone, Debug)]
pub struct Replay {
    keys: std::collections::VecDeque<u8>,
    delay_ms: i32,
    paused: bool,
}

impl Replay {
    pub fn new(keys: &[u8], delay_ms: i32, paused: bool) -> Self {
        Replay { keys: keys.iter().copied().collect(), delay_ms: delay_ms.max(0), paused }
    }
}

impl Drop for Ncurses {
    fn drop(&mut self) {
        self.leave();
    }
}

/// `md_init` sets ESCDELAY to 64 milliseconds.
const ESCDELAY_MS: i32 = 64;

impl Ncurses {
    /// The terminal, not yet taken over: `initscr` does that (so that
    /// `rogue -s` and failed restores never touch curses).
    pub fn new() -> Self {
        Ncurses {
            wins: Vec::new(),
            started: false,
            key_log: None,
            replay: None,
            size: None,
            line_prompt: false,
            backspace_is_erase: false,
            line_pending: false,
        }
    }

    /// The program is done with the terminal (called when it is dropped):
    /// it is left as the original leaves it after a save, the prompt on a
    /// line of its own.
    ///
    /// A game that ends with curses still on (a replay out of keys, a
    /// record that stops mid-game) ends as a save does: the cursor to the
    /// last line, a newline, `endwin`, so the game's screen stays above
    /// the prompt on a terminal without an alternate screen. On one with
    /// it (xterm, tmux), `endwin` goes back to the shell's screen and puts
    /// the cursor back on the "Hello ..., just a moment while I dig the
    /// dungeon..." line, which the next prompt would write over (as the
    /// original's does after a save); a newline keeps that line.
    pub fn leave(&mut self) {
        if !self.started {
            return;
        }
        if !nc::isendwin() {
            let (y, x) = (nc::getcury(nc::stdscr()), nc::getcurx(nc::stdscr()));
            nc::mvcur(y, x, nc::LINES() - 1, 0);
            let _ = nc::putp("\n");
            nc::endwin();
        }
        // DEVIATION: after a save on a terminal with an alternate screen the C's prompt writes over the Hello line; the port keeps that line; test: rough_edges::after_a_save_the_prompt_comes_back_as_the_original_leaves_it
        if self.line_pending && tistr(c"rmcup").is_some() {
            self.line_pending = false;
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(b"\n");
            let _ = out.flush();
        }
    }

    /// Tell `log` every key the game reads from now on.
    pub fn log_keys(&mut self, log: KeyLog) {
        self.key_log = Some(log);
    }

    /// Take the keys from a record, at the given size.
    pub fn replay(&mut self, replay: Replay, lines: i32, cols: i32) {
        self.replay = Some(replay);
        self.size = Some((lines, cols));
    }

    /// `fgets` on the terminal in its normal mode, a byte at a time so a
    /// hangup is noticed.
    fn read_line_tty(&mut self, max: usize) -> Result<Vec<u8>, Interrupt> {
        let mut line = Vec::new();
        let stdin = std::io::stdin();
        let mut lock = stdin.lock();
        let mut byte = [0u8; 1];
        while line.len() + 1 < max {
            if hangup_pending() {
                return Err(Interrupt::Hangup);
            }
            let got = std::io::Read::read(&mut lock, &mut byte);
            // ^C (while reading or just before the line came): every line
            // read comes after score() has given SIGINT its default
            // action back, which kills.
            if take_interrupt() {
                return Err(Interrupt::Signal(2));
            }
            match got {
                Ok(1) => {
                    line.push(byte[0]);
                    if byte[0] == b'\n' {
                        break;
                    }
                }
                Ok(_) => {
                    if line.is_empty() {
                        return Err(input_ended());
                    }
                    break;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {
                    if hangup_pending() {
                        return Err(Interrupt::Hangup);
                    }
                }
                Err(_) => return Err(input_ended()),
            }
        }
        Ok(line)
    }

    fn logged(&self, bytes: &[u8]) {
        if let Some(log) = &self.key_log {
            let mut f = log.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            f(bytes, (nc::LINES(), nc::COLS()));
        }
    }

    /// The next key of a replay, after its delay (or the viewer's step).
    /// When the record is used up the screen stays until a key is typed.
    fn replay_key(&mut self, win: nc::WINDOW) -> Result<u8, Interrupt> {
        let Some(r) = self.replay.as_mut() else { return Err(Interrupt::EndOfInput) };
        let result = loop {
            if hangup_pending() {
                break Err(Interrupt::EndOfInput);
            }
            if r.keys.is_empty() {
                nc::wtimeout(win, -1);
                nc::wgetch(win);
                break Err(Interrupt::EndOfInput);
            }
            nc::wtimeout(win, if r.paused { -1 } else { r.delay_ms });
            let c = nc::wgetch(win);
            if c == nc::ERR && take_resize() {
                // A resize, not the end of a delay.
                if let Err(e) = follow_resize() {
                    break Err(e);
                }
                continue;
            }
            let step = match c {
                nc::ERR => true,
                c if c == i32::from(b' ') => {
                    r.paused = !r.paused;
                    false
                }
                c if c == i32::from(b'n') || c == i32::from(b'.') || c == nc::KEY_RIGHT => r.paused,
                c if c == i32::from(b'+') || c == i32::from(b'=') => {
                    r.delay_ms /= 2;
                    false
                }
                c if c == i32::from(b'-') => {
                    r.delay_ms = (r.delay_ms * 2).clamp(10, 10_000);
                    false
                }
                c if c == i32::from(b'q') || c == 27 => {
                    r.keys.clear();
                    break Err(Interrupt::EndOfInput);
                }
                _ => false,
            };
            if step && let Some(k) = r.keys.pop_front() {
                break Ok(k);
            }
        };
        nc::wtimeout(win, -1);
        result
    }

    /// `endwin()` from a panic hook: the terminal back in its normal mode
    /// whatever state the game was in.
    pub fn emergency_endwin() {
        if !nc::isendwin() {
            nc::endwin();
        }
    }

    /// Whether curses has been started.
    #[cfg(any(test, feature = "internals"))] // for the tests
    pub fn started(&self) -> bool {
        self.started
    }

    /// `initscr`. Returns `None` when the terminal cannot be used.
    #[cfg(any(test, feature = "internals"))] // for the tests
    pub fn init() -> Option<Self> {
        let std = nc::initscr();
        if std.is_null() {
            return None;
        }
        let mut n = Ncurses::new();
        n.wins = vec![Some(nc::stdscr()), Some(nc::curscr())];
        n.started = true;
        Some(n)
    }

    /// ncurses on a terminal of the given type whose output goes to
    /// /dev/null and whose input is empty: the real library, headless, to
    /// hold the in-memory model to it. `None` when the terminal type is
    /// unknown.
    #[cfg(any(test, feature = "internals"))] // for the tests
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
        let mut n = Ncurses::new();
        n.wins = vec![Some(nc::stdscr()), Some(nc::curscr())];
        n.started = true;
        Some(n)
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

impl Default for Ncurses {
    fn default() -> Self {
        Self::new()
    }
}

impl Curses for Ncurses {
    /// A copy of the game gets a screen of its own, in memory, of the
    /// terminal's size and with no keys: the terminal itself is one, and a
    /// second game must never drive it. (Nothing copies the shipped game.)
    fn box_clone(&self) -> Box<dyn Curses> {
        let (lines, cols) = if self.started { (nc::LINES(), nc::COLS()) } else { (24, 80) };
        Box::new(super::model::Model::new(lines.max(24), cols.max(80)))
    }

    fn hangup_pending(&mut self) -> bool {
        // A replay stops at its next key read instead, saving nothing.
        self.replay.is_none() && hangup_pending()
    }

    fn initscr(&mut self) {
        if !self.started {
            nc::set_escdelay(ESCDELAY_MS);
            nc::initscr();
            // A replay plays at its record's size, in the top left corner
            // of a larger terminal (a smaller one gets the game's own
            // "the screen must be at least" refusal).
            if let Some((lines, cols)) = self.size
                && nc::LINES() >= lines
                && nc::COLS() >= cols
            {
                nc::resizeterm(lines, cols);
            }
            self.wins = vec![Some(nc::stdscr()), Some(nc::curscr())];
            self.started = true;
            let erase = nc::erasechar().map(|c| c as u32);
            self.backspace_is_erase = match (tistr(c"kbs").as_deref(), erase) {
                (Some(&[k]), Some(e)) => u32::from(k) == e,
                _ => false,
            };
        }
    }

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

    fn winch_at(&self, w: Win, y: i32, x: i32) -> Chtype {
        let win = self.w(w);
        let (mut cy, mut cx) = (0, 0);
        nc::getyx(win, &mut cy, &mut cx);
        let ch = nc::mvwinch(win, y, x) as Chtype;
        nc::wmove(win, cy, cx);
        ch
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

    fn wgetch(&mut self, w: Win) -> Result<u8, Interrupt> {
        if self.replay.is_some() {
            return Ok(self.replay_key(self.w(w))? & 0x7f);
        }
        // DEVIATION: the C maps KEY_BACKSPACE to ^H everywhere, so a Backspace sending the tty's erase (DEL) never erases in a line prompt; there the port gives the erase character; test: terminal::terminal_backspace_erases_in_line_prompts
        // Under vt100 (kbs ^H, erase DEL, as the goldens are recorded)
        // nothing changes.
        let backspace = if self.line_prompt && self.backspace_is_erase {
            i32::from(self.erasechar())
        } else {
            i32::from(ctrl(b'H'))
        };
        let c = md_readchar(self.w(w), backspace)?;
        self.logged(&[c]);
        Ok(c)
    }

    fn wgetch_raw(&mut self, w: Win) -> Result<i32, Interrupt> {
        if self.replay.is_some() {
            // The keypad is on in a game: ^H is the backspace key, as the
            // model reads it.
            let b = self.replay_key(self.w(w))?;
            return Ok(if b == 0x08 { nc::KEY_BACKSPACE } else { i32::from(b) });
        }
        let c = loop {
            // A hangup noted while the game was busy: do not block first.
            if hangup_pending() {
                return Err(Interrupt::Hangup);
            }
            if take_resize() {
                follow_resize()?;
            }
            let c = blocking_wgetch(self.w(w))?;
            if hangup_pending() {
                return Err(Interrupt::Hangup);
            }
            if (c == nc::ERR && take_resize()) || c == nc::KEY_RESIZE {
                follow_resize()?;
                continue;
            }
            break c;
        };
        // The byte that makes the model's wgetnstr do the same: the arrow
        // and enter keys it knows as their bytes, other function keys
        // (which only beep) not at all.
        match c {
            nc::KEY_BACKSPACE | nc::KEY_LEFT => self.logged(&[0x08]),
            nc::KEY_DOWN | nc::KEY_ENTER => self.logged(b"\n"),
            0..=255 => self.logged(&[c as u8]),
            _ => {}
        }
        Ok(c)
    }

    fn beep(&mut self) {
        nc::beep();
    }

    fn line_prompt(&mut self, on: bool) {
        self.line_prompt = on;
    }

    fn getpass(&mut self, prompt: &[u8]) -> Result<Vec<u8>, Interrupt> {
        // glibc's getpass: the terminal itself (else standard input and
        // error), echo and signals off for the line, a newline after it.
        use std::io::{BufRead, BufReader, Write};
        use std::os::fd::AsRawFd;
        let tty = std::fs::OpenOptions::new().read(true).write(true).open("/dev/tty");
        let (mut out, input): (Box<dyn Write>, Box<dyn std::io::Read>) = match &tty {
            Ok(t) => match (t.try_clone(), t.try_clone()) {
                (Ok(a), Ok(b)) => (Box::new(a), Box::new(b)),
                _ => (Box::new(std::io::stderr()), Box::new(std::io::stdin())),
            },
            Err(_) => (Box::new(std::io::stderr()), Box::new(std::io::stdin())),
        };
        let fd = tty.as_ref().map_or(libc::STDIN_FILENO, |t| t.as_raw_fd());
        // SAFETY: tcgetattr and tcsetattr get a descriptor that is open for
        // the whole call and a termios value owned here.
        let saved = unsafe {
            let mut t: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(fd, &mut t) == 0 {
                let mut quiet = t;
                quiet.c_lflag &= !(libc::ECHO | libc::ISIG);
                libc::tcsetattr(fd, libc::TCSAFLUSH, &quiet);
                Some(t)
            } else {
                None
            }
        };
        let _ = out.write_all(prompt);
        let _ = out.flush();
        let mut line = Vec::new();
        let read = BufReader::new(input).read_until(b'\n', &mut line);
        if let Some(t) = saved {
            // SAFETY: as above; the settings read before are put back.
            unsafe {
                libc::tcsetattr(fd, libc::TCSAFLUSH, &t);
            }
            let _ = out.write_all(b"\n");
            let _ = out.flush();
        }
        match read {
            Ok(0) | Err(_) => Err(Interrupt::EndOfInput),
            Ok(_) => {
                if line.last() == Some(&b'\n') {
                    line.pop();
                }
                Ok(line)
            }
        }
    }

    fn read_line(&mut self, max: usize) -> Result<Vec<u8>, Interrupt> {
        if let Some(r) = self.replay.as_mut() {
            // Curses is off: the line is typed after the delay and echoed
            // as the terminal would.
            let n = r.keys.iter().position(|&b| b == b'\n').map(|i| i + 1);
            let Some(n) = n else { return Err(Interrupt::EndOfInput) };
            std::thread::sleep(std::time::Duration::from_millis(r.delay_ms.max(0) as u64));
            let line: Vec<u8> = r.keys.drain(..n).collect();
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(
                &line.iter().flat_map(|&b| if b == b'\n' { vec![b'\r', b'\n'] } else { vec![b] }).collect::<Vec<u8>>(),
            );
            let _ = out.flush();
            let mut line = line;
            line.truncate(max.saturating_sub(1));
            self.line_pending = false;
            return Ok(line);
        }
        let line = self.read_line_tty(max)?;
        self.logged(&line);
        // The typed newline was echoed: the cursor is on a line of its own.
        if line.ends_with(b"\n") {
            self.line_pending = false;
        }
        Ok(line)
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
        // DEVIATION: the C ends curses a second time on its way out, which on an alternate screen puts the prompt over the score list; the port ends it once; test: terminal::terminal_exit_leaves_the_scores_above_the_prompt
        // A second endwin() would move the cursor again (to where the
        // game's bottom line was) and write over what was printed since.
        if self.started && !nc::isendwin() {
            nc::endwin();
        }
    }

    fn isendwin(&self) -> bool {
        !self.started || nc::isendwin()
    }

    fn has_clreol(&self) -> bool {
        if !self.started {
            return false;
        }
        // SAFETY: tigetstr takes a C string and returns NULL, (char *) -1
        // or a pointer into the loaded terminfo entry, which is only
        // compared here, never read.
        let p = unsafe { nc::ll::tigetstr(c"el".as_ptr()) };
        !p.is_null() && p as isize != -1
    }

    fn mvcur(&mut self, oldy: i32, oldx: i32, newy: i32, newx: i32) {
        nc::mvcur(oldy, oldx, newy, newx);
    }

    fn print_raw(&mut self, s: &[u8]) {
        // With curses on (a save's newline before `endwin`), the bytes go
        // out after what curses has still to send (the cursor moved to the
        // last line), as the C's do: through curses's own output.
        if self.started && !nc::isendwin() {
            let _ = nc::putp(&String::from_utf8_lossy(s));
            return;
        }
        if let Some(&last) = s.last() {
            self.line_pending = last != b'\n';
        }
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(s);
        let _ = out.flush();
    }
    fn eprint_raw(&mut self, s: &[u8]) {
        let _ = std::io::stdout().lock().flush();
        let _ = std::io::stderr().lock().write_all(s);
    }
}

/// The terminal's input is over (end of file, or reads that fail): the
/// game ends as at a hangup. (Every later read finds the same end.)
fn input_ended() -> Interrupt {
    Interrupt::Hangup
}

/// `wgetch` where it blocks (no half-delay): ERR there is no key. When
/// standard input is at its end (a closed terminal, end of file, reads
/// that fail) the game ends as at a hangup; the original takes that ERR
/// for an ESC and goes on reading, for ever at the end of a file. Any other
/// ERR (a signal cut the read short; ncurses itself after a resize) is
/// given back, an ESC as in the original.
fn blocking_wgetch(win: nc::WINDOW) -> Result<i32, Interrupt> {
    loop {
        // SAFETY: errno is this thread's own; cleared so that an old EINTR
        // is not taken for this read's.
        unsafe {
            *libc::__errno_location() = 0;
        }
        let c = nc::wgetch(win);
        if c != nc::ERR || std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
            return Ok(c);
        }
        match input_state() {
            // DEVIATION: 5.4.4 reads ESC after ESC at the end of its input and plays on (or spins in a prompt); the port saves and exits as at a hangup; test: end_of_input::binary_with_stdin_at_its_end_saves
            Input::Ended => return Err(input_ended()),
            Input::Key => continue,
            Input::Nothing => return Ok(c),
        }
    }
}

/// What standard input holds after a read gave no key.
enum Input {
    /// Its end: nothing more will come.
    Ended,
    /// A key came meanwhile; it was given back to curses.
    Key,
    /// Nothing yet.
    Nothing,
}

/// Look at standard input without waiting: at its end (a hangup, an error,
/// or a read of nothing where poll says there is something), or a key
/// (read and pushed back for curses), or nothing.
fn input_state() -> Input {
    let mut fds = libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 };
    // SAFETY: poll gets one valid pollfd and does not wait.
    if unsafe { libc::poll(&mut fds, 1, 0) } <= 0 {
        return Input::Nothing;
    }
    if fds.revents & libc::POLLIN == 0 {
        let gone = fds.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0;
        return if gone { Input::Ended } else { Input::Nothing };
    }
    let mut byte = 0u8;
    // SAFETY: read gets a valid one-byte buffer owned here.
    let n = unsafe { libc::read(libc::STDIN_FILENO, (&mut byte as *mut u8).cast(), 1) };
    if n == 1 {
        nc::ungetch(i32::from(byte));
        return Input::Key;
    }
    let cut_short = n < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR);
    if cut_short { Input::Nothing } else { Input::Ended }
}

/// `md_readchar` of mdport.c: read a key, turning the function keys and
/// escape sequences of the terminals the original knew into commands. A
/// lone ESC is told from the start of a sequence by waiting a tenth of a
/// second for more (`halfdelay(1)`); every answer is masked to 7 bits.
///
/// `backspace` is what the Backspace key (`KEY_BACKSPACE`) gives.
fn md_readchar(win: nc::WINDOW, backspace: i32) -> Result<u8, Interrupt> {
    #[derive(PartialEq)]
    enum M {
        Normal,
        Esc,
        Keypad,
        Trail,
    }
    let mut mode = M::Normal;
    let mut mode2 = M::Normal;
    let mut lastch: i32 = 0;
    let ch = loop {
        // A hangup or terminate signal that came while the game was busy
        // (or waiting for a shell) is acted on now, not after the player's
        // next key: the read below would block, and a signal that arrived
        // before it does not interrupt it (a system shutdown's SIGTERM is
        // followed by SIGKILL a few seconds later).
        if hangup_pending() {
            nc::nocbreak();
            nc::raw();
            return Err(Interrupt::Hangup);
        }
        if take_resize() {
            follow_resize()?;
        }
        // Only the first read of a key blocks; the others wait a tenth of
        // a second for the rest of a sequence.
        let mut ch = if mode == M::Normal { blocking_wgetch(win)? } else { nc::wgetch(win) };
        if hangup_pending() {
            nc::nocbreak();
            nc::raw();
            return Err(Interrupt::Hangup);
        }
        if take_interrupt() {
            // SIGINT asks to quit, as ^C does.
            nc::nocbreak();
            nc::raw();
            return Ok(3);
        }
        if (ch == nc::ERR && take_resize()) || ch == nc::KEY_RESIZE {
            // The read was cut short by a resize (or ncurses saw one, on
            // coming back from a shell): read again.
            follow_resize()?;
            continue;
        }
        if ch == nc::ERR {
            // Timed out waiting for the rest of a sequence: it was an ESC.
            nc::nocbreak();
            nc::raw();
            break 27;
        }
        if mode == M::Trail {
            if ch == i32::from(b'^') {
                ch = i32::from(ctrl(upper(lastch)));
            }
            if ch == i32::from(b'~') {
                ch = i32::from(lower(lastch));
            }
            if mode2 == M::Esc {
                ch = i32::from(ctrl(upper(ch)));
            }
            break ch;
        }
        if mode == M::Esc {
            if ch == 27 {
                mode2 = M::Esc;
                continue;
            }
            if ch == i32::from(b'F') || ch == i32::from(b'O') || ch == i32::from(b'[') {
                mode = M::Keypad;
                continue;
            }
            break match ch {
                nc::KEY_LEFT => i32::from(ctrl(b'H')),
                nc::KEY_RIGHT => i32::from(ctrl(b'L')),
                nc::KEY_UP => i32::from(ctrl(b'K')),
                nc::KEY_DOWN => i32::from(ctrl(b'J')),
                nc::KEY_HOME => i32::from(ctrl(b'Y')),
                nc::KEY_PPAGE => i32::from(ctrl(b'U')),
                nc::KEY_NPAGE => i32::from(ctrl(b'N')),
                nc::KEY_END => i32::from(ctrl(b'B')),
                other => other,
            };
        }
        if mode == M::Keypad {
            let c = |b: u8| i32::from(b);
            let mapped = match ch {
                x if x == c(b'^') => Some(c(ctrl(b'H'))),
                x if x == c(b'$') => Some(c(ctrl(b'L'))),
                x if x == c(b'H') => Some(c(b'y')),
                1 => Some(c(ctrl(b'K'))),
                2 => Some(c(ctrl(b'J'))),
                3 => Some(c(ctrl(b'L'))),
                4 => Some(c(ctrl(b'H'))),
                263 => Some(c(ctrl(b'Y'))),
                19 => Some(c(ctrl(b'U'))),
                20 => Some(c(ctrl(b'N'))),
                21 => Some(c(ctrl(b'B'))),
                x if x == c(b'G') => Some(c(b'.')),
                x if x == c(b'7') => {
                    lastch = c(b'Y');
                    mode = M::Trail;
                    None
                }
                x if x == c(b'5') => {
                    lastch = c(b'U');
                    mode = M::Trail;
                    None
                }
                x if x == c(b'6') => {
                    lastch = c(b'N');
                    mode = M::Trail;
                    None
                }
                x if x == c(b'1') => {
                    lastch = c(b'y');
                    mode = M::Trail;
                    None
                }
                x if x == c(b'4') => {
                    lastch = c(b'b');
                    mode = M::Trail;
                    None
                }
                x if x == c(b'D') => Some(c(ctrl(b'H'))),
                x if x == c(b'C') => Some(c(ctrl(b'L'))),
                x if x == c(b'A') => Some(c(ctrl(b'K'))),
                x if x == c(b'B') => Some(c(ctrl(b'J'))),
                x if x == c(b't') => Some(c(b'h')),
                x if x == c(b'v') => Some(c(b'l')),
                x if x == c(b'x') => Some(c(b'k')),
                x if x == c(b'r') => Some(c(b'j')),
                x if x == c(b'w') => Some(c(b'y')),
                x if x == c(b'y') => Some(c(b'u')),
                x if x == c(b's') => Some(c(b'n')),
                x if x == c(b'q') => Some(c(b'b')),
                x if x == c(b'u') => Some(c(b'.')),
                _ => Some(ch),
            };
            match mapped {
                // Still in the keypad state: the key is taken as it is.
                Some(v) if mode == M::Keypad => break v,
                _ => continue,
            }
        }
        if ch == 27 {
            nc::halfdelay(1);
            mode = M::Esc;
            continue;
        }
        let c = |b: u8| i32::from(b);
        break match ch {
            // (KEY_B1, KEY_C2, KEY_A2, KEY_B3, KEY_SUP, KEY_SDOWN and the
            // CTL_ and ALT_ keys are PDCurses names, absent from ncurses.)
            nc::KEY_LEFT => c(b'h'),
            nc::KEY_DOWN => c(b'j'),
            nc::KEY_UP => c(b'k'),
            nc::KEY_RIGHT => c(b'l'),
            nc::KEY_HOME | nc::KEY_A1 => c(b'y'),
            nc::KEY_PPAGE | nc::KEY_A3 => c(b'u'),
            nc::KEY_END | nc::KEY_LL | nc::KEY_C1 => c(b'b'),
            nc::KEY_NPAGE | nc::KEY_C3 => c(b'n'),
            // "should be '.', but for problem with putty/linux"
            nc::KEY_B2 => c(b'u'),
            nc::KEY_SRIGHT => c(ctrl(b'L')),
            nc::KEY_SLEFT => c(ctrl(b'H')),
            nc::KEY_SHOME => c(ctrl(b'Y')),
            nc::KEY_SPREVIOUS => c(ctrl(b'U')),
            nc::KEY_SEND => c(ctrl(b'B')),
            nc::KEY_SNEXT => c(ctrl(b'N')),
            0x146 => c(ctrl(b'K')),
            0x145 => c(ctrl(b'J')),
            nc::KEY_EOL => c(ctrl(b'B')),
            511 | 512 => c(ctrl(b'J')),
            514 => c(ctrl(b'H')),
            516 => c(ctrl(b'L')),
            518 | 519 => c(ctrl(b'K')),
            nc::KEY_BACKSPACE => backspace,
            other => other,
        };
    };
    // Leave halfdelay mode if it was on.
    nc::nocbreak();
    nc::raw();
    Ok((ch & 0x7f) as u8)
}

fn upper(c: i32) -> u8 {
    (c as u8).to_ascii_uppercase()
}

fn lower(c: i32) -> u8 {
    (c as u8).to_ascii_lowercase()
}

/// A terminfo string capability of the terminal, as bytes; `None` when
/// the terminal has no such capability.
fn tistr(cap: &std::ffi::CStr) -> Option<Vec<u8>> {
    // SAFETY: tigetstr takes a C string and returns NULL, (char *) -1 or a
    // pointer to a NUL-terminated string in the loaded terminfo entry,
    // which is copied at once.
    unsafe {
        let p = nc::ll::tigetstr(cap.as_ptr());
        if p.is_null() || p as isize == -1 {
            return None;
        }
        Some(std::ffi::CStr::from_ptr(p).to_bytes().to_vec())
    }
}

/// The terminal's size (rows, columns) as the kernel knows it now.
fn window_size() -> Option<(i32, i32)> {
    // SAFETY: TIOCGWINSZ fills the winsize value owned here.
    let ws = unsafe {
        let mut ws: libc::winsize = std::mem::zeroed();
        if libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut ws) != 0 {
            return None;
        }
        ws
    };
    (ws.ws_row > 0 && ws.ws_col > 0).then(|| (i32::from(ws.ws_row), i32::from(ws.ws_col)))
}

/// The window changed size (SIGWINCH). ncurses is never told: the game
/// keeps its screen (LINES x COLS), so nothing of it is lost. While the
/// window is smaller than that the player is told so and keys are ignored;
/// once it is large enough again the whole screen is drawn again from
/// curses' copy, as ^R does, without the game seeing a key.
// DEVIATION: the C lets ncurses shrink its windows and reads the resize as a key ("Illegal command '^Z'"), losing what fell outside; here a resize costs nothing; test: terminal::terminal_resize_loses_nothing
fn follow_resize() -> Result<(), Interrupt> {
    let need = (nc::LINES(), nc::COLS());
    let mut told: Option<(i32, i32)> = None;
    loop {
        let now = window_size();
        match now {
            Some((rows, cols)) if rows < need.0 || cols < need.1 => {
                if told != now {
                    let mut out = std::io::stdout().lock();
                    if let Some(clear) = tistr(c"clear") {
                        let _ = out.write_all(&without_padding(&clear));
                    }
                    let text = format!(
                        "This window is {cols}x{rows}; Rogue needs {}x{}.\r\nMake it larger to go on.",
                        need.1, need.0
                    );
                    let _ = out.write_all(text.as_bytes());
                    let _ = out.flush();
                    told = now;
                }
            }
            _ => break,
        }
        // Look again a few times a second (a signal that comes between
        // the look and the wait would otherwise be missed), throwing away
        // any key typed meanwhile.
        let mut fds = libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 };
        // SAFETY: poll gets one valid pollfd; read gets a valid one-byte
        // buffer owned here, and is called only when a byte is waiting.
        unsafe {
            if libc::poll(&mut fds, 1, 100) > 0 && fds.revents & libc::POLLIN != 0 {
                let mut byte = 0u8;
                let n = libc::read(libc::STDIN_FILENO, (&mut byte as *mut u8).cast(), 1);
                let cut_short = n < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR);
                if n <= 0 && !cut_short {
                    // The end of the input: saved as at a hangup.
                    return Err(input_ended());
                }
            } else if fds.revents & (libc::POLLHUP | libc::POLLERR) != 0 {
                return Err(input_ended());
            }
        }
        if hangup_pending() {
            return Err(Interrupt::Hangup);
        }
        take_resize();
    }
    nc::clearok(nc::curscr(), true);
    nc::wrefresh(nc::curscr());
    Ok(())
}

/// A terminfo string without its padding (`$<50>`), which only a
/// terminal of old needed, as bytes to write.
fn without_padding(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'$'
            && s.get(i + 1) == Some(&b'<')
            && let Some(end) = s[i..].iter().position(|&b| b == b'>')
        {
            i += end + 1;
            continue;
        }
        out.push(s[i]);
        i += 1;
    }
    out
}
