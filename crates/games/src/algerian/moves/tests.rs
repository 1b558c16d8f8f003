//! The plain generator the fast one replaced, kept as the equivalence test's reference, with
//! what it reads.

use super::*;

impl Algerian {
    /// Whether `k` may be put on a depot whose top is `top` (RULES.md §4: same suit and ±1 with
    /// wrap; carthage: same suit, exactly one lower, no wrap).
    #[inline]
    pub(in crate::algerian) fn builds_on(&self, top: Kind, k: Kind) -> bool {
        if self.rules.shape.depots == DepotBuilding::Down {
            top.suit() == k.suit() && k.rank() + 1 == top.rank()
        } else {
            top.is_suit_neighbour_wrapping(k)
        }
    }

    /// The plain reference of [`Self::generate`] (its original code, kept for the equivalence
    /// test). All moves of `s` in generation order. `reduce`: apply the sound move-level symmetry
    /// reductions (`prune.rs`). Returns `false` if the list overflowed.
    #[allow(clippy::needless_range_loop)]
    pub(in crate::algerian) fn generate_simple(
        &self,
        s: &AlgerianState,
        pruning: Pruning,
        reduce: bool,
        out: &mut MoveList<AlgerianMove>,
    ) -> bool {
        out.clear();
        let flags =
            if pruning.symmetry { SYM } else { 0 } | if pruning.partial_order { POR } else { 0 };
        let mut sink =
            Sink::<_, true> { out, full: false, run: self.run_filter(s, pruning), flags };
        let card = |from, to| AlgerianMove::Card { from, to, flags };
        let tops = s.tops();
        let spot = |p: usize| {
            if p < DEPOTS { Spot::Depot(p as u8) } else { Spot::Reserve((p - DEPOTS) as u8) }
        };
        let carthage = self.rules.paired_foundations();
        let dep_sym = reduce && self.depots_interchangeable(s);
        let res_sym = reduce && self.reserves_interchangeable(s);
        // Sources in order: reserves first, then depots.
        const ORDER: [usize; PILES] = [8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5, 6, 7];

        // 1, 2: reserve / depot top → foundation.
        for &p in &ORDER {
            let Some(k) = tops[p] else { continue };
            let [a, b] = self.suit_foundations(k.suit());
            let ok_a = self.foundation_accepts(s, a as usize, k);
            if ok_a {
                sink.push(card(spot(p), Spot::Foundation(a)));
            }
            // Carthage, equal heights: both foundations accept; the children are mirror images
            // (prune.rs, symmetry 3), so one is enough.
            if self.foundation_accepts(s, b as usize, k) && !(reduce && carthage && ok_a) {
                sink.push(card(spot(p), Spot::Foundation(b)));
            }
        }
        // 3, 4: reserve / depot top → a non-empty depot.
        for &p in &ORDER {
            let Some(k) = tops[p] else { continue };
            for (d, top) in tops[..DEPOTS].iter().enumerate() {
                if d != p
                    && let Some(t) = top
                    && self.builds_on(*t, k)
                {
                    sink.push(card(spot(p), Spot::Depot(d as u8)));
                }
            }
        }
        // 5: → an empty depot.
        let first_empty_depot = (0..DEPOTS).find(|&d| tops[d].is_none());
        if let Some(first) = first_empty_depot {
            for &p in &ORDER {
                if tops[p].is_none() || (dep_sym && p < DEPOTS && s.len(p) == 1) {
                    // (A lone depot card moved to another empty depot only renames depots.)
                    continue;
                }
                for d in first..DEPOTS {
                    if tops[d].is_none() && d != p {
                        sink.push(card(spot(p), Spot::Depot(d as u8)));
                        if dep_sym {
                            break;
                        }
                    }
                }
            }
        }
        // 6: → an empty reserve (one card only; RULES.md §4 reserve_space).
        if self.reserve_space_open(s)
            && let Some(first) = (DEPOTS..PILES).find(|&r| tops[r].is_none())
        {
            for p in (0..DEPOTS).chain(DEPOTS..PILES) {
                if tops[p].is_none() || (res_sym && p >= DEPOTS && s.len(p) == 1) {
                    continue;
                }
                for r in first..PILES {
                    if tops[r].is_none() && r != p {
                        sink.push(card(spot(p), Spot::Reserve((r - DEPOTS) as u8)));
                        if res_sym {
                            break;
                        }
                    }
                }
            }
        }
        // 7: deal.
        if self.stock_left(s) > 0 {
            sink.push(AlgerianMove::Deal { flags });
        }
        // 8: foundation top → the suit's other foundation ("foundations meet"), → a depot.
        for f in 0..8u8 {
            let Some(k) = self.foundation_top(s, f as usize) else { continue };
            let [a, b] = self.suit_foundations(k.suit());
            let other = if f == a { b } else { a };
            if carthage && reduce && f == b && s.height(a as usize) == s.height(b as usize) {
                // Equal Carthage foundations have equal tops: the moves from F_b mirror F_a's.
                continue;
            }
            // Carthage: a transfer between a suit's two foundations only exchanges their
            // heights, so the child mirrors the parent (prune.rs, symmetry 3): never useful.
            if self.foundation_accepts(s, other as usize, k) && !(carthage && reduce) {
                sink.push(card(Spot::Foundation(f), Spot::Foundation(other)));
            }
            if !self.rules.foundation_to_depot {
                continue;
            }
            for (d, top) in tops[..DEPOTS].iter().enumerate() {
                if let Some(t) = top
                    && self.builds_on(*t, k)
                {
                    sink.push(card(Spot::Foundation(f), Spot::Depot(d as u8)));
                }
            }
            if let Some(first) = first_empty_depot {
                for d in first..DEPOTS {
                    if tops[d].is_none() {
                        sink.push(card(Spot::Foundation(f), Spot::Depot(d as u8)));
                        if dep_sym {
                            break;
                        }
                    }
                }
            }
        }
        !sink.full
    }
}

#[test]
fn pext_nibbles_gathers_the_low_bit_of_each_nibble() {
    for x in [
        0u32,
        1,
        0x1111_1111,
        0xFFFF_FFFF,
        0x1000_0001,
        0x0D0D_0D0D,
        0xD0D0_D0D0,
        0x8421_8421,
        0x1234_5678,
    ] {
        let want = (0..8).filter(|f| x >> (4 * f) & 1 != 0).fold(0, |m, f| m | 1 << f);
        assert_eq!(pext_nibbles(x), want, "{x:#x}");
    }
}
