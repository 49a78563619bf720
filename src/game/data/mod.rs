//! The original's static tables, as data. They are read-only: the per-game
//! copies that the game changes (probabilities summed, names learned, ring
//! worths raised by their stones) live in [`crate::game::Game`].

pub mod monsters;
pub mod names;
pub mod objects;

pub use monsters::*;
pub use names::*;
pub use objects::*;
