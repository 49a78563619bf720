//! armor.c: putting armor on and taking it off.

use crate::game::cfmt::cat;
use crate::game::consts::*;
use crate::game::daemon::{AFTER, BEFORE};
use crate::game::{Flow, Game};

impl Game {
    /// `wear`: put on a suit of armor.
    pub fn wear(&mut self) -> Flow {
        let Some(obj) = self.get_item(b"wear", i32::from(ARMOR))? else { return Ok(()) };
        if self.hero.cur_armor.is_some() {
            self.addmsg("you are already wearing some")?;
            if !self.opts.terse {
                self.addmsg(".  You'll have to take it off first")?;
            }
            self.endmsg()?;
            self.cmd.after = false;
            return Ok(());
        }
        if self.dungeon.objs[obj].o_type != i32::from(ARMOR) {
            self.msg("you can't wear that")?;
            return Ok(());
        }
        self.waste_time()?;
        self.dungeon.objs[obj].o_flags |= ISKNOW;
        let sp = self.inv_name(obj, true)?;
        self.hero.cur_armor = Some(obj);
        if !self.opts.terse {
            self.addmsg("you are now ")?;
        }
        self.msg(cat!(b"wearing ", sp))?;
        Ok(())
    }

    /// `take_off`: take the armor off.
    pub fn take_off(&mut self) -> Flow {
        let Some(obj) = self.hero.cur_armor else {
            self.cmd.after = false;
            self.msg(if self.opts.terse { "not wearing armor" } else { "you aren't wearing any armor" })?;
            return Ok(());
        };
        if !self.dropcheck(self.hero.cur_armor)? {
            return Ok(());
        }
        self.hero.cur_armor = None;
        self.addmsg(if self.opts.terse { "was" } else { "you used to be" })?;
        let ch = self.dungeon.objs[obj].o_packch;
        let name = self.inv_name(obj, true)?;
        self.msg(cat!(b" wearing ", [ch], b") ", name))?;
        Ok(())
    }

    /// `waste_time`: a turn passes with nothing done.
    pub fn waste_time(&mut self) -> Flow {
        self.do_daemons(BEFORE)?;
        self.do_fuses(BEFORE)?;
        self.do_daemons(AFTER)?;
        self.do_fuses(AFTER)
    }
}
