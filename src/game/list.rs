//! list.c: making and freeing objects and monsters, and linking them into
//! lists. C keeps doubly linked lists with `attach` inserting at the head;
//! here a list is a vector of ids with the head first, and the arenas own
//! the values.

use crate::game::Game;
use crate::game::arena::Occupant;
use crate::game::thing::{Creature, MonId, ObjId, Object};

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
    /// `new_item()` for an object, with its first values.
    pub fn new_object_with(&mut self, o: Object) -> ObjId {
        let addr = self.statics.heap.calloc(Occupant::Object);
        if self.cfg.master {
            self.dungeon.total += 1;
        }
        self.dungeon.objs.place(addr, o)
    }

    /// `new_item()` for an object: a zeroed one.
    pub fn new_object(&mut self) -> ObjId {
        self.new_object_with(Object::default())
    }

    /// `new_item()` for a monster: a zeroed one.
    pub fn new_creature(&mut self) -> MonId {
        let addr = self.statics.heap.calloc(Occupant::Monster);
        if self.cfg.master {
            self.dungeon.total += 1;
        }
        self.dungeon.mons.place(addr, Creature::default())
    }

    /// `discard()` an object.
    pub fn discard_object(&mut self, obj: ObjId) {
        if self.dungeon.objs.free(obj) {
            self.statics.heap.free(obj.addr());
            if self.cfg.master {
                self.dungeon.total -= 1;
            }
        }
    }

    /// `discard()` a monster (not what it carries).
    pub fn discard_creature(&mut self, m: MonId) {
        if self.dungeon.mons.free(m) {
            self.statics.heap.free(m.addr());
            if self.cfg.master {
                self.dungeon.total -= 1;
            }
        }
    }

    /// `free_list()` of a list of objects.
    pub fn free_objects(&mut self, list: Vec<ObjId>) {
        for o in list {
            self.discard_object(o);
        }
    }

    /// What `new_level()` frees of the monsters: every monster's pack (in
    /// list order), then the monsters.
    pub fn free_monsters(&mut self) {
        let mut mlist = std::mem::take(&mut self.dungeon.mlist);
        for &m in &mlist {
            let pack = self.dungeon.mons.get_mut(m).map(|t| std::mem::take(&mut t.t_pack)).unwrap_or_default();
            self.free_objects(pack);
        }
        for m in mlist.drain(..) {
            self.discard_creature(m);
        }
        // The emptied list keeps its room for the next level's monsters.
        if self.dungeon.mlist.is_empty() {
            self.dungeon.mlist = mlist;
        }
    }
}
