//! Deal procedures (RULES.md §2) and layout checking.

mod common;

use common::{c, codes, hooked_identity_talon};
use patience_reference::alhambra::{
    Layout, Options, Position, Variant, check_layout, layout_from_talon,
};

fn sizes(layout: &Layout) -> (Vec<usize>, Vec<usize>, Vec<usize>, usize) {
    (
        layout.foundations.iter().map(Vec::len).collect(),
        layout.reserves.iter().map(Vec::len).collect(),
        layout.wastes.iter().map(Vec::len).collect(),
        layout.stock_top_first.len(),
    )
}

#[test]
fn alhambra_deal_from_talon() {
    let d = hooked_identity_talon();
    let layout = layout_from_talon(Variant::Alhambra, &d);
    assert_eq!(sizes(&layout), (vec![1; 8], vec![4; 8], vec![1], 63));
    let bases: Vec<u8> = layout.foundations.iter().map(|f| f[0]).collect();
    assert_eq!(codes(&bases), ["AC", "AS", "AH", "AD", "KC", "KS", "KH", "KD"]);
    for i in 0..8 {
        assert_eq!(layout.reserves[i], vec![d[8 + i], d[16 + i], d[24 + i], d[32 + i]]);
    }
    // Literally: D[8..] is 2C 3C .. QC, 2S ..: R0 = D8 D16 D24 D32 = 2C TC 7S 4H.
    assert_eq!(layout.reserves[0], vec![c("2C"), c("TC"), c("7S"), c("4H")]);
    assert_eq!(layout.wastes, vec![vec![d[40]]]);
    assert_eq!(layout.stock_top_first, d[41..].to_vec());
    assert_eq!(layout.stock_top_first[0], d[41]);
    assert_eq!(check_layout(Variant::Alhambra, &layout), Ok(()));
}

#[test]
fn granada_deal_from_talon() {
    let d = hooked_identity_talon();
    let layout = layout_from_talon(Variant::Granada, &d);
    assert_eq!(sizes(&layout), (vec![1; 8], vec![4; 8], vec![1; 4], 60));
    let alhambra = layout_from_talon(Variant::Alhambra, &d);
    assert_eq!(layout.foundations, alhambra.foundations);
    assert_eq!(layout.reserves, alhambra.reserves);
    assert_eq!(layout.wastes, vec![vec![d[40]], vec![d[41]], vec![d[42]], vec![d[43]]]);
    assert_eq!(layout.stock_top_first, d[44..].to_vec());
    assert_eq!(check_layout(Variant::Granada, &layout), Ok(()));
}

#[test]
fn reinforcements_deal_from_talon() {
    let d = hooked_identity_talon();
    let layout = layout_from_talon(Variant::Reinforcements, &d);
    assert_eq!(sizes(&layout), (vec![1; 8], vec![12; 4], vec![1], 47));
    for i in 0..4 {
        let expected: Vec<u8> = (0..12).map(|k| d[8 + i + 4 * k]).collect();
        assert_eq!(layout.reserves[i], expected);
    }
    // Literally: R1 bottom→top = D9 D13 D17 .. D53 (begins 3C 7C JC).
    assert_eq!(&layout.reserves[1][..3], &[c("3C"), c("7C"), c("JC")]);
    assert_eq!(layout.wastes, vec![vec![d[56]]]);
    assert_eq!(layout.stock_top_first, d[57..].to_vec());
    assert_eq!(check_layout(Variant::Reinforcements, &layout), Ok(()));
}

/// PySolFC game #1 (from `fixtures/pysolfc-deals.jsonl`): Alhambra, Granada and Grant's
/// Reinforcement are dealt from the same talon. Rebuild the talon from the Alhambra layout and
/// check that it deals PySolFC's Granada and Reinforcement layouts.
#[test]
fn pysolfc_game_1_one_talon_three_layouts() {
    let alhambra_reserves = [
        "3D AS QC AD",
        "5H 8C 4H 9H",
        "JC 6C 2H 8S",
        "5S 6H TD 7D",
        "5H TC 8S 9S",
        "KC 8D AC 8H",
        "8D 4C 7C JH",
        "JD JS 2H 4D",
    ];
    let alhambra_stock = "6H TH 8C 2S 3S 9C 7D 4S 8H TH AH JC 4H 7H QS QC 7C 3S QH 9S 2S QH 3C 4S \
        6D TD 9C 9D JS 4D 5C 6C JH 6S 3C JD TC QS 2C 9H 3H 7S 5C 9D KS 5D TS QD 7S 6D TS KD QD 7H \
        3D 2C KH 5D 3H 2D 4C 5S 6S";
    // Talon as codes: D[0..8] bases, D[8+i+8k] reserve i, D[40] waste, D[41..] stock.
    let mut talon_codes: Vec<&str> = vec!["AC", "AS", "AH", "AD", "KC", "KS", "KH", "KD"];
    talon_codes.resize(40, "");
    for (i, reserve) in alhambra_reserves.iter().enumerate() {
        for (k, code) in reserve.split_whitespace().enumerate() {
            talon_codes[8 + i + 8 * k] = code;
        }
    }
    talon_codes.push("2D");
    talon_codes.extend(alhambra_stock.split_whitespace());
    let mut ids = common::Ids::new();
    let talon: Vec<u8> = talon_codes.iter().map(|code| ids.take(code)).collect();
    assert_eq!(talon.len(), 104);

    let as_codes =
        |piles: &[Vec<u8>]| -> Vec<String> { piles.iter().map(|p| codes(p).join(" ")).collect() };

    let alhambra = layout_from_talon(Variant::Alhambra, &talon);
    assert_eq!(as_codes(&alhambra.reserves), alhambra_reserves);
    assert_eq!(codes(&alhambra.stock_top_first).join(" "), alhambra_stock);

    let granada = layout_from_talon(Variant::Granada, &talon);
    assert_eq!(as_codes(&granada.wastes), ["2D", "6H", "TH", "8C"]);
    assert_eq!(codes(&granada.stock_top_first[..6]).join(" "), "2S 3S 9C 7D 4S 8H");

    let reinforcements = layout_from_talon(Variant::Reinforcements, &talon);
    assert_eq!(
        as_codes(&reinforcements.reserves),
        [
            "3D 5H AS TC QC 8S AD 9S 2D 2S 4S JC",
            "5H KC 8C 8D 4H AC 9H 8H 6H 3S 8H 4H",
            "JC 8D 6C 4C 2H 7C 8S JH TH 9C TH 7H",
            "5S JD 6H JS TD 2H 7D 4D 8C 7D AH QS",
        ]
    );
    assert_eq!(as_codes(&reinforcements.wastes), ["QC"]);
    assert_eq!(codes(&reinforcements.stock_top_first[..4]).join(" "), "7C 3S QH 9S");
    assert_eq!(reinforcements.stock_top_first.len(), 47);
}

#[test]
#[should_panic]
fn talon_of_wrong_length_panics() {
    layout_from_talon(Variant::Alhambra, &[0u8; 103]);
}

#[test]
fn check_layout_rejects_inconsistent_layouts() {
    let d = hooked_identity_talon();
    let good = layout_from_talon(Variant::Alhambra, &d);

    // Wrong pile counts for the variant.
    assert!(check_layout(Variant::Reinforcements, &good).is_err());
    assert!(check_layout(Variant::Granada, &good).is_err());

    // A card replaced by a third copy of another.
    let mut bad = good.clone();
    bad.stock_top_first[0] = bad.stock_top_first[1];
    assert!(check_layout(Variant::Alhambra, &bad).is_err());

    // A card missing.
    let mut bad = good.clone();
    bad.stock_top_first.pop();
    assert!(check_layout(Variant::Alhambra, &bad).is_err());

    // An id out of range.
    let mut bad = good.clone();
    bad.stock_top_first[0] = 104;
    assert!(check_layout(Variant::Alhambra, &bad).is_err());

    // A foundation that is not a run from its base: swap F0's ace with a reserve card.
    let mut bad = good.clone();
    std::mem::swap(&mut bad.foundations[0][0], &mut bad.reserves[0][0]);
    assert!(check_layout(Variant::Alhambra, &bad).is_err());

    // Either copy may stand in for the other: swapping an id for its twin is fine.
    let mut twin = good.clone();
    twin.foundations[0][0] += 52;
    let other = twin.stock_top_first.iter().position(|&x| x == c("AC") + 52).unwrap();
    twin.stock_top_first[other] = c("AC");
    assert_eq!(check_layout(Variant::Alhambra, &twin), Ok(()));
}

#[test]
fn position_round_trips_its_layout_without_refilling() {
    // A Reinforcements layout with an empty reserve and a non-empty stock is taken as given: the
    // refill happens after the first action, not when the position is made.
    let layout = common::alhambra::position(
        Variant::Reinforcements,
        common::clubs_open(10, 12),
        &["JC", "", "QC", "KC"],
        &[""],
        "AC",
    );
    let position = Position::new(Variant::Reinforcements, &Options::default(), &layout).unwrap();
    assert_eq!(position.to_layout(), layout);
    assert_eq!(position.redeals_left(), 2);
}
