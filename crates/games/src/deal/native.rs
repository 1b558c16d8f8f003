//! Native seeds (RULES.md §1.1): ChaCha8 and our own unbiased Fisher–Yates.
//!
//! `rand`'s shuffle and range sampling are deliberately not used: their output may change between
//! versions, and a published deal must never change. This code depends only on the ChaCha8 stream.

use crate::card::CARDS;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The shuffled list of card ids for `seed` (before the game's hook; the last element is dealt first).
pub fn shuffled_list(seed: u64) -> [u8; CARDS] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut list: [u8; CARDS] = std::array::from_fn(|i| i as u8);
    for n in (1..CARDS).rev() {
        let j = uniform_below(&mut rng, n as u64 + 1);
        list.swap(n, j as usize);
    }
    list
}

/// A uniform draw in `0..m` by rejection: accept `x < 2^64 − (2^64 mod m)`, take `x mod m`.
fn uniform_below(rng: &mut ChaCha8Rng, m: u64) -> u64 {
    let rem = (u64::MAX % m + 1) % m; // 2^64 mod m
    let limit = 0u64.wrapping_sub(rem); // 2^64 − rem, as u64 (0 means 2^64: accept all)
    loop {
        let x = rng.next_u64();
        if limit == 0 || x < limit {
            return x % m;
        }
    }
}

#[cfg(test)]
mod tests;
