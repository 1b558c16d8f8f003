//! The fingerprint table (the default) against the exact table on whole deals of every family:
//! the same search, move for move. A fingerprint collision would make the fingerprint search
//! skip a position the exact one expands, and show as a different state count (the differential
//! tests compare the two on small positions too, wins and losses).
//!
//! A family that computes a child's fingerprint without playing it ([`Game::child_fingerprint`])
//! is searched a third way, as [`PlayFirst`]: every child played before its lookup. The three
//! searches must agree move for move.

use patience_games::algerian::{Algerian, AlgerianRules};
use patience_games::alhambra::{Alhambra, AlhambraRules};
use patience_games::card::Kind;
use patience_games::deal::{Deal, DealSource, Hook, make_deal};
use patience_games::game::{Action, Game, MoveList, Notation, PlayerView, Pruning};
use patience_games::queen::{Queen, QueenRules};
use patience_games::quilt::{Quilt, QuiltRules};
use patience_games::variant::InFamily;
use patience_games::variant::Variant;
use patience_solver::{Limits, Verdict, solve};

/// `G` without its child fingerprints: the search plays every child before looking it up.
#[derive(Clone)]
struct PlayFirst<G>(G);

impl<G: Game> Game for PlayFirst<G> {
    type State = G::State;
    type Move = G::Move;
    fn start(&self) -> G::State {
        self.0.start()
    }
    fn is_won(&self, s: &G::State) -> bool {
        self.0.is_won(s)
    }
    fn moves(&self, s: &G::State, pruning: Pruning, out: &mut MoveList<G::Move>) {
        self.0.moves(s, pruning, out)
    }
    fn play(&self, s: &mut G::State, m: G::Move) {
        self.0.play(s, m)
    }
    fn hash(&self, s: &G::State) -> u64 {
        self.0.hash(s)
    }
    fn fingerprint(&self, s: &G::State, symmetry: bool) -> u128 {
        self.0.fingerprint(s, symmetry)
    }
    fn home_cards(&self, s: &G::State) -> u32 {
        self.0.home_cards(s)
    }
    fn is_dead(&self, s: &G::State) -> bool {
        self.0.is_dead(s)
    }
    fn is_dead_at_start(&self, s: &G::State) -> bool {
        self.0.is_dead_at_start(s)
    }
    fn canonical(&self, s: &G::State) -> G::State {
        self.0.canonical(s)
    }
    fn split_root(&self) -> bool {
        self.0.split_root()
    }
}

impl<G: PlayerView> PlayerView for PlayFirst<G> {
    fn unseen(&self, s: &G::State) -> Vec<Kind> {
        self.0.unseen(s)
    }
    fn with_unseen(&self, s: &G::State, order: &[Kind]) -> (Self, G::State) {
        let (g, s) = self.0.with_unseen(s, order);
        (PlayFirst(g), s)
    }
}

impl<G: Notation> Notation for PlayFirst<G> {
    fn action(&self, s: &G::State, m: G::Move) -> Action {
        self.0.action(s, m)
    }
    fn render(&self, moves: &[G::Move]) -> Vec<Action> {
        self.0.render(moves)
    }
}

fn same_search<G: Game + Clone>(name: &str, make: impl Fn(&Deal) -> G, hook: Hook) -> [usize; 3]
where
    G::State: Default,
{
    let limits =
        Limits { max_states: 30_000, max_time: None, table_bytes: 64 << 20, ..Limits::default() };
    let mut verdicts = [0; 3];
    for seed in 0..8 {
        let game = make(&make_deal(&DealSource::Native(seed), hook).unwrap());
        for pruning in [Pruning::ALL, Pruning::NONE] {
            let f = solve(&game, limits, pruning);
            let e = solve(&game, Limits { exact_table: true, ..limits }, pruning);
            assert_eq!(
                (f.verdict, f.states, f.expanded, &f.moves, f.stop),
                (e.verdict, e.states, e.expanded, &e.moves, e.stop),
                "{name} seed {seed} {pruning:?}"
            );
            if G::CHILD_FINGERPRINTS {
                let p = solve(&PlayFirst(game.clone()), limits, pruning);
                assert_eq!(
                    (f.verdict, f.states, f.expanded, &f.moves, f.stop),
                    (p.verdict, p.states, p.expanded, &p.moves, p.stop),
                    "{name} seed {seed} {pruning:?}: child fingerprints"
                );
            }
            verdicts[match f.verdict {
                Verdict::Won => 0,
                Verdict::Lost => 1,
                Verdict::Unknown => 2,
            }] += 1;
        }
    }
    verdicts
}

#[test]
fn alhambra_tables_agree() {
    same_search(
        "alhambra",
        |d| Alhambra::new(AlhambraRules::of(Variant::Alhambra), d),
        Hook::AcesKingsToTop,
    );
}

#[test]
fn crazy_quilt_tables_agree() {
    same_search(
        "crazy-quilt",
        |d| Quilt::new(QuiltRules::of(Variant::CrazyQuilt), d),
        Hook::AcesKingsToTop,
    );
}

#[test]
fn queen_of_italy_tables_agree() {
    // Symmetry (renaming piles) is where the two tables compute their keys differently: the
    // exact table sorts the piles, the fingerprint sums per-pile fingerprints.
    let v = same_search(
        "queen-of-italy",
        |d| Queen::new(QueenRules::of(Variant::QueenOfItaly), d),
        Hook::None,
    );
    assert!(v[0] > 0, "some wins compared: {v:?}");
}

#[test]
fn algerian_family_tables_agree() {
    let v = same_search(
        "algerian",
        |d| Algerian::new(AlgerianRules::of(Variant::Algerian), d),
        Hook::KingsToTop,
    );
    assert!(v[0] > 0, "{v:?}");
    same_search("carthage", |d| Algerian::new(AlgerianRules::of(Variant::Carthage), d), Hook::None);
}
