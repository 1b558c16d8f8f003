//! A new variant is its record in the games crate's registry plus its reference rules' own entry
//! (README, "Adding a variant"): the two lists are kept apart on purpose, and this test holds
//! them to each other — every record's variant is known to the reference by its name, every
//! reference variant has a record, and each deal's start replays as a position there with the
//! record's default options.

use patience_games::deal::{DealSource, make_deal};
use patience_games::layout::Layout;
use patience_games::variant::VARIANTS;
use patience_reference::variant_names;

#[test]
fn every_record_has_its_reference_entry_and_back() {
    let reference = variant_names();
    for v in &VARIANTS {
        assert!(reference.contains(&v.name), "{} has no reference entry", v.name);
    }
    for name in &reference {
        assert!(VARIANTS.iter().any(|v| v.name == *name), "{name} has no record");
    }
    assert_eq!(reference.len(), VARIANTS.len());
}

#[test]
fn every_record_deals_a_start_the_reference_accepts() {
    for v in &VARIANTS {
        let deal = make_deal(&DealSource::Native(7), v.hook).unwrap();
        let layout = v.rules.layout(&deal);
        // The reference builds the game from the record's name, options and layout; the start
        // comes back unchanged, with moves to play.
        let (back, legal) = patience_verify::position_after(&v.rules, &layout, &[])
            .unwrap_or_else(|e| panic!("{}: the reference refuses its start: {e}", v.name));
        // The same cards in the same piles (a deal's start leaves `redeals_left` to the options,
        // which the reference fills in, and an empty waste may be listed or not).
        let neutral = |l: &Layout| {
            let mut p = patience_verify::piles(l);
            p.redeals_left = None;
            p.wastes.retain(|w| !w.is_empty());
            p
        };
        assert_eq!(neutral(&back), neutral(&layout), "{}", v.name);
        assert!(!legal.is_empty(), "{}: no move at the start", v.name);
    }
}
