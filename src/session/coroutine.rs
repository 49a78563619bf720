//! [`Session`]: a run in a coroutine of its own, one key at a time.

use std::marker::PhantomData;
use std::sync::Arc;

use super::run::Origin;
use super::run::run_games;
use super::{Action, Config, ConfigError, Controller, HeroState, Observation, Outcome, Snapshot, Wait};
use crate::curses::model::Terminal;
use crate::host::coroutine::{Coroutine, Suspender};

// The game reads its keys deep inside its own calls (a `--More--` in the
// middle of a fight), so a caller that hands it one key at a time needs
// the game's stack to wait somewhere between keys. A session runs the game
// on a stack of its own (a stackful coroutine, `host::coroutine`) on the
// caller's thread: handing over a key is a switch of stacks, not of
// threads, and a session costs no thread and no second core.
//
// The game suspends from deep inside its own calls, far from the
// coroutine's function, through the `Suspender` the controller below
// keeps. The suspended stack holds borrows and the game itself, none of
// which may change threads: a `Session` is not `Send` (the marker below).

/// The coroutine's stack (2 MiB; the game needs far less, and only the
/// pages it touches are ever allocated).
const STACK_BYTES: usize = 2 << 20;

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
    suspender: Suspender<Option<Req>, Resp>,
    spare: Option<Observation>,
}

impl Yielding {
    /// Give `r` to the caller and wait for its answer.
    fn exchange(&self, r: Resp) -> Option<Req> {
        self.suspender.suspend(r)
    }
}

impl Yielding {
    /// Hand an observation to the caller; its answer, and the observation
    /// it is done with (kept for the next wait), come back.
    fn hand_over(&mut self, obs: Observation) -> Action {
        match self.exchange(Resp::Wait(obs)) {
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
        let _ = self.exchange(Resp::Snapshot(snap));
    }

    fn state(&mut self, state: Option<HeroState>) {
        let _ = self.exchange(Resp::State(state));
    }
}

/// A game driven a key at a time; see the [module](crate::session) documentation.
///
/// A session stays on the thread that made it: its game is suspended on a
/// stack of its own in the middle of a call, holding borrows that only
/// this thread may use.
///
/// ```compile_fail,E0277
/// use rogue::session::{Config, Session};
///
/// let mut s = Session::new(&Config::default()).unwrap();
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
/// let mut s = Session::new(&Config::default()).unwrap();
/// let mut run = move || {
///     s.send(b'h');
/// };
/// run();
/// ```
pub struct Session {
    run: Coroutine<Option<Req>, Resp, Resp>,
    obs: Observation,
    /// The observation before this one, given back to the game.
    spare: Option<Observation>,
    /// Not `Send`, not `Sync`: see above.
    _this_thread: PhantomData<*const ()>,
}

impl Session {
    /// Start a game; it waits for its first command. A config the game
    /// cannot use is refused ([`Config::validate`]).
    pub fn new(config: &Config) -> Result<Session, ConfigError> {
        config.validate()?;
        Ok(Session::start(config))
    }

    /// [`Session::new`] on a config already validated.
    fn start(config: &Config) -> Session {
        let config_copy = config.clone();
        let run = Coroutine::new(STACK_BYTES, move |suspender, _: Option<Req>| {
            run_games(&config_copy, Yielding { suspender, spare: None });
            Resp::Stopped
        });
        let mut s = Session {
            run,
            obs: Observation::waiting(&Terminal::new(config.lines, config.cols), Wait::Over, 0),
            spare: None,
            _this_thread: PhantomData,
        };
        let first = s.step(None);
        s.take(first);
        s
    }

    /// A new session at a snapshot.
    pub fn from_snapshot(snap: &Snapshot) -> Session {
        // A snapshot's config passed `validate` when its game started.
        let config = snap.origin.config().cloned().unwrap_or_default();
        let mut s = Session::start(&config);
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
                let again = self.step(None);
                self.take(again);
                snap
            }
            other => {
                self.take(other);
                // No game to copy: this moment is its own start.
                Snapshot::new(Origin::Start(Arc::new(Config::default())), Vec::new(), &self.obs)
            }
        }
    }

    /// The hero's state, read from the game at a command wait (`None` at
    /// any other wait, or once the game is over). Looking changes nothing.
    pub fn state(&mut self) -> Option<HeroState> {
        match self.request(Action::State) {
            Some(Resp::State(state)) => {
                let again = self.step(None);
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

    /// Leave this game for a new one; a config the game cannot use is
    /// refused and this game goes on.
    pub fn new_game(&mut self, config: &Config) -> Result<(), ConfigError> {
        config.validate()?;
        let r = self.request(Action::New(Box::new(config.clone())));
        self.take(r);
        Ok(())
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
        let spare = self.spare.take();
        self.step(Some(Req(a, spare)))
    }

    /// Resume the game; `None` once its run is over.
    fn step(&mut self, input: Option<Req>) -> Option<Resp> {
        if self.run.is_done() {
            return None;
        }
        Some(self.run.resume(input).unwrap_or_else(|stopped| stopped))
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
            let _ = self.step(Some(Req(Action::Stop, None)));
        }
    }
}
