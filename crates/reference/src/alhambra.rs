//! Reference rules for the Alhambra family (Alhambra, Granada, The Reinforcements).
//!
//! The *plain* implementation of `RULES.md` §0 and §2, written to be read, not to be fast, and
//! sharing no code with the fast solver. The crate's [`crate::replay`] and
//! [`crate::plain_search`] play it through one small rules engine, [`Position`]: `check` says
//! whether an action is legal (and why not), `apply` performs it, including the automatic refill
//! of The Reinforcements.
//!
//! Conventions (`RULES.md` §0): card id = `deck*52 + suit*13 + rank`, suits C=0 S=1 H=2 D=3, ranks
//! 0..12 = A..K. The two copies of a card (id and id±52) are interchangeable. Every pile is listed
//! bottom→top; the stock in a [`Layout`] is listed with the next card to deal first. Piles:
//! foundations `F0`..`F7`, reserves `R0`..`R7` (`R0`..`R3` in The Reinforcements), the waste `W`
//! (Granada: `W0`..`W3`).
//!
//! Readings taken where the rule book leaves room:
//! * A layout is taken as given. In The Reinforcements an empty reserve with a non-empty stock is
//!   not refilled when the position is made, only after the first action (default timing) or the
//!   first card move (`pf_refill_timing`).
//! * With `pf_refill_timing`, a card move refills every empty reserve, R0..R3 in order, not only
//!   the one the card left (reserves may have stayed empty after a deal or redeal).
//! * A redeal needs an empty stock and a redeal left; the waste(s) may be empty (it then only
//!   spends a redeal). Moves after a win are still checked by [`crate::replay`].
//! * Pile names are exact: `W` (never `W0`) in Alhambra and The Reinforcements, `W0`..`W3` (never
//!   `W`) in Granada; upper case, no leading zeros.
//! * Granada with `empty_waste_any`: an empty waste takes the top card of another waste too.
//! * A consistent layout holds two copies of each of the 52 cards; which id stands for which copy
//!   is not checked (either id may be used for either copy).
//! * [`crate::plain_search`] counts the start position as the first state expanded; a won position
//!   is recognised when generated and not counted. A start that is already won is `Won(vec![])`.

use crate::rules::legal_among;
use crate::shared::{
    all_foundations_full, check_cards, check_foundation_count, check_pile_count, foundation_accepts,
};
use crate::{CARD_COUNT, Family, GivenOptions, Move, Piles, Rules, card_code, rank_of, suit_of};

// ---------------------------------------------------------------------------------------------
// Variants, options, layouts
// ---------------------------------------------------------------------------------------------

/// The three games of the Alhambra family (`RULES.md` §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Alhambra,
    Granada,
    Reinforcements,
}

impl Variant {
    /// Number of reserve piles: 8 for Alhambra and Granada, 4 for The Reinforcements.
    pub fn reserve_count(self) -> usize {
        match self {
            Variant::Alhambra | Variant::Granada => 8,
            Variant::Reinforcements => 4,
        }
    }

    /// Number of waste piles: 4 for Granada, 1 otherwise.
    pub fn waste_count(self) -> usize {
        match self {
            Variant::Granada => 4,
            Variant::Alhambra | Variant::Reinforcements => 1,
        }
    }
}

/// Rule options (`RULES.md` §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Alhambra and Granada: an empty waste accepts any card (from a reserve, or in Granada also
    /// from another waste). Default off: an empty waste accepts nothing. Ignored for
    /// The Reinforcements, whose empty waste never accepts anything.
    pub empty_waste_any: bool,
    /// The Reinforcements: refill empty reserves only after player card moves, not after a deal
    /// or a redeal (PySolFC's timing). Default off: refill after every action.
    pub pf_refill_timing: bool,
    /// Number of redeals left at the start of the position (default 2, i.e. 3 passes).
    pub redeals: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options { empty_waste_any: false, pf_refill_timing: false, redeals: 2 }
    }
}

/// A layout: every pile listed bottom→top as card ids, the stock listed with the next card to deal
/// FIRST.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Always 8: F0..F3 build up from the aces of C S H D, F4..F7 build down from the kings.
    pub foundations: Vec<Vec<u8>>,
    /// 8 (Alhambra, Granada) or 4 (The Reinforcements).
    pub reserves: Vec<Vec<u8>>,
    /// 1 (Alhambra, The Reinforcements) or 4 (Granada).
    pub wastes: Vec<Vec<u8>>,
    /// The stock, next card to deal first.
    pub stock_top_first: Vec<u8>,
}

/// Deals the starting layout from a talon order (`RULES.md` §2; the hook is already applied, so
/// `talon[0]` is the first card dealt). Panics unless `talon.len() == 104`.
pub fn layout_from_talon(variant: Variant, talon: &[u8]) -> Layout {
    assert_eq!(talon.len(), CARD_COUNT, "a talon has exactly 104 cards");
    let d = talon;
    // All three games: F0..F7 = D[0..8], one card each (A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦ after the hook).
    let foundations: Vec<Vec<u8>> = (0..8).map(|i| vec![d[i]]).collect();
    match variant {
        Variant::Alhambra | Variant::Granada => {
            // Reserve i (0..7), bottom→top = D[8+i], D[16+i], D[24+i], D[32+i].
            let reserves: Vec<Vec<u8>> =
                (0..8).map(|i| (0..4).map(|k| d[8 + i + 8 * k]).collect()).collect();
            if variant == Variant::Alhambra {
                // Waste = D[40]; stock = D[41..], D[41] dealt first.
                Layout {
                    foundations,
                    reserves,
                    wastes: vec![vec![d[40]]],
                    stock_top_first: d[41..].to_vec(),
                }
            } else {
                // Granada: W0..W3 = D[40..44], one card each; stock = D[44..], D[44] dealt first.
                Layout {
                    foundations,
                    reserves,
                    wastes: (0..4).map(|w| vec![d[40 + w]]).collect(),
                    stock_top_first: d[44..].to_vec(),
                }
            }
        }
        Variant::Reinforcements => {
            // Reserve i (0..3), bottom→top = D[8+i+4k], k = 0..11; waste = D[56]; stock = D[57..].
            let reserves: Vec<Vec<u8>> =
                (0..4).map(|i| (0..12).map(|k| d[8 + i + 4 * k]).collect()).collect();
            Layout {
                foundations,
                reserves,
                wastes: vec![vec![d[56]]],
                stock_top_first: d[57..].to_vec(),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Piles
// ---------------------------------------------------------------------------------------------

/// A pile of the position, by kind and index (what the position's [`crate::Action`]s name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    Foundation(usize),
    Reserve(usize),
    Waste(usize),
}

/// A move in index form (what the engine works with).
type Action = crate::Action<Pile>;

/// Every pile of the variant, in a fixed order: foundations, reserves, wastes.
fn all_piles(variant: Variant) -> Vec<Pile> {
    let mut piles = Vec::new();
    piles.extend((0..8).map(Pile::Foundation));
    piles.extend((0..variant.reserve_count()).map(Pile::Reserve));
    piles.extend((0..variant.waste_count()).map(Pile::Waste));
    piles
}

/// The pile's name (`RULES.md` §0): `F0`..`F7`, `R0`.., `W` (Alhambra, Reinforcements) or `W0`..`W3`
/// (Granada).
fn pile_name(variant: Variant, pile: Pile) -> String {
    match pile {
        Pile::Foundation(i) => format!("F{i}"),
        Pile::Reserve(i) => format!("R{i}"),
        Pile::Waste(i) => {
            if variant == Variant::Granada {
                format!("W{i}")
            } else {
                "W".to_string()
            }
        }
    }
}

/// Finds the pile with exactly this name in the variant; `None` if there is no such pile.
fn parse_pile(variant: Variant, name: &str) -> Option<Pile> {
    all_piles(variant).into_iter().find(|&pile| pile_name(variant, pile) == name)
}

// ---------------------------------------------------------------------------------------------
// The position and the rules engine
// ---------------------------------------------------------------------------------------------

/// A complete position of one game: every pile, the stock and the number of redeals left.
#[derive(Debug, PartialEq, Eq)]
pub struct Position {
    variant: Variant,
    options: Options,
    foundations: Vec<Vec<u8>>,
    reserves: Vec<Vec<u8>>,
    wastes: Vec<Vec<u8>>,
    /// The stock bottom→top like every other pile: the LAST element is the next card dealt.
    /// (The reverse of `Layout::stock_top_first`.)
    stock: Vec<u8>,
    redeals_left: u8,
}

/// Written out (rather than derived) only so that `clone_from` reuses the piles' buffers: the
/// search copies a position for every action it tries.
impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            variant: self.variant,
            options: self.options,
            foundations: self.foundations.clone(),
            reserves: self.reserves.clone(),
            wastes: self.wastes.clone(),
            stock: self.stock.clone(),
            redeals_left: self.redeals_left,
        }
    }

    fn clone_from(&mut self, source: &Position) {
        self.variant = source.variant;
        self.options = source.options;
        self.foundations.clone_from(&source.foundations);
        self.reserves.clone_from(&source.reserves);
        self.wastes.clone_from(&source.wastes);
        self.stock.clone_from(&source.stock);
        self.redeals_left = source.redeals_left;
    }
}

/// Checks that a layout is a consistent position of the variant: the right number of piles, every
/// card id below 104, exactly two copies of each of the 52 cards (either id may stand for either
/// copy), and every foundation a run of its own suit from its base (F0..F3 up from the ace of
/// C S H D, F4..F7 down from the king).
pub fn check_layout(variant: Variant, layout: &Layout) -> Result<(), String> {
    check_foundation_count(&layout.foundations)?;
    check_pile_count("reserves", layout.reserves.len(), variant.reserve_count(), variant)?;
    check_pile_count("waste piles", layout.wastes.len(), variant.waste_count(), variant)?;
    let all_cards = layout
        .foundations
        .iter()
        .chain(&layout.reserves)
        .chain(&layout.wastes)
        .flatten()
        .chain(&layout.stock_top_first);
    check_cards(all_cards, &layout.foundations)
}

/// Why an action is illegal (kept cheap: the search checks every candidate action).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Illegal {
    DealFromEmptyStock,
    RedealWithStock,
    NoRedealLeft,
    FromFoundation(Pile),
    EmptySource(Pile),
    OntoReserve(Pile),
    WasteToWaste,
    OntoItself(Pile),
    /// The destination does not accept this card.
    Refused(Pile, u8),
}

impl Illegal {
    fn reason(self, variant: Variant) -> String {
        let name = |pile| pile_name(variant, pile);
        match self {
            Illegal::DealFromEmptyStock => "deal with an empty stock".to_string(),
            Illegal::RedealWithStock => "redeal while the stock is not empty".to_string(),
            Illegal::NoRedealLeft => "no redeal left".to_string(),
            Illegal::FromFoundation(p) => format!("{}: foundation cards never move", name(p)),
            Illegal::EmptySource(p) => format!("{} is empty", name(p)),
            Illegal::OntoReserve(p) => format!("{}: nothing is built on a reserve", name(p)),
            Illegal::WasteToWaste => format!("waste to waste is not a move in {variant:?}"),
            Illegal::OntoItself(p) => format!("{} onto itself", name(p)),
            Illegal::Refused(p, card) => {
                format!("{} does not accept {}", name(p), card_code(card))
            }
        }
    }
}

impl Position {
    /// The position of a layout, with `options.redeals` redeals left. Errors if the layout is not
    /// consistent (see [`check_layout`]).
    pub fn new(variant: Variant, options: &Options, layout: &Layout) -> Result<Position, String> {
        check_layout(variant, layout)?;
        let mut stock = layout.stock_top_first.clone();
        stock.reverse();
        Ok(Position {
            variant,
            options: *options,
            foundations: layout.foundations.clone(),
            reserves: layout.reserves.clone(),
            wastes: layout.wastes.clone(),
            stock,
            redeals_left: options.redeals,
        })
    }

    /// The position as a layout (the number of redeals left is [`Position::redeals_left`]).
    pub fn to_layout(&self) -> Layout {
        let mut stock_top_first = self.stock.clone();
        stock_top_first.reverse();
        Layout {
            foundations: self.foundations.clone(),
            reserves: self.reserves.clone(),
            wastes: self.wastes.clone(),
            stock_top_first,
        }
    }

    /// Redeals still allowed from this position.
    pub fn redeals_left(&self) -> u8 {
        self.redeals_left
    }

    fn pile(&self, pile: Pile) -> &Vec<u8> {
        match pile {
            Pile::Foundation(i) => &self.foundations[i],
            Pile::Reserve(i) => &self.reserves[i],
            Pile::Waste(i) => &self.wastes[i],
        }
    }

    fn pile_mut(&mut self, pile: Pile) -> &mut Vec<u8> {
        match pile {
            Pile::Foundation(i) => &mut self.foundations[i],
            Pile::Reserve(i) => &mut self.reserves[i],
            Pile::Waste(i) => &mut self.wastes[i],
        }
    }

    /// A deal: Granada puts one card on each of W0..W3 in order, fewer when the stock runs out;
    /// Alhambra and Reinforcements one card on the single waste.
    fn deal(&mut self) {
        for w in 0..self.wastes.len() {
            if let Some(card) = self.stock.pop() {
                self.wastes[w].push(card);
            }
        }
    }

    /// PySolFC's empty-waste rule is in force: option `empty_waste_any`, which Alhambra and
    /// Granada have (The Reinforcements' empty waste accepts nothing whatever the option).
    fn empty_waste_takes_any(&self) -> bool {
        self.options.empty_waste_any && self.variant != Variant::Reinforcements
    }

    /// Does waste `w` accept `card` (from a reserve, or in Granada from another waste)?
    /// §2: same suit as the waste's top card and rank ±1 WITH wrap (K↔A). An empty waste accepts
    /// nothing, unless PySolFC's empty-waste rule is in force.
    fn waste_accepts(&self, w: usize, card: u8) -> bool {
        match self.wastes[w].last() {
            None => self.empty_waste_takes_any(),
            Some(&top) => {
                let (a, b) = (rank_of(card), rank_of(top));
                suit_of(card) == suit_of(top) && ((a + 1) % 13 == b || (b + 1) % 13 == a)
            }
        }
    }

    /// Is the action legal here? `Err` says why not (see [`Illegal::reason`]).
    fn check(&self, action: Action) -> Result<(), Illegal> {
        match action {
            Action::Choose(_) => unreachable!("refused by legal_action: no opening choice"),
            // §2: "deal: stock top → waste (any time while the stock is non-empty)".
            Action::Deal => {
                if self.stock.is_empty() {
                    Err(Illegal::DealFromEmptyStock)
                } else {
                    Ok(())
                }
            }
            // §2: redeal only when the stock is empty and a redeal is left (at most `redeals`).
            // Allowed with empty wastes too (then it only spends a redeal).
            Action::Redeal => {
                if !self.stock.is_empty() {
                    Err(Illegal::RedealWithStock)
                } else if self.redeals_left == 0 {
                    Err(Illegal::NoRedealLeft)
                } else {
                    Ok(())
                }
            }
            Action::Card { from, to } => {
                // Only reserve and waste tops ever move: foundation cards never move (§2).
                if let Pile::Foundation(_) = from {
                    return Err(Illegal::FromFoundation(from));
                }
                let Some(&card) = self.pile(from).last() else {
                    return Err(Illegal::EmptySource(from));
                };
                match to {
                    // Reserve or waste top → foundation.
                    Pile::Foundation(f) => {
                        if foundation_accepts(&self.foundations, f, card) {
                            Ok(())
                        } else {
                            Err(Illegal::Refused(to, card))
                        }
                    }
                    // Nothing is ever built on a reserve (§2); waste → reserve is not allowed.
                    Pile::Reserve(_) => Err(Illegal::OntoReserve(to)),
                    Pile::Waste(w) => {
                        if let Pile::Waste(src) = from {
                            // Waste → waste: Granada only, and onto ANOTHER waste (§2 granada).
                            if self.variant != Variant::Granada {
                                return Err(Illegal::WasteToWaste);
                            }
                            if src == w {
                                return Err(Illegal::OntoItself(from));
                            }
                        }
                        if self.waste_accepts(w, card) {
                            Ok(())
                        } else {
                            Err(Illegal::Refused(to, card))
                        }
                    }
                }
            }
        }
    }
}

/// The Alhambra family's rules as the replay and the search see them.
impl Rules for Position {
    type Action = Action;

    fn is_won(&self) -> bool {
        all_foundations_full(&self.foundations)
    }

    /// Every legal action, in a fixed order: card moves by source (reserves, then wastes) and
    /// destination (foundations, then wastes), then deal, then redeal. Plainly: try every
    /// candidate and keep those `check` accepts.
    fn legal_actions(&self) -> Vec<Action> {
        let mut candidates = Vec::new();
        let sources = (0..self.reserves.len())
            .map(Pile::Reserve)
            .chain((0..self.wastes.len()).map(Pile::Waste));
        for from in sources {
            let destinations =
                (0..8).map(Pile::Foundation).chain((0..self.wastes.len()).map(Pile::Waste));
            for to in destinations {
                candidates.push(Action::Card { from, to });
            }
        }
        legal_among(candidates, |a| self.check(a).is_ok())
    }

    fn legal_action(&self, mv: &Move) -> Result<Action, String> {
        let action = Action::from_move(mv, self.variant, |name| parse_pile(self.variant, name))?;
        if let Action::Choose(_) = action {
            return Err(format!("{:?} has no opening choice", self.variant));
        }
        self.check(action).map_err(|illegal| illegal.reason(self.variant))?;
        Ok(action)
    }

    /// Performs a legal action (call `check` first), then The Reinforcements' automatic refill.
    fn apply(&mut self, action: Action) {
        match action {
            Action::Choose(_) => unreachable!("refused by legal_action: no opening choice"),
            Action::Card { from, to } => {
                let card = self.pile_mut(from).pop().expect("checked: source not empty");
                self.pile_mut(to).push(card);
            }
            Action::Deal => self.deal(),
            Action::Redeal => {
                // The wastes are turned over without shuffling. The new stock in dealing order is
                // W3 bottom→top, then W2, W1, W0 (Granada); for one waste: its bottom card first.
                let mut top_first: Vec<u8> = Vec::new();
                for w in (0..self.wastes.len()).rev() {
                    top_first.append(&mut self.wastes[w]);
                }
                top_first.reverse(); // our stock keeps the next card dealt at the end
                self.stock = top_first;
                self.redeals_left -= 1;
                // With `empty_waste_any` (PySolFC's rule) the redeal is PySolFC's: it deals the
                // new pass's first card(s) at once (PySolFC 3.6.1 royalcotillion.py,
                // `Alhambra_Talon.dealCards`, lines 333–344), so no reserve card goes on an
                // empty waste in between.
                if self.empty_waste_takes_any() {
                    self.deal();
                }
            }
        }
        // The Reinforcements (§2): whenever a reserve is empty and the stock is not, the stock's
        // top card goes into it at once: after every action by default, after player card moves
        // only with `pf_refill_timing`. R0, R1, R2, R3 in that order, each taking the then top.
        if self.variant == Variant::Reinforcements {
            let is_card_move = matches!(action, Action::Card { .. });
            if is_card_move || !self.options.pf_refill_timing {
                for r in 0..self.reserves.len() {
                    if self.reserves[r].is_empty()
                        && let Some(card) = self.stock.pop()
                    {
                        self.reserves[r].push(card);
                    }
                }
            }
        }
    }

    fn to_move(&self, action: Action) -> Move {
        action.to_move(|pile| pile_name(self.variant, pile))
    }

    /// The complete position as bytes, for the visited set: every pile (foundations, reserves,
    /// wastes, stock) in full, each preceded by its length, then the redeals left.
    fn write_key(&self, key: &mut Vec<u8>) {
        key.clear();
        let piles = self
            .foundations
            .iter()
            .chain(&self.reserves)
            .chain(&self.wastes)
            .chain(std::iter::once(&self.stock));
        for pile in piles {
            key.push(pile.len() as u8);
            key.extend_from_slice(pile);
        }
        key.push(self.redeals_left);
    }
}

// ---------------------------------------------------------------------------------------------
// The family, for the generic replay and search and the by-name entry
// ---------------------------------------------------------------------------------------------

impl Family for Variant {
    type Options = Options;
    type Layout = Layout;
    type Position = Position;

    const ALL: &'static [Variant] = &[Variant::Alhambra, Variant::Granada, Variant::Reinforcements];

    fn name(self) -> &'static str {
        match self {
            Variant::Alhambra => "alhambra",
            Variant::Granada => "granada",
            Variant::Reinforcements => "reinforcements",
        }
    }

    fn position(self, options: &Options, layout: &Layout) -> Result<Position, String> {
        Position::new(self, options, layout)
    }

    /// `empty-waste-any` and `pf-refill-timing` (`true` or `false`), `redeals` (a number).
    fn options_named(self, given: &mut GivenOptions) -> Result<Options, String> {
        Ok(Options {
            empty_waste_any: given.flag("empty-waste-any")?,
            pf_refill_timing: given.flag("pf-refill-timing")?,
            redeals: given.number("redeals")?,
        })
    }

    /// Foundations, reserves, wastes and the stock; no terrace, tableau or quilt.
    fn layout_of_piles(self, piles: &Piles) -> Result<Layout, String> {
        piles.none_in_terrace()?;
        piles.none_in_rows()?;
        piles.none_in_quilt()?;
        Ok(Layout {
            foundations: piles.foundations.clone(),
            reserves: piles.reserves.clone(),
            wastes: piles.wastes.clone(),
            stock_top_first: piles.stock_top_first.clone(),
        })
    }

    fn piles_of(self, position: &Position) -> Piles {
        let layout = position.to_layout();
        Piles {
            foundations: layout.foundations,
            reserves: layout.reserves,
            wastes: layout.wastes,
            stock_top_first: layout.stock_top_first,
            redeals_left: Some(position.redeals_left),
            ..Piles::default()
        }
    }

    fn with_redeals_left(self, position: &mut Position, left: u8) -> Result<(), String> {
        crate::shared::check_redeals_left(left, position.options.redeals)?;
        position.redeals_left = left;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{dealt_out_twice, talon, walk_checking_keys};

    /// The visited set must tell apart positions that differ in anything, the redeals left
    /// included: walk randomly through each game and check that equal keys mean equal positions.
    #[test]
    fn keys_identify_complete_positions() {
        let mut seed: u64 = 99;
        for variant in [Variant::Alhambra, Variant::Granada, Variant::Reinforcements] {
            let layout = layout_from_talon(variant, &talon());
            let start = Position::new(variant, &Options::default(), &layout).unwrap();

            let mut fewer = start.clone();
            fewer.redeals_left -= 1;
            assert_ne!(start.key(), fewer.key());

            let seen = walk_checking_keys(&start, &mut seed, 400);
            assert!(seen > 1000, "{variant:?}: only {seen} positions");

            // Twins that differ only in the redeals left do occur in play: deal the stock out,
            // redeal, deal it out again (Alhambra and The Reinforcements restore the same waste).
            if variant != Variant::Granada {
                let (first, second) = dealt_out_twice(&start);
                assert_eq!(first.to_layout(), second.to_layout());
                assert_eq!(first.redeals_left, second.redeals_left + 1);
                assert_ne!(first.key(), second.key());
            }
        }
    }
}
