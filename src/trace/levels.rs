//! Kind `levels`: a new game, then depths 1..D, each level dumped whole
//! (FORMAT-core.md §6).

use std::fmt::Write as _;

use super::show::{ch, object, s, stats};
use super::{Case, TraceError};
use crate::curses::{A_CHARTEXT, Win};
use crate::game::consts::*;
use crate::game::thing::{Dest, Room, RoomRef};
use crate::game::{Game, Recorder};

pub fn run(case: &Case) -> Result<String, TraceError> {
    let seed = case.int("seed")?;
    let depth = case.int("depth")?;
    let trace = case.yes("trace")?;
    if !(1..=40).contains(&depth) {
        return Err(TraceError::Parse(format!("{}: depth must be 1..40, not {depth}", case.path.display())));
    }
    let mut g = Game::headless();
    let mut out = String::new();
    super::init::new_game(&mut g, seed, false, &mut out);
    let _ = writeln!(out, "stage init_done seed={}", g.rng.seed());
    for d in 1..=depth {
        let _ = writeln!(out, "begin level {d}");
        let rec = g.record();
        g.rng.set_trace(trace);
        let dug = g.dig_next();
        out.push_str(&g.rng.take_trace());
        g.rng.set_trace(false);
        if let Err(e) = dug {
            return Err(TraceError::Parse(format!("level {d} ended the game: {e}")));
        }
        dump_level(&mut g, &rec, d, &mut out);
    }
    Ok(out)
}

fn roomref(r: Option<RoomRef>) -> String {
    match r {
        Some(RoomRef::Room(i)) => format!("room{i}"),
        Some(RoomRef::Passage(i)) => format!("passage{i}"),
        Some(RoomRef::Void) => "void".to_string(),
        None => "none".to_string(),
    }
}

fn room_line(out: &mut String, what: &str, i: usize, rp: &Room) {
    let exits = if rp.r_nexits == 0 {
        "-".to_string()
    } else {
        rp.exits().iter().map(|c| format!("{},{}", c.y, c.x)).collect::<Vec<_>>().join(";")
    };
    let _ = writeln!(
        out,
        "{what} {i} pos={},{} max={},{} gold={},{} goldval={} flags=0x{:x} nexits={} exits={exits}",
        rp.r_pos.y,
        rp.r_pos.x,
        rp.r_max.y,
        rp.r_max.x,
        rp.r_gold.y,
        rp.r_gold.x,
        rp.r_goldval,
        rp.r_flags as u16,
        rp.r_nexits
    );
}

fn dest(g: &Game, d: Option<Dest>) -> String {
    match d {
        None => "none".to_string(),
        Some(Dest::Hero) => "hero".to_string(),
        Some(Dest::Gold(r)) => format!("gold:{}", roomref(Some(r))),
        Some(Dest::Monster(m)) => g
            .dungeon
            .mlist
            .iter()
            .position(|&x| x.addr() == m)
            .map_or_else(|| "none".to_string(), |k| format!("monster{k}")),
        Some(Dest::Object(o)) => g
            .dungeon
            .lvl_obj
            .iter()
            .position(|&x| x.addr() == o)
            .map_or_else(|| "none".to_string(), |k| format!("object{k}")),
    }
}

fn dump_level(g: &mut Game, rec: &Recorder, d: i32, out: &mut String) {
    let st = rec.take_stages();
    let stage = |name: &str| st.iter().find(|(n, _)| *n == name).map_or(0, |s| s.1);
    let _ = writeln!(out, "level {d}");
    let _ = writeln!(out, "stage do_rooms seed={}", stage("do_rooms"));
    let _ = writeln!(out, "stage do_passages seed={}", stage("do_passages"));
    let _ = writeln!(out, "stage placed seed={}", stage("placed"));
    let _ = writeln!(out, "stage enter_room seed={}", stage("enter_room"));
    for (k, m) in rec.take_messages().iter().enumerate() {
        let _ = writeln!(out, "message {k} {}", s(m.as_bytes()));
    }
    let _ = writeln!(
        out,
        "global level={} max_level={} no_food={} ntraps={} seenstairs={} amulet={} group={} seed={}",
        g.dungeon.level,
        g.dungeon.max_level,
        g.dungeon.no_food,
        g.dungeon.ntraps,
        u8::from(g.dungeon.seenstairs),
        u8::from(g.dungeon.amulet),
        g.dungeon.group,
        g.rng.seed()
    );
    let hero = g.hero();
    let _ = writeln!(
        out,
        "hero pos={},{} room={} flags=0x{:04x} hpt={}",
        hero.y,
        hero.x,
        roomref(g.proom()),
        g.hero.player.t_flags,
        g.hero.player.t_stats.s_hpt
    );
    let _ = writeln!(out, "stairs pos={},{}", g.dungeon.stairs.y, g.dungeon.stairs.x);
    for (i, rp) in g.dungeon.rooms.iter().enumerate() {
        room_line(out, "room", i, rp);
    }
    for (i, rp) in g.dungeon.passages.iter().enumerate() {
        room_line(out, "passage", i, rp);
    }
    for y in 0..NUMLINES {
        let row: String = (0..NUMCOLS).map(|x| char::from(g.chat(y, x))).collect();
        let _ = writeln!(out, "map {y:02} {row}");
    }
    for y in 0..NUMLINES {
        let row: String = (0..NUMCOLS).map(|x| format!("{:02x}", g.flat(y, x))).collect();
        let _ = writeln!(out, "flags {y:02} {row}");
    }
    for y in 0..NUMLINES {
        for x in 0..NUMCOLS {
            if let Some(m) = g.moat(y, x) {
                let k = g.dungeon.mlist.iter().position(|&t| t == m).map_or(-1, |k| k as i64);
                let _ = writeln!(out, "placemon {y},{x} monster={k}");
            }
        }
    }
    for (i, &m) in g.dungeon.mlist.iter().enumerate() {
        let t = &g.dungeon.mons[m];
        let _ = writeln!(
            out,
            "monster {i} type={} disguise={} oldch={} pos={},{} turn={} flags=0x{:04x} dest={} room={} {} pack={}",
            ch(t.t_type),
            ch(t.t_disguise),
            ch(t.t_oldch),
            t.t_pos.y,
            t.t_pos.x,
            u8::from(t.t_turn),
            t.t_flags,
            dest(g, t.t_dest),
            roomref(t.t_room),
            stats(&t.t_stats),
            t.t_pack.len()
        );
        for (j, &o) in t.t_pack.iter().enumerate() {
            let _ = writeln!(out, "monpack {i}.{j} {}", object(&g.dungeon.objs[o]));
        }
    }
    for (i, &o) in g.dungeon.lvl_obj.iter().enumerate() {
        let _ = writeln!(out, "object {i} {}", object(&g.dungeon.objs[o]));
    }
    for (slot, dl) in g.dungeon.d_list.iter().enumerate() {
        if dl.d_type != 0 {
            let _ = writeln!(
                out,
                "daemon {slot} type={} func={} arg={} time={}",
                dl.d_type,
                dl.d_func.map_or("none", |f| f.name()),
                dl.d_arg,
                dl.d_time
            );
        }
    }
    // The screen, read the way the harness does (mvwinch, then the cursor
    // is put back).
    let (cy, cx) = g.rt.scr.getyx(Win::STD);
    for y in 0..NUMLINES {
        let row: String =
            (0..NUMCOLS).map(|x| char::from((g.rt.scr.mvwinch(Win::STD, y, x) & A_CHARTEXT) as u8)).collect();
        if row.bytes().any(|b| b != b' ') {
            let _ = writeln!(out, "screen {y:02} {row}");
        }
    }
    g.rt.scr.wmove(Win::STD, cy, cx);
    let _ = writeln!(out, "end level {d} seed={}", g.rng.seed());
}
