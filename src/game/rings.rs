//! rings.c: putting rings on and off, and what they cost in food.

use crate::curses::model::{KeySet, PromptKind};
use crate::game::cfmt::cat;
use crate::game::consts::*;
use crate::game::{Flow, Game};

/// What each ring costs in food a turn (`uses[]`): a positive number is
/// the cost, -n costs 1 one turn in n.
const USES: [i32; MAXRINGS] = [
    1,  // R_PROTECT
    1,  // R_ADDSTR
    1,  // R_SUSTSTR
    -3, // R_SEARCH
    -5, // R_SEEINVIS
    0,  // R_NOP
    0,  // R_AGGR
    -3, // R_ADDHIT
    -3, // R_ADDDAM
    2,  // R_REGEN
    -2, // R_DIGEST
    0,  // R_TELEPORT
    1,  // R_STEALTH
    1,  // R_SUSTARM
];

impl Game {
    /// `ring_on`: put a ring on a hand.
    pub fn ring_on(&mut self) -> Flow {
        let Some(obj) = self.get_item(b"put on", i32::from(RING))? else { return Ok(()) };
        if self.dungeon.objs[obj].o_type != i32::from(RING) {
            self.msg(if !self.opts.terse {
                "it would be difficult to wrap that around a finger"
            } else {
                "not a ring"
            })?;
            return Ok(());
        }
        // Which hand to put it on.
        if self.is_current(Some(obj))? {
            return Ok(());
        }
        let ring = match self.hero.cur_ring {
            [None, None] => match self.gethand()? {
                Some(h) => h,
                None => return Ok(()),
            },
            [None, _] => LEFT,
            [_, None] => RIGHT,
            _ => {
                self.msg(if !self.opts.terse { "you already have a ring on each hand" } else { "wearing two" })?;
                return Ok(());
            }
        };
        self.hero.cur_ring[ring] = Some(obj);
        // What it does to her.
        match self.dungeon.objs[obj].o_which {
            R_ADDSTR => {
                let arm = self.dungeon.objs[obj].o_arm;
                self.chg_str(arm);
            }
            R_SEEINVIS => self.invis_on(),
            R_AGGR => self.aggravate()?,
            _ => {}
        }
        if !self.opts.terse {
            self.addmsg("you are now wearing ")?;
        }
        let name = self.inv_name(obj, true)?;
        let ch = self.dungeon.objs[obj].o_packch;
        self.msg(cat!(name, b" (", [ch], b")"))?;
        Ok(())
    }

    /// `ring_off`: take a ring off.
    pub fn ring_off(&mut self) -> Flow {
        let ring = match self.hero.cur_ring {
            [None, None] => {
                self.msg(if self.opts.terse { "no rings" } else { "you aren't wearing any rings" })?;
                return Ok(());
            }
            [None, _] => RIGHT,
            [_, None] => LEFT,
            _ => match self.gethand()? {
                Some(h) => h,
                None => return Ok(()),
            },
        };
        self.cmd.mpos = 0;
        let Some(obj) = self.hero.cur_ring[ring] else {
            self.msg("not wearing such a ring")?;
            return Ok(());
        };
        if self.dropcheck(Some(obj))? {
            let name = self.inv_name(obj, true)?;
            let ch = self.dungeon.objs[obj].o_packch;
            self.msg(cat!(b"was wearing ", name, b"(", [ch], b")"))?;
        }
        Ok(())
    }

    /// `gethand`: which hand? `None` on ESC.
    fn gethand(&mut self) -> Flow<Option<usize>> {
        loop {
            self.msg(if self.opts.terse { "left or right ring? " } else { "left hand or right hand? " })?;
            self.ask(PromptKind::Choice, KeySet::of(b"lrLR\x1b"));
            let c = self.readchar()?;
            if c == ESCAPE {
                return Ok(None);
            }
            self.cmd.mpos = 0;
            if c == b'l' || c == b'L' {
                return Ok(Some(LEFT));
            } else if c == b'r' || c == b'R' {
                return Ok(Some(RIGHT));
            }
            self.msg(if self.opts.terse { "L or R" } else { "please type L or R" })?;
        }
    }

    // DEVIATION: a ring kind outside the table reads past the C's uses[]; the port charges no food; test: deviations::unknown_ring_kind_costs_nothing
    /// `ring_eat`: how much food the ring on a hand uses this turn. A ring
    /// kind outside the table (only an edited save has one) uses none,
    /// where the C would read past its table.
    pub fn ring_eat(&mut self, hand: usize) -> i32 {
        let Some(ring) = self.hero.cur_ring.get(hand).copied().flatten() else {
            return 0;
        };
        let which = self.dungeon.objs[ring].o_which;
        let mut eat = usize::try_from(which).ok().and_then(|w| USES.get(w)).copied().unwrap_or(0);
        if eat < 0 {
            eat = i32::from(self.rng.rnd(-eat) == 0);
        }
        if which == R_DIGEST {
            eat = -eat;
        }
        eat
    }
}
