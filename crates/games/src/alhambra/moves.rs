//! Move generation and play for the Alhambra family (RULES.md §2 "Moves").

use super::Alhambra;
use super::state::AlhambraState;
use crate::card::Kind;
use crate::game::{Action, Game, MoveList, Notation, Pile, PlayerView, Pruning};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AlhambraMove {
    /// `lazy`: made under the partial-order reduction as part of a run (see `prune.rs`).
    ReserveToFoundation {
        reserve: u8,
        foundation: u8,
        lazy: bool,
    },
    WasteToFoundation {
        waste: u8,
        foundation: u8,
    },
    ReserveToWaste {
        reserve: u8,
        waste: u8,
    },
    /// Granada only.
    WasteToWaste {
        from: u8,
        to: u8,
    },
    /// (The arena's filler, `Game::Move`'s `Default`, never played.)
    #[default]
    Deal,
    Redeal,
}

impl Alhambra {
    /// Whether `k` may be put on waste `w` (same suit, rank ±1 with wrap; an empty waste accepts
    /// nothing unless the PySolFC option says any card).
    #[inline]
    fn waste_accepts(&self, s: &AlhambraState, w: usize, k: Kind) -> bool {
        match s.waste_top(w) {
            Some(top) => top.is_suit_neighbour_wrapping(k),
            None => self.rules.empty_waste_accepts_any(),
        }
    }

    /// After every action (or, with PySolFC timing, after card moves only) an empty reserve
    /// takes the stock's next card (reinforcements; RULES.md §2).
    fn refill_reserves(&self, s: &mut AlhambraState) {
        for r in 0..4 {
            if s.height(r) == 0 && s.refill[r] == 0 && s.stock_len() > 0 {
                let k = s.seq.remove(s.stock_start());
                s.refill[r] = k.index() + 1;
            }
        }
    }

    fn take_reserve_top(&self, s: &mut AlhambraState, r: usize) -> Kind {
        let k = self.reserve_top(s, r).expect("move from an empty reserve");
        if r < 4 && s.refill[r] != 0 {
            s.refill[r] = 0;
        } else {
            s.lower_height(r);
        }
        k
    }

    fn put_on_waste(&self, s: &mut AlhambraState, w: usize, k: Kind) {
        s.seq.insert(s.waste_end(w), k);
        s.wlen[w] += 1;
    }

    /// One deal: a card on each waste in turn, fewer when the stock runs out. W0 ends where the
    /// stock starts, so its card needs no moving; each later waste takes the stock's next card
    /// into its own segment (granada deals W0..W3).
    fn deal(&self, s: &mut AlhambraState) {
        s.wlen[0] += 1;
        for w in 1..self.rules.wastes() {
            if s.stock_len() == 0 {
                break;
            }
            let k = s.seq.remove(s.stock_start());
            self.put_on_waste(s, w, k);
        }
    }

    fn take_waste_top(&self, s: &mut AlhambraState, w: usize) -> Kind {
        let k = s.seq.remove(s.waste_end(w) - 1);
        s.wlen[w] -= 1;
        k
    }

    /// Rule M (the "met suit" forced move) is sound where no refill exists; see `prune.rs`.
    fn forced_moves_allowed(&self, pruning: Pruning) -> bool {
        pruning.forced_moves && !self.rules.refills()
    }
}

impl Game for Alhambra {
    type State = AlhambraState;
    type Move = AlhambraMove;

    fn start(&self) -> AlhambraState {
        self.start
    }

    #[inline]
    fn is_won(&self, s: &AlhambraState) -> bool {
        s.found.all_full()
    }

    fn moves(&self, s: &AlhambraState, pruning: Pruning, out: &mut MoveList<AlhambraMove>) {
        out.clear();
        let forced = self.forced_moves_allowed(pruning);
        let (nr, nw) = (self.rules.reserves(), self.rules.wastes());
        // Foundation moves first: they are what a win is made of.
        let por = pruning.partial_order;
        for r in 0..nr {
            let Some(k) = self.reserve_top(s, r) else { continue };
            for f in s.found.targets(k).into_iter().flatten() {
                let lazy = por && self.commutes_when_postponed(s, r);
                let m = AlhambraMove::ReserveToFoundation { reserve: r as u8, foundation: f, lazy };
                if forced && s.found.met_and_wrap_safe(k, f) {
                    out.clear();
                    out.push(AlhambraMove::ReserveToFoundation {
                        reserve: r as u8,
                        foundation: f,
                        lazy: false,
                    });
                    return;
                }
                out.push(m);
            }
        }
        for w in 0..nw {
            let Some(k) = s.waste_top(w) else { continue };
            for f in s.found.targets(k).into_iter().flatten() {
                let m = AlhambraMove::WasteToFoundation { waste: w as u8, foundation: f };
                if forced && s.found.met_and_wrap_safe(k, f) {
                    out.clear();
                    out.push(m);
                    return;
                }
                out.push(m);
            }
        }
        for r in 0..nr {
            let Some(k) = self.reserve_top(s, r) else { continue };
            for w in 0..nw {
                if self.waste_accepts(s, w, k) {
                    out.push(AlhambraMove::ReserveToWaste { reserve: r as u8, waste: w as u8 });
                }
            }
        }
        if nw > 1 {
            for from in 0..nw {
                let Some(k) = s.waste_top(from) else { continue };
                for to in (0..nw).filter(|&to| to != from) {
                    if self.waste_accepts(s, to, k) {
                        out.push(AlhambraMove::WasteToWaste { from: from as u8, to: to as u8 });
                    }
                }
            }
        }
        if s.stock_len() > 0 {
            out.push(AlhambraMove::Deal);
        } else if s.redeals_left > 0 && s.stock_start() > 0 {
            // A redeal of empty wastes would change nothing but spend a redeal: never useful.
            out.push(AlhambraMove::Redeal);
        }
        if por && s.run_foundations != 0 {
            out.retain(|m| self.continues_run(s, *m));
        }
    }

    fn play(&self, s: &mut AlhambraState, m: AlhambraMove) {
        let card_move = !matches!(m, AlhambraMove::Deal | AlhambraMove::Redeal);
        match m {
            AlhambraMove::ReserveToFoundation { lazy: true, reserve, foundation } => {
                s.run_foundations |= 1 << foundation;
                s.run_reserves |= 1 << reserve;
            }
            _ => {
                s.run_foundations = 0;
                s.run_reserves = 0;
            }
        }
        match m {
            AlhambraMove::ReserveToFoundation { reserve, foundation, .. } => {
                self.take_reserve_top(s, reserve as usize);
                s.found.add(foundation as usize);
            }
            AlhambraMove::WasteToFoundation { waste, foundation } => {
                self.take_waste_top(s, waste as usize);
                s.found.add(foundation as usize);
            }
            AlhambraMove::ReserveToWaste { reserve, waste } => {
                let k = self.take_reserve_top(s, reserve as usize);
                self.put_on_waste(s, waste as usize, k);
            }
            AlhambraMove::WasteToWaste { from, to } => {
                let k = self.take_waste_top(s, from as usize);
                self.put_on_waste(s, to as usize, k);
            }
            AlhambraMove::Deal => self.deal(s),
            AlhambraMove::Redeal => {
                s.wlen = [0; 4];
                s.redeals_left -= 1;
                // `empty_waste_any` is PySolFC's rule, and PySolFC's redeal deals the new pass's
                // first card(s) in the same action (`Alhambra_Talon.dealCards`, royalcotillion.py
                // of PySolFC 3.6.1, lines 333–344): no empty waste between the two to put a
                // reserve card on. Without the option an empty waste takes nothing, so whatever
                // is played between a redeal and the next deal commutes with that deal: the games
                // are the same there, and the redeal stays its own move.
                if self.rules.empty_waste_accepts_any() {
                    self.deal(s);
                }
            }
        }
        if self.rules.refills() && (card_move || !self.rules.pf_refill_timing) {
            self.refill_reserves(s);
        }
    }

    fn home_cards(&self, s: &AlhambraState) -> u32 {
        s.found.total() as u32
    }

    fn hash(&self, s: &AlhambraState) -> u64 {
        s.full_hash()
    }

    fn fingerprint(&self, s: &AlhambraState, _symmetry: bool) -> u128 {
        // No symmetry in this family: the key is the position.
        s.fingerprint()
    }

    fn is_dead(&self, s: &AlhambraState) -> bool {
        self.last_pass_dead(s)
    }

    fn is_dead_at_start(&self, s: &AlhambraState) -> bool {
        // The copies rule (f) only at the game's first position: it is most of the bound's cost
        // (thousands of its ways tried per suit), and the lookahead starts a small search at
        // every position it weighs (README "How it decides a deal"). Without (f) the bound is
        // weaker, never unsound (each rule stands alone, `crate::passes`).
        self.last_pass_dead(s) || self.pass_bound_dead_with(s, *s == self.start())
    }
}

impl PlayerView for Alhambra {
    #[inline]
    fn unseen(&self, s: &AlhambraState) -> Vec<Kind> {
        if s.redeals_left < self.rules.redeals {
            return vec![];
        }
        (s.stock_start()..s.seq.len()).map(|i| s.seq.get(i)).collect()
    }

    fn with_unseen(&self, s: &AlhambraState, order: &[Kind]) -> (Self, AlhambraState) {
        // After a redeal every card has been seen (`unseen` is empty): nothing to reorder.
        if s.redeals_left < self.rules.redeals {
            assert!(order.is_empty(), "nothing is unseen after a redeal");
            return (self.clone(), *s);
        }
        let start = s.stock_start();
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

impl Notation for Alhambra {
    fn action(&self, s: &AlhambraState, m: AlhambraMove) -> Action {
        let waste = |w: u8| if self.rules.wastes() == 1 { Pile::Waste } else { Pile::WasteN(w) };
        let reserve_card =
            |r: u8| self.reserve_top(s, r as usize).expect("move from an empty reserve");
        let waste_card = |w: u8| s.waste_top(w as usize).expect("move from an empty waste");
        match m {
            AlhambraMove::ReserveToFoundation { reserve, foundation, .. } => Action::Card {
                from: Pile::Reserve(reserve),
                to: Pile::Foundation(foundation),
                card: reserve_card(reserve),
            },
            AlhambraMove::WasteToFoundation { waste: w, foundation } => Action::Card {
                from: waste(w),
                to: Pile::Foundation(foundation),
                card: waste_card(w),
            },
            AlhambraMove::ReserveToWaste { reserve, waste: w } => Action::Card {
                from: Pile::Reserve(reserve),
                to: waste(w),
                card: reserve_card(reserve),
            },
            AlhambraMove::WasteToWaste { from, to } => {
                Action::Card { from: waste(from), to: waste(to), card: waste_card(from) }
            }
            AlhambraMove::Deal => Action::Deal,
            AlhambraMove::Redeal => Action::Redeal,
        }
    }
}
