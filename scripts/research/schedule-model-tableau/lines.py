"""How the solver's winning lines of generals-patience use the tableau (measurement for the log):
per won deal of 0..999, the moves from the waste (or stock) into the tableau, the moves between
piles (a bottom emptying its pile, or a card with one under it), and the moves home from the
tableau. Writes results/bench/schedule-model-tableau/lines-won.csv."""

import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import replay as R  # noqa: E402
import run  # noqa: E402

out = os.path.join(run.ROOT, "results/bench/schedule-model-tableau/lines-won.csv")
with open(out, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["seed", "moves", "waste_to_tableau", "tableau_to_tableau", "tableau_home", "deals"])
    for seed in run.seeds("replay"):
        mv = R.solve(seed)["moves"]
        k = lambda src, dst: sum(  # noqa: E731
            1 for m in mv if m.get("from", "")[:1] in src and m.get("to", "")[:1] == dst
        )
        w.writerow([seed, len(mv), k("WS", "P"), k("P", "P"), k("P", "F"), sum(1 for m in mv if m.get("deal"))])
