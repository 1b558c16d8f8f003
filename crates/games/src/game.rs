//! The traits every game family implements: [`Game`], what the search needs; [`PlayerView`],
//! what players that cannot see the stock need; [`Notation`], moves in rule-book notation. And
//! the names of piles and actions that solutions are written in (RULES.md §0).

use crate::card::Kind;
use arrayvec::ArrayVec;
use std::fmt;

/// Room for every legal move of any position of any family. The largest family is Algerian:
/// 22 sources (8 depots, 6 reserves, 8 foundations), each to at most 2 foundations, 8 depots and
/// 6 reserves, plus the deal: 353. Only one such list exists per search (the search stack keeps
/// the moves in a shared arena), so the room costs nothing per level.
pub const MAX_MOVES: usize = 384;
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// `MAX_MOVES` slots of the search's move arena, where [`Game::moves_into`] writes a position's
/// moves in place.
pub type MoveWindow<M> = [M; MAX_MOVES];

/// Where a move generator writes: a [`MoveList`], or a [`MoveWindow`] being filled from its
/// front ([`WindowFill`]). Both are bounded: a push may fail.
pub trait MoveOut<M> {
    /// Appends `m`; `false` if there was no room for it.
    fn put(&mut self, m: M) -> bool;
}

impl<M> MoveOut<M> for MoveList<M> {
    #[inline(always)]
    fn put(&mut self, m: M) -> bool {
        self.try_push(m).is_ok()
    }
}

/// A [`MoveWindow`] filled from its front: `len` moves so far.
pub struct WindowFill<'a, M> {
    pub slots: &'a mut MoveWindow<M>,
    pub len: usize,
}

impl<M> MoveOut<M> for WindowFill<'_, M> {
    #[inline(always)]
    fn put(&mut self, m: M) -> bool {
        let Some(slot) = self.slots.get_mut(self.len) else { return false };
        *slot = m;
        self.len += 1;
        true
    }
}

/// Which sound loss-proving techniques a search may use. Each one has its soundness argument
/// next to its code; the differential tests run the fast solver both with and without them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pruning {
    /// Reject positions a dead-position test proves lost.
    pub dead_positions: bool,
    /// Generate only a forced move where a dominance argument shows it loses no win.
    pub forced_moves: bool,
    /// Partial-order reduction: explore only one order of moves that commute.
    pub partial_order: bool,
    /// Explore one of several positions that are the same up to a symmetry of the rules.
    pub symmetry: bool,
}

impl Pruning {
    pub const ALL: Pruning =
        Pruning { dead_positions: true, forced_moves: true, partial_order: true, symmetry: true };
    pub const NONE: Pruning = Pruning {
        dead_positions: false,
        forced_moves: false,
        partial_order: false,
        symmetry: false,
    };
}

/// A game with its deal: the rules plus whatever of the deal never changes during play.
/// (`Clone + Send`, and plain-data positions and moves: one deal may be searched by several
/// threads, each with its own copy of the game, which may keep caches of its own.)
pub trait Game: Clone + Send {
    /// A position: compact, exact, and usable as the transposition-table key.
    type State: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync;
    /// (`Default`: a filler for the arena's unused slots, never played.)
    type Move: Copy + Eq + fmt::Debug + Default + Send + Sync;

    fn start(&self) -> Self::State;
    fn is_won(&self, s: &Self::State) -> bool;
    /// The legal moves, best first, reduced by `pruning` where that is sound: `out`'s contents
    /// are replaced (what it held before is dropped).
    fn moves(&self, s: &Self::State, pruning: Pruning, out: &mut MoveList<Self::Move>);
    /// Writes the moves of `s`, the same list as [`Game::moves`], to the front of `out` and
    /// returns how many: the search generates in place in its move arena through this. The
    /// default generates into `scratch` (a list kept by the caller, so as not to set up a new
    /// one a position) and copies it; a family may write to `out` directly ([`WindowFill`]: the
    /// copy is a `memcpy` call and some bookkeeping, about 40 instructions a position expanded).
    #[inline(always)]
    fn moves_into(
        &self,
        s: &Self::State,
        pruning: Pruning,
        scratch: &mut MoveList<Self::Move>,
        out: &mut MoveWindow<Self::Move>,
    ) -> usize {
        // (`moves` replaces the list's contents: no clearing here.)
        self.moves(s, pruning, scratch);
        out[..scratch.len()].copy_from_slice(scratch);
        scratch.len()
    }
    fn play(&self, s: &mut Self::State, m: Self::Move);
    /// `*dst = *src`. A family whose position is bigger than 128 bytes may copy it field by
    /// field: each field's copy (of fields up to 128 bytes) compiles to a few vector moves in
    /// place, where a copy of the whole struct is a call to `memcpy` (the search copies a
    /// position, through this, for every new child; `state.rs` of the Algerian family measured
    /// the call from 144 bytes on).
    #[inline(always)]
    fn copy_position(&self, dst: &mut Self::State, src: &Self::State) {
        *dst = *src;
    }
    /// A well-mixed 64-bit hash of the position (maintained incrementally where it pays).
    fn hash(&self, s: &Self::State) -> u64;
    /// The 128-bit fingerprint the transposition table stores (`fingerprint.rs`): of the
    /// position's symmetry class (the class [`Game::canonical`] picks a representative of) when
    /// `symmetry`, of the position itself otherwise. A function of that key alone: equal keys,
    /// equal fingerprints.
    fn fingerprint(&self, s: &Self::State, symmetry: bool) -> u128;
    /// Whether [`Game::child_fingerprint`] ever answers (a constant, so that a search of a family
    /// without it compiles to the plain play-then-look-up loop).
    const CHILD_FINGERPRINTS: bool = false;
    /// `Some(self.fingerprint(&child, symmetry))`, where `child` is `s` after `m`, for a family
    /// that can compute it from `s` and `m` alone more cheaply than by playing `m`; `None` where it
    /// cannot (this default). A search probes its table with it first and plays `m` only when the
    /// child is new: most children of a deep search are positions met before.
    fn child_fingerprint(&self, _s: &Self::State, _m: Self::Move, _symmetry: bool) -> Option<u128> {
        None
    }
    /// [`Game::play`] of a move whose child's fingerprint `child_fingerprint` gave as `fp` (its
    /// lowest bit possibly changed: a table ignores that bit, and a search may use it). A family
    /// that keeps its fingerprint in the state takes it from here instead of computing it again.
    fn play_fingerprinted(&self, s: &mut Self::State, m: Self::Move, _fp: u128) {
        self.play(s, m)
    }
    /// Cards on the foundations (for studies: how far a lost or unknown deal got).
    fn home_cards(&self, s: &Self::State) -> u32;
    /// A sound test: `true` only if no sequence of moves from `s` wins.
    fn is_dead(&self, _s: &Self::State) -> bool {
        false
    }
    /// The same for the position a search starts from, asked once: a family may add a test too
    /// costly for every position (the across-pass bound of `passes.rs`).
    fn is_dead_at_start(&self, s: &Self::State) -> bool {
        self.is_dead(s)
    }

    /// The representative of `s`'s class under the family's symmetries: two positions with the
    /// same representative have the same future up to renaming piles, so a search with
    /// `Pruning::symmetry` stores and looks up only representatives (the position searched on
    /// stays the real one, so moves keep naming real piles).
    fn canonical(&self, s: &Self::State) -> Self::State {
        *s
    }

    /// Whether the start position's moves are an opening choice to be searched branch by branch
    /// (the Queen of Italy family), each branch with its own growing budget.
    fn split_root(&self) -> bool {
        false
    }

    /// The same position under *stricter* rules, where a family has them: rules whose every
    /// winning line, with the moves those rules make by themselves written out, is a winning
    /// line here (queen-of-italy's forced fills for queen-of-italy-open). Its smaller space
    /// can find wins sooner (`patience_solver::pipeline`'s stricter phase); a loss there says
    /// nothing here. `None` (the default): no such rules.
    fn stricter(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }

    /// A winning line of [`Game::stricter`]'s game as a line of this one (`None` if it is not
    /// one, which a correct `stricter` never gives): see [`lift_line`].
    fn lift_from_stricter(&self, _strict: &Self, _moves: &[Self::Move]) -> Option<Vec<Self::Move>>
    where
        Self: Sized,
    {
        None
    }
}

/// A winning line of `strict` (a game of the same position under stricter rules, in which the
/// rules make some moves by themselves) as a line of `loose`: the line is written in rule-book
/// notation, each move the stricter rules made by themselves becomes the player's move it is
/// under the looser ones (a forced fill a card move, a forced deal a deal), and each step is
/// matched with a legal move of `loose` that is written the same (any foundation counting as
/// any other: the families that use this treat foundations as interchangeable). `None` unless
/// every step matches and the line wins in `loose`; the caller still replays the line through
/// the reference rules, as every win.
pub fn lift_line<G: Game + Notation>(
    loose: &G,
    strict: &G,
    moves: &[G::Move],
) -> Option<Vec<G::Move>> {
    let loose_form = |a: Action| match a {
        Action::Fill { from, to, card } | Action::Card { from, to, card } => {
            let any =
                |p: Pile| if matches!(p, Pile::Foundation(_)) { Pile::AnyFoundation } else { p };
            Action::Card { from: any(from), to: any(to), card }
        }
        Action::AutoDeal => Action::Deal,
        other => other,
    };
    let mut s = loose.start();
    let mut list = MoveList::new();
    let mut line = Vec::with_capacity(moves.len() * 2);
    for a in strict.render(moves) {
        let a = loose_form(a);
        loose.moves(&s, Pruning::NONE, &mut list);
        let &m = list.iter().find(|&&m| loose_form(loose.action(&s, m)) == a)?;
        loose.play(&mut s, m);
        line.push(m);
    }
    loose.is_won(&s).then_some(line)
}

/// The *home-first streamliner* of a stricter game (`Game::stricter`): where `moves` holds a
/// move home (`home`), only those are kept. The game's rules with fewer moves to choose from,
/// so each of its lines is a line of the game and each of its wins a win; it loses wins (a card
/// sent home may be one a line needed elsewhere), which is why only its wins count.
pub fn keep_home_moves<M: Copy>(moves: &mut MoveList<M>, home: impl Fn(M) -> bool) {
    if moves.iter().any(|&m| home(m)) {
        moves.retain(|m| home(*m));
    }
}

/// `moves` as they are, where they win `game` when played from its start: the lift of a
/// stricter game that shares this one's positions and moves and only generates fewer of them
/// (`None` if the line does not win here).
pub fn same_line_if_won<G: Game>(game: &G, moves: &[G::Move]) -> Option<Vec<G::Move>> {
    let mut s = game.start();
    for &m in moves {
        game.play(&mut s, m);
    }
    game.is_won(&s).then(|| moves.to_vec())
}

/// What a player that cannot see the stock's order uses (`patience_solver::player`): the cards
/// it cannot see, and the positions it cannot tell apart from the real one. The search never
/// needs this.
pub trait PlayerView: Game {
    /// The cards whose order a player cannot see: the stock not yet dealt, while it has never
    /// been turned (after a redeal every stock card has been seen on the waste). Listed in the
    /// order they will come; a fair player may use the multiset, never this order.
    fn unseen(&self, s: &Self::State) -> Vec<Kind>;

    /// The same visible position with the unseen cards in `order` instead (next to come first;
    /// `order` is a permutation of [`PlayerView::unseen`]): what a player who knows only what is
    /// face up cannot tell apart from `s`.
    fn with_unseen(&self, s: &Self::State, order: &[Kind]) -> (Self, Self::State)
    where
        Self: Sized;
}

/// Moves written in rule-book notation (RULES.md §0): what solutions are reported, replayed and
/// verified in. The search never needs this.
pub trait Notation: Game {
    /// The move in rule-book notation; `s` is the position before it.
    fn action(&self, s: &Self::State, m: Self::Move) -> Action;

    /// A winning line in rule-book notation, from the start. A family whose moves carry forced
    /// consequences (gap fills) or whose state does not know which real pile a card goes to
    /// overrides this; the default renders each move with [`Notation::action`].
    fn render(&self, moves: &[Self::Move]) -> Vec<Action> {
        let mut s = self.start();
        moves
            .iter()
            .map(|&m| {
                let a = self.action(&s, m);
                self.play(&mut s, m);
                a
            })
            .collect()
    }
}

/// A pile, named as in RULES.md §0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    Foundation(u8),
    Reserve(u8),
    /// The single waste of a game that has one (`W`).
    Waste,
    /// One of several wastes (`W0`..).
    WasteN(u8),
    Tableau(u8),
    Terrace,
    Quilt(u8, u8),
    /// "Some foundation that takes the card", where the move alone does not say which (the
    /// Queen of Italy family's foundations are alike; solutions name real ones, see `render`).
    AnyFoundation,
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Foundation(i) => write!(f, "F{i}"),
            Pile::Reserve(i) => write!(f, "R{i}"),
            Pile::Waste => write!(f, "W"),
            Pile::WasteN(i) => write!(f, "W{i}"),
            Pile::Tableau(i) => write!(f, "P{i}"),
            Pile::Terrace => write!(f, "T"),
            Pile::Quilt(r, c) => write!(f, "Q{r}{c}"),
            Pile::AnyFoundation => write!(f, "F"),
        }
    }
}

/// One step of a solution, in the notation another program can replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Card {
        from: Pile,
        to: Pile,
        card: Kind,
    },
    Deal,
    Redeal,
    Choose(Pile),
    /// A card moved by the rules themselves, as part of the move before it (a gap filled).
    Fill {
        from: Pile,
        to: Pile,
        card: Kind,
    },
    /// A deal made by the rules themselves (an empty waste refilled from the stock).
    AutoDeal,
}

impl Action {
    /// Made by the rules, not chosen by the player.
    pub fn is_forced(&self) -> bool {
        matches!(self, Action::Fill { .. } | Action::AutoDeal)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Card { from, to, card } => write!(f, "{from} -> {to}  ({card})"),
            Action::Deal => write!(f, "deal"),
            Action::Redeal => write!(f, "redeal"),
            Action::Choose(p) => write!(f, "choose {p}"),
            Action::Fill { from, to, card } => write!(f, "{from} -> {to}  ({card})  [forced]"),
            Action::AutoDeal => write!(f, "deal  [forced]"),
        }
    }
}
