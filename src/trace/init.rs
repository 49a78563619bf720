//! Kind `init`: a new game's lore (FORMAT-core.md §5).

use std::fmt::Write as _;

use super::show::{object, opt_s, s, stats};
use super::{Case, TraceError};
use crate::game::data::STONES;
use crate::game::init::NEW_GAME_STEPS;
use crate::game::thing::ObjId;
use crate::game::{Game, ObjInfo};

pub fn run(case: &Case) -> Result<String, TraceError> {
    let seed = case.int("seed")?;
    let trace = case.yes("trace")?;
    let mut g = Game::headless();
    let mut out = String::new();
    new_game(&mut g, seed, trace, &mut out);
    dump_lore(&g, &mut out);
    Ok(out)
}

/// The new-game steps of main() with their `stage` lines (and the RNG trace
/// between them when asked for).
pub(super) fn new_game(g: &mut Game, seed: i32, trace: bool, out: &mut String) {
    g.dungeon.dnum = seed;
    g.rng.set_seed(seed);
    g.rng.set_trace(trace);
    let _ = writeln!(out, "stage start seed={}", g.rng.seed());
    for (name, step) in NEW_GAME_STEPS {
        step(g);
        out.push_str(&g.rng.take_trace());
        let _ = writeln!(out, "stage {name} seed={}", g.rng.seed());
    }
    g.rng.set_trace(false);
}

fn info_lines(out: &mut String, table: &str, info: &[ObjInfo]) {
    for (i, oi) in info.iter().enumerate() {
        let _ = writeln!(
            out,
            "info {table} {i} name={} prob={} worth={} guess={} know={}",
            opt_s(oi.oi_name),
            oi.oi_prob,
            oi.oi_worth,
            opt_s(oi.oi_guess.as_deref()),
            u8::from(oi.oi_know)
        );
    }
}

fn dump_lore(g: &Game, out: &mut String) {
    info_lines(out, "things", &g.known.things);
    info_lines(out, "potion", &g.known.pot_info);
    info_lines(out, "scroll", &g.known.scr_info);
    info_lines(out, "ring", &g.known.ring_info);
    info_lines(out, "stick", &g.known.ws_info);
    info_lines(out, "weapon", &g.known.weap_info);
    info_lines(out, "armor", &g.known.arm_info);
    let _ = writeln!(out, "player {} flags=0x{:04x}", stats(&g.hero.player.t_stats), g.hero.player.t_flags);
    let _ = writeln!(out, "max_stats {}", stats(&g.hero.max_stats));
    let _ = writeln!(out, "food_left {}", g.hero.food_left);
    let _ = writeln!(out, "hungry_state {}", g.hero.hungry_state);
    let _ = writeln!(out, "inpack {}", g.hero.inpack);
    let pack = &g.hero.player.t_pack;
    for (i, &o) in pack.iter().enumerate() {
        let _ = writeln!(out, "pack {i} {}", object(&g.dungeon.objs[o]));
    }
    let pos = |o: Option<ObjId>| o.and_then(|o| pack.iter().position(|&p| p == o));
    let idx = |o: Option<ObjId>| pos(o).map_or_else(|| "none".to_string(), |i| i.to_string());
    let _ = writeln!(out, "cur_armor pack={}", idx(g.hero.cur_armor));
    let _ = writeln!(out, "cur_weapon pack={}", idx(g.hero.cur_weapon));
    let _ = writeln!(out, "cur_ring left={} right={}", idx(g.hero.cur_ring[0]), idx(g.hero.cur_ring[1]));
    let used: String = g.hero.pack_used.iter().map(|&u| if u { '1' } else { '0' }).collect();
    let _ = writeln!(out, "pack_used {used}");
    for (i, name) in g.known.s_names.iter().enumerate() {
        let _ = writeln!(out, "scroll {i} name={}", s(name.as_bytes()));
    }
    for (i, color) in g.known.p_colors.iter().enumerate() {
        let _ = writeln!(out, "potion {i} color={}", s(color.as_bytes()));
    }
    for (i, stone) in g.known.r_stones.iter().enumerate() {
        let value = STONES.iter().find(|st| st.name == *stone).map_or(0, |st| st.value);
        let _ = writeln!(
            out,
            "ring {i} stone={} stone_value={value} worth={}",
            s(stone.as_bytes()),
            g.known.ring_info[i].oi_worth
        );
    }
    for i in 0..g.known.ws_type.len() {
        let _ = writeln!(
            out,
            "stick {i} type={} made={}",
            s(g.known.ws_type[i].as_bytes()),
            s(g.known.ws_made[i].as_bytes())
        );
    }
    let _ = writeln!(out, "group {}", g.dungeon.group);
    let _ = writeln!(out, "dnum {}", g.dungeon.dnum);
    let _ = writeln!(out, "seed {}", g.rng.seed());
}
