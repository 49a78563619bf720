//! list.c: making and linking objects and monsters. C keeps doubly linked
//! lists with `attach` inserting at the head; here a list is a vector of
//! ids with the head first, and the arenas own the values.

use crate::game::Game;
use crate::thing::{Creature, MonId, ObjId, Object};

/// `attach(list, item)`: put an item at the head of a list.
pub fn attach<T: Copy>(list: &mut Vec<T>, item: T) {
    list.insert(0, item);
}

/// `detach(list, item)`: take an item out of a list, wherever it is.
pub fn detach<T: Copy + PartialEq>(list: &mut Vec<T>, item: T) {
    if let Some(i) = list.iter().position(|&x| x == item) {
        list.remove(i);
    }
}

impl Game {
    /// `new_item()` for an object: a zeroed one.
    pub fn new_object(&mut self) -> ObjId {
        self.objs.alloc(Object::default())
    }

    /// `new_item()` for a monster: a zeroed one.
    pub fn new_creature(&mut self) -> MonId {
        self.mons.alloc(Creature::default())
    }

    /// `discard()` an object.
    pub fn discard_object(&mut self, obj: ObjId) {
        self.objs.discard(obj);
    }

    /// `free_list()` of a list of objects.
    pub fn free_objects(&mut self, list: Vec<ObjId>) {
        for o in list {
            self.objs.discard(o);
        }
    }

    /// Free the level's monsters and everything they carry.
    pub fn free_monsters(&mut self) {
        for m in std::mem::take(&mut self.mlist) {
            if let Some(tp) = self.mons.discard(m) {
                self.free_objects(tp.t_pack);
            }
        }
    }
}
