//! Kind `rng`: a program of RN, rnd, roll and spread calls
//! (FORMAT-core.md §4).

use std::fmt::Write as _;

use super::{Case, TraceError, bad_item};
use crate::game::rng::Rng;

pub fn run(case: &Case) -> Result<String, TraceError> {
    let seed = case.int("seed")?;
    let mut r = Rng::new(seed);
    let mut out = format!("seed {seed}\n");
    for item in case.items() {
        let words: Vec<&str> = item.split(' ').collect();
        let nums: Vec<i32> =
            words[1..].iter().map(|w| w.parse()).collect::<Result<_, _>>().map_err(|_| bad_item(case, item))?;
        // Every repeat count is a non-negative number of calls.
        let times = |n: i32| 0..n.max(0);
        match (words[0], nums.as_slice()) {
            ("seed", [s]) => {
                r.set_seed(*s);
                let _ = writeln!(out, "seed {s}");
            }
            ("rn", [n]) => {
                for _ in times(*n) {
                    let v = r.rn();
                    let _ = writeln!(out, "rn v={v} seed={}", r.seed());
                }
            }
            ("rnd", [range, n]) => {
                for _ in times(*n) {
                    let v = r.rnd(*range);
                    let _ = writeln!(out, "rnd r={range} v={v} seed={}", r.seed());
                }
            }
            ("roll", [d, s, n]) => {
                for _ in times(*n) {
                    let v = r.roll(*d, *s);
                    let _ = writeln!(out, "roll n={d} s={s} v={v} seed={}", r.seed());
                }
            }
            ("spread", [v0, n]) => {
                for _ in times(*n) {
                    let v = r.spread(*v0);
                    let _ = writeln!(out, "spread n={v0} v={v} seed={}", r.seed());
                }
            }
            _ => return Err(bad_item(case, item)),
        }
    }
    Ok(out)
}
