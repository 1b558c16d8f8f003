//! The Alhambra family (RULES.md §2): `alhambra`, `granada`, `reinforcements`.
//!
//! One module serves the three variants: they differ only in the numbers of reserves and wastes
//! and in two rules (waste-to-waste moves, reserve refills), all read from [`AlhambraRules`].

mod moves;
mod prune;
mod state;

pub use moves::AlhambraMove;
pub use state::AlhambraState;

use crate::card::{Card, Kind};
use crate::cardseq::SEQ_CAP;
use crate::deal::Deal;
use crate::foundations::Foundations;
use crate::layout::{BadLayout, Layout, check_two_of_each, redeals_left};
use crate::variant::Variant;

/// What an Alhambra variant's rules fix (RULES.md §2): its record in the variant registry
/// (`crate::variant::registry`) gives the values; the family's code asks these, never the
/// variant's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlhambraShape {
    /// Reserve piles (8; reinforcements 4).
    pub reserves: u8,
    /// Cards dealt to each reserve (4; reinforcements 12).
    pub reserve_depth: u8,
    /// Waste piles (1; granada 4, between which a waste's top card may move).
    pub wastes: u8,
    /// An emptied reserve takes the stock's next card (reinforcements). Where reserves refill, the
    /// empty-waste-any option does not apply and the pf-refill-timing option does.
    pub refills: bool,
}

/// The rules of one variant with its options (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlhambraRules {
    /// Which variant (its record's key; the rules below are all the family's code reads).
    pub variant: Variant,
    pub shape: AlhambraShape,
    /// PySolFC: an empty waste accepts any card (alhambra, granada; RULES.md §2 option).
    pub empty_waste_any: bool,
    /// PySolFC: refill empty reserves after player moves only, not after deals (reinforcements).
    pub pf_refill_timing: bool,
    /// Redeals allowed (2 by the rules; other values are for measurement and tests).
    pub redeals: u8,
}

impl AlhambraRules {
    /// A variant's rules with the options at the rule book's defaults.
    pub const fn with_shape(variant: Variant, shape: AlhambraShape) -> Self {
        AlhambraRules {
            variant,
            shape,
            empty_waste_any: false,
            pf_refill_timing: false,
            redeals: 2,
        }
    }
    pub fn reserves(&self) -> usize {
        self.shape.reserves as usize
    }
    pub fn reserve_depth(&self) -> usize {
        self.shape.reserve_depth as usize
    }
    pub fn wastes(&self) -> usize {
        self.shape.wastes as usize
    }
    pub(crate) fn refills(&self) -> bool {
        self.shape.refills
    }
    /// An empty waste accepts any card only where the option applies (reserves that never
    /// refill).
    pub(crate) fn empty_waste_accepts_any(&self) -> bool {
        self.empty_waste_any && !self.refills()
    }
    /// The names of the waste piles in solutions.
    pub fn waste_names(&self) -> Vec<String> {
        if self.wastes() == 1 {
            vec!["W".into()]
        } else {
            (0..self.wastes()).map(|i| format!("W{i}")).collect()
        }
    }

    /// The starting layout of a deal (RULES.md §2 "Deal").
    pub fn layout(&self, deal: &Deal) -> Layout {
        let d = deal.cards();
        let foundations = d[..8].iter().map(|&c| vec![c]).collect();
        let (n, depth) = (self.reserves(), self.reserve_depth());
        let reserves = (0..n).map(|i| (0..depth).map(|k| d[8 + i + n * k]).collect()).collect();
        let first_waste = 8 + n * depth;
        let wastes: Vec<Vec<Card>> = (0..self.wastes()).map(|w| vec![d[first_waste + w]]).collect();
        let stock_top_first = d[first_waste + self.wastes()..].to_vec();
        Layout { foundations, reserves, wastes, stock_top_first, ..Layout::default() }
    }
}

/// A game of the family with its deal: the rules, the reserve contents, the start position.
#[derive(Clone, Debug)]
pub struct Alhambra {
    rules: AlhambraRules,
    /// Reserve contents bottom→top as kinds; the state keeps only the heights.
    reserves: [[Kind; 12]; 8],
    start: AlhambraState,
}

impl Alhambra {
    /// The game of a deal made by `make_deal` with this variant\'s hook (a deal text is checked
    /// there). Anything else from a user goes through [`Self::from_layout`], which returns the error.
    pub fn new(rules: AlhambraRules, deal: &Deal) -> Self {
        Self::from_layout(rules, &rules.layout(deal)).expect("a dealt layout is valid")
    }

    /// A game from any position of the family: a deal's layout, or a test position whose
    /// foundations already hold cards. Foundations must be runs from their base (A up, K down).
    pub fn from_layout(rules: AlhambraRules, layout: &Layout) -> Result<Self, BadLayout> {
        let bad = |m: String| Err(BadLayout(m));
        if layout.reserves.len() != rules.reserves() || layout.wastes.len() != rules.wastes() {
            return bad(format!(
                "expected {} reserves and {} waste(s)",
                rules.reserves(),
                rules.wastes()
            ));
        }
        let found = Foundations::from_piles(&layout.foundations)?;
        let mut s = AlhambraState {
            redeals_left: redeals_left(layout, rules.redeals)?,
            found,
            ..AlhambraState::default()
        };
        let mut reserves = [[Kind::default(); 12]; 8];
        for (r, pile) in layout.reserves.iter().enumerate() {
            if pile.len() > rules.reserve_depth() {
                return bad(format!(
                    "R{r} holds {} cards, at most {}",
                    pile.len(),
                    rules.reserve_depth()
                ));
            }
            for (i, c) in pile.iter().enumerate() {
                reserves[r][i] = c.kind();
            }
            s.set_height(r, pile.len() as u8);
        }
        let seq: Vec<(usize, Card)> = (0..rules.wastes())
            .rev()
            .flat_map(|w| layout.wastes[w].iter().map(move |&c| (w, c)))
            .chain(layout.stock_top_first.iter().map(|&c| (usize::MAX, c)))
            .collect();
        if seq.len() > SEQ_CAP {
            return bad(format!("wastes and stock hold {} cards, at most {SEQ_CAP}", seq.len()));
        }
        for (w, c) in seq {
            s.seq.push(c.kind());
            if w != usize::MAX {
                s.wlen[w] += 1;
            }
        }
        let game = Alhambra { rules, reserves, start: s };
        check_two_of_each(game.all_kinds(&s))?;
        Ok(game)
    }

    pub fn rules(&self) -> &AlhambraRules {
        &self.rules
    }

    /// Every card of a position, for consistency checks.
    fn all_kinds(&self, s: &AlhambraState) -> Vec<Kind> {
        let mut v = Vec::with_capacity(104);
        v.extend(s.found.kinds());
        for r in 0..self.rules.reserves() {
            v.extend_from_slice(&self.reserves[r][..s.height(r) as usize]);
            if r < 4 && s.refill[r] != 0 {
                v.push(Kind::from_index(s.refill[r] - 1));
            }
        }
        v.extend((0..s.seq.len()).map(|i| s.seq.get(i)));
        v
    }

    /// The top card of reserve `r`, if any: a refill card sits on top of the original pile.
    #[inline]
    fn reserve_top(&self, s: &AlhambraState, r: usize) -> Option<Kind> {
        if r < 4 && s.refill[r] != 0 {
            Some(Kind::from_index(s.refill[r] - 1))
        } else {
            let h = s.height(r) as usize;
            (h > 0).then(|| self.reserves[r][h - 1])
        }
    }
}

/// A test instance, NOT a rules deal (calibration note §1 `--pre`): each suit's up foundation
/// starts with its k lowest ranks and its down foundation with its k highest; those cards leave
/// the talon (deck-0 copies first; for k > 6 both copies of the middle ranks), and the remaining
/// 104 − 8k cards are laid out in the variant's order: reserves round-robin (as deep as the cards
/// allow), one card per waste, the rest as the stock. Small enough for the plain reference search
/// to decide, so the fast solver can be checked against it.
pub fn prefilled_layout(rules: &AlhambraRules, deal: &Deal, k: u8) -> Layout {
    lay_out_prefilled(rules, crate::foundations::prefill(deal, k))
}

/// As [`prefilled_layout`], with its own (up, down) counts per suit (13: a full foundation).
pub fn prefilled_layout_counts(
    rules: &AlhambraRules,
    deal: &Deal,
    counts: [(u8, u8); 4],
) -> Layout {
    lay_out_prefilled(rules, crate::foundations::prefill_counts(deal, counts))
}

fn lay_out_prefilled(
    rules: &AlhambraRules,
    (foundations, rest): (Vec<Vec<Card>>, Vec<Card>),
) -> Layout {
    let (n, depth) = (rules.reserves(), rules.reserve_depth());
    let in_reserves = (n * depth).min(rest.len() - rules.wastes());
    let per = in_reserves / n;
    let reserves = (0..n).map(|i| (0..per).map(|j| rest[i + n * j]).collect()).collect();
    let used = per * n;
    let wastes = (0..rules.wastes()).map(|w| vec![rest[used + w]]).collect();
    let stock_top_first = rest[used + rules.wastes()..].to_vec();
    Layout { foundations, reserves, wastes, stock_top_first, ..Layout::default() }
}

#[cfg(test)]
mod tests;

impl crate::rules::FamilyRules for AlhambraRules {
    type Game = Alhambra;
    fn layout(&self, deal: &Deal) -> Layout {
        AlhambraRules::layout(self, deal)
    }
    fn game(&self, layout: &Layout) -> Result<Alhambra, BadLayout> {
        Alhambra::from_layout(*self, layout)
    }
    fn waste_names(&self) -> Vec<String> {
        AlhambraRules::waste_names(self)
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
        if o.empty_waste_any && self.refills() {
            return Err(format!(
                "--empty-waste-any does not apply to {} (its empty waste always accepts nothing)",
                crate::rules::names_where(family, |r| r.variant == self.variant)
            ));
        }
        if o.pf_refill_timing && !self.refills() {
            let refilled = crate::rules::names_where(family, |r| r.refills());
            return Err(format!("--pf-refill-timing applies only to {refilled}"));
        }
        if o.no_wrap {
            return Err("--no-wrap applies only to the Crazy Quilt family (the Alhambra waste always wraps)".into());
        }
        if o.foundation_to_tableau {
            return Err("--foundation-to-tableau applies only to queen-of-italy-open".into());
        }
        self.empty_waste_any = o.empty_waste_any;
        self.pf_refill_timing = o.pf_refill_timing;
        if let Some(r) = o.redeals {
            self.redeals = r;
        }
        Ok(())
    }
    fn option_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("empty-waste-any", self.empty_waste_any.to_string()),
            ("pf-refill-timing", self.pf_refill_timing.to_string()),
            ("redeals", self.redeals.to_string()),
        ]
    }
}
