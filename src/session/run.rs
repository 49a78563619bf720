//! The run engine: games driven for a [`Controller`] ([`drive`]) or played
//! by a [`Bot`] ([`play`]), with the snapshots a run can go back to.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use super::line::{LINE_PROMPT, ends_read};
use super::{Config, ConfigError, HeroState, Observation, Outcome, Wait};
use crate::curses::Interrupt;
use crate::curses::model::{KeySource, Prompt, Terminal};
use crate::game::Game;
use crate::game::ending::Exit;

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
    /// Leave this game for a new one. A config that
    /// [`Config::validate`] refuses is not started:
    /// [`Controller::refused`] hears why, then [`Controller::next`] is
    /// asked again at the same wait.
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
    /// Why the config of an [`Action::New`] was refused.
    fn refused(&mut self, _error: ConfigError) {}
}

/// Where a run's keys since its last full copy start from: a new game, or
/// a copy taken at a command wait (with the count of keys read before).
#[derive(Clone)]
pub(super) enum Origin {
    Start(Arc<Config>),
    // The Box is the game as `drive` holds it: its clone writes the copy
    // straight into a new allocation, where `Rc<Game>` would copy the 9 KB
    // game through the stack on the way in and out.
    #[allow(clippy::redundant_allocation)]
    Paused(Rc<Box<Game>>, u64),
}

impl Origin {
    pub(super) fn config(&self) -> Option<&Config> {
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
/// (see [`Session`](super::Session)).
#[derive(Clone)]
pub struct Snapshot {
    pub(super) origin: Origin,
    pub(super) keys: Vec<u8>,
    /// Boxed: a snapshot rides in `Action::Restore`, which every key's
    /// action is as large as.
    pub(super) obs: Box<Observation>,
}

impl Snapshot {
    /// The moment `obs` shows, reached from `origin` by `keys`.
    pub(super) fn new(origin: Origin, keys: Vec<u8>, obs: &Observation) -> Snapshot {
        Snapshot { origin, keys, obs: Box::new(obs.clone()) }
    }

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
    /// What the game said the next key read is for, and what the read
    /// under way is for.
    pending: Option<Prompt>,
    prompt: Prompt,
    leave: Option<Leave>,
}

impl<C: Controller> Run<C> {
    fn ask(&mut self, screen: &Terminal, wait: Wait, prompt: Prompt) -> Result<u8, Interrupt> {
        self.prompt = prompt;
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
                    let snap = Snapshot::new(self.origin.clone(), self.since.clone(), &self.obs);
                    self.controller.snapshot(snap);
                }
                // Leave the game as if its keys had run out: it ends
                // without touching a file.
                Action::Restore(s) => {
                    self.leave = Some(Leave::Restore(s));
                    return Err(Interrupt::EndOfInput);
                }
                Action::New(c) => match c.validate() {
                    Ok(()) => {
                        self.leave = Some(Leave::New(c));
                        return Err(Interrupt::EndOfInput);
                    }
                    Err(e) => self.controller.refused(e),
                },
                Action::Stop => {
                    self.leave = Some(Leave::Stop);
                    return Err(Interrupt::EndOfInput);
                }
            }
        }
    }

    /// The observation of this wait.
    fn fill(&mut self, screen: &Terminal, wait: Wait) {
        // Only the rows whose stamps differ are copied: most waits change
        // a row or two of the screen.
        self.obs.screen.clone_from(screen);
        self.obs.wait = wait;
        self.obs.outcome = None;
        self.obs.keys = self.keys;
        self.obs.prompt = self.prompt;
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

    fn prompt(&mut self, p: Prompt) {
        self.0.borrow_mut().pending = Some(p);
    }

    fn key(&mut self, screen: &Terminal) -> Result<u8, Interrupt> {
        let mut run = self.0.borrow_mut();
        let wait = if run.at_command { Wait::Command } else { Wait::Key };
        let prompt = run.pending.take().unwrap_or(Prompt::ANY);
        run.ask(screen, wait, prompt)
    }

    fn line(&mut self, screen: &Terminal) -> Result<Vec<u8>, Interrupt> {
        let mut run = self.0.borrow_mut();
        run.pending = None;
        let mut out = Vec::new();
        loop {
            let b = run.ask(screen, Wait::Line, LINE_PROMPT)?;
            out.push(b);
            // The keys that end a read in the terminal's normal mode: a
            // newline, a return (ICRNL), end-of-file, and the signal keys;
            // the model's line discipline then makes of them what the
            // terminal does (and asks for more keys if the line goes on).
            if ends_read(b) {
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
/// until it says [`Action::Stop`]; give the controller back. A config the
/// game cannot use is refused before anything runs.
pub fn drive<C: Controller + 'static>(config: &Config, controller: C) -> Result<C, ConfigError> {
    config.validate()?;
    Ok(run_games(config, controller))
}

/// [`drive`] on a config already validated.
pub(super) fn run_games<C: Controller + 'static>(config: &Config, controller: C) -> C {
    let screen = Terminal::new(config.lines, config.cols);
    let run = Rc::new(RefCell::new(Run {
        controller,
        origin: Origin::Start(Arc::new(config.clone())),
        since: Vec::new(),
        keys: 0,
        replay: Default::default(),
        obs: Observation::waiting(&screen, Wait::Key, 0),
        at_command: false,
        pending: None,
        prompt: Prompt::ANY,
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
                    let snap = Snapshot::new(r.origin.clone(), Vec::new(), &r.obs);
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
                    prompt: Prompt::ANY,
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
                let snap = Snapshot::new(r.origin.clone(), r.since.clone(), &r.obs);
                r.controller.snapshot(snap);
            }
            Action::State => r.controller.state(None),
            Action::Restore(s) => return Leave::Restore(s),
            Action::New(c) => match c.validate() {
                Ok(()) => return Leave::New(c),
                Err(e) => r.controller.refused(e),
            },
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
/// bot; a config the game cannot use is refused before anything runs.
pub fn play<B: Bot>(config: &Config, bot: B) -> Result<(Observation, B), ConfigError> {
    let done = drive(config, OneGame { bot, last: None })?;
    let obs = done.last.unwrap_or_else(|| Observation::waiting(&Terminal::new(24, 80), Wait::Over, 0));
    Ok((obs, done.bot))
}

/// The screen after the game, with its outcome.
fn final_observation(g: &mut Game, exit: Exit, keys: u64) -> Observation {
    let screen = g.rt.scr.terminal().cloned().unwrap_or_else(|| Terminal::new(24, 80));
    let outcome = Outcome::of(g, exit);
    Observation { screen, wait: Wait::Over, outcome: Some(outcome), keys, prompt: Prompt::ANY }
}
