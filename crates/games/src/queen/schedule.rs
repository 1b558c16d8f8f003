//! **The terrace schedule test**: a sound dead-position test for the Queen of Italy family that
//! decides exactly the relaxation "the terrace keeps its order, every other card is free".
//!
//! # The relaxation
//!
//! Keep of a position only the cards home (as counts per foundation class), the terrace, and
//! the foundation rule; let every card that is neither home nor on the terrace be *free*: it
//! may go to any foundation that takes it, at any time. Terrace cards still go home one at a
//! time, top first (RULES.md §3: the terrace top moves only to a foundation; not Redheads,
//! whose terrace also fills gaps). Every winning line of the real game gives a winning schedule
//! of the relaxation (its foundation moves, in order: a terrace card reaches the foundations
//! only from the terrace top, every other card is free there), so a position whose relaxation
//! has no schedule that empties the terrace is lost. Once the terrace is empty the relaxation
//! always finishes (each class's copies not home are free, and every foundation below the top
//! takes one of the next class), so "empties the terrace" is the whole question.
//!
//! Classes and foundations. With base rank `b`, a card of rank `r` has offset
//! `d = (r − b) mod 13` on its foundation, which holds offsets 0..12 in order. Alternating
//! colours: a foundation whose base has colour `c₀` takes colour `c₀ xor (d & 1)` at offset
//! `d`, so a card of colour `c` belongs to the *group* `c xor (d & 1)`; each group has 4
//! foundations (the 4 base-rank cards of that base colour found them, whichever foundation
//! they land on) and each class (group, offset) 4 copies. In suit (General's Patience): the
//! group is the suit, with 2 foundations and 2 copies per class. Foundations of one group are
//! interchangeable, so a group's state is the multiset of its foundations' tops (the offset of
//! each one's top card; −1 when empty), and `home[e]`, the copies of class `e` home, is the
//! number of its foundations whose top is at least `e`: the counts the position keeps are the
//! whole relaxed state.
//!
//! # Why one greedy pass decides it
//!
//! *Lazy form.* Take any schedule that empties the terrace. A free placement onto foundation
//! `f` can be moved later, past any placement onto another foundation: that placement does not
//! look at `f`, a terrace card going home leaves every class's count of free copies (copies −
//! home − on the terrace) unchanged, and a free placement elsewhere takes a copy of another
//! class or leaves one for this one exactly as before (a class's free copies are only ever
//! taken by its own placements). So every free placement can be postponed until just before
//! the next terrace card that goes onto the same foundation (and dropped if there is none).
//! The schedule then reads: for each terrace card `t` (class `d`, top first), raise one
//! foundation of its group from its top `x ≤ d − 1` to `d − 1` with free cards, then place
//! `t`. Raising through offset `e` needs a free copy of class `e` then: `home[e] + rem[e] <
//! copies`, with `rem[e]` the copies of class `e` still on the terrace below `t`.
//!
//! *The highest foundation.* Of two foundations with tops `x < y ≤ d − 1`, raising `y` is at
//! least as good. It asks for free copies of the classes `y+1 .. d−1` only, a subset of what
//! raising `x` asks for with the same counts, so it is possible whenever raising `x` is. And the
//! position it leaves (a foundation still at `x`, copies of `x+1 .. y` not taken) can follow
//! any continuation of the other (a foundation at `y`): every step that does not use that
//! foundation is the same step (each class it takes has as many free copies, or one more), and
//! when the continuation raises the foundation at `y` to some `d' − 1`, raising the one at `x`
//! there takes in addition a copy of each class `x+1 .. y`, which is free: in the other line
//! those copies went home earlier, so `home + 1 + rem ≤ copies` for each. After that step both
//! positions are equal.
//!
//! So: for each terrace card from the top, raise the group's highest foundation whose top is
//! at most `d − 1` (one exists: the card itself is a copy of class `d` not home, so fewer than
//! all of the group's foundations hold offset `d`), failing when a class it must pass has no
//! free copy. A failure means the relaxation has no schedule: the position is lost. A
//! base-rank card (`d = 0`) needs an empty foundation of its group, which the same rule finds
//! (top −1).
//!
//! The count test of `prune.rs` reasons about the same relaxation one terrace card at a time;
//! this test decides it, so it says "dead" wherever that one does (`schedule/tests.rs` checks it)
//! and, measured at the first position of generals-patience seeds 0..999, on 375 of the 738
//! deals the pipeline left unknown. The cost is one pass over the terrace with at most 13
//! steps per card, paid where the counts home change (`refresh_playable`).

use super::Queen;
use super::state::QueenState;
use crate::card::Kind;

/// Slots per group in the test's arrays: offsets 0..12, and 13, always 0 (no foundation
/// holds more than 13 cards).
const GROUP: usize = 14;

/// Per base rank, each kind's slot `group · GROUP + offset` (computed once per game).
#[derive(Clone, Debug)]
pub(crate) struct ScheduleSlots {
    slot: [[u8; 52]; 13],
}

impl ScheduleSlots {
    pub(crate) fn new(suited: bool) -> Self {
        let mut slot = [[0u8; 52]; 13];
        for (b, row) in slot.iter_mut().enumerate() {
            for (k, v) in row.iter_mut().enumerate() {
                let kk = Kind::from_index(k as u8);
                let d = (kk.rank() as usize + 13 - b) % 13;
                let group =
                    if suited { kk.suit() as usize } else { (kk.colour() as usize) ^ (d & 1) };
                *v = (group * GROUP + d) as u8;
            }
        }
        ScheduleSlots { slot }
    }
}

impl Queen {
    /// The two terrace tests on any position, for the tests and measurements: the count test
    /// of `prune.rs` and the schedule test of this module (each `true` only if the position is
    /// lost; both are part of `Game::is_dead`).
    pub fn terrace_tests(&self, s: &QueenState) -> (bool, bool) {
        let ok = !self.rules.exact_foundations();
        (ok && self.terrace_dead(s), ok && self.terrace_schedule_dead(s))
    }

    /// The terrace schedule test (module notes): `true` only if the position is lost.
    pub(crate) fn terrace_schedule_dead(&self, s: &QueenState) -> bool {
        if !s.chosen() || self.rules.fills_from_terrace() || s.terrace == 0 {
            return false;
        }
        let slot = &self.schedule_slots.slot[s.base_rank as usize];
        let copies = self.class_copies() as u8;
        let h = s.terrace as usize;
        // Copies home per class (= the group's foundations holding that offset), and copies
        // on the terrace not yet placed.
        let mut home = [0u8; 4 * GROUP];
        let mut rem = [0u8; 4 * GROUP];
        for k in 0..52u8 {
            home[slot[k as usize] as usize] += s.home(k) as u8;
        }
        for &k in &self.terrace[..h] {
            rem[slot[k as usize] as usize] += 1;
        }
        for &k in self.terrace[..h].iter().rev() {
            let c = slot[k as usize] as usize;
            rem[c] -= 1;
            let (g, d) = (c - c % GROUP, c % GROUP);
            // The highest foundation whose top is at most d − 1: those whose top is exactly
            // e − 1 number home[e − 1] − home[e]; for e = 0, the empty ones, copies − home[0].
            let mut e = d;
            while (if e == 0 { copies } else { home[g + e - 1] }) == home[g + e] {
                if e == 0 {
                    // Cannot happen (module notes); a sound answer if it did.
                    return false;
                }
                e -= 1;
            }
            // Raise it through offsets e .. d − 1, then place the terrace card at d.
            for x in e..d {
                if home[g + x] + rem[g + x] >= copies {
                    return true;
                }
                home[g + x] += 1;
            }
            home[g + d] += 1;
        }
        false
    }
}

#[cfg(test)]
mod tests;
