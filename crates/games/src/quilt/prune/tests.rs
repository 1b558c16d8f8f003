//! The dead test through the plain waste and stock tests, the equivalence test's reference.

use super::*;

impl Quilt {
    /// The dead test through the straightforward waste and stock tests the mask ones replaced
    /// (`foundations/tests.rs`), the reference of the equivalence test.
    pub(in crate::quilt) fn is_dead_reference(&self, s: &QuiltState) -> bool {
        let waste = s.waste_len();
        !self.rules.has_reserves()
            && s.redeals_left == 0
            && (s.found.waste_stack_is_dead_simple(&s.seq, waste)
                || s.found.stock_lands_on_blocker_simple(&s.seq, waste))
    }
}
