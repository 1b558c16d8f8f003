//! Reference rules for the Crazy Quilt family (Crazy Quilt, Indian Carpet, Persian Rug).
//!
//! The *plain* implementation of `RULES.md` §0 and §5, written to be read, not to be fast, and
//! sharing no code with the fast solver. The crate's [`crate::replay`] and
//! [`crate::plain_search`] play it through one small rules engine, [`Position`]: `check` says
//! whether an action is legal (and why not), `apply` performs it. Availability in the quilt is
//! computed geometrically, straight from the rule text, by [`is_available`]: a plain 8×8 array of
//! cells, no bit masks.
//!
//! Conventions (`RULES.md` §0): card id = `deck*52 + suit*13 + rank`, suits C=0 S=1 H=2 D=3, ranks
//! 0..12 = A..K; the two copies of a card are interchangeable. Every pile is listed bottom→top; the
//! stock in a [`Layout`] is listed with the next card to deal first. Quilt cell `Q<r><c>` is
//! row `r`, column `c` (`Q07` = row 0, column 7).
//!
//! Readings taken where the rule book leaves room:
//! * [`is_available`] of a hole (or of a cell off the grid) is `false`: there is no card there.
//! * A redeal needs an empty stock and a redeal left; the waste may be empty (it then only spends a
//!   redeal), as in the Alhambra reference. Moves after a win are still checked by
//!   [`crate::replay`].
//! * Persian Rug has no stock and no waste: `Deal`, `Redeal` and the name `W` are refused whatever
//!   `options.redeals` says. Crazy Quilt and Indian Carpet have no reserves: `R0`.. are refused.
//! * Persian Rug: a reserve top may move onto an empty reserve even when it is the last card of its
//!   own reserve (a legal move that only renames the pile); a card never moves onto its own pile.
//! * `waste_wrap = false` removes the K↔A wrap from building on the waste (Crazy Quilt, Indian
//!   Carpet) and on the reserves (Persian Rug). Foundations never wrap.
//! * Pile names are exact: `F0`..`F7`, `Q00`..`Q77` (two digits, each 0–7), `W`, `R0`..`R7`; upper
//!   case, no extra zeros.
//! * A consistent layout holds two copies of each of the 52 cards; which id stands for which copy is
//!   not checked. Reserve heights are free (building makes them grow).
//! * [`crate::plain_search`] counts the start position as the first state expanded; a won
//!   position is recognised when generated and not counted. A start that is already won is
//!   `Won(vec![])`.
//! * `Options::default()` is Crazy Quilt's: wrap on, 1 redeal.

use crate::rules::legal_among;
use crate::shared::{
    all_foundations_full, check_cards, check_foundation_count, check_pile_count, foundation_accepts,
};
use crate::{CARD_COUNT, Family, GivenOptions, Move, Piles, Rules, card_code, rank_of, suit_of};

// ---------------------------------------------------------------------------------------------
// Variants, options, layouts
// ---------------------------------------------------------------------------------------------

/// The three games of the Crazy Quilt family (`RULES.md` §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    CrazyQuilt,
    IndianCarpet,
    PersianRug,
}

impl Variant {
    /// Crazy Quilt and Indian Carpet have a stock and one waste; Persian Rug has neither.
    pub fn has_waste(self) -> bool {
        match self {
            Variant::CrazyQuilt | Variant::IndianCarpet => true,
            Variant::PersianRug => false,
        }
    }

    /// Number of reserve piles: 8 for Persian Rug, none otherwise.
    pub fn reserve_count(self) -> usize {
        match self {
            Variant::CrazyQuilt | Variant::IndianCarpet => 0,
            Variant::PersianRug => 8,
        }
    }

    /// The variant's own number of redeals: 1 (Crazy Quilt), 2 (Indian Carpet), 0 (Persian Rug).
    pub fn default_redeals(self) -> u8 {
        match self {
            Variant::CrazyQuilt => 1,
            Variant::IndianCarpet => 2,
            Variant::PersianRug => 0,
        }
    }
}

/// Rule options (`RULES.md` §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Building on the waste (Crazy Quilt, Indian Carpet) or on a reserve (Persian Rug) is same
    /// suit and rank ±1; with `waste_wrap` the ranks also wrap (K↔A). Default on.
    pub waste_wrap: bool,
    /// Number of redeals left at the start of the position.
    pub redeals: u8,
}

impl Options {
    /// The variant's own rules: wrap on, and its own number of redeals (1, 2, 0).
    pub fn for_variant(variant: Variant) -> Options {
        Options { waste_wrap: true, redeals: variant.default_redeals() }
    }
}

impl Default for Options {
    /// Crazy Quilt's rules: wrap on, 1 redeal.
    fn default() -> Self {
        Options::for_variant(Variant::CrazyQuilt)
    }
}

/// A layout: every pile listed bottom→top as card ids, the stock listed with the next card to deal
/// FIRST.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Always 8: F0..F3 build up from the aces of C S H D, F4..F7 build down from the kings.
    pub foundations: Vec<Vec<u8>>,
    /// `quilt[r][c]`, row r, column c; `None` is a hole (never refilled).
    pub quilt: [[Option<u8>; 8]; 8],
    /// 8 for Persian Rug, empty otherwise.
    pub reserves: Vec<Vec<u8>>,
    /// The waste, bottom→top (always empty for Persian Rug).
    pub waste: Vec<u8>,
    /// The stock, next card to deal first (always empty for Persian Rug).
    pub stock_top_first: Vec<u8>,
}

/// Deals the starting layout from a talon order (`RULES.md` §5; the hook "A/K to top" is already
/// applied, so `talon[0]` is the first card dealt). Panics unless `talon.len() == 104`.
pub fn layout_from_talon(variant: Variant, talon: &[u8]) -> Layout {
    assert_eq!(talon.len(), CARD_COUNT, "a talon has exactly 104 cards");
    let d = talon;
    // F0..F7 = D[0..8], one card each (A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦ after the hook).
    let foundations: Vec<Vec<u8>> = (0..8).map(|i| vec![d[i]]).collect();
    // Q[r][c] = D[8 + 8r + c], row-major.
    let mut quilt = [[None; 8]; 8];
    for (r, row) in quilt.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            *cell = Some(d[8 + 8 * r + c]);
        }
    }
    if variant.has_waste() {
        // Stock = D[72..104], D[72] dealt first. Waste empty.
        Layout {
            foundations,
            quilt,
            reserves: Vec::new(),
            waste: Vec::new(),
            stock_top_first: d[72..].to_vec(),
        }
    } else {
        // Persian Rug: reserve i (0..7), bottom→top = D[72+i], D[80+i], D[88+i], D[96+i].
        let reserves: Vec<Vec<u8>> =
            (0..8).map(|i| (0..4).map(|k| d[72 + i + 8 * k]).collect()).collect();
        Layout { foundations, quilt, reserves, waste: Vec::new(), stock_top_first: Vec::new() }
    }
}

// ---------------------------------------------------------------------------------------------
// The quilt's geometry (RULES.md §5)
// ---------------------------------------------------------------------------------------------

/// Is the card at row r, column c laid VERTICALLY? §5: vertical iff (r+c) is even (`Q[0][0]` is
/// vertical); otherwise it is horizontal.
pub fn is_vertical(r: usize, c: usize) -> bool {
    (r + c).is_multiple_of(2)
}

/// The two cells the card's SHORT sides face (§5), possibly off the grid: for a vertical card the
/// cells above and below, (r−1,c) and (r+1,c); for a horizontal card the cells to its left and
/// right, (r,c−1) and (r,c+1).
pub fn short_side_cells(r: usize, c: usize) -> [(isize, isize); 2] {
    let (ri, ci) = (r as isize, c as isize);
    if is_vertical(r, c) { [(ri - 1, ci), (ri + 1, ci)] } else { [(ri, ci - 1), (ri, ci + 1)] }
}

/// Is the cell (r, c) off the 8×8 grid, or on it and empty (a hole)?
fn off_grid_or_empty(quilt: &[[Option<u8>; 8]; 8], r: isize, c: isize) -> bool {
    if !(0..8).contains(&r) || !(0..8).contains(&c) {
        return true;
    }
    quilt[r as usize][c as usize].is_none()
}

/// §5: a quilt card is AVAILABLE iff at least one of its two short-side neighbour cells is off the
/// grid or already empty. A hole (or a cell off the grid) holds no card and is not available.
pub fn is_available(quilt: &[[Option<u8>; 8]; 8], r: usize, c: usize) -> bool {
    if r >= 8 || c >= 8 || quilt[r][c].is_none() {
        return false;
    }
    short_side_cells(r, c).iter().any(|&(nr, nc)| off_grid_or_empty(quilt, nr, nc))
}

/// Every available cell, row-major.
pub fn available_cells(quilt: &[[Option<u8>; 8]; 8]) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            if is_available(quilt, r, c) {
                cells.push((r, c));
            }
        }
    }
    cells
}

// ---------------------------------------------------------------------------------------------
// Piles and moves
// ---------------------------------------------------------------------------------------------

/// A pile of the position, by kind and index (what the position's [`crate::Action`]s name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    Foundation(usize),
    /// Row, column.
    Quilt(usize, usize),
    Waste,
    Reserve(usize),
}

/// A move in index form (what the engine works with).
type Action = crate::Action<Pile>;

/// Every pile of the variant, in a fixed order: foundations, quilt cells (row-major), the waste
/// (Crazy Quilt, Indian Carpet), reserves (Persian Rug).
fn all_piles(variant: Variant) -> Vec<Pile> {
    let mut piles = Vec::new();
    piles.extend((0..8).map(Pile::Foundation));
    for r in 0..8 {
        for c in 0..8 {
            piles.push(Pile::Quilt(r, c));
        }
    }
    if variant.has_waste() {
        piles.push(Pile::Waste);
    }
    piles.extend((0..variant.reserve_count()).map(Pile::Reserve));
    piles
}

/// The pile's name (`RULES.md` §0): `F0`..`F7`, `Q<r><c>`, `W`, `R0`..`R7`.
fn pile_name(pile: Pile) -> String {
    match pile {
        Pile::Foundation(i) => format!("F{i}"),
        Pile::Quilt(r, c) => format!("Q{r}{c}"),
        Pile::Waste => "W".to_string(),
        Pile::Reserve(i) => format!("R{i}"),
    }
}

/// Finds the pile with exactly this name in the variant; `None` if there is no such pile.
fn parse_pile(variant: Variant, name: &str) -> Option<Pile> {
    all_piles(variant).into_iter().find(|&pile| pile_name(pile) == name)
}

// ---------------------------------------------------------------------------------------------
// Layout consistency
// ---------------------------------------------------------------------------------------------

/// Checks that a layout is a consistent position of the variant: 8 foundations, 8 reserves for
/// Persian Rug and none otherwise, no waste or stock for Persian Rug, every card id below 104,
/// exactly two copies of each of the 52 cards (either id may stand for either copy), and every
/// foundation a run of its own suit from its base (F0..F3 up from the ace of C S H D, F4..F7 down
/// from the king).
pub fn check_layout(variant: Variant, layout: &Layout) -> Result<(), String> {
    check_foundation_count(&layout.foundations)?;
    check_pile_count("reserves", layout.reserves.len(), variant.reserve_count(), variant)?;
    if !variant.has_waste() && !layout.waste.is_empty() {
        return Err(format!("{variant:?} has no waste"));
    }
    if !variant.has_waste() && !layout.stock_top_first.is_empty() {
        return Err(format!("{variant:?} has no stock"));
    }
    let quilt_cards = layout.quilt.iter().flatten().flatten();
    let all_cards = layout
        .foundations
        .iter()
        .chain(&layout.reserves)
        .flatten()
        .chain(quilt_cards)
        .chain(&layout.waste)
        .chain(&layout.stock_top_first);
    check_cards(all_cards, &layout.foundations)
}

// ---------------------------------------------------------------------------------------------
// The position and the rules engine
// ---------------------------------------------------------------------------------------------

/// Why an action is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Illegal {
    NoStockInVariant,
    DealFromEmptyStock,
    RedealWithStock,
    NoRedealLeft,
    FromFoundation(Pile),
    EmptySource(Pile),
    Unavailable(Pile),
    OntoQuilt(Pile),
    WasteOnlyToFoundation,
    OntoItself(Pile),
    EmptyWaste,
    /// The destination does not accept this card.
    Refused(Pile, u8),
}

impl Illegal {
    fn reason(self, variant: Variant) -> String {
        let name = pile_name;
        match self {
            Illegal::NoStockInVariant => format!("{variant:?} has no stock"),
            Illegal::DealFromEmptyStock => "deal with an empty stock".to_string(),
            Illegal::RedealWithStock => "redeal while the stock is not empty".to_string(),
            Illegal::NoRedealLeft => "no redeal left".to_string(),
            Illegal::FromFoundation(p) => format!("{}: foundation cards never move", name(p)),
            Illegal::EmptySource(p) => format!("{} is empty", name(p)),
            Illegal::Unavailable(p) => format!("{} is not available", name(p)),
            Illegal::OntoQuilt(p) => format!("{}: nothing moves onto the quilt", name(p)),
            Illegal::WasteOnlyToFoundation => "the waste top only goes to a foundation".to_string(),
            Illegal::OntoItself(p) => format!("{} onto itself", name(p)),
            Illegal::EmptyWaste => "an empty waste accepts nothing".to_string(),
            Illegal::Refused(p, card) => {
                format!("{} does not accept {}", name(p), card_code(card))
            }
        }
    }
}

/// Same suit and rank ±1, with the K↔A wrap when `wrap` (§5 building on the waste or a reserve).
fn builds_on(card: u8, top: u8, wrap: bool) -> bool {
    if suit_of(card) != suit_of(top) {
        return false;
    }
    let (a, b) = (rank_of(card), rank_of(top));
    if a + 1 == b || b + 1 == a {
        return true;
    }
    wrap && ((a == 12 && b == 0) || (a == 0 && b == 12))
}

/// A complete position of one game: every pile, the quilt, the stock and the redeals left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    variant: Variant,
    options: Options,
    foundations: Vec<Vec<u8>>,
    quilt: [[Option<u8>; 8]; 8],
    reserves: Vec<Vec<u8>>,
    waste: Vec<u8>,
    /// The stock bottom→top like every other pile: the LAST element is the next card dealt.
    /// (The reverse of `Layout::stock_top_first`.)
    stock: Vec<u8>,
    redeals_left: u8,
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
            quilt: layout.quilt,
            reserves: layout.reserves.clone(),
            waste: layout.waste.clone(),
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
            quilt: self.quilt,
            reserves: self.reserves.clone(),
            waste: self.waste.clone(),
            stock_top_first,
        }
    }

    /// Redeals still allowed from this position.
    pub fn redeals_left(&self) -> u8 {
        self.redeals_left
    }

    /// The top card of a pile (the card of a quilt cell), if any.
    fn top(&self, pile: Pile) -> Option<u8> {
        match pile {
            Pile::Foundation(i) => self.foundations[i].last().copied(),
            Pile::Quilt(r, c) => self.quilt[r][c],
            Pile::Waste => self.waste.last().copied(),
            Pile::Reserve(i) => self.reserves[i].last().copied(),
        }
    }

    /// Is the action legal here? `Err` says why not.
    fn check(&self, action: Action) -> Result<(), Illegal> {
        match action {
            Action::Choose(_) => unreachable!("refused by legal_action: no opening choice"),
            // §5: deal: stock top → waste, any time while the stock is non-empty.
            Action::Deal => {
                if !self.variant.has_waste() {
                    Err(Illegal::NoStockInVariant)
                } else if self.stock.is_empty() {
                    Err(Illegal::DealFromEmptyStock)
                } else {
                    Ok(())
                }
            }
            // §5: redeal when the stock is empty and a redeal is left.
            Action::Redeal => {
                if !self.variant.has_waste() {
                    Err(Illegal::NoStockInVariant)
                } else if !self.stock.is_empty() {
                    Err(Illegal::RedealWithStock)
                } else if self.redeals_left == 0 {
                    Err(Illegal::NoRedealLeft)
                } else {
                    Ok(())
                }
            }
            Action::Card { from, to } => {
                // The source: foundation cards never move; a quilt card must be there and
                // available; a waste or reserve must not be empty.
                if let Pile::Foundation(_) = from {
                    return Err(Illegal::FromFoundation(from));
                }
                let Some(card) = self.top(from) else {
                    return Err(Illegal::EmptySource(from));
                };
                if let Pile::Quilt(r, c) = from
                    && !is_available(&self.quilt, r, c)
                {
                    return Err(Illegal::Unavailable(from));
                }
                if from == to {
                    return Err(Illegal::OntoItself(from));
                }
                match to {
                    Pile::Foundation(f) => {
                        if foundation_accepts(&self.foundations, f, card) {
                            Ok(())
                        } else {
                            Err(Illegal::Refused(to, card))
                        }
                    }
                    // Nothing moves onto the quilt; holes are never refilled.
                    Pile::Quilt(_, _) => Err(Illegal::OntoQuilt(to)),
                    // Available quilt card → waste: same suit, ±1 (wrap per option). An empty
                    // waste accepts nothing. (`from` is a quilt cell here: the waste is the only
                    // other source in these variants and it cannot go onto itself.)
                    Pile::Waste => match self.waste.last() {
                        None => Err(Illegal::EmptyWaste),
                        Some(&top) => {
                            if builds_on(card, top, self.options.waste_wrap) {
                                Ok(())
                            } else {
                                Err(Illegal::Refused(to, card))
                            }
                        }
                    },
                    // Persian Rug: available quilt card or another reserve's top → reserve: an
                    // empty reserve takes any card; otherwise same suit ±1 (wrap per option).
                    Pile::Reserve(i) => {
                        if from == Pile::Waste {
                            return Err(Illegal::WasteOnlyToFoundation);
                        }
                        match self.reserves[i].last() {
                            None => Ok(()),
                            Some(&top) => {
                                if builds_on(card, top, self.options.waste_wrap) {
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
    }
}

/// The Crazy Quilt family's rules as the replay and the search see them.
impl Rules for Position {
    type Action = Action;

    fn is_won(&self) -> bool {
        all_foundations_full(&self.foundations)
    }

    fn legal_action(&self, mv: &Move) -> Result<Action, String> {
        let action = Action::from_move(mv, self.variant, |name| parse_pile(self.variant, name))?;
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
            Action::Card { from, to } => {
                let card = match from {
                    Pile::Quilt(r, c) => self.quilt[r][c].take(),
                    Pile::Waste => self.waste.pop(),
                    Pile::Reserve(i) => self.reserves[i].pop(),
                    Pile::Foundation(i) => self.foundations[i].pop(),
                }
                .expect("checked: source not empty");
                match to {
                    Pile::Foundation(i) => self.foundations[i].push(card),
                    Pile::Waste => self.waste.push(card),
                    Pile::Reserve(i) => self.reserves[i].push(card),
                    Pile::Quilt(_, _) => unreachable!("checked: nothing moves onto the quilt"),
                }
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
            }
        }
    }

    /// Every legal action, in a fixed order: card moves by source (quilt cells row-major, the
    /// waste, reserves) and destination (foundations, then the waste or the reserves), then deal,
    /// then redeal. Plainly: try every candidate and keep those `check` accepts.
    fn legal_actions(&self) -> Vec<Action> {
        let mut sources = Vec::new();
        for r in 0..8 {
            for c in 0..8 {
                sources.push(Pile::Quilt(r, c));
            }
        }
        if self.variant.has_waste() {
            sources.push(Pile::Waste);
        }
        sources.extend((0..self.reserves.len()).map(Pile::Reserve));

        let mut destinations: Vec<Pile> = (0..8).map(Pile::Foundation).collect();
        if self.variant.has_waste() {
            destinations.push(Pile::Waste);
        }
        destinations.extend((0..self.reserves.len()).map(Pile::Reserve));

        let mut candidates = Vec::new();
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
    /// foundation, the 64 quilt cells (255 for a hole), every reserve, the waste and the stock,
    /// each pile preceded by its length, then the redeals left.
    fn write_key(&self, key: &mut Vec<u8>) {
        key.clear();
        for pile in &self.foundations {
            key.push(pile.len() as u8);
            key.extend_from_slice(pile);
        }
        for row in &self.quilt {
            for cell in row {
                key.push(cell.unwrap_or(255));
            }
        }
        let piles = self
            .reserves
            .iter()
            .chain(std::iter::once(&self.waste))
            .chain(std::iter::once(&self.stock));
        for pile in piles {
            key.push(pile.len() as u8);
            key.extend_from_slice(pile);
        }
        key.push(self.redeals_left);
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

    const ALL: &'static [Variant] =
        &[Variant::CrazyQuilt, Variant::IndianCarpet, Variant::PersianRug];

    fn name(self) -> &'static str {
        match self {
            Variant::CrazyQuilt => "crazy-quilt",
            Variant::IndianCarpet => "indian-carpet",
            Variant::PersianRug => "persian-rug",
        }
    }

    fn position(self, options: &Options, layout: &Layout) -> Result<Position, String> {
        Position::new(self, options, layout)
    }

    /// `wrap` (`true` or `false`: [`Options::waste_wrap`]), `redeals` (a number).
    fn options_named(self, given: &mut GivenOptions) -> Result<Options, String> {
        Ok(Options { waste_wrap: given.flag("wrap")?, redeals: given.number("redeals")? })
    }

    /// Foundations, the quilt (64 cells), reserves (Persian Rug), the waste (one pile, or none
    /// for an empty one) and the stock; no terrace or tableau.
    fn layout_of_piles(self, piles: &Piles) -> Result<Layout, String> {
        piles.none_in_terrace()?;
        piles.none_in_rows()?;
        Ok(Layout {
            foundations: piles.foundations.clone(),
            quilt: piles.quilt_grid()?,
            reserves: piles.reserves.clone(),
            waste: piles.single_waste()?,
            stock_top_first: piles.stock_top_first.clone(),
        })
    }

    fn piles_of(self, position: &Position) -> Piles {
        let layout = position.to_layout();
        Piles {
            foundations: layout.foundations,
            quilt: layout.quilt.iter().flatten().copied().collect(),
            reserves: layout.reserves,
            wastes: vec![layout.waste],
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

    /// Every pile name parses back to its pile, and nothing else does.
    #[test]
    fn pile_names_round_trip() {
        for variant in [Variant::CrazyQuilt, Variant::IndianCarpet, Variant::PersianRug] {
            let piles = all_piles(variant);
            assert_eq!(piles.len(), 8 + 64 + if variant.has_waste() { 1 } else { 8 });
            for pile in piles {
                assert_eq!(parse_pile(variant, &pile_name(pile)), Some(pile));
            }
        }
    }

    /// The visited set must tell apart positions that differ in anything, the redeals left
    /// included: walk randomly through each game and check that equal keys mean equal positions.
    #[test]
    fn keys_identify_complete_positions() {
        let mut seed: u64 = 7;
        for variant in [Variant::CrazyQuilt, Variant::IndianCarpet, Variant::PersianRug] {
            let layout = layout_from_talon(variant, &talon());
            let options = Options::for_variant(variant);
            let start = Position::new(variant, &options, &layout).unwrap();

            let seen = walk_checking_keys(&start, &mut seed, 300);
            assert!(seen > 500, "{variant:?}: only {seen} positions");

            if variant.has_waste() {
                // Deal out, redeal, deal out again: same piles, one redeal fewer, different key.
                let (first, second) = dealt_out_twice(&start);
                assert_eq!(first.to_layout(), second.to_layout());
                assert_eq!(first.redeals_left, second.redeals_left + 1);
                assert_ne!(first.key(), second.key());
            }
        }
    }
}
