//! Property tests of user positions (issue 37): a deal's start layout of every variant with cards
//! moved between piles, piles added or dropped, codes broken and `redeals_left` set at random,
//! through the path `solve --position` takes (JSON → cards → the game's check → game → a small
//! search with its win replayed): nothing panics, every rejection is one line.

use patience_cli::args::RuleArgs;
use patience_cli::choice::choose_game;
use patience_cli::position::parse_position;
use patience_games::deal::{DealSource, make_deal};
use patience_games::game::Pruning;
use patience_games::rules::FamilyRules;
use patience_games::variant::VARIANTS;
use patience_games::with_rules;
use patience_solver::{Limits, Verdict, actions, solve};
use proptest::prelude::*;

mod common;
use common::assert_one_line;
use serde_json::Value;

/// What `solve --position` does with `text`: `Ok` if searched, the error's message if refused.
fn run_position(variant: usize, text: &str) -> Result<(), String> {
    let choice =
        choose_game(VARIANTS[variant].name, &RuleArgs::default()).map_err(|e| format!("{e:#}"))?;
    let layout = parse_position(text, &choice).map_err(|e| format!("{e:#}"))?;
    choice.rules.check(&layout).map_err(|e| e.to_string())?;
    let limits = Limits { max_states: 300, table_bytes: 1 << 20, ..Limits::default() };
    with_rules!(choice.rules, |r| {
        let game = r.game(&layout).unwrap_or_else(|e| panic!("checked, then refused: {e}"));
        let result = solve(&game, limits, Pruning::ALL);
        if result.verdict == Verdict::Won {
            let line = actions(&game, &result.moves);
            patience_verify::replay(&choice.rules, &layout, &line)
                .unwrap_or_else(|e| panic!("a win from a position fails the reference: {e}"));
        }
    });
    Ok(())
}

/// Every pile of a layout object as (field, index) pairs, quilt cells excluded.
fn piles(layout: &Value) -> Vec<(String, usize)> {
    let mut out = vec![];
    for field in ["foundations", "reserves", "rows", "wastes"] {
        if let Some(list) = layout[field].as_array() {
            out.extend((0..list.len()).map(|i| (field.to_string(), i)));
        }
    }
    out
}

fn pile_mut<'a>(layout: &'a mut Value, pile: &(String, usize)) -> &'a mut Vec<Value> {
    layout[pile.0.as_str()][pile.1].as_array_mut().unwrap()
}

#[derive(Clone, Debug)]
enum Edit {
    /// A card from the top of one pile (or the stock) to the top of another.
    Move(usize, usize),
    /// Stock card i to the top of a pile.
    FromStock(usize, usize),
    /// A quilt cell emptied, its card onto a pile.
    FromQuilt(usize, usize),
    DropPile(usize),
    AddPile(usize),
    Redeals(u8),
    BadCode(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (0..40usize, 0..40usize).prop_map(|(a, b)| Edit::Move(a, b)),
        3 => (0..100usize, 0..40usize).prop_map(|(a, b)| Edit::FromStock(a, b)),
        2 => (0..64usize, 0..40usize).prop_map(|(a, b)| Edit::FromQuilt(a, b)),
        1 => (0..400usize).prop_map(Edit::DropPile),
        1 => (0..400usize).prop_map(Edit::AddPile),
        1 => (0..5u8).prop_map(Edit::Redeals),
        1 => (0..2000usize).prop_map(Edit::BadCode),
    ]
}

fn apply(layout: &mut Value, e: &Edit) {
    let all = piles(layout);
    if all.is_empty() {
        return;
    }
    let pick = |i: usize| all[i % all.len()].clone();
    match *e {
        Edit::Move(a, b) => {
            if let Some(card) = pile_mut(layout, &pick(a)).pop() {
                pile_mut(layout, &pick(b)).push(card);
            }
        }
        Edit::FromStock(i, b) => {
            let stock = layout["stock_top_first"].as_array_mut().unwrap();
            if !stock.is_empty() {
                let card = stock.remove(i % stock.len());
                pile_mut(layout, &pick(b)).push(card);
            }
        }
        Edit::FromQuilt(i, b) => {
            if let Some(rows) = layout.get_mut("quilt").and_then(Value::as_array_mut) {
                let cell = &mut rows[(i / 8) % 8][i % 8];
                let card = std::mem::replace(cell, Value::Null);
                if !card.is_null() {
                    pile_mut(layout, &pick(b)).push(card);
                }
            }
        }
        // Pile counts are checked first of all: one edit in ten changes them.
        Edit::DropPile(a) if a % 10 == 0 => {
            let (field, i) = pick(a / 10);
            let list = layout[field.as_str()].as_array_mut().unwrap();
            let gone = list.remove(i);
            layout["stock_top_first"]
                .as_array_mut()
                .unwrap()
                .extend(gone.as_array().unwrap().iter().cloned());
        }
        Edit::AddPile(a) if a % 10 == 0 => {
            let (field, _) = pick(a / 10);
            layout[field.as_str()].as_array_mut().unwrap().push(Value::Array(vec![]));
        }
        Edit::DropPile(_) | Edit::AddPile(_) => {}
        Edit::Redeals(r) => layout["redeals_left"] = Value::from(r),
        // One time in twenty: most edits should reach the game's own checks.
        Edit::BadCode(i) => {
            let stock = layout["stock_top_first"].as_array_mut().unwrap();
            if i % 20 == 0 && !stock.is_empty() {
                let n = stock.len();
                stock[i % n] = Value::from("1Z");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn edited_positions_never_panic(variant in 0..VARIANTS.len(), seed in 0..1000u64, edits in prop::collection::vec(edit(), 0..12)) {
        let info = &VARIANTS[variant];
        let deal = make_deal(&DealSource::Native(seed), info.hook).unwrap();
        let mut layout = serde_json::to_value(info.rules.layout(&deal)).unwrap();
        if layout.get("stock_top_first").is_none() {
            layout["stock_top_first"] = Value::Array(vec![]);
        }
        for e in &edits {
            apply(&mut layout, e);
        }
        assert_one_line(run_position(variant, &layout.to_string()))?;
    }
}

#[test]
fn every_start_is_accepted() {
    for (v, info) in VARIANTS.iter().enumerate() {
        let deal = make_deal(&DealSource::Native(1), info.hook).unwrap();
        let layout = serde_json::to_value(info.rules.layout(&deal)).unwrap();
        assert_eq!(run_position(v, &layout.to_string()), Ok(()), "{}", info.name);
    }
}
