#!/usr/bin/env python3
"""Summary of a SAT gate run (scripts/sat-gate.sh): rows per machine, decided, CPU seconds.

    scripts/sat-gate-table.py results/bench/sat-gate [--need N]

--need N: the gate's set size; says whether the rows already settle the gate (at least half
decided within the limit, or more than half left undecided)."""
import csv, os, statistics, sys

def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")

def main():
    d = sys.argv[1]
    need = int(sys.argv[sys.argv.index("--need") + 1]) if "--need" in sys.argv else None
    cols = "seed verdict phase horizon vars clauses conflicts decisions propagations cpu_s moves host".split()
    rows = []
    for f in os.listdir(os.path.join(d, "rows")):
        if f.endswith(".csv"):
            with open(os.path.join(d, "rows", f)) as fh:
                rows += [dict(zip(cols, r)) for r in csv.reader(fh)]
    rows.sort(key=lambda r: int(r["seed"]))
    # Rows of seeds listed in device-seeds.txt ran on the lent 16-core machine, the others here.
    dev = os.path.join(d, "device-seeds.txt")
    if os.path.exists(dev):
        on_device = set(open(dev).read().split())
        for r in rows:
            r["host"] = "device (16 cores)" if r["seed"] in on_device else "this machine (2 cores)"
    print(f"| machine | deals | won | lost | unknown | CPU s median | p90 | max |")
    print(f"|---|---|---|---|---|---|---|---|")
    for host in sorted({r["host"] for r in rows}) + ["all"]:
        rs = [r for r in rows if host in ("all", r["host"])]
        cpu = [float(r["cpu_s"]) for r in rs]
        n = lambda v: sum(r["verdict"] == v for r in rs)
        print(f"| {host} | {len(rs)} | {n('won')} | {n('lost')} | {n('unknown')} | "
              f"{statistics.median(cpu):.1f} | {pct(cpu, 0.9):.1f} | {max(cpu):.1f} |")
    decided = sum(r["verdict"] in ("won", "lost") and float(r["cpu_s"]) <= 120 for r in rows)
    undecided = len(rows) - decided
    conflicts = sorted({int(r["conflicts"]) for r in rows})
    print(f"\nconflicts per deal: {conflicts[0]}..{conflicts[-1]}; decided within 120 CPU s: {decided} of {len(rows)}")
    if need:
        half = (need + 1) // 2
        if decided >= half:
            print(f"gate passed: {decided} >= {half} of {need}")
        elif undecided > need - half:
            print(f"gate failed: {undecided} of {need} undecided, so at most {need - undecided} < {half} can be decided")
        else:
            print(f"gate open: {decided} decided, {undecided} undecided, {need - len(rows)} not run")

main()
