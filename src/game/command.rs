//! command.c: reading and carrying out the player's commands.

use crate::curses::Win;
use crate::curses::model::{KeySet, PromptKind};
use crate::game::cfmt::{as_format, unctrl};
use crate::game::consts::*;
use crate::game::daemon::{AFTER, BEFORE};
use crate::game::data::{MONSTERS, TR_NAME};
use crate::game::misc::InfoTable;
use crate::game::thing::ObjId;
use crate::game::{Flow, Game};

/// One entry of the help list (`struct h_list`).
struct Help {
    ch: u8,
    desc: &'static str,
    print: bool,
}

const fn h(ch: u8, desc: &'static str, print: bool) -> Help {
    Help { ch, desc, print }
}

/// `helpstr[]`.
const HELPSTR: [Help; 65] = [
    h(b'?', "\tprints help", true),
    h(b'/', "\tidentify object", true),
    h(b'h', "\tleft", true),
    h(b'j', "\tdown", true),
    h(b'k', "\tup", true),
    h(b'l', "\tright", true),
    h(b'y', "\tup & left", true),
    h(b'u', "\tup & right", true),
    h(b'b', "\tdown & left", true),
    h(b'n', "\tdown & right", true),
    h(b'H', "\trun left", false),
    h(b'J', "\trun down", false),
    h(b'K', "\trun up", false),
    h(b'L', "\trun right", false),
    h(b'Y', "\trun up & left", false),
    h(b'U', "\trun up & right", false),
    h(b'B', "\trun down & left", false),
    h(b'N', "\trun down & right", false),
    h(ctrl(b'H'), "\trun left until adjacent", false),
    h(ctrl(b'J'), "\trun down until adjacent", false),
    h(ctrl(b'K'), "\trun up until adjacent", false),
    h(ctrl(b'L'), "\trun right until adjacent", false),
    h(ctrl(b'Y'), "\trun up & left until adjacent", false),
    h(ctrl(b'U'), "\trun up & right until adjacent", false),
    h(ctrl(b'B'), "\trun down & left until adjacent", false),
    h(ctrl(b'N'), "\trun down & right until adjacent", false),
    h(0, "\t<SHIFT><dir>: run that way", true),
    h(0, "\t<CTRL><dir>: run till adjacent", true),
    h(b'f', "<dir>\tfight till death or near death", true),
    h(b't', "<dir>\tthrow something", true),
    h(b'm', "<dir>\tmove onto without picking up", true),
    h(b'z', "<dir>\tzap a wand in a direction", true),
    h(b'^', "<dir>\tidentify trap type", true),
    h(b's', "\tsearch for trap/secret door", true),
    h(b'>', "\tgo down a staircase", true),
    h(b'<', "\tgo up a staircase", true),
    h(b'.', "\trest for a turn", true),
    h(b',', "\tpick something up", true),
    h(b'i', "\tinventory", true),
    h(b'I', "\tinventory single item", true),
    h(b'q', "\tquaff potion", true),
    h(b'r', "\tread scroll", true),
    h(b'e', "\teat food", true),
    h(b'w', "\twield a weapon", true),
    h(b'W', "\twear armor", true),
    h(b'T', "\ttake armor off", true),
    h(b'P', "\tput on ring", true),
    h(b'R', "\tremove ring", true),
    h(b'd', "\tdrop object", true),
    h(b'c', "\tcall object", true),
    h(b'a', "\trepeat last command", true),
    h(b')', "\tprint current weapon", true),
    h(b']', "\tprint current armor", true),
    h(b'=', "\tprint current rings", true),
    h(b'@', "\tprint current stats", true),
    h(b'D', "\trecall what's been discovered", true),
    h(b'o', "\texamine/set options", true),
    h(ctrl(b'R'), "\tredraw screen", true),
    h(ctrl(b'P'), "\trepeat last message", true),
    h(ESCAPE, "\tcancel command", true),
    h(b'S', "\tsave game", true),
    h(b'Q', "\tquit", true),
    h(b'!', "\tshell escape", true),
    h(b'F', "<dir>\tfight till either of you dies", true),
    h(b'v', "\tprint version number", true),
];

/// `ident_list[]` of `identify()`.
const IDENT_LIST: [(u8, &str); 18] = [
    (b'|', "wall of a room"),
    (b'-', "wall of a room"),
    (GOLD, "gold"),
    (STAIRS, "a staircase"),
    (DOOR, "door"),
    (FLOOR, "room floor"),
    (PLAYER, "you"),
    (PASSAGE, "passage"),
    (TRAP, "trap"),
    (POTION, "potion"),
    (SCROLL, "scroll"),
    (FOOD, "food"),
    (WEAPON, "weapon"),
    (b' ', "solid rock"),
    (ARMOR, "armor"),
    (AMULET, "the Amulet of Yendor"),
    (RING, "ring"),
    (STICK, "wand or staff"),
];

/// Turns in a row with no key read and no time passing after which a
/// repeat is stopped (a real run, count or fight never needs more than a
/// couple: each refused step ends a run, each count step counts down).
const STUCK_TURNS: u32 = 1000;

/// How many passes `execute` makes over one command, which may turn into
/// another (a real game needs three at most).
const MAX_REWRITES: u32 = 4;

/// Commands a count repeats; with any other, the count is dropped.
fn repeatable(ch: u8) -> bool {
    matches!(
        ch,
        b'.' | b'a'
            | b'b'
            | b'h'
            | b'j'
            | b'k'
            | b'l'
            | b'm'
            | b'n'
            | b'q'
            | b'r'
            | b's'
            | b't'
            | b'u'
            | b'y'
            | b'z'
            | b'B'
            | b'C'
            | b'H'
            | b'I'
            | b'J'
            | b'K'
            | b'L'
            | b'N'
            | b'U'
            | b'Y'
    ) || [b'B', b'H', b'J', b'K', b'L', b'N', b'U', b'Y'].iter().any(|&c| ch == ctrl(c))
}

impl Game {
    /// `command`: one turn of the hero's (two when hasted): the daemons,
    /// a command read (or a run or count continued) and carried out, and
    /// the daemons after it.
    pub fn command(&mut self) -> Flow {
        // A hangup or terminate signal while the game plays on by itself
        // (a long rest, a frozen hero): the game is whole between turns,
        // so it is saved here, not only at the next key wait.
        if self.rt.scr.hangup_pending() {
            return Err(crate::game::ending::Ending::Hangup);
        }
        self.statics.cmd_ntimes = if self.hero.player.on(ISHASTE) { 2 } else { 1 };
        // Let the daemons start up.
        self.do_daemons(BEFORE)?;
        self.do_fuses(BEFORE)?;
        self.command_turns(false)
    }

    /// The turns of the command under way (`while (ntimes--)`), then the
    /// daemons after it. With `resume`, this game is a copy taken while it
    /// waited for a turn's command (see [`Game::resume`]): that read goes
    /// on first.
    pub fn command_turns(&mut self, resume: bool) -> Flow {
        let mut resume = resume;
        // Turns in a row that read no key and took no time.
        let mut idle = 0;
        loop {
            let (mut ch, typed) = if std::mem::take(&mut resume) {
                (self.read_command()?, true)
            } else {
                if self.statics.cmd_ntimes <= 0 {
                    break;
                }
                self.statics.cmd_ntimes -= 1;
                match self.turn_start()? {
                    Some(c) => (c, false),
                    None => (self.read_command()?, true),
                }
            };
            if self.hero.no_command != 0 {
                self.hero.no_command -= 1;
                if self.hero.no_command == 0 {
                    self.hero.player.t_flags |= ISRUN;
                    self.msg("you can move again")?;
                }
            } else {
                // A count first?
                self.statics.newcount = false;
                if ch.is_ascii_digit() {
                    self.cmd.count = 0;
                    self.statics.newcount = true;
                    while ch.is_ascii_digit() {
                        self.cmd.count = self.cmd.count * 10 + i32::from(ch - b'0');
                        if self.cmd.count > 255 {
                            self.cmd.count = 255;
                        }
                        let keys = self.command_keys();
                        self.ask(PromptKind::Command, keys);
                        ch = self.readchar()?;
                    }
                    self.statics.countch = ch;
                    // Commands it makes no sense to repeat lose the count.
                    let wizard_repeat = self.cfg.master && (ch == ctrl(b'D') || ch == ctrl(b'A'));
                    if !repeatable(ch) && !wizard_repeat {
                        self.cmd.count = 0;
                    }
                }
                // Carry the command out.
                if self.cmd.count != 0 && !self.cmd.running {
                    self.cmd.count -= 1;
                }
                if ch != b'a' && ch != ESCAPE && !(self.cmd.running || self.cmd.count != 0 || self.cmd.to_death) {
                    self.cmd.l_last_comm = self.cmd.last_comm;
                    self.cmd.l_last_dir = self.cmd.last_dir;
                    self.cmd.l_last_pick = self.cmd.last_pick;
                    self.cmd.last_comm = ch;
                    self.cmd.last_dir = 0;
                    self.cmd.last_pick = None;
                }
                self.execute(ch)?;
                // Turn off flags no longer needed.
                if !self.cmd.running {
                    self.cmd.door_stop = false;
                }
            }
            // She ran into something to take: pick it up.
            if self.cmd.take != 0 {
                let t = self.cmd.take;
                self.pick_up(t)?;
            }
            if !self.cmd.running {
                self.cmd.door_stop = false;
            }
            if !self.cmd.after {
                self.statics.cmd_ntimes += 1;
                idle = if typed { 0 } else { idle + 1 };
                if idle >= STUCK_TURNS {
                    // DEVIATION: 5.4.4 repeats a refused fight, run or count for ever with no key read; the port stops it and reads a command; test: no_hang::refused_fight_to_the_death_stops
                    // (A step refused without time passing: `a` after a
                    // cancelled command can aim `F` at a monster and step
                    // toward a wall, and a damaged save can start the same.)
                    idle = 0;
                    self.stop_repeating();
                }
            }
        }
        self.do_daemons(AFTER)?;
        self.do_fuses(AFTER)?;
        if self.is_ring(LEFT, R_SEARCH) {
            self.search()?;
        } else if self.is_ring(LEFT, R_TELEPORT) && self.rng.rnd(50) == 0 {
            self.teleport()?;
        }
        if self.is_ring(RIGHT, R_SEARCH) {
            self.search()?;
        } else if self.is_ring(RIGHT, R_TELEPORT) && self.rng.rnd(50) == 0 {
            self.teleport()?;
        }
        Ok(())
    }

    /// Stop whatever repeats a command without a key: a fight to the
    /// death, a run, a count.
    fn stop_repeating(&mut self) {
        self.cmd.to_death = false;
        self.cmd.kamikaze = false;
        self.cmd.running = false;
        self.cmd.count = 0;
    }

    /// A turn up to its command: the screen brought up to date, and the
    /// command itself when it needs no reading (a run or a count going on,
    /// or the hero unable to act).
    fn turn_start(&mut self) -> Flow<Option<u8>> {
        self.cmd.again = false;
        if self.cmd.has_hit {
            self.endmsg()?;
            self.cmd.has_hit = false;
        }
        // These are illegal for the hero to be: someone has been poking in
        // memory (the C exits).
        if self.hero.player.on(ISSLOW | ISGREED | ISINVIS | ISREGEN | ISTARGET) {
            return Err(crate::game::ending::Ending::Exit(1));
        }
        self.look(true)?;
        if !self.cmd.running {
            self.cmd.door_stop = false;
        }
        self.status()?;
        self.hero.lastscore = self.hero.purse;
        let hero = self.hero();
        self.rt.scr.move_to(hero.y, hero.x);
        if !((self.cmd.running || self.cmd.count != 0) && self.opts.jump) {
            // Draw the screen.
            self.rt.scr.refresh();
        }
        self.cmd.take = 0;
        self.cmd.after = true;
        if self.cfg.master && self.cmd.wizard != 0 {
            self.cmd.noscore = 1;
        }
        Ok(if self.hero.no_command == 0 {
            if self.cmd.running || self.cmd.to_death {
                Some(self.cmd.runch)
            } else if self.cmd.count != 0 {
                Some(self.statics.countch)
            } else {
                None
            }
        } else {
            Some(b'.')
        })
    }

    /// Read a turn's command: the one wait where the game holds nothing
    /// but its own state (a copy taken here can be played on).
    fn read_command(&mut self) -> Flow<u8> {
        let keys = self.command_keys();
        self.ask(PromptKind::Command, keys);
        self.rt.scr.command_wait(true);
        let c = self.readchar();
        self.rt.scr.command_wait(false);
        let c = c?;
        self.cmd.move_on = false;
        if self.cmd.mpos != 0 {
            // Erase the message if it is there.
            self.msg("")?;
        }
        Ok(c)
    }

    /// The command `switch` of `command()`; a command that turns into
    /// another (`goto over` in the C) loops.
    fn execute(&mut self, ch: u8) -> Flow {
        let mut ch = ch;
        // A command of a real game turns into another at most twice (`a`,
        // then `F`, `m` or a control run, then a move): the bound is above.
        let mut turns = 0;
        loop {
            turns += 1;
            if turns > MAX_REWRITES {
                // DEVIATION: 5.4.4 turns a saved `last_comm` of `a` (or a direction naming `m`) into itself for ever; the port drops the command; test: no_hang::self_repeating_command_is_dropped
                // (Only a damaged save holds one.)
                self.cmd.after = false;
                return Ok(());
            }
            match ch {
                b',' => {
                    let hero = self.hero();
                    let found = self.dungeon.lvl_obj.iter().copied().find(|&o| self.dungeon.objs[o].o_pos == hero);
                    match found {
                        Some(obj) => {
                            if !self.levit_check()? {
                                let t = self.dungeon.objs[obj].glyph();
                                self.pick_up(t)?;
                            }
                        }
                        None => {
                            if !self.opts.terse {
                                self.addmsg("there is ")?;
                            }
                            self.addmsg("nothing here")?;
                            if !self.opts.terse {
                                self.addmsg(" to pick up")?;
                            }
                            self.endmsg()?;
                        }
                    }
                }
                b'!' if self.cfg.server => {
                    // Illegal here, so it takes no turn, as every illegal
                    // command (the shell escape it stands for did).
                    self.cmd.after = false;
                    self.illcom(b'!')?;
                }
                b'!' => self.shell()?,
                b'h' => self.do_move(0, -1)?,
                b'j' => self.do_move(1, 0)?,
                b'k' => self.do_move(-1, 0)?,
                b'l' => self.do_move(0, 1)?,
                b'y' => self.do_move(-1, -1)?,
                b'u' => self.do_move(-1, 1)?,
                b'b' => self.do_move(1, -1)?,
                b'n' => self.do_move(1, 1)?,
                b'H' | b'J' | b'K' | b'L' | b'Y' | b'U' | b'B' | b'N' => self.do_run(ch.to_ascii_lowercase()),
                c if [b'H', b'J', b'K', b'L', b'Y', b'U', b'B', b'N'].iter().any(|&x| c == ctrl(x)) => {
                    if !self.hero.player.on(ISBLIND) {
                        self.cmd.door_stop = true;
                        self.cmd.firstmove = true;
                    }
                    if self.cmd.count != 0 && !self.statics.newcount {
                        ch = self.statics.direction;
                    } else {
                        ch += b'A' - ctrl(b'A');
                        self.statics.direction = ch;
                    }
                    continue;
                }
                b'F' | b'f' => {
                    if ch == b'F' {
                        self.cmd.kamikaze = true;
                    }
                    let keys = self.fight_dirs();
                    if !self.get_dir_for(keys)? {
                        self.cmd.after = false;
                        break;
                    }
                    let hero = self.hero();
                    self.cmd.delta.y += hero.y;
                    self.cmd.delta.x += hero.x;
                    let d = self.cmd.delta;
                    let mp = self.moat_safe(d.y, d.x);
                    let visible = mp.is_some_and(|m| self.see_monst(m) || self.hero.player.on(SEEMONST));
                    match mp {
                        Some(m) if visible => {
                            if self.diag_ok(hero, d) {
                                self.cmd.to_death = true;
                                self.statics.max_hit = 0;
                                self.dungeon.mons[m].t_flags |= ISTARGET;
                                self.cmd.runch = self.cmd.dir_ch;
                                ch = self.cmd.dir_ch;
                                continue;
                            }
                        }
                        _ => {
                            if !self.opts.terse {
                                self.addmsg("I see ")?;
                            }
                            self.msg("no monster there")?;
                            self.cmd.after = false;
                        }
                    }
                }
                b't' => {
                    if !self.get_dir_for(self.dir_keys_for(WEAPON, true))? {
                        self.cmd.after = false;
                    } else {
                        let d = self.cmd.delta;
                        self.missile(d.y, d.x)?;
                    }
                }
                b'a' => {
                    if self.cmd.last_comm == 0 {
                        self.msg("you haven't typed a command yet")?;
                        self.cmd.after = false;
                    } else {
                        ch = self.cmd.last_comm;
                        self.cmd.again = true;
                        continue;
                    }
                }
                b'q' => self.quaff()?,
                b'Q' => {
                    self.cmd.after = false;
                    self.cmd.q_comm = true;
                    self.quit()?;
                    self.cmd.q_comm = false;
                }
                b'i' => {
                    self.cmd.after = false;
                    self.inventory(|g| &g.hero.player.t_pack, 0)?;
                }
                b'I' => {
                    self.cmd.after = false;
                    self.picky_inven()?;
                }
                b'd' => self.drop()?,
                b'r' => self.read_scroll()?,
                b'e' => self.eat()?,
                b'w' => self.wield()?,
                b'W' => self.wear()?,
                b'T' => self.take_off()?,
                b'P' => self.ring_on()?,
                b'R' => self.ring_off()?,
                b'o' => {
                    self.option()?;
                    self.cmd.after = false;
                }
                b'c' => {
                    self.call()?;
                    self.cmd.after = false;
                }
                b'>' => {
                    self.cmd.after = false;
                    self.d_level()?;
                }
                b'<' => {
                    self.cmd.after = false;
                    self.u_level()?;
                }
                b'?' => {
                    self.cmd.after = false;
                    self.help()?;
                }
                b'/' => {
                    self.cmd.after = false;
                    self.identify()?;
                }
                b's' => self.search()?,
                b'z' => {
                    if self.get_dir_for(self.dir_keys_for(STICK, false))? {
                        self.do_zap()?;
                    } else {
                        self.cmd.after = false;
                    }
                }
                b'D' => {
                    self.cmd.after = false;
                    self.discovered()?;
                }
                c if c == ctrl(b'P') => {
                    self.cmd.after = false;
                    // The last message is the format string here.
                    let text = as_format(self.opts.huh.as_bytes());
                    self.msg(text)?;
                }
                c if c == ctrl(b'R') => {
                    self.cmd.after = false;
                    self.rt.scr.clearok(Win::CUR, true);
                    self.rt.scr.wrefresh(Win::CUR);
                }
                b'v' => {
                    self.cmd.after = false;
                    let t = format!("version {}. (mctesq was here)", self.opts.release);
                    self.msg(t)?;
                }
                b'S' => {
                    self.cmd.after = false;
                    self.save_game()?;
                }
                // Rest.
                b'.' => {}
                // The "legal" illegal command.
                b' ' => self.cmd.after = false,
                b'^' => {
                    self.cmd.after = false;
                    let keys = self.trap_dirs();
                    if self.get_dir_for(keys)? {
                        let hero = self.hero();
                        self.cmd.delta.y += hero.y;
                        self.cmd.delta.x += hero.x;
                        let d = self.cmd.delta;
                        if !self.opts.terse {
                            self.addmsg("You have found ")?;
                        }
                        if self.chat_safe(d.y, d.x) != TRAP {
                            self.msg("no trap there")?;
                        } else if self.hero.player.on(ISHALU) {
                            let t = TR_NAME[self.rng.rnd(NTRAPS) as usize];
                            self.msg(t)?;
                        } else {
                            let fp = self.flat(d.y, d.x);
                            self.msg(TR_NAME[usize::from(fp & F_TMASK)])?;
                            *self.flat_mut(d.y, d.x) |= F_SEEN;
                        }
                    }
                }
                b'+' if self.cfg.master => {
                    self.cmd.after = false;
                    if self.cmd.wizard != 0 {
                        self.cmd.wizard = 0;
                        self.turn_see(true);
                        self.msg("not wizard any more")?;
                    } else {
                        self.cmd.wizard = i32::from(self.passwd()?);
                        if self.cmd.wizard != 0 {
                            self.cmd.noscore = 1;
                            self.turn_see(false);
                            let t =
                                format!("you are suddenly as smart as Ken Arnold in dungeon #{}", self.dungeon.dnum);
                            self.msg(t)?;
                        } else {
                            self.msg("sorry")?;
                        }
                    }
                }
                ESCAPE => {
                    self.cmd.door_stop = false;
                    self.cmd.count = 0;
                    self.cmd.after = false;
                    self.cmd.again = false;
                }
                b'm' => {
                    self.cmd.move_on = true;
                    if !self.get_dir()? {
                        self.cmd.after = false;
                    } else {
                        ch = self.cmd.dir_ch;
                        self.statics.countch = self.cmd.dir_ch;
                        continue;
                    }
                }
                b')' => {
                    let w = self.hero.cur_weapon;
                    self.current(w, "wielding", None)?;
                }
                b']' => {
                    let a = self.hero.cur_armor;
                    self.current(a, "wearing", None)?;
                }
                b'=' => {
                    let (l, r) = (self.hero.cur_ring[LEFT], self.hero.cur_ring[RIGHT]);
                    self.current(l, "wearing", Some(if self.opts.terse { "(L)" } else { "on left hand" }))?;
                    self.current(r, "wearing", Some(if self.opts.terse { "(R)" } else { "on right hand" }))?;
                }
                b'@' => {
                    self.opts.stat_msg = true;
                    self.status()?;
                    self.opts.stat_msg = false;
                    self.cmd.after = false;
                }
                _ => {
                    self.cmd.after = false;
                    if self.cfg.master && self.cmd.wizard != 0 {
                        self.wizard_command(ch)?;
                    } else {
                        self.illcom(ch)?;
                    }
                }
            }
            break;
        }
        Ok(())
    }

    /// The wizard's commands (MASTER builds, in wizard mode).
    fn wizard_command(&mut self, ch: u8) -> Flow {
        match ch {
            b'|' => {
                let h = self.hero();
                self.msg(format!("@ {},{}", h.y, h.x))?;
            }
            b'C' => self.create_obj()?,
            b'$' => {
                let t = format!("inpack = {}", self.hero.inpack);
                self.msg(t)?;
            }
            c if c == ctrl(b'G') => {
                self.inventory(|g| &g.dungeon.lvl_obj, 0)?;
            }
            c if c == ctrl(b'W') => self.whatis(false, 0)?,
            c if c == ctrl(b'D') => {
                self.dungeon.level += 1;
                self.new_level()?;
            }
            c if c == ctrl(b'A') => {
                self.dungeon.level -= 1;
                self.new_level()?;
            }
            c if c == ctrl(b'F') => self.show_map()?,
            c if c == ctrl(b'T') => self.teleport()?,
            c if c == ctrl(b'E') => {
                let t = format!("food left: {}", self.hero.food_left);
                self.msg(t)?;
            }
            c if c == ctrl(b'C') => self.add_pass(),
            c if c == ctrl(b'X') => {
                let on = self.hero.player.on(SEEMONST);
                self.turn_see(on);
            }
            // CTRL('~') is 0x1e.
            0x1e => {
                if let Some(item) = self.get_item(b"charge", i32::from(STICK))? {
                    self.dungeon.objs[item].o_arm = 10000;
                }
            }
            c if c == ctrl(b'I') => {
                for _ in 0..9 {
                    self.raise_level()?;
                }
                // A two-handed sword (+1,+1).
                let obj = self.new_object();
                self.init_weapon(obj, TWOSWORD);
                self.dungeon.objs[obj].o_hplus = 1;
                self.dungeon.objs[obj].o_dplus = 1;
                self.add_pack(Some(obj), true)?;
                self.hero.cur_weapon = Some(obj);
                // And a suit of armor.
                let obj = self.new_object();
                {
                    let o = &mut self.dungeon.objs[obj];
                    o.o_type = i32::from(ARMOR);
                    o.o_which = PLATE_MAIL;
                    o.o_arm = -5;
                    o.o_flags |= ISKNOW;
                    o.o_count = 1;
                    o.o_group = 0;
                }
                self.hero.cur_armor = Some(obj);
                self.add_pack(Some(obj), true)?;
            }
            b'*' => self.pr_list()?,
            _ => self.illcom(ch)?,
        }
        Ok(())
    }

    /// `illcom`: an illegal command.
    pub fn illcom(&mut self, ch: u8) -> Flow {
        self.opts.save_msg = false;
        self.cmd.count = 0;
        self.msg(crate::game::cfmt::cat!(b"illegal command '", unctrl(ch), b"'"))?;
        self.opts.save_msg = true;
        Ok(())
    }

    /// `search`: the hero gropes about for hidden things.
    pub fn search(&mut self) -> Flow {
        let hero = self.hero();
        let mut probinc = if self.hero.player.on(ISHALU) { 3 } else { 0 };
        probinc += if self.hero.player.on(ISBLIND) { 2 } else { 0 };
        let mut found = false;
        for y in hero.y - 1..=hero.y + 1 {
            for x in hero.x - 1..=hero.x + 1 {
                if y == hero.y && x == hero.x {
                    continue;
                }
                let Some(i) = Game::try_index(y, x) else { continue };
                if self.dungeon.places[i].p_flags & F_REAL != 0 {
                    continue;
                }
                match self.dungeon.places[i].p_ch {
                    b'|' | b'-' => {
                        if self.rng.rnd(5 + probinc) != 0 {
                            continue;
                        }
                        self.dungeon.places[i].p_ch = DOOR;
                        self.msg("a secret door")?;
                    }
                    FLOOR => {
                        if self.rng.rnd(2 + probinc) != 0 {
                            continue;
                        }
                        self.dungeon.places[i].p_ch = TRAP;
                        if !self.opts.terse {
                            self.addmsg("you found ")?;
                        }
                        if self.hero.player.on(ISHALU) {
                            let t = TR_NAME[self.rng.rnd(NTRAPS) as usize];
                            self.msg(t)?;
                        } else {
                            let fp = self.dungeon.places[i].p_flags;
                            self.msg(TR_NAME[usize::from(fp & F_TMASK)])?;
                            self.dungeon.places[i].p_flags |= F_SEEN;
                        }
                    }
                    b' ' => {
                        if self.rng.rnd(3 + probinc) != 0 {
                            continue;
                        }
                        self.dungeon.places[i].p_ch = PASSAGE;
                    }
                    _ => continue,
                }
                // `foundone`.
                found = true;
                self.dungeon.places[i].p_flags |= F_REAL;
                self.cmd.count = 0;
                self.cmd.running = false;
            }
        }
        if found {
            self.look(false)?;
        }
        Ok(())
    }

    /// `help`: help for one character, or the whole list.
    pub fn help(&mut self) -> Flow {
        self.msg("character you want help for (* for all): ")?;
        let keys = HELPSTR.iter().filter(|h| h.ch != 0).fold(KeySet::of(b"*"), |k, h| k.with(h.ch));
        self.ask(PromptKind::Choice, keys);
        let helpch = self.readchar()?;
        self.cmd.mpos = 0;
        // Not a '*': the one entry, or an error.
        if helpch != b'*' {
            self.rt.scr.move_to(0, 0);
            for strp in &HELPSTR {
                if strp.ch == helpch {
                    self.opts.lower_msg = true;
                    self.msg(crate::game::cfmt::cat!(unctrl(strp.ch), strp.desc))?;
                    self.opts.lower_msg = false;
                    return Ok(());
                }
            }
            self.msg(crate::game::cfmt::cat!(b"unknown character '", unctrl(helpch), b"'"))?;
            return Ok(());
        }
        // Everything, then a wait before the command mode comes back.
        let mut numprint = HELPSTR.iter().filter(|h| h.print).count() as i32;
        if numprint & 1 != 0 {
            numprint += 1;
        }
        numprint /= 2;
        let (lines, cols) = (self.rt.scr.lines(), self.rt.scr.cols());
        if numprint > lines - 1 {
            numprint = lines - 1;
        }
        let hw = self.rt.hw;
        self.rt.scr.wclear(hw);
        let mut cnt = 0;
        for strp in HELPSTR.iter().filter(|h| h.print) {
            self.rt.scr.wmove(hw, cnt % numprint, if cnt >= numprint { cols / 2 } else { 0 });
            if strp.ch != 0 {
                self.rt.scr.waddstr(hw, &unctrl(strp.ch));
            }
            self.rt.scr.waddstr(hw, strp.desc.as_bytes());
            cnt += 1;
            if cnt >= numprint * 2 {
                break;
            }
        }
        self.rt.scr.wmove(hw, lines - 1, 0);
        self.rt.scr.waddstr(hw, b"--Press space to continue--");
        self.rt.scr.wrefresh(hw);
        self.wait_for(b' ')?;
        self.rt.scr.clearok(Win::STD, true);
        self.msg("")?;
        self.rt.scr.touchwin(Win::STD);
        self.rt.scr.wrefresh(Win::STD);
        Ok(())
    }

    /// `identify`: what a character on the screen stands for.
    pub fn identify(&mut self) -> Flow {
        self.msg("what do you want identified? ")?;
        let keys = IDENT_LIST.iter().fold(KeySet::of(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ\x1b"), |k, (c, _)| k.with(*c));
        self.ask(PromptKind::Choice, keys);
        let ch = self.readchar()?;
        self.cmd.mpos = 0;
        if ch == ESCAPE {
            self.msg("")?;
            return Ok(());
        }
        let s = if ch.is_ascii_uppercase() {
            MONSTERS[usize::from(ch - b'A')].name
        } else {
            IDENT_LIST.iter().find(|(c, _)| *c == ch).map_or("unknown character", |(_, d)| *d)
        };
        self.msg(crate::game::cfmt::cat!(b"'", unctrl(ch), b"': ", s))?;
        Ok(())
    }

    /// `d_level`: go down the stairs.
    pub fn d_level(&mut self) -> Flow {
        if self.levit_check()? {
            return Ok(());
        }
        let hero = self.hero();
        if self.chat(hero.y, hero.x) != STAIRS {
            self.msg("I see no way down")?;
        } else {
            self.next_level()?;
        }
        Ok(())
    }

    /// `u_level`: go up the stairs (only with the Amulet).
    pub fn u_level(&mut self) -> Flow {
        if self.levit_check()? {
            return Ok(());
        }
        let hero = self.hero();
        if self.chat(hero.y, hero.x) == STAIRS {
            if self.dungeon.amulet {
                self.dungeon.level -= 1;
                if self.dungeon.level == 0 {
                    return Err(crate::game::ending::Ending::Won);
                }
                self.new_level()?;
                self.msg("you feel a wrenching sensation in your gut")?;
            } else {
                self.msg("your way is magically blocked")?;
            }
        } else {
            self.msg("I see no way up")?;
        }
        Ok(())
    }

    /// `levit_check`: a levitating hero can't; says so.
    pub fn levit_check(&mut self) -> Flow<bool> {
        if !self.hero.player.on(ISLEVIT) {
            return Ok(false);
        }
        self.msg("You can't.  You're floating off the ground!")?;
        Ok(true)
    }

    /// `call`: name a kind of thing (or a weapon or armor itself).
    pub fn call(&mut self) -> Flow {
        let Some(obj) = self.get_item(b"call", CALLABLE)? else { return Ok(()) };
        let which = self.dungeon.objs[obj].o_which as usize;
        let table = match self.dungeon.objs[obj].glyph() {
            RING => Some((InfoTable::Ring, self.known.r_stones.get(which).copied().unwrap_or(""))),
            POTION => Some((InfoTable::Potion, self.known.p_colors.get(which).copied().unwrap_or(""))),
            SCROLL => Some((InfoTable::Scroll, "")),
            STICK => Some((InfoTable::Stick, self.known.ws_made.get(which).copied().unwrap_or(""))),
            FOOD => {
                self.msg("you can't call that anything")?;
                return Ok(());
            }
            _ => None,
        };
        // `elsewise`: what it is called now; `from_guess`: that is the
        // guess (or label) itself.
        let (elsewise, from_guess): (Option<Vec<u8>>, bool) = match table {
            Some((t, base)) => {
                let info = self.info_table(t).get(which).cloned().unwrap_or_default();
                if info.oi_know {
                    self.msg("that has already been identified")?;
                    return Ok(());
                }
                match info.oi_guess {
                    Some(g) => (Some(g.into_bytes()), true),
                    None if t == InfoTable::Scroll => {
                        (Some(self.known.s_names.get(which).cloned().unwrap_or_default().into_bytes()), false)
                    }
                    None => (Some(base.as_bytes().to_vec()), false),
                }
            }
            None => (self.dungeon.objs[obj].o_label.clone().map(String::into_bytes), true),
        };
        if from_guess && let Some(e) = &elsewise {
            if !self.opts.terse {
                self.addmsg("Was ")?;
            }
            self.msg(crate::game::cfmt::cat!(b"called \"", e, b"\""))?;
        }
        self.msg(if self.opts.terse { "call it: " } else { "what do you want to call it? " })?;
        self.opts.prbuf.sprintf(elsewise.as_deref().unwrap_or(b""));
        let mut buf = *self.opts.prbuf;
        let got = self.get_str(&mut buf.0, Win::STD)?;
        *self.opts.prbuf = buf;
        if got == crate::game::options::NORM {
            let name = String::from_utf8_lossy(self.opts.prbuf.as_bytes()).into_owned();
            match table {
                Some((t, _)) => {
                    if let Some(info) = self.info_table(t).get_mut(which) {
                        info.oi_guess = Some(name);
                    }
                }
                None => self.dungeon.objs[obj].o_label = Some(name),
            }
        }
        Ok(())
    }

    /// `current`: what the hero wields or wears.
    pub fn current(&mut self, cur: Option<ObjId>, how: &str, place: Option<&str>) -> Flow {
        self.cmd.after = false;
        match cur {
            Some(cur) => {
                if !self.opts.terse {
                    self.addmsg(format!("you are {how} ("))?;
                }
                self.opts.inv_describe = false;
                let ch = self.dungeon.objs[cur].o_packch;
                let name = self.inv_name(cur, true)?;
                self.addmsg(crate::game::cfmt::cat!([ch], b") ", name))?;
                self.opts.inv_describe = true;
                if let Some(w) = place {
                    self.addmsg(format!(" {w}"))?;
                }
                self.endmsg()?;
            }
            None => {
                if !self.opts.terse {
                    self.addmsg("you are ")?;
                }
                self.addmsg(format!("{how} nothing"))?;
                if let Some(w) = place {
                    self.addmsg(format!(" {w}"))?;
                }
                self.endmsg()?;
            }
        }
        Ok(())
    }
}
