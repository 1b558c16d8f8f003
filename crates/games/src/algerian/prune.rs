//! Sound pruning for the Algerian family. Each rule carries the argument that it never loses a
//! win; the differential tests check the whole against the plain reference search.
//!
//! Notation: a *position* is what `==` compares (pile contents as kinds, foundation heights,
//! cards dealt, the run field); the state's physical names are not part of it. The verdict of a
//! position is whether some legal line wins from it.
//!
//! # Kinds (always on: it is the state's representation, not a pruning rule)
//!
//! Every rule of §4 reads only a card's suit and rank, and the stock's remaining cards are fixed
//! by how many have been dealt. Two positions that differ only by which copy of a card lies where
//! have the same legal moves (up to that renaming) and the same future, so they are stored as one.
//!
//! # Symmetry (`Pruning::symmetry`)
//!
//! A permutation σ of piles is a *symmetry* of a position P when no rule that can still apply
//! addresses those piles by index. Then m is legal in P iff σ(m) is legal in σ(P), σ(P after m)
//! = σ(P) after σ(m), and σ(P) is won iff P is: P and σ(P) have the same verdict (and winning
//! lines of the same lengths).
//!
//! 1. **Depots** are interchangeable once no deal will put a card on them by index. Only
//!    algerian's and parlett's last deal does (one card to each of P0..P7 when the stock holds
//!    exactly 8). The stock shrinks by 12 per reserve deal, so that deal is still to come iff the
//!    stock holds n ≥ 8 cards with n ≡ 8 (mod 12); carthage never deals to the depots. Every
//!    other rule treats depots alike (building, empty depots, foundation-to-depot). NOT while the
//!    final deal is pending: permuting the depots would change which deal card lands on which
//!    pile (the calibration note's first prototype got this wrong).
//! 2. **Reserves** are interchangeable once no reserve deal remains: the stock is empty, or (not
//!    carthage) holds exactly 8, whose deal goes to the depots. Reserves are otherwise alike
//!    (a reserve top moves anywhere a top may; an empty reserve takes one card under the same
//!    `reserve_space` condition, which reads the stock, not the index).
//! 3. **Carthage's two foundations of a suit** F_{2s}, F_{2s+1} build up in the same suit from
//!    the ace: no rule tells them apart, at any time.
//!
//! Once a group becomes interchangeable it stays so (the stock only shrinks). How it is used:
//!
//! * **Canonical form.** A move made under symmetry pruning carries the `SYM` flag, and `play`
//!   stores its child canonically: interchangeable depots sorted by contents, interchangeable
//!   reserves sorted, each carthage suit's higher foundation first. The canonical child is σ(child)
//!   for some symmetry σ, so it has the child's verdict; the table then merges all positions that
//!   are images of each other. The state keeps the physical name of each stored pile (`state.rs`)
//!   so solutions are still written with the real pile names, and deals (which address piles by
//!   index) only happen while the piles they address have never been reordered.
//! * **Move-level reductions** (also applied when the literal move list would not fit in
//!   `MAX_MOVES`, with or without symmetry pruning: they leave the children literal). If two moves
//!   of P give children C and σ(C), one of them is enough (equal verdicts): so a card goes to the
//!   first empty depot only (depots interchangeable), to the first empty reserve only (reserves
//!   interchangeable), and, in carthage, to only one of two equal-height foundations of its suit,
//!   and off only one of them. A move whose child is σ(P) itself is never needed: a shortest
//!   winning line never starts with it (dropping it and applying σ⁻¹ to the rest gives a shorter
//!   winning line from P). Such moves are a lone depot card moved to an empty depot
//!   (depots interchangeable), a lone reserve card to an empty reserve (reserves interchangeable),
//!   and every carthage foundation-to-foundation transfer (it takes the top of a suit's
//!   foundation of height h onto the other, of height h−1, and so only exchanges the heights).
//!   By induction on the length of a shortest winning line, the reduced move sets still reach a
//!   win whenever one exists.
//!
//! **Not implemented: the calibration note's "meet class" canonicalisation** (argument 4: store a
//! met suit, up + down = 13, at one split and replace the transfers by macro moves "shift the
//! split, then place or take a card"). It is sound only together with the macro moves, and a macro
//! move is several actions, while `Notation::action` renders one move as ONE action, which the
//! solution replay and the shortening pass rely on. The partial-order reduction below gets part of
//! the effect with single moves.
//!
//! # Partial-order reduction of foundation transfers (`Pruning::partial_order`)
//!
//! A *transfer* moves a foundation's top to the other foundation of its suit (algerian, parlett:
//! only possible when up + down = 13, the "meet" rule; carthage: when the heights differ by one).
//! It reads and changes only those two foundations. Every other move reads only its own source
//! and target (and deals read only the stock; `reserve_space` reads only the stock's size), so a
//! transfer t commutes with every move that neither takes a card from nor puts one on either of
//! the suit's two foundations: both orders are legal and reach the same position.
//!
//! Take a shortest winning line. Moving its transfers, from the last to the first, rightwards past
//! the moves independent of them keeps it legal, winning and shortest; each transfer stops
//! immediately before a move *dependent* on it (one touching the suit's foundations). It cannot
//! reach the end: a won position has both foundations at 13, so some later move places a card of
//! the suit. A transfer followed at once by the reverse transfer restores the position, and
//! dropping both would give a shorter line, so in this line each transfer is followed by the same
//! transfer again or by a placement onto / removal from the suit's foundations. The reduced
//! generator allows exactly these after a transfer: a move with the `POR` flag that transfers from
//! foundation f records `run = f + 1` in the state, and while `run` is set only the same transfer
//! and moves onto or off the suit's two foundations are generated (no deal, nothing else). Every
//! other move clears `run`. Because `run` is part of the position, a table entry always stands for
//! the same reduced move set, so the DFS, which explores the whole reduced graph, finds this line.
//! Symmetries (depot and reserve permutations; they never touch foundations) map such lines to
//! such lines, so the two reductions combine; in carthage symmetry pruning generates no transfer
//! at all (above), so `run` never needs remapping there (it is remapped anyway if a swap occurs).
//!
//! # Not used
//!
//! * Safe autoplay to the foundations: foundation cards can return to the depots and move between
//!   foundations, and the two copies of a card compete for one slot per foundation; the
//!   calibration note found no sound rule, and neither did we.
//! * Dead-position tests: none yet.

use super::Algerian;
use super::state::AlgerianState;

impl Algerian {
    /// Symmetry 1: no deal will put a card on a depot by index.
    pub(super) fn depots_interchangeable_by_rule(&self, s: &AlgerianState) -> bool {
        let n = self.stock_left(s);
        !self.rules.shape.last_deal_to_depots || n < 8 || !(n - 8).is_multiple_of(12)
    }

    /// Symmetry 2: no deal will put a card on a reserve.
    pub(super) fn reserves_interchangeable_by_rule(&self, s: &AlgerianState) -> bool {
        let n = self.stock_left(s);
        n == 0 || (n == 8 && self.rules.shape.last_deal_to_depots)
    }

    /// [`Self::depots_interchangeable_by_rule`], read from the game's table of it by stock size
    /// (it is asked at every move generated and played).
    #[inline]
    pub(super) fn depots_interchangeable(&self, s: &AlgerianState) -> bool {
        self.symmetric[s.dealt as usize & 127] & 1 != 0
    }

    /// [`Self::reserves_interchangeable_by_rule`], from the same table.
    #[inline]
    pub(super) fn reserves_interchangeable(&self, s: &AlgerianState) -> bool {
        self.symmetric[s.dealt as usize & 127] & 2 != 0
    }
}
