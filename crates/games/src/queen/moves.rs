//! Moves of the Queen of Italy family: generation (best first), playing them with their forced
//! consequences, and the `Game` implementation.

use super::found::{Foundations, NEW_FOUNDATION};
use super::state::{CHILD_FP_BIT, DEAD_BIT, HOME_COUNT_AT, HOME_COUNT_MASK, NO_CARD, QueenState};
use super::{Queen, QueenRules, QueenShape, tableau_accepts};
use crate::bits::bits;
use crate::card::Kind;
use crate::game::{Action, Game, MoveList, Notation, Pile, PlayerView, Pruning};

/// Where a card is taken from or put.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Pile(u8),
    Waste,
    Terrace,
    /// As a destination: the foundations (any one that takes the card: they are alike).
    Home,
    /// With the foundation-to-tableau option: foundation `j` in the state's sorted order
    /// (`found.rs`), as a destination or a source; `NEW_FOUNDATION` is an empty one.
    Found(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum QueenMove {
    /// The opening choice: this pile's card founds the foundations.
    Choose(u8),
    Card {
        from: Loc,
        to: Loc,
    },
    /// (The arena's filler, `Game::Move`'s `Default`, never played.)
    #[default]
    Deal,
    Redeal,
}

/// A move the rules make by themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Forced {
    Deal,
    /// Fill pile `to` from the terrace (Redheads) or the waste.
    Fill {
        from: Loc,
        to: u8,
    },
}

impl Queen {
    #[inline]
    pub(crate) fn stock_next(&self, s: &QueenState) -> Option<u32> {
        s.stock_next(self.seq_len)
    }

    /// `Game::is_dead` computed afresh (what `refresh_playable` keeps): the terrace dead test
    /// (prune.rs) and the terrace schedule test (schedule.rs), which both assume that
    /// foundations only grow. The first is cheaper and often answers alone.
    pub(crate) fn is_dead_computed(&self, s: &QueenState) -> bool {
        !self.rules.exact_foundations() && (self.terrace_dead(s) || self.terrace_schedule_dead(s))
    }

    /// `pred` with base rank `base_rank`.
    #[inline]
    pub(crate) fn pred_at(&self, base_rank: u8, k: u8) -> Option<u8> {
        if RANK[k as usize] == base_rank {
            return None;
        }
        Some(if self.rules.suited_foundations() {
            PRED_SUITED[k as usize]
        } else {
            PRED_ALTERNATE[k as usize]
        })
    }

    /// Copies per foundation class: 4 of a colour and rank, 2 of a card.
    #[inline]
    pub(crate) fn class_copies(&self) -> u32 {
        if self.rules.suited_foundations() { 2 } else { 4 }
    }

    fn terrace_top(&self, s: &QueenState) -> Option<u8> {
        (s.terrace > 0).then(|| self.terrace[s.terrace as usize - 1])
    }
    fn waste_card(&self, s: &QueenState) -> Option<u8> {
        s.waste_top().map(|p| self.seq[p as usize])
    }
    fn second_pass(&self, s: &QueenState) -> bool {
        s.redeals_left < self.rules.redeals
    }

    /// The next thing the rules do by themselves, if any (forced variants, after the choice):
    /// an empty waste takes the stock's top card; then a gap takes the terrace top (Redheads)
    /// or the waste top.
    pub(crate) fn forced_step(&self, s: &QueenState) -> Option<Forced> {
        // Called after every move: the waste top is read once, the gap found by one word test.
        let waste = s.waste_top();
        if waste.is_none() && self.stock_next(s).is_some() {
            return Some(Forced::Deal);
        }
        let gap = s.first_gap(self.rules.rows())?;
        if self.rules.fills_from_terrace() && s.terrace > 0 {
            return Some(Forced::Fill { from: Loc::Terrace, to: gap });
        }
        waste.map(|_| Forced::Fill { from: Loc::Waste, to: gap })
    }

    /// Plays the forced moves until none applies, telling `sink` each one (for solutions).
    #[inline]
    pub(crate) fn settle(&self, s: &mut QueenState, sink: impl FnMut(Forced, u8)) {
        self.settle_with::<true>(s, sink)
    }

    /// `settle`, keeping `key_fp` only when `FP` (the pile moves; see `QueenState::push_with`).
    #[inline]
    fn settle_with<const FP: bool>(&self, s: &mut QueenState, mut sink: impl FnMut(Forced, u8)) {
        if !self.rules.forced_fills() || !s.chosen() {
            return;
        }
        while let Some(f) = self.forced_step(s) {
            match f {
                Forced::Deal => {
                    let p = self.stock_next(s).unwrap();
                    s.set_dealt(p as u8 + 1);
                    sink(f, self.seq[p as usize]);
                }
                Forced::Fill { from, to } => {
                    let k = self.take::<FP>(s, from);
                    s.push_with::<FP>(to as usize, k);
                    sink(f, k);
                }
            }
        }
    }

    /// Sets the state's `playable` word after its foundation counts changed (the base rank
    /// chosen, a card home, a foundation top taken back): the kinds the foundations take
    /// (`foundation_masks`' `playable`), bit `CHILD_FP_BIT` (every position that passes here
    /// is after the choice) and, in bit `DEAD_BIT`, `is_dead`'s answer; the number of cards
    /// home (from bit `HOME_COUNT_AT`) is kept by `add_home` and `remove_home`. The dead test
    /// reads only the counts home, the terrace height and the base rank, and (but in Redheads,
    /// where it always says no) a terrace card leaves only for the foundations: so every move
    /// that changes its answer passes here, after its own part (the forced steps that follow
    /// change none of the three outside Redheads).
    #[inline]
    pub(crate) fn refresh_playable(&self, s: &mut QueenState) {
        let dead = self.is_dead_computed(s);
        // The count of cards home is kept by `add_home` and `remove_home`.
        let home = s.playable & HOME_COUNT_MASK;
        // Chosen (this is called only then) and foundations not exact.
        let fingerprinted = !self.rules.exact_foundations();
        s.playable = self.playable_kinds(s)
            | home
            | (fingerprinted as u64) << CHILD_FP_BIT
            | (dead as u64) << DEAD_BIT;
    }

    /// The safe-move test (prune.rs, "Safe foundation move") of one playable kind `k`, as
    /// `foundation_masks` says it for all kinds: slots for every copy of its class, and (but
    /// from the terrace) nothing buildable on it. Read for the one card from the counts (more
    /// than half the positions ask it once; the masks cost several times more): nothing can be
    /// built on `k` when the class one rank lower in the other colour is all home (nibble
    /// `0b1010`: both kinds' 2 copies), which with alternating colours is also the predecessor
    /// class that `slots` asks about; in suit, `slots` asks for both copies of the same suit
    /// one rank lower. A base-rank card always has a slot.
    #[inline(always)]
    pub(crate) fn safe_kind(&self, s: &QueenState, k: u8, from_terrace: bool) -> bool {
        let below_full = s.home_nibble(BELOW_NIBBLE[k as usize]) == 0b1010;
        let base = KIND_BIT[k as usize] >> 2 == s.base_rank;
        let slots = base
            || if self.rules.suited_foundations() {
                s.home(PRED_SUITED[k as usize]) == 2
            } else {
                below_full
            };
        slots && (from_terrace || below_full)
    }

    /// Takes the top card of a source.
    #[inline(always)]
    fn take<const FP: bool>(&self, s: &mut QueenState, from: Loc) -> u8 {
        match from {
            Loc::Pile(i) => s.pop_with::<FP>(i as usize),
            Loc::Waste => {
                let p = s.waste_top().expect("waste not empty");
                s.remove_talon(p);
                self.seq[p as usize]
            }
            Loc::Terrace => {
                s.set_terrace(s.terrace - 1);
                self.terrace[s.terrace as usize]
            }
            Loc::Found(j) => {
                let k = s.found_pop(j);
                self.refresh_playable(s);
                k
            }
            Loc::Home => unreachable!("the foundations are not a source"),
        }
    }

    /// The card a move takes (before it is played).
    pub(crate) fn card_of(&self, s: &QueenState, from: Loc) -> u8 {
        match from {
            Loc::Pile(i) => s.top[i as usize],
            Loc::Waste => self.waste_card(s).unwrap_or(NO_CARD),
            Loc::Terrace => self.terrace_top(s).unwrap_or(NO_CARD),
            Loc::Found(j) => s.foundations().list[j as usize].top(s.base_rank),
            Loc::Home => NO_CARD,
        }
    }

    /// Plays the player's part of a move, without the forced consequences.
    #[inline(always)]
    pub(crate) fn play_own(&self, s: &mut QueenState, m: QueenMove) {
        self.play_own_with::<true>(s, m)
    }

    /// `play_own`, keeping `key_fp` through the pile moves only when `FP`.
    #[inline(always)]
    fn play_own_with<const FP: bool>(&self, s: &mut QueenState, m: QueenMove) {
        match m {
            QueenMove::Choose(i) => {
                let k = s.pop(i as usize);
                s.set_base_rank(Kind::from_index(k).rank());
                if self.rules.exact_foundations() {
                    s.found_push(NEW_FOUNDATION, k);
                } else {
                    s.add_home(k);
                }
                self.refresh_playable(s);
                s.push(i as usize, self.refill[0]);
                for (j, &c) in self.refill[1..].iter().enumerate() {
                    s.push(4 + j, c);
                }
                s.set_dealt(1);
            }
            QueenMove::Card { from, to } => {
                let k = self.take::<FP>(s, from);
                match to {
                    Loc::Home => {
                        s.add_home(k);
                        self.refresh_playable(s);
                    }
                    Loc::Found(j) => {
                        s.found_push(j, k);
                        self.refresh_playable(s);
                    }
                    Loc::Pile(j) => s.push_with::<FP>(j as usize, k),
                    _ => unreachable!("cards go to the foundations or a pile"),
                }
            }
            QueenMove::Deal => {
                let p = self.stock_next(s).expect("stock not empty");
                s.set_dealt(p as u8 + 1);
            }
            QueenMove::Redeal => {
                s.set_dealt(0);
                s.set_redeals_left(s.redeals_left - 1);
            }
        }
    }

    /// `Game::play`, keeping `key_fp` through the pile moves only when `FP`.
    #[inline(always)]
    fn play_with<const FP: bool>(&self, s: &mut QueenState, m: QueenMove) {
        // Every position met is settled (the start is checked by `from_layout`, and each play
        // ends with `settle`). From a settled position, a card moved off a pile that keeps a
        // card, onto a pile or home, changes neither the waste, the stock, the terrace nor the
        // empty piles except to fill one, so nothing becomes forced (`forced_step` stays None):
        // the forced-step test is skipped. `play_simple` (always settling) is the reference.
        debug_assert!(
            !self.rules.forced_fills() || !s.chosen() || self.forced_step(s).is_none(),
            "an unsettled position: {s:?}"
        );
        let quiet = matches!(m, QueenMove::Card { from: Loc::Pile(i), to: Loc::Pile(_) | Loc::Home } if s.len[i as usize] >= 2);
        self.play_own_with::<FP>(s, m);
        if !quiet {
            self.settle_with::<FP>(s, |_, _| {});
        }
    }

    fn generate(&self, s: &QueenState, pruning: Pruning, out: &mut MoveList<QueenMove>) {
        // Exact foundations (one option of one variant) get their own copy, so that the common
        // one has no foundation list to consult and keeps its foundation moves inline.
        // The number of piles is a constant of each copy too: the passes over the piles unroll.
        debug_assert!(matches!(self.rules.rows(), 8 | 9));
        match (self.rules.exact_foundations(), self.rules.rows()) {
            (false, 9) => self.generate_with::<false, 9>(s, pruning, out),
            (false, _) => self.generate_with::<false, 8>(s, pruning, out),
            (true, 9) => self.generate_with::<true, 9>(s, pruning, out),
            (true, _) => self.generate_with::<true, 8>(s, pruning, out),
        }
        if self.home_first {
            crate::game::keep_home_moves(out, |m| {
                matches!(m, QueenMove::Card { to: Loc::Home | Loc::Found(_), .. })
            });
        }
    }

    /// `generate`, for exact foundations when `EXACT` (`self.rules.exact_foundations()`), with
    /// `ROWS` tableau piles (`self.rules.rows()`): the moves best first.
    #[inline(always)]
    fn generate_with<const EXACT: bool, const ROWS: usize>(
        &self,
        s: &QueenState,
        pruning: Pruning,
        out: &mut MoveList<QueenMove>,
    ) {
        out.clear();
        if !s.chosen() {
            return choice_moves(s, pruning, out);
        }
        let waste = self.waste_card(s);
        // Read once: the end phase and the deal moves below need them too.
        let stock = self.stock_next(s);
        let end_phase = waste.is_none()
            && stock.is_none()
            && !(self.rules.fills_from_terrace() && s.terrace > 0);
        // 1. Foundation moves: terrace, tableau, waste; with exact foundations, onto each
        //    foundation that takes the card. With forced moves, the first *safe* one of them
        //    (prune.rs, "Safe foundation move": same sources, same order) is the only move; safe
        //    moves assume that foundations only grow, so not with exact foundations. Each
        //    source's playability is computed once for both.
        let found = EXACT.then(|| s.foundations());
        let safe = pruning.forced_moves && !EXACT;
        let no_fills = !self.rules.forced_fills() || end_phase;
        // What the foundations allow, for every kind at once: kept in the state (`playable`,
        // `refresh_playable`); with exact foundations every card is a candidate and
        // `exact_foundation_targets` decides.
        let playable_kinds = if EXACT { ANY_PLAYABLE } else { s.playable };
        // Tested before `home` is called: most cards cannot go home, and the call costs more.
        // False for `NO_CARD` (bit 63 is in no mask).
        let playable = |k: u8| playable_kinds >> KIND_BIT[k as usize] & 1 != 0;
        // Pushes the foundation moves of `k` (playable) from `from`; true when the move is safe
        // (then it alone is the list, and generation stops).
        let home = |from: Loc, k: u8, safe_here: bool, out: &mut MoveList<QueenMove>| -> bool {
            match &found {
                None => {
                    if safe && safe_here && self.safe_kind(s, k, from == Loc::Terrace) {
                        out.clear();
                        out.push(QueenMove::Card { from, to: Loc::Home });
                        return true;
                    }
                    out.push(QueenMove::Card { from, to: Loc::Home });
                }
                Some(f) => exact_foundation_targets(s, f, from, k, out),
            }
            false
        };
        if let Some(t) = self.terrace_top(s)
            && playable(t)
            && home(Loc::Terrace, t, !self.rules.fills_from_terrace(), out)
        {
            return;
        }
        // The builds' `Takes`, gathered in this pass over the tops (it lists nothing). An empty
        // pile's top (`NO_CARD`) needs no test: it marks class `NO_TOP_TAKES`, which no card
        // is, and is not playable.
        let mut takes: Takes = [0u16; NO_TOP_CLASS as usize + 1];
        for i in 0..ROWS {
            let k = s.top[i];
            takes[BUILDS_ON[k as usize] as usize] |= 1 << i;
            if playable(k) && home(Loc::Pile(i as u8), k, s.len[i] >= 2 || no_fills, out) {
                return;
            }
        }
        if let Some(w) = waste
            && playable(w)
            && home(Loc::Waste, w, !self.rules.forced_fills(), out)
        {
            return;
        }
        // 2. Builds on tableau tops.
        build_moves::<ROWS>(s, waste, &takes, out);
        // 3. Into empty piles: any time in the open variant (from the tableau or the waste);
        //    in the others only once nothing is filled by force any more (from the tableau).
        let open = !self.rules.forced_fills();
        if open || end_phase {
            empty_pile_moves(s, ROWS, open && waste.is_some(), pruning.symmetry, out);
        }
        // 4. Foundation tops back to the tableau (the option).
        if let Some(f) = &found {
            self.foundation_to_tableau_moves(s, f, pruning, out);
        }
        // 5. Deal, last: the calibration found dealing first costs two orders of magnitude.
        if stock.is_some() && (!self.second_pass(s) || waste.is_none()) {
            out.push(QueenMove::Deal);
        }
        if stock.is_none() && s.redeals_left > 0 {
            out.push(QueenMove::Redeal);
        }
    }
}

/// Every card a candidate for the foundations (exact foundations: their own targets decide).
/// (Bits `0..52` only: bit 63, `KIND_BIT[NO_CARD]`, stays clear.)
const ANY_PLAYABLE: u64 = (1 << 52) - 1;

/// One nibble per rank in each colour half of `home` (`state.rs`, `HOME_SHIFT`).
pub(super) const NIBBLE_ONES: u64 = 0x0001_1111_1111_1111;
const RANK_NIBBLES: u64 = NIBBLE_ONES * 15;

/// Each rank's nibble moved to the rank above, the king's to the ace (wrap): nibble `r` then
/// holds rank `r - 1`'s, the foundation predecessor's.
#[inline]
fn from_below(x: u64) -> u64 {
    ((x << 4) | (x >> 48)) & RANK_NIBBLES
}

/// Bit 0 of each nibble: is `p`'s nibble at least `c`'s (`p` at most 4, `c` at most 7)?
/// `p + 8 − c` stays within its nibble (1..=12) and reaches 8 exactly when `p ≥ c`.
#[inline]
pub(super) fn nibbles_at_least(p: u64, c: u64) -> u64 {
    (((p | (NIBBLE_ONES * 8)) - c) >> 3) & NIBBLE_ONES
}

/// Bit 0 of each nibble: is `p`'s nibble greater than `c`'s (both at most 4)?
#[inline]
fn nibbles_greater(p: u64, c: u64) -> u64 {
    nibbles_at_least(p, c + NIBBLE_ONES)
}

/// The foundation counts of `s` split by kind, one nibble per rank in each word: black
/// suit-bit 0, black suit-bit 1, red 0, red 1 (the halves of `home`'s nibbles, `HOME_SHIFT`).
#[inline]
pub(super) fn home_kinds(s: &QueenState) -> [u64; 4] {
    let low2 = NIBBLE_ONES * 3;
    let (black, red) = (s.home as u64, (s.home >> 64) as u64);
    [black & low2, (black >> 2) & low2, red & low2, (red >> 2) & low2]
}

impl Queen {
    /// `foundation_masks`' `playable`: the kinds a foundation takes now. A base-rank card
    /// always (it has an empty foundation); another when more foundations are topped by its
    /// predecessor class (alternate colours: the class one rank lower in the other colour, 4
    /// copies; in suit: the same suit one rank lower, 2) than copies of its own class are home.
    pub(crate) fn playable_kinds(&self, s: &QueenState) -> u64 {
        let kinds = home_kinds(s);
        let base = 0xF << (4 * s.base_rank as u32);
        if self.rules.suited_foundations() {
            let mut playable = base;
            for (suit, &c) in kinds.iter().enumerate() {
                playable |= nibbles_greater(from_below(c), c) << suit;
            }
            playable
        } else {
            let (bc, rc) = (kinds[0] + kinds[1], kinds[2] + kinds[3]);
            let (bp, rp) = (from_below(rc), from_below(bc));
            base | (nibbles_greater(bp, bc) * 0b0011) | (nibbles_greater(rp, rc) * 0b1100)
        }
    }
}

impl Queen {
    /// The option's moves (RULES.md §3, queen-of-italy-open): the top card of a foundation
    /// holding at least two cards onto a tableau top that takes it or onto an empty pile (one of
    /// them with symmetry: empty piles are alike), from one of each set of equal foundations.
    fn foundation_to_tableau_moves(
        &self,
        s: &QueenState,
        f: &Foundations,
        pruning: Pruning,
        out: &mut MoveList<QueenMove>,
    ) {
        let list = f.as_slice();
        for (j, x) in list.iter().enumerate() {
            if x.height < 2 || (j > 0 && list[j - 1] == *x) {
                continue;
            }
            let k = x.top(s.base_rank);
            let from = Loc::Found(j as u8);
            for p in 0..self.rules.rows() {
                let t = s.top[p];
                if t != NO_CARD && tableau_accepts(t, k) {
                    out.push(QueenMove::Card { from, to: Loc::Pile(p as u8) });
                }
            }
            for p in 0..self.rules.rows() {
                if s.len[p] == 0 {
                    out.push(QueenMove::Card { from, to: Loc::Pile(p as u8) });
                    if pruning.symmetry {
                        break;
                    }
                }
            }
        }
    }
}

/// `takes[c]`: the piles whose top takes a card of build class `c` (bit `i`: pile `i`), from
/// one pass over the tops instead of a test per pair of piles. An empty pile's `NO_TOP_CLASS`
/// entry is 0: it builds nothing.
type Takes = [u16; NO_TOP_CLASS as usize + 1];

/// The opening choice. Two piles with the same card give positions equal up to renaming piles:
/// with symmetry, only the first is tried. Only at a game's start, so out of line: split off as
/// an `#[inline(always)]` function it changed LLVM's inlining around the hot generator (0.8%
/// more Queen instructions).
#[cold]
#[inline(never)]
fn choice_moves(s: &QueenState, pruning: Pruning, out: &mut MoveList<QueenMove>) {
    for i in 0..4u8 {
        let k = s.top[i as usize];
        if k == NO_CARD || (pruning.symmetry && (0..i).any(|j| s.top[j as usize] == k)) {
            continue;
        }
        out.push(QueenMove::Choose(i));
    }
}

/// Builds on tableau tops: from the waste card `waste`, then from the other piles, by `takes`
/// (targets in pile order).
#[inline(always)]
fn build_moves<const ROWS: usize>(
    s: &QueenState,
    waste: Option<u8>,
    takes: &Takes,
    out: &mut MoveList<QueenMove>,
) {
    let build = |from: Loc, targets: u16, out: &mut MoveList<QueenMove>| {
        for j in bits(targets) {
            out.push(QueenMove::Card { from, to: Loc::Pile(j as u8) });
        }
    };
    if let Some(w) = waste {
        build(Loc::Waste, takes[BUILD_CLASS[w as usize] as usize], out);
    }
    for i in 0..ROWS {
        let k = s.top[i];
        build(Loc::Pile(i as u8), takes[BUILD_CLASS[k as usize] as usize] & !(1 << i), out);
    }
}

/// Moves into the empty piles (among the first `rows`), in pile order: from every pile that
/// holds two cards or more and, without symmetry, from a lone card's pile too (with it, a lone
/// card moved to another empty pile gives the same position up to renaming piles); then from
/// the waste when `from_waste`. With symmetry, into the first empty pile only (every empty
/// pile is alike). The piles come from two masks of lengths (`QueenState::piles_holding`)
/// instead of a test per pile and source; `empty_pile_moves_simple` is the reference.
#[inline]
pub(crate) fn empty_pile_moves(
    s: &QueenState,
    rows: usize,
    from_waste: bool,
    symmetry: bool,
    out: &mut MoveList<QueenMove>,
) {
    let sources = s.piles_holding(if symmetry { 2 } else { 1 }, rows);
    let gaps = !s.piles_holding(1, rows) & ((1 << rows) - 1);
    for j in bits(gaps) {
        let j = j as u8;
        for i in bits(sources) {
            out.push(QueenMove::Card { from: Loc::Pile(i as u8), to: Loc::Pile(j) });
        }
        if from_waste {
            out.push(QueenMove::Card { from: Loc::Waste, to: Loc::Pile(j) });
        }
        if symmetry {
            break;
        }
    }
}

/// Foundation moves of `k` from `from` when foundations are exact: a base-rank card founds an
/// empty foundation; another card goes on each foundation that takes it, one of each set of equal
/// foundations (equal foundations give equal positions).
fn exact_foundation_targets(
    s: &QueenState,
    f: &Foundations,
    from: Loc,
    k: u8,
    out: &mut MoveList<QueenMove>,
) {
    let b = s.base_rank;
    if Kind::from_index(k).rank() == b {
        if f.len < 8 {
            out.push(QueenMove::Card { from, to: Loc::Found(NEW_FOUNDATION) });
        }
        return;
    }
    let list = f.as_slice();
    for (j, x) in list.iter().enumerate() {
        if x.accepts(b, k) && (j == 0 || list[j - 1] != *x) {
            out.push(QueenMove::Card { from, to: Loc::Found(j as u8) });
        }
    }
}

/// Per-kind tables for the hot paths (kind indices are suit · 13 + rank; a lookup is cheaper
/// than the divisions). Each is checked against its definition in the tests below.
macro_rules! kind_table {
    (|$k:ident| $e:expr) => {{
        let mut t = [0u8; 52];
        let mut i = 0;
        while i < 52 {
            let $k = Kind::from_index(i as u8);
            t[i] = $e;
            i += 1;
        }
        t
    }};
    // A table over every `u8`, `$other` at the indices that are no kind (`NO_CARD` among
    // them): indexed by a `u8`, it needs no bounds check, and an empty pile's top reads a
    // harmless value instead of being tested first.
    (|$k:ident| $e:expr, $other:expr) => {{
        let mut t = [$other; 256];
        let mut i = 0;
        while i < 52 {
            let $k = Kind::from_index(i as u8);
            t[i] = $e;
            i += 1;
        }
        t
    }};
}
/// Build classes (`BUILD_CLASS`, `BUILDS_ON`) run over `0..26`; these two more index `takes`
/// for a tableau top that is `NO_CARD` (an empty pile): it takes class `NO_TOP_TAKES`, which no
/// card is, and as a card it is `NO_TOP_CLASS`, which no top takes (that entry stays 0).
const NO_TOP_TAKES: u8 = 26;
const NO_TOP_CLASS: u8 = 27;

/// A card's class for tableau building (RULES.md §3: down in alternating colours, so only
/// colour and rank matter): colour · 13 + rank.
static BUILD_CLASS: [u8; 256] = kind_table!(|k| k.colour() * 13 + k.rank(), NO_TOP_CLASS);

/// The build class a tableau top of each kind takes (`tableau_accepts(top, k)` exactly when
/// `BUILDS_ON[top] == BUILD_CLASS[k]`): one rank lower, with wrap, in the other colour.
static BUILDS_ON: [u8; 256] =
    kind_table!(|k| (1 - k.colour()) * 13 + (k.rank() + 12) % 13, NO_TOP_TAKES);

const RANK: [u8; 52] = kind_table!(|k| k.rank());
/// A kind's bit in the `FoundationMasks`: 4 · rank + suit (below 52); 63, a bit no mask sets,
/// for every other index (`NO_CARD`: an empty pile is not playable).
static KIND_BIT: [u8; 256] = kind_table!(|k| 4 * k.rank() + k.suit(), 63);
/// Where the class one rank lower (with wrap) in the other colour than `k` sits in `home`
/// (`QueenState::home_nibble`; `state.rs`, `HOME_SHIFT`): the class no card is built on `k`
/// without (`safe_kind`). 0 for every other index (never read).
static BELOW_NIBBLE: [u8; 256] =
    kind_table!(|k| (1 - k.colour()) * 64 + (k.rank() + 12) % 13 * 4, 0);
/// The class below `k` on a foundation, in suit: same suit, one rank lower (with wrap).
const PRED_SUITED: [u8; 52] = kind_table!(|k| Kind::new(k.suit(), (k.rank() + 12) % 13).index());
/// The class below `k` on an alternate-colour foundation: its representative (the lower suit
/// of the other colour), one rank lower (with wrap).
const PRED_ALTERNATE: [u8; 52] =
    kind_table!(|k| Kind::new((1 - k.colour()) * 2, (k.rank() + 12) % 13).index());

impl Game for Queen {
    type State = QueenState;
    type Move = QueenMove;

    fn start(&self) -> QueenState {
        self.start
    }

    fn is_won(&self, s: &QueenState) -> bool {
        s.chosen()
            && s.terrace == 0
            && s.len.iter().all(|&l| l == 0)
            && s.waste_top().is_none()
            && self.stock_next(s).is_none()
    }

    fn moves(&self, s: &QueenState, pruning: Pruning, out: &mut MoveList<QueenMove>) {
        self.generate(s, pruning, out);
    }

    fn play(&self, s: &mut QueenState, m: QueenMove) {
        self.play_with::<true>(s, m)
    }

    #[inline]
    fn play_fingerprinted(&self, s: &mut QueenState, m: QueenMove, fp: u128) {
        // `fp` came from `child_fingerprint` (`child_fp`), which answers only after the choice
        // and without exact foundations, so `found` is 0 and the child's fingerprint is its
        // running sum `key_fp`, whose lowest bit is 0 (key.rs): the pile moves skip their
        // element hashes and the sum is set from `fp`. Any other position plays as `play`.
        if !s.fingerprinted() {
            return self.play(s, m);
        }
        self.play_with::<false>(s, m);
        s.key_fp = fp & !1;
    }

    fn home_cards(&self, s: &QueenState) -> u32 {
        // Kept by `refresh_playable` (the search asks it of every new position).
        (s.playable >> HOME_COUNT_AT) as u32 & 0x7F
    }

    fn hash(&self, s: &QueenState) -> u64 {
        s.hash()
    }

    #[inline(always)]
    fn fingerprint(&self, s: &QueenState, symmetry: bool) -> u128 {
        // The same symmetry as `canonical`, without sorting (key.rs).
        s.fingerprint(self.rules.rows(), symmetry && s.chosen())
    }

    const CHILD_FINGERPRINTS: bool = true;

    #[inline(always)]
    fn child_fingerprint(&self, s: &QueenState, m: QueenMove, symmetry: bool) -> Option<u128> {
        // From the parent's running key sum and what the move changes (child.rs).
        self.child_fp(s, m, symmetry)
    }

    fn is_dead(&self, s: &QueenState) -> bool {
        // Kept by `refresh_playable` (one bit read instead of the test per position).
        let dead = s.playable >> DEAD_BIT & 1 != 0;
        debug_assert_eq!(dead, self.is_dead_computed(s), "{s:?}");
        dead
    }

    fn canonical(&self, s: &QueenState) -> QueenState {
        // No rule names a tableau pile once the base is chosen (gaps are filled one at a time,
        // and in the end phase any empty pile may be used), so positions that differ only in
        // the order of the piles have the same future. Before the choice, P0..P3 are special.
        if s.chosen() { s.with_sorted_piles(self.rules.rows()) } else { *s }
    }

    fn split_root(&self) -> bool {
        !self.start.chosen()
    }

    /// queen-of-italy-open under queen-of-italy's rules (RULES.md §3: the same deal, but gaps
    /// and an empty waste filled at once by force). Every move those rules make by themselves
    /// is one the open rules let the player make (a gap takes the waste's top card, or a card
    /// dealt to the waste and then moved; a deal is a deal), and every other move is the same
    /// in both; with the foundation-to-tableau option the open rules only allow more. So each
    /// winning line of the forced game, its forced moves written out, wins the open game.
    ///
    /// The other variants: a *streamliner*, the same game generating only its moves home
    /// wherever there are any (`home_first`). It plays by the same rules with fewer moves to
    /// choose from, so each of its lines is a line of the game; it loses wins (a card sent home
    /// may be one a line needed on the tableau), which is why only its wins count.
    fn stricter(&self) -> Option<Queen> {
        if self.rules.forced_fills() {
            return (!self.home_first).then(|| Queen { home_first: true, ..self.clone() });
        }
        let shape = QueenShape {
            forced_fills: true,
            foundation_to_tableau_option: false,
            ..self.rules.shape
        };
        let rules = QueenRules { shape, foundation_to_tableau: false, ..self.rules };
        // A position with a gap or an empty waste waiting is not one of the forced game's.
        Queen::from_layout(rules, &self.layout_of(&self.start)).ok()
    }

    fn lift_from_stricter(&self, strict: &Queen, moves: &[QueenMove]) -> Option<Vec<QueenMove>> {
        if strict.home_first {
            // The same rules with fewer moves generated: the same line.
            return crate::game::same_line_if_won(self, moves);
        }
        crate::game::lift_line(self, strict, moves)
    }
}

impl PlayerView for Queen {
    fn unseen(&self, s: &QueenState) -> Vec<Kind> {
        let kinds = |ks: &[u8]| ks.iter().map(|&k| Kind::from_index(k)).collect::<Vec<_>>();
        if !s.chosen() {
            // Before the choice: the six cards the choice deals, then the rest of the stock.
            let mut v = kinds(&self.refill);
            v.extend(kinds(&self.seq[..self.seq_len as usize]));
            return v;
        }
        if self.second_pass(s) {
            return vec![];
        }
        kinds(&self.seq[s.dealt as usize..self.seq_len as usize])
    }

    fn with_unseen(&self, s: &QueenState, order: &[Kind]) -> (Self, QueenState) {
        let mut g = self.clone();
        let order: Vec<u8> = order.iter().map(|k| k.index()).collect();
        if !s.chosen() {
            assert_eq!(order.len(), 6 + self.seq_len as usize, "a permutation of the unseen cards");
            g.refill.copy_from_slice(&order[..6]);
            g.seq[..self.seq_len as usize].copy_from_slice(&order[6..]);
        } else if !order.is_empty() {
            assert_eq!(
                order.len(),
                (self.seq_len - s.dealt) as usize,
                "a permutation of the unseen cards"
            );
            g.seq[s.dealt as usize..self.seq_len as usize].copy_from_slice(&order);
        }
        (g, *s)
    }
}

impl Notation for Queen {
    fn action(&self, s: &QueenState, m: QueenMove) -> Action {
        let pile = |l: Loc| match l {
            Loc::Pile(i) => Pile::Tableau(i),
            Loc::Waste => Pile::Waste,
            Loc::Terrace => Pile::Terrace,
            Loc::Home | Loc::Found(_) => Pile::AnyFoundation,
        };
        match m {
            QueenMove::Choose(i) => Action::Choose(Pile::Tableau(i)),
            QueenMove::Deal => Action::Deal,
            QueenMove::Redeal => Action::Redeal,
            QueenMove::Card { from, to } => Action::Card {
                from: pile(from),
                to: pile(to),
                card: Kind::from_index(self.card_of(s, from)),
            },
        }
    }

    fn render(&self, moves: &[QueenMove]) -> Vec<Action> {
        self.render_line(moves)
    }
}

#[cfg(test)]
pub(super) mod tests;
