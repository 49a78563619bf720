//! What each key read is for: the game says it to its screen just before
//! reading ([`Game::ask`]), with the keys the read does something with,
//! worked out from the game's own state. A real terminal ignores it; the
//! headless session passes it on to programs (action masks). Nothing here
//! changes the game: it only looks.

use crate::curses::model::{KeySet, Prompt, PromptKind};
use crate::game::Game;
use crate::game::consts::*;
use crate::game::thing::{Coord, ObjId};

/// The moves, their runs and their rushes (control keys), and a count's
/// digits: keys a command wait always takes.
const MOVES: KeySet = KeySet::of(b"hjklyubnHJKLYUBN\x08\x0a\x0b\x0c\x19\x15\x02\x0e0123456789");
/// Commands that need nothing of the hero's state: search, rest, the
/// lists, help, identify, quit, redraw, the last message, the version, a
/// move without picking up. Left out: the save (`S`), since a session has
/// no folder for files unless its config names one, and there a save
/// cannot succeed (the game asks for another file name until ESC); and
/// the commands that only change what the screen says, the options (`o`)
/// and naming a kind of thing (`c`), whose typed lines are long detours.
const ALWAYS: KeySet = KeySet::of(b"s.D?/vQm@\x10\x12");
/// The eight directions: key, and the step it names (dy, dx), in the
/// order of the keys `hjklyubn`.
pub const STEPS: [(u8, i32, i32); 8] = [
    (b'h', 0, -1),
    (b'j', 1, 0),
    (b'k', -1, 0),
    (b'l', 0, 1),
    (b'y', -1, -1),
    (b'u', -1, 1),
    (b'b', 1, -1),
    (b'n', 1, 1),
];
/// A direction, or ESC.
pub const DIRECTION: KeySet = KeySet::of(b"hjklyubnHJKLYUBN\x1b");

impl Game {
    /// Say what the next key read is for.
    pub fn ask(&mut self, kind: PromptKind, keys: KeySet) {
        self.rt.scr.prompt(Prompt { kind, keys });
    }

    /// Whether `inventory` lists `obj` for `kind` (its filter).
    pub fn fits(&self, obj: ObjId, kind: i32) -> bool {
        let ot = self.dungeon.objs[obj].o_type;
        kind == 0
            || kind == ot
            || (kind == CALLABLE && ot != i32::from(FOOD) && ot != i32::from(AMULET))
            || (kind == R_OR_S && (ot == i32::from(RING) || ot == i32::from(STICK)))
    }

    fn in_use(&self, obj: ObjId) -> bool {
        let h = &self.hero;
        [h.cur_armor, h.cur_weapon, h.cur_ring[LEFT], h.cur_ring[RIGHT]].contains(&Some(obj))
    }

    /// The pack letters of the things that fit `kind` (and are not in use,
    /// with `free`).
    fn letters(&self, kind: i32, free: bool) -> KeySet {
        let mut k = KeySet::default();
        for &o in &self.hero.player.t_pack {
            if self.fits(o, kind) && !(free && self.in_use(o)) {
                k = k.with(self.dungeon.objs[o].o_packch);
            }
        }
        k
    }

    /// The keys of `get_item` for `purpose` and `kind`: the fitting pack
    /// letters (not one in use where the command refuses it), `*` when
    /// there is something to list, and ESC (but where the identify scroll
    /// insists; the wizard's identify, which does not, is the same prompt).
    pub fn item_keys(&self, purpose: &[u8], kind: i32) -> KeySet {
        // These commands answer "in use" for a thing in use.
        let free = matches!(purpose, b"throw" | b"wield" | b"put on");
        let letters = self.letters(kind, free);
        // The identify scrolls insist on a thing: ESC only asks again, and
        // with nothing to identify `*` is the way out.
        let insist = purpose == b"identify";
        let esc = if insist { KeySet::default() } else { KeySet::of(&[ESCAPE]) };
        let star = if self.letters(kind, false).0 != 0 || insist { KeySet::of(b"*") } else { KeySet::default() };
        letters.union(star).union(esc)
    }

    /// The direction a command asks before the thing it uses (`t` a
    /// weapon, not one in use with `free`; `z` a stick): every direction
    /// while there is one, else ESC only. A count repeats the command
    /// after the first one used up the last, and then any direction meets
    /// "you aren't carrying anything" (or "... anything appropriate").
    pub fn dir_keys_for(&self, kind: u8, free: bool) -> KeySet {
        if self.letters(i32::from(kind), free).0 != 0 { DIRECTION } else { KeySet::of(&[ESCAPE]) }
    }

    /// The directions (either case) where `at` holds for the place next to
    /// the hero, and ESC.
    fn dirs_where(&self, at: impl Fn(Coord) -> bool) -> KeySet {
        let hero = self.hero();
        STEPS.iter().fold(KeySet::of(b"\x1b"), |k, &(c, dy, dx)| {
            if at(Coord { y: hero.y + dy, x: hero.x + dx }) { k.with(c).with(c.to_ascii_uppercase()) } else { k }
        })
    }

    /// The directions `f` and `F` fight in: a monster she sees, reached
    /// without cutting a corner (elsewhere the game says "no monster there"
    /// or does nothing).
    pub fn fight_dirs(&self) -> KeySet {
        let hero = self.hero();
        self.dirs_where(|d| {
            self.moat_safe(d.y, d.x).is_some_and(|m| self.see_monst(m) || self.hero.player.on(SEEMONST))
                && self.diag_ok(hero, d)
        })
    }

    /// The directions `^` names a trap in (elsewhere: "no trap there").
    pub fn trap_dirs(&self) -> KeySet {
        self.dirs_where(|d| self.chat_safe(d.y, d.x) == TRAP)
    }

    /// The commands the hero can give now: the moves and counts, the
    /// commands that need nothing, and each other one when the game would
    /// carry it out rather than refuse it (nothing to use, nothing worn,
    /// no stairs, no monster to fight).
    pub fn command_keys(&self) -> KeySet {
        let mut k = MOVES.union(ALWAYS);
        let h = &self.hero;
        let has = |kind: u8| self.letters(i32::from(kind), false).0 != 0;
        let free = |kind: u8| self.letters(i32::from(kind), true).0 != 0;
        let ring_on = h.cur_ring.iter().any(Option::is_some);
        let mut add = |key: u8, ok: bool| {
            if ok {
                k = k.with(key);
            }
        };
        add(b'i', !h.player.t_pack.is_empty());
        add(b'I', !h.player.t_pack.is_empty());
        add(b'd', !h.player.t_pack.is_empty());
        // A count repeats q, r, t and z with no key read between: only
        // while the pack cannot run empty on the way (the next repeat would
        // meet "you aren't carrying anything", and no key avoids it). Each
        // use takes at most one thing of a stack.
        let repeats = if self.statics.newcount { self.cmd.count } else { 0 };
        let things: i32 = h.player.t_pack.iter().map(|&o| self.dungeon.objs[o].o_count.max(1)).sum();
        let lasts = things > repeats;
        add(b'q', has(POTION) && lasts);
        add(b'r', has(SCROLL) && lasts);
        add(b'e', has(FOOD));
        add(b'z', has(STICK) && lasts);
        add(b'w', free(WEAPON));
        add(b't', free(WEAPON) && lasts);
        add(b'W', has(ARMOR) && h.cur_armor.is_none());
        add(b'T', h.cur_armor.is_some());
        add(b'P', free(RING) && h.cur_ring.iter().any(Option::is_none));
        add(b'R', ring_on);
        add(b')', h.cur_weapon.is_some());
        add(b']', h.cur_armor.is_some());
        add(b'=', ring_on);
        let hero = self.hero();
        let floating = h.player.on(ISLEVIT);
        let stairs = self.chat(hero.y, hero.x) == STAIRS && !floating;
        add(b'>', stairs);
        add(b'<', stairs && self.dungeon.amulet);
        add(b',', !floating && self.dungeon.lvl_obj.iter().any(|&o| self.dungeon.objs[o].o_pos == hero));
        let monster_near = self.fight_dirs() != KeySet::of(b"\x1b");
        add(b'f', monster_near);
        add(b'F', monster_near);
        add(b'^', self.trap_dirs() != KeySet::of(b"\x1b"));
        // `a` repeats the last command with its direction and thing: only
        // where that command would be carried out now.
        let (last, dir) = (self.cmd.last_comm, self.cmd.last_dir);
        let pick_here = self.cmd.last_pick.is_some_and(|o| self.dungeon.objs.contains(o));
        let again = last != 0
            && last != b'a'
            && k.contains(last)
            && match last {
                b'f' | b'F' => dir == 0 || self.fight_dirs().contains(dir),
                b'^' => dir == 0 || self.trap_dirs().contains(dir),
                b'q' | b'r' | b'e' | b'w' | b'W' | b'P' | b'z' | b'd' | b't' => pick_here,
                _ => true,
            };
        if again {
            k = k.with(b'a');
        }
        k
    }
}
