"""A measurement, NOT SOUND (it proves nothing lost): the round-2 model of one opening with at most
CAP cards leaving the waste into the tableau, to see how much tableau play any solution of the
relaxation needs. One row per cap in results/bench/schedule-model-tableau/cap-SEED-OPENING.csv.

  cap.py SEED OPENING CAP [CAP ...] [--det D]
"""

import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import model as M  # noqa: E402
import replay as R  # noqa: E402
import run  # noqa: E402

args = sys.argv[1:]
det = 5.0
if "--det" in args:
    i = args.index("--det")
    det = float(args[i + 1])
    del args[i : i + 2]
seed, opening, caps = int(args[0]), int(args[1]), [int(a) for a in args[2:]]
layout = M.openings(R.solve_layout(seed))[opening]
path = os.path.join(run.ROOT, "results/bench/schedule-model-tableau/cap-%d-%d.csv" % (seed, opening))
with open(path, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["seed", "opening", "cap", "verdict", "det", "det_limit", "conflicts"])
    for cap in caps:
        model = M.Model(layout, 2)
        model.m.Add(sum(model.tab[c] for c in model.queue) <= cap)
        verdict, s = model.solve(det=det, seconds=300)
        w.writerow([seed, opening, cap, verdict, round(s.deterministic_time, 2), det, s.num_conflicts])
        f.flush()
