//! Every Algerian-family row of PySolFC's own layouts (testdata/pysolfc-deals.jsonl, made by
//! PySolFC's game classes: 322 Algerian Patience, 321 Carthage) must be reproduced exactly from
//! the game number. The rows' `waste` key (always empty) is not compared.

use patience_games::algerian::AlgerianRules;
use patience_games::card::Card;
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

fn codes(cards: &[Card]) -> Value {
    cards.iter().map(|c| c.to_string()).collect()
}
fn piles(piles: &[Vec<Card>]) -> Value {
    piles.iter().map(|p| codes(p)).collect()
}

#[test]
fn algerian_family_rows_are_reproduced() {
    let mut checked = std::collections::BTreeMap::new();
    for row in fixtures() {
        let (variant, hook) = match row["pysolfc_game_id"].as_u64().unwrap() {
            322 => (Variant::Algerian, Hook::KingsToTop),
            321 => (Variant::Carthage, Hook::None),
            _ => continue,
        };
        let number = parse_game_number(row["game_number"].as_str().unwrap()).unwrap();
        let deal = make_deal(&DealSource::Pysol(number), hook).unwrap();
        let ours = AlgerianRules::of(variant).layout(&deal);
        assert_eq!(
            piles(&ours.foundations),
            row["foundations"],
            "{variant:?} #{number}: foundations"
        );
        assert_eq!(piles(&ours.reserves), row["reserves"], "{variant:?} #{number}: reserves");
        assert_eq!(piles(&ours.rows), row["rows"], "{variant:?} #{number}: rows");
        assert_eq!(
            codes(&ours.stock_top_first),
            row["stock_top_first"],
            "{variant:?} #{number}: stock"
        );
        *checked.entry(format!("{variant:?}")).or_insert(0) += 1;
    }
    assert_eq!(checked.values().sum::<i32>(), 24, "{checked:?}");
    assert!(checked.values().all(|&n| n == 12), "{checked:?}");
}
