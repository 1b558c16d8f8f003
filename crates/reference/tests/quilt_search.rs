//! Crazy Quilt family: `replay` and `plain_search` on hand-made positions, and
//! randomised cross-checks.

mod common;

use common::quilt::{eight, opts, persian_rug_clubs_open, position};
use common::{Lcg, clubs_open, hooked_identity_talon, mv, won_and_replays};
use patience_reference::quilt::{Layout, Options, Variant, check_layout, layout_from_talon};
use patience_reference::{Move, PlainOutcome, plain_search, plain_search_counted, replay};

use Variant::{CrazyQuilt, IndianCarpet, PersianRug};

const LIMIT: u64 = 1_000_000;

/// Searches, asserts a win, checks the solution replays, and returns it.
#[track_caller]
fn solve(variant: Variant, options: Options, layout: &Layout) -> Vec<Move> {
    let outcome = plain_search(variant, &options, layout, LIMIT);
    won_and_replays(outcome, |moves| replay(variant, &options, layout, moves))
}

#[track_caller]
fn assert_lost(variant: Variant, options: Options, layout: &Layout) {
    assert_eq!(plain_search(variant, &options, layout, LIMIT), PlainOutcome::Lost);
}

/// Clubs open: F0 holds A..9 (needs TC), every other foundation is complete. Left: TC JC QC KC.
/// Q01 = TC lies between Q00 = KC and Q02 = QC; the stock holds JC. The only way to free TC is
/// to deal JC and build QC on it, which buries JC: a redeal is needed to get it back.
fn needs_a_redeal(variant: Variant) -> Layout {
    position(
        variant,
        clubs_open(9, 13),
        &[("Q00", "KC"), ("Q01", "TC"), ("Q02", "QC")],
        &[],
        "",
        "JC",
    )
}

/// Clubs open: F0 holds A..9, F4 holds K..2 (needs AC). Left: TC JC QC KC, and AC (deck 1), which
/// is the waste. Q01 = TC between Q00 = KC and Q02 = QC; the stock holds JC. With the wrap, KC goes
/// onto AC and frees TC; without it, QC must go onto JC and buries it.
fn needs_the_wrap() -> Layout {
    position(
        CrazyQuilt,
        clubs_open(9, 12),
        &[("Q00", "KC"), ("Q01", "TC"), ("Q02", "QC")],
        &[],
        "AC",
        "JC",
    )
}

#[test]
fn a_redeal_is_needed() {
    for variant in [CrazyQuilt, IndianCarpet] {
        let layout = needs_a_redeal(variant);
        assert_lost(variant, opts(true, 0), &layout);
        assert_lost(variant, opts(false, 0), &layout);
        let moves = solve(variant, opts(true, 1), &layout);
        assert!(moves.contains(&Move::Redeal), "{moves:?}");
        solve(variant, opts(false, 2), &layout);
        // The solution is exactly these moves, in some order of the independent ones; this one
        // replays in both games.
        let by_hand = vec![
            Move::Deal,
            mv("Q02", "W"),
            mv("Q01", "F0"),
            Move::Redeal,
            Move::Deal,
            mv("W", "F0"),
            Move::Deal,
            mv("W", "F0"),
            mv("Q00", "F0"),
        ];
        replay(variant, &opts(true, 1), &layout, &by_hand).unwrap();
        let e = replay(variant, &opts(true, 0), &layout, &by_hand).unwrap_err();
        assert_eq!(e.index, 3, "{e}");
    }
}

#[test]
fn the_wrap_is_needed() {
    let layout = needs_the_wrap();
    assert_lost(CrazyQuilt, opts(false, 0), &layout);
    let moves = solve(CrazyQuilt, opts(true, 0), &layout);
    assert!(moves.contains(&mv("Q00", "W")), "{moves:?}");
    // Without the wrap a redeal rescues it.
    solve(CrazyQuilt, opts(false, 1), &layout);
}

#[test]
fn persian_rug_won_and_lost() {
    // Won: see the moves test `persian_rug_empty_reserves_and_wrap`.
    let layout = persian_rug_clubs_open();
    solve(PersianRug, opts(true, 0), &layout);
    solve(PersianRug, opts(false, 0), &layout);

    // Lost: every foundation needs its ten, each ten lies under a king; the tops are the kings
    // and jacks, none of which builds on another, and there is no empty reserve.
    let layout = position(
        PersianRug,
        [9, 9, 9, 9, 13, 13, 13, 13],
        &[],
        &["TC KC", "QC JC", "TS KS", "QS JS", "TH KH", "QH JH", "TD KD", "QD JD"],
        "",
        "",
    );
    assert_eq!(
        plain_search_counted(PersianRug, &opts(true, 0), &layout, LIMIT),
        (PlainOutcome::Lost, 1)
    );

    // The same with QC moved from under JC into the quilt: it builds on KC, JC follows, R1 is
    // empty, and from there the clubs and then every suit can be unstacked: won.
    let layout = position(
        PersianRug,
        [9, 9, 9, 9, 13, 13, 13, 13],
        &[("Q44", "QC")],
        &["TC KC", "JC", "TS KS", "QS JS", "TH KH", "QH JH", "TD KD", "QD JD"],
        "",
        "",
    );
    solve(PersianRug, opts(true, 0), &layout);
}

#[test]
fn won_at_the_start_and_in_one_move() {
    let layout = position(CrazyQuilt, clubs_open(13, 13), &[], &[], "", "");
    assert_eq!(plain_search(CrazyQuilt, &opts(true, 1), &layout, LIMIT), PlainOutcome::Won(vec![]));
    replay(CrazyQuilt, &opts(true, 1), &layout, &[]).unwrap();
    let layout = position(PersianRug, clubs_open(12, 13), &[("Q35", "KC")], &eight(&[]), "", "");
    assert_eq!(
        plain_search(PersianRug, &opts(true, 0), &layout, LIMIT),
        PlainOutcome::Won(vec![mv("Q35", "F0")])
    );
}

#[test]
fn the_state_limit() {
    for variant in [CrazyQuilt, IndianCarpet, PersianRug] {
        let layout = layout_from_talon(variant, &hooked_identity_talon());
        let options = Options::for_variant(variant);
        assert_eq!(
            plain_search_counted(variant, &options, &layout, 100),
            (PlainOutcome::Unknown, 100)
        );
        assert_eq!(plain_search(variant, &options, &layout, 0), PlainOutcome::Unknown);
    }
    // On a lost position that expands n states: a limit of n decides it, n − 1 does not.
    for (variant, options, layout) in [
        (CrazyQuilt, opts(true, 0), needs_a_redeal(CrazyQuilt)),
        (CrazyQuilt, opts(false, 0), needs_the_wrap()),
    ] {
        let (outcome, n) = plain_search_counted(variant, &options, &layout, LIMIT);
        assert_eq!(outcome, PlainOutcome::Lost);
        assert!(n > 3, "{n}");
        assert_eq!(plain_search(variant, &options, &layout, n), PlainOutcome::Lost);
        assert_eq!(plain_search(variant, &options, &layout, n - 1), PlainOutcome::Unknown);
    }
}

#[test]
fn replay_rejects_altered_solutions_at_the_right_index() {
    let layout = needs_a_redeal(CrazyQuilt);
    let options = opts(true, 1);
    let moves = solve(CrazyQuilt, options, &layout);
    let n = moves.len();
    assert!(n >= 8, "{moves:?}");
    replay(CrazyQuilt, &options, &layout, &moves).unwrap();

    // The last move dropped: legal to the end, but not won.
    let e = replay(CrazyQuilt, &options, &layout, &moves[..n - 1]).unwrap_err();
    assert_eq!(e.index, n - 1);
    assert!(e.reason.contains("not won"), "{e}");

    // Each move replaced by one that is illegal there.
    for k in 0..n {
        for bogus in [mv("F0", "W"), mv("Q77", "F0"), mv("Q88", "F0"), mv("R0", "F0"), mv("W", "W")]
        {
            let mut altered = moves.clone();
            altered[k] = bogus.clone();
            let e = replay(CrazyQuilt, &options, &layout, &altered).unwrap_err();
            assert_eq!(e.index, k, "{bogus} at {k}: {e}");
            assert!(e.reason.contains(&bogus.to_string()), "{e}");
        }
    }

    // A redeal inserted at k into this solution (the search's, pinned here so that the indices
    // below do not depend on the search's move order): refused at once while the stock is not
    // empty or no redeal is left; where it is allowed, a later move fails instead.
    let pinned = vec![
        Move::Deal,
        mv("Q02", "W"),
        mv("Q00", "W"),
        mv("Q01", "F0"),
        Move::Redeal,
        Move::Deal,
        mv("W", "F0"),
        Move::Deal,
        mv("W", "F0"),
        Move::Deal,
        mv("W", "F0"),
    ];
    replay(CrazyQuilt, &options, &layout, &pinned).unwrap();
    // k = 1, 2: the waste becomes the stock, and the next quilt → waste meets an empty waste.
    // k = 3: Q01 → F0 is still legal; the solution's own redeal then finds a stock (index 5).
    // k = 4: just before the solution's redeal, which then fails.
    let expected = [0, 2, 3, 5, 5, 5, 6, 7, 8, 9, 10, 11];
    for (k, &index) in expected.iter().enumerate() {
        let mut altered = pinned.clone();
        altered.insert(k, Move::Redeal);
        let e = replay(CrazyQuilt, &options, &layout, &altered).unwrap_err();
        assert_eq!(e.index, index, "redeal inserted at {k}: {e}");
    }
    // Two moves swapped: the quilt card goes to an empty waste.
    let mut swapped = pinned.clone();
    swapped.swap(0, 1);
    let e = replay(CrazyQuilt, &options, &layout, &swapped).unwrap_err();
    assert_eq!(e.index, 0);
    assert!(e.reason.contains("empty waste"), "{e}");
    // TC played before it is free.
    let mut early = pinned.clone();
    early.swap(1, 3);
    let e = replay(CrazyQuilt, &options, &layout, &early).unwrap_err();
    assert_eq!(e.index, 1);
    assert!(e.reason.contains("not available"), "{e}");

    // Moves after the win are still checked.
    let mut extra = moves.clone();
    extra.push(Move::Deal);
    assert_eq!(replay(CrazyQuilt, &options, &layout, &extra).unwrap_err().index, n);

    // An inconsistent layout is reported at index 0.
    let mut broken = layout.clone();
    broken.quilt[0][0] = None;
    let e = replay(CrazyQuilt, &options, &broken, &moves).unwrap_err();
    assert_eq!(e.index, 0);
    assert!(e.reason.contains("inconsistent"), "{e}");
}

// -------------------------------------------------------------------------------------------
// Randomised cross-checks
// -------------------------------------------------------------------------------------------

/// Foundations holding their `k` lowest (F0..F3) and `k` highest (F4..F7) ranks; the other cards,
/// shuffled, scattered over random quilt cells and the stock, waste or reserves.
fn random_small(variant: Variant, k: usize, rng: &mut Lcg) -> Layout {
    let mut foundations: Vec<Vec<u8>> = Vec::new();
    let mut on_foundations = [false; 104];
    for f in 0..8u8 {
        let suit = f % 4;
        let deck = if f < 4 { 0 } else { 1 };
        let pile: Vec<u8> = (0..k as u8)
            .map(|h| {
                let rank = if f < 4 { h } else { 12 - h };
                deck * 52 + suit * 13 + rank
            })
            .collect();
        for &card in &pile {
            on_foundations[card as usize] = true;
        }
        foundations.push(pile);
    }
    let mut rest: Vec<u8> = (0..104u8).filter(|&id| !on_foundations[id as usize]).collect();
    rng.shuffle(&mut rest);
    let mut cells: Vec<(usize, usize)> = (0..64).map(|i| (i / 8, i % 8)).collect();
    rng.shuffle(&mut cells);
    // Cluster the cells a little so that cards block each other: keep a 4×4 corner or not.
    if rng.below(2) == 0 {
        cells.retain(|&(r, c)| r < 4 && c < 4);
    }
    let mut layout = Layout {
        foundations,
        quilt: [[None; 8]; 8],
        reserves: vec![Vec::new(); variant.reserve_count()],
        waste: Vec::new(),
        stock_top_first: Vec::new(),
    };
    let mut next_cell = cells.into_iter();
    for card in rest {
        let to_quilt = rng.below(3) != 0;
        match next_cell.next() {
            Some((r, c)) if to_quilt => layout.quilt[r][c] = Some(card),
            _ => {
                if variant == PersianRug {
                    let i = rng.below(8);
                    layout.reserves[i].push(card);
                } else if rng.below(4) == 0 {
                    layout.waste.push(card);
                } else {
                    layout.stock_top_first.push(card);
                }
            }
        }
    }
    check_layout(variant, &layout).unwrap();
    layout
}

/// Every win replays; more rules (the wrap, more redeals) never turn a win into a loss, and fewer
/// never turn a loss into a win.
#[test]
fn random_positions_are_consistent() {
    let mut rng = Lcg(31337);
    let mut counts = [0usize; 3]; // won, lost, unknown
    let mut wrap_mattered = false;
    let mut redeal_mattered = false;
    let limit = 20_000;
    for round in 0..90 {
        let variant = [CrazyQuilt, IndianCarpet, PersianRug][round % 3];
        let k = if round % 2 == 0 { 12 } else { 11 };
        let layout = random_small(variant, k, &mut rng);
        let redeal_options: &[u8] = if variant == PersianRug { &[0] } else { &[0, 1, 2] };
        let mut outcomes = Vec::new();
        for &redeals in redeal_options {
            for wrap in [false, true] {
                let options = opts(wrap, redeals);
                let outcome = plain_search(variant, &options, &layout, limit);
                match &outcome {
                    PlainOutcome::Won(moves) => {
                        counts[0] += 1;
                        if let Err(e) = replay(variant, &options, &layout, moves) {
                            panic!("round {round}: solution does not replay: {e}");
                        }
                    }
                    PlainOutcome::Lost => counts[1] += 1,
                    PlainOutcome::Unknown => counts[2] += 1,
                }
                outcomes.push(((redeals, wrap), outcome));
            }
        }
        for (a, oa) in &outcomes {
            for (b, ob) in &outcomes {
                // b has at least a's rules.
                if b.0 >= a.0 && (b.1 || !a.1) {
                    let a_won = matches!(oa, PlainOutcome::Won(_));
                    let b_lost = *ob == PlainOutcome::Lost;
                    assert!(!(a_won && b_lost), "round {round}: {a:?} won, {b:?} lost");
                    if a.0 == b.0
                        && a.1 != b.1
                        && *oa == PlainOutcome::Lost
                        && matches!(ob, PlainOutcome::Won(_))
                    {
                        wrap_mattered = true;
                    }
                    if a.1 == b.1
                        && a.0 < b.0
                        && *oa == PlainOutcome::Lost
                        && matches!(ob, PlainOutcome::Won(_))
                    {
                        redeal_mattered = true;
                    }
                }
            }
        }
    }
    eprintln!(
        "won/lost/unknown: {counts:?}, wrap mattered {wrap_mattered}, redeal mattered {redeal_mattered}"
    );
    assert!(counts[0] > 0 && counts[1] > 0, "{counts:?}");
}
