//! The observation's fields, in one table: the arrays of one game
//! ([`Out`]), a vector of games' buffers ([`Bufs`]), the numpy arrays a
//! vector env binds ([`Arrays`]), the single env's fresh arrays
//! ([`Bufs::to_dict`]) and the Python spaces ([`FIELDS`], read by
//! `rogue544.envs.observation_space`) are all made from the list in
//! `fields!` below, so a field is named, shaped and typed once.

use numpy::{IntoPyArray, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub const ROWS: usize = 24;
pub const COLS: usize = 80;
/// Bytes of `message` (NLE's size; the top line is 80 of them).
pub const MSG: usize = 256;
/// Pack slots (one per pack letter; the pack holds at most 23 things).
pub const PACK: usize = 26;
/// Bytes of a pack name (the inventory's lines are cut at the screen's
/// width anyway).
pub const NAME: usize = 80;
/// Entries of `blstats` (see `core::bl`).
pub const BLSTATS: usize = 16;

/// What the game waits for, as the `wait` field's numbers (the names are
/// Python's `WAITS`).
pub const WAITS: [&str; 11] =
    ["command", "more", "space", "yes_no", "direction", "item", "choice", "text", "line", "key", "over"];

/// One field: its name, shape (of one game), numpy dtype and bounds.
pub struct Field {
    pub name: &'static str,
    pub shape: &'static [usize],
    pub dtype: &'static str,
    pub low: i64,
    pub high: i64,
}

/// The numpy dtype's name of an element type.
pub trait Dtype: numpy::Element + bytemuck::Pod + Default + Send + 'static {
    const NAME: &'static str;
}
impl Dtype for u8 {
    const NAME: &'static str = "uint8";
}
impl Dtype for i32 {
    const NAME: &'static str = "int32";
}
impl Dtype for i64 {
    const NAME: &'static str = "int64";
}

const fn size(shape: &[usize]) -> usize {
    let mut n = 1;
    let mut i = 0;
    while i < shape.len() {
        n *= shape[i];
        i += 1;
    }
    n
}

/// An array's place in a vector's buffer: (name, byte offset, shape,
/// dtype).
pub type Place = (&'static str, usize, Vec<usize>, &'static str);

/// Where `len` elements of `T` go in a buffer filled up to `at` (aligned
/// to 8 bytes, so that every field's elements are aligned), and the
/// buffer's new end.
pub fn place<T>(at: &mut usize, len: usize) -> usize {
    let start = at.next_multiple_of(8);
    *at = start + len * std::mem::size_of::<T>();
    start
}

/// A byte buffer cut into typed slices, front to back, where [`place`]
/// lays them (the offsets count from the buffer's start; a buffer whose
/// start is not aligned for a field is an error, never a misread).
pub struct Cutter<'a> {
    rest: &'a mut [u8],
    at: usize,
}

impl<'a> Cutter<'a> {
    pub fn new(bytes: &'a mut [u8]) -> Cutter<'a> {
        Cutter { rest: bytes, at: 0 }
    }

    /// The next `len` elements of `T`.
    pub fn cut<T: bytemuck::Pod>(&mut self, len: usize, name: &str) -> Result<&'a mut [T], String> {
        let before = self.at;
        let start = place::<T>(&mut self.at, len);
        let short = || format!("{name}: the buffer is too short");
        let bytes = std::mem::take(&mut self.rest);
        let (_, bytes) = bytes.split_at_mut_checked(start - before).ok_or_else(short)?;
        let (head, tail) = bytes.split_at_mut_checked(self.at - start).ok_or_else(short)?;
        self.rest = tail;
        bytemuck::try_cast_slice_mut(head).map_err(|e| format!("{name}: {e:?}"))
    }
}

macro_rules! fields {
    ($($(#[doc = $doc:literal])* $name:ident: $t:ty = [$($dim:expr),*], $low:expr, $high:expr;)*) => {
        /// The table, for Python.
        pub const FIELDS: &[Field] = &[$(Field {
            name: stringify!($name),
            shape: &[$($dim),*],
            dtype: <$t as Dtype>::NAME,
            low: $low,
            high: $high,
        },)*];

        /// One game's observation arrays, as flat slices (of fresh arrays
        /// or of a vector's buffers).
        pub struct Out<'a> {
            $($(#[doc = $doc])* pub $name: &'a mut [$t],)*
        }

        /// The observation arrays of `n` games, flat, game after game.
        pub struct Bufs {
            $(pub $name: Vec<$t>,)*
        }

        impl Bufs {
            pub fn new(n: usize) -> Bufs {
                Bufs { $($name: vec![<$t>::default(); n * size(&[$($dim),*])],)* }
            }

            /// Game `i`'s arrays.
            pub fn game(&mut self, i: usize) -> Out<'_> {
                Out { $($name: {
                    let s = size(&[$($dim),*]);
                    &mut self.$name[i * s..(i + 1) * s]
                },)* }
            }

            /// One game's buffers as fresh numpy arrays of the field's
            /// shapes (a shapeless field as a numpy scalar).
            pub fn to_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
                let d = PyDict::new(py);
                $(
                    let shape: &[usize] = &[$($dim),*];
                    let a = self.$name.into_pyarray(py);
                    if shape.is_empty() {
                        d.set_item(stringify!($name), a.get_item(0)?)?;
                    } else {
                        d.set_item(stringify!($name), a.reshape(shape)?)?;
                    }
                )*
                Ok(d)
            }
        }

        impl<'a> Out<'a> {
            /// The fields of `n` games, cut from a buffer laid out by
            /// [`layout`].
            pub fn cut(c: &mut Cutter<'a>, n: usize) -> Result<Out<'a>, String> {
                Ok(Out { $($name: c.cut(n * size(&[$($dim),*]), stringify!($name))?,)* })
            }
        }

        /// Each field's place in one buffer of `n` games' fields, added to
        /// `places` as (name, byte offset, shape with the games first,
        /// dtype); `at` is where the buffer ends so far.
        pub fn layout(n: usize, at: &mut usize, places: &mut Vec<Place>) {
            $(
                let shape: Vec<usize> = std::iter::once(n).chain([$($dim),*]).collect();
                places.push((stringify!($name), place::<$t>(at, n * size(&[$($dim),*])), shape, <$t as Dtype>::NAME));
            )*
        }

        /// The numpy arrays (one row per game) a vector env fills.
        pub struct Arrays {
            $(pub $name: Py<PyArrayDyn<$t>>,)*
        }

        impl Arrays {
            /// Take the arrays from a dict of the fields' names, each
            /// `(n, *shape)` and of the field's dtype.
            pub fn from_dict(d: &Bound<'_, PyDict>, n: usize) -> PyResult<Arrays> {
                Ok(Arrays { $($name: {
                    let name = stringify!($name);
                    let a = d.get_item(name)?.ok_or_else(|| PyValueError::new_err(format!("no array {name}")))?;
                    let a = a.cast_into::<PyArrayDyn<$t>>().map_err(|_| PyValueError::new_err(format!("{name}: not {}", <$t as Dtype>::NAME)))?;
                    let mut want = vec![n];
                    want.extend_from_slice(&[$($dim),*]);
                    if a.shape() != want.as_slice() || !a.is_c_contiguous() {
                        return Err(PyValueError::new_err(format!("{name}: shape {:?}, wanted {want:?} (C order)", a.shape())));
                    }
                    a.unbind()
                },)* })
            }

            /// Borrow every array writable, as one [`Out`] over all the
            /// games, for `f`.
            pub fn with_out<R>(&self, py: Python<'_>, f: impl FnOnce(Out<'_>) -> R) -> PyResult<R> {
                $(let mut $name = self.$name.bind(py).try_readwrite()?;)*
                Ok(f(Out { $($name: $name.as_slice_mut()?,)* }))
            }
        }

        impl Bufs {
            /// Copy these games into `dst` (all games' arrays) from game
            /// `lo` on: only the parts `changed` marks (see [`Changed`]).
            pub fn copy_to(&self, lo: usize, dst: &mut Out<'_>, changed: &[Changed]) {
                $(copy_changed(dst.$name, &self.$name, lo, size(&[$($dim),*]), changed, stringify!($name));)*
            }
        }
    };
}

/// What of a game's observation a fill changed: the rows of the screen's
/// characters and of its attributes (a bit each) and the pack.
#[derive(Clone, Copy, Debug, Default)]
pub struct Changed {
    pub rows: u32,
    pub attrs: u32,
    pub pack: bool,
    /// Everything (a new game, or the first copy).
    pub all: bool,
}

impl Changed {
    pub const ALL: Changed = Changed { rows: u32::MAX, attrs: u32::MAX, pack: true, all: true };
}

/// Write `v` where it differs. A vector's worker writes its buffers and
/// the calling thread reads them at every step: a write, even of the same
/// value, takes the cache line back from the other core (timed: the
/// worker's 32 games took 10 us a step when its buffers were not read,
/// 12-14 us when they were).
pub fn set<T: PartialEq + Copy>(dst: &mut [T], v: &[T]) {
    if dst != v {
        dst.copy_from_slice(v);
    }
}

/// [`set`] for one value.
pub fn set_one<T: PartialEq>(dst: &mut T, v: T) {
    if *dst != v {
        *dst = v;
    }
}

/// Copy one field of a worker's games into the vector's array: the rows
/// of the screen that changed, the message when the top row did, the pack
/// fields when the pack did, the small fields always.
fn copy_changed<T: Copy>(dst: &mut [T], src: &[T], lo: usize, per: usize, changed: &[Changed], name: &str) {
    let screen = name == "tty_chars" || name == "tty_attrs";
    let pack = name.starts_with("inv_");
    // The message is the top row's.
    let message = name == "message";
    let attrs = name == "tty_attrs";
    for (i, c) in changed.iter().enumerate() {
        let (s, d) = (&src[i * per..(i + 1) * per], &mut dst[(lo + i) * per..(lo + i + 1) * per]);
        if c.all || (!screen && !pack && !message) || (message && c.rows & 1 != 0) {
            d.copy_from_slice(s);
        } else if screen {
            let mut rows = if attrs { c.attrs } else { c.rows };
            while rows != 0 {
                let y = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                d[y * COLS..(y + 1) * COLS].copy_from_slice(&s[y * COLS..(y + 1) * COLS]);
            }
        } else if c.pack {
            d.copy_from_slice(s);
        }
    }
}

fields! {
    /// The screen's characters, row after row (NLE's `tty_chars`).
    tty_chars: u8 = [ROWS, COLS], 0, 255;
    /// 1 where the screen shows a cell in standout (reverse video), else 0.
    tty_attrs: u8 = [ROWS, COLS], 0, 1;
    /// The cursor: row, column (NLE's `tty_cursor`).
    tty_cursor: u8 = [2], 0, 255;
    /// The hero's numbers (indices: `core::bl`, Python's `BLSTATS_INDICES`).
    blstats: i32 = [BLSTATS], i32::MIN as i64, i32::MAX as i64;
    /// The top line's message, NUL padded, without a `--More--`.
    message: u8 = [MSG], 0, 255;
    /// The pack letters, in pack order, 0 past the last.
    inv_letters: u8 = [PACK], 0, 255;
    /// Each thing's class as its map character (`!` potion, `?` scroll...).
    inv_oclasses: u8 = [PACK], 0, 255;
    /// Each thing's name as the inventory prints it, NUL padded.
    inv_strs: u8 = [PACK, NAME], 0, 255;
    /// What the game waits for (an index of `WAITS`).
    wait: i64 = [], 0, WAITS.len() as i64 - 1;
}
