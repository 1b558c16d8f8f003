//! Every Alhambra-family row of PySolFC's own layouts (testdata/pysolfc-deals.jsonl, made by
//! PySolFC's game classes) must be reproduced exactly from the game number.

use patience_games::alhambra::AlhambraRules;
use patience_games::deal::{DealSource, Hook, make_deal, pysol::parse_game_number};
use patience_games::variant::InFamily;
use patience_games::variant::Variant;
use serde_json::Value;

fn fixtures() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pysolfc-deals.jsonl");
    std::fs::read_to_string(path)
        .expect("testdata/pysolfc-deals.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).expect("fixture line is JSON"))
        .collect()
}

#[test]
fn alhambra_family_rows_are_reproduced() {
    let mut checked = std::collections::BTreeMap::new();
    for row in fixtures() {
        let variant = match row["pysolfc_game_id"].as_u64().unwrap() {
            234 => Variant::Alhambra,
            465 => Variant::Granada,
            609 => Variant::Reinforcements,
            _ => continue,
        };
        let number = parse_game_number(row["game_number"].as_str().unwrap()).unwrap();
        let deal = make_deal(&DealSource::Pysol(number), Hook::AcesKingsToTop).unwrap();
        let ours = serde_json::to_value(AlhambraRules::of(variant).layout(&deal)).unwrap();
        for key in ["foundations", "reserves", "wastes", "stock_top_first"] {
            assert_eq!(ours[key], row[key], "{variant:?} #{number}: {key}");
        }
        *checked.entry(format!("{variant:?}")).or_insert(0) += 1;
    }
    assert_eq!(checked.values().sum::<i32>(), 36, "{checked:?}");
    assert!(checked.values().all(|&n| n == 12), "{checked:?}");
}

/// Every Queen of Italy family row: the layout before the choice (or the dealt one), and for the
/// games with a choice the layout after choosing row 0 (PySolFC's `after_choosing_row_0`).
#[test]
fn queen_family_rows_are_reproduced() {
    use patience_games::queen::{Queen, QueenRules};
    let mut checked = std::collections::BTreeMap::new();
    for row in fixtures() {
        let variant = match row["pysolfc_game_id"].as_u64().unwrap() {
            135 => Variant::QueenOfItaly,
            431 => Variant::QueenOfItalyOpen,
            136 => Variant::GeneralsPatience,
            137 => Variant::BlondesAndBrunettes,
            138 => Variant::FallingStar,
            _ => continue,
        };
        let number = parse_game_number(row["game_number"].as_str().unwrap()).unwrap();
        let deal = make_deal(&DealSource::Pysol(number), Hook::None).unwrap();
        let rules = QueenRules::of(variant);
        let compare = |ours: serde_json::Value, theirs: &Value, what: &str| {
            for key in ["foundations", "reserves", "rows", "stock_top_first"] {
                assert_eq!(ours[key], theirs[key], "{variant:?} #{number} {what}: {key}");
            }
            assert_eq!(ours["wastes"][0], theirs["waste"], "{variant:?} #{number} {what}: waste");
        };
        compare(serde_json::to_value(rules.layout(&deal)).unwrap(), &row, "layout");
        if rules.has_choice() {
            let game = Queen::new(rules, &deal);
            let after = game.layout_of(&game.after_choice(0));
            compare(
                serde_json::to_value(after).unwrap(),
                &row["after_choosing_row_0"],
                "after choosing row 0",
            );
        } else {
            assert!(row.get("after_choosing_row_0").is_none());
        }
        *checked.entry(format!("{variant:?}")).or_insert(0) += 1;
    }
    assert_eq!(checked.values().sum::<i32>(), 60, "{checked:?}");
    assert!(checked.values().all(|&n| n == 12), "{checked:?}");
}
