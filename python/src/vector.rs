//! Many games stepped at once, in chunks: the calling thread steps the
//! first chunk itself while a worker thread (`crate::pool`) steps each
//! other one. Each thread keeps its own games (a session stays on the
//! thread that made it) and fills its own buffers; the caller copies what
//! changed in them into the vector's arrays.
//!
//! A step waits for every chunk, so a worker the machine does not run (a
//! busy machine gives its core to another program for milliseconds at a
//! time) holds the whole step up, and a step's work is tens of
//! microseconds. So the vector measures itself ([`Balance`]): when its
//! threads step the games more slowly than this thread alone would, every
//! game moves to this thread and the workers sleep; now and then it tries
//! the threads again, less often each time they lose. A game moves by
//! being made again on the other thread from its start and keys (it
//! cannot change threads), which costs about what typing its keys again
//! costs; a game whose episode has ended is made anew.

use std::time::{Duration, Instant};

use rogue::session::{Prompt, Wait};

use crate::core::{Ending, Game, Start, Task, next_seed};
use crate::fields::{self, Bufs, Changed, Cutter, Out, Place, place, set_one};
use crate::mask::Allowed;
use crate::pool::Pool;

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
    /// The games a worker gives up (`Cmd::Give`).
    migrants: Vec<Migrant>,
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
            migrants: Vec::new(),
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

/// A game on its way to another thread: all it is.
pub struct Migrant {
    start: Start,
    keys: Vec<u8>,
    steps: u64,
    done: bool,
}

enum Cmd {
    Reset(Vec<Start>, Share),
    /// Step with the keys in the share's `typed`.
    Step(Share),
    /// Give every game up (into the share's `migrants`).
    Give(Share),
    /// Take these games in place of none (the share is sized for them).
    Take(Vec<Migrant>, Share),
}

/// A game and its episode's bookkeeping.
struct Slot {
    game: Game,
    steps: u64,
    /// The episode ended at the last step: the next step starts a new one.
    done: bool,
    /// Fill every array at the next step (the game is new to its share).
    full: bool,
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
        self.slots.truncate(starts.len());
        for (i, s) in starts.iter().enumerate() {
            match self.slots.get_mut(i) {
                Some(slot) => {
                    slot.game.reset(s.clone());
                    slot.steps = 0;
                    slot.done = false;
                    slot.full = false;
                }
                None => {
                    self.slots.push(Slot { game: Game::new(s.clone(), self.task), steps: 0, done: false, full: false })
                }
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
            let fresh = slot.done || std::mem::take(&mut slot.full);
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

    /// Give up the games from the `from`th on.
    fn give(&mut self, from: usize) -> Vec<Migrant> {
        let gone = self.slots.split_off(from.min(self.slots.len()));
        gone.into_iter()
            .map(|s| Migrant {
                start: s.game.start().clone(),
                keys: s.game.keys().to_vec(),
                steps: s.steps,
                done: s.done,
            })
            .collect()
    }

    /// Take games given up elsewhere, after those held.
    fn take(&mut self, migrants: Vec<Migrant>) {
        for m in migrants {
            // An ended episode is never seen again: the next step starts
            // the next one from its seed.
            let keys: &[u8] = if m.done { &[] } else { &m.keys };
            let game = Game::replayed(m.start, self.task, keys);
            self.slots.push(Slot { game, steps: m.steps, done: m.done, full: true });
        }
    }

    /// Every game is new to its share (a share made anew).
    fn refill(&mut self) {
        for s in &mut self.slots {
            s.full = true;
        }
    }
}

/// A worker's answers: its games, made and kept on its thread.
fn worker(mut chunk: Chunk) -> impl FnMut(Cmd) -> Share {
    move |cmd| match cmd {
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
        Cmd::Give(mut b) => {
            b.migrants = chunk.give(0);
            b
        }
        Cmd::Take(migrants, b) => {
            chunk.take(migrants);
            b
        }
    }
}

/// How long a measurement lasts (at least; and at least [`ROUNDS`] steps).
const WINDOW: Duration = Duration::from_millis(100);
const ROUNDS: u32 = 16;
/// A stay alone lasts at least this many times what the last move of the
/// games cost: a move replays every key of the games moved, as slow as
/// playing them was (tens of microseconds a key for games played at
/// command waits: half a second for 32 games of 500 keys), so trials
/// cost 2% of the time at most.
const MOVES_SHARE: u32 = 50;
/// Steps, and time, after which a clear loss of the threads ends their
/// trial: a quarter of a measurement, so that one late wake-up of a worker
/// (a millisecond or more on a busy machine, as long as dozens of steps)
/// is not taken for a loss.
const EARLY: u32 = 4;
const EARLY_TIME: Duration = Duration::from_millis(25);
/// How long the games stay on this thread before the threads are tried
/// again, after a first loss and at most (each lost trial doubles it; a
/// won trial halves it). The vector starts alone and tries the threads
/// after its first measurement. A trial moves the games there and back,
/// which costs about what typing their keys since they last moved costs
/// (tens to hundreds of milliseconds): seconds apart, trials cost a few
/// percent at most.
const HOLD_FIRST: Duration = Duration::from_secs(4);
const HOLD_MOST: Duration = Duration::from_secs(16);

/// Whether the workers step games now, and the measurements that decide
/// it: the time per game step of the whole vector, and of this thread's
/// own games (what this thread alone would take per game).
struct Balance {
    /// More than one thread was asked for.
    adaptive: bool,
    /// The workers hold games now.
    split: bool,
    /// The current measurement: since when, steps, game steps, the time
    /// the steps took (not Python's time between them, the same either
    /// way), the time in this thread's own games and their game steps.
    start: Instant,
    rounds: u32,
    games: u64,
    took: Duration,
    own: Duration,
    own_games: u64,
    /// Seconds per game step alone, as last measured alone (and when).
    alone: Option<(f64, Instant)>,
    /// The threads are on trial (just tried again after a loss).
    trial: bool,
    /// When the games moved last, and how long to stay alone.
    since: Instant,
    hold: Duration,
    /// The machine's CPU time counters at the last measurement's end.
    cpu: Option<CpuTimes>,
    /// What the last move of the games cost (the stay alone is at least
    /// [`MOVES_SHARE`] times it).
    moving: Duration,
}

/// The machine's CPU time, from the `cpu` line of `/proc/stat` (Linux; in
/// clock ticks): all of it, and the part no program at nice 0 or less
/// wanted (idle, waiting for the disk, or running niced programs, which a
/// worker at nice 0 takes the core from).
#[derive(Clone, Copy)]
struct CpuTimes {
    total: u64,
    spare: u64,
}

impl CpuTimes {
    fn read() -> Option<CpuTimes> {
        let stat = std::fs::read_to_string("/proc/stat").ok()?;
        let line = stat.lines().next()?.strip_prefix("cpu ")?;
        let v: Vec<u64> = line.split_whitespace().filter_map(|f| f.parse().ok()).collect();
        // user nice system idle iowait irq softirq steal (guest time is
        // inside user and nice already).
        let (nice, idle, iowait) = (*v.get(1)?, *v.get(3)?, *v.get(4)?);
        Some(CpuTimes { total: v.iter().take(8).sum(), spare: nice + idle + iowait })
    }

    /// Cores' worth of spare time between `before` and `self`.
    fn spare_cores(self, before: CpuTimes, cores: f64) -> Option<f64> {
        let total = self.total.checked_sub(before.total).filter(|&t| t > 0)?;
        Some(cores * self.spare.saturating_sub(before.spare) as f64 / total as f64)
    }
}

impl Balance {
    fn new(adaptive: bool) -> Balance {
        let now = Instant::now();
        Balance {
            adaptive,
            split: false,
            start: now,
            rounds: 0,
            games: 0,
            took: Duration::ZERO,
            own: Duration::ZERO,
            own_games: 0,
            alone: None,
            trial: false,
            since: now,
            hold: Duration::ZERO,
            cpu: CpuTimes::read(),
            moving: Duration::ZERO,
        }
    }

    /// The games moved, which took `cost`.
    fn moved(&mut self, cost: Duration) {
        self.moving = cost;
        self.hold = self.hold.max(cost * MOVES_SHARE);
        self.restart();
    }

    fn restart(&mut self) {
        self.start = Instant::now();
        if self.adaptive {
            self.cpu = CpuTimes::read();
        }
        self.rounds = 0;
        self.games = 0;
        self.took = Duration::ZERO;
        self.own = Duration::ZERO;
        self.own_games = 0;
    }

    /// A step of `games` games took `took`, `own_games` of them stepped
    /// by this thread in `own`. Whether the games should move: `Some(true)`
    /// to the threads, `Some(false)` all to this thread.
    fn stepped(&mut self, games: usize, took: Duration, own: Duration, own_games: usize) -> Option<bool> {
        if !self.adaptive {
            return None;
        }
        self.rounds += 1;
        self.games += games as u64;
        self.took += took;
        self.own += own;
        self.own_games += own_games as u64;
        let now = Instant::now();
        let per_game = self.took.as_secs_f64() / self.games as f64;
        // (The first measurement alone is as long as the others: a
        // shorter one, of new games on cold caches, made a poor measure
        // of the cost alone, which the threads are judged against.)
        let full = self.rounds >= ROUNDS && now - self.start >= WINDOW;
        let decision = if self.split {
            // Alone, each game would take what this thread's own take now,
            // or what all took alone at the last measurement alone, the
            // larger: games differ (one at a prompt costs far less than
            // one playing a turn), so this thread's share alone can
            // make a winning split look lost (seen: 35 us a step against
            // 64 alone, judged lost); a machine that got busy makes the
            // threads lose by far more.
            let mut alone = self.own.as_secs_f64() / self.own_games.max(1) as f64;
            if let Some((t, _)) = self.alone {
                alone = alone.max(t);
            }
            // A whole measurement decides, with a margin (a spurious loss
            // would cost the moves of the games and seconds alone; one
            // stall of a worker, a few milliseconds, is not a loss); on
            // trial, a clear loss ends it early.
            let lost = if full {
                per_game >= 1.05 * alone
            } else {
                self.trial && self.rounds >= EARLY && now - self.start >= EARLY_TIME && per_game > 2.0 * alone
            };
            if lost {
                // Alone for a while: longer after each lost trial; soon
                // again when the threads had been winning (other work
                // came, and may go).
                self.hold = if self.trial { (self.hold * 2).clamp(HOLD_FIRST, HOLD_MOST) } else { HOLD_FIRST };
                self.hold = self.hold.max(self.moving * MOVES_SHARE);
                self.trial = false;
                Some(false)
            } else {
                if full && self.trial {
                    self.hold = (self.hold / 2).max(self.moving * MOVES_SHARE);
                    self.trial = false;
                }
                None
            }
        } else if full {
            self.alone = Some((per_game, now));
            // The threads are tried only when the machine has a core's
            // worth to spare beside this thread (half of one, measured):
            // otherwise a worker only takes turns with other programs,
            // and each trial costs the moves of the games there and back.
            // Where the machine does not say, the trials' own schedule.
            let cpu = CpuTimes::read();
            let cores = std::thread::available_parallelism().map_or(1.0, |c| c.get() as f64);
            let spare = cpu.zip(self.cpu).and_then(|(now, before)| now.spare_cores(before, cores));
            if now - self.since >= self.hold && spare.is_none_or(|c| c >= 0.5) {
                self.trial = true;
                Some(true)
            } else {
                None
            }
        } else {
            None
        };
        if full || decision.is_some() {
            self.restart();
        }
        if let Some(split) = decision {
            self.split = split;
            self.since = now;
        }
        decision
    }
}

/// The games: the first chunk on this thread, the others on workers.
pub struct VecGames {
    n: usize,
    /// This thread's games, `0..local.slots.len()`, and their buffers.
    local: Chunk,
    local_share: Share,
    /// Worker `w`'s games, `ranges[w]` (empty while this thread has all),
    /// and its buffers while it does not hold them.
    ranges: Vec<(usize, usize)>,
    shares: Vec<Option<Share>>,
    pool: Pool<Cmd, Share>,
    balance: Balance,
    /// The episodes that ended at the last step (kept apart from the
    /// shares, which a move of the games after the step makes anew).
    ended: Vec<(usize, Ending)>,
}

/// This thread's games and each worker's when `threads` share `n`:
/// equal shares (the calling thread's serial part, Python's side of the
/// step and gathering the workers' buffers, is small beside a game's step,
/// and a three-quarter share for it left the worker the straggler).
fn shares_of(n: usize, threads: usize) -> (usize, Vec<(usize, usize)>) {
    let local_n = if threads == 1 { n } else { (n / threads).max(1) };
    let rest = threads - 1;
    let ranges =
        (1..threads).map(|w| (local_n + (n - local_n) * (w - 1) / rest, local_n + (n - local_n) * w / rest)).collect();
    (local_n, ranges)
}

impl VecGames {
    pub fn new(n: usize, task: Task, max_steps: u64, threads: usize, keys: Vec<u8>, allowed: Allowed) -> VecGames {
        let threads = threads.clamp(1, n.max(1));
        let actions = keys.len();
        // Every game starts on this thread; the balance tries the workers
        // after its first measurement.
        let (_, workers) = shares_of(n, threads);
        let (local_n, ranges) = (n, workers.iter().map(|&(_, hi)| (hi, hi)).collect::<Vec<_>>());
        let pool = Pool::new(
            "rogue544",
            ranges.iter().map(|_| {
                let keys = keys.clone();
                // The chunk (its games) is made on its own thread.
                move || worker(Chunk { slots: Vec::new(), task, max_steps, keys, allowed })
            }),
        );
        VecGames {
            n,
            shares: ranges.iter().map(|&(lo, hi)| Some(Share::new(hi - lo, actions))).collect(),
            ranges,
            local: Chunk { slots: Vec::new(), task, max_steps, keys, allowed },
            local_share: Share::new(local_n, actions),
            pool,
            balance: Balance::new(threads > 1),
            ended: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Threads that may step the games (this one and the workers).
    pub fn threads(&self) -> usize {
        self.pool.len() + 1
    }

    /// Threads stepping the games now (1 while this one has them all).
    pub fn active_threads(&self) -> usize {
        1 + self.ranges.iter().filter(|(lo, hi)| hi > lo).count()
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
        self.ended.clone()
    }

    /// Gather the step's endings from the shares.
    fn collect_endings(&mut self) {
        self.ended.clear();
        self.ended.extend(self.local_share.ends.iter().cloned());
        for (&(lo, hi), s) in self.ranges.iter().zip(&self.shares) {
            if let Some(s) = s.as_ref().filter(|_| hi > lo) {
                self.ended.extend(s.ends.iter().map(|(i, e)| (lo + i, e.clone())));
            }
        }
    }

    /// Send every worker that holds games its command, do this thread's
    /// share meanwhile, then gather the buffers back into the arrays. The
    /// time this thread's own share took.
    fn round(
        &mut self,
        mut cmd: impl FnMut(usize, usize, Share) -> Cmd,
        local: impl FnOnce(&mut Chunk, &mut Share),
        out: &mut Outs<'_>,
    ) -> Result<Duration, String> {
        for (w, &(lo, hi)) in self.ranges.iter().enumerate() {
            if hi > lo {
                let b = self.shares[w].take().ok_or("a worker lost its buffers")?;
                self.pool.send(w, cmd(lo, hi, b))?;
            }
        }
        let t = Instant::now();
        local(&mut self.local, &mut self.local_share);
        let own = t.elapsed();
        self.local_share.copy_to(0, out);
        for (w, &(lo, hi)) in self.ranges.iter().enumerate() {
            if hi > lo {
                let mut b = self.pool.recv(w)?;
                b.copy_to(lo, out);
                self.shares[w] = Some(b);
            }
        }
        Ok(own)
    }

    pub fn reset(&mut self, starts: Vec<Start>, mut out: Outs<'_>) -> Result<(), String> {
        let k = self.local.slots.len().max(self.local_share.reward.len());
        self.round(|lo, hi, b| Cmd::Reset(starts[lo..hi].to_vec(), b), |c, b| c.reset(&starts[..k], b), &mut out)?;
        self.ended.clear();
        Ok(())
    }

    pub fn step(&mut self, keys: &[u8], mut out: Outs<'_>) -> Result<(), String> {
        let k = self.local.slots.len();
        let step = |lo: usize, hi: usize, mut b: Share| {
            // The share's own buffer carries the keys (no allocation).
            b.typed.clear();
            b.typed.extend_from_slice(&keys[lo..hi]);
            Cmd::Step(b)
        };
        let t = Instant::now();
        let own = self.round(step, |c, b| c.step(&keys[..k], b), &mut out)?;
        let took = t.elapsed();
        self.collect_endings();
        let t = Instant::now();
        match self.balance.stepped(self.n, took, own, k) {
            Some(true) => self.spread()?,
            Some(false) => self.gather()?,
            None => return Ok(()),
        }
        self.balance.moved(t.elapsed());
        Ok(())
    }

    /// Move the games now: to the threads (`true`) or all to this thread,
    /// as the balance would (for tests).
    pub fn move_games(&mut self, to_threads: bool) -> Result<(), String> {
        if to_threads == (self.active_threads() > 1) {
            return Ok(());
        }
        self.balance.split = to_threads;
        self.balance.since = Instant::now();
        self.balance.restart();
        if to_threads { self.spread() } else { self.gather() }
    }

    /// Every game to this thread; the workers sleep.
    fn gather(&mut self) -> Result<(), String> {
        for (w, &(lo, hi)) in self.ranges.iter().enumerate() {
            if hi > lo {
                let b = self.shares[w].take().ok_or("a worker lost its buffers")?;
                self.pool.send(w, Cmd::Give(b))?;
            }
        }
        let actions = self.actions();
        for w in 0..self.ranges.len() {
            let (lo, hi) = self.ranges[w];
            if hi > lo {
                let mut b = self.pool.recv(w)?;
                self.local.take(std::mem::take(&mut b.migrants));
                self.shares[w] = Some(Share::new(0, actions));
                self.ranges[w] = (hi, hi);
            }
        }
        self.local.refill();
        self.local_share = Share::new(self.n, actions);
        Ok(())
    }

    /// The games shared out again, equally.
    fn spread(&mut self) -> Result<(), String> {
        let actions = self.actions();
        let (local_n, ranges) = shares_of(self.n, self.pool.len() + 1);
        let mut moving = self.local.give(local_n);
        for (w, &(lo, hi)) in ranges.iter().enumerate().rev() {
            let theirs = moving.split_off(lo - local_n);
            self.pool.send(w, Cmd::Take(theirs, Share::new(hi - lo, actions)))?;
        }
        for w in 0..ranges.len() {
            self.shares[w] = Some(self.pool.recv(w)?);
        }
        self.ranges = ranges;
        self.local.refill();
        self.local_share = Share::new(local_n, actions);
        Ok(())
    }
}
