#!/usr/bin/env python3
"""Summarise seed-table CSVs: verdict counts and median / p99 / max of states and seconds.

    scripts/summarise.py FILE.csv...             one block of text per file
    scripts/summarise.py --markdown FILE.csv...  one markdown table row per file
"""
import csv
import os
import sys


def pct(values, p):
    values = sorted(values)
    if not values:
        return 0
    k = min(len(values) - 1, max(0, int(round(p / 100 * (len(values) - 1)))))
    return values[k]


def summary(path):
    rows = list(csv.DictReader(open(path)))
    counts = {v: sum(r["verdict"] == v for r in rows) for v in ("won", "lost", "unknown", "error")}
    states = [int(r["states"]) for r in rows]
    secs = [float(r["seconds"]) for r in rows]
    unverified = sum(r["verdict"] == "won" and r["verified"] != "True" for r in rows)
    return rows, counts, states, secs, unverified


markdown = sys.argv[1:2] == ["--markdown"]
paths = sys.argv[2:] if markdown else sys.argv[1:]
if markdown:
    print("| table | deals | won | lost | unknown | states: median | p99 | max | seconds: median | p99 | max |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
for path in paths:
    rows, counts, states, secs, unverified = summary(path)
    if markdown:
        name = os.path.basename(path).removesuffix(".csv")
        print(f"| {name} | {len(rows)} | {counts['won']} | {counts['lost']} | {counts['unknown']} | "
              f"{pct(states, 50):,} | {pct(states, 99):,} | {max(states, default=0):,} | "
              f"{pct(secs, 50):.3f} | {pct(secs, 99):.3f} | {max(secs, default=0):.3f} |")
        continue
    print(f"{path}: deals {len(rows)}  won {counts['won']}  lost {counts['lost']}  unknown {counts['unknown']}"
          + (f"  UNVERIFIED WINS {unverified}" if unverified else "")
          + (f"  ERRORS {counts['error']}" if counts["error"] else ""))
    print(f"  states  median {pct(states, 50):>10,}  p99 {pct(states, 99):>10,}  max {max(states, default=0):>10,}")
    print(f"  seconds median {pct(secs, 50):>10.3f}  p99 {pct(secs, 99):>10.3f}  max {max(secs, default=0):>10.3f}")
