"""Realise a schedule the model returns in the real rules, event by event, and name the first
event the rules refuse: which real rule the schedule breaks (the slack the model leaves).

  sim.py ROUND SEED [SEED...] [--det D] [--redeals R]

The model's solution gives each event a time (pass, x, o): each card's home move (to the up or
down foundation of its suit), each parked reserve card's park. Events are played in time order.
Before an event at (p, x, o) the pass is advanced (the stock dealt out, then redealt) and, in pass
p, every talon label j < x still in the stock is dealt, with whatever lies before it in the stock
(parked cards back in the talon). Parked cards back in the talon that are not before such a label
are dealt only on demand (lazily): when the event's card is one of them, or a park needs a
neighbour on the waste top. The first refused event is printed with the reason; a schedule with no
refused event is a real winning line (none was found on deals believed lost).
"""

import json
import os
import subprocess
import sys

from ortools.sat.python import cp_model

import model

BIN = os.environ.get("PATIENCE", "/work/main/target/release/patience")


def name(cards, n, c):
    s, r = cards[c][0], cards[c][1]
    return model.RANKS[r] + model.SUITS[s] + (f"#{c}" if c < n else f"@R{cards[c][3][0]}.{cards[c][3][1]}")


def solve(lay, redeals, rules, det):
    m, v = model.build(lay, redeals, rules)
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = 300
    s.parameters.max_deterministic_time = det
    st = s.Solve(m)
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return s.StatusName(st), None
    cards, n = v["cards"], v["n"]
    H = {c: s.Value(v["H"][c]) for c in range(len(cards))}
    W = {c: s.Value(v["W"][c]) for c in v["park"] if s.Value(v["park"][c])}
    up = {c: s.Value(b) for c, b in v["up"].items()}
    v["nbv"] = [(c, d) for c, d, nb in v["nb"] if s.Value(nb)]
    return "sat", (v, H, W, up)


def category(why):
    """A refused event's reason without the cards: the kind of rule the schedule breaks."""
    for key in ("covered by", "still in the stock", "foundation", "no neighbour", "already gone"):
        if key in why:
            if key == "covered by":
                return ("waste" if why.startswith("waste") else "reserve") + " card covered by a " + (
                    "parked card" if "(parked)" in why else "talon card" if "(label)" in why else "reserve card")
            return key
    return why


def simulate(lay, redeals, v, H, W, up, M=128, verbose=False, snap=None):
    cards, n = v["cards"], v["n"]
    X = n + 1
    talon, c0, reserves, fcount = model.layout_cards(lay)
    # piles of card indices, bottom → top
    piles, nid = [], n
    for pile in reserves:
        piles.append(list(range(nid, nid + len(pile))))
        nid += len(pile)
    waste = list(range(c0))
    stock = list(range(c0, n))
    upn = [fcount[s] for s in range(4)]  # next rank needed going up
    dnn = [12 - fcount[4 + s] for s in range(4)]  # next rank needed going down
    ev = [(t, "home", c) for c, t in H.items()] + [(t, "park", c) for c, t in W.items()]
    ev.sort()
    p = 0
    log = []

    def dec(t):
        return (t // M // X, t // M % X, t % M)

    def deal():
        c = stock.pop(0)
        waste.append(c)

    def top(c):
        return waste and waste[-1] == c

    for t, kind, c in ev:
        ep, ex, eo = dec(t)
        while p < ep:
            while stock:
                deal()
            stock[:], waste[:] = waste, []
            p += 1
            if snap is not None:  # the position at this pass's start, as `solve --position` reads it
                code = lambda c: model.RANKS[cards[c][1]] + model.SUITS[cards[c][0]]
                fnd = [[model.RANKS[r] + model.SUITS[s] for r in range(upn[s])] for s in range(4)]
                fnd += [[model.RANKS[r] + model.SUITS[s] for r in range(12, dnn[s], -1)] for s in range(4)]
                snap[p] = dict(foundations=fnd, reserves=[[code(c) for c in pl] for pl in piles],
                               wastes=[[code(c) for c in waste]],
                               stock_top_first=[code(c) for c in stock], redeals_left=redeals - p)
        # deal the labels < ex (and whatever lies before them)
        while any(j < n and j < ex for j in stock):
            deal()
        s_, r_ = cards[c][0], cards[c][1]
        where = None
        for pi, pile in enumerate(piles):
            if c in pile:
                where = ("reserve", pi)
        if c in waste:
            where = ("waste", waste.index(c))
        if c in stock:
            where = ("stock", stock.index(c))
        what = f"{kind} {name(cards, n, c)} at {dec(t)}"
        if where is None:
            return what, "card already gone"
        if where[0] == "stock":
            # only parked (non-label) cards may be dealt without moving x
            k = where[1]
            if any(j < n for j in stock[: k + 1]):
                nxt = [name(cards, n, j) for j in stock[: k + 1] if j < n][0]
                return what, f"card still in the stock (behind label {nxt}; x={ex})"
            for _ in range(k + 1):
                deal()
            where = ("waste", len(waste) - 1)
        if where[0] == "reserve":
            pile = piles[where[1]]
            if pile[-1] != c:
                return what, f"reserve card covered by {name(cards, n, pile[-1])}"
        if where[0] == "waste" and not top(c):
            # lazy deals cannot help here; name the card on top
            return what, (f"waste card covered by {name(cards, n, waste[-1])} "
                          f"({'label' if waste[-1] < n else 'parked'})")
        if kind == "home":
            isup = up.get(c, None)
            if isup is None:  # one foundation of the suit still needs this rank
                isup = r_ >= fcount[s_]
            if isup:
                if upn[s_] != r_:
                    return what, f"up foundation of {model.SUITS[s_]} needs {model.RANKS[upn[s_]]}"
                upn[s_] += 1
            else:
                if dnn[s_] != r_:
                    return what, f"down foundation of {model.SUITS[s_]} needs {model.RANKS[dnn[s_]]}"
                dnn[s_] -= 1
        else:
            def ok():
                if not waste:
                    return False
                d = waste[-1]
                return cards[d][0] == s_ and (cards[d][1] - r_) % 13 in (1, 12)
            while not ok() and stock and stock[0] >= n:
                deal()
            if not ok():
                tp = name(cards, n, waste[-1]) if waste else "empty"
                return what, f"park: waste top {tp} is no neighbour"
        if where[0] == "reserve":
            piles[where[1]].pop()
        else:
            waste.pop()
        if kind == "park":
            waste.append(c)
        if verbose:
            log.append(what)
    return None, "realised: a winning line"


if __name__ == "__main__":
    args = sys.argv[1:]
    det = 10.0
    redeals = 2
    if "--det" in args:
        i = args.index("--det"); det = float(args[i + 1]); del args[i:i + 2]
    if "--redeals" in args:
        i = args.index("--redeals"); redeals = int(args[i + 1]); del args[i:i + 2]
    rnd = args[0]
    for seed in [int(a) for a in args[1:] if not a.startswith("--")]:
        lay = json.loads(subprocess.run([BIN, "deal", "alhambra", "--seed", str(seed), "--format", "json"],
                                        capture_output=True, text=True).stdout)["layout"]
        st, sol = solve(lay, redeals, model.rules_of(rnd), det)
        if sol is None:
            print(seed, st, flush=True)
            continue
        snap = {}
        what, why = simulate(lay, redeals, *sol, snap=snap)
        print(seed, st, "|", what, "|", why, flush=True)
        if what is not None and "--why" in sys.argv:
            # the two cards of the refusal: their park and home times
            v, H, W, up = sol
            cards, n = v["cards"], v["n"]
            X = n + 1
            dec = lambda t: (t // 128 // X, t // 128 % X, t % 128)
            import re
            for code in re.findall(r"[A2-9TJQK][CSHD][#@][R\d.]+", what + " " + why):
                for c in range(len(cards)):
                    if name(cards, n, c) == code:
                        print("   ", code, "home", dec(H[c]), "park", dec(W[c]) if c in W else None)
            # the neighbours the model chose for the parks (nb literals), as sim.solve kept them
            for c, d in sol[0].get("nbv", []):
                if name(cards, n, c) in what:
                    print("    parked on", name(cards, n, d), "home", dec(H[d]),
                          "park", dec(W[d]) if d in W else None)
        if what is None and "--snap" in sys.argv:
            for p, pos in snap.items():
                json.dump(dict(layout=pos), open(f"/tmp/sched-snap-{seed}-{p}.json", "w"))
