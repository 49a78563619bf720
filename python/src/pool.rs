//! Worker threads that keep what they make: the one home of the threads
//! the vector env and the dataset's replayer step their games on.
//!
//! A game's session cannot change threads (its game waits on a stack of
//! its own in the middle of a call, and what it holds is not `Send`), so a
//! worker is made from a function run on its own thread, which makes the
//! worker's state there (its games) and keeps it to the end. The caller
//! hands each worker commands and takes its answers back, one answer per
//! command, in order.
//!
//! Waiting, on either side, spins briefly and then sleeps on the channel
//! (a futex), and a send wakes the other side only when it sleeps: on an
//! idle machine a vector env's steps follow each other within tens of
//! microseconds, and a wake-up costs about as much as a worker's share of
//! a step, so a short spin keeps the hand-over cheap; on a busy machine
//! a waiting thread gives its core away after [`SPIN`] instead of
//! holding it (spinning for a millisecond made every other program on
//! the machine, and so this one, slower).

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a waiting thread spins before it sleeps.
pub const SPIN: Duration = Duration::from_micros(50);

/// The next message of `rx`: spun for up to [`SPIN`], then slept for;
/// `None` when the other side is gone. The spin never yields the core (a
/// yield on a busy machine can give it away for a whole time slice).
fn next<T>(rx: &Receiver<T>) -> Option<T> {
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

struct Worker<C, R> {
    cmds: Option<Sender<C>>,
    /// Behind a lock only so that a pool can be shared between threads
    /// (one caller at a time uses it; the lock is never contended).
    back: Mutex<Receiver<R>>,
    thread: Option<JoinHandle<()>>,
}

/// Worker threads taking commands `C` and answering `R`.
pub struct Pool<C, R> {
    workers: Vec<Worker<C, R>>,
}

impl<C: Send + 'static, R: Send + 'static> Pool<C, R> {
    /// One worker per maker: each maker runs on its worker's thread and
    /// makes there the function that answers the commands (with whatever
    /// state it keeps, which never leaves that thread).
    pub fn new<M, W>(name: &str, makers: impl IntoIterator<Item = M>) -> Pool<C, R>
    where
        M: FnOnce() -> W + Send + 'static,
        W: FnMut(C) -> R,
    {
        let workers = makers
            .into_iter()
            .enumerate()
            .map(|(i, make)| {
                let (ctx, crx) = channel::<C>();
                let (btx, brx) = channel::<R>();
                let thread = std::thread::Builder::new()
                    .name(format!("{name}-{i}"))
                    .spawn(move || {
                        let mut answer = make();
                        while let Some(c) = next(&crx) {
                            if btx.send(answer(c)).is_err() {
                                return;
                            }
                        }
                    })
                    .ok();
                Worker { cmds: Some(ctx), back: Mutex::new(brx), thread }
            })
            .collect();
        Pool { workers }
    }

    pub fn len(&self) -> usize {
        self.workers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.workers.is_empty()
    }

    /// Hand worker `w` a command.
    pub fn send(&self, w: usize, c: C) -> Result<(), String> {
        let worker = self.workers.get(w).ok_or("no such worker")?;
        worker.cmds.as_ref().ok_or("a worker is gone")?.send(c).map_err(|_| "a worker is gone".to_string())
    }

    /// Worker `w`'s answer to its oldest unanswered command.
    pub fn recv(&self, w: usize) -> Result<R, String> {
        let worker = self.workers.get(w).ok_or("no such worker")?;
        let back = worker.back.lock().map_err(|_| "a worker's channel is poisoned")?;
        next(&back).ok_or_else(|| "a worker stopped".to_string())
    }
}

impl<C, R> Drop for Pool<C, R> {
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

/// `f(state, i)` for every `i` in `0..len`, on `threads` threads for the
/// call, each taking the next index when done with one (uneven work evens
/// out), each with a state of its own made on it (`S::default()`, say the
/// session it reuses); the answers in index order (`None` where `f` gave
/// none).
pub fn each<S: Default, T: Send>(
    len: usize,
    threads: usize,
    f: impl Fn(&mut S, usize) -> Option<T> + Sync,
) -> Vec<Option<T>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let found: Mutex<Vec<Option<T>>> = Mutex::new((0..len).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, len.max(1)) {
            s.spawn(|| {
                let mut state = S::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= len {
                        return;
                    }
                    let v = f(&mut state, i);
                    if let Ok(mut found) = found.lock() {
                        found[i] = v;
                    }
                }
            });
        }
    });
    found.into_inner().unwrap_or_default()
}
