//! Many games stepped at once. Each worker thread makes and keeps its own
//! games (a session stays on the thread that made it), fills its own
//! buffers, and the caller copies them into the vector's arrays.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use crate::core::{BLSTATS, CELLS, COLS, Game, NAME, Out, PACK, Start, Task, next_seed, wait_index};

/// The vector's arrays, flat, game after game: a game's observation
/// arrays ([`Out`], here for every game), its wait, and the step's reward
/// and flags.
pub struct Outs<'a> {
    pub obs: Out<'a>,
    pub wait: &'a mut [i64],
    pub reward: &'a mut [f64],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
}

impl Outs<'_> {
    /// Whether the arrays hold `n` games.
    pub fn fit(&self, n: usize) -> bool {
        let o = &self.obs;
        o.chars.len() == n * CELLS
            && o.attrs.len() == n * CELLS
            && o.cursor.len() == n * 2
            && o.blstats.len() == n * BLSTATS
            && o.message.len() == n * COLS
            && o.inv_letters.len() == n * PACK
            && o.inv_types.len() == n * PACK
            && o.inv_names.len() == n * PACK * NAME
            && self.wait.len() == n
            && self.reward.len() == n
            && self.terminated.len() == n
            && self.truncated.len() == n
    }
}

/// A worker's share of the arrays, and its games' rewards and flags.
struct Bufs {
    chars: Vec<u8>,
    attrs: Vec<u8>,
    cursor: Vec<i16>,
    blstats: Vec<i32>,
    message: Vec<u8>,
    letters: Vec<u8>,
    types: Vec<u8>,
    names: Vec<u8>,
    wait: Vec<i64>,
    reward: Vec<f64>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
}

impl Bufs {
    fn new(n: usize) -> Bufs {
        Bufs {
            chars: vec![0; n * CELLS],
            attrs: vec![0; n * CELLS],
            cursor: vec![0; n * 2],
            blstats: vec![0; n * BLSTATS],
            message: vec![0; n * COLS],
            letters: vec![0; n * PACK],
            types: vec![0; n * PACK],
            names: vec![0; n * PACK * NAME],
            wait: vec![0; n],
            reward: vec![0.0; n],
            terminated: vec![false; n],
            truncated: vec![false; n],
        }
    }

    fn fill(&mut self, i: usize, g: &Game) {
        g.fill(Out {
            chars: &mut self.chars[i * CELLS..(i + 1) * CELLS],
            attrs: &mut self.attrs[i * CELLS..(i + 1) * CELLS],
            cursor: &mut self.cursor[i * 2..(i + 1) * 2],
            blstats: &mut self.blstats[i * BLSTATS..(i + 1) * BLSTATS],
            message: &mut self.message[i * COLS..(i + 1) * COLS],
            inv_letters: &mut self.letters[i * PACK..(i + 1) * PACK],
            inv_types: &mut self.types[i * PACK..(i + 1) * PACK],
            inv_names: &mut self.names[i * PACK * NAME..(i + 1) * PACK * NAME],
        });
        self.wait[i] = wait_index(g.obs().wait);
    }

    /// Copy into the vector's arrays from game `lo` on.
    fn copy_to(&self, lo: usize, o: &mut Outs<'_>) {
        fn put<T: Copy>(dst: &mut [T], lo: usize, per: usize, src: &[T]) {
            dst[lo * per..lo * per + src.len()].copy_from_slice(src);
        }
        put(o.obs.chars, lo, CELLS, &self.chars);
        put(o.obs.attrs, lo, CELLS, &self.attrs);
        put(o.obs.cursor, lo, 2, &self.cursor);
        put(o.obs.blstats, lo, BLSTATS, &self.blstats);
        put(o.obs.message, lo, COLS, &self.message);
        put(o.obs.inv_letters, lo, PACK, &self.letters);
        put(o.obs.inv_types, lo, PACK, &self.types);
        put(o.obs.inv_names, lo, PACK * NAME, &self.names);
        put(o.wait, lo, 1, &self.wait);
        put(o.reward, lo, 1, &self.reward);
        put(o.terminated, lo, 1, &self.terminated);
        put(o.truncated, lo, 1, &self.truncated);
    }
}

enum Cmd {
    Reset(Vec<Start>, Bufs),
    Step(Vec<u8>, Bufs),
}

/// A game and its episode's bookkeeping.
struct Slot {
    game: Game,
    steps: u64,
    /// The episode ended at the last step: the next step starts a new one.
    done: bool,
}

fn work(task: Task, max_steps: u64, cmds: Receiver<Cmd>, back: Sender<Bufs>) {
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
                    b.fill(i, &slots[i].game);
                }
                b
            }
            Cmd::Step(keys, mut b) => {
                for (i, (slot, &k)) in slots.iter_mut().zip(&keys).enumerate() {
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
                        slot.done = term || trunc;
                    }
                    b.fill(i, &slot.game);
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
    back: Mutex<Receiver<Bufs>>,
    bufs: Option<Bufs>,
    thread: Option<JoinHandle<()>>,
}

pub struct VecGames {
    n: usize,
    workers: Vec<Worker>,
}

impl VecGames {
    pub fn new(n: usize, task: Task, max_steps: u64, threads: usize) -> VecGames {
        let threads = threads.clamp(1, n.max(1));
        let workers = (0..threads)
            .map(|w| {
                let (lo, hi) = (n * w / threads, n * (w + 1) / threads);
                let (ctx, crx) = channel();
                let (btx, brx) = channel();
                let thread = std::thread::Builder::new()
                    .name(format!("rogue544-{w}"))
                    .spawn(move || work(task, max_steps, crx, btx))
                    .ok();
                Worker { lo, hi, cmds: Some(ctx), back: Mutex::new(brx), bufs: Some(Bufs::new(hi - lo)), thread }
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

    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Send every worker its command, then gather the buffers back into
    /// the arrays. `false` if a worker is gone.
    fn round(&mut self, mut cmd: impl FnMut(&Worker, Bufs) -> Cmd, out: &mut Outs<'_>) -> Result<(), String> {
        for w in &mut self.workers {
            let b = w.bufs.take().ok_or("a worker lost its buffers")?;
            let c = cmd(w, b);
            w.cmds.as_ref().ok_or("a worker is gone")?.send(c).map_err(|_| "a worker is gone")?;
        }
        for w in &mut self.workers {
            let b =
                w.back.lock().map_err(|_| "a worker's channel is poisoned")?.recv().map_err(|_| "a worker stopped")?;
            b.copy_to(w.lo, out);
            w.bufs = Some(b);
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
