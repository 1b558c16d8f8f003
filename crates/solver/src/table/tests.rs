use super::*;

#[test]
fn finds_what_it_stored_and_nothing_else() {
    let mut t: ExactTable<[u64; 2]> = ExactTable::new(1 << 24);
    for i in 0..5_000u64 {
        // Deliberately colliding hashes: exactness must come from the stored keys.
        assert_eq!(t.insert(&[i, !i], i % 7), Insert::New);
    }
    for i in 0..5_000u64 {
        assert_eq!(t.insert(&[i, !i], i % 7), Insert::Seen);
    }
    assert_eq!(t.len(), 5_000);
    t.clear();
    assert!(t.is_empty());
    assert_eq!(t.insert(&[3, !3], 3), Insert::New);
}

#[test]
fn stays_within_its_budget_and_reports_full() {
    let budget = 1 << 20;
    let mut t: ExactTable<[u64; 2]> = ExactTable::new(budget);
    let mut stored = 0u64;
    let full_at = loop {
        let h = stored.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        match t.insert(&[stored, 0], h) {
            Insert::New => stored += 1,
            Insert::Full => break stored,
            Insert::Seen => unreachable!(),
        }
    };
    assert!(t.bytes() <= budget);
    assert_eq!(full_at as usize, t.capacity_limit());
    // Known positions are still recognised when full.
    assert_eq!(t.insert(&[5, 0], 5u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)), Insert::Seen);
}

/// A random-looking 128-bit value per index (splitmix64 twice): the tables' tests' keys.
pub(crate) fn test_key(i: u64) -> u128 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (mix(i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) as u128) << 64 | mix(i ^ 0xDEAD_BEEF) as u128
}

#[test]
fn fingerprint_table_finds_what_it_stored_and_nothing_else() {
    let mut t = FingerprintTable::new(1 << 24);
    for i in 0..50_000u64 {
        assert_eq!(t.insert(test_key(i)), Insert::New);
    }
    for i in 0..50_000u64 {
        assert_eq!(t.insert(test_key(i)), Insert::Seen);
    }
    // Equal tags, different check words: different positions.
    let base = test_key(7) as u64 as u128;
    assert_eq!(t.insert(base | 123u128 << 64), Insert::New);
    assert_eq!(t.insert(base | 124u128 << 64), Insert::New);
    assert_eq!(t.len(), 50_002);
    // Memory per stored position stays within 32 bytes (12-byte slots, load ≥ 3/8).
    assert!(t.bytes() <= 32 * t.len(), "{} bytes for {}", t.bytes(), t.len());
    t.clear();
    assert!(t.is_empty());
    assert_eq!(t.insert(test_key(3)), Insert::New);
}

#[test]
fn a_cleared_table_takes_the_last_searchs_size_in_its_allocation_and_forgets_everything() {
    let mut t = FingerprintTable::new(1 << 24);
    for i in 0..60_000u64 {
        assert_eq!(t.insert(test_key(i)), Insert::New);
    }
    let (held, used) = (t.bytes(), t.used_bytes());
    assert_eq!(held, used);
    t.clear();
    assert_eq!(t.bytes(), held, "the allocation is kept");
    assert_eq!(t.used_bytes(), held, "a big search is followed by a big table");
    for i in 0..100u64 {
        assert_eq!(t.insert(test_key(i + 7_000_000)), Insert::New);
    }
    t.clear();
    assert_eq!(
        t.used_bytes(),
        MIN_SLOTS * FingerprintTable::SLOT_BYTES,
        "a small search by a small table"
    );
    // Grown again inside the allocation (through several doublings), and then past it: no
    // position of the first search is seen, every one of this search is.
    for round in 0..2 {
        for i in 0..100_000u64 {
            let expect = if round == 0 { Insert::New } else { Insert::Seen };
            assert_eq!(t.insert(test_key(i + 30_000)), expect, "round {round}, {i}");
        }
    }
    assert!(t.bytes() > held && t.used_bytes() == t.bytes());
    assert_eq!(t.len(), 100_000);
    for i in 0..30_000u64 {
        assert_eq!(t.insert(test_key(i)), Insert::New);
    }
    // A small search after a big one: only its own positions.
    t.clear();
    for i in 0..1_000u64 {
        assert_eq!(t.insert(test_key(i)), Insert::New);
        assert_eq!(t.insert(test_key(i)), Insert::Seen);
    }
    assert_eq!(t.len(), 1_000);
}

/// The in-place doubling must keep every probe path full, also for runs that wrapped past
/// the table's end. Keys whose homes crowd the last eight slots of the smallest table (the
/// next home bit random, so after a doubling some belong near the middle and some near the
/// end) make one run that wraps over half the table; then doublings: every stored key is
/// found afterwards and sits where a probe from its home reaches it, and others are new.
#[test]
fn doubling_in_place_keeps_wrapped_runs_findable() {
    let mut t = FingerprintTable::new(64 << 20);
    let low_home_bits = MIN_SLOTS.trailing_zeros();
    let crowded = |i: u64| {
        let f = test_key(i);
        let home = (MIN_SLOTS as u64 - 8 + (i & 7)) | (f as u64 >> 20) << low_home_bits;
        (f & !(((1u128 << 44) - 1) << 20)) | ((home as u128 & ((1 << 44) - 1)) << 20)
    };
    let check = |t: &FingerprintTable, keys: &mut dyn Iterator<Item = u128>| {
        let mask = t.size - 1;
        for (i, s) in t.slots[..t.size].iter().enumerate() {
            if s.is_empty() {
                continue;
            }
            let mut j = t.home(s.hash());
            while j != i {
                assert!(!t.slots[j].is_empty(), "an empty slot at {j} on the path to {i}");
                j = (j + 1) & mask;
            }
        }
        let mut t = FingerprintTable { slots: t.slots.clone(), ..*t };
        for k in keys {
            assert_eq!(t.insert(k), Insert::Seen);
        }
    };
    let crowd = (MIN_SLOTS * 3 / 4) as u64;
    for i in 0..crowd {
        assert_eq!(t.insert(crowded(i)), Insert::New, "{i}");
    }
    assert_eq!(t.size, MIN_SLOTS, "not grown yet");
    assert!(
        t.slots[0].hash() >> 20 & (MIN_SLOTS as u64 - 1) >= MIN_SLOTS as u64 - 8,
        "the run wraps"
    );
    for i in crowd..crowd + 20_000 {
        assert_eq!(t.insert(test_key(i)), Insert::New, "{i}");
        if i == crowd || i == crowd + 19_999 {
            check(&t, &mut (0..crowd).map(crowded).chain((crowd..=i).map(test_key)));
        }
    }
    assert!(t.size >= 32_768, "grown several times");
    assert_eq!(t.insert(crowded(crowd + 50_000)), Insert::New);
    // The same inside an allocation grown before: two clears bring the table back to the
    // smallest size and keep the allocation, whose slots past the size are empty; growing
    // there is one jump of eight times.
    let held = t.bytes();
    t.clear();
    t.clear();
    assert_eq!((t.size, t.bytes()), (MIN_SLOTS, held));
    let other = |i: u64| crowded(i + 1_000_000);
    for i in 0..crowd + 20_000 {
        assert_eq!(t.insert(other(i)), Insert::New, "{i}");
        if i == crowd {
            // The wrapped run grown over in one step: 4,096 slots, an eighth of the
            // allocation, straight to the allocation's 32,768 (`grown_size`).
            assert_eq!((t.size, t.size * FingerprintTable::SLOT_BYTES), (32_768, held), "a jump");
            check(&t, &mut (0..=crowd).map(other));
        }
    }
    assert_eq!(t.bytes(), held, "grown inside the allocation");
    check(&t, &mut (0..crowd + 20_000).map(other));
    assert_eq!(t.insert(crowded(0)), Insert::New, "the first search is forgotten");
}

/// `check_at` (one comparison on the common insert) must send exactly the inserts that the
/// growth rule and the capacity rule apply to down the slow path: the table grows on the
/// insert after its load reaches 3/4 (doubling, or jumping to its allocation from an eighth
/// of it), never past its budget, and reports full at `capacity_limit`, after `clear` too.
#[test]
fn the_table_grows_and_fills_exactly_when_the_rules_say() {
    let mut t = FingerprintTable::new(1 << 20);
    let slot = FingerprintTable::SLOT_BYTES;
    // Round 0 grows the allocation (4,096 to 65,536 slots: four doublings); round 1 starts
    // at the size round 0 ended with; round 2, after a search that stored nothing, starts at
    // the smallest size again and grows inside the allocation: 4,096 to 8,192 (doubling),
    // then, from an eighth of the allocation, straight to 65,536.
    for (round, growths) in [(0u64, 4), (1, 0), (2, 2)] {
        if round == 2 {
            t.clear();
            assert_eq!(t.used_bytes(), MIN_SLOTS * slot);
        }
        let (mut stored, mut grown) = (0usize, 0);
        loop {
            let size = t.used_bytes() / slot;
            let expect_size = if overloaded(stored, size) && size < t.max_slots {
                grown_size(size, t.slots.len())
            } else {
                size
            };
            let r = t.insert(test_key(stored as u64 + round * 10_000_000));
            assert_eq!(
                t.used_bytes() / slot,
                expect_size,
                "round {round}, after {stored} positions"
            );
            grown += (expect_size > size) as u32;
            if stored == t.capacity_limit() {
                assert_eq!(r, Insert::Full);
                break;
            }
            assert_eq!(r, Insert::New, "round {round}, position {stored}");
            stored += 1;
        }
        assert_eq!(grown, growths, "round {round}");
        // Every key stored this round is still found after the growths (a jump included).
        for i in 0..stored as u64 {
            assert_eq!(
                t.insert(test_key(i + round * 10_000_000)),
                Insert::Seen,
                "round {round}, key {i}"
            );
        }
        assert_eq!(t.bytes(), 65_536 * slot, "round {round}");
        t.clear();
    }
}

/// The growth rule's sizes: doubling until an eighth of the allocation, then the whole of it;
/// past the allocation, doubling.
#[test]
fn the_table_doubles_and_then_jumps_to_its_allocation() {
    let held = 1 << 20;
    assert_eq!(grown_size(1 << 12, held), 1 << 13);
    assert_eq!(grown_size(1 << 16, held), 1 << 17);
    assert_eq!(grown_size(1 << 17, held), held, "from an eighth");
    assert_eq!(grown_size(1 << 18, held), held);
    assert_eq!(grown_size(1 << 19, held), held, "a doubling that fills the allocation");
    assert_eq!(grown_size(held, held), 2 * held, "past the allocation: doubling");
}

#[test]
fn fingerprint_table_stays_within_its_budget_and_reports_full() {
    let budget = 1 << 20;
    let mut t = FingerprintTable::new(budget);
    let mut stored = 0u64;
    let full_at = loop {
        match t.insert(test_key(stored)) {
            Insert::New => stored += 1,
            Insert::Full => break stored,
            Insert::Seen => unreachable!(),
        }
    };
    assert!(t.bytes() <= budget);
    assert_eq!(full_at as usize, t.capacity_limit());
    assert_eq!(
        t.insert(test_key(5)),
        Insert::Seen,
        "known positions are still recognised when full"
    );
}
