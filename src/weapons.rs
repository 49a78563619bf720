//! weapons.c: weapons' starting values.

use crate::cbuf::CBuf;
use crate::consts::*;
use crate::data::INIT_DAM;
use crate::game::Game;
use crate::thing::ObjId;

impl Game {
    /// `init_weapon`: make an object a weapon of a kind, with its damage,
    /// launcher and, for missiles, a random count and a new group.
    pub fn init_weapon(&mut self, weap: ObjId, which: i32) {
        let iwp = &INIT_DAM[which as usize];
        let count = if which == DAGGER {
            Some(self.rng.rnd(4) + 2)
        } else if iwp.flags & ISMANY != 0 {
            Some(self.rng.rnd(8) + 8)
        } else {
            None
        };
        let group = if count.is_some() {
            self.group += 1;
            self.group - 1
        } else {
            0
        };
        let o = &mut self.objs[weap];
        o.o_type = i32::from(WEAPON);
        o.o_which = which;
        o.o_damage = CBuf::strncpy(iwp.dam.as_bytes());
        o.o_hurldmg = CBuf::strncpy(iwp.hrl.as_bytes());
        o.o_launch = i32::from(iwp.launch);
        o.o_flags = iwp.flags;
        o.o_hplus = 0;
        o.o_dplus = 0;
        o.o_count = count.unwrap_or(1);
        o.o_group = group;
    }
}
