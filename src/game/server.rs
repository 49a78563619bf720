//! The server switch (`--server`, or a build with `ROGUE_SERVER`): what a
//! public server's players, who all run as one account, must not be able
//! to do to each other's files. The save goes only to the save file the
//! server gave (`--save-file`): no "file name:" question, no `file`
//! option, ROGUEOPTS' `file=` ignored; the player's name is the one the
//! game started with (the server's ROGUEOPTS `name=`): no `name` option,
//! and a restored game takes it back; `!` starts no shell (it is an
//! illegal command, and no turn goes by). No path typed in the game is
//! ever opened. Without the switch none of this applies and the game is
//! 5.4.4's.

use crate::curses::model::{KeySet, PromptKind};
use crate::game::Game;
use crate::game::cfmt::cat;
use crate::game::consts::ESCAPE;
use crate::game::ending::Flow;
use crate::host::os_error_text;

/// Built with `ROGUE_SERVER` set (to anything but empty or `0`): the
/// switch is on for every game, with or without `--server`. (Read by the
/// command line, which the headless library leaves out.)
#[cfg_attr(not(feature = "ncurses"), allow(dead_code))]
pub const BUILT_FOR_SERVERS: bool = match option_env!("ROGUE_SERVER") {
    None => false,
    Some(v) => !(v.is_empty() || (v.len() == 1 && v.as_bytes()[0] == b'0')),
};

// DEVIATION: the C asks for any file name at `S`, offers `name` and `file` on the options screen and runs a shell at `!`; with the server switch none of that is offered; test: serving::the_server_switch_on_the_model
impl Game {
    /// After ROGUEOPTS is read (at start, and again by `playit`, after a
    /// restore has put back the saved game's strings): the save file and
    /// the name are the server's again. The first call fixes the name.
    pub fn server_fix(&mut self) {
        if !self.cfg.server {
            return;
        }
        let save = self.cfg.save_path.clone().unwrap_or_default();
        std::sync::Arc::make_mut(&mut self.opts.file_name).strcpy(&save);
        match &self.rt.fixed_name {
            Some(name) => {
                let name = name.clone();
                std::sync::Arc::make_mut(&mut self.opts.whoami).strcpy(&name);
            }
            None => self.rt.fixed_name = Some(self.opts.whoami.as_bytes().to_vec()),
        }
    }

    /// `S` on a server: save to the server's file, or not at all. The one
    /// question is the original's first ("save file (...)? "); `n` cancels
    /// rather than asking for another name.
    pub fn server_save(&mut self) -> Flow {
        self.cmd.mpos = 0;
        let Some(path) = self.cfg.save_path.clone() else {
            // No save file given: nowhere of the player's own to write.
            return self.msg("this server keeps no saved games").map(drop);
        };
        loop {
            self.msg(cat!(b"save file (", &path, b")? "))?;
            self.ask(PromptKind::YesNo, KeySet::of(b"yYnN\x1b"));
            let c = self.readchar()?;
            self.cmd.mpos = 0;
            match c {
                b'y' | b'Y' => break,
                ESCAPE | b'n' | b'N' => return self.msg("").map(drop),
                _ => {
                    self.msg("please answer Y or N")?;
                }
            }
        }
        self.rt.scr.addstr(b"Yes\n");
        self.rt.scr.refresh();
        match self.rt.host.create(&path) {
            Ok(f) => self.save_file(f),
            Err(e) => {
                let t = os_error_text(&e);
                self.msg(t).map(drop)
            }
        }
    }
}
