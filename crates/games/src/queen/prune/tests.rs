//! The plain forms of the terrace dead test and of the safe-move test, kept as the tests'
//! references.

use super::*;
use crate::queen::moves::{Loc, QueenMove};
use crate::queen::state::NO_CARD;
use crate::variant::Variant;

impl Queen {
    /// The dead test reading each terrace card's class count (before `need`): a reference
    /// for the tests.
    pub(crate) fn terrace_dead_per_card(&self, s: &QueenState) -> bool {
        if !s.chosen() || self.rules.variant == Variant::Redheads || s.terrace < 2 {
            return false;
        }
        let h = s.terrace as usize;
        let t = &self.terrace_bounds;
        let cap = &t.cap[s.base_rank as usize];
        let above = &t.above[h];
        (0..h).any(|j| {
            cap[j] != NO_BOUND
                && (cap[j] as u32) < self.home_class(s, self.terrace[j]) + above[j] as u32 + 1
        })
    }

    /// The dead test as first written, walking the terrace per position: the reference the
    /// precomputed one must equal.
    pub(crate) fn terrace_dead_simple(&self, s: &QueenState) -> bool {
        if !s.chosen() || self.rules.variant == Variant::Redheads || s.terrace < 2 {
            return false;
        }
        let h = s.terrace as usize;
        let copies = self.class_copies();
        let mut in_terrace = [0u8; 52];
        for &k in &self.terrace[..h] {
            in_terrace[self.class_index(k)] += 1;
        }
        let mut below = [0u8; 52];
        for j in 0..h {
            let k = self.terrace[j];
            let ck = self.class_index(k);
            if let Some(p) = self.pred(s, k) {
                let above = (in_terrace[ck] - below[ck] - 1) as u32;
                let need = self.home_class(s, k) + above + 1;
                // Walk the chain p, pred(p), ... down to the base rank.
                let mut cap = u32::MAX;
                let mut q = Some(p);
                while let Some(c) = q {
                    cap = cap.min(copies - below[self.class_index(c)] as u32);
                    if cap < need {
                        return true;
                    }
                    q = self.pred(s, c);
                }
            }
            below[ck] += 1;
        }
        false
    }

    /// The safe foundation move of the module notes (`prune.rs`), if any: the first source (the
    /// terrace, the piles in order, the waste) whose card is playable, has slots for every copy
    /// of its class and, but from the terrace, is inert. `generate` applies this test inline
    /// (with each source's playability computed once); this is its plain statement, kept as the
    /// tests' reference.
    pub(crate) fn safe_move(&self, s: &QueenState) -> Option<QueenMove> {
        let home = |from| Some(QueenMove::Card { from, to: Loc::Home });
        if self.rules.variant != Variant::Redheads
            && let Some(t) = (s.terrace > 0).then(|| self.terrace[s.terrace as usize - 1])
            && self.playable(s, t)
            && self.slots_for_all(s, t)
        {
            return home(Loc::Terrace);
        }
        let no_fills = !self.rules.forced_fills() || self.end_phase(s);
        for i in 0..self.rules.rows() {
            let k = s.top[i];
            if k != NO_CARD
                && (s.len[i] >= 2 || no_fills)
                && self.playable(s, k)
                && self.slots_for_all(s, k)
                && self.inert(s, k)
            {
                return home(Loc::Pile(i as u8));
            }
        }
        if !self.rules.forced_fills()
            && let Some(p) = s.waste_top()
        {
            let w = self.seq[p as usize];
            if self.playable(s, w) && self.slots_for_all(s, w) && self.inert(s, w) {
                return home(Loc::Waste);
            }
        }
        None
    }

    /// Every copy of `k`'s class still out has a foundation slot: the predecessor class is all
    /// home (base-rank cards always have an empty foundation).
    pub(crate) fn slots_for_all(&self, s: &QueenState, k: u8) -> bool {
        match self.pred(s, k) {
            None => true,
            Some(p) => self.home_class(s, p) == self.class_copies(),
        }
    }

    /// No card can ever be built on `k` in the tableau: all four copies of rank one lower in
    /// the other colour are home.
    pub(crate) fn inert(&self, s: &QueenState, k: u8) -> bool {
        let kk = Kind::from_index(k);
        let r = (kk.rank() + 12) % 13;
        let other = 1 - kk.colour();
        (0..2).map(|d| s.home(Kind::new(other * 2 + d, r).index())).sum::<u32>() == 4
    }
}
