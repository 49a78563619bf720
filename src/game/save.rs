//! save.c: the save command, saving on a hangup, and restoring a saved
//! game. The file's format is state.c's (src/state.rs, src/savefile.rs).

use crate::curses::model::{KeySet, PromptKind};
use crate::curses::{Mode, Win};
use crate::game::Game;
use crate::game::cfmt::cat;
use crate::game::consts::*;
use crate::game::ending::{Ending, Flow};
use crate::game::options::QUIT;
use crate::game::savefile::{SaveError, SaveReader, read_header};
use crate::game::state::rs_restore_file;
use crate::host::os_error_text;

impl Game {
    /// `save_game`: the `S` command: which file, then save and exit.
    pub fn save_game(&mut self) -> Flow {
        if self.cfg.server {
            return self.server_save();
        }
        self.cmd.mpos = 0;
        'over: loop {
            let mut buf = [0u8; MAXSTR];
            let mut gotfile = false;
            if self.opts.file_name.0[0] != 0 {
                let c = loop {
                    let t = cat!(b"save file (", self.opts.file_name.as_bytes(), b")? ");
                    self.msg(t)?;
                    self.ask(PromptKind::YesNo, KeySet::of(b"yYnN\x1b"));
                    let c = self.readchar()?;
                    self.cmd.mpos = 0;
                    if c == ESCAPE {
                        self.msg("")?;
                        return Ok(());
                    } else if matches!(c, b'n' | b'N' | b'y' | b'Y') {
                        break c;
                    } else {
                        self.msg("please answer Y or N")?;
                    }
                };
                if c == b'y' || c == b'Y' {
                    self.rt.scr.addstr(b"Yes\n");
                    self.rt.scr.refresh();
                    let n = self.opts.file_name.strlen();
                    buf[..n].copy_from_slice(&self.opts.file_name.0[..n]);
                    gotfile = true;
                }
            }
            loop {
                if !gotfile {
                    self.cmd.mpos = 0;
                    self.msg("file name: ")?;
                    buf[0] = 0;
                    if self.get_str(&mut buf, Win::STD)? == QUIT {
                        self.msg("")?;
                        return Ok(());
                    }
                    self.cmd.mpos = 0;
                }
                gotfile = false;
                let name = buf[..buf.iter().position(|&b| b == 0).unwrap_or(MAXSTR)].to_vec();
                // Does the file exist?
                if self.rt.host.stat(&name).is_ok() {
                    loop {
                        self.msg("File exists.  Do you wish to overwrite it?")?;
                        self.cmd.mpos = 0;
                        self.ask(PromptKind::YesNo, KeySet::of(b"yYnN\x1b"));
                        let c = self.readchar()?;
                        if c == ESCAPE {
                            self.msg("")?;
                            return Ok(());
                        }
                        if c == b'y' || c == b'Y' {
                            break;
                        } else if c == b'n' || c == b'N' {
                            continue 'over;
                        } else {
                            self.msg("Please answer Y or N")?;
                        }
                    }
                    self.msg(cat!(b"file name: ", name))?;
                    // The C unlinks the old save file name here, not the
                    // file about to be overwritten (kept as it is).
                    let old = self.opts.file_name.as_bytes().to_vec();
                    let _ = self.rt.host.unlink(&old);
                }
                std::sync::Arc::make_mut(&mut self.opts.file_name).strcpy(&name);
                match self.rt.host.create(&name) {
                    Ok(f) => return self.save_file(f),
                    Err(e) => {
                        let t = os_error_text(&e);
                        self.msg(t)?;
                    }
                }
            }
        }
    }

    /// `save_file`: leave curses, write the game, and exit.
    pub(crate) fn save_file(&mut self, mut f: std::fs::File) -> Flow {
        let (lines, cols) = (self.rt.scr.lines(), self.rt.scr.cols());
        self.rt.scr.mvcur(0, cols - 1, lines - 1, 0);
        self.rt.scr.print_raw(b"\n");
        self.rt.scr.endwin();
        let name = self.opts.file_name.as_bytes().to_vec();
        let _ = self.rt.host.chmod(&name, 0o400);
        let bytes = self.save_bytes();
        // DEVIATION: the C ignores a failed write of the save file; the port says so and exits with status 1; test: save::a_failed_write_of_the_save_file_exits_1
        if let Err(e) = std::io::Write::write_all(&mut f, &bytes) {
            // The disk is full or gone: say so; the game is lost as it is
            // in the original, but not silently.
            self.eprint(&format!("rogue: could not write {}: {}\n", String::from_utf8_lossy(&name), os_error_text(&e)));
            return Err(Ending::Exit(1));
        }
        Err(Ending::Saved)
    }

    /// The whole save file of the game as it is now.
    pub fn save_bytes(&self) -> Vec<u8> {
        crate::game::savefile::save_file_bytes(self)
    }

    // DEVIATION: the C removes the save file before it reads it and plays on garbage; the port checks the whole file first and keeps a bad one; test: deviations::a_damaged_save_is_refused_and_kept, state_roundtrip::damaged_files_are_errors_not_panics
    /// `restore(file)`: restore a saved game and play it. Comes back only
    /// when the file could not be restored, after saying why.
    ///
    /// The whole file is read and checked before anything is
    /// deleted, so a truncated or corrupt file is refused and left as it
    /// was (the original deletes it first and plays on with whatever it
    /// read); a linked file is refused before, not after, its name is
    /// removed.
    pub fn restore(&mut self, file: &[u8]) -> Flow {
        let file: Vec<u8> = if file == b"-r" { self.opts.file_name.as_bytes().to_vec() } else { file.to_vec() };
        let shown = String::from_utf8_lossy(&file).into_owned();
        let bytes = match self.read_save(&file) {
            Ok(b) => b,
            Err(e) => {
                // perror(file)
                self.eprint(&format!("{shown}: {}\n", os_error_text(&e)));
                return Ok(());
            }
        };
        self.rt.obs.restoring(&file, &bytes);
        let st = self.rt.host.stat(&file).ok();
        let mut r = SaveReader::new(&bytes);
        let header = match read_header(&mut r) {
            Ok(h) => h,
            Err(SaveError::OutOfDate) => {
                self.rt.scr.print_raw(b"Sorry, saved game is out of date.\n");
                return Ok(());
            }
            Err(e) => {
                self.rt.scr.print_raw(format!("Sorry, {shown}: {e}.\n").as_bytes());
                return Ok(());
            }
        };
        self.rt.scr.initscr();
        self.rt.scr.set_mode(Mode::Keypad(true));
        let (lines, cols) = (self.rt.scr.lines(), self.rt.scr.cols());
        if header.lines > lines {
            self.rt.scr.endwin();
            let t = format!(
                "Sorry, original game was played on a screen with {} lines.\nCurrent screen only has {lines} lines. Unable to restore game\n",
                header.lines
            );
            self.rt.scr.print_raw(t.as_bytes());
            return Ok(());
        }
        if header.cols > cols {
            self.rt.scr.endwin();
            let t = format!(
                "Sorry, original game was played on a screen with {} columns.\nCurrent screen only has {cols} columns. Unable to restore game\n",
                header.cols
            );
            self.rt.scr.print_raw(t.as_bytes());
            return Ok(());
        }
        self.make_hw();
        self.setup();
        if let Err(e) = rs_restore_file(self, &mut r) {
            self.rt.scr.endwin();
            self.rt.scr.print_raw(format!("Sorry, {shown} is not a game this program can restore: {e}.\n").as_bytes());
            return Ok(());
        }
        if r.remaining() != 0 {
            self.rt.scr.endwin();
            self.rt.scr.print_raw(format!("Sorry, {shown} has bytes after the saved game.\n").as_bytes());
            return Ok(());
        }
        // Defeat restarting from the same place more than once.
        let linked = st.is_none_or(|s| s.nlink != 1 || s.not_regular);
        if !(self.cfg.master && self.cmd.wizard != 0) {
            if linked {
                self.rt.scr.endwin();
                self.rt.scr.print_raw(b"\nCannot restore from a linked file\n");
                return Ok(());
            }
            if self.rt.host.unlink(&file).is_err() {
                self.rt.scr.print_raw(b"Cannot unlink file\n");
                return Ok(());
            }
        }
        self.cmd.mpos = 0;
        self.rt.scr.clearok(Win::STD, true);
        if self.hero.player.t_stats.s_hpt <= 0 {
            self.rt.scr.endwin();
            self.rt.scr.print_raw(b"\n\"He's dead, Jim\"\n");
            return Ok(());
        }
        std::sync::Arc::make_mut(&mut self.opts.file_name).strcpy(&file);
        self.rt.scr.clearok(Win::CUR, true);
        self.msg(cat!(b"file name: ", file))?;
        self.playit()
    }

    /// A save file's bytes, read whole (a file far larger than any save is
    /// refused, not read).
    fn read_save(&mut self, file: &[u8]) -> std::io::Result<Vec<u8>> {
        use std::io::Read;
        let f = self.rt.host.open_read(file)?;
        if f.metadata()?.len() > MAX_SAVE {
            return Err(std::io::Error::other("too large to be a saved game"));
        }
        let mut bytes = Vec::new();
        f.take(MAX_SAVE + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_SAVE {
            return Err(std::io::Error::other("too large to be a saved game"));
        }
        Ok(bytes)
    }

    /// `auto_save`: on a hangup, save to the save file without asking (the
    /// game is at a key wait, so its state is whole).
    pub fn auto_save(&mut self) {
        // A dead hero is never saved (a restore refuses it: "He's dead,
        // Jim"); a hangup at the killing blow's message records the death
        // instead (`died_after`).
        // DEVIATION: the C's auto_save writes a dead hero's save too; test: end_of_input::a_dead_hero_is_never_saved
        if self.opts.file_name.0[0] == 0 || self.hero.player.t_stats.s_hpt <= 0 {
            return;
        }
        let name = self.opts.file_name.as_bytes().to_vec();
        let f = match self.rt.host.create(&name) {
            Ok(f) => f,
            Err(_) => {
                let _ = self.rt.host.unlink(&name);
                match self.rt.host.create(&name) {
                    Ok(f) => f,
                    Err(_) => return,
                }
            }
        };
        let _ = self.save_file(f);
    }
}

/// The largest save file read: a real one is some tens of kilobytes.
const MAX_SAVE: u64 = 4 << 20;

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::game::ending::Ending;

    /// A save file that cannot be written (here: opened read-only, as a
    /// full disk refuses a write) is said so, and the game exits 1.
    #[test]
    fn a_failed_write_of_the_save_file_exits_1() {
        let mut g = Game::headless();
        let f = std::fs::File::open("/dev/null").expect("/dev/null");
        assert_eq!(g.save_file(f), Err(Ending::Exit(1)));
        let screen = g.rt.scr.terminal().expect("the model's terminal").clone();
        let text: Vec<String> = (0..screen.lines).map(|y| screen.row_text(y)).collect();
        assert!(text.iter().any(|r| r.starts_with("rogue: could not write")), "{text:#?}");
    }
}
