//! rip.c: the ends of a game: death and the tombstone, quitting, winning,
//! and the score list.

use crate::game::cfmt::cat;
use crate::game::consts::*;
use crate::game::data::MONSTERS;
use crate::game::misc::vowelstr;
use crate::game::score::{LockFailure, NUMSCORES, ScoreEntry, rd_score, wr_score};
use crate::game::{Flow, Game};

/// The tombstone, each line ending in a newline.
const RIP: [&str; 13] = [
    "                       __________\n",
    "                      /          \\\n",
    "                     /    REST    \\\n",
    "                    /      IN      \\\n",
    "                   /     PEACE      \\\n",
    "                  /                  \\\n",
    "                  |                  |\n",
    "                  |                  |\n",
    "                  |   killed by a    |\n",
    "                  |                  |\n",
    "                  |       1980       |\n",
    "                 *|     *  *  *      | *\n",
    "         ________)/\\\\_//(\\/(/\\)/\\//\\/|_)_______\n",
];

/// How an entry of the list ended.
const REASON: [&str; 4] = ["killed", "quit", "A total winner", "killed with Amulet"];

/// What a random death of `rogue -d` is by (' ' gives Wally).
const POSS: [u8; 32] = *b"ABCDEFGHIJKLMNOPQRSTUVWXYZabhds ";

/// `center`: the column that centers a text on the tombstone.
pub fn center(s: &[u8]) -> i32 {
    28 - ((s.len() as i32 + 1) / 2)
}

impl Game {
    /// `killname`: the name of a cause of death, with "a"/"an" when
    /// `doart` (and the cause takes one). Written into `prbuf`.
    pub fn killname(&mut self, monst: u8, doart: bool) -> Vec<u8> {
        let (sp, article) = if monst.is_ascii_uppercase() {
            (MONSTERS[usize::from(monst - b'A')].name, true)
        } else {
            match monst {
                b'a' => ("arrow", true),
                b'b' => ("bolt", true),
                b'd' => ("dart", true),
                b'h' => ("hypothermia", false),
                b's' => ("starvation", false),
                _ => ("Wally the Wonder Badger", false),
            }
        };
        if doart && article {
            self.opts.prbuf.sprintf(format!("a{} ", vowelstr(sp.as_bytes())).as_bytes());
        } else {
            self.opts.prbuf.0[0] = 0;
        }
        self.opts.prbuf.strcat(sp.as_bytes());
        self.opts.prbuf.as_bytes().to_vec()
    }

    /// `death_monst`: a random cause of death.
    pub fn death_monst(&mut self) -> u8 {
        POSS[self.rng.rnd(POSS.len() as i32) as usize]
    }

    /// `death(monst)`: the purse loses a tenth, the tombstone (or one line)
    /// is shown, the score posted, and a return awaited.
    pub fn death(&mut self, monst: u8) -> Flow {
        self.hero.purse -= self.hero.purse / 10;
        self.rt.scr.clear();
        let killer = self.killname(monst, false);
        let lines = self.rt.scr.lines();
        if !self.opts.tombstone {
            self.rt.scr.mvaddstr(lines - 2, 0, b"Killed by ");
            let killer = self.killname(monst, false);
            if monst != b's' && monst != b'h' {
                self.rt.scr.addstr(format!("a{} ", vowelstr(&killer)).as_bytes());
            }
            self.rt.scr.addstr(&cat!(killer, format!(" with {} gold", self.hero.purse)));
        } else {
            let date = self.rt.host.time();
            let year = self.rt.host.year_of(date);
            self.rt.scr.move_to(8, 0);
            for line in RIP {
                self.rt.scr.addstr(line.as_bytes());
            }
            self.rt.scr.mvaddstr(17, center(&killer), &killer);
            if monst == b's' || monst == b'h' {
                self.rt.scr.mvaddch(16, 32, b' '.into());
            } else {
                self.rt.scr.mvaddstr(16, 33, vowelstr(&killer).as_bytes());
            }
            let who = self.opts.whoami.as_bytes().to_vec();
            self.rt.scr.mvaddstr(14, center(&who), &who);
            let gold = format!("{} Au", self.hero.purse);
            self.opts.prbuf.sprintf(gold.as_bytes());
            self.rt.scr.move_to(15, center(gold.as_bytes()));
            self.rt.scr.addstr(gold.as_bytes());
            let y = format!("{year:4}");
            self.opts.prbuf.sprintf(y.as_bytes());
            self.rt.scr.mvaddstr(18, 26, y.as_bytes());
        }
        self.rt.scr.move_to(lines - 1, 0);
        self.rt.scr.refresh();
        let flags = if self.dungeon.amulet { 3 } else { 0 };
        self.score(self.hero.purse, flags, monst)?;
        self.rt.scr.print_raw(b"[Press return to continue]");
        let line = self.rt.scr.read_line(10)?;
        if !line.is_empty() {
            self.opts.prbuf.sprintf(&line);
        }
        Ok(())
    }

    /// The end of `quit()` after a `y`: the gold line, then the score.
    pub fn quit_ending(&mut self) -> Flow {
        self.rt.scr.clear();
        let lines = self.rt.scr.lines();
        let text = format!("You quit with {} gold pieces", self.hero.purse);
        self.rt.scr.mvaddstr(lines - 2, 0, text.as_bytes());
        self.rt.scr.move_to(lines - 1, 0);
        self.rt.scr.refresh();
        self.score(self.hero.purse, 1, 0)
    }

    /// `total_winner`: out of the dungeon with the Amulet: the banner, the
    /// worth of everything in the pack, then the score.
    pub fn total_winner(&mut self) -> Flow {
        self.rt.scr.clear();
        self.rt.scr.standout();
        for line in [
            "                                                               \n",
            "  @   @               @   @           @          @@@  @     @  \n",
            "  @   @               @@ @@           @           @   @     @  \n",
            "  @   @  @@@  @   @   @ @ @  @@@   @@@@  @@@      @  @@@    @  \n",
            "   @@@@ @   @ @   @   @   @     @ @   @ @   @     @   @     @  \n",
            "      @ @   @ @   @   @   @  @@@@ @   @ @@@@@     @   @     @  \n",
            "  @   @ @   @ @  @@   @   @ @   @ @   @ @         @   @  @     \n",
            "   @@@   @@@   @@ @   @   @  @@@@  @@@@  @@@     @@@   @@   @  \n",
            "                                                               \n",
            "     Congratulations, you have made it to the light of day!    \n",
        ] {
            self.rt.scr.addstr(line.as_bytes());
        }
        self.rt.scr.standend();
        self.rt.scr.addstr(b"\nYou have joined the elite ranks of those who have escaped the\n");
        self.rt.scr.addstr(b"Dungeons of Doom alive.  You journey home and sell all your loot at\n");
        self.rt.scr.addstr(b"a great profit and are admitted to the Fighters' Guild.\n");
        let lines = self.rt.scr.lines();
        self.rt.scr.mvaddstr(lines - 1, 0, b"--Press space to continue--");
        self.rt.scr.refresh();
        if let Err(e) = self.wait_for(b' ') {
            self.end_read_cut(e)?;
        }
        self.rt.scr.clear();
        self.rt.scr.mvaddstr(0, 0, b"   Worth  Item\n");
        let oldpurse = self.hero.purse;
        self.rt.log.gold = Some(oldpurse);
        let mut worth = 0;
        for obj in self.hero.player.t_pack.clone() {
            let o = self.dungeon.objs[obj].clone();
            let w = o.o_which as usize;
            match o.glyph() {
                FOOD => worth = 2 * o.o_count,
                WEAPON => {
                    worth = self.known.weap_info.get(w).map_or(0, |i| i.oi_worth);
                    worth *= 3 * (o.o_hplus + o.o_dplus) + o.o_count;
                    self.dungeon.objs[obj].o_flags |= ISKNOW;
                }
                ARMOR => {
                    worth = self.known.arm_info.get(w).map_or(0, |i| i.oi_worth);
                    worth += (9 - o.o_arm) * 100;
                    worth += 10 * (self.known.a_class.get(w).copied().unwrap_or(0) - o.o_arm);
                    self.dungeon.objs[obj].o_flags |= ISKNOW;
                }
                SCROLL => {
                    let op = &mut self.known_mut().scr_info[w.min(MAXSCROLLS - 1)];
                    worth = op.oi_worth * o.o_count;
                    if !op.oi_know {
                        worth /= 2;
                    }
                    op.oi_know = true;
                }
                POTION => {
                    let op = &mut self.known_mut().pot_info[w.min(MAXPOTIONS - 1)];
                    worth = op.oi_worth * o.o_count;
                    if !op.oi_know {
                        worth /= 2;
                    }
                    op.oi_know = true;
                }
                RING => {
                    let op = &mut self.known_mut().ring_info[w.min(MAXRINGS - 1)];
                    worth = op.oi_worth;
                    if matches!(o.o_which, R_ADDSTR | R_ADDDAM | R_PROTECT | R_ADDHIT) {
                        if o.o_arm > 0 {
                            worth += o.o_arm * 100;
                        } else {
                            worth = 10;
                        }
                    }
                    if o.o_flags & ISKNOW == 0 {
                        worth /= 2;
                    }
                    op.oi_know = true;
                    self.dungeon.objs[obj].o_flags |= ISKNOW;
                }
                STICK => {
                    let op = &mut self.known_mut().ws_info[w.min(MAXSTICKS - 1)];
                    worth = op.oi_worth + 20 * o.o_arm;
                    if o.o_flags & ISKNOW == 0 {
                        worth /= 2;
                    }
                    op.oi_know = true;
                    self.dungeon.objs[obj].o_flags |= ISKNOW;
                }
                AMULET => worth = 1000,
                // Anything else keeps the last worth, as in the C.
                _ => {}
            }
            if worth < 0 {
                worth = 0;
            }
            let name = self.inv_name(obj, false)?;
            let line = cat!([o.o_packch], format!(") {worth:5}  "), name, b"\n");
            self.rt.scr.addstr(&line);
            self.hero.purse += worth;
        }
        self.rt.scr.addstr(format!("   {oldpurse:5}  Gold Pieces          ").as_bytes());
        self.rt.scr.refresh();
        self.score(self.hero.purse, 2, b' ')
    }

    /// `score`: after a game (or for `rogue -s`, `flags` -1), read the list
    /// of the best, put this game in its place, print the list, and write
    /// it back when it changed.
    pub fn score(&mut self, amount: i32, flags: i32, monst: u8) -> Flow {
        if flags >= 0 || (self.cfg.master && self.cmd.wizard != 0) {
            let lines = self.rt.scr.lines();
            self.rt.scr.mvaddstr(lines - 1, 0, b"[Press return to continue]");
            self.rt.scr.refresh();
            // A decided game's read that is cut short (its input ended,
            // a hangup) is not read again: the game is recorded all the
            // same, and ends as the cut says once it is.
            if self.rt.end_cut.is_none() {
                match self.wgetnstr(80) {
                    Ok(typed) => self.opts.prbuf.sprintf(&typed),
                    Err(e) if flags >= 0 => self.end_read_cut(e)?,
                    Err(e) => return Err(e),
                }
            }
            self.rt.scr.endwin();
            self.rt.scr.print_raw(b"\n");
        }
        // The list starts out as noise (what a fresh file leaves).
        let mut top: [ScoreEntry; NUMSCORES] = Default::default();
        for e in top.iter_mut() {
            e.score = 0;
            for b in e.name.iter_mut() {
                *b = self.rng.rnd(255) as u8;
            }
            e.flags = self.rng.rn() as u32;
            e.level = self.rng.rn();
            e.monster = self.rng.rn() as u16;
            e.uid = self.rng.rn() as u32;
        }
        let mut prflags = 0;
        if self.cfg.master && self.cmd.wizard != 0 {
            if self.opts.prbuf.as_bytes() == b"names" {
                prflags = 1;
            } else if self.opts.prbuf.as_bytes() == b"edit" {
                prflags = 2;
            }
        }
        // The file is read (and written) under the lock, so that games
        // ending together all get their scores in; the original reads it
        // before locking and may lose one.
        let post = self.cmd.noscore == 0 && self.rt.scoreboard.0.is_some();
        let lock = if post { Some(self.lock_sc()) } else { None };
        let locked = lock == Some(Ok(()));
        // The log of games gets its line under the same lock, before the
        // score file is read (a damaged score file does not cost it).
        if flags >= 0 && self.cmd.noscore == 0 {
            self.write_log(amount, flags, monst);
        }
        if let Some(Err(why)) = lock {
            // The original asks whether to wait longer; the port has
            // waited a minute already (or was told to end) and says what
            // became of the score.
            let name = String::from_utf8_lossy(&self.cfg.lock_path).into_owned();
            let why = match why {
                LockFailure::Busy => "the score file stayed locked",
                LockFailure::Signal => "a signal came while waiting for the score file's lock",
            };
            self.eprint(&format!("rogue: {name}: {why}; this game's score was not recorded.\n"));
        }
        let read = self.read_score_file().and_then(|bytes| rd_score(&bytes, &mut top));
        if let Err(e) = read {
            if locked {
                self.unlock_sc();
            }
            // One line, the file untouched, a failing status.
            let name = String::from_utf8_lossy(&self.cfg.score_path).into_owned();
            let lost = if post && amount > 0 { " and this game's score was not recorded" } else { "" };
            self.eprint(&format!("rogue: {name}: {e}; the file was left unchanged{lost}.\n"));
            return Err(crate::game::ending::Ending::Exit(1));
        }
        // Put her in the list if she belongs there.
        let mut sc2: Option<usize> = None;
        if self.cmd.noscore == 0 {
            let uid = self.rt.host.getuid();
            if let Some(scp) = top.iter().position(|e| amount > e.score) {
                // ALLSCORES: no limit of one entry per player.
                for i in (scp + 1..NUMSCORES).rev() {
                    top[i] = top[i - 1].clone();
                }
                let e = &mut top[scp];
                e.score = amount;
                e.name = [0; MAXSTR];
                let who = self.opts.whoami.as_bytes();
                e.name[..who.len()].copy_from_slice(who);
                e.flags = flags as u32;
                e.level = if flags == 2 { self.dungeon.max_level } else { self.dungeon.level };
                e.monster = u16::from(monst);
                e.uid = uid;
                sc2 = Some(scp);
            }
        }
        // Print the list.
        if flags != -1 {
            self.rt.scr.print_raw(b"\n");
        }
        self.rt.scr.print_raw(b"Top Ten Scores:\n");
        self.rt.scr.print_raw(b"   Score Name\n");
        let mut i = 0;
        while i < NUMSCORES {
            let e = top[i].clone();
            if e.score == 0 {
                break;
            }
            let reason = REASON.get(e.flags as usize).copied().unwrap_or("");
            let mut line =
                cat!(format!("{:2} {:5} ", i + 1, e.score), e.name_str(), format!(": {reason} on level {}", e.level));
            if e.flags == 0 || e.flags == 3 {
                let k = self.killname(e.monster as u8, true);
                line.extend_from_slice(b" by ");
                line.extend_from_slice(&k);
            }
            if prflags == 1 {
                line.extend_from_slice(format!(" ({})", e.uid).as_bytes());
            } else if prflags == 2 {
                self.rt.scr.print_raw(&line);
                line.clear();
                let answer = self.rt.scr.read_line(10)?;
                // fgets gives NULL at the end of the file and leaves
                // prbuf as it was.
                if !answer.is_empty() {
                    self.opts.prbuf.sprintf(&answer);
                }
                if self.opts.prbuf.0[0] == b'd' {
                    top[i..].rotate_left(1);
                    let last = &mut top[NUMSCORES - 1];
                    last.score = 0;
                    for b in last.name.iter_mut() {
                        *b = self.rng.rnd(255) as u8;
                    }
                    last.flags = self.rng.rn() as u32;
                    last.level = self.rng.rn();
                    last.monster = self.rng.rn() as u16;
                    sc2 = Some(NUMSCORES - 1);
                    continue;
                }
            } else {
                line.push(b'.');
            }
            line.push(b'\n');
            self.rt.scr.print_raw(&line);
            i += 1;
        }
        // Update the file.
        if sc2.is_some() && locked {
            let bytes = wr_score(&top);
            if let Err(e) = self.write_score_file(&bytes) {
                let name = String::from_utf8_lossy(&self.cfg.score_path).into_owned();
                self.eprint(&format!("rogue: {name}: {}\n", crate::host::os_error_text(&e)));
            }
        }
        if locked {
            self.unlock_sc();
        }
        match self.rt.end_cut {
            Some(cut) => Err(cut),
            None => Ok(()),
        }
    }

    /// A read of a decided game's end (the winner's `--Press space to
    /// continue--`, score()'s `[Press return to continue]`) failed: when
    /// its input is gone (end of input, a hangup or SIGTERM, a closed
    /// terminal, a bot's pipe closed) the game is recorded all the same
    /// (score() posts it and writes its log line, once) and then ends as
    /// the cut says; anything else ends the game as before.
    // DEVIATION: the C posts the score and the log line only after the read under the tombstone is answered, so a player who hangs up or whose input ends there loses the game from both; here it is recorded whatever happens to input; test: end_of_input::a_decided_game_is_recorded_when_input_ends_at_the_tombstone
    pub fn end_read_cut(&mut self, e: crate::game::ending::Ending) -> Flow {
        self.cut_read(e)
    }

    /// The killing blow's message (a `--More--` before it, or its own) was
    /// cut short by input going away: the hero is dead all the same, and
    /// the death is shown and recorded without reading (not saved).
    // DEVIATION: the C's hangup handler saves a hero killed at the blow's --More--, a save its restore refuses; here the death is recorded; test: end_of_input::a_hangup_at_the_killing_blow_records_the_death
    pub fn died_after<T>(&mut self, shown: Flow, monst: u8) -> Flow<T> {
        if let Err(e) = shown {
            self.cut_read(e)?;
        }
        Err(crate::game::ending::Ending::Died(monst))
    }

    fn cut_read(&mut self, e: crate::game::ending::Ending) -> Flow {
        use crate::game::ending::Ending;
        match e {
            Ending::EndOfKeys | Ending::Hangup | Ending::Signal(_) => {
                self.rt.end_cut = Some(e);
                Ok(())
            }
            other => Err(other),
        }
    }

    /// The one place a game ends: what the ending calls for on the screen
    /// and in the files, then the exit status.
    pub fn end_game(&mut self, ending: crate::game::ending::Ending) -> crate::game::ending::Exit {
        use crate::game::ending::{Ending, Exit};
        if ending != Ending::Paused {
            self.outcome = Some(ending);
        }
        let shown = match ending {
            Ending::Died(m) => self.death(m),
            Ending::Quit => self.quit_ending(),
            Ending::Won => self.total_winner(),
            Ending::Saved => return Exit::Status(0),
            Ending::Hangup => {
                self.auto_save();
                return Exit::Status(0);
            }
            Ending::EndOfKeys => return Exit::EndOfInput,
            Ending::Paused => return Exit::Paused,
            Ending::Exit(s) => return Exit::Status(s),
            Ending::Signal(s) => return self.on_signal(s),
        };
        self.after_the_end(shown)
    }

    /// How the program ends once a game's end has been shown (or was cut
    /// short: nothing is saved after the game is over).
    pub fn after_the_end(&mut self, shown: crate::game::ending::Flow) -> crate::game::ending::Exit {
        use crate::game::ending::{Ending, Exit};
        match shown {
            Ok(()) => Exit::Status(0),
            // The end itself was cut short: out of keys, a signal at the
            // last line read, or a hangup while the list waited for a
            // return (nothing is left to save).
            Err(Ending::EndOfKeys) => Exit::EndOfInput,
            Err(Ending::Exit(s)) => Exit::Status(s),
            Err(Ending::Signal(s)) => self.on_signal(s),
            Err(_) => Exit::Status(0),
        }
    }

    /// A signal raised at a line read. Every such read comes after
    /// score() has given SIGINT back its default action, so ^C kills the
    /// process; SIGQUIT kills it once `setup()` has given it its default
    /// action, and before that calls `exit(3)` (md_onsignal_exit).
    fn on_signal(&mut self, sig: i32) -> crate::game::ending::Exit {
        use crate::game::ending::Exit;
        match sig {
            2 => Exit::Killed(2),
            // abort() in the wizard build.
            6 => Exit::Killed(6),
            s if self.rt.signals_default => Exit::Killed(s),
            s => Exit::Status(s),
        }
    }
}
