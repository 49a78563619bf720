//! options.c: the options screen, the `ROGUEOPTS` variable, and the line
//! editor (`get_str`) the game's prompts share.

use crate::curses::Win;
use crate::curses::model::{KeySet, PromptKind};
use crate::game::consts::*;
use crate::game::data::INV_T_NAME;
use crate::game::{Flow, Game};

/// What a `get_*` function returns: done, give up (ESC), or back up one
/// option (`-`).
pub const NORM: i32 = 0;
pub const QUIT: i32 = 1;
pub const MINUS: i32 = 2;

/// `MAXINP`: the longest string read from the terminal or environment.
pub const MAXINP: usize = 50;

/// The value an option sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opt {
    Terse,
    Flush,
    Jump,
    SeeFloor,
    Passgo,
    Tombstone,
    Inven,
    Name,
    Fruit,
    File,
}

/// How an option is shown and read: the C's put/get function pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// put_bool, get_bool
    Bool,
    /// put_bool, get_sf
    SeeFloor,
    /// put_inv_t, get_inv_t
    InvType,
    /// put_str, get_str
    Str,
}

/// `struct optstruct`: an entry of `optlist[]`.
struct OptionDesc {
    name: &'static str,
    prompt: &'static str,
    opt: Opt,
    kind: Kind,
}

const fn o(name: &'static str, prompt: &'static str, opt: Opt, kind: Kind) -> OptionDesc {
    OptionDesc { name, prompt, opt, kind }
}

/// `optlist[]`, in the original's order (the screen and ROGUEOPTS go by it).
const OPTLIST: [OptionDesc; 10] = [
    o("terse", "Terse output", Opt::Terse, Kind::Bool),
    o("flush", "Flush typeahead during battle", Opt::Flush, Kind::Bool),
    o("jump", "Show position only at end of run", Opt::Jump, Kind::Bool),
    o("seefloor", "Show the lamp-illuminated floor", Opt::SeeFloor, Kind::SeeFloor),
    o("passgo", "Follow turnings in passageways", Opt::Passgo, Kind::Bool),
    o("tombstone", "Print out tombstone when killed", Opt::Tombstone, Kind::Bool),
    o("inven", "Inventory style", Opt::Inven, Kind::InvType),
    o("name", "Name", Opt::Name, Kind::Str),
    o("fruit", "Fruit", Opt::Fruit, Kind::Str),
    o("file", "Save file", Opt::File, Kind::Str),
];

/// C's `isprint(c) || c == ' '` in the C locale.
fn printable(c: u8) -> bool {
    (0x20..0x7f).contains(&c)
}

/// `strucpy`: copy at most MAXINP bytes of a string, leaving out what is
/// not printable, and end it (the destination's tail is left alone).
pub fn strucpy(dst: &mut [u8], src: &[u8]) {
    let len = src.len().min(MAXINP);
    let mut d = 0;
    for &c in &src[..len] {
        if printable(c) && d + 1 < dst.len() {
            dst[d] = c;
            d += 1;
        }
    }
    if d < dst.len() {
        dst[d] = 0;
    }
}

/// The C string in a buffer.
fn cstr(buf: &[u8]) -> &[u8] {
    &buf[..buf.iter().position(|&b| b == 0).unwrap_or(buf.len())]
}

impl Game {
    fn bool_opt(&mut self, opt: Opt) -> &mut bool {
        match opt {
            Opt::Terse => &mut self.opts.terse,
            Opt::Flush => &mut self.opts.fight_flush,
            Opt::Jump => &mut self.opts.jump,
            Opt::SeeFloor => &mut self.opts.see_floor,
            Opt::Passgo => &mut self.opts.passgo,
            Opt::Tombstone => &mut self.opts.tombstone,
            _ => unreachable!("not a boolean option"),
        }
    }

    fn str_opt(&mut self, opt: Opt) -> &mut [u8; MAXSTR] {
        match opt {
            Opt::Name => &mut std::sync::Arc::make_mut(&mut self.opts.whoami).0,
            Opt::Fruit => &mut std::sync::Arc::make_mut(&mut self.opts.fruit).0,
            Opt::File => &mut std::sync::Arc::make_mut(&mut self.opts.file_name).0,
            _ => unreachable!("not a string option"),
        }
    }

    /// `option`: show the options on the scratch window and let the
    /// player change them, one by one.
    pub fn option(&mut self) -> Flow {
        // On a server the save file and the name are not the player's to
        // change (`game/server.rs`): they are left off the screen.
        let server = self.cfg.server;
        let list: Vec<&OptionDesc> =
            OPTLIST.iter().filter(|op| !(server && matches!(op.opt, Opt::Name | Opt::File))).collect();
        let hw = self.rt.hw;
        self.rt.scr.wclear(hw);
        // The current values.
        for op in list.iter().copied() {
            self.pr_optname(op);
            self.put_value(op);
            self.rt.scr.waddch(hw, b'\n'.into());
        }
        // Set them.
        self.rt.scr.wmove(hw, 0, 0);
        let mut i: isize = 0;
        while (i as usize) < list.len() {
            let op = list[i as usize];
            self.pr_optname(op);
            let retval = match op.kind {
                Kind::Bool => {
                    let mut v = *self.bool_opt(op.opt);
                    let r = self.get_bool(&mut v, hw)?;
                    *self.bool_opt(op.opt) = v;
                    r
                }
                Kind::SeeFloor => self.get_sf(hw)?,
                Kind::InvType => {
                    let mut v = self.opts.inv_type;
                    let r = self.get_inv_t(&mut v, hw)?;
                    self.opts.inv_type = v;
                    r
                }
                Kind::Str => {
                    let mut buf = *self.str_opt(op.opt);
                    let r = self.get_str(&mut buf, hw)?;
                    *self.str_opt(op.opt) = buf;
                    r
                }
            };
            if retval != NORM {
                if retval == QUIT {
                    break;
                } else if i > 0 {
                    // MINUS: back up one option.
                    self.rt.scr.wmove(hw, i as i32 - 1, 0);
                    i -= 2;
                } else {
                    // Trying to back up beyond the top: a bell (through
                    // stdio, so it never changes the screen).
                    self.rt.scr.print_raw(b"\x07");
                    self.rt.scr.wmove(hw, 0, 0);
                    i -= 1;
                }
            }
            i += 1;
        }
        // Switch back to the original screen.
        let lines = self.rt.scr.lines();
        self.rt.scr.wmove(hw, lines - 1, 0);
        self.rt.scr.waddstr(hw, b"--Press space to continue--");
        self.rt.scr.wrefresh(hw);
        self.wait_for(b' ')?;
        self.rt.scr.clearok(Win::CUR, true);
        self.rt.scr.touchwin(Win::STD);
        self.cmd.after = false;
        Ok(())
    }

    /// `pr_optname`: the prompt of an option.
    fn pr_optname(&mut self, op: &OptionDesc) {
        let text = format!("{} (\"{}\"): ", op.prompt, op.name);
        self.rt.scr.waddstr(self.rt.hw, text.as_bytes());
    }

    /// `put_bool`, `put_inv_t`, `put_str`: an option's value.
    fn put_value(&mut self, op: &OptionDesc) {
        let hw = self.rt.hw;
        match op.kind {
            Kind::Bool | Kind::SeeFloor => {
                let v = *self.bool_opt(op.opt);
                self.rt.scr.waddstr(hw, if v { b"True" } else { b"False" });
            }
            Kind::InvType => {
                let name = inv_t_name(self.opts.inv_type);
                self.rt.scr.waddstr(hw, name.as_bytes());
            }
            Kind::Str => {
                let s = *self.str_opt(op.opt);
                self.rt.scr.waddstr(hw, cstr(&s));
            }
        }
    }

    /// `get_bool`: change a boolean option.
    pub fn get_bool(&mut self, bp: &mut bool, win: Win) -> Flow<i32> {
        let (oy, ox) = self.rt.scr.getyx(win);
        self.rt.scr.waddstr(win, if *bp { b"True" } else { b"False" });
        loop {
            self.rt.scr.wmove(win, oy, ox);
            self.rt.scr.wrefresh(win);
            self.ask(PromptKind::Choice, KeySet::of(b"tTfF\n\r\x1b-"));
            match self.readchar()? {
                b't' | b'T' => {
                    *bp = true;
                    break;
                }
                b'f' | b'F' => {
                    *bp = false;
                    break;
                }
                b'\n' | b'\r' => break,
                ESCAPE => return Ok(QUIT),
                b'-' => return Ok(MINUS),
                _ => {
                    self.rt.scr.wmove(win, oy, ox + 10);
                    self.rt.scr.waddstr(win, b"(T or F)");
                }
            }
        }
        self.rt.scr.wmove(win, oy, ox);
        self.rt.scr.waddstr(win, if *bp { b"True" } else { b"False" });
        self.rt.scr.waddch(win, b'\n'.into());
        Ok(NORM)
    }

    /// `get_sf`: change `see_floor`, redrawing or erasing the lamp light.
    fn get_sf(&mut self, win: Win) -> Flow<i32> {
        let was_sf = self.opts.see_floor;
        let mut v = self.opts.see_floor;
        let retval = self.get_bool(&mut v, win)?;
        self.opts.see_floor = v;
        if retval == QUIT {
            return Ok(QUIT);
        }
        if was_sf != self.opts.see_floor {
            if !self.opts.see_floor {
                self.opts.see_floor = true;
                let (hero, proom) = (self.hero(), self.proom());
                self.erase_lamp(hero, proom);
                self.opts.see_floor = false;
            } else {
                self.look(false)?;
            }
        }
        // A '-' here goes on to the next option, as in the C.
        Ok(NORM)
    }

    /// `get_str`: edit a string in place on a window: erase and kill keys
    /// work, `~` first puts in the home directory, ESC gives up, and `-`
    /// first backs up (on the options screen). The buffer changes only
    /// when something was typed.
    pub fn get_str(&mut self, opt: &mut [u8], win: Win) -> Flow<i32> {
        self.rt.scr.line_prompt(true);
        let r = self.get_str_keys(opt, win);
        self.rt.scr.line_prompt(false);
        r
    }

    fn get_str_keys(&mut self, opt: &mut [u8], win: Win) -> Flow<i32> {
        let (oy, ox) = self.rt.scr.getyx(win);
        self.rt.scr.wrefresh(win);
        let mut buf: Vec<u8> = Vec::new();
        let (erase, kill) = (self.rt.scr.erasechar(), self.rt.scr.killchar());
        let c = loop {
            let keys = KeySet::PRINTABLE.union(KeySet::of(b"\n\r\x1b")).with(erase).with(kill);
            self.ask(PromptKind::Text, keys);
            let c = self.readchar()?;
            if c == b'\n' || c == b'\r' || c == ESCAPE {
                break c;
            }
            if c == erase {
                if buf.pop().is_some() {
                    // Every typed character shows as one cell.
                    self.rt.scr.waddch(win, b'\x08'.into());
                }
            } else if c == kill {
                buf.clear();
                self.rt.scr.wmove(win, oy, ox);
            } else if buf.is_empty() && c == b'-' && win != Win::STD {
                break c;
            } else if buf.is_empty() && c == b'~' {
                let home = self.opts.home.as_bytes().to_vec();
                buf.extend_from_slice(&home);
                self.rt.scr.waddstr(win, &home);
            } else if buf.len() >= MAXINP || !printable(c) {
                self.rt.scr.print_raw(&[ctrl(b'G')]);
            } else {
                buf.push(c);
                self.rt.scr.waddch(win, c.into());
            }
            self.rt.scr.wclrtoeol(win);
            self.rt.scr.wrefresh(win);
        };
        if !buf.is_empty() {
            strucpy(opt, &buf);
        }
        let mut shown = cstr(opt).to_vec();
        shown.push(b'\n');
        self.rt.scr.wmove(win, oy, ox);
        self.rt.scr.waddstr(win, &shown);
        self.rt.scr.wrefresh(win);
        if win == Win::STD {
            self.cmd.mpos += buf.len() as i32;
        }
        Ok(match c {
            b'-' => MINUS,
            ESCAPE => QUIT,
            _ => NORM,
        })
    }

    /// `get_inv_t`: choose an inventory style.
    fn get_inv_t(&mut self, ip: &mut i32, win: Win) -> Flow<i32> {
        let (oy, ox) = self.rt.scr.getyx(win);
        self.rt.scr.waddstr(win, inv_t_name(*ip).as_bytes());
        loop {
            self.rt.scr.wmove(win, oy, ox);
            self.rt.scr.wrefresh(win);
            self.ask(PromptKind::Choice, KeySet::of(b"oOsScC\n\r\x1b-"));
            match self.readchar()? {
                b'o' | b'O' => {
                    *ip = INV_OVER;
                    break;
                }
                b's' | b'S' => {
                    *ip = INV_SLOW;
                    break;
                }
                b'c' | b'C' => {
                    *ip = INV_CLEAR;
                    break;
                }
                b'\n' | b'\r' => break,
                ESCAPE => return Ok(QUIT),
                b'-' => return Ok(MINUS),
                _ => {
                    self.rt.scr.wmove(win, oy, ox + 15);
                    self.rt.scr.waddstr(win, b"(O, S, or C)");
                }
            }
        }
        let text = format!("{}\n", inv_t_name(*ip));
        self.rt.scr.wmove(win, oy, ox);
        self.rt.scr.waddstr(win, text.as_bytes());
        Ok(NORM)
    }

    // DEVIATION: an empty string value at the very end makes the C read into the next environment variable; the port takes it as empty; test: deviations::empty_option_value_at_the_end_reads_nothing_more
    /// `parse_opts`: options from a string such as `ROGUEOPTS`: booleans
    /// as `name` or `noname`, strings as `name=value`, separated by commas.
    /// As in the C, a name matches any option it is a prefix of (even an
    /// empty one: a leading comma sets `terse`).
    ///
    /// Where a string option's value is empty at the very end
    /// of the text, the C reads on past the string's end (into the next
    /// environment variable, which then becomes the value); the port takes
    /// the empty value (and, for `inven`, no style).
    pub fn parse_opts(&mut self, s: &[u8]) {
        let s = cstr(s);
        let at = |i: usize| s.get(i).copied().unwrap_or(0);
        let mut str_i = 0usize;
        while at(str_i) != 0 {
            let mut sp = str_i;
            while at(sp).is_ascii_alphabetic() {
                sp += 1;
            }
            let len = sp - str_i;
            let eqstr = |from: usize, name: &[u8], n: usize| -> bool {
                // strncmp(a, b, n) == 0 with both as C strings.
                for k in 0..n {
                    let a = at(from + k);
                    let b = name.get(k).copied().unwrap_or(0);
                    if a != b {
                        return false;
                    }
                    if a == 0 {
                        return true;
                    }
                }
                true
            };
            for op in &OPTLIST {
                if eqstr(str_i, op.name.as_bytes(), len) {
                    match op.kind {
                        Kind::Bool | Kind::SeeFloor => *self.bool_opt(op.opt) = true,
                        Kind::InvType | Kind::Str => {
                            // Skip to the start of the value.
                            str_i = sp + 1;
                            while at(str_i) == b'=' {
                                str_i += 1;
                            }
                            let mut start_home = false;
                            if at(str_i) == b'~' {
                                start_home = true;
                                str_i += 1;
                                while at(str_i) == b'/' {
                                    str_i += 1;
                                }
                            }
                            // Skip to the end of the value.
                            sp = (str_i + 1).min(s.len());
                            while at(sp) != 0 && at(sp) != b',' {
                                sp += 1;
                            }
                            let value_end = sp.max(str_i).min(s.len());
                            let value = &s[str_i.min(s.len())..value_end];
                            if op.kind == Kind::InvType {
                                let mut v = value.to_vec();
                                if let Some(c) = v.first_mut() {
                                    c.make_ascii_uppercase();
                                }
                                for (k, name) in INV_T_NAME.iter().enumerate() {
                                    // strncmp over the value's length.
                                    let n = sp - str_i.min(sp);
                                    let nb = name.as_bytes();
                                    let same = (0..n).all(|j| {
                                        let a = v.get(j).copied().unwrap_or(0);
                                        let b = nb.get(j).copied().unwrap_or(0);
                                        a == b
                                    }) && str_i < s.len();
                                    if same {
                                        self.opts.inv_type = k as i32;
                                        break;
                                    }
                                }
                            } else {
                                let mut buf = *self.str_opt(op.opt);
                                let start = if start_home {
                                    let home = *self.opts.home;
                                    let mut tmp = crate::game::cbuf::CBuf::<MAXSTR>(buf);
                                    tmp.strcpy(home.as_bytes());
                                    buf = tmp.0;
                                    home.as_bytes().len()
                                } else {
                                    0
                                };
                                strucpy(&mut buf[start..], value);
                                *self.str_opt(op.opt) = buf;
                            }
                        }
                    }
                    break;
                } else if matches!(op.kind, Kind::Bool | Kind::SeeFloor)
                    && eqstr(str_i, b"no", 2)
                    && len >= 2
                    && eqstr(str_i + 2, op.name.as_bytes(), len - 2)
                {
                    *self.bool_opt(op.opt) = false;
                    break;
                }
            }
            // Skip to the start of the next option name.
            while at(sp) != 0 && !at(sp).is_ascii_alphabetic() {
                sp += 1;
            }
            str_i = sp;
        }
    }
}

/// `inv_t_name[]`, for any value a save file may hold.
pub fn inv_t_name(i: i32) -> &'static str {
    INV_T_NAME.get(i as usize).copied().unwrap_or("")
}
