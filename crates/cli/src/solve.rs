//! `patience solve`: one deal decided and reported, or played by a player that cannot see the
//! stock.

use crate::args::Format;
use crate::choice::GameChoice;
use crate::exit::{EXIT_LOST, EXIT_UNKNOWN, InternalError};
use crate::load::LoadedDeal;
use crate::report::{self, SolveReport};
use anyhow::{Result, bail};
use patience_games::game::{Action, Notation, PlayerView, Pruning};
use patience_games::rules::FamilyRules;
use patience_games::with_rules;
use patience_solver::{Limits, Pipeline, Plan, Verdict, actions};
use patience_study::decide::{Shortening, decide_deal};

/// Solves the job's game, built from its layout through the one dispatch.
pub fn solve_and_report(job: SolveJob) -> Result<u8> {
    let layout = job.layout;
    with_rules!(job.choice.rules, |r| job.run(&r.game(layout)?))
}

/// `solve --player greedy|sampling`: one deal played by a player that cannot see the stock,
/// each move with the player's reasoning. Exit 0 if the player won, 1 if it did not (which
/// proves nothing about the deal).
pub fn play_and_report(
    choice: &GameChoice,
    loaded: &LoadedDeal,
    player: patience_study::PlayerKind,
    format: Format,
) -> Result<u8> {
    with_rules!(choice.rules, |r| play_report(
        choice,
        loaded,
        player,
        format,
        &r.game(&loaded.layout)?
    ))
}

fn play_report<G: PlayerView + Notation>(
    choice: &GameChoice,
    loaded: &LoadedDeal,
    player: patience_study::PlayerKind,
    format: Format,
    game: &G,
) -> Result<u8>
where
    G::State: Default,
{
    let deal_name = &loaded.name;
    let talon = loaded.deal.as_ref().map(|d| d.to_text());
    // The sampling player's shuffles are seeded by the deal's seed, as in a study (0 for a deal
    // that has none).
    let seed = loaded.seed.unwrap_or(0);
    let started = std::time::Instant::now();
    let r = player.play(game, seed);
    let line = actions(game, &r.moves);
    if r.won {
        patience_verify::replay(&choice.rules, &loaded.layout, &line)
            .map_err(|e| anyhow::Error::new(InternalError(e)))?;
    }
    // Each player move in rule-book notation (the rendered line has exactly one unforced action
    // per move), with the reasoning behind it.
    let decisions: Vec<(String, String)> = line
        .iter()
        .filter(|a| !a.is_forced())
        .zip(&r.reasoning)
        .map(|(a, why)| (a.to_string(), why.clone()))
        .collect();
    match format {
        Format::Text => {
            outln!("game: {}  ({deal_name})\nplayer: {}", choice.info.name, player.describe());
            let verdict = if r.won {
                "won by the player (replayed through the reference rules)"
            } else {
                "not won by the player (this proves nothing about the deal)"
            };
            outln!(
                "verdict: {verdict} after {} moves; {} solver positions spent thinking; {:.3} s",
                r.moves.len(),
                r.states,
                started.elapsed().as_secs_f64()
            );
            for (i, (a, why)) in decisions.iter().enumerate() {
                outln!("{:4}. {a:<28} {why}", i + 1);
            }
        }
        Format::Json => {
            let moves: Vec<report::JsonAction> =
                line.iter().map(|&a| report::JsonAction(a)).collect();
            let decisions: Vec<_> = decisions
                .iter()
                .map(|(a, why)| serde_json::json!({"move": a, "reasoning": why}))
                .collect();
            outln!(
                "{}",
                serde_json::json!({"game": choice.info.name, "deal": deal_name, "talon": talon, "player": player.describe(),
                    "won": r.won, "states": r.states, "moves": moves, "decisions": decisions})
            );
        }
    }
    Ok(if r.won { 0 } else { EXIT_LOST })
}

pub struct SolveJob<'a> {
    pub choice: &'a GameChoice,
    pub loaded: &'a LoadedDeal,
    pub layout: &'a patience_games::layout::Layout,
    pub limits: Limits,
    pub plan: Plan,
    pub pruning: Pruning,
    pub format: Format,
    pub hint: bool,
    pub position_after: Option<usize>,
    pub threads: usize,
}

impl SolveJob<'_> {
    /// The position after the first `k` chosen moves of `solution` and the forced ones that
    /// follow them, by the reference rules.
    fn position_after(
        &self,
        solution: &[Action],
        k: usize,
    ) -> Result<(usize, patience_games::layout::Layout)> {
        let chosen = solution.iter().filter(|a| !a.is_forced()).count();
        if k > chosen {
            bail!("--position-after {k}: the solution has {chosen} moves");
        }
        // Just past the k-th chosen move, then past the forced moves it brings.
        let mut end = match k {
            0 => 0,
            _ => solution
                .iter()
                .enumerate()
                .filter(|(_, a)| !a.is_forced())
                .nth(k - 1)
                .map_or(0, |(i, _)| i + 1),
        };
        while k > 0 && end < solution.len() && solution[end].is_forced() {
            end += 1;
        }
        let moves = patience_verify::reference_moves(&solution[..end]);
        let (layout, _) = patience_verify::position_after(&self.choice.rules, self.layout, &moves)
            .map_err(|e| anyhow::Error::new(InternalError(e)))?;
        Ok((k, layout))
    }

    /// Solves, replays a win through the reference rules, prints, and gives the exit code.
    fn run<G: PlayerView + Notation>(self, game: &G) -> Result<u8>
    where
        G::State: Default,
    {
        let mut pipeline = Pipeline::new(self.limits, self.plan).with_threads(self.threads);
        let (rules, layout) = (&self.choice.rules, self.layout);
        let decision = decide_deal(&mut pipeline, game, self.pruning, Shortening::Full, |line| {
            patience_verify::replay(rules, layout, line)
        })
        .map_err(|e| anyhow::Error::new(InternalError(e)))?;
        let solution = decision.line;
        let decided = decision.decided;
        let mut report = SolveReport::new(
            self.choice,
            self.loaded.name.clone(),
            self.loaded.deal.as_ref().map(|d| d.to_text()),
            self.layout.clone(),
            &decided,
            self.plan,
            solution.clone(),
        );
        let result = decided.result;
        if result.verdict == Verdict::Won {
            report.verified = true;
            if let Some(k) = self.position_after {
                report.position = Some(self.position_after(&solution, k)?);
            }
        }
        match (self.format, self.hint) {
            (Format::Text, false) => out!("{}", report.to_text(&self.choice.rules.waste_names())),
            (Format::Json, false) => outln!("{}", serde_json::to_string(&report)?),
            (Format::Text, true) => {
                out!("{}", report::HintReport::of(&report, &solution).to_text())
            }
            (Format::Json, true) => {
                outln!("{}", serde_json::to_string(&report::HintReport::of(&report, &solution))?)
            }
        }
        Ok(match result.verdict {
            Verdict::Won => 0,
            Verdict::Lost => EXIT_LOST,
            Verdict::Unknown => EXIT_UNKNOWN,
        })
    }
}
