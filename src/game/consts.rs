//! The constants of rogue.h and extern.h: sizes, glyphs, flag bits and the
//! kinds of every object class. Values are the original's; a port that
//! renumbered any of them would no longer read or write 5.4.4 save files.
#![allow(dead_code)] // rogue.h's constants, all of them: the list reads like the C's

// Sizes of things.
pub const MAXSTR: usize = 1024;
pub const MAXLINES: usize = 32;
pub const MAXCOLS: usize = 80;
pub const MAXROOMS: usize = 9;
pub const MAXTHINGS: usize = 9;
pub const MAXOBJ: i32 = 9;
pub const MAXPACK: i32 = 23;
pub const MAXTRAPS: i32 = 10;
pub const AMULETLEVEL: i32 = 26;
pub const NUMTHINGS: usize = 7;
pub const MAXPASS: usize = 13;
pub const NUMLINES: i32 = 24;
pub const NUMCOLS: i32 = 80;
pub const STATLINE: i32 = NUMLINES - 1;
pub const BORE_LEVEL: i32 = 50;
pub const MAXDAEMONS: usize = 20;

// Inventory styles.
pub const INV_OVER: i32 = 0;
pub const INV_SLOW: i32 = 1;
pub const INV_CLEAR: i32 = 2;

// What appears on the screen.
pub const PASSAGE: u8 = b'#';
pub const DOOR: u8 = b'+';
pub const FLOOR: u8 = b'.';
pub const PLAYER: u8 = b'@';
pub const TRAP: u8 = b'^';
pub const STAIRS: u8 = b'%';
pub const GOLD: u8 = b'*';
pub const POTION: u8 = b'!';
pub const SCROLL: u8 = b'?';
pub const MAGIC: u8 = b'$';
pub const FOOD: u8 = b':';
pub const WEAPON: u8 = b')';
pub const ARMOR: u8 = b']';
pub const AMULET: u8 = b',';
pub const RING: u8 = b'=';
pub const STICK: u8 = b'/';
pub const CALLABLE: i32 = -1;
pub const R_OR_S: i32 = -2;

// Durations and limits.
pub const HEALTIME: i32 = 30;
pub const HUHDURATION: i32 = 20;
pub const SEEDURATION: i32 = 850;
pub const HUNGERTIME: i32 = 1300;
pub const MORETIME: i32 = 150;
pub const STOMACHSIZE: i32 = 2000;
pub const STARVETIME: i32 = 850;
pub const ESCAPE: u8 = 27;
pub const LEFT: usize = 0;
pub const RIGHT: usize = 1;
pub const BOLT_LENGTH: i32 = 6;
pub const LAMPDIST: i32 = 3;

// Saving throws.
pub const VS_POISON: i32 = 0;
pub const VS_PARALYZATION: i32 = 0;
pub const VS_DEATH: i32 = 0;
pub const VS_BREATH: i32 = 2;
pub const VS_MAGIC: i32 = 3;

// Room flags (r_flags, a C short).
pub const ISDARK: i16 = 0o1;
pub const ISGONE: i16 = 0o2;
pub const ISMAZE: i16 = 0o4;

// Object flags (o_flags, a C int).
pub const ISCURSED: i32 = 0o1;
pub const ISKNOW: i32 = 0o2;
pub const ISMISL: i32 = 0o4;
pub const ISMANY: i32 = 0o10;
/// ISFOUND as an object flag (the creature bit of the same value).
pub const O_ISFOUND: i32 = 0o20;
pub const ISPROT: i32 = 0o40;

// Creature flags (t_flags, a C short: ISSLOW is the sign bit, so these are
// kept as the unsigned 16-bit pattern). Some bits mean one thing for the
// hero and another for monsters, exactly as in rogue.h.
pub const CANHUH: u16 = 0o1;
pub const CANSEE: u16 = 0o2;
pub const ISBLIND: u16 = 0o4;
pub const ISCANC: u16 = 0o10;
pub const ISLEVIT: u16 = 0o10;
pub const ISFOUND: u16 = 0o20;
pub const ISGREED: u16 = 0o40;
pub const ISHASTE: u16 = 0o100;
pub const ISTARGET: u16 = 0o200;
pub const ISHELD: u16 = 0o400;
pub const ISHUH: u16 = 0o1000;
pub const ISINVIS: u16 = 0o2000;
pub const ISMEAN: u16 = 0o4000;
pub const ISHALU: u16 = 0o4000;
pub const ISREGEN: u16 = 0o10000;
pub const ISRUN: u16 = 0o20000;
pub const SEEMONST: u16 = 0o40000;
pub const ISFLY: u16 = 0o40000;
pub const ISSLOW: u16 = 0o100000;

// Level map flags (p_flags).
pub const F_PASS: u8 = 0x80;
pub const F_SEEN: u8 = 0x40;
pub const F_DROPPED: u8 = 0x20;
pub const F_LOCKED: u8 = 0x20;
pub const F_REAL: u8 = 0x10;
pub const F_PNUM: u8 = 0x0f;
pub const F_TMASK: u8 = 0x07;

// Trap types.
pub const T_DOOR: i32 = 0;
pub const T_ARROW: i32 = 1;
pub const T_SLEEP: i32 = 2;
pub const T_BEAR: i32 = 3;
pub const T_TELEP: i32 = 4;
pub const T_DART: i32 = 5;
pub const T_RUST: i32 = 6;
pub const T_MYST: i32 = 7;
pub const NTRAPS: i32 = 8;

// Potion types.
pub const P_CONFUSE: i32 = 0;
pub const P_LSD: i32 = 1;
pub const P_POISON: i32 = 2;
pub const P_STRENGTH: i32 = 3;
pub const P_SEEINVIS: i32 = 4;
pub const P_HEALING: i32 = 5;
pub const P_MFIND: i32 = 6;
pub const P_TFIND: i32 = 7;
pub const P_RAISE: i32 = 8;
pub const P_XHEAL: i32 = 9;
pub const P_HASTE: i32 = 10;
pub const P_RESTORE: i32 = 11;
pub const P_BLIND: i32 = 12;
pub const P_LEVIT: i32 = 13;
pub const MAXPOTIONS: usize = 14;

// Scroll types.
pub const S_CONFUSE: i32 = 0;
pub const S_MAP: i32 = 1;
pub const S_HOLD: i32 = 2;
pub const S_SLEEP: i32 = 3;
pub const S_ARMOR: i32 = 4;
pub const S_ID_POTION: i32 = 5;
pub const S_ID_SCROLL: i32 = 6;
pub const S_ID_WEAPON: i32 = 7;
pub const S_ID_ARMOR: i32 = 8;
pub const S_ID_R_OR_S: i32 = 9;
pub const S_SCARE: i32 = 10;
pub const S_FDET: i32 = 11;
pub const S_TELEP: i32 = 12;
pub const S_ENCH: i32 = 13;
pub const S_CREATE: i32 = 14;
pub const S_REMOVE: i32 = 15;
pub const S_AGGR: i32 = 16;
pub const S_PROTECT: i32 = 17;
pub const MAXSCROLLS: usize = 18;

// Weapon types.
pub const MACE: i32 = 0;
pub const SWORD: i32 = 1;
pub const BOW: i32 = 2;
pub const ARROW: i32 = 3;
pub const DAGGER: i32 = 4;
pub const TWOSWORD: i32 = 5;
pub const DART: i32 = 6;
pub const SHIRAKEN: i32 = 7;
pub const SPEAR: i32 = 8;
/// Fake entry for dragon breath.
pub const FLAME: i32 = 9;
pub const MAXWEAPONS: usize = 9;

// Armor types.
pub const LEATHER: i32 = 0;
pub const RING_MAIL: i32 = 1;
pub const STUDDED_LEATHER: i32 = 2;
pub const SCALE_MAIL: i32 = 3;
pub const CHAIN_MAIL: i32 = 4;
pub const SPLINT_MAIL: i32 = 5;
pub const BANDED_MAIL: i32 = 6;
pub const PLATE_MAIL: i32 = 7;
pub const MAXARMORS: usize = 8;

// Ring types.
pub const R_PROTECT: i32 = 0;
pub const R_ADDSTR: i32 = 1;
pub const R_SUSTSTR: i32 = 2;
pub const R_SEARCH: i32 = 3;
pub const R_SEEINVIS: i32 = 4;
pub const R_NOP: i32 = 5;
pub const R_AGGR: i32 = 6;
pub const R_ADDHIT: i32 = 7;
pub const R_ADDDAM: i32 = 8;
pub const R_REGEN: i32 = 9;
pub const R_DIGEST: i32 = 10;
pub const R_TELEPORT: i32 = 11;
pub const R_STEALTH: i32 = 12;
pub const R_SUSTARM: i32 = 13;
pub const MAXRINGS: usize = 14;

// Wand and staff types.
pub const WS_LIGHT: i32 = 0;
pub const WS_INVIS: i32 = 1;
pub const WS_ELECT: i32 = 2;
pub const WS_FIRE: i32 = 3;
pub const WS_COLD: i32 = 4;
pub const WS_POLYMORPH: i32 = 5;
pub const WS_MISSILE: i32 = 6;
pub const WS_HASTE_M: i32 = 7;
pub const WS_SLOW_M: i32 = 8;
pub const WS_DRAIN: i32 = 9;
pub const WS_NOP: i32 = 10;
pub const WS_TELAWAY: i32 = 11;
pub const WS_TELTO: i32 = 12;
pub const WS_CANCEL: i32 = 13;
pub const MAXSTICKS: usize = 14;

// vers.c: the version written into save files, the release number, and the
// two key strings of the save and score files' XOR cipher (NUL not part of
// the key).
pub const VERSION: &str = "rogue (rogueforge) 09/05/07";
pub const RELEASE: &str = "5.4.4";
pub const ENCSTR: &[u8] = b"\xc0k||`\xa9Y.'\xc5\xd1\x81+\xbf~r\"]\xa0_\x93=1\xe1)\x92\x8a\xa1t;\t$\xb8\xcc/<#\x81\xac";
pub const STATLIST: &[u8] = b"\xedkl{+\x84\xad\xcbidJ\xf1\x8c=4:\xc9\xb9\xe1wK<\xca\xd1\x8b,,7\xb9/Rk%\x08\xca\x0c\xa6";

pub use crate::curses::ctrl;
