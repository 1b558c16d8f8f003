//! What the two families share, written once:
//!
//! * the foundation rules and the layout checks of `RULES.md` §0 (both families build the same
//!   eight foundations from the same two packs);
//! * the small [`Rules`] trait, which says what a position must offer, and on top of it the one
//!   replay loop ([`replay_moves`]) and the one exhaustive search ([`exhaustive_search`]) behind
//!   [`crate::replay`], [`crate::plain_search`] and their `quilt_` twins.
//!
//! [`crate::Position`] (Alhambra family) and [`crate::quilt::QuiltPosition`] (Crazy Quilt family)
//! implement [`Rules`]; everything family-specific (piles, names, legality) stays in their files.

use std::collections::HashSet;
use std::fmt;

use crate::{CARD_COUNT, Move, PlainOutcome, ReplayError, card_code, kind_of, rank_of, suit_of};

// ---------------------------------------------------------------------------------------------
// Foundations and layouts (RULES.md §0)
// ---------------------------------------------------------------------------------------------

/// Won: all 104 cards on the foundations, i.e. every foundation holds 13 cards (§0).
pub(crate) fn all_foundations_full(foundations: &[Vec<u8>]) -> bool {
    foundations.iter().all(|f| f.len() == 13)
}

/// Does foundation `f` accept `card`? (F0..F3 build up in suit C S H D from the ace, F4..F7 build
/// down in suit from the king, no wrap, at most 13 cards.) The foundation is a run from its base
/// (checked when the position was made), so the next rank needed is its height going up,
/// 12 − height going down. Either copy of the card fits.
pub(crate) fn foundation_accepts(foundations: &[Vec<u8>], f: usize, card: u8) -> bool {
    let height = foundations[f].len();
    if height >= 13 {
        return false;
    }
    let suit = (f % 4) as u8;
    let next_rank = if f < 4 {
        height as u8
    } else {
        12 - height as u8
    };
    suit_of(card) == suit && rank_of(card) == next_rank
}

/// A layout must have exactly 8 foundations.
pub(crate) fn check_foundation_count(foundations: &[Vec<u8>]) -> Result<(), String> {
    if foundations.len() != 8 {
        return Err(format!("{} foundations, expected 8", foundations.len()));
    }
    Ok(())
}

/// A layout of `variant` must have `expected` piles of one kind (`what`, e.g. "reserves").
pub(crate) fn check_pile_count(
    what: &str,
    found: usize,
    expected: usize,
    variant: impl fmt::Debug,
) -> Result<(), String> {
    if found != expected {
        return Err(format!(
            "{found} {what}, expected {expected} for {variant:?}"
        ));
    }
    Ok(())
}

/// Checks the cards of a layout (`all_cards`: every card of every pile, the foundations
/// included): every card id below 104, exactly two copies of each of the 52 cards (either id may
/// stand for either copy), and every foundation a run of its own suit from its base (F0..F3 up
/// from the ace of C S H D, F4..F7 down from the king).
pub(crate) fn check_cards<'a>(
    all_cards: impl Iterator<Item = &'a u8>,
    foundations: &[Vec<u8>],
) -> Result<(), String> {
    let mut copies = [0u32; 52];
    for &card in all_cards {
        if card as usize >= CARD_COUNT {
            return Err(format!("card id {card} is not below 104"));
        }
        copies[kind_of(card) as usize] += 1;
    }
    for (kind, &count) in copies.iter().enumerate() {
        if count != 2 {
            return Err(format!(
                "{} appears {count} times, expected 2",
                card_code(kind as u8)
            ));
        }
    }
    for (f, pile) in foundations.iter().enumerate() {
        for (height, &card) in pile.iter().enumerate() {
            if height >= 13 {
                return Err(format!("F{f} holds more than 13 cards"));
            }
            // The card at height h of an up foundation has rank h, of a down foundation 12 − h.
            let suit = (f % 4) as u8;
            let rank = if f < 4 {
                height as u8
            } else {
                12 - height as u8
            };
            if suit_of(card) != suit || rank_of(card) != rank {
                return Err(format!(
                    "F{f} holds {} at height {height}: not a run from its base",
                    card_code(card)
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Actions: moves in index form
// ---------------------------------------------------------------------------------------------

/// A move in index form (what the engines work with), over the family's own pile type `P`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action<P> {
    Card { from: P, to: P },
    Deal,
    Redeal,
    /// The opening choice of the Queen of Italy family (the pile chosen).
    Choose(P),
}

impl<P: Copy> Action<P> {
    /// The action a written move stands for: `find` finds the pile with exactly a given name in
    /// `variant`, and a name it does not know is an error.
    pub(crate) fn from_move(
        mv: &Move,
        variant: impl fmt::Debug,
        find: impl Fn(&str) -> Option<P>,
    ) -> Result<Action<P>, String> {
        match mv {
            Move::Deal => Ok(Action::Deal),
            Move::Redeal => Ok(Action::Redeal),
            Move::Choose(pile) => {
                let p = find(pile).ok_or_else(|| format!("no pile named {pile:?} in {variant:?}"))?;
                Ok(Action::Choose(p))
            }
            Move::Card { from, to } => {
                let from_pile =
                    find(from).ok_or_else(|| format!("no pile named {from:?} in {variant:?}"))?;
                let to_pile =
                    find(to).ok_or_else(|| format!("no pile named {to:?} in {variant:?}"))?;
                Ok(Action::Card {
                    from: from_pile,
                    to: to_pile,
                })
            }
        }
    }

    /// The action written as a move, `name` giving each pile's name.
    pub(crate) fn to_move(self, name: impl Fn(P) -> String) -> Move {
        match self {
            Action::Card { from, to } => Move::Card {
                from: name(from),
                to: name(to),
            },
            Action::Deal => Move::Deal,
            Action::Redeal => Move::Redeal,
            Action::Choose(p) => Move::Choose(name(p)),
        }
    }
}

/// The candidate card moves (in their order), then deal, then redeal: those `is_legal` accepts.
/// Plainly: every candidate is tried, none is ruled out in advance.
pub(crate) fn legal_among<P: Copy>(
    card_moves: Vec<Action<P>>,
    is_legal: impl Fn(Action<P>) -> bool,
) -> Vec<Action<P>> {
    let mut candidates = card_moves;
    candidates.push(Action::Deal);
    candidates.push(Action::Redeal);
    candidates.into_iter().filter(|&a| is_legal(a)).collect()
}

// ---------------------------------------------------------------------------------------------
// What a position must offer
// ---------------------------------------------------------------------------------------------

/// The rules engine of one family, as the replay loop and the search see it.
pub(crate) trait Rules: Clone {
    /// A move in index form (what the engine works with; cheap to copy).
    type Action: Copy;

    /// All 104 cards on the foundations.
    fn is_won(&self) -> bool;

    /// Every legal action, in the family's fixed order (the order the search tries them in).
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// The action a written move stands for, if it names piles of this game and is legal here;
    /// otherwise why not.
    fn legal_action(&self, mv: &Move) -> Result<Self::Action, String>;

    /// Performs a legal action (see [`Rules::legal_action`]), with whatever the rules then do by
    /// themselves (The Reinforcements' refill).
    fn apply(&mut self, action: Self::Action);

    /// The action written as a move, with the game's pile names.
    fn to_move(&self, action: Self::Action) -> Move;

    /// Writes the complete position as bytes into `key` (cleared first), for the visited set:
    /// positions that differ in anything, the redeals left included, get different keys.
    fn write_key(&self, key: &mut Vec<u8>);

    /// [`Rules::write_key`] into a new key.
    fn key(&self) -> Box<[u8]> {
        let mut key = Vec::new();
        self.write_key(&mut key);
        key.into_boxed_slice()
    }
}

/// Every legal move of `position`, in the family's fixed order.
pub(crate) fn legal_moves<P: Rules>(position: &P) -> Vec<Move> {
    position
        .legal_actions()
        .into_iter()
        .map(|action| position.to_move(action))
        .collect()
}

/// Plays a move if it is legal; otherwise says why not and leaves the position unchanged.
pub(crate) fn play<P: Rules>(position: &mut P, mv: &Move) -> Result<(), String> {
    let action = position.legal_action(mv)?;
    position.apply(action);
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Replay
// ---------------------------------------------------------------------------------------------

/// Replays `moves` from `start` (the position of the layout, or why the layout is inconsistent),
/// checking that every move is legal and that the final position is won. The error's `index` is
/// the offending move (`moves.len()` when every move was legal but the end is not won; 0 for an
/// inconsistent layout).
pub(crate) fn replay_moves<P: Rules>(
    start: Result<P, String>,
    moves: &[Move],
) -> Result<(), ReplayError> {
    let mut position = start.map_err(|reason| ReplayError {
        index: 0,
        reason: format!("inconsistent layout: {reason}"),
    })?;
    for (index, mv) in moves.iter().enumerate() {
        play(&mut position, mv).map_err(|reason| ReplayError {
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

// ---------------------------------------------------------------------------------------------
// Plain exhaustive search
// ---------------------------------------------------------------------------------------------

/// One level of the depth-first search: a position, its legal actions, the next one to try, and
/// the action that led here from the level below (None at the start).
struct Frame<P: Rules> {
    position: P,
    actions: Vec<P::Action>,
    next: usize,
    via: Option<P::Action>,
}

/// Exhaustive depth-first search over distinct positions from `start` (the position of the
/// layout; an inconsistent layout panics, with `caller`'s name in the message). Returns the
/// outcome and the number of distinct positions expanded: the start position counts; won
/// positions are recognised when reached and not expanded; `Unknown` when more than `max_states`
/// positions would have had to be expanded. A start that is already won is `Won(vec![])`.
pub(crate) fn exhaustive_search<P: Rules>(
    caller: &str,
    start: Result<P, String>,
    max_states: u64,
) -> (PlainOutcome, u64) {
    let start = match start {
        Ok(position) => position,
        Err(reason) => panic!("{caller}: inconsistent layout: {reason}"),
    };
    if start.is_won() {
        return (PlainOutcome::Won(Vec::new()), 0);
    }

    let mut visited: HashSet<Box<[u8]>> = HashSet::new();
    visited.insert(start.key());
    let mut expanded: u64 = 1;
    if expanded > max_states {
        return (PlainOutcome::Unknown, expanded - 1);
    }
    let mut stack = vec![Frame {
        actions: start.legal_actions(),
        position: start,
        next: 0,
        via: None,
    }];

    // Scratch space reused from one tried action to the next (a plain copy-and-apply; the
    // buffers are only recycled to spare the allocator).
    let mut child = stack[0].position.clone();
    let mut child_key: Vec<u8> = Vec::new();

    while let Some(frame) = stack.last_mut() {
        if frame.next == frame.actions.len() {
            stack.pop();
            continue;
        }
        let action = frame.actions[frame.next];
        frame.next += 1;
        child.clone_from(&frame.position);
        child.apply(action);

        if child.is_won() {
            let mut solution: Vec<Move> = stack
                .iter()
                .filter_map(|f| f.via)
                .map(|a| child.to_move(a))
                .collect();
            solution.push(child.to_move(action));
            return (PlainOutcome::Won(solution), expanded);
        }
        child.write_key(&mut child_key);
        if visited.contains(child_key.as_slice()) {
            continue; // already expanded (or on the current path)
        }
        visited.insert(child_key.clone().into_boxed_slice());
        expanded += 1;
        if expanded > max_states {
            return (PlainOutcome::Unknown, expanded - 1);
        }
        let position = child.clone();
        stack.push(Frame {
            actions: position.legal_actions(),
            position,
            next: 0,
            via: Some(action),
        });
    }
    (PlainOutcome::Lost, expanded)
}

// ---------------------------------------------------------------------------------------------
// Helpers for the unit tests of both families
// ---------------------------------------------------------------------------------------------

#[cfg(test)]
pub(crate) mod test_support {
    use super::Rules;
    use crate::Move;
    use std::collections::HashMap;
    use std::fmt;

    /// The deck-0 aces and kings first, then every other id in order.
    pub(crate) fn talon() -> Vec<u8> {
        let head = [0u8, 13, 26, 39, 12, 25, 38, 51];
        let mut talon = head.to_vec();
        talon.extend((0..104u8).filter(|id| !head.contains(id)));
        talon
    }

    /// A number below `n` from a 64-bit LCG (high bits) whose state is `seed`.
    fn next(seed: &mut u64, n: usize) -> usize {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((*seed >> 33) % n as u64) as usize
    }

    /// Walks randomly from `start` (20 walks of up to `steps` actions each, every choice drawn
    /// from `seed`) and asserts that positions with equal keys are equal. Returns the number of
    /// distinct keys seen.
    pub(crate) fn walk_checking_keys<P: Rules + PartialEq + fmt::Debug>(
        start: &P,
        seed: &mut u64,
        steps: usize,
    ) -> usize {
        let mut seen: HashMap<Box<[u8]>, P> = HashMap::new();
        for _walk in 0..20 {
            let mut position = start.clone();
            for _step in 0..steps {
                if let Some(other) = seen.insert(position.key(), position.clone()) {
                    assert_eq!(other, position);
                }
                let actions = position.legal_actions();
                if actions.is_empty() {
                    break;
                }
                position.apply(actions[next(seed, actions.len())]);
            }
        }
        seen.len()
    }

    /// Deals the whole stock out from `start`, then redeals and deals it all out again: returns
    /// the positions after the first and after the second deal-out (in the single-waste games
    /// they hold the same piles and differ only in the redeals left).
    pub(crate) fn dealt_out_twice<P: Rules>(start: &P) -> (P, P) {
        let deal_out = |position: &mut P| {
            while let Ok(deal) = position.legal_action(&Move::Deal) {
                position.apply(deal);
            }
        };
        let mut first = start.clone();
        deal_out(&mut first);
        let mut second = first.clone();
        let redeal = second
            .legal_action(&Move::Redeal)
            .expect("a redeal is left");
        second.apply(redeal);
        deal_out(&mut second);
        (first, second)
    }
}
