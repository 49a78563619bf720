//! `rogue544._native.explorer_game`: one game played by the crate's
//! screen-reading explorer bot (`rogue::session::bot::Explorer`), for
//! `python -m rogue544.evaluate explorer`. The bot reads the screen the
//! env shows and answers every wait itself; the game runs here, natively,
//! to its end or a number of keys.

use pyo3::prelude::*;
use rogue::session::Status;
use rogue::session::bot::Explorer;

use crate::core::{Game, Task};

/// How the bot's game went: (ending word, or None when the keys ran out;
/// killer; gold; deepest level; keys sent).
type Played = (Option<String>, Option<String>, i32, i32, u64);

/// Play one game (a reset's seed, user, ROGUEOPTS and clock) with the
/// explorer whose choices follow `bot_seed`, for at most `max_steps` keys.
#[pyfunction]
#[pyo3(signature = (seed, user=None, rogueopts=None, time=None, max_steps=20_000, bot_seed=0))]
fn explorer_game(
    seed: i64,
    user: Option<String>,
    rogueopts: Option<String>,
    time: Option<i64>,
    max_steps: u64,
    bot_seed: u64,
) -> PyResult<Played> {
    let mut g = Game::new(crate::start_of(seed, user, rogueopts, time)?, Task::Score);
    let mut bot = Explorer::new(bot_seed, usize::MAX);
    let (mut steps, mut deepest, mut gold) = (0, 1, 0);
    while !g.is_over() && steps < max_steps {
        let screen = &g.obs().screen;
        // The status line says where she is (the bot reads it too).
        if let Some(st) = Status::parse(&screen.row_text(screen.lines - 1)) {
            deepest = deepest.max(st.stats.level);
            gold = st.stats.gold;
        }
        let key = bot.decide(screen);
        g.step(key);
        steps += 1;
    }
    Ok(match g.ending() {
        Some(e) => (Some(e.word.to_string()), e.killer, e.gold, e.max_level.max(deepest), steps),
        None => (None, None, gold, deepest, steps),
    })
}

/// Register the function.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(explorer_game, m)?)
}
