//! save.c: saving a game and restoring one.

use crate::game::{Flow, Game};

impl Game {
    /// `save_game`: the `S` command.
    pub fn save_game(&mut self) -> Flow {
        Ok(())
    }
}
