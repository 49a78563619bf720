//! The game for programs: headless, deterministic, and cheap to copy.
//!
//! A game is started from a [`Config`] (seed, name, options) and shows the
//! 24 x 80 screen a player would see; after every key the caller gets an
//! [`Observation`]: that screen with its cursor and attributes, what the
//! game is waiting for, the status line's values ([`Observation::status`]),
//! the top line's message, and, once it is over, how it ended.
//!
//! Three ways to drive it, all on the caller's thread:
//!
//! * [`Session`] is driven from outside, a key at a time
//!   ([`Session::send`]), and can be copied at any moment
//!   ([`Session::snapshot`], [`Session::restore`]) for tree search. The
//!   game waits for each key on a stack of its own (a coroutine).
//! * [`play`] hands the observations to a [`Bot`] and takes its keys: the
//!   plainest way to play many games.
//! * [`drive`] runs games for a [`Controller`], which answers every wait
//!   with a key, a snapshot, a restore or a new game (what `rogue --bot`
//!   does with its pipe).
//!
//! ```
//! use rogue::session::{Config, Session, Wait};
//!
//! let mut s = Session::new(&Config { seed: 42, ..Config::default() });
//! assert_eq!(s.observation().wait, Wait::Command);
//! let before = s.snapshot();
//! let a = s.send_keys(b"hjkl").screen.clone();
//! s.restore(&before);
//! let b = s.send_keys(b"hjkl").screen.clone();
//! assert_eq!(a, b);
//! ```
//!
//! Determinism: the same config and keys give the same observations, on
//! any machine, whether or not snapshots were taken in between. The game
//! touches no files unless [`Config::dir`] names a folder for them (the
//! score file, saves).

pub mod bot;
pub mod botpipe;

use std::cell::RefCell;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use crate::curses::Interrupt;
use crate::curses::model::{KeySource, Model, Terminal};
use crate::curses::{A_CHARTEXT, A_STANDOUT};
use crate::game::ending::{Ending, Exit};
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
    /// Screen rows (at least 24).
    pub lines: i32,
    /// Screen columns (at least 80).
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

impl Config {
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
    fn of(g: &mut Game, exit: Exit) -> Outcome {
        let ending = g.outcome;
        let killer = match ending {
            Some(Ending::Died(m)) => Some(String::from_utf8_lossy(&g.killname(m, true)).into_owned()),
            _ => None,
        };
        Outcome { ending, exit, killer, gold: g.hero.purse, max_level: g.dungeon.max_level, crashed: None }
    }

    fn crashed(message: String) -> Outcome {
        Outcome { ending: None, exit: Exit::Killed(6), killer: None, gold: 0, max_level: 0, crashed: Some(message) }
    }
}

/// The values of the status line (`Level: 3  Gold: 120  Hp: 12(15)  Str:
/// 16(16)  Arm: 4  Exp: 3/25  Hungry`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// The dungeon level.
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
    /// "Hungry", "Weak", "Faint" or empty.
    pub hunger: String,
}

impl Status {
    /// Read a status line; `None` when the row is not one.
    pub fn parse(row: &str) -> Option<Status> {
        let rest = row.strip_prefix("Level:")?;
        // `str::find` as a plain scan: the needles are a few ASCII bytes,
        // and a bot reads this line at every key.
        let find = |hay: &str, needle: &str| {
            let (h, n) = (hay.as_bytes(), needle.as_bytes());
            (0..(h.len() + 1).saturating_sub(n.len())).find(|&i| h[i] == n[0] && h[i..i + n.len()] == *n)
        };
        let field = |name: &str| -> Option<&str> {
            let at = find(rest, name)? + name.len();
            rest[at..].split_whitespace().next()
        };
        let num = |s: &str| s.trim().parse::<i32>().ok();
        let pair = |s: &str| -> Option<(i32, i32)> {
            let (a, b) = s.split_once('(')?;
            Some((num(a)?, num(b.strip_suffix(')')?)?))
        };
        // The hit points are padded inside: "Hp:  5(15)".
        let hp_text: String = {
            let at = find(rest, "Hp:")? + 3;
            let hp = rest[at..].trim_start();
            hp[..find(hp, "  ").unwrap_or(hp.len())].replace(' ', "")
        };
        let (hp, max_hp) = pair(&hp_text)?;
        let (str, max_str) = pair(field("Str:")?)?;
        let (exp_level, exp) = {
            let e = field("Exp:")?;
            let (a, b) = e.split_once('/')?;
            (num(a)?, num(b)?)
        };
        let after_exp = rest[find(rest, "Exp:")? + 4..].trim_start();
        let hunger = after_exp.split_whitespace().nth(1).unwrap_or("").to_string();
        Some(Status {
            level: num(rest.split_whitespace().next()?)?,
            gold: num(field("Gold:")?)?,
            hp,
            max_hp,
            str,
            max_str,
            arm: num(field("Arm:")?)?,
            exp_level,
            exp,
            hunger,
        })
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
    /// The dungeon level she is on.
    pub depth: i32,
    /// The deepest level she has reached.
    pub max_depth: i32,
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
    /// The armour class as the status line shows it (`Arm:`).
    pub arm: i32,
    /// Experience level.
    pub exp_level: i32,
    /// Experience points.
    pub exp: i32,
    /// 0 fed, 1 hungry, 2 weak, 3 faint.
    pub hunger: i32,
    /// Whether the hero carries the Amulet of Yendor.
    pub amulet: bool,
    /// What she carries, in pack order.
    pub pack: Vec<PackItem>,
}

impl HeroState {
    fn of(g: &mut Game) -> HeroState {
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
        let (prbuf, wizard) = (g.opts.prbuf.clone(), std::mem::take(&mut g.cmd.wizard));
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
        (g.opts.prbuf, g.cmd.wizard) = (prbuf, wizard);
        HeroState {
            depth: g.dungeon.level,
            max_depth: g.dungeon.max_level,
            gold: g.hero.purse,
            hp: st.s_hpt,
            max_hp: st.s_maxhp,
            str: st.s_str as i32,
            max_str: g.hero.max_stats.s_str as i32,
            arm: 10 - arm,
            exp_level: st.s_lvl,
            exp: st.s_exp,
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
}

impl Observation {
    fn waiting(screen: &Terminal, wait: Wait, keys: u64) -> Self {
        Observation { screen: screen.clone(), wait, outcome: None, keys }
    }

    /// Row `y` as text, trailing blanks removed.
    pub fn row(&self, y: i32) -> String {
        self.screen.row_text(y)
    }

    /// Every row.
    pub fn rows(&self) -> Vec<String> {
        (0..self.screen.lines).map(|y| self.row(y)).collect()
    }

    /// The character at a cell.
    pub fn ch(&self, y: i32, x: i32) -> u8 {
        (self.screen.at(y, x) & A_CHARTEXT) as u8
    }

    /// Whether a cell is in standout (reverse video).
    pub fn standout(&self, y: i32, x: i32) -> bool {
        self.screen.at(y, x) & A_STANDOUT != 0
    }

    /// The cursor, row first (on the hero at a command wait).
    pub fn cursor(&self) -> (i32, i32) {
        (self.screen.cury, self.screen.curx)
    }

    /// The status line's values, when the bottom row shows it.
    pub fn status(&self) -> Option<Status> {
        Status::parse(&self.row(self.screen.lines - 1))
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
}

/// A program that plays: it sees every observation and answers a key, or
/// `None` to stop the game there.
pub trait Bot: 'static {
    /// The key to send after `obs`, or `None` to stop.
    fn act(&mut self, obs: &Observation) -> Option<u8>;
}

impl<F: FnMut(&Observation) -> Option<u8> + 'static> Bot for F {
    fn act(&mut self, obs: &Observation) -> Option<u8> {
        self(obs)
    }
}

impl Bot for crate::session::bot::Explorer {
    fn act(&mut self, obs: &Observation) -> Option<u8> {
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        let k = self.decide(&obs.screen);
        self.sent.push(k);
        Some(k)
    }
}

/// What a [`Controller`] asks for at a wait.
#[derive(Clone)]
pub enum Action {
    /// Type this key.
    Key(u8),
    /// Keep this moment: [`Controller::snapshot`] receives it, then
    /// [`Controller::next`] is asked again at the same wait.
    Snapshot,
    /// Leave this game for a kept moment.
    Restore(Snapshot),
    /// Leave this game for a new one.
    New(Box<Config>),
    /// End the run.
    Stop,
    /// Read the hero's state ([`HeroState`]): at a command wait
    /// [`Controller::state`] receives it (elsewhere `None`), then
    /// [`Controller::next`] is asked again at the same wait.
    State,
}

/// What runs games under [`drive`]: at every wait (and once a game is
/// over, with [`Wait::Over`]) it says what to do.
pub trait Controller {
    /// What to do after `obs`.
    fn next(&mut self, obs: &Observation) -> Action;
    /// As [`Controller::next`], for a controller that keeps observations:
    /// it may take `obs` and leave any other observation in its place (the
    /// run fills it again before it is read). Saves a copy of the screen
    /// per key.
    fn next_taking(&mut self, obs: &mut Observation) -> Action {
        self.next(obs)
    }
    /// A snapshot asked for with [`Action::Snapshot`].
    fn snapshot(&mut self, _snap: Snapshot) {}
    /// The state asked for with [`Action::State`].
    fn state(&mut self, _state: Option<HeroState>) {}
}

/// Where a run's keys since its last full copy start from: a new game, or
/// a copy taken at a command wait (with the count of keys read before).
#[derive(Clone)]
enum Origin {
    Start(Arc<Config>),
    // The Box is the game as `drive` holds it: its clone writes the copy
    // straight into a new allocation, where `Rc<Game>` would copy the 9 KB
    // game through the stack on the way in and out.
    #[allow(clippy::redundant_allocation)]
    Paused(Rc<Box<Game>>, u64),
}

impl Origin {
    fn config(&self) -> Option<&Config> {
        match self {
            Origin::Start(c) => Some(c),
            Origin::Paused(..) => None,
        }
    }
}

/// A moment of a game to go on from, any number of times, in any run.
///
/// Taken at a command wait it is a copy of the whole game; elsewhere it is
/// the last such copy (or the start) and the keys typed since, which
/// restoring plays again. It stays on the thread that took it, as games do
/// (see [`Session`]).
#[derive(Clone)]
pub struct Snapshot {
    origin: Origin,
    keys: Vec<u8>,
    obs: Observation,
}

impl Snapshot {
    /// The observation at the moment it was taken.
    pub fn observation(&self) -> &Observation {
        &self.obs
    }

    /// Keys that restoring it plays again (none for a snapshot taken at a
    /// command wait).
    pub fn replay_len(&self) -> usize {
        self.keys.len()
    }
}

/// Why the game under way stopped reading keys.
enum Leave {
    Snapshot,
    State,
    Restore(Snapshot),
    New(Box<Config>),
    Stop,
}

/// A run's state, shared by the engine and the keys of its game.
struct Run<C> {
    controller: C,
    origin: Origin,
    /// Keys typed since the origin.
    since: Vec<u8>,
    /// Keys read since the game started.
    keys: u64,
    /// Keys to type first, without asking (a restore's replay).
    replay: std::collections::VecDeque<u8>,
    /// The observation, refilled at every wait.
    obs: Observation,
    at_command: bool,
    leave: Option<Leave>,
}

impl<C: Controller> Run<C> {
    fn ask(&mut self, screen: &Terminal, wait: Wait) -> Result<u8, Interrupt> {
        if let Some(k) = self.replay.pop_front() {
            self.since.push(k);
            self.keys += 1;
            return Ok(k);
        }
        loop {
            self.fill(screen, wait);
            // From here `self.obs` may be anything the controller left.
            match self.controller.next_taking(&mut self.obs) {
                Action::Key(k) => {
                    self.since.push(k);
                    self.keys += 1;
                    return Ok(k);
                }
                Action::Snapshot if wait == Wait::Command => {
                    // `drive` takes the snapshot's observation from here.
                    self.fill(screen, wait);
                    self.leave = Some(Leave::Snapshot);
                    return Err(Interrupt::Pause);
                }
                Action::State if wait == Wait::Command => {
                    self.fill(screen, wait);
                    self.leave = Some(Leave::State);
                    return Err(Interrupt::Pause);
                }
                Action::State => self.controller.state(None),
                Action::Snapshot => {
                    self.fill(screen, wait);
                    let snap =
                        Snapshot { origin: self.origin.clone(), keys: self.since.clone(), obs: self.obs.clone() };
                    self.controller.snapshot(snap);
                }
                // Leave the game as if its keys had run out: it ends
                // without touching a file.
                Action::Restore(s) => {
                    self.leave = Some(Leave::Restore(s));
                    return Err(Interrupt::EndOfInput);
                }
                Action::New(c) => {
                    self.leave = Some(Leave::New(c));
                    return Err(Interrupt::EndOfInput);
                }
                Action::Stop => {
                    self.leave = Some(Leave::Stop);
                    return Err(Interrupt::EndOfInput);
                }
            }
        }
    }

    /// The observation of this wait.
    fn fill(&mut self, screen: &Terminal, wait: Wait) {
        self.obs.screen.clone_from(screen);
        self.obs.wait = wait;
        self.obs.outcome = None;
        self.obs.keys = self.keys;
    }
}

/// The keys of a driven game: the run's replay, then its controller. The
/// run is borrowed while the controller decides (which, in a session,
/// means across a switch of stacks): nothing else touches it until the
/// game returns, and it never leaves this thread.
struct RunKeys<C>(Rc<RefCell<Run<C>>>);

impl<C: Controller + 'static> KeySource for RunKeys<C> {
    fn command_wait(&mut self, on: bool) {
        self.0.borrow_mut().at_command = on;
    }

    fn key(&mut self, screen: &Terminal) -> Result<u8, Interrupt> {
        let mut run = self.0.borrow_mut();
        let wait = if run.at_command { Wait::Command } else { Wait::Key };
        run.ask(screen, wait)
    }

    fn line(&mut self, screen: &Terminal) -> Result<Vec<u8>, Interrupt> {
        let mut run = self.0.borrow_mut();
        let mut out = Vec::new();
        loop {
            let b = run.ask(screen, Wait::Line)?;
            out.push(b);
            if b == b'\n' {
                return Ok(out);
            }
        }
    }
}

/// The game a run goes on with.
enum Job {
    New(Config),
    Resume(Box<Game>),
}

/// Run games for a controller, starting with a new game from `config`,
/// until it says [`Action::Stop`]; give the controller back.
pub fn drive<C: Controller + 'static>(config: &Config, controller: C) -> C {
    let screen = Terminal::new(config.lines, config.cols);
    let run = Rc::new(RefCell::new(Run {
        controller,
        origin: Origin::Start(Arc::new(config.clone())),
        since: Vec::new(),
        keys: 0,
        replay: Default::default(),
        obs: Observation::waiting(&screen, Wait::Key, 0),
        at_command: false,
        leave: None,
    }));
    let mut job = Job::New(config.clone());
    loop {
        let (mut g, resume) = match job {
            // Boxed: the game (9 KB) then moves as a pointer.
            Job::New(c) => (Box::new(c.game()), false),
            Job::Resume(g) => (g, true),
        };
        run.borrow_mut().at_command = resume;
        g.rt.scr.set_keys(Box::new(RunKeys(Rc::clone(&run))));
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let exit = if resume { g.resume() } else { g.rogue_main(&[]) };
            (g, exit)
        }));
        let mut r = run.borrow_mut();
        let leave = match played {
            Ok((mut g, exit)) => match r.leave.take() {
                Some(Leave::Snapshot) if exit == Exit::Paused => {
                    // A copy of the game at its command wait; it goes on
                    // and asks again at the same wait.
                    // Box's clone writes the copy straight into its allocation.
                    let copy = g.clone();
                    r.origin = Origin::Paused(Rc::new(copy), r.keys);
                    r.since.clear();
                    let snap = Snapshot { origin: r.origin.clone(), keys: Vec::new(), obs: r.obs.clone() };
                    r.controller.snapshot(snap);
                    job = Job::Resume(g);
                    continue;
                }
                Some(Leave::State) if exit == Exit::Paused => {
                    // Read at the command wait, without a copy; the game
                    // goes on at the same wait.
                    let state = HeroState::of(&mut g);
                    r.controller.state(Some(state));
                    job = Job::Resume(g);
                    continue;
                }
                Some(l) => l,
                None => {
                    // The game is over by itself: what now?
                    let keys = r.keys;
                    let obs = final_observation(&mut g, exit, keys);
                    over(&mut r, obs)
                }
            },
            Err(e) => {
                let text = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                let obs = Observation {
                    screen: screen.clone(),
                    wait: Wait::Over,
                    outcome: Some(Outcome::crashed(text)),
                    keys: r.keys,
                };
                over(&mut r, obs)
            }
        };
        job = match leave {
            Leave::Stop | Leave::Snapshot | Leave::State => break,
            Leave::New(c) => {
                r.origin = Origin::Start(Arc::new((*c).clone()));
                r.since.clear();
                r.keys = 0;
                Job::New(*c)
            }
            Leave::Restore(s) => {
                r.origin = s.origin.clone();
                r.since.clear();
                r.replay = s.keys.iter().copied().collect();
                match &s.origin {
                    Origin::Start(c) => {
                        r.keys = 0;
                        Job::New((**c).clone())
                    }
                    Origin::Paused(g, keys) => {
                        r.keys = *keys;
                        // Box's clone writes the copy straight into its allocation.
                        Job::Resume((**g).clone())
                    }
                }
            }
        };
    }
    let r = match Rc::try_unwrap(run) {
        Ok(m) => m.into_inner(),
        Err(_) => unreachable!("every game that shared the run is gone"),
    };
    r.controller
}

/// A game that is over: the controller sees its last observation until it
/// leaves it (keys and snapshots there change nothing).
fn over<C: Controller>(r: &mut Run<C>, obs: Observation) -> Leave {
    r.obs = obs;
    loop {
        match r.controller.next(&r.obs) {
            Action::Key(_) => {}
            Action::Snapshot => {
                let snap = Snapshot { origin: r.origin.clone(), keys: r.since.clone(), obs: r.obs.clone() };
                r.controller.snapshot(snap);
            }
            Action::State => r.controller.state(None),
            Action::Restore(s) => return Leave::Restore(s),
            Action::New(c) => return Leave::New(c),
            Action::Stop => return Leave::Stop,
        }
    }
}

/// A [`Bot`] as a controller: one game, to its end or the bot's `None`.
struct OneGame<B> {
    bot: B,
    last: Option<Observation>,
}

impl<B: Bot> Controller for OneGame<B> {
    fn next(&mut self, obs: &Observation) -> Action {
        if obs.is_over() {
            self.last = Some(obs.clone());
            return Action::Stop;
        }
        match self.bot.act(obs) {
            Some(k) => Action::Key(k),
            None => {
                self.last = Some(obs.clone());
                Action::Stop
            }
        }
    }
}

/// Play a whole game with a bot on this thread, and give back the last
/// observation (with the outcome, when the game got to its end) and the
/// bot.
pub fn play<B: Bot>(config: &Config, bot: B) -> (Observation, B) {
    let done = drive(config, OneGame { bot, last: None });
    let obs = done.last.unwrap_or_else(|| Observation::waiting(&Terminal::new(24, 80), Wait::Over, 0));
    (obs, done.bot)
}

/// The screen after the game, with its outcome.
fn final_observation(g: &mut Game, exit: Exit, keys: u64) -> Observation {
    let screen = g.rt.scr.terminal().cloned().unwrap_or_else(|| Terminal::new(24, 80));
    let outcome = Outcome::of(g, exit);
    Observation { screen, wait: Wait::Over, outcome: Some(outcome), keys }
}

// ---------------------------------------------------------------------
// Sessions: a run in a coroutine of its own, one key at a time.
//
// The game reads its keys deep inside its own calls (a `--More--` in the
// middle of a fight), so a caller that hands it one key at a time needs
// the game's stack to wait somewhere between keys. A session runs the game
// on a stack of its own (a stackful coroutine, the `generator` crate) on
// the caller's thread: handing over a key is a switch of stacks, not of
// threads, and a session costs no thread and no second core.
//
// The game yields from deep inside its own calls, far from the coroutine's
// closure, so it uses the crate's handle-free `yield_` (deprecated upstream
// in favour of a yielder handed to the closure; reaching such a handle from
// a key read would take a lifetime on the game or an `unsafe` cast). The
// suspended stack holds borrows and the game itself, none of which may
// change threads: a `Session` is not `Send` (the marker below), whatever the
// crate's own `unsafe impl Send` for its generators says.

/// Words of the coroutine's stack (2 MiB; the game needs far less, and
/// only the pages it touches are ever allocated).
const STACK_WORDS: usize = 256 * 1024;

/// To the game: what to do, and an observation the caller is done with
/// (its screen's memory is used again for the next).
struct Req(Action, Option<Observation>);

/// From the game.
enum Resp {
    Wait(Observation),
    Snapshot(Snapshot),
    State(Option<HeroState>),
    /// The run is over (the coroutine has finished).
    Stopped,
}

/// The coroutine's controller: each wait goes to the caller, whose answer
/// comes back when the caller resumes the coroutine.
struct Yielding {
    spare: Option<Observation>,
}

impl Yielding {
    /// Give `r` to the caller and wait for its answer.
    #[allow(deprecated)] // the handle-free yield: the game's keys are read far from the coroutine's closure
    fn exchange(r: Resp) -> Option<Req> {
        generator::yield_::<Req, Resp>(r)
    }
}

impl Yielding {
    /// Hand an observation to the caller; its answer, and the observation
    /// it is done with (kept for the next wait), come back.
    fn hand_over(&mut self, obs: Observation) -> Action {
        match Yielding::exchange(Resp::Wait(obs)) {
            Some(Req(a, spare)) => {
                if spare.is_some() {
                    self.spare = spare;
                }
                a
            }
            None => Action::Stop,
        }
    }
}

impl Controller for Yielding {
    fn next(&mut self, obs: &Observation) -> Action {
        self.hand_over(obs.clone())
    }

    /// The observation goes to the caller as it is; the one the caller
    /// was done with takes its place.
    fn next_taking(&mut self, obs: &mut Observation) -> Action {
        let spare = self.spare.take().unwrap_or_else(|| obs.clone());
        let mine = std::mem::replace(obs, spare);
        self.hand_over(mine)
    }

    fn snapshot(&mut self, snap: Snapshot) {
        // The caller resumes with nothing; `next` is asked again at once.
        let _ = Yielding::exchange(Resp::Snapshot(snap));
    }

    fn state(&mut self, state: Option<HeroState>) {
        let _ = Yielding::exchange(Resp::State(state));
    }
}

/// A game driven a key at a time; see the [module](self) documentation.
///
/// A session stays on the thread that made it: its game is suspended on a
/// stack of its own in the middle of a call, holding borrows that only
/// this thread may use.
///
/// ```compile_fail,E0277
/// use rogue::session::{Config, Session};
///
/// let mut s = Session::new(&Config::default());
/// std::thread::spawn(move || {
///     s.send(b'h');
/// });
/// ```
///
/// ```compile_fail,E0277
/// fn send<T: Send>() {}
/// send::<rogue::session::Session>();
/// ```
///
/// ```compile_fail,E0277
/// fn send<T: Send>() {}
/// send::<rogue::session::Snapshot>();
/// ```
///
/// (Without the thread it compiles: the failures above are the `Send`.)
///
/// ```
/// use rogue::session::{Config, Session};
///
/// let mut s = Session::new(&Config::default());
/// let mut run = move || {
///     s.send(b'h');
/// };
/// run();
/// ```
pub struct Session {
    run: generator::Generator<'static, Req, Resp>,
    obs: Observation,
    /// The observation before this one, given back to the game.
    spare: Option<Observation>,
    /// Not `Send`, not `Sync`: see above.
    _this_thread: PhantomData<*const ()>,
}

impl Session {
    /// Start a game; it waits for its first command.
    pub fn new(config: &Config) -> Session {
        let config_copy = config.clone();
        let run = generator::Gn::<Req>::new_opt(STACK_WORDS, move || {
            drive(&config_copy, Yielding { spare: None });
            Resp::Stopped
        });
        let mut s = Session {
            run,
            obs: Observation::waiting(&Terminal::new(config.lines, config.cols), Wait::Over, 0),
            spare: None,
            _this_thread: PhantomData,
        };
        let first = s.run.resume();
        s.take(first);
        s
    }

    /// A new session at a snapshot.
    pub fn from_snapshot(snap: &Snapshot) -> Session {
        let config = snap.origin.config().cloned().unwrap_or_default();
        let mut s = Session::new(&config);
        s.restore(snap);
        s
    }

    /// What the game shows now.
    pub fn observation(&self) -> &Observation {
        &self.obs
    }

    /// Type a key; what the game shows next. A game that is over stays
    /// over (the key is ignored).
    pub fn send(&mut self, key: u8) -> &Observation {
        if !self.obs.is_over() {
            let r = self.request(Action::Key(key));
            self.take(r);
        }
        &self.obs
    }

    /// Type several keys; what the game shows after the last.
    pub fn send_keys(&mut self, keys: &[u8]) -> &Observation {
        for &k in keys {
            self.send(k);
        }
        &self.obs
    }

    /// A snapshot of this moment. At a command wait it is a copy of the
    /// game, which also becomes the point later snapshots replay from;
    /// elsewhere it replays the keys typed since then.
    pub fn snapshot(&mut self) -> Snapshot {
        match self.request(Action::Snapshot) {
            Some(Resp::Snapshot(snap)) => {
                // The game goes on at the same wait and shows it again.
                let again = self.run.raw_send(None);
                self.take(again);
                snap
            }
            other => {
                self.take(other);
                // No game to copy: this moment is its own start.
                Snapshot { origin: Origin::Start(Arc::new(Config::default())), keys: Vec::new(), obs: self.obs.clone() }
            }
        }
    }

    /// The hero's state, read from the game at a command wait (`None` at
    /// any other wait, or once the game is over). Looking changes nothing.
    pub fn state(&mut self) -> Option<HeroState> {
        match self.request(Action::State) {
            Some(Resp::State(state)) => {
                let again = self.run.raw_send(None);
                self.take(again);
                state
            }
            other => {
                self.take(other);
                None
            }
        }
    }

    /// Go back to a snapshot (of this session or any other).
    pub fn restore(&mut self, snap: &Snapshot) {
        let r = self.request(Action::Restore(snap.clone()));
        self.take(r);
    }

    /// Leave this game for a new one.
    pub fn new_game(&mut self, config: &Config) {
        let r = self.request(Action::New(Box::new(config.clone())));
        self.take(r);
    }

    /// A second session going on from this moment.
    pub fn fork(&mut self) -> Session {
        let snap = self.snapshot();
        Session::from_snapshot(&snap)
    }

    fn request(&mut self, a: Action) -> Option<Resp> {
        if self.run.is_done() {
            return None;
        }
        self.run.raw_send(Some(Req(a, self.spare.take())))
    }

    /// The game's answer: the next wait, or the end.
    fn take(&mut self, r: Option<Resp>) {
        match r {
            Some(Resp::Wait(o)) => self.spare = Some(std::mem::replace(&mut self.obs, o)),
            Some(Resp::Snapshot(_) | Resp::State(_)) => {}
            Some(Resp::Stopped) | None => {
                if !self.obs.is_over() {
                    self.obs.wait = Wait::Over;
                    self.obs.outcome = Some(Outcome::crashed("the game's coroutine ended".into()));
                }
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // End the run the ordinary way (as running out of keys does), so
        // that the coroutine finishes rather than being cancelled.
        if !self.run.is_done() {
            let _ = self.run.raw_send(Some(Req(Action::Stop, None)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Status;

    /// `Status::parse` as it read with `str::find` and `split`, before the
    /// plain scans.
    fn parse_with_str_find(row: &str) -> Option<Status> {
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
        Some(Status {
            level: num(rest.split_whitespace().next()?)?,
            gold: num(field("Gold:")?)?,
            hp,
            max_hp,
            str,
            max_str,
            arm: num(field("Arm:")?)?,
            exp_level,
            exp,
            hunger,
        })
    }

    /// Status lines and near misses, cut and mangled at random, read the
    /// same both ways.
    #[test]
    fn parse_matches_str_find() {
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
        for line in lines {
            assert_eq!(Status::parse(line), parse_with_str_find(line), "{line:?}");
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
                assert_eq!(Status::parse(&s), parse_with_str_find(&s), "{s:?}");
            }
        }
    }
}
