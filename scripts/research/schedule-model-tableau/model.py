"""A schedule model of a generals-patience position (issue 55's gate experiment; research code,
not product code: nothing in the solver answers "lost" from it).

The rules (RULES.md §3, `generals-patience`): 8 foundations build up-wrap **in suit** from the
base rank b (two per suit); a 13-card terrace plays only to the foundations, top first; 9 tableau
piles build down-wrap in alternating colours, one card at a time, only a top moves (to a
foundation or onto another top); the stock is dealt one card at a time onto the waste, no redeal;
the waste's top plays to a foundation or onto a tableau top; an emptied pile is filled at once by
the waste's top (the stock's top when the waste is empty); once stock and waste are empty an empty
pile may take any tableau top.

The model asks for one time line of events that every winning line of the position has. Its
variables: for each card not home, the time H(c) it goes home (each stock card is dealt at a
fixed time, the start of its slot); for each waste or stock card, the time L it leaves the waste (L = H: straight home;
L < H: into the tableau); for each tableau card, whether it is a pile *bottom* or *sits* on a
card, and the time a bottom moves onto a card. Each constraint below says why it holds on every
winning line, so a model with no solution proves the position lost. It is a relaxation: a
solution need not be a winning line.

Round 1 (loosest): the terrace order, the foundations in suit (the two copies of a card sorted),
the waste as a stack, and the tableau as counts: while the stock or the waste holds a card, at
every instant the cards sitting on a card of class (colour, rank r) are at most the tableau's
cards of class (other colour, rank r + 1), and at most 9 cards are pile bottoms. After the stock
and waste are empty (time END) the tableau is free: every card may go home whenever its
foundation takes it.

Round 2 adds the forced fills (exactly 9 bottoms alive at END); round 3 ties each sitting card to
the card it first sits on until it first leaves it (`_ties`). `rules` = N keeps rounds 1..N.
"""

import json
import sys

from ortools.sat.python import cp_model

RANKS, SUITS = "A23456789TJQK", "CSHD"
RED = {"H", "D"}


def rank(c):
    return RANKS.index(c[0])


def suit(c):
    return c[1]


def colour(c):
    return 1 if c[1] in RED else 0


def openings(layout):
    """The positions after each opening choice (RULES.md §3): one of P0..P3 goes home and sets the
    base rank; the emptied pile, then P4..P8, take the next cards; the next is the waste."""
    rows, stock = layout["rows"], layout["stock_top_first"]
    out = []
    for i in range(4):
        new_rows = [list(r) for r in rows]
        base = new_rows[i][0]
        new_rows[i] = [stock[0]]
        for j in range(4, 9):
            new_rows[j] = [stock[1 + j - 4]]
        f = [[] for _ in range(8)]
        f[0] = [base]
        out.append(
            {
                "foundations": f,
                "reserves": layout["reserves"],
                "rows": new_rows,
                "wastes": [[stock[6]]],
                "stock_top_first": stock[7:],
            }
        )
    return out


def before_opening(layout):
    return all(not f for f in layout["foundations"]) and all(not r for r in layout["rows"][4:])


class Model:
    """The CP-SAT model of one position after the opening (foundations not all empty)."""

    def __init__(self, layout, rules=1, terrace_only=False):
        self.m = cp_model.CpModel()
        m = self.m
        self.rules = rules
        found = [f for f in layout["foundations"] if f]
        self.base = rank(found[0][0])
        terrace = list(layout["reserves"][0])  # bottom to top
        rows = [list(r) for r in layout["rows"]]
        waste = list(layout["wastes"][0])  # bottom to top
        stock = list(layout["stock_top_first"])
        # Cards are named by (place, index, code) so the two copies stay apart.
        self.terrace = [("T", i, c) for i, c in enumerate(terrace)]
        self.rows = [[("P%d" % p, i, c) for i, c in enumerate(r)] for p, r in enumerate(rows)]
        # The waste and the stock as one sequence in the order the cards reach the waste.
        self.queue = [("W", i, c) for i, c in enumerate(waste)] + [("S", i, c) for i, c in enumerate(stock)]
        cards = self.terrace + [x for r in self.rows for x in r] + self.queue
        self.cards = cards
        # Time: slot x (the stock's cards dealt so far) times SLOT, plus an offset inside the slot.
        # A deal is at the start of its slot. Inside a slot the waste only shrinks, so the cards
        # that leave it there leave top first: a queue card leaves at the fixed offset
        # K * (Q - its place in the queue), and other events (cards home from the terrace or the
        # tableau, a bottom moving onto a card) fall between, at most K - 1 between two leaves
        # (K > 104 cards; a card goes home once). Simultaneous events are not excluded (a
        # relaxation: dropping "one move at a time" only admits more).
        self.K = 128
        self.Q = len(self.queue)
        self.SLOT = self.K * (self.Q + 1)
        self.n_deals = len(stock)
        self.horizon = (self.n_deals + 1) * self.SLOT
        if terrace_only:
            # Only the order of the homes matters here; a small horizon spares CP-SAT's bounds a
            # long crawl round an impossible cycle of precedences.
            self.horizon = len(cards) + 1
        self.H = {c: m.NewIntVar(1, self.horizon, "H%s%d%s" % c) for c in cards}
        self._foundations(layout["foundations"])
        self._terrace()
        if terrace_only:
            return
        self._waste()
        self._tableau()

    # -- foundations ------------------------------------------------------------------------
    def _foundations(self, foundations):
        """In suit, up-wrap from b, each foundation one card of each rank. With the two copies of
        level k (rank b + k) sorted by home time (MIN_k, MAX_k): a winning line sends each copy
        onto its own foundation after that foundation's level k - 1, so MIN_k > MIN_{k-1} and
        MAX_k > MAX_{k-1} (each level-k card is above a level-(k-1) card; both level-(k-1) cards
        are below a level-k card); where one foundation is already further up, the one copy it
        lacks is bounded by the other's predecessor alone (the later copy of the first level both
        need goes to the lower foundation, after its predecessor). Every line meets these, and
        any times meeting them can be given foundations (sorted to sorted), so they are exact for
        the foundations alone."""
        m, b = self.m, self.base
        home = {s: [] for s in SUITS}
        for f in foundations:
            if f:
                home[suit(f[0])].append(len(f) - 1)  # the top's level
        by_kind = {}
        for c in self.cards:
            by_kind.setdefault((suit(c[2]), (rank(c[2]) - b) % 13), []).append(c)
        for s in SUITS:
            tops = sorted(home[s] + [-1] * (2 - len(home[s])))
            lo, hi = tops
            prev = None  # ("one", var) or ("two", min, max)
            for k in range(13):
                copies = by_kind.get((s, k), [])
                want = (k > lo) + (k > hi)
                assert len(copies) == want, (s, k, copies, tops)
                if want == 0:
                    continue
                if want == 1:
                    x = self.H[copies[0]]
                    if prev is not None:
                        m.Add(x > prev[1])
                    prev = ("one", x)
                else:
                    xs = [self.H[c] for c in copies]
                    lo_v = m.NewIntVar(0, self.horizon, "")
                    hi_v = m.NewIntVar(0, self.horizon, "")
                    m.AddMinEquality(lo_v, xs)
                    m.AddMaxEquality(hi_v, xs)
                    if prev is not None and prev[0] == "two":
                        m.Add(lo_v > prev[1])
                        m.Add(hi_v > prev[2])
                    elif prev is not None:
                        m.Add(hi_v > prev[1])
                    prev = ("two", lo_v, hi_v)

    # -- terrace ------------------------------------------------------------------------------
    def _terrace(self):
        """Only the terrace's top moves, and only home: its cards go home top first."""
        t = self.terrace
        for lower, upper in zip(t, t[1:]):
            self.m.Add(self.H[upper] < self.H[lower])

    # -- waste and stock ----------------------------------------------------------------------
    def _waste(self):
        """The stock is dealt in its order, one card at a time: deal x at time x * SLOT. A queue
        card leaves the waste in some slot l >= the slot it was dealt in, and only from the top:
        if i reached the waste before j and was still there when j was dealt (l(i) >= deal(j)),
        j left first (l(j) <= l(i); in the same slot the offsets put j first). A card leaves the
        waste only home (L = H) or onto the tableau (L < H; it goes home later from there)."""
        m = self.m
        self.L, self.tab, self.slot = {}, {}, {}
        deal = {}
        for qi, c in enumerate(self.queue):
            deal[c] = c[1] + 1 if c[0] == "S" else 0
            sl = m.NewIntVar(deal[c], self.n_deals, "")
            ell = m.NewIntVar(0, self.horizon, "")
            m.Add(ell == self.leave_time(sl, qi))
            m.Add(ell <= self.H[c])
            tab = m.NewBoolVar("")
            m.Add(ell < self.H[c]).OnlyEnforceIf(tab)
            m.Add(ell == self.H[c]).OnlyEnforceIf(tab.Not())
            self.L[c], self.tab[c], self.slot[c] = ell, tab, sl
        q = self.queue
        for a in range(len(q)):
            for bb in range(a + 1, len(q)):
                i, j = q[a], q[bb]
                if deal[j] <= deal[i]:
                    m.Add(self.slot[j] <= self.slot[i])
                else:
                    on = m.NewBoolVar("")
                    m.Add(self.slot[i] >= deal[j]).OnlyEnforceIf(on)
                    m.Add(self.slot[i] < deal[j]).OnlyEnforceIf(on.Not())
                    m.Add(self.slot[j] <= self.slot[i]).OnlyEnforceIf(on)
        self.END = m.NewIntVar(0, self.horizon, "END")
        if q:
            m.AddMaxEquality(self.END, [self.L[c] for c in q])
        else:
            m.Add(self.END == 0)

    def leave_time(self, slot, qi):
        """When the queue's card number qi leaves the waste in slot `slot` (a number, or a model
        variable for a linear expression)."""
        return slot * self.SLOT + self.K * (self.Q - qi)

    # -- tableau ------------------------------------------------------------------------------
    def _tableau(self):
        """The tableau as counts while the stock or the waste holds a card (before END).

        - A card enters the tableau from the waste (L < H) or is there now, and leaves it only
          home (a tableau card moves only home or onto another top), so it is in the tableau from
          E to H; R = min(H, END) is when the count below stops following it.
        - A tableau card is a pile bottom or sits on a card. Before END an emptied pile is filled
          at once from the waste (or the stock), so no tableau card ever moves into an empty pile
          then: a sitting card stays sitting (moved, it sits on another card); a bottom may move
          onto a card once and sits from then on (time SW). Pile bottoms: at most 9.
        - Each card holds at most one card, and a card sits only on rank + 1 (wrap) in the other
          colour: at every instant before END the cards sitting on class (colour, rank r) are at
          most the tableau's cards of class (other colour, r + 1). Every tableau is a matching of
          sitting cards to cards under them, so every winning line meets this at every instant.
        """
        m = self.m
        self.E, self.R, self.inT, self.sit_on, self.sit_from = {}, {}, {}, {}, {}
        self.bt, self.sw, self.SW = {}, {}, {}
        self.alive_at_end = []
        # Encoded as cumulative constraints (CP-SAT expands reservoirs into a precedence literal
        # per pair of events: 33,000 variables for the bottoms alone).
        self.bottom_iv, self.sit_iv = [], {}
        for p, pile in enumerate(self.rows):
            for i, c in enumerate(pile):
                self.E[c] = m.NewConstant(0)
                self.inT[c] = m.NewConstant(1)
                self._bottom_or_sitting(c, i == 0)
        for c in self.queue:
            self.E[c] = self.L[c]
            self.inT[c] = self.tab[c]
            self._bottom_or_sitting(c, m.NewBoolVar(""))
        m.AddCumulative(self.bottom_iv, [1] * len(self.bottom_iv), 9)
        if self.rules >= 2 and self.queue:
            # Round 2, forced fills: before END a pile that empties is filled at once from the
            # waste (or the stock, through the waste), by a leave at a time <= END. So when the
            # last card leaves the waste (END) no gap is open: exactly 9 bottoms are alive then,
            # each one a bottom that has neither moved onto a card nor gone home by END.
            m.Add(sum(self.alive_at_end) == 9)
        # One count per class of sitting cards: sitting children + absent parents <= the
        # class's parents that can ever be in the tableau (a parent is absent before it enters
        # and from R on, or throughout if it never enters).
        hz = self.horizon
        for col in (0, 1):
            for r in range(13):
                kids = [c for c in self.sit_on if colour(c[2]) == col and rank(c[2]) == r]
                pars = [c for c in self.E if colour(c[2]) != col and rank(c[2]) == (r + 1) % 13]
                if not kids:
                    continue
                ivs = [self.sit_iv[c] for c in kids]
                for p in pars:
                    before = m.NewIntVar(0, hz, "")
                    m.Add(before == self.E[p]).OnlyEnforceIf(self.inT[p])
                    m.Add(before == hz).OnlyEnforceIf(self.inT[p].Not())
                    ivs.append(m.NewIntervalVar(0, before, before, ""))
                    after = m.NewIntVar(0, hz, "")
                    m.Add(after == self.R[p]).OnlyEnforceIf(self.inT[p])
                    m.Add(after == hz).OnlyEnforceIf(self.inT[p].Not())
                    ivs.append(m.NewIntervalVar(after, hz - after, hz, ""))
                m.AddCumulative(ivs, [1] * len(ivs), len(pars))
        if self.rules >= 3:
            self._ties()

    def _ties(self):
        """Round 3: each sitting card is *tied* to the card it first sits on, until it first
        leaves it (time T: a move onto another card, or home; END if it is still there then).

        In every winning line, when x is put on y (from the waste, or a bottom moving onto y), y is
        a top in the tableau: y entered before x, holds no other card then, and while x stays on y,
        y is not a top, so y neither moves nor goes home (a card moves or goes home only from the
        top). When x first leaves y, x is a top: every card put on x since has left it. So with
        a[x, y] (x's first parent is y) and the tie [S, T) (S = when x starts sitting: its entry,
        or a bottom's move onto a card):
        - y is in the tableau, E(y) < S(x) (both 0 for cards already piled in the position);
        - H(y) > T(x): y goes home after x left it (after END too: x was on y at END);
        - y does not move during the tie: y's own tie ends outside (S(x), T(x)), and a bottom y
          does not move onto a card inside it;
        - the ties on one card do not overlap (one card on y at a time);
        - x is a top when its tie ends, and a bottom x when it moves onto a card: every tie on x
          ends by then or starts after.
        After its first move a card is free again (its later parents are the counts' business, as
        in round 2): moves between piles are not bounded, only the first stay on a card is kept.
        Only the ties before END are constrained (T <= R = min(H, END)), as the counts are."""
        m, hz = self.m, self.horizon
        tableau = list(self.E)
        piled = {}
        for pile in self.rows:
            for i, c in enumerate(pile):
                piled[c] = pile[i - 1] if i > 0 else None
        self.T, self.tie = {}, {}
        for x in tableau:
            T = m.NewIntVar(0, hz, "")
            # a card's first leave is a later move than its arrival, except for a card put on
            # a card by the waste's last leave (END), whose stay the model does not follow
            early = m.NewBoolVar("")
            m.Add(self.sit_from[x] < self.END).OnlyEnforceIf(early)
            m.Add(self.sit_from[x] >= self.END).OnlyEnforceIf(early.Not())
            m.Add(T > self.sit_from[x]).OnlyEnforceIf([self.sit_on[x], early])
            m.Add(T >= self.sit_from[x]).OnlyEnforceIf(self.sit_on[x])
            m.Add(T <= self.R[x])
            self.T[x] = T
        children = {y: [] for y in tableau}
        for x in tableau:
            lits = []
            for y in tableau:
                if y == x or colour(y[2]) == colour(x[2]) or rank(y[2]) != (rank(x[2]) + 1) % 13:
                    continue
                if x in piled and piled[x] is not None and y != piled[x]:
                    continue  # a card piled in the position sits on the card below it
                a = m.NewBoolVar("")
                m.AddImplication(a, self.sit_on[x])
                m.AddImplication(a, self.inT[y])
                if not (x in piled and y in piled):
                    m.Add(self.E[y] < self.sit_from[x]).OnlyEnforceIf(a)
                m.Add(self.H[y] > self.T[x]).OnlyEnforceIf(a)
                lits.append(a)
                children[y].append((x, a))
                self.tie[(x, y)] = a
            m.Add(sum(lits) == 1).OnlyEnforceIf(self.sit_on[x])
            if x in piled and piled[x] is not None:
                m.Add(sum(lits) == 1)
        for y, kids in children.items():
            if len(kids) > 1:
                ivs = [m.NewOptionalIntervalVar(self.sit_from[x], m.NewIntVar(0, hz, ""), self.T[x], a, "") for x, a in kids]
                m.AddNoOverlap(ivs)
            for x, a in kids:
                # y stays put while x is tied to it: its own tie ends outside (S(x), T(x)) ...
                out = m.NewBoolVar("")
                m.Add(self.T[y] <= self.sit_from[x]).OnlyEnforceIf([a, self.sit_on[y], out])
                m.Add(self.T[y] >= self.T[x]).OnlyEnforceIf([a, self.sit_on[y], out.Not()])
                # ... and a bottom y does not move onto a card inside it (it would be a top then);
                out2 = m.NewBoolVar("")
                m.Add(self.SW[y] <= self.sit_from[x]).OnlyEnforceIf([a, self.sw[y], out2])
                m.Add(self.SW[y] >= self.T[x]).OnlyEnforceIf([a, self.sw[y], out2.Not()])
                # (Read from y's side, these two are "a card is a top when its tie ends or when it
                # moves as a bottom": every tie on it is over by then or starts after.)

    def _bottom_or_sitting(self, c, bottom):
        m, hz = self.m, self.horizon
        R = m.NewIntVar(0, hz, "")
        m.AddMinEquality(R, [self.H[c], self.END])
        self.R[c] = R
        inT = self.inT[c]
        if bottom is True or bottom is False:
            bottom = m.NewConstant(1 if bottom else 0)
        # A bottom may move onto a card once (SW), then sits.
        sw = m.NewBoolVar("")
        m.AddImplication(sw, bottom)
        m.AddImplication(sw, inT)
        SW = m.NewIntVar(0, hz, "")
        m.Add(SW > self.E[c]).OnlyEnforceIf(sw)
        m.Add(SW < R).OnlyEnforceIf(sw)
        is_bottom = m.NewBoolVar("")
        m.AddBoolAnd([bottom, inT]).OnlyEnforceIf(is_bottom)
        m.AddBoolOr([bottom.Not(), inT.Not()]).OnlyEnforceIf(is_bottom.Not())
        # still a bottom after END: never moved onto a card and home after END (a tableau card
        # home exactly at END is a model artefact no line has: END is a waste leave)
        after_end = m.NewBoolVar("")
        m.Add(self.H[c] > self.END).OnlyEnforceIf(after_end)
        m.Add(self.H[c] <= self.END).OnlyEnforceIf(after_end.Not())
        alive = m.NewBoolVar("")
        m.AddBoolAnd([is_bottom, sw.Not(), after_end]).OnlyEnforceIf(alive)
        m.AddBoolOr([is_bottom.Not(), sw, after_end.Not()]).OnlyEnforceIf(alive.Not())
        self.alive_at_end.append(alive)
        bottom_end = m.NewIntVar(0, hz, "")
        m.Add(bottom_end == SW).OnlyEnforceIf(sw)
        m.Add(bottom_end == R).OnlyEnforceIf(sw.Not())
        self.bottom_iv.append(m.NewOptionalIntervalVar(self.E[c], m.NewIntVar(0, hz, ""), bottom_end, is_bottom, ""))
        # Sitting: from entry (not a bottom) or from SW, until R.
        sits = m.NewBoolVar("")
        # sits <=> inT and (not bottom or sw)
        m.AddBoolOr([bottom.Not(), sw]).OnlyEnforceIf(sits)
        m.AddImplication(sits, inT)
        m.AddBoolOr([sits, inT.Not(), bottom])  # in the tableau and not a bottom: sits
        m.AddImplication(sw, sits)
        sit_from = m.NewIntVar(0, hz, "")
        m.Add(sit_from == SW).OnlyEnforceIf(sw)
        m.Add(sit_from == self.E[c]).OnlyEnforceIf(sw.Not())
        self.sit_on[c] = sits
        self.sit_from[c] = sit_from
        self.sit_iv[c] = m.NewOptionalIntervalVar(sit_from, m.NewIntVar(0, hz, ""), R, sits, "")
        self.bt[c], self.sw[c], self.SW[c] = bottom, sw, SW

    def solve(self, det=None, seconds=60.0, workers=1):
        s = cp_model.CpSolver()
        s.parameters.num_workers = workers
        s.parameters.max_time_in_seconds = seconds
        if det is not None:
            s.parameters.max_deterministic_time = det
        st = s.Solve(self.m)
        verdict = {cp_model.OPTIMAL: "sat", cp_model.FEASIBLE: "sat", cp_model.INFEASIBLE: "unsat"}.get(st, "unknown")
        return verdict, s


def decide(layout, rules=1, det=None, seconds=60.0, make=None, stage_name="model"):
    """The position's verdict: "unsat" (every opening, if it has one, unsat: lost), "sat" or
    "unknown", with one row per opening. `make(position, rules)` builds the whole model (default
    Model; strict.py passes its own)."""
    make = make or Model
    positions = openings(layout) if before_opening(layout) else [layout]
    rows = []
    for pos in positions:
        # First the terrace test's relaxation alone (a part of the model: if it has no solution,
        # neither has the whole), then the whole model.
        verdict, s = Model(pos, rules, terrace_only=True).solve(det=det, seconds=seconds)
        stage = "terrace"
        if verdict != "unsat":
            verdict, s = make(pos, rules).solve(det=det, seconds=seconds)
            stage = stage_name
        rows.append((verdict, stage, round(s.wall_time, 1), round(s.deterministic_time, 2)))
    if all(r[0] == "unsat" for r in rows):
        v = "unsat"
    elif any(r[0] == "sat" for r in rows):
        v = "sat"
    else:
        v = "unknown"
    return v, rows


if __name__ == "__main__":
    data = json.load(sys.stdin)
    layout = data["position"]["layout"] if "position" in data else data["layout"]
    print(decide(layout, seconds=float(sys.argv[1]) if len(sys.argv) > 1 else 60.0))
