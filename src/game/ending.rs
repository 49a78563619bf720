//! How a game ends. The C program ends from deep inside: `death()`,
//! `total_winner()`, `quit()`, `save_file()` and `my_exit()` never return.
//! Here those places return an [`Ending`] as the error of a [`Flow`], `?`
//! carries it up to [`crate::game::main_loop`], and that one place draws the
//! tombstone, posts the score, writes the save file or restores the screen.

use crate::curses::Interrupt;
use std::fmt;

/// Every way out of a running game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `death(monst)`: killed by the monster (or cause) of that code.
    Died(u8),
    /// `quit()` answered with `y`.
    Quit,
    /// `total_winner()`: out of the dungeon with the Amulet.
    Won,
    /// The save command wrote its file (`save_file()` then `exit(0)`).
    Saved,
    /// The terminal hung up or the process was asked to terminate: the
    /// game is saved the way the original's `auto_save()` does.
    Hangup,
    /// Scripted input ran out at a key wait (traces and bots only; a
    /// person at a terminal never runs out of keys).
    EndOfKeys,
    /// A bot session stopped the game at the wait for a turn's command,
    /// where the whole game is in `crate::game::Game` and
    /// `crate::game::Game::resume` goes on with it.
    Paused,
    /// `my_exit(status)` after a message the caller already printed.
    Exit(i32),
    /// A signal arrived where the C lets it act (a key typed at a line
    /// read): 2 (SIGINT, by then at its default action) kills the
    /// process; 3 (SIGQUIT) ends it as its handler says.
    Signal(i32),
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Died(c) => write!(f, "killed by {:?}", char::from(*c)),
            Ending::Quit => f.write_str("quit"),
            Ending::Won => f.write_str("a total winner"),
            Ending::Saved => f.write_str("saved"),
            Ending::Hangup => f.write_str("hangup"),
            Ending::EndOfKeys => f.write_str("end of keys"),
            Ending::Paused => f.write_str("paused"),
            Ending::Exit(s) => write!(f, "exit status {s}"),
            Ending::Signal(s) => write!(f, "signal {s}"),
        }
    }
}

impl Ending {
    /// The one word for how a game ended, which the bot pipe, the Python
    /// package, records and the command line all use: `death`, `quit`,
    /// `win`, `save`, `signal` (killed, or a hangup's automatic save),
    /// `exit` (the program ended by itself otherwise: `-s`, a failed
    /// restore) or `stopped` (no ending: the keys ran out, or the caller
    /// stopped the game). A session adds `crashed` (see
    /// `session::Outcome::word`).
    pub fn word(ending: Option<Ending>) -> &'static str {
        match ending {
            Some(Ending::Died(_)) => "death",
            Some(Ending::Quit) => "quit",
            Some(Ending::Won) => "win",
            Some(Ending::Saved) => "save",
            Some(Ending::Hangup | Ending::Signal(_)) => "signal",
            Some(Ending::Exit(_)) => "exit",
            Some(Ending::EndOfKeys | Ending::Paused) | None => "stopped",
        }
    }

    /// [`Ending::word`] as a case file's `ends` header takes it: the case
    /// format, recorded from the original's process, has neither `win` nor
    /// `stopped` (a winner's program, like any other, exits: `exit`).
    pub fn record_word(ending: Option<Ending>) -> &'static str {
        match Ending::word(ending) {
            "win" | "stopped" => "exit",
            w => w,
        }
    }
}

impl From<Interrupt> for Ending {
    fn from(i: Interrupt) -> Self {
        match i {
            Interrupt::EndOfInput => Ending::EndOfKeys,
            Interrupt::Pause => Ending::Paused,
            Interrupt::Hangup => Ending::Hangup,
            Interrupt::Signal(s) => Ending::Signal(s),
        }
    }
}

/// The result of anything that can end the game.
pub type Flow<T = ()> = Result<T, Ending>;

/// How the program ended, for its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// `exit(status)`.
    Status(i32),
    /// Scripted input ran out (traces and bots).
    EndOfInput,
    /// Stopped at a command wait, to go on later ([`Ending::Paused`]).
    Paused,
    /// Killed by a signal.
    Killed(i32),
}

impl Exit {
    /// The program's exit status, the one mapping the command line and the
    /// bot pipe use: `exit(status)`'s status (0 to 255), 128 + the signal
    /// for a program killed by one (as a shell shows it), 1 for a program
    /// whose input ran out or that was stopped.
    pub fn code(self) -> u8 {
        match self {
            Exit::Status(s) => s.clamp(0, 255) as u8,
            Exit::Killed(sig) => 128u8.saturating_add(sig.clamp(0, 127) as u8),
            Exit::EndOfInput | Exit::Paused => 1,
        }
    }
}
