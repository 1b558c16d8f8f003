//! Legal and illegal moves of every kind, for every variant (RULES.md §2).

mod common;

use common::alhambra::{opts, position, start};
use common::{bad, c, c2, clubs_open, mv, ok};
use patience_reference::alhambra::{Layout, Options, Variant};
use patience_reference::{Move, Rules};

use Variant::{Alhambra, Granada, Reinforcements};

// -------------------------------------------------------------------------------------------
// Foundations
// -------------------------------------------------------------------------------------------

/// Clubs open: F0 (up) holds A..T and needs JC; F4 (down) holds K..3 and needs 2C. Left over:
/// JC QC KC AC 2C, and KH. R0 = JC, R1 = 2C, R2 = QC, R3 = KH, waste KC, stock AC.
fn foundation_layout(variant: Variant) -> Layout {
    let reserves: Vec<&str> = match variant {
        Reinforcements => vec!["JC", "2C", "QC", "KH"],
        _ => vec!["JC", "2C", "QC", "KH", "", "", "", ""],
    };
    let wastes: Vec<&str> = if variant == Granada { vec!["KC", "", "", ""] } else { vec!["KC"] };
    // Hearts: F2 holds A..Q and needs KH; F6 is full. So KH is left over as well.
    let mut heights = clubs_open(10, 11);
    heights[2] = 12;
    position(variant, heights, &reserves, &wastes, "AC")
}

#[test]
fn reserve_and_waste_to_foundation() {
    for variant in [Alhambra, Granada, Reinforcements] {
        let w = if variant == Granada { "W0" } else { "W" };
        let mut p = start(variant, opts(2), &foundation_layout(variant));
        // Wrong rank for up F0 (needs JC), wrong suit for F1 (spades is full anyway), wrong
        // direction: 2C does not go on F0.
        bad(&mut p, mv("R2", "F0")); // QC before JC
        bad(&mut p, mv("R1", "F0")); // 2C on the up foundation
        bad(&mut p, mv("R0", "F4")); // JC on the down foundation (needs 2C)
        bad(&mut p, mv("R3", "F3")); // KH on the diamonds foundation
        bad(&mut p, mv("R3", "F6")); // KH on the full hearts-down foundation
        bad(&mut p, mv(w, "F0")); // KC before QC
        ok(&mut p, mv("R3", "F2")); // KH on hearts-up (A..Q)
        ok(&mut p, mv("R0", "F0")); // JC
        ok(&mut p, mv("R1", "F4")); // 2C down
        ok(&mut p, mv("R2", "F0")); // QC
        ok(&mut p, mv(w, "F0")); // KC from the waste
        bad(&mut p, mv(w, "F0")); // the waste is now empty
        let layout = p.to_layout();
        assert_eq!(layout.foundations[0].len(), 13);
        assert_eq!(layout.foundations[2].len(), 13);
        assert_eq!(layout.foundations[4].len(), 12);
        // F0 is full: nothing more goes on it; AC (still in the stock, or refilled into a
        // reserve in The Reinforcements) goes on F4 only.
        if variant == Reinforcements {
            // The first move emptied R3, which at once took the stock's only card, AC.
            assert_eq!(layout.reserves[3], vec![c("AC")]);
            assert!(layout.stock_top_first.is_empty());
            assert!(layout.reserves[0].is_empty()); // emptied later, with the stock empty
            bad(&mut p, mv("R3", "F0"));
            ok(&mut p, mv("R3", "F4"));
        } else {
            ok(&mut p, Move::Deal);
            bad(&mut p, mv(w, "F0"));
            ok(&mut p, mv(w, "F4"));
        }
        assert!(p.is_won());
    }
}

#[test]
fn foundation_cards_never_move_and_reserves_take_nothing() {
    for variant in [Alhambra, Granada, Reinforcements] {
        let w = if variant == Granada { "W0" } else { "W" };
        let mut p = start(variant, opts(2), &foundation_layout(variant));
        bad(&mut p, mv("F0", w)); // foundation → waste
        bad(&mut p, mv("F4", "F0")); // foundation → foundation
        bad(&mut p, mv("F0", "R0"));
        bad(&mut p, mv(w, "R0")); // waste → reserve is not allowed
        bad(&mut p, mv("R0", "R2")); // nothing is built on a reserve (JC on QC would fit by suit)
        bad(&mut p, mv("R2", "R2"));
    }
}

#[test]
fn unknown_pile_names_are_illegal() {
    let mut p = start(Alhambra, opts(2), &foundation_layout(Alhambra));
    for (from, to) in [
        ("W0", "F0"), // Alhambra's waste is `W`
        ("W1", "F0"),
        ("R8", "F0"),
        ("R0", "F8"),
        ("R0", "F9"),
        ("r0", "F0"),
        ("R00", "F0"),
        ("R0", "f0"),
        ("R0", ""),
        ("", "F0"),
        ("R0", "T"),
        ("P0", "F0"),
    ] {
        bad(&mut p, mv(from, to));
    }
    let mut p = start(Granada, opts(2), &foundation_layout(Granada));
    bad(&mut p, mv("W", "F0")); // Granada's wastes are W0..W3
    bad(&mut p, mv("W4", "F0"));
    bad(&mut p, mv("R0", "W4"));
    bad(&mut p, mv("W0", "W0")); // a waste onto itself
    bad(&mut p, mv("W0", "W3")); // W3 exists but is empty, and an empty waste accepts nothing
}

// -------------------------------------------------------------------------------------------
// Building on the waste: same suit, rank ±1 with wrap (K↔A); the empty waste rule and its option
// -------------------------------------------------------------------------------------------

/// Clubs open: F0 holds A..9 (needs TC), F4 holds K..5 (needs 4C); spades: F1 holds A..Q (needs
/// KS). Left over: TC JC QC KC AC 2C 3C 4C KS. `reserves` lists R0..R3 (the other reserves of
/// Alhambra and Granada are empty); the single waste (Alhambra, Reinforcements) or W0..W3
/// (Granada) are `wastes`.
fn clubs_layout(variant: Variant, reserves: [&str; 4], wastes: &[&str], stock: &str) -> Layout {
    let mut heights = clubs_open(9, 9);
    heights[1] = 12;
    let mut all_reserves = reserves.to_vec();
    if variant != Reinforcements {
        all_reserves.resize(8, "");
    }
    position(variant, heights, &all_reserves, wastes, stock)
}

/// The waste name and the waste list with `cards` on the waste under test (W2 in Granada).
fn one_waste(variant: Variant, cards: &'static str) -> (&'static str, Vec<&'static str>) {
    if variant == Granada { ("W2", vec!["", "", cards, ""]) } else { ("W", vec![cards]) }
}

#[test]
fn reserve_to_waste_up_with_wrap_from_king() {
    for variant in [Alhambra, Granada, Reinforcements] {
        let (w, wastes) = one_waste(variant, "KC");
        let layout = clubs_layout(variant, ["TC JC", "3C 2C", "KS AC", "4C"], &wastes, "QC");
        let mut p = start(variant, opts(2), &layout);
        bad(&mut p, mv("R1", w)); // 2C on KC: K→2 is not ±1
        bad(&mut p, mv("R0", w)); // JC on KC: ±2
        ok(&mut p, mv("R2", w)); // AC on KC: K→A wraps
        bad(&mut p, mv("R2", w)); // KS on AC: A↔K, but the wrong suit
        ok(&mut p, mv("R1", w)); // 2C on AC
        ok(&mut p, mv("R1", w)); // 3C on 2C
        ok(&mut p, mv("R3", w)); // 4C on 3C
        bad(&mut p, mv("R0", w)); // JC on 4C
        let waste = match variant {
            Granada => p.to_layout().wastes[2].clone(),
            _ => p.to_layout().wastes[0].clone(),
        };
        assert_eq!(waste, vec![c("KC"), c("AC"), c("2C"), c("3C"), c("4C")]);
    }
}

#[test]
fn reserve_to_waste_down_with_wrap_from_ace() {
    for variant in [Alhambra, Granada, Reinforcements] {
        let (w, wastes) = one_waste(variant, "AC");
        let layout = clubs_layout(variant, ["TC JC", "3C 2C", "KS KC", "4C"], &wastes, "QC");
        let mut p = start(variant, opts(2), &layout);
        ok(&mut p, mv("R2", w)); // KC on AC: A→K wraps
        bad(&mut p, mv("R2", w)); // KS on KC: same rank
        bad(&mut p, mv("R0", w)); // JC on KC: ±2
        ok(&mut p, Move::Deal); // QC from the stock (Granada: onto W0)
        if variant == Granada {
            ok(&mut p, mv("W0", w)); // QC on KC, waste to another waste
        }
        ok(&mut p, mv("R0", w)); // JC on QC: down
        ok(&mut p, mv("R0", w)); // TC on JC
        bad(&mut p, mv("R1", w)); // 2C on TC
    }
}

#[test]
fn empty_waste_accepts_nothing_by_default() {
    for variant in [Alhambra, Granada, Reinforcements] {
        let (w, wastes) = one_waste(variant, "");
        let layout = clubs_layout(variant, ["TC JC", "3C 2C", "KS AC", "4C"], &wastes, "QC KC");
        let mut p = start(variant, opts(2), &layout);
        for r in ["R0", "R1", "R2", "R3"] {
            bad(&mut p, mv(r, w));
        }
        bad(&mut p, mv("R4", w)); // empty source (and for Reinforcements, no R4)

        // With `empty_waste_any`, Alhambra and Granada accept any reserve card; The
        // Reinforcements ignores the option.
        let any = Options { empty_waste_any: true, ..opts(2) };
        let mut p = start(variant, any, &layout);
        if variant == Reinforcements {
            bad(&mut p, mv("R2", w));
        } else {
            ok(&mut p, mv("R2", w)); // AC onto the empty waste
            bad(&mut p, mv("R2", w)); // KS on AC: the option is only about an empty waste
        }
    }
}

#[test]
fn granada_waste_to_another_waste() {
    // W0 = 2C QC, W1 = 3C, W2 = KC 4C, W3 = AC; R0 = TC, R1 = JC, R2 = KS.
    let layout = clubs_layout(Granada, ["TC", "JC", "KS", ""], &["2C QC", "3C", "KC 4C", "AC"], "");
    for option in [false, true] {
        let options = Options { empty_waste_any: option, ..opts(2) };
        let mut p = start(Granada, options, &layout);
        bad(&mut p, mv("W0", "W0")); // onto itself
        bad(&mut p, mv("W2", "W2"));
        bad(&mut p, mv("W0", "W1")); // QC on 3C
        bad(&mut p, mv("W3", "W0")); // AC on QC
        ok(&mut p, mv("W1", "W2")); // 3C on 4C; W1 is now empty
        if !option {
            bad(&mut p, mv("W0", "W1")); // QC onto the empty W1
            bad(&mut p, mv("R2", "W1")); // KS onto the empty W1
            ok(&mut p, mv("R1", "W0")); // JC on QC: a reserve card goes on any waste
            ok(&mut p, mv("R0", "W0")); // TC on JC
            bad(&mut p, mv("W3", "W0")); // AC on TC
            bad(&mut p, mv("W3", "W2")); // AC on 3C: ±2
        } else {
            ok(&mut p, mv("W0", "W1")); // QC onto the empty W1; W0 = 2C
            ok(&mut p, mv("W3", "W0")); // AC on 2C; W3 is now empty
            ok(&mut p, mv("R2", "W3")); // KS onto the empty W3
            ok(&mut p, mv("R1", "W1")); // JC on QC
            bad(&mut p, mv("W0", "W3")); // AC on KS: wrong suit
        }
    }
}

// -------------------------------------------------------------------------------------------
// Deals and redeals
// -------------------------------------------------------------------------------------------

#[test]
fn alhambra_deal_redeal_and_redeal_limit() {
    // R0 = JC TC (TC on top); waste = AC (bottom) 2C; stock top-first 3C KC QC.
    let layout = clubs_layout(Alhambra, ["JC TC", "4C", "KS", ""], &["AC 2C"], "3C KC QC");
    let mut p = start(Alhambra, opts(2), &layout);
    bad(&mut p, Move::Redeal); // the stock is not empty
    ok(&mut p, Move::Deal);
    assert_eq!(p.to_layout().wastes[0], vec![c("AC"), c("2C"), c("3C")]);
    assert_eq!(p.to_layout().stock_top_first, vec![c("KC"), c("QC")]);
    ok(&mut p, Move::Deal);
    ok(&mut p, Move::Deal);
    bad(&mut p, Move::Deal); // empty stock
    let waste_before = p.to_layout().wastes[0].clone();
    assert_eq!(waste_before, [c("AC"), c("2C"), c("3C"), c("KC"), c("QC")]);

    // Redeal 1: the waste turned over; its bottom card AC is the next card dealt.
    ok(&mut p, Move::Redeal);
    assert_eq!(p.redeals_left(), 1);
    assert!(p.to_layout().wastes[0].is_empty());
    assert_eq!(p.to_layout().stock_top_first, waste_before);
    bad(&mut p, Move::Redeal); // the stock is not empty again
    ok(&mut p, Move::Deal);
    assert_eq!(p.to_layout().wastes[0], vec![c("AC")]);
    for _ in 0..4 {
        ok(&mut p, Move::Deal);
    }
    // The order survives a turn-over and a pass unchanged.
    assert_eq!(p.to_layout().wastes[0], waste_before);
    ok(&mut p, Move::Redeal);
    assert_eq!(p.redeals_left(), 0);
    assert_eq!(p.to_layout().stock_top_first, waste_before);
    for _ in 0..5 {
        ok(&mut p, Move::Deal);
    }
    bad(&mut p, Move::Deal);
    bad(&mut p, Move::Redeal); // 2 redeals spent: no third

    // After the last pass play goes on, with every kind of card move, to a win.
    bad(&mut p, mv("W", "W")); // waste to waste is not an Alhambra move
    ok(&mut p, mv("R0", "F0")); // TC on F0 (A..9)
    ok(&mut p, mv("R0", "W")); // JC on QC: reserve to waste
    ok(&mut p, mv("W", "F0")); // JC: waste to foundation
    ok(&mut p, mv("W", "F0")); // QC
    ok(&mut p, mv("W", "F0")); // KC
    ok(&mut p, mv("R1", "F4")); // 4C on F4 (K..5)
    ok(&mut p, mv("W", "F4")); // 3C
    ok(&mut p, mv("W", "F4")); // 2C
    ok(&mut p, mv("W", "F4")); // AC
    assert!(!p.is_won());
    ok(&mut p, mv("R2", "F1")); // KS
    assert!(p.is_won());
    assert!(p.legal_moves().is_empty());
}

#[test]
fn no_redeal_when_none_are_left() {
    let layout = clubs_layout(Alhambra, ["TC JC", "4C", "KS", ""], &["AC 2C 3C QC KC"], "");
    let mut p = start(Alhambra, opts(0), &layout);
    bad(&mut p, Move::Redeal);
    let mut p = start(Alhambra, opts(1), &layout);
    ok(&mut p, Move::Redeal);
    assert_eq!(p.redeals_left(), 0);
    // A redeal with an empty waste is allowed: it only spends a redeal.
    let empty = clubs_layout(Alhambra, ["TC JC", "4C", "KS", "AC 2C 3C QC KC"], &[""], "");
    let mut p = start(Alhambra, opts(1), &empty);
    ok(&mut p, Move::Redeal);
    assert_eq!(p.to_layout(), empty);
    bad(&mut p, Move::Redeal);
}

#[test]
fn granada_deal_order_and_redeal_order() {
    let layout =
        clubs_layout(Granada, ["TC", "JC", "KS", ""], &["", "", "", ""], "AC 2C 3C 4C QC KC");
    let mut p = start(Granada, opts(2), &layout);
    bad(&mut p, Move::Redeal);
    // One card on each of W0..W3 in order.
    ok(&mut p, Move::Deal);
    let l = p.to_layout();
    assert_eq!(l.wastes, vec![vec![c("AC")], vec![c("2C")], vec![c("3C")], vec![c("4C")]]);
    assert_eq!(l.stock_top_first, vec![c("QC"), c("KC")]);
    // Fewer when the stock runs short: W0 and W1 only.
    ok(&mut p, Move::Deal);
    let l = p.to_layout();
    assert_eq!(
        l.wastes,
        vec![vec![c("AC"), c("QC")], vec![c("2C"), c("KC")], vec![c("3C")], vec![c("4C")]]
    );
    assert!(l.stock_top_first.is_empty());
    bad(&mut p, Move::Deal);
    // Redeal: the new stock, next card first, is W3 bottom→top, then W2, W1, W0.
    ok(&mut p, Move::Redeal);
    let l = p.to_layout();
    assert_eq!(l.wastes, vec![Vec::<u8>::new(); 4]);
    assert_eq!(l.stock_top_first, vec![c("4C"), c("3C"), c("2C"), c("KC"), c("AC"), c("QC")]);
    assert_eq!(p.redeals_left(), 1);
    ok(&mut p, Move::Deal);
    let l = p.to_layout();
    assert_eq!(l.wastes, vec![vec![c("4C")], vec![c("3C")], vec![c("2C")], vec![c("KC")]]);
}

// -------------------------------------------------------------------------------------------
// The Reinforcements: automatic refill of empty reserves from the stock
// -------------------------------------------------------------------------------------------

fn pf() -> Options {
    Options { pf_refill_timing: true, ..opts(2) }
}

#[test]
fn reinforcements_refill_after_card_moves() {
    for options in [opts(2), pf()] {
        // Reserve → foundation.
        let layout = clubs_layout(Reinforcements, ["TC", "4C", "KS", "JC"], &["AC"], "2C 3C QC KC");
        let mut p = start(Reinforcements, options, &layout);
        ok(&mut p, mv("R0", "F0")); // TC; R0 at once takes the stock top 2C
        let l = p.to_layout();
        assert_eq!(l.reserves[0], vec![c("2C")]);
        assert_eq!(l.stock_top_first, vec![c("3C"), c("QC"), c("KC")]);
        // Reserve → waste.
        let layout = clubs_layout(Reinforcements, ["TC", "4C", "KS", "JC"], &["QC"], "AC 2C 3C KC");
        let mut p = start(Reinforcements, options, &layout);
        ok(&mut p, mv("R3", "W")); // JC on QC; R3 takes AC
        assert_eq!(p.to_layout().reserves[3], vec![c("AC")]);
        assert_eq!(p.to_layout().stock_top_first.len(), 3);
        // Another reserve emptied: R2 (KS to F1) takes the next stock card, 2C.
        ok(&mut p, mv("R2", "F1"));
        assert_eq!(p.to_layout().reserves[2], vec![c("2C")]);
        assert_eq!(p.to_layout().stock_top_first, vec![c("3C"), c("KC")]);
    }
}

#[test]
fn reinforcements_refill_after_a_deal_and_pf_timing() {
    // R2 starts empty (a given position may have that); stock 2C 3C QC KC.
    let layout = clubs_layout(Reinforcements, ["TC", "4C", "", "JC KS"], &["AC"], "2C 3C QC KC");

    // Default: after the deal (2C to the waste) R2 at once takes 3C.
    let mut p = start(Reinforcements, opts(2), &layout);
    assert!(p.to_layout().reserves[2].is_empty(), "no refill before the first action");
    ok(&mut p, Move::Deal);
    let l = p.to_layout();
    assert_eq!(l.wastes[0], vec![c("AC"), c("2C")]);
    assert_eq!(l.reserves[2], vec![c("3C")]);
    assert_eq!(l.stock_top_first, vec![c("QC"), c("KC")]);

    // PySolFC timing: no refill after the deal; the next card move refills R0 first, then R2.
    let mut p = start(Reinforcements, pf(), &layout);
    ok(&mut p, Move::Deal);
    let l = p.to_layout();
    assert_eq!(l.wastes[0], vec![c("AC"), c("2C")]);
    assert!(l.reserves[2].is_empty());
    assert_eq!(l.stock_top_first, vec![c("3C"), c("QC"), c("KC")]);
    ok(&mut p, mv("R0", "F0")); // TC
    let l = p.to_layout();
    assert_eq!(l.reserves[0], vec![c("3C")]);
    assert_eq!(l.reserves[2], vec![c("QC")]);
    assert_eq!(l.stock_top_first, vec![c("KC")]);
}

#[test]
fn reinforcements_pf_timing_refills_after_waste_to_foundation() {
    // R1 empty; after a deal puts TC on the waste, TC goes to F0 and R1 takes the stock top 4C.
    let layout = clubs_layout(Reinforcements, ["JC KS", "", "2C", "3C"], &["QC"], "TC 4C AC KC");
    let mut p = start(Reinforcements, pf(), &layout);
    ok(&mut p, Move::Deal);
    assert!(p.to_layout().reserves[1].is_empty());
    ok(&mut p, mv("W", "F0"));
    let l = p.to_layout();
    assert_eq!(l.reserves[1], vec![c("4C")]);
    assert_eq!(l.stock_top_first, vec![c("AC"), c("KC")]);
    assert_eq!(l.wastes[0], vec![c("QC")]);
}

#[test]
fn reinforcements_refill_after_a_redeal() {
    // R1 and R2 empty, stock empty; the waste holds AC 2C 3C QC KC (AC at the bottom).
    let layout = clubs_layout(Reinforcements, ["TC", "", "", "JC KS 4C"], &["AC 2C 3C QC KC"], "");

    // Default: the redeal makes the stock AC 2C 3C QC KC, then R1 takes AC and R2 takes 2C.
    let mut p = start(Reinforcements, opts(2), &layout);
    ok(&mut p, Move::Redeal);
    let l = p.to_layout();
    assert_eq!(l.reserves[1], vec![c("AC")]);
    assert_eq!(l.reserves[2], vec![c("2C")]);
    assert_eq!(l.stock_top_first, vec![c("3C"), c("QC"), c("KC")]);
    assert!(l.wastes[0].is_empty());

    // PySolFC timing: nothing after the redeal; the next card move fills R0, R1, R2 in order.
    let mut p = start(Reinforcements, pf(), &layout);
    ok(&mut p, Move::Redeal);
    let l = p.to_layout();
    assert!(l.reserves[1].is_empty() && l.reserves[2].is_empty());
    assert_eq!(l.stock_top_first.len(), 5);
    ok(&mut p, mv("R0", "F0")); // TC
    let l = p.to_layout();
    assert_eq!(l.reserves[0], vec![c("AC")]);
    assert_eq!(l.reserves[1], vec![c("2C")]);
    assert_eq!(l.reserves[2], vec![c("3C")]);
    assert_eq!(l.stock_top_first, vec![c("QC"), c("KC")]);
}

#[test]
fn reinforcements_has_four_reserves_and_one_waste() {
    let layout = clubs_layout(Reinforcements, ["TC", "4C", "KS", "JC"], &["AC"], "2C 3C QC KC");
    let mut p = start(Reinforcements, opts(2), &layout);
    bad(&mut p, mv("R4", "F0"));
    bad(&mut p, mv("R0", "W0"));
    bad(&mut p, mv("W1", "F4"));
    bad(&mut p, mv("W", "W"));
    bad(&mut p, mv("R3", "W")); // JC on AC
    ok(&mut p, mv("R2", "F1")); // KS; R2 takes 2C
    assert_eq!(p.to_layout().reserves[2], vec![c("2C")]);
}

#[test]
fn either_copy_of_a_card_plays() {
    // Swap the two copies of TC: the deck-1 copy in R0, the deck-0 copy on F4 (K..5).
    let layout = clubs_layout(Alhambra, ["TC", "4C", "KS", "JC"], &["AC"], "2C 3C QC KC");
    let mut swapped = layout.clone();
    assert_eq!(swapped.reserves[0], vec![c("TC")]);
    let on_f4 = swapped.foundations[4].iter().position(|&x| x == c2("TC")).unwrap();
    swapped.reserves[0][0] = c2("TC");
    swapped.foundations[4][on_f4] = c("TC");
    let mut p = start(Alhambra, opts(2), &swapped);
    ok(&mut p, mv("R0", "F0"));
    assert_eq!(p.to_layout().foundations[0].last(), Some(&c2("TC")));
}
