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

/// Per-domain keys of [`multiset64`]: splitmix64's stream from a fixed seed (any fixed random
/// constants would do; these never change, like every fingerprint).
const DOMAIN_KEYS: [[u64; 4]; MULTISET64_DOMAINS] = {
    let mut t = [[0u64; 4]; MULTISET64_DOMAINS];
    let mut x: u64 = 0x243F_6A88_85A3_08D3;
    let mut i = 0;
    while i < 4 * MULTISET64_DOMAINS {
        t[i / 4][i % 4] = splitmix64(&mut x);
        i += 1;
    }
    t
};

/// The next value of splitmix64's stream from state `x` (advancing it): the generator of every
/// key table here.
const fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` random 128-bit values with the lowest bit clear, from splitmix64's stream with `seed`:
/// Zobrist keys for a family that fingerprints fixed places by summing one key per place and
/// value (a sum of independent random keys: two different assignments of values to places
/// collide only by accident, as random 128-bit values do).
pub const fn zobrist<const N: usize>(seed: u64) -> [u128; N] {
    let mut t = [0u128; N];
    let mut x = seed;
    let mut i = 0;
    while i < 2 * N {
        t[i / 2] |= (splitmix64(&mut x) as u128) << (64 * (i % 2));
        i += 1;
    }
    let mut i = 0;
    while i < N {
        t[i] &= !1;
        i += 1;
    }
    t
}

/// Domains of [`multiset64`].
pub const MULTISET64_DOMAINS: usize = 32;

/// murmur3's 64-bit finaliser: a bijection of `u64` in which every output bit depends on every
/// input bit.
#[inline(always)]
const fn fmix64(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^ (h >> 33)
}

/// [`multiset`] for an element of at most 64 bits, in domain `domain` (< 32), at a third of its
/// cost, for families that compute element fingerprints on every move. Each half is
/// [`fmix64`] of the element XOR a random key of the domain for that half. Within a domain each
/// half is a bijection, so two different elements never agree in either half; elements of two
/// domains agree in both halves only if the two domains' key differences are equal, which for
/// these keys they are not. Beyond that the halves are taken, as xxh3 is above, as random
/// functions of the element, and sums of them collide as `multiset`'s do.
#[inline(always)]
pub fn multiset64(element: u64, domain: usize) -> u128 {
    let [a, b, _, _] = DOMAIN_KEYS[domain % MULTISET64_DOMAINS];
    fmix64(element ^ a) as u128 | (fmix64(element ^ b) as u128) << 64
}

/// [`multiset64`] for an element of 128 bits (`lo`, `hi`): each half is `fmix64` of `lo` XOR
/// the half's key XOR `fmix64` of `hi` XOR a second key, so it depends on both words at once (a
/// half that merely added a function of each word would give two piles that exchange their
/// `hi` words the same sum).
#[inline(always)]
pub fn multiset128(lo: u64, hi: u64, domain: usize) -> u128 {
    let [a, b, c, d] = DOMAIN_KEYS[domain % MULTISET64_DOMAINS];
    fmix64(lo ^ a ^ fmix64(hi ^ c)) as u128 | (fmix64(lo ^ b ^ fmix64(hi ^ d)) as u128) << 64
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
    fn multiset64_keys_are_distinct_in_each_half_and_in_their_differences() {
        let mut halves = std::collections::HashSet::new();
        let mut diffs = std::collections::HashSet::new();
        for (i, [a, b, x, y]) in DOMAIN_KEYS.iter().enumerate() {
            assert!(halves.insert(*a) && halves.insert(*b) && halves.insert(*x) && halves.insert(*y), "domain {i}");
            for [c, d, _, _] in &DOMAIN_KEYS[i + 1..] {
                // Equal elements XOR differences in both halves would make two domains' halves
                // coincide on a pair of elements.
                assert_ne!(a ^ c, b ^ d);
                assert!(diffs.insert(a ^ c));
            }
        }
        assert_ne!(multiset64(5, 1), multiset64(5, 2));
        assert_ne!(multiset64(5, 1), multiset64(6, 1));
        // Two pairs of words that exchange their high words: different sums.
        let pair = |a: (u64, u64), b: (u64, u64)| multiset128(a.0, a.1, 3).wrapping_add(multiset128(b.0, b.1, 3));
        assert_ne!(pair((1, 10), (2, 20)), pair((1, 20), (2, 10)));
        assert_eq!(pair((1, 10), (2, 20)), pair((2, 20), (1, 10)));
    }

    #[test]
    fn element_fingerprints_and_keys_are_pinned() {
        // The key tables come from fixed seeds: a change to how they are generated shows here.
        assert_eq!(multiset64(12345, 3), 0x98406d235be9b1106d7f8e98fba59a33);
        assert_eq!(multiset128(1, 2, 31), 0x27be40fec29ba827d7af4fbc5896a25e);
        assert_eq!(zobrist::<4>(7)[3], 0x53fcd6513d02befe77cbc4a133c2d0f6);
    }

    #[test]
    fn multiset64_sums_of_small_piles_do_not_collide() {
        // Every multiset of two "piles" among 600 small elements (low slots of a packed pile),
        // in two domains: 360,000 sums, all distinct in the 95 bits the table keeps.
        let mut seen = std::collections::HashSet::new();
        for x in 0..600u64 {
            for y in x..600u64 {
                for d in [0, 7] {
                    let f = multiset64(x << 6 | 3, d).wrapping_add(multiset64(y << 6 | 3, d));
                    assert!(seen.insert(((f as u64) | 1, (f >> 64) as u32)), "collision at {x} {y} {d}");
                }
            }
        }
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
