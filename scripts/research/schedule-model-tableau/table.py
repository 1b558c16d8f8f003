"""Print the tables of results/bench/schedule-model-tableau.md from the committed rows
(results/bench/schedule-model-tableau/round-ROUND-SET.csv).

  table.py            verdicts and cost per round and set
  table.py --replay   winning lines checked against the model
  table.py --unsat    the seeds each round proved unsatisfiable
  table.py --lines    how the solver's winning lines use the tableau (lines.py)
  table.py --cap      the cap measurement (cap.py; not sound)
  table.py --strict   the strict model's verdicts (strict.py; not sound)
  table.py --long     one opening with a longer limit (long.py)
  table.py --mutate   altered ties the round-3 model must reject (mutate.py)
"""

import csv
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS = os.path.join(HERE, "..", "..", "..", "results", "bench", "schedule-model-tableau")
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from figures_lib import quantile  # noqa: E402


def files(kind):
    out = []
    for p in sorted(glob.glob(os.path.join(ROWS, "round-*-*.csv"))):
        m = re.match(r"round-(.+?)-(.+)\.csv", os.path.basename(p))
        rnd, st = m.group(1), m.group(2)
        if (st == "replay") == (kind == "replay") and os.path.getsize(p) > 0:
            out.append((rnd, st, list(csv.DictReader(open(p)))))
    return out


def verdicts():
    print("| round | set | limit | deals | sat | unsat | unknown | median det | max det | median s | max s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for rnd, st, rows in files("deals"):
        if not rows:
            continue
        n = {v: sum(r["verdict"] == v for r in rows) for v in ("sat", "unsat", "unknown")}
        det = [float(r["det"]) for r in rows]
        wall = [float(r["wall_s"]) for r in rows]
        lim = {r["det_limit"] for r in rows}
        lim = "det %s an opening" % lim.pop() if len(lim) == 1 and "" not in lim else "wall"
        print(
            "| %s | %s | %s | %d | %d | %d | %d | %.2f | %.2f | %.1f | %.1f |"
            % (rnd, st, lim, len(rows), n["sat"], n["unsat"], n["unknown"], quantile(det, 0.5), max(det), quantile(wall, 0.5), max(wall))
        )


def replay():
    print("| round | winning lines (deals) | positions checked | the line satisfies the model | fails |")
    print("|---|---|---|---|---|")
    for rnd, st, rows in files("replay"):
        fails = sorted({"%s@%s" % (r["seed"], r["after"]) for r in rows if r["verdict"] != "sat"})
        print(
            "| %s | %d | %d | %d | %s |"
            % (rnd, len({r["seed"] for r in rows}), len(rows), sum(r["verdict"] == "sat" for r in rows), " ".join(fails) or "–")
        )


def unsat():
    print("| round | set | seeds unsat | seeds not unsat |")
    print("|---|---|---|---|")
    for rnd, st, rows in files("deals"):
        yes = [r["seed"] for r in rows if r["verdict"] == "unsat"]
        no = [r["seed"] for r in rows if r["verdict"] != "unsat"]
        show = lambda xs: " ".join(xs) if len(xs) <= 40 else "%d seeds" % len(xs)  # noqa: E731
        print("| %s | %s | %s | %s |" % (rnd, st, show(yes) or "–", show(no) or "–"))


def lines():
    rows = list(csv.DictReader(open(os.path.join(ROWS, "lines-won.csv"))))
    cols = ["waste_to_tableau", "tableau_to_tableau", "tableau_home", "moves"]
    print("| won lines (lines-won.csv) | " + " | ".join(c.replace("_", " ") for c in cols) + " |")
    print("|---|" + "---|" * len(cols))
    cell = lambda c: "%d / %d / %d" % (  # noqa: E731
        min(int(r[c]) for r in rows), quantile([int(r[c]) for r in rows], 0.5), max(int(r[c]) for r in rows))
    print("| %d (min / median / max) | " % len(rows) + " | ".join(cell(c) for c in cols) + " |")


def cap():
    print("| seed | opening | cap on cards into the tableau | verdict | det | conflicts |")
    print("|---|---|---|---|---|---|")
    for p in sorted(glob.glob(os.path.join(ROWS, "cap-*.csv"))):
        for r in csv.DictReader(open(p)):
            print("| %s | %s | %s | %s | %s | %s |" % (r["seed"], r["opening"], r["cap"], r["verdict"], r["det"], r["conflicts"]))


def strict():
    print("| set | limit | deals | deals unsat | live openings (past the terrace test) | sat | unsat | unknown | median det | max det | median s | max s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for p in sorted(glob.glob(os.path.join(ROWS, "strict-*.csv"))):
        rows = list(csv.DictReader(open(p)))
        if not rows:
            continue
        st = re.match(r"strict-(.+)\.csv", os.path.basename(p)).group(1)
        ran = [v for r in rows for v, g in zip(r["openings"].split(), r["stages"].split()) if g == "strict"]
        n = {v: sum(x == v for x in ran) for v in ("sat", "unsat", "unknown")}
        det = [float(r["det"]) for r in rows]
        wall = [float(r["wall_s"]) for r in rows]
        print(
            "| %s | det %s an opening | %d | %d | %d | %d | %d | %d | %.2f | %.2f | %.1f | %.1f |"
            % (st, rows[0]["det_limit"], len(rows), sum(r["verdict"] == "unsat" for r in rows), len(ran), n["sat"], n["unsat"], n["unknown"], quantile(det, 0.5), max(det), quantile(wall, 0.5), max(wall))
        )



def long():
    print("| model | seed | opening | verdict | det | det limit | conflicts | s |")
    print("|---|---|---|---|---|---|---|---|")
    for r in csv.DictReader(open(os.path.join(ROWS, "long.csv"))):
        print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (r["model"], r["seed"], r["opening"], r["verdict"], r["det"], r["det_limit"], r["conflicts"], r["wall_s"]))


def mutate():
    rows = list(csv.DictReader(open(os.path.join(ROWS, "mutate-3.csv"))))
    print("| won deals | ties altered | rejected (unsat) | accepted |")
    print("|---|---|---|---|")
    ok = [r for r in rows if r["verdict"] != "unsat"]
    print("| %d | %d | %d | %s |" % (len({r["seed"] for r in rows}), len(rows), len(rows) - len(ok),
          " ".join("%s:%s" % (r["seed"], r["card"]) for r in ok) or "–"))


if __name__ == "__main__":
    {"--replay": replay, "--unsat": unsat, "--lines": lines, "--cap": cap, "--strict": strict, "--mutate": mutate, "--long": long}.get(sys.argv[1] if len(sys.argv) > 1 else "", verdicts)()
