//! Reference rules for the Algerian family (Algerian Patience, Carthage, Algerian after Parlett).
//!
//! The *plain* implementation of `RULES.md` §0 and §4, written to be read, not to be fast, and
//! sharing no code with the fast solver. The crate's [`crate::replay`] and
//! [`crate::plain_search`] play it through one small rules engine, [`Position`]: `check` says
//! whether an action is legal (and why not), `apply` performs it.
//!
//! Conventions (`RULES.md` §0): card id = `deck*52 + suit*13 + rank`, suits C=0 S=1 H=2 D=3, ranks
//! 0..12 = A..K; the two copies of a card are interchangeable. Every pile is listed bottom→top; the
//! stock in an [`Layout`] is listed with the next card to deal first. Piles: foundations
//! `F0`..`F7`, reserves `R0`..`R5`, depots `P0`..`P7`.
//!
//! The foundations (§4):
//! * Algerian and Algerian after Parlett: F0..F3 build up in suit from the ace (C S H D), F4..F7
//!   build down in suit from the king (C S H D).
//! * Carthage: all eight build up in suit from the ace; F0, F1 are clubs, F2, F3 spades, F4, F5
//!   hearts, F6, F7 diamonds (F_{2s} and F_{2s+1} of suit s).
//!
//! No wrap on the foundations, at most 13 cards each; an empty foundation takes its base card
//! (either copy).
//!
//! Readings taken where the rule book leaves room:
//! * A card never moves onto its own pile. It may move onto an empty depot or an empty reserve even
//!   when it is the last card of its own depot or reserve (a legal move that only renames the
//!   pile).
//! * "Foundations meet" (rule 5): any foundation's top card, a lone base card included, may move
//!   to any other foundation that accepts it. Foundation cards never go to a reserve; to a depot
//!   only with `foundation_to_depot` (rule 6), onto a depot top that accepts them by rule 2, or
//!   onto an empty depot.
//! * A reserve that holds a card accepts nothing, whatever `reserve_space` says; an empty one takes
//!   one card from a depot or a reserve (rule 4) as `reserve_space` allows (`AfterStock`: only
//!   once the stock is empty).
//! * Deal: Algerian and Algerian after Parlett deal one card to each depot P0..P7 when the stock
//!   holds exactly 8 cards, otherwise one card to each reserve R0..R5, twice (R0..R5, R0..R5), or
//!   as many as are left in that order when fewer than 12 remain (test positions only). Carthage
//!   always deals to the reserves. There is no redeal and no opening choice: `Redeal` and `Choose`
//!   are refused.
//! * A consistent layout has 8 foundations, 6 reserves and 8 depots, two copies of each of the 52
//!   cards (which id stands for which copy is not checked), and every foundation a run from its
//!   base. Reserve and depot heights are free (deals and building make them grow).
//! * Pile names are exact: `F0`..`F7`, `R0`..`R5`, `P0`..`P7`; upper case, no extra zeros.
//! * [`crate::plain_search`] counts the start position as the first state expanded; a won
//!   position is recognised when generated and not counted. A start that is already won is
//!   `Won(vec![])`. Moves after a win are still checked by [`crate::replay`].
//! * `Options::default()` is Algerian's: `reserve_space = Any`, `foundation_to_depot` on.

use crate::rules::legal_among;
use crate::shared::{all_foundations_full, check_cards, check_foundation_count, check_pile_count};
use crate::{CARD_COUNT, Family, GivenOptions, Move, Piles, Rules, card_code, rank_of, suit_of};

// ---------------------------------------------------------------------------------------------
// Variants, options, layouts
// ---------------------------------------------------------------------------------------------

/// The three games of the Algerian family (`RULES.md` §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// PySolFC 322 "Algerian Patience": the four deck-0 kings start on F4..F7.
    Algerian,
    /// PySolFC 321: eight foundations up from the ace, depots build down in suit without wrap.
    Carthage,
    /// The older Wikipedia layout: no card pre-placed, 12 cards on the depots, 6 reserves × 4.
    AlgerianParlett,
}

impl Variant {
    /// Does the deal put one card on each depot when the stock holds exactly 8 cards? Algerian and
    /// Algerian after Parlett: yes. Carthage: never.
    pub fn deals_last_eight_to_depots(self) -> bool {
        match self {
            Variant::Algerian | Variant::AlgerianParlett => true,
            Variant::Carthage => false,
        }
    }
}

/// Where a card may go into an empty reserve (`RULES.md` §4 options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReserveSpace {
    /// At any time (PySolFC).
    Any,
    /// Only once the stock is empty (the seed text; Parlett).
    AfterStock,
    /// Never: an empty reserve stays empty until a deal.
    Never,
}

/// Rule options (`RULES.md` §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// When an empty reserve may take one card from a depot or a reserve.
    pub reserve_space: ReserveSpace,
    /// A foundation's top card may move back to a depot (PySolFC). Off: it never leaves the
    /// foundations (it may still move to another foundation).
    pub foundation_to_depot: bool,
}

impl Options {
    /// The variant's own rules: Algerian and Carthage `Any`, Algerian after Parlett `AfterStock`;
    /// foundation to depot allowed in all three.
    pub fn for_variant(variant: Variant) -> Options {
        let reserve_space = match variant {
            Variant::Algerian | Variant::Carthage => ReserveSpace::Any,
            Variant::AlgerianParlett => ReserveSpace::AfterStock,
        };
        Options { reserve_space, foundation_to_depot: true }
    }
}

impl Default for Options {
    /// Algerian's rules: `reserve_space = Any`, foundation to depot allowed.
    fn default() -> Self {
        Options::for_variant(Variant::Algerian)
    }
}

/// A layout: every pile listed bottom→top as card ids, the stock listed with the next card to deal
/// FIRST.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Always 8 (see the module text for each variant's bases and directions).
    pub foundations: Vec<Vec<u8>>,
    /// Always 6: R0..R5.
    pub reserves: Vec<Vec<u8>>,
    /// Always 8: the depots P0..P7.
    pub rows: Vec<Vec<u8>>,
    /// The stock, next card to deal first.
    pub stock_top_first: Vec<u8>,
}

/// Deals the starting layout from a talon order (`RULES.md` §4; Algerian's hook "K to top" is
/// already applied, so `talon[0]` is the first card dealt). Panics unless `talon.len() == 104`.
pub fn layout_from_talon(variant: Variant, talon: &[u8]) -> Layout {
    assert_eq!(talon.len(), CARD_COUNT, "a talon has exactly 104 cards");
    let d = talon;
    match variant {
        Variant::Algerian => {
            // F4..F7 = D[0..4] (K♣ K♠ K♥ K♦ after the hook), F0..F3 empty.
            let mut foundations: Vec<Vec<u8>> = vec![Vec::new(); 8];
            for i in 0..4 {
                foundations[4 + i].push(d[i]);
            }
            // P_i = D[4+i]; reserve i bottom→top = D[12+i+6k], k = 0..5; stock D[48..].
            Layout {
                foundations,
                reserves: (0..6).map(|i| (0..6).map(|k| d[12 + i + 6 * k]).collect()).collect(),
                rows: (0..8).map(|i| vec![d[4 + i]]).collect(),
                stock_top_first: d[48..].to_vec(),
            }
        }
        Variant::Carthage => {
            // No foundation card; P_i = D[i]; reserve i = D[8+i+6k], k = 0..5; stock D[44..].
            Layout {
                foundations: vec![Vec::new(); 8],
                reserves: (0..6).map(|i| (0..6).map(|k| d[8 + i + 6 * k]).collect()).collect(),
                rows: (0..8).map(|i| vec![d[i]]).collect(),
                stock_top_first: d[44..].to_vec(),
            }
        }
        Variant::AlgerianParlett => {
            // Depots round-robin: D[0..8] one to each of P0..P7, then D[8..12] a second card on
            // P0..P3. Reserve i = D[12+i+6k], k = 0..3; stock D[36..].
            let mut rows: Vec<Vec<u8>> = (0..8).map(|i| vec![d[i]]).collect();
            for i in 0..4 {
                rows[i].push(d[8 + i]);
            }
            Layout {
                foundations: vec![Vec::new(); 8],
                reserves: (0..6).map(|i| (0..4).map(|k| d[12 + i + 6 * k]).collect()).collect(),
                rows,
                stock_top_first: d[36..].to_vec(),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Foundations (RULES.md §4)
// ---------------------------------------------------------------------------------------------

/// The suit of foundation `f` and whether it builds up (from the ace) or down (from the king).
/// Algerian, Parlett: F0..F3 up, F4..F7 down, suit f mod 4. Carthage: all up, suit f / 2.
fn foundation_rule(variant: Variant, f: usize) -> (u8, bool) {
    match variant {
        Variant::Algerian | Variant::AlgerianParlett => ((f % 4) as u8, f < 4),
        Variant::Carthage => ((f / 2) as u8, true),
    }
}

/// The rank a foundation of direction `up` needs at `height`: the height going up, 12 − height
/// going down.
fn rank_at(up: bool, height: usize) -> u8 {
    if up { height as u8 } else { 12 - height as u8 }
}

/// Does foundation `f` accept `card`? Its suit, the next rank in its direction, at most 13 cards,
/// no wrap. (The foundation is a run from its base, checked when the position was made.)
fn foundation_accepts(variant: Variant, foundations: &[Vec<u8>], f: usize, card: u8) -> bool {
    let height = foundations[f].len();
    if height >= 13 {
        return false;
    }
    let (suit, up) = foundation_rule(variant, f);
    suit_of(card) == suit && rank_of(card) == rank_at(up, height)
}

// ---------------------------------------------------------------------------------------------
// Piles and moves
// ---------------------------------------------------------------------------------------------

/// A pile of the position, by kind and index (what the position's [`crate::Action`]s name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    Foundation(usize),
    Reserve(usize),
    Depot(usize),
}

/// A move in index form (what the engine works with).
type Action = crate::Action<Pile>;

/// Every pile, in a fixed order: foundations F0..F7, reserves R0..R5, depots P0..P7 (the same in
/// all three games).
fn all_piles() -> Vec<Pile> {
    let mut piles = Vec::new();
    piles.extend((0..8).map(Pile::Foundation));
    piles.extend((0..6).map(Pile::Reserve));
    piles.extend((0..8).map(Pile::Depot));
    piles
}

/// The pile's name (`RULES.md` §0): `F0`..`F7`, `R0`..`R5`, `P0`..`P7`.
fn pile_name(pile: Pile) -> String {
    match pile {
        Pile::Foundation(i) => format!("F{i}"),
        Pile::Reserve(i) => format!("R{i}"),
        Pile::Depot(i) => format!("P{i}"),
    }
}

/// Finds the pile with exactly this name; `None` if there is no such pile.
fn parse_pile(name: &str) -> Option<Pile> {
    all_piles().into_iter().find(|&pile| pile_name(pile) == name)
}

// ---------------------------------------------------------------------------------------------
// Layout consistency
// ---------------------------------------------------------------------------------------------

/// Checks that a layout is a consistent position of the variant: 8 foundations, 6 reserves and 8
/// depots, every card id below 104, exactly two copies of each of the 52 cards (either id may
/// stand for either copy), and every foundation a run of its own suit from its base in its own
/// direction (see the module text).
pub fn check_layout(variant: Variant, layout: &Layout) -> Result<(), String> {
    check_foundation_count(&layout.foundations)?;
    check_pile_count("reserves", layout.reserves.len(), 6, variant)?;
    check_pile_count("depots", layout.rows.len(), 8, variant)?;
    let all_cards = layout
        .foundations
        .iter()
        .chain(&layout.reserves)
        .chain(&layout.rows)
        .flatten()
        .chain(&layout.stock_top_first);
    // The shared check counts the copies; the foundations are checked here, by this family's own
    // bases and directions (Carthage's differ from the other families').
    check_cards(all_cards, &[])?;
    for (f, pile) in layout.foundations.iter().enumerate() {
        let (suit, up) = foundation_rule(variant, f);
        for (height, &card) in pile.iter().enumerate() {
            if height >= 13 {
                return Err(format!("F{f} holds more than 13 cards"));
            }
            if suit_of(card) != suit || rank_of(card) != rank_at(up, height) {
                return Err(format!(
                    "F{f} holds {} at height {height}: not a run from its base",
                    card_code(card)
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The position and the rules engine
// ---------------------------------------------------------------------------------------------

/// Why an action is illegal (kept cheap: the search checks every candidate action).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Illegal {
    DealFromEmptyStock,
    NoRedeal,
    EmptySource(Pile),
    OntoItself(Pile),
    FoundationToReserve,
    FoundationToDepotOff,
    OccupiedReserve(Pile),
    ReserveSpaceWithStock,
    ReserveSpaceNever,
    /// The destination does not accept this card.
    Refused(Pile, u8),
}

impl Illegal {
    fn reason(self, variant: Variant) -> String {
        let name = pile_name;
        match self {
            Illegal::DealFromEmptyStock => "deal with an empty stock".to_string(),
            Illegal::NoRedeal => format!("{variant:?} has no redeal"),
            Illegal::EmptySource(p) => format!("{} is empty", name(p)),
            Illegal::OntoItself(p) => format!("{} onto itself", name(p)),
            Illegal::FoundationToReserve => "a foundation card never goes to a reserve".to_string(),
            Illegal::FoundationToDepotOff => {
                "foundation to depot is off (foundation_to_depot = false)".to_string()
            }
            Illegal::OccupiedReserve(p) => {
                format!("{}: a reserve holding a card accepts nothing", name(p))
            }
            Illegal::ReserveSpaceWithStock => {
                "an empty reserve takes a card only once the stock is empty".to_string()
            }
            Illegal::ReserveSpaceNever => {
                "an empty reserve never takes a card (reserve_space = never)".to_string()
            }
            Illegal::Refused(p, card) => {
                format!("{} does not accept {}", name(p), card_code(card))
            }
        }
    }
}

/// A complete position of one game: every pile and the stock.
#[derive(Debug, PartialEq, Eq)]
pub struct Position {
    variant: Variant,
    options: Options,
    foundations: Vec<Vec<u8>>,
    reserves: Vec<Vec<u8>>,
    depots: Vec<Vec<u8>>,
    /// The stock bottom→top like every other pile: the LAST element is the next card dealt.
    /// (The reverse of `Layout::stock_top_first`.)
    stock: Vec<u8>,
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
            depots: self.depots.clone(),
            stock: self.stock.clone(),
        }
    }

    fn clone_from(&mut self, source: &Position) {
        self.variant = source.variant;
        self.options = source.options;
        self.foundations.clone_from(&source.foundations);
        self.reserves.clone_from(&source.reserves);
        self.depots.clone_from(&source.depots);
        self.stock.clone_from(&source.stock);
    }
}

impl Position {
    /// The position of a layout. Errors if the layout is not consistent (see
    /// [`check_layout`]).
    pub fn new(variant: Variant, options: &Options, layout: &Layout) -> Result<Position, String> {
        check_layout(variant, layout)?;
        let mut stock = layout.stock_top_first.clone();
        stock.reverse();
        Ok(Position {
            variant,
            options: *options,
            foundations: layout.foundations.clone(),
            reserves: layout.reserves.clone(),
            depots: layout.rows.clone(),
            stock,
        })
    }

    /// The position as a layout.
    pub fn to_layout(&self) -> Layout {
        let mut stock_top_first = self.stock.clone();
        stock_top_first.reverse();
        Layout {
            foundations: self.foundations.clone(),
            reserves: self.reserves.clone(),
            rows: self.depots.clone(),
            stock_top_first,
        }
    }

    fn pile(&self, pile: Pile) -> &Vec<u8> {
        match pile {
            Pile::Foundation(i) => &self.foundations[i],
            Pile::Reserve(i) => &self.reserves[i],
            Pile::Depot(i) => &self.depots[i],
        }
    }

    fn pile_mut(&mut self, pile: Pile) -> &mut Vec<u8> {
        match pile {
            Pile::Foundation(i) => &mut self.foundations[i],
            Pile::Reserve(i) => &mut self.reserves[i],
            Pile::Depot(i) => &mut self.depots[i],
        }
    }

    /// Does depot `p` accept `card`? An empty depot takes any card (rule 3). On a card (rule 2):
    /// Algerian, Parlett: same suit and rank ±1 WITH wrap (K on A, A on K; the direction may change
    /// within a pile). Carthage: same suit and rank exactly one lower, no wrap.
    fn depot_accepts(&self, p: usize, card: u8) -> bool {
        let Some(&top) = self.depots[p].last() else {
            return true;
        };
        if suit_of(card) != suit_of(top) {
            return false;
        }
        let (a, b) = (rank_of(card), rank_of(top));
        match self.variant {
            Variant::Algerian | Variant::AlgerianParlett => (a + 1) % 13 == b || (b + 1) % 13 == a,
            Variant::Carthage => a + 1 == b,
        }
    }

    /// Is the action legal here? `Err` says why not (see [`Illegal::reason`]).
    fn check(&self, action: Action) -> Result<(), Illegal> {
        match action {
            Action::Choose(_) => unreachable!("refused by legal_action: no opening choice"),
            // §4: no redeal in any of the three games.
            Action::Redeal => Err(Illegal::NoRedeal),
            // §4 rule 7: a deal any time the stock is not empty.
            Action::Deal => {
                if self.stock.is_empty() {
                    Err(Illegal::DealFromEmptyStock)
                } else {
                    Ok(())
                }
            }
            Action::Card { from, to } => {
                let Some(&card) = self.pile(from).last() else {
                    return Err(Illegal::EmptySource(from));
                };
                if from == to {
                    return Err(Illegal::OntoItself(from));
                }
                let from_foundation = matches!(from, Pile::Foundation(_));
                match to {
                    // Rule 1 (depot or reserve top) and rule 5 (another foundation's top, "the
                    // foundations meet"): onto a foundation that accepts the card.
                    Pile::Foundation(f) => {
                        if foundation_accepts(self.variant, &self.foundations, f, card) {
                            Ok(())
                        } else {
                            Err(Illegal::Refused(to, card))
                        }
                    }
                    // Rules 2 and 3 (depot or reserve top), rule 6 (foundation top, with the
                    // option): onto a depot top that accepts it, or onto an empty depot.
                    Pile::Depot(p) => {
                        if from_foundation && !self.options.foundation_to_depot {
                            Err(Illegal::FoundationToDepotOff)
                        } else if self.depot_accepts(p, card) {
                            Ok(())
                        } else {
                            Err(Illegal::Refused(to, card))
                        }
                    }
                    // Rule 4: depot or reserve top → an EMPTY reserve, one card only, when
                    // `reserve_space` allows. A foundation card never goes to a reserve.
                    Pile::Reserve(r) => {
                        if from_foundation {
                            Err(Illegal::FoundationToReserve)
                        } else if !self.reserves[r].is_empty() {
                            Err(Illegal::OccupiedReserve(to))
                        } else {
                            match self.options.reserve_space {
                                ReserveSpace::Any => Ok(()),
                                ReserveSpace::AfterStock => {
                                    if self.stock.is_empty() {
                                        Ok(())
                                    } else {
                                        Err(Illegal::ReserveSpaceWithStock)
                                    }
                                }
                                ReserveSpace::Never => Err(Illegal::ReserveSpaceNever),
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The Algerian family's rules as the replay and the search see them.
impl Rules for Position {
    type Action = Action;

    fn is_won(&self) -> bool {
        all_foundations_full(&self.foundations)
    }

    /// Every legal action, in a fixed order: card moves by source (depots P0..P7, reserves R0..R5,
    /// foundations F0..F7) and, for each source, by destination (foundations F0..F7, depots
    /// P0..P7, reserves R0..R5), then the deal. Plainly: try every candidate and keep those
    /// `check` accepts.
    fn legal_actions(&self) -> Vec<Action> {
        let sources = (0..8)
            .map(Pile::Depot)
            .chain((0..6).map(Pile::Reserve))
            .chain((0..8).map(Pile::Foundation));
        let mut candidates = Vec::new();
        for from in sources {
            // An empty source is refused by `check` anyway; skipping it only saves time.
            if self.pile(from).is_empty() {
                continue;
            }
            let destinations = (0..8)
                .map(Pile::Foundation)
                .chain((0..8).map(Pile::Depot))
                .chain((0..6).map(Pile::Reserve));
            for to in destinations {
                candidates.push(Action::Card { from, to });
            }
        }
        legal_among(candidates, |a| self.check(a).is_ok())
    }

    fn legal_action(&self, mv: &Move) -> Result<Action, String> {
        let action = Action::from_move(mv, self.variant, parse_pile)?;
        if let Action::Choose(_) = action {
            return Err(format!("{:?} has no opening choice", self.variant));
        }
        self.check(action).map_err(|illegal| illegal.reason(self.variant))?;
        Ok(action)
    }

    /// Performs a legal action (call `check` first).
    fn apply(&mut self, action: Action) {
        match action {
            Action::Choose(_) => unreachable!("refused by legal_action: no opening choice"),
            Action::Redeal => unreachable!("refused by check: no redeal"),
            Action::Card { from, to } => {
                let card = self.pile_mut(from).pop().expect("checked: source not empty");
                self.pile_mut(to).push(card);
            }
            Action::Deal => {
                if self.variant.deals_last_eight_to_depots() && self.stock.len() == 8 {
                    // The last 8 cards: one to each depot P0..P7 in order.
                    for p in 0..8 {
                        let card = self.stock.pop().expect("8 cards in the stock");
                        self.depots[p].push(card);
                    }
                } else {
                    // One card to each reserve R0..R5, twice (empty reserves and full alike);
                    // fewer when the stock runs out, in the same order.
                    for _round in 0..2 {
                        for r in 0..6 {
                            if let Some(card) = self.stock.pop() {
                                self.reserves[r].push(card);
                            }
                        }
                    }
                }
            }
        }
    }

    fn to_move(&self, action: Action) -> Move {
        action.to_move(pile_name)
    }

    /// The complete position as bytes, for the visited set: every pile (foundations, reserves,
    /// depots, stock) in full, each preceded by its length. (The variant and the options are
    /// fixed for a search.)
    fn write_key(&self, key: &mut Vec<u8>) {
        key.clear();
        let piles = self
            .foundations
            .iter()
            .chain(&self.reserves)
            .chain(&self.depots)
            .chain(std::iter::once(&self.stock));
        for pile in piles {
            key.push(pile.len() as u8);
            key.extend_from_slice(pile);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The family, for the generic replay and search and the by-name entry
// ---------------------------------------------------------------------------------------------

impl Family for Variant {
    type Options = Options;
    type Layout = Layout;
    type Position = Position;

    const ALL: &'static [Variant] =
        &[Variant::Algerian, Variant::Carthage, Variant::AlgerianParlett];

    fn name(self) -> &'static str {
        match self {
            Variant::Algerian => "algerian",
            Variant::Carthage => "carthage",
            Variant::AlgerianParlett => "algerian-parlett",
        }
    }

    fn position(self, options: &Options, layout: &Layout) -> Result<Position, String> {
        Position::new(self, options, layout)
    }

    /// `reserve-space` (`any`, `after-stock` or `never`), `foundation-to-depot` (`true` or
    /// `false`).
    fn options_named(self, given: &mut GivenOptions) -> Result<Options, String> {
        Ok(Options {
            reserve_space: given.choice(
                "reserve-space",
                &[
                    ("any", ReserveSpace::Any),
                    ("after-stock", ReserveSpace::AfterStock),
                    ("never", ReserveSpace::Never),
                ],
            )?,
            foundation_to_depot: given.flag("foundation-to-depot")?,
        })
    }

    /// Foundations, reserves, the depots (`rows`) and the stock; no terrace, waste or quilt.
    fn layout_of_piles(self, piles: &Piles) -> Result<Layout, String> {
        piles.none_in_terrace()?;
        piles.none_in_wastes()?;
        piles.none_in_quilt()?;
        Ok(Layout {
            foundations: piles.foundations.clone(),
            reserves: piles.reserves.clone(),
            rows: piles.rows.clone(),
            stock_top_first: piles.stock_top_first.clone(),
        })
    }

    fn piles_of(self, position: &Position) -> Piles {
        let layout = position.to_layout();
        Piles {
            foundations: layout.foundations,
            reserves: layout.reserves,
            rows: layout.rows,
            stock_top_first: layout.stock_top_first,
            ..Piles::default()
        }
    }

    /// No redeal in this family: only 0 left.
    fn with_redeals_left(self, _position: &mut Position, left: u8) -> Result<(), String> {
        if left == 0 {
            Ok(())
        } else {
            Err(format!("{left} redeals left, but the family has no redeal"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::walk_checking_keys;

    const VARIANTS: [Variant; 3] = [Variant::Algerian, Variant::Carthage, Variant::AlgerianParlett];

    /// The talon `0..104` with Algerian's hook: deck-0 K♣ K♠ K♥ K♦ first, then every other id in
    /// order. (Carthage and Parlett take it as it is: it is a valid talon for them too.)
    fn talon() -> Vec<u8> {
        let head = [12u8, 25, 38, 51];
        let mut talon = head.to_vec();
        talon.extend((0..104u8).filter(|id| !head.contains(id)));
        talon
    }

    /// Every pile name parses back to its pile, and nothing else does.
    #[test]
    fn pile_names_round_trip() {
        let piles = all_piles();
        assert_eq!(piles.len(), 8 + 6 + 8);
        for pile in piles {
            assert_eq!(parse_pile(&pile_name(pile)), Some(pile));
        }
        for name in ["F8", "R6", "P8", "W", "F00", "p0", "Q00", ""] {
            assert_eq!(parse_pile(name), None, "{name:?}");
        }
    }

    /// The visited set must tell apart positions that differ in anything: walk randomly through
    /// each game (every option setting) and check that equal keys mean equal positions.
    #[test]
    fn keys_identify_complete_positions() {
        let mut seed: u64 = 11;
        for variant in VARIANTS {
            for reserve_space in [ReserveSpace::Any, ReserveSpace::AfterStock, ReserveSpace::Never]
            {
                for foundation_to_depot in [true, false] {
                    let options = Options { reserve_space, foundation_to_depot };
                    let layout = layout_from_talon(variant, &talon());
                    let start = Position::new(variant, &options, &layout).unwrap();
                    let seen = walk_checking_keys(&start, &mut seed, 200);
                    assert!(seen > 500, "{variant:?} {options:?}: only {seen} positions");
                }
            }
        }
    }
}
