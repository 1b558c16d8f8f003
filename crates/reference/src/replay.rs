//! The replay: a solution checked move by move from a layout, for any family.

use crate::{Family, Move, ReplayError, Rules};

/// Replays `moves` from `layout` (with the options' redeals left), checking that every move is
/// legal and that the final position is won. The error's `index` is the offending move
/// (`moves.len()` when every move was legal but the end is not won; 0 for an inconsistent layout,
/// see the family's `check_layout`).
pub fn replay<V: Family>(
    variant: V,
    options: &V::Options,
    layout: &V::Layout,
    moves: &[Move],
) -> Result<(), ReplayError> {
    let start = variant.position(options, layout).map_err(|reason| ReplayError {
        index: 0,
        reason: format!("inconsistent layout: {reason}"),
    })?;
    replay_from(start, moves)
}

/// Replays `moves` from the position `start` (see [`replay`]).
pub(crate) fn replay_from<P: Rules>(start: P, moves: &[Move]) -> Result<(), ReplayError> {
    let mut position = start;
    for (index, mv) in moves.iter().enumerate() {
        position.play(mv).map_err(|reason| ReplayError {
            index,
            reason: format!("illegal move `{mv}`: {reason}"),
        })?;
    }
    if position.is_won() {
        Ok(())
    } else {
        Err(ReplayError {
            index: moves.len(),
            reason: "all moves legal, but the final position is not won".to_string(),
        })
    }
}
