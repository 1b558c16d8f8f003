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
        assert!(
            halves.insert(*a) && halves.insert(*b) && halves.insert(*x) && halves.insert(*y),
            "domain {i}"
        );
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
    let pair = |a: (u64, u64), b: (u64, u64)| {
        multiset128(a.0, a.1, 3).wrapping_add(multiset128(b.0, b.1, 3))
    };
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
                assert!(
                    seen.insert(((f as u64) | 1, (f >> 64) as u32)),
                    "collision at {x} {y} {d}"
                );
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
