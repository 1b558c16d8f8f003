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
mod tests;
