//! Crazy Quilt family: the deal from a talon and the quilt's geometry (RULES.md §5).

mod common;

use common::quilt::cell;
use common::{Lcg, c, codes, hooked_identity_talon, hooked_random_talon};
use patience_reference::quilt::{
    Layout, Options, Position, Variant, available_cells, check_layout, is_available, is_vertical,
    layout_from_talon, short_side_cells,
};

use Variant::{CrazyQuilt, IndianCarpet, PersianRug};

const ALL: [Variant; 3] = [CrazyQuilt, IndianCarpet, PersianRug];

/// Codes of quilt row r, "--" for a hole.
fn row_codes(quilt: &[[Option<u8>; 8]; 8], r: usize) -> String {
    quilt[r]
        .iter()
        .map(|cell| match cell {
            Some(card) => patience_reference::card_code(*card),
            None => "--".to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

type Quilt = [[Option<u8>; 8]; 8];

/// A full quilt of arbitrary cards (card ids don't matter for the geometry).
fn full_quilt() -> Quilt {
    let mut quilt = [[None; 8]; 8];
    for (r, row) in quilt.iter_mut().enumerate() {
        for (col, cell) in row.iter_mut().enumerate() {
            *cell = Some((8 * r + col) as u8);
        }
    }
    quilt
}

/// A full quilt with the named cells emptied.
fn quilt_without(holes: &[&str]) -> Quilt {
    let mut quilt = full_quilt();
    for name in holes {
        let (r, col) = cell(name);
        quilt[r][col] = None;
    }
    quilt
}

/// An empty quilt with only the named cells filled.
fn quilt_with(cards: &[&str]) -> Quilt {
    let mut quilt = [[None; 8]; 8];
    for (i, name) in cards.iter().enumerate() {
        let (r, col) = cell(name);
        quilt[r][col] = Some(i as u8);
    }
    quilt
}

fn names(cells: &[(usize, usize)]) -> Vec<String> {
    cells.iter().map(|(r, col)| format!("Q{r}{col}")).collect()
}

fn avail(quilt: &Quilt, name: &str) -> bool {
    let (r, col) = cell(name);
    is_available(quilt, r, col)
}

// -------------------------------------------------------------------------------------------
// The deal
// -------------------------------------------------------------------------------------------

#[test]
fn crazy_quilt_and_indian_carpet_deal_exactly() {
    let talon = hooked_identity_talon();
    for variant in [CrazyQuilt, IndianCarpet] {
        let layout = layout_from_talon(variant, &talon);
        let bases: Vec<Vec<String>> = layout.foundations.iter().map(|f| codes(f)).collect();
        assert_eq!(
            bases,
            ["AC", "AS", "AH", "AD", "KC", "KS", "KH", "KD"]
                .iter()
                .map(|code| vec![code.to_string()])
                .collect::<Vec<_>>()
        );
        // Deck-0 copies on the foundations.
        assert_eq!(layout.foundations[0], vec![c("AC")]);
        assert_eq!(layout.foundations[7], vec![c("KD")]);
        // Row-major: Q[r][c] = D[8 + 8r + c].
        for r in 0..8 {
            for col in 0..8 {
                assert_eq!(layout.quilt[r][col], Some(talon[8 + 8 * r + col]));
            }
        }
        assert_eq!(row_codes(&layout.quilt, 0), "2C 3C 4C 5C 6C 7C 8C 9C");
        assert_eq!(row_codes(&layout.quilt, 1), "TC JC QC 2S 3S 4S 5S 6S");
        assert_eq!(row_codes(&layout.quilt, 5), "9D TD JD QD AC 2C 3C 4C");
        assert_eq!(row_codes(&layout.quilt, 7), "KC AS 2S 3S 4S 5S 6S 7S");
        // Q[5][4] is the deck-1 ace of clubs (the hook moved only the deck-0 aces and kings).
        assert_eq!(layout.quilt[5][4], Some(c("AC") + 52));
        // Stock = D[72..104], D[72] dealt first; waste empty; no reserves.
        assert_eq!(layout.stock_top_first, talon[72..].to_vec());
        assert_eq!(layout.stock_top_first.len(), 32);
        assert_eq!(codes(&layout.stock_top_first[..3]), ["8S", "9S", "TS"]);
        assert_eq!(codes(&layout.stock_top_first[29..]), ["JD", "QD", "KD"]);
        assert!(layout.waste.is_empty());
        assert!(layout.reserves.is_empty());
        check_layout(variant, &layout).unwrap();
    }
}

#[test]
fn persian_rug_deals_reserves_round_robin() {
    let talon = hooked_identity_talon();
    let layout = layout_from_talon(PersianRug, &talon);
    let cq = layout_from_talon(CrazyQuilt, &talon);
    // Same foundations and quilt as Crazy Quilt.
    assert_eq!(layout.foundations, cq.foundations);
    assert_eq!(layout.quilt, cq.quilt);
    // Reserve i bottom→top = D[72+i], D[80+i], D[88+i], D[96+i].
    assert_eq!(layout.reserves.len(), 8);
    for (i, reserve) in layout.reserves.iter().enumerate() {
        assert_eq!(*reserve, vec![talon[72 + i], talon[80 + i], talon[88 + i], talon[96 + i]]);
    }
    assert_eq!(codes(&layout.reserves[0]), ["8S", "3H", "JH", "6D"]);
    assert_eq!(codes(&layout.reserves[7]), ["2H", "TH", "5D", "KD"]);
    assert!(layout.waste.is_empty());
    assert!(layout.stock_top_first.is_empty());
    check_layout(PersianRug, &layout).unwrap();
}

#[test]
fn random_deals_hold_every_card_once() {
    let mut rng = Lcg(2024);
    for _ in 0..20 {
        let talon = hooked_random_talon(&mut rng);
        for variant in ALL {
            let layout = layout_from_talon(variant, &talon);
            check_layout(variant, &layout).unwrap();
            let mut seen: Vec<u8> = layout
                .foundations
                .iter()
                .chain(&layout.reserves)
                .flatten()
                .chain(layout.quilt.iter().flatten().flatten())
                .chain(&layout.waste)
                .chain(&layout.stock_top_first)
                .copied()
                .collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..104).collect::<Vec<u8>>());
            assert_eq!(layout.quilt[3][6], Some(talon[8 + 24 + 6]));
            assert_eq!(available_cells(&layout.quilt).len(), 16);
        }
    }
}

#[test]
#[should_panic(expected = "104")]
fn short_talon_panics() {
    layout_from_talon(CrazyQuilt, &[0u8; 103]);
}

#[test]
fn inconsistent_layouts_are_refused() {
    let talon = hooked_identity_talon();
    let good = layout_from_talon(CrazyQuilt, &talon);

    // A card twice (and another missing).
    let mut twice = good.clone();
    twice.quilt[0][0] = twice.quilt[0][1];
    assert!(check_layout(CrazyQuilt, &twice).is_err());
    // A hole without the card going anywhere.
    let mut missing = good.clone();
    missing.quilt[4][4] = None;
    assert!(check_layout(CrazyQuilt, &missing).is_err());
    // The card of a hole moved to the waste: fine.
    let mut moved = good.clone();
    let card = moved.quilt[4][4].take().unwrap();
    moved.waste.push(card);
    assert!(check_layout(CrazyQuilt, &moved).is_ok());
    // A foundation that is not a run from its base.
    let mut wrong_base = good.clone();
    wrong_base.foundations.swap(0, 1);
    assert!(check_layout(CrazyQuilt, &wrong_base).is_err());
    // Reserves in Crazy Quilt, a waste or a stock in Persian Rug.
    assert!(check_layout(PersianRug, &good).is_err());
    let mut pr = layout_from_talon(PersianRug, &talon);
    assert!(check_layout(CrazyQuilt, &pr).is_err());
    let top = pr.reserves[0].pop().unwrap();
    pr.waste.push(top);
    assert!(check_layout(PersianRug, &pr).is_err());
    let top = pr.waste.pop().unwrap();
    pr.stock_top_first.push(top);
    assert!(check_layout(PersianRug, &pr).is_err());
    // An id out of range.
    let mut out_of_range = good.clone();
    out_of_range.stock_top_first[0] = 104;
    assert!(check_layout(CrazyQuilt, &out_of_range).is_err());
    // Position::new refuses them as well.
    assert!(Position::new(CrazyQuilt, &Options::default(), &missing).is_err());
}

#[test]
fn options_per_variant() {
    assert_eq!(Options::for_variant(CrazyQuilt), Options { waste_wrap: true, redeals: 1 });
    assert_eq!(Options::for_variant(IndianCarpet).redeals, 2);
    assert_eq!(Options::for_variant(PersianRug).redeals, 0);
    assert!(Options::for_variant(PersianRug).waste_wrap);
    assert_eq!(Options::default(), Options::for_variant(CrazyQuilt));
    let layout: Layout = layout_from_talon(IndianCarpet, &hooked_identity_talon());
    let p = Position::new(IndianCarpet, &Options::for_variant(IndianCarpet), &layout).unwrap();
    assert_eq!(p.redeals_left(), 2);
}

// -------------------------------------------------------------------------------------------
// Orientation and availability
// -------------------------------------------------------------------------------------------

#[test]
fn orientation_is_a_chessboard_starting_vertical() {
    assert!(is_vertical(0, 0));
    assert!(!is_vertical(0, 1));
    assert!(!is_vertical(1, 0));
    assert!(is_vertical(1, 1));
    assert!(!is_vertical(0, 7));
    assert!(!is_vertical(7, 0));
    assert!(is_vertical(7, 7));
    assert!(is_vertical(3, 5));
    assert!(!is_vertical(4, 3));
    // Vertical: short sides above and below. Horizontal: left and right.
    assert_eq!(short_side_cells(0, 0), [(-1, 0), (1, 0)]);
    assert_eq!(short_side_cells(3, 3), [(2, 3), (4, 3)]);
    assert_eq!(short_side_cells(3, 4), [(3, 3), (3, 5)]);
    assert_eq!(short_side_cells(7, 0), [(7, -1), (7, 1)]);
    assert_eq!(short_side_cells(2, 7), [(2, 6), (2, 8)]);
}

#[test]
fn exactly_sixteen_available_at_the_start() {
    let quilt = full_quilt();
    let got = names(&available_cells(&quilt));
    let mut expected: Vec<&str> = vec![
        // Row 0, vertical cards (c even) face off the top.
        "Q00", "Q02", "Q04", "Q06", // Row 7, vertical cards (c odd) face off the bottom.
        "Q71", "Q73", "Q75", "Q77", // Column 0, horizontal cards (r odd) face off the left.
        "Q10", "Q30", "Q50", "Q70", // Column 7, horizontal cards (r even) face off the right.
        "Q07", "Q27", "Q47", "Q67",
    ];
    expected.sort_unstable();
    assert_eq!(got, expected);
    // All four corners are available; the other 12 edge cards are not (28 edge cards in all).
    for corner in ["Q00", "Q07", "Q70", "Q77"] {
        assert!(avail(&quilt, corner), "{corner}");
    }
    // Edge cards lying along the edge (long side out) are not available.
    for edge in ["Q01", "Q03", "Q05", "Q72", "Q74", "Q76", "Q20", "Q40", "Q60", "Q17", "Q37", "Q57"]
    {
        assert!(!avail(&quilt, edge), "{edge}");
    }
    // No interior card is.
    for r in 1..7 {
        for col in 1..7 {
            assert!(!is_available(&quilt, r, col), "Q{r}{col}");
        }
    }
}

#[test]
fn holes_and_off_grid_cells_are_not_available() {
    let quilt = quilt_without(&["Q00", "Q33"]);
    assert!(!avail(&quilt, "Q00"));
    assert!(!avail(&quilt, "Q33"));
    assert!(!is_available(&quilt, 8, 0));
    assert!(!is_available(&quilt, 0, 8));
    assert!(!is_available(&[[None; 8]; 8], 4, 4));
}

/// The cells that become available when `removed` is emptied from a full quilt with `holes`.
fn gained(holes: &[&str], removed: &str) -> Vec<String> {
    let before = names(&available_cells(&quilt_without(holes)));
    let mut all = holes.to_vec();
    all.push(removed);
    let after = names(&available_cells(&quilt_without(&all)));
    // Nothing but the removed card is lost.
    for name in &before {
        assert!(name == removed || after.contains(name), "{name} lost");
    }
    after.into_iter().filter(|n| !before.contains(n)).collect()
}

#[test]
fn removing_a_corner() {
    // Q00 is vertical: its short sides face (−1,0) (off the grid) and (1,0). Q10 is horizontal
    // (1+0 odd): its short sides face (1,−1) (off the grid) and (1,1); it was available already and
    // is not affected. Q01 is horizontal: its short sides face Q00 and Q02, so it becomes available.
    let quilt = quilt_without(&["Q00"]);
    assert!(avail(&quilt, "Q01"));
    assert!(avail(&quilt, "Q10"));
    assert!(!avail(&quilt, "Q11")); // vertical: faces Q01 and Q21, both present
    assert_eq!(available_cells(&quilt).len(), 16); // lost Q00, gained Q01
    assert_eq!(gained(&[], "Q00"), ["Q01"]);
    // Then removing Q01 (horizontal) frees the vertical card below it, Q11, but not Q03 (which
    // faces Q02 and Q04).
    assert_eq!(gained(&["Q00"], "Q01"), ["Q11"]);
    assert!(!avail(&quilt_without(&["Q00", "Q01"]), "Q03"));

    // The other corners. Q77 is vertical (faces Q67 and off the bottom): removing it frees the
    // horizontal Q76 (faces Q75 and Q77); Q67 is horizontal and was available already. Q70 is
    // horizontal: removing it frees the vertical Q60 (faces Q50 and Q70). Q07 is horizontal:
    // removing it frees the vertical Q17 (faces Q07 and Q27).
    assert_eq!(gained(&[], "Q77"), ["Q76"]);
    assert_eq!(gained(&[], "Q70"), ["Q60"]);
    assert_eq!(gained(&[], "Q07"), ["Q17"]);
    // Edge and interior: a vertical card frees its left and right neighbours (horizontal), a
    // horizontal card the ones above and below (vertical); never along its own long axis.
    assert_eq!(gained(&[], "Q02"), ["Q01", "Q03"]);
    assert_eq!(gained(&[], "Q10"), ["Q20"]); // Q00, above it, is available already
    assert_eq!(gained(&[], "Q44"), ["Q43", "Q45"]);
    assert_eq!(gained(&[], "Q45"), ["Q35", "Q55"]);
    assert_eq!(gained(&[], "Q66"), ["Q65"]); // Q67 is available already
    // Every cell of a full quilt, by the same reasoning.
    for r in 0..8 {
        for col in 0..8 {
            let name = format!("Q{r}{col}");
            let mut expected: Vec<String> = Vec::new();
            let candidates: [(i32, i32); 2] = if is_vertical(r, col) {
                [(r as i32, col as i32 - 1), (r as i32, col as i32 + 1)]
            } else {
                [(r as i32 - 1, col as i32), (r as i32 + 1, col as i32)]
            };
            for (nr, nc) in candidates {
                if (0..8).contains(&nr) && (0..8).contains(&nc) {
                    let n = format!("Q{nr}{nc}");
                    if !avail(&full_quilt(), &n) {
                        expected.push(n);
                    }
                }
            }
            assert_eq!(gained(&[], &name), expected, "removing {name}");
        }
    }
}

#[test]
fn long_sides_do_not_count() {
    // Q33 is vertical: it faces Q23 and Q43. Emptying Q32 and Q34 (its long sides) frees nothing.
    let quilt = quilt_without(&["Q32", "Q34"]);
    assert!(!avail(&quilt, "Q33"));
    // Emptying Q23 frees it (and Q13, the vertical card above Q23).
    let quilt = quilt_without(&["Q23"]);
    assert!(avail(&quilt, "Q33"));
    assert!(avail(&quilt, "Q13"));
    assert!(!avail(&quilt, "Q22")); // vertical: faces Q12 and Q32
    assert!(!avail(&quilt, "Q24")); // vertical: faces Q14 and Q34
    // Q34 is horizontal: it faces Q33 and Q35. Emptying Q24 and Q44 (its long sides) frees
    // nothing; emptying Q35 does.
    let quilt = quilt_without(&["Q24", "Q44"]);
    assert!(!avail(&quilt, "Q34"));
    let quilt = quilt_without(&["Q35"]);
    assert!(avail(&quilt, "Q34"));
    assert!(avail(&quilt, "Q36"));
    assert!(!avail(&quilt, "Q25")); // horizontal: faces Q24 and Q26
}

#[test]
fn edges() {
    // Left edge: Q30 horizontal faces off the grid; Q40 vertical faces Q30 and Q50.
    let quilt = full_quilt();
    assert!(avail(&quilt, "Q30"));
    assert!(!avail(&quilt, "Q40"));
    assert!(avail(&quilt_without(&["Q30"]), "Q40"));
    assert!(avail(&quilt_without(&["Q50"]), "Q40"));
    assert!(!avail(&quilt_without(&["Q41"]), "Q40")); // its long side
    // Bottom edge: Q72 horizontal faces Q71 and Q73.
    assert!(!avail(&quilt, "Q72"));
    assert!(avail(&quilt_without(&["Q73"]), "Q72"));
    assert!(!avail(&quilt_without(&["Q62"]), "Q72"));
    // Right edge: Q57 vertical faces Q47 and Q67.
    assert!(!avail(&quilt, "Q57"));
    assert!(avail(&quilt_without(&["Q67"]), "Q57"));
    assert!(!avail(&quilt_without(&["Q56"]), "Q57"));
}

#[test]
fn isolated_cards_and_pinwheels() {
    // A lone card is available whatever its orientation.
    for r in 0..8 {
        for col in 0..8 {
            let mut quilt = [[None; 8]; 8];
            quilt[r][col] = Some(0);
            assert!(is_available(&quilt, r, col));
        }
    }
    // A pinwheel: Q11 (V) is blocked by Q01 and Q21; Q21 (H) by Q20 and Q22; Q22 (V) by Q12 and
    // Q32; Q12 (H) by Q11 and Q13. With the outer four present, none of the inner four is free.
    let quilt = quilt_with(&["Q11", "Q21", "Q22", "Q12", "Q01", "Q20", "Q32", "Q13"]);
    for inner in ["Q11", "Q21", "Q22", "Q12"] {
        assert!(!avail(&quilt, inner), "{inner}");
    }
    for outer in ["Q01", "Q20", "Q32", "Q13"] {
        assert!(avail(&quilt, outer), "{outer}");
    }
    // A vertical pair: Q33 (V) above Q43 (H): Q33 faces Q23 (empty): available.
    let quilt = quilt_with(&["Q23", "Q33", "Q43"]);
    assert!(avail(&quilt, "Q23")); // horizontal, faces Q22 and Q24 (empty)
    assert!(!avail(&quilt, "Q33")); // faces Q23 and Q43, both present
    assert!(avail(&quilt, "Q43")); // horizontal, faces Q42 and Q44 (empty)
}

/// The rule restated cell by cell, checked on random patterns: a card is available iff it is not
/// the case that both short-side cells are on the grid and hold a card. Also: a non-empty quilt
/// always has an available card, and removing a card never makes another unavailable.
#[test]
fn random_patterns() {
    let mut rng = Lcg(77);
    for _ in 0..2000 {
        let mut quilt = [[None; 8]; 8];
        let density = 1 + rng.below(9);
        for cell in quilt.iter_mut().flatten() {
            if rng.below(10) < density {
                *cell = Some(0);
            }
        }
        let present = |r: i32, col: i32| {
            (0..8).contains(&r)
                && (0..8).contains(&col)
                && quilt[r as usize][col as usize].is_some()
        };
        let mut any = false;
        for r in 0..8i32 {
            for col in 0..8i32 {
                if !present(r, col) {
                    continue;
                }
                let blocked = if (r + col) % 2 == 0 {
                    present(r - 1, col) && present(r + 1, col)
                } else {
                    present(r, col - 1) && present(r, col + 1)
                };
                let got = is_available(&quilt, r as usize, col as usize);
                assert_eq!(got, !blocked, "Q{r}{col}");
                any |= got;
            }
        }
        let non_empty = quilt.iter().flatten().any(Option::is_some);
        assert_eq!(any, non_empty);
        // Monotone: emptying one card keeps every other available card available.
        let before = available_cells(&quilt);
        if let Some(&(r, col)) = before.first() {
            let mut after = quilt;
            after[r][col] = None;
            for &(ar, ac) in &before[1..] {
                assert!(is_available(&after, ar, ac));
            }
        }
    }
}
