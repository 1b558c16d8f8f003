//! The dominance check of issue 31: the thoughtful pipeline knows the stock order, so every deal
//! a player that cannot see it won must be won by the pipeline too. A deal the pipeline leaves
//! unknown is a win it failed to find; one it calls lost would be a wrong proof (the player's
//! win was replayed through the reference rules when its study was made).

use patience_games::deal::{Deal, DealSource, Hook, make_deal};
use patience_games::game::{Notation, PlayerView, Pruning};
use patience_games::rules::FamilyRules;
use patience_games::variant::Rules;
use patience_games::with_rules;
use patience_solver::{Limits, Pipeline, Plan, Verdict, actions, shorten};
use rayon::prelude::*;

/// A deal the player won and the pipeline did not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exception {
    pub seed: u64,
    pub verdict: Verdict,
    pub states: u64,
}

/// Solves `seeds` (deals the player won) with the pipeline on `jobs` threads and returns those
/// it did not win, in seed order. Every win it finds is replayed through the reference rules (a
/// failure is an error: a bug, and the check must not pass on it).
pub fn check(rules: Rules, hook: Hook, seeds: &[u64], limits: Limits, plan: Plan, jobs: usize) -> anyhow::Result<Vec<Exception>> {
    with_rules!(rules, |r| check_games(seeds, hook, limits, plan, jobs, |d| r.deal_game(d), |d, line| patience_verify::replay(&rules, &r.layout(d), line)))
}

fn check_games<G, F, V>(seeds: &[u64], hook: Hook, limits: Limits, plan: Plan, jobs: usize, make: F, verify: V) -> anyhow::Result<Vec<Exception>>
where
    G: PlayerView + Notation,
    G::State: Default,
    F: Fn(&Deal) -> G + Sync,
    V: Fn(&Deal, &[patience_games::game::Action]) -> Result<(), String> + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let results: Vec<Result<Option<Exception>, String>> = pool.install(|| {
        seeds
            .par_iter()
            .map_init(
                || Pipeline::<G>::new(limits, plan),
                |pipeline, &seed| {
                    let deal = make_deal(&DealSource::Native(seed), hook).map_err(|e| e.to_string())?;
                    let game = make(&deal);
                    let r = pipeline.solve(&game, Pruning::ALL).result;
                    if r.verdict == Verdict::Won {
                        verify(&deal, &actions(&game, &shorten(&game, &r.moves))).map_err(|e| format!("seed {seed}: {e}"))?;
                        return Ok(None);
                    }
                    Ok(Some(Exception { seed, verdict: r.verdict, states: r.states }))
                },
            )
            .collect()
    });
    let mut out = vec![];
    for r in results {
        if let Some(e) = r.map_err(|e| anyhow::anyhow!("internal error: {e}"))? {
            out.push(e);
        }
    }
    Ok(out)
}
