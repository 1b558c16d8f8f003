//! A dead-position test that reasons across passes, for the single-waste games whose talon
//! keeps its order (alhambra, crazy-quilt, indian-carpet): lower bounds on the earliest time each
//! remaining card can go home, iterated to a fixpoint; a card (or a foundation) that cannot be
//! finished within the passes left proves the position lost. Each family builds a [`PassBound`]
//! from its position (the talon, then its other cards with the rule that frees them).
//!
//! # Time
//!
//! Label the cards of the talon (waste then stock, `seq`) by their index now: 0..n, the waste
//! holding 0..c0 (c0 = the waste's length). No card ever changes its order relative to another
//! talon card (cards leave only from the waste top; a reserve card enters at the cursor; a
//! redeal keeps the order: RULES.md §2). A *time* is a pair (pass, x): `pass` redeals from now,
//! and x = 1 + the largest label dealt so far in that pass (c0 in pass 0 now, 0 after a redeal).
//! Times are ordered lexicographically; the order of events in any line of play is consistent
//! with it. Encoded as `pass * PASS + x`; `INF` means never.
//!
//! # The bounds
//!
//! For any line of play from the position, let T(c, f) be the time card c goes to foundation f
//! (INF if it does not), P(f, t) the time f receives its t-th next card (= min over the copies c
//! of that kind of T(c, f)), L(c) the time a reserve card leaves its reserve and W(c) the time a
//! reserve card is put on the waste. Each rule below is an inequality that every line satisfies:
//!
//! - (a) A talon card with label i goes home in pass p at a time ≥ (p, i+1) — it must have been
//!   dealt in that pass — and in pass 0 at a time ≥ now (the waste cards are already dealt).
//! - (b) Foundation order: T(c, f) ≥ P(f, t−1) where c is f's t-th next card.
//! - (c) Cards outside the talon (reserve or quilt cards) can move once free, at F(c) ≥ now. A
//!   reserve card is free once every card above it has left: F(c) ≥ L(above) (alhambra). A quilt
//!   card is free once one of its short-side neighbours has left (or the side is open): F(c) ≥
//!   min(L(n1), L(n2)) (crazy-quilt, RULES.md §5). T(c, f) ≥ F(c). Such a card leaves home or to
//!   the waste: L(c) = min(T(c, ·), W(c)); W(c) ≥ F(c), and it needs a same-suit neighbour (±1,
//!   with wrap where the rules wrap) on the waste top then: a talon copy dealt (time ≥ its first
//!   deal time) or a non-talon copy put there before (≥ its W). Where an empty waste accepts any
//!   card, W(c) ≥ F(c) only (the waste might be empty).
//! - (d) Same-suit blocking. Let Y be a talon card (label i) and b a rank f needs before Y such
//!   that every remaining copy of b is a talon card with a label below i. If Y goes to f in pass
//!   p, then b went to f before Y was dealt in pass p: P(f, b) ≤ (p, i). Why: when Y is dealt (or,
//!   for a waste card in pass 0, since it was dealt), the copies of b lie below it in the waste
//!   (or are on the other foundation); a waste card leaves only to a foundation; Y cannot go to f
//!   before b, and b cannot leave from under Y. So without b on f by then, Y stays on it for the
//!   rest of the pass.
//! - (e) Cross-suit blocking. Let X be a talon card (label i) and Z a talon card with label j > i
//!   that cannot go home in passes 0..=p (every bound on Z is ≥ (p+1, 0)). If X goes home in pass
//!   p, it goes before Z is dealt in pass p: at a time ≤ (p, j). Why: once Z is dealt, X lies
//!   under it, and Z leaves the waste only to a foundation, which it does not do in pass p. (For
//!   pass 0 and j < c0, Z is already above X, and the bound ≤ (0, j) < now rules pass 0 out.)
//!
//! - (f) Copies. Where both foundations of a suit still need rank r, its two remaining copies go
//!   one up and one down; the bounds above let both foundations count on the earlier copy. Once
//!   the fixpoint has settled, each suit's assignments σ (which copy of each shared rank goes up)
//!   are tried: the suit's two foundations are followed slot by slot as in (b), each shared slot
//!   with only the copy σ sends there, each card's time also at least its bound from the
//!   fixpoint, rules (a), (d), (e) as before. If under every σ one of the two foundations cannot be
//!   finished by the end of the last pass, the position is lost. Why: a winning line sends the
//!   copies one way, σ*; under σ* each recomputed slot time is at most the line's own (by
//!   induction along the chain, every input being a lower bound), so both foundations would
//!   finish. At most 2^11 assignments a suit. Where some σ do finish, each card's bound on each
//!   foundation rises to the least it has under those σ (σ* is one of them, so the least is still
//!   at most the line's own time; a card no such σ sends to a foundation gets INF there), and the
//!   fixpoint runs again from the raised bounds. (An upper limit on what copies can do, unsound
//!   and not used: letting each foundation wait for the later copy calls all 200 of alhambra seeds
//!   0..199 dead under the full rules; rule (f) calls 2 dead.)
//!
//! # Why a bound of INF proves the position lost
//!
//! Suppose a winning line exists, and take its times T*, L*, W* (every card goes home in a win).
//! Rules (a)–(e) say T* ≥ Φ(T*) component by component, where Φ computes each bound from the
//! others as the code below does, choosing for each card and foundation the earliest pass the
//! rules allow. Φ is monotone: larger arguments give larger (or equal) bounds — (d) and (e) rule
//! passes out only when bounds are large. We start from bounds ≤ T* (now, or 0) and apply Φ
//! repeatedly; by induction every iterate stays ≤ T*. If some card's bound on every foundation,
//! or some foundation's last slot, reaches INF, T* would be INF there: no winning line exists.
//! The iteration may stop at any point (a cap on rounds) without losing soundness.
//!
//! Not granada, whose waste-to-waste moves reorder the talon, nor reinforcements, whose refills
//! take stock cards into reserves instead of onto the waste: both break (d) and (e).

use crate::card::Kind;
use crate::cardseq::CardSeq;
use crate::foundations::Foundations;

const PASS: u16 = 128;
const INF: u16 = u16::MAX;
/// Cards not yet home: all 104 in a position whose foundations are empty.
const MAX: usize = 104;
/// Passes handled (redeals left + 1); more (measurement options) skips the test.
const MAX_PASSES: usize = 8;
/// Rounds of the fixpoint; stopping early is sound (each round's bounds are valid).
const MAX_ROUNDS: usize = 64;
const NONE: u8 = u8::MAX;

/// What frees a card outside the talon (rule c).
#[derive(Clone, Copy)]
enum Freed {
    /// A talon card (never asked).
    Talon,
    /// A reserve card: free once the card above has left (NONE: the pile's top).
    Under(u8),
    /// A quilt card: free once either short-side neighbour has left (NONE: that side is open).
    Sides([u8; 2]),
}

/// One position's cards and the bounds being tightened. Build it with [`PassBound::new`], add
/// the cards outside the talon, then ask [`PassBound::is_dead`].
pub struct PassBound {
    found: Foundations,
    /// The waste's length: "now" in pass 0.
    now: u16,
    /// Passes left, the current one included (set by [`Self::is_dead_with`]).
    passes: u16,
    kind: [Kind; MAX],
    freed: [Freed; MAX],
    /// Talon cards are 0..n (their labels); the others follow.
    n: usize,
    m: usize,
    wrap: bool,
    empty_waste_any: bool,
    /// The remaining copies of each kind.
    copies: [[u8; 2]; 52],
    ncopies: [u8; 52],
    /// Per card and route (0 up, 1 down): the highest chain slot b < its own whose copies all lie
    /// in the talon below it (rule d), or NONE.
    block: [[u8; 2]; MAX],
    /// Per card and route: its slot on that foundation (0 = next), or NONE if that foundation is
    /// past it.
    slot: [[u8; 2]; MAX],
    /// Bounds: going home per route; cards outside the talon put on the waste, and leaving.
    home: [[u16; 2]; MAX],
    waste: [u16; MAX],
    leave: [u16; MAX],
}

impl PassBound {
    /// The talon `seq` (waste `seq[..waste]` then the stock), with the foundations. `wrap`: the
    /// waste builds K–A; `empty_waste_any`: an empty waste accepts any card.
    pub fn new(
        found: Foundations,
        seq: &CardSeq,
        waste: usize,
        wrap: bool,
        empty_waste_any: bool,
    ) -> Self {
        let n = seq.len();
        let mut b = PassBound {
            found,
            now: waste as u16,
            passes: 0,
            kind: [Kind::default(); MAX],
            freed: [Freed::Talon; MAX],
            n,
            m: n,
            wrap,
            empty_waste_any,
            copies: [[NONE; 2]; 52],
            ncopies: [0; 52],
            block: [[NONE; 2]; MAX],
            slot: [[NONE; 2]; MAX],
            home: [[0; 2]; MAX],
            waste: [0; MAX],
            leave: [0; MAX],
        };
        for i in 0..n {
            b.kind[i] = seq.get(i);
        }
        b
    }

    /// A reserve pile, bottom→top.
    pub fn add_pile(&mut self, cards: &[Kind]) {
        for (j, &k) in cards.iter().enumerate() {
            let above = if j + 1 < cards.len() { (self.m + 1) as u8 } else { NONE };
            self.push(k, Freed::Under(above));
        }
    }

    /// A quilt card; its sides are set with [`Self::set_sides`] once every quilt card is added.
    /// Returns its index.
    pub fn add_quilt_card(&mut self, k: Kind) -> u8 {
        self.push(k, Freed::Sides([NONE; 2]));
        (self.m - 1) as u8
    }

    /// The quilt cards on the short sides of quilt card `x` (None: that side is open).
    pub fn set_sides(&mut self, x: u8, sides: [Option<u8>; 2]) {
        self.freed[x as usize] = Freed::Sides(sides.map(|s| s.unwrap_or(NONE)));
    }

    fn push(&mut self, k: Kind, freed: Freed) {
        self.kind[self.m] = k;
        self.freed[self.m] = freed;
        self.m += 1;
    }

    /// Copies, slots and rule (d)'s blocking slots, once every card is in.
    fn prepare(&mut self) {
        let (found, n) = (self.found, self.n);
        for x in 0..self.m {
            let k = self.kind[x].index() as usize;
            self.copies[k][self.ncopies[k] as usize] = x as u8;
            self.ncopies[k] += 1;
        }
        for x in 0..self.m {
            let k = self.kind[x];
            for route in 0..2 {
                let f = route * 4 + k.suit() as usize;
                let Some(t) = slot_of(found, f, k) else {
                    self.home[x][route] = INF;
                    continue;
                };
                self.slot[x][route] = t;
                if x < n {
                    self.block[x][route] = (0..t)
                        .rev()
                        .find(|&q| {
                            let kq = Foundations::card(f, found.count(f) + q).index() as usize;
                            self.copies[kq][..self.ncopies[kq] as usize]
                                .iter()
                                .all(|&c| (c as usize) < x)
                        })
                        .unwrap_or(NONE);
                }
            }
        }
    }

    /// Tightens the bounds round by round; true when one reaches INF (the position is lost).
    pub fn is_dead(&mut self, passes: usize) -> bool {
        self.is_dead_with(passes, true)
    }

    /// [`Self::is_dead`], with rule (f) or without it (for the tests, which check where it adds).
    pub fn is_dead_with(&mut self, passes: usize, copies_rule: bool) -> bool {
        if passes > MAX_PASSES {
            return false;
        }
        self.prepare();
        self.passes = passes as u16;
        let passes = self.passes;
        let (n, m, now, found) = (self.n, self.m, self.now, self.found);
        // Per pass p and talon card: the earliest it can go home within pass p (INF: not in p).
        let mut in_pass = [[[0u16; 2]; MAX]; MAX_PASSES];
        for x in 0..n {
            for route in 0..2 {
                if self.home[x][route] == INF {
                    in_pass.iter_mut().for_each(|pass| pass[x][route] = INF);
                }
            }
        }
        for _ in 0..MAX_ROUNDS {
            let mut changed = false;
            // P(f, t): the earliest any copy can fill slot t of f (rule b).
            let mut slot_time = [[INF; 13]; 8];
            for (f, times) in slot_time.iter_mut().enumerate() {
                let cnt = found.count(f);
                for t in 0..13 - cnt {
                    let k = Foundations::card(f, cnt + t).index() as usize;
                    times[t as usize] = self.copies[k][..self.ncopies[k] as usize]
                        .iter()
                        .map(|&c| self.home[c as usize][f / 4])
                        .min()
                        .unwrap_or(INF);
                }
            }
            if (0..8)
                .any(|f| found.count(f) < 13 && slot_time[f][12 - found.count(f) as usize] == INF)
            {
                return true;
            }
            // Rule (e): what a card dealt above X in pass p makes X wait for — nothing if it may
            // have gone home before pass p, else its earliest time in pass p.
            let mut wait = [[0u16; MAX]; MAX_PASSES];
            for p in 0..passes as usize {
                for j in 0..n {
                    wait[p][j] = if self.home[j][0].min(self.home[j][1]) < p as u16 * PASS {
                        0
                    } else {
                        in_pass[p][j][0].min(in_pass[p][j][1])
                    };
                }
            }
            for x in 0..m {
                let free = if x >= n { self.free(x, now) } else { 0 };
                for route in 0..2 {
                    let t = self.slot[x][route];
                    if t == NONE || self.home[x][route] == INF {
                        continue;
                    }
                    let f = route * 4 + self.kind[x].suit() as usize;
                    let before = if t == 0 { 0 } else { slot_time[f][t as usize - 1] };
                    let bound = if before == INF {
                        INF
                    } else if x >= n {
                        before.max(free)
                    } else {
                        let mut first = INF;
                        for p in 0..passes {
                            let t = self.talon_home_in(
                                x,
                                route,
                                before,
                                p,
                                &slot_time[f],
                                &wait[p as usize],
                            );
                            let slot = &mut in_pass[p as usize][x][route];
                            if t > *slot {
                                *slot = t;
                                changed = true;
                            }
                            first = first.min(*slot);
                        }
                        first
                    };
                    if bound > self.home[x][route] {
                        self.home[x][route] = bound;
                        changed = true;
                        if bound == INF && x < n {
                            in_pass.iter_mut().for_each(|pass| pass[x][route] = INF);
                        }
                    }
                }
            }
            for x in n..m {
                let free = self.free(x, now);
                let k = self.kind[x];
                let on_waste = if self.empty_waste_any {
                    free
                } else {
                    let mut w = INF;
                    for r in [k.rank() + 1, k.rank().wrapping_sub(1)] {
                        let r = match r {
                            13 | u8::MAX if !self.wrap => continue,
                            13 => 0,
                            u8::MAX => 12,
                            r => r,
                        };
                        let nk = Kind::new(k.suit(), r).index() as usize;
                        for &c in &self.copies[nk][..self.ncopies[nk] as usize] {
                            let c = c as usize;
                            w = w.min(if c < n { self.dealt(c, 0) } else { self.waste[c] });
                        }
                    }
                    if w == INF { INF } else { w.max(free) }
                };
                let leave = on_waste.min(self.home[x][0]).min(self.home[x][1]);
                if on_waste > self.waste[x] || leave > self.leave[x] {
                    self.waste[x] = self.waste[x].max(on_waste);
                    self.leave[x] = self.leave[x].max(leave);
                    changed = true;
                }
            }
            if (0..m).any(|x| self.home[x][0] == INF && self.home[x][1] == INF) {
                return true;
            }
            if !changed {
                match copies_rule.then(|| self.copies_tighten(&wait)) {
                    Some(None) => return true,
                    Some(Some(true)) => {}
                    _ => return false,
                }
            }
        }
        false
    }

    /// Rule (f), the copies (see the module notes): for each suit, every way of sending the two
    /// copies of each rank both foundations still need one up and one down. None lets both
    /// foundations finish: the position is lost (`None`). Otherwise each card's bound on each
    /// foundation rises to the least it has under the ways that do (a winning line's own way is
    /// one of them); `Some(changed)`.
    fn copies_tighten(&mut self, wait: &[[u16; MAX]; MAX_PASSES]) -> Option<bool> {
        let mut changed = false;
        let (mut up_times, mut down_times) = (Vec::with_capacity(26), Vec::with_capacity(26));
        for suit in 0..4 {
            let (up, down) = (self.found.count(suit), self.found.count(4 + suit));
            if up + down > 12 {
                continue;
            }
            // The shared ranks up..=12 − down: each has its two copies left (two foundations need it).
            let (lo, shared) = (up, 13 - up - down);
            if (lo..lo + shared)
                .any(|r| self.ncopies[Kind::new(suit as u8, r).index() as usize] != 2)
            {
                continue;
            }
            let mut least = [[INF; 2]; MAX];
            let mut any = false;
            for sigma in 0..1u32 << shared {
                if self.finishes(suit, 0, sigma, (lo, shared), wait, &mut up_times)
                    && self.finishes(suit, 1, sigma, (lo, shared), wait, &mut down_times)
                {
                    any = true;
                    for (route, times) in [(0, &up_times), (1, &down_times)] {
                        for &(x, t) in times.iter() {
                            least[x as usize][route] = least[x as usize][route].min(t);
                        }
                    }
                }
            }
            if !any {
                return None;
            }
            for (x, least) in least.iter().enumerate().take(self.m) {
                if self.kind[x].suit() as usize != suit {
                    continue;
                }
                for (home, &least) in self.home[x].iter_mut().zip(least) {
                    if least > *home {
                        *home = least;
                        changed = true;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Whether foundation (suit, route) can be finished by the end of the last pass when bit
    /// r − lo of `sigma` says which copy of shared rank r goes up (set: the first; the other down).
    fn finishes(
        &self,
        suit: usize,
        route: usize,
        sigma: u32,
        (lo, shared): (u8, u8),
        wait: &[[u16; MAX]; MAX_PASSES],
        times: &mut Vec<(u8, u16)>,
    ) -> bool {
        times.clear();
        let f = route * 4 + suit;
        let cnt = self.found.count(f);
        let mut chain = [INF; 13];
        let mut before = 0;
        for t in 0..13 - cnt {
            let k = Foundations::card(f, cnt + t);
            let ki = k.index() as usize;
            let copies = &self.copies[ki][..self.ncopies[ki] as usize];
            let r = k.rank();
            let chosen = if r >= lo && r < lo + shared {
                // Shared rank: the copy sigma sends to this foundation.
                let first_up = sigma >> (r - lo) & 1 == 1;
                Some(copies[if first_up == (route == 0) { 0 } else { 1 }])
            } else {
                None
            };
            let mut best = INF;
            for &x in copies.iter().filter(|&&c| chosen.is_none_or(|ch| ch == c)) {
                let x = x as usize;
                if self.slot[x][route] == NONE || self.home[x][route] == INF {
                    continue;
                }
                let time = if x >= self.n {
                    before.max(self.free(x, self.now))
                } else {
                    (0..self.passes)
                        .map(|p| self.talon_home_in(x, route, before, p, &chain, &wait[p as usize]))
                        .min()
                        .unwrap_or(INF)
                };
                let time = time.max(self.home[x][route]);
                times.push((x as u8, time));
                best = best.min(time);
            }
            if best == INF {
                return false;
            }
            chain[t as usize] = best;
            before = best;
        }
        true
    }

    /// F(x): when card x outside the talon is free (rule c).
    fn free(&self, x: usize, now: u16) -> u16 {
        match self.freed[x] {
            Freed::Talon => 0,
            Freed::Under(a) if a == NONE => now,
            Freed::Under(a) => self.leave[a as usize].max(self.free(a as usize, now)),
            Freed::Sides([a, b]) if a == NONE || b == NONE => now,
            Freed::Sides([a, b]) => now.max(self.leave[a as usize].min(self.leave[b as usize])),
        }
    }

    /// When talon card `i` is dealt in pass p (rule a).
    #[inline]
    fn dealt(&self, i: usize, p: u16) -> u16 {
        if p == 0 { (i as u16 + 1).max(self.now) } else { p * PASS + i as u16 + 1 }
    }

    /// The earliest time talon card x can go to its foundation on `route` in pass p, given that
    /// the foundation's slots fill at `chain` (so far) and its previous slot at `before` (INF: not
    /// in pass p): rules (a), (d) and (e).
    fn talon_home_in(
        &self,
        x: usize,
        route: usize,
        before: u16,
        p: u16,
        chain: &[u16; 13],
        wait: &[u16; MAX],
    ) -> u16 {
        let end = (p + 1) * PASS;
        let mut t = self.dealt(x, p).max(before);
        if t >= end {
            return INF;
        }
        let block = self.block[x][route];
        if block != NONE && chain[block as usize] > p * PASS + x as u16 {
            return INF;
        }
        // Every card dealt above x before x goes home must go home first (or have gone before
        // pass p): x waits for each, and more are dealt the longer it waits.
        let mut j = x + 1;
        while j < self.n && t > p * PASS + j as u16 {
            t = t.max(wait[j]);
            if t >= end {
                return INF;
            }
            j += 1;
        }
        t
    }
}

/// The slot (0 = next) of kind `k` on foundation `f`, if `f` still needs it.
fn slot_of(found: Foundations, f: usize, k: Kind) -> Option<u8> {
    if f % 4 != k.suit() as usize {
        return None;
    }
    let (n, r) = (found.count(f), k.rank());
    let pos = if f < 4 { r } else { 12 - r };
    (pos >= n).then(|| pos - n)
}
