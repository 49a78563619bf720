//! Storage for the objects and monsters that C allocates one by one with
//! `new_item()` (calloc) and links into lists.
//!
//! An [`Arena`] holds one kind of value by address; the addresses are
//! handed out by a [`ThingHeap`] shared by objects and monsters, which
//! reuses freed addresses in the order glibc reuses freed chunks of the
//! C's `THING` size. That matters in one place: a monster heading for an
//! object that is then freed (gold the hero picks up) keeps a dangling
//! `coord *` in the C, which reads whatever now lives at that address.
//! The port keeps that behaviour on purpose: a freed value stays readable
//! as a *ghost* until its address is reused ([`Arena::at`]).
//!
//! Everywhere else a stale id is detected, not followed: ids carry the
//! generation of their address, and [`Arena::get`] answers `None` for an
//! id whose value was freed (indexing with one is a bug and panics).

use std::fmt;
use std::marker::PhantomData;
use std::num::NonZeroU32;

/// A handle to a value: its address and the generation of that address
/// when the value was stored.
pub struct Id<T> {
    slot: NonZeroU32,
    generation: u32,
    _of: PhantomData<fn() -> T>,
}

impl<T> Id<T> {
    fn new(addr: u32, generation: u32) -> Self {
        Id { slot: NonZeroU32::MIN.saturating_add(addr), generation, _of: PhantomData }
    }

    /// The address (what a C pointer to the value would compare by).
    pub fn addr(self) -> u32 {
        self.slot.get() - 1
    }

    pub fn index(self) -> usize {
        self.addr() as usize
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
        self.slot == other.slot && self.generation == other.generation
    }
}
impl<T> Eq for Id<T> {}
impl<T> std::hash::Hash for Id<T> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.slot.hash(h);
        self.generation.hash(h);
    }
}
impl<T> fmt::Debug for Id<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}.{}", self.addr(), self.generation)
    }
}

#[derive(Clone, Debug)]
struct Slot<T> {
    generation: u32,
    live: bool,
    value: Option<T>,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Slot { generation: 0, live: false, value: None }
    }
}

/// Values of one kind by address, live or freed (ghosts).
#[derive(Clone, Debug)]
pub struct Arena<T> {
    slots: Vec<Slot<T>>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { slots: Vec::new() }
    }
}

impl<T> Arena<T> {
    /// Store a new value at an address (a fresh generation of it).
    pub fn place(&mut self, addr: u32, value: T) -> Id<T> {
        let i = addr as usize;
        if self.slots.len() <= i {
            self.slots.resize_with(i + 1, Slot::default);
        }
        let slot = &mut self.slots[i];
        slot.generation = slot.generation.wrapping_add(1);
        slot.live = true;
        slot.value = Some(value);
        Id::new(addr, slot.generation)
    }

    /// Store a new value at the first address this arena has never used
    /// (for arenas that do not share a [`ThingHeap`], such as tests').
    pub fn alloc(&mut self, value: T) -> Id<T> {
        let addr = self.slots.iter().position(|s| !s.live).unwrap_or(self.slots.len());
        self.place(addr as u32, value)
    }

    /// Free a value (`discard()`): it stays readable as a ghost. `false`
    /// for an id that was not live.
    pub fn free(&mut self, id: Id<T>) -> bool {
        match self.slots.get_mut(id.index()) {
            Some(s) if s.live && s.generation == id.generation => {
                s.live = false;
                true
            }
            _ => false,
        }
    }

    /// The live value of an id.
    pub fn get(&self, id: Id<T>) -> Option<&T> {
        let s = self.slots.get(id.index())?;
        if s.live && s.generation == id.generation { s.value.as_ref() } else { None }
    }

    pub fn get_mut(&mut self, id: Id<T>) -> Option<&mut T> {
        let s = self.slots.get_mut(id.index())?;
        if s.live && s.generation == id.generation { s.value.as_mut() } else { None }
    }

    pub fn contains(&self, id: Id<T>) -> bool {
        self.get(id).is_some()
    }

    /// Whatever value this arena last stored at an address, live or
    /// freed: what a dangling C pointer reads.
    pub fn at(&self, addr: u32) -> Option<&T> {
        self.slots.get(addr as usize)?.value.as_ref()
    }

    /// The live value at an address, if any (what [`Arena::live_id`] then
    /// indexing would give, with one look at the slot).
    pub fn live_at(&self, addr: u32) -> Option<&T> {
        let s = self.slots.get(addr as usize)?;
        if s.live { s.value.as_ref() } else { None }
    }

    /// The id of the live value at an address (the map keeps only the
    /// address of the monster on a cell).
    pub fn live_id(&self, addr: u32) -> Option<Id<T>> {
        let s = self.slots.get(addr as usize)?;
        s.live.then(|| Id::new(addr, s.generation))
    }

    /// How many values are live.
    #[cfg(any(test, feature = "internals"))] // for the tests
    pub fn len(&self) -> usize {
        self.slots.iter().filter(|s| s.live).count()
    }

    #[cfg(any(test, feature = "internals"))] // for the tests
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

/// What was last put at an address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    Object,
    Monster,
}

/// The addresses of `THING`s, given out and taken back the way glibc's
/// `calloc` and `free` do for chunks of that size: a freed chunk goes to
/// the thread cache while it holds fewer than 7, else to the fast bin;
/// `calloc` never takes from the thread cache, takes the fast bin's last
/// chunk, and moves the fast bin's others into the thread cache while it
/// has room; with the fast bin empty it takes fresh memory.
#[derive(Clone, Debug, Default)]
pub struct ThingHeap {
    tcache: Vec<u32>,
    fastbin: Vec<u32>,
    next: u32,
    owner: Vec<Option<Occupant>>,
}

/// glibc's `tcache_count`.
const TCACHE_COUNT: usize = 7;

impl ThingHeap {
    /// `calloc(1, sizeof(THING))`: an address for a new thing of a kind.
    pub fn calloc(&mut self, kind: Occupant) -> u32 {
        let addr = match self.fastbin.pop() {
            Some(a) => {
                while self.tcache.len() < TCACHE_COUNT {
                    match self.fastbin.pop() {
                        Some(b) => self.tcache.push(b),
                        None => break,
                    }
                }
                a
            }
            None => {
                let a = self.next;
                self.next += 1;
                a
            }
        };
        let i = addr as usize;
        if self.owner.len() <= i {
            self.owner.resize(i + 1, None);
        }
        self.owner[i] = Some(kind);
        addr
    }

    /// `free()`.
    pub fn free(&mut self, addr: u32) {
        if self.tcache.len() < TCACHE_COUNT {
            self.tcache.push(addr);
        } else {
            self.fastbin.push(addr);
        }
    }

    /// What was last stored at an address.
    pub fn owner(&self, addr: u32) -> Option<Occupant> {
        self.owner.get(addr as usize).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_ids_are_detected_and_ghosts_stay_readable() {
        let mut a: Arena<i32> = Arena::default();
        let x = a.place(3, 7);
        assert_eq!(a.get(x), Some(&7));
        assert!(a.free(x));
        assert_eq!(a.get(x), None);
        assert_eq!(a.at(3), Some(&7), "the freed value is still there");
        let y = a.place(3, 9);
        assert_ne!(x, y);
        assert_eq!(a.get(x), None);
        assert_eq!(a.at(3), Some(&9));
    }

    #[test]
    fn heap_reuses_like_glibc_calloc() {
        let mut h = ThingHeap::default();
        let addrs: Vec<u32> = (0..10).map(|_| h.calloc(Occupant::Object)).collect();
        // Nine freed: seven fill the thread cache, two go to the fast bin.
        for &a in &addrs[..9] {
            h.free(a);
        }
        // calloc takes the fast bin's last chunk, never the cache's.
        assert_eq!(h.calloc(Occupant::Monster), addrs[8]);
        assert_eq!(h.calloc(Occupant::Object), addrs[7]);
        // Then fresh memory.
        assert_eq!(h.calloc(Occupant::Object), 10);
        assert_eq!(h.owner(addrs[8]), Some(Occupant::Monster));
    }
}
