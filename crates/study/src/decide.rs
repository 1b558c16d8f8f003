//! Deciding one deal: the pipeline, then for a win its line shortened and replayed through the
//! reference rules. Every command that decides deals (`solve`, `study`, `bench`, the loss audit
//! and the dominance check) decides each one here, so none can publish a win that does not
//! replay.

use crate::clock::{Clock, Stopwatch};
use patience_games::deal::numbering::Dealing;
use patience_games::game::{Action, Notation, PlayerView, Pruning};
use patience_games::rules::FamilyRules;
use patience_games::variant::Rules;
use patience_games::with_rules;
use patience_solver::{Decided, Limits, Phase, Pipeline, Plan, Verdict, actions, shorten};
use rayon::prelude::*;

/// How far a win's line is shortened before it is replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortening {
    /// `shorten::quick`: what a study keeps (it only counts the moves).
    Quick,
    /// `shorten::shorten`: the line `solve` prints for a player to follow.
    Full,
}

/// A deal decided: the pipeline's result, a win's line, and what the deciding cost.
pub struct DealDecision<M> {
    pub decided: Decided<M>,
    /// A win's line, shortened and replayed through the reference rules (empty unless won).
    pub line: Vec<Action>,
    /// CPU seconds of the pipeline alone (what `bench` reports, so its log stays comparable) and
    /// the clock they were read from.
    pub solve_seconds: (f64, Clock),
    /// CPU seconds of all the deal cost: the pipeline, the shortening and the replay (what a
    /// study's rows report; for deals decided in a millisecond, the replay is most of it).
    pub total_seconds: (f64, Clock),
}

impl<M> DealDecision<M> {
    pub fn verdict(&self) -> Verdict {
        self.decided.result.verdict
    }
}

/// Decides `game` with `pipeline` (its tables kept for the next deal). A win's line is shortened
/// as `shortening` says and given to `replay` (the reference rules from the deal's layout); a
/// line that does not replay is an error, a bug that no command may pass over.
pub fn decide_deal<G, R>(
    pipeline: &mut Pipeline<G>,
    game: &G,
    pruning: Pruning,
    shortening: Shortening,
    replay: R,
) -> Result<DealDecision<G::Move>, String>
where
    G: PlayerView + Notation,
    G::State: Default,
    R: FnOnce(&[Action]) -> Result<(), String>,
{
    let clock = Stopwatch::start();
    let decided = pipeline.solve(game, pruning);
    let solve_seconds = clock.seconds();
    let mut line = vec![];
    if decided.result.verdict == Verdict::Won {
        let moves = match shortening {
            Shortening::Quick => shorten::quick(game, &decided.result.moves),
            Shortening::Full => shorten(game, &decided.result.moves),
        };
        line = actions(game, &moves);
        replay(&line).map_err(|e| format!("a win that does not replay: {e}"))?;
    }
    Ok(DealDecision { decided, line, solve_seconds, total_seconds: clock.seconds() })
}

/// What decides a set of numbered deals: the variant's rules, how its deals are dealt (the
/// numbering and the hook), the pipeline's limits and plan, the pruning, and the worker threads.
#[derive(Clone, Copy, Debug)]
pub struct Deciding {
    pub rules: Rules,
    pub dealing: Dealing,
    pub limits: Limits,
    pub plan: Plan,
    pub pruning: Pruning,
    pub jobs: usize,
}

impl Deciding {
    /// Decides native `seeds` on `self.jobs` threads (a pipeline each, its tables kept between
    /// deals), every win replayed; `keep` turns each decision into what the caller keeps, in the
    /// order of `seeds`. A win that fails to replay is an error naming its seed.
    pub fn decide_seeds<T, K>(&self, seeds: &[u64], keep: K) -> anyhow::Result<Vec<T>>
    where
        T: Send,
        K: Fn(u64, DealSolved) -> T + Sync,
    {
        with_rules!(self.rules, |r| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(self.jobs).build()?;
            let decided: Vec<Result<T, String>> = pool.install(|| {
                seeds
                    .par_iter()
                    .map_init(
                        || Pipeline::new(self.limits, self.plan),
                        |pipeline, &seed| {
                            let deal = self.dealing.deal(seed).map_err(|e| e.to_string())?;
                            // One layout serves the game and a win's replay.
                            let layout = r.layout(&deal);
                            let game = r.game(&layout).expect("a dealt layout is valid");
                            let replay = |line: &[Action]| {
                                patience_verify::replay(&self.rules, &layout, line)
                            };
                            let d = decide_deal(
                                pipeline,
                                &game,
                                self.pruning,
                                Shortening::Quick,
                                replay,
                            )
                            .map_err(|e| format!("seed {seed}: {e}"))?;
                            let result = &d.decided.result;
                            Ok(keep(
                                seed,
                                DealSolved {
                                    verdict: result.verdict,
                                    decided_by: d.decided.decided_by,
                                    states: result.states,
                                    expanded: result.expanded,
                                    solve_seconds: d.solve_seconds,
                                    table_bytes: pipeline.table_bytes(),
                                    table_len: pipeline.table_len(),
                                },
                            ))
                        },
                    )
                    .collect()
            });
            decided
                .into_iter()
                .map(|d| d.map_err(|e| anyhow::anyhow!("internal error: {e}")))
                .collect()
        })
    }
}

/// A native deal decided by [`Deciding::decide_seeds`]: what the audit, the dominance check and
/// the bench read of it.
#[derive(Clone, Copy, Debug)]
pub struct DealSolved {
    pub verdict: Verdict,
    pub decided_by: Option<Phase>,
    pub states: u64,
    pub expanded: u64,
    /// The pipeline's CPU seconds (not the replay's) and their clock.
    pub solve_seconds: (f64, Clock),
    /// The size of the worker's table after the deal, in bytes and positions.
    pub table_bytes: usize,
    pub table_len: usize,
}
