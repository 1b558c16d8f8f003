//! The plain forms of move generation's foundation tests, of the forced steps and of the
//! empty-pile moves (the tests' references for the kept masks and the fast paths), and the
//! tests of the per-kind tables.

use super::*;

impl Queen {
    /// `Game::home_cards` counted afresh from the 2-bit counts (what it was before the state
    /// kept it).
    pub(crate) fn home_cards_computed(s: &QueenState) -> u32 {
        const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
        (s.home & LOW).count_ones() + 2 * ((s.home >> 1) & LOW).count_ones()
    }

    /// Kinds of the same foundation class as `k` home: the colour (AC) or the card (in suit).
    pub(crate) fn home_class(&self, s: &QueenState, k: u8) -> u32 {
        if self.rules.suited_foundations() { s.home(k) } else { s.class_home(k) }
    }

    /// `home_class` as first written (two kinds' counts): the reference for the tests.
    pub(crate) fn home_class_simple(&self, s: &QueenState, k: u8) -> u32 {
        if self.rules.suited_foundations() { s.home(k) } else { s.home(k) + s.home(partner(k)) }
    }

    /// The class a card of `k` must sit on, on a foundation: rank one lower, other colour (AC)
    /// or same suit. `None` for the base rank.
    pub(crate) fn pred(&self, s: &QueenState, k: u8) -> Option<u8> {
        self.pred_at(s.base_rank, k)
    }

    /// Can a card of kind `k` go to a foundation now? The base rank always can (there are as
    /// many empty foundations as base cards still out); another card needs more foundations
    /// topped by its predecessor class than copies of its own class home. Move generation reads
    /// it from `foundation_masks`; this is the plain statement, the tests' reference.
    pub(crate) fn playable(&self, s: &QueenState, k: u8) -> bool {
        match self.pred(s, k) {
            None => true,
            Some(p) => self.home_class(s, p) > self.home_class(s, k),
        }
    }

    /// Stock, waste (and in Redheads the terrace) are empty: no gap will ever be filled by
    /// force again, and an empty pile takes any tableau top card. (`generate` computes it from
    /// the waste and stock it reads anyway; this is the tests' reference.)
    pub(crate) fn end_phase(&self, s: &QueenState) -> bool {
        s.waste_top().is_none()
            && self.stock_next(s).is_none()
            && !(self.rules.fills_from_terrace() && s.terrace > 0)
    }

    /// `play` as first written (the forced steps tested after every move): the reference for
    /// the tests.
    pub(crate) fn play_simple(&self, s: &mut QueenState, m: QueenMove) {
        self.play_own(s, m);
        self.settle(s, |_, _| {});
    }

    /// `forced_step` as first written: the reference for the tests.
    pub(crate) fn forced_step_simple(&self, s: &QueenState) -> Option<Forced> {
        if s.waste_top().is_none() && self.stock_next(s).is_some() {
            return Some(Forced::Deal);
        }
        let gap = (0..self.rules.rows()).find(|&i| s.len[i] == 0)? as u8;
        if self.rules.fills_from_terrace() && s.terrace > 0 {
            return Some(Forced::Fill { from: Loc::Terrace, to: gap });
        }
        s.waste_top().map(|_| Forced::Fill { from: Loc::Waste, to: gap })
    }

    /// The foundation tests of move generation for all kinds at once, from the packed counts:
    /// a few word operations per position instead of table lookups and count reads per card.
    /// Each nibble of a colour half of `home` holds the two kinds of one rank (2 bits each); a
    /// mask bit per nibble is spread to the kinds' bits (4 · rank + suit) by multiplying.
    /// (Move generation reads `playable` kept in the state and asks the safe test per card,
    /// `safe_kind`: this is their reference in the tests.)
    pub(crate) fn foundation_masks(&self, s: &QueenState) -> FoundationMasks {
        let kinds = home_kinds(s);
        let (bc, rc) = (kinds[0] + kinds[1], kinds[2] + kinds[3]);
        // A base-rank card always has an empty foundation.
        let base = 0xF << (4 * s.base_rank as u32);
        // No card can be built on `k`: its alternate-colour predecessor class is all home (4).
        let (bp, rp) = (from_below(rc), from_below(bc));
        let inert = (((bp >> 2) & NIBBLE_ONES) * 0b0011) | (((rp >> 2) & NIBBLE_ONES) * 0b1100);
        let playable = self.playable_kinds(s);
        if self.rules.suited_foundations() {
            // In suit: each kind against the same suit one rank lower (2 copies).
            let mut slots = base;
            for (suit, &c) in kinds.iter().enumerate() {
                slots |= ((from_below(c) >> 1) & NIBBLE_ONES) << suit;
            }
            FoundationMasks { playable, slots, inert }
        } else {
            FoundationMasks { playable, slots: base | inert, inert }
        }
    }
}

/// `playable`, `slots_for_all` and `inert` for every kind of one position: bit `KIND_BIT[k]`
/// of each mask says it for kind `k` (the tests' reference for the kept `playable` mask and
/// `safe_kind`).
#[derive(Clone, Copy)]
pub(crate) struct FoundationMasks {
    pub playable: u64,
    pub slots: u64,
    pub inert: u64,
}

/// `empty_pile_moves` as first written (a length test per pile and source): the reference.
pub(crate) fn empty_pile_moves_simple(
    s: &QueenState,
    rows: usize,
    from_waste: bool,
    symmetry: bool,
    out: &mut MoveList<QueenMove>,
) {
    for j in 0..rows {
        if s.len[j] != 0 {
            continue;
        }
        for i in 0..rows {
            if s.len[i] > 1 || (s.len[i] == 1 && !symmetry) {
                out.push(QueenMove::Card { from: Loc::Pile(i as u8), to: Loc::Pile(j as u8) });
            }
        }
        if from_waste {
            out.push(QueenMove::Card { from: Loc::Waste, to: Loc::Pile(j as u8) });
        }
        if symmetry {
            break;
        }
    }
}

/// The other suit of the same colour (C↔S, H↔D), same rank.
fn partner(k: u8) -> u8 {
    PARTNER[k as usize]
}

const PARTNER: [u8; 52] = kind_table!(|k| Kind::new(k.suit() ^ 1, k.rank()).index());

#[test]
fn kind_tables_follow_their_definitions() {
    for k in 0..52u8 {
        let c = Kind::from_index(k);
        assert_eq!(RANK[k as usize], c.rank());
        assert_eq!(PARTNER[k as usize], ((k / 13) ^ 1) * 13 + k % 13);
        let lower = (c.rank() + 12) % 13;
        assert_eq!(PRED_SUITED[k as usize], Kind::new(c.suit(), lower).index());
        assert_eq!(PRED_ALTERNATE[k as usize], Kind::new((1 - c.colour()) * 2, lower).index());
    }
}

#[test]
fn build_classes_say_what_tableau_accepts_says() {
    for top in 0..52u8 {
        for k in 0..52u8 {
            assert_eq!(
                BUILDS_ON[top as usize] == BUILD_CLASS[k as usize],
                tableau_accepts(top, k),
                "{top} {k}"
            );
        }
    }
    // The tables' entries for `NO_CARD` (and every other non-kind): an empty pile takes a
    // class no card is, builds on none, and is never playable.
    for x in 52..256usize {
        assert_eq!((BUILDS_ON[x], BUILD_CLASS[x], KIND_BIT[x]), (NO_TOP_TAKES, NO_TOP_CLASS, 63));
    }
    for k in 0..52usize {
        assert!(BUILD_CLASS[k] < 26 && BUILDS_ON[k] < 26 && KIND_BIT[k] < 52);
        assert_eq!(
            KIND_BIT[k],
            4 * Kind::from_index(k as u8).rank() + Kind::from_index(k as u8).suit()
        );
    }
}
