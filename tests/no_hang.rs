//! Where 5.4.4 loops forever digging a level (a maze in the top row whose
//! only links through its bottom wall row are at its edge columns; seeds
//! from FORMAT-core.md §6.5), the port must finish the level, and the level
//! must be connected.

use std::collections::VecDeque;
use std::sync::mpsc;
use std::time::Duration;

use rogue::game::consts::*;
use rogue::game::thing::Coord;
use rogue::game::{Game, Launch};

/// Seeds and the level at which the original hangs when the levels are dug
/// back to back from a new game, as the oracle's harness does. FORMAT-core.md
/// §6.5 gives 21 and 25 for the last two; the original C built from the
/// pristine source finishes those levels (ending on the seeds this port
/// ends them on) and hangs on the next one, 22 and 26.
const KNOWN_HANGS: [(i32, i32); 3] = [(1700063352, 11), (1975146307, 22), (1786983738, 26)];

/// Can one walk (or search one's way) through this cell?
fn passable(g: &Game, y: i32, x: i32) -> bool {
    let p = g.place(y, x);
    if p.p_flags & F_PASS != 0 {
        return true;
    }
    match p.p_ch {
        b' ' => false,
        // A wall, unless it is a secret door.
        b'|' | b'-' => p.p_flags & F_REAL == 0,
        _ => true,
    }
}

/// Every cell reachable from the hero, stepping up, down, left and right.
fn reachable(g: &Game) -> Vec<bool> {
    let mut seen = vec![false; (NUMLINES * NUMCOLS) as usize];
    let start = g.hero();
    let mut queue = VecDeque::from([start]);
    seen[(start.y * NUMCOLS + start.x) as usize] = true;
    while let Some(c) = queue.pop_front() {
        for (dy, dx) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let n = Coord::new(c.y + dy, c.x + dx);
            if n.y < 0 || n.y >= NUMLINES || n.x < 0 || n.x >= NUMCOLS {
                continue;
            }
            let i = (n.y * NUMCOLS + n.x) as usize;
            if !seen[i] && passable(g, n.y, n.x) {
                seen[i] = true;
                queue.push_back(n);
            }
        }
    }
    seen
}

/// The stairs and some spot of every room that is there can be reached
/// from the hero.
fn assert_connected(g: &Game, what: &str) {
    let seen = reachable(g);
    let at = |c: Coord| seen[(c.y * NUMCOLS + c.x) as usize];
    assert!(at(g.dungeon.stairs), "{what}: the stairs cannot be reached");
    for (i, rp) in g.dungeon.rooms.iter().enumerate() {
        if rp.r_flags & ISGONE != 0 {
            continue;
        }
        let inside = (rp.r_pos.y..rp.r_pos.y + rp.r_max.y)
            .flat_map(|y| (rp.r_pos.x..rp.r_pos.x + rp.r_max.x).map(move |x| Coord::new(y, x)))
            .filter(|c| {
                let ch = g.chat(c.y, c.x);
                ch != b' ' && ch != b'|' && ch != b'-'
            });
        assert!(inside.clone().any(at), "{what}: room {i} cannot be reached");
    }
}

/// Dig levels 1..=depth from a new game, as the oracle's harness does,
/// checking each level; fails if it does not finish in time.
fn dig_levels(seed: i32, depth: i32) {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut g = Game::headless();
        let _messages = g.record();
        g.init_new_game(seed);
        for d in 1..=depth {
            g.dig_next().expect("digging shows no message");
            assert_connected(&g, &format!("seed {seed} level {d}"));
        }
        let _ = tx.send(());
    });
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(()) => {}
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("seed {seed}: digging {depth} levels did not finish"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("seed {seed}: a level failed its checks (see above)"),
    }
}

#[test]
fn known_hangs_finish_connected() {
    for (seed, level) in KNOWN_HANGS {
        dig_levels(seed, level);
    }
}

/// The hang levels really take the port's way out: a top-row maze has a
/// door at an edge column of its bottom wall row, which the original never
/// draws.
#[test]
fn known_hangs_use_an_edge_door() {
    for (seed, level) in KNOWN_HANGS {
        let mut g = Game::headless();
        let _messages = g.record();
        g.init_new_game(seed);
        for _ in 1..=level {
            g.dig_next().expect("digging shows no message");
        }
        let edge_door = g.dungeon.rooms.iter().any(|rp| {
            rp.r_flags & ISMAZE != 0
                && rp.r_pos.y == 1
                && rp.exits().iter().any(|e| {
                    e.y == rp.r_pos.y + rp.r_max.y - 1 && (e.x == rp.r_pos.x || e.x == rp.r_pos.x + rp.r_max.x - 1)
                })
        });
        assert!(edge_door, "seed {seed} level {level}: no edge door in a top-row maze");
    }
}

#[test]
fn known_hang_seeds_go_on_to_level_40() {
    for (seed, _) in KNOWN_HANGS {
        dig_levels(seed, 40);
    }
}

#[test]
fn ordinary_levels_are_connected() {
    for seed in [0, 1, -1, 12345, 2_000_000_000] {
        dig_levels(seed, 40);
    }
}

// ---------------------------------------------------------------------------
// Repeats that never end: 5.4.4 loops in `command()` without reading a key.

/// Run `f` on its own thread; fail if it has not finished in a minute.
fn within_a_minute<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(v) => v,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: the game never asked for a key again"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: the game panicked (see above)"),
    }
}

/// A new game of a fixed seed, stopped at its first command wait (the keys
/// ran out there), with the hero moved to the second row of a room's first
/// column: the wall is up and to her left, the floor straight up.
fn game_by_a_wall() -> Game {
    use rogue::Exit;
    use rogue::curses::model::Model;
    use rogue::host::ScriptedHost;
    let mut g = Game::launch(Box::new(ScriptedHost::nowhere()), Box::new(Model::standard()), Launch::seeded(7640));
    assert_eq!(g.rogue_main(&[]), Exit::EndOfInput);
    let rp = *g
        .dungeon
        .rooms
        .iter()
        .find(|r| r.r_flags & (ISGONE | ISMAZE) == 0 && r.r_max.y >= 5 && r.r_max.x >= 3)
        .expect("a room with two rows of floor");
    let spot = Coord::new(rp.r_pos.y + 2, rp.r_pos.x + 1);
    assert_eq!(g.chat(spot.y - 1, spot.x - 1), b'|', "the wall up and left");
    g.hero.player.t_pos = spot;
    g
}

/// Seed 7640 of the random-keys run, after 3,288 keys: `F` toward a
/// monster, a move the other way, `d` cancelled with ESC (which gives
/// back the last command, `F` with its direction `y`, but leaves the
/// last direction's offset at the move's), then `a`. The fight starts at
/// the monster straight up and steps up and left, into a wall, for ever
/// in the original; the port stops the fight and reads the next command.
#[test]
fn refused_fight_to_the_death_stops() {
    let (to_death, exit) = within_a_minute("`a` after an escaped drop", || {
        let mut g = game_by_a_wall();
        let hero = g.hero();
        let at = Coord::new(hero.y - 1, hero.x);
        let tp = g.new_creature();
        g.new_monster(tp, b'S', at).expect("a snake next to the hero");
        g.cmd.last_comm = b'F';
        g.cmd.l_last_comm = b'F';
        g.cmd.last_dir = b'y';
        g.cmd.l_last_dir = b'y';
        g.statics.last_delt = Coord::new(-1, 0);
        assert!(g.rt.scr.set_keys(Box::new(rogue::curses::model::ScriptedKeys(b"a".iter().copied().collect()))));
        let exit = g.resume();
        (g.cmd.to_death, exit)
    });
    assert_eq!(exit, rogue::Exit::EndOfInput, "the game waits for a key again");
    assert!(!to_death, "the fight is over");
}

/// The same loop from a save file (the fight's flags, and its direction
/// toward a wall, as a damaged file can hold them): restored, the game
/// comes to its first command wait, where the keys have run out.
#[test]
fn damaged_save_that_fights_a_wall_restores_and_waits() {
    use rogue::Exit;
    use rogue::curses::model::Model;
    use rogue::host::ScriptedHost;
    let dir = std::env::temp_dir().join(format!("rogue-no-hang-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let save = dir.join("rogue.save");
    let mut g = game_by_a_wall();
    g.cmd.to_death = true;
    g.cmd.kamikaze = true;
    g.cmd.runch = b'y';
    std::fs::write(&save, g.save_bytes()).expect("the damaged save");
    let save_name = save.display().to_string().into_bytes();
    let exit = within_a_minute("the restored fight against a wall", move || {
        let host = ScriptedHost { dir: dir.clone(), ..ScriptedHost::nowhere() };
        let mut g = Game::launch(Box::new(host), Box::new(Model::standard()), Launch::default());
        let exit = g.rogue_main(&[save_name]);
        let _ = std::fs::remove_dir_all(&dir);
        (exit, g.cmd.to_death)
    });
    assert_eq!(exit, (Exit::EndOfInput, false), "restored, the game reads a key");
}

/// A command that names itself (a saved last command of `a`, or a saved
/// last direction of `m` for `m`) is dropped, not turned into itself for
/// ever.
#[test]
fn self_repeating_command_is_dropped() {
    for (comm, dir) in [(b'a', b'h'), (b'm', b'm')] {
        let exit = within_a_minute("a command that turns into itself", move || {
            let mut g = game_by_a_wall();
            g.cmd.last_comm = comm;
            g.cmd.l_last_comm = comm;
            g.cmd.last_dir = dir;
            g.cmd.l_last_dir = dir;
            assert!(g.rt.scr.set_keys(Box::new(rogue::curses::model::ScriptedKeys(b"a".iter().copied().collect()))));
            g.resume()
        });
        assert_eq!(exit, rogue::Exit::EndOfInput, "last command {:?}", comm as char);
    }
}

/// A level (as a damaged save can make) where the only room is the hero's:
/// the C looks for a wandering monster's spot for ever; the port gives up
/// and no monster comes.
#[test]
fn a_wanderer_with_nowhere_to_go_does_not_come() {
    let mut g = Game::headless();
    let _messages = g.record();
    g.init_new_game(1);
    g.dig_next().expect("digging shows no message");
    let hero = g.hero.player.t_pos;
    let Some(here) = g.room_at(hero) else { panic!("the hero starts in a room") };
    g.hero.player.t_room = Some(here);
    let rogue::game::thing::RoomRef::Room(i) = here else { panic!("not a passage") };
    for (k, r) in g.dungeon.rooms.iter_mut().enumerate() {
        if k != i {
            r.r_flags |= ISGONE;
        }
    }
    let before = g.dungeon.mlist.len();
    g.wanderer().expect("no message");
    assert_eq!(g.dungeon.mlist.len(), before, "a monster came from nowhere");
}

/// A level with no free spot anywhere (a damaged save can hold one): the C
/// looks for a place to teleport to for ever; the port leaves the hero
/// where she is, and a monster zapped away stays too.
#[test]
fn a_teleport_with_nowhere_to_go_stays() {
    let (before, after) = within_a_minute("a teleport on a level of walls", || {
        let mut g = Game::headless();
        let _messages = g.record();
        g.init_new_game(1);
        g.dig_next().expect("digging shows no message");
        for y in 0..NUMLINES {
            for x in 0..NUMCOLS {
                g.place_mut(y, x).p_ch = b'-';
            }
        }
        let before = g.hero();
        g.teleport().expect("no message");
        assert!(g.find_free_spot().is_none(), "no spot anywhere");
        (before, g.hero())
    });
    assert_eq!(before, after, "the hero stayed");
}

// ---------------------------------------------------------------------------
// Damaged saves that keep the game computing for ever with no key read
// (found by fuzzing `restore_play`): refused as damaged, the file left as it
// was.

/// Save `g` to a scratch file and restore it as `rogue FILE` does, under
/// the watchdog: how the game ended, and whether the file is still there,
/// unchanged.
fn restore_saved(what: &'static str, g: &Game) -> (rogue::Exit, bool) {
    use rogue::curses::model::Model;
    use rogue::host::ScriptedHost;
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("rogue-no-hang-save-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let save = dir.join("rogue.save");
    let bytes = g.save_bytes();
    std::fs::write(&save, &bytes).expect("the damaged save");
    let save_name = save.display().to_string().into_bytes();
    within_a_minute(what, move || {
        let host = ScriptedHost { dir: dir.clone(), ..ScriptedHost::nowhere() };
        let mut g = Game::launch(Box::new(host), Box::new(Model::standard()), Launch::default());
        let exit = g.rogue_main(&[save_name]);
        let kept = std::fs::read(&save).is_ok_and(|b| b == bytes);
        let _ = std::fs::remove_dir_all(&dir);
        (exit, kept)
    })
}

/// What a damaged save holds, and how to make it from a game.
type Damage = (&'static str, fn(&mut Game));

/// `g`'s save is refused as damaged, for a bad value (not some other
/// fault), and `rogue FILE` leaves the file as it was.
fn assert_refused(what: &'static str, g: &Game) {
    let err = rogue::game::savefile::restore_bytes(&mut Game::headless(), &g.save_bytes()).map(|_| ());
    assert!(format!("{err:?}").contains("Invalid"), "{what}: {err:?}");
    assert_eq!(restore_saved(what, g), (rogue::Exit::Status(1), true), "{what}: refused, file kept");
}

/// A save asleep for a negative count of turns (both inputs the fuzzer
/// found hold -9; one also has its stomach daemon's type damaged, the
/// other `after` and `again` set and its doctor's type damaged): the C
/// counts down through 2^32 turns of monsters chasing, reading no key.
/// Refused, as is a count far past any the game makes.
#[test]
fn a_save_asleep_for_ever_is_refused() {
    let cases: [Damage; 4] = [
        ("asleep -9 turns, stomach type damaged", |g| {
            g.hero.no_command = -9;
            if let Some(d) =
                g.dungeon.d_list.iter_mut().find(|d| d.d_func == Some(rogue::game::thing::DaemonFn::Stomach))
            {
                d.d_type = -1_778_384_894;
            }
        }),
        ("asleep -9 turns, after and again set", |g| {
            g.hero.no_command = -9;
            g.cmd.after = true;
            g.cmd.again = true;
            if let Some(d) =
                g.dungeon.d_list.iter_mut().find(|d| d.d_func == Some(rogue::game::thing::DaemonFn::Doctor))
            {
                d.d_type = 2050;
            }
        }),
        ("asleep 2^31 - 1 turns", |g| g.hero.no_command = i32::MAX),
        // Found by fuzzing: counting the turns down overflowed.
        ("held in a bear trap -2^31 turns", |g| g.hero.no_move = i32::MIN),
    ];
    for (what, damage) in cases {
        let mut g = game_by_a_wall();
        damage(&mut g);
        assert_refused(what, &g);
    }
}

/// The longest sleep a game can reach (an ice monster's freeze, up to 50
/// turns) still restores: the hero sleeps it off and the game reads a key.
#[test]
fn a_save_in_a_long_sleep_restores() {
    let mut g = game_by_a_wall();
    g.hero.no_command = 50;
    assert_eq!(restore_saved("asleep 50 turns", &g).0, rogue::Exit::EndOfInput);
}

/// Saves whose numbers make one roll of the dice take 2^31 draws (a
/// monster's or weapon's damage string, the flytrap's grip, the dungeon
/// level or a kind of monster's level, which set a new monster's dice, the
/// hero's level, from which a level gained is counted): refused, the file
/// kept.
#[test]
fn a_save_with_endless_dice_is_refused() {
    use rogue::game::cbuf::CBuf;
    let cases: [Damage; 7] = [
        ("a monster's damage", |g| {
            let m = g.dungeon.mlist[0];
            g.dungeon.mons[m].t_stats.s_dmg = CBuf::strncpy(b"2000000000x8");
        }),
        ("a weapon's damage, run on into its thrown damage", |g| {
            let o = g.hero.player.t_pack[0];
            g.dungeon.objs[o].o_damage = CBuf::strncpy(b"1x1/1x10");
            g.dungeon.objs[o].o_hurldmg = CBuf::strncpy(b"00000x1");
        }),
        ("a kind of monster's damage", |g| g.dungeon.monster_stats[0].s_dmg = CBuf::strncpy(b"1x1/2147483647x1")),
        ("the flytrap's grip", |g| g.hero.vf_hit = i32::MAX - 1),
        ("the dungeon level (a crash the fuzzer found: 10 * level overflowed)", |g| g.dungeon.level = 831_930_322),
        ("a kind of monster's level", |g| g.dungeon.monster_stats[10].s_lvl = i32::MAX / 2),
        ("the hero's level", |g| g.hero.player.t_stats.s_lvl = i32::MIN / 2),
    ];
    assert_each_refused(&cases);
}

/// Each damage done to a game by a wall (with a monster and a pack), then
/// saved and restored: refused.
fn assert_each_refused(cases: &[Damage]) {
    for (what, damage) in cases {
        let mut g = game_by_a_wall();
        assert!(!g.dungeon.mlist.is_empty() && !g.hero.player.t_pack.is_empty(), "a monster and a pack");
        damage(&mut g);
        assert_refused(what, &g);
    }
}

/// Armor classes, bonuses, hit points and experience near the ends of an
/// int: the game's sums and products of them overflow (a crash the fuzzer
/// found: the status line's `10 - armor class` with the hero's at
/// i32::MIN). Refused as damaged.
#[test]
fn a_save_with_absurd_numbers_is_refused() {
    let cases: [Damage; 9] = [
        ("the hero's armor class", |g| g.hero.player.t_stats.s_arm = i32::MIN),
        // Two more the fuzzer found: `roomin` summing a gone room's corner
        // and size, and a count of i32::MIN counted down.
        ("a gone room's corner", |g| {
            let r = &mut g.dungeon.rooms[0];
            r.r_flags |= ISGONE;
            r.r_max = Coord::new(-NUMLINES, -NUMCOLS);
            r.r_pos.x = i32::MAX;
        }),
        ("a passage's size", |g| g.dungeon.passages[3].r_max.y = i32::MIN),
        ("the count", |g| g.cmd.count = i32::MIN),
        ("an object's armor class", |g| {
            let o = g.hero.player.t_pack[0];
            g.dungeon.objs[o].o_arm = i32::MIN + 5;
        }),
        ("an object's hit bonus", |g| {
            let o = g.hero.player.t_pack[0];
            g.dungeon.objs[o].o_hplus = i32::MAX;
        }),
        ("an object's damage bonus", |g| {
            let o = g.hero.player.t_pack[0];
            g.dungeon.objs[o].o_dplus = -2_000_000_000;
        }),
        ("the hero's hit points", |g| g.hero.player.t_stats.s_hpt = i32::MAX),
        ("a monster's experience", |g| {
            let m = g.dungeon.mlist[0];
            g.dungeon.mons[m].t_stats.s_exp = i32::MIN;
        }),
    ];
    assert_each_refused(&cases);
}

/// Far past the game's own figures, but within the bounds, still restores.
#[test]
fn a_save_deep_down_restores() {
    let mut g = game_by_a_wall();
    g.dungeon.level = 1000;
    g.dungeon.max_level = 1000;
    g.hero.vf_hit = 500;
    g.hero.player.t_stats.s_lvl = 21;
    assert_eq!(restore_saved("level 1000", &g).0, rogue::Exit::EndOfInput);
}
