//! state.c: the record sequence of a save file (`rs_save_file`,
//! `rs_restore_file`), byte for byte as Rogue 5.4.4 writes it.
//!
//! Every primitive value is its own cipher piece ([`SaveWriter::piece`]):
//! ints are 4 bytes little-endian (state.c swaps on big-endian hosts, so
//! the files are little-endian everywhere), shorts 2 bytes, chars and
//! booleans one. A char array is its length as an int, then one piece of
//! the whole array (bytes after the NUL included). A string is its length
//! (strlen+1, or 0 for NULL) twice, then the bytes with their NUL: so an
//! empty string is `1, 1, "\0"` and a NULL one `0, 0` and no bytes. Lists
//! are counted, and pointers are written as indexes: objects into the list
//! they are in, rooms into `rooms[]`, monsters into `mlist`, potion colors,
//! ring stones and stick materials into the static name tables (scroll
//! titles, being made up, are saved as text).
//!
//! Restoring follows the C reader. Where the C reader is looser than the
//! writer, the port reads a genuine 5.4.4 file to the same game; where a
//! value is one the writer never produces and the C would then read or
//! write out of bounds, call through a null function or use an
//! unterminated string (or where the port's game code would index out of
//! its tables), the port answers a [`StateError`] instead. The C checks
//! markers and counts too, but its `restore()` ignores the result and
//! plays whatever was read so far; the port's caller gets the error.

use std::fmt;

use crate::curses::{Chtype, Win};
use crate::game::cipher::{SaveReader, SaveWriter, Truncated};
use crate::game::consts::*;
use crate::game::data::{INV_T_NAME, METAL, RAINBOW, STONES, TR_NAME, WOOD};
use crate::game::thing::*;
use crate::game::{Game, ObjInfo};

// The record markers.
const RSID_STATS: u32 = 0xABCD_0001;
const RSID_THING: u32 = 0xABCD_0002;
const RSID_OBJECT: u32 = 0xABCD_0003;
const RSID_MAGICITEMS: u32 = 0xABCD_0004;
const RSID_OBJECTLIST: u32 = 0xABCD_0007;
const RSID_MONSTERLIST: u32 = 0xABCD_0009;
const RSID_MONSTERS: u32 = 0xABCD_000B;
const RSID_WINDOW: u32 = 0xABCD_000D;
const RSID_DAEMONS: u32 = 0xABCD_000E;

/// How many objects or monsters one list may hold: one per map cell is
/// far beyond any level, and keeps a forged count from making the reader
/// allocate without end.
const MAX_LIST: i32 = (MAXLINES * MAXCOLS) as i32;
/// The most turns asleep a save may hold: far above the game's own
/// maximum (about 60, see `rs_restore_file`), and few enough turns to
/// compute in a blink.
const MAX_NO_COMMAND: i32 = 1000;
// DEVIATION: the C restores any armor class, bonus, hit points or experience, and sums and products of them overflow (undefined in C); the port refuses a save past these bounds, far beyond play, as damaged; test: no_hang::a_save_with_absurd_numbers_is_refused
/// Armor classes and bonuses (`o_arm` also holds gold and charges: gold
/// at the deepest level a save may hold is about a million), far past
/// what play reaches, and small enough that the game's arithmetic on them
/// (worth x 100, sums) cannot overflow.
const MAX_BONUS: i32 = 10_000_000;
/// A room's corner and size, gone or not (the map is 80 x 32).
const MAX_ROOM_SPAN: i32 = 10_000;
/// Hit points and experience: the same, for sums of small numbers.
const MAX_POINTS: i32 = 1_000_000_000;
/// The largest saved screen accepted (a terminal of 1000 x 1000).
const MAX_SCREEN: i32 = 1000;
// DEVIATION: the C mallocs every thing a save lists (2560 monsters of 2560 things each would do); the port refuses a file with more than MAX_THINGS in all; test: state_roundtrip::a_file_with_more_things_than_the_map_can_name_is_refused
/// The most objects and monsters a file may hold in all. The map keeps a
/// monster's address in 16 bits ([`crate::game::thing::Place`]); the lists
/// alone would allow 2560 monsters with 2560 things each. The C mallocs
/// them all; the port refuses the file, leaving room for a few thousand
/// more things in play. No game comes near: a level has a few dozen.
const MAX_THINGS: u32 = 60_000;

/// What is wrong with a save file's state. `offset` is where the bad
/// piece starts in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// The file ends inside (or before) a piece.
    Truncated { offset: usize, wanted: usize, what: &'static str },
    /// A record marker is not the one due here.
    Marker { offset: usize, expected: u32, found: u32 },
    /// A value the 5.4.4 writer never produces and the game cannot use.
    Invalid { offset: usize, what: &'static str, value: i64 },
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Truncated { offset, wanted, what } => {
                write!(f, "offset {offset}: file ends inside {what} ({wanted} bytes wanted)")
            }
            StateError::Marker { offset, expected, found } => {
                write!(f, "offset {offset}: record marker {found:#010x} where {expected:#010x} is due")
            }
            StateError::Invalid { offset, what, value } => write!(f, "offset {offset}: bad {what}: {value}"),
        }
    }
}

impl std::error::Error for StateError {}

type Res<T> = Result<T, StateError>;

// ---------------------------------------------------------------------
// Writing.

/// The primitive writes of state.c, each one cipher piece.
struct Out<'a>(&'a mut SaveWriter);

impl Out<'_> {
    fn int(&mut self, v: i32) {
        self.0.piece(&v.to_le_bytes());
    }

    fn uint(&mut self, v: u32) {
        self.0.piece(&v.to_le_bytes());
    }

    fn short(&mut self, v: u16) {
        self.0.piece(&v.to_le_bytes());
    }

    fn char(&mut self, c: u8) {
        self.0.piece(&[c]);
    }

    fn boolean(&mut self, b: bool) {
        self.0.piece(&[u8::from(b)]);
    }

    fn marker(&mut self, id: u32) {
        self.uint(id);
    }

    /// `rs_write_chars`: the count, then the bytes as one piece.
    fn chars(&mut self, c: &[u8]) {
        self.int(c.len() as i32);
        self.0.piece(c);
    }

    /// `rs_write_string`: NULL is a length of 0 (and no bytes); a string
    /// is strlen+1 and its bytes with the NUL.
    fn string(&mut self, s: Option<&[u8]>) {
        match s {
            None => {
                self.int(0);
                self.chars(&[]);
            }
            Some(s) => {
                let n = s.iter().position(|&b| b == 0).unwrap_or(s.len());
                let mut bytes = s[..n].to_vec();
                bytes.push(0);
                self.int(bytes.len() as i32);
                self.chars(&bytes);
            }
        }
    }

    fn ints(&mut self, v: &[i32]) {
        self.int(v.len() as i32);
        for &i in v {
            self.int(i);
        }
    }

    fn booleans(&mut self, v: &[bool]) {
        self.int(v.len() as i32);
        for &b in v {
            self.boolean(b);
        }
    }

    fn strings(&mut self, v: &[&str]) {
        self.int(v.len() as i32);
        for s in v {
            self.string(Some(s.as_bytes()));
        }
    }

    fn coord(&mut self, c: Coord) {
        self.int(c.x);
        self.int(c.y);
    }

    fn stats(&mut self, s: &Stats) {
        self.marker(RSID_STATS);
        self.uint(s.s_str);
        self.int(s.s_exp);
        self.int(s.s_lvl);
        self.int(s.s_arm);
        self.int(s.s_hpt);
        self.chars(&s.s_dmg.0);
        self.int(s.s_maxhp);
    }

    fn object(&mut self, o: &Object) {
        // o_text is not saved.
        self.marker(RSID_OBJECT);
        self.int(o.o_type);
        self.coord(o.o_pos);
        self.int(o.o_launch);
        self.char(o.o_packch);
        self.chars(&o.o_damage.0);
        self.chars(&o.o_hurldmg.0);
        self.int(o.o_count);
        self.int(o.o_which);
        self.int(o.o_hplus);
        self.int(o.o_dplus);
        self.int(o.o_arm);
        self.int(o.o_flags);
        self.int(o.o_group);
        self.string(o.o_label.as_deref().map(str::as_bytes));
    }

    fn object_list(&mut self, g: &Game, list: &[ObjId]) {
        self.marker(RSID_OBJECTLIST);
        self.int(list.len() as i32);
        for &o in list {
            self.object(&g.dungeon.objs[o]);
        }
    }

    /// `rs_write_room_reference`: the index into `rooms[]`; -1 for no
    /// room and for a passage.
    fn room_ref(&mut self, r: Option<RoomRef>) {
        self.int(match r {
            Some(RoomRef::Room(i)) if i < MAXROOMS => i as i32,
            _ => -1,
        });
    }

    fn room(&mut self, r: &Room) {
        self.coord(r.r_pos);
        self.coord(r.r_max);
        self.coord(r.r_gold);
        self.int(r.r_goldval);
        self.short(r.r_flags as u16);
        self.int(r.r_nexits);
        for &e in &r.r_exit {
            self.coord(e);
        }
    }

    fn rooms(&mut self, rooms: &[Room]) {
        self.int(rooms.len() as i32);
        for r in rooms {
            self.room(r);
        }
    }

    /// `rs_write_thing` of a creature (the writer's NULL case, a 0 after
    /// the marker, never happens: the hero and list members exist).
    fn thing(&mut self, g: &Game, t: &Creature) {
        self.marker(RSID_THING);
        self.int(1);
        self.coord(t.t_pos);
        self.boolean(t.t_turn);
        self.char(t.t_type);
        self.char(t.t_disguise);
        self.char(t.t_oldch);
        let (list, index) = dest_code(g, t.t_dest);
        self.int(list);
        self.int(index);
        self.short(t.t_flags);
        self.stats(&t.t_stats);
        self.room_ref(t.t_room);
        self.object_list(g, &t.t_pack);
    }

    fn obj_info(&mut self, table: &[ObjInfo]) {
        // oi_name is a constant of the program: not saved.
        self.marker(RSID_MAGICITEMS);
        self.int(table.len() as i32);
        for i in table {
            self.int(i.oi_prob);
            self.int(i.oi_worth);
            self.string(i.oi_guess.as_deref().map(str::as_bytes));
            self.boolean(i.oi_know);
        }
    }
}

/// What a `t_dest` is saved as: (0,0) none, (0,1) the hero, (1,i) the
/// i-th monster of `mlist`, (2,i) the i-th object of `lvl_obj`, (3,i) the
/// gold of `rooms[i]`. The C finds the pointer among those coordinates by
/// address, so a destination whose thing is no longer in its list (or a
/// passage's gold) matches none of them and is saved as the hero.
fn dest_code(g: &Game, d: Option<Dest>) -> (i32, i32) {
    let found = match d {
        None => return (0, 0),
        Some(Dest::Hero) => None,
        Some(Dest::Monster(addr)) => g.dungeon.mlist.iter().position(|m| m.addr() == addr).map(|i| (1, i)),
        Some(Dest::Object(addr)) => g.dungeon.lvl_obj.iter().position(|o| o.addr() == addr).map(|i| (2, i)),
        Some(Dest::Gold(RoomRef::Room(i))) => (i < MAXROOMS).then_some((3, i)),
        Some(Dest::Gold(RoomRef::Passage(_) | RoomRef::Void)) => None,
    };
    found.map_or((0, 1), |(l, i)| (l, i as i32))
}

/// The save file's number of a daemon function (`rs_write_daemons`): the
/// nine it knows, 0 for none, and -1 for the four it does not know.
fn daemon_id(f: Option<DaemonFn>) -> i32 {
    match f {
        None => 0,
        Some(DaemonFn::Rollwand) => 1,
        Some(DaemonFn::Doctor) => 2,
        Some(DaemonFn::Stomach) => 3,
        Some(DaemonFn::Runners) => 4,
        Some(DaemonFn::Swander) => 5,
        Some(DaemonFn::Nohaste) => 6,
        Some(DaemonFn::Unconfuse) => 7,
        Some(DaemonFn::Unsee) => 8,
        Some(DaemonFn::Sight) => 9,
        Some(DaemonFn::ComeDown | DaemonFn::Visuals | DaemonFn::Land | DaemonFn::TurnSee) => -1,
    }
}

/// `rs_write_string_index`: where a name is in its table, -1 if nowhere.
/// The C compares pointers; the tables hold no name twice, so comparing
/// text finds the same entry.
fn name_index(table: &[&str], name: &str) -> i32 {
    table.iter().position(|&t| t == name).map_or(-1, |i| i as i32)
}

/// `rs_save_file`: write the whole game.
pub fn rs_save_file(g: &Game, w: &mut SaveWriter) {
    let mut o = Out(w);
    write_globals(g, &mut o);
    write_window(g, &mut o);
}

fn write_globals(g: &Game, o: &mut Out) {
    o.boolean(g.cmd.after);
    o.boolean(g.cmd.again);
    o.int(g.cmd.noscore);
    for b in [
        g.dungeon.seenstairs,
        g.dungeon.amulet,
        g.cmd.door_stop,
        g.opts.fight_flush,
        g.cmd.firstmove,
        g.cmd.got_ltc,
        g.cmd.has_hit,
        g.cmd.in_shell,
        g.opts.inv_describe,
        g.opts.jump,
        g.cmd.kamikaze,
        g.opts.lower_msg,
        g.cmd.move_on,
        g.opts.msg_esc,
        g.opts.passgo,
        g.cmd.playing,
        g.cmd.q_comm,
        g.cmd.running,
        g.opts.save_msg,
        g.opts.see_floor,
        g.opts.stat_msg,
        g.opts.terse,
        g.cmd.to_death,
        g.opts.tombstone,
    ] {
        o.boolean(b);
    }
    // `wizard` exists only in a MASTER build; others write 0.
    o.int(if g.cfg.master { g.cmd.wizard } else { 0 });
    o.booleans(&g.hero.pack_used);
    o.char(g.cmd.dir_ch);
    o.chars(&g.opts.file_name.0);
    o.chars(&g.opts.huh.0);
    for c in g.known.p_colors {
        o.int(name_index(&RAINBOW, c));
    }
    o.chars(&g.opts.prbuf.0);
    let stones: Vec<&str> = STONES.iter().map(|s| s.name).collect();
    for s in g.known.r_stones {
        o.int(name_index(&stones, s));
    }
    o.string(Some(g.opts.release.as_bytes()));
    o.char(g.cmd.runch);
    // Scroll titles are made up, so they are saved as text.
    for s in g.known.s_names.iter() {
        o.string(Some(s.as_bytes()));
    }
    o.char(g.cmd.take);
    o.chars(&g.opts.whoami.0);
    for i in 0..MAXSTICKS {
        if g.known.ws_type[i] == "staff" {
            o.int(0);
            o.int(name_index(&WOOD, g.known.ws_made[i]));
        } else {
            o.int(1);
            o.int(name_index(&METAL, g.known.ws_made[i]));
        }
    }
    o.int(g.cmd.orig_dsusp);
    o.chars(&g.opts.fruit.0);
    o.chars(&g.opts.home.0);
    o.strings(&INV_T_NAME);
    o.char(g.cmd.l_last_comm);
    o.char(g.cmd.l_last_dir);
    o.char(g.cmd.last_comm);
    o.char(g.cmd.last_dir);
    o.strings(&TR_NAME);
    for v in [
        g.cmd.n_objs,
        g.dungeon.ntraps,
        g.hero.hungry_state,
        g.hero.inpack,
        g.opts.inv_type,
        g.dungeon.level,
        g.dungeon.max_level,
        g.cmd.mpos,
        g.dungeon.no_food,
    ] {
        o.int(v);
    }
    o.ints(&g.known.a_class);
    for v in [
        g.cmd.count,
        g.hero.food_left,
        g.hero.lastscore,
        g.hero.no_command,
        g.hero.no_move,
        g.hero.purse,
        g.hero.quiet,
        g.hero.vf_hit,
        g.dungeon.dnum,
        g.rng.seed(),
    ] {
        o.int(v);
    }
    o.ints(&g.known.e_levels);
    o.coord(g.cmd.delta);
    o.coord(g.dungeon.oldpos);
    o.coord(g.dungeon.stairs);

    o.thing(g, &g.hero.player);
    // Worn and wielded things and the last picks, as indexes into the
    // pack (-1: none, or not in the pack).
    let pack_ref =
        |x: Option<ObjId>| x.and_then(|x| g.hero.player.t_pack.iter().position(|&p| p == x)).map_or(-1, |i| i as i32);
    for x in [
        g.hero.cur_armor,
        g.hero.cur_ring[LEFT],
        g.hero.cur_ring[RIGHT],
        g.hero.cur_weapon,
        g.cmd.l_last_pick,
        g.cmd.last_pick,
    ] {
        o.int(pack_ref(x));
    }

    o.object_list(g, &g.dungeon.lvl_obj);
    o.marker(RSID_MONSTERLIST);
    o.int(g.dungeon.mlist.len() as i32);
    for &m in &g.dungeon.mlist {
        o.thing(g, &g.dungeon.mons[m]);
    }

    for (k, p) in g.dungeon.places.iter().enumerate() {
        o.char(p.p_ch);
        o.char(p.p_flags);
        let m = g.monst_at(k).and_then(|m| g.dungeon.mlist.iter().position(|&x| x == m)).map_or(-1, |i| i as i32);
        o.int(m);
    }

    o.stats(&g.hero.max_stats);
    o.rooms(&g.dungeon.rooms);
    o.room_ref(g.dungeon.oldrp);
    o.rooms(&g.dungeon.passages);

    o.marker(RSID_MONSTERS);
    o.int(g.dungeon.monster_stats.len() as i32);
    for s in &g.dungeon.monster_stats {
        o.stats(s);
    }
    o.obj_info(&g.known.things);
    o.obj_info(&g.known.arm_info);
    o.obj_info(&g.known.pot_info);
    o.obj_info(&g.known.ring_info);
    o.obj_info(&g.known.scr_info);
    o.obj_info(&g.known.weap_info);
    o.obj_info(&g.known.ws_info);

    o.marker(RSID_DAEMONS);
    o.int(g.dungeon.d_list.len() as i32);
    for d in &g.dungeon.d_list {
        o.int(d.d_type);
        o.int(daemon_id(d.d_func));
        o.int(d.d_arg);
        o.int(d.d_time);
    }
    // list.c's count of live things exists only in a MASTER build.
    o.int(if g.cfg.master { g.dungeon.total } else { 0 });
    o.int(g.dungeon.between);
    o.coord(g.dungeon.nh);
    o.int(g.dungeon.group);
}

/// `rs_write_window(stdscr)`: its size, then every cell as `mvwinch`
/// gives it (character and attribute bits). The C's `mvwinch` leaves
/// stdscr's cursor on the last cell; the program exits right after, so
/// the port reads without moving it.
fn write_window(g: &Game, o: &mut Out) {
    let (height, width) = g.rt.scr.getmaxyx(Win::STD);
    o.marker(RSID_WINDOW);
    o.int(height);
    o.int(width);
    for y in 0..height {
        for x in 0..width {
            o.uint(g.rt.scr.winch_at(Win::STD, y, x));
        }
    }
}

// ---------------------------------------------------------------------
// Reading.

/// The primitive reads of state.c, with the offset of each piece for the
/// error.
struct In<'r, 'd> {
    r: &'r mut SaveReader<'d>,
}

fn truncated(what: &'static str) -> impl Fn(Truncated) -> StateError {
    move |t| StateError::Truncated { offset: t.offset, wanted: t.wanted, what }
}

impl In<'_, '_> {
    fn invalid(&self, at: usize, what: &'static str, value: impl Into<i64>) -> StateError {
        StateError::Invalid { offset: at, what, value: value.into() }
    }

    fn int(&mut self, what: &'static str) -> Res<i32> {
        Ok(i32::from_le_bytes(self.r.array().map_err(truncated(what))?))
    }

    /// An int with the offset it was read at (for an error about it).
    fn int_at(&mut self, what: &'static str) -> Res<(i32, usize)> {
        let at = self.r.position();
        Ok((self.int(what)?, at))
    }

    fn uint(&mut self, what: &'static str) -> Res<u32> {
        Ok(u32::from_le_bytes(self.r.array().map_err(truncated(what))?))
    }

    fn short(&mut self, what: &'static str) -> Res<u16> {
        Ok(u16::from_le_bytes(self.r.array().map_err(truncated(what))?))
    }

    fn char(&mut self, what: &'static str) -> Res<u8> {
        let [c] = self.r.array().map_err(truncated(what))?;
        Ok(c)
    }

    /// `rs_read_boolean`: any byte but 0 is true.
    fn boolean(&mut self, what: &'static str) -> Res<bool> {
        Ok(self.char(what)? != 0)
    }

    fn marker(&mut self, id: u32) -> Res<()> {
        let at = self.r.position();
        let found = self.uint("a record marker")?;
        if found != id {
            return Err(StateError::Marker { offset: at, expected: id, found });
        }
        Ok(())
    }

    /// A count that must be exactly what the C reader asks for (its
    /// `value != count` format errors).
    fn count_exact(&mut self, what: &'static str, n: usize) -> Res<()> {
        let (v, at) = self.int_at(what)?;
        if v != n as i32 {
            return Err(self.invalid(at, what, v));
        }
        Ok(())
    }

    /// An int that must lie in `range` (a value no game can reach is
    /// refused as damaged).
    fn int_within(&mut self, what: &'static str, range: std::ops::RangeInclusive<i32>) -> Res<i32> {
        let (v, at) = self.int_at(what)?;
        if !range.contains(&v) {
            return Err(self.invalid(at, what, v));
        }
        Ok(v)
    }

    /// A count of at most `max` (the C reader's `value > count` errors;
    /// a negative one, which the writer never makes, is refused too).
    fn count_upto(&mut self, what: &'static str, max: i32) -> Res<usize> {
        let (v, at) = self.int_at(what)?;
        if !(0..=max).contains(&v) {
            return Err(self.invalid(at, what, v));
        }
        Ok(v as usize)
    }

    /// `rs_read_chars` into a whole array: the count must be its size.
    fn chars<const N: usize>(&mut self, what: &'static str) -> Res<[u8; N]> {
        self.count_exact(what, N)?;
        self.r.array().map_err(truncated(what))
    }

    /// `rs_read_new_string`: NULL for a length of 0; otherwise the
    /// length is repeated (`rs_read_chars`) and the bytes follow. The C
    /// mallocs whatever length it reads; the port takes at most MAXSTR
    /// (no string the game makes is longer) and wants the NUL the writer
    /// always puts there, since the C would read an unterminated string
    /// past its end.
    fn new_string(&mut self, what: &'static str) -> Res<Option<String>> {
        let (len, at) = self.int_at(what)?;
        if !(0..=MAXSTR as i32).contains(&len) {
            return Err(self.invalid(at, what, len));
        }
        let (again, at2) = self.int_at(what)?;
        if again != len {
            return Err(self.invalid(at2, what, again));
        }
        if len == 0 {
            return Ok(None);
        }
        let bytes = self.r.piece(len as usize).map_err(truncated(what))?;
        let Some(n) = bytes.iter().position(|&b| b == 0) else {
            return Err(self.invalid(at, "string without its NUL", len));
        };
        // The game keeps names as Rust strings, made the same lossy way
        // from what the player typed.
        Ok(Some(String::from_utf8_lossy(&bytes[..n]).into_owned()))
    }

    fn ints<const N: usize>(&mut self, what: &'static str) -> Res<[i32; N]> {
        self.count_exact(what, N)?;
        let mut v = [0; N];
        for x in &mut v {
            *x = self.int(what)?;
        }
        Ok(v)
    }

    fn booleans<const N: usize>(&mut self, what: &'static str) -> Res<[bool; N]> {
        self.count_exact(what, N)?;
        let mut v = [false; N];
        for x in &mut v {
            *x = self.boolean(what)?;
        }
        Ok(v)
    }

    fn coord(&mut self, what: &'static str) -> Res<Coord> {
        let x = self.int(what)?;
        let y = self.int(what)?;
        Ok(Coord { x, y })
    }

    /// A coordinate the game looks up on the map.
    fn map_coord(&mut self, what: &'static str) -> Res<Coord> {
        let at = self.r.position();
        let c = self.coord(what)?;
        check_on_map(at, what, c)?;
        Ok(c)
    }

    fn stats(&mut self) -> Res<Stats> {
        self.marker(RSID_STATS)?;
        Ok(Stats {
            s_str: self.uint("strength")?,
            s_exp: self.int_within("experience", -MAX_POINTS..=MAX_POINTS)?,
            s_lvl: self.int("experience level")?,
            s_arm: self.int_within("armor class", -MAX_BONUS..=MAX_BONUS)?,
            s_hpt: self.int_within("hit points", -MAX_POINTS..=MAX_POINTS)?,
            s_dmg: {
                let at = self.r.position();
                let d = self.chars("damage string")?;
                check_dice(at, "dice in a damage string", &[&d])?;
                crate::game::cbuf::CBuf(d)
            },
            s_maxhp: self.int_within("maximum hit points", -MAX_POINTS..=MAX_POINTS)?,
        })
    }

    /// `rs_read_string_index`: -1 (or any negative) is NULL, which the
    /// port's name tables hold as "". The C accepts an index equal to
    /// the table's size and reads one entry past it; the port refuses it.
    fn name_index(&mut self, what: &'static str, table: &[&'static str]) -> Res<&'static str> {
        let (i, at) = self.int_at(what)?;
        if i < 0 {
            return Ok("");
        }
        table.get(i as usize).copied().ok_or_else(|| self.invalid(at, what, i))
    }

    /// `rs_read_room_reference`. The C takes `&rooms[i]` unchecked, so
    /// the -1 the writer puts for a passage (or no room) becomes
    /// `&rooms[-1]`, memory before the array: a "room" that is equal only
    /// to itself. The port restores it as no room, which the game treats
    /// as a room with no flags and which likewise equals only itself.
    /// Other indexes outside `rooms[]` are refused.
    fn room_ref(&mut self, what: &'static str) -> Res<Option<RoomRef>> {
        let (i, at) = self.int_at(what)?;
        match i {
            -1 => Ok(Some(RoomRef::Void)),
            0..MAXROOMS_I32 => Ok(Some(RoomRef::Room(i as usize))),
            _ => Err(self.invalid(at, what, i)),
        }
    }

    fn room(&mut self, what: &'static str) -> Res<Room> {
        let r_pos = self.coord(what)?;
        let r_max = self.coord(what)?;
        let r_gold = self.map_coord("gold spot")?;
        let r_goldval = self.int(what)?;
        let r_flags = self.short(what)? as i16;
        let (r_nexits, at) = self.int_at("number of exits")?;
        if !(0..=12).contains(&r_nexits) {
            return Err(self.invalid(at, "number of exits", r_nexits));
        }
        let mut r_exit = [Coord::default(); 12];
        for (k, e) in r_exit.iter_mut().enumerate() {
            // The exits in use are map spots; the rest are never read.
            *e = if (k as i32) < r_nexits { self.map_coord("exit")? } else { self.coord(what)? };
        }
        Ok(Room { r_pos, r_max, r_gold, r_goldval, r_flags, r_nexits, r_exit })
    }

    /// `rs_read_rooms`: at most as many as the table holds; the ones the
    /// file leaves out keep their values, as in the C.
    fn rooms(&mut self, table: &mut [Room], what: &'static str) -> Res<()> {
        let n = self.count_upto(what, table.len() as i32)?;
        for r in table.iter_mut().take(n) {
            *r = self.room(what)?;
        }
        Ok(())
    }

    fn object(&mut self) -> Res<Object> {
        self.marker(RSID_OBJECT)?;
        let (o_type, type_at) = self.int_at("object type")?;
        let o_pos = self.coord("object position")?;
        let o_launch = self.int("object launcher")?;
        let o_packch = self.char("pack letter")?;
        let dmg_at = self.r.position();
        let o_damage = crate::game::cbuf::CBuf(self.chars("object damage")?);
        let o_hurldmg = crate::game::cbuf::CBuf(self.chars("object thrown damage")?);
        // A full o_damage runs on into o_hurldmg, so the two are read as one.
        check_dice(dmg_at, "dice in a damage string", &[&o_damage.0, &o_hurldmg.0])?;
        let o_count = self.int("object count")?;
        let (o_which, which_at) = self.int_at("object kind")?;
        let o = Object {
            o_type,
            o_pos,
            o_text: None,
            o_launch,
            o_packch,
            o_damage,
            o_hurldmg,
            o_count,
            o_which,
            o_hplus: self.int_within("object hit plus", -MAX_BONUS..=MAX_BONUS)?,
            o_dplus: self.int_within("object damage plus", -MAX_BONUS..=MAX_BONUS)?,
            o_arm: self.int_within("object armor class", -MAX_BONUS..=MAX_BONUS)?,
            o_flags: self.int("object flags")?,
            o_group: self.int("object group")?,
            o_label: self.new_string("object label")?,
        };
        // The game looks kinds up in the object tables.
        let kinds = match u8::try_from(o_type) {
            Ok(POTION) => MAXPOTIONS,
            Ok(SCROLL) => MAXSCROLLS,
            Ok(WEAPON) => MAXWEAPONS + 1,
            Ok(ARMOR) => MAXARMORS,
            Ok(RING) => MAXRINGS,
            Ok(STICK) => MAXSTICKS,
            Ok(FOOD | AMULET | GOLD) => usize::MAX,
            _ => return Err(self.invalid(type_at, "object type", o_type)),
        };
        if o_which < 0 || o_which as usize >= kinds {
            return Err(self.invalid(which_at, "object kind", o_which));
        }
        Ok(o)
    }

    /// The address of a thing just read, checked against [`MAX_THINGS`]:
    /// the address is what the map must hold (in the fresh game a file is
    /// read into, it counts the things read so far).
    fn thing_addr<T>(&self, id: crate::game::arena::Id<T>) -> Res<crate::game::arena::Id<T>> {
        if id.addr() >= MAX_THINGS {
            return Err(self.invalid(self.r.position(), "number of things in all", i64::from(id.addr()) + 1));
        }
        Ok(id)
    }

    /// `rs_read_object_list`: the objects are allocated in list order,
    /// as the C's `new_item` calls are.
    fn object_list(&mut self, g: &mut Game, what: &'static str) -> Res<Vec<ObjId>> {
        self.marker(RSID_OBJECTLIST)?;
        let n = self.count_upto(what, MAX_LIST)?;
        let mut list = Vec::with_capacity(n.min(64));
        for _ in 0..n {
            let o = self.object()?;
            list.push(self.thing_addr(g.new_object_with(o))?);
        }
        Ok(list)
    }

    /// `rs_read_thing` into a creature (already allocated, for a monster,
    /// so its pack comes after it in memory as in the C). The destination
    /// is resolved against the lists read so far; a monster index is left
    /// in `t_reserved` for [`fix_dest`], as the C does.
    fn thing(&mut self, g: &mut Game, is_hero: bool) -> Res<Creature> {
        self.marker(RSID_THING)?;
        // The writer's NULL thing (0 here) is never written for the hero
        // or a list member; the C would leave a zeroed monster.
        let (present, at) = self.int_at("thing")?;
        if present == 0 {
            return Err(self.invalid(at, "missing creature", 0));
        }
        let t_pos = self.map_coord("creature position")?;
        let t_turn = self.boolean("creature turn")?;
        let type_at = self.r.position();
        let t_type = self.char("creature type")?;
        if !is_hero && !t_type.is_ascii_uppercase() {
            return Err(self.invalid(type_at, "monster type", t_type));
        }
        let t_disguise = self.char("creature disguise")?;
        let t_oldch = self.char("creature old char")?;
        let (list, dest_at) = self.int_at("destination list")?;
        let (index, index_at) = self.int_at("destination index")?;
        let mut t_reserved = -1;
        let t_dest = match list {
            0 => (index == 1).then_some(Dest::Hero),
            1 if index >= 0 => {
                t_reserved = index;
                None
            }
            // The hero is read before lvl_obj, so the C finds nothing for
            // the hero and leaves its t_dest as it was (NULL).
            2 if index >= 0 => match g.dungeon.lvl_obj.get(index as usize) {
                Some(o) => Some(Dest::Object(o.addr())),
                None if is_hero => None,
                None => return Err(self.invalid(index_at, "destination object", index)),
            },
            3 if (0..MAXROOMS_I32).contains(&index) => Some(Dest::Gold(RoomRef::Room(index as usize))),
            1..=3 => return Err(self.invalid(index_at, "destination index", index)),
            _ => return Err(self.invalid(dest_at, "destination list", list)),
        };
        let t_flags = self.short("creature flags")?;
        let t_stats = self.stats()?;
        let t_room = self.room_ref("creature room")?;
        let t_pack = self.object_list(g, "pack size")?;
        Ok(Creature {
            t_pos,
            t_turn,
            t_type,
            t_disguise,
            t_oldch,
            t_dest,
            t_flags,
            t_stats,
            t_room,
            t_pack,
            t_reserved,
        })
    }

    fn obj_info(&mut self, table: &mut [ObjInfo]) -> Res<()> {
        self.marker(RSID_MAGICITEMS)?;
        let n = self.count_upto("object table size", table.len() as i32)?;
        for i in table.iter_mut().take(n) {
            i.oi_prob = self.int("object probability")?;
            i.oi_worth = self.int("object worth")?;
            i.oi_guess = self.new_string("object guess")?;
            i.oi_know = self.boolean("object known")?;
        }
        Ok(())
    }
}

const MAXROOMS_I32: i32 = MAXROOMS as i32;

/// The most dice one roll of a save's numbers may ask for: a roll takes a
/// draw per die, so a count near 2^31 keeps the game computing for minutes.
/// The game's own rolls stay far below: its damage strings have at most 6
/// dice (a bolt's 6x6), a level of experience at most 21, a kind of
/// monster at most 15, and a venus flytrap's grip, one more die each hit
/// it lands (the hero, losing 1 + 2 + ... + n, dies long before a few
/// hundred). Low enough that the rolls of a thousand turns stay quick.
const MAX_DICE: i32 = 1000;
/// The deepest dungeon level a save may hold. The game has no floor, but
/// a monster made there rolls a die per level past 26 for its hit points,
/// and every level costs the hero turns and food while its monsters grow
/// by a level each: no one survives near this.
const MAX_DEPTH: i32 = 100_000;

/// Every number in a damage string's bytes (past the NUL too, and across
/// the parts as if they were one string) is at most [`MAX_DICE`].
// DEVIATION: the C rolls whatever count a saved damage string gives, for minutes near 2^31; the port refuses such a save as damaged; test: no_hang::a_save_with_endless_dice_is_refused
fn check_dice(at: usize, what: &'static str, parts: &[&[u8]]) -> Res<()> {
    let mut n: i64 = 0;
    // A NUL after the last part ends the last number.
    for &b in parts.iter().flat_map(|p| p.iter()).chain(&[0]) {
        if b.is_ascii_digit() {
            n = (n * 10 + i64::from(b - b'0')).min(i64::MAX / 10);
        } else if n > i64::from(MAX_DICE) {
            return Err(StateError::Invalid { offset: at, what, value: n });
        } else {
            n = 0;
        }
    }
    Ok(())
}

fn check_on_map(at: usize, what: &'static str, c: Coord) -> Res<()> {
    if Game::try_index(c.y, c.x).is_none() {
        // Both halves in one number, for the message: y * 65536 + x.
        let value = i64::from(c.y) * 65536 + i64::from(c.x);
        return Err(StateError::Invalid { offset: at, what, value });
    }
    Ok(())
}

/// A room's area (its floor when it is drawn, the monsters woken when
/// its door opens) must lie on the map; a gone room has a negative size
/// and no area.
///
/// A room of `rooms[]` that is not gone is one the game picks spots in
/// (`rnd_pos`, one in from its corner): it must be at least 2 x 2 (the
/// C makes none under 4) or the spot is off the map. (Passages keep
/// whatever size: the C never sets it.)
fn check_room_area(at: usize, r: &Room, in_rooms: bool) -> Res<()> {
    if in_rooms && r.r_flags & ISGONE == 0 && (r.r_max.x < 2 || r.r_max.y < 2) {
        let value = i64::from(r.r_max.y) * 65536 + i64::from(r.r_max.x);
        return Err(StateError::Invalid { offset: at, what: "room too small", value });
    }
    // Any room's corner and size are summed when the game looks for the
    // room a spot is in (`roomin`), gone rooms' too (theirs are on the map
    // with a negative size): past these the sum overflows.
    let sane = |v: i32| (-MAX_ROOM_SPAN..=MAX_ROOM_SPAN).contains(&v);
    if ![r.r_pos.x, r.r_pos.y, r.r_max.x, r.r_max.y].into_iter().all(sane) {
        let value = i64::from(r.r_pos.y) * 65536 + i64::from(r.r_pos.x);
        return Err(StateError::Invalid { offset: at, what: "room far off the map", value });
    }
    if r.r_max.x <= 0 || r.r_max.y <= 0 {
        return Ok(());
    }
    let inside = |pos: i32, size: i32, limit: usize| pos >= 0 && i64::from(pos) + i64::from(size) <= limit as i64;
    if !inside(r.r_pos.x, r.r_max.x, MAXCOLS) || !inside(r.r_pos.y, r.r_max.y, MAXLINES) {
        let value = i64::from(r.r_pos.y) * 65536 + i64::from(r.r_pos.x);
        return Err(StateError::Invalid { offset: at, what: "room off the map", value });
    }
    Ok(())
}

/// `rs_fix_thing`: a destination saved as a monster index becomes that
/// monster's position once `mlist` is read.
fn fix_dest(t: &mut Creature, mlist: &[MonId], at: usize) -> Res<()> {
    if t.t_reserved < 0 {
        return Ok(());
    }
    match mlist.get(t.t_reserved as usize) {
        Some(m) => {
            t.t_dest = Some(Dest::Monster(m.addr()));
            Ok(())
        }
        None => Err(StateError::Invalid { offset: at, what: "destination monster", value: t.t_reserved.into() }),
    }
}

/// `rs_read_daemons`' function numbers. The C restores -1 (the writer's
/// number for visuals, land, come_down and turn_see) as a NULL function
/// in a slot that is otherwise kept; when that fuse or daemon comes due,
/// the C calls through the null pointer. The port keeps the slot with no
/// function, which its daemon runner skips.
fn daemon_fn(id: i32) -> Option<Option<DaemonFn>> {
    Some(match id {
        -1 | 0 => None,
        1 => Some(DaemonFn::Rollwand),
        2 => Some(DaemonFn::Doctor),
        3 => Some(DaemonFn::Stomach),
        4 => Some(DaemonFn::Runners),
        5 => Some(DaemonFn::Swander),
        6 => Some(DaemonFn::Nohaste),
        7 => Some(DaemonFn::Unconfuse),
        8 => Some(DaemonFn::Unsee),
        9 => Some(DaemonFn::Sight),
        _ => return None,
    })
}

/// `rs_restore_file`: read a game's state (everything after the header)
/// into `g`, which should be a freshly made game (no objects or monsters
/// yet; its `master` switch set as the build has it). On an error `g` is
/// partly overwritten and should be dropped.
pub fn rs_restore_file(g: &mut Game, r: &mut SaveReader) -> Res<()> {
    let mut i = In { r };
    let i = &mut i;
    g.cmd.after = i.boolean("after")?;
    g.cmd.again = i.boolean("again")?;
    g.cmd.noscore = i.int("noscore")?;
    for b in [
        &mut g.dungeon.seenstairs,
        &mut g.dungeon.amulet,
        &mut g.cmd.door_stop,
        &mut g.opts.fight_flush,
        &mut g.cmd.firstmove,
        &mut g.cmd.got_ltc,
        &mut g.cmd.has_hit,
        &mut g.cmd.in_shell,
        &mut g.opts.inv_describe,
        &mut g.opts.jump,
        &mut g.cmd.kamikaze,
        &mut g.opts.lower_msg,
        &mut g.cmd.move_on,
        &mut g.opts.msg_esc,
        &mut g.opts.passgo,
        &mut g.cmd.playing,
        &mut g.cmd.q_comm,
        &mut g.cmd.running,
        &mut g.opts.save_msg,
        &mut g.opts.see_floor,
        &mut g.opts.stat_msg,
        &mut g.opts.terse,
        &mut g.cmd.to_death,
        &mut g.opts.tombstone,
    ] {
        *b = i.boolean("option or flag")?;
    }
    // Only a MASTER build has `wizard` to read it into.
    let wizard = i.int("wizard")?;
    if g.cfg.master {
        g.cmd.wizard = wizard;
    }
    g.hero.pack_used = i.booleans("pack letters")?;
    g.cmd.dir_ch = i.char("dir_ch")?;
    std::sync::Arc::make_mut(&mut g.opts.file_name).0 = i.chars("file_name")?;
    g.opts.huh.0 = i.chars("huh")?;
    for c in &mut g.known_mut().p_colors {
        *c = i.name_index("potion color", &RAINBOW)?;
    }
    g.opts.prbuf.0 = i.chars("prbuf")?;
    let stones: Vec<&'static str> = STONES.iter().map(|s| s.name).collect();
    for s in &mut g.known_mut().r_stones {
        *s = i.name_index("ring stone", &stones)?;
    }
    let at = i.r.position();
    g.opts.release = i.new_string("release")?.ok_or_else(|| i.invalid(at, "release (NULL)", 0))?;
    g.cmd.runch = i.char("runch")?;
    for s in std::sync::Arc::make_mut(&mut g.known_mut().s_names) {
        // A NULL title (never written) would be printed through a null
        // pointer by the C.
        let at = i.r.position();
        *s = i.new_string("scroll title")?.ok_or_else(|| i.invalid(at, "scroll title (NULL)", 0))?;
    }
    g.cmd.take = i.char("take")?;
    std::sync::Arc::make_mut(&mut g.opts.whoami).0 = i.chars("whoami")?;
    for k in 0..MAXSTICKS {
        // 0 is a staff of some wood; anything else a wand of some metal.
        let (made, kind) = if i.int("stick kind")? == 0 {
            (i.name_index("staff wood", &WOOD)?, "staff")
        } else {
            (i.name_index("wand metal", &METAL)?, "wand")
        };
        let known = g.known_mut();
        (known.ws_made[k], known.ws_type[k]) = (made, kind);
    }
    g.cmd.orig_dsusp = i.int("orig_dsusp")?;
    std::sync::Arc::make_mut(&mut g.opts.fruit).0 = i.chars("fruit")?;
    std::sync::Arc::make_mut(&mut g.opts.home).0 = i.chars("home")?;
    // The C reads the inventory-style and trap names back into its
    // tables. They are constants of the program, the same in every
    // genuine file; the port keeps its own and only checks the records.
    i.count_exact("inventory style names", INV_T_NAME.len())?;
    for _ in INV_T_NAME {
        i.new_string("inventory style name")?;
    }
    g.cmd.l_last_comm = i.char("l_last_comm")?;
    g.cmd.l_last_dir = i.char("l_last_dir")?;
    g.cmd.last_comm = i.char("last_comm")?;
    g.cmd.last_dir = i.char("last_dir")?;
    i.count_exact("trap names", TR_NAME.len())?;
    for _ in TR_NAME {
        i.new_string("trap name")?;
    }
    g.cmd.n_objs = i.int("n_objs")?;
    g.dungeon.ntraps = i.int("ntraps")?;
    g.hero.hungry_state = i.int("hungry_state")?;
    g.hero.inpack = i.int("inpack")?;
    g.opts.inv_type = i.int("inv_type")?;
    // DEVIATION: the C restores any level (a monster made deep down rolls a die per level); the port refuses one outside 1..=MAX_DEPTH; test: no_hang::a_save_with_endless_dice_is_refused
    g.dungeon.level = i.int_within("level", 1..=MAX_DEPTH)?;
    g.dungeon.max_level = i.int("max_level")?;
    g.cmd.mpos = i.int("mpos")?;
    g.dungeon.no_food = i.int("no_food")?;
    g.known_mut().a_class = i.ints("a_class")?;
    // A typed count stops at 255; the game counts it down.
    g.cmd.count = i.int_within("count", 0..=255)?;
    g.hero.food_left = i.int("food_left")?;
    g.hero.lastscore = i.int("lastscore")?;
    // DEVIATION: the C restores any count of turns asleep (a negative or huge one computes for 2^32 turns with no key read); the port refuses both as damaged; test: no_hang::a_save_asleep_for_ever_is_refused
    // The game never goes past about 60 (an ice monster's freeze adds at most 3
    // a hit and kills past BORE_LEVEL, 50; hunger's fainting, a sleep trap
    // or scroll, or haste's exhaustion add at most 11, and only when awake).
    // test: a_save_asleep_for_ever_is_refused
    g.hero.no_command = i.int_within("no_command", 0..=MAX_NO_COMMAND)?;
    // Turns held in a bear trap (3 or so a trap, only when free to move);
    // a negative count would wrap below i32::MIN. Refused past the
    // sleep's bound too.
    g.hero.no_move = i.int_within("no_move", 0..=MAX_NO_COMMAND)?;
    g.hero.purse = i.int("purse")?;
    g.hero.quiet = i.int("quiet")?;
    // A flytrap's grip becomes its damage string's count of dice.
    g.hero.vf_hit = i.int_within("vf_hit", 0..=MAX_DICE)?;
    g.dungeon.dnum = i.int("dnum")?;
    let seed = i.int("seed")?;
    g.rng.set_seed(seed);
    let at = i.r.position();
    g.known_mut().e_levels = i.ints("e_levels")?;
    // check_level walks the table to its 0; without one the C reads on
    // past it.
    if !g.known.e_levels.contains(&0) {
        return Err(i.invalid(at, "e_levels without its 0", 0));
    }
    g.cmd.delta = i.coord("delta")?;
    g.dungeon.oldpos = i.map_coord("oldpos")?;
    g.dungeon.stairs = i.map_coord("stairs")?;

    let at = i.r.position();
    g.hero.player = i.thing(g, true)?;
    // check_level rolls a die per level gained; a hero of level -2^31
    // would gain 2^31 at once. (The game keeps it in 1..=21.)
    if !(1..=MAX_DICE).contains(&g.hero.player.t_stats.s_lvl) {
        return Err(i.invalid(at, "hero's level", g.hero.player.t_stats.s_lvl));
    }
    for (k, what) in ["cur_armor", "cur_ring[LEFT]", "cur_ring[RIGHT]", "cur_weapon", "l_last_pick", "last_pick"]
        .into_iter()
        .enumerate()
    {
        let (x, at) = i.int_at(what)?;
        let obj = match x {
            -1 => None,
            _ => Some(
                *g.hero
                    .player
                    .t_pack
                    .get(usize::try_from(x).unwrap_or(usize::MAX))
                    .ok_or_else(|| i.invalid(at, what, x))?,
            ),
        };
        match k {
            0 => g.hero.cur_armor = obj,
            1 => g.hero.cur_ring[LEFT] = obj,
            2 => g.hero.cur_ring[RIGHT] = obj,
            3 => g.hero.cur_weapon = obj,
            4 => g.cmd.l_last_pick = obj,
            _ => g.cmd.last_pick = obj,
        }
    }

    g.dungeon.lvl_obj = i.object_list(g, "number of objects on the level")?;
    for &o in &g.dungeon.lvl_obj {
        check_on_map(i.r.position(), "object position", g.dungeon.objs[o].o_pos)?;
    }

    i.marker(RSID_MONSTERLIST)?;
    let n = i.count_upto("number of monsters", MAX_LIST)?;
    let mut mlist = Vec::with_capacity(n.min(64));
    for _ in 0..n {
        // The monster is allocated before its pack, as in the C.
        let m = i.thing_addr(g.new_creature())?;
        let t = i.thing(g, false)?;
        g.dungeon.mons[m] = t;
        mlist.push(m);
    }
    g.dungeon.mlist = mlist;
    let at = i.r.position();
    fix_dest(&mut g.hero.player, &g.dungeon.mlist, at)?;
    for k in 0..g.dungeon.mlist.len() {
        let m = g.dungeon.mlist[k];
        let mut t = std::mem::take(&mut g.dungeon.mons[m]);
        let fixed = fix_dest(&mut t, &g.dungeon.mlist, at);
        g.dungeon.mons[m] = t;
        fixed?;
    }

    for k in 0..MAXLINES * MAXCOLS {
        let p_ch = i.char("map character")?;
        let flags_at = i.r.position();
        let p_flags = i.char("map flags")?;
        // Passage numbers (and trap types, in the same bits) index
        // passages[].
        if usize::from(p_flags & F_PNUM) >= MAXPASS {
            return Err(i.invalid(flags_at, "passage number", p_flags & F_PNUM));
        }
        let (mi, at) = i.int_at("map monster")?;
        let p_monst = match mi {
            -1 => None,
            _ => {
                let m = *g
                    .dungeon
                    .mlist
                    .get(usize::try_from(mi).unwrap_or(usize::MAX))
                    .ok_or_else(|| i.invalid(at, "map monster", mi))?;
                // The map names a monster only where it stands; the game
                // relies on that to clear the spot when it dies (the C
                // would go on using the freed monster).
                if Game::index(g.dungeon.mons[m].t_pos.y, g.dungeon.mons[m].t_pos.x) != k {
                    return Err(i.invalid(at, "map monster not at its place", mi));
                }
                Some(m)
            }
        };
        g.dungeon.places[k] = Place::new(p_ch, p_flags);
        g.dungeon.moat.set(k, p_monst);
    }

    g.hero.max_stats = i.stats()?;
    i.rooms(&mut g.dungeon.rooms, "number of rooms")?;
    g.dungeon.oldrp = i.room_ref("oldrp")?;
    i.rooms(&mut g.dungeon.passages, "number of passages")?;
    for r in &g.dungeon.rooms {
        check_room_area(i.r.position(), r, true)?;
    }
    // Every level has a room (the C makes at most three of nine gone):
    // with none, the search for a random room never ends.
    if g.dungeon.rooms.iter().all(|r| r.r_flags & ISGONE != 0) {
        return Err(StateError::Invalid { offset: i.r.position(), what: "no room on the level", value: 0 });
    }
    for r in &g.dungeon.passages {
        check_room_area(i.r.position(), r, false)?;
    }

    i.marker(RSID_MONSTERS)?;
    i.count_exact("number of monster kinds", g.dungeon.monster_stats.len())?;
    for s in &mut g.dungeon.monster_stats {
        let at = i.r.position();
        *s = i.stats()?;
        // new_monster rolls a die per level of the kind (1..=15 in the
        // game's bestiary, never changed).
        if !(0..=MAX_DICE).contains(&s.s_lvl) {
            return Err(i.invalid(at, "monster kind's level", s.s_lvl));
        }
    }
    let known = g.known_mut();
    i.obj_info(&mut known.things)?;
    i.obj_info(&mut known.arm_info)?;
    i.obj_info(&mut known.pot_info)?;
    i.obj_info(&mut known.ring_info)?;
    i.obj_info(&mut known.scr_info)?;
    i.obj_info(&mut known.weap_info)?;
    i.obj_info(&mut known.ws_info)?;

    i.marker(RSID_DAEMONS)?;
    // The C checks only that the count is not above its table, then
    // reads all 20 slots whatever the count says. After the loop it
    // looks at d_list[20], one past the table, and may zero it; the port
    // does not.
    i.count_upto("number of daemons", MAXDAEMONS as i32)?;
    for d in &mut g.dungeon.d_list {
        let d_type = i.int("daemon type")?;
        let (id, at) = i.int_at("daemon function")?;
        let d_func = daemon_fn(id).ok_or_else(|| i.invalid(at, "daemon function", id))?;
        let d_arg = i.int("daemon argument")?;
        let d_time = i.int("daemon time")?;
        *d = DelayedAction { d_type, d_func, d_arg, d_time };
    }
    // `total` is not restored: a MASTER build counts the things it has
    // just allocated instead.
    i.int("total")?;
    g.dungeon.between = i.int("between")?;
    g.dungeon.nh = i.coord("nh")?;
    g.dungeon.group = i.int("group")?;

    read_window(g, i)
}

/// `rs_read_window(stdscr)`: cells beyond the current screen are read
/// and dropped; the others are put back with `mvwaddch`, attributes and
/// all.
fn read_window(g: &mut Game, i: &mut In) -> Res<()> {
    i.marker(RSID_WINDOW)?;
    let lines = i.count_upto("saved screen lines", MAX_SCREEN)? as i32;
    let cols = i.count_upto("saved screen columns", MAX_SCREEN)? as i32;
    let (height, width) = g.rt.scr.getmaxyx(Win::STD);
    for y in 0..lines {
        for x in 0..cols {
            let ch: Chtype = i.uint("screen cell")?;
            if y < height && x < width {
                g.rt.scr.wmove(Win::STD, y, x);
                g.rt.scr.waddch(Win::STD, ch);
            }
        }
    }
    Ok(())
}
