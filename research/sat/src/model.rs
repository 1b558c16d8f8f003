//! The CNF model of an Alhambra position (RULES.md §2): macro steps over the static talon order.
//! `research/sat/PROOF.md` states, family by family, why every legal winning game is a model
//! (completeness: UNSAT proves the position lost) and why every model is a legal game (its
//! decoding is replayed through the reference rules anyway before a win is reported).
//!
//! Time: states s_0..s_T. Step t (1..=T) goes from s_{t−1} through some deals (the primed
//! variables `cutp`, `wzp`, `szp`) to exactly one action (a card home, a reserve card onto the
//! waste, a redeal, or nothing once the game is won) and then to s_t.
//!
//! Cards are numbered as [`Problem::cards`] lists them: the m talon cards τ_0..τ_{m−1} in L order,
//! then the reserve cards ("X", which may be built onto the waste and so enter L).

use crate::problem::{Place, Problem};
use rustsat::encodings::CollectClauses;
use rustsat::encodings::am1::{Encode, Ladder};
use rustsat::instances::{BasicVarManager, ManageVars};
use rustsat::types::{Clause, Lit};

/// Options of the encoding (each with its proof in PROOF.md): a normalisation that keeps some
/// winning game whenever there is one, and a relaxation that admits every real game.
#[derive(Clone, Copy, Debug)]
pub struct Encoding {
    /// Order commuting moves: a reserve card home never follows, in the next step, a move it
    /// commutes with that ranks after it (PROOF.md §5).
    pub order_commuting: bool,
    /// The relaxation R-wild (PROOF.md §6): a reserve card once built on the waste stays
    /// available until it goes home, never covers a talon card and is never dealt again. Every
    /// real game is a relaxed game, so UNSAT still proves a loss; a relaxed model need not be a
    /// real game, so `solve` never decodes one (the full model decides).
    pub relax_built: bool,
}

impl Default for Encoding {
    fn default() -> Self {
        Encoding { order_commuting: true, relax_built: false }
    }
}

/// The literals the decoder reads, and the formula's size.
pub struct Model {
    pub horizon: usize,
    /// Talon cards (m) and reserve cards (nx).
    pub m: usize,
    pub nx: usize,
    /// [x]: the reserve pile of reserve card x.
    pub pile_of: Vec<usize>,
    /// [t][i]: τ_i (or its ghost) is left of the cursor in state t.
    pub cut: Vec<Vec<Lit>>,
    /// [t][c]: card c is on a foundation in state t.
    pub home: Vec<Vec<Lit>>,
    /// [t][x]: reserve card x is in the talon, right of the cursor (in the stock), in state t.
    pub sz: Vec<Vec<Lit>>,
    /// Step t (index t; index 0 unused): after the deals, τ_i is left of the cursor.
    pub cutp: Vec<Vec<Lit>>,
    /// Step t: after the deals, reserve card x is in the waste.
    pub wzp: Vec<Vec<Lit>>,
    /// Step t's action: reserve card x home, reserve card x onto the waste, card c from the
    /// waste home, the redeal; `up[t][s]`: the card home this step goes on suit s's up foundation.
    pub rh: Vec<Vec<Lit>>,
    pub rw: Vec<Vec<Lit>>,
    pub wh: Vec<Vec<Lit>>,
    pub rd: Vec<Lit>,
    pub up: Vec<[Lit; 4]>,
    pub vars: u32,
    pub clauses: usize,
}

/// Clause writer: the collector (a solver or a CNF) and the variable counter.
struct Writer<'c, C: CollectClauses> {
    col: &'c mut C,
    vm: BasicVarManager,
    clauses: usize,
}

impl<C: CollectClauses> Writer<'_, C> {
    fn lit(&mut self) -> Lit {
        self.vm.new_var().pos_lit()
    }
    fn lits(&mut self, n: usize) -> Vec<Lit> {
        (0..n).map(|_| self.lit()).collect()
    }
    fn add(&mut self, lits: &[Lit]) {
        self.col.add_clause(lits.iter().copied().collect::<Clause>()).expect("out of memory writing the SAT model");
        self.clauses += 1;
    }
    /// a → b
    fn imp(&mut self, a: Lit, b: Lit) {
        self.add(&[!a, b]);
    }
    /// Exactly one of `lits`: one at-least-one clause and rustsat's ladder at-most-one.
    fn exactly_one(&mut self, lits: &[Lit]) {
        self.add(lits);
        let before = self.col.n_clauses();
        Ladder::from(lits.to_vec()).encode(self.col, &mut self.vm).expect("out of memory writing the SAT model");
        self.clauses += self.col.n_clauses() - before;
    }
}

/// What the ordering of commuting moves needs of the step before.
struct StepSummary {
    rhp: Vec<Lit>,
    rwp: Vec<Lit>,
    wh_any: Lit,
    rd: Lit,
    on: [Lit; 8],
}

/// Writes the model of `p` into `col`; the goal (every foundation full at s_T) included.
// Each clause family reads several arrays at the same card or time index: index loops say so.
#[allow(clippy::needless_range_loop)]
pub fn encode<C: CollectClauses>(p: &Problem, enc: Encoding, col: &mut C) -> Model {
    let cards = p.cards();
    let m = p.talon.len();
    let n = cards.len();
    let nx = n - m;
    let big_t = p.horizon();
    let r_max = p.redeals as usize;
    let suit = |c: usize| cards[c].0.suit() as usize;
    let rank = |c: usize| cards[c].0.rank() as usize;
    // The reserve card above x in its pile (x = reserve index 0..nx), and x's pile.
    let mut above: Vec<Option<usize>> = vec![None; nx];
    let mut pile_of: Vec<usize> = vec![0; nx];
    for (x, &(_, place)) in cards[m..].iter().enumerate() {
        if let Place::Reserve { pile, depth } = place {
            pile_of[x] = pile;
            if depth + 1 < p.reserves[pile].len() {
                above[x] = Some(x + 1);
            }
        }
    }
    let mut w = Writer { col, vm: BasicVarManager::default(), clauses: 0 };
    let tru = w.lit();
    w.add(&[tru]);

    // Static L-positions of the reserve cards, fixed when built: g[x][i] = x lies right of τ_i
    // (order-encoded: right of τ_i implies right of τ_{i−1}); ord[x][y] (x < y) = x lies right of y.
    let relax = enc.relax_built;
    let positioned = if relax { 0 } else { nx };
    let g: Vec<Vec<Lit>> = (0..positioned).map(|_| w.lits(m)).collect();
    for gx in &g {
        for i in 1..m {
            w.imp(gx[i], gx[i - 1]);
        }
    }
    let ord: Vec<Vec<Lit>> = (0..positioned).map(|x| w.lits(nx - x)).collect();
    let right = |x: usize, y: usize| -> Lit { if x < y { ord[x][y - x] } else { !ord[y][x - y] } };

    // States.
    let mut home = Vec::with_capacity(big_t + 1);
    let mut src = Vec::with_capacity(big_t + 1);
    let mut fu: Vec<Vec<Vec<Lit>>> = Vec::with_capacity(big_t + 1);
    let mut fd: Vec<Vec<Vec<Lit>>> = Vec::with_capacity(big_t + 1);
    let mut cut = Vec::with_capacity(big_t + 1);
    let mut wz = Vec::with_capacity(big_t + 1);
    let mut sz = Vec::with_capacity(big_t + 1);
    let mut red: Vec<Vec<Lit>> = Vec::with_capacity(big_t + 1);
    for _ in 0..=big_t {
        home.push(w.lits(n));
        src.push(w.lits(nx));
        // Order-encoded foundation heights: [s][k] = at least k cards (k = 0 is always true).
        let counter = |w: &mut Writer<C>| -> Vec<Vec<Lit>> {
            (0..4)
                .map(|_| {
                    let mut v = vec![tru];
                    v.extend(w.lits(13));
                    for k in 2..=13 {
                        w.imp(v[k], v[k - 1]);
                    }
                    v
                })
                .collect()
        };
        fu.push(counter(&mut w));
        fd.push(counter(&mut w));
        let c = w.lits(m);
        for i in 1..m {
            w.imp(c[i], c[i - 1]);
        }
        cut.push(c);
        wz.push(w.lits(nx));
        sz.push(w.lits(nx));
        let mut r = vec![tru];
        r.extend(w.lits(r_max));
        for k in 2..=r_max {
            w.imp(r[k], r[k - 1]);
        }
        red.push(r);
    }

    // s_0: the position itself.
    for c in 0..n {
        w.add(&[!home[0][c]]);
    }
    for x in 0..nx {
        w.add(&[src[0][x]]);
        w.add(&[!wz[0][x]]);
        w.add(&[!sz[0][x]]);
    }
    for s in 0..4 {
        for k in 1..=13 {
            let u = fu[0][s][k];
            w.add(&[if k <= p.up[s] as usize { u } else { !u }]);
            let d = fd[0][s][k];
            w.add(&[if k <= p.down[s] as usize { d } else { !d }]);
        }
    }
    for i in 0..m {
        w.add(&[if i < p.cursor { cut[0][i] } else { !cut[0][i] }]);
    }
    for k in 1..=r_max {
        w.add(&[!red[0][k]]);
    }

    let mut model_cutp = vec![vec![]];
    let mut model_wzp = vec![vec![]];
    let mut model_rh = vec![vec![]];
    let mut model_rw = vec![vec![]];
    let mut model_wh = vec![vec![]];
    let mut model_rd = vec![tru];
    let mut model_up = vec![[tru; 4]];
    let mut prev_step: Option<StepSummary> = None;

    for t in 1..=big_t {
        let a = t - 1;
        let cutp = w.lits(m);
        let wzp = w.lits(nx);
        let szp = w.lits(nx);
        let wt = w.lits(m);
        let na = w.lits(m);
        let top = w.lits(n);
        let rh = w.lits(nx);
        let rw = w.lits(nx);
        let wh = w.lits(n);
        let rd = w.lit();
        let noop = w.lit();
        let nodeal = w.lit();
        let incu: [Lit; 4] = std::array::from_fn(|_| w.lit());
        let incd: [Lit; 4] = std::array::from_fn(|_| w.lit());
        // gh[c]: card c goes home this step.
        let gh: Vec<Lit> = (0..n)
            .map(|c| {
                if c < m {
                    wh[c]
                } else {
                    let x = c - m;
                    let l = w.lit();
                    w.imp(rh[x], l);
                    w.imp(wh[c], l);
                    w.add(&[!l, rh[x], wh[c]]);
                    l
                }
            })
            .collect();

        // Exactly one action.
        let mut actions: Vec<Lit> = rh.iter().chain(&rw).chain(&wh).copied().collect();
        actions.push(rd);
        actions.push(noop);
        w.exactly_one(&actions);

        // noop pads a won game, and only a won game: noop[t] ⇔ every foundation full at s_{t−1}.
        let won: Vec<Lit> = (0..4).flat_map(|s| [fu[a][s][13], fd[a][s][13]]).collect();
        for &l in &won {
            w.imp(noop, l);
        }
        let mut cl: Vec<Lit> = won.iter().map(|&l| !l).collect();
        cl.push(noop);
        w.add(&cl);

        // Deals: the cursor only moves right; cards on the waste stay there; a reserve card in
        // the talon keeps being in it.
        for i in 0..m {
            if i > 0 {
                w.imp(cutp[i], cutp[i - 1]);
            }
            w.imp(cut[a][i], cutp[i]);
            // nodeal: the cursor does not move past a card in play (ghosts may be passed).
            w.add(&[!nodeal, !cutp[i], cut[a][i], home[a][i]]);
        }
        for x in (0..nx).filter(|_| relax) {
            // Relaxed: a built card is never in the stock; deals leave it where it is.
            w.add(&[!szp[x]]);
            w.imp(wz[a][x], wzp[x]);
            w.imp(wzp[x], wz[a][x]);
        }
        for x in (0..nx).filter(|_| !relax) {
            w.imp(wz[a][x], wzp[x]);
            w.add(&[!sz[a][x], wzp[x], szp[x]]);
            w.add(&[!wzp[x], wz[a][x], sz[a][x]]);
            w.imp(szp[x], sz[a][x]);
            w.add(&[!wzp[x], !szp[x]]);
            w.add(&[!nodeal, !sz[a][x], szp[x]]);
        }
        w.imp(noop, nodeal);
        // After the deals the waste is a left part of L (so the dealt cards were the next ones
        // of the stock, in order).
        for x in 0..positioned {
            for i in 0..m {
                w.add(&[!wzp[x], !g[x][i], cutp[i]]);
                w.add(&[!szp[x], g[x][i], !cutp[i]]);
            }
            for y in 0..nx {
                if y != x {
                    w.add(&[!wzp[x], !right(x, y), !szp[y]]);
                }
            }
        }
        // wt[i]: τ_i is on the waste after the deals; na[i]: no τ_j (j ≥ i) is.
        for i in 0..m {
            w.imp(wt[i], cutp[i]);
            w.add(&[!wt[i], !home[a][i]]);
            w.add(&[wt[i], !cutp[i], home[a][i]]);
            w.imp(na[i], !wt[i]);
            if i + 1 < m {
                w.imp(na[i], na[i + 1]);
            }
        }
        // top[c]: c is the waste's top card after the deals (only this direction is needed).
        for i in 0..m {
            w.imp(top[i], wt[i]);
            if i + 1 < m {
                w.imp(top[i], na[i + 1]);
            }
            for x in 0..positioned {
                w.add(&[!top[i], !wzp[x], !g[x][i]]);
            }
        }
        for x in 0..nx {
            let c = m + x;
            w.imp(top[c], wzp[x]);
            if relax {
                continue;
            }
            for j in 0..m {
                w.add(&[!top[c], !wt[j], g[x][j]]);
            }
            for y in 0..nx {
                if y != x {
                    w.add(&[!top[c], !wzp[y], right(x, y)]);
                }
            }
        }

        // Cards home: from the waste top, or an exposed reserve card; a card goes home once.
        for c in 0..n {
            w.imp(wh[c], top[c]);
            w.add(&[!home[a][c], !gh[c]]);
            w.imp(home[a][c], home[t][c]);
            w.imp(gh[c], home[t][c]);
            w.add(&[!home[t][c], home[a][c], gh[c]]);
            // Onto the up or down foundation of its suit, whose height must match the rank.
            let (s, r) = (suit(c), rank(c));
            w.add(&[!gh[c], incu[s], incd[s]]);
            if r >= 1 {
                w.add(&[!gh[c], !incu[s], fu[a][s][r]]);
            }
            w.add(&[!gh[c], !incu[s], !fu[a][s][r + 1]]);
            if 12 - r >= 1 {
                w.add(&[!gh[c], !incd[s], fd[a][s][12 - r]]);
            }
            w.add(&[!gh[c], !incd[s], !fd[a][s][13 - r]]);
        }
        let inc: Vec<Lit> = incu.iter().chain(&incd).copied().collect();
        for (j, &l) in inc.iter().enumerate() {
            for &l2 in &inc[j + 1..] {
                w.add(&[!l, !l2]);
            }
        }
        for s in 0..4 {
            for (dir, counter) in [(incu[s], &fu), (incd[s], &fd)] {
                let mut cl: Vec<Lit> = (0..n).filter(|&c| suit(c) == s).map(|c| gh[c]).collect();
                cl.push(!dir);
                w.add(&cl);
                for k in 1..=13 {
                    // With the step: height k now iff height k−1 before; without: unchanged.
                    w.add(&[!dir, !counter[t][s][k], counter[a][s][k - 1]]);
                    w.add(&[!dir, counter[t][s][k], !counter[a][s][k - 1]]);
                    w.add(&[dir, !counter[t][s][k], counter[a][s][k]]);
                    w.add(&[dir, counter[t][s][k], !counter[a][s][k]]);
                }
            }
        }

        // Reserve cards: only an exposed card leaves its pile, home or onto the waste.
        for x in 0..nx {
            w.add(&[!src[t][x], src[a][x]]);
            w.add(&[!src[t][x], !rh[x]]);
            w.add(&[!src[t][x], !rw[x]]);
            w.add(&[src[t][x], !src[a][x], rh[x], rw[x]]);
            w.imp(rh[x], src[a][x]);
            w.imp(rw[x], src[a][x]);
            if let Some(up) = above[x] {
                w.add(&[!rh[x], !src[a][up]]);
                w.add(&[!rw[x], !src[a][up]]);
            }
            // A reserve card home needs no deal before it (PROOF.md §4: such deals commute past it).
            w.imp(rh[x], nodeal);
        }

        // A build: onto a waste top of its suit, rank ±1 with wrap (or, with empty_waste_any, onto
        // an empty waste); the card is inserted in L at the cursor.
        let emp = if p.empty_waste_any {
            let e = w.lit();
            for i in 0..m {
                w.imp(e, !wt[i]);
            }
            for x in 0..nx {
                w.imp(e, !wzp[x]);
            }
            Some(e)
        } else {
            None
        };
        for x in 0..nx {
            let c = m + x;
            let (s, r) = (suit(c), rank(c));
            let mut cl: Vec<Lit> =
                (0..n).filter(|&y| suit(y) == s && (rank(y) == (r + 1) % 13 || rank(y) == (r + 12) % 13)).map(|y| top[y]).collect();
            cl.extend(emp);
            cl.push(!rw[x]);
            w.add(&cl);
            if relax {
                continue;
            }
            for i in 0..m {
                w.add(&[!rw[x], !cutp[i], g[x][i]]);
                w.add(&[!rw[x], cutp[i], !g[x][i]]);
            }
            for y in 0..nx {
                if y != x {
                    w.add(&[!rw[x], !wzp[y], right(x, y)]);
                    w.add(&[!rw[x], !szp[y], !right(x, y)]);
                }
            }
        }

        // The redeal: a redeal left, the stock empty after the deals; the waste becomes the stock.
        if r_max == 0 {
            w.add(&[!rd]);
        } else {
            w.imp(rd, !red[a][r_max]);
        }
        for i in 0..m {
            w.add(&[!rd, cutp[i], home[a][i]]);
        }
        for x in 0..nx {
            w.imp(rd, !szp[x]);
        }
        for k in 1..=r_max {
            w.imp(red[a][k], red[t][k]);
            w.add(&[!rd, !red[a][k - 1], red[t][k]]);
            w.add(&[!red[t][k], red[a][k], rd]);
            w.add(&[!red[t][k], red[a][k], red[a][k - 1]]);
        }

        // s_t's talon.
        for i in 0..m {
            w.add(&[rd, !cut[t][i], cutp[i]]);
            w.add(&[rd, cut[t][i], !cutp[i]]);
            w.imp(rd, !cut[t][i]);
        }
        for x in (0..nx).filter(|_| relax) {
            // Relaxed: a built card stays available through a redeal.
            w.add(&[!sz[t][x]]);
            w.add(&[!wz[t][x], wzp[x], rw[x]]);
            w.add(&[!wz[t][x], !wh[m + x]]);
            w.imp(rw[x], wz[t][x]);
            w.add(&[!wzp[x], wh[m + x], wz[t][x]]);
        }
        for x in (0..nx).filter(|_| !relax) {
            w.add(&[rd, !sz[t][x], szp[x]]);
            w.add(&[rd, sz[t][x], !szp[x]]);
            w.add(&[!rd, !sz[t][x], wzp[x]]);
            w.add(&[!rd, sz[t][x], !wzp[x]]);
            w.imp(wz[t][x], !rd);
            w.add(&[!wz[t][x], wzp[x], rw[x]]);
            w.add(&[!wz[t][x], !wh[m + x]]);
            w.imp(rw[x], wz[t][x]);
            w.add(&[!wzp[x], wh[m + x], rd, wz[t][x]]);
        }

        // Order of commuting moves (PROOF.md §5). Each step has a rank: a reserve card home ranks
        // by its pile (0..7), every other move after them. A reserve card home never directly
        // follows a move it commutes with that ranks after it. Moves commute when they use
        // different piles and different foundations; a redeal commutes with a reserve card home.
        if enc.order_commuting {
            let any_of = |w: &mut Writer<C>, lits: &[Lit]| -> Lit {
                let l = w.lit();
                let mut cl = vec![!l];
                for &x in lits {
                    w.imp(x, l);
                    cl.push(x);
                }
                w.add(&cl);
                l
            };
            let in_pile = |q: usize, v: &[Lit]| -> Vec<Lit> { (0..nx).filter(|&x| pile_of[x] == q).map(|x| v[x]).collect() };
            let rhp: Vec<Lit> = (0..8).map(|q| any_of(&mut w, &in_pile(q, &rh))).collect();
            let rwp: Vec<Lit> = (0..8).map(|q| any_of(&mut w, &in_pile(q, &rw))).collect();
            let rh_any = any_of(&mut w, &rhp);
            let wh_any = any_of(&mut w, &wh);
            let on: [Lit; 8] = std::array::from_fn(|f| if f < 4 { incu[f] } else { incd[f - 4] });
            if let Some(prev) = &prev_step {
                for q in 0..8 {
                    for pp in 0..8 {
                        if pp > q {
                            // Reserve pp home, then reserve q home: only onto the same foundation.
                            for f in 0..8 {
                                w.add(&[!prev.rhp[pp], !rhp[q], !prev.on[f], on[f]]);
                            }
                        }
                        if pp != q {
                            // A build from reserve pp, then reserve q home: never.
                            w.add(&[!prev.rwp[pp], !rhp[q]]);
                        }
                    }
                }
                // A waste card home, then a reserve card home: only onto the same foundation.
                for f in 0..8 {
                    w.add(&[!prev.wh_any, !rh_any, !prev.on[f], on[f]]);
                }
                // A redeal, then a reserve card home: never.
                w.add(&[!prev.rd, !rh_any]);
            }
            prev_step = Some(StepSummary { rhp, rwp, wh_any, rd, on });
        }

        model_cutp.push(cutp);
        model_wzp.push(wzp);
        model_rh.push(rh);
        model_rw.push(rw);
        model_wh.push(wh);
        model_rd.push(rd);
        model_up.push(incu);
    }

    // The goal: every foundation full at s_T.
    for s in 0..4 {
        w.add(&[fu[big_t][s][13]]);
        w.add(&[fd[big_t][s][13]]);
    }
    let vars = w.vm.n_used();
    let clauses = w.clauses;
    Model {
        horizon: big_t,
        m,
        nx,
        pile_of,
        cut,
        home,
        sz,
        cutp: model_cutp,
        wzp: model_wzp,
        rh: model_rh,
        rw: model_rw,
        wh: model_wh,
        rd: model_rd,
        up: model_up,
        vars,
        clauses,
    }
}
