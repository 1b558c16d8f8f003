//! Move generation and play for the Algerian family (RULES.md §4 "Moves").
//!
//! Moves name STORED piles (see `state.rs`); `action` translates them to physical names.
//! Generation order (the calibration study found it decisive): reserve → foundation, depot →
//! foundation, reserve → depot, depot → depot, → empty depot, → empty reserve, deal, and last the
//! moves out of a foundation (to another foundation or to a depot).

use super::state::{AlgerianState, DEPOTS, PILES, RESERVES};
use super::{Algerian, AlgerianRules, DepotBuilding, NO_KIND, ReserveSpace};
use crate::bits::bits;
use crate::card::Kind;
use crate::game::{
    Action, Game, MAX_MOVES, MoveList, MoveOut, MoveWindow, Notation, Pile, PlayerView, Pruning,
    WindowFill,
};

/// A pile, by its stored index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    Depot(u8),
    Reserve(u8),
    Foundation(u8),
}

impl Spot {
    /// The stored pile a depot or reserve spot names (depots 0..8, reserves 8..14); `None` for a
    /// foundation.
    #[inline(always)]
    pub(super) fn pile(self) -> Option<usize> {
        match self {
            Spot::Depot(d) => Some(d as usize),
            Spot::Reserve(r) => Some(DEPOTS + r as usize),
            Spot::Foundation(_) => None,
        }
    }
}

/// `flags`: [`SYM`] — made under symmetry pruning, so `play` stores the child in canonical
/// form; [`POR`] — made under the partial-order reduction, so a foundation transfer opens a run
/// (`prune.rs`). A move without flags changes the position literally.
///
/// Eight bytes, aligned (its five bytes of fields padded): a move is then written to a move
/// list and read back from the solver's arena by one 64-bit store or load, where five bytes
/// took two of each and a shift. The generator writes some nine moves a position, most of
/// which the search never plays (1.6% of Algerian's instructions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(8))]
pub enum AlgerianMove {
    Card { from: Spot, to: Spot, flags: u8 },
    Deal { flags: u8 },
}

/// The arena's filler (`Game::Move`'s `Default`), never played.
impl Default for AlgerianMove {
    fn default() -> Self {
        AlgerianMove::Deal { flags: 0 }
    }
}

pub const SYM: u8 = 1;
pub const POR: u8 = 2;

impl AlgerianMove {
    /// The move with no pruning flags (a literal move).
    pub fn card(from: Spot, to: Spot) -> Self {
        AlgerianMove::Card { from, to, flags: 0 }
    }
    pub fn flags(self) -> u8 {
        match self {
            AlgerianMove::Card { flags, .. } | AlgerianMove::Deal { flags } => flags,
        }
    }
    /// The same move without its pruning flags.
    pub fn literal(self) -> Self {
        match self {
            AlgerianMove::Card { from, to, .. } => AlgerianMove::Card { from, to, flags: 0 },
            AlgerianMove::Deal { .. } => AlgerianMove::Deal { flags: 0 },
        }
    }
}

/// A move list (or a window of the search's arena) that remembers whether a push failed for
/// want of room. `FILTER`: whether `run` may be set (a constant, so that the generator of a
/// position outside a run, nearly every one, tests nothing per move).
struct Sink<'a, O: MoveOut<AlgerianMove>, const FILTER: bool> {
    out: &'a mut O,
    full: bool,
    /// Partial-order run filter: `Some((from, [a, b]))` after a transfer from foundation `from`
    /// between the suit's foundations `a`, `b`.
    run: Option<(u8, [u8; 2])>,
    /// The flags of every move made ([`SYM`], [`POR`]: `move_flags`).
    flags: u8,
}

impl<O: MoveOut<AlgerianMove>, const FILTER: bool> Sink<'_, O, FILTER> {
    #[inline]
    fn push(&mut self, m: AlgerianMove) {
        if FILTER && let Some((from_f, pair)) = self.run {
            // Inside a run only moves depending on it are generated (see `prune.rs`): the same
            // transfer again, or a card moved onto or off one of the suit's two foundations
            // (never the reverse transfer, which would undo the last one).
            let touches = |sp: Spot| matches!(sp, Spot::Foundation(f) if pair.contains(&f));
            let keep = match m {
                AlgerianMove::Card {
                    from: Spot::Foundation(a), to: Spot::Foundation(_), ..
                } => a == from_f,
                AlgerianMove::Card { from, to, .. } => touches(from) || touches(to),
                AlgerianMove::Deal { .. } => false,
            };
            if !keep {
                return;
            }
        }
        if !self.out.put(m) {
            self.full = true;
        }
    }

    /// Pushes the card move `from` → `to` with the sink's flags.
    #[inline(always)]
    fn card(&mut self, from: Spot, to: Spot) {
        self.push(AlgerianMove::Card { from, to, flags: self.flags });
    }
}

/// The flags of the moves made under `pruning` (see [`AlgerianMove`]).
#[inline(always)]
fn move_flags(pruning: Pruning) -> u8 {
    (if pruning.symmetry { SYM } else { 0 }) | if pruning.partial_order { POR } else { 0 }
}

/// The stored pile `p` as a move's spot (depots 0..8, reserves 8..14).
#[inline(always)]
fn spot(p: usize) -> Spot {
    if p < DEPOTS { Spot::Depot(p as u8) } else { Spot::Reserve((p - DEPOTS) as u8) }
}

/// The sources of moves in generation order: reserves first, then depots.
const ORDER: [usize; PILES] = [8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5, 6, 7];
/// An empty pile's "top" indexes the generator's tables at slot 63, which no card fills.
const NO_CARD: usize = NO_KIND as usize;

/// The move-level symmetry reductions (`prune.rs`) that apply to a position.
#[derive(Clone, Copy)]
struct Reductions {
    /// Carthage (symmetry 3 of `prune.rs`): a card that both foundations of its suit take goes
    /// to the lower one only, of two equal foundations only the lower one's top moves, and no
    /// card moves between a suit's two foundations.
    one_foundation: bool,
    /// The depots are interchangeable: one empty depot is the target, and a lone depot card is
    /// not moved to an empty depot.
    depots: bool,
    /// The same for the reserves.
    reserves: bool,
}

/// What the generator reads of a position once before it lists any move, so that it answers
/// "who takes card k" from a small table indexed by kind: each source then costs a lookup and
/// a walk over the set bits of its takers.
struct Scan {
    /// `takers[k]`: bits 0..8 the depots whose top takes kind `k`; bits 8..16 the foundations
    /// that take it (slot `NO_CARD` stays 0: an empty pile or foundation gives nothing).
    takers: [u16; 64],
    /// Each foundation's top (kind index, `NO_CARD` if empty).
    found_top: [usize; 8],
    /// The sources with any taker, as bits over `ORDER` positions: the moves to foundations and
    /// non-empty depots visit only those, in the same order.
    live: u32,
    /// The empty piles (bit p).
    empty: u32,
}

impl Scan {
    /// The takers of source `ORDER[i]`'s top card (looked up again for a live source: most
    /// positions have few).
    #[inline(always)]
    fn source_takers(&self, s: &AlgerianState, i: usize) -> u16 {
        self.takers[s.tops[ORDER[i]] as usize & 63]
    }
}

/// Bit f set iff bit 4f of `x` is (the low bit of each of eight nibbles, gathered).
#[inline(always)]
fn pext_nibbles(x: u32) -> u32 {
    // Bits 0, 4, ..., 28 to bits 0..8: each step folds pairs of groups together.
    let x = x & 0x1111_1111;
    let x = (x | x >> 3) & 0x0303_0303;
    let x = (x | x >> 6) & 0x000F_000F;
    (x | x >> 12) & 0xFF
}

/// A slot of the `Scan::takers` table that no lookup reads (lookups use kinds 0..52 and 63).
const DUMP: u8 = 62;

/// `BUILDERS_*[t]`: the two kinds that may be put on a depot whose top is kind `t` (DUMP where
/// there is none): same suit, one rank up and one down, with wrap (algerian, parlett); or only one
/// rank down, no wrap (carthage). Checked against the rule (`builds_on`, `moves/tests.rs`) by a
/// test.
/// (64 rows, the last 12 all DUMP, so that a lookup by any 6-bit index needs no bounds check.)
pub(super) const BUILDERS_WRAP: [[u8; 2]; 64] = builders(false);
pub(super) const BUILDERS_DOWN: [[u8; 2]; 64] = builders(true);

const fn builders(down_only: bool) -> [[u8; 2]; 64] {
    let mut t = [[DUMP; 2]; 64];
    let mut k = 0;
    while k < 52 {
        let (base, r) = (k - k % 13, k % 13);
        if down_only {
            if r > 0 {
                t[k][0] = (k - 1) as u8;
            }
        } else {
            t[k] = [
                (base + if r == 12 { 0 } else { r + 1 }) as u8,
                (base + if r == 0 { 12 } else { r - 1 }) as u8,
            ];
        }
        k += 1;
    }
    t
}

impl Algerian {
    /// Whether foundation `f` accepts `k` now.
    #[inline]
    pub(super) fn foundation_accepts(&self, s: &AlgerianState, f: usize, k: Kind) -> bool {
        self.next_kind[f][s.height(f) as usize & 15] == k.index()
    }
    #[inline]
    pub(super) fn foundation_top(&self, s: &AlgerianState, f: usize) -> Option<Kind> {
        let h = s.height(f);
        (h > 0).then(|| Kind::from_index(self.top_kind[f][h as usize & 15]))
    }
    /// The two foundations of `suit` (stored indices).
    #[inline]
    pub(super) fn suit_foundations(&self, suit: u8) -> [u8; 2] {
        if self.rules.paired_foundations() { [2 * suit, 2 * suit + 1] } else { [suit, 4 + suit] }
    }
    /// Whether a card may go to an empty reserve now.
    #[inline]
    pub(super) fn reserve_space_open(&self, s: &AlgerianState) -> bool {
        match self.rules.reserve_space {
            ReserveSpace::Any => true,
            ReserveSpace::AfterStock => self.stock_left(s) == 0,
            ReserveSpace::Never => false,
        }
    }

    /// Appends all moves of `s` to `out` in generation order. `reduce`: apply the sound
    /// move-level symmetry reductions (`prune.rs`). Returns `false` if the list overflowed.
    ///
    /// Reads every pile top and foundation once, then answers "who takes card k" from two small
    /// tables indexed by kind (the depots whose top takes it, the foundations that take it), so
    /// each source costs a lookup and a walk over the set bits, in ascending pile order: the
    /// same moves in the same order as the plain `generate_simple` (`moves/tests.rs`).
    pub(super) fn generate(
        &self,
        s: &AlgerianState,
        pruning: Pruning,
        reduce: bool,
        out: &mut impl MoveOut<AlgerianMove>,
    ) -> bool {
        match self.run_filter(s, pruning) {
            run @ Some(_) => self.generate_into(
                s,
                reduce,
                Sink::<_, true> { out, full: false, run, flags: move_flags(pruning) },
            ),
            None => self.generate_into(
                s,
                reduce,
                Sink::<_, false> { out, full: false, run: None, flags: move_flags(pruning) },
            ),
        }
    }

    /// The sink's run filter for `s` (`Sink::run`): `Some` inside a run of the partial-order
    /// reduction, with the foundation the last transfer left and its suit's two foundations.
    #[inline]
    fn run_filter(&self, s: &AlgerianState, pruning: Pruning) -> Option<(u8, [u8; 2])> {
        (pruning.partial_order && s.run != 0).then(|| {
            let from = s.run - 1;
            (from, self.suit_foundations(self.rules.foundation_card(from as usize, 0).suit()))
        })
    }

    /// [`Self::generate`] into `sink` (its run filter and flags set): the moves in generation
    /// order, each kind of move by its own function below, from what one scan of the position
    /// found. `#[inline(always)]` throughout: one body, as when it was written in one piece.
    #[inline(always)]
    fn generate_into<O: MoveOut<AlgerianMove>, const FILTER: bool>(
        &self,
        s: &AlgerianState,
        reduce: bool,
        mut sink: Sink<'_, O, FILTER>,
    ) -> bool {
        let paired = self.rules.paired_foundations();
        let sym = Reductions {
            one_foundation: reduce && paired,
            depots: reduce && self.depots_interchangeable(s),
            reserves: reduce && self.reserves_interchangeable(s),
        };
        let scan = self.scan(s);
        self.pile_to_foundation_moves(&scan, s, sym, &mut sink);
        self.pile_to_depot_moves(&scan, s, &mut sink);
        self.to_empty_depot_moves(&scan, s, sym, &mut sink);
        self.to_empty_reserve_moves(&scan, s, sym, &mut sink);
        if self.stock_left(s) > 0 {
            sink.push(AlgerianMove::Deal { flags: sink.flags });
        }
        self.foundation_moves(&scan, s, paired, sym, &mut sink);
        !sink.full
    }

    /// Reads every pile top and foundation of `s` once (see [`Scan`]).
    #[inline(always)]
    fn scan(&self, s: &AlgerianState) -> Scan {
        // Pile tops (kind index, NO_CARD if empty), as the state keeps them, and the empty
        // piles (bit p).
        let tops = &s.tops;
        let empty = s.empty_piles();
        let mut takers = [0u16; 64];
        let builders = match self.rules.shape.depots {
            DepotBuilding::Down => &BUILDERS_DOWN,
            DepotBuilding::UpOrDownWrapping => &BUILDERS_WRAP,
        };
        for (d, &t) in tops[..DEPOTS].iter().enumerate() {
            // (Indices masked to 6 bits: every table index is below 64, and the mask lets the
            // compiler drop the bounds checks. An empty depot's top, NO_KIND, has builders
            // DUMP: it marks a slot no lookup reads, with no test.)
            let [x, y] = builders[t as usize & 63];
            takers[x as usize & 63] |= 1 << d;
            takers[y as usize & 63] |= 1 << d;
        }
        // (A full foundation's next card and an empty one's top are NO_KIND = NO_CARD: slot 63,
        // which no pile top or foundation top reads as a card.)
        let mut found_top = [NO_CARD; 8];
        for (f, top) in found_top.iter_mut().enumerate() {
            let h = s.height(f) as usize;
            takers[self.next_kind[f][h & 15] as usize & 63] |= 1 << (8 + f);
            *top = self.top_kind[f][h & 15] as usize;
        }
        takers[NO_CARD] = 0;
        let mut live = 0u32;
        for (i, &p) in ORDER.iter().enumerate() {
            live |= ((takers[tops[p] as usize & 63] != 0) as u32) << i;
        }
        Scan { takers, found_top, live, empty }
    }

    /// 1, 2: reserve / depot top → foundation. The foundations that take a card are of its
    /// suit, at most its two (a < b), so the set bits in ascending order are "a, then b".
    /// Carthage, equal heights: both accept; the children are mirror images (prune.rs,
    /// symmetry 3), so one is enough: the lower.
    #[inline(always)]
    fn pile_to_foundation_moves<O: MoveOut<AlgerianMove>, const FILTER: bool>(
        &self,
        scan: &Scan,
        s: &AlgerianState,
        sym: Reductions,
        sink: &mut Sink<'_, O, FILTER>,
    ) {
        for i in bits(scan.live) {
            let (p, mut m) = (ORDER[i], scan.source_takers(s, i) >> 8);
            if sym.one_foundation {
                m &= m.wrapping_neg();
            }
            for f in bits(m) {
                sink.card(spot(p), Spot::Foundation(f as u8));
            }
        }
    }

    /// 3, 4: reserve / depot top → a non-empty depot (never its own: no card takes itself).
    #[inline(always)]
    fn pile_to_depot_moves<O: MoveOut<AlgerianMove>, const FILTER: bool>(
        &self,
        scan: &Scan,
        s: &AlgerianState,
        sink: &mut Sink<'_, O, FILTER>,
    ) {
        for i in bits(scan.live) {
            let p = ORDER[i];
            for d in bits(scan.source_takers(s, i) & 0xFF) {
                sink.card(spot(p), Spot::Depot(d as u8));
            }
        }
    }

    /// 5: → an empty depot (a source is never empty, so never its own target).
    // A pile index reads its length and names a bit, so the loop runs over indices.
    #[allow(clippy::needless_range_loop)]
    #[inline(always)]
    fn to_empty_depot_moves<O: MoveOut<AlgerianMove>, const FILTER: bool>(
        &self,
        scan: &Scan,
        s: &AlgerianState,
        sym: Reductions,
        sink: &mut Sink<'_, O, FILTER>,
    ) {
        let empty_depots = scan.empty & 0xFF;
        if empty_depots == 0 {
            return;
        }
        let targets =
            if sym.depots { empty_depots & empty_depots.wrapping_neg() } else { empty_depots };
        // The sources: every non-empty pile (a lone depot card moved to another empty depot
        // only renames depots), walked by their bits over ORDER positions (reserves 8..14
        // are positions 0..6, depots 0..8 positions 6..14).
        let mut srcs = !scan.empty & ((1 << PILES) - 1);
        if sym.depots {
            for d in 0..DEPOTS {
                srcs &= !(((s.lens[d] == 1) as u32) << d);
            }
        }
        for i in bits(srcs >> DEPOTS | (srcs & 0xFF) << RESERVES) {
            let p = ORDER[i];
            for d in bits(targets) {
                sink.card(spot(p), Spot::Depot(d as u8));
            }
        }
    }

    /// 6: → an empty reserve (one card only; RULES.md §4 reserve_space).
    #[inline(always)]
    fn to_empty_reserve_moves<O: MoveOut<AlgerianMove>, const FILTER: bool>(
        &self,
        scan: &Scan,
        s: &AlgerianState,
        sym: Reductions,
        sink: &mut Sink<'_, O, FILTER>,
    ) {
        let empty_reserves = scan.empty >> DEPOTS;
        if empty_reserves == 0 || !self.reserve_space_open(s) {
            return;
        }
        let targets = if sym.reserves {
            empty_reserves & empty_reserves.wrapping_neg()
        } else {
            empty_reserves
        };
        // The sources: every non-empty pile (a lone reserve card moved to another empty
        // reserve only renames reserves), walked by their bits.
        let mut srcs = !scan.empty & ((1 << PILES) - 1);
        if sym.reserves {
            for r in DEPOTS..PILES {
                srcs &= !(((s.lens[r] == 1) as u32) << r);
            }
        }
        for p in bits(srcs) {
            for r in bits(targets) {
                sink.card(spot(p), Spot::Reserve(r as u8));
            }
        }
    }

    /// 8: foundation top → the suit's other foundation ("foundations meet"), → a depot.
    // A foundation index reads three per-foundation arrays, so the loop runs over indices.
    #[allow(clippy::needless_range_loop)]
    #[inline(always)]
    fn foundation_moves<O: MoveOut<AlgerianMove>, const FILTER: bool>(
        &self,
        scan: &Scan,
        s: &AlgerianState,
        paired: bool,
        sym: Reductions,
        sink: &mut Sink<'_, O, FILTER>,
    ) {
        let empty_depots = scan.empty & 0xFF;
        let dep_targets =
            if sym.depots { empty_depots & empty_depots.wrapping_neg() } else { empty_depots };
        // The other foundation of f's suit (carthage: F_{2s} and F_{2s+1}; else F_s and F_{s+4}).
        let others: &[u8; 8] =
            if paired { &[1, 0, 3, 2, 5, 4, 7, 6] } else { &[4, 5, 6, 7, 0, 1, 2, 3] };
        let to_depot = self.rules.foundation_to_depot;
        // Each foundation's takers that make a move (`others_bit[f]`: the other foundation of
        // its suit; Carthage: a transfer between a suit's two foundations only exchanges their
        // heights, so the child mirrors the parent (prune.rs, symmetry 3): never useful), and
        // the foundations with a move, as a bit mask: the loop below visits only those (most
        // positions have one or two), and this pass over all eight is branch-free. An empty
        // foundation's top is NO_CARD, whose takers are none.
        let others_bit: &[u16; 8] = if sym.one_foundation {
            &[0; 8]
        } else if paired {
            &[1 << 9, 1 << 8, 1 << 11, 1 << 10, 1 << 13, 1 << 12, 1 << 15, 1 << 14]
        } else {
            &[1 << 12, 1 << 13, 1 << 14, 1 << 15, 1 << 8, 1 << 9, 1 << 10, 1 << 11]
        };
        let depot_bits: u16 = if to_depot { 0xFF } else { 0 };
        let mut ftk = [0u16; 8];
        let mut fsrc = 0u32;
        for f in 0..8 {
            let t = scan.takers[scan.found_top[f] & 63] & (depot_bits | others_bit[f]);
            ftk[f] = t;
            fsrc |= ((t != 0) as u32) << f;
        }
        if to_depot && dep_targets != 0 {
            // Every non-empty foundation's top may go to the empty depot(s).
            let heights = s.found | s.found >> 1 | s.found >> 2 | s.found >> 3;
            fsrc |= pext_nibbles(heights);
        }
        for f in bits(fsrc) {
            if sym.one_foundation && f & 1 == 1 && s.height(f - 1) == s.height(f) {
                // Equal Carthage foundations have equal tops: the moves from F_b (b = 2s + 1)
                // mirror F_a's.
                continue;
            }
            let t = ftk[f & 7];
            if t >> 8 != 0 {
                sink.card(Spot::Foundation(f as u8), Spot::Foundation(others[f & 7]));
            }
            // The depots whose top takes the card (bits 0..8), then the empty depots (8..16).
            for d in bits((t & 0xFF) as u32 | if to_depot { dep_targets << 8 } else { 0 }) {
                sink.card(Spot::Foundation(f as u8), Spot::Depot((d & 7) as u8));
            }
        }
    }

    /// Stores `s` in canonical form where its symmetries allow (see `prune.rs`).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) fn canonicalise(&self, s: &mut AlgerianState) {
        self.recanonicalise(s, (1 << PILES) - 1);
    }

    /// [`Self::canonicalise`] for a position whose stored piles outside `dirty` (bit p: stored
    /// pile p) are those of a canonical position with the same stock size: only the dirty piles
    /// need re-placing in their groups (a group without dirty piles is still sorted).
    #[inline]
    fn recanonicalise(&self, s: &mut AlgerianState, dirty: u32) {
        let (dep, res) = (dirty & 0xFF, dirty >> DEPOTS);
        if dep != 0 && self.depots_interchangeable(s) {
            s.resort_group(0, DEPOTS, dep);
        }
        if res != 0 && self.reserves_interchangeable(s) {
            s.resort_group(DEPOTS, RESERVES, res);
        }
        if self.rules.paired_foundations() {
            s.order_carthage_foundations();
        }
        s.set_sorted(true);
    }

    /// What a deal does now (RULES.md §4): `(true, 8)`, the last 8 cards, one to each depot
    /// P0..P7 in order (not carthage); else `(false, n)`, the next n cards (at most 12: one to
    /// each reserve R0..R5, twice, fewer if the stock runs out), card j to reserve j mod 6.
    #[inline]
    pub(super) fn deal_plan(&self, s: &AlgerianState) -> (bool, usize) {
        let n = self.stock_left(s);
        if n == 8 && self.rules.shape.last_deal_to_depots {
            (true, 8)
        } else {
            (false, n.min(2 * RESERVES))
        }
    }

    /// `play`, given the child's class fingerprint when known (else computed whole at the end).
    fn play_known(&self, s: &mut AlgerianState, m: AlgerianMove, fp: Option<u128>) {
        // A card move changes only its source and target piles (and foundations), and not the
        // stock size, so a canonical parent's other piles stay in canonical order.
        let mut dirty: u32 = (1 << PILES) - 1;
        if s.sorted()
            && let AlgerianMove::Card { from, to, .. } = m
        {
            let bit = |sp: Spot| match sp.pile() {
                Some(p) => 1 << p,
                None => 0,
            };
            dirty = bit(from) | bit(to);
        }
        s.set_sorted(false);
        match m {
            AlgerianMove::Card {
                from: from @ (Spot::Depot(_) | Spot::Reserve(_)),
                to: to @ (Spot::Depot(_) | Spot::Reserve(_)),
                ..
            } => {
                // Pile to pile: one shift of the slots between the card and its new place.
                let pile = |sp: Spot| sp.pile().expect("a pile");
                s.move_top(pile(from), pile(to));
                s.run = 0;
            }
            AlgerianMove::Card { from, to, .. } => {
                let k = match from {
                    Spot::Depot(d) => s.pop(d as usize),
                    Spot::Reserve(r) => s.pop(DEPOTS + r as usize),
                    Spot::Foundation(f) => {
                        let k = self
                            .foundation_top(s, f as usize)
                            .expect("move from an empty foundation");
                        s.set_height(f as usize, s.height(f as usize) - 1);
                        k
                    }
                };
                match to {
                    Spot::Depot(d) => s.push(d as usize, k),
                    Spot::Reserve(r) => s.push(DEPOTS + r as usize, k),
                    Spot::Foundation(f) => {
                        debug_assert!(
                            self.foundation_accepts(s, f as usize, k),
                            "{k} does not fit F{f}"
                        );
                        s.set_height(f as usize, s.height(f as usize) + 1);
                    }
                }
                s.run = match (from, to) {
                    (Spot::Foundation(f), Spot::Foundation(_)) if m.flags() & POR != 0 => f + 1,
                    _ => 0,
                };
            }
            AlgerianMove::Deal { .. } => {
                let (to_depots, count) = self.deal_plan(s);
                let at = s.dealt as usize;
                // Deals address piles by index; the depots (reserves) are only ever reordered
                // once no deal to them remains (prune.rs), so stored and physical names agree.
                if to_depots {
                    debug_assert!((0..DEPOTS).all(|d| s.physical_pile(d) as usize == d));
                    for d in 0..DEPOTS {
                        s.push(d, self.stock[at + d]);
                    }
                    s.dealt += 8;
                } else {
                    debug_assert!((0..RESERVES).all(|r| s.physical_pile(DEPOTS + r) as usize == r));
                    for j in 0..count {
                        s.push(DEPOTS + j % RESERVES, self.stock[at + j]);
                    }
                    s.dealt += count as u8;
                }
                s.run = 0;
            }
        }
        if m.flags() & SYM != 0 {
            self.recanonicalise(s, dirty);
        }
        let fp = fp.unwrap_or_else(|| self.class_fingerprint(s));
        s.set_class_fp(fp);
    }

    fn spot_pile(&self, s: &AlgerianState, sp: Spot) -> Pile {
        match sp {
            Spot::Depot(d) => Pile::Tableau(s.physical_pile(d as usize)),
            Spot::Reserve(r) => Pile::Reserve(s.physical_pile(DEPOTS + r as usize)),
            Spot::Foundation(f) => Pile::Foundation(self.physical_foundation(s, f as usize)),
        }
    }
    fn spot_top(&self, s: &AlgerianState, sp: Spot) -> Option<Kind> {
        match sp {
            Spot::Depot(d) => s.top(d as usize),
            Spot::Reserve(r) => s.top(DEPOTS + r as usize),
            Spot::Foundation(f) => self.foundation_top(s, f as usize),
        }
    }
}

impl Game for Algerian {
    type State = AlgerianState;
    type Move = AlgerianMove;

    fn start(&self) -> AlgerianState {
        self.start
    }

    #[inline]
    fn is_won(&self, s: &AlgerianState) -> bool {
        s.found == 0xDDDD_DDDD
    }

    fn moves(&self, s: &AlgerianState, pruning: Pruning, out: &mut MoveList<AlgerianMove>) {
        out.clear();
        // MAX_MOVES bounds every Algerian position (see its comment), so this never fails.
        let fitted = self.generate(s, pruning, pruning.symmetry, out);
        assert!(fitted, "more than {MAX_MOVES} moves in one position");
        out.truncate(self.kept(out));
    }

    #[inline]
    fn moves_into(
        &self,
        s: &AlgerianState,
        pruning: Pruning,
        _scratch: &mut MoveList<AlgerianMove>,
        out: &mut MoveWindow<AlgerianMove>,
    ) -> usize {
        // Straight into the arena, no list to copy (`Game::moves_into`).
        let mut window = WindowFill { slots: out, len: 0 };
        let fitted = self.generate(s, pruning, pruning.symmetry, &mut window);
        assert!(fitted, "more than {MAX_MOVES} moves in one position");
        let n = window.len;
        self.kept(&out[..n])
    }

    #[inline(always)]
    fn copy_position(&self, dst: &mut AlgerianState, src: &AlgerianState) {
        // Field by field (the struct is 304 bytes: whole, a `memcpy` call of some 64
        // instructions); the pattern names every field, so a new one cannot be forgotten.
        let AlgerianState {
            words,
            lens,
            found,
            dealt,
            run,
            names,
            fp,
            tops,
            starts,
            bottoms,
            heads,
        } = src;
        (dst.words, dst.lens, dst.found, dst.dealt, dst.run, dst.names) =
            (*words, *lens, *found, *dealt, *run, *names);
        (dst.fp, dst.tops, dst.starts, dst.bottoms, dst.heads) =
            (*fp, *tops, *starts, *bottoms, *heads);
    }

    fn play(&self, s: &mut AlgerianState, m: AlgerianMove) {
        // The child's class fingerprint, from the parent's (key.rs); a deal's is computed whole.
        let fp = self.child_class_fingerprint(s, m);
        self.play_known(s, m, fp);
    }

    #[inline]
    fn play_fingerprinted(&self, s: &mut AlgerianState, m: AlgerianMove, fp: u128) {
        // `fp` came from `child_class_fingerprint`, whose lowest bit is always 0.
        self.play_known(s, m, Some(fp & !1));
    }

    #[inline]
    fn home_cards(&self, s: &AlgerianState) -> u32 {
        // The eight height nibbles summed in pairs into bytes, then the bytes by one multiply
        // (every partial sum is at most 104).
        let pairs = (s.found & 0x0F0F_0F0F) + ((s.found >> 4) & 0x0F0F_0F0F);
        pairs.wrapping_mul(0x0101_0101) >> 24
    }

    fn hash(&self, s: &AlgerianState) -> u64 {
        s.full_hash()
    }

    const CHILD_FINGERPRINTS: bool = true;

    #[inline]
    fn fingerprint(&self, s: &AlgerianState, symmetry: bool) -> u128 {
        if symmetry { s.class_fp() } else { s.fingerprint() }
    }

    #[inline]
    fn child_fingerprint(
        &self,
        s: &AlgerianState,
        m: AlgerianMove,
        symmetry: bool,
    ) -> Option<u128> {
        if symmetry { self.child_class_fingerprint(s, m) } else { None }
    }

    /// Without the foundation-to-depot move (`--no-foundation-to-depot`), where it is allowed:
    /// the same positions and moves but one kind fewer, and no move the rules make by
    /// themselves, so every line legal there is legal here. And the home-first streamliner
    /// (the rule of [`crate::game::keep_home_moves`], read off the list's head: [`Algerian::kept`]):
    /// where a pile's top can go home, only such moves are generated, which again only drops moves. It loses wins of its own (a card sent home may
    /// be the one a depot needed to take its next lower card), but carthage seeds 0..199 won 158
    /// with it against 136 without (`results/bench/decide-2026-12-05.md`).
    fn stricter(&self) -> Option<Algerian> {
        self.rules.foundation_to_depot.then(|| Algerian {
            rules: AlgerianRules { foundation_to_depot: false, ..self.rules },
            home_first: true,
            ..self.clone()
        })
    }

    /// The same moves (the two games share positions and `play`); checked to win here.
    fn lift_from_stricter(
        &self,
        _strict: &Algerian,
        moves: &[AlgerianMove],
    ) -> Option<Vec<AlgerianMove>> {
        crate::game::same_line_if_won(self, moves)
    }
}

impl Algerian {
    /// How many of `moves` (all of a position's, as `generate` lists them) this game keeps: all,
    /// or in the home-first streamliner (`home_first`) only the moves of a pile's top home where
    /// there are any. `generate` lists every such move first (`pile_to_foundation_moves`), so
    /// they are the list's head, and keeping them is truncating the list: one rule for
    /// `moves` and for the search's arena (`moves_into`).
    #[inline]
    fn kept(&self, moves: &[AlgerianMove]) -> usize {
        let home = |m: &&AlgerianMove| {
            matches!(
                m,
                AlgerianMove::Card {
                    from: Spot::Depot(_) | Spot::Reserve(_),
                    to: Spot::Foundation(_),
                    ..
                }
            )
        };
        let n = if self.home_first { moves.iter().take_while(home).count() } else { 0 };
        if n > 0 { n } else { moves.len() }
    }
}

impl PlayerView for Algerian {
    #[inline]
    fn unseen(&self, s: &AlgerianState) -> Vec<Kind> {
        self.stock[s.dealt as usize..self.stock_len as usize].to_vec()
    }

    fn with_unseen(&self, s: &AlgerianState, order: &[Kind]) -> (Self, AlgerianState) {
        assert_eq!(order.len(), self.stock_left(s), "a permutation of the unseen cards");
        let mut g = self.clone();
        g.stock[s.dealt as usize..self.stock_len as usize].copy_from_slice(order);
        (g, *s)
    }
}

impl Notation for Algerian {
    fn action(&self, s: &AlgerianState, m: AlgerianMove) -> Action {
        match m {
            AlgerianMove::Card { from, to, .. } => Action::Card {
                from: self.spot_pile(s, from),
                to: self.spot_pile(s, to),
                card: self.spot_top(s, from).expect("move from an empty pile"),
            },
            AlgerianMove::Deal { .. } => Action::Deal,
        }
    }
}

#[cfg(test)]
mod tests;
