//! main.c: starting a game, its main loop, quitting, and the one place a
//! game ends (`end_game`): the tombstone or the winner's list and the
//! score, the save file, or the terminal given back.

use crate::consts::*;
use crate::curses::{Mode, Win};
use crate::daemon::AFTER;
use crate::ending::{Ending, Flow};
use crate::game::Game;
use crate::thing::DaemonFn;

impl Game {
    /// `setup()` (mach_dep.c): the terminal modes of a game.
    pub fn setup(&mut self) {
        self.scr.set_mode(Mode::Raw);
        self.scr.set_mode(Mode::NoEcho);
        self.scr.set_mode(Mode::Keypad(true));
        self.got_ltc = true;
    }

    /// The new-game part of `main()` after the lore: the first level and
    /// the daemons, then `playit()`.
    pub fn start_new_game(&mut self) -> Flow {
        self.new_level()?;
        // Start up the daemons and fuses.
        self.start_daemon(DaemonFn::Runners, 0, AFTER);
        self.start_daemon(DaemonFn::Doctor, 0, AFTER);
        let t = self.rng.spread(70);
        self.fuse(DaemonFn::Swander, 0, t, AFTER);
        self.start_daemon(DaemonFn::Stomach, 0, AFTER);
        self.playit()
    }

    /// `playit`: the main loop: the options of slow terminals and of
    /// ROGUEOPTS, then commands until the game ends.
    pub fn playit(&mut self) -> Flow {
        if self.scr.baudrate() <= 1200 {
            self.terse = true;
            self.jump = true;
            self.see_floor = false;
        }
        if self.scr.has_clreol() {
            self.inv_type = INV_CLEAR;
        }
        if let Some(opts) = self.host.getenv("ROGUEOPTS") {
            self.parse_opts(&opts);
        }
        self.oldpos = self.hero();
        let hero = self.hero();
        self.oldrp = self.roomin(hero)?;
        while self.playing {
            self.command()?;
        }
        // `endit(0)`: "Okay, bye bye!" (the C never gets here: `playing`
        // is never cleared).
        Err(Ending::Exit(0))
    }

    /// `quit`: make sure the player means it, then end the game.
    pub fn quit(&mut self) -> Flow {
        if !self.q_comm {
            self.mpos = 0;
        }
        let (oy, ox) = self.scr.getyx(Win::CUR);
        self.msg("really quit?")?;
        if self.readchar()? == b'y' {
            return Err(Ending::Quit);
        }
        self.scr.move_to(0, 0);
        self.scr.clrtoeol();
        self.status()?;
        self.scr.move_to(oy, ox);
        self.scr.refresh();
        self.mpos = 0;
        self.count = 0;
        self.to_death = false;
        Ok(())
    }

    /// `shell`: the `!` command. The game's screen is given back around a
    /// shell the host runs.
    pub fn shell(&mut self) -> Flow {
        let lines = self.scr.lines();
        self.scr.move_to(lines - 1, 0);
        self.scr.refresh();
        self.scr.endwin();
        self.scr.print_raw(b"\n");
        self.in_shell = true;
        self.after = false;
        self.host.shell_escape();
        self.scr.print_raw(b"\n[Press return to continue]");
        self.scr.set_mode(Mode::NoEcho);
        self.scr.set_mode(Mode::Raw);
        self.scr.set_mode(Mode::Keypad(true));
        self.in_shell = false;
        self.wait_for(b'\n')?;
        self.scr.clearok(Win::STD, true);
        Ok(())
    }
}
