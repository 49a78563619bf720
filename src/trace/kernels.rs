//! Kind `kernels`: one call of swing, roll_em, ring_eat, stomach or doctor
//! per body line, from a state the line sets (FORMAT-core.md §7).

use std::fmt::Write as _;

use super::show::{ch, s};
use super::{Case, TraceError, bad_item};
use crate::game::arena::Arena;
use crate::game::cbuf::CBuf;
use crate::game::consts::*;
use crate::game::thing::{Creature, ObjId, Object, Stats, Who};
use crate::game::{Ending, Game};

pub fn run(case: &Case) -> Result<String, TraceError> {
    let function = case.require("function")?;
    let kernel: fn(&mut Game, &mut Fields) -> Option<String> = match function {
        "swing" => swing,
        "roll_em" => roll_em,
        "ring_eat" => ring_eat,
        "stomach" => stomach,
        "doctor" => doctor,
        other => return Err(TraceError::Parse(format!("{}: unknown function {other:?}", case.path.display()))),
    };
    // One game for the whole case, its state reset for every line: the
    // lines are independent, and a fresh game per line would be slow.
    let mut g = Game::headless();
    let mut out = String::new();
    for item in case.items() {
        reset(&mut g);
        let mut fields = Fields::new(item);
        let result = kernel(&mut g, &mut fields).filter(|_| fields.done()).ok_or_else(|| bad_item(case, item))?;
        let _ = writeln!(out, "{function} {item} => {result}");
    }
    Ok(out)
}

/// The `key=value` tokens of a body line, read in their fixed order.
struct Fields<'a> {
    tokens: std::str::Split<'a, char>,
}

impl<'a> Fields<'a> {
    fn new(item: &'a str) -> Self {
        Fields { tokens: item.split(' ') }
    }

    /// The value of the next token, which must have this key.
    fn get(&mut self, key: &str) -> Option<&'a str> {
        let (k, v) = self.tokens.next()?.split_once('=')?;
        (k == key).then_some(v)
    }

    fn int(&mut self, key: &str) -> Option<i32> {
        self.get(key)?.parse().ok()
    }

    fn flag(&mut self, key: &str) -> Option<bool> {
        match self.get(key)? {
            "0" => Some(false),
            "1" => Some(true),
            _ => None,
        }
    }

    /// `none` or a ring kind (`K`), or with `with_arm` a kind and its plus
    /// (`K,ARM`).
    fn ring(&mut self, key: &str, with_arm: bool) -> Option<Option<(i32, i32)>> {
        let v = self.get(key)?;
        if v == "none" {
            return Some(None);
        }
        if with_arm {
            let (k, arm) = v.split_once(',')?;
            Some(Some((k.parse().ok()?, arm.parse().ok()?)))
        } else {
            Some(Some((v.parse().ok()?, 0)))
        }
    }

    /// Every token was read.
    fn done(&mut self) -> bool {
        self.tokens.next().is_none()
    }
}

/// Program-start values for what a line sets: the hero zeroed, nothing
/// worn or wielded, no objects or monsters, messages recorded.
fn reset(g: &mut Game) {
    g.hero.player = Creature::default();
    g.hero.cur_armor = None;
    g.hero.cur_weapon = None;
    g.hero.cur_ring = [None, None];
    g.dungeon.objs = Arena::default();
    g.dungeon.mons = Arena::default();
}

/// A damage string of a case (`-` is the empty string).
fn dmg<const N: usize>(v: &str) -> CBuf<N> {
    if v == "-" { CBuf::zeroed() } else { CBuf::strncpy(v.as_bytes()) }
}

/// Put rings of the given kinds (and plusses) on the hero's hands.
fn wear_rings(g: &mut Game, rings: [Option<(i32, i32)>; 2]) {
    for (hand, ring) in rings.into_iter().enumerate() {
        g.hero.cur_ring[hand] = ring.map(|(which, arm)| {
            g.dungeon.objs.alloc(Object { o_type: i32::from(RING), o_which: which, o_arm: arm, ..Object::default() })
        });
    }
}

fn swing(g: &mut Game, f: &mut Fields) -> Option<String> {
    g.rng.set_seed(f.int("seed")?);
    let (lvl, arm, wplus) = (f.int("lvl")?, f.int("arm")?, f.int("wplus")?);
    let hit = g.swing(lvl, arm, wplus);
    Some(format!("hit={} seed={}", u8::from(hit), g.rng.seed()))
}

/// A weapon object from `which,hplus,dplus,flags,launch,damage,hurldmg`.
fn weapon(g: &mut Game, spec: &str) -> Option<ObjId> {
    let parts: Vec<&str> = spec.split(',').collect();
    let [which, hplus, dplus, flags, launch, damage, hurldmg] = parts.as_slice() else { return None };
    let o = Object {
        o_type: i32::from(WEAPON),
        o_count: 1,
        o_which: which.parse().ok()?,
        o_hplus: hplus.parse().ok()?,
        o_dplus: dplus.parse().ok()?,
        o_flags: flags.parse().ok()?,
        o_launch: launch.parse().ok()?,
        o_damage: dmg(damage),
        o_hurldmg: dmg(hurldmg),
        ..Object::default()
    };
    Some(g.dungeon.objs.alloc(o))
}

fn roll_em(g: &mut Game, f: &mut Fields) -> Option<String> {
    g.rng.set_seed(f.int("seed")?);
    let hero_attacks = match f.get("dir")? {
        "hm" => true,
        "mh" => false,
        _ => return None,
    };
    let (alvl, astr, ahp) = (f.int("alvl")?, f.get("astr")?.parse().ok()?, f.int("ahp")?);
    let attack =
        Stats { s_lvl: alvl, s_str: astr, s_hpt: ahp, s_maxhp: ahp, s_dmg: dmg(f.get("admg")?), ..Stats::default() };
    let (darm, dhp) = (f.int("darm")?, f.int("dhp")?);
    let defend =
        Stats { s_str: 10, s_lvl: 1, s_arm: darm, s_hpt: dhp, s_maxhp: dhp, s_dmg: dmg("1x4"), ..Stats::default() };
    let drun = f.flag("drun")?;
    let monster = g.dungeon.mons.alloc(Creature { t_type: b'K', ..Creature::default() });
    let (attacker, defender) =
        if hero_attacks { (Who::Hero, Who::Monster(monster)) } else { (Who::Monster(monster), Who::Hero) };
    g.creature_mut(attacker).t_stats = attack;
    g.creature_mut(defender).t_stats = defend;
    if drun {
        g.creature_mut(defender).t_flags = ISRUN;
    }
    match f.get("armor")? {
        "none" => {}
        n => {
            let arm = n.parse().ok()?;
            g.hero.cur_armor =
                Some(g.dungeon.objs.alloc(Object { o_type: i32::from(ARMOR), o_arm: arm, ..Object::default() }));
        }
    }
    let weap = match f.get("weap")? {
        "none" => None,
        spec => Some(weapon(g, spec)?),
    };
    g.hero.cur_weapon = match f.get("cw")? {
        "none" => None,
        "weap" => weap,
        spec => Some(weapon(g, spec)?),
    };
    let hurl = f.flag("hurl")?;
    let rings = [f.ring("lring", true)?, f.ring("rring", true)?];
    wear_rings(g, rings);
    let hit = g.roll_em(attacker, defender, weap.map(crate::game::thing::Weap::Item), hurl);
    Some(format!(
        "hit={} ahp={} dhp={} seed={}",
        u8::from(hit),
        g.creature(attacker).t_stats.s_hpt,
        g.creature(defender).t_stats.s_hpt,
        g.rng.seed()
    ))
}

fn ring_eat(g: &mut Game, f: &mut Fields) -> Option<String> {
    g.rng.set_seed(f.int("seed")?);
    let rings = [f.ring("left", false)?, f.ring("right", false)?];
    let hand = match f.int("hand")? {
        0 => LEFT,
        1 => RIGHT,
        _ => return None,
    };
    wear_rings(g, rings);
    let eat = g.ring_eat(hand);
    Some(format!("eat={eat} seed={}", g.rng.seed()))
}

fn stomach(g: &mut Game, f: &mut Fields) -> Option<String> {
    let rec = g.record();
    g.rng.set_seed(f.int("seed")?);
    g.hero.food_left = f.int("food")?;
    g.hero.hungry_state = f.int("hungry")?;
    g.hero.no_command = f.int("nocmd")?;
    let rings = [f.ring("lring", false)?, f.ring("rring", false)?];
    wear_rings(g, rings);
    g.dungeon.amulet = f.flag("amulet")?;
    g.opts.terse = f.flag("terse")?;
    if f.flag("halu")? {
        g.hero.player.t_flags |= ISHALU;
    }
    if f.flag("run")? {
        g.hero.player.t_flags |= ISRUN;
    }
    g.cmd.running = f.flag("running")?;
    g.cmd.to_death = f.flag("todeath")?;
    g.cmd.count = f.int("count")?;
    let died = match g.stomach() {
        Ok(()) => "no".to_string(),
        Err(Ending::Died(cause)) => ch(cause),
        Err(other) => other.to_string(),
    };
    let msgs = rec.take_messages();
    let mut out = format!(
        "food={} hungry={} nocmd={} run={} running={} todeath={} count={} died={died} seed={} msgs={}",
        g.hero.food_left,
        g.hero.hungry_state,
        g.hero.no_command,
        u8::from(g.hero.player.on(ISRUN)),
        u8::from(g.cmd.running),
        u8::from(g.cmd.to_death),
        g.cmd.count,
        g.rng.seed(),
        msgs.len()
    );
    for m in &msgs {
        let _ = write!(out, " {}", s(m.as_bytes()));
    }
    Some(out)
}

fn doctor(g: &mut Game, f: &mut Fields) -> Option<String> {
    g.rng.set_seed(f.int("seed")?);
    let st = &mut g.hero.player.t_stats;
    st.s_lvl = f.int("lvl")?;
    st.s_hpt = f.int("hp")?;
    st.s_maxhp = f.int("maxhp")?;
    g.hero.quiet = f.int("quiet")?;
    let rings = [f.ring("lring", false)?, f.ring("rring", false)?];
    wear_rings(g, rings);
    g.doctor();
    let st = &g.hero.player.t_stats;
    Some(format!("hp={} maxhp={} quiet={} seed={}", st.s_hpt, st.s_maxhp, g.hero.quiet, g.rng.seed()))
}
