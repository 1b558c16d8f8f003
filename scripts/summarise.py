#!/usr/bin/env python3
"""Summarise seed-table CSVs: verdict counts and median / p99 / max of states and seconds."""
import csv
import sys


def pct(values, p):
    values = sorted(values)
    if not values:
        return 0
    k = min(len(values) - 1, max(0, int(round(p / 100 * (len(values) - 1)))))
    return values[k]


for path in sys.argv[1:]:
    rows = list(csv.DictReader(open(path)))
    counts = {v: sum(r["verdict"] == v for r in rows) for v in ("won", "lost", "unknown", "error")}
    states = [int(r["states"]) for r in rows]
    secs = [float(r["seconds"]) for r in rows]
    unverified = sum(r["verdict"] == "won" and r["verified"] != "True" for r in rows)
    print(f"{path}: deals {len(rows)}  won {counts['won']}  lost {counts['lost']}  unknown {counts['unknown']}"
          + (f"  UNVERIFIED WINS {unverified}" if unverified else "")
          + (f"  ERRORS {counts['error']}" if counts["error"] else ""))
    print(f"  states  median {pct(states, 50):>10,}  p99 {pct(states, 99):>10,}  max {max(states, default=0):>10,}")
    print(f"  seconds median {pct(secs, 50):>10.3f}  p99 {pct(secs, 99):>10.3f}  max {max(secs, default=0):>10.3f}")
