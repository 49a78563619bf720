//! Action masks: which keys the game takes at its current wait, as the
//! game itself says it (`rogue::session::Observation::takes`), narrowed
//! by the env's `allowed` option.

use rogue::session::{Observation, PromptKind, Wait};

/// Which of the keys the game takes a mask allows (the env's `allowed`
/// option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Allowed {
    /// Every key the game takes (`allowed="all"`, the default).
    #[default]
    All,
    /// What the game takes less, at a command wait, the commands that end
    /// the game on purpose or do nothing for an agent ([`PLAY_EXCLUDED`]):
    /// `allowed="play"`.
    Play,
}

impl Allowed {
    pub fn parse(name: &str) -> Option<Allowed> {
        Some(match name {
            "all" => Allowed::All,
            "play" => Allowed::Play,
            _ => return None,
        })
    }
}

/// The commands `allowed="play"` masks out at a command wait, and why.
/// Each either ends the game on purpose, or takes no game time and changes
/// nothing in the dungeon, showing only what the observation already holds
/// (or nothing): a step an agent spends on it is lost.
pub const PLAY_EXCLUDED: &[(u8, &str)] = &[
    (b'Q', "quit: ends the game on purpose"),
    (b'S', "save: ends the game on purpose (and cannot succeed in a session)"),
    (b'o', "options: a screen of display settings"),
    (b'c', "call: names a kind of thing, on the screen only"),
    (b'?', "help: a screen of the commands"),
    (b'/', "identify a symbol: what a map character means, always the same"),
    (b'D', "discoveries: the inventory's names already say what is known"),
    (0x10, "^P, the last message again"),
    (0x12, "^R, redraw the screen"),
    (b'v', "version"),
    (b'@', "status: the status line again (blstats has it)"),
    (b'i', "inventory: the inv_* fields have it"),
    (b'I', "one thing of the inventory: the inv_* fields have it"),
    (b')', "the weapon in hand: inv_strs says '(weapon in hand)'"),
    (b']', "the armour worn: inv_strs says '(being worn)'"),
    (b'=', "the rings worn: inv_strs says '(on left hand)' and the like"),
];

fn play_excluded(k: u8) -> bool {
    PLAY_EXCLUDED.iter().any(|&(e, _)| e == k)
}

/// Whether the game waits for a turn's command (the `command` wait).
fn at_command(o: &Observation) -> bool {
    o.wait == Wait::Command || (o.wait == Wait::Key && o.prompt.kind == PromptKind::Command)
}

/// 1 in `out[i]` where the game takes `keys[i]` now and `allowed` allows
/// it, else 0.
pub fn fill(o: &Observation, keys: &[u8], allowed: Allowed, out: &mut [i8]) {
    if o.wait == Wait::Over {
        // The episode has ended and every key is ignored; a mask of zeros
        // would break the samplers that read it.
        out.fill(1);
        return;
    }
    let narrow = allowed == Allowed::Play && at_command(o);
    let mut any = false;
    for (m, &k) in out.iter_mut().zip(keys) {
        *m = i8::from(o.takes(k) && !(narrow && play_excluded(k)));
        any |= *m != 0;
    }
    if !any {
        // A wait none of the table's keys answers (a key typed only with
        // `step_key`): every action, rather than none. (A command wait
        // always takes the moves, so `play` never comes here.)
        out.fill(1);
    }
}
