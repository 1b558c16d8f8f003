//! Helpers for the Alhambra family's tests: hand-made positions and options.

use patience_reference::alhambra::{Layout, Options, Position, Variant, check_layout};

use super::{Ids, checked};

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
    let reserves = ids.piles(reserves);
    let wastes = ids.piles(wastes);
    let stock_top_first = ids.pile(stock_top_first);
    let layout =
        Layout { foundations: ids.foundations(heights), reserves, wastes, stock_top_first };
    checked(layout, |layout| check_layout(variant, layout))
}

/// The default options with `redeals` redeals.
pub fn opts(redeals: u8) -> Options {
    Options { redeals, ..Options::default() }
}

pub fn start(variant: Variant, options: Options, layout: &Layout) -> Position {
    Position::new(variant, &options, layout).expect("consistent test layout")
}
