//! Solutions and layouts in rule-book notation. The state keeps only how many copies of each
//! card are home (the foundations are interchangeable: RULES.md §3 "any foundation may take any
//! card that fits"), so real foundation piles are rebuilt here: base cards on F(2·suit), else
//! F(2·suit+1) (PySolFC's places), else the first empty foundation; any other card on the
//! lowest-numbered foundation that takes it. With the foundation-to-tableau option the state
//! knows every foundation exactly (`found.rs`) and a move names one by its place in the state's
//! sorted order; the real pile is the one holding the same cards.

use super::found::NEW_FOUNDATION;
use super::moves::{Forced, Loc, QueenMove};
use super::state::QueenState;
use super::{Queen, QueenRules};
use crate::card::Kind;
use crate::game::{Action, Game, Pile};

/// Foundation piles for real cards, filled one card at a time.
pub(crate) struct FoundationPiles {
    pub piles: Vec<Vec<u8>>,
    base_rank: u8,
}

impl FoundationPiles {
    pub fn new(piles: Vec<Vec<u8>>, base_rank: u8) -> Self {
        FoundationPiles { piles, base_rank }
    }

    /// The real foundation holding exactly `cards` (equal ones: the lowest-numbered).
    pub fn holding(&self, cards: &[u8]) -> u8 {
        self.piles.iter().position(|p| p == cards).expect("the state's foundation is a real one")
            as u8
    }

    /// Puts `k` on a foundation that takes it and says which.
    pub fn place(&mut self, rules: &QueenRules, k: u8) -> u8 {
        let kk = Kind::from_index(k);
        let f = if kk.rank() == self.base_rank {
            let own = [2 * kk.suit() as usize, 2 * kk.suit() as usize + 1];
            own.into_iter().chain(0..8).find(|&f| self.piles[f].is_empty())
        } else {
            (0..8).find(|&f| {
                self.piles[f]
                    .last()
                    .is_some_and(|&t| self.piles[f].len() < 13 && rules.foundation_follows(t, k))
            })
        };
        let f = f.expect("a playable card has a foundation");
        self.piles[f].push(k);
        f as u8
    }
}

/// Foundation piles holding exactly the cards a position has home.
pub(crate) fn foundation_piles(rules: &QueenRules, s: &QueenState) -> Vec<Vec<u8>> {
    let mut f = FoundationPiles::new(vec![vec![]; 8], s.base_rank);
    if !s.chosen() {
        return f.piles;
    }
    if rules.exact_foundations() {
        for x in s.foundations().as_slice() {
            let cards = x.cards(s.base_rank);
            let i = f.place(rules, cards[0]) as usize;
            f.piles[i].extend_from_slice(&cards[1..]);
        }
        return f.piles;
    }
    let mut left: Vec<u32> = (0..52).map(|k| s.home(k)).collect();
    // Rank by rank up from the base: every card home sits on a card of the rank below.
    for step in 0..13u8 {
        let rank = (s.base_rank + step) % 13;
        for suit in 0..4 {
            let k = Kind::new(suit, rank).index();
            while left[k as usize] > 0 {
                left[k as usize] -= 1;
                f.place(rules, k);
            }
        }
    }
    f.piles
}

impl Queen {
    /// A winning line in rule-book notation, forced moves included, foundations numbered.
    pub(crate) fn render_line(&self, moves: &[QueenMove]) -> Vec<Action> {
        let mut s = self.start();
        let mut found = FoundationPiles::new(self.foundations.clone(), s.base_rank);
        let mut out = Vec::with_capacity(moves.len() * 2);
        let pile = |l: Loc| match l {
            Loc::Pile(i) => Pile::Tableau(i),
            Loc::Waste => Pile::Waste,
            Loc::Terrace => Pile::Terrace,
            Loc::Home | Loc::Found(_) => unreachable!("foundations are handled apart"),
        };
        for &m in moves {
            match m {
                QueenMove::Choose(i) => {
                    let k = s.top[i as usize];
                    found.base_rank = Kind::from_index(k).rank();
                    found.place(&self.rules, k);
                    out.push(Action::Choose(Pile::Tableau(i)));
                }
                QueenMove::Deal => out.push(Action::Deal),
                QueenMove::Redeal => out.push(Action::Redeal),
                QueenMove::Card { from, to } => {
                    let k = self.card_of(&s, from);
                    let exact = |j: u8| s.foundations().list[j as usize].cards(s.base_rank);
                    let from_pile = match from {
                        Loc::Found(j) => {
                            let f = found.holding(&exact(j));
                            found.piles[f as usize].pop();
                            Pile::Foundation(f)
                        }
                        other => pile(other),
                    };
                    let to_pile = match to {
                        Loc::Home => Pile::Foundation(found.place(&self.rules, k)),
                        Loc::Found(j) if j != NEW_FOUNDATION => {
                            let f = found.holding(&exact(j));
                            found.piles[f as usize].push(k);
                            Pile::Foundation(f)
                        }
                        Loc::Found(_) => Pile::Foundation(found.place(&self.rules, k)),
                        other => pile(other),
                    };
                    out.push(Action::Card {
                        from: from_pile,
                        to: to_pile,
                        card: Kind::from_index(k),
                    });
                }
            }
            self.play_own(&mut s, m);
            self.settle(&mut s, |f, k| {
                out.push(match f {
                    Forced::Deal => Action::AutoDeal,
                    Forced::Fill { from, to } => Action::Fill {
                        from: pile(from),
                        to: Pile::Tableau(to),
                        card: Kind::from_index(k),
                    },
                })
            });
        }
        out
    }
}
