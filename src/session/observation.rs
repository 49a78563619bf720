//! What the caller sees: the [`Observation`] after each key, what the
//! game waits for, the status line read back into numbers, the hero's
//! state read from the game, and how a game ended.

use crate::curses::model::{Prompt, PromptKind, Terminal};
use crate::curses::{A_CHARTEXT, A_STANDOUT, Chtype};
use crate::game::Game;
use crate::game::ending::{Ending, Exit};

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// The command of a turn: the one wait where a snapshot is a plain
    /// copy of the game.
    Command,
    /// Any other key: `--More--`, a prompt, a direction, an inventory.
    Key,
    /// A line typed in the terminal's normal mode (after the score list).
    Line,
    /// Nothing: the game is over.
    Over,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The ending, where the game reached one (`None`: the program ended
    /// otherwise, e.g. the session was stopped).
    pub ending: Option<Ending>,
    /// The exit status the program would have.
    pub exit: Exit,
    /// "killed by a bat" and the like, for a death.
    pub killer: Option<String>,
    /// The gold at the end (the score, for a death or a quit; a winner's
    /// includes what the pack sold for).
    pub gold: i32,
    /// The deepest level reached.
    pub max_level: i32,
    /// A panic inside the game, which is a bug of the port: its message.
    pub crashed: Option<String>,
}

impl Outcome {
    pub(super) fn of(g: &mut Game, exit: Exit) -> Outcome {
        let ending = g.outcome;
        let killer = match ending {
            Some(Ending::Died(m)) => Some(String::from_utf8_lossy(&g.killname(m, true)).into_owned()),
            _ => None,
        };
        Outcome { ending, exit, killer, gold: g.hero.purse, max_level: g.dungeon.max_level, crashed: None }
    }

    /// How the game ended, in the one vocabulary ([`Ending::word`]):
    /// `death`, `quit`, `win`, `save`, `signal`, `exit`, `stopped`, or
    /// `crashed` for a panic inside the game.
    pub fn word(&self) -> &'static str {
        if self.crashed.is_some() { "crashed" } else { Ending::word(self.ending) }
    }

    pub(super) fn crashed(message: String) -> Outcome {
        Outcome { ending: None, exit: Exit::Killed(6), killer: None, gold: 0, max_level: 0, crashed: Some(message) }
    }
}

/// The nine numbers the status line shows, the one home of both what is
/// read back from the screen ([`Status`]) and what the game holds
/// ([`HeroState`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The dungeon level she is on.
    pub level: i32,
    /// Gold carried.
    pub gold: i32,
    /// Hit points now.
    pub hp: i32,
    /// Hit points at most.
    pub max_hp: i32,
    /// Strength now.
    pub str: i32,
    /// Strength at most.
    pub max_str: i32,
    /// Armour class as shown (`Arm:`, higher is better).
    pub arm: i32,
    /// Experience level.
    pub exp_level: i32,
    /// Experience points.
    pub exp: i32,
}

/// The values of the status line (`Level: 3  Gold: 120  Hp: 12(15)  Str:
/// 16(16)  Arm: 4  Exp: 3/25  Hungry`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// The numbers.
    pub stats: Stats,
    /// "Hungry", "Weak", "Faint" or empty.
    pub hunger: String,
}

impl Status {
    /// Read a status line; `None` when the row is not one.
    pub fn parse(row: &str) -> Option<Status> {
        let rest = row.strip_prefix("Level:")?;
        let field = |name: &str| -> Option<&str> {
            let at = rest.find(name)? + name.len();
            rest[at..].split_whitespace().next()
        };
        let num = |s: &str| s.trim().parse::<i32>().ok();
        let pair = |s: &str| -> Option<(i32, i32)> {
            let (a, b) = s.split_once('(')?;
            Some((num(a)?, num(b.strip_suffix(')')?)?))
        };
        // The hit points are padded inside: "Hp:  5(15)".
        let hp_text: String = {
            let at = rest.find("Hp:")? + 3;
            rest[at..].trim_start().split("  ").next()?.replace(' ', "")
        };
        let (hp, max_hp) = pair(&hp_text)?;
        let (str, max_str) = pair(field("Str:")?)?;
        let (exp_level, exp) = {
            let e = field("Exp:")?;
            let (a, b) = e.split_once('/')?;
            (num(a)?, num(b)?)
        };
        let after_exp = rest[rest.find("Exp:")? + 4..].trim_start();
        let hunger = after_exp.split_whitespace().nth(1).unwrap_or("").to_string();
        let stats = Stats {
            level: num(rest.split_whitespace().next()?)?,
            gold: num(field("Gold:")?)?,
            hp,
            max_hp,
            str,
            max_str,
            arm: num(field("Arm:")?)?,
            exp_level,
            exp,
        };
        Some(Status { stats, hunger })
    }
}

/// One thing in the pack, as the inventory (`i`) lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackItem {
    /// The pack letter (`a`..`z`).
    pub letter: u8,
    /// The type's map character (`!` potion, `?` scroll, `)` weapon, ...).
    pub kind: u8,
    /// The name as the inventory prints it (`inv_name`).
    pub name: Vec<u8>,
}

/// The hero's state, read from the game itself rather than its screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeroState {
    /// What the status line shows (`stats.level` is the level she is on),
    /// from the game's own values.
    pub stats: Stats,
    /// The deepest level she has reached.
    pub max_depth: i32,
    /// 0 fed, 1 hungry, 2 weak, 3 faint.
    pub hunger: i32,
    /// Whether the hero carries the Amulet of Yendor.
    pub amulet: bool,
    /// What she carries, in pack order.
    pub pack: Vec<PackItem>,
}

impl HeroState {
    pub(super) fn of(g: &mut Game) -> HeroState {
        let st = g.hero.player.t_stats;
        let arm = match g.hero.cur_armor {
            Some(a) => g.dungeon.objs[a].o_arm,
            None => st.s_arm,
        };
        // Naming writes `prbuf`, which the game may read again later: put
        // it back so that looking changes nothing.
        // The wizard build's naming may show a message first (an object of
        // no known type); looking must not, so it names as outside wizard
        // mode and the flag is put back.
        // (Copied on the stack: a clone of the box would allocate at every
        // look.)
        let (prbuf, wizard) = (*g.opts.prbuf, std::mem::take(&mut g.cmd.wizard));
        let pack = g
            .hero
            .player
            .t_pack
            .clone()
            .into_iter()
            .map(|id| PackItem {
                letter: g.dungeon.objs[id].o_packch,
                kind: g.dungeon.objs[id].glyph(),
                name: g.inv_name(id, false).unwrap_or_default(),
            })
            .collect();
        (*g.opts.prbuf, g.cmd.wizard) = (prbuf, wizard);
        HeroState {
            stats: Stats {
                level: g.dungeon.level,
                gold: g.hero.purse,
                hp: st.s_hpt,
                max_hp: st.s_maxhp,
                str: st.s_str as i32,
                max_str: g.hero.max_stats.s_str as i32,
                arm: 10 - arm,
                exp_level: st.s_lvl,
                exp: st.s_exp,
            },
            max_depth: g.dungeon.max_level,
            hunger: g.hero.hungry_state,
            amulet: g.dungeon.amulet,
            pack,
        }
    }
}

/// What the caller sees after a key: the screen and what the game waits
/// for, or how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    /// The terminal: every cell (a character and its attribute bits, see
    /// [`Observation::standout`]) and the cursor.
    pub screen: Terminal,
    /// What the game waits for now.
    pub wait: Wait,
    /// Set once the game is over.
    pub outcome: Option<Outcome>,
    /// Keys the game has read since it started (a restored session counts
    /// its snapshot's).
    pub keys: u64,
    /// What the key the game waits for is for, and which keys it does
    /// something with, as the game said it (see [`Observation::takes`]).
    pub prompt: Prompt,
}

impl Observation {
    pub(super) fn waiting(screen: &Terminal, wait: Wait, keys: u64) -> Self {
        Observation { screen: screen.clone(), wait, outcome: None, keys, prompt: Prompt::ANY }
    }

    /// Whether the game does something with key `k` at this wait: the
    /// keys its prompt names (a return reaches the game as a newline, as
    /// the terminal maps it); none once the game is over.
    pub fn takes(&self, k: u8) -> bool {
        match self.wait {
            Wait::Over => false,
            Wait::Line => k < 0x80 && self.prompt.keys.contains(k),
            Wait::Command | Wait::Key => self.prompt.keys.contains(if k == b'\r' { b'\n' } else { k }),
        }
    }

    /// Row `y` as text, trailing blanks removed; empty for a row off the
    /// screen.
    pub fn row(&self, y: i32) -> String {
        self.screen.row_text(y)
    }

    /// Every row.
    pub fn rows(&self) -> Vec<String> {
        (0..self.screen.lines).map(|y| self.row(y)).collect()
    }

    /// The cell at row `y`, column `x` (its character and attribute bits);
    /// `None` off the screen.
    pub fn cell(&self, y: i32, x: i32) -> Option<Chtype> {
        self.screen.get(y, x)
    }

    /// The character at a cell; a blank off the screen.
    pub fn ch(&self, y: i32, x: i32) -> u8 {
        (self.screen.at(y, x) & A_CHARTEXT) as u8
    }

    /// Whether a cell is in standout (reverse video); `false` off the
    /// screen.
    pub fn standout(&self, y: i32, x: i32) -> bool {
        self.screen.at(y, x) & A_STANDOUT != 0
    }

    /// The cursor, row first (on the hero at a command wait).
    pub fn cursor(&self) -> (i32, i32) {
        (self.screen.cury, self.screen.curx)
    }

    /// The status line's values, when its row (the 24th, on a screen of
    /// any size) shows it.
    pub fn status(&self) -> Option<Status> {
        Status::parse(&self.row(crate::game::consts::STATLINE))
    }

    /// The message on the top line (without a `--More--`).
    pub fn message(&self) -> String {
        let top = self.row(0);
        top.strip_suffix("--More--").map_or(top.clone(), |t| t.trim_end().to_string())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// What the read is for, in one word: `command`, `more`, `space`,
    /// `yes_no`, `direction`, `item`, `choice`, `text`, `key` (a read the
    /// game did not announce), `line` (the terminal's normal mode, after
    /// the score list) or `over`. The pipe's `prompt`; the Python package
    /// names its waits the same.
    pub fn read_kind(&self) -> &'static str {
        match self.wait {
            Wait::Command => "command",
            Wait::Line => "line",
            Wait::Over => "over",
            Wait::Key => match self.prompt.kind {
                PromptKind::Key => "key",
                PromptKind::Command => "command",
                PromptKind::More => "more",
                PromptKind::Space => "space",
                PromptKind::YesNo => "yes_no",
                PromptKind::Direction => "direction",
                PromptKind::Item => "item",
                PromptKind::Choice => "choice",
                PromptKind::Text => "text",
                PromptKind::Line => "line",
            },
        }
    }

    /// Every key the game does something with now ([`Observation::takes`]),
    /// in byte order: 7-bit keys only, as the game reads 7 bits (a key
    /// with the eighth bit set is the same key); none once the game is
    /// over.
    pub fn taken_keys(&self) -> impl Iterator<Item = u8> + '_ {
        (0..0x80).filter(|&k| self.takes(k))
    }
}

#[cfg(test)]
mod tests {
    use super::Status;

    /// Status lines and near misses, cut and mangled at random: read, or
    /// refused, never a panic.
    #[test]
    fn mangled_lines_are_read_or_refused() {
        let lines = [
            "Level: 3  Gold: 120    Hp:  5(15)  Str: 16(18)  Arm: 4   Exp: 3/25  Hungry",
            "Level: 26  Gold: 9999   Hp: 100(120) Str: 31(31) Arm: 10  Exp: 21/1000000  Fainting",
            "Level: 1  Gold: 0      Hp: 12(12)  Str: 16(16)  Arm: 4   Exp: 1/0",
            "Level:  Gold: Hp: ( ) Str: Arm: Exp: /",
            "Level: 2 Hp:  Hp: 3(4)  Str: 1(2)  Gold: 5 Arm: 6 Exp: 7/8 \u{e9}t\u{e9}",
        ];
        let mut seed = 99u32;
        let mut next = move || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 8) as usize
        };
        for (i, line) in lines.into_iter().enumerate() {
            // Status lines as the game draws them, and near misses (the
            // second's hit points want the game's two spaces after them).
            assert_eq!(Status::parse(line).is_some(), [true, false, true, false, false][i], "{line:?}");
            let chars: Vec<char> = line.chars().collect();
            for _ in 0..2000 {
                let mut v = chars.clone();
                match next() % 3 {
                    0 => v.truncate(next() % (v.len() + 1)),
                    1 => {
                        let at = next() % v.len();
                        v.remove(at);
                    }
                    _ => {
                        let at = next() % v.len();
                        v.insert(at, [' ', '(', ')', '/', '9', 'x'][next() % 6]);
                    }
                }
                let s: String = v.into_iter().collect();
                let _ = Status::parse(&s);
            }
        }
    }
}
