"""Run the schedule model on a set of alhambra seeds; one CSV row per deal.

  run.py ROUND SET [--redeals R] [--det D] [--seconds S] [--jobs 2] [--seeds a,b,c] [--out NAME]

--det D: CP-SAT's deterministic limit (max_deterministic_time, its own load-independent work
units); the verdict then does not depend on the machine's load. --seconds stays as a wall safety
limit (a deal stopped by it is "unknown" with wall = true in its row). Rows record det_limit.

Sets (seeds from results/alhambra/deals.csv, the published study):
  dev   the first 40 seeds of 0..199 whose outcome is unknown
  all   every unknown seed of 0..199 (154)
  rest  all minus dev (114): dev and rest together are all
  won   every won seed of 0..999 (179): each must come out sat
  lost  59 and 177 (proved lost by the pass bound at the first position): must come out unsat
  won-rN  (with --redeals N) seeds 0..99 that the solver wins with --redeals N, read from
        results/bench/schedule-model/won-redeals-N.txt (one seed a line)
Writes results/bench/schedule-model/round-ROUND-SET.csv. For a sat deal, `realised` says what
sim.py made of the returned schedule played in the rules: `won` (a real winning line: the deal is
won) or the kind of the first event the rules refuse (`refused` names it). A measurement (NOT SOUND: an X_ rule of
model.py, `--rules 6+X_park_same_pass`) is given a ROUND name starting with X (e.g. X1); table.py
prints those apart, never among the proofs.
"""

import argparse
import csv
import json
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
BIN = os.environ.get("PATIENCE", "/work/main/target/release/patience")
sys.path.insert(0, HERE)


def published():
    rows = list(csv.DictReader(open(os.path.join(ROOT, "results/alhambra/deals.csv"))))
    return {int(r["seed"]): r["outcome"] for r in rows}


def seeds_of(name):
    pub = published()
    if name == "dev":
        return [s for s in sorted(pub) if s < 200 and pub[s] == "unknown"][:40]
    if name == "all":
        return [s for s in sorted(pub) if s < 200 and pub[s] == "unknown"]
    if name == "rest":  # all minus dev: with dev, the whole of all
        return [s for s in sorted(pub) if s < 200 and pub[s] == "unknown"][40:]
    if name == "won":
        return [s for s in sorted(pub) if pub[s] == "won"]
    if name == "lost":
        return [59, 177]
    if name.startswith("won-r"):
        path = os.path.join(ROOT, "results/bench/schedule-model", f"won-redeals-{name[5:]}.txt")
        return [int(x) for x in open(path).read().split()]
    raise SystemExit(f"unknown set {name}")


def one(args):
    seed, redeals, seconds, det, rules = args
    import model

    out = subprocess.run(
        [BIN, "deal", "alhambra", "--seed", str(seed), "--format", "json"],
        capture_output=True, text=True, check=True,
    ).stdout
    lay = json.loads(out)["layout"]
    r = model.solve(lay, redeals, seconds, det, rules=model.rules_of(rules))
    return dict(
        seed=seed,
        redeals=redeals,
        verdict=r["verdict"],
        seconds=r["seconds"],
        det=r["det"],
        home_by_pass=r.get("home_by_pass", ""),
        parked=r.get("parked", ""),
        realised=r.get("realised", ""),
        refused=r.get("refused", ""),
        rules=rules,
        det_limit="" if det is None else det,
        wall=int(r["verdict"] == "unknown" and (det is None or r["det"] < det * 0.99)),
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("round")
    ap.add_argument("set")
    ap.add_argument("--redeals", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--det", type=float, default=None, help="CP-SAT max_deterministic_time")
    ap.add_argument("--out", default=None, help="the set's name in the file name (default: SET)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seeds", default=None)
    ap.add_argument("--rules", default=None, help="a key of model.ROUNDS (default: the round)")
    ap.add_argument("--resume", action="store_true",
                    help="keep the file's rows not stopped by the wall (wall = 0), run the rest")
    a = ap.parse_args()
    seeds = [int(x) for x in a.seeds.split(",")] if a.seeds else seeds_of(a.set)
    outdir = os.path.join(ROOT, "results/bench/schedule-model")
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, f"round-{a.round}-{a.out or a.set}.csv")
    fields = ["seed", "set", "redeals", "verdict", "seconds", "det", "home_by_pass", "parked", "realised", "refused", "rules", "det_limit", "wall"]
    kept = []
    if a.resume and os.path.exists(path):
        kept = [r for r in csv.DictReader(open(path)) if r.get("wall", "0") in ("0", "")]
        done = {int(r["seed"]) for r in kept}
        seeds = [x for x in seeds if x not in done]
    with open(path, "w", newline="") as f, ProcessPoolExecutor(min(a.jobs, 2)) as ex:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for r in kept:
            w.writerow({k: r.get(k, "") for k in fields})
        f.flush()
        for r in ex.map(one, [(s, a.redeals, a.seconds, a.det, a.rules or a.round) for s in seeds]):
            r["set"] = a.out or a.set
            w.writerow(r)
            f.flush()
            print(r["seed"], r["verdict"], r["seconds"], r["det"], flush=True)

if __name__ == "__main__":
    main()
