//! The by-name entry (`NamedGame`): every variant by its registry name, options by their
//! command-line names, layouts as neutral `Piles`; it must search and replay exactly as the
//! family's own types do, and refuse what does not fit with a one-line reason.

mod common;

use common::{Lcg, hooked_random_talon};
use patience_reference::{
    Family, Move, NamedGame, Piles, PlainOutcome, Rules, algerian, alhambra, plain_search_counted,
    queen, quilt, replay, variant_names,
};

/// The registry's names, in its order.
const NAMES: [&str; 15] = [
    "alhambra",
    "granada",
    "reinforcements",
    "queen-of-italy",
    "queen-of-italy-open",
    "generals-patience",
    "blondes-and-brunettes",
    "falling-star",
    "redheads",
    "algerian",
    "carthage",
    "algerian-parlett",
    "crazy-quilt",
    "indian-carpet",
    "persian-rug",
];

const LIMIT: u64 = 2_000;

#[test]
fn every_registry_name_is_known() {
    assert_eq!(variant_names(), NAMES);
}

/// A family's part of the test: its options as the family's type and by name, its layout as
/// piles.
trait Named: Family {
    fn options(seed: u64) -> (Self::Options, Vec<(&'static str, String)>);
    fn piles(layout: &Self::Layout) -> Piles;
    /// The deal of a talon with the A/K hook applied.
    fn deal(self, talon: &[u8]) -> Self::Layout;
    fn layout_of(position: &Self::Position) -> Self::Layout;
}

impl Named for alhambra::Variant {
    fn options(seed: u64) -> (alhambra::Options, Vec<(&'static str, String)>) {
        let o = alhambra::Options {
            empty_waste_any: seed % 2 == 1,
            pf_refill_timing: seed % 3 == 1,
            redeals: (seed % 3) as u8,
        };
        let named = vec![
            ("empty-waste-any", o.empty_waste_any.to_string()),
            ("pf-refill-timing", o.pf_refill_timing.to_string()),
            ("redeals", o.redeals.to_string()),
        ];
        (o, named)
    }
    fn piles(layout: &alhambra::Layout) -> Piles {
        Piles {
            foundations: layout.foundations.clone(),
            reserves: layout.reserves.clone(),
            wastes: layout.wastes.clone(),
            stock_top_first: layout.stock_top_first.clone(),
            ..Piles::default()
        }
    }
    fn deal(self, talon: &[u8]) -> alhambra::Layout {
        alhambra::layout_from_talon(self, talon)
    }
    fn layout_of(position: &alhambra::Position) -> alhambra::Layout {
        position.to_layout()
    }
}

impl Named for queen::Variant {
    fn options(seed: u64) -> (queen::Options, Vec<(&'static str, String)>) {
        let o = queen::Options { redeals: (seed % 2) as u8, foundation_to_tableau: seed % 3 == 2 };
        let named = vec![
            ("redeals", o.redeals.to_string()),
            ("foundation-to-tableau", o.foundation_to_tableau.to_string()),
        ];
        (o, named)
    }
    fn piles(layout: &queen::Layout) -> Piles {
        Piles {
            foundations: layout.foundations.clone(),
            terrace: layout.terrace.clone(),
            rows: layout.rows.clone(),
            wastes: vec![layout.waste.clone()],
            stock_top_first: layout.stock_top_first.clone(),
            ..Piles::default()
        }
    }
    fn deal(self, talon: &[u8]) -> queen::Layout {
        queen::layout_from_talon(self, talon)
    }
    fn layout_of(position: &queen::Position) -> queen::Layout {
        position.to_layout()
    }
}

impl Named for algerian::Variant {
    fn options(seed: u64) -> (algerian::Options, Vec<(&'static str, String)>) {
        let spaces = [
            (algerian::ReserveSpace::Any, "any"),
            (algerian::ReserveSpace::AfterStock, "after-stock"),
            (algerian::ReserveSpace::Never, "never"),
        ];
        let (reserve_space, text) = spaces[(seed % 3) as usize];
        let o = algerian::Options { reserve_space, foundation_to_depot: seed.is_multiple_of(2) };
        let named = vec![
            ("reserve-space", text.to_string()),
            ("foundation-to-depot", o.foundation_to_depot.to_string()),
        ];
        (o, named)
    }
    fn piles(layout: &algerian::Layout) -> Piles {
        Piles {
            foundations: layout.foundations.clone(),
            reserves: layout.reserves.clone(),
            rows: layout.rows.clone(),
            stock_top_first: layout.stock_top_first.clone(),
            ..Piles::default()
        }
    }
    /// Algerian's hook puts the kings first: the hooked talon's aces and kings swapped.
    fn deal(self, talon: &[u8]) -> algerian::Layout {
        let mut talon = talon.to_vec();
        talon[..8].rotate_left(4);
        algerian::layout_from_talon(self, &talon)
    }
    fn layout_of(position: &algerian::Position) -> algerian::Layout {
        position.to_layout()
    }
}

impl Named for quilt::Variant {
    fn options(seed: u64) -> (quilt::Options, Vec<(&'static str, String)>) {
        let o = quilt::Options { waste_wrap: seed.is_multiple_of(2), redeals: (seed % 3) as u8 };
        let named = vec![("wrap", o.waste_wrap.to_string()), ("redeals", o.redeals.to_string())];
        (o, named)
    }
    fn piles(layout: &quilt::Layout) -> Piles {
        Piles {
            foundations: layout.foundations.clone(),
            quilt: layout.quilt.iter().flatten().copied().collect(),
            reserves: layout.reserves.clone(),
            wastes: vec![layout.waste.clone()],
            stock_top_first: layout.stock_top_first.clone(),
            ..Piles::default()
        }
    }
    fn deal(self, talon: &[u8]) -> quilt::Layout {
        quilt::layout_from_talon(self, talon)
    }
    fn layout_of(position: &quilt::Position) -> quilt::Layout {
        position.to_layout()
    }
}

/// The named game of a variant's options and layout.
fn named<V: Named>(
    variant: V,
    named_options: &[(&'static str, String)],
    layout: &V::Layout,
) -> NamedGame {
    let options: Vec<(&str, &str)> = named_options.iter().map(|(n, v)| (*n, v.as_str())).collect();
    NamedGame::new(variant.name(), &options, &V::piles(layout)).unwrap()
}

/// Walks from a deal of each variant (foundation moves preferred, so that the positions get
/// small), and at each stop compares the by-name search with the family's own: the same outcome,
/// the same solution, the same count; the win replays by name, and a move off the end fails by
/// name where it fails for the family. Returns the (won, lost) searches seen.
fn by_name_is_the_family<V: Named>(rng: &mut Lcg) -> (usize, usize) {
    let (mut won, mut lost) = (0, 0);
    for &variant in V::ALL {
        for seed in 0..4 {
            let (options, named_options) = V::options(seed);
            let layout = variant.deal(&hooked_random_talon(rng));
            let mut position = variant.position(&options, &layout).unwrap();
            for stop in 0..4 {
                for _ in 0..40 + 30 * stop {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let home: Vec<&Move> = moves
                        .iter()
                        .filter(|m| matches!(m, Move::Card { to, .. } if to.starts_with('F')))
                        .collect();
                    let mv = if !home.is_empty() && rng.below(4) != 0 {
                        home[rng.below(home.len())].clone()
                    } else {
                        moves[rng.below(moves.len())].clone()
                    };
                    position.play(&mv).unwrap();
                }
                // The position's layout, searched with the options of the start (its redeals
                // left may be fewer: the searches only need to agree).
                let now = V::layout_of(&position);
                let game = named(variant, &named_options, &now);
                assert_eq!(game.variant(), variant.name());
                let own = plain_search_counted(variant, &options, &now, LIMIT);
                let by_name = game.plain_search_counted(LIMIT);
                assert_eq!(by_name, own, "{variant:?} seed {seed} stop {stop}");
                match own.0 {
                    PlainOutcome::Won(moves) => {
                        won += 1;
                        assert_eq!(game.replay(&moves), Ok(()));
                        let mut more = moves.clone();
                        more.push(Move::card("F0", "F1"));
                        let ours = replay(variant, &options, &now, &more);
                        assert!(ours.is_err());
                        assert_eq!(game.replay(&more), ours);
                    }
                    PlainOutcome::Lost => lost += 1,
                    PlainOutcome::Unknown => {}
                }
            }
        }
    }
    (won, lost)
}

#[test]
fn by_name_searches_and_replays_as_each_family() {
    let mut rng = Lcg(2024);
    for (family, (won, lost)) in [
        ("alhambra", by_name_is_the_family::<alhambra::Variant>(&mut rng)),
        ("queen", by_name_is_the_family::<queen::Variant>(&mut rng)),
        ("algerian", by_name_is_the_family::<algerian::Variant>(&mut rng)),
        ("quilt", by_name_is_the_family::<quilt::Variant>(&mut rng)),
    ] {
        eprintln!("{family}: {won} won, {lost} lost");
        assert!(won + lost >= 3, "{family}: only {won} won and {lost} lost");
    }
}

/// The options reach the rules: Alhambra's stock dealt out, then a redeal, is legal by name with
/// `redeals` 1 and not with 0 (the replay then fails at the redeal).
#[test]
fn options_by_name_reach_the_rules() {
    let layout =
        alhambra::layout_from_talon(alhambra::Variant::Alhambra, &hooked_random_talon(&mut Lcg(5)));
    let mut moves = vec![Move::Deal; layout.stock_top_first.len()];
    moves.push(Move::Redeal);
    let piles = <alhambra::Variant as Named>::piles(&layout);
    let game = |redeals: &str| {
        let options =
            [("empty-waste-any", "false"), ("pf-refill-timing", "false"), ("redeals", redeals)];
        NamedGame::new("alhambra", &options, &piles).unwrap()
    };
    let not_won = game("1").replay(&moves).unwrap_err();
    assert_eq!(not_won.index, moves.len(), "{not_won}");
    let refused = game("0").replay(&moves).unwrap_err();
    assert_eq!(refused.index, moves.len() - 1);
    assert!(refused.reason.contains("no redeal left"), "{refused}");
}

/// What does not fit is refused with a reason, the variant's name in front.
#[test]
fn what_does_not_fit_is_refused() {
    let talon = hooked_random_talon(&mut Lcg(9));
    let layout = quilt::layout_from_talon(quilt::Variant::CrazyQuilt, &talon);
    let piles = <quilt::Variant as Named>::piles(&layout);
    let options = [("wrap", "true"), ("redeals", "1")];
    assert!(NamedGame::new("crazy-quilt", &options, &piles).is_ok());

    let error = |variant: &str, options: &[(&str, &str)], piles: &Piles| {
        NamedGame::new(variant, options, piles).unwrap_err()
    };
    assert_eq!(error("crazy quilt", &options, &piles), "unknown variant \"crazy quilt\"");
    assert_eq!(error("Crazy-Quilt", &options, &piles), "unknown variant \"Crazy-Quilt\"");
    assert_eq!(error("crazy-quilt", &options[..1], &piles), "crazy-quilt: option redeals missing");
    assert_eq!(
        error("crazy-quilt", &[("wrap", "true"), ("redeals", "1"), ("x", "1")], &piles),
        "crazy-quilt: unknown option x"
    );
    assert_eq!(
        error("crazy-quilt", &[("wrap", "1"), ("redeals", "1")], &piles),
        "crazy-quilt: option wrap: \"1\" is not one of true, false"
    );
    // The options of the right family, but the piles of the wrong variant: Persian Rug has
    // reserves and no stock.
    let rug = error("persian-rug", &options, &piles);
    assert!(rug.starts_with("persian-rug: inconsistent layout: "), "{rug}");
    // The piles of another family.
    let alhambra = alhambra::layout_from_talon(alhambra::Variant::Alhambra, &talon);
    let foreign = <alhambra::Variant as Named>::piles(&alhambra);
    let wrong = error("crazy-quilt", &options, &foreign);
    assert_eq!(wrong, "crazy-quilt: a quilt of 0 cells, expected 64");
    let mut two_copies = piles.clone();
    two_copies.stock_top_first.push(0);
    let three = error("crazy-quilt", &options, &two_copies);
    assert!(three.starts_with("crazy-quilt: inconsistent layout: AC appears 3 times"), "{three}");
}
