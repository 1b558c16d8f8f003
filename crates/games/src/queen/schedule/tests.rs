//! The terrace schedule test against its references: the count test it must contain, and a
//! plain exhaustive search of the relaxation it claims to decide exactly.

use std::collections::HashSet;

use super::super::tests::on_random_positions;
use super::*;
use crate::card::Kind;
use crate::variant::Variant;

/// The relaxation of the module notes searched plainly, without the lazy form or the choice
/// of the highest foundation: every card neither home nor on the terrace may go home whenever
/// a foundation takes it, the terrace top likewise; all orders are tried. `Some(true)` when
/// some order empties the terrace, `None` when more than `limit` relaxed positions were seen.
/// Written from the foundation rule (RULES.md §3) on ranks and colours, sharing nothing with
/// the test but the terrace.
fn relaxation_empties_terrace(g: &Queen, s: &QueenState, limit: usize) -> Option<bool> {
    let suited = g.rules.suited_foundations();
    let b = s.base_rank;
    // The kinds whose copies count together on the foundations ("class"), and the kinds a
    // card of kind k sits on.
    let same_class = |k: u8| -> Vec<u8> {
        let kk = Kind::from_index(k);
        if suited {
            vec![k]
        } else {
            (0..4)
                .filter(|&t| t / 2 == kk.colour())
                .map(|t| Kind::new(t, kk.rank()).index())
                .collect()
        }
    };
    let below = |k: u8| -> Option<Vec<u8>> {
        let kk = Kind::from_index(k);
        if kk.rank() == b {
            return None;
        }
        let r = (kk.rank() + 12) % 13;
        Some(if suited {
            vec![Kind::new(kk.suit(), r).index()]
        } else {
            (0..4).filter(|&t| t / 2 != kk.colour()).map(|t| Kind::new(t, r).index()).collect()
        })
    };
    let class_home =
        |home: &[u8; 52], ks: &[u8]| ks.iter().map(|&x| home[x as usize] as u32).sum::<u32>();
    // A foundation takes k when fewer copies of k's class are home than of the class below
    // (each foundation holding the class below and not k's has room), or k is of the base
    // rank (8 foundations, 8 base-rank cards: one is empty while a base-rank card is out).
    let takes = |home: &[u8; 52], k: u8| match below(k) {
        None => true,
        Some(p) => class_home(home, &p) > class_home(home, &same_class(k)),
    };
    let mut home = [0u8; 52];
    for k in 0..52u8 {
        home[k as usize] = s.home(k) as u8;
    }
    let mut seen = HashSet::new();
    let mut stack = vec![(s.terrace as usize, home)];
    while let Some((t, home)) = stack.pop() {
        if t == 0 {
            return Some(true);
        }
        if !seen.insert((t, home)) {
            continue;
        }
        if seen.len() > limit {
            return None;
        }
        let mut on_terrace = [0u8; 52];
        for &k in &g.terrace[..t] {
            on_terrace[k as usize] += 1;
        }
        let top = g.terrace[t - 1];
        if takes(&home, top) {
            let mut h = home;
            h[top as usize] += 1;
            stack.push((t - 1, h));
        }
        for k in 0..52u8 {
            if home[k as usize] + on_terrace[k as usize] < 2 && takes(&home, k) {
                let mut h = home;
                h[k as usize] += 1;
                stack.push((t, h));
            }
        }
    }
    Some(false)
}

/// Where the count test (`prune.rs`) says dead, so does the schedule test; and the schedule
/// test's verdict is the relaxation's, found by the plain search, on every position of random
/// lines (in every variant whose terrace only feeds foundations) small enough to search. Each
/// verdict must occur often, and the schedule test must add to the count test, or the
/// comparison shows little.
#[test]
fn schedule_test_contains_the_count_test_and_decides_the_relaxation() {
    let (mut dead, mut alive, mut beyond_count, mut compared) = (0, 0, 0, 0);
    on_random_positions(5, 4, 400, 0.8, |g, s| {
        if g.rules.variant == Variant::Redheads || !s.chosen() {
            return;
        }
        let schedule = g.terrace_schedule_dead(s);
        let count = g.terrace_dead(s);
        assert!(
            schedule || !count,
            "{:?}: the count test says dead, the schedule test not: {s:?}",
            g.rules.variant
        );
        beyond_count += (schedule && !count) as u32;
        if let Some(empties) = relaxation_empties_terrace(g, s, 2_000) {
            assert_eq!(schedule, !empties, "{:?}: {s:?}", g.rules.variant);
            compared += 1;
            if schedule { dead += 1 } else { alive += 1 }
        }
    });
    eprintln!(
        "compared {compared}: dead {dead}, alive {alive}; dead beyond the count test {beyond_count}"
    );
    assert!(
        dead >= 50 && alive >= 200 && beyond_count >= 20,
        "dead {dead}, alive {alive}, beyond the count test {beyond_count}"
    );
}
