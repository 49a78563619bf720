//! A simple screen-reading explorer: it picks every key from the screen
//! alone (as the oracle's recording bot did, FORMAT-games.md §7): it
//! answers `--More--` and prompts, fights what is next to it, walks to the
//! nearest unexplored spot, and after a while on a level heads for the
//! stairs. It drives the headless game as its `KeySource`, for examples,
//! benchmarks and long differential runs against the original.

use std::collections::{HashSet, VecDeque};

use crate::curses::A_CHARTEXT;
use crate::curses::Interrupt;
use crate::curses::model::{KeySource, Terminal};
use crate::game::prompt::STEPS;

/// A small seeded generator (SplitMix64), so a bot's game is reproducible.
#[derive(Clone, Debug)]
pub struct BotRng(u64);

impl BotRng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        BotRng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// 0..n.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }

    /// One chance in n.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }
}

/// The explorer.
#[derive(Clone, Debug)]
pub struct Explorer {
    rng: BotRng,
    /// Keys it may still send; then the input ends.
    pub budget: usize,
    /// Keys sent on the current level, and the level.
    on_level: usize,
    level: String,
    /// Spots it has stood on, this level.
    visited: HashSet<(i32, i32)>,
    /// Where it saw the stairs, this level.
    stairs: Option<(i32, i32)>,
    /// Keys queued to send (a command and its answers).
    queue: VecDeque<u8>,
    /// How long to explore a level before diving.
    pub level_budget: usize,
    /// Every key sent, in order (for making a case of the game).
    pub sent: Vec<u8>,
}

impl Explorer {
    /// An explorer whose choices follow `seed`, sending at most `budget`
    /// keys.
    pub fn new(seed: u64, budget: usize) -> Self {
        Explorer {
            rng: BotRng::new(seed),
            budget,
            on_level: 0,
            level: String::new(),
            visited: HashSet::new(),
            stairs: None,
            queue: VecDeque::new(),
            level_budget: 400,
            sent: Vec::new(),
        }
    }

    /// The key for this screen.
    pub fn decide(&mut self, screen: &Terminal) -> u8 {
        if let Some(k) = self.queue.pop_front() {
            return k;
        }
        let top = screen.row_text(0);
        let bottom = screen.row_text(screen.lines - 1);
        if top.ends_with("--More--") || (0..screen.lines).any(|y| screen.row_text(y).contains("--Press space")) {
            return b' ';
        }
        if bottom.contains("[Press return to continue]") {
            return b'\n';
        }
        if screen.cury == 0 && !top.is_empty() {
            return self.answer(&top);
        }
        // A command.
        let status = bottom.clone();
        let level = status.split_whitespace().nth(1).unwrap_or("").to_string();
        if level != self.level {
            self.level = level;
            self.on_level = 0;
            self.visited.clear();
            self.stairs = None;
        }
        self.on_level += 1;
        let hero = (screen.cury, screen.curx);
        self.visited.insert(hero);
        let map = |y: i32, x: i32| -> u8 {
            if y < 1 || y >= screen.lines - 1 || x < 0 || x >= screen.cols {
                b' '
            } else {
                (screen.at(y, x) & A_CHARTEXT) as u8
            }
        };
        for y in 1..screen.lines - 1 {
            for x in 0..screen.cols {
                if map(y, x) == b'%' {
                    self.stairs = Some((y, x));
                }
            }
        }
        // Hungry: eat.
        if (status.contains("Hungry") || status.contains("Weak")) && self.rng.one_in(3) {
            self.queue.push_back(b'*');
            return b'e';
        }
        // A monster next to her: fight it.
        for &(k, dy, dx) in &STEPS {
            let c = map(hero.0 + dy, hero.1 + dx);
            if c.is_ascii_uppercase() {
                return if self.rng.one_in(8) {
                    self.queue.push_back(k);
                    b'F'
                } else {
                    k
                };
            }
        }
        // Wounded and nothing next to her: rest a while.
        if let Some(st) = crate::session::Status::parse(&status)
            && st.stats.hp * 5 < st.stats.max_hp * 3
            && !self.rng.one_in(4)
        {
            return b's';
        }
        // Now and then something else.
        if self.rng.one_in(25) {
            let cmds = b"iqrewWTPRdtzsDIc)]=@/?^.,";
            let c = cmds[self.rng.below(cmds.len() as u64) as usize];
            return c;
        }
        // On the stairs after a while: down.
        if Some(hero) == self.stairs && self.on_level > self.level_budget / 2 {
            return b'>';
        }
        let target_stairs = self.on_level > self.level_budget && self.stairs.is_some();
        if let Some(k) = self.path_step(hero, &map, target_stairs) {
            if self.rng.one_in(10) {
                return k.to_ascii_uppercase();
            }
            return k;
        }
        if self.rng.one_in(3) {
            return b's';
        }
        STEPS[self.rng.below(8) as usize].0
    }

    /// An answer to a prompt on the top line.
    fn answer(&mut self, top: &str) -> u8 {
        let t = top.to_ascii_lowercase();
        if t.contains("direction") {
            return STEPS[self.rng.below(8) as usize].0;
        }
        if t.contains("really quit") {
            return b'n';
        }
        if t.contains("(* for list)") || t.contains("which") || t.contains("item") {
            if self.rng.one_in(6) {
                return 0x1b;
            }
            return b'a' + self.rng.below(8) as u8;
        }
        if t.contains("call it") || t.contains("name") {
            self.queue.extend(b"x\n");
            return b'y';
        }
        if t.contains("left hand or right") || t.contains("left or right") {
            return if self.rng.one_in(2) { b'l' } else { b'r' };
        }
        if t.contains("what do you want identified") || t.contains("help for") {
            return b'*';
        }
        if t.contains("type") {
            return b'*';
        }
        0x1b
    }

    /// The first step of a shortest walk to an unexplored spot (or the
    /// stairs), over what the screen shows as walkable.
    fn path_step(&mut self, hero: (i32, i32), map: &dyn Fn(i32, i32) -> u8, stairs: bool) -> Option<u8> {
        let walkable = |c: u8| {
            matches!(c, b'.' | b'#' | b'+' | b'%' | b'!' | b'?' | b':' | b')' | b']' | b'=' | b'/' | b'*' | b',')
        };
        let mut seen: HashSet<(i32, i32)> = HashSet::new();
        let mut q: VecDeque<((i32, i32), u8)> = VecDeque::new();
        seen.insert(hero);
        for &(k, dy, dx) in &STEPS {
            let p = (hero.0 + dy, hero.1 + dx);
            if walkable(map(p.0, p.1)) && diag_ok(map, hero, p) {
                seen.insert(p);
                q.push_back((p, k));
            }
        }
        while let Some((p, first)) = q.pop_front() {
            let goal = if stairs {
                Some(p) == self.stairs
            } else {
                !self.visited.contains(&p)
                    && (map(p.0, p.1) != b'.' || STEPS.iter().any(|&(_, dy, dx)| map(p.0 + dy, p.1 + dx) == b' '))
            };
            if goal {
                return Some(first);
            }
            for &(_, dy, dx) in &STEPS {
                let n = (p.0 + dy, p.1 + dx);
                if !seen.contains(&n) && walkable(map(n.0, n.1)) && diag_ok(map, p, n) {
                    seen.insert(n);
                    q.push_back((n, first));
                }
            }
        }
        None
    }
}

/// A diagonal step may not cut a corner.
fn diag_ok(map: &dyn Fn(i32, i32) -> u8, from: (i32, i32), to: (i32, i32)) -> bool {
    if from.0 == to.0 || from.1 == to.1 {
        return true;
    }
    let ok = |c: u8| !matches!(c, b' ' | b'|' | b'-');
    ok(map(to.0, from.1)) && ok(map(from.0, to.1))
}

impl KeySource for Explorer {
    fn key(&mut self, screen: &Terminal) -> Result<u8, Interrupt> {
        if self.budget == 0 {
            return Err(Interrupt::EndOfInput);
        }
        self.budget -= 1;
        let k = self.decide(screen);
        self.sent.push(k);
        Ok(k)
    }
}
