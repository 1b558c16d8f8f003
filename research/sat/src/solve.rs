//! Solving a position with CaDiCaL under a deterministic conflict budget, and decoding a model
//! into a solution that the reference rules must replay before it is reported as won.

use crate::model::{Encoding, Model, encode};
use crate::problem::Problem;
use patience_games::alhambra::AlhambraRules;
use patience_games::layout::Layout;
use patience_games::variant::Rules;
use patience_reference::Move;
use rustsat::solvers::{GetInternalStats, Solve, SolverResult};
use rustsat::types::{Lit, TernaryVal};
pub use rustsat_cadical::Config;
use rustsat_cadical::{CaDiCaL, Limit};

/// The answer of the SAT model for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatVerdict {
    /// A solution from the layout, replayed through the reference rules.
    Won(Vec<Move>),
    /// The formula is unsatisfiable: no winning game exists within the proven horizon.
    Lost,
    /// The conflict budget ran out.
    Unknown,
}

/// One run: the verdict, which phase gave it, and what it cost (summed over the phases).
#[derive(Clone, Debug)]
pub struct SatRun {
    pub verdict: SatVerdict,
    /// "relaxed" (R-wild proved the loss) or "full".
    pub phase: &'static str,
    pub horizon: usize,
    pub vars: u32,
    pub clauses: usize,
    pub conflicts: usize,
    pub decisions: usize,
    pub propagations: usize,
}

/// Deterministic budgets, in conflicts, of the two phases: the relaxation R-wild (which can
/// only prove a loss), then the full model. A phase with 0 is skipped.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub relaxed: u64,
    pub full: u64,
    /// CaDiCaL's configuration for both phases.
    pub config: Config,
}

/// Decides `layout` (a position of `alhambra` under `rules`): R-wild first, then the full model
/// (with `enc`'s ordering of commuting moves in both). An error is a layout the model does not
/// take, or a model whose decoding the reference rules refuse (an encoding bug: never reported
/// as a verdict).
pub fn solve(rules: &AlhambraRules, layout: &Layout, enc: Encoding, budget: Budget) -> Result<SatRun, String> {
    let problem = Problem::new(rules, layout)?;
    let mut run = SatRun { verdict: SatVerdict::Unknown, phase: "full", horizon: problem.horizon(), vars: 0, clauses: 0, conflicts: 0, decisions: 0, propagations: 0 };
    for (relax, conflicts) in [(true, budget.relaxed), (false, budget.full)] {
        if conflicts == 0 {
            continue;
        }
        let mut solver = CaDiCaL::default();
        solver.set_configuration(budget.config).map_err(|e| e.to_string())?;
        let model = encode(&problem, Encoding { relax_built: relax, ..enc }, &mut solver);
        let limit = i32::try_from(conflicts).unwrap_or(i32::MAX);
        solver.set_limit(Limit::Conflicts(limit)).map_err(|e| e.to_string())?;
        let result = solver.solve().map_err(|e| e.to_string())?;
        run.vars = run.vars.max(model.vars);
        run.clauses = run.clauses.max(model.clauses);
        run.conflicts += solver.conflicts();
        run.decisions += solver.decisions();
        run.propagations += solver.propagations();
        run.phase = if relax { "relaxed" } else { "full" };
        match result {
            SolverResult::Unsat => {
                run.verdict = SatVerdict::Lost;
                return Ok(run);
            }
            SolverResult::Sat if !relax => {
                let moves = decode(&problem, &model, &solver)?;
                patience_verify::reference_game(&Rules::Alhambra(*rules), layout)?
                    .replay(&moves)
                    .map_err(|e| format!("the SAT model's solution fails the reference rules at move {}: {}", e.index + 1, e.reason))?;
                run.verdict = SatVerdict::Won(moves);
                return Ok(run);
            }
            // A relaxed model need not be a real game: the full model decides.
            SolverResult::Sat | SolverResult::Interrupted => {}
        }
    }
    Ok(run)
}

/// The moves of a satisfying assignment: each step's deals (the cards in play newly left of the
/// cursor), then its action, until the padding that follows the win.
fn decode(problem: &Problem, model: &Model, solver: &CaDiCaL) -> Result<Vec<Move>, String> {
    let val = |l: Lit| -> Result<bool, String> { Ok(solver.lit_val(l).map_err(|e| e.to_string())? == TernaryVal::True) };
    let cards = problem.cards();
    let (m, nx) = (model.m, model.nx);
    let mut moves = vec![];
    for t in 1..=model.horizon {
        let a = t - 1;
        let foundation = |c: usize| -> Result<String, String> {
            let s = cards[c].0.suit() as usize;
            Ok(format!("F{}", if val(model.up[t][s])? { s } else { 4 + s }))
        };
        let mut action = None;
        for x in 0..nx {
            if val(model.rh[t][x])? {
                action = Some(Move::card(&format!("R{}", model.pile_of[x]), &foundation(m + x)?));
            } else if val(model.rw[t][x])? {
                action = Some(Move::card(&format!("R{}", model.pile_of[x]), "W"));
            }
        }
        for c in 0..m + nx {
            if val(model.wh[t][c])? {
                action = Some(Move::card("W", &foundation(c)?));
            }
        }
        if val(model.rd[t])? {
            action = Some(Move::Redeal);
        }
        let Some(action) = action else { break };
        let mut deals = 0;
        for i in 0..m {
            if val(model.cutp[t][i])? && !val(model.cut[a][i])? && !val(model.home[a][i])? {
                deals += 1;
            }
        }
        for x in 0..nx {
            if val(model.wzp[t][x])? && val(model.sz[a][x])? {
                deals += 1;
            }
        }
        moves.extend(std::iter::repeat_n(Move::Deal, deals));
        moves.push(action);
    }
    Ok(moves)
}
