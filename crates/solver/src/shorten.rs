//! Shortens a winning line by shortcuts: a depth-first search wanders (in persian-rug a first
//! win can be tens of thousands of reserve-to-reserve moves long), but often a position on the
//! line is one or two legal moves from a much later position of the same line. Greedily taking
//! the farthest such jump from each position keeps the line legal and winning. One pass with
//! one-move jumps over the whole line, then passes with two-move jumps until nothing shortens.

use ahash::AHashMap;
use patience_games::game::{Game, MoveList, Pruning};

pub fn shorten<G: Game>(game: &G, moves: &[G::Move]) -> Vec<G::Move> {
    let mut line = quick(game, moves);
    loop {
        let shorter = jump(game, &line, 2);
        if shorter.len() >= line.len() {
            return line;
        }
        line = shorter;
    }
}

/// Only the pass with one-move jumps: it takes most of the wandering out of a line (a
/// persian-rug win of thousands of moves) at the cost of one move generation per position,
/// where the two-move passes cost one per child (about a tenth of a second for an algerian
/// line of 250 moves, a hundred times the search that found it). Studies, which publish only
/// the line's length, use this.
pub fn quick<G: Game>(game: &G, moves: &[G::Move]) -> Vec<G::Move> {
    jump(game, moves, 1)
}

/// One greedy pass with jumps of up to `depth` (1 or 2) moves.
fn jump<G: Game>(game: &G, moves: &[G::Move], depth: usize) -> Vec<G::Move> {
    let mut states = Vec::with_capacity(moves.len() + 1);
    let mut s = game.start();
    states.push(s);
    for &m in moves {
        game.play(&mut s, m);
        states.push(s);
    }
    let index: AHashMap<G::State, usize> =
        states.iter().enumerate().map(|(i, s)| (*s, i)).collect();
    let (mut first, mut second) = (MoveList::new(), MoveList::new());
    let mut out = Vec::new();
    let mut i = 0;
    while i < moves.len() {
        // (target index, the moves that reach it)
        let mut best: (usize, [Option<G::Move>; 2]) = (i + 1, [Some(moves[i]), None]);
        game.moves(&states[i], Pruning::NONE, &mut first);
        for &m1 in first.iter() {
            let mut c1 = states[i];
            game.play(&mut c1, m1);
            if let Some(&j) = index.get(&c1)
                && j > best.0
            {
                best = (j, [Some(m1), None]);
            }
            if depth < 2 || game.is_won(&c1) {
                continue;
            }
            game.moves(&c1, Pruning::NONE, &mut second);
            for &m2 in second.iter() {
                let mut c2 = c1;
                game.play(&mut c2, m2);
                if let Some(&j) = index.get(&c2)
                    && j > best.0 + 1
                {
                    best = (j, [Some(m1), Some(m2)]);
                }
            }
        }
        out.extend(best.1.into_iter().flatten());
        i = best.0;
    }
    out
}

#[cfg(test)]
mod tests;
