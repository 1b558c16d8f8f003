"""Print the research log's tables from the committed rows results/bench/schedule-model/round-*.csv.

  table.py            one row per (round, set): deals, sat / unsat / unknown, median and max seconds
  table.py --unsat    the seeds each round proved unsatisfiable, per set
  table.py --replay   the replay checks (replay-ROUND-SET.csv): winning lines checked, passed
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


def rounds(measure=False):
    out = []
    for path in sorted(glob.glob(os.path.join(DIR, "round-*.csv"))):
        m = re.match(r"round-(\w+?)-(.+)\.csv", os.path.basename(path))
        if m.group(1).startswith("X") != measure:
            continue
        rows = list(csv.DictReader(open(path)))
        out.append((m.group(1), m.group(2), rows))
    # a round's dev and rest rows together are its all set
    byround = {}
    for rnd, st, rows in out:
        byround.setdefault(rnd, {})[st] = rows
    for rnd, sets in byround.items():
        if "dev" in sets and "rest" in sets:
            out.append((rnd, "all (dev+rest)", sets["dev"] + sets["rest"]))
    order = {"lost": 0, "dev": 1, "won": 2, "rest": 3, "all (dev+rest)": 4}
    out.sort(key=lambda t: (t[0], order.get(t[1], 9), t[1]))
    return out


def measurements():
    """The unsound measurements (rounds named X…): per (name, set), the rules and verdicts."""
    print("| measurement | rules (NOT SOUND) | set | deals | sat | unsat | unknown | median det | max det |")
    print("|---|---|---|---|---|---|---|---|---|")
    for rnd, st, rows in rounds(measure=True):
        cnt = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("sat", "unsat", "unknown")}
        det = [float(r["det"]) for r in rows]
        rules = sorted({r.get("rules", "") for r in rows})
        print(f"| {rnd} | {' '.join(rules)} | {st} | {len(rows)} | {cnt['sat']} | {cnt['unsat']} "
              f"| {cnt['unknown']} | {statistics.median(det):.2f} | {max(det):.2f} |")


def main():
    if "--measure" in sys.argv:
        measurements()
        return
    if "--replay" in sys.argv:
        print("| round | set | winning lines | the line satisfies the model | fails | culprits |")
        print("|---|---|---|---|---|---|")
        for path in sorted(glob.glob(os.path.join(DIR, "replay-*.csv"))):
            m = re.match(r"replay-(\w+?)-(.+)\.csv", os.path.basename(path))
            rows = list(csv.DictReader(open(path)))
            ok = sum(1 for r in rows if r["status"] in ("OPTIMAL", "FEASIBLE"))
            bad = [r for r in rows if r["status"] == "INFEASIBLE"]
            cul = " ".join(f"{r['seed']}:{r['culprits']}" for r in bad) or "–"
            print(f"| {m.group(1)} | {m.group(2)} | {len(rows)} | {ok} | {len(bad)} | {cul} |")
        return
    if "--lines" in sys.argv:
        print("| won lines (lines-won.csv) | parks | parks in pass 0 / 1 / 2 | parks carried past their pass | last pass-0 park slot |")
        print("|---|---|---|---|---|")
        rows = list(csv.DictReader(open(os.path.join(DIR, "lines-won.csv"))))
        def mm(xs):
            return f"{min(xs)} / {statistics.median(xs):g} / {max(xs)}"
        parks = [int(r["parks"]) for r in rows]
        by = [list(map(int, r["parks_by_pass"].split("/"))) for r in rows]
        car = [int(r["carried"]) for r in rows]
        last = [int(r["last_pass0_slot"]) for r in rows]
        print(f"| {len(rows)} (min / median / max) | {mm(parks)} | "
              + " ; ".join(mm([b[p] for b in by]) for p in range(3))
              + f" | {mm(car)} ({sum(car)} of {sum(parks)}) | {mm(last)} |")
        return
    if "--won" in sys.argv:
        print("| round | set | seeds whose returned schedule sim.py realises (a real winning line) |")
        print("|---|---|---|")
        allwon, allunsat = set(), set()
        for rnd, st, rows in rounds():
            seeds = [r["seed"] for r in rows if r.get("realised") == "won"]
            allwon |= {int(x) for x in seeds}
            allunsat |= {int(r["seed"]) for r in rows if r["verdict"] == "unsat"}
            if any(r.get("realised") for r in rows):
                print(f"| {rnd} | {st} | {' '.join(seeds) or '–'} |")
        print(f"| any | any | {len(allwon)}: {' '.join(map(str, sorted(allwon)))} |")
        both = allwon & allunsat
        print(f"\nDeals both realised won and unsat in some round (a soundness bug if any): "
              f"{' '.join(map(str, sorted(both))) or 'none'}.")
        return
    if "--refused" in sys.argv:
        print("| round | set | first event the rules refuse (sat deals not realised) | deals |")
        print("|---|---|---|---|")
        for rnd, st, rows in rounds():
            kinds = {}
            for r in rows:
                if r.get("realised") and r["realised"] != "won":
                    kinds.setdefault(r["realised"], []).append(r["seed"])
            for k, v in sorted(kinds.items()):
                print(f"| {rnd} | {st} | {k} | {len(v)}: {' '.join(v)} |")
        return
    if "--unsat" in sys.argv:
        print("| round | set | seeds unsat |")
        print("|---|---|---|")
        proved = set()
        for rnd, st, rows in rounds():
            seeds = [r["seed"] for r in rows if r["verdict"] == "unsat"]
            print(f"| {rnd} | {st} | {' '.join(seeds) or '–'} |")
            if rnd not in ("2", "3") and st != "lost":  # rounds 2–3 had the unsound N''
                proved |= {int(x) for x in seeds}
        print(f"| 1, 4–7 (sound) | any | {len(proved)}: {' '.join(map(str, sorted(proved)))} |")
        return
    print("| round | set | limit | deals | sat | (realised: won) | unsat | unknown | median s | max s | median det | max det |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for rnd, st, rows in rounds():
        secs = [float(r["seconds"]) for r in rows]
        cnt = {v: sum(1 for r in rows if r["verdict"] == v) for v in ("sat", "unsat", "unknown")}
        med = statistics.median(secs) if secs else 0
        mx = max(secs) if secs else 0
        det = [float(r["det"]) for r in rows]
        dmed = statistics.median(det) if det else 0
        dmx = max(det) if det else 0
        won = (sum(1 for r in rows if r.get("realised") == "won")
               if any(r.get("realised") for r in rows) else "–")
        lim = sorted({r.get("det_limit") or "" for r in rows})
        lim = " ".join(f"det {x}" if x else "wall only" for x in lim)
        print(
            f"| {rnd} | {st} | {lim} | {len(rows)} | {cnt['sat']} | {won} | {cnt['unsat']} | {cnt['unknown']} "
            f"| {med:.1f} | {mx:.1f} | {dmed:.2f} | {dmx:.2f} |"
        )


if __name__ == "__main__":
    main()
