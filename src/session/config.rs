//! How a game starts: [`Config`], and the game it sets up.

use std::path::PathBuf;

use crate::curses::model::Model;
use crate::game::{Game, Launch};
use crate::host::ScriptedHost;

/// How to start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The dungeon number (`dnum`), which seeds everything.
    pub seed: i32,
    /// The player's login name (the default for `name`).
    pub user: String,
    /// The ROGUEOPTS variable (`name=...,fruit=...,terse,...`), if set.
    pub rogueopts: Option<String>,
    /// The clock, in seconds since 1970: only the tombstone's year and
    /// the score file's lock read it.
    pub time: i64,
    /// Screen rows: [`MIN_LINES`] to [`MAX_LINES`].
    pub lines: i32,
    /// Screen columns: [`MIN_COLS`] to [`MAX_COLS`].
    pub cols: i32,
    /// Where the game's files live (the score file `rogue.scr`, saves in
    /// the home directory, which is this folder too). `None`: no files;
    /// the score list shows only this game and saving fails.
    pub dir: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Self {
        Config { seed: 0, user: "rodney".into(), rogueopts: None, time: 1_700_000_000, lines: 24, cols: 80, dir: None }
    }
}

/// The fewest screen rows a game can use (the original refuses a smaller
/// terminal: "the screen must be at least 24x80").
pub const MIN_LINES: i32 = 24;
/// The fewest screen columns a game can use.
pub const MIN_COLS: i32 = 80;
/// The most screen rows a [`Config`] may ask for: far past any terminal,
/// and small enough that a screen (kept a few times over, and copied into
/// every observation) is a few megabytes, not an allocation that fails.
pub const MAX_LINES: i32 = 1000;
/// The most screen columns a [`Config`] may ask for.
pub const MAX_COLS: i32 = 1000;

/// Why a [`Config`] cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConfigError {
    /// A screen the game cannot use: smaller than [`MIN_LINES`] x
    /// [`MIN_COLS`] (as the terminal game refuses) or larger than
    /// [`MAX_LINES`] x [`MAX_COLS`].
    Screen {
        /// The rows asked for.
        lines: i32,
        /// The columns asked for.
        cols: i32,
    },
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigError::Screen { lines, cols } => write!(
                f,
                "the screen must be at least {MIN_LINES}x{MIN_COLS} and at most {MAX_LINES}x{MAX_COLS} \
                 (lines x columns), not {lines}x{cols}"
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Whether a game can start from this config: every entry point
    /// ([`Session::new`](super::Session::new), [`play`](super::play),
    /// [`drive`](super::drive), [`Action::New`](super::Action::New))
    /// checks it first and refuses, rather than fails, on a bad one. The
    /// other fields take any value (the game reads the name and options as
    /// the original reads its environment).
    pub fn validate(&self) -> Result<(), ConfigError> {
        let lines_ok = (MIN_LINES..=MAX_LINES).contains(&self.lines);
        let cols_ok = (MIN_COLS..=MAX_COLS).contains(&self.cols);
        if lines_ok && cols_ok { Ok(()) } else { Err(ConfigError::Screen { lines: self.lines, cols: self.cols }) }
    }

    /// The new game a recorded case plays (its seed, clock, user and
    /// options), and its keys; `None` for a case a config cannot express
    /// (arguments or files placed first) or cannot read.
    pub fn from_case(case: &crate::case::Case) -> Option<(Config, Vec<u8>)> {
        if case.get("args").is_some() || case.get("in-file").is_some() {
            return None;
        }
        let config = Config {
            seed: case.int("seed").ok()?,
            user: case.get("user")?.to_string(),
            rogueopts: case.get("rogueopts").map(str::to_string),
            time: case.get("time")?.parse().ok()?,
            ..Config::default()
        };
        Some((config, crate::case::escape::decode_body(&case.body).ok()?))
    }

    /// The game, set up but not started (`Game::rogue_main` starts it);
    /// the fuzz targets' way in, so public with `internals`.
    #[cfg(feature = "internals")]
    #[doc(hidden)]
    pub fn game(&self) -> Game {
        self.make_game()
    }

    /// The game, set up but not started (`Game::rogue_main` starts it).
    #[cfg(not(feature = "internals"))]
    pub(crate) fn game(&self) -> Game {
        self.make_game()
    }

    fn make_game(&self) -> Game {
        let mut host = ScriptedHost::nowhere();
        host.time = self.time;
        host.user = self.user.as_bytes().to_vec();
        // The home directory the game shows (the save file's default
        // place); its files live in `dir`, or nowhere.
        host.home = format!("/home/{}/", self.user).into_bytes();
        if let Some(dir) = &self.dir {
            host.dir = dir.clone();
        }
        host.env.push(("USER".into(), self.user.as_bytes().to_vec()));
        if let Some(o) = &self.rogueopts {
            host.env.push(("ROGUEOPTS".into(), o.as_bytes().to_vec()));
        }
        let model = Model::new(self.lines, self.cols);
        Game::launch(Box::new(host), Box::new(model), Launch::seeded(self.seed))
    }
}
