"""The schedule model of issue 52 (research prototype): one alhambra layout, its remaining cards'
home times, copy assignment and parking, as a CP-SAT problem whose every constraint holds on every
winning line. No solution => no winning line => the position is lost.

Conventions follow crates/games/src/passes.rs. Label the talon cards (waste bottom→top, then the
stock, next card first) 0..n; the waste holds 0..c0. A *time* is (pass, x, o): `pass` redeals from
now; x = 1 + the largest talon label dealt so far in that pass (c0 in pass 0 at the start, 0 after
a redeal); o in 1..M-1 orders the moves made at one (pass, x) (o = 0 is reserved for the deal that
opens slot x). Encoded as the integer  (pass*(n+1) + x)*M + o, so the lexicographic order is the
integer order. A talon card never changes its order relative to another talon card (cards leave
only from the waste top; a reserve card enters at the cursor; a redeal keeps the order), so the
order of events along any line of play is consistent with these times: give each event of a
winning line its (pass, x) and, within one (pass, x), its rank among that slot's moves.

Variables, for each card c not yet home:
  H[c]   the time c goes home;
  up[c]  for a rank both foundations of its suit still need: whether c goes up (its copy down);
  park[c], W[c]  for a reserve card: whether it is put on the waste, and when.
Every constraint below is an inequality that the times of every winning line satisfy; the
argument is beside each family.

Usage: model.py LAYOUT.json [--redeals R] [--seconds S] [--det D] [--round K] [--schedule]
(LAYOUT.json: `patience deal alhambra --seed N --format json`). Rule sets by round: ROUNDS below;
run.py runs sets of seeds, replay.py checks the model along winning lines, diag.py reads a
returned schedule, table.py and make-log.sh print the research log
results/bench/schedule-model.md.
"""

import json
import sys
import time

from ortools.sat.python import cp_model

RANKS = "A23456789TJQK"
SUITS = "CSHD"


def parse(code):
    return SUITS.index(code[1]), RANKS.index(code[0])


def layout_cards(layout):
    """(talon kinds, waste length, reserves as lists of kinds bottom→top, foundation counts)."""
    waste = [parse(c) for c in layout["wastes"][0]]
    stock = [parse(c) for c in layout["stock_top_first"]]
    reserves = [[parse(c) for c in pile] for pile in layout["reserves"]]
    fcount = [len(f) for f in layout["foundations"]]
    return waste + stock, len(waste), reserves, fcount


# Which constraint families are on (round by round; each can be switched off for measurement).
DEFAULT_RULES = {
    "stack_talon",  # (S) waste as a stack among talon cards (subsumes passes.rs d, e)
    "park_below",  # (P1) a parked card blocks the cards under it in its pass
    "park_above",  # (P2) a card dealt onto a parked card must leave before it (parked card's pass)
    "park_top_exact",  # (N') the neighbour a card is parked on is the waste's top then
    "park_park",  # (P3) parked cards stacked within one pass
}

# The rule set of each round of the research log (results/bench/schedule-model.md).
ROUNDS = {
    "1": frozenset(DEFAULT_RULES),
    "2": frozenset(DEFAULT_RULES | {"park_above_later", "park_below_later", "park_top_exact2"}),
    # Round 4: round 3 with N'' fixed (see park_top_exact2 above).
    "4": frozenset(
        DEFAULT_RULES
        | {"park_above_later", "park_below_later", "park_top_exact2", "park_redeal_deal"}
    ),
    "5": frozenset(
        DEFAULT_RULES
        | {"park_above_later", "park_below_later", "park_top_exact2", "park_redeal_deal",
           "all_different", "park_earlier_nb"}
    ),
    "3": frozenset(
        DEFAULT_RULES
        | {"park_above_later", "park_below_later", "park_top_exact2", "park_redeal_deal"}
    ),
    # Round 6: round 5 + parked cards stacked in later passes, and the exact top against cards
    # parked in an earlier pass (found by sim.py, which plays a returned schedule in the rules).
    "6": frozenset(
        DEFAULT_RULES
        | {"park_above_later", "park_below_later", "park_top_exact2", "park_redeal_deal",
           "all_different", "park_earlier_nb", "park_park_later", "park_top_earlier"}
    ),
    # Round 7: round 6 + the exact top for a parked neighbour in every pass (N''-parked) and P3-nb
    # (a card parked on a parked neighbour covers it in any pass). P5 (park_later_under) is
    # written but in no round: it doubles the model and no returned schedule was seen to need it.
    "7": frozenset(
        DEFAULT_RULES
        | {"park_above_later", "park_below_later", "park_top_exact2", "park_redeal_deal",
           "all_different", "park_earlier_nb", "park_park_later", "park_top_earlier",
           "park_top_parked_any", "park_on_parked"}
    ),
    # Round 8: round 7 + P1-nb (a neighbour parked in an earlier pass covers the talon cards under
    # it in the pass of the park made on it). Found by sim.py on round 7's schedule of seed 8.
    "8": frozenset(
        DEFAULT_RULES
        | {"park_above_later", "park_below_later", "park_top_exact2", "park_redeal_deal",
           "all_different", "park_earlier_nb", "park_park_later", "park_top_earlier",
           "park_top_parked_any", "park_on_parked", "park_nb_covers"}
    ),
}
# Measurements (NOT SOUND: their unsat verdicts prove nothing): a round's rules + one X_ rule.
# Key "BASE+RULE", e.g. "6+X_park_same_pass", "6+X_park_cap:8", "6+X_pass0_slot:40".


def rules_of(key):
    base, _, extra = key.partition("+")
    return ROUNDS[base] | ({extra} if extra else set())


def build(layout, redeals, rules=DEFAULT_RULES, M=128):
    talon, c0, reserves, fcount = layout_cards(layout)
    n = len(talon)
    P = redeals + 1
    X = n + 1  # x in 0..n
    m = cp_model.CpModel()

    def tm(p, x, o=0):
        return (p * X + x) * M + o

    HMAX = tm(P - 1, n, M - 1)
    # Cards: talon 0..n-1 (label = index), then reserve cards.
    cards = []  # (suit, rank, kind of place, label or (pile, depth))
    for i, k in enumerate(talon):
        cards.append((k[0], k[1], "t", i))
    above = {}  # reserve card index -> index of the card above it (or None)
    for pi, pile in enumerate(reserves):
        base = len(cards)
        for d, k in enumerate(pile):
            cards.append((k[0], k[1], "r", (pi, d)))
        for d in range(len(pile)):
            above[base + d] = base + d + 1 if d + 1 < len(pile) else None
    N = len(cards)
    talon_ix = list(range(n))
    res_ix = list(range(n, N))

    # ---- Home times. H = (p*X + x)*M + o with p in 0..P-1, x in 0..n, o in 1..M-1.
    # Every move happens at such a time; pass 0 starts at x = c0 (the waste already dealt).
    Hp, Hx, H = {}, {}, {}
    for c in range(N):
        Hp[c] = m.NewIntVar(0, P - 1, f"p{c}")
        Hx[c] = m.NewIntVar(0, n, f"x{c}")
        o = m.NewIntVar(1, M - 1, f"o{c}")
        H[c] = m.NewIntVar(tm(0, c0, 1), HMAX, f"H{c}")
        m.Add(H[c] == Hp[c] * (X * M) + Hx[c] * M + o)

    # (a) A talon card with label i goes home in pass p at a time ≥ (p, i+1): it must have been
    # dealt in that pass (in pass 0, the waste cards 0..c0 are dealt: x ≥ c0 ≥ i+1).
    for i in talon_ix:
        m.Add(Hx[i] >= i + 1)

    # Order literals [x_c > j] of a card's home slot (half-reified: only x_c > j ⇒ lit).
    def gt_lit(var, j, cache):
        key = (var.Index(), j)
        if key not in cache:
            b = m.NewBoolVar("")
            m.Add(var <= j).OnlyEnforceIf(b.Not())
            cache[key] = b
        return cache[key]

    half = {}

    # ---- (b), (f) Foundation order with the copy assignment of every suit at once. Where both
    # foundations of a suit still need rank r, its two remaining copies go one up and one down
    # (each foundation takes one card of each rank it needs, and there are exactly two copies).
    # The card that fills slot t of a foundation goes home after the card of slot t−1 (strictly:
    # one card at a time). A winning line sends every card home, each to one foundation.
    by_kind = {}
    for c, (s, r, _, _) in enumerate(cards):
        by_kind.setdefault((s, r), []).append(c)
    up = {}
    Tup = {}  # (suit, rank) -> time that rank goes onto the up foundation
    Tdn = {}
    for s in range(4):
        u, d = fcount[s], fcount[4 + s]  # ranks 0..u-1 up home; 12..13-d down home
        for r in range(13):
            need_up = r >= u
            need_dn = r <= 12 - d
            cs = by_kind.get((s, r), [])
            if need_up and need_dn:
                assert len(cs) == 2, (s, r, cs)
                a, b = cs
                up[a] = m.NewBoolVar(f"up{a}")
                up[b] = up[a].Not()
                tu = m.NewIntVar(0, HMAX, "")
                td = m.NewIntVar(0, HMAX, "")
                m.Add(tu == H[a]).OnlyEnforceIf(up[a])
                m.Add(tu == H[b]).OnlyEnforceIf(up[b])
                m.Add(td == H[b]).OnlyEnforceIf(up[a])
                m.Add(td == H[a]).OnlyEnforceIf(up[b])
                Tup[s, r], Tdn[s, r] = tu, td
            elif need_up:
                assert len(cs) == 1, (s, r, cs)
                Tup[s, r] = H[cs[0]]
            elif need_dn:
                assert len(cs) == 1, (s, r, cs)
                Tdn[s, r] = H[cs[0]]
            else:
                assert not cs
        for r in range(fcount[s] + 1, 13):
            m.Add(Tup[s, r] > Tup[s, r - 1])
        for r in range(12 - fcount[4 + s] - 1, -1, -1):
            m.Add(Tdn[s, r] > Tdn[s, r + 1])

    # ---- (S) The waste as a stack among talon cards (subsumes passes.rs rules d and e). For
    # labels i < j: if i goes home in its pass p after j's deal slot (x_i > j), then j went home
    # before i. Why: i is on the waste from its deal in pass p until it goes home (a waste card
    # leaves only to a foundation, or at the redeal, after which it is no longer in pass p). If j
    # is still in the talon in pass p it is dealt (x = j+1) onto the waste above i, and i can
    # leave only once j has: H(j) < H(i). If j is not in the talon in pass p, it went home in an
    # earlier pass: H(j) < H(i) again.
    if "stack_talon" in rules:
        for i in talon_ix:
            for j in range(max(i + 1, c0), n):
                m.Add(H[j] < H[i]).OnlyEnforceIf(gt_lit(Hx[i], j, half))
            # waste cards above i at the start: x_i ≥ c0 > j always
            for j in range(i + 1, c0):
                m.Add(H[j] < H[i])

    # ---- (c) Reserve cards. A reserve card is free once the card above it has left (home or
    # onto the waste): L(a) = W(a) if a is parked, else H(a). A card goes home after it is free;
    # it is parked after it is free. Strict: one move at a time.
    park, W, Wp, Wx, L = {}, {}, {}, {}, {}
    for c in res_ix:
        park[c] = m.NewBoolVar(f"park{c}")
        Wp[c] = m.NewIntVar(0, P - 1, "")
        Wx[c] = m.NewIntVar(0, n, "")
        ow = m.NewIntVar(1, M - 1, "")
        W[c] = m.NewIntVar(tm(0, c0, 1), HMAX, f"W{c}")
        m.Add(W[c] == Wp[c] * (X * M) + Wx[c] * M + ow)
        L[c] = m.NewIntVar(0, HMAX, "")
        m.Add(L[c] == W[c]).OnlyEnforceIf(park[c])
        m.Add(L[c] == H[c]).OnlyEnforceIf(park[c].Not())
        # A parked card goes home after it was parked.
        m.Add(H[c] > W[c]).OnlyEnforceIf(park[c])
    for c in res_ix:
        a = above[c]
        if a is not None:
            m.Add(H[c] > L[a])
            m.Add(W[c] > L[a]).OnlyEnforceIf(park[c])

    # ---- (AD, round 5) One move at a time: the home moves and the parks of a line are distinct
    # events, each with its own (pass, x, o) (o = its rank among the moves of the slot). An
    # unparked card's park time is a dummy: it is mapped to its own value above every time.
    if "all_different" in rules:
        ev = [H[c] for c in range(N)]
        for k, c in enumerate(res_ix):
            w2 = m.NewIntVar(0, HMAX + 1 + len(res_ix), "")
            m.Add(w2 == W[c]).OnlyEnforceIf(park[c])
            m.Add(w2 == HMAX + 1 + k).OnlyEnforceIf(park[c].Not())
            ev.append(w2)
        m.AddAllDifferent(ev)

    # Full order literals for the parking slot xw_c (both directions are used).
    full = {}

    def wx_gt(c, j):
        key = (c, j)
        if key not in full:
            b = m.NewBoolVar("")
            m.Add(Wx[c] > j).OnlyEnforceIf(b)
            m.Add(Wx[c] <= j).OnlyEnforceIf(b.Not())
            full[key] = b
        return full[key]

    # ---- (N) Parking needs a same-suit neighbour (rank ±1 with wrap) on the waste top. The
    # neighbour d is a card not yet home (cards on the foundations never move). Either d is a talon
    # card dealt in the parking pass before the park (label(d) < xw_c) and not yet home
    # (H(d) > W(c)) — then it was dealt in that pass (it is in the talon: not home before) and is
    # on the waste; or d is a reserve card parked earlier (W(d) < W(c)) and not yet home
    # (loose: in an earlier pass it is back in the talon, and we do not ask that it was dealt).
    # (N') exact top, for a talon neighbour d: every talon card a with label(d) < a < xw_c has left
    # by W(c) — it was dealt after d in that pass (or is gone already), so it lay above d.
    # ¬g[a,c] means H(a) ≤ W(c).
    g = {}

    def g_lit(a, c):
        key = (a, c)
        if key not in g:
            b = m.NewBoolVar("")
            m.Add(H[a] <= W[c]).OnlyEnforceIf(b.Not())
            g[key] = b
        return g[key]

    # before[d,c] ⇐ W(d) < W(c) (half: ¬ ⇒ W(d) ≥ W(c)); same[d,c] ⇐ q_d ≥ q_c (half: ¬ ⇒
    # q_d < q_c), which with W(d) < W(c) means the same pass.
    bef, sam = {}, {}

    def before_lit(d, c):
        if (d, c) not in bef:
            b = m.NewBoolVar("")
            m.Add(W[d] >= W[c]).OnlyEnforceIf(b.Not())
            bef[d, c] = b
        return bef[d, c]

    def same_lit(d, c):
        if (d, c) not in sam:
            b = m.NewBoolVar("")
            m.Add(Wp[d] <= Wp[c] - 1).OnlyEnforceIf(b.Not())
            sam[d, c] = b
        return sam[d, c]

    nb_all = []
    for c in res_ix:
        s, r = cards[c][0], cards[c][1]
        options = []
        nbs = []
        for rr in ((r + 1) % 13, (r + 12) % 13):
            for d in by_kind.get((s, rr), []):
                if d == c:
                    continue
                nb = m.NewBoolVar("")
                options.append(nb)
                nb_all.append((c, d, nb))
                m.Add(H[d] > W[c]).OnlyEnforceIf(nb)
                if d < n:
                    m.AddImplication(nb, wx_gt(c, d))
                    if "park_top_exact" in rules:
                        for a in range(d + 1, n):
                            # nb ∧ [xw_c > a] ⇒ H(a) ≤ W(c)
                            m.AddBoolOr([nb.Not(), wx_gt(c, a).Not(), g_lit(a, c).Not()])
                else:
                    m.AddImplication(nb, park[d])
                    m.Add(W[d] < W[c]).OnlyEnforceIf(nb)
                if "park_top_exact2" in rules or "park_earlier_nb" in rules:
                    nbs.append((nb, d))
        if options:
            m.AddBoolOr(options).OnlyEnforceIf(park[c])
        else:
            m.Add(park[c] == 0)
        # (N'', round 2) the top exactly, for the parked cards of the same pass, and for a parked
        # neighbour. If c is parked on d in pass q:
        #  - a card e parked in pass q after d reached the waste (d a talon card: xw_e > label(d);
        #    d parked: W(e) > W(d)) and before W(c) lay above d: it left (went home) by W(c);
        #  - d parked in pass q: every talon card a dealt after W(d) and before W(c)
        #    (xw_d ≤ a < xw_c) lay above d: it left by W(c).
        for nb, d in nbs:
            for e in res_ix:
                if e == c or e == d:
                    continue
                clause = [nb.Not(), park[e].Not(), same_lit(e, c).Not(),
                          before_lit(e, c).Not(), g_lit(e, c).Not()]
                if d < n:
                    clause.append(wx_gt(e, d).Not())
                else:
                    # d parked in pass q too (round 3 as first run lacked this: a card d parked
                    # in an earlier pass is dealt again in pass q, possibly after W(e), and then
                    # lies above e; found by replay.py on seeds 48 and 57).
                    clause += [before_lit(d, e).Not(), same_lit(d, c).Not()]
                m.AddBoolOr(clause)
            if d >= n:
                for a in talon_ix:
                    clause = [nb.Not(), wx_gt(d, a), wx_gt(c, a).Not(), g_lit(a, c).Not()]
                    if "park_earlier_nb" not in rules:
                        clause.append(same_lit(d, c).Not())
                    m.AddBoolOr(clause)
        # (N-later, round 5) a neighbour d parked in an earlier pass q_d < q is back in the talon;
        # at W(c) it must have been dealt again in pass q. Every talon card i that lay under d
        # (i < xw_d: dealt before W(d), and still in the talon at W(c), H(i) > W(c), so on the
        # waste at W(d) too) precedes d in the talon order: it was dealt in pass q before d, so
        # xw_c > i. (Also when q_d = q: then i < xw_d ≤ xw_c anyway.) And the N'' clause above for
        # a parked neighbour holds in every pass (no "same pass" literal): a talon card a ≥ xw_d
        # still in the talon in pass q was dealt onto d in pass q_d, so it follows d in the talon
        # order; dealt in pass q before W(c) (a < xw_c), it lay above d: it left by W(c).
        if "park_earlier_nb" in rules:
            for nb, d in nbs:
                if d < n:
                    continue
                for i in talon_ix:
                    m.AddBoolOr([nb.Not(), wx_gt(d, i).Not(), g_lit(i, c).Not(), wx_gt(c, i)])

    # Pass-of-home literals for the parked-card rules. lp[i,c] = [p_i ≤ q_c] (half: ¬ ⇒ p_i > q_c).
    lp = {}

    def lp_lit(i, c):
        key = (i, c)
        if key not in lp:
            b = m.NewBoolVar("")
            m.Add(Hp[i] >= Wp[c] + 1).OnlyEnforceIf(b.Not())
            lp[key] = b
        return lp[key]

    # ---- (P1) A card parked in pass q blocks the cards under it for the rest of pass q. For a
    # talon card i dealt before the park (i < xw_c) that goes home in pass q after the park
    # (H(i) > W(c), p_i ≤ q): c went home before i. Why: i is on the waste from its deal until it
    # goes home; c is put above it; a waste card leaves only to a foundation; so c left first.
    if "park_below" in rules:
        for c in res_ix:
            for i in talon_ix:
                m.Add(H[c] < H[i]).OnlyEnforceIf(
                    [park[c], wx_gt(c, i), g_lit(i, c), lp_lit(i, c)]
                )

    # ---- (P2) A talon card j dealt onto a parked card c (j ≥ xw_c: not dealt yet at the park)
    # while c is on the waste in its parking pass q: if c goes home in pass q (p_c = q) after j's
    # deal slot (x_c > j), j went home before c. Why: j, if still in the talon, is dealt above c
    # in pass q; c can leave only after j. If j is not in the talon in pass q, it went home in
    # an earlier pass. same[c] ⇐ p_c = q_c (half: ¬same ⇒ p_c > q_c).
    if "park_above" in rules and "park_above_later" not in rules:
        for c in res_ix:
            same = m.NewBoolVar("")
            m.Add(Hp[c] >= Wp[c] + 1).OnlyEnforceIf(same.Not())
            for j in talon_ix:
                m.Add(H[j] < H[c]).OnlyEnforceIf(
                    [park[c], wx_gt(c, j).Not(), gt_lit(Hx[c], j, half), same]
                )

    # ---- (P2') P2 in every pass from the park on (round 2): drop p_c = q_c. A parked card c
    # that stays on the waste past its pass is part of the talon, and in the talon order it lies
    # below every talon card j ≥ xw_c (those still in the talon in pass q_c were dealt onto it
    # after the park). If c goes home in a later pass p at slot x_c > j, it was dealt in pass p
    # before j (the talon order), so j, if still in the talon, lay above it: H(j) < H(c). If j is
    # not in the talon in pass p, it went home before: H(j) < H(c) again.
    if "park_above_later" in rules:
        for c in res_ix:
            for j in talon_ix:
                m.Add(H[j] < H[c]).OnlyEnforceIf(
                    [park[c], wx_gt(c, j).Not(), gt_lit(Hx[c], j, half)]
                )

    # ---- (P1') A parked card blocks the talon cards under it in later passes too (round 2). Let
    # i < xw_c be a talon card that goes home in a pass p > q_c at slot x_i > xw_c. Then i was in
    # the talon in pass q_c, dealt before the park (x at the park = xw_c > i) and not home until
    # pass p: at W(c) it lay under c, so i precedes c in the talon order. In pass p some label
    # ≥ xw_c was dealt before i went home (x_i > xw_c); every such label follows c in the talon
    # order (dealt onto c in pass q_c), so c, if still in the talon, was dealt in pass p before
    # i left, onto i: c went home before i. If c is not in the talon in pass p it went home
    # before: H(c) < H(i) either way.
    if "park_below_later" in rules:
        for c in res_ix:
            for i in talon_ix:
                xg = m.NewBoolVar("")  # ¬xg ⇒ x_i ≤ xw_c
                m.Add(Hx[i] <= Wx[c]).OnlyEnforceIf(xg.Not())
                pg = m.NewBoolVar("")  # ¬pg ⇒ p_i ≤ q_c
                m.Add(Hp[i] <= Wp[c]).OnlyEnforceIf(pg.Not())
                m.Add(H[c] < H[i]).OnlyEnforceIf([park[c], wx_gt(c, i), xg, pg])

    # ---- (Q, round 3) A parked card that goes home in a later pass is dealt there after the talon
    # cards under it. Let c be parked in pass q at slot xw_c and go home in a pass p > q, and let
    # i < xw_c be a talon card that goes home in pass p or later (p_i ≥ p). Then i was in the
    # talon in pass q, dealt before the park (x = xw_c > i then) and still on the waste at W(c)
    # (it goes home only in pass p > q): it lay under c, so it precedes c in the talon order. In
    # pass p, c leaves the waste (it is a talon card now) after it was dealt, and i (still in the
    # talon) was dealt before it: c goes home at a slot x_c ≥ i+1.
    if "park_redeal_deal" in rules:
        for c in res_ix:
            later = m.NewBoolVar("")  # ¬later ⇒ p_c ≤ q_c (c home in its parking pass)
            m.Add(Hp[c] <= Wp[c]).OnlyEnforceIf(later.Not())
            for i in talon_ix:
                ge = m.NewBoolVar("")  # ¬ge ⇒ p_i < p_c
                m.Add(Hp[i] <= Hp[c] - 1).OnlyEnforceIf(ge.Not())
                m.Add(Hx[c] >= i + 1).OnlyEnforceIf([park[c], later, wx_gt(c, i), ge])

    # ---- (P3) Two cards parked in one pass q: if d was parked before c (W(d) < W(c)) and goes
    # home in pass q after W(c), then c went home before d (c lies above d on the waste).
    if "park_park" in rules:
        for c in res_ix:
            for d in res_ix:
                if c == d:
                    continue
                before = m.NewBoolVar("")  # ¬before ⇒ W(d) ≥ W(c)
                m.Add(W[d] >= W[c]).OnlyEnforceIf(before.Not())
                samep = m.NewBoolVar("")  # ¬samep ⇒ W_p(d) < W_p(c) (d parked in an earlier pass)
                m.Add(Wp[d] <= Wp[c] - 1).OnlyEnforceIf(samep.Not())
                m.Add(H[c] < H[d]).OnlyEnforceIf(
                    [park[c], park[d], before, samep, g_lit(d, c), lp_lit(d, c)]
                )

    # ---- (P3-later, round 6) Two parked cards stack in the talon order too, in every later pass.
    # Let d be parked before c (W(d) < W(c)) and still on the waste at W(c): either in the same
    # pass (a parked card leaves the waste only to a foundation), or d was parked in an earlier
    # pass and xw_c > xw_d. (Then label xw_c − 1 was dealt in pass q_c before W(c); at W(d) it was
    # still in the stock — x was xw_d ≤ xw_c − 1 — so it follows d in the talon order, and d,
    # still in the talon, was dealt in pass q_c before it, and is on the waste at W(c) as it goes
    # home later.) So c lies above d, and c precedes every card then in the stock: in the talon
    # order d < c < every label ≥ xw_c still in the talon. If d goes home in a pass p > q_c at a
    # slot x_d > xw_c, label x_d − 1 ≥ xw_c was dealt in pass p before, so c (if still in the
    # talon) was dealt in pass p before it, onto d (dealt before c, still on the waste): c went
    # home first, H(c) < H(d). If c is not in the talon in pass p it went home before: H(c) < H(d)
    # again. Found by sim.py: the round-5 schedules of seeds 3, 6 and 8 send a parked card home
    # in a later pass from under a card parked on it.
    if "park_park_later" in rules:
        for c in res_ix:
            for d in res_ix:
                if c == d:
                    continue
                xg = m.NewBoolVar("")  # ¬xg ⇒ x_d ≤ xw_c
                m.Add(Hx[d] <= Wx[c]).OnlyEnforceIf(xg.Not())
                pg = m.NewBoolVar("")  # ¬pg ⇒ p_d ≤ q_c
                m.Add(Hp[d] <= Wp[c]).OnlyEnforceIf(pg.Not())
                # d on the waste at W(c): same pass, or xw_c > xw_d. ¬on ⇒ q_d < q_c ∧ xw_c ≤ xw_d
                on = m.NewBoolVar("")
                m.Add(Wp[d] <= Wp[c] - 1).OnlyEnforceIf(on.Not())
                m.Add(Wx[c] <= Wx[d]).OnlyEnforceIf(on.Not())
                m.Add(H[c] < H[d]).OnlyEnforceIf(
                    [park[c], park[d], before_lit(d, c), on, g_lit(d, c), xg, pg]
                )

    # ---- (N''-earlier, round 6) The exact top for a talon neighbour against cards parked in an
    # earlier pass. c parked on the talon card d in pass q = q_c (d < xw_c, dealt in pass q and on
    # the waste top at W(c)). Let e be parked in an earlier pass q_e < q with d < xw_e (d was
    # dealt in pass q_e before W(e) and, going home after W(c), was still on the waste: e lay
    # above d, and precedes every label ≥ xw_e in the talon order), and xw_c > xw_e: label
    # xw_c − 1 ≥ xw_e was dealt in pass q before W(c), so e, if still in the talon, was dealt in
    # pass q before it, above d (dealt before e). d being the top at W(c), e left by then:
    # H(e) ≤ W(c). (The same pass is the N'' clause above.)
    if "park_top_earlier" in rules:
        for c, d, nb in nb_all:
            if d >= n:
                continue
            for e in res_ix:
                if e == c:
                    continue
                # e parked in an earlier pass than c: ¬ear ⇒ q_e ≥ q_c
                ear = m.NewBoolVar("")
                m.Add(Wp[e] >= Wp[c]).OnlyEnforceIf(ear.Not())
                xg = m.NewBoolVar("")  # ¬xg ⇒ xw_c ≤ xw_e
                m.Add(Wx[c] <= Wx[e]).OnlyEnforceIf(xg.Not())
                m.AddBoolOr([nb.Not(), park[e].Not(), ear.Not(), wx_gt(e, d).Not(), xg.Not(),
                             g_lit(e, c).Not()])

    # ---- (N''-parked, round 7) The exact top for a parked neighbour, in every pass. c parked on a
    # parked d (W(d) < W(c), d on the waste top at W(c)). Let e be parked between them
    # (W(d) < W(e) < W(c)) with (A) d on the waste at W(e): the same pass, or xw_e > xw_d (label
    # xw_e − 1 was dealt in pass q_e before W(e); at W(d) it was in the stock, so it follows d in
    # the talon order and d, still in the talon — it goes home after W(c) — was dealt before it);
    # so e lay above d and precedes in the talon order every label ≥ xw_e; and (B) e on the waste
    # at W(c): the same pass (a parked card leaves the waste only to a foundation), or
    # xw_c > xw_e (label xw_c − 1 ≥ xw_e was dealt in pass q_c before W(c), so e, if still in
    # the talon, was dealt before it, after d). Then e lies above d at W(c) unless it went home:
    # H(e) ≤ W(c). (The N'' clause above is the case of one pass for all three.)
    onl = {}

    def on_lit(d, e):  # ¬ ⇒ q_d < q_e ∧ xw_e ≤ xw_d (with W(d) < W(e): d on the waste at W(e))
        if (d, e) not in onl:
            b = m.NewBoolVar("")
            m.Add(Wp[d] <= Wp[e] - 1).OnlyEnforceIf(b.Not())
            m.Add(Wx[e] <= Wx[d]).OnlyEnforceIf(b.Not())
            onl[d, e] = b
        return onl[d, e]

    if "park_top_parked_any" in rules:
        for c, d, nb in nb_all:
            if d < n:
                continue
            for e in res_ix:
                if e == c or e == d:
                    continue
                m.AddBoolOr([nb.Not(), park[e].Not(), before_lit(d, e).Not(),
                             before_lit(e, c).Not(), on_lit(d, e).Not(), on_lit(e, c).Not(),
                             g_lit(e, c).Not()])

    # ---- (P3-nb, round 7) A card parked on a parked neighbour covers it, whatever pass the
    # neighbour was parked in. c parked on d (d the waste top at W(c), d goes home after W(c)),
    # d a reserve card parked in pass q_d ≤ q_c. If d goes home in pass q_c: c lay on d from
    # W(c) and a waste card leaves only from the top, so c went home first. If d goes home in a
    # later pass p at a slot x_d > xw_c: c lies directly above d in the talon order and before
    # every label ≥ xw_c (those were in the stock at W(c)); label x_d − 1 ≥ xw_c was dealt in
    # pass p before H(d), so c, if still in the talon, was dealt before it, onto d (dealt before
    # c and still on the waste): c went home first. Either way H(c) < H(d). (P3 has this for d
    # parked in the same pass, P3-later for xw_c > xw_d; found by sim.py: the round-6 schedule
    # of seed 0 parks 2S on a 3S parked in pass 0, at the same slot 58 in pass 1, then sends 3S
    # home from under it.)
    if "park_on_parked" in rules:
        for c, d, nb in nb_all:
            if d < n:
                continue
            pe = m.NewBoolVar("")  # ¬pe ⇒ p_d ≥ q_c + 1 (p_d ≥ q_c always: d home after W(c))
            m.Add(Hp[d] >= Wp[c] + 1).OnlyEnforceIf(pe.Not())
            m.Add(H[c] < H[d]).OnlyEnforceIf([nb, pe])
            xg = m.NewBoolVar("")  # ¬ ⇒ x_d ≤ xw_c
            m.Add(Hx[d] <= Wx[c]).OnlyEnforceIf(xg.Not())
            m.Add(H[c] < H[d]).OnlyEnforceIf([nb, xg])

    # ---- (P1-nb, round 8) A
    # neighbour d parked in an earlier pass is on the waste at W(c) (it is the top), so it was
    # dealt again in pass q_c; the talon cards that lay under it still lie under it. For a talon
    # card i < xw_d going home in pass q_c after W(c): i was dealt in pass q_d before W(d) and is
    # not home until after W(c), so it lay under d and precedes it in the talon order; in pass
    # q_c it was dealt before d and is under it at W(c): d went home first, H(d) < H(i). (P1'
    # witnesses d's new deal by x_i > xw_d only; found by sim.py: round 7's schedule of seed 8
    # parks a card on a 3C parked in pass 0 on 4C#37, at (pass 1, slot 38), then sends 4C#37
    # home at slot 38 from under the 3C.)
    if "park_nb_covers" in rules:
        for c, d, nb in nb_all:
            if d < n:
                continue
            for i in talon_ix:
                pe = m.NewBoolVar("")  # ¬ ⇒ p_i ≠ q_c (half: ¬pe ⇒ p_i ≥ q_c + 1 ∨ p_i < q_c)
                m.Add(Hp[i] != Wp[c]).OnlyEnforceIf(pe.Not())
                m.Add(H[d] < H[i]).OnlyEnforceIf([nb, wx_gt(d, i), g_lit(i, c), pe])

    # ---- (P5, candidate: in no round) A card parked in a later pass lies *under* an
    # earlier-parked card that was still in the stock at its park. Let c be parked in pass q_c
    # and e in a later pass q_e > q_c, c not home by W(e). Witness that c was still in the stock
    # at W(e): a talon card i with xw_e ≤ i < xw_c and p_i ≥ q_e — i was dealt in pass q_c
    # before W(c) (i < xw_c) and, going home only in pass q_e or later, lay under c: i precedes
    # c in the talon order; in pass q_e, i (in the talon) was not dealt at W(e) (x = xw_e ≤ i),
    # so neither was c. So e, put on the waste while c is in the stock, precedes c in the talon
    # order from then on. If e goes home (in pass p_e ≥ q_e) at a slot x_e > xw_c, label x_e − 1
    # ≥ xw_c — which follows c in the talon order (in the stock at W(c)) — was dealt in pass p_e
    # before, so c, if still in the talon, was dealt before it, onto e (dealt or parked before
    # c, still on the waste): c went home first, H(c) < H(e); if c is not in the talon in pass
    # p_e, it went home before anyway.
    if "park_later_under" in rules:
        pge = {}

        def pge_lit(i, e):  # ¬ ⇒ p_i < q_e
            if (i, e) not in pge:
                b = m.NewBoolVar("")
                m.Add(Hp[i] <= Wp[e] - 1).OnlyEnforceIf(b.Not())
                pge[i, e] = b
            return pge[i, e]

        for c in res_ix:
            for e in res_ix:
                if c == e:
                    continue
                qlt = m.NewBoolVar("")  # ¬ ⇒ q_c ≥ q_e
                m.Add(Wp[c] >= Wp[e]).OnlyEnforceIf(qlt.Not())
                xe = m.NewBoolVar("")  # ¬ ⇒ x_e ≤ xw_c
                m.Add(Hx[e] <= Wx[c]).OnlyEnforceIf(xe.Not())
                z = m.NewBoolVar("")
                m.Add(H[c] < H[e]).OnlyEnforceIf(z)
                pre = [park[c].Not(), park[e].Not(), qlt.Not(), g_lit(c, e).Not(), xe.Not(), z]
                for i in talon_ix:
                    m.AddBoolOr(pre + [wx_gt(e, i), wx_gt(c, i).Not(), pge_lit(i, e).Not()])

    # ---- MEASUREMENTS ONLY, NOT SOUND (rule names X_…): restrictions that winning lines need not
    # satisfy, to locate the slack (which deals they kill, and whether they kill won deals too).
    # Never used by a round whose unsat verdicts count as proofs.
    for rule in rules:
        if rule == "X_park_same_pass":  # every parked card goes home in its parking pass
            for c in res_ix:
                m.Add(Hp[c] == Wp[c]).OnlyEnforceIf(park[c])
        elif rule.startswith("X_park_cap:"):  # at most K parks in each pass
            k = int(rule.split(":")[1])
            for q in range(P):
                inq = []
                for c in res_ix:
                    b = m.NewBoolVar("")  # b ⇐ park ∧ q_c = q
                    e = m.NewBoolVar("")
                    m.Add(Wp[c] == q).OnlyEnforceIf(e)
                    m.Add(Wp[c] != q).OnlyEnforceIf(e.Not())
                    m.AddBoolAnd([park[c], e]).OnlyEnforceIf(b)
                    m.AddBoolOr([park[c].Not(), e.Not()]).OnlyEnforceIf(b.Not())
                    inq.append(b)
                m.Add(sum(inq) <= k)
        elif rule.startswith("X_pass0_slot:"):  # no park in pass 0 at a slot > k
            k = int(rule.split(":")[1])
            for c in res_ix:
                late = m.NewBoolVar("")  # late ⇒ q_c = 0
                m.Add(Wp[c] == 0).OnlyEnforceIf(late)
                m.Add(Wp[c] >= 1).OnlyEnforceIf(late.Not())
                m.Add(Wx[c] <= k).OnlyEnforceIf([park[c], late])

    return m, dict(H=H, Hp=Hp, Hx=Hx, park=park, W=W, Wp=Wp, Wx=Wx, up=up, cards=cards, n=n, nb=nb_all)


def solve(layout, redeals, seconds=60.0, det=None, rules=DEFAULT_RULES):
    t0 = time.time()
    m, v = build(layout, redeals, rules)
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = seconds
    if det is not None:
        s.parameters.max_deterministic_time = det
    st = s.Solve(m)
    verdict = {cp_model.OPTIMAL: "sat", cp_model.FEASIBLE: "sat", cp_model.INFEASIBLE: "unsat"}.get(
        st, "unknown"
    )
    out = dict(verdict=verdict, seconds=round(time.time() - t0, 2), det=round(s.deterministic_time, 2))
    if verdict == "sat":
        # Play the schedule in the rules (sim.py): a realised schedule is a real winning line.
        import sim

        Hv = {c: s.Value(v["H"][c]) for c in range(len(v["cards"]))}
        Wv = {c: s.Value(v["W"][c]) for c in v["park"] if s.Value(v["park"][c])}
        upv = {c: s.Value(b) for c, b in v["up"].items()}
        what, why = sim.simulate(layout, redeals, v, Hv, Wv, upv)
        out["realised"] = "won" if what is None else sim.category(why)
        out["refused"] = "" if what is None else f"{what}: {why}"
        cards, n = v["cards"], v["n"]
        P = redeals + 1
        out["home_by_pass"] = "/".join(
            str(sum(1 for c in range(len(cards)) if s.Value(v["Hp"][c]) == p)) for p in range(P)
        )
        out["parked"] = sum(s.Value(b) for b in v["park"].values())
        out["schedule"] = [
            dict(
                card=RANKS[cards[c][1]] + SUITS[cards[c][0]],
                place=cards[c][2],
                where=cards[c][3],
                H=(s.Value(v["Hp"][c]), s.Value(v["Hx"][c])),
                up=(s.Value(v["up"][c]) if c in v["up"] else None),
                W=((s.Value(v["Wp"][c]), s.Value(v["Wx"][c])) if c in v["park"] and s.Value(v["park"][c]) else None),
            )
            for c in range(len(cards))
        ]
    return out


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("layout")
    ap.add_argument("--redeals", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--det", type=float, default=None)
    ap.add_argument("--schedule", action="store_true")
    ap.add_argument("--round", default="5")
    a = ap.parse_args()
    lay = json.load(open(a.layout))
    lay = lay.get("layout", lay)
    r = solve(lay, a.redeals, a.seconds, a.det, rules=ROUNDS[a.round])
    if not a.schedule:
        r.pop("schedule", None)
    print(json.dumps(r))
