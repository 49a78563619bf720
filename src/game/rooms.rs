//! rooms.c: the rooms of a level (and mazes), finding spots in them, and
//! what the hero sees on entering and leaving one.

use crate::curses::{Chtype, cchar};
use crate::game::consts::*;
use crate::game::list::attach;
use crate::game::passages::{PassBits, put_pass};
use crate::game::rng::{Draw, with_draw};
use crate::game::thing::{Coord, Place, RoomRef};
use crate::game::{Flow, Game};

/// `GOLDGRP`: the group all gold shares.
const GOLDGRP: i32 = 1;

/// The maze digger's view of a maze room (the file statics `Maxy`, `Maxx`,
/// `Starty`, `Startx`).
struct Maze {
    maxy: i32,
    maxx: i32,
    starty: i32,
    startx: i32,
}

impl Game {
    /// `do_rooms`: lay out the nine boxes of the level: some gone, the rest
    /// rooms (dark, or now and then mazes), with gold and monsters.
    pub fn do_rooms(&mut self) -> Flow {
        let bsze = Coord::new(NUMLINES / 3, NUMCOLS / 3);
        for rp in self.dungeon.rooms.iter_mut() {
            // Only these are reset: r_gold and the exits keep an older
            // level's values, as in the original.
            rp.r_goldval = 0;
            rp.r_nexits = 0;
            rp.r_flags = 0;
        }
        // Put the gone rooms, if any, on the level.
        let left_out = self.rng.rnd(4);
        for _ in 0..left_out {
            let r = self.rnd_room();
            self.dungeon.rooms[r].r_flags |= ISGONE;
        }
        for i in 0..MAXROOMS {
            // The upper left corner of this room's box.
            let top = Coord::new((i as i32 / 3) * bsze.y, (i as i32 % 3) * bsze.x + 1);
            if self.dungeon.rooms[i].r_flags & ISGONE != 0 {
                // A gone room is a point for passages to meet, with a blank
                // line around it for them.
                loop {
                    let x = top.x + self.rng.rnd(bsze.x - 2) + 1;
                    let y = top.y + self.rng.rnd(bsze.y - 2) + 1;
                    let rp = &mut self.dungeon.rooms[i];
                    rp.r_pos = Coord::new(y, x);
                    rp.r_max = Coord::new(-NUMLINES, -NUMCOLS);
                    if y > 0 && y < NUMLINES - 1 {
                        break;
                    }
                }
                continue;
            }
            if self.rng.rnd(10) < self.dungeon.level - 1 {
                self.dungeon.rooms[i].r_flags |= ISDARK;
                if self.rng.rnd(15) == 0 {
                    // A maze is not dark: the flags are replaced.
                    self.dungeon.rooms[i].r_flags = ISMAZE;
                }
            }
            if self.dungeon.rooms[i].r_flags & ISMAZE != 0 {
                let rp = &mut self.dungeon.rooms[i];
                rp.r_max = Coord::new(bsze.y - 1, bsze.x - 1);
                rp.r_pos.x = if top.x == 1 { 0 } else { top.x };
                rp.r_pos.y = top.y;
                if top.y == 0 {
                    rp.r_pos.y += 1;
                    rp.r_max.y -= 1;
                }
            } else {
                loop {
                    let maxx = self.rng.rnd(bsze.x - 4) + 4;
                    let maxy = self.rng.rnd(bsze.y - 4) + 4;
                    let x = top.x + self.rng.rnd(bsze.x - maxx);
                    let y = top.y + self.rng.rnd(bsze.y - maxy);
                    let rp = &mut self.dungeon.rooms[i];
                    rp.r_max = Coord::new(maxy, maxx);
                    rp.r_pos = Coord::new(y, x);
                    if y != 0 {
                        break;
                    }
                }
            }
            self.draw_room(i);
            // Put the gold in.
            if self.rng.rnd(2) == 0 && (!self.dungeon.amulet || self.dungeon.level >= self.dungeon.max_level) {
                let gold = self.new_object();
                let value = self.rng.rnd(50 + 10 * self.dungeon.level) + 2;
                self.dungeon.rooms[i].r_goldval = value;
                let spot = self.find_floor(Some(RoomRef::Room(i)), 0, false);
                self.dungeon.rooms[i].r_gold = spot;
                self.set_chat(spot.y, spot.x, GOLD);
                let o = &mut self.dungeon.objs[gold];
                o.o_arm = value;
                o.o_pos = spot;
                o.o_flags = ISMANY;
                o.o_group = GOLDGRP;
                o.o_type = i32::from(GOLD);
                attach(&mut self.dungeon.lvl_obj, gold);
            }
            // Put the monster in; gold draws them.
            let chance = if self.dungeon.rooms[i].r_goldval > 0 { 80 } else { 25 };
            if self.rng.rnd(100) < chance {
                let tp = self.new_creature();
                let mp = self.find_floor(Some(RoomRef::Room(i)), 0, true);
                let mtype = self.randmonster(false);
                self.new_monster(tp, mtype, mp)?;
                self.give_pack(tp);
            }
        }
        Ok(())
    }

    /// `draw_room`: the walls and floor of a room, or a maze.
    fn draw_room(&mut self, i: usize) {
        let (pos, max, flags) =
            (self.dungeon.rooms[i].r_pos, self.dungeon.rooms[i].r_max, self.dungeon.rooms[i].r_flags);
        if flags & ISMAZE != 0 {
            self.do_maze(i);
            return;
        }
        if max.y < 2 || max.x < 2 {
            // No room is this small; the C's order of drawing, for all that.
            self.vert(i, pos.x);
            self.vert(i, pos.x + max.x - 1);
            self.horiz(i, pos.y);
            self.horiz(i, pos.y + max.y - 1);
            return;
        }
        // What the C's side walls, then top and bottom walls, then floor
        // leave, drawn a column at a time: the map is column-major, so a
        // column of the room is one run of cells. The room's cells are
        // still as new_level cleared them (no two rooms overlap, and
        // nothing is put in a room before it is drawn), so whole cells are
        // written: for the heights rooms have, a column is a copy of a
        // fixed size.
        let (top, width) = (Game::index(pos.y, pos.x), max.x as usize);
        let places = &mut self.dungeon.places[..];
        match max.y {
            4 => draw_columns::<4>(places, top, width),
            5 => draw_columns::<5>(places, top, width),
            6 => draw_columns::<6>(places, top, width),
            7 => draw_columns::<7>(places, top, width),
            height => {
                let height = height as usize;
                for k in 0..width {
                    let at = top + MAXLINES * k;
                    let inside = if k == 0 || k == width - 1 { b'|' } else { FLOOR };
                    let column = &mut places[at..at + height];
                    column.fill(Place::new(inside, F_REAL));
                    column[0] = Place::new(b'-', F_REAL);
                    column[height - 1] = Place::new(b'-', F_REAL);
                }
            }
        }
    }

    /// `vert`: a vertical wall.
    fn vert(&mut self, i: usize, startx: i32) {
        let (pos, max) = (self.dungeon.rooms[i].r_pos, self.dungeon.rooms[i].r_max);
        let (y0, y1) = (pos.y + 1, max.y + pos.y - 1);
        if y0 <= y1 {
            let start = Game::index(y0, startx);
            for p in &mut self.dungeon.places[start..=start + (y1 - y0) as usize] {
                p.p_ch = b'|';
            }
        }
    }

    /// `horiz`: a horizontal wall.
    fn horiz(&mut self, i: usize, starty: i32) {
        let (pos, max) = (self.dungeon.rooms[i].r_pos, self.dungeon.rooms[i].r_max);
        for x in pos.x..=pos.x + max.x - 1 {
            self.set_chat(starty, x, b'-');
        }
    }

    /// `do_maze`: dig a maze in a room's box, from a random even spot.
    fn do_maze(&mut self, i: usize) {
        let rp = self.dungeon.rooms[i];
        let maze = Maze { maxy: rp.r_max.y, maxx: rp.r_max.x, starty: rp.r_pos.y, startx: rp.r_pos.x };
        let starty = (self.rng.rnd(rp.r_max.y) / 2) * 2;
        let startx = (self.rng.rnd(rp.r_max.x) / 2) * 2;
        self.putpass(Coord::new(starty + maze.starty, startx + maze.startx));
        let (places, bits, level) = (&mut self.dungeon.places[..], &mut self.statics.pass_bits, self.dungeon.level);
        with_draw!(self.rng, |d| dig(d, places, bits, level, &maze, starty, startx));
    }

    /// `rnd_pos`: a random spot inside a room's walls.
    pub fn rnd_pos(&mut self, r: RoomRef) -> Coord {
        let (pos, max) = (self.room(r).r_pos, self.room(r).r_max);
        let x = pos.x + self.rng.rnd(max.x - 2) + 1;
        let y = pos.y + self.rng.rnd(max.y - 2) + 1;
        Coord::new(y, x)
    }

    /// `find_floor`: a random floor spot (a passage spot in a maze) in a
    /// room, or in random rooms when `rp` is `None`; for a monster, any spot
    /// it can stand on with no monster there. `limit` tries at most (0: no
    /// limit). The spot of the last try is returned either way, with
    /// whether it is good, as the C leaves it in `*cp`.
    pub fn find_floor_try(&mut self, rp: Option<RoomRef>, limit: i32, monst: bool) -> (Coord, bool) {
        let compchar = |g: &Game, r: RoomRef| if g.room(r).r_flags & ISMAZE != 0 { PASSAGE } else { FLOOR };
        let mut cnt = limit;
        let mut last = Coord::default();
        loop {
            if limit != 0 {
                if cnt == 0 {
                    return (last, false);
                }
                cnt -= 1;
            }
            let r = match rp {
                Some(r) => r,
                None => RoomRef::Room(self.rnd_room()),
            };
            let cp = self.rnd_pos(r);
            last = cp;
            let pp = *self.place(cp.y, cp.x);
            if monst {
                if !self.has_monst(cp.y, cp.x) && crate::game::io::step_ok(pp.p_ch) {
                    return (cp, true);
                }
            } else if pp.p_ch == compchar(self, r) {
                return (cp, true);
            }
        }
    }

    /// `find_floor(NULL, 0, TRUE)` for a level that is already played on (a
    /// teleport, a monster zapped away): a free spot, or `None` when a
    /// million tries find none.
    pub fn find_free_spot(&mut self) -> Option<Coord> {
        // DEVIATION: the C tries for ever; a damaged save can leave no free spot, so the port gives up after a million tries (a real level finds one in a few, so the dice fall as in the C); test: no_hang::a_teleport_with_nowhere_to_go_stays
        const TRIES: i32 = 1_000_000;
        match self.find_floor_try(None, TRIES, true) {
            (cp, true) => Some(cp),
            (_, false) => None,
        }
    }

    /// `find_floor` when the caller does not care whether a limited search
    /// succeeded.
    pub fn find_floor(&mut self, rp: Option<RoomRef>, limit: i32, monst: bool) -> Coord {
        self.find_floor_try(rp, limit, monst).0
    }

    /// `enter_room`: the hero appears in a room: wake who should wake, and
    /// show a lit room with what is in it.
    pub fn enter_room(&mut self, cp: Coord) -> Flow {
        let rp = self.roomin(cp)?;
        self.hero.player.t_room = rp;
        let Some(r) = rp else { return Ok(()) };
        self.door_open(r)?;
        let room = *self.room(r);
        if room.r_flags & ISDARK != 0 || self.hero.player.on(ISBLIND) {
            return Ok(());
        }
        for y in room.r_pos.y..room.r_max.y + room.r_pos.y {
            self.rt.scr.move_to(y, room.r_pos.x);
            // The cells between monsters go to the screen a run at a time:
            // cells already showing the right thing are skipped.
            let (mut run, mut from) = ([0u8; MAXCOLS], room.r_pos.x);
            for x in room.r_pos.x..room.r_max.x + room.r_pos.x {
                let ch = self.chat(y, x);
                match self.moat(y, x) {
                    None => run[(x - from) as usize] = ch,
                    Some(tp) => {
                        self.rt.scr.add_changed(y, from, &run[..(x - from) as usize]);
                        from = x + 1;
                        self.dungeon.mons[tp].t_oldch = ch;
                        if !self.see_monst(tp) {
                            if self.hero.player.on(SEEMONST) {
                                let d = self.dungeon.mons[tp].t_disguise;
                                self.rt.scr.standout();
                                self.rt.scr.addch(d.into());
                                self.rt.scr.standend();
                            } else {
                                self.rt.scr.addch(ch.into());
                            }
                        } else {
                            let d = self.dungeon.mons[tp].t_disguise;
                            self.rt.scr.addch(d.into());
                        }
                    }
                }
            }
            self.rt.scr.add_changed(y, from, &run[..(room.r_max.x + room.r_pos.x - from).max(0) as usize]);
        }
        Ok(())
    }

    /// `leave_room`: the hero leaves a room for a passage: what she no
    /// longer sees is put out of sight.
    pub fn leave_room(&mut self, cp: Coord) -> Flow {
        let Some(r) = self.proom() else { return Ok(()) };
        let rp = *self.room(r);
        if rp.r_flags & ISMAZE != 0 {
            return Ok(());
        }
        let floor = if rp.r_flags & ISGONE != 0 {
            PASSAGE
        } else if rp.r_flags & ISDARK == 0 || self.hero.player.on(ISBLIND) {
            FLOOR
        } else {
            b' '
        };
        self.hero.player.t_room = Some(RoomRef::Passage(usize::from(self.flat(cp.y, cp.x) & F_PNUM)));
        for y in rp.r_pos.y..rp.r_max.y + rp.r_pos.y {
            for x in rp.r_pos.x..rp.r_max.x + rp.r_pos.x {
                self.rt.scr.move_to(y, x);
                let ch = cchar(self.rt.scr.inch());
                if ch == FLOOR {
                    if floor == b' ' {
                        self.rt.scr.addch(Chtype::from(b' '));
                    }
                } else if (ch & 0x7f).is_ascii_uppercase() {
                    // A monster (the standout bit is already stripped).
                    if self.hero.player.on(SEEMONST) {
                        self.rt.scr.standout();
                        self.rt.scr.addch(ch.into());
                        self.rt.scr.standend();
                    } else {
                        let under = if self.chat(y, x) == DOOR { DOOR } else { floor };
                        self.rt.scr.addch(under.into());
                    }
                }
            }
        }
        self.door_open(r)
    }
}

/// A room `N` cells high and `width` across, its top left cell at map
/// index `top`, drawn on the cleared map (see `draw_room`).
fn draw_columns<const N: usize>(places: &mut [Place], top: usize, width: usize) {
    let column = |inside| {
        let mut cells = [Place::new(inside, F_REAL); N];
        (cells[0], cells[N - 1]) = (Place::new(b'-', F_REAL), Place::new(b'-', F_REAL));
        cells
    };
    let (side, middle) = (column(b'|'), column(FLOOR));
    for k in 0..width {
        let at = top + MAXLINES * k;
        debug_assert!(places[at..at + N].iter().all(|p| *p == Place::new(b' ', F_REAL)), "a room drawn over");
        places[at..at + N].copy_from_slice(if k == 0 || k == width - 1 { &side } else { &middle });
    }
}

/// The most rows and columns of spots a maze's dig visits (those an even
/// number of cells from its corner): a maze fills one of the nine boxes.
const MAZE_ROWS: i32 = (NUMLINES / 3 - 1) / 2 + 1;
const MAZE_COLS: i32 = (NUMCOLS / 3 - 1) / 2 + 1;
// They fit the dig's word: a row of 16 bits each.
const _: () = assert!(MAZE_COLS < 16 && MAZE_ROWS * 16 <= 64);

/// `dig`: dig out from a maze cell to random undug neighbors two cells
/// away, until there are none. (The original also keeps an exit table,
/// `accnt_maze`, that nothing reads; it is left out.)
///
/// The C recurses into each new cell and, back from it, looks again. Here
/// a stack stands for the calls, and the cells the dig can reach are bits
/// of one word (bit 16 r + c for the cell 2r down and 2c across from the
/// maze's corner, set while not yet dug), so finding the undug neighbors
/// is a few shifts.
fn dig<D: Draw>(d: &mut D, places: &mut [Place], bits: &mut PassBits, level: i32, maze: &Maze, y: i32, x: i32) {
    // Right, left, down, up, as the C's table.
    const STEP: [i32; 4] = [1, -1, 16, -16];
    let (rows, cols) = (maze.maxy / 2 + 1, maze.maxx / 2 + 1);
    debug_assert!(rows <= MAZE_ROWS && cols <= MAZE_COLS);
    let (rows, cols) = (rows.min(MAZE_ROWS), cols.min(MAZE_COLS));
    let mut undug: u64 = 0;
    for r in 0..rows {
        for c in 0..cols {
            let cell = &places[Game::index(maze.starty + 2 * r, maze.startx + 2 * c)];
            if cell.p_flags & F_PASS == 0 {
                undug |= 1 << (16 * r + c);
            }
        }
    }
    let mut stack = [0u8; (MAZE_ROWS * 16) as usize];
    stack[0] = (16 * (y / 2) + x / 2) as u8;
    let mut top = 1;
    while top > 0 {
        let here = u32::from(stack[top - 1]);
        // The undug neighbors, bit k for STEP[k] (the shifts drop what is
        // off the word; a row's last bits are never set, so none wraps).
        let found = ((undug >> 1 >> here) & 1)
            | ((undug << 1 >> here) & 1) << 1
            | ((undug >> 16 >> here) & 1) << 2
            | ((undug << 16 >> here) & 1) << 3;
        let found = found as u32;
        if found == 0 {
            top -= 1;
            continue;
        }
        // Each neighbor found replaces the choice with a chance of one in
        // how many have been found so far (rnd(1) draws too).
        let pick = d.pick_among(found);
        let (here, next) = (here as i32, here as i32 + STEP[pick as usize]);
        let spot = |b: i32| Coord::new(maze.starty + 2 * (b / 16), maze.startx + 2 * (b % 16));
        let (from, to) = (spot(here), spot(next));
        // The cell between, then the new cell.
        put_pass(d, places, bits, level, Coord::new((from.y + to.y) / 2, (from.x + to.x) / 2));
        put_pass(d, places, bits, level, to);
        undug &= !(1 << next);
        stack[top] = next as u8;
        top += 1;
    }
}
