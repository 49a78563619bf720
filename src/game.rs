//! [`Game`]: every global of the C program (extern.c, and the file statics
//! that outlive a call), held in one value.

use crate::arena::Arena;
use crate::cbuf::CBuf;
use crate::consts::*;
use crate::curses::{Curses, Win, model::Model};
use crate::data::{self, BaseInfo};
use crate::rng::Rng;
use crate::thing::*;

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

/// How the game ended, carried back up to the top level (C's `death()`
/// and friends never return; here they return this as an error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `death(monst)`: killed by the monster (or cause) of that code.
    Died(u8),
}

/// Result of anything that can end the game.
pub type Flow<T = ()> = Result<T, Ending>;

/// Messages recorded instead of drawn, as the oracle's harness does
/// (FORMAT-core.md §3.2).
#[derive(Clone, Debug, Default)]
pub struct MsgRecorder {
    pub pending: String,
    pub emitted: Vec<String>,
}

/// The seed at the points of `new_level()` the oracle's `stage` lines show.
#[derive(Clone, Copy, Debug, Default)]
pub struct LevelStages {
    pub do_rooms: i32,
    pub do_passages: i32,
    pub placed: i32,
    pub enter_room: i32,
}

/// The whole game.
pub struct Game {
    pub rng: Rng,
    /// `dnum`: the dungeon number the game was seeded with.
    pub dnum: i32,

    // The screen.
    pub scr: Box<dyn Curses>,
    /// The scratch window (`hw`).
    pub hw: Win,

    // The hero.
    pub player: Creature,
    pub max_stats: Stats,
    pub cur_armor: Option<ObjId>,
    pub cur_weapon: Option<ObjId>,
    pub cur_ring: [Option<ObjId>; 2],
    pub pack_used: [bool; 26],
    pub inpack: i32,
    pub purse: i32,
    pub food_left: i32,
    pub hungry_state: i32,
    pub no_command: i32,
    pub no_move: i32,
    pub quiet: i32,
    pub vf_hit: i32,
    pub max_hit: i32,

    // The dungeon.
    pub level: i32,
    pub max_level: i32,
    pub no_food: i32,
    pub ntraps: i32,
    pub amulet: bool,
    pub seenstairs: bool,
    pub stairs: Coord,
    /// The map, column-major as in C: `places[(x << 5) + y]`.
    pub places: Vec<Place>,
    pub rooms: [Room; MAXROOMS],
    pub passages: [Room; MAXPASS],
    pub lvl_obj: Vec<ObjId>,
    pub mlist: Vec<MonId>,
    pub objs: Arena<Object>,
    pub mons: Arena<Creature>,
    pub d_list: [DelayedAction; MAXDAEMONS],

    // What the player knows of the items.
    pub things: [ObjInfo; NUMTHINGS],
    pub arm_info: [ObjInfo; MAXARMORS],
    pub pot_info: [ObjInfo; MAXPOTIONS],
    pub ring_info: [ObjInfo; MAXRINGS],
    pub scr_info: [ObjInfo; MAXSCROLLS],
    pub weap_info: [ObjInfo; MAXWEAPONS + 1],
    pub ws_info: [ObjInfo; MAXSTICKS],
    pub p_colors: [&'static str; MAXPOTIONS],
    pub s_names: [String; MAXSCROLLS],
    pub r_stones: [&'static str; MAXRINGS],
    pub ws_made: [&'static str; MAXSTICKS],
    pub ws_type: [&'static str; MAXSTICKS],
    /// weapons.c: the next group number for stackable missiles.
    pub group: i32,

    // Options and the player's strings.
    pub terse: bool,
    pub jump: bool,
    pub see_floor: bool,
    pub passgo: bool,
    pub tombstone: bool,
    pub fight_flush: bool,
    pub inv_type: i32,
    pub whoami: CBuf<MAXSTR>,
    pub fruit: CBuf<MAXSTR>,
    pub home: CBuf<MAXSTR>,
    pub file_name: CBuf<MAXSTR>,

    // The command loop.
    pub after: bool,
    pub again: bool,
    pub playing: bool,
    pub running: bool,
    pub to_death: bool,
    pub kamikaze: bool,
    pub count: i32,
    pub mpos: i32,
    pub noscore: bool,

    /// When set, messages are recorded here instead of drawn.
    pub msg_record: Option<MsgRecorder>,
    /// Seeds at the stages of the last `new_level()`.
    pub stages: LevelStages,
}

impl Game {
    /// A game at program start (every global at its initial value), drawing
    /// on the given screen.
    pub fn new(mut scr: Box<dyn Curses>) -> Self {
        let (lines, cols) = (scr.lines(), scr.cols());
        let hw = scr.newwin(lines, cols, 0, 0).unwrap_or(Win::STD);
        let mut passages = [Room::default(); MAXPASS];
        // extern.c initializes only the first 12 of the 13 passages.
        for p in passages.iter_mut().take(12) {
            p.r_flags = ISGONE | ISDARK;
        }
        Game {
            rng: Rng::new(0),
            dnum: 0,
            scr,
            hw,
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
            max_hit: 0,
            level: 1,
            max_level: 0,
            no_food: 0,
            ntraps: 0,
            amulet: false,
            seenstairs: false,
            stairs: Coord::default(),
            places: vec![Place::default(); MAXLINES * MAXCOLS],
            rooms: [Room::default(); MAXROOMS],
            passages,
            lvl_obj: Vec::new(),
            mlist: Vec::new(),
            objs: Arena::default(),
            mons: Arena::default(),
            d_list: [DelayedAction::default(); MAXDAEMONS],
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
            group: 2,
            terse: false,
            jump: false,
            see_floor: true,
            passgo: false,
            tombstone: true,
            fight_flush: false,
            inv_type: 0,
            whoami: CBuf::zeroed(),
            fruit: CBuf::strncpy(b"slime-mold"),
            home: CBuf::zeroed(),
            file_name: CBuf::zeroed(),
            after: false,
            again: false,
            playing: true,
            running: false,
            to_death: false,
            kamikaze: false,
            count: 0,
            mpos: 0,
            noscore: false,
            msg_record: None,
            stages: LevelStages::default(),
        }
    }

    /// A game on the in-memory curses model of the standard 24 x 80 screen.
    pub fn headless() -> Self {
        Game::new(Box::new(Model::standard()))
    }

    /// The `INDEX(y, x)` of the C map: column-major, 32 rows a column.
    pub fn index(y: i32, x: i32) -> usize {
        ((x << 5) + y) as usize
    }

    pub fn place(&self, y: i32, x: i32) -> &Place {
        &self.places[Self::index(y, x)]
    }

    pub fn place_mut(&mut self, y: i32, x: i32) -> &mut Place {
        &mut self.places[Self::index(y, x)]
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
        self.place(y, x).p_monst
    }

    /// `winat(y, x)`: what a monster there looks like, else the map.
    pub fn winat(&self, y: i32, x: i32) -> u8 {
        match self.moat(y, x) {
            Some(m) => self.mons[m].t_disguise,
            None => self.chat(y, x),
        }
    }

    pub fn room(&self, r: RoomRef) -> &Room {
        match r {
            RoomRef::Room(i) => &self.rooms[i],
            RoomRef::Passage(i) => &self.passages[i],
        }
    }

    pub fn room_mut(&mut self, r: RoomRef) -> &mut Room {
        match r {
            RoomRef::Room(i) => &mut self.rooms[i],
            RoomRef::Passage(i) => &mut self.passages[i],
        }
    }

    /// `hero`: the hero's position.
    pub fn hero(&self) -> Coord {
        self.player.t_pos
    }

    /// `proom`: the hero's room.
    pub fn proom(&self) -> Option<RoomRef> {
        self.player.t_room
    }

    /// The creature a [`Who`] names.
    pub fn creature(&self, who: Who) -> &Creature {
        match who {
            Who::Hero => &self.player,
            Who::Monster(m) => &self.mons[m],
        }
    }

    pub fn creature_mut(&mut self, who: Who) -> &mut Creature {
        match who {
            Who::Hero => &mut self.player,
            Who::Monster(m) => &mut self.mons[m],
        }
    }

    /// `ISRING(hand, r)`: is that ring on that hand?
    pub fn is_ring(&self, hand: usize, r: i32) -> bool {
        self.cur_ring[hand].is_some_and(|o| self.objs[o].o_which == r)
    }

    /// `ISWEARING(r)`: is that ring on either hand?
    pub fn is_wearing(&self, r: i32) -> bool {
        self.is_ring(LEFT, r) || self.is_ring(RIGHT, r)
    }

    /// Where a `t_dest` points now. `None` for a destination that no longer
    /// exists (a dangling pointer in the C).
    pub fn dest_pos(&self, d: Dest) -> Option<Coord> {
        match d {
            Dest::Hero => Some(self.player.t_pos),
            Dest::Gold(r) => Some(self.room(r).r_gold),
            Dest::Monster(m) => self.mons.get(m).map(|t| t.t_pos),
            Dest::Object(o) => self.objs.get(o).map(|t| t.o_pos),
        }
    }
}
