"""The soundness check of model.py: a winning line, read off as the model's variables, must be a
solution of the model (stronger than "the won deal is sat": a wrong constraint cannot hide behind
another schedule).

  replay.py SEED [K ...]   the solver's winning line of generals-patience SEED (`patience solve`),
                           checked from the first position and from the position after K moves
                           of it (played here); prints one line per position

The line is played in a small simulation of the piles (it trusts the line's legality: the product
replays every line through its reference rules); each move gets its own even time, so a stock
card dealt straight into a pile is dealt at t and leaves the waste at t + 1.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import model as M  # noqa: E402

BIN = os.environ.get("PATIENCE", os.path.join(HERE, "..", "..", "..", "target", "release", "patience"))


def solve(seed):
    """The solver's verdict on the deal, with its winning line when won."""
    cmd = [BIN, "solve", "generals-patience", "--seed", str(seed), "--format", "json"]
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)


def solve_layout(seed):
    """The deal's first position."""
    cmd = [BIN, "deal", "generals-patience", "--seed", str(seed), "--format", "json"]
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)["layout"]


def schedule(model, moves):
    """The line's values of the model's variables: home times H, each queue card's leave slot,
    whether a card entering the tableau from the waste fills an empty pile, the time a pile
    bottom moves onto a card, and each card's first stay on a card (round 3's tie: the card it
    first sits on, from when, until it first leaves it). Times as the model counts them: deal x at x * SLOT, a queue card
    leaving in slot x at its fixed offset, every other event one unit after the event before."""
    rows = [list(p) for p in model.rows]
    terrace = list(model.terrace)
    qidx = {c: i for i, c in enumerate(model.queue)}
    waste = [c for c in model.queue if c[0] == "W"]
    stock = [c for c in model.queue if c[0] == "S"]
    H, slot, entry_bottom, switch = {}, {}, {}, {}
    tie = {c: [p[i - 1], 0, None] for p in rows for i, c in enumerate(p) if i > 0}
    x, t = 0, 0

    def leave(c):
        nonlocal t
        at = model.leave_time(x, qidx[c])
        assert at > t, ("leave out of order", c)
        t = at
        slot[c] = x
        return at

    def other():
        nonlocal t
        t += 1
        return t

    for mv in moves:
        if mv.get("deal"):
            waste.append(stock.pop(0))
            x += 1
            t = x * model.SLOT
            continue
        src, dst, code = mv["from"], mv["to"], mv["card"]
        if src == "T":
            c = terrace.pop()
            at = other()
        elif src in ("W", "S"):
            if src == "S":  # the stock's top straight into an empty pile: dealt, then it leaves
                waste.append(stock.pop(0))
                x += 1
                t = x * model.SLOT
            c = waste.pop()
            at = leave(c)
        else:
            p = int(src[1:])
            c = rows[p].pop()
            at = other()
            if dst.startswith("P") and not rows[p] and c not in switch:
                switch[c] = at  # a pile bottom moving onto a card
        assert c[2] == code, (mv, c)
        if c in tie and tie[c][2] is None:
            tie[c][2] = at  # its first leave from the card it was put on
        if dst.startswith("F"):
            H[c] = at
        else:
            q = int(dst[1:])
            if src in ("W", "S"):
                entry_bottom[c] = not rows[q]
            if rows[q] and c not in tie:
                tie[c] = [rows[q][-1], at, None]
            rows[q].append(c)
    return H, slot, entry_bottom, switch, tie


def after(layout, moves, k):
    """The position after the first k moves of a line (k >= 1: the opening is chosen), and the
    rest of the line."""
    choice = int(moves[0]["choose"][1:])
    lay = json.loads(json.dumps(M.openings(layout)[choice]))
    rows, waste, stock = lay["rows"], lay["wastes"][0], lay["stock_top_first"]
    terrace, found = lay["reserves"][0], lay["foundations"]
    for mv in moves[1:k]:
        if mv.get("deal"):
            waste.append(stock.pop(0))
            continue
        src, dst = mv["from"], mv["to"]
        pile = {"T": terrace, "W": waste}.get(src) or (rows[int(src[1:])] if src.startswith("P") else None)
        c = stock.pop(0) if src == "S" else pile.pop()
        assert c == mv["card"], (mv, c)
        if dst.startswith("F"):
            # a foundation of the suit one below, else an empty one (the line's F numbers need
            # not match the opening's, which put the base on F0)
            fits = [f for f in found if f and f[-1][1] == c[1] and (M.rank(f[-1]) + 1) % 13 == M.rank(c)]
            (fits or [f for f in found if not f])[0].append(c)
        else:
            rows[int(dst[1:])].append(c)
    return lay, moves[k:]


def positions(d, ks):
    """A won deal's first position and those after k moves of its line (k in ks, where the line
    is that long), each with the rest of the line: (k, layout, moves)."""
    yield 0, d["layout"], d["moves"]
    for k in ks:
        if 0 < k < len(d["moves"]):
            yield (k, *after(d["layout"], d["moves"], k))


def check(layout, moves, rules=1):
    """Fix the model's variables to the line's schedule; "sat" if that is a solution."""
    model, _, _, end = fixed(layout, moves, rules)
    verdict, s = model.solve(seconds=60)
    return verdict, end


def fixed(layout, moves, rules, free=None):
    """The model of the line's position (after its opening choice, if it starts before it) with
    its variables fixed to the line's schedule, but for the tie of card `free` (mutate.py alters
    it): (model, H, tie, END)."""
    if M.before_opening(layout):
        choice = int(moves[0]["choose"][1:])
        layout, moves = M.openings(layout)[choice], moves[1:]
    model = M.Model(layout, rules)
    m = model.m
    H, slot, entry_bottom, switch, tie = schedule(model, moves)
    missing = [c for c in model.cards if c not in H]
    assert not missing, missing
    end = max((model.leave_time(slot[c], i) for i, c in enumerate(model.queue)), default=0)
    for c, v in H.items():
        m.Add(model.H[c] == v)
    for c in model.queue:
        m.Add(model.slot[c] == slot[c])
        if c in entry_bottom:
            m.Add(model.bt[c] == int(entry_bottom[c]))
    for c in model.sw:
        on = c in switch and switch[c] < end
        m.Add(model.sw[c] == int(on))
        if on:
            m.Add(model.SW[c] == switch[c])
    if rules >= 3:
        for c, (parent, start, first_leave) in tie.items():
            if start > end or c == free:
                continue  # a stay that starts after END: no tie in the model
            for (x, y), a in model.tie.items():
                if x == c:
                    m.Add(a == int(y == parent))
            m.Add(model.T[c] == min(first_leave, end))
    return model, H, tie, end


if __name__ == "__main__":
    seed = int(sys.argv[1])
    ks = [int(k) for k in sys.argv[2:]]
    d = solve(seed)
    assert d["verdict"] == "won", d["verdict"]
    for k, layout, rest in positions(d, ks):
        print(seed, k, *check(layout, rest))
