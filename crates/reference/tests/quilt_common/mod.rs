//! Helpers shared by the `quilt_*` test files: building hand-made Crazy Quilt family positions
//! from card codes. (Kept apart from `tests/common` so the two families' tests stay independent.)
#![allow(dead_code)]

use patience_reference::quilt::{
    QuiltLayout, QuiltOptions, QuiltPosition, QuiltVariant, quilt_check_layout,
};
use patience_reference::{CARD_COUNT, Move, parse_card};

/// Deck-0 id of a card code (panics on a bad code).
pub fn c(code: &str) -> u8 {
    parse_card(code).unwrap_or_else(|| panic!("bad card code {code:?}"))
}

/// Hands out card ids, each id at most once: the deck-0 copy of a code first, then the deck-1 one.
pub struct Ids {
    taken: [bool; CARD_COUNT],
}

impl Ids {
    pub fn new() -> Ids {
        Ids {
            taken: [false; CARD_COUNT],
        }
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
        codes
            .split_whitespace()
            .map(|code| self.take(code))
            .collect()
    }
}

/// Row and column of a cell name such as `Q07` (test input only).
pub fn cell(name: &str) -> (usize, usize) {
    let b = name.as_bytes();
    assert!(b.len() == 3 && b[0] == b'Q', "bad cell name {name:?}");
    ((b[1] - b'0') as usize, (b[2] - b'0') as usize)
}

/// A position with foundation F_i holding `heights[i]` cards (a run from its base: F0..F3 up from
/// the ace of C S H D, F4..F7 down from the king), the quilt cells listed as (cell, code) pairs
/// (every other cell a hole), and the other piles given by codes. The cards not listed anywhere
/// must be exactly those the foundations hold; checked with `quilt_check_layout`.
pub fn position(
    variant: QuiltVariant,
    heights: [usize; 8],
    cells: &[(&str, &str)],
    reserves: &[&str],
    waste: &str,
    stock_top_first: &str,
) -> QuiltLayout {
    let mut ids = Ids::new();
    let mut quilt = [[None; 8]; 8];
    for &(name, code) in cells {
        let (r, cc) = cell(name);
        assert!(quilt[r][cc].is_none(), "{name} listed twice");
        quilt[r][cc] = Some(ids.take(code));
    }
    let reserves: Vec<Vec<u8>> = reserves.iter().map(|r| ids.pile(r)).collect();
    let waste = ids.pile(waste);
    let stock_top_first = ids.pile(stock_top_first);
    let foundations: Vec<Vec<u8>> = (0..8)
        .map(|f| {
            let suit = (f % 4) as u8;
            (0..heights[f])
                .map(|h| {
                    let rank = if f < 4 { h as u8 } else { 12 - h as u8 };
                    ids.take_id(suit * 13 + rank)
                })
                .collect()
        })
        .collect();
    let layout = QuiltLayout {
        foundations,
        quilt,
        reserves,
        waste,
        stock_top_first,
    };
    if let Err(e) = quilt_check_layout(variant, &layout) {
        panic!("test position is inconsistent: {e}");
    }
    layout
}

/// Eight reserves: the given ones first, then empty ones.
pub fn eight(first: &[&'static str]) -> Vec<&'static str> {
    let mut all = first.to_vec();
    all.resize(8, "");
    all
}

/// Foundation heights with every suit complete except clubs: F0 (clubs up) `up`, F4 (clubs down)
/// `down`.
pub fn clubs_open(up: usize, down: usize) -> [usize; 8] {
    [up, 13, 13, 13, down, 13, 13, 13]
}

pub fn opts(waste_wrap: bool, redeals: u8) -> QuiltOptions {
    QuiltOptions {
        waste_wrap,
        redeals,
    }
}

pub fn mv(from: &str, to: &str) -> Move {
    Move::card(from, to)
}

pub fn start(variant: QuiltVariant, options: QuiltOptions, layout: &QuiltLayout) -> QuiltPosition {
    QuiltPosition::new(variant, &options, layout).expect("consistent test layout")
}

/// Asserts the move is legal and plays it.
#[track_caller]
pub fn ok(p: &mut QuiltPosition, m: Move) {
    if let Err(e) = p.play(&m) {
        panic!("`{m}` should be legal: {e}");
    }
}

/// Asserts the move is illegal and that the position is unchanged; returns the reason.
#[track_caller]
pub fn bad(p: &mut QuiltPosition, m: Move) -> String {
    let before = p.clone();
    let Err(reason) = p.play(&m) else {
        panic!("`{m}` should be illegal");
    };
    assert_eq!(*p, before, "an illegal move changed the position");
    reason
}

/// A small deterministic generator (64-bit LCG, high bits) for the randomised tests.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
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

/// The talon `0..104` after the "A/K to top" hook: deck-0 A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦ first, then every
/// other id in increasing order.
pub fn hooked_identity_talon() -> Vec<u8> {
    let head: Vec<u8> = ["AC", "AS", "AH", "AD", "KC", "KS", "KH", "KD"]
        .iter()
        .map(|code| c(code))
        .collect();
    let mut talon = head.clone();
    talon.extend((0..CARD_COUNT as u8).filter(|id| !head.contains(id)));
    talon
}

/// A shuffled talon with the hook applied.
pub fn hooked_random_talon(rng: &mut Lcg) -> Vec<u8> {
    let head: Vec<u8> = ["AC", "AS", "AH", "AD", "KC", "KS", "KH", "KD"]
        .iter()
        .map(|code| c(code))
        .collect();
    let mut rest: Vec<u8> = (0..CARD_COUNT as u8)
        .filter(|id| !head.contains(id))
        .collect();
    rng.shuffle(&mut rest);
    let mut talon = head;
    talon.extend(rest);
    talon
}

/// Codes of a list of ids.
pub fn codes(cards: &[u8]) -> Vec<String> {
    cards
        .iter()
        .map(|&id| patience_reference::card_code(id))
        .collect()
}
