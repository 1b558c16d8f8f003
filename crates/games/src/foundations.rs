//! The eight foundations shared by the Alhambra and Crazy Quilt families (RULES.md §2, §5):
//! F0..F3 build up in suit (♣♠♥♦) from the ace, F4..F7 down in suit from the king, no wrap.
//! Stored as a card count per foundation, a nibble each.
//!
//! # Dead position: a waste that has become a pure stack
//!
//! When the cards of a waste can leave it only to a foundation (no redeal left, nothing built
//! from the waste elsewhere), every card below a waste card X leaves after X. Take X = (s, r) with
//! cards below it. Its up route needs every rank q in [u, r−1] of suit s placed up first and is
//! impossible if u > r; its down route needs every q in [r+1, 12−d] placed down first and is
//! impossible if r > 12−d. A route is blocked if some such q has ALL its remaining copies below X
//! in the waste: each of those leaves after X, so q cannot precede X. If both routes of some X
//! are blocked, X never reaches a foundation and the position is lost. Each family says when its
//! waste is such a stack ([`Foundations::waste_stack_is_dead`] is only called then).
//!
//! # Dead position: a stock card that will land on its own blocker
//!
//! If, moreover, every stock card will be dealt onto that waste (no redeal left, and no refill or
//! second waste can take it elsewhere), look at a stock card Y = (s, r) at sequence index t. Its
//! up route needs each q in [u, r−1] placed up first. Let E(q) be a lower bound on when q can be
//! placed up: the largest, over the ranks p in [u, q], of the earliest availability of a copy of p
//! (0 for a copy in the waste or outside the sequence, its index for a stock copy — a card cannot
//! be played before it is dealt). If every remaining copy of q lies before Y in the sequence (in
//! the waste, or in the stock ahead of Y) and E(q) > t, then when Y is dealt q is not yet placed up
//! and every copy of it is in the waste under Y: a copy may still leave downwards, but the one the
//! up foundation needs is buried under Y, and Y cannot leave before it. So Y's up route is
//! blocked; likewise its down route with the ranks [r+1, 12−d]. A stock card with both routes
//! blocked never reaches a foundation: the position is lost.

use crate::card::{Card, Kind};
use crate::cardseq::CardSeq;
use crate::deal::Deal;
use crate::layout::BadLayout;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Foundations(u32);

const ALL_FULL: u32 = 0xDDDD_DDDD;
const NEVER: u8 = u8::MAX;

impl Foundations {
    #[inline]
    pub fn count(self, f: usize) -> u8 {
        ((self.0 >> (4 * f)) & 0xF) as u8
    }
    pub fn set(&mut self, f: usize, n: u8) {
        self.0 = (self.0 & !(0xF << (4 * f))) | ((n as u32) << (4 * f));
    }
    #[inline]
    pub fn add(&mut self, f: usize) {
        self.0 += 1 << (4 * f);
    }
    #[inline]
    pub fn all_full(self) -> bool {
        self.0 == ALL_FULL
    }
    pub fn total(self) -> usize {
        (0..8).map(|f| self.count(f) as usize).sum()
    }
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The counts of eight foundation piles (bottom→top), which must be runs from their base.
    pub fn from_piles(piles: &[Vec<Card>]) -> Result<Foundations, BadLayout> {
        if piles.len() != 8 {
            return Err(BadLayout(format!("{} foundations, expected 8", piles.len())));
        }
        let mut found = Foundations::default();
        for (f, pile) in piles.iter().enumerate() {
            if pile.len() > 13 {
                return Err(BadLayout(format!("F{f} holds {} cards", pile.len())));
            }
            if let Some((i, c)) = pile.iter().enumerate().find(|(i, c)| c.kind() != Foundations::card(f, *i as u8)) {
                return Err(BadLayout(format!("F{f} card {} is {c}, expected {}", i + 1, Foundations::card(f, i as u8))));
            }
            found.set(f, pile.len() as u8);
        }
        Ok(found)
    }

    /// Every card on the foundations.
    pub fn kinds(self) -> impl Iterator<Item = Kind> {
        (0..8).flat_map(move |f| (0..self.count(f)).map(move |i| Foundations::card(f, i)))
    }

    /// The `i`-th card (from the bottom) of foundation `f`.
    pub fn card(f: usize, i: u8) -> Kind {
        if f < 4 { Kind::new(f as u8, i) } else { Kind::new(f as u8 - 4, 12 - i) }
    }

    /// The foundations `k` can go to now.
    #[inline]
    pub fn targets(self, k: Kind) -> [Option<u8>; 2] {
        let (suit, rank) = (k.suit() as usize, k.rank());
        let (up, down) = (self.count(suit), self.count(4 + suit));
        [
            (up < 13 && up == rank).then_some(suit as u8),
            (down < 13 && 12 - down == rank).then_some(4 + suit as u8),
        ]
    }

    /// Copies of `k` not yet on a foundation.
    #[inline]
    pub fn remaining(self, k: Kind) -> u8 {
        let (up, down) = (self.count(k.suit() as usize), self.count(4 + k.suit() as usize));
        2 - (k.rank() < up) as u8 - (k.rank() + down > 12) as u8
    }

    /// Rule M's condition (the arguments are with each family): the suit has met (u + d ≥ 13),
    /// and the other side is ready for a wrap-built card (d ≥ 12 to force a card up, u ≥ 12 to
    /// force one down).
    #[inline]
    pub fn met_and_wrap_safe(self, k: Kind, foundation: u8) -> bool {
        let suit = k.suit() as usize;
        let (up, down) = (self.count(suit), self.count(4 + suit));
        let other_side_ready = if (foundation as usize) < 4 { down >= 12 } else { up >= 12 };
        up + down >= 13 && other_side_ready
    }

    /// The dead-position tests for a waste `seq[0..waste]` that has become a pure stack, and,
    /// when `stock_lands_on_waste`, for the stock `seq[waste..]` that will be dealt onto it (see
    /// the module notes).
    pub fn last_pass_is_dead(self, seq: &CardSeq, waste: usize, stock_lands_on_waste: bool) -> bool {
        self.waste_stack_is_dead(seq, waste) || (stock_lands_on_waste && self.stock_lands_on_blocker(seq, waste))
    }

    /// The stock test of the module notes. O(52 + 13 · stock).
    pub fn stock_lands_on_blocker(self, seq: &CardSeq, waste: usize) -> bool {
        let n = seq.len();
        if n <= waste {
            return false;
        }
        // Per kind: copies in the sequence, the earliest availability of a copy, the last index.
        let mut in_seq = [0u8; 52];
        let mut first_avail = [u8::MAX; 52];
        let mut last_index = [0u8; 52];
        for i in 0..n {
            let k = seq.get(i).index() as usize;
            in_seq[k] += 1;
            first_avail[k] = first_avail[k].min(if i < waste { 0 } else { i as u8 });
            last_index[k] = i as u8;
        }
        // up_ready[k] / down_ready[k]: lower bound on when k can be placed up / down (E above).
        let mut up_ready = [u8::MAX; 52];
        let mut down_ready = [u8::MAX; 52];
        for suit in 0..4usize {
            let (u, d) = (self.count(suit), self.count(4 + suit));
            let base = suit * 13;
            let avail = |q: u8| {
                let k = base + q as usize;
                // A copy outside the sequence (a reserve or the quilt) is available now.
                if in_seq[k] < self.remaining(Kind::from_index(k as u8)) { 0 } else { first_avail[k] }
            };
            let mut e = 0u8;
            for q in u.min(13)..13 {
                e = e.max(avail(q));
                up_ready[base + q as usize] = e;
            }
            if d < 13 {
                let mut e = 0u8;
                for q in (0..=12 - d).rev() {
                    e = e.max(avail(q));
                    down_ready[base + q as usize] = e;
                }
            }
        }
        // q blocks a card dealt at index t on a route when every remaining copy of q lies
        // before t and q cannot be placed on that route before t.
        let buried_before = |k: usize, ready: u8, t: usize| {
            let remaining = self.remaining(Kind::from_index(k as u8));
            remaining > 0 && in_seq[k] == remaining && (last_index[k] as usize) < t && ready as usize > t
        };
        (waste..n).any(|t| {
            let y = seq.get(t);
            let (suit, r) = (y.suit() as usize, y.rank());
            let (u, d) = (self.count(suit), self.count(4 + suit));
            let base = suit * 13;
            let up_blocked = u > r || (u..r).any(|q| buried_before(base + q as usize, up_ready[base + q as usize], t));
            let down_blocked =
                r + d > 12 || (r + 1..=12 - d).any(|q| buried_before(base + q as usize, down_ready[base + q as usize], t));
            up_blocked && down_blocked
        })
    }

    /// The dead-position test for a waste `seq[0..waste]` that has become a pure stack (see the
    /// module notes). O(waste + 52).
    pub fn waste_stack_is_dead(self, seq: &CardSeq, waste: usize) -> bool {
        if waste < 2 {
            return false;
        }
        // Copies of each kind in the waste, and the highest waste position holding one.
        let mut in_waste = [0u8; 52];
        let mut top_pos = [0u8; 52];
        for j in 0..waste {
            let k = seq.get(j).index() as usize;
            in_waste[k] += 1;
            top_pos[k] = j as u8;
        }
        // up_first[k] / down_first[k]: the lowest waste position whose card must be placed on
        // the up / down foundation before k (all remaining copies of some needed rank lie in the
        // waste, the highest of them there); NEVER when no such rank exists.
        let mut up_first = [NEVER; 52];
        let mut down_first = [NEVER; 52];
        for suit in 0..4usize {
            let (u, d) = (self.count(suit), self.count(4 + suit));
            let base = suit * 13;
            // The position below which every remaining copy of (suit, q) lies, if all of them
            // are in the waste.
            let blocker = |q: u8| {
                let k = base + q as usize;
                let remaining = self.remaining(Kind::from_index(k as u8));
                if remaining > 0 && in_waste[k] == remaining { top_pos[k] } else { NEVER }
            };
            // The up route of rank r needs ranks u..r-1: a running minimum from u upwards.
            let mut m = NEVER;
            for r in u.min(13)..13 {
                up_first[base + r as usize] = m;
                m = m.min(blocker(r));
            }
            // The down route of rank r needs ranks r+1..=12-d: a running minimum from 12-d down.
            if d < 13 {
                let mut m = NEVER;
                for r in (0..=12 - d).rev() {
                    down_first[base + r as usize] = m;
                    m = m.min(blocker(r));
                }
            }
        }
        (1..waste).any(|j| {
            let x = seq.get(j);
            let (suit, r) = (x.suit() as usize, x.rank());
            let (u, d) = (self.count(suit), self.count(4 + suit));
            let k = x.index() as usize;
            let up_blocked = u > r || (up_first[k] as usize) < j;
            let down_blocked = r + d > 12 || (down_first[k] as usize) < j;
            up_blocked && down_blocked
        })
    }
}

/// For test instances (not rules deals): foundations holding their k lowest (up) and k highest
/// (down) ranks, and the talon without those cards — deck-0 copies first, both copies of a rank
/// when k > 6 puts it on both — in talon order.
pub fn prefill(deal: &Deal, k: u8) -> (Vec<Vec<Card>>, Vec<Card>) {
    assert!((1..=12).contains(&k));
    let mut to_place = [0u8; 52];
    for kind in 0..52u8 {
        let r = kind % 13;
        to_place[kind as usize] = (r < k) as u8 + (r > 12 - k) as u8;
    }
    let mut by_deck: Vec<Card> = deal.cards().to_vec();
    by_deck.sort_by_key(|c| c.deck());
    let mut placed = [false; 104];
    for c in by_deck {
        let n = &mut to_place[c.kind().index() as usize];
        if *n > 0 {
            *n -= 1;
            placed[c.id() as usize] = true;
        }
    }
    let foundations = (0..8).map(|f| (0..k).map(|i| Foundations::card(f, i).card()).collect()).collect();
    let rest = deal.cards().iter().copied().filter(|c| !placed[c.id() as usize]).collect();
    (foundations, rest)
}
