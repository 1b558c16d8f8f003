//! Helpers for the unit tests of every family: a talon, random walks that check the visited
//! set's keys, and a deal-out-redeal-deal-out line.

use ahash::AHashMap;
use std::fmt;

use crate::{Move, Rules};

/// The deck-0 aces and kings first, then every other id in order.
pub(crate) fn talon() -> Vec<u8> {
    let head = [0u8, 13, 26, 39, 12, 25, 38, 51];
    let mut talon = head.to_vec();
    talon.extend((0..104u8).filter(|id| !head.contains(id)));
    talon
}

/// A number below `n` from a 64-bit LCG (high bits) whose state is `seed`.
fn next(seed: &mut u64, n: usize) -> usize {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    ((*seed >> 33) % n as u64) as usize
}

/// Walks randomly from `start` (20 walks of up to `steps` actions each, every choice drawn
/// from `seed`) and asserts that positions with equal keys are equal. Returns the number of
/// distinct keys seen.
pub(crate) fn walk_checking_keys<P: Rules + PartialEq + fmt::Debug>(
    start: &P,
    seed: &mut u64,
    steps: usize,
) -> usize {
    // Only inserted into and counted, never iterated over: the hasher cannot change the walk.
    let mut seen: AHashMap<Box<[u8]>, P> = AHashMap::new();
    for _walk in 0..20 {
        let mut position = start.clone();
        for _step in 0..steps {
            if let Some(other) = seen.insert(position.key(), position.clone()) {
                assert_eq!(other, position);
            }
            let actions = position.legal_actions();
            if actions.is_empty() {
                break;
            }
            position.apply(actions[next(seed, actions.len())]);
        }
    }
    seen.len()
}

/// Deals the whole stock out from `start`, then redeals and deals it all out again: returns
/// the positions after the first and after the second deal-out (in the single-waste games
/// they hold the same piles and differ only in the redeals left).
pub(crate) fn dealt_out_twice<P: Rules>(start: &P) -> (P, P) {
    let deal_out = |position: &mut P| {
        while let Ok(deal) = position.legal_action(&Move::Deal) {
            position.apply(deal);
        }
    };
    let mut first = start.clone();
    deal_out(&mut first);
    let mut second = first.clone();
    let redeal = second.legal_action(&Move::Redeal).expect("a redeal is left");
    second.apply(redeal);
    deal_out(&mut second);
    (first, second)
}
