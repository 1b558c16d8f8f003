//! Queen of Italy family: legal and illegal moves of every kind (RULES.md §3): the opening choice,
//! foundations (base rank, alternating colours with the wrap, General's Patience in suit), the
//! tableau (down, alternating colours, K on A), the terrace (to a foundation only), forced deals
//! and fills (the only legal move while they apply; Redheads' terrace first), the end phase, the
//! open variant's empty piles and foundation option, the redeal and the second-pass deal.
//!
//! Hand-made positions have base rank 2 (so a foundation runs 2, 3, .., K, A, and one holding 11
//! cards has a queen on top, one holding 12 a king).

mod common;
mod queen_common;

use common::{bad, mv, ok};
use patience_reference::queen::{Layout, Options, Position, Variant, layout_from_talon};
use patience_reference::{Move, Rules};
use queen_common::{PYSOLFC_GAME_1, opts, position, start, talon_of};

use Variant::{
    BlondesAndBrunettes, FallingStar, GeneralsPatience, QueenOfItaly, QueenOfItalyOpen, Redheads,
};

/// Base rank 2.
const TWO: u8 = 1;

fn choose(pile: &str) -> Move {
    Move::Choose(pile.to_string())
}

fn legal(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// F0 holds 11 cards (2C .. QC, top QC), every other foundation 13: out are F0's K and A, given
/// back as codes (KH AC alternating; KC AC in suit), and the position with the other piles given.
fn two_out(variant: Variant, terrace: &str, rows: &[&str], waste: &str, stock: &str) -> Layout {
    let mut heights = [13; 8];
    heights[0] = 11;
    position(variant, TWO, heights, terrace, rows, waste, stock)
}

/// The king F0 needs next: KH (alternating) or KC (General's Patience).
fn king(variant: Variant) -> &'static str {
    if variant == GeneralsPatience { "KC" } else { "KH" }
}

// -------------------------------------------------------------------------------------------
// The opening choice
// -------------------------------------------------------------------------------------------

#[test]
fn before_the_choice_only_the_choice_is_legal() {
    let d = talon_of(PYSOLFC_GAME_1);
    for variant in [QueenOfItaly, QueenOfItalyOpen, GeneralsPatience] {
        let layout = layout_from_talon(variant, &d);
        let mut p = start(variant, opts(1, true), &layout);
        assert!(p.before_choice());
        assert_eq!(legal(&p), ["choose P0", "choose P1", "choose P2", "choose P3"]);
        let why = bad(&mut p, Move::Deal);
        assert!(why.contains("choice"), "{why}");
        bad(&mut p, mv("P0", "F0"));
        bad(&mut p, mv("T", "F0"));
        bad(&mut p, Move::Redeal);
        for pile in ["P4", "P8", "T", "W", "F0"] {
            bad(&mut p, choose(pile));
        }
        let why = bad(&mut p, choose("P9"));
        assert!(why.contains("no pile named"), "{why}");

        ok(&mut p, choose("P2"));
        assert!(!p.before_choice());
        let why = bad(&mut p, choose("P0"));
        assert!(why.contains("already"), "{why}");
        assert!(p.legal_moves().iter().all(|m| !matches!(m, Move::Choose(_))));
    }
}

/// Queen of Italy, game #1, choosing P2 (6H): 6H founds F4 (hearts: 2·2); P2 then P4..P8 take
/// 8D 4C JS QC 4H KD, the waste 2H; nothing is forced after it.
#[test]
fn choosing_p2_founds_f4_and_refills_p2_first() {
    let layout = layout_from_talon(QueenOfItaly, &talon_of(PYSOLFC_GAME_1));
    let mut p = start(QueenOfItaly, Options::default(), &layout);
    ok(&mut p, choose("P2"));
    let after = p.to_layout();
    let shown: Vec<String> = after.rows.iter().map(|r| common::codes(r).join(" ")).collect();
    assert_eq!(shown, ["8C", "6C", "8D", "TC", "4C", "JS", "QC", "4H", "KD"]);
    assert_eq!(common::codes(&after.foundations[4]), ["6H"]);
    assert!(after.foundations.iter().enumerate().all(|(f, pile)| f == 4 || pile.is_empty()));
    assert_eq!(common::codes(&after.waste), ["2H"]);
    assert_eq!(after.stock_top_first.len(), 82);
    assert!(legal(&p).len() > 1, "nothing is forced after the choice");
}

#[test]
fn the_choice_skips_empty_piles_and_a_short_stock() {
    let d = talon_of(PYSOLFC_GAME_1);
    let mut layout = layout_from_talon(QueenOfItaly, &d);
    // P1's card (6C) onto the terrace; all but 3 stock cards too.
    let card = layout.rows[1].pop().unwrap();
    layout.terrace.push(card);
    let rest: Vec<u8> = layout.stock_top_first.drain(3..).collect();
    layout.terrace.extend(rest);
    let mut p = start(QueenOfItaly, Options::default(), &layout);
    assert_eq!(legal(&p), ["choose P0", "choose P2", "choose P3"]);
    bad(&mut p, choose("P1"));
    ok(&mut p, choose("P0"));
    // P0, P4, P5 take 8D 4C JS; P6..P8 and the waste get nothing; nothing is forced (stock and
    // waste empty): the end phase, an empty pile takes a tableau top.
    let after = p.to_layout();
    let heights: Vec<usize> = after.rows.iter().map(Vec::len).collect();
    assert_eq!(heights, [1, 0, 1, 1, 1, 1, 0, 0, 0]);
    assert!(after.waste.is_empty() && after.stock_top_first.is_empty());
    ok(&mut p, mv("P0", "P1"));
}

#[test]
fn no_choice_in_the_dealt_base_variants() {
    let d = talon_of(PYSOLFC_GAME_1);
    for variant in [BlondesAndBrunettes, FallingStar, Redheads] {
        let layout = layout_from_talon(variant, &d);
        let mut p = start(variant, Options::default(), &layout);
        assert!(!p.before_choice());
        let why = bad(&mut p, choose("P0"));
        assert!(why.contains("no opening choice"), "{why}");
        assert!(!legal(&p).is_empty());
    }
}

// -------------------------------------------------------------------------------------------
// Foundations and the tableau
// -------------------------------------------------------------------------------------------

/// Queen of Italy, base 2. Foundation tops: F0 QC, F1 KH, F2 KD, F3 QS, F4 QH, F5 KC, F6 KS,
/// F7 QD. Out: the four kings F0, F3, F4, F7 need and the eight aces.
fn kings_and_aces(variant: Variant) -> Layout {
    position(
        variant,
        TWO,
        [11, 12, 12, 11, 11, 12, 12, 11],
        "AD AS",
        &["AH", "KC", "KH", "AC", "AH", "KS", "KD", "AD", "AC"],
        "AS",
        "",
    )
}

#[test]
fn foundations_build_up_with_the_wrap_in_alternating_colours() {
    // The open variant, so that emptied piles are not filled by force: the foundation rule is
    // the same in every variant but General's Patience.
    let layout = kings_and_aces(QueenOfItalyOpen);
    let fresh = || start(QueenOfItalyOpen, Options::default(), &layout);
    let mut p = fresh();
    ok(&mut p, mv("P2", "F0")); // KH on QC
    ok(&mut p, mv("P1", "F4")); // KC on QH
    ok(&mut p, mv("P3", "F1")); // AC on KH: the wrap
    ok(&mut p, mv("P0", "F5")); // AH on KC
    ok(&mut p, mv("W", "F2")); // AS on KD
    let mut p = fresh();
    let why = bad(&mut p, mv("P2", "F4")); // KH on QH: same colour
    assert!(why.contains("F4 does not accept KH"), "{why}");
    bad(&mut p, mv("P1", "F0")); // KC on QC
    bad(&mut p, mv("P0", "F1")); // AH on KH
    bad(&mut p, mv("P3", "F5")); // AC on KC
    bad(&mut p, mv("P0", "F0")); // AH on QC: wrong rank
    ok(&mut p, mv("P6", "F3")); // KD on QS
    bad(&mut p, mv("P7", "F3")); // AD on KD: same colour
    ok(&mut p, mv("P5", "F7")); // KS on QD
    ok(&mut p, mv("P7", "F7")); // AD on KS
    // A full foundation (F7: 13 cards) takes nothing, not even a card of the base rank.
    assert_eq!(p.to_layout().foundations[7].len(), 13);
    bad(&mut p, mv("P8", "F7"));
    // Foundation cards never move (without the open variant's option).
    let why = bad(&mut p, mv("F1", "P0"));
    assert!(why.contains("never move"), "{why}");
}

#[test]
fn an_empty_foundation_takes_any_card_of_the_base_rank_only() {
    // F0 empty, F4 holds 12 (top KC): out 2C .. AC (F0's alternating run) and AH.
    let mut heights = [13; 8];
    heights[0] = 0;
    heights[4] = 12;
    let layout = position(
        QueenOfItaly,
        TWO,
        heights,
        "TC",
        &["JH 3H", "2C", "AH", "4C", "5H", "6C", "7H", "8C", "9H"],
        "KH QC",
        "AC",
    );
    let mut p = start(QueenOfItaly, Options::default(), &layout);
    bad(&mut p, mv("P0", "F0")); // 3H: not the base rank
    bad(&mut p, mv("P1", "F4")); // 2C on KC
    ok(&mut p, mv("P2", "F4")); // AH on KC (wrap)
    let mut p = start(QueenOfItaly, Options::default(), &layout);
    ok(&mut p, mv("P1", "F0")); // 2C founds the empty F0

    // Building on a base-rank card, and a base-rank card built on another card.
    let mut p = start(QueenOfItaly, Options::default(), &layout);
    ok(&mut p, mv("P2", "P1")); // AH on 2C
    let mut p = start(QueenOfItaly, Options::default(), &layout);
    ok(&mut p, mv("P1", "P0")); // 2C on 3H
    bad(&mut p, mv("P3", "P0")); // 4C on 2C: not one rank down
}

#[test]
fn the_tableau_builds_down_in_alternating_colours_with_k_on_a() {
    let layout = kings_and_aces(QueenOfItaly);
    let mut p = start(QueenOfItaly, Options::default(), &layout);
    bad(&mut p, mv("P2", "P0")); // KH on AH: same colour
    bad(&mut p, mv("P3", "P2")); // AC on KH: up, not down
    bad(&mut p, mv("P0", "P0")); // onto itself
    let why = bad(&mut p, mv("P9", "P0"));
    assert!(why.contains("no pile named"), "{why}");
    ok(&mut p, mv("P1", "P0")); // KC on AH: K on A
    // P1 is empty now and the waste is not: the fill is forced (below).
    assert_eq!(legal(&p), ["W P1"]);
    ok(&mut p, mv("W", "P1"));
    ok(&mut p, mv("P6", "P8")); // KD on AC
}

#[test]
fn the_terrace_plays_to_a_foundation_only_and_nothing_goes_onto_terrace_or_waste() {
    let layout = kings_and_aces(QueenOfItaly);
    let mut p = start(QueenOfItaly, Options::default(), &layout);
    let why = bad(&mut p, mv("T", "P2")); // AS would not fit on KH anyway, but:
    assert!(why.contains("terrace"), "{why}");
    bad(&mut p, mv("T", "W"));
    bad(&mut p, mv("T", "F0")); // AS on QC
    let why = bad(&mut p, mv("P0", "T"));
    assert!(why.contains("terrace"), "{why}");
    let why = bad(&mut p, mv("P0", "W"));
    assert!(why.contains("waste"), "{why}");
    bad(&mut p, mv("W", "W"));
    ok(&mut p, mv("T", "F1")); // AS on KH
    bad(&mut p, mv("T", "F2")); // AD on KD: same colour
    ok(&mut p, mv("T", "F5")); // AD on KC
    let why = bad(&mut p, mv("T", "F0"));
    assert!(why.contains("T is empty"), "{why}");
    ok(&mut p, mv("W", "F2")); // AS on KD: the waste top to a foundation
}

#[test]
fn generals_patience_builds_its_foundations_in_suit() {
    // Tops: F0 QC, F1 KC, F2 F3 KS, F4 F5 KH, F6 F7 KD. Out: KC and the eight aces.
    let layout = position(
        GeneralsPatience,
        TWO,
        [11, 12, 12, 12, 12, 12, 12, 12],
        "",
        &["KC", "AC", "AS", "AH", "AD", "AC", "AS", "AH", "AD"],
        "",
        "",
    );
    let mut p = start(GeneralsPatience, Options::default(), &layout);
    bad(&mut p, mv("P3", "F1")); // AH on KC: other colour, but not in suit
    bad(&mut p, mv("P2", "F1")); // AS on KC: same colour, other suit
    bad(&mut p, mv("P4", "F4")); // AD on KH
    ok(&mut p, mv("P1", "F1")); // AC on KC (wrap, in suit)
    ok(&mut p, mv("P2", "F2")); // AS on KS
    ok(&mut p, mv("P4", "F6")); // AD on KD
    ok(&mut p, mv("P0", "F0")); // KC on QC
    // The tableau still builds in alternating colours.
    let mut p = start(GeneralsPatience, Options::default(), &layout);
    bad(&mut p, mv("P0", "P2")); // KC on AS
    ok(&mut p, mv("P0", "P3")); // KC on AH
}

// -------------------------------------------------------------------------------------------
// Forced deals and fills, the end phase
// -------------------------------------------------------------------------------------------

/// Every "name" of the end phase's moves: P0 (a king) to F0, to P1 (onto the ace) where the
/// colours differ, to every empty pile; P1 (the ace) to every empty pile.
fn end_phase_moves(variant: Variant, king_on_ace: bool) -> Vec<String> {
    let mut moves = vec!["P0 F0".to_string()];
    if king_on_ace {
        moves.push("P0 P1".to_string());
    }
    for from in 0..2 {
        for to in 2..variant.row_count() {
            moves.push(format!("P{from} P{to}"));
        }
    }
    moves
}

#[test]
fn forced_deals_and_fills_are_the_only_legal_moves() {
    for variant in [QueenOfItaly, GeneralsPatience, BlondesAndBrunettes, FallingStar, Redheads] {
        let k = king(variant);
        // Every tableau pile and the waste empty; the stock holds F0's king, then its ace.
        let layout = two_out(variant, "", &[], "", &format!("{k} AC"));
        let mut p = start(variant, Options::default(), &layout);
        assert_eq!(legal(&p), ["deal"], "{variant:?}");
        ok(&mut p, Move::Deal);
        assert_eq!(legal(&p), ["W P0"], "{variant:?}");
        let why = bad(&mut p, mv("W", "P3"));
        assert!(why.contains("`W P0` is forced"), "{why}");
        bad(&mut p, mv("W", "F0")); // the king fits F0, but the fill comes first
        bad(&mut p, Move::Deal);
        ok(&mut p, mv("W", "P0"));
        assert_eq!(legal(&p), ["deal"], "{variant:?}");
        ok(&mut p, Move::Deal);
        assert_eq!(legal(&p), ["W P1"], "{variant:?}");
        ok(&mut p, mv("W", "P1"));
        // Stock and waste empty: nothing is forced, an empty pile takes any tableau top.
        let king_on_ace = variant != GeneralsPatience; // KC on AC: same colour
        assert_eq!(legal(&p), end_phase_moves(variant, king_on_ace), "{variant:?}");
        ok(&mut p, mv("P0", "F0"));
        ok(&mut p, mv("P1", "F0"));
        assert!(p.is_won());
    }
}

#[test]
fn redheads_fills_a_gap_from_the_terrace_first() {
    // The terrace holds AC, the stock KH.
    let layout = two_out(Redheads, "AC", &[], "", "KH");
    let mut p = start(Redheads, Options::default(), &layout);
    assert_eq!(legal(&p), ["deal"]); // (a) before (b)
    ok(&mut p, Move::Deal);
    assert_eq!(legal(&p), ["T P0"]);
    let why = bad(&mut p, mv("W", "P0"));
    assert!(why.contains("`T P0` is forced"), "{why}");
    ok(&mut p, mv("T", "P0"));
    assert_eq!(legal(&p), ["W P1"]); // the terrace is empty: (c)
    ok(&mut p, mv("W", "P1"));
    ok(&mut p, mv("P1", "P0")); // end phase: KH on AC
    ok(&mut p, mv("P0", "F0"));
    ok(&mut p, mv("P0", "F0"));
    assert!(p.is_won());

    // Queen of Italy on the same cards: the terrace never fills a gap, and a terrace holding
    // cards does not hold the end phase back.
    let layout = two_out(QueenOfItaly, "AC", &[], "", "KH");
    let mut p = start(QueenOfItaly, Options::default(), &layout);
    ok(&mut p, Move::Deal);
    assert_eq!(legal(&p), ["W P0"]);
    bad(&mut p, mv("T", "P0"));
    ok(&mut p, mv("W", "P0"));
    bad(&mut p, mv("T", "P1"));
    ok(&mut p, mv("P0", "P1"));
}

#[test]
fn before_the_end_phase_an_empty_pile_takes_only_the_forced_card() {
    // Queen of Italy, P1 emptied while the stock still holds cards: the waste top fills P1.
    let layout = kings_and_aces(QueenOfItaly);
    let mut p = start(QueenOfItaly, Options::default(), &layout);
    ok(&mut p, mv("P1", "F4")); // KC away: P1 empty, the waste holds AS
    assert_eq!(legal(&p), ["W P1"]);
    let why = bad(&mut p, mv("P2", "P1"));
    assert!(why.contains("forced"), "{why}");
    ok(&mut p, mv("W", "P1"));
    // Now the waste and the stock are empty: a tableau top may go to an empty pile.
    ok(&mut p, mv("P2", "F0")); // KH
    ok(&mut p, mv("P3", "P2")); // AC to the emptied P2
}

// -------------------------------------------------------------------------------------------
// The open variant
// -------------------------------------------------------------------------------------------

#[test]
fn open_variant_forces_nothing_and_its_empty_piles_take_tableau_or_waste_cards() {
    let layout = two_out(QueenOfItalyOpen, "", &["KH"], "", "AC");
    let mut p = start(QueenOfItalyOpen, Options::default(), &layout);
    let moves = legal(&p);
    for wanted in ["deal", "P0 F0", "P0 P4"] {
        assert!(moves.iter().any(|m| m == wanted), "{wanted}: {moves:?}");
    }
    ok(&mut p, mv("P0", "P4")); // a tableau top to an empty pile, stock or no stock
    ok(&mut p, Move::Deal);
    ok(&mut p, mv("W", "P7")); // the waste top to any empty pile, not only the lowest
    // The waste is empty, the stock too: nothing refills anything.
    assert!(p.to_layout().waste.is_empty());

    // The terrace still plays to a foundation only.
    let layout = two_out(QueenOfItalyOpen, "AC", &[], "KH", "");
    let mut p = start(QueenOfItalyOpen, Options::default(), &layout);
    let why = bad(&mut p, mv("T", "P0"));
    assert!(why.contains("terrace"), "{why}");
    bad(&mut p, mv("T", "F0")); // AC on QC
    ok(&mut p, mv("W", "P3"));
    ok(&mut p, mv("P3", "F0"));
    ok(&mut p, mv("T", "F0"));
    assert!(p.is_won());

    // An empty waste with a stock: dealing is a choice, not forced.
    let layout = two_out(QueenOfItalyOpen, "", &["KH"], "", "AC");
    let p = start(QueenOfItalyOpen, Options::default(), &layout);
    assert!(legal(&p).len() > 1);
}

#[test]
fn open_variant_option_moves_a_foundation_top_back() {
    let layout = two_out(QueenOfItalyOpen, "", &["KH"], "AC", "");
    let option = opts(0, true);
    let mut p = start(QueenOfItalyOpen, option, &layout);
    ok(&mut p, mv("F0", "P0")); // QC on KH
    assert_eq!(p.to_layout().foundations[0].len(), 10);
    let mut p = start(QueenOfItalyOpen, option, &layout);
    ok(&mut p, mv("F0", "P5")); // QC to an empty pile
    let mut p = start(QueenOfItalyOpen, option, &layout);
    bad(&mut p, mv("F0", "F0"));
    let why = bad(&mut p, mv("F2", "F0"));
    assert!(why.contains("another foundation"), "{why}");
    bad(&mut p, mv("F1", "P0")); // F1's top AC does not build on KH
    ok(&mut p, mv("F1", "P6")); // a full foundation's top, to an empty pile
    // Without the option, or in another variant, foundation cards never move.
    for (variant, options) in [(QueenOfItalyOpen, Options::default()), (QueenOfItaly, option)] {
        let layout = two_out(variant, "", &["KH", "AC"], "", "");
        let mut p = start(variant, options, &layout);
        let why = bad(&mut p, mv("F0", "P0"));
        assert!(why.contains("never move"), "{why}");
    }

    // A foundation's base card never moves: F0 holds only 2C.
    let mut heights = [13; 8];
    heights[0] = 1;
    let layout = position(
        QueenOfItalyOpen,
        TWO,
        heights,
        "",
        &["4C 5H 6C 7H 8C 9H TC JH QC KH AC 3H"],
        "",
        "",
    );
    let mut p = start(QueenOfItalyOpen, option, &layout);
    let why = bad(&mut p, mv("F0", "P0")); // 2C would fit on 3H
    assert!(why.contains("base"), "{why}");
    bad(&mut p, mv("F0", "P1"));
    ok(&mut p, mv("P0", "F0")); // 3H
    bad(&mut p, mv("F0", "P0")); // 3H on AC
    ok(&mut p, mv("F0", "P1")); // 3H back, to an empty pile
}

// -------------------------------------------------------------------------------------------
// Redeal and the second pass
// -------------------------------------------------------------------------------------------

#[test]
fn redeal_turns_the_waste_and_the_second_pass_deals_only_onto_an_empty_waste() {
    let layout = two_out(QueenOfItalyOpen, "", &[], "AC KH", "");
    let mut p = start(QueenOfItalyOpen, opts(1, false), &layout);
    let why = bad(&mut p, Move::Deal);
    assert!(why.contains("empty stock"), "{why}");
    ok(&mut p, Move::Redeal);
    assert!(p.second_pass());
    assert_eq!(p.redeals_left(), 0);
    let after = p.to_layout();
    assert!(after.waste.is_empty());
    assert_eq!(common::codes(&after.stock_top_first), ["AC", "KH"]); // the bottom card first
    ok(&mut p, Move::Deal); // AC onto the empty waste
    let why = bad(&mut p, Move::Deal);
    assert!(why.contains("second pass"), "{why}");
    ok(&mut p, mv("W", "P0"));
    ok(&mut p, Move::Deal); // KH
    let why = bad(&mut p, Move::Redeal);
    assert!(why.contains("no redeal left"), "{why}");

    // First pass: a card may be dealt onto a non-empty waste; a redeal needs an empty stock.
    let layout = two_out(QueenOfItalyOpen, "", &[], "KH", "AC");
    let mut p = start(QueenOfItalyOpen, opts(1, false), &layout);
    let why = bad(&mut p, Move::Redeal);
    assert!(why.contains("stock is not empty"), "{why}");
    ok(&mut p, Move::Deal);
    assert!(!p.second_pass());

    // The rule book's default: no redeal.
    let layout = two_out(QueenOfItalyOpen, "", &[], "AC KH", "");
    let mut p = start(QueenOfItalyOpen, Options::default(), &layout);
    bad(&mut p, Move::Redeal);
}

#[test]
fn a_redeal_waits_for_forced_fills_and_is_followed_by_a_forced_deal() {
    // Queen of Italy, every tableau pile empty, the waste AC KH: the fills come first.
    let layout = two_out(QueenOfItaly, "", &[], "AC KH", "");
    let mut p = start(QueenOfItaly, opts(1, false), &layout);
    assert_eq!(legal(&p), ["W P0"]);
    let why = bad(&mut p, Move::Redeal);
    assert!(why.contains("forced"), "{why}");
    ok(&mut p, mv("W", "P0"));
    ok(&mut p, mv("W", "P1"));
    // Stock and waste empty: a redeal of the empty waste is legal (it only spends the redeal).
    assert!(legal(&p).iter().any(|m| m == "redeal"));
    ok(&mut p, Move::Redeal);
    assert!(p.second_pass());

    // Every pile full, the waste AS, no stock: after the redeal the deal is forced.
    let layout = kings_and_aces(QueenOfItaly);
    let mut p = start(QueenOfItaly, opts(1, false), &layout);
    ok(&mut p, Move::Redeal);
    assert_eq!(legal(&p), ["deal"]);
    bad(&mut p, mv("P1", "F4"));
    ok(&mut p, Move::Deal);
    assert_eq!(common::codes(&p.to_layout().waste), ["AS"]);
    assert!(legal(&p).len() > 1);
}
