//! The class fingerprint from each prefix's own term, the reference the incremental pile terms
//! are checked against.

use super::*;

impl AlgerianState {
    /// The previous [`Self::pile_terms`] (the equivalence test's reference): each prefix's
    /// term from its own reads.
    fn pile_terms_simple(&self, start: usize, len: usize, d: usize) -> u128 {
        (1..=len).fold(0u128, |t, i| t.wrapping_add(self.prefix_term_at(start, i, d)))
    }
}

impl Algerian {
    /// [`Self::class_fingerprint`] from [`AlgerianState::pile_terms_simple`] (for the test).
    pub(in crate::algerian) fn class_fingerprint_simple(&self, s: &AlgerianState) -> u128 {
        self.class_fingerprint_by(s, AlgerianState::pile_terms_simple)
    }
}
