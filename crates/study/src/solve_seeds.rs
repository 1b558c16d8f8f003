//! Native seeds solved by the pipeline in parallel, every win replayed through the reference
//! rules: what the dominance check and the loss audit both run, each keeping the deals it reports.

use patience_games::deal::{Deal, DealSource, Hook, make_deal};
use patience_games::game::{Notation, PlayerView, Pruning};
use patience_games::rules::FamilyRules;
use patience_games::variant::Rules;
use patience_games::with_rules;
use patience_solver::{Limits, Phase, Pipeline, Plan, Verdict, actions, shorten};
use rayon::prelude::*;

/// One deal's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    pub seed: u64,
    pub verdict: Verdict,
    pub decided_by: Option<Phase>,
    pub states: u64,
}

/// Solves `seeds` with the pipeline (`limits`, `plan`, `pruning`) on `jobs` threads; the
/// outcomes in seed order. A win that fails to replay is an error (a bug: no check may pass on
/// it).
pub fn solve_seeds(
    rules: Rules,
    hook: Hook,
    seeds: &[u64],
    limits: Limits,
    plan: Plan,
    pruning: Pruning,
    jobs: usize,
) -> anyhow::Result<Vec<Solved>> {
    with_rules!(rules, |r| solve_games(
        seeds,
        hook,
        limits,
        plan,
        pruning,
        jobs,
        |d| r.deal_game(d),
        |d, line| patience_verify::replay(&rules, &r.layout(d), line)
    ))
}

#[allow(clippy::too_many_arguments)]
fn solve_games<G, F, V>(
    seeds: &[u64],
    hook: Hook,
    limits: Limits,
    plan: Plan,
    pruning: Pruning,
    jobs: usize,
    make: F,
    verify: V,
) -> anyhow::Result<Vec<Solved>>
where
    G: PlayerView + Notation,
    G::State: Default,
    F: Fn(&Deal) -> G + Sync,
    V: Fn(&Deal, &[patience_games::game::Action]) -> Result<(), String> + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let results: Vec<Result<Solved, String>> = pool.install(|| {
        seeds
            .par_iter()
            .map_init(
                || Pipeline::<G>::new(limits, plan),
                |pipeline, &seed| {
                    let deal =
                        make_deal(&DealSource::Native(seed), hook).map_err(|e| e.to_string())?;
                    let game = make(&deal);
                    let d = pipeline.solve(&game, pruning);
                    let r = d.result;
                    if r.verdict == Verdict::Won {
                        verify(&deal, &actions(&game, &shorten::quick(&game, &r.moves)))
                            .map_err(|e| format!("seed {seed}: a win that does not replay: {e}"))?;
                    }
                    Ok(Solved {
                        seed,
                        verdict: r.verdict,
                        decided_by: d.decided_by,
                        states: r.states,
                    })
                },
            )
            .collect()
    });
    results.into_iter().map(|r| r.map_err(|e| anyhow::anyhow!("internal error: {e}"))).collect()
}
