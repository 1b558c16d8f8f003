use super::*;

/// The same rule, cell by cell, straight from the text.
fn available_geometric(quilt: u64, r: i32, c: i32) -> bool {
    let present = |r: i32, c: i32| {
        (0..8).contains(&r) && (0..8).contains(&c) && quilt >> (8 * r + c) & 1 == 1
    };
    if !present(r, c) {
        return false;
    }
    let (a, b) = if (r + c) % 2 == 0 { ((r - 1, c), (r + 1, c)) } else { ((r, c - 1), (r, c + 1)) };
    !present(a.0, a.1) || !present(b.0, b.1)
}

#[test]
fn sixteen_cards_are_available_at_the_start() {
    assert_eq!(available_cells(u64::MAX).count_ones(), 16);
    assert!(available_cells(u64::MAX) & 1 == 1, "Q00 is vertical, on the top edge");
    assert!(available_cells(u64::MAX) & (1 << 8) != 0, "Q10 is horizontal, on the left edge");
    assert!(available_cells(u64::MAX) & (1 << 9) == 0, "Q11 is inner");
}

#[test]
fn masks_agree_with_the_geometry() {
    let mut x = 0x1234_5678_9ABC_DEF1u64;
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let quilt = x & (x >> 3 | x << 5); // dense and sparse patterns
        for quilt in [quilt, !quilt, x] {
            let avail = available_cells(quilt);
            for i in 0..64 {
                assert_eq!(
                    avail >> i & 1 == 1,
                    available_geometric(quilt, i / 8, i % 8),
                    "{quilt:016x} cell {i}"
                );
            }
        }
    }
}
