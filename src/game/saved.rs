//! What a save holds: the C's globals that state.c writes, in groups.
//! `state.rs` writes (and reads back) exactly these, with the RNG's seed
//! and the screen; everything else in [`Game`](super::Game) starts afresh
//! in a restored game (its statics, [`Statics`](super::Statics)), or is
//! the launch's ([`Settings`](super::Settings)) or the machine's
//! ([`Runtime`](super::Runtime)).

use crate::game::ObjInfo;
use crate::game::arena::Arena;
use crate::game::cbuf::CBuf;
use crate::game::consts::*;
use crate::game::thing::*;

/// The hero: her creature, what she wears and wields, her purse and her
/// stomach (saved).
#[derive(Clone)]
pub struct Hero {
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
    /// `lastscore`: the purse before this turn.
    pub lastscore: i32,
}

/// The dungeon: the level's map, rooms, passages, objects and monsters
/// (with the arenas that hold them), the daemons, the bestiary's stats
/// (saved).
#[derive(Clone)]
pub struct Dungeon {
    /// `dnum`: the dungeon number the game was seeded with.
    pub dnum: i32,
    pub level: i32,
    pub max_level: i32,
    pub no_food: i32,
    pub ntraps: i32,
    pub amulet: bool,
    pub seenstairs: bool,
    pub stairs: Coord,
    /// The map, column-major as in C: `places[(x << 5) + y]`.
    pub places: Box<[Place; MAXLINES * MAXCOLS]>,
    /// The monster on each cell of the map (the C's `p_monst`).
    pub moat: Moat,
    pub rooms: [Room; MAXROOMS],
    pub passages: [Room; MAXPASS],
    pub lvl_obj: Vec<ObjId>,
    pub mlist: Vec<MonId>,
    pub objs: Arena<Object>,
    pub mons: Arena<Creature>,
    pub d_list: [DelayedAction; MAXDAEMONS],
    /// The bestiary's stats (`monsters[].m_stats`): the venus flytrap's
    /// damage string is rewritten during play, and saves hold all 26.
    pub monster_stats: [Stats; 26],
    /// `oldpos`, `oldrp`: where the hero was at the last `look()`.
    pub oldpos: Coord,
    pub oldrp: Option<RoomRef>,
    /// weapons.c: the next group number for stackable missiles.
    pub group: i32,
    /// daemons.c: turns since the last wandering monster.
    pub between: i32,
    /// move.c: the spot a move goes to (`nh`).
    pub nh: Coord,
    /// list.c (wizard builds): objects allocated and not freed.
    pub total: i32,
}

/// What the player knows of the items, and the names this game gave them
/// (saved).
#[derive(Clone)]
pub struct Knowledge {
    pub things: [ObjInfo; NUMTHINGS],
    pub arm_info: [ObjInfo; MAXARMORS],
    pub pot_info: [ObjInfo; MAXPOTIONS],
    pub ring_info: [ObjInfo; MAXRINGS],
    pub scr_info: [ObjInfo; MAXSCROLLS],
    pub weap_info: [ObjInfo; MAXWEAPONS + 1],
    pub ws_info: [ObjInfo; MAXSTICKS],
    pub p_colors: [&'static str; MAXPOTIONS],
    /// The scroll titles, shared by copies of the game (set once a game).
    pub s_names: std::sync::Arc<[String; MAXSCROLLS]>,
    pub r_stones: [&'static str; MAXRINGS],
    pub ws_made: [&'static str; MAXSTICKS],
    pub ws_type: [&'static str; MAXSTICKS],
    /// `a_class[]`: armor class by armor type (saved, never changed).
    pub a_class: [i32; MAXARMORS],
    /// `e_levels[]`: experience needed for each level (saved, never
    /// changed).
    pub e_levels: [i32; 21],
}

/// The options and the player's strings (saved).
#[derive(Clone)]
pub struct Options {
    pub terse: bool,
    pub jump: bool,
    pub see_floor: bool,
    pub passgo: bool,
    pub tombstone: bool,
    pub fight_flush: bool,
    pub inv_describe: bool,
    pub lower_msg: bool,
    pub msg_esc: bool,
    pub save_msg: bool,
    pub stat_msg: bool,
    pub inv_type: i32,
    // The name, fruit, home and save file name change only when set (an
    // option, a save): copies of the game share them until then.
    pub whoami: std::sync::Arc<CBuf<MAXSTR>>,
    pub fruit: std::sync::Arc<CBuf<MAXSTR>>,
    pub home: std::sync::Arc<CBuf<MAXSTR>>,
    pub file_name: std::sync::Arc<CBuf<MAXSTR>>,
    /// `huh`: the last message shown (for ^P).
    pub huh: Box<CBuf<MAXSTR>>,
    /// `prbuf`: the C program's buffer for formatted text. Saves hold it
    /// whole, so writes into it are kept byte for byte.
    pub prbuf: Box<CBuf<{ 2 * MAXSTR }>>,
    /// `release`: the version string saved with a game.
    pub release: String,
}

/// The command loop's state: what runs, repeats and was last done
/// (saved).
#[derive(Clone)]
pub struct CommandState {
    pub after: bool,
    pub again: bool,
    pub playing: bool,
    pub running: bool,
    pub to_death: bool,
    pub kamikaze: bool,
    pub door_stop: bool,
    pub firstmove: bool,
    pub has_hit: bool,
    pub move_on: bool,
    pub q_comm: bool,
    pub in_shell: bool,
    pub got_ltc: bool,
    pub orig_dsusp: i32,
    pub count: i32,
    pub mpos: i32,
    pub noscore: i32,
    pub wizard: i32,
    pub n_objs: i32,
    pub dir_ch: u8,
    pub runch: u8,
    pub take: u8,
    pub last_comm: u8,
    pub last_dir: u8,
    pub l_last_comm: u8,
    pub l_last_dir: u8,
    pub last_pick: Option<ObjId>,
    pub l_last_pick: Option<ObjId>,
    /// `delta`: the direction the last `get_dir()` gave.
    pub delta: Coord,
}
