//! Players who see only what a person sees: every face-up card, how many cards the stock holds
//! and which cards are still unseen — but not their order.
//!
//! The fairness is structural: [`play`] never hands a player the real game. At each turn it
//! builds the player's *view*: the same visible position with the unseen cards put in sorted
//! order (a function of what the player knows), and the player decides on that. The chosen move
//! is then played on the real game, whose real stock order only shows as cards come face up.
//! So a decision cannot depend on the hidden order (tested: permuting it changes nothing).

use crate::{Limits, Solver, Verdict};
use ahash::AHashSet;
use patience_games::card::Kind;
use patience_games::game::{Game, MoveList, Notation, PlayerView, Pruning};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// A move and why it was chosen.
#[derive(Clone, Debug)]
pub struct Decision<M> {
    pub mv: M,
    pub reasoning: String,
}

/// The hashes of the visible positions already met in a game, each taken of its representative
/// under the family's symmetries ([`seen_key`]). Only ever asked and added to, never iterated
/// over, so its hasher (aHash, faster than std's SipHash) cannot change a decision.
pub type Visited = AHashSet<u64>;

/// What [`Visited`] records of a position: the hash of its representative (`Game::canonical`).
/// A position that differs from one already met only in which pile holds what is not new to a
/// player: without this, a player whose only "new" moves shift lone cards between empty piles
/// (queen-of-italy-open's end phase) would walk through their arrangements until its move limit.
pub fn seen_key<G: Game>(view: &G, s: &G::State) -> u64 {
    view.hash(&view.canonical(s))
}

/// A policy that decides from the view alone (see the module comment).
pub trait Player<G: Game> {
    /// The move to play in position `s` of `view`, or `None` to give up. `visited` holds the
    /// hashes of the visible positions already met in this game (to avoid going round in
    /// circles). Solver positions spent are added to `*states`.
    fn decide(
        &mut self,
        view: &G,
        s: &G::State,
        visited: &Visited,
        states: &mut u64,
    ) -> Option<Decision<G::Move>>;
}

/// The player's view of `s`: the unseen cards sorted.
pub fn view_of<G: PlayerView>(game: &G, s: &G::State) -> (G, G::State) {
    let mut unseen: Vec<Kind> = game.unseen(s);
    unseen.sort_by_key(|k| k.index());
    game.with_unseen(s, &unseen)
}

/// The result of one played deal.
#[derive(Clone, Debug)]
pub struct Played<M> {
    pub won: bool,
    pub moves: Vec<M>,
    pub reasoning: Vec<String>,
    /// Solver positions the player spent thinking.
    pub states: u64,
    pub max_home: u32,
}

/// Plays `game` with `player` until it is won, the player gives up, or `max_moves` are played.
pub fn play<G: PlayerView>(
    game: &G,
    player: &mut dyn Player<G>,
    max_moves: usize,
) -> Played<G::Move> {
    let mut s = game.start();
    let mut visited = Visited::default();
    let mut out = Played {
        won: false,
        moves: vec![],
        reasoning: vec![],
        states: 0,
        max_home: game.home_cards(&s),
    };
    while out.moves.len() < max_moves {
        if game.is_won(&s) {
            out.won = true;
            break;
        }
        let (view, vs) = view_of(game, &s);
        visited.insert(seen_key(&view, &vs));
        let Some(d) = player.decide(&view, &vs, &visited, &mut out.states) else { break };
        game.play(&mut s, d.mv);
        out.max_home = out.max_home.max(game.home_cards(&s));
        out.moves.push(d.mv);
        out.reasoning.push(d.reasoning);
    }
    out.won = game.is_won(&s);
    out
}

/// **Greedy**, the floor: (1) a move that wins at once; otherwise (2) the first legal move in
/// the family's own order — foundation moves first, then builds, then moves into empty spaces,
/// then deal, then redeal — that leads to a visible position not met before in this game;
/// (3) if every move leads back to a known position, it gives up.
pub struct Greedy;

impl<G: Game> Player<G> for Greedy {
    fn decide(
        &mut self,
        view: &G,
        s: &G::State,
        visited: &Visited,
        _: &mut u64,
    ) -> Option<Decision<G::Move>> {
        greedy_choice(view, s, visited).map(|(mv, why)| Decision { mv, reasoning: why.into() })
    }
}

fn greedy_choice<G: Game>(
    view: &G,
    s: &G::State,
    visited: &Visited,
) -> Option<(G::Move, &'static str)> {
    let mut list = MoveList::new();
    view.moves(s, Pruning::NONE, &mut list);
    let mut first_new = None;
    for &m in &list {
        let mut c = *s;
        view.play(&mut c, m);
        if view.is_won(&c) {
            return Some((m, "wins at once"));
        }
        if first_new.is_none() && !visited.contains(&seen_key(view, &c)) {
            first_new = Some(m);
        }
    }
    first_new.map(|m| (m, "first move to a new position"))
}

/// **Sampling** (determinized hindsight): at each decision with more than one legal move, deal
/// the unseen cards `samples` times in random orders consistent with what is known, decide each
/// candidate move's result in each sample with the thoughtful solver under `budget` positions,
/// and play the move that wins in the most samples (ties: the first, in move order, to a new
/// position; no wins at all: the greedy choice).
pub struct Sampling<G: Game> {
    pub samples: usize,
    pub budget: u64,
    /// Try every candidate even when one has already won every sample (for tests: the decisions
    /// must not change).
    pub try_all: bool,
    rng: ChaCha8Rng,
    solver: Solver<G>,
}

impl<G: Game> Sampling<G>
where
    G::State: Default,
{
    /// `seed` fixes the player's own shuffles (a study uses the deal's seed).
    pub fn new(samples: usize, budget: u64, seed: u64) -> Self {
        let limits = Limits {
            max_states: budget,
            max_time: None,
            table_bytes: 64 << 20,
            ..Limits::default()
        };
        Sampling {
            samples: samples.max(1),
            budget,
            try_all: false,
            rng: ChaCha8Rng::seed_from_u64(seed),
            solver: Solver::new(limits),
        }
    }
}

impl<G: PlayerView + Notation> Player<G> for Sampling<G>
where
    G::State: Default,
{
    fn decide(
        &mut self,
        view: &G,
        s: &G::State,
        visited: &Visited,
        states: &mut u64,
    ) -> Option<Decision<G::Move>> {
        let mut list = MoveList::new();
        view.moves(s, Pruning::NONE, &mut list);
        match list.len() {
            0 => return None,
            1 => return Some(Decision { mv: list[0], reasoning: "only move".into() }),
            _ => {}
        }
        let unseen = view.unseen(s);
        // With nothing hidden, one "sample" is the truth.
        let samples = if unseen.is_empty() { 1 } else { self.samples };
        // All orders are drawn first, in the same sequence as one per sample, so the player's
        // random stream does not depend on how many candidates get tried.
        let deals: Vec<(G, G::State)> = (0..samples)
            .map(|_| {
                let mut order = unseen.clone();
                order.shuffle(&mut self.rng);
                view.with_unseen(s, &order)
            })
            .collect();
        let new_position = |m: G::Move| {
            let mut c = *s;
            view.play(&mut c, m);
            !visited.contains(&seen_key(view, &c))
        };
        // Candidates are tried in list order, and the rule below plays the first move, in list
        // order, among those winning most often that leads to a new position (else the first of
        // them). Two shortcuts leave that decision unchanged (`try_all` turns them off for the
        // test that shows it):
        // - a move that wins every sample and leads to a new position is the choice whatever the
        //   later moves score (they can at best tie, and it comes first): the later ones are not
        //   tried;
        // - a move that can no longer reach the best count so far, even winning every sample
        //   left, can be neither the best nor tied with it: its remaining samples are skipped.
        let mut wins: Vec<usize> = Vec::with_capacity(list.len());
        let mut best = 0;
        let mut partial = false;
        for &m in list.iter() {
            let mut w = 0;
            for (j, (g, gs)) in deals.iter().enumerate() {
                if !self.try_all && w + (samples - j) < best {
                    partial = true;
                    break;
                }
                let mut c = *gs;
                g.play(&mut c, m);
                let won = g.is_won(&c) || {
                    let r = self.solver.solve_from(g, c, Pruning::ALL);
                    *states += r.states;
                    r.verdict == Verdict::Won
                };
                w += won as usize;
            }
            wins.push(w);
            best = best.max(w);
            if !self.try_all && w == samples && new_position(m) {
                break;
            }
        }
        let mut votes: Vec<String> = list
            .iter()
            .zip(&wins)
            .map(|(&m, w)| format!("{} {w}/{samples}", view.action(s, m)))
            .collect();
        if wins.len() < list.len() {
            votes.push(format!("{} more not tried", list.len() - wins.len()));
        }
        if partial {
            votes.push("(some counts stopped once they could not reach the best)".into());
        }
        let reasoning = format!("samples won per move: {}", votes.join(", "));
        if best == 0 {
            let (mv, why) = greedy_choice(view, s, visited)?;
            return Some(Decision { mv, reasoning: format!("{reasoning}; none wins, {why}") });
        }
        // Among the moves winning most often, prefer one to a new position.
        let top: Vec<usize> = (0..wins.len()).filter(|&i| wins[i] == best).collect();
        let i = top.iter().copied().find(|&i| new_position(list[i])).unwrap_or(top[0]);
        Some(Decision { mv: list[i], reasoning })
    }
}
