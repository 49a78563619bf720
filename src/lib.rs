//! `rogue`: Rogue 5.4.4 (Toy, Arnold and Wichman; the Rogue Restoration
//! Project's release of 2007-09-05), ported to Rust byte for byte.
//!
//! All state lives in one [`game::Game`]. Modules follow the original's
//! files where a file is a unit (rooms, passages, new_level, fight, ...),
//! and functions keep the C names they port.

pub mod arena;
pub mod armor;
pub mod bot;
pub mod botpipe;
pub mod cbuf;
pub mod cfmt;
pub mod chase;
pub mod command;
pub mod consts;
pub mod cref;
pub mod curses;
pub mod daemon;
pub mod daemons;
pub mod data;
pub mod ending;
pub mod fight;
pub mod game;
pub mod host;
pub mod init;
pub mod io;
pub mod list;
pub mod main_loop;
pub mod misc;
pub mod monsters;
pub mod moves;
pub mod new_level;
pub mod options;
pub mod pack;
pub mod passages;
pub mod potions;
pub mod record;
pub mod rings;
pub mod rip;
pub mod rng;
pub mod rooms;
pub mod save;
pub mod savefile;
pub mod score;
pub mod scrolls;
pub mod session;
pub mod signals;
pub mod state;
pub mod sticks;
pub mod thing;
pub mod things;
pub mod trace;
pub mod weapons;
pub mod wizard;
pub mod xcrypt;
