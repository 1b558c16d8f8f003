//! Sound pruning for the Crazy Quilt family; each rule with its argument. The differential tests
//! check them against the plain reference search.
//!
//! # Rule M: a met suit's playable card is a forced move (all three variants)
//!
//! As in the Alhambra family (`alhambra/prune.rs`, with the condition in `foundations.rs`): once a
//! suit's foundations hold ≥ 13 cards, each remaining card of it has one copy and one destination,
//! and an available card of it that fits is played at once (up only when d ≥ 12, down only when
//! u ≥ 12, because of K–A wrap on the waste or reserves). The simulation argument carries over:
//! in T′ (chain cards already home) the quilt has more holes, so every card available in T is
//! available in T′; a card built in T onto a chain card, on the waste or on a persian-rug
//! reserve, is the next card of that chain and goes home in T′; a T′ reserve that is empty where
//! T's holds only chain cards accepts anything, which only adds moves.
//!
//! # Dead position on the last pass (crazy-quilt, indian-carpet)
//!
//! With no redeal left a waste card can leave only to a foundation, so the waste is a pure stack,
//! and every stock card will be dealt onto it: both tests of `foundations.rs` apply.
//!
//! # Symmetry of persian-rug's empty reserves
//!
//! The eight reserves obey identical rules, so two positions that differ only by a permutation of
//! the reserves are equally winnable (apply the permutation to every later move). Hence moving a
//! card to an empty reserve needs trying for ONE empty reserve only, and moving a reserve's only
//! card to an empty reserve (which yields the same position up to renaming) never.

use super::Quilt;
use super::state::QuiltState;

impl Quilt {
    /// The last-pass dead-position test (see the notes).
    pub(super) fn last_pass_dead(&self, s: &QuiltState) -> bool {
        !self.rules.has_reserves() && s.redeals_left == 0 && s.found.last_pass_is_dead(&s.seq, s.waste_len(), true)
    }
}

#[cfg(test)]
mod tests;
