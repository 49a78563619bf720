//! Many games stepped at once. Each worker thread makes and keeps its own
//! games (a session stays on the thread that made it), fills its own
//! buffers, and the caller copies them into the vector's arrays.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use crate::core::{Ending, Game, Start, Task, next_seed};
use crate::fields::{Bufs, Changed, Out};

/// The vector's arrays, flat, game after game: the observation ([`Out`],
/// for every game), the step's reward and flags, and the action masks.
pub struct Outs<'a> {
    pub obs: Out<'a>,
    pub reward: &'a mut [f64],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub mask: &'a mut [i8],
}

/// A worker's share: its games' observations, what changed in them, and
/// their rewards, flags and masks.
struct Share {
    bufs: Bufs,
    changed: Vec<Changed>,
    reward: Vec<f64>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    mask: Vec<i8>,
    /// How the episodes that ended at this step ended.
    ends: Vec<(usize, Ending)>,
    /// Actions per game (the mask's row).
    actions: usize,
}

impl Share {
    fn new(n: usize, actions: usize) -> Share {
        Share {
            bufs: Bufs::new(n),
            changed: vec![Changed::ALL; n],
            reward: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
            mask: vec![0; n * actions],
            ends: Vec::new(),
            actions,
        }
    }

    /// Game `i`'s observation and mask, after a step (`all`: after a new
    /// game).
    fn fill(&mut self, i: usize, g: &mut Game, keys: &[u8], all: bool) {
        let c = g.fill(self.bufs.game(i), all);
        // A change not yet copied out stays marked until it is.
        let was = self.changed[i];
        self.changed[i] = Changed { rows: was.rows | c.rows, pack: was.pack || c.pack, all: was.all || c.all };
        g.mask(keys, &mut self.mask[i * self.actions..(i + 1) * self.actions]);
    }

    /// Copy into the vector's arrays from game `lo` on.
    fn copy_to(&mut self, lo: usize, o: &mut Outs<'_>) {
        self.bufs.copy_to(lo, &mut o.obs, &self.changed);
        self.changed.fill(Changed::default());
        fn put<T: Copy>(dst: &mut [T], lo: usize, per: usize, src: &[T]) {
            dst[lo * per..lo * per + src.len()].copy_from_slice(src);
        }
        put(o.reward, lo, 1, &self.reward);
        put(o.terminated, lo, 1, &self.terminated);
        put(o.truncated, lo, 1, &self.truncated);
        put(o.mask, lo, self.actions, &self.mask);
    }
}

enum Cmd {
    Reset(Vec<Start>, Share),
    Step(Vec<u8>, Share),
}

/// A game and its episode's bookkeeping.
struct Slot {
    game: Game,
    steps: u64,
    /// The episode ended at the last step: the next step starts a new one.
    done: bool,
}

fn work(task: Task, max_steps: u64, keys: Vec<u8>, cmds: Receiver<Cmd>, back: Sender<Share>) {
    let mut slots: Vec<Slot> = Vec::new();
    for cmd in cmds {
        let b = match cmd {
            Cmd::Reset(starts, mut b) => {
                for (i, s) in starts.into_iter().enumerate() {
                    match slots.get_mut(i) {
                        Some(slot) => {
                            slot.game.reset(s);
                            slot.steps = 0;
                            slot.done = false;
                        }
                        None => slots.push(Slot { game: Game::new(s, task), steps: 0, done: false }),
                    }
                    b.reward[i] = 0.0;
                    b.terminated[i] = false;
                    b.truncated[i] = false;
                    b.fill(i, &mut slots[i].game, &keys, true);
                }
                b
            }
            Cmd::Step(typed, mut b) => {
                b.ends.clear();
                for (i, (slot, &k)) in slots.iter_mut().zip(&typed).enumerate() {
                    let fresh = slot.done;
                    if slot.done {
                        // Next-step autoreset: the key is ignored.
                        let old = slot.game.start().clone();
                        slot.game.reset(Start { seed: next_seed(old.seed), ..old });
                        slot.steps = 0;
                        slot.done = false;
                        b.reward[i] = 0.0;
                        b.terminated[i] = false;
                        b.truncated[i] = false;
                    } else {
                        b.reward[i] = slot.game.step(k);
                        slot.steps += 1;
                        let term = slot.game.is_over();
                        let trunc = !term && slot.steps >= max_steps;
                        b.terminated[i] = term;
                        b.truncated[i] = trunc;
                        // What the single env's info says at a game's end.
                        if let Some(e) = slot.game.ending().filter(|_| term) {
                            b.ends.push((i, e));
                        }
                        slot.done = term || trunc;
                    }
                    b.fill(i, &mut slot.game, &keys, fresh);
                }
                b
            }
        };
        if back.send(b).is_err() {
            return;
        }
    }
}

struct Worker {
    lo: usize,
    hi: usize,
    cmds: Option<Sender<Cmd>>,
    /// Behind a lock only so that the vector can be shared (it is used
    /// by one caller at a time).
    back: Mutex<Receiver<Share>>,
    share: Option<Share>,
    thread: Option<JoinHandle<()>>,
}

pub struct VecGames {
    n: usize,
    workers: Vec<Worker>,
}

impl VecGames {
    pub fn new(n: usize, task: Task, max_steps: u64, threads: usize, keys: Vec<u8>) -> VecGames {
        let threads = threads.clamp(1, n.max(1));
        let workers = (0..threads)
            .map(|w| {
                let (lo, hi) = (n * w / threads, n * (w + 1) / threads);
                let (ctx, crx) = channel();
                let (btx, brx) = channel();
                let (keys, actions) = (keys.clone(), keys.len());
                let thread = std::thread::Builder::new()
                    .name(format!("rogue544-{w}"))
                    .spawn(move || work(task, max_steps, keys, crx, btx))
                    .ok();
                Worker {
                    lo,
                    hi,
                    cmds: Some(ctx),
                    back: Mutex::new(brx),
                    share: Some(Share::new(hi - lo, actions)),
                    thread,
                }
            })
            .collect();
        VecGames { n, workers }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Actions per game (the masks' rows).
    pub fn actions(&self) -> usize {
        self.workers.first().and_then(|w| w.share.as_ref()).map_or(0, |s| s.actions)
    }

    /// The episodes that ended at the last step: (game, ending).
    pub fn endings(&self) -> Vec<(usize, Ending)> {
        let mut out = Vec::new();
        for w in &self.workers {
            if let Some(s) = &w.share {
                out.extend(s.ends.iter().map(|(i, e)| (w.lo + i, e.clone())));
            }
        }
        out
    }

    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Send every worker its command, then gather the buffers back into
    /// the arrays. `false` if a worker is gone.
    fn round(&mut self, mut cmd: impl FnMut(&Worker, Share) -> Cmd, out: &mut Outs<'_>) -> Result<(), String> {
        for w in &mut self.workers {
            let b = w.share.take().ok_or("a worker lost its buffers")?;
            let c = cmd(w, b);
            w.cmds.as_ref().ok_or("a worker is gone")?.send(c).map_err(|_| "a worker is gone")?;
        }
        for w in &mut self.workers {
            let mut b =
                w.back.lock().map_err(|_| "a worker's channel is poisoned")?.recv().map_err(|_| "a worker stopped")?;
            b.copy_to(w.lo, out);
            w.share = Some(b);
        }
        Ok(())
    }

    pub fn reset(&mut self, starts: Vec<Start>, mut out: Outs<'_>) -> Result<(), String> {
        self.round(|w, b| Cmd::Reset(starts[w.lo..w.hi].to_vec(), b), &mut out)
    }

    pub fn step(&mut self, keys: &[u8], mut out: Outs<'_>) -> Result<(), String> {
        self.round(|w, b| Cmd::Step(keys[w.lo..w.hi].to_vec(), b), &mut out)
    }
}

impl Drop for VecGames {
    fn drop(&mut self) {
        for w in &mut self.workers {
            // Closing its channel ends the worker's loop.
            w.cmds = None;
        }
        for w in &mut self.workers {
            if let Some(t) = w.thread.take() {
                let _ = t.join();
            }
        }
    }
}
