//! main.c: starting a game, its main loop, quitting, and the one place a
//! game ends (`end_game`): the tombstone or the winner's list and the
//! score, the save file, or the terminal given back.

use crate::curses::model::{KeySet, PromptKind};
use crate::curses::{Curses, Mode, Win};
use crate::game::Game;
use crate::game::consts::*;
use crate::game::daemon::AFTER;
use crate::game::ending::{Ending, Flow};
use crate::game::thing::DaemonFn;

impl Game {
    /// `setup()` (mach_dep.c): the terminal modes of a game.
    pub fn setup(&mut self) {
        self.rt.scr.set_mode(Mode::Raw);
        self.rt.scr.set_mode(Mode::NoEcho);
        self.rt.echo = false;
        self.rt.scr.set_mode(Mode::Keypad(true));
        self.cmd.got_ltc = true;
        self.rt.signals_default = true;
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
        if self.rt.scr.baudrate() <= 1200 {
            self.opts.terse = true;
            self.opts.jump = true;
            self.opts.see_floor = false;
        }
        if self.rt.scr.has_clreol() {
            self.opts.inv_type = INV_CLEAR;
        }
        if let Some(opts) = self.rt.host.getenv("ROGUEOPTS") {
            self.parse_opts(&opts);
        }
        self.server_fix();
        self.dungeon.oldpos = self.hero();
        let hero = self.hero();
        self.dungeon.oldrp = self.roomin(hero)?;
        while self.cmd.playing {
            self.command()?;
        }
        // `endit(0)`: "Okay, bye bye!" (the C never gets here: `playing`
        // is never cleared).
        Err(Ending::Exit(0))
    }

    /// Go on with a game stopped at the wait for a turn's command
    /// ([`crate::game::ending::Ending::Paused`], or a copy of such a game): the
    /// wait first, then `playit`'s loop, to the game's end or next pause.
    pub fn resume(&mut self) -> crate::game::ending::Exit {
        let run = |g: &mut Game| -> Flow {
            g.command_turns(true)?;
            while g.cmd.playing {
                g.command()?;
            }
            Err(Ending::Exit(0))
        };
        match run(self) {
            Ok(()) => crate::game::ending::Exit::Status(0),
            Err(e) => self.end_game(e),
        }
    }

    /// `quit`: make sure the player means it, then end the game.
    pub fn quit(&mut self) -> Flow {
        if !self.cmd.q_comm {
            self.cmd.mpos = 0;
        }
        let (oy, ox) = self.rt.scr.getyx(Win::CUR);
        self.msg("really quit?")?;
        self.ask(PromptKind::YesNo, KeySet::of(b"yn\x1b"));
        if self.readchar()? == b'y' {
            return Err(Ending::Quit);
        }
        self.rt.scr.move_to(0, 0);
        self.rt.scr.clrtoeol();
        self.status()?;
        self.rt.scr.move_to(oy, ox);
        self.rt.scr.refresh();
        self.cmd.mpos = 0;
        self.cmd.count = 0;
        self.cmd.to_death = false;
        Ok(())
    }

    /// `shell`: the `!` command. The game's screen is given back around a
    /// shell the host runs.
    pub fn shell(&mut self) -> Flow {
        let lines = self.rt.scr.lines();
        self.rt.scr.move_to(lines - 1, 0);
        self.rt.scr.refresh();
        self.rt.scr.endwin();
        self.rt.scr.print_raw(b"\n");
        self.cmd.in_shell = true;
        self.cmd.after = false;
        self.rt.host.shell_escape();
        self.rt.scr.print_raw(b"\n[Press return to continue]");
        self.rt.scr.set_mode(Mode::NoEcho);
        self.rt.scr.set_mode(Mode::Raw);
        self.rt.scr.set_mode(Mode::Keypad(true));
        self.cmd.in_shell = false;
        self.wait_for(b'\n')?;
        self.rt.scr.clearok(Win::STD, true);
        Ok(())
    }
}

impl Game {
    /// `main()`: the whole program for its arguments (without the program
    /// name): a new game, a restore, `-s` or `-d`. Returns how it ended.
    pub fn rogue_main(&mut self, args: &[Vec<u8>]) -> crate::game::ending::Exit {
        use crate::game::ending::Exit;
        let mut args: Vec<Vec<u8>> = args.to_vec();
        // MASTER: an empty first argument asks for the wizard's password
        // before anything else.
        if self.cfg.master && args.first().is_some_and(|a| a.is_empty()) {
            // glibc's getpass gives NULL when it cannot read: no password.
            let typed = self.rt.scr.getpass(b"wizard's password: ").unwrap_or_default();
            if crate::game::xcrypt::crypt(&typed, b"mT").as_deref() == Some(crate::game::xcrypt::PASSWD.as_bytes()) {
                self.cmd.wizard = 1;
                self.hero.player.t_flags |= SEEMONST;
                args.remove(0);
            }
        }
        // Home and options from the environment.
        let home = self.rt.host.home_dir();
        self.opts.home = std::sync::Arc::new(crate::game::cbuf::CBuf::strncpy(&home));
        let mut file_name = self.opts.home.as_bytes().to_vec();
        file_name.extend_from_slice(b"rogue.save");
        if let Some(p) = &self.cfg.save_path {
            file_name = p.clone();
        }
        std::sync::Arc::make_mut(&mut self.opts.file_name).strcpy(&file_name);
        let env = self.rt.host.getenv("ROGUEOPTS");
        if let Some(opts) = &env {
            self.parse_opts(opts);
        }
        if env.is_none() || self.opts.whoami.0[0] == 0 {
            let user = self.rt.host.username();
            crate::game::options::strucpy(&mut std::sync::Arc::make_mut(&mut self.opts.whoami).0, &user);
        }
        self.server_fix();
        self.rt.log.start = self.rt.host.time();
        let lowtime = self.rt.log.start as i32;
        self.dungeon.dnum = if self.cfg.master && self.cmd.wizard != 0 && self.rt.host.getenv("SEED").is_some() {
            crate::game::fight::atoi(&self.rt.host.getenv("SEED").unwrap_or_default())
        } else if let Some(n) = self.cfg.fixed_dnum {
            n
        } else {
            lowtime.wrapping_add(self.rt.host.getpid())
        };
        self.rng.set_seed(self.dungeon.dnum);
        if args.len() == 1 && args[0] == b"-s" {
            self.open_score_to_list();
        } else {
            self.open_score();
        }
        // Drop setgid/setuid right after opening the score file.
        if let Err(e) = self.rt.host.normaluser() {
            self.eprint(&format!("{e}\n"));
            return Exit::Status(1);
        }
        if args.len() == 1 {
            if args[0] == b"-s" {
                self.cmd.noscore = 1;
                return match self.score(0, -1, 0) {
                    Ok(()) => Exit::Status(0),
                    Err(e) => self.end_game(e),
                };
            } else if args[0] == b"-d" {
                return self.death_demo();
            }
        }
        if args.len() == 1 {
            // restore() comes back only when it failed.
            return match self.restore(&args[0]) {
                Ok(()) => Exit::Status(1),
                Err(e) => self.end_game(e),
            };
        }
        let hello = if self.cfg.master && self.cmd.wizard != 0 {
            format!("Hello {}, welcome to dungeon #{}", self.opts.whoami.as_str_lossy(), self.dungeon.dnum)
        } else {
            format!("Hello {}, just a moment while I dig the dungeon...", self.opts.whoami.as_str_lossy())
        };
        self.rt.scr.print_raw(hello.as_bytes());
        self.rt.scr.initscr();
        for (_, step) in crate::game::init::NEW_GAME_STEPS {
            step(self);
        }
        self.setup();
        // The screen must be at least NUMLINES x NUMCOLS.
        if self.rt.scr.lines() < NUMLINES || self.rt.scr.cols() < NUMCOLS {
            // DEVIATION: the C prints this, then calls endwin(), which on an alternate screen wipes it unseen; the port gives the terminal back first; test: terminal::terminal_too_small_is_refused_and_restored
            self.rt.scr.endwin();
            self.rt.scr.print_raw(format!("\nSorry, the screen must be at least {NUMLINES}x{NUMCOLS}\n").as_bytes());
            return Exit::Status(1);
        }
        self.make_hw();
        if self.cfg.master {
            self.cmd.noscore = self.cmd.wizard;
        }
        match self.start_new_game() {
            Ok(()) => Exit::Status(0),
            Err(e) => self.end_game(e),
        }
    }

    /// `hw = newwin(LINES, COLS, 0, 0)`.
    pub fn make_hw(&mut self) {
        if let Some(w) = Game::new_hw(&mut *self.rt.scr) {
            self.rt.hw = w;
        }
    }

    /// The window `make_hw` makes, on `scr`.
    pub(crate) fn new_hw(scr: &mut dyn Curses) -> Option<Win> {
        let (lines, cols) = (scr.lines(), scr.cols());
        scr.newwin(lines, cols, 0, 0)
    }

    /// `rogue -d`: a death by a random cause, with a random purse on a
    /// random level, which posts a real score.
    fn death_demo(&mut self) -> crate::game::ending::Exit {
        // Throw away some draws to break patterns: rnd(100) of them, less
        // one. A count of 0 makes the C's `while (--dnum)` go round 2^32 - 1
        // times: the generator's period is 2^32, so that leaves the seed
        // where it was before the count was drawn.
        self.rt.log.demo_seed = Some(self.dungeon.dnum);
        let before = self.rng.seed();
        let n = self.rng.rnd(100);
        if n == 0 {
            self.rng.set_seed(before);
        } else {
            for _ in 1..n {
                self.rng.rnd(100);
            }
        }
        self.dungeon.dnum = 0;
        self.hero.purse = self.rng.rnd(100) + 1;
        self.dungeon.level = self.rng.rnd(100) + 1;
        self.rt.scr.initscr();
        self.cmd.got_ltc = true;
        let m = self.death_monst();
        // A hangup at its prompts has no game to save.
        let shown = self.death(m);
        self.after_the_end(shown)
    }
}
