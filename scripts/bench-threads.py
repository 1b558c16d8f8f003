#!/usr/bin/env python3
"""Wall time of `patience solve -j N` on a fixed set of deals, each N in turn on every deal
(so the runs of each deal lie in the same minutes), with the verdicts checked against each other.

    scripts/bench-threads.py OUT.csv [--threads 1,2] [--max-states 50000000] [--repeat 1] \
        VARIANT:SEED [VARIANT:SEED ...]

Writes one row per run (variant, seed, threads, repeat, verdict, decided_by, states, wall
seconds) to OUT.csv and prints, per N > 1, the median and quartiles of the per-deal ratios of
wall time (median of the repeats) against the first N, over all deals and over those proven lost.
Exits non-zero if a deal is won with one N and lost with another (the contradiction `-j` must
never produce). Run it on an otherwise idle machine: it measures wall time.
"""
import argparse
import csv
import json
import statistics
import subprocess
import sys
import time


def solve(patience, variant, seed, threads, max_states):
    cmd = [patience, "solve", variant, "--seed", str(seed), "--max-states", str(max_states), "--max-seconds", "0", "-j", str(threads), "--format", "json"]
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.monotonic() - t0
    if p.returncode not in (0, 1, 3):
        sys.exit(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr.strip()}")
    r = json.loads(p.stdout)
    return r["verdict"], r.get("decided_by") or "", r["states"], wall


def quartiles(xs):
    xs = sorted(xs)
    if len(xs) == 1:
        return xs[0], xs[0], xs[0]
    q = statistics.quantiles(xs, n=4, method="inclusive")
    return q[0], statistics.median(xs), q[2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("deals", nargs="+", help="VARIANT:SEED")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--max-states", type=int, default=50_000_000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--patience", default="target/release/patience")
    a = ap.parse_args()
    threads = [int(t) for t in a.threads.split(",")]
    deals = [(d.rsplit(":", 1)[0], int(d.rsplit(":", 1)[1])) for d in a.deals]
    rows = []
    with open(a.out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["variant", "seed", "threads", "repeat", "verdict", "decided_by", "states", "wall_seconds"])
        for rep in range(a.repeat):
            for variant, seed in deals:
                for t in threads:
                    verdict, by, states, wall = solve(a.patience, variant, seed, t, a.max_states)
                    row = (variant, seed, t, rep, verdict, by, states, round(wall, 3))
                    w.writerow(row)
                    f.flush()
                    rows.append(row)
                    print(*row, flush=True)
    bad = 0
    for variant, seed in deals:
        verdicts = {r[4] for r in rows if (r[0], r[1]) == (variant, seed)} - {"unknown"}
        if len(verdicts) > 1:
            print(f"CONTRADICTION: {variant} {seed}: {sorted(verdicts)}")
            bad += 1
    wall = {}
    for r in rows:
        wall.setdefault((r[0], r[1], r[2]), []).append(r[7])
    lost = {(r[0], r[1]) for r in rows if r[4] == "lost"}
    base = threads[0]
    for t in threads[1:]:
        ratios = {d: statistics.median(wall[d + (t,)]) / statistics.median(wall[d + (base,)]) for d in deals}
        for name, keys in [("all deals", deals), ("deals proven lost", [d for d in deals if d in lost])]:
            xs = [ratios[d] for d in keys]
            if xs:
                q1, med, q3 = quartiles(xs)
                print(f"-j {t} / -j {base}, {name} ({len(xs)}): median {med:.3f} (quartiles {q1:.3f}, {q3:.3f})")
            else:
                print(f"-j {t} / -j {base}, {name}: none")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
