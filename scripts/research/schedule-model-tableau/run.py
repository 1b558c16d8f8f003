"""Run the generals-patience schedule model on a set of seeds; one CSV row per deal (or per
checked position, for `replay`).

  run.py ROUND SET [--det D] [--seconds S] [--resume] [--rules N]

ROUND names the rows; the model's rules are model.py's round N (N = ROUND unless --rules).

Sets (seeds from results/generals-patience/deals.csv, the published study):
  dev     the first 25 seeds of 0..199 whose outcome is unknown (where rounds are developed)
  all     every unknown seed of 0..199 (75): the gate's set
  lost    every lost seed of 0..199 (114, all proved at the probe): must come out unsat
  replay  every won seed of 0..999 (47): the solver's winning line, from the first position and
          after 60 and 150 of its moves, must satisfy the model (replay.py)
Writes results/bench/schedule-model-tableau/round-ROUND-SET.csv. `--det`: CP-SAT's deterministic
limit for each opening (its own load-independent work units), so a verdict does not depend on the
machine's load; `--seconds` stays as a wall safety limit (then `wall` = 1 in the row).
"""

import argparse
import csv
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
import model as M  # noqa: E402
import replay as R  # noqa: E402


def published():
    rows = csv.DictReader(open(os.path.join(ROOT, "results/generals-patience/deals.csv")))
    return {int(r["seed"]): r["outcome"] for r in rows}


def seeds(name):
    p = published()
    unknown = [s for s in sorted(p) if s < 200 and p[s] == "unknown"]
    return {
        "dev": unknown[:25],
        "all": unknown,
        "lost": [s for s in sorted(p) if s < 200 and p[s] == "lost"],
        "replay": [s for s in sorted(p) if p[s] == "won"],
    }[name]


DEAL_FIELDS = ["seed", "verdict", "openings", "stages", "wall_s", "det", "det_limit"]


def rows_file(path, fields, resume):
    """The rows' CSV, opened to append after the seeds already there (`--resume`) or afresh:
    (file, writer, seeds done)."""
    done = set()
    if resume and os.path.exists(path):
        done = {int(r["seed"]) for r in csv.DictReader(open(path))}
    f = open(path, "a" if done else "w", newline="")
    w = csv.DictWriter(f, fieldnames=fields)
    if not done:
        w.writeheader()
    return f, w, done


def deal_row(seed, verdict, rows, t0, det):
    """A deal's row from model.decide's verdict and rows (one per opening), started at t0."""
    return {
        "seed": seed,
        "verdict": verdict,
        "openings": " ".join(r[0] for r in rows),
        "stages": " ".join(r[1] for r in rows),
        "wall_s": round(time.time() - t0, 1),
        "det": round(sum(r[3] for r in rows), 2),
        "det_limit": det if det is not None else "",
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("round")
    ap.add_argument("set")
    ap.add_argument("--det", type=float, default=None)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--rules", type=int, default=None, help="the model's rule set (default: the round)")
    a = ap.parse_args()
    rules = a.rules if a.rules is not None else int(a.round)
    out_dir = os.path.join(ROOT, "results/bench/schedule-model-tableau")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "round-%s-%s.csv" % (a.round, a.set))
    if a.set == "replay":
        fields = ["seed", "after", "verdict", "end"]
    else:
        fields = DEAL_FIELDS + ["wall"]
    f, w, done = rows_file(path, fields, a.resume)
    for seed in seeds(a.set):
        if seed in done:
            continue
        if a.set == "replay":
            d = R.solve(seed)
            assert d["verdict"] == "won", (seed, d["verdict"])
            for k, layout, rest in R.positions(d, [60, 150]):
                verdict, end = R.check(layout, rest, rules)
                w.writerow({"seed": seed, "after": k, "verdict": verdict, "end": end})
        else:
            t0 = time.time()
            verdict, rows = M.decide(R.solve_layout(seed), rules, det=a.det, seconds=a.seconds)
            row = deal_row(seed, verdict, rows, t0, a.det)
            row["wall"] = int(any(r[0] == "unknown" and (a.det is None or r[3] < a.det * 0.99) for r in rows))
            w.writerow(row)
        f.flush()
        print(seed, flush=True)


if __name__ == "__main__":
    main()
