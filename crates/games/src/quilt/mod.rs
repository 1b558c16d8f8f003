//! The Crazy Quilt family (RULES.md §5): `crazy-quilt`, `indian-carpet`, `persian-rug`.
//! Not in PySolFC: the deal order is our own (RULES.md §5).

pub(crate) mod grid;
mod moves;
mod prune;
mod state;

pub use grid::available_cells;
pub use moves::QuiltMove;
pub use state::QuiltState;

use crate::card::{Card, Kind};
use crate::cardseq::SEQ_CAP;
use crate::deal::Deal;
use crate::foundations::Foundations;
use crate::layout::{BadLayout, Layout, check_two_of_each, redeals_left};
use crate::variant::Variant;

/// What a Crazy Quilt variant's rules fix (RULES.md §5): its record in the variant registry
/// (`crate::variant::registry`) gives the values; the family's code asks these, never the
/// variant's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuiltShape {
    /// Eight reserves of four cards in place of a stock and waste (persian-rug): no stock, so no
    /// redeal option.
    pub reserves: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuiltRules {
    /// Which variant (its record's key; the rules below are all the family's code reads).
    pub variant: Variant,
    pub shape: QuiltShape,
    /// Building (on the waste, or persian-rug's reserves) wraps K–A (RULES.md §5: our judgment;
    /// the option turns it off).
    pub wrap: bool,
    /// Redeals allowed: 1 for crazy-quilt, 2 for indian-carpet, none for persian-rug.
    pub redeals: u8,
}

impl QuiltRules {
    /// A variant's rules with the options at the rule book's defaults (`redeals`: the variant's).
    pub const fn with_shape(variant: Variant, shape: QuiltShape, redeals: u8) -> Self {
        QuiltRules { variant, shape, wrap: true, redeals }
    }
    pub fn has_reserves(&self) -> bool {
        self.shape.reserves
    }

    /// The starting layout of a deal (RULES.md §5).
    pub fn layout(&self, deal: &Deal) -> Layout {
        let d = deal.cards();
        let foundations = d[..8].iter().map(|&c| vec![c]).collect();
        let quilt = d[8..72].iter().map(|&c| Some(c)).collect();
        let mut layout = Layout { foundations, quilt, ..Layout::default() };
        if self.has_reserves() {
            layout.reserves = (0..8).map(|i| (0..4).map(|k| d[72 + i + 8 * k]).collect()).collect();
        } else {
            layout.wastes = vec![vec![]];
            layout.stock_top_first = d[72..].to_vec();
        }
        layout
    }

    /// Whether two cards may be built on each other (same suit, ±1, wrapping if the rules say so).
    #[inline]
    pub(super) fn builds_on(&self, a: Kind, b: Kind) -> bool {
        a.is_suit_neighbour_wrapping(b) && (self.wrap || a.rank().abs_diff(b.rank()) == 1)
    }
}

/// A game of the family with its deal.
#[derive(Clone, Debug)]
pub struct Quilt {
    rules: QuiltRules,
    cells: [Kind; 64],
    /// Per kind index `k`: the cells (present at the start) whose card builds on `k`.
    builds_on_kind: [u64; 52],
    /// Per foundation f and count n: the cells (present at the start) holding the card f takes
    /// next (none when n ≥ 13).
    next_cells: [[u64; 16]; 8],
    start: QuiltState,
    /// The stricter game's streamliner (`Game::stricter` in moves.rs), never the game itself:
    /// only the moves home wherever there are any, and no quilt card built onto the waste that
    /// leaves no other quilt card newly available (`Quilt::streamline`).
    pub(super) streamlined: bool,
}

impl Quilt {
    /// The game of a deal made by `make_deal` with this variant\'s hook (a deal text is checked
    /// there). Anything else from a user goes through [`Self::from_layout`], which returns the error.
    pub fn new(rules: QuiltRules, deal: &Deal) -> Self {
        Self::from_layout(rules, &rules.layout(deal)).expect("a dealt layout is valid")
    }

    /// A game from any position: a deal's layout or a test position with pre-filled foundations.
    pub fn from_layout(rules: QuiltRules, layout: &Layout) -> Result<Self, BadLayout> {
        let bad = |m: String| Err(BadLayout(m));
        let reserves = if rules.has_reserves() { 8 } else { 0 };
        let wastes = if rules.has_reserves() { 0 } else { 1 };
        if layout.quilt.len() != 64
            || layout.reserves.len() != reserves
            || layout.wastes.len() != wastes
        {
            return bad(format!(
                "expected a 64-cell quilt, {reserves} reserves and {wastes} waste"
            ));
        }
        if rules.has_reserves() && !layout.stock_top_first.is_empty() {
            return bad("persian-rug has no stock".into());
        }
        let found = Foundations::from_piles(&layout.foundations)?;
        let mut s = QuiltState {
            redeals_left: redeals_left(layout, rules.redeals)?,
            found,
            ..QuiltState::default()
        };
        let mut kinds: Vec<Kind> = found.kinds().collect();
        let mut cells = [Kind::default(); 64];
        for (i, cell) in layout.quilt.iter().enumerate() {
            if let Some(c) = cell {
                cells[i] = c.kind();
                s.quilt |= 1 << i;
                kinds.push(c.kind());
            }
        }
        let piles: Vec<&Vec<Card>> = layout.reserves.iter().chain(&layout.wastes).collect();
        for (i, pile) in piles.iter().enumerate() {
            s.seg[i] = pile.len() as u8;
        }
        for c in piles.into_iter().flatten().chain(&layout.stock_top_first) {
            if s.seq.len() == SEQ_CAP {
                return bad(format!("more than {SEQ_CAP} cards outside the quilt and foundations"));
            }
            s.seq.push(c.kind());
            kinds.push(c.kind());
        }
        check_two_of_each(kinds)?;
        let (mut cells_of_kind, mut builds_on_kind) = ([0u64; 52], [0u64; 52]);
        for i in (0..64).filter(|&i| s.quilt >> i & 1 == 1) {
            cells_of_kind[cells[i].index() as usize] |= 1 << i;
            for k in (0..52).map(Kind::from_index) {
                if rules.builds_on(k, cells[i]) {
                    builds_on_kind[k.index() as usize] |= 1 << i;
                }
            }
        }
        let mut next_cells = [[0u64; 16]; 8];
        for (f, row) in next_cells.iter_mut().enumerate() {
            for (n, entry) in row.iter_mut().enumerate().take(13) {
                *entry = cells_of_kind[Foundations::card(f, n as u8).index() as usize];
            }
        }
        Ok(Quilt { rules, cells, builds_on_kind, next_cells, start: s, streamlined: false })
    }

    pub fn rules(&self) -> &QuiltRules {
        &self.rules
    }
}

/// A test instance, NOT a rules deal (like [`crate::alhambra::prefilled_layout`]): every
/// foundation starts with k cards; those cards leave the talon (deck-0 copies first) and the rest
/// is laid out in the variant's order — the quilt row-major from Q00 (the last cells stay holes
/// when cards run short), then persian-rug's reserves round-robin or the stock.
pub fn prefilled_layout(rules: &QuiltRules, deal: &Deal, k: u8, quilt_cells: usize) -> Layout {
    let (foundations, rest) = crate::foundations::prefill(deal, k);
    let in_quilt = quilt_cells.min(rest.len());
    let mut quilt: Vec<Option<Card>> = rest[..in_quilt].iter().map(|&c| Some(c)).collect();
    quilt.resize(64, None);
    let others = &rest[in_quilt..];
    let mut layout = Layout { foundations, quilt, ..Layout::default() };
    if rules.has_reserves() {
        let per = others.len().div_ceil(8);
        layout.reserves = (0..8)
            .map(|i| (0..per).filter_map(|j| others.get(i + 8 * j).copied()).collect())
            .collect();
    } else {
        layout.wastes = vec![vec![]];
        layout.stock_top_first = others.to_vec();
    }
    layout
}

#[cfg(test)]
mod tests;

impl crate::rules::FamilyRules for QuiltRules {
    type Game = Quilt;
    fn layout(&self, deal: &Deal) -> Layout {
        QuiltRules::layout(self, deal)
    }
    fn game(&self, layout: &Layout) -> Result<Quilt, BadLayout> {
        Quilt::from_layout(*self, layout)
    }
    fn waste_names(&self) -> Vec<String> {
        vec!["W".into()]
    }
    fn apply_options(
        &mut self,
        o: &crate::rules::RuleOptions,
        family: &[(&'static str, Self)],
    ) -> Result<(), String> {
        if o.reserve_space.is_some() || o.no_foundation_to_depot {
            return Err(
                "--reserve-space and --no-foundation-to-depot apply only to the Algerian family"
                    .into(),
            );
        }
        if o.empty_waste_any || o.pf_refill_timing {
            return Err(
                "--empty-waste-any and --pf-refill-timing apply only to the Alhambra family".into(),
            );
        }
        if o.foundation_to_tableau {
            return Err("--foundation-to-tableau applies only to queen-of-italy-open".into());
        }
        self.wrap = !o.no_wrap;
        if let Some(r) = o.redeals {
            if self.has_reserves() {
                let name = crate::rules::names_where(family, |r| r.variant == self.variant);
                return Err(format!("--redeals does not apply to {name}, which has no stock"));
            }
            self.redeals = r;
        }
        Ok(())
    }
    fn option_values(&self) -> Vec<(&'static str, String)> {
        vec![("wrap", self.wrap.to_string()), ("redeals", self.redeals.to_string())]
    }
}
