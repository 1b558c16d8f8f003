//! The Queen of Italy family (RULES.md §3): `queen-of-italy` (Terrace), `queen-of-italy-open`,
//! `generals-patience`, `blondes-and-brunettes`, `falling-star`, `redheads`.
//!
//! One module serves the six: they differ in the terrace size, whether the base is chosen or
//! dealt, whether gaps are filled by force (and from where), and the foundation rule (alternate
//! colours, or in suit for General's Patience), all read from [`QueenRules`].

mod child;
mod elements;
mod found;
mod key;
mod moves;
mod prune;
mod render;
mod schedule;
mod state;
#[cfg(test)]
mod tests;

pub use found::NEW_FOUNDATION;
pub use moves::{Loc, QueenMove};
pub use state::QueenState;

use crate::card::{Card, Kind};
use crate::deal::Deal;
use crate::layout::{BadLayout, Layout, check_two_of_each, redeals_left};
use crate::variant::Variant;

/// What a Queen of Italy variant's rules fix (RULES.md §3): its record in the variant registry
/// (`crate::variant::registry`) gives the values; the family's code asks these, never the
/// variant's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueenShape {
    /// Cards on the terrace (10 to 13; redheads 21).
    pub terrace: u8,
    /// Tableau piles (9; redheads 8).
    pub rows: u8,
    /// The base rank is chosen from P0..P3 by the first move (else the deal's next card sets it).
    pub base_chosen: bool,
    /// Gaps are filled by force and an empty waste is refilled from the stock at once
    /// (every variant but queen-of-italy-open).
    pub forced_fills: bool,
    /// Foundations build in suit (generals-patience); else in alternating colours.
    pub suited_foundations: bool,
    /// The terrace fills a gap before the waste does (redheads); its top then also goes to the
    /// tableau, not only home.
    pub terrace_fills_gaps: bool,
    /// The foundation-to-tableau option applies (queen-of-italy-open, as PySolFC plays it).
    pub foundation_to_tableau_option: bool,
}

/// The rules of one variant with its options (RULES.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueenRules {
    /// Which variant (its record's key; the rules below are all the family's code reads).
    pub variant: Variant,
    pub shape: QueenShape,
    /// Turns of the waste allowed (0 by the rules; option `redeals=1`: during the second pass a
    /// card may be dealt only while the waste is empty).
    pub redeals: u8,
    /// `queen-of-italy-open` only (PySolFC): a foundation's top card, not its base, may return
    /// to the tableau.
    pub foundation_to_tableau: bool,
}

/// Most cards on the terrace (Redheads).
const MAX_TERRACE: usize = 21;
/// Most cards in the waste and stock together (after the layout; 89 before Terrace's choice).
const MAX_SEQ: usize = 96;

impl QueenRules {
    /// A variant's rules with the options at the rule book's defaults.
    pub const fn with_shape(variant: Variant, shape: QueenShape) -> Self {
        QueenRules { variant, shape, redeals: 0, foundation_to_tableau: false }
    }
    /// The base rank is chosen from P0..P3 by the first move.
    pub fn has_choice(&self) -> bool {
        self.shape.base_chosen
    }
    /// Gaps are filled by force and an empty waste is refilled from the stock at once.
    pub fn forced_fills(&self) -> bool {
        self.shape.forced_fills
    }
    /// Foundations kept exactly (`found.rs`): with the foundation-to-tableau option, where it
    /// applies (ignored elsewhere, as in the reference rules).
    pub fn exact_foundations(&self) -> bool {
        self.foundation_to_tableau && self.shape.foundation_to_tableau_option
    }
    /// General's Patience builds its foundations in suit; the others in alternating colours.
    pub fn suited_foundations(&self) -> bool {
        self.shape.suited_foundations
    }
    pub fn rows(&self) -> usize {
        self.shape.rows as usize
    }
    pub fn terrace_size(&self) -> usize {
        self.shape.terrace as usize
    }
    /// Redheads fills a gap from the terrace before the waste.
    pub(crate) fn fills_from_terrace(&self) -> bool {
        self.shape.terrace_fills_gaps
    }
    pub fn waste_names(&self) -> Vec<String> {
        vec!["W".into()]
    }

    /// The starting layout of a deal (RULES.md §3 "Deal"); for the games with a choice, the
    /// layout before it (P0..P3 dealt, the rest still in the stock).
    pub fn layout(&self, deal: &Deal) -> Layout {
        let d = deal.cards();
        let t = self.terrace_size();
        let terrace = Some(d[..t].to_vec());
        let mut foundations = vec![vec![]; 8];
        let mut rows = vec![vec![]; self.rows()];
        if self.has_choice() {
            for (i, row) in rows.iter_mut().take(4).enumerate() {
                row.push(d[t + i]);
            }
            return Layout {
                foundations,
                terrace,
                rows,
                wastes: vec![vec![]],
                stock_top_first: d[t + 4..].to_vec(),
                ..Layout::default()
            };
        }
        let n = self.rows();
        for (i, row) in rows.iter_mut().enumerate() {
            row.push(d[t + i]);
        }
        let base = d[t + n];
        foundations[2 * base.suit() as usize].push(base);
        Layout {
            foundations,
            terrace,
            rows,
            wastes: vec![vec![d[t + n + 1]]],
            stock_top_first: d[t + n + 2..].to_vec(),
            ..Layout::default()
        }
    }
}

/// A game of the family with its deal: the rules, the fixed card orders, the start position.
#[derive(Clone, Debug)]
pub struct Queen {
    rules: QueenRules,
    /// Terrace bottom→top (kinds); the state keeps its height.
    terrace: [u8; MAX_TERRACE],
    /// Waste (bottom→top) then stock (next first) of the layout, or before the choice the talon
    /// after the six cards the choice deals to the tableau.
    seq: [u8; MAX_SEQ],
    seq_len: u8,
    /// Before the choice: the cards for the emptied pile, then P4..P8.
    refill: [u8; 6],
    /// The layout's foundation piles (solutions name real foundations; see `render`).
    foundations: Vec<Vec<u8>>,
    start: QueenState,
    /// The terrace dead test's precomputed terms (`prune.rs`).
    terrace_bounds: prune::TerraceBounds,
    /// The terrace schedule test's class of each kind per base rank (`schedule.rs`).
    schedule_slots: schedule::ScheduleSlots,
    /// Pile pop deltas remembered for child fingerprints (`key.rs`, `child.rs`).
    memo: elements::PopMemo,
    /// A streamliner (`Game::stricter`): where a card can go home, only the moves home are
    /// generated. Off in every game the rules make; only `stricter` turns it on.
    home_first: bool,
}

fn kind(c: Card) -> u8 {
    c.kind().index()
}

impl Queen {
    /// The game of a deal made by `make_deal` with this variant\'s hook (a deal text is checked
    /// there). Anything else from a user goes through [`Self::from_layout`], which returns the error.
    pub fn new(rules: QueenRules, deal: &Deal) -> Self {
        Self::from_layout(rules, &rules.layout(deal)).expect("a dealt layout is valid")
    }

    pub fn rules(&self) -> &QueenRules {
        &self.rules
    }

    /// A game from any position of the family: a deal's layout (before the choice, for the games
    /// with one), or a test position whose foundations already hold cards.
    pub fn from_layout(rules: QueenRules, layout: &Layout) -> Result<Self, BadLayout> {
        let bad = |m: String| Err(BadLayout(m));
        let Some(terrace) = &layout.terrace else { return bad("no terrace".into()) };
        if layout.foundations.len() != 8
            || layout.rows.len() != rules.rows()
            || layout.wastes.len() != 1
        {
            return bad(format!(
                "expected 8 foundations, {} tableau piles and one waste",
                rules.rows()
            ));
        }
        if terrace.len() > MAX_TERRACE {
            return bad(format!(
                "the terrace holds {} cards, at most {MAX_TERRACE}",
                terrace.len()
            ));
        }
        let all =
            layout.foundations.iter().flatten().chain(terrace).chain(layout.rows.iter().flatten());
        check_two_of_each(
            all.chain(&layout.wastes[0]).chain(&layout.stock_top_first).map(|c| c.kind()),
        )?;

        let mut g = Queen {
            rules,
            terrace: [0; MAX_TERRACE],
            seq: [0; MAX_SEQ],
            seq_len: 0,
            refill: [0; 6],
            foundations: vec![],
            start: QueenState::default(),
            terrace_bounds: prune::TerraceBounds::empty(),
            schedule_slots: schedule::ScheduleSlots::new(rules.suited_foundations()),
            memo: elements::PopMemo::default(),
            home_first: false,
        };
        let mut s = QueenState::default();
        s.set_redeals_left(redeals_left(layout, rules.redeals)?);
        s.set_terrace(terrace.len() as u8);
        for (i, &c) in terrace.iter().enumerate() {
            g.terrace[i] = kind(c);
        }
        let base_rank = layout.foundations.iter().find_map(|f| f.first()).map(|c| c.rank());
        let mut seq: Vec<u8> =
            layout.wastes[0].iter().chain(&layout.stock_top_first).map(|&c| kind(c)).collect();
        match base_rank {
            None if rules.has_choice() => {
                // Before the choice: P0..P3 hold one card each, the rest is still to be dealt.
                if layout.rows.iter().enumerate().any(|(i, r)| r.len() != usize::from(i < 4))
                    || !layout.wastes[0].is_empty()
                {
                    return bad("before the opening choice P0..P3 hold one card each, the other piles and the waste nothing".into());
                }
                if seq.len() < 7 {
                    return bad("before the opening choice the stock needs at least 7 cards".into());
                }
                for (i, r) in layout.rows.iter().enumerate().take(4) {
                    s.push(i, kind(r[0]));
                }
                g.refill.copy_from_slice(&seq[..6]);
                seq.drain(..6);
            }
            None => return bad("no foundation holds a card, so there is no base rank".into()),
            Some(b) => {
                s.set_base_rank(b);
                for (f, pile) in layout.foundations.iter().enumerate() {
                    for (h, c) in pile.iter().enumerate() {
                        let fits = match h {
                            0 => c.rank() == b,
                            _ => rules.foundation_follows(kind(pile[h - 1]), kind(*c)),
                        };
                        if !fits || h >= 13 {
                            return bad(format!(
                                "F{f} is not a foundation built up from the base rank at {c}"
                            ));
                        }
                        s.add_home(kind(*c));
                    }
                }
                if rules.exact_foundations() {
                    let mut f: Vec<found::Foundation> = layout
                        .foundations
                        .iter()
                        .filter(|p| !p.is_empty())
                        .map(|p| {
                            found::Foundation::of_cards(
                                &p.iter().map(|&c| kind(c)).collect::<Vec<_>>(),
                            )
                        })
                        .collect();
                    s.set_foundations(&mut f);
                }
                for (i, row) in layout.rows.iter().enumerate() {
                    for (h, &c) in row.iter().enumerate() {
                        if h > 0 && !tableau_accepts(kind(row[h - 1]), kind(c)) {
                            return bad(format!(
                                "P{i} is not built down in alternating colours at {c}"
                            ));
                        }
                        s.push(i, kind(c));
                    }
                }
                s.set_dealt(layout.wastes[0].len() as u8);
            }
        }
        if seq.len() > MAX_SEQ {
            return bad(format!("waste and stock hold {} cards, at most {MAX_SEQ}", seq.len()));
        }
        g.foundations =
            layout.foundations.iter().map(|f| f.iter().map(|&c| kind(c)).collect()).collect();
        g.seq[..seq.len()].copy_from_slice(&seq);
        g.seq_len = seq.len() as u8;
        if s.chosen() && rules.forced_fills() && g.forced_step(&s).is_some() {
            return bad("a forced move is pending (an empty pile or an empty waste that the rules fill at once)".into());
        }
        g.terrace_bounds = g.compute_terrace_bounds(terrace.len());
        // The foundations' derived word (after the dead test's bounds, which it reads).
        if s.chosen() {
            g.refresh_playable(&mut s);
        }
        g.start = s;
        Ok(g)
    }

    /// The position as a layout (foundations rebuilt from the counts: any split of the cards
    /// home into foundation piles is an equivalent position).
    pub fn layout_of(&self, s: &QueenState) -> Layout {
        let card = |k: u8| Kind::from_index(k).card();
        let foundations = render::foundation_piles(&self.rules, s)
            .into_iter()
            .map(|f| f.into_iter().map(card).collect())
            .collect();
        let rows: Vec<Vec<Card>> =
            (0..self.rules.rows()).map(|i| s.pile(i).into_iter().map(card).collect()).collect();
        let terrace = Some(self.terrace[..s.terrace as usize].iter().map(|&k| card(k)).collect());
        if !s.chosen() {
            let stock = self
                .refill
                .iter()
                .chain(&self.seq[..self.seq_len as usize])
                .map(|&k| card(k))
                .collect();
            return Layout {
                foundations,
                terrace,
                rows,
                wastes: vec![vec![]],
                stock_top_first: stock,
                ..Layout::default()
            };
        }
        let mut waste = vec![];
        let mut stock = vec![];
        for p in 0..self.seq_len as u32 {
            if s.removed >> p & 1 == 0 {
                if p < s.dealt as u32 {
                    waste.push(card(self.seq[p as usize]))
                } else {
                    stock.push(card(self.seq[p as usize]))
                }
            }
        }
        Layout {
            foundations,
            terrace,
            rows,
            wastes: vec![waste],
            stock_top_first: stock,
            ..Layout::default()
        }
    }

    /// The position after the opening choice of pile `i` (for layouts and tests).
    pub fn after_choice(&self, i: u8) -> QueenState {
        let mut s = self.start;
        crate::game::Game::play(self, &mut s, QueenMove::Choose(i));
        s
    }
}

/// Does a tableau top `top` accept `k`? Down with wrap, alternating colours (every variant).
#[inline]
pub(crate) fn tableau_accepts(top: u8, k: u8) -> bool {
    let (t, k) = (Kind::from_index(top), Kind::from_index(k));
    k.rank() == (t.rank() + 12) % 13 && k.colour() != t.colour()
}

impl QueenRules {
    /// Does a foundation whose top is `top` take `k` next?
    pub(crate) fn foundation_follows(&self, top: u8, k: u8) -> bool {
        let (t, k) = (Kind::from_index(top), Kind::from_index(k));
        let colour_ok =
            if self.suited_foundations() { k.suit() == t.suit() } else { k.colour() != t.colour() };
        k.rank() == (t.rank() + 1) % 13 && colour_ok
    }
}

/// A small test position of a deal: foundation `f` already holds its first `heights[f]` cards
/// from base rank `base`, and the other cards, in the deal's order, make a terrace of `terrace`
/// cards, one card on each of the first `tableau` piles, then (if any are left) one waste card
/// and the stock. Small enough for the plain reference search to decide, so the fast solver can
/// be checked against it; foundations left low with the terrace holding their cards make lost
/// positions common. With cards left for the waste, every pile must get one (no gap may wait to
/// be filled).
pub fn prefilled_layout(
    rules: &QueenRules,
    deal: &Deal,
    base: u8,
    heights: [u8; 8],
    terrace: usize,
    tableau: usize,
) -> Layout {
    assert!(base < 13 && heights.iter().all(|&h| (1..=13).contains(&h)));
    // Foundation f: AC games: F0..F3 start black, F4..F7 red, colours alternating, the suit of
    // each colour and the deck fixed by f; in suit (General's Patience): F(2s), F(2s+1) of suit
    // s. At every height the eight foundations use eight different cards.
    let mut foundations: Vec<Vec<Card>> = vec![vec![]; 8];
    for f in 0..8u8 {
        for step in 0..heights[f as usize] {
            let rank = (base + step) % 13;
            let suit = if rules.suited_foundations() {
                f / 2
            } else {
                ((f / 4) ^ (step & 1)) * 2 + (f / 2) % 2
            };
            foundations[f as usize].push(Card::new(f % 2, suit, rank));
        }
    }
    let home: std::collections::HashSet<u8> =
        foundations.iter().flatten().map(|c| c.id()).collect();
    let rest: Vec<Card> =
        deal.cards().iter().copied().filter(|c| !home.contains(&c.id())).collect();
    let rows_n = rules.rows();
    assert!(
        tableau <= rows_n && rest.len() >= terrace + tableau,
        "{} cards out, terrace {terrace}",
        rest.len()
    );
    let terrace_cards = rest[..terrace].to_vec();
    let rows =
        (0..rows_n).map(|i| if i < tableau { vec![rest[terrace + i]] } else { vec![] }).collect();
    let left = &rest[terrace + tableau..];
    assert!(left.is_empty() || tableau == rows_n, "cards for the waste but an empty pile");
    let wastes = vec![left.first().map(|&c| vec![c]).unwrap_or_default()];
    let stock_top_first = left.iter().skip(1).copied().collect();
    Layout {
        foundations,
        terrace: Some(terrace_cards),
        rows,
        wastes,
        stock_top_first,
        ..Layout::default()
    }
}

impl crate::rules::FamilyRules for QueenRules {
    type Game = Queen;
    fn layout(&self, deal: &Deal) -> Layout {
        QueenRules::layout(self, deal)
    }
    fn game(&self, layout: &Layout) -> Result<Queen, BadLayout> {
        Queen::from_layout(*self, layout)
    }
    fn waste_names(&self) -> Vec<String> {
        QueenRules::waste_names(self)
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
        if o.empty_waste_any || o.pf_refill_timing || o.no_wrap {
            return Err("--empty-waste-any, --pf-refill-timing and --no-wrap do not apply to the Queen of Italy family".into());
        }
        if let Some(r) = o.redeals {
            if r > 1 {
                return Err("--redeals for the Queen of Italy family is 0 (the rules) or 1 (one turn of the waste)".into());
            }
            self.redeals = r;
        }
        if o.foundation_to_tableau {
            if !self.shape.foundation_to_tableau_option {
                let open =
                    crate::rules::names_where(family, |r| r.shape.foundation_to_tableau_option);
                return Err(format!("--foundation-to-tableau applies only to {open}"));
            }
            self.foundation_to_tableau = true;
        }
        Ok(())
    }
    fn option_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("redeals", self.redeals.to_string()),
            ("foundation-to-tableau", self.foundation_to_tableau.to_string()),
        ]
    }
    fn has_terrace(&self) -> bool {
        true
    }
}
