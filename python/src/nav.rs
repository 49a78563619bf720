//! `rogue544._native.nav_features`: what a learner needs to find its way,
//! computed from the screens of many games in one call.
//!
//! Rogue's screen is already a map of what the hero has seen (rooms,
//! corridors and the stairs `%` stay drawn), so a breadth-first search from
//! the hero over the screen's walkable glyphs, under the game's own rule
//! for diagonal steps (`diag_ok`: no corner cut past a wall or unknown
//! space), gives for each kind of target the first step of a shortest walk
//! and its length. A pixels-to-actions policy has to learn that search;
//! here it is handed over, and the policy learns only when to go where.
//!
//! One row of features a game (float32), in this order:
//! * the crop: `CROP` x `CROP` cells around the hero, each a one-hot over
//!   [`CLASSES`] glyph classes plus one "stood here this level" bit;
//! * for each target of [`TARGETS`] (stairs, frontier, thing, monster): a
//!   one-hot of the first step over the eight moves (in the action table's
//!   order, `h j k l y u b n`), the walk's length / 64 (1 when none), and
//!   1 when there is one;
//! * 1 when no frontier is left (a searching `s` may find a hidden door);
//! * 1 when the hero was found on the screen.

use numpy::{PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray2, PyReadonlyArray3, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

const ROWS: usize = 24;
const COLS: usize = 80;
/// The map's rows: the top row is the message line, the last the status.
const MAP_TOP: usize = 1;
const MAP_BOTTOM: usize = ROWS - 2;

/// The crop's side (odd: the hero in the middle).
pub const CROP: usize = 9;
/// Glyph classes of the crop, one-hot.
pub const CLASSES: [&str; 11] =
    ["unknown", "wall", "floor", "door", "corridor", "stairs", "thing", "gold", "monster", "trap", "other"];
/// One bit more per crop cell: the hero stood there on this level.
const CELL: usize = CLASSES.len() + 1;
/// What the search looks for.
pub const TARGETS: [&str; 4] = ["stairs", "frontier", "thing", "monster"];
/// Per target: 8 first-step bits, the length, found.
const PER_TARGET: usize = 10;
/// Features a game.
pub const SIZE: usize = CROP * CROP * CELL + TARGETS.len() * PER_TARGET + 2;

/// The eight moves in the action table's order (`h j k l y u b n`):
/// (row, column) deltas.
const MOVES: [(i32, i32); 8] = [(0, -1), (1, 0), (-1, 0), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)];

/// A glyph's class (an index of [`CLASSES`]).
fn class_of(c: u8) -> usize {
    match c {
        b' ' => 0,
        b'|' | b'-' => 1,
        b'.' => 2,
        b'+' => 3,
        b'#' => 4,
        b'%' => 5,
        b'!' | b'?' | b':' | b')' | b']' | b'=' | b'/' | b',' => 6,
        b'*' => 7,
        b'A'..=b'Z' => 8,
        b'^' => 9,
        _ => 10,
    }
}

/// Where a search may walk: floors, doors, corridors, stairs, things,
/// gold, monsters (stepping into one attacks it) and the hero. Not traps
/// the hero knows of, walls or unknown space.
fn walkable(c: u8) -> bool {
    matches!(class_of(c), 2..=8) || c == b'@'
}

/// The game's `step_ok` for the corner rule: blanks and walls block a
/// diagonal step past them.
fn corner_ok(c: u8) -> bool {
    !matches!(c, b' ' | b'|' | b'-')
}

/// One game's screen, read with bounds (outside the map is blank).
struct Screen<'a> {
    chars: &'a [u8],
}

impl Screen<'_> {
    fn at(&self, r: i32, c: i32) -> u8 {
        if r < MAP_TOP as i32 || r > MAP_BOTTOM as i32 || c < 0 || c >= COLS as i32 {
            b' '
        } else {
            self.chars[r as usize * COLS + c as usize]
        }
    }

    /// The hero: at the cursor when it is on an `@` (every command wait),
    /// else the first `@` of the map (the hero is the only `@` there).
    fn hero(&self, cursor: (u8, u8)) -> Option<(i32, i32)> {
        let (r, c) = (i32::from(cursor.0), i32::from(cursor.1));
        if self.at(r, c) == b'@' {
            return Some((r, c));
        }
        let map = &self.chars[MAP_TOP * COLS..(MAP_BOTTOM + 1) * COLS];
        let i = map.iter().position(|&b| b == b'@')?;
        Some(((MAP_TOP + i / COLS) as i32, (i % COLS) as i32))
    }
}

/// Scratch space for one search, kept between games.
struct Search {
    /// The first step of the walk that reached each cell (255: unreached).
    first: Vec<u8>,
    dist: Vec<u16>,
    queue: Vec<(i32, i32)>,
}

impl Search {
    fn new() -> Self {
        Search { first: vec![u8::MAX; ROWS * COLS], dist: vec![0; ROWS * COLS], queue: Vec::with_capacity(ROWS * COLS) }
    }

    /// The nearest of each target from `hero`: (first step, length) each.
    fn run(&mut self, s: &Screen<'_>, visited: &[u8], hero: (i32, i32)) -> [Option<(u8, u16)>; 4] {
        self.first.fill(u8::MAX);
        self.queue.clear();
        let mut found: [Option<(u8, u16)>; 4] = [None; 4];
        let idx = |p: (i32, i32)| p.0 as usize * COLS + p.1 as usize;
        self.first[idx(hero)] = 8;
        self.dist[idx(hero)] = 0;
        self.queue.push(hero);
        let mut head = 0;
        while head < self.queue.len() {
            let p = self.queue[head];
            head += 1;
            let (d, first) = (self.dist[idx(p)], self.first[idx(p)]);
            if p != hero {
                let c = s.at(p.0, p.1);
                let frontier = visited[idx(p)] == 0
                    && (c != b'.' || MOVES.iter().any(|&(dr, dc)| s.at(p.0 + dr, p.1 + dc) == b' '));
                let kinds = [c == b'%', frontier, matches!(class_of(c), 6 | 7), class_of(c) == 8];
                for (k, &is) in kinds.iter().enumerate() {
                    if is && found[k].is_none() {
                        found[k] = Some((first, d));
                    }
                }
                // A monster blocks the walk past it.
                if class_of(c) == 8 {
                    continue;
                }
            }
            for (m, &(dr, dc)) in MOVES.iter().enumerate() {
                let n = (p.0 + dr, p.1 + dc);
                if !walkable(s.at(n.0, n.1)) || self.first[idx(n)] != u8::MAX {
                    continue;
                }
                if dr != 0 && dc != 0 && !(corner_ok(s.at(p.0, n.1)) && corner_ok(s.at(n.0, p.1))) {
                    continue;
                }
                self.first[idx(n)] = if p == hero { m as u8 } else { first };
                self.dist[idx(n)] = d + 1;
                self.queue.push(n);
            }
        }
        found
    }
}

/// One game's features into `out` (`SIZE` floats, zeroed here).
fn features(search: &mut Search, chars: &[u8], cursor: (u8, u8), visited: &mut [u8], out: &mut [f32]) {
    out.fill(0.0);
    let s = Screen { chars };
    let Some(hero) = s.hero(cursor) else { return };
    visited[hero.0 as usize * COLS + hero.1 as usize] = 1;
    let half = (CROP / 2) as i32;
    for dr in -half..=half {
        for dc in -half..=half {
            let (r, c) = (hero.0 + dr, hero.1 + dc);
            let cell = ((dr + half) as usize * CROP + (dc + half) as usize) * CELL;
            out[cell + class_of(s.at(r, c))] = 1.0;
            if (0..ROWS as i32).contains(&r)
                && (0..COLS as i32).contains(&c)
                && visited[r as usize * COLS + c as usize] != 0
            {
                out[cell + CLASSES.len()] = 1.0;
            }
        }
    }
    let found = search.run(&s, visited, hero);
    let base = CROP * CROP * CELL;
    for (k, f) in found.iter().enumerate() {
        let o = &mut out[base + k * PER_TARGET..base + (k + 1) * PER_TARGET];
        match *f {
            Some((first, d)) => {
                if first < 8 {
                    o[usize::from(first)] = 1.0;
                }
                o[8] = (f32::from(d) / 64.0).min(1.0);
                o[9] = 1.0;
            }
            None => o[8] = 1.0,
        }
    }
    let tail = base + TARGETS.len() * PER_TARGET;
    out[tail] = f32::from(u8::from(found[1].is_none()));
    out[tail + 1] = 1.0;
}

/// Fill `out` (`(N, SIZE)` float32) from `chars` (`(N, 24, 80)` uint8),
/// `cursor` (`(N, 2)` uint8) and `visited` (`(N, 24, 80)` uint8, the
/// cells each hero stood on this level: the hero's cell is marked here;
/// the caller clears a game's when its level or game changes).
#[pyfunction]
fn nav_features(
    chars: PyReadonlyArray3<'_, u8>,
    cursor: PyReadonlyArray2<'_, u8>,
    visited: &Bound<'_, PyArray3<u8>>,
    out: &Bound<'_, PyArray2<f32>>,
) -> PyResult<()> {
    let n = chars.shape()[0];
    let bad = |what: &str| PyValueError::new_err(format!("{what} has the wrong shape or is not contiguous"));
    if chars.shape() != [n, ROWS, COLS] || !chars.is_c_contiguous() {
        return Err(bad("chars"));
    }
    if cursor.shape() != [n, 2] || !cursor.is_c_contiguous() {
        return Err(bad("cursor"));
    }
    if visited.shape() != [n, ROWS, COLS] || !visited.is_c_contiguous() {
        return Err(bad("visited"));
    }
    if out.shape() != [n, SIZE] || !out.is_c_contiguous() {
        return Err(bad("out"));
    }
    let (chars, cursor) = (chars.as_slice()?, cursor.as_slice()?);
    let mut visited = visited.try_readwrite()?;
    let mut out = out.try_readwrite()?;
    let (visited, out) = (visited.as_slice_mut()?, out.as_slice_mut()?);
    let mut search = Search::new();
    for i in 0..n {
        let screen = ROWS * COLS;
        features(
            &mut search,
            &chars[i * screen..(i + 1) * screen],
            (cursor[2 * i], cursor[2 * i + 1]),
            &mut visited[i * screen..(i + 1) * screen],
            &mut out[i * SIZE..(i + 1) * SIZE],
        );
    }
    Ok(())
}

/// Register the function and its sizes (`NAV_SIZE`, `NAV_CROP`,
/// `NAV_CLASSES`, `NAV_TARGETS`).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(nav_features, m)?)?;
    m.add("NAV_SIZE", SIZE)?;
    m.add("NAV_CROP", CROP)?;
    m.add("NAV_CLASSES", CLASSES.to_vec())?;
    m.add("NAV_TARGETS", TARGETS.to_vec())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen(rows: &[&str]) -> Vec<u8> {
        let mut s = vec![b' '; ROWS * COLS];
        for (r, row) in rows.iter().enumerate() {
            s[(r + 1) * COLS..(r + 1) * COLS + row.len()].copy_from_slice(row.as_bytes());
        }
        s
    }

    fn target(out: &[f32], k: usize) -> Option<(usize, f32)> {
        let o = &out[CROP * CROP * CELL + k * PER_TARGET..][..PER_TARGET];
        (o[9] == 1.0).then(|| (o[..8].iter().position(|&v| v == 1.0).unwrap_or(8), o[8] * 64.0))
    }

    #[test]
    fn stairs_through_a_door_not_across_its_corner() {
        let s = screen(&["-----", "|.@.|", "|...+###%", "-----"]);
        let mut visited = vec![0; ROWS * COLS];
        let mut out = vec![0.0; SIZE];
        features(&mut Search::new(), &s, (2, 2), &mut visited, &mut out);
        // Down-right to (3,3), right to the door (3,4), then the corridor:
        // never a diagonal step out of the door.
        assert_eq!(target(&out, 0), Some((7, 6.0)));
        assert_eq!(visited[2 * COLS + 2], 1);
        // The door is the nearest unexplored spot (unvisited, blanks beside it).
        assert_eq!(target(&out, 1).map(|t| t.1), Some(2.0));
        assert!(target(&out, 3).is_none());
    }

    #[test]
    fn no_hero_gives_zeros_and_a_flag_off() {
        let s = screen(&["-----", "|...|", "-----"]);
        let mut out = vec![1.0; SIZE];
        features(&mut Search::new(), &s, (0, 0), &mut vec![0; ROWS * COLS], &mut out);
        assert!(out.iter().all(|&v| v == 0.0));
    }

    #[test]
    fn a_monster_is_a_target_and_blocks() {
        let s = screen(&["-------", "|.@K.%|", "-------"]);
        let mut out = vec![0.0; SIZE];
        features(&mut Search::new(), &s, (2, 2), &mut vec![0; ROWS * COLS], &mut out);
        assert_eq!(target(&out, 3), Some((3, 1.0)));
        assert!(target(&out, 0).is_none());
    }
}
