//! Helpers shared by the test files: building hand-made positions from card codes.
#![allow(dead_code)]

use patience_reference::{CARD_COUNT, Layout, Variant, check_layout, parse_card};

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

/// A position with foundation F_i holding `heights[i]` cards (a run from its base: F0..F3 up from
/// the ace of C S H D, F4..F7 down from the king), and the other piles given by codes. The cards
/// not listed anywhere must be exactly those the foundations hold; checked with `check_layout`.
pub fn position(
    variant: Variant,
    heights: [usize; 8],
    reserves: &[&str],
    wastes: &[&str],
    stock_top_first: &str,
) -> Layout {
    let mut ids = Ids::new();
    // Piles other than the foundations first, so that tests naming a deck-1 copy get it.
    let reserves: Vec<Vec<u8>> = reserves.iter().map(|r| ids.pile(r)).collect();
    let wastes: Vec<Vec<u8>> = wastes.iter().map(|w| ids.pile(w)).collect();
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
    let layout = Layout {
        foundations,
        reserves,
        wastes,
        stock_top_first,
    };
    if let Err(e) = check_layout(variant, &layout) {
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

/// Codes of a list of ids.
pub fn codes(cards: &[u8]) -> Vec<String> {
    cards
        .iter()
        .map(|&id| patience_reference::card_code(id))
        .collect()
}

/// The talon `0..104` after the Alhambra hook: deck-0 A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦ first, then every
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
