"""Print the research log's tables from the committed rows results/bench/schedule-model/round-*.csv.

  table.py            one row per (round, set): deals, sat / unsat / unknown, median and max seconds
  table.py --unsat    the seeds each round proved unsatisfiable, per set
"""

import csv
import glob
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
DIR = os.path.join(ROOT, "results/bench/schedule-model")


def rounds():
    out = []
    for path in sorted(glob.glob(os.path.join(DIR, "round-*.csv"))):
        m = re.match(r"round-(\w+?)-(.+)\.csv", os.path.basename(path))
        rows = list(csv.DictReader(open(path)))
        out.append((m.group(1), m.group(2), rows))
    order = {"lost": 0, "dev": 1, "won": 2, "all": 3}
    out.sort(key=lambda t: (t[0], order.get(t[1], 9), t[1]))
    return out


def main():
    if "--unsat" in sys.argv:
        print("| round | set | seeds unsat |")
        print("|---|---|---|")
        for rnd, st, rows in rounds():
            seeds = [r["seed"] for r in rows if r["verdict"] == "unsat"]
            print(f"| {rnd} | {st} | {' '.join(seeds) or '–'} |")
        return
    print("| round | set | deals | sat | unsat | unknown | median s | max s |")
    print("|---|---|---|---|---|---|---|---|")
    for rnd, st, rows in rounds():
        secs = [float(r["seconds"]) for r in rows]
        cnt = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("sat", "unsat", "unknown")}
        med = statistics.median(secs) if secs else 0
        mx = max(secs) if secs else 0
        print(
            f"| {rnd} | {st} | {len(rows)} | {cnt['sat']} | {cnt['unsat']} | {cnt['unknown']} "
            f"| {med:.1f} | {mx:.1f} |"
        )


if __name__ == "__main__":
    main()
