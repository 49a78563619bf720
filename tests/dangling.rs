//! Dangling pointers the original follows, kept on purpose; and stale ids
//! everywhere else, detected (src/arena.rs explains both).

use rogue::game::Game;
use rogue::game::thing::{Coord, Dest, Object};

/// A monster heading for gold the hero then picks up keeps, in the C, a
/// pointer into the freed object: it reads the old spot until the memory
/// is reused, then whatever lives there.
#[test]
fn a_destination_reads_freed_and_reused_memory_as_the_c_does() {
    let mut g = Game::headless();
    // Fill glibc's thread cache first (seven frees), so the next free goes
    // to the fast bin that calloc takes from.
    let fill: Vec<_> = (0..7).map(|_| g.new_object()).collect();
    let gold = g.new_object_with(Object { o_pos: Coord::new(7, 9), ..Object::default() });
    let dest = Dest::Object(gold.addr());
    for o in fill {
        g.discard_object(o);
    }
    g.discard_object(gold);
    // Freed but not reused: the old coordinate is still there.
    assert_eq!(g.dest_pos(dest), Coord::new(7, 9));
    assert!(g.dungeon.objs.get(gold).is_none(), "the id itself is stale");
    // The next new thing takes that memory: the destination follows it.
    let arrow = g.new_object_with(Object { o_pos: Coord::new(3, 4), ..Object::default() });
    assert_eq!(arrow.addr(), gold.addr());
    assert_eq!(g.dest_pos(dest), Coord::new(3, 4));
    assert!(dest.is_object(arrow), "pointer equality is by address");
}

/// When a monster takes the freed object's memory, the destination reads
/// the monster through the object's field offsets (o_pos over t_pos.y and
/// the four one-byte fields after it).
#[test]
fn a_destination_over_a_monster_reads_the_union() {
    let mut g = Game::headless();
    let fill: Vec<_> = (0..7).map(|_| g.new_object()).collect();
    let gold = g.new_object();
    for o in fill {
        g.discard_object(o);
    }
    g.discard_object(gold);
    let m = g.new_creature();
    assert_eq!(m.addr(), gold.addr());
    {
        let t = &mut g.dungeon.mons[m];
        t.t_pos = Coord::new(12, 30);
        t.t_turn = true;
        t.t_type = b'K';
        t.t_disguise = b'K';
        t.t_oldch = b'.';
    }
    let got = g.dest_pos(Dest::Object(gold.addr()));
    assert_eq!(got.x, 12);
    assert_eq!(got.y, i32::from_le_bytes([1, b'K', b'K', b'.']));
}
