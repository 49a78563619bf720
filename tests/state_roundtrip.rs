//! The save file codec (src/state.rs, src/savefile.rs) against the save
//! files the original 5.4.4 wrote (oracle/cases/saves): every one decodes
//! into a game that encodes back to the same bytes, the decoded game
//! matches what the recorded screens show, and damaged files are errors,
//! never panics or runaway allocations.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rogue::A_CHARTEXT;
use rogue::curses::Win;
use rogue::game::Game;
use rogue::game::consts::*;
use rogue::game::savefile::*;
use rogue::game::state::{StateError, rs_restore_file, rs_save_file};
use rogue::game::thing::{DaemonFn, DelayedAction, Dest, RoomRef};

/// The bytes of a save file that are leftover stack memory in the
/// originals (FORMAT-games.md §5.3); the port writes zeros there.
const GARBAGE: std::ops::RangeInclusive<usize> = 37..=107;

fn saves_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/saves")
}

/// Every side file of the saves cases whose first piece is this
/// version's string (the others are score files and the junk files the
/// recorder wrote), with its name.
fn golden_saves() -> Vec<(String, Vec<u8>)> {
    let mut paths: Vec<PathBuf> =
        std::fs::read_dir(saves_dir()).expect("oracle/cases/saves").map(|e| e.expect("dir entry").path()).collect();
    paths.sort();
    let mut out = Vec::new();
    for p in paths {
        let name = p.file_name().unwrap_or_default().to_string_lossy().into_owned();
        if name.ends_with(".case") || name.ends_with(".expected") {
            continue;
        }
        let bytes = std::fs::read(&p).expect("side file");
        match read_header(&mut SaveReader::new(&bytes)) {
            Err(SaveError::OutOfDate) => continue,
            _ => out.push((name, bytes)),
        }
    }
    out
}

/// Decode a whole file into a fresh headless game.
fn decode(bytes: &[u8]) -> Result<(Game, SaveHeader, usize), SaveError> {
    let mut g = Game::headless();
    let mut r = SaveReader::new(bytes);
    let h = read_header(&mut r)?;
    rs_restore_file(&mut g, &mut r)?;
    Ok((g, h, r.remaining()))
}

/// The pieces of the file a game encodes to (offsets of their starts).
fn encode_with_pieces(g: &Game, h: SaveHeader) -> (Vec<u8>, Vec<usize>) {
    let mut w = SaveWriter::new();
    write_header(&mut w, h);
    rs_save_file(g, &mut w);
    let starts = w.piece_starts().to_vec();
    (w.into_bytes(), starts)
}

fn masked(bytes: &[u8]) -> Vec<u8> {
    let mut b = bytes.to_vec();
    for i in GARBAGE {
        if let Some(x) = b.get_mut(i) {
            *x = 0;
        }
    }
    b
}

#[test]
fn golden_saves_decode_and_encode_to_the_same_bytes() {
    let saves = golden_saves();
    assert!(saves.len() >= 30, "only {} save files found", saves.len());
    for (name, bytes) in &saves {
        let (g, h, left) = decode(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(left, 0, "{name}: bytes after the screen");
        let out = save_bytes_with_header(&g, h);
        // The screen-size buffer is zero after its text (encrypted, as
        // the whole piece is).
        let size_piece = encread(&out[28..108]);
        assert!(
            size_piece[GARBAGE.start() - 28..].iter().all(|&b| b == 0),
            "{name}: the port writes zeros at 37..=107"
        );
        assert_eq!(out.len(), bytes.len(), "{name}: length");
        if let Some(i) = (0..out.len()).find(|&i| !GARBAGE.contains(&i) && out[i] != bytes[i]) {
            panic!("{name}: first difference at offset {i}");
        }
        assert_eq!(masked(&out), masked(bytes));
    }
    println!("{} golden save files decoded and re-encoded byte for byte", saves.len());
}

/// Rows of the first frame of a case's .expected (row -> text).
fn first_frame(case: &str) -> Vec<(i32, String)> {
    let text = std::fs::read_to_string(saves_dir().join(format!("{case}.expected"))).expect("expected file");
    let mut rows = Vec::new();
    for line in text.lines().skip(1) {
        if line.starts_with("F ") {
            break;
        }
        if let Some(rest) = line.strip_prefix("R ") {
            let (n, t) = rest.split_once(' ').unwrap_or((rest, ""));
            rows.push((n.parse().expect("row number"), t.to_string()));
        }
    }
    rows
}

fn stdscr_row(g: &Game, y: i32) -> String {
    let s: String = (0..80).map(|x| char::from((g.rt.scr.winch_at(Win::STD, y, x) & A_CHARTEXT) as u8)).collect();
    s.trim_end_matches(' ').to_string()
}

#[test]
fn decoded_game_matches_the_recorded_screens() {
    // s_save_deep saved this game; r_restore_deep restored it. Its first
    // frame shows the status line (Level: 2  Gold: 268  Hp: 15(15)
    // Str: 16(16)  Arm: 4  Exp: 2/14) and the hero at row 16, column 59.
    let bytes = std::fs::read(saves_dir().join("r_restore_deep.in.save")).expect("save");
    let saved = std::fs::read(saves_dir().join("s_save_deep.save")).expect("save");
    assert_eq!(bytes, saved);
    let (g, h, _) = decode(&bytes).expect("decodes");
    assert_eq!(h, SaveHeader { lines: 24, cols: 80 });
    // dnum is the seed the saving game was started with (s_save_deep.case).
    assert_eq!(g.dungeon.dnum, 1721632110);
    assert_eq!(g.dungeon.level, 2);
    assert_eq!(g.hero.purse, 268);
    assert_eq!((g.hero.player.t_stats.s_hpt, g.hero.player.t_stats.s_maxhp), (15, 15));
    assert_eq!((g.hero.player.t_stats.s_str, g.hero.max_stats.s_str), (16, 16));
    assert_eq!((g.hero.player.t_stats.s_lvl, g.hero.player.t_stats.s_exp), (2, 14));
    let armor = g.hero.cur_armor.expect("wearing armor");
    assert_eq!(10 - g.dungeon.objs[armor].o_arm, 4);
    assert_eq!((g.hero().y, g.hero().x), (16, 59));
    assert_eq!(g.dungeon.places[Game::index(16, 59)].p_ch, PASSAGE);
    // The inventory of frame 1: leather armor (f), a +1,+1 mace in hand
    // (c), 24 arrows called "bar" (e), a short bow (d), and food.
    let weapon = g.hero.cur_weapon.expect("wielding");
    assert_eq!(
        (g.dungeon.objs[weapon].o_packch, g.dungeon.objs[weapon].o_hplus, g.dungeon.objs[weapon].o_dplus),
        (b'c', 1, 1)
    );
    let arrows = g.hero.player.t_pack.iter().map(|&o| &g.dungeon.objs[o]).find(|o| o.o_packch == b'e').expect("arrows");
    assert_eq!((arrows.o_count, arrows.o_label.as_deref()), (24, Some("bar")));
    // The hero stood in a passage. The file saves that as room -1, which
    // the original restores as a pointer to rooms[-1], not as NULL: the
    // port keeps it as the void room.
    assert_eq!(g.hero.player.t_room, Some(RoomRef::Void));
    assert_eq!(g.dungeon.mlist.len(), 12);
    for &m in &g.dungeon.mlist {
        let t = &g.dungeon.mons[m];
        assert!(t.t_type.is_ascii_uppercase());
        assert_eq!(g.moat(t.t_pos.y, t.t_pos.x), Some(m));
    }
    // The daemons of every game, and a wandering monster due.
    let funcs: Vec<_> = g.dungeon.d_list.iter().filter(|d| d.d_type != 0).map(|d| d.d_func).collect();
    assert_eq!(
        funcs,
        [Some(DaemonFn::Runners), Some(DaemonFn::Doctor), Some(DaemonFn::Swander), Some(DaemonFn::Stomach)]
    );
    // The restored stdscr is the screen the restore shows, but for the
    // top line, where the restore's "File name" message went.
    for (row, text) in first_frame("r_restore_deep") {
        if row > 0 {
            assert_eq!(stdscr_row(&g, row), text, "stdscr row {row}");
        }
    }
    // The saved top line is the save prompt with its answer.
    assert_eq!(stdscr_row(&g, 0), "Save file (/home/rodney/rogue.save)? Yes");
}

#[test]
fn a_file_from_a_bigger_screen_is_recognised() {
    // r_restore_wrong_lines: the "24 x 80" piece re-encrypted to say 25.
    let bytes = std::fs::read(saves_dir().join("r_restore_wrong_lines.in.save")).expect("save");
    let (g, h, _) = decode(&bytes).expect("decodes");
    assert_eq!(h, SaveHeader { lines: 25, cols: 80 });
    assert!(!fits_screen(&g, h));
    assert!(fits_screen(&g, SaveHeader { lines: 24, cols: 80 }));
}

#[test]
fn not_a_save_is_out_of_date() {
    let junk = std::fs::read(saves_dir().join("r_restore_not_a_save.in.junk.save")).expect("junk");
    assert_eq!(decode(&junk).err(), Some(SaveError::OutOfDate));
    assert_eq!(decode(&[]).err(), Some(SaveError::OutOfDate));
}

fn first_golden() -> Vec<u8> {
    std::fs::read(saves_dir().join("s_save_esc_name.save")).expect("save")
}

#[test]
fn destinations_round_trip_as_list_indexes() {
    let (mut g, h, _) = decode(&first_golden()).expect("decodes");
    assert!(g.dungeon.mlist.len() >= 3 && g.dungeon.lvl_obj.len() >= 2);
    let (m0, m1, m2) = (g.dungeon.mlist[0], g.dungeon.mlist[1], g.dungeon.mlist[2]);
    let o1 = g.dungeon.lvl_obj[1];
    g.dungeon.mons[m0].t_dest = Some(Dest::Monster(g.dungeon.mlist[2].addr()));
    g.dungeon.mons[m1].t_dest = Some(Dest::Object(o1.addr()));
    g.dungeon.mons[m2].t_dest = Some(Dest::Gold(RoomRef::Room(3)));
    // A passage's gold and a thing no longer in its list are saved as the
    // hero, as the C's search by address finds neither.
    let pass = g.dungeon.mlist[3];
    g.dungeon.mons[pass].t_dest = Some(Dest::Gold(RoomRef::Passage(2)));
    g.hero.player.t_dest = Some(Dest::Object(g.hero.player.t_pack[0].addr()));
    let bytes = save_bytes_with_header(&g, h);
    let (g2, _, _) = decode(&bytes).expect("decodes");
    let (n0, n1, n2, n3) = (g2.dungeon.mlist[0], g2.dungeon.mlist[1], g2.dungeon.mlist[2], g2.dungeon.mlist[3]);
    assert_eq!(g2.dungeon.mons[n0].t_dest, Some(Dest::Monster(g2.dungeon.mlist[2].addr())));
    assert_eq!(g2.dungeon.mons[n0].t_reserved, 2);
    assert_eq!(g2.dungeon.mons[n1].t_dest, Some(Dest::Object(g2.dungeon.lvl_obj[1].addr())));
    assert_eq!(g2.dungeon.mons[n2].t_dest, Some(Dest::Gold(RoomRef::Room(3))));
    assert_eq!(g2.dungeon.mons[n3].t_dest, Some(Dest::Hero));
    assert_eq!(g2.hero.player.t_dest, Some(Dest::Hero));
    assert_eq!(save_bytes_with_header(&g2, h), bytes);
}

#[test]
fn daemons_the_file_cannot_name_restore_as_empty_functions() {
    let (mut g, h, _) = decode(&first_golden()).expect("decodes");
    g.dungeon.d_list[10] = DelayedAction { d_type: 1, d_func: Some(DaemonFn::Visuals), d_arg: 0, d_time: -1 };
    g.dungeon.d_list[11] = DelayedAction { d_type: 2, d_func: Some(DaemonFn::ComeDown), d_arg: 0, d_time: 300 };
    let bytes = save_bytes_with_header(&g, h);
    let (g2, _, _) = decode(&bytes).expect("decodes");
    assert_eq!(g2.dungeon.d_list[10], DelayedAction { d_type: 1, d_func: None, d_arg: 0, d_time: -1 });
    assert_eq!(g2.dungeon.d_list[11], DelayedAction { d_type: 2, d_func: None, d_arg: 0, d_time: 300 });
    // Saved again, the C (and the port) write 0 where -1 was.
    let again = save_bytes_with_header(&g2, h);
    assert_eq!(again.len(), bytes.len());
    assert_ne!(again, bytes);
}

#[test]
fn null_and_empty_strings_differ() {
    let (mut g, h, _) = decode(&first_golden()).expect("decodes");
    g.known_mut().things[0].oi_guess = Some(String::new());
    g.known_mut().things[1].oi_guess = None;
    let bytes = save_bytes_with_header(&g, h);
    let (g2, _, _) = decode(&bytes).expect("decodes");
    assert_eq!(g2.known.things[0].oi_guess.as_deref(), Some(""));
    assert_eq!(g2.known.things[1].oi_guess, None);
}

#[test]
fn new_games_of_the_port_round_trip() {
    for seed in [1, 1700003000, -12345, 424242] {
        let mut g = Game::headless();
        g.init_new_game(seed);
        for depth in 1..=6 {
            g.dig_next().expect("level");
            let bytes = save_file_bytes(&g);
            let (g2, h, left) = decode(&bytes).unwrap_or_else(|e| panic!("seed {seed} level {depth}: {e}"));
            assert_eq!((h, left), (SaveHeader { lines: 24, cols: 80 }, 0));
            assert_eq!(save_file_bytes(&g2), bytes, "seed {seed} level {depth}");
            assert_eq!(
                g2.dungeon.places.iter().map(|p| (p.p_ch, p.p_flags)).collect::<Vec<_>>(),
                g.dungeon.places.iter().map(|p| (p.p_ch, p.p_flags)).collect::<Vec<_>>()
            );
            assert_eq!((g2.dungeon.rooms, g2.dungeon.passages), (g.dungeon.rooms, g.dungeon.passages));
            assert_eq!(
                (g2.rng.seed(), g2.dungeon.level, g2.dungeon.mlist.len(), g2.dungeon.lvl_obj.len()),
                (g.rng.seed(), depth, g.dungeon.mlist.len(), g.dungeon.lvl_obj.len())
            );
            assert_eq!(g2.known.s_names, g.known.s_names);
            assert_eq!(
                (g2.known.p_colors, g2.known.r_stones, g2.known.ws_made, g2.known.ws_type),
                (g.known.p_colors, g.known.r_stones, g.known.ws_made, g.known.ws_type)
            );
        }
    }
}

/// xorshift64*: a small seeded generator for the mutations.
struct Prng(u64);

impl Prng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

/// Decode, catching a panic to say which mutation caused it, and time it.
fn must_not_panic(what: &str, bytes: &[u8], slowest: &mut Duration) -> bool {
    let t = Instant::now();
    let r = catch_unwind(AssertUnwindSafe(|| decode(bytes).map(|_| ())));
    let took = t.elapsed();
    *slowest = (*slowest).max(took);
    assert!(took < Duration::from_secs(30), "{what}: decoding took {took:?}");
    match r {
        Ok(res) => res.is_ok(),
        Err(_) => panic!("{what}: decoding panicked"),
    }
}

/// A 4-byte piece holding a chosen int, encrypted as its own piece.
fn int_piece(v: i32) -> Vec<u8> {
    encwrite(&v.to_le_bytes())
}

#[test]
fn damaged_files_are_errors_not_panics() {
    let saves = golden_saves();
    let mut rng = Prng(0x5eed_0fd0_0d00);
    let mut slowest = Duration::ZERO;
    let (mut oks, mut errs) = (0, 0);
    let extremes = [0, -1, 1, 2, 12, 13, 26, 27, 1024, 1025, i32::MAX, i32::MIN, 0x4000_0000, -2];
    for (k, (name, bytes)) in saves.iter().enumerate() {
        let (g, h, _) = decode(bytes).expect("golden decodes");
        let (_, starts) = encode_with_pieces(&g, h);
        let piece = |i: usize| starts[i]..starts.get(i + 1).copied().unwrap_or(bytes.len());
        for n in 0..200 {
            let kind = n % 8;
            let mut b = bytes.clone();
            match kind {
                0 => b.truncate(rng.below(bytes.len())),
                1 => {
                    for _ in 0..1 + rng.below(8) {
                        let i = rng.below(b.len());
                        b[i] ^= 1 << rng.below(8);
                    }
                }
                2 => {
                    // Swap two pieces (each still decrypts to a value).
                    let (i, j) = (rng.below(starts.len()), rng.below(starts.len()));
                    let (i, j) = (i.min(j), i.max(j));
                    let (pi, pj) = (piece(i), piece(j));
                    let mut v = bytes[..pi.start].to_vec();
                    v.extend_from_slice(&bytes[pj.clone()]);
                    v.extend_from_slice(&bytes[pi.end..pj.start.max(pi.end)]);
                    if i != j {
                        v.extend_from_slice(&bytes[pi.clone()]);
                    }
                    v.extend_from_slice(&bytes[pj.end.max(pi.end)..]);
                    b = v;
                }
                3 => {
                    // Repeat a piece.
                    let p = piece(rng.below(starts.len()));
                    b.splice(p.end..p.end, bytes[p].to_vec());
                }
                4 | 5 => {
                    // An int piece set to an extreme (or random) value.
                    let ints: Vec<usize> = (0..starts.len()).filter(|&i| piece(i).len() == 4).collect();
                    let p = piece(ints[rng.below(ints.len())]);
                    let v = if kind == 4 { extremes[rng.below(extremes.len())] } else { rng.next() as i32 };
                    b.splice(p, int_piece(v));
                }
                6 => {
                    // A byte piece (a char or boolean) set to any value.
                    let chars: Vec<usize> = (0..starts.len()).filter(|&i| piece(i).len() == 1).collect();
                    let p = piece(chars[rng.below(chars.len())]);
                    b.splice(p, encwrite(&[rng.next() as u8]));
                }
                _ => {
                    // The start of this file and the end of another.
                    let other = &saves[(k + 1 + rng.below(saves.len() - 1)) % saves.len()].1;
                    let cut = rng.below(bytes.len().min(other.len()));
                    b.truncate(cut);
                    b.extend_from_slice(&other[cut..]);
                }
            }
            let what = format!("{name} mutation {n} (kind {kind})");
            if must_not_panic(&what, &b, &mut slowest) {
                oks += 1;
            } else {
                errs += 1;
            }
        }
    }
    // Whole files that are not saves.
    let mut big = vec![0u8; 16 << 20];
    for c in big.chunks_mut(8) {
        c.copy_from_slice(&rng.next().to_le_bytes()[..c.len()]);
    }
    assert!(!must_not_panic("16 MiB of random bytes", &big, &mut slowest));
    assert!(!must_not_panic("empty file", &[], &mut slowest));
    // A genuine header, then 16 MiB of random bytes.
    let mut w = SaveWriter::new();
    write_header(&mut w, SaveHeader { lines: 24, cols: 80 });
    let mut hdr = w.into_bytes();
    hdr.extend_from_slice(&big);
    assert!(!must_not_panic("header and random bytes", &hdr, &mut slowest));
    // Every other file as a whole decodes.
    for (name, bytes) in &saves {
        assert!(must_not_panic(name, bytes, &mut slowest));
    }
    println!("mutations: {oks} decoded, {errs} refused; slowest decode {slowest:?}");
    assert!(errs > 0 && oks > 0);
}

#[test]
fn forged_sizes_are_refused_before_allocating() {
    // The screen's size and every count set to i32::MAX: errors, at once.
    let bytes = first_golden();
    let (g, h, _) = decode(&bytes).expect("decodes");
    let (_, starts) = encode_with_pieces(&g, h);
    let t = Instant::now();
    let mut refused = 0;
    let mut rng = Prng(0x00f0_4ced);
    let ints: Vec<usize> =
        (0..starts.len()).filter(|&i| starts.get(i + 1).copied().unwrap_or(bytes.len()) - starts[i] == 4).collect();
    // Every int before the map (the globals, the hero, the lists), and a
    // sample of the rest.
    let map_start = ints.iter().position(|&i| i > 5000).unwrap_or(ints.len());
    let mut chosen: Vec<usize> = ints[..map_start.min(400)].to_vec();
    chosen.extend((0..300).map(|_| ints[rng.below(ints.len())]));
    for i in chosen {
        let (s, end) = (starts[i], starts.get(i + 1).copied().unwrap_or(bytes.len()));
        for v in [i32::MAX, i32::MIN] {
            let mut b = bytes.clone();
            b.splice(s..end, int_piece(v));
            if let Err(SaveError::State(StateError::Invalid { .. } | StateError::Marker { .. })) = decode(&b) {
                refused += 1;
            }
        }
    }
    assert!(refused > 500, "{refused}");
    assert!(t.elapsed() < Duration::from_secs(60));
}

/// A room that is not gone but has no size (found by fuzzing restore then
/// play): the wandering monster's spot was picked off the map and the game
/// panicked. Such a save is refused.
#[test]
fn a_live_room_without_a_size_is_refused() {
    let (name, bytes) = golden_saves().into_iter().next().expect("a golden save");
    let (mut g, h, _) = decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let i = g.dungeon.rooms.iter().position(|r| r.r_flags & ISGONE == 0).expect("a room");
    g.dungeon.rooms[i].r_max.x = 0;
    g.dungeon.rooms[i].r_pos.x = 33_000;
    let (damaged, _) = encode_with_pieces(&g, h);
    assert!(decode(&damaged).is_err(), "{name}: a room of size 0 at x 33000 restored");
}

/// The map keeps a monster's address in 16 bits, so a file may hold
/// 60,000 things in all (the lists alone would allow 2560 monsters with
/// 2560 things each, which the C mallocs): one just under restores, one
/// past it is refused.
#[test]
fn a_file_with_more_things_than_the_map_can_name_is_refused() {
    let (name, bytes) = golden_saves().into_iter().next().expect("a golden save");
    let (mut g, h, _) = decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let (monster, object) = (g.dungeon.mlist[0], g.hero.player.t_pack[0]);
    let (monster, object) = (g.dungeon.mons[monster].clone(), g.dungeon.objs[object].clone());
    let add_monster = |g: &mut Game| {
        let m = g.new_creature();
        g.dungeon.mons[m] = monster.clone();
        g.dungeon.mons[m].t_pack = (0..2560).map(|_| g.new_object_with(object.clone())).collect();
        g.dungeon.mlist.push(m);
    };
    for _ in 0..23 {
        add_monster(&mut g);
    }
    let (under, _) = encode_with_pieces(&g, h);
    decode(&under).unwrap_or_else(|e| panic!("{name}: 23 packs of 2560: {e:?}"));
    add_monster(&mut g);
    let (over, _) = encode_with_pieces(&g, h);
    match decode(&over) {
        Err(SaveError::State(StateError::Invalid { what: "number of things in all", value: 60_001, .. })) => {}
        other => panic!("{name}: 24 packs of 2560: {:?}", other.map(|_| ())),
    }
}

/// A level whose rooms are all gone (the C leaves at least six of nine):
/// the search for a random room would never end. Such a save is refused.
#[test]
fn a_level_without_a_room_is_refused() {
    let (name, bytes) = golden_saves().into_iter().next().expect("a golden save");
    let (mut g, h, _) = decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    for r in g.dungeon.rooms.iter_mut() {
        r.r_flags |= ISGONE;
    }
    let (damaged, _) = encode_with_pieces(&g, h);
    assert!(decode(&damaged).is_err(), "{name}: a level of gone rooms restored");
}

/// Games the port plays from random keys, going down four levels at a
/// time to level 40, saved whenever their keys run out (as the end of input
/// saves them), restore: the bounds a save is checked against (turns
/// asleep, dice, levels) lie above anything play reaches.
/// `ROUNDTRIP_GAMES` plays more of them.
#[test]
fn random_games_of_the_port_restore() {
    use rogue::Exit;
    use rogue::curses::model::{Model, ScriptedKeys};
    use rogue::host::ScriptedHost;
    const KEYS: &[u8] = b"hjklyubnHJKLYUBN.s,ieqrwWTPRdtzfFm^<>aIc \n\x1b0123456789abcdefghijklmnopqrstuvwxyz";
    let games: u64 = std::env::var("ROUNDTRIP_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
    let mut most = (0, 0, 0, 0);
    let mut saves = 0;
    for seed in 0..games {
        let mut rng = Prng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut keys = |n: usize| -> Box<ScriptedKeys> {
            Box::new(ScriptedKeys((0..n).map(|_| KEYS[rng.below(KEYS.len())]).collect()))
        };
        let mut g = Game::launch(
            Box::new(ScriptedHost::nowhere()),
            Box::new(Model::standard()),
            rogue::game::Launch::seeded(seed as i32),
        );
        g.rt.scr.set_keys(keys(500));
        // A game that ended (died, quit) has nothing to save.
        let mut exit = g.rogue_main(&[]);
        while exit == Exit::EndOfInput {
            most = (
                most.0.max(g.hero.no_command),
                most.1.max(g.dungeon.level),
                most.2.max(g.hero.player.t_stats.s_lvl),
                most.3.max(g.hero.vf_hit),
            );
            let bytes = save_file_bytes(&g);
            decode(&bytes).unwrap_or_else(|e| {
                panic!("seed {seed} level {}: the port's own save is refused: {e}", g.dungeon.level)
            });
            saves += 1;
            if g.dungeon.level >= 40 {
                break;
            }
            // Digging may show a message and wait for its --More--.
            g.rt.scr.set_keys(keys(500));
            if (0..4).any(|_| g.dig_next().is_err()) {
                break;
            }
            exit = g.resume();
        }
    }
    println!("{saves} saves; most turns asleep, deepest level, hero's level, flytrap's grip: {most:?}");
}
