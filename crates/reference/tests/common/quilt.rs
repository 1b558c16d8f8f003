//! Helpers for the Crazy Quilt family's tests: hand-made positions and options.

use patience_reference::quilt::{Layout, Options, Position, Variant, check_layout};

use super::{Ids, checked, clubs_open};

/// Row and column of a cell name such as `Q07` (test input only).
pub fn cell(name: &str) -> (usize, usize) {
    let b = name.as_bytes();
    assert!(b.len() == 3 && b[0] == b'Q', "bad cell name {name:?}");
    ((b[1] - b'0') as usize, (b[2] - b'0') as usize)
}

/// A position with foundation F_i holding `heights[i]` cards (a run from its base: F0..F3 up from
/// the ace of C S H D, F4..F7 down from the king), the quilt cells listed as (cell, code) pairs
/// (every other cell a hole), and the other piles given by codes. The cards not listed anywhere
/// must be exactly those the foundations hold; checked with `check_layout`.
pub fn position(
    variant: Variant,
    heights: [usize; 8],
    cells: &[(&str, &str)],
    reserves: &[&str],
    waste: &str,
    stock_top_first: &str,
) -> Layout {
    let mut ids = Ids::new();
    let mut quilt = [[None; 8]; 8];
    for &(name, code) in cells {
        let (r, cc) = cell(name);
        assert!(quilt[r][cc].is_none(), "{name} listed twice");
        quilt[r][cc] = Some(ids.take(code));
    }
    let reserves = ids.piles(reserves);
    let waste = ids.pile(waste);
    let stock_top_first = ids.pile(stock_top_first);
    let layout =
        Layout { foundations: ids.foundations(heights), quilt, reserves, waste, stock_top_first };
    checked(layout, |layout| check_layout(variant, layout))
}

/// Eight reserves: the given ones first, then empty ones.
pub fn eight(first: &[&'static str]) -> Vec<&'static str> {
    let mut all = first.to_vec();
    all.resize(8, "");
    all
}

/// Persian Rug, clubs open: F0 holds A..9 (needs TC), F4 holds K..3 (needs 2C). Leftover: TC JC
/// QC KC (deck 0), AC 2C (deck 1). R0 = JC AC, R1 = QC, R2..R7 empty. Q00 = KC (vertical, free),
/// Q01 = TC (horizontal between Q00 and Q02), Q02 = 2C (vertical, free). Won with or without the
/// wrap.
pub fn persian_rug_clubs_open() -> Layout {
    position(
        Variant::PersianRug,
        clubs_open(9, 11),
        &[("Q00", "KC"), ("Q01", "TC"), ("Q02", "2C")],
        &eight(&["JC AC", "QC"]),
        "",
        "",
    )
}

pub fn opts(waste_wrap: bool, redeals: u8) -> Options {
    Options { waste_wrap, redeals }
}

pub fn start(variant: Variant, options: Options, layout: &Layout) -> Position {
    Position::new(variant, &options, layout).expect("consistent test layout")
}
