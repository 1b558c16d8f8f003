//! The Crazy Quilt's 8×8 grid (RULES.md §5): which cells lie vertically, which cards are
//! available, and the grid drawn as text (for `Layout::to_text`).

use crate::card::Card;

/// Cells whose card lies vertically: (r + c) even (RULES.md §5: Q[0][0] is vertical).
const VERTICAL: u64 = 0xAA55_AA55_AA55_AA55;
const COLUMN_0: u64 = 0x0101_0101_0101_0101;
const COLUMN_7: u64 = COLUMN_0 << 7;

/// The available quilt cards: present, with at least one short-side neighbour off the grid or
/// gone. A vertical card's short sides face up and down, a horizontal one's left and right.
#[inline]
pub fn available_cells(quilt: u64) -> u64 {
    // Bit i of each mask: the neighbour on that side of cell i is missing (gone or off the grid).
    let up_missing = !(quilt << 8);
    let down_missing = !(quilt >> 8);
    let left_missing = !((quilt << 1) & !COLUMN_0);
    let right_missing = !((quilt >> 1) & !COLUMN_7);
    quilt
        & ((VERTICAL & (up_missing | down_missing)) | (!VERTICAL & (left_missing | right_missing)))
}

/// The quilt drawn as an 8×8 grid: `[5H]` is available now, ` 5H ` is not; `|` marks a vertical
/// card, `-` a horizontal one; `..` is a hole.
pub fn grid_text(quilt: &[Option<Card>]) -> String {
    let mask = quilt.iter().enumerate().fold(0u64, |m, (i, c)| m | ((c.is_some() as u64) << i));
    let avail = available_cells(mask);
    let mut out = String::from("quilt ([XX] available now; | vertical, - horizontal):\n    ");
    out.extend((0..8).map(|c| format!("  {c}   ")));
    out.push('\n');
    for r in 0..8 {
        out.push_str(&format!("  {r} "));
        for c in 0..8 {
            let i = 8 * r + c;
            let orient = if VERTICAL >> i & 1 == 1 { '|' } else { '-' };
            match quilt[i] {
                Some(card) if avail >> i & 1 == 1 => out.push_str(&format!(" [{card}]{orient}")),
                Some(card) => out.push_str(&format!("  {card} {orient}")),
                None => out.push_str("  ..  "),
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
