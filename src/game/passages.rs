//! passages.c: the corridors between rooms, and their numbering.

use crate::game::consts::*;
use crate::game::{Flow, Game};
use crate::game::thing::{Coord, Place, Room, RoomRef};

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

/// How many tries at a door spot in a maze wall before checking whether
/// any spot can work at all (see [`Game::maze_door`]).
const MAZE_DOOR_TRIES: u32 = 1000;

/// The state of `passnum`/`numpass` (file statics in C).
struct Numbering {
    pnum: usize,
    newpnum: bool,
    /// The spots still to look at (map indexes), kept for the whole level.
    stack: Vec<u16>,
}

impl Game {
    /// `do_passages`: join the boxes into one graph with corridors between
    /// neighbors, then add a few more so there is not always one way.
    pub fn do_passages(&mut self) -> Flow {
        let mut isconn = [[false; MAXROOMS]; MAXROOMS];
        let mut ingraph = [false; MAXROOMS];

        // Starting with one room, connect it to a random adjacent room, and
        // then pick a new room to start with.
        let mut roomcount = 1;
        let mut r1 = self.rng.rnd(MAXROOMS as i32) as usize;
        ingraph[r1] = true;
        let mut r2 = 0;
        loop {
            let mut j = 0;
            for i in 0..MAXROOMS {
                if CONN[r1][i] && !ingraph[i] {
                    j += 1;
                    if self.rng.rnd(j) == 0 {
                        r2 = i;
                    }
                }
            }
            if j == 0 {
                // No neighbor outside the graph: look from another room.
                loop {
                    r1 = self.rng.rnd(MAXROOMS as i32) as usize;
                    if ingraph[r1] {
                        break;
                    }
                }
            } else {
                ingraph[r2] = true;
                self.conn(r1, r2)?;
                isconn[r1][r2] = true;
                isconn[r2][r1] = true;
                roomcount += 1;
            }
            if roomcount >= MAXROOMS {
                break;
            }
        }

        // Add passages a random number of times.
        for _ in 0..self.rng.rnd(5) {
            let r1 = self.rng.rnd(MAXROOMS as i32) as usize;
            let mut j = 0;
            for i in 0..MAXROOMS {
                if CONN[r1][i] && !isconn[r1][i] {
                    j += 1;
                    if self.rng.rnd(j) == 0 {
                        r2 = i;
                    }
                }
            }
            if j != 0 {
                self.conn(r1, r2)?;
                isconn[r1][r2] = true;
                isconn[r2][r1] = true;
            }
        }
        self.passnum();
        Ok(())
    }

    /// `conn`: dig a corridor between two neighboring boxes, down or right
    /// from the lower-numbered one, with one turn on the way.
    fn conn(&mut self, r1: usize, r2: usize) -> Flow {
        let rm = r1.min(r2);
        let down = r1.max(r2) != rm + 1;
        let rmt = if down { rm + 3 } else { rm + 1 };
        let rpf = self.rooms[rm];
        let rpt = self.rooms[rmt];
        let (del, turn_delta, spos, epos, distance, turn_distance);
        if down {
            del = Coord::new(1, 0);
            let mut s = rpf.r_pos;
            let mut e = rpt.r_pos;
            if rpf.r_flags & ISGONE == 0 {
                s = self.maze_door(rm, |g, r| {
                    Coord::new(r.r_pos.y + r.r_max.y - 1, r.r_pos.x + g.rng.rnd(r.r_max.x - 2) + 1)
                });
            }
            if rpt.r_flags & ISGONE == 0 {
                e = self.maze_door(rmt, |g, r| Coord::new(r.r_pos.y, r.r_pos.x + g.rng.rnd(r.r_max.x - 2) + 1));
            }
            spos = s;
            epos = e;
            distance = (spos.y - epos.y).abs() - 1;
            turn_delta = Coord::new(0, if spos.x < epos.x { 1 } else { -1 });
            turn_distance = (spos.x - epos.x).abs();
        } else {
            del = Coord::new(0, 1);
            let mut s = rpf.r_pos;
            let mut e = rpt.r_pos;
            if rpf.r_flags & ISGONE == 0 {
                s = self.maze_door(rm, |g, r| {
                    Coord::new(r.r_pos.y + g.rng.rnd(r.r_max.y - 2) + 1, r.r_pos.x + r.r_max.x - 1)
                });
            }
            if rpt.r_flags & ISGONE == 0 {
                e = self.maze_door(rmt, |g, r| Coord::new(r.r_pos.y + g.rng.rnd(r.r_max.y - 2) + 1, r.r_pos.x));
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
        if rpf.r_flags & ISGONE == 0 {
            self.door(RoomRef::Room(rm), spos);
        } else {
            self.putpass(spos);
        }
        if rpt.r_flags & ISGONE == 0 {
            self.door(RoomRef::Room(rmt), epos);
        } else {
            self.putpass(epos);
        }

        let mut curr = spos;
        let mut distance = distance;
        while distance > 0 {
            curr.x += del.x;
            curr.y += del.y;
            if distance == turn_spot {
                for _ in 0..turn_distance {
                    self.putpass(curr);
                    curr.x += turn_delta.x;
                    curr.y += turn_delta.y;
                }
            }
            self.putpass(curr);
            distance -= 1;
        }
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
    fn maze_door(&mut self, r: usize, pick: impl Fn(&mut Game, Room) -> Coord) -> Coord {
        let rp = self.rooms[r];
        let mut tries = 0u32;
        loop {
            let cp = pick(self, rp);
            if rp.r_flags & ISMAZE == 0 || self.flat(cp.y, cp.x) & F_PASS != 0 {
                return cp;
            }
            tries += 1;
            if tries.is_multiple_of(MAZE_DOOR_TRIES)
                && let Some(edge) = self.maze_door_fallback(&rp, cp)
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
    #[inline]
    pub fn putpass(&mut self, cp: Coord) {
        let i = Game::index(cp.y, cp.x);
        self.places[i].p_flags |= F_PASS;
        if self.rng.rnd(10) + 1 < self.level && self.rng.rnd(40) == 0 {
            self.places[i].p_flags &= !F_REAL;
        } else {
            self.places[i].p_ch = PASSAGE;
        }
    }

    /// `door`: a door (now and then a secret one) in a room's wall, noted as
    /// one of its exits. A maze's exit is just its passage.
    fn door(&mut self, r: RoomRef, cp: Coord) {
        self.room_mut(r).add_exit(cp);
        let rm = *self.room(r);
        if rm.r_flags & ISMAZE != 0 {
            return;
        }
        if self.rng.rnd(10) + 1 < self.level && self.rng.rnd(5) == 0 {
            let wall = if cp.y == rm.r_pos.y || cp.y == rm.r_pos.y + rm.r_max.y - 1 { b'-' } else { b'|' };
            self.set_chat(cp.y, cp.x, wall);
            *self.flat_mut(cp.y, cp.x) &= !F_REAL;
        } else {
            self.set_chat(cp.y, cp.x, DOOR);
        }
    }

    /// `passnum`: number each corridor system, starting from every room's
    /// exits, and note its doors as the passage's exits.
    fn passnum(&mut self) {
        let mut n = Numbering { pnum: 0, newpnum: false, stack: Vec::with_capacity(256) };
        for p in self.passages.iter_mut() {
            p.r_nexits = 0;
        }
        for r in 0..MAXROOMS {
            // Only the exits are needed, not a copy of the whole room.
            let (exits, nexits) = (self.rooms[r].r_exit, self.rooms[r].exits().len());
            for e in &exits[..nexits] {
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
        if numberable(self.place(y, x)) {
            // A level has at most 12 corridors, so pnum stays below
            // MAXPASS; the C would write past the array otherwise.
            let exits = self.passages.get_mut(n.pnum);
            number_from(&mut self.places, &mut n.stack, exits, n.pnum as u8 & F_PNUM, Game::index(y, x));
        }
    }
}

/// The recursion of `numpass` from a spot about to be numbered (`i`, a map
/// index), numbering it `pnum` and noting it among `exits` when it is a
/// door. The C calls itself on each neighbor (down, up, right, left) and
/// returns at once from those it does not number. Here a stack stands for
/// the calls: the neighbors go on it in reverse order and each is tested
/// again when taken off (an earlier neighbor's passage may have reached
/// it), which numbers the spots, and notes the exits, in the C's order.
fn number_from(places: &mut [Place], stack: &mut Vec<u16>, mut exits: Option<&mut Room>, pnum: u8, i: usize) {
    stack.clear();
    stack.push(i as u16);
    while let Some(i) = stack.pop() {
        let i = usize::from(i);
        let p = &mut places[i];
        if p.p_flags & F_PNUM != 0 {
            continue;
        }
        if is_door(p)
            && let Some(rp) = exits.as_deref_mut()
        {
            rp.add_exit(Coord::new((i & 31) as i32, (i >> 5) as i32));
        }
        p.p_flags |= pnum;
        // The map is column-major, 32 rows a column.
        let (y, x) = (i & 31, i >> 5);
        let mut push = |j: usize| {
            let p = &places[j];
            if p.p_flags & F_PNUM == 0 && numberable(p) {
                stack.push(j as u16);
            }
        };
        if x > 0 {
            push(i - 32);
        }
        if x + 1 < NUMCOLS as usize {
            push(i + 32);
        }
        if y > 1 {
            push(i - 1);
        }
        if y + 1 < NUMLINES as usize {
            push(i + 1);
        }
    }
}

/// A door or a secret door.
#[inline]
fn is_door(p: &Place) -> bool {
    p.p_ch == DOOR || (p.p_flags & F_REAL == 0 && (p.p_ch == b'|' || p.p_ch == b'-'))
}

/// A spot `numpass` numbers: a passage spot, a door or a secret door.
fn numberable(p: &Place) -> bool {
    p.p_flags & F_PASS != 0 || is_door(p)
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
                    if let Some(m) = self.monst_of(&pp) {
                        self.mons[m].t_oldch = pp.p_ch;
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
