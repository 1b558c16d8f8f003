//! The Algerian family (RULES.md §4): `algerian`, `carthage`, `algerian-parlett`.
//!
//! One module serves the three variants. They differ in the deal (`layout`), in the foundations
//! (algerian, parlett: F0..F3 up from the ace, F4..F7 down from the king; carthage: all eight up,
//! F_{2s} and F_{2s+1} of suit s), in depot building (±1 with wrap, or one lower without wrap) and
//! in whether the stock's last 8 cards go to the depots. The options are read from
//! [`AlgerianRules`].

mod key;
mod moves;
mod prune;
mod state;

pub use moves::{AlgerianMove, Spot};
pub use state::AlgerianState;

use crate::card::{Card, Kind};
use crate::deal::Deal;
use crate::layout::{BadLayout, Layout, check_two_of_each};
use crate::variant::Variant;
use state::{CAP, DEPOTS, RESERVES};

/// (Defined with the rule options, which name it, so the options depend on no family.)
pub use crate::rules::ReserveSpace;

/// How an Algerian variant's eight foundations build (RULES.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlgerianFoundations {
    /// F0..F3 up from the ace, F4..F7 down from the king, one of each per suit (algerian,
    /// algerian-parlett).
    UpAndDown,
    /// Every foundation up from the ace, a suit's two side by side (F2s, F2s+1) and
    /// interchangeable (carthage).
    UpInPairs,
}

/// How an Algerian variant's depots build (RULES.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepotBuilding {
    /// In suit, one rank up or down, wrapping K–A (algerian, algerian-parlett).
    UpOrDownWrapping,
    /// In suit, one rank down, no wrap (carthage).
    Down,
}

/// What an Algerian variant's rules fix (RULES.md §4): its record in the variant registry
/// (`crate::variant::registry`) gives the values; the family's code asks these, never the
/// variant's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlgerianShape {
    /// The deal's first cards go to the down foundations F4..F7 (algerian: its four kings, put
    /// on top by the deal's hook); 0 or 4.
    pub foundation_bases: u8,
    /// Cards then dealt to the depots P0..P7 in turn (8: one each; algerian-parlett 12: a second
    /// to P0..P3).
    pub depot_cards: u8,
    /// Then cards dealt to each of the six reserves, round by round (6; algerian-parlett 4).
    pub reserve_depth: u8,
    pub foundations: AlgerianFoundations,
    pub depots: DepotBuilding,
    /// A deal from a stock of exactly 8 cards puts one on each depot (algerian,
    /// algerian-parlett); else every deal goes to the reserves (carthage).
    pub last_deal_to_depots: bool,
}

/// The rules of one variant with its options (RULES.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlgerianRules {
    /// Which variant (its record's key; the rules below are all the family's code reads).
    pub variant: Variant,
    pub shape: AlgerianShape,
    pub reserve_space: ReserveSpace,
    /// A foundation's top card may go back to a depot (PySolFC; default on).
    pub foundation_to_depot: bool,
}

impl AlgerianRules {
    /// A variant's rules with the options at the rule book's defaults (`reserve_space`: the
    /// variant's).
    pub const fn with_shape(
        variant: Variant,
        shape: AlgerianShape,
        reserve_space: ReserveSpace,
    ) -> Self {
        AlgerianRules { variant, shape, reserve_space, foundation_to_depot: true }
    }

    /// Every foundation builds up, a suit's two interchangeable
    /// ([`AlgerianFoundations::UpInPairs`]).
    #[inline]
    pub(crate) fn paired_foundations(&self) -> bool {
        self.shape.foundations == AlgerianFoundations::UpInPairs
    }

    /// The starting layout of a deal (RULES.md §4 "Deal"; `deal` already has the variant's hook:
    /// kings to top for algerian, none for carthage and algerian-parlett): the foundation bases,
    /// then the depots in turn, then the reserves round by round, the rest the stock.
    pub fn layout(&self, deal: &Deal) -> Layout {
        let d = deal.cards();
        let AlgerianShape { foundation_bases, depot_cards, reserve_depth, .. } = self.shape;
        let (bases, depot_cards, depth) =
            (foundation_bases as usize, depot_cards as usize, reserve_depth as usize);
        let mut foundations: Vec<Vec<Card>> = vec![vec![]; 8];
        for (i, &c) in d[..bases].iter().enumerate() {
            foundations[4 + i].push(c);
        }
        let mut rows: Vec<Vec<Card>> = vec![vec![]; 8];
        for (i, &c) in d[bases..bases + depot_cards].iter().enumerate() {
            rows[i % 8].push(c);
        }
        let first = bases + depot_cards;
        let reserves = (0..6).map(|i| (0..depth).map(|k| d[first + i + 6 * k]).collect()).collect();
        Layout {
            foundations,
            reserves,
            rows,
            stock_top_first: d[first + 6 * depth..].to_vec(),
            ..Layout::default()
        }
    }

    /// The `i`-th card (from the bottom) of foundation `f`.
    pub fn foundation_card(&self, f: usize, i: u8) -> Kind {
        if self.paired_foundations() {
            Kind::new(f as u8 / 2, i)
        } else if f < 4 {
            Kind::new(f as u8, i)
        } else {
            Kind::new(f as u8 - 4, 12 - i)
        }
    }
}

/// A game of the family with its deal: the rules, the stock order, the start position.
#[derive(Clone, Debug)]
pub struct Algerian {
    rules: AlgerianRules,
    /// The stock in dealing order (the next card first).
    stock: [Kind; 104],
    stock_len: u8,
    start: AlgerianState,
    /// `next_kind[f][h]`: the kind index foundation `f` takes at height `h` (`NO_KIND` at 13);
    /// `top_kind[f][h]`: its top card at height `h` (`NO_KIND` at 0). Sixteen entries a row, one
    /// per value of a height nibble, so a lookup needs no bounds check. The rule book's order of a
    /// foundation ([`AlgerianRules::foundation_card`]) read from a table on the hot paths.
    pub(super) next_kind: [[u8; 16]; 8],
    pub(super) top_kind: [[u8; 16]; 8],
    /// `symmetric[dealt]`: bit 0 the depots, bit 1 the reserves are interchangeable once `dealt`
    /// cards have left the stock (`prune.rs`, symmetries 1 and 2; they depend only on the stock).
    symmetric: [u8; 128],
    /// Generate only the moves home wherever there are any: the stricter game's streamliner
    /// (`Game::stricter` in moves.rs), never the game itself.
    pub(super) home_first: bool,
}

/// A table entry for "no card": the move generator's tables give it no taker.
pub(super) const NO_KIND: u8 = 63;

impl Algerian {
    /// The game of a deal made by `make_deal` with this variant\'s hook (a deal text is checked
    /// there). Anything else from a user goes through [`Self::from_layout`], which returns the error.
    pub fn new(rules: AlgerianRules, deal: &Deal) -> Self {
        Self::from_layout(rules, &rules.layout(deal)).expect("a dealt layout is valid")
    }

    /// A game from any position of the family: a deal's layout or a test position. Foundations
    /// must be runs from their base (ace up; algerian and parlett F4..F7: king down).
    pub fn from_layout(rules: AlgerianRules, layout: &Layout) -> Result<Self, BadLayout> {
        let bad = |m: String| Err(BadLayout(m));
        if layout.foundations.len() != 8
            || layout.rows.len() != DEPOTS
            || layout.reserves.len() != RESERVES
        {
            return bad(format!("expected 8 foundations, {DEPOTS} depots and {RESERVES} reserves"));
        }
        if !layout.wastes.is_empty() || !layout.quilt.is_empty() {
            return bad("the Algerian family has no waste and no quilt".into());
        }
        if layout.redeals_left.is_some_and(|r| r > 0) {
            return bad("the Algerian family has no redeal".into());
        }
        let mut s = AlgerianState::default();
        let mut kinds = Vec::with_capacity(104);
        for (f, pile) in layout.foundations.iter().enumerate() {
            if pile.len() > 13 {
                return bad(format!("F{f} holds {} cards", pile.len()));
            }
            for (i, c) in pile.iter().enumerate() {
                let want = rules.foundation_card(f, i as u8);
                if c.kind() != want {
                    return bad(format!("F{f} card {} is {c}, expected {want}", i + 1));
                }
                kinds.push(c.kind());
            }
            s.set_height(f, pile.len() as u8);
        }
        let piles = layout.rows.iter().chain(&layout.reserves);
        if piles.clone().map(|p| p.len()).sum::<usize>() > CAP {
            return bad("too many cards on depots and reserves".into());
        }
        for (p, pile) in piles.enumerate() {
            for c in pile {
                s.push(p, c.kind());
                kinds.push(c.kind());
            }
        }
        let mut stock = [Kind::default(); 104];
        if layout.stock_top_first.len() > 104 {
            return bad("stock too long".into());
        }
        for (i, c) in layout.stock_top_first.iter().enumerate() {
            stock[i] = c.kind();
            kinds.push(c.kind());
        }
        check_two_of_each(kinds)?;
        let (mut next_kind, mut top_kind) = ([[NO_KIND; 16]; 8], [[NO_KIND; 16]; 8]);
        for f in 0..8 {
            for h in 0..13u8 {
                next_kind[f][h as usize] = rules.foundation_card(f, h).index();
                top_kind[f][h as usize + 1] = rules.foundation_card(f, h).index();
            }
        }
        let mut g = Algerian {
            rules,
            stock,
            stock_len: layout.stock_top_first.len() as u8,
            start: s,
            next_kind,
            top_kind,
            symmetric: [0; 128],
            home_first: false,
        };
        for dealt in 0..=g.stock_len {
            let at = AlgerianState { dealt, ..AlgerianState::default() };
            g.symmetric[dealt as usize] = g.depots_interchangeable_by_rule(&at) as u8
                | (g.reserves_interchangeable_by_rule(&at) as u8) << 1;
        }
        let fp = g.class_fingerprint(&g.start);
        g.start.set_class_fp(fp);
        Ok(g)
    }

    pub fn rules(&self) -> &AlgerianRules {
        &self.rules
    }

    /// Cards left in the stock.
    #[inline]
    pub(crate) fn stock_left(&self, s: &AlgerianState) -> usize {
        (self.stock_len - s.dealt) as usize
    }

    /// The position as a layout with PHYSICAL pile names (canonical stored piles translated back
    /// through the state's names): what a plain implementation of the rules would show.
    pub fn position_layout(&self, s: &AlgerianState) -> Layout {
        let mut foundations = vec![vec![]; 8];
        for f in 0..8 {
            let phys = self.physical_foundation(s, f) as usize;
            foundations[phys] =
                (0..s.height(f)).map(|i| self.rules.foundation_card(phys, i).card()).collect();
        }
        let mut rows = vec![vec![]; DEPOTS];
        let mut reserves = vec![vec![]; RESERVES];
        for p in 0..DEPOTS + RESERVES {
            let cards: Vec<Card> = s.pile(p).into_iter().map(|k| k.card()).collect();
            let phys = s.physical_pile(p) as usize;
            if p < DEPOTS {
                rows[phys] = cards;
            } else {
                reserves[phys] = cards;
            }
        }
        let stock_top_first = self.stock[s.dealt as usize..self.stock_len as usize]
            .iter()
            .map(|k| k.card())
            .collect();
        Layout { foundations, reserves, rows, stock_top_first, ..Layout::default() }
    }

    /// The physical foundation that stored foundation `f` is.
    #[inline]
    pub(crate) fn physical_foundation(&self, s: &AlgerianState, f: usize) -> u8 {
        if self.rules.paired_foundations() && s.suit_swapped(f / 2) {
            (f ^ 1) as u8
        } else {
            f as u8
        }
    }
}

#[cfg(test)]
mod tests;

/// A small test position of a deal: foundation `f` already holds its first `heights[f]` cards
/// (each card of the rule book's order; a card used by two foundations takes both copies), and
/// the other cards, in the deal's order, go one each to the first `depots` depots, then
/// round-robin to the six reserves up to `reserve_depth` each, then to the stock. Small enough
/// for the plain reference search to decide, so the fast solver can be checked against it.
pub fn prefilled_layout(
    rules: &AlgerianRules,
    deal: &Deal,
    heights: [u8; 8],
    depots: usize,
    reserve_depth: usize,
) -> Layout {
    assert!(heights.iter().all(|&h| h <= 13) && depots <= DEPOTS);
    let mut used = [0u8; 52];
    let mut foundations: Vec<Vec<Card>> = vec![vec![]; 8];
    for (f, pile) in foundations.iter_mut().enumerate() {
        for i in 0..heights[f] {
            let k = rules.foundation_card(f, i);
            let deck = used[k.index() as usize];
            used[k.index() as usize] += 1;
            pile.push(Card::new(deck, k.suit(), k.rank()));
        }
    }
    let home: std::collections::HashSet<u8> =
        foundations.iter().flatten().map(|c| c.id()).collect();
    let rest: Vec<Card> =
        deal.cards().iter().copied().filter(|c| !home.contains(&c.id())).collect();
    let mut it = rest.into_iter();
    let rows = (0..DEPOTS)
        .map(|i| if i < depots { it.next().into_iter().collect() } else { vec![] })
        .collect();
    let mut reserves: Vec<Vec<Card>> = vec![vec![]; RESERVES];
    'deal: for _ in 0..reserve_depth {
        for r in reserves.iter_mut() {
            match it.next() {
                Some(c) => r.push(c),
                None => break 'deal,
            }
        }
    }
    Layout { foundations, reserves, rows, stock_top_first: it.collect(), ..Layout::default() }
}

impl crate::rules::FamilyRules for AlgerianRules {
    type Game = Algerian;
    fn layout(&self, deal: &Deal) -> Layout {
        AlgerianRules::layout(self, deal)
    }
    fn game(&self, layout: &Layout) -> Result<Algerian, BadLayout> {
        Algerian::from_layout(*self, layout)
    }
    /// No waste: the depots take the dealt cards.
    fn waste_names(&self) -> Vec<String> {
        vec![]
    }
    fn apply_options(
        &mut self,
        o: &crate::rules::RuleOptions,
        _family: &[(&'static str, Self)],
    ) -> Result<(), String> {
        if o.empty_waste_any || o.pf_refill_timing || o.no_wrap || o.foundation_to_tableau {
            return Err("--empty-waste-any, --pf-refill-timing, --no-wrap and --foundation-to-tableau do not apply to the Algerian family".into());
        }
        if o.redeals.is_some() {
            return Err("--redeals does not apply to the Algerian family (it has no redeal)".into());
        }
        if let Some(r) = o.reserve_space {
            self.reserve_space = r;
        }
        self.foundation_to_depot = !o.no_foundation_to_depot;
        Ok(())
    }
    fn option_values(&self) -> Vec<(&'static str, String)> {
        let reserve_space = match self.reserve_space {
            ReserveSpace::Any => "any",
            ReserveSpace::AfterStock => "after-stock",
            ReserveSpace::Never => "never",
        };
        vec![
            ("reserve-space", reserve_space.into()),
            ("foundation-to-depot", self.foundation_to_depot.to_string()),
        ]
    }
}
