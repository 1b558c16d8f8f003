//! Helpers for the Queen of Italy family's tests (`queen_layout.rs`, `queen_moves.rs`,
//! `queen_search.rs`, each with `mod common; mod queen_common;`): hand-made positions, options,
//! PySolFC game #1's talon.
#![allow(dead_code)]

use patience_reference::queen::{Layout, Options, Position, Variant, check_layout};

use super::common::{Ids, checked};

/// Foundation F_i of a hand-made position: `height` cards from base rank `base` going up with the
/// wrap. Alternating colours: F0, F1 start with clubs and alternate with hearts (C H C H ..),
/// F2, F3 spades with diamonds, F4, F5 hearts with clubs, F6, F7 diamonds with spades; so the
/// eight full foundations hold each card exactly twice. In suit (General's Patience): F0, F1
/// clubs, F2, F3 spades, F4, F5 hearts, F6, F7 diamonds. Either way F_i is missing, at height h,
/// the card of rank base + h.
pub fn foundation(ids: &mut Ids, f: usize, base: u8, height: usize, in_suit: bool) -> Vec<u8> {
    let first_suit = (f / 2) as u8;
    (0..height)
        .map(|k| {
            let suit = if in_suit || k % 2 == 0 { first_suit } else { first_suit ^ 2 };
            let rank = (base as usize + k) as u8 % 13;
            ids.take_id(suit * 13 + rank)
        })
        .collect()
}

/// A layout with foundation F_i holding `heights[i]` cards from base rank `base` (see
/// [`foundation`]; General's Patience in suit), and the other piles given by codes (the stock
/// next card first). The cards not listed anywhere must be exactly those the foundations hold;
/// checked with `check_layout`.
pub fn position(
    variant: Variant,
    base: u8,
    heights: [usize; 8],
    terrace: &str,
    rows: &[&str],
    waste: &str,
    stock_top_first: &str,
) -> Layout {
    let mut ids = Ids::new();
    // Piles other than the foundations first, so that tests naming a deck-1 copy get it.
    let terrace = ids.pile(terrace);
    let mut rows = ids.piles(rows);
    rows.resize(variant.row_count(), Vec::new());
    let waste = ids.pile(waste);
    let stock_top_first = ids.pile(stock_top_first);
    let in_suit = variant.foundations_in_suit();
    let foundations = (0..8).map(|f| foundation(&mut ids, f, base, heights[f], in_suit)).collect();
    let layout = Layout { foundations, terrace, rows, waste, stock_top_first };
    checked(layout, |layout| check_layout(variant, layout))
}

pub fn opts(redeals: u8, foundation_to_tableau: bool) -> Options {
    Options { redeals, foundation_to_tableau }
}

pub fn start(variant: Variant, options: Options, layout: &Layout) -> Position {
    Position::new(variant, &options, layout).expect("consistent test layout")
}

/// PySolFC game #1's talon (the same for every game of the family: PySolFC applies no hook), as
/// codes, `D[0]` first: Terrace's terrace D[0..=10], rows D[11..=14], stock D[15..].
pub const PYSOLFC_GAME_1: &str = "3D 5H JC KH 5S 5H KC KC 8D JD AS 8C 6C 6H TC \
    8D 4C JS QC 4H KD 2H TD 8S AC 7C 2H AD 9H 8S 7D 9S 8H JH 4D 2D 6H TH 8C 2S 3S 9C 7D 4S 8H TH \
    AH JC 4H 7H QS QC 7C 3S QH 9S 2S QH 3C AS 4S KS 6D TD 9C 9D JS 4D 5C 6C AD JH 6S 3C JD TC AH \
    QS 2C 9H 3H 7S 5C 9D KS 5D TS QD 7S 6D TS KD QD 7H 3D 2C KH 5D 3H 2D 4C 5S 6S AC";

/// Talon ids of a list of codes (the first copy of a code is deck 0, the second deck 1).
pub fn talon_of(codes: &str) -> Vec<u8> {
    let mut ids = Ids::new();
    let talon = ids.pile(codes);
    assert_eq!(talon.len(), 104);
    talon
}
