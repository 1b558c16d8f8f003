//! Reference rules for the Queen of Italy family (Queen of Italy, its open variant, General's
//! Patience, Blondes and Brunettes, Falling Star, Redheads).
//!
//! The *plain* implementation of `RULES.md` §0 and §3, written to be read, not to be fast, and
//! sharing no code with the fast solver. The crate's [`crate::replay`] and
//! [`crate::plain_search`] play it through one small rules engine, [`Position`]: `check` says
//! whether an action is legal (and why not), `apply` performs it. The forced actions of the
//! filled-gap variants (deal onto an empty waste, fill a gap) are not performed by themselves:
//! while one applies it is the ONLY legal action, so a solution contains it explicitly and the
//! search plays it.
//!
//! Conventions (`RULES.md` §0): card id = `deck*52 + suit*13 + rank`, suits C=0 S=1 H=2 D=3 (C, S
//! black; H, D red), ranks 0..12 = A..K; the two copies of a card are interchangeable. Every pile is
//! listed bottom→top; the stock in a [`Layout`] is listed with the next card to deal first.
//! Piles: foundations `F0`..`F7`, the terrace `T`, tableau piles `P0`..`P8` (`P0`..`P7` in
//! Redheads), the waste `W`.
//!
//! The rules, as the solver also implements them:
//! * Base rank b: the rank of the bottom card of any non-empty foundation (all share it). An empty
//!   foundation accepts any card of rank b; a non-empty one the card of rank (top+1) mod 13 of the
//!   opposite colour to its top (General's Patience: of the same suit), while it holds fewer than
//!   13 cards. Foundation cards never move (except the open variant's option).
//! * A non-empty tableau pile accepts the card of rank (top+12) mod 13 (K on A allowed) of the
//!   opposite colour, in every variant; a base-rank card may be built on.
//! * Tableau top → foundation or tableau; waste top → foundation or tableau; terrace top →
//!   foundation only (except Redheads' forced fill); deal = stock top → waste, whenever the stock is
//!   not empty, but on the second pass (after a redeal) only onto an empty waste; redeal (a redeal
//!   left, empty stock): the waste turned over, its bottom card dealt next.
//! * Opening choice (Queen of Italy, its open variant, General's Patience): while every foundation
//!   is empty, `Choose(Pi)` (Pi a non-empty pile among P0..P3) is the only legal move: Pi's card
//!   goes to F(2·suit) and sets b; then Pi, P4, P5, P6, P7, P8 each receive the next stock card,
//!   then the next stock card goes to the waste.
//! * Empty tableau piles. Open variant: an empty pile accepts any tableau top or the waste top, at
//!   any time; nothing is forced. Every other variant, forced (the only legal action while it
//!   applies): (a) empty waste, non-empty stock → deal; else (b) Redheads: an empty pile and a
//!   non-empty terrace → `T` to the lowest-numbered empty pile; else (c) an empty pile and a
//!   non-empty waste → `W` to the lowest-numbered empty pile. When none applies and stock and waste
//!   are empty (Redheads: the terrace too), an empty pile accepts any tableau top.
//!
//! Readings taken where the rule book leaves room:
//! * `Options::redeals` may be any number; every pass after the first is a "second pass" (a
//!   card is dealt only onto an empty waste). The rule book's values are 0 and 1.
//! * `foundation_to_tableau` is ignored outside the open variant (like the Alhambra reference's
//!   `empty_waste_any` in The Reinforcements). With it, the top card of a foundation holding at
//!   least 2 cards moves onto a tableau top that accepts it or onto an empty pile, never onto
//!   another foundation.
//! * A card may move from a one-card tableau pile onto an empty pile where an empty pile takes a
//!   tableau card (a legal move that only renames the pile); a card never moves onto its own pile.
//! * A layout before the choice (choice variants, every foundation empty) must have P0..P3 holding
//!   at most one card each and P4..P8 and the waste empty. The terrace may hold any number of
//!   cards. When the stock runs short at the choice, the piles later in the order (and then the
//!   waste) get no card. Before the choice nothing is forced.
//! * A redeal needs an empty stock and a redeal left; the waste may be empty (it then only spends
//!   a redeal and starts the second pass). A redeal is an ordinary (unforced) move: it is legal
//!   only when no forced action applies.
//! * Pile names are exact: upper case, no leading zeros; `Choose` names a tableau pile `P0`..`P3`.
//! * A consistent layout holds two copies of each of the 52 cards; which id stands for which copy
//!   is not checked.
//! * [`crate::plain_search`] counts the start position as the first state expanded; a won
//!   position is recognised when generated and not counted. A start that is already won is
//!   `Won(vec![])`.
//! * `Options::default()` is the rule book's: no redeal, option off.

use crate::rules::legal_among;
use crate::shared::{all_foundations_full, check_cards, check_foundation_count, check_pile_count};
use crate::{CARD_COUNT, Family, GivenOptions, Move, Piles, Rules, card_code, rank_of, suit_of};

// ---------------------------------------------------------------------------------------------
// Variants, options, layouts
// ---------------------------------------------------------------------------------------------

/// The six games of the Queen of Italy family (`RULES.md` §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// `queen-of-italy` (PySolFC 135 "Terrace"): gaps filled by force.
    QueenOfItaly,
    /// `queen-of-italy-open` (PySolFC 431 "Queen of Italy"): nothing forced.
    QueenOfItalyOpen,
    /// `generals-patience` (PySolFC 136): foundations in suit, terrace of 13.
    GeneralsPatience,
    /// `blondes-and-brunettes` (PySolFC 137): base by deal, terrace of 10.
    BlondesAndBrunettes,
    /// `falling-star` (PySolFC 138): base by deal, terrace of 11.
    FallingStar,
    /// `redheads` (Aisleriot): terrace of 21, 8 tableau piles, gaps filled from the terrace first.
    Redheads,
}

impl Variant {
    /// Number of tableau piles: 8 for Redheads, 9 otherwise.
    pub fn row_count(self) -> usize {
        match self {
            Variant::Redheads => 8,
            _ => 9,
        }
    }

    /// Queen of Italy, its open variant and General's Patience open with a choice of base card;
    /// the others deal the base.
    pub fn has_choice(self) -> bool {
        matches!(
            self,
            Variant::QueenOfItaly | Variant::QueenOfItalyOpen | Variant::GeneralsPatience
        )
    }

    /// General's Patience builds its foundations in suit; every other variant in alternating
    /// colours.
    pub fn foundations_in_suit(self) -> bool {
        self == Variant::GeneralsPatience
    }

    /// Every variant but the open one fills its gaps (and an empty waste) by force.
    pub fn has_forced_fills(self) -> bool {
        self != Variant::QueenOfItalyOpen
    }
}

/// Rule options (`RULES.md` §3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Number of redeals left at the start of the position: 0 (the rule book's) or 1.
    pub redeals: u8,
    /// Queen of Italy open variant only (ignored elsewhere): the top card of a foundation holding at
    /// least 2 cards may move back to the tableau (PySolFC). Default off.
    pub foundation_to_tableau: bool,
}

impl Options {
    /// The rule book's defaults, the same for every variant: no redeal, no foundation → tableau.
    pub fn for_variant(_variant: Variant) -> Options {
        Options { redeals: 0, foundation_to_tableau: false }
    }
}

/// A layout: every pile listed bottom→top as card ids, the stock listed with the next card to deal
/// FIRST.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Always 8, F0..F7; all empty before the opening choice.
    pub foundations: Vec<Vec<u8>>,
    /// The terrace, bottom→top (only its top card plays).
    pub terrace: Vec<u8>,
    /// The tableau piles P0..P8 (P0..P7 in Redheads).
    pub rows: Vec<Vec<u8>>,
    /// The waste, bottom→top.
    pub waste: Vec<u8>,
    /// The stock, next card to deal first.
    pub stock_top_first: Vec<u8>,
}

/// The foundation a base card goes to: F(2·suit) (F0 clubs, F2 spades, F4 hearts, F6 diamonds).
fn base_foundation(card: u8) -> usize {
    2 * suit_of(card) as usize
}

/// Deals the starting layout from a talon order (`RULES.md` §3; `talon[0]` is the first card
/// dealt; this family has no hook). For the choice variants this is the layout BEFORE the opening
/// choice. Panics unless `talon.len() == 104`.
pub fn layout_from_talon(variant: Variant, talon: &[u8]) -> Layout {
    assert_eq!(talon.len(), CARD_COUNT, "a talon has exactly 104 cards");
    let d = talon;
    let mut foundations: Vec<Vec<u8>> = vec![Vec::new(); 8];
    let mut rows: Vec<Vec<u8>> = vec![Vec::new(); variant.row_count()];
    match variant {
        Variant::QueenOfItaly | Variant::QueenOfItalyOpen | Variant::GeneralsPatience => {
            // Terrace D[0..=10] (11 cards; General's Patience D[0..=12], 13 cards), then P0..P3 one
            // card each, P4..P8 empty; no waste yet; the rest is the stock.
            let terrace_size = if variant == Variant::GeneralsPatience { 13 } else { 11 };
            for (i, row) in rows.iter_mut().take(4).enumerate() {
                row.push(d[terrace_size + i]);
            }
            Layout {
                foundations,
                terrace: d[..terrace_size].to_vec(),
                rows,
                waste: Vec::new(),
                stock_top_first: d[terrace_size + 4..].to_vec(),
            }
        }
        Variant::BlondesAndBrunettes | Variant::FallingStar | Variant::Redheads => {
            // Terrace (10, 11 or 21 cards), one card on each tableau pile, the next card to
            // F(2·suit) (it sets b), the next to the waste; the rest is the stock.
            let terrace_size = match variant {
                Variant::BlondesAndBrunettes => 10,
                Variant::FallingStar => 11,
                _ => 21,
            };
            let row_count = variant.row_count();
            for (i, row) in rows.iter_mut().enumerate() {
                row.push(d[terrace_size + i]);
            }
            let base = d[terrace_size + row_count];
            foundations[base_foundation(base)].push(base);
            Layout {
                foundations,
                terrace: d[..terrace_size].to_vec(),
                rows,
                waste: vec![d[terrace_size + row_count + 1]],
                stock_top_first: d[terrace_size + row_count + 2..].to_vec(),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Cards: colours, foundations, building
// ---------------------------------------------------------------------------------------------

/// Is the card red (hearts or diamonds)?
fn is_red(card: u8) -> bool {
    suit_of(card) >= 2
}

/// §3 foundations: does `card` go on a foundation whose top is `top`? Rank up-wrap of the top's,
/// and of the opposite colour (General's Patience: of the same suit). The height limit is checked
/// by the caller.
fn follows_on_foundation(variant: Variant, card: u8, top: u8) -> bool {
    if rank_of(card) != (rank_of(top) + 1) % 13 {
        return false;
    }
    if variant.foundations_in_suit() {
        suit_of(card) == suit_of(top)
    } else {
        is_red(card) != is_red(top)
    }
}

/// §3 tableau: does `card` go on a tableau pile whose top is `top`? Rank down-wrap of the top's
/// (K on A allowed), opposite colour, in every variant.
fn builds_down(card: u8, top: u8) -> bool {
    rank_of(card) == (rank_of(top) + 12) % 13 && is_red(card) != is_red(top)
}

/// The base rank b: the rank of the bottom card of the first non-empty foundation (the layout
/// check makes them all equal); `None` while every foundation is empty.
fn base_rank(foundations: &[Vec<u8>]) -> Option<u8> {
    foundations.iter().find_map(|pile| pile.first()).map(|&card| rank_of(card))
}

// ---------------------------------------------------------------------------------------------
// Piles and moves
// ---------------------------------------------------------------------------------------------

/// A pile of the position, by kind and index (what the position's [`crate::Action`]s name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    Foundation(usize),
    Terrace,
    Row(usize),
    Waste,
}

/// A move in index form (what the engine works with).
type Action = crate::Action<Pile>;

/// Every pile of the variant, in a fixed order: foundations, the terrace, tableau piles, the waste.
fn all_piles(variant: Variant) -> Vec<Pile> {
    let mut piles = Vec::new();
    piles.extend((0..8).map(Pile::Foundation));
    piles.push(Pile::Terrace);
    piles.extend((0..variant.row_count()).map(Pile::Row));
    piles.push(Pile::Waste);
    piles
}

/// The pile's name (`RULES.md` §0): `F0`..`F7`, `T`, `P0`..`P8`, `W`.
fn pile_name(pile: Pile) -> String {
    match pile {
        Pile::Foundation(i) => format!("F{i}"),
        Pile::Terrace => "T".to_string(),
        Pile::Row(i) => format!("P{i}"),
        Pile::Waste => "W".to_string(),
    }
}

/// Finds the pile with exactly this name in the variant; `None` if there is no such pile.
fn parse_pile(variant: Variant, name: &str) -> Option<Pile> {
    all_piles(variant).into_iter().find(|&pile| pile_name(pile) == name)
}

// ---------------------------------------------------------------------------------------------
// Layout consistency
// ---------------------------------------------------------------------------------------------

/// Checks that a layout is a consistent position of the variant: 8 foundations, 9 tableau piles (8
/// in Redheads), every card id below 104, exactly two copies of each of the 52 cards (either id
/// may stand for either copy), every foundation a run from a base-rank card under the variant's
/// foundation rule (at most 13 cards), all with the same base rank. Every foundation empty means
/// "before the opening choice": allowed only in the choice variants, and then P0..P3 hold at most
/// one card each, P4..P8 and the waste nothing.
pub fn check_layout(variant: Variant, layout: &Layout) -> Result<(), String> {
    check_foundation_count(&layout.foundations)?;
    check_pile_count("tableau piles", layout.rows.len(), variant.row_count(), variant)?;
    let all_cards = layout
        .foundations
        .iter()
        .chain(&layout.rows)
        .flatten()
        .chain(&layout.terrace)
        .chain(&layout.waste)
        .chain(&layout.stock_top_first);
    // Ids and copies only: the shared check's foundation runs are the Alhambra family's, so it is
    // given no foundations; this family's runs are checked below.
    check_cards(all_cards, &[])?;

    let base = base_rank(&layout.foundations);
    for (f, pile) in layout.foundations.iter().enumerate() {
        if pile.len() > 13 {
            return Err(format!("F{f} holds more than 13 cards"));
        }
        let Some(&bottom) = pile.first() else {
            continue;
        };
        if Some(rank_of(bottom)) != base {
            return Err(format!(
                "F{f} starts with {}, but another foundation starts with a different rank",
                card_code(bottom)
            ));
        }
        for (height, pair) in pile.windows(2).enumerate() {
            if !follows_on_foundation(variant, pair[1], pair[0]) {
                return Err(format!(
                    "F{f} holds {} on {} at height {}: not a run from its base",
                    card_code(pair[1]),
                    card_code(pair[0]),
                    height + 1
                ));
            }
        }
    }

    if base.is_none() {
        // Before the opening choice.
        if !variant.has_choice() {
            return Err(format!(
                "{variant:?} has no opening choice: a foundation must hold its base"
            ));
        }
        for (i, row) in layout.rows.iter().enumerate() {
            let most = if i < 4 { 1 } else { 0 };
            if row.len() > most {
                return Err(format!(
                    "P{i} holds {} cards before the opening choice (at most {most})",
                    row.len()
                ));
            }
        }
        if !layout.waste.is_empty() {
            return Err("the waste holds cards before the opening choice".to_string());
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The position and the rules engine
// ---------------------------------------------------------------------------------------------

/// Why an action is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Illegal {
    NoChoiceInVariant,
    ChoiceFirst,
    ChoiceMade,
    ChooseNotP0ToP3(Pile),
    /// A forced action applies: it is the only legal one.
    Forced(Action),
    DealFromEmptyStock,
    SecondPassDeal,
    RedealWithStock,
    NoRedealLeft,
    FromFoundation(Pile),
    FoundationBase(Pile),
    EmptySource(Pile),
    TerraceOnlyToFoundation,
    OntoTerrace,
    OntoWaste,
    FoundationToFoundation,
    OntoItself(Pile),
    /// An empty tableau pile that takes nothing from this source now.
    EmptyRowClosed(Pile, Pile),
    /// The destination does not accept this card.
    Refused(Pile, u8),
}

impl Illegal {
    fn reason(self, variant: Variant) -> String {
        let name = pile_name;
        match self {
            Illegal::NoChoiceInVariant => format!("{variant:?} has no opening choice"),
            Illegal::ChoiceFirst => {
                "the opening choice comes first: choose one of P0..P3".to_string()
            }
            Illegal::ChoiceMade => "the opening choice was already made".to_string(),
            Illegal::ChooseNotP0ToP3(p) => {
                format!("{}: only a non-empty pile among P0..P3 can be chosen", name(p))
            }
            Illegal::Forced(action) => {
                format!("`{}` is forced: it is the only legal move here", action.to_move(pile_name))
            }
            Illegal::DealFromEmptyStock => "deal with an empty stock".to_string(),
            Illegal::SecondPassDeal => {
                "on the second pass a card is dealt only onto an empty waste".to_string()
            }
            Illegal::RedealWithStock => "redeal while the stock is not empty".to_string(),
            Illegal::NoRedealLeft => "no redeal left".to_string(),
            Illegal::FromFoundation(p) => format!("{}: foundation cards never move", name(p)),
            Illegal::FoundationBase(p) => {
                format!("{}: a foundation's base card never moves", name(p))
            }
            Illegal::EmptySource(p) => format!("{} is empty", name(p)),
            Illegal::TerraceOnlyToFoundation => {
                "the terrace top only goes to a foundation".to_string()
            }
            Illegal::OntoTerrace => "nothing moves onto the terrace".to_string(),
            Illegal::OntoWaste => "nothing moves onto the waste but a deal".to_string(),
            Illegal::FoundationToFoundation => {
                "a foundation card never moves to another foundation".to_string()
            }
            Illegal::OntoItself(p) => format!("{} onto itself", name(p)),
            Illegal::EmptyRowClosed(p, from) => {
                format!("{} is empty and takes no card from {} now", name(p), name(from))
            }
            Illegal::Refused(p, card) => {
                format!("{} does not accept {}", name(p), card_code(card))
            }
        }
    }
}

/// A complete position of one game: every pile, the stock, the redeals left, and whether a redeal
/// has been made (the second pass, with its dealing restriction).
#[derive(Debug, PartialEq, Eq)]
pub struct Position {
    variant: Variant,
    options: Options,
    foundations: Vec<Vec<u8>>,
    terrace: Vec<u8>,
    rows: Vec<Vec<u8>>,
    waste: Vec<u8>,
    /// The stock bottom→top like every other pile: the LAST element is the next card dealt.
    /// (The reverse of `Layout::stock_top_first`.)
    stock: Vec<u8>,
    redeals_left: u8,
    /// A redeal has been made: a card is dealt only onto an empty waste.
    second_pass: bool,
}

/// Written out (rather than derived) only so that `clone_from` reuses the piles' buffers: the
/// search copies a position for every action it tries.
impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            variant: self.variant,
            options: self.options,
            foundations: self.foundations.clone(),
            terrace: self.terrace.clone(),
            rows: self.rows.clone(),
            waste: self.waste.clone(),
            stock: self.stock.clone(),
            redeals_left: self.redeals_left,
            second_pass: self.second_pass,
        }
    }

    fn clone_from(&mut self, source: &Position) {
        self.variant = source.variant;
        self.options = source.options;
        self.foundations.clone_from(&source.foundations);
        self.terrace.clone_from(&source.terrace);
        self.rows.clone_from(&source.rows);
        self.waste.clone_from(&source.waste);
        self.stock.clone_from(&source.stock);
        self.redeals_left = source.redeals_left;
        self.second_pass = source.second_pass;
    }
}

impl Position {
    /// The position of a layout, with `options.redeals` redeals left, on the first pass. Errors if
    /// the layout is not consistent (see [`check_layout`]).
    pub fn new(variant: Variant, options: &Options, layout: &Layout) -> Result<Position, String> {
        check_layout(variant, layout)?;
        let mut stock = layout.stock_top_first.clone();
        stock.reverse();
        Ok(Position {
            variant,
            options: *options,
            foundations: layout.foundations.clone(),
            terrace: layout.terrace.clone(),
            rows: layout.rows.clone(),
            waste: layout.waste.clone(),
            stock,
            redeals_left: options.redeals,
            second_pass: false,
        })
    }

    /// The position as a layout (the redeals left and the pass are [`Position::redeals_left`]
    /// and [`Position::second_pass`]).
    pub fn to_layout(&self) -> Layout {
        let mut stock_top_first = self.stock.clone();
        stock_top_first.reverse();
        Layout {
            foundations: self.foundations.clone(),
            terrace: self.terrace.clone(),
            rows: self.rows.clone(),
            waste: self.waste.clone(),
            stock_top_first,
        }
    }

    /// Redeals still allowed from this position.
    pub fn redeals_left(&self) -> u8 {
        self.redeals_left
    }

    /// Has a redeal been made (so that a card is dealt only onto an empty waste)?
    pub fn second_pass(&self) -> bool {
        self.second_pass
    }

    /// Is the opening choice still to be made (a choice variant, every foundation empty)?
    pub fn before_choice(&self) -> bool {
        self.variant.has_choice() && self.foundations.iter().all(|f| f.is_empty())
    }

    /// The top card of a pile, if any.
    fn top(&self, pile: Pile) -> Option<u8> {
        match pile {
            Pile::Foundation(i) => self.foundations[i].last().copied(),
            Pile::Terrace => self.terrace.last().copied(),
            Pile::Row(i) => self.rows[i].last().copied(),
            Pile::Waste => self.waste.last().copied(),
        }
    }

    fn pile_mut(&mut self, pile: Pile) -> &mut Vec<u8> {
        match pile {
            Pile::Foundation(i) => &mut self.foundations[i],
            Pile::Terrace => &mut self.terrace,
            Pile::Row(i) => &mut self.rows[i],
            Pile::Waste => &mut self.waste,
        }
    }

    /// The forced action, if one applies (every variant but the open one, after the opening
    /// choice): (a) empty waste and non-empty stock → deal; else (b) Redheads: an empty tableau
    /// pile and a non-empty terrace → terrace top to the lowest-numbered empty pile; else (c) an
    /// empty tableau pile and a non-empty waste → waste top to the lowest-numbered empty pile.
    fn forced(&self) -> Option<Action> {
        if !self.variant.has_forced_fills() || self.before_choice() {
            return None;
        }
        if self.waste.is_empty() && !self.stock.is_empty() {
            return Some(Action::Deal);
        }
        let empty = self.rows.iter().position(|row| row.is_empty())?;
        if self.variant == Variant::Redheads && !self.terrace.is_empty() {
            return Some(Action::Card { from: Pile::Terrace, to: Pile::Row(empty) });
        }
        if !self.waste.is_empty() {
            return Some(Action::Card { from: Pile::Waste, to: Pile::Row(empty) });
        }
        None
    }

    /// Does foundation `f` accept `card`? Empty: any card of rank b. Otherwise the next card by the
    /// variant's rule (see [`follows_on_foundation`]), while it holds fewer than 13 cards.
    fn foundation_accepts(&self, f: usize, card: u8) -> bool {
        let pile = &self.foundations[f];
        match pile.last() {
            None => base_rank(&self.foundations) == Some(rank_of(card)),
            Some(&top) => pile.len() < 13 && follows_on_foundation(self.variant, card, top),
        }
    }

    /// Does the EMPTY tableau pile accept the top card of `from` (no forced action applies)?
    /// Open variant: any tableau top or the waste top (or, with the option, a foundation top that
    /// the caller has allowed). Other variants: a tableau top, once stock and waste are both empty
    /// (Redheads: and the terrace).
    fn empty_row_accepts(&self, from: Pile) -> bool {
        if !self.variant.has_forced_fills() {
            return matches!(from, Pile::Row(_) | Pile::Waste | Pile::Foundation(_));
        }
        let end_phase = self.stock.is_empty()
            && self.waste.is_empty()
            && (self.variant != Variant::Redheads || self.terrace.is_empty());
        end_phase && matches!(from, Pile::Row(_))
    }

    /// Is the action legal here? `Err` says why not.
    fn check(&self, action: Action) -> Result<(), Illegal> {
        // Before the opening choice the choice is the only legal move; never after.
        if self.before_choice() {
            return match action {
                Action::Choose(pile) => match pile {
                    Pile::Row(i) if i < 4 && !self.rows[i].is_empty() => Ok(()),
                    _ => Err(Illegal::ChooseNotP0ToP3(pile)),
                },
                _ => Err(Illegal::ChoiceFirst),
            };
        }
        if let Action::Choose(_) = action {
            return Err(if self.variant.has_choice() {
                Illegal::ChoiceMade
            } else {
                Illegal::NoChoiceInVariant
            });
        }
        // A forced action is the only legal one.
        if let Some(forced) = self.forced() {
            return if action == forced { Ok(()) } else { Err(Illegal::Forced(forced)) };
        }
        match action {
            Action::Choose(_) => unreachable!("handled above"),
            // Deal: stock top → waste while the stock is not empty; on the second pass only onto
            // an empty waste.
            Action::Deal => {
                if self.stock.is_empty() {
                    Err(Illegal::DealFromEmptyStock)
                } else if self.second_pass && !self.waste.is_empty() {
                    Err(Illegal::SecondPassDeal)
                } else {
                    Ok(())
                }
            }
            // Redeal: the stock empty and a redeal left (the waste may be empty).
            Action::Redeal => {
                if !self.stock.is_empty() {
                    Err(Illegal::RedealWithStock)
                } else if self.redeals_left == 0 {
                    Err(Illegal::NoRedealLeft)
                } else {
                    Ok(())
                }
            }
            Action::Card { from, to } => self.check_card(from, to),
        }
    }

    /// Is the card move `from` → `to` legal (no forced action applying, after the choice)?
    fn check_card(&self, from: Pile, to: Pile) -> Result<(), Illegal> {
        // The source. Foundation cards never move, except with the open variant's option: the
        // top of a foundation holding at least 2 cards.
        if let Pile::Foundation(f) = from {
            let allowed =
                self.variant == Variant::QueenOfItalyOpen && self.options.foundation_to_tableau;
            if !allowed {
                return Err(Illegal::FromFoundation(from));
            }
            if self.foundations[f].len() < 2 {
                return Err(Illegal::FoundationBase(from));
            }
        }
        let Some(card) = self.top(from) else {
            return Err(Illegal::EmptySource(from));
        };
        if from == to {
            return Err(Illegal::OntoItself(from));
        }
        match to {
            Pile::Foundation(f) => {
                if let Pile::Foundation(_) = from {
                    return Err(Illegal::FoundationToFoundation);
                }
                if self.foundation_accepts(f, card) {
                    Ok(())
                } else {
                    Err(Illegal::Refused(to, card))
                }
            }
            _ if from == Pile::Terrace => Err(Illegal::TerraceOnlyToFoundation),
            Pile::Terrace => Err(Illegal::OntoTerrace),
            Pile::Waste => Err(Illegal::OntoWaste),
            Pile::Row(r) => match self.rows[r].last() {
                Some(&top) => {
                    if builds_down(card, top) {
                        Ok(())
                    } else {
                        Err(Illegal::Refused(to, card))
                    }
                }
                None => {
                    if self.empty_row_accepts(from) {
                        Ok(())
                    } else {
                        Err(Illegal::EmptyRowClosed(to, from))
                    }
                }
            },
        }
    }
}

/// The Queen of Italy family's rules as the replay and the search see them.
impl Rules for Position {
    type Action = Action;

    fn is_won(&self) -> bool {
        all_foundations_full(&self.foundations)
    }

    fn legal_action(&self, mv: &Move) -> Result<Action, String> {
        let action = Action::from_move(mv, self.variant, |name| parse_pile(self.variant, name))?;
        if let Action::Choose(_) = action
            && !self.variant.has_choice()
        {
            return Err(Illegal::NoChoiceInVariant.reason(self.variant));
        }
        self.check(action).map_err(|illegal| illegal.reason(self.variant))?;
        Ok(action)
    }

    /// Performs a legal action (call `check` first). Forced actions are not performed here: they
    /// are the only legal actions of the position that follows.
    fn apply(&mut self, action: Action) {
        match action {
            Action::Choose(pile) => {
                // The chosen card founds F(2·suit) and sets b; then the emptied pile, P4..P8 and
                // the waste each take the next stock card, in that order, while it lasts.
                let Pile::Row(i) = pile else {
                    unreachable!("checked: the choice names P0..P3");
                };
                let card = self.rows[i].pop().expect("checked: the chosen pile is not empty");
                self.foundations[base_foundation(card)].push(card);
                for r in [i, 4, 5, 6, 7, 8] {
                    if let Some(next) = self.stock.pop() {
                        self.rows[r].push(next);
                    }
                }
                if let Some(next) = self.stock.pop() {
                    self.waste.push(next);
                }
            }
            Action::Card { from, to } => {
                let card = self.pile_mut(from).pop().expect("checked: source not empty");
                self.pile_mut(to).push(card);
            }
            Action::Deal => {
                let card = self.stock.pop().expect("checked: stock not empty");
                self.waste.push(card);
            }
            Action::Redeal => {
                // The waste is turned over without shuffling: its BOTTOM card is dealt first.
                let mut stock: Vec<u8> = std::mem::take(&mut self.waste); // bottom first
                stock.reverse(); // our stock keeps the next card dealt at the end
                self.stock = stock;
                self.redeals_left -= 1;
                self.second_pass = true;
            }
        }
    }

    /// Every legal action, in a fixed order: the opening choices P0..P3; card moves by source (the
    /// terrace, P0.., the waste, then the foundations) and destination (foundations, then tableau
    /// piles); then deal, then redeal. Where an action is forced it is the only one. Plainly: try
    /// every candidate and keep those `check` accepts (where an action is forced, `check` accepts
    /// it alone).
    fn legal_actions(&self) -> Vec<Action> {
        let mut candidates: Vec<Action> = Vec::new();
        if self.variant.has_choice() {
            candidates.extend((0..4).map(|i| Action::Choose(Pile::Row(i))));
        }
        let mut sources = vec![Pile::Terrace];
        sources.extend((0..self.rows.len()).map(Pile::Row));
        sources.push(Pile::Waste);
        sources.extend((0..8).map(Pile::Foundation));

        let mut destinations: Vec<Pile> = (0..8).map(Pile::Foundation).collect();
        destinations.extend((0..self.rows.len()).map(Pile::Row));

        for &from in &sources {
            // An empty source is refused by `check` anyway; skipping it only saves time.
            if self.top(from).is_none() {
                continue;
            }
            for &to in &destinations {
                candidates.push(Action::Card { from, to });
            }
        }
        legal_among(candidates, |a| self.check(a).is_ok())
    }

    /// Writes the complete position as bytes, for the visited set (`key` is cleared first): every
    /// foundation, the terrace, every tableau pile, the waste and the stock, each preceded by its
    /// length, then the redeals left and whether the second pass is on.
    fn write_key(&self, key: &mut Vec<u8>) {
        key.clear();
        let piles = self
            .foundations
            .iter()
            .chain(std::iter::once(&self.terrace))
            .chain(&self.rows)
            .chain(std::iter::once(&self.waste))
            .chain(std::iter::once(&self.stock));
        for pile in piles {
            key.push(pile.len() as u8);
            key.extend_from_slice(pile);
        }
        key.push(self.redeals_left);
        key.push(self.second_pass as u8);
    }

    fn to_move(&self, action: Action) -> Move {
        action.to_move(pile_name)
    }
}

// ---------------------------------------------------------------------------------------------
// The family, for the generic replay and search and the by-name entry
// ---------------------------------------------------------------------------------------------

impl Family for Variant {
    type Options = Options;
    type Layout = Layout;
    type Position = Position;

    const ALL: &'static [Variant] = &[
        Variant::QueenOfItaly,
        Variant::QueenOfItalyOpen,
        Variant::GeneralsPatience,
        Variant::BlondesAndBrunettes,
        Variant::FallingStar,
        Variant::Redheads,
    ];

    fn name(self) -> &'static str {
        match self {
            Variant::QueenOfItaly => "queen-of-italy",
            Variant::QueenOfItalyOpen => "queen-of-italy-open",
            Variant::GeneralsPatience => "generals-patience",
            Variant::BlondesAndBrunettes => "blondes-and-brunettes",
            Variant::FallingStar => "falling-star",
            Variant::Redheads => "redheads",
        }
    }

    fn position(self, options: &Options, layout: &Layout) -> Result<Position, String> {
        Position::new(self, options, layout)
    }

    /// `redeals` (a number), `foundation-to-tableau` (`true` or `false`).
    fn options_named(self, given: &mut GivenOptions) -> Result<Options, String> {
        Ok(Options {
            redeals: given.number("redeals")?,
            foundation_to_tableau: given.flag("foundation-to-tableau")?,
        })
    }

    /// Foundations, the terrace, the tableau (`rows`), the waste (one pile, or none for an empty
    /// one) and the stock; no reserves or quilt.
    fn layout_of_piles(self, piles: &Piles) -> Result<Layout, String> {
        piles.none_in_reserves()?;
        piles.none_in_quilt()?;
        Ok(Layout {
            foundations: piles.foundations.clone(),
            terrace: piles.terrace.clone(),
            rows: piles.rows.clone(),
            waste: piles.single_waste()?,
            stock_top_first: piles.stock_top_first.clone(),
        })
    }

    fn piles_of(self, position: &Position) -> Piles {
        let layout = position.to_layout();
        Piles {
            foundations: layout.foundations,
            terrace: layout.terrace,
            rows: layout.rows,
            wastes: vec![layout.waste],
            stock_top_first: layout.stock_top_first,
            redeals_left: Some(position.redeals_left),
            ..Piles::default()
        }
    }

    /// Fewer redeals left than the options allow means a redeal was made: the second pass.
    fn with_redeals_left(self, position: &mut Position, left: u8) -> Result<(), String> {
        crate::shared::check_redeals_left(left, position.options.redeals)?;
        position.redeals_left = left;
        position.second_pass = left < position.options.redeals;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::walk_checking_keys;

    const ALL: [Variant; 6] = [
        Variant::QueenOfItaly,
        Variant::QueenOfItalyOpen,
        Variant::GeneralsPatience,
        Variant::BlondesAndBrunettes,
        Variant::FallingStar,
        Variant::Redheads,
    ];

    /// A talon with no structure to speak of: id 37·i mod 104 (37 is prime to 104).
    fn spread_talon() -> Vec<u8> {
        (0..104u32).map(|i| (i * 37 % 104) as u8).collect()
    }

    /// Every pile name parses back to its pile, and nothing else does.
    #[test]
    fn pile_names_round_trip() {
        for variant in ALL {
            let piles = all_piles(variant);
            assert_eq!(piles.len(), 8 + 1 + variant.row_count() + 1);
            for pile in piles {
                assert_eq!(parse_pile(variant, &pile_name(pile)), Some(pile));
            }
            for name in ["P9", "F8", "P01", "w", "t", "R0", ""] {
                assert_eq!(parse_pile(variant, name), None, "{name}");
            }
        }
        assert_eq!(parse_pile(Variant::Redheads, "P8"), None);
    }

    /// The visited set must tell apart positions that differ in anything, the redeals left and
    /// the pass included: walk randomly through each game and check that equal keys mean equal
    /// positions.
    #[test]
    fn keys_identify_complete_positions() {
        let mut seed: u64 = 11;
        for variant in ALL {
            let layout = layout_from_talon(variant, &spread_talon());
            for options in
                [Options::for_variant(variant), Options { redeals: 1, foundation_to_tableau: true }]
            {
                let start = Position::new(variant, &options, &layout).unwrap();
                let seen = walk_checking_keys(&start, &mut seed, 300);
                assert!(seen > 500, "{variant:?}: only {seen} positions");
            }

            // Twins that differ only in the redeals left, or only in the pass, get different keys.
            let options = Options { redeals: 1, ..Options::default() };
            let start = Position::new(variant, &options, &layout).unwrap();
            let mut fewer = start.clone();
            fewer.redeals_left -= 1;
            assert_ne!(start.key(), fewer.key());
            let mut second = fewer.clone();
            second.second_pass = true;
            assert_ne!(fewer.key(), second.key());
            assert_eq!(fewer.to_layout(), second.to_layout());
        }
    }
}
