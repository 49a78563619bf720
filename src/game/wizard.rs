//! wizard.c: identifying things, teleporting, and the wizard's commands
//! (wizard mode exists only in the original's MASTER build).

use crate::curses::Win;
use crate::game::cfmt::cat;
use crate::game::consts::*;
use crate::game::misc::InfoTable;
use crate::game::thing::ObjId;
use crate::game::{Flow, Game};

/// `type_name`: what a kind of thing is called.
pub fn type_name(kind: i32) -> &'static str {
    match kind {
        k if k == i32::from(POTION) => "potion",
        k if k == i32::from(SCROLL) => "scroll",
        k if k == i32::from(FOOD) => "food",
        R_OR_S => "ring, wand or staff",
        k if k == i32::from(RING) => "ring",
        k if k == i32::from(STICK) => "wand or staff",
        k if k == i32::from(WEAPON) => "weapon",
        k if k == i32::from(ARMOR) => "suit of armor",
        _ => "",
    }
}

impl Game {
    /// `whatis`: identify a thing of the pack (of a kind, and insisting
    /// on one, for the identify scrolls).
    pub fn whatis(&mut self, insist: bool, kind: i32) -> Flow {
        if self.hero.player.t_pack.is_empty() {
            self.msg("you don't have anything in your pack to identify")?;
            return Ok(());
        }
        let obj = loop {
            let obj = self.get_item(b"identify", kind)?;
            if !insist {
                break obj;
            }
            if self.cmd.n_objs == 0 {
                return Ok(());
            }
            match obj {
                None => {
                    self.msg("you must identify something")?;
                }
                Some(o) => {
                    let ot = self.dungeon.objs[o].o_type;
                    if kind != 0 && ot != kind && !(kind == R_OR_S && (ot == i32::from(RING) || ot == i32::from(STICK)))
                    {
                        self.msg(format!("you must identify a {}", type_name(kind)))?;
                    } else {
                        break obj;
                    }
                }
            }
        };
        let Some(obj) = obj else { return Ok(()) };
        match self.dungeon.objs[obj].glyph() {
            SCROLL => self.set_know(obj, InfoTable::Scroll),
            POTION => self.set_know(obj, InfoTable::Potion),
            STICK => self.set_know(obj, InfoTable::Stick),
            WEAPON | ARMOR => self.dungeon.objs[obj].o_flags |= ISKNOW,
            RING => self.set_know(obj, InfoTable::Ring),
            _ => {}
        }
        let name = self.inv_name(obj, false)?;
        self.msg(crate::game::cfmt::as_format(&name))?;
        Ok(())
    }

    /// `set_know`: the player now knows what this kind of thing is.
    pub fn set_know(&mut self, obj: ObjId, t: InfoTable) {
        let which = self.dungeon.objs[obj].o_which as usize;
        self.dungeon.objs[obj].o_flags |= ISKNOW;
        if let Some(info) = self.info_table(t).get_mut(which) {
            info.oi_know = true;
            info.oi_guess = None;
        }
    }

    /// `teleport`: bamf the hero someplace else.
    pub fn teleport(&mut self) -> Flow {
        let hero = self.hero();
        let fa = self.floor_at();
        self.rt.scr.mvaddch(hero.y, hero.x, fa.into());
        // Nowhere to go (a damaged save): she stays where she is.
        let c = self.find_free_spot().unwrap_or(hero);
        self.statics.teleport_pos = c;
        if self.roomin(c)? != self.proom() {
            self.leave_room(hero)?;
            self.hero.player.t_pos = c;
            self.enter_room(c)?;
        } else {
            self.hero.player.t_pos = c;
            self.look(true)?;
        }
        let hero = self.hero();
        self.rt.scr.mvaddch(hero.y, hero.x, PLAYER.into());
        // A flytrap lets go of a teleported hero.
        if self.hero.player.on(ISHELD) {
            self.hero.player.t_flags &= !ISHELD;
            self.hero.vf_hit = 0;
            self.dungeon.monster_stats[usize::from(b'F' - b'A')].s_dmg.strcpy(b"000x0");
        }
        self.hero.no_move = 0;
        self.cmd.count = 0;
        self.cmd.running = false;
        self.rt.scr.flushinp();
        Ok(())
    }

    /// `create_obj` (wizard): make any object.
    pub fn create_obj(&mut self) -> Flow {
        let obj = self.new_object();
        self.msg("type of item: ")?;
        self.dungeon.objs[obj].o_type = i32::from(self.readchar()?);
        self.cmd.mpos = 0;
        let t = self.dungeon.objs[obj].o_type as u8;
        self.msg(cat!(b"which ", [t], b" do you want? (0-f)"))?;
        let ch = self.readchar()?;
        self.dungeon.objs[obj].o_which =
            if ch.is_ascii_digit() { i32::from(ch) - i32::from(b'0') } else { i32::from(ch) - i32::from(b'a') + 10 };
        self.dungeon.objs[obj].o_group = 0;
        self.dungeon.objs[obj].o_count = 1;
        self.cmd.mpos = 0;
        let (ot, which) = (self.dungeon.objs[obj].o_type, self.dungeon.objs[obj].o_which);
        // DEVIATION: the C names an object past its type's table from stray memory or dies; the port makes none; test: deviations::wizard_object_of_a_kind_past_its_table_is_not_made
        // The C takes any answer (`0`-`9`, then `a` is 10 and
        // on) and indexes its tables with it; past a table's end it names
        // the object from whatever memory follows, or dies of a signal. The
        // port makes no object of a kind its type does not have (after the
        // blessing question of a weapon or armour, which the C asks first).
        let no_such_kind = kinds_of(t).is_some_and(|n| !(0..n as i32).contains(&which));
        if no_such_kind && ot != i32::from(WEAPON) && ot != i32::from(ARMOR) {
            self.discard_object(obj);
            return Ok(());
        }
        if ot == i32::from(WEAPON) || ot == i32::from(ARMOR) {
            self.msg("blessing? (+,-,n)")?;
            let bless = self.readchar()?;
            self.cmd.mpos = 0;
            if no_such_kind {
                self.discard_object(obj);
                return Ok(());
            }
            if bless == b'-' {
                self.dungeon.objs[obj].o_flags |= ISCURSED;
            }
            if ot == i32::from(WEAPON) {
                if (0..MAXWEAPONS as i32).contains(&which) {
                    self.init_weapon(obj, which);
                }
                if bless == b'-' {
                    let n = self.rng.rnd(3) + 1;
                    self.dungeon.objs[obj].o_hplus -= n;
                }
                if bless == b'+' {
                    let n = self.rng.rnd(3) + 1;
                    self.dungeon.objs[obj].o_hplus += n;
                }
            } else {
                self.dungeon.objs[obj].o_arm = self.known.a_class.get(which as usize).copied().unwrap_or(0);
                if bless == b'-' {
                    let n = self.rng.rnd(3) + 1;
                    self.dungeon.objs[obj].o_arm += n;
                }
                if bless == b'+' {
                    let n = self.rng.rnd(3) + 1;
                    self.dungeon.objs[obj].o_arm -= n;
                }
            }
        } else if ot == i32::from(RING) {
            match which {
                R_PROTECT | R_ADDSTR | R_ADDHIT | R_ADDDAM => {
                    self.msg("blessing? (+,-,n)")?;
                    let bless = self.readchar()?;
                    self.cmd.mpos = 0;
                    if bless == b'-' {
                        self.dungeon.objs[obj].o_flags |= ISCURSED;
                    }
                    self.dungeon.objs[obj].o_arm = if bless == b'-' { -1 } else { self.rng.rnd(2) + 1 };
                }
                R_AGGR | R_TELEPORT => self.dungeon.objs[obj].o_flags |= ISCURSED,
                _ => {}
            }
        } else if ot == i32::from(STICK) {
            if (0..MAXSTICKS as i32).contains(&which) {
                self.fix_stick(obj);
            }
        } else if ot == i32::from(GOLD) {
            self.msg("how much?")?;
            let mut buf = [0u8; MAXSTR];
            if self.get_str(&mut buf, Win::STD)? == crate::game::options::NORM {
                let n = crate::game::fight::atoi(&buf[..buf.iter().position(|&b| b == 0).unwrap_or(MAXSTR)]);
                // get_num stores a short into the int's low half (the
                // high half stays zero, as calloc left it).
                self.dungeon.objs[obj].o_arm = i32::from(n as u16);
            }
        }
        self.add_pack(Some(obj), false)
    }

    /// `passwd` (wizard): does the player know the password?
    pub fn passwd(&mut self) -> Flow<bool> {
        self.msg("wizard's Password:")?;
        self.cmd.mpos = 0;
        let mut buf: Vec<u8> = Vec::new();
        let (kill, erase) = (self.rt.scr.killchar(), self.rt.scr.erasechar());
        loop {
            self.rt.scr.line_prompt(true);
            let c = self.readchar();
            self.rt.scr.line_prompt(false);
            let c = c?;
            if c == b'\n' || c == b'\r' || c == ESCAPE {
                break;
            }
            if c == kill {
                buf.clear();
            } else if c == erase && !buf.is_empty() {
                buf.pop();
            } else {
                buf.push(c);
            }
        }
        if buf.is_empty() {
            return Ok(false);
        }
        Ok(crate::game::xcrypt::crypt(&buf, b"mT").as_deref() == Some(crate::game::xcrypt::PASSWD.as_bytes()))
    }

    /// `show_map` (wizard): the whole level, hidden things in standout.
    pub fn show_map(&mut self) -> Flow {
        let hw = self.rt.hw;
        self.rt.scr.wclear(hw);
        for y in 1..NUMLINES - 1 {
            for x in 0..NUMCOLS {
                let real = self.flat(y, x);
                if real & F_REAL == 0 {
                    self.rt.scr.wstandout(hw);
                }
                self.rt.scr.wmove(hw, y, x);
                let c = self.chat(y, x);
                self.rt.scr.waddch(hw, c.into());
                // Standout ends only on a spot with no flags at all.
                if real == 0 {
                    self.rt.scr.wstandend(hw);
                }
            }
        }
        self.show_win(b"---More (level map)---")
    }
}

/// How many kinds an object type has (the length of its table), for the
/// types that index one by their kind.
fn kinds_of(t: u8) -> Option<usize> {
    match t {
        POTION => Some(MAXPOTIONS),
        SCROLL => Some(MAXSCROLLS),
        RING => Some(MAXRINGS),
        STICK => Some(MAXSTICKS),
        WEAPON => Some(MAXWEAPONS),
        ARMOR => Some(MAXARMORS),
        _ => None,
    }
}
