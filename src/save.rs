//! save.c: saving a game and restoring one.

use crate::game::{Flow, Game};

impl Game {
    /// `save_game`: the `S` command.
    pub fn save_game(&mut self) -> Flow {
        Ok(())
    }

    /// `restore(file)`: restore a saved game and play it. Comes back only
    /// when the file could not be restored (after saying why).
    pub fn restore(&mut self, file: &[u8]) -> Flow {
        let _ = file;
        Ok(())
    }

    /// `auto_save`: save without asking (on a hangup).
    pub fn auto_save(&mut self) {}
}
