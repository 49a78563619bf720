//! Fuzz ROGUEOPTS: arbitrary bytes through `parse_opts` on a headless game
//! (with a home directory, for `~` values). Nothing may panic, and every
//! string option stays a C string within its buffer.
//!
//!     cargo +nightly fuzz run rogueopts fuzz/corpus/rogueopts fuzz/seeds/rogueopts

#![no_main]

use std::cell::RefCell;

use libfuzzer_sys::fuzz_target;
use rogue::game::Game;

thread_local! {
    /// One game for every run (making one costs far more than parsing):
    /// its options are set back before each.
    static GAME: RefCell<(Game, Game)> = RefCell::new({
        let mut g = Game::headless();
        g.home = Box::new(rogue::game::cbuf::CBuf::strncpy(b"/home/rodney/"));
        (g.clone(), g)
    });
}

fuzz_target!(|data: &[u8]| {
    GAME.with_borrow_mut(|(g, fresh)| {
        g.terse = fresh.terse;
        g.fight_flush = fresh.fight_flush;
        g.jump = fresh.jump;
        g.see_floor = fresh.see_floor;
        g.passgo = fresh.passgo;
        g.tombstone = fresh.tombstone;
        g.whoami.clone_from(&fresh.whoami);
        g.fruit.clone_from(&fresh.fruit);
        g.file_name.clone_from(&fresh.file_name);
        g.inv_type = fresh.inv_type;
        g.parse_opts(data);
        assert!(g.whoami.0.contains(&0) && g.fruit.0.contains(&0) && g.file_name.0.contains(&0));
        let _ = rogue::game::options::inv_t_name(g.inv_type);
    });
});
