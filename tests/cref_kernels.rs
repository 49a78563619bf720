//! The combat and hunger kernels against the C reference (c-reference/
//! kernels.c, this project's own C written from the rules):
//!
//! * the C reference itself passes the kernels goldens it covers (swing,
//!   ring_eat, stomach, doctor), so it is a trustworthy second opinion;
//! * the port and the C agree on hundreds of thousands of random inputs per
//!   function, outcome and RNG state alike;
//! * the C map layout (`INDEX(y, x)`) is the port's `Game::index`.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use common::{EDGES, Inputs};
use rogue::cref::{self, Hero, Level};
use rogue::game::consts::*;
use rogue::game::thing::{Creature, ObjId, Object};
use rogue::game::{Ending, Game, Recorder};

/// Random vectors per function in the differential tests.
const VECTORS: usize = 1_000_000;

// ---------------------------------------------------------------------------
// The C reference on the goldens.

fn kernel_cases(prefix: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/kernels");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("oracle/cases/kernels")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "case"))
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(prefix)))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no {prefix}* cases");
    v
}

/// The body lines of a case and the lines of its .expected.
fn case_lines(case: &Path) -> (Vec<String>, Vec<String>) {
    let text = std::fs::read_to_string(case).expect("case");
    let body = text.split_once("\n\n").map_or("", |(_, b)| b);
    let items: Vec<String> = body.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect();
    let expected = std::fs::read_to_string(case.with_extension("expected")).expect("expected");
    (items, expected.lines().map(String::from).collect())
}

fn fields(line: &str) -> HashMap<&str, &str> {
    line.split(' ').filter_map(|t| t.split_once('=')).collect()
}

fn int(f: &HashMap<&str, &str>, key: &str) -> i32 {
    f[key].parse().unwrap_or_else(|_| panic!("{key}={}", f[key]))
}

/// `none` or a ring kind.
fn ring(f: &HashMap<&str, &str>, key: &str) -> i32 {
    match f[key] {
        "none" => cref::CREF_NO_RING,
        k => k.parse().expect("ring kind"),
    }
}

fn quoted_msgs(msgs: &[String]) -> String {
    let mut s = format!("msgs={}", msgs.len());
    for m in msgs {
        s.push_str(&format!(" \"{m}\""));
    }
    s
}

/// What the C reference prints for one body line of `function`.
fn c_output(function: &str, line: &str) -> String {
    let f = fields(line);
    let mut h = Hero::zeroed();
    h.seed = int(&f, "seed");
    let out = match function {
        "swing" => {
            let hit = cref::swing(&mut h.seed, int(&f, "lvl"), int(&f, "arm"), int(&f, "wplus"));
            format!("hit={}", u8::from(hit))
        }
        "ring_eat" => {
            h.ring_which = [ring(&f, "left"), ring(&f, "right")];
            format!("eat={}", h.ring_eat(int(&f, "hand") as usize))
        }
        "stomach" => {
            h.food_left = int(&f, "food");
            h.hungry_state = int(&f, "hungry");
            h.no_command = int(&f, "nocmd");
            h.ring_which = [ring(&f, "lring"), ring(&f, "rring")];
            h.amulet = int(&f, "amulet");
            h.terse = int(&f, "terse");
            let flags = if int(&f, "halu") != 0 { ISHALU } else { 0 } | if int(&f, "run") != 0 { ISRUN } else { 0 };
            h.t_flags = flags as i16;
            h.running = int(&f, "running");
            h.to_death = int(&f, "todeath");
            h.count = int(&f, "count");
            let died = h.stomach().map_or("no".to_string(), |c| format!("'{}'", char::from(c)));
            return format!(
                "food={} hungry={} nocmd={} run={} running={} todeath={} count={} died={died} seed={} {}",
                h.food_left,
                h.hungry_state,
                h.no_command,
                u8::from(h.t_flags as u16 & ISRUN != 0),
                h.running,
                h.to_death,
                h.count,
                h.seed,
                quoted_msgs(&h.messages())
            );
        }
        "doctor" => {
            h.pstats.s_lvl = int(&f, "lvl");
            h.pstats.s_hpt = int(&f, "hp");
            h.pstats.s_maxhp = int(&f, "maxhp");
            h.quiet = int(&f, "quiet");
            h.ring_which = [ring(&f, "lring"), ring(&f, "rring")];
            h.doctor();
            format!("hp={} maxhp={} quiet={}", h.pstats.s_hpt, h.pstats.s_maxhp, h.quiet)
        }
        other => panic!("no C reference for {other}"),
    };
    format!("{out} seed={}", h.seed)
}

#[test]
fn c_reference_passes_the_goldens() {
    let mut lines = 0;
    for (prefix, function) in
        [("swing_", "swing"), ("ring_eat_", "ring_eat"), ("stomach_", "stomach"), ("doctor_", "doctor")]
    {
        for case in kernel_cases(prefix) {
            let (items, expected) = case_lines(&case);
            assert_eq!(items.len(), expected.len(), "{}", case.display());
            for (item, want) in items.iter().zip(&expected) {
                let got = format!("{function} {item} => {}", c_output(function, item));
                assert_eq!(&got, want, "{}", case.display());
                lines += 1;
            }
        }
    }
    assert!(lines > 20_000, "only {lines} golden lines");
}

// ---------------------------------------------------------------------------
// Port against C on random inputs.

/// A game with one ring object per hand, ready to be put on or taken off.
struct Bench {
    g: Game,
    rings: [ObjId; 2],
    rec: Recorder,
}

impl Bench {
    fn new() -> Self {
        let mut g = Game::headless();
        let rings = [(); 2].map(|_| g.new_object_with(Object { o_type: i32::from(RING), ..Object::default() }));
        let rec = g.record();
        Bench { g, rings, rec }
    }

    /// Zero the hero, set the seed and wear the given rings (kind,
    /// CREF_NO_RING for none) on both sides.
    fn reset(&mut self, h: &Hero) {
        let g = &mut self.g;
        g.hero.player = Creature::default();
        g.rng.set_seed(h.seed);
        for hand in [LEFT, RIGHT] {
            let kind = h.ring_which[hand];
            g.hero.cur_ring[hand] = (kind != cref::CREF_NO_RING).then_some(self.rings[hand]);
            let ring = &mut g.dungeon.objs[self.rings[hand]];
            ring.o_which = kind;
            ring.o_arm = h.ring_arm[hand];
        }
        self.rec.take_messages();
    }
}

/// A ring kind for a hand: none, any real kind, now and then one no ring
/// has (the port and the C both take it as costing nothing).
fn any_ring(inp: &mut Inputs) -> i32 {
    match inp.next_u64() % 16 {
        0..=2 => cref::CREF_NO_RING,
        3 => inp.pick(&[14, 15, 99, -2, i32::MAX]),
        _ => inp.range(0, 13),
    }
}

/// A number usually in lo..=hi, now and then an edge of the int range.
fn mostly(inp: &mut Inputs, lo: i32, hi: i32) -> i32 {
    if inp.chance(50) { inp.pick(&EDGES) } else { inp.range(lo, hi) }
}

#[test]
fn swing_matches_c() {
    let mut inp = Inputs::new(0x5717_0001);
    let mut g = Game::headless();
    let mut hits = 0;
    for _ in 0..VECTORS {
        let seed = inp.any_i32();
        let lvl = mostly(&mut inp, -5, 40);
        let arm = mostly(&mut inp, -15, 15);
        let wplus = mostly(&mut inp, -30, 30);
        g.rng.set_seed(seed);
        let rust = g.swing(lvl, arm, wplus);
        let mut c_seed = seed;
        let c = cref::swing(&mut c_seed, lvl, arm, wplus);
        assert_eq!((rust, g.rng.seed()), (c, c_seed), "swing({lvl}, {arm}, {wplus}) from seed {seed}");
        hits += usize::from(rust);
    }
    assert!(hits > VECTORS / 10 && hits < VECTORS * 9 / 10, "{hits} hits: the inputs are too one-sided");
}

#[test]
fn ring_eat_matches_c() {
    let mut inp = Inputs::new(0x5717_0002);
    let mut b = Bench::new();
    let mut seen = [[false; 4]; 16];
    for _ in 0..VECTORS {
        let mut h = Hero::zeroed();
        h.seed = inp.any_i32();
        h.ring_which = [any_ring(&mut inp), any_ring(&mut inp)];
        h.ring_arm = [inp.range(-3, 3), inp.range(-3, 3)];
        let hand = inp.range(0, 1) as usize;
        b.reset(&h);
        let rust = b.g.ring_eat(hand);
        let c = h.ring_eat(hand);
        assert_eq!((rust, b.g.rng.seed()), (c, h.seed), "ring_eat({hand}) of {:?}", h.ring_which);
        let kind = h.ring_which[hand];
        if (0..14).contains(&kind) {
            seen[kind as usize][(c + 1) as usize] = true;
        }
    }
    // Every kind was seen on a hand, and every random kind both ways.
    for (kind, s) in seen.iter().take(14).enumerate() {
        assert!(s.iter().any(|&x| x), "ring kind {kind} never tried");
    }
    for kind in [R_SEARCH, R_SEEINVIS, R_ADDHIT, R_ADDDAM] {
        assert!(seen[kind as usize][1] && seen[kind as usize][2], "kind {kind} not seen costing 0 and 1");
    }
    assert!(seen[R_DIGEST as usize][0] && seen[R_DIGEST as usize][1], "slow digestion not seen both ways");
}

/// Food near the interesting thresholds, or anywhere.
fn any_food(inp: &mut Inputs) -> i32 {
    match inp.next_u64() % 10 {
        0 => 300 + inp.range(-4, 4),
        1 => 150 + inp.range(-4, 4),
        2 => inp.range(-4, 4),
        3 => -850 + inp.range(-4, 4),
        4 => inp.pick(&EDGES),
        5 => inp.range(-900, 0),
        _ => inp.range(-900, 2000),
    }
}

#[test]
fn stomach_matches_c() {
    let mut inp = Inputs::new(0x5717_0003);
    let mut b = Bench::new();
    let (mut died, mut fainted, mut messages) = (0, 0, 0);
    for _ in 0..VECTORS {
        let mut h = Hero::zeroed();
        h.seed = inp.any_i32();
        h.food_left = any_food(&mut inp);
        h.hungry_state = inp.range(0, 3);
        h.no_command = if inp.chance(3) { inp.range(1, 12) } else { 0 };
        h.ring_which = [any_ring(&mut inp), any_ring(&mut inp)];
        h.amulet = i32::from(inp.chance(3));
        h.terse = inp.range(0, 1);
        // Any state word: hallucination and running matter, the rest must
        // be left alone.
        h.t_flags = inp.next_u64() as i16;
        h.running = inp.range(0, 1);
        h.to_death = inp.range(0, 1);
        h.count = mostly(&mut inp, 0, 20);

        b.reset(&h);
        let g = &mut b.g;
        g.hero.food_left = h.food_left;
        g.hero.hungry_state = h.hungry_state;
        g.hero.no_command = h.no_command;
        g.dungeon.amulet = h.amulet != 0;
        g.opts.terse = h.terse != 0;
        g.hero.player.t_flags = h.t_flags as u16;
        g.cmd.running = h.running != 0;
        g.cmd.to_death = h.to_death != 0;
        g.cmd.count = h.count;
        let input = h;

        let rust_died = match g.stomach() {
            Ok(()) => None,
            Err(Ending::Died(c)) => Some(c),
            Err(other) => panic!("stomach cannot end a game by {other}"),
        };
        let c_died = h.stomach();
        let rust = (
            g.hero.food_left,
            g.hero.hungry_state,
            g.hero.no_command,
            g.hero.player.t_flags,
            g.cmd.running,
            g.cmd.to_death,
            g.cmd.count,
            rust_died,
            g.rng.seed(),
            b.rec.take_messages(),
        );
        let c = (
            h.food_left,
            h.hungry_state,
            h.no_command,
            h.t_flags as u16,
            h.running != 0,
            h.to_death != 0,
            h.count,
            c_died,
            h.seed,
            h.messages(),
        );
        assert_eq!(rust, c, "stomach from {input:?}");
        died += usize::from(c_died.is_some());
        fainted += usize::from(h.hungry_state == 3 && h.no_command > 0 && !c.9.is_empty());
        messages += usize::from(!c.9.is_empty());
    }
    assert!(died > 100 && fainted > 100 && messages > 1000, "died {died}, fainted {fainted}, messages {messages}");
}

#[test]
fn doctor_matches_c() {
    let mut inp = Inputs::new(0x5717_0004);
    let mut b = Bench::new();
    let mut healed = 0;
    for _ in 0..VECTORS {
        let mut h = Hero::zeroed();
        h.seed = inp.any_i32();
        h.pstats.s_lvl = mostly(&mut inp, -3, 30);
        h.pstats.s_maxhp = mostly(&mut inp, 1, 150);
        h.pstats.s_hpt = if inp.chance(4) { mostly(&mut inp, -10, 200) } else { inp.range(1, h.pstats.s_maxhp.max(1)) };
        h.quiet = mostly(&mut inp, -5, 30);
        h.ring_which = [any_ring(&mut inp), any_ring(&mut inp)];
        b.reset(&h);
        let g = &mut b.g;
        g.hero.player.t_stats.s_lvl = h.pstats.s_lvl;
        g.hero.player.t_stats.s_hpt = h.pstats.s_hpt;
        g.hero.player.t_stats.s_maxhp = h.pstats.s_maxhp;
        g.hero.quiet = h.quiet;
        let input = h;
        let before = h.pstats.s_hpt;
        g.doctor();
        h.doctor();
        let st = &g.hero.player.t_stats;
        assert_eq!(
            (st.s_hpt, st.s_maxhp, g.hero.quiet, g.rng.seed()),
            (h.pstats.s_hpt, h.pstats.s_maxhp, h.quiet, h.seed),
            "doctor from {input:?}"
        );
        healed += usize::from(h.pstats.s_hpt != before);
    }
    assert!(healed > VECTORS / 10, "only {healed} heals");
}

// ---------------------------------------------------------------------------
// The map layout.

/// FNV-1a over (ch, flags) of rows 0..23, row by row, as the C computes it.
fn checksum(g: &Game) -> u32 {
    let mut h: u32 = 2_166_136_261;
    for y in 0..NUMLINES {
        for x in 0..NUMCOLS {
            let p = g.place(y, x);
            h = (h ^ u32::from(p.p_ch)).wrapping_mul(16_777_619);
            h = (h ^ u32::from(p.p_flags)).wrapping_mul(16_777_619);
        }
    }
    h
}

/// Copy a map into the C `places[]` cell by cell at the same linear index,
/// then read every (y, x) back through the C INDEX: the two layouts agree.
fn assert_same_layout(g: &Game, what: &str) {
    let mut level = Level::new();
    let c_places = level.places_mut();
    assert_eq!(c_places.len(), g.dungeon.places.len());
    for (c, r) in c_places.iter_mut().zip(g.dungeon.places.iter()) {
        c.p_ch = r.p_ch as std::os::raw::c_char;
        c.p_flags = r.p_flags as std::os::raw::c_char;
    }
    for y in 0..MAXLINES as i32 {
        for x in 0..MAXCOLS as i32 {
            let p = g.place(y, x);
            assert_eq!((level.chat(y, x), level.flat(y, x)), (p.p_ch, p.p_flags), "{what}: cell {y},{x}");
        }
    }
    assert_eq!(level.checksum(), checksum(g), "{what}");
}

/// The C map layout (`INDEX(y, x)`, places[(x << 5) + y]) is the port's
/// `Game::index`: on a map of random bytes (the rows past the screen
/// included), on levels the port digs, and for cells written through the
/// C INDEX.
#[test]
fn c_index_is_the_ports_layout() {
    let mut inp = Inputs::new(0x5717_0005);
    let mut g = Game::headless();
    for p in g.dungeon.places.iter_mut() {
        p.p_ch = inp.range(0, 255) as u8;
        p.p_flags = inp.range(0, 255) as u8;
    }
    assert_same_layout(&g, "random map");
    for seed in [0, 1, -1, 1_700_063_352, 2_071_432_158] {
        let mut g = Game::headless();
        let _messages = g.record();
        g.init_new_game(seed);
        for depth in 1..=30 {
            g.dig_next().expect("digging shows no message");
            assert_same_layout(&g, &format!("seed {seed} depth {depth}"));
        }
    }
    // Cells written through the C INDEX land where the port's index puts
    // them.
    let mut level = Level::new();
    for _ in 0..5000 {
        let (y, x) = (inp.range(0, MAXLINES as i32 - 1), inp.range(0, MAXCOLS as i32 - 1));
        let (ch, fl) = (inp.range(0, 255) as u8, inp.range(0, 255) as u8);
        level.set_place(y, x, ch, fl);
        let c = level.places_mut()[Game::index(y, x)];
        assert_eq!((c.p_ch as u8, c.p_flags as u8), (ch, fl), "cell {y},{x}");
    }
}
