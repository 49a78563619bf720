//! Play many seeds headless with the screen-reading explorer bot and print
//! how deep it got and how much gold it had, with the speed:
//!
//!     cargo run --release --example explorer_stats -- [GAMES] [KEYS_PER_GAME] [FIRST_SEED]
//!
//! Each game runs through [`rogue::session::play`]: the bot sees a frame
//! (the 24 x 80 screen, the cursor, the status line) at every key.

use std::time::Instant;

use rogue::Ending;
use rogue::session::bot::Explorer;
use rogue::session::{Config, play};

fn main() {
    let a: Vec<i64> = std::env::args().skip(1).filter_map(|s| s.parse().ok()).collect();
    let games = a.first().copied().unwrap_or(200) as usize;
    let budget = a.get(1).copied().unwrap_or(5000) as usize;
    let first = a.get(2).copied().unwrap_or(1) as i32;

    let start = Instant::now();
    let mut depths = Vec::new();
    let mut golds = Vec::new();
    let mut keys = 0u64;
    let mut deaths = 0;
    let mut killers: std::collections::BTreeMap<String, usize> = Default::default();
    for i in 0..games {
        let seed = first.wrapping_add(i as i32);
        let config = Config { seed, ..Config::default() };
        let (last, bot) = play(&config, Explorer::new(seed as u64, budget)).expect("a valid config");
        keys += bot.sent.len() as u64;
        let (depth, gold) = match &last.outcome {
            Some(o) => {
                if let (Some(Ending::Died(_)), Some(k)) = (o.ending, &o.killer) {
                    deaths += 1;
                    *killers.entry(k.clone()).or_default() += 1;
                }
                (o.max_level, o.gold)
            }
            None => {
                let s = last.status().unwrap_or_default().stats;
                (s.level, s.gold)
            }
        };
        depths.push(depth);
        golds.push(gold);
    }
    let secs = start.elapsed().as_secs_f64();
    let stats = |v: &mut Vec<i32>| {
        v.sort_unstable();
        let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len().max(1) as f64;
        (mean, v.get(v.len() / 2).copied().unwrap_or(0), v.last().copied().unwrap_or(0))
    };
    let (dm, dmed, dmax) = stats(&mut depths);
    let (gm, gmed, gmax) = stats(&mut golds);
    println!("{games} games (seeds {first}..), at most {budget} keys each");
    println!("deepest level: mean {dm:.2}, median {dmed}, best {dmax}");
    println!("gold:          mean {gm:.1}, median {gmed}, best {gmax}");
    println!("deaths: {deaths}; the usual killers:");
    let mut ks: Vec<_> = killers.into_iter().collect();
    ks.sort_by_key(|k| std::cmp::Reverse(k.1));
    for (k, n) in ks.iter().take(5) {
        println!("  {n:4}  {k}");
    }
    println!("{keys} keys in {secs:.2} s: {:.0} keys/s (bot included)", keys as f64 / secs);
}
