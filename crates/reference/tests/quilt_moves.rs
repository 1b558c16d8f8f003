//! Crazy Quilt family: legal and illegal moves of every kind, for every variant (RULES.md §5).
//!
//! Most tests start from the deal of the hooked identity talon; its quilt is (v = vertical,
//! h = horizontal; the 16 available cards starred):
//!
//! ```text
//! row 0: v2C* h3C  v4C* h5C  v6C* h7C  v8C* h9C*
//! row 1: hTC* vJC  hQC  v2S  h3S  v4S  h5S  v6S
//! row 2: v7S  h8S  v9S  hTS  vJS  hQS  v2H  h3H*
//! row 3: h4H* v5H  h6H  v7H  h8H  v9H  hTH  vJH
//! row 4: vQH  h2D  v3D  h4D  v5D  h6D  v7D  h8D*
//! row 5: h9D* vTD  hJD  vQD  hAC  v2C  h3C  v4C
//! row 6: v5C  h6C  v7C  h8C  v9C  hTC  vJC  hQC*
//! row 7: hKC* vAS* h2S  v3S* h4S  v5S* h6S  v7S*
//! ```
//!
//! Stock (Crazy Quilt, Indian Carpet), first dealt first: 8S 9S TS JS QS KS AH 2H .. KH AD .. KD.
//! Reserves (Persian Rug), bottom→top: R0 8S 3H JH 6D, R1 9S 4H QH 7D, R2 TS 5H KH 8D,
//! R3 JS 6H AD 9D, R4 QS 7H 2D TD, R5 KS 8H 3D JD, R6 AH 9H 4D QD, R7 2H TH 5D KD.

mod common;

use common::quilt::{opts, persian_rug_clubs_open, position, start};
use common::{bad, c, clubs_open, codes, hooked_identity_talon, mv, ok};
use patience_reference::quilt::{Layout, Options, Position, Variant, layout_from_talon};
use patience_reference::{Move, Rules};

use Variant::{CrazyQuilt, IndianCarpet, PersianRug};

const ALL: [Variant; 3] = [CrazyQuilt, IndianCarpet, PersianRug];

fn dealt(variant: Variant, options: Options) -> Position {
    start(variant, options, &layout_from_talon(variant, &hooked_identity_talon()))
}

fn deal_n(p: &mut Position, n: usize) {
    for _ in 0..n {
        ok(p, Move::Deal);
    }
}

// -------------------------------------------------------------------------------------------
// Quilt → foundation, availability
// -------------------------------------------------------------------------------------------

#[test]
fn quilt_to_foundation_follows_availability() {
    for variant in ALL {
        let mut p = dealt(variant, Options::for_variant(variant));
        // Q13 = 2S is what F1 (spades up) needs, but Q13 is vertical and Q03, Q23 are present.
        let why = bad(&mut p, mv("Q13", "F1"));
        assert!(why.contains("not available"), "{why}");
        // Q72 = 2S (deck 1), horizontal between Q71 and Q73: not available either.
        bad(&mut p, mv("Q72", "F1"));
        // Q01 = 3C: unavailable (faces Q00 and Q02), and F0 needs 2C anyway.
        bad(&mut p, mv("Q01", "F0"));
        // Available, but refused by the foundation: wrong rank, wrong suit, wrong direction.
        bad(&mut p, mv("Q02", "F0")); // 4C on AC
        bad(&mut p, mv("Q00", "F1")); // 2C on the spades foundation
        bad(&mut p, mv("Q00", "F4")); // 2C on the clubs-down foundation (needs QC)
        bad(&mut p, mv("Q71", "F1")); // AS (deck 1) on AS: up needs 2S
        ok(&mut p, mv("Q67", "F4")); // QC onto KC (down), Q67 is available (right edge)

        // Row 0 goes up F0 one card at a time: each removal frees the next card's short side.
        ok(&mut p, mv("Q00", "F0")); // 2C
        ok(&mut p, mv("Q01", "F0")); // 3C, freed by the hole at Q00
        ok(&mut p, mv("Q02", "F0")); // 4C
        // Q13 (2S, vertical) still faces Q03 (5C) and Q23 (TS): blocked until Q03 goes.
        bad(&mut p, mv("Q13", "F1"));
        ok(&mut p, mv("Q03", "F0")); // 5C
        ok(&mut p, mv("Q13", "F1")); // 2S: Q03 above it is a hole now
        for cell in ["Q04", "Q05", "Q06", "Q07", "Q10"] {
            ok(&mut p, mv(cell, "F0")); // 6C 7C 8C 9C TC
        }
        // Q11 = JC (vertical): Q01 above is a hole. Then Q12 = QC (horizontal): Q11 is a hole.
        ok(&mut p, mv("Q11", "F0"));
        ok(&mut p, mv("Q12", "F0"));
        ok(&mut p, mv("Q70", "F0")); // KC: F0 complete
        assert_eq!(p.to_layout().foundations[0].len(), 13);
        // Q60 = 5C (vertical) is free now that Q70 is a hole; a full foundation takes nothing.
        let why = bad(&mut p, mv("Q60", "F0"));
        assert!(why.contains("does not accept 5C"), "{why}");

        // Moving from a hole is refused.
        let why = bad(&mut p, mv("Q00", "F0"));
        assert!(why.contains("empty"), "{why}");
        bad(&mut p, mv("Q13", "F1"));
        // Nothing moves onto the quilt, into a hole or onto a card.
        bad(&mut p, mv("Q14", "Q13"));
        bad(&mut p, mv("Q27", "Q26"));
        bad(&mut p, mv("Q27", "Q27"));
        // Foundation cards never move.
        bad(&mut p, mv("F0", "F4"));
        bad(&mut p, mv("F1", "Q13"));
        bad(&mut p, mv("F4", "F4"));
        if variant == PersianRug {
            bad(&mut p, mv("F1", "R0"));
        } else {
            bad(&mut p, mv("F1", "W"));
        }
    }
}

// -------------------------------------------------------------------------------------------
// The waste (Crazy Quilt, Indian Carpet)
// -------------------------------------------------------------------------------------------

#[test]
fn empty_waste_accepts_nothing() {
    for variant in [CrazyQuilt, IndianCarpet] {
        let mut p = dealt(variant, Options::for_variant(variant));
        for cell in ["Q77", "Q00", "Q70", "Q47"] {
            let why = bad(&mut p, mv(cell, "W"));
            assert!(why.contains("empty waste"), "{why}");
        }
        bad(&mut p, mv("W", "F0")); // nothing to move
    }
}

#[test]
fn quilt_to_waste_builds_same_suit_plus_or_minus_one() {
    for variant in [CrazyQuilt, IndianCarpet] {
        let mut p = dealt(variant, Options::for_variant(variant));
        ok(&mut p, Move::Deal); // waste 8S
        bad(&mut p, mv("Q07", "W")); // 9C: other suit
        bad(&mut p, mv("Q06", "W")); // 8C: same rank, other suit
        bad(&mut p, mv("Q75", "W")); // 5S: same suit, not adjacent
        bad(&mut p, mv("Q70", "W")); // KC
        ok(&mut p, mv("Q77", "W")); // 7S on 8S: down
        ok(&mut p, mv("Q76", "W")); // 6S on 7S (Q76 freed by the hole at Q77)
        ok(&mut p, mv("Q75", "W")); // 5S
        ok(&mut p, mv("Q74", "W")); // 4S
        ok(&mut p, mv("Q73", "W")); // 3S
        ok(&mut p, mv("Q72", "W")); // 2S
        ok(&mut p, mv("Q71", "W")); // AS
        assert_eq!(codes(&p.to_layout().waste), ["8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"]);
        bad(&mut p, mv("W", "W")); // waste onto itself
        bad(&mut p, mv("W", "Q71")); // waste onto a hole
        bad(&mut p, mv("W", "Q70")); // waste onto the quilt
        bad(&mut p, mv("W", "F5")); // AS onto KS (down needs QS)
        bad(&mut p, mv("W", "F1")); // AS onto AS
    }
}

#[test]
fn waste_builds_up_too() {
    // Clubs open: F0 holds A..9 (needs TC), F4 holds K..3 (needs 2C). Leftover: TC JC QC KC
    // (deck 0), AC 2C (deck 1). Q00 = JC, Q02 = TC, Q04 = KC, waste QC, stock 2C AC.
    let layout = position(
        CrazyQuilt,
        clubs_open(9, 11),
        &[("Q00", "JC"), ("Q02", "TC"), ("Q04", "KC")],
        &[],
        "QC",
        "2C AC",
    );
    let mut p = start(CrazyQuilt, opts(true, 1), &layout);
    ok(&mut p, mv("Q04", "W")); // KC on QC: up
    bad(&mut p, mv("Q00", "W")); // JC on KC
    bad(&mut p, mv("Q02", "W")); // TC on KC
}

#[test]
fn waste_wrap_and_the_no_wrap_option() {
    for variant in [CrazyQuilt, IndianCarpet] {
        for wrap in [true, false] {
            let options = Options { waste_wrap: wrap, ..Options::for_variant(variant) };
            let mut p = dealt(variant, options);
            deal_n(&mut p, 6); // 8S 9S TS JS QS KS: waste top KS
            assert_eq!(codes(&p.to_layout().waste).last().unwrap(), "KS");
            // Q71 = AS onto KS: only with the wrap.
            if wrap {
                ok(&mut p, mv("Q71", "W"));
                // Q72 = 2S is free now (faces the hole at Q71) and F1 needs it.
                ok(&mut p, mv("Q72", "F1"));
            } else {
                let why = bad(&mut p, mv("Q71", "W"));
                assert!(why.contains("does not accept AS"), "{why}");
            }
        }
    }
}

#[test]
fn king_on_ace_wraps_too() {
    // Clubs open: F0 holds A..9, F4 holds K..3. Waste top AC (deck 1); Q00 = KC.
    for wrap in [true, false] {
        let layout = position(
            IndianCarpet,
            clubs_open(9, 11),
            &[("Q00", "KC"), ("Q02", "TC")],
            &[],
            "2C AC",
            "QC JC",
        );
        let mut p = start(IndianCarpet, opts(wrap, 2), &layout);
        if wrap {
            ok(&mut p, mv("Q00", "W"));
            assert_eq!(codes(&p.to_layout().waste), ["2C", "AC", "KC"]);
        } else {
            bad(&mut p, mv("Q00", "W"));
        }
        bad(&mut p, mv("Q02", "F4")); // TC on the down foundation (needs 2C)
    }
}

#[test]
fn waste_to_foundation() {
    for variant in [CrazyQuilt, IndianCarpet] {
        let mut p = dealt(variant, Options::for_variant(variant));
        deal_n(&mut p, 7); // .. KS AH: waste top AH (deck 1)
        bad(&mut p, mv("W", "F2")); // AH on AH
        bad(&mut p, mv("W", "F6")); // AH on KH (down needs QH)
        ok(&mut p, Move::Deal); // 2H
        bad(&mut p, mv("W", "F6"));
        bad(&mut p, mv("W", "F1"));
        ok(&mut p, mv("W", "F2")); // 2H on AH
        assert_eq!(codes(&p.to_layout().foundations[2]), ["AH", "2H"]);
        // The waste top is AH again; F2 needs 3H, which Q27 (available) holds.
        ok(&mut p, mv("Q27", "F2"));
        assert_eq!(codes(&p.to_layout().waste).last().unwrap(), "AH");
        // The waste never goes onto the quilt or itself.
        bad(&mut p, mv("W", "W"));
        bad(&mut p, mv("W", "Q27"));
    }
}

// -------------------------------------------------------------------------------------------
// Deal and redeal
// -------------------------------------------------------------------------------------------

#[test]
fn deal_and_redeal_order_and_limits() {
    for (variant, redeals) in
        [(CrazyQuilt, 1u8), (IndianCarpet, 2), (CrazyQuilt, 0), (IndianCarpet, 3)]
    {
        let mut p = dealt(variant, opts(true, redeals));
        let stock = p.to_layout().stock_top_first;
        bad(&mut p, Move::Redeal); // the stock is not empty
        for pass in 0..=redeals {
            ok(&mut p, Move::Deal);
            assert_eq!(p.to_layout().waste, vec![stock[0]]);
            bad(&mut p, Move::Redeal);
            deal_n(&mut p, 31);
            let layout = p.to_layout();
            assert!(layout.stock_top_first.is_empty());
            assert_eq!(layout.waste, stock, "pass {pass}: the waste, bottom→top");
            let why = bad(&mut p, Move::Deal);
            assert!(why.contains("empty stock"), "{why}");
            assert_eq!(p.redeals_left(), redeals - pass);
            if pass < redeals {
                ok(&mut p, Move::Redeal);
                // Turned over without shuffling: the old waste's BOTTOM card is dealt first.
                let layout = p.to_layout();
                assert!(layout.waste.is_empty());
                assert_eq!(layout.stock_top_first, stock);
                assert_eq!(p.redeals_left(), redeals - pass - 1);
            }
        }
        let why = bad(&mut p, Move::Redeal);
        assert!(why.contains("no redeal left"), "{why}");
    }
}

/// Crazy Quilt, one card from won: F0 (clubs up) holds A..Q and needs KC, which lies alone in the
/// quilt at Q33; every other foundation is complete; no stock, empty waste.
fn king_of_clubs_left() -> Layout {
    position(CrazyQuilt, clubs_open(12, 13), &[("Q33", "KC")], &[], "", "")
}

#[test]
fn foundations_do_not_wrap() {
    // F0 (clubs up) is complete; F4 (clubs down) holds K..2 and needs AC. The waste holds AC.
    let layout = position(CrazyQuilt, clubs_open(13, 12), &[], &[], "AC", "");
    let mut p = start(CrazyQuilt, opts(true, 1), &layout);
    bad(&mut p, mv("W", "F0")); // A does not follow K going up
    ok(&mut p, mv("W", "F4"));
    assert!(p.is_won());
    // And a king does not follow an ace going down.
    let mut p = start(CrazyQuilt, opts(true, 1), &king_of_clubs_left());
    bad(&mut p, mv("Q33", "F4"));
    ok(&mut p, mv("Q33", "F0"));
    assert!(p.is_won());
}

#[test]
fn redeal_after_playing_from_the_waste() {
    let mut p = dealt(CrazyQuilt, Options::for_variant(CrazyQuilt));
    deal_n(&mut p, 6); // 8S 9S TS JS QS KS
    ok(&mut p, mv("Q71", "W")); // AS (deck 1) on KS, with the wrap
    deal_n(&mut p, 2); // AH 2H
    ok(&mut p, mv("W", "F2")); // 2H
    deal_n(&mut p, 24); // 3H .. KD
    let before = p.to_layout().waste;
    assert_eq!(before.len(), 32);
    assert_eq!(before[6], c("AS") + 52);
    ok(&mut p, Move::Redeal);
    let layout = p.to_layout();
    assert_eq!(layout.stock_top_first, before);
    assert_eq!(
        codes(&layout.stock_top_first[..8]),
        ["8S", "9S", "TS", "JS", "QS", "KS", "AS", "AH"]
    );
    ok(&mut p, Move::Deal);
    assert_eq!(codes(&p.to_layout().waste), ["8S"]);
}

#[test]
fn redeal_with_an_empty_waste_only_spends_a_redeal() {
    // Reading: a redeal needs an empty stock and a redeal left; the waste may be empty.
    let mut p = start(CrazyQuilt, opts(true, 1), &king_of_clubs_left());
    bad(&mut p, Move::Deal);
    ok(&mut p, Move::Redeal);
    assert_eq!(p.redeals_left(), 0);
    assert!(p.to_layout().stock_top_first.is_empty());
    bad(&mut p, Move::Redeal);
}

// -------------------------------------------------------------------------------------------
// Persian Rug
// -------------------------------------------------------------------------------------------

#[test]
fn persian_rug_has_no_stock_or_waste() {
    let mut p = dealt(PersianRug, opts(true, 3)); // redeals in the options change nothing
    let why = bad(&mut p, Move::Deal);
    assert!(why.contains("no stock"), "{why}");
    bad(&mut p, Move::Redeal);
    for m in [mv("Q00", "W"), mv("W", "F0"), mv("R0", "W"), mv("W", "R0")] {
        let why = bad(&mut p, m);
        assert!(why.contains("no pile named \"W\""), "{why}");
    }
}

#[test]
fn persian_rug_reserve_to_reserve_and_foundation() {
    for wrap in [true, false] {
        let mut p = dealt(PersianRug, opts(wrap, 0));
        // Tops: R0 6D, R1 7D, R2 8D, R3 9D, R4 TD, R5 JD, R6 QD, R7 KD.
        bad(&mut p, mv("R0", "R2")); // 6D on 8D
        bad(&mut p, mv("R0", "R3")); // 6D on 9D
        bad(&mut p, mv("R0", "R0")); // onto itself
        bad(&mut p, mv("R0", "F3")); // 6D on AD
        bad(&mut p, mv("R7", "F7")); // KD on KD
        ok(&mut p, mv("R6", "F7")); // QD on KD (down)
        ok(&mut p, mv("R5", "F7")); // JD
        ok(&mut p, mv("R4", "F7")); // TD
        ok(&mut p, mv("R3", "F7")); // 9D; R3 is JS 6H AD now
        ok(&mut p, mv("R4", "F3")); // 2D on AD (up); R4 is QS 7H
        ok(&mut p, mv("R5", "F3")); // 3D; R5 is KS 8H
        ok(&mut p, mv("R6", "F3")); // 4D; R6 is AH 9H
        // Building on a reserve: same suit, ±1.
        bad(&mut p, mv("R4", "R6")); // 7H on 9H
        bad(&mut p, mv("R4", "R2")); // 7H on 8D: other suit
        ok(&mut p, mv("R4", "R5")); // 7H on 8H (down); R4 is QS
        bad(&mut p, mv("R5", "R4")); // 7H on QS
        assert_eq!(codes(&p.to_layout().reserves[5]), ["KS", "8H", "7H"]);

        // Available quilt card onto a reserve top. F7 needs 8D now; Q47 = 8D (available).
        bad(&mut p, mv("Q47", "R2")); // 8D on 8D
        ok(&mut p, mv("Q47", "R1")); // 8D on 7D (up)
        // Q46 = 7D is vertical between Q36 and Q56: not available, though 7D would build on 8D.
        let why = bad(&mut p, mv("Q46", "R1"));
        assert!(why.contains("not available"), "{why}");
        ok(&mut p, mv("R1", "F7")); // 8D from the reserve to the foundation
        ok(&mut p, mv("R1", "F7")); // 7D

        // Empty a reserve: QS goes to F5 (KS down).
        ok(&mut p, mv("R4", "F5"));
        assert!(p.to_layout().reserves[4].is_empty());
        let why = bad(&mut p, mv("R4", "F0"));
        assert!(why.contains("R4 is empty"), "{why}");
        bad(&mut p, mv("R4", "R3"));
        // An empty reserve takes any available quilt card, but not an unavailable one.
        bad(&mut p, mv("Q11", "R4")); // JC: faces Q01 and Q21
        ok(&mut p, mv("Q70", "R4")); // KC onto the empty R4
        bad(&mut p, mv("Q70", "R5")); // now a hole
        // Q60 = 5C (vertical) is free now that Q70 is a hole; nothing builds 5C on KC.
        bad(&mut p, mv("Q60", "R4"));
        bad(&mut p, mv("R4", "F0")); // KC on AC (up needs 2C)
        bad(&mut p, mv("R4", "F4")); // KC on KC

        // The wrap on reserves: R3's top is AD, R7's is KD.
        if wrap {
            ok(&mut p, mv("R7", "R3")); // KD on AD
            ok(&mut p, mv("R7", "F3")); // 5D, now on top of R7
            bad(&mut p, mv("R3", "R7")); // KD on TH: other suit
            assert_eq!(codes(&p.to_layout().reserves[3]), ["JS", "6H", "AD", "KD"]);
        } else {
            bad(&mut p, mv("R7", "R3")); // KD on AD
            bad(&mut p, mv("R3", "R7")); // AD on KD
        }
    }
}

#[test]
fn persian_rug_empty_reserves_and_wrap() {
    // Clubs open: F0 holds A..9 (needs TC), F4 holds K..3 (needs 2C). Leftover: TC JC QC KC
    // (deck 0), AC 2C (deck 1). R0 = JC AC, R1 = QC, R2..R7 empty. Q00 = KC (vertical, free),
    // Q01 = TC (horizontal between Q00 and Q02), Q02 = 2C (vertical, free).
    let layout = persian_rug_clubs_open();
    for wrap in [true, false] {
        let fresh = start(PersianRug, opts(wrap, 0), &layout);
        let mut p = fresh.clone();
        bad(&mut p, mv("R1", "R0")); // QC on AC
        bad(&mut p, mv("R0", "R1")); // AC on QC
        // KC onto AC only with the wrap; AC is the top of R0.
        if wrap {
            ok(&mut p, mv("Q00", "R0"));
            assert_eq!(codes(&p.to_layout().reserves[0]), ["JC", "AC", "KC"]);
            ok(&mut p, mv("Q01", "F0")); // TC, freed by the hole at Q00
        } else {
            bad(&mut p, mv("Q00", "R0"));
        }

        let mut p = fresh.clone();
        // TC is not available: neither to a foundation nor to an empty reserve.
        bad(&mut p, mv("Q01", "F0"));
        bad(&mut p, mv("Q01", "R2"));
        // An empty reserve takes any available quilt card.
        ok(&mut p, mv("Q00", "R2")); // KC
        ok(&mut p, mv("Q01", "F0")); // TC, freed by the hole at Q00
        bad(&mut p, mv("R0", "R0"));
        bad(&mut p, mv("R5", "F0")); // empty source
        // An empty reserve takes any reserve top; a lone card may move to another empty reserve.
        ok(&mut p, mv("R0", "R3")); // AC
        ok(&mut p, mv("R3", "R4")); // AC again, leaving R3 empty
        assert!(p.to_layout().reserves[3].is_empty());
        ok(&mut p, mv("Q02", "R4")); // 2C on AC (up)
        assert_eq!(codes(&p.to_layout().reserves[4]), ["AC", "2C"]);
        ok(&mut p, mv("R4", "F4")); // 2C
        ok(&mut p, mv("R4", "F4")); // AC
        ok(&mut p, mv("R0", "F0")); // JC
        ok(&mut p, mv("R1", "F0")); // QC
        assert!(!p.is_won());
        ok(&mut p, mv("R2", "F0")); // KC
        assert!(p.is_won());
        bad(&mut p, mv("R2", "F0"));
    }
}

// -------------------------------------------------------------------------------------------
// Pile names
// -------------------------------------------------------------------------------------------

#[test]
fn bad_pile_names_are_refused() {
    for variant in ALL {
        let mut p = dealt(variant, Options::for_variant(variant));
        let names = [
            "Q88", "Q80", "Q08", "Q8", "Q0", "Q", "Q007", "Q00 ", " Q00", "q00", "Q-1", "Q0a",
            "F8", "F", "F00", "f0", "W0", "w", "R8", "R00", "R", "r0", "T", "P0", "",
        ];
        for name in names {
            let why = bad(&mut p, mv(name, "F0"));
            assert!(why.contains("no pile named"), "{variant:?} {name:?}: {why}");
            let why = bad(&mut p, mv("Q00", name));
            assert!(why.contains("no pile named"), "{variant:?} {name:?}: {why}");
        }
        // The variant's own piles only.
        let (missing, present) = if variant == PersianRug { ("W", "R0") } else { ("R0", "W") };
        let why = bad(&mut p, mv(missing, "F0"));
        assert!(why.contains("no pile named"), "{why}");
        let why = bad(&mut p, mv("Q00", missing));
        assert!(why.contains("no pile named"), "{why}");
        let why = bad(&mut p, mv(present, "F0"));
        assert!(!why.contains("no pile named"), "{why}");
        // Every cell name Q00..Q77 is a pile.
        for r in 0..8 {
            for col in 0..8 {
                let why = bad(&mut p, mv(&format!("Q{r}{col}"), "F5"));
                assert!(!why.contains("no pile named"), "{why}");
            }
        }
        ok(&mut p, mv("Q00", "F0"));
    }
}

/// `legal_moves` lists exactly the moves `play` accepts (checked against every name pair).
#[test]
fn legal_moves_are_exactly_the_playable_ones() {
    for variant in ALL {
        let mut p = dealt(variant, Options::for_variant(variant));
        let mut names: Vec<String> = (0..8).map(|f| format!("F{f}")).collect();
        for r in 0..8 {
            for col in 0..8 {
                names.push(format!("Q{r}{col}"));
            }
        }
        names.push("W".to_string());
        names.extend((0..8).map(|i| format!("R{i}")));
        let mut rng = common::Lcg(5);
        for _step in 0..8 {
            let legal = p.legal_moves();
            let mut all: Vec<Move> = vec![Move::Deal, Move::Redeal];
            for from in &names {
                for to in &names {
                    all.push(mv(from, to));
                }
            }
            for m in &all {
                let mut q = p.clone();
                assert_eq!(q.play(m).is_ok(), legal.contains(m), "{variant:?}: {m}");
            }
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())].clone();
            ok(&mut p, m);
        }
    }
}
