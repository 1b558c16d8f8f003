//! Algerian family: deal procedures (RULES.md §4), layout checking, options.

mod common;

use common::{Ids, c, codes};
use patience_reference::Rules;
use patience_reference::algerian::{
    Layout, Options, Position, ReserveSpace, Variant, check_layout, layout_from_talon,
};

const VARIANTS: [Variant; 3] = [Variant::Algerian, Variant::Carthage, Variant::AlgerianParlett];

/// The talon `0..104` with Algerian's hook ("K to top"): deck-0 K♣ K♠ K♥ K♦ first, then every
/// other id in increasing order. (Valid for Carthage and Parlett too, which have no hook.)
fn hooked_talon() -> Vec<u8> {
    let head = [c("KC"), c("KS"), c("KH"), c("KD")];
    let mut talon = head.to_vec();
    talon.extend((0..104u8).filter(|id| !head.contains(id)));
    talon
}

fn sizes(layout: &Layout) -> (Vec<usize>, Vec<usize>, Vec<usize>, usize) {
    (
        layout.foundations.iter().map(Vec::len).collect(),
        layout.reserves.iter().map(Vec::len).collect(),
        layout.rows.iter().map(Vec::len).collect(),
        layout.stock_top_first.len(),
    )
}

fn as_codes(piles: &[Vec<u8>]) -> Vec<String> {
    piles.iter().map(|p| codes(p).join(" ")).collect()
}

#[test]
fn algerian_deal_from_talon() {
    let d = hooked_talon();
    let layout = layout_from_talon(Variant::Algerian, &d);
    assert_eq!(sizes(&layout), (vec![0, 0, 0, 0, 1, 1, 1, 1], vec![6; 6], vec![1; 8], 56));
    assert_eq!(as_codes(&layout.foundations), ["", "", "", "", "KC", "KS", "KH", "KD"]);
    for i in 0..8 {
        assert_eq!(layout.rows[i], vec![d[4 + i]]);
    }
    for i in 0..6 {
        let expected: Vec<u8> = (0..6).map(|k| d[12 + i + 6 * k]).collect();
        assert_eq!(layout.reserves[i], expected);
    }
    // Literally: D[4..] is AC 2C .. QC AS ..: P0 = AC, P7 = 8C; R0 = D12 D18 .. D42.
    assert_eq!(layout.rows[0], vec![c("AC")]);
    assert_eq!(layout.rows[7], vec![c("8C")]);
    assert_eq!(codes(&layout.reserves[0]).join(" "), "9C 3S 9S 3H 9H 3D");
    assert_eq!(layout.stock_top_first, d[48..].to_vec());
    assert_eq!(check_layout(Variant::Algerian, &layout), Ok(()));
}

#[test]
fn carthage_deal_from_talon() {
    let d = hooked_talon();
    let layout = layout_from_talon(Variant::Carthage, &d);
    assert_eq!(sizes(&layout), (vec![0; 8], vec![6; 6], vec![1; 8], 60));
    let rows: Vec<Vec<u8>> = d[..8].iter().map(|&card| vec![card]).collect();
    assert_eq!(layout.rows, rows);
    for i in 0..6 {
        let expected: Vec<u8> = (0..6).map(|k| d[8 + i + 6 * k]).collect();
        assert_eq!(layout.reserves[i], expected);
    }
    assert_eq!(layout.stock_top_first, d[44..].to_vec());
    assert_eq!(check_layout(Variant::Carthage, &layout), Ok(()));
}

#[test]
fn parlett_deal_from_talon() {
    let d = hooked_talon();
    let layout = layout_from_talon(Variant::AlgerianParlett, &d);
    assert_eq!(sizes(&layout), (vec![0; 8], vec![4; 6], vec![2, 2, 2, 2, 1, 1, 1, 1], 68));
    // Depots round-robin: D[0..8] one each, then D[8..12] a second card on P0..P3.
    for i in 0..4 {
        assert_eq!(layout.rows[i], vec![d[i], d[8 + i]]);
    }
    let singles: Vec<Vec<u8>> = d[4..8].iter().map(|&card| vec![card]).collect();
    assert_eq!(layout.rows[4..], singles);
    for i in 0..6 {
        let expected: Vec<u8> = (0..4).map(|k| d[12 + i + 6 * k]).collect();
        assert_eq!(layout.reserves[i], expected);
    }
    assert_eq!(layout.stock_top_first, d[36..].to_vec());
    // 12 + 24 + 68 = 104, and every card is somewhere.
    assert_eq!(check_layout(Variant::AlgerianParlett, &layout), Ok(()));
}

/// PySolFC game #1 (`testdata/pysolfc-deals.jsonl`, rows with pysolfc_game_id 321 and 322).
/// Carthage's layout gives the talon: D[0..8] its rows, D[8+i+6k] its reserve i, then its stock.
/// Algerian's talon is the same list with the deck-0 kings K♣ K♠ K♥ K♦ taken out and put first.
/// Both layouts must come out exactly as PySolFC shows them.
#[test]
fn pysolfc_game_1_carthage_and_algerian() {
    let carthage_rows = ["3D", "5H", "JC", "KH", "5S", "5H", "KC", "KC"];
    let carthage_reserves = [
        "8D TC KD 2H 8H 8C",
        "JD 8D 2H AD JH 2S",
        "AS 4C TD 9H 4D 3S",
        "8C JS 8S 8S 2D 9C",
        "6C QC AC 7D 6H 7D",
        "6H 4H 7C 9S TH 4S",
    ];
    let carthage_stock = "8H TH AH JC 4H 7H QS QC 7C 3S QH 9S 2S QH 3C AS 4S KS 6D TD 9C 9D JS \
        4D 5C 6C AD JH 6S 3C JD TC AH QS 2C 9H 3H 7S 5C 9D KS 5D TS QD 7S 6D TS KD QD 7H 3D 2C KH \
        5D 3H 2D 4C 5S 6S AC";
    let mut talon_codes: Vec<&str> = carthage_rows.to_vec();
    talon_codes.resize(44, "");
    for (i, reserve) in carthage_reserves.iter().enumerate() {
        for (k, code) in reserve.split_whitespace().enumerate() {
            talon_codes[8 + i + 6 * k] = code;
        }
    }
    talon_codes.extend(carthage_stock.split_whitespace());
    // The first copy of each card in dealing order is the deck-0 one.
    let mut ids = Ids::new();
    let talon: Vec<u8> = talon_codes.iter().map(|code| ids.take(code)).collect();
    assert_eq!(talon.len(), 104);

    let carthage = layout_from_talon(Variant::Carthage, &talon);
    assert_eq!(as_codes(&carthage.foundations), vec![""; 8]);
    assert_eq!(as_codes(&carthage.rows), carthage_rows);
    assert_eq!(as_codes(&carthage.reserves), carthage_reserves);
    assert_eq!(codes(&carthage.stock_top_first).join(" "), carthage_stock);
    assert_eq!(check_layout(Variant::Carthage, &carthage), Ok(()));

    let kings = [c("KC"), c("KS"), c("KH"), c("KD")];
    let mut algerian_talon = kings.to_vec();
    algerian_talon.extend(talon.iter().filter(|id| !kings.contains(id)));
    let algerian = layout_from_talon(Variant::Algerian, &algerian_talon);
    assert_eq!(as_codes(&algerian.foundations), ["", "", "", "", "KC", "KS", "KH", "KD"]);
    assert_eq!(as_codes(&algerian.rows), ["3D", "5H", "JC", "5S", "5H", "KC", "8D", "JD"]);
    assert_eq!(
        as_codes(&algerian.reserves),
        [
            "AS 4C 8S 8S 2D 9C",
            "8C JS AC 7D 6H 7D",
            "6C QC 7C 9S TH 4S",
            "6H 4H 2H 8H 8C 8H",
            "TC 2H AD JH 2S TH",
            "8D TD 9H 4D 3S AH",
        ]
    );
    assert_eq!(
        codes(&algerian.stock_top_first).join(" "),
        "JC 4H 7H QS QC 7C 3S QH 9S 2S QH 3C AS 4S 6D TD 9C 9D JS 4D 5C 6C AD JH 6S 3C JD TC AH \
         QS 2C 9H 3H 7S 5C 9D KS 5D TS QD 7S 6D TS KD QD 7H 3D 2C KH 5D 3H 2D 4C 5S 6S AC"
    );
    assert_eq!(check_layout(Variant::Algerian, &algerian), Ok(()));
}

#[test]
#[should_panic]
fn talon_of_wrong_length_panics() {
    layout_from_talon(Variant::Carthage, &[0u8; 103]);
}

#[test]
fn check_layout_rejects_inconsistent_layouts() {
    let d = hooked_talon();
    let good = layout_from_talon(Variant::Carthage, &d);
    assert_eq!(check_layout(Variant::Carthage, &good), Ok(()));

    // Wrong pile counts.
    let mut bad = good.clone();
    bad.foundations.pop();
    assert!(check_layout(Variant::Carthage, &bad).is_err());
    let mut bad = good.clone();
    bad.reserves.push(Vec::new());
    assert!(check_layout(Variant::Carthage, &bad).is_err());
    let mut bad = good.clone();
    bad.rows.pop();
    assert!(check_layout(Variant::Carthage, &bad).is_err());

    // A card replaced by a third copy of another.
    let mut bad = good.clone();
    bad.stock_top_first[0] = bad.stock_top_first[1];
    assert!(check_layout(Variant::Carthage, &bad).is_err());

    // A card missing.
    let mut bad = good.clone();
    bad.stock_top_first.pop();
    assert!(check_layout(Variant::Carthage, &bad).is_err());

    // An id out of range.
    let mut bad = good.clone();
    bad.stock_top_first[0] = 104;
    assert!(check_layout(Variant::Carthage, &bad).is_err());

    // Either copy may stand in for the other: swapping an id for its twin is fine.
    let mut twin = good.clone();
    assert_eq!(twin.rows[4], vec![c("AC")]);
    twin.rows[4][0] = c("AC") + 52;
    let other = twin.stock_top_first.iter().position(|&x| x == c("AC") + 52).unwrap();
    twin.stock_top_first[other] = c("AC");
    assert_eq!(check_layout(Variant::Carthage, &twin), Ok(()));
}

/// Each variant's foundations: bases and directions. Cards are moved from the stock onto a
/// foundation and the check asked whether the result is a run from the base.
#[test]
fn check_layout_knows_each_variants_foundations() {
    let d = hooked_talon();
    // Puts the given cards (deck-0 codes, all in the stock of the Carthage deal) on foundation f.
    let with_foundation = |f: usize, cards: &[&str]| -> Layout {
        let mut layout = layout_from_talon(Variant::Carthage, &d);
        for code in cards {
            let id = c(code);
            let place =
                |pile: &mut Vec<u8>| pile.iter().position(|&x| x == id).map(|at| pile.remove(at));
            let found = place(&mut layout.stock_top_first)
                .or_else(|| layout.rows.iter_mut().find_map(place))
                .or_else(|| layout.reserves.iter_mut().find_map(place));
            assert!(found.is_some(), "{code} not found");
            layout.foundations[f].push(id);
        }
        layout
    };
    let ok = |variant, layout: &Layout| check_layout(variant, layout).is_ok();
    use Variant::{Algerian, AlgerianParlett, Carthage};

    // F1 = A♣ 2♣: Carthage's F1 is clubs up; Algerian's F1 is spades up.
    let layout = with_foundation(1, &["AC", "2C"]);
    assert!(ok(Carthage, &layout));
    assert!(!ok(Algerian, &layout));
    assert!(!ok(AlgerianParlett, &layout));
    // F1 = A♠: spades up in Algerian and Parlett; Carthage's F1 is clubs.
    let layout = with_foundation(1, &["AS"]);
    assert!(ok(Algerian, &layout));
    assert!(ok(AlgerianParlett, &layout));
    assert!(!ok(Carthage, &layout));
    // F2 = A♠ 2♠ 3♠: Carthage (F2, F3 spades); Algerian's F2 is hearts.
    let layout = with_foundation(2, &["AS", "2S", "3S"]);
    assert!(ok(Carthage, &layout));
    assert!(!ok(Algerian, &layout));
    // F7 = A♦ 2♦: Carthage (F6, F7 diamonds, up); Algerian's F7 is diamonds DOWN from the king.
    let layout = with_foundation(7, &["AD", "2D"]);
    assert!(ok(Carthage, &layout));
    assert!(!ok(Algerian, &layout));
    // F5 = K♠ Q♠ J♠: Algerian (spades down); Carthage builds up only.
    let layout = with_foundation(5, &["KS", "QS", "JS"]);
    assert!(ok(Algerian, &layout));
    assert!(ok(AlgerianParlett, &layout));
    assert!(!ok(Carthage, &layout));
    // Not runs from the base: a gap, a wrong start, a wrong suit.
    for (f, cards) in
        [(0, &["AC", "3C"][..]), (0, &["2C"][..]), (6, &["AH"][..]), (4, &["KC", "QS"][..])]
    {
        let layout = with_foundation(f, cards);
        for variant in VARIANTS {
            assert!(!ok(variant, &layout), "{variant:?} F{f} {cards:?}");
        }
    }
    // A full foundation is fine.
    let all_clubs: Vec<String> = "A23456789TJQK".chars().map(|r| format!("{r}C")).collect();
    let all_clubs: Vec<&str> = all_clubs.iter().map(String::as_str).collect();
    let layout = with_foundation(0, &all_clubs);
    assert!(ok(Carthage, &layout));
    assert!(ok(Algerian, &layout));
}

#[test]
fn options_for_each_variant() {
    let any = Options { reserve_space: ReserveSpace::Any, foundation_to_depot: true };
    assert_eq!(Options::for_variant(Variant::Algerian), any);
    assert_eq!(Options::for_variant(Variant::Carthage), any);
    assert_eq!(
        Options::for_variant(Variant::AlgerianParlett),
        Options { reserve_space: ReserveSpace::AfterStock, foundation_to_depot: true }
    );
    assert_eq!(Options::default(), any);
}

#[test]
fn position_round_trips_its_layout() {
    let d = hooked_talon();
    for variant in VARIANTS {
        let layout = layout_from_talon(variant, &d);
        let options = Options::for_variant(variant);
        let position = Position::new(variant, &options, &layout).unwrap();
        assert_eq!(position.to_layout(), layout);
        assert!(!position.is_won());
    }
    // An inconsistent layout is refused.
    let mut bad = layout_from_talon(Variant::Carthage, &d);
    bad.rows[0].clear();
    let options = Options::for_variant(Variant::Carthage);
    assert!(Position::new(Variant::Carthage, &options, &bad).is_err());
    // Algerian's layout does not check for Carthage (the kings on F4..F7 build down).
    let algerian = layout_from_talon(Variant::Algerian, &d);
    assert!(Position::new(Variant::Carthage, &options, &algerian).is_err());
}
