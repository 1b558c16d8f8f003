//! The straightforward forms the mask ones replaced, kept as their references (the dead tests
//! are also the Crazy Quilt family's), and the tests that compare them.

use super::*;
use crate::cardseq::SEQ_CAP;
use rand::{RngExt, SeedableRng};

/// No waste position: no rank blocks that route (the plain waste test).
const NEVER: u8 = u8::MAX;

impl Homes {
    /// The loop [`Homes::of`] replaced (test reference).
    fn of_reference(f: Foundations) -> Homes {
        let (mut up, mut down) = (0u64, 0u64);
        for suit in 0..4 {
            let u = f.count(suit).min(13) as u32;
            let d = f.count(4 + suit).min(13) as u32;
            up |= ((1u64 << u) - 1) << (13 * suit);
            down |= (((1u64 << d) - 1) << (13 - d)) << (13 * suit);
        }
        let (up_open, down_open) = (ALL_KINDS & !up, ALL_KINDS & !down);
        Homes { up, down, up_open, down_open, rem1: up ^ down, rem2: up_open & down_open }
    }
}

/// The candidates' masks (before the `in_stock` filter) as [`stock_dead`] computed them suit by
/// suit before [`fill_up`] and [`fill_down`] did it for all four suits at once (test reference).
fn can_masks_reference(homes: &Homes, late: u64, exact: u64) -> (u64, u64) {
    let (mut up_can, mut down_can) = (homes.up, homes.down);
    for suit in 0..4 {
        let sh = 13 * suit;
        let field = |m: u64| (m >> sh) & 0x1FFF;
        let (l, e) = (field(late & homes.up_open), field(exact & homes.up_open));
        let q = e & !(l ^ l.wrapping_sub(1));
        let q = q & q.wrapping_neg();
        up_can |= (0x1FFF & !((q << 1).wrapping_sub(1)) & ((q != 0) as u64).wrapping_neg()) << sh;
        let (l, e) = (field(late & homes.down_open), field(exact & homes.down_open));
        if l != 0 {
            let q = e & ((1u64 << (63 - l.leading_zeros())) - 1);
            if q != 0 {
                down_can |= ((1u64 << (63 - q.leading_zeros())) - 1) << sh;
            }
        }
    }
    (up_can, down_can)
}

/// The dead-position tests of the module notes, straightforwardly: the references of the mask
/// ones.
impl Foundations {
    /// The stock test of the module notes. O(52 + 13 · stock).
    pub(crate) fn stock_lands_on_blocker_simple(self, seq: &CardSeq, waste: usize) -> bool {
        let n = seq.len();
        if n <= waste {
            return false;
        }
        // Per kind: copies in the sequence, the earliest availability of a copy, the last index.
        let mut in_seq = [0u8; 52];
        let mut first_avail = [u8::MAX; 52];
        let mut last_index = [0u8; 52];
        for i in 0..n {
            let k = seq.get(i).index() as usize;
            in_seq[k] += 1;
            first_avail[k] = first_avail[k].min(if i < waste { 0 } else { i as u8 });
            last_index[k] = i as u8;
        }
        // up_ready[k] / down_ready[k]: lower bound on when k can be placed up / down (E above).
        let mut up_ready = [u8::MAX; 52];
        let mut down_ready = [u8::MAX; 52];
        for suit in 0..4usize {
            let (u, d) = (self.count(suit), self.count(4 + suit));
            let base = suit * 13;
            let avail = |q: u8| {
                let k = base + q as usize;
                // A copy outside the sequence (a reserve or the quilt) is available now.
                if in_seq[k] < self.remaining(Kind::from_index(k as u8)) {
                    0
                } else {
                    first_avail[k]
                }
            };
            let mut e = 0u8;
            for q in u.min(13)..13 {
                e = e.max(avail(q));
                up_ready[base + q as usize] = e;
            }
            if d < 13 {
                let mut e = 0u8;
                for q in (0..=12 - d).rev() {
                    e = e.max(avail(q));
                    down_ready[base + q as usize] = e;
                }
            }
        }
        // q blocks a card dealt at index t on a route when every remaining copy of q lies
        // before t and q cannot be placed on that route before t.
        let buried_before = |k: usize, ready: u8, t: usize| {
            let remaining = self.remaining(Kind::from_index(k as u8));
            remaining > 0
                && in_seq[k] == remaining
                && (last_index[k] as usize) < t
                && ready as usize > t
        };
        (waste..n).any(|t| {
            let y = seq.get(t);
            let (suit, r) = (y.suit() as usize, y.rank());
            let (u, d) = (self.count(suit), self.count(4 + suit));
            let base = suit * 13;
            let up_blocked = u > r
                || (u..r).any(|q| buried_before(base + q as usize, up_ready[base + q as usize], t));
            let down_blocked = r + d > 12
                || (r + 1..=12 - d)
                    .any(|q| buried_before(base + q as usize, down_ready[base + q as usize], t));
            up_blocked && down_blocked
        })
    }

    /// The dead-position test for a waste `seq[0..waste]` that has become a pure stack (see the
    /// module notes). O(waste + 52).
    pub(crate) fn waste_stack_is_dead_simple(self, seq: &CardSeq, waste: usize) -> bool {
        if waste < 2 {
            return false;
        }
        // Copies of each kind in the waste, and the highest waste position holding one.
        let mut in_waste = [0u8; 52];
        let mut top_pos = [0u8; 52];
        for j in 0..waste {
            let k = seq.get(j).index() as usize;
            in_waste[k] += 1;
            top_pos[k] = j as u8;
        }
        // up_first[k] / down_first[k]: the lowest waste position whose card must be placed on
        // the up / down foundation before k (all remaining copies of some needed rank lie in the
        // waste, the highest of them there); NEVER when no such rank exists.
        let mut up_first = [NEVER; 52];
        let mut down_first = [NEVER; 52];
        for suit in 0..4usize {
            let (u, d) = (self.count(suit), self.count(4 + suit));
            let base = suit * 13;
            // The position below which every remaining copy of (suit, q) lies, if all of them
            // are in the waste.
            let blocker = |q: u8| {
                let k = base + q as usize;
                let remaining = self.remaining(Kind::from_index(k as u8));
                if remaining > 0 && in_waste[k] == remaining { top_pos[k] } else { NEVER }
            };
            // The up route of rank r needs ranks u..r-1: a running minimum from u upwards.
            let mut m = NEVER;
            for r in u.min(13)..13 {
                up_first[base + r as usize] = m;
                m = m.min(blocker(r));
            }
            // The down route of rank r needs ranks r+1..=12-d: a running minimum from 12-d down.
            if d < 13 {
                let mut m = NEVER;
                for r in (0..=12 - d).rev() {
                    down_first[base + r as usize] = m;
                    m = m.min(blocker(r));
                }
            }
        }
        (1..waste).any(|j| {
            let x = seq.get(j);
            let (suit, r) = (x.suit() as usize, x.rank());
            let (u, d) = (self.count(suit), self.count(4 + suit));
            let k = x.index() as usize;
            let up_blocked = u > r || (up_first[k] as usize) < j;
            let down_blocked = r + d > 12 || (down_first[k] as usize) < j;
            up_blocked && down_blocked
        })
    }
}

/// The table-driven [`Homes::of`] equals the loop it replaced on every foundation word
/// pattern that matters: each nibble 0..=15 in each of the eight positions, and random words.
#[test]
fn homes_from_tables_match_the_loop() {
    for f in 0..8 {
        for n in 0..16u32 {
            let word = Foundations(0x5A3C_96E1 & !(0xF << (4 * f)) | n << (4 * f));
            assert_eq!(Homes::of(word), Homes::of_reference(word), "{word:?}");
        }
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..100_000 {
        let word = Foundations(rng.random::<u32>());
        assert_eq!(Homes::of(word), Homes::of_reference(word), "{word:?}");
    }
}

/// The masks from byte counts ([`Copies::of_counts`], and its portable form on every target)
/// and the sum of two count masks ([`Copies::plus`]) equal adding each copy with
/// [`Copies::add`]: on 200,000 random multisets of up to SEQ_CAP cards over 4, 16, 52 or 64
/// kinds (so counts from 0 to 96), split at random into two parts.
#[test]
fn copies_from_counts_match_adding_each_copy() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0xc0_71e5);
    let mut seen = [0usize; 4];
    for _ in 0..200_000 {
        let kinds = [4, 16, 52, 64][rng.random_range(0..4usize)];
        let n = rng.random_range(0..=SEQ_CAP);
        let split = rng.random_range(0..=n);
        let (mut counts, mut low_counts) = ([0u8; 64], [0u8; 64]);
        let (mut all, mut low, mut high) =
            (Copies::default(), Copies::default(), Copies::default());
        for i in 0..n {
            let k = rng.random_range(0..kinds);
            counts[k] += 1;
            all.add(k);
            if i < split {
                low_counts[k] += 1;
                low.add(k);
            } else {
                high.add(k);
            }
        }
        assert_eq!(Copies::of_counts(&counts), all, "{counts:?}");
        assert_eq!(Copies::of_counts_swar(&counts), all, "{counts:?}");
        assert_eq!(Copies::of_counts(&low_counts), low, "{low_counts:?}");
        assert_eq!(low.plus(high), all, "{counts:?} split at {split}");
        assert_eq!(high.plus(low), all, "{counts:?} split at {split}");
        // Some kind with exactly one, exactly two, at least three copies; some missing.
        seen[0] += (all.one != all.two) as usize;
        seen[1] += (all.two != all.three) as usize;
        seen[2] += (all.three != 0) as usize;
        seen[3] += (all.one != u64::MAX) as usize;
    }
    // Each count class occurs often.
    assert!(seen.iter().all(|&c| c > 50_000), "{seen:?}");
}

/// [`can_masks`] (all suits at once) equals the suit-by-suit form it replaced, on 1,000,000
/// random foundations and late / exact masks (dense, sparse, and one or two kinds a suit).
#[test]
fn candidate_masks_match_the_suit_by_suit_form() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0xca_4d1d);
    let mut nonempty = [0usize; 2];
    for _ in 0..1_000_000 {
        let homes = Homes::of(Foundations(rng.random::<u32>()));
        let mut mask = || match rng.random_range(0..3) {
            0 => rng.random::<u64>() & ALL_KINDS,
            1 => rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>() & ALL_KINDS,
            _ => (1u64 << rng.random_range(0..52)) | (1u64 << rng.random_range(0..52)),
        };
        let (late, exact) = (mask(), mask());
        let got = can_masks(&homes, late, exact);
        assert_eq!(
            got,
            can_masks_reference(&homes, late, exact),
            "{homes:?} late {late:x} exact {exact:x}"
        );
        nonempty[0] += (got.0 != homes.up) as usize;
        nonempty[1] += (got.1 != homes.down) as usize;
    }
    // Both fills add kinds often.
    assert!(nonempty.iter().all(|&c| c > 100_000), "{nonempty:?}");
}

/// The mask implementations of the two dead-position tests return exactly what their
/// straightforward references return: on 200,000 random consistent positions (foundation
/// counts 0..=13 per pile, a sequence of at most the copies not yet home, a random waste
/// split), weighted towards nearly full foundations and short sequences where the tests fire,
/// and on 50,000 arbitrary inputs (any counts up to 15, any kinds and copies); four waste
/// splits each, so 1,000,000 comparisons of each test (and of [`Foundations::last_pass_is_dead`]).
#[test]
fn mask_dead_tests_match_their_references() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5eed_dead);
    let (mut waste_dead, mut stock_dead, mut cases) = (0usize, 0usize, 0usize);
    for case in 0..250_000 {
        let arbitrary = case >= 200_000;
        let mut f = Foundations::default();
        let lo = if arbitrary { 0 } else { [0, 4, 8, 10][rng.random_range(0..4usize)] };
        let hi = if arbitrary { 15 } else { 13 };
        for pile in 0..8 {
            f.set(pile, rng.random_range(lo..=hi));
        }
        let mut kinds: Vec<u8> = Vec::new();
        if arbitrary {
            let len = rng.random_range(0..=SEQ_CAP);
            kinds.extend((0..len).map(|_| rng.random_range(0..52u8)));
        } else {
            // The copies not yet home, shuffled; a random prefix is the sequence (the other
            // copies lie outside it, in a reserve or the quilt).
            for k in 0..52u8 {
                for _ in 0..f.remaining(Kind::from_index(k)) {
                    kinds.push(k);
                }
            }
            for i in (1..kinds.len()).rev() {
                kinds.swap(i, rng.random_range(0..=i));
            }
            let cap = kinds.len().min(SEQ_CAP);
            let len = if rng.random_bool(0.5) { cap } else { rng.random_range(0..=cap) };
            kinds.truncate(len);
        }
        let mut seq = CardSeq::default();
        for &k in &kinds {
            seq.push(Kind::from_index(k));
        }
        let n = kinds.len();
        for _ in 0..4 {
            let waste = rng.random_range(0..=n + 1);
            let w = f.waste_stack_is_dead_simple(&seq, waste);
            let st = f.stock_lands_on_blocker_simple(&seq, waste);
            assert_eq!(
                f.waste_stack_is_dead(&seq, waste),
                w,
                "waste: {f:?} {kinds:?} waste {waste}"
            );
            assert_eq!(
                f.stock_lands_on_blocker(&seq, waste),
                st,
                "stock: {f:?} {kinds:?} waste {waste}"
            );
            for stock_lands in [false, true] {
                let both = w || (stock_lands && st);
                assert_eq!(
                    f.last_pass_is_dead(&seq, waste, stock_lands),
                    both,
                    "both: {f:?} {kinds:?} waste {waste}"
                );
            }
            cases += 1;
            waste_dead += w as usize;
            stock_dead += st as usize;
        }
    }
    eprintln!("{cases} cases: waste dead in {waste_dead}, stock dead in {stock_dead}");
    // Both answers occur often enough for the comparison to mean something.
    assert!(
        waste_dead > cases / 20 && waste_dead < cases - cases / 20,
        "waste dead in {waste_dead} of {cases}"
    );
    assert!(
        stock_dead > cases / 20 && stock_dead < cases - cases / 20,
        "stock dead in {stock_dead} of {cases}"
    );
}
