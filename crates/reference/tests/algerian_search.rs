//! Algerian family: `plain_search` on hand-made positions (won, lost, limited) and
//! randomised cross-checks between variants and options.

mod common;

use common::{Ids, Lcg, checked, clubs_open, won_and_replays};
use patience_reference::algerian::{
    Layout, Options, ReserveSpace, Variant, check_layout, layout_from_talon,
};
use patience_reference::{Move, PlainOutcome, plain_search, plain_search_counted, replay};

use Variant::{Algerian, AlgerianParlett, Carthage};

const LIMIT: u64 = 1_000_000;

/// Suit and direction (up?) of foundation `f` (see `algerian_moves.rs`).
fn foundation_rule(variant: Variant, f: usize) -> (u8, bool) {
    match variant {
        Algerian | AlgerianParlett => ((f % 4) as u8, f < 4),
        Carthage => ((f / 2) as u8, true),
    }
}

/// A position with foundation F_i holding `heights[i]` cards (a run from its base by the variant's
/// rule), reserves and depots given by codes (missing ones empty) and the stock top first; every
/// card neither listed nor on a foundation goes to the end of the stock in id order (none, in the
/// hand-made positions below). Checked with `check_layout`.
fn position(
    variant: Variant,
    heights: [usize; 8],
    reserves: &[&str],
    rows: &[&str],
    stock_top_first: &str,
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
    let used: Vec<u8> = foundations
        .iter()
        .chain(&reserves)
        .chain(&rows)
        .flatten()
        .chain(&stock_top_first)
        .copied()
        .collect();
    stock_top_first.extend((0..104u8).filter(|id| !used.contains(id)));
    let layout = Layout { foundations, reserves, rows, stock_top_first };
    checked(layout, |layout| check_layout(variant, layout))
}

fn opts(reserve_space: ReserveSpace, foundation_to_depot: bool) -> Options {
    Options { reserve_space, foundation_to_depot }
}

/// Searches and asserts a win whose solution replays; returns the solution.
#[track_caller]
fn solve(variant: Variant, options: Options, layout: &Layout) -> Vec<Move> {
    won_and_replays(plain_search(variant, &options, layout, LIMIT), |moves| {
        replay(variant, &options, layout, moves)
    })
}

/// Carthage, every suit with both foundations at A..T (each needs a jack); left: J Q Q K K and a
/// jack of each suit. Every depot holds a card that cannot move (a queen with no king of its suit
/// on a depot top, or a king), the jacks of clubs and spades lie under kings on R0..R3, and R4, R5
/// are empty. With `reserve_space = never` nothing at all can move: lost at the first position.
/// With an empty reserve the kings step aside and everything comes out.
fn carthage_needs_a_reserve_space() -> Layout {
    position(
        Carthage,
        [10; 8],
        &["JC KC", "JC KC", "JS KS", "JS KS"],
        &["QC", "QC", "QS", "QS", "JH QH KH", "JH QH KH", "JD QD KD", "JD QD KD"],
        "",
    )
}

#[test]
fn won_at_the_start_and_in_a_few_moves() {
    let full = position(Algerian, [13; 8], &[], &[], "");
    let options = Options::for_variant(Algerian);
    assert_eq!(
        plain_search_counted(Algerian, &options, &full, LIMIT),
        (PlainOutcome::Won(Vec::new()), 0)
    );

    // F0 needs JC, F4 needs 3C; everything is on top or one card down.
    let layout = position(Algerian, clubs_open(10, 10), &["AC QC", "KC 2C"], &["JC", "3C"], "");
    for variant in [Algerian, AlgerianParlett] {
        for options in [opts(ReserveSpace::Any, true), opts(ReserveSpace::Never, false)] {
            let solution = solve(variant, options, &layout);
            assert!(solution.len() >= 6, "{solution:?}");
        }
    }
}

#[test]
fn a_deal_is_needed() {
    // Only the stock holds cards; with no reserve space and no foundation to depot, the deal is
    // the only move. The six cards go to R0..R5 (fewer than 12) and all play at once.
    let layout = position(Algerian, clubs_open(10, 10), &[], &[], "JC QC KC 3C 2C AC");
    for variant in [Algerian, AlgerianParlett] {
        let options = opts(ReserveSpace::Never, false);
        let solution = solve(variant, options, &layout);
        assert_eq!(solution[0], Move::Deal);
        assert_eq!(solution.len(), 7);
    }

    // Carthage: the jacks are in the stock; the deal puts them on R2 and R3.
    let layout =
        position(Carthage, [10, 10, 13, 13, 13, 13, 13, 13], &[], &["QC", "KC"], "QC KC JC JC");
    let options = opts(ReserveSpace::Never, false);
    let solution = solve(Carthage, options, &layout);
    assert!(solution.contains(&Move::Deal));
}

#[test]
fn reserve_space_decides_a_carthage_position() {
    let layout = carthage_needs_a_reserve_space();
    for foundation_to_depot in [true, false] {
        let never = opts(ReserveSpace::Never, foundation_to_depot);
        assert_eq!(plain_search_counted(Carthage, &never, &layout, LIMIT), (PlainOutcome::Lost, 1));
    }
    // (Without foundation to depot: with it every foundation card may come back down, and the
    // plain search wanders far before it finds the win.)
    for reserve_space in [ReserveSpace::Any, ReserveSpace::AfterStock] {
        solve(Carthage, opts(reserve_space, false), &layout);
    }
}

#[test]
fn the_foundations_meet_but_the_deal_is_still_lost() {
    // As above, but clubs F1 = A..9 and a ten of clubs under a queen on P1: the only moves shift
    // the ten between F0 and F1 (the foundations meet), so two positions, lost.
    let layout = position(
        Carthage,
        [10, 9, 10, 10, 10, 10, 10, 10],
        &["JC KC", "JC KC", "JS KS", "JS KS"],
        &["QC", "TC QC", "QS", "QS", "JH QH KH", "JH QH KH", "JD QD KD", "JD QD KD"],
        "",
    );
    for foundation_to_depot in [true, false] {
        let never = opts(ReserveSpace::Never, foundation_to_depot);
        assert_eq!(plain_search_counted(Carthage, &never, &layout, LIMIT), (PlainOutcome::Lost, 2));
    }
    // With an empty reserve: a KC aside, a JC up, the other JC onto a QC, and the rest follows.
    solve(Carthage, opts(ReserveSpace::Any, true), &layout);
}

#[test]
fn the_state_limit() {
    let layout = carthage_needs_a_reserve_space();
    let options = Options::for_variant(Carthage);
    assert_eq!(plain_search_counted(Carthage, &options, &layout, 3), (PlainOutcome::Unknown, 3));
    assert_eq!(plain_search(Carthage, &options, &layout, 1), PlainOutcome::Unknown);

    // A whole deal of each game is far beyond a few thousand positions.
    let talon: Vec<u8> = {
        let head = [12u8, 25, 38, 51];
        let mut t = head.to_vec();
        t.extend((0..104u8).filter(|id| !head.contains(id)));
        t
    };
    for variant in [Algerian, Carthage, AlgerianParlett] {
        let layout = layout_from_talon(variant, &talon);
        let options = Options::for_variant(variant);
        assert_eq!(
            plain_search_counted(variant, &options, &layout, 2000),
            (PlainOutcome::Unknown, 2000),
            "{variant:?}"
        );
    }
}

/// A small random position: clubs open with `k` cards off the foundations, each put on a random
/// reserve, depot or the stock (the foundations hold the rest, split at random between the two
/// clubs foundations).
fn random_small(variant: Variant, k: usize, rng: &mut Lcg) -> Layout {
    let on_foundations = 26 - k;
    let low = on_foundations.saturating_sub(13);
    let high = on_foundations.min(13);
    let a = low + rng.below(high - low + 1);
    let heights = match variant {
        Carthage => [a, on_foundations - a, 13, 13, 13, 13, 13, 13],
        _ => clubs_open(a, on_foundations - a),
    };
    let mut layout = position(variant, heights, &[], &[], "");
    let cards = std::mem::take(&mut layout.stock_top_first);
    for card in cards {
        match rng.below(15) {
            r @ 0..6 => layout.reserves[r].push(card),
            d @ 6..14 => layout.rows[d - 6].push(card),
            _ => layout.stock_top_first.push(card),
        }
    }
    checked(layout, |layout| check_layout(variant, layout))
}

/// Randomised cross-checks on small positions (4 to 8 clubs off the foundations, on random
/// reserves, depots and the stock), under every option setting: Algerian and Algerian after
/// Parlett have the same rules (only their layouts and default options differ), so their searches
/// agree position for position; more freedom never loses a win (a win with `Never` is not lost
/// with `AfterStock` or `Any`, a win without foundation-to-depot is not lost with it); every win
/// replays.
#[test]
fn random_positions_cross_checks() {
    let mut rng = Lcg(2024);
    let settings = [
        opts(ReserveSpace::Never, false),
        opts(ReserveSpace::Never, true),
        opts(ReserveSpace::AfterStock, false),
        opts(ReserveSpace::AfterStock, true),
        opts(ReserveSpace::Any, false),
        opts(ReserveSpace::Any, true),
    ];
    // `settings[i]` allows a superset of the moves of `settings[j]` for these pairs (i, j).
    let looser = [(1, 0), (2, 0), (3, 1), (3, 2), (4, 2), (5, 3), (5, 4)];
    let mut decided = 0;
    let mut won = 0;
    for round in 0..20 {
        let variant = if round % 2 == 0 { Algerian } else { Carthage };
        let k = 4 + round % 5;
        let layout = random_small(variant, k, &mut rng);
        let mut verdicts = Vec::new();
        for options in settings {
            let (outcome, count) = plain_search_counted(variant, &options, &layout, 5_000);
            if variant == Algerian {
                assert_eq!(
                    plain_search_counted(AlgerianParlett, &options, &layout, 5_000),
                    (outcome.clone(), count)
                );
            }
            if let PlainOutcome::Won(moves) = &outcome {
                assert_eq!(replay(variant, &options, &layout, moves), Ok(()));
                won += 1;
            }
            if outcome != PlainOutcome::Unknown {
                decided += 1;
            }
            verdicts.push(outcome);
        }
        for (i, j) in looser {
            if matches!(verdicts[j], PlainOutcome::Won(_)) {
                assert!(
                    !matches!(verdicts[i], PlainOutcome::Lost),
                    "round {round}: {:?} wins, {:?} loses: {layout:?}",
                    settings[j],
                    settings[i]
                );
            }
        }
    }
    // With eight depots and six reserves so few cards are nearly always won; foundation to depot
    // lets every card come back off the foundations, so some searches hit the limit.
    assert!(decided >= 80, "only {decided} decided");
    assert!(won >= 80, "only {won} won");
}
