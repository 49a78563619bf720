//! [`Game`]: every global of the C program (extern.c, and the file statics
//! that outlive a call), held in one value, with the machine it runs on
//! (its [`Host`]), its screen ([`Curses`]) and whoever watches it
//! ([`Observer`]).
//!
//! The fields are grouped by how long they live: what a save holds
//! ([`saved`]: the hero, the dungeon, what is known of the items, the
//! options, the command loop; and the RNG), the C's file statics that a
//! restored game starts afresh ([`Statics`]), the launch's settings
//! ([`Settings`], made once by [`Game::launch`] from a [`Launch`]), the
//! runtime handles ([`Runtime`]) and how the game ended (`outcome`).

pub mod arena;
pub mod armor;
pub mod cbuf;
pub mod cfmt;
pub mod chase;
pub mod cipher;
pub mod command;
pub mod consts;
pub mod daemon;
pub mod daemons;
pub mod data;
pub mod ending;
pub mod fight;
pub mod init;
pub mod io;
pub mod list;
pub mod logfile;
pub mod main_loop;
pub mod misc;
pub mod monsters;
pub mod moves;
pub mod new_level;
pub mod options;
pub mod pack;
pub mod passages;
pub mod potions;
pub mod prompt;
pub mod rings;
pub mod rip;
pub mod rng;
pub mod rooms;
pub mod save;
pub mod saved;
pub mod savefile;
pub mod score;
pub mod scrolls;
pub mod server;
pub mod state;
pub mod sticks;
pub mod thing;
pub mod things;
pub mod weapons;
pub mod wizard;
pub mod xcrypt;

use crate::curses::{Curses, Win, model::Model};
use crate::game::arena::{Arena, Occupant, ThingHeap};
use crate::game::cbuf::CBuf;
use crate::game::consts::*;
use crate::game::data::BaseInfo;
use crate::game::rng::Rng;
use crate::game::thing::*;
use crate::host::{Host, ScriptedHost};

pub use crate::game::ending::{Ending, Flow};
pub use crate::game::saved::{CommandState, Dungeon, Hero, Knowledge, Options};

/// One row of an object table as the game changes it (`struct obj_info`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ObjInfo {
    pub oi_name: Option<&'static str>,
    pub oi_prob: i32,
    pub oi_worth: i32,
    pub oi_guess: Option<String>,
    pub oi_know: bool,
}

impl From<&BaseInfo> for ObjInfo {
    fn from(b: &BaseInfo) -> Self {
        ObjInfo { oi_name: b.name, oi_prob: b.prob, oi_worth: b.worth, oi_guess: None, oi_know: false }
    }
}

fn table<const N: usize>(base: &[BaseInfo; N]) -> [ObjInfo; N] {
    std::array::from_fn(|i| ObjInfo::from(&base[i]))
}

/// Who watches a game from outside: the trace tool, a bot, a replay. The
/// game tells it what only a watcher needs; nothing it answers changes the
/// game, except that a watcher may take the messages instead of the
/// message line (as the oracle's core harness does, FORMAT-core.md §3.2).
pub trait Observer: Send {
    /// A copy for a copy of the game (by default, nobody watches it).
    fn box_clone(&self) -> Box<dyn Observer> {
        Box::new(NoObserver)
    }
    /// The seed at a named point of `new_level()` (the oracle's `stage`
    /// lines).
    fn stage(&mut self, _name: &'static str, _seed: i32) {}
    /// Take the messages instead of drawing them (no `--More--` waits).
    fn records_messages(&self) -> bool {
        false
    }
    /// A message as composed, when [`Observer::records_messages`] is on.
    fn message(&mut self, _text: &[u8]) {}
    /// A saved game is about to be restored from these bytes (a record
    /// keeps them: the file is gone once the game is restored).
    fn restoring(&mut self, _path: &[u8], _bytes: &[u8]) {}
}

/// What a [`Recorder`] saw.
#[derive(Clone, Debug, Default)]
pub struct Record {
    pub messages: Vec<Vec<u8>>,
    pub stages: Vec<(&'static str, i32)>,
}

/// A watcher that takes the messages and notes the stages, for traces and
/// tests; clones share one [`Record`].
#[derive(Clone, Debug, Default)]
pub struct Recorder(pub std::sync::Arc<std::sync::Mutex<Record>>);

impl Recorder {
    /// The messages so far, oldest first, taken out of the record.
    pub fn take_messages(&self) -> Vec<String> {
        std::mem::take(&mut self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).messages)
            .into_iter()
            .map(|m| String::from_utf8_lossy(&m).into_owned())
            .collect()
    }

    /// The stages so far, taken out of the record.
    pub fn take_stages(&self) -> Vec<(&'static str, i32)> {
        std::mem::take(&mut self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).stages)
    }
}

impl Observer for Recorder {
    fn box_clone(&self) -> Box<dyn Observer> {
        Box::new(self.clone())
    }

    fn stage(&mut self, name: &'static str, seed: i32) {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).stages.push((name, seed));
    }

    fn records_messages(&self) -> bool {
        true
    }

    fn message(&mut self, text: &[u8]) {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).messages.push(text.to_vec());
    }
}

/// The watcher of a game nobody watches.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {}

/// The shadow values of the status line (`status()`'s statics): it is
/// redrawn only when one of them changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatusShadow {
    pub hpwidth: i32,
    pub s_hungry: i32,
    pub s_lvl: i32,
    pub s_pur: i32,
    pub s_hp: i32,
    pub s_arm: i32,
    pub s_str: u32,
    pub s_exp: i32,
}

impl Default for StatusShadow {
    fn default() -> Self {
        StatusShadow { hpwidth: 0, s_hungry: 0, s_lvl: 0, s_pur: -1, s_hp: 0, s_arm: 0, s_str: 0, s_exp: 0 }
    }
}

impl Clone for Box<dyn Curses> {
    fn clone(&self) -> Self {
        self.box_clone()
    }
}

impl Clone for Box<dyn Host> {
    fn clone(&self) -> Self {
        self.box_clone()
    }
}

impl Clone for Box<dyn Observer> {
    fn clone(&self) -> Self {
        self.box_clone()
    }
}

/// The score file kept open (`scoreboard`); a copy of the game shares the
/// open file (as a dup of its descriptor would: one offset, one lock, closed
/// with the last copy), without a system call per copy.
#[derive(Clone, Debug, Default)]
pub struct ScoreBoard(pub Option<std::sync::Arc<std::fs::File>>);

/// What a game runs on and reports to: the runtime handles, none of them
/// the C's state and none saved.
#[derive(Clone)]
pub struct Runtime {
    /// The machine: clock, files, environment.
    pub host: Box<dyn Host>,
    /// The screen (curses).
    pub scr: Box<dyn Curses>,
    /// Who watches the game (messages, stages).
    pub obs: Box<dyn Observer>,
    /// The scratch window (`hw`).
    pub hw: Win,
    /// Whether this game made the score file's lock file (and so removes
    /// it when done).
    pub lock_file_held: bool,
    /// The score file, opened at start-up (`scoreboard`); its name and
    /// its lock's are the launch's ([`Settings`]).
    pub scoreboard: ScoreBoard,
    /// `setup()` has given the signals their default actions.
    pub signals_default: bool,
    /// The log of games: its file and what its line needs.
    pub log: logfile::GameLog,
    /// Whether curses echoes typed keys (on after `initscr`, off after
    /// `setup()`); `wgetnstr` echoes by it.
    pub echo: bool,
    /// How an end-of-game read was cut short (end of input, a hangup, a
    /// signal), once one was: the game is decided, so it is recorded all
    /// the same and no later read is tried (`Game::end_read_cut`).
    pub end_cut: Option<ending::Ending>,
    /// With the server switch, the player's name as the game started
    /// with it (the server's): a restore or ROGUEOPTS cannot change it.
    pub fixed_name: Option<Vec<u8>>,
}

/// The whole game. A clone is a snapshot: everything the game holds,
/// its screen included (without keys to read).
#[derive(Clone)]
pub struct Game {
    /// The C's random number generator (its seed is saved).
    pub rng: Rng,
    /// The hero (saved).
    pub hero: Hero,
    /// The dungeon (saved).
    pub dungeon: Dungeon,
    /// What the player knows of the items (saved).
    pub known: std::sync::Arc<Knowledge>,
    /// Options and the player's strings (saved).
    pub opts: Options,
    /// The command loop (saved).
    pub cmd: CommandState,
    /// File statics and unsaved globals.
    pub statics: Statics,
    /// The launch's settings.
    pub cfg: Settings,
    /// The machine, the screen and the watcher.
    pub rt: Runtime,
    /// How the game ended, once it has (for bots; the C just exits).
    pub outcome: Option<crate::game::ending::Ending>,
}

/// The C's file statics and the globals a save does not hold: a restored
/// game starts them afresh, as a new process does.
#[derive(Clone)]
pub struct Statics {
    pub max_hit: i32,
    /// Level making's scratch: the spots the passage numbering has still
    /// to number (not the C's, never saved).
    pub pass_bits: passages::PassBits,
    /// The memory before `rooms[]` that a restored game's room -1 points
    /// at ([`RoomRef::Void`]): zeros, and whatever the game writes there.
    pub void_room: Room,
    /// Where new objects and monsters go (the C's malloc heap).
    pub heap: ThingHeap,
    /// sticks.c: `do_zap()`'s static magic missile and `fire_bolt()`'s
    /// bolt (a local in the C).
    pub zap_bolt: Object,
    pub fire_bolt: Object,
    /// The last key `readchar()` returned (what fire_bolt's uninitialized
    /// bolt holds, see sticks.rs).
    pub last_key: u8,
    /// io.c: the message being composed and where it ends.
    pub msgbuf: Vec<u8>,
    pub newpos: i32,
    /// io.c: `status()`'s shadow values.
    pub status_shadow: StatusShadow,
    /// command.c: the command a count repeats, the count's direction, and
    /// whether a count was just typed.
    pub countch: u8,
    pub direction: u8,
    pub newcount: bool,
    /// command.c: the turns left of the command under way (`ntimes`).
    pub cmd_ntimes: i32,
    /// misc.c: `get_dir()`'s last answer.
    pub last_delt: Coord,
    /// chase.c: where `chase()` takes a monster, and `do_chase()`'s
    /// temporary destination (statics that outlive a call).
    pub ch_ret: Coord,
    pub chase_this: Coord,
    /// chase.c: `runners()`'s copy of the monster list, kept to be reused
    /// (scratch, never saved).
    pub runners_buf: Vec<MonId>,
    /// scrolls.c: where a created monster goes; wizard.c: where a teleport
    /// lands (statics).
    pub create_pos: Coord,
    pub teleport_pos: Coord,
    /// things.c: the paging state of `add_line()`.
    pub line_cnt: i32,
    pub newpage: bool,
    pub lastfmt: Option<Vec<u8>>,
    /// things.c: `add_line()`'s widest line so far (-1: none yet).
    pub add_line_maxlen: i32,
}

/// How the game was launched ([`Launch`], less the handles): never saved,
/// never changed by play.
#[derive(Clone)]
pub struct Settings {
    /// Built with the original's MASTER switch (wizard mode compiled in):
    /// its extra checks and messages apply even outside wizard mode.
    /// Set by the launch only ([`Launch::master`]).
    pub master: bool,
    /// The score file's name and its lock file's.
    pub score_path: Vec<u8>,
    pub lock_path: Vec<u8>,
    /// `--seed`: the dungeon number, instead of the clock and pid.
    pub fixed_dnum: Option<i32>,
    /// `--save-file`: the default save file, instead of ~/rogue.save.
    pub save_path: Option<Vec<u8>>,
    /// The server switch (`--server`, `ROGUE_SERVER`): the save goes only
    /// to `save_path`, the name is fixed, no shell, no path typed in the
    /// game is opened (`game/server.rs`).
    pub server: bool,
}

/// How a game is started: what the command line, a case or a bot's
/// configuration says beyond the machine and the screen. Consumed by
/// [`Game::launch`], the one way to make a game; none of it is saved.
#[derive(Default)]
pub struct Launch {
    /// The score file (`--score-file`); `None`: [`score::SCOREFILE`].
    pub score_path: Option<Vec<u8>>,
    /// The score file's lock; `None`: next to a score file given here
    /// ([`score::lock_path_for`]), else [`score::LOCKFILE`].
    pub lock_path: Option<Vec<u8>>,
    /// The system score file, already open (before privileges are dropped).
    pub scoreboard: Option<std::fs::File>,
    /// The default save file (`--save-file`), instead of ~/rogue.save.
    pub save_path: Option<Vec<u8>>,
    /// The dungeon number (`--seed`, a case's, a bot's), instead of the
    /// clock and pid.
    pub fixed_dnum: Option<i32>,
    /// Built as the original's MASTER (wizard) build.
    pub master: bool,
    /// Who watches the game; `None`: nobody.
    pub observer: Option<Box<dyn Observer>>,
    /// The log of games the player names (`--logfile`), opened with the
    /// player's rights when the game ends.
    pub log_path: Option<Vec<u8>>,
    /// The system log of games ([`logfile::LOGFILE`]), as it was opened
    /// before privileges were dropped (used when `log_path` is `None`).
    pub system_log: Option<(Vec<u8>, std::io::Result<std::fs::File>)>,
    /// The server switch ([`Settings::server`]).
    pub server: bool,
}

impl Launch {
    /// A launch with this dungeon number and nothing else changed.
    pub fn seeded(dnum: i32) -> Self {
        Launch { fixed_dnum: Some(dnum), ..Launch::default() }
    }

    /// The score file and its lock that the game will use: the one place
    /// the lock is put next to a score file named at run time (not in the
    /// working directory).
    pub fn score_files(&self) -> (Vec<u8>, Vec<u8>) {
        let score = self.score_path.clone().unwrap_or_else(|| score::SCOREFILE.as_bytes().to_vec());
        let lock = match (&self.lock_path, &self.score_path) {
            (Some(l), _) => l.clone(),
            (None, Some(s)) => score::lock_path_for(s),
            (None, None) => score::LOCKFILE.as_bytes().to_vec(),
        };
        (score, lock)
    }
}

impl Game {
    /// A game at program start, on the given machine and screen, started
    /// as `launch` says.
    pub fn launch(host: Box<dyn Host>, scr: Box<dyn Curses>, launch: Launch) -> Self {
        Game::launch_with_hw(host, scr, launch, Win::STD)
    }

    /// [`Game::launch`] with the scratch window already made. (The game is
    /// made in one piece, where it is returned to: filling in a made game
    /// would copy its 12 kB once more.)
    fn launch_with_hw(host: Box<dyn Host>, scr: Box<dyn Curses>, launch: Launch, hw: Win) -> Self {
        let (score_path, lock_path) = launch.score_files();
        let cfg = Settings {
            master: launch.master,
            score_path,
            lock_path,
            fixed_dnum: launch.fixed_dnum,
            save_path: launch.save_path,
            server: launch.server,
        };
        let rt = Runtime {
            host,
            scr,
            obs: launch.observer.unwrap_or_else(|| Box::new(NoObserver)),
            hw,
            lock_file_held: false,
            scoreboard: ScoreBoard(launch.scoreboard.map(Into::into)),
            echo: true,
            end_cut: None,
            fixed_name: None,
            signals_default: false,
            log: logfile::GameLog {
                system: launch
                    .system_log
                    .map(|(p, f)| (p, f.map(std::sync::Arc::new).map_err(|e| crate::host::os_error_text(&e)))),
                player: launch.log_path,
                ..logfile::GameLog::default()
            },
        };
        Game::at_start(cfg, rt)
    }

    /// Every global at its initial value, with the launch's settings and
    /// runtime.
    fn at_start(cfg: Settings, rt: Runtime) -> Self {
        let mut passages = [Room::default(); MAXPASS];
        // extern.c initializes only the first 12 of the 13 passages.
        for p in passages.iter_mut().take(12) {
            p.r_flags = ISGONE | ISDARK;
        }
        Game {
            rng: Rng::new(0),
            hero: Hero {
                player: Creature::default(),
                max_stats: Stats::init_stats(),
                cur_armor: None,
                cur_weapon: None,
                cur_ring: [None, None],
                pack_used: [false; 26],
                inpack: 0,
                purse: 0,
                food_left: 0,
                hungry_state: 0,
                no_command: 0,
                no_move: 0,
                quiet: 0,
                vf_hit: 0,
                lastscore: -1,
            },
            dungeon: Dungeon {
                dnum: 0,
                level: 1,
                max_level: 0,
                no_food: 0,
                ntraps: 0,
                amulet: false,
                seenstairs: false,
                stairs: Coord::default(),
                places: Box::new([Place::default(); MAXLINES * MAXCOLS]),
                moat: Moat::new(),
                rooms: [Room::default(); MAXROOMS],
                passages,
                lvl_obj: Vec::new(),
                mlist: Vec::new(),
                objs: Arena::default(),
                mons: Arena::default(),
                d_list: [DelayedAction::default(); MAXDAEMONS],
                monster_stats: std::array::from_fn(|i| data::MONSTERS[i].stats()),
                oldpos: Coord::default(),
                oldrp: None,
                group: 2,
                between: 0,
                nh: Coord::default(),
                total: 0,
            },
            known: std::sync::Arc::new(Knowledge {
                things: table(&data::THINGS),
                arm_info: table(&data::ARM_INFO),
                pot_info: table(&data::POT_INFO),
                ring_info: table(&data::RING_INFO),
                scr_info: table(&data::SCR_INFO),
                weap_info: table(&data::WEAP_INFO),
                ws_info: table(&data::WS_INFO),
                p_colors: [""; MAXPOTIONS],
                s_names: Default::default(),
                r_stones: [""; MAXRINGS],
                ws_made: [""; MAXSTICKS],
                ws_type: [""; MAXSTICKS],
                a_class: data::A_CLASS,
                e_levels: data::E_LEVELS,
            }),
            opts: Options {
                terse: false,
                jump: false,
                see_floor: true,
                passgo: false,
                tombstone: true,
                fight_flush: false,
                inv_describe: true,
                lower_msg: false,
                msg_esc: false,
                save_msg: true,
                stat_msg: false,
                inv_type: 0,
                whoami: std::sync::Arc::new(CBuf::zeroed()),
                fruit: std::sync::Arc::new(CBuf::strncpy(b"slime-mold")),
                home: std::sync::Arc::new(CBuf::zeroed()),
                file_name: std::sync::Arc::new(CBuf::zeroed()),
                huh: Box::new(CBuf::zeroed()),
                prbuf: Box::new(CBuf::zeroed()),
                release: crate::game::consts::RELEASE.to_string(),
            },
            cmd: CommandState {
                after: false,
                again: false,
                playing: true,
                running: false,
                to_death: false,
                kamikaze: false,
                door_stop: false,
                firstmove: false,
                has_hit: false,
                move_on: false,
                q_comm: false,
                in_shell: false,
                got_ltc: false,
                orig_dsusp: 0,
                count: 0,
                mpos: 0,
                noscore: 0,
                wizard: 0,
                n_objs: 0,
                dir_ch: 0,
                runch: 0,
                take: 0,
                last_comm: 0,
                last_dir: 0,
                l_last_comm: 0,
                l_last_dir: 0,
                last_pick: None,
                l_last_pick: None,
                delta: Coord::default(),
            },
            statics: Statics {
                max_hit: 0,
                pass_bits: passages::PassBits::default(),
                void_room: Room::default(),
                heap: ThingHeap::default(),
                zap_bolt: Object::default(),
                fire_bolt: Object::default(),
                last_key: 0,
                msgbuf: Vec::new(),
                newpos: 0,
                status_shadow: StatusShadow::default(),
                countch: 0,
                cmd_ntimes: 0,
                direction: 0,
                newcount: false,
                last_delt: Coord::default(),
                ch_ret: Coord::default(),
                chase_this: Coord::default(),
                runners_buf: Vec::new(),
                create_pos: Coord::default(),
                teleport_pos: Coord::default(),
                line_cnt: 0,
                newpage: false,
                lastfmt: None,
                add_line_maxlen: -1,
            },
            cfg,
            rt,
            outcome: None,
        }
    }

    /// What the player knows, to change: copies share it until one of
    /// them writes (it changes only when something is learned or named, and
    /// a snapshot is a copy of the game).
    pub fn known_mut(&mut self) -> &mut Knowledge {
        std::sync::Arc::make_mut(&mut self.known)
    }

    /// A game on the in-memory curses model of the standard 24 x 80 screen,
    /// on a scripted machine that touches no files.
    pub fn headless() -> Self {
        let mut scr: Box<dyn Curses> = Box::new(Model::standard());
        // make_hw()'s window, made first.
        let hw = Game::new_hw(&mut *scr).unwrap_or(Win::STD);
        Game::launch_with_hw(Box::new(ScriptedHost::nowhere()), scr, Launch::default(), hw)
    }

    /// Have messages recorded instead of shown (no `--More--` waits), and
    /// stages noted; the handle reads them.
    pub fn record(&mut self) -> Recorder {
        let rec = Recorder::default();
        self.rt.obs = Box::new(rec.clone());
        rec
    }

    /// The `INDEX(y, x)` of the C map: column-major, 32 rows a column. The
    /// coordinates must be on the map (`try_index` checks them).
    pub fn index(y: i32, x: i32) -> usize {
        debug_assert!(Self::try_index(y, x).is_some(), "off the map: {y},{x}");
        ((x << 5) + y) as usize
    }

    /// `INDEX(y, x)` for a spot that may be off the map (as one read from
    /// a file may be): `None` there.
    pub fn try_index(y: i32, x: i32) -> Option<usize> {
        ((0..MAXLINES as i32).contains(&y) && (0..MAXCOLS as i32).contains(&x)).then(|| ((x << 5) + y) as usize)
    }

    pub fn place(&self, y: i32, x: i32) -> &Place {
        &self.dungeon.places[Self::index(y, x)]
    }

    pub fn place_mut(&mut self, y: i32, x: i32) -> &mut Place {
        &mut self.dungeon.places[Self::index(y, x)]
    }

    /// `chat(y, x)`: the map character.
    pub fn chat(&self, y: i32, x: i32) -> u8 {
        self.place(y, x).p_ch
    }

    pub fn set_chat(&mut self, y: i32, x: i32, ch: u8) {
        self.place_mut(y, x).p_ch = ch;
    }

    /// `flat(y, x)`: the map flags.
    pub fn flat(&self, y: i32, x: i32) -> u8 {
        self.place(y, x).p_flags
    }

    pub fn flat_mut(&mut self, y: i32, x: i32) -> &mut u8 {
        &mut self.place_mut(y, x).p_flags
    }

    /// `moat(y, x)`: the monster there.
    pub fn moat(&self, y: i32, x: i32) -> Option<MonId> {
        self.monst_at(Self::index(y, x))
    }

    /// The monster on the map cell of index `i`.
    pub fn monst_at(&self, i: usize) -> Option<MonId> {
        self.dungeon.moat.addr(i).and_then(|a| self.dungeon.mons.live_id(a))
    }

    /// `moat(y, x) = m`: put a monster on a cell, or take it off.
    pub fn set_moat(&mut self, y: i32, x: i32, m: Option<MonId>) {
        self.dungeon.moat.set(Self::index(y, x), m);
    }

    /// Whether a monster is on (y, x).
    pub fn has_monst(&self, y: i32, x: i32) -> bool {
        self.dungeon.moat.has(Self::index(y, x))
    }

    /// `chat(y, x)` for a spot that may be off the map (the C reads
    /// whatever memory is there): off the map it is solid rock.
    pub fn chat_safe(&self, y: i32, x: i32) -> u8 {
        Self::try_index(y, x).map_or(b' ', |i| self.dungeon.places[i].p_ch)
    }

    /// `winat(y, x)` for a spot that may be off the map: rock there.
    pub fn winat_safe(&self, y: i32, x: i32) -> u8 {
        if Self::try_index(y, x).is_some() { self.winat(y, x) } else { b' ' }
    }

    /// `winat(y, x)`: what a monster there looks like, else the map.
    pub fn winat(&self, y: i32, x: i32) -> u8 {
        match self.moat(y, x) {
            Some(m) => self.dungeon.mons[m].t_disguise,
            None => self.chat(y, x),
        }
    }

    pub fn room(&self, r: RoomRef) -> &Room {
        match r {
            RoomRef::Room(i) => &self.dungeon.rooms[i],
            RoomRef::Passage(i) => &self.dungeon.passages[i],
            RoomRef::Void => &self.statics.void_room,
        }
    }

    pub fn room_mut(&mut self, r: RoomRef) -> &mut Room {
        match r {
            RoomRef::Room(i) => &mut self.dungeon.rooms[i],
            RoomRef::Passage(i) => &mut self.dungeon.passages[i],
            RoomRef::Void => &mut self.statics.void_room,
        }
    }

    /// `hero`: the hero's position.
    pub fn hero(&self) -> Coord {
        self.hero.player.t_pos
    }

    /// `proom`: the hero's room.
    pub fn proom(&self) -> Option<RoomRef> {
        self.hero.player.t_room
    }

    /// The creature a [`Who`] names.
    pub fn creature(&self, who: Who) -> &Creature {
        match who {
            Who::Hero => &self.hero.player,
            Who::Monster(m) => &self.dungeon.mons[m],
        }
    }

    pub fn creature_mut(&mut self, who: Who) -> &mut Creature {
        match who {
            Who::Hero => &mut self.hero.player,
            Who::Monster(m) => &mut self.dungeon.mons[m],
        }
    }

    /// `ISRING(hand, r)`: is that ring on that hand?
    pub fn is_ring(&self, hand: usize, r: i32) -> bool {
        self.hero.cur_ring[hand].is_some_and(|o| self.dungeon.objs[o].o_which == r)
    }

    /// `ISWEARING(r)`: is that ring on either hand?
    pub fn is_wearing(&self, r: i32) -> bool {
        self.is_ring(LEFT, r) || self.is_ring(RIGHT, r)
    }

    /// Where a `t_dest` points now: the C reads the coordinate at that
    /// address whatever lives there now (see [`arena`]).
    pub fn dest_pos(&self, d: Dest) -> Coord {
        match d {
            Dest::Hero => self.hero.player.t_pos,
            Dest::Gold(r) => self.room(r).r_gold,
            Dest::Monster(addr) => self.pos_at(addr, true),
            Dest::Object(addr) => self.pos_at(addr, false),
        }
    }

    /// The `coord` at a THING address: `t_pos` of a monster or `o_pos` of
    /// an object, read through whichever of the two lives there now (the
    /// union's other arm, when the memory was reused). Freshly `calloc`ed
    /// memory reads as zeros.
    fn pos_at(&self, addr: u32, monster_view: bool) -> Coord {
        match (self.statics.heap.owner(addr), monster_view) {
            (Some(Occupant::Object), false) => self.dungeon.objs.at(addr).map_or_else(Coord::default, |o| o.o_pos),
            (Some(Occupant::Monster), true) => self.dungeon.mons.at(addr).map_or_else(Coord::default, |t| t.t_pos),
            (Some(Occupant::Monster), false) => {
                // o_pos (offsets 20..28) over a monster: t_pos.y, then
                // t_turn, t_type, t_disguise, t_oldch as one int.
                self.dungeon.mons.at(addr).map_or_else(Coord::default, |t| Coord {
                    x: t.t_pos.y,
                    y: i32::from_le_bytes([u8::from(t.t_turn), t.t_type, t.t_disguise, t.t_oldch]),
                })
            }
            (Some(Occupant::Object), true) => {
                // t_pos (offsets 16..24) over an object: o_type, o_pos.x.
                self.dungeon.objs.at(addr).map_or_else(Coord::default, |o| Coord { x: o.o_type, y: o.o_pos.x })
            }
            (None, _) => Coord::default(),
        }
    }

    /// The next level of a headless run of levels from a new game (the
    /// oracle's `levels` harness, the benchmark, the tests): level 1 the
    /// first time, then `next_level()`.
    pub fn dig_next(&mut self) -> Flow {
        if self.dungeon.max_level == 0 { self.new_level() } else { self.next_level() }
    }

    /// `d_level()`'s steps without its checks: one level deeper, stairs
    /// not yet seen, and the new level dug.
    pub fn next_level(&mut self) -> Flow {
        self.dungeon.level += 1;
        self.dungeon.seenstairs = false;
        self.new_level()
    }
}
