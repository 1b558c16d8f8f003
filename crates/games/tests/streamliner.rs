//! The stricter games (`Game::stricter`) that are the home-first streamliner: at every position
//! of random lines of every variant but queen-of-italy-open (whose stricter game is another rule
//! set, tested with the pipeline) and the Alhambra family (which has none), the stricter game's
//! moves are exactly the game's moves home where there are any, and all of them otherwise — for
//! the Algerian family without the foundation-to-depot move, which its stricter game also
//! drops, and for the Crazy Quilt family without some builds onto the waste. So each line of a
//! stricter game is a line of the game, and the pipeline may take its wins
//! (`patience_solver::pipeline`).
//! The search's arena (`moves_into`) must give the same list as `moves`.

use patience_games::deal::{DealSource, make_deal};
use patience_games::game::{Action, Game, MAX_MOVES, MoveList, Notation, Pile, Pruning};
use patience_games::rules::FamilyRules;
use patience_games::variant::VARIANTS;
use patience_games::with_rules;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn is_home(a: &Action) -> bool {
    matches!(a, Action::Card { to: Pile::Foundation(_) | Pile::AnyFoundation, from, .. } if !matches!(from, Pile::Foundation(_)))
}

fn is_foundation_to_tableau(a: &Action) -> bool {
    matches!(a, Action::Card { from: Pile::Foundation(_), to: Pile::Tableau(_), .. })
}

#[test]
fn stricter_games_generate_the_moves_home_where_there_are_any() {
    let mut checked = 0;
    let mut narrowed = 0;
    for v in VARIANTS.iter().filter(|v| v.name != "queen-of-italy-open") {
        with_rules!(v.rules, |r| {
            for seed in 0..4u64 {
                let g = r
                    .game(&r.layout(&make_deal(&DealSource::Native(seed), v.hook).unwrap()))
                    .unwrap();
                // (The Alhambra family has none: measured, the streamliner won no more deals.)
                let Some(strict) = g.stricter() else {
                    assert_eq!(v.rules.family(), "Alhambra", "{}: no stricter game", v.name);
                    continue;
                };
                assert!(
                    strict.stricter().is_none(),
                    "{}: a stricter game of the stricter game",
                    v.name
                );
                let drops_f2d = v.rules.family() == "Algerian";
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut s = g.start();
                for _ in 0..400 {
                    for pruning in [Pruning::NONE, Pruning::ALL] {
                        let (mut all, mut mine) = (MoveList::new(), MoveList::new());
                        g.moves(&s, pruning, &mut all);
                        strict.moves(&s, pruning, &mut mine);
                        let kept: Vec<_> = all
                            .iter()
                            .copied()
                            .filter(|&m| !(drops_f2d && is_foundation_to_tableau(&g.action(&s, m))))
                            .collect();
                        let home: Vec<_> =
                            kept.iter().copied().filter(|&m| is_home(&g.action(&s, m))).collect();
                        if !home.is_empty() || v.rules.family() != "Crazy Quilt" {
                            let want = if home.is_empty() { kept.clone() } else { home };
                            assert_eq!(mine.as_slice(), want.as_slice(), "{} seed {seed}", v.name);
                        } else {
                            // The Crazy Quilt family's streamliner also drops some builds onto the
                            // waste (its exact rule: `quilt/tests.rs`), and nothing else.
                            let builds = |m| {
                                matches!(
                                    g.action(&s, m),
                                    Action::Card { from: Pile::Quilt(..), to: Pile::Waste, .. }
                                )
                            };
                            assert!(
                                mine.iter().all(|m| kept.contains(m)),
                                "{} seed {seed}",
                                v.name
                            );
                            assert!(
                                kept.iter().all(|&m| builds(m) || mine.contains(&m)),
                                "{} seed {seed}",
                                v.name
                            );
                        }
                        narrowed += (mine.len() < all.len()) as u32;
                        let mut scratch = MoveList::new();
                        let mut window = [Default::default(); MAX_MOVES];
                        let n = strict.moves_into(&s, pruning, &mut scratch, &mut window);
                        assert_eq!(
                            &window[..n],
                            mine.as_slice(),
                            "{} seed {seed}: moves_into",
                            v.name
                        );
                        checked += 1;
                    }
                    let mut all = MoveList::new();
                    g.moves(&s, Pruning::NONE, &mut all);
                    if all.is_empty() || g.is_won(&s) {
                        break;
                    }
                    let m = all[rng.random_range(0..all.len())];
                    g.play(&mut s, m);
                }
            }
        });
    }
    assert!(
        checked > 10_000 && narrowed > 1_000,
        "{checked} positions checked, {narrowed} narrowed"
    );
}
