//! How often play allocates: the `games` goldens replayed headless (the
//! games bench's workload), their heap allocations counted. A count, not a
//! time: it says whether the hot paths (fights and their messages, the
//! inventory, naming things) stay off the heap, whatever the machine.
//!
//! The count covers whole games, so it includes what a game allocates
//! once (the game itself, the screen model, the scroll titles, the score
//! file).

use std::path::Path;

use rogue::case::Case;
use rogue::curses::model::Model;
use rogue::game::{Game, Launch};
use rogue::trace::games::{setup, temp_dir};

// dhat's allocator in its testing mode counts every block (no unsafe here).
#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

#[test]
fn play_allocates_less_than_once_in_two_keys() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases/games");
    let paths = rogue::case::case_paths(&dir).expect("oracle/cases/games");
    let tmp = temp_dir();
    let setups: Vec<_> = paths
        .iter()
        .enumerate()
        .map(|(i, p)| {
            setup(&Case::read(p).expect("a readable case"), &tmp.join(i.to_string())).expect("a case that sets up")
        })
        .collect();
    let keys: usize = setups.iter().map(|s| s.keys.len()).sum();
    let _profiler = dhat::Profiler::builder().testing().build();
    let before = dhat::HeapStats::get().total_blocks;
    for s in &setups {
        let mut model = Model::new(s.lines, s.cols);
        model.push_input(&s.keys);
        let launch = Launch { master: s.master, ..Launch::default() };
        let mut g = Game::launch(Box::new(s.host.clone()), Box::new(model), launch);
        let _ = g.rogue_main(&s.args);
    }
    let allocs = (dhat::HeapStats::get().total_blocks - before) as usize;
    let _ = std::fs::remove_dir_all(&tmp);
    let per_key = allocs as f64 / keys as f64;
    // About 1.1 a key before fights named their parties on the stack and
    // the inventory stopped copying its lines, lists and labels; 0.31
    // after.
    assert!(per_key < 0.5, "{allocs} allocations for {keys} keys: {per_key:.2} a key");
}
