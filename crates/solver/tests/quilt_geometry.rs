//! The fast quilt's bitmask availability against the reference rules' cell-by-cell geometric
//! check (two implementations of RULES.md §5 that share no code), on the quilts that random play
//! produces and on random masks.

use patience_games::quilt::available_cells;
use patience_reference::quilt::is_available;

fn grid(mask: u64) -> [[Option<u8>; 8]; 8] {
    let mut g = [[None; 8]; 8];
    for i in 0..64 {
        if mask >> i & 1 == 1 {
            g[i / 8][i % 8] = Some(i as u8);
        }
    }
    g
}

#[test]
fn bitmask_availability_matches_the_reference_geometry() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut masks = vec![u64::MAX, 0, 1, u64::MAX - 1];
    // Quilts emptied one random available card at a time, as play does.
    for _ in 0..200 {
        let mut m = u64::MAX;
        while m != 0 {
            masks.push(m);
            let avail = available_cells(m);
            assert_ne!(avail, 0, "a non-empty quilt always has an available card");
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let pick = (x % avail.count_ones() as u64) as u32;
            let mut a = avail;
            for _ in 0..pick {
                a &= a - 1;
            }
            m &= !(1 << a.trailing_zeros());
        }
    }
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        masks.push(x);
    }
    for m in masks {
        let (fast, g) = (available_cells(m), grid(m));
        for i in 0..64 {
            assert_eq!(
                fast >> i & 1 == 1,
                is_available(&g, i / 8, i % 8),
                "quilt {m:016x}, cell Q{}{}",
                i / 8,
                i % 8
            );
        }
    }
}
