//! The plain search: exhaustive, depth-first, over distinct positions, for any family.

use ahash::AHashSet;

use crate::{Family, Move, PlainOutcome, Rules};

/// Exhaustive depth-first search over distinct positions; `Unknown` when more than `max_states`
/// distinct positions were expanded. Panics if the layout is inconsistent (see the family's
/// `check_layout`).
pub fn plain_search<V: Family>(
    variant: V,
    options: &V::Options,
    layout: &V::Layout,
    max_states: u64,
) -> PlainOutcome {
    plain_search_counted(variant, options, layout, max_states).0
}

/// As [`plain_search`], also returning the number of distinct positions expanded (the start
/// position counts; won positions are recognised when reached and not expanded).
pub fn plain_search_counted<V: Family>(
    variant: V,
    options: &V::Options,
    layout: &V::Layout,
    max_states: u64,
) -> (PlainOutcome, u64) {
    let start = match variant.position(options, layout) {
        Ok(position) => position,
        Err(reason) => panic!("plain_search: inconsistent layout: {reason}"),
    };
    search_from(start, max_states)
}

/// One level of the depth-first search: a position, its legal actions, the next one to try, and
/// the action that led here from the level below (None at the start).
struct Frame<P: Rules> {
    position: P,
    actions: Vec<P::Action>,
    next: usize,
    via: Option<P::Action>,
}

/// Exhaustive depth-first search over distinct positions from `start`. Returns the outcome and
/// the number of distinct positions expanded: the start position counts; won positions are
/// recognised when reached and not expanded; `Unknown` when more than `max_states` positions would
/// have had to be expanded. A start that is already won is `Won(vec![])`.
pub(crate) fn search_from<P: Rules>(start: P, max_states: u64) -> (PlainOutcome, u64) {
    if start.is_won() {
        return (PlainOutcome::Won(Vec::new()), 0);
    }

    // The visited set is only asked and added to, never iterated over, so its hasher (aHash,
    // much faster than std's SipHash on these short keys) cannot change the search.
    let mut visited: AHashSet<Box<[u8]>> = AHashSet::new();
    visited.insert(start.key());
    let mut expanded: u64 = 1;
    if expanded > max_states {
        return (PlainOutcome::Unknown, expanded - 1);
    }
    let mut stack =
        vec![Frame { actions: start.legal_actions(), position: start, next: 0, via: None }];

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
            let mut solution: Vec<Move> =
                stack.iter().filter_map(|f| f.via).map(|a| child.to_move(a)).collect();
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
