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
        g.opts.home = std::sync::Arc::new(rogue::game::cbuf::CBuf::strncpy(b"/home/rodney/"));
        (g.clone(), g)
    });
}

fuzz_target!(|data: &[u8]| {
    GAME.with_borrow_mut(|(g, fresh)| {
        g.opts.terse = fresh.opts.terse;
        g.opts.fight_flush = fresh.opts.fight_flush;
        g.opts.jump = fresh.opts.jump;
        g.opts.see_floor = fresh.opts.see_floor;
        g.opts.passgo = fresh.opts.passgo;
        g.opts.tombstone = fresh.opts.tombstone;
        g.opts.whoami.clone_from(&fresh.opts.whoami);
        g.opts.fruit.clone_from(&fresh.opts.fruit);
        g.opts.file_name.clone_from(&fresh.opts.file_name);
        g.opts.inv_type = fresh.opts.inv_type;
        g.parse_opts(data);
        assert!(g.opts.whoami.0.contains(&0) && g.opts.fruit.0.contains(&0) && g.opts.file_name.0.contains(&0));
        let _ = rogue::game::options::inv_t_name(g.opts.inv_type);
    });
});
