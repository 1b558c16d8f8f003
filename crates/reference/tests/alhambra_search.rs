//! `replay` and `plain_search` on hand-made positions, and randomised cross-checks.

mod common;

use common::alhambra::{opts, position};
use common::{Ids, Lcg, clubs_open, hooked_identity_talon, mv, won_and_replays};
use patience_reference::alhambra::{Layout, Options, Position, Variant, layout_from_talon};
use patience_reference::{Move, PlainOutcome, Rules, plain_search, plain_search_counted, replay};

use Variant::{Alhambra, Granada, Reinforcements};

const LIMIT: u64 = 1_000_000;

fn any_waste(redeals: u8) -> Options {
    Options { empty_waste_any: true, redeals, ..Options::default() }
}

/// Pads R0..R3 with empty reserves up to the variant's count.
fn reserves(variant: Variant, first: &[&'static str]) -> Vec<&'static str> {
    let mut all = first.to_vec();
    all.resize(variant.reserve_count(), "");
    all
}

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

// -------------------------------------------------------------------------------------------
// Hand-made positions
// -------------------------------------------------------------------------------------------

/// Clubs: F0 holds A..J (needs QC, KC), F4 holds K..2 (needs AC). R0 = QC KC (KC on top), the
/// waste holds AC. The only win: KC onto AC (wrap), QC to F0, KC to F0, AC to F4.
fn wrap_position() -> Layout {
    position(Alhambra, clubs_open(11, 12), &reserves(Alhambra, &["QC KC"]), &["AC"], "")
}

#[test]
fn won_by_wrapping_a_king_onto_an_ace() {
    let layout = wrap_position();
    let moves = solve(Alhambra, opts(0), &layout);
    assert_eq!(moves, vec![mv("R0", "W"), mv("R0", "F0"), mv("W", "F0"), mv("W", "F4")]);
    // The same solution, written by hand, replays; with two moves swapped it does not.
    let by_hand = [mv("R0", "W"), mv("R0", "F0"), mv("W", "F0"), mv("W", "F4")];
    assert_eq!(replay(Alhambra, &opts(0), &layout, &by_hand), Ok(()));
    let swapped = [mv("R0", "F0"), mv("R0", "W"), mv("W", "F0"), mv("W", "F4")];
    assert_eq!(replay(Alhambra, &opts(0), &layout, &swapped).unwrap_err().index, 0);
}

/// As `wrap_position`, but AC sits in R1 and the waste is empty: KC covers QC for ever.
fn buried_position(variant: Variant) -> Layout {
    let wastes: Vec<&str> = vec![""; variant.waste_count()];
    position(variant, clubs_open(11, 12), &reserves(variant, &["QC KC", "AC"]), &wastes, "")
}

#[test]
fn lost_when_a_needed_card_is_buried() {
    for variant in [Alhambra, Granada, Reinforcements] {
        let layout = buried_position(variant);
        assert_lost(variant, opts(0), &layout);
        assert_lost(variant, opts(2), &layout); // redeals of an empty waste change nothing
        if variant == Reinforcements {
            // The Reinforcements ignores `empty_waste_any`.
            assert_lost(variant, any_waste(0), &layout);
        } else {
            // With `empty_waste_any` KC can park on the empty waste.
            let moves = solve(variant, any_waste(0), &layout);
            let parks_the_king = moves.iter().any(
                |m| matches!(m, Move::Card { from, to } if from == "R0" && to.starts_with('W')),
            );
            assert!(parks_the_king, "{moves:?}");
        }
    }
}

/// Clubs: F0 holds A..6 (needs 7C..KC), F4 is full. R0..R3 = TC JC QC KC (none can move before
/// 9C is home, so in The Reinforcements no reserve empties early); stock 8C 9C 7C. One pass deals
/// 8C, then 9C on it, then 7C: 9C buries 8C for good. After a redeal 8C is dealt first.
fn redeal_position(variant: Variant) -> Layout {
    let wastes: Vec<&str> = vec![""; variant.waste_count()];
    let reserves = reserves(variant, &["TC", "JC", "QC", "KC"]);
    position(variant, clubs_open(6, 13), &reserves, &wastes, "8C 9C 7C")
}

#[test]
fn a_redeal_makes_the_difference() {
    for variant in [Alhambra, Reinforcements] {
        let layout = redeal_position(variant);
        assert_lost(variant, opts(0), &layout);
        let moves = solve(variant, opts(1), &layout);
        assert!(moves.contains(&Move::Redeal));
        assert_eq!(moves.iter().filter(|m| **m == Move::Redeal).count(), 1);
    }
    // Granada deals the three cards side by side onto W0 W1 W2: no redeal is needed.
    let moves = solve(Granada, opts(0), &redeal_position(Granada));
    assert!(!moves.contains(&Move::Redeal));
}

#[test]
fn granada_win_needs_waste_to_waste() {
    // Clubs: F0 holds A..T (needs JC QC KC), F4 holds K..2 (needs AC).
    // W0 = JC KC, W1 = QC, W2 = AC, W3 empty; no stock, no redeal. KC must leave JC by a waste
    // to waste move (onto AC, or via QC and then onto AC).
    let layout = position(
        Granada,
        clubs_open(10, 12),
        &reserves(Granada, &[]),
        &["JC KC", "QC", "AC", ""],
        "",
    );
    let moves = solve(Granada, opts(0), &layout);
    let waste_to_waste = moves.iter().any(
        |m| matches!(m, Move::Card { from, to } if from.starts_with('W') && to.starts_with('W')),
    );
    assert!(waste_to_waste, "{moves:?}");
    // Without the king's way out (AC on F4 already, so W2 is empty) it is lost.
    let layout = position(
        Granada,
        clubs_open(10, 13),
        &reserves(Granada, &[]),
        &["JC KC", "QC", "", ""],
        "",
    );
    assert_lost(Granada, opts(0), &layout);
    // With the empty W3 open to any card, there is a second way.
    solve(Granada, any_waste(0), &layout);
}

#[test]
fn reinforcements_win_uses_the_refills() {
    // Clubs: F0 holds A..T (needs JC QC KC), F4 holds K..2 (needs AC); spades and hearts need
    // their kings on F1 and F2. R0 = JC, R1 = AC, R2 = KS, R3 = KH; stock QC KC.
    let mut heights = clubs_open(10, 12);
    heights[1] = 12;
    heights[2] = 12;
    let layout = position(Reinforcements, heights, &["JC", "AC", "KS", "KH"], &[""], "QC KC");
    for options in [opts(0), Options { pf_refill_timing: true, ..opts(0) }] {
        solve(Reinforcements, options, &layout);
    }
    // The line that takes QC and KC through R0's refills, with no deal, replays.
    let by_refill = [
        mv("R0", "F0"), // JC; R0 takes QC
        mv("R0", "F0"), // QC; R0 takes KC
        mv("R0", "F0"), // KC
        mv("R1", "F4"), // AC
        mv("R2", "F1"), // KS
        mv("R3", "F2"), // KH
    ];
    assert_eq!(replay(Reinforcements, &opts(0), &layout, &by_refill), Ok(()));
    assert_eq!(
        replay(Alhambra, &opts(0), &layout, &by_refill).unwrap_err().index,
        0,
        "a Reinforcements layout has 4 reserves, not an Alhambra layout"
    );
}

#[test]
fn already_won_position() {
    let layout = position(Alhambra, [13; 8], &reserves(Alhambra, &[]), &[""], "");
    assert_eq!(plain_search(Alhambra, &opts(2), &layout, 0), PlainOutcome::Won(vec![]));
    assert_eq!(replay(Alhambra, &opts(2), &layout, &[]), Ok(()));
    // Moves after the win must still be legal: a redeal of the empty waste is; a deal is not.
    assert_eq!(replay(Alhambra, &opts(2), &layout, &[Move::Redeal]), Ok(()));
    assert_eq!(replay(Alhambra, &opts(2), &layout, &[Move::Deal]).unwrap_err().index, 0);
}

// -------------------------------------------------------------------------------------------
// The state limit
// -------------------------------------------------------------------------------------------

#[test]
fn limit_gives_unknown_exactly_past_the_count() {
    for variant in [Alhambra, Granada, Reinforcements] {
        let layout = redeal_position(variant);
        for options in [opts(0), opts(2)] {
            let (outcome, states) = plain_search_counted(variant, &options, &layout, LIMIT);
            assert_ne!(outcome, PlainOutcome::Unknown);
            assert!(states > 3, "{variant:?}: only {states} states");
            // With exactly that many states allowed the answer is the same ...
            assert_eq!(plain_search(variant, &options, &layout, states), outcome);
            // ... with one fewer, for a lost position, the search cannot finish.
            if outcome == PlainOutcome::Lost {
                assert_eq!(
                    plain_search(variant, &options, &layout, states - 1),
                    PlainOutcome::Unknown
                );
            }
            assert_eq!(plain_search(variant, &options, &layout, 1), PlainOutcome::Unknown);
        }
    }
}

#[test]
fn full_deals_hit_the_limit() {
    let mut rng = Lcg(7);
    let mut talon = hooked_identity_talon();
    rng.shuffle(&mut talon[8..]);
    for variant in [Alhambra, Granada, Reinforcements] {
        let layout = layout_from_talon(variant, &talon);
        let (outcome, states) = plain_search_counted(variant, &opts(2), &layout, 2_000);
        assert_eq!(outcome, PlainOutcome::Unknown, "{variant:?}");
        assert_eq!(states, 2_000);
    }
}

// -------------------------------------------------------------------------------------------
// Replay errors
// -------------------------------------------------------------------------------------------

#[test]
fn replay_reports_the_altered_move() {
    for variant in [Alhambra, Granada, Reinforcements] {
        let layout = redeal_position(variant);
        let options = opts(1);
        let moves = solve(variant, options, &layout);
        assert!(moves.len() >= 5);
        for i in 0..moves.len() {
            // A club (or nothing) from R0 to the full diamonds foundation is illegal anywhere.
            let mut altered = moves.clone();
            altered[i] = mv("R0", "F3");
            let err = replay(variant, &options, &layout, &altered).unwrap_err();
            assert_eq!(err.index, i, "{variant:?}: {err}");
            // Sending a card to the wrong foundation is illegal too.
            if let Move::Card { from, to } = &moves[i]
                && to.starts_with('F')
            {
                let mut altered = moves.clone();
                altered[i] = Move::Card {
                    from: from.clone(),
                    to: "F3".to_string(), // diamonds, full: every card here is a club
                };
                let err = replay(variant, &options, &layout, &altered).unwrap_err();
                assert_eq!(err.index, i, "{variant:?}: {err}");
            }
        }
        // Dropping the last move: every move legal, the end not won.
        let short = &moves[..moves.len() - 1];
        let err = replay(variant, &options, &layout, short).unwrap_err();
        assert_eq!(err.index, short.len());
        // One redeal too many: the same solution with no redeal allowed fails at the redeal.
        let redeal_at = moves.iter().position(|m| *m == Move::Redeal);
        if let Some(at) = redeal_at {
            let err = replay(variant, &opts(0), &layout, &moves).unwrap_err();
            assert_eq!(err.index, at);
        }
    }
}

#[test]
fn replay_rejects_an_inconsistent_layout_and_foreign_names() {
    let mut layout = wrap_position();
    layout.wastes[0].clear(); // AC gone: only one copy left
    let err = replay(Alhambra, &opts(0), &layout, &[]).unwrap_err();
    assert_eq!(err.index, 0);
    assert!(err.reason.contains("inconsistent"), "{err}");

    let layout = wrap_position();
    let moves = [mv("R0", "W0"), mv("R0", "F0"), mv("W", "F0"), mv("W", "F4")];
    assert_eq!(replay(Alhambra, &opts(0), &layout, &moves).unwrap_err().index, 0);
    let moves = [mv("R0", "W"), mv("R0", "F0"), mv("W", "F0"), mv("W", "F8")];
    assert_eq!(replay(Alhambra, &opts(0), &layout, &moves).unwrap_err().index, 3);
}

// -------------------------------------------------------------------------------------------
// Randomised cross-checks on small endgames
// -------------------------------------------------------------------------------------------

/// A random consistent position: all foundations full, then `out` cards taken off random
/// foundation tops (never a base card), shuffled and spread over a few reserves, the wastes and
/// the stock.
fn random_endgame(rng: &mut Lcg, variant: Variant, out: usize) -> Layout {
    let mut heights = [13usize; 8];
    let mut taken_off = 0;
    while taken_off < out {
        let f = rng.below(8);
        if heights[f] > 1 {
            heights[f] -= 1;
            taken_off += 1;
        }
    }
    let foundations = Ids::new().foundations(heights);
    let on_foundations: Vec<u8> = foundations.iter().flatten().copied().collect();
    let mut loose: Vec<u8> = (0..104u8).filter(|id| !on_foundations.contains(id)).collect();
    assert_eq!(loose.len(), out);
    rng.shuffle(&mut loose);
    let used_reserves = 1 + rng.below(2);
    let mut reserves = vec![Vec::new(); variant.reserve_count()];
    let mut wastes = vec![Vec::new(); variant.waste_count()];
    let mut stock_top_first = Vec::new();
    for card in loose {
        match rng.below(5) {
            0..=2 => reserves[rng.below(used_reserves)].push(card),
            3 => wastes[rng.below(variant.waste_count())].push(card),
            _ => stock_top_first.push(card),
        }
    }
    Layout { foundations, reserves, wastes, stock_top_first }
}

fn is_won(outcome: &PlainOutcome) -> bool {
    matches!(outcome, PlainOutcome::Won(_))
}

/// Every card move by name from a reserve or waste to a foundation or waste (the other kinds are
/// never legal, see the move tests), plus deal and redeal: tried blindly by the brute force.
fn every_move(variant: Variant) -> Vec<Move> {
    let wastes: Vec<String> = if variant == Granada {
        (0..4).map(|i| format!("W{i}")).collect()
    } else {
        vec!["W".to_string()]
    };
    let mut sources: Vec<String> = (0..variant.reserve_count()).map(|i| format!("R{i}")).collect();
    sources.extend(wastes.iter().cloned());
    let mut targets: Vec<String> = (0..8).map(|i| format!("F{i}")).collect();
    targets.extend(wastes.iter().cloned());
    let mut moves = Vec::new();
    for from in &sources {
        for to in &targets {
            moves.push(Move::card(from, to));
        }
    }
    moves.push(Move::Deal);
    moves.push(Move::Redeal);
    moves
}

/// An independent brute force for Alhambra and The Reinforcements, whose game graph has no
/// cycles (every action moves a card stock → reserve → waste → foundation, or spends a redeal):
/// try every candidate move through `Position::play` (which leaves the position unchanged when
/// the move is illegal) and recurse, with no memory of positions seen. `None` when more than
/// `budget` nodes would be needed.
fn brute_force_won(position: &Position, candidates: &[Move], budget: &mut u64) -> Option<bool> {
    if position.is_won() {
        return Some(true);
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let mut child = position.clone();
    for m in candidates {
        if child.play(m).is_ok() {
            if brute_force_won(&child, candidates, budget)? {
                return Some(true);
            }
            child = position.clone();
        }
    }
    Some(false)
}

#[test]
fn randomised_endgames_agree_with_brute_force_and_replay() {
    let mut rng = Lcg(2024);
    let mut compared = 0;
    let mut won = 0;
    let mut lost = 0;
    for round in 0..240 {
        let variant = [Alhambra, Granada, Reinforcements][round % 3];
        let out = 5 + rng.below(5);
        let layout = random_endgame(&mut rng, variant, out);
        let options = Options {
            empty_waste_any: rng.below(2) == 0,
            pf_refill_timing: rng.below(2) == 0,
            redeals: rng.below(3) as u8,
        };
        let outcome = plain_search(variant, &options, &layout, LIMIT);
        match &outcome {
            PlainOutcome::Won(moves) => {
                won += 1;
                assert_eq!(replay(variant, &options, &layout, moves), Ok(()));
            }
            PlainOutcome::Lost => lost += 1,
            PlainOutcome::Unknown => panic!("a {out}-card endgame should fit the limit"),
        }
        // More redeals, or an empty waste that takes anything, can only help.
        let more = Options { redeals: options.redeals + 1, ..options };
        let more_outcome = plain_search(variant, &more, &layout, LIMIT);
        assert!(!is_won(&outcome) || is_won(&more_outcome), "{variant:?} {options:?}");
        if !options.empty_waste_any {
            let any = Options { empty_waste_any: true, ..options };
            let any_outcome = plain_search(variant, &any, &layout, LIMIT);
            assert!(!is_won(&outcome) || is_won(&any_outcome), "{variant:?} {options:?}");
        }
        // An independent brute force where the game graph is acyclic.
        if variant != Granada {
            let start = Position::new(variant, &options, &layout).unwrap();
            let mut budget = 20_000;
            if let Some(brute) = brute_force_won(&start, &every_move(variant), &mut budget) {
                assert_eq!(brute, is_won(&outcome), "{variant:?} {options:?} {layout:?}");
                compared += 1;
            }
        }
    }
    assert!(won >= 20 && lost >= 20, "won {won}, lost {lost}: the sample is lopsided");
    assert!(compared >= 100, "only {compared} brute-force comparisons finished");
}
