//! Helpers shared by the test suites.
#![allow(dead_code)]

/// SplitMix64: a small, fast, seedable source of test inputs (the tests
/// need reproducible variety, not cryptographic quality).
pub struct Inputs(u64);

impl Inputs {
    pub fn new(seed: u64) -> Self {
        Inputs(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Any 32-bit int.
    pub fn any_i32(&mut self) -> i32 {
        self.next_u64() as i32
    }

    /// An int in lo..=hi.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        let span = (i64::from(hi) - i64::from(lo) + 1) as u64;
        (i64::from(lo) + (self.next_u64() % span) as i64) as i32
    }

    /// One of the given values.
    pub fn pick<T: Copy>(&mut self, values: &[T]) -> T {
        values[(self.next_u64() % values.len() as u64) as usize]
    }

    pub fn chance(&mut self, one_in: u64) -> bool {
        self.next_u64().is_multiple_of(one_in)
    }
}

/// Ints at the edges of the C int range and around zero.
pub const EDGES: [i32; 12] = [0, 1, -1, 2, -2, 7, -7, i32::MAX, i32::MIN, i32::MAX - 1, i32::MIN + 1, 65536];
