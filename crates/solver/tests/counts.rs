//! What a search's counts mean: `states`, the unique states, are the distinct positions reached
//! and stored; `expanded` are those of them whose moves were generated. The bench reports both
//! per second, so each is checked here against a count made from the rules alone.

use patience_games::algerian::{Algerian, AlgerianRules, AlgerianVariant};
use patience_games::alhambra::{Alhambra, AlhambraRules, AlhambraVariant};
use patience_games::deal::{DealSource, Hook, make_deal};
use patience_games::game::{Game, MoveList, Pruning};
use patience_games::quilt::{Quilt, QuiltRules, QuiltVariant};
use patience_solver::{Limits, Stop, Verdict, solve};
use std::collections::HashSet;

fn deal(seed: u64, hook: Hook) -> patience_games::deal::Deal {
    make_deal(&DealSource::Native(seed), hook).unwrap()
}

/// With a depth limit of one, the start is the one position expanded, and each of its distinct
/// children is stored and cut: `states` is one more than the start's distinct children (none
/// won, none the start itself), as counted here by playing its moves.
fn depth_one<G: Game>(name: &str, game: &G)
where
    G::State: Default,
{
    let root = game.start();
    let mut moves = MoveList::new();
    game.moves(&root, Pruning::NONE, &mut moves);
    let mut children = HashSet::new();
    for &m in &moves {
        let mut child = root;
        game.play(&mut child, m);
        assert!(!game.is_won(&child), "{name}: a start one move from a win");
        if child != root {
            children.insert(child);
        }
    }
    assert!(children.len() >= 2, "{name}: {} children", children.len());
    let limits = Limits { max_depth: 1, max_time: None, table_bytes: 64 << 20, ..Limits::default() };
    let r = solve(game, limits, Pruning::NONE);
    assert_eq!((r.verdict, r.stop, r.expanded, r.states), (Verdict::Unknown, Some(Stop::Depth), 1, 1 + children.len() as u64), "{name}");
}

#[test]
fn a_depth_limit_of_one_expands_the_start_and_stores_its_children() {
    depth_one("alhambra 0", &Alhambra::new(AlhambraRules::new(AlhambraVariant::Alhambra), &deal(0, Hook::AcesKingsToTop)));
    depth_one("crazy-quilt 0", &Quilt::new(QuiltRules::new(QuiltVariant::CrazyQuilt), &deal(0, Hook::AcesKingsToTop)));
    depth_one("algerian 0", &Algerian::new(AlgerianRules::new(AlgerianVariant::Algerian), &deal(0, Hook::KingsToTop)));
}

/// Without the dead-position test and the depth limit, every stored position is expanded, except
/// the one on which the state limit stops the search; with the test, those it rejects are stored
/// and not expanded (Crazy Quilt's deals are full of them).
#[test]
fn dead_positions_are_stored_and_not_expanded() {
    let game = Quilt::new(QuiltRules::new(QuiltVariant::CrazyQuilt), &deal(0, Hook::AcesKingsToTop));
    let limits = Limits { max_states: 20_000, max_time: None, table_bytes: 64 << 20, ..Limits::default() };
    let plain = solve(&game, limits, Pruning { dead_positions: false, ..Pruning::ALL });
    assert_eq!((plain.verdict, plain.stop, plain.states), (Verdict::Unknown, Some(Stop::States), 20_000));
    assert_eq!(plain.expanded, plain.states - 1);
    let dead = solve(&game, limits, Pruning::ALL);
    assert_eq!((dead.verdict, dead.stop, dead.states), (Verdict::Unknown, Some(Stop::States), 20_000));
    assert!(dead.expanded < dead.states - 1000, "{} of {} expanded", dead.expanded, dead.states);
}
