#!/usr/bin/env python3
"""The research log's table for studies in OUT/<variant> (scripts/decide-log.sh makes them).

    scripts/decide-table.py OUT variant... [--base BASE] [--seeds A..B]

Per variant: deals, won, lost, unknown, the decided share, CPU seconds per deal (median, p99,
max; the `micros` column) and, where the rows have it, how many deals each phase decided
(`decided_by`). With --base (the same variants and seeds by another build): the won and
decided ratios and the median and p99 CPU ratios against it, and every deal whose verdict
flipped between won and lost (which must never happen: one of the two is wrong). With --seeds:
only the deals of seeds A..B-1 (e.g. the seeds a choice was not made on)."""
import csv
import os
import sys
from collections import Counter


SEEDS = None


def rows(folder):
    with open(os.path.join(folder, "deals.csv")) as f:
        return {int(r["seed"]): r for r in csv.DictReader(f) if SEEDS is None or int(r["seed"]) in SEEDS}


def quantile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))] if xs else 0.0


def stats(rs):
    c = Counter(r["outcome"] for r in rs.values())
    secs = [int(r["micros"]) / 1e6 for r in rs.values()]
    by = Counter(r.get("decided_by", "") for r in rs.values() if r["outcome"] != "unknown")
    return c, secs, by


def main():
    args = sys.argv[1:]
    base = None
    if "--base" in args:
        i = args.index("--base")
        base = args[i + 1]
        del args[i : i + 2]
    if "--seeds" in args:
        global SEEDS
        i = args.index("--seeds")
        a, b = args[i + 1].split("..")
        SEEDS = range(int(a), int(b))
        del args[i : i + 2]
    out, variants = args[0], args[1:]
    head = "| variant | deals | won | lost | unknown | decided | CPU s/deal median | p99 | max | decided by |"
    rule = "|---|---|---|---|---|---|---|---|---|---|"
    if base:
        head += " won ratio | decided ratio | median CPU ratio | p99 CPU ratio | flips |"
        rule += "---|---|---|---|---|"
    print(head)
    print(rule)
    flips_total = 0
    for v in variants:
        path = os.path.join(out, v)
        if not os.path.exists(os.path.join(path, "deals.csv")):
            continue
        rs = rows(path)
        c, secs, by = stats(rs)
        n = len(rs)
        dec = c["won"] + c["lost"]
        by_text = ", ".join(f"{k} {n_}" for k, n_ in sorted(by.items()) if k) or "-"
        line = (f"| {v} | {n} | {c['won']} | {c['lost']} | {c['unknown']} | {100 * dec / n:.1f}% | "
                f"{quantile(secs, 0.5):.3f} | {quantile(secs, 0.99):.2f} | {max(secs):.2f} | {by_text} |")
        if base:
            b = rows(os.path.join(base, v))
            common = sorted(set(b) & set(rs))
            bc, bsecs, _ = stats({s: b[s] for s in common})
            c2, secs2, _ = stats({s: rs[s] for s in common})
            ratio = lambda a, b_: f"{a / b_:.2f}" if b_ else ("∞" if a else "-")
            flips = [s for s in common if {rs[s]["outcome"], b[s]["outcome"]} == {"won", "lost"}]
            flips_total += len(flips)
            line += (f" {ratio(c2['won'], bc['won'])} | {ratio(c2['won'] + c2['lost'], bc['won'] + bc['lost'])} | "
                     f"{ratio(quantile(secs2, 0.5), quantile(bsecs, 0.5))} | {ratio(quantile(secs2, 0.99), quantile(bsecs, 0.99))} | "
                     f"{' '.join(map(str, flips)) or 0} |")
        print(line)
    if flips_total:
        print(f"\n{flips_total} deals flipped between won and lost", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
