//! The C reference kernels of c-reference/ (this project's own C, written
//! from the rules), bound through bindgen, for differential tests.
//!
//! The bindings are generated from c-reference/cref.h: by build.rs with the
//! `bindgen` feature, or taken from the checked-in c-reference/bindings.rs.

#[allow(non_camel_case_types, non_upper_case_globals, non_snake_case, dead_code, clippy::all)]
mod sys {
    #[cfg(feature = "bindgen")]
    include!(concat!(env!("OUT_DIR"), "/cref_bindings.rs"));
    #[cfg(not(feature = "bindgen"))]
    include!("../c-reference/bindings.rs");
}

pub use sys::*;

/// `rnd` of the C reference, on a seed held by the caller.
pub fn rnd(seed: &mut i32, range: i32) -> i32 {
    // SAFETY: the C function reads and writes only the seed it is given.
    unsafe { sys::cref_rnd(seed, range) }
}

/// The `RN` macro of the C reference.
pub fn rn(seed: &mut i32) -> i32 {
    // SAFETY: as above.
    unsafe { sys::cref_rn(seed) }
}

/// `roll` of the C reference.
pub fn roll(seed: &mut i32, n: i32, sides: i32) -> i32 {
    // SAFETY: as above.
    unsafe { sys::cref_roll(seed, n, sides) }
}

/// `spread` of the C reference.
pub fn spread(seed: &mut i32, n: i32) -> i32 {
    // SAFETY: as above.
    unsafe { sys::cref_spread(seed, n) }
}

#[cfg(all(test, feature = "bindgen"))]
mod tests {
    /// The checked-in bindings are what bindgen makes of cref.h today.
    #[test]
    fn checked_in_bindings_are_current() {
        let generated = include_str!(concat!(env!("OUT_DIR"), "/cref_bindings.rs"));
        let checked_in = include_str!("../c-reference/bindings.rs");
        let body: String = checked_in.lines().skip(2).map(|l| format!("{l}\n")).collect();
        assert_eq!(body, generated, "run c-reference/regen-bindings.sh");
    }
}
