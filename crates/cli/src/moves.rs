//! `solve … --moves`: every legal move from the position, each with its verdict — it keeps the
//! win (with a winning line), it loses it (proved: no win after it), or unknown — under one
//! budget for the whole answer. A player learns which move forfeits the game before making it.
//!
//! Each move is played by the fast game, rendered with the moves the rules then make by
//! themselves, and replayed from the position by the reference rules, which give the position
//! after it; that position is decided by the same pipeline as `solve` (its loss tests, its wins
//! replayed through the reference rules), so a move called losing is as sound as a deal called
//! lost. The budget left is shared among the moves still to decide.

use crate::args::{Format, PlanArgs};
use crate::choice::GameChoice;
use crate::exit::{EXIT_LOST, EXIT_UNKNOWN, InternalError};
use crate::load::LoadedDeal;
use crate::report::JsonAction;
use anyhow::Result;
use patience_games::game::{Action, MoveList, Notation, PlayerView, Pruning};
use patience_games::layout::Layout;
use patience_games::rules::FamilyRules;
use patience_games::with_rules;
use patience_solver::{Limits, Pipeline, Verdict};
use patience_study::decide::{Shortening, decide_deal};
use serde::Serialize;
use std::time::{Duration, Instant};

/// What `--moves` needs besides the game.
pub struct MovesJob<'a> {
    pub choice: &'a GameChoice,
    pub loaded: &'a LoadedDeal,
    /// The whole answer's limits: `max_states` and `max_time` are shared among the moves.
    pub limits: Limits,
    pub plan: PlanArgs,
    pub pruning: Pruning,
    pub format: Format,
    pub threads: usize,
}

/// One legal move and what it leads to.
#[derive(Serialize)]
pub struct Choice {
    /// The move, in rule-book notation.
    #[serde(rename = "move")]
    pub action: String,
    /// `won` (the move keeps the win), `lost` (proved: no win after it) or `unknown`.
    pub verdict: &'static str,
    /// For a win: the move, the moves the rules make after it, and a winning line from there,
    /// replayed through the reference rules from the position.
    pub line: Vec<JsonAction>,
    /// Positions the move's decision examined.
    pub states: u64,
    /// The position after the move and the moves the rules then make (by the reference rules).
    #[serde(skip)]
    pub after: Layout,
}

#[derive(Serialize)]
struct MovesReport<'a> {
    game: &'static str,
    rules: String,
    deal: &'a str,
    layout: &'a Layout,
    /// The positions all the moves' decisions may examine together.
    max_states: u64,
    states: u64,
    seconds: f64,
    choices: &'a [Choice],
}

/// Decides every legal move of the job's position and prints them; exit 0 if a move keeps the
/// win, 1 if every move is proved to lose it (or there is none), 3 otherwise.
pub fn moves_and_report(job: MovesJob) -> Result<u8> {
    let layout = &job.loaded.layout;
    let started = Instant::now();
    let choices = decide_moves(&job)?;
    let states = choices.iter().map(|c| c.states).sum();
    let report = MovesReport {
        game: job.choice.info.name,
        rules: job.choice.rules.options_text(),
        deal: &job.loaded.name,
        layout,
        max_states: job.limits.max_states,
        states,
        seconds: started.elapsed().as_secs_f64(),
        choices: &choices,
    };
    match job.format {
        Format::Json => outln!("{}", serde_json::to_string(&report)?),
        Format::Text => out!("{}", report.to_text(&job.choice.rules.waste_names())),
    }
    let verdicts = || choices.iter().map(|c| c.verdict);
    Ok(if verdicts().any(|v| v == "won") {
        0
    } else if verdicts().all(|v| v == "lost") {
        EXIT_LOST
    } else {
        EXIT_UNKNOWN
    })
}

/// Every legal move of the job's position, each decided (in the order of the game's moves).
pub fn decide_moves(job: &MovesJob) -> Result<Vec<Choice>> {
    let layout = &job.loaded.layout;
    with_rules!(job.choice.rules, |r| job.choices(&r, &r.game(layout)?))
}

impl MovesJob<'_> {
    fn choices<F, G>(&self, rules: &F, game: &G) -> Result<Vec<Choice>>
    where
        F: FamilyRules<Game = G>,
        G: PlayerView + Notation,
        G::State: Default,
    {
        let start = game.start();
        let mut legal = MoveList::new();
        game.moves(&start, Pruning::NONE, &mut legal);
        let deadline = self.limits.max_time.map(|t| Instant::now() + t);
        let mut states_left = self.limits.max_states;
        let mut out = Vec::with_capacity(legal.len());
        for (i, &m) in legal.iter().enumerate() {
            let share = states_left / (legal.len() - i) as u64;
            let time = deadline
                .map(|d| d.saturating_duration_since(Instant::now()) / (legal.len() - i) as u32);
            let choice = self.decide_move(rules, game, m, share.max(1), time)?;
            states_left = states_left.saturating_sub(choice.states);
            out.push(choice);
        }
        Ok(out)
    }

    /// The position after move `m` (and the moves the rules then make), decided with `budget`
    /// positions.
    fn decide_move<F, G>(
        &self,
        rules: &F,
        game: &G,
        m: G::Move,
        budget: u64,
        time: Option<Duration>,
    ) -> Result<Choice>
    where
        F: FamilyRules<Game = G>,
        G: PlayerView + Notation,
        G::State: Default,
    {
        let internal = |e: String| anyhow::Error::new(InternalError(e));
        let first = game.render(&[m]);
        let (choice_rules, layout) = (&self.choice.rules, &self.loaded.layout);
        let moves = patience_verify::reference_moves(&first);
        let (after, _) =
            patience_verify::position_after(choice_rules, layout, &moves).map_err(internal)?;
        let child = rules.game(&after).map_err(|e| internal(e.to_string()))?;
        let limits = Limits { max_states: budget, max_time: time, ..self.limits };
        let plan = self.plan.plan(budget, self.choice.info)?;
        let mut pipeline = Pipeline::new(limits, plan).with_threads(self.threads);
        let decision = decide_deal(&mut pipeline, &child, self.pruning, Shortening::Full, |line| {
            patience_verify::replay(choice_rules, &after, line)
        })
        .map_err(internal)?;
        let result = decision.decided.result;
        let mut line = vec![];
        if result.verdict == Verdict::Won {
            line = first.iter().chain(&decision.line).copied().collect::<Vec<Action>>();
            // The whole line, from the position: what the player will follow.
            patience_verify::replay(choice_rules, layout, &line).map_err(internal)?;
        }
        Ok(Choice {
            action: first[0].to_string(),
            verdict: result.verdict.as_str(),
            line: line.into_iter().map(JsonAction).collect(),
            states: result.states,
            after,
        })
    }
}

impl MovesReport<'_> {
    fn to_text(&self, waste_names: &[String]) -> String {
        let mut out = format!("game: {}  ({})\n", self.game, self.deal);
        if !self.rules.is_empty() {
            out.push_str(&format!("rules: {}\n", self.rules));
        }
        out.push_str(&self.layout.to_text(waste_names));
        if self.choices.is_empty() {
            out.push_str("no legal move: the game is over here\n");
        } else {
            out.push_str(&format!(
                "{} legal moves ({} positions examined of {}, {:.3} s):\n",
                self.choices.len(),
                self.states,
                self.max_states,
                self.seconds
            ));
        }
        for (i, c) in self.choices.iter().enumerate() {
            let what = match c.verdict {
                "won" => format!("keeps the win ({} moves to the end, replayed)", c.line.len()),
                "lost" => "loses: after it no sequence of moves wins (proved)".to_string(),
                _ => "unknown: the budget ran out before it was decided".to_string(),
            };
            out.push_str(&format!("{:4}. {:<28} {what}\n", i + 1, c.action));
        }
        out
    }
}
