//! Move generation and play for the Crazy Quilt family (RULES.md §5 "Moves").

use super::Quilt;
use super::grid::available_cells;
use super::state::QuiltState;
use crate::bits::bits;
use crate::card::Kind;
use crate::foundations::Foundations;
use crate::game::{Action, Game, MoveList, Notation, Pile, PlayerView, Pruning};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum QuiltMove {
    QuiltToFoundation {
        cell: u8,
        foundation: u8,
    },
    WasteToFoundation {
        foundation: u8,
    },
    QuiltToWaste {
        cell: u8,
    },
    /// (The arena's filler, `Game::Move`'s `Default`, never played.)
    #[default]
    Deal,
    Redeal,
    /// persian-rug:
    QuiltToReserve {
        cell: u8,
        reserve: u8,
    },
    ReserveToFoundation {
        reserve: u8,
        foundation: u8,
    },
    ReserveToReserve {
        from: u8,
        to: u8,
    },
}

impl Quilt {
    /// The cells (present at the start) holding a card that some foundation takes next.
    #[inline]
    fn foundation_cells(&self, found: Foundations) -> u64 {
        // One lookup per foundation, by its count's nibble (see `next_cells`).
        let bits = found.bits();
        (0..8).fold(0u64, |m, f| m | self.next_cells[f][(bits >> (4 * f) & 0xF) as usize])
    }

    /// Whether reserve `r` (persian-rug) accepts `k`: any card when empty, else a suit neighbour.
    #[inline]
    fn reserve_accepts(&self, s: &QuiltState, r: usize, k: Kind) -> bool {
        s.reserve_top(r).is_none_or(|top| self.rules.builds_on(top, k))
    }

    fn persian_moves(
        &self,
        s: &QuiltState,
        pruning: Pruning,
        avail: u64,
        out: &mut MoveList<QuiltMove>,
    ) {
        // Empty reserves are interchangeable (every rule treats the eight alike): with symmetry
        // pruning, only the first empty one is offered as a target, and a lone card is never
        // moved to an empty reserve (that only renames the piles). See `prune.rs`.
        let first_empty = (0..8).find(|&r| s.seg[r] == 0);
        let target_ok = |r: usize| !pruning.symmetry || s.seg[r] > 0 || Some(r) == first_empty;
        for i in bits(avail) {
            for r in (0..8).filter(|&r| target_ok(r)) {
                if self.reserve_accepts(s, r, self.cells[i]) {
                    out.push(QuiltMove::QuiltToReserve { cell: i as u8, reserve: r as u8 });
                }
            }
        }
        for from in 0..8 {
            let Some(k) = s.reserve_top(from) else { continue };
            for to in (0..8).filter(|&to| to != from && target_ok(to)) {
                let pointless = pruning.symmetry && s.seg[from] == 1 && s.seg[to] == 0;
                if !pointless && self.reserve_accepts(s, to, k) {
                    out.push(QuiltMove::ReserveToReserve { from: from as u8, to: to as u8 });
                }
            }
        }
    }

    /// The stricter game's moves among `moves` (all of `s`'s): the moves home where there are
    /// any ([`crate::game::keep_home_moves`]); otherwise every move but a quilt card built onto
    /// the waste that leaves no other quilt card newly available. Such a card could go home from
    /// the quilt as well as from the waste, where it covers the card below; what the rule loses
    /// is a card built there only for the next ones to build on it, rarely needed (measured:
    /// `results/bench/decide-2026-12-05.md`, step 2). Both rules only drop moves, so every line
    /// of the stricter game is a line of the game.
    fn streamline(&self, s: &QuiltState, moves: &mut MoveList<QuiltMove>) {
        crate::game::keep_home_moves(moves, |m| {
            matches!(
                m,
                QuiltMove::QuiltToFoundation { .. }
                    | QuiltMove::WasteToFoundation { .. }
                    | QuiltMove::ReserveToFoundation { .. }
            )
        });
        let avail = available_cells(s.quilt);
        moves.retain(|m| match *m {
            QuiltMove::QuiltToWaste { cell } => {
                available_cells(s.quilt & !(1u64 << cell)) & !avail != 0
            }
            _ => true,
        });
    }

    /// Every move of `s`: `Game::moves` before the streamliner.
    fn all_moves(&self, s: &QuiltState, pruning: Pruning, out: &mut MoveList<QuiltMove>) {
        out.clear();
        let avail = available_cells(s.quilt);
        let forced = |k: Kind, f: u8| pruning.forced_moves && s.found.met_and_wrap_safe(k, f);
        macro_rules! push_foundation_move {
            ($k:expr, $f:expr, $m:expr) => {{
                if forced($k, $f) {
                    out.clear();
                    out.push($m);
                    return;
                }
                out.push($m);
            }};
        }
        // Foundation moves first: they are what a win is made of. Only the cells holding a
        // foundation's next card can have one (in cell order, as the plain scan of every
        // available cell gives them).
        for i in bits(avail & self.foundation_cells(s.found)) {
            let k = self.cells[i];
            for f in s.found.targets(k).into_iter().flatten() {
                push_foundation_move!(
                    k,
                    f,
                    QuiltMove::QuiltToFoundation { cell: i as u8, foundation: f }
                );
            }
        }
        if self.rules.has_reserves() {
            for r in 0..8 {
                let Some(k) = s.reserve_top(r) else { continue };
                for f in s.found.targets(k).into_iter().flatten() {
                    push_foundation_move!(
                        k,
                        f,
                        QuiltMove::ReserveToFoundation { reserve: r as u8, foundation: f }
                    );
                }
            }
            self.persian_moves(s, pruning, avail, out);
            return;
        }
        if let Some(k) = s.waste_top() {
            for f in s.found.targets(k).into_iter().flatten() {
                push_foundation_move!(k, f, QuiltMove::WasteToFoundation { foundation: f });
            }
            // An empty waste accepts nothing (RULES.md §5). The cells whose card builds on `k`.
            for i in bits(avail & self.builds_on_kind[k.index() as usize]) {
                out.push(QuiltMove::QuiltToWaste { cell: i as u8 });
            }
        }
        if s.stock_len() > 0 {
            out.push(QuiltMove::Deal);
        } else if s.redeals_left > 0 && s.waste_len() > 0 {
            // A redeal of an empty waste would change nothing but spend a redeal: never useful.
            out.push(QuiltMove::Redeal);
        }
    }
}

impl Game for Quilt {
    type State = QuiltState;
    type Move = QuiltMove;

    fn start(&self) -> QuiltState {
        self.start
    }

    #[inline]
    fn is_won(&self, s: &QuiltState) -> bool {
        s.found.all_full()
    }

    fn moves(&self, s: &QuiltState, pruning: Pruning, out: &mut MoveList<QuiltMove>) {
        self.all_moves(s, pruning, out);
        if self.streamlined {
            self.streamline(s, out);
        }
    }

    fn play(&self, s: &mut QuiltState, m: QuiltMove) {
        match m {
            QuiltMove::QuiltToFoundation { cell, foundation } => {
                s.quilt &= !(1 << cell);
                s.found.add(foundation as usize);
            }
            QuiltMove::WasteToFoundation { foundation } => {
                s.seq.remove(s.waste_len() - 1);
                s.seg[0] -= 1;
                s.found.add(foundation as usize);
            }
            QuiltMove::QuiltToWaste { cell } => {
                s.quilt &= !(1 << cell);
                s.seq.insert(s.waste_len(), self.cells[cell as usize]);
                s.seg[0] += 1;
            }
            QuiltMove::Deal => s.seg[0] += 1,
            QuiltMove::Redeal => {
                s.seg[0] = 0;
                s.redeals_left -= 1;
            }
            QuiltMove::QuiltToReserve { cell, reserve } => {
                s.quilt &= !(1 << cell);
                s.seq.insert(s.reserve_end(reserve as usize), self.cells[cell as usize]);
                s.seg[reserve as usize] += 1;
            }
            QuiltMove::ReserveToFoundation { reserve, foundation } => {
                s.seq.remove(s.reserve_end(reserve as usize) - 1);
                s.seg[reserve as usize] -= 1;
                s.found.add(foundation as usize);
            }
            QuiltMove::ReserveToReserve { from, to } => {
                let k = s.seq.remove(s.reserve_end(from as usize) - 1);
                s.seg[from as usize] -= 1;
                s.seq.insert(s.reserve_end(to as usize), k);
                s.seg[to as usize] += 1;
            }
        }
    }

    fn home_cards(&self, s: &QuiltState) -> u32 {
        s.found.total() as u32
    }

    fn hash(&self, s: &QuiltState) -> u64 {
        s.full_hash()
    }

    fn fingerprint(&self, s: &QuiltState, _symmetry: bool) -> u128 {
        // No symmetry in this family: the key is the position.
        s.fingerprint()
    }

    fn is_dead(&self, s: &QuiltState) -> bool {
        self.last_pass_dead(s)
    }

    fn is_dead_at_start(&self, s: &QuiltState) -> bool {
        // The copies rule (f) only at the game's first position, as in `Alhambra`'s.
        self.last_pass_dead(s) || self.pass_bound_dead_with(s, *s == self.start())
    }

    /// The same game with fewer moves generated ([`Quilt::streamline`]): every line of it is a
    /// line here. crazy-quilt seeds 0..199 won 134 with its first rule (home first) against 122,
    /// and 143 with both (`results/bench/decide-2026-12-05.md`; the Alhambra family's home-first
    /// streamliner, measured the same way, won no deal more and was dropped).
    fn stricter(&self) -> Option<Quilt> {
        (!self.streamlined).then(|| Quilt { streamlined: true, ..self.clone() })
    }

    /// The same moves (the two games share positions and `play`); checked to win here.
    fn lift_from_stricter(&self, _strict: &Quilt, moves: &[QuiltMove]) -> Option<Vec<QuiltMove>> {
        crate::game::same_line_if_won(self, moves)
    }
}

impl PlayerView for Quilt {
    #[inline]
    fn unseen(&self, s: &QuiltState) -> Vec<Kind> {
        // persian-rug has no stock; the others' stock follows the waste in the sequence.
        if self.rules.has_reserves() || s.redeals_left < self.rules.redeals {
            return vec![];
        }
        (s.waste_len()..s.seq.len()).map(|i| s.seq.get(i)).collect()
    }

    fn with_unseen(&self, s: &QuiltState, order: &[Kind]) -> (Self, QuiltState) {
        if order.is_empty() {
            return (self.clone(), *s);
        }
        let start = s.waste_len();
        assert_eq!(order.len(), s.seq.len() - start, "a permutation of the unseen cards");
        let mut t = *s;
        t.seq = crate::cardseq::CardSeq::default();
        for i in 0..start {
            t.seq.push(s.seq.get(i));
        }
        for &k in order {
            t.seq.push(k);
        }
        (self.clone(), t)
    }
}

impl Notation for Quilt {
    fn action(&self, s: &QuiltState, m: QuiltMove) -> Action {
        let q = |cell: u8| Pile::Quilt(cell / 8, cell % 8);
        let card_of = |cell: u8| self.cells[cell as usize];
        let reserve_card = |r: u8| s.reserve_top(r as usize).expect("move from an empty reserve");
        match m {
            QuiltMove::QuiltToFoundation { cell, foundation } => Action::Card {
                from: q(cell),
                to: Pile::Foundation(foundation),
                card: card_of(cell),
            },
            QuiltMove::WasteToFoundation { foundation } => Action::Card {
                from: Pile::Waste,
                to: Pile::Foundation(foundation),
                card: s.waste_top().expect("move from an empty waste"),
            },
            QuiltMove::QuiltToWaste { cell } => {
                Action::Card { from: q(cell), to: Pile::Waste, card: card_of(cell) }
            }
            QuiltMove::Deal => Action::Deal,
            QuiltMove::Redeal => Action::Redeal,
            QuiltMove::QuiltToReserve { cell, reserve } => {
                Action::Card { from: q(cell), to: Pile::Reserve(reserve), card: card_of(cell) }
            }
            QuiltMove::ReserveToFoundation { reserve, foundation } => Action::Card {
                from: Pile::Reserve(reserve),
                to: Pile::Foundation(foundation),
                card: reserve_card(reserve),
            },
            QuiltMove::ReserveToReserve { from, to } => Action::Card {
                from: Pile::Reserve(from),
                to: Pile::Reserve(to),
                card: reserve_card(from),
            },
        }
    }
}

#[cfg(test)]
mod tests;
