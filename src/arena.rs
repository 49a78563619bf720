//! Storage for the objects and monsters that C allocates one by one with
//! `new_item()` and links into lists. An [`Arena`] owns them; lists (the
//! level's objects, the monsters, packs) are vectors of ids in list order.

use std::fmt;
use std::marker::PhantomData;
use std::num::NonZeroU32;

/// A handle to an arena slot. It holds the slot number plus one, so that an
/// `Option<Id>` (a map cell's monster) is as small as the id itself.
pub struct Id<T> {
    slot: NonZeroU32,
    _of: PhantomData<fn() -> T>,
}

impl<T> Id<T> {
    fn new(index: u32) -> Self {
        Id { slot: NonZeroU32::MIN.saturating_add(index), _of: PhantomData }
    }

    pub fn index(self) -> usize {
        (self.slot.get() - 1) as usize
    }
}

impl<T> Clone for Id<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Id<T> {}
impl<T> PartialEq for Id<T> {
    fn eq(&self, other: &Self) -> bool {
        self.slot == other.slot
    }
}
impl<T> Eq for Id<T> {}
impl<T> std::hash::Hash for Id<T> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.slot.hash(h)
    }
}
impl<T> fmt::Debug for Id<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index())
    }
}

/// Slots of `T`, reused after `discard` like freed memory.
#[derive(Clone, Debug)]
pub struct Arena<T> {
    slots: Vec<Option<T>>,
    free: Vec<u32>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { slots: Vec::new(), free: Vec::new() }
    }
}

impl<T> Arena<T> {
    /// Store a new value (`new_item()`).
    pub fn alloc(&mut self, value: T) -> Id<T> {
        let index = match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = Some(value);
                i
            }
            None => {
                self.slots.push(Some(value));
                (self.slots.len() - 1) as u32
            }
        };
        Id::new(index)
    }

    /// Free a value (`discard()`).
    pub fn discard(&mut self, id: Id<T>) -> Option<T> {
        let v = self.slots.get_mut(id.index())?.take();
        if v.is_some() {
            self.free.push(id.index() as u32);
        }
        v
    }

    pub fn get(&self, id: Id<T>) -> Option<&T> {
        self.slots.get(id.index())?.as_ref()
    }

    pub fn get_mut(&mut self, id: Id<T>) -> Option<&mut T> {
        self.slots.get_mut(id.index())?.as_mut()
    }

    pub fn contains(&self, id: Id<T>) -> bool {
        self.get(id).is_some()
    }

    /// How many values are live.
    pub fn len(&self) -> usize {
        self.slots.len() - self.free.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<T> std::ops::Index<Id<T>> for Arena<T> {
    type Output = T;
    fn index(&self, id: Id<T>) -> &T {
        self.get(id).expect("arena id used after discard")
    }
}

impl<T> std::ops::IndexMut<Id<T>> for Arena<T> {
    fn index_mut(&mut self, id: Id<T>) -> &mut T {
        self.get_mut(id).expect("arena id used after discard")
    }
}
