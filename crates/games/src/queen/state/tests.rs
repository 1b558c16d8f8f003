//! The plain forms of the state's fast paths (the talon masks, pile pushes and pops, offsets,
//! the pile sort, the length masks), kept as the tests' references, and the state's tests.

use super::*;

/// `stock_next_of` as first written (the masks by shifts; `dealt` below 128).
pub(crate) fn stock_next_of_simple(dealt: u8, removed: u128, n: u8) -> Option<u32> {
    let in_seq = if n >= 128 { u128::MAX } else { (1u128 << n) - 1 };
    let above = !((1u128 << dealt) - 1);
    let st = in_seq & above & !removed;
    (st != 0).then(|| st.trailing_zeros())
}

impl QueenState {
    /// Copies of `k`'s colour and rank on the foundations (`k`'s and its partner suit's).
    pub fn class_home(&self, k: u8) -> u32 {
        let n = self.home_at(HOME_SHIFT[k as usize] & !3) & 15;
        ((n & 3) + (n >> 2)) as u32
    }

    /// The chain bits of pile `i`, lowest first.
    fn chain_bits(&self, i: usize) -> u128 {
        let n = self.len[i].saturating_sub(1) as u32;
        if n == 0 {
            return 0;
        }
        let x = self.suits >> self.offset(i);
        if n >= 128 { x } else { x & ((1u128 << n) - 1) }
    }

    /// `piles_holding` by a test per pile: the reference for the tests.
    pub(crate) fn piles_holding_simple(&self, min: u8, rows: usize) -> u16 {
        (0..rows).filter(|&i| self.len[i] >= min).fold(0, |m, i| m | 1 << i)
    }

    /// `waste_top` as first written (the mask by a shift): the reference for the tests.
    pub fn waste_top_simple(&self) -> Option<u32> {
        let dealt_mask = if self.dealt >= 128 { u128::MAX } else { (1u128 << self.dealt) - 1 };
        let w = dealt_mask & !self.removed;
        (w != 0).then(|| 127 - w.leading_zeros())
    }

    /// `push` as first written (every pile in `u128` operations): the reference for the tests.
    pub(crate) fn push_simple(&mut self, i: usize, k: u8) {
        let n = self.len[i] as u32;
        let value = if n == 0 {
            self.base[i] = k;
            self.len[i] = 1;
            pile_value_of(0, 1, k)
        } else {
            let off = self.offset_simple(i);
            let old = self.pile_value(i, off);
            self.key_fp = self.key_fp.wrapping_sub(pile_fingerprint_of(old));
            self.suits = insert_bit(self.suits, off + n - 1, suit_bit(k));
            self.len[i] += 1;
            old + pile_value_of(suit_bit(k) << (n - 1), 1, 0)
        };
        self.top[i] = k;
        self.key_fp = self.key_fp.wrapping_add(pile_fingerprint_of(value));
        self.offsets_simple();
    }

    /// `pop` as first written: the reference for the tests.
    pub(crate) fn pop_simple(&mut self, i: usize) -> u8 {
        let k = self.top[i];
        let off = self.offset_simple(i);
        let old = self.pile_value(i, off);
        self.key_fp = self.key_fp.wrapping_sub(pile_fingerprint_of(old));
        self.len[i] -= 1;
        self.offsets_simple();
        match self.len[i] {
            0 => {
                self.base[i] = NO_CARD;
                self.top[i] = NO_CARD;
            }
            n => {
                let n = n as u32;
                self.suits = remove_bit(self.suits, off + n - 1);
                let value = (old & !(1u128 << (n - 1))) - pile_value_of(0, 1, 0);
                self.top[i] = if n == 1 {
                    self.base[i]
                } else {
                    chain_kind(self.base[i], n - 1, (old >> (n - 2)) & 1)
                };
                self.key_fp = self.key_fp.wrapping_add(pile_fingerprint_of(value));
            }
        }
        k
    }

    /// `offset` as first written: the reference the word sum must equal.
    pub(crate) fn offset_simple(&self, i: usize) -> u32 {
        self.len[..i].iter().map(|&l| l.saturating_sub(1) as u32).sum()
    }

    /// Every `offs` set from `offset_simple` (the simple forms keep them so).
    fn offsets_simple(&mut self) {
        for i in 0..MAX_ROWS {
            self.offs[i] = self.offset_simple(i) as u8;
        }
    }

    /// The straightforward pile sort the fast one must equal.
    fn with_sorted_piles_simple(&self, rows: usize) -> QueenState {
        let mut order: [(u8, u8, u128); MAX_ROWS] = [(NO_CARD, 0, 0); MAX_ROWS];
        for (i, o) in order.iter_mut().enumerate().take(rows) {
            *o = (self.base[i], self.len[i], self.chain_bits(i));
        }
        order[..rows].sort_unstable();
        let mut s = *self;
        s.suits = 0;
        let mut off = 0u32;
        for (i, &(base, len, bits)) in order[..rows].iter().enumerate() {
            s.base[i] = base;
            s.len[i] = len;
            if len > 1 {
                s.suits |= bits << off;
                off += len as u32 - 1;
            }
        }
        s.offsets_simple();
        for i in 0..rows {
            s.top[i] = match s.len[i] {
                0 => NO_CARD,
                1 => s.base[i],
                _ => {
                    let o = s.offset(i);
                    chain_kind(
                        s.base[i],
                        s.len[i] as u32 - 1,
                        (s.suits >> (o + s.len[i] as u32 - 2)) & 1,
                    )
                }
            };
        }
        s
    }
}

#[test]
fn bits_insert_and_remove_anywhere() {
    let x: u128 = 0b1011_0110;
    for pos in 0..9 {
        for bit in 0..2 {
            let y = insert_bit(x, pos, bit);
            assert_eq!((y >> pos) & 1, bit);
            assert_eq!(remove_bit(y, pos), x);
        }
    }
    assert_eq!(insert_bit(u128::MAX >> 1, 127, 1), u128::MAX);
}

#[test]
fn piles_keep_their_cards_through_pushes_and_pops() {
    let mut s = QueenState::default();
    // 9C (black 9), then 8H/8D, 7C/7S... built down in alternating colours, on 3 piles.
    let k = |code: &str| crate::card::parse_kind(code).unwrap().index();
    let plan: [&[&str]; 3] =
        [&["9C", "8D", "7S", "6H"], &["KH", "QS", "JD", "TC", "9D"], &["2S", "AH", "KC"]];
    for (i, cards) in plan.iter().enumerate() {
        for c in cards.iter() {
            s.push(i, k(c));
        }
    }
    for (i, cards) in plan.iter().enumerate() {
        assert_eq!(s.pile(i), cards.iter().map(|c| k(c)).collect::<Vec<_>>());
        assert_eq!(s.top[i], k(cards.last().unwrap()));
    }
    assert_eq!(s.pop(1), k("9D"));
    assert_eq!(s.pop(0), k("6H"));
    assert_eq!(s.top[0], k("7S"));
    assert_eq!(s.pile(2), vec![k("2S"), k("AH"), k("KC")]);
    s.push(0, k("6D"));
    assert_eq!(s.pile(0), vec![k("9C"), k("8D"), k("7S"), k("6D")]);
    while s.len[2] > 0 {
        s.pop(2);
    }
    assert_eq!(s.top[2], NO_CARD);
    assert_eq!(s.pile(1), vec![k("KH"), k("QS"), k("JD"), k("TC")]);
    // Sorting piles: same multiset of piles gives the same representative.
    let mut t = QueenState::default();
    for c in ["KH", "QS", "JD", "TC"] {
        t.push(0, k(c));
    }
    for c in ["9C", "8D", "7S", "6D"] {
        t.push(1, k(c));
    }
    assert_eq!(s.with_sorted_piles(9), t.with_sorted_piles(9));
    assert_ne!(s, t);
    // The running sum of pile fingerprints survives pushes and pops.
    assert_eq!(s.key_fp, s.pile_sum(9, false));
    assert_eq!(s.key_fp, t.key_fp);
}

/// Random foundation pushes and pops against plain per-kind counts: `home`, `class_home`
/// and the total read back what was put (two decks: at most 2 copies of a kind).
#[test]
fn home_counts_follow_a_plain_model() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let mut s = QueenState::default();
    let mut model = [0u32; 52];
    let mut full_classes = 0;
    for _ in 0..20_000 {
        let k = rng.random_range(0..52u8);
        if model[k as usize] < 2 && (model[k as usize] == 0 || rng.random_bool(0.6)) {
            s.add_home(k);
            model[k as usize] += 1;
        } else if model[k as usize] > 0 {
            s.remove_home(k);
            model[k as usize] -= 1;
        }
        for j in 0..52u8 {
            let c = Kind::from_index(j);
            let partner = Kind::new(c.suit() ^ 1, c.rank()).index();
            assert_eq!(s.home(j), model[j as usize]);
            assert_eq!(s.class_home(j), model[j as usize] + model[partner as usize]);
            full_classes += (s.class_home(j) == 4) as u32;
        }
        assert_eq!(s.home.count_ones(), model.iter().map(|&n| n.count_ones()).sum::<u32>());
    }
    assert!(full_classes > 10_000, "{full_classes}");
}

/// `push` and `pop` (the `u64` path below bit 64, the `u128` fallback above) leave the very
/// state `push_simple` and `pop_simple` leave, on random piles of up to 40 cards (so chain
/// bits reach past 64 and past the word boundary at every offset), and `UNDER` is the
/// chain card below.
#[test]
fn fast_push_and_pop_equal_the_simple_ones() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let (mut low, mut high, mut cross, mut lone) = (0, 0, 0, 0);
    for _ in 0..30_000 {
        let mut s = QueenState::default();
        let rows = rng.random_range(1..=MAX_ROWS);
        let max = rng.random_range(1..=40u32);
        for i in 0..rows {
            if rng.random_bool(0.15) {
                continue;
            }
            let base = rng.random_range(0..52u8);
            s.push_simple(i, base);
            for j in 1..rng.random_range(1..=max) {
                if s.offset_simple(MAX_ROWS) + 1 >= 104 {
                    break;
                }
                s.push_simple(i, chain_kind(base, j, rng.random_range(0..2u128)));
            }
        }
        let i = rng.random_range(0..rows);
        let end = s.offset(i) + s.len[i] as u32;
        // Push the next chain card (or any card on an empty pile).
        if s.offset_simple(MAX_ROWS) + 1 < 104 {
            let k = if s.len[i] == 0 {
                rng.random_range(0..52u8)
            } else {
                chain_kind(s.base[i], s.len[i] as u32, rng.random_range(0..2u128))
            };
            let (mut a, mut b) = (s, s);
            a.push(i, k);
            b.push_simple(i, k);
            assert_eq!(a, b, "push {i} {k} on {s:?}");
            if s.len[i] > 0 {
                if end <= 64 {
                    low += 1
                } else {
                    high += 1
                }
                cross += (s.offset(i) < 64 && end > 64) as u32;
            }
        }
        if s.len[i] > 0 {
            let (mut a, mut b) = (s, s);
            assert_eq!(a.pop(i), b.pop_simple(i));
            assert_eq!(a, b, "pop {i} on {s:?}");
            lone += (s.len[i] == 1) as u32;
        }
    }
    assert!(
        low > 5_000 && high > 1_000 && cross > 100 && lone > 1_000,
        "{low} low, {high} high, {cross} across, {lone} lone"
    );
    for b in 0..52u8 {
        for j in 2..30u32 {
            for bit in 0..2u128 {
                let k = chain_kind(b, j, bit);
                for under in 0..2u128 {
                    assert_eq!(UNDER[2 * k as usize + under as usize], chain_kind(b, j - 1, under));
                }
            }
        }
    }
}

/// `waste_top` from the mask table equals its shift form for every `dealt` (0..=255) and
/// random `removed` masks, so does `stock_next_of` (every `dealt` below 128, sequence
/// lengths around the word boundary and beyond), and `offset` from `LENS_BELOW` the plain
/// sum for every pile of random lengths (each waste and stock answer, empty or not, in
/// either half, must occur).
#[test]
fn table_masks_equal_the_shifts() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let (mut none, mut low, mut high) = (0, 0, 0);
    let (mut stock_none, mut stock_low, mut stock_high) = (0, 0, 0);
    for _ in 0..2_000 {
        let density = rng.random_range(0.0..1.0);
        let mut s = QueenState::default();
        for p in 0..96 {
            if rng.random_bool(density) {
                s.removed |= 1 << p;
            }
        }
        for d in 0..=255u8 {
            s.dealt = d;
            let w = waste_top_of(d, s.removed);
            assert_eq!(w, s.waste_top_simple(), "{d} {:x}", s.removed);
            match w {
                None => none += 1,
                Some(p) if p >= 64 => high += 1,
                _ => low += 1,
            }
            if d < 128 {
                for n in [
                    0,
                    1,
                    d,
                    d.saturating_add(1),
                    63,
                    64,
                    65,
                    89,
                    96,
                    127,
                    128,
                    200,
                    255,
                    rng.random_range(0..=255u8),
                ] {
                    let st = stock_next_of(d, s.removed, n);
                    assert_eq!(
                        st,
                        stock_next_of_simple(d, s.removed, n),
                        "{d} {n} {:x}",
                        s.removed
                    );
                    match st {
                        None => stock_none += 1,
                        Some(p) if p >= 64 => stock_high += 1,
                        _ => stock_low += 1,
                    }
                }
            }
        }
        for i in 0..MAX_ROWS {
            s.len[i] = rng.random_range(0..14);
        }
        for i in 0..MAX_ROWS {
            assert_eq!(s.offset_of_lens(i), s.offset_simple(i), "{i} {:?}", s.len);
        }
    }
    assert!(none > 10_000 && low > 10_000 && high > 10_000, "{none} {low} {high}");
    assert!(
        stock_none > 10_000 && stock_low > 10_000 && stock_high > 10_000,
        "{stock_none} {stock_low} {stock_high}"
    );
}

#[test]
fn fast_pile_sort_equals_the_simple_one() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut checked = 0;
    for _ in 0..3_000 {
        // Random piles built down in alternating colours (repeated bottoms included: two
        // decks), empty piles among them, up to 13 cards a pile.
        let mut s = QueenState::default();
        let rows = rng.random_range(1..=MAX_ROWS);
        for i in 0..rows {
            if rng.random_bool(0.2) {
                continue;
            }
            // Few distinct bottoms, so equal bottoms (and equal piles) are common.
            let base = rng.random_range(0..6u8);
            s.push(i, base);
            for j in 1..=rng.random_range(0..13u32) {
                s.push(i, chain_kind(base, j, rng.random_range(0..2u128)));
            }
        }
        assert_eq!(s.with_sorted_piles(rows), s.with_sorted_piles_simple(rows), "{s:?}");
        checked += 1;
    }
    assert_eq!(checked, 3_000);
}
