//! passages.c: the corridors between rooms, and their numbering.

use crate::game::consts::*;
use crate::game::rng::{Draw, with_draw};
use crate::game::thing::{Coord, Place, Room, RoomRef};
use crate::game::{Flow, Game};

/// Which boxes of the 3 x 3 grid are neighbors (`rdes[].conn`).
const CONN: [[bool; MAXROOMS]; MAXROOMS] = {
    const fn row(n: [u8; MAXROOMS]) -> [bool; MAXROOMS] {
        let mut r = [false; MAXROOMS];
        let mut i = 0;
        while i < MAXROOMS {
            r[i] = n[i] != 0;
            i += 1;
        }
        r
    }
    [
        row([0, 1, 0, 1, 0, 0, 0, 0, 0]),
        row([1, 0, 1, 0, 1, 0, 0, 0, 0]),
        row([0, 1, 0, 0, 0, 1, 0, 0, 0]),
        row([1, 0, 0, 0, 1, 0, 1, 0, 0]),
        row([0, 1, 0, 1, 0, 1, 0, 1, 0]),
        row([0, 0, 1, 0, 1, 0, 0, 0, 1]),
        row([0, 0, 0, 1, 0, 0, 0, 1, 0]),
        row([0, 0, 0, 0, 1, 0, 1, 0, 1]),
        row([0, 0, 0, 0, 0, 1, 0, 1, 0]),
    ]
};

/// [`CONN`] as one word a room: bit i for a neighbor i.
const CONN_BITS: [u16; MAXROOMS] = {
    let mut bits = [0u16; MAXROOMS];
    let mut r = 0;
    while r < MAXROOMS {
        let mut i = 0;
        while i < MAXROOMS {
            if CONN[r][i] {
                bits[r] |= 1 << i;
            }
            i += 1;
        }
        r += 1;
    }
    bits
};

/// How many tries at a door spot in a maze wall before checking whether
/// any spot can work at all (see [`Game::maze_door`]).
const MAZE_DOOR_TRIES: u32 = 1000;

/// What digging leaves for the passage numbering, one bit a spot (bit y
/// of column x): the spots still to number, and those that may be doors.
///
/// `numpass` numbers passage spots and doors (secret ones too), and only
/// digging makes them: `putpass` and `door` set a spot's bit here, and none
/// stops being one before the numbering, which clears the bit of each spot
/// it numbers. Its tests of the neighbors are then bit tests on a few
/// hundred bytes instead of reads of the map, and straight runs of
/// corridor are walked a column word at a time. A door is made only by
/// `door`, or by a secret `putpass` on a wall (a wall drawn over a secret
/// spot would be one too, but no room's walls reach another box, where a
/// maze digs): only spots with the second bit are looked at as doors.
/// Scratch of level making, never saved; cleared with the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassBits {
    /// Column x at x + 1, with an empty column at each side, so that both
    /// neighbors of any column on the map can be read.
    todo: [u32; MAXCOLS + 2],
    /// Column x at x + 1, as in `todo`.
    doors: [u32; MAXCOLS + 2],
    /// The numbering's stack of spots waiting (map indexes), its room
    /// kept from level to level; empty between numberings.
    stack: Vec<u16>,
}

impl Default for PassBits {
    fn default() -> Self {
        PassBits { todo: [0; MAXCOLS + 2], doors: [0; MAXCOLS + 2], stack: Vec::new() }
    }
}

impl PassBits {
    /// The rows `numpass` numbers (1 to NUMLINES - 1): only they are kept.
    const ROWS: u32 = ((1u32 << NUMLINES) - 1) & !1;

    pub fn clear(&mut self) {
        self.todo = [0; MAXCOLS + 2];
        self.doors = [0; MAXCOLS + 2];
    }

    /// Note a spot (a map index) as one to number.
    #[inline]
    pub fn set(&mut self, i: usize) {
        if let Some(col) = self.todo.get_mut((i >> 5) + 1) {
            *col |= (1 << (i & 31)) & Self::ROWS;
        }
    }

    /// Note a spot (a map index) as one to number that may be a door.
    #[inline]
    pub fn set_door(&mut self, i: usize) {
        self.set(i);
        if let Some(col) = self.doors.get_mut((i >> 5) + 1) {
            *col |= (1 << (i & 31)) & Self::ROWS;
        }
    }

    #[inline]
    fn has(&self, i: usize) -> bool {
        self.todo.get((i >> 5) + 1).is_some_and(|col| col & (1 << (i & 31)) != 0)
    }
}

/// `putpass` on the map's parts, drawing from `d`.
#[inline(always)]
pub(crate) fn put_pass<D: Draw>(d: &mut D, places: &mut [Place], bits: &mut PassBits, level: i32, cp: Coord) {
    let secret = d.rnd_below_then_zero(10, level, 40);
    let i = Game::index(cp.y, cp.x);
    let p = &mut places[i];
    // Selected, not branched on: `secret` is a coin toss.
    p.p_flags = (p.p_flags | F_PASS) & if secret { !F_REAL } else { 0xff };
    p.p_ch = if secret { p.p_ch } else { PASSAGE };
    if secret {
        // Rare: a secret spot on a wall would look like a secret door.
        bits.set_door(i);
    } else {
        bits.set(i);
    }
}

/// The state of `passnum`/`numpass` (file statics in C).
struct Numbering {
    pnum: usize,
    newpnum: bool,
}

impl Game {
    /// `do_passages`: join the boxes into one graph with corridors between
    /// neighbors, then add a few more so there is not always one way.
    pub fn do_passages(&mut self) -> Flow {
        // Bit i of isconn[r] and of ingraph: joined to room i, in the graph.
        let mut isconn = [0u16; MAXROOMS];
        let mut ingraph = 0u16;

        // Starting with one room, connect it to a random adjacent room, and
        // then pick a new room to start with.
        let mut roomcount = 1;
        let mut r1 = self.rng.rnd(MAXROOMS as i32) as usize;
        ingraph |= 1 << r1;
        let mut r2 = 0;
        loop {
            let (j, pick) = self.pick_neighbor(CONN_BITS[r1] & !ingraph);
            if j == 0 {
                // No neighbor outside the graph: look from another room.
                loop {
                    r1 = self.rng.rnd(MAXROOMS as i32) as usize;
                    if ingraph & (1 << r1) != 0 {
                        break;
                    }
                }
            } else {
                r2 = pick.unwrap_or(r2);
                ingraph |= 1 << r2;
                self.conn(r1, r2)?;
                isconn[r1] |= 1 << r2;
                isconn[r2] |= 1 << r1;
                roomcount += 1;
            }
            if roomcount >= MAXROOMS {
                break;
            }
        }

        // Add passages a random number of times.
        for _ in 0..self.rng.rnd(5) {
            let r1 = self.rng.rnd(MAXROOMS as i32) as usize;
            let (j, pick) = self.pick_neighbor(CONN_BITS[r1] & !isconn[r1]);
            r2 = pick.unwrap_or(r2);
            if j != 0 {
                self.conn(r1, r2)?;
                isconn[r1] |= 1 << r2;
                isconn[r2] |= 1 << r1;
            }
        }
        self.rt.obs.stage("dug", self.rng.seed());
        self.passnum();
        Ok(())
    }

    /// The C's loop over the rooms that picks among those in `choices`
    /// (bit i for room i): each one replaces the pick with a chance of one
    /// in how many have been seen so far. How many there were, and the
    /// pick if any drew 0.
    fn pick_neighbor(&mut self, choices: u16) -> (i32, Option<usize>) {
        with_draw!(self.rng, |d| {
            let (mut j, mut pick, mut rest) = (0, None, choices);
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                j += 1;
                // A box has at most four neighbors: constant ranges, so no
                // division.
                let v = match j {
                    1 => d.rnd(1),
                    2 => d.rnd(2),
                    3 => d.rnd(3),
                    4 => d.rnd(4),
                    _ => d.rnd(j),
                };
                if v == 0 {
                    pick = Some(i);
                }
            }
            (j, pick)
        })
    }

    /// `conn`: dig a corridor between two neighboring boxes, down or right
    /// from the lower-numbered one, with one turn on the way.
    fn conn(&mut self, r1: usize, r2: usize) -> Flow {
        let rm = r1.min(r2);
        let down = r1.max(r2) != rm + 1;
        let rmt = if down { rm + 3 } else { rm + 1 };
        // Only where the rooms are and whether they are gone: no copies of
        // whole rooms.
        let (fpos, fgone) = (self.dungeon.rooms[rm].r_pos, self.dungeon.rooms[rm].r_flags & ISGONE != 0);
        let (tpos, tgone) = (self.dungeon.rooms[rmt].r_pos, self.dungeon.rooms[rmt].r_flags & ISGONE != 0);
        let (del, turn_delta, spos, epos, distance, turn_distance);
        if down {
            del = Coord::new(1, 0);
            let mut s = fpos;
            let mut e = tpos;
            if !fgone {
                s = self.maze_door(rm, |g, pos, max| Coord::new(pos.y + max.y - 1, pos.x + g.rng.rnd(max.x - 2) + 1));
            }
            if !tgone {
                e = self.maze_door(rmt, |g, pos, max| Coord::new(pos.y, pos.x + g.rng.rnd(max.x - 2) + 1));
            }
            spos = s;
            epos = e;
            distance = (spos.y - epos.y).abs() - 1;
            turn_delta = Coord::new(0, if spos.x < epos.x { 1 } else { -1 });
            turn_distance = (spos.x - epos.x).abs();
        } else {
            del = Coord::new(0, 1);
            let mut s = fpos;
            let mut e = tpos;
            if !fgone {
                s = self.maze_door(rm, |g, pos, max| Coord::new(pos.y + g.rng.rnd(max.y - 2) + 1, pos.x + max.x - 1));
            }
            if !tgone {
                e = self.maze_door(rmt, |g, pos, max| Coord::new(pos.y + g.rng.rnd(max.y - 2) + 1, pos.x));
            }
            spos = s;
            epos = e;
            distance = (spos.x - epos.x).abs() - 1;
            turn_delta = Coord::new(if spos.y < epos.y { 1 } else { -1 }, 0);
            turn_distance = (spos.y - epos.y).abs();
        }
        // Where the turn starts; for rooms whose walls touch the distance
        // is 0 and this is rnd(-1), which still draws.
        let turn_spot = self.rng.rnd(distance - 1) + 1;

        // Doors at both ends, or just passage if a room is gone.
        if !fgone {
            self.door(RoomRef::Room(rm), spos);
        } else {
            self.putpass(spos);
        }
        if !tgone {
            self.door(RoomRef::Room(rmt), epos);
        } else {
            self.putpass(epos);
        }

        let (places, bits, level) = (&mut self.dungeon.places[..], &mut self.statics.pass_bits, self.dungeon.level);
        let mut curr = spos;
        with_draw!(self.rng, |d| {
            let mut distance = distance;
            while distance > 0 {
                curr.x += del.x;
                curr.y += del.y;
                if distance == turn_spot {
                    for _ in 0..turn_distance {
                        put_pass(d, places, bits, level, curr);
                        curr.x += turn_delta.x;
                        curr.y += turn_delta.y;
                    }
                }
                put_pass(d, places, bits, level, curr);
                distance -= 1;
            }
        });
        curr.x += del.x;
        curr.y += del.y;
        if curr != epos {
            self.msg("warning, connectivity problem on this level")?;
        }
        Ok(())
    }

    // DEVIATION: 5.4.4 loops forever in conn() when no spot it can draw is on the maze's passage; the port takes the wall's first passage spot; test: no_hang::known_hangs_use_an_edge_door
    /// The door spot of a corridor end: `pick` draws a spot on the room's
    /// wall; in a maze it is drawn again until it is on the maze's passage.
    ///
    /// When no spot `pick` can draw is on the
    /// passage (a maze in the top row whose only links through that row are
    /// at its edge columns), 5.4.4 loops forever. The port checks, every
    /// [`MAZE_DOOR_TRIES`] tries, whether any spot of the wall's row or
    /// column (edges included) is on the passage, and takes the first such
    /// spot when none it could draw is. Levels where the original finishes
    /// are unchanged: the check draws nothing, and a drawable spot, when
    /// one exists, is still found by drawing.
    fn maze_door(&mut self, r: usize, pick: impl Fn(&mut Game, Coord, Coord) -> Coord) -> Coord {
        let (pos, max, flags) =
            (self.dungeon.rooms[r].r_pos, self.dungeon.rooms[r].r_max, self.dungeon.rooms[r].r_flags);
        let mut tries = 0u32;
        loop {
            let cp = pick(self, pos, max);
            if flags & ISMAZE == 0 || self.flat(cp.y, cp.x) & F_PASS != 0 {
                return cp;
            }
            tries += 1;
            if tries.is_multiple_of(MAZE_DOOR_TRIES)
                && let Some(edge) = self.maze_door_fallback(&self.dungeon.rooms[r], cp)
            {
                return edge;
            }
        }
    }

    /// When no drawable door spot of a maze wall is on its passage, the
    /// first spot of that wall line that is (`None` while a drawable one
    /// exists, so the caller keeps drawing as the original does).
    fn maze_door_fallback(&self, rp: &Room, tried: Coord) -> Option<Coord> {
        let on_pass = |c: &Coord| self.flat(c.y, c.x) & F_PASS != 0;
        // The wall line the draws fall on: a row (top or bottom wall) when
        // the draws vary x, else a column.
        let horizontal = tried.y == rp.r_pos.y || tried.y == rp.r_pos.y + rp.r_max.y - 1;
        let (drawable, all): (Vec<Coord>, Vec<Coord>) = if horizontal {
            let inner = (rp.r_pos.x + 1..rp.r_pos.x + rp.r_max.x - 1).map(|x| Coord::new(tried.y, x)).collect();
            let all = (rp.r_pos.x..rp.r_pos.x + rp.r_max.x).map(|x| Coord::new(tried.y, x)).collect();
            (inner, all)
        } else {
            let inner = (rp.r_pos.y + 1..rp.r_pos.y + rp.r_max.y - 1).map(|y| Coord::new(y, tried.x)).collect();
            let all = (rp.r_pos.y..rp.r_pos.y + rp.r_max.y).map(|y| Coord::new(y, tried.x)).collect();
            (inner, all)
        };
        if drawable.iter().any(on_pass) {
            return None;
        }
        all.into_iter().find(on_pass)
    }

    /// `putpass`: a passage spot, now and then (deeper down) a secret one.
    pub fn putpass(&mut self, cp: Coord) {
        put_pass(&mut self.rng, &mut self.dungeon.places[..], &mut self.statics.pass_bits, self.dungeon.level, cp);
    }

    /// `door`: a door (now and then a secret one) in a room's wall, noted as
    /// one of its exits. A maze's exit is just its passage.
    fn door(&mut self, r: RoomRef, cp: Coord) {
        self.room_mut(r).add_exit(cp);
        self.statics.pass_bits.set_door(Game::index(cp.y, cp.x));
        let (pos, max, flags) = (self.room(r).r_pos, self.room(r).r_max, self.room(r).r_flags);
        if flags & ISMAZE != 0 {
            return;
        }
        if self.rng.rnd_below_then_zero(10, self.dungeon.level, 5) {
            let wall = if cp.y == pos.y || cp.y == pos.y + max.y - 1 { b'-' } else { b'|' };
            self.set_chat(cp.y, cp.x, wall);
            *self.flat_mut(cp.y, cp.x) &= !F_REAL;
        } else {
            self.set_chat(cp.y, cp.x, DOOR);
        }
    }

    /// `passnum`: number each corridor system, starting from every room's
    /// exits, and note its doors as the passage's exits.
    fn passnum(&mut self) {
        let mut n = Numbering { pnum: 0, newpnum: false };
        for p in self.dungeon.passages.iter_mut() {
            p.r_nexits = 0;
        }
        for r in 0..MAXROOMS {
            // The exits read one at a time (numbering changes no room's
            // exits): no copy of the room or of its exit array.
            for k in 0..self.dungeon.rooms[r].exits().len() {
                let e = self.dungeon.rooms[r].r_exit[k];
                n.newpnum = true;
                self.numpass(&mut n, e.y, e.x);
            }
        }
    }

    /// `numpass`: number a passage spot and everything joined to it.
    fn numpass(&mut self, n: &mut Numbering, y: i32, x: i32) {
        if !(0..NUMCOLS).contains(&x) || !(1..NUMLINES).contains(&y) {
            return;
        }
        if self.flat(y, x) & F_PNUM != 0 {
            return;
        }
        // A new exit starts a new passage number, even when the spot turns
        // out not to be a passage at all.
        if n.newpnum {
            n.pnum += 1;
            n.newpnum = false;
        }
        let i = Game::index(y, x);
        if self.statics.pass_bits.has(i) {
            // A level has at most 12 corridors, so pnum stays below
            // MAXPASS; the C would write past the array otherwise.
            let exits = self.dungeon.passages.get_mut(n.pnum);
            let pnum = n.pnum as u8 & F_PNUM;
            number_from(&mut self.dungeon.places[..], &mut self.statics.pass_bits, exits, pnum, i);
        }
    }
}

/// The recursion of `numpass` from a spot about to be numbered (`i`, a map
/// index), numbering it `pnum` and noting it among `exits` when it is a
/// door. The C calls itself on each neighbor (down, up, right, left) and
/// returns at once from those it does not number. Here the walk goes on at
/// once to the first neighbor to number (the C's next call), and a stack
/// holds the others, in reverse order; each is tested again when taken off
/// (an earlier neighbor's passage may have reached it). That numbers the
/// spots, and notes the exits, in the C's order.
fn number_from(places: &mut [Place], bits: &mut PassBits, exits: Option<&mut Room>, pnum: u8, i: usize) {
    let mut w = Walk { places, bits, top: 0, exits, pnum };
    w.run(i);
    // Nothing waits between walks (a copy of the game copies no stack).
    w.bits.stack.clear();
}

/// One walk of [`number_from`].
struct Walk<'a> {
    places: &'a mut [Place],
    bits: &'a mut PassBits,
    /// The spots waiting: `top` of `bits.stack`.
    top: usize,
    exits: Option<&'a mut Room>,
    pnum: u8,
}

/// The step to each neighbor, in the C's order: down, up, right, left (the
/// map is column-major, 32 rows a column).
const STEP: [isize; 4] = [1, -1, 32, -32];

impl Walk<'_> {
    fn run(&mut self, mut i: usize) {
        loop {
            // Which neighbors are still to number is a coin toss for the
            // branch predictor, so the waiting ones are pushed without
            // branches.
            let (x, y) = (i >> 5, (i & 31) as u32);
            let col = self.bits.todo[x + 1] & !(1 << y);
            self.bits.todo[x + 1] = col;
            self.number(i);
            // Row 0 and the rows below the map are never set, so y +- 1
            // stays on it.
            let found = (col >> 1 >> y) & 1
                | (((col << 1) >> y) & 1) << 1
                | ((self.bits.todo[x + 2] >> y) & 1) << 2
                | ((self.bits.todo[x] >> y) & 1) << 3;
            if found == 0 {
                // A dead end: back to the latest spot waiting that is still
                // to number.
                match self.pop() {
                    Some(j) => i = j,
                    None => return,
                }
                continue;
            }
            // The first goes on now; the others wait, the last on top.
            self.reserve(3);
            let rest = found & (found - 1);
            for k in [3, 2, 1] {
                self.bits.stack[self.top] = i.wrapping_add_signed(STEP[k]) as u16;
                self.top += ((rest >> k) & 1) as usize;
            }
            let dir = found.trailing_zeros() as usize;
            let j = i.wrapping_add_signed(STEP[dir]);
            // Then straight on while the walk would go that way anyway.
            i = match dir {
                0 => self.down_from(j),
                1 => self.up_from(j),
                2 => self.right_from(j),
                _ => self.left_from(j),
            };
        }
    }

    /// Number a spot, and note it as an exit if it is a door.
    #[inline(always)]
    fn number(&mut self, i: usize) {
        let p = &mut self.places[i];
        p.p_flags |= self.pnum;
        if (self.bits.doors[(i >> 5) + 1] >> (i & 31)) & 1 != 0
            && is_door(p)
            && let Some(rp) = self.exits.as_deref_mut()
        {
            rp.add_exit(Coord::new((i & 31) as i32, (i >> 5) as i32));
        }
    }

    /// Room on the stack for `n` more.
    #[inline(always)]
    fn reserve(&mut self, n: usize) {
        if self.top + n > self.bits.stack.len() {
            self.bits.stack.resize(self.bits.stack.len() * 2 + 64, 0);
        }
    }

    #[inline(always)]
    fn push(&mut self, j: usize) {
        self.reserve(1);
        self.bits.stack[self.top] = j as u16;
        self.top += 1;
    }

    /// The latest spot waiting that is still to number.
    fn pop(&mut self) -> Option<usize> {
        while self.top > 0 {
            self.top -= 1;
            let j = usize::from(self.bits.stack[self.top]);
            if self.bits.has(j) {
                return Some(j);
            }
        }
        None
    }

    /// The walk going down from spot `i` (to number): each spot with one
    /// below it to number goes on down (the one above is numbered),
    /// leaving its left and right neighbors waiting. The spot where the
    /// run ends is returned, to be numbered as any other.
    #[inline(always)]
    fn down_from(&mut self, i: usize) -> usize {
        let (x, mut y) = (i >> 5, (i & 31) as u32);
        let mut col = self.bits.todo[x + 1];
        while (col >> 1 >> y) & 1 != 0 {
            col &= !(1 << y);
            self.beside(x, y);
            y += 1;
        }
        self.bits.todo[x + 1] = col;
        (x << 5) | y as usize
    }

    /// The walk going up from spot `i`, as [`Walk::down_from`] (the one
    /// below each spot is numbered).
    #[inline(always)]
    fn up_from(&mut self, i: usize) -> usize {
        let (x, mut y) = (i >> 5, (i & 31) as u32);
        let mut col = self.bits.todo[x + 1];
        while ((col << 1) >> y) & 1 != 0 {
            col &= !(1 << y);
            self.beside(x, y);
            y -= 1;
        }
        self.bits.todo[x + 1] = col;
        (x << 5) | y as usize
    }

    /// Number a spot of a vertical run (its bit already cleared in the
    /// caller's copy of the column), leaving its left then its right
    /// neighbor waiting.
    #[inline(always)]
    fn beside(&mut self, x: usize, y: u32) {
        let i = (x << 5) | y as usize;
        self.number(i);
        let (left, right) = ((self.bits.todo[x] >> y) & 1, (self.bits.todo[x + 2] >> y) & 1);
        if left | right != 0 {
            if left != 0 {
                self.push(i - 32);
            }
            if right != 0 {
                self.push(i + 32);
            }
        }
    }

    /// The walk going right from spot `i`: a spot with nothing to number
    /// above or below it and one to its right goes on right (the one to
    /// its left is numbered) with nothing left waiting.
    #[inline(always)]
    fn right_from(&mut self, i: usize) -> usize {
        let (mut x, y) = (i >> 5, (i & 31) as u32);
        loop {
            let col = self.bits.todo[x + 1];
            if ((col << 1) >> y) & 0b101 != 0 || (self.bits.todo[x + 2] >> y) & 1 == 0 {
                return (x << 5) | y as usize;
            }
            self.bits.todo[x + 1] = col & !(1 << y);
            self.number((x << 5) | y as usize);
            x += 1;
        }
    }

    /// The walk going left from spot `i`, as [`Walk::right_from`] (the one
    /// to the right of each spot is numbered).
    #[inline(always)]
    fn left_from(&mut self, i: usize) -> usize {
        let (mut x, y) = (i >> 5, (i & 31) as u32);
        loop {
            let col = self.bits.todo[x + 1];
            if ((col << 1) >> y) & 0b101 != 0 || (self.bits.todo[x] >> y) & 1 == 0 {
                return (x << 5) | y as usize;
            }
            self.bits.todo[x + 1] = col & !(1 << y);
            self.number((x << 5) | y as usize);
            x -= 1;
        }
    }
}

/// A door or a secret door.
#[inline]
fn is_door(p: &Place) -> bool {
    p.p_ch == DOOR || (p.p_flags & F_REAL == 0 && (p.p_ch == b'|' || p.p_ch == b'-'))
}

impl Game {
    /// `add_pass` (wizard): show every passage and door, hidden ones in
    /// standout.
    pub fn add_pass(&mut self) {
        for y in 1..NUMLINES - 1 {
            for x in 0..NUMCOLS {
                let pp = *self.place(y, x);
                let hidden_wall = pp.p_flags & F_REAL == 0 && (pp.p_ch == b'|' || pp.p_ch == b'-');
                if pp.p_flags & F_PASS != 0 || pp.p_ch == DOOR || hidden_wall {
                    let ch = if pp.p_flags & F_PASS != 0 { PASSAGE } else { pp.p_ch };
                    *self.flat_mut(y, x) |= F_SEEN;
                    self.rt.scr.move_to(y, x);
                    if let Some(m) = self.moat(y, x) {
                        self.dungeon.mons[m].t_oldch = pp.p_ch;
                    } else if pp.p_flags & F_REAL != 0 {
                        self.rt.scr.addch(ch.into());
                    } else {
                        self.rt.scr.standout();
                        self.rt.scr.addch(if pp.p_flags & F_PASS != 0 { PASSAGE } else { DOOR }.into());
                        self.rt.scr.standend();
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `numpass` as the C writes it: recursive, on the map alone.
    fn numpass_plain(
        places: &mut [Place],
        passages: &mut [Room; MAXPASS],
        pnum: &mut usize,
        newpnum: &mut bool,
        y: i32,
        x: i32,
    ) {
        if !(0..NUMCOLS).contains(&x) || !(1..NUMLINES).contains(&y) {
            return;
        }
        let i = Game::index(y, x);
        if places[i].p_flags & F_PNUM != 0 {
            return;
        }
        if *newpnum {
            *pnum += 1;
            *newpnum = false;
        }
        if is_door(&places[i]) {
            passages[*pnum].add_exit(Coord::new(y, x));
        } else if places[i].p_flags & F_PASS == 0 {
            return;
        }
        places[i].p_flags |= *pnum as u8;
        numpass_plain(places, passages, pnum, newpnum, y + 1, x);
        numpass_plain(places, passages, pnum, newpnum, y - 1, x);
        numpass_plain(places, passages, pnum, newpnum, y, x + 1);
        numpass_plain(places, passages, pnum, newpnum, y, x - 1);
    }

    /// The walk on bits numbers every level as the plain recursion does:
    /// the same passage numbers on the map, the same exits in the same
    /// order.
    #[test]
    fn numbering_matches_the_plain_recursion() {
        for seed in 0..150 {
            let mut g = Game::headless();
            let _messages = g.record();
            g.init_new_game(seed * 7919 + 3);
            for _ in 0..30 {
                let _ = g.dig_next();
                // Number again from the numbered level with the numbers
                // taken off (what was placed afterwards changes no spot
                // the numbering looks at).
                let mut places = g.dungeon.places.clone();
                for p in places.iter_mut() {
                    if p.p_flags & F_PASS != 0 || is_door(p) {
                        p.p_flags &= !F_PNUM;
                    }
                }
                let mut passages = g.dungeon.passages;
                for p in passages.iter_mut() {
                    p.r_nexits = 0;
                }
                let mut pnum = 0;
                for r in 0..MAXROOMS {
                    for e in g.dungeon.rooms[r].exits().to_vec() {
                        let mut newpnum = true;
                        numpass_plain(&mut places[..], &mut passages, &mut pnum, &mut newpnum, e.y, e.x);
                    }
                }
                assert!(places == g.dungeon.places, "map numbers differ: seed {seed} level {}", g.dungeon.level);
                for (a, b) in passages.iter().zip(g.dungeon.passages.iter()) {
                    assert_eq!(
                        (a.r_nexits, a.exits()),
                        (b.r_nexits, b.exits()),
                        "seed {seed} level {}",
                        g.dungeon.level
                    );
                }
            }
        }
    }
}
