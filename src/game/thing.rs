//! The game's data types (rogue.h): coordinates, stats, the two arms of
//! the C `THING` union as [`Object`] and [`Creature`], rooms, map places and
//! daemon slots. Field names are the original's, so ported code reads like
//! the rule it came from.

use crate::game::arena::Id;
use crate::game::cbuf::CBuf;
use crate::game::consts::{MAXCOLS, MAXLINES};

/// A position, `y` the row and `x` the column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Coord {
    pub x: i32,
    pub y: i32,
}

impl Coord {
    pub const fn new(y: i32, x: i32) -> Self {
        Coord { x, y }
    }
}

pub type ObjId = Id<Object>;
pub type MonId = Id<Creature>;

/// Fighting statistics of the hero or a monster (`struct stats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Strength (a C `unsigned int`).
    pub s_str: u32,
    pub s_exp: i32,
    pub s_lvl: i32,
    pub s_arm: i32,
    pub s_hpt: i32,
    pub s_dmg: CBuf<13>,
    pub s_maxhp: i32,
}

impl Stats {
    /// `INIT_STATS` of extern.c: the hero's starting stats.
    pub fn init_stats() -> Self {
        Stats { s_str: 16, s_exp: 0, s_lvl: 1, s_arm: 10, s_hpt: 12, s_dmg: CBuf::strncpy(b"1x4"), s_maxhp: 12 }
    }
}

/// An item: the object arm of `THING`. A fresh one is all zeros, as
/// `new_item()`'s `calloc` makes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Object {
    /// What kind of object (its glyph: POTION, SCROLL, ...; a C `int`).
    pub o_type: i32,
    pub o_pos: Coord,
    pub o_text: Option<String>,
    pub o_launch: i32,
    pub o_packch: u8,
    pub o_damage: CBuf<8>,
    pub o_hurldmg: CBuf<8>,
    pub o_count: i32,
    pub o_which: i32,
    pub o_hplus: i32,
    pub o_dplus: i32,
    /// Armor class; also the charges of a stick and the value of gold.
    pub o_arm: i32,
    pub o_flags: i32,
    pub o_group: i32,
    pub o_label: Option<String>,
}

impl Object {
    /// A new object with the plusses, damage and armor class every new thing
    /// (and the Amulet) starts with: none, "0x0", and 11.
    pub fn plain() -> Self {
        Object { o_damage: CBuf::strncpy(b"0x0"), o_hurldmg: CBuf::strncpy(b"0x0"), o_arm: 11, ..Object::default() }
    }

    /// The object's glyph as a byte.
    pub fn glyph(&self) -> u8 {
        self.o_type as u8
    }
}

/// Which room a creature is in: a `rooms[]` or a `passages[]` entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoomRef {
    Room(usize),
    Passage(usize),
    /// `&rooms[-1]`: what a restored game holds for a creature that was in
    /// a passage (the save file writes -1 for any room reference not in
    /// `rooms[]`, and the C reads it back unchecked). That memory is zero
    /// padding in the original binary: a room with no flags, no gold, no
    /// exits and no rows, equal only to itself, until the creature's next
    /// step works its room out again.
    Void,
}

/// What a running monster heads for (the coordinate `t_dest` points at).
/// Objects and monsters are named by address, as the C pointer is: a
/// destination compares equal to whatever lives at that address now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dest {
    /// The hero's position.
    Hero,
    /// The gold spot of a room.
    Gold(RoomRef),
    /// A monster's position (its address).
    Monster(u32),
    /// An object's position (its address).
    Object(u32),
}

impl Dest {
    /// `t_dest == &obj->o_pos`.
    pub fn is_object(self, obj: ObjId) -> bool {
        self == Dest::Object(obj.addr())
    }
}

/// The hero or a monster: the creature arm of `THING`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Creature {
    pub t_pos: Coord,
    pub t_turn: bool,
    pub t_type: u8,
    pub t_disguise: u8,
    pub t_oldch: u8,
    pub t_dest: Option<Dest>,
    /// The state word (a C `short`, so ISSLOW is bit 15).
    pub t_flags: u16,
    pub t_stats: Stats,
    pub t_room: Option<RoomRef>,
    pub t_pack: Vec<ObjId>,
    pub t_reserved: i32,
}

impl Creature {
    /// The `on()` macro.
    pub fn on(&self, flag: u16) -> bool {
        self.t_flags & flag != 0
    }
}

/// A weapon as `fight()` and `roll_em()` see it: an object of the game,
/// or one of the two bolts the C keeps outside every list (do_zap's static
/// magic missile, fire_bolt's local flame).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weap {
    Item(ObjId),
    ZapBolt,
    FireBolt,
}

/// A creature by role, as a C `THING *` that points at a creature: the
/// hero (`&player`) or a monster of the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Hero,
    Monster(MonId),
}

/// A room or a passage (`struct room`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Room {
    pub r_pos: Coord,
    pub r_max: Coord,
    pub r_gold: Coord,
    pub r_goldval: i32,
    pub r_flags: i16,
    pub r_nexits: i32,
    pub r_exit: [Coord; 12],
}

impl Room {
    /// The exits in use.
    pub fn exits(&self) -> &[Coord] {
        &self.r_exit[..self.r_nexits.clamp(0, 12) as usize]
    }

    // DEVIATION: the C writes a 13th exit past r_exit[12]; the port drops it; test: deviations::thirteenth_exit_is_dropped
    /// Record an exit. The C array has 12 entries and nothing stops a
    /// 13th; no level needs one, so an overflow is dropped, not written
    /// past the end.
    pub fn add_exit(&mut self, c: Coord) {
        if let Some(slot) = self.r_exit.get_mut(self.r_nexits.max(0) as usize) {
            *slot = c;
        }
        self.r_nexits += 1;
    }
}

/// One cell of the level map (`PLACE`): its character and flags. The
/// C's third field, the monster there (`p_monst`), is kept apart, in a
/// [`Moat`]: a cell of two bytes makes the map that `new_level` clears
/// 5 kB, not 10, and the monsters' layer is cleared only where one stood.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    pub p_ch: u8,
    pub p_flags: u8,
}

impl Place {
    pub const fn new(p_ch: u8, p_flags: u8) -> Self {
        Place { p_ch, p_flags }
    }
}

/// The monster on each cell of the map (`moat()`, the C's `p_monst`),
/// indexed as the map is.
///
/// A monster is kept as its address alone (plus one, 0 for none), in 16
/// bits. Addresses stay below 65,535: a game has at most a few thousand
/// things at once, and a save file with more than `state::MAX_THINGS` is
/// refused. The map names only live monsters (a dying one is taken off
/// first), so the address and the arena give back the full id
/// ([`crate::game::Game::monst_at`]).
#[derive(Clone, Debug)]
pub struct Moat {
    cells: Box<[u16; MAXLINES * MAXCOLS]>,
    /// Bit c: column c may hold a monster; every other column holds none.
    cols: u128,
}

// A bit for each column of the map.
const _: () = assert!(MAXCOLS <= 128 && MAXLINES == 32);

impl PartialEq for Moat {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
    }
}

impl Eq for Moat {}

impl Default for Moat {
    fn default() -> Self {
        Self::new()
    }
}

impl Moat {
    /// No monster on any cell.
    pub fn new() -> Self {
        Moat { cells: Box::new([0; MAXLINES * MAXCOLS]), cols: 0 }
    }

    /// The bit of map index `i`'s column in `cols`.
    fn col_bit(i: usize) -> u128 {
        1 << (i >> 5)
    }

    /// Put a monster on cell `i`, or take it off (`moat(y, x) = tp`).
    pub fn set(&mut self, i: usize, m: Option<MonId>) {
        let addr = m.map_or(0, |m| m.addr() + 1);
        debug_assert!(addr <= u32::from(u16::MAX), "a thing address past 16 bits: {addr}");
        self.cells[i] = addr as u16;
        // A column without its bit holds no monster, so taking one off
        // leaves the bits as they are.
        if addr != 0 {
            self.cols |= Self::col_bit(i);
        }
    }

    /// The address of the monster on cell `i`, if any.
    pub fn addr(&self, i: usize) -> Option<u32> {
        u32::from(self.cells[i]).checked_sub(1)
    }

    /// Whether a monster is on cell `i`.
    pub fn has(&self, i: usize) -> bool {
        self.cells[i] != 0
    }

    /// Whether the column of map index `i` may hold a monster (none is
    /// in a column that cannot).
    pub fn column_may_hold(&self, i: usize) -> bool {
        self.cols & Self::col_bit(i) != 0
    }

    /// Cells `start..start + len` (a run down a column: each nonzero where
    /// a monster is), or `None` past the map's end.
    pub fn run(&self, start: usize, len: usize) -> Option<&[u16]> {
        self.cells.get(start..start.checked_add(len)?)
    }

    /// No monster anywhere (`new_level`'s clear of the map): only the
    /// columns a monster was put in since the last clear are written.
    pub fn clear(&mut self) {
        let mut cols = std::mem::take(&mut self.cols);
        while cols != 0 {
            let c = cols.trailing_zeros() as usize;
            cols &= cols - 1;
            self.cells[c << 5..(c + 1) << 5].fill(0);
        }
    }
}

/// The functions daemons and fuses run; the function pointers of the C
/// `d_list`, named. Their order is not the save file's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DaemonFn {
    Runners,
    Doctor,
    Stomach,
    Swander,
    Rollwand,
    Unconfuse,
    Unsee,
    Sight,
    Nohaste,
    ComeDown,
    Visuals,
    Land,
    TurnSee,
}

impl DaemonFn {
    /// The C function's name.
    pub fn name(self) -> &'static str {
        match self {
            DaemonFn::Runners => "runners",
            DaemonFn::Doctor => "doctor",
            DaemonFn::Stomach => "stomach",
            DaemonFn::Swander => "swander",
            DaemonFn::Rollwand => "rollwand",
            DaemonFn::Unconfuse => "unconfuse",
            DaemonFn::Unsee => "unsee",
            DaemonFn::Sight => "sight",
            DaemonFn::Nohaste => "nohaste",
            DaemonFn::ComeDown => "come_down",
            DaemonFn::Visuals => "visuals",
            DaemonFn::Land => "land",
            DaemonFn::TurnSee => "turn_see",
        }
    }
}

/// A daemon or fuse slot (`struct delayed_action`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DelayedAction {
    /// EMPTY (0), BEFORE (1) or AFTER (2).
    pub d_type: i32,
    pub d_func: Option<DaemonFn>,
    pub d_arg: i32,
    /// The countdown of a fuse, or DAEMON (-1).
    pub d_time: i32,
}

/// A slot's `d_type`.
pub const EMPTY: i32 = 0;
/// A slot's `d_time` when it holds a daemon.
pub const DAEMON: i32 = -1;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::arena::Arena;

    /// A clear of the monsters' layer leaves no monster anywhere, however
    /// they were put, and a cell reads back what was put on it.
    #[test]
    fn a_cleared_moat_has_no_monster_anywhere() {
        let mut arena: Arena<Creature> = Arena::default();
        let id = arena.alloc(Creature::default());
        let mut next = crate::test_dice(99);
        let (mut moat, len) = (Moat::new(), MAXLINES * MAXCOLS);
        for _ in 0..200 {
            for _ in 0..next(20) {
                let i = next(len as u32) as usize;
                moat.set(i, Some(id));
                assert_eq!(moat.addr(i), Some(id.addr()));
                assert!(moat.has(i));
            }
            if next(3) == 0 {
                let i = next(len as u32) as usize;
                moat.set(i, None);
                assert!(!moat.has(i));
            }
            moat.clear();
            assert_eq!(moat, Moat::new());
        }
    }
}
