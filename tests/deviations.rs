//! Where the original loops forever, reads or writes out of bounds, or
//! frees what it still uses, the port does something safe instead: each
//! such place (doc/DEVIATIONS.md, "Where this port differs from 5.4.4 on
//! purpose") is pinned down here, so that it cannot change unnoticed.

use rogue::curses::model::Model;
use rogue::game::consts::*;
use rogue::game::rng::Rng;
use rogue::game::thing::{Coord, DaemonFn, Object, Room, Weap, Who};
use rogue::game::{Game, Launch};
use rogue::host::ScriptedHost;

/// roll() with a negative count loops about 2^32 times in the C; the port
/// rolls no dice and draws nothing.
#[test]
fn negative_dice_roll_nothing() {
    let mut r = Rng::new(42);
    assert_eq!(r.roll(-1, 6), 0);
    assert_eq!(r.roll(i32::MIN, 6), 0);
    assert_eq!(r.seed(), 42, "no draw");
}

/// A 13th exit would be written past `r_exit[12]`; the port counts it and
/// drops it.
#[test]
fn thirteenth_exit_is_dropped() {
    let mut rp = Room::default();
    for i in 0..13 {
        rp.add_exit(Coord::new(i, i));
    }
    assert_eq!(rp.r_nexits, 13);
    assert_eq!(rp.exits().len(), 12);
    assert_eq!(rp.exits()[11], Coord::new(11, 11));
}

/// With all 20 daemon slots taken the C writes through a null pointer; the
/// port does not start the 21st.
#[test]
fn twenty_first_daemon_is_not_started() {
    let mut g = Game::headless();
    for _ in 0..MAXDAEMONS {
        g.fuse(DaemonFn::Land, 0, 5, 2);
    }
    g.start_daemon(DaemonFn::Runners, 0, 2);
    assert!(g.dungeon.d_list.iter().all(|d| d.d_func == Some(DaemonFn::Land)));
}

/// A strength outside 0..31 would index past `str_plus[]`/`add_dam[]`;
/// the port uses the tables' last entries (those of 31).
#[test]
fn strength_above_31_counts_as_31() {
    let attack = |strength: u32| {
        let mut g = Game::headless();
        let m = g.new_creature();
        g.dungeon.mons[m].t_stats.s_hpt = 1000;
        g.dungeon.mons[m].t_stats.s_arm = 10;
        g.hero.player.t_stats.s_str = strength;
        g.hero.player.t_stats.s_lvl = 1;
        g.hero.player.t_stats.s_dmg.strcpy(b"1x4");
        g.rng.set_seed(7);
        let hit = g.roll_em(Who::Hero, Who::Monster(m), None, false);
        (hit, g.dungeon.mons[m].t_stats.s_hpt, g.rng.seed())
    };
    assert_eq!(attack(40), attack(31));
    assert_eq!(attack(u32::MAX), attack(31));
}

/// A ring kind outside the ring table would read past `uses[]`; the port
/// charges no food and draws nothing.
#[test]
fn unknown_ring_kind_costs_nothing() {
    let mut g = Game::headless();
    let ring = g.new_object_with(Object { o_type: i32::from(RING), o_which: 99, ..Object::default() });
    g.hero.cur_ring[LEFT] = Some(ring);
    g.rng.set_seed(5);
    assert_eq!(g.ring_eat(LEFT), 0);
    assert_eq!(g.rng.seed(), 5);
    g.dungeon.objs[ring].o_which = -3;
    assert_eq!(g.ring_eat(LEFT), 0);
}

/// A nymph stealing from a stack: the C frees the object that stays in
/// the pack (its list is corrupt from then on); the port takes one from
/// the stack and frees nothing that is still used.
#[test]
fn nymph_theft_from_a_stack_keeps_the_pack_whole() {
    let mut g = Game::headless();
    let _rec = g.record();
    g.init_new_game(1);
    // Nothing magic in the pack but the potions.
    for &o in &g.hero.player.t_pack.clone() {
        g.dungeon.objs[o].o_hplus = 0;
        g.dungeon.objs[o].o_dplus = 0;
    }
    let pots =
        g.new_object_with(Object { o_type: i32::from(POTION), o_which: P_HEALING, o_count: 3, ..Object::default() });
    g.add_pack(Some(pots), true).expect("no message");
    for seed in 0.. {
        let nymph = g.new_creature();
        g.dungeon.mons[nymph].t_type = b'N';
        g.dungeon.mons[nymph].t_pos = Coord::new(5, 5);
        g.dungeon.mons[nymph].t_stats.s_lvl = 30;
        g.dungeon.mons[nymph].t_stats.s_dmg.strcpy(b"1x1");
        g.dungeon.mlist.insert(0, nymph);
        g.hero.player.t_stats.s_hpt = 1000;
        g.rng.set_seed(seed);
        let _ = g.attack(nymph);
        if !g.dungeon.mons.contains(nymph) {
            assert!(g.hero.player.t_pack.contains(&pots), "the stack stays in the pack");
            assert_eq!(g.dungeon.objs[pots].o_count, 2, "one potion is gone");
            assert!(g.hero.player.t_pack.iter().all(|&o| g.dungeon.objs.contains(o)), "every pack entry is live");
            return;
        }
        g.dungeon.mlist.retain(|&m| m != nymph);
    }
}

/// An empty value at the very end of ROGUEOPTS makes the C read past the
/// string (into the next environment variable); the port takes it as
/// empty.
#[test]
fn empty_option_value_at_the_end_reads_nothing_more() {
    let mut g = Game::headless();
    g.parse_opts(b"terse,name=");
    assert!(g.opts.terse);
    assert_eq!(g.opts.whoami.as_bytes(), b"");
    let mut g = Game::headless();
    g.opts.inv_type = INV_SLOW;
    g.parse_opts(b"inven=");
    assert_eq!(g.opts.inv_type, INV_SLOW, "no style matched");
}

/// A magic missile or bolt object outside any list: fight() against a spot
/// with no monster (the C follows a null pointer) does nothing.
#[test]
fn fighting_nothing_does_nothing() {
    let mut g = Game::headless();
    let _rec = g.record();
    g.init_new_game(3);
    g.dig_next().expect("no message");
    let spot = Coord::new(1, 1);
    assert_eq!(g.moat(spot.y, spot.x), None);
    assert_eq!(g.fight(spot, Some(Weap::ZapBolt), true), Ok(false));
}

/// The wizard's `C` indexes the chosen type's table with any answer (`e`
/// is potion 14 of 14); the C names the object from the memory after the
/// table or dies of a signal. The port makes nothing and goes on.
#[test]
fn wizard_object_of_a_kind_past_its_table_is_not_made() {
    let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/wizard/t_wiz_misc.case");
    let text = std::fs::read_to_string(golden).expect("a wizard golden");
    let headers: String = text
        .lines()
        .take_while(|l| !l.is_empty())
        .filter(|l| !["keys:", "ends:", "out-file:", "note:"].iter().any(|h| l.starts_with(h)))
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = std::env::temp_dir().join(format!("rogue-wizard-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    // The last kind of each table is made (the control); one past is not.
    let answers = [("!d", true), ("!e", false), ("?h", true), ("?z", false), ("=d", true), ("=f", false)];
    let answers = answers.into_iter().chain([
        ("/d", true),
        ("/!", false),
        (")8n", true),
        (")9n", false),
        ("]7n", true),
        ("]8n", false),
    ]);
    for (answer, made) in answers {
        let (kind, which) = (&answer[..1], &answer[1..]);
        // Become a wizard, make the object (a weapon or armour is asked
        // its blessing first, as in the C, even past the table), then look
        // at the pack.
        let case = dir.join("t.case");
        std::fs::write(&case, format!("{headers}\n+wizard\\nC{kind}{which}i\n")).expect("write the case");
        let opts = rogue::trace::RunOptions { out_dir: Some(dir.join("run")), ..Default::default() };
        let out = rogue::trace::run_path(&case, &opts).expect("the case runs");
        assert!(out.contains(&format!("Which {kind} do you want? (0-f)")), "C{kind}{which}:\n{out}");
        assert!(out.contains(" e) "), "the pack is shown:\n{out}");
        if kind == ")" || kind == "]" {
            assert!(out.contains("Blessing? (+,-,n)"), "C{kind}{which}:\n{out}");
        }
        assert_eq!(out.contains("You now have") && out.contains(" f) "), made, "C{kind}{which}:\n{out}");
        assert!(out.ends_with("signal=9\nEND exit\n"), "C{kind}{which}: the game goes on:\n{out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `runto` on a spot with no monster: the C dereferences the null pointer;
/// the port starts nothing.
#[test]
fn runto_an_empty_spot_does_nothing() {
    let mut g = Game::headless();
    let _rec = g.record();
    g.init_new_game(3);
    g.dig_next().expect("no message");
    let spot = Coord::new(1, 1);
    assert_eq!(g.moat(spot.y, spot.x), None);
    let before = g.dungeon.mlist.clone();
    assert_eq!(g.runto(spot), Ok(()));
    assert_eq!(g.dungeon.mlist, before);
}

/// Picking up with an empty pack: the C makes the floor object the pack
/// while it is still on the floor's list (the rest of the level's objects
/// follow it in); the port takes it off the floor.
#[test]
fn picking_up_with_an_empty_pack_takes_it_off_the_floor() {
    let mut g = Game::headless();
    let _rec = g.record();
    g.init_new_game(3);
    g.dig_next().expect("no message");
    g.hero.player.t_pack.clear();
    g.hero.inpack = 0;
    let hero = g.hero();
    let food = g.new_object_with(Object { o_type: i32::from(FOOD), o_count: 1, o_pos: hero, ..Object::default() });
    g.dungeon.lvl_obj.insert(0, food);
    let others: Vec<_> = g.dungeon.lvl_obj[1..].to_vec();
    g.add_pack(None, true).expect("no message");
    assert_eq!(g.hero.player.t_pack, vec![food], "the pack is the one object");
    assert_eq!(g.dungeon.lvl_obj, others, "the floor keeps the rest");
}

/// A xeroc disguised as a scroll beside the hero when she reads create
/// monster: the C looks for the scroll object there and follows a null
/// pointer; the port takes the spot as holding no scroll.
#[test]
fn create_monster_beside_a_xeroc_posing_as_a_scroll() {
    let mut model = Model::standard();
    // The scroll's letter (the new game's pack holds five things), then
    // escape from the question what to call it.
    model.push_input(b"f\x1b\x1b");
    let mut g = Game::launch(Box::new(ScriptedHost::nowhere()), Box::new(model), Launch::default());
    g.make_hw();
    let _rec = g.record();
    g.init_new_game(3);
    g.dig_next().expect("no message");
    let hero = g.hero();
    let spot = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
        .iter()
        .map(|&(dy, dx)| Coord::new(hero.y + dy, hero.x + dx))
        .find(|c| g.moat(c.y, c.x).is_none() && g.chat(c.y, c.x) == FLOOR)
        .expect("a floor spot beside the hero");
    let x = g.new_creature();
    g.dungeon.mons[x].t_type = b'X';
    g.dungeon.mons[x].t_disguise = SCROLL;
    g.dungeon.mons[x].t_pos = spot;
    g.dungeon.mlist.insert(0, x);
    g.set_moat(spot.y, spot.x, Some(x));
    assert_eq!(g.find_obj(spot.y, spot.x), Ok(None), "no object under the xeroc");
    let scroll =
        g.new_object_with(Object { o_type: i32::from(SCROLL), o_which: S_CREATE, o_count: 1, ..Object::default() });
    g.add_pack(Some(scroll), true).expect("no message");
    assert_eq!(g.dungeon.objs[scroll].o_packch, b'f');
    assert_eq!(g.read_scroll(), Ok(()));
}

/// Restoring a damaged file: the original removes the file first and then
/// plays or crashes on what it read; the port reads and checks it all, says
/// why it cannot, and leaves the file where it was.
#[test]
fn a_damaged_save_is_refused_and_kept() {
    let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/saves/s_save_named.game1.sav");
    let whole = std::fs::read(&golden).expect("a golden save");
    let dir = std::env::temp_dir().join(format!("rogue-damaged-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let cut = &whole[..whole.len() / 2];
    std::fs::write(dir.join("cut.save"), cut).expect("the damaged file");
    let mut host = ScriptedHost::nowhere();
    host.dir = dir.clone();
    host.home = b"/home/rodney/".to_vec();
    let mut g = Game::launch(Box::new(host), Box::new(Model::standard()), Launch::default());
    assert_eq!(g.restore(b"cut.save"), Ok(()), "it comes back: not restored");
    assert_eq!(std::fs::read(dir.join("cut.save")).expect("still there"), cut, "the file is untouched");
    let _ = std::fs::remove_dir_all(&dir);
}
