//! Sound pruning for the Alhambra family. Each rule carries the argument that it never loses a
//! win; the differential tests check both against the plain reference search.
//!
//! # Rule M: a met suit's playable card is a forced move (alhambra, granada)
//!
//! A suit is *met* when its two foundations together hold at least 13 cards (up count u, down
//! count d, u + d ≥ 13). Then every remaining card of the suit has exactly one remaining copy and
//! exactly one foundation it can ever go to (ranks ≥ u up, ranks ≤ 12−d down). If a playable card
//! (a reserve top or a waste top) of a met suit fits its foundation, playing it is the only move
//! generated.
//!
//! Why no win is lost (a simulation argument): let T be any position and T′ the same position
//! with some "chain" cards of met suits already on their foundations (the up-chain (s,u), (s,u+1),
//! … and the down-chain (s,12−d), (s,11−d), …). Every move of T maps to a move of T′ or to
//! nothing: deals and redeals map one to one (T′'s sequence is T's with chain cards removed);
//! moves of non-chain cards are identical (T′'s tops are T's tops or, where a chain card was on
//! top, what lay under it, which only adds moves); a chain card's move maps to nothing; and a
//! card X built onto a chain card in a waste is itself the next card of that chain (any other
//! same-suit neighbour is a chain card, and chain cards have a single copy), so T′ plays X to
//! its foundation. When T reaches a win, T′ is the same won position. So if a position wins, it
//! still wins after the forced move.
//!
//! The exception is wrap. A king's waste neighbours are the queen AND the ace, and an ace's the
//! two and the king. The up-chain of T′ can grow (through cards T builds on the waste) up to the
//! king; if T then builds the suit's remaining ace on that king, T′ must play the ace DOWN, which
//! it can only do if the ace is the down foundation's next card (d ≥ 12). The down-chain and a
//! king built on its ace likewise need u ≥ 12. So rule M forces a card UP only when d ≥ 12 and
//! DOWN only when u ≥ 12; then every wrap-built card is playable in T′ and the mapping holds.
//! (The first version missed this: the differential test found a won position it called lost,
//! where T built TD, JD, QD, KD and then the ace of diamonds on the waste.)
//!
//! # Partial-order reduction of reserve-to-foundation moves (all three variants)
//!
//! A reserve's top card c that fits a foundation f can be played now or at any later time: nothing
//! is ever built on a reserve, so c stays playable, and f keeps needing c until c (or its twin)
//! goes there. Playing it at every possible moment multiplies the positions. The reduction plays
//! such a move r = (R_i → f) only as part of a *run*: a sequence of these moves immediately
//! followed by a move that *depends* on the run — one that moves a card from a reserve the run
//! uncovered (R_i's new top), or puts a card on a foundation the run fed. Inside a run only
//! further such moves or dependent moves are generated (`continues_run`); the state records the
//! run's foundations and reserves, so positions with different runs are different table entries.
//!
//! Why no win is lost. A move m independent of r (not from R_i, not onto f) commutes with it: r
//! touches only R_i's top and f; m touches neither, and no move's legality depends on another
//! foundation's height. So in any winning line, take the reserve-to-foundation moves from last to
//! first and bubble each one rightwards past independent moves; it stops next to a move that
//! depends on it, next to another such move (joining its run, which — the suffix being already
//! in this form — ends with a move depending on the run), or at the end (the win). The result is
//! a winning line of the same length in run form, which the reduced generator produces. Rule M
//! composes with this: a forced move is generated even inside a run and ends the run, since
//! from the forced position (winnable by rule M) a run-form line exists afresh, and it is shorter
//! than the line before the forced move (rule M's mapping deletes the forced card's own move), so
//! an induction on the length of the shortest run-form winning line carries through.
//!
//! Reinforcements: emptying a reserve triggers a refill from the stock (or, with the stock empty,
//! after the next redeal), so such a move does not commute with deals, redeals or card moves; a
//! reserve-to-foundation move there takes part in runs only if it leaves its reserve non-empty,
//! and not at all under PySolFC's refill timing (empty reserves can then wait for any card move).
//! Otherwise it is an ordinary move: always generated outside a run, inside one only if dependent.
//!
//! # Dead position across passes (alhambra)
//!
//! `crate::passes` bounds the earliest pass in which each card can go home; its argument is
//! there. Run where the search starts (the deal or a given position) only: it costs tens of
//! microseconds, and at the start of each later pass, where it kills nearly every position it
//! is asked about, it decided no more deals than at the start alone while it took most of the
//! time (the research log, `results/bench/losses-alhambra.md`).
//!
//! # Dead position on the last pass (alhambra, reinforcements)
//!
//! With no redeal left, a waste card can leave the waste only to a foundation (nothing is ever
//! put from the waste anywhere else, and no redeal will turn it over): the waste is a pure stack,
//! and the test of `foundations.rs` applies. In alhambra every stock card will also be dealt onto
//! that waste, so the stock test applies too (not in reinforcements, where a refill can take a
//! stock card into a reserve). Not used for granada, where a waste card may also move to another
//! waste and so uncover the cards beneath it.

use super::Alhambra;
use super::moves::AlhambraMove;
use super::state::AlhambraState;
use crate::passes::PassBound;

impl Alhambra {
    /// Whether a reserve-to-foundation move from `r` may be postponed into a run (see the notes).
    #[inline]
    pub(super) fn commutes_when_postponed(&self, s: &AlhambraState, r: usize) -> bool {
        if !self.rules.refills() {
            return true;
        }
        let empties = if s.refill[r] != 0 { s.height(r) == 0 } else { s.height(r) == 1 };
        !self.rules.pf_refill_timing && !empties
    }

    /// Whether `m` may follow the current run: it extends it, or depends on it.
    #[inline]
    pub(super) fn continues_run(&self, s: &AlhambraState, m: AlhambraMove) -> bool {
        let from_run_reserve = |r: u8| s.run_reserves & (1 << r) != 0;
        let onto_run_foundation = |f: u8| s.run_foundations & (1 << f) != 0;
        match m {
            AlhambraMove::ReserveToFoundation { lazy: true, .. } => true,
            AlhambraMove::ReserveToFoundation { reserve, foundation, lazy: false } => {
                from_run_reserve(reserve) || onto_run_foundation(foundation)
            }
            AlhambraMove::WasteToFoundation { foundation, .. } => onto_run_foundation(foundation),
            AlhambraMove::ReserveToWaste { reserve, .. } => from_run_reserve(reserve),
            AlhambraMove::WasteToWaste { .. } | AlhambraMove::Deal | AlhambraMove::Redeal => false,
        }
    }

    /// The across-pass test of `crate::passes` on any position (false where it does not apply:
    /// several wastes, as granada's, or reserves that refill, as reinforcements'). The search
    /// asks it at its start only (`is_dead_at_start`).
    pub fn pass_bound_dead(&self, s: &AlhambraState) -> bool {
        self.pass_bound_dead_with(s, true)
    }

    /// [`Self::pass_bound_dead`] with its copies rule (f) or without (at a search's start other than
    /// the game's first position, and in the tests).
    pub fn pass_bound_dead_with(&self, s: &AlhambraState, copies_rule: bool) -> bool {
        if self.rules.wastes() != 1 || self.rules.refills() {
            return false;
        }
        let mut b =
            PassBound::new(s.found, &s.seq, s.wlen[0] as usize, true, self.rules.empty_waste_any);
        for r in 0..self.rules.reserves() {
            b.add_pile(&self.reserves[r][..s.height(r) as usize]);
        }
        b.is_dead_with(s.redeals_left as usize + 1, copies_rule)
    }

    /// The last-pass dead-position test (see the notes).
    pub(super) fn last_pass_dead(&self, s: &AlhambraState) -> bool {
        s.redeals_left == 0
            && self.rules.wastes() == 1
            && s.found.last_pass_is_dead(&s.seq, s.wlen[0] as usize, !self.rules.refills())
    }
}
