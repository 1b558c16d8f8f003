use super::*;
use crate::test_support::talon;
use crate::{algerian, alhambra, queen, quilt};

/// The options `given` as family `V`'s variant `variant` reads them, none left over.
fn read<V: Family>(variant: V, given: &[(&str, &str)]) -> Result<V::Options, String> {
    let mut options = GivenOptions::new(given);
    let read = variant.options_named(&mut options)?;
    options.all_taken()?;
    Ok(read)
}

/// Each option lands in its own field, whatever the order given.
#[test]
fn options_are_read_by_name() {
    let v = alhambra::Variant::Granada;
    let given = [("redeals", "1"), ("pf-refill-timing", "false"), ("empty-waste-any", "true")];
    let expected = alhambra::Options { empty_waste_any: true, pf_refill_timing: false, redeals: 1 };
    assert_eq!(read(v, &given), Ok(expected));
    let given = [("empty-waste-any", "false"), ("pf-refill-timing", "true"), ("redeals", "0")];
    let expected = alhambra::Options { empty_waste_any: false, pf_refill_timing: true, redeals: 0 };
    assert_eq!(read(v, &given), Ok(expected));

    let v = queen::Variant::Redheads;
    let given = [("foundation-to-tableau", "true"), ("redeals", "7")];
    let expected = queen::Options { redeals: 7, foundation_to_tableau: true };
    assert_eq!(read(v, &given), Ok(expected));

    let v = algerian::Variant::Carthage;
    for (text, reserve_space) in [
        ("any", algerian::ReserveSpace::Any),
        ("after-stock", algerian::ReserveSpace::AfterStock),
        ("never", algerian::ReserveSpace::Never),
    ] {
        for (flag, foundation_to_depot) in [("true", true), ("false", false)] {
            let given = [("reserve-space", text), ("foundation-to-depot", flag)];
            let expected = algerian::Options { reserve_space, foundation_to_depot };
            assert_eq!(read(v, &given), Ok(expected));
        }
    }

    let v = quilt::Variant::IndianCarpet;
    let given = [("wrap", "false"), ("redeals", "2")];
    let expected = quilt::Options { waste_wrap: false, redeals: 2 };
    assert_eq!(read(v, &given), Ok(expected));
}

/// An option missing, unknown, given twice or with a bad value is an error naming it.
#[test]
fn bad_options_are_refused() {
    let v = quilt::Variant::CrazyQuilt;
    let cases: &[(&[(&str, &str)], &str)] = &[
        (&[("wrap", "true")], "option redeals missing"),
        (&[("wrap", "true"), ("redeals", "1"), ("colour", "red")], "unknown option colour"),
        (&[("wrap", "true"), ("redeals", "1"), ("wrap", "true")], "option wrap given twice"),
        (&[("wrap", "yes"), ("redeals", "1")], "option wrap: \"yes\" is not one of true, false"),
        (&[("wrap", "True"), ("redeals", "1")], "option wrap: \"True\""),
        (&[("wrap", "true"), ("redeals", "")], "option redeals: \"\" is not a number"),
        (&[("wrap", "true"), ("redeals", "+1")], "option redeals: \"+1\" is not a number"),
        (&[("wrap", "true"), ("redeals", "-1")], "option redeals: \"-1\" is not a number"),
        (&[("wrap", "true"), ("redeals", "256")], "option redeals: \"256\" is not a number"),
        // An option of another family is unknown here.
        (&[("wrap", "true"), ("redeals", "1"), ("empty-waste-any", "false")], "unknown option"),
    ];
    for &(given, expected) in cases {
        let error = read(v, given).unwrap_err();
        assert!(error.starts_with(expected), "{given:?}: {error}");
    }
    let given = [("reserve-space", "sometimes"), ("foundation-to-depot", "true")];
    let error = read(algerian::Variant::Algerian, &given).unwrap_err();
    assert_eq!(error, "option reserve-space: \"sometimes\" is not one of any, after-stock, never");
}

/// The neutral piles of each family's layout.
fn alhambra_piles(layout: &alhambra::Layout) -> Piles {
    Piles {
        foundations: layout.foundations.clone(),
        reserves: layout.reserves.clone(),
        wastes: layout.wastes.clone(),
        stock_top_first: layout.stock_top_first.clone(),
        ..Piles::default()
    }
}
fn queen_piles(layout: &queen::Layout) -> Piles {
    Piles {
        foundations: layout.foundations.clone(),
        terrace: layout.terrace.clone(),
        rows: layout.rows.clone(),
        wastes: vec![layout.waste.clone()],
        stock_top_first: layout.stock_top_first.clone(),
        ..Piles::default()
    }
}
fn algerian_piles(layout: &algerian::Layout) -> Piles {
    Piles {
        foundations: layout.foundations.clone(),
        reserves: layout.reserves.clone(),
        rows: layout.rows.clone(),
        stock_top_first: layout.stock_top_first.clone(),
        ..Piles::default()
    }
}
fn quilt_piles(layout: &quilt::Layout) -> Piles {
    Piles {
        foundations: layout.foundations.clone(),
        quilt: layout.quilt.iter().flatten().copied().collect(),
        reserves: layout.reserves.clone(),
        wastes: vec![layout.waste.clone()],
        stock_top_first: layout.stock_top_first.clone(),
        ..Piles::default()
    }
}

/// Every family takes its own layout back from its piles, for every variant's deal.
#[test]
fn layouts_round_trip_through_piles() {
    let talon = talon();
    for &v in alhambra::Variant::ALL {
        let layout = alhambra::layout_from_talon(v, &talon);
        assert_eq!(v.layout_of_piles(&alhambra_piles(&layout)), Ok(layout));
    }
    for &v in queen::Variant::ALL {
        let layout = queen::layout_from_talon(v, &talon);
        assert_eq!(v.layout_of_piles(&queen_piles(&layout)), Ok(layout.clone()));
        // An empty waste may also be given as no waste pile at all.
        let mut piles = queen_piles(&layout);
        if layout.waste.is_empty() {
            piles.wastes.clear();
            assert_eq!(v.layout_of_piles(&piles), Ok(layout));
        }
    }
    for &v in algerian::Variant::ALL {
        let layout = algerian::layout_from_talon(v, &talon);
        assert_eq!(v.layout_of_piles(&algerian_piles(&layout)), Ok(layout));
    }
    for &v in quilt::Variant::ALL {
        let mut layout = quilt::layout_from_talon(v, &talon);
        layout.quilt[2][5] = None; // a hole stays a hole
        assert_eq!(v.layout_of_piles(&quilt_piles(&layout)), Ok(layout));
    }
}

/// Cards in a kind of pile the family does not have, two wastes where it has one, or a quilt
/// of the wrong size are refused; empty foreign piles are not.
#[test]
fn foreign_piles_are_refused() {
    let talon = talon();
    let base = alhambra_piles(&alhambra::layout_from_talon(alhambra::Variant::Alhambra, &talon));
    let v = alhambra::Variant::Alhambra;
    let with = |change: &dyn Fn(&mut Piles)| {
        let mut piles = base.clone();
        change(&mut piles);
        v.layout_of_piles(&piles)
    };
    assert!(with(&|p| p.rows = vec![vec![], vec![]]).is_ok());
    assert!(with(&|p| p.quilt = vec![None; 64]).is_ok());
    let moved = |p: &mut Piles| p.stock_top_first.pop().unwrap();
    let error = with(&|p| {
        let card = moved(p);
        p.terrace.push(card)
    });
    assert_eq!(error, Err("1 cards in the terrace, which this family does not have".into()));
    assert!(
        with(&|p| {
            let card = moved(p);
            p.rows = vec![vec![card]]
        })
        .is_err()
    );
    assert!(
        with(&|p| {
            let card = moved(p);
            p.quilt = vec![Some(card)]
        })
        .is_err()
    );

    let queen = queen::Variant::FallingStar;
    let mut piles = queen_piles(&queen::layout_from_talon(queen, &talon));
    piles.wastes.push(Vec::new());
    assert_eq!(queen.layout_of_piles(&piles), Err("2 waste piles, expected one".into()));

    let carpet = quilt::Variant::IndianCarpet;
    let mut piles = quilt_piles(&quilt::layout_from_talon(carpet, &talon));
    piles.quilt.pop();
    assert_eq!(carpet.layout_of_piles(&piles), Err("a quilt of 63 cells, expected 64".into()));
}

/// Every variant name finds its own variant, and only that.
#[test]
fn names_find_their_variants() {
    fn check<V: Family + PartialEq>() {
        for &v in V::ALL {
            let found: Vec<V> = V::ALL.iter().copied().filter(|w| w.name() == v.name()).collect();
            assert_eq!(found, vec![v]);
        }
    }
    check::<alhambra::Variant>();
    check::<queen::Variant>();
    check::<algerian::Variant>();
    check::<quilt::Variant>();
    let mut names = variant_names();
    assert_eq!(names.len(), 15);
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 15, "a name used twice");
}
