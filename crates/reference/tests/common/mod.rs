//! Helpers shared by the test files of every family: card codes, hand-made card ids and
//! foundations, a small random generator, talons, and asserting helpers for moves and searches.
//! What is specific to one family lives in [`alhambra`] and [`quilt`] (and `queen_common`).
#![allow(dead_code)]

pub mod alhambra;
pub mod quilt;

use std::fmt;

use patience_reference::{CARD_COUNT, Move, PlainOutcome, ReplayError, Rules, parse_card};

/// Deck-0 id of a card code (panics on a bad code).
pub fn c(code: &str) -> u8 {
    parse_card(code).unwrap_or_else(|| panic!("bad card code {code:?}"))
}

/// Deck-1 id of a card code.
pub fn c2(code: &str) -> u8 {
    c(code) + 52
}

/// Hands out card ids, each id at most once: the deck-0 copy of a code first, then the deck-1 one.
pub struct Ids {
    taken: [bool; CARD_COUNT],
}

impl Ids {
    pub fn new() -> Ids {
        Ids { taken: [false; CARD_COUNT] }
    }

    pub fn take_id(&mut self, id: u8) -> u8 {
        let kind = id % 52;
        for candidate in [id, kind, kind + 52] {
            if !self.taken[candidate as usize] {
                self.taken[candidate as usize] = true;
                return candidate;
            }
        }
        panic!("a third copy of card id {id} was asked for");
    }

    pub fn take(&mut self, code: &str) -> u8 {
        self.take_id(c(code))
    }

    /// Cards of a space-separated list of codes, bottom→top (or top-first for a stock).
    pub fn pile(&mut self, codes: &str) -> Vec<u8> {
        codes.split_whitespace().map(|code| self.take(code)).collect()
    }

    /// One pile per list of codes (see [`Ids::pile`]).
    pub fn piles(&mut self, lists: &[&str]) -> Vec<Vec<u8>> {
        lists.iter().map(|codes| self.pile(codes)).collect()
    }

    /// The eight foundations, F_i holding `heights[i]` cards: a run from its base (F0..F3 up from
    /// the ace of C S H D, F4..F7 down from the king).
    pub fn foundations(&mut self, heights: [usize; 8]) -> Vec<Vec<u8>> {
        (0..8)
            .map(|f| {
                let suit = (f % 4) as u8;
                (0..heights[f])
                    .map(|h| {
                        let rank = if f < 4 { h as u8 } else { 12 - h as u8 };
                        self.take_id(suit * 13 + rank)
                    })
                    .collect()
            })
            .collect()
    }
}

/// Returns a hand-made layout after asserting that `check` (its family's layout check) accepts it.
#[track_caller]
pub fn checked<L>(layout: L, check: impl FnOnce(&L) -> Result<(), String>) -> L {
    if let Err(e) = check(&layout) {
        panic!("test position is inconsistent: {e}");
    }
    layout
}

/// Foundation heights with every suit complete except clubs: F0 (clubs up) `up`, F4 (clubs down)
/// `down`.
pub fn clubs_open(up: usize, down: usize) -> [usize; 8] {
    [up, 13, 13, 13, down, 13, 13, 13]
}

/// A small deterministic generator (64-bit LCG, high bits) for the randomised tests.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// Codes of a list of ids.
pub fn codes(cards: &[u8]) -> Vec<String> {
    cards.iter().map(|&id| patience_reference::card_code(id)).collect()
}

/// The deck-0 ids of the eight cards the hook ("A/K to top") puts first: A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦.
fn hook_head() -> Vec<u8> {
    ["AC", "AS", "AH", "AD", "KC", "KS", "KH", "KD"].iter().map(|code| c(code)).collect()
}

/// The talon `0..104` after the hook: deck-0 A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦ first, then every other id in
/// increasing order.
pub fn hooked_identity_talon() -> Vec<u8> {
    let head = hook_head();
    let mut talon = head.clone();
    talon.extend((0..CARD_COUNT as u8).filter(|id| !head.contains(id)));
    talon
}

/// A shuffled talon with the hook applied.
pub fn hooked_random_talon(rng: &mut Lcg) -> Vec<u8> {
    let head = hook_head();
    let mut rest: Vec<u8> = (0..CARD_COUNT as u8).filter(|id| !head.contains(id)).collect();
    rng.shuffle(&mut rest);
    let mut talon = head;
    talon.extend(rest);
    talon
}

pub fn mv(from: &str, to: &str) -> Move {
    Move::card(from, to)
}

/// A position of any family, as [`ok`] and [`bad`] drive it: its rules, compared and shown.
pub trait Playable: Rules + PartialEq + fmt::Debug {}

impl<P: Rules + PartialEq + fmt::Debug> Playable for P {}

/// Asserts the move is legal and plays it.
#[track_caller]
pub fn ok<P: Playable>(p: &mut P, m: Move) {
    if let Err(e) = p.play(&m) {
        panic!("`{m}` should be legal: {e}");
    }
}

/// Asserts the move is illegal and that the position is unchanged; returns the reason.
#[track_caller]
pub fn bad<P: Playable>(p: &mut P, m: Move) -> String {
    let before = p.clone();
    let Err(reason) = p.play(&m) else {
        panic!("`{m}` should be illegal");
    };
    assert_eq!(*p, before, "an illegal move changed the position");
    reason
}

/// Asserts that a search found a win and that its solution replays (`replay` replays moves from
/// the searched layout); returns the solution.
#[track_caller]
pub fn won_and_replays(
    outcome: PlainOutcome,
    replay: impl FnOnce(&[Move]) -> Result<(), ReplayError>,
) -> Vec<Move> {
    match outcome {
        PlainOutcome::Won(moves) => {
            if let Err(e) = replay(&moves) {
                panic!("the search's solution does not replay: {e}");
            }
            moves
        }
        other => panic!("expected a win, got {other:?}"),
    }
}
