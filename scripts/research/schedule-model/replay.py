"""Soundness check along real winning lines: replay a won deal's solution (`patience solve ...
--format json`), read off its schedule (each card's home time (pass, x, order), its foundation,
each reserve card's park time), fix the model's variables to it and ask CP-SAT whether the
model's constraints hold. Every constraint is claimed to hold on every winning line, so each line
must pass; where one fails, the families are switched off one at a time to name the culprit.

  replay.py ROUND SEED [SEED...]
"""

import json
import os
import subprocess
import sys

from ortools.sat.python import cp_model

import model

BIN = os.environ.get("PATIENCE", "/work/main/target/release/patience")


def schedule(seed, redeals=2):
    extra = [] if redeals == 2 else ["--redeals", str(redeals), "--max-states", "1000000"]
    out = subprocess.run([BIN, "solve", "alhambra", "--seed", str(seed), "--format", "json"] + extra,
                         capture_output=True, text=True).stdout
    sol = json.loads(out)
    if sol["verdict"] != "won":
        return None
    lay = json.loads(subprocess.run([BIN, "deal", "alhambra", "--seed", str(seed), "--format", "json"],
                                    capture_output=True, text=True).stdout)["layout"]
    talon, c0, reserves, fcount = model.layout_cards(lay)
    n = len(talon)
    names = [model.RANKS[r] + model.SUITS[s] for s, r in talon]
    waste = list(range(c0))
    stock = list(range(c0, n))
    piles, nid = [], n
    for pile in reserves:
        piles.append(list(range(nid, nid + len(pile))))
        nid += len(pile)
    kind = {i: talon[i] for i in range(n)}
    for pi, pile in enumerate(reserves):
        for d, k in enumerate(pile):
            kind[piles[pi][d]] = k
    p, x, o = 0, c0, 0
    H, W, up = {}, {}, {}
    for mv in sol["moves"]:
        if mv.get("deal"):
            c = stock.pop(0)
            waste.append(c)
            if c < n:  # a talon label opens a new slot; a parked card's deal stays in the slot
                x = c + 1
                o = 0
            continue
        if mv.get("redeal"):
            stock, waste = waste, []
            p, x, o = p + 1, 0, 0
            continue
        src, dst = mv["from"], mv["to"]
        c = waste.pop() if src == "W" else piles[int(src[1:])].pop()
        s, r = kind[c]
        assert model.RANKS[r] + model.SUITS[s] == mv["card"], (mv, c)
        o += 1
        assert o < 128
        if dst == "W":
            W[c] = (p, x, o)
            waste.append(c)
        else:
            H[c] = (p, x, o)
            up[c] = int(dst[1:]) < 4
    assert len(H) == nid, (len(H), nid)
    return lay, H, W, up


def check(lay, H, W, up, rules, redeals=2):
    m, v = model.build(lay, redeals, rules)
    n = v["n"]
    X, M = n + 1, 128
    for c, (p, x, o) in H.items():
        m.Add(v["H"][c] == (p * X + x) * M + o)
    for c in v["park"]:
        m.Add(v["park"][c] == (1 if c in W else 0))
        if c in W:
            p, x, o = W[c]
            m.Add(v["W"][c] == (p * X + x) * M + o)
    for c, b in v["up"].items():
        m.Add(b == (1 if up[c] else 0))
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.max_time_in_seconds = 60
    return s.StatusName(s.Solve(m))


if __name__ == "__main__":
    rules = model.rules_of(sys.argv[1])
    args = sys.argv[2:]
    out = None
    redeals = 2
    if args and args[0] == "--redeals":  # deals won with N redeals, the model given N
        redeals = int(args[1])
        args = args[2:]
    if args and args[0] == "--set":  # a set of run.py; rows to results/bench/schedule-model/
        import os, run
        name = args[1]
        args = run.seeds_of(name)
        out = open(os.path.join(run.ROOT, "results/bench/schedule-model",
                                f"replay-{sys.argv[1]}-{name}.csv"), "w")
        out.write("seed,parks,status,culprits\n")
    if args and args[0] == "--range":  # seeds a..b (inclusive), those won; rows to a file
        import os, run
        a, b = int(args[1]), int(args[2])
        out = open(os.path.join(run.ROOT, "results/bench/schedule-model",
                                f"replay-{sys.argv[1]}-redeals{redeals}-{a}-{b}.csv"), "w")
        out.write("seed,parks,status,culprits\n")
        args = range(a, b + 1)
    for seed in map(int, args):
        got = schedule(seed, redeals)
        if got is None:
            print(f"{seed} not won with {redeals} redeals", flush=True)
            continue
        lay, H, W, up = got
        st = check(lay, H, W, up, rules, redeals)
        line = f"{seed} line parks {len(W)}: {st}"
        if st == "INFEASIBLE":
            culprits = [r for r in sorted(rules)
                        if check(lay, H, W, up, rules - {r}, redeals) != "INFEASIBLE"]
            line += f" culprit(s): {culprits}"
        print(line, flush=True)
        if out:
            out.write(f"{seed},{len(W)},{st},{' '.join(culprits) if st == 'INFEASIBLE' else ''}\n")
            out.flush()
