//! What a search's counts mean: `states`, the unique states, are the distinct positions reached
//! and stored; `expanded` are those of them whose moves were generated. The bench reports both
//! per second, so each is checked here against a count made from the rules alone.

use ahash::AHashSet;
use patience_games::algerian::{Algerian, AlgerianRules};
use patience_games::alhambra::{Alhambra, AlhambraRules};
use patience_games::deal::{DealSource, Hook, make_deal};
use patience_games::game::{Game, MoveList, Pruning};
use patience_games::queen::{Queen, QueenRules};
use patience_games::quilt::{Quilt, QuiltRules};
use patience_games::variant::InFamily;
use patience_games::variant::Variant;
use patience_solver::{Limits, Stop, Verdict, solve};

fn deal(seed: u64, hook: Hook) -> patience_games::deal::Deal {
    make_deal(&DealSource::Native(seed), hook).unwrap()
}

/// The distinct children of `s` other than `s` itself, none of them won. (Only counted, never
/// iterated over: the set's hasher cannot change a result.)
fn children<G: Game>(name: &str, game: &G, s: &G::State) -> AHashSet<G::State> {
    let mut moves = MoveList::new();
    game.moves(s, Pruning::NONE, &mut moves);
    let mut children = AHashSet::new();
    for &m in &moves {
        let mut child = *s;
        game.play(&mut child, m);
        assert!(!game.is_won(&child), "{name}: a position one move from a win");
        if child != *s {
            children.insert(child);
        }
    }
    children
}

/// The limits of these searches: `max_states` positions, no time limit, a 64 MiB table.
fn limits(max_states: u64) -> Limits {
    Limits { max_states, max_time: None, table_bytes: 64 << 20, ..Limits::default() }
}

/// [`limits`] with a depth limit of one: only the start (or each opening choice) is expanded.
fn depth_one_limits() -> Limits {
    Limits { max_depth: 1, ..limits(5_000_000) }
}

/// With a depth limit of one, the start is the one position expanded, and each of its distinct
/// children is stored and cut: `states` is one more than the start's distinct children, as
/// counted here by playing its moves.
fn depth_one<G: Game>(name: &str, game: &G)
where
    G::State: Default,
{
    assert!(!game.split_root());
    let n = children(name, game, &game.start()).len() as u64;
    assert!(n >= 2, "{name}: {n} children");
    let r = solve(game, depth_one_limits(), Pruning::NONE);
    assert_eq!(
        (r.verdict, r.stop, r.expanded, r.states),
        (Verdict::Unknown, Some(Stop::Depth), 1, 1 + n),
        "{name}"
    );
}

#[test]
fn a_depth_limit_of_one_expands_the_start_and_stores_its_children() {
    depth_one(
        "alhambra 0",
        &Alhambra::new(AlhambraRules::of(Variant::Alhambra), &deal(0, Hook::AcesKingsToTop)),
    );
    depth_one(
        "crazy-quilt 0",
        &Quilt::new(QuiltRules::of(Variant::CrazyQuilt), &deal(0, Hook::AcesKingsToTop)),
    );
    depth_one(
        "algerian 0",
        &Algerian::new(AlgerianRules::of(Variant::Algerian), &deal(0, Hook::KingsToTop)),
    );
}

/// Without the dead-position test and the depth limit, every stored position is expanded, except
/// the one on which the state limit stops the search; with the test, those it rejects are stored
/// and not expanded (Crazy Quilt's deals are full of them).
#[test]
fn dead_positions_are_stored_and_not_expanded() {
    let game = Quilt::new(QuiltRules::of(Variant::CrazyQuilt), &deal(0, Hook::AcesKingsToTop));
    let limits = limits(20_000);
    let plain = solve(&game, limits, Pruning { dead_positions: false, ..Pruning::ALL });
    assert_eq!(
        (plain.verdict, plain.stop, plain.states),
        (Verdict::Unknown, Some(Stop::States), 20_000)
    );
    assert_eq!(plain.expanded, plain.states - 1);
    let dead = solve(&game, limits, Pruning::ALL);
    assert_eq!(
        (dead.verdict, dead.stop, dead.states),
        (Verdict::Unknown, Some(Stop::States), 20_000)
    );
    assert!(dead.expanded < dead.states - 1000, "{} of {} expanded", dead.expanded, dead.states);
}

/// A deal with an opening choice is searched choice by choice, each with a fresh table: with a
/// depth limit of one, each choice's search expands the position the choice leads to and stores
/// its distinct children, and the result sums the searches (the start itself is never stored).
#[test]
fn a_deal_searched_choice_by_choice_sums_its_searches() {
    let game = Queen::new(QueenRules::of(Variant::QueenOfItaly), &deal(3, Hook::None));
    assert!(game.split_root());
    let start = game.start();
    let mut choices = MoveList::new();
    game.moves(&start, Pruning::NONE, &mut choices);
    assert!(choices.len() >= 2, "{} choices", choices.len());
    let mut states = 0;
    for &c in &choices {
        let mut s = start;
        game.play(&mut s, c);
        assert!(!game.is_won(&s));
        states += 1 + children("queen-of-italy 3", &game, &s).len() as u64;
    }
    let r = solve(&game, depth_one_limits(), Pruning::NONE);
    assert_eq!(
        (r.verdict, r.stop, r.expanded, r.states),
        (Verdict::Unknown, Some(Stop::Depth), choices.len() as u64, states)
    );
}

/// The state limit bounds every search, the start included: a limit of one stores the start
/// and stops (it once stored a child too), and a limit of n stores n.
#[test]
fn the_state_limit_counts_the_start() {
    let game = Algerian::new(AlgerianRules::of(Variant::Algerian), &deal(0, Hook::KingsToTop));
    for limit in [1, 2, 3, 100] {
        let r = solve(&game, limits(limit), Pruning::ALL);
        assert_eq!(
            (r.verdict, r.stop, r.states, r.expanded),
            (Verdict::Unknown, Some(Stop::States), limit, limit - 1),
            "limit {limit}"
        );
    }
}
