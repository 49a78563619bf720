//! Everything this package uses of the game crate, in one place: one game
//! as an environment sees it (keys in, fixed-size arrays out), with the
//! rewards, snapshots and records built on `rogue::session`.

use std::path::Path;

use rogue::session::{Config, HeroState, Observation, PromptKind, Session, Snapshot, Wait};
use rogue::{A_CHARTEXT, A_STANDOUT};

use crate::fields::set;
pub use crate::fields::{BLSTATS, COLS, Changed, MSG, NAME, Out, PACK, ROWS, WAITS};
pub const CELLS: usize = ROWS * COLS;

/// The indices of `blstats`: the hero's position first, where NLE has
/// it (`blstats[0]` is x, `[1]` y), then Rogue's own numbers. Python's
/// `BLSTATS_INDICES` is made from [`bl::NAMES`].
pub mod bl {
    pub const X: usize = 0;
    pub const Y: usize = 1;
    pub const DEPTH: usize = 2;
    pub const GOLD: usize = 3;
    pub const HP: usize = 4;
    pub const MAX_HP: usize = 5;
    pub const STR: usize = 6;
    pub const MAX_STR: usize = 7;
    pub const AC: usize = 8;
    pub const EXP_LEVEL: usize = 9;
    pub const EXP: usize = 10;
    pub const HUNGER: usize = 11;
    pub const MOVES: usize = 12;
    pub const MAX_DEPTH: usize = 13;
    pub const AMULET: usize = 14;
    pub const STAIRS: usize = 15;
    /// The names, in index order.
    pub const NAMES: [&str; super::BLSTATS] = [
        "x",
        "y",
        "depth",
        "gold",
        "hp",
        "max_hp",
        "str",
        "max_str",
        "ac",
        "exp_level",
        "exp_points",
        "hunger",
        "moves",
        "max_depth",
        "amulet",
        "stairs",
    ];
}

/// Gold for each new deepest level in `Rogue-v0`'s reward.
pub const DEPTH_BONUS: f64 = 50.0;

/// What a task rewards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Gold gained plus [`DEPTH_BONUS`] per new deepest level.
    Score,
    /// 1 per new deepest level.
    Descend,
    /// Gold gained.
    Gold,
    /// 1 for leaving the dungeon with the Amulet (a victory), else 0.
    Amulet,
}

impl Task {
    pub fn parse(name: &str) -> Option<Task> {
        Some(match name {
            "score" => Task::Score,
            "descend" => Task::Descend,
            "gold" => Task::Gold,
            "amulet" => Task::Amulet,
            _ => return None,
        })
    }
}

/// How a game starts: what `reset(seed=, options=)` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    pub seed: i32,
    pub user: String,
    pub rogueopts: Option<String>,
    pub time: i64,
}

impl Start {
    pub fn config(&self) -> Config {
        Config {
            seed: self.seed,
            user: self.user.clone(),
            rogueopts: self.rogueopts.clone(),
            time: self.time,
            ..Config::default()
        }
    }

    pub fn default_user() -> String {
        Config::default().user
    }

    pub fn default_time() -> i64 {
        Config::default().time
    }

    /// Bytes for a pickled state: the start, then the keys.
    fn encode(&self, keys: &[u8], out: &mut Vec<u8>) {
        out.extend_from_slice(b"R544");
        out.extend_from_slice(&self.seed.to_le_bytes());
        out.extend_from_slice(&self.time.to_le_bytes());
        let field = |out: &mut Vec<u8>, b: &[u8]| {
            out.extend_from_slice(&(b.len() as u32).to_le_bytes());
            out.extend_from_slice(b);
        };
        field(out, self.user.as_bytes());
        match &self.rogueopts {
            Some(o) => {
                out.push(1);
                field(out, o.as_bytes());
            }
            None => out.push(0),
        }
        field(out, keys);
    }
}

/// A byte reader for [`Start::encode`]'s format.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Some(a)
    }
    fn field(&mut self) -> Option<&'a [u8]> {
        let n = u32::from_le_bytes(self.take(4)?.try_into().ok()?) as usize;
        self.take(n)
    }
}

fn decode(bytes: &[u8]) -> Option<(Start, Vec<u8>)> {
    let mut r = Reader(bytes);
    if r.take(4)? != b"R544" {
        return None;
    }
    let seed = i32::from_le_bytes(r.take(4)?.try_into().ok()?);
    let time = i64::from_le_bytes(r.take(8)?.try_into().ok()?);
    let user = String::from_utf8(r.field()?.to_vec()).ok()?;
    let rogueopts = match r.take(1)?[0] {
        0 => None,
        _ => Some(String::from_utf8(r.field()?.to_vec()).ok()?),
    };
    let keys = r.field()?.to_vec();
    Some((Start { seed, user, rogueopts, time }, keys))
}

/// A moment of a game: the start and every key since (which is all a
/// game is, so it restores exactly anywhere), and, in the process that
/// took it, the session's own snapshot (which restores without replaying).
#[derive(Clone)]
pub struct State {
    pub start: Start,
    pub keys: Vec<u8>,
    snap: Option<Snapshot>,
    hero: HeroState,
    /// The game's `pos` and `on_stairs` then.
    pos: (i32, i32),
    on_stairs: bool,
}

impl State {
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.keys.len() + 64);
        self.start.encode(&self.keys, &mut out);
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Option<State> {
        let (start, keys) = decode(bytes)?;
        Some(State { start, keys, snap: None, hero: HeroState::default(), pos: (0, 0), on_stairs: false })
    }
}

/// How a game ended, as the env's `info` says it.
#[derive(Clone, Debug)]
pub struct Ending {
    pub word: &'static str,
    pub killer: Option<String>,
    pub gold: i32,
    pub max_level: i32,
}

/// One game under an environment.
pub struct Game {
    session: Session,
    start: Start,
    task: Task,
    /// Every key the game has read since it started.
    keys: Vec<u8>,
    /// The hero at the last command wait (what the observation shows
    /// until the next).
    hero: HeroState,
    /// Where the hero stood at the last command wait (the cursor is on
    /// her then): column, row.
    pos: (i32, i32),
    /// She stood on the stairs at the last command wait (`>` took her
    /// down then).
    on_stairs: bool,
    /// The pack changed since the last `fill` that was asked for it.
    pack_dirty: bool,
    /// The screen's row stamps at the last `fill` (see
    /// `Terminal::row_stamps`): rows that kept theirs are skipped.
    last_stamps: Vec<u64>,
}

/// The index of a wait's name in [`WAITS`].
const fn wait_named(name: &str) -> i64 {
    let mut i = 0;
    while i < WAITS.len() {
        if konst_eq(WAITS[i], name) {
            return i as i64;
        }
        i += 1;
    }
    panic!("no such wait")
}

const fn konst_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The observation's `wait` number of what the game waits for.
pub fn wait_index(o: &Observation) -> i64 {
    const COMMAND: i64 = wait_named("command");
    const LINE: i64 = wait_named("line");
    const OVER: i64 = wait_named("over");
    match o.wait {
        Wait::Command => COMMAND,
        Wait::Line => LINE,
        Wait::Over => OVER,
        Wait::Key => match o.prompt.kind {
            PromptKind::Key => const { wait_named("key") },
            PromptKind::Command => COMMAND,
            PromptKind::More => const { wait_named("more") },
            PromptKind::Space => const { wait_named("space") },
            PromptKind::YesNo => const { wait_named("yes_no") },
            PromptKind::Direction => const { wait_named("direction") },
            PromptKind::Item => const { wait_named("item") },
            PromptKind::Choice => const { wait_named("choice") },
            PromptKind::Text => const { wait_named("text") },
            PromptKind::Line => LINE,
        },
    }
}

impl Game {
    pub fn new(start: Start, task: Task) -> Game {
        // A start sets no screen size: the default 24 x 80 always passes.
        let session = Session::new(&start.config()).expect("a 24 x 80 config");
        let mut g = Game {
            session,
            start,
            task,
            keys: Vec::new(),
            hero: HeroState::default(),
            pos: (0, 0),
            on_stairs: false,
            pack_dirty: true,
            last_stamps: Vec::new(),
        };
        g.look();
        g
    }

    /// The game `start` and `keys` make (typed one by one, the hero read
    /// at each command wait as when they were played): the same game
    /// exactly, made on this thread.
    pub fn replayed(start: Start, task: Task, keys: &[u8]) -> Game {
        let mut g = Game::new(start, task);
        for &k in keys {
            g.session.send(k);
            g.look();
        }
        g.keys.extend_from_slice(keys);
        g
    }

    /// Leave this game for a new one.
    pub fn reset(&mut self, start: Start) {
        self.session.new_game(&start.config()).expect("a 24 x 80 config");
        self.start = start;
        self.keys.clear();
        self.hero = HeroState::default();
        (self.pos, self.on_stairs) = ((0, 0), false);
        self.pack_dirty = true;
        self.look();
    }

    fn look(&mut self) {
        // Only a command wait has a state to read: elsewhere asking costs
        // a round trip for nothing.
        let o = self.session.observation();
        if o.wait != Wait::Command {
            return;
        }
        // At a command wait the game has put the cursor on the hero, and
        // `>` is taken only on the stairs (and not while she floats).
        let (y, x) = o.cursor();
        self.pos = (x, y);
        self.on_stairs = o.takes(b'>');
        if let Some(h) = self.session.state() {
            if h.pack != self.hero.pack {
                self.pack_dirty = true;
            }
            self.hero = h;
        }
    }

    pub fn obs(&self) -> &Observation {
        self.session.observation()
    }

    pub fn is_over(&self) -> bool {
        self.session.observation().is_over()
    }

    pub fn start(&self) -> &Start {
        &self.start
    }

    pub fn keys(&self) -> &[u8] {
        &self.keys
    }

    /// Type a key; the reward it earned.
    pub fn step(&mut self, key: u8) -> f64 {
        if self.is_over() {
            return 0.0;
        }
        let before = (self.hero.stats.gold, self.hero.max_depth);
        self.keys.push(key);
        self.session.send(key);
        self.look();
        let over = self.session.observation().outcome.as_ref();
        let gold = match over {
            // A winner's gold includes what the pack sold for.
            Some(o) if o.crashed.is_none() => o.gold.max(self.hero.stats.gold),
            _ => self.hero.stats.gold,
        };
        let won = over.is_some_and(|o| o.ending == Some(rogue::Ending::Won));
        let d_gold = f64::from(gold - before.0);
        let d_depth = f64::from((self.hero.max_depth - before.1).max(0));
        match self.task {
            Task::Score => d_gold + DEPTH_BONUS * d_depth,
            Task::Descend => d_depth,
            Task::Gold => d_gold,
            Task::Amulet => f64::from(u8::from(won)),
        }
    }

    /// How the game ended, once it is over.
    pub fn ending(&self) -> Option<Ending> {
        let o = self.obs().outcome.as_ref()?;
        Some(Ending { word: o.word(), killer: o.killer.clone(), gold: o.gold, max_level: o.max_level })
    }

    /// What the env's `info` says at a truncation (an episode cut short
    /// by its step limit): as at an ending, with the gold and the deepest
    /// level so far.
    pub fn truncated(&self) -> Ending {
        Ending { word: "time limit", killer: None, gold: self.hero.stats.gold, max_level: self.hero.max_depth }
    }

    /// Which of `keys` (the action table's) the game takes now: 1 where
    /// the current wait does something with the key (see `mask`).
    pub fn mask(&self, keys: &[u8], allowed: crate::mask::Allowed, out: &mut [i8]) {
        crate::mask::fill(self.obs(), keys, allowed, out);
    }

    /// What the mask is made from: the wait and what its read takes.
    pub fn read(&self) -> (Wait, rogue::session::Prompt) {
        (self.obs().wait, self.obs().prompt)
    }

    pub fn won(&self) -> bool {
        self.obs().outcome.as_ref().is_some_and(|o| o.ending == Some(rogue::Ending::Won))
    }

    /// This moment, to come back to.
    pub fn clone_state(&mut self) -> State {
        let snap = self.session.snapshot();
        State {
            start: self.start.clone(),
            keys: self.keys.clone(),
            snap: Some(snap),
            hero: self.hero.clone(),
            pos: self.pos,
            on_stairs: self.on_stairs,
        }
    }

    /// Back to a moment (of this game or any other).
    pub fn restore_state(&mut self, s: &State) {
        match &s.snap {
            Some(snap) => {
                self.session.restore(snap);
                self.hero = s.hero.clone();
                (self.pos, self.on_stairs) = (s.pos, s.on_stairs);
                self.pack_dirty = true;
            }
            None => {
                // From bytes: the game again from its start, key by key.
                self.session.new_game(&s.start.config()).expect("a 24 x 80 config");
                self.hero = HeroState::default();
                (self.pos, self.on_stairs) = ((0, 0), false);
                self.pack_dirty = true;
                self.look();
                for &k in &s.keys {
                    self.session.send(k);
                    self.look();
                }
            }
        }
        self.start = s.start.clone();
        self.keys = s.keys.clone();
        self.look();
    }

    /// The game so far as a `.case` record that `rogue --replay` and
    /// `rogue-trace` play again.
    pub fn record(&self, path: &Path) -> std::io::Result<()> {
        let s = &self.start;
        let home = format!("/home/{}/", s.user);
        let mut headers = vec![
            ("kind".to_string(), "games".to_string()),
            ("seed".into(), s.seed.to_string()),
            ("time".into(), s.time.to_string()),
            ("pid".into(), s.seed.wrapping_sub(s.time as i32).to_string()),
            ("uid".into(), "1000".into()),
            ("gid".into(), "1000".into()),
            ("user".into(), s.user.clone()),
            ("home".into(), home.clone()),
            ("cwd".into(), home.trim_end_matches('/').to_string()),
            ("term".into(), "vt100".into()),
            ("lines".into(), ROWS.to_string()),
            ("cols".into(), COLS.to_string()),
            ("tz".into(), "UTC".into()),
        ];
        if let Some(o) = &s.rogueopts {
            headers.push(("rogueopts".into(), o.clone()));
        }
        let mut file = rogue::case::record::RecordFile::create(path, headers)?;
        file.recorded_by(concat!("the rogue544 env ", env!("CARGO_PKG_VERSION"), ", env.record()"))?;
        file.push(&self.keys)?;
        let ends = match &self.obs().outcome {
            Some(o) => rogue::case::record::ends_word(o.ending),
            None => "signal",
        };
        file.finish(ends)
    }

    /// Fill one game's arrays: everything with `all`, else what changed
    /// since the last fill of the same arrays (which is said).
    pub fn fill(&mut self, out: Out<'_>, all: bool) -> Changed {
        let mut changed = Changed { all, ..Changed::default() };
        let o = self.session.observation();
        let t = &o.screen;
        let cells = t.cells();
        let whole = t.lines as usize == ROWS && t.cols as usize == COLS && cells.len() == CELLS;
        let stamps = t.row_stamps();
        // A row whose stamp is the one at the last fill holds the same
        // cells: neither converted nor compared again.
        let known = whole && !all && self.last_stamps.len() == ROWS;
        let mut row = [0u8; COLS];
        let mut attr = [0u8; COLS];
        for y in 0..ROWS {
            if known && stamps[y] == self.last_stamps[y] {
                continue;
            }
            if whole {
                for (x, &cell) in cells[y * COLS..(y + 1) * COLS].iter().enumerate() {
                    row[x] = (cell & A_CHARTEXT) as u8;
                    attr[x] = u8::from(cell & A_STANDOUT != 0);
                }
            } else {
                // Another screen size: its top left corner, blanks past it.
                for x in 0..COLS {
                    let inside = (y as i32) < t.lines && (x as i32) < t.cols;
                    row[x] = if inside { o.ch(y as i32, x as i32) } else { b' ' };
                    attr[x] = u8::from(inside && o.standout(y as i32, x as i32));
                }
            }
            let (c, a) = (&mut out.tty_chars[y * COLS..(y + 1) * COLS], &mut out.tty_attrs[y * COLS..(y + 1) * COLS]);
            if all || c != row {
                c.copy_from_slice(&row);
                changed.rows |= 1 << y;
            }
            if all || a != attr {
                a.copy_from_slice(&attr);
                changed.attrs |= 1 << y;
            }
        }
        self.last_stamps.clear();
        if whole {
            self.last_stamps.extend_from_slice(stamps);
        }
        let (cy, cx) = o.cursor();
        set(out.tty_cursor, &[cy.clamp(0, 255) as u8, cx.clamp(0, 255) as u8]);
        let h = &self.hero;
        let mut b = [0; BLSTATS];
        (b[bl::X], b[bl::Y]) = self.pos;
        b[bl::STAIRS] = i32::from(self.on_stairs);
        b[bl::DEPTH] = h.stats.level;
        b[bl::GOLD] = h.stats.gold;
        b[bl::HP] = h.stats.hp;
        b[bl::MAX_HP] = h.stats.max_hp;
        b[bl::STR] = h.stats.str;
        b[bl::MAX_STR] = h.stats.max_str;
        b[bl::AC] = h.stats.arm;
        b[bl::EXP_LEVEL] = h.stats.exp_level;
        b[bl::EXP] = h.stats.exp;
        b[bl::HUNGER] = h.hunger;
        b[bl::MOVES] = i32::try_from(o.keys).unwrap_or(i32::MAX);
        b[bl::MAX_DEPTH] = h.max_depth;
        b[bl::AMULET] = i32::from(h.amulet);
        set(out.blstats, &b);
        // The top line (the first row of `tty_chars`), trailing blanks and
        // a `--More--` removed; kept as it is while that row is (writing
        // it again would only cost a vector's gathering thread the lines).
        if all || changed.rows & 1 != 0 {
            fill_message(out.message, &out.tty_chars[..COLS]);
        }
        set(out.wait, &[wait_index(o)]);
        if all || self.pack_dirty {
            self.pack_dirty = false;
            changed.pack = true;
            out.inv_letters.fill(0);
            out.inv_oclasses.fill(0);
            out.inv_strs.fill(0);
            for (i, item) in h.pack.iter().take(PACK).enumerate() {
                out.inv_letters[i] = item.letter;
                out.inv_oclasses[i] = item.kind;
                let n = item.name.len().min(NAME);
                out.inv_strs[i * NAME..i * NAME + n].copy_from_slice(&item.name[..n]);
            }
        }
        changed
    }
}

/// `message` from the screen's top row: trailing blanks and a `--More--`
/// removed, NUL padded.
fn fill_message(message: &mut [u8], top: &[u8]) {
    let mut n = top.iter().rposition(|&c| c != b' ').map_or(0, |i| i + 1);
    if top[..n].ends_with(b"--More--") {
        n -= 8;
        while n > 0 && top[n - 1] == b' ' {
            n -= 1;
        }
    }
    set(&mut message[..n], &top[..n]);
    if message[n..].iter().any(|&b| b != 0) {
        message[n..].fill(0);
    }
}

/// A recorded case: how its game starts and its keys (`None`: a case a
/// reset cannot start, e.g. one with arguments or files).
pub fn read_case(path: &Path) -> Result<Option<(Start, Vec<u8>)>, String> {
    let case = rogue::case::Case::read(path).map_err(|e| format!("{e:?}"))?;
    Ok(Config::from_case(&case)
        .map(|(c, keys)| (Start { seed: c.seed, user: c.user, rogueopts: c.rogueopts, time: c.time }, keys)))
}

/// The next episode's seed after one from `seed` (the same in a single
/// and a vector env, so the two play the same games).
pub fn next_seed(seed: i32) -> i32 {
    let mut z = (seed as u32 as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z & 0x7fff_ffff) as i32
}
