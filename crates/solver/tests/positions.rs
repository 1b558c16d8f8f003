//! Solving from positions part-way through a game (issue 37). The positions are made by the
//! reference rules (`patience_verify::position_after`), which share no code with the fast games:
//! along a won line every position must be won again, its new line replaying from there; a
//! position one bad move off the line must be found that the search proves lost, where the
//! search proves losses, with the plain reference search agreeing on the small ones.

use patience_games::deal::{DealSource, make_deal};
use patience_games::game::{Action, Pruning};
use patience_games::layout::Layout;
use patience_games::rules::FamilyRules;
use patience_games::variant::{Rules, find_variant};
use patience_games::with_rules;
use patience_reference::{Move, PlainOutcome};
use patience_solver::{Limits, Verdict, actions, shorten, solve};
use patience_verify as verify;

fn limits(max_states: u64) -> Limits {
    Limits { max_states, max_time: None, table_bytes: 64 << 20, ..Limits::default() }
}

/// The verdict of the fast search from `layout` and, if won, its line (replayed there through the
/// reference rules).
fn decide(rules: &Rules, layout: &Layout, max_states: u64) -> (Verdict, Vec<Action>) {
    with_rules!(rules, |r| {
        let game = r.game(layout).unwrap_or_else(|e| panic!("{e}"));
        let result = solve(&game, limits(max_states), Pruning::ALL);
        let line = actions(&game, &shorten(&game, &result.moves));
        if result.verdict == Verdict::Won {
            verify::replay(rules, layout, &line).unwrap_or_else(|e| panic!("{e}"));
        }
        (result.verdict, line)
    })
}

/// The won line of `seed` from its start, with the layout.
fn won_line(game: &str, seed: u64, max_states: u64) -> (Rules, Layout, Vec<Move>) {
    let info = find_variant(game).unwrap();
    let rules = info.rules;
    let layout = rules.layout(&make_deal(&DealSource::Native(seed), info.hook).unwrap());
    let (verdict, line) = decide(&rules, &layout, max_states);
    assert_eq!(verdict, Verdict::Won, "{game} seed {seed}");
    (rules, layout, verify::reference_moves(&line))
}

/// Every position along the line (every `step`-th) is won, and its new line replays from it.
fn along_the_line_is_won(game: &str, seed: u64, step: usize) -> usize {
    let (rules, layout, line) = won_line(game, seed, 1_000_000);
    let mut checked = 0;
    for k in (step..line.len()).step_by(step) {
        let (at, _) = verify::position_after(&rules, &layout, &line[..k]).unwrap();
        // A position with a forced move pending is not one a player stops at.
        if with_rules!(rules, |r| r.game(&at).is_err()) {
            continue;
        }
        let (verdict, _) = decide(&rules, &at, 1_000_000);
        assert_eq!(verdict, Verdict::Won, "{game} seed {seed}, after {k} of {} moves", line.len());
        checked += 1;
    }
    checked
}

#[test]
fn positions_along_won_lines_are_won() {
    let mut checked = 0;
    for (game, seed, step) in [
        ("granada", 11, 25),
        ("queen-of-italy", 1, 30),
        ("algerian", 0, 15),
        ("indian-carpet", 3, 30),
        ("persian-rug", 0, 15),
    ] {
        checked += along_the_line_is_won(game, seed, step);
    }
    assert!(checked >= 12, "only {checked} positions checked");
}

/// Walking back from the end of a won line, the first position one legal move off it that the
/// search proves lost; the plain reference search (no pruning) must agree.
fn one_bad_move_off(
    rules: &Rules,
    layout: &Layout,
    line: &[Move],
    last_pass: bool,
    from: usize,
) -> Option<(usize, Move)> {
    for k in (0..=from.min(line.len() - 1)).rev().take(4) {
        let (here, legal) = verify::position_after(rules, layout, &line[..k]).unwrap();
        if last_pass && here.redeals_left != Some(0) {
            break;
        }
        for m in legal.into_iter().filter(|m| *m != line[k]) {
            let mut off = line[..k].to_vec();
            off.push(m.clone());
            let (at, _) = verify::position_after(rules, layout, &off).unwrap();
            if with_rules!(rules, |r| r.game(&at).is_err()) {
                continue;
            }
            let (verdict, _) = decide(rules, &at, 50_000);
            if verdict == Verdict::Lost {
                let (plain, _) = verify::plain_search(rules, &at, 100_000);
                assert!(
                    !matches!(plain, PlainOutcome::Won(_)),
                    "the fast search proved lost what the plain search wins: after {k} moves, then {m}"
                );
                return Some((k, m));
            }
        }
    }
    None
}

#[test]
fn a_position_one_bad_move_off_a_won_line_is_proven_lost() {
    // Queen of Italy and Algerian prove losses anywhere; the Alhambra and Crazy Quilt families on
    // the last pass, so only positions after the line's last redeal are tried there. Where to
    // look is pinned (a walk back from each line's end found these; searching the whole walk
    // takes minutes): the line's first `from` moves, then one other legal move.
    for (game, seed, last_pass, from) in [
        ("queen-of-italy", 1, false, 221),
        ("algerian", 0, false, 132),
        ("granada", 11, true, 155),
        ("crazy-quilt", 5, true, 188),
    ] {
        let (rules, layout, line) = won_line(game, seed, 1_000_000);
        let found = one_bad_move_off(&rules, &layout, &line, last_pass, from);
        assert!(
            found.is_some(),
            "{game} seed {seed}: no position one move off the won line is proven lost"
        );
    }
}

/// A position after a redeal has fewer redeals left; read back, it is the same game.
#[test]
fn positions_after_a_redeal_keep_their_redeals_left() {
    let (rules, layout, line) = won_line("granada", 11, 1_000_000);
    let redeal = line.iter().position(|m| *m == Move::Redeal).expect("granada 11's line redeals");
    let (at, _) = verify::position_after(&rules, &layout, &line[..=redeal]).unwrap();
    assert_eq!(at.redeals_left, Some(1), "two redeals, one made");
    let (verdict, rest) = decide(&rules, &at, 1_000_000);
    assert_eq!(verdict, Verdict::Won);
    // The reference counts the redeals left too: more redeals than are left do not replay.
    let redeals_in_rest = rest.iter().filter(|a| matches!(a, Action::Redeal)).count();
    assert!(redeals_in_rest <= 1);
    let (at0, _) =
        verify::position_after(&rules, &Layout { redeals_left: Some(0), ..layout.clone() }, &[])
            .unwrap();
    assert_eq!(at0.redeals_left, Some(0));
}
