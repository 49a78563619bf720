//! Filling a large slice with one value, fast.
//!
//! A plain `fill` of a value that is not all zero bytes is a loop of
//! 16-byte stores (the baseline x86-64 the crate is built for); the
//! C library's `memcpy` picks the widest stores the machine has at run
//! time. So the first cells are filled, and then the filled part is copied
//! after itself, doubling it each time, from cells still in the cache. On
//! the development machine this cleared the level map, 20 kB when its
//! cells were 8 bytes (10 kB now), in 116 ns instead of 178 (timed alone;
//! within a level the gain is below what the levels bench can tell from
//! noise). The map and a standard screen are now cleared by copying a
//! static cleared one in a single `memcpy` (about 1% of the levels bench
//! on a later machine: one call instead of seven of growing sizes, whose
//! size tests the branch predictor missed); this is for other sizes.

/// The cells filled before the doubling starts.
const SEED: usize = 64;

/// `cells.fill(value)`, by doubling.
pub(crate) fn fill<T: Copy>(cells: &mut [T], value: T) {
    let n = cells.len();
    let mut done = SEED.min(n);
    cells[..done].fill(value);
    while done < n {
        let k = done.min(n - done);
        cells.copy_within(..k, done);
        done += k;
    }
}

#[cfg(test)]
mod tests {
    use super::fill;

    #[test]
    fn fills_every_cell_of_any_length() {
        for n in [0, 1, 63, 64, 65, 127, 128, 129, 1000, 1920, 2560] {
            let mut v: Vec<u64> = (0..n as u64).collect();
            fill(&mut v, 0x1020);
            assert!(v.iter().all(|&c| c == 0x1020), "length {n}");
        }
    }
}
