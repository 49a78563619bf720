//! rip.c: the ends of a game: death and the tombstone, quitting, winning,
//! and the score list.

use crate::game::{Flow, Game};

impl Game {
    /// `death(monst)`: the tombstone (or one line), then the score.
    pub fn death(&mut self, monst: u8) -> Flow {
        let _ = monst;
        Ok(())
    }

    /// `quit()`'s end: the gold line, then the score.
    pub fn quit_ending(&mut self) -> Flow {
        Ok(())
    }

    /// `total_winner`: out with the Amulet: the worth of the pack, then
    /// the score.
    pub fn total_winner(&mut self) -> Flow {
        Ok(())
    }
}
