//! Many games stepped at once, in chunks: the calling thread steps the
//! first chunk itself while a worker thread steps each other one. Each
//! thread makes and keeps its own games (a session stays on the thread
//! that made it) and fills its own buffers; the caller copies what changed
//! in them into the vector's arrays.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rogue::session::{Prompt, Wait};

use crate::core::{Ending, Game, Start, Task, next_seed};
use crate::fields::{self, Bufs, Changed, Cutter, Out, Place, place, set_one};
use crate::mask::Allowed;

/// The vector's arrays, flat, game after game: the observation ([`Out`],
/// for every game), the step's reward and flags, and the action masks.
pub struct Outs<'a> {
    pub obs: Out<'a>,
    pub reward: &'a mut [f64],
    /// The flags as numpy's bools (0 or 1).
    pub terminated: &'a mut [u8],
    pub truncated: &'a mut [u8],
    pub mask: &'a mut [i8],
}

impl<'a> Outs<'a> {
    /// Where the arrays of `n` games lie in the vector's one buffer, as
    /// [`Outs::cut`] cuts them: (name, byte offset, shape, dtype) each,
    /// and the buffer's size.
    pub fn layout(n: usize, actions: usize) -> (Vec<Place>, usize) {
        let (mut at, mut places) = (0, Vec::new());
        fields::layout(n, &mut at, &mut places);
        places.push(("reward", place::<f64>(&mut at, n), vec![n], "float64"));
        places.push(("terminated", place::<u8>(&mut at, n), vec![n], "bool"));
        places.push(("truncated", place::<u8>(&mut at, n), vec![n], "bool"));
        places.push(("action_mask", place::<i8>(&mut at, n * actions), vec![n, actions], "int8"));
        (places, at)
    }

    /// The arrays, cut from a buffer laid out by [`Outs::layout`].
    pub fn cut(bytes: &'a mut [u8], n: usize, actions: usize) -> Result<Outs<'a>, String> {
        let mut c = Cutter::new(bytes);
        Ok(Outs {
            obs: Out::cut(&mut c, n)?,
            reward: c.cut(n, "reward")?,
            terminated: c.cut(n, "terminated")?,
            truncated: c.cut(n, "truncated")?,
            mask: c.cut(n * actions, "action_mask")?,
        })
    }
}

/// A worker's share: its games' observations, what changed in them, and
/// their rewards, flags and masks.
struct Share {
    bufs: Bufs,
    changed: Vec<Changed>,
    reward: Vec<f64>,
    /// The flags as numpy's bools (0 or 1), as the arrays hold them.
    terminated: Vec<u8>,
    truncated: Vec<u8>,
    mask: Vec<i8>,
    /// How the episodes that ended at this step ended.
    ends: Vec<(usize, Ending)>,
    /// The read each game's mask was made for.
    reads: Vec<Option<(Wait, Prompt)>>,
    /// The keys of a step, for a worker.
    typed: Vec<u8>,
    /// Actions per game (the mask's row).
    actions: usize,
}

impl Share {
    fn new(n: usize, actions: usize) -> Share {
        Share {
            bufs: Bufs::new(n),
            changed: vec![Changed::ALL; n],
            reward: vec![0.0; n],
            terminated: vec![0; n],
            truncated: vec![0; n],
            mask: vec![0; n * actions],
            ends: Vec::new(),
            reads: vec![None; n],
            typed: Vec::with_capacity(n),
            actions,
        }
    }

    /// Game `i`'s observation and mask, after a step (`all`: after a new
    /// game).
    fn fill(&mut self, i: usize, g: &mut Game, keys: &[u8], allowed: Allowed, all: bool) {
        // Every fill is copied out before the next one (each round copies
        // every share), so this fill's changes are all there is to copy.
        self.changed[i] = g.fill(self.bufs.game(i), all);
        // The mask depends only on the wait and what it takes: most steps
        // wait as the step before did.
        let read = g.read();
        if all || self.reads[i] != Some(read) {
            g.mask(keys, allowed, &mut self.mask[i * self.actions..(i + 1) * self.actions]);
            self.reads[i] = Some(read);
        }
    }

    /// Copy into the vector's arrays from game `lo` on.
    fn copy_to(&mut self, lo: usize, o: &mut Outs<'_>) {
        self.bufs.copy_to(lo, &mut o.obs, &self.changed);
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
    /// Step with the keys in the share's `typed`.
    Step(Share),
}

/// A game and its episode's bookkeeping.
struct Slot {
    game: Game,
    steps: u64,
    /// The episode ended at the last step: the next step starts a new one.
    done: bool,
}

/// One thread's games and what they need to know.
struct Chunk {
    slots: Vec<Slot>,
    task: Task,
    max_steps: u64,
    /// The action table's keys (for the masks).
    keys: Vec<u8>,
    /// Which of the keys the game takes the masks allow.
    allowed: Allowed,
}

impl Chunk {
    fn reset(&mut self, starts: &[Start], b: &mut Share) {
        for (i, s) in starts.iter().enumerate() {
            match self.slots.get_mut(i) {
                Some(slot) => {
                    slot.game.reset(s.clone());
                    slot.steps = 0;
                    slot.done = false;
                }
                None => self.slots.push(Slot { game: Game::new(s.clone(), self.task), steps: 0, done: false }),
            }
            b.reward[i] = 0.0;
            b.terminated[i] = 0;
            b.truncated[i] = 0;
            b.fill(i, &mut self.slots[i].game, &self.keys, self.allowed, true);
        }
        b.ends.clear();
    }

    fn step(&mut self, typed: &[u8], b: &mut Share) {
        b.ends.clear();
        for (i, (slot, &k)) in self.slots.iter_mut().zip(typed).enumerate() {
            let fresh = slot.done;
            if slot.done {
                // Next-step autoreset: the key is ignored.
                let old = slot.game.start().clone();
                slot.game.reset(Start { seed: next_seed(old.seed), ..old });
                slot.steps = 0;
                slot.done = false;
                set_one(&mut b.reward[i], 0.0);
                set_one(&mut b.terminated[i], 0);
                set_one(&mut b.truncated[i], 0);
            } else {
                set_one(&mut b.reward[i], slot.game.step(k));
                slot.steps += 1;
                let term = slot.game.is_over();
                let trunc = !term && slot.steps >= self.max_steps;
                set_one(&mut b.terminated[i], u8::from(term));
                set_one(&mut b.truncated[i], u8::from(trunc));
                // What the single env's info says at a game's end, and at
                // a truncation.
                if let Some(e) = slot.game.ending().filter(|_| term) {
                    b.ends.push((i, e));
                } else if trunc {
                    b.ends.push((i, slot.game.truncated()));
                }
                slot.done = term || trunc;
            }
            b.fill(i, &mut slot.game, &self.keys, self.allowed, fresh);
        }
    }
}

/// How long to spin before sleeping on a channel.
const SPIN: Duration = Duration::from_micros(1000);

/// Waiting on a channel: spun for up to a millisecond first, then slept.
/// Steps follow each other within tens of microseconds (Python's side of a
/// step runs between them), and waking a sleeping thread costs about as
/// much as stepping its games, which left the second thread no gain: a
/// spin given up after one long wait (at 50 us) stayed off, and the
/// vector env ran at 1.01x its one-thread rate on an idle machine; spinning
/// every wait brings 1.5-1.6x. The spin never yields the core (a yield on a
/// busy machine can give it away for a whole time slice).
struct Waiter;

impl Waiter {
    fn new() -> Waiter {
        Waiter
    }

    fn next<T>(&mut self, rx: &Receiver<T>) -> Option<T> {
        let start = Instant::now();
        loop {
            for _ in 0..64 {
                match rx.try_recv() {
                    Ok(v) => return Some(v),
                    Err(TryRecvError::Empty) => std::hint::spin_loop(),
                    Err(TryRecvError::Disconnected) => return None,
                }
            }
            if start.elapsed() > SPIN {
                return rx.recv().ok();
            }
        }
    }
}

fn work(mut chunk: Chunk, cmds: Receiver<Cmd>, back: Sender<Share>) {
    let mut waiter = Waiter::new();
    while let Some(cmd) = waiter.next(&cmds) {
        let b = match cmd {
            Cmd::Reset(starts, mut b) => {
                chunk.reset(&starts, &mut b);
                b
            }
            Cmd::Step(mut b) => {
                let typed = std::mem::take(&mut b.typed);
                chunk.step(&typed, &mut b);
                b.typed = typed;
                b
            }
        };
        if back.send(b).is_err() {
            return;
        }
    }
}

/// A worker thread: its games are `lo..hi`.
struct Worker {
    lo: usize,
    hi: usize,
    cmds: Option<Sender<Cmd>>,
    back: Receiver<Share>,
    share: Option<Share>,
    waiter: Waiter,
    thread: Option<JoinHandle<()>>,
}

/// The games: the first chunk on this thread, the others on workers.
pub struct VecGames {
    n: usize,
    /// This thread's games, `0..local_n`, and their buffers.
    local: Chunk,
    local_n: usize,
    local_share: Share,
    workers: Vec<Worker>,
}

impl VecGames {
    pub fn new(n: usize, task: Task, max_steps: u64, threads: usize, keys: Vec<u8>, allowed: Allowed) -> VecGames {
        let threads = threads.clamp(1, n.max(1));
        let actions = keys.len();
        // Equal shares: the calling thread's serial part (Python's side of
        // the step, gathering the workers' buffers) is small beside a game's
        // step, and the old three-quarter share left the worker as the
        // straggler at every step.
        let local_n = if threads == 1 { n } else { (n / threads).max(1) };
        let rest = threads - 1;
        let workers = (1..threads)
            .map(|w| {
                let (lo, hi) = (local_n + (n - local_n) * (w - 1) / rest, local_n + (n - local_n) * w / rest);
                let (ctx, crx) = channel();
                let (btx, brx) = channel();
                let keys = keys.clone();
                // The chunk (its games) is made on its own thread.
                let thread = std::thread::Builder::new()
                    .name(format!("rogue544-{w}"))
                    .spawn(move || work(Chunk { slots: Vec::new(), task, max_steps, keys, allowed }, crx, btx))
                    .ok();
                Worker {
                    lo,
                    hi,
                    cmds: Some(ctx),
                    back: brx,
                    share: Some(Share::new(hi - lo, actions)),
                    waiter: Waiter::new(),
                    thread,
                }
            })
            .collect();
        VecGames {
            n,
            local: Chunk { slots: Vec::new(), task, max_steps, keys, allowed },
            local_n,
            local_share: Share::new(local_n, actions),
            workers,
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Threads stepping the games (this one and the workers).
    pub fn threads(&self) -> usize {
        self.workers.len() + 1
    }

    /// The action table's keys (an action's index is its key's).
    pub fn keys(&self) -> &[u8] {
        &self.local.keys
    }

    /// Actions per game (the masks' rows).
    pub fn actions(&self) -> usize {
        self.local_share.actions
    }

    /// The episodes that ended at the last step: (game, ending).
    pub fn endings(&self) -> Vec<(usize, Ending)> {
        let mut out: Vec<(usize, Ending)> = self.local_share.ends.clone();
        for w in &self.workers {
            if let Some(s) = &w.share {
                out.extend(s.ends.iter().map(|(i, e)| (w.lo + i, e.clone())));
            }
        }
        out
    }

    /// Send every worker its command, do this thread's share meanwhile,
    /// then gather the buffers back into the arrays.
    fn round(
        &mut self,
        mut cmd: impl FnMut(usize, usize, Share) -> Cmd,
        local: impl FnOnce(&mut Chunk, &mut Share),
        out: &mut Outs<'_>,
    ) -> Result<(), String> {
        for w in &mut self.workers {
            let b = w.share.take().ok_or("a worker lost its buffers")?;
            let c = cmd(w.lo, w.hi, b);
            w.cmds.as_ref().ok_or("a worker is gone")?.send(c).map_err(|_| "a worker is gone")?;
        }
        local(&mut self.local, &mut self.local_share);
        self.local_share.copy_to(0, out);
        for w in &mut self.workers {
            let mut b = w.waiter.next(&w.back).ok_or("a worker stopped")?;
            b.copy_to(w.lo, out);
            w.share = Some(b);
        }
        Ok(())
    }

    pub fn reset(&mut self, starts: Vec<Start>, mut out: Outs<'_>) -> Result<(), String> {
        let k = self.local_n;
        self.round(|lo, hi, b| Cmd::Reset(starts[lo..hi].to_vec(), b), |c, b| c.reset(&starts[..k], b), &mut out)
    }

    pub fn step(&mut self, keys: &[u8], mut out: Outs<'_>) -> Result<(), String> {
        let k = self.local_n;
        let step = |lo: usize, hi: usize, mut b: Share| {
            // The share's own buffer carries the keys (no allocation).
            b.typed.clear();
            b.typed.extend_from_slice(&keys[lo..hi]);
            Cmd::Step(b)
        };
        self.round(step, |c, b| c.step(&keys[..k], b), &mut out)
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
