//! How a solved deal is printed: text for people, one JSON object for programs.

use crate::choice::GameChoice;
use patience_games::game::Action;
use patience_games::layout::Layout;
use patience_solver::{Decided, Phase, Plan, Stop};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// A move in the JSON solution: `{"from": "R3", "to": "W", "card": "5H"}`, `{"deal": true}`,
/// `{"redeal": true}` or `{"choose": "P2"}`; moves the rules make by themselves (gap fills, the
/// waste refilled from the stock) carry `"forced": true` and must be replayed as written.
pub struct JsonAction(pub Action);

impl Serialize for JsonAction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        match self.0 {
            Action::Card { from, to, card } => {
                m.serialize_entry("from", &from.to_string())?;
                m.serialize_entry("to", &to.to_string())?;
                m.serialize_entry("card", &card.to_string())?;
            }
            Action::Deal => m.serialize_entry("deal", &true)?,
            Action::Redeal => m.serialize_entry("redeal", &true)?,
            Action::Choose(p) => m.serialize_entry("choose", &p.to_string())?,
            Action::Fill { from, to, card } => {
                m.serialize_entry("from", &from.to_string())?;
                m.serialize_entry("to", &to.to_string())?;
                m.serialize_entry("card", &card.to_string())?;
                m.serialize_entry("forced", &true)?;
            }
            Action::AutoDeal => {
                m.serialize_entry("deal", &true)?;
                m.serialize_entry("forced", &true)?;
            }
        }
        m.end()
    }
}

#[derive(Serialize)]
pub struct SolveReport {
    pub game: &'static str,
    /// The rule options it was solved under, `name=value, …` (`Rules::options_text`).
    pub rules: String,
    pub deal: String,
    /// The talon of a deal; `null` for a position, which has none.
    pub talon: Option<String>,
    pub layout: Layout,
    pub verdict: &'static str,
    /// Why the search stopped when the verdict is unknown.
    pub stop: Option<&'static str>,
    pub states: u64,
    /// The pipeline phase that decided the deal (`probe`, `lookahead`, `hedged`, `search`; `null` when
    /// unknown).
    pub decided_by: Option<&'static str>,
    /// The pipeline's phases and budgets.
    pub pipeline: String,
    pub seconds: f64,
    pub states_per_second: f64,
    /// Set for a win: the solution replayed through the reference rules.
    pub verified: bool,
    pub moves: Vec<JsonAction>,
    /// `--position-after K`: the position after the solution's first K moves.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "position_json")]
    pub position: Option<(usize, Layout)>,
}

/// `{"after": K, "layout": {...}}`: what `--position` reads back (it prefers `position`'s layout).
fn position_json<S: Serializer>(
    position: &Option<(usize, Layout)>,
    s: S,
) -> Result<S::Ok, S::Error> {
    let (after, layout) = position.as_ref().expect("skipped when none");
    let mut m = s.serialize_map(Some(2))?;
    m.serialize_entry("after", after)?;
    m.serialize_entry("layout", layout)?;
    m.end()
}

impl SolveReport {
    /// The report of `choice`'s game (its name and rule options) solved.
    pub fn new<M>(
        choice: &GameChoice,
        deal: String,
        talon: Option<String>,
        layout: Layout,
        decided: &Decided<M>,
        plan: Plan,
        actions: Vec<Action>,
    ) -> Self {
        let (result, decided_by) = (&decided.result, decided.decided_by);
        let seconds = result.elapsed.as_secs_f64();
        SolveReport {
            game: choice.info.name,
            rules: choice.rules.options_text(),
            deal,
            talon,
            layout,
            verdict: result.verdict.as_str(),
            stop: result.stop.map(Stop::as_str),
            states: result.states,
            decided_by: decided_by.map(Phase::as_str),
            pipeline: plan.describe(),
            seconds,
            states_per_second: if seconds > 0.0 { result.states as f64 / seconds } else { 0.0 },
            verified: false,
            moves: actions.into_iter().map(JsonAction).collect(),
            position: None,
        }
    }

    pub fn to_text(&self, waste_names: &[String]) -> String {
        let mut out = format!("game: {}  ({})\n", self.game, self.deal);
        if !self.rules.is_empty() {
            out.push_str(&format!("rules: {}\n", self.rules));
        }
        out.push_str(&self.layout.to_text(waste_names));
        let verdict = match (self.verdict, self.stop) {
            ("won", _) => format!(
                "won in {} moves{}",
                self.moves.len(),
                if self.verified { " (replayed through the reference rules)" } else { "" }
            ),
            ("lost", _) => {
                "lost: no sequence of moves wins (every reachable position was searched)"
                    .to_string()
            }
            (_, Some(why)) => {
                format!("unknown: the {why} stopped the search before it decided the deal")
            }
            (v, None) => v.to_string(),
        };
        out.push_str(&format!("verdict: {verdict}\n"));
        if let Some(phase) = self.decided_by {
            out.push_str(&format!("decided by: {phase}  (pipeline: {})\n", self.pipeline));
        }
        out.push_str(&format!(
            "states: {}   time: {:.3} s   ({:.2} M states/s)\n",
            self.states,
            self.seconds,
            self.states_per_second / 1e6
        ));
        if !self.moves.is_empty() {
            out.push_str("solution:\n");
            for (i, m) in self.moves.iter().enumerate() {
                out.push_str(&format!("{:4}. {}\n", i + 1, m.0));
            }
        }
        if let Some((after, layout)) = &self.position {
            out.push_str(&format!("position after {after} moves (by the reference rules):\n"));
            out.push_str(&layout.to_text(waste_names));
        }
        out
    }
}

/// `solve --hint`: the first move of a winning line (with the moves the rules then make by
/// themselves), or that there is none (proved), or that the search could not tell.
#[derive(Serialize)]
pub struct HintReport {
    pub game: &'static str,
    /// As in [`SolveReport`].
    pub rules: String,
    pub deal: String,
    pub verdict: &'static str,
    pub stop: Option<&'static str>,
    pub states: u64,
    pub verified: bool,
    /// The move to play; `null` unless the verdict is won.
    pub hint: Option<JsonAction>,
    /// Moves the rules make by themselves right after it (gap fills, the waste refilled).
    pub then_forced: Vec<JsonAction>,
}

impl HintReport {
    pub fn of(report: &SolveReport, solution: &[Action]) -> Self {
        let hint = solution.first().copied();
        let then_forced = solution
            .iter()
            .skip(1)
            .take_while(|a| a.is_forced())
            .copied()
            .map(JsonAction)
            .collect();
        HintReport {
            game: report.game,
            rules: report.rules.clone(),
            deal: report.deal.clone(),
            verdict: report.verdict,
            stop: report.stop,
            states: report.states,
            verified: report.verified,
            hint: hint.map(JsonAction),
            then_forced,
        }
    }

    pub fn to_text(&self) -> String {
        let mut out = format!("game: {}  ({})\n", self.game, self.deal);
        if !self.rules.is_empty() {
            out.push_str(&format!("rules: {}\n", self.rules));
        }
        match (&self.hint, self.verdict, self.stop) {
            (Some(JsonAction(a)), _, _) => {
                out.push_str(&format!("hint: {a}\n"));
                for JsonAction(f) in &self.then_forced {
                    out.push_str(&format!("      then {f}\n"));
                }
                out.push_str("a win follows (its line replayed through the reference rules)\n");
            }
            (None, "won", _) => out.push_str("already won: nothing to play\n"),
            (None, "lost", _) => out.push_str("no win from here: every reachable position was searched\n"),
            (None, _, Some(why)) => out.push_str(&format!("unknown: the {why} stopped the search before it found a win or proved there is none\n")),
            (None, v, None) => out.push_str(&format!("{v}\n")),
        }
        out.push_str(&format!("states: {}\n", self.states));
        out
    }
}
