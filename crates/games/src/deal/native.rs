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
mod tests {
    use crate::deal::{DealSource, Hook, make_deal};

    fn first16(seed: u64) -> String {
        let d = make_deal(&DealSource::Native(seed), Hook::None).unwrap();
        d.cards()[..16].iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
    }

    /// The golden talon orders of RULES.md §1: deals are forever.
    #[test]
    fn golden_talon_orders() {
        assert_eq!(first16(0), "6D 2S 6S JD 4H KH QS 2D AC 4C 5H 2C 8C 3S 7D 4S");
        assert_eq!(first16(1), "JD 3C AD 3H 8H 5D 9S 4H KD 8H AS KD JD 3C KC AS");
        assert_eq!(first16(42), "3D 3C 8D JS 6D QC 2D 2S KC 5S 7H JD 4H KD 7D 4C");
        assert_eq!(first16(18446744073709551615), "6S 7H 3H 5S KS JD 8D AC KD 4C QS 2D TD 4D 7C JS");
    }
}
