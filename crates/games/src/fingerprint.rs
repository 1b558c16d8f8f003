//! 128-bit fingerprints of table keys (xxh3-128), the form in which the transposition table
//! stores positions.
//!
//! A fingerprint is a function of the key alone, so equal keys always give equal fingerprints:
//! the search can never expand a position twice or miss a transposition. Two different keys
//! give the same fingerprint only by accident (xxh3-128 behaves as a random function on these
//! inputs); the table keeps 95 of the 128 bits (`solver::table`), so a search of `n` positions
//! confuses two of them with probability at most n²/2⁹⁶ (10⁷ positions: about 10⁻¹⁵). Users who
//! want no probability at all ask for the exact table (`Limits::exact_table`).
//!
//! Symmetry without sorting: where the family's symmetry is "these piles are interchangeable",
//! the key is the multiset of those piles, and its fingerprint is the wrapping sum of one
//! fingerprint per pile ([`multiset`]) plus the fingerprint of the rest. A sum does not depend
//! on the order of the piles, so no sort is needed; for random per-pile fingerprints two
//! different multisets (of at most 255 piles) collide with probability at most 2⁻¹²⁰ (their
//! difference is a non-zero combination with coefficients below 2⁸ of independent random
//! 128-bit values).

use xxhash_rust::xxh3::{xxh3_128, xxh3_128_with_seed};

/// The fingerprint of `N` words (the fixed fields of a position, in a fixed order).
#[inline]
pub fn of_words<const N: usize>(words: &[u64; N]) -> u128 {
    // N is a compile-time constant: the buffer lives on the stack and the loop unrolls.
    let mut bytes = [[0u8; 8]; N];
    for (b, w) in bytes.iter_mut().zip(words) {
        *b = w.to_le_bytes();
    }
    xxh3_128(bytes.as_flattened())
}

/// The fingerprint of one element of an unordered collection (a pile encoded in a `u128`), to
/// be summed over the collection. `domain` separates different collections of one position.
#[inline]
pub fn multiset(element: u128, domain: u64) -> u128 {
    xxh3_128_with_seed(&element.to_le_bytes(), domain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_of_element_fingerprints_ignore_order_but_see_contents() {
        let piles = [5u128, 1 << 100, 77, 5, 0];
        let sum = |p: &[u128]| p.iter().fold(0u128, |a, &x| a.wrapping_add(multiset(x, 1)));
        let mut rev = piles;
        rev.reverse();
        assert_eq!(sum(&piles), sum(&rev));
        // A repeated pile counts twice: {5, 5} is not {5, 77}.
        assert_ne!(sum(&[5, 5, 1]), sum(&[5, 77, 1]));
        assert_ne!(multiset(5, 1), multiset(5, 2), "domains separate");
        assert_ne!(of_words(&[1, 2]), of_words(&[2, 1]));
    }

    #[test]
    fn no_collisions_among_many_small_keys() {
        // 200,000 keys differing in one bit or one small field: all fingerprints distinct in
        // the 95 bits the table keeps.
        let mut seen = std::collections::HashSet::new();
        for a in 0..2_000u64 {
            for b in 0..100u64 {
                let f = of_words(&[a, b << 40, 0]);
                assert!(seen.insert(((f as u64) | 1, (f >> 64) as u32)), "collision at {a} {b}");
            }
        }
    }
}
