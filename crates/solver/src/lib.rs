//! The exhaustive solver: depth-first search with a bounded transposition table, generic over
//! every game family through [`patience_games::game::Game`], on one thread (`search.rs`) or on
//! several sharing one table (`parallel.rs`), and the pipeline of phases that decides a deal
//! (`pipeline.rs`).

pub mod lookahead;
pub mod outcome;
pub mod parallel;
pub mod pipeline;
pub mod player;
pub mod search;
pub mod shared_table;
pub mod shorten;
pub mod table;
pub mod traverse;

pub use outcome::{SearchResult, Stop, Verdict};
pub use pipeline::{Decided, Phase, Pipeline, Plan};
pub use search::{Limits, Solver, solve};
pub use shorten::shorten;

use patience_games::game::{Action, Notation};

/// The solution of a search in rule-book notation, replaying it on the fast state.
pub fn actions<G: Notation>(game: &G, moves: &[G::Move]) -> Vec<Action> {
    game.render(moves)
}
