//! The position the model is built from: an Alhambra layout (RULES.md §2) read as the talon
//! sequence L, the reserve cards and the foundation heights, with every card named by where it
//! starts (the rules look only at suit and rank, so the deck does not matter).

use patience_games::alhambra::{AlhambraRules, AlhambraVariant};
use patience_games::card::Card;
use patience_games::layout::Layout;

/// A position of `alhambra` as the SAT model sees it.
#[derive(Clone, Debug)]
pub struct Problem {
    /// L: the waste bottom→top, then the stock with the next card to deal first. A deal moves the
    /// cursor one card right, a redeal moves it back to 0, and nothing ever reorders L (the
    /// design note's talon invariant, `research/sat/DESIGN.md` §1.2).
    pub talon: Vec<Card>,
    /// How many cards of `talon` are on the waste (left of the cursor).
    pub cursor: usize,
    /// Reserve piles bottom→top.
    pub reserves: Vec<Vec<Card>>,
    /// Cards on each up foundation F0..F3 (clubs, spades, hearts, diamonds; the ace counts).
    pub up: [u8; 4],
    /// Cards on each down foundation F4..F7 (the king counts).
    pub down: [u8; 4],
    /// Redeals still allowed.
    pub redeals: u8,
    /// RULES.md §2 option: an empty waste accepts any reserve card.
    pub empty_waste_any: bool,
}

/// What a card of the model is: a talon card (index into L) or a reserve card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Talon(usize),
    Reserve { pile: usize, depth: usize },
}

impl Problem {
    /// The problem of `layout` under `rules`, or why the model cannot take it: only `alhambra`
    /// (the single-waste game without refills) is modelled.
    pub fn new(rules: &AlhambraRules, layout: &Layout) -> Result<Problem, String> {
        if rules.variant != AlhambraVariant::Alhambra {
            return Err(format!("the SAT model covers alhambra only, not {:?}", rules.variant));
        }
        if layout.foundations.len() != 8 || layout.wastes.len() != 1 || layout.reserves.len() != 8 {
            return Err("an alhambra layout has 8 foundations, 8 reserves and one waste".into());
        }
        let count = |f: usize| -> Result<u8, String> {
            let n = layout.foundations[f].len();
            if n == 0 || n > 13 {
                return Err(format!("foundation F{f} holds {n} cards (1 to 13 expected)"));
            }
            Ok(n as u8)
        };
        let mut up = [0u8; 4];
        let mut down = [0u8; 4];
        for s in 0..4 {
            up[s] = count(s)?;
            down[s] = count(4 + s)?;
        }
        let mut talon = layout.wastes[0].clone();
        let cursor = talon.len();
        talon.extend_from_slice(&layout.stock_top_first);
        let redeals = layout.redeals_left.unwrap_or(rules.redeals);
        let problem = Problem { talon, cursor, reserves: layout.reserves.clone(), up, down, redeals, empty_waste_any: rules.empty_waste_any };
        let in_play = problem.talon.len() + problem.reserves.iter().map(Vec::len).sum::<usize>();
        let home: usize = up.iter().chain(&down).map(|&n| n as usize).sum();
        if in_play + home != 104 {
            return Err(format!("the layout holds {} cards, not 104", in_play + home));
        }
        Ok(problem)
    }

    /// Every card in play, talon cards first (in L order), then the reserve cards pile by pile,
    /// bottom→top: the model's card numbering.
    pub fn cards(&self) -> Vec<(Card, Place)> {
        let mut out: Vec<(Card, Place)> = self.talon.iter().enumerate().map(|(i, &c)| (c, Place::Talon(i))).collect();
        for (pile, cards) in self.reserves.iter().enumerate() {
            out.extend(cards.iter().enumerate().map(|(depth, &c)| (c, Place::Reserve { pile, depth })));
        }
        out
    }

    /// The proven bound on the number of macro steps of any legal game from this position
    /// (`research/sat/PROOF.md` §2; `research/sat/DESIGN.md` §1.4): each step is one card sent home (each
    /// card in play goes home at most once, foundation cards never move), one reserve card built
    /// on the waste (each reserve card leaves its pile at most once: reserves are never
    /// refilled) or one redeal (at most `redeals`); deals belong to the step they precede.
    pub fn horizon(&self) -> usize {
        let reserve: usize = self.reserves.iter().map(Vec::len).sum();
        self.talon.len() + reserve + reserve + self.redeals as usize
    }
}
