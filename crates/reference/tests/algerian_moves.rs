//! Algerian family: every kind of move, legal and illegal (RULES.md §4), the deal, the order of
//! `legal_moves`, and replay errors.

mod common;

use common::{Ids, Lcg, bad, checked, clubs_open, mv, ok};
use patience_reference::algerian::{
    Layout, Options, Position, ReserveSpace, Variant, check_layout, layout_from_talon,
};
use patience_reference::{Move, Rules, card_code, replay};

use Variant::{Algerian, AlgerianParlett, Carthage};

/// Suit and direction (up?) of foundation `f`: Algerian, Parlett: F0..F3 up, F4..F7 down, suit
/// f mod 4; Carthage: all up, suit f / 2.
fn foundation_rule(variant: Variant, f: usize) -> (u8, bool) {
    match variant {
        Algerian | AlgerianParlett => ((f % 4) as u8, f < 4),
        Carthage => ((f / 2) as u8, true),
    }
}

/// A position with foundation F_i holding `heights[i]` cards (a run from its base by the variant's
/// rule), reserves and depots given by codes (missing ones empty) and the stock top first; with
/// `rest_in_stock`, every card neither listed nor on a foundation is appended to the stock in
/// id order. Otherwise the cards not listed must be exactly those the foundations hold. Checked
/// with `check_layout`.
fn build(
    variant: Variant,
    heights: [usize; 8],
    reserves: &[&str],
    rows: &[&str],
    stock_top_first: &str,
    rest_in_stock: bool,
) -> Layout {
    let mut ids = Ids::new();
    let mut reserves = ids.piles(reserves);
    reserves.resize(6, Vec::new());
    let mut rows = ids.piles(rows);
    rows.resize(8, Vec::new());
    let mut stock_top_first = ids.pile(stock_top_first);
    let foundations: Vec<Vec<u8>> = (0..8)
        .map(|f| {
            let (suit, up) = foundation_rule(variant, f);
            (0..heights[f])
                .map(|h| {
                    let rank = if up { h as u8 } else { 12 - h as u8 };
                    ids.take_id(suit * 13 + rank)
                })
                .collect()
        })
        .collect();
    if rest_in_stock {
        let used: Vec<u8> = foundations
            .iter()
            .chain(&reserves)
            .chain(&rows)
            .flatten()
            .chain(&stock_top_first)
            .copied()
            .collect();
        stock_top_first.extend((0..104u8).filter(|id| !used.contains(id)));
    }
    let layout = Layout { foundations, reserves, rows, stock_top_first };
    checked(layout, |layout| check_layout(variant, layout))
}

fn position(
    variant: Variant,
    heights: [usize; 8],
    reserves: &[&str],
    rows: &[&str],
    stock_top_first: &str,
) -> Layout {
    build(variant, heights, reserves, rows, stock_top_first, false)
}

fn position_rest_in_stock(
    variant: Variant,
    heights: [usize; 8],
    reserves: &[&str],
    rows: &[&str],
) -> Layout {
    build(variant, heights, reserves, rows, "", true)
}

fn opts(reserve_space: ReserveSpace, foundation_to_depot: bool) -> Options {
    Options { reserve_space, foundation_to_depot }
}

fn start(variant: Variant, layout: &Layout) -> Position {
    start_with(variant, Options::for_variant(variant), layout)
}

fn start_with(variant: Variant, options: Options, layout: &Layout) -> Position {
    Position::new(variant, &options, layout).expect("consistent test layout")
}

/// The codes of a pile of the position, bottom→top, e.g. `"5C 4C"`.
fn pile(p: &Position, name: &str) -> String {
    let layout = p.to_layout();
    let index: usize = name[1..].parse().unwrap();
    let cards = match &name[..1] {
        "F" => &layout.foundations[index],
        "R" => &layout.reserves[index],
        "P" => &layout.rows[index],
        _ => panic!("bad pile {name}"),
    };
    cards.iter().map(|&id| card_code(id)).collect::<Vec<_>>().join(" ")
}

fn stock_len(p: &Position) -> usize {
    p.to_layout().stock_top_first.len()
}

/// Carthage foundation heights with every suit complete except clubs: F0 `a`, F1 `b`.
fn carthage_clubs_open(a: usize, b: usize) -> [usize; 8] {
    [a, b, 13, 13, 13, 13, 13, 13]
}

// ---------------------------------------------------------------------------------------------
// Rule 1: depot or reserve top → foundation
// ---------------------------------------------------------------------------------------------

#[test]
fn depot_and_reserve_tops_to_foundations_algerian() {
    // F0 (clubs up) holds A..T and needs J; F4 (clubs down) holds K..4 and needs 3.
    // Left: A♣ 2♣ 3♣ J♣ Q♣ K♣ (one copy each).
    let layout = position(Algerian, clubs_open(10, 10), &["AC QC", "KC 2C"], &["JC", "3C"], "");
    let mut p = start(Algerian, &layout);
    bad(&mut p, mv("P1", "F0")); // 3C: F0 needs J
    bad(&mut p, mv("P0", "F4")); // JC: F4 needs 3
    bad(&mut p, mv("R0", "F0")); // QC before JC
    bad(&mut p, mv("P0", "F1")); // spades
    ok(&mut p, mv("P0", "F0"));
    ok(&mut p, mv("R0", "F0"));
    ok(&mut p, mv("P1", "F4"));
    ok(&mut p, mv("R1", "F4"));
    ok(&mut p, mv("R1", "F0")); // KC: F0 full
    bad(&mut p, mv("R0", "F0")); // a 14th card
    ok(&mut p, mv("R0", "F4")); // AC: F4 full
    assert!(p.is_won());
}

/// An empty foundation takes its base card, either copy: Algerian's F0..F3 the aces, F4..F7 the
/// kings; Carthage's eight foundations aces only, two per suit.
#[test]
fn empty_foundations_take_their_base_cards() {
    for variant in [Algerian, AlgerianParlett] {
        let layout = position_rest_in_stock(
            variant,
            [0, 13, 13, 13, 0, 13, 13, 13],
            &["AC", "KC"],
            &["AC", "KC", "2C"],
        );
        let mut p = start(variant, &layout);
        bad(&mut p, mv("R0", "F4")); // AC on the down foundation
        bad(&mut p, mv("R1", "F0")); // KC on the up foundation
        bad(&mut p, mv("P2", "F0")); // 2C on an empty foundation
        ok(&mut p, mv("R0", "F0"));
        bad(&mut p, mv("P0", "F0")); // the second ace: F0 now needs 2C
        ok(&mut p, mv("R1", "F4"));
        bad(&mut p, mv("P1", "F4")); // the second king: F4 now needs QC
        ok(&mut p, mv("P2", "F0"));
        assert_eq!(pile(&p, "F0"), "AC 2C");
        assert_eq!(pile(&p, "F4"), "KC");
    }

    let layout =
        position_rest_in_stock(Carthage, carthage_clubs_open(0, 0), &["AC", "KC"], &["AC", "2C"]);
    let mut p = start(Carthage, &layout);
    bad(&mut p, mv("R1", "F0")); // a king never founds in Carthage
    bad(&mut p, mv("R1", "F1"));
    bad(&mut p, mv("R0", "F2")); // F2 is spades
    ok(&mut p, mv("R0", "F0"));
    ok(&mut p, mv("P0", "F1")); // the other ace founds F1
    ok(&mut p, mv("P1", "F1"));
    assert_eq!(pile(&p, "F0"), "AC");
    assert_eq!(pile(&p, "F1"), "AC 2C");
}

// ---------------------------------------------------------------------------------------------
// Rules 2 and 3: building on depots, empty depots
// ---------------------------------------------------------------------------------------------

#[test]
fn algerian_depots_build_up_or_down_in_suit_with_wrap() {
    for variant in [Algerian, AlgerianParlett] {
        let layout = position_rest_in_stock(
            variant,
            [0, 0, 13, 13, 0, 0, 13, 13],
            &["AC", "KC", "4C", "5C", "4S", "3C"],
            &["KC", "AC", "5C", "6C", "QC"],
        );
        let mut p = start(variant, &layout);
        ok(&mut p, mv("R0", "P0")); // A on K (wrap)
        ok(&mut p, mv("R1", "P1")); // K on A (wrap)
        assert_eq!(pile(&p, "P0"), "KC AC");
        assert_eq!(pile(&p, "P1"), "AC KC");
        bad(&mut p, mv("R4", "P2")); // 4S on 5C: other suit
        bad(&mut p, mv("R5", "P2")); // 3C on 5C: two apart
        ok(&mut p, mv("R2", "P2")); // 4C on 5C (down)
        ok(&mut p, mv("R3", "P2")); // 5C on 4C (up again: the direction may change)
        assert_eq!(pile(&p, "P2"), "5C 4C 5C");
        ok(&mut p, mv("P3", "P2")); // depot to depot: 6C on 5C
        bad(&mut p, mv("P4", "P2")); // QC on 6C
        ok(&mut p, mv("P4", "P1")); // QC on KC
        bad(&mut p, mv("P1", "P0")); // QC on AC: not ±1 (only K–A wraps)
    }
}

#[test]
fn carthage_depots_build_down_in_suit_without_wrap() {
    let layout = position_rest_in_stock(
        Carthage,
        [0, 0, 0, 0, 13, 13, 13, 13],
        &["AC", "KC", "4C", "6C", "4S", "QC"],
        &["KC", "AC", "5C", "3C"],
    );
    let mut p = start(Carthage, &layout);
    bad(&mut p, mv("R0", "P0")); // A on K: no wrap
    bad(&mut p, mv("R1", "P1")); // K on A: no wrap
    bad(&mut p, mv("R3", "P2")); // 6C on 5C: up
    bad(&mut p, mv("R4", "P2")); // 4S on 5C: other suit
    ok(&mut p, mv("R2", "P2")); // 4C on 5C
    bad(&mut p, mv("P0", "P2")); // KC on 4C
    ok(&mut p, mv("P3", "P2")); // depot to depot: 3C on 4C
    assert_eq!(pile(&p, "P2"), "5C 4C 3C");
    assert_eq!(pile(&p, "P3"), "");
    ok(&mut p, mv("R5", "P0")); // QC on KC
    bad(&mut p, mv("R0", "P2")); // AC on 3C: two apart
}

#[test]
fn an_empty_depot_takes_any_card() {
    for variant in [Algerian, Carthage, AlgerianParlett] {
        let heights = match variant {
            Carthage => carthage_clubs_open(0, 0),
            _ => [0, 13, 13, 13, 0, 13, 13, 13],
        };
        let layout = position_rest_in_stock(variant, heights, &["9C", "KC"], &["5C", "", "7C"]);
        let mut p = start(variant, &layout);
        ok(&mut p, mv("R0", "P1")); // a reserve top onto an empty depot
        ok(&mut p, mv("P2", "P3")); // a depot's last card onto an empty depot
        ok(&mut p, mv("R1", "P4")); // a king too
        assert_eq!(pile(&p, "P1"), "9C");
        assert_eq!(pile(&p, "P2"), "");
        assert_eq!(pile(&p, "P3"), "7C");
        assert_eq!(pile(&p, "P4"), "KC");
        bad(&mut p, mv("P0", "P0")); // onto itself
    }
}

// ---------------------------------------------------------------------------------------------
// Rule 4: an empty reserve takes one card, as `reserve_space` allows
// ---------------------------------------------------------------------------------------------

#[test]
fn an_empty_reserve_takes_one_card_any_time_with_reserve_space_any() {
    for variant in [Algerian, Carthage, AlgerianParlett] {
        let heights = match variant {
            Carthage => carthage_clubs_open(0, 0),
            _ => [0, 13, 13, 13, 0, 13, 13, 13],
        };
        let layout = position_rest_in_stock(variant, heights, &["5C 9C", "", "", "TC"], &["3C"]);
        assert!(!layout.stock_top_first.is_empty());
        let mut p = start_with(variant, opts(ReserveSpace::Any, true), &layout);
        ok(&mut p, mv("P0", "R1")); // depot top → empty reserve, stock not empty
        bad(&mut p, mv("R0", "R1")); // R1 holds a card: it accepts nothing more
        ok(&mut p, mv("R0", "R2")); // reserve top → empty reserve
        bad(&mut p, mv("R3", "R2")); // TC on 9C: nothing is built on a reserve
        bad(&mut p, mv("R3", "R0")); // nor on R0's 5C
        ok(&mut p, mv("R3", "R4")); // a reserve's last card → an empty reserve
        assert_eq!(pile(&p, "R1"), "3C");
        assert_eq!(pile(&p, "R2"), "9C");
        assert_eq!(pile(&p, "R3"), "");
        assert_eq!(pile(&p, "R4"), "TC");
        bad(&mut p, mv("R4", "R4")); // onto itself
    }
}

/// Clubs F0 A..T, F4 K..4 (Algerian) or F0, F1 A..T (Carthage); the stock holds one card or none.
fn reserve_space_position(variant: Variant, stock: &str) -> Layout {
    match variant {
        Carthage => {
            // Left: J♣ J♣ Q♣ Q♣ K♣ K♣.
            let reserves = ["JC", "QC", "JC"];
            let rows = if stock.is_empty() { ["QC", "KC KC"] } else { ["QC", "KC"] };
            position(variant, carthage_clubs_open(10, 10), &reserves, &rows, stock)
        }
        _ => {
            // Left: A♣ 2♣ 3♣ J♣ Q♣ K♣.
            let reserves = ["JC", "QC", "3C"];
            let rows = if stock.is_empty() { ["AC", "2C KC"] } else { ["AC", "2C"] };
            position(variant, clubs_open(10, 10), &reserves, &rows, stock)
        }
    }
}

#[test]
fn reserve_space_after_stock_waits_for_an_empty_stock() {
    for variant in [Algerian, Carthage, AlgerianParlett] {
        let options = opts(ReserveSpace::AfterStock, true);
        let mut p = start_with(variant, options, &reserve_space_position(variant, "KC"));
        assert_eq!(stock_len(&p), 1);
        bad(&mut p, mv("P0", "R3")); // the stock is not empty yet
        bad(&mut p, mv("R0", "R3"));
        ok(&mut p, Move::Deal); // the last card goes to R0
        assert_eq!(stock_len(&p), 0);
        ok(&mut p, mv("P0", "R3"));
        ok(&mut p, mv("R1", "R4"));
        bad(&mut p, mv("P1", "R3")); // R3 holds a card

        // With an empty stock from the start, at once.
        let mut p = start_with(variant, options, &reserve_space_position(variant, ""));
        ok(&mut p, mv("P1", "R5"));
        ok(&mut p, mv("R2", "R3"));
    }
}

#[test]
fn reserve_space_never_keeps_empty_reserves_empty() {
    for variant in [Algerian, Carthage, AlgerianParlett] {
        let options = opts(ReserveSpace::Never, true);
        for stock in ["KC", ""] {
            let mut p = start_with(variant, options, &reserve_space_position(variant, stock));
            bad(&mut p, mv("P0", "R3"));
            bad(&mut p, mv("R0", "R3"));
            bad(&mut p, mv("R1", "R4"));
            // Other moves are unaffected.
            ok(&mut p, mv("P0", "P5"));
        }
        // A deal still puts cards on empty reserves.
        let mut p = start_with(variant, options, &reserve_space_position(variant, "KC"));
        ok(&mut p, Move::Deal);
        assert_eq!(pile(&p, "R0"), "JC KC");
    }
}

// ---------------------------------------------------------------------------------------------
// Rule 5: the foundations meet
// ---------------------------------------------------------------------------------------------

#[test]
fn algerian_foundations_meet_both_ways() {
    // F0 = A..7 (needs 8), F4 = K..8 (needs 7): each top fits the other.
    let layout = position_rest_in_stock(Algerian, clubs_open(7, 6), &[], &[]);
    for options in [opts(ReserveSpace::Any, true), opts(ReserveSpace::Never, false)] {
        let mut p = start_with(Algerian, options, &layout);
        bad(&mut p, mv("F0", "F1")); // spades
        bad(&mut p, mv("F0", "F0")); // onto itself
        let mut q = p.clone();
        ok(&mut p, mv("F0", "F4")); // 7C onto the down foundation's 8C
        assert_eq!(pile(&p, "F0"), "AC 2C 3C 4C 5C 6C");
        assert_eq!(pile(&p, "F4"), "KC QC JC TC 9C 8C 7C");
        ok(&mut p, mv("F4", "F0")); // and back
        ok(&mut q, mv("F4", "F0")); // 8C onto the up foundation's 7C
        assert_eq!(pile(&q, "F0"), "AC 2C 3C 4C 5C 6C 7C 8C");
        assert_eq!(pile(&q, "F4"), "KC QC JC TC 9C");
        ok(&mut q, mv("F4", "F0")); // and the next one
        assert_eq!(pile(&q, "F4"), "KC QC JC TC");
        bad(&mut q, mv("F4", "F5")); // TC onto the spades
    }
}

#[test]
fn a_lone_base_card_may_meet_the_other_foundation() {
    // Algerian: F0 = A..Q, F4 = K alone: the king moves across and completes F0.
    let layout = position_rest_in_stock(Algerian, clubs_open(12, 1), &[], &[]);
    let mut p = start(Algerian, &layout);
    ok(&mut p, mv("F4", "F0"));
    assert_eq!(pile(&p, "F4"), "");
    assert_eq!(pile(&p, "F0").split(' ').count(), 13);
    ok(&mut p, mv("F0", "F4")); // and back: the empty down foundation takes the king
    assert_eq!(pile(&p, "F4"), "KC");
}

#[test]
fn carthage_foundations_meet() {
    // F0 = A..5, F1 = A..4: F0's 5C fits F1; F1's 4C does not fit F0 (needs 6C).
    let layout = position_rest_in_stock(Carthage, carthage_clubs_open(5, 4), &[], &[]);
    let mut p = start(Carthage, &layout);
    bad(&mut p, mv("F1", "F0"));
    bad(&mut p, mv("F0", "F2")); // spades
    ok(&mut p, mv("F0", "F1"));
    assert_eq!(pile(&p, "F0"), "AC 2C 3C 4C");
    assert_eq!(pile(&p, "F1"), "AC 2C 3C 4C 5C");

    // A lone ace moves to the other, empty, clubs foundation.
    let layout = position_rest_in_stock(Carthage, carthage_clubs_open(1, 0), &[], &[]);
    let mut p = start(Carthage, &layout);
    ok(&mut p, mv("F0", "F1"));
    assert_eq!(pile(&p, "F0"), "");
    assert_eq!(pile(&p, "F1"), "AC");
}

// ---------------------------------------------------------------------------------------------
// Rule 6: foundation → depot, with the option
// ---------------------------------------------------------------------------------------------

#[test]
fn foundation_top_to_depot_with_the_option() {
    // Algerian: F0 = A..7; F4 = K alone. Depots 8C, 6C, 7C, (empty), AC, QC.
    let layout = position_rest_in_stock(
        Algerian,
        clubs_open(7, 1),
        &[],
        &["8C", "6C", "7C", "", "AC", "QC"],
    );
    let mut p = start_with(Algerian, opts(ReserveSpace::Any, true), &layout);
    let fresh = p.clone();
    bad(&mut p, mv("F0", "P2")); // 7C on 7C
    bad(&mut p, mv("F0", "R0")); // never to a reserve (R0 is empty)
    let mut q = p.clone();
    ok(&mut q, mv("F0", "P0")); // 7C on 8C
    let mut q = p.clone();
    ok(&mut q, mv("F0", "P1")); // 7C on 6C (up)
    let mut q = p.clone();
    ok(&mut q, mv("F0", "P3")); // onto an empty depot
    let mut q = p.clone();
    ok(&mut q, mv("F4", "P4")); // the lone base king on AC (wrap)
    let mut q = p.clone();
    ok(&mut q, mv("F4", "P5")); // on QC
    assert_eq!(p, fresh);

    // The option off: none of them; the foundations still meet.
    let mut p = start_with(Algerian, opts(ReserveSpace::Any, false), &layout);
    for to in ["P0", "P1", "P3"] {
        bad(&mut p, mv("F0", to));
    }
    bad(&mut p, mv("F4", "P4"));
    bad(&mut p, mv("F4", "P5"));
    bad(&mut p, mv("F0", "R0"));

    // Carthage: down only, no wrap.
    let layout = position_rest_in_stock(
        Carthage,
        carthage_clubs_open(7, 1),
        &[],
        &["8C", "6C", "", "2C", "KC"],
    );
    let mut p = start_with(Carthage, opts(ReserveSpace::Any, true), &layout);
    bad(&mut p, mv("F0", "P1")); // 7C on 6C: up
    bad(&mut p, mv("F1", "P4")); // AC on KC: no wrap
    let mut q = p.clone();
    ok(&mut q, mv("F0", "P0")); // 7C on 8C
    let mut q = p.clone();
    ok(&mut q, mv("F1", "P3")); // the lone base ace on 2C
    let mut q = p.clone();
    ok(&mut q, mv("F1", "P2")); // onto an empty depot
    let mut p = start_with(Carthage, opts(ReserveSpace::Any, false), &layout);
    bad(&mut p, mv("F0", "P0"));
    bad(&mut p, mv("F1", "P2"));
}

// ---------------------------------------------------------------------------------------------
// Rule 7: the deal
// ---------------------------------------------------------------------------------------------

#[test]
fn algerian_deals_to_the_reserves_twice_then_the_last_eight_to_the_depots() {
    for variant in [Algerian, AlgerianParlett] {
        // F0 = A..3, F4 = K..Q: 21 clubs left; one on R0, twenty in the stock.
        let layout = position_rest_in_stock(variant, clubs_open(3, 2), &["JC"], &["", "9C"]);
        let stock = layout.stock_top_first.clone();
        assert_eq!(stock.len(), 19);
        let code = |i: usize| card_code(stock[i]);
        let mut p = start(variant, &layout);
        ok(&mut p, Move::Deal); // 19 → 7: R0..R5, then R0..R5 again
        assert_eq!(stock_len(&p), 7);
        assert_eq!(pile(&p, "R0"), format!("JC {} {}", code(0), code(6)));
        for r in 1..6 {
            assert_eq!(pile(&p, &format!("R{r}")), format!("{} {}", code(r), code(6 + r)));
        }
        ok(&mut p, Move::Deal); // 7 left (not 8): to the reserves, as many as there are
        assert_eq!(stock_len(&p), 0);
        assert_eq!(pile(&p, "R0"), format!("JC {} {} {} {}", code(0), code(6), code(12), code(18)));
        assert_eq!(pile(&p, "R5"), format!("{} {} {}", code(5), code(11), code(17)));
        assert_eq!(pile(&p, "P0"), "");
        bad(&mut p, Move::Deal); // the stock is empty
        bad(&mut p, Move::Redeal);

        // With 20 in the stock: 12 to the reserves, then the last 8 one to each depot.
        let layout = position_rest_in_stock(variant, clubs_open(3, 2), &["JC"], &[]);
        let stock = layout.stock_top_first.clone();
        assert_eq!(stock.len(), 20);
        let mut p = start(variant, &layout);
        ok(&mut p, Move::Deal);
        assert_eq!(stock_len(&p), 8);
        let reserves_after_one = p.to_layout().reserves;
        ok(&mut p, Move::Deal);
        assert_eq!(stock_len(&p), 0);
        assert_eq!(p.to_layout().reserves, reserves_after_one);
        for d in 0..8 {
            assert_eq!(pile(&p, &format!("P{d}")), card_code(stock[12 + d]));
        }
        bad(&mut p, Move::Deal);
    }
}

#[test]
fn carthage_always_deals_to_the_reserves() {
    // F0, F1 = A..2: 22 clubs left; two on depots, twenty in the stock.
    let layout = position_rest_in_stock(Carthage, carthage_clubs_open(2, 2), &[], &["KC", "KC"]);
    let stock = layout.stock_top_first.clone();
    assert_eq!(stock.len(), 20);
    let code = |i: usize| card_code(stock[i]);
    let mut p = start(Carthage, &layout);
    ok(&mut p, Move::Deal);
    assert_eq!(stock_len(&p), 8);
    ok(&mut p, Move::Deal); // exactly 8 left: still to the reserves, R0..R5 then R0, R1
    assert_eq!(stock_len(&p), 0);
    assert_eq!(pile(&p, "R0"), format!("{} {} {} {}", code(0), code(6), code(12), code(18)));
    assert_eq!(pile(&p, "R1"), format!("{} {} {} {}", code(1), code(7), code(13), code(19)));
    assert_eq!(pile(&p, "R2"), format!("{} {} {}", code(2), code(8), code(14)));
    assert_eq!(pile(&p, "R5"), format!("{} {} {}", code(5), code(11), code(17)));
    assert_eq!(pile(&p, "P0"), "KC");
    assert_eq!(pile(&p, "P2"), "");
    bad(&mut p, Move::Deal);
}

#[test]
fn the_deal_of_a_full_game_goes_56_44_32_20_8_0() {
    let talon: Vec<u8> = {
        let head = [12u8, 25, 38, 51];
        let mut t = head.to_vec();
        t.extend((0..104u8).filter(|id| !head.contains(id)));
        t
    };
    for (variant, sizes) in [
        (Algerian, vec![56, 44, 32, 20, 8, 0]),
        (AlgerianParlett, vec![68, 56, 44, 32, 20, 8, 0]),
        (Carthage, vec![60, 48, 36, 24, 12, 0]),
    ] {
        let layout = layout_from_talon(variant, &talon);
        let mut p = start(variant, &layout);
        let depots_before = p.to_layout().rows;
        let mut seen = vec![stock_len(&p)];
        while p.play(&Move::Deal).is_ok() {
            seen.push(stock_len(&p));
        }
        assert_eq!(seen, sizes, "{variant:?}");
        let depots_after = p.to_layout().rows;
        let grew: Vec<usize> =
            depots_before.iter().zip(&depots_after).map(|(a, b)| b.len() - a.len()).collect();
        let expected = if variant == Carthage { [0; 8] } else { [1; 8] };
        assert_eq!(grew, expected, "{variant:?}");
        let reserve_sizes: Vec<usize> = p.to_layout().reserves.iter().map(Vec::len).collect();
        let expected_reserves = match variant {
            Algerian => [14; 6],
            AlgerianParlett => [14; 6],
            Carthage => [16; 6],
        };
        assert_eq!(reserve_sizes, expected_reserves, "{variant:?}");
    }
}

#[test]
fn no_redeal_no_choice_no_foreign_pile() {
    let layout = position_rest_in_stock(Algerian, clubs_open(3, 2), &["JC"], &["9C"]);
    for variant in [Algerian, AlgerianParlett] {
        let mut p = start(variant, &layout);
        bad(&mut p, Move::Redeal);
        bad(&mut p, Move::Choose("P0".to_string()));
        for name in ["W", "W0", "P8", "R6", "F8", "T", "Q00", "p0", "R00", ""] {
            bad(&mut p, mv("P0", name));
            bad(&mut p, mv(name, "P1"));
        }
        bad(&mut p, mv("P5", "P1")); // an empty depot has no top card
        bad(&mut p, mv("R3", "P1")); // nor an empty reserve
        bad(&mut p, mv("F0", "F1")); // F0's 3C does not fit F1 (spades)
    }
}

// ---------------------------------------------------------------------------------------------
// legal_moves
// ---------------------------------------------------------------------------------------------

/// The documented order: by source (P0..P7, R0..R5, F0..F7), then by destination (F0..F7, P0..P7,
/// R0..R5), then the deal.
#[test]
fn legal_moves_in_the_documented_order() {
    // F0 = A..9 (needs T), F4 = K..5 (needs 4). Left: A 2 3 4 T J Q K of clubs, one per depot.
    let layout = position(
        Algerian,
        clubs_open(9, 9),
        &[],
        &["TC", "4C", "AC", "KC", "2C", "JC", "3C", "QC"],
        "",
    );
    let expected_depot_moves = [
        ("P0", "F0"),
        ("P0", "P5"),
        ("P1", "F4"),
        ("P1", "P6"),
        ("P2", "P3"),
        ("P2", "P4"),
        ("P3", "P2"),
        ("P3", "P7"),
        ("P4", "P2"),
        ("P4", "P6"),
        ("P5", "P0"),
        ("P5", "P7"),
        ("P6", "P1"),
        ("P6", "P4"),
        ("P7", "P3"),
        ("P7", "P5"),
    ];
    let as_moves = |pairs: &[(&str, &str)]| -> Vec<Move> {
        pairs.iter().map(|&(from, to)| mv(from, to)).collect()
    };

    let p = start_with(Algerian, opts(ReserveSpace::Never, false), &layout);
    assert_eq!(p.legal_moves(), as_moves(&expected_depot_moves));

    // Foundation to depot adds F0's 9C onto TC and F4's 5C onto 4C, after the depot moves.
    let p = start_with(Algerian, opts(ReserveSpace::Never, true), &layout);
    let mut expected = expected_depot_moves.to_vec();
    expected.extend([("F0", "P0"), ("F4", "P1")]);
    assert_eq!(p.legal_moves(), as_moves(&expected));

    // Empty reserves (the stock is empty): every depot top may go to R0..R5, after its
    // foundation and depot destinations.
    let p = start_with(Algerian, opts(ReserveSpace::AfterStock, false), &layout);
    let mut expected = Vec::new();
    for depot in 0..8 {
        let from = format!("P{depot}");
        for &(f, t) in &expected_depot_moves {
            if f == from {
                expected.push(mv(f, t));
            }
        }
        for r in 0..6 {
            expected.push(mv(&from, &format!("R{r}")));
        }
    }
    assert_eq!(p.legal_moves(), expected);

    // With a stock the deal comes last.
    let layout = position(
        Algerian,
        clubs_open(9, 9),
        &[],
        &["TC", "4C", "AC", "KC", "2C", "JC", "3C"],
        "QC",
    );
    let p = start_with(Algerian, opts(ReserveSpace::Never, false), &layout);
    let moves = p.legal_moves();
    assert_eq!(moves.last(), Some(&Move::Deal));
    assert_eq!(moves[0], mv("P0", "F0"));
}

/// On random walks through whole games of each variant and option setting: every move
/// `legal_moves` lists plays, and every other conceivable move is refused and leaves the position
/// unchanged.
#[test]
fn legal_moves_are_exactly_the_playable_ones() {
    let mut names: Vec<String> = Vec::new();
    names.extend((0..8).map(|i| format!("F{i}")));
    names.extend((0..6).map(|i| format!("R{i}")));
    names.extend((0..8).map(|i| format!("P{i}")));
    let mut rng = Lcg(5);
    for variant in [Algerian, Carthage, AlgerianParlett] {
        for options in [
            opts(ReserveSpace::Any, true),
            opts(ReserveSpace::AfterStock, false),
            opts(ReserveSpace::Never, true),
        ] {
            let mut talon: Vec<u8> = (0..104).collect();
            rng.shuffle(&mut talon);
            if variant == Algerian {
                let kings = [12u8, 25, 38, 51];
                talon.retain(|id| !kings.contains(id));
                let mut hooked = kings.to_vec();
                hooked.extend(talon);
                talon = hooked;
            }
            let layout = layout_from_talon(variant, &talon);
            let mut p = start_with(variant, options, &layout);
            for _step in 0..150 {
                let legal = p.legal_moves();
                let mut all = vec![Move::Deal, Move::Redeal];
                for from in &names {
                    for to in &names {
                        all.push(mv(from, to));
                    }
                }
                for m in all {
                    let mut q = p.clone();
                    let played = q.play(&m).is_ok();
                    assert_eq!(played, legal.contains(&m), "{variant:?} {options:?} `{m}`");
                    if !played {
                        assert_eq!(q, p);
                    }
                }
                if legal.is_empty() {
                    break;
                }
                let m = &legal[rng.below(legal.len())];
                p.play(m).unwrap();
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Replay
// ---------------------------------------------------------------------------------------------

#[test]
fn replay_checks_every_move_and_the_end() {
    let layout = position(Algerian, clubs_open(10, 10), &["AC QC", "KC 2C"], &["JC", "3C"], "");
    let options = Options::for_variant(Algerian);
    let solution = [
        mv("P0", "F0"),
        mv("R0", "F0"),
        mv("P1", "F4"),
        mv("R1", "F4"),
        mv("R1", "F0"),
        mv("R0", "F4"),
    ];
    assert_eq!(replay(Algerian, &options, &layout, &solution), Ok(()));

    // An illegal move is reported at its index.
    let mut wrong = solution.to_vec();
    wrong.swap(0, 1); // QC before JC
    let err = replay(Algerian, &options, &layout, &wrong).unwrap_err();
    assert_eq!(err.index, 0);
    let mut wrong = solution.to_vec();
    wrong[3] = mv("R1", "F0"); // 2C onto F0
    let err = replay(Algerian, &options, &layout, &wrong).unwrap_err();
    assert_eq!(err.index, 3);
    let mut wrong = solution.to_vec();
    wrong.insert(4, Move::Deal); // the stock is empty
    let err = replay(Algerian, &options, &layout, &wrong).unwrap_err();
    assert_eq!(err.index, 4);
    let mut wrong = solution.to_vec();
    wrong.insert(2, Move::Redeal);
    let err = replay(Algerian, &options, &layout, &wrong).unwrap_err();
    assert_eq!(err.index, 2);

    // All legal, not won: index = number of moves.
    let err = replay(Algerian, &options, &layout, &solution[..5]).unwrap_err();
    assert_eq!(err.index, 5);
    let err = replay(Algerian, &options, &layout, &[]).unwrap_err();
    assert_eq!(err.index, 0);

    // An inconsistent layout: index 0.
    let mut broken = layout.clone();
    broken.rows[0].clear();
    let err = replay(Algerian, &options, &broken, &solution).unwrap_err();
    assert_eq!(err.index, 0);
    assert!(err.reason.contains("inconsistent"), "{}", err.reason);

    // The same layout is not a Carthage position (its F4 builds down).
    let err = replay(Carthage, &options, &layout, &solution).unwrap_err();
    assert_eq!(err.index, 0);
}

#[test]
fn replay_follows_the_options() {
    // A reserve move that is legal with `Any` only, then the win.
    let layout = position(Algerian, clubs_open(10, 10), &["JC QC", "KC 2C"], &["AC", "3C"], "");
    // R0 = JC QC: QC must make way for JC. With Any it goes to an empty reserve; with
    // AfterStock too (the stock is empty); with Never that move is refused.
    let moves = [
        mv("R0", "R2"),
        mv("R0", "F0"),
        mv("R2", "F0"),
        mv("P1", "F4"),
        mv("R1", "F4"),
        mv("R1", "F0"),
        mv("P0", "F4"),
    ];
    for (reserve_space, result) in [
        (ReserveSpace::Any, Ok(())),
        (ReserveSpace::AfterStock, Ok(())),
        (ReserveSpace::Never, Err(0)),
    ] {
        let options = opts(reserve_space, true);
        let got = replay(Algerian, &options, &layout, &moves).map_err(|e| e.index);
        assert_eq!(got, result, "{reserve_space:?}");
    }
}
