//! io.c: the message line, the status line and reading keys.
//!
//! A message is composed from pieces (`addmsg`) and shown by `msg` or
//! `endmsg` on the top line. When a message is already showing, the new
//! one first puts `--More--` after it and waits for a space. A watcher
//! may take messages instead of the line (the oracle's core harness does,
//! FORMAT-core.md §3.2): then nothing is drawn and nothing waits.

use crate::curses::Win;
use crate::curses::model::{KeySet, PromptKind};
use crate::game::consts::*;
use crate::game::{Flow, Game};

/// `MAXMSG`: the longest message that leaves room for "--More--"
/// (`NUMCOLS - sizeof "--More--"`, the terminator counted).
pub const MAXMSG: usize = NUMCOLS as usize - "--More--".len() - 1;

/// The hunger states as the status line names them.
const STATE_NAME: [&str; 4] = ["", "Hungry", "Weak", "Faint"];

impl Game {
    /// `msg`: add to the current message and show it; an empty text only
    /// clears the message line. `Ok(true)` when the player answered a
    /// `--More--` with ESC while `msg_esc` was on.
    pub fn msg(&mut self, text: impl AsRef<[u8]>) -> Flow<bool> {
        let text = text.as_ref();
        if text.is_empty() {
            if !self.rt.obs.records_messages() {
                self.rt.scr.move_to(0, 0);
                self.rt.scr.clrtoeol();
                self.cmd.mpos = 0;
            }
            return Ok(false);
        }
        self.doadd(text)?;
        self.endmsg()
    }

    /// `addmsg`: add to the current message.
    pub fn addmsg(&mut self, text: impl AsRef<[u8]>) -> Flow {
        self.doadd(text.as_ref())?;
        Ok(())
    }

    /// `endmsg`: show the message composed so far, after giving the player
    /// a chance to read the one on the line (`--More--`).
    pub fn endmsg(&mut self) -> Flow<bool> {
        if self.rt.obs.records_messages() {
            let mut text = std::mem::take(&mut self.statics.msgbuf);
            self.rt.obs.message(&text);
            // The buffer's room is kept for the next message.
            text.clear();
            self.statics.msgbuf = text;
            self.statics.newpos = 0;
            return Ok(false);
        }
        if self.opts.save_msg {
            self.opts.huh.strcpy(&self.statics.msgbuf);
        }
        if self.cmd.mpos != 0 {
            self.look(false)?;
            let mpos = self.cmd.mpos;
            self.rt.scr.mvaddstr(0, mpos, b"--More--");
            self.rt.scr.refresh();
            if !self.opts.msg_esc {
                self.wait_for_as(b' ', PromptKind::More)?;
            } else {
                loop {
                    self.ask(PromptKind::More, KeySet::of(b" \x1b"));
                    let ch = self.readchar()?;
                    if ch == b' ' {
                        break;
                    }
                    if ch == ESCAPE {
                        self.statics.msgbuf.clear();
                        self.cmd.mpos = 0;
                        self.statics.newpos = 0;
                        return Ok(true);
                    }
                }
            }
        }
        // Messages start with a capital, unless they start with a pack
        // letter ("a) ...").
        if self.statics.msgbuf.first().is_some_and(u8::is_ascii_lowercase)
            && !self.opts.lower_msg
            && self.statics.msgbuf.get(1) != Some(&b')')
        {
            self.statics.msgbuf[0] = self.statics.msgbuf[0].to_ascii_uppercase();
        }
        let mut text = std::mem::take(&mut self.statics.msgbuf);
        self.rt.scr.mvaddstr(0, 0, &text);
        text.clear();
        self.statics.msgbuf = text;
        self.rt.scr.clrtoeol();
        self.cmd.mpos = self.statics.newpos;
        self.statics.newpos = 0;
        self.rt.scr.refresh();
        Ok(false)
    }

    /// `doadd`: append a piece, first showing what is pending when the two
    /// would not fit on the line together.
    fn doadd(&mut self, piece: &[u8]) -> Flow {
        // vsprintf into a MAXSTR buffer, then strcat: a C string stops at
        // its first NUL.
        let piece = &piece[..piece.iter().position(|&b| b == 0).unwrap_or(piece.len())];
        if piece.len() + self.statics.newpos as usize >= MAXMSG {
            self.endmsg()?;
        }
        self.statics.msgbuf.extend_from_slice(piece);
        self.statics.newpos = self.statics.msgbuf.len() as i32;
        Ok(())
    }

    /// `readchar`: a key, where ^C asks whether to quit.
    pub fn readchar(&mut self) -> Flow<u8> {
        let ch = self.rt.scr.wgetch(Win::STD)?;
        self.statics.last_key = ch;
        if ch == 3 {
            self.quit()?;
            return Ok(ESCAPE);
        }
        Ok(ch)
    }

    /// `status`: draw the status line when something on it changed,
    /// leaving the cursor where it was.
    pub fn status(&mut self) -> Flow {
        let temp = match self.hero.cur_armor {
            Some(a) => self.dungeon.objs[a].o_arm,
            None => self.hero.player.t_stats.s_arm,
        };
        let st = self.hero.player.t_stats;
        let sh = self.statics.status_shadow;
        if sh.s_hp == st.s_hpt
            && sh.s_exp == st.s_exp
            && sh.s_pur == self.hero.purse
            && sh.s_arm == temp
            && sh.s_str == st.s_str
            && sh.s_lvl == self.dungeon.level
            && sh.s_hungry == self.hero.hungry_state
            && !self.opts.stat_msg
        {
            return Ok(());
        }
        let mut sh = sh;
        sh.s_arm = temp;
        let (oy, ox) = self.rt.scr.getyx(Win::STD);
        if sh.s_hp != st.s_maxhp {
            // The width of the hit points is that of the maximum.
            let mut t = st.s_maxhp;
            sh.s_hp = st.s_maxhp;
            sh.hpwidth = 0;
            while t != 0 {
                sh.hpwidth += 1;
                t /= 10;
            }
        }
        sh.s_lvl = self.dungeon.level;
        sh.s_pur = self.hero.purse;
        sh.s_hp = st.s_hpt;
        sh.s_str = st.s_str;
        sh.s_exp = st.s_exp;
        sh.s_hungry = self.hero.hungry_state;
        self.statics.status_shadow = sh;
        let w = sh.hpwidth as usize;
        let (level, purse, max_str) = (self.dungeon.level, self.hero.purse, self.hero.max_stats.s_str);
        let hungry = STATE_NAME.get(self.hero.hungry_state as usize).copied().unwrap_or("");
        let write_line = |out: &mut dyn std::io::Write| {
            write!(
                out,
                "Level: {}  Gold: {:<5}  Hp: {:>w$}({:>w$})  Str: {:>2}({})  Arm: {:<2}  Exp: {}/{}  {}",
                level,
                purse,
                st.s_hpt,
                st.s_maxhp,
                st.s_str,
                max_str,
                10 - sh.s_arm,
                st.s_lvl,
                st.s_exp,
                hungry,
            )
        };
        // Formatted on the stack; a line too long for it (absurd numbers)
        // goes to the heap.
        let mut stack = [0u8; 128];
        let mut rest: &mut [u8] = &mut stack;
        let heap;
        let line: &[u8] = if write_line(&mut rest).is_ok() {
            let n = 128 - rest.len();
            &stack[..n]
        } else {
            let mut v = Vec::new();
            let _ = write_line(&mut v);
            heap = v;
            &heap
        };
        if self.opts.stat_msg {
            self.rt.scr.move_to(0, 0);
            self.msg(line)?;
        } else {
            self.rt.scr.move_to(STATLINE, 0);
            self.rt.scr.addstr(line);
        }
        self.rt.scr.clrtoeol();
        self.rt.scr.move_to(oy, ox);
        Ok(())
    }

    /// `wait_for`: read keys until the right one (for a newline, a return
    /// will do too).
    pub fn wait_for(&mut self, ch: u8) -> Flow {
        let kind = if ch == b' ' { PromptKind::Space } else { PromptKind::Choice };
        self.wait_for_as(ch, kind)
    }

    /// `wait_for`, saying what the wait is for (see [`Game::ask`]).
    pub fn wait_for_as(&mut self, ch: u8, kind: PromptKind) -> Flow {
        if ch == b'\n' {
            loop {
                self.ask(kind, KeySet::of(b"\n\r"));
                let c = self.readchar()?;
                if c == b'\n' || c == b'\r' {
                    return Ok(());
                }
            }
        }
        loop {
            self.ask(kind, KeySet::of(&[ch]));
            if self.readchar()? == ch {
                return Ok(());
            }
        }
    }

    /// `show_win`: show the scratch window with a message on its top line
    /// until a space, then have the whole screen redrawn.
    pub fn show_win(&mut self, message: &[u8]) -> Flow {
        let win = self.rt.hw;
        self.rt.scr.wmove(win, 0, 0);
        self.rt.scr.waddstr(win, message);
        self.rt.scr.touchwin(win);
        let hero = self.hero();
        self.rt.scr.wmove(win, hero.y, hero.x);
        self.rt.scr.wrefresh(win);
        self.wait_for(b' ')?;
        self.rt.scr.clearok(Win::CUR, true);
        self.rt.scr.touchwin(Win::STD);
        Ok(())
    }
}

/// `step_ok` (io.c): can one step on this character?
pub fn step_ok(ch: u8) -> bool {
    STEP_OK[usize::from(ch)]
}

/// `step_ok` of every byte, worked out once (monsters ask it for each
/// spot around them every turn).
static STEP_OK: [bool; 256] = {
    let mut t = [true; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = !matches!(b, b' ' | b'|' | b'-') && !b.is_ascii_alphabetic();
        c += 1;
    }
    t
};

impl Game {
    /// ncurses' `wgetnstr(stdscr, buf, maxlen)`, as `score()` uses it: read
    /// keys up to a newline, erase and kill keys working, echoing what is
    /// typed when curses echoes; the cursor then goes to the start of the
    /// next line (or stays on the last).
    pub fn wgetnstr(&mut self, maxlen: usize) -> Flow<Vec<u8>> {
        use crate::curses::{ERR, KEY_BACKSPACE, KEY_DOWN, KEY_ENTER, KEY_LEFT, KEY_MIN};
        let win = Win::STD;
        let oldecho = self.rt.echo;
        let (erasec, killc) = (i32::from(self.rt.scr.erasechar()), i32::from(self.rt.scr.killchar()));
        let (y, x) = self.rt.scr.getyx(win);
        let mut s: Vec<u8> = Vec::new();
        loop {
            // What is typed here is never used (score() only reads past
            // it): the key that does something is the one that ends it.
            self.ask(PromptKind::Text, KeySet::of(b"\n\r"));
            let ch = self.rt.scr.wgetch_raw(win)?;
            // A read cut short by a signal: ncurses gives up the line (the
            // end of the input comes back as an error, above).
            if ch == ERR {
                break;
            }
            if ch == i32::from(b'\n') || ch == i32::from(b'\r') || ch == KEY_DOWN || ch == KEY_ENTER {
                break;
            }
            if ch == erasec || ch == KEY_LEFT || ch == KEY_BACKSPACE {
                if !s.is_empty() {
                    self.wipe_out(y, x, &mut s, oldecho);
                }
            } else if ch == killc {
                while !s.is_empty() {
                    self.wipe_out(y, x, &mut s, oldecho);
                }
            } else if ch >= KEY_MIN || s.len() >= maxlen {
                self.rt.scr.beep();
            } else {
                s.push(ch as u8);
                if oldecho {
                    if !self.rt.scr.waddch(win, (ch as u8).into()) {
                        // The bottom right corner cannot take input.
                        self.rt.scr.waddch(win, b' '.into());
                        self.wipe_out(y, x, &mut s, oldecho);
                        continue;
                    }
                    self.rt.scr.wrefresh(win);
                }
            }
        }
        let (cy, _) = self.rt.scr.getyx(win);
        let (maxy, _) = self.rt.scr.getmaxyx(win);
        self.rt.scr.wmove(win, if cy < maxy - 1 { cy + 1 } else { cy }, 0);
        self.rt.scr.wrefresh(win);
        Ok(s)
    }

    /// ncurses' `WipeOut`: take the last character off, redrawing the text
    /// from where it started when it was echoed.
    fn wipe_out(&mut self, y: i32, x: i32, s: &mut Vec<u8>, echoed: bool) {
        s.pop();
        if echoed {
            let win = Win::STD;
            let (y1, x1) = self.rt.scr.getyx(win);
            self.rt.scr.wmove(win, y, x);
            self.rt.scr.waddstr(win, s);
            let (ny, nx) = self.rt.scr.getyx(win);
            loop {
                let (cy, cx) = self.rt.scr.getyx(win);
                if !(cy < y1 || (cy == y1 && cx < x1)) {
                    break;
                }
                if !self.rt.scr.waddch(win, b' '.into()) {
                    break;
                }
            }
            self.rt.scr.wmove(win, ny, nx);
        }
    }
}
