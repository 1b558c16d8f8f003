//! Queen of Italy family: `replay` and `plain_search` on hand-made positions (base
//! rank 2, most foundations full), PySolFC game #1, and the state limit.

mod common;
mod queen_common;

use common::{mv, won_and_replays};
use patience_reference::queen::{Layout, Options, Variant, layout_from_talon};
use patience_reference::{Move, PlainOutcome, plain_search, plain_search_counted, replay};
use queen_common::{PYSOLFC_GAME_1, opts, position, talon_of};

use Variant::{
    BlondesAndBrunettes, FallingStar, GeneralsPatience, QueenOfItaly, QueenOfItalyOpen, Redheads,
};

const ALL: [Variant; 6] =
    [QueenOfItaly, QueenOfItalyOpen, GeneralsPatience, BlondesAndBrunettes, FallingStar, Redheads];

const LIMIT: u64 = 1_000_000;

/// F0 holds 2C .. QC (11 cards), every other foundation 13: F0 still needs its king (KH; KC in
/// General's Patience), then AC.
fn two_out(variant: Variant, terrace: &str, rows: &[&str], waste: &str, stock: &str) -> Layout {
    let mut heights = [13; 8];
    heights[0] = 11;
    position(variant, 1, heights, terrace, rows, waste, stock)
}

fn king(variant: Variant) -> &'static str {
    if variant == GeneralsPatience { "KC" } else { "KH" }
}

#[track_caller]
fn solve(variant: Variant, options: Options, layout: &Layout) -> Vec<Move> {
    let outcome = plain_search(variant, &options, layout, LIMIT);
    won_and_replays(outcome, |moves| replay(variant, &options, layout, moves))
}

// -------------------------------------------------------------------------------------------
// Replay
// -------------------------------------------------------------------------------------------

#[test]
fn replay_accepts_a_solution_and_reports_the_offending_move() {
    let layout = two_out(QueenOfItaly, "", &[], "", "KH AC");
    let options = Options::default();
    let solution =
        vec![Move::Deal, mv("W", "P0"), Move::Deal, mv("W", "P1"), mv("P0", "F0"), mv("P1", "F0")];
    assert_eq!(replay(QueenOfItaly, &options, &layout, &solution), Ok(()));

    // A fill to the wrong pile, a forced deal skipped, an unknown pile, an illegal card move.
    for (index, replacement) in
        [(1, mv("W", "P3")), (2, mv("P0", "F0")), (4, mv("P0", "F9")), (5, mv("P1", "F1"))]
    {
        let mut altered = solution.clone();
        altered[index] = replacement;
        let err = replay(QueenOfItaly, &options, &layout, &altered).unwrap_err();
        assert_eq!(err.index, index, "{err}");
    }

    // Every move legal, but not won: the index is the number of moves.
    let err = replay(QueenOfItaly, &options, &layout, &solution[..5]).unwrap_err();
    assert_eq!(err.index, 5);
    assert!(err.reason.contains("not won"), "{err}");

    // An inconsistent layout: index 0.
    let mut broken = layout.clone();
    broken.stock_top_first.pop();
    let err = replay(QueenOfItaly, &options, &broken, &solution).unwrap_err();
    assert_eq!(err.index, 0);
    assert!(err.reason.contains("inconsistent layout"), "{err}");

    // The open variant forces nothing: the same solution, less the fills' order, also replays.
    let layout = two_out(QueenOfItalyOpen, "", &[], "", "KH AC");
    let open = [Move::Deal, mv("W", "F0"), Move::Deal, mv("W", "F0")];
    assert_eq!(replay(QueenOfItalyOpen, &options, &layout, &open), Ok(()));
    let err = replay(QueenOfItaly, &options, &two_out(QueenOfItaly, "", &[], "", "KH AC"), &open)
        .unwrap_err();
    assert_eq!(err.index, 1, "{err}");
}

#[test]
fn replay_checks_the_opening_choice() {
    let layout = layout_from_talon(QueenOfItaly, &talon_of(PYSOLFC_GAME_1));
    let options = Options::default();
    let moves = [Move::Choose("P0".into()), Move::Choose("P1".into())];
    let err = replay(QueenOfItaly, &options, &layout, &moves).unwrap_err();
    assert_eq!(err.index, 1, "{err}");
    let err = replay(QueenOfItaly, &options, &layout, &[Move::Deal]).unwrap_err();
    assert_eq!(err.index, 0, "{err}");
    let err = replay(QueenOfItaly, &options, &layout, &moves[..1]).unwrap_err();
    assert_eq!(err.index, 1, "{err}");
    assert!(err.reason.contains("not won"), "{err}");
}

// -------------------------------------------------------------------------------------------
// Plain search
// -------------------------------------------------------------------------------------------

#[test]
fn already_won_position() {
    for variant in ALL {
        let layout = position(variant, 1, [13; 8], "", &[], "", "");
        assert_eq!(
            plain_search_counted(variant, &Options::default(), &layout, LIMIT),
            (PlainOutcome::Won(Vec::new()), 0)
        );
        assert_eq!(replay(variant, &Options::default(), &layout, &[]), Ok(()));
    }
}

#[test]
fn small_deals_are_won_through_the_forced_moves() {
    for variant in ALL {
        let layout = two_out(variant, "", &[], "", &format!("{} AC", king(variant)));
        let solution = solve(variant, Options::default(), &layout);
        if variant.has_forced_fills() {
            // Deal, fill, deal, fill, then the two cards up: nothing shorter is legal.
            assert_eq!(solution.len(), 6, "{variant:?}: {solution:?}");
        }
    }
}

/// The terrace holds F0's ace on its king: the ace only goes to a foundation, which needs the
/// king first. Lost in every variant but Redheads, whose gaps take the terrace's cards; and in the
/// open variant with its foundation option, which digs F1's ace out so the terrace's ace takes
/// its place.
#[test]
fn a_terrace_ace_on_its_king_is_lost_except_in_redheads() {
    for variant in ALL {
        let layout = two_out(variant, &format!("{} AC", king(variant)), &[], "", "");
        let options = opts(1, false);
        let outcome = plain_search(variant, &options, &layout, LIMIT);
        if variant == Redheads {
            won_and_replays(outcome, |moves| replay(variant, &options, &layout, moves));
        } else {
            assert_eq!(outcome, PlainOutcome::Lost, "{variant:?}");
        }
    }
    let layout = two_out(QueenOfItalyOpen, "KH AC", &[], "", "");
    let options = opts(0, true);
    let moves = solve(QueenOfItalyOpen, options, &layout);
    assert!(moves.contains(&mv("T", "F1")), "{moves:?}");
}

/// Queen of Italy, every tableau pile holding a card: base 2, four foundations missing their K
/// and A, four missing their A. Won (kings to foundations, aces after them).
#[test]
fn kings_and_aces_are_won_and_the_solution_replays() {
    for variant in [QueenOfItaly, QueenOfItalyOpen, BlondesAndBrunettes, FallingStar] {
        let layout = position(
            variant,
            1,
            [11, 12, 12, 11, 11, 12, 12, 11],
            "AD AS",
            &["AH", "KC", "KH", "AC", "AH", "KS", "KD", "AD", "AC"],
            "AS",
            "",
        );
        solve(variant, Options::default(), &layout);
    }
}

/// Colour matters on the foundations: F0 (top QC) needs a red king, F4 (top QH) a black one.
#[test]
fn a_foundation_needing_a_colour_that_is_not_there_is_lost() {
    // F0 holds 11 (top QC), F4 11 (top QH): out KH AC (F0's) and KC AH (F4's). The red king sits
    // under the black king's ace on the terrace; the black king alone is free.
    let mut heights = [13; 8];
    heights[0] = 11;
    heights[4] = 11;
    let layout = position(QueenOfItaly, 1, heights, "KH AH AC", &["KC"], "", "");
    // KC → F4 (on QH), then AH on KC, then AC needs a red king on F0: KH is under it. Lost.
    assert_eq!(plain_search(QueenOfItaly, &Options::default(), &layout, LIMIT), PlainOutcome::Lost);
    // With the red king between the aces it is won: KC, AH, KH, AC.
    let layout = position(QueenOfItaly, 1, heights, "AC KH AH", &["KC"], "", "");
    let won = plain_search(QueenOfItaly, &Options::default(), &layout, LIMIT);
    assert!(matches!(won, PlainOutcome::Won(_)), "{won:?}");
}

#[test]
fn limit_gives_unknown_exactly_past_the_count() {
    let layout = layout_from_talon(QueenOfItaly, &talon_of(PYSOLFC_GAME_1));
    let options = Options::default();
    assert_eq!(
        plain_search_counted(QueenOfItaly, &options, &layout, 100),
        (PlainOutcome::Unknown, 100)
    );
    // A small position: the count of a complete search, then one state fewer is unknown.
    let small = two_out(QueenOfItalyOpen, "", &["KH"], "AC", "");
    let (outcome, count) = plain_search_counted(QueenOfItalyOpen, &options, &small, LIMIT);
    assert!(matches!(outcome, PlainOutcome::Won(_)));
    let lost = two_out(QueenOfItalyOpen, "KH AC", &[], "", "");
    let (outcome, count_lost) = plain_search_counted(QueenOfItalyOpen, &options, &lost, LIMIT);
    assert_eq!(outcome, PlainOutcome::Lost);
    assert!(count >= 1 && count_lost >= 1);
    assert_eq!(
        plain_search(QueenOfItalyOpen, &options, &lost, count_lost - 1),
        PlainOutcome::Unknown
    );
}
